/* What the benchmark programs share: error checks, a clock, medians, timing a kernel. */
#pragma once

#include <CL/cl.h>

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define CHECK(X)                                                                                   \
  do {                                                                                             \
    cl_int E_ = (X);                                                                               \
    if (E_ != CL_SUCCESS) {                                                                        \
      fprintf(stderr, "%s:%d: %s = %d\n", __FILE__, __LINE__, #X, E_);                             \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

static inline double nowMs(void) {
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return T.tv_sec * 1e3 + T.tv_nsec / 1e6;
}

static inline int compareDoubles(const void *A, const void *B) {
  double X = *(const double *)A, Y = *(const double *)B;
  return X < Y ? -1 : X > Y;
}

/* The median of V[0..N) (sorts V). */
static inline double median(double *V, int N) {
  qsort(V, (size_t)N, sizeof *V, compareDoubles);
  return N % 2 ? V[N / 2] : (V[N / 2 - 1] + V[N / 2]) / 2;
}

/* Median milliseconds of Samples runs (at most 32, after one warm-up) of K over the NDRange. */
static inline double timeKernel(cl_command_queue Q, cl_kernel K, cl_uint Dims, const size_t *Global,
                                const size_t *Local, int Samples) {
  double S[32];
  CHECK(clEnqueueNDRangeKernel(Q, K, Dims, NULL, Global, Local, 0, NULL, NULL));
  CHECK(clFinish(Q));
  for (int I = 0; I < Samples; ++I) {
    double T0 = nowMs();
    CHECK(clEnqueueNDRangeKernel(Q, K, Dims, NULL, Global, Local, 0, NULL, NULL));
    CHECK(clFinish(Q));
    S[I] = nowMs() - T0;
  }
  return median(S, Samples);
}
