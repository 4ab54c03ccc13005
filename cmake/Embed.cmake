# Writes OUTPUT, a C++ file defining weft::compiler::BuiltinLibrary (the bytes of INPUT).
file(READ ${INPUT} Hex HEX)
string(LENGTH "${Hex}" Length)
math(EXPR Size "${Length} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," Bytes "${Hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" Bytes "${Bytes}")
file(WRITE ${OUTPUT} "// Generated from ${INPUT} by cmake/Embed.cmake: do not edit.
#include <cstddef>
namespace weft::compiler {
extern const unsigned char BuiltinLibrary[] = {
${Bytes}};
extern const size_t BuiltinLibrarySize = ${Size};
} // namespace weft::compiler
")
