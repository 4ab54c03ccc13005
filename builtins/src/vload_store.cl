// Vector data loads and stores (OpenCL C 3.0 §6.15.11): vloadN/vstoreN for every scalar type,
// from and to each address space (constant: loads only; generic too), at element alignment; and the half
// forms, which convert between half in memory and float (or from double): vload_half(N),
// vloada_halfN, vstore_half(N)(_rte|_rtz|_rtp|_rtn), vstorea_halfN(...). The half conversions are
// exact in each rounding mode, with no cl_khr_fp16 needed: all by LLVM's conversions (the host's
// F16C instructions), the directed modes by a correction of the nearest (floatToHalf).
#include "defs.h"

#define VLOAD(T, N, AS)                                                                            \
  OVL T##N vload##N(size_t i, const AS T *p) {                                                     \
    T##N r;                                                                                        \
    p += i * N;                                                                                    \
    for (int k = 0; k < N; ++k)                                                                    \
      r[k] = p[k];                                                                                 \
    return r;                                                                                      \
  }
#define VSTORE(T, N, AS)                                                                           \
  OVL void vstore##N(T##N v, size_t i, AS T *p) {                                                  \
    p += i * N;                                                                                    \
    for (int k = 0; k < N; ++k)                                                                    \
      p[k] = v[k];                                                                                 \
  }
#define VLOAD_VSTORE_WIDTH(T, N)                                                                   \
  VLOAD(T, N, global) VLOAD(T, N, local) VLOAD(T, N, constant) VLOAD(T, N, private)                \
  VLOAD(T, N, generic) VSTORE(T, N, global) VSTORE(T, N, local) VSTORE(T, N, private)              \
  VSTORE(T, N, generic)
#define VLOAD_VSTORE(T)                                                                            \
  VLOAD_VSTORE_WIDTH(T, 2) VLOAD_VSTORE_WIDTH(T, 3) VLOAD_VSTORE_WIDTH(T, 4)                      \
  VLOAD_VSTORE_WIDTH(T, 8) VLOAD_VSTORE_WIDTH(T, 16)
FOR_INTEGERS(VLOAD_VSTORE)
FOR_FLOATS(VLOAD_VSTORE)
VLOAD_VSTORE(half)

// LLVM's conversions (images.ll: fpext and fptrunc, F16C's vcvtph2ps and vcvtps2ph where the
// host has them), which vectorize across a vector's elements and across work-items.
float __weft_half_to_float(ushort bits);
ushort __weft_float_to_half(float value);

// half -> float: LLVM's conversion, exact, but for a signaling NaN, which it quiets; its bits are
// kept as they are (the payload, the quiet bit clear).
static float halfToFloat(ushort h) {
  const uint converted = as_uint(__weft_half_to_float(h));
  const uint kept = (uint)(h & 0x8000) << 16 | 0x7f800000 | (uint)(h & 0x3ff) << 13;
  // Both tests and both values computed (&, not &&; a select, not a branch): with branches
  // between them, the SLP vectorizer could not put a vector's conversions into one.
  const bool signaling = ((h & 0x7e00) == 0x7c00) & ((h & 0x1ff) != 0);
  return as_float(signaling ? kept : converted);
}

// Rounding modes of the conversion to half.
#define RTE 0
#define RTZ 1
#define RTP 2
#define RTN 3

// float -> half in a rounding mode, all by LLVM's conversions (F16C's vcvtps2ph and vcvtph2ps
// where the host has them, whole vectors at a time): to nearest even (keeping a NaN's sign and
// upper payload and setting its quiet bit); a directed mode takes that result, or the half one
// unit next to it where the nearest went past f in the wrong direction. Half bits count in
// magnitude on each side of zero, so one unit is the bits plus or minus one, across binades, to
// and from the subnormals (+0 to 0x0001), from infinity to the largest finite half. f compares
// exactly with the half's value; a NaN compares false and keeps the nearest's bits.
static ushort floatToHalf(float f, int mode) {
  const ushort nearest = __weft_float_to_half(f);
  if (mode == RTE)
    return nearest;
  const float back = __weft_half_to_float(nearest);
  const bool negative = (nearest & 0x8000) != 0;
  // Past f away from zero (RTZ), below it (RTP: step toward +infinity) or above it (RTN). The
  // magnitudes by their bits: LLVM turns fabs of a converted half into a half fabs, which it
  // computes element by element.
  const bool past = mode == RTZ ? __weft_half_to_float(nearest & 0x7fff) > as_float(as_uint(f) & 0x7fffffff)
                    : mode == RTP ? back < f
                                  : back > f;
  // The magnitude one unit up (RTP above zero, RTN below it) or down (the rest).
  const bool up = (mode == RTP && !negative) || (mode == RTN && negative);
  return (ushort)(past ? (up ? nearest + 1 : nearest - 1) : nearest);
}

// A double rounded to float to odd (toward zero, then the last bit set if anything was dropped):
// 29 dropped bits leave enough that rounding the result to half in any mode rounds the double
// itself, with no double rounding (the float still has 13 bits below half's, and its subnormals
// reach far below half's).
static float roundToOddFloat(double d) {
  float f = (float)d;
  if (__builtin_isnan(d) || (double)f == d)
    return f;
  if (__builtin_fabs((double)f) > __builtin_fabs(d)) // rounded away from zero: step back
    f = as_float(as_uint(f) - 1);
  return as_float(as_uint(f) | 1);
}
static ushort doubleToHalf(double d, int mode) { return floatToHalf(roundToOddFloat(d), mode); }

// Scalar and vector half loads: vload_half(N) at element alignment, vloada_halfN at the vector's.
#define VLOAD_HALF(AS)                                                                             \
  OVL float vload_half(size_t i, const AS half *p) { return halfToFloat(((const AS ushort *)p)[i]); } \
  VLOAD_HALF_N(AS, 2) VLOAD_HALF_N(AS, 3) VLOAD_HALF_N(AS, 4) VLOAD_HALF_N(AS, 8) VLOAD_HALF_N(AS, 16)
#define VLOAD_HALF_N(AS, N)                                                                        \
  OVL float##N vload_half##N(size_t i, const AS half *p) {                                         \
    const AS ushort *q = (const AS ushort *)p + i * N;                                             \
    float##N r;                                                                                    \
    for (int k = 0; k < N; ++k)                                                                    \
      r[k] = halfToFloat(q[k]);                                                                    \
    return r;                                                                                      \
  }                                                                                                \
  OVL float##N vloada_half##N(size_t i, const AS half *p) {                                        \
    /* vloada_half3 reads from 4-element slots */                                                  \
    const AS ushort *q = (const AS ushort *)p + i * (N == 3 ? 4 : N);                              \
    float##N r;                                                                                    \
    for (int k = 0; k < N; ++k)                                                                    \
      r[k] = halfToFloat(q[k]);                                                                    \
    return r;                                                                                      \
  }
VLOAD_HALF(global)
VLOAD_HALF(local)
VLOAD_HALF(constant)
VLOAD_HALF(private)
VLOAD_HALF(generic)

// A vector's conversions to half: float to nearest as one conversion of the whole vector (F16C's
// vcvtps2ph on every lane at once, and across work-items where the loop vectorizer takes them;
// the SLP vectorizer left the elements' own scalar), the rest element by element.
#define TO_HALVES(N)                                                                               \
  static ushort##N floatToHalf##N(float##N v, int mode) {                                          \
    if (mode == RTE)                                                                               \
      return as_ushort##N(__builtin_convertvector(v, half##N));                                    \
    ushort##N h;                                                                                   \
    for (int k = 0; k < N; ++k)                                                                    \
      h[k] = floatToHalf(v[k], mode);                                                              \
    return h;                                                                                      \
  }                                                                                                \
  static ushort##N doubleToHalf##N(double##N v, int mode) {                                        \
    ushort##N h;                                                                                   \
    for (int k = 0; k < N; ++k)                                                                    \
      h[k] = doubleToHalf(v[k], mode);                                                             \
    return h;                                                                                      \
  }
TO_HALVES(2)
TO_HALVES(3)
TO_HALVES(4)
TO_HALVES(8)
TO_HALVES(16)

// Half stores of float (floatToHalf) and double (doubleToHalf) values: T is the source type.
#define VSTORE_HALF_MODE(T, CONVERT, AS, SUFFIX, MODE)                                             \
  OVL void vstore_half##SUFFIX(T v, size_t i, AS half *p) { ((AS ushort *)p)[i] = CONVERT(v, MODE); } \
  VSTORE_HALF_N(T, CONVERT, AS, SUFFIX, MODE, 2) VSTORE_HALF_N(T, CONVERT, AS, SUFFIX, MODE, 3)   \
  VSTORE_HALF_N(T, CONVERT, AS, SUFFIX, MODE, 4) VSTORE_HALF_N(T, CONVERT, AS, SUFFIX, MODE, 8)   \
  VSTORE_HALF_N(T, CONVERT, AS, SUFFIX, MODE, 16)
#define VSTORE_HALF_N(T, CONVERT, AS, SUFFIX, MODE, N)                                             \
  OVL void vstore_half##N##SUFFIX(T##N v, size_t i, AS half *p) {                                  \
    AS ushort *q = (AS ushort *)p + i * N;                                                         \
    const ushort##N h = CONVERT##N(v, MODE);                                                       \
    for (int k = 0; k < N; ++k)                                                                    \
      q[k] = h[k];                                                                                 \
  }                                                                                                \
  OVL void vstorea_half##N##SUFFIX(T##N v, size_t i, AS half *p) {                                 \
    AS ushort *q = (AS ushort *)p + i * (N == 3 ? 4 : N);                                          \
    const ushort##N h = CONVERT##N(v, MODE);                                                       \
    for (int k = 0; k < N; ++k)                                                                    \
      q[k] = h[k];                                                                                 \
  }
#define VSTORE_HALF_OF(T, CONVERT, AS)                                                             \
  VSTORE_HALF_MODE(T, CONVERT, AS, , RTE) VSTORE_HALF_MODE(T, CONVERT, AS, _rte, RTE)              \
  VSTORE_HALF_MODE(T, CONVERT, AS, _rtz, RTZ) VSTORE_HALF_MODE(T, CONVERT, AS, _rtp, RTP)          \
  VSTORE_HALF_MODE(T, CONVERT, AS, _rtn, RTN)
#define VSTORE_HALF(AS) VSTORE_HALF_OF(float, floatToHalf, AS) VSTORE_HALF_OF(double, doubleToHalf, AS)
VSTORE_HALF(global)
VSTORE_HALF(local)
VSTORE_HALF(private)
VSTORE_HALF(generic)
