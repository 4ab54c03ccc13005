#include "runtime/core/DeviceMemory.h"

#include "runtime/core/Config.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>

#include <sys/mman.h>

namespace weft {
namespace {
std::atomic<uint64_t> InUse{0};
constexpr size_t HugePage = size_t(2) << 20;
} // namespace

std::byte *allocateDeviceMemory(size_t Size, size_t Alignment) {
  // From 2 MiB on, whole 2 MiB pages, which the kernel is asked to back with huge pages (where
  // transparent huge pages are on for madvise'd memory): a kernel reading an image along its
  // columns or at an angle touches a new 4 KiB page every few pixels, more than the TLB holds
  // (docs/performance.md, "Huge pages for memory objects from 2 MiB").
  if (Size >= HugePage)
    Alignment = std::max(Alignment, HugePage);
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
  else if (Alignment == HugePage)
    madvise(P, Rounded, MADV_HUGEPAGE); // advice only: its failure changes nothing
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
