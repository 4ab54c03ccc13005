// Math built-ins (OpenCL C 3.0 §6.15.2), the subset this issue needs: each scalar function maps to
// an LLVM intrinsic or C library routine, and vectors apply it per component (LLVM vectorizes the
// result after inlining). The full, ULP-checked library is a later issue.
#include "defs.h"

#define UNARY(NAME, EXPR)                                                                          \
  OVL float NAME(float x) { return EXPR; }                                                         \
  UNARY_VECTORS(NAME)
#define UNARY_VECTOR(T, N)                                                                         \
  OVL T UNARY_NAME(T x) {                                                                          \
    T r;                                                                                           \
    for (int i = 0; i < N; ++i)                                                                    \
      r[i] = UNARY_NAME(x[i]);                                                                     \
    return r;                                                                                      \
  }

#define BINARY(NAME, EXPR)                                                                         \
  OVL float NAME(float x, float y) { return EXPR; }
#define BINARY_VECTOR(T, N)                                                                        \
  OVL T BINARY_NAME(T x, T y) {                                                                    \
    T r;                                                                                           \
    for (int i = 0; i < N; ++i)                                                                    \
      r[i] = BINARY_NAME(x[i], y[i]);                                                              \
    return r;                                                                                      \
  }

#define UNARY_VECTORS(NAME)

UNARY(sqrt, __builtin_sqrtf(x))
UNARY(fabs, __builtin_fabsf(x))
UNARY(floor, __builtin_floorf(x))
UNARY(ceil, __builtin_ceilf(x))
UNARY(trunc, __builtin_truncf(x))
UNARY(round, __builtin_roundf(x))
UNARY(rint, __builtin_rintf(x))
UNARY(exp, __builtin_expf(x))
UNARY(exp2, __builtin_exp2f(x))
UNARY(log, __builtin_logf(x))
UNARY(log2, __builtin_log2f(x))
UNARY(sin, __builtin_sinf(x))
UNARY(cos, __builtin_cosf(x))
UNARY(native_sqrt, __builtin_sqrtf(x))
UNARY(native_exp, __builtin_expf(x))
UNARY(native_log, __builtin_logf(x))
UNARY(native_sin, __builtin_sinf(x))
UNARY(native_cos, __builtin_cosf(x))
UNARY(rsqrt, 1.0f / __builtin_sqrtf(x))
UNARY(native_rsqrt, 1.0f / __builtin_sqrtf(x))
UNARY(native_recip, 1.0f / x)
BINARY(fmin, __builtin_fminf(x, y))
BINARY(fmax, __builtin_fmaxf(x, y))
BINARY(pow, __builtin_powf(x, y))
BINARY(copysign, __builtin_copysignf(x, y))
BINARY(native_divide, x / y)
// The next float after x in the direction of y (the smallest subnormal after zero).
OVL float nextafter(float x, float y) {
  if (__builtin_isnan(x) || __builtin_isnan(y))
    return x + y;
  if (x == y)
    return y;
  if (x == 0.0f)
    return y > 0.0f ? as_float(1u) : as_float(0x80000001u);
  uint bits = as_uint(x);
  return as_float((x < y) == (x > 0.0f) ? bits + 1 : bits - 1);
}
OVL float fma(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
OVL float mad(float a, float b, float c) { return a * b + c; }

#define UNARY_NAME sqrt
FOR_VECTORS(UNARY_VECTOR, float)
#undef UNARY_NAME
#define UNARY_NAME fabs
FOR_VECTORS(UNARY_VECTOR, float)
#undef UNARY_NAME
#define UNARY_NAME floor
FOR_VECTORS(UNARY_VECTOR, float)
#undef UNARY_NAME
#define UNARY_NAME ceil
FOR_VECTORS(UNARY_VECTOR, float)
#undef UNARY_NAME
#define UNARY_NAME exp
FOR_VECTORS(UNARY_VECTOR, float)
#undef UNARY_NAME
#define UNARY_NAME native_sqrt
FOR_VECTORS(UNARY_VECTOR, float)
#undef UNARY_NAME
#define UNARY_NAME rsqrt
FOR_VECTORS(UNARY_VECTOR, float)
#undef UNARY_NAME
#define BINARY_NAME fmin
FOR_VECTORS(BINARY_VECTOR, float)
#undef BINARY_NAME
#define BINARY_NAME fmax
FOR_VECTORS(BINARY_VECTOR, float)
#undef BINARY_NAME
#define BINARY_NAME nextafter
FOR_VECTORS(BINARY_VECTOR, float)
#undef BINARY_NAME

#define MAD_VECTOR(T, N)                                                                           \
  OVL T mad(T a, T b, T c) { return a * b + c; }                                                   \
  OVL T fma(T a, T b, T c) {                                                                       \
    T r;                                                                                           \
    for (int i = 0; i < N; ++i)                                                                    \
      r[i] = __builtin_fmaf(a[i], b[i], c[i]);                                                     \
    return r;                                                                                      \
  }
FOR_VECTORS(MAD_VECTOR, float)
