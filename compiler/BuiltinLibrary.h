// The built-in library's bitcode, embedded at build time (builtins/, cmake/Embed.cmake).
#pragma once

#include <string_view>

namespace weft::compiler {

/// The bytes of the built-in library's bitcode (builtins/: every module linked into one).
std::string_view builtinLibrary();
/// Its SHA-256, as 64 lowercase hex digits (computed when it was embedded).
std::string_view builtinLibraryHash();

} // namespace weft::compiler
