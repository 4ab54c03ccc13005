/* bench-runtime: host-runtime costs on the first platform the loader offers.
   - latency: a tiny (4-byte) non-blocking write + clFinish, and a tiny blocking read
   - chain: 1,000 commands on an out-of-order queue, each waiting for the previous one's event
   - bandwidth: 64 MiB copy, fill (a 4-byte pattern, and zeros), write and read; 512 MiB zeroed
   - create_kernel: clCreateKernel by name (then clReleaseKernel) in a built program of 256
     kernels, per kernel
   - tiny_kernel_launch: a kernel of 256 work-items (4 groups) enqueued, then clFinish
   - kernel_stream_100: the same kernel enqueued 100 times, then clFinish, per kernel
   Prints "name value unit" lines; bench/runtime.sh runs it for Weft and PoCL side by side. */
#include "bench.h"

#include <string.h>

static double nowUs(void) { return nowMs() * 1e3; }

int main(void) {
  cl_platform_id P;
  cl_device_id D;
  cl_int Err;
  CHECK(clGetPlatformIDs(1, &P, NULL));
  CHECK(clGetDeviceIDs(P, CL_DEVICE_TYPE_ALL, 1, &D, NULL));
  cl_context C = clCreateContext(NULL, 1, &D, NULL, NULL, &Err);
  CHECK(Err);
  cl_command_queue Q = clCreateCommandQueueWithProperties(C, D, NULL, &Err);
  CHECK(Err);
  cl_queue_properties OooProps[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, 0};
  cl_command_queue OOO = clCreateCommandQueueWithProperties(C, D, OooProps, &Err);
  CHECK(Err);
  enum { Samples = 15 };
  double S[Samples];

  /* Latency of a tiny command: enqueue-to-complete. */
  cl_mem Tiny = clCreateBuffer(C, CL_MEM_READ_WRITE, 64, NULL, &Err);
  CHECK(Err);
  int Value = 1;
  const int Reps = 2000;
  for (int R = 0; R < 50; ++R) { /* warm up */
    CHECK(clEnqueueWriteBuffer(Q, Tiny, CL_FALSE, 0, 4, &Value, 0, NULL, NULL));
    CHECK(clFinish(Q));
  }
  for (int K = 0; K < Samples; ++K) {
    double T0 = nowUs();
    for (int R = 0; R < Reps; ++R) {
      CHECK(clEnqueueWriteBuffer(Q, Tiny, CL_FALSE, 0, 4, &Value, 0, NULL, NULL));
      CHECK(clFinish(Q));
    }
    S[K] = (nowUs() - T0) / Reps;
  }
  printf("tiny_write_finish_latency %.2f us\n", median(S, Samples));
  for (int K = 0; K < Samples; ++K) {
    double T0 = nowUs();
    for (int R = 0; R < Reps; ++R)
      CHECK(clEnqueueReadBuffer(Q, Tiny, CL_TRUE, 0, 4, &Value, 0, NULL, NULL));
    S[K] = (nowUs() - T0) / Reps;
  }
  printf("tiny_blocking_read_latency %.2f us\n", median(S, Samples));

  /* A 1,000-command event chain on an out-of-order queue. */
  enum { Chain = 1000 };
  cl_event *Ev = malloc(sizeof(cl_event) * Chain);
  for (int K = 0; K < Samples; ++K) {
    double T0 = nowUs();
    for (int I = 0; I < Chain; ++I)
      CHECK(clEnqueueWriteBuffer(OOO, Tiny, CL_FALSE, 0, 4, &Value, I ? 1 : 0,
                                 I ? &Ev[I - 1] : NULL, &Ev[I]));
    CHECK(clWaitForEvents(1, &Ev[Chain - 1]));
    S[K] = (nowUs() - T0) / 1e3;
    for (int I = 0; I < Chain; ++I)
      clReleaseEvent(Ev[I]);
  }
  printf("chain_1000_ooo %.3f ms\n", median(S, Samples));
  free(Ev);

  /* 64 MiB transfers. */
  const size_t Size = 64u << 20;
  cl_mem A = clCreateBuffer(C, CL_MEM_READ_WRITE, Size, NULL, &Err);
  CHECK(Err);
  cl_mem B = clCreateBuffer(C, CL_MEM_READ_WRITE, Size, NULL, &Err);
  CHECK(Err);
  char *Host = malloc(Size);
  memset(Host, 1, Size);
  unsigned Pattern = 0x01020304;
  CHECK(clEnqueueFillBuffer(Q, A, &Pattern, 4, 0, Size, 0, NULL, NULL)); /* touch the pages */
  CHECK(clEnqueueFillBuffer(Q, B, &Pattern, 4, 0, Size, 0, NULL, NULL));
  CHECK(clFinish(Q));
  const char *Names[] = {"copy_64MiB", "fill_64MiB", "fill_zero_64MiB", "write_64MiB",
                         "read_64MiB"};
  const unsigned Zero = 0;
  for (int Kind = 0; Kind < 5; ++Kind) {
    for (int K = 0; K < Samples; ++K) {
      double T0 = nowUs();
      if (Kind == 0)
        CHECK(clEnqueueCopyBuffer(Q, A, B, 0, 0, Size, 0, NULL, NULL));
      else if (Kind == 1)
        CHECK(clEnqueueFillBuffer(Q, A, &Pattern, 4, 0, Size, 0, NULL, NULL));
      else if (Kind == 2)
        CHECK(clEnqueueFillBuffer(Q, A, &Zero, 4, 0, Size, 0, NULL, NULL));
      else if (Kind == 3)
        CHECK(clEnqueueWriteBuffer(Q, A, CL_FALSE, 0, Size, Host, 0, NULL, NULL));
      else
        CHECK(clEnqueueReadBuffer(Q, A, CL_FALSE, 0, Size, Host, 0, NULL, NULL));
      CHECK(clFinish(Q));
      S[K] = Size / ((nowUs() - T0) * 1e3); /* GB/s */
    }
    printf("%s %.2f GB/s\n", Names[Kind], median(S, Samples));
  }
  /* A large buffer zeroed, as the CTS's test_thread_dimensions does before each launch. */
  {
    const size_t Large = 512u << 20;
    cl_mem L = clCreateBuffer(C, CL_MEM_READ_WRITE, Large, NULL, &Err);
    CHECK(Err);
    CHECK(clEnqueueFillBuffer(Q, L, &Pattern, 4, 0, Large, 0, NULL, NULL)); /* touch the pages */
    CHECK(clFinish(Q));
    for (int K = 0; K < Samples; ++K) {
      double T0 = nowUs();
      CHECK(clEnqueueFillBuffer(Q, L, &Zero, 4, 0, Large, 0, NULL, NULL));
      CHECK(clFinish(Q));
      S[K] = Large / ((nowUs() - T0) * 1e3);
    }
    printf("fill_zero_512MiB %.2f GB/s\n", median(S, Samples));
    clReleaseMemObject(L);
  }
  /* Copy throughput by size: where inline execution stops paying and parallel chunks start. */
  for (size_t Bytes = 16u << 10; Bytes <= (16u << 20); Bytes *= 4) {
    int Reps = (int)((64u << 20) / Bytes);
    for (int K = 0; K < Samples; ++K) {
      double T0 = nowUs();
      for (int R = 0; R < Reps; ++R)
        CHECK(clEnqueueCopyBuffer(Q, A, B, 0, 0, Bytes, 0, NULL, NULL));
      CHECK(clFinish(Q));
      S[K] = (double)Bytes * Reps / ((nowUs() - T0) * 1e3);
    }
    printf("copy_%zuKiB %.2f GB/s\n", Bytes >> 10, median(S, Samples));
  }
  /* Creating kernels by name in a program of many (clCreateKernel copied the whole build state,
     bitcode included, each time). */
  {
    enum { Kernels = 256 };
    char *Source = malloc(Kernels * 128), *At = Source;
    for (int I = 0; I < Kernels; ++I)
      At += sprintf(At, "kernel void k%d(global float *p) { p[get_global_id(0)] += %d.0f; }\n", I, I);
    const char *Text = Source;
    cl_program Prog = clCreateProgramWithSource(C, 1, &Text, NULL, &Err);
    CHECK(Err);
    CHECK(clBuildProgram(Prog, 1, &D, "", NULL, NULL));
    for (int K = 0; K < Samples; ++K) {
      double T0 = nowUs();
      for (int I = 0; I < Kernels; ++I) {
        char Name[16];
        sprintf(Name, "k%d", (I * 97) % Kernels);
        cl_kernel Kernel = clCreateKernel(Prog, Name, &Err);
        CHECK(Err);
        CHECK(clReleaseKernel(Kernel));
      }
      S[K] = (nowUs() - T0) / Kernels;
    }
    printf("create_kernel_256 %.2f us\n", median(S, Samples));
    /* A tiny kernel launch (256 work-items in groups of 64, p[i] += 1) + clFinish: what a program
       of many small kernels pays per kernel, the timeline's launch-heavy case. */
    cl_kernel One = clCreateKernel(Prog, "k1", &Err);
    CHECK(Err);
    cl_mem Counts = clCreateBuffer(C, CL_MEM_READ_WRITE, 256 * sizeof(float), NULL, &Err);
    CHECK(Err);
    const float Zero = 0.0f;
    CHECK(clEnqueueFillBuffer(Q, Counts, &Zero, sizeof Zero, 0, 256 * sizeof(float), 0, NULL, NULL));
    CHECK(clSetKernelArg(One, 0, sizeof Counts, &Counts));
    const size_t Global = 256, Local = 64;
    int Launches = 0;
    for (int K = -1; K < Samples; ++K) { /* the first round warms up */
      double T0 = nowUs();
      for (int R = 0; R < Reps; ++R) {
        CHECK(clEnqueueNDRangeKernel(Q, One, 1, NULL, &Global, &Local, 0, NULL, NULL));
        CHECK(clFinish(Q));
      }
      Launches += Reps;
      if (K >= 0)
        S[K] = (nowUs() - T0) / Reps;
    }
    printf("tiny_kernel_launch %.2f us\n", median(S, Samples));
    /* The same kernel enqueued 100 times in a row, then clFinish: a stream of small kernels, per
       kernel. */
    enum { Stream = 100 };
    for (int K = 0; K < Samples; ++K) {
      double T0 = nowUs();
      for (int R = 0; R < Reps; ++R) {
        CHECK(clEnqueueNDRangeKernel(Q, One, 1, NULL, &Global, &Local, 0, NULL, NULL));
        if (R % Stream == Stream - 1)
          CHECK(clFinish(Q));
      }
      CHECK(clFinish(Q));
      Launches += Reps;
      S[K] = (nowUs() - T0) / Reps;
    }
    printf("kernel_stream_100 %.2f us\n", median(S, Samples));
    float Result[256];
    CHECK(clEnqueueReadBuffer(Q, Counts, CL_TRUE, 0, sizeof Result, Result, 0, NULL, NULL));
    for (int I = 0; I < 256; ++I)
      if (Result[I] != (float)Launches) {
        fprintf(stderr, "tiny_kernel_launch: element %d is %g, not %d\n", I, Result[I], Launches);
        return 1;
      }
    clReleaseMemObject(Counts);
    clReleaseKernel(One);
    clReleaseProgram(Prog);
    free(Source);
  }
  free(Host);
  clReleaseMemObject(A);
  clReleaseMemObject(B);
  clReleaseMemObject(Tiny);
  clReleaseCommandQueue(Q);
  clReleaseCommandQueue(OOO);
  clReleaseContext(C);
  return 0;
}
