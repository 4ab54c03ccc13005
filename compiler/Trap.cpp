#include "compiler/Trap.h"

#include <llvm/ADT/ScopeExit.h>
#include <llvm/Support/ErrorHandling.h>
#include <llvm/Support/PrettyStackTrace.h>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#endif

#include <atomic>
#include <csetjmp>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <mutex>
#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <vector>

namespace weft::compiler {
namespace {

thread_local std::jmp_buf *TrapJump = nullptr;
thread_local std::string *TrapReason = nullptr;

void onFatalError(void *, const char *Reason, bool) {
  if (std::jmp_buf *Jump = TrapJump) {
    TrapJump = nullptr;
    *TrapReason = Reason;
    std::longjmp(*Jump, 1);
  }
  std::fprintf(stderr, "LLVM ERROR: %s\n", Reason);
}

// The crash trap's handler finds the trapped threads by their ids: a signal handler may use only
// async-signal-safe means, and a thread_local of a library opened with dlopen may allocate at its
// first use on a thread.
struct Guard {
  std::atomic<pid_t> Thread{0}; ///< 0: free; -1: being set up
  sigjmp_buf Jump;
  volatile sig_atomic_t Signal = 0;
};
constexpr int CrashSignals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE};
Guard Guards[64];              // more Clang runs at once than that run untrapped
struct sigaction Before[NSIG]; // the handlers installed before the trap's, written once

pid_t threadId() { return pid_t(syscall(SYS_gettid)); }

void onCrash(int Signal, siginfo_t *Info, void *Context) {
  if (Info->si_code > 0) { // a fault; not a signal another thread or process sent
    const pid_t Self = threadId();
    for (Guard &G : Guards)
      if (G.Thread.load(std::memory_order_acquire) == Self) {
        G.Signal = Signal;
        siglongjmp(G.Jump, 1);
      }
  }
  // Not Clang's: what would have happened without Weft.
  const struct sigaction &Old = Before[Signal];
  if (Old.sa_handler != SIG_DFL && Old.sa_handler != SIG_IGN) { // one field with sa_sigaction
    if (Old.sa_flags & SA_SIGINFO)
      Old.sa_sigaction(Signal, Info, Context);
    else
      Old.sa_handler(Signal);
    return;
  }
  if (Old.sa_handler == SIG_IGN && Info->si_code <= 0)
    return;
  // The default action: a fault happens again when the handler returns; a signal that was sent
  // is sent again, and delivered then (it is blocked in its handler).
  std::signal(Signal, SIG_DFL);
  if (Info->si_code <= 0)
    std::raise(Signal);
}

/// Under AddressSanitizer: clears the marks the skipped frames left on the stack below Here (the
/// jump came from the handler's stack, so AddressSanitizer's own clearing skips a stack as large
/// as Clang's, with a warning).
void unpoisonStackBelow(const void *Here) {
#if defined(__SANITIZE_ADDRESS__)
  pthread_attr_t Attributes;
  void *Low = nullptr;
  size_t Bytes = 0;
  if (pthread_getattr_np(pthread_self(), &Attributes) != 0)
    return;
  if (pthread_attr_getstack(&Attributes, &Low, &Bytes) == 0 && Low < Here)
    __asan_unpoison_memory_region(
        Low, size_t(static_cast<const char *>(Here) - static_cast<char *>(Low)));
  pthread_attr_destroy(&Attributes);
#else
  (void)Here;
#endif
}

void installCrashHandlers() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    struct sigaction Action = {};
    Action.sa_sigaction = onCrash;
    Action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&Action.sa_mask);
    for (int Signal : CrashSignals) {
      sigaction(Signal, nullptr, &Before[Signal]);
      sigaction(Signal, &Action, nullptr);
    }
  });
}

} // namespace

bool underFatalErrorTrap(llvm::function_ref<void()> Work, std::string &Reason) {
  static std::once_flag Once;
  std::call_once(Once, [] { llvm::install_fatal_error_handler(onFatalError); });
  std::jmp_buf Jump;
  std::jmp_buf *const Outer = TrapJump;
  std::string *const OuterReason = TrapReason;
  // LLVM's passes push entries for its crash reports on a per-thread list; the jump skips their
  // removal.
  const void *const PrettyStack = llvm::SavePrettyStackState();
  TrapJump = &Jump;
  TrapReason = &Reason;
  bool Completed = false;
  if (setjmp(Jump) == 0) {
    Work();
    Completed = true;
  } else {
    llvm::RestorePrettyStackState(PrettyStack);
  }
  TrapJump = Outer;
  TrapReason = OuterReason;
  return Completed;
}

int underCrashTrap(llvm::function_ref<void()> Work) {
  installCrashHandlers();
  // A trap inside another on this thread shares its slot: the fault must go to the innermost.
  const pid_t Self = threadId();
  // (No break at the match: with one, GCC's -Wclobbered, in the ThreadSanitizer build, takes the
  // loop's iterator for a variable the sigsetjmp below may clobber.)
  Guard *G = nullptr;
  for (Guard &Slot : Guards)
    if (Slot.Thread.load(std::memory_order_acquire) == Self)
      G = &Slot;
  const bool Nested = G != nullptr;
  for (size_t I = 0; !G && I < std::size(Guards); ++I)
    if (pid_t Free = 0; Guards[I].Thread.compare_exchange_strong(Free, -1))
      G = &Guards[I];
  if (!G) {
    Work();
    return 0;
  }
  sigjmp_buf Outer;
  if (Nested)
    std::memcpy(&Outer, &G->Jump, sizeof Outer);
  // A stack overflow leaves no stack for the handler: it runs on one of the trap's (the outer
  // trap's, nested).
  constexpr size_t AltBytes = 64 << 10;
  std::unique_ptr<char[]> AltStack;
  stack_t Mine = {}, Theirs = {};
  bool OwnAltStack = false;
  if (!Nested) {
    AltStack = std::make_unique<char[]>(AltBytes);
    Mine.ss_sp = AltStack.get();
    Mine.ss_size = AltBytes;
    OwnAltStack = sigaltstack(&Mine, &Theirs) == 0;
  }
  // Whatever ends Work (an exception too), the slot and the alternate stack are given back.
  auto GiveBack = llvm::make_scope_exit([&] {
    if (Nested)
      std::memcpy(&G->Jump, &Outer, sizeof Outer);
    else
      G->Thread.store(0, std::memory_order_release);
    if (!OwnAltStack)
      return;
    if (Theirs.ss_flags & SS_DISABLE) {
      stack_t Off = {};
      Off.ss_flags = SS_DISABLE;
      sigaltstack(&Off, nullptr);
    } else {
      sigaltstack(&Theirs, nullptr);
    }
  });
  // What the jump skips: the pretty-stack-trace list's removals, and a fatal-error trap's end.
  const void *const PrettyStack = llvm::SavePrettyStackState();
  std::jmp_buf *const FatalJump = TrapJump;
  std::string *const FatalReason = TrapReason;
  G->Signal = 0;
  int Signal = 0;
  if (sigsetjmp(G->Jump, 1) == 0) {
    G->Thread.store(Self, std::memory_order_release);
    Work();
  } else {
    Signal = G->Signal;
    llvm::RestorePrettyStackState(PrettyStack);
    TrapJump = FatalJump;
    TrapReason = FatalReason;
    unpoisonStackBelow(&Signal);
  }
  return Signal;
}

std::string Sprung::forTheLog(const char *Who, const char *Doing) const {
  if (Signal)
    return std::string("error: ") + Who + " crashed (SIG" + sigabbrev_np(Signal) + ") " + Doing +
           "\n";
  return std::string("error: ") + Who + " stopped with an internal error " + Doing + ": " + Reason +
         "\n";
}

Sprung underTraps(llvm::function_ref<void()> Work) {
  Sprung Out;
  bool Completed = false;
  Out.Signal = underCrashTrap([&] { Completed = underFatalErrorTrap(Work, Out.Reason); });
  Out.Fatal = !Out.Signal && !Completed;
  return Out;
}

void keepForever(const void *Pointer) {
  static std::mutex Lock;
  static auto *Kept = new std::vector<const void *>; // never destroyed
  std::lock_guard<std::mutex> Guard(Lock);
  Kept->push_back(Pointer);
}

} // namespace weft::compiler
