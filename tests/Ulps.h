// Errors of floating-point results in units in the last place, for the tests of the math
// built-ins (tests/builtins/MathTest.cpp) and of the code the compiler gives them
// (tests/compiler/ExecutionTest.cpp).
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

namespace weft::test {

/// The error of Got against the exact result Ref, in units in the last place of T at Ref.
template <typename T> long double ulps(T Got, long double Ref) {
  using L = std::numeric_limits<T>;
  if (std::isnan(Ref) || std::isnan(Got))
    return std::isnan(Ref) && std::isnan(Got) ? 0 : INFINITY;
  if (std::isinf(Got) || std::isinf(Ref) || std::fabs(Ref) > L::max())
    return Got == T(Ref) ? 0 : INFINITY;
  int Exponent = Ref == 0 ? L::min_exponent : std::max(int(std::ilogbl(Ref)), L::min_exponent - 1);
  return std::fabs(Got - Ref) / std::ldexp(1.0L, Exponent - (L::digits - 1));
}

} // namespace weft::test
