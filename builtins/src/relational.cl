// Relational built-ins (OpenCL C 3.0 §6.15.6) for float, any/all, bitselect and select for every
// type. Scalars return int 1 or 0; vectors return -1 (all bits set) or 0 per component, in the
// signed integer type of the argument's component size.
#include "defs.h"

#define FLOAT_VECTORS(M) M(float2, int2, 2) M(float3, int3, 3) M(float4, int4, 4) M(float8, int8, 8) M(float16, int16, 16)

// Comparisons: scalar (1/0) from the C operator; vector (-1/0) from OpenCL C's vector operators.
#define COMPARE(NAME, OP)                                                                          \
  OVL int NAME(float x, float y) { return x OP y; }                                                \
  COMPARE_VECTORS(NAME, OP)
#define COMPARE_VECTOR(NAME, OP, F, I, N)                                                          \
  OVL I NAME(F x, F y) { return x OP y; }
#define COMPARE_VECTORS(NAME, OP)                                                                  \
  COMPARE_VECTOR(NAME, OP, float2, int2, 2) COMPARE_VECTOR(NAME, OP, float3, int3, 3)              \
  COMPARE_VECTOR(NAME, OP, float4, int4, 4) COMPARE_VECTOR(NAME, OP, float8, int8, 8)              \
  COMPARE_VECTOR(NAME, OP, float16, int16, 16)
COMPARE(isequal, ==)
COMPARE(isnotequal, !=) // true for NaNs, as the spec requires
COMPARE(isgreater, >)
COMPARE(isgreaterequal, >=)
COMPARE(isless, <)
COMPARE(islessequal, <=)

// The rest, scalar first: each vector form applies the scalar one and maps 1 to -1.
OVL int islessgreater(float x, float y) { return (x < y) | (x > y); }
OVL int isfinite(float x) { return __builtin_isfinite(x); }
OVL int isinf(float x) { return __builtin_isinf(x); }
OVL int isnan(float x) { return __builtin_isnan(x); }
OVL int isnormal(float x) { return __builtin_isnormal(x); }
OVL int isordered(float x, float y) { return !__builtin_isnan(x) & !__builtin_isnan(y); }
OVL int isunordered(float x, float y) { return __builtin_isnan(x) | __builtin_isnan(y); }
OVL int signbit(float x) { return __builtin_signbit(x) != 0; }

#define UNARY_TEST_VECTOR(F, I, N)                                                                 \
  OVL I isfinite(F x) { UNARY_TEST_BODY(isfinite, I, N) }                                          \
  OVL I isinf(F x) { UNARY_TEST_BODY(isinf, I, N) }                                                \
  OVL I isnan(F x) { UNARY_TEST_BODY(isnan, I, N) }                                                \
  OVL I isnormal(F x) { UNARY_TEST_BODY(isnormal, I, N) }                                          \
  OVL I signbit(F x) { UNARY_TEST_BODY(signbit, I, N) }                                            \
  OVL I islessgreater(F x, F y) { BINARY_TEST_BODY(islessgreater, I, N) }                          \
  OVL I isordered(F x, F y) { BINARY_TEST_BODY(isordered, I, N) }                                  \
  OVL I isunordered(F x, F y) { BINARY_TEST_BODY(isunordered, I, N) }
#define UNARY_TEST_BODY(NAME, I, N)                                                                \
  I r;                                                                                             \
  for (int i = 0; i < N; ++i)                                                                      \
    r[i] = -NAME(x[i]);                                                                            \
  return r;
#define BINARY_TEST_BODY(NAME, I, N)                                                               \
  I r;                                                                                             \
  for (int i = 0; i < N; ++i)                                                                      \
    r[i] = -NAME(x[i], y[i]);                                                                      \
  return r;
FLOAT_VECTORS(UNARY_TEST_VECTOR)

// any/all: the most significant bit of the components of a signed integer.
#define ANY_ALL(T)                                                                                 \
  OVL int any(T x) { return x < 0; }                                                               \
  OVL int all(T x) { return x < 0; }                                                               \
  ANY_ALL_VECTOR(T##2, 2) ANY_ALL_VECTOR(T##3, 3) ANY_ALL_VECTOR(T##4, 4) ANY_ALL_VECTOR(T##8, 8) \
  ANY_ALL_VECTOR(T##16, 16)
#define ANY_ALL_VECTOR(V, N)                                                                       \
  OVL int any(V x) {                                                                               \
    int r = 0;                                                                                     \
    for (int i = 0; i < N; ++i)                                                                    \
      r |= x[i] < 0;                                                                               \
    return r;                                                                                      \
  }                                                                                                \
  OVL int all(V x) {                                                                               \
    int r = 1;                                                                                     \
    for (int i = 0; i < N; ++i)                                                                    \
      r &= x[i] < 0;                                                                               \
    return r;                                                                                      \
  }
FOR_SIGNED_INTEGERS(ANY_ALL)

// bitselect(a, b, c): each bit from b where c's is 1, from a where it is 0.
#define BITSELECT(T, U)                                                                            \
  OVL T bitselect(T a, T b, T c) {                                                                 \
    U r = (U)((as_##U(a) & ~as_##U(c)) | (as_##U(b) & as_##U(c)));                                 \
    return as_##T(r);                                                                              \
  }
#define BITSELECT_ALL(T, U)                                                                        \
  BITSELECT(T, U) BITSELECT(T##2, U##2) BITSELECT(T##3, U##3) BITSELECT(T##4, U##4)               \
  BITSELECT(T##8, U##8) BITSELECT(T##16, U##16)
BITSELECT_ALL(char, uchar)
BITSELECT_ALL(uchar, uchar)
BITSELECT_ALL(short, ushort)
BITSELECT_ALL(ushort, ushort)
BITSELECT_ALL(int, uint)
BITSELECT_ALL(uint, uint)
BITSELECT_ALL(long, ulong)
BITSELECT_ALL(ulong, ulong)
BITSELECT_ALL(float, uint)

// select(a, b, c): scalar: c ? b : a; vector: per component, b where c's most significant bit is
// set. c is a signed or unsigned integer of the components' size.
#define SELECT(T, C)                                                                               \
  OVL T select(T a, T b, C c) { return c ? b : a; }
#define SELECT_VECTOR(T, C, N)                                                                     \
  OVL T select(T a, T b, C c) {                                                                    \
    T r;                                                                                           \
    for (int i = 0; i < N; ++i)                                                                    \
      r[i] = (c[i] >> (sizeof(c[i]) * 8 - 1)) ? b[i] : a[i];                                       \
    return r;                                                                                      \
  }
#define SELECT_ALL(T, I, U)                                                                        \
  SELECT(T, I) SELECT(T, U)                                                                        \
  SELECT_VECTOR(T##2, I##2, 2) SELECT_VECTOR(T##3, I##3, 3) SELECT_VECTOR(T##4, I##4, 4)          \
  SELECT_VECTOR(T##8, I##8, 8) SELECT_VECTOR(T##16, I##16, 16)                                    \
  SELECT_VECTOR(T##2, U##2, 2) SELECT_VECTOR(T##3, U##3, 3) SELECT_VECTOR(T##4, U##4, 4)          \
  SELECT_VECTOR(T##8, U##8, 8) SELECT_VECTOR(T##16, U##16, 16)
SELECT_ALL(char, char, uchar)
SELECT_ALL(uchar, char, uchar)
SELECT_ALL(short, short, ushort)
SELECT_ALL(ushort, short, ushort)
SELECT_ALL(int, int, uint)
SELECT_ALL(uint, int, uint)
SELECT_ALL(long, long, ulong)
SELECT_ALL(ulong, long, ulong)
SELECT_ALL(float, int, uint)
