#include "runtime/core/Command.h"

#include <gtest/gtest.h>

#include <cstdint>

using weft::workGroupCounts;

TEST(WorkGroupCounts, RoundUpAPartialGroup) {
  EXPECT_EQ(workGroupCounts({16, 10, 1}, {4, 4, 1}), (std::array<uint64_t, 3>{4, 3, 1}));
  EXPECT_EQ(workGroupCounts({1, 1, 1}, {1, 1, 1}), (std::array<uint64_t, 3>{1, 1, 1}));
}

// (Global + Local - 1) / Local wraps for a global size near SIZE_MAX and counted 0 groups: the
// launch then ran no work-item and reported success.
TEST(WorkGroupCounts, GlobalSizesNearTheTopOfTheRange) {
  const uint64_t Max = UINT64_MAX;
  EXPECT_EQ(workGroupCounts({Max, 1, 1}, {255, 1, 1})[0], Max / 255); // 255 divides 2^64 - 1
  EXPECT_EQ(workGroupCounts({Max, 1, 1}, {256, 1, 1})[0], (uint64_t(1) << 56));
  EXPECT_EQ(workGroupCounts({Max - 1, 1, 1}, {1024, 1, 1})[0], (uint64_t(1) << 54));
  EXPECT_EQ(workGroupCounts({1, Max, 1}, {1, Max, 1})[1], 1u);
}
