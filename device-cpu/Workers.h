// The CPU device's workers: one long-lived TBB arena, and the two ways work reaches it, spawn and
// forEach (plain threads and the calling thread in ThreadSanitizer builds).
#pragma once

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>
#include <oneapi/tbb/task_scheduler_observer.h>

#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace weft::cpu {

/// Set in ThreadSanitizer builds. Debian's libtbb is not instrumented, so TSan cannot see the
/// synchronisation inside it and reports its task hand-offs as races. Such builds therefore run
/// handed-off work on plain std::threads and loops on the calling thread: every hand-off Weft
/// makes stays visible to TSan, which checks the scheduler, events, queues and callbacks in full.
#if defined(__SANITIZE_THREAD__)
inline constexpr bool SanitizingThreads = true;
#else
inline constexpr bool SanitizingThreads = false;
#endif

/// Where work goes that should run on another thread soon: the device's workers, or, in unit
/// tests, a list the test runs when it likes.
class TaskSink {
public:
  virtual void spawn(std::function<void()> Task) = 0;

protected:
  ~TaskSink() = default;
};

/// How busy the device's workers are: chunks of work-groups running now, out of Threads.
struct DeviceLoad {
  explicit DeviceLoad(int Threads) : Threads(Threads) {}
  std::atomic<int> Running{0};
  const int Threads;
};

class Workers final : public TaskSink {
public:
  /// Threads workers, one per compute unit; TBB starts them on first use, so creating the device
  /// starts none. A root device's workers (Cpus empty) run wherever the process may; a
  /// sub-device's run only on the CPUs Cpus, and leave the process's worker limit to the root's.
  explicit Workers(unsigned Threads, std::vector<unsigned> Cpus = {});
  ~Workers();

  int threads() const { return Load.Threads; }
  DeviceLoad &load() { return Load; }

  /// Runs Task on one of the workers, soon, as task_arena::enqueue does, except that the arena
  /// holds only a trampoline: the task waits in a queue of the device's that a root device never
  /// destroys. A task still queued when the process exits (and the arena goes away
  /// without running it) is then not a leak: LeakSanitizer reported such closures, a command's
  /// and a CopyHelpers loop's, now and then. ThreadSanitizer builds: on a thread of its own.
  void spawn(std::function<void()> Task) override;

  /// Runs Body(Begin, End) over [0, N) on the workers, this thread taking part, and returns when
  /// all of it has run: in chunks of Grain units if Grain is not 0, else in chunks TBB sizes to
  /// the load. On this thread alone when N is at most one chunk, or in ThreadSanitizer builds.
  /// Isolated: a thread waiting for the other chunks runs none of the arena's other tasks (a
  /// CopyHelpers loop returns only after its command ends).
  template <class F> void forEach(size_t N, size_t Grain, F &&Body) {
    if (SanitizingThreads || N <= std::max<size_t>(Grain, 1)) {
      Body(size_t(0), N);
      return;
    }
    auto Chunk = [&](const tbb::blocked_range<size_t> &R) { Body(R.begin(), R.end()); };
    Arena.execute([&] {
      tbb::this_task_arena::isolate([&] {
        if (Grain)
          tbb::parallel_for(tbb::blocked_range<size_t>(0, N, Grain), Chunk, tbb::simple_partitioner());
        else
          tbb::parallel_for(tbb::blocked_range<size_t>(0, N), Chunk);
      });
    });
  }

private:
  struct HandedTasks;
  class Pinning;

  /// Lets TBB start one worker per compute unit: by default it allows hardware_concurrency - 1
  /// workers (expecting the application thread to join), and would print a warning to the
  /// application's stderr when the arena asks for more. The minimum over all active controls
  /// applies, so an application's own stricter limit still wins; for the same reason only a root
  /// device sets one (a sub-device's smaller limit would hold for the whole process).
  std::optional<tbb::global_control> WorkerLimit;
  tbb::task_arena Arena;
  /// Keeps the arena's workers on its CPUs (a sub-device's), or on every CPU (a root device's).
  std::unique_ptr<Pinning> Pin;
  DeviceLoad Load;
  /// spawn's queue: made with the device, gone with it and its last trampoline (a root device's
  /// never: a worker may run a trampoline at any time, even while the process exits).
  HandedTasks *Handed;
};

} // namespace weft::cpu
