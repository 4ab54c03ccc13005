// The built-in library's bitcode, embedded at build time (builtins/, cmake/Embed.cmake).
#pragma once

#include <string_view>

namespace weft::compiler {

/// The bytes of the built-in library's bitcode (builtins/: every module linked into one).
std::string_view builtinLibrary();

} // namespace weft::compiler
