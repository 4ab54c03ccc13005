// What every clEnqueue* shares: the queue and wait list checked, the command handed to the queue,
// its event handed out, and the wait when it is blocking.
#pragma once

#include "runtime/api/Entry.h"
#include "runtime/api/Handles.h"
#include "runtime/api/Validate.h"

#include <CL/cl.h>

#include <array>
#include <memory>
#include <vector>

namespace weft::api {

/// A command as a clEnqueue* makes it: its type (CL_EVENT_COMMAND_TYPE), its work (made once, on
/// the heap, and handed on: none by default) and how it orders against the queue's other commands.
struct Enqueued {
  cl_command_type Type;
  std::unique_ptr<Command> Work = std::make_unique<Command>();
  Queue::Ordering How = Queue::Ordering::Command;
};

/// A copy between two spans (buffers, images, host memory), keeping Keep alive; Blocking if the
/// caller waits for it.
inline Enqueued copy(cl_command_type Type, std::vector<Ref<Object>> Keep, RectSpan Src,
                     RectSpan Dst, std::array<size_t, 3> Region, bool Blocking = false) {
  auto C = std::make_unique<Command>(CopyCommand{Src, Dst, Region}, std::move(Keep));
  C->Blocking = Blocking;
  return {Type, std::move(C)};
}

/// A map of M (clEnqueueMapBuffer, clEnqueueMapImage) returning Mapped, whose bytes are
/// [Begin, Begin + Bytes): it only orders the queue, and, mapped for writing in a context with
/// checked programs, tells the context when it runs (Context::mapRan, for their kernels).
inline Enqueued map(cl_command_type Type, MemObject &M, void *Mapped, const std::byte *Begin, size_t Bytes,
                    cl_map_flags Flags, bool Blocking) {
  std::unique_ptr<Command> C;
  if (M.context().checks() && (Flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)))
    C = std::make_unique<Command>(HostCommand{[Ctx = &M.context(), Mapped, Begin, Bytes] {
                                    Ctx->mapRan(Mapped, Begin, Bytes);
                                  }},
                                  std::vector{Ref<Object>(&M)});
  else
    C = std::make_unique<Command>(std::vector{Ref<Object>(&M)});
  C->Blocking = Blocking;
  return {Type, std::move(C)};
}

/// An unmap of Mapped from M (clEnqueueUnmapMemObject): in a context with checked programs, it
/// ends the mapping for their kernels as it runs (Context::unmapRan); else it only orders the
/// queue.
inline Enqueued unmap(MemObject &M, void *Mapped) {
  if (!M.context().checks())
    return {CL_COMMAND_UNMAP_MEM_OBJECT, std::make_unique<Command>(std::vector{Ref<Object>(&M)})};
  return {CL_COMMAND_UNMAP_MEM_OBJECT,
          std::make_unique<Command>(HostCommand{[Ctx = &M.context(), Mapped] { Ctx->unmapRan(Mapped); }},
                                    std::vector{Ref<Object>(&M)})};
}

/// Enqueues E on Q after Wait (already checked) and gives its event to EventOut when not NULL.
/// A blocking command (Work.Blocking) fails at once with
/// CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST if an event in Wait has failed, and otherwise
/// returns once it has run, failing the same way if it did not complete.
Status submit(Queue &Q, Enqueued E, const std::vector<Event *> &Wait, cl_event *EventOut);

/// The body of a clEnqueue* that returns cl_int, around Make(Queue &), which checks the entry
/// point's own arguments and makes its command (or fails with the spec's error): the queue
/// (CL_INVALID_COMMAND_QUEUE) and the wait list (CL_INVALID_EVENT_WAIT_LIST, CL_INVALID_CONTEXT)
/// are checked first, and the command is submitted after. Errors reach the queue's context.
template <class F>
cl_int enqueue(const char *Function, cl_command_queue QueueHandle, cl_uint NumEvents,
               const cl_event *WaitList, cl_event *EventOut, F &&Make) noexcept {
  return call(Function, QueueHandle, [&]() -> Status {
    auto Q = toObject<Queue>(QueueHandle);
    if (!Q)
      return Q.takeError();
    auto Wait = checkWaitList((*Q)->context(), NumEvents, WaitList);
    if (!Wait)
      return Wait.takeError();
    Expected<Enqueued> E = Make(**Q);
    if (!E)
      return E.takeError();
    return submit(**Q, std::move(*E), *Wait, EventOut);
  });
}

} // namespace weft::api
