// clBuildProgram's, clCompileProgram's and clLinkProgram's options strings.
#include "compiler/Options.h"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  const std::string Options(reinterpret_cast<const char *>(Data), Size);
  (void)weft::compiler::parseBuildOptions(Options);
  (void)weft::compiler::parseLinkOptions(Options);
  return 0;
}
