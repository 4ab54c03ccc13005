// Events: the status machine of one command (or a user event), its callbacks, waiters, profiling
// stamps, and the dependents that wait for it.
#pragma once

#include "runtime/core/Command.h"
#include "runtime/core/Context.h"
#include "runtime/core/Trace.h"

#include <CL/cl.h>

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace weft {

class Queue;

struct ProfilingTimes {
  uint64_t Queued = 0, Submit = 0, Start = 0, End = 0, Complete = 0;
};

class Event : public Object {
public:
  /// A command's event (Q non-null) or a user event (Q null, starts CL_SUBMITTED).
  Event(Context &C, Queue *Q, cl_command_type Type);
  ~Event() override;

  Context &context() const { return *Ctx; }
  Queue *queue() const { return Q.get(); }
  cl_command_type commandType() const { return Type; }
  bool isUserEvent() const { return !Q; }
  bool isProfiled() const { return Profiled; }
  /// CL_QUEUED, CL_SUBMITTED, CL_RUNNING, CL_COMPLETE or a negative error.
  cl_int status() const { return Status.load(std::memory_order_acquire); }
  bool isTerminal() const { return status() <= CL_COMPLETE; }
  /// The timestamps; meaningful once the event is CL_COMPLETE on a profiling queue.
  ProfilingTimes times() const;

  /// Moves to a later status: CL_SUBMITTED, CL_RUNNING, then CL_COMPLETE or a negative error
  /// (terminal). Runs the callbacks the new status reaches, wakes waiters and releases
  /// dependents, all without holding the event's lock. A transition that is not later than the
  /// current status is ignored; returns whether this call made it.
  bool setStatus(cl_int NewStatus);

  /// Registers a callback for CL_SUBMITTED, CL_RUNNING or CL_COMPLETE. If that status was already
  /// reached, the callback runs now, on this thread. Each callback runs exactly once, with the
  /// status the event had when it ran (a negative error for a terminated command).
  void addCallback(cl_int Trigger, std::function<void(cl_int)> Callback);

  /// Blocks until the event is terminal; returns its final status.
  cl_int wait();

  // --- Dependencies, wired by Queue::enqueue -----------------------------------------------
  /// Records that Dependent waits for this event. Returns false (and records nothing) if this
  /// event is already terminal; the caller then resolves the dependency itself.
  bool addDependent(Event *Dependent);
  /// One of this event's dependencies ended with FinalStatus; true when it was the last, and the
  /// command is ready (dispatch, runtime/core/Queue.h).
  bool dependencyDone(cl_int FinalStatus) {
    if (FinalStatus < 0)
      DependencyFailed.store(true, std::memory_order_relaxed);
    return PendingDependencies.fetch_sub(1, std::memory_order_acq_rel) == 1;
  }

  /// The command this event stands for (empty for user events and after it has run).
  std::unique_ptr<Command> Work;
  /// The command's name on the timeline (runtime/core/Trace.h); set only while it is on.
  std::string TraceName;
  /// Unresolved dependencies plus one guard Queue::enqueue holds while wiring them.
  std::atomic<int> PendingDependencies{1};
  /// Set when a dependency ended with an error: the command is not run.
  std::atomic<bool> DependencyFailed{false};

  // Intrusive list of a queue's unfinished commands; guarded by the queue's lock.
  Event *QueuePrev = nullptr, *QueueNext = nullptr;

private:
  struct Callback {
    cl_int Trigger;
    std::function<void(cl_int)> Fn;
  };

  Ref<Context> Ctx;
  Ref<Queue> Q;
  cl_command_type Type;
  bool Profiled;
  /// Times are kept: profiled, or a command while the timeline is on.
  bool stamped() const { return Profiled || (Q && trace::on()); }
  /// A time for Times: profiling's nanoseconds, or the timeline's cheaper ticks when only it
  /// reads them.
  uint64_t stamp() const;
  std::atomic<cl_int> Status;
  /// Set once the terminal status's callbacks have run: waiters return only then, so that after
  /// clFinish or clWaitForEvents every CL_COMPLETE callback has been called.
  std::atomic<bool> Settled{false};
  mutable std::mutex Lock;
  std::condition_variable TerminalReached;
  ProfilingTimes Times;
  std::vector<Callback> Callbacks;
  std::vector<Ref<Event>> Dependents;
};

} // namespace weft
