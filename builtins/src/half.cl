// The half forms (cl_khr_fp16) of the math (OpenCL C 3.0 §6.15.2), common (§6.15.4), geometric
// (§6.15.5) and relational (§6.15.6) built-ins: computed on float's forms of the same width and
// rounded to half once. Every half value is a float, and float's functions are within a few float
// ulps, 2^13 times finer than a half ulp, so the result is within the spec's half limits; where
// the spec wants an exact result (fabs, floor, fmod, frexp, ldexp, ...) float's is exact and so
// representable in half, and +, -, *, / and sqrt rounded to float then to half round as once
// (24 >= 2 * 11 + 2 bits). What float cannot do for half is here: fma (in double, exact before
// its one rounding), nextafter and nan on half's bits, fract's bound below 1, isnormal at half's
// smallest normal. Conversions are gen/conversions.py's; select, bitselect, shuffles, vloadN,
// collectives and async copies are in their families' files with the other types.
#include "defs.h"

// M(NAME, N) for the scalar (N empty) and each vector width.
#define HALF_WIDTHS(M, NAME) M(NAME, ) M(NAME, 2) M(NAME, 3) M(NAME, 4) M(NAME, 8) M(NAME, 16)
#define VECTOR_WIDTHS(M, NAME) M(NAME, 2) M(NAME, 3) M(NAME, 4) M(NAME, 8) M(NAME, 16)
#define H(N) half##N
#define F(N) float##N
#define I(N) int##N
#define TO_F(N, x) toFloat(x)
#define TO_H(N, x) toHalf(x)

// Each half is a float exactly; float to half rounds to nearest even (F16C's vcvtps2ph where the
// host has it, whole vectors at a time).
OVL static float toFloat(half x) { return x; }
OVL static half toHalf(float x) { return (half)x; }
#define CONVERT_VECTOR(NAME, N)                                                                    \
  OVL static F(N) toFloat(H(N) x) { return __builtin_convertvector(x, F(N)); }                     \
  OVL static H(N) toHalf(F(N) x) { return __builtin_convertvector(x, H(N)); }                      \
  OVL static I(N) toInt(short##N x) { return __builtin_convertvector(x, I(N)); }                   \
  OVL static short##N toShort(I(N) x) { return __builtin_convertvector(x, short##N); }
VECTOR_WIDTHS(CONVERT_VECTOR, )

#define UNARY(NAME, N)                                                                             \
  OVL H(N) NAME(H(N) x) { return TO_H(N, NAME(TO_F(N, x))); }
#define BINARY(NAME, N)                                                                            \
  OVL H(N) NAME(H(N) x, H(N) y) { return TO_H(N, NAME(TO_F(N, x), TO_F(N, y))); }
#define TERNARY(NAME, N)                                                                           \
  OVL H(N) NAME(H(N) x, H(N) y, H(N) z) {                                                          \
    return TO_H(N, NAME(TO_F(N, x), TO_F(N, y), TO_F(N, z)));                                      \
  }
// Forms whose last argument may be a scalar with vector others (fmax(half4, half)).
#define BINARY_SCALAR(NAME, N)                                                                     \
  OVL H(N) NAME(H(N) x, half y) { return TO_H(N, NAME(TO_F(N, x), (float)y)); }
#define TERNARY_SCALAR(NAME, N)                                                                    \
  OVL H(N) NAME(H(N) x, half y, half z) { return TO_H(N, NAME(TO_F(N, x), (float)y, (float)z)); }

// Float's functions, defined by the other files of the library.
#define DECLARE1(NAME, N) OVL F(N) NAME(F(N) x);
#define DECLARE2(NAME, N) OVL F(N) NAME(F(N) x, F(N) y);
#define DECLARE1_ALL(NAME) HALF_WIDTHS(DECLARE1, NAME)
#define DECLARE2_ALL(NAME) HALF_WIDTHS(DECLARE2, NAME)
#define DECLARE_OTHERS(NAME, N)                                                                    \
  OVL F(N) mad(F(N), F(N), F(N)); OVL F(N) clamp(F(N), F(N), F(N)); OVL F(N) mix(F(N), F(N), F(N)); \
  OVL F(N) smoothstep(F(N), F(N), F(N)); OVL F(N) ldexp(F(N), I(N)); OVL F(N) pown(F(N), I(N));    \
  OVL F(N) rootn(F(N), I(N)); OVL I(N) ilogb(F(N));                                                \
  OVL F(N) modf(F(N), private F(N) *); OVL F(N) fract(F(N), private F(N) *);                       \
  OVL F(N) frexp(F(N), private I(N) *); OVL F(N) sincos(F(N), private F(N) *);                     \
  OVL F(N) lgamma_r(F(N), private I(N) *); OVL F(N) remquo(F(N), F(N), private I(N) *);
#define DECLARE_SCALAR_FORMS(NAME, N)                                                              \
  OVL F(N) fmax(F(N), float); OVL F(N) fmin(F(N), float); OVL F(N) max(F(N), float);               \
  OVL F(N) min(F(N), float); OVL F(N) clamp(F(N), float, float); OVL F(N) mix(F(N), F(N), float);  \
  OVL F(N) step(float, F(N)); OVL F(N) smoothstep(float, float, F(N)); OVL F(N) ldexp(F(N), int);

// Math (and the common functions of one and two arguments).
#define UNARIES(M)                                                                                 \
  M(acos) M(acosh) M(acospi) M(asin) M(asinh) M(asinpi) M(atan) M(atanh) M(atanpi) M(cbrt)         \
  M(ceil) M(cos) M(cosh) M(cospi) M(erfc) M(erf) M(exp) M(exp2) M(exp10) M(expm1) M(fabs)          \
  M(floor) M(lgamma) M(log) M(log2) M(log10) M(log1p) M(logb) M(rint) M(round) M(rsqrt) M(sin)     \
  M(sinh) M(sinpi) M(sqrt) M(tan) M(tanh) M(tanpi) M(tgamma) M(trunc)                               \
  /* common */ M(degrees) M(radians) M(sign)
#define BINARIES(M)                                                                                \
  M(atan2) M(atan2pi) M(copysign) M(fdim) M(fmax) M(fmin) M(fmod) M(hypot) M(maxmag) M(minmag)    \
  M(pow) M(powr) M(remainder)                                                                      \
  /* common */ M(max) M(min) M(step)
UNARIES(DECLARE1_ALL)
BINARIES(DECLARE2_ALL)
HALF_WIDTHS(DECLARE_OTHERS, )
#define UNARY_ALL(NAME) HALF_WIDTHS(UNARY, NAME)
#define BINARY_ALL(NAME) HALF_WIDTHS(BINARY, NAME)
UNARIES(UNARY_ALL)
BINARIES(BINARY_ALL)
VECTOR_WIDTHS(DECLARE_SCALAR_FORMS, )
VECTOR_WIDTHS(BINARY_SCALAR, fmax)
VECTOR_WIDTHS(BINARY_SCALAR, fmin)
VECTOR_WIDTHS(BINARY_SCALAR, max)
VECTOR_WIDTHS(BINARY_SCALAR, min)
HALF_WIDTHS(TERNARY, mad)
HALF_WIDTHS(TERNARY, clamp)
HALF_WIDTHS(TERNARY, mix)
HALF_WIDTHS(TERNARY, smoothstep)
VECTOR_WIDTHS(TERNARY_SCALAR, clamp)
// mix(x, y, a) and the edges of step and smoothstep take the scalar in other places.
#define MIX_SCALAR(NAME, N)                                                                        \
  OVL H(N) mix(H(N) x, H(N) y, half a) { return TO_H(N, mix(TO_F(N, x), TO_F(N, y), (float)a)); }
#define STEP_SCALAR(NAME, N)                                                                       \
  OVL H(N) step(half edge, H(N) x) { return TO_H(N, step((float)edge, TO_F(N, x))); }             \
  OVL H(N) smoothstep(half e0, half e1, H(N) x) {                                                  \
    return TO_H(N, smoothstep((float)e0, (float)e1, TO_F(N, x)));                                  \
  }
VECTOR_WIDTHS(MIX_SCALAR, )
VECTOR_WIDTHS(STEP_SCALAR, )

// fma rounds once: a product of two halves is exact in double (22 bits), and so is its sum with a
// third half whenever the result is finite in half (the bits span at most 2^17 to 2^-48), so the
// one rounding is double's to half (a library conversion, not through float).
OVL half fma(half a, half b, half c) { return (half)((double)a * (double)b + (double)c); }
#define FMA(NAME, N)                                                                               \
  OVL H(N) fma(H(N) a, H(N) b, H(N) c) {                                                           \
    H(N) r;                                                                                        \
    for (int i = 0; i < N; ++i)                                                                    \
      r[i] = fma(a[i], b[i], c[i]);                                                                \
    return r;                                                                                      \
  }
VECTOR_WIDTHS(FMA, )

// An int argument: ldexp, pown, rootn (and ldexp(halfn, int)); ilogb's int result.
#define WITH_INT(NAME, N)                                                                          \
  OVL H(N) NAME(H(N) x, I(N) k) { return TO_H(N, NAME(TO_F(N, x), k)); }
HALF_WIDTHS(WITH_INT, ldexp)
HALF_WIDTHS(WITH_INT, pown)
HALF_WIDTHS(WITH_INT, rootn)
#define LDEXP_SCALAR(NAME, N)                                                                      \
  OVL H(N) ldexp(H(N) x, int k) { return TO_H(N, ldexp(TO_F(N, x), k)); }
VECTOR_WIDTHS(LDEXP_SCALAR, )
#define ILOGB(NAME, N)                                                                             \
  OVL I(N) ilogb(H(N) x) { return ilogb(TO_F(N, x)); }
HALF_WIDTHS(ILOGB, )

// Half's bits: nan's payload, nextafter's one unit.
#define NAN_H(NAME, N)                                                                             \
  OVL H(N) nan(ushort##N code) { return as_half##N((ushort##N)((ushort##N)(0x7e00) | code)); }
HALF_WIDTHS(NAN_H, )
OVL half nextafter(half x, half y) {
  if (__builtin_isnan(x) || __builtin_isnan(y))
    return x + y;
  if (x == y)
    return y;
  if (x == 0)
    return as_half((ushort)((as_ushort(y) & 0x8000) | 1)); // the smallest subnormal towards y
  const ushort bits = as_ushort(x);
  return as_half((ushort)((x < y) == (x > 0) ? bits + 1 : bits - 1));
}
#define NEXTAFTER(NAME, N)                                                                         \
  OVL H(N) nextafter(H(N) x, H(N) y) {                                                             \
    H(N) r;                                                                                        \
    for (int i = 0; i < N; ++i)                                                                    \
      r[i] = nextafter(x[i], y[i]);                                                                \
    return r;                                                                                      \
  }
VECTOR_WIDTHS(NEXTAFTER, )

// Results through a pointer, in every address space: float's into a private temporary, and the
// half results rounded. fract is at most the half below 1 (float's bound, 0x1.fffffep-1, rounds
// to 1 in half); a NaN compares false and stays.
#define KEEP(N, v) (v)
#define FRACT_BOUND(N, r) ((r) > (H(N))0x1.ffcp-1h ? (H(N))0x1.ffcp-1h : (r))
// NAME(x, out), out of type OUT, float's computed into a TEMP, stored by STORE; RESULT bounds the
// rounded result.
#define POINTER_RESULT(NAME, AS, N, OUT, TEMP, STORE, RESULT)                                      \
  OVL H(N) NAME(H(N) x, AS OUT *out) {                                                             \
    TEMP t;                                                                                        \
    H(N) r = TO_H(N, NAME(TO_F(N, x), &t));                                                        \
    *out = STORE(N, t);                                                                            \
    return RESULT(N, r);                                                                           \
  }
#define TO_HALF_STORED(N, v) TO_H(N, v)
#define POINTER_RESULTS(AS, N)                                                                     \
  POINTER_RESULT(modf, AS, N, H(N), F(N), TO_HALF_STORED, KEEP)                                    \
  POINTER_RESULT(fract, AS, N, H(N), F(N), TO_HALF_STORED, FRACT_BOUND)                            \
  POINTER_RESULT(sincos, AS, N, H(N), F(N), TO_HALF_STORED, KEEP)                                  \
  POINTER_RESULT(frexp, AS, N, I(N), I(N), KEEP, KEEP)                                             \
  POINTER_RESULT(lgamma_r, AS, N, I(N), I(N), KEEP, KEEP)                                          \
  OVL H(N) remquo(H(N) x, H(N) y, AS I(N) *quotient) {                                             \
    I(N) q;                                                                                        \
    H(N) r = TO_H(N, remquo(TO_F(N, x), TO_F(N, y), &q));                                          \
    *quotient = q;                                                                                 \
    return r;                                                                                      \
  }
#define POINTER_RESULTS_ALL(AS) HALF_WIDTHS(POINTER_RESULTS, AS)
POINTER_RESULTS_ALL(global)
POINTER_RESULTS_ALL(local)
POINTER_RESULTS_ALL(private)
POINTER_RESULTS_ALL(generic)

// Geometric: half, half2, half3 and half4 (cross: half3 and half4).
#define DECLARE_GEOMETRIC(NAME, N)                                                                 \
  OVL float dot(F(N), F(N)); OVL float distance(F(N), F(N)); OVL float length(F(N));               \
  OVL F(N) normalize(F(N));
DECLARE_GEOMETRIC(, ) DECLARE_GEOMETRIC(, 2) DECLARE_GEOMETRIC(, 3) DECLARE_GEOMETRIC(, 4)
OVL float3 cross(float3, float3);
OVL float4 cross(float4, float4);
#define GEOMETRIC(NAME, N)                                                                         \
  OVL half dot(H(N) a, H(N) b) { return (half)dot(TO_F(N, a), TO_F(N, b)); }                       \
  OVL half distance(H(N) a, H(N) b) { return (half)distance(TO_F(N, a), TO_F(N, b)); }             \
  OVL half length(H(N) p) { return (half)length(TO_F(N, p)); }                                     \
  OVL H(N) normalize(H(N) p) { return TO_H(N, normalize(TO_F(N, p))); }
GEOMETRIC(, ) GEOMETRIC(, 2) GEOMETRIC(, 3) GEOMETRIC(, 4)
OVL half3 cross(half3 a, half3 b) { return toHalf(cross(toFloat(a), toFloat(b))); }
OVL half4 cross(half4 a, half4 b) { return toHalf(cross(toFloat(a), toFloat(b))); }

// Relational: an int for scalars, short components (-1 for true) for vectors. Every half is a
// float, so float's tests answer, but isnormal: a half subnormal is a normal float.
#define SCALAR_RESULT(r) (r)
#define DECLARE_TESTS(NAME, N)                                                                     \
  OVL I(N) isequal(F(N), F(N)); OVL I(N) isnotequal(F(N), F(N)); OVL I(N) isgreater(F(N), F(N));   \
  OVL I(N) isgreaterequal(F(N), F(N)); OVL I(N) isless(F(N), F(N));                                \
  OVL I(N) islessequal(F(N), F(N)); OVL I(N) islessgreater(F(N), F(N));                            \
  OVL I(N) isordered(F(N), F(N)); OVL I(N) isunordered(F(N), F(N)); OVL I(N) isfinite(F(N));       \
  OVL I(N) isinf(F(N)); OVL I(N) isnan(F(N)); OVL I(N) signbit(F(N));
HALF_WIDTHS(DECLARE_TESTS, )
#define TESTS(N, RESULT, SHORT)                                                                    \
  OVL SHORT isequal(H(N) x, H(N) y) { return RESULT(isequal(TO_F(N, x), TO_F(N, y))); }            \
  OVL SHORT isnotequal(H(N) x, H(N) y) { return RESULT(isnotequal(TO_F(N, x), TO_F(N, y))); }      \
  OVL SHORT isgreater(H(N) x, H(N) y) { return RESULT(isgreater(TO_F(N, x), TO_F(N, y))); }        \
  OVL SHORT isgreaterequal(H(N) x, H(N) y) {                                                       \
    return RESULT(isgreaterequal(TO_F(N, x), TO_F(N, y)));                                         \
  }                                                                                                \
  OVL SHORT isless(H(N) x, H(N) y) { return RESULT(isless(TO_F(N, x), TO_F(N, y))); }              \
  OVL SHORT islessequal(H(N) x, H(N) y) { return RESULT(islessequal(TO_F(N, x), TO_F(N, y))); }    \
  OVL SHORT islessgreater(H(N) x, H(N) y) {                                                        \
    return RESULT(islessgreater(TO_F(N, x), TO_F(N, y)));                                          \
  }                                                                                                \
  OVL SHORT isordered(H(N) x, H(N) y) { return RESULT(isordered(TO_F(N, x), TO_F(N, y))); }        \
  OVL SHORT isunordered(H(N) x, H(N) y) { return RESULT(isunordered(TO_F(N, x), TO_F(N, y))); }    \
  OVL SHORT isfinite(H(N) x) { return RESULT(isfinite(TO_F(N, x))); }                              \
  OVL SHORT isinf(H(N) x) { return RESULT(isinf(TO_F(N, x))); }                                    \
  OVL SHORT isnan(H(N) x) { return RESULT(isnan(TO_F(N, x))); }                                    \
  OVL SHORT signbit(H(N) x) { return RESULT(signbit(TO_F(N, x))); }                                \
  OVL SHORT isnormal(H(N) x) {                                                                     \
    F(N) f = fabs(TO_F(N, x));                                                                     \
    return RESULT(isgreaterequal(f, (F(N))0x1p-14f) & isless(f, (F(N))INFINITY));                  \
  }
#define VECTOR_TESTS(NAME, N) TESTS(N, toShort, short##N)
TESTS(, SCALAR_RESULT, int)
VECTOR_WIDTHS(VECTOR_TESTS, )
