// The timeline: see Trace.h.
#include "runtime/core/Trace.h"

#include "runtime/core/Clock.h"
#include "runtime/core/Config.h"

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <unordered_map>

#include <sys/syscall.h>
#include <unistd.h>

namespace weft::trace {
namespace {

// Tracks of queues, numbered apart from thread ids (which Linux keeps below 2^22), and within
// 32 bits (some viewers read ids as such).
constexpr uint64_t QueueTracks = uint64_t(1) << 30;

/// The file, written whole events at a time: buffered, and flushed once 256 KiB or 50 ms have
/// gathered (a flush per event, a system call, cost 3 µs an event), and at exit. A crash loses
/// at most the last 50 ms, and leaves no event cut in half.
struct Writer {
  static constexpr size_t FlushBytes = 256 << 10;
  static constexpr uint64_t FlushNs = 50'000'000;
  std::mutex Lock;
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
  /// Writes out what has gathered, under Lock.
  void flush() {
    if (File && !Pending.empty()) {
      std::fwrite(Pending.data(), 1, Pending.size(), File);
      std::fflush(File);
    }
    Pending.clear();
  }
  /// Adds one event (its members, without braces), under Lock.
  void write(const std::string &Members) {
    if (!File)
      return;
    Pending += "{" + Members + ", \"pid\": " + std::to_string(getpid()) + "},\n";
    const uint64_t Now = hostTimeNs();
    if (Pending.size() >= FlushBytes || Now - LastFlush >= FlushNs) {
      flush();
      LastFlush = Now;
    }
  }
  void nameTrack(uint64_t Track, const std::string &Name) {
    write("\"name\": \"thread_name\", \"ph\": \"M\", \"tid\": " + std::to_string(Track) +
          ", \"args\": {\"name\": " + quoted(Name) + "}");
  }
};

/// Never destroyed (worker threads may still write while static objects go), and flushed at exit.
Writer &writer() {
  static Writer *W = [] {
    Writer *Made = new Writer;
    std::atexit([] {
      Writer &Self = writer();
      std::lock_guard Guard(Self.Lock);
      Self.flush();
    });
    return Made;
  }();
  return *W;
}

/// Nanoseconds as the format's microseconds, to the nanosecond.
std::string micros(uint64_t Ns) {
  char Text[32];
  std::snprintf(Text, sizeof Text, "%llu.%03llu", (unsigned long long)(Ns / 1000),
                (unsigned long long)(Ns % 1000));
  return Text;
}

} // namespace

bool detail::enabled() { return !config().TracePath.empty(); }

uint64_t threadTrack() {
  static thread_local const uint64_t Id = uint64_t(syscall(SYS_gettid));
  return Id;
}

uint64_t queueTrack(const void *Queue, bool Waiting) {
  Writer &W = writer();
  std::lock_guard Guard(W.Lock);
  auto [It, New] = W.Queues.emplace(Queue, W.Queues.size() + 1);
  const uint64_t Track = QueueTracks + 2 * It->second + (Waiting ? 1 : 0);
  if (New) {
    W.nameTrack(QueueTracks + 2 * It->second, "queue " + std::to_string(It->second));
    W.nameTrack(QueueTracks + 2 * It->second + 1,
                "queue " + std::to_string(It->second) + " (waiting)");
  }
  return Track;
}

void nameThread(const char *Name) {
  Writer &W = writer();
  const uint64_t Track = threadTrack();
  std::lock_guard Guard(W.Lock);
  if (W.NamedThreads.emplace(Track, true).second)
    W.nameTrack(Track, std::string(Name) + " " + std::to_string(Track));
}

void slice(std::string_view Category, std::string_view Name, uint64_t StartNs, uint64_t EndNs,
           uint64_t Track, std::string_view Args) {
  std::string Members = "\"name\": " + quoted(Name) + ", \"cat\": " + quoted(Category) +
                        ", \"ph\": \"X\", \"ts\": " + micros(StartNs) +
                        ", \"dur\": " + micros(EndNs > StartNs ? EndNs - StartNs : 0) +
                        ", \"tid\": " + std::to_string(Track);
  if (!Args.empty())
    Members += ", \"args\": {" + std::string(Args) + "}";
  Writer &W = writer();
  std::lock_guard Guard(W.Lock);
  W.write(Members);
}

void instant(std::string_view Category, std::string_view Name, std::string_view Args) {
  std::string Members = "\"name\": " + quoted(Name) + ", \"cat\": " + quoted(Category) +
                        ", \"ph\": \"i\", \"s\": \"t\", \"ts\": " + micros(hostTimeNs()) +
                        ", \"tid\": " + std::to_string(threadTrack());
  if (!Args.empty())
    Members += ", \"args\": {" + std::string(Args) + "}";
  Writer &W = writer();
  std::lock_guard Guard(W.Lock);
  W.write(Members);
}

std::string quoted(std::string_view Text) {
  std::string Out = "\"";
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
  return Out + "\"";
}

bool shownCall(std::string_view F) {
  return F.starts_with("clEnqueue") || F == "clFinish" || F == "clFlush" ||
         F == "clWaitForEvents" || F == "clBuildProgram" || F == "clCompileProgram" ||
         F == "clLinkProgram";
}

} // namespace weft::trace
