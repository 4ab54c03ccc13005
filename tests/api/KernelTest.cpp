// OpenCL 3.0 §5.8-5.10 (programs, kernels, executing kernels) through the ICD loader: building
// from source, build logs, compiling and linking, binaries, kernel arguments and info, work
// sizes, native kernels and NDRange execution checked against host computations.
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

TEST_F(KernelApi, VectorAddWithNonUniformWorkGroups) {
  cl_program P = built("kernel void add(global const float *a, global const float *b,"
                       "                 global float *c, float k) {"
                       "  size_t i = get_global_id(0); c[i] = a[i] + k * b[i]; }",
                       "-cl-std=CL3.0");
  cl_int Err;
  cl_kernel K = clCreateKernel(P, "add", &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  const size_t N = 100003; // prime: the last work-group is partial
  std::vector<float> A(N), B(N), C(N, -1.0f);
  std::iota(A.begin(), A.end(), 0.0f);
  std::iota(B.begin(), B.end(), 1.0f);
  cl_mem MA = buffer(N * 4, CL_MEM_COPY_HOST_PTR, A.data());
  cl_mem MB = buffer(N * 4, CL_MEM_COPY_HOST_PTR, B.data());
  cl_mem MC = buffer(N * 4);
  float Scale = 0.5f;
  ASSERT_EQ(clSetKernelArg(K, 0, sizeof(cl_mem), &MA), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(K, 1, sizeof(cl_mem), &MB), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(K, 2, sizeof(cl_mem), &MC), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(K, 3, sizeof(float), &Scale), CL_SUCCESS);
  cl_command_queue Q = queue();
  size_t Global = N, Local = 64;
  ASSERT_EQ(clEnqueueNDRangeKernel(Q, K, 1, nullptr, &Global, &Local, 0, nullptr, nullptr),
            CL_SUCCESS);
  ASSERT_EQ(clEnqueueReadBuffer(Q, MC, CL_TRUE, 0, N * 4, C.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  for (size_t I = 0; I < N; ++I)
    ASSERT_EQ(C[I], A[I] + Scale * B[I]) << I;
  // A local size chosen by Weft, and OpenCL C 1.2's uniform work-groups: both correct.
  std::fill(C.begin(), C.end(), -1.0f);
  ASSERT_EQ(clEnqueueWriteBuffer(Q, MC, CL_TRUE, 0, N * 4, C.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  ASSERT_EQ(clEnqueueNDRangeKernel(Q, K, 1, nullptr, &Global, nullptr, 0, nullptr, nullptr),
            CL_SUCCESS);
  ASSERT_EQ(clEnqueueReadBuffer(Q, MC, CL_TRUE, 0, N * 4, C.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  for (size_t I = 0; I < N; ++I)
    ASSERT_EQ(C[I], A[I] + Scale * B[I]) << I;
  for (cl_mem M : {MA, MB, MC})
    clReleaseMemObject(M);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

TEST_F(KernelApi, ThreeDimensionsWithOffsetsAndLocalMemory) {
  cl_program P = built(R"(
    typedef struct { int scale; float bias; } Params;
    kernel void k(global int *out, local int *scratch, Params p) {
      local int shared_bias[1];
      size_t lid = get_local_linear_id();
      scratch[lid] = (int)(get_global_id(0) + 10 * get_global_id(1) + 100 * get_global_id(2));
      size_t i = get_global_linear_id();
      shared_bias[0] = (int)p.bias;   // every work-item writes the same value
      out[i] = scratch[lid] * p.scale + shared_bias[0] + (int)get_group_id(2);
    })",
                       "-cl-std=CL3.0");
  cl_kernel K = clCreateKernel(P, "k", nullptr);
  size_t Global[3] = {8, 6, 4}, Local[3] = {4, 3, 2}, Offset[3] = {1, 2, 3};
  cl_mem Out = buffer(8 * 6 * 4 * sizeof(int));
  struct {
    int scale;
    float bias;
  } Params{2, 5.0f};
  ASSERT_EQ(clSetKernelArg(K, 0, sizeof(cl_mem), &Out), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(K, 1, 4 * 3 * 2 * sizeof(int), nullptr), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(K, 2, sizeof Params, &Params), CL_SUCCESS);
  cl_command_queue Q = queue();
  ASSERT_EQ(clEnqueueNDRangeKernel(Q, K, 3, Offset, Global, Local, 0, nullptr, nullptr),
            CL_SUCCESS);
  std::vector<int> Result(8 * 6 * 4);
  ASSERT_EQ(clEnqueueReadBuffer(Q, Out, CL_TRUE, 0, Result.size() * 4, Result.data(), 0, nullptr,
                                nullptr),
            CL_SUCCESS);
  for (int Z = 0; Z < 4; ++Z)
    for (int Y = 0; Y < 6; ++Y)
      for (int X = 0; X < 8; ++X) {
        int Expected = ((X + 1) + 10 * (Y + 2) + 100 * (Z + 3)) * 2 + 5 + Z / 2;
        ASSERT_EQ(Result[(Z * 6 + Y) * 8 + X], Expected) << X << "," << Y << "," << Z;
      }
  size_t LocalMem = 0;
  ASSERT_EQ(clGetKernelWorkGroupInfo(K, Device, CL_KERNEL_LOCAL_MEM_SIZE, sizeof(cl_ulong),
                                     &LocalMem, nullptr),
            CL_SUCCESS);
  EXPECT_GE(LocalMem, 4 * 3 * 2 * sizeof(int) + sizeof(int));
  clReleaseMemObject(Out);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

TEST_F(KernelApi, BuildFailureKeepsClangsLog) {
  cl_program P = program("kernel void k(global int *p) {\n  p[0] = nope;\n}\n");
  EXPECT_EQ(clBuildProgram(P, 1, &Device, "", nullptr, nullptr), CL_BUILD_PROGRAM_FAILURE);
  EXPECT_EQ(status(P), CL_BUILD_ERROR);
  std::string Log = log(P);
  EXPECT_NE(Log.find("program.cl:2:10: error: use of undeclared identifier 'nope'"),
            std::string::npos)
      << Log;
  EXPECT_NE(Log.find("^"), std::string::npos) << Log;
  cl_int Err;
  EXPECT_EQ(clCreateKernel(P, "k", &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_PROGRAM_EXECUTABLE);
  // Fixing nothing and building again is allowed, and fails the same way.
  EXPECT_EQ(clBuildProgram(P, 0, nullptr, nullptr, nullptr, nullptr), CL_BUILD_PROGRAM_FAILURE);
  clReleaseProgram(P);
}

// cl_khr_suggested_local_work_size: the suggestion is the local size the kernel then runs with
// when enqueued without one (uniform for an OpenCL C 1.2 kernel, within CL_KERNEL_WORK_GROUP_SIZE,
// the reqd_work_group_size where there is one), and the query refuses what the spec lists.
TEST_F(KernelApi, SuggestedLocalWorkSize) {
  EXPECT_NE(deviceString(Device, CL_DEVICE_EXTENSIONS).find("cl_khr_suggested_local_work_size"),
            std::string::npos);
  auto Suggest = reinterpret_cast<clGetKernelSuggestedLocalWorkSizeKHR_fn>(
      clGetExtensionFunctionAddressForPlatform(Platform, "clGetKernelSuggestedLocalWorkSizeKHR"));
  ASSERT_NE(Suggest, nullptr);
  cl_program P = built(R"(
    kernel void sizes(global uint *out) {
      if (get_global_id(0) == get_global_offset(0) && get_global_id(1) == get_global_offset(1) &&
          get_global_id(2) == get_global_offset(2)) {
        out[0] = get_local_size(0);
        out[1] = get_local_size(1);
        out[2] = get_local_size(2);
      }
    }
    __attribute__((reqd_work_group_size(2, 3, 4))) kernel void fixed(global uint *out) {
      out[0] = get_local_size(0);
    })");
  cl_int Err;
  cl_kernel K = clCreateKernel(P, "sizes", &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  cl_mem Out = buffer(3 * sizeof(cl_uint));
  cl_command_queue Q = queue();
  size_t MaxGroup = 0;
  ASSERT_EQ(clGetKernelWorkGroupInfo(K, Device, CL_KERNEL_WORK_GROUP_SIZE, sizeof MaxGroup, &MaxGroup, nullptr),
            CL_SUCCESS);
  // "CL_INVALID_KERNEL_ARGS if any kernel arguments for kernel have not been set".
  const size_t Some[3] = {64, 1, 1};
  size_t Local[3] = {0, 0, 0};
  EXPECT_EQ(Suggest(Q, K, 1, nullptr, Some, Local), CL_INVALID_KERNEL_ARGS);
  setArgs(K, Out);
  const std::vector<std::vector<size_t>> Globals = {{64}, {113}, {1000}, {12, 3}, {113, 64}, {64, 3, 12}, {7, 11, 13}};
  for (const std::vector<size_t> &Global : Globals) {
    const cl_uint Dims = cl_uint(Global.size());
    const size_t Offset[3] = {5, 6, 7};
    size_t Suggested[3] = {1, 1, 1};
    ASSERT_EQ(Suggest(Q, K, Dims, Offset, Global.data(), Suggested), CL_SUCCESS) << Dims;
    size_t Total = 1;
    for (cl_uint D = 0; D < Dims; ++D) {
      EXPECT_EQ(Global[D] % Suggested[D], 0u) << D; // OpenCL C 1.2: uniform work-groups
      Total *= Suggested[D];
    }
    EXPECT_LE(Total, MaxGroup);
    ASSERT_EQ(clEnqueueNDRangeKernel(Q, K, Dims, Offset, Global.data(), nullptr, 0, nullptr, nullptr), CL_SUCCESS);
    EXPECT_EQ(read<cl_uint>(Q, Out, 3), (std::vector<cl_uint>{cl_uint(Suggested[0]), cl_uint(Suggested[1]),
                                                              cl_uint(Suggested[2])}))
        << Global[0] << " in " << Dims << " dimension(s)";
  }
  cl_kernel Fixed = clCreateKernel(P, "fixed", &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  setArgs(Fixed, Out);
  const size_t Global3[3] = {8, 9, 16};
  size_t Suggested[3] = {0, 0, 0};
  EXPECT_EQ(Suggest(Q, Fixed, 3, nullptr, Global3, Suggested), CL_SUCCESS);
  EXPECT_EQ(std::vector<size_t>(Suggested, Suggested + 3), (std::vector<size_t>{2, 3, 4}));

  // The errors the spec lists.
  EXPECT_EQ(Suggest(nullptr, K, 1, nullptr, Some, Local), CL_INVALID_COMMAND_QUEUE);
  EXPECT_EQ(Suggest(Q, nullptr, 1, nullptr, Some, Local), CL_INVALID_KERNEL);
  EXPECT_EQ(Suggest(Q, K, 0, nullptr, Some, Local), CL_INVALID_WORK_DIMENSION);
  EXPECT_EQ(Suggest(Q, K, 4, nullptr, Some, Local), CL_INVALID_WORK_DIMENSION);
  EXPECT_EQ(Suggest(Q, K, 1, nullptr, nullptr, Local), CL_INVALID_GLOBAL_WORK_SIZE);
  const size_t Zero[2] = {64, 0};
  EXPECT_EQ(Suggest(Q, K, 2, nullptr, Zero, Local), CL_INVALID_GLOBAL_WORK_SIZE);
  const size_t Huge[1] = {SIZE_MAX - 2}, Three[1] = {3};
  EXPECT_EQ(Suggest(Q, K, 1, Huge, Three, Local), CL_INVALID_GLOBAL_OFFSET);
  const size_t Square[2] = {size_t(1) << 32, size_t(1) << 32};
  EXPECT_EQ(Suggest(Q, K, 2, nullptr, Square, Local), CL_INVALID_GLOBAL_WORK_SIZE);
  EXPECT_EQ(Suggest(Q, K, 1, nullptr, Some, nullptr), CL_INVALID_VALUE);
  cl_context Other = clCreateContext(nullptr, 1, &Device, nullptr, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  cl_command_queue OtherQueue = clCreateCommandQueue(Other, Device, 0, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  EXPECT_EQ(Suggest(OtherQueue, K, 1, nullptr, Some, Local), CL_INVALID_CONTEXT);
  clReleaseCommandQueue(OtherQueue);
  clReleaseContext(Other);
  clReleaseKernel(Fixed);
  clReleaseKernel(K);
  clReleaseMemObject(Out);
  clReleaseProgram(P);
}

TEST_F(KernelApi, InvalidBuildOptions) {
  cl_program P = program("kernel void k(){}");
  EXPECT_EQ(clBuildProgram(P, 1, &Device, "-cl-no-such-option", nullptr, nullptr),
            CL_INVALID_BUILD_OPTIONS);
  EXPECT_EQ(status(P), CL_BUILD_NONE);
  EXPECT_EQ(clBuildProgram(P, 1, &Device, "-cl-std=CL3.0 -D FOO=1", nullptr, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(status(P), CL_BUILD_SUCCESS);
  size_t Size;
  clGetProgramBuildInfo(P, Device, CL_PROGRAM_BUILD_OPTIONS, 0, nullptr, &Size);
  std::string Options(Size, '\0');
  clGetProgramBuildInfo(P, Device, CL_PROGRAM_BUILD_OPTIONS, Size, Options.data(), nullptr);
  EXPECT_STREQ(Options.c_str(), "-cl-std=CL3.0 -D FOO=1");
  cl_program_binary_type Type;
  clGetProgramBuildInfo(P, Device, CL_PROGRAM_BINARY_TYPE, sizeof Type, &Type, nullptr);
  EXPECT_EQ(Type, cl_program_binary_type(CL_PROGRAM_BINARY_TYPE_EXECUTABLE));
  // OpenCL 3.0 lists -g (5.8.6.7, options for debugging).
  EXPECT_EQ(clBuildProgram(P, 1, &Device, "-g", nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(status(P), CL_BUILD_SUCCESS);
  clReleaseProgram(P);
}

// -cl-denorms-are-zero: single-precision denormals produced or read by the kernel's arithmetic
// are zero (piglit expects the flush; PoCL flushes); without it they are kept, and the host
// thread's floating-point mode is the same after the kernel as before.
TEST_F(KernelApi, DenormsAreZeroFlushesSinglePrecisionDenormals) {
  const char *Source = R"(
    kernel void k(global const float *a, global const float *b, global float *out) {
      size_t i = get_global_id(0);
      out[i] = a[i] * b[i];
    })";
  const float SmallestNormal = 1.17549435e-38f, Denormal = 1e-40f;
  // A product that is denormal, and a denormal input times one.
  const std::vector<float> A = {SmallestNormal, Denormal, 3.0f, -SmallestNormal};
  const std::vector<float> B = {0.5f, 1.0f, 2.0f, 0.25f};
  cl_program Keeping = built(Source);
  const std::vector<float> Kept = runOnInputs<float>(Keeping, 1, 1, A, B);
  EXPECT_EQ(Kept[0], SmallestNormal * 0.5f);
  EXPECT_NE(Kept[0], 0.0f);
  EXPECT_EQ(Kept[1], Denormal);
  EXPECT_EQ(Kept[2], 6.0f);
  cl_program Flushing = built(Source, "-cl-denorms-are-zero");
  const std::vector<float> Flushed = runOnInputs<float>(Flushing, 1, 1, A, B);
  EXPECT_EQ(Flushed[0], 0.0f);
  EXPECT_EQ(Flushed[1], 0.0f);
  EXPECT_EQ(Flushed[2], 6.0f);
  EXPECT_EQ(Flushed[3], 0.0f);
  EXPECT_TRUE(std::signbit(Flushed[3])) << "flushed to -0";
  // The host's arithmetic keeps its denormals.
  volatile float Half = 0.5f;
  EXPECT_NE(SmallestNormal * Half, 0.0f);
  clReleaseProgram(Flushing);
  clReleaseProgram(Keeping);
}

struct NotifyCount {
  int Calls = 0;
};
void CL_CALLBACK onBuilt(cl_program, void *User) { static_cast<NotifyCount *>(User)->Calls++; }

TEST_F(KernelApi, ProgramInfoAndNotify) {
  const char *Source = "kernel void first(global int *p) { p[0] = 1; }\n"
                       "kernel void second(global int *p, int v) { p[1] = v; }\n";
  cl_program P = program(Source);
  cl_uint Kernels;
  EXPECT_EQ(clGetProgramInfo(P, CL_PROGRAM_NUM_KERNELS, sizeof(size_t), &Kernels, nullptr),
            CL_INVALID_PROGRAM_EXECUTABLE);
  NotifyCount Count;
  ASSERT_EQ(clBuildProgram(P, 0, nullptr, nullptr, onBuilt, &Count), CL_SUCCESS);
  EXPECT_EQ(Count.Calls, 1);
  size_t Num = 0;
  ASSERT_EQ(clGetProgramInfo(P, CL_PROGRAM_NUM_KERNELS, sizeof Num, &Num, nullptr), CL_SUCCESS);
  EXPECT_EQ(Num, 2u);
  char Names[64];
  ASSERT_EQ(clGetProgramInfo(P, CL_PROGRAM_KERNEL_NAMES, sizeof Names, Names, nullptr), CL_SUCCESS);
  EXPECT_STREQ(Names, "first;second");
  size_t SourceSize = 0;
  ASSERT_EQ(clGetProgramInfo(P, CL_PROGRAM_SOURCE, 0, nullptr, &SourceSize), CL_SUCCESS);
  EXPECT_EQ(SourceSize, std::strlen(Source) + 1);
  cl_context C;
  clGetProgramInfo(P, CL_PROGRAM_CONTEXT, sizeof C, &C, nullptr);
  EXPECT_EQ(C, Ctx);
  cl_kernel All[2];
  cl_uint Count2 = 0;
  ASSERT_EQ(clCreateKernelsInProgram(P, 2, All, &Count2), CL_SUCCESS);
  EXPECT_EQ(Count2, 2u);
  char Name[32];
  clGetKernelInfo(All[1], CL_KERNEL_FUNCTION_NAME, sizeof Name, Name, nullptr);
  EXPECT_STREQ(Name, "second");
  cl_uint Args = 0;
  clGetKernelInfo(All[1], CL_KERNEL_NUM_ARGS, sizeof Args, &Args, nullptr);
  EXPECT_EQ(Args, 2u);
  EXPECT_EQ(clCreateKernelsInProgram(P, 1, All, nullptr), CL_INVALID_VALUE);
  // Kernels exist: the program may not be rebuilt.
  EXPECT_EQ(clBuildProgram(P, 0, nullptr, nullptr, nullptr, nullptr), CL_INVALID_OPERATION);
  clReleaseKernel(All[0]);
  clReleaseKernel(All[1]);
  EXPECT_EQ(clBuildProgram(P, 0, nullptr, nullptr, nullptr, nullptr), CL_SUCCESS);
  clReleaseProgram(P);
}

TEST_F(KernelApi, ArgumentErrorsAndInfo) {
  cl_program P = built("kernel void k(global float *g, local int *l, constant int *c, int4 v,"
                       "               const float s) {}",
                       "-cl-kernel-arg-info");
  cl_kernel K = clCreateKernel(P, "k", nullptr);
  cl_mem M = buffer(64);
  cl_int4 V{};
  EXPECT_EQ(clSetKernelArg(K, 5, 4, &V), CL_INVALID_ARG_INDEX);
  EXPECT_EQ(clSetKernelArg(K, 0, 4, &M), CL_INVALID_ARG_SIZE);
  cl_mem Bogus = reinterpret_cast<cl_mem>(K);
  EXPECT_EQ(clSetKernelArg(K, 0, sizeof(cl_mem), &Bogus), CL_INVALID_MEM_OBJECT);
  EXPECT_EQ(clSetKernelArg(K, 0, sizeof(cl_mem), nullptr), CL_SUCCESS) << "a NULL buffer";
  EXPECT_EQ(clSetKernelArg(K, 1, 0, nullptr), CL_INVALID_ARG_SIZE);
  EXPECT_EQ(clSetKernelArg(K, 1, 16, &V), CL_INVALID_ARG_VALUE);
  EXPECT_EQ(clSetKernelArg(K, 3, 8, &V), CL_INVALID_ARG_SIZE);
  EXPECT_EQ(clSetKernelArg(K, 3, sizeof V, nullptr), CL_INVALID_ARG_VALUE);
  cl_command_queue Q = queue();
  size_t One = 1;
  EXPECT_EQ(clEnqueueNDRangeKernel(Q, K, 1, nullptr, &One, nullptr, 0, nullptr, nullptr),
            CL_INVALID_KERNEL_ARGS);
  cl_kernel_arg_address_qualifier AQ;
  ASSERT_EQ(clGetKernelArgInfo(K, 1, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof AQ, &AQ, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(AQ, cl_kernel_arg_address_qualifier(CL_KERNEL_ARG_ADDRESS_LOCAL));
  ASSERT_EQ(clGetKernelArgInfo(K, 2, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof AQ, &AQ, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(AQ, cl_kernel_arg_address_qualifier(CL_KERNEL_ARG_ADDRESS_CONSTANT));
  char Text[32];
  ASSERT_EQ(clGetKernelArgInfo(K, 3, CL_KERNEL_ARG_TYPE_NAME, sizeof Text, Text, nullptr),
            CL_SUCCESS);
  EXPECT_STREQ(Text, "int4");
  ASSERT_EQ(clGetKernelArgInfo(K, 4, CL_KERNEL_ARG_NAME, sizeof Text, Text, nullptr), CL_SUCCESS);
  EXPECT_STREQ(Text, "s");
  cl_kernel_arg_type_qualifier TQ;
  ASSERT_EQ(clGetKernelArgInfo(K, 4, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof TQ, &TQ, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(TQ, cl_kernel_arg_type_qualifier(CL_KERNEL_ARG_TYPE_NONE))
      << "const on a by-value argument is not a type qualifier of the argument";
  EXPECT_EQ(clGetKernelArgInfo(K, 9, CL_KERNEL_ARG_NAME, sizeof Text, Text, nullptr),
            CL_INVALID_ARG_INDEX);
  // Without -cl-kernel-arg-info the information is not kept.
  cl_program Plain = built("kernel void k(global float *g) {}");
  cl_kernel K2 = clCreateKernel(Plain, "k", nullptr);
  EXPECT_EQ(clGetKernelArgInfo(K2, 0, CL_KERNEL_ARG_NAME, sizeof Text, Text, nullptr),
            CL_KERNEL_ARG_INFO_NOT_AVAILABLE);
  cl_int Err;
  EXPECT_EQ(clCreateKernel(P, "nope", &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_KERNEL_NAME);
  EXPECT_EQ(clCreateKernel(P, nullptr, &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_VALUE);
  clReleaseKernel(K2);
  clReleaseProgram(Plain);
  clReleaseMemObject(M);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

TEST_F(KernelApi, KernelsAreFoundByTheirExactNames) {
  // Names that are prefixes of one another, differ in case or only in their last character.
  std::string Source;
  std::vector<std::string> Names;
  for (int I = 0; I < 120; ++I) {
    Names.push_back("k" + std::to_string(I));
    Names.push_back("K" + std::to_string(I) + "_");
  }
  for (size_t I = 0; I < Names.size(); ++I)
    Source += "kernel void " + Names[I] + "(global int *p) { p[0] = " + std::to_string(I) + "; }\n";
  cl_program P = built(Source.c_str());
  cl_mem M = buffer(sizeof(cl_int));
  cl_command_queue Q = queue();
  for (size_t I = 0; I < Names.size(); I += 7) {
    cl_int Err;
    cl_kernel K = clCreateKernel(P, Names[I].c_str(), &Err);
    ASSERT_EQ(Err, CL_SUCCESS) << Names[I];
    char Name[16];
    ASSERT_EQ(clGetKernelInfo(K, CL_KERNEL_FUNCTION_NAME, sizeof Name, Name, nullptr), CL_SUCCESS);
    EXPECT_EQ(Names[I], Name);
    // The kernel runs the code of its own name.
    ASSERT_EQ(clSetKernelArg(K, 0, sizeof M, &M), CL_SUCCESS);
    ASSERT_EQ(clEnqueueTask(Q, K, 0, nullptr, nullptr), CL_SUCCESS);
    EXPECT_EQ(read<cl_int>(Q, M, 1).at(0), cl_int(I)) << Names[I];
    clReleaseKernel(K);
  }
  for (const char *Missing : {"k", "k120", "k1_", "K1", "k01", "k1 ", "", "k1\n"}) {
    cl_int Err = CL_SUCCESS;
    EXPECT_EQ(clCreateKernel(P, Missing, &Err), nullptr) << Missing;
    EXPECT_EQ(Err, CL_INVALID_KERNEL_NAME) << Missing;
  }
  clReleaseMemObject(M);
  clReleaseProgram(P);
}

TEST_F(KernelApi, WorkSizeErrors) {
  cl_program P = built("kernel void k(global int *p) { p[get_global_id(0)] = 1; }\n"
                       "kernel __attribute__((reqd_work_group_size(4,1,1))) void r(global int *p)"
                       "{ p[get_global_id(0)] = 2; }");
  cl_kernel K = clCreateKernel(P, "k", nullptr), R = clCreateKernel(P, "r", nullptr);
  cl_mem M = buffer(4096);
  clSetKernelArg(K, 0, sizeof M, &M);
  clSetKernelArg(R, 0, sizeof M, &M);
  cl_command_queue Q = queue();
  size_t MaxItems[3] = {};
  ASSERT_EQ(clGetDeviceInfo(Device, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof MaxItems, MaxItems, nullptr),
            CL_SUCCESS);
  size_t G[3] = {16, 1, 1}, L[3] = {4, 1, 1}, Big[3] = {2 * MaxItems[0], 1, 1}, Zero[3] = {0, 1, 1};
  size_t Odd[3] = {10, 1, 1};
  EXPECT_EQ(clEnqueueNDRangeKernel(Q, K, 0, nullptr, G, L, 0, nullptr, nullptr),
            CL_INVALID_WORK_DIMENSION);
  EXPECT_EQ(clEnqueueNDRangeKernel(Q, K, 4, nullptr, G, L, 0, nullptr, nullptr),
            CL_INVALID_WORK_DIMENSION);
  EXPECT_EQ(clEnqueueNDRangeKernel(Q, K, 1, nullptr, Big, Big, 0, nullptr, nullptr),
            CL_INVALID_WORK_ITEM_SIZE);
  EXPECT_EQ(clEnqueueNDRangeKernel(Q, K, 1, nullptr, G, Zero, 0, nullptr, nullptr),
            CL_INVALID_WORK_GROUP_SIZE);
  // OpenCL C 1.2 (the default): work-groups must divide the global size.
  EXPECT_EQ(clEnqueueNDRangeKernel(Q, K, 1, nullptr, Odd, L, 0, nullptr, nullptr),
            CL_INVALID_WORK_GROUP_SIZE);
  size_t L8[3] = {8, 1, 1};
  EXPECT_EQ(clEnqueueNDRangeKernel(Q, R, 1, nullptr, G, L8, 0, nullptr, nullptr),
            CL_INVALID_WORK_GROUP_SIZE)
      << "reqd_work_group_size(4,1,1)";
  EXPECT_EQ(clEnqueueNDRangeKernel(Q, R, 1, nullptr, G, nullptr, 0, nullptr, nullptr), CL_SUCCESS)
      << "the required size is used when none is given";
  size_t Huge[3] = {~size_t(0), 1, 1}, Off[3] = {2, 0, 0};
  EXPECT_EQ(clEnqueueNDRangeKernel(Q, K, 1, Off, Huge, nullptr, 0, nullptr, nullptr),
            CL_INVALID_GLOBAL_OFFSET);
  // More work-items than size_t counts: refused rather than run with a wrapped group count.
  size_t Square[3] = {size_t(1) << 32, size_t(1) << 32, 1}, Cube[3] = {1 << 22, 1 << 22, 1 << 22};
  EXPECT_EQ(clEnqueueNDRangeKernel(Q, K, 2, nullptr, Square, nullptr, 0, nullptr, nullptr),
            CL_INVALID_GLOBAL_WORK_SIZE);
  EXPECT_EQ(clEnqueueNDRangeKernel(Q, K, 3, nullptr, Cube, L, 0, nullptr, nullptr),
            CL_INVALID_GLOBAL_WORK_SIZE);
  // A NULL or zero global size succeeds without running anything.
  cl_event E;
  EXPECT_EQ(clEnqueueNDRangeKernel(Q, K, 1, nullptr, nullptr, nullptr, 0, nullptr, &E),
            CL_SUCCESS);
  EXPECT_EQ(clWaitForEvents(1, &E), CL_SUCCESS);
  clReleaseEvent(E);
  EXPECT_EQ(clEnqueueNDRangeKernel(Q, K, 1, nullptr, Zero, nullptr, 0, nullptr, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(clEnqueueTask(Q, K, 0, nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(clFinish(Q), CL_SUCCESS);
  for (cl_kernel X : {K, R})
    clReleaseKernel(X);
  clReleaseMemObject(M);
  clReleaseProgram(P);
}

TEST_F(KernelApi, DeviceReportsCompilerAndLinker) {
  EXPECT_EQ(deviceValue<cl_bool>(Device, CL_DEVICE_COMPILER_AVAILABLE), cl_bool(CL_TRUE));
  EXPECT_EQ(deviceValue<cl_bool>(Device, CL_DEVICE_LINKER_AVAILABLE), cl_bool(CL_TRUE));
  EXPECT_EQ(deviceValue<cl_bool>(Device, CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT),
            cl_bool(CL_TRUE));
}

TEST_F(KernelApi, NonUniformWorkGroupsInOpenCLC3) {
  cl_program P = built("kernel void k(global int *o) {"
                       "  o[get_global_id(0)] = (int)(get_local_size(0) * 100 + get_local_id(0)); }",
                       "-cl-std=CL3.0");
  size_t Local = 4;
  std::vector<int> R = runIntKernel(Ctx, Device, P, 10, &Local); // groups of 4, 4 and 2
  std::vector<int> Expected = {400, 401, 402, 403, 400, 401, 402, 403, 200, 201};
  EXPECT_EQ(R, Expected);
  clReleaseProgram(P);
  // -cl-uniform-work-group-size asks for uniform groups again.
  cl_program U = built("kernel void k(global int *o) { o[get_global_id(0)] = 1; }",
                       "-cl-std=CL3.0 -cl-uniform-work-group-size");
  cl_kernel K = clCreateKernel(U, "k", nullptr);
  cl_mem Out = buffer(64);
  clSetKernelArg(K, 0, sizeof Out, &Out);
  size_t Ten = 10;
  EXPECT_EQ(clEnqueueNDRangeKernel(queue(), K, 1, nullptr, &Ten, &Local, 0, nullptr, nullptr),
            CL_INVALID_WORK_GROUP_SIZE);
  clReleaseMemObject(Out);
  clReleaseKernel(K);
  clReleaseProgram(U);
}

// A kernel with reqd_work_group_size runs work-group functions whose sizes are constants (in
// work-groups of the required size): whole groups and, in OpenCL C 3.0, the partial groups at the
// end of each dimension see their own sizes, ids and local memory.
TEST_F(KernelApi, RequiredWorkGroupSizeInWholeAndPartialGroups) {
  const char *Source = R"(
    #if __OPENCL_C_VERSION__ >= 200
    #define ENQUEUED(d) get_enqueued_local_size(d)
    #else
    #define ENQUEUED(d) get_local_size(d) // uniform work-groups
    #endif
    __attribute__((reqd_work_group_size(8, 4, 1)))
    kernel void rows(global const int *in, global int *out, int w) {
      local int tile[4][8];
      size_t lx = get_local_id(0), ly = get_local_id(1);
      size_t x = get_global_id(0), y = get_global_id(1);
      tile[ly][lx] = in[y * w + x];
      barrier(CLK_LOCAL_MEM_FENCE);
      int sum = 0;
      for (size_t i = 0; i < get_local_size(0); ++i)
        sum += tile[ly][i];
      out[y * w + x] = sum * 10000 + (int)(get_local_size(0) * 1000 + get_local_size(1) * 100 +
                                           ENQUEUED(0) * 10 + ENQUEUED(1));
    })";
  struct Case {
    const char *Options;
    size_t W, H;
    bool GiveLocal;
  };
  for (Case C : {Case{"-cl-std=CL3.0", 21, 10, true}, Case{"-cl-std=CL3.0", 13, 7, false},
                 Case{"", 24, 8, true}, Case{"", 16, 12, false}}) {
    SCOPED_TRACE(std::string(C.Options) + " " + std::to_string(C.W) + " x " + std::to_string(C.H));
    cl_program P = built(Source, C.Options);
    cl_int Err;
    cl_kernel K = clCreateKernel(P, "rows", &Err);
    ASSERT_EQ(Err, CL_SUCCESS);
    std::vector<cl_int> In(C.W * C.H), Out(C.W * C.H, -1);
    for (size_t I = 0; I < In.size(); ++I)
      In[I] = cl_int((I * 7 + I / C.W * 3) % 11);
    cl_mem MIn = buffer(In.size() * 4, CL_MEM_COPY_HOST_PTR, In.data());
    cl_mem MOut = buffer(Out.size() * 4, CL_MEM_COPY_HOST_PTR, Out.data());
    const cl_int W = cl_int(C.W);
    clSetKernelArg(K, 0, sizeof MIn, &MIn);
    clSetKernelArg(K, 1, sizeof MOut, &MOut);
    clSetKernelArg(K, 2, sizeof W, &W);
    const size_t Global[2] = {C.W, C.H}, Local[2] = {8, 4};
    cl_command_queue Q = queue();
    ASSERT_EQ(clEnqueueNDRangeKernel(Q, K, 2, nullptr, Global, C.GiveLocal ? Local : nullptr, 0,
                                     nullptr, nullptr),
              CL_SUCCESS);
    ASSERT_EQ(
        clEnqueueReadBuffer(Q, MOut, CL_TRUE, 0, Out.size() * 4, Out.data(), 0, nullptr, nullptr),
        CL_SUCCESS);
    for (size_t Y = 0; Y < C.H; ++Y)
      for (size_t X = 0; X < C.W; ++X) {
        const size_t X0 = X / 8 * 8, Wide = std::min<size_t>(8, C.W - X0);
        const size_t High = std::min<size_t>(4, C.H - Y / 4 * 4);
        cl_int Sum = 0;
        for (size_t I = 0; I < Wide; ++I)
          Sum += In[Y * C.W + X0 + I];
        const cl_int Expected = Sum * 10000 + cl_int(Wide * 1000 + High * 100 + 84);
        ASSERT_EQ(Out[Y * C.W + X], Expected) << "x " << X << ", y " << Y;
      }
    // The required size is 4 in y: a 1D NDRange cannot have it, with or without a local size.
    const size_t Line = C.W, Eight = 8;
    EXPECT_EQ(clEnqueueNDRangeKernel(Q, K, 1, nullptr, &Line, nullptr, 0, nullptr, nullptr),
              CL_INVALID_WORK_GROUP_SIZE);
    EXPECT_EQ(clEnqueueNDRangeKernel(Q, K, 1, nullptr, &Line, &Eight, 0, nullptr, nullptr),
              CL_INVALID_WORK_GROUP_SIZE);
    clReleaseMemObject(MIn);
    clReleaseMemObject(MOut);
    clReleaseKernel(K);
    clReleaseProgram(P);
  }
  // A required size over the device's CL_DEVICE_MAX_WORK_ITEM_SIZES is refused whether the
  // launch gives it or leaves the local size NULL.
  size_t MaxItems[3] = {};
  ASSERT_EQ(
      clGetDeviceInfo(Device, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof MaxItems, MaxItems, nullptr),
      CL_SUCCESS);
  const std::string Wide = std::to_string(MaxItems[0] * 2);
  cl_program P = built(("__attribute__((reqd_work_group_size(" + Wide +
                        ", 1, 1))) kernel void k(global int *o) { o[get_global_id(0)] = 1; }")
                           .c_str());
  cl_int Err;
  cl_kernel K = clCreateKernel(P, "k", &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  cl_mem Out = buffer(64);
  clSetKernelArg(K, 0, sizeof Out, &Out);
  const size_t Global = MaxItems[0] * 2;
  EXPECT_EQ(clEnqueueNDRangeKernel(queue(), K, 1, nullptr, &Global, nullptr, 0, nullptr, nullptr),
            CL_INVALID_WORK_ITEM_SIZE);
  EXPECT_EQ(clEnqueueNDRangeKernel(queue(), K, 1, nullptr, &Global, &Global, 0, nullptr, nullptr),
            CL_INVALID_WORK_ITEM_SIZE);
  clReleaseMemObject(Out);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

TEST_F(KernelApi, CompileWithHeadersThenLink) {
  cl_program Header = program("#define SCALE 3\n");
  cl_program Main = program("#include \"inc/scale.h\"\n"
                            "kernel void k(global int *o) { o[get_global_id(0)] = SCALE * "
                            "(int)get_global_id(0); }");
  const char *Names[] = {"inc/scale.h"};
  ASSERT_EQ(clCompileProgram(Main, 1, &Device, "", 1, &Header, Names, nullptr, nullptr),
            CL_SUCCESS)
      << log(Main);
  cl_program_binary_type Type;
  clGetProgramBuildInfo(Main, Device, CL_PROGRAM_BINARY_TYPE, sizeof Type, &Type, nullptr);
  EXPECT_EQ(Type, cl_program_binary_type(CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT));
  cl_int Err;
  EXPECT_EQ(clCreateKernel(Main, "k", &Err), nullptr) << "a compiled object is not executable";
  EXPECT_EQ(Err, CL_INVALID_PROGRAM_EXECUTABLE);
  cl_program Exe = clLinkProgram(Ctx, 1, &Device, "", 1, &Main, nullptr, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  clGetProgramBuildInfo(Exe, Device, CL_PROGRAM_BINARY_TYPE, sizeof Type, &Type, nullptr);
  EXPECT_EQ(Type, cl_program_binary_type(CL_PROGRAM_BINARY_TYPE_EXECUTABLE));
  std::vector<int> R = runIntKernel(Ctx, Device, Exe, 8);
  for (int I = 0; I < 8; ++I)
    EXPECT_EQ(R[I], 3 * I);
  // Without the header the same source does not compile.
  cl_program Lonely = program("#include \"inc/scale.h\"\nkernel void k(global int *o){}");
  EXPECT_EQ(clCompileProgram(Lonely, 0, nullptr, "", 0, nullptr, nullptr, nullptr, nullptr),
            CL_COMPILE_PROGRAM_FAILURE);
  EXPECT_NE(log(Lonely).find("inc/scale.h"), std::string::npos) << log(Lonely);
  EXPECT_EQ(clCompileProgram(Lonely, 0, nullptr, "-cl-bogus", 0, nullptr, nullptr, nullptr,
                             nullptr),
            CL_INVALID_COMPILER_OPTIONS);
  EXPECT_EQ(clCompileProgram(Lonely, 0, nullptr, "", 1, nullptr, Names, nullptr, nullptr),
            CL_INVALID_VALUE);
  for (cl_program X : {Header, Main, Exe, Lonely})
    clReleaseProgram(X);
}

TEST_F(KernelApi, LibrariesAndLinkErrors) {
  cl_program Helper = program("int twice(int x) { return 2 * x; }");
  cl_program User = program("int twice(int x);\n"
                            "kernel void k(global int *o) { o[get_global_id(0)] = "
                            "twice((int)get_global_id(0)) + 1; }");
  ASSERT_EQ(clCompileProgram(Helper, 0, nullptr, "", 0, nullptr, nullptr, nullptr, nullptr),
            CL_SUCCESS);
  ASSERT_EQ(clCompileProgram(User, 0, nullptr, "", 0, nullptr, nullptr, nullptr, nullptr),
            CL_SUCCESS);
  cl_int Err;
  cl_program Lib = clLinkProgram(Ctx, 0, nullptr, "-create-library -enable-link-options", 1,
                                 &Helper, nullptr, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  cl_program_binary_type Type;
  clGetProgramBuildInfo(Lib, Device, CL_PROGRAM_BINARY_TYPE, sizeof Type, &Type, nullptr);
  EXPECT_EQ(Type, cl_program_binary_type(CL_PROGRAM_BINARY_TYPE_LIBRARY));
  cl_program Both[] = {Lib, User};
  cl_program Exe = clLinkProgram(Ctx, 0, nullptr, "-cl-fast-relaxed-math", 2, Both, nullptr,
                                 nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  std::vector<int> R = runIntKernel(Ctx, Device, Exe, 16);
  for (int I = 0; I < 16; ++I)
    EXPECT_EQ(R[I], 2 * I + 1);
  // Errors.
  EXPECT_EQ(clLinkProgram(Ctx, 0, nullptr, "-bogus", 1, &User, nullptr, nullptr, &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_LINKER_OPTIONS);
  EXPECT_EQ(clLinkProgram(Ctx, 0, nullptr, "-enable-link-options", 1, &User, nullptr, nullptr,
                          &Err),
            nullptr);
  EXPECT_EQ(Err, CL_INVALID_LINKER_OPTIONS);
  cl_program SourceOnly = program("kernel void k(global int *o) {}");
  EXPECT_EQ(clLinkProgram(Ctx, 0, nullptr, "", 1, &SourceOnly, nullptr, nullptr, &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_OPERATION);
  EXPECT_EQ(clLinkProgram(Ctx, 0, nullptr, "", 0, nullptr, nullptr, nullptr, &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_VALUE);
  // Two definitions of one kernel: the link fails, and the program with its log is returned.
  cl_program Twice[] = {User, User};
  cl_program Failed = clLinkProgram(Ctx, 0, nullptr, "", 2, Twice, nullptr, nullptr, &Err);
  EXPECT_EQ(Err, CL_LINK_PROGRAM_FAILURE);
  ASSERT_NE(Failed, nullptr);
  EXPECT_EQ(status(Failed), CL_BUILD_ERROR);
  EXPECT_FALSE(log(Failed).empty());
  // A linked program has no source to build again.
  EXPECT_EQ(clBuildProgram(Exe, 0, nullptr, "", nullptr, nullptr), CL_INVALID_OPERATION);
  for (cl_program X : {Helper, User, Lib, Exe, SourceOnly, Failed})
    clReleaseProgram(X);
}

// Every power-of-two group size: each round's `if (l < step)` is a test weft-split-work-item-ranges
// splits the work-item loop at, a different place in each round and group size.
TEST_F(KernelApi, LocalMemoryReductionWithBarriers) {
  cl_program P = built(R"(
    kernel void reduce(global const uint *in, global uint *out, local uint *tile) {
      size_t l = get_local_id(0);
      tile[l] = in[get_global_id(0)];
      barrier(CLK_LOCAL_MEM_FENCE);
      for (size_t step = get_local_size(0) / 2; step > 0; step >>= 1) {
        if (l < step)
          tile[l] += tile[l + step];
        barrier(CLK_LOCAL_MEM_FENCE);
      }
      if (l == 0)
        out[get_group_id(0)] = tile[0];
    })");
  cl_int Err;
  cl_kernel K = clCreateKernel(P, "reduce", &Err);
  const size_t N = 1 << 18;
  std::vector<cl_uint> In(N);
  for (size_t I = 0; I < N; ++I)
    In[I] = cl_uint(I % 1000);
  cl_mem MIn = buffer(N * 4, CL_MEM_COPY_HOST_PTR, In.data());
  cl_mem MOut = buffer(N * 4);
  size_t MaxGroup = 0;
  ASSERT_EQ(clGetKernelWorkGroupInfo(K, Device, CL_KERNEL_WORK_GROUP_SIZE, sizeof MaxGroup,
                                     &MaxGroup, nullptr),
            CL_SUCCESS);
  EXPECT_GE(MaxGroup, 1024u);
  cl_command_queue Q = queue();
  for (size_t Local = 1; Local <= 1024; Local *= 2) {
    const size_t Groups = N / Local;
    clSetKernelArg(K, 0, sizeof MIn, &MIn);
    clSetKernelArg(K, 1, sizeof MOut, &MOut);
    ASSERT_EQ(clSetKernelArg(K, 2, Local * sizeof(cl_uint), nullptr), CL_SUCCESS);
    ASSERT_EQ(clEnqueueNDRangeKernel(Q, K, 1, nullptr, &N, &Local, 0, nullptr, nullptr),
              CL_SUCCESS);
    std::vector<cl_uint> Out(Groups);
    ASSERT_EQ(clEnqueueReadBuffer(Q, MOut, CL_TRUE, 0, Groups * 4, Out.data(), 0, nullptr, nullptr),
              CL_SUCCESS);
    for (size_t G = 0; G < Groups; ++G) {
      cl_uint Expected = 0;
      for (size_t I = 0; I < Local; ++I)
        Expected += In[G * Local + I];
      ASSERT_EQ(Out[G], Expected) << "groups of " << Local << ", group " << G;
    }
  }
  clReleaseMemObject(MIn);
  clReleaseMemObject(MOut);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

TEST_F(KernelApi, BinariesRoundTrip) {
  cl_program Source = built("kernel void k(global int *o) { o[get_global_id(0)] = "
                            "7 * (int)get_global_id(0) + FROM_OPTION; }",
                            "-D FROM_OPTION=5");
  std::vector<unsigned char> Bytes = binaryOf(Source);
  ASSERT_GT(Bytes.size(), 64u);
  const unsigned char *Ptr = Bytes.data();
  size_t Size = Bytes.size();
  cl_int Status = 99, Err;
  cl_program FromBinary = clCreateProgramWithBinary(Ctx, 1, &Device, &Size, &Ptr, &Status, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  EXPECT_EQ(Status, CL_SUCCESS);
  cl_program_binary_type Type;
  clGetProgramBuildInfo(FromBinary, Device, CL_PROGRAM_BINARY_TYPE, sizeof Type, &Type, nullptr);
  EXPECT_EQ(Type, cl_program_binary_type(CL_PROGRAM_BINARY_TYPE_EXECUTABLE));
  // A program from a binary must still be built before its kernels exist.
  EXPECT_EQ(clCreateKernel(FromBinary, "k", &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_PROGRAM_EXECUTABLE);
  ASSERT_EQ(clBuildProgram(FromBinary, 1, &Device, "", nullptr, nullptr), CL_SUCCESS)
      << log(FromBinary);
  std::vector<int> R = runIntKernel(Ctx, Device, FromBinary, 32);
  for (int I = 0; I < 32; ++I)
    ASSERT_EQ(R[I], 7 * I + 5);
  // A compiled object's binary can be linked after a round trip.
  cl_program Object = program("kernel void k(global int *o) { o[get_global_id(0)] = 9; }");
  ASSERT_EQ(clCompileProgram(Object, 0, nullptr, "", 0, nullptr, nullptr, nullptr, nullptr),
            CL_SUCCESS);
  std::vector<unsigned char> ObjectBytes = binaryOf(Object);
  const unsigned char *ObjectPtr = ObjectBytes.data();
  size_t ObjectSize = ObjectBytes.size();
  cl_program Reloaded = clCreateProgramWithBinary(Ctx, 1, &Device, &ObjectSize, &ObjectPtr,
                                                  nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  clGetProgramBuildInfo(Reloaded, Device, CL_PROGRAM_BINARY_TYPE, sizeof Type, &Type, nullptr);
  EXPECT_EQ(Type, cl_program_binary_type(CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT));
  cl_program Linked = clLinkProgram(Ctx, 0, nullptr, "", 1, &Reloaded, nullptr, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  EXPECT_EQ(runIntKernel(Ctx, Device, Linked, 4), (std::vector<int>{9, 9, 9, 9}));
  for (cl_program X : {Source, FromBinary, Object, Reloaded, Linked})
    clReleaseProgram(X);
}

TEST_F(KernelApi, CorruptBinariesAreInvalidNotCrashes) {
  cl_program Source = built("kernel void k(global int *o) { o[0] = 1; }");
  std::vector<unsigned char> Good = binaryOf(Source);
  auto Try = [&](std::vector<unsigned char> Bytes) {
    const unsigned char *Ptr = Bytes.data();
    size_t Size = Bytes.size();
    cl_int Status = 99, Err = 99;
    cl_program P = clCreateProgramWithBinary(Ctx, 1, &Device, &Size, &Ptr, &Status, &Err);
    EXPECT_EQ(P, nullptr);
    EXPECT_EQ(Err, CL_INVALID_BINARY);
    EXPECT_EQ(Status, CL_INVALID_BINARY);
  };
  for (size_t At : {size_t(0), size_t(9), size_t(13), size_t(20), Good.size() / 2, Good.size() - 1}) {
    std::vector<unsigned char> Bad = Good;
    Bad[At] ^= 0x55;
    Try(Bad);
  }
  Try(std::vector<unsigned char>(Good.begin(), Good.begin() + Good.size() / 3));
  Try(std::vector<unsigned char>(200, 0xab));
  const char Spirv[] = "\x03\x02\x23\x07 not a Weft binary";
  Try(std::vector<unsigned char>(Spirv, Spirv + sizeof Spirv));
  // Argument errors.
  cl_int Err;
  const unsigned char *Ptr = Good.data();
  size_t Size = Good.size(), Zero = 0;
  EXPECT_EQ(clCreateProgramWithBinary(Ctx, 0, &Device, &Size, &Ptr, nullptr, &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_VALUE);
  EXPECT_EQ(clCreateProgramWithBinary(Ctx, 1, &Device, &Zero, &Ptr, nullptr, &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_VALUE);
  EXPECT_EQ(clCreateProgramWithBinary(Ctx, 1, &Device, &Size, nullptr, nullptr, &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_VALUE);
  clReleaseProgram(Source);
}

// CTS test_basic local_kernel_def: a kernel whose __local variables take all of
// CL_DEVICE_LOCAL_MEM_SIZE, with barriers, runs. The values Weft keeps in local memory across
// barriers are its own, not the program's budget.
TEST_F(KernelApi, LocalKernelDefTakesAllLocalMemoryAcrossBarriers) {
  cl_ulong LocalMem = 0;
  ASSERT_EQ(clGetDeviceInfo(Device, CL_DEVICE_LOCAL_MEM_SIZE, sizeof LocalMem, &LocalMem, nullptr),
            CL_SUCCESS);
  const size_t Words = LocalMem / sizeof(cl_uint), Local = 64;
  const std::string Options = "-DWORDS=" + std::to_string(Words);
  // The sum of each group's inputs, through a tile of every local word: uniform values (the
  // loop bound, the group's base) cross the barriers.
  cl_program P = built(R"(
    kernel void sum(global const uint *in, global uint *out, uint rounds) {
      local uint tile[WORDS];
      size_t l = get_local_id(0), n = get_local_size(0);
      for (size_t i = l; i < WORDS; i += n)
        tile[i] = 0;
      barrier(CLK_LOCAL_MEM_FENCE);
      for (uint r = 0; r < rounds; ++r) {
        tile[WORDS - 1 - l] += in[get_global_id(0)];
        barrier(CLK_LOCAL_MEM_FENCE);
      }
      if (l == 0) {
        uint s = 0;
        for (size_t i = 0; i < WORDS; ++i)
          s += tile[i];
        out[get_group_id(0)] = s;
      }
    })",
                       Options.c_str());
  cl_int Err;
  cl_kernel K = clCreateKernel(P, "sum", &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  cl_ulong KernelLocal = 0;
  ASSERT_EQ(clGetKernelWorkGroupInfo(K, Device, CL_KERNEL_LOCAL_MEM_SIZE, sizeof KernelLocal,
                                     &KernelLocal, nullptr),
            CL_SUCCESS);
  // The spec counts "local memory that may be needed by an implementation" too: the kernel's
  // 32 KiB and Weft's slots for the values that cross its barriers, which the device has on top.
  EXPECT_GT(KernelLocal, LocalMem);
  EXPECT_LE(KernelLocal, LocalMem + 256);
  const size_t Groups = 8, N = Groups * Local;
  std::vector<cl_uint> In(N);
  for (size_t I = 0; I < N; ++I)
    In[I] = cl_uint(I * 7 + 1);
  cl_mem MIn = buffer(N * 4, CL_MEM_COPY_HOST_PTR, In.data());
  cl_mem MOut = buffer(Groups * 4);
  const cl_uint Rounds = 3;
  setArgs(K, MIn, MOut, Rounds);
  cl_command_queue Q = queue();
  run(Q, K, N, Local);
  std::vector<cl_uint> Out = read<cl_uint>(Q, MOut, Groups);
  for (size_t G = 0; G < Groups; ++G) {
    cl_uint Expected = 0;
    for (size_t I = 0; I < Local; ++I)
      Expected += Rounds * In[G * Local + I];
    EXPECT_EQ(Out[G], Expected) << G;
  }
  // More than the device reports runs too (CTS test_half's vstorea_half kernels need 64 KiB): a
  // __local argument as large again as the reported size beside the tile, every byte of both
  // written and summed. A request beyond what memory could hold is refused.
  cl_program Over = built(R"(
    kernel void over(local uchar *extra, uint extraBytes, global uint *out) {
      local uint tile[WORDS];
      size_t l = get_local_id(0), n = get_local_size(0);
      for (size_t i = l; i < WORDS; i += n)
        tile[i] = i;
      for (size_t i = l; i < extraBytes; i += n)
        extra[i] = (uchar)i;
      barrier(CLK_LOCAL_MEM_FENCE);
      if (l == 0) {
        uint s = 0;
        for (size_t i = 0; i < WORDS; ++i)
          s += tile[i];
        for (size_t i = 0; i < extraBytes; ++i)
          s += extra[i];
        *out = s;
      }
    })",
                          Options.c_str());
  cl_kernel KOver = clCreateKernel(Over, "over", &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  const cl_uint ExtraBytes = cl_uint(LocalMem);
  cl_mem MSum = buffer(4);
  ASSERT_EQ(clSetKernelArg(KOver, 0, ExtraBytes, nullptr), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(KOver, 1, sizeof ExtraBytes, &ExtraBytes), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(KOver, 2, sizeof MSum, &MSum), CL_SUCCESS);
  run(Q, KOver, Local, Local);
  cl_uint Expected = 0;
  for (size_t I = 0; I < Words; ++I)
    Expected += cl_uint(I);
  for (size_t I = 0; I < ExtraBytes; ++I)
    Expected += cl_uint(I & 0xff);
  EXPECT_EQ(read<cl_uint>(Q, MSum, 1)[0], Expected);
  ASSERT_EQ(clSetKernelArg(KOver, 0, size_t(1) << 40, nullptr), CL_SUCCESS);
  size_t One = 1;
  EXPECT_EQ(clEnqueueNDRangeKernel(Q, KOver, 1, nullptr, &One, &One, 0, nullptr, nullptr),
            CL_OUT_OF_RESOURCES);
  clReleaseMemObject(MSum);
  clReleaseKernel(KOver);
  clReleaseProgram(Over);
  clReleaseMemObject(MIn);
  clReleaseMemObject(MOut);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

TEST_F(KernelApi, OpenCL11ExtensionsAreReported) {
  std::string Ext = deviceString(Device, CL_DEVICE_EXTENSIONS);
  for (const char *E : {"cl_khr_byte_addressable_store", "cl_khr_global_int32_base_atomics",
                        "cl_khr_global_int32_extended_atomics", "cl_khr_local_int32_base_atomics",
                        "cl_khr_local_int32_extended_atomics"})
    EXPECT_NE(Ext.find(E), std::string::npos) << E;
  // Kernels see them as macros.
  cl_program P = built("#ifndef cl_khr_global_int32_base_atomics\n#error missing\n#endif\n"
                       "kernel void k() {}");
  clReleaseProgram(P);
}

TEST_F(KernelApi, KernelsCallingKernelsAndGeometry) {
  // A kernel called by another runs as a function there (CTS compiler/*_link tests do this across
  // modules), and the geometric built-ins.
  cl_program Lib = program("kernel void scale(global float *v) {"
                           "  v[get_global_id(0)] *= 2.0f; }");
  cl_program Main = program("extern kernel void scale(global float *v);\n"
                            "kernel void k(global float *v) {"
                            "  scale(v);"
                            "  size_t i = get_global_id(0);"
                            "  float4 p = (float4)(v[i], 1.0f, 2.0f, 0.0f);"
                            "  v[i] = dot(p, p) + length((float2)(3.0f, 4.0f))"
                            "         + normalize((float3)(0.0f, 0.0f, 9.0f)).z; }");
  ASSERT_EQ(clCompileProgram(Lib, 0, nullptr, "", 0, nullptr, nullptr, nullptr, nullptr), CL_SUCCESS);
  ASSERT_EQ(clCompileProgram(Main, 0, nullptr, "", 0, nullptr, nullptr, nullptr, nullptr),
            CL_SUCCESS)
      << log(Main);
  cl_program Both[] = {Lib, Main};
  cl_int Err;
  cl_program Exe = clLinkProgram(Ctx, 0, nullptr, "", 2, Both, nullptr, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS) << log(Exe);
  cl_kernel K = clCreateKernel(Exe, "k", &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  std::vector<float> V = {1, 2, 3, 4};
  cl_mem M = buffer(16, CL_MEM_COPY_HOST_PTR, V.data());
  clSetKernelArg(K, 0, sizeof M, &M);
  size_t N = 4;
  cl_command_queue Q = queue();
  ASSERT_EQ(clEnqueueNDRangeKernel(Q, K, 1, nullptr, &N, nullptr, 0, nullptr, nullptr), CL_SUCCESS);
  clEnqueueReadBuffer(Q, M, CL_TRUE, 0, 16, V.data(), 0, nullptr, nullptr);
  for (int I = 0; I < 4; ++I) {
    float X = 2.0f * float(I + 1);
    EXPECT_FLOAT_EQ(V[I], X * X + 1 + 4 + 5 + 1) << I;
  }
  // The called kernel is still a kernel of its own.
  cl_kernel Scale = clCreateKernel(Exe, "scale", &Err);
  EXPECT_EQ(Err, CL_SUCCESS);
  clReleaseKernel(Scale);
  clReleaseMemObject(M);
  clReleaseKernel(K);
  for (cl_program X : {Lib, Main, Exe})
    clReleaseProgram(X);
}

TEST_F(KernelApi, CompatibilityOptionsAndInt64Feature) {
  for (const char *Options : {"-cl-single-precision-constant", "-cl-strict-aliasing",
                              "-cl-std=CL3.0 -cl-no-subgroup-ifp"}) {
    cl_program P = built("kernel void k(global float *f) { f[0] = 1.5 * f[1]; }", Options);
    clReleaseProgram(P);
  }
  size_t Size = 0;
  clGetDeviceInfo(Device, CL_DEVICE_OPENCL_C_FEATURES, 0, nullptr, &Size);
  std::vector<cl_name_version> Features(Size / sizeof(cl_name_version));
  clGetDeviceInfo(Device, CL_DEVICE_OPENCL_C_FEATURES, Size, Features.data(), nullptr);
  bool Int64 = false, Fp64 = false;
  for (const cl_name_version &F : Features) {
    Int64 = Int64 || std::string(F.name) == "__opencl_c_int64";
    Fp64 = Fp64 || std::string(F.name) == "__opencl_c_fp64";
  }
  EXPECT_TRUE(Int64);
  EXPECT_TRUE(Fp64);
  cl_program P = built("#ifndef __opencl_c_int64\n#error\n#endif\n"
                       "#if !defined(__opencl_c_fp64) || !defined(cl_khr_fp64)\n#error\n#endif\n"
                       "#ifndef __opencl_c_generic_address_space\n#error not defined\n#endif\n"
                       "#ifdef __opencl_c_pipes\n#error not reported\n#endif\n"
                       "kernel void k(global long *l) { l[0] = l[1] * 3000000000L; }",
                       "-cl-std=CL3.0");
  clReleaseProgram(P);
}

// Regression (CTS basic/vector_swizzle crashed the process): wide vectors passed by value are loaded
// with aligned vector instructions, so the argument buffer must be aligned for them.
TEST_F(KernelApi, WideVectorArgumentsByValue) {
  cl_program P = built("kernel void k(short16 s, long16 l, float8 f, global long *out) {"
                       "  out[0] = s.s0 + s.sf; out[1] = l.s0 + l.sf; out[2] = (long)(f.s0 + f.s7); }");
  cl_kernel K = clCreateKernel(P, "k", nullptr);
  cl_short16 S{};
  cl_long16 L{};
  cl_float8 F{};
  S.s[0] = 3; S.s[15] = 4;
  L.s[0] = 1000000000000; L.s[15] = 5;
  F.s[0] = 1.5f; F.s[7] = 2.5f;
  cl_mem Out = buffer(3 * sizeof(cl_long));
  ASSERT_EQ(clSetKernelArg(K, 0, sizeof S, &S), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(K, 1, sizeof L, &L), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(K, 2, sizeof F, &F), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(K, 3, sizeof Out, &Out), CL_SUCCESS);
  cl_command_queue Q = queue();
  for (int Round = 0; Round < 20; ++Round) // the buffer's alignment used to depend on malloc's luck
    ASSERT_EQ(clEnqueueTask(Q, K, 0, nullptr, nullptr), CL_SUCCESS);
  const std::vector<cl_long> R = read<cl_long>(Q, Out, 3);
  EXPECT_EQ(R[0], 7);
  EXPECT_EQ(R[1], 1000000000005);
  EXPECT_EQ(R[2], 4);
  clReleaseMemObject(Out);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

// A work-group of 4096 work-items, each with a 1 KiB private array live across a barrier, runs:
// the arrays live in the work-group's heap scratch, not on a stack. (Far bigger arrays lower
// CL_KERNEL_WORK_GROUP_SIZE instead: PrivateMemoryLimitsTheWorkGroupSize.)
TEST_F(KernelApi, KibibytePrivateArraysAcrossABarrierIn4096WorkItems) {
  cl_program P = built(R"(
    kernel void k(global int *out) {
      local int shared[4096];
      int priv[256];
      size_t l = get_local_id(0);
      for (int i = 0; i < 256; ++i)
        priv[i] = (int)l + i;
      shared[l] = (int)l;
      barrier(CLK_LOCAL_MEM_FENCE);
      int s = 0;
      for (int i = 0; i < 256; ++i)
        s += priv[(i + l) & 255];
      out[get_global_id(0)] = s + shared[(l + 1) % get_local_size(0)];
    })");
  cl_kernel K = clCreateKernel(P, "k", nullptr);
  size_t MaxLocal = 0;
  cl_ulong Private = 0;
  ASSERT_EQ(clGetKernelWorkGroupInfo(K, Device, CL_KERNEL_WORK_GROUP_SIZE, sizeof MaxLocal, &MaxLocal, nullptr),
            CL_SUCCESS);
  ASSERT_EQ(clGetKernelWorkGroupInfo(K, Device, CL_KERNEL_PRIVATE_MEM_SIZE, sizeof Private, &Private, nullptr),
            CL_SUCCESS);
  EXPECT_GE(Private, 1024u) << "the private array must count";
  const size_t Local = 4096, Global = 2 * Local;
  cl_mem Out = buffer(Global * sizeof(int));
  clSetKernelArg(K, 0, sizeof Out, &Out);
  cl_command_queue Q = queue();
  ASSERT_GE(MaxLocal, Local);
  ASSERT_EQ(clEnqueueNDRangeKernel(Q, K, 1, nullptr, &Global, &Local, 0, nullptr, nullptr), CL_SUCCESS);
  std::vector<int> Result(Global);
  ASSERT_EQ(clEnqueueReadBuffer(Q, Out, CL_TRUE, 0, Global * sizeof(int), Result.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  for (size_t I = 0; I < Global; ++I) {
    int L = int(I % Local);
    ASSERT_EQ(Result[I], 256 * L + 255 * 128 + (L + 1) % int(Local)) << I;
  }
  clReleaseMemObject(Out);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

// A 256 KiB private array live across a barrier: CL_KERNEL_WORK_GROUP_SIZE shrinks so that a
// work-group's scratch stays bounded, and a bigger local size is refused, never run out of memory.
TEST_F(KernelApi, PrivateMemoryLimitsTheWorkGroupSize) {
  cl_program P = built(R"(
    kernel void k(global int *out) {
      int priv[65536];
      size_t l = get_local_id(0);
      for (int i = 0; i < 65536; ++i)
        priv[i] = (int)l ^ i;
      barrier(CLK_LOCAL_MEM_FENCE);
      out[get_global_id(0)] = priv[(l * 7) & 65535];
    })");
  cl_kernel K = clCreateKernel(P, "k", nullptr);
  size_t MaxLocal = 0;
  ASSERT_EQ(clGetKernelWorkGroupInfo(K, Device, CL_KERNEL_WORK_GROUP_SIZE, sizeof MaxLocal, &MaxLocal, nullptr),
            CL_SUCCESS);
  EXPECT_GE(MaxLocal, 1u);
  EXPECT_LT(MaxLocal, 4096u);
  cl_mem Out = buffer(4096 * sizeof(int));
  clSetKernelArg(K, 0, sizeof Out, &Out);
  cl_command_queue Q = queue();
  size_t Global = 4096, Local = 4096;
  EXPECT_EQ(clEnqueueNDRangeKernel(Q, K, 1, nullptr, &Global, &Local, 0, nullptr, nullptr),
            CL_INVALID_WORK_GROUP_SIZE);
  // The largest allowed size runs.
  Global = MaxLocal;
  ASSERT_EQ(clEnqueueNDRangeKernel(Q, K, 1, nullptr, &Global, &MaxLocal, 0, nullptr, nullptr), CL_SUCCESS);
  std::vector<int> Result(MaxLocal);
  ASSERT_EQ(clEnqueueReadBuffer(Q, Out, CL_TRUE, 0, MaxLocal * sizeof(int), Result.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  for (size_t L = 0; L < MaxLocal; ++L)
    ASSERT_EQ(Result[L], int(L ^ ((L * 7) & 65535))) << L;
  clReleaseMemObject(Out);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

// Program-scope __global variables (OpenCL C 3.0, __opencl_c_program_scope_global_variables):
// initialized, persistent across launches, one copy per program, pointers to them initialized too.
TEST_F(KernelApi, ProgramScopeGlobalVariables) {
  const char *Source = R"(
    global int counter = 5;
    global float table[4] = {1.0f, 2.0f, 3.0f, 4.0f};
    global int *ptr = &counter;
    kernel void bump(global int *out) {
      static global int calls;           // function scope, zero-initialized
      counter += 1;
      *ptr += 10;
      ++calls;
      out[0] = counter;
      out[1] = (int)table[2];
      out[2] = calls;
    }
    // A second kernel (compiled in another part of the program where the compiler splits it by
    // kernel) sees the same variables.
    constant int weights[3] = {100, 10, 1};
    kernel void peek(global int *out) { out[0] = counter * weights[0] + (int)table[3] * weights[2]; })";
  cl_program P = built(Source, "-cl-std=CL3.0");
  size_t Total = 0;
  ASSERT_EQ(clGetProgramBuildInfo(P, Device, CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE, sizeof Total, &Total,
                                  nullptr),
            CL_SUCCESS);
  EXPECT_GE(Total, 4u + 16u + 8u + 4u);
  cl_command_queue Q = queue();
  cl_mem Out = buffer(3 * sizeof(int));
  auto Launch = [&](cl_program Prog) {
    cl_kernel K = clCreateKernel(Prog, "bump", nullptr);
    clSetKernelArg(K, 0, sizeof Out, &Out);
    size_t One = 1;
    EXPECT_EQ(clEnqueueNDRangeKernel(Q, K, 1, nullptr, &One, &One, 0, nullptr, nullptr), CL_SUCCESS);
    std::array<int, 3> R{};
    EXPECT_EQ(clEnqueueReadBuffer(Q, Out, CL_TRUE, 0, sizeof R, R.data(), 0, nullptr, nullptr), CL_SUCCESS);
    clReleaseKernel(K);
    return R;
  };
  EXPECT_EQ(Launch(P), (std::array<int, 3>{16, 3, 1}));
  EXPECT_EQ(Launch(P), (std::array<int, 3>{27, 3, 2})) << "the variables keep their values between launches";
  {
    cl_kernel Peek = clCreateKernel(P, "peek", nullptr);
    clSetKernelArg(Peek, 0, sizeof Out, &Out);
    size_t One = 1;
    ASSERT_EQ(clEnqueueNDRangeKernel(Q, Peek, 1, nullptr, &One, &One, 0, nullptr, nullptr), CL_SUCCESS);
    int Seen = 0;
    ASSERT_EQ(clEnqueueReadBuffer(Q, Out, CL_TRUE, 0, sizeof Seen, &Seen, 0, nullptr, nullptr), CL_SUCCESS);
    EXPECT_EQ(Seen, 27 * 100 + 4);
    clReleaseKernel(Peek);
  }
  cl_program Other = built(Source, "-cl-std=CL3.0");
  EXPECT_EQ(Launch(Other), (std::array<int, 3>{16, 3, 1})) << "another program has its own copy";
  // OpenCL C 1.2 has no program-scope global variables.
  cl_program Old = program(Source);
  EXPECT_EQ(clBuildProgram(Old, 1, &Device, "-cl-std=CL1.2", nullptr, nullptr), CL_BUILD_PROGRAM_FAILURE);
  clReleaseProgram(Old);
  clReleaseProgram(Other);
  clReleaseMemObject(Out);
  clReleaseProgram(P);
}

// The predefined macros of OpenCL C 6.12 (CTS basic/kernel_preprocessor_macros).
TEST_F(KernelApi, PredefinedMacros) {
  const char *Source = R"(
    #if !defined(__OPENCL_VERSION__) || __OPENCL_VERSION__ != 300
    #error __OPENCL_VERSION__
    #endif
    #if !defined(__ENDIAN_LITTLE__) || !defined(__kernel_exec) || !defined(CL_VERSION_1_2)
    #error little endian, __kernel_exec, CL_VERSION_1_2
    #endif
    #ifndef __IMAGE_SUPPORT__
    #error __IMAGE_SUPPORT__
    #endif
    #if defined(EXPECT_FAST) != defined(__FAST_RELAXED_MATH__)
    #error __FAST_RELAXED_MATH__
    #endif
    #if __OPENCL_C_VERSION__ != EXPECT_C_VERSION
    #error __OPENCL_C_VERSION__
    #endif
    kernel void k(global int *out) { out[0] = __LINE__; })";
  for (const char *Options : {"-DEXPECT_C_VERSION=120", "-cl-std=CL1.2 -DEXPECT_C_VERSION=120",
                              "-cl-std=CL3.0 -DEXPECT_C_VERSION=300",
                              "-cl-fast-relaxed-math -DEXPECT_FAST -DEXPECT_C_VERSION=120"}) {
    SCOPED_TRACE(Options);
    clReleaseProgram(built(Source, Options));
  }
}

struct NativeArgs {
  int *Data;      // replaced by the buffer's pointer
  int Count;
  int *Other;     // another buffer
  std::thread::id *Thread;
};

void CL_CALLBACK nativeDouble(void *Raw) {
  auto *A = static_cast<NativeArgs *>(Raw);
  for (int I = 0; I < A->Count; ++I)
    A->Data[I] = 2 * A->Data[I] + A->Other[I];
  *A->Thread = std::this_thread::get_id();
}

// clEnqueueNativeKernel: args copied, memory objects translated to their storage, the function
// run as a command of the queue (not on the enqueuing thread), and every error the spec lists.
TEST_F(KernelApi, NativeKernelsTranslateMemoryObjects) {
  cl_device_exec_capabilities Caps = 0;
  clGetDeviceInfo(Device, CL_DEVICE_EXECUTION_CAPABILITIES, sizeof Caps, &Caps, nullptr);
  ASSERT_TRUE(Caps & CL_EXEC_NATIVE_KERNEL);
  const int N = 64;
  std::vector<int> Data(N), Other(N);
  for (int I = 0; I < N; ++I) {
    Data[I] = I;
    Other[I] = 1000;
  }
  cl_mem MD = buffer(N * 4, CL_MEM_COPY_HOST_PTR, Data.data()), MO = buffer(N * 4, CL_MEM_COPY_HOST_PTR, Other.data());
  std::thread::id Ran;
  NativeArgs A{nullptr, N, nullptr, &Ran};
  cl_mem Mems[] = {MD, MO};
  const void *Locs[] = {&A.Data, &A.Other};
  cl_command_queue Q = queue();
  cl_event E = nullptr;
  ASSERT_EQ(clEnqueueNativeKernel(Q, nativeDouble, &A, sizeof A, 2, Mems, Locs, 0, nullptr, &E), CL_SUCCESS);
  A.Count = 0; // the command has its own copy of args
  ASSERT_EQ(clWaitForEvents(1, &E), CL_SUCCESS);
  cl_command_type Type = 0;
  clGetEventInfo(E, CL_EVENT_COMMAND_TYPE, sizeof Type, &Type, nullptr);
  EXPECT_EQ(Type, cl_command_type(CL_COMMAND_NATIVE_KERNEL));
  clReleaseEvent(E);
  ASSERT_EQ(clEnqueueReadBuffer(Q, MD, CL_TRUE, 0, N * 4, Data.data(), 0, nullptr, nullptr), CL_SUCCESS);
  for (int I = 0; I < N; ++I)
    ASSERT_EQ(Data[I], 2 * I + 1000) << I;
  EXPECT_NE(Ran, std::this_thread::get_id());
  EXPECT_EQ(A.Data, nullptr) << "the application's args are left alone";

  // Errors.
  A.Count = N;
  EXPECT_EQ(clEnqueueNativeKernel(nullptr, nativeDouble, &A, sizeof A, 2, Mems, Locs, 0, nullptr, nullptr),
            CL_INVALID_COMMAND_QUEUE);
  EXPECT_EQ(clEnqueueNativeKernel(Q, nullptr, &A, sizeof A, 2, Mems, Locs, 0, nullptr, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueNativeKernel(Q, nativeDouble, nullptr, sizeof A, 0, nullptr, nullptr, 0, nullptr, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueNativeKernel(Q, nativeDouble, &A, 0, 0, nullptr, nullptr, 0, nullptr, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueNativeKernel(Q, nativeDouble, &A, sizeof A, 2, nullptr, Locs, 0, nullptr, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueNativeKernel(Q, nativeDouble, &A, sizeof A, 0, Mems, nullptr, 0, nullptr, nullptr),
            CL_INVALID_VALUE);
  int Outside = 0;
  const void *BadLocs[] = {&Outside, &A.Other};
  EXPECT_EQ(clEnqueueNativeKernel(Q, nativeDouble, &A, sizeof A, 2, Mems, BadLocs, 0, nullptr, nullptr),
            CL_INVALID_VALUE);
  cl_mem BadMems[] = {MD, reinterpret_cast<cl_mem>(Q)};
  EXPECT_EQ(clEnqueueNativeKernel(Q, nativeDouble, &A, sizeof A, 2, BadMems, Locs, 0, nullptr, nullptr),
            CL_INVALID_MEM_OBJECT);
  cl_event Bad = reinterpret_cast<cl_event>(MD);
  EXPECT_EQ(clEnqueueNativeKernel(Q, nativeDouble, &A, sizeof A, 2, Mems, Locs, 1, &Bad, nullptr),
            CL_INVALID_EVENT_WAIT_LIST);
  clReleaseMemObject(MD);
  clReleaseMemObject(MO);
}

// 3-component vectors by value take the size of the 4-component ones (OpenCL C 6.3.5): sizeof
// cl_char3 is 4, cl_long3 32 (CTS basic/vector_swizzle).
TEST_F(KernelApi, ThreeComponentVectorArgumentsHaveTheSizeOfFour) {
  cl_program P = built(R"(
    kernel void k(char3 c, long3 l, float3 f, global long *out) {
      out[0] = c.x + c.y + c.z;
      out[1] = l.x + l.y + l.z;
      out[2] = (long)(f.x + f.y + f.z);
    })");
  cl_kernel K = clCreateKernel(P, "k", nullptr);
  cl_char3 C{{1, 2, 3}};
  cl_long3 L{{10, 20, 30}};
  cl_float3 F{{100.0f, 200.0f, 300.0f}};
  static_assert(sizeof C == 4 && sizeof L == 32 && sizeof F == 16);
  EXPECT_EQ(clSetKernelArg(K, 0, 3, &C), CL_INVALID_ARG_SIZE);
  EXPECT_EQ(clSetKernelArg(K, 1, 24, &L), CL_INVALID_ARG_SIZE);
  ASSERT_EQ(clSetKernelArg(K, 0, sizeof C, &C), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(K, 1, sizeof L, &L), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(K, 2, sizeof F, &F), CL_SUCCESS);
  cl_mem Out = buffer(3 * sizeof(cl_long));
  clSetKernelArg(K, 3, sizeof Out, &Out);
  cl_command_queue Q = queue();
  size_t One = 1;
  ASSERT_EQ(clEnqueueNDRangeKernel(Q, K, 1, nullptr, &One, &One, 0, nullptr, nullptr), CL_SUCCESS);
  const std::vector<cl_long> R = read<cl_long>(Q, Out, 3);
  EXPECT_EQ(R[0], 6);
  EXPECT_EQ(R[1], 60);
  EXPECT_EQ(R[2], 600);
  clReleaseMemObject(Out);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

void CL_CALLBACK markDestroyed(cl_mem, void *User) { *static_cast<bool *>(User) = true; }

// Regression (CTS api/retain_mem_object_set_kernel_arg hung): clSetKernelArg does not retain
// the buffer, so releasing it destroys it; an enqueue keeps what it uses alive until it has run.
TEST_F(KernelApi, KernelArgumentsDoNotRetainBuffers) {
  cl_program P = built("kernel void k(global int *data) { data[get_global_id(0)] = 1; }");
  cl_kernel K = clCreateKernel(P, "k", nullptr);
  bool Destroyed = false;
  cl_mem M = buffer(64);
  clSetMemObjectDestructorCallback(M, markDestroyed, &Destroyed);
  ASSERT_EQ(clSetKernelArg(K, 0, sizeof M, &M), CL_SUCCESS);
  clReleaseMemObject(M);
  EXPECT_TRUE(Destroyed) << "the kernel must not keep the buffer alive";
  // A buffer released while a command using it waits is kept until the command has run.
  bool Destroyed2 = false;
  cl_mem M2 = buffer(64);
  clSetMemObjectDestructorCallback(M2, markDestroyed, &Destroyed2);
  clSetKernelArg(K, 0, sizeof M2, &M2);
  cl_command_queue Q = queue();
  cl_event Gate = userEvent();
  size_t N = 16;
  ASSERT_EQ(clEnqueueNDRangeKernel(Q, K, 1, nullptr, &N, nullptr, 1, &Gate, nullptr), CL_SUCCESS);
  clReleaseMemObject(M2);
  EXPECT_FALSE(Destroyed2);
  clSetUserEventStatus(Gate, CL_COMPLETE);
  clFinish(Q);
  EXPECT_TRUE(Destroyed2);
  clReleaseEvent(Gate);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

TEST_F(KernelApi, KernelsFromManyThreadsAndQueues) {
  cl_program P = built("kernel void inc(global int *p, int by) { p[get_global_id(0)] += by; }");
  constexpr int Threads = 4, Rounds = 50, N = 4096;
  std::vector<std::thread> Pool;
  std::atomic<int> Failures{0};
  for (int T = 0; T < Threads; ++T)
    Pool.emplace_back([&, T] {
      cl_int Err;
      cl_kernel K = clCreateKernel(P, "inc", &Err);
      cl_command_queue Q = clCreateCommandQueue(Ctx, Device, 0, &Err);
      std::vector<int> Host(N, T);
      cl_mem M = clCreateBuffer(Ctx, CL_MEM_COPY_HOST_PTR, N * 4, Host.data(), &Err);
      clSetKernelArg(K, 0, sizeof M, &M);
      for (int R = 0; R < Rounds; ++R) {
        int By = R;
        clSetKernelArg(K, 1, sizeof By, &By); // one kernel object per thread
        size_t G = N;
        if (clEnqueueNDRangeKernel(Q, K, 1, nullptr, &G, nullptr, 0, nullptr, nullptr))
          Failures++;
      }
      clEnqueueReadBuffer(Q, M, CL_TRUE, 0, N * 4, Host.data(), 0, nullptr, nullptr);
      for (int V : Host)
        if (V != T + Rounds * (Rounds - 1) / 2)
          Failures++;
      clReleaseMemObject(M);
      clReleaseCommandQueue(Q);
      clReleaseKernel(K);
    });
  for (std::thread &T : Pool)
    T.join();
  EXPECT_EQ(Failures.load(), 0);
  clReleaseProgram(P);
}

// OpenCL 3.0's sub-group queries: the device's, and clGetKernelSubGroupInfo's (under its
// cl_khr_subgroups name too) for a kernel of the default size and one that requires 32.
TEST_F(KernelApi, SubGroupQueries) {
  cl_uint MaxSubGroups = 0;
  cl_bool Progress = CL_TRUE;
  EXPECT_EQ(clGetDeviceInfo(Device, CL_DEVICE_MAX_NUM_SUB_GROUPS, sizeof MaxSubGroups, &MaxSubGroups, nullptr), CL_SUCCESS);
  EXPECT_GE(MaxSubGroups, 1u);
  EXPECT_EQ(clGetDeviceInfo(Device, CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS, sizeof Progress, &Progress, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(Progress, CL_FALSE);
  size_t Sizes[8] = {}, SizesBytes = 0;
  EXPECT_EQ(clGetDeviceInfo(Device, CL_DEVICE_SUB_GROUP_SIZES_INTEL, sizeof Sizes, Sizes, &SizesBytes), CL_SUCCESS);
  EXPECT_EQ(std::vector<size_t>(Sizes, Sizes + SizesBytes / sizeof(size_t)), (std::vector<size_t>{8, 16, 32}));
  // The feature, and the extensions but cl_khr_subgroups (which needs independent forward progress).
  cl_program Macros = built("#ifndef __opencl_c_subgroups\n#error\n#endif\n"
                            "#ifdef cl_khr_subgroups\n#error\n#endif\n"
                            "#ifndef cl_khr_subgroup_ballot\n#error\n#endif\n"
                            "kernel void k(global int *o) { o[0] = sub_group_ballot(1).x; }",
                            "-cl-std=CL3.0");
  clReleaseProgram(Macros);

  cl_program P = built("kernel void plain(global int *o) { o[get_global_id(0)] = get_sub_group_id(); }\n"
                       "kernel void exchange(global int *o) { o[get_global_id(0)] = sub_group_reduce_add(1); }\n"
                       "__attribute__((intel_reqd_sub_group_size(32)))\n"
                       "kernel void wide(global int *o) { o[get_global_id(0)] = get_sub_group_size(); }",
                       "-cl-std=CL3.0");
  cl_kernel Plain = clCreateKernel(P, "plain", nullptr), Exchange = clCreateKernel(P, "exchange", nullptr),
            Wide = clCreateKernel(P, "wide", nullptr);
  auto Info = [&](cl_kernel K, cl_kernel_sub_group_info Query, std::vector<size_t> In, cl_int Want = CL_SUCCESS) {
    size_t Out = 12345;
    EXPECT_EQ(clGetKernelSubGroupInfo(K, Device, Query, In.size() * sizeof(size_t), In.empty() ? nullptr : In.data(),
                                      sizeof Out, &Out, nullptr),
              Want)
        << "query " << Query;
    return Out;
  };
  size_t Default = Info(Plain, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE, {256});
  EXPECT_TRUE(Default == 8 || Default == 16) << Default;
  EXPECT_EQ(Info(Plain, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE, {5, 1}), 5u);
  EXPECT_EQ(Info(Plain, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE, {10, 10, 1}), (100 + Default - 1) / Default);
  EXPECT_EQ(Info(Wide, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE, {64, 2}), 32u);
  EXPECT_EQ(Info(Wide, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE, {33}), 2u);
  EXPECT_EQ(Info(Wide, CL_KERNEL_COMPILE_SUB_GROUP_SIZE_INTEL, {}), 32u);
  EXPECT_EQ(Info(Plain, CL_KERNEL_COMPILE_SUB_GROUP_SIZE_INTEL, {}), 0u);
  EXPECT_EQ(Info(Plain, CL_KERNEL_COMPILE_NUM_SUB_GROUPS, {}), 0u);
  // A kernel whose sub-groups exchange values runs work-groups of at most 1024 work-items.
  size_t WorkGroup = 0;
  EXPECT_EQ(clGetKernelWorkGroupInfo(Exchange, Device, CL_KERNEL_WORK_GROUP_SIZE, sizeof WorkGroup, &WorkGroup, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(WorkGroup, 1024u);
  EXPECT_EQ(Info(Exchange, CL_KERNEL_MAX_NUM_SUB_GROUPS, {}), 1024 / Default);
  size_t PlainWorkGroup = 0;
  clGetKernelWorkGroupInfo(Plain, Device, CL_KERNEL_WORK_GROUP_SIZE, sizeof PlainWorkGroup, &PlainWorkGroup, nullptr);
  EXPECT_EQ(Info(Plain, CL_KERNEL_MAX_NUM_SUB_GROUPS, {}), (PlainWorkGroup + Default - 1) / Default);
  cl_mem Out = buffer(2048 * sizeof(int));
  setArgs(Exchange, Out);
  cl_command_queue Q = queue();
  const size_t Items = 2048;
  EXPECT_EQ(clEnqueueNDRangeKernel(Q, Exchange, 1, nullptr, &Items, &Items, 0, nullptr, nullptr), CL_INVALID_WORK_GROUP_SIZE);
  // The local size for a count of sub-groups, in as many dimensions as param_value_size holds.
  size_t Count = 3, Local[3] = {7, 7, 7};
  EXPECT_EQ(clGetKernelSubGroupInfo(Wide, Device, CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT, sizeof Count, &Count,
                                    sizeof Local, Local, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(std::vector<size_t>(Local, Local + 3), (std::vector<size_t>{96, 1, 1}));
  Count = 1000; // more than any work-group holds
  size_t Ret = 0;
  EXPECT_EQ(clGetKernelSubGroupInfo(Exchange, Device, CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT, sizeof Count, &Count,
                                    2 * sizeof(size_t), Local, &Ret),
            CL_SUCCESS);
  EXPECT_EQ(Ret, 2 * sizeof(size_t));
  EXPECT_EQ(Local[0], 0u);
  EXPECT_EQ(Local[1], 0u);
  // Errors: input values of the wrong size, a value too small, an unknown query, a bad device or kernel.
  Info(Plain, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE, {}, CL_INVALID_VALUE);
  Info(Plain, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE, {1, 2, 3, 4}, CL_INVALID_VALUE);
  Info(Plain, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE, {0}, CL_INVALID_VALUE);
  size_t Odd[2] = {4, 4};
  EXPECT_EQ(clGetKernelSubGroupInfo(Plain, Device, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE, 5, Odd, sizeof Count, &Count, nullptr),
            CL_INVALID_VALUE);
  cl_uint Small = 0;
  EXPECT_EQ(clGetKernelSubGroupInfo(Plain, Device, CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, nullptr, sizeof Small, &Small, nullptr),
            CL_INVALID_VALUE);
  Info(Plain, CL_KERNEL_WORK_GROUP_SIZE, {}, CL_INVALID_VALUE);
  EXPECT_EQ(clGetKernelSubGroupInfo(Plain, reinterpret_cast<cl_device_id>(Out), CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, nullptr,
                                    sizeof Count, &Count, nullptr),
            CL_INVALID_DEVICE);
  EXPECT_EQ(clGetKernelSubGroupInfo(nullptr, Device, CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, nullptr, sizeof Count, &Count, nullptr),
            CL_INVALID_KERNEL);
  // The extension's name for the function finds the same one.
  auto *Khr = reinterpret_cast<clGetKernelSubGroupInfoKHR_fn>(
      clGetExtensionFunctionAddressForPlatform(Platform, "clGetKernelSubGroupInfoKHR"));
  ASSERT_NE(Khr, nullptr);
  size_t Via = 0;
  const size_t Local256 = 256;
  EXPECT_EQ(Khr(Plain, Device, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE, sizeof Local256, &Local256, sizeof Via, &Via, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(Via, Default);
  clReleaseMemObject(Out);
  for (cl_kernel K : {Plain, Exchange, Wide})
    clReleaseKernel(K);
  clReleaseProgram(P);
}

} // namespace
} // namespace weft::test
