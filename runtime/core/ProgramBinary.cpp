// Weft's program binary container: encoding and strict decoding.
#include "runtime/core/ProgramBinary.h"

#include <cstring>

namespace weft {
namespace {

constexpr char Magic[8] = {'W', 'E', 'F', 'T', 'B', 'I', 'N', '\0'};
constexpr uint32_t FormatVersion = 1;
// Layout: magic[8] version:u32 type:u32 checksum:u64 | options:len+bytes bitcode:len+bytes,
// lengths as u64; the checksum covers everything after itself.
constexpr size_t HeaderSize = sizeof Magic + 4 + 4 + 8;

uint64_t fnv1a(const char *Data, size_t Size) {
  uint64_t H = 0xcbf29ce484222325ull;
  for (size_t I = 0; I < Size; ++I)
    H = (H ^ uint8_t(Data[I])) * 0x100000001b3ull;
  return H;
}

template <class T> void put(std::string &Out, T V) { Out.append(reinterpret_cast<char *>(&V), sizeof V); }

} // namespace

std::string encodeBinary(const ProgramBinary &B) {
  std::string Body;
  put<uint64_t>(Body, B.Options.size());
  Body += B.Options;
  put<uint64_t>(Body, B.Bitcode.size());
  Body += B.Bitcode;
  std::string Out(Magic, sizeof Magic);
  put<uint32_t>(Out, FormatVersion);
  put<uint32_t>(Out, uint32_t(B.Type));
  put<uint64_t>(Out, fnv1a(Body.data(), Body.size()));
  return Out + Body;
}

Expected<ProgramBinary> decodeBinary(const unsigned char *Data, size_t Size) {
  auto Invalid = [](const std::string &Why) { return Error(CL_INVALID_BINARY, Why); };
  if (!Data || Size < HeaderSize)
    return Invalid(cat("the binary has ", Size, " bytes, fewer than a Weft binary's header"));
  const char *P = reinterpret_cast<const char *>(Data);
  if (std::memcmp(P, Magic, sizeof Magic) != 0)
    return Invalid("not a Weft program binary (wrong magic)");
  uint32_t Version, Type;
  uint64_t Checksum;
  std::memcpy(&Version, P + 8, 4);
  std::memcpy(&Type, P + 12, 4);
  std::memcpy(&Checksum, P + 16, 8);
  if (Version != FormatVersion)
    return Invalid(cat("binary format version ", Version, ", this Weft reads ", FormatVersion));
  if (Type != CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT && Type != CL_PROGRAM_BINARY_TYPE_LIBRARY &&
      Type != CL_PROGRAM_BINARY_TYPE_EXECUTABLE)
    return Invalid(cat("unknown binary type ", hex(Type)));
  if (fnv1a(P + HeaderSize, Size - HeaderSize) != Checksum)
    return Invalid("the binary is corrupt (checksum mismatch)");
  ProgramBinary B;
  B.Type = Type;
  size_t At = HeaderSize;
  auto Field = [&](std::string &Into) -> bool {
    uint64_t Length;
    if (Size - At < sizeof Length)
      return false;
    std::memcpy(&Length, P + At, sizeof Length);
    At += sizeof Length;
    if (Length > Size - At)
      return false;
    Into.assign(P + At, Length);
    At += Length;
    return true;
  };
  if (!Field(B.Options) || !Field(B.Bitcode) || At != Size)
    return Invalid("the binary is truncated or has trailing bytes");
  if (B.Bitcode.size() < 4 || std::memcmp(B.Bitcode.data(), "BC\xc0\xde", 4) != 0)
    return Invalid("the binary does not hold LLVM bitcode");
  return B;
}

} // namespace weft
