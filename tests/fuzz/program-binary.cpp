// A program binary as clCreateProgramWithBinary takes it: the container is decoded; where it
// holds native code, that is decoded and loaded (relocated, not run), as a build from the binary
// on the same Weft and CPU does. The container's checksum (bytes 16 to 24, FNV-1a of what follows
// the 24-byte header) is made right first, as a crafted binary would have it: otherwise nearly
// every mutation would stop there.
#include "program-store/CacheEntry.h"
#include "program-store/ProgramBinary.h"
#include "program-store/Serialization.h"

#include <cstring>
#include <vector>

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::vector<uint8_t> Bytes(Data, Data + Size);
  if (Size >= 24) {
    const uint64_t Sum = weft::store::fnv1a(reinterpret_cast<const char *>(Bytes.data()) + 24, Size - 24);
    std::memcpy(Bytes.data() + 16, &Sum, 8);
  }
  std::string Why;
  std::optional<weft::store::ProgramBinary> B = weft::store::decodeBinary(Bytes.data(), Size, Why);
  if (!B || B->Native.empty())
    return 0;
  if (std::optional<weft::store::CachedBuild> Build = weft::store::decodeBuild(B->Native))
    (void)weft::store::loadBuild(std::move(*Build), Why);
  return 0;
}
