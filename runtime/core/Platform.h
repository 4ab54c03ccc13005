// The one Weft platform: its root devices and the strings it reports.
#pragma once

#include "runtime/core/Device.h"

#include <span>
#include <string>
#include <vector>

namespace weft {

class Platform : public Object {
public:
  /// The platform, created (with its devices) on first use; it lives until the process exits.
  static Platform &get();

  std::span<Device *const> devices() const { return Devices; }
  /// Space-separated extension names; the platform's list, or a device's.
  static std::string extensionString(bool ForDevice);

private:
  Platform();
  std::vector<Device *> Devices;
};

} // namespace weft
