// The runtime's view of a device: a description of its facts, and (later) allocate/build/submit.
#pragma once

#include "runtime/core/Command.h"
#include "runtime/core/Error.h"
#include "runtime/core/Object.h"

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace weft {

class Platform;

/// What a device is, in plain numbers; runtime/api turns it into clGetDeviceInfo answers.
struct DeviceDescription {
  std::string Name;   ///< the CPU's model name
  std::string Vendor; ///< the CPU's vendor string (GenuineIntel, AuthenticAMD...)
  uint32_t VendorId = 0;
  unsigned ComputeUnits = 1;
  uint32_t MaxClockMHz = 0;
  uint64_t GlobalMemSize = 0;
  uint64_t MaxAllocSize = 0;
  uint64_t LocalMemSize = 0; ///< CL_DEVICE_LOCAL_MEM_SIZE: what kernels should be written for
  uint64_t LocalMemLimit = 0; ///< what a kernel may use at most: more than it, CL_OUT_OF_RESOURCES
  uint64_t GlobalCacheSize = 0;
  uint32_t GlobalCacheLineSize = 0;
  /// Widest SIMD register in bytes (16 SSE, 32 AVX2, 64 AVX-512): sets the vector widths.
  unsigned SimdBytes = 16;
  bool HasFma = false;
  size_t MaxWorkGroupSize = 4096;
  std::array<uint8_t, 16> Uuid{};
};

class Device : public Object {
public:
  Device(Platform &P) : Object(ObjectType::Device), OwningPlatform(P) {}
  Platform &platform() const { return OwningPlatform; }
  virtual const DeviceDescription &description() const = 0;

  /// Runs a command now, on this thread (which may share the work with the device's workers).
  virtual Status execute(Command &C) = 0;
  /// Runs Task on one of the device's workers, some time soon.
  virtual void spawn(std::function<void()> Task) = 0;

private:
  Platform &OwningPlatform;
};

/// Creates the platform's root devices; defined by the device implementation (device-cpu/).
std::vector<Device *> createRootDevices(Platform &P);

} // namespace weft
