// Host references for half precision: the value of each half bit pattern, the half nearest a
// value in each rounding mode, and the floats that decide conversions to half. Shared by the
// half load/store and the cl_khr_fp16 tests.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

namespace weft::test {

enum class Round { Even, Zero, Up, Down };

inline float bitsToFloat(uint32_t B) {
  float F;
  std::memcpy(&F, &B, 4);
  return F;
}

/// The value of a half bit pattern (NaN for every NaN).
inline float halfValue(uint16_t H) {
  const int Exp = (H >> 10) & 31, Mant = H & 1023;
  const float Sign = (H & 0x8000) ? -1.0f : 1.0f;
  if (Exp == 31)
    return Mant ? std::numeric_limits<float>::quiet_NaN() : Sign * INFINITY;
  if (Exp == 0)
    return Sign * std::ldexp(float(Mant), -24);
  return Sign * std::ldexp(float(1024 + Mant), Exp - 25);
}

/// The half nearest F in mode R, as IEEE 754 converts (overflow to infinity or to the largest
/// finite half, as the mode says). Computed in double, where every step is exact (F may be a
/// float or a double).
inline uint16_t toHalf(double F, Round R) {
  const uint16_t Sign = std::signbit(F) ? 0x8000 : 0;
  if (std::isnan(F))
    return 0x7e00;
  if (std::isinf(F))
    return Sign | 0x7c00;
  const double V = std::fabs(double(F));
  if (V == 0)
    return Sign;
  // The spacing of halves around V: 2^-24 below 2^-14 (denormals), else 2^(exponent - 10).
  const int E = std::max(std::ilogb(V), -14);
  const double Step = std::ldexp(1.0, E - 10);
  const double Q = V / Step; // exact: a power-of-two scaling
  const bool Negative = Sign != 0;
  double N = Q;
  switch (R) {
  case Round::Even: N = std::nearbyint(Q); break; // the default mode: ties to even
  case Round::Zero: N = std::trunc(Q); break;
  case Round::Up: N = Negative ? std::trunc(Q) : std::ceil(Q); break;
  case Round::Down: N = Negative ? std::ceil(Q) : std::trunc(Q); break;
  }
  const double Rounded = N * Step;
  if (Rounded >= 65536.0) {
    const bool ToInfinity = R == Round::Even || (R == Round::Up && !Negative) || (R == Round::Down && Negative);
    return Sign | (ToInfinity ? 0x7c00 : 0x7bff);
  }
  if (Rounded < std::ldexp(1.0, -14))
    return Sign | uint16_t(Rounded / std::ldexp(1.0, -24));
  const int RE = std::ilogb(Rounded);
  return Sign | uint16_t((RE + 15) << 10) | uint16_t(Rounded / std::ldexp(1.0, RE - 10) - 1024);
}

/// Floats that decide conversions: each finite half value, the midpoint to the next one up
/// (representable in float), the floats just below and above that midpoint, and a few specials.
inline std::vector<float> conversionInputs() {
  std::vector<float> In;
  for (uint32_t H = 0; H < 0x7c00; ++H) {
    const float V = halfValue(uint16_t(H)), Next = H + 1 < 0x7c00 ? halfValue(uint16_t(H + 1)) : 65536.0f;
    const float Mid = (V + Next) / 2;
    for (float X : {V, Mid, std::nextafter(Mid, 0.0f), std::nextafter(Mid, INFINITY)}) {
      In.push_back(X);
      In.push_back(-X);
    }
  }
  for (float X : {0.0f, -0.0f, INFINITY, -INFINITY, std::numeric_limits<float>::quiet_NaN(),
                  bitsToFloat(0x7f800001), bitsToFloat(0xffc00000), 1e-30f, -1e-30f, 1e30f, -1e30f,
                  std::numeric_limits<float>::denorm_min(), std::numeric_limits<float>::max(),
                  65504.0f, 65519.996f, 65520.0f, -65520.0f, 65535.0f, 1e5f})
    In.push_back(X);
  while (In.size() % 4)
    In.push_back(1.0f);
  return In;
}

} // namespace weft::test
