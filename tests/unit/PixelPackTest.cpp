// The image format table's invariants and the fill color packer's float-to-half conversion,
// against the compiler's own _Float16.
#include "runtime/core/ImageFormat.h"
#include "runtime/core/PixelPack.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

namespace weft {
namespace {

constexpr cl_mem_object_type ImageTypes[] = {
    CL_MEM_OBJECT_IMAGE1D,       CL_MEM_OBJECT_IMAGE1D_BUFFER, CL_MEM_OBJECT_IMAGE1D_ARRAY,
    CL_MEM_OBJECT_IMAGE2D,       CL_MEM_OBJECT_IMAGE2D_ARRAY,  CL_MEM_OBJECT_IMAGE3D};

uint16_t halfBits(float F) {
  _Float16 H = static_cast<_Float16>(F); // rounds to nearest even, keeps denormals
  uint16_t Bits;
  std::memcpy(&Bits, &H, 2);
  return Bits;
}

// Every float whose 13 bits below a half's mantissa are at, beside or between the rounding
// points; a dense walk over the floats that become half denormals; a coarse walk over the rest.
// The same half as the compiler's conversion (NaNs: a NaN of the same sign).
TEST(PixelPack, FloatToHalfRoundsAsTheCompilerDoes) {
  uint64_t Checked = 0;
  auto Check = [&](uint32_t Bits) {
    const float F = std::bit_cast<float>(Bits);
    const uint16_t Want = halfBits(F), Got = floatToHalf(F);
    ++Checked;
    if (!std::isnan(F))
      return Got == Want;
    return (Got & 0x7c00) == 0x7c00 && (Got & 0x3ff) != 0 && (Got & 0x8000) == (Want & 0x8000);
  };
  for (uint32_t High = 0; High < (1u << 19); ++High)
    for (uint32_t Low : {0x0u, 0x1u, 0x7ffu, 0x800u, 0xfffu, 0x1000u, 0x1001u, 0x1fffu})
      ASSERT_TRUE(Check(High << 13 | Low)) << std::hex << (High << 13 | Low);
  for (uint32_t Sign : {0u, 0x80000000u})
    for (uint32_t Bits = 101u << 23; Bits < 114u << 23; Bits += 29)
      ASSERT_TRUE(Check(Sign | Bits)) << std::hex << (Sign | Bits);
  for (uint64_t Bits = 0; Bits < (1ull << 32); Bits += 9973)
    ASSERT_TRUE(Check(uint32_t(Bits))) << std::hex << Bits;
  EXPECT_GT(Checked, 10'000'000u);
}

TEST(ImageFormat, SupportedFormatsAreValidAndSized) {
  for (cl_mem_object_type T : ImageTypes) {
    const std::vector<cl_image_format> Formats = supportedImageFormats(T);
    EXPECT_GE(Formats.size(), 60u);
    for (const cl_image_format &F : Formats) {
      EXPECT_TRUE(isValidImageFormat(F));
      EXPECT_TRUE(isSupportedImageFormat(F, T));
      const unsigned Bytes = pixelBytes(F);
      EXPECT_GE(Bytes, 1u);
      EXPECT_LE(Bytes, ImageLimits::MaxPixelBytes);
      Pixel P = packPixel(F, std::array<float, 4>{0.5f, 0.25f, 1.0f, 0.0f}.data());
      EXPECT_EQ(P.Size, Bytes);
    }
  }
  EXPECT_FALSE(isImageType(CL_MEM_OBJECT_BUFFER));
  EXPECT_FALSE(isSupportedImageFormat({CL_RGBA, CL_UNORM_INT8}, CL_MEM_OBJECT_BUFFER));
  EXPECT_EQ(pixelBytes({CL_sRGB, CL_UNORM_INT8}), 3u);
  EXPECT_EQ(pixelBytes({CL_RGBx, CL_UNORM_SHORT_555}), 2u);
  EXPECT_EQ(pixelBytes({CL_RGBA, CL_UNORM_INT_101010_2}), 4u);
  EXPECT_EQ(pixelBytes({CL_RGBA, CL_FLOAT}), 16u);
  EXPECT_EQ(maxImageBufferPixels(1024), 65536u);
  EXPECT_EQ(maxImageBufferPixels(16ull << 30), size_t(1) << 30);
}

} // namespace
} // namespace weft
