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
  /// Runs kernel "k" of P over one work-item per element of the first input, in groups of Local:
  /// its arguments are the inputs as buffers, then an output of PerItem elements of R per
  /// work-item, which is read back.
  template <typename R, typename First, typename... Rest>
  std::vector<R> runOnInputs(cl_program P, size_t PerItem, size_t Local, const std::vector<First> &Input,
                             const std::vector<Rest> &...Inputs) {
    const size_t N = Input.size();
    std::vector<cl_mem> Args;
    auto Upload = [&](const auto &V) {
      Args.push_back(buffer(V.size() * sizeof V[0], CL_MEM_COPY_HOST_PTR, const_cast<void *>(static_cast<const void *>(V.data()))));
    };
    Upload(Input);
    (Upload(Inputs), ...);
    Args.push_back(buffer(N * PerItem * sizeof(R)));
    cl_kernel K = clCreateKernel(P, "k", nullptr);
    for (cl_uint I = 0; I < Args.size(); ++I)
      EXPECT_EQ(clSetKernelArg(K, I, sizeof(cl_mem), &Args[I]), CL_SUCCESS) << "argument " << I;
    cl_command_queue Q = queue();
    run(Q, K, N, Local);
    std::vector<R> Out = read<R>(Q, Args.back(), N * PerItem);
    for (cl_mem M : Args)
      clReleaseMemObject(M);
    clReleaseKernel(K);
    return Out;
  }
  /// The first Count elements of type T in M, read back blocking.
  template <typename T = uint8_t> std::vector<T> read(cl_command_queue Q, cl_mem M, size_t Count) {
    std::vector<T> Out(Count);
    EXPECT_EQ(clEnqueueReadBuffer(Q, M, CL_TRUE, 0, Count * sizeof(T), Out.data(), 0, nullptr, nullptr),
              CL_SUCCESS);
    return Out;
  }
};

/// Runs kernel "k" of P over N work-items writing an int each; returns the ints.
inline std::vector<int> runIntKernel(cl_context Ctx, cl_device_id Device, cl_program P, size_t N,
                              const size_t *Local = nullptr) {
  cl_int Err;
  cl_kernel K = clCreateKernel(P, "k", &Err);
  EXPECT_EQ(Err, CL_SUCCESS);
  cl_mem Out = clCreateBuffer(Ctx, CL_MEM_READ_WRITE, N * sizeof(int), nullptr, &Err);
  clSetKernelArg(K, 0, sizeof Out, &Out);
  cl_command_queue Q = clCreateCommandQueue(Ctx, Device, 0, &Err);
  std::vector<int> Result(N, -1);
  EXPECT_EQ(clEnqueueNDRangeKernel(Q, K, 1, nullptr, &N, Local, 0, nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(clEnqueueReadBuffer(Q, Out, CL_TRUE, 0, N * sizeof(int), Result.data(), 0, nullptr,
                                nullptr),
            CL_SUCCESS);
  clReleaseCommandQueue(Q);
  clReleaseMemObject(Out);
  clReleaseKernel(K);
  return Result;
}

} // namespace weft::test
