// Programs: source, build options and log, build status, and the built executable.
#pragma once

#include "compiler/Compiler.h"
#include "runtime/core/Context.h"

#include <CL/cl.h>

#include <atomic>
#include <memory>
#include <mutex>
#include <string>

namespace weft {

class Program : public Object {
public:
  Program(Context &C, std::string Source);

  Context &context() const { return *Ctx; }
  const std::string &source() const { return Source; }

  /// The build's state, read consistently.
  struct BuildState {
    cl_build_status Status = CL_BUILD_NONE;
    std::string Options;
    std::string Log;
    cl_program_binary_type BinaryType = CL_PROGRAM_BINARY_TYPE_NONE;
    bool KernelArgInfo = false;
    std::shared_ptr<compiler::Executable> Executable;
  };
  BuildState build() const;

  /// Compiles and links the source with Options (clBuildProgram). CL_INVALID_OPERATION if a build
  /// is running or kernels exist; CL_INVALID_BUILD_OPTIONS, CL_COMPILER_NOT_AVAILABLE or
  /// CL_BUILD_PROGRAM_FAILURE (with the log kept) otherwise.
  Status buildFromSource(const std::string &Options);

  /// The kernel named Name in the built executable, or null.
  const compiler::KernelBinary *findKernel(const std::string &Name) const;

  /// Kernels created from this program: while any exists, it may not be rebuilt.
  void kernelCreated() { LiveKernels.fetch_add(1); }
  void kernelDestroyed() { LiveKernels.fetch_sub(1); }

private:
  Ref<Context> Ctx;
  std::string Source;
  mutable std::mutex Lock;
  BuildState State;
  bool Building = false;
  std::atomic<int> LiveKernels{0};
};

} // namespace weft
