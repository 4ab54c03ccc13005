// A C host program linked with the ICD loader and nothing else (no libm): kernels that call
// sin and exp must still build and run. Compiled kernels call the C library's sinf/expf, which the
// compiler library resolves from itself, not from the process (whose global scope may lack libm).
// Exits 0 when every result matches a host-side series evaluation.
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <string.h>

enum { N = 256 };

static double seriesSin(double X) { // Taylor series, |X| <= 2: error far below float precision.
  double Term = X, Sum = X;
  for (int K = 1; K < 20; ++K) {
    Term *= -X * X / ((2 * K) * (2 * K + 1));
    Sum += Term;
  }
  return Sum;
}

static double seriesExp(double X) {
  double Term = 1, Sum = 1;
  for (int K = 1; K < 30; ++K) {
    Term *= X / K;
    Sum += Term;
  }
  return Sum;
}

static int fail(const char *What, cl_int Error) {
  fprintf(stderr, "FAILED: %s (%d)\n", What, Error);
  return 1;
}

int main(void) {
  cl_platform_id Platforms[8];
  cl_uint Count = 0;
  cl_int Error = clGetPlatformIDs(8, Platforms, &Count);
  if (Error != CL_SUCCESS || Count == 0)
    return fail("clGetPlatformIDs", Error);
  cl_device_id Device;
  if ((Error = clGetDeviceIDs(Platforms[0], CL_DEVICE_TYPE_ALL, 1, &Device, NULL)) != CL_SUCCESS)
    return fail("clGetDeviceIDs", Error);
  cl_context Context = clCreateContext(NULL, 1, &Device, NULL, NULL, &Error);
  if (!Context)
    return fail("clCreateContext", Error);
  cl_command_queue Queue = clCreateCommandQueueWithProperties(Context, Device, NULL, &Error);
  if (!Queue)
    return fail("clCreateCommandQueueWithProperties", Error);
  const char *Source = "kernel void f(global float *A) {\n"
                       "  size_t I = get_global_id(0);\n"
                       "  A[I] = sin(A[I]) + exp(A[I]);\n"
                       "}\n";
  cl_program Program = clCreateProgramWithSource(Context, 1, &Source, NULL, &Error);
  if ((Error = clBuildProgram(Program, 1, &Device, "", NULL, NULL)) != CL_SUCCESS) {
    char Log[4096] = "";
    clGetProgramBuildInfo(Program, Device, CL_PROGRAM_BUILD_LOG, sizeof Log, Log, NULL);
    fprintf(stderr, "%s\n", Log);
    return fail("clBuildProgram", Error);
  }
  cl_kernel Kernel = clCreateKernel(Program, "f", &Error);
  if (!Kernel)
    return fail("clCreateKernel", Error);
  float Host[N];
  for (int I = 0; I < N; ++I)
    Host[I] = -2.0f + 4.0f * I / N;
  cl_mem Buffer = clCreateBuffer(Context, CL_MEM_COPY_HOST_PTR, sizeof Host, Host, &Error);
  if (!Buffer)
    return fail("clCreateBuffer", Error);
  size_t Global = N;
  if ((Error = clSetKernelArg(Kernel, 0, sizeof Buffer, &Buffer)) != CL_SUCCESS ||
      (Error = clEnqueueNDRangeKernel(Queue, Kernel, 1, NULL, &Global, NULL, 0, NULL, NULL)) ||
      (Error = clEnqueueReadBuffer(Queue, Buffer, CL_TRUE, 0, sizeof Host, Host, 0, NULL, NULL)))
    return fail("running the kernel", Error);
  int Wrong = 0;
  for (int I = 0; I < N; ++I) {
    double X = (double)(-2.0f + 4.0f * I / N), Expected = seriesSin(X) + seriesExp(X);
    double Difference = Host[I] - Expected;
    if (Difference < 0)
      Difference = -Difference;
    if (Difference > 1e-5 * (Expected < 0 ? -Expected : Expected) + 1e-6 && Wrong++ < 5)
      fprintf(stderr, "A[%d] = %.9g, expected %.9g\n", I, Host[I], Expected);
  }
  clReleaseMemObject(Buffer);
  clReleaseKernel(Kernel);
  clReleaseProgram(Program);
  clReleaseCommandQueue(Queue);
  clReleaseContext(Context);
  if (Wrong)
    return fail("results differ from the series", Wrong);
  puts("sin and exp kernels ran in a host program without libm");
  return 0;
}
