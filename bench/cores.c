/* bench-cores: what the CPU itself gives as more of its cores work, with no OpenCL in the way, to
   tell what limits a compute-bound kernel's scaling from what the runtime loses. The same loop runs
   on 1, 2, 4, ... N threads at once (N: the CPUs of the affinity mask), thread i pinned to the i-th
   CPU of the mask:
   - scalar: 8 independent chains of double multiply-adds (the scalar units);
   - vector: 16 independent chains of float multiply-adds on the widest vectors the CPU has
     (AVX-512, else AVX2 with FMA, else SSE), the shape of a vectorized kernel's inner loop.
   Prints "cores_<loop>_<n> <Gflop/s per thread>" and "cores_<loop>_ratio_<n> <ratio>", the rate per
   thread with n threads over the rate of one thread alone: rate(n) / (n x rate(1)) of a
   compute-bound kernel cannot exceed it (turbo clocks with one core busy, lower all-core clocks,
   lower again for wide vectors). Usage: bench-cores [seconds per measurement (0.5)] */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double Seconds = 0.5;
static atomic_int Ready, Stop;

static double now(void) {
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return T.tv_sec + T.tv_nsec / 1e9;
}

/* Each loop runs blocks of work until Stop, returning the flops done; Seed keeps the compiler from
   folding the chains. */
static double scalarLoop(double Seed) {
  double A[8];
  for (int I = 0; I < 8; ++I)
    A[I] = Seed + I;
  double Flops = 0;
  while (!atomic_load_explicit(&Stop, memory_order_relaxed)) {
    for (int K = 0; K < 4096; ++K)
#pragma GCC unroll 8
      for (int I = 0; I < 8; ++I)
        A[I] = A[I] * 0.999999 + 1e-7;
    Flops += 4096.0 * 8 * 2;
  }
  double S = 0;
  for (int I = 0; I < 8; ++I)
    S += A[I];
  return S != 12345.678 ? Flops : 0;
}

#define VECTOR_LOOP(Name, Bytes, Target)                                                           \
  __attribute__((target(Target))) static double Name(float Seed) {                                 \
    typedef float V __attribute__((vector_size(Bytes)));                                           \
    V A[16];                                                                                       \
    for (int I = 0; I < 16; ++I)                                                                   \
      A[I] = (V){0} + Seed + (float)I;                                                             \
    const V M = (V){0} + 0.999999f, C = (V){0} + 1e-7f;                                            \
    double Flops = 0;                                                                              \
    while (!atomic_load_explicit(&Stop, memory_order_relaxed)) {                                   \
      for (int K = 0; K < 1024; ++K)                                                               \
        _Pragma("GCC unroll 16") for (int I = 0; I < 16; ++I)                                      \
          A[I] = A[I] * M + C;                                                                     \
      Flops += 1024.0 * 16 * 2 * (Bytes / 4);                                                      \
    }                                                                                              \
    float S = 0;                                                                                   \
    for (int I = 0; I < 16; ++I)                                                                   \
      S += A[I][0];                                                                                \
    return S != 12345.678f ? Flops : 0;                                                            \
  }
VECTOR_LOOP(vector512, 64, "avx512f,fma")
VECTOR_LOOP(vector256, 32, "avx2,fma")
VECTOR_LOOP(vector128, 16, "sse2")

static int Vector; /* 0 scalar, else the vector width in bytes */

struct Thread {
  pthread_t Id;
  int Cpu;
  double Flops, Elapsed;
};

static void *run(void *P) {
  struct Thread *T = P;
  cpu_set_t Set;
  CPU_ZERO(&Set);
  CPU_SET(T->Cpu, &Set);
  pthread_setaffinity_np(pthread_self(), sizeof Set, &Set);
  atomic_fetch_add(&Ready, 1);
  double Start = now();
  T->Flops = Vector == 64   ? vector512(1.0f)
             : Vector == 32 ? vector256(1.0f)
             : Vector == 16 ? vector128(1.0f)
                            : scalarLoop(1.0);
  T->Elapsed = now() - Start;
  return NULL;
}

/* Gflop/s per thread with N threads at once. */
static double measure(const int *Cpus, int N) {
  struct Thread T[1024];
  atomic_store(&Ready, 0);
  atomic_store(&Stop, 0);
  for (int I = 0; I < N; ++I) {
    T[I].Cpu = Cpus[I];
    pthread_create(&T[I].Id, NULL, run, &T[I]);
  }
  while (atomic_load(&Ready) < N)
    ;
  struct timespec Wait = {(time_t)Seconds, (long)((Seconds - (time_t)Seconds) * 1e9)};
  nanosleep(&Wait, NULL);
  atomic_store(&Stop, 1);
  double Sum = 0;
  for (int I = 0; I < N; ++I) {
    pthread_join(T[I].Id, NULL);
    Sum += T[I].Flops / T[I].Elapsed;
  }
  return Sum / N / 1e9;
}

int main(int argc, char **argv) {
  if (argc > 1)
    Seconds = atof(argv[1]);
  cpu_set_t Mask;
  int Cpus[1024], NumCpus = 0;
  sched_getaffinity(0, sizeof Mask, &Mask);
  for (int I = 0; I < CPU_SETSIZE && NumCpus < 1024; ++I)
    if (CPU_ISSET(I, &Mask))
      Cpus[NumCpus++] = I;
  __builtin_cpu_init();
  const int Widest = __builtin_cpu_supports("avx512f")                                   ? 64
                     : __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") ? 32
                                                                                        : 16;
  for (int Loop = 0; Loop < 2; ++Loop) {
    Vector = Loop ? Widest : 0;
    const char *Name = Loop ? "vector" : "scalar";
    double One = measure(Cpus, 1);
    printf("cores_%s_1 %.2f Gflop/s\n", Name, One);
    for (int N = 2;; N *= 2) {
      if (N > NumCpus)
        N = NumCpus;
      double Rate = measure(Cpus, N);
      printf("cores_%s_%d %.2f Gflop/s\n", Name, N, Rate);
      printf("cores_%s_ratio_%d %.3f x\n", Name, N, Rate / One);
      if (N == NumCpus)
        break;
    }
  }
  return 0;
}
