// The commands a queue carries, as plain data the device executes (no cl_* handles).
#pragma once

#include "contracts/WorkGroupAbi.h"
#include "runtime/core/Object.h"

#include <CL/cl.h>

#include <array>
#include <cstddef>
#include <functional>
#include <vector>

namespace weft {

class MemObject;

/// A strided 3D byte region: Origin bytes from Base, rows of Region[0] bytes, RowPitch between
/// rows, SlicePitch between slices. A plain 1D range is {Offset, {Size, 1, 1}}.
struct RectSpan {
  std::byte *Base = nullptr;
  size_t Offset = 0;
  size_t RowPitch = 0;
  size_t SlicePitch = 0;
};

/// Copies Region (bytes x rows x slices) from Src to Dst. Covers read, write, copy and their
/// rect forms.
struct CopyCommand {
  RectSpan Src, Dst;
  std::array<size_t, 3> Region{};
};

/// Repeats a pattern of PatternSize bytes over [Dst, Dst + Size).
struct FillCommand {
  std::byte *Dst = nullptr;
  size_t Size = 0;
  std::array<std::byte, 128> Pattern{};
  size_t PatternSize = 0;
};

/// Runs a kernel over an NDRange: one call of Run per work-group.
struct NDRangeCommand {
  abi::WorkGroupFn Run = nullptr;
  unsigned WorkDim = 1;
  std::array<uint64_t, 3> GlobalOffset{}, GlobalSize{1, 1, 1}, LocalSize{1, 1, 1};
  std::vector<std::byte> Args; ///< the argument buffer, taken when the command was enqueued
  /// __local arguments: where each pointer goes in Args, and how many bytes it needs.
  std::vector<std::pair<uint32_t, size_t>> LocalArgs;
  uint64_t StaticLocalBytes = 0;  ///< the kernel's __local variables
  uint64_t LocalScratchBytes = 0; ///< after them: Weft's own (KernelBinary::LocalScratchBytes)
  uint64_t PrivateBytesPerWorkItem = 0; ///< kernels with barriers
  uint64_t FrameBytes = 0; ///< private variables too large for the stack (KernelBinary::FrameBytes)
};

/// A command: what to run, and the objects that must stay alive until it has run.
struct Command {
  cl_command_type Type = 0;
  enum class Kind { None, Copy, Fill, NDRange, Host, Native } What = Kind::None;
  CopyCommand Copy;
  FillCommand Fill;
  NDRangeCommand NDRange;
  /// Kind::Host: runs on the host with no device work (map/unmap bookkeeping, user callbacks).
  /// Kind::Native: an application function run as a native kernel, on the device's workers.
  std::function<void()> HostWork;
  /// Bytes the command touches: picks inline execution or the device's workers.
  size_t Bytes = 0;
  /// The enqueuing thread waits for it anyway: run it on that thread when it is ready.
  bool Blocking = false;
  std::vector<Ref<Object>> KeepAlive;
};

} // namespace weft
