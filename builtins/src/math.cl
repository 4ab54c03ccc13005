// Math built-ins (OpenCL C 3.0 §6.15.2) for float and double (math.inc, instantiated for each),
// scalar and every vector width, and the float-only native_* and half_* functions. Each scalar
// function is an LLVM intrinsic, a C library routine (glibc's are within the spec's ULP limits;
// program-store/ObjectLoader.cpp binds the routines and Weft's own) or a few lines here; the vector
// forms apply it per component (LLVM vectorizes what it can after inlining), except float's
// commonest functions, whose vector forms are math_vector.cl's.
#include "defs.h"

// The vector forms of a scalar function NAME of one, two or three arguments.
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

// A function of REAL (gentype.h) given by an expression of x (and y, z), in every width.
#define UNARY(NAME, EXPR)                                                                          \
  OVL REAL NAME(REAL x) { return EXPR; }                                                           \
  REAL_WIDTHS(VECTOR1, NAME)
#define BINARY(NAME, EXPR)                                                                         \
  OVL REAL NAME(REAL x, REAL y) { return EXPR; }                                                   \
  REAL_WIDTHS(VECTOR2, NAME)
#define TERNARY(NAME, EXPR)                                                                        \
  OVL REAL NAME(REAL x, REAL y, REAL z) { return EXPR; }                                           \
  REAL_WIDTHS(VECTOR3, NAME)
// Functions that are the C library routine (or LLVM intrinsic) of the same name.
#define LIBM1(NAME) UNARY(NAME, LIBM(NAME)(x))
#define LIBM2(NAME) BINARY(NAME, LIBM(NAME)(x, y))

// glibc's reentrant lgamma, outside the library (program-store/ObjectLoader.cpp binds it).
float glibcLgammaF(float x, int *sign) __asm__("lgammaf_r");
double glibcLgamma(double x, int *sign) __asm__("lgamma_r");

#define TEMPLATE "math.inc"
#include "for_real_types.h"

// native_* and half_* (float only): the functions themselves (the spec lets them be less
// accurate; these are not).
#define REAL_BITS 32
#include "gentype.h"
// Each width calls NAME's form of that width, so they share math_vector.cl's vector forms.
#define DECLARE_WIDTH(NAME, T, N) OVL T NAME(T x);
#define DECLARE_WIDTHS(NAME) REAL_WIDTHS(DECLARE_WIDTH, NAME)
DECLARE_WIDTHS(exp) DECLARE_WIDTHS(exp2) DECLARE_WIDTHS(exp10) DECLARE_WIDTHS(log)
DECLARE_WIDTHS(log2) DECLARE_WIDTHS(log10) DECLARE_WIDTHS(sin) DECLARE_WIDTHS(cos)
DECLARE_WIDTHS(tan)
#define NATIVE_WIDTH(PREFIX, NAME, N)                                                              \
  OVL REALN(N) PREFIX##NAME(REALN(N) x) { return NAME(x); }
#define NATIVE(PREFIX, NAME)                                                                       \
  OVL REAL PREFIX##NAME(REAL x) { return NAME(x); }                                                \
  NATIVE_WIDTH(PREFIX, NAME, 2) NATIVE_WIDTH(PREFIX, NAME, 3) NATIVE_WIDTH(PREFIX, NAME, 4)       \
  NATIVE_WIDTH(PREFIX, NAME, 8) NATIVE_WIDTH(PREFIX, NAME, 16)
#define NATIVE_AND_HALF(NAME) NATIVE(native_, NAME) NATIVE(half_, NAME)
NATIVE_AND_HALF(sqrt) NATIVE_AND_HALF(rsqrt) NATIVE_AND_HALF(exp) NATIVE_AND_HALF(exp2)
NATIVE_AND_HALF(exp10) NATIVE_AND_HALF(log) NATIVE_AND_HALF(log2) NATIVE_AND_HALF(log10)
NATIVE_AND_HALF(sin) NATIVE_AND_HALF(cos) NATIVE_AND_HALF(tan)
UNARY(native_recip, 1.0f / x)
UNARY(half_recip, 1.0f / x)
BINARY(native_divide, x / y)
BINARY(half_divide, x / y)
BINARY(native_powr, powr(x, y))
BINARY(half_powr, powr(x, y))
#include "gentype_end.h"
