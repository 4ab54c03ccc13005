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

/// The calling thread's track.
uint64_t threadTrack();
/// Queue's tracks: its commands' (Waiting false) and their waiting before they start (true),
/// named "queue N" and "queue N (waiting)" at first use.
uint64_t queueTrack(const void *Queue, bool Waiting);
/// Names the calling thread's track once ("worker", for the device's threads).
void nameThread(const char *Name);

/// A slice [StartNs, EndNs) of Category named Name on Track; Args is a JSON object's members
/// ("\"key\": value, ..."), or empty.
void slice(std::string_view Category, std::string_view Name, uint64_t StartNs, uint64_t EndNs,
           uint64_t Track, std::string_view Args = {});
/// An instant event on the calling thread's track.
void instant(std::string_view Category, std::string_view Name, std::string_view Args = {});

/// Text as a JSON string, quotes included.
std::string quoted(std::string_view Text);

/// Whether the entry point Function is one the timeline shows: those that enqueue, wait or build.
bool shownCall(std::string_view Function);

} // namespace weft::trace
