/* bench-kernels: kernel-side costs on the first platform the loader offers.
   - first_build_ms: the process's first clBuildProgram of a medium program (ten kernels), which
     also loads the compiler; build_ms: the median of five more builds of it
   (bench/kernels.sh runs it with the implementations' disk caches off, and again with them on to
   time a cached build in a fresh process)
   - triad_GBps: c = a + k * b over 3 x 64 MiB (bytes read and written per second)
   - copy_kernel_GBps: b = a over 2 x 64 MiB
   - grid_triad_GBps: the triad as a grid-stride loop (`for (i = get_global_id(0); i < n;
     i += get_global_size(0))`) over 4096 work-items in groups of 64, the form CUDA ports use
   - host_triad_GBps: the same triad run by host threads (one per CPU): the machine's memory
     bandwidth, measured in the same process, for comparison with triad_GBps
   - checked_triad_GBps: the triad behind a bounds check (`if (i < n) c[i] = ...`), as CUDA
     ports and generated code write it, with n short of the last work-group's end; a program of
     its own (outside build_ms), checked on both sides of n
   - stencil_GBps: a three-point stencil behind its two-sided bounds check (`if (i > 0 && i < n -
     1)`), over 64 MiB of floats (bytes read once and written per second); in the checked
     triad's program, checked at both ends
   - reduce_GBps: a barrier-heavy local-memory tree reduction (256 work-items per group, eight
     barriers per group) over 64 MiB of floats; checked against the host's sum
   - sgemm_GFLOPs: C = A * B, 1024 x 1024 floats, 16 x 16 tiles in local memory; spot-checked
   - gemm_naive_GFLOPs: the same product as textbooks and first ports write it (each work-item
     its own loop over k, no local memory), in 16 x 16 work-groups; spot-checked
   - nbody_Gips: the all-pairs gravity step of the SDK samples (float4 positions with the mass in
     w, float3 arithmetic, rsqrt), 8192 bodies in groups of 64, in billions of interactions per
     second; a program of its own (outside build_ms), spot-checked against the host in double
   Prints "name value unit"; bench/kernels.sh runs it for Weft and PoCL side by side. */
#include "bench.h"

#include <math.h>
#include <pthread.h>
#include <unistd.h>

static const char *Source =
    "kernel void triad(global const float *a, global const float *b, global float *c, float k)\n"
    "{ size_t i = get_global_id(0); c[i] = a[i] + k * b[i]; }\n"
    "kernel void copy(global const float4 *a, global float4 *b) { b[get_global_id(0)] = a[get_global_id(0)]; }\n"
    "kernel void grid_triad(global const float *a, global const float *b, global float *c, float k,\n"
    "                       uint n) {\n"
    "  for (uint i = get_global_id(0); i < n; i += get_global_size(0)) c[i] = a[i] + k * b[i]; }\n"
    "typedef struct { float x, y, z, w; } P;\n"
    "kernel void nbody_step(global P *p, global const float4 *v, float dt, int n) {\n"
    "  size_t i = get_global_id(0); if (i >= (size_t)n) return;\n"
    "  p[i].x += v[i].x * dt; p[i].y += v[i].y * dt; p[i].z += v[i].z * dt;\n"
    "  for (int k = 0; k < 8; ++k) p[i].w = p[i].w * 0.5f + (float)k * dt; }\n"
    "kernel void stencil(global const float *in, global float *out, int w, int h) {\n"
    "  int x = (int)get_global_id(0), y = (int)get_global_id(1);\n"
    "  if (x < 1 || y < 1 || x >= w - 1 || y >= h - 1) return;\n"
    "  out[y * w + x] = 0.2f * (in[y * w + x] + in[y * w + x - 1] + in[y * w + x + 1] +\n"
    "                          in[(y - 1) * w + x] + in[(y + 1) * w + x]); }\n"
    "kernel void histogram_private(global const uchar *in, global uint *out, int n) {\n"
    "  uint h[16]; for (int i = 0; i < 16; ++i) h[i] = 0;\n"
    "  size_t g = get_global_id(0);\n"
    "  for (int i = 0; i < n; ++i) h[in[g * n + i] & 15]++;\n"
    "  for (int i = 0; i < 16; ++i) out[g * 16 + i] = h[i]; }\n"
    "kernel void matvec(global const float *m, global const float *v, global float *r, int n) {\n"
    "  size_t row = get_global_id(0); float s = 0.0f;\n"
    "  for (int j = 0; j < n; ++j) s += m[row * n + j] * v[j];\n"
    "  r[row] = s; }\n"
    "kernel void reduce(global const float *in, global float *partial, local float *scratch) {\n"
    "  size_t l = get_local_id(0);\n"
    "  scratch[l] = in[get_global_id(0)];\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  for (size_t s = get_local_size(0) / 2; s > 0; s /= 2) {\n"
    "    if (l < s) scratch[l] += scratch[l + s];\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  }\n"
    "  if (l == 0) partial[get_group_id(0)] = scratch[0]; }\n"
    "#define TILE 16\n"
    "kernel void sgemm(global const float *a, global const float *b, global float *c, int n) {\n"
    "  local float ta[TILE][TILE], tb[TILE][TILE];\n"
    "  int lx = get_local_id(0), ly = get_local_id(1);\n"
    "  int col = get_global_id(0), row = get_global_id(1);\n"
    "  float acc = 0.0f;\n"
    "  for (int t = 0; t < n; t += TILE) {\n"
    "    ta[ly][lx] = a[row * n + t + lx];\n"
    "    tb[ly][lx] = b[(t + ly) * n + col];\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    for (int k = 0; k < TILE; ++k) acc += ta[ly][k] * tb[k][lx];\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  }\n"
    "  c[row * n + col] = acc; }\n"
    "kernel void gemm_naive(global const float *a, global const float *b, global float *c, int n) {\n"
    "  int col = get_global_id(0), row = get_global_id(1);\n"
    "  float acc = 0.0f;\n"
    "  for (int k = 0; k < n; ++k) acc += a[row * n + k] * b[k * n + col];\n"
    "  c[row * n + col] = acc; }\n";

/* The SDK samples' N-body force loop: every work-item sums the pull of every body on its own. */
static const char *NbodySource =
    "kernel void nbody_forces(global const float4 *pos, global float4 *acc, int n, float eps2) {\n"
    "  float4 me = pos[get_global_id(0)];\n"
    "  float3 a = (float3)(0.0f);\n"
    "  for (int j = 0; j < n; ++j) {\n"
    "    float4 other = pos[j];\n"
    "    float3 d = other.xyz - me.xyz;\n"
    "    float inv = rsqrt(dot(d, d) + eps2);\n"
    "    a += d * (other.w * inv * inv * inv);\n"
    "  }\n"
    "  acc[get_global_id(0)] = (float4)(a, 0.0f); }\n";

static const char *CheckedSource =
    "kernel void checked_triad(global const float *a, global const float *b, global float *c,\n"
    "                          float k, uint n) {\n"
    "  size_t i = get_global_id(0);\n"
    "  if (i < n) c[i] = a[i] + k * b[i]; }\n"
    "kernel void stencil(global const float *a, global float *c, uint n) {\n"
    "  size_t i = get_global_id(0);\n"
    "  if (i > 0 && i < n - 1) c[i] = (a[i - 1] + a[i] + a[i + 1]) * (1.0f / 3); }\n";

/* The host triad: each thread a contiguous slice. */
typedef struct {
  const float *A, *B;
  float *C;
  size_t Begin, End;
} Slice;

static void *triadSlice(void *P) {
  Slice *S = (Slice *)P;
  for (size_t I = S->Begin; I < S->End; ++I)
    S->C[I] = S->A[I] + 3.0f * S->B[I];
  return NULL;
}

static double hostTriadGBps(size_t N) {
  float *A = malloc(N * 4), *B = malloc(N * 4), *C = malloc(N * 4);
  for (size_t I = 0; I < N; ++I)
    A[I] = B[I] = C[I] = 1.0f;
  int Threads = (int)sysconf(_SC_NPROCESSORS_ONLN);
  if (Threads < 1 || Threads > 256)
    Threads = 1;
  pthread_t T[256];
  Slice S[256];
  enum { Samples = 11 };
  double G[Samples];
  for (int R = -1; R < Samples; ++R) {
    double T0 = nowMs();
    for (int I = 0; I < Threads; ++I) {
      S[I] = (Slice){A, B, C, N * I / Threads, N * (I + 1) / Threads};
      pthread_create(&T[I], NULL, triadSlice, &S[I]);
    }
    for (int I = 0; I < Threads; ++I)
      pthread_join(T[I], NULL);
    if (R >= 0)
      G[R] = 3.0 * N * 4 / ((nowMs() - T0) * 1e6);
  }
  free(A);
  free(B);
  free(C);
  return median(G, Samples);
}

int main(void) {
  cl_platform_id Pl;
  cl_device_id D;
  cl_int Err;
  CHECK(clGetPlatformIDs(1, &Pl, NULL));
  CHECK(clGetDeviceIDs(Pl, CL_DEVICE_TYPE_ALL, 1, &D, NULL));
  cl_context C = clCreateContext(NULL, 1, &D, NULL, NULL, &Err);
  CHECK(Err);

  /* The first build in the process (the compiler library loads), then the median of 5 more. */
  double Builds[6];
  cl_program Prog = NULL;
  for (int I = 0; I < 6; ++I) {
    if (Prog)
      clReleaseProgram(Prog);
    double T0 = nowMs();
    Prog = clCreateProgramWithSource(C, 1, &Source, NULL, &Err);
    CHECK(Err);
    CHECK(clBuildProgram(Prog, 1, &D, "", NULL, NULL));
    Builds[I] = nowMs() - T0;
  }
  printf("first_build_ms %.1f ms\n", Builds[0]);
  printf("build_ms %.1f ms\n", median(Builds + 1, 5));

  const size_t N = 16u << 20; /* floats: 64 MiB per array */
  cl_mem A = clCreateBuffer(C, CL_MEM_READ_WRITE, N * 4, NULL, &Err);
  cl_mem B = clCreateBuffer(C, CL_MEM_READ_WRITE, N * 4, NULL, &Err);
  cl_mem Out = clCreateBuffer(C, CL_MEM_READ_WRITE, N * 4, NULL, &Err);
  CHECK(Err);
  cl_command_queue Q = clCreateCommandQueueWithProperties(C, D, NULL, &Err);
  CHECK(Err);
  float One = 1.0f;
  CHECK(clEnqueueFillBuffer(Q, A, &One, 4, 0, N * 4, 0, NULL, NULL));
  CHECK(clEnqueueFillBuffer(Q, B, &One, 4, 0, N * 4, 0, NULL, NULL));
  CHECK(clEnqueueFillBuffer(Q, Out, &One, 4, 0, N * 4, 0, NULL, NULL));
  CHECK(clFinish(Q));

  cl_kernel Triad = clCreateKernel(Prog, "triad", &Err);
  CHECK(Err);
  float K = 3.0f;
  CHECK(clSetKernelArg(Triad, 0, sizeof A, &A));
  CHECK(clSetKernelArg(Triad, 1, sizeof B, &B));
  CHECK(clSetKernelArg(Triad, 2, sizeof Out, &Out));
  CHECK(clSetKernelArg(Triad, 3, sizeof K, &K));
  cl_kernel Copy = clCreateKernel(Prog, "copy", &Err);
  CHECK(Err);
  CHECK(clSetKernelArg(Copy, 0, sizeof A, &A));
  CHECK(clSetKernelArg(Copy, 1, sizeof Out, &Out));
  enum { Samples = 11 };
  double S[Samples];
  size_t Local = 256;
  for (int W = 0; W < 2; ++W) {
    size_t Global = W == 0 ? N : N / 4;
    cl_kernel Kern = W == 0 ? Triad : Copy;
    double Bytes = W == 0 ? 3.0 * N * 4 : 2.0 * N * 4;
    CHECK(clEnqueueNDRangeKernel(Q, Kern, 1, NULL, &Global, &Local, 0, NULL, NULL)); /* warm */
    CHECK(clFinish(Q));
    for (int I = 0; I < Samples; ++I) {
      double T0 = nowMs();
      CHECK(clEnqueueNDRangeKernel(Q, Kern, 1, NULL, &Global, &Local, 0, NULL, NULL));
      CHECK(clFinish(Q));
      S[I] = Bytes / ((nowMs() - T0) * 1e6);
    }
    printf("%s %.2f GB/s\n", W == 0 ? "triad_GBps" : "copy_kernel_GBps", median(S, Samples));
  }
  printf("host_triad_GBps %.2f GB/s\n", hostTriadGBps(N));

  /* The grid-stride triad: B = 2, so every c[i] must be 1 + 3 * 2 = 7. */
  {
    float Two = 2.0f;
    CHECK(clEnqueueFillBuffer(Q, B, &Two, 4, 0, N * 4, 0, NULL, NULL));
    cl_kernel Grid = clCreateKernel(Prog, "grid_triad", &Err);
    CHECK(Err);
    cl_uint Count = (cl_uint)N;
    CHECK(clSetKernelArg(Grid, 0, sizeof A, &A));
    CHECK(clSetKernelArg(Grid, 1, sizeof B, &B));
    CHECK(clSetKernelArg(Grid, 2, sizeof Out, &Out));
    CHECK(clSetKernelArg(Grid, 3, sizeof K, &K));
    CHECK(clSetKernelArg(Grid, 4, sizeof Count, &Count));
    size_t GridGlobal = 4096, GridLocal = 64;
    double Ms = timeKernel(Q, Grid, 1, &GridGlobal, &GridLocal, 5);
    float *Check = malloc(N * 4);
    CHECK(clEnqueueReadBuffer(Q, Out, CL_TRUE, 0, N * 4, Check, 0, NULL, NULL));
    for (size_t I = 0; I < N; I += 4099)
      if (Check[I] != 7.0f) {
        fprintf(stderr, "grid_triad: c[%zu] = %f, expected 7\n", I, Check[I]);
        return 1;
      }
    free(Check);
    printf("grid_triad_GBps %.2f GB/s\n", 3.0 * N * 4 / (Ms * 1e6));
  }

  /* The bounds-checked triad: A = 1, B = 2, Out = 0, so c[i] = 7 below n and 0 from n on. */
  {
    float Zero = 0.0f;
    CHECK(clEnqueueFillBuffer(Q, Out, &Zero, 4, 0, N * 4, 0, NULL, NULL));
    cl_program CProg = clCreateProgramWithSource(C, 1, &CheckedSource, NULL, &Err);
    CHECK(Err);
    CHECK(clBuildProgram(CProg, 1, &D, "", NULL, NULL));
    cl_kernel Ck = clCreateKernel(CProg, "checked_triad", &Err);
    CHECK(Err);
    cl_uint Count = (cl_uint)(N - 100);
    CHECK(clSetKernelArg(Ck, 0, sizeof A, &A));
    CHECK(clSetKernelArg(Ck, 1, sizeof B, &B));
    CHECK(clSetKernelArg(Ck, 2, sizeof Out, &Out));
    CHECK(clSetKernelArg(Ck, 3, sizeof K, &K));
    CHECK(clSetKernelArg(Ck, 4, sizeof Count, &Count));
    size_t CLocal = 256;
    double Ms = timeKernel(Q, Ck, 1, &N, &CLocal, 11);
    float *Check = malloc(N * 4);
    CHECK(clEnqueueReadBuffer(Q, Out, CL_TRUE, 0, N * 4, Check, 0, NULL, NULL));
    for (size_t I = 0; I < N; I += (I + 200 > N ? 1 : 4099))
      if (Check[I] != (I < Count ? 7.0f : 0.0f)) {
        fprintf(stderr, "checked_triad: c[%zu] = %f, expected %d\n", I, Check[I],
                I < Count ? 7 : 0);
        return 1;
      }
    printf("checked_triad_GBps %.2f GB/s\n", 3.0 * Count * 4 / (Ms * 1e6));
    clReleaseKernel(Ck);

    /* The stencil of A = 1: c[i] = 1 inside, 0 (the fill) at both ends. */
    CHECK(clEnqueueFillBuffer(Q, Out, &Zero, 4, 0, N * 4, 0, NULL, NULL));
    cl_kernel Sk = clCreateKernel(CProg, "stencil", &Err);
    CHECK(Err);
    cl_uint Whole = (cl_uint)N;
    CHECK(clSetKernelArg(Sk, 0, sizeof A, &A));
    CHECK(clSetKernelArg(Sk, 1, sizeof Out, &Out));
    CHECK(clSetKernelArg(Sk, 2, sizeof Whole, &Whole));
    Ms = timeKernel(Q, Sk, 1, &N, &CLocal, 11);
    CHECK(clEnqueueReadBuffer(Q, Out, CL_TRUE, 0, N * 4, Check, 0, NULL, NULL));
    for (size_t I = 0; I < N; I += (I < 300 || I + 300 > N ? 1 : 4099)) {
      const float Want = I == 0 || I == N - 1 ? 0.0f : 1.0f;
      if (fabsf(Check[I] - Want) > 1e-6f) {
        fprintf(stderr, "stencil: c[%zu] = %f, expected %f\n", I, Check[I], Want);
        return 1;
      }
    }
    printf("stencil_GBps %.2f GB/s\n", 2.0 * N * 4 / (Ms * 1e6));
    free(Check);
    clReleaseKernel(Sk);
    clReleaseProgram(CProg);
  }

  /* Reduction: in = i % 7 (exact in float partial sums of 256 values). */
  {
    float *In = malloc(N * 4);
    double Expected = 0;
    for (size_t I = 0; I < N; ++I) {
      In[I] = (float)(I % 7);
      Expected += In[I];
    }
    CHECK(clEnqueueWriteBuffer(Q, A, CL_TRUE, 0, N * 4, In, 0, NULL, NULL));
    const size_t RLocal = 256, Groups = N / RLocal;
    cl_kernel R = clCreateKernel(Prog, "reduce", &Err);
    CHECK(Err);
    CHECK(clSetKernelArg(R, 0, sizeof A, &A));
    CHECK(clSetKernelArg(R, 1, sizeof Out, &Out));
    CHECK(clSetKernelArg(R, 2, RLocal * 4, NULL));
    double Ms = timeKernel(Q, R, 1, &N, &RLocal, 11);
    CHECK(clEnqueueReadBuffer(Q, Out, CL_TRUE, 0, Groups * 4, In, 0, NULL, NULL));
    double Sum = 0;
    for (size_t G = 0; G < Groups; ++G)
      Sum += In[G];
    if (Sum != Expected) {
      fprintf(stderr, "reduce: sum %.0f, expected %.0f\n", Sum, Expected);
      return 1;
    }
    printf("reduce_GBps %.2f GB/s\n", N * 4.0 / (Ms * 1e6));
    free(In);
  }

  /* SGEMM: A = row index + 1 scaled, B = identity plus one: C = A * B checked at a few points. */
  {
    const int M = 1024;
    float *HA = malloc((size_t)M * M * 4), *HB = malloc((size_t)M * M * 4), *HC = malloc((size_t)M * M * 4);
    for (int I = 0; I < M; ++I)
      for (int J = 0; J < M; ++J) {
        HA[I * M + J] = (float)((I + 2 * J) % 5);
        HB[I * M + J] = (float)((3 * I + J) % 4);
      }
    CHECK(clEnqueueWriteBuffer(Q, A, CL_TRUE, 0, (size_t)M * M * 4, HA, 0, NULL, NULL));
    CHECK(clEnqueueWriteBuffer(Q, B, CL_TRUE, 0, (size_t)M * M * 4, HB, 0, NULL, NULL));
    const char *Kernels[] = {"sgemm", "gemm_naive"};
    for (int Which = 0; Which < 2; ++Which) {
      cl_kernel G = clCreateKernel(Prog, Kernels[Which], &Err);
      CHECK(Err);
      CHECK(clSetKernelArg(G, 0, sizeof A, &A));
      CHECK(clSetKernelArg(G, 1, sizeof B, &B));
      CHECK(clSetKernelArg(G, 2, sizeof Out, &Out));
      CHECK(clSetKernelArg(G, 3, sizeof M, &M));
      size_t Global[2] = {M, M}, TileLocal[2] = {16, 16};
      double Ms = timeKernel(Q, G, 2, Global, TileLocal, 5);
      CHECK(clEnqueueReadBuffer(Q, Out, CL_TRUE, 0, (size_t)M * M * 4, HC, 0, NULL, NULL));
      for (int P = 0; P < 64; ++P) {
        int I = (P * 97) % M, J = (P * 389 + 13) % M;
        double Ref = 0;
        for (int K2 = 0; K2 < M; ++K2)
          Ref += (double)HA[I * M + K2] * HB[K2 * M + J];
        if (fabs(HC[I * M + J] - Ref) > 1e-3 * fabs(Ref) + 1e-3) {
          fprintf(stderr, "%s: C[%d][%d] = %f, expected %f\n", Kernels[Which], I, J, HC[I * M + J], Ref);
          return 1;
        }
      }
      printf("%s_GFLOPs %.2f GFLOP/s\n", Kernels[Which], 2.0 * M * M * M / (Ms * 1e6));
      clReleaseKernel(G);
    }
    free(HA);
    free(HB);
    free(HC);
  }

  /* N-body: bodies on a lattice with varied masses; a few accelerations checked in double. */
  {
    const int Bodies = 8192;
    const float Eps2 = 0.01f;
    float *Pos = malloc((size_t)Bodies * 16), *Acc = malloc((size_t)Bodies * 16);
    for (int I = 0; I < Bodies; ++I) {
      Pos[4 * I] = (float)(I % 32) * 0.5f;
      Pos[4 * I + 1] = (float)(I / 32 % 16) * 0.25f;
      Pos[4 * I + 2] = (float)(I / 512) * 0.75f;
      Pos[4 * I + 3] = 1.0f + (float)(I % 7) * 0.125f;
    }
    cl_program NProg = clCreateProgramWithSource(C, 1, &NbodySource, NULL, &Err);
    CHECK(Err);
    CHECK(clBuildProgram(NProg, 1, &D, "", NULL, NULL));
    cl_kernel Nb = clCreateKernel(NProg, "nbody_forces", &Err);
    CHECK(Err);
    CHECK(clEnqueueWriteBuffer(Q, A, CL_TRUE, 0, (size_t)Bodies * 16, Pos, 0, NULL, NULL));
    CHECK(clSetKernelArg(Nb, 0, sizeof A, &A));
    CHECK(clSetKernelArg(Nb, 1, sizeof Out, &Out));
    CHECK(clSetKernelArg(Nb, 2, sizeof Bodies, &Bodies));
    CHECK(clSetKernelArg(Nb, 3, sizeof Eps2, &Eps2));
    size_t NGlobal = Bodies, NLocal = 64;
    double Ms = timeKernel(Q, Nb, 1, &NGlobal, &NLocal, 5);
    CHECK(clEnqueueReadBuffer(Q, Out, CL_TRUE, 0, (size_t)Bodies * 16, Acc, 0, NULL, NULL));
    for (int P = 0; P < 16; ++P) {
      int I = (P * 1237) % Bodies;
      double Ref[3] = {0, 0, 0};
      for (int J = 0; J < Bodies; ++J) {
        double Dx = Pos[4 * J] - Pos[4 * I], Dy = Pos[4 * J + 1] - Pos[4 * I + 1],
               Dz = Pos[4 * J + 2] - Pos[4 * I + 2];
        double Inv = 1.0 / sqrt(Dx * Dx + Dy * Dy + Dz * Dz + Eps2);
        double F = Pos[4 * J + 3] * Inv * Inv * Inv;
        Ref[0] += Dx * F;
        Ref[1] += Dy * F;
        Ref[2] += Dz * F;
      }
      double Norm = sqrt(Ref[0] * Ref[0] + Ref[1] * Ref[1] + Ref[2] * Ref[2]);
      for (int K3 = 0; K3 < 3; ++K3)
        if (fabs(Acc[4 * I + K3] - Ref[K3]) > 1e-3 * Norm + 1e-3) {
          fprintf(stderr, "nbody_forces: acc[%d].%c = %f, expected %f\n", I, "xyz"[K3],
                  Acc[4 * I + K3], Ref[K3]);
          return 1;
        }
    }
    printf("nbody_Gips %.3f Ginteractions/s\n", (double)Bodies * Bodies / (Ms * 1e6));
    clReleaseKernel(Nb);
    clReleaseProgram(NProg);
    free(Pos);
    free(Acc);
  }
  return 0;
}
