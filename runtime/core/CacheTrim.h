// Keeps the disk cache of built programs within WEFT_CACHE_SIZE (compiler/CacheEntry.h:
// trimCache), on a thread of its own so that no build waits for the directory's scan.
#pragma once

#include <cstdint>
#include <string>

namespace weft {

/// After a build through the compiler library, which may have written to the cache in
/// Directory: starts a trim to Limit bytes (down to three quarters of it), unless one ran in the
/// last minute for Directory, in this process or another (the time of its file "last-trim" says
/// when), or one of this process's is still running. Trace, when set, gets what a trim removed.
void trimCacheSoon(const std::string &Directory, uint64_t Limit, bool Trace);

} // namespace weft
