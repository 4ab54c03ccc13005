// The device's workers: the arena, and spawn's queue of handed tasks.
#include "device-cpu/Workers.h"

#include <deque>
#include <mutex>
#include <thread>

namespace weft::cpu {

/// The tasks spawn handed to the arena, oldest first; each trampoline in the arena runs one.
struct Workers::HandedTasks {
  std::mutex Lock;
  std::deque<std::function<void()>> Tasks;

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

Workers::Workers(unsigned Threads)
    : WorkerLimit(tbb::global_control::max_allowed_parallelism, Threads + 1),
      Arena(int(Threads), /*reserved_for_masters=*/0), Load(int(Threads)), Handed(new HandedTasks) {}

void Workers::spawn(std::function<void()> Task) {
  if constexpr (SanitizingThreads) {
    std::thread(std::move(Task)).detach();
    return;
  }
  {
    std::lock_guard Guard(Handed->Lock);
    Handed->Tasks.push_back(std::move(Task));
  }
  Arena.enqueue([Q = Handed] { Q->runOldest(); });
}

} // namespace weft::cpu
