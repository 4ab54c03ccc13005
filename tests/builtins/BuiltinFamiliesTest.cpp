// Built-in families beyond math, against host references: conversions to and from double and
// float in every rounding mode (the host's own conversions under fesetround) and between integer
// types, the relational tests on float and double vectors (-1 in a lane), select, bitselect, any
// and all, the common and geometric functions for float and double, the integer functions on
// every width, shuffle/shuffle2, and the extensions cl_khr_extended_bit_ops and
// cl_khr_integer_dot_product.
#include "api/KernelFixture.h"

#include <algorithm>
#include <cfenv>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <type_traits>

namespace weft::test {
namespace {

class BuiltinFamilies : public KernelApi {};

/// Wrong results of a test: the first 12 are reported (a broken built-in would otherwise print a
/// failure per input), and the test fails at the end of the scope if there were any.
class Mismatches {
public:
  ~Mismatches() { EXPECT_EQ(Count, 0) << "wrong results in all"; }
  /// Whether to report a result that is not Ok: counts it, and says yes for the first 12.
  bool report(bool Ok) { return !Ok && ++Count <= 12; }

private:
  int Count = 0;
};

/// Conversion in the host's rounding mode Mode (the volatile keeps it at run time).
template <typename To, typename From> To convertIn(int Mode, From X) {
  volatile From In = X;
  std::fesetround(Mode);
  volatile To Out = To(In);
  std::fesetround(FE_TONEAREST);
  return Out;
}

template <typename T> bool same(T A, T B) {
  if (std::isnan(A) || std::isnan(B))
    return std::isnan(A) && std::isnan(B);
  return std::memcmp(&A, &B, sizeof A) == 0;
}

TEST_F(BuiltinFamilies, DoubleConversionsInEveryRoundingMode) {
  cl_program P = built(R"(
    kernel void k(global const double *d, global const long *l, global const ulong *u,
                  global float *f, global double *o, global long *r) {
      size_t j = get_global_id(0);
      double x = d[j];
      f[4 * j + 0] = convert_float(x);
      f[4 * j + 1] = convert_float_rtz(x);
      f[4 * j + 2] = convert_float_rtp(x);
      f[4 * j + 3] = convert_float4_rtn((double4)(x)).w;
      o[6 * j + 0] = convert_double(l[j]);
      o[6 * j + 1] = convert_double_rtz(l[j]);
      o[6 * j + 2] = convert_double2_rtp((long2)(l[j])).y;
      o[6 * j + 3] = convert_double_rtn(l[j]);
      o[6 * j + 4] = convert_double_rtz(u[j]);
      o[6 * j + 5] = convert_double_rtp(u[j]);
      r[4 * j + 0] = convert_long_sat_rte(x);
      r[4 * j + 1] = convert_int_sat_rtp(x);
      r[4 * j + 2] = convert_uint_sat_rtn(x);
      r[4 * j + 3] = convert_short_sat(x);
    })");
  std::vector<double> D = {0.0, -0.0, 1.5, -2.5, 2.5, 1e300, -1e300, 1e-300, -1e-300,
                           3.4028235677973366e38 /* just above FLT_MAX */, 1.0 + 0x1p-30,
                           -(1.0 + 0x1p-30), 0x1p-149 * 0.75, 0x1p-140 * 1.1, 9.2233720368547758e18,
                           -9.2233720368547758e18, 4294967295.5, -0.5, 32767.5, -32768.7,
                           std::numeric_limits<double>::quiet_NaN(), INFINITY, -INFINITY};
  std::vector<cl_long> L = {0, 1, -1, (cl_long(1) << 53) + 1, -((cl_long(1) << 53) + 1),
                            (cl_long(1) << 60) + 3, -((cl_long(1) << 60) + 3), LLONG_MAX, LLONG_MIN};
  std::mt19937_64 Random(11);
  while (D.size() < 256) {
    uint64_t Bits = Random();
    double X;
    std::memcpy(&X, &Bits, 8);
    D.push_back(Random() % 2 ? X : std::ldexp(double(int64_t(Random())), -int(Random() % 80)));
  }
  while (L.size() < D.size())
    L.push_back(cl_long(Random()) >> (Random() % 40));
  std::vector<cl_ulong> U(L.begin(), L.end());
  const size_t N = D.size();
  cl_mem MD = buffer(N * 8, CL_MEM_COPY_HOST_PTR, D.data());
  cl_mem ML = buffer(N * 8, CL_MEM_COPY_HOST_PTR, L.data());
  cl_mem MU = buffer(N * 8, CL_MEM_COPY_HOST_PTR, U.data());
  cl_mem MF = buffer(N * 4 * 4), MO = buffer(N * 6 * 8), MR = buffer(N * 4 * 8);
  cl_kernel K = clCreateKernel(P, "k", nullptr);
  setArgs(K, MD, ML, MU, MF, MO, MR);
  cl_command_queue Q = queue();
  run(Q, K, N, 16);
  const std::vector<float> F = read<float>(Q, MF, N * 4);
  const std::vector<double> O = read<double>(Q, MO, N * 6);
  const std::vector<cl_long> R = read<cl_long>(Q, MR, N * 4);
  // An integral V saturated to [Lo, Hi] (Hi + 1.0 is a power of two, exact in double).
  auto Sat = [](double V, cl_long Lo, cl_long Hi) -> cl_long {
    return std::isnan(V) ? 0 : V < double(Lo) ? Lo : V >= double(Hi) + 1.0 ? Hi : cl_long(V);
  };
  Mismatches Wrong;
  auto Check = [&](bool Ok, const char *What, size_t I) {
    if (Wrong.report(Ok))
      ADD_FAILURE() << What << " of element " << I << " (" << D[I] << ", " << L[I] << ")";
  };
  for (size_t I = 0; I < N; ++I) {
    const double X = D[I];
    Check(same(F[4 * I + 0], convertIn<float>(FE_TONEAREST, X)), "convert_float", I);
    Check(same(F[4 * I + 1], convertIn<float>(FE_TOWARDZERO, X)), "convert_float_rtz", I);
    Check(same(F[4 * I + 2], convertIn<float>(FE_UPWARD, X)), "convert_float_rtp", I);
    Check(same(F[4 * I + 3], convertIn<float>(FE_DOWNWARD, X)), "convert_float4_rtn", I);
    Check(same(O[6 * I + 0], convertIn<double>(FE_TONEAREST, L[I])), "convert_double(long)", I);
    Check(same(O[6 * I + 1], convertIn<double>(FE_TOWARDZERO, L[I])), "convert_double_rtz(long)", I);
    Check(same(O[6 * I + 2], convertIn<double>(FE_UPWARD, L[I])), "convert_double2_rtp(long2)", I);
    Check(same(O[6 * I + 3], convertIn<double>(FE_DOWNWARD, L[I])), "convert_double_rtn(long)", I);
    Check(same(O[6 * I + 4], convertIn<double>(FE_TOWARDZERO, U[I])), "convert_double_rtz(ulong)", I);
    Check(same(O[6 * I + 5], convertIn<double>(FE_UPWARD, U[I])), "convert_double_rtp(ulong)", I);
    Check(R[4 * I + 0] == Sat(std::nearbyint(X), LLONG_MIN, LLONG_MAX), "convert_long_sat_rte", I);
    Check(R[4 * I + 1] == Sat(std::ceil(X), INT_MIN, INT_MAX), "convert_int_sat_rtp", I);
    Check(R[4 * I + 2] == Sat(std::floor(X), 0, UINT_MAX), "convert_uint_sat_rtn", I);
    Check(R[4 * I + 3] == Sat(std::trunc(X), SHRT_MIN, SHRT_MAX), "convert_short_sat", I);
  }
  for (cl_mem M : {MD, ML, MU, MF, MO, MR})
    clReleaseMemObject(M);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

// Relational tests on double: scalars give 1 or 0, vectors -1 or 0 in a long; select and
// bitselect on doubles; the common and geometric functions for double (and the float forms with
// a scalar argument).
TEST_F(BuiltinFamilies, DoubleRelationalCommonAndGeometric) {
  cl_program P = built(R"(
    kernel void k(global const double *d, global long *r, global double *o) {
      size_t j = get_global_id(0);
      double x = d[j];
      double2 v = (double2)(x, 1.0);
      r[6 * j + 0] = isless(v, (double2)(1.0)).x;            // -1 or 0
      r[6 * j + 1] = isnan(x) + 2 * isinf(x) + 4 * isnormal(x) + 8 * signbit(x);
      r[6 * j + 2] = isnotequal((double4)(x), (double4)(x)).w;
      r[6 * j + 3] = select((long2)(1), (long2)(2), isgreater(v, (double2)(0.0))).x;
      r[6 * j + 4] = as_long(bitselect(x, -x, as_double(0x8000000000000000L)));
      r[6 * j + 5] = isunordered((double8)(x), (double8)(0.0)).s7;
      o[9 * j + 0] = clamp(x, -1.0, 2.0);
      o[9 * j + 1] = sign(x);
      o[9 * j + 2] = smoothstep(0.0, 4.0, x);
      o[9 * j + 3] = length((double3)(x, 2.0, -3.0));
      o[9 * j + 4] = dot((double4)(x, 1.0, 2.0, 3.0), (double4)(2.0));
      o[9 * j + 5] = cross((double3)(x, 1.0, 0.0), (double3)(0.0, 1.0, x)).z;
      o[9 * j + 6] = degrees(x) + radians(x);
      o[9 * j + 7] = mix((double4)(x), (double4)(3.0), 0.25).y;
      o[9 * j + 8] = step(1.0, (double2)(x)).y + max(x, 0.5) + min((double3)(x), 0.25).z;
    }
    kernel void f(global const float *a, global float *o) {
      size_t j = get_global_id(0);
      float4 x = vload4(j, a);
      vstore4(clamp(x, -1.0f, 2.0f) + mix(x, (float4)(3.0f), 0.25f) + step(1.0f, x) +
              smoothstep(0.0f, 4.0f, x) + sign(x), j, o);
    })");
  std::vector<double> D = {0.0, -0.0, 1.0, -1.0, 0.5, 3.0, 5.0, -7.25, 1e-310, 1e308,
                           std::numeric_limits<double>::quiet_NaN(), INFINITY, -INFINITY, 2.0, 0.25, 1.75};
  const size_t N = D.size();
  cl_mem MD = buffer(N * 8, CL_MEM_COPY_HOST_PTR, D.data());
  cl_mem MR = buffer(N * 6 * 8), MO = buffer(N * 9 * 8);
  cl_kernel K = clCreateKernel(P, "k", nullptr);
  setArgs(K, MD, MR, MO);
  cl_command_queue Q = queue();
  run(Q, K, N, 4);
  const std::vector<cl_long> R = read<cl_long>(Q, MR, N * 6);
  const std::vector<double> O = read<double>(Q, MO, N * 9);
  auto Smooth = [](double E0, double E1, double X) {
    double T = std::fmin(std::fmax((X - E0) / (E1 - E0), 0.0), 1.0);
    return T * T * (3 - 2 * T);
  };
  auto Sign = [](double X) { return X > 0 ? 1.0 : X < 0 ? -1.0 : X == 0 ? X : 0.0; };
  for (size_t I = 0; I < N; ++I) {
    const double X = D[I];
    SCOPED_TRACE(X);
    EXPECT_EQ(R[6 * I + 0], X < 1.0 ? -1 : 0);
    EXPECT_EQ(R[6 * I + 1], std::isnan(X) + 2 * std::isinf(X) + 4 * std::isnormal(X) + 8 * std::signbit(X));
    EXPECT_EQ(R[6 * I + 2], std::isnan(X) ? -1 : 0);
    EXPECT_EQ(R[6 * I + 3], X > 0 ? 2 : 1);
    double Negated = -X;
    cl_long NegatedBits;
    std::memcpy(&NegatedBits, &Negated, 8);
    EXPECT_EQ(R[6 * I + 4], NegatedBits);
    EXPECT_EQ(R[6 * I + 5], std::isnan(X) ? -1 : 0);
    const double *G = &O[9 * I];
    EXPECT_TRUE(same(G[0], std::fmin(std::fmax(X, -1.0), 2.0)));
    EXPECT_TRUE(same(G[1], Sign(X)));
    EXPECT_TRUE(same(G[2], Smooth(0.0, 4.0, X)));
    if (std::isfinite(X * X) || !std::isfinite(X))
      EXPECT_TRUE(same(G[3], std::sqrt(X * X + 4.0 + 9.0)));
    else // the squares overflow; the length does not
      EXPECT_EQ(G[3], std::fabs(X));
    EXPECT_TRUE(same(G[4], X * 2.0 + 2.0 + 4.0 + 6.0));
    EXPECT_TRUE(same(G[5], X * 1.0 - 1.0 * 0.0));
    const double Angles = X * (180 / M_PI) + X * (M_PI / 180);
    if (std::isfinite(Angles))
      EXPECT_NEAR(G[6], Angles, std::fabs(X) * 1e-15) << "degrees + radians";
    else
      EXPECT_TRUE(same(G[6], Angles)) << "degrees + radians";
    EXPECT_TRUE(same(G[7], X + (3.0 - X) * 0.25));
    EXPECT_TRUE(same(G[8], (X < 1.0 ? 0.0 : 1.0) + (X < 0.5 ? 0.5 : X) + (0.25 < X ? 0.25 : X)));
  }
  // The float forms with scalar arguments.
  std::vector<float> A = {-2.0f, -0.5f, 0.0f, 0.75f, 1.0f, 2.5f, 3.0f, 5.0f};
  cl_mem MA = buffer(A.size() * 4, CL_MEM_COPY_HOST_PTR, A.data()), MF = buffer(A.size() * 4);
  cl_kernel KF = clCreateKernel(P, "f", nullptr);
  setArgs(KF, MA, MF);
  run(Q, KF, 2, 1);
  const std::vector<float> Fo = read<float>(Q, MF, A.size());
  for (size_t I = 0; I < A.size(); ++I) {
    const float X = A[I];
    float T = std::fmin(std::fmax(X / 4.0f, 0.0f), 1.0f);
    EXPECT_FLOAT_EQ(Fo[I], std::fmin(std::fmax(X, -1.0f), 2.0f) + (X + (3.0f - X) * 0.25f) +
                               (X < 1.0f ? 0.0f : 1.0f) + T * T * (3 - 2 * T) +
                               float(Sign(X))) << X;
  }
  for (cl_mem M : {MD, MR, MO, MA, MF})
    clReleaseMemObject(M);
  clReleaseKernel(K);
  clReleaseKernel(KF);
  clReleaseProgram(P);
}

// length, distance and normalize where the squares overflow or underflow (CTS geometrics failed
// on (0x1p64, ...) and on tiny vectors), and normalize's special cases.
TEST_F(BuiltinFamilies, GeometricFunctionsBeyondTheRangeOfTheSquares) {
  cl_program P = built(R"(
    kernel void k(global float *o, global double *d) {
      o[0] = length((float2)(0x1p64f, 3.0f));
      o[1] = length((float3)(3e-30f, 4e-30f, 0.0f));
      o[2] = distance((float4)(0x1p100f, 0.0f, 0.0f, 0.0f), (float4)(0.0f));
      o[3] = normalize(-0x1.fe1558p-103f);
      float4 n = normalize((float4)(1e-40f, 0.0f, -1e-40f, 0.0f));
      o[4] = n.x; o[5] = n.z;
      float3 inf = normalize((float3)(INFINITY, 5.0f, -INFINITY));
      o[6] = inf.x; o[7] = inf.y; o[8] = inf.z;
      float2 z = normalize((float2)(0.0f, -0.0f));
      o[9] = z.x; o[10] = z.y;
      o[11] = length((float2)(INFINITY, 1.0f));
      o[12] = length((float2)(3.0f, 4.0f));
      d[0] = length((double2)(0x1p600, 0x1p600));
      d[1] = length((double4)(3e-300, 4e-300, 0.0, 0.0));
      d[2] = normalize((double2)(1e-320, 0.0)).x;
    })");
  cl_mem O = buffer(13 * 4), D = buffer(3 * 8);
  cl_kernel K = clCreateKernel(P, "k", nullptr);
  setArgs(K, O, D);
  cl_command_queue Q = queue();
  run(Q, K, 1, 1);
  const std::vector<float> R = read<float>(Q, O, 13);
  const std::vector<double> Rd = read<double>(Q, D, 3);
  EXPECT_EQ(R[0], 0x1p64f);
  EXPECT_NEAR(R[1], 5e-30f, 5e-36f);
  EXPECT_EQ(R[2], 0x1p100f);
  EXPECT_EQ(R[3], -1.0f);
  EXPECT_NEAR(R[4], float(M_SQRT1_2), 1e-6f);
  EXPECT_NEAR(R[5], -float(M_SQRT1_2), 1e-6f);
  EXPECT_NEAR(R[6], float(M_SQRT1_2), 1e-6f); // (1, 0, -1) normalized
  EXPECT_TRUE(same(R[7], 0.0f));
  EXPECT_NEAR(R[8], -float(M_SQRT1_2), 1e-6f);
  EXPECT_TRUE(same(R[9], 0.0f)); // a zero vector is returned as it is
  EXPECT_TRUE(same(R[10], -0.0f));
  EXPECT_EQ(R[11], INFINITY);
  EXPECT_EQ(R[12], 5.0f);
  EXPECT_EQ(Rd[0], std::sqrt(2.0) * 0x1p600);
  EXPECT_NEAR(Rd[1], 5e-300, 5e-315);
  EXPECT_EQ(Rd[2], 1.0);
  for (cl_mem M : {O, D})
    clReleaseMemObject(M);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

// The work-group collectives on a 2D NDRange (8 x 4 work-groups) and on a 1D one whose last group
// is smaller (100 work-items in groups of 32), one after another and in a loop, against the host.
TEST_F(BuiltinFamilies, WorkGroupCollectives) {
  // The device query says what the feature list says (the CTS skips everything otherwise).
  cl_bool Supported = CL_FALSE;
  ASSERT_EQ(clGetDeviceInfo(Device, CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT, sizeof Supported,
                            &Supported, nullptr), CL_SUCCESS);
  EXPECT_EQ(Supported, CL_TRUE);
  cl_program P = built(R"(
    kernel void k(global const int *in, global int *o, global long *l, global float *f,
                  global double *d) {
      size_t g = get_global_linear_id(), n = get_global_size(0) * get_global_size(1);
      int x = in[g];
      o[8 * g + 0] = work_group_reduce_add(x);
      o[8 * g + 1] = work_group_scan_inclusive_add(x);
      o[8 * g + 2] = work_group_scan_exclusive_max(x);
      o[8 * g + 3] = work_group_reduce_min(x);
      o[8 * g + 4] = work_group_broadcast(x, 3, 2);
      o[8 * g + 5] = work_group_all(x > -1000) + 2 * work_group_any(x == 17);
      int s = 0;
      for (int k = 0; k < 3; ++k)
        s += work_group_scan_exclusive_min(x + k);
      o[8 * g + 6] = s;
      o[8 * g + 7] = (int)work_group_reduce_max((uint)x);
      l[g] = work_group_scan_inclusive_add((long)x << 33);
      f[g] = work_group_reduce_add((float)x * 0.5f);
      d[g] = work_group_scan_exclusive_add((double)x);
    }
    kernel void uneven(global const int *in, global int *o) {
      size_t g = get_global_id(0);
      o[2 * g] = work_group_reduce_add(in[g]);
      o[2 * g + 1] = work_group_broadcast(in[g], get_local_size(0) - 1);
    })", "-cl-std=CL3.0");
  const size_t W = 16, H = 8, N = W * H, Lx = 8, Ly = 4;
  std::vector<cl_int> In(N);
  std::mt19937 Random(7);
  for (cl_int &V : In)
    V = int(Random() % 200) - 100;
  In[37] = 17;
  cl_mem MI = buffer(N * 4, CL_MEM_COPY_HOST_PTR, In.data());
  cl_mem MO = buffer(N * 8 * 4), ML = buffer(N * 8), MF = buffer(N * 4), MD = buffer(N * 8);
  cl_kernel K = clCreateKernel(P, "k", nullptr);
  setArgs(K, MI, MO, ML, MF, MD);
  cl_command_queue Q = queue();
  size_t Global[2] = {W, H}, Local[2] = {Lx, Ly};
  ASSERT_EQ(clEnqueueNDRangeKernel(Q, K, 2, nullptr, Global, Local, 0, nullptr, nullptr), CL_SUCCESS);
  const std::vector<cl_int> O = read<cl_int>(Q, MO, N * 8);
  const std::vector<cl_long> L = read<cl_long>(Q, ML, N);
  const std::vector<float> F = read<float>(Q, MF, N);
  const std::vector<double> D = read<double>(Q, MD, N);
  for (size_t Gy = 0; Gy < H / Ly; ++Gy)
    for (size_t Gx = 0; Gx < W / Lx; ++Gx) {
      // The group's work-items in local linear order, and their global linear ids.
      std::vector<size_t> Ids;
      for (size_t Y = 0; Y < Ly; ++Y)
        for (size_t X = 0; X < Lx; ++X)
          Ids.push_back((Gy * Ly + Y) * W + Gx * Lx + X);
      int Sum = 0, Min = INT_MAX, Max = INT_MIN;
      bool All = true, Any = false;
      float FSum = 0;
      cl_uint MaxUnsigned = 0;
      for (size_t I : Ids) {
        MaxUnsigned = std::max(MaxUnsigned, cl_uint(In[I]));
        Sum += In[I], Min = std::min(Min, In[I]), Max = std::max(Max, In[I]);
        All = All && In[I] > -1000, Any = Any || In[I] == 17;
        FSum += float(In[I]) * 0.5f;
      }
      int Running = 0, RunningMax = INT_MIN;
      long RunningLong = 0;
      double RunningDouble = 0;
      for (size_t J = 0; J < Ids.size(); ++J) {
        const size_t I = Ids[J];
        SCOPED_TRACE(::testing::Message() << "work-item " << I);
        const cl_int *R = &O[8 * I];
        Running += In[I];
        EXPECT_EQ(R[0], Sum);
        EXPECT_EQ(R[1], Running);
        EXPECT_EQ(R[2], RunningMax);
        RunningMax = std::max(RunningMax, In[I]);
        EXPECT_EQ(R[3], Min);
        EXPECT_EQ(R[4], In[Ids[3 + 2 * Lx]]);
        EXPECT_EQ(R[5], int(All) + 2 * int(Any));
        int S = 0;
        for (int K2 = 0; K2 < 3; ++K2) {
          int M = INT_MAX;
          for (size_t Before = 0; Before < J; ++Before)
            M = std::min(M, In[Ids[Before]] + K2);
          S += M;
        }
        EXPECT_EQ(R[6], S);
        EXPECT_EQ(cl_uint(R[7]), MaxUnsigned);
        RunningLong += long(In[I]) << 33;
        EXPECT_EQ(L[I], RunningLong);
        EXPECT_EQ(F[I], FSum); // the same order of additions as the host's
        EXPECT_EQ(D[I], RunningDouble);
        RunningDouble += In[I];
      }
    }
  // Uneven: 100 work-items in groups of 32; the last group has 4.
  const size_t Un = 100;
  cl_mem MU = buffer(Un * 2 * 4);
  cl_kernel U = clCreateKernel(P, "uneven", nullptr);
  setArgs(U, MI, MU);
  size_t G1 = Un, L1 = 32;
  ASSERT_EQ(clEnqueueNDRangeKernel(Q, U, 1, nullptr, &G1, &L1, 0, nullptr, nullptr), CL_SUCCESS);
  const std::vector<cl_int> R = read<cl_int>(Q, MU, Un * 2);
  for (size_t I = 0; I < Un; ++I) {
    const size_t First = I / 32 * 32, Last = std::min(First + 32, Un);
    int Sum = 0;
    for (size_t J = First; J < Last; ++J)
      Sum += In[J];
    EXPECT_EQ(R[2 * I], Sum) << I;
    EXPECT_EQ(R[2 * I + 1], In[Last - 1]) << I;
  }
  for (cl_mem M : {MI, MO, ML, MF, MD, MU})
    clReleaseMemObject(M);
  clReleaseKernel(K);
  clReleaseKernel(U);
  clReleaseProgram(P);
}

// The generic address space: one helper taking unqualified (generic) pointers to global, local
// and private memory; to_global/to_local/to_private and get_fence on each; built-ins through
// generic pointers (vload/vstore, frexp, C11 atomics on global and local objects).
TEST_F(BuiltinFamilies, GenericAddressSpace) {
  cl_bool Supported = CL_FALSE;
  ASSERT_EQ(clGetDeviceInfo(Device, CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT, sizeof Supported,
                            &Supported, nullptr), CL_SUCCESS);
  EXPECT_EQ(Supported, CL_TRUE);
  cl_program P = built(R"(
    int classify(int *p) {   // generic
      return (to_global(p) != 0) + 2 * (to_local(p) != 0) + 4 * (to_private(p) != 0) +
             8 * (get_fence(p) == CLK_LOCAL_MEM_FENCE);
    }
    void add(atomic_int *counter, int v) { atomic_fetch_add(counter, v); }
    kernel void k(global int *g, global atomic_int *counter, global float *f) {
      local int l[64];
      local atomic_int lc;
      int p[4] = {1, 2, 3, 4};
      size_t i = get_local_id(0);
      if (i == 0)
        atomic_init(&lc, 0);
      barrier(CLK_LOCAL_MEM_FENCE);
      l[i] = (int)i;
      int *which = i % 3 == 0 ? (int *)&g[8 + i] : i % 3 == 1 ? (int *)&l[i] : (int *)&p[1];
      g[8 + i] = classify(which);
      add(counter, 1);
      add(&lc, 2);
      int e;
      float m = frexp(12.0f, &e);                  // the generic frexp
      float4 v = vload4(0, (float *)f);            // generic vload
      vstore4(v * m + (float)e, 1, (float *)f);
      barrier(CLK_LOCAL_MEM_FENCE);
      if (i == 0)
        g[0] = atomic_load(&lc);
      g[1] = l[(i + 1) % get_local_size(0)] == (int)((i + 1) % get_local_size(0));
      // CTS generic_address_space: a vload through a generic pointer to a __local array read
      // the wrong memory (weft-local-memory missed the nested constant expression).
      const int *generic_l = l;
      g[2] = all(vload2(2, generic_l) == vload2(2, l)) && vload2(2, generic_l).y == 5;
    })", "-cl-std=CL3.0");
  cl_mem G = buffer(64 * 4), C = buffer(4), F = buffer(8 * 4);
  cl_int Zero = 0;
  std::vector<float> Fs = {1, 2, 3, 4, 0, 0, 0, 0};
  ASSERT_EQ(clEnqueueWriteBuffer(queue(), C, CL_TRUE, 0, 4, &Zero, 0, nullptr, nullptr), CL_SUCCESS);
  ASSERT_EQ(clEnqueueWriteBuffer(queue(), F, CL_TRUE, 0, 32, Fs.data(), 0, nullptr, nullptr), CL_SUCCESS);
  cl_kernel K = clCreateKernel(P, "k", nullptr);
  setArgs(K, G, C, F);
  cl_command_queue Q = queue();
  run(Q, K, 48, 48);
  const std::vector<cl_int> R = read<cl_int>(Q, G, 64);
  for (size_t I = 0; I < 48; ++I)
    EXPECT_EQ(R[8 + I], I % 3 == 0 ? 1 : I % 3 == 1 ? 2 + 8 : 4) << I;
  EXPECT_EQ(R[0], 96);
  EXPECT_EQ(R[1], 1);
  EXPECT_EQ(R[2], 1);
  EXPECT_EQ(read<cl_int>(Q, C, 1)[0], 48);
  const std::vector<float> Fo = read<float>(Q, F, 8);
  for (int I = 0; I < 4; ++I)
    EXPECT_EQ(Fo[4 + I], Fs[I] * 0.75f + 4.0f) << I; // 12 = 0.75 * 2^4
  for (cl_mem M : {G, C, F})
    clReleaseMemObject(M);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

// The integer functions with saturation, high halves and widening, against 128-bit host
// arithmetic, on the extremes of each type and random values.
TEST_F(BuiltinFamilies, IntegerSaturationHighHalvesAndUpsample) {
  cl_program P = built(R"(
    kernel void k(global const long *a, global const long *b, global const long *c,
                  global long *r) {
      size_t j = get_global_id(0);
      long x = a[j], y = b[j], z = c[j];
      int xi = (int)x, yi = (int)y, zi = (int)z;
      r[14 * j + 0] = add_sat(x, y);
      r[14 * j + 1] = sub_sat(x, y);
      r[14 * j + 2] = mul_hi(x, y);
      r[14 * j + 3] = (long)mul_hi((ulong)x, (ulong)y);
      r[14 * j + 4] = mad_sat(x, y, z);
      r[14 * j + 5] = (long)abs_diff(x, y);
      r[14 * j + 6] = add_sat(xi, yi);
      r[14 * j + 7] = sub_sat((uint)xi, (uint)yi);
      r[14 * j + 8] = mad_hi(xi, yi, zi);
      r[14 * j + 9] = mad_sat((uint)xi, (uint)yi, (uint)zi);
      r[14 * j + 10] = add_sat((char4)((char)x), (char4)((char)y)).w;
      r[14 * j + 11] = upsample((int)x, (uint)y);
      r[14 * j + 12] = upsample((ushort2)((ushort)x), (ushort2)((ushort)y)).y;
      r[14 * j + 13] = abs((short3)((short)x)).z;
    })");
  std::vector<cl_long> A = {0, 1, -1, LLONG_MAX, LLONG_MIN, INT_MAX, INT_MIN, 127, -128, 255, 1 << 20};
  std::vector<cl_long> B = {0, LLONG_MAX, LLONG_MIN, 2, -2, INT_MAX, INT_MIN, 127, -128, 3, -(1 << 21)};
  std::vector<cl_long> C = {0, -1, 1, LLONG_MIN, LLONG_MAX, INT_MIN, INT_MAX, 5, -5, 0, 7};
  std::mt19937_64 Random(3);
  while (A.size() < 64) {
    A.push_back(cl_long(Random()) >> (Random() % 64));
    B.push_back(cl_long(Random()) >> (Random() % 64));
    C.push_back(cl_long(Random()) >> (Random() % 64));
  }
  const size_t N = A.size();
  const std::vector<cl_long> R = runOnInputs<cl_long>(P, 14, 8, A, B, C);
  using I128 = __int128;
  auto Clamp = [](I128 V, I128 Lo, I128 Hi) { return cl_long(V < Lo ? Lo : V > Hi ? Hi : V); };
  for (size_t I = 0; I < N; ++I) {
    const cl_long X = A[I], Y = B[I], Z = C[I];
    const int32_t Xi = int32_t(X), Yi = int32_t(Y), Zi = int32_t(Z);
    SCOPED_TRACE(::testing::Message() << X << ", " << Y << ", " << Z);
    const cl_long *G = &R[14 * I];
    EXPECT_EQ(G[0], Clamp(I128(X) + Y, LLONG_MIN, LLONG_MAX));
    EXPECT_EQ(G[1], Clamp(I128(X) - Y, LLONG_MIN, LLONG_MAX));
    EXPECT_EQ(G[2], cl_long((I128(X) * Y) >> 64));
    EXPECT_EQ(G[3], cl_long(((unsigned __int128)uint64_t(X) * uint64_t(Y)) >> 64));
    EXPECT_EQ(G[4], Clamp(I128(X) * Y + Z, LLONG_MIN, LLONG_MAX));
    EXPECT_EQ(uint64_t(G[5]), uint64_t(X > Y ? uint64_t(X) - uint64_t(Y) : uint64_t(Y) - uint64_t(X)));
    EXPECT_EQ(G[6], Clamp(I128(Xi) + Yi, INT_MIN, INT_MAX));
    EXPECT_EQ(G[7], Clamp(I128(uint32_t(Xi)) - uint32_t(Yi), 0, UINT_MAX));
    EXPECT_EQ(G[8], cl_long(int32_t(uint32_t((int64_t(Xi) * Yi) >> 32) + uint32_t(Zi))));
    EXPECT_EQ(G[9], Clamp(I128(uint32_t(Xi)) * uint32_t(Yi) + uint32_t(Zi), 0, UINT_MAX));
    EXPECT_EQ(G[10], Clamp(I128(int8_t(X)) + int8_t(Y), -128, 127));
    EXPECT_EQ(G[11], cl_long((uint64_t(uint32_t(int32_t(X))) << 32) | uint32_t(Y)));
    EXPECT_EQ(G[12], cl_long((uint32_t(uint16_t(X)) << 16) | uint16_t(Y)));
    EXPECT_EQ(G[13], cl_long(uint16_t(std::abs(int(int16_t(X))))));
  }
  clReleaseProgram(P);
}

/// The integral value V (a rounded float, or an integer: long double holds every one exactly)
/// saturated to T's range, as the bits of a long; NaN gives 0.
template <typename T> cl_long saturated(long double V) {
  using Limits = std::numeric_limits<T>;
  if (std::isnan(V))
    return 0;
  if (V <= (long double)Limits::min())
    return cl_long(Limits::min());
  if (V >= (long double)Limits::max())
    return cl_long(Limits::max());
  return cl_long(T(V));
}

// Float to every integer width saturated, in every rounding mode (scalars and vectors); int,
// uint, long and ulong to float in every rounding mode; between integer types with and without
// saturation. The host's rounding functions and its own conversions under fesetround are the
// reference.
TEST_F(BuiltinFamilies, FloatAndIntegerConversionsInEveryRoundingMode) {
  cl_program P = built(R"(
    kernel void k(global const float *a, global const long *b, global long *r) {
      size_t j = get_global_id(0);
      float x = a[j];
      long l = b[j];
      global long *o = r + 20 * j;
      o[0] = convert_int_sat(x);
      o[1] = convert_int_sat_rte(x);
      o[2] = convert_int4_sat_rtp((float4)(x)).z;
      o[3] = convert_int_sat_rtn(x);
      o[4] = convert_uchar_sat(x);
      o[5] = convert_char16_sat_rte((float16)(x)).sd;
      o[6] = convert_ushort_sat_rtp(x);
      o[7] = convert_short3_sat_rtn((float3)(x)).y;
      o[8] = convert_uint_sat_rte(x);
      o[9] = convert_long_sat_rtn(x);
      o[10] = as_long(convert_ulong_sat_rtp(x));
      o[11] = convert_long8_sat((float8)(x)).s6;
      o[12] = convert_uchar_sat((int)l);
      o[13] = convert_char2_sat((uint2)((uint)l)).y;
      o[14] = convert_short_sat(l);
      o[15] = convert_ushort_sat((ulong)l);
      o[16] = convert_uint4_sat((long4)(l)).x;
      o[17] = convert_int_sat((ulong)l);
      o[18] = as_long(convert_ulong_sat(l));
      o[19] = convert_char((int)l);  // wraps
    })");
  cl_program PF = built(R"(
    kernel void k(global const long *b, global float *r) {
      size_t j = get_global_id(0);
      long l = b[j];
      global float *o = r + 12 * j;
      o[0] = convert_float(l);
      o[1] = convert_float_rtz(l);
      o[2] = convert_float2_rtp((long2)(l)).y;
      o[3] = convert_float_rtn(l);
      o[4] = convert_float((ulong)l);
      o[5] = convert_float_rtz((ulong)l);
      o[6] = convert_float_rtp((ulong)l);
      o[7] = convert_float16_rtn((ulong16)((ulong)l)).sa;
      o[8] = convert_float_rtz((int)l);
      o[9] = convert_float8_rtp((int8)((int)l)).s3;
      o[10] = convert_float_rtn((uint)l);
      o[11] = convert_float3((uint3)((uint)l)).z;
    })");
  std::vector<float> A = {0.0f, -0.0f, 0.5f, -0.5f, 1.5f, 2.5f, -2.5f, 0.49999997f, 127.5f, 128.0f,
                          -128.5f, -129.0f, 255.5f, 256.0f, 32767.5f, -32768.5f, 65535.5f,
                          2147483520.0f, 0x1p31f, -0x1p31f, -2147483904.0f, 4294967040.0f, 0x1p32f,
                          9223371487098961920.0f /* 2^63 - 2^39 */, 0x1p63f, -0x1p63f,
                          -9223373136366403584.0f, 18446742974197923840.0f, 0x1p64f, FLT_MAX,
                          -FLT_MAX, 0x1p-149f, -0x1p-149f, 8388607.5f, 1e10f, -1e10f,
                          std::numeric_limits<float>::quiet_NaN(), INFINITY, -INFINITY};
  std::vector<cl_long> B = {0, 1, -1, 127, 128, -128, -129, 255, 256, 32767, -32769, 65535, 65536,
                            INT_MAX, INT_MIN, cl_long(UINT_MAX), cl_long(UINT_MAX) + 1,
                            (cl_long(1) << 24) + 1, (cl_long(1) << 53) + 1, LLONG_MAX, LLONG_MIN,
                            -(cl_long(1) << 40) - 1, cl_long(0x8000008000000001ull) /* ulong halfway + 1 */,
                            cl_long(0xffffff8000000000ull) /* ulong halfway */, 16777217, 33554435};
  std::mt19937_64 Random(5);
  while (A.size() < 512) {
    uint32_t Bits = uint32_t(Random());
    float X;
    std::memcpy(&X, &Bits, 4);
    // Random bit patterns, and values near the integers of every width (halves among them).
    const float Integer = float(int32_t(Random()) >> (Random() % 31));
    A.push_back(Random() % 2 ? X : std::ldexp(Integer, int(Random() % 43) - 3));
  }
  while (B.size() < A.size())
    B.push_back(cl_long(Random()) >> (Random() % 63));
  const size_t N = A.size();
  const std::vector<cl_long> R = runOnInputs<cl_long>(P, 20, 16, A, B);
  const std::vector<float> F = runOnInputs<float>(PF, 12, 16, B);
  Mismatches Wrong;
  auto Check = [&](bool Ok, const char *What, size_t I) {
    if (Wrong.report(Ok))
      ADD_FAILURE() << What << " of element " << I << " (" << std::hexfloat << A[I]
                    << std::defaultfloat << ", " << B[I] << ")";
  };
  for (size_t I = 0; I < N; ++I) {
    const long double X = A[I], Rte = std::nearbyint(X), Rtz = std::trunc(X), Rtp = std::ceil(X),
                      Rtn = std::floor(X);
    const cl_long L = B[I];
    const cl_long *G = &R[20 * I];
    Check(G[0] == saturated<int32_t>(Rtz), "convert_int_sat", I);
    Check(G[1] == saturated<int32_t>(Rte), "convert_int_sat_rte", I);
    Check(G[2] == saturated<int32_t>(Rtp), "convert_int4_sat_rtp", I);
    Check(G[3] == saturated<int32_t>(Rtn), "convert_int_sat_rtn", I);
    Check(G[4] == saturated<uint8_t>(Rtz), "convert_uchar_sat", I);
    Check(G[5] == saturated<int8_t>(Rte), "convert_char16_sat_rte", I);
    Check(G[6] == saturated<uint16_t>(Rtp), "convert_ushort_sat_rtp", I);
    Check(G[7] == saturated<int16_t>(Rtn), "convert_short3_sat_rtn", I);
    Check(G[8] == saturated<uint32_t>(Rte), "convert_uint_sat_rte", I);
    Check(G[9] == saturated<int64_t>(Rtn), "convert_long_sat_rtn", I);
    Check(G[10] == saturated<uint64_t>(Rtp), "convert_ulong_sat_rtp", I);
    Check(G[11] == saturated<int64_t>(Rtz), "convert_long8_sat", I);
    Check(G[12] == saturated<uint8_t>(int32_t(L)), "convert_uchar_sat(int)", I);
    Check(G[13] == saturated<int8_t>(uint32_t(L)), "convert_char2_sat(uint2)", I);
    Check(G[14] == saturated<int16_t>(L), "convert_short_sat(long)", I);
    Check(G[15] == saturated<uint16_t>(uint64_t(L)), "convert_ushort_sat(ulong)", I);
    Check(G[16] == saturated<uint32_t>(L), "convert_uint4_sat(long4)", I);
    Check(G[17] == saturated<int32_t>(uint64_t(L)), "convert_int_sat(ulong)", I);
    Check(G[18] == saturated<uint64_t>(L), "convert_ulong_sat(long)", I);
    Check(G[19] == int8_t(int32_t(L)), "convert_char(int)", I);
    const float *H = &F[12 * I];
    const uint64_t U = uint64_t(L);
    const int32_t Li = int32_t(L);
    const uint32_t Lu = uint32_t(L);
    Check(same(H[0], convertIn<float>(FE_TONEAREST, L)), "convert_float(long)", I);
    Check(same(H[1], convertIn<float>(FE_TOWARDZERO, L)), "convert_float_rtz(long)", I);
    Check(same(H[2], convertIn<float>(FE_UPWARD, L)), "convert_float2_rtp(long2)", I);
    Check(same(H[3], convertIn<float>(FE_DOWNWARD, L)), "convert_float_rtn(long)", I);
    Check(same(H[4], convertIn<float>(FE_TONEAREST, U)), "convert_float(ulong)", I);
    Check(same(H[5], convertIn<float>(FE_TOWARDZERO, U)), "convert_float_rtz(ulong)", I);
    Check(same(H[6], convertIn<float>(FE_UPWARD, U)), "convert_float_rtp(ulong)", I);
    Check(same(H[7], convertIn<float>(FE_DOWNWARD, U)), "convert_float16_rtn(ulong16)", I);
    Check(same(H[8], convertIn<float>(FE_TOWARDZERO, Li)), "convert_float_rtz(int)", I);
    Check(same(H[9], convertIn<float>(FE_UPWARD, Li)), "convert_float8_rtp(int8)", I);
    Check(same(H[10], convertIn<float>(FE_DOWNWARD, Lu)), "convert_float_rtn(uint)", I);
    Check(same(H[11], convertIn<float>(FE_TONEAREST, Lu)), "convert_float3(uint3)", I);
  }
  clReleaseProgram(P);
  clReleaseProgram(PF);
}

// clz, ctz, popcount, rotate, hadd, rhadd, mul24, mad24, abs, abs_diff, clamp, min, max, add_sat,
// sub_sat and mul_hi on types of every width, signed and unsigned, scalars and vectors, on the
// extremes of each width and random values, against the host.
TEST_F(BuiltinFamilies, IntegerFunctionsOnEveryWidth) {
  cl_program P = built(R"(
    kernel void k(global const long *a, global const long *b, global long *r) {
      size_t j = get_global_id(0);
      long x = a[j], y = b[j];
      global long *o = r + 32 * j;
      o[0] = clz((char)x);
      o[1] = clz((ushort4)((ushort)x)).w;
      o[2] = clz((int)x);
      o[3] = clz(x);
      o[4] = ctz((uchar)x);
      o[5] = ctz((short)x);
      o[6] = ctz((uint3)((uint)x)).z;
      o[7] = ctz(x);
      o[8] = popcount((char)x);
      o[9] = popcount((ushort)x);
      o[10] = popcount((int8)((int)x)).s7;
      o[11] = popcount(x);
      o[12] = rotate((uchar)x, (uchar)y);
      o[13] = rotate((short2)((short)x), (short2)((short)y)).y;
      o[14] = rotate((int)x, (int)y);
      o[15] = rotate(x, y);
      o[16] = hadd((char)x, (char)y);
      o[17] = rhadd((uint)x, (uint)y);
      o[18] = hadd(x, y);
      o[19] = as_long(rhadd((ulong)x, (ulong)y));
      int x24 = ((int)x << 8) >> 8, y24 = ((int)y << 8) >> 8;
      o[20] = mul24(x24, y24);
      o[21] = mad24((uint)x & 0xffffff, (uint)y & 0xffffff, (uint)y);
      o[22] = as_long(abs(x));
      o[23] = abs_diff((char)x, (char)y);
      o[24] = clamp((int)x, -5, 1000);
      o[25] = max((short4)((short)x), (short4)((short)y)).z;
      o[26] = as_long(min((ulong)x, (ulong)y));
      o[27] = sub_sat((char)x, (char)y);
      o[28] = add_sat((ushort)x, (ushort)y);
      o[29] = as_long(sub_sat((ulong)x, (ulong)y));
      o[30] = mul_hi((char)x, (char)y);
      o[31] = mul_hi((ushort2)((ushort)x), (ushort2)((ushort)y)).x;
    })", "-cl-std=CL3.0"); // ctz is OpenCL C 2.0's
  std::vector<cl_long> A = {0, 1, -1, LLONG_MAX, LLONG_MIN, INT_MAX, INT_MIN, 0x7f, 0x80, 0xff,
                            0x7fff, 0x8000, 0xffff, cl_long(UINT_MAX), 1 << 23, -(1 << 23),
                            0xffffff, 63, 64, 65, -64, 7, 8, 9, -8, 0x100, 0x10000};
  std::vector<cl_long> B(A.rbegin(), A.rend());
  std::mt19937_64 Random(9);
  while (A.size() < 256) {
    A.push_back(cl_long(Random()) >> (Random() % 64));
    B.push_back(Random() % 4 ? cl_long(Random()) >> (Random() % 64) : A[Random() % A.size()]);
  }
  const size_t N = A.size();
  const std::vector<cl_long> R = runOnInputs<cl_long>(P, 32, 8, A, B);
  using I128 = __int128;
  using U128 = unsigned __int128;
  auto Clz = [](uint64_t V, int Bits) { return V == 0 ? Bits : __builtin_clzll(V) - (64 - Bits); };
  auto Ctz = [](uint64_t V, int Bits) { return V == 0 ? Bits : __builtin_ctzll(V); };
  auto Rotl = [](uint64_t V, uint64_t By, int Bits) {
    const uint64_t Mask = Bits == 64 ? ~uint64_t(0) : (uint64_t(1) << Bits) - 1;
    By &= Bits - 1;
    V &= Mask;
    return By == 0 ? V : ((V << By) | (V >> (Bits - By))) & Mask;
  };
  auto Clamp = [](I128 V, I128 Lo, I128 Hi) { return cl_long(V < Lo ? Lo : V > Hi ? Hi : V); };
  Mismatches Wrong;
  for (size_t I = 0; I < N; ++I) {
    const cl_long X = A[I], Y = B[I];
    const uint64_t Ux = uint64_t(X), Uy = uint64_t(Y);
    const int8_t X8 = int8_t(X), Y8 = int8_t(Y);
    const int32_t X32 = int32_t(X), Y32 = int32_t(Y);
    const int32_t X24 = int32_t(uint32_t(X32) << 8) >> 8, Y24 = int32_t(uint32_t(Y32) << 8) >> 8;
    const cl_long Expected[32] = {
        Clz(uint8_t(X), 8), Clz(uint16_t(X), 16), Clz(uint32_t(X), 32), Clz(Ux, 64),
        Ctz(uint8_t(X), 8), Ctz(uint16_t(X), 16), Ctz(uint32_t(X), 32), Ctz(Ux, 64),
        __builtin_popcount(uint8_t(X)), __builtin_popcount(uint16_t(X)),
        __builtin_popcount(uint32_t(X)), __builtin_popcountll(Ux),
        cl_long(Rotl(uint8_t(X), uint8_t(Y), 8)), int16_t(Rotl(uint16_t(X), uint16_t(Y), 16)),
        int32_t(Rotl(uint32_t(X), uint32_t(Y), 32)), cl_long(Rotl(Ux, Uy, 64)),
        (int(X8) + Y8) >> 1, cl_long((uint64_t(uint32_t(X)) + uint32_t(Y) + 1) >> 1),
        cl_long((I128(X) + Y) >> 1), cl_long(uint64_t((U128(Ux) + Uy + 1) >> 1)),
        int32_t(uint32_t(int64_t(X24) * Y24)),
        cl_long(uint32_t(uint64_t(uint32_t(X) & 0xffffff) * (uint32_t(Y) & 0xffffff) + uint32_t(Y))),
        cl_long(X < 0 ? 0 - Ux : Ux), std::abs(int(X8) - int(Y8)),
        std::clamp(X32, -5, 1000), std::max(int16_t(X), int16_t(Y)), cl_long(std::min(Ux, Uy)),
        Clamp(int(X8) - Y8, -128, 127), std::min(int(uint16_t(X)) + uint16_t(Y), 65535),
        cl_long(Ux > Uy ? Ux - Uy : 0), (int(X8) * Y8) >> 8,
        cl_long((uint32_t(uint16_t(X)) * uint16_t(Y)) >> 16)};
    static const char *const Names[32] = {
        "clz(char)", "clz(ushort4)", "clz(int)", "clz(long)", "ctz(uchar)", "ctz(short)",
        "ctz(uint3)", "ctz(long)", "popcount(char)", "popcount(ushort)", "popcount(int8)",
        "popcount(long)", "rotate(uchar)", "rotate(short2)", "rotate(int)", "rotate(long)",
        "hadd(char)", "rhadd(uint)", "hadd(long)", "rhadd(ulong)", "mul24(int)", "mad24(uint)",
        "abs(long)", "abs_diff(char)", "clamp(int)", "max(short4)", "min(ulong)", "sub_sat(char)",
        "add_sat(ushort)", "sub_sat(ulong)", "mul_hi(char)", "mul_hi(ushort2)"};
    for (int F = 0; F < 32; ++F)
      if (Wrong.report(R[32 * I + F] == Expected[F]))
        ADD_FAILURE() << Names[F] << " of " << X << ", " << Y << ": " << R[32 * I + F]
                      << ", expected " << Expected[F];
  }
  clReleaseProgram(P);
}

// The relational functions on float scalars (1 or 0) and vectors (-1 or 0, every width), any and
// all (the sign bits), select (a scalar condition is tested against 0, a vector's by its sign
// bits) and bitselect, on every pair of special values: signed zeros, denormals, the extremes,
// infinities and NaNs.
TEST_F(BuiltinFamilies, FloatRelationalsSelectAnyAndAll) {
  cl_program P = built(R"(
    kernel void k(global const float *a, global const float *b, global int *r) {
      size_t j = get_global_id(0);
      float x = a[j], y = b[j];
      global int *o = r + 20 * j;
      o[0] = isequal(x, y);
      o[1] = isequal((float4)(x), (float4)(y)).y;
      o[2] = isnotequal((float2)(x), (float2)(y)).x;
      o[3] = isgreater((float3)(x), (float3)(y)).z;
      o[4] = isgreaterequal((float8)(x), (float8)(y)).s5;
      o[5] = isless((float16)(x), (float16)(y)).sf;
      o[6] = islessequal(x, y);
      o[7] = islessgreater((float4)(x), (float4)(y)).w;
      o[8] = isordered(x, y) + 2 * isunordered(x, y) + 4 * isunordered((float2)(x), (float2)(y)).x;
      o[9] = isfinite((float3)(x)).x;
      o[10] = isinf((float2)(x)).y + 2 * isinf(x);
      o[11] = isnan((float16)(x)).s9 + 2 * isnan(x);
      o[12] = isnormal((float4)(x)).z + 2 * isnormal(x);
      o[13] = signbit((float8)(x)).s1 + 2 * signbit(x);
      o[14] = any((int4)(as_int(x), 0, 0, 0)) + 2 * all((int4)(as_int(x), -1, INT_MIN, as_int(y)));
      o[15] = as_int(select(x, y, as_int(x)));
      o[16] = as_int(select((float4)(x), (float4)(y), (int4)(as_int(x))).w);
      o[17] = as_int(bitselect(x, y, as_float(0x007fffff)));
      o[18] = select((short2)(1), (short2)(2), (short2)((short)as_int(x))).y;
      o[19] = any(isnan((float4)(x, y, 1.0f, 2.0f))) + 2 * all(isless((float2)(x, y), (float2)(INFINITY)));
    })");
  const float Nan = std::numeric_limits<float>::quiet_NaN();
  const std::vector<float> Special = {0.0f, -0.0f, 1.0f, -1.0f, 1.5f, 0x1p-149f, -0x1p-140f,
                                      FLT_MIN, -FLT_MIN, FLT_MAX, -FLT_MAX, INFINITY, -INFINITY,
                                      Nan, -Nan, 0x1.000002p0f, 0x1.fffffep-127f};
  std::vector<float> A, B;
  for (float X : Special)
    for (float Y : Special)
      A.push_back(X), B.push_back(Y);
  const size_t N = A.size();
  const std::vector<cl_int> R = runOnInputs<cl_int>(P, 20, 17, A, B);
  auto Bits = [](float V) {
    int32_t I;
    std::memcpy(&I, &V, 4);
    return I;
  };
  Mismatches Wrong;
  for (size_t I = 0; I < N; ++I) {
    const float X = A[I], Y = B[I];
    const int32_t Xb = Bits(X), Yb = Bits(Y);
    const bool Unordered = std::isnan(X) || std::isnan(Y);
    const int Expected[20] = {
        X == Y, -(X == Y), -(X != Y), -(X > Y), -(X >= Y), -(X < Y), X <= Y,
        -(X < Y || X > Y), !Unordered + 2 * Unordered - 4 * Unordered,
        -int(std::isfinite(X)), -int(std::isinf(X)) + 2 * std::isinf(X),
        -int(std::isnan(X)) + 2 * std::isnan(X), -int(std::isnormal(X)) + 2 * std::isnormal(X),
        -int(std::signbit(X)) + 2 * std::signbit(X), (Xb < 0) + 2 * (Xb < 0 && Yb < 0),
        Xb != 0 ? Yb : Xb, Xb < 0 ? Yb : Xb, (Xb & ~0x007fffff) | (Yb & 0x007fffff),
        int16_t(Xb) < 0 ? 2 : 1, int(std::isnan(X) || std::isnan(Y)) + 2 * (X < INFINITY && Y < INFINITY)};
    for (int F = 0; F < 20; ++F)
      if (Wrong.report(R[20 * I + F] == Expected[F]))
        ADD_FAILURE() << "result " << F << " of " << std::hexfloat << X << ", " << Y << std::dec
                      << ": " << R[20 * I + F] << ", expected " << Expected[F];
  }
  clReleaseProgram(P);
}

// shuffle and shuffle2: only the mask bits that index the input count.
TEST_F(BuiltinFamilies, ShuffleAndShuffle2) {
  cl_program P = built(R"(
    kernel void k(global int *r, global double *d) {
      int4 x = (int4)(10, 11, 12, 13), y = (int4)(20, 21, 22, 23);
      vstore8(shuffle(x, (uint8)(3, 2, 1, 0, 7, 4, 0xff05, 1)), 0, r);      // 8 from 4
      vstore2(shuffle2(x, y, (uint2)(6, 0x11)), 4, r);                       // r[8], r[9]
      vstore16(shuffle2((int2)(1, 2), (int2)(3, 4), (uint16)(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
                                                             12, 13, 14, 15)), 1, r); // r[16..31]
      vstore4(shuffle((double16)(0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5, 10.5, 11.5,
                                 12.5, 13.5, 14.5, 15.5), (ulong4)(15, 0, 17, 8)), 0, d);
    })");
  cl_mem MR = buffer(32 * 4), MD = buffer(4 * 8);
  cl_kernel K = clCreateKernel(P, "k", nullptr);
  setArgs(K, MR, MD);
  cl_command_queue Q = queue();
  run(Q, K, 1, 1);
  const std::vector<int> R = read<int>(Q, MR, 32);
  const std::vector<double> D = read<double>(Q, MD, 4);
  EXPECT_EQ(std::vector<int>(R.begin(), R.begin() + 8), (std::vector<int>{13, 12, 11, 10, 13, 10, 11, 11}));
  EXPECT_EQ(R[8], 22); // 6 -> y[2]
  EXPECT_EQ(R[9], 11); // 0x11 & 7 = 1 -> x[1]
  for (int I = 0; I < 16; ++I)
    EXPECT_EQ(R[16 + I], 1 + I % 4) << I;
  EXPECT_EQ(D, (std::vector<double>{15.5, 0.5, 1.5, 8.5}));
  for (cl_mem M : {MR, MD})
    clReleaseMemObject(M);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

// cl_khr_extended_bit_ops on one integer type T: every offset and count within its width (count 0
// and the whole width included), as a scalar, a 3-vector and a 16-vector, against the host.
template <typename T> struct BitOpsCase {
  using U = std::make_unsigned_t<T>;
  using I = std::make_signed_t<T>;
  static constexpr unsigned Bits = sizeof(T) * 8;
  static U low(unsigned Count) { return Count == Bits ? U(~U(0)) : U((U(1) << Count) - 1); }
  static T insert(T Base, T Insert, unsigned Offset, unsigned Count) {
    if (Count == 0)
      return Base;
    const U Mask = U(low(Count) << Offset);
    return T(U((U(Base) & U(~Mask)) | (U(U(Insert) << Offset) & Mask)));
  }
  static U extractUnsigned(T Base, unsigned Offset, unsigned Count) {
    return Count == 0 ? U(0) : U(U(U(Base) >> Offset) & low(Count));
  }
  static I extractSigned(T Base, unsigned Offset, unsigned Count) {
    const U Field = extractUnsigned(Base, Offset, Count);
    if (Count == 0 || !((Field >> (Count - 1)) & 1))
      return I(Field);
    return I(U(Field | U(~low(Count))));
  }
  static T reverse(T X) {
    U R = 0;
    for (unsigned B = 0; B < Bits; ++B)
      if ((U(X) >> B) & 1)
        R = U(R | U(U(1) << (Bits - 1 - B)));
    return T(R);
  }
};

class ExtendedBitOps : public BuiltinFamilies {
protected:
  template <typename T> void check(const char *TypeName, const char *Unsigned, const char *Signed) {
    using C = BitOpsCase<T>;
    using U = typename C::U;
    using I = typename C::I;
    SCOPED_TRACE(TypeName);
    // One work-item per (offset, count); 16 bases and inserts each, read as a scalar (lane 0),
    // a 3-vector (lanes 0-2) and a 16-vector.
    std::vector<cl_uint> Offsets, Counts;
    for (unsigned Count = 0; Count <= C::Bits; ++Count)
      for (unsigned Offset = 0; Offset + Count <= C::Bits; ++Offset) {
        Offsets.push_back(Offset);
        Counts.push_back(Count);
      }
    const size_t N = Offsets.size();
    std::mt19937_64 Random(C::Bits);
    std::vector<T> Base(16 * N), Insert(16 * N);
    const T Patterns[] = {T(0), T(~U(0)), T(U(0x5555555555555555ull)), T(U(0xaaaaaaaaaaaaaaaaull))};
    for (size_t J = 0; J < N; ++J)
      for (size_t Lane = 0; Lane < 16; ++Lane) {
        // Half the cases have a pattern in lane 0 (the scalar's), the other half a random value.
        const size_t Pick = J + Lane;
        Base[16 * J + Lane] = Pick % 8 < 4 ? Patterns[Pick % 4] : T(Random());
        Insert[16 * J + Lane] = Pick % 8 < 4 ? Patterns[3 - Pick % 4] : T(Random());
      }
    const std::string Options = std::string("-DT=") + TypeName + " -DU=" + Unsigned + " -DI=" + Signed;
    cl_program P = built(R"(
      #ifndef cl_khr_extended_bit_ops
      #error "cl_khr_extended_bit_ops is not defined"
      #endif
      kernel void k(global const T *base, global const T *ins, global const uint *off,
                    global const uint *cnt, global T *r_ins, global U *r_exu, global I *r_exs,
                    global T *r_rev) {
        size_t j = get_global_id(0);
        uint o = off[j], c = cnt[j];
        // 48 results per work-item and function: lane 0 of the scalar form, lanes 0-2 of the
        // 3-vector, lanes 0-15 of the 16-vector, then 29 unused.
        size_t at = 48 * j;
        r_ins[at] = bitfield_insert(base[16 * j], ins[16 * j], o, c);
        r_exu[at] = bitfield_extract_unsigned(base[16 * j], o, c);
        r_exs[at] = bitfield_extract_signed(base[16 * j], o, c);
        r_rev[at] = bit_reverse(base[16 * j]);
        vstore3(bitfield_insert(vload3(0, base + 16 * j), vload3(0, ins + 16 * j), o, c), 0, r_ins + at + 1);
        vstore3(bitfield_extract_unsigned(vload3(0, base + 16 * j), o, c), 0, r_exu + at + 1);
        vstore3(bitfield_extract_signed(vload3(0, base + 16 * j), o, c), 0, r_exs + at + 1);
        vstore3(bit_reverse(vload3(0, base + 16 * j)), 0, r_rev + at + 1);
        vstore16(bitfield_insert(vload16(j, base), vload16(j, ins), o, c), 0, r_ins + at + 4);
        vstore16(bitfield_extract_unsigned(vload16(j, base), o, c), 0, r_exu + at + 4);
        vstore16(bitfield_extract_signed(vload16(j, base), o, c), 0, r_exs + at + 4);
        vstore16(bit_reverse(vload16(j, base)), 0, r_rev + at + 4);
      })", Options.c_str());
    cl_mem MBase = buffer(Base.size() * sizeof(T), CL_MEM_COPY_HOST_PTR, Base.data());
    cl_mem MInsert = buffer(Insert.size() * sizeof(T), CL_MEM_COPY_HOST_PTR, Insert.data());
    cl_mem MOffsets = buffer(N * 4, CL_MEM_COPY_HOST_PTR, Offsets.data());
    cl_mem MCounts = buffer(N * 4, CL_MEM_COPY_HOST_PTR, Counts.data());
    cl_mem Out[4];
    for (cl_mem &M : Out)
      M = buffer(48 * N * sizeof(T));
    cl_kernel K = clCreateKernel(P, "k", nullptr);
    setArgs(K, MBase, MInsert, MOffsets, MCounts, Out[0], Out[1], Out[2], Out[3]);
    cl_command_queue Q = queue();
    run(Q, K, N, 1); // N is not a multiple of any larger size for every type
    const std::vector<T> Inserted = read<T>(Q, Out[0], 48 * N);
    const std::vector<U> Unsigneds = read<U>(Q, Out[1], 48 * N);
    const std::vector<I> Signeds = read<I>(Q, Out[2], 48 * N);
    const std::vector<T> Reversed = read<T>(Q, Out[3], 48 * N);
    int Failures = 0;
    for (size_t J = 0; J < N && Failures < 10; ++J)
      for (unsigned Slot = 0; Slot < 20; ++Slot) {
        // Slot 0: the scalar; 1-3: the 3-vector's lanes; 4-19: the 16-vector's.
        const unsigned Lane = Slot == 0 ? 0 : Slot < 4 ? Slot - 1 : Slot - 4;
        const T B = Base[16 * J + Lane], In = Insert[16 * J + Lane];
        const unsigned O = Offsets[J], Cnt = Counts[J];
        const size_t At = 48 * J + Slot;
        SCOPED_TRACE(::testing::Message() << "offset " << O << " count " << Cnt << " slot " << Slot
                                          << " base " << +B << " insert " << +In);
        Failures += Inserted[At] != C::insert(B, In, O, Cnt);
        EXPECT_EQ(+Inserted[At], +C::insert(B, In, O, Cnt));
        Failures += Unsigneds[At] != C::extractUnsigned(B, O, Cnt);
        EXPECT_EQ(+Unsigneds[At], +C::extractUnsigned(B, O, Cnt));
        Failures += Signeds[At] != C::extractSigned(B, O, Cnt);
        EXPECT_EQ(+Signeds[At], +C::extractSigned(B, O, Cnt));
        Failures += Reversed[At] != C::reverse(B);
        EXPECT_EQ(+Reversed[At], +C::reverse(B));
      }
    for (cl_mem M : {MBase, MInsert, MOffsets, MCounts, Out[0], Out[1], Out[2], Out[3]})
      clReleaseMemObject(M);
    clReleaseKernel(K);
    clReleaseProgram(P);
  }
};

TEST_F(ExtendedBitOps, EveryOffsetAndCountOfEveryIntegerType) {
  check<cl_char>("char", "uchar", "char");
  check<cl_uchar>("uchar", "uchar", "char");
  check<cl_short>("short", "ushort", "short");
  check<cl_ushort>("ushort", "ushort", "short");
  check<cl_int>("int", "uint", "int");
  check<cl_uint>("uint", "uint", "int");
  check<cl_long>("long", "ulong", "long");
  check<cl_ulong>("ulong", "ulong", "long");
}

// cl_khr_integer_dot_product: dot and dot_acc_sat for the four signedness pairs, on vectors and
// packed, against the host; accumulators near the limits saturate. Also in OpenCL C 1.2, where the
// extension's macro and feature macros are defined as in 3.0.
TEST_F(BuiltinFamilies, IntegerDotProducts) {
  for (const char *Std : {"-cl-std=CL3.0", "-cl-std=CL1.2"}) {
    SCOPED_TRACE(Std);
    cl_program P = built(R"(
      #if !defined(cl_khr_integer_dot_product) || \
          !defined(__opencl_c_integer_dot_product_input_4x8bit) || \
          !defined(__opencl_c_integer_dot_product_input_4x8bit_packed)
      #error "cl_khr_integer_dot_product or its feature macros are not defined"
      #endif
      kernel void k(global const uint *a, global const uint *b, global const int *acc,
                    global int *r) {
        size_t j = get_global_id(0);
        uint x = a[j], y = b[j];
        int s = acc[j];
        uchar4 xu = as_uchar4(x), yu = as_uchar4(y);
        char4 xs = as_char4(x), ys = as_char4(y);
        global int *o = r + 16 * j;
        o[0] = (int)dot(xu, yu);
        o[1] = dot(xs, ys);
        o[2] = dot(xu, ys);
        o[3] = dot(xs, yu);
        o[4] = (int)dot_acc_sat(xu, yu, (uint)s);
        o[5] = dot_acc_sat(xs, ys, s);
        o[6] = dot_acc_sat(xu, ys, s);
        o[7] = dot_acc_sat(xs, yu, s);
        o[8] = (int)dot_4x8packed_uu_uint(x, y);
        o[9] = dot_4x8packed_ss_int(x, y);
        o[10] = dot_4x8packed_us_int(x, y);
        o[11] = dot_4x8packed_su_int(x, y);
        o[12] = (int)dot_acc_sat_4x8packed_uu_uint(x, y, (uint)s);
        o[13] = dot_acc_sat_4x8packed_ss_int(x, y, s);
        o[14] = dot_acc_sat_4x8packed_us_int(x, y, s);
        o[15] = dot_acc_sat_4x8packed_su_int(x, y, s);
      })", Std);
    std::vector<cl_uint> A = {0, 0xffffffffu, 0x80808080u, 0x7f7f7f7fu, 0x01ff807fu, 0x12345678u};
    std::vector<cl_uint> B = {0, 0xffffffffu, 0x80808080u, 0x80808080u, 0xff017f80u, 0x9abcdef0u};
    std::vector<cl_int> Acc = {0, INT_MAX, INT_MIN, -1, INT_MAX - 100, INT_MIN + 100};
    std::mt19937 Random(11);
    while (A.size() < 200) {
      A.push_back(Random());
      B.push_back(Random());
      const cl_int Near[] = {INT_MAX - cl_int(Random() % 200000), INT_MIN + cl_int(Random() % 200000),
                             -cl_int(Random() % 200000), cl_int(Random())};
      Acc.push_back(Near[Random() % 4]);
    }
    const size_t N = A.size();
    const std::vector<cl_int> R = runOnInputs<cl_int>(P, 16, 8, A, B, Acc);
    auto Byte = [](cl_uint V, int I, bool Signed) -> int64_t {
      const uint8_t B = uint8_t(V >> (8 * I));
      return Signed ? int64_t(int8_t(B)) : int64_t(B);
    };
    auto Dot = [&](cl_uint X, cl_uint Y, bool SignedX, bool SignedY) {
      int64_t Sum = 0;
      for (int I = 0; I < 4; ++I)
        Sum += Byte(X, I, SignedX) * Byte(Y, I, SignedY);
      return Sum;
    };
    for (size_t J = 0; J < N; ++J) {
      SCOPED_TRACE(::testing::Message() << std::hex << A[J] << " " << B[J] << " " << std::dec << Acc[J]);
      const bool Signs[4][2] = {{false, false}, {true, true}, {false, true}, {true, false}};
      for (int F = 0; F < 4; ++F) {
        const int64_t D = Dot(A[J], B[J], Signs[F][0], Signs[F][1]);
        const bool Unsigned = F == 0;
        // dot_acc_sat: the unsigned form adds acc as a uint and saturates at UINT_MAX.
        const int64_t Sum = Unsigned ? D + int64_t(cl_uint(Acc[J])) : D + Acc[J];
        const int64_t Sat = Unsigned ? std::min<int64_t>(Sum, UINT_MAX)
                                     : std::clamp<int64_t>(Sum, INT_MIN, INT_MAX);
        for (int Packed = 0; Packed < 2; ++Packed) {
          EXPECT_EQ(R[16 * J + 8 * Packed + F], cl_int(D)) << "dot " << F << " packed " << Packed;
          EXPECT_EQ(R[16 * J + 8 * Packed + 4 + F], cl_int(cl_uint(Sat)))
              << "dot_acc_sat " << F << " packed " << Packed;
        }
      }
    }
    clReleaseProgram(P);
  }
}

} // namespace
} // namespace weft::test
