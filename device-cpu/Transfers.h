// Copies and fills: the non-kernel commands, vectorised by memcpy/memset and split across the
// device's workers when large.
#pragma once

#include "runtime/core/Command.h"

#include <oneapi/tbb/task_arena.h>

namespace weft::cpu {

/// Transfers of at least this many bytes are split into chunks run in parallel on the arena.
/// Measured by bench/runtime.sh (copy bandwidth by size; see docs/performance.md).
inline constexpr size_t ParallelBytes = 1u << 20;

void runCopy(const CopyCommand &C, tbb::task_arena &Arena);
void runFill(const FillCommand &F, tbb::task_arena &Arena);

} // namespace weft::cpu
