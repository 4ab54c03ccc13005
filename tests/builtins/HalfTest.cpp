// cl_khr_fp16: half arithmetic, the built-in families' half forms and the conversions to and from
// half, through the ICD loader, against host references: bit for bit where the spec is exact
// (arithmetic, fma, conversions in each rounding mode, the exact math functions, the tests), and
// within one half ulp of the double result elsewhere, over every half bit pattern.
#include "api/KernelFixture.h"
#include "builtins/HalfReference.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

namespace weft::test {
namespace {

constexpr size_t EveryHalf = 65536;

/// Every half bit pattern, in order.
std::vector<uint16_t> everyHalf() {
  std::vector<uint16_t> H(EveryHalf);
  for (size_t I = 0; I < EveryHalf; ++I)
    H[I] = uint16_t(I);
  return H;
}

/// Half bit patterns from a fixed linear congruential sequence: the second operands.
std::vector<uint16_t> scrambledHalves(uint32_t Seed) {
  std::vector<uint16_t> H(EveryHalf);
  for (uint16_t &B : H) {
    Seed = Seed * 1664525u + 1013904223u;
    B = uint16_t(Seed >> 16);
  }
  return H;
}

bool isNaNHalf(uint16_t H) { return (H & 0x7c00) == 0x7c00 && (H & 0x3ff); }

/// Whether Got is the half nearest Want (to even), any NaN for a NaN.
bool roundsOnce(uint16_t Got, double Want) {
  if (std::isnan(Want))
    return isNaNHalf(Got);
  return Got == toHalf(Want, Round::Even);
}

/// Got's distance from Want in units of the half spacing at Want; 0 when both are the same NaN
/// or infinity, infinite when one is and the other is not.
double ulpError(uint16_t Got, double Want) {
  const double G = halfValue(Got);
  if (std::isnan(Want) || std::isnan(G))
    return std::isnan(Want) && std::isnan(G) ? 0 : INFINITY;
  if (std::isinf(Want) || std::isinf(G)) {
    if (G == Want)
      return 0;
    // Past the largest half a finite result may round to infinity or stay at 65504.
    const double Finite = std::isinf(G) ? Want : G;
    return std::fabs(Finite) >= 65504 && std::signbit(G) == std::signbit(Want) ? 0 : INFINITY;
  }
  const int E = std::max(std::ilogb(std::fabs(Want) > 0 ? Want : 1e-30), -14);
  return std::fabs(G - Want) / std::ldexp(1.0, E - 10);
}

class Half : public KernelApi {
protected:
  void SetUp() override {
    KernelApi::SetUp();
    size_t Size = 0;
    clGetDeviceInfo(Device, CL_DEVICE_EXTENSIONS, 0, nullptr, &Size);
    std::string Extensions(Size, '\0');
    clGetDeviceInfo(Device, CL_DEVICE_EXTENSIONS, Size, Extensions.data(), nullptr);
    ASSERT_NE(Extensions.find("cl_khr_fp16"), std::string::npos);
  }
  /// Builds Source (with the extension enabled) for OpenCL C 3.0.
  cl_program halfProgram(const std::string &Source) {
    const std::string Full = "#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n" + Source;
    return built(Full.c_str(), "-cl-std=CL3.0");
  }
};

TEST_F(Half, ArithmeticAndFmaRoundOnce) {
  cl_program P = halfProgram(R"(
    kernel void k(global const half *a, global const half *b, global const half *c, global half *o) {
      size_t i = get_global_id(0);
      half x = a[i], y = b[i], z = c[i];
      o[6 * i] = x + y;
      o[6 * i + 1] = x - y;
      o[6 * i + 2] = x * y;
      o[6 * i + 3] = x / y;
      o[6 * i + 4] = sqrt(x);
      o[6 * i + 5] = fma(x, y, z);
    })");
  const std::vector<uint16_t> A = everyHalf(), B = scrambledHalves(1), C = scrambledHalves(2);
  const std::vector<uint16_t> O = runOnInputs<uint16_t>(P, 6, 256, A, B, C);
  const char *Names[6] = {"+", "-", "*", "/", "sqrt", "fma"};
  int Failures = 0;
  for (size_t I = 0; I < EveryHalf && Failures < 10; ++I) {
    // Each is exact in double but the quotient and the root, which round there first harmlessly
    // (53 >= 2 * 11 + 2 bits); a product plus a half is exact in double for finite results.
    const double X = halfValue(A[I]), Y = halfValue(B[I]), Z = halfValue(C[I]);
    const double Want[6] = {X + Y, X - Y, X * Y, X / Y, std::sqrt(X), X * Y + Z};
    for (int F = 0; F < 6; ++F)
      if (!roundsOnce(O[6 * I + F], Want[F]))
        ++Failures, ADD_FAILURE() << Names[F] << " of 0x" << std::hex << A[I] << ", 0x" << B[I]
                                  << ", 0x" << C[I] << " gave 0x" << O[6 * I + F] << ", want 0x"
                                  << toHalf(Want[F], Round::Even);
  }
  clReleaseProgram(P);
}

struct Unary {
  const char *Name;
  std::function<double(double)> Reference;
  bool Exact; ///< bit for bit; otherwise within one half ulp
};

TEST_F(Half, MathFunctionsOnEveryHalf) {
  const double Pi = 3.14159265358979323846;
  // sinpi and friends reduced exactly first (fmod by 2 is exact), so that pi * x rounds little.
  auto Reduced = [](double X) { return std::fmod(X, 2.0); };
  const std::vector<Unary> Functions = {
      {"acos", [](double X) { return std::acos(X); }, false},
      {"acosh", [](double X) { return std::acosh(X); }, false},
      {"acospi", [=](double X) { return std::acos(X) / Pi; }, false},
      {"asin", [](double X) { return std::asin(X); }, false},
      {"asinh", [](double X) { return std::asinh(X); }, false},
      {"asinpi", [=](double X) { return std::asin(X) / Pi; }, false},
      {"atan", [](double X) { return std::atan(X); }, false},
      {"atanh", [](double X) { return std::atanh(X); }, false},
      {"atanpi", [=](double X) { return std::atan(X) / Pi; }, false},
      {"cbrt", [](double X) { return std::cbrt(X); }, false},
      {"cos", [](double X) { return std::cos(X); }, false},
      {"cosh", [](double X) { return std::cosh(X); }, false},
      {"cospi", [=](double X) { return std::isinf(X) ? NAN : std::cos(Pi * Reduced(X)); }, false},
      {"erf", [](double X) { return std::erf(X); }, false},
      {"erfc", [](double X) { return std::erfc(X); }, false},
      {"exp", [](double X) { return std::exp(X); }, false},
      {"exp2", [](double X) { return std::exp2(X); }, false},
      {"exp10", [](double X) { return std::pow(10.0, X); }, false},
      {"expm1", [](double X) { return std::expm1(X); }, false},
      {"log", [](double X) { return std::log(X); }, false},
      {"log2", [](double X) { return std::log2(X); }, false},
      {"log10", [](double X) { return std::log10(X); }, false},
      {"log1p", [](double X) { return std::log1p(X); }, false},
      {"rsqrt", [](double X) { return 1 / std::sqrt(X); }, false},
      {"sin", [](double X) { return std::sin(X); }, false},
      {"sinh", [](double X) { return std::sinh(X); }, false},
      {"sinpi", [=](double X) { return std::isinf(X) ? NAN : std::sin(Pi * Reduced(X)); }, false},
      {"tan", [](double X) { return std::tan(X); }, false},
      {"tanh", [](double X) { return std::tanh(X); }, false},
      {"tgamma", [](double X) { return std::tgamma(X); }, false},
      {"ceil", [](double X) { return std::ceil(X); }, true},
      {"floor", [](double X) { return std::floor(X); }, true},
      {"trunc", [](double X) { return std::trunc(X); }, true},
      {"round", [](double X) { return std::round(X); }, true},
      {"rint", [](double X) { return std::nearbyint(X); }, true},
      {"fabs", [](double X) { return std::fabs(X); }, true},
      {"logb", [](double X) { return std::logb(X); }, true},
  };
  std::string Source = "kernel void k(global const half *a, global half *o) {\n"
                       "  size_t i = get_global_id(0);\n  half x = a[i];\n";
  for (size_t F = 0; F < Functions.size(); ++F)
    Source += "  o[" + std::to_string(Functions.size()) + " * i + " + std::to_string(F) + "] = " +
              Functions[F].Name + "(x);\n";
  Source += "}\n";
  cl_program P = halfProgram(Source);
  const std::vector<uint16_t> A = everyHalf();
  const size_t N = Functions.size();
  const std::vector<uint16_t> O = runOnInputs<uint16_t>(P, N, 256, A);
  for (size_t F = 0; F < N; ++F) {
    int Failures = 0;
    double Worst = 0;
    for (size_t I = 0; I < EveryHalf && Failures < 5; ++I) {
      const double X = halfValue(A[I]), Want = Functions[F].Reference(X);
      const uint16_t Got = O[N * I + F];
      // Signed zeros count: the exact functions keep the sign, as the spec's tables say.
      const bool Ok = Functions[F].Exact ? roundsOnce(Got, Want) && (std::isnan(Want) || std::signbit(halfValue(Got)) == std::signbit(Want))
                                         : ulpError(Got, Want) <= 1.0;
      if (!Functions[F].Exact && !std::isnan(Want))
        Worst = std::max(Worst, ulpError(Got, Want));
      if (!Ok)
        ++Failures, ADD_FAILURE() << Functions[F].Name << "(0x" << std::hex << A[I] << " = " << X
                                  << ") gave 0x" << Got << " (" << halfValue(Got) << "), want " << Want;
    }
    RecordProperty(std::string("worst_ulp_") + Functions[F].Name, std::to_string(Worst));
  }
  clReleaseProgram(P);
}

TEST_F(Half, FunctionsOfTwoHalvesAndHalfBits) {
  cl_program P = halfProgram(R"(
    kernel void k(global const half *a, global const half *b, global half *o) {
      size_t i = get_global_id(0);
      half x = a[i], y = b[i];
      o[10 * i] = fmod(x, y);
      o[10 * i + 1] = remainder(x, y);
      o[10 * i + 2] = fmin(x, y);
      o[10 * i + 3] = fmax(x, y);
      o[10 * i + 4] = copysign(x, y);
      o[10 * i + 5] = nextafter(x, y);
      o[10 * i + 6] = hypot(x, y);
      o[10 * i + 7] = pow(x, y);
      o[10 * i + 8] = atan2(x, y);
      o[10 * i + 9] = ldexp(x, (int)(i % 41) - 20);
    })");
  const std::vector<uint16_t> A = everyHalf(), B = scrambledHalves(3);
  const std::vector<uint16_t> O = runOnInputs<uint16_t>(P, 10, 256, A, B);
  int Failures = 0;
  for (size_t I = 0; I < EveryHalf && Failures < 10; ++I) {
    const double X = halfValue(A[I]), Y = halfValue(B[I]);
    // nextafter on the bits: the next half from X towards Y.
    uint16_t Next = A[I];
    if (isNaNHalf(A[I]) || isNaNHalf(B[I]))
      Next = 0x7e00;
    else if (X == Y)
      Next = B[I];
    else if (X == 0)
      Next = uint16_t((B[I] & 0x8000) | 1);
    else
      Next = uint16_t((X < Y) == (X > 0) ? A[I] + 1 : A[I] - 1);
    const double Exact[6] = {std::fmod(X, Y), std::remainder(X, Y), std::fmin(X, Y), std::fmax(X, Y),
                             std::copysign(X, (B[I] & 0x8000) ? -1.0 : 1.0), // a NaN's sign too
                             std::ldexp(X, int(I % 41) - 20)};
    const int ExactAt[6] = {0, 1, 2, 3, 4, 9};
    for (int F = 0; F < 6; ++F)
      if (!roundsOnce(O[10 * I + ExactAt[F]], Exact[F]))
        ++Failures, ADD_FAILURE() << "function " << ExactAt[F] << " of 0x" << std::hex << A[I]
                                  << ", 0x" << B[I] << " gave 0x" << O[10 * I + ExactAt[F]];
    const bool NextOk = isNaNHalf(Next) ? isNaNHalf(O[10 * I + 5]) : O[10 * I + 5] == Next;
    if (!NextOk)
      ++Failures, ADD_FAILURE() << "nextafter(0x" << std::hex << A[I] << ", 0x" << B[I] << ") gave 0x"
                                << O[10 * I + 5] << ", want 0x" << Next;
    const double Within[3] = {std::hypot(X, Y), std::pow(X, Y), std::atan2(X, Y)};
    for (int F = 0; F < 3; ++F)
      if (ulpError(O[10 * I + 6 + F], Within[F]) > 1.0)
        ++Failures, ADD_FAILURE() << "function " << 6 + F << " of 0x" << std::hex << A[I] << ", 0x"
                                  << B[I] << " gave 0x" << O[10 * I + 6 + F] << ", want " << Within[F];
  }
  clReleaseProgram(P);
}

// fmin, fmax and clamp alone in a kernel, so that the loop over work-items vectorizes: LLVM 15
// could not compile half vectors' minnum without AVX512-FP16 (weft-half-min-max).
TEST_F(Half, VectorMinAndMaxOfHalves) {
  cl_program P = halfProgram(R"(
    kernel void k(global const half *a, global const half *b, global half *o) {
      size_t i = get_global_id(0);
      o[3 * i] = fmin(a[i], b[i]);
      o[3 * i + 1] = fmax(a[i], b[i]);
      o[3 * i + 2] = clamp(a[i], (half)-2, (half)3);
    }
    kernel void k4(global const half4 *a, global const half4 *b, global half4 *o) {
      size_t i = get_global_id(0);
      o[i] = fmax(fmin(a[i], b[i]), (half)-1);
    })");
  const std::vector<uint16_t> A = everyHalf(), B = scrambledHalves(4);
  const std::vector<uint16_t> O = runOnInputs<uint16_t>(P, 3, 256, A, B);
  int Failures = 0;
  for (size_t I = 0; I < EveryHalf && Failures < 10; ++I) {
    const double X = halfValue(A[I]), Y = halfValue(B[I]);
    const double Want[3] = {std::fmin(X, Y), std::fmax(X, Y), std::isnan(X) ? NAN : std::min(std::max(X, -2.0), 3.0)};
    for (int F = 0; F < 3; ++F) {
      if (F == 2 && std::isnan(X))
        continue; // clamp of a NaN: unspecified
      // fmin(-0, +0) may be either zero.
      const bool Zeros = Want[F] == 0 && halfValue(O[3 * I + F]) == 0;
      if (!Zeros && !roundsOnce(O[3 * I + F], Want[F]))
        ++Failures, ADD_FAILURE() << "function " << F << " of 0x" << std::hex << A[I] << ", 0x" << B[I]
                                  << " gave 0x" << O[3 * I + F];
    }
  }
  cl_mem MA = buffer(EveryHalf * 2, CL_MEM_COPY_HOST_PTR, const_cast<uint16_t *>(A.data())),
         MB = buffer(EveryHalf * 2, CL_MEM_COPY_HOST_PTR, const_cast<uint16_t *>(B.data())),
         MO = buffer(EveryHalf * 2);
  cl_kernel K = clCreateKernel(P, "k4", nullptr);
  setArgs(K, MA, MB, MO);
  cl_command_queue Q = queue();
  run(Q, K, EveryHalf / 4, 64);
  const std::vector<uint16_t> V = read<uint16_t>(Q, MO, EveryHalf);
  for (size_t I = 0; I < EveryHalf && Failures < 20; ++I) {
    const double Want = std::fmax(std::fmin(halfValue(A[I]), halfValue(B[I])), -1.0);
    const bool Zeros = Want == 0 && halfValue(V[I]) == 0;
    if (!Zeros && !roundsOnce(V[I], Want))
      ++Failures, ADD_FAILURE() << "half4 element " << I << " gave 0x" << std::hex << V[I];
  }
  for (cl_mem M : {MA, MB, MO})
    clReleaseMemObject(M);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

// printf of halves: a scalar (promoted to double, as any floating argument), and vectors with the
// h length modifier, each width the psABI passes differently (in an integer register, an SSE
// register, in memory).
TEST_F(Half, PrintfScalarsAndVectors) {
  cl_program P = halfProgram(R"(
    kernel void k(global const half *in) {
      printf("s=%hf v2=%v2hf v3=%.1v3hf\n", in[0], vload2(0, in), vload3(0, in));
      printf("v4=%v4hg v8=%v8hg\n", vload4(0, in), vload8(0, in));
      printf("v16=%.0v16hf\n", vload16(0, in));
    })");
  // 1.5, -0, 65504, inf, -2^-24, 0.333, 2, 3, then 8 x 4
  std::vector<uint16_t> In = {0x3e00, 0x8000, 0x7bff, 0x7c00, 0x8001, 0x3555, 0x4000, 0x4200};
  In.resize(16, 0x4400);
  cl_mem MIn = buffer(In.size() * 2, CL_MEM_COPY_HOST_PTR, In.data());
  cl_kernel K = clCreateKernel(P, "k", nullptr);
  setArgs(K, MIn);
  cl_command_queue Q = queue();
  ::testing::internal::CaptureStdout();
  run(Q, K, 1, 1);
  const std::string Printed = ::testing::internal::GetCapturedStdout();
  EXPECT_EQ(Printed, "s=1.500000 v2=1.500000,-0.000000 v3=1.5,-0.0,65504.0\n"
                     "v4=1.5,-0,65504,inf v8=1.5,-0,65504,inf,-5.96046e-08,0.333252,2,3\n"
                     "v16=2,-0,65504,inf,-0,0,2,3,4,4,4,4,4,4,4,4\n");
  clReleaseMemObject(MIn);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

// sincos, remquo and lgamma_r: their half results as the functions' own, the values through the
// pointer as well (remquo's quotient: its sign and lowest 3 bits at least, as the spec asks).
TEST_F(Half, SincosRemquoAndLgammaR) {
  cl_program P = halfProgram(R"(
    kernel void k(global const half *a, global const half *b, global half *o) {
      size_t i = get_global_id(0);
      half c;
      int q, sign;
      o[6 * i] = sincos(a[i], &c);
      o[6 * i + 1] = c;
      o[6 * i + 2] = remquo(a[i], b[i], &q);
      o[6 * i + 3] = as_half((ushort)q);
      o[6 * i + 4] = lgamma_r(a[i], &sign);
      o[6 * i + 5] = as_half((ushort)sign);
    })");
  const std::vector<uint16_t> A = everyHalf(), B = scrambledHalves(5);
  const std::vector<uint16_t> O = runOnInputs<uint16_t>(P, 6, 256, A, B);
  int Failures = 0;
  for (size_t I = 0; I < EveryHalf && Failures < 10; ++I) {
    const double X = halfValue(A[I]), Y = halfValue(B[I]);
    if (ulpError(O[6 * I], std::sin(X)) > 1.0 || ulpError(O[6 * I + 1], std::cos(X)) > 1.0)
      ++Failures, ADD_FAILURE() << "sincos(0x" << std::hex << A[I] << ") gave 0x" << O[6 * I] << ", 0x" << O[6 * I + 1];
    int Quotient = 0;
    const double Remainder = std::remquo(X, Y, &Quotient);
    if (!roundsOnce(O[6 * I + 2], Remainder))
      ++Failures, ADD_FAILURE() << "remquo(0x" << std::hex << A[I] << ", 0x" << B[I] << ") gave 0x" << O[6 * I + 2];
    const int Got = int16_t(O[6 * I + 3]);
    // glibc's remquo gives 3 bits and the sign (lost where those bits are 0); Weft's gives more.
    if (!std::isnan(Remainder) && ((std::abs(Got) & 7) != (std::abs(Quotient) & 7) ||
                                   ((Quotient & 7) != 0 && (Got < 0) != (Quotient < 0))))
      ++Failures, ADD_FAILURE() << "remquo(0x" << std::hex << A[I] << ", 0x" << B[I] << ")'s quotient " << std::dec
                                << Got << ", want " << Quotient;
    // lgamma_r's sign: that of Gamma(x) where it is finite and not 0.
    const double Gamma = std::tgamma(X);
    if (std::isfinite(X) && std::isfinite(Gamma) && Gamma != 0 && int16_t(O[6 * I + 5]) != (Gamma < 0 ? -1 : 1))
      ++Failures, ADD_FAILURE() << "lgamma_r(0x" << std::hex << A[I] << ")'s sign " << std::dec << int16_t(O[6 * I + 5]);
  }
  clReleaseProgram(P);
}

// cl_ext_float_atomics on atomic_half: add and sub from every work-group (each old value returned
// once: the additions were atomic; all exact in half), min and max with NaN operands (a quiet NaN
// loses to a number), exchange, and in local memory through a generic pointer.
TEST_F(Half, AtomicAddSubMinMaxAndExchange) {
  cl_program P = halfProgram(R"(
    kernel void k(global atomic_half *h, global half *fold, global const half *values, global int *ok) {
      size_t i = get_global_id(0);
      local atomic_half lsum;
      if (get_local_id(0) == 0)
        atomic_store_explicit(&lsum, 0.0h, memory_order_relaxed, memory_scope_work_group);
      barrier(CLK_LOCAL_MEM_FENCE);
      fold[i] = atomic_fetch_add(&h[0], 0.5h);
      atomic_fetch_sub_explicit(&h[1], 0.25h, memory_order_relaxed);
      atomic_fetch_min(&h[2], values[i]);
      atomic_fetch_max_explicit(&h[3], values[i], memory_order_acq_rel, memory_scope_device);
      atomic_exchange(&h[4], (half)7);
      volatile atomic_half *unqualified = &lsum; // a generic pointer
      atomic_fetch_add_explicit(unqualified, 1.0h, memory_order_relaxed, memory_scope_work_group);
      barrier(CLK_LOCAL_MEM_FENCE);
      if (get_local_id(0) == 0)
        ok[get_group_id(0)] = atomic_load(&lsum) == (half)get_local_size(0);
    })");
  const size_t Groups = 32, Local = 32, N = Groups * Local;
  std::vector<uint16_t> Values(N);
  double Min = INFINITY, Max = -INFINITY;
  for (size_t I = 0; I < N; ++I) {
    Values[I] = I % 7 == 3 ? 0x7e00 : toHalf(double(int(I * 7919 % 1000) - 500) * 0.25, Round::Even);
    if (!isNaNHalf(Values[I]))
      Min = std::min(Min, double(halfValue(Values[I]))), Max = std::max(Max, double(halfValue(Values[I])));
  }
  std::vector<uint16_t> H = {0, 0, 0x7e00, 0x7e00, 0};
  cl_mem MH = buffer(H.size() * 2, CL_MEM_COPY_HOST_PTR, H.data()), MFold = buffer(N * 2),
         MValues = buffer(N * 2, CL_MEM_COPY_HOST_PTR, Values.data()), MOk = buffer(Groups * 4);
  cl_kernel K = clCreateKernel(P, "k", nullptr);
  setArgs(K, MH, MFold, MValues, MOk);
  cl_command_queue Q = queue();
  run(Q, K, N, Local);
  const std::vector<uint16_t> Got = read<uint16_t>(Q, MH, H.size());
  EXPECT_EQ(Got[0], toHalf(0.5 * N, Round::Even));
  EXPECT_EQ(Got[1], toHalf(-0.25 * N, Round::Even));
  EXPECT_EQ(Got[2], toHalf(Min, Round::Even));
  EXPECT_EQ(Got[3], toHalf(Max, Round::Even));
  EXPECT_EQ(Got[4], toHalf(7, Round::Even));
  std::vector<uint16_t> Fold = read<uint16_t>(Q, MFold, N);
  std::vector<double> Old;
  for (uint16_t F : Fold)
    Old.push_back(halfValue(F));
  std::sort(Old.begin(), Old.end());
  for (size_t I = 0; I < N; ++I)
    EXPECT_EQ(Old[I], 0.5 * double(I)) << I;
  const std::vector<int32_t> Ok = read<int32_t>(Q, MOk, Groups);
  for (size_t G = 0; G < Groups; ++G)
    EXPECT_EQ(Ok[G], 1) << "group " << G;
  for (cl_mem M : {MH, MFold, MValues, MOk})
    clReleaseMemObject(M);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

TEST_F(Half, PointerResultsNanFractAndIlogb) {
  cl_program P = halfProgram(R"(
    kernel void k(global const half *a, global half *o) {
      size_t i = get_global_id(0);
      half x = a[i], whole, c;
      int e;
      o[8 * i] = fract(x, &whole);
      o[8 * i + 1] = whole;
      o[8 * i + 2] = frexp(x, &e);
      o[8 * i + 3] = (half)e;
      o[8 * i + 4] = modf(x, &whole);
      o[8 * i + 5] = whole;
      o[8 * i + 6] = as_half((ushort)ilogb(x));
      o[8 * i + 7] = nan((ushort)(i & 0x1ff));
    })");
  const std::vector<uint16_t> A = everyHalf();
  const std::vector<uint16_t> O = runOnInputs<uint16_t>(P, 8, 256, A);
  int Failures = 0;
  auto Expect = [&](size_t I, int Slot, double Want) {
    if (!roundsOnce(O[8 * I + Slot], Want) && Failures < 10)
      ++Failures, ADD_FAILURE() << "slot " << Slot << " of 0x" << std::hex << A[I] << " gave 0x"
                                << O[8 * I + Slot] << ", want " << Want;
  };
  for (size_t I = 0; I < EveryHalf; ++I) {
    const double X = halfValue(A[I]);
    if (!std::isnan(X)) {
      // fract: at most the half below 1 (0x1.ffcp-1), a zero of x's sign for infinities.
      const double Floor = std::floor(X);
      Expect(I, 0, std::isinf(X) ? std::copysign(0.0, X) : std::min(X - Floor, 0x1.ffcp-1));
      Expect(I, 1, Floor);
      int E = 0;
      const double M = std::frexp(X, &E);
      Expect(I, 2, M);
      if (std::isfinite(X))
        Expect(I, 3, E);
      double Whole;
      const double Frac = std::modf(X, &Whole);
      Expect(I, 4, Frac);
      Expect(I, 5, Whole);
      const int Want = X == 0 ? FP_ILOGB0 : std::isinf(X) ? INT32_MAX : std::ilogb(X);
      if (O[8 * I + 6] != uint16_t(Want) && Failures < 10)
        ++Failures, ADD_FAILURE() << "ilogb(0x" << std::hex << A[I] << ") gave 0x" << O[8 * I + 6];
    }
    if (O[8 * I + 7] != uint16_t(0x7e00 | (I & 0x1ff)) && Failures < 10)
      ++Failures, ADD_FAILURE() << "nan(" << (I & 0x1ff) << ") gave 0x" << std::hex << O[8 * I + 7];
  }
  clReleaseProgram(P);
}

TEST_F(Half, ConversionsInEveryRoundingMode) {
  cl_program P = halfProgram(R"(
    kernel void k(global const float *f, global const double *d, global const long *l, global half *o) {
      size_t i = get_global_id(0);
      o[12 * i] = convert_half(f[i]);
      o[12 * i + 1] = convert_half_rtz(f[i]);
      o[12 * i + 2] = convert_half_rtp(f[i]);
      o[12 * i + 3] = convert_half_rtn(f[i]);
      o[12 * i + 4] = convert_half_rte(d[i]);
      o[12 * i + 5] = convert_half_rtz(d[i]);
      o[12 * i + 6] = convert_half_rtp(d[i]);
      o[12 * i + 7] = convert_half_rtn(d[i]);
      o[12 * i + 8] = convert_half(l[i]);
      o[12 * i + 9] = convert_half_rtz((int)l[i]);
      o[12 * i + 10] = convert_half_rtp(l[i]);
      o[12 * i + 11] = convert_half_rtn((uint)l[i]);
    }
    kernel void v(global const double4 *d, global half4 *o) {
      size_t i = get_global_id(0);
      o[i] = convert_half4(d[i]);   // never through float: two roundings
    })");
  std::vector<float> F = conversionInputs();
  const size_t N = F.size();
  // Doubles just off each float input by less than a float ulp: rounding through float would
  // land them on a half midpoint and round the wrong way.
  std::vector<double> D(N);
  std::vector<int64_t> L(N);
  for (size_t I = 0; I < N; ++I) {
    const double X = F[I];
    D[I] = std::isfinite(X) && X != 0 ? X * (1 + ((I & 2) ? 0x1p-40 : -0x1p-40)) : X;
    L[I] = (I % 3 == 0) ? int64_t(I % 140000) - 70000 : (I % 3 == 1) ? int64_t(I) * 977 - 3000000 : int64_t(I) << 30;
  }
  const std::vector<uint16_t> O = runOnInputs<uint16_t>(P, 12, 256, F, D, L);
  const Round Modes[4] = {Round::Even, Round::Zero, Round::Up, Round::Down};
  int Failures = 0;
  auto Check = [&](size_t I, int Slot, double Value, Round R) {
    const uint16_t Got = O[12 * I + Slot];
    const bool Ok = std::isnan(Value) ? isNaNHalf(Got) : Got == toHalf(Value, R);
    if (!Ok && Failures < 10)
      ++Failures, ADD_FAILURE() << "slot " << Slot << " of " << Value << " gave 0x" << std::hex << Got
                                << ", want 0x" << toHalf(Value, R);
  };
  for (size_t I = 0; I < N; ++I) {
    for (int M = 0; M < 4; ++M) {
      Check(I, M, F[I], Modes[M]);
      Check(I, 4 + M, D[I], Modes[M]);
    }
    Check(I, 8, double(L[I]), Round::Even);
    Check(I, 9, double(int32_t(L[I])), Round::Zero);
    Check(I, 10, double(L[I]), Round::Up);
    Check(I, 11, double(uint32_t(L[I])), Round::Down);
  }
  // The vector form from double rounds once too.
  cl_mem MD = buffer(N * 8, CL_MEM_COPY_HOST_PTR, D.data()), MO = buffer(N * 2);
  cl_kernel K = clCreateKernel(P, "v", nullptr);
  setArgs(K, MD, MO);
  cl_command_queue Q = queue();
  run(Q, K, N / 4, 64);
  const std::vector<uint16_t> V = read<uint16_t>(Q, MO, N);
  for (size_t I = 0; I < N && Failures < 20; ++I)
    if (std::isnan(D[I]) ? !isNaNHalf(V[I]) : V[I] != toHalf(D[I], Round::Even))
      ++Failures, ADD_FAILURE() << "convert_half4 of " << D[I] << " gave 0x" << std::hex << V[I];
  clReleaseMemObject(MD);
  clReleaseMemObject(MO);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

TEST_F(Half, ConversionsFromHalfSaturateAndRound) {
  cl_program P = halfProgram(R"(
    kernel void k(global const half *a, global int *o) {
      size_t i = get_global_id(0);
      half x = a[i];
      o[6 * i] = convert_int(x);
      o[6 * i + 1] = convert_int_sat_rte(x);
      o[6 * i + 2] = convert_char_sat_rtp(x);
      o[6 * i + 3] = convert_uchar_sat_rtn(x);
      o[6 * i + 4] = convert_short_sat(x);
      o[6 * i + 5] = as_int(convert_float(x));
    })");
  const std::vector<uint16_t> A = everyHalf();
  const std::vector<int32_t> O = runOnInputs<int32_t>(P, 6, 256, A);
  int Failures = 0;
  auto Sat = [](double V, double Lo, double Hi) { return std::isnan(V) ? 0.0 : std::min(std::max(V, Lo), Hi); };
  for (size_t I = 0; I < EveryHalf && Failures < 10; ++I) {
    const double X = halfValue(A[I]);
    const float AsFloat = float(X);
    int32_t FloatBits;
    std::memcpy(&FloatBits, &AsFloat, 4);
    const bool Finite = std::isfinite(X);
    const double Want[6] = {Finite ? std::trunc(X) : double(O[6 * I]), Sat(std::nearbyint(X), INT32_MIN, INT32_MAX),
                            Sat(std::ceil(X), -128, 127), Sat(std::floor(X), 0, 255),
                            Sat(std::trunc(X), -32768, 32767), double(FloatBits)};
    for (int F = 0; F < 6; ++F) {
      if (F == 5 && std::isnan(X))
        continue; // a NaN's bits: checked below as a NaN
      if (double(O[6 * I + F]) != Want[F])
        ++Failures, ADD_FAILURE() << "conversion " << F << " of 0x" << std::hex << A[I] << " gave "
                                  << std::dec << O[6 * I + F] << ", want " << Want[F];
    }
    if (std::isnan(X)) {
      float Back;
      std::memcpy(&Back, &O[6 * I + 5], 4);
      EXPECT_TRUE(std::isnan(Back));
    }
  }
  clReleaseProgram(P);
}

TEST_F(Half, RelationalCommonGeometricAndVectorForms) {
  cl_program P = halfProgram(R"(
    kernel void k(global const half *a, global short *o) {
      size_t i = get_global_id(0);
      half x = a[i];
      half4 v = (half4)(x, -x, 1.0h, 0.0h);
      short4 n = isnormal(v);
      o[8 * i] = isnormal(x);
      o[8 * i + 1] = n.x;
      o[8 * i + 2] = isnan(v).y;
      o[8 * i + 3] = isinf(x);
      o[8 * i + 4] = signbit(v).y;
      o[8 * i + 5] = isequal(v, v).x;
      o[8 * i + 6] = as_short(select(v, (half4)(2.0h), (short4)(0, -1, 0, 0)).y);
      o[8 * i + 7] = as_short(clamp(x, -1.0h, 1.0h));
    }
    kernel void g(global half *o) {
      half4 a = (half4)(1.0h, 2.0h, 3.0h, 4.0h), b = (half4)(0.5h, -1.0h, 2.0h, 0.25h);
      o[0] = dot(a, b);                              // 0.5 - 2 + 6 + 1 = 5.5
      o[1] = length((half2)(3.0h, 4.0h));            // 5
      o[2] = distance((half3)(1.0h, 2.0h, 3.0h), (half3)(1.0h, 2.0h, 3.0h)); // 0
      half3 c = cross((half3)(1.0h, 0.0h, 0.0h), (half3)(0.0h, 1.0h, 0.0h));
      o[3] = c.z;                                    // 1
      o[4] = normalize((half2)(0.0h, -8.0h)).y;      // -1
      o[5] = mix(2.0h, 4.0h, 0.25h);                 // 2.5
      o[6] = smoothstep(0.0h, 1.0h, 0.5h);           // 0.5
      half8 s = shuffle2((half4)(10.0h, 11.0h, 12.0h, 13.0h), (half4)(20.0h, 21.0h, 22.0h, 23.0h),
                         (ushort8)(7, 0, 6, 1, 5, 2, 4, 3));
      o[7] = s.s0;                                   // 23
      o[8] = s.s5;                                   // 12
      vstore3(vload3(1, o), 3, o);                   // o[9..11] = o[3..5]
      o[12] = fmax((half4)(1.0h, 5.0h, -3.0h, 0.0h), 2.0h).z; // 2
      o[13] = step(1.0h, (half2)(0.5h, 1.5h)).y;    // 1
    })");
  const std::vector<uint16_t> A = everyHalf();
  const std::vector<int16_t> O = runOnInputs<int16_t>(P, 8, 256, A);
  int Failures = 0;
  for (size_t I = 0; I < EveryHalf && Failures < 10; ++I) {
    const uint16_t H = uint16_t(I), Exp = (H >> 10) & 31;
    const bool Normal = Exp != 0 && Exp != 31, NaN = isNaNHalf(H), Inf = Exp == 31 && !(H & 0x3ff);
    const double X = halfValue(H);
    const uint16_t Clamped = NaN ? 0 : toHalf(std::min(std::max(X, -1.0), 1.0), Round::Even);
    // Scalars give 1 for true, vector components -1.
    const int16_t Want[8] = {int16_t(Normal), int16_t(-Normal), int16_t(-NaN), int16_t(Inf),
                             int16_t(NaN ? -int(!(H & 0x8000)) : -int(!std::signbit(X))), int16_t(-!NaN),
                             int16_t(0x4000), int16_t(Clamped)};
    for (int F = 0; F < 8; ++F) {
      if (F == 7 && NaN)
        continue; // clamp of a NaN: unspecified
      if (O[8 * I + F] != Want[F])
        ++Failures, ADD_FAILURE() << "test " << F << " of 0x" << std::hex << H << " gave " << O[8 * I + F]
                                  << ", want " << Want[F];
    }
  }
  cl_mem MO = buffer(16 * 2);
  cl_kernel K = clCreateKernel(P, "g", nullptr);
  setArgs(K, MO);
  cl_command_queue Q = queue();
  run(Q, K, 1, 1);
  const std::vector<uint16_t> G = read<uint16_t>(Q, MO, 14);
  const double Want[14] = {5.5, 5, 0, 1, -1, 2.5, 0.5, 23, 12, 1, -1, 2.5, 2, 1};
  for (int I = 0; I < 14; ++I)
    EXPECT_EQ(G[I], toHalf(Want[I], Round::Even)) << "result " << I;
  clReleaseMemObject(MO);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

TEST_F(Half, WorkGroupCollectivesAndImages) {
  cl_program P = halfProgram(R"(
    kernel void k(global const half *a, global half *o) {
      size_t i = get_global_id(0);
      half x = a[i];
      o[4 * i] = work_group_reduce_add(x);
      o[4 * i + 1] = work_group_scan_inclusive_max(x);
      o[4 * i + 2] = work_group_broadcast(x, 3);
      o[4 * i + 3] = work_group_reduce_min(x);
    }
    kernel void img(read_only image2d_t in, write_only image2d_t out) {
      int2 p = (int2)(get_global_id(0), get_global_id(1));
      half4 c = read_imageh(in, p);
      write_imageh(out, p, c * 2.0h);
    })");
  // 64 small integers per group: every sum and maximum is exact.
  std::vector<uint16_t> A(256);
  for (size_t I = 0; I < A.size(); ++I)
    A[I] = toHalf(double(int(I * 7 % 13) - 6), Round::Even);
  const std::vector<uint16_t> O = runOnInputs<uint16_t>(P, 4, 64, A);
  for (size_t G = 0; G < 4; ++G) {
    double Sum = 0, Max = -INFINITY, Min = INFINITY;
    for (size_t L = 0; L < 64; ++L) {
      const double X = halfValue(A[64 * G + L]);
      Sum += X, Max = std::max(Max, X), Min = std::min(Min, X);
      const size_t I = 64 * G + L;
      EXPECT_EQ(O[4 * I + 1], toHalf(Max, Round::Even)) << "scan of item " << I;
      EXPECT_EQ(O[4 * I + 2], A[64 * G + 3]) << "broadcast to item " << I;
    }
    for (size_t L = 0; L < 64; ++L) {
      EXPECT_EQ(O[4 * (64 * G + L)], toHalf(Sum, Round::Even)) << "sum of group " << G;
      EXPECT_EQ(O[4 * (64 * G + L) + 3], toHalf(Min, Round::Even)) << "minimum of group " << G;
    }
  }
  // A CL_HALF_FLOAT image read as half and written doubled.
  const size_t W = 8, H = 4;
  std::vector<uint16_t> Pixels(W * H * 4);
  for (size_t I = 0; I < Pixels.size(); ++I)
    Pixels[I] = toHalf(double(I) * 0.125 - 7, Round::Even);
  const cl_image_format Format = {CL_RGBA, CL_HALF_FLOAT};
  cl_image_desc Desc = {};
  Desc.image_type = CL_MEM_OBJECT_IMAGE2D;
  Desc.image_width = W;
  Desc.image_height = H;
  cl_int Err;
  cl_mem In = clCreateImage(Ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &Format, &Desc, Pixels.data(), &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  cl_mem Out = clCreateImage(Ctx, CL_MEM_WRITE_ONLY, &Format, &Desc, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  cl_kernel K = clCreateKernel(P, "img", nullptr);
  setArgs(K, In, Out);
  cl_command_queue Q = queue();
  const size_t Global[2] = {W, H};
  ASSERT_EQ(clEnqueueNDRangeKernel(Q, K, 2, nullptr, Global, nullptr, 0, nullptr, nullptr), CL_SUCCESS);
  std::vector<uint16_t> Back(Pixels.size());
  const size_t Origin[3] = {0, 0, 0}, Region[3] = {W, H, 1};
  ASSERT_EQ(clEnqueueReadImage(Q, Out, CL_TRUE, Origin, Region, 0, 0, Back.data(), 0, nullptr, nullptr), CL_SUCCESS);
  for (size_t I = 0; I < Pixels.size(); ++I)
    EXPECT_EQ(Back[I], toHalf(2 * halfValue(Pixels[I]), Round::Even)) << "channel " << I;
  clReleaseMemObject(In);
  clReleaseMemObject(Out);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

} // namespace
} // namespace weft::test
