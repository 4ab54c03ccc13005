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
#include <memory>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <vector>

#include <sys/syscall.h>
#include <unistd.h>
#include <x86intrin.h>

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
  ArgsForm Form; ///< the arguments: the text after the name (Text), or A and B
  bool InNs;     ///< Start and End are nanoseconds, not now()'s ticks
  uint32_t CategoryBytes, NameBytes, ArgsBytes;
  uint64_t Start, End, Track, A, B;
};

/// Whether now() reads the time-stamp counter: the CPU says it runs at a constant rate and does
/// not stop in idle states (Linux's constant_tsc and nonstop_tsc).
bool tscClock() {
  static const bool Tsc = [] {
    FILE *Info = std::fopen("/proc/cpuinfo", "r");
    if (!Info)
      return false;
    char Line[4096];
    bool Constant = false, Nonstop = false;
    while (std::fgets(Line, sizeof Line, Info))
      if (std::strncmp(Line, "flags", 5) == 0) {
        Constant = std::strstr(Line, " constant_tsc") != nullptr;
        Nonstop = std::strstr(Line, " nonstop_tsc") != nullptr;
        break;
      }
    std::fclose(Info);
    return Constant && Nonstop;
  }();
  return Tsc;
}

/// now()'s ticks as hostTimeNs()'s nanoseconds, from two readings of both clocks: the first,
/// when the timeline starts, and the latest, at each drain. The rate is measured over all the time
/// between them, the offset at the latest, so an event is converted from a reading at most a
/// drain's period after it.
class TickConverter {
public:
  TickConverter() {
    if (tscClock())
      First = Latest = read();
  }
  /// A new latest reading, before the writer converts what the threads recorded.
  void calibrate() {
    if (!tscClock())
      return;
    // A rate over less than a millisecond is not precise: the first drain waits that long.
    while (hostTimeNs() < First.Ns + 1000000)
      std::this_thread::yield();
    Latest = read();
    NsPerTick = double(Latest.Ns - First.Ns) / double(Latest.Ticks - First.Ticks);
  }
  uint64_t ns(uint64_t Ticks) const {
    if (!tscClock())
      return Ticks;
    return uint64_t(int64_t(Latest.Ns) + int64_t(double(int64_t(Ticks - Latest.Ticks)) * NsPerTick));
  }

private:
  struct Reading {
    uint64_t Ticks = 0, Ns = 0;
  };
  /// Both clocks at once: the counter read around the system clock, the mean taken.
  static Reading read() {
    const uint64_t Before = __rdtsc();
    const uint64_t Ns = hostTimeNs();
    const uint64_t After = __rdtsc();
    return {Before + (After - Before) / 2, Ns};
  }
  Reading First, Latest;
  double NsPerTick = 1;
};

/// Writes Text as a JSON string, quotes included, at Out (room for 6 bytes a character and two);
/// returns the bytes written.
size_t writeQuoted(char *Out, std::string_view Text) {
  static constexpr char Hex[] = "0123456789abcdef";
  char *At = Out;
  *At++ = '"';
  for (unsigned char C : Text) {
    if (C == '"' || C == '\\') {
      *At++ = '\\';
      *At++ = char(C);
    } else if (C < 0x20) {
      std::memcpy(At, "\\u00", 4);
      At[4] = Hex[C >> 4];
      At[5] = Hex[C & 15];
      At += 6;
    } else {
      *At++ = char(C);
    }
  }
  *At++ = '"';
  return size_t(At - Out);
}

/// The writer's output: events formatted into a buffer allocated once, written to the file when
/// it fills and at the end of each drain (a string grown per drain reallocated, and faulted in new
/// pages, in proportion to the events).
class Sink {
public:
  static constexpr size_t Bytes = 1 << 20;
  /// The most one event can take: its strings escaped at worst (6 bytes a character), the
  /// arguments raw, and the fixed text around them.
  static constexpr size_t MostPerEvent = 6 * (64 + Block::Bytes / 4) + Block::Bytes / 4 + 512;
  static_assert(MostPerEvent < Bytes);

  explicit Sink(FILE *File) : File(File), Data(new char[Bytes]) {}
  /// Room for one more event.
  void reserve() {
    if (Bytes - Used < MostPerEvent)
      flush();
  }
  void flush() {
    if (Used)
      std::fwrite(Data.get(), 1, Used, File);
    Used = 0;
  }
  Sink &raw(std::string_view S) {
    std::memcpy(Data.get() + Used, S.data(), S.size());
    Used += S.size();
    return *this;
  }
  /// An integer (signed or not) in decimal.
  template <class Integer> Sink &number(Integer N) {
    Used = size_t(std::to_chars(Data.get() + Used, Data.get() + Bytes, N).ptr - Data.get());
    return *this;
  }
  /// Nanoseconds as the format's microseconds, to the nanosecond.
  Sink &micros(uint64_t Ns) {
    number(Ns / 1000);
    const unsigned Fraction = unsigned(Ns % 1000);
    char *At = Data.get() + Used;
    At[0] = '.';
    At[1] = char('0' + Fraction / 100);
    At[2] = char('0' + Fraction / 10 % 10);
    At[3] = char('0' + Fraction % 10);
    Used += 4;
    return *this;
  }
  /// S as a JSON string, quotes included.
  Sink &quoted(std::string_view S) {
    Used += writeQuoted(Data.get() + Used, S);
    return *this;
  }

private:
  FILE *File;
  std::unique_ptr<char[]> Data;
  size_t Used = 0;
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
  std::unique_ptr<Sink> Out; ///< the formatted events' buffer (DrainLock)
  TickConverter Clock;       ///< (DrainLock; made with the writer)
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
void record(Kind What, std::string_view Category, std::string_view Name, const Args &Arguments, uint64_t Start,
            uint64_t End, uint64_t Track, bool InNs = false) {
  Writer &W = writer();
  if (!W.File)
    return;
  constexpr size_t Most = Block::Bytes / 4;
  Name = Name.substr(0, Most);
  const std::string_view Text = Arguments.Form == ArgsForm::Text ? Arguments.Text.substr(0, Most) : std::string_view();
  Category = Category.substr(0, 64);
  const size_t Need = sizeof(Raw) + Category.size() + Name.size() + Text.size();
  static thread_local ThreadBlock Mine;
  size_t At = Mine.B ? Mine.B->Committed.load(std::memory_order_relaxed) : 0;
  if (!Mine.B || At + Need > Block::Bytes) {
    if (Mine.B) {
      Mine.B->Retired.store(true, std::memory_order_release);
      // A full block: the writer drains now rather than at its period, so that blocks come back
      // to the free list as fast as threads fill them (a new block's pages fault in).
      W.Wake.notify_one();
    }
    Mine.B = W.newBlock();
    At = 0;
  }
  char *To = Mine.B->Data + At;
  const Raw Header{What,  Arguments.Form, InNs, uint32_t(Category.size()), uint32_t(Name.size()), uint32_t(Text.size()),
                   Start, End, Track, Arguments.A, Arguments.B};
  std::memcpy(To, &Header, sizeof Header);
  To += sizeof Header;
  for (std::string_view Part : {Category, Name, Text}) {
    std::memcpy(To, Part.data(), Part.size());
    To += Part.size();
  }
  Mine.B->Committed.store(At + Need, std::memory_order_release);
}

/// Formats the event at Event (a Raw and its strings) into Out as a line of JSON, its times
/// converted by Clock; returns the next event.
const char *format(const char *Event, Sink &Out, const TickConverter &Clock) {
  static const int Pid = int(getpid());
  Raw R;
  std::memcpy(&R, Event, sizeof R);
  const char *At = Event + sizeof R;
  const std::string_view Category(At, R.CategoryBytes), Name(At + R.CategoryBytes, R.NameBytes),
      Text(At + R.CategoryBytes + R.NameBytes, R.ArgsBytes);
  auto Ns = [&](uint64_t T) { return R.InNs ? T : Clock.ns(T); };
  const uint64_t Start = Ns(R.Start);
  Out.reserve();
  Out.raw("{");
  switch (R.What) {
  case Kind::TrackName:
    Out.raw("\"name\": \"thread_name\", \"ph\": \"M\", \"tid\": ").number(R.Track).raw(", \"args\": {\"name\": ")
        .quoted(Name)
        .raw("}");
    break;
  case Kind::Slice: {
    const uint64_t End = Ns(R.End);
    Out.raw("\"name\": ").quoted(Name).raw(", \"cat\": ").quoted(Category).raw(", \"ph\": \"X\", \"ts\": ")
        .micros(Start)
        .raw(", \"dur\": ")
        .micros(End > Start ? End - Start : 0)
        .raw(", \"tid\": ")
        .number(R.Track);
    break;
  }
  case Kind::Instant:
    Out.raw("\"name\": ").quoted(Name).raw(", \"cat\": ").quoted(Category)
        .raw(", \"ph\": \"i\", \"s\": \"t\", \"ts\": ")
        .micros(Start)
        .raw(", \"tid\": ")
        .number(R.Track);
    break;
  }
  switch (R.Form) {
  case ArgsForm::None:
    break;
  case ArgsForm::Text:
    Out.raw(", \"args\": {").raw(Text).raw("}");
    break;
  case ArgsForm::Groups:
    Out.raw(", \"args\": {\"groups\": \"").number(R.A).raw("-").number(R.B).raw("\"}");
    break;
  case ArgsForm::Status:
    Out.raw(", \"args\": {\"status\": ").number(int64_t(R.A)).raw("}");
    break;
  case ArgsForm::Submitted: {
    const uint64_t Submitted = Ns(R.A);
    Out.raw(", \"args\": {\"submitted_after_us\": ").micros(Submitted > Start ? Submitted - Start : 0).raw("}");
    break;
  }
  case ArgsForm::Bytes:
    Out.raw(", \"args\": {\"bytes\": ").number(R.A).raw("}");
    break;
  }
  Out.raw(", \"pid\": ").number(uint64_t(Pid)).raw("},\n");
  return At + R.CategoryBytes + R.NameBytes + R.ArgsBytes;
}

void Writer::drain() {
  std::lock_guard Guard(DrainLock);
  std::vector<Block *> Now;
  {
    std::lock_guard Blocked(BlocksLock);
    Now = Blocks;
  }
  if (!Out)
    Out = std::make_unique<Sink>(File);
  Clock.calibrate();
  bool Wrote = false;
  for (Block *B : Now) {
    const size_t Committed = B->Committed.load(std::memory_order_acquire);
    for (const char *At = B->Data + B->Formatted; At < B->Data + Committed; Wrote = true)
      At = format(At, *Out, Clock);
    B->Formatted = Committed;
  }
  if (Wrote) {
    Out->flush();
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

uint64_t now() { return tscClock() ? __rdtsc() : hostTimeNs(); }

void slice(std::string_view Category, std::string_view Name, uint64_t Start, uint64_t End, uint64_t Track,
           Args Arguments, bool InNs) {
  record(Kind::Slice, Category, Name, Arguments, Start, End, Track, InNs);
}

void instant(std::string_view Category, std::string_view Name, std::string_view Text) {
  record(Kind::Instant, Category, Name, Text.empty() ? Args() : Args(Text), now(), 0, threadTrack());
}

std::string quoted(std::string_view Text) {
  std::string Out(6 * Text.size() + 2, '\0');
  Out.resize(writeQuoted(Out.data(), Text));
  return Out;
}

bool shownCall(std::string_view F) {
  return F.starts_with("clEnqueue") || F == "clFinish" || F == "clFlush" ||
         F == "clWaitForEvents" || F == "clBuildProgram" || F == "clCompileProgram" ||
         F == "clLinkProgram";
}

} // namespace weft::trace
