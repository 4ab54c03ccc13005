// Kernels: creation and cloning.
#include "runtime/core/Kernel.h"

namespace weft {

Kernel::Kernel(Program &P, const compiler::KernelBinary &Binary,
               std::shared_ptr<compiler::Executable> Executable)
    : Object(ObjectType::Kernel), Prog(&P), Binary(&Binary), Executable(std::move(Executable)) {
  Args.Buffer.assign(Binary.ArgBufferSize, std::byte{0});
  Args.Set.assign(Binary.Args.size(), false);
  Args.LocalSizes.assign(Binary.Args.size(), 0);
  Args.Buffers.assign(Binary.Args.size(), nullptr);
  Prog->kernelCreated();
}

Kernel::Kernel(const Kernel &Other)
    : Object(ObjectType::Kernel), Prog(Other.Prog), Binary(Other.Binary),
      Executable(Other.Executable), Args(Other.Args) {
  Prog->kernelCreated();
}

Kernel::~Kernel() { Prog->kernelDestroyed(); }

} // namespace weft
