// Reads the host CPU's facts: usable CPUs, model and vendor, caches, memory, SIMD width, clock.
#pragma once

#include "runtime/core/Device.h"

#include <string>

namespace weft::cpu {

/// Describes this machine as a device. SysRoot prefixes every /proc and /sys path (tests point it
/// at a fake tree). NumThreads, when non-zero, overrides the compute units (WEFT_NUM_THREADS);
/// MemoryLimit, when non-zero, caps the global memory (WEFT_MEMORY_LIMIT).
DeviceDescription describeHost(const std::string &SysRoot, unsigned NumThreads,
                               uint64_t MemoryLimit = 0);

/// CPUs in this process's affinity mask (at least 1).
unsigned affinityCpuCount();

} // namespace weft::cpu
