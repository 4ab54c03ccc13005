// The CPU device's kernel runtime: the table of contracts/WorkGroupAbi.h's WEFT_KERNEL_RUNTIME
// functions that every work-group's context points to.
#pragma once

#include "contracts/WorkGroupAbi.h"

namespace weft::cpu {

/// What compiled kernels call: async copies go to the AsyncCopies at WorkGroupContext::Async,
/// printf to the PrintfBuffer at WorkGroupContext::Printf, address-space queries look at the
/// work-group's memory blocks and the thread's stack.
extern const abi::KernelRuntime KernelRuntimeTable;

} // namespace weft::cpu
