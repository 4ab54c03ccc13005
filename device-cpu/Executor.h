// Runs a kernel command: its work-groups as tasks in the device's TBB arena.
#pragma once

#include "compiler/WorkGroupAbi.h"
#include "runtime/core/Command.h"

#include <oneapi/tbb/task_arena.h>

namespace weft::cpu {

void runNDRange(const NDRangeCommand &C, tbb::task_arena &Arena);

/// KernelRuntime::AddressSpace: where Pointer points, seen from a work-item of Ctx's work-group:
/// 3 inside its local memory block, 0 inside its private block or the running thread's stack
/// (where the work-items' private variables live), else 1 (global memory).
uint32_t addressSpaceOf(abi::WorkGroupContext *Ctx, const void *Pointer);

} // namespace weft::cpu
