// The async-copy engine: what async_work_group_copy, _strided_copy, _2D2D, _3D3D and
// wait_group_events do, once per work-group (builtins/src/async.cl makes work-item 0 call here
// through abi::KernelRuntime). DESIGN.md "Async copies" and research/exec-model.md §3.
//
// A copy either runs at once on the work-group's thread, or becomes a job of chunks that helper
// tasks on the device's arena copy while the work-group computes. A waiting work-group claims the
// chunks no helper has started and copies them itself, then waits only for chunks in progress on
// other threads: it never waits for a task to be scheduled, never runs another work-group while it
// waits, and so can neither deadlock nor stall behind the scheduler.
#pragma once

#include "contracts/WorkGroupAbi.h"
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

/// How busy the device's workers are: work-group chunks running now, out of Threads.
struct DeviceLoad {
  explicit DeviceLoad(int Threads) : Threads(Threads) {}
  std::atomic<int> Running{0};
  const int Threads;
};

/// The policy's thresholds, measured by bench/async.sh (docs/performance.md, "Async copies").
struct AsyncCopyPolicy {
  AsyncCopyMode Mode = AsyncCopyMode::Auto;
  /// Auto: smaller copies run at once unless they overlap (below). A copy waited for next
  /// gains nothing from another core: on a 2-core Xeon VM (2026-11-21, `bench/async.sh build 3
  /// 1024 4`) one work-group's 4 KiB tiles ran 3.5 GB/s single-buffered handed off against 5.3
  /// copied at once, and `bench-handoff` there measured a 4 KiB tile copied by another core
  /// costing its consumer 0.96-1.04 us against 0.86 us copied itself (the data crosses between
  /// the cores' caches).
  size_t TaskMinBytes = 128u << 10; // above the 64 KiB of local memory the device reports
  /// Auto, in a command that leaves workers free (the executor then sets this to 8 KiB, and
  /// CopyHelpers spin on those workers): a copy into local memory from this size, issued while
  /// another event of the work-group is in flight (double buffering: the work-group computes
  /// before it waits), goes to the helpers. On a 2-core EPYC VM (2026-11-24,
  /// docs/performance.md) that made one work-group's double-buffered 8 and 16 KiB tiles 1.20x
  /// and 1.19x its single-buffered ones, from 0.97x and 0.98x copied at once; handing off the
  /// copies out of local memory as well gave only 1.10x and 1.05x (the tile the work-group just
  /// wrote must then cross to the helper's core). `bench-handoff` there: 0.54 us per 4 KiB tile
  /// copied in by the other core, 0.74 copied itself. 4 KiB tiles gained nothing.
  size_t OverlapMinBytes = SIZE_MAX;
  /// ... while the helpers keep up: a wait that finds its copy unfinished is late (the free core
  /// is busy after all: another process, or the hypervisor). Once late waits exceed this plus
  /// one in eight timely ones, the thread's copies run at once for the rest of the command. With
  /// a busy loop on the other core, handing off regardless made tile_double_one 0.6x of copying
  /// at once; with this rule, 0.9-1.0x.
  unsigned MaxLateWaits = 4;
  /// Whether an OverlapProbe decides, as the kernel runs, if overlapping copies go to helpers
  /// (unit tests turn it off to see the rules above alone).
  bool ProbeOverlap = true;
  /// A job's chunks: what one helper copies before it looks for the next.
  size_t ChunkBytes = 16u << 10;
};

/// Free workers that copy for the work-groups of one command: the first copy handed to them
/// starts up to MaxHelpers loops (through StartLoop: a task on the device's arena) that spin for
/// helper jobs until the object is destroyed, at the command's end (after a while without jobs
/// they sleep 50 us at a time, so as not to take a core from work-groups that stopped handing
/// off). A copy so starts on another
/// core within a microsecond, where a task hand-off waits for a sleeping worker to wake up
/// (research/exec-model.md §3.4 measured milliseconds). The loops only run while a kernel that
/// hands off copies runs, on workers the command leaves free.
class CopyHelpers {
public:
  using Starter = std::function<void(std::function<void()> Loop)>;
  CopyHelpers(Starter StartLoop, int MaxHelpers);
  /// Stops the loops (each returns after its current job) and releases jobs never started.
  ~CopyHelpers();
  CopyHelpers(const CopyHelpers &) = delete;
  CopyHelpers &operator=(const CopyHelpers &) = delete;

  /// An AsyncCopies::Spawner: queues the helper job for the loops.
  void run(std::function<void()> Helper);

private:
  struct Shared;
  /// Made by the first job (most commands hand off none); the loops hold it too, since one may
  /// start after the command ends.
  std::shared_ptr<Shared> S;
  std::once_flag Made; ///< S's creation
  Starter StartLoop;
  int MaxHelpers;
};

/// Whether handing overlapping copies (AsyncCopyPolicy::OverlapMinBytes) to helpers pays, found
/// out as the kernel runs: the time from one such copy to the next (one a tile in a
/// double-buffered loop) over a block of copies made at once, then a block handed off. The
/// faster way holds for a while; then both are measured again. Whether it pays depends on the
/// kernel: with 2 multiply-adds per element, tile_double_one ran 0.8x handed off (the work-group
/// then reads each tile from the other core's cache rather than its own L1), with 4, 1.2x
/// (docs/performance.md).
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

/// The async copies of the work-groups one thread runs, one after the other: their event table,
/// and the work-items' counters that name new events (abi::WorkGroupContext::CopyNames).
/// Not thread-safe: only the work-group's thread calls it (helpers touch only their jobs).
class AsyncCopies {
public:
  /// Spawn starts a helper task on another thread (the device's arena); it may run it late or,
  /// in unit tests, whenever the test likes.
  using Spawner = std::function<void(std::function<void()> Helper)>;
  /// WorkItems: the work-items of the largest work-group (one name counter each).
  AsyncCopies(Spawner Spawn, DeviceLoad &Load, const AsyncCopyPolicy &Policy, size_t WorkItems = 1);
  ~AsyncCopies();
  AsyncCopies(const AsyncCopies &) = delete;
  AsyncCopies &operator=(const AsyncCopies &) = delete;

  /// The work-items' copy counters, zero until a work-group issues a copy (drain() zeroes them).
  uint32_t *names() { return Names.data(); }

  /// Starts copying S as part of the event Event names (kernels name every copy): a live event
  /// gets one more copy (chaining), otherwise a new event takes the name. Returns the event.
  /// ToLocal: S's destination is the work-group's local memory (only such copies overlap).
  void *copy(const CopyShape &S, void *Event, bool ToLocal = true);
  /// Returns when the copies of the events are complete, and releases the events. Zero,
  /// released and unknown events are ignored.
  void wait(int NumEvents, void *const *Events);
  /// async_work_group_copy_fence: every copy issued so far completes (its events stay live).
  void fence();
  /// The end of a work-group: finishes every copy still in flight (a kernel must wait for its
  /// copies, but the next work-group reuses the local memory), forgets every event and zeroes
  /// the name counters.
  void drain();

  /// The entry points compiled kernels call (WorkGroupContext::Async must be an AsyncCopies).
  static const abi::KernelRuntime Runtime;

private:
  struct Job;
  struct Event {
    uintptr_t Name = 0; ///< 0: a free record
    std::vector<Job *> Jobs; ///< copies still owned by helpers when issued; inline ones are done
  };

  Job *offload(const CopyShape &S, bool Forced);
  /// The live event named Name, or null. A work-group has a few events live at a time (its
  /// double buffers), so a scan beats a map.
  Event *find(uintptr_t Name);
  /// Completes E's copies; E stays live.
  void complete(Event &E);

  Spawner Spawn;
  DeviceLoad &Load;
  AsyncCopyPolicy Policy;
  std::vector<Event> Events; ///< live and free records
  std::vector<uint32_t> Names;
  bool Issued = false; ///< a copy since the last drain: the counters are not all zero
  /// Waits for handed-off copies that found them unfinished, and finished
  /// (AsyncCopyPolicy::MaxLateWaits).
  unsigned LateWaits = 0, TimelyWaits = 0;
  OverlapProbe Probe;
};

} // namespace weft::cpu
