// The async-copy engine: what async_work_group_copy, _strided_copy, _2D2D, _3D3D and
// wait_group_events do, once per work-group (builtins/src/async.cl makes work-item 0 call here
// through the kernel runtime, device-cpu/KernelRuntime.cpp). docs/design.md, "The life of an
// async copy".
//
// A copy either runs at once on the work-group's thread, or becomes a job of chunks that helper
// tasks on the device's arena copy while the work-group computes. A waiting work-group claims the
// chunks no helper has started and copies them itself, then waits only for chunks in progress on
// other threads: it never waits for a task to be scheduled, never runs another work-group while it
// waits, and so can neither deadlock nor stall behind the scheduler.
#pragma once

#include "device-cpu/Workers.h"
#include "runtime/core/Config.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

namespace weft::cpu {

/// Planes x Lines lines of LineElements elements of ElementBytes bytes; pitches in bytes. A
/// contiguous copy is one line; a strided copy is Lines lines of one element.
struct CopyShape {
  std::byte *Dst = nullptr;
  const std::byte *Src = nullptr;
  size_t ElementBytes = 0, LineElements = 0, Lines = 0, Planes = 0;
  size_t SrcLinePitch = 0, SrcPlanePitch = 0, DstLinePitch = 0, DstPlanePitch = 0;

  size_t lineBytes() const { return ElementBytes * LineElements; }
  size_t totalLines() const { return Lines * Planes; }
  size_t bytes() const { return lineBytes() * totalLines(); }
};

/// Copies lines [Begin, End) of S, numbered across planes (line L is line L % Lines of plane
/// L / Lines).
void copyLines(const CopyShape &S, size_t Begin, size_t End);

/// Count copies of First's shape, copy K's source and destination moved K steps (in bytes) from
/// First's. Where no destination byte is written twice (the order then does not matter) and each
/// copy is lines of one element: a few copies at a time, down all their lines (a loop of column
/// copies then reads rows' parts and has every row's line in flight at once, not a column at a
/// time), 4-byte elements transposed in registers 4 x 4 where one side is contiguous across the
/// copies; one copy after another otherwise.
void copyNest(const CopyShape &First, size_t Count, std::ptrdiff_t DstStep, std::ptrdiff_t SrcStep);

/// When a copy runs at once and when helpers copy it. The thresholds are measured by
/// bench/async.sh and bench-handoff; docs/performance.md, "Why the thresholds are what they are",
/// gives the figures behind each.
struct AsyncCopyPolicy {
  AsyncCopyMode Mode = AsyncCopyMode::Auto;
  /// Auto: copies from this size go to helpers; smaller ones run at once unless they overlap
  /// (below). A copy waited for next gains nothing from another core, and a tile copied by
  /// another core costs its consumer more than one it copied itself (the data crosses between
  /// the cores' caches). Above the 64 KiB of local memory the device reports.
  size_t TaskMinBytes = 128u << 10;
  /// Auto, in a command that leaves workers free (the executor then sets this to 8 KiB, and
  /// CopyHelpers spin on those workers): a copy into local memory from this size, issued while
  /// another event of the work-group is in flight (double buffering: the work-group computes
  /// before it waits), goes to the helpers. Copies out of local memory stay with the work-group:
  /// the tile it just wrote would have to cross to the helper's core.
  size_t OverlapMinBytes = SIZE_MAX;
  /// ... while the helpers keep up: a wait that finds its copy unfinished is late (the free core
  /// is busy after all: another process, or the hypervisor). Once late waits exceed this plus
  /// one in eight timely ones, the thread's copies run at once for the rest of the command.
  unsigned MaxLateWaits = 4;
  /// Whether an OverlapProbe decides, as the kernel runs, if overlapping copies go to helpers
  /// (unit tests turn it off to see the rules above alone).
  bool ProbeOverlap = true;
  /// A job's chunks: what one helper copies before it looks for the next.
  size_t ChunkBytes = 16u << 10;
};

/// The helpers that copy for the work-groups of one command. With Loops free workers, the first
/// jobs start up to Loops loops (tasks on Tasks) that spin for jobs until the object is destroyed,
/// at the command's end (after a while without jobs they sleep 50 us at a time, so as not to take
/// a core from work-groups that stopped handing off): a copy so starts on another core within a
/// microsecond, where a task hand-off waits for a sleeping worker to wake up. The loops only run
/// while a kernel that hands off copies runs, on workers the command leaves free. With no free
/// worker (Loops 0), each job is a task of its own, run when a worker is done with its
/// work-groups.
class CopyHelpers {
public:
  CopyHelpers(TaskSink &Tasks, int Loops);
  /// Stops the loops (each returns after its current job) and runs the jobs none took: their
  /// work-groups copied every chunk themselves, so running them only drops their references.
  ~CopyHelpers();
  CopyHelpers(const CopyHelpers &) = delete;
  CopyHelpers &operator=(const CopyHelpers &) = delete;

  /// Hands Job to a loop, or to Tasks.
  void run(std::function<void()> Job);

private:
  struct Shared;
  TaskSink &Tasks;
  int MaxLoops;
  /// Made by the first job (most commands hand off none); the loops hold it too, since one may
  /// start after the command ends.
  std::shared_ptr<Shared> S;
  std::once_flag Made; ///< S's creation
};

/// Whether handing overlapping copies (AsyncCopyPolicy::OverlapMinBytes) to helpers pays, found
/// out as the kernel runs: the time from one such copy to the next (one a tile in a
/// double-buffered loop) over a block of copies made at once, then a block handed off. The
/// faster way holds for a while; then both are measured again. Whether it pays depends on the
/// kernel: one that does little work per element loses more to reading its tile from the other
/// core's cache than it gains from the overlap.
class OverlapProbe {
public:
  /// At each overlapping copy, Now a time stamp: whether to hand it off.
  bool next(uint64_t Now);
  /// At the end of a work-group: the time to its next copy says nothing.
  void restart() { Last = 0; }

private:
  static constexpr unsigned Block = 8, Hold = 240;
  uint64_t Last = 0;    ///< the previous copy's time stamp; 0: none
  uint64_t Sum[2] = {}; ///< the intervals after copies made at once [0] and handed off [1]
  unsigned Count[2] = {};
  unsigned Step = 0;    ///< in the cycle: Block at once, Block handed off, Hold as decided
  bool Previous = false, Decided = false;
};

/// Copy checks: the bytes of local memory that a work-group's copies in flight read and write,
/// so that a new copy overlapping one of them, one of the two writing, is found (the spec leaves
/// such copies' results undefined until a wait or a fence orders them). Each copy's footprint is
/// its local side's shape (a contiguous one is one run of bytes), kept until its event is waited
/// for; a new copy is compared with those whose byte ranges meet its own.
class LocalFootprints {
public:
  /// The work-group's local memory, [Local, Local + Bytes).
  void watch(std::byte *Local, size_t Bytes);
  /// Keeps the local side of S (its destination if ToLocal, else its source) as read or written
  /// by a copy at Place under event Name. Returns the place of a copy in flight it overlaps, or
  /// 0.
  uint64_t add(const CopyShape &S, bool ToLocal, uintptr_t Name, uint64_t Place);
  /// The copies of event Name are complete.
  void waited(uintptr_t Name);
  /// Every copy so far is complete (a fence, the work-group's end).
  void clear() { InFlight.clear(); }
  /// Calls Run(Begin, End) for each run of bytes the local side of S covers (offsets, its side
  /// starting at Start), lines and planes that continue one another as one run.
  static void runs(const CopyShape &S, bool ToLocal, size_t Start,
                   const std::function<void(size_t, size_t)> &Run);

  /// Planes x Lines runs of LineBytes bytes from Start (an offset in local memory), pitches in
  /// bytes, with the runs that continue one another merged.
  struct Footprint {
    size_t Start, LineBytes, Lines, Planes, LinePitch, PlanePitch;
    size_t Low, High; ///< the bytes between its first and last
    bool Writes;
    uintptr_t Name;
    uint64_t Place;
  };

private:
  /// The local side of S from Start, its continuing lines and planes merged; Low and High set.
  static Footprint footprint(const CopyShape &S, bool ToLocal, size_t Start);
  static bool overlap(const Footprint &P, const Footprint &Q);
  /// Makes L (the last footprint kept) cover P too where P continues it in a shape a footprint
  /// has; whether it did. Chains of small copies then keep one footprint, not one each.
  static bool extend(Footprint &L, const Footprint &P);
  std::byte *Local = nullptr;
  size_t Bytes = 0;
  std::vector<Footprint> InFlight;
};

/// The async copies of the work-groups one thread runs, one after the other: their event table,
/// and the work-items' counters that name new events (abi::WorkGroupContext::CopyNames).
/// Not thread-safe: only the work-group's thread calls it (helpers touch only their jobs).
class AsyncCopies {
public:
  /// Copies handed off go to Helpers; Load says how many workers are idle. WorkItems: the
  /// work-items of the largest work-group (one name counter each).
  AsyncCopies(CopyHelpers &Helpers, DeviceLoad &Load, const AsyncCopyPolicy &Policy,
              size_t WorkItems = 1);
  ~AsyncCopies();
  AsyncCopies(const AsyncCopies &) = delete;
  AsyncCopies &operator=(const AsyncCopies &) = delete;

  /// The work-items' copy counters, zero until a work-group issues a copy (drain() zeroes them).
  uint32_t *names() { return Names.data(); }

  /// Starts copying S as part of the event Event names (kernels name every copy): a live event
  /// gets one more copy (chaining), otherwise a new event takes the name. Returns the event.
  /// ToLocal: S's destination is the work-group's local memory (only such copies overlap).
  /// Place: where the copy is in the kernel's source (abi::WEFT_KERNEL_RUNTIME's AsyncCopy), for
  /// unwaited().
  void *copy(const CopyShape &S, void *Event, bool ToLocal = true, uint64_t Place = 0);
  /// Returns when the copies of the events are complete, and releases the events. Zero,
  /// released and unknown events are ignored; Place (as copy()'s) set, a released or unknown one
  /// is a misuse.
  void wait(int NumEvents, void *const *Events, uint64_t Place = 0);
  /// async_work_group_copy_fence: every copy issued so far completes (its events stay live).
  void fence();
  /// Before drain(): how many events the work-group left live (never waited for), and the place
  /// of the first copy of the earliest of them (0 if none).
  std::pair<size_t, uint64_t> unwaited() const;
  /// Copy checks (copies and waits with a Place): the first misuse the work-group made of its
  /// copies since the last drain(), as abi::CheckSite's site and address entries (BadEvent or
  /// Overlap), or {0, 0}. Runs the copies still batched first (they are compared as they run).
  std::pair<uint64_t, uint64_t> misuse() {
    flush();
    return Misuse;
  }
  /// Copy checks: the work-group's local memory, where copies that overlap are looked for.
  void watchLocal(std::byte *Local, size_t Bytes) { Footprints.watch(Local, Bytes); }
  /// The end of a work-group: finishes every copy still in flight (a kernel must wait for its
  /// copies, but the next work-group reuses the local memory), forgets every event and zeroes
  /// the name counters.
  void drain();

private:
  struct Job;
  struct Event {
    uintptr_t Name = 0; ///< 0: a free record
    uint64_t Place = 0; ///< where its first copy is (copy checks)
    std::vector<Job *> Jobs; ///< copies still owned by helpers when issued; inline ones are done
  };

  /// Copy checks: small copies (those a kernel unchecked copies itself, at most BatchMaxBytes)
  /// of one event at one place, each moved from the one before by the same steps (a kernel's loop
  /// of copies chained on an event), run as one nest at the next copy that is not one of them,
  /// wait, fence or end of the work-group: one engine call each and their bookkeeping, but the
  /// copying and the footprints of the whole nest (copyNest).
  struct Batch {
    CopyShape First;
    size_t Count = 0;
    std::ptrdiff_t DstStep = 0, SrcStep = 0;
    uintptr_t Name = 0;
    uint64_t Place = 0;
    bool ToLocal = false;
  };
  static constexpr size_t BatchMaxBytes = 4096; ///< builtins/src/async.cl's INLINE_COPY_MAX_BYTES
  /// Whether S joins the batch (or starts one, after running the one before).
  bool batch(const CopyShape &S, uintptr_t Name, uint64_t Place, bool ToLocal);
  /// Runs the batched copies, their footprints compared first.
  void flush();

  Job *offload(const CopyShape &S, bool Forced);
  /// The live event named Name, or null. A work-group has a few events live at a time (its
  /// double buffers), so a scan beats a map.
  Event *find(uintptr_t Name);
  /// Completes E's copies; E stays live.
  void complete(Event &E);
  /// Copy checks: keeps the first misuse, a site (abi::CheckSite) at Place and its address entry.
  void misused(uint64_t Site, uint64_t Place, uint64_t Address);

  CopyHelpers &Helpers;
  DeviceLoad &Load;
  AsyncCopyPolicy Policy;
  std::vector<Event> Events; ///< live and free records
  std::vector<uint32_t> Names;
  bool Issued = false; ///< a copy since the last drain: the counters are not all zero
  /// Waits for handed-off copies that found them unfinished, and finished
  /// (AsyncCopyPolicy::MaxLateWaits).
  unsigned LateWaits = 0, TimelyWaits = 0;
  OverlapProbe Probe;
  std::pair<uint64_t, uint64_t> Misuse{0, 0};
  LocalFootprints Footprints;
  Batch Pending;
};

} // namespace weft::cpu
