// Weft's program binary container: what clGetProgramInfo(CL_PROGRAM_BINARIES) returns and
// clCreateProgramWithBinary accepts. Versioned and checksummed; the code inside is LLVM bitcode
// and, for an executable, the native code built from it, which a build on the same Weft and CPU
// loads without the compiler.
#pragma once

#include <CL/cl.h>

#include <optional>
#include <string>

namespace weft::store {

struct ProgramBinary {
  cl_program_binary_type Type = CL_PROGRAM_BINARY_TYPE_NONE; ///< object, library or executable
  std::string Options; ///< the build (or compile, or link) options it was made with
  std::string Bitcode; ///< the program's module, without the built-in library
  /// An executable's native code (program-store/CacheEntry.h: encodeBuild), empty if none, and the
  /// key it is valid under (nativeKey: Weft, the compiler library, the CPU, Options, Bitcode).
  std::string Native, NativeKey;
};

/// The container's bytes: magic, format version, type, an FNV-1a checksum over the rest, options,
/// bitcode, the native key and the native code (format 2; format 1, which ends after the bitcode,
/// still reads).
std::string encodeBinary(const ProgramBinary &B);

/// Parses a container; nullopt, with what is wrong in Why, for anything malformed (wrong magic or
/// version, truncated, bad checksum, unknown type, not bitcode inside): CL_INVALID_BINARY.
std::optional<ProgramBinary> decodeBinary(const unsigned char *Data, size_t Size, std::string &Why);

} // namespace weft::store
