// Every API test process caches its builds in the build tree, not in the user's ~/.cache: set
// before Weft reads its settings (an explicit WEFT_CACHE_DIR still wins).
#include <cstdlib>

namespace {
const int CacheInBuildTree = setenv("WEFT_CACHE_DIR", WEFT_TEST_CACHE_DIR, /*overwrite=*/0);
} // namespace
