// Events: status transitions, callbacks, waiting, profiling stamps, dependents.
#include "runtime/core/Event.h"

#include "runtime/core/Clock.h"
#include "runtime/core/Context.h"
#include "runtime/core/Diagnostics.h"
#include "runtime/core/Queue.h"

#include <chrono>
#include <thread>

namespace weft {

Event::Event(Context &C, Queue *Queue, cl_command_type Type)
    : Object(ObjectType::Event), Ctx(&C), Q(Queue), Type(Type),
      Profiled(Queue && Queue->profiling()), Status(Queue ? CL_QUEUED : CL_SUBMITTED) {
  if (stamped())
    Times.Queued = stamp();
}

Event::~Event() = default;

uint64_t Event::stamp() const { return Profiled ? hostTimeNs() : trace::now(); }

ProfilingTimes Event::times() const {
  std::lock_guard Guard(Lock);
  return Times;
}

bool Event::setStatus(cl_int NewStatus) {
  std::vector<Callback> Due;
  std::vector<Ref<Event>> Released;
  bool Terminal = NewStatus <= CL_COMPLETE;
  {
    std::lock_guard Guard(Lock);
    cl_int Old = Status.load(std::memory_order_relaxed);
    if (Old <= CL_COMPLETE || NewStatus >= Old)
      return false;
    if (stamped()) {
      // A command may skip states (a marker goes from queued to complete): every stamp it
      // passes is set, so the five timestamps are always ordered.
      uint64_t Now = stamp();
      if (Old > CL_SUBMITTED && NewStatus <= CL_SUBMITTED)
        Times.Submit = Now;
      if (Old > CL_RUNNING && NewStatus <= CL_RUNNING)
        Times.Start = Now;
      if (Terminal)
        Times.End = Times.Complete = Now;
    }
    Status.store(NewStatus, std::memory_order_release);
    // Callbacks whose trigger status has now been reached, in registration order.
    auto Keep = Callbacks.begin();
    for (Callback &C : Callbacks) {
      if (Terminal || C.Trigger >= NewStatus)
        Due.push_back(std::move(C));
      else
        *Keep++ = std::move(C);
    }
    Callbacks.erase(Keep, Callbacks.end());
    if (Terminal)
      Released.swap(Dependents);
  }
  // The timeline's slices of a command (its stamps are final now; Queue::enqueue named it).
  if (Terminal && Q && trace::on())
    try {
      trace::slice("command", TraceName, Times.Start, Times.End, trace::queueTrack(Q.get(), false),
                   trace::Args(trace::ArgsForm::Status, uint64_t(int64_t(NewStatus))), Profiled);
      if (Times.Start > Times.Queued)
        trace::slice("waiting", TraceName, Times.Queued, Times.Start, trace::queueTrack(Q.get(), true),
                     trace::Args(trace::ArgsForm::Submitted, Times.Submit), Profiled);
    } catch (...) {
    }
  // Outside the lock: callbacks may call back into Weft.
  for (Callback &C : Due)
    C.Fn(NewStatus < 0 ? NewStatus : C.Trigger);
  if (Terminal) {
    {
      std::lock_guard Guard(Lock);
      Settled = true;
    }
    TerminalReached.notify_all();
    if (Q)
      Q->finished(*this);
    for (Ref<Event> &D : Released)
      if (D->dependencyDone(NewStatus))
        dispatch(std::move(D));
  }
  return true;
}

void Event::addCallback(cl_int Trigger, std::function<void(cl_int)> Fn) {
  cl_int Now;
  {
    std::lock_guard Guard(Lock);
    Now = Status.load(std::memory_order_relaxed);
    if (Now > Trigger && Now > CL_COMPLETE) {
      Callbacks.push_back({Trigger, std::move(Fn)});
      return;
    }
  }
  Fn(Now < 0 ? Now : Trigger);
}

cl_int Event::wait() {
  // Most commands on a CPU finish within microseconds: spin briefly before sleeping, which
  // saves the futex wake-up on the common path. Briefly in time, not in turns: a waiting host
  // thread that yields for long takes a core from the kernel it waits for whenever the device's
  // workers fill the machine.
  if (Settled.load(std::memory_order_acquire))
    return status(); // the common case of a finished command: no clock read
  const auto Until = std::chrono::steady_clock::now() + std::chrono::microseconds(20);
  for (int Spin = 0;; ++Spin) {
    if (Settled.load(std::memory_order_acquire))
      return status();
    if (Spin % 64 == 63 && std::chrono::steady_clock::now() > Until)
      break;
    std::this_thread::yield();
  }
  std::unique_lock Guard(Lock);
  TerminalReached.wait(Guard, [&] { return Settled.load(std::memory_order_relaxed); });
  return status();
}

bool Event::addDependent(Event *Dependent) {
  std::lock_guard Guard(Lock);
  if (Status.load(std::memory_order_relaxed) <= CL_COMPLETE)
    return false;
  Dependents.emplace_back(Dependent);
  return true;
}

CommandRun::CommandRun(Ref<Event> E) : E(std::move(E)) {}
CommandRun::CommandRun(const CommandRun &) = default;
CommandRun::CommandRun(CommandRun &&) noexcept = default;
CommandRun &CommandRun::operator=(CommandRun Other) noexcept {
  std::swap(E, Other.E);
  return *this;
}
CommandRun::~CommandRun() = default;

Command &CommandRun::command() const { return *E->Work; }

void CommandRun::started() const { E->setStatus(CL_RUNNING); }

void CommandRun::ended(Status S) const {
  E->Work.reset(); // drops the buffers it kept alive before dependents see completion
  // A command that failed while it ran is an error in its context, which the context's
  // pfn_notify hears of (a failed check's report, memory that ran out).
  if (!S)
    E->context().notify(cat("command failed: ", errorName(S.error().code()), ": ", S.error().reason()));
  E->setStatus(S ? CL_COMPLETE : S.error().code());
}

} // namespace weft
