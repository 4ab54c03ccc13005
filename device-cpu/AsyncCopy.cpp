// The async-copy engine: see AsyncCopy.h.
#include "device-cpu/AsyncCopy.h"

#include "contracts/WorkGroupAbi.h"
#include "runtime/core/Clock.h"
#include "runtime/core/Trace.h"

#include <immintrin.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <deque>
#include <thread>

namespace weft::cpu {
namespace {

/// Count elements of N bytes, each at its own pitch: fixed-size copies the compiler turns into
/// plain moves (a strided copy of floats must not call memcpy per float).
template <size_t N>
void gather(std::byte *Dst, const std::byte *Src, size_t Count, size_t DstPitch, size_t SrcPitch) {
  for (size_t I = 0; I < Count; ++I)
    std::memcpy(Dst + I * DstPitch, Src + I * SrcPitch, N);
}

/// Count lines of Bytes bytes each.
void copyLineRun(std::byte *Dst, const std::byte *Src, size_t Count, size_t Bytes, size_t DstPitch,
                 size_t SrcPitch) {
  switch (Bytes) {
  case 1: return gather<1>(Dst, Src, Count, DstPitch, SrcPitch);
  case 2: return gather<2>(Dst, Src, Count, DstPitch, SrcPitch);
  case 4: return gather<4>(Dst, Src, Count, DstPitch, SrcPitch);
  case 8: return gather<8>(Dst, Src, Count, DstPitch, SrcPitch);
  case 16: return gather<16>(Dst, Src, Count, DstPitch, SrcPitch);
  case 32: return gather<32>(Dst, Src, Count, DstPitch, SrcPitch);
  case 64: return gather<64>(Dst, Src, Count, DstPitch, SrcPitch);
  case 128: return gather<128>(Dst, Src, Count, DstPitch, SrcPitch);
  default:
    for (size_t I = 0; I < Count; ++I)
      std::memcpy(Dst + I * DstPitch, Src + I * SrcPitch, Bytes);
  }
}

} // namespace

void copyLines(const CopyShape &S, size_t Begin, size_t End) {
  const size_t Bytes = S.lineBytes();
  if (Bytes == 0)
    return;
  while (Begin < End) {
    size_t Plane = Begin / S.Lines, Line = Begin % S.Lines;
    size_t Count = std::min(End - Begin, S.Lines - Line);
    copyLineRun(S.Dst + Plane * S.DstPlanePitch + Line * S.DstLinePitch,
                S.Src + Plane * S.SrcPlanePitch + Line * S.SrcLinePitch, Count, Bytes,
                S.DstLinePitch, S.SrcLinePitch);
    Begin += Count;
  }
}

namespace {

/// Copy K of a nest whose first copy is S, its sides moved K steps.
CopyShape moved(const CopyShape &S, size_t K, std::ptrdiff_t DstStep, std::ptrdiff_t SrcStep) {
  CopyShape M = S;
  M.Dst += std::ptrdiff_t(K) * DstStep;
  M.Src += std::ptrdiff_t(K) * SrcStep;
  return M;
}

/// Whether Count copies' lines on one side (Lines lines of LineBytes, LinePitch apart in a copy,
/// each copy Step bytes after the one before) cover no byte twice: each copy's lines a block of
/// its own (rows), or interleaved with the others' at the same offsets (columns).
bool linesApart(std::ptrdiff_t Step, size_t LinePitch, size_t LineBytes, size_t Lines,
                size_t Count) {
  if (Step <= 0)
    return false;
  const auto Apart = size_t(Step);
  return Apart >= (Lines - 1) * LinePitch + LineBytes ||
         (Apart >= LineBytes && LinePitch >= (Count - 1) * Apart + LineBytes);
}

/// copyNest's blocks of up to Block copies: each line down the block's copies in turn, so that a
/// loop of column copies reads a row's part across the block's columns and requests every row's
/// line at once (a column at a time leaves one row's miss in flight before the next).
template <size_t N>
void nestBlocks(const CopyShape &F, size_t Count, std::ptrdiff_t DstStep, std::ptrdiff_t SrcStep) {
  constexpr size_t Block = 8;
  for (size_t K0 = 0; K0 < Count; K0 += Block) {
    const size_t Copies = std::min(Block, Count - K0);
    std::byte *Dst = F.Dst + std::ptrdiff_t(K0) * DstStep;
    const std::byte *Src = F.Src + std::ptrdiff_t(K0) * SrcStep;
    for (size_t Line = 0; Line < F.Lines; ++Line, Dst += F.DstLinePitch, Src += F.SrcLinePitch)
      for (size_t K = 0; K < Copies; ++K)
        std::memcpy(Dst + std::ptrdiff_t(K) * DstStep, Src + std::ptrdiff_t(K) * SrcStep, N);
  }
}

/// Four rows of four 4-byte elements, Src's rows SrcPitch apart, stored transposed: Dst's rows
/// (DstPitch apart) are Src's columns. Shuffles only: every bit pattern is kept.
void transpose4x4(std::byte *Dst, const std::byte *Src, size_t SrcPitch, size_t DstPitch) {
  __m128 R0 = _mm_loadu_ps(reinterpret_cast<const float *>(Src));
  __m128 R1 = _mm_loadu_ps(reinterpret_cast<const float *>(Src + SrcPitch));
  __m128 R2 = _mm_loadu_ps(reinterpret_cast<const float *>(Src + 2 * SrcPitch));
  __m128 R3 = _mm_loadu_ps(reinterpret_cast<const float *>(Src + 3 * SrcPitch));
  _MM_TRANSPOSE4_PS(R0, R1, R2, R3);
  _mm_storeu_ps(reinterpret_cast<float *>(Dst), R0);
  _mm_storeu_ps(reinterpret_cast<float *>(Dst + DstPitch), R1);
  _mm_storeu_ps(reinterpret_cast<float *>(Dst + 2 * DstPitch), R2);
  _mm_storeu_ps(reinterpret_cast<float *>(Dst + 3 * DstPitch), R3);
}

/// copyNest of 4-byte elements where one side is contiguous across the copies and the other
/// along each copy's lines (a loop of column copies into rows, or of row copies out to
/// columns): 4 x 4 blocks transposed in registers, walking down the lines for each 4 copies.
/// False for other shapes.
bool transposeNest(const CopyShape &F, size_t Count, std::ptrdiff_t DstStep,
                   std::ptrdiff_t SrcStep) {
  const bool Gather = SrcStep == 4 && F.DstLinePitch == 4,
             Mirror = F.SrcLinePitch == 4 && DstStep == 4;
  if (!Gather && !Mirror)
    return false;
  auto at = [&](auto *Base, std::ptrdiff_t Step, size_t Pitch, size_t K, size_t Line) {
    return Base + std::ptrdiff_t(K) * Step + std::ptrdiff_t(Line * Pitch);
  };
  const size_t WholeK = Count & ~size_t(3), WholeLines = F.Lines & ~size_t(3);
  const size_t SrcPitch = Gather ? F.SrcLinePitch : size_t(SrcStep);
  const size_t DstPitch = Gather ? size_t(DstStep) : F.DstLinePitch;
  for (size_t K = 0; K < WholeK; K += 4)
    for (size_t Line = 0; Line < WholeLines; Line += 4)
      transpose4x4(at(F.Dst, DstStep, F.DstLinePitch, K, Line),
                   at(F.Src, SrcStep, F.SrcLinePitch, K, Line), SrcPitch, DstPitch);
  auto elements = [&](size_t KBegin, size_t KEnd, size_t LineBegin) {
    for (size_t K = KBegin; K < KEnd; ++K)
      for (size_t Line = LineBegin; Line < F.Lines; ++Line)
        std::memcpy(at(F.Dst, DstStep, F.DstLinePitch, K, Line),
                    at(F.Src, SrcStep, F.SrcLinePitch, K, Line), 4);
  };
  elements(0, WholeK, WholeLines); // the lines past the whole blocks
  elements(WholeK, Count, 0);      // the copies past them
  return true;
}

} // namespace

void copyNest(const CopyShape &First, size_t Count, std::ptrdiff_t DstStep,
              std::ptrdiff_t SrcStep) {
  const size_t LineBytes = First.lineBytes(), Lines = First.Lines;
  if (First.Planes == 1 && Lines > 1 &&
      linesApart(DstStep, First.DstLinePitch, LineBytes, Lines, Count)) {
    switch (LineBytes) {
    case 1:
      return nestBlocks<1>(First, Count, DstStep, SrcStep);
    case 2:
      return nestBlocks<2>(First, Count, DstStep, SrcStep);
    case 4:
      if (!transposeNest(First, Count, DstStep, SrcStep))
        nestBlocks<4>(First, Count, DstStep, SrcStep);
      return;
    case 8:
      return nestBlocks<8>(First, Count, DstStep, SrcStep);
    case 16:
      return nestBlocks<16>(First, Count, DstStep, SrcStep);
    default:
      break; // lines of several elements: rows already, copied as they come
    }
  }
  for (size_t K = 0; K < Count; ++K)
    copyLines(moved(First, K, DstStep, SrcStep), 0, First.totalLines());
}

/// A copy handed to helper tasks: chunks of whole lines, or of bytes when it is one line. The
/// work-group and each helper hold a reference; a helper that starts after the work-group took
/// every chunk finds nothing to do and only drops its reference.
struct AsyncCopies::Job {
  CopyShape Shape;
  bool ByBytes = false;
  size_t PerChunk = 1; ///< lines, or bytes when ByBytes
  uint32_t Chunks = 0;
  std::atomic<uint32_t> Next{0}; ///< the next chunk nobody has claimed
  std::atomic<uint32_t> Done{0}; ///< chunks copied
  std::atomic<uint32_t> Refs{1};

  void copyChunk(uint32_t C) const {
    if (ByBytes) {
      size_t Begin = C * PerChunk, Total = Shape.lineBytes();
      std::memcpy(Shape.Dst + Begin, Shape.Src + Begin, std::min(PerChunk, Total - Begin));
    } else {
      copyLines(Shape, C * PerChunk, std::min((C + 1) * PerChunk, Shape.totalLines()));
    }
  }
  /// Claims and copies chunks until none is left.
  void work() {
    for (uint32_t C; (C = Next.fetch_add(1, std::memory_order_relaxed)) < Chunks;) {
      copyChunk(C);
      Done.fetch_add(1, std::memory_order_release);
    }
  }
  void release() {
    if (Refs.fetch_sub(1, std::memory_order_acq_rel) == 1)
      delete this;
  }
};

AsyncCopies::AsyncCopies(CopyHelpers &Helpers, DeviceLoad &Load, const AsyncCopyPolicy &Policy,
                         size_t WorkItems)
    : Helpers(Helpers), Load(Load), Policy(Policy), Names(std::max<size_t>(WorkItems, 1)) {}

AsyncCopies::~AsyncCopies() { drain(); }

AsyncCopies::Job *AsyncCopies::offload(const CopyShape &S, bool Forced) {
  const int Idle = Load.Threads - Load.Running.load(std::memory_order_relaxed);
  if (!Forced && Idle <= 0)
    return nullptr;
  auto *J = new Job;
  J->Shape = S;
  const size_t LineBytes = S.lineBytes();
  J->ByBytes = S.totalLines() == 1;
  J->PerChunk = J->ByBytes ? Policy.ChunkBytes : std::max<size_t>(1, Policy.ChunkBytes / LineBytes);
  const size_t Units = J->ByBytes ? LineBytes : S.totalLines();
  // A copy has one side in local memory, so it is a few chunks, never 2^32.
  J->Chunks = uint32_t((Units + J->PerChunk - 1) / J->PerChunk);
  const int Copiers = int(std::min<size_t>(J->Chunks, size_t(std::max(Idle, 1))));
  for (int H = 0; H < Copiers; ++H) {
    J->Refs.fetch_add(1, std::memory_order_relaxed);
    Helpers.run([J] {
      const uint64_t Start = trace::on() ? trace::now() : 0;
      J->work();
      // On the timeline: the copy a helper made, on its worker's track (the first 65,536 of the
      // process: a kernel streaming tiles makes one per tile).
      static std::atomic<uint32_t> Traced{0};
      if (Start && Traced.fetch_add(1, std::memory_order_relaxed) < 65536) {
        trace::nameThread("worker");
        trace::slice("async-copy", "async copy by a helper", Start, trace::now(), trace::threadTrack(),
                     trace::Args(trace::ArgsForm::Bytes, J->Shape.bytes()));
      }
      J->release();
    });
  }
  return J;
}

AsyncCopies::Event *AsyncCopies::find(uintptr_t Name) {
  for (Event &E : Events)
    if (E.Name == Name)
      return &E;
  return nullptr;
}

void AsyncCopies::misused(uint64_t Site, uint64_t Place, uint64_t Address) {
  if (!Misuse.first)
    Misuse = {Site | abi::CheckSite::at(Place >> 32 & 0x7fffffff, Place & 0xffffffff), Address};
}

void *AsyncCopies::copy(const CopyShape &S, void *EventHandle, bool ToLocal, uint64_t Place) {
  Issued = true;
  const uintptr_t Name = reinterpret_cast<uintptr_t>(EventHandle);
  const bool Checked = Place >> 63; // copy checks
  const bool Batched = Checked && batch(S, Name, Place, ToLocal);
  if (!Batched)
    flush();
  Event *E = find(Name); // live: chained, the event now covers this copy too
  if (Checked) {
    // A new event's name is work-item 0's count of copies, this one's included (CopyNames); a
    // copy chained to any other must find it live.
    if (!E && Name != Names[0])
      misused(abi::CheckSite::BadEventSite | uint64_t(1) << 16, Place, Name);
    if (!Batched)
      if (const uint64_t Other = Footprints.add(S, ToLocal, Name, Place))
        misused(abi::CheckSite::OverlapSite, Place, Other & ~(uint64_t(1) << 63));
  }
  if (!E) {
    E = find(0);
    if (!E)
      E = &Events.emplace_back();
    E->Name = Name;
    E->Place = Place;
  }
  if (Batched)
    return reinterpret_cast<void *>(Name);
  const bool Forced = Policy.Mode == AsyncCopyMode::Task;
  bool HandOff = Forced;
  if (Policy.Mode == AsyncCopyMode::Auto && S.bytes() >= std::min(Policy.TaskMinBytes, Policy.OverlapMinBytes))
    HandOff = S.bytes() >= Policy.TaskMinBytes ||
              (ToLocal && LateWaits <= TimelyWaits / 8 + Policy.MaxLateWaits &&
               std::any_of(Events.begin(), Events.end(), [E](const Event &Other) { return Other.Name && &Other != E; }) &&
               (!Policy.ProbeOverlap || Probe.next(__rdtsc())));
  Job *J = nullptr;
  if (S.bytes() > 0 && HandOff)
    J = offload(S, Forced);
  if (J)
    E->Jobs.push_back(J);
  else
    copyLines(S, 0, S.totalLines());
  return reinterpret_cast<void *>(Name);
}

bool AsyncCopies::batch(const CopyShape &S, uintptr_t Name, uint64_t Place, bool ToLocal) {
  Batch &B = Pending;
  const CopyShape &F = B.First;
  if (B.Count && B.Name == Name && B.Place == Place && B.ToLocal == ToLocal &&
      S.ElementBytes == F.ElementBytes && S.LineElements == F.LineElements && S.Lines == F.Lines &&
      S.Planes == F.Planes && S.SrcLinePitch == F.SrcLinePitch &&
      S.SrcPlanePitch == F.SrcPlanePitch && S.DstLinePitch == F.DstLinePitch &&
      S.DstPlanePitch == F.DstPlanePitch) {
    const auto DstStep =
        std::ptrdiff_t(reinterpret_cast<uintptr_t>(S.Dst) - reinterpret_cast<uintptr_t>(F.Dst));
    const auto SrcStep =
        std::ptrdiff_t(reinterpret_cast<uintptr_t>(S.Src) - reinterpret_cast<uintptr_t>(F.Src));
    if (B.Count == 1) {
      B.DstStep = DstStep;
      B.SrcStep = SrcStep;
      B.Count = 2;
      return true;
    }
    // Copy K at K steps (the products stay far from overflow: the copies lie in one address space).
    if (DstStep == std::ptrdiff_t(B.Count) * B.DstStep &&
        SrcStep == std::ptrdiff_t(B.Count) * B.SrcStep) {
      ++B.Count;
      return true;
    }
  }
  if (S.bytes() == 0 || S.bytes() > BatchMaxBytes)
    return false;
  flush();
  B = {S, 1, 0, 0, Name, Place, ToLocal};
  return true;
}

void AsyncCopies::flush() {
  if (!Pending.Count)
    return;
  const Batch B = Pending;
  Pending.Count = 0;
  // The footprints: the whole nest's as one shape (its copies as planes, a step apart) where its
  // copies read local memory or write bytes apart there; each copy's otherwise, so that copies
  // of the nest overlapping one another are found.
  const CopyShape &F = B.First;
  const std::ptrdiff_t LocalStep = B.ToLocal ? B.DstStep : B.SrcStep;
  const bool Whole =
      B.Count > 1 && F.Planes == 1 && LocalStep > 0 &&
      (!B.ToLocal || linesApart(LocalStep, F.DstLinePitch, F.lineBytes(), F.Lines, B.Count));
  CopyShape Nest = F;
  if (Whole) {
    Nest.Planes = B.Count;
    Nest.DstPlanePitch = size_t(B.DstStep);
    Nest.SrcPlanePitch = size_t(B.SrcStep);
  }
  for (size_t K = 0; K < (Whole ? 1 : B.Count); ++K)
    if (const uint64_t Other =
            Footprints.add(moved(Nest, K, B.DstStep, B.SrcStep), B.ToLocal, B.Name, B.Place))
      misused(abi::CheckSite::OverlapSite, B.Place, Other & ~(uint64_t(1) << 63));
  copyNest(B.First, B.Count, B.DstStep, B.SrcStep);
}

void AsyncCopies::complete(Event &E) {
  for (Job *J : E.Jobs) {
    // Late: no helper has started it, or one is still at it after a spin.
    bool Late = J->Next.load(std::memory_order_relaxed) == 0;
    J->work(); // whatever no helper has started
    // The rest is being copied on other threads right now: spin briefly, then yield the core.
    for (unsigned Spins = 0; J->Done.load(std::memory_order_acquire) < J->Chunks; ++Spins) {
      if (Spins < 1024) {
        _mm_pause();
      } else {
        Late = true;
        std::this_thread::yield();
      }
    }
    ++(Late ? LateWaits : TimelyWaits);
    J->release();
  }
  E.Jobs.clear();
}

void AsyncCopies::fence() {
  flush();
  for (Event &E : Events)
    complete(E);
  Footprints.clear();
}

void AsyncCopies::wait(int NumEvents, void *const *List, uint64_t Place) {
  flush();
  // Copy checks: every event of the list before any is released (a list may name one twice).
  if (Place >> 63)
    for (int I = 0; I < NumEvents; ++I)
      if (const uintptr_t Name = reinterpret_cast<uintptr_t>(List[I]); Name && !find(Name)) {
        misused(abi::CheckSite::BadEventSite, Place, Name);
        break;
      }
  for (int I = 0; I < NumEvents; ++I) {
    const uintptr_t Name = reinterpret_cast<uintptr_t>(List[I]);
    Event *E = Name ? find(Name) : nullptr;
    if (!E)
      continue; // zero, released or never issued: ignored
    complete(*E);
    E->Name = 0;
    Footprints.waited(Name);
  }
}

bool OverlapProbe::next(uint64_t Now) {
  // The interval since the previous copy (the work-group waited for the copy before it and
  // computed on its tile meanwhile), so the first two of each block aside: they depend on a copy
  // made the other way.
  if (Last != 0 && Step % Block >= 2 && Step < 2 * Block) {
    Sum[Previous] += Now - Last;
    ++Count[Previous];
  }
  Last = Now;
  if (Step == 2 * Block) { // handed off only if at least 3% faster
    Decided = Count[0] && Count[1] && Sum[1] * Count[0] * 100 < Sum[0] * Count[1] * 97;
    Sum[0] = Sum[1] = 0;
    Count[0] = Count[1] = 0;
  }
  Previous = Step < Block ? false : Step < 2 * Block ? true : Decided;
  if (++Step == 2 * Block + Hold)
    Step = 0;
  return Previous;
}

std::pair<size_t, uint64_t> AsyncCopies::unwaited() const {
  // A new event's name is the work-items' copy count (CopyNames): the earliest has the least.
  size_t Live = 0;
  const Event *First = nullptr;
  for (const Event &E : Events)
    if (E.Name) {
      ++Live;
      if (!First || E.Name < First->Name)
        First = &E;
    }
  return {Live, First ? First->Place : 0};
}

void AsyncCopies::drain() {
  Probe.restart();
  if (Issued) {
    fence();
    for (Event &E : Events)
      E.Name = 0; // the records stay, for the next work-group
    std::fill(Names.begin(), Names.end(), 0u);
    Issued = false;
  }
  Misuse = {0, 0}; // after the fence, which may find an overlap in the copies it runs
}

void LocalFootprints::watch(std::byte *At, size_t Size) {
  Local = At;
  Bytes = Size;
  InFlight.clear();
}

namespace {

/// A footprint's runs of bytes in turn, lowest first where its pitches keep its lines apart and
/// in order.
struct Runs {
  const LocalFootprints::Footprint &P;
  size_t Plane = 0, Line = 0;

  size_t start() const { return P.Start + Plane * P.PlanePitch + Line * P.LinePitch; }
  void advance() {
    if (++Line == P.Lines) {
      Line = 0;
      ++Plane;
    }
  }
  bool next(size_t &Begin, size_t &End) {
    if (Plane == P.Planes)
      return false;
    Begin = start();
    End = Begin + P.LineBytes;
    for (advance(); Plane < P.Planes && start() == End; advance())
      End += P.LineBytes;
    return true;
  }
  bool ordered() const {
    return (P.Lines == 1 || P.LinePitch >= P.LineBytes) &&
           (P.Planes == 1 || P.PlanePitch >= (P.Lines - 1) * P.LinePitch + P.LineBytes);
  }
};

} // namespace

bool LocalFootprints::overlap(const Footprint &P, const Footprint &Q) {
  if (P.High <= Q.Low || Q.High <= P.Low)
    return false;
  Runs A{P}, B{Q};
  size_t AB, AE, BB, BE;
  if (A.ordered() && B.ordered()) { // a sweep over both
    for (bool HasA = A.next(AB, AE), HasB = B.next(BB, BE); HasA && HasB;) {
      if (AB < BE && BB < AE)
        return true;
      if (AE <= BE)
        HasA = A.next(AB, AE);
      else
        HasB = B.next(BB, BE);
    }
    return false;
  }
  while (A.next(AB, AE)) { // lines that cross: each run against each
    Runs C{Q};
    while (C.next(BB, BE))
      if (AB < BE && BB < AE)
        return true;
  }
  return false;
}

LocalFootprints::Footprint LocalFootprints::footprint(const CopyShape &S, bool ToLocal,
                                                      size_t Start) {
  Footprint P{Start,
              S.lineBytes(),
              S.Lines,
              S.Planes,
              ToLocal ? S.DstLinePitch : S.SrcLinePitch,
              ToLocal ? S.DstPlanePitch : S.SrcPlanePitch,
              0,
              0,
              ToLocal,
              0,
              0};
  // Lines that continue one another are one line, planes likewise (most copies are one run).
  if (P.Lines > 1 && P.LinePitch == P.LineBytes) {
    P.LineBytes *= P.Lines;
    P.Lines = 1;
  }
  if (P.Lines == 1 && P.Planes > 1 && P.PlanePitch == P.LineBytes) {
    P.LineBytes *= P.Planes;
    P.Planes = 1;
  }
  P.Low = P.Start;
  P.High = P.Start + (P.Planes - 1) * P.PlanePitch + (P.Lines - 1) * P.LinePitch + P.LineBytes;
  return P;
}

void LocalFootprints::runs(const CopyShape &S, bool ToLocal, size_t Start,
                           const std::function<void(size_t, size_t)> &Run) {
  if (S.bytes() == 0)
    return;
  const Footprint P = footprint(S, ToLocal, Start);
  Runs R{P};
  for (size_t Begin, End; R.next(Begin, End);)
    Run(Begin, End);
}

uint64_t LocalFootprints::add(const CopyShape &S, bool ToLocal, uintptr_t Name, uint64_t Place) {
  const std::byte *Base = ToLocal ? S.Dst : S.Src;
  if (!Local || Base < Local || Base >= Local + Bytes || S.bytes() == 0)
    return 0;
  Footprint P = footprint(S, ToLocal, size_t(Base - Local));
  P.Name = Name;
  P.Place = Place;
  uint64_t Other = 0;
  for (const Footprint &Q : InFlight)
    if ((P.Writes || Q.Writes) && overlap(P, Q)) {
      Other = Q.Place;
      break;
    }
  if (InFlight.empty() || !extend(InFlight.back(), P))
    InFlight.push_back(P);
  return Other;
}

bool LocalFootprints::extend(Footprint &L, const Footprint &P) {
  // One run that P continues, or lines of P's size at a pitch that P's run continues: a chain of
  // copies into (or out of) the rows of a tile, padded or not.
  if (L.Name != P.Name || L.Place != P.Place || L.Writes != P.Writes || L.Planes != 1 ||
      P.Lines != 1 || P.Planes != 1 || P.Start <= L.Start)
    return false;
  if (L.Lines == 1 && P.Start == L.High)
    L.LineBytes += P.LineBytes;
  else if (P.LineBytes != L.LineBytes || P.Start < L.High)
    return false;
  else if (L.Lines == 1)
    L.Lines = 2, L.LinePitch = P.Start - L.Start;
  else if (P.Start == L.Start + L.Lines * L.LinePitch)
    ++L.Lines;
  else
    return false;
  L.High = P.High;
  return true;
}

void LocalFootprints::waited(uintptr_t Name) {
  InFlight.erase(std::remove_if(InFlight.begin(), InFlight.end(), [Name](const Footprint &P) { return P.Name == Name; }),
                 InFlight.end());
}

namespace {

/// A lock for critical sections of a few instructions between threads that are all running: it
/// spins, where a std::mutex puts the loser to sleep in the kernel and wakes it microseconds
/// later, about once per tile between a work-group and its helper (docs/performance.md, "Why the
/// thresholds are what they are").
class SpinLock {
public:
  void lock() {
    while (Held.exchange(true, std::memory_order_acquire))
      while (Held.load(std::memory_order_relaxed))
        _mm_pause();
  }
  void unlock() { Held.store(false, std::memory_order_release); }

private:
  std::atomic<bool> Held{false};
};

} // namespace

struct CopyHelpers::Shared {
  SpinLock Lock;
  std::deque<std::function<void()>> Jobs;
  int Loops = 0; ///< started so far
  std::atomic<size_t> Pending{0};
  std::atomic<bool> Stop{false};

  std::function<void()> take() {
    std::lock_guard<SpinLock> Guard(Lock);
    if (Jobs.empty())
      return {};
    std::function<void()> Job = std::move(Jobs.front());
    Jobs.pop_front();
    Pending.fetch_sub(1, std::memory_order_relaxed);
    return Job;
  }
  /// One helper's life: jobs as they come, spinning between them (pause, then yield the core
  /// to anything else that wants it), until the command ends.
  void loop() {
    for (unsigned Idle = 0; !Stop.load(std::memory_order_acquire);) {
      if (Pending.load(std::memory_order_acquire) != 0) {
        if (std::function<void()> Job = take()) {
          Job();
          Idle = 0;
          continue;
        }
      }
      if (++Idle < 4096)
        _mm_pause();
      else if (Idle < 4096 + 64)
        std::this_thread::yield();
      else // no job for a while: the work-groups stopped handing off, or compute long
        std::this_thread::sleep_for(std::chrono::microseconds(50));
    }
  }
};

CopyHelpers::CopyHelpers(TaskSink &Tasks, int Loops) : Tasks(Tasks), MaxLoops(Loops) {}

CopyHelpers::~CopyHelpers() {
  if (!S)
    return;
  S->Stop.store(true, std::memory_order_release);
  while (std::function<void()> Job = S->take())
    Job();
}

void CopyHelpers::run(std::function<void()> Job) {
  if (MaxLoops == 0) {
    Tasks.spawn(std::move(Job));
    return;
  }
  std::call_once(Made, [this] { S = std::make_shared<Shared>(); });
  bool StartOne;
  {
    std::lock_guard<SpinLock> Guard(S->Lock);
    S->Jobs.push_back(std::move(Job));
    S->Pending.fetch_add(1, std::memory_order_release);
    StartOne = S->Loops < MaxLoops;
    S->Loops += StartOne;
  }
  if (StartOne)
    Tasks.spawn([Shared = S] { Shared->loop(); });
}

} // namespace weft::cpu
