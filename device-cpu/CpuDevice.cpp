// The CPU device: creation, and where each command runs: on the thread that submits it, or as a
// task on the workers.
#include "device-cpu/CpuDevice.h"

#include "device-cpu/Executor.h"
#include "device-cpu/Topology.h"
#include "device-cpu/Transfers.h"
#include "runtime/core/Config.h"

#include <algorithm>
#include <new>
#include <vector>

namespace weft {

std::vector<Device *> createRootDevices(Platform &P) {
  DeviceDescription D = cpu::describeHost("", config().NumThreads, config().MemoryLimit);
  // Compute unit i runs on the i-th CPU the process may use (WEFT_NUM_THREADS may ask for more
  // units than CPUs: they then take the CPUs in turn).
  std::vector<unsigned> Cpus = cpu::affinityCpus(), UnitCpus;
  for (unsigned Unit = 0; Unit < D.ComputeUnits; ++Unit)
    UnitCpus.push_back(Cpus[Unit % Cpus.size()]);
  auto Topology = std::make_shared<const cpu::CpuTopology>(cpu::readTopology("", Cpus));
  return {new cpu::CpuDevice(P, std::move(D), std::move(UnitCpus), std::move(Topology))};
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

/// The commands that became ready to run on this thread while it runs one (see submit), oldest
/// first.
// initial-exec: libweft.so is dlopen'ed by the ICD loader, and a general-dynamic thread_local would
// go through __tls_get_addr on every access; one pointer fits in the static TLS surplus glibc
// keeps for dlopen'ed libraries.
__attribute__((tls_model("initial-exec"))) thread_local std::vector<CommandRun> *RunHere = nullptr;

} // namespace

CpuDevice::CpuDevice(Platform &P, DeviceDescription Description, std::vector<unsigned> UnitCpus,
                     std::shared_ptr<const CpuTopology> Topology)
    : Device(P), Description(std::move(Description)), UnitCpus(std::move(UnitCpus)),
      Topology(std::move(Topology)), Pool(this->Description.ComputeUnits) {}

namespace {
/// The distinct CPUs of a list, in increasing order.
std::vector<unsigned> distinct(std::vector<unsigned> Cpus) {
  std::sort(Cpus.begin(), Cpus.end());
  Cpus.erase(std::unique(Cpus.begin(), Cpus.end()), Cpus.end());
  return Cpus;
}
} // namespace

CpuDevice::CpuDevice(CpuDevice &Parent, std::vector<unsigned> Cpus,
                     std::vector<cl_device_partition_property> Type)
    : Device(Parent.platform(), &Parent, std::move(Type)), Description(Parent.Description),
      UnitCpus(std::move(Cpus)), Topology(Parent.Topology),
      Pool(unsigned(UnitCpus.size()), distinct(UnitCpus)) {
  Description.ComputeUnits = unsigned(UnitCpus.size());
}

cl_device_affinity_domain CpuDevice::affinityDomains() const {
  cl_device_affinity_domain Domains = 0;
  // Only levels that split it: a partition into one sub-device of every unit is none (CTS
  // test_device_partition partitions each sub-device again by the same domain, and
  // test_buffers' migrate tests expect every domain reported to partition).
  for (size_t Level = 0; Level < AffinityLevels.size(); ++Level)
    if (groupUnits(*Topology, Level, UnitCpus).size() > 1)
      Domains |= AffinityLevels[Level];
  return Domains;
}

std::vector<std::vector<unsigned>> CpuDevice::unitsByDomain(cl_device_affinity_domain Domain) const {
  for (size_t Level = 0; Level < AffinityLevels.size(); ++Level)
    if (AffinityLevels[Level] == Domain)
      return groupUnits(*Topology, Level, UnitCpus);
  return {};
}

Device *CpuDevice::createSubDevice(const std::vector<unsigned> &Units,
                                   std::vector<cl_device_partition_property> Type) {
  std::vector<unsigned> Cpus;
  for (unsigned Unit : Units)
    Cpus.push_back(UnitCpus.at(Unit));
  return new CpuDevice(*this, std::move(Cpus), std::move(Type));
}

void CpuDevice::submit(CommandRun Run) {
  if (!runsOnCaller(Run.command())) {
    Pool.spawn([this, Run = std::move(Run)] { run(Run); });
    return;
  }
  // A command that becomes ready while this thread runs one (its end makes others ready) runs
  // after it, not inside it: a chain of 1,000 dependent commands does not nest 1,000 frames deep.
  if (RunHere) {
    RunHere->push_back(std::move(Run));
    return;
  }
  std::vector<CommandRun> Later; // allocates only if a command becomes ready meanwhile
  struct Guard {
    std::vector<CommandRun> &Later;
    size_t Next = 0;
    ~Guard() {
      RunHere = nullptr;
      for (; Next < Later.size(); ++Next) // only if an exception left some: they end all the same
        Later[Next].ended(Error(CL_OUT_OF_HOST_MEMORY, "host memory ran out before it could run"));
    }
  } G{Later};
  RunHere = &Later;
  run(Run);
  while (G.Next < Later.size()) { // running one may add to Later (and move its elements)
    CommandRun Next = std::move(Later[G.Next++]);
    run(Next);
  }
}

void CpuDevice::run(const CommandRun &Run) {
  Run.started();
  Status S = Status::ok();
  try {
    execute(Run.command(), S);
  } catch (const std::bad_alloc &) {
    S = Error(CL_OUT_OF_HOST_MEMORY, "host memory ran out while the command ran");
  } catch (...) {
    S = Error(CL_OUT_OF_RESOURCES, "the command failed with an unexpected exception");
  }
  Run.ended(std::move(S));
}

void CpuDevice::execute(Command &C, Status &S) {
  std::visit(
      [&](auto &Work) {
        using W = std::decay_t<decltype(Work)>;
        if constexpr (std::is_same_v<W, CopyCommand>) {
          runCopy(Work, Pool);
        } else if constexpr (std::is_same_v<W, FillCommand>) {
          runFill(Work, Pool);
        } else if constexpr (std::is_same_v<W, NDRangeCommand>) {
          if (Status R = runNDRange(Work, Pool, Description.PrintfBufferBytes); !R)
            S = std::move(R);
        } else if constexpr (std::is_same_v<W, HostCommand>) {
          Work.Run();
        }
      },
      C.What);
}

} // namespace cpu
} // namespace weft
