// The CPU device: this machine's description, its workers, and the commands it runs.
#pragma once

#include "device-cpu/Workers.h"
#include "runtime/core/Device.h"

namespace weft::cpu {

class CpuDevice final : public Device {
public:
  CpuDevice(Platform &P, DeviceDescription Description);
  const DeviceDescription &description() const override { return Description; }
  void submit(CommandRun Run) override;

private:
  /// Runs Run's command on this thread (which may share the work with the workers) and ends it,
  /// with an error if it failed or threw.
  void run(const CommandRun &Run);
  /// Runs C; S gets the error if it fails.
  void execute(Command &C, Status &S);

  DeviceDescription Description;
  Workers Pool;
};

} // namespace weft::cpu
