// Opens libweft-compiler.so on first use, so that enumerating platforms never loads LLVM.
#pragma once

#include "contracts/Compiler.h"
#include "runtime/core/Error.h"

#include <string>

namespace weft {

/// Opens the compiler library at Path with dlopen(RTLD_LOCAL) and creates its Compiler; the
/// library stays open for the life of the process (compiled kernels point into it).
/// CL_COMPILER_NOT_AVAILABLE, with the loader's reason, if any step fails.
Expected<compiler::Compiler *> openCompilerLibrary(const std::string &Path);

/// The compiler from libweft-compiler.so beside the library this code is linked into, opened
/// the first time it is needed. Thread-safe; the outcome (success or failure) is remembered.
Expected<compiler::Compiler *> loadCompiler();

/// The path loadCompiler opens.
std::string compilerLibraryPath();

} // namespace weft
