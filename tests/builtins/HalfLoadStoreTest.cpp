// vload_half, vloada_halfN, vstore_half(N) and vstorea_halfN in each rounding mode, bit-exact
// against a host reference: every half bit pattern loaded, and stored from every half value, every
// midpoint between neighbouring halves (the ties) and the floats just beside each midpoint, plus
// denormals, overflow and the special values.
#include "api/KernelFixture.h"
#include "builtins/HalfReference.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

namespace weft::test {
namespace {

class HalfLoadStore : public KernelApi {
protected:
  /// Runs P's kernel "st" (In, then five half outputs) over N elements and returns the outputs.
  std::vector<std::vector<uint16_t>> storeFiveWays(cl_program P, cl_command_queue Q, cl_mem In, size_t N) {
    cl_mem Out[5];
    for (cl_mem &M : Out)
      M = buffer(N * 2);
    cl_kernel K = clCreateKernel(P, "st", nullptr);
    setArgs(K, In, Out[0], Out[1], Out[2], Out[3], Out[4]);
    run(Q, K, N, 64);
    std::vector<std::vector<uint16_t>> Halves;
    for (cl_mem M : Out) {
      Halves.push_back(read<uint16_t>(Q, M, N));
      clReleaseMemObject(M);
    }
    clReleaseKernel(K);
    return Halves;
  }
};

TEST_F(HalfLoadStore, StoresRoundInEveryModeBitExactly) {
  cl_program P = built(R"(
    kernel void st(global const float *in, global half *e, global half *rte, global half *rtz,
                   global half *rtp, global half *rtn) {
      size_t i = get_global_id(0);
      vstore_half(in[i], i, e);
      vstore_half_rte(in[i], i, rte);
      vstore_half_rtz(in[i], i, rtz);
      vstore_half_rtp(in[i], i, rtp);
      vstore_half_rtn(in[i], i, rtn);
    }
    kernel void st4(global const float *in, global half *rtz, global half *rtp, global half *rtn) {
      size_t i = get_global_id(0);
      float4 v = vload4(i, in);
      vstore_half4_rtz(v, i, rtz);
      vstorea_half4_rtp(v, i, (global half *)rtp);
      vstorea_half3_rtn(v.xyz, i, rtn);   // 3-component aligned stores take 4 halves each
    })", "-cl-std=CL3.0");
  const std::vector<float> In = conversionInputs();
  const size_t N = In.size();
  cl_mem MIn = buffer(N * 4, CL_MEM_COPY_HOST_PTR, const_cast<float *>(In.data()));
  cl_command_queue Q = queue();
  const std::vector<std::vector<uint16_t>> Stored = storeFiveWays(P, Q, MIn, N);
  const Round Modes[5] = {Round::Even, Round::Even, Round::Zero, Round::Up, Round::Down};
  const char *Names[5] = {"vstore_half", "_rte", "_rtz", "_rtp", "_rtn"};
  for (int M = 0; M < 5; ++M) {
    const std::vector<uint16_t> &H = Stored[M];
    int Failures = 0;
    for (size_t I = 0; I < N && Failures < 5; ++I) {
      const uint16_t Want = toHalf(In[I], Modes[M]);
      const bool Same = std::isnan(In[I]) ? ((H[I] & 0x7c00) == 0x7c00 && (H[I] & 0x3ff)) : H[I] == Want;
      if (!Same)
        ++Failures, ADD_FAILURE() << Names[M] << "(" << In[I] << " = 0x" << std::hex
                                  << *reinterpret_cast<const uint32_t *>(&In[I]) << ") gave 0x" << H[I]
                                  << ", want 0x" << Want;
    }
  }
  // The vector forms in three modes; vstorea_half3 writes 3 of each group of 4 halves.
  cl_mem Vec[3];
  for (cl_mem &M : Vec) {
    M = buffer(N * 2);
    std::vector<uint16_t> Fill(N, 0x1234);
    ASSERT_EQ(clEnqueueWriteBuffer(Q, M, CL_TRUE, 0, N * 2, Fill.data(), 0, nullptr, nullptr), CL_SUCCESS);
  }
  cl_kernel K4 = clCreateKernel(P, "st4", nullptr);
  setArgs(K4, MIn, Vec[0], Vec[1], Vec[2]);
  run(Q, K4, N / 4, 64);
  const Round VecModes[3] = {Round::Zero, Round::Up, Round::Down};
  for (int M = 0; M < 3; ++M) {
    const std::vector<uint16_t> H = read<uint16_t>(Q, Vec[M], N);
    int Failures = 0;
    for (size_t I = 0; I < N && Failures < 5; ++I) {
      uint16_t Want = toHalf(In[I], VecModes[M]);
      if (M == 2 && I % 4 == 3)
        Want = 0x1234; // untouched by vstorea_half3
      const bool Same = std::isnan(In[I]) && Want != 0x1234 ? (H[I] & 0x7c00) == 0x7c00 && (H[I] & 0x3ff)
                                                              : H[I] == Want;
      if (!Same)
        ++Failures, ADD_FAILURE() << "vector mode " << M << " element " << I << " (" << In[I]
                                  << ") gave 0x" << std::hex << H[I] << ", want 0x" << Want;
    }
  }
  for (cl_mem M : Vec)
    clReleaseMemObject(M);
  clReleaseMemObject(MIn);
  clReleaseKernel(K4);
  clReleaseProgram(P);
}

TEST_F(HalfLoadStore, LoadsEveryHalfBitPatternExactly) {
  cl_program P = built(R"(
    kernel void ld(global const half *h, global float *o, global float *o4, global float *o3) {
      size_t i = get_global_id(0);
      o[i] = vload_half(i, h);
      if (i % 4 == 0) {
        vstore4(vloada_half4(i / 4, h), i / 4, o4);
        vstore3(vloada_half3(i / 4, h), i / 4, o3);   // reads halves 4k .. 4k+2
      }
    })", "-cl-std=CL3.0");
  const size_t N = 65536;
  std::vector<uint16_t> H(N);
  for (size_t I = 0; I < N; ++I)
    H[I] = uint16_t(I);
  cl_mem MH = buffer(N * 2, CL_MEM_COPY_HOST_PTR, H.data());
  cl_mem MO = buffer(N * 4), MO4 = buffer(N * 4), MO3 = buffer(N / 4 * 3 * 4);
  cl_command_queue Q = queue();
  cl_kernel K = clCreateKernel(P, "ld", nullptr);
  setArgs(K, MH, MO, MO4, MO3);
  run(Q, K, N, 256);
  const std::vector<float> O = read<float>(Q, MO, N), O4 = read<float>(Q, MO4, N),
                           O3 = read<float>(Q, MO3, N / 4 * 3);
  auto Same = [](float Got, float Want) {
    return std::isnan(Want) ? std::isnan(Got) : std::memcmp(&Got, &Want, 4) == 0; // -0 is not 0
  };
  int Failures = 0;
  for (size_t I = 0; I < N && Failures < 5; ++I) {
    const float Want = halfValue(uint16_t(I));
    if (!Same(O[I], Want) || !Same(O4[I], Want) || (I % 4 != 3 && !Same(O3[I / 4 * 3 + I % 4], Want)))
      ++Failures, ADD_FAILURE() << "half 0x" << std::hex << I << ": " << O[I] << " / " << O4[I] << ", want " << Want;
  }
  clReleaseMemObject(MH);
  clReleaseMemObject(MO);
  clReleaseMemObject(MO4);
  clReleaseMemObject(MO3);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

// vstore_half from double (cl_khr_fp64) rounds the double once: the midpoints between halves and
// the doubles just beside them, which a float on the way would round onto the midpoint (and then
// to even) in the default mode.
TEST_F(HalfLoadStore, StoresOfDoubleRoundOnceInEveryMode) {
  cl_program P = built(R"(
    kernel void st(global const double *in, global half *rte, global half *rtz, global half *rtp,
                   global half *rtn, global half *v) {
      size_t i = get_global_id(0);
      vstore_half(in[i], i, rte);
      vstore_half_rtz(in[i], i, rtz);
      vstore_half_rtp(in[i], i, rtp);
      vstore_half_rtn(in[i], i, rtn);
      if (i % 4 == 0)
        vstore_half4_rtz(vload4(i / 4, in), i / 4, v);
    })", "-cl-std=CL3.0");
  std::vector<double> In;
  for (uint32_t H = 0; H < 0x7c00; H += 7) {
    const double V = halfValue(uint16_t(H)), Next = H + 1 < 0x7c00 ? halfValue(uint16_t(H + 1)) : 65536.0;
    const double Mid = (V + Next) / 2;
    for (double X : {V, Mid, std::nextafter(Mid, 0.0), std::nextafter(Mid, INFINITY),
                     Mid * (1 + 0x1p-40), Mid * (1 - 0x1p-40)}) {
      In.push_back(X);
      In.push_back(-X);
    }
  }
  for (double X : {0.0, -0.0, double(INFINITY), -double(INFINITY), 1e-300, -1e-300, 1e300, -1e300,
                   std::numeric_limits<double>::denorm_min(), 65504.0, 65520.0, 65519.99999999,
                   0x1p-25, 0x1p-25 * (1 + 0x1p-50), 0x1.8p-24})
    In.push_back(X);
  while (In.size() % 64)
    In.push_back(1.0);
  const size_t N = In.size();
  cl_mem MIn = buffer(N * 8, CL_MEM_COPY_HOST_PTR, In.data());
  const std::vector<std::vector<uint16_t>> Stored = storeFiveWays(P, queue(), MIn, N);
  const Round Modes[5] = {Round::Even, Round::Zero, Round::Up, Round::Down, Round::Zero};
  const char *Names[5] = {"vstore_half", "_rtz", "_rtp", "_rtn", "vstore_half4_rtz"};
  for (int M = 0; M < 5; ++M) {
    const std::vector<uint16_t> &H = Stored[M];
    int Failures = 0;
    for (size_t I = 0; I < N && Failures < 5; ++I)
      if (H[I] != toHalf(In[I], Modes[M]))
        ++Failures, ADD_FAILURE() << Names[M] << "(" << In[I] << ") gave 0x" << std::hex << H[I]
                                  << ", want 0x" << toHalf(In[I], Modes[M]);
  }
  clReleaseMemObject(MIn);
  clReleaseProgram(P);
}

} // namespace
} // namespace weft::test
