// The disk cache of built programs: a second process building the same source with the same
// options loads native code instead of running Clang and codegen.
#pragma once

#include "compiler/Compiler.h"

#include <optional>
#include <string>

namespace weft::compiler {

/// What a cache entry holds: everything a build from source produces except the loaded code.
struct CachedBuild {
  std::string Log;
  std::string Bitcode;
  std::vector<std::string> Objects;
  std::vector<KernelBinary> Kernels; ///< without Run
  uint64_t GlobalVariableBytes = 0;
};

/// A hex SHA-256 of everything that decides the generated code: Weft's and LLVM's versions, the
/// built-in library, the host CPU and its features, the device's extensions and features, the
/// options and the preprocessed source (so a header changed on disk is a different key).
std::string cacheKey(const CompileInput &In, const std::string &Preprocessed);

/// The entry for Key in Directory; nullopt if there is none. A corrupt or foreign entry is also
/// nullopt, and Why says so.
std::optional<CachedBuild> readCache(const std::string &Directory, const std::string &Key,
                                     std::string &Why);

/// Stores an entry, atomically (a temporary file renamed into place); failures are silent (the
/// cache is an optimisation) except for Why.
void writeCache(const std::string &Directory, const std::string &Key, const CachedBuild &Entry,
                std::string &Why);

} // namespace weft::compiler
