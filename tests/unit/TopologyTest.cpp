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
