// The work a queue's commands carry, as plain data a device runs (no cl_* handles).
#pragma once

#include "contracts/WorkGroupAbi.h"
#include "runtime/core/Object.h"

#include <array>
#include <cstddef>
#include <cstring>
#include <functional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace weft {

/// A strided 3D byte region: Offset bytes from Base, rows RowPitch apart, slices SlicePitch apart
/// (the row and slice lengths are the command's Region). A plain 1D range is {Base, Offset, Size,
/// Size}.
struct RectSpan {
  std::byte *Base = nullptr;
  size_t Offset = 0;
  size_t RowPitch = 0;
  size_t SlicePitch = 0;
};

/// Copies Region (bytes x rows x slices) from Src to Dst: read, write, copy and their rect forms,
/// and SVM copies.
struct CopyCommand {
  RectSpan Src, Dst;
  std::array<size_t, 3> Region{};
};

/// Repeats a pattern of PatternSize bytes over [Dst, Dst + Size), or, for a rect (an image's
/// pixels), over Rows x Slices such rows, RowPitch and SlicePitch bytes apart.
struct FillCommand {
  std::byte *Dst = nullptr;
  size_t Size = 0;
  std::array<std::byte, 128> Pattern{};
  size_t PatternSize = 0; ///< 1 to 128; any size for a rect (a pixel: 1, 2, 3, 4, 8 or 16)
  size_t Rows = 1, Slices = 1;
  size_t RowPitch = 0, SlicePitch = 0;

  /// The fill of Size bytes at Dst with the PatternSize bytes at Pattern (at most 128: checked
  /// by the caller).
  static FillCommand of(std::byte *Dst, size_t Size, const void *Pattern, size_t PatternSize) {
    FillCommand F;
    F.Dst = Dst;
    F.Size = Size;
    F.PatternSize = PatternSize;
    std::memcpy(F.Pattern.data(), Pattern, PatternSize);
    return F;
  }
};

/// Runs a kernel over an NDRange: one call of Run per work-group.
struct NDRangeCommand {
  abi::WorkGroupFn Run = nullptr;
  const std::string *Name = nullptr; ///< the kernel's (its binary's, which the command keeps alive)
  unsigned WorkDim = 1;
  std::array<uint64_t, 3> GlobalOffset{}, GlobalSize{1, 1, 1}, LocalSize{1, 1, 1};
  std::array<uint64_t, 3> NumGroups{1, 1, 1}; ///< workGroupCounts(GlobalSize, LocalSize)
  std::vector<std::byte> Args; ///< the argument buffer, taken when the command was enqueued
  /// __local arguments: where each pointer goes in Args, and how many bytes it needs.
  std::vector<std::pair<uint32_t, size_t>> LocalArgs;
  uint64_t StaticLocalBytes = 0;  ///< the kernel's __local variables
  uint64_t LocalScratchBytes = 0; ///< after them: Weft's own (KernelBinary::LocalScratchBytes)
  uint64_t PrivateBytesPerWorkItem = 0; ///< kernels with barriers
  uint64_t FrameBytes = 0; ///< private variables too large for the stack (KernelBinary::FrameBytes)
  /// A kernel built with checks (-weft-check): it records failures in WorkGroupContext::CheckSlots.
  bool Checked = false;
  /// ... with checks of uninitialized reads: it reads and marks WorkGroupContext::LocalShadow.
  bool ShadowsLocal = false;
  /// ... with checks of races: it tests and sets WorkGroupContext::LocalWriters and LocalReaders.
  bool TagsLocal = false;
  /// Kernels built with checks, per argument: the bytes its pointer reaches
  /// (WorkGroupContext::ArgExtents), the pointer, and what it points to, for a report.
  std::vector<uint64_t> ArgExtents, ArgPointers;
  std::vector<std::string> ArgMemory;
  /// Kernels built with checks: run as the command starts, before any work-group, with the
  /// command; a report (not empty) of API misuse stops it (Kernel::launch's, memory still mapped
  /// for writing).
  std::function<std::string(const NDRangeCommand &)> Precheck;
};

/// Work-groups along each dimension: the global size over the local size, rounded up, without
/// the overflow of (Global + Local - 1) / Local for a global size near SIZE_MAX.
inline std::array<uint64_t, 3> workGroupCounts(const std::array<uint64_t, 3> &Global,
                                               const std::array<uint64_t, 3> &Local) {
  std::array<uint64_t, 3> N;
  for (unsigned D = 0; D < 3; ++D)
    N[D] = Global[D] / Local[D] + (Global[D] % Local[D] != 0);
  return N;
}

/// A function run on the host: Weft's own bookkeeping (clEnqueueSVMFree's), on the thread that
/// makes the command ready, or an application's native kernel (clEnqueueNativeKernel), on the
/// device's workers.
struct HostCommand {
  std::function<void()> Run;
  bool OnWorkers = false;
};

/// A command: its work, and the objects that must stay alive until it has run. Markers,
/// barriers, maps, unmaps and migrations have no work (std::monostate): they only order the
/// queue (in a context with checked programs, maps for writing and unmaps tell the context as
/// they run: api::map, api::unmap).
struct Command {
  using Work = std::variant<std::monostate, CopyCommand, FillCommand, NDRangeCommand, HostCommand>;

  /// No work, keeping KeepAlive alive until the command has run.
  explicit Command(std::vector<Ref<Object>> KeepAlive = {}) : KeepAlive(std::move(KeepAlive)) {}
  /// Work of type W (one of Work's), made in place.
  template <class W>
  explicit Command(W Work, std::vector<Ref<Object>> KeepAlive = {})
      : What(std::in_place_type<W>, std::move(Work)), KeepAlive(std::move(KeepAlive)) {}

  Work What;
  /// The enqueuing thread waits for it anyway: run it on that thread when it is ready.
  bool Blocking = false;
  std::vector<Ref<Object>> KeepAlive;

  /// The bytes a copy or fill touches; 0 for other work.
  size_t bytes() const {
    if (auto *C = std::get_if<CopyCommand>(&What))
      return C->Region[0] * C->Region[1] * C->Region[2];
    if (auto *F = std::get_if<FillCommand>(&What))
      return F->Size * F->Rows * F->Slices;
    return 0;
  }
};

} // namespace weft
