// A disk-cache entry's file, read, decoded and loaded (relocated, not run), as a cache hit does:
// the input is written as the entry of one key in a directory of this process's own, then looked
// up. The key is the seed entry's (corpus/cache-entry/<key>.weft), which the entry records. The
// file's checksum (bytes 8 to 16, FNV-1a of what follows) is made right first, as a crafted entry
// would have it: otherwise nearly every mutation would stop there.
#include "program-store/CacheEntry.h"
#include "program-store/Serialization.h"

#include <cstring>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>

namespace {

constexpr char Key[] = "989518072978c200a1aa306c82ddf17881128ce952703899e0d226700b3ba88e";

const std::string &directory() {
  static const std::string Dir = [] {
    char Template[] = "/tmp/weft-fuzz-cache-XXXXXX";
    const char *Made = mkdtemp(Template);
    if (!Made)
      std::abort();
    return std::string(Made);
  }();
  return Dir;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string Bytes(reinterpret_cast<const char *>(Data), Size);
  if (Size >= 16) {
    const uint64_t Sum = weft::store::fnv1a(Bytes.data() + 16, Size - 16);
    std::memcpy(Bytes.data() + 8, &Sum, 8);
  }
  {
    std::ofstream Out(directory() + "/" + Key + ".weft", std::ios::binary | std::ios::trunc);
    Out.write(Bytes.data(), std::streamsize(Bytes.size()));
  }
  std::string Why;
  (void)weft::store::loadCachedBuild(directory(), Key, Why);
  return 0;
}
