// Work-groups as TBB tasks: each chunk of work-groups gets its own local memory and argument
// buffer (with this chunk's __local pointers) and runs the work-group function once per group.
#include "device-cpu/Executor.h"

#include "device-cpu/AsyncCopy.h"
#include "device-cpu/Printf.h"
#include "device-cpu/Transfers.h"
#include "runtime/core/Capabilities.h"
#include "runtime/core/Config.h"

#include <atomic>
#include <deque>
#include <map>
#include <mutex>
#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>
#include <pthread.h>
#include <xmmintrin.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <thread>

namespace weft::cpu {
namespace {

constexpr size_t LocalAlign = 128;
constexpr size_t ArgAlign = 128;

struct FreeDeleter {
  void operator()(std::byte *P) const { std::free(P); }
};

/// The MXCSR every work-group starts with: round to nearest, all exceptions masked, denormals
/// kept (no FTZ/DAZ), whatever the thread carried before.
constexpr unsigned DefaultMxcsr = 0x1f80;

/// How many of the arena's threads are running work-groups: async copies use the others.
/// An arena's queue of handed tasks (handToArena); its trampolines hold its address only.
struct HandedTasks {
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

DeviceLoad &loadOf(tbb::task_arena &Arena) {
  static DeviceLoad Load(Arena.max_concurrency()); // one CPU device and arena for now
  return Load;
}

/// The running thread's stack, [Low, High).
struct StackRange {
  const std::byte *Low = nullptr, *High = nullptr;
  StackRange() {
    pthread_attr_t Attributes;
    if (pthread_getattr_np(pthread_self(), &Attributes) != 0)
      return;
    void *Base = nullptr;
    size_t Size = 0;
    if (pthread_attr_getstack(&Attributes, &Base, &Size) == 0) {
      Low = static_cast<const std::byte *>(Base);
      High = Low + Size;
    }
    pthread_attr_destroy(&Attributes);
  }
};

bool within(const void *P, const std::byte *Begin, uint64_t Bytes) {
  auto *B = static_cast<const std::byte *>(P);
  return Begin && B >= Begin && B < Begin + Bytes;
}

} // namespace

void handToArena(tbb::task_arena &Arena, std::function<void()> Task) {
  // One queue per arena, made on first use and never destroyed (a worker may run a trampoline
  // at any time, even while the process exits).
  static std::mutex QueuesLock;
  static auto *Queues = new std::map<const tbb::task_arena *, HandedTasks *>;
  HandedTasks *Q;
  {
    std::lock_guard Guard(QueuesLock);
    HandedTasks *&Slot = (*Queues)[&Arena];
    if (!Slot)
      Slot = new HandedTasks;
    Q = Slot;
  }
  {
    std::lock_guard Guard(Q->Lock);
    Q->Tasks.push_back(std::move(Task));
  }
  Arena.enqueue([Q] { Q->runOldest(); });
}

uint32_t addressSpaceOf(abi::WorkGroupContext *Ctx, const void *Pointer) {
  if (within(Pointer, Ctx->LocalMemory, Ctx->LocalBytes))
    return 3;
  // initial-exec, like Scheduler.cpp's Pending: no __tls_get_addr call on each look-up.
  __attribute__((tls_model("initial-exec"))) thread_local const StackRange Stack;
  if (within(Pointer, Ctx->PrivateMemory, Ctx->PrivateBytes) ||
      within(Pointer, Ctx->FrameMemory, Ctx->FrameBytes) ||
      within(Pointer, Stack.Low, uint64_t(Stack.High - Stack.Low)))
    return 0;
  return 1;
}

bool runNDRange(const NDRangeCommand &C, tbb::task_arena &Arena) {
  uint64_t Groups[3];
  for (unsigned D = 0; D < 3; ++D)
    Groups[D] = (C.GlobalSize[D] + C.LocalSize[D] - 1) / C.LocalSize[D];
  const size_t Total = size_t(Groups[0] * Groups[1] * Groups[2]);

  // Local memory of one work-group: kernel-scope __local variables, Weft's scratch, then each
  // __local argument.
  std::vector<size_t> LocalArgOffsets;
  size_t LocalBytes = C.StaticLocalBytes + C.LocalScratchBytes;
  for (const auto &[Slot, Size] : C.LocalArgs) {
    LocalBytes = (LocalBytes + LocalAlign - 1) / LocalAlign * LocalAlign;
    LocalArgOffsets.push_back(LocalBytes);
    LocalBytes += Size;
  }
  LocalBytes = (LocalBytes + LocalAlign - 1) / LocalAlign * LocalAlign;

  // Values of kernels with barriers that live across a barrier: one slot per work-item.
  const size_t PrivateBytes = C.PrivateBytesPerWorkItem * C.LocalSize[0] * C.LocalSize[1] * C.LocalSize[2];

  DeviceLoad &Load = loadOf(Arena);
  AsyncCopyPolicy Policy;
  Policy.Mode = config().AsyncCopies;
  auto Start = [&Arena](std::function<void()> Task) {
    if constexpr (SanitizingThreads)
      std::thread(std::move(Task)).detach(); // TSan cannot see TBB's hand-offs (Transfers.h)
    else
      handToArena(Arena, std::move(Task));
  };
  // A command with fewer work-groups than workers leaves some free: they take the copies its
  // work-groups hand off, spinning between copies while it runs (no wake-up per copy).
  const int Spare = Load.Threads - int(std::min<size_t>(Total, size_t(Load.Threads)));
  std::optional<CopyHelpers> Free;
  if (Spare > 0 && Policy.Mode != AsyncCopyMode::Inline) {
    Free.emplace(Start, Spare);
    Policy.OverlapMinBytes = 8u << 10;
  }
  AsyncCopies::Spawner Helpers = [&](std::function<void()> Helper) {
    if (Free)
      Free->run(std::move(Helper));
    else
      Start(std::move(Helper));
  };

  PrintfBuffer Printed(PrintfBufferBytes);
  std::atomic<bool> OutOfMemory{false};
  // A block of a running chunk of work-groups (null for 0 bytes; aligned_alloc wants a multiple
  // of the alignment).
  auto Block = [](size_t Bytes) {
    const size_t Whole = (Bytes + LocalAlign - 1) / LocalAlign * LocalAlign;
    return std::unique_ptr<std::byte, FreeDeleter>(
        Bytes ? static_cast<std::byte *>(std::aligned_alloc(LocalAlign, Whole)) : nullptr);
  };
  auto RunGroups = [&](size_t Begin, size_t End) {
    // Local memory, private values across barriers, large private variables: without one of
    // them, these groups cannot run.
    auto Local = Block(LocalBytes), Private = Block(PrivateBytes), Frame = Block(C.FrameBytes);
    if ((LocalBytes && !Local) || (PrivateBytes && !Private) || (C.FrameBytes && !Frame)) {
      OutOfMemory.store(true, std::memory_order_relaxed);
      return;
    }
    Load.Running.fetch_add(1, std::memory_order_relaxed);
    AsyncCopies Copies(Helpers, Load, Policy, C.LocalSize[0] * C.LocalSize[1] * C.LocalSize[2]);
    // The argument buffer as aligned as its most aligned argument can be (a long16 by value is
    // 128-byte aligned, and the kernel loads it with aligned vector instructions).
    const size_t ArgBytes = (C.Args.size() + ArgAlign - 1) / ArgAlign * ArgAlign;
    std::unique_ptr<std::byte, FreeDeleter> Args(
        static_cast<std::byte *>(std::aligned_alloc(ArgAlign, std::max(ArgBytes, ArgAlign))));
    std::memcpy(Args.get(), C.Args.data(), C.Args.size());
    for (size_t I = 0; I < C.LocalArgs.size(); ++I) {
      std::byte *P = Local.get() + LocalArgOffsets[I];
      std::memcpy(Args.get() + C.LocalArgs[I].first, &P, sizeof P);
    }
    abi::WorkGroupContext Ctx{};
    Ctx.WorkDim = C.WorkDim;
    Ctx.LocalMemory = Local.get();
    Ctx.PrivateMemory = Private.get();
    Ctx.Runtime = &AsyncCopies::Runtime;
    Ctx.Async = &Copies;
    Ctx.CopyNames = Copies.names();
    Ctx.Printf = &Printed;
    Ctx.LocalBytes = LocalBytes;
    Ctx.PrivateBytes = PrivateBytes;
    Ctx.FrameMemory = Frame.get();
    Ctx.FrameBytes = C.FrameBytes;
    for (unsigned D = 0; D < 3; ++D) {
      Ctx.GlobalOffset[D] = C.GlobalOffset[D];
      Ctx.GlobalSize[D] = C.GlobalSize[D];
      Ctx.EnqueuedLocalSize[D] = C.LocalSize[D];
      Ctx.NumGroups[D] = Groups[D];
    }
    unsigned SavedMxcsr = _mm_getcsr();
    _mm_setcsr(DefaultMxcsr);
    for (size_t G = Begin; G < End; ++G) {
      uint64_t Id[3] = {G % Groups[0], (G / Groups[0]) % Groups[1], G / (Groups[0] * Groups[1])};
      for (unsigned D = 0; D < 3; ++D) {
        Ctx.GroupId[D] = Id[D];
        // A trailing group of a non-uniform NDRange is smaller.
        Ctx.LocalSize[D] = std::min(C.LocalSize[D], C.GlobalSize[D] - Id[D] * C.LocalSize[D]);
      }
      C.Run(Args.get(), &Ctx);
      Copies.drain();
    }
    _mm_setcsr(SavedMxcsr);
    Load.Running.fetch_sub(1, std::memory_order_relaxed);
  };

  if (Total == 1 || SanitizingThreads) {
    RunGroups(0, Total);
  } else {
    // Isolated: a thread waiting for the loop's other chunks must not pick up a CopyHelpers
    // loop, which returns only after this command ends.
    Arena.execute([&] {
      tbb::this_task_arena::isolate([&] {
        tbb::parallel_for(tbb::blocked_range<size_t>(0, Total),
                          [&](const tbb::blocked_range<size_t> &R) { RunGroups(R.begin(), R.end()); });
      });
    });
  }
  Printed.flush(); // "flushed when the command completes"
  return !OutOfMemory.load();
}

} // namespace weft::cpu
