// The CPU device: this machine's description (and, as later issues land, its TBB arena and executor).
#pragma once

#include "runtime/core/Device.h"

namespace weft::cpu {

class CpuDevice final : public Device {
public:
  CpuDevice(Platform &P, DeviceDescription Description)
      : Device(P), Description(std::move(Description)) {}
  const DeviceDescription &description() const override { return Description; }

private:
  DeviceDescription Description;
};

} // namespace weft::cpu
