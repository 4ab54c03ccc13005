// Surviving LLVM's and Clang's failures: a build that meets one fails, with the reason in its
// log, instead of ending the host program.
//
// LLVM ends the process on an internal error (report_fatal_error: "Cannot select: ..." in
// instruction selection, a module the verifier rejects), and Clang, like any program, on a crash
// of its own (a segmentation fault on some input, a stack overflow). Both traps jump back to
// where the work started, over the frames of the code that failed, without running their
// destructors: what that code was working on is in no state to be destroyed, so the caller
// abandon()s it (kept reachable, never freed: some megabytes per failure, which only a bug of
// LLVM's or Clang's causes). A program Clang crashed on is remembered (CrashedPrograms in
// compiler/Compiler.cpp): building it again fails with the same log without running Clang, so
// the loss does not recur.
#pragma once

#include <llvm/ADT/STLFunctionalExtras.h>

#include <memory>
#include <string>

namespace weft::compiler {

/// Runs Work; false, with LLVM's message in Reason, if LLVM reported a fatal error in it. LLVM's
/// handler is process-wide: errors outside a trap (another library using LLVM in this process)
/// are printed as LLVM prints them, and LLVM then ends the process as before.
bool underFatalErrorTrap(llvm::function_ref<void()> Work, std::string &Reason);

/// Runs Work; the signal that stopped it if it crashed (SIGSEGV, SIGBUS, SIGILL or SIGFPE raised
/// by a fault of this thread's; a stack overflow is a SIGSEGV, caught on a stack of the trap's
/// own), else 0. The handlers are installed once, process-wide; a fault outside a trap goes to
/// the handler installed before them, or ends the process as it would have without Weft.
int underCrashTrap(llvm::function_ref<void()> Work);

/// What stopped work run under both traps (underTraps); nothing if it completed.
struct Sprung {
  int Signal = 0;     ///< the crash's signal, or 0
  bool Fatal = false; ///< LLVM reported a fatal error, whose message is Reason
  std::string Reason;
  explicit operator bool() const { return Signal != 0 || Fatal; }
  /// The build log's line: "error: <Who> crashed (SIGSEGV) <Doing>" or "error: <Who> stopped
  /// with an internal error <Doing>: <Reason>".
  std::string forTheLog(const char *Who, const char *Doing) const;
};

/// Runs Work under the crash trap and, inside it, the fatal-error trap.
Sprung underTraps(llvm::function_ref<void()> Work);

/// Keeps Pointer's object forever, reachable (so that LeakSanitizer does not report it).
void keepForever(const void *Pointer);

/// Keeps Object forever: what a sprung trap leaves (see above).
template <class T> void abandon(std::unique_ptr<T> &Object) { keepForever(Object.release()); }

} // namespace weft::compiler
