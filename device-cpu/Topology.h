// Reads the host CPU's facts: usable CPUs, model and vendor, caches, memory, SIMD width, clock.
#pragma once

#include "runtime/core/Device.h"

#include <array>
#include <map>
#include <string>
#include <vector>

namespace weft::cpu {

/// Describes this machine as a device. SysRoot prefixes every /proc and /sys path (tests point it
/// at a fake tree). NumThreads, when non-zero, overrides the compute units (WEFT_NUM_THREADS);
/// MemoryLimit, when non-zero, caps the global memory (WEFT_MEMORY_LIMIT).
DeviceDescription describeHost(const std::string &SysRoot, unsigned NumThreads,
                               uint64_t MemoryLimit = 0);

/// CPUs in this process's affinity mask (at least 1).
unsigned affinityCpuCount();

/// The CPUs in this process's affinity mask, in increasing order (at least one).
std::vector<unsigned> affinityCpus();

/// The levels at which CPUs share memory, in the order CL_DEVICE_AFFINITY_DOMAIN_NEXT_PARTITIONABLE
/// tries them: NUMA node, then the L4, L3, L2 and L1 data caches.
inline constexpr std::array<cl_device_affinity_domain, 5> AffinityLevels = {
    CL_DEVICE_AFFINITY_DOMAIN_NUMA, CL_DEVICE_AFFINITY_DOMAIN_L4_CACHE,
    CL_DEVICE_AFFINITY_DOMAIN_L3_CACHE, CL_DEVICE_AFFINITY_DOMAIN_L2_CACHE,
    CL_DEVICE_AFFINITY_DOMAIN_L1_CACHE};

/// Which CPUs share each affinity level: for each level of AffinityLevels, each CPU's domain,
/// named by the lowest CPU in it. A level is empty where sysfs does not describe it for every CPU
/// (no L4 cache, no NUMA directory).
struct CpuTopology {
  std::array<std::map<unsigned, unsigned>, AffinityLevels.size()> DomainOf; ///< CPU -> domain
  /// The domain of Cpu at level Level, or -1 if the level is not described.
  long domain(size_t Level, unsigned Cpu) const;
};

/// Reads which of Cpus share NUMA nodes and caches from SysRoot's /sys (tests point it at a fake
/// tree).
CpuTopology readTopology(const std::string &SysRoot, const std::vector<unsigned> &Cpus);

/// A CPU list as sysfs writes it ("0-3,8,10-11"); an empty list for text it cannot read.
std::vector<unsigned> parseCpuList(const std::string &Text);

/// Compute units grouped by the domain at Level that their CPUs (UnitCpus[unit]) share, each group
/// in increasing unit order and the groups in order of their first unit; empty if Topology does
/// not describe the level for one of the CPUs.
std::vector<std::vector<unsigned>> groupUnits(const CpuTopology &Topology, size_t Level,
                                              const std::vector<unsigned> &UnitCpus);

} // namespace weft::cpu
