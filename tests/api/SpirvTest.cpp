// SPIR-V programs (clCreateProgramWithIL, cl_khr_il_program): spirv/kernels.cl, compiled to
// SPIR-V at build time by clang-15 and the Khronos translator, built and run through the ICD
// loader; the queries, the error paths, compile-and-link and program binaries of IL programs.
#include "api/KernelFixture.h"
#include "runtime/api/ClExtCompat.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <random>
#include <atomic>
#include <chrono>
#include <thread>

namespace weft::test {
namespace {

std::string spirvKernels(const char *Path = WEFT_TEST_SPIRV) {
  std::ifstream In(Path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(In), {});
}

struct Pair {
  cl_int A;
  cl_float B;
};

class Spirv : public KernelApi {
protected:
  cl_program fromIl(const std::string &Il, cl_int Expected = CL_SUCCESS) {
    cl_int Err;
    cl_program P = clCreateProgramWithIL(Ctx, Il.data(), Il.size(), &Err);
    EXPECT_EQ(Err, Expected);
    return P;
  }
  /// Kernel Name of the module Il, built into P (null, with the test failed, if it does not
  /// build).
  cl_kernel builtKernel(const std::string &Il, const char *Name, cl_program &P) {
    P = fromIl(Il);
    cl_int Err = clBuildProgram(P, 1, &Device, "", nullptr, nullptr);
    EXPECT_EQ(Err, CL_SUCCESS) << log(P);
    if (Err != CL_SUCCESS)
      return nullptr;
    cl_kernel K = clCreateKernel(P, Name, &Err);
    EXPECT_EQ(Err, CL_SUCCESS) << Name;
    return K;
  }

  /// Runs the kernels of spirv/kernels.cl from P (all but specialized) and checks every result.
  void runKernels(cl_program P) {
    cl_int Err;
    cl_command_queue Q = queue();
    // mathAndVectors
    const size_t N = 256;
    std::vector<float> In(N * 4);
    for (size_t I = 0; I < In.size(); ++I)
      In[I] = float(I) * 0.37f - 150.0f;
    cl_mem MIn = buffer(In.size() * 4, CL_MEM_COPY_HOST_PTR, In.data());
    cl_mem MOut = buffer(In.size() * 4);
    cl_kernel K = clCreateKernel(P, "mathAndVectors", &Err);
    ASSERT_EQ(Err, CL_SUCCESS);
    const float Scale = 3.0f;
    setArgs(K, MIn, MOut, Scale);
    run(Q, K, N, 64);
    std::vector<float> Out = read<float>(Q, MOut, In.size());
    int Wrong = 0;
    for (size_t I = 0; I < In.size(); ++I) {
      const float V = In[I];
      const double Want = std::sin(double(V)) * Scale + std::sqrt(std::fabs(double(V))) +
                          double(int(V * 100.0f));
      if (!(std::fabs(Out[I] - Want) <= 1e-5 * std::fabs(Want) + 1e-5) && ++Wrong <= 5)
        ADD_FAILURE() << "mathAndVectors[" << I << "] = " << Out[I] << ", expected " << Want;
    }
    clReleaseKernel(K);

    // reverseGroups: every group's ints reversed through __local memory and async copies.
    const size_t Ints = 1024, Local = 128;
    std::vector<cl_int> Values(Ints);
    for (size_t I = 0; I < Ints; ++I)
      Values[I] = cl_int(I * 3 + 1);
    cl_mem MInts = buffer(Ints * 4, CL_MEM_COPY_HOST_PTR, Values.data());
    cl_mem MReversed = buffer(Ints * 4);
    cl_int Zero = 0;
    cl_mem MCount = buffer(4, CL_MEM_COPY_HOST_PTR, &Zero);
    K = clCreateKernel(P, "reverseGroups", &Err);
    ASSERT_EQ(Err, CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(K, 0, sizeof MInts, &MInts), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(K, 1, sizeof MReversed, &MReversed), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(K, 2, Local * 4, nullptr), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(K, 3, sizeof MCount, &MCount), CL_SUCCESS);
    run(Q, K, Ints, Local);
    std::vector<cl_int> Reversed = read<cl_int>(Q, MReversed, Ints);
    for (size_t I = 0; I < Ints; ++I) {
      const size_t Group = I / Local * Local, Mirror = Group + Local - 1 - I % Local;
      if (Reversed[I] != Values[Mirror] && ++Wrong <= 10)
        ADD_FAILURE() << "reverseGroups[" << I << "] = " << Reversed[I] << ", expected " << Values[Mirror];
    }
    EXPECT_EQ(read<cl_int>(Q, MCount, 1)[0], cl_int(Ints));
    clReleaseKernel(K);

    // helpers: a struct argument through a helper function and a private array.
    std::vector<Pair> Pairs(64);
    for (size_t I = 0; I < Pairs.size(); ++I)
      Pairs[I] = {cl_int(I) - 20, float(I) * 0.25f};
    cl_mem MPairs = buffer(Pairs.size() * sizeof(Pair), CL_MEM_COPY_HOST_PTR, Pairs.data());
    cl_mem MWeighed = buffer(Pairs.size() * 4);
    K = clCreateKernel(P, "helpers", &Err);
    ASSERT_EQ(Err, CL_SUCCESS);
    setArgs(K, MPairs, MWeighed);
    run(Q, K, Pairs.size(), 16);
    std::vector<float> Weighed = read<float>(Q, MWeighed, Pairs.size());
    for (size_t I = 0; I < Pairs.size(); ++I)
      EXPECT_EQ(Weighed[I], float(Pairs[I].A) * 2.0f + Pairs[I].B * 0.5f) << I;
    clReleaseKernel(K);

    // integerExtensions: dot products and bit operations, against the host.
    std::vector<cl_uint> Words = {0xffffffffu, 0x80808080u, 0x01ff807fu, 0x7fffffffu, 0, 31};
    std::mt19937 Random(5);
    while (Words.size() < 128)
      Words.push_back(Random());
    const size_t Cases = Words.size() / 2;
    cl_mem MWords = buffer(Words.size() * 4, CL_MEM_COPY_HOST_PTR, Words.data());
    cl_mem MResults = buffer(Cases * 16 * 4);
    K = clCreateKernel(P, "integerExtensions", &Err);
    ASSERT_EQ(Err, CL_SUCCESS);
    setArgs(K, MWords, MResults);
    run(Q, K, Cases, 8);
    const std::vector<cl_int> Results = read<cl_int>(Q, MResults, Cases * 16);
    auto Dot = [](cl_uint X, cl_uint Y, bool SignedX, bool SignedY) {
      int64_t Sum = 0;
      for (int I = 0; I < 4; ++I) {
        const uint8_t A = uint8_t(X >> 8 * I), B = uint8_t(Y >> 8 * I);
        Sum += (SignedX ? int64_t(int8_t(A)) : int64_t(A)) * (SignedY ? int64_t(int8_t(B)) : int64_t(B));
      }
      return Sum;
    };
    auto Reverse = [](uint32_t V, int Bits) {
      uint32_t R = 0;
      for (int B = 0; B < Bits; ++B)
        R |= ((V >> B) & 1u) << (Bits - 1 - B);
      return R;
    };
    for (size_t I = 0; I < Cases; ++I) {
      const cl_uint X = Words[2 * I], Y = Words[2 * I + 1];
      const cl_int *G = &Results[16 * I];
      SCOPED_TRACE(::testing::Message() << std::hex << X << " " << Y);
      EXPECT_EQ(G[0], cl_int(std::clamp<int64_t>(Dot(X, Y, true, false) + cl_int(Y), INT32_MIN, INT32_MAX)));
      EXPECT_EQ(G[1], cl_int(Dot(X, Y, true, false)));
      EXPECT_EQ(G[2], cl_int(Dot(X, Y, false, false)));
      const unsigned Offset = Y & 15u, Count = Y % 30u;
      EXPECT_EQ(G[3], cl_int(uint32_t(X) << (32 - Offset - 9)) >> 23); // 9 bits at Offset, signed
      EXPECT_EQ(G[4], cl_int((X >> 3) & ((1u << Count) - 1)));
      const uint32_t Mask = ((1u << 11) - 1) << 5;
      EXPECT_EQ(G[5], cl_int((X & ~Mask) | ((Y << 5) & Mask)));
      EXPECT_EQ(G[6], cl_int(Reverse(X, 32)));
      EXPECT_EQ(G[7], cl_int(int16_t(Reverse(Y & 0xffffu, 16))));
      EXPECT_EQ(G[8], cl_int(Dot(X, Y, false, false)));
      EXPECT_EQ(G[9], cl_int(Dot(X, Y, true, true)));
      EXPECT_EQ(G[10], cl_int(std::clamp<int64_t>(Dot(X, Y, false, true) + cl_int(X), INT32_MIN, INT32_MAX)));
      EXPECT_EQ(G[11], cl_int(std::clamp<int64_t>(Dot(X, Y, true, true) + cl_int(Y), INT32_MIN, INT32_MAX)));
      EXPECT_EQ(cl_uint(G[12]), cl_uint(std::min<int64_t>(Dot(X, Y, false, false) + Y, UINT32_MAX)));
      EXPECT_EQ(G[13], cl_int(Dot(X, Y, false, true)));
    }
    clReleaseKernel(K);
    for (cl_mem M : {MIn, MOut, MInts, MReversed, MCount, MPairs, MWeighed, MWords, MResults})
      clReleaseMemObject(M);
    EXPECT_EQ(Wrong, 0);
  }
};

TEST_F(Spirv, DeviceReportsTheTranslatorsVersions) {
  size_t Size = 0;
  ASSERT_EQ(clGetDeviceInfo(Device, CL_DEVICE_IL_VERSION, 0, nullptr, &Size), CL_SUCCESS);
  std::string Versions(Size, '\0');
  ASSERT_EQ(clGetDeviceInfo(Device, CL_DEVICE_IL_VERSION, Size, Versions.data(), nullptr), CL_SUCCESS);
  EXPECT_STREQ(Versions.c_str(), "SPIR-V_1.0 SPIR-V_1.1 SPIR-V_1.2 SPIR-V_1.3 SPIR-V_1.4");
  ASSERT_EQ(clGetDeviceInfo(Device, CL_DEVICE_ILS_WITH_VERSION, 0, nullptr, &Size), CL_SUCCESS);
  std::vector<cl_name_version> Ils(Size / sizeof(cl_name_version));
  ASSERT_EQ(Ils.size(), 5u);
  ASSERT_EQ(clGetDeviceInfo(Device, CL_DEVICE_ILS_WITH_VERSION, Size, Ils.data(), nullptr), CL_SUCCESS);
  for (size_t I = 0; I < Ils.size(); ++I) {
    EXPECT_STREQ(Ils[I].name, "SPIR-V");
    EXPECT_EQ(Ils[I].version, CL_MAKE_VERSION(1, cl_uint(I), 0));
  }
  EXPECT_NE(deviceString(Device, CL_DEVICE_EXTENSIONS).find("cl_khr_il_program"), std::string::npos);
}

TEST_F(Spirv, BuildsAndRunsKernels) {
  const std::string Il = spirvKernels();
  ASSERT_GT(Il.size(), 20u) << "no " << WEFT_TEST_SPIRV;
  cl_program P = fromIl(Il);
  ASSERT_EQ(clBuildProgram(P, 1, &Device, "", nullptr, nullptr), CL_SUCCESS) << log(P);
  runKernels(P);
  // The program's IL is the module's bytes; it has no source.
  size_t Size = 0;
  ASSERT_EQ(clGetProgramInfo(P, CL_PROGRAM_IL, 0, nullptr, &Size), CL_SUCCESS);
  std::string Back(Size, '\0');
  ASSERT_EQ(clGetProgramInfo(P, CL_PROGRAM_IL, Size, Back.data(), nullptr), CL_SUCCESS);
  EXPECT_TRUE(Back == Il);
  char Source[4] = "x";
  ASSERT_EQ(clGetProgramInfo(P, CL_PROGRAM_SOURCE, sizeof Source, Source, &Size), CL_SUCCESS);
  EXPECT_EQ(Size, 1u);
  EXPECT_STREQ(Source, "");
  ASSERT_EQ(clGetProgramInfo(P, CL_PROGRAM_KERNEL_NAMES, 0, nullptr, &Size), CL_SUCCESS);
  std::string Names(Size, '\0');
  ASSERT_EQ(clGetProgramInfo(P, CL_PROGRAM_KERNEL_NAMES, Size, Names.data(), nullptr), CL_SUCCESS);
  for (const char *Name : {"mathAndVectors", "reverseGroups", "helpers", "specialized", "integerExtensions"})
    EXPECT_NE(Names.find(Name), std::string::npos) << Names;
  // Argument information: not available, as for source built without -cl-kernel-arg-info (the
  // spec promises it only for source built with it); with the option, the module's OpNames.
  cl_kernel K = clCreateKernel(P, "reverseGroups", nullptr);
  char ArgName[32] = {};
  EXPECT_EQ(clGetKernelArgInfo(K, 2, CL_KERNEL_ARG_NAME, sizeof ArgName, ArgName, nullptr),
            CL_KERNEL_ARG_INFO_NOT_AVAILABLE);
  clReleaseKernel(K);
  clReleaseProgram(P);
  P = fromIl(Il);
  ASSERT_EQ(clBuildProgram(P, 1, &Device, "-cl-kernel-arg-info", nullptr, nullptr), CL_SUCCESS) << log(P);
  K = clCreateKernel(P, "reverseGroups", nullptr);
  EXPECT_EQ(clGetKernelArgInfo(K, 2, CL_KERNEL_ARG_NAME, sizeof ArgName, ArgName, nullptr), CL_SUCCESS);
  EXPECT_STREQ(ArgName, "tile");
  cl_kernel_arg_address_qualifier Space = 0;
  EXPECT_EQ(clGetKernelArgInfo(K, 2, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof Space, &Space, nullptr), CL_SUCCESS);
  EXPECT_EQ(Space, cl_kernel_arg_address_qualifier(CL_KERNEL_ARG_ADDRESS_LOCAL));
  clReleaseKernel(K);
  clReleaseProgram(P);
  // A program from source has no IL.
  cl_program FromSource = program("kernel void k() {}");
  ASSERT_EQ(clGetProgramInfo(FromSource, CL_PROGRAM_IL, 0, nullptr, &Size), CL_SUCCESS);
  EXPECT_EQ(Size, 0u);
  clReleaseProgram(FromSource);
}

// The extension's name for the function, as applications written for OpenCL 2.0 find it.
TEST_F(Spirv, CreateProgramWithILKHRThroughTheExtension) {
  using CreateFn = cl_program(CL_API_CALL *)(cl_context, const void *, size_t, cl_int *);
  auto Create = reinterpret_cast<CreateFn>(
      clGetExtensionFunctionAddressForPlatform(findWeft(), "clCreateProgramWithILKHR"));
  ASSERT_NE(Create, nullptr);
  const std::string Il = spirvKernels();
  cl_int Err;
  cl_program P = Create(Ctx, Il.data(), Il.size(), &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  ASSERT_EQ(clBuildProgram(P, 1, &Device, "", nullptr, nullptr), CL_SUCCESS) << log(P);
  runKernels(P);
  clReleaseProgram(P);
}

// clCompileProgram then clLinkProgram, and the executable's binary rebuilt from
// clCreateProgramWithBinary.
TEST_F(Spirv, CompilesLinksAndRoundTripsThroughABinary) {
  cl_program P = fromIl(spirvKernels());
  ASSERT_EQ(clCompileProgram(P, 1, &Device, "", 0, nullptr, nullptr, nullptr, nullptr), CL_SUCCESS)
      << log(P);
  cl_int Err;
  cl_program Linked = clLinkProgram(Ctx, 1, &Device, "", 1, &P, nullptr, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  runKernels(Linked);
  const std::vector<unsigned char> Binary = binaryOf(Linked);
  ASSERT_FALSE(Binary.empty());
  const unsigned char *From = Binary.data();
  const size_t Size = Binary.size();
  cl_program Again = clCreateProgramWithBinary(Ctx, 1, &Device, &Size, &From, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  ASSERT_EQ(clBuildProgram(Again, 1, &Device, "", nullptr, nullptr), CL_SUCCESS) << log(Again);
  runKernels(Again);
  for (cl_program Each : {P, Linked, Again})
    clReleaseProgram(Each);
}

// Builds of SPIR-V programs from several threads at once (each its own translator run).
TEST_F(Spirv, BuildsFromManyThreadsAtOnce) {
  const std::string Il = spirvKernels();
  std::vector<std::thread> Threads;
  std::atomic<int> Built{0};
  for (int T = 0; T < 4; ++T)
    Threads.emplace_back([&] {
      cl_int Err;
      cl_program P = clCreateProgramWithIL(Ctx, Il.data(), Il.size(), &Err);
      if (Err != CL_SUCCESS)
        return;
      if (clBuildProgram(P, 1, &Device, "", nullptr, nullptr) == CL_SUCCESS) {
        cl_kernel K = clCreateKernel(P, "helpers", &Err);
        if (Err == CL_SUCCESS) {
          ++Built;
          clReleaseKernel(K);
        }
      }
      clReleaseProgram(P);
    });
  for (std::thread &T : Threads)
    T.join();
  EXPECT_EQ(Built.load(), 4);
}

// clSetProgramSpecializationConstant: the module's defaults without it, the values set before
// a build with it, and its errors.
TEST_F(Spirv, SpecializationConstants) {
  const std::string Il = spirvKernels();
  cl_program P = fromIl(Il);
  cl_command_queue Q = queue();
  cl_mem Int = buffer(4), Float = buffer(4);
  auto Run = [&](cl_int &I, cl_float &F) {
    ASSERT_EQ(clBuildProgram(P, 1, &Device, "", nullptr, nullptr), CL_SUCCESS) << log(P);
    cl_kernel K = clCreateKernel(P, "specialized", nullptr);
    setArgs(K, Int, Float);
    run(Q, K, 1, 1);
    I = read<cl_int>(Q, Int, 1)[0];
    F = read<cl_float>(Q, Float, 1)[0];
    clReleaseKernel(K);
  };
  cl_int I = 0;
  cl_float F = 0;
  Run(I, F);
  EXPECT_EQ(I, 42);
  EXPECT_EQ(F, 1.5f);
  const cl_int NewInt = 1234;
  const cl_float NewFloat = 2.25f;
  ASSERT_EQ(clSetProgramSpecializationConstant(P, 7, sizeof NewInt, &NewInt), CL_SUCCESS);
  ASSERT_EQ(clSetProgramSpecializationConstant(P, 8, sizeof NewFloat, &NewFloat), CL_SUCCESS);
  Run(I, F);
  EXPECT_EQ(I, 1234);
  EXPECT_EQ(F, 2.25f);
  EXPECT_EQ(clSetProgramSpecializationConstant(P, 99, 4, &NewInt), CL_INVALID_SPEC_ID);
  EXPECT_EQ(clSetProgramSpecializationConstant(P, 7, 2, &NewInt), CL_INVALID_VALUE);
  EXPECT_EQ(clSetProgramSpecializationConstant(P, 7, 4, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clSetProgramSpecializationConstant(nullptr, 7, 4, &NewInt), CL_INVALID_PROGRAM);
  cl_program FromSource = program("kernel void k() {}");
  EXPECT_EQ(clSetProgramSpecializationConstant(FromSource, 7, 4, &NewInt), CL_INVALID_OPERATION);
  clReleaseProgram(FromSource);
  clReleaseMemObject(Int);
  clReleaseMemObject(Float);
  clReleaseProgram(P);
}

// cl_ext_float_atomics through SPIR-V: LLVM 15's reader turns OpAtomicFAddEXT, OpAtomicFMinEXT
// and OpAtomicFMaxEXT into calls the built-in library had no definitions for.
TEST_F(Spirv, FloatAtomics) {
  const std::string Il = spirvKernels(WEFT_TEST_SPIRV20);
  ASSERT_GT(Il.size(), 20u) << "no " << WEFT_TEST_SPIRV20;
  cl_program P;
  cl_kernel K = builtKernel(Il, "floatAtomics", P);
  ASSERT_NE(K, nullptr);
  const size_t N = 1024;
  std::vector<float> Values(N);
  for (size_t I = 0; I < N; ++I)
    Values[I] = I % 5 == 2 ? NAN : float(cl_long(I * 7919 % 997) - 400);
  float MinV = INFINITY, MaxV = -INFINITY;
  for (float V : Values)
    if (!std::isnan(V)) {
      MinV = std::min(MinV, V);
      MaxV = std::max(MaxV, V);
    }
  cl_float F[3] = {0.0f, NAN, -INFINITY};
  cl_double D[3] = {0.0, INFINITY, NAN};
  cl_mem MF = buffer(sizeof F, CL_MEM_COPY_HOST_PTR, F),
         MD = buffer(sizeof D, CL_MEM_COPY_HOST_PTR, D), MFold = buffer(N * 4),
         MValues = buffer(N * 4, CL_MEM_COPY_HOST_PTR, Values.data());
  setArgs(K, MF, MD, MFold, MValues);
  cl_command_queue Q = queue();
  run(Q, K, N, 64);
  const std::vector<cl_float> GotF = read<cl_float>(Q, MF, 3);
  const std::vector<cl_double> GotD = read<cl_double>(Q, MD, 3);
  EXPECT_EQ(GotF[0], float(N) * 0.5f);
  EXPECT_EQ(GotF[1], MinV);
  EXPECT_EQ(GotF[2], MaxV);
  EXPECT_EQ(GotD[0], -double(N) * 0.25);
  EXPECT_EQ(GotD[1], double(MinV));
  EXPECT_EQ(GotD[2], double(MaxV));
  std::vector<cl_float> Fold = read<cl_float>(Q, MFold, N);
  std::sort(Fold.begin(), Fold.end());
  for (size_t I = 0; I < N; ++I)
    EXPECT_EQ(Fold[I], float(I) * 0.5f) << I;
  for (cl_mem M : {MF, MD, MFold, MValues})
    clReleaseMemObject(M);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

// atomic_exchange of atomic_float and atomic_double through SPIR-V: the double one had no
// definition for the name the reader gave it (a 1.x atomic_xchg on a double). What the
// work-items took out and the value left make up the first value and every id, once each.
TEST_F(Spirv, FloatExchanges) {
  cl_program P;
  cl_kernel K = builtKernel(spirvKernels(WEFT_TEST_SPIRV20), "floatExchanges", P);
  ASSERT_NE(K, nullptr);
  const size_t N = 1024;
  cl_float F = -1.0f;
  cl_double D = -1.0;
  cl_mem MF = buffer(sizeof F, CL_MEM_COPY_HOST_PTR, &F),
         MD = buffer(sizeof D, CL_MEM_COPY_HOST_PTR, &D), MFOld = buffer(N * sizeof(cl_float)),
         MDOld = buffer(N * sizeof(cl_double));
  setArgs(K, MF, MD, MFOld, MDOld);
  cl_command_queue Q = queue();
  run(Q, K, N, 64);
  std::vector<cl_float> Floats = read<cl_float>(Q, MFOld, N);
  std::vector<cl_double> Doubles = read<cl_double>(Q, MDOld, N);
  Floats.push_back(read<cl_float>(Q, MF, 1)[0]);
  Doubles.push_back(read<cl_double>(Q, MD, 1)[0]);
  std::sort(Floats.begin(), Floats.end());
  std::sort(Doubles.begin(), Doubles.end());
  for (size_t I = 0; I <= N; ++I) {
    EXPECT_EQ(Floats[I], float(I) - 1.0f) << I;
    EXPECT_EQ(Doubles[I], double(I) - 1.0) << I;
  }
  for (cl_mem M : {MF, MD, MFOld, MDOld})
    clReleaseMemObject(M);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

// cl_khr_expect_assume: a module with OpExpectKHR and OpAssumeTrueKHR builds and runs.
TEST_F(Spirv, ExpectAndAssume) {
  const std::string Extensions = deviceString(Device, CL_DEVICE_EXTENSIONS);
  EXPECT_NE(Extensions.find("cl_khr_expect_assume"), std::string::npos) << Extensions;
  const std::string Il = spirvKernels(WEFT_TEST_SPIRV20);
  ASSERT_NE(Il.find("SPV_KHR_expect_assume"), std::string::npos) << "the module no longer uses the extension";
  cl_program P = fromIl(Il);
  ASSERT_EQ(clBuildProgram(P, 1, &Device, "", nullptr, nullptr), CL_SUCCESS) << log(P);
  std::vector<cl_int> In(256);
  for (size_t I = 0; I < In.size(); ++I)
    In[I] = cl_int(I * 37 % 1000);
  const std::vector<cl_int> Out = [&] {
    cl_mem MIn = buffer(In.size() * 4, CL_MEM_COPY_HOST_PTR, In.data()), MOut = buffer(In.size() * 4);
    cl_int Err;
    cl_kernel K = clCreateKernel(P, "hints", &Err);
    EXPECT_EQ(Err, CL_SUCCESS);
    setArgs(K, MIn, MOut);
    cl_command_queue Q = queue();
    run(Q, K, In.size(), 64);
    std::vector<cl_int> R = read<cl_int>(Q, MOut, In.size());
    clReleaseKernel(K);
    clReleaseMemObject(MIn);
    clReleaseMemObject(MOut);
    return R;
  }();
  for (size_t I = 0; I < In.size(); ++I)
    EXPECT_EQ(Out[I], In[I] % 4 + In[I] * 3 - (In[I] << 2)) << I;
  clReleaseProgram(P);
}

// A damaged module that made the translator allocate without end (about 1 GB a second, to the
// kernel's OOM killer; found by flipping words of the test kernels): an integer type 2.8 billion
// bits wide. The translator's process is limited (compiler/SpirvReader.cpp), so the build fails in
// a second or two, with the translator's end in the log.
TEST_F(Spirv, AModuleThatExhaustsTheTranslatorFailsItsBuildQuickly) {
  std::string Il = spirvKernels();
  bool Widened = false;
  for (size_t At = 20; At + 16 <= Il.size() && !Widened;) {
    uint32_t Word[4];
    std::memcpy(Word, &Il[At], 16);
    if (Word[0] == (4u << 16 | 21) && Word[2] == 64) { // OpTypeInt %id 64 signedness
      Word[2] = 0xa6a74ee5;
      std::memcpy(&Il[At], Word, 16);
      Widened = true;
    }
    At += 4 * std::max(1u, Word[0] >> 16);
  }
  ASSERT_TRUE(Widened) << "the test kernels have no 64-bit integer type any more";
  cl_program P = fromIl(Il);
  const auto Start = std::chrono::steady_clock::now();
  EXPECT_EQ(clBuildProgram(P, 1, &Device, "", nullptr, nullptr), CL_BUILD_PROGRAM_FAILURE);
  const double Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  EXPECT_LT(Seconds, 60.0);
  EXPECT_NE(log(P).find("SPIR-V translator"), std::string::npos) << log(P);
  clReleaseProgram(P);
}

// A null scalar constant (OpConstantNull of an integer type), which SPIR-V allows and LLVM 15's
// translator asserts on: the test kernels with their first 32-bit integer 0 written that way.
TEST_F(Spirv, ScalarNullConstants) {
  const std::string Il = spirvKernels();
  std::vector<uint32_t> Words(Il.size() / 4);
  std::memcpy(Words.data(), Il.data(), Words.size() * 4);
  std::vector<uint32_t> Ints32; // the ids of 32-bit integer types
  bool Replaced = false;
  for (size_t At = 5; At < Words.size();) {
    const uint32_t Count = Words[At] >> 16, Op = Words[At] & 0xffff;
    if (Op == 21 && Words[At + 2] == 32) // OpTypeInt %id 32 signedness
      Ints32.push_back(Words[At + 1]);
    if (!Replaced && Op == 43 && Count == 4 && Words[At + 3] == 0 && // OpConstant %int %id 0
        std::find(Ints32.begin(), Ints32.end(), Words[At + 1]) != Ints32.end()) {
      Words[At] = 3u << 16 | 46; // OpConstantNull %int %id
      Words.erase(Words.begin() + At + 3);
      Replaced = true;
      continue;
    }
    At += Count;
  }
  ASSERT_TRUE(Replaced) << "the test kernels have no 32-bit integer 0 any more";
  cl_program P = fromIl(std::string(reinterpret_cast<const char *>(Words.data()), Words.size() * 4));
  ASSERT_EQ(clBuildProgram(P, 1, &Device, "", nullptr, nullptr), CL_SUCCESS) << log(P);
  runKernels(P);
  clReleaseProgram(P);
}

// OpenCL C 2.0's atomics on int and long, in global and local memory, through the generic
// pointers Clang gives them (spirv/kernels20.cl): before builtins/src/atomics.cl had the generic
// forms the SPIR-V reader calls, the program failed to link ("undefined function(s):
// _Z8atom_addPU3AS4Vll ...").
TEST_F(Spirv, AtomicsThroughGenericPointers) {
  cl_program P = nullptr;
  cl_kernel K = builtKernel(spirvKernels(WEFT_TEST_SPIRV20), "genericAtomics", P);
  ASSERT_NE(K, nullptr);
  const size_t N = 1024, Local = 64;
  cl_int Ints[9] = {0, 0, CL_INT_MAX, -1, 0, -1, 0, 0, 0};
  cl_long Longs[3] = {0, 0, 0};
  cl_mem MInts = buffer(sizeof Ints, CL_MEM_COPY_HOST_PTR, Ints);
  cl_mem MLongs = buffer(sizeof Longs, CL_MEM_COPY_HOST_PTR, Longs);
  cl_mem MGroups = buffer(N / Local * sizeof(cl_int));
  setArgs(K, MInts, MLongs);
  ASSERT_EQ(clSetKernelArg(K, 2, sizeof(cl_int), nullptr), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(K, 3, sizeof MGroups, &MGroups), CL_SUCCESS);
  cl_command_queue Q = queue();
  run(Q, K, N, Local);
  const std::vector<cl_int> GotInts = read<cl_int>(Q, MInts, 9);
  EXPECT_EQ(GotInts[0], cl_int(2 * N));
  EXPECT_EQ(GotInts[1], -cl_int(N));
  EXPECT_EQ(GotInts[2], 0);
  EXPECT_EQ(GotInts[3], cl_int(N - 1));
  EXPECT_EQ(GotInts[4], CL_INT_MAX); // bits 0 to 30
  EXPECT_EQ(GotInts[5], CL_INT_MIN);
  EXPECT_EQ(GotInts[6], 0); // 0 ^ 1 ^ ... ^ 1023
  EXPECT_EQ(GotInts[7], 7);
  EXPECT_GE(GotInts[8], 1); // the one work-item whose compare-exchange found 0
  EXPECT_LE(GotInts[8], cl_int(N));
  const std::vector<cl_long> GotLongs = read<cl_long>(Q, MLongs, 3);
  EXPECT_EQ(GotLongs[0], cl_long(N * (N - 1) / 2) << 32);
  EXPECT_EQ(GotLongs[1], cl_long(N - 1) << 32);
  EXPECT_EQ(GotLongs[2], CL_LONG_MAX); // bits 0 to 62
  EXPECT_EQ(read<cl_int>(Q, MGroups, N / Local), std::vector<cl_int>(N / Local, cl_int(Local)));
  for (cl_mem M : {MInts, MLongs, MGroups})
    clReleaseMemObject(M);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

// What cl_khr_spirv_queries reports beyond the other SPIR-V tests' kernels: work-group
// collectives, generic pointers and their casts, half loads and stores.
TEST_F(Spirv, WorkGroupFunctionsGenericPointersAndHalves) {
  cl_program P = nullptr;
  cl_kernel K = builtKernel(spirvKernels(WEFT_TEST_SPIRV20), "groupsGenericHalves", P);
  ASSERT_NE(K, nullptr);
  const size_t N = 128, Local = 16;
  std::vector<cl_int> In(N);
  std::vector<cl_half> Halves(N);
  for (size_t I = 0; I < N; ++I) {
    In[I] = cl_int(I * 37 % 101) - 20;
    Halves[I] = cl_half(0x3800 + I); // 0.5 and up, exact in float
  }
  cl_mem MIn = buffer(N * 4, CL_MEM_COPY_HOST_PTR, In.data()), MOut = buffer(4 * N * 4),
         MHalves = buffer(N * 2, CL_MEM_COPY_HOST_PTR, Halves.data()), MFloats = buffer(N * 4),
         MHalvesOut = buffer(N * 2);
  setArgs(K, MIn, MOut, MHalves, MFloats, MHalvesOut);
  cl_command_queue Q = queue();
  run(Q, K, N, Local);
  const std::vector<cl_int> Out = read<cl_int>(Q, MOut, 4 * N);
  const std::vector<cl_float> Floats = read<cl_float>(Q, MFloats, N);
  const std::vector<cl_half> HalvesOut = read<cl_half>(Q, MHalvesOut, N);
  for (size_t I = 0; I < N; ++I) {
    const size_t G = I / Local * Local;
    cl_int Sum = 0, Max = CL_INT_MIN, All = 1;
    for (size_t J = G; J < G + Local; ++J) {
      Sum += In[J];
      All &= In[J] > 0;
    }
    for (size_t J = G; J <= I; ++J)
      Max = std::max(Max, In[J]);
    EXPECT_EQ(Out[4 * I], Sum) << I;
    EXPECT_EQ(Out[4 * I + 1], Max + In[G + 3] + All) << I;
    EXPECT_EQ(Out[4 * I + 2], 2 * In[I] + 2) << I;
    EXPECT_EQ(Out[4 * I + 3], 1) << I;
    // 0x3800 + I: exponent -1, mantissa I (I < 1024).
    const float Half = std::ldexp(1.0f + float(I) / 1024.0f, -1);
    EXPECT_EQ(Floats[I], Half) << I;
    EXPECT_EQ(HalvesOut[I], cl_half(0x3c00 + I)) << I; // twice: exponent 0, the same mantissa
  }
  for (cl_mem M : {MIn, MOut, MHalves, MFloats, MHalvesOut})
    clReleaseMemObject(M);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

// Half arithmetic in a SPIR-V module (the Float16 capability), bit for bit: every value here is
// exact in half but the root and the third, which round once.
TEST_F(Spirv, HalfArithmetic) {
  cl_program P = nullptr;
  cl_kernel K = builtKernel(spirvKernels(WEFT_TEST_SPIRV20), "halfArithmetic", P);
  ASSERT_NE(K, nullptr);
  const size_t N = 64;
  std::vector<cl_half> In(N);
  for (size_t I = 0; I < N; ++I)
    In[I] = cl_half(0x3c00 + 0x40 * I); // 1 + I / 16 below 2, then 2, 2.125, ... (exponent steps)
  cl_mem MIn = buffer(N * 2, CL_MEM_COPY_HOST_PTR, In.data()), MOut = buffer(4 * N * 2);
  setArgs(K, MIn, MOut);
  cl_command_queue Q = queue();
  run(Q, K, N, 16);
  const std::vector<cl_half> Out = read<cl_half>(Q, MOut, 4 * N);
  // A half's value, and the nearest half (ties to even) to a double, for normal values only.
  auto Value = [](cl_half H) { return std::ldexp(1.0 + (H & 0x3ff) / 1024.0, ((H >> 10) & 31) - 15); };
  auto Nearest = [](double V, bool TowardZero) {
    int E = std::ilogb(V);
    double M = std::ldexp(V, 10 - E);
    M = TowardZero ? std::trunc(M) : std::nearbyint(M);
    if (M == 2048)
      M = 1024, ++E;
    return cl_half(((E + 15) << 10) | (cl_half(M) - 1024));
  };
  for (size_t I = 0; I < N; ++I) {
    const double X = Value(In[I]);
    EXPECT_EQ(Out[4 * I], Nearest(X * X + 1, false)) << I;
    EXPECT_EQ(Out[4 * I + 1], Nearest(std::sqrt(X), false)) << I;
    EXPECT_EQ(Out[4 * I + 2], Nearest(double(float(X) / 3.0f), true)) << I;
    EXPECT_EQ(Out[4 * I + 3], X > 2 ? Nearest(X * 3 - 1, false) : cl_half(0)) << I;
  }
  clReleaseMemObject(MIn);
  clReleaseMemObject(MOut);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

// Sub-group functions through OpGroup* and OpGroupNonUniform* instructions: the translator reads
// them back as the built-ins they were written from, which run as OpenCL C's do.
TEST_F(Spirv, SubGroupInstructions) {
  cl_program P = nullptr;
  cl_kernel K = builtKernel(spirvKernels(WEFT_TEST_SPIRV20), "subGroups", P);
  ASSERT_NE(K, nullptr);
  const size_t N = 60, Local = 30;
  size_t S = 0;
  ASSERT_EQ(clGetKernelSubGroupInfo(K, Device, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE, sizeof Local,
                                    &Local, sizeof S, &S, nullptr),
            CL_SUCCESS);
  std::vector<cl_int> In(N);
  for (size_t I = 0; I < N; ++I)
    In[I] = cl_int((I * 7 + 3) % 25);
  cl_mem MIn = buffer(N * 4, CL_MEM_COPY_HOST_PTR, In.data()), MOut = buffer(16 * N * 4);
  setArgs(K, MIn, MOut);
  cl_command_queue Q = queue();
  run(Q, K, N, Local);
  const std::vector<cl_int> Out = read<cl_int>(Q, MOut, 16 * N);
  for (size_t I = 0; I < N; ++I) {
    // The work-item's sub-group: lanes First .. First + Size - 1, all in its work-group.
    const size_t Group = I / Local * Local, Me = (I - Group) % S, First = I - Me;
    const size_t Size = std::min(S, Group + Local - First);
    std::vector<cl_int> V(In.begin() + First, In.begin() + First + Size);
    cl_int Sum = 0, Max = INT32_MIN, Any = 0, Equal = 1, Count = 0, Product = 1, Xor = 0, Thirds = 0;
    cl_uint Ballot = 0;
    for (size_t L = 0; L < Size; ++L) {
      Sum += V[L];
      if (L < Me)
        Max = std::max(Max, V[L]);
      Any |= V[L] > 20;
      Equal &= V[L] == V[Me];
      Ballot |= cl_uint(V[L] > 10) << L;
      Count += V[L] > 10;
      Product *= V[L] % 2 + 1;
      if (L <= Me)
        Xor ^= V[L];
      if (L % 3 == 0)
        Thirds += V[L];
    }
    const cl_int *O = &Out[16 * I];
    auto At = [&](size_t L) { return L < Size ? V[L] : V[Me]; };
    const size_t Cluster = Me / 4 * 4;
    cl_int Min = V[Cluster];
    for (size_t L = Cluster; L < std::min(Size, Cluster + 4); ++L)
      Min = std::min(Min, V[L]);
    EXPECT_EQ(O[0], cl_int(Size * 100 + Me)) << I;
    EXPECT_EQ(O[1], Sum) << I;
    EXPECT_EQ(O[2], Max) << I;
    EXPECT_EQ(O[3], At(1)) << I;
    EXPECT_EQ(O[4], Any) << I;
    EXPECT_EQ(O[5], cl_int(Me == 0)) << I;
    EXPECT_EQ(O[6], Equal) << I;
    EXPECT_EQ(cl_uint(O[7]), Ballot) << I;
    EXPECT_EQ(O[8], Count) << I;
    EXPECT_EQ(O[9], Product) << I;
    EXPECT_EQ(O[10], Xor) << I;
    EXPECT_EQ(O[11], At(2)) << I;
    EXPECT_EQ(O[12], At(Me ^ 3)) << I;
    EXPECT_EQ(O[13], At(Me + 1)) << I;
    EXPECT_EQ(O[14], Min) << I;
    EXPECT_EQ(O[15], Me % 3 == 0 ? Thirds : 0) << I;
  }
  clReleaseMemObject(MIn);
  clReleaseMemObject(MOut);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

// cl_khr_spirv_queries: every capability and extension the test kernels' modules declare (they
// build and run in the tests above) is reported, and OpenCL.std is the instruction set.
TEST_F(Spirv, QueriesReportWhatTheTestKernelsUse) {
  EXPECT_NE(deviceString(Device, CL_DEVICE_EXTENSIONS).find("cl_khr_spirv_queries"), std::string::npos);
  auto Strings = [&](cl_device_info Query) {
    size_t Size = 0;
    EXPECT_EQ(clGetDeviceInfo(Device, Query, 0, nullptr, &Size), CL_SUCCESS);
    EXPECT_EQ(Size % sizeof(const char *), 0u);
    std::vector<const char *> Pointers(Size / sizeof(const char *));
    EXPECT_EQ(clGetDeviceInfo(Device, Query, Size, Pointers.data(), nullptr), CL_SUCCESS);
    return std::set<std::string>(Pointers.begin(), Pointers.end());
  };
  EXPECT_EQ(Strings(CL_DEVICE_SPIRV_EXTENDED_INSTRUCTION_SETS_KHR), std::set<std::string>{"OpenCL.std"});
  const std::set<std::string> Extensions = Strings(CL_DEVICE_SPIRV_EXTENSIONS_KHR);
  size_t Size = 0;
  ASSERT_EQ(clGetDeviceInfo(Device, CL_DEVICE_SPIRV_CAPABILITIES_KHR, 0, nullptr, &Size), CL_SUCCESS);
  std::vector<cl_uint> List(Size / sizeof(cl_uint));
  ASSERT_EQ(clGetDeviceInfo(Device, CL_DEVICE_SPIRV_CAPABILITIES_KHR, Size, List.data(), nullptr), CL_SUCCESS);
  const std::set<cl_uint> Capabilities(List.begin(), List.end());
  EXPECT_EQ(Capabilities.size(), List.size()) << "a capability listed twice";
  cl_uint Small[1];
  EXPECT_EQ(clGetDeviceInfo(Device, CL_DEVICE_SPIRV_CAPABILITIES_KHR, sizeof Small, Small, nullptr), CL_INVALID_VALUE);

  enum : uint32_t { OpExtension = 10, OpCapability = 17 };
  size_t Declared = 0;
  for (const char *Path : {WEFT_TEST_SPIRV, WEFT_TEST_SPIRV20}) {
    const std::string Il = spirvKernels(Path);
    std::vector<uint32_t> Words(Il.size() / 4);
    std::memcpy(Words.data(), Il.data(), Words.size() * 4);
    ASSERT_GT(Words.size(), 5u) << Path;
    for (size_t At = 5; At < Words.size(); At += Words[At] >> 16) {
      const uint32_t Op = Words[At] & 0xffff, Count = Words[At] >> 16;
      if (Op == OpCapability) {
        EXPECT_TRUE(Capabilities.count(Words[At + 1])) << "capability " << Words[At + 1] << " of " << Path;
        ++Declared;
      } else if (Op == OpExtension) {
        const std::string Name(reinterpret_cast<const char *>(&Words[At + 1]));
        EXPECT_TRUE(Extensions.count(Name)) << Name << " of " << Path;
        ++Declared;
      }
      ASSERT_GT(Count, 0u);
    }
  }
  EXPECT_GE(Declared, 10u) << "the test kernels declare fewer capabilities than they did";
}

/// A SPIR-V module written word by word: the header, then instructions.
class ModuleWords {
public:
  ModuleWords(uint32_t Version, uint32_t Bound) : W{0x07230203, Version, 0, Bound, 0} {}
  void operator()(uint32_t Op, const std::vector<uint32_t> &Operands) {
    W.push_back(uint32_t(Operands.size() + 1) << 16 | Op);
    W.insert(W.end(), Operands.begin(), Operands.end());
  }
  /// Operands, a literal string (NUL-terminated, padded to whole words), then the operands After.
  void operator()(uint32_t Op, std::vector<uint32_t> Operands, const char *Text,
                  const std::vector<uint32_t> &After = {}) {
    std::vector<uint32_t> Words(std::strlen(Text) / 4 + 1, 0);
    std::memcpy(Words.data(), Text, std::strlen(Text));
    Operands.insert(Operands.end(), Words.begin(), Words.end());
    Operands.insert(Operands.end(), After.begin(), After.end());
    (*this)(Op, Operands);
  }
  std::string bytes() const { return std::string(reinterpret_cast<const char *>(W.data()), W.size() * 4); }

private:
  std::vector<uint32_t> W;
};

/// A module written word by word: kernel `mixed(global int8 *out, int2 x, int4 y)` stores
/// OpVectorShuffles of x and y and of y and x, vectors of different lengths, which SPIR-V allows
/// (the CTS's op_expect modules have them) and LLVM 15's translator asserts on.
std::string shuffleModule() {
  enum : uint32_t { OpName = 5, OpMemoryModel = 14, OpEntryPoint = 15, OpCapability = 17,
                    OpTypeVoid = 19, OpTypeInt = 21, OpTypeVector = 23, OpTypePointer = 32,
                    OpTypeFunction = 33, OpConstant = 43, OpFunction = 54, OpFunctionParameter = 55,
                    OpFunctionEnd = 56, OpStore = 62, OpInBoundsPtrAccessChain = 70,
                    OpVectorShuffle = 79, OpLabel = 248, OpReturn = 253 };
  enum : uint32_t { Void = 1, Int, V2Int, V4Int, V8Int, PV8Int, MixedType, One, Mixed, Out, X, Y,
                    Label, R1, Out1, R2, Bound };
  ModuleWords I(0x00010000, Bound);
  for (uint32_t Capability : {4u /* Addresses */, 6u /* Kernel */})
    I(OpCapability, {Capability});
  I(OpMemoryModel, {2 /* Physical64 */, 2 /* OpenCL */});
  I(OpEntryPoint, {6 /* Kernel */, Mixed}, "mixed");
  I(OpName, {Mixed}, "mixed");
  I(OpTypeVoid, {Void});
  I(OpTypeInt, {Int, 32, 0});
  I(OpTypeVector, {V2Int, Int, 2});
  I(OpTypeVector, {V4Int, Int, 4});
  I(OpTypeVector, {V8Int, Int, 8});
  I(OpTypePointer, {PV8Int, 5 /* CrossWorkgroup */, V8Int});
  I(OpTypeFunction, {MixedType, Void, PV8Int, V2Int, V4Int});
  I(OpConstant, {Int, One, 1});
  I(OpFunction, {Void, Mixed, 0, MixedType});
  I(OpFunctionParameter, {PV8Int, Out});
  I(OpFunctionParameter, {V2Int, X});
  I(OpFunctionParameter, {V4Int, Y});
  I(OpLabel, {Label});
  I(OpVectorShuffle, {V8Int, R1, X, Y, 0, 1, 2, 3, 4, 5, 1, 0xffffffff}); // x0 x1 y0 y1 y2 y3 x1 -
  I(OpStore, {Out, R1});
  I(OpInBoundsPtrAccessChain, {PV8Int, Out1, Out, One});
  I(OpVectorShuffle, {V8Int, R2, Y, X, 5, 4, 3, 2, 1, 0, 4, 5}); // x1 x0 y3 y2 y1 y0 x0 x1
  I(OpStore, {Out1, R2});
  I(OpReturn, {});
  I(OpFunctionEnd, {});
  return I.bytes();
}

TEST_F(Spirv, ShufflesOfVectorsOfDifferentLengths) {
  cl_program P = nullptr;
  cl_kernel K = builtKernel(shuffleModule(), "mixed", P);
  ASSERT_NE(K, nullptr);
  const cl_int2 X = {{10, 11}};
  const cl_int4 Y = {{20, 21, 22, 23}};
  cl_mem MOut = buffer(2 * sizeof(cl_int8));
  setArgs(K, MOut, X, Y);
  cl_command_queue Q = queue();
  run(Q, K, 1, 1);
  const std::vector<cl_int> Got = read<cl_int>(Q, MOut, 16);
  const std::vector<cl_int> First(Got.begin(), Got.begin() + 7), Second(Got.begin() + 8, Got.end());
  EXPECT_EQ(First, (std::vector<cl_int>{10, 11, 20, 21, 22, 23, 11})); // the eighth is undefined
  EXPECT_EQ(Second, (std::vector<cl_int>{11, 10, 23, 22, 21, 20, 10, 11}));
  clReleaseKernel(K);
  clReleaseMemObject(MOut);
  clReleaseProgram(P);
}

/// A SPIR-V 1.4 module written word by word, with the 1.4 instructions LLVM 15's translator lacks
/// or misreads (compiler/Spirv.cpp rewrites them):
/// - ptrs(global int3 *base, long i, long j, global long4 *out): *out holds &base[i] == &base[j],
///   &base[i] != &base[j], and OpPtrDiff of them as a long and as an int (int3 elements are 16
///   bytes apart, so the size comes from the data layout), put together by OpCompositeConstructs
///   of values that are not constants (a long2, then the long4 from it and two longs).
/// - logical(global A *in, global B *out): *out = OpCopyLogical of *in, where A and B are the same
///   struct {int, int[3]} declared twice (its array too); A's first member is annotated with
///   OpMemberDecorateString.
/// - copies(global int *dst, global int *src): from the global id g (a built-in variable annotated
///   with OpDecorateString), dst[g] = src[g] by OpCopyMemory with two sets of memory operands,
///   dst[g + 1..g + 2] by OpCopyMemorySized with two, dst[g + 3] by OpCopyMemory with none.
std::string spirv14Module() {
  enum : uint32_t { OpMemoryModel = 14, OpEntryPoint = 15, OpCapability = 17, OpTypeVoid = 19,
                    OpTypeBool = 20, OpTypeInt = 21, OpTypeVector = 23, OpTypeArray = 28,
                    OpTypeStruct = 30, OpTypePointer = 32, OpTypeFunction = 33, OpConstant = 43,
                    OpFunction = 54, OpFunctionParameter = 55, OpFunctionEnd = 56, OpVariable = 59,
                    OpLoad = 61, OpStore = 62, OpCopyMemory = 63, OpCopyMemorySized = 64,
                    OpPtrAccessChain = 67, OpDecorate = 71, OpCompositeConstruct = 80,
                    OpCompositeExtract = 81, OpSConvert = 114,
                    OpSelect = 169, OpLabel = 248, OpReturn = 253, OpCopyLogical = 400,
                    OpPtrEqual = 401, OpPtrNotEqual = 402, OpPtrDiff = 403, OpDecorateString = 5632,
                    OpMemberDecorateString = 5633 };
  enum : uint32_t { Input = 1, CrossWorkgroup = 5, BuiltIn = 11, Constant = 22, GlobalInvocationId = 28,
                    UserSemantic = 5635, Volatile = 1, Aligned = 2 };
  enum : uint32_t { Void = 1, Bool, Int, Long, Int3, V3Long, V2Long, V4Long, PInt3, PV4Long, PInt,
                    PInputV3Long, Three, ArrA, ArrB, A, B, PA, PB, ZeroL, OneL, ThreeL, EightL,
                    GlobalId, PtrsType, LogicalType, CopiesType, Ptrs, Base, I, J, Out, PtrsLabel, PI,
                    PJ, Eq, Ne, Diff, Diff32, Diff32L, EqL, NeL, Pair, All, Logical, In, LOut,
                    LogicalLabel, ValueA, ValueB, Copies, Dst, Src, CopiesLabel, Ids, Id, D0, S0, D1,
                    S1, D3, S3, Bound };
  ModuleWords Op(0x00010400, Bound);
  for (uint32_t Capability : {4u /* Addresses */, 6u /* Kernel */, 11u /* Int64 */})
    Op(OpCapability, {Capability});
  Op(OpMemoryModel, {2 /* Physical64 */, 2 /* OpenCL */});
  Op(OpEntryPoint, {6 /* Kernel */, Ptrs}, "ptrs");
  Op(OpEntryPoint, {6, Logical}, "logical");
  Op(OpEntryPoint, {6, Copies}, "copies", {GlobalId});
  Op(OpDecorate, {GlobalId, BuiltIn, GlobalInvocationId});
  Op(OpDecorate, {GlobalId, Constant});
  Op(OpDecorateString, {GlobalId, UserSemantic}, "the global id");
  Op(OpMemberDecorateString, {A, 0, UserSemantic}, "first");
  Op(OpTypeVoid, {Void});
  Op(OpTypeBool, {Bool});
  Op(OpTypeInt, {Int, 32, 0});
  Op(OpTypeInt, {Long, 64, 0});
  Op(OpTypeVector, {Int3, Int, 3});
  Op(OpTypeVector, {V3Long, Long, 3});
  Op(OpTypeVector, {V2Long, Long, 2});
  Op(OpTypeVector, {V4Long, Long, 4});
  Op(OpTypePointer, {PInt3, CrossWorkgroup, Int3});
  Op(OpTypePointer, {PV4Long, CrossWorkgroup, V4Long});
  Op(OpTypePointer, {PInt, CrossWorkgroup, Int});
  Op(OpTypePointer, {PInputV3Long, Input, V3Long});
  Op(OpConstant, {Int, Three, 3});
  Op(OpConstant, {Long, ThreeL, 3, 0});
  Op(OpTypeArray, {ArrA, Int, Three});
  Op(OpTypeArray, {ArrB, Int, ThreeL}); // the same length as a 64-bit constant
  Op(OpTypeStruct, {A, Int, ArrA});
  Op(OpTypeStruct, {B, Int, ArrB});
  Op(OpTypePointer, {PA, CrossWorkgroup, A});
  Op(OpTypePointer, {PB, CrossWorkgroup, B});
  Op(OpConstant, {Long, ZeroL, 0, 0});
  Op(OpConstant, {Long, OneL, 1, 0});
  Op(OpConstant, {Long, EightL, 8, 0});
  Op(OpVariable, {PInputV3Long, GlobalId, Input});
  Op(OpTypeFunction, {PtrsType, Void, PInt3, Long, Long, PV4Long});
  Op(OpTypeFunction, {LogicalType, Void, PA, PB});
  Op(OpTypeFunction, {CopiesType, Void, PInt, PInt});

  Op(OpFunction, {Void, Ptrs, 0, PtrsType});
  Op(OpFunctionParameter, {PInt3, Base});
  Op(OpFunctionParameter, {Long, I});
  Op(OpFunctionParameter, {Long, J});
  Op(OpFunctionParameter, {PV4Long, Out});
  Op(OpLabel, {PtrsLabel});
  Op(OpPtrAccessChain, {PInt3, PI, Base, I});
  Op(OpPtrAccessChain, {PInt3, PJ, Base, J});
  Op(OpPtrEqual, {Bool, Eq, PI, PJ});
  Op(OpPtrNotEqual, {Bool, Ne, PI, PJ});
  Op(OpPtrDiff, {Long, Diff, PI, PJ});
  Op(OpPtrDiff, {Int, Diff32, PI, PJ});
  Op(OpSConvert, {Long, Diff32L, Diff32});
  Op(OpSelect, {Long, EqL, Eq, OneL, ZeroL});
  Op(OpSelect, {Long, NeL, Ne, OneL, ZeroL});
  Op(OpCompositeConstruct, {V2Long, Pair, EqL, NeL});
  Op(OpCompositeConstruct, {V4Long, All, Pair, Diff, Diff32L});
  Op(OpStore, {Out, All});
  Op(OpReturn, {});
  Op(OpFunctionEnd, {});

  Op(OpFunction, {Void, Logical, 0, LogicalType});
  Op(OpFunctionParameter, {PA, In});
  Op(OpFunctionParameter, {PB, LOut});
  Op(OpLabel, {LogicalLabel});
  Op(OpLoad, {A, ValueA, In});
  Op(OpCopyLogical, {B, ValueB, ValueA});
  Op(OpStore, {LOut, ValueB});
  Op(OpReturn, {});
  Op(OpFunctionEnd, {});

  Op(OpFunction, {Void, Copies, 0, CopiesType});
  Op(OpFunctionParameter, {PInt, Dst});
  Op(OpFunctionParameter, {PInt, Src});
  Op(OpLabel, {CopiesLabel});
  Op(OpLoad, {V3Long, Ids, GlobalId});
  Op(OpCompositeExtract, {Long, Id, Ids, 0});
  Op(OpPtrAccessChain, {PInt, D0, Dst, Id});
  Op(OpPtrAccessChain, {PInt, S0, Src, Id});
  Op(OpCopyMemory, {D0, S0, Volatile | Aligned, 4, Aligned, 8}); // the target's, the source's
  Op(OpPtrAccessChain, {PInt, D1, D0, OneL});
  Op(OpPtrAccessChain, {PInt, S1, S0, OneL});
  Op(OpCopyMemorySized, {D1, S1, EightL, Aligned, 4, Volatile});
  Op(OpPtrAccessChain, {PInt, D3, D0, ThreeL});
  Op(OpPtrAccessChain, {PInt, S3, S0, ThreeL});
  Op(OpCopyMemory, {D3, S3});
  Op(OpReturn, {});
  Op(OpFunctionEnd, {});
  return Op.bytes();
}

TEST_F(Spirv, Spirv14InstructionsTheTranslatorLacks) {
  cl_program P = fromIl(spirv14Module());
  ASSERT_EQ(clBuildProgram(P, 1, &Device, "", nullptr, nullptr), CL_SUCCESS) << log(P);
  cl_command_queue Q = queue();
  cl_int Err;

  cl_kernel K = clCreateKernel(P, "ptrs", &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  cl_mem MBase = buffer(8 * sizeof(cl_int4)), MOut = buffer(4 * sizeof(cl_long));
  for (const auto &[I, J] : {std::pair<cl_long, cl_long>{5, 2}, {2, 5}, {3, 3}}) {
    setArgs(K, MBase, I, J, MOut);
    run(Q, K, 1, 1);
    EXPECT_EQ(read<cl_long>(Q, MOut, 4), (std::vector<cl_long>{I == J, I != J, I - J, I - J})) << I << " " << J;
  }
  clReleaseKernel(K);

  K = clCreateKernel(P, "logical", &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  const std::vector<cl_int> Struct = {7, 8, 9, 10};
  cl_mem MIn = buffer(sizeof(cl_int) * 4, CL_MEM_COPY_HOST_PTR, const_cast<cl_int *>(Struct.data()));
  cl_mem MStruct = buffer(sizeof(cl_int) * 4);
  setArgs(K, MIn, MStruct);
  run(Q, K, 1, 1);
  EXPECT_EQ(read<cl_int>(Q, MStruct, 4), Struct);
  clReleaseKernel(K);

  K = clCreateKernel(P, "copies", &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  std::vector<cl_int> Src(8), Dst(8, -1);
  for (int I = 0; I < 8; ++I)
    Src[I] = 100 + I;
  cl_mem MSrc = buffer(sizeof(cl_int) * 8, CL_MEM_COPY_HOST_PTR, Src.data());
  cl_mem MDst = buffer(sizeof(cl_int) * 8, CL_MEM_COPY_HOST_PTR, Dst.data());
  setArgs(K, MDst, MSrc);
  const size_t Offset = 2, One = 1;
  ASSERT_EQ(clEnqueueNDRangeKernel(Q, K, 1, &Offset, &One, &One, 0, nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(read<cl_int>(Q, MDst, 8), (std::vector<cl_int>{-1, -1, 102, 103, 104, 105, -1, -1}));
  clReleaseKernel(K);
  for (cl_mem M : {MBase, MOut, MIn, MStruct, MSrc, MDst})
    clReleaseMemObject(M);
  clReleaseProgram(P);
}

/// SPV_KHR_shader_clock, written word by word: kernel `clocks(global ulong *out)` stores
/// OpReadClockKHR's ulong, then its uint2 (as a ulong), then the ulong again, device scope.
std::string clockModule() {
  enum : uint32_t { OpExtension = 10, OpMemoryModel = 14, OpEntryPoint = 15, OpCapability = 17,
                    OpTypeVoid = 19, OpTypeInt = 21, OpTypeVector = 23, OpTypePointer = 32,
                    OpTypeFunction = 33, OpConstant = 43, OpFunction = 54, OpFunctionParameter = 55,
                    OpFunctionEnd = 56, OpStore = 62, OpInBoundsPtrAccessChain = 70, OpBitcast = 124,
                    OpLabel = 248, OpReturn = 253, OpReadClockKHR = 5056 };
  enum : uint32_t { Void = 1, Uint, Ulong, V2Uint, PUlong, ClocksType, Device, One, Two, Clocks, Out, Label,
                    T0, Hilo, HiloBits, T1, Out1, Out2, Bound };
  ModuleWords Op(0x00010000, Bound);
  for (uint32_t Capability : {4u /* Addresses */, 6u /* Kernel */, 11u /* Int64 */, 5055u /* ShaderClockKHR */})
    Op(OpCapability, {Capability});
  Op(OpExtension, {}, "SPV_KHR_shader_clock");
  Op(OpMemoryModel, {2 /* Physical64 */, 2 /* OpenCL */});
  Op(OpEntryPoint, {6 /* Kernel */, Clocks}, "clocks");
  Op(OpTypeVoid, {Void});
  Op(OpTypeInt, {Uint, 32, 0});
  Op(OpTypeInt, {Ulong, 64, 0});
  Op(OpTypeVector, {V2Uint, Uint, 2});
  Op(OpTypePointer, {PUlong, 5 /* CrossWorkgroup */, Ulong});
  Op(OpTypeFunction, {ClocksType, Void, PUlong});
  Op(OpConstant, {Uint, Device, 1}); // Scope Device
  Op(OpConstant, {Ulong, One, 1, 0});
  Op(OpConstant, {Ulong, Two, 2, 0});
  Op(OpFunction, {Void, Clocks, 0, ClocksType});
  Op(OpFunctionParameter, {PUlong, Out});
  Op(OpLabel, {Label});
  Op(OpReadClockKHR, {Ulong, T0, Device});
  Op(OpReadClockKHR, {V2Uint, Hilo, Device});
  Op(OpReadClockKHR, {Ulong, T1, Device});
  Op(OpBitcast, {Ulong, HiloBits, Hilo});
  Op(OpStore, {Out, T0});
  Op(OpInBoundsPtrAccessChain, {PUlong, Out1, Out, One});
  Op(OpStore, {Out1, HiloBits});
  Op(OpInBoundsPtrAccessChain, {PUlong, Out2, Out, Two});
  Op(OpStore, {Out2, T1});
  Op(OpReturn, {});
  Op(OpFunctionEnd, {});
  return Op.bytes();
}

// cl_khr_kernel_clock through SPIR-V: OpReadClockKHR, which LLVM 15's translator does not know,
// reads the same clock as OpenCL C's clock_read_device (BuiltinLibrary.KernelClock), in order.
TEST_F(Spirv, ReadClockKHR) {
  cl_program P = nullptr;
  cl_kernel K = builtKernel(clockModule(), "clocks", P);
  ASSERT_NE(K, nullptr);
  cl_mem Out = buffer(3 * sizeof(cl_ulong));
  setArgs(K, Out);
  cl_command_queue Q = queue();
  run(Q, K, 1, 1);
  const std::vector<cl_ulong> First = read<cl_ulong>(Q, Out, 3);
  run(Q, K, 1, 1);
  const std::vector<cl_ulong> Second = read<cl_ulong>(Q, Out, 3);
  EXPECT_GT(First[0], 0u);
  EXPECT_LE(First[0], First[1]); // the uint2's .lo and .hi make the same clock's value
  EXPECT_LE(First[1], First[2]);
  EXPECT_LT(First[2], Second[0]); // a later command reads a later time
  EXPECT_LE(Second[0], Second[1]);
  EXPECT_LE(Second[1], Second[2]);
  clReleaseMemObject(Out);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

/// SPV_KHR_subgroup_rotate, written word by word: kernel `rotates(global uint *u, global float *f)`
/// replaces u[i] by OpGroupNonUniformRotateKHR of it by 3 lanes, and f[i] by the clustered rotate
/// by 1 lane in clusters of 4.
std::string rotateModule() {
  enum : uint32_t { OpExtension = 10, OpMemoryModel = 14, OpEntryPoint = 15, OpCapability = 17,
                    OpTypeVoid = 19, OpTypeInt = 21, OpTypeFloat = 22, OpTypePointer = 32,
                    OpTypeFunction = 33, OpConstant = 43, OpFunction = 54, OpFunctionParameter = 55,
                    OpFunctionEnd = 56, OpVariable = 59, OpLoad = 61, OpStore = 62,
                    OpInBoundsPtrAccessChain = 70, OpDecorate = 71, OpCompositeExtract = 81,
                    OpLabel = 248, OpReturn = 253, OpGroupNonUniformRotateKHR = 4431 };
  enum : uint32_t { Void = 1, Uint, Ulong, Float, PUint, PFloat, V3Ulong, PInput, KernelType, Subgroup, Three,
                    One, Four, GlobalId, Rotates, U, F, Label, Ids, Id, UAt, UValue, URotated, FAt, FValue,
                    FRotated, Bound };
  enum : uint32_t { OpTypeVector = 23 };
  ModuleWords Op(0x00010300, Bound);
  for (uint32_t Capability : {4u /* Addresses */, 6u /* Kernel */, 11u /* Int64 */, 61u /* GroupNonUniform */,
                              6026u /* GroupNonUniformRotateKHR */})
    Op(OpCapability, {Capability});
  Op(OpExtension, {}, "SPV_KHR_subgroup_rotate");
  Op(OpMemoryModel, {2 /* Physical64 */, 2 /* OpenCL */});
  Op(OpEntryPoint, {6 /* Kernel */, Rotates}, "rotates", {GlobalId});
  Op(OpDecorate, {GlobalId, 11 /* BuiltIn */, 28 /* GlobalInvocationId */});
  Op(OpTypeVoid, {Void});
  Op(OpTypeInt, {Uint, 32, 0});
  Op(OpTypeInt, {Ulong, 64, 0});
  Op(OpTypeFloat, {Float, 32});
  Op(OpTypePointer, {PUint, 5 /* CrossWorkgroup */, Uint});
  Op(OpTypePointer, {PFloat, 5, Float});
  Op(OpTypeVector, {V3Ulong, Ulong, 3});
  Op(OpTypePointer, {PInput, 1 /* Input */, V3Ulong});
  Op(OpTypeFunction, {KernelType, Void, PUint, PFloat});
  Op(OpConstant, {Uint, Subgroup, 3});
  Op(OpConstant, {Uint, Three, 3});
  Op(OpConstant, {Uint, One, 1});
  Op(OpConstant, {Uint, Four, 4});
  Op(OpVariable, {PInput, GlobalId, 1});
  Op(OpFunction, {Void, Rotates, 0, KernelType});
  Op(OpFunctionParameter, {PUint, U});
  Op(OpFunctionParameter, {PFloat, F});
  Op(OpLabel, {Label});
  Op(OpLoad, {V3Ulong, Ids, GlobalId});
  Op(OpCompositeExtract, {Ulong, Id, Ids, 0});
  Op(OpInBoundsPtrAccessChain, {PUint, UAt, U, Id});
  Op(OpLoad, {Uint, UValue, UAt});
  Op(OpGroupNonUniformRotateKHR, {Uint, URotated, Subgroup, UValue, Three});
  Op(OpStore, {UAt, URotated});
  Op(OpInBoundsPtrAccessChain, {PFloat, FAt, F, Id});
  Op(OpLoad, {Float, FValue, FAt});
  Op(OpGroupNonUniformRotateKHR, {Float, FRotated, Subgroup, FValue, One, Four});
  Op(OpStore, {FAt, FRotated});
  Op(OpReturn, {});
  Op(OpFunctionEnd, {});
  return Op.bytes();
}

// cl_khr_subgroup_rotate through SPIR-V: OpGroupNonUniformRotateKHR, which LLVM 15's translator
// does not know, rotates as OpenCL C's sub_group_rotate and sub_group_clustered_rotate do.
TEST_F(Spirv, SubgroupRotateKHR) {
  cl_program P = nullptr;
  cl_kernel K = builtKernel(rotateModule(), "rotates", P);
  ASSERT_NE(K, nullptr);
  const size_t N = 64, Local = 32;
  size_t S = 0;
  ASSERT_EQ(clGetKernelSubGroupInfo(K, Device, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE, sizeof Local, &Local,
                                    sizeof S, &S, nullptr),
            CL_SUCCESS);
  ASSERT_EQ(Local % S, 0u);
  std::vector<cl_uint> U(N);
  std::vector<cl_float> F(N);
  for (size_t I = 0; I < N; ++I) {
    U[I] = cl_uint(I * 7 + 1);
    F[I] = cl_float(I) / 2;
  }
  cl_mem MU = buffer(N * 4, CL_MEM_COPY_HOST_PTR, U.data()), MF = buffer(N * 4, CL_MEM_COPY_HOST_PTR, F.data());
  setArgs(K, MU, MF);
  cl_command_queue Q = queue();
  run(Q, K, N, Local);
  const std::vector<cl_uint> GotU = read<cl_uint>(Q, MU, N);
  const std::vector<cl_float> GotF = read<cl_float>(Q, MF, N);
  for (size_t I = 0; I < N; ++I) {
    const size_t First = I / S * S, Me = I - First;
    EXPECT_EQ(GotU[I], U[First + (Me + 3) % S]) << I;
    EXPECT_EQ(GotF[I], F[First + Me / 4 * 4 + (Me % 4 + 1) % 4]) << I;
  }
  clReleaseMemObject(MU);
  clReleaseMemObject(MF);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

// SubgroupDispatch's execution mode SubgroupSize: the kernel's sub-groups have the size it names,
// as intel_reqd_sub_group_size gives in OpenCL C.
TEST_F(Spirv, SubgroupSizeExecutionMode) {
  enum : uint32_t { OpMemoryModel = 14, OpEntryPoint = 15, OpExecutionMode = 16, OpCapability = 17,
                    OpTypeVoid = 19, OpTypeInt = 21, OpTypePointer = 32, OpTypeFunction = 33,
                    OpFunction = 54, OpFunctionParameter = 55, OpFunctionEnd = 56, OpLabel = 248,
                    OpReturn = 253 };
  enum : uint32_t { Void = 1, Uint, PUint, KernelType, Sized, Out, Label, Bound };
  ModuleWords Op(0x00010100, Bound);
  for (uint32_t Capability : {4u /* Addresses */, 6u /* Kernel */, 58u /* SubgroupDispatch */})
    Op(OpCapability, {Capability});
  Op(OpMemoryModel, {2 /* Physical64 */, 2 /* OpenCL */});
  Op(OpEntryPoint, {6 /* Kernel */, Sized}, "sized");
  Op(OpExecutionMode, {Sized, 35 /* SubgroupSize */, 32});
  Op(OpTypeVoid, {Void});
  Op(OpTypeInt, {Uint, 32, 0});
  Op(OpTypePointer, {PUint, 5 /* CrossWorkgroup */, Uint});
  Op(OpTypeFunction, {KernelType, Void, PUint});
  Op(OpFunction, {Void, Sized, 0, KernelType});
  Op(OpFunctionParameter, {PUint, Out});
  Op(OpLabel, {Label});
  Op(OpReturn, {});
  Op(OpFunctionEnd, {});
  cl_program P = nullptr;
  cl_kernel K = builtKernel(Op.bytes(), "sized", P);
  ASSERT_NE(K, nullptr);
  size_t Compiled = 0, Max = 0;
  const size_t Local = 64;
  EXPECT_EQ(clGetKernelSubGroupInfo(K, Device, CL_KERNEL_COMPILE_SUB_GROUP_SIZE_INTEL, 0, nullptr, sizeof Compiled,
                                    &Compiled, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(clGetKernelSubGroupInfo(K, Device, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE, sizeof Local, &Local,
                                    sizeof Max, &Max, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(Compiled, 32u);
  EXPECT_EQ(Max, 32u);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

// SPV_EXT_shader_atomic_float16_add, which LLVM 15's translator refuses to read: OpAtomicFAddEXT on
// a half in global memory, from every work-item, adds up as cl_ext_float_atomics' atomic_half does.
TEST_F(Spirv, HalfAtomicAddEXT) {
  enum : uint32_t { OpExtension = 10, OpMemoryModel = 14, OpEntryPoint = 15, OpCapability = 17,
                    OpTypeVoid = 19, OpTypeInt = 21, OpTypeFloat = 22, OpTypePointer = 32,
                    OpTypeFunction = 33, OpConstant = 43, OpFunction = 54, OpFunctionParameter = 55,
                    OpFunctionEnd = 56, OpLabel = 248, OpReturn = 253, OpAtomicFAddEXT = 6035 };
  enum : uint32_t { Void = 1, Uint, Half, PHalf, KernelType, Device, Relaxed, One, Adds, Sum, Label, Old, Bound };
  ModuleWords Op(0x00010000, Bound);
  for (uint32_t Capability : {4u /* Addresses */, 6u /* Kernel */, 9u /* Float16 */, 6095u /* AtomicFloat16AddEXT */})
    Op(OpCapability, {Capability});
  Op(OpExtension, {}, "SPV_EXT_shader_atomic_float16_add");
  Op(OpMemoryModel, {2 /* Physical64 */, 2 /* OpenCL */});
  Op(OpEntryPoint, {6 /* Kernel */, Adds}, "adds");
  Op(OpTypeVoid, {Void});
  Op(OpTypeInt, {Uint, 32, 0});
  Op(OpTypeFloat, {Half, 16});
  Op(OpTypePointer, {PHalf, 5 /* CrossWorkgroup */, Half});
  Op(OpTypeFunction, {KernelType, Void, PHalf});
  Op(OpConstant, {Uint, Device, 1});
  Op(OpConstant, {Uint, Relaxed, 0});
  Op(OpConstant, {Half, One, 0x3c00});
  Op(OpFunction, {Void, Adds, 0, KernelType});
  Op(OpFunctionParameter, {PHalf, Sum});
  Op(OpLabel, {Label});
  Op(OpAtomicFAddEXT, {Half, Old, Sum, Device, Relaxed, One});
  Op(OpReturn, {});
  Op(OpFunctionEnd, {});
  cl_program P = nullptr;
  cl_kernel K = builtKernel(Op.bytes(), "adds", P);
  ASSERT_NE(K, nullptr);
  cl_half Zero = 0;
  cl_mem Sum_ = buffer(sizeof Zero, CL_MEM_COPY_HOST_PTR, &Zero);
  setArgs(K, Sum_);
  cl_command_queue Q = queue();
  run(Q, K, 1000, 100);
  EXPECT_EQ(read<cl_half>(Q, Sum_, 1)[0], cl_half(0x63d0)); // 1000.0
  clReleaseMemObject(Sum_);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

// cl_khr_spirv_no_integer_wrap_decoration: the test kernels with SPV_KHR_no_integer_wrap_decoration
// declared, their first OpIAdd decorated NoSignedWrap and their first OpIMul NoUnsignedWrap (none
// of which overflows), build and give the same results.
TEST_F(Spirv, NoIntegerWrapDecorations) {
  EXPECT_NE(deviceString(Device, CL_DEVICE_EXTENSIONS).find("cl_khr_spirv_no_integer_wrap_decoration"),
            std::string::npos);
  const std::string Il = spirvKernels();
  std::vector<uint32_t> Words(Il.size() / 4);
  std::memcpy(Words.data(), Il.data(), Words.size() * 4);
  enum : uint32_t { OpExtension = 10, OpExtInstImport = 11, OpMemoryModel = 14, OpTypeVoid = 19,
                    OpTypeForwardPointer = 39, OpDecorate = 71, OpIAdd = 128, OpIMul = 132,
                    NoSignedWrap = 4469, NoUnsignedWrap = 4470 };
  size_t ExtensionAt = 0, TypesAt = 0;
  uint32_t Add = 0, Mul = 0;
  for (size_t At = 5; At < Words.size(); At += Words[At] >> 16) {
    const uint32_t Op = Words[At] & 0xffff;
    if (!ExtensionAt && (Op == OpExtInstImport || Op == OpMemoryModel))
      ExtensionAt = At;
    if (!TypesAt && Op >= OpTypeVoid && Op <= OpTypeForwardPointer)
      TypesAt = At;
    if (!Add && Op == OpIAdd)
      Add = Words[At + 2];
    if (!Mul && Op == OpIMul)
      Mul = Words[At + 2];
  }
  ASSERT_TRUE(ExtensionAt && TypesAt && Add && Mul) << "the test kernels' layout changed";
  // The decorations first (they stand after the extension), then the extension's name.
  Words.insert(Words.begin() + TypesAt, {3u << 16 | OpDecorate, Add, NoSignedWrap, 3u << 16 | OpDecorate,
                                         Mul, NoUnsignedWrap});
  const char Name[] = "SPV_KHR_no_integer_wrap_decoration"; // 35 bytes with its NUL: 9 words
  std::vector<uint32_t> Extension(1 + (sizeof Name + 3) / 4, 0);
  Extension[0] = uint32_t(Extension.size()) << 16 | OpExtension;
  std::memcpy(&Extension[1], Name, sizeof Name);
  Words.insert(Words.begin() + ExtensionAt, Extension.begin(), Extension.end());
  cl_program P = fromIl(std::string(reinterpret_cast<const char *>(Words.data()), Words.size() * 4));
  ASSERT_EQ(clBuildProgram(P, 1, &Device, "", nullptr, nullptr), CL_SUCCESS) << log(P);
  runKernels(P);
  clReleaseProgram(P);
}

TEST_F(Spirv, BadModulesAreRefusedOrFailToBuild) {
  const std::string Il = spirvKernels();
  cl_int Err;
  // "CL_INVALID_VALUE if il is NULL or if length is zero", or if it is not well-formed IL.
  EXPECT_EQ(clCreateProgramWithIL(Ctx, nullptr, 100, &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_VALUE);
  EXPECT_EQ(clCreateProgramWithIL(Ctx, Il.data(), 0, &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_VALUE);
  const std::string Text = "kernel void k(global int *p) { *p = 1; }   ";
  EXPECT_EQ(clCreateProgramWithIL(Ctx, Text.data(), Text.size(), &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_VALUE);
  EXPECT_EQ(clCreateProgramWithIL(Ctx, Il.data(), Il.size() - 2, &Err), nullptr); // not whole words
  EXPECT_EQ(Err, CL_INVALID_VALUE);
  EXPECT_EQ(clCreateProgramWithIL(nullptr, Il.data(), Il.size(), &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_CONTEXT);
  // A valid header over a truncated or corrupted module, and a well-formed module with an opcode
  // the translator does not know (it asserts, as it did on SPIR-V 1.4's OpPtrDiff before Weft
  // rewrote it: CTS test_spirv_new spirv14_ptrops aborted the process until the translator got
  // a process of its own): the build fails with the reason.
  std::string UnknownOp = Il;
  for (size_t At = 20; At + 4 <= UnknownOp.size();) {
    uint32_t Word;
    std::memcpy(&Word, &UnknownOp[At], 4);
    if ((Word & 0xffff) == 5) { // the first OpName becomes opcode 0x1234
      Word = (Word & 0xffff0000u) | 0x1234;
      std::memcpy(&UnknownOp[At], &Word, 4);
      break;
    }
    At += 4 * (Word >> 16);
  }
  ASSERT_NE(UnknownOp, Il);
  // Truncated inside an instruction of two words or more, past the middle.
  size_t Cut = 0;
  for (size_t At = 20; At + 4 <= Il.size();) {
    uint32_t Word;
    std::memcpy(&Word, &Il[At], 4);
    if (At >= Il.size() / 2 && (Word >> 16) >= 2) {
      Cut = At + 4;
      break;
    }
    At += 4 * (Word >> 16);
  }
  ASSERT_NE(Cut, 0u);
  for (const std::string &Bad : {Il.substr(0, Cut),
                                 Il.substr(0, 20) + std::string(Il.size() - 20, '\x7f'), UnknownOp}) {
    cl_program P = fromIl(Bad);
    ASSERT_NE(P, nullptr);
    EXPECT_EQ(clBuildProgram(P, 1, &Device, "", nullptr, nullptr), CL_BUILD_PROGRAM_FAILURE);
    EXPECT_EQ(status(P), CL_BUILD_ERROR);
    EXPECT_NE(log(P).find("invalid SPIR-V module"), std::string::npos) << log(P);
    EXPECT_EQ(clCompileProgram(P, 1, &Device, "", 0, nullptr, nullptr, nullptr, nullptr),
              CL_COMPILE_PROGRAM_FAILURE);
    clReleaseProgram(P);
  }
  // Invalid options are still CL_INVALID_BUILD_OPTIONS.
  cl_program P = fromIl(Il);
  EXPECT_EQ(clBuildProgram(P, 1, &Device, "-cl-no-such-option", nullptr, nullptr),
            CL_INVALID_BUILD_OPTIONS);
  clReleaseProgram(P);
}

} // namespace
} // namespace weft::test
