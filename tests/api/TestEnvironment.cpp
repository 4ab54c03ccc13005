// Every API test process caches its builds in the build tree, not in the user's ~/.cache: set
// before Weft reads its settings (an explicit WEFT_CACHE_DIR still wins).
#include <cstdlib>

namespace {
const int CacheInBuildTree = setenv("WEFT_CACHE_DIR", WEFT_TEST_CACHE_DIR, /*overwrite=*/0);
} // namespace

#if defined(__SANITIZE_THREAD__)
// libLLVM is not instrumented: ThreadSanitizer sees its allocations and mutex calls but not the
// atomics that order them, so two threads compiling at once (Weft's compile threads, or Weft and
// PoCL in one process) show "races" on LLVM's lazily created statistics and options. A race in
// Weft's code has a Weft frame on top, which these patterns do not match.
extern "C" const char *__tsan_default_suppressions() {
  return "race_top:libLLVM-15.so\n"
         "race:llvm::TrackingStatistic::RegisterStatistic\n"
         "race:llvm::ManagedStaticBase::RegisterManagedStatic\n";
}
#endif
