// The facade between the runtime and libweft-compiler.so: plain data in and out, no LLVM types.
#pragma once

#include <string>

namespace weft::compiler {

/// Bumped whenever this interface changes, so that a stale libweft-compiler.so is refused.
inline constexpr int AbiVersion = 1;

/// The entry point libweft-compiler.so exports: `extern "C" Compiler *weftCompilerCreate(int)`.
/// It returns null if AbiVersion does not match the library's.
inline constexpr const char *EntrySymbol = "weftCompilerCreate";

class Compiler {
public:
  virtual ~Compiler() = default;
  /// The LLVM version the compiler was built against, e.g. "15.0.6".
  virtual std::string llvmVersion() const = 0;
  /// The Clang version string, e.g. "Debian clang version 15.0.6".
  virtual std::string clangVersion() const = 0;
};

using CreateFn = Compiler *(*)(int AbiVersion);

} // namespace weft::compiler
