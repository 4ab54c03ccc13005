/* A host program for check_trace.py: a kernel of many work-groups on a profiled queue. Its
   timeline slices then carry the profiling stamps (nanoseconds of the host timer) while the API
   calls and the work-groups carry the timeline's own clock, converted: the check compares them.
   Prints "profiled <start ns> <end ns>" for the kernel, from clGetEventProfilingInfo. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(X)                                                                                   \
  do {                                                                                             \
    cl_int E_ = (X);                                                                               \
    if (E_ != CL_SUCCESS) {                                                                        \
      fprintf(stderr, "%s:%d: %s = %d\n", __FILE__, __LINE__, #X, E_);                             \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

int main(void) {
  cl_platform_id P;
  cl_device_id D;
  cl_int Err;
  CHECK(clGetPlatformIDs(1, &P, NULL));
  CHECK(clGetDeviceIDs(P, CL_DEVICE_TYPE_ALL, 1, &D, NULL));
  cl_context C = clCreateContext(NULL, 1, &D, NULL, NULL, &Err);
  CHECK(Err);
  const cl_queue_properties Props[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
  cl_command_queue Q = clCreateCommandQueueWithProperties(C, D, Props, &Err);
  CHECK(Err);
  const char *Source = "kernel void spin(global float *p) {\n"
                       "  float x = p[get_global_id(0)];\n"
                       "  for (int i = 0; i < 2000; ++i) x = x * 0.999f + 1.0f;\n"
                       "  p[get_global_id(0)] = x;\n"
                       "}\n";
  cl_program Prog = clCreateProgramWithSource(C, 1, &Source, NULL, &Err);
  CHECK(Err);
  CHECK(clBuildProgram(Prog, 1, &D, NULL, NULL, NULL));
  cl_kernel K = clCreateKernel(Prog, "spin", &Err);
  CHECK(Err);
  enum { N = 1 << 16 };
  cl_mem B = clCreateBuffer(C, CL_MEM_READ_WRITE, N * sizeof(float), NULL, &Err);
  CHECK(Err);
  const float Zero = 0;
  CHECK(clEnqueueFillBuffer(Q, B, &Zero, sizeof Zero, 0, N * sizeof(float), 0, NULL, NULL));
  CHECK(clSetKernelArg(K, 0, sizeof B, &B));
  const size_t Global = N, Local = 256;
  cl_event Run;
  CHECK(clEnqueueNDRangeKernel(Q, K, 1, NULL, &Global, &Local, 0, NULL, &Run));
  CHECK(clFinish(Q));
  cl_ulong Start, End;
  CHECK(clGetEventProfilingInfo(Run, CL_PROFILING_COMMAND_START, sizeof Start, &Start, NULL));
  CHECK(clGetEventProfilingInfo(Run, CL_PROFILING_COMMAND_END, sizeof End, &End, NULL));
  printf("profiled %llu %llu\n", (unsigned long long)Start, (unsigned long long)End);
  clReleaseEvent(Run);
  clReleaseMemObject(B);
  clReleaseKernel(K);
  clReleaseProgram(Prog);
  clReleaseCommandQueue(Q);
  clReleaseContext(C);
  return 0;
}
