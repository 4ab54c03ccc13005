// Miscellaneous vector functions (OpenCL C 3.0 §6.15.12): shuffle and shuffle2 for every element
// type, from 2, 4, 8 or 16 components to 2, 4, 8 or 16 (vec_step is Clang's). Only the low bits
// of each mask component that can index the input count.
#include "defs.h"

// T: the element type; M: the unsigned type of its size (the mask's).
#define SHUFFLE(T, M, N, K)                                                                        \
  OVL T##K shuffle(T##N x, M##K mask) {                                                            \
    T##K r;                                                                                        \
    for (int i = 0; i < K; ++i)                                                                    \
      r[i] = x[mask[i] & (N - 1)];                                                                 \
    return r;                                                                                      \
  }                                                                                                \
  OVL T##K shuffle2(T##N x, T##N y, M##K mask) {                                                   \
    T##K r;                                                                                        \
    for (int i = 0; i < K; ++i) {                                                                  \
      uint k = mask[i] & (2 * N - 1);                                                              \
      r[i] = k < N ? x[k] : y[k - N];                                                              \
    }                                                                                              \
    return r;                                                                                      \
  }
#define SHUFFLE_TO(T, M, N) SHUFFLE(T, M, N, 2) SHUFFLE(T, M, N, 4) SHUFFLE(T, M, N, 8) SHUFFLE(T, M, N, 16)
#define SHUFFLES(T, M) SHUFFLE_TO(T, M, 2) SHUFFLE_TO(T, M, 4) SHUFFLE_TO(T, M, 8) SHUFFLE_TO(T, M, 16)
SHUFFLES(char, uchar)
SHUFFLES(uchar, uchar)
SHUFFLES(short, ushort)
SHUFFLES(ushort, ushort)
SHUFFLES(int, uint)
SHUFFLES(uint, uint)
SHUFFLES(long, ulong)
SHUFFLES(ulong, ulong)
SHUFFLES(float, uint)
SHUFFLES(double, ulong)
SHUFFLES(half, ushort)
