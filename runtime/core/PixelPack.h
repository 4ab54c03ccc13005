// Packing a color into one pixel of an image format, as the image write built-ins convert it:
// what clEnqueueFillImage stores.
#pragma once

#include <CL/cl.h>

#include <array>
#include <cstddef>
#include <cstdint>

namespace weft {

/// One pixel's bytes, as an image of some format stores them (Size bytes of Bytes).
struct Pixel {
  std::array<std::byte, 16> Bytes{};
  unsigned Size = 0;
};

/// The pixel of a supported format F that holds Color: four floats for normalized, half and float
/// channel types (one float for CL_DEPTH), four cl_ints for signed and four cl_uints for unsigned
/// integer types, in R, G, B, A order. Converted by the OpenCL environment specification's
/// "Conversion Rules": float to normalized integers scaled, saturated and rounded to nearest
/// even (NaN to 0), to half rounded to nearest even (NaN and infinities kept), integers
/// saturated to the channel's range, sRGB orders' R, G and B encoded from linear to sRGB first;
/// then stored in the order's channel order. Bits a format leaves undefined are 0.
Pixel packPixel(const cl_image_format &F, const void *Color);

/// The half-precision bits nearest to F (ties to even), with NaN, infinities and denormals.
uint16_t floatToHalf(float F);

} // namespace weft
