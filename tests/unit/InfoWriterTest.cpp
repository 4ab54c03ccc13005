// InfoWriter: the size/NULL rules every clGet*Info shares.
#include "runtime/api/Info.h"

#include <gtest/gtest.h>

#include <array>

namespace weft::api {
namespace {

TEST(InfoWriter, SizeOnlyWhenValueIsNull) {
  size_t Ret = 0;
  InfoWriter W(1, 0, nullptr, &Ret);
  EXPECT_TRUE(bool(W(cl_ulong(5))));
  EXPECT_EQ(Ret, sizeof(cl_ulong));
}

TEST(InfoWriter, ExactAndLargerBuffers) {
  cl_uint V = 0;
  size_t Ret = 0;
  InfoWriter Exact(1, sizeof V, &V, &Ret);
  EXPECT_TRUE(bool(Exact(cl_uint(42))));
  EXPECT_EQ(V, 42u);
  EXPECT_EQ(Ret, sizeof V);
  std::array<char, 16> Big;
  Big.fill('z');
  InfoWriter Larger(1, Big.size(), Big.data(), nullptr);
  EXPECT_TRUE(bool(Larger.string("abc")));
  EXPECT_STREQ(Big.data(), "abc");
  EXPECT_EQ(Big[4], 'z');
}

TEST(InfoWriter, TooSmallIsInvalidValueAndWritesNothing) {
  char Buf[3] = {'q', 'q', 'q'};
  size_t Ret = 77;
  InfoWriter W(0x1234, sizeof Buf, Buf, &Ret);
  Status S = W.string("abc"); // needs 4 bytes with the NUL
  ASSERT_FALSE(bool(S));
  EXPECT_EQ(S.error().code(), CL_INVALID_VALUE);
  EXPECT_NE(S.error().reason().find("0x1234"), std::string::npos) << S.error().reason();
  EXPECT_EQ(Buf[0], 'q');
  EXPECT_EQ(Ret, 77u);
}

TEST(InfoWriter, EmptyArrayHasSizeZero) {
  size_t Ret = 5;
  InfoWriter W(1, 0, nullptr, &Ret);
  EXPECT_TRUE(bool(W.array(std::span<const cl_name_version>())));
  EXPECT_EQ(Ret, 0u);
}

TEST(InfoWriter, UnknownQueryNamesIt) {
  Error E = unknownQuery("device", 0xbeef);
  EXPECT_EQ(E.code(), CL_INVALID_VALUE);
  EXPECT_EQ(E.reason(), "param_name 0xbeef is not a device query");
}

} // namespace
} // namespace weft::api
