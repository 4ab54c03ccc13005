// The float math built-ins (builtins/src/math.cl) against the host's C library, scalar and in
// float4 and float16 vectors, over special values (zeros, infinities, NaN, denormals, range
// limits) and a sweep of magnitudes. The built-ins call the same glibc routines or compute the
// same expression, so results must match bit for bit (NaN for NaN).
#include "api/KernelFixture.h"

#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <random>

namespace weft::test {
namespace {

std::vector<float> inputs() {
  const float Inf = std::numeric_limits<float>::infinity();
  std::vector<float> V = {0.0f,   -0.0f,  1.0f,   -1.0f, 0.5f,    -0.5f,   2.0f,   -2.0f,
                          10.0f,  -10.0f, 0.99f,  -0.99f, 3.14159f, 88.7f, -88.7f, 1e-7f,
                          1e-40f, -1e-40f, 1e10f, -1e10f, 3.4e38f, -3.4e38f, Inf,    -Inf,
                          std::numeric_limits<float>::quiet_NaN(), 1.5f, -2.5f, 0.25f};
  std::mt19937 Random(5);
  while (V.size() % 16 || V.size() < 256) {
    float Magnitude = std::ldexp(1.0f + float(Random() % 1000) / 1000.0f, int(Random() % 60) - 30);
    V.push_back(Random() % 2 ? Magnitude : -Magnitude);
  }
  return V;
}

bool same(float A, float B) {
  if (std::isnan(A) || std::isnan(B))
    return std::isnan(A) && std::isnan(B);
  return std::memcmp(&A, &B, sizeof A) == 0;
}

class FloatMath : public KernelApi {
protected:
  /// Runs kernel Name over In (and In2) and returns the results.
  std::vector<float> run(cl_program P, const std::string &Name, const std::vector<float> &In,
                         const std::vector<float> *In2 = nullptr) {
    cl_int Err;
    cl_kernel K = clCreateKernel(P, Name.c_str(), &Err);
    EXPECT_EQ(Err, CL_SUCCESS) << Name;
    const size_t N = In.size();
    cl_mem A = buffer(N * 4, CL_MEM_COPY_HOST_PTR, const_cast<float *>(In.data()));
    cl_mem B = buffer(N * 4, CL_MEM_COPY_HOST_PTR,
                      const_cast<float *>(In2 ? In2->data() : In.data()));
    cl_mem Out = buffer(N * 4);
    setArgs(K, A, B, Out);
    cl_command_queue Q = queue();
    KernelApi::run(Q, K, N / 16, 1);
    std::vector<float> R = read<float>(Q, Out, N);
    for (cl_mem M : {A, B, Out})
      clReleaseMemObject(M);
    clReleaseKernel(K);
    return R;
  }
};

using Unary = std::function<float(float)>;
using Binary = std::function<float(float, float)>;

const std::vector<std::pair<std::string, Unary>> &unaries() {
  static const std::vector<std::pair<std::string, Unary>> U = {
      {"exp", expf},       {"exp2", exp2f},     {"expm1", expm1f},   {"log", logf},
      {"log2", log2f},     {"log10", log10f},   {"log1p", log1pf},   {"logb", logbf},
      {"sqrt", sqrtf},     {"cbrt", cbrtf},     {"sin", sinf},       {"cos", cosf},
      {"tan", tanf},       {"asin", asinf},     {"acos", acosf},     {"atan", atanf},
      {"sinh", sinhf},     {"cosh", coshf},     {"tanh", tanhf},     {"asinh", asinhf},
      {"acosh", acoshf},   {"atanh", atanhf},   {"erf", erff},       {"erfc", erfcf},
      {"tgamma", tgammaf}, {"lgamma", lgammaf}, {"fabs", fabsf},     {"floor", floorf},
      {"ceil", ceilf},     {"trunc", truncf},   {"round", roundf},   {"rint", rintf},
      {"exp10", [](float X) { return powf(10.0f, X); }},
      {"rsqrt", [](float X) { return 1.0f / sqrtf(X); }},
      {"asinpi", [](float X) { return asinf(X) * float(M_1_PI); }},
      {"acospi", [](float X) { return acosf(X) * float(M_1_PI); }},
      {"atanpi", [](float X) { return atanf(X) * float(M_1_PI); }},
      {"native_tan", tanf}, {"native_log10", log10f}};
  return U;
}

const std::vector<std::pair<std::string, Binary>> &binaries() {
  static const std::vector<std::pair<std::string, Binary>> B = {
      {"pow", powf},         {"hypot", hypotf},   {"atan2", atan2f},       {"fmod", fmodf},
      {"remainder", remainderf}, {"fdim", fdimf}, {"fmin", fminf},         {"fmax", fmaxf},
      {"copysign", copysignf},   {"nextafter", nextafterf},
      {"atan2pi", [](float Y, float X) { return atan2f(Y, X) * float(M_1_PI); }},
      {"maxmag", [](float X, float Y) {
         return fabsf(X) > fabsf(Y) ? X : fabsf(Y) > fabsf(X) ? Y : fmaxf(X, Y);
       }},
      {"minmag", [](float X, float Y) {
         return fabsf(X) < fabsf(Y) ? X : fabsf(Y) < fabsf(X) ? Y : fminf(X, Y);
       }}};
  return B;
}

/// Three kernels per function: scalar, float4 and float16, each handling 16 elements per
/// work-item. Args are the call's arguments for element j ("a[j]", or "a[j], b[j]"), and for
/// the vector forms with vloadW of a and b.
std::string source() {
  std::string S;
  auto Kernels = [&](const std::string &Name, bool TwoArguments) {
    const std::string Head = "(global const float *a, global const float *b, global float *o) {";
    S += "kernel void " + Name + "_1" + Head + " size_t g = get_global_id(0) * 16;" +
         " for (int i = 0; i < 16; ++i) o[g + i] = " + Name + "(a[g + i]" +
         (TwoArguments ? ", b[g + i]" : "") + "); }\n";
    for (const std::string W : {"4", "16"})
      S += "kernel void " + Name + "_" + W + Head + " size_t g = get_global_id(0) * 16 / " + W +
           "; for (int i = 0; i < 16 / " + W + "; ++i) vstore" + W + "(" + Name + "(vload" + W +
           "(g + i, a)" + (TwoArguments ? ", vload" + W + "(g + i, b)" : "") + "), g + i, o); }\n";
  };
  for (const auto &[Name, F] : unaries())
    Kernels(Name, false);
  for (const auto &[Name, F] : binaries())
    Kernels(Name, true);
  return S;
}

TEST_F(FloatMath, UnaryAndBinaryFunctionsMatchTheCLibrary) {
  const std::string Source = source();
  cl_program P = built(Source.c_str());
  const std::vector<float> X = inputs();
  std::vector<float> Y(X.rbegin(), X.rend());
  for (const auto &[Name, F] : unaries())
    for (const char *W : {"_1", "_4", "_16"}) {
      std::vector<float> R = run(P, Name + W, X);
      int Wrong = 0;
      for (size_t I = 0; I < X.size(); ++I)
        if (!same(R[I], F(X[I])) && ++Wrong <= 3)
          ADD_FAILURE() << Name << W << "(" << X[I] << ") = " << R[I] << ", expected " << F(X[I]);
    }
  for (const auto &[Name, F] : binaries())
    for (const char *W : {"_1", "_4", "_16"}) {
      std::vector<float> R = run(P, Name + W, X, &Y);
      int Wrong = 0;
      for (size_t I = 0; I < X.size(); ++I)
        if (!same(R[I], F(X[I], Y[I])) && ++Wrong <= 3)
          ADD_FAILURE() << Name << W << "(" << X[I] << ", " << Y[I] << ") = " << R[I]
                        << ", expected " << F(X[I], Y[I]);
    }
  clReleaseProgram(P);
}

// ldexp, and the functions that return a second result through a pointer to global, local or
// private memory (PyOpenCL's test_clmath calls sincos, modf, frexp and ldexp).
TEST_F(FloatMath, LdexpAndPointerResultsInEveryAddressSpace) {
  cl_program P = built(R"(
    kernel void k(global const float *a, global float *o, global float *o2, global int *e) {
      size_t i = get_global_id(0);
      float x = a[i];
      local float l[16];
      float p;
      int pe;
      float4 c4;
      float16 w16;
      o[8 * i + 0] = ldexp(x, (int)(i % 40) - 20);
      o[8 * i + 1] = sincos(x, &o2[5 * i + 0]);           /* global */
      o[8 * i + 2] = modf(x, &l[get_local_id(0)]);        /* local */
      o2[5 * i + 1] = l[get_local_id(0)];
      o[8 * i + 3] = fract(x, &p);                        /* private */
      o2[5 * i + 2] = p;
      o[8 * i + 4] = frexp(x, &pe);
      e[i] = pe;
      o[8 * i + 5] = sincos((float4)(x), &c4).z;
      o2[5 * i + 3] = c4.w;
      o[8 * i + 6] = ldexp((float2)(x, 1.0f), 3).x;
      o[8 * i + 7] = modf((float16)(x), &w16).s7;
      o2[5 * i + 4] = w16.s3;
    })");
  cl_int Err;
  cl_kernel K = clCreateKernel(P, "k", &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  const std::vector<float> X = inputs();
  const size_t N = X.size();
  cl_mem A = buffer(N * 4, CL_MEM_COPY_HOST_PTR, const_cast<float *>(X.data()));
  cl_mem O = buffer(N * 8 * 4), O2 = buffer(N * 5 * 4), E = buffer(N * 4);
  setArgs(K, A, O, O2, E);
  cl_command_queue Q = queue();
  KernelApi::run(Q, K, N, 16);
  std::vector<float> R = read<float>(Q, O, N * 8), R2 = read<float>(Q, O2, N * 5);
  std::vector<int> Exponents = read<int>(Q, E, N);
  int Wrong = 0;
  auto Check = [&](const char *What, size_t I, float Got, float Want) {
    if (!same(Got, Want) && ++Wrong <= 10)
      ADD_FAILURE() << What << "(" << X[I] << ") = " << Got << ", expected " << Want;
  };
  for (size_t I = 0; I < N; ++I) {
    const float V = X[I];
    float Whole;
    int Exponent;
    Check("ldexp", I, R[8 * I + 0], ldexpf(V, int(I % 40) - 20));
    Check("sincos", I, R[8 * I + 1], sinf(V));
    Check("sincos cosine", I, R2[5 * I + 0], cosf(V));
    float Fraction = modff(V, &Whole);
    Check("modf", I, R[8 * I + 2], Fraction);
    Check("modf whole", I, R2[5 * I + 1], Whole);
    float Floor = floorf(V);
    float Fract = std::isnan(V)   ? V
                  : std::isinf(V) ? copysignf(0.0f, V)
                                  : fminf(V - Floor, 0x1.fffffep-1f);
    Check("fract", I, R[8 * I + 3], Fract);
    Check("fract floor", I, R2[5 * I + 2], Floor);
    Check("frexp", I, R[8 * I + 4], frexpf(V, &Exponent));
    if (std::isfinite(V) && Exponents[I] != Exponent && ++Wrong <= 10)
      ADD_FAILURE() << "frexp exponent of " << V << ": " << Exponents[I] << ", expected " << Exponent;
    Check("sincos float4", I, R[8 * I + 5], sinf(V));
    Check("sincos float4 cosine", I, R2[5 * I + 3], cosf(V));
    Check("ldexp float2", I, R[8 * I + 6], ldexpf(V, 3));
    Check("modf float16", I, R[8 * I + 7], Fraction);
    Check("modf float16 whole", I, R2[5 * I + 4], Whole);
  }
  EXPECT_EQ(Wrong, 0);
  for (cl_mem M : {A, O, O2, E})
    clReleaseMemObject(M);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

} // namespace
} // namespace weft::test
