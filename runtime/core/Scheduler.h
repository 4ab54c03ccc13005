// Dependency tracking across queues and user events; hands ready commands to the device.
#pragma once

#include "runtime/core/Queue.h"

#include <span>

namespace weft::scheduler {

/// Commands touching at most this many bytes run on the thread that makes them ready (the
/// enqueuing thread, or the one completing their last dependency): a task hand-off to a worker
/// costs more than the copy. Measured by bench/runtime.sh (see docs/performance.md).
inline constexpr size_t InlineBytes = 256 * 1024;

/// Creates the event for Work, links it into Q with its ordering, and makes it wait for WaitList
/// (events of Q's context). The command runs once all of them are complete; if any ends with an
/// error, the command does not run and its event gets CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST.
Ref<Event> enqueue(Queue &Q, std::unique_ptr<Command> Work, std::span<Event *const> WaitList,
                   Queue::Ordering How = Queue::Ordering::Command);

/// Runs (or hands to the device) a command whose dependencies are all resolved.
void ready(Ref<Event> E);

} // namespace weft::scheduler
