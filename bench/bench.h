/* What the benchmark programs share: error checks, a clock, medians, timing a kernel. */
#pragma once

#include <CL/cl.h>

#include <pthread.h>
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

/* The host's own code as a reference beside the kernels (bench-async, bench-builtins): Body(U)
   for each unit U of [0, Units), in contiguous slices on Threads threads (at most 256) started
   once, Runs times (at most 32) between barriers, thread 0 timing each run from the barrier that
   starts it to the one that ends it. Returns the median milliseconds of the runs after the first
   (a warm-up). Link with Threads::Threads. */
typedef void (*HostBody)(size_t Unit);
typedef struct {
  HostBody Body;
  size_t Begin, End;
  int Runs;
  pthread_barrier_t *Barrier;
  double *Ms;
} HostSlice;
static inline void *hostSlice(void *P) {
  HostSlice *S = P;
  for (int R = 0; R < S->Runs; ++R) {
    pthread_barrier_wait(S->Barrier);
    const double T0 = nowMs();
    for (size_t U = S->Begin; U < S->End; ++U)
      S->Body(U);
    pthread_barrier_wait(S->Barrier);
    if (S->Begin == 0)
      S->Ms[R] = nowMs() - T0;
  }
  return NULL;
}
static inline double hostMedianMs(HostBody Body, size_t Units, int Threads, int Runs) {
  pthread_t T[256];
  HostSlice S[256];
  pthread_barrier_t Barrier;
  double Ms[32];
  Threads = Threads < 1 ? 1 : Threads > 256 ? 256 : Threads;
  Runs = Runs < 2 ? 2 : Runs > 32 ? 32 : Runs;
  pthread_barrier_init(&Barrier, NULL, (unsigned)Threads);
  for (int I = 0; I < Threads; ++I) {
    S[I] = (HostSlice){Body, Units * I / Threads, Units * (I + 1) / Threads, Runs, &Barrier, Ms};
    pthread_create(&T[I], NULL, hostSlice, &S[I]);
  }
  for (int I = 0; I < Threads; ++I)
    pthread_join(T[I], NULL);
  pthread_barrier_destroy(&Barrier);
  return median(Ms + 1, Runs - 1);
}
