/* bench-checks: faulty kernels for checking tools, run on the first platform the loader offers
   (Weft under WEFT_CHECK=all,races, or any platform under `oclgrind`), with the time each command
   takes:
   - off_by_one: every work-item reads in[i + 1], the last one past the buffer
   - sub_buffer: writes one float past a sub-buffer (whose parent goes on after it)
   - local_overrun: a kernel-scope __local array of 64 floats written at [l + 1] by 64 work-items
   - private_overrun: a private array of 16 ints indexed by data that reaches 19
   - divergent_barrier: a barrier only the work-items with l < 5 reach
   - divergent_copy: an async copy whose source is one float further on in work-item 5
   - local_race: each work-item but the first reads the element of a __local tile the one before
     it wrote, with no barrier between
   - fixed_triad: a correct triad of the same size (what a checked run of correct code costs)
   Arguments: the work-items per kernel (default 1 << 20; groups of 64), optionally the kernels to
   run (a comma list, or "all"; unchecked, a private overrun may overwrite the stack) and the runs
   of each (default 1). Prints "name status ms": the status the last command's event ended with (0:
   complete; an error code: the tool stopped it) and the median wall time of a command, the first
   run included; what a tool reports goes to its own output.
   bench/checks.sh runs it under Weft with WEFT_CHECK=all,races and under Oclgrind. */
/* clCreateCommandQueue: Oclgrind offers OpenCL 1.2. */
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include "bench.h"

#include <string.h>

static const char *Source =
    "kernel void off_by_one(global const float *in, global float *out) {\n"
    "  size_t i = get_global_id(0);\n"
    "  out[i] = in[i + 1] * 2.0f;\n"
    "}\n"
    "kernel void sub_buffer(global float *out, int n) {\n"
    "  int i = get_global_id(0);\n"
    "  if (i <= n) out[i] = 7.0f;\n"
    "}\n"
    "kernel void local_overrun(global const float *in, global float *out) {\n"
    "  local float t[64];\n"
    "  int l = get_local_id(0);\n"
    "  t[l + 1] = in[get_global_id(0)];\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  out[get_global_id(0)] = t[63 - l];\n"
    "}\n"
    "kernel void private_overrun(global const int *in, global int *out) {\n"
    "  int h[16];\n"
    "  for (int k = 0; k < 16; ++k) h[k] = 0;\n"
    "  int g = get_global_id(0);\n"
    "  h[in[g] % 20] += 1;\n"
    "  out[g] = h[3];\n"
    "}\n"
    "kernel void divergent_barrier(global float *out) {\n"
    "  int l = get_local_id(0);\n"
    "  out[get_global_id(0)] = l;\n"
    "  if (l < 5)\n"
    "    barrier(CLK_GLOBAL_MEM_FENCE);\n"
    "  out[get_global_id(0)] += 1.0f;\n"
    "}\n"
    "kernel void divergent_copy(global const float *in, global float *out) {\n"
    "  local float t[64];\n"
    "  int l = get_local_id(0);\n"
    "  event_t e = async_work_group_copy(t, in + get_group_id(0) * 64 + (l == 5), 64, 0);\n"
    "  wait_group_events(1, &e);\n"
    "  out[get_global_id(0)] = t[63 - l];\n"
    "}\n"
    "kernel void local_race(global const float *in, global float *out) {\n"
    "  local float t[64];\n"
    "  int l = get_local_id(0);\n"
    "  t[l] = in[get_global_id(0)];\n"
    "  out[get_global_id(0)] = t[l > 0 ? l - 1 : 0];\n"
    "}\n"
    "kernel void fixed_triad(global const float *a, global const float *b, global float *c) {\n"
    "  size_t i = get_global_id(0);\n"
    "  c[i] = a[i] + 2.0f * b[i];\n"
    "}\n";

static cl_context Ctx;
static cl_command_queue Q;

/* Runs K over N work-items in groups of 64, Runs times; prints the last event's status and the
   median wall time. */
static void run(const char *Name, cl_kernel K, size_t N, int Runs) {
  size_t Local = 64;
  double Ms[32];
  cl_int Status = CL_SUCCESS;
  for (int R = 0; R < Runs; ++R) {
    double T0 = nowMs();
    cl_event E = NULL;
    cl_int Err = clEnqueueNDRangeKernel(Q, K, 1, NULL, &N, &Local, 0, NULL, &E);
    Status = Err;
    if (Err == CL_SUCCESS) {
      clWaitForEvents(1, &E);
      clGetEventInfo(E, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof Status, &Status, NULL);
      clReleaseEvent(E);
    }
    clFinish(Q);
    Ms[R] = nowMs() - T0;
  }
  printf("%s %d %.2f ms\n", Name, Status, median(Ms, Runs));
  fflush(stdout);
}

int main(int Argc, char **Argv) {
  size_t N = Argc > 1 ? (size_t)strtoull(Argv[1], NULL, 0) : (size_t)1 << 20;
  N = (N + 63) / 64 * 64;
  int Runs = Argc > 3 ? atoi(Argv[3]) : 1;
  Runs = Runs < 1 ? 1 : Runs > 32 ? 32 : Runs;
  cl_platform_id Platform;
  cl_device_id Device;
  CHECK(clGetPlatformIDs(1, &Platform, NULL));
  CHECK(clGetDeviceIDs(Platform, CL_DEVICE_TYPE_ALL, 1, &Device, NULL));
  cl_int Err;
  Ctx = clCreateContext(NULL, 1, &Device, NULL, NULL, &Err);
  CHECK(Err);
  Q = clCreateCommandQueue(Ctx, Device, 0, &Err);
  CHECK(Err);
  cl_program P = clCreateProgramWithSource(Ctx, 1, &Source, NULL, &Err);
  CHECK(Err);
  CHECK(clBuildProgram(P, 1, &Device, "", NULL, NULL));

  float *Host = malloc(N * sizeof(float));
  int *Ints = malloc(N * sizeof(int));
  for (size_t I = 0; I < N; ++I) {
    Host[I] = (float)I;
    Ints[I] = (int)I;
  }
  cl_mem A = clCreateBuffer(Ctx, CL_MEM_COPY_HOST_PTR, N * sizeof(float), Host, &Err);
  CHECK(Err);
  cl_mem B = clCreateBuffer(Ctx, CL_MEM_COPY_HOST_PTR, N * sizeof(float), Host, &Err);
  CHECK(Err);
  cl_mem C = clCreateBuffer(Ctx, CL_MEM_READ_WRITE, N * sizeof(float), NULL, &Err);
  CHECK(Err);
  cl_mem I32 = clCreateBuffer(Ctx, CL_MEM_COPY_HOST_PTR, N * sizeof(int), Ints, &Err);
  CHECK(Err);
  /* The sub-buffer: the first half of a buffer of N floats. */
  cl_mem Parent = clCreateBuffer(Ctx, CL_MEM_READ_WRITE, N * sizeof(float), NULL, &Err);
  CHECK(Err);
  cl_buffer_region Half = {0, N / 2 * sizeof(float)};
  cl_mem Sub = clCreateSubBuffer(Parent, 0, CL_BUFFER_CREATE_TYPE_REGION, &Half, &Err);
  CHECK(Err);

  const char *Names[] = {"off_by_one",     "sub_buffer", "local_overrun", "private_overrun", "divergent_barrier",
                         "divergent_copy", "local_race", "fixed_triad"};
  for (int K = 0; K < 8; ++K) {
    if (Argc > 2 && strcmp(Argv[2], "all") && !strstr(Argv[2], Names[K]))
      continue;
    cl_kernel Kernel = clCreateKernel(P, Names[K], &Err);
    CHECK(Err);
    size_t Items = N;
    if (!strcmp(Names[K], "off_by_one") || !strcmp(Names[K], "local_overrun") ||
        !strcmp(Names[K], "divergent_copy") || !strcmp(Names[K], "local_race")) {
      CHECK(clSetKernelArg(Kernel, 0, sizeof A, &A));
      CHECK(clSetKernelArg(Kernel, 1, sizeof C, &C));
    } else if (!strcmp(Names[K], "sub_buffer")) {
      cl_int Last = (cl_int)(N / 2);
      CHECK(clSetKernelArg(Kernel, 0, sizeof Sub, &Sub));
      CHECK(clSetKernelArg(Kernel, 1, sizeof Last, &Last));
      Items = N / 2 + 64;
    } else if (!strcmp(Names[K], "private_overrun")) {
      CHECK(clSetKernelArg(Kernel, 0, sizeof I32, &I32));
      CHECK(clSetKernelArg(Kernel, 1, sizeof C, &C));
    } else if (!strcmp(Names[K], "divergent_barrier")) {
      CHECK(clSetKernelArg(Kernel, 0, sizeof C, &C));
    } else {
      CHECK(clSetKernelArg(Kernel, 0, sizeof A, &A));
      CHECK(clSetKernelArg(Kernel, 1, sizeof B, &B));
      CHECK(clSetKernelArg(Kernel, 2, sizeof C, &C));
    }
    run(Names[K], Kernel, Items, Runs);
    clReleaseKernel(Kernel);
  }
  clReleaseMemObject(Sub);
  clReleaseMemObject(Parent);
  clReleaseMemObject(I32);
  clReleaseMemObject(C);
  clReleaseMemObject(B);
  clReleaseMemObject(A);
  clReleaseProgram(P);
  clReleaseCommandQueue(Q);
  clReleaseContext(Ctx);
  free(Ints);
  free(Host);
  return 0;
}
