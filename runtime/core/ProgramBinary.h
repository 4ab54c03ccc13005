// Weft's program binary container: what clGetProgramInfo(CL_PROGRAM_BINARIES) returns and
// clCreateProgramWithBinary accepts. Versioned and checksummed; the code inside is LLVM bitcode.
#pragma once

#include "runtime/core/Error.h"

#include <CL/cl.h>

#include <string>

namespace weft {

struct ProgramBinary {
  cl_program_binary_type Type = CL_PROGRAM_BINARY_TYPE_NONE; ///< object, library or executable
  std::string Options; ///< the build (or compile, or link) options it was made with
  std::string Bitcode; ///< the program's module, without the built-in library
};

/// The container's bytes: magic, format version, type, LLVM version, options, bitcode, and an
/// FNV-1a checksum over all of it.
std::string encodeBinary(const ProgramBinary &B);

/// Parses a container; CL_INVALID_BINARY, with what is wrong, for anything malformed (wrong
/// magic or version, truncated, bad checksum, unknown type, not bitcode inside).
Expected<ProgramBinary> decodeBinary(const unsigned char *Data, size_t Size);

} // namespace weft
