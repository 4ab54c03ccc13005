// The built-in library's bitcode, embedded at build time (builtins/, cmake/Embed.cmake).
#pragma once

#include <cstddef>

namespace weft::compiler {

extern const unsigned char BuiltinLibrary[];
extern const size_t BuiltinLibrarySize;

} // namespace weft::compiler
