#include "runtime/core/DeviceMemory.h"

#include "runtime/core/Config.h"

#include <atomic>
#include <cstdlib>

namespace weft {
namespace {
std::atomic<uint64_t> InUse{0};
} // namespace

std::byte *allocateDeviceMemory(size_t Size, size_t Alignment) {
  // aligned_alloc wants a multiple of the alignment.
  const size_t Rounded = (Size + Alignment - 1) / Alignment * Alignment;
  if (Rounded < Size)
    return nullptr;
  const uint64_t Limit = config().MemoryLimit;
  const uint64_t Before = InUse.fetch_add(Size, std::memory_order_relaxed);
  if (Limit && (Before + Size > Limit || Before + Size < Before)) {
    InUse.fetch_sub(Size, std::memory_order_relaxed);
    return nullptr;
  }
  auto *P = static_cast<std::byte *>(std::aligned_alloc(Alignment, Rounded ? Rounded : Alignment));
  if (!P)
    InUse.fetch_sub(Size, std::memory_order_relaxed);
  return P;
}

void freeDeviceMemory(void *Ptr, size_t Size) {
  if (!Ptr)
    return;
  std::free(Ptr);
  InUse.fetch_sub(Size, std::memory_order_relaxed);
}

uint64_t deviceMemoryInUse() { return InUse.load(std::memory_order_relaxed); }

} // namespace weft
