// The host description, read from a fake /proc and /sys tree and from this machine.
#include "device-cpu/Topology.h"
#include "runtime/core/Config.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace weft::cpu {
namespace {

namespace fs = std::filesystem;

void write(const fs::path &P, const std::string &Text) {
  fs::create_directories(P.parent_path());
  std::ofstream(P) << Text << "\n";
}

TEST(Topology, SysfsSizes) {
  EXPECT_EQ(parseSize("48K"), 48u << 10);
  EXPECT_EQ(parseSize("2048K"), 2048u << 10);
  EXPECT_EQ(parseSize("32M"), 32u << 20);
  EXPECT_EQ(parseSize("512"), 512u);
  EXPECT_EQ(parseSize("K"), 0u);
  EXPECT_EQ(parseSize("12Q"), 0u);
}

TEST(Topology, FakeMachine) {
  fs::path Root = fs::temp_directory_path() / ("weft-topology-" + std::to_string(getpid()));
  write(Root / "proc/cpuinfo", "processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 25\n"
                               "model\t\t: 33\nmodel name\t: AMD Ryzen 9 5950X 16-Core Processor\n"
                               "stepping\t: 0\ncpu MHz\t\t: 3400.000\nflags\t\t: fpu sse2 avx avx2 fma\n");
  // Whatever CPU the test may run on first, give every one the same caches.
  for (int Cpu = 0; Cpu < 64; ++Cpu) {
    fs::path Cache = Root / ("sys/devices/system/cpu/cpu" + std::to_string(Cpu)) / "cache";
    write(Cache / "index0/type", "Data");
    write(Cache / "index0/size", "32K");
    write(Cache / "index0/coherency_line_size", "64");
    write(Cache / "index1/type", "Instruction");
    write(Cache / "index1/size", "32K");
    write(Cache / "index1/coherency_line_size", "64");
    write(Cache / "index2/type", "Unified");
    write(Cache / "index2/size", "512K");
    write(Cache / "index2/coherency_line_size", "64");
    write(Cache / "index3/type", "Unified");
    write(Cache / "index3/size", "32768K");
    write(Cache / "index3/coherency_line_size", "64");
  }
  write(Root / "sys/fs/cgroup/memory.max", "1073741824");

  DeviceDescription D = describeHost(Root.string(), 0);
  EXPECT_EQ(D.Name, "AMD Ryzen 9 5950X 16-Core Processor");
  EXPECT_EQ(D.Vendor, "AuthenticAMD");
  EXPECT_EQ(D.VendorId, 0x1022u);
  EXPECT_EQ(D.SimdBytes, 32u);
  EXPECT_TRUE(D.HasFma);
  EXPECT_EQ(D.MaxClockMHz, 3400u);
  EXPECT_EQ(D.GlobalCacheSize, 32768u << 10);
  EXPECT_EQ(D.GlobalCacheLineSize, 64u);
  EXPECT_EQ(D.GlobalMemSize, 1u << 30); // the cgroup limit
  EXPECT_EQ(D.MaxAllocSize, 256u << 20);
  EXPECT_EQ(D.ComputeUnits, affinityCpuCount());
  EXPECT_EQ(describeHost(Root.string(), 5).ComputeUnits, 5u);
  EXPECT_EQ(describeHost(Root.string(), 0).Uuid, D.Uuid) << "the UUID must be stable";
  write(Root / "sys/fs/cgroup/memory/memory.limit_in_bytes", "536870912");
  EXPECT_EQ(describeHost(Root.string(), 0).GlobalMemSize, 512u << 20) << "a cgroup v1 limit";
  EXPECT_EQ(describeHost(Root.string(), 0, 256u << 20).GlobalMemSize, 256u << 20)
      << "WEFT_MEMORY_LIMIT";
  EXPECT_EQ(describeHost(Root.string(), 0, 4ull << 30).GlobalMemSize, 512u << 20)
      << "a limit above the machine's changes nothing";
  write(Root / "sys/fs/cgroup/memory/memory.limit_in_bytes", "9223372036854771712"); // unlimited
  EXPECT_EQ(describeHost(Root.string(), 0).GlobalMemSize, 1u << 30);
  fs::remove_all(Root);
}

TEST(Topology, CpuLists) {
  EXPECT_EQ(parseCpuList("0-3,8,10-11"), (std::vector<unsigned>{0, 1, 2, 3, 8, 10, 11}));
  EXPECT_EQ(parseCpuList("5"), (std::vector<unsigned>{5}));
  EXPECT_EQ(parseCpuList(""), (std::vector<unsigned>{}));
  EXPECT_EQ(parseCpuList("3-1"), (std::vector<unsigned>{}));
  EXPECT_EQ(parseCpuList("a"), (std::vector<unsigned>{}));
  EXPECT_EQ(parseCpuList("1-2x"), (std::vector<unsigned>{}));
}

/// The CPUs First to First + Count - 1, as sysfs lists them.
std::string cpuRange(unsigned First, unsigned Count) {
  return Count == 1 ? std::to_string(First)
                    : std::to_string(First) + "-" + std::to_string(First + Count - 1);
}

// Two NUMA nodes of two L3 caches of four cores each, every core with its own L1 and L2.
TEST(Topology, AffinityDomainsOfTwoNodes) {
  fs::path Root = fs::temp_directory_path() / ("weft-domains-" + std::to_string(getpid()));
  for (unsigned Node = 0; Node < 2; ++Node)
    write(Root / ("sys/devices/system/node/node" + std::to_string(Node)) / "cpulist",
          cpuRange(8 * Node, 8));
  write(Root / "sys/devices/system/node/possible", "0-1"); // not a node directory
  std::vector<unsigned> Cpus;
  for (unsigned Cpu = 0; Cpu < 16; ++Cpu) {
    Cpus.push_back(Cpu);
    fs::path Cache = Root / ("sys/devices/system/cpu/cpu" + std::to_string(Cpu)) / "cache";
    const char *Types[] = {"Data", "Instruction", "Unified", "Unified"};
    const std::string Shared[] = {cpuRange(Cpu, 1), cpuRange(Cpu, 1), cpuRange(Cpu, 1),
                                  cpuRange(Cpu / 4 * 4, 4)};
    const int Levels[] = {1, 1, 2, 3};
    for (int I = 0; I < 4; ++I) {
      fs::path Index = Cache / ("index" + std::to_string(I));
      write(Index / "type", Types[I]);
      write(Index / "level", std::to_string(Levels[I]));
      write(Index / "shared_cpu_list", Shared[I]);
    }
  }
  const CpuTopology T = readTopology(Root.string(), Cpus);
  auto Sizes = [&](size_t Level, const std::vector<unsigned> &UnitCpus) {
    std::vector<size_t> S;
    for (const std::vector<unsigned> &G : groupUnits(T, Level, UnitCpus))
      S.push_back(G.size());
    return S;
  };
  // AffinityLevels: NUMA, L4, L3, L2, L1.
  EXPECT_EQ(Sizes(0, Cpus), (std::vector<size_t>{8, 8}));
  EXPECT_TRUE(groupUnits(T, 1, Cpus).empty()) << "no L4 cache";
  EXPECT_EQ(Sizes(2, Cpus), (std::vector<size_t>{4, 4, 4, 4}));
  EXPECT_EQ(Sizes(3, Cpus), std::vector<size_t>(16, 1));
  EXPECT_EQ(Sizes(4, Cpus), std::vector<size_t>(16, 1));
  EXPECT_EQ(groupUnits(T, 2, Cpus)[1], (std::vector<unsigned>{4, 5, 6, 7}));
  // A sub-device's units: CPUs 6 to 9 straddle both nodes and two L3 caches, unit numbers are its own.
  const std::vector<unsigned> Straddling = {6, 7, 8, 9};
  EXPECT_EQ(groupUnits(T, 0, Straddling), (std::vector<std::vector<unsigned>>{{0, 1}, {2, 3}}));
  EXPECT_EQ(groupUnits(T, 2, Straddling), (std::vector<std::vector<unsigned>>{{0, 1}, {2, 3}}));
  // Units that share a CPU (more units than CPUs) share its domains.
  EXPECT_EQ(groupUnits(T, 4, {3, 3, 12}), (std::vector<std::vector<unsigned>>{{0, 1}, {2}}));
  // A CPU the tree does not describe: the level is not one to split along.
  EXPECT_TRUE(groupUnits(T, 2, {0, 99}).empty());
  EXPECT_TRUE(readTopology(Root.string(), {0, 1, 99}).DomainOf[2].empty());
  fs::remove_all(Root);
}

TEST(Topology, MissingFilesGiveSafeDefaults) {
  DeviceDescription D = describeHost("/nonexistent-weft-root", 0);
  EXPECT_EQ(D.Name, "Host CPU");
  EXPECT_EQ(D.SimdBytes, 16u);
  EXPECT_EQ(D.GlobalCacheLineSize, 64u);
  EXPECT_GT(D.GlobalMemSize, 0u);
  EXPECT_GE(D.ComputeUnits, 1u);
}

TEST(Topology, ThisMachine) {
  DeviceDescription D = describeHost("", 0);
  EXPECT_NE(D.Name, "Host CPU");
  EXPECT_GT(D.GlobalCacheSize, 0u);
  EXPECT_GE(D.SimdBytes, 16u);
}

} // namespace
} // namespace weft::cpu
