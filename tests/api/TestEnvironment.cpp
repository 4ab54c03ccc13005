// Every API test process caches its builds in the build tree, not in the user's ~/.cache: set
// before Weft reads its settings (an explicit WEFT_CACHE_DIR still wins).
#include <cstdlib>

namespace {
const int CacheInBuildTree = setenv("WEFT_CACHE_DIR", WEFT_TEST_CACHE_DIR, /*overwrite=*/0);
} // namespace

#if defined(__SANITIZE_THREAD__)
// libLLVM and libclang-cpp are not instrumented: ThreadSanitizer sees their allocations, mem*
// calls and mutexes but not the atomics and static-initialisation guards that order them, so two
// threads compiling at once (Weft's compile threads, or Weft and PoCL in one process) show
// "races" on LLVM's lazily built statics (statistics, the driver's option table, ...). A report
// with a frame in those libraries is one of these: their own accesses are invisible to TSan, so
// nothing real is lost. A race between Weft's own accesses has no such frame. (Default
// visibility, against the project's -fvisibility=hidden: libtsan looks the function up.)
extern "C" __attribute__((visibility("default"))) const char *__tsan_default_suppressions() {
  return "race:libLLVM-15.so\n"
         "race:libclang-cpp.so\n";
}
#endif
