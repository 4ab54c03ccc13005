/* bench-kernels: kernel-side costs on the first platform the loader offers.
   - first_build_ms: the process's first clBuildProgram of a medium program (six kernels), which
     also loads the compiler; build_ms: the median of five more builds of it
   (bench/kernels.sh runs it with the implementations' disk caches off, and again with them on to
   time a cached build in a fresh process)
   - triad_GBps: c = a + k * b over 3 x 64 MiB (bytes read and written per second)
   - copy_kernel_GBps: b = a over 2 x 64 MiB
   Prints "name value unit"; bench/kernels.sh runs it for Weft and PoCL side by side. */
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

static const char *Source =
    "kernel void triad(global const float *a, global const float *b, global float *c, float k)\n"
    "{ size_t i = get_global_id(0); c[i] = a[i] + k * b[i]; }\n"
    "kernel void copy(global const float4 *a, global float4 *b) { b[get_global_id(0)] = a[get_global_id(0)]; }\n"
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
    "  r[row] = s; }\n";

static double nowMs(void) {
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return T.tv_sec * 1e3 + T.tv_nsec / 1e6;
}

static int cmpDouble(const void *A, const void *B) {
  double X = *(const double *)A, Y = *(const double *)B;
  return X < Y ? -1 : X > Y;
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
  qsort(Builds + 1, 5, sizeof(double), cmpDouble);
  printf("build_ms %.1f ms\n", Builds[3]);

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
    qsort(S, Samples, sizeof(double), cmpDouble);
    printf("%s %.2f GB/s\n", W == 0 ? "triad_GBps" : "copy_kernel_GBps", S[Samples / 2]);
  }
  return 0;
}
