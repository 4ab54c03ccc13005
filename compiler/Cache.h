// The disk cache of built programs: a second process building the same source with the same
// options loads native code instead of running Clang and codegen.
#pragma once

#include "program-store/CacheEntry.h"
#include "contracts/Compiler.h"

#include <optional>
#include <string>

namespace weft::compiler {

/// A hex SHA-256 of everything that decides the generated code: Weft's and LLVM's versions, the
/// built-in library, the host CPU and its features, the device's extensions and features, the
/// options and the preprocessed source (so a header changed on disk is a different key).
std::string cacheKey(const CompileInput &In, const std::string &Preprocessed);

/// The key of a build from a program binary: the same identity of Weft, LLVM, the built-in library
/// and the host CPU, then clBuildProgram's options and the binary's module (BuildOutput::Bitcode).
std::string binaryCacheKey(const std::string &Bitcode, const std::string &Options);

} // namespace weft::compiler
