// SPIR-V programs (clCreateProgramWithIL): the Khronos SPIR-V/LLVM translator turns the module
// into LLVM IR with OpenCL C's built-in names, which is then made to look like what Weft's front
// end gives for OpenCL C.
#pragma once

#include <memory>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace weft::compiler {

/// Translates the SPIR-V module Il. Ctx must use typed pointers (the translator of LLVM 15 needs
/// them); the module's bitcode reads into an opaque-pointer context. Null, with the reason in
/// Log, if Il is not a valid module.
std::unique_ptr<llvm::Module>
readSpirv(llvm::LLVMContext &Ctx, const std::string &Il, std::string &Log,
          const std::vector<std::pair<uint32_t, uint64_t>> &SpecConstants = {});

/// An address inside the translator's library (for the cache: its build id and file).
const void *spirvTranslatorAddress();

/// readSpirv in a process of its own (weft-spirv-reader, beside this library), since the
/// translator may abort on a module: the module as typed-pointer bitcode in Bitcode, or false
/// with the reason (the translator's own messages, or how it ended) in Log.
bool translateSpirv(const std::string &Il,
                    const std::vector<std::pair<uint32_t, uint64_t>> &SpecConstants,
                    std::string &Bitcode, std::string &Log);

/// The bitcode of a program binary (input from outside the application, which LLVM's reader is
/// not hardened against) read, verified and written again by weft-spirv-reader in a process of
/// its own: bitcode LLVM wrote in Rewritten, or false with the reason in Log.
bool rewriteBitcodeApart(const std::string &Bitcode, std::string &Rewritten, std::string &Log);

/// The translator program's path (for the cache manifest).
std::string spirvReaderPath();

} // namespace weft::compiler
