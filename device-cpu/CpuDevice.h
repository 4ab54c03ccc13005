// The CPU device: this machine's description, its workers, and the commands it runs.
#pragma once

#include "device-cpu/Topology.h"
#include "device-cpu/Workers.h"
#include "runtime/core/Device.h"

#include <memory>
#include <vector>

namespace weft::cpu {

class CpuDevice final : public Device {
public:
  /// A root device: its compute units run on UnitCpus (one CPU each, repeated when there are more
  /// units than CPUs), unpinned.
  CpuDevice(Platform &P, DeviceDescription Description, std::vector<unsigned> UnitCpus,
            std::shared_ptr<const CpuTopology> Topology);
  const DeviceDescription &description() const override { return Description; }
  void submit(CommandRun Run) override;

  cl_device_affinity_domain affinityDomains() const override;
  std::vector<std::vector<unsigned>> unitsByDomain(cl_device_affinity_domain Domain) const override;
  Device *createSubDevice(const std::vector<unsigned> &Units,
                          std::vector<cl_device_partition_property> Type) override;

private:
  /// Runs Run's command on this thread (which may share the work with the workers) and ends it,
  /// with an error if it failed or threw.
  void run(const CommandRun &Run);
  /// Runs C; S gets the error if it fails.
  void execute(Command &C, Status &S);

  /// A sub-device of Parent, its workers pinned to UnitCpus.
  CpuDevice(CpuDevice &Parent, std::vector<unsigned> UnitCpus,
            std::vector<cl_device_partition_property> Type);

  DeviceDescription Description;
  std::vector<unsigned> UnitCpus; ///< the CPU of each compute unit
  std::shared_ptr<const CpuTopology> Topology;
  Workers Pool;
};

} // namespace weft::cpu
