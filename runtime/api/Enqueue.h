// What every clEnqueue* does after its own checks: submit the command, hand out or drop its event,
// and wait for it when blocking.
#pragma once

#include "runtime/api/Validate.h"
#include "runtime/core/Scheduler.h"

#include <CL/cl.h>

namespace weft::api {

/// Enqueues Work on Q after WaitList (already checked). Blocking: runs it now if it is ready and
/// waits for it, failing with CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST if it did not complete.
/// EventOut, when not NULL, receives the command's event.
Status submit(Queue &Q, std::unique_ptr<Command> Work, const std::vector<Event *> &WaitList,
              cl_event *EventOut, bool Blocking = false,
              Queue::Ordering How = Queue::Ordering::Command);

/// A new command of the given type (and what it keeps alive).
std::unique_ptr<Command> makeCommand(cl_command_type Type, std::vector<Ref<Object>> KeepAlive = {});

/// A fill command: PatternSize bytes at Pattern (already checked) repeated over [Dst, Dst + Size).
std::unique_ptr<Command> fillCommand(cl_command_type Type, std::byte *Dst, size_t Size,
                                     const void *Pattern, size_t PatternSize,
                                     std::vector<Ref<Object>> KeepAlive = {});

/// What an enqueue of no memory object starts with: the queue, and its checked wait list.
struct QueueTarget {
  Queue *Q;
  std::vector<Event *> Wait;
};
Expected<QueueTarget> queueTarget(cl_command_queue QueueHandle, cl_uint NumEvents,
                                  const cl_event *WaitList);

} // namespace weft::api
