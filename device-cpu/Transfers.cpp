// Copies and fills, contiguous or strided, parallel above ParallelBytes.
#include "device-cpu/Transfers.h"

#include <algorithm>
#include <cstring>

namespace weft::cpu {
namespace {

constexpr size_t Chunk = 256u << 10; // per task: large enough to amortise, small enough to balance

/// Runs Body(Begin, End) over [0, N) units: on the workers, in chunks of Grain units, when the
/// whole transfer is Parallel; else at once on this thread.
template <class F> void forRange(size_t N, size_t Grain, bool Parallel, Workers &W, F &&Body) {
  if (Parallel)
    W.forEach(N, Grain, Body);
  else
    Body(size_t(0), N);
}

} // namespace

void runCopy(const CopyCommand &C, Workers &W) {
  const size_t Width = C.Region[0], Rows = C.Region[1], Slices = C.Region[2];
  const size_t Total = Width * Rows * Slices;
  const bool Parallel = Total >= ParallelBytes;
  const std::byte *Src = C.Src.Base + C.Src.Offset;
  std::byte *Dst = C.Dst.Base + C.Dst.Offset;
  auto Contiguous = [&](const RectSpan &S) {
    return (Rows == 1 || S.RowPitch == Width) && (Slices == 1 || S.SlicePitch == Width * Rows);
  };
  if (Contiguous(C.Src) && Contiguous(C.Dst)) {
    forRange(Total, Chunk, Parallel, W, [&](size_t B, size_t E) {
      std::memmove(Dst + B, Src + B, E - B);
    });
    return;
  }
  // Strided: one memcpy per row; rows are the unit of parallel work.
  const size_t RowsPerChunk = std::max<size_t>(1, Chunk / std::max<size_t>(Width, 1));
  forRange(Rows * Slices, RowsPerChunk, Parallel, W, [&](size_t B, size_t E) {
    for (size_t I = B; I < E; ++I) {
      size_t Y = I % Rows, Z = I / Rows;
      std::memmove(Dst + Z * C.Dst.SlicePitch + Y * C.Dst.RowPitch,
                   Src + Z * C.Src.SlicePitch + Y * C.Src.RowPitch, Width);
    }
  });
}

void runFill(const FillCommand &F, Workers &W) {
  const size_t Rows = F.Rows * F.Slices;
  const bool Parallel = F.Size * Rows >= ParallelBytes;
  const std::byte *Pattern = F.Pattern.data();
  const bool OneByte =
      std::all_of(Pattern, Pattern + F.PatternSize, [&](std::byte B) { return B == Pattern[0]; });
  if (OneByte && Rows == 1) {
    // One byte repeated (zeros, most often): a memset, in one call per worker. A large memset
    // streams its stores past the caches, which chunks of 256 KiB would defeat
    // (docs/performance.md, "Why the thresholds are what they are").
    const size_t Threads = size_t(std::max(1, W.threads()));
    const size_t Share = (F.Size / Threads + 4095) / 4096 * 4096;
    forRange(F.Size, std::max(Chunk, Share), Parallel, W,
             [&](size_t B, size_t E) { std::memset(F.Dst + B, int(Pattern[0]), E - B); });
    return;
  }
  // A block of about 4 KiB of whole patterns, copied over each span. The range is split in
  // blocks, so that each chunk starts on a pattern boundary (halving the bytes would not: 3
  // patterns of 4 bytes split at byte 6); a rect is split in rows, each starting a pattern.
  alignas(64) std::byte Block[4096];
  const size_t BlockBytes = sizeof Block / F.PatternSize * F.PatternSize;
  for (size_t I = 0; I < BlockBytes; I += F.PatternSize)
    std::memcpy(Block + I, Pattern, F.PatternSize);
  auto FillSpan = [&](std::byte *Dst, size_t Size) {
    if (OneByte) {
      std::memset(Dst, int(Pattern[0]), Size);
      return;
    }
    for (size_t At = 0; At < Size; At += BlockBytes)
      std::memcpy(Dst + At, Block, std::min(BlockBytes, Size - At));
  };
  if (Rows == 1) {
    const size_t Blocks = (F.Size + BlockBytes - 1) / BlockBytes;
    forRange(Blocks, std::max<size_t>(1, Chunk / BlockBytes), Parallel, W, [&](size_t B, size_t E) {
      const size_t Begin = B * BlockBytes, End = std::min(E * BlockBytes, F.Size);
      FillSpan(F.Dst + Begin, End - Begin);
    });
    return;
  }
  const size_t RowsPerChunk = std::max<size_t>(1, Chunk / std::max<size_t>(F.Size, 1));
  forRange(Rows, RowsPerChunk, Parallel, W, [&](size_t B, size_t E) {
    for (size_t I = B; I < E; ++I)
      FillSpan(F.Dst + I / F.Rows * F.SlicePitch + I % F.Rows * F.RowPitch, F.Size);
  });
}

} // namespace weft::cpu
