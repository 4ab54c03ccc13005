// Regressions from real OpenCL programs (tests/clients runs the programs themselves): the shape of
// kernel each one failed on, checked against a host computation.
#include "api/KernelFixture.h"
#include "runtime/api/ClExtCompat.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <thread>

namespace weft::test {
namespace {

class RealPrograms : public KernelApi {};

// CLBlast: clblast_test_xgemm failed every ZGEMM case with kInvalidLocalMemUsage, its tuned
// complex-double kernels needing more than the 32 KiB of local memory Weft reported. The device
// now reports 64 KiB, and a kernel of that shape (two double2 tiles in 48 KiB of __local, filled
// and read across barriers, complex multiply-adds) fits it and computes right.
TEST_F(RealPrograms, ClblastZgemmTilesFitTheLocalMemory) {
  EXPECT_GE(deviceValue<cl_ulong>(Device, CL_DEVICE_LOCAL_MEM_SIZE), cl_ulong(64) << 10);
  cl_program P = built(R"(
    #pragma OPENCL EXTENSION cl_khr_fp64 : enable
    #define TILE 1536
    kernel void zdot(global const double2 *x, global const double2 *y, global double2 *out) {
      local double2 a[TILE], b[TILE];
      size_t l = get_local_id(0), n = get_local_size(0), base = get_group_id(0) * TILE;
      for (size_t i = l; i < TILE; i += n) {
        a[i] = x[base + i];
        b[i] = y[base + i];
      }
      barrier(CLK_LOCAL_MEM_FENCE);
      double2 s = (double2)(0.0);
      for (size_t i = l; i < TILE; i += n) /* complex a * b */
        s += (double2)(a[i].x * b[i].x - a[i].y * b[i].y, a[i].x * b[i].y + a[i].y * b[i].x);
      barrier(CLK_LOCAL_MEM_FENCE);
      a[l] = s;
      barrier(CLK_LOCAL_MEM_FENCE);
      if (l == 0) {
        double2 t = (double2)(0.0);
        for (size_t i = 0; i < n; ++i)
          t += a[i];
        out[get_group_id(0)] = t;
      }
    })");
  cl_int Err;
  cl_kernel K = clCreateKernel(P, "zdot", &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  cl_ulong KernelLocal = 0;
  ASSERT_EQ(clGetKernelWorkGroupInfo(K, Device, CL_KERNEL_LOCAL_MEM_SIZE, sizeof KernelLocal,
                                     &KernelLocal, nullptr),
            CL_SUCCESS);
  EXPECT_GE(KernelLocal, cl_ulong(48) << 10);
  EXPECT_LE(KernelLocal, deviceValue<cl_ulong>(Device, CL_DEVICE_LOCAL_MEM_SIZE));
  const size_t Tile = 1536, Groups = 4, Local = 64;
  std::vector<cl_double2> X(Tile * Groups), Y(Tile * Groups);
  for (size_t I = 0; I < X.size(); ++I) {
    X[I] = {{double(I % 17) - 8, double(I % 5)}};
    Y[I] = {{double(I % 7), 3 - double(I % 11)}};
  }
  cl_mem MX = buffer(X.size() * sizeof(cl_double2), CL_MEM_COPY_HOST_PTR, X.data());
  cl_mem MY = buffer(Y.size() * sizeof(cl_double2), CL_MEM_COPY_HOST_PTR, Y.data());
  cl_mem MOut = buffer(Groups * sizeof(cl_double2));
  setArgs(K, MX, MY, MOut);
  cl_command_queue Q = queue();
  run(Q, K, Groups * Local, Local);
  std::vector<cl_double2> Out = read<cl_double2>(Q, MOut, Groups);
  for (size_t G = 0; G < Groups; ++G) {
    double Re = 0, Im = 0; // small integers: every sum is exact in any order
    for (size_t I = G * Tile; I < (G + 1) * Tile; ++I) {
      Re += X[I].s[0] * Y[I].s[0] - X[I].s[1] * Y[I].s[1];
      Im += X[I].s[0] * Y[I].s[1] + X[I].s[1] * Y[I].s[0];
    }
    EXPECT_EQ(Out[G].s[0], Re) << G;
    EXPECT_EQ(Out[G].s[1], Im) << G;
  }
  for (cl_mem M : {MX, MY, MOut})
    clReleaseMemObject(M);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

// clpeak: its integer kernels call mad24 on int2..int16, which did not link, and its float8 and
// float16 kernels filled the build log with Clang's -Wpsabi warnings about AVX argument passing.
TEST_F(RealPrograms, ClpeakVectorMad24AndAQuietBuildLog) {
  cl_program P = built(R"(
    kernel void k(global int *o, global uint *u, global float *f) {
      int i = get_global_id(0);
      int4 a = (int4)(i, -i, 3 * i, 0x7fff00 + i); /* 24-bit values: mul24's defined range */
      int16 b = (int16)(i - 8);
      o[i] = mad24(a, (int4)(5, 6, -7, -2), (int4)(1)).w + mul24(b, b).s9 + mad24(a.x, a.y, 2);
      uint8 c = (uint8)(i * 1000u + 0xff0000u);
      u[i] = mad24(c, c, (uint8)(7)).s3 + mul24(c.s0, 3u);
      float8 x = (float8)(i);
      f[i] = mad(x, x, x).s5 + fmax(x, 2.0f).s1;
    })");
  EXPECT_EQ(log(P), "") << "no warnings for float8 arguments";
  cl_int Err;
  cl_kernel K = clCreateKernel(P, "k", &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  const size_t N = 64;
  cl_mem O = buffer(N * 4), U = buffer(N * 4), F = buffer(N * 4);
  setArgs(K, O, U, F);
  cl_command_queue Q = queue();
  run(Q, K, N, 16);
  std::vector<cl_int> Os = read<cl_int>(Q, O, N);
  std::vector<cl_uint> Us = read<cl_uint>(Q, U, N);
  std::vector<float> Fs = read<float>(Q, F, N);
  for (int I = 0; I < int(N); ++I) {
    int32_t W = (0x7fff00 + I) * -2 + 1, B = I - 8;
    EXPECT_EQ(Os[I], W + B * B + I * -I + 2) << I;
    uint32_t C = uint32_t(I) * 1000u + 0xff0000u; // the product wraps, as uint arithmetic does
    EXPECT_EQ(Us[I], C * C + 7u + C * 3u) << I;
    EXPECT_EQ(Fs[I], float(I) * float(I) + float(I) + std::max(float(I), 2.0f)) << I;
  }
  for (cl_mem M : {O, U, F})
    clReleaseMemObject(M);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

// PyOpenCL's test suite failed 76 tests on Weft, all on kernels using double: its generated
// kernels enable cl_khr_fp64 with the 1.x pragma and build with the default OpenCL C version (and
// with 3.0, where __opencl_c_fp64 stands for it), and call double math and conversions.
TEST_F(RealPrograms, PyOpenCLDoubleKernelsWithTheFp64Pragma) {
  const char *Source = R"(
    #if __OPENCL_C_VERSION__ < 300 || !defined(__opencl_c_fp64)
    #pragma OPENCL EXTENSION cl_khr_fp64: enable
    #endif
    kernel void k(global double *x, global const float *f, global long *l) {
      size_t i = get_global_id(0);
      x[i] = sqrt(x[i]) + pow(2.0, (double)i) + convert_double(f[i]) * 0.5 + fma(x[i], 0.0, 1.0);
      l[i] = convert_long_rtn(x[i]);
    })";
  for (const char *Options : {"", "-cl-std=CL1.2", "-cl-std=CL3.0"}) {
    SCOPED_TRACE(Options);
    cl_program P = built(Source, Options);
    cl_kernel K = clCreateKernel(P, "k", nullptr);
    std::vector<double> X = {4.0, 9.0, 2.25, 100.0};
    std::vector<float> F = {1.0f, -3.0f, 0.5f, 8.0f};
    cl_mem MX = buffer(4 * 8, CL_MEM_COPY_HOST_PTR, X.data());
    cl_mem MF = buffer(4 * 4, CL_MEM_COPY_HOST_PTR, F.data());
    cl_mem ML = buffer(4 * 8);
    setArgs(K, MX, MF, ML);
    cl_command_queue Q = queue();
    run(Q, K, 4, 4);
    const std::vector<double> R = read<double>(Q, MX, 4);
    const std::vector<cl_long> L = read<cl_long>(Q, ML, 4);
    for (size_t I = 0; I < 4; ++I) {
      const double Want = std::sqrt(X[I]) + std::pow(2.0, double(I)) + double(F[I]) * 0.5 + 1.0;
      EXPECT_EQ(R[I], Want) << I;
      EXPECT_EQ(L[I], cl_long(std::floor(Want))) << I;
    }
    for (cl_mem M : {MX, MF, ML})
      clReleaseMemObject(M);
    clReleaseKernel(K);
    clReleaseProgram(P);
  }
}

} // namespace
} // namespace weft::test
