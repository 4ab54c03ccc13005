// The ABI between compiled kernels and the executor: what a work-group function receives.
// Plain C++, shared by compiler/ (which generates code against it) and device-cpu/ (which fills it).
#pragma once

#include <cstddef>
#include <cstdint>

namespace weft::abi {

/// One work-group's view of its NDRange. The executor fills it per work-group; compiled work-item
/// queries read it (get_local_id comes from the work-item loops).
struct WorkGroupContext {
  uint64_t GlobalOffset[3];
  uint64_t GlobalSize[3];
  uint64_t LocalSize[3];         ///< this work-group's size (smaller for a trailing group)
  uint64_t EnqueuedLocalSize[3]; ///< the NDRange's local size
  uint64_t NumGroups[3];
  uint64_t GroupId[3];
  uint32_t WorkDim;
  uint32_t Reserved;
  std::byte *LocalMemory; ///< this work-group's block: kernel-scope __local variables first
  /// Kernels with barriers: each work-item's private values that live across a barrier,
  /// KernelBinary::PrivateBytesPerWorkItem times the work-items of the group.
  std::byte *PrivateMemory;
};

/// `void __weft_wg_<kernel>(const void *Args, WorkGroupContext *Ctx)`: runs every work-item of one
/// work-group. Args holds each kernel argument at the offset the kernel's layout gives.
using WorkGroupFn = void (*)(const void *Args, WorkGroupContext *Ctx);

inline constexpr const char *WorkGroupPrefix = "__weft_wg_";

} // namespace weft::abi
