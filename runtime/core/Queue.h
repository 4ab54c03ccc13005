// Command queues: properties, and the ordering rules that give each new command its implicit
// dependencies (in-order: the previous command; out-of-order: barriers).
#pragma once

#include "runtime/core/Context.h"
#include "runtime/core/Event.h"

#include <mutex>
#include <vector>

namespace weft {

class Queue : public Object {
public:
  Queue(Context &C, Device &D, cl_command_queue_properties Properties,
        std::vector<cl_queue_properties> PropertiesArray);
  ~Queue() override;

  Context &context() const { return *Ctx; }
  Device &device() const { return *Dev; }
  cl_command_queue_properties properties() const { return Properties; }
  bool outOfOrder() const { return Properties & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE; }
  bool profiling() const { return Properties & CL_QUEUE_PROFILING_ENABLE; }
  /// As given to clCreateCommandQueueWithProperties (with its 0), or empty.
  const std::vector<cl_queue_properties> &propertiesArray() const { return PropertiesArray; }

  /// How a command orders against the others in its queue.
  enum class Ordering {
    Command, ///< waits for its wait list (and, in-order, the previous command)
    Marker,  ///< with no wait list, waits for every earlier command
    Barrier, ///< like Marker, and every later command waits for it
  };
  /// Appends E to the queue and returns the earlier commands it must also wait for.
  std::vector<Ref<Event>> link(Event &E, Ordering How, bool HasWaitList);
  /// Called once E is terminal: it no longer orders anything.
  void finished(Event &E);
  /// The commands not yet finished, oldest first (what clFinish waits for).
  std::vector<Ref<Event>> unfinished();

private:
  Ref<Context> Ctx;
  Ref<Device> Dev;
  cl_command_queue_properties Properties;
  std::vector<cl_queue_properties> PropertiesArray;
  std::mutex Lock;
  Event *Head = nullptr, *Tail = nullptr; // unfinished commands, each holding one reference
  Ref<Event> LastBarrier;                 // out-of-order: the barrier later commands wait for
};

} // namespace weft
