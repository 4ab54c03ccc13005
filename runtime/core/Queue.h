// Command queues: properties, the ordering rules that give each new command its implicit
// dependencies (in-order: the previous command; out-of-order: barriers), and the hand-off of
// ready commands to the device.
#pragma once

#include "runtime/core/Context.h"
#include "runtime/core/Event.h"

#include <mutex>
#include <span>
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
  /// Enqueues Work as a command of Type (CL_EVENT_COMMAND_TYPE) and returns its event. The
  /// command waits for WaitList (events of this queue's context) and for what the queue's order
  /// adds (How); once all of them are complete it goes to the device (dispatch). If one ends
  /// with an error, the command does not run and its event gets
  /// CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST.
  Ref<Event> enqueue(cl_command_type Type, std::unique_ptr<Command> Work,
                     std::span<Event *const> WaitList,
                     Ordering How = Ordering::Command);
  /// Called once E is terminal: it no longer orders anything.
  void finished(Event &E);
  /// The commands not yet finished, oldest first (what clFinish waits for).
  std::vector<Ref<Event>> unfinished();

private:
  /// Appends E to the queue and returns the earlier commands it must also wait for.
  std::vector<Ref<Event>> link(Event &E, Ordering How, bool HasWaitList);

  Ref<Context> Ctx;
  Ref<Device> Dev;
  cl_command_queue_properties Properties;
  std::vector<cl_queue_properties> PropertiesArray;
  std::mutex Lock;
  Event *Head = nullptr, *Tail = nullptr; // unfinished commands, each holding one reference
  Ref<Event> LastBarrier;                 // out-of-order: the barrier later commands wait for
};

/// Hands a command whose dependencies have all ended to its queue's device (Device::submit), or
/// ends it at once with CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST if one of them failed. The
/// commands that then fail in turn end after it, not inside it: a chain of failing commands of any
/// length does not nest a frame per command (a device that runs commands on the calling thread
/// does the same for those).
void dispatch(Ref<Event> E);

} // namespace weft
