/* weft-demo: finds the Weft platform through the system's ICD loader, describes its devices, and
   builds and runs a vector-add kernel on each, checking the result. Exits non-zero if Weft is not
   installed as a platform or anything fails. */
#include <CL/cl.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *KernelSource =
    "kernel void vadd(global const float *a, global const float *b, global float *c) {\n"
    "  size_t i = get_global_id(0);\n"
    "  c[i] = a[i] + b[i];\n"
    "}\n";

static double nowMs(void) {
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return T.tv_sec * 1e3 + T.tv_nsec / 1e6;
}

/* Builds vadd, runs it over N elements and checks every result. Returns 0 on success. */
static int runVectorAdd(cl_context Ctx, cl_device_id Device) {
  enum { N = 1 << 20 };
  cl_int Err;
  float *A = malloc(N * sizeof(float)), *B = malloc(N * sizeof(float)), *C = malloc(N * sizeof(float));
  for (int I = 0; I < N; ++I) {
    A[I] = (float)I;
    B[I] = 0.5f * (float)I;
  }
  double T0 = nowMs();
  cl_program P = clCreateProgramWithSource(Ctx, 1, &KernelSource, NULL, &Err);
  if (Err != CL_SUCCESS || clBuildProgram(P, 1, &Device, "", NULL, NULL) != CL_SUCCESS) {
    char Log[4096] = "";
    clGetProgramBuildInfo(P, Device, CL_PROGRAM_BUILD_LOG, sizeof Log, Log, NULL);
    fprintf(stderr, "weft-demo: the kernel does not build:\n%s\n", Log);
    return 1;
  }
  double BuildMs = nowMs() - T0;
  cl_kernel K = clCreateKernel(P, "vadd", &Err);
  cl_mem MA = clCreateBuffer(Ctx, CL_MEM_COPY_HOST_PTR, N * sizeof(float), A, &Err);
  cl_mem MB = clCreateBuffer(Ctx, CL_MEM_COPY_HOST_PTR, N * sizeof(float), B, &Err);
  cl_mem MC = clCreateBuffer(Ctx, CL_MEM_WRITE_ONLY, N * sizeof(float), NULL, &Err);
  clSetKernelArg(K, 0, sizeof MA, &MA);
  clSetKernelArg(K, 1, sizeof MB, &MB);
  clSetKernelArg(K, 2, sizeof MC, &MC);
  cl_command_queue Q = clCreateCommandQueueWithProperties(Ctx, Device, NULL, &Err);
  size_t Global = N;
  T0 = nowMs();
  Err = clEnqueueNDRangeKernel(Q, K, 1, NULL, &Global, NULL, 0, NULL, NULL);
  if (Err == CL_SUCCESS)
    Err = clEnqueueReadBuffer(Q, MC, CL_TRUE, 0, N * sizeof(float), C, 0, NULL, NULL);
  double RunMs = nowMs() - T0;
  int Wrong = 0;
  for (int I = 0; I < N && Err == CL_SUCCESS; ++I)
    Wrong += C[I] != A[I] + B[I];
  if (Err != CL_SUCCESS || Wrong)
    fprintf(stderr, "weft-demo: vadd failed (error %d, %d wrong results)\n", Err, Wrong);
  else
    printf("  vadd on %d floats: correct (build %.1f ms, run + read back %.1f ms)\n", N, BuildMs,
           RunMs);
  clReleaseCommandQueue(Q);
  clReleaseMemObject(MA);
  clReleaseMemObject(MB);
  clReleaseMemObject(MC);
  clReleaseKernel(K);
  clReleaseProgram(P);
  free(A);
  free(B);
  free(C);
  return Err != CL_SUCCESS || Wrong;
}

static const char *platformString(cl_platform_id P, cl_platform_info Query, char *Buf, size_t N) {
  if (clGetPlatformInfo(P, Query, N, Buf, NULL) != CL_SUCCESS)
    snprintf(Buf, N, "?");
  return Buf;
}

int main(void) {
  cl_platform_id Platforms[16];
  cl_uint NumPlatforms = 0;
  cl_int Err = clGetPlatformIDs(16, Platforms, &NumPlatforms);
  if (Err != CL_SUCCESS) {
    fprintf(stderr, "weft-demo: clGetPlatformIDs failed with %d (is an ICD installed?)\n", Err);
    return 1;
  }
  int Found = 0;
  for (cl_uint I = 0; I < NumPlatforms && I < 16; ++I) {
    char Name[256], Version[256];
    platformString(Platforms[I], CL_PLATFORM_NAME, Name, sizeof Name);
    if (strcmp(Name, "Weft") != 0)
      continue;
    Found = 1;
    printf("Platform: %s (%s)\n", Name,
           platformString(Platforms[I], CL_PLATFORM_VERSION, Version, sizeof Version));
    cl_device_id Devices[16];
    cl_uint NumDevices = 0;
    Err = clGetDeviceIDs(Platforms[I], CL_DEVICE_TYPE_ALL, 16, Devices, &NumDevices);
    if (Err != CL_SUCCESS) {
      fprintf(stderr, "weft-demo: clGetDeviceIDs failed with %d\n", Err);
      return 1;
    }
    for (cl_uint D = 0; D < NumDevices && D < 16; ++D) {
      char DevName[256];
      cl_uint Units = 0;
      cl_ulong Mem = 0;
      clGetDeviceInfo(Devices[D], CL_DEVICE_NAME, sizeof DevName, DevName, NULL);
      clGetDeviceInfo(Devices[D], CL_DEVICE_MAX_COMPUTE_UNITS, sizeof Units, &Units, NULL);
      clGetDeviceInfo(Devices[D], CL_DEVICE_GLOBAL_MEM_SIZE, sizeof Mem, &Mem, NULL);
      printf("  Device %u: %s, %u compute units, %llu MiB\n", D, DevName, Units,
             (unsigned long long)(Mem >> 20));
      cl_context Ctx = clCreateContext(NULL, 1, &Devices[D], NULL, NULL, &Err);
      if (!Ctx) {
        fprintf(stderr, "weft-demo: clCreateContext failed with %d\n", Err);
        return 1;
      }
      int Failed = runVectorAdd(Ctx, Devices[D]);
      clReleaseContext(Ctx);
      if (Failed)
        return 1;
    }
  }
  if (!Found) {
    fprintf(stderr, "weft-demo: no Weft platform among %u platform(s)\n", NumPlatforms);
    return 1;
  }
  return 0;
}
