// The memory buffers, images and SVM allocations own: aligned, and counted against
// WEFT_MEMORY_LIMIT, so that the limit bounds what Weft allocates as well as what it reports.
#pragma once

#include <cstddef>
#include <cstdint>

namespace weft {

/// Size bytes at Alignment (a power of two), or null if the host has no memory for them or they
/// would take the memory Weft's objects hold past WEFT_MEMORY_LIMIT.
std::byte *allocateDeviceMemory(size_t Size, size_t Alignment);

/// Frees what allocateDeviceMemory(Size, ...) returned.
void freeDeviceMemory(void *Ptr, size_t Size);

/// Bytes the objects hold now.
uint64_t deviceMemoryInUse();

} // namespace weft
