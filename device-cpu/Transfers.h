// Copies and fills: the commands that move memory, vectorised by memcpy/memset and split across
// the device's workers when large.
#pragma once

#include "device-cpu/Workers.h"
#include "runtime/core/Command.h"

namespace weft::cpu {

/// Transfers of at least this many bytes are split into chunks run in parallel on the workers
/// (docs/performance.md, "Why the thresholds are what they are").
inline constexpr size_t ParallelBytes = 1u << 20;

void runCopy(const CopyCommand &C, Workers &W);
void runFill(const FillCommand &F, Workers &W);

} // namespace weft::cpu
