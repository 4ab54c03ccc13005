// Copies and fills: the non-kernel commands, vectorised by memcpy/memset and split across the
// device's workers when large.
#pragma once

#include "runtime/core/Command.h"

#include <oneapi/tbb/task_arena.h>

namespace weft::cpu {

/// Set in ThreadSanitizer builds. Debian's libtbb is not instrumented, so TSan cannot see the
/// synchronisation inside it and reports its task hand-offs as races. Such builds therefore run
/// device tasks on plain std::threads and transfers unsplit: every hand-off Weft makes stays
/// visible to TSan, which checks the scheduler, events, queues and callbacks in full.
#if defined(__SANITIZE_THREAD__)
inline constexpr bool SanitizingThreads = true;
#else
inline constexpr bool SanitizingThreads = false;
#endif

/// Transfers of at least this many bytes are split into chunks run in parallel on the arena.
/// Measured by bench/runtime.sh (copy bandwidth by size; see docs/performance.md).
inline constexpr size_t ParallelBytes = 1u << 20;

void runCopy(const CopyCommand &C, tbb::task_arena &Arena);
void runFill(const FillCommand &F, tbb::task_arena &Arena);

} // namespace weft::cpu
