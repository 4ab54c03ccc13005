/* Real libraries' kernels: CLBlast's GEMM (SGEMM and DGEMM, square, column-major, no transposes),
 * SGEMV (the same matrices times a vector) and SAXPY (Size^2 elements) through its C API, as an
 * application calls it. The first call builds CLBlast's program (its time is reported apart);
 * then the median of Samples calls, each waited for. Prints "<metric> <value> <unit>" lines, and
 * the largest difference of 16 results against a host reference, so that a fast wrong result
 * cannot pass unnoticed.
 * Usage: bench-libraries [sizes...] (default 1024 2048). */
#include "bench.h"

#include <clblast_c.h>

#include <math.h>
#include <string.h>

enum { Samples = 5 };

static cl_device_id firstDevice(void) {
  cl_platform_id P;
  cl_device_id D;
  CHECK(clGetPlatformIDs(1, &P, NULL));
  CHECK(clGetDeviceIDs(P, CL_DEVICE_TYPE_ALL, 1, &D, NULL));
  return D;
}

/* One GEMM size in one precision: Bytes per element (4 or 8). */
static void gemm(cl_context C, cl_command_queue Q, size_t N, int Bytes) {
  const size_t Elems = N * N;
  void *A = malloc(Elems * Bytes), *B = malloc(Elems * Bytes), *Out = malloc(Elems * Bytes);
  for (size_t I = 0; I < Elems; ++I) {
    const double X = (double)((I * 7) % 13) / 13.0 - 0.5, Y = (double)((I * 5) % 11) / 11.0 - 0.5;
    if (Bytes == 4) {
      ((float *)A)[I] = (float)X;
      ((float *)B)[I] = (float)Y;
    } else {
      ((double *)A)[I] = X;
      ((double *)B)[I] = Y;
    }
  }
  cl_int Err;
  cl_mem DA = clCreateBuffer(C, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, Elems * Bytes, A, &Err);
  CHECK(Err);
  cl_mem DB = clCreateBuffer(C, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, Elems * Bytes, B, &Err);
  CHECK(Err);
  cl_mem DC = clCreateBuffer(C, CL_MEM_READ_WRITE, Elems * Bytes, NULL, &Err);
  CHECK(Err);
  double Times[Samples + 1];
  for (int I = 0; I <= Samples; ++I) {
    cl_event E = NULL;
    const double T0 = nowMs();
    CLBlastStatusCode S =
        Bytes == 4 ? CLBlastSgemm(CLBlastLayoutColMajor, CLBlastTransposeNo, CLBlastTransposeNo, N,
                                  N, N, 1.0f, DA, 0, N, DB, 0, N, 0.0f, DC, 0, N, &Q, &E)
                   : CLBlastDgemm(CLBlastLayoutColMajor, CLBlastTransposeNo, CLBlastTransposeNo, N,
                                  N, N, 1.0, DA, 0, N, DB, 0, N, 0.0, DC, 0, N, &Q, &E);
    if (S != CLBlastSuccess) {
      fprintf(stderr, "CLBlast %cgemm %zu: status %d\n", Bytes == 4 ? 's' : 'd', N, (int)S);
      exit(1);
    }
    CHECK(clWaitForEvents(1, &E));
    clReleaseEvent(E);
    Times[I] = nowMs() - T0;
  }
  const char Kind = Bytes == 4 ? 's' : 'd';
  printf("%cgemm_%zu_first_call_ms %.1f ms\n", Kind, N, Times[0]);
  const double Ms = median(Times + 1, Samples);
  printf("%cgemm_%zu_gflops %.2f GFLOP/s\n", Kind, N, 2.0 * N * N * N / (Ms * 1e6));
  /* C[i] for the first 16 elements of the first column, against a host dot product. */
  CHECK(clEnqueueReadBuffer(Q, DC, CL_TRUE, 0, 16 * Bytes, Out, 0, NULL, NULL));
  double Worst = 0;
  for (size_t Row = 0; Row < 16; ++Row) {
    double Want = 0, Got;
    for (size_t K = 0; K < N; ++K)
      Want += (Bytes == 4 ? (double)((float *)A)[K * N + Row] : ((double *)A)[K * N + Row]) *
              (Bytes == 4 ? (double)((float *)B)[K] : ((double *)B)[K]);
    Got = Bytes == 4 ? ((float *)Out)[Row] : ((double *)Out)[Row];
    Worst = fmax(Worst, fabs(Got - Want));
  }
  printf("%cgemm_%zu_max_error %.12f abs\n", Kind, N, Worst);
  clReleaseMemObject(DC);
  clReleaseMemObject(DB);
  clReleaseMemObject(DA);
  free(Out);
  free(B);
  free(A);
}

/* Median milliseconds of Samples calls of Call (after a first one, whose time goes to First). */
#define TIME_CALLS(First, Ms, Call)                                                                \
  do {                                                                                             \
    double Times_[Samples + 1];                                                                    \
    for (int I_ = 0; I_ <= Samples; ++I_) {                                                        \
      cl_event Event_ = NULL;                                                                          \
      const double T0_ = nowMs();                                                                  \
      CLBlastStatusCode S_ = (Call);                                                               \
      if (S_ != CLBlastSuccess) {                                                                  \
        fprintf(stderr, "CLBlast: status %d\n", (int)S_);                                          \
        exit(1);                                                                                   \
      }                                                                                            \
      CHECK(clWaitForEvents(1, &Event_));                                                              \
      clReleaseEvent(Event_);                                                                          \
      Times_[I_] = nowMs() - T0_;                                                                  \
    }                                                                                              \
    First = Times_[0];                                                                             \
    Ms = median(Times_ + 1, Samples);                                                              \
  } while (0)

/* SGEMV y = A x on an N x N column-major matrix, and SAXPY y += 2 x on N * N elements; GB/s of
   the data each reads and writes once. */
static void level12(cl_context C, cl_command_queue Q, size_t N) {
  const size_t Elems = N * N;
  float *A = malloc(Elems * 4), *X = malloc(Elems * 4), *Y = malloc(Elems * 4), Out[16];
  for (size_t I = 0; I < Elems; ++I) {
    A[I] = (float)((I * 7) % 13) / 13.0f - 0.5f;
    X[I] = (float)((I * 5) % 11) / 11.0f - 0.5f;
    Y[I] = (float)((I * 3) % 7) / 7.0f;
  }
  cl_int Err;
  cl_mem DA = clCreateBuffer(C, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, Elems * 4, A, &Err);
  CHECK(Err);
  cl_mem DX = clCreateBuffer(C, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, Elems * 4, X, &Err);
  CHECK(Err);
  cl_mem DY = clCreateBuffer(C, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, Elems * 4, Y, &Err);
  CHECK(Err);
  double First, Ms, Worst = 0;
  TIME_CALLS(First, Ms, CLBlastSgemv(CLBlastLayoutColMajor, CLBlastTransposeNo, N, N, 1.0f, DA, 0, N,
                                     DX, 0, 1, 0.0f, DY, 0, 1, &Q, &Event_));
  printf("sgemv_%zu_first_call_ms %.1f ms\n", N, First);
  printf("sgemv_%zu_GBps %.2f GB/s\n", N, (Elems + 2.0 * N) * 4 / (Ms * 1e6));
  CHECK(clEnqueueReadBuffer(Q, DY, CL_TRUE, 0, sizeof Out, Out, 0, NULL, NULL));
  for (size_t Row = 0; Row < 16; ++Row) {
    double Want = 0;
    for (size_t K = 0; K < N; ++K)
      Want += (double)A[K * N + Row] * X[K];
    Worst = fmax(Worst, fabs(Out[Row] - Want));
  }
  printf("sgemv_%zu_max_error %.9f abs\n", N, Worst);
  /* y (reset to Y) += 2 x, Samples + 1 times: element i ends at Y[i] + 12 x[i]. */
  CHECK(clEnqueueWriteBuffer(Q, DY, CL_TRUE, 0, Elems * 4, Y, 0, NULL, NULL));
  TIME_CALLS(First, Ms, CLBlastSaxpy(Elems, 2.0f, DX, 0, 1, DY, 0, 1, &Q, &Event_));
  printf("saxpy_%zu_first_call_ms %.1f ms\n", Elems, First);
  printf("saxpy_%zu_GBps %.2f GB/s\n", Elems, 3.0 * Elems * 4 / (Ms * 1e6));
  CHECK(clEnqueueReadBuffer(Q, DY, CL_TRUE, 0, sizeof Out, Out, 0, NULL, NULL));
  Worst = 0;
  for (size_t I = 0; I < 16; ++I)
    Worst = fmax(Worst, fabs(Out[I] - (Y[I] + 2.0 * (Samples + 1) * X[I])));
  printf("saxpy_%zu_max_error %.9f abs\n", Elems, Worst);
  clReleaseMemObject(DY);
  clReleaseMemObject(DX);
  clReleaseMemObject(DA);
  free(Y);
  free(X);
  free(A);
}

int main(int Argc, char **Argv) {
  cl_device_id D = firstDevice();
  cl_int Err;
  cl_context C = clCreateContext(NULL, 1, &D, NULL, NULL, &Err);
  CHECK(Err);
  cl_command_queue Q = clCreateCommandQueueWithProperties(C, D, NULL, &Err);
  CHECK(Err);
  size_t Sizes[8] = {1024, 2048};
  int Count = 2;
  if (Argc > 1) {
    Count = 0;
    for (int I = 1; I < Argc && Count < 8; ++I)
      Sizes[Count++] = (size_t)strtoul(Argv[I], NULL, 10);
  }
  for (int I = 0; I < Count; ++I)
    gemm(C, Q, Sizes[I], 4);
  for (int I = 0; I < Count; ++I)
    gemm(C, Q, Sizes[I], 8);
  for (int I = 0; I < Count; ++I)
    level12(C, Q, Sizes[I]);
  clReleaseCommandQueue(Q);
  clReleaseContext(C);
  return 0;
}
