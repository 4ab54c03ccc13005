// The CPU device: this machine's description, its long-lived TBB arena, and command execution.
#pragma once

#include "runtime/core/Device.h"

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/task_arena.h>

namespace weft::cpu {

class CpuDevice final : public Device {
public:
  CpuDevice(Platform &P, DeviceDescription Description);
  const DeviceDescription &description() const override { return Description; }
  Status execute(Command &C) override;
  void spawn(std::function<void()> Task) override;

private:
  DeviceDescription Description;
  /// Lets TBB start one worker per compute unit: by default it allows hardware_concurrency - 1
  /// workers (expecting the application thread to join), and would print a warning to the
  /// application's stderr when the arena asks for more. The minimum over all active controls
  /// applies, so an application's own stricter limit still wins.
  tbb::global_control WorkerLimit;
  /// One arena for the device's life, one slot per compute unit; TBB creates its threads on
  /// first use, so enumerating devices starts none.
  tbb::task_arena Arena;
};

} // namespace weft::cpu
