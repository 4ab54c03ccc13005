// The CPU device: creation, and where each command runs: on the thread that submits it, or as a
// task on the workers.
#include "device-cpu/CpuDevice.h"

#include "device-cpu/Executor.h"
#include "device-cpu/Topology.h"
#include "device-cpu/Transfers.h"
#include "runtime/core/Config.h"

namespace weft {

std::vector<Device *> createRootDevices(Platform &P) {
  return {new cpu::CpuDevice(P, cpu::describeHost("", config().NumThreads, config().MemoryLimit))};
}

namespace cpu {
namespace {

/// Copies and fills touching at most this many bytes run on the thread that submits them (the
/// enqueuing thread, or the one completing their last dependency): a task hand-off to a worker
/// costs more than the copy (docs/performance.md, "Why the thresholds are what they are").
constexpr size_t InlineBytes = 256 * 1024;

/// Whether a ready command runs on the thread that submits it rather than on a worker.
bool runsOnCaller(const Command &C) {
  return std::visit(
      [&C](const auto &Work) {
        using W = std::decay_t<decltype(Work)>;
        if constexpr (std::is_same_v<W, NDRangeCommand>)
          return false; // kernels always run on the workers
        else if constexpr (std::is_same_v<W, HostCommand>)
          return !Work.OnWorkers;
        else if constexpr (std::is_same_v<W, CopyCommand> || std::is_same_v<W, FillCommand>)
          return C.Blocking || C.bytes() <= InlineBytes; // the enqueuing thread waits anyway
        else
          return true; // no work: only the event's transitions
      },
      C.What);
}

} // namespace

CpuDevice::CpuDevice(Platform &P, DeviceDescription Description)
    : Device(P), Description(std::move(Description)), Pool(this->Description.ComputeUnits) {}

void CpuDevice::submit(CommandRun Run) {
  if (runsOnCaller(Run.command()))
    run(Run);
  else
    Pool.spawn([this, Run = std::move(Run)] { run(Run); });
}

void CpuDevice::run(const CommandRun &Run) {
  Run.started();
  Status S = Status::ok();
  std::visit(
      [&](auto &Work) {
        using W = std::decay_t<decltype(Work)>;
        if constexpr (std::is_same_v<W, CopyCommand>) {
          runCopy(Work, Pool);
        } else if constexpr (std::is_same_v<W, FillCommand>) {
          runFill(Work, Pool);
        } else if constexpr (std::is_same_v<W, NDRangeCommand>) {
          if (!runNDRange(Work, Pool, Description.PrintfBufferBytes))
            S = Error(CL_OUT_OF_RESOURCES, "the kernel's work-groups need more memory than could "
                                           "be allocated (local, and private: see "
                                           "CL_KERNEL_PRIVATE_MEM_SIZE)");
        } else if constexpr (std::is_same_v<W, HostCommand>) {
          Work.Run();
        }
      },
      Run.command().What);
  Run.ended(std::move(S));
}

} // namespace cpu
} // namespace weft
