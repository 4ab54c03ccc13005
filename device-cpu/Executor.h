// Runs a kernel command: its work-groups as tasks on the device's workers.
#pragma once

#include "device-cpu/Workers.h"
#include "runtime/core/Command.h"
#include "runtime/core/Error.h"

namespace weft::cpu {

/// Runs every work-group of C, each on one thread, and returns when all have run; the command's
/// printf output (at most PrintfBufferBytes) is written to stdout then. CL_OUT_OF_RESOURCES if
/// some work-groups could not run (the memory they needed, local, private across barriers, or
/// the frame of large private variables, could not be allocated), or if a kernel built with
/// checks failed one (no work-group starts after it; the report, also on stderr, is the
/// error's reason).
Status runNDRange(const NDRangeCommand &C, Workers &W, size_t PrintfBufferBytes);

} // namespace weft::cpu
