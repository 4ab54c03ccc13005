// Kernels: a compiled kernel of a program, the argument values set so far, and its launches: the
// work-group size chosen and the command that runs it.
#pragma once

#include "runtime/core/Command.h"
#include "runtime/core/Memory.h"
#include "runtime/core/Program.h"

#include <array>
#include <cstddef>
#include <optional>
#include <vector>

namespace weft {

class Kernel : public Object {
public:
  /// Keeps the program's executable alive as long as the kernel lives.
  Kernel(Program &P, const compiler::KernelBinary &Binary,
         std::shared_ptr<compiler::Executable> Executable);
  Kernel(const Kernel &Other); ///< clCloneKernel: same program and binary, same arguments
  ~Kernel() override;

  Program &program() const { return *Prog; }
  Context &context() const { return Prog->context(); }
  const compiler::KernelBinary &binary() const { return *Binary; }
  const compiler::KernelInfo &info() const { return Binary->Info; }
  size_t numArgs() const { return Binary->Args.size(); }

  /// Argument values as the work-group function reads them (local arguments are patched in per
  /// work-group by the executor).
  struct Arguments {
    std::vector<std::byte> Buffer;
    std::vector<bool> Set;
    std::vector<size_t> LocalSizes;      ///< per argument: __local bytes, 0 for other arguments
    /// Per argument: the memory object, if any, and whether it still exists. Not retained: "the
    /// memory object ... can be released" after clSetKernelArg, its destructor callbacks run then
    /// (an enqueue retains what it uses).
    std::vector<MemObject *> Buffers;
    std::vector<std::shared_ptr<const std::atomic<bool>>> BuffersAlive;
    void setObject(size_t Index, MemObject *M) {
      Buffers[Index] = M;
      BuffersAlive[Index] = M ? M->liveness() : nullptr;
    }
  };
  const Arguments &arguments() const { return Args; }
  Arguments &arguments() { return Args; }

  /// The most work-items a work-group of this kernel may have on D (CL_KERNEL_WORK_GROUP_SIZE):
  /// the device's maximum, or less when each work-item keeps much private memory across barriers.
  size_t maxWorkGroupSize(const Device &D) const;

  /// The local size the kernel runs with on D when the application gives none: its
  /// reqd_work_group_size, or a divisor of the global size (when work-groups must be uniform) of
  /// at most 256 work-items, the largest. clGetKernelSuggestedLocalWorkSizeKHR answers with it.
  std::array<uint64_t, 3> defaultLocalSize(const Device &D, unsigned WorkDim,
                                           const std::array<uint64_t, 3> &Global) const;

  /// The command that runs the kernel on D with the arguments set now, over Global work-items
  /// from Offset in work-groups of Local (the application's, checked against the kernel's
  /// limits; defaultLocalSize's when none). CL_OUT_OF_RESOURCES if the work-groups need more
  /// local memory than D runs kernels with, CL_INVALID_KERNEL_ARGS if an argument's buffer has
  /// been released.
  Expected<std::unique_ptr<Command>> launch(const Device &D, unsigned WorkDim, const std::array<uint64_t, 3> &Offset,
                           const std::array<uint64_t, 3> &Global,
                           std::optional<std::array<uint64_t, 3>> Local);

private:
  /// A checked build's launch: each argument's extent, pointer and memory (NDRangeCommand).
  void describeArgsForChecks(NDRangeCommand &N) const;

  Ref<Program> Prog;
  const compiler::KernelBinary *Binary;
  std::shared_ptr<compiler::Executable> Executable;
  /// The checks of the program's build (compiler::Check bits; read once: no build replaces it
  /// while kernels exist, and a launch takes no program lock for it).
  unsigned Checks;
  Arguments Args;
};

} // namespace weft
