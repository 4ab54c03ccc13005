// Runs a kernel command: its work-groups as tasks in the device's TBB arena.
#pragma once

#include "runtime/core/Command.h"

#include <oneapi/tbb/task_arena.h>

namespace weft::cpu {

void runNDRange(const NDRangeCommand &C, tbb::task_arena &Arena);

} // namespace weft::cpu
