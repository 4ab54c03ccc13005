// Command queues: in-order and out-of-order ordering rules, the list clFinish waits on, and the
// dependencies that hold a command back until it goes to the device.
#include "runtime/core/Queue.h"

#include "runtime/core/Trace.h"

namespace weft {
namespace {

/// A command's name on the timeline: its type, and a kernel's name.
std::string commandName(cl_command_type Type, const Command *Work) {
  const char *Name = "command";
  switch (Type) {
  case CL_COMMAND_NDRANGE_KERNEL: Name = "NDRangeKernel"; break;
  case CL_COMMAND_TASK: Name = "Task"; break;
  case CL_COMMAND_NATIVE_KERNEL: Name = "NativeKernel"; break;
  case CL_COMMAND_READ_BUFFER: Name = "ReadBuffer"; break;
  case CL_COMMAND_WRITE_BUFFER: Name = "WriteBuffer"; break;
  case CL_COMMAND_COPY_BUFFER: Name = "CopyBuffer"; break;
  case CL_COMMAND_READ_IMAGE: Name = "ReadImage"; break;
  case CL_COMMAND_WRITE_IMAGE: Name = "WriteImage"; break;
  case CL_COMMAND_COPY_IMAGE: Name = "CopyImage"; break;
  case CL_COMMAND_COPY_IMAGE_TO_BUFFER: Name = "CopyImageToBuffer"; break;
  case CL_COMMAND_COPY_BUFFER_TO_IMAGE: Name = "CopyBufferToImage"; break;
  case CL_COMMAND_MAP_BUFFER: Name = "MapBuffer"; break;
  case CL_COMMAND_MAP_IMAGE: Name = "MapImage"; break;
  case CL_COMMAND_UNMAP_MEM_OBJECT: Name = "UnmapMemObject"; break;
  case CL_COMMAND_MARKER: Name = "Marker"; break;
  case CL_COMMAND_READ_BUFFER_RECT: Name = "ReadBufferRect"; break;
  case CL_COMMAND_WRITE_BUFFER_RECT: Name = "WriteBufferRect"; break;
  case CL_COMMAND_COPY_BUFFER_RECT: Name = "CopyBufferRect"; break;
  case CL_COMMAND_BARRIER: Name = "Barrier"; break;
  case CL_COMMAND_MIGRATE_MEM_OBJECTS: Name = "MigrateMemObjects"; break;
  case CL_COMMAND_FILL_BUFFER: Name = "FillBuffer"; break;
  case CL_COMMAND_FILL_IMAGE: Name = "FillImage"; break;
  case CL_COMMAND_SVM_FREE: Name = "SVMFree"; break;
  case CL_COMMAND_SVM_MEMCPY: Name = "SVMMemcpy"; break;
  case CL_COMMAND_SVM_MEMFILL: Name = "SVMMemFill"; break;
  case CL_COMMAND_SVM_MAP: Name = "SVMMap"; break;
  case CL_COMMAND_SVM_UNMAP: Name = "SVMUnmap"; break;
  case CL_COMMAND_SVM_MIGRATE_MEM: Name = "SVMMigrateMem"; break;
  }
  std::string Out = Name;
  if (Work)
    if (auto *N = std::get_if<NDRangeCommand>(&Work->What); N && N->Name)
      Out += " " + *N->Name;
  return Out;
}

} // namespace

Queue::Queue(Context &C, Device &D, cl_command_queue_properties Properties,
             std::vector<cl_queue_properties> PropertiesArray)
    : Object(ObjectType::Queue), Ctx(&C), Dev(&D), Properties(Properties),
      PropertiesArray(std::move(PropertiesArray)) {}

Queue::~Queue() = default;

Ref<Event> Queue::enqueue(cl_command_type Type, std::unique_ptr<Command> Work,
                          std::span<Event *const> WaitList, Ordering How) {
  // One reference for the application's handle (kept or dropped by the caller), one for E.
  Ref<Event> E(new Event(*Ctx, this, Type));
  if (trace::on())
    E->TraceName = commandName(Type, Work.get());
  E->Work = std::move(Work);
  std::vector<Ref<Event>> Implicit = link(*E, How, !WaitList.empty());
  // The guard reference (PendingDependencies starts at 1) keeps the command from running until
  // every dependency is wired.
  E->PendingDependencies.fetch_add(int(Implicit.size() + WaitList.size()));
  // A dependency that has already ended is resolved here; the guard keeps the count above 0.
  auto Wire = [&](Event *D) {
    if (!D->addDependent(E.get()))
      E->dependencyDone(D->status());
  };
  for (Event *D : WaitList)
    Wire(D);
  for (Ref<Event> &D : Implicit)
    Wire(D.get());
  if (E->dependencyDone(CL_COMPLETE)) // the guard
    dispatch(E);
  return E;
}

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

namespace {

/// The commands whose dependency failed while this thread is already ending one (see Queue.h),
/// oldest first.
// initial-exec: libweft.so is dlopen'ed by the ICD loader, and a general-dynamic thread_local would
// go through __tls_get_addr on every access (and trips LeakSanitizer's dynamic-TLS scan on glibc
// 2.36); one pointer fits in the static TLS surplus glibc keeps for dlopen'ed libraries.
__attribute__((tls_model("initial-exec"))) thread_local std::vector<Ref<Event>> *Failing = nullptr;

/// Ends E without running it: a command it waited for failed.
void fail(Event &E) {
  E.Work.reset();
  E.setStatus(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
}

} // namespace

void dispatch(Ref<Event> E) {
  if (!E->DependencyFailed.load(std::memory_order_relaxed)) {
    E->setStatus(CL_SUBMITTED);
    Device &D = E->queue()->device();
    D.submit(CommandRun(std::move(E)));
    return;
  }
  if (Failing) {
    Failing->push_back(std::move(E));
    return;
  }
  std::vector<Ref<Event>> Later; // allocates only if a dependent fails meanwhile
  struct Guard {
    std::vector<Ref<Event>> &Later;
    size_t Next = 0;
    ~Guard() {
      Failing = nullptr;
      for (; Next < Later.size(); ++Next) // only if an exception left some: they end all the same
        fail(*Later[Next]);
    }
  } G{Later};
  Failing = &Later;
  fail(*E);
  while (G.Next < Later.size()) // ending one may add to Later
    fail(*Later[G.Next++]);
}

} // namespace weft
