// The CPU device: creation, and command execution in its TBB arena.
#include "device-cpu/CpuDevice.h"

#include "device-cpu/Executor.h"
#include "device-cpu/Topology.h"
#include "device-cpu/Transfers.h"
#include "runtime/core/Config.h"

#include <thread>

namespace weft {

std::vector<Device *> createRootDevices(Platform &P) {
  return {new cpu::CpuDevice(P, cpu::describeHost("", config().NumThreads, config().MemoryLimit))};
}

namespace cpu {

CpuDevice::CpuDevice(Platform &P, DeviceDescription Description)
    : Device(P), Description(std::move(Description)),
      WorkerLimit(tbb::global_control::max_allowed_parallelism,
                  this->Description.ComputeUnits + 1),
      Arena(int(this->Description.ComputeUnits), /*reserved_for_masters=*/0) {}

Status CpuDevice::execute(Command &C) {
  switch (C.What) {
  case Command::Kind::None:
    break;
  case Command::Kind::Copy:
    runCopy(C.Copy, Arena);
    break;
  case Command::Kind::Fill:
    runFill(C.Fill, Arena);
    break;
  case Command::Kind::NDRange:
    if (!runNDRange(C.NDRange, Arena))
      return Error(CL_OUT_OF_RESOURCES, "the kernel's work-groups need more memory than could be "
                                        "allocated (local, and private: see CL_KERNEL_PRIVATE_MEM_SIZE)");
    break;
  case Command::Kind::Host:
  case Command::Kind::Native:
    C.HostWork();
    break;
  }
  return Status::ok();
}

void CpuDevice::spawn(std::function<void()> Task) {
  if constexpr (SanitizingThreads) {
    std::thread(std::move(Task)).detach();
    return;
  }
  handToArena(Arena, std::move(Task));
}

} // namespace cpu
} // namespace weft
