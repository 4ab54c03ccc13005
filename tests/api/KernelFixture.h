// Fixture for tests that build and run kernels: RuntimeTest plus program helpers.
#pragma once

#include "api/RuntimeTest.h"

#include <cstdint>
#include <string>
#include <vector>

namespace weft::test {

class KernelApi : public RuntimeTest {
protected:
  cl_program program(const char *Source) {
    cl_int Err;
    cl_program P = clCreateProgramWithSource(Ctx, 1, &Source, nullptr, &Err);
    EXPECT_EQ(Err, CL_SUCCESS);
    return P;
  }
  /// Builds Source; fails the test (with the log) if it does not build.
  cl_program built(const char *Source, const char *Options = "") {
    cl_program P = program(Source);
    cl_int Err = clBuildProgram(P, 1, &Device, Options, nullptr, nullptr);
    EXPECT_EQ(Err, CL_SUCCESS) << log(P);
    return P;
  }
  std::string log(cl_program P) {
    size_t Size = 0;
    clGetProgramBuildInfo(P, Device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &Size);
    std::string S(Size, '\0');
    clGetProgramBuildInfo(P, Device, CL_PROGRAM_BUILD_LOG, Size, S.data(), nullptr);
    if (!S.empty())
      S.pop_back();
    return S;
  }
  cl_build_status status(cl_program P) {
    cl_build_status S = 99;
    clGetProgramBuildInfo(P, Device, CL_PROGRAM_BUILD_STATUS, sizeof S, &S, nullptr);
    return S;
  }
  template <typename... T> void setArgs(cl_kernel K, const T &...Values) {
    cl_uint Index = 0;
    auto Set = [&](const auto &Value) {
      EXPECT_EQ(clSetKernelArg(K, Index, sizeof Value, &Value), CL_SUCCESS) << "argument " << Index;
      ++Index;
    };
    (Set(Values), ...);
  }
  /// Runs K over a 1D NDRange and waits for it.
  void run(cl_command_queue Q, cl_kernel K, size_t Global, size_t Local) {
    ASSERT_EQ(clEnqueueNDRangeKernel(Q, K, 1, nullptr, &Global, &Local, 0, nullptr, nullptr), CL_SUCCESS);
    ASSERT_EQ(clFinish(Q), CL_SUCCESS);
  }
  /// The first Count elements of type T in M, read back blocking.
  template <typename T = uint8_t> std::vector<T> read(cl_command_queue Q, cl_mem M, size_t Count) {
    std::vector<T> Out(Count);
    EXPECT_EQ(clEnqueueReadBuffer(Q, M, CL_TRUE, 0, Count * sizeof(T), Out.data(), 0, nullptr, nullptr),
              CL_SUCCESS);
    return Out;
  }
};

} // namespace weft::test
