// Kernels: a compiled kernel of a program plus the argument values set so far.
#pragma once

#include "runtime/core/Memory.h"
#include "runtime/core/Program.h"

#include <cstddef>
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
  const compiler::KernelBinary &binary() const { return *Binary; }
  const compiler::KernelInfo &info() const { return Binary->Info; }
  size_t numArgs() const { return Binary->Args.size(); }

  /// Argument values as the work-group function reads them (local arguments are patched in per
  /// work-group by the executor).
  struct Arguments {
    std::vector<std::byte> Buffer;
    std::vector<bool> Set;
    std::vector<size_t> LocalSizes;      ///< per argument: __local bytes, 0 for other arguments
    /// Per argument: the memory object, if any. Not retained: "the memory object ... can be
    /// released" after clSetKernelArg (an enqueue retains what it uses).
    std::vector<MemObject *> Buffers;
  };
  const Arguments &arguments() const { return Args; }
  Arguments &arguments() { return Args; }

private:
  Ref<Program> Prog;
  const compiler::KernelBinary *Binary;
  std::shared_ptr<compiler::Executable> Executable;
  Arguments Args;
};

} // namespace weft
