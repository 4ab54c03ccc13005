// Weft's program binary container: encoding and strict decoding.
#include "program-store/ProgramBinary.h"

#include "program-store/Serialization.h"

#include <cstring>

namespace weft::store {
namespace {

constexpr char Magic[8] = {'W', 'E', 'F', 'T', 'B', 'I', 'N', '\0'};
constexpr uint32_t FormatVersion = 2;
// Layout: magic[8] version:u32 type:u32 checksum:u64 | options bitcode native-key native, each
// as u64 length and bytes; the checksum covers everything after itself. Format 1 had no
// native-key and native fields.
constexpr size_t HeaderSize = sizeof Magic + 4 + 4 + 8;

} // namespace

std::string encodeBinary(const ProgramBinary &B) {
  Writer Body;
  Body.put(B.Options);
  Body.put(B.Bitcode);
  Body.put(B.NativeKey);
  Body.put(B.Native);
  Writer Out;
  Out.Out.assign(Magic, sizeof Magic);
  Out.put<uint32_t>(FormatVersion);
  Out.put<uint32_t>(uint32_t(B.Type));
  Out.put<uint64_t>(fnv1a(Body.Out.data(), Body.Out.size()));
  return Out.Out + Body.Out;
}

std::optional<ProgramBinary> decodeBinary(const unsigned char *Data, size_t Size, std::string &Why) {
  auto Invalid = [&Why](std::string Reason) -> std::optional<ProgramBinary> {
    Why = std::move(Reason);
    return std::nullopt;
  };
  if (!Data || Size < HeaderSize)
    return Invalid("the binary has " + std::to_string(Size) + " bytes, fewer than a Weft binary's header");
  const char *P = reinterpret_cast<const char *>(Data);
  if (std::memcmp(P, Magic, sizeof Magic) != 0)
    return Invalid("not a Weft program binary (wrong magic)");
  uint32_t Version, Type;
  uint64_t Checksum;
  std::memcpy(&Version, P + 8, 4);
  std::memcpy(&Type, P + 12, 4);
  std::memcpy(&Checksum, P + 16, 8);
  if (Version != 1 && Version != FormatVersion)
    return Invalid("binary format version " + std::to_string(Version) + ", this Weft reads 1 and " +
                   std::to_string(FormatVersion));
  if (Type != CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT && Type != CL_PROGRAM_BINARY_TYPE_LIBRARY &&
      Type != CL_PROGRAM_BINARY_TYPE_EXECUTABLE)
    return Invalid("unknown binary type " + std::to_string(Type));
  if (fnv1a(P + HeaderSize, Size - HeaderSize) != Checksum)
    return Invalid("the binary is corrupt (checksum mismatch)");
  ProgramBinary B;
  B.Type = Type;
  Reader Fields(P, Size, HeaderSize);
  if (!Fields.get(B.Options) || !Fields.get(B.Bitcode) ||
      (Version >= 2 && (!Fields.get(B.NativeKey) || !Fields.get(B.Native))) || !Fields.done())
    return Invalid("the binary is truncated or has trailing bytes");
  if (!B.Native.empty() && Type != CL_PROGRAM_BINARY_TYPE_EXECUTABLE)
    return Invalid("the binary holds native code but is not an executable");
  if (B.Bitcode.size() < 4 || std::memcmp(B.Bitcode.data(), "BC\xc0\xde", 4) != 0)
    return Invalid("the binary does not hold LLVM bitcode");
  return B;
}

} // namespace weft::store
