// Runs a kernel command: its work-groups as tasks in the device's TBB arena.
#pragma once

#include "contracts/WorkGroupAbi.h"
#include "runtime/core/Command.h"

#include <oneapi/tbb/task_arena.h>

#include <functional>

namespace weft::cpu {

/// False if some work-groups could not run: the memory they needed (local, private across
/// barriers, or the frame of large private variables) could not be allocated.
bool runNDRange(const NDRangeCommand &C, tbb::task_arena &Arena);

/// Runs Task on one of Arena's workers, as task_arena::enqueue does, except that the arena holds
/// only a trampoline that owns no memory: the task waits in a queue of Arena's that is never
/// destroyed. A task still queued when the process exits (and the arena goes away without
/// running it) is then not a leak: LeakSanitizer reported such closures, a command's and a
/// CopyHelpers loop's, now and then.
void handToArena(tbb::task_arena &Arena, std::function<void()> Task);

/// KernelRuntime::AddressSpace: where Pointer points, seen from a work-item of Ctx's work-group:
/// 3 inside its local memory block, 0 inside its private block or the running thread's stack
/// (where the work-items' private variables live), else 1 (global memory).
uint32_t addressSpaceOf(abi::WorkGroupContext *Ctx, const void *Pointer);

} // namespace weft::cpu
