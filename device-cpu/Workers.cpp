// The device's workers: the arena, and spawn's queue of handed tasks.
#include "device-cpu/Workers.h"

#include <sched.h>

#include <deque>
#include <mutex>
#include <thread>

namespace weft::cpu {

/// The tasks spawn handed to the arena, oldest first; each trampoline in the arena runs one.
/// Owned by the Workers and by each trampoline not yet run: a trampoline may run after its
/// sub-device is gone (a root device's workers are never destroyed).
struct Workers::HandedTasks {
  std::mutex Lock;
  std::deque<std::function<void()>> Tasks;
  std::atomic<size_t> Owners{1};

  void drop() {
    if (Owners.fetch_sub(1, std::memory_order_acq_rel) == 1)
      delete this;
  }

  void runOldest() {
    std::function<void()> Task;
    {
      std::lock_guard Guard(Lock);
      if (Tasks.empty())
        return;
      Task = std::move(Tasks.front());
      Tasks.pop_front();
    }
    Task();
  }
};

namespace {
/// Where this thread's CPU mask stands: not yet set by Weft (a new thread inherits its creator's,
/// which may be a pinned worker's), the process's, or a sub-device's. Initial-exec: see
/// CpuDevice.cpp's RunHere.
enum class MaskState : unsigned char { Unknown, Process, SubDevice };
__attribute__((tls_model("initial-exec"))) thread_local MaskState ThreadMask = MaskState::Unknown;
} // namespace

/// Keeps the threads that work in one arena on its CPUs. TBB's workers serve every arena of the
/// process in turn: a sub-device's arena pins each as it enters and gives it the process's CPUs
/// back as it leaves; a root device's gives them back as it enters, to a worker whose exit from a
/// sub-device's arena was never reported (a sub-device released while the worker was in its
/// arena) or that inherited a pinned mask. The application's own threads are left alone.
class Workers::Pinning final : public tbb::task_scheduler_observer {
public:
  Pinning(tbb::task_arena &Arena, const std::vector<unsigned> &Cpus)
      : tbb::task_scheduler_observer(Arena), SubDevice(!Cpus.empty()) {
    if (sched_getaffinity(0, sizeof Process, &Process) != 0)
      CPU_ZERO(&Process);
    CPU_ZERO(&Target);
    for (unsigned Cpu : Cpus)
      if (Cpu < CPU_SETSIZE)
        CPU_SET(Cpu, &Target);
    if (!SubDevice)
      Target = Process;
    observe(true);
  }
  ~Pinning() { observe(false); }

  /// The CPUs the arena's threads run on (none if they could not be read).
  const cpu_set_t &cpus() const { return Target; }
  /// Gives the calling thread the arena's CPUs.
  void enter() {
    if (SubDevice)
      set(Target, MaskState::SubDevice);
    else if (ThreadMask != MaskState::Process)
      set(Process, MaskState::Process);
  }
  void on_scheduler_entry(bool IsWorker) override {
    if (IsWorker)
      enter();
  }
  void on_scheduler_exit(bool IsWorker) override {
    if (IsWorker && SubDevice)
      set(Process, MaskState::Process);
  }

private:
  static void set(const cpu_set_t &Mask, MaskState State) {
    if (CPU_COUNT(&Mask) && sched_setaffinity(0, sizeof Mask, &Mask) == 0)
      ThreadMask = State;
  }

  const bool SubDevice;
  cpu_set_t Target;  ///< the arena's CPUs
  cpu_set_t Process; ///< the process's, when the device was made
};

Workers::Workers(unsigned Threads, std::vector<unsigned> Cpus)
    : Arena(int(Threads), /*reserved_for_masters=*/0), Load(int(Threads)), Handed(new HandedTasks) {
  if (Cpus.empty())
    WorkerLimit.emplace(tbb::global_control::max_allowed_parallelism, Threads + 1);
  Pin = std::make_unique<Pinning>(Arena, Cpus);
}

Workers::~Workers() { Handed->drop(); }

void Workers::spawn(std::function<void()> Task) {
  if constexpr (SanitizingThreads) {
    // A sanitizer build's thread stands for a worker entering the arena (a new thread inherits
    // its creator's CPUs, which may be a sub-device's).
    std::thread([Task = std::move(Task), Cpus = Pin->cpus()] {
      if (CPU_COUNT(&Cpus))
        sched_setaffinity(0, sizeof Cpus, &Cpus);
      Task();
    }).detach();
    return;
  }
  {
    std::lock_guard Guard(Handed->Lock);
    Handed->Tasks.push_back(std::move(Task));
  }
  Handed->Owners.fetch_add(1, std::memory_order_relaxed);
  Arena.enqueue([Q = Handed] {
    Q->runOldest();
    Q->drop();
  });
}

} // namespace weft::cpu
