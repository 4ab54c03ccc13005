// The async-copy engine (device-cpu/AsyncCopy.h) on its own, deterministically: helper tasks are
// collected instead of started, so each test decides whether they run before or after the
// work-group waits.
#include "device-cpu/AsyncCopy.h"

#include "contracts/WorkGroupAbi.h"

#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <numeric>
#include <random>
#include <thread>
#include <vector>

namespace weft::cpu {
namespace {

/// Tasks collected instead of started: the test runs them when it likes.
struct TaskList final : TaskSink {
  void spawn(std::function<void()> Task) override { Tasks.push_back(std::move(Task)); }
  std::vector<std::function<void()>> Tasks;
};

class AsyncCopyEngine : public testing::Test {
protected:
  AsyncCopies engine(AsyncCopyMode Mode, size_t TaskMinBytes = 64u << 10,
                     size_t OverlapMinBytes = SIZE_MAX) {
    AsyncCopyPolicy Policy;
    Policy.Mode = Mode;
    Policy.TaskMinBytes = TaskMinBytes;
    Policy.OverlapMinBytes = OverlapMinBytes;
    Policy.ProbeOverlap = false; // OverlapProbe has its own test
    Policy.ChunkBytes = 4096;
    return AsyncCopies(Jobs, Load, Policy);
  }
  /// The event a kernel's n-th copy is named by (abi::WorkGroupContext::CopyNames).
  static void *name(uintptr_t N) { return reinterpret_cast<void *>(N); }
  void runHelpers() {
    for (auto &H : Helpers)
      H();
    Helpers.clear();
  }
  CopyShape contiguous(size_t Bytes) {
    CopyShape S;
    S.Dst = reinterpret_cast<std::byte *>(Dst.data());
    S.Src = reinterpret_cast<const std::byte *>(Src.data());
    S.ElementBytes = 4;
    S.LineElements = Bytes / 4;
    S.Lines = S.Planes = 1;
    return S;
  }
  void SetUp() override {
    std::iota(Src.begin(), Src.end(), 1);
    Load.Running = 1; // this work-group; one worker of two is free
  }
  void TearDown() override { runHelpers(); } // every helper ends, and frees what it holds

  DeviceLoad Load{2};
  TaskList Spawned;
  /// The helper tasks started so far (with no loops, each helper job is a task of its own).
  std::vector<std::function<void()>> &Helpers = Spawned.Tasks;
  CopyHelpers Jobs{Spawned, 0};
  std::vector<int> Src = std::vector<int>(64 * 1024), Dst = std::vector<int>(64 * 1024, 0);
};

TEST_F(AsyncCopyEngine, ATaskCopyIsInFlightUntilWaitedFor) {
  AsyncCopies Copies = engine(AsyncCopyMode::Task);
  void *E = Copies.copy(contiguous(Src.size() * 4), name(1));
  EXPECT_NE(E, nullptr);
  EXPECT_FALSE(Helpers.empty());
  EXPECT_EQ(Dst.back(), 0) << "copied at once, not by a task";
  Copies.wait(1, &E); // no helper has run: the waiting work-group copies every chunk itself
  EXPECT_EQ(Dst, Src);
}

TEST_F(AsyncCopyEngine, HelpersCopyBeforeTheWait) {
  AsyncCopies Copies = engine(AsyncCopyMode::Task);
  void *E = Copies.copy(contiguous(Src.size() * 4), name(1));
  runHelpers();
  EXPECT_EQ(Dst, Src) << "the helpers copied it, before any wait";
  Copies.wait(1, &E);
  EXPECT_EQ(Dst, Src);
}

TEST_F(AsyncCopyEngine, AFenceCompletesEarlierCopiesAndKeepsTheirEvents) {
  AsyncCopies Copies = engine(AsyncCopyMode::Task);
  void *E = Copies.copy(contiguous(Src.size() * 4), name(1));
  EXPECT_EQ(Dst.back(), 0);
  Copies.fence();
  EXPECT_EQ(Dst, Src);
  // The event is still live: a copy chained to it returns it.
  std::fill(Dst.begin(), Dst.end(), 0);
  EXPECT_EQ(Copies.copy(contiguous(Src.size() * 4), E), E);
  Copies.wait(1, &E);
  EXPECT_EQ(Dst, Src);
}

TEST_F(AsyncCopyEngine, ChainedCopiesShareOneEventAndWaitReleasesIt) {
  AsyncCopies Copies = engine(AsyncCopyMode::Task);
  CopyShape First = contiguous(Src.size() * 2), Second = contiguous(Src.size() * 2);
  Second.Dst += Src.size() * 2;
  Second.Src += Src.size() * 2;
  void *E = Copies.copy(First, name(1));
  EXPECT_EQ(Copies.copy(Second, E), E);
  Copies.wait(1, &E);
  EXPECT_EQ(Dst, Src);
  // Released: a copy chained to it makes the name live again (every work-item returns the event
  // it passed, so the engine must know it by that name), and waiting on it waits for that copy.
  std::fill(Dst.begin(), Dst.end(), 0);
  EXPECT_EQ(Copies.copy(contiguous(Src.size() * 4), E), E);
  EXPECT_EQ(Dst.back(), 0);
  Copies.wait(1, &E);
  EXPECT_EQ(Dst, Src);
}

// Kernels name new events by counting their copies (abi::WorkGroupContext::CopyNames): a name is
// its event, copies named alike share it, waiting on one name leaves the others in flight, and the
// end of the work-group zeroes the counters for the next.
TEST_F(AsyncCopyEngine, KernelsNameTheirEvents) {
  AsyncCopyPolicy Policy;
  Policy.Mode = AsyncCopyMode::Task;
  Policy.ChunkBytes = 4096;
  AsyncCopies Copies(Jobs, Load, Policy, /*WorkItems=*/3);
  uint32_t *Names = Copies.names();
  EXPECT_EQ(Names[0] | Names[1] | Names[2], 0u);
  const size_t Half = Src.size() / 2;
  CopyShape Low = contiguous(Half * 4), High = contiguous(Half * 4);
  High.Dst += Half * 4;
  High.Src += Half * 4;
  void *One = reinterpret_cast<void *>(uintptr_t(1)), *Two = reinterpret_cast<void *>(uintptr_t(2));
  EXPECT_EQ(Copies.copy(Low, One), One);
  EXPECT_EQ(Copies.copy(High, Two), Two);
  Copies.wait(1, &Two);
  EXPECT_EQ(Dst[Half], Src[Half]) << "event 2 is complete";
  EXPECT_EQ(Dst[0], 0) << "event 1 is still in flight";
  Copies.wait(1, &One);
  EXPECT_EQ(Dst, Src);
  Names[0] = Names[1] = Names[2] = 2; // what the work-items counted
  Copies.drain();
  EXPECT_EQ(Names[0] | Names[1] | Names[2], 0u);
}

TEST_F(AsyncCopyEngine, UnknownAndReleasedEventsAreIgnored) {
  AsyncCopies Copies = engine(AsyncCopyMode::Inline);
  void *E = Copies.copy(contiguous(64), name(1));
  void *Bogus[] = {nullptr, reinterpret_cast<void *>(uintptr_t(12345)), E, E,
                   reinterpret_cast<void *>(~uintptr_t(0))};
  Copies.wait(5, Bogus);
  Copies.wait(-3, Bogus);
  Copies.wait(0, nullptr);
  EXPECT_EQ(std::memcmp(Dst.data(), Src.data(), 64), 0);
}

// Copy checks: the events a work-group leaves live at its end, and where the earliest one's first
// copy is; chained copies are one event, and a drain forgets them all.
TEST_F(AsyncCopyEngine, UnwaitedEventsAreCountedBeforeTheDrain) {
  AsyncCopies Copies = engine(AsyncCopyMode::Inline);
  EXPECT_EQ(Copies.unwaited(), std::make_pair(size_t(0), uint64_t(0)));
  void *First = Copies.copy(contiguous(64), name(1), true, 7);
  Copies.copy(contiguous(64), First, true, 8); // chained: the same event
  void *Second = Copies.copy(contiguous(64), name(2), true, 9);
  void *Third = Copies.copy(contiguous(64), name(3), true, 10);
  EXPECT_EQ(Copies.unwaited(), std::make_pair(size_t(3), uint64_t(7)));
  Copies.wait(1, &First);
  EXPECT_EQ(Copies.unwaited(), std::make_pair(size_t(2), uint64_t(9)));
  void *Both[] = {Second, Third};
  Copies.wait(2, Both);
  EXPECT_EQ(Copies.unwaited(), std::make_pair(size_t(0), uint64_t(0)));
  Copies.copy(contiguous(64), name(1), true, 11);
  EXPECT_EQ(Copies.unwaited(), std::make_pair(size_t(1), uint64_t(11)));
  Copies.drain();
  EXPECT_EQ(Copies.unwaited(), std::make_pair(size_t(0), uint64_t(0)));
}

// Copy checks: the bytes of local memory that copies in flight read and write. Interleaved strided
// copies do not overlap; a write over bytes another copy reads or writes does, until that copy's
// event is waited for or everything is cleared (a fence); reads of the same bytes do not.
TEST(LocalFootprints, OverlapsWhereOneOfTwoCopiesWrites) {
  std::vector<std::byte> Local(256), Global(256);
  LocalFootprints F;
  F.watch(Local.data(), Local.size());
  // Lines x 4-byte elements, LinePitch apart, at Offset in local memory (its destination if In).
  auto Shape = [&](size_t Offset, size_t Lines, size_t LinePitch, bool In) {
    CopyShape S;
    S.Dst = In ? Local.data() + Offset : Global.data();
    S.Src = In ? Global.data() : Local.data() + Offset;
    S.ElementBytes = 4;
    S.LineElements = 1;
    S.Lines = Lines;
    S.Planes = 1;
    (In ? S.DstLinePitch : S.SrcLinePitch) = LinePitch;
    (In ? S.SrcLinePitch : S.DstLinePitch) = 4;
    return S;
  };
  const uint64_t Checked = uint64_t(1) << 63;
  EXPECT_EQ(F.add(Shape(0, 16, 8, true), true, 1, Checked | 1), 0u); // even floats
  EXPECT_EQ(F.add(Shape(4, 16, 8, true), true, 2, Checked | 2), 0u); // odd ones
  EXPECT_EQ(F.add(Shape(4, 1, 4, false), false, 3, Checked | 3), Checked | 2); // reads odd float 0
  F.waited(2);
  F.waited(3);
  EXPECT_EQ(F.add(Shape(132, 4, 4, false), false, 4, Checked | 4), 0u); // beyond both
  EXPECT_EQ(F.add(Shape(132, 4, 4, false), false, 5, Checked | 5), 0u); // read again
  EXPECT_EQ(F.add(Shape(140, 1, 4, true), true, 6, Checked | 6), Checked | 4); // written while read
  EXPECT_EQ(F.add(Shape(4, 1, 4, true), true, 7, Checked | 7), 0u); // odd float 0: free again
  EXPECT_EQ(F.add(Shape(8, 1, 4, true), true, 7, Checked | 8), Checked | 1); // even float 1
  F.clear();
  EXPECT_EQ(F.add(Shape(0, 64, 4, true), true, 9, Checked | 9), 0u); // all of it, after a fence
  EXPECT_EQ(F.add(Shape(252, 4, 4, false), false, 10, Checked | 10), Checked | 9); // past the end: its part
  CopyShape Elsewhere = Shape(0, 4, 4, true);
  Elsewhere.Dst = Global.data(); // not local memory: not tracked
  EXPECT_EQ(F.add(Elsewhere, true, 11, Checked | 11), 0u);
}

// A chain of copies that each continue the last one's rows (padded or not) keeps one footprint,
// which still finds a later write into any of its bytes, and none where the rows leave gaps.
TEST(LocalFootprints, ChainsOfRowsKeepOneFootprintThatStillFindsOverlaps) {
  std::vector<std::byte> Local(4096), Global(4096);
  LocalFootprints F;
  F.watch(Local.data(), Local.size());
  auto Row = [&](size_t Offset, size_t Bytes, bool In) {
    CopyShape S;
    S.Dst = In ? Local.data() + Offset : Global.data();
    S.Src = In ? Global.data() : Local.data() + Offset;
    S.ElementBytes = 4;
    S.LineElements = Bytes / 4;
    S.Lines = S.Planes = 1;
    return S;
  };
  const uint64_t Checked = uint64_t(1) << 63;
  for (size_t J = 0; J < 8; ++J) // rows of 128 bytes, one after another
    EXPECT_EQ(F.add(Row(J * 128, 128, true), true, 1, Checked | 1), 0u);
  for (size_t J = 0; J < 8; ++J) // rows of 128 bytes padded to 132, after the first tile
    EXPECT_EQ(F.add(Row(1024 + J * 132, 128, true), true, 1, Checked | 1), 0u);
  EXPECT_EQ(F.add(Row(1024 + 128, 4, false), false, 2, Checked | 2), 0u) << "a row's padding";
  EXPECT_EQ(F.add(Row(1024 + 7 * 132 + 124, 4, false), false, 2, Checked | 2), Checked | 1)
      << "the last padded row's last float";
  EXPECT_EQ(F.add(Row(5 * 128 + 60, 8, true), true, 3, Checked | 3), Checked | 1) << "inside row 5";
  F.waited(1);
  EXPECT_EQ(F.add(Row(0, 2048, true), true, 4, Checked | 4), Checked | 2)
      << "the read that is left";
}

// copyNest against its copies made one after another, for the shapes of a kernel's loop of
// copies: columns into rows and rows into columns (4 x 4 blocks transposed where elements are 4
// bytes), interleaved columns, plain rows, and destinations that overlap (kept in order), with
// counts and lines that are not multiples of a block.
TEST(CopyNest, CopiesWhatItsCopiesMakeOneAfterAnother) {
  std::vector<std::byte> Src(1 << 16), Got(1 << 16), Want(1 << 16);
  std::mt19937 Random(7);
  for (std::byte &B : Src)
    B = std::byte(Random());
  struct Case {
    size_t ElementBytes, LineElements, Lines, Count;
    size_t SrcPitch, DstPitch;       // between a copy's lines
    std::ptrdiff_t SrcStep, DstStep; // between copies
  };
  const Case Cases[] = {
      {4, 1, 32, 32, 300 * 4, 4, 4, 128},   // columns of a matrix into a tile's rows
      {4, 1, 32, 32, 4, 300 * 4, 128, 4},   // a tile's rows out to a matrix's columns
      {4, 1, 7, 9, 40 * 4, 4, 4, 7 * 4},    // neither a multiple of 4
      {4, 1, 13, 3, 4, 64 * 4, 13 * 4, 4},  // fewer copies than a block
      {4, 1, 5, 4, 4 * 4, 4, 4, 5 * 4 + 8}, // padded rows
      {8, 1, 9, 11, 100 * 8, 8, 8, 9 * 8},  // 8-byte columns
      {2, 1, 17, 6, 30 * 2, 2, 2, 17 * 2},  // 2-byte columns
      {12, 1, 5, 5, 90 * 12, 12, 12, 60},   // 12-byte elements
      {4, 1, 8, 4, 4 * 4, 4 * 4, 4, 4},     // interleaved: copy K writes float K of each 16 bytes
      {4, 8, 1, 20, 0, 0, 32 * 4, 40 * 4},  // rows of 8 floats
      {4, 1, 8, 5, 64, 4, 4, 16},           // destinations overlap: the later copy wins
      {4, 1, 6, 6, 64, 4, 4, -24},          // copies stepping down
  };
  for (const Case &C : Cases) {
    CopyShape S;
    const std::ptrdiff_t Lowest =
        std::min<std::ptrdiff_t>(0, C.DstStep * std::ptrdiff_t(C.Count - 1));
    S.Dst = Got.data() + 2048 - Lowest;
    S.Src = Src.data() + 64;
    S.ElementBytes = C.ElementBytes;
    S.LineElements = C.LineElements;
    S.Lines = C.Lines;
    S.Planes = 1;
    S.SrcLinePitch = C.SrcPitch;
    S.DstLinePitch = C.DstPitch;
    std::fill(Got.begin(), Got.end(), std::byte(0));
    std::fill(Want.begin(), Want.end(), std::byte(0));
    copyNest(S, C.Count, C.DstStep, C.SrcStep);
    for (size_t K = 0; K < C.Count; ++K) {
      CopyShape One = S;
      One.Dst = Want.data() + (S.Dst - Got.data()) + std::ptrdiff_t(K) * C.DstStep;
      One.Src += std::ptrdiff_t(K) * C.SrcStep;
      copyLines(One, 0, One.totalLines());
    }
    EXPECT_EQ(Got, Want) << C.ElementBytes << "-byte elements, " << C.Lines << " lines, " << C.Count
                         << " copies, steps " << C.SrcStep << " / " << C.DstStep;
  }
}

// Copy checks: small copies chained on one event at one place run together at the wait (or the
// next copy that is not one of them), with what they would have copied one at a time; copies of
// such a chain that write the same local bytes, and a later copy over a chain still in flight,
// are found all the same.
TEST_F(AsyncCopyEngine, ChecksRunChainsOfSmallCopiesTogetherAndStillFindOverlaps) {
  AsyncCopies Copies = engine(AsyncCopyMode::Auto);
  std::byte *Local = reinterpret_cast<std::byte *>(Dst.data());
  Copies.watchLocal(Local, 4096);
  const uint64_t Checked = uint64_t(1) << 63, Line5 = Checked | uint64_t(5) << 32 | 3,
                 Line9 = Checked | uint64_t(9) << 32 | 3;
  // Column J of a 40-float-wide matrix (33 rows) into local row J, for 21 columns.
  auto Column = [&](size_t J, size_t Row = SIZE_MAX, size_t Offset = 0) {
    CopyShape S;
    S.Dst = Local + (Row == SIZE_MAX ? J : Row) * 33 * 4 + Offset;
    S.Src = reinterpret_cast<const std::byte *>(Src.data() + J);
    S.ElementBytes = 4;
    S.LineElements = 1;
    S.Lines = 33;
    S.Planes = 1;
    S.SrcLinePitch = 40 * 4;
    S.DstLinePitch = 4;
    return S;
  };
  // A new event is named by work-item 0's count of copies (CopyNames), as a kernel counts them.
  uint32_t &Count = Copies.names()[0];
  Count = 1;
  void *E = Copies.copy(Column(0), name(1), true, Line5);
  for (size_t J = 1; J < 21; ++J)
    EXPECT_EQ(Copies.copy(Column(J), E, true, Line5), E);
  EXPECT_EQ(Copies.unwaited().first, 1u);
  Copies.wait(1, &E);
  for (size_t J = 0; J < 21; ++J)
    for (size_t I = 0; I < 33; ++I)
      ASSERT_EQ(Dst[J * 33 + I], Src[I * 40 + J]) << "column " << J << ", row " << I;
  EXPECT_EQ(Copies.misuse(), std::make_pair(uint64_t(0), uint64_t(0)));
  EXPECT_EQ(Copies.unwaited().first, 0u);

  // Columns 3 and 4 both into row 3 of the tile: one chain, overlapping itself.
  Count = 2;
  E = Copies.copy(Column(2), name(2), true, Line5);
  Copies.copy(Column(3), E, true, Line5);
  Copies.copy(Column(4, 3), E, true, Line5);
  Copies.wait(1, &E);
  EXPECT_EQ(abi::CheckSite::kind(Copies.misuse().first), abi::CheckSite::Kind::Overlap);
  Copies.drain();
  EXPECT_EQ(Copies.misuse(), std::make_pair(uint64_t(0), uint64_t(0)));
  // Three columns 64 bytes apart, each 132 bytes long: a chain whose every copy overlaps the next.
  Count = 1;
  E = Copies.copy(Column(0, 0), name(1), true, Line5);
  Copies.copy(Column(1, 0, 64), E, true, Line5);
  Copies.copy(Column(2, 0, 128), E, true, Line5);
  Copies.wait(1, &E);
  EXPECT_EQ(abi::CheckSite::kind(Copies.misuse().first), abi::CheckSite::Kind::Overlap);
  Copies.drain();

  // A chain in flight, then a copy at another place over its row 7: found at that copy, and the
  // misuse names the chain's place.
  Count = 1;
  E = Copies.copy(Column(0), name(1), true, Line5);
  for (size_t J = 1; J < 12; ++J)
    Copies.copy(Column(J), E, true, Line5);
  Count = 2;
  Copies.copy(Column(30, 7), name(2), true, Line9);
  EXPECT_EQ(abi::CheckSite::kind(Copies.misuse().first), abi::CheckSite::Kind::Overlap);
  EXPECT_EQ(Copies.misuse().second, uint64_t(5) << 32 | 3);
  Copies.drain();

  // A chain the work-group never waits for: counted, and run by the end of the work-group.
  std::fill(Dst.begin(), Dst.end(), 0);
  Count = 1;
  E = Copies.copy(Column(0), name(1), true, Line5);
  Copies.copy(Column(1), E, true, Line5);
  EXPECT_EQ(Copies.unwaited(), std::make_pair(size_t(1), Line5));
  Copies.drain();
  EXPECT_EQ(Dst[33 + 32], Src[32 * 40 + 1]);
}

TEST_F(AsyncCopyEngine, AutoRunsSmallCopiesAtOnceAndLargeOnesAsTasksWhenACoreIsFree) {
  AsyncCopies Copies = engine(AsyncCopyMode::Auto, /*TaskMinBytes=*/64 * 1024);
  Copies.copy(contiguous(1024), name(1));
  EXPECT_TRUE(Helpers.empty());
  EXPECT_EQ(Dst[255], Src[255]);
  Copies.copy(contiguous(Src.size() * 4), name(2));
  EXPECT_FALSE(Helpers.empty());
  Copies.drain();
  EXPECT_EQ(Dst, Src);
  runHelpers();
  std::fill(Dst.begin(), Dst.end(), 0);
  Load.Running = 2; // every worker runs a work-group: no task
  Copies.copy(contiguous(Src.size() * 4), name(3));
  EXPECT_TRUE(Helpers.empty());
  EXPECT_EQ(Dst, Src);
}

// Double buffering: a copy into local memory issued while another event is in flight goes to a
// helper from OverlapMinBytes; one with nothing else in flight (it is waited for next) runs at
// once, and so do a copy chained into the only live event and a copy out of local memory.
TEST_F(AsyncCopyEngine, AutoHandsOffCopiesThatOverlapAnotherInFlight) {
  AsyncCopies Copies = engine(AsyncCopyMode::Auto, /*TaskMinBytes=*/128 * 1024, /*OverlapMinBytes=*/8192);
  const size_t Half = Src.size() / 2;
  CopyShape First = contiguous(8192), Second = contiguous(8192);
  Second.Dst += Half * 4;
  Second.Src += Half * 4;
  void *E1 = Copies.copy(First, name(1));
  EXPECT_TRUE(Helpers.empty()) << "nothing else in flight: at once";
  EXPECT_EQ(Dst[2047], Src[2047]);
  Copies.copy(contiguous(4096), E1); // chained into the only live event
  EXPECT_TRUE(Helpers.empty());
  void *E2 = Copies.copy(Second, name(2));
  EXPECT_FALSE(Helpers.empty()) << "issued while event 1 is live: handed off";
  EXPECT_EQ(Dst[Half + 2047], 0);
  Copies.wait(1, &E2);
  EXPECT_EQ(Dst[Half + 2047], Src[Half + 2047]);
  runHelpers();
  Copies.copy(contiguous(4096), name(3)); // below OverlapMinBytes while event 1 is live
  EXPECT_TRUE(Helpers.empty());
  std::fill(Dst.begin() + Half, Dst.end(), 0);
  Copies.copy(Second, name(5), /*ToLocal=*/false); // out of local memory: at once
  EXPECT_TRUE(Helpers.empty());
  EXPECT_EQ(Dst[Half + 2047], Src[Half + 2047]);
  Load.Running = 2; // no worker free: at once, whatever is in flight
  std::fill(Dst.begin() + Half, Dst.end(), 0);
  Copies.copy(Second, name(4));
  EXPECT_TRUE(Helpers.empty());
  EXPECT_EQ(Dst[Half + 2047], Src[Half + 2047]);
  Copies.drain();
}

// A handed-off copy still unfinished at its wait is late (the helper's core was busy after all);
// after MaxLateWaits of them beyond one in eight timely ones, overlapping copies run at once.
TEST_F(AsyncCopyEngine, AutoStopsHandingOffWhenHelpersFallBehind) {
  AsyncCopies Copies = engine(AsyncCopyMode::Auto, /*TaskMinBytes=*/128 * 1024, /*OverlapMinBytes=*/8192);
  const size_t Half = Src.size() / 2;
  CopyShape Second = contiguous(8192);
  Second.Dst += Half * 4;
  Second.Src += Half * 4;
  auto overlapped = [&](bool HelpersFirst) { // returns whether the second copy was handed off
    void *E1 = Copies.copy(contiguous(8192), name(1));
    void *E2 = Copies.copy(Second, name(2));
    const bool HandedOff = !Helpers.empty();
    if (HelpersFirst)
      runHelpers(); // timely: done before the wait
    Copies.wait(1, &E2);
    Copies.wait(1, &E1);
    runHelpers();
    return HandedOff;
  };
  for (int I = 0; I < 16; ++I)
    EXPECT_TRUE(overlapped(true)) << "timely wait " << I;
  // 16 timely waits allow 4 + 16 / 8 = 6 late ones; the 7th ends the hand-offs.
  for (int I = 0; I < 7; ++I)
    EXPECT_TRUE(overlapped(false)) << "late wait " << I;
  EXPECT_FALSE(overlapped(false));
  EXPECT_EQ(Dst[Half + 2047], Src[Half + 2047]);
}

// The probe: 8 copies at once, 8 handed off, then 240 the faster way (handed off only if the
// intervals after handed-off copies are 3% shorter), then measuring again. The first two
// intervals of each block, and the one after a restart, are left out.
TEST(OverlapProbe, HandsOffOnlyWhileThatIsFaster) {
  auto cycle = [](OverlapProbe &P, uint64_t &Now, uint64_t AtOnce, uint64_t HandedOff) {
    std::vector<bool> Ways;
    for (int I = 0; I < 256; ++I) {
      const bool Way = P.next(Now);
      Ways.push_back(Way);
      Now += Way ? HandedOff : AtOnce;
    }
    return Ways;
  };
  OverlapProbe P;
  uint64_t Now = 1000;
  std::vector<bool> Ways = cycle(P, Now, 100, 90); // handing off is 10% faster
  for (int I = 0; I < 16; ++I)
    EXPECT_EQ(Ways[I], I >= 8) << "probe " << I;
  for (int I = 16; I < 256; ++I)
    EXPECT_TRUE(Ways[I]) << I;
  Ways = cycle(P, Now, 100, 99); // 1% faster: not enough
  for (int I = 16; I < 256; ++I)
    EXPECT_FALSE(Ways[I]) << I;
  // The first two intervals of a block depend on a copy made the other way: an outlier there is
  // left out.
  for (int Outlier : {7, 8}) { // the intervals measured at the 9th and 10th copies
    OverlapProbe Q;
    Now = 1000;
    for (int I = 0; I < 16; ++I) {
      const bool Way = Q.next(Now);
      Now += I == Outlier ? 100000 : Way ? 90 : 100;
    }
    EXPECT_TRUE(Q.next(Now)) << Outlier;
  }
  // After a restart (a new work-group) the first interval says nothing.
  OverlapProbe R;
  Now = 1000;
  for (int I = 0; I < 16; ++I) {
    if (I == 12)
      R.restart();
    const bool Way = R.next(Now);
    Now += I == 11 ? 100000 : Way ? 90 : 100;
  }
  EXPECT_TRUE(R.next(Now));
}

TEST_F(AsyncCopyEngine, DrainFinishesEveryCopyAndForgetsEveryEvent) {
  AsyncCopies Copies = engine(AsyncCopyMode::Task);
  void *E = Copies.copy(contiguous(Src.size() * 4), name(1));
  Copies.drain();
  EXPECT_EQ(Dst, Src);
  Copies.wait(1, &E); // forgotten: ignored
}

TEST_F(AsyncCopyEngine, StridedAndThreeDimensionalShapes) {
  AsyncCopies Copies = engine(AsyncCopyMode::Task);
  // 3 planes of 5 lines of 7 ints, source pitches 9 and 50 ints, destination packed.
  CopyShape S;
  S.Dst = reinterpret_cast<std::byte *>(Dst.data());
  S.Src = reinterpret_cast<const std::byte *>(Src.data());
  S.ElementBytes = 4;
  S.LineElements = 7;
  S.Lines = 5;
  S.Planes = 3;
  S.SrcLinePitch = 9 * 4;
  S.SrcPlanePitch = 50 * 4;
  S.DstLinePitch = 7 * 4;
  S.DstPlanePitch = 35 * 4;
  void *E = Copies.copy(S, name(1));
  runHelpers();
  Copies.wait(1, &E);
  for (int P = 0; P < 3; ++P)
    for (int L = 0; L < 5; ++L)
      for (int X = 0; X < 7; ++X)
        ASSERT_EQ(Dst[P * 35 + L * 7 + X], Src[P * 50 + L * 9 + X]) << P << "," << L << "," << X;
  EXPECT_EQ(Dst[105], 0);
}

// CopyHelpers: jobs queued for loops on free workers. Started at most MaxHelpers times, by the
// first jobs; a job no loop took runs (to drop its references) when the command ends.
TEST(CopyHelpers, LoopsStartWithTheFirstJobsAndLeftoverJobsRunAtTheEnd) {
  TaskList Started;
  std::vector<std::function<void()>> &Loops = Started.Tasks;
  int Ran = 0;
  {
    CopyHelpers Helpers(Started, 2);
    EXPECT_TRUE(Loops.empty()) << "nothing starts before a copy is handed off";
    for (int I = 0; I < 3; ++I)
      Helpers.run([&] { ++Ran; });
    EXPECT_EQ(Loops.size(), 2u);
    EXPECT_EQ(Ran, 0);
  }
  EXPECT_EQ(Ran, 3) << "each job ran once, when the helpers stopped";
  for (auto &Loop : Loops)
    Loop(); // a loop that starts after the command ended returns at once
  EXPECT_EQ(Ran, 3);
}

TEST(CopyHelpers, ALoopOnAnotherThreadRunsJobsUntilStopped) {
  struct OnThreads final : TaskSink {
    void spawn(std::function<void()> Task) override { Threads.emplace_back(std::move(Task)); }
    std::vector<std::thread> Threads;
  } Started;
  std::vector<std::thread> &Threads = Started.Threads;
  std::atomic<int> Ran{0};
  std::atomic<bool> OtherThread{false};
  const auto Caller = std::this_thread::get_id();
  {
    CopyHelpers Helpers(Started, 1);
    for (int I = 0; I < 100; ++I)
      Helpers.run([&] {
        OtherThread = OtherThread || std::this_thread::get_id() != Caller;
        ++Ran;
      });
    EXPECT_EQ(Threads.size(), 1u);
    while (Ran < 100) // the loop takes every job while the command runs (no timeout: it must)
      std::this_thread::yield();
  }
  for (auto &T : Threads)
    T.join(); // the loop returned when the helpers stopped
  EXPECT_EQ(Ran, 100);
  EXPECT_TRUE(OtherThread);
}

} // namespace
} // namespace weft::cpu
