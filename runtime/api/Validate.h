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

/// Checks a cl_mem_flags value: only known bits, at most one device-access flag (READ_WRITE,
/// WRITE_ONLY, READ_ONLY), at most one host-access flag, and USE_HOST_PTR not combined with
/// ALLOC_HOST_PTR or COPY_HOST_PTR. Extra lists bits allowed beyond the buffer ones (e.g.
/// CL_MEM_KERNEL_READ_AND_WRITE for images). CL_INVALID_VALUE otherwise.
Status validateMemFlags(cl_mem_flags Flags, cl_mem_flags Extra = 0);

} // namespace weft::api
