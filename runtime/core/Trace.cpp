// The timeline: see Trace.h.
#include "runtime/core/Trace.h"

#include "runtime/core/Clock.h"
#include "runtime/core/Config.h"

#include <atomic>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <mutex>
#include <unordered_map>

#include <immintrin.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace weft::trace {
namespace {

// Tracks of queues, numbered apart from thread ids (which Linux keeps below 2^22), and within
// 32 bits (some viewers read ids as such).
constexpr uint64_t QueueTracks = uint64_t(1) << 30;

/// A lock held for the few instructions of appending an event: the application's and the
/// workers' threads take it at once, and a mutex's sleep and wake-up would cost more than the
/// event.
class SpinLock {
public:
  void lock() {
    while (Held.test_and_set(std::memory_order_acquire))
      _mm_pause();
  }
  void unlock() { Held.clear(std::memory_order_release); }

private:
  std::atomic_flag Held = ATOMIC_FLAG_INIT;
};

/// The file, written whole events at a time: buffered, and written out once 256 KiB or 50 ms
/// have gathered (a flush per event, a system call, would cost more than the event), and at
/// exit. A crash loses at most the last 50 ms, and leaves no event cut in half.
struct Writer {
  static constexpr size_t FlushBytes = 256 << 10;
  static constexpr uint64_t FlushNs = 50'000'000;
  SpinLock PendingLock;    ///< Pending and LastFlush
  std::mutex FileLock;     ///< writing File
  std::mutex TracksLock;   ///< Queues and NamedThreads
  FILE *File = nullptr;
  std::string Pending;
  uint64_t LastFlush = 0;
  std::unordered_map<const void *, uint64_t> Queues;
  std::unordered_map<uint64_t, bool> NamedThreads;

  Writer() {
    File = std::fopen(config().TracePath.c_str(), "w");
    if (!File) {
      std::fprintf(stderr, "weft: warning: WEFT_TRACE: cannot write %s; no timeline\n",
                   config().TracePath.c_str());
      return;
    }
    std::fputs("[\n", File);
    std::fprintf(File, "{\"name\": \"process_name\", \"ph\": \"M\", \"pid\": %d, \"args\": {\"name\": \"Weft\"}},\n",
                 int(getpid()));
    std::fflush(File);
  }
  /// Writes Text out (and empties it), outside PendingLock: the other threads go on adding events.
  void writeOut(std::string &Text) {
    if (Text.empty())
      return;
    std::lock_guard Guard(FileLock);
    std::fwrite(Text.data(), 1, Text.size(), File);
    std::fflush(File);
    Text.clear();
  }
  /// Writes out what has gathered.
  void flush() {
    std::string Out;
    {
      std::lock_guard Guard(PendingLock);
      Out.swap(Pending);
    }
    if (File)
      writeOut(Out);
  }
  /// Adds one event (a whole line, "{...},\n").
  void write(std::string_view Event) {
    if (!File)
      return;
    // The thread's last write-out buffer becomes the next Pending: no allocation once grown.
    static thread_local std::string Out;
    {
      std::lock_guard Guard(PendingLock);
      Pending += Event;
      // The coarse clock (a few ms of resolution, no clock read of its own) is fine for 50 ms.
      timespec T;
      clock_gettime(CLOCK_MONOTONIC_COARSE, &T);
      const uint64_t Now = uint64_t(T.tv_sec) * 1'000'000'000 + uint64_t(T.tv_nsec);
      if (Pending.size() < FlushBytes && Now - LastFlush < FlushNs)
        return;
      LastFlush = Now;
      Out.swap(Pending);
    }
    writeOut(Out);
  }
  void nameTrack(uint64_t Track, const std::string &Name);
};

/// Never destroyed (worker threads may still write while static objects go), and flushed at exit.
Writer &writer() {
  static Writer *W = [] {
    Writer *Made = new Writer;
    std::atexit([] { writer().flush(); });
    return Made;
  }();
  return *W;
}

/// Appends Text to Out as a JSON string, quotes included.
void appendQuoted(std::string &Out, std::string_view Text) {
  Out += '"';
  for (unsigned char C : Text) {
    if (C == '"' || C == '\\') {
      Out += '\\';
      Out += char(C);
    } else if (C < 0x20) {
      char Escape[8];
      std::snprintf(Escape, sizeof Escape, "\\u%04x", C);
      Out += Escape;
    } else {
      Out += char(C);
    }
  }
  Out += '"';
}

/// An event's text, built in a buffer of the calling thread's that is reused (no allocation
/// once it has grown), with integers by to_chars: the formatting is most of what an event costs.
/// One Line at a time per thread.
struct Line {
  std::string &Text;
  Line() : Text(buffer()) { Text.assign("{"); }
  static std::string &buffer() {
    static thread_local std::string Buffer;
    return Buffer;
  }
  Line &raw(std::string_view S) {
    Text.append(S);
    return *this;
  }
  Line &number(uint64_t N) {
    char Digits[24];
    Text.append(Digits, std::to_chars(Digits, Digits + sizeof Digits, N).ptr);
    return *this;
  }
  /// Nanoseconds as the format's microseconds, to the nanosecond.
  Line &micros(uint64_t Ns) {
    number(Ns / 1000);
    const unsigned Fraction = unsigned(Ns % 1000);
    const char Three[4] = {'.', char('0' + Fraction / 100), char('0' + Fraction / 10 % 10),
                           char('0' + Fraction % 10)};
    Text.append(Three, 4);
    return *this;
  }
  Line &quoted(std::string_view S) {
    appendQuoted(Text, S);
    return *this;
  }
  /// Ends the event with the process id.
  std::string_view end() {
    static const int Pid = int(getpid());
    raw(", \"pid\": ").number(uint64_t(Pid)).raw("},\n");
    return Text;
  }
};

void Writer::nameTrack(uint64_t Track, const std::string &Name) {
  Line L;
  L.raw("\"name\": \"thread_name\", \"ph\": \"M\", \"tid\": ").number(Track).raw(", \"args\": {\"name\": ")
      .quoted(Name)
      .raw("}");
  write(L.end());
}

} // namespace

bool detail::enabled() { return !config().TracePath.empty(); }

uint64_t threadTrack() {
  static thread_local const uint64_t Id = uint64_t(syscall(SYS_gettid));
  return Id;
}

uint64_t queueTrack(const void *Queue, bool Waiting) {
  // The thread's last queue, without the lock: most threads end one queue's commands.
  static thread_local const void *LastQueue = nullptr;
  static thread_local uint64_t LastTrack = 0;
  if (Queue == LastQueue)
    return LastTrack + (Waiting ? 1 : 0);
  Writer &W = writer();
  std::lock_guard Guard(W.TracksLock);
  auto [It, New] = W.Queues.emplace(Queue, W.Queues.size() + 1);
  const uint64_t Track = QueueTracks + 2 * It->second + (Waiting ? 1 : 0);
  LastQueue = Queue;
  LastTrack = QueueTracks + 2 * It->second;
  if (New) {
    W.nameTrack(QueueTracks + 2 * It->second, "queue " + std::to_string(It->second));
    W.nameTrack(QueueTracks + 2 * It->second + 1,
                "queue " + std::to_string(It->second) + " (waiting)");
  }
  return Track;
}

void nameThread(const char *Name) {
  static thread_local bool Named = false;
  if (Named)
    return;
  Named = true;
  Writer &W = writer();
  const uint64_t Track = threadTrack();
  std::lock_guard Guard(W.TracksLock);
  if (W.NamedThreads.emplace(Track, true).second)
    W.nameTrack(Track, std::string(Name) + " " + std::to_string(Track));
}

void slice(std::string_view Category, std::string_view Name, uint64_t StartNs, uint64_t EndNs,
           uint64_t Track, std::string_view Args) {
  Line L;
  L.raw("\"name\": ").quoted(Name).raw(", \"cat\": ").quoted(Category).raw(", \"ph\": \"X\", \"ts\": ")
      .micros(StartNs)
      .raw(", \"dur\": ")
      .micros(EndNs > StartNs ? EndNs - StartNs : 0)
      .raw(", \"tid\": ")
      .number(Track);
  if (!Args.empty())
    L.raw(", \"args\": {").raw(Args).raw("}");
  writer().write(L.end());
}

void instant(std::string_view Category, std::string_view Name, std::string_view Args) {
  Line L;
  L.raw("\"name\": ").quoted(Name).raw(", \"cat\": ").quoted(Category)
      .raw(", \"ph\": \"i\", \"s\": \"t\", \"ts\": ")
      .micros(hostTimeNs())
      .raw(", \"tid\": ")
      .number(threadTrack());
  if (!Args.empty())
    L.raw(", \"args\": {").raw(Args).raw("}");
  writer().write(L.end());
}

std::string quoted(std::string_view Text) {
  std::string Out;
  appendQuoted(Out, Text);
  return Out;
}

bool shownCall(std::string_view F) {
  return F.starts_with("clEnqueue") || F == "clFinish" || F == "clFlush" ||
         F == "clWaitForEvents" || F == "clBuildProgram" || F == "clCompileProgram" ||
         F == "clLinkProgram";
}

} // namespace weft::trace
