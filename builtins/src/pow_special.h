// The special values of pow, pown, rootn and powr (C99's and the spec's), shared by the float
// (math_vector.inc) and double (math_vector_double.inc) vector forms. Each function takes r, the
// magnitude |x|^y computed for a finite, nonzero x and a finite y, and returns the result for
// every argument: the sign for a negative x, and zeros, infinities, NaNs, x = +-1 and y = +-0.
// T is the vector type (with an `infinite` test), Q the integer vector of its comparisons, I the
// int vector of pown's and rootn's n, TO_Q converts an I to a Q, COPYSIGN is T's copysign and
// EVEN_FROM the power of two from which every T is an even integer.
#define POW_SPECIAL_VALUES(T, Q, TO_Q, COPYSIGN, EVEN_FROM)                                        \
  /* 0^y and inf^y: 0 or inf as y is positive or negative (swapped for inf), with x's sign for     \
     an odd integral y. */                                                                         \
  OVL static T zeroOrInfinityPower(T x, Q negativeY, Q odd, T r) {                                 \
    T big = negativeY ? (T)0 : (T)INFINITY, small = negativeY ? (T)INFINITY : (T)0;                \
    r = x == 0 ? (odd ? COPYSIGN(small, x) : small) : r;                                           \
    return infinite(x) ? (odd ? COPYSIGN(big, x) : big) : r;                                       \
  }                                                                                                \
  /* Whether every lane has a finite x > 0 and a finite y, where pow and powr are r itself. */     \
  OVL static bool ordinaryPowers(T x, T y) {                                                       \
    return !__builtin_reduce_or(                                                                   \
        !(x > 0 && x < INFINITY && __builtin_elementwise_abs(y) < INFINITY));                      \
  }                                                                                                \
  OVL static T powSpecialLanes(T x, T y, T r) {                                                    \
    T ay = __builtin_elementwise_abs(y), ax = __builtin_elementwise_abs(x);                        \
    Q integral = __builtin_elementwise_trunc(y) == y;                                              \
    /* Odd: the low bit of |y| (NaN converts as EVEN_FROM). */                                     \
    Q odd = integral &&                                                                            \
            (__builtin_convertvector(__builtin_elementwise_min(ay, (T)EVEN_FROM), Q) & 1) != 0;    \
    r = x < 0 && odd ? -r : r;                                                                     \
    r = x < 0 && !integral && !infinite(y) ? (T)NAN : r;                                           \
    r = zeroOrInfinityPower(x, y < 0, odd, r);                                                     \
    /* Infinite y: 0 or inf as |x| is below or above 1. */                                         \
    r = y == INFINITY ? (ax < 1 ? (T)0 : (T)INFINITY) : r;                                         \
    r = y == -INFINITY ? (ax < 1 ? (T)INFINITY : (T)0) : r;                                        \
    r = x != x || y != y ? x + y : r;                                                              \
    r = ax == 1 && infinite(y) ? (T)1 : r; /* pow(-1, +-inf) = 1 */                                \
    return x == 1 || y == 0 ? (T)1 : r;         /* even for a NaN y (or x) */                      \
  }                                                                                                \
  OVL static T powSpecial(T x, T y, T r) {                                                         \
    return ordinaryPowers(x, y) ? r : powSpecialLanes(x, y, r);                                    \
  }                                                                                                \
  /* pown(x, 0) is 1 for every x. */                                                               \
  OVL static T pownSpecial(T x, I n, T r) {                                                        \
    Q odd = TO_Q((n & 1) != 0);                                                                    \
    r = x < 0 && odd ? -r : r;                                                                     \
    r = zeroOrInfinityPower(x, TO_Q(n < 0), odd, r);                                               \
    r = x != x ? x : r;                                                                            \
    return TO_Q(n == 0) ? (T)1 : r;                                                                \
  }                                                                                                \
  /* rootn of a negative x for an even n, and rootn(x, 0), are NaN. */                             \
  OVL static T rootnSpecial(T x, I n, T r) {                                                       \
    Q odd = TO_Q((n & 1) != 0);                                                                    \
    r = x < 0 && odd ? -r : r;                                                                     \
    r = zeroOrInfinityPower(x, TO_Q(n < 0), odd, r);                                               \
    return (x < 0 && !odd) || TO_Q(n == 0) || x != x ? (T)NAN : r;                                 \
  }                                                                                                \
  /* powr: pow for x >= 0; NaN for x < 0, 0^0, inf^0 and 1^inf; 0^y is 0 or inf as y is positive   \
     or negative. */                                                                               \
  OVL static T powrSpecial(T x, T y, T r) {                                                        \
    if (ordinaryPowers(x, y))                                                                      \
      return r;                                                                                    \
    r = powSpecialLanes(x, y, r);                                                                  \
    r = x == 0 ? (y < 0 ? (T)INFINITY : (T)0) : r;                                                 \
    r = x == 1 ? (T)1 : r;                                                                         \
    return x < 0 || x != x || y != y || (x == 0 && y == 0) || (infinite(x) && y == 0) ||           \
                   (x == 1 && infinite(y))                                                         \
               ? (T)NAN : r;                                                                       \
  }
