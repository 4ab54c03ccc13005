/* bench-builtins: the built-in library's throughput on the first platform the loader offers
   (issue 6's benchmarks), each over 16 Mi elements, as millions of elements per second:
   - math_float, math_float8: sin, cos, exp, log and sqrt of each float, scalar and in float8
   - math_double, math_double4: the same on doubles, scalar and in double4 (when the device
     reports cl_khr_fp64)
   - math_mixed: math_float's sum on floats read as doubles (its loops vectorize at half the width)
   - pow_double, pow_double4: pow(x, y) of doubles, x in (0.5, 100.5) and y in (-1, 2)
   - integer: mul_hi, rotate, clz, popcount, add_sat and mad24 on each int
   - convert: float -> int (saturating, to nearest even) and int -> float (toward zero), uchar sat
   - histogram: 256 bins of bytes with global atomic_inc, all work-groups contending
   - histogram_items: the same with 16 bytes a work-item (a loop of its own, strided by the group
     size as GPU codes read), each with global atomic_inc
   - histogram_grid: the same as a grid-stride loop (`for (uint i = get_global_id(0); i < n;
     i += get_global_size(0))`, the loop CUDA ports use), 64 bytes a work-item
   - histogram_grid_words: the same over 32-bit words, each counted byte by byte (`in[i] & 255`,
     `(in[i] >> 8) & 255`...), 16 words a work-item
   - histogram_chunk: the same with each work-group counting its chunk in a loop over local ids
     (`for (uint i = get_local_id(0); i < per_group; i += get_local_size(0))`)
   - histogram_chunk_uint: the same with the chunk's offset a `uint` (`in[base + i]` summed in 32
     bits, as CUDA ports write it)
   - histogram_local: the same bins counted per work-group in local memory (64 bytes a work-item),
     then added to the global ones: the usual way, whose local atomics need no lock in Weft
   - histogram_channels: an RGBA image's red, green and blue histograms, three arrays of 256
     global counters (a `uchar4` pixel a work-item, three atomic_inc), per pixel
   - atomic_sum: every byte added to one global counter with atomic_add (Weft combines a row of
     work-items' additions into one)
   - compact: the indices of the bytes above 127 (about half, in no pattern) written out in the
     order a global counter hands out slots with atomic_inc (stream compaction; Weft takes a row
     of work-items' slots with one operation)
   - black_scholes: European call and put prices of 4 Mi options (the SDKs' classic kernel: log,
     exp and sqrt of scalar floats, the normal distribution by a polynomial in exp), per option
   - vload_half4, vstore_half4, vstore_half4_rtz, vload8: half <-> float conversions of a vector
     a work-item (issue 41), and 8 floats loaded from a float array, as GB/s of the half and
     float data read and written
   - host_vload_half4, host_vstore_half4, host_vload8: the same three data movements by the
     host's own code, one thread per CPU (F16C's conversions where the CPU has them, 8 elements an
     instruction; vload8's multiply in AVX vectors): what the machine's memory gives them, measured
     in the same process (the same figure in the Weft and the PoCL runs)
   Each result is spot-checked against the host (the histogram exactly); a wrong result exits 1.
   Prints "name value unit"; bench/builtins.sh runs it for Weft and PoCL side by side. */
#include "bench.h"

#include <immintrin.h>
#include <math.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static const char *Source =
    "kernel void math_float(global const float *in, global float *out) {\n"
    "  size_t i = get_global_id(0); float x = in[i];\n"
    "  out[i] = sin(x) + cos(x) + exp(x * 0.01f) + log(x + 1.0f) + sqrt(x); }\n"
    "kernel void math_float8(global const float8 *in, global float8 *out) {\n"
    "  size_t i = get_global_id(0); float8 x = in[i];\n"
    "  out[i] = sin(x) + cos(x) + exp(x * 0.01f) + log(x + 1.0f) + sqrt(x); }\n"
    "kernel void integer(global const int *in, global int *out) {\n"
    "  size_t i = get_global_id(0); int a = in[i], b = a * 7919 + 13;\n"
    "  out[i] = mul_hi(a, b) + rotate(a, 7) + (int)clz(a) + (int)popcount(b) + add_sat(a, b) +\n"
    "           mad24(a & 0xffff, b & 0xffff, a); }\n"
    "kernel void convert(global const float *in, global int *out, global float *outf,\n"
    "                    global uchar *outc) {\n"
    "  size_t i = get_global_id(0); float x = in[i] * 1000.0f;\n"
    "  int n = convert_int_sat_rte(x); out[i] = n;\n"
    "  outf[i] = convert_float_rtz(n * 1001 + 7); outc[i] = convert_uchar_sat(n); }\n"
    "kernel void histogram(global const uchar *in, global uint *bins) {\n"
    "  atomic_inc(&bins[in[get_global_id(0)]]); }\n"
    "kernel void histogram_items(global const uchar *in, global uint *bins) {\n"
    "  size_t L = get_local_size(0), base = get_group_id(0) * L * 16 + get_local_id(0);\n"
    "  for (int k = 0; k < 16; ++k) atomic_inc(&bins[in[base + k * L]]); }\n"
    "kernel void histogram_grid(global const uchar *in, global uint *bins, uint n) {\n"
    "  for (uint i = get_global_id(0); i < n; i += get_global_size(0)) atomic_inc(&bins[in[i]]); "
    "}\n"
    "kernel void histogram_grid_words(global const uint *in, global uint *bins, uint n) {\n"
    "  for (uint i = get_global_id(0); i < n; i += get_global_size(0))\n"
    "    for (int b = 0; b < 32; b += 8) atomic_inc(&bins[(in[i] >> b) & 255]); }\n"
    "kernel void histogram_chunk(global const uchar *in, global uint *bins, uint per) {\n"
    "  size_t base = get_group_id(0) * per;\n"
    "  for (uint i = get_local_id(0); i < per; i += get_local_size(0))\n"
    "    atomic_inc(&bins[in[base + i]]); }\n"
    "kernel void histogram_chunk_uint(global const uchar *in, global uint *bins, uint per) {\n"
    "  uint base = get_group_id(0) * per;\n"
    "  for (uint i = get_local_id(0); i < per; i += get_local_size(0))\n"
    "    atomic_inc(&bins[in[base + i]]); }\n"
    "kernel void histogram_local(global const uchar *in, global uint *bins) {\n"
    "  local uint h[256]; size_t lid = get_local_id(0), L = get_local_size(0);\n"
    "  for (size_t b = lid; b < 256; b += L) h[b] = 0;\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  size_t base = get_group_id(0) * L * 64 + lid;\n"
    "  for (int k = 0; k < 64; ++k) atomic_inc(&h[in[base + k * L]]);\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  for (size_t b = lid; b < 256; b += L) atomic_add(&bins[b], h[b]); }\n"
    "kernel void histogram_channels(global const uchar4 *in, global uint *r, global uint *g,\n"
    "                                global uint *b) {\n"
    "  uchar4 p = in[get_global_id(0)];\n"
    "  atomic_inc(&r[p.x]); atomic_inc(&g[p.y]); atomic_inc(&b[p.z]); }\n"
    "kernel void atomic_sum(global const uchar *in, global uint *sum) {\n"
    "  atomic_add(sum, in[get_global_id(0)]); }\n"
    "kernel void compact(global const uchar *in, global uint *out, global uint *n, uint mask) {\n"
    "  uint i = get_global_id(0);\n"
    "  if (in[i] > 127) out[atomic_inc(n) & mask] = i; }\n"
    "float cnd(float d) {\n"
    "  float k = 1.0f / (1.0f + 0.2316419f * fabs(d));\n"
    "  float c = 0.39894228f * exp(-0.5f * d * d) * (k * (0.31938153f + k * (-0.356563782f +\n"
    "            k * (1.781477937f + k * (-1.821255978f + k * 1.330274429f)))));\n"
    "  return d > 0 ? 1.0f - c : c; }\n"
    "kernel void black_scholes(global const float *s, global const float *x, global const float "
    "*t,\n"
    "                          global float *call, global float *put, float r, float v) {\n"
    "  size_t i = get_global_id(0); float S = s[i], X = x[i], T = t[i], sqrtT = sqrt(T);\n"
    "  float d1 = (log(S / X) + (r + 0.5f * v * v) * T) / (v * sqrtT), d2 = d1 - v * sqrtT;\n"
    "  float e = exp(-r * T);\n"
    "  call[i] = S * cnd(d1) - X * e * cnd(d2);\n"
    "  put[i] = X * e * (1.0f - cnd(d2)) - S * (1.0f - cnd(d1)); }\n"
    "kernel void vload_half4_k(global const half *in, global float4 *out) {\n"
    "  size_t i = get_global_id(0); out[i] = vload_half4(i, in); }\n"
    "kernel void vstore_half4_k(global const float4 *in, global half *out) {\n"
    "  size_t i = get_global_id(0); vstore_half4(in[i], i, out); }\n"
    "kernel void vstore_half4_rtz_k(global const float4 *in, global half *out) {\n"
    "  size_t i = get_global_id(0); vstore_half4_rtz(in[i], i, out); }\n"
    "kernel void vload8_k(global const float *in, global float8 *out) {\n"
    "  size_t i = get_global_id(0); out[i] = vload8(i, in) * 2.0f; }\n";

static const char *DoubleSource =
    "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
    "kernel void math_double(global const double *in, global double *out) {\n"
    "  size_t i = get_global_id(0); double x = in[i];\n"
    "  out[i] = sin(x) + cos(x) + exp(x * 0.01) + log(x + 1.0) + sqrt(x); }\n"
    "kernel void math_double4(global const double4 *in, global double4 *out) {\n"
    "  size_t i = get_global_id(0); double4 x = in[i];\n"
    "  out[i] = sin(x) + cos(x) + exp(x * 0.01) + log(x + 1.0) + sqrt(x); }\n"
    "kernel void pow_double(global const double *in, global double *out) {\n"
    "  size_t i = get_global_id(0); double x = in[i];\n"
    "  out[i] = pow(x + 0.5, x * 0.03 - 1.0); }\n"
    "kernel void pow_double4(global const double4 *in, global double4 *out) {\n"
    "  size_t i = get_global_id(0); double4 x = in[i];\n"
    "  out[i] = pow(x + 0.5, x * 0.03 - 1.0); }\n"
    "kernel void math_mixed(global const double *in, global float *out) {\n"
    "  size_t i = get_global_id(0); float x = (float)in[i];\n"
    "  out[i] = sin(x) + cos(x) + exp(x * 0.01f) + log(x + 1.0f) + sqrt(x); }\n";

static cl_context C;
static cl_device_id D;
static cl_command_queue Q;

static cl_kernel kernel(const char *Src, const char *Name) {
  cl_int Err;
  cl_program P = clCreateProgramWithSource(C, 1, &Src, NULL, &Err);
  CHECK(Err);
  CHECK(clBuildProgram(P, 1, &D, "", NULL, NULL));
  cl_kernel K = clCreateKernel(P, Name, &Err);
  CHECK(Err);
  clReleaseProgram(P);
  return K;
}

static cl_mem buffer(size_t Bytes, void *Host) {
  cl_int Err;
  cl_mem M = clCreateBuffer(C, CL_MEM_READ_WRITE | (Host ? CL_MEM_COPY_HOST_PTR : 0), Bytes, Host, &Err);
  CHECK(Err);
  return M;
}

/* Runs K over Items work-items (Elements elements) in work-groups of 256 and prints Melem/s. */
static void measure(const char *Name, cl_kernel K, size_t Items, size_t Elements) {
  size_t Local = 256;
  double Ms = timeKernel(Q, K, 1, &Items, &Local, 7);
  printf("%s %.1f Melem/s\n", Name, Elements / (Ms * 1e3));
}

static void fail(const char *What, size_t I, double Got, double Want) {
  fprintf(stderr, "%s: element %zu is %.9g, expected %.9g\n", What, I, Got, Want);
  exit(1);
}

/* Exits unless Y holds sin + cos + exp(x / 100) + log(x + 1) + sqrt(x) of X, spot-checked. */
static void checkMathSum(const char *Name, const float *X, const float *Y, size_t N) {
  for (size_t I = 0; I < N; I += 4099) {
    double V = X[I], Want = sin(V) + cos(V) + exp(V * 0.01) + log(V + 1) + sqrt(V);
    if (fabs(Y[I] - Want) > 1e-4 * (1 + fabs(Want)))
      fail(Name, I, Y[I], Want);
  }
}

/* The host's own half and float movements (host_* lines), HostBlock elements a unit for
   hostMedianMs (bench.h). */
enum { HostBlock = 4096 };
static const unsigned short *HostH;
static unsigned short *HostHout;
static const float *HostF;
static float *HostFout;

__attribute__((target("avx2,f16c"))) static void hostLoadHalf(size_t U) {
  for (size_t I = U * HostBlock; I < (U + 1) * HostBlock; I += 8)
    _mm256_storeu_ps(HostFout + I, _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(HostH + I))));
}
__attribute__((target("avx2,f16c"))) static void hostStoreHalf(size_t U) {
  for (size_t I = U * HostBlock; I < (U + 1) * HostBlock; I += 8)
    _mm_storeu_si128((__m128i *)(HostHout + I),
                     _mm256_cvtps_ph(_mm256_loadu_ps(HostF + I), _MM_FROUND_TO_NEAREST_INT));
}
__attribute__((target("avx2"))) static void hostLoad8(size_t U) {
  for (size_t I = U * HostBlock; I < (U + 1) * HostBlock; I += 8)
    _mm256_storeu_ps(HostFout + I, _mm256_mul_ps(_mm256_loadu_ps(HostF + I), _mm256_set1_ps(2.0f)));
}

/* Bytes in 2 MiB pages where the kernel grants them (as Weft's buffers are): the host's loops
   should not pay TLB misses the kernels do not. */
static void *hostBuffer(size_t Bytes) {
  const size_t Huge = 2u << 20, Rounded = (Bytes + Huge - 1) / Huge * Huge;
  void *P = aligned_alloc(Huge, Rounded);
  if (!P) {
    fprintf(stderr, "out of memory\n");
    exit(1);
  }
  madvise(P, Rounded, MADV_HUGEPAGE);
  memset(P, 0, Rounded);
  return P;
}
int main(void) {
  cl_platform_id Pl;
  cl_int Err;
  CHECK(clGetPlatformIDs(1, &Pl, NULL));
  CHECK(clGetDeviceIDs(Pl, CL_DEVICE_TYPE_ALL, 1, &D, NULL));
  C = clCreateContext(NULL, 1, &D, NULL, NULL, &Err);
  CHECK(Err);
  Q = clCreateCommandQueueWithProperties(C, D, NULL, &Err);
  CHECK(Err);
  const size_t N = 16u << 20;

  float *X = malloc(N * 4), *Y = malloc(N * 4);
  for (size_t I = 0; I < N; ++I)
    X[I] = (float)(I % 10007) * 0.01f;
  cl_mem In = buffer(N * 4, X), Out = buffer(N * 4, NULL);
  cl_kernel Math = kernel(Source, "math_float"), Math8 = kernel(Source, "math_float8");
  for (int W = 0; W < 2; ++W) {
    cl_kernel K = W ? Math8 : Math;
    CHECK(clSetKernelArg(K, 0, sizeof In, &In));
    CHECK(clSetKernelArg(K, 1, sizeof Out, &Out));
    measure(W ? "math_float8" : "math_float", K, W ? N / 8 : N, N);
    CHECK(clEnqueueReadBuffer(Q, Out, CL_TRUE, 0, N * 4, Y, 0, NULL, NULL));
    checkMathSum(W ? "math_float8" : "math_float", X, Y, N);
  }

  char Extensions[4096] = "";
  clGetDeviceInfo(D, CL_DEVICE_EXTENSIONS, sizeof Extensions, Extensions, NULL);
  if (strstr(Extensions, "cl_khr_fp64")) {
    double *Xd = malloc(N * 8), *Yd = malloc(N * 8);
    for (size_t I = 0; I < N; ++I)
      Xd[I] = X[I];
    cl_mem Ind = buffer(N * 8, Xd), Outd = buffer(N * 8, NULL);
    const char *Names[] = {"math_double", "math_double4", "pow_double", "pow_double4"};
    for (int W = 0; W < 4; ++W) {
      const char *Name = Names[W];
      cl_kernel K = kernel(DoubleSource, Name);
      CHECK(clSetKernelArg(K, 0, sizeof Ind, &Ind));
      CHECK(clSetKernelArg(K, 1, sizeof Outd, &Outd));
      measure(Name, K, W % 2 ? N / 4 : N, N);
      CHECK(clEnqueueReadBuffer(Q, Outd, CL_TRUE, 0, N * 8, Yd, 0, NULL, NULL));
      for (size_t I = 0; I < N; I += 4099) {
        double V = Xd[I];
        double Want = W < 2 ? sin(V) + cos(V) + exp(V * 0.01) + log(V + 1) + sqrt(V) : pow(V + 0.5, V * 0.03 - 1.0);
        if (fabs(Yd[I] - Want) > 1e-12 * (1 + fabs(Want)))
          fail(Name, I, Yd[I], Want);
      }
      clReleaseKernel(K);
    }
    cl_kernel K = kernel(DoubleSource, "math_mixed");
    CHECK(clSetKernelArg(K, 0, sizeof Ind, &Ind));
    CHECK(clSetKernelArg(K, 1, sizeof Out, &Out));
    measure("math_mixed", K, N, N);
    CHECK(clEnqueueReadBuffer(Q, Out, CL_TRUE, 0, N * 4, Y, 0, NULL, NULL));
    checkMathSum("math_mixed", X, Y, N);
    clReleaseKernel(K);
    clReleaseMemObject(Ind);
    clReleaseMemObject(Outd);
    free(Xd);
    free(Yd);
  }

  {
    int *A = malloc(N * 4), *R = malloc(N * 4);
    for (size_t I = 0; I < N; ++I)
      A[I] = (int)(I * 2654435761u);
    cl_mem Ai = buffer(N * 4, A), Ri = buffer(N * 4, NULL);
    cl_kernel K = kernel(Source, "integer");
    CHECK(clSetKernelArg(K, 0, sizeof Ai, &Ai));
    CHECK(clSetKernelArg(K, 1, sizeof Ri, &Ri));
    measure("integer", K, N, N);
    CHECK(clEnqueueReadBuffer(Q, Ri, CL_TRUE, 0, N * 4, R, 0, NULL, NULL));
    for (size_t I = 0; I < N; I += 4099) {
      int a = A[I], b = (int)((unsigned)a * 7919u + 13u);
      long long Sum = (long long)a + b;
      int Sat = Sum > 2147483647LL ? 2147483647 : Sum < -2147483647LL - 1 ? (int)(-2147483647LL - 1) : (int)Sum;
      unsigned Rot = ((unsigned)a << 7) | ((unsigned)a >> 25);
      unsigned Want = (unsigned)(int)(((long long)a * b) >> 32) + Rot + (unsigned)(a ? __builtin_clz((unsigned)a) : 32) +
                      (unsigned)__builtin_popcount((unsigned)b) + (unsigned)Sat +
                      (unsigned)((a & 0xffff) * (b & 0xffff)) + (unsigned)a;
      if ((unsigned)R[I] != Want)
        fail("integer", I, R[I], (int)Want);
    }
    clReleaseMemObject(Ai);
    clReleaseMemObject(Ri);
    free(A);
    free(R);
  }

  {
    cl_mem Oi = buffer(N * 4, NULL), Of = buffer(N * 4, NULL), Oc = buffer(N, NULL);
    cl_kernel K = kernel(Source, "convert");
    CHECK(clSetKernelArg(K, 0, sizeof In, &In));
    CHECK(clSetKernelArg(K, 1, sizeof Oi, &Oi));
    CHECK(clSetKernelArg(K, 2, sizeof Of, &Of));
    CHECK(clSetKernelArg(K, 3, sizeof Oc, &Oc));
    measure("convert", K, N, N);
    int *R = malloc(N * 4);
    CHECK(clEnqueueReadBuffer(Q, Oi, CL_TRUE, 0, N * 4, R, 0, NULL, NULL));
    for (size_t I = 0; I < N; I += 4099)
      if (R[I] != (int)nearbyintf(X[I] * 1000.0f))
        fail("convert", I, R[I], nearbyintf(X[I] * 1000.0f));
    free(R);
    clReleaseMemObject(Oi);
    clReleaseMemObject(Of);
    clReleaseMemObject(Oc);
  }

  {
    unsigned char *Bytes = malloc(N);
    unsigned Want[256] = {0}, Got[256], WantSum = 0;
    for (size_t I = 0; I < N; ++I) {
      Bytes[I] = (unsigned char)((I * 2654435761u) >> 13);
      Want[Bytes[I]] += 8; /* one warm-up and 7 timed runs */
      WantSum += 8u * Bytes[I];
    }
    cl_mem Bi = buffer(N, Bytes), Bins = buffer(sizeof Got, NULL);
    /* The grid's n (in bytes, and in words), and a chunk's size: 64 bytes for each of a group's
       256 work-items. */
    const unsigned Count = (unsigned)N, Words = Count / 4, PerGroup = 64 * 256;
    /* Each kernel, the bytes each work-item counts, and its third argument (none when NULL). */
    const struct {
      const char *Name;
      size_t PerItem;
      const unsigned *Third;
    } Rows[] = {{"histogram", 1, NULL},
                {"histogram_items", 16, NULL},
                {"histogram_grid", 64, &Count},
                {"histogram_grid_words", 64, &Words},
                {"histogram_chunk", 64, &PerGroup},
                {"histogram_chunk_uint", 64, &PerGroup},
                {"histogram_local", 64, NULL}};
    for (size_t H = 0; H < sizeof Rows / sizeof Rows[0]; ++H) {
      unsigned Zero = 0;
      CHECK(clEnqueueFillBuffer(Q, Bins, &Zero, 4, 0, sizeof Got, 0, NULL, NULL));
      cl_kernel K = kernel(Source, Rows[H].Name);
      CHECK(clSetKernelArg(K, 0, sizeof Bi, &Bi));
      CHECK(clSetKernelArg(K, 1, sizeof Bins, &Bins));
      if (Rows[H].Third)
        CHECK(clSetKernelArg(K, 2, sizeof *Rows[H].Third, Rows[H].Third));
      measure(Rows[H].Name, K, N / Rows[H].PerItem, N);
      CHECK(clEnqueueReadBuffer(Q, Bins, CL_TRUE, 0, sizeof Got, Got, 0, NULL, NULL));
      for (size_t I = 0; I < 256; ++I)
        if (Got[I] != Want[I])
          fail(Rows[H].Name, I, Got[I], Want[I]);
    }
    unsigned Zero = 0;
    {
      /* The bytes as N / 4 pixels; each channel's counters, 8 runs' worth expected. */
      unsigned WantChannel[3][256] = {{0}}, GotChannel[256];
      for (size_t I = 0; I < N; I += 4)
        for (int Ch = 0; Ch < 3; ++Ch)
          WantChannel[Ch][Bytes[I + Ch]] += 8;
      cl_mem Channel[3];
      cl_kernel K = kernel(Source, "histogram_channels");
      CHECK(clSetKernelArg(K, 0, sizeof Bi, &Bi));
      for (int Ch = 0; Ch < 3; ++Ch) {
        Channel[Ch] = buffer(sizeof GotChannel, NULL);
        CHECK(clEnqueueFillBuffer(Q, Channel[Ch], &Zero, 4, 0, sizeof GotChannel, 0, NULL, NULL));
        CHECK(clSetKernelArg(K, 1 + Ch, sizeof Channel[Ch], &Channel[Ch]));
      }
      measure("histogram_channels", K, N / 4, N / 4);
      for (int Ch = 0; Ch < 3; ++Ch) {
        CHECK(clEnqueueReadBuffer(Q, Channel[Ch], CL_TRUE, 0, sizeof GotChannel, GotChannel, 0,
                                  NULL, NULL));
        for (size_t I = 0; I < 256; ++I)
          if (GotChannel[I] != WantChannel[Ch][I])
            fail("histogram_channels", I, GotChannel[I], WantChannel[Ch][I]);
        clReleaseMemObject(Channel[Ch]);
      }
      clReleaseKernel(K);
    }
    CHECK(clEnqueueFillBuffer(Q, Bins, &Zero, 4, 0, 4, 0, NULL, NULL));
    cl_kernel K = kernel(Source, "atomic_sum");
    CHECK(clSetKernelArg(K, 0, sizeof Bi, &Bi));
    CHECK(clSetKernelArg(K, 1, sizeof Bins, &Bins));
    measure("atomic_sum", K, N, N);
    CHECK(clEnqueueReadBuffer(Q, Bins, CL_TRUE, 0, 4, Got, 0, NULL, NULL));
    if (Got[0] != WantSum)
      fail("atomic_sum", 0, Got[0], WantSum);
    /* The slots wrap at N (the runs write 8 times about N / 2), so that every one is written. */
    unsigned Selected = 0, Mask = (unsigned)N - 1;
    for (size_t I = 0; I < N; ++I)
      Selected += Bytes[I] > 127;
    cl_mem Out = buffer(N * 4, NULL);
    CHECK(clEnqueueFillBuffer(Q, Bins, &Zero, 4, 0, 4, 0, NULL, NULL));
    K = kernel(Source, "compact");
    CHECK(clSetKernelArg(K, 0, sizeof Bi, &Bi));
    CHECK(clSetKernelArg(K, 1, sizeof Out, &Out));
    CHECK(clSetKernelArg(K, 2, sizeof Bins, &Bins));
    CHECK(clSetKernelArg(K, 3, sizeof Mask, &Mask));
    measure("compact", K, N, N);
    CHECK(clEnqueueReadBuffer(Q, Bins, CL_TRUE, 0, 4, Got, 0, NULL, NULL));
    if (Got[0] != 8 * Selected)
      fail("compact", 0, Got[0], 8.0 * Selected);
    unsigned *Slots = malloc(N * 4);
    CHECK(clEnqueueReadBuffer(Q, Out, CL_TRUE, 0, N * 4, Slots, 0, NULL, NULL));
    for (size_t I = 0; I < N; ++I)
      if (Slots[I] >= N || Bytes[Slots[I]] <= 127)
        fail("compact", I, Slots[I], -1);
    free(Slots);
    clReleaseMemObject(Out);
    free(Bytes);
  }
  free(X);
  free(Y);
  {
    /* 4 Mi options: stock price in [5, 30), strike in [1, 100), years in [0.25, 10). */
    const size_t Options = N / 4;
    float *S = malloc(Options * 4), *Xs = malloc(Options * 4), *T = malloc(Options * 4), *Call = malloc(Options * 4);
    for (size_t I = 0; I < Options; ++I) {
      S[I] = 5.0f + (float)(I % 2503) * 0.01f;
      Xs[I] = 1.0f + (float)(I % 9901) * 0.01f;
      T[I] = 0.25f + (float)(I % 977) * 0.01f;
    }
    cl_mem Sb = buffer(Options * 4, S), Xb = buffer(Options * 4, Xs), Tb = buffer(Options * 4, T);
    cl_mem Cb = buffer(Options * 4, NULL), Pb = buffer(Options * 4, NULL);
    float Rate = 0.02f, Vol = 0.30f;
    cl_kernel K = kernel(Source, "black_scholes");
    cl_mem Args[5] = {Sb, Xb, Tb, Cb, Pb};
    for (cl_uint A = 0; A < 5; ++A)
      CHECK(clSetKernelArg(K, A, sizeof(cl_mem), &Args[A]));
    CHECK(clSetKernelArg(K, 5, sizeof Rate, &Rate));
    CHECK(clSetKernelArg(K, 6, sizeof Vol, &Vol));
    measure("black_scholes", K, Options, Options);
    CHECK(clEnqueueReadBuffer(Q, Cb, CL_TRUE, 0, Options * 4, Call, 0, NULL, NULL));
    for (size_t I = 0; I < Options; I += 4099) {
      /* The same polynomial for the normal distribution, in double. */
      double Sd = S[I], Xd = Xs[I], Td = T[I], D[2], Nd[2];
      D[0] = (log(Sd / Xd) + (Rate + 0.5 * Vol * Vol) * Td) / (Vol * sqrt(Td));
      D[1] = D[0] - Vol * sqrt(Td);
      for (int J = 0; J < 2; ++J) {
        double k = 1.0 / (1.0 + 0.2316419 * fabs(D[J]));
        double c = 0.39894228 * exp(-0.5 * D[J] * D[J]) *
                   (k * (0.31938153 + k * (-0.356563782 + k * (1.781477937 + k * (-1.821255978 + k * 1.330274429)))));
        Nd[J] = D[J] > 0 ? 1.0 - c : c;
      }
      double Want = Sd * Nd[0] - Xd * exp(-Rate * Td) * Nd[1];
      if (fabs(Call[I] - Want) > 1e-4 * (1 + fabs(Want)))
        fail("black_scholes", I, Call[I], Want);
    }
    for (int A = 0; A < 5; ++A)
      clReleaseMemObject(Args[A]);
    free(S);
    free(Xs);
    free(T);
    free(Call);
  }

  {
    /* Halves k / 8 for k in [0, 2048) (exact in both types), as bits and as floats. */
    unsigned short *H = malloc(N * 2), *Hout = malloc(N * 2);
    float *F = malloc(N * 4), *Fout = malloc(N * 4);
    for (size_t I = 0; I < N; ++I) {
      const unsigned K = (unsigned)(I * 7 % 2048);
      F[I] = K / 8.0f;
      /* k / 8 = m * 2^e with m's leading bit at 2^10, or 0. */
      unsigned Bits = 0;
      if (K) {
        int E = 31 - __builtin_clz(K); /* k's leading bit */
        Bits = (unsigned)(E - 3 + 15) << 10 | ((K << (10 - E)) & 0x3ff);
      }
      H[I] = (unsigned short)Bits;
    }
    cl_mem Hb = buffer(N * 2, H), Fb = buffer(N * 4, F), Ho = buffer(N * 2, NULL), Fo = buffer(N * 4, NULL);
    cl_kernel K = kernel(Source, "vload_half4_k");
    CHECK(clSetKernelArg(K, 0, sizeof Hb, &Hb));
    CHECK(clSetKernelArg(K, 1, sizeof Fo, &Fo));
    size_t Local = 256;
    double Ms = timeKernel(Q, K, 1, (size_t[]){N / 4}, &Local, 7);
    printf("vload_half4 %.2f GB/s\n", N * 6.0 / (Ms * 1e6));
    CHECK(clEnqueueReadBuffer(Q, Fo, CL_TRUE, 0, N * 4, Fout, 0, NULL, NULL));
    for (size_t I = 0; I < N; I += 4099)
      if (Fout[I] != F[I])
        fail("vload_half4", I, Fout[I], F[I]);
    const char *Stores[2] = {"vstore_half4_k", "vstore_half4_rtz_k"};
    for (int R = 0; R < 2; ++R) {
      cl_kernel St = kernel(Source, Stores[R]);
      CHECK(clSetKernelArg(St, 0, sizeof Fb, &Fb));
      CHECK(clSetKernelArg(St, 1, sizeof Ho, &Ho));
      Ms = timeKernel(Q, St, 1, (size_t[]){N / 4}, &Local, 7);
      printf("%s %.2f GB/s\n", R ? "vstore_half4_rtz" : "vstore_half4", N * 6.0 / (Ms * 1e6));
      CHECK(clEnqueueReadBuffer(Q, Ho, CL_TRUE, 0, N * 2, Hout, 0, NULL, NULL));
      for (size_t I = 0; I < N; I += 4099)
        if (Hout[I] != H[I])
          fail(Stores[R], I, Hout[I], H[I]);
      clReleaseKernel(St);
    }
    cl_kernel V8 = kernel(Source, "vload8_k");
    CHECK(clSetKernelArg(V8, 0, sizeof Fb, &Fb));
    CHECK(clSetKernelArg(V8, 1, sizeof Fo, &Fo));
    Ms = timeKernel(Q, V8, 1, (size_t[]){N / 8}, &Local, 7);
    printf("vload8 %.2f GB/s\n", N * 8.0 / (Ms * 1e6));
    CHECK(clEnqueueReadBuffer(Q, Fo, CL_TRUE, 0, N * 4, Fout, 0, NULL, NULL));
    for (size_t I = 0; I < N; I += 4099)
      if (Fout[I] != 2.0f * F[I])
        fail("vload8", I, Fout[I], 2.0f * F[I]);
    clReleaseKernel(V8);
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("f16c")) {
      const int Cpus = (int)sysconf(_SC_NPROCESSORS_ONLN);
      unsigned short *Hh = hostBuffer(N * 2), *Hhout = hostBuffer(N * 2);
      float *Hf = hostBuffer(N * 4), *Hfout = hostBuffer(N * 4);
      memcpy(Hh, H, N * 2);
      memcpy(Hf, F, N * 4);
      HostH = Hh, HostHout = Hhout, HostF = Hf, HostFout = Hfout;
      /* after the kernels, a pause: the runtime's threads go idle before the host's start */
      struct timespec Pause = {0, 100 * 1000 * 1000};
      nanosleep(&Pause, NULL);
      printf("host_vload_half4 %.2f GB/s\n",
             N * 6.0 / (hostMedianMs(hostLoadHalf, N / HostBlock, Cpus, 8) * 1e6));
      for (size_t I = 0; I < N; I += 4099)
        if (Hfout[I] != F[I])
          fail("host_vload_half4", I, Hfout[I], F[I]);
      printf("host_vstore_half4 %.2f GB/s\n", N * 6.0 / (hostMedianMs(hostStoreHalf, N / HostBlock, Cpus, 8) * 1e6));
      for (size_t I = 0; I < N; I += 4099)
        if (Hhout[I] != H[I])
          fail("host_vstore_half4", I, Hhout[I], H[I]);
      printf("host_vload8 %.2f GB/s\n", N * 8.0 / (hostMedianMs(hostLoad8, N / HostBlock, Cpus, 8) * 1e6));
      for (size_t I = 0; I < N; I += 4099)
        if (Hfout[I] != 2.0f * F[I])
          fail("host_vload8", I, Hfout[I], 2.0f * F[I]);
      free(Hh);
      free(Hhout);
      free(Hf);
      free(Hfout);
    }
    clReleaseKernel(K);
    clReleaseMemObject(Hb);
    clReleaseMemObject(Fb);
    clReleaseMemObject(Ho);
    clReleaseMemObject(Fo);
    free(H);
    free(Hout);
    free(F);
    free(Fout);
  }
  return 0;
}
