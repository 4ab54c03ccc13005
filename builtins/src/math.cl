// Math built-ins (OpenCL C 3.0 §6.15.2) for float, scalar and every vector width. Each scalar
// function is an LLVM intrinsic, a C library routine (glibc's float functions are within the
// spec's ULP limits; compiler/ObjectLoader.cpp binds the routines) or a few lines here; the
// vector forms apply it per component (LLVM vectorizes what it can after inlining). Faster
// vector implementations, double and half are issue 6's.
#include "defs.h"

// The vector forms of a scalar function NAME of one, two or three float arguments.
#define VECTOR1(NAME, T, N)                                                                        \
  OVL T NAME(T x) {                                                                                \
    T r;                                                                                           \
    for (int i = 0; i < N; ++i)                                                                    \
      r[i] = NAME(x[i]);                                                                           \
    return r;                                                                                      \
  }
#define VECTOR2(NAME, T, N)                                                                        \
  OVL T NAME(T x, T y) {                                                                           \
    T r;                                                                                           \
    for (int i = 0; i < N; ++i)                                                                    \
      r[i] = NAME(x[i], y[i]);                                                                     \
    return r;                                                                                      \
  }
#define VECTOR3(NAME, T, N)                                                                        \
  OVL T NAME(T x, T y, T z) {                                                                      \
    T r;                                                                                           \
    for (int i = 0; i < N; ++i)                                                                    \
      r[i] = NAME(x[i], y[i], z[i]);                                                               \
    return r;                                                                                      \
  }
#define FLOAT_WIDTHS(M, NAME)                                                                      \
  M(NAME, float2, 2) M(NAME, float3, 3) M(NAME, float4, 4) M(NAME, float8, 8) M(NAME, float16, 16)

#define UNARY(NAME, EXPR)                                                                          \
  OVL float NAME(float x) { return EXPR; }                                                         \
  FLOAT_WIDTHS(VECTOR1, NAME)
#define BINARY(NAME, EXPR)                                                                         \
  OVL float NAME(float x, float y) { return EXPR; }                                                \
  FLOAT_WIDTHS(VECTOR2, NAME)
#define TERNARY(NAME, EXPR)                                                                        \
  OVL float NAME(float x, float y, float z) { return EXPR; }                                       \
  FLOAT_WIDTHS(VECTOR3, NAME)

// Functions that are the C library routine (or LLVM intrinsic) of the same name.
#define LIBM1(NAME) UNARY(NAME, __builtin_##NAME##f(x))
#define LIBM2(NAME) BINARY(NAME, __builtin_##NAME##f(x, y))
LIBM1(exp) LIBM1(exp2) LIBM1(expm1) LIBM1(log) LIBM1(log2) LIBM1(log10) LIBM1(log1p) LIBM1(logb)
LIBM1(sqrt) LIBM1(cbrt)
LIBM1(sin) LIBM1(cos) LIBM1(tan) LIBM1(asin) LIBM1(acos) LIBM1(atan)
LIBM1(sinh) LIBM1(cosh) LIBM1(tanh) LIBM1(asinh) LIBM1(acosh) LIBM1(atanh)
LIBM1(erf) LIBM1(erfc) LIBM1(tgamma) LIBM1(lgamma)
LIBM1(fabs) LIBM1(floor) LIBM1(ceil) LIBM1(trunc) LIBM1(round) LIBM1(rint)
LIBM2(pow) LIBM2(hypot) LIBM2(atan2) LIBM2(fmod) LIBM2(remainder) LIBM2(fdim) LIBM2(fmin)
LIBM2(fmax) LIBM2(copysign)
// Functions of those.
UNARY(exp10, pow(10.0f, x))
UNARY(rsqrt, 1.0f / sqrt(x))
UNARY(asinpi, asin(x) * M_1_PI_F)
UNARY(acospi, acos(x) * M_1_PI_F)
UNARY(atanpi, atan(x) * M_1_PI_F)
BINARY(atan2pi, atan2(x, y) * M_1_PI_F)
// The argument of larger (smaller) magnitude; fmax (fmin) of the two when the magnitudes tie.
BINARY(maxmag, __builtin_fabsf(x) > __builtin_fabsf(y)   ? x
               : __builtin_fabsf(y) > __builtin_fabsf(x) ? y
                                                         : __builtin_fmaxf(x, y))
BINARY(minmag, __builtin_fabsf(x) < __builtin_fabsf(y)   ? x
               : __builtin_fabsf(y) < __builtin_fabsf(x) ? y
                                                         : __builtin_fminf(x, y))
// The next float after x in the direction of y (the smallest subnormal after zero).
BINARY(nextafter, __builtin_isnan(x) || __builtin_isnan(y) ? x + y
                  : x == y                                 ? y
                  : x == 0.0f ? (y > 0.0f ? as_float(1u) : as_float(0x80000001u))
                              : as_float((x < y) == (x > 0.0f) ? as_uint(x) + 1 : as_uint(x) - 1))
TERNARY(fma, __builtin_fmaf(x, y, z))
// mad on whole vectors: the component loop of the other functions came out of the optimiser as
// narrower code for float16 (clpeak's float16 mad chains ran at 0.68x PoCL).
OVL float mad(float a, float b, float c) { return a * b + c; }
#define MAD_VECTOR(NAME, T, N)                                                                     \
  OVL T NAME(T a, T b, T c) { return a * b + c; }
FLOAT_WIDTHS(MAD_VECTOR, mad)
// native_*: the functions themselves (the spec lets them be less accurate; these are not).
#define NATIVE(NAME) UNARY(native_##NAME, NAME(x))
NATIVE(sqrt) NATIVE(rsqrt) NATIVE(exp) NATIVE(exp2) NATIVE(exp10) NATIVE(log) NATIVE(log2)
NATIVE(log10) NATIVE(sin) NATIVE(cos) NATIVE(tan)
UNARY(native_recip, 1.0f / x)
BINARY(native_divide, x / y)
BINARY(native_powr, pow(x, y))

// fmin, fmax with a scalar second argument; ldexp with an int exponent (or one per component).
#define WITH_SCALAR(NAME, T, N)                                                                    \
  OVL T NAME(T x, float y) { return NAME(x, (T)y); }
FLOAT_WIDTHS(WITH_SCALAR, fmin)
FLOAT_WIDTHS(WITH_SCALAR, fmax)
OVL float ldexp(float x, int n) { return __builtin_ldexpf(x, n); }
#define LDEXP_VECTOR(T, N)                                                                         \
  OVL float##N ldexp(float##N x, int##N n) {                                                       \
    float##N r;                                                                                    \
    for (int i = 0; i < N; ++i)                                                                    \
      r[i] = ldexp(x[i], n[i]);                                                                    \
    return r;                                                                                      \
  }                                                                                                \
  OVL float##N ldexp(float##N x, int n) { return ldexp(x, (int##N)n); }
LDEXP_VECTOR(, 2) LDEXP_VECTOR(, 3) LDEXP_VECTOR(, 4) LDEXP_VECTOR(, 8) LDEXP_VECTOR(, 16)

// Functions with a second result through a pointer, in each address space it may point to.
static float modfScalar(float x, float *whole) {
  *whole = __builtin_truncf(x);
  return __builtin_copysignf(__builtin_isinf(x) ? 0.0f : x - *whole, x);
}
static float fractScalar(float x, float *whole) {
  *whole = __builtin_floorf(x);
  if (__builtin_isnan(x))
    return x;
  if (__builtin_isinf(x))
    return __builtin_copysignf(0.0f, x);
  return __builtin_fminf(x - *whole, 0x1.fffffep-1f);
}
static float frexpScalar(float x, int *exponent) { return __builtin_frexpf(x, exponent); }
static float sincosScalar(float x, float *cosine) {
  *cosine = __builtin_cosf(x);
  return __builtin_sinf(x);
}
#define POINTER_RESULT(NAME, IMPL, R, AS)                                                          \
  OVL float NAME(float x, AS R *out) {                                                             \
    R o;                                                                                           \
    float r = IMPL(x, &o);                                                                         \
    *out = o;                                                                                      \
    return r;                                                                                      \
  }                                                                                                \
  POINTER_RESULT_VECTOR(NAME, IMPL, R, AS, 2)                                                      \
  POINTER_RESULT_VECTOR(NAME, IMPL, R, AS, 3)                                                      \
  POINTER_RESULT_VECTOR(NAME, IMPL, R, AS, 4)                                                      \
  POINTER_RESULT_VECTOR(NAME, IMPL, R, AS, 8)                                                      \
  POINTER_RESULT_VECTOR(NAME, IMPL, R, AS, 16)
#define POINTER_RESULT_VECTOR(NAME, IMPL, R, AS, N)                                                \
  OVL float##N NAME(float##N x, AS R##N *out) {                                                    \
    float##N r;                                                                                    \
    R##N o;                                                                                        \
    for (int i = 0; i < N; ++i) {                                                                  \
      R c;                                                                                         \
      r[i] = IMPL(x[i], &c);                                                                       \
      o[i] = c;                                                                                    \
    }                                                                                              \
    *out = o;                                                                                      \
    return r;                                                                                      \
  }
#define POINTER_RESULTS(AS)                                                                        \
  POINTER_RESULT(modf, modfScalar, float, AS)                                                      \
  POINTER_RESULT(fract, fractScalar, float, AS)                                                    \
  POINTER_RESULT(frexp, frexpScalar, int, AS)                                                      \
  POINTER_RESULT(sincos, sincosScalar, float, AS)
POINTER_RESULTS(global)
POINTER_RESULTS(local)
POINTER_RESULTS(private)
