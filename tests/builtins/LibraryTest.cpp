// The built-in library beyond the families of the other files here: math, integer and atomic
// functions together, every 32-bit atomic on global and local memory, printf, the integer bit
// functions, conversions, relationals and vector loads and stores, wide vectors through calls,
// and cl_khr_kernel_clock's clocks.
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

class BuiltinLibrary : public KernelApi {};

// cl_khr_kernel_clock: the device and work-group clocks never go back, within a work-item, across
// the work-items of a group (in the order a barrier imposes) or across commands; the hilo forms
// read the same clock. Reported with CL_DEVICE_KERNEL_CLOCK_CAPABILITIES_KHR's two scopes.
TEST_F(BuiltinLibrary, KernelClock) {
  EXPECT_NE(deviceString(Device, CL_DEVICE_EXTENSIONS).find("cl_khr_kernel_clock"), std::string::npos);
  EXPECT_EQ(deviceValue<cl_device_kernel_clock_capabilities_khr>(Device, CL_DEVICE_KERNEL_CLOCK_CAPABILITIES_KHR),
            cl_device_kernel_clock_capabilities_khr(CL_DEVICE_KERNEL_CLOCK_SCOPE_DEVICE_KHR |
                                                    CL_DEVICE_KERNEL_CLOCK_SCOPE_WORK_GROUP_KHR |
                                                    CL_DEVICE_KERNEL_CLOCK_SCOPE_SUB_GROUP_KHR));
  cl_program P = built(R"(
    #if !defined(cl_khr_kernel_clock) || !defined(__opencl_c_kernel_clock_scope_device) || \
        !defined(__opencl_c_kernel_clock_scope_work_group) || !defined(__opencl_c_kernel_clock_scope_sub_group)
    #error "cl_khr_kernel_clock and its three scopes are not defined"
    #endif
    kernel void k(global ulong *out) {
      size_t i = get_global_id(0);
      ulong a = clock_read_device();
      uint2 h = clock_read_hilo_device();
      ulong b = clock_read_work_group();
      uint2 g = i & 1 ? clock_read_hilo_sub_group() : clock_read_hilo_work_group();
      ulong c = clock_read_sub_group();
      out[6 * i] = a;
      out[6 * i + 1] = as_ulong(h);
      out[6 * i + 2] = b;
      out[6 * i + 3] = as_ulong(g);
      out[6 * i + 4] = c;
      barrier(CLK_GLOBAL_MEM_FENCE);
      out[6 * i + 5] = clock_read_work_group();
    })");
  cl_int Err;
  cl_kernel K = clCreateKernel(P, "k", &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  const size_t N = 256, Local = 64;
  cl_mem Out = buffer(6 * N * sizeof(cl_ulong));
  setArgs(K, Out);
  cl_command_queue Q = queue();
  run(Q, K, N, Local);
  const std::vector<cl_ulong> First = read<cl_ulong>(Q, Out, 6 * N);
  run(Q, K, N, Local);
  const std::vector<cl_ulong> Second = read<cl_ulong>(Q, Out, 6 * N);
  cl_ulong LatestOfFirst = 0;
  for (size_t I = 0; I < N; ++I) {
    for (int J = 0; J < 5; ++J)
      EXPECT_LE(First[6 * I + J], First[6 * I + J + 1]) << I << " " << J;
    // After the barrier: later than every work-item of the group before it.
    const size_t Group = I / Local * Local;
    for (size_t W = Group; W < Group + Local; ++W)
      EXPECT_LE(First[6 * W + 4], First[6 * I + 5]) << I << " " << W;
    LatestOfFirst = std::max(LatestOfFirst, First[6 * I + 5]);
  }
  for (size_t I = 0; I < N; ++I)
    EXPECT_LT(LatestOfFirst, Second[6 * I]) << I; // the second command started after the first ended
  clReleaseMemObject(Out);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

TEST_F(BuiltinLibrary, BuiltinLibraryMathIntegersAndAtomics) {
  cl_program P = built(R"(
    kernel void k(global float4 *f, global int *i, global int *counter, global uint *hist) {
      size_t g = get_global_id(0);
      f[g] = sqrt(f[g]) + fmax((float4)(1.0f), f[g]) + fabs(-f[g]);
      i[g] = clamp(i[g], -5, 5) + max(i[g], 100) + abs(-3);
      atomic_add(counter, 1);                       // every work-item, all work-groups
      atomic_inc(&hist[g % 4]);
    })");
  cl_kernel K = clCreateKernel(P, "k", nullptr);
  const size_t N = 1 << 16;
  std::vector<cl_float4> F(N);
  std::vector<int> I(N);
  for (size_t G = 0; G < N; ++G) {
    for (int C = 0; C < 4; ++C)
      F[G].s[C] = float((G + C) % 17);
    I[G] = int(G % 301) - 150;
  }
  cl_mem MF = buffer(N * sizeof(cl_float4), CL_MEM_COPY_HOST_PTR, F.data());
  cl_mem MI = buffer(N * sizeof(int), CL_MEM_COPY_HOST_PTR, I.data());
  int Zero[4] = {0, 0, 0, 0};
  cl_mem MC = buffer(sizeof(int), CL_MEM_COPY_HOST_PTR, Zero);
  cl_mem MH = buffer(4 * sizeof(int), CL_MEM_COPY_HOST_PTR, Zero);
  for (cl_uint A = 0; A < 4; ++A) {
    cl_mem M[] = {MF, MI, MC, MH};
    clSetKernelArg(K, A, sizeof(cl_mem), &M[A]);
  }
  cl_command_queue Q = queue();
  size_t Global = N, Local = 64;
  ASSERT_EQ(clEnqueueNDRangeKernel(Q, K, 1, nullptr, &Global, &Local, 0, nullptr, nullptr),
            CL_SUCCESS);
  std::vector<cl_float4> F2(N);
  std::vector<int> I2(N);
  int Counter = 0, Hist[4];
  clEnqueueReadBuffer(Q, MF, CL_TRUE, 0, N * sizeof(cl_float4), F2.data(), 0, nullptr, nullptr);
  clEnqueueReadBuffer(Q, MI, CL_TRUE, 0, N * sizeof(int), I2.data(), 0, nullptr, nullptr);
  clEnqueueReadBuffer(Q, MC, CL_TRUE, 0, sizeof Counter, &Counter, 0, nullptr, nullptr);
  clEnqueueReadBuffer(Q, MH, CL_TRUE, 0, sizeof Hist, Hist, 0, nullptr, nullptr);
  EXPECT_EQ(Counter, int(N)) << "atomic_add lost updates between parallel work-groups";
  for (int B = 0; B < 4; ++B)
    EXPECT_EQ(Hist[B], int(N / 4));
  for (size_t G = 0; G < N; ++G) {
    for (int C = 0; C < 4; ++C) {
      float X = F[G].s[C];
      ASSERT_FLOAT_EQ(F2[G].s[C], std::sqrt(X) + std::max(1.0f, X) + X) << G;
    }
    ASSERT_EQ(I2[G], std::clamp(I[G], -5, 5) + std::max(I[G], 100) + 3) << G;
  }
  for (cl_mem M : {MF, MI, MC, MH})
    clReleaseMemObject(M);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

TEST_F(BuiltinLibrary, EveryInt32AtomicOnGlobalAndLocalMemory) {
  // OpenCL C 1.2 with the extensions' pragmas and their atom_* names, and the 1.1 atomic_*.
  cl_program P = built(R"(
    #pragma OPENCL EXTENSION cl_khr_global_int32_base_atomics : enable
    #pragma OPENCL EXTENSION cl_khr_global_int32_extended_atomics : enable
    #pragma OPENCL EXTENSION cl_khr_local_int32_base_atomics : enable
    #pragma OPENCL EXTENSION cl_khr_local_int32_extended_atomics : enable
    kernel void k(global int *g, global uint *u, global float *f, global int *groups) {
      local int l[4];
      int id = (int)get_global_id(0), lid = (int)get_local_id(0);
      if (lid == 0) { l[0] = 0; l[1] = 0; l[2] = 0x7fffffff; l[3] = 0; }
      barrier(CLK_LOCAL_MEM_FENCE);
      atomic_add(&g[0], 2);            atomic_sub(&g[1], 1);
      atomic_inc(&g[2]);               atomic_dec(&g[3]);
      atomic_min(&g[4], id);           atomic_max(&g[5], id);
      atomic_and(&g[6], ~(1 << (id % 31)));
      atomic_or(&g[7], 1 << (id % 31));
      atomic_xor(&g[8], 1);
      atomic_xchg(&g[9], id);
      int old;
      do { old = g[10]; } while (atomic_cmpxchg(&g[10], old, old + 1) != old);
      atom_add(&u[0], 3u);             atom_inc(&u[1]);
      atom_max(&u[2], (uint)id);       atom_xor(&u[3], 1u);
      atomic_xchg(&f[0], (float)id);
      atom_add(&l[0], 1);              atomic_inc(&l[1]);
      atom_min(&l[2], lid);            atomic_or(&l[3], 1 << (lid % 31));
      barrier(CLK_LOCAL_MEM_FENCE);
      if (lid == 0) {
        int gi = (int)get_group_id(0);
        groups[4 * gi] = l[0]; groups[4 * gi + 1] = l[1];
        groups[4 * gi + 2] = l[2]; groups[4 * gi + 3] = l[3];
      }
    })");
  const int N = 4096, Local = 64, Groups = N / Local;
  int G[11] = {0, 0, 0, 0, 0x7fffffff, -1, -1, 0, 0, -1, 0};
  cl_uint U[4] = {0, 0, 0, 0};
  float F = -1.0f;
  cl_mem MG = buffer(sizeof G, CL_MEM_COPY_HOST_PTR, G), MU = buffer(sizeof U, CL_MEM_COPY_HOST_PTR, U);
  cl_mem MF = buffer(sizeof F, CL_MEM_COPY_HOST_PTR, &F), MGroups = buffer(4 * Groups * sizeof(int));
  cl_kernel K = clCreateKernel(P, "k", nullptr);
  cl_mem Args[] = {MG, MU, MF, MGroups};
  for (cl_uint A = 0; A < 4; ++A)
    clSetKernelArg(K, A, sizeof(cl_mem), &Args[A]);
  cl_command_queue Q = queue();
  size_t Global = N, L = Local;
  ASSERT_EQ(clEnqueueNDRangeKernel(Q, K, 1, nullptr, &Global, &L, 0, nullptr, nullptr), CL_SUCCESS);
  std::vector<int> Per(4 * Groups);
  clEnqueueReadBuffer(Q, MG, CL_TRUE, 0, sizeof G, G, 0, nullptr, nullptr);
  clEnqueueReadBuffer(Q, MU, CL_TRUE, 0, sizeof U, U, 0, nullptr, nullptr);
  clEnqueueReadBuffer(Q, MF, CL_TRUE, 0, sizeof F, &F, 0, nullptr, nullptr);
  clEnqueueReadBuffer(Q, MGroups, CL_TRUE, 0, Per.size() * sizeof(int), Per.data(), 0, nullptr, nullptr);
  EXPECT_EQ(G[0], 2 * N);
  EXPECT_EQ(G[1], -N);
  EXPECT_EQ(G[2], N);
  EXPECT_EQ(G[3], -N);
  EXPECT_EQ(G[4], 0);
  EXPECT_EQ(G[5], N - 1);
  EXPECT_EQ(G[6], int(0x80000000u));
  EXPECT_EQ(G[7], 0x7fffffff);
  EXPECT_EQ(G[8], 0);
  EXPECT_TRUE(G[9] >= 0 && G[9] < N) << G[9];
  EXPECT_EQ(G[10], N) << "compare-and-exchange loop lost updates";
  EXPECT_EQ(U[0], 3u * N);
  EXPECT_EQ(U[1], cl_uint(N));
  EXPECT_EQ(U[2], cl_uint(N - 1));
  EXPECT_EQ(U[3], 0u);
  EXPECT_TRUE(F >= 0.0f && F < float(N) && F == std::floor(F)) << F;
  for (int B = 0; B < Groups; ++B) {
    EXPECT_EQ(Per[4 * B], Local) << B;
    EXPECT_EQ(Per[4 * B + 1], Local) << B;
    EXPECT_EQ(Per[4 * B + 2], 0) << B;
    EXPECT_EQ(Per[4 * B + 3], 0x7fffffff) << B; // 64 work-items set bits 0 to 30
  }
  for (cl_mem M : {MG, MU, MF, MGroups})
    clReleaseMemObject(M);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

// printf: OpenCL C's conversions, vectors included, written to stdout when the command completes;
// 0 on success, -1 once the command's buffer (CL_DEVICE_PRINTF_BUFFER_SIZE) is full.
TEST_F(BuiltinLibrary, PrintfFormatsScalarsAndVectorsWhenTheCommandCompletes) {
  cl_program P = built(R"(
    kernel void k(global int *ret, float x) {
      ret[0] = printf("x=%.2f i=%d hex=%#x c=%c s=%s l=%ld\n", x, -3, 255, 'A', "str", 1L << 40);
      printf("v4=%v4hlf v2=%v2hld v3=%v3hhx v8=%v8hu\n", (float4)(1, 2, 3, 4), (int2)(-5, 6),
             (uchar3)(10, 11, 255), (ushort8)(1, 2, 3, 4, 5, 6, 7, 8));
      printf("d2=%v2lf l2=%v2ld f16=%v16hlg\n", (double2)(0.5, 1.5), (long2)(-1, 1L << 50),
             (float16)(1.5f));
      printf("%5.1e|%-6d|%+d|%%|%03u\n", 12345.678, 42, 7, 5u);
    }
    kernel void many(global int *ret) {
      ret[get_global_id(0)] = printf("%0100d\n", (int)get_global_id(0)); // 101 bytes each
    })", "-cl-std=CL3.0");
  size_t Limit = 0;
  ASSERT_EQ(clGetDeviceInfo(Device, CL_DEVICE_PRINTF_BUFFER_SIZE, sizeof Limit, &Limit, nullptr), CL_SUCCESS);
  EXPECT_GE(Limit, size_t(1) << 20); // the full profile's minimum
  cl_kernel K = clCreateKernel(P, "k", nullptr);
  cl_mem Ret = buffer(20000 * 4);
  float X = 2.5f;
  setArgs(K, Ret, X);
  cl_command_queue Q = queue();
  ::testing::internal::CaptureStdout();
  run(Q, K, 1, 1);
  std::string Printed = ::testing::internal::GetCapturedStdout();
  EXPECT_EQ(Printed, "x=2.50 i=-3 hex=0xff c=A s=str l=1099511627776\n"
                     "v4=1.000000,2.000000,3.000000,4.000000 v2=-5,6 v3=a,b,ff v8=1,2,3,4,5,6,7,8\n"
                     "d2=0.500000,1.500000 l2=-1,1125899906842624 "
                     "f16=1.5,1.5,1.5,1.5,1.5,1.5,1.5,1.5,1.5,1.5,1.5,1.5,1.5,1.5,1.5,1.5\n"
                     "1.2e+04|42    |+7|%|005\n");
  EXPECT_EQ(read<cl_int>(Q, Ret, 1)[0], 0);
  // 20,000 lines of 101 bytes do not fit in the buffer: what fits is printed, whole lines only,
  // and the calls that did not fit return -1.
  cl_kernel Many = clCreateKernel(P, "many", nullptr);
  setArgs(Many, Ret);
  ::testing::internal::CaptureStdout();
  run(Q, Many, 20000, 100);
  Printed = ::testing::internal::GetCapturedStdout();
  const std::vector<cl_int> R = read<cl_int>(Q, Ret, 20000);
  const size_t Succeeded = size_t(std::count(R.begin(), R.end(), 0));
  EXPECT_EQ(size_t(std::count(R.begin(), R.end(), -1)), 20000 - Succeeded);
  EXPECT_EQ(Succeeded, Limit / 101);
  EXPECT_EQ(Printed.size(), Succeeded * 101);
  EXPECT_EQ(size_t(std::count(Printed.begin(), Printed.end(), '\n')), Succeeded);
  clReleaseMemObject(Ret);
  clReleaseKernel(K);
  clReleaseKernel(Many);
  clReleaseProgram(P);
}

// hadd/rhadd/rotate/popcount/clz/ctz (CTS basic/barrier uses hadd), against host references.
TEST_F(BuiltinLibrary, IntegerBitBuiltins) {
  cl_program P = built(R"(
    kernel void k(global const int *a, global const int *b, global int *o,
                  global const uchar4 *c, global uchar4 *oc) {
      size_t i = get_global_id(0);
      o[6 * i + 0] = hadd(a[i], b[i]);
      o[6 * i + 1] = rhadd(a[i], b[i]);
      o[6 * i + 2] = rotate(a[i], b[i]);
      o[6 * i + 3] = popcount(a[i]);
      o[6 * i + 4] = clz(a[i]);
      o[6 * i + 5] = ctz(a[i]);
      oc[i] = rotate(c[i], (uchar4)(1, 3, 7, 9)) + clz(c[i]);
    })",
                       "-cl-std=CL3.0"); // ctz is OpenCL C 2.0+
  cl_kernel K = clCreateKernel(P, "k", nullptr);
  const int N = 64;
  std::vector<int> A(N), B(N), O(6 * N);
  std::vector<cl_uchar4> C(N), OC(N);
  for (int I = 0; I < N; ++I) {
    A[I] = I == 0 ? 0 : I == 1 ? INT32_MIN : I == 2 ? INT32_MAX : I * 2654435761u;
    B[I] = I % 5 == 0 ? -I : I * 7919;
    for (int J = 0; J < 4; ++J)
      C[I].s[J] = cl_uchar(I * 37 + J * 91);
  }
  cl_mem MA = buffer(N * 4, CL_MEM_COPY_HOST_PTR, A.data()), MB = buffer(N * 4, CL_MEM_COPY_HOST_PTR, B.data());
  cl_mem MO = buffer(6 * N * 4), MC = buffer(N * 4, CL_MEM_COPY_HOST_PTR, C.data()), MOC = buffer(N * 4);
  cl_mem Args[] = {MA, MB, MO, MC, MOC};
  for (cl_uint I = 0; I < 5; ++I)
    clSetKernelArg(K, I, sizeof(cl_mem), &Args[I]);
  cl_command_queue Q = queue();
  size_t G = N;
  ASSERT_EQ(clEnqueueNDRangeKernel(Q, K, 1, nullptr, &G, nullptr, 0, nullptr, nullptr), CL_SUCCESS);
  clEnqueueReadBuffer(Q, MO, CL_TRUE, 0, O.size() * 4, O.data(), 0, nullptr, nullptr);
  clEnqueueReadBuffer(Q, MOC, CL_TRUE, 0, N * 4, OC.data(), 0, nullptr, nullptr);
  auto Rotl = [](uint32_t V, uint32_t S) { S &= 31; return S ? (V << S) | (V >> (32 - S)) : V; };
  for (int I = 0; I < N; ++I) {
    int64_t X = A[I], Y = B[I];
    EXPECT_EQ(O[6 * I + 0], int((X + Y) >> 1)) << I;
    EXPECT_EQ(O[6 * I + 1], int((X + Y + 1) >> 1)) << I;
    EXPECT_EQ(uint32_t(O[6 * I + 2]), Rotl(uint32_t(A[I]), uint32_t(B[I]))) << I;
    EXPECT_EQ(O[6 * I + 3], __builtin_popcount(uint32_t(A[I]))) << I;
    EXPECT_EQ(O[6 * I + 4], A[I] ? __builtin_clz(uint32_t(A[I])) : 32) << I;
    EXPECT_EQ(O[6 * I + 5], A[I] ? __builtin_ctz(uint32_t(A[I])) : 32) << I;
    const int Shift[4] = {1, 3, 7, 9};
    for (int J = 0; J < 4; ++J) {
      uint8_t V = C[I].s[J], S = Shift[J] & 7;
      uint8_t Rot = uint8_t(S ? (V << S) | (V >> (8 - S)) : V);
      uint8_t Clz = V ? uint8_t(__builtin_clz(V) - 24) : 8;
      EXPECT_EQ(OC[I].s[J], uint8_t(Rot + Clz)) << I << "," << J;
    }
  }
  for (cl_mem M : {MA, MB, MO, MC, MOC})
    clReleaseMemObject(M);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

// Conversions (saturation, rounding modes), relational built-ins, vloadN/vstoreN and the half
// loads and stores, against host references.
TEST_F(BuiltinLibrary, ConversionRelationalAndVectorDataBuiltins) {
  cl_program P = built(R"(
    kernel void k(global const float *f, global const int *i, global int *o, global float *of,
                  global half *h, global const long *l) {
      int n = 0;
      for (int j = 0; j < 8; ++j) {
        o[n++] = convert_int_sat(f[j]);
        o[n++] = convert_int_sat_rte(f[j]);
        o[n++] = convert_int_sat_rtp(f[j]);
        o[n++] = convert_int_sat_rtn(f[j]);
        o[n++] = convert_uchar_sat(i[j]);
        o[n++] = convert_char_sat(i[j]);
        o[n++] = convert_ushort_sat(f[j]);
        o[n++] = isnan(f[j]) + 2 * isinf(f[j]) + 4 * isnormal(f[j]) + 8 * signbit(f[j]);
      }
      // int -> float in each rounding mode, on values that are not exact in float.
      for (int j = 0; j < 4; ++j) {
        of[4 * j + 0] = convert_float(i[8 + j]);
        of[4 * j + 1] = convert_float_rtz(i[8 + j]);
        of[4 * j + 2] = convert_float_rtp(i[8 + j]);
        of[4 * j + 3] = convert_float_rtn(i[8 + j]);
      }
      of[16] = convert_float_rtz(l[0]);
      of[17] = convert_float_rtp(l[0]);
      // Vectors: comparisons give -1, select by the most significant bit, any/all.
      float4 a = vload4(0, f), b = vload4(1, f);
      int4 lt = isless(a, b);
      vstore4(lt, 0, o + n); n += 4;
      vstore4(select((int4)(1, 2, 3, 4), (int4)(5, 6, 7, 8), lt), 0, o + n); n += 4;
      o[n++] = any(lt) + 2 * all(lt);
      o[n++] = bitselect(0x0f0f0f0f, 0x30303030, 0x00ff00ff);
      int3 three = vload3(1, i);                 // i[3], i[4], i[5]
      vstore3(three * 2, 0, o + n); n += 3;
      float2 c = convert_float2(vload2(0, i));
      vstore2(c, 9, of);                          // of[18], of[19]
      // half: store in each mode, load back.
      vstore_half(f[6], 0, h);
      vstore_half_rtz(f[6], 1, h);
      vstore_half_rtp(f[6], 2, h);
      vstore_half_rtn(f[6], 3, h);
      vstore_half4(vload4(0, f), 1, h);           // h[4..7]
      for (int j = 0; j < 8; ++j)
        of[20 + j] = vload_half(j, h);
    })", "-cl-std=CL3.0");
  cl_kernel K = clCreateKernel(P, "k", nullptr);
  const float NaN = std::nanf("");
  std::vector<float> F = {1.5f, -2.5f, 3e9f, -3e9f, NaN, INFINITY, 1.00048828125f /* 1 + 2^-11 */, -0.0f};
  std::vector<int> I = {300, -300, 100, 7, 9, 11, 0, -1,
                        16777217, -16777217, 2147483647, 123456789};
  std::vector<cl_long> L = {(cl_long(1) << 60) + 1};
  cl_mem MF = buffer(F.size() * 4, CL_MEM_COPY_HOST_PTR, F.data());
  cl_mem MI = buffer(I.size() * 4, CL_MEM_COPY_HOST_PTR, I.data());
  cl_mem MO = buffer(256 * 4), MOF = buffer(64 * 4), MH = buffer(16 * 2);
  cl_mem ML = buffer(8, CL_MEM_COPY_HOST_PTR, L.data());
  cl_mem Args[] = {MF, MI, MO, MOF, MH, ML};
  for (cl_uint A = 0; A < 6; ++A)
    clSetKernelArg(K, A, sizeof(cl_mem), &Args[A]);
  cl_command_queue Q = queue();
  size_t One = 1;
  ASSERT_EQ(clEnqueueNDRangeKernel(Q, K, 1, nullptr, &One, &One, 0, nullptr, nullptr), CL_SUCCESS);
  std::vector<int> O(256);
  std::vector<float> OF(64);
  ASSERT_EQ(clEnqueueReadBuffer(Q, MO, CL_TRUE, 0, O.size() * 4, O.data(), 0, nullptr, nullptr), CL_SUCCESS);
  ASSERT_EQ(clEnqueueReadBuffer(Q, MOF, CL_TRUE, 0, OF.size() * 4, OF.data(), 0, nullptr, nullptr), CL_SUCCESS);
  auto SatInt = [](double V) -> int {
    if (std::isnan(V)) return 0;
    if (V >= 2147483648.0) return INT32_MAX;
    if (V < -2147483648.0) return INT32_MIN;
    return int(V);
  };
  auto Clamp = [](long V, long Lo, long Hi) { return int(V < Lo ? Lo : V > Hi ? Hi : V); };
  for (int J = 0; J < 8; ++J) {
    double V = F[J];
    const int *R = &O[8 * J];
    EXPECT_EQ(R[0], SatInt(std::trunc(V))) << J;
    EXPECT_EQ(R[1], SatInt(std::nearbyint(V))) << J;
    EXPECT_EQ(R[2], SatInt(std::ceil(V))) << J;
    EXPECT_EQ(R[3], SatInt(std::floor(V))) << J;
    EXPECT_EQ(R[4], Clamp(I[J], 0, 255)) << J;
    EXPECT_EQ(R[5], Clamp(I[J], -128, 127)) << J;
    EXPECT_EQ(R[6], std::isnan(V) ? 0 : V >= 65536.0 ? 65535 : V < 0 ? 0 : int(std::trunc(V))) << J;
    EXPECT_EQ(R[7], int(std::isnan(V)) + 2 * int(std::isinf(V)) + 4 * int(std::isnormal(V)) + 8 * int(std::signbit(V)))
        << J;
  }
  for (int J = 0; J < 4; ++J) {
    long X = I[8 + J];
    float Near = float(X);
    // Neighbours of the nearest float: the first float at or below X, and at or above.
    float Down = double(Near) > double(X) ? std::nextafter(Near, -INFINITY) : Near;
    float Up = double(Near) < double(X) ? std::nextafter(Near, INFINITY) : Near;
    EXPECT_EQ(OF[4 * J + 0], Near) << X;
    EXPECT_EQ(OF[4 * J + 1], X >= 0 ? Down : Up) << X;
    EXPECT_EQ(OF[4 * J + 2], Up) << X;
    EXPECT_EQ(OF[4 * J + 3], Down) << X;
  }
  EXPECT_EQ(OF[16], 0x1.0p60f);                                        // 2^60 + 1 toward zero
  EXPECT_EQ(OF[17], std::nextafter(0x1.0p60f, INFINITY));              // and up
  const int *V = &O[64];
  for (int J = 0; J < 4; ++J) {
    int Less = F[J] < F[4 + J] ? -1 : 0;
    EXPECT_EQ(V[J], Less) << J;
    EXPECT_EQ(V[4 + J], Less ? 5 + J : 1 + J) << J;
  }
  bool Any = false, All = true;
  for (int J = 0; J < 4; ++J) {
    Any |= V[J] != 0;
    All &= V[J] != 0;
  }
  EXPECT_EQ(V[8], int(Any) + 2 * int(All));
  EXPECT_EQ(V[9], (0x0f0f0f0f & ~0x00ff00ff) | (0x30303030 & 0x00ff00ff));
  EXPECT_EQ(V[10], 2 * I[3]);
  EXPECT_EQ(V[11], 2 * I[4]);
  EXPECT_EQ(V[12], 2 * I[5]);
  EXPECT_EQ(OF[18], float(I[0]));
  EXPECT_EQ(OF[19], float(I[1]));
  // 1 + 2^-11 is halfway between two halves: to even (1), toward zero (1), up (1 + 2^-10), down (1).
  EXPECT_EQ(OF[20], 1.0f);
  EXPECT_EQ(OF[21], 1.0f);
  EXPECT_EQ(OF[22], 1.0f + 0x1.0p-10f);
  EXPECT_EQ(OF[23], 1.0f);
  EXPECT_EQ(OF[24], 1.5f);
  EXPECT_EQ(OF[25], -2.5f);
  EXPECT_EQ(OF[26], INFINITY);  // 3e9 overflows half: infinity when rounding to nearest
  EXPECT_EQ(OF[27], -INFINITY);
  for (cl_mem M : {MF, MI, MO, MOF, MH, ML})
    clReleaseMemObject(M);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

// 32-byte and larger vectors passed to built-ins and helpers: one calling convention on both sides
// (the library is compiled for baseline x86-64; kernels compiled with AVX passed long3 in a
// register where the library expected memory: CTS basic/astype, vector_creation).
TEST_F(BuiltinLibrary, WideVectorsThroughBuiltinsAndHelpers) {
  cl_program P = built(R"(
    long4 twice(long4 v) { return v * 2; }
    kernel void k(global const long *src, global long *dst) {
      int i = (int)get_global_id(0);
      long3 t = as_long3(vload3(i, (global const ulong *)src));
      vstore3(t, i, dst);
      vstore4(twice(vload4(i, src + 48)), i, dst + 48);
      vstore8(vload8(i, src + 112) + (long8)1, i, dst + 112);
    })");
  cl_kernel K = clCreateKernel(P, "k", nullptr);
  std::vector<cl_long> In(256), Out(256, -1);
  std::iota(In.begin(), In.end(), 1000);
  cl_mem A = buffer(In.size() * 8, CL_MEM_COPY_HOST_PTR, In.data()), B = buffer(Out.size() * 8, CL_MEM_COPY_HOST_PTR, Out.data());
  clSetKernelArg(K, 0, sizeof A, &A);
  clSetKernelArg(K, 1, sizeof B, &B);
  cl_command_queue Q = queue();
  size_t G = 16;
  ASSERT_EQ(clEnqueueNDRangeKernel(Q, K, 1, nullptr, &G, nullptr, 0, nullptr, nullptr), CL_SUCCESS);
  ASSERT_EQ(clEnqueueReadBuffer(Q, B, CL_TRUE, 0, Out.size() * 8, Out.data(), 0, nullptr, nullptr), CL_SUCCESS);
  for (int I = 0; I < 48; ++I)
    ASSERT_EQ(Out[I], In[I]) << I;
  for (int I = 48; I < 112; ++I)
    ASSERT_EQ(Out[I], 2 * In[I]) << I;
  for (int I = 112; I < 240; ++I)
    ASSERT_EQ(Out[I], In[I] + 1) << I;
  clReleaseMemObject(A);
  clReleaseMemObject(B);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

} // namespace
} // namespace weft::test
