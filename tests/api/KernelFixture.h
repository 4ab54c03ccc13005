// Fixture for tests that build and run kernels: RuntimeTest plus program helpers.
#pragma once

#include "api/RuntimeTest.h"

#include <string>

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
};

} // namespace weft::test
