/* A reduction and a scan written with sub-group built-ins against the same written with local
   memory and barriers, over 16M floats in work-groups of 256:
   - reduce_local: a tree in local memory, 8 barrier steps; work-item 0 writes the group's sum
   - reduce_subgroup: sub_group_reduce_add, the sub-groups' sums through local memory, one barrier
   - scan_local: Hillis-Steele inclusive scan in local memory (8 steps of two barriers)
   - scan_subgroup: sub_group_scan_inclusive_add, each sub-group's total through local memory, one
     barrier, each work-item adding the totals of the sub-groups before its own
   Each output is checked against the host. Prints "<kernel>_Gelems <value> Gelem/s" (medians of 5
   runs); the sub-group kernels only where the device offers __opencl_c_subgroups (PoCL 3.1 does
   not), then "<op>_subgroup_over_local <ratio> x". Usage: bench-subgroups */
#include "bench.h"

#include <math.h>
#include <string.h>

static const char *LocalSource =
    "kernel void reduce_local(global const float *in, global float *out) {\n"
    "  local float s[256];\n"
    "  uint l = get_local_id(0);\n"
    "  s[l] = in[get_global_id(0)];\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  for (uint h = 128; h > 0; h >>= 1) {\n"
    "    if (l < h) s[l] += s[l + h];\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  }\n"
    "  if (l == 0) out[get_group_id(0)] = s[0];\n"
    "}\n"
    "kernel void scan_local(global const float *in, global float *out) {\n"
    "  local float s[256];\n"
    "  uint l = get_local_id(0);\n"
    "  float v = in[get_global_id(0)];\n"
    "  s[l] = v;\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  for (uint d = 1; d < 256; d <<= 1) {\n"
    "    float t = l >= d ? s[l - d] : 0.0f;\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    v += t;\n"
    "    s[l] = v;\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  }\n"
    "  out[get_global_id(0)] = v;\n"
    "}\n";

static const char *SubGroupSource =
    "kernel void reduce_subgroup(global const float *in, global float *out) {\n"
    "  local float s[256];\n"
    "  float v = sub_group_reduce_add(in[get_global_id(0)]);\n"
    "  if (get_sub_group_local_id() == 0) s[get_sub_group_id()] = v;\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  if (get_local_id(0) == 0) {\n"
    "    float t = 0;\n"
    "    for (uint i = 0; i < get_num_sub_groups(); ++i) t += s[i];\n"
    "    out[get_group_id(0)] = t;\n"
    "  }\n"
    "}\n"
    "kernel void scan_subgroup(global const float *in, global float *out) {\n"
    "  local float s[256];\n"
    "  float v = sub_group_scan_inclusive_add(in[get_global_id(0)]);\n"
    "  if (get_sub_group_local_id() == get_sub_group_size() - 1) s[get_sub_group_id()] = v;\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  for (uint i = 0; i < get_sub_group_id(); ++i) v += s[i];\n"
    "  out[get_global_id(0)] = v;\n"
    "}\n";

enum { Elements = 16 << 20, Local = 256 };

static cl_program build(cl_context Ctx, cl_device_id Device, const char *Source) {
  cl_int E;
  cl_program P = clCreateProgramWithSource(Ctx, 1, &Source, NULL, &E);
  CHECK(E);
  if (clBuildProgram(P, 1, &Device, "-cl-std=CL3.0", NULL, NULL) != CL_SUCCESS) {
    char Log[8192] = "";
    clGetProgramBuildInfo(P, Device, CL_PROGRAM_BUILD_LOG, sizeof Log, Log, NULL);
    fprintf(stderr, "build failed:\n%s\n", Log);
    exit(1);
  }
  return P;
}

/* Runs kernel Name of P over the input, checks its output against the host's, prints its rate
   and returns it (Gelem/s). */
static double run(cl_command_queue Q, cl_program P, const char *Name, cl_mem In, cl_mem Out,
                  const float *Host, float *Result) {
  cl_int E;
  cl_kernel K = clCreateKernel(P, Name, &E);
  CHECK(E);
  CHECK(clSetKernelArg(K, 0, sizeof In, &In));
  CHECK(clSetKernelArg(K, 1, sizeof Out, &Out));
  const size_t Global = Elements, LocalSize = Local;
  const double Ms = timeKernel(Q, K, 1, &Global, &LocalSize, 5);
  const int Scan = strncmp(Name, "scan", 4) == 0;
  const size_t Outputs = Scan ? Elements : Elements / Local;
  CHECK(clEnqueueReadBuffer(Q, Out, CL_TRUE, 0, Outputs * sizeof(float), Result, 0, NULL, NULL));
  for (size_t G = 0; G < Elements / Local; ++G) {
    float Sum = 0;
    for (size_t I = 0; I < Local; ++I) {
      Sum += Host[G * Local + I];
      /* Small integers: every order of additions gives the same sums. */
      if ((Scan && Result[G * Local + I] != Sum) || (!Scan && I == Local - 1 && Result[G] != Sum)) {
        fprintf(stderr, "%s: wrong result in group %zu\n", Name, G);
        exit(1);
      }
    }
  }
  const double Rate = Elements / Ms / 1e6;
  printf("%s_Gelems %.3f Gelem/s\n", Name, Rate);
  clReleaseKernel(K);
  return Rate;
}

int main(void) {
  cl_platform_id Platform;
  cl_device_id Device;
  cl_int E;
  CHECK(clGetPlatformIDs(1, &Platform, NULL));
  CHECK(clGetDeviceIDs(Platform, CL_DEVICE_TYPE_ALL, 1, &Device, NULL));
  cl_context Ctx = clCreateContext(NULL, 1, &Device, NULL, NULL, &E);
  CHECK(E);
  cl_command_queue Q = clCreateCommandQueueWithProperties(Ctx, Device, NULL, &E);
  CHECK(E);
  float *Host = malloc(Elements * sizeof(float)), *Result = malloc(Elements * sizeof(float));
  for (size_t I = 0; I < Elements; ++I)
    Host[I] = (float)(I * 7 % 5);
  cl_mem In = clCreateBuffer(Ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, Elements * sizeof(float), Host, &E);
  CHECK(E);
  cl_mem Out = clCreateBuffer(Ctx, CL_MEM_READ_WRITE, Elements * sizeof(float), NULL, &E);
  CHECK(E);
  cl_program Locals = build(Ctx, Device, LocalSource);
  const double ReduceLocal = run(Q, Locals, "reduce_local", In, Out, Host, Result);
  const double ScanLocal = run(Q, Locals, "scan_local", In, Out, Host, Result);
  size_t Size = 0;
  CHECK(clGetDeviceInfo(Device, CL_DEVICE_OPENCL_C_FEATURES, 0, NULL, &Size));
  cl_name_version *Features = malloc(Size);
  CHECK(clGetDeviceInfo(Device, CL_DEVICE_OPENCL_C_FEATURES, Size, Features, NULL));
  int SubGroups = 0;
  for (size_t I = 0; I < Size / sizeof *Features; ++I)
    SubGroups |= strcmp(Features[I].name, "__opencl_c_subgroups") == 0;
  if (SubGroups) {
    cl_program P = build(Ctx, Device, SubGroupSource);
    printf("reduce_subgroup_over_local %.3f x\n", run(Q, P, "reduce_subgroup", In, Out, Host, Result) / ReduceLocal);
    printf("scan_subgroup_over_local %.3f x\n", run(Q, P, "scan_subgroup", In, Out, Host, Result) / ScanLocal);
    clReleaseProgram(P);
  }
  free(Features);
  clReleaseProgram(Locals);
  clReleaseMemObject(In);
  clReleaseMemObject(Out);
  clReleaseCommandQueue(Q);
  clReleaseContext(Ctx);
  free(Host);
  free(Result);
  return 0;
}
