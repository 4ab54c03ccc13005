// bench-handoff: what it costs a work-group to consume a tile that another core copied into its
// local memory, against copying the tile itself. No OpenCL: it measures the machine, to justify
// the async-copy engine's hand-off threshold (AsyncCopyPolicy::TaskMinBytes, docs/performance.md).
//
// A consumer thread streams tiles out of a source larger than the last-level cache's share a
// benchmark normally gets, through two local buffers, and reads every float of each tile:
//   - inline: it copies each tile itself, then reads it
//   - helper: a second thread copies tile k+1 while the consumer reads tile k (double buffering,
//     handed over through one atomic counter each way: the cheapest hand-off there is)
//   - warm: a second thread reads tile k+1 (one load per cache line) while the consumer copies
//     tile k itself and reads it: the helper pulls the source toward the caches the cores share
//     and writes nothing the consumer then has to take from it
//   - prefetch: no second thread; the consumer prefetches tile k+1's lines before reading tile k
// Prints "handoff_<mode>_<tile>KiB <microseconds per tile>", the median of five runs.
// Usage: bench-handoff [tiles per run]   (default 100000)
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <immintrin.h>
#include <thread>
#include <vector>

namespace {

constexpr size_t SourceBytes = size_t(1) << 30;

enum class Mode { Inline, Helper, Warm, Prefetch };
const char *const ModeNames[] = {"inline", "helper", "warm", "prefetch"};

double run(const char *Source, size_t TileBytes, int Tiles, Mode M) {
  const bool Helper = M == Mode::Helper;
  std::vector<char> Local(2 * TileBytes);
  std::atomic<int> Copied{-1}, Consumed{-1};
  auto TileAt = [&](int K) { return Source + (size_t(K) * TileBytes) % SourceBytes; };
  std::thread Copier([&] {
    if (Helper) {
      for (int K = 0; K < Tiles; ++K) {
        while (Consumed.load(std::memory_order_acquire) < K - 2) // its buffer is free again
          _mm_pause();
        std::memcpy(&Local[(K & 1) * TileBytes], TileAt(K), TileBytes);
        Copied.store(K, std::memory_order_release);
      }
    } else if (M == Mode::Warm) {
      // Tile K + 1 once the consumer has started on tile K (it copies tile K first).
      for (int K = 1; K < Tiles; ++K) {
        while (Consumed.load(std::memory_order_acquire) < K - 2)
          _mm_pause();
        const volatile char *T = TileAt(K);
        for (size_t I = 0; I < TileBytes; I += 64)
          (void)T[I];
      }
    }
  });
  float Sum = 0;
  auto T0 = std::chrono::steady_clock::now();
  for (int K = 0; K < Tiles; ++K) {
    char *Tile = &Local[(K & 1) * TileBytes];
    if (Helper)
      while (Copied.load(std::memory_order_acquire) < K)
        _mm_pause();
    else
      std::memcpy(Tile, TileAt(K), TileBytes);
    if (M == Mode::Prefetch && K + 1 < Tiles)
      for (size_t I = 0; I < TileBytes; I += 64)
        _mm_prefetch(TileAt(K + 1) + I, _MM_HINT_T2);
    const float *F = reinterpret_cast<const float *>(Tile);
    for (size_t I = 0; I < TileBytes / sizeof(float); ++I)
      Sum += F[I];
    Consumed.store(K, std::memory_order_release);
  }
  double Us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - T0).count();
  Copier.join();
  if (Sum == 1.0f) // keeps the reads
    std::puts("");
  return Us / Tiles;
}

} // namespace

int main(int Argc, char **Argv) {
  const int Tiles = Argc > 1 ? std::atoi(Argv[1]) : 100000;
  char *Source = static_cast<char *>(std::aligned_alloc(64, SourceBytes));
  for (size_t I = 0; I < SourceBytes; I += 4096)
    std::memset(Source + I, int(I >> 12), 4096);
  for (size_t TileBytes : {size_t(4) << 10, size_t(16) << 10})
    for (Mode M : {Mode::Inline, Mode::Helper, Mode::Warm, Mode::Prefetch}) {
      double Runs[5];
      for (double &R : Runs)
        R = run(Source, TileBytes, Tiles, M);
      std::sort(Runs, Runs + 5);
      std::printf("handoff_%s_%zuKiB %.3f us\n", ModeNames[int(M)], TileBytes >> 10, Runs[2]);
    }
  std::free(Source);
}
