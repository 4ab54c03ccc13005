// Keeps the disk cache of built programs (program-store/CacheEntry.h) within WEFT_CACHE_SIZE:
// the least recently used files go, on a thread of its own so that no build waits for the scan.
#pragma once

#include <cstdint>
#include <string>

namespace weft::store {

/// What trimCache found in a cache directory and removed.
struct CacheTrim {
  uint64_t Files = 0, Bytes = 0; ///< the cache's files, as found
  uint64_t RemovedFiles = 0, RemovedBytes = 0;
};

/// Keeps the cache in Directory within Limit bytes: when its files (entries, manifests, writes
/// under way) hold more, removes the least recently used first, by modification time, which
/// every read of an entry or manifest renews, until the rest fit in Target bytes. A temporary
/// file an hour old (a write that died) always goes; files of other names are never touched.
/// Another process trimming or reading at the same time is harmless: a file already gone is
/// skipped, and a reader keeps reading a file it has open.
CacheTrim trimCache(const std::string &Directory, uint64_t Limit, uint64_t Target);

/// After a build through the compiler library, which may have written to the cache in
/// Directory: starts a trim to Limit bytes (down to three quarters of it), unless one ran in the
/// last minute for Directory, in this process or another (the time of its file "last-trim" says
/// when), or one of this process's is still running. Trace, when set, gets what a trim removed.
void trimCacheSoon(const std::string &Directory, uint64_t Limit, bool Trace);

} // namespace weft::store
