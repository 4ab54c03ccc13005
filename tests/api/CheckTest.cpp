// Checking mode (docs/checking.md): kernels built with -weft-check report an access outside the
// memory their pointer argument reaches (kernel, line, work-item, group, address, the argument's
// memory, read or write) to the context's pfn_notify and stderr, end the command with
// CL_OUT_OF_RESOURCES and make no such access; the same kernels fixed report nothing.
#include "api/ApiTest.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <numeric>
#include <string>
#include <vector>

namespace weft::test {
namespace {

class Checks : public WeftTest {
protected:
  void SetUp() override {
    WeftTest::SetUp();
    cl_int Err;
    Ctx = clCreateContext(nullptr, 1, &Device, &Checks::notify, this, &Err);
    ASSERT_EQ(Err, CL_SUCCESS);
    Q = clCreateCommandQueueWithProperties(Ctx, Device, nullptr, &Err);
    ASSERT_EQ(Err, CL_SUCCESS);
  }
  void TearDown() override {
    for (cl_mem M : Buffers)
      clReleaseMemObject(M);
    for (cl_kernel K : Kernels)
      clReleaseKernel(K);
    for (cl_program P : Programs)
      clReleaseProgram(P);
    if (Q)
      clReleaseCommandQueue(Q);
    if (Ctx)
      clReleaseContext(Ctx);
  }
  static void CL_CALLBACK notify(const char *Message, const void *, size_t, void *Self) {
    auto *T = static_cast<Checks *>(Self);
    std::lock_guard Guard(T->Lock);
    T->Messages.push_back(Message);
  }
  /// Kernel Name of Source, built with Options.
  cl_kernel kernel(const char *Source, const char *Name, const char *Options = "-weft-check") {
    cl_int Err;
    cl_program P = clCreateProgramWithSource(Ctx, 1, &Source, nullptr, &Err);
    Programs.push_back(P);
    EXPECT_EQ(clBuildProgram(P, 1, &Device, Options, nullptr, nullptr), CL_SUCCESS);
    cl_kernel K = clCreateKernel(P, Name, &Err);
    EXPECT_EQ(Err, CL_SUCCESS);
    Kernels.push_back(K);
    return K;
  }
  /// Count values 0, 1, 2, ... of T.
  template <class T> static std::vector<T> ramp(size_t Count) {
    std::vector<T> V(Count);
    for (size_t I = 0; I < Count; ++I)
      V[I] = T(I);
    return V;
  }
  cl_mem buffer(size_t Bytes, const void *Data = nullptr) {
    cl_int Err;
    cl_mem M = clCreateBuffer(Ctx, Data ? CL_MEM_COPY_HOST_PTR : CL_MEM_READ_WRITE, Bytes,
                              const_cast<void *>(Data), &Err);
    EXPECT_EQ(Err, CL_SUCCESS);
    Buffers.push_back(M);
    return M;
  }
  /// Runs K over Global work-items in groups of Local: the command's status.
  cl_int run(cl_kernel K, size_t Global, size_t Local) { return run(K, 1, &Global, &Local); }
  /// The same in Dims dimensions.
  cl_int run(cl_kernel K, cl_uint Dims, const size_t *Global, const size_t *Local) {
    cl_event E = nullptr;
    EXPECT_EQ(clEnqueueNDRangeKernel(Q, K, Dims, nullptr, Global, Local, 0, nullptr, &E), CL_SUCCESS);
    clWaitForEvents(1, &E);
    cl_int Status = 1;
    clGetEventInfo(E, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof Status, &Status, nullptr);
    clReleaseEvent(E);
    return Status;
  }
  /// Sets K's first arguments to the memory objects Ms, in order.
  void setBuffers(cl_kernel K, std::initializer_list<cl_mem> Ms) {
    cl_uint Index = 0;
    for (cl_mem M : Ms) {
      EXPECT_EQ(clSetKernelArg(K, Index, sizeof M, &M), CL_SUCCESS) << "argument " << Index;
      ++Index;
    }
  }
  /// Runs K expecting a failed check: its one report.
  std::string failedCheck(cl_kernel K, size_t Global, size_t Local) {
    EXPECT_EQ(run(K, Global, Local), CL_OUT_OF_RESOURCES);
    std::vector<std::string> R = reports();
    EXPECT_EQ(R.size(), 1u);
    return R.empty() ? std::string() : R.front();
  }
  /// The messages pfn_notify got, taken.
  std::vector<std::string> messages() {
    std::lock_guard Guard(Lock);
    return std::exchange(Messages, {});
  }
  /// The failed checks' reports among them (clWaitForEvents's own error on the failed command is
  /// another message).
  std::vector<std::string> reports() {
    std::vector<std::string> R;
    for (std::string &M : messages())
      if (M.find("check failed") != std::string::npos)
        R.push_back(std::move(M));
    return R;
  }
  /// Runs K over Global work-items in groups of Local expecting it to complete with no failed
  /// check, then Out's first Count floats to be Expected(index).
  template <class F> void expectClean(cl_kernel K, size_t Global, size_t Local, cl_mem Out, size_t Count, F Expected) {
    EXPECT_EQ(run(K, Global, Local), CL_COMPLETE);
    EXPECT_TRUE(reports().empty());
    std::vector<float> Got = read<float>(Out, Count);
    for (size_t I = 0; I < Count; ++I)
      ASSERT_EQ(Got[I], Expected(I)) << I;
  }
  template <class T> std::vector<T> read(cl_mem M, size_t Count) {
    std::vector<T> Out(Count);
    EXPECT_EQ(clEnqueueReadBuffer(Q, M, CL_TRUE, 0, Count * sizeof(T), Out.data(), 0, nullptr, nullptr),
              CL_SUCCESS);
    return Out;
  }

  cl_context Ctx = nullptr;
  cl_command_queue Q = nullptr;
  std::vector<cl_mem> Buffers;
  std::vector<cl_kernel> Kernels;
  std::vector<cl_program> Programs;
  std::mutex Lock;
  std::vector<std::string> Messages;
};

/// Whether Text contains each of Parts.
::testing::AssertionResult mentions(const std::string &Text, std::initializer_list<const char *> Parts) {
  for (const char *P : Parts)
    if (Text.find(P) == std::string::npos)
      return ::testing::AssertionFailure() << "'" << P << "' is not in: " << Text;
  return ::testing::AssertionSuccess();
}

const char *OffByOne = "kernel void shift(global const float *in, global float *out) {\n"
                       "  size_t i = get_global_id(0);\n"
                       "  out[i] = in[i + 1] * 2.0f;\n"
                       "}\n";
const char *Fixed = "kernel void shift(global const float *in, global float *out) {\n"
                    "  size_t i = get_global_id(0);\n"
                    "  out[i] = in[i + 1 < get_global_size(0) ? i + 1 : i] * 2.0f;\n"
                    "}\n";

TEST_F(Checks, OffByOneReadIsReportedAndNotMade) {
  const std::vector<float> In = ramp<float>(1024);
  cl_mem A = buffer(In.size() * 4, In.data()), B = buffer(In.size() * 4);
  cl_kernel K = kernel(OffByOne, "shift");
  setBuffers(K, {A, B});
  const std::vector<std::string> M = {failedCheck(K, 1024, 64)};
  // The last work-item of the last group reads in[1024]: 4096 bytes past the start.
  EXPECT_TRUE(mentions(M[0], {"check failed: kernel shift, line 3, column 12", "work-item (63, 0, 0)",
                              "of work-group (15, 0, 0)", "reads 4 bytes", "at +4096 from argument 0",
                              "(a buffer of 4096 bytes)", "CL_OUT_OF_RESOURCES"}));
  // The queue goes on: the fixed kernel runs, reports nothing and gives every result.
  cl_kernel Good = kernel(Fixed, "shift");
  setBuffers(Good, {A, B});
  EXPECT_EQ(run(Good, 1024, 64), CL_COMPLETE);
  EXPECT_TRUE(messages().empty());
  std::vector<float> Out = read<float>(B, 1024);
  for (size_t I = 0; I < 1024; ++I)
    ASSERT_EQ(Out[I], 2.0f * float(I + 1 < 1024 ? I + 1 : I)) << I;
}

TEST_F(Checks, WritePastASubBufferLeavesItsParentAlone) {
  // A sub-buffer of 256 floats at byte 1024 of a buffer of 1024; the kernel writes one past it.
  std::vector<float> Sentinel(1024, -1.0f);
  cl_mem Parent = buffer(4096, Sentinel.data());
  cl_buffer_region Region{1024, 1024};
  cl_int Err;
  cl_mem Sub = clCreateSubBuffer(Parent, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &Region, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  Buffers.push_back(Sub);
  cl_kernel K = kernel("kernel void fill(global float *out, int n) {\n"
                       "  int i = get_global_id(0);\n"
                       "  if (i <= n) out[i] = 7.0f;\n"
                       "}\n",
                       "fill");
  const cl_int N = 256;
  setBuffers(K, {Sub});
  ASSERT_EQ(clSetKernelArg(K, 1, sizeof N, &N), CL_SUCCESS);
  const std::vector<std::string> M = {failedCheck(K, 512, 32)};
  EXPECT_TRUE(mentions(M[0], {"kernel fill, line 3", "work-item (0, 0, 0) of work-group (8, 0, 0)",
                              "writes 4 bytes", "at +1024 from argument 0",
                              "a sub-buffer of 1024 bytes at offset 1024 of a buffer of 4096 bytes"}));
  std::vector<float> All = read<float>(Parent, 1024);
  EXPECT_EQ(std::count(All.begin() + 512, All.end(), -1.0f), 512) << "the float after the sub-buffer was written";
}

TEST_F(Checks, ReadsBeforeTheArgumentAndThroughConstantAndSvmPointers) {
  std::vector<int> In(64, 5);
  cl_mem A = buffer(In.size() * 4, In.data()), B = buffer(In.size() * 4);
  cl_kernel Before = kernel("kernel void before(global const int *in, global int *out) {\n"
                            "  int i = get_global_id(0);\n"
                            "  out[i] = in[i - 1];\n"
                            "}\n",
                            "before");
  setBuffers(Before, {A, B});
  std::vector<std::string> M = {failedCheck(Before, 64, 64)};
  EXPECT_TRUE(mentions(M[0], {"work-item (0, 0, 0) of work-group (0, 0, 0)", "reads 4 bytes", "at -4 from argument 0"}));

  cl_kernel Constant = kernel("kernel void table(constant int *t, global int *out) {\n"
                              "  int i = get_global_id(0);\n"
                              "  out[i] = t[i * 2];\n"
                              "}\n",
                              "table");
  setBuffers(Constant, {A, B});
  M = {failedCheck(Constant, 64, 16)};
  // Work-groups 2 and 3 read past the table (at i * 2 from i = 32); either may be found first.
  const bool Second = M[0].find("work-group (2, 0, 0)") != std::string::npos;
  EXPECT_TRUE(mentions(M[0], {"kernel table", "work-item (0, 0, 0)", Second ? "at +256 from argument 0"
                                                                           : "at +384 from argument 0"}));
  EXPECT_TRUE(Second || M[0].find("work-group (3, 0, 0)") != std::string::npos) << M[0];

  // An SVM allocation of 64 ints passed from its element 16: 48 left.
  int *Svm = static_cast<int *>(clSVMAlloc(Ctx, CL_MEM_READ_WRITE, 64 * sizeof(int), 0));
  ASSERT_NE(Svm, nullptr);
  cl_kernel Through = kernel("kernel void through(global int *p) { p[get_global_id(0)] = 1; }", "through");
  ASSERT_EQ(clSetKernelArgSVMPointer(Through, 0, Svm + 16), CL_SUCCESS);
  EXPECT_EQ(run(Through, 48, 16), CL_COMPLETE);
  EXPECT_TRUE(messages().empty());
  M = {failedCheck(Through, 64, 16)};
  EXPECT_TRUE(mentions(M[0], {"writes 4 bytes", "at +192 from argument 0",
                              "an SVM allocation of 256 bytes, from its byte 64"}));
  clSVMFree(Ctx, Svm);
}

// Kernels with barriers, local memory and vector accesses run under the checks as without.
TEST_F(Checks, CorrectKernelsReportNothing) {
  const char *Source = "kernel void sum(global const float4 *in, global float *out, local float *t) {\n"
                       "  size_t l = get_local_id(0), g = get_global_id(0);\n"
                       "  float4 v = in[g];\n"
                       "  t[l] = v.x + v.y + v.z + v.w;\n"
                       "  for (size_t s = get_local_size(0) / 2; s > 0; s /= 2) {\n"
                       "    barrier(CLK_LOCAL_MEM_FENCE);\n"
                       "    if (l < s) t[l] += t[l + s];\n"
                       "  }\n"
                       "  if (l == 0) out[get_group_id(0)] = t[0];\n"
                       "}\n";
  std::vector<float> In(4 * 4096, 0.5f);
  cl_mem A = buffer(In.size() * 4, In.data()), B = buffer(64 * 4);
  for (const char *Options : {"-weft-check", "-weft-check=bounds -cl-opt-disable", "-weft-check=all"}) {
    cl_kernel K = kernel(Source, "sum", Options);
    setBuffers(K, {A, B});
    ASSERT_EQ(clSetKernelArg(K, 2, 64 * sizeof(float), nullptr), CL_SUCCESS);
    EXPECT_EQ(run(K, 4096, 64), CL_COMPLETE) << Options;
    EXPECT_TRUE(messages().empty()) << Options;
    std::vector<float> Out = read<float>(B, 64);
    EXPECT_EQ(std::count(Out.begin(), Out.end(), 128.0f), 64) << Options;
  }
}

// A reduction's rounds under bounds checks: each round's `if (l < s)` lets s work-items through,
// none past work-item 0 in the last (weft-check-rows then takes the round's copy without tests).
// A read past the local array made only in that last round, by work-item 0, is still reported;
// one made only in an earlier round, too.
TEST_F(Checks, ReductionRoundsAreCheckedToTheLast) {
  const char *Source =
      "kernel void sum(global const float *in, global float *out, local float *t,\n"
      "                  uint bad) {\n"
      "  size_t l = get_local_id(0);\n"
      "  t[l] = in[get_global_id(0)];\n"
      "  for (size_t s = get_local_size(0) / 2; s > 0; s /= 2) {\n"
      "    barrier(CLK_LOCAL_MEM_FENCE);\n"
      "    if (l < s) t[l] += t[l + s + (s == bad ? 64 : 0)];\n"
      "  }\n"
      "  if (l == 0) out[get_group_id(0)] = t[0];\n"
      "}\n";
  std::vector<float> In(4096, 0.5f);
  cl_mem A = buffer(In.size() * 4, In.data()), B = buffer(64 * 4);
  cl_kernel K = kernel(Source, "sum", "-weft-check=bounds");
  setBuffers(K, {A, B});
  ASSERT_EQ(clSetKernelArg(K, 2, 64 * sizeof(float), nullptr), CL_SUCCESS);
  cl_uint Bad = 0; // no round: every read within the array
  ASSERT_EQ(clSetKernelArg(K, 3, sizeof Bad, &Bad), CL_SUCCESS);
  EXPECT_EQ(run(K, 4096, 64), CL_COMPLETE);
  EXPECT_TRUE(messages().empty());
  std::vector<float> Out = read<float>(B, 64);
  EXPECT_EQ(std::count(Out.begin(), Out.end(), 32.0f), 64);
  // The last round (s = 1): work-item 0 reads t[65].
  Bad = 1;
  ASSERT_EQ(clSetKernelArg(K, 3, sizeof Bad, &Bad), CL_SUCCESS);
  EXPECT_TRUE(mentions(failedCheck(K, 4096, 64),
                       {"work-item (0, 0, 0)", "reads 4 bytes",
                        "at +260 from argument 2 (a __local argument of 256 bytes)"}));
  // The round s = 4: work-items 0 to 3 read t[68] to t[71].
  Bad = 4;
  ASSERT_EQ(clSetKernelArg(K, 3, sizeof Bad, &Bad), CL_SUCCESS);
  EXPECT_TRUE(mentions(failedCheck(K, 4096, 64),
                       {"reads 4 bytes", "from argument 2 (a __local argument of 256 bytes)"}));
}

// A kernel with barriers: the refused read is found in the region after the barrier.
// Loops over global ids (a grid-stride loop) and over local ids, which Weft runs for a whole row
// in its first work-item: one element past the buffer is reported with the work-item whose
// iteration it was, and the loops without the fault run, block by block, with no report.
TEST_F(Checks, StrideLoopsOverIdsAreChecked) {
  const std::vector<float> In = ramp<float>(10000);
  cl_mem A = buffer(In.size() * 4, In.data()), B = buffer(In.size() * 4);
  const char *Source = "kernel void grid(global const float *in, global float *out, uint n) {\n"
                       "  for (uint i = get_global_id(0); i < n + EXTRA; i += get_global_size(0))\n"
                       "    out[i] = in[i] * 2.0f;\n"
                       "}\n"
                       "kernel void rows(global const float *in, global float *out, uint n) {\n"
                       "  uint base = get_group_id(0) * n;\n"
                       "  for (uint i = get_local_id(0); i < n + EXTRA; i += get_local_size(0))\n"
                       "    out[base + i] = in[base + i] * 2.0f;\n"
                       "}\n";
  for (const char *Name : {"grid", "rows"}) {
    const bool Grid = std::string(Name) == "grid";
    const cl_uint N = Grid ? 10000 : 2500; // rows: 4 groups of 2500 elements
    cl_kernel K = kernel(Source, Name, "-weft-check -DEXTRA=0");
    setBuffers(K, {A, B});
    ASSERT_EQ(clSetKernelArg(K, 2, sizeof N, &N), CL_SUCCESS);
    expectClean(K, 256, 64, B, In.size(), [&](size_t I) { return In[I] * 2.0f; });
    K = kernel(Source, Name, "-weft-check -DEXTRA=1");
    setBuffers(K, {A, B});
    ASSERT_EQ(clSetKernelArg(K, 2, sizeof N, &N), CL_SUCCESS);
    // Index 10000, one past both buffers: global id 10000 % 256 = 16 in group 0 of the grid loop;
    // the last group's local id 2500 % 64 = 4 in the row loop.
    EXPECT_TRUE(mentions(failedCheck(K, 256, 64),
                         {Grid ? "work-item (16, 0, 0) of work-group (0, 0, 0) reads 4 bytes"
                               : "work-item (4, 0, 0) of work-group (3, 0, 0) reads 4 bytes",
                          "at +40000 from argument 0 (a buffer of 40000 bytes)"}))
        << Name;
  }
}

TEST_F(Checks, KernelsWithBarriersReportToo) {
  std::vector<float> In(256, 1.0f);
  cl_mem A = buffer(In.size() * 4, In.data()), B = buffer(In.size() * 4);
  cl_kernel K = kernel("kernel void neighbours(global const float *in, global float *out, local float *t) {\n"
                       "  size_t l = get_local_id(0), g = get_global_id(0);\n"
                       "  t[l] = in[g];\n"
                       "  barrier(CLK_LOCAL_MEM_FENCE);\n"
                       "  out[g] = t[l] + in[g + 8];\n"
                       "}\n",
                       "neighbours");
  setBuffers(K, {A, B});
  ASSERT_EQ(clSetKernelArg(K, 2, 64 * sizeof(float), nullptr), CL_SUCCESS);
  const std::vector<std::string> M = {failedCheck(K, 256, 64)};
  // Work-items 248 to 255 (56 to 63 of group 3) read past the 256 floats.
  EXPECT_TRUE(mentions(M[0], {"kernel neighbours, line 5", "of work-group (3, 0, 0)", "reads 4 bytes",
                              "from argument 0 (a buffer of 1024 bytes)"}));
}

// __local arguments, kernel-scope __local arrays, private arrays and program-scope __constant
// arrays: each overrun reported with its offset and the memory it overran, and not made.
TEST_F(Checks, LocalAndPrivateArrayOverruns) {
  const std::vector<int> In = ramp<int>(256);
  cl_mem A = buffer(In.size() * 4, In.data()), B = buffer(In.size() * 4);

  // A __local argument of 32 ints in groups of 32: t[l + 1] of the last work-item is past it.
  const char *LocalArg = "kernel void rotate(global const int *in, global int *out, local int *t) {\n"
                         "  int l = get_local_id(0), g = get_global_id(0);\n"
                         "  t[l] = in[g];\n"
                         "  barrier(CLK_LOCAL_MEM_FENCE);\n"
                         "  out[g] = t[l + 1];\n"
                         "}\n";
  cl_kernel K = kernel(LocalArg, "rotate");
  setBuffers(K, {A, B});
  ASSERT_EQ(clSetKernelArg(K, 2, 32 * sizeof(int), nullptr), CL_SUCCESS);
  std::string M = failedCheck(K, 256, 32);
  EXPECT_TRUE(mentions(M, {"kernel rotate, line 5", "work-item (31, 0, 0)", "reads 4 bytes",
                           "at +128 from argument 2 (a __local argument of 128 bytes)"}));
  // With 33 ints of local memory every access is within bounds; but t[32] is never written, which
  // the checks of uninitialized reads (in -weft-check, not in -weft-check=bounds) report.
  ASSERT_EQ(clSetKernelArg(K, 2, 33 * sizeof(int), nullptr), CL_SUCCESS);
  EXPECT_TRUE(mentions(failedCheck(K, 256, 32),
                       {"work-item (31, 0, 0)", "through argument 2 (a __local argument of 132 bytes) that nothing"}));
  K = kernel(LocalArg, "rotate", "-weft-check=bounds");
  setBuffers(K, {A, B});
  ASSERT_EQ(clSetKernelArg(K, 2, 33 * sizeof(int), nullptr), CL_SUCCESS);
  EXPECT_EQ(run(K, 256, 32), CL_COMPLETE);
  EXPECT_TRUE(reports().empty());

  // A kernel-scope __local array written one past its end.
  cl_kernel Tile = kernel("kernel void tile(global const int *in, global int *out) {\n"
                          "  local int t[16];\n"
                          "  int l = get_local_id(0);\n"
                          "  t[l] = in[get_global_id(0)];\n"
                          "  barrier(CLK_LOCAL_MEM_FENCE);\n"
                          "  out[get_global_id(0)] = t[15 - l % 16];\n"
                          "}\n",
                          "tile");
  setBuffers(Tile, {A, B});
  EXPECT_EQ(run(Tile, 256, 16), CL_COMPLETE);
  EXPECT_TRUE(reports().empty());
  M = failedCheck(Tile, 256, 32);
  EXPECT_TRUE(mentions(M, {"kernel tile, line 4", "writes 4 bytes", "at +64 in the __local variable `t` (64 bytes)"}));
  EXPECT_TRUE(M.find("work-item (16, 0, 0)") != std::string::npos || M.find("work-item (31, 0, 0)") != std::string::npos ||
              M.find("work-item (2") != std::string::npos)
      << M;

  // A private array indexed by data: in[g] % 20 reaches past its 16 ints.
  const char *Private = "kernel void histogram(global const int *in, global int *out) {\n"
                        "  int h[16];\n"
                        "  for (int k = 0; k < 16; ++k) h[k] = 0;\n"
                        "  int g = get_global_id(0);\n"
                        "  for (int k = 0; k < 8; ++k) h[(in[g] + k) % MOD] += 1;\n"
                        "  int s = 0;\n"
                        "  for (int k = 0; k < 16; ++k) s += h[k] * k;\n"
                        "  out[g] = s;\n"
                        "}\n";
  K = kernel(Private, "histogram", "-weft-check -DMOD=20");
  setBuffers(K, {A, B});
  M = failedCheck(K, 256, 64);
  EXPECT_TRUE(mentions(M, {"kernel histogram, line 5", "4 bytes", "in the __private variable `h` (64 bytes)"}));
  EXPECT_TRUE(M.find("at +64 in") != std::string::npos || M.find("at +68 in") != std::string::npos ||
              M.find("at +72 in") != std::string::npos || M.find("at +76 in") != std::string::npos)
      << M;
  K = kernel(Private, "histogram", "-weft-check -DMOD=16");
  setBuffers(K, {A, B});
  EXPECT_EQ(run(K, 256, 64), CL_COMPLETE);
  EXPECT_TRUE(reports().empty());
  std::vector<int> Out = read<int>(B, 256);
  for (int G = 0; G < 256; ++G) {
    int Expected = 0;
    for (int J = 0; J < 8; ++J)
      Expected += (G + J) % 16;
    ASSERT_EQ(Out[G], Expected) << G;
  }

  // A program-scope __constant table read one past its end.
  cl_kernel Table = kernel("constant int squares[8] = {0, 1, 4, 9, 16, 25, 36, 49};\n"
                           "kernel void square(global const int *in, global int *out) {\n"
                           "  int g = get_global_id(0);\n"
                           "  out[g] = squares[in[g] % 9];\n"
                           "}\n",
                           "square");
  setBuffers(Table, {A, B});
  M = failedCheck(Table, 256, 64);
  EXPECT_TRUE(mentions(M, {"kernel square, line 4", "reads 4 bytes", "at +32 in the __constant variable `squares` (32 bytes)"}));
}

// A barrier some work-items of a group reach and others do not: reported with both places, the
// work-group ends there; the same kernels with uniform barriers report nothing.
TEST_F(Checks, DivergentBarriers) {
  cl_mem Out = buffer(256 * sizeof(int));
  const char *Branch = "kernel void branch(global int *out, int n) {\n"
                       "  int l = get_local_id(0);\n"
                       "  out[get_global_id(0)] = l;\n"
                       "  if (l < n)\n"
                       "    barrier(CLK_GLOBAL_MEM_FENCE);\n"
                       "  out[get_global_id(0)] += 1;\n"
                       "}\n";
  cl_kernel K = kernel(Branch, "branch", "-weft-check=barriers");
  setBuffers(K, {Out});
  const cl_int Five = 5, All = 64;
  ASSERT_EQ(clSetKernelArg(K, 1, sizeof Five, &Five), CL_SUCCESS);
  std::string M = failedCheck(K, 256, 64);
  EXPECT_TRUE(mentions(M, {"kernel branch: the work-items of work-group (", "do not all reach the same barrier",
                           "work-item (0, 0, 0) reached the barrier or work-group function at line 5, column 5",
                           "work-item (5, 0, 0) the end of the kernel", "CL_OUT_OF_RESOURCES"}));
  ASSERT_EQ(clSetKernelArg(K, 1, sizeof All, &All), CL_SUCCESS);
  EXPECT_EQ(run(K, 256, 64), CL_COMPLETE);
  EXPECT_TRUE(reports().empty());
  std::vector<int> Values = read<int>(Out, 256);
  for (int I = 0; I < 256; ++I)
    ASSERT_EQ(Values[I], I % 64 + 1) << I;

  // A loop whose trip count differs between work-items, in 2D groups: work-item (2, 0, 0) stops
  // at the barrier a third time where work-item 0 has left the loop for the next one.
  const char *Loop = "kernel void loop(global int *out) {\n"
                     "  local int t[64];\n"
                     "  int l = get_local_id(0) + 8 * get_local_id(1);\n"
                     "  t[l] = 0;\n"
                     "  for (int k = 0; k < TRIPS; ++k) {\n"
                     "    barrier(CLK_LOCAL_MEM_FENCE);\n"
                     "    t[(l + k) % 64] += 1;\n"
                     "  }\n"
                     "  barrier(CLK_LOCAL_MEM_FENCE);\n"
                     "  out[get_global_id(0) + 16 * get_global_id(1)] = t[l];\n"
                     "}\n";
  K = kernel(Loop, "loop", "-weft-check -DTRIPS=(get_local_id(0)%3)");
  setBuffers(K, {Out});
  size_t Global[2] = {16, 16}, Local[2] = {8, 8};
  EXPECT_EQ(run(K, 2, Global, Local), CL_OUT_OF_RESOURCES);
  std::vector<std::string> R = reports();
  ASSERT_EQ(R.size(), 1u);
  EXPECT_TRUE(mentions(R[0], {"kernel loop: the work-items of work-group", "work-item (0, 0, 0) reached the barrier or work-group function at line 9",
                              "work-item (1, 0, 0) the barrier or work-group function at line 6"}));
  K = kernel(Loop, "loop", "-weft-check -DTRIPS=3");
  setBuffers(K, {Out});
  ASSERT_EQ(clEnqueueNDRangeKernel(Q, K, 2, nullptr, Global, Local, 0, nullptr, nullptr), CL_SUCCESS);
  ASSERT_EQ(clFinish(Q), CL_SUCCESS);
  EXPECT_TRUE(reports().empty());
  Values = read<int>(Out, 256);
  EXPECT_EQ(std::count(Values.begin(), Values.end(), 3), 256);

  // A work-group function (its barriers) only some work-items call.
  cl_kernel Reduce = kernel("kernel void reduce(global int *out) {\n"
                            "  int l = get_local_id(0), s = 0;\n"
                            "  if (l % 2 == 0)\n"
                            "    s = work_group_reduce_add(l);\n"
                            "  out[get_global_id(0)] = s;\n"
                            "}\n",
                            "reduce", "-weft-check=barriers -cl-std=CL3.0");
  setBuffers(Reduce, {Out});
  M = failedCheck(Reduce, 256, 64);
  EXPECT_TRUE(mentions(M, {"kernel reduce: the work-items of work-group", "work-item (0, 0, 0) reached the barrier or work-group function at line 4",
                           "work-item (1, 0, 0) "}));
}

// Async copies and waits whose arguments differ between the work-items of a group (the spec asks
// for the same in all): the first work-item that differs is reported with the copy's line; the
// same kernels with uniform arguments report nothing.
TEST_F(Checks, DivergentCopies) {
  const std::vector<float> In = ramp<float>(4096 + 64);
  cl_mem A = buffer(In.size() * 4, In.data()), B = buffer(4096 * 4);
  // Without barriers: work-item 5 copies from one float further on.
  const char *Shifted = "kernel void shifted(global const float *in, global float *out) {\n"
                        "  local float t[64];\n"
                        "  int l = get_local_id(0);\n"
                        "  event_t e = async_work_group_copy(t, in + get_group_id(0) * 64 + SHIFT, 64, 0);\n"
                        "  wait_group_events(1, &e);\n"
                        "  out[get_global_id(0)] = t[l];\n"
                        "}\n";
  cl_kernel K = kernel(Shifted, "shifted", "-weft-check=copies -DSHIFT=(l==5)");
  setBuffers(K, {A, B});
  std::string M = failedCheck(K, 4096, 64);
  EXPECT_TRUE(mentions(M, {"kernel shifted, line 4, column 15: work-item (5, 0, 0) of work-group (",
                           "made async copies or waits with other arguments than work-item (0, 0, 0)",
                           "CL_OUT_OF_RESOURCES"}));
  K = kernel(Shifted, "shifted", "-weft-check -DSHIFT=0");
  setBuffers(K, {A, B});
  expectClean(K, 4096, 64, B, 4096, [&](size_t I) { return In[I]; });

  // With barriers, in the second stretch: a strided copy whose count differs in work-item 9 of a
  // 2D group (a large copy, through the copy engine), and a wait whose event count differs.
  const char *Strided = "kernel void strided(global const float *in, global float *out) {\n"
                        "  local float t[2048];\n"
                        "  int l = get_local_id(0) + 8 * get_local_id(1);\n"
                        "  t[l] = 0.0f;\n"
                        "  barrier(CLK_LOCAL_MEM_FENCE);\n"
                        "  event_t e = async_work_group_strided_copy(t, in, COUNT, 2, 0);\n"
                        "  event_t w[2] = {e, e};\n"
                        "  wait_group_events(WAITS, w);\n"
                        "  out[get_global_id(0) + 16 * get_global_id(1)] = t[l];\n"
                        "}\n";
  size_t Global[2] = {16, 16}, Local[2] = {8, 8};
  auto Run2D = [&](cl_kernel K2) { return run(K2, 2, Global, Local); };
  K = kernel(Strided, "strided", "-weft-check -DCOUNT=(l==9?2047:2048) -DWAITS=1");
  setBuffers(K, {A, B});
  EXPECT_EQ(Run2D(K), CL_OUT_OF_RESOURCES);
  std::vector<std::string> R = reports();
  ASSERT_EQ(R.size(), 1u);
  EXPECT_TRUE(mentions(R[0], {"kernel strided, line 6", "work-item (1, 1, 0) of work-group ("})) << R[0];
  K = kernel(Strided, "strided", "-weft-check -DCOUNT=2048 -DWAITS=(l==3?2:1)");
  setBuffers(K, {A, B});
  EXPECT_EQ(Run2D(K), CL_OUT_OF_RESOURCES);
  R = reports();
  ASSERT_EQ(R.size(), 1u);
  // The copy is the same in every work-item (and not compared): the wait is the first that differs.
  EXPECT_TRUE(mentions(R[0], {"kernel strided, line 8, column 3", "work-item (3, 0, 0) of work-group ("})) << R[0];
  K = kernel(Strided, "strided", "-weft-check -DCOUNT=2048 -DWAITS=2");
  setBuffers(K, {A, B});
  EXPECT_EQ(Run2D(K), CL_COMPLETE);
  EXPECT_TRUE(reports().empty());
  std::vector<float> Out = read<float>(B, 256);
  for (size_t Y = 0; Y < 16; ++Y)
    for (size_t X = 0; X < 16; ++X)
      ASSERT_EQ(Out[X + 16 * Y], In[2 * ((X % 8) + 8 * (Y % 8))]) << X << ", " << Y;
}

// A kernel that ends without waiting for its async copies (the spec: "The kernel must wait for
// the completion of all async copies ... before exiting"): reported with the first copy's line,
// a small copy too; the same kernel with its wait reports nothing.
TEST_F(Checks, CopiesNeverWaitedFor) {
  const std::vector<float> In = ramp<float>(4096);
  cl_mem A = buffer(In.size() * 4, In.data()), B = buffer(In.size() * 4);
  const char *Source = "kernel void unwaited(global const float *in, global float *out) {\n"
                       "  local float t[64];\n"
                       "  int l = get_local_id(0);\n"
                       "  event_t e = async_work_group_copy(t, in + get_group_id(0) * 64, 64, 0);\n"
                       "  WAIT;\n"
                       "  barrier(CLK_LOCAL_MEM_FENCE);\n"
                       "  out[get_global_id(0)] = t[63 - l];\n"
                       "}\n";
  cl_kernel K = kernel(Source, "unwaited", "-weft-check=copies -DWAIT=(void)e");
  setBuffers(K, {A, B});
  std::string M = failedCheck(K, 4096, 64);
  EXPECT_TRUE(mentions(M, {"kernel unwaited, line 4, column 15: work-group (", "ended with 1 async copy event never waited for",
                           "CL_OUT_OF_RESOURCES"}));
  K = kernel(Source, "unwaited", "-weft-check -DWAIT=wait_group_events(1,&e)");
  setBuffers(K, {A, B});
  expectClean(K, 4096, 64, B, 4096, [&](size_t I) { return In[I / 64 * 64 + 63 - I % 64]; });
}

// Waits for, and copies chained to, an event no copy in flight has (waited for already: "The
// event objects specified in event_list will be released after the wait is performed"): reported
// with the wait's or copy's line and the event; waiting for one event twice in one list is not.
TEST_F(Checks, WaitsForEventsNoCopyHas) {
  const std::vector<float> In = ramp<float>(4096);
  cl_mem A = buffer(In.size() * 4, In.data()), B = buffer(In.size() * 4);
  const char *Source = "kernel void twice(global const float *in, global float *out) {\n"
                       "  local float t[64], u[64];\n"
                       "  int l = get_local_id(0);\n"
                       "  event_t e = async_work_group_copy(t, in + get_group_id(0) * 64, 64, 0);\n"
                       "  wait_group_events(1, &e);\n"
                       "  AGAIN;\n"
                       "  out[get_global_id(0)] = t[63 - l];\n"
                       "}\n";
  cl_kernel K = kernel(Source, "twice", "-weft-check=copies -DAGAIN=wait_group_events(1,&e)");
  setBuffers(K, {A, B});
  EXPECT_TRUE(mentions(failedCheck(K, 4096, 64),
                       {"kernel twice, line 6, column 3: work-group (", " waited for event 1, which no async copy in flight has",
                        "CL_OUT_OF_RESOURCES"}));
  const char *Chained = "-weft-check=copies -DAGAIN=e=async_work_group_copy(u,in,64,e);wait_group_events(1,&e)";
  K = kernel(Source, "twice", Chained);
  setBuffers(K, {A, B});
  EXPECT_TRUE(mentions(failedCheck(K, 4096, 64),
                       {"kernel twice, line 6, column 3: work-group (", " chained an async copy to event 1,"}));
  // Fixed: a list naming its event twice, then nothing more.
  K = kernel(Source, "twice", "-weft-check -DAGAIN=(void)0");
  setBuffers(K, {A, B});
  EXPECT_EQ(run(K, 4096, 64), CL_COMPLETE);
  const char *Listed = "kernel void listed(global const float *in, global float *out) {\n"
                       "  local float t[64];\n"
                       "  event_t e[2];\n"
                       "  e[0] = async_work_group_copy(t, in + get_group_id(0) * 64, 64, 0);\n"
                       "  e[1] = e[0];\n"
                       "  wait_group_events(2, e);\n"
                       "  out[get_global_id(0)] = t[get_local_id(0)];\n"
                       "}\n";
  K = kernel(Listed, "listed");
  setBuffers(K, {A, B});
  expectClean(K, 4096, 64, B, 4096, [&](size_t I) { return In[I]; });
}

// Copies in flight whose bytes in local memory overlap, one writing them: a copy out of a tile
// whose copy in was not waited for, and two copies into one tile; the same ordered by a wait or
// a fence (cl_khr_async_work_group_copy_fence), or only reading the same bytes, report nothing.
TEST_F(Checks, CopiesOverlappingInLocalMemory) {
  const std::vector<float> In = ramp<float>(4096);
  cl_mem A = buffer(In.size() * 4, In.data()), B = buffer(In.size() * 4);
  const char *Source = "#pragma OPENCL EXTENSION cl_khr_async_work_group_copy_fence : enable\n"
                       "kernel void through(global const float *in, global float *out) {\n"
                       "  local float t[128];\n"
                       "  size_t g = get_group_id(0) * 64;\n"
                       "  event_t e = async_work_group_copy(t, in + g, 64, 0);\n"
                       "  ORDER;\n"
                       "  event_t f = async_work_group_copy(out + g, t + 16, 48, 0);\n"
                       "  event_t h = async_work_group_copy(out + g + 48, t, 16, 0);\n"
                       "  LAST;\n"
                       "  wait_group_events(1, &f);\n"
                       "  wait_group_events(1, &h);\n"
                       "}\n";
  const std::string Wait = " -DLAST=wait_group_events(1,&e)";
  cl_kernel K = kernel(Source, "through", ("-weft-check=copies -DORDER=(void)0" + Wait).c_str());
  setBuffers(K, {A, B});
  EXPECT_TRUE(mentions(failedCheck(K, 4096, 64),
                       {"kernel through, line 7, column 15: work-group (",
                        " made an async copy whose bytes in local memory overlap those of the copy at line 5, column 15",
                        "CL_OUT_OF_RESOURCES"}));
  // A second copy into bytes the first is still writing (t + 32 .. t + 96 over t .. t + 64).
  K = kernel(Source, "through", ("-weft-check=copies -DORDER=e=async_work_group_copy(t+32,in+g,64,e)" + Wait).c_str());
  setBuffers(K, {A, B});
  EXPECT_TRUE(mentions(failedCheck(K, 4096, 64),
                       {"kernel through, line 6, column ", "those of the copy at line 5, column 15"}));
  for (const std::string &Order : {std::string("wait_group_events(1,&e) -DLAST=(void)0"),
                                   "async_work_group_copy_fence(CLK_LOCAL_MEM_FENCE)" + Wait}) {
    K = kernel(Source, "through", ("-weft-check -DORDER=" + Order).c_str());
    setBuffers(K, {A, B});
    EXPECT_EQ(run(K, 4096, 64), CL_COMPLETE) << Order;
    EXPECT_TRUE(reports().empty()) << Order;
    std::vector<float> Out = read<float>(B, 4096);
    for (size_t I = 0; I < 4096; ++I)
      ASSERT_EQ(Out[I], I % 64 < 48 ? In[I + 16] : In[I - 48]) << Order << ": " << I;
  }
  // Copies out of the same bytes, and a copy in beside them: nothing written twice or read while
  // written.
  const char *Beside = "kernel void beside(global const float *in, global float *out) {\n"
                       "  local float t[128];\n"
                       "  size_t g = get_group_id(0) * 64;\n"
                       "  event_t e = async_work_group_copy(t, in + g, 64, 0);\n"
                       "  wait_group_events(1, &e);\n"
                       "  e = async_work_group_copy(out + g, t, 32, 0);\n"
                       "  event_t f = async_work_group_strided_copy(out + g + 32, t, 32, 1, 0);\n"
                       "  event_t h = async_work_group_copy(t + 64, in + g, 64, 0);\n"
                       "  wait_group_events(1, &e);\n"
                       "  wait_group_events(1, &f);\n"
                       "  wait_group_events(1, &h);\n"
                       "}\n";
  K = kernel(Beside, "beside", "-weft-check=copies");
  setBuffers(K, {A, B});
  expectClean(K, 4096, 64, B, 4096, [&](size_t I) { return In[I / 64 * 64 + I % 32]; });
}

// Loops of small copies chained on one event (which checked kernels make through the copy engine,
// which runs such a chain together at its wait): 24 x 24 tiles of a 72 x 72 matrix transposed
// through local memory, columns in and rows out, then rows in and columns out, correct; and a
// loop whose copies write one another's bytes, found at its line.
TEST_F(Checks, ChainsOfSmallCopies) {
  const std::vector<float> In = ramp<float>(72 * 72);
  cl_mem A = buffer(In.size() * 4, In.data()), B = buffer(In.size() * 4);
  const char *Source =
      "kernel void tiles(global const float *in, global float *out, uint rows) {\n"
      "  local float t[24 * 25];\n"
      "  size_t ty = get_group_id(0) / 3, tx = get_group_id(0) % 3;\n"
      "  event_t e = 0;\n"
      "  for (uint j = 0; j < 24; ++j)\n"
      "    e = async_work_group_strided_copy(t + j * rows, in + ty * 24 * 72 + tx * 24 + j, 24, "
      "72, e);\n"
      "  wait_group_events(1, &e);\n"
      "  event_t f = 0;\n"
      "  for (uint j = 0; j < 24; ++j)\n"
      "    f = async_work_group_copy(out + (tx * 24 + j) * 72 + ty * 24, t + j * rows, 24, f);\n"
      "  wait_group_events(1, &f);\n"
      "}\n"
      "kernel void back(global const float *in, global float *out) {\n"
      "  local float t[24 * 24];\n"
      "  size_t ty = get_group_id(0) / 3, tx = get_group_id(0) % 3;\n"
      "  event_t e = 0;\n"
      "  for (uint j = 0; j < 24; ++j)\n"
      "    e = async_work_group_copy(t + j * 24, in + (ty * 24 + j) * 72 + tx * 24, 24, e);\n"
      "  wait_group_events(1, &e);\n"
      "  event_t f = 0;\n"
      "  for (uint j = 0; j < 24; ++j)\n"
      "    f = async_work_group_strided_copy(out + tx * 24 * 72 + ty * 24 + j, t + j * 24, 24, 72, "
      "f);\n"
      "  wait_group_events(1, &f);\n"
      "}\n";
  auto transposed = [&](size_t I) { return In[I % 72 * 72 + I / 72]; };
  for (cl_uint Rows : {24u, 25u}) { // rows packed, and padded
    cl_kernel K = kernel(Source, "tiles", "-weft-check");
    setBuffers(K, {A, B});
    ASSERT_EQ(clSetKernelArg(K, 2, sizeof Rows, &Rows), CL_SUCCESS);
    expectClean(K, 9 * 16, 16, B, In.size(), transposed);
  }
  cl_kernel K = kernel(Source, "back", "-weft-check");
  setBuffers(K, {A, B});
  expectClean(K, 9 * 16, 16, B, In.size(), transposed);
  // Rows 26 floats apart: the last column's copy writes past the tile (checked as one nest, whose
  // range fails, then column by column).
  K = kernel(Source, "tiles", "-weft-check=bounds");
  setBuffers(K, {A, B});
  const cl_uint Past = 26;
  ASSERT_EQ(clSetKernelArg(K, 2, sizeof Past, &Past), CL_SUCCESS);
  EXPECT_TRUE(mentions(failedCheck(K, 9 * 16, 16),
                       {"kernel tiles, line 6, column 9: work-item (0, 0, 0) of work-group (",
                        "writes 4 bytes at +2400 in the __local variable `t` (2400 bytes)"}));
  // Rows 20 floats apart, 24 long: each copy writes over the start of the one before.
  K = kernel(Source, "tiles", "-weft-check=copies");
  setBuffers(K, {A, B});
  const cl_uint Overlapping = 20;
  ASSERT_EQ(clSetKernelArg(K, 2, sizeof Overlapping, &Overlapping), CL_SUCCESS);
  EXPECT_TRUE(mentions(
      failedCheck(K, 9 * 16, 16),
      {"kernel tiles, line 6, column ",
       "made an async copy whose bytes in local memory overlap those of the copy at line 6"}));
}

// A kernel started while memory it uses is mapped for writing (the spec: "the application must
// ensure that the memory object is unmapped before any enqueued kernels ... begin execution"):
// reported with the argument, and the kernel does not run; mapped for reading, unmapped by the
// time the kernel starts (it waited for a user event), or mapped elsewhere in the parent of a
// sub-buffer, nothing is reported.
TEST_F(Checks, KernelsOnMemoryMappedForWriting) {
  std::vector<int> Zeros(1024, 0);
  cl_mem A = buffer(Zeros.size() * 4, Zeros.data());
  cl_kernel K = kernel("kernel void add(global int *p) { p[get_global_id(0)] += 1; }", "add");
  cl_int Err;
  auto Map = [&](cl_map_flags Flags, size_t Offset, size_t Bytes) {
    void *P = clEnqueueMapBuffer(Q, A, CL_TRUE, Flags, Offset, Bytes, 0, nullptr, nullptr, &Err);
    EXPECT_EQ(Err, CL_SUCCESS);
    return P;
  };
  auto Unmap = [&](void *P) {
    EXPECT_EQ(clEnqueueUnmapMemObject(Q, A, P, 0, nullptr, nullptr), CL_SUCCESS);
    EXPECT_EQ(clFinish(Q), CL_SUCCESS);
  };
  setBuffers(K, {A});
  void *P = Map(CL_MAP_WRITE, 0, 4096);
  EXPECT_TRUE(mentions(failedCheck(K, 1024, 64),
                       {"check failed: kernel add: argument 0 (a buffer of 4096 bytes) is in memory mapped for writing",
                        "CL_OUT_OF_RESOURCES"}));
  EXPECT_EQ(static_cast<int *>(P)[5], 0); // not run
  Unmap(P);
  P = Map(CL_MAP_READ, 0, 4096);
  EXPECT_EQ(run(K, 1024, 64), CL_COMPLETE);
  Unmap(P);

  // Mapped when enqueued, unmapped (on another queue) before the kernel starts.
  P = Map(CL_MAP_WRITE_INVALIDATE_REGION, 0, 4096);
  cl_event User = clCreateUserEvent(Ctx, &Err), Done = nullptr;
  ASSERT_EQ(Err, CL_SUCCESS);
  size_t Global = 1024, Local = 64;
  ASSERT_EQ(clEnqueueNDRangeKernel(Q, K, 1, nullptr, &Global, &Local, 1, &User, &Done), CL_SUCCESS);
  cl_command_queue Other = clCreateCommandQueueWithProperties(Ctx, Device, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  EXPECT_EQ(clEnqueueUnmapMemObject(Other, A, P, 0, nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(clFinish(Other), CL_SUCCESS);
  EXPECT_EQ(clSetUserEventStatus(User, CL_COMPLETE), CL_SUCCESS);
  EXPECT_EQ(clWaitForEvents(1, &Done), CL_SUCCESS);
  clReleaseEvent(Done);
  clReleaseEvent(User);
  clReleaseCommandQueue(Other);

  // Sub-buffers: the parent's second half mapped for writing.
  cl_buffer_region Halves[2] = {{0, 2048}, {2048, 2048}};
  cl_mem Sub[2];
  for (int H = 0; H < 2; ++H) {
    Sub[H] = clCreateSubBuffer(A, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &Halves[H], &Err);
    ASSERT_EQ(Err, CL_SUCCESS);
    Buffers.push_back(Sub[H]);
  }
  P = Map(CL_MAP_WRITE, 3072, 16);
  setBuffers(K, {Sub[0]});
  EXPECT_EQ(run(K, 512, 64), CL_COMPLETE);
  setBuffers(K, {Sub[1]});
  EXPECT_TRUE(mentions(failedCheck(K, 512, 64), {"argument 0 (a sub-buffer of 2048 bytes at offset 2048"}));
  Unmap(P);
  EXPECT_TRUE(reports().empty());
  std::vector<int> Out = read<int>(A, 1024);
  for (size_t I = 0; I < 1024; ++I)
    ASSERT_EQ(Out[I], I < 512 ? 3 : 2) << I; // the read-mapped run, the user-event run, sub-buffer 0's
}

// Reads of local memory nothing in the work-group wrote (checks of uninitialized reads): reported
// with the variable or argument and the offset; bytes written by another work-item before a
// barrier, by an async copy (small, in the kernel, or large, through the engine) or by an atomic,
// report nothing, and nor does a group after another that wrote them (each group starts unwritten).
TEST_F(Checks, UninitializedLocalReads) {
  const std::vector<float> In = ramp<float>(4096);
  cl_mem A = buffer(In.size() * 4, In.data()), B = buffer(In.size() * 4);
  const char *Source = "kernel void partial(global const float *in, global float *out, local float *u) {\n"
                       "  local float t[64];\n"
                       "  int l = get_local_id(0);\n"
                       "  if (l < LIMIT) t[l] = in[get_global_id(0)];\n"
                       "  barrier(CLK_LOCAL_MEM_FENCE);\n"
                       "  out[get_global_id(0)] = t[63 - l];\n"
                       "}\n";
  cl_kernel K = kernel(Source, "partial", "-weft-check=uninitialized -DLIMIT=63");
  setBuffers(K, {A, B});
  ASSERT_EQ(clSetKernelArg(K, 2, 256, nullptr), CL_SUCCESS);
  EXPECT_TRUE(mentions(failedCheck(K, 4096, 64),
                       {"kernel partial, line 6, column 27: work-item (0, 0, 0) of work-group (0, 0, 0) reads 4 bytes "
                        "in the __local variable `t` (256 bytes) that nothing in the work-group wrote before",
                        "CL_OUT_OF_RESOURCES"}));
  K = kernel(Source, "partial", "-weft-check -DLIMIT=64");
  setBuffers(K, {A, B});
  ASSERT_EQ(clSetKernelArg(K, 2, 256, nullptr), CL_SUCCESS);
  expectClean(K, 4096, 64, B, 4096, [&](size_t I) { return In[I / 64 * 64 + 63 - I % 64]; });

  // Through a __local argument: async copies of 64 floats (in the kernel) or 2048 (the engine's),
  // an atomic counter, and a read one float past what the copy wrote.
  const char *Copied = "kernel void copied(global const float *in, global float *out, local float *u) {\n"
                       "  local int count;\n"
                       "  int l = get_local_id(0);\n"
                       "  if (l == 0) count = 0;\n"
                       "  event_t e = async_work_group_copy(u, in + get_group_id(0) * 64, N, 0);\n"
                       "  wait_group_events(1, &e);\n"
                       "  barrier(CLK_LOCAL_MEM_FENCE);\n"
                       "  atomic_add(&count, 1);\n"
                       "  barrier(CLK_LOCAL_MEM_FENCE);\n"
                       "  out[get_global_id(0)] = u[(l + SHIFT) % N] + (count == 64 ? 0.0f : 1.0f);\n"
                       "}\n";
  for (const char *Size : {"64", "2048"}) {
    K = kernel(Copied, "copied", (std::string("-weft-check=uninitialized -DSHIFT=0 -DN=") + Size).c_str());
    setBuffers(K, {A, B});
    ASSERT_EQ(clSetKernelArg(K, 2, 2048 * 4 + 4, nullptr), CL_SUCCESS);
    size_t Global = std::string(Size) == "64" ? 4096 : 64 * 64 - 2048 + 64;
    EXPECT_EQ(run(K, Global, 64), CL_COMPLETE) << Size;
    EXPECT_TRUE(reports().empty()) << Size;
    std::vector<float> Out = read<float>(B, 64);
    for (size_t I = 0; I < 64; ++I)
      ASSERT_EQ(Out[I], In[I]) << Size << ": " << I;
  }
  K = kernel(Copied, "copied", "-weft-check=uninitialized -DSHIFT=1 -DN=(64+(l==63))");
  setBuffers(K, {A, B});
  ASSERT_EQ(clSetKernelArg(K, 2, 2048 * 4 + 4, nullptr), CL_SUCCESS);
  EXPECT_TRUE(mentions(failedCheck(K, 4096, 64),
                       {"kernel copied, line 10, column 27: work-item (63, 0, 0) of work-group (0, 0, 0) reads 4 bytes "
                        "through argument 2 (a __local argument of 8196 bytes) that nothing"}));

  // A 2D copy into local memory marks its lines and not the gaps between them (8 floats a row, 4
  // written), and a 3D copy whose planes are contiguous lines its planes and not the gaps between
  // them (2 lines of 4 floats a plane, 16 floats apart): reading what they wrote is clean, reading
  // a gap (GAP floats on) is reported.
  struct Shape {
    const char *Copy, *Index, *Gap;
  };
  for (const Shape &S :
       {Shape{"2D2D(t, 0, in, get_group_id(0) * 32, 4, 4, 8, 4, 8, 0)", "l / 4 * 8 + l % 4", "4"},
        Shape{"3D3D(t, 0, in, get_group_id(0) * 32, 4, 4, 2, 4, 4, 8, 4, 16, 0)",
              "l / 8 * 16 + l % 8", "8"}}) {
    const std::string Source =
        std::string("#pragma OPENCL EXTENSION cl_khr_extended_async_copies : enable\n"
                    "kernel void lines(global const float *in, global float *out) {\n"
                    "  local float t[64];\n"
                    "  int l = get_local_id(0);\n"
                    "  event_t e = async_work_group_copy_") +
        S.Copy + ";\n  wait_group_events(1, &e);\n  out[get_global_id(0)] = t[" + S.Index +
        " + GAP];\n}\n";
    K = kernel(Source.c_str(), "lines", "-weft-check=uninitialized -DGAP=0");
    setBuffers(K, {A, B});
    expectClean(K, 1024, 32, B, 1024, [&](size_t I) { return In[I]; });
    K = kernel(Source.c_str(), "lines",
               (std::string("-weft-check=uninitialized -DGAP=") + S.Gap).c_str());
    setBuffers(K, {A, B});
    EXPECT_TRUE(mentions(failedCheck(K, 1024, 32),
                         {"kernel lines, line 7, column ", "reads 4 bytes", "that nothing"}))
        << S.Copy;
  }

  // Two sites read unwritten bytes in one stretch: the first in the kernel's order is reported,
  // with race checks on too (whose own record comes first where there is a race).
  const char *Two = "kernel void two(global float *out) {\n"
                    "  local float t[64], v[64];\n"
                    "  int l = get_local_id(0);\n"
                    "  float a = t[l];\n"
                    "  float b = v[l];\n"
                    "  out[get_global_id(0)] = a + b;\n"
                    "}\n";
  for (const char *Checks : {"-weft-check=uninitialized", "-weft-check=uninitialized,races"}) {
    K = kernel(Two, "two", Checks);
    setBuffers(K, {B});
    EXPECT_TRUE(mentions(
        failedCheck(K, 64, 64),
        {"kernel two, line 4, column 13: work-item (0, 0, 0) of work-group (0, 0, 0) reads 4 bytes "
         "in the __local variable `t` (256 bytes) that nothing"}))
        << Checks;
  }
}

// Races on local memory (checks of races): a read of bytes another work-item wrote, or a write of
// bytes another read or wrote with another value, with no barrier between, is reported with the
// two work-items; barriers, async copies, the same value stored by many and a round count that
// wraps report nothing.
TEST_F(Checks, LocalMemoryRaces) {
  const std::vector<float> In = ramp<float>(4096);
  cl_mem A = buffer(In.size() * 4, In.data()), B = buffer(In.size() * 4);
  // Each work-item reads its neighbour's element: after a barrier, or not (BARRIER empty).
  const char *Neighbour = "kernel void neighbour(global const float *in, global float *out) {\n"
                          "  local float t[64];\n"
                          "  int l = get_local_id(0);\n"
                          "  t[l] = in[get_global_id(0)];\n"
                          "  BARRIER\n"
                          "  out[get_global_id(0)] = t[(l + SHIFT) % 64];\n"
                          "}\n";
  // Work-item 1 writes t[1] after work-item 0 read it.
  cl_kernel K = kernel(Neighbour, "neighbour", "-weft-check=races -DBARRIER= -DSHIFT=1");
  setBuffers(K, {A, B});
  EXPECT_TRUE(mentions(failedCheck(K, 4096, 64),
                       {"kernel neighbour, line 4, column 8: work-item (1, 0, 0) of work-group (0, 0, 0) writes 4 "
                        "bytes in the __local variable `t` (256 bytes) that work-item (0, 0, 0) read since the last "
                        "barrier: a data race",
                        "CL_OUT_OF_RESOURCES"}));
  // Work-item 1 reads t[0], which work-item 0 wrote.
  K = kernel(Neighbour, "neighbour", "-weft-check=races -DBARRIER= -DSHIFT=63");
  setBuffers(K, {A, B});
  EXPECT_TRUE(mentions(failedCheck(K, 4096, 64),
                       {"kernel neighbour, line 6, column 27: work-item (1, 0, 0) of work-group (0, 0, 0) reads 4 "
                        "bytes in the __local variable `t` (256 bytes) that work-item (0, 0, 0) wrote since the last "
                        "barrier"}));
  for (const char *Shift : {"1", "63"}) {
    K = kernel(Neighbour, "neighbour",
               (std::string("-weft-check=all,races -DBARRIER=barrier(CLK_LOCAL_MEM_FENCE); -DSHIFT=") + Shift).c_str());
    setBuffers(K, {A, B});
    const int S = std::atoi(Shift);
    expectClean(K, 4096, 64, B, 4096, [&](size_t I) { return In[I / 64 * 64 + (I % 64 + S) % 64]; });
  }

  // A write under a branch after the barrier is in the reads' stretch: work-item 5 writes t[5],
  // which work-item 4 read (reads get tags only where their stretch may write what they read).
  const char *Late = "kernel void late(global const float *in, global float *out) {\n"
                     "  local float t[64];\n"
                     "  int l = get_local_id(0);\n"
                     "  t[l] = in[get_global_id(0)];\n"
                     "  barrier(CLK_LOCAL_MEM_FENCE);\n"
                     "  float v = t[(l + 1) % 64];\n"
                     "  if (v > 1.0e9f || l == 5) t[l] = v;\n"
                     "  out[get_global_id(0)] = v;\n"
                     "}\n";
  K = kernel(Late, "late", "-weft-check=races");
  setBuffers(K, {A, B});
  EXPECT_TRUE(mentions(
      failedCheck(K, 4096, 64),
      {"kernel late, line 7, column 34: work-item (5, 0, 0) of work-group (0, 0, 0) writes 4 "
       "bytes in the __local variable `t` (256 bytes) that work-item (4, 0, 0) read since the last "
       "barrier: a data race"}));

  // Through a __local argument, in two dimensions: every work-item writes u[0] its own value, or
  // the same one (no harm: not reported).
  const char *Same = "kernel void same(global float *out, local float *u) {\n"
                     "  u[0] = VALUE;\n"
                     "  barrier(CLK_LOCAL_MEM_FENCE);\n"
                     "  out[get_global_id(1) * 64 + get_global_id(0)] = u[0];\n"
                     "}\n";
  const size_t Global[2] = {64, 64}, Local[2] = {8, 8};
  K = kernel(Same, "same", "-weft-check=races -DVALUE=get_local_id(1)");
  setBuffers(K, {B});
  ASSERT_EQ(clSetKernelArg(K, 1, 64, nullptr), CL_SUCCESS);
  EXPECT_EQ(run(K, 2, Global, Local), CL_OUT_OF_RESOURCES);
  std::vector<std::string> R = reports();
  ASSERT_EQ(R.size(), 1u);
  EXPECT_TRUE(mentions(R[0], {"kernel same, line 2, column 8: work-item (0, 1, 0) of work-group (0, 0, 0) writes 4 "
                              "bytes through argument 1 (a __local argument of 64 bytes) that work-item (7, 0, 0) "
                              "wrote (another value) since the last barrier"}));
  // "all" leaves races out (-weft-check names every other check).
  K = kernel(Same, "same", "-weft-check -DVALUE=get_local_id(1)");
  setBuffers(K, {B});
  ASSERT_EQ(clSetKernelArg(K, 1, 64, nullptr), CL_SUCCESS);
  EXPECT_EQ(run(K, 2, Global, Local), CL_COMPLETE);
  EXPECT_TRUE(reports().empty());
  K = kernel(Same, "same", "-weft-check=races -DVALUE=7.0f");
  setBuffers(K, {B});
  ASSERT_EQ(clSetKernelArg(K, 1, 64, nullptr), CL_SUCCESS);
  EXPECT_EQ(run(K, 2, Global, Local), CL_COMPLETE);
  EXPECT_TRUE(reports().empty());

  // A tile loop without the barrier at the end of each step: the next step's write of t[l] races
  // with the last step's read of it by work-item l - 1. With it, and an async copy (in the kernel,
  // or the engine's) read after its wait in the same stretch, nothing; 70000 steps wrap the
  // 16-bit round count twice.
  const char *Steps = "kernel void steps(global const float *in, global float *out, int n) {\n"
                      "  local float t[64], c[64];\n"
                      "  int l = get_local_id(0);\n"
                      "  float acc = 0.0f;\n"
                      "  for (int s = 0; s < n; ++s) {\n"
                      "    t[l] = in[(get_group_id(0) * 64 + l + s) % 4096];\n"
                      "    barrier(CLK_LOCAL_MEM_FENCE);\n"
                      "    acc += t[(l + 1) % 64];\n"
                      "    END\n"
                      "  }\n"
                      "  event_t e = async_work_group_copy(c, in + get_group_id(0) * 64, 64, 0);\n"
                      "  wait_group_events(1, &e);\n"
                      "  out[get_global_id(0)] = acc + c[63 - l];\n"
                      "}\n";
  K = kernel(Steps, "steps", "-weft-check=races -DEND=");
  setBuffers(K, {A, B});
  int Count = 3;
  ASSERT_EQ(clSetKernelArg(K, 2, sizeof Count, &Count), CL_SUCCESS);
  EXPECT_TRUE(mentions(failedCheck(K, 4096, 64),
                       {"kernel steps, line 6, column 10: work-item (1, 0, 0) of work-group (0, 0, 0) writes 4 bytes "
                        "in the __local variable `t` (256 bytes) that work-item (0, 0, 0) read since the last barrier"}));
  for (const char *Options : {"-weft-check=races", "-weft-check=all,races"}) {
    K = kernel(Steps, "steps", (std::string(Options) + " -DEND=barrier(CLK_LOCAL_MEM_FENCE);").c_str());
    setBuffers(K, {A, B});
    for (int N : {3, 70000}) {
      ASSERT_EQ(clSetKernelArg(K, 2, sizeof N, &N), CL_SUCCESS);
      const size_t Groups = N == 3 ? 4096 : 128;
      expectClean(K, Groups, 64, B, Groups, [&](size_t I) {
        float Acc = 0.0f;
        for (int S = 0; S < N; ++S)
          Acc += In[(I / 64 * 64 + (I % 64 + 1) % 64 + S) % 4096];
        return Acc + In[I / 64 * 64 + 63 - I % 64];
      });
    }
  }
}

// A tile each work-item writes its own element of (t[ly][lx]): with 16 x 16 work-items no two
// reach the same bytes and the writes need no tags (race checks test that once for the group);
// with 32 x 8 work-item (16, 0) writes t[0][16], which is t[1][0], and work-item (0, 1) writes
// it again: a race, reported. The transposed read after the barrier is each work-item's
// neighbour's element, as in a tiled kernel.
TEST_F(Checks, RacesOfTilesWrittenApart) {
  const std::vector<float> In = ramp<float>(512);
  cl_mem A = buffer(In.size() * 4, In.data()), B = buffer(In.size() * 4);
  const char *Source = "kernel void tile(global const float *in, global float *out) {\n"
                       "  local float t[16][16];\n"
                       "  int lx = get_local_id(0), ly = get_local_id(1);\n"
                       "  t[ly][lx] = in[get_global_id(1) * 32 + get_global_id(0)];\n"
                       "  barrier(CLK_LOCAL_MEM_FENCE);\n"
                       "  out[get_global_id(1) * 32 + get_global_id(0)] = t[lx % 16][ly % 16];\n"
                       "}\n";
  for (const char *Options :
       {"-weft-check=races", "-weft-check=all,races", "-weft-check=races -cl-opt-disable"}) {
    cl_kernel K = kernel(Source, "tile", Options);
    setBuffers(K, {A, B});
    const size_t Global[2] = {32, 16}, Square[2] = {16, 16}, Wide[2] = {32, 8};
    EXPECT_EQ(run(K, 2, Global, Square), CL_COMPLETE) << Options;
    EXPECT_TRUE(reports().empty()) << Options;
    std::vector<float> Out = read<float>(B, 512);
    for (size_t Y = 0; Y < 16; ++Y)
      for (size_t X = 0; X < 32; ++X)
        ASSERT_EQ(Out[Y * 32 + X], In[X % 16 * 32 + X / 16 * 16 + Y])
            << Options << ": " << X << ", " << Y;
    if (std::strstr(Options, "all"))
      continue; // 32 x 8 leaves rows of the tile unwritten, which the read finds first
    EXPECT_EQ(run(K, 2, Global, Wide), CL_OUT_OF_RESOURCES) << Options;
    std::vector<std::string> R = reports();
    ASSERT_EQ(R.size(), 1u) << Options;
    EXPECT_TRUE(mentions(
        R[0],
        {"kernel tile, line 4, column 13: work-item (0, 1, 0) of work-group (0, 0, 0) writes 4 "
         "bytes in the __local variable `t` (1024 bytes) that work-item (16, 0, 0) wrote (another "
         "value) since the last barrier"}))
        << Options << ": " << R[0];
  }
}

// Reads of bytes a store covered before a barrier need not read their marks (tested once for the
// group): each work-item's neighbour's element after every work-item wrote its own is clean; when
// only the first 32 work-items wrote, the test fails where the read reaches past them, and
// work-item 31's read of t[32] is reported.
TEST_F(Checks, UninitializedReadsOfCoveredBytes) {
  const std::vector<float> In = ramp<float>(4096);
  cl_mem A = buffer(In.size() * 4, In.data()), B = buffer(In.size() * 4);
  const char *Source = "kernel void next(global const float *in, global float *out) {\n"
                       "  local float t[64];\n"
                       "  uint l = get_local_id(0);\n"
                       "  if (l < WRITTEN) t[l] = in[get_global_id(0)];\n"
                       "  barrier(CLK_LOCAL_MEM_FENCE);\n"
                       "  if (l < 63) out[get_global_id(0)] = t[l + 1];\n"
                       "}\n";
  for (const char *Options : {"-weft-check=uninitialized", "-weft-check=all,races",
                              "-weft-check=uninitialized -cl-opt-disable"}) {
    cl_kernel K = kernel(Source, "next", (std::string(Options) + " -DWRITTEN=64").c_str());
    setBuffers(K, {A, B});
    EXPECT_EQ(run(K, 4096, 64), CL_COMPLETE) << Options;
    EXPECT_TRUE(reports().empty()) << Options;
    std::vector<float> Out = read<float>(B, 4096);
    for (size_t I = 0; I < Out.size(); ++I)
      if (I % 64 < 63) {
        ASSERT_EQ(Out[I], In[I + 1]) << Options << ": " << I;
      }
    K = kernel(Source, "next", (std::string(Options) + " -DWRITTEN=32").c_str());
    setBuffers(K, {A, B});
    EXPECT_TRUE(mentions(
        failedCheck(K, 4096, 64),
        {"kernel next, line 6, column 39: work-item (31, 0, 0) of work-group (0, 0, 0) reads 4 "
         "bytes in the __local variable `t` (256 bytes) that nothing in the work-group wrote"}))
        << Options;
  }
}

// A tree reduction, `if (l < s) t[l] += t[l + s]` with a barrier each round: its reads and
// writes stay apart (t[l] below s, t[l + s] from s up), which race checks work out once a round
// instead of tagging each access; the sum is right and nothing is reported. Reading t[l + s - 1]
// instead, work-item 0 reads t[s - 1], which work-item s - 1 writes in the same round (the report
// names the lowest work-item that found a race: 1, in the round of s = 2); without the barrier in
// the loop, s changes between the accesses of one stretch (work-item 0 reads t[1] in the last
// round, which work-item 1 then writes in its first): both reported.
TEST_F(Checks, RacesOfTreeReductions) {
  std::vector<float> In(4096);
  for (size_t I = 0; I < In.size(); ++I)
    In[I] = float(I % 7);
  cl_mem A = buffer(In.size() * 4, In.data()), B = buffer(64 * 4);
  const char *Source = "kernel void reduce(global const float *in, global float *out) {\n"
                       "  local float t[64];\n"
                       "  uint l = get_local_id(0);\n"
                       "  t[l] = in[get_global_id(0)];\n"
                       "  barrier(CLK_LOCAL_MEM_FENCE);\n"
                       "  for (uint s = get_local_size(0) / 2; s > 0; s /= 2) {\n"
                       "    if (l < s) t[l] += t[l + s - SHIFT];\n"
                       "    ROUND\n"
                       "  }\n"
                       "  barrier(CLK_LOCAL_MEM_FENCE);\n"
                       "  if (l == 0) out[get_group_id(0)] = t[0];\n"
                       "}\n";
  for (const char *Options : {"-weft-check=races", "-weft-check=all,races"}) {
    cl_kernel K =
        kernel(Source, "reduce",
               (std::string(Options) + " -DSHIFT=0 -DROUND=barrier(CLK_LOCAL_MEM_FENCE);").c_str());
    setBuffers(K, {A, B});
    EXPECT_EQ(run(K, 4096, 64), CL_COMPLETE) << Options;
    EXPECT_TRUE(reports().empty()) << Options;
    std::vector<float> Out = read<float>(B, 64);
    for (size_t G = 0; G < 64; ++G) {
      float Sum = 0;
      for (size_t I = 0; I < 64; ++I)
        Sum += In[G * 64 + I];
      ASSERT_EQ(Out[G], Sum) << Options << ": " << G;
    }
  }
  cl_kernel K =
      kernel(Source, "reduce", "-weft-check=races -DSHIFT=1 -DROUND=barrier(CLK_LOCAL_MEM_FENCE);");
  setBuffers(K, {A, B});
  EXPECT_TRUE(
      mentions(failedCheck(K, 4096, 64), {"kernel reduce, line 7, column 21: work-item (1, 0, 0) "
                                          "of work-group (0, 0, 0) writes 4 bytes "
                                          "in the __local variable `t` (256 bytes) that work-item "
                                          "(0, 0, 0) read since the last barrier"}));
  K = kernel(Source, "reduce", "-weft-check=races -DSHIFT=0 -DROUND=");
  setBuffers(K, {A, B});
  EXPECT_TRUE(
      mentions(failedCheck(K, 4096, 64), {"kernel reduce, line 7, column 21: work-item (1, 0, 0) "
                                          "of work-group (0, 0, 0) writes 4 bytes "
                                          "in the __local variable `t` (256 bytes) that work-item "
                                          "(0, 0, 0) read since the last barrier"}));
}

// Kernels where the shortcuts of race and uninitialized checks must not hold (found by an
// adversarial review): accesses that one id each runs but different ids (`l == 0` writes, `l ==
// 1` reads the same bytes; rows 0 and 1 of a 2D group); an unsigned product whose narrow value
// wraps ((int)(l * m) + 1 with m = 2^28 + 1 is l + 1); a short index that wraps to 0; a partial
// last work-group, whose store covers fewer bytes than the enqueued size suggests; a read past
// its array that nothing writes, still bounds-checked under race checks. Each is reported.
TEST_F(Checks, ShortcutsOfRaceAndUninitializedChecksHoldOnlyWhereSound) {
  std::vector<int> In(256);
  std::iota(In.begin(), In.end(), 0);
  cl_mem A = buffer(In.size() * 4, In.data()), B = buffer(In.size() * 4);
  struct Case {
    const char *Source, *Options;
    cl_uint Dims;
    size_t Global[2], Local[2];
    const char *Report;
  };
  const Case Cases[] = {
      {"kernel void k(global int *out, global int *in) {\n"
       "  local int t[64];\n"
       "  int l = get_local_id(0);\n"
       "  if (l == 0) t[5] = in[0];\n"
       "  out[l] = in[l];\n"
       "  if (l == 1) out[0] = t[5];\n"
       "}\n",
       "-weft-check=races",
       1,
       {64, 1},
       {64, 1},
       "work-item (1, 0, 0) of work-group (0, 0, 0) reads 4 bytes in the __local variable `t` (256 "
       "bytes) that "
       "work-item (0, 0, 0) wrote since the last barrier"},
      {"kernel void k(global int *out, global int *in) {\n"
       "  local int t[16];\n"
       "  int lx = get_local_id(0), ly = get_local_id(1);\n"
       "  if (ly == 0) t[lx] = in[lx];\n"
       "  out[ly * 16 + lx] = 0;\n"
       "  if (ly == 1) out[lx] = t[lx];\n"
       "}\n",
       "-weft-check=races",
       2,
       {16, 2},
       {16, 2},
       "work-item (0, 1, 0) of work-group (0, 0, 0) reads 4 bytes in the __local variable `t` (64 "
       "bytes) that "
       "work-item (0, 0, 0) wrote since the last barrier"},
      {"kernel void k(global int *out, global int *in) {\n"
       "  local int t[64];\n"
       "  uint l = get_local_id(0), m = 268435457;\n"
       "  t[l] = in[l];\n"
       "  if (l >= 16 && l % 16 == 0) out[l] = t[(int)(l * m) + 1];\n"
       "}\n",
       "-weft-check=races",
       1,
       {64, 1},
       {64, 1},
       "work-item (17, 0, 0) of work-group (0, 0, 0) writes 4 bytes in the __local variable `t` "
       "(256 bytes) that "
       "work-item (16, 0, 0) read since the last barrier"},
      {"kernel void k(global int *out, global int *in) {\n"
       "  local int t[4];\n"
       "  int l = get_local_id(0);\n"
       "  if (l % 16 == 0) t[(short)(l * 4096)] = in[l];\n"
       "  barrier(CLK_LOCAL_MEM_FENCE);\n"
       "  out[l] = t[0];\n"
       "}\n",
       "-weft-check=races",
       1,
       {64, 1},
       {64, 1},
       "work-item (16, 0, 0) of work-group (0, 0, 0) writes 4 bytes in the __local variable `t` "
       "(16 bytes) that "
       "work-item (0, 0, 0) wrote (another value) since the last barrier"},
      {"kernel void k(global int *out, global int *in) {\n"
       "  local int t[64];\n"
       "  int l = get_local_id(0);\n"
       "  t[l] = in[get_global_id(0)];\n"
       "  barrier(CLK_LOCAL_MEM_FENCE);\n"
       "  if (l == 0) {\n"
       "    int s = 0;\n"
       "    for (int k = 0; k < 64; k++) s += t[k];\n"
       "    out[get_group_id(0)] = s;\n"
       "  }\n"
       "}\n",
       "-weft-check=uninitialized -cl-std=CL3.0",
       1,
       {100, 1},
       {64, 1},
       "work-item (0, 0, 0) of work-group (1, 0, 0) reads 4 bytes in the __local variable `t` (256 "
       "bytes) that "
       "nothing in the work-group wrote before"},
      {"kernel void k(global int *out, global int *in) {\n"
       "  local int a[64];\n"
       "  int l = get_local_id(0);\n"
       "  out[l] = a[l + 64];\n"
       "}\n",
       "-weft-check=races",
       1,
       {64, 1},
       {64, 1},
       "work-item (0, 0, 0) of work-group (0, 0, 0) reads 4 bytes at +256 in the __local variable "
       "`a` (256 bytes)"},
  };
  for (const Case &C : Cases) {
    cl_kernel K = kernel(C.Source, "k", C.Options);
    setBuffers(K, {B, A});
    EXPECT_EQ(run(K, C.Dims, C.Global, C.Local), CL_OUT_OF_RESOURCES) << C.Source;
    std::vector<std::string> R = reports();
    ASSERT_EQ(R.size(), 1u) << C.Source;
    EXPECT_TRUE(mentions(R[0], {C.Report})) << C.Source << R[0];
  }
}

// A reduction whose last rounds skip the barrier (`if (s > 8) barrier`: the warp-synchronous
// idiom of code ported from CUDA) races in them: reported, where the checked build had looped
// forever (a loop over work-items versioned for its bounds tests lost the loop variable its last
// work-item leaves for the next region: LCSSA was formed for the loop but not for the rounds'
// loop inside it). With the barrier in every round it is clean and sums right.
TEST_F(Checks, RacesOfReductionsWithBarriersUnderAnIf) {
  std::vector<int> In(256);
  std::iota(In.begin(), In.end(), 0);
  cl_mem A = buffer(In.size() * 4, In.data()), B = buffer(In.size() * 4);
  const char *Source = "kernel void k(global int *out, global const int *in) {\n"
                       "  local int t[64];\n"
                       "  int l = get_local_id(0);\n"
                       "  t[l] = in[get_global_id(0)];\n"
                       "  barrier(CLK_LOCAL_MEM_FENCE);\n"
                       "  for (int s = 32; s > 0; s >>= 1) {\n"
                       "    if (l < s) t[l] += t[l + s];\n"
                       "    if (s > LAST) barrier(CLK_LOCAL_MEM_FENCE);\n"
                       "  }\n"
                       "  barrier(CLK_LOCAL_MEM_FENCE);\n"
                       "  out[get_global_id(0)] = t[0];\n"
                       "}\n";
  cl_kernel K = kernel(Source, "k", "-weft-check=races -DLAST=8");
  setBuffers(K, {B, A});
  EXPECT_TRUE(mentions(
      failedCheck(K, 256, 64),
      {"kernel k, line 7, column 21: work-item (1, 0, 0) of work-group (0, 0, 0) writes 4 bytes in "
       "the __local variable `t` (256 bytes) that work-item (0, 0, 0) read since the last "
       "barrier"}));
  K = kernel(Source, "k", "-weft-check=races -DLAST=0");
  setBuffers(K, {B, A});
  EXPECT_EQ(run(K, 256, 64), CL_COMPLETE);
  EXPECT_TRUE(reports().empty());
  std::vector<int> Out = read<int>(B, 256);
  for (size_t I = 0; I < Out.size(); ++I)
    ASSERT_EQ(Out[I], int(64 * (I / 64 * 64) + 2016)) << I;
}

// A strided async copy of a count known only when the kernel runs (as SPIR-V's copies are): the
// library makes it in the first work-item under `!first || n == 0`, and its writes are still the
// group's, no work-item's.
TEST_F(Checks, RacesLeaveTheGroupsCopiesAlone) {
  std::vector<int> In(1024);
  for (size_t I = 0; I < In.size(); ++I)
    In[I] = int(I * 3 + 1);
  cl_mem A = buffer(In.size() * 4, In.data()), B = buffer(In.size() * 4);
  const char *Source = "kernel void reverse(global const int *in, global int *out, local int *tile) {\n"
                       "  size_t l = get_local_id(0), n = get_local_size(0), base = get_group_id(0) * n;\n"
                       "  event_t e = async_work_group_strided_copy(tile, in + base, n, 1, 0);\n"
                       "  wait_group_events(1, &e);\n"
                       "  int mine = tile[n - 1 - l];\n"
                       "  barrier(CLK_LOCAL_MEM_FENCE);\n"
                       "  tile[l] = mine;\n"
                       "  barrier(CLK_LOCAL_MEM_FENCE);\n"
                       "  e = async_work_group_copy(out + base, tile, n, 0);\n"
                       "  wait_group_events(1, &e);\n"
                       "}\n";
  cl_kernel K = kernel(Source, "reverse", "-weft-check=races"); // copies in the kernel: no copy checks
  setBuffers(K, {A, B});
  ASSERT_EQ(clSetKernelArg(K, 2, 128 * 4, nullptr), CL_SUCCESS);
  EXPECT_EQ(run(K, 1024, 128), CL_COMPLETE);
  EXPECT_TRUE(reports().empty());
  std::vector<int> Out = read<int>(B, 1024);
  for (size_t I = 0; I < Out.size(); ++I)
    ASSERT_EQ(Out[I], In[I / 128 * 128 + 127 - I % 128]) << I;
}

// A count each work-item adds to under a lock (acquire and release atomics): the lock orders the
// accesses, which race checks do not follow, so the kernel is not checked for races.
TEST_F(Checks, RacesLeaveKernelsOrderedByAtomicsAlone) {
  cl_mem B = buffer(256 * 4);
  const char *Source =
      "kernel void locked(global int *out) {\n"
      "  local atomic_flag lock;\n"
      "  local int count;\n"
      "  if (get_local_id(0) == 0) {\n"
      "    atomic_flag_clear_explicit(&lock, memory_order_relaxed, memory_scope_work_group);\n"
      "    count = 0;\n"
      "  }\n"
      "  barrier(CLK_LOCAL_MEM_FENCE);\n"
      "  while (atomic_flag_test_and_set_explicit(&lock, memory_order_acquire, memory_scope_work_group))\n"
      "    ;\n"
      "  count += 1;\n"
      "  atomic_flag_clear_explicit(&lock, memory_order_release, memory_scope_work_group);\n"
      "  barrier(CLK_LOCAL_MEM_FENCE);\n"
      "  out[get_global_id(0)] = count;\n"
      "}\n";
  cl_kernel K = kernel(Source, "locked", "-cl-std=CL3.0 -weft-check=all,races");
  setBuffers(K, {B});
  EXPECT_EQ(run(K, 256, 64), CL_COMPLETE);
  EXPECT_TRUE(reports().empty());
  std::vector<int> Out = read<int>(B, 256);
  for (size_t I = 0; I < Out.size(); ++I)
    ASSERT_EQ(Out[I], 64) << I;
}

// The round count wraps after 65535 rounds: a tag of the first round, left until a read 65535
// rounds later, is no other work-item's write in that round (the tags are zeroed at the wrap).
// The write after the read (never made: n > 0) keeps the read's tags: a read gets them only where
// its stretch between barriers may write what it reads.
TEST_F(Checks, RaceTagsOutliveTheRoundCount) {
  cl_mem B = buffer(64 * 4);
  const char *Source = "kernel void wrap(global int *out, int n) {\n"
                       "  local int w;\n"
                       "  if (get_local_id(0) == 0) w = 7;\n"
                       "  for (int i = 0; i < n; ++i)\n"
                       "    barrier(CLK_LOCAL_MEM_FENCE);\n"
                       "  out[get_local_id(0)] = w + n;\n"
                       "  if (n < 0) w = 0;\n"
                       "}\n";
  cl_kernel K = kernel(Source, "wrap", "-weft-check=races");
  setBuffers(K, {B});
  for (int N : {1, 65534, 65535, 65536}) {
    ASSERT_EQ(clSetKernelArg(K, 1, sizeof N, &N), CL_SUCCESS);
    EXPECT_EQ(run(K, 64, 64), CL_COMPLETE) << N;
    EXPECT_TRUE(reports().empty()) << N;
    std::vector<int> Out = read<int>(B, 64);
    for (size_t I = 0; I < 64; ++I)
      ASSERT_EQ(Out[I], 7 + N) << N << ": " << I;
  }
}

TEST_F(Checks, UnknownChecksAreInvalidBuildOptions) {
  const char *Source = "kernel void k(global int *p) { p[0] = 1; }";
  cl_int Err;
  cl_program P = clCreateProgramWithSource(Ctx, 1, &Source, nullptr, &Err);
  Programs.push_back(P);
  EXPECT_EQ(clBuildProgram(P, 1, &Device, "-weft-check=race", nullptr, nullptr), CL_INVALID_BUILD_OPTIONS);
  EXPECT_EQ(clBuildProgram(P, 1, &Device, "-weft-check=races", nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(clBuildProgram(P, 1, &Device, "-weft-check=barriers,bounds", nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(clBuildProgram(P, 1, &Device, "-weft-check=copies", nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(clBuildProgram(P, 1, &Device, "-weft-check=uninitialized", nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(clBuildProgram(P, 1, &Device, "-weft-check=uninitialised", nullptr, nullptr), CL_INVALID_BUILD_OPTIONS);
  EXPECT_EQ(clBuildProgram(P, 1, &Device, "-weft-check=bounds,", nullptr, nullptr), CL_INVALID_BUILD_OPTIONS);
  EXPECT_EQ(clBuildProgram(P, 1, &Device, "-weft-check=bounds", nullptr, nullptr), CL_SUCCESS);
  // CL_PROGRAM_BUILD_OPTIONS: the application's options as given.
  char Options[64] = {};
  ASSERT_EQ(clGetProgramBuildInfo(P, Device, CL_PROGRAM_BUILD_OPTIONS, sizeof Options, Options, nullptr),
            CL_SUCCESS);
  EXPECT_STREQ(Options, "-weft-check=bounds");
}

} // namespace
} // namespace weft::test
