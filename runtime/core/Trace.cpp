// The timeline: see Trace.h.
#include "runtime/core/Trace.h"

#include "runtime/core/Clock.h"
#include "runtime/core/Config.h"

#include <atomic>
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <vector>

#include <sys/syscall.h>
#include <unistd.h>

namespace weft::trace {
namespace {

// Tracks of queues, numbered apart from thread ids (which Linux keeps below 2^22), and within
// 32 bits (some viewers read ids as such).
constexpr uint64_t QueueTracks = uint64_t(1) << 30;

/// One thread's events as they happen, copied raw (a header and its strings) into a block that
/// only that thread writes: appending takes no lock and formats nothing. The writer's thread
/// formats what each block has committed, every 50 ms and at exit.
struct Block {
  static constexpr size_t Bytes = 64 << 10;
  std::atomic<size_t> Committed{0}; ///< bytes of whole events, stored by the owner (release)
  std::atomic<bool> Retired{false}; ///< the owner writes no more here (full, or its thread ended)
  size_t Formatted = 0;             ///< how far the writer has formatted (the writer's alone)
  char Data[Bytes];
};

enum class Kind : uint8_t { Slice, Instant, TrackName };

/// An event's header in a block, followed by its category, name and arguments.
struct Raw {
  Kind What;
  uint32_t CategoryBytes, NameBytes, ArgsBytes;
  uint64_t StartNs, EndNs, Track;
};

/// The file, and the thread that formats the blocks' events into it every 50 ms and at exit
/// (a crash loses at most the last 50 ms, and leaves no event cut in half).
struct Writer {
  static constexpr auto Period = std::chrono::milliseconds(50);
  FILE *File = nullptr;
  std::mutex BlocksLock; ///< Blocks
  std::vector<Block *> Blocks;
  std::mutex DrainLock;  ///< one drain at a time (the thread's, and the last at exit)
  std::mutex TracksLock; ///< Queues and NamedThreads
  std::unordered_map<const void *, uint64_t> Queues;
  std::unordered_map<uint64_t, bool> NamedThreads;
  std::mutex WakeLock;
  std::condition_variable Wake;
  bool Stop = false;
  std::thread Thread;

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
    Thread = std::thread([this] {
      std::unique_lock Guard(WakeLock);
      while (!Stop) {
        Wake.wait_for(Guard, Period);
        Guard.unlock();
        drain();
        Guard.lock();
      }
    });
  }
  /// The last events, at exit: the thread stops, and what every block has committed is written.
  void finish() {
    if (!File)
      return;
    {
      std::lock_guard Guard(WakeLock);
      Stop = true;
    }
    Wake.notify_all();
    // A child of fork() has no writer thread (only the thread that forked goes on in it).
    if (Thread.joinable() && getpid() == Pid)
      Thread.join();
    drain();
  }
  const pid_t Pid = getpid(); ///< the process that started Thread
  /// Formats and writes what the blocks committed since the last drain; frees the blocks their
  /// threads retired once all of them is written.
  void drain();
  /// A block for the calling thread: one written out before if there is one (a new one's pages
  /// would fault in as the thread fills it).
  Block *newBlock() {
    std::lock_guard Guard(BlocksLock);
    Block *B = nullptr;
    if (Free.empty()) {
      B = new Block;
    } else {
      B = Free.back();
      Free.pop_back();
      B->Committed.store(0, std::memory_order_relaxed);
      B->Retired.store(false, std::memory_order_relaxed);
      B->Formatted = 0;
    }
    Blocks.push_back(B);
    return B;
  }
  std::vector<Block *> Free; ///< written out, for newBlock (BlocksLock)
};

/// Never destroyed (worker threads may still record while static objects go); its last events
/// are written at exit.
Writer &writer() {
  static Writer *W = [] {
    Writer *Made = new Writer;
    std::atexit([] { writer().finish(); });
    return Made;
  }();
  return *W;
}

/// The calling thread's block, retired when the thread ends.
struct ThreadBlock {
  Block *B = nullptr;
  ~ThreadBlock() {
    if (B)
      B->Retired.store(true, std::memory_order_release);
  }
};

/// Copies an event into the calling thread's block (strings cut to fit a block).
void record(Kind What, std::string_view Category, std::string_view Name, std::string_view Args, uint64_t StartNs,
            uint64_t EndNs, uint64_t Track) {
  Writer &W = writer();
  if (!W.File)
    return;
  constexpr size_t Most = Block::Bytes / 4;
  Name = Name.substr(0, Most);
  Args = Args.substr(0, Most);
  Category = Category.substr(0, 64);
  const size_t Need = sizeof(Raw) + Category.size() + Name.size() + Args.size();
  static thread_local ThreadBlock Mine;
  size_t At = Mine.B ? Mine.B->Committed.load(std::memory_order_relaxed) : 0;
  if (!Mine.B || At + Need > Block::Bytes) {
    if (Mine.B)
      Mine.B->Retired.store(true, std::memory_order_release);
    Mine.B = W.newBlock();
    At = 0;
  }
  char *To = Mine.B->Data + At;
  const Raw Header{What, uint32_t(Category.size()), uint32_t(Name.size()), uint32_t(Args.size()), StartNs, EndNs, Track};
  std::memcpy(To, &Header, sizeof Header);
  To += sizeof Header;
  for (std::string_view Part : {Category, Name, Args}) {
    std::memcpy(To, Part.data(), Part.size());
    To += Part.size();
  }
  Mine.B->Committed.store(At + Need, std::memory_order_release);
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

/// An event's text, appended to Text, with integers by to_chars.
struct Line {
  std::string &Text;
  explicit Line(std::string &Text) : Text(Text) { Text += '{'; }
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
  void end() {
    static const int Pid = int(getpid());
    raw(", \"pid\": ").number(uint64_t(Pid)).raw("},\n");
  }
};

/// Appends the event at Event (a Raw and its strings) to Out as a line of JSON.
const char *format(const char *Event, std::string &Out) {
  Raw R;
  std::memcpy(&R, Event, sizeof R);
  const char *At = Event + sizeof R;
  const std::string_view Category(At, R.CategoryBytes), Name(At + R.CategoryBytes, R.NameBytes),
      Args(At + R.CategoryBytes + R.NameBytes, R.ArgsBytes);
  Line L(Out);
  switch (R.What) {
  case Kind::TrackName:
    L.raw("\"name\": \"thread_name\", \"ph\": \"M\", \"tid\": ").number(R.Track).raw(", \"args\": {\"name\": ")
        .quoted(Name)
        .raw("}");
    break;
  case Kind::Slice:
    L.raw("\"name\": ").quoted(Name).raw(", \"cat\": ").quoted(Category).raw(", \"ph\": \"X\", \"ts\": ")
        .micros(R.StartNs)
        .raw(", \"dur\": ")
        .micros(R.EndNs > R.StartNs ? R.EndNs - R.StartNs : 0)
        .raw(", \"tid\": ")
        .number(R.Track);
    break;
  case Kind::Instant:
    L.raw("\"name\": ").quoted(Name).raw(", \"cat\": ").quoted(Category)
        .raw(", \"ph\": \"i\", \"s\": \"t\", \"ts\": ")
        .micros(R.StartNs)
        .raw(", \"tid\": ")
        .number(R.Track);
    break;
  }
  if (!Args.empty())
    L.raw(", \"args\": {").raw(Args).raw("}");
  L.end();
  return At + R.CategoryBytes + R.NameBytes + R.ArgsBytes;
}

void Writer::drain() {
  std::lock_guard Guard(DrainLock);
  std::vector<Block *> Now;
  {
    std::lock_guard Blocked(BlocksLock);
    Now = Blocks;
  }
  std::string Out;
  for (Block *B : Now) {
    const size_t Committed = B->Committed.load(std::memory_order_acquire);
    for (const char *At = B->Data + B->Formatted; At < B->Data + Committed;)
      At = format(At, Out);
    B->Formatted = Committed;
  }
  if (!Out.empty()) {
    std::fwrite(Out.data(), 1, Out.size(), File);
    std::fflush(File);
  }
  // A retired block is final once retired: it is free again when all of it is written (a few
  // kept for the threads' next blocks).
  std::lock_guard Blocked(BlocksLock);
  std::erase_if(Blocks, [this](Block *B) {
    if (!B->Retired.load(std::memory_order_acquire) || B->Formatted != B->Committed.load(std::memory_order_acquire))
      return false;
    if (Free.size() < 64)
      Free.push_back(B);
    else
      delete B;
    return true;
  });
}

void nameTrack(uint64_t Track, const std::string &Name) {
  record(Kind::TrackName, {}, Name, {}, 0, 0, Track);
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
    nameTrack(QueueTracks + 2 * It->second, "queue " + std::to_string(It->second));
    nameTrack(QueueTracks + 2 * It->second + 1, "queue " + std::to_string(It->second) + " (waiting)");
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
    nameTrack(Track, std::string(Name) + " " + std::to_string(Track));
}

void slice(std::string_view Category, std::string_view Name, uint64_t StartNs, uint64_t EndNs,
           uint64_t Track, std::string_view Args) {
  record(Kind::Slice, Category, Name, Args, StartNs, EndNs, Track);
}

void instant(std::string_view Category, std::string_view Name, std::string_view Args) {
  record(Kind::Instant, Category, Name, Args, hostTimeNs(), 0, threadTrack());
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
