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

#include "compiler/WorkGroupAbi.h"
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
  /// Auto: smaller copies run at once. Handing a copy to another core costs more than it hides
  /// at the sizes local memory allows, even to CopyHelpers already spinning on a free core:
  /// `bench/async.sh build 3 1024 4` measured one work-group's 4 KiB tiles at 3.5 GB/s
  /// (single-buffered) and 2.0 GB/s (double-buffered) handed off, against 5.3 and 4.7 GB/s
  /// copied at once; 8 KiB tiles with 4 or 16 multiply-adds per element lost too
  /// (docs/performance.md). The data crosses between the cores' caches twice per tile:
  /// `bench-handoff` measures a 4 KiB tile copied by another core costing its consumer
  /// 0.96-1.04 us against 0.86 us for copying it itself.
  size_t TaskMinBytes = 128u << 10; // above the 64 KiB of local memory the device reports
  /// A job's chunks: what one helper copies before it looks for the next.
  size_t ChunkBytes = 16u << 10;
};

/// Free workers that copy for the work-groups of one command: the first copy handed to them
/// starts up to MaxHelpers loops (through StartLoop: a task on the device's arena) that spin for
/// helper jobs until the object is destroyed, at the command's end. A copy so starts on another
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
  void *copy(const CopyShape &S, void *Event);
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
};

} // namespace weft::cpu
