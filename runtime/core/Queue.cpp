// Command queues: in-order and out-of-order ordering rules, and the list clFinish waits on.
#include "runtime/core/Queue.h"

namespace weft {

Queue::Queue(Context &C, Device &D, cl_command_queue_properties Properties,
             std::vector<cl_queue_properties> PropertiesArray)
    : Object(ObjectType::Queue), Ctx(&C), Dev(&D), Properties(Properties),
      PropertiesArray(std::move(PropertiesArray)) {}

Queue::~Queue() = default;

std::vector<Ref<Event>> Queue::link(Event &E, Ordering How, bool HasWaitList) {
  std::vector<Ref<Event>> Deps;
  // A command leaves the list only after its callbacks ran and its waiters woke (clFinish waits
  // for those), so the list may hold commands that have ended. They are no dependency: a failure
  // reaches the commands enqueued before it ended, never one enqueued after (by a thread its
  // wait woke), however soon.
  auto After = [&](Event *P) {
    if (!P->isTerminal())
      Deps.emplace_back(P);
  };
  std::lock_guard Guard(Lock);
  if (!outOfOrder()) {
    // In order: after the previous command, whatever its kind (commands end in order, so the
    // tail is the previous command, and if it has ended so have all before it).
    if (Tail)
      After(Tail);
  } else if ((How == Ordering::Marker || How == Ordering::Barrier) && !HasWaitList) {
    // "If event_wait_list is NULL, then this particular command waits until all previous
    // enqueued commands to command_queue have completed."
    for (Event *P = Head; P; P = P->QueueNext)
      After(P);
  } else if (LastBarrier) {
    // "any following commands enqueued after it do not execute until it completes"
    After(LastBarrier.get());
  }
  if (How == Ordering::Barrier && outOfOrder())
    LastBarrier = Ref<Event>(&E);
  E.retain();
  E.QueuePrev = Tail;
  E.QueueNext = nullptr;
  (Tail ? Tail->QueueNext : Head) = &E;
  Tail = &E;
  return Deps;
}

void Queue::finished(Event &E) {
  Ref<Event> Dropped; // released after the lock
  {
    std::lock_guard Guard(Lock);
    (E.QueuePrev ? E.QueuePrev->QueueNext : Head) = E.QueueNext;
    (E.QueueNext ? E.QueueNext->QueuePrev : Tail) = E.QueuePrev;
    E.QueuePrev = E.QueueNext = nullptr;
    if (LastBarrier.get() == &E)
      Dropped = std::move(LastBarrier);
  }
  E.release(); // the list's reference
}

std::vector<Ref<Event>> Queue::unfinished() {
  std::vector<Ref<Event>> All;
  std::lock_guard Guard(Lock);
  for (Event *P = Head; P; P = P->QueueNext)
    All.emplace_back(P);
  return All;
}

} // namespace weft
