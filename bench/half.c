/* Half precision (cl_khr_fp16) against the same kernels in float, on one device (PoCL 3.1 reports
   no cl_khr_fp16, so this is Weft's half against Weft's float):
   - axpby: y = a * x + b * y element-wise, 16M elements (memory-bound: half moves half the bytes)
   - poly: a degree-8 polynomial per element, 4M elements (arithmetic-bound)
   - gemm: C = A * B for n x n matrices, each work-item one element of C, a 16 x 16 tile of A and
     B staged through local memory per step (the shape of a textbook tiled GEMM)
   Prints "<kernel>_<type>_<unit> <value>" lines (GB/s, Gelem/s, GFLOP/s, medians of 5 runs) and
   "<kernel>_half_over_float <ratio> x", the ratio of elements (or FLOPs) per second.
   Usage: bench-half [n (gemm size, 512)] */
#include "bench.h"

#include <string.h>

static const char *Source =
    "#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n"
    "#define KERNELS(T)\\\n"
    "kernel void axpby_##T(global const T *x, global T *y, T a, T b) {\\\n"
    "  size_t i = get_global_id(0); y[i] = a * x[i] + b * y[i]; }\\\n"
    "kernel void poly_##T(global const T *x, global T *y) {\\\n"
    "  size_t i = get_global_id(0); T v = x[i], r = (T)0.125;\\\n"
    "  for (int k = 0; k < 8; ++k) r = r * v + (T)(0.5 - 0.0625 * k);\\\n"
    "  y[i] = r; }\\\n"
    "kernel void gemm_##T(global const T *A, global const T *B, global T *C, int n) {\\\n"
    "  local T a[16][16], b[16][16];\\\n"
    "  int lx = get_local_id(0), ly = get_local_id(1), x = get_global_id(0), y = get_global_id(1);\\\n"
    "  T acc = 0;\\\n"
    "  for (int t = 0; t < n; t += 16) {\\\n"
    "    a[ly][lx] = A[y * n + t + lx]; b[ly][lx] = B[(t + ly) * n + x];\\\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\\\n"
    "    for (int k = 0; k < 16; ++k) acc += a[ly][k] * b[k][lx];\\\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\\\n"
    "  }\\\n"
    "  C[y * n + x] = acc; }\n"
    "KERNELS(half)\n"
    "KERNELS(float)\n";

static cl_context Ctx;
static cl_command_queue Queue;

static cl_mem filled(size_t Bytes) {
  cl_int E;
  cl_mem M = clCreateBuffer(Ctx, CL_MEM_READ_WRITE, Bytes, NULL, &E);
  CHECK(E);
  /* 0x3400 as half is 0.25; as two float halves a small normal float: both finite throughout. */
  const cl_ushort Pattern = 0x3400;
  CHECK(clEnqueueFillBuffer(Queue, M, &Pattern, sizeof Pattern, 0, Bytes, 0, NULL, NULL));
  return M;
}

/* The median milliseconds of kernel Name_<Type> over Global (Local may be NULL). */
static double timed(cl_program P, const char *Name, const char *Type, cl_uint Dims, const size_t *Global,
                    const size_t *Local, cl_mem *Buffers, int NumBuffers, int N) {
  char Full[64];
  snprintf(Full, sizeof Full, "%s_%s", Name, Type);
  cl_int E;
  cl_kernel K = clCreateKernel(P, Full, &E);
  CHECK(E);
  const int Half = strcmp(Type, "half") == 0;
  for (int I = 0; I < NumBuffers; ++I)
    CHECK(clSetKernelArg(K, (cl_uint)I, sizeof(cl_mem), &Buffers[I]));
  if (strcmp(Name, "axpby") == 0) {
    const cl_ushort A = 0x3800, B = 0x3400; /* 0.5, 0.25 */
    const float FA = 0.5f, FB = 0.25f;
    CHECK(clSetKernelArg(K, 2, Half ? 2 : 4, Half ? (const void *)&A : (const void *)&FA));
    CHECK(clSetKernelArg(K, 3, Half ? 2 : 4, Half ? (const void *)&B : (const void *)&FB));
  }
  if (strcmp(Name, "gemm") == 0)
    CHECK(clSetKernelArg(K, 3, sizeof N, &N));
  const double Ms = timeKernel(Queue, K, Dims, Global, Local, 5);
  clReleaseKernel(K);
  return Ms;
}

int main(int Argc, char **Argv) {
  const int N = Argc > 1 ? atoi(Argv[1]) : 512;
  cl_platform_id Platform;
  cl_device_id Device;
  cl_int E;
  CHECK(clGetPlatformIDs(1, &Platform, NULL));
  CHECK(clGetDeviceIDs(Platform, CL_DEVICE_TYPE_ALL, 1, &Device, NULL));
  char Extensions[8192] = "";
  CHECK(clGetDeviceInfo(Device, CL_DEVICE_EXTENSIONS, sizeof Extensions, Extensions, NULL));
  if (!strstr(Extensions, "cl_khr_fp16")) {
    fprintf(stderr, "the device reports no cl_khr_fp16\n");
    return 2;
  }
  Ctx = clCreateContext(NULL, 1, &Device, NULL, NULL, &E);
  CHECK(E);
  Queue = clCreateCommandQueueWithProperties(Ctx, Device, NULL, &E);
  CHECK(E);
  cl_program P = clCreateProgramWithSource(Ctx, 1, &Source, NULL, &E);
  CHECK(E);
  if (clBuildProgram(P, 1, &Device, "", NULL, NULL) != CL_SUCCESS) {
    char Log[8192] = "";
    clGetProgramBuildInfo(P, Device, CL_PROGRAM_BUILD_LOG, sizeof Log, Log, NULL);
    fprintf(stderr, "build failed:\n%s\n", Log);
    return 1;
  }
  const char *Types[2] = {"half", "float"};
  const size_t Sizes[2] = {2, 4};
  double Result[3][2];
  for (int T = 0; T < 2; ++T) {
    const size_t Elements = (size_t)16 << 20, PolyElements = (size_t)4 << 20;
    cl_mem X = filled(Elements * Sizes[T]), Y = filled(Elements * Sizes[T]);
    cl_mem Buffers[3] = {X, Y, NULL};
    double Ms = timed(P, "axpby", Types[T], 1, &Elements, NULL, Buffers, 2, N);
    Result[0][T] = Elements / Ms / 1e6;
    printf("axpby_%s_GBps %.3f GB/s\n", Types[T], 3.0 * Elements * Sizes[T] / Ms / 1e6);
    printf("axpby_%s_Gelems %.3f Gelem/s\n", Types[T], Result[0][T]);
    Ms = timed(P, "poly", Types[T], 1, &PolyElements, NULL, Buffers, 2, N);
    Result[1][T] = PolyElements / Ms / 1e6;
    printf("poly_%s_Gelems %.3f Gelem/s\n", Types[T], Result[1][T]);
    clReleaseMemObject(X);
    clReleaseMemObject(Y);
    const size_t Matrix = (size_t)N * N * Sizes[T];
    cl_mem G[3] = {filled(Matrix), filled(Matrix), filled(Matrix)};
    const size_t Global[2] = {(size_t)N, (size_t)N}, Local[2] = {16, 16};
    Ms = timed(P, "gemm", Types[T], 2, Global, Local, G, 3, N);
    Result[2][T] = 2.0 * N * N * N / Ms / 1e6;
    printf("gemm_%s_GFLOPs %.3f GFLOP/s\n", Types[T], Result[2][T]);
    for (int I = 0; I < 3; ++I)
      clReleaseMemObject(G[I]);
  }
  const char *Names[3] = {"axpby", "poly", "gemm"};
  for (int I = 0; I < 3; ++I)
    printf("%s_half_over_float %.3f x\n", Names[I], Result[I][0] / Result[I][1]);
  clReleaseProgram(P);
  clReleaseCommandQueue(Queue);
  clReleaseContext(Ctx);
  return 0;
}
