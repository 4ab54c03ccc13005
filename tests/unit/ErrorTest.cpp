// Error, Expected, Status and the error-name table.
#include "runtime/core/Diagnostics.h"

#include <gtest/gtest.h>

namespace weft {
namespace {

TEST(Error, ExpectedCarriesValueOrError) {
  Expected<int> Good(7);
  ASSERT_TRUE(bool(Good));
  EXPECT_EQ(*Good, 7);
  Expected<int> Bad(Error(CL_INVALID_VALUE, cat("size ", 3, " at ", hex(255))));
  ASSERT_FALSE(bool(Bad));
  EXPECT_EQ(Bad.error().code(), CL_INVALID_VALUE);
  EXPECT_EQ(Bad.error().reason(), "size 3 at 0xff");
  Status S = Error(CL_OUT_OF_RESOURCES, "x");
  EXPECT_FALSE(bool(S));
  EXPECT_TRUE(bool(Status::ok()));
}

TEST(Error, Names) {
  EXPECT_EQ(errorName(CL_SUCCESS), "CL_SUCCESS");
  EXPECT_EQ(errorName(CL_INVALID_VALUE), "CL_INVALID_VALUE");
  EXPECT_EQ(errorName(CL_INVALID_PROPERTY), "CL_INVALID_PROPERTY");
  EXPECT_EQ(errorName(CL_MAX_SIZE_RESTRICTION_EXCEEDED), "CL_MAX_SIZE_RESTRICTION_EXCEEDED");
  EXPECT_EQ(errorName(-1001), "CL_PLATFORM_NOT_FOUND_KHR");
  EXPECT_EQ(errorName(-9999), "CL_<unknown -9999>");
}

} // namespace
} // namespace weft
