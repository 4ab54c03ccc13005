// Relational built-ins (OpenCL C 3.0 §6.15.6): the tests for float and double (relational.inc),
// any/all, bitselect and select for every type. Scalars return int 1 or 0; vectors return -1 (all bits set) or 0 per component, in the
// signed integer type of the argument's component size.
#include "defs.h"

#define TEMPLATE "relational.inc"
#include "for_real_types.h"

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
BITSELECT_ALL(double, ulong)
BITSELECT_ALL(half, ushort)

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
SELECT_ALL(double, long, ulong)
SELECT_ALL(half, short, ushort)
