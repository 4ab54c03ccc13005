// Kernel metadata from Clang's IR: names, argument kinds and types, attributes.
#pragma once

#include "contracts/Compiler.h"

namespace llvm {
class Module;
}

namespace weft::compiler {

/// Every kernel (spir_kernel function) in M, in definition order.
std::vector<KernelInfo> collectKernels(const llvm::Module &M);

} // namespace weft::compiler
