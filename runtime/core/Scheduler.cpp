// Dependency resolution and dispatch: small commands run inline (without recursion), large ones on
// the device's workers.
#include "runtime/core/Scheduler.h"

#include <deque>

namespace weft::scheduler {
namespace {

/// Runs E's command on this thread and completes its event.
void execute(const Ref<Event> &E) {
  E->setStatus(CL_RUNNING);
  Status S = E->queue()->device().execute(*E->Work);
  E->Work.reset(); // drops the buffers it kept alive before dependents see completion
  E->setStatus(S ? CL_COMPLETE : S.error().code());
}

/// Commands made ready while this thread is already running one: run after it, not inside it,
/// so a chain of 1,000 dependent commands does not nest 1,000 frames deep.
// initial-exec: libweft.so is dlopen'ed by the ICD loader, and a general-dynamic thread_local would
// go through __tls_get_addr on every access (and trips LeakSanitizer's dynamic-TLS scan on glibc
// 2.36); one pointer fits in the static TLS surplus glibc keeps for dlopen'ed libraries.
__attribute__((tls_model("initial-exec"))) thread_local std::deque<Ref<Event>> *Pending = nullptr;

bool runsInline(const Command &C) {
  if (C.What == Command::Kind::NDRange || C.What == Command::Kind::Native)
    return false; // kernels always run on the device's workers
  bool Transfer = C.What == Command::Kind::Copy || C.What == Command::Kind::Fill;
  return C.Blocking || !Transfer || C.Bytes <= InlineBytes;
}

} // namespace

Ref<Event> enqueue(Queue &Q, std::unique_ptr<Command> Work, std::span<Event *const> WaitList,
                   Queue::Ordering How) {
  cl_command_type Type = Work->Type;
  // One reference for the application's handle (kept or dropped by the caller), one for E.
  Ref<Event> E(new Event(Q.context(), &Q, Type));
  E->Work = std::move(Work);
  std::vector<Ref<Event>> Implicit = Q.link(*E, How, !WaitList.empty());
  // The guard reference (PendingDependencies starts at 1) keeps the command from running until
  // every dependency is wired.
  E->PendingDependencies.fetch_add(int(Implicit.size() + WaitList.size()));
  auto Wire = [&](Event *D) {
    if (!D->addDependent(E.get()))
      E->dependencyDone(D->status());
  };
  for (Event *D : WaitList)
    Wire(D);
  for (Ref<Event> &D : Implicit)
    Wire(D.get());
  E->dependencyDone(CL_COMPLETE); // the guard
  return E;
}

void ready(Ref<Event> E) {
  if (E->DependencyFailed.load(std::memory_order_relaxed)) {
    E->Work.reset();
    E->setStatus(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    return;
  }
  E->setStatus(CL_SUBMITTED);
  if (!runsInline(*E->Work)) {
    E->queue()->device().spawn([E] { execute(E); });
    return;
  }
  if (Pending) {
    Pending->push_back(std::move(E));
    return;
  }
  std::deque<Ref<Event>> Local{std::move(E)};
  Pending = &Local;
  while (!Local.empty()) {
    Ref<Event> Next = std::move(Local.front());
    Local.pop_front();
    execute(Next);
  }
  Pending = nullptr;
}

} // namespace weft::scheduler
