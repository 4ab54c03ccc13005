// From linked LLVM modules to loaded native code: the optimisation pipeline for the host CPU and
// ORC LLJIT.
#pragma once

#include "compiler/Compiler.h"

#include <memory>
#include <string>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace weft::compiler {

/// Optimises M (O3 for the host CPU, or O0 with -cl-opt-disable), JIT-compiles it and resolves
/// the work-group functions named in Kernels. Null and the reason in Log on failure.
std::shared_ptr<Executable> generateCode(std::unique_ptr<llvm::LLVMContext> Ctx,
                                         std::unique_ptr<llvm::Module> M,
                                         std::vector<KernelBinary> Kernels, bool OptDisable,
                                         std::string &Log);

/// Sets M's triple and data layout to the host's.
bool setHostTarget(llvm::Module &M, std::string &Error);

} // namespace weft::compiler
