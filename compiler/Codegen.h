// From linked LLVM modules to native objects: the optimisation pipeline and code generation for
// the host CPU (program-store/ObjectLoader.h loads the objects).
#pragma once

#include "contracts/Compiler.h"

#include <functional>
#include <memory>
#include <string>

namespace llvm {
class DiagnosticInfo;
class LLVMContext;
class Module;
} // namespace llvm

namespace weft::compiler {

/// Runs Weft's passes on M (a linked program, see passes/Passes.h), then optimises it for the host
/// CPU (O3, or O0 with -cl-opt-disable) and compiles it to native objects: one per part of the
/// program, the parts (kernels) compiled in parallel. Inspect sees the module after Weft's passes
/// and may refuse it (returning false, with the reason in Log). Trace gets the time of each
/// phase. Empty, with the reason in Log, on failure.
std::vector<std::string> generateObjects(std::unique_ptr<llvm::LLVMContext> Ctx, std::unique_ptr<llvm::Module> M,
                                         bool OptDisable, std::string &Log,
                                         const std::function<bool(const llvm::Module &)> &Inspect,
                                         std::string &Trace);

/// A diagnostic LLVM reports through a context, as a line of the build log ("error: ...",
/// "warning: ..."); empty for remarks, notes and missed optimisations ("loop not vectorized"),
/// which are about Weft's code generation, not the program, unless WEFT_LLVM_OPTIONS asked LLVM
/// for them (-pass-remarks-missed=loop-vectorize, say): then "remark: ..." lines too.
std::string diagnosticForTheLog(const llvm::DiagnosticInfo &Info);

/// Passes WEFT_LLVM_OPTIONS (words separated by white space) to LLVM's option parser, once,
/// before any build (Compiler::setLlvmOptions). Empty if they parsed, else why not. From then on
/// the optimisation pipeline runs with LLVM's standard instrumentation (-time-passes,
/// -print-after=..., -opt-bisect-limit=...).
std::string parseLlvmOptions(const std::string &Options);

/// Bytes of M's variables in the global address space (CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE).
uint64_t globalVariableBytes(const llvm::Module &M);

/// The host CPU's name and feature string: part of every cache key.
std::string hostCpuIdentity();

/// Sets M's triple and data layout to the host's, and every function's CPU and features.
bool setHostTarget(llvm::Module &M, std::string &Error);

/// The width in bits of the vectors LLVM's vectorizers use for the host CPU (its preferred vector
/// register width: 256 on a CPU with AVX-512 that prefers 256-bit vectors).
unsigned hostVectorBits();

/// The sub-group size of a kernel that does not require one: a float vector of the host's width
/// (16 with 512-bit vectors, else 8).
uint32_t defaultSubGroupSize();

} // namespace weft::compiler
