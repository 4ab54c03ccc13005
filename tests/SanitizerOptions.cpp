// The sanitizer runtimes' settings for every test binary. The runtimes look these functions up
// in the dynamic symbol table (tests/CMakeLists.txt exports them; default visibility, against
// the project's -fvisibility=hidden), so the settings hold however a test is started: by ctest,
// by hand, or under a debugger.

#if defined(__SANITIZE_ADDRESS__)
// GCC 12's AddressSanitizer still guesses the bounds of a dynamic TLS block from glibc 2.19's
// block header whenever the block's address is 16 mod 4096, which is where its own allocator
// puts the first chunk of a size class. libLLVM's and libclang-cpp's thread_locals are dynamic
// TLS (the compiler is dlopen'ed), so a thread that compiles a kernel can get a block with bogus
// bounds; at exit LeakSanitizer's tracer scans it and dies ("Tracer caught signal 11 ...
// LeakSanitizer has encountered a fatal error"), in every run of a test whose main thread
// compiled when the cache was cold. Not intercepting __tls_get_addr loses no leak: glibc's
// thread vector, which LeakSanitizer scans with the thread's static TLS, points to those blocks.
//
// allocator_may_return_null: an allocation that cannot be made returns null, as glibc's does,
// instead of ending the test (Weft turns it into CL_OUT_OF_RESOURCES, and a test checks that).
extern "C" __attribute__((visibility("default"))) const char *__asan_default_options() {
  return "intercept_tls_get_addr=0:allocator_may_return_null=1";
}

// oneTBB frees an arena observer's proxy (40 bytes, allocated in tbb::detail::r1::observe) once
// no thread that was notified through it refers to it; a sub-device's arena ended while one of
// its workers still does leaves the proxy to TBB until exit (SubDevices.ReleasedWhileRunning, in
// one CI run of two under load). The allocation is TBB's, made once per sub-device.
extern "C" __attribute__((visibility("default"))) const char *__lsan_default_suppressions() {
  return "leak:tbb::detail::r1::observe\n";
}
#endif

#if defined(__SANITIZE_THREAD__)
// libLLVM and libclang-cpp are not instrumented: ThreadSanitizer sees their allocations, mem*
// calls and mutexes but not the atomics and static-initialisation guards that order them, so two
// threads compiling at once (Weft's compile threads, or Weft and PoCL in one process) show
// "races" on LLVM's lazily built statics (statistics, the driver's option table, ...). A report
// with a frame in those libraries is one of these: their own accesses are invisible to TSan, so
// nothing real is lost. A race between Weft's own accesses has no such frame. Likewise the order
// of LLVM's own locks: building the first llvm::Timer (Clang makes one for "#pragma clang __debug
// crash" even when the crash is off) takes the timer lock inside the lock that guards LLVM's
// lazily built statics, and the statics' guard inside the timer lock elsewhere, all within
// LLVM ("lock-order-inversion" with both frames in libLLVM).
// As under AddressSanitizer: an allocation that cannot be made returns null, and __tls_get_addr
// is not intercepted. GCC 12's ThreadSanitizer takes the same bogus bounds of a dynamic TLS block
// (16 mod 4096) and resets their shadow: a range spanning the address space, whose mapping fails
// and ends the test ("ThreadSanitizer failed to allocate 0x1fe181825e000 ... bytes at address
// ... (errno: 12)" in a test that compiles). The blocks come from malloc, which ThreadSanitizer
// sees: their shadow is reset when they are allocated.
extern "C" __attribute__((visibility("default"))) const char *__tsan_default_options() {
  return "intercept_tls_get_addr=0:allocator_may_return_null=1";
}
extern "C" __attribute__((visibility("default"))) const char *__tsan_default_suppressions() {
  return "race:libLLVM-15.so\n"
         "race:libclang-cpp.so\n"
         "deadlock:libLLVM-15.so\n";
}
#endif
