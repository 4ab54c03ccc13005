// Checks shared by several entry points: property lists (and, as issues land, wait lists, flags,
// work sizes, rect regions).
#pragma once

#include "runtime/core/Error.h"

#include <CL/cl.h>

#include <vector>

namespace weft {
class Platform;
}

namespace weft::api {

struct ContextProperties {
  Platform *ThePlatform = nullptr; ///< CL_CONTEXT_PLATFORM, or Weft's platform if absent
  bool InteropUserSync = false;    ///< CL_CONTEXT_INTEROP_USER_SYNC
  std::vector<cl_context_properties> List; ///< as given, with the terminating 0; empty if NULL
};

/// Parses a context property list: CL_INVALID_PLATFORM for a bad platform, CL_INVALID_PROPERTY
/// for an unknown name, a bad value, or a name given twice.
Expected<ContextProperties> parseContextProperties(const cl_context_properties *Properties);

} // namespace weft::api
