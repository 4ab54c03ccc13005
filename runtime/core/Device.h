// The runtime's view of a device: a description of its facts, and submit, which runs commands.
#pragma once

#include "runtime/core/Command.h"
#include "runtime/core/Error.h"
#include "runtime/core/Object.h"

#include <array>
#include <cstdint>
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
  /// CL_DEVICE_PRINTF_BUFFER_SIZE: the printf output one command keeps (the spec's minimum,
  /// 1 MiB); what does not fit is dropped and that printf returns -1.
  size_t PrintfBufferBytes = size_t(1) << 20;
  std::array<uint8_t, 16> Uuid{};
};

class Event;

/// A command handed to a device, and how the device reports on it: it holds the command's event
/// (runtime/core/Event.h), which the device never sees.
class CommandRun {
public:
  explicit CommandRun(Ref<Event> E);
  CommandRun(const CommandRun &);
  CommandRun(CommandRun &&) noexcept;
  CommandRun &operator=(CommandRun) noexcept;
  ~CommandRun();

  Command &command() const;
  /// The device starts running it: CL_RUNNING (a profiling queue stamps the start).
  void started() const;
  /// It ran, or failed with S's error: the objects it kept alive are dropped, then the event is
  /// CL_COMPLETE or the error, its callbacks run and the commands waiting for it go.
  void ended(Status S) const;

private:
  Ref<Event> E;
};

class Device : public Object {
public:
  /// A root device (Parent null, no partition type), or a sub-device of Parent made by
  /// clCreateSubDevices with the properties Type.
  Device(Platform &P, Device *Parent = nullptr, std::vector<cl_device_partition_property> Type = {})
      : Object(ObjectType::Device), OwningPlatform(P), Parent(Parent), Type(std::move(Type)) {}
  Platform &platform() const { return OwningPlatform; }
  virtual const DeviceDescription &description() const = 0;

  /// Runs a command whose dependencies have all completed, on this thread or soon on the
  /// device's workers, and ends it (CommandRun::ended) once, either way.
  virtual void submit(CommandRun Run) = 0;

  /// The device this one was partitioned from; null for a root device.
  Device *parent() const { return Parent.get(); }
  /// The properties this sub-device was made with (CL_DEVICE_PARTITION_TYPE); empty for a root.
  const std::vector<cl_device_partition_property> &partitionType() const { return Type; }

  /// The affinity domains (CL_DEVICE_AFFINITY_DOMAIN_* bits) that split its compute units into
  /// two groups or more.
  virtual cl_device_affinity_domain affinityDomains() const = 0;
  /// Its compute units (0 to ComputeUnits - 1) grouped by the domain Domain (one bit of
  /// affinityDomains()) their cores share, the groups in order of their first unit.
  virtual std::vector<std::vector<unsigned>> unitsByDomain(cl_device_affinity_domain Domain) const = 0;
  /// A sub-device of the compute units Units (in increasing order), made by the properties Type;
  /// the caller holds its one API reference.
  virtual Device *createSubDevice(const std::vector<unsigned> &Units,
                                  std::vector<cl_device_partition_property> Type) = 0;

private:
  Platform &OwningPlatform;
  Ref<Device> Parent;
  std::vector<cl_device_partition_property> Type;
};

/// Creates the platform's root devices; defined by the device implementation (device-cpu/).
std::vector<Device *> createRootDevices(Platform &P);

} // namespace weft
