// The timeline (WEFT_TRACE=file.json): Chrome trace-event JSON that ui.perfetto.dev and
// chrome://tracing open. One process; tracks are threads: each application thread (the API calls
// that enqueue, wait or build, as slices), each command-queue (its commands, from the moment they
// start to their end, and before that a "waiting" slice on the queue's second track), and each
// worker thread (the chunks of work-groups it ran). Each thread copies its events raw into a
// block of its own, which a writer thread formats into the file every 50 ms (and at exit), so a
// program that crashes still leaves a file the viewers read (the format allows the closing
// bracket to be missing). Nothing is done, beyond one test of a flag, while it is off.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace weft::trace {

namespace detail {
bool enabled(); // reads config() once
}

/// Whether WEFT_TRACE names a file (read once).
inline bool on() {
  static const bool On = detail::enabled();
  return On;
}

/// The timeline's clock: the CPU's time-stamp counter where it runs at a constant rate on every
/// core (about a third of CLOCK_MONOTONIC's cost in a VM, and a launch stamps a dozen times), else
/// hostTimeNs(). The writer turns its ticks into hostTimeNs()'s nanoseconds.
uint64_t now();

/// The calling thread's track.
uint64_t threadTrack();
/// Queue's tracks: its commands' (Waiting false) and their waiting before they start (true),
/// named "queue N" and "queue N (waiting)" at first use.
uint64_t queueTrack(const void *Queue, bool Waiting);
/// Names the calling thread's track once ("worker", for the device's threads).
void nameThread(const char *Name);

/// How an event's arguments are given: text, or numbers the writer formats (so that recording
/// formats nothing).
enum class ArgsForm : uint8_t {
  None,
  Text,      ///< a JSON object's members ("\"key\": value, ...")
  Groups,    ///< "groups": "A-B"
  Status,    ///< "status": A (a cl_int)
  Submitted, ///< "submitted_after_us": from the slice's start to A (a time in the slice's clock)
  Bytes,     ///< "bytes": A
};

struct Args {
  ArgsForm Form = ArgsForm::None;
  std::string_view Text;
  uint64_t A = 0, B = 0;

  Args() = default;
  Args(std::string_view Text) : Form(ArgsForm::Text), Text(Text) {}
  Args(ArgsForm Form, uint64_t A, uint64_t B = 0) : Form(Form), A(A), B(B) {}
};

/// A slice [Start, End) of Category named Name on Track. Its times are now()'s ticks, or
/// hostTimeNs()'s nanoseconds where InNs (a profiled command's stamps).
void slice(std::string_view Category, std::string_view Name, uint64_t Start, uint64_t End,
           uint64_t Track, Args Arguments = {}, bool InNs = false);
/// An instant event on the calling thread's track.
void instant(std::string_view Category, std::string_view Name, std::string_view Text = {});

/// Text as a JSON string, quotes included.
std::string quoted(std::string_view Text);

/// Whether the entry point Function is one the timeline shows: those that enqueue, wait or build.
bool shownCall(std::string_view Function);

} // namespace weft::trace
