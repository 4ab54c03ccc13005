// Clang 15 in-process: OpenCL C source (and in-memory headers) to an LLVM module, with Clang's
// diagnostics as the build log.
#pragma once

#include "contracts/Compiler.h"
#include "compiler/Options.h"

#include <memory>
#include <string>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace weft::compiler {

/// The name the main source file has in diagnostics ("program.cl:3:7: error: ...").
inline constexpr const char *SourceFileName = "program.cl";

/// Compiles In.Source with Options; returns null (and the reason in Log) on failure. Crashed
/// tells a failure of Clang's own (a crash, LLVM's fatal error: Trap.h), after which Ctx must be
/// abandoned, not destroyed.
std::unique_ptr<llvm::Module> runFrontend(llvm::LLVMContext &Ctx, const CompileInput &In,
                                          const ParsedOptions &Options, std::string &Log,
                                          bool &Crashed);

/// The preprocessed source, with every header (in memory or on disk) expanded: what a cache key
/// must cover. False (and the reason in Log) if preprocessing fails. DiskFiles, if given, gets
/// what the result depends on outside the program: every file read from disk (Clang's own
/// headers included) and every directory searched for headers (adding a header there could
/// change which one an #include finds).
bool preprocess(const CompileInput &In, const ParsedOptions &Options, std::string &Output,
                std::string &Log, std::vector<std::string> *DiskFiles = nullptr);

} // namespace weft::compiler
