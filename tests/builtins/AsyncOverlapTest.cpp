// A copy overlapping its work-group's computation, observed. This executable runs with every
// async copy handed to helper tasks and with two workers (one for the work-group, one free to
// copy, also on a one-CPU machine, where the OS time-slices them): set here, before Weft reads
// its settings on first use, so that no other test is affected.
#include "api/KernelFixture.h"

#include <cstdlib>

namespace weft::test {
namespace {

const bool Settings = setenv("WEFT_ASYNC_COPY", "task", 1) == 0 && setenv("WEFT_NUM_THREADS", "2", 1) == 0;

class AsyncOverlap : public KernelApi {
protected:
  void SetUp() override {
    ASSERT_TRUE(Settings);
    KernelApi::SetUp();
  }
};

// A large copy handed to a helper task while the only work-group polls the destination: the data
// arrives while the work-group runs its own code, before it waits, and in some run the copy is
// still in flight when async_work_group_copy returns. (Reading the destination before waiting is
// undefined in OpenCL C; here it is the observation.)
//
// Whether the helper finishes before the work-group's first poll depends on the OS scheduler
// (a preempted work-group thread sees a finished copy), so one run proves nothing either way;
// a copy made at once, by the issuing work-group, shows finished on every one of the runs. The
// engine's own tests (AsyncCopyEngine.*) check the in-flight state deterministically.
TEST_F(AsyncOverlap, ACopyRunsWhileItsWorkGroupComputes) {
  cl_uint Units = 0;
  ASSERT_EQ(clGetDeviceInfo(Device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof Units, &Units, nullptr), CL_SUCCESS);
  ASSERT_EQ(Units, 2u) << "WEFT_NUM_THREADS=2 was not applied";
  cl_program P = built(R"(
    kernel void overlap(global const uint *src, global uint *out, local uint *tile, uint n) {
      if (get_local_id(0) == 0)
        tile[n - 1] = 0;
      barrier(CLK_LOCAL_MEM_FENCE);
      event_t e = async_work_group_copy(tile, src, n, 0);
      uint polls = 0, seen = 0, first = 2;
      if (get_local_id(0) == 0)
        for (; polls < 2000000000u && !seen; ++polls) {
          seen = ((volatile local uint *)tile)[n - 1] == src[n - 1];
          if (polls == 0)
            first = seen;
        }
      if (get_local_id(0) == 0) {
        out[0] = seen;
        out[1] = polls;
        out[3] = first;
      }
      wait_group_events(1, &e);
      if (get_local_id(0) == 0)
        out[2] = tile[n / 2];
    })", "-cl-std=CL3.0");
  cl_kernel K = clCreateKernel(P, "overlap", nullptr);
  const cl_uint N = 7 * 1024; // 28 KiB: two helper chunks
  std::vector<cl_uint> Src(N);
  for (size_t I = 0; I < N; ++I)
    Src[I] = cl_uint(I + 1);
  cl_mem MSrc = buffer(N * 4, CL_MEM_COPY_HOST_PTR, Src.data());
  cl_mem MOut = buffer(16);
  setArgs(K, MSrc, MOut);
  ASSERT_EQ(clSetKernelArg(K, 2, N * 4, nullptr), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(K, 3, sizeof N, &N), CL_SUCCESS);
  cl_command_queue Q = queue();
  // At least 20 runs, and up to 200 until one finds the copy in flight: on a loaded machine (a
  // TSan run beside a CTS run, seen once) the work-group's thread can lose its core between
  // issuing the copy and its first poll for longer than the copy takes.
  const int MinRuns = 20, MaxRuns = 200;
  int InFlight = 0, Runs = 0;
  for (int Run = 0; Run < MaxRuns && (Run < MinRuns || InFlight == 0); ++Run, ++Runs) {
    run(Q, K, 1, 1);
    const std::vector<cl_uint> Out = read<cl_uint>(Q, MOut, 4);
    // The element arrived while the work-group ran its own code, before it waited...
    EXPECT_EQ(Out[0], 1u) << "run " << Run << ": the copy did not progress in " << Out[1]
                          << " polls before the wait";
    EXPECT_EQ(Out[2], N / 2 + 1) << "run " << Run;
    InFlight += Out[3] == 0;
  }
  RecordProperty("runs_with_the_copy_in_flight", InFlight);
  // ... and issuing the copy returned before its last element was there (not copied at once).
  EXPECT_GT(InFlight, 0) << "the copy was complete when async_work_group_copy returned, in all "
                         << Runs << " runs";
  clReleaseMemObject(MSrc);
  clReleaseMemObject(MOut);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

} // namespace
} // namespace weft::test
