// The traps of compiler/Trap.h on their own, with the failures made on purpose (no program makes
// Clang or LLVM crash on demand, but for Clang's stack overflow: FrontendTest.cpp).
#include "compiler/Trap.h"

#include <gtest/gtest.h>
#include <llvm/Support/ErrorHandling.h>

#include <csignal>
#include <cstdint>
#include <cstring>
#include <thread>
#include <unistd.h>
#include <vector>

namespace weft::compiler {
namespace {

/// Recurses until the stack runs out (the volatile array keeps each frame; the stack ends long
/// before Depth reaches Never).
volatile int Never = -1;
int overflow(int Depth) {
  if (Depth == Never)
    return 0;
  volatile char Frame[256];
  Frame[Depth % sizeof Frame] = char(Depth);
  return overflow(Depth + 1) + Frame[0];
}

TEST(Trap, WorkThatCompletesIsNotStopped) {
  int Ran = 0;
  Sprung Stopped = underTraps([&] { Ran = 1; });
  EXPECT_FALSE(Stopped);
  EXPECT_EQ(Ran, 1);
}

TEST(Trap, ASegmentationFaultIsCaught) {
  Sprung Stopped = underTraps([] { *static_cast<volatile int *>(nullptr) = 1; });
  EXPECT_EQ(Stopped.Signal, SIGSEGV);
  EXPECT_FALSE(Stopped.Fatal);
  EXPECT_EQ(Stopped.forTheLog("Clang", "compiling this program"),
            "error: Clang crashed (SIGSEGV) compiling this program\n");
}

TEST(Trap, AnIllegalInstructionIsCaught) {
  EXPECT_EQ(underTraps([] { __builtin_trap(); }).Signal, SIGILL);
}

TEST(Trap, AStackOverflowIsCaught) {
  // On a thread of its own, as Clang runs on one (the trap's handler runs on a stack of its own,
  // there being none left).
  Sprung Stopped;
  std::thread([&] { Stopped = underTraps([] { overflow(0); }); }).join();
  EXPECT_EQ(Stopped.Signal, SIGSEGV);
}

TEST(Trap, LlvmsFatalErrorIsCaught) {
  Sprung Stopped = underTraps([] { llvm::report_fatal_error("made on purpose"); });
  EXPECT_TRUE(Stopped.Fatal);
  EXPECT_EQ(Stopped.Signal, 0);
  EXPECT_EQ(Stopped.forTheLog("LLVM", "while compiling this program"),
            "error: LLVM stopped with an internal error while compiling this program: made on "
            "purpose\n");
}

// After a crash the fatal-error trap around it is still in force (the jump skipped the inner
// trap's end), and further traps work.
TEST(Trap, TrapsNestAndWorkAgainAfterACrash) {
  std::string Reason;
  bool Completed = underFatalErrorTrap(
      [&] {
        EXPECT_EQ(underCrashTrap([] { *static_cast<volatile int *>(nullptr) = 1; }), SIGSEGV);
        llvm::report_fatal_error("after the crash");
      },
      Reason);
  EXPECT_FALSE(Completed);
  EXPECT_EQ(Reason, "after the crash");
  for (int I = 0; I < 3; ++I)
    EXPECT_EQ(underTraps([] { *static_cast<volatile int *>(nullptr) = 1; }).Signal, SIGSEGV) << I;
}

// A crash trap inside another on the same thread catches the faults in it; the outer one then
// still catches its own.
TEST(Trap, TheInnermostCrashTrapCatches) {
  int Inner = -1;
  bool AfterInner = false;
  const int Outer = underCrashTrap([&] {
    Inner = underCrashTrap([] { *static_cast<volatile int *>(nullptr) = 1; });
    AfterInner = true;
    __builtin_trap();
  });
  EXPECT_EQ(Inner, SIGSEGV);
  EXPECT_TRUE(AfterInner);
  EXPECT_EQ(Outer, SIGILL);
  EXPECT_EQ(underTraps([] { *static_cast<volatile int *>(nullptr) = 1; }).Signal, SIGSEGV);
}

TEST(Trap, ThreadsCrashingAtOnceEachCatchTheirOwn) {
  std::vector<std::thread> Threads;
  std::vector<int> Signals(8, -1);
  for (size_t I = 0; I < Signals.size(); ++I)
    Threads.emplace_back([&, I] {
      // Each at an address of its own in the unmapped first page: ThreadSanitizer checks a
      // write before it faults, and took the same address written by two threads for a race.
      Signals[I] = underTraps([I] {
                     if (I % 2)
                       *reinterpret_cast<volatile int *>(uintptr_t(I) * 64) = 1;
                   }).Signal;
    });
  for (std::thread &T : Threads)
    T.join();
  for (size_t I = 0; I < Signals.size(); ++I)
    EXPECT_EQ(Signals[I], I % 2 ? SIGSEGV : 0) << I;
}

// A fault outside a trap goes to the handler installed before the trap's: here one that exits
// with 42; without one, the default action ends the process with the signal.
TEST(TrapDeathTest, FaultsOutsideATrapGoWhereTheyWouldHaveGone) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        struct sigaction Host = {};
        Host.sa_handler = [](int) { _exit(42); };
        sigaction(SIGSEGV, &Host, nullptr);
        underTraps([] {});
        *static_cast<volatile int *>(nullptr) = 1;
      },
      testing::ExitedWithCode(42), "");
#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__) // theirs would report it
  EXPECT_EXIT(
      {
        signal(SIGSEGV, SIG_DFL);
        underTraps([] {});
        *static_cast<volatile int *>(nullptr) = 1;
      },
      testing::KilledBySignal(SIGSEGV), "");
#endif
}

} // namespace
} // namespace weft::compiler
