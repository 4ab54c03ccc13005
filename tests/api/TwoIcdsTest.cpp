// Weft beside PoCL in one process, through one ICD loader: both platforms enumerate and work.
#include "api/ApiTest.h"

#include <string>
#include <thread>
#include <vector>

namespace weft::test {
namespace {

cl_platform_id findByName(const std::string &Fragment) {
  for (cl_platform_id P : allPlatforms())
    if (platformString(P, CL_PLATFORM_NAME).find(Fragment) != std::string::npos)
      return P;
  return nullptr;
}

void useDevice(cl_platform_id P) {
  cl_device_id D = nullptr;
  ASSERT_EQ(clGetDeviceIDs(P, CL_DEVICE_TYPE_ALL, 1, &D, nullptr), CL_SUCCESS);
  cl_platform_id Owner = nullptr;
  ASSERT_EQ(clGetDeviceInfo(D, CL_DEVICE_PLATFORM, sizeof Owner, &Owner, nullptr), CL_SUCCESS);
  EXPECT_EQ(Owner, P);
  cl_context_properties Props[] = {CL_CONTEXT_PLATFORM, cl_context_properties(P), 0};
  cl_int Err;
  cl_context C = clCreateContext(Props, 1, &D, nullptr, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  cl_device_id Back = nullptr;
  ASSERT_EQ(clGetContextInfo(C, CL_CONTEXT_DEVICES, sizeof Back, &Back, nullptr), CL_SUCCESS);
  EXPECT_EQ(Back, D);
  EXPECT_EQ(clReleaseContext(C), CL_SUCCESS);
}

TEST(TwoIcds, WeftAndPoclInOneProcess) {
  ASSERT_GE(allPlatforms().size(), 2u)
      << "expected Weft and PoCL; install pocl-opencl-icd (scripts/deps.sh does) and re-run cmake";
  cl_platform_id Weft = findByName("Weft");
  cl_platform_id Pocl = findByName("Portable Computing Language");
  ASSERT_NE(Weft, nullptr);
  ASSERT_NE(Pocl, nullptr) << "PoCL's platform is missing";
  // Interleave the two so that each call goes to the right driver.
  useDevice(Weft);
  useDevice(Pocl);
  useDevice(Weft);
  // A PoCL device is not a Weft device: a Weft context refuses it.
  cl_device_id PoclDevice;
  ASSERT_EQ(clGetDeviceIDs(Pocl, CL_DEVICE_TYPE_ALL, 1, &PoclDevice, nullptr), CL_SUCCESS);
  cl_device_id WeftDevice;
  ASSERT_EQ(clGetDeviceIDs(Weft, CL_DEVICE_TYPE_ALL, 1, &WeftDevice, nullptr), CL_SUCCESS);
  cl_device_id Mixed[] = {WeftDevice, PoclDevice};
  cl_int Err;
  EXPECT_EQ(clCreateContext(nullptr, 2, Mixed, nullptr, nullptr, &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_DEVICE);
}

/// Builds a kernel with a barrier and local memory on P's first device and checks its result
/// Rounds times. Returns a failure description, or empty.
std::string buildAndRun(cl_platform_id P, int Rounds) {
  static const char *Source = R"(
    kernel void sum(global const int *in, global int *out, local int *tile) {
      size_t l = get_local_id(0);
      tile[l] = in[get_global_id(0)];
      barrier(CLK_LOCAL_MEM_FENCE);
      for (size_t s = get_local_size(0) / 2; s > 0; s /= 2) {
        if (l < s) tile[l] += tile[l + s];
        barrier(CLK_LOCAL_MEM_FENCE);
      }
      if (l == 0) out[get_group_id(0)] = tile[0];
    })";
  cl_device_id D;
  if (clGetDeviceIDs(P, CL_DEVICE_TYPE_ALL, 1, &D, nullptr) != CL_SUCCESS)
    return "no device";
  cl_int Err;
  cl_context C = clCreateContext(nullptr, 1, &D, nullptr, nullptr, &Err);
  if (Err != CL_SUCCESS)
    return "clCreateContext " + std::to_string(Err);
  cl_command_queue Q = clCreateCommandQueueWithProperties(C, D, nullptr, &Err);
  const int N = 1024, Local = 64, Groups = N / Local;
  std::vector<int> In(N), Out(Groups);
  for (int I = 0; I < N; ++I)
    In[I] = I % 17;
  cl_mem MIn = clCreateBuffer(C, CL_MEM_COPY_HOST_PTR, N * sizeof(int), In.data(), &Err);
  cl_mem MOut = clCreateBuffer(C, CL_MEM_READ_WRITE, Groups * sizeof(int), nullptr, &Err);
  std::string Failure;
  for (int R = 0; R < Rounds && Failure.empty(); ++R) {
    // A different program text each round, so that no cache turns the builds into look-ups.
    std::string Text = Source + std::string("\n// round ") + std::to_string(R) + "\n";
    const char *Ptr = Text.c_str();
    cl_program Prog = clCreateProgramWithSource(C, 1, &Ptr, nullptr, &Err);
    if ((Err = clBuildProgram(Prog, 1, &D, "", nullptr, nullptr)) != CL_SUCCESS) {
      Failure = "clBuildProgram " + std::to_string(Err);
      clReleaseProgram(Prog);
      break;
    }
    cl_kernel K = clCreateKernel(Prog, "sum", &Err);
    clSetKernelArg(K, 0, sizeof MIn, &MIn);
    clSetKernelArg(K, 1, sizeof MOut, &MOut);
    clSetKernelArg(K, 2, Local * sizeof(int), nullptr);
    size_t Global = N, L = Local;
    if ((Err = clEnqueueNDRangeKernel(Q, K, 1, nullptr, &Global, &L, 0, nullptr, nullptr)) != CL_SUCCESS)
      Failure = "clEnqueueNDRangeKernel " + std::to_string(Err);
    else if ((Err = clEnqueueReadBuffer(Q, MOut, CL_TRUE, 0, Groups * sizeof(int), Out.data(), 0, nullptr,
                                        nullptr)) != CL_SUCCESS)
      Failure = "clEnqueueReadBuffer " + std::to_string(Err);
    for (int G = 0; G < Groups && Failure.empty(); ++G) {
      int Expected = 0;
      for (int I = 0; I < Local; ++I)
        Expected += In[G * Local + I];
      if (Out[G] != Expected)
        Failure = "group " + std::to_string(G) + ": " + std::to_string(Out[G]) + " != " + std::to_string(Expected);
    }
    clReleaseKernel(K);
    clReleaseProgram(Prog);
  }
  clReleaseMemObject(MIn);
  clReleaseMemObject(MOut);
  clReleaseCommandQueue(Q);
  clReleaseContext(C);
  return Failure;
}

// Both compilers in one process at once: Weft's and PoCL's both sit on libLLVM-15, so neither may
// rely on process-wide LLVM state (command-line options, a shared context).
TEST(TwoIcds, WeftAndPoclCompileAndRunConcurrently) {
  cl_platform_id Weft = findByName("Weft");
  cl_platform_id Pocl = findByName("Portable Computing Language");
  ASSERT_NE(Weft, nullptr);
  ASSERT_NE(Pocl, nullptr) << "PoCL's platform is missing";
  std::string WeftFailure, PoclFailure;
  std::thread A([&] { WeftFailure = buildAndRun(Weft, 4); });
  std::thread B([&] { PoclFailure = buildAndRun(Pocl, 4); });
  A.join();
  B.join();
  EXPECT_EQ(WeftFailure, "");
  EXPECT_EQ(PoclFailure, "");
  // And Weft again after PoCL has done its compiler set-up.
  EXPECT_EQ(buildAndRun(Weft, 1), "");
}

} // namespace
} // namespace weft::test
