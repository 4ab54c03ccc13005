// SPIR-V programs (clCreateProgramWithIL): the Khronos SPIR-V/LLVM translator turns the module
// into LLVM IR with OpenCL C's built-in names, which is then made to look like what Weft's front
// end gives for OpenCL C.
#pragma once

#include <memory>
#include <string>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace weft::compiler {

/// Translates the SPIR-V module Il. Ctx must use typed pointers (the translator of LLVM 15 needs
/// them); the module's bitcode reads into an opaque-pointer context. Null, with the reason in
/// Log, if Il is not a valid module.
std::unique_ptr<llvm::Module> readSpirv(llvm::LLVMContext &Ctx, const std::string &Il,
                                        std::string &Log);

/// An address inside the translator's library (for the cache: its build id and file).
const void *spirvTranslatorAddress();

} // namespace weft::compiler
