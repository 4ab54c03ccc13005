// rectsOverlap (clEnqueueCopyBufferRect's CL_MEM_COPY_OVERLAP) against the bytes the rects touch.
#include "runtime/api/Validate.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace weft::api {
namespace {

struct Case {
  size_t Origin[2][3];
  size_t Pitch[2][2]; ///< row and slice pitch of each side (0: the default)
  size_t Region[3];
};

/// Every byte each rect touches, the way a copy walks it.
bool touchSameByte(const Rect &A, const Rect &B, const size_t *Region) {
  std::vector<bool> Touched(std::max(A.End, B.End));
  auto Walk = [&](const Rect &R, bool Mark) {
    for (size_t Z = 0; Z < Region[2]; ++Z)
      for (size_t Y = 0; Y < Region[1]; ++Y)
        for (size_t X = 0; X < Region[0]; ++X) {
          size_t At = R.Offset + Z * R.SlicePitch + Y * R.RowPitch + X;
          if (!Mark && Touched[At])
            return true;
          if (Mark)
            Touched[At] = true;
        }
    return false;
  };
  Walk(A, true);
  return Walk(B, false);
}

TEST(RectOverlap, AgreesWithTheBytesTouched) {
  std::mt19937 Random(7);
  auto Pick = [&](size_t Below) { return size_t(Random() % Below); };
  int Checked = 0, Overlapping = 0, OverlappingSlices = 0;
  for (int Trial = 0; Trial < 20000; ++Trial) {
    Case C{};
    for (size_t &R : C.Region)
      R = 1 + Pick(6);
    for (int S = 0; S < 2; ++S) {
      for (size_t &O : C.Origin[S])
        O = Pick(8);
      // Row pitch: the default, exact, or wider; slice pitch: the default, or any multiple of the
      // row pitch (below region[1] rows too, which checkRect allows), or any value above.
      size_t Row = Pick(3) == 0 ? 0 : C.Region[0] + Pick(4);
      size_t RowUsed = Row ? Row : C.Region[0];
      size_t Slice = 0;
      switch (Pick(3)) {
      case 1: Slice = RowUsed * (1 + Pick(C.Region[1] + 2)); break;
      case 2: Slice = C.Region[1] * RowUsed + Pick(9); break;
      }
      C.Pitch[S][0] = Row;
      C.Pitch[S][1] = Slice;
    }
    auto A = checkRect("src", C.Origin[0], C.Region, C.Pitch[0][0], C.Pitch[0][1], 0);
    auto B = checkRect("dst", C.Origin[1], C.Region, C.Pitch[1][0], C.Pitch[1][1], 0);
    ASSERT_TRUE(A && B);
    bool Expected = touchSameByte(*A, *B, C.Region);
    ASSERT_EQ(rectsOverlap(*A, *B, {C.Region[0], C.Region[1], C.Region[2]}), Expected)
        << "trial " << Trial;
    ASSERT_EQ(rectsOverlap(*B, *A, {C.Region[0], C.Region[1], C.Region[2]}), Expected)
        << "trial " << Trial;
    ++Checked;
    Overlapping += Expected;
    OverlappingSlices += C.Region[2] > 1 && A->SlicePitch < C.Region[1] * A->RowPitch;
  }
  // The random cases cover both answers and slices that overlap one another.
  EXPECT_EQ(Checked, 20000);
  EXPECT_GT(Overlapping, 2000);
  EXPECT_LT(Overlapping, 18000);
  EXPECT_GT(OverlappingSlices, 1000);
}

// The CTS (test_basic bufferreadwriterect) copies within one buffer with the default pitches:
// rows packed at region[0] bytes, which its own check, made with the buffer's width, does not
// see. Rects whose byte ranges interleave without sharing a byte are no overlap.
TEST(RectOverlap, InterleavedRowsThatShareNoByte) {
  size_t Region[3] = {4, 3, 1};
  size_t O1[3] = {0, 0, 0}, O2[3] = {4, 0, 0};
  auto A = checkRect("src", O1, Region, 8, 0, 0);
  auto B = checkRect("dst", O2, Region, 8, 0, 0);
  ASSERT_TRUE(A && B);
  EXPECT_FALSE(rectsOverlap(*A, *B, {4, 3, 1}));
  // With packed rows the same origins share bytes: dst's row 0 is src's row 1.
  auto C = checkRect("src", O1, Region, 0, 0, 0);
  auto D = checkRect("dst", O2, Region, 0, 0, 0);
  ASSERT_TRUE(C && D);
  EXPECT_TRUE(rectsOverlap(*C, *D, {4, 3, 1}));
}

} // namespace
} // namespace weft::api
