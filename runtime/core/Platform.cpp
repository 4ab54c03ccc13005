// The one Weft platform: created on first use with its devices, never destroyed.
#include "runtime/core/Platform.h"

#include "runtime/core/Capabilities.h"
#include "runtime/core/Config.h"

namespace weft {

Platform::Platform() : Object(ObjectType::Platform) {
  config(); // read the environment (and warn about it) once, before anything depends on it
  Devices = createRootDevices(*this);
}

Platform &Platform::get() {
  // Never deleted: applications call into OpenCL from static destructors and atexit handlers.
  static Platform *P = new Platform();
  return *P;
}

std::string Platform::extensionString(bool ForDevice) {
  std::string S;
  for (const Extension &E : Extensions) {
    if (ForDevice && E.Scope != ExtensionScope::Device)
      continue;
    if (!S.empty())
      S += ' ';
    S += E.Name;
  }
  return S;
}

} // namespace weft
