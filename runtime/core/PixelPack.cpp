// Colors to pixels: the image write conversions, on the host.
#include "runtime/core/PixelPack.h"

#include "runtime/core/ImageFormat.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <vector>

namespace weft {
namespace {

/// Rounds to the nearest integer, ties to even, whatever the host's rounding mode.
double roundToNearestEven(double V) {
  double Floor = std::floor(V);
  double Fraction = V - Floor;
  if (Fraction > 0.5 || (Fraction == 0.5 && std::fmod(Floor, 2.0) != 0.0))
    return Floor + 1.0;
  return Floor;
}

/// "float -> CL_UNORM_INT8 ...": f(x) = max(0, min(Max, Max * x)), rounded to nearest even;
/// NaN (implementation-defined) is 0. Max is 255, 65535, 31, 63, 1023 or 3.
uint32_t toUnorm(float X, uint32_t Max) {
  if (std::isnan(X))
    return 0;
  double F = std::clamp(double(Max) * double(X), 0.0, double(Max)); // exact: 24 x 16 bits
  return uint32_t(roundToNearestEven(F));
}

/// "float -> CL_SNORM_INT8 ...": f(x) = max(-Max - 1, min(Max, Max * x)), rounded to nearest
/// even; NaN is 0. Max is 127 or 32767.
int32_t toSnorm(float X, int32_t Max) {
  if (std::isnan(X))
    return 0;
  double F = std::clamp(double(Max) * double(X), -double(Max) - 1.0, double(Max));
  return int32_t(roundToNearestEven(F));
}

/// Linear RGB to sRGB ("Conversion Rules for sRGBA and sBGRA Images"): 0 for NaN and negative
/// values, 12.92 y below 0.0031308, 1.055 y^(1/2.4) - 0.055 up to 1, then 1.
double linearToSrgb(float Y) {
  double C = Y;
  if (std::isnan(C) || C < 0.0)
    return 0.0;
  if (C < 0.0031308)
    return 12.92 * C;
  if (C <= 1.0)
    return 1.055 * std::pow(C, 1.0 / 2.4) - 0.055;
  return 1.0;
}

/// The component (0 R, 1 G, 2 B, 3 A) each stored channel holds, in memory order: "channels
/// in the order of the channel order's name". CL_INTENSITY and CL_LUMINANCE store R (reads
/// replicate it); CL_RGBx's and CL_sRGBx's ignored channel takes A.
std::vector<unsigned> componentsOf(cl_channel_order Order) {
  switch (Order) {
  case CL_R:
  case CL_INTENSITY:
  case CL_LUMINANCE:
  case CL_DEPTH:
    return {0};
  case CL_A:
    return {3};
  case CL_RG:
    return {0, 1};
  case CL_RA:
    return {0, 3};
  case CL_RGB:
  case CL_sRGB:
    return {0, 1, 2};
  case CL_BGRA:
  case CL_sBGRA:
    return {2, 1, 0, 3};
  case CL_ARGB:
    return {3, 0, 1, 2};
  case CL_ABGR:
    return {3, 2, 1, 0};
  default: // CL_RGBA, CL_RGBx, CL_sRGBA, CL_sRGBx
    return {0, 1, 2, 3};
  }
}

template <class T> void store(Pixel &P, unsigned Channel, T Value) {
  std::memcpy(P.Bytes.data() + Channel * sizeof(T), &Value, sizeof(T));
}

} // namespace

uint16_t floatToHalf(float F) {
  const uint32_t Bits = std::bit_cast<uint32_t>(F);
  const uint16_t Sign = uint16_t((Bits >> 16) & 0x8000);
  const uint32_t Exponent = (Bits >> 23) & 0xff;
  uint32_t Mantissa = Bits & 0x7fffff;
  if (Exponent == 0xff) // infinity, or NaN (kept quiet and non-zero)
    return uint16_t(Sign | 0x7c00 | (Mantissa ? 0x200 | (Mantissa >> 13) : 0));
  const int E = int(Exponent) - 127 + 15; // the half's biased exponent
  if (E >= 31)
    return uint16_t(Sign | 0x7c00); // too large: infinity (round to nearest)
  if (E <= 0) {
    // A half denormal (or zero): the 24-bit significand shifted right, rounded to nearest even.
    if (E < -10)
      return Sign; // below half the smallest denormal
    Mantissa |= 0x800000;
    const unsigned Shift = unsigned(14 - E);
    uint32_t Half = Mantissa >> Shift;
    const uint32_t Rest = Mantissa & ((1u << Shift) - 1), Tie = 1u << (Shift - 1);
    if (Rest > Tie || (Rest == Tie && (Half & 1)))
      ++Half;
    return uint16_t(Sign | Half);
  }
  uint32_t Half = (uint32_t(E) << 10) | (Mantissa >> 13);
  const uint32_t Rest = Mantissa & 0x1fff;
  if (Rest > 0x1000 || (Rest == 0x1000 && (Half & 1)))
    ++Half; // a carry into the exponent is right, up to infinity
  return uint16_t(Sign | Half);
}

Pixel packPixel(const cl_image_format &F, const void *Color) {
  Pixel P;
  P.Size = pixelBytes(F);
  const cl_channel_type Type = F.image_channel_data_type;
  float Floats[4] = {};
  int32_t Ints[4] = {};
  uint32_t Uints[4] = {};
  // "The fill color is a single floating-point value if the channel order is CL_DEPTH."
  const size_t Given = F.image_channel_order == CL_DEPTH ? 1 : 4;
  switch (channelKind(Type)) {
  case ChannelKind::Float:
    std::memcpy(Floats, Color, Given * sizeof(float));
    break;
  case ChannelKind::SignedInt:
    std::memcpy(Ints, Color, sizeof Ints);
    break;
  case ChannelKind::UnsignedInt:
    std::memcpy(Uints, Color, sizeof Uints);
    break;
  }

  // The packed types: "the first channel in the most significant bits".
  switch (Type) {
  case CL_UNORM_SHORT_565:
    store(P, 0, uint16_t(toUnorm(Floats[0], 31) << 11 | toUnorm(Floats[1], 63) << 5 |
                         toUnorm(Floats[2], 31)));
    return P;
  case CL_UNORM_SHORT_555: // bit 15 undefined
    store(P, 0, uint16_t(toUnorm(Floats[0], 31) << 10 | toUnorm(Floats[1], 31) << 5 |
                         toUnorm(Floats[2], 31)));
    return P;
  case CL_UNORM_INT_101010: // bits 31:30 undefined
    store(P, 0, uint32_t(toUnorm(Floats[0], 1023) << 20 | toUnorm(Floats[1], 1023) << 10 |
                         toUnorm(Floats[2], 1023)));
    return P;
  case CL_UNORM_INT_101010_2:
    store(P, 0, uint32_t(toUnorm(Floats[0], 1023) << 22 | toUnorm(Floats[1], 1023) << 12 |
                         toUnorm(Floats[2], 1023) << 2 | toUnorm(Floats[3], 3)));
    return P;
  default:
    break;
  }

  const bool Srgb = isSrgbOrder(F.image_channel_order);
  const std::vector<unsigned> Components = componentsOf(F.image_channel_order);
  for (unsigned Channel = 0; Channel < Components.size(); ++Channel) {
    const unsigned C = Components[Channel];
    const float X = Floats[C];
    switch (Type) {
    case CL_UNORM_INT8:
      // sRGB: R, G and B encoded, then "converted as per ... float to normalized integer";
      // alpha is stored linear.
      if (Srgb && C < 3)
        store(P, Channel, uint8_t(roundToNearestEven(linearToSrgb(X) * 255.0)));
      else
        store(P, Channel, uint8_t(toUnorm(X, 255)));
      break;
    case CL_UNORM_INT16:
      store(P, Channel, uint16_t(toUnorm(X, 65535)));
      break;
    case CL_SNORM_INT8:
      store(P, Channel, int8_t(toSnorm(X, 127)));
      break;
    case CL_SNORM_INT16:
      store(P, Channel, int16_t(toSnorm(X, 32767)));
      break;
    case CL_HALF_FLOAT:
      store(P, Channel, floatToHalf(X));
      break;
    case CL_FLOAT:
      store(P, Channel, X);
      break;
    // Integers: "clamp(x, -128, 127)" and so on; 32-bit values are stored as given.
    case CL_SIGNED_INT8:
      store(P, Channel, int8_t(std::clamp<int32_t>(Ints[C], INT8_MIN, INT8_MAX)));
      break;
    case CL_SIGNED_INT16:
      store(P, Channel, int16_t(std::clamp<int32_t>(Ints[C], INT16_MIN, INT16_MAX)));
      break;
    case CL_SIGNED_INT32:
      store(P, Channel, Ints[C]);
      break;
    case CL_UNSIGNED_INT8:
      store(P, Channel, uint8_t(std::min<uint32_t>(Uints[C], UINT8_MAX)));
      break;
    case CL_UNSIGNED_INT16:
      store(P, Channel, uint16_t(std::min<uint32_t>(Uints[C], UINT16_MAX)));
      break;
    case CL_UNSIGNED_INT32:
      store(P, Channel, Uints[C]);
      break;
    default:
      break;
    }
  }
  return P;
}

} // namespace weft
