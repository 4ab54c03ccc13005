// Error names and the reporter that explains a failing call to the context and to stderr.
#pragma once

#include "runtime/core/Error.h"

#include <string_view>

namespace weft {

/// "CL_INVALID_VALUE" for CL_INVALID_VALUE; "CL_<unknown -N>" for codes the spec does not name.
std::string errorName(cl_int Code);

/// Tells the error's context (its pfn_notify) and, with WEFT_DEBUG=api, stderr:
/// "clFunction: CL_ERROR_NAME: reason".
void reportError(std::string_view Function, const Error &E);

} // namespace weft
