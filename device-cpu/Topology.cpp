// Reads the host CPU's facts from the affinity mask, /proc/cpuinfo, sysfs and cgroups (and the
// C library's cache figures where sysfs has none).
#include "device-cpu/Topology.h"

#include "runtime/core/Config.h"

#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace weft::cpu {
namespace {

std::string readFile(const std::string &Path) {
  std::ifstream In(Path);
  if (!In)
    return {};
  std::ostringstream S;
  S << In.rdbuf();
  std::string Text = S.str();
  while (!Text.empty() && std::isspace(static_cast<unsigned char>(Text.back())))
    Text.pop_back();
  return Text;
}

uint64_t toNumber(const std::string &Text) {
  uint64_t N = 0;
  std::from_chars(Text.data(), Text.data() + Text.size(), N);
  return N;
}

/// The value of the first "Key : value" line of /proc/cpuinfo.
std::string cpuinfoField(const std::string &CpuInfo, const std::string &Key) {
  std::istringstream In(CpuInfo);
  for (std::string Line; std::getline(In, Line);) {
    size_t Colon = Line.find(':');
    if (Colon == std::string::npos)
      continue;
    std::string Name = Line.substr(0, Colon);
    while (!Name.empty() && std::isspace(static_cast<unsigned char>(Name.back())))
      Name.pop_back();
    if (Name != Key)
      continue;
    size_t Start = Line.find_first_not_of(" \t", Colon + 1);
    return Start == std::string::npos ? std::string() : Line.substr(Start);
  }
  return {};
}

bool hasFlag(const std::string &Flags, const std::string &Flag) {
  std::istringstream In(Flags);
  for (std::string F; In >> F;)
    if (F == Flag)
      return true;
  return false;
}

/// The first CPU this process may run on: its caches are the ones our threads use.
int firstAllowedCpu() {
  cpu_set_t Set;
  if (sched_getaffinity(0, sizeof(Set), &Set) == 0)
    for (int I = 0; I < CPU_SETSIZE; ++I)
      if (CPU_ISSET(I, &Set))
        return I;
  return 0;
}

/// Physical memory, limited by the process's cgroup: v2 memory.max ("max" when unlimited) or v1
/// memory.limit_in_bytes (a number near 2^63 when unlimited), as a container sees its own.
uint64_t physicalMemory(const std::string &SysRoot) {
  uint64_t Total = uint64_t(sysconf(_SC_PHYS_PAGES)) * uint64_t(sysconf(_SC_PAGESIZE));
  for (const char *File : {"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"})
    if (uint64_t Limit = toNumber(readFile(SysRoot + File)))
      Total = std::min(Total, Limit);
  return Total;
}

} // namespace

unsigned affinityCpuCount() {
  cpu_set_t Set;
  if (sched_getaffinity(0, sizeof(Set), &Set) != 0)
    return 1;
  return std::max(1, CPU_COUNT(&Set));
}

std::vector<unsigned> affinityCpus() {
  std::vector<unsigned> Cpus;
  cpu_set_t Set;
  if (sched_getaffinity(0, sizeof(Set), &Set) == 0)
    for (int I = 0; I < CPU_SETSIZE; ++I)
      if (CPU_ISSET(I, &Set))
        Cpus.push_back(unsigned(I));
  if (Cpus.empty())
    Cpus.push_back(0);
  return Cpus;
}

std::vector<unsigned> parseCpuList(const std::string &Text) {
  std::vector<unsigned> Cpus;
  std::istringstream In(Text);
  for (std::string Range; std::getline(In, Range, ',');) {
    if (Range.empty())
      continue;
    unsigned First = 0, Last = 0;
    const char *Begin = Range.data(), *End = Range.data() + Range.size();
    auto [Next, Error] = std::from_chars(Begin, End, First);
    if (Error != std::errc())
      return {};
    Last = First;
    if (Next != End) {
      if (*Next != '-')
        return {};
      auto [Tail, Error2] = std::from_chars(Next + 1, End, Last);
      if (Error2 != std::errc() || Tail != End || Last < First || Last - First > CPU_SETSIZE)
        return {};
    }
    for (unsigned Cpu = First; Cpu <= Last; ++Cpu)
      Cpus.push_back(Cpu);
  }
  return Cpus;
}

long CpuTopology::domain(size_t Level, unsigned Cpu) const {
  auto It = DomainOf[Level].find(Cpu);
  return It == DomainOf[Level].end() ? -1 : long(It->second);
}

CpuTopology readTopology(const std::string &SysRoot, const std::vector<unsigned> &Cpus) {
  namespace fs = std::filesystem;
  CpuTopology T;
  // NUMA nodes: each node directory lists its CPUs.
  std::map<unsigned, unsigned> Node;
  std::error_code Ignored;
  for (const fs::directory_entry &E :
       fs::directory_iterator(SysRoot + "/sys/devices/system/node", Ignored)) {
    const std::string Name = E.path().filename().string();
    if (Name.rfind("node", 0) != 0 || Name.size() == 4 ||
        !std::all_of(Name.begin() + 4, Name.end(), [](char C) { return std::isdigit(static_cast<unsigned char>(C)); }))
      continue;
    std::vector<unsigned> Members = parseCpuList(readFile(E.path().string() + "/cpulist"));
    for (unsigned Cpu : Members)
      Node[Cpu] = Members.front();
  }
  // Caches: each CPU's data and unified caches, by level, with the CPUs that share them.
  std::array<std::map<unsigned, unsigned>, AffinityLevels.size()> &Found = T.DomainOf;
  for (unsigned Cpu : Cpus) {
    if (auto It = Node.find(Cpu); It != Node.end())
      Found[0][Cpu] = It->second;
    const std::string CacheDir =
        SysRoot + "/sys/devices/system/cpu/cpu" + std::to_string(Cpu) + "/cache/index";
    for (int Index = 0;; ++Index) {
      const std::string Dir = CacheDir + std::to_string(Index);
      const std::string Type = readFile(Dir + "/type");
      if (Type.empty())
        break;
      const uint64_t Level = toNumber(readFile(Dir + "/level"));
      std::vector<unsigned> Sharing = parseCpuList(readFile(Dir + "/shared_cpu_list"));
      if (Type == "Instruction" || Level < 1 || Level > 4 || Sharing.empty())
        continue;
      Found[AffinityLevels.size() - Level][Cpu] = Sharing.front(); // L1 is the last level
    }
  }
  for (std::map<unsigned, unsigned> &Level : Found)
    if (Level.size() != Cpus.size()) // not described for every CPU: not a level to split along
      Level.clear();
  return T;
}

std::vector<std::vector<unsigned>> groupUnits(const CpuTopology &Topology, size_t Level,
                                              const std::vector<unsigned> &UnitCpus) {
  std::vector<std::vector<unsigned>> Groups;
  std::vector<long> GroupDomain;
  for (unsigned Unit = 0; Unit < UnitCpus.size(); ++Unit) {
    const long Domain = Topology.domain(Level, UnitCpus[Unit]);
    if (Domain < 0)
      return {};
    auto It = std::find(GroupDomain.begin(), GroupDomain.end(), Domain);
    if (It == GroupDomain.end()) {
      GroupDomain.push_back(Domain);
      Groups.emplace_back();
      It = GroupDomain.end() - 1;
    }
    Groups[size_t(It - GroupDomain.begin())].push_back(Unit);
  }
  return Groups;
}

DeviceDescription describeHost(const std::string &SysRoot, unsigned NumThreads,
                               uint64_t MemoryLimit) {
  DeviceDescription D;
  D.ComputeUnits = NumThreads ? NumThreads : affinityCpuCount();

  std::string CpuInfo = readFile(SysRoot + "/proc/cpuinfo");
  D.Name = cpuinfoField(CpuInfo, "model name");
  if (D.Name.empty())
    D.Name = "Host CPU";
  D.Vendor = cpuinfoField(CpuInfo, "vendor_id");
  if (D.Vendor == "GenuineIntel")
    D.VendorId = 0x8086;
  else if (D.Vendor == "AuthenticAMD")
    D.VendorId = 0x1022;
  if (D.Vendor.empty())
    D.Vendor = "Unknown";
  std::string Flags = cpuinfoField(CpuInfo, "flags");
  D.SimdBytes = hasFlag(Flags, "avx512f") ? 64 : hasFlag(Flags, "avx2") ? 32 : 16;
  D.HasFma = hasFlag(Flags, "fma");

  std::string CpuDir = SysRoot + "/sys/devices/system/cpu/cpu" + std::to_string(firstAllowedCpu());
  if (uint64_t KHz = toNumber(readFile(CpuDir + "/cpufreq/cpuinfo_max_freq")))
    D.MaxClockMHz = uint32_t(KHz / 1000);
  else
    D.MaxClockMHz = uint32_t(toNumber(cpuinfoField(CpuInfo, "cpu MHz")));

  // The global memory cache is the last-level data cache; its line size is the L1 data line.
  for (int Index = 0;; ++Index) {
    std::string Dir = CpuDir + "/cache/index" + std::to_string(Index);
    std::string Type = readFile(Dir + "/type");
    if (Type.empty())
      break;
    if (Type == "Instruction")
      continue;
    uint64_t Size = parseSize(readFile(Dir + "/size"));
    uint32_t Line = uint32_t(toNumber(readFile(Dir + "/coherency_line_size")));
    if (Size >= D.GlobalCacheSize) {
      D.GlobalCacheSize = Size;
      if (!D.GlobalCacheLineSize)
        D.GlobalCacheLineSize = Line;
    }
  }
  // Some virtual machines' kernels give no cache directories in sysfs: then the C library's
  // figures, which glibc reads from CPUID (on the real machine only, not under a test's root).
  if (!D.GlobalCacheSize && SysRoot.empty()) {
    for (int Name : {_SC_LEVEL1_DCACHE_SIZE, _SC_LEVEL2_CACHE_SIZE, _SC_LEVEL3_CACHE_SIZE})
      D.GlobalCacheSize = std::max(D.GlobalCacheSize, uint64_t(std::max(sysconf(Name), 0L)));
    if (!D.GlobalCacheLineSize)
      D.GlobalCacheLineSize = uint32_t(std::max(sysconf(_SC_LEVEL1_DCACHE_LINESIZE), 0L));
  }
  if (!D.GlobalCacheLineSize)
    D.GlobalCacheLineSize = 64;

  D.GlobalMemSize = physicalMemory(SysRoot);
  if (MemoryLimit)
    D.GlobalMemSize = std::min(D.GlobalMemSize, MemoryLimit);
  // A quarter of memory, but at least the spec's 128 MiB minimum when memory allows.
  D.MaxAllocSize = std::max(D.GlobalMemSize / 4, std::min<uint64_t>(D.GlobalMemSize, 128u << 20));
  // Local memory: 64 KiB reported, with work-groups of up to 8192 work-items. 64 KiB still
  // fits a core's L2, and real programs size their tiles by it: CLBlast's tuned ZGEMM kernels
  // need more than 32 KiB and fail with its kInvalidLocalMemUsage below that (PoCL reports
  // 2 MiB). The CTS's 2D/3D async-copy tests validate a case only when its local buffer is at
  // most 4 bytes per work-item of CL_DEVICE_MAX_WORK_GROUP_SIZE, and size it by half the local
  // memory: with 8192 work-items the cases of 64 KiB run (with 4096 the formula skips them all).
  D.LocalMemSize = 64u << 10;
  D.MaxWorkGroupSize = 8192;
  // A kernel may still use more local memory than reported: it is ordinary memory here, one
  // block per running work-group, so refusing a kernel that declares more would only break
  // programs, among them the CTS's test_half, whose vstorea_half kernels hold a double16 per
  // work-item of MAX_WORK_GROUP_SIZE / 8 in __local (128 KiB). Beyond this limit the enqueue
  // is refused.
  D.LocalMemLimit = 4u << 20;

  // A stable identity: the same CPU model gives the same UUID (FNV-1a over its description).
  std::string Identity = D.Vendor + "|" + D.Name + "|" + cpuinfoField(CpuInfo, "cpu family") +
                         "|" + cpuinfoField(CpuInfo, "model") + "|" +
                         cpuinfoField(CpuInfo, "stepping");
  uint64_t H1 = 0xcbf29ce484222325ull, H2 = 0x84222325cbf29ce4ull;
  for (unsigned char C : Identity) {
    H1 = (H1 ^ C) * 0x100000001b3ull;
    H2 = (H2 ^ C) * 0x100000001b3ull + 1;
  }
  for (int I = 0; I < 8; ++I) {
    D.Uuid[I] = uint8_t(H1 >> (8 * I));
    D.Uuid[8 + I] = uint8_t(H2 >> (8 * I));
  }
  return D;
}

} // namespace weft::cpu
