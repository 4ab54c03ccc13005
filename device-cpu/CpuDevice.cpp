// Creates the platform's one CPU device.
#include "device-cpu/CpuDevice.h"

#include "device-cpu/Topology.h"
#include "runtime/core/Config.h"

namespace weft {

std::vector<Device *> createRootDevices(Platform &P) {
  return {new cpu::CpuDevice(P, cpu::describeHost("", config().NumThreads))};
}

} // namespace weft
