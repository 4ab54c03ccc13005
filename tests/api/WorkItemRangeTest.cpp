// Kernels whose work-items test their index against a bound (weft-split-work-item-ranges splits
// their work-item loops where the test changes its outcome): each form of the test, two tests
// joined by && or || (split twice: a stencil's `i > 0 && i < n - 1`), a test the same for every
// work-item beside one, cut at every kind of place, and `int` ids crossing 2^31 within a
// work-group, where the split loop must run as written. The uchar and ushort indices (compared
// zero-extended) are not split, and are here as kernels that stay as they were. Each result is
// checked against the test on the host. (Tree reductions, whose rounds test `l < step`:
// KernelApi.LocalMemoryReductionWithBarriers.) Also `int` indices with constant offsets, which
// weft-sign-extended-indices lets the loop vectorizer load as vectors.
#include "api/KernelFixture.h"

#include <climits>
#include <cstdint>
#include <functional>
#include <string>

namespace weft::test {
namespace {

using WorkItemRanges = KernelApi;

// out[g - offset] = 3g + 1 where the test holds; the host fills -7 first.
const char *const Tests = R"(
  #define K(name, T, test)                                                   \
    kernel void name(global int *out, uint n, int m) {                      \
      size_t g = get_global_id(0);                                           \
      T i = (T)g;                                                            \
      if (test) out[g - get_global_offset(0)] = (int)g * 3 + 1;              \
    }
  K(below_size, size_t, i < n)
  K(at_most_int, int, i <= m)
  K(above_int, int, i > m)
  K(at_least_int, int, i >= m)
  K(bound_first_uint, uint, n > i)
  K(below_uchar, uchar, i < (uchar)m)
  K(inside_size, size_t, i > 0 && i < n - 1)
  K(window_size, size_t, i >= n && i < n + 200u)
  K(outside_size, size_t, i < n || i >= n + 300u)
  K(nonzero_size, size_t, i != 0)
  K(inside_int, int, i >= 1 && i <= m - 2)
  K(uniform_and_below, size_t, m > 100 && i < n)
  kernel void below_local(global int *out, uint n, int m) {
    ushort l = (ushort)get_local_id(0);
    if (l < (ushort)m) out[get_global_id(0) - get_global_offset(0)] = (int)get_global_id(0) * 3 + 1;
  }
)";

struct Case {
  const char *Kernel;
  std::function<bool(uint64_t G, uint64_t L, uint32_t N, int32_t M)> Holds;
};

TEST_F(WorkItemRanges, BoundTestsCutAnywhereAndWrappingIndices) {
  cl_program P = built(Tests);
  const Case Cases[] = {
      {"below_size", [](uint64_t G, uint64_t, uint32_t N, int32_t) { return G < N; }},
      {"at_most_int", [](uint64_t G, uint64_t, uint32_t, int32_t M) { return int32_t(G) <= M; }},
      {"above_int", [](uint64_t G, uint64_t, uint32_t, int32_t M) { return int32_t(G) > M; }},
      {"at_least_int", [](uint64_t G, uint64_t, uint32_t, int32_t M) { return int32_t(G) >= M; }},
      {"bound_first_uint",
       [](uint64_t G, uint64_t, uint32_t N, int32_t) { return N > uint32_t(G); }},
      {"inside_size",
       [](uint64_t G, uint64_t, uint32_t N, int32_t) { return G > 0 && G < uint32_t(N - 1u); }},
      {"window_size",
       [](uint64_t G, uint64_t, uint32_t N, int32_t) { return G >= N && G < uint32_t(N + 200u); }},
      {"outside_size",
       [](uint64_t G, uint64_t, uint32_t N, int32_t) { return G < N || G >= uint32_t(N + 300u); }},
      {"nonzero_size", [](uint64_t G, uint64_t, uint32_t, int32_t) { return G != 0; }},
      {"inside_int",
       [](uint64_t G, uint64_t, uint32_t, int32_t M) {
         return int32_t(G) >= 1 && int64_t(int32_t(G)) <= int64_t(M) - 2;
       }},
      {"uniform_and_below",
       [](uint64_t G, uint64_t, uint32_t N, int32_t M) { return M > 100 && G < N; }},
      {"below_uchar",
       [](uint64_t G, uint64_t, uint32_t, int32_t M) { return uint8_t(G) < uint8_t(M); }},
      {"below_local",
       [](uint64_t, uint64_t L, uint32_t, int32_t M) { return uint16_t(L) < uint16_t(M); }},
  };
  const size_t Global = 1200, Local = 300; // groups of 300: a uchar index wraps inside them
  // Global offsets: none, and one where the ids cross 2^31 (an int index wraps) inside a group.
  const size_t Offsets[] = {0, size_t(INT_MAX) - 450};
  // Bounds: before everything, inside the first, a middle and the last group, on a group's
  // edge, past everything, negative; relative to the offset for the 64-bit ids.
  const int64_t Cuts[] = {-5, 0, 1, 137, 299, 300, 731, 1199, 1200, 5000};
  cl_command_queue Q = queue();
  cl_mem Out = buffer(Global * sizeof(cl_int));
  for (const Case &C : Cases) {
    cl_int Err;
    cl_kernel K = clCreateKernel(P, C.Kernel, &Err);
    ASSERT_EQ(Err, CL_SUCCESS) << C.Kernel;
    for (size_t Offset : Offsets)
      for (int64_t Cut : Cuts) {
        const uint32_t N = uint32_t(int64_t(Offset) + Cut);
        const int32_t M = int32_t(int64_t(Offset) + Cut);
        const cl_int Fill = -7;
        ASSERT_EQ(clEnqueueFillBuffer(Q, Out, &Fill, sizeof Fill, 0, Global * sizeof(cl_int), 0,
                                      nullptr, nullptr),
                  CL_SUCCESS);
        setArgs(K, Out, N, M);
        ASSERT_EQ(clEnqueueNDRangeKernel(Q, K, 1, &Offset, &Global, &Local, 0, nullptr, nullptr),
                  CL_SUCCESS);
        std::vector<cl_int> Got = read<cl_int>(Q, Out, Global);
        for (size_t I = 0; I < Global; ++I) {
          const uint64_t G = Offset + I;
          const cl_int Want = C.Holds(G, I % Local, N, M) ? cl_int(uint32_t(G) * 3 + 1) : Fill;
          ASSERT_EQ(Got[I], Want) << C.Kernel << " offset " << Offset << " n " << N << " m " << M
                                  << " work-item " << I;
        }
      }
    clReleaseKernel(K);
  }
  clReleaseMemObject(Out);
  clReleaseProgram(P);
}

// Tests that hold for every S-th work-item (weft-split-work-item-ranges steps such a loop by S
// from the first work-item the test takes): on global, local and linear local ids, with `==`
// and `!=`, in 1D groups and in 2D groups whose rows start at any residue, with global offsets;
// tests of one id (S the index's range: one work-item), around a loop and against an argument;
// and one kernel whose other work-items write too (it must stay as it is). out[i] = 3g + 1
// where the test holds (i the work-item's linear index in the launch), -7 elsewhere; the
// last kernel writes -1 where it does not.
TEST_F(WorkItemRanges, EveryNthWorkItem) {
  cl_program P = built(R"(
    size_t slot(void) {
      return (get_global_id(1) - get_global_offset(1)) * get_global_size(0) + get_global_id(0) -
             get_global_offset(0);
    }
    int value(void) { return (int)(get_global_id(1) * 100000 + get_global_id(0)) * 3 + 1; }
    kernel void global_16th(global int *out) {
      if ((get_global_id(0) & 15) == 0) out[slot()] = value();
    }
    kernel void local_not_1(global int *out) {
      int l = get_local_id(0);
      if (l % 4 != 1) return;
      out[slot()] = value();
    }
    kernel void linear_first(global int *out) {
      uint l = get_local_linear_id();
      if (l == 0) out[slot()] = value();
    }
    kernel void linear_8th_3(global int *out) {
      if ((get_local_linear_id() & 7) == 3) out[slot()] = value();
    }
    kernel void local_zero_loop(global int *out) {
      if (get_local_id(0) == 0) {
        int t = 0;
        for (uint k = 0; k < get_local_size(0); ++k) t += k;
        out[slot()] = value() + t - (int)(get_local_size(0) * (get_local_size(0) - 1) / 2);
      }
    }
    kernel void global_at(global int *out, uint n) {
      if ((uint)get_global_id(0) == n) out[slot()] = value();
    }
    kernel void local_not_3(global int *out) {
      if (get_local_id(0) != 3) return;
      out[slot()] = value();
    }
    kernel void others_write(global int *out) {
      out[slot()] = -1;
      if ((get_global_id(0) & 3) == 0) out[slot()] = value();
    })",
                       "-cl-std=CL3.0");
  const cl_int Fill = -7;
  const cl_uint At = 37; // global_at's n
  struct Nth {
    const char *Kernel;
    std::function<bool(uint64_t G, uint64_t L, uint64_t Linear)> Holds;
    cl_int Elsewhere = Fill; // what the other work-items leave
    bool TakesAt = false;
  };
  const Nth Cases[] = {
      {"global_16th", [](uint64_t G, uint64_t, uint64_t) { return G % 16 == 0; }},
      {"local_not_1", [](uint64_t, uint64_t L, uint64_t) { return L % 4 == 1; }},
      {"linear_first", [](uint64_t, uint64_t, uint64_t Linear) { return Linear == 0; }},
      {"linear_8th_3", [](uint64_t, uint64_t, uint64_t Linear) { return Linear % 8 == 3; }},
      {"local_zero_loop", [](uint64_t, uint64_t L, uint64_t) { return L == 0; }},
      {"global_at", [](uint64_t G, uint64_t, uint64_t) { return G == At; }, Fill, true},
      {"local_not_3", [](uint64_t, uint64_t L, uint64_t) { return L == 3; }},
      {"others_write", [](uint64_t G, uint64_t, uint64_t) { return G % 4 == 0; }, -1},
  };
  struct Shape {
    size_t Offset[2], Global[2], Local[2];
  };
  const Shape Shapes[] = {
      {{0, 0}, {1200, 1}, {300, 1}}, {{5, 0}, {1190, 1}, {119, 1}}, {{0, 0}, {64, 1}, {1, 1}},
      {{3, 2}, {35, 21}, {5, 7}},    {{0, 0}, {60, 6}, {12, 3}},    {{1, 0}, {48, 4}, {16, 2}},
  };
  cl_command_queue Q = queue();
  cl_mem Out = buffer(1200 * sizeof(cl_int));
  for (const Nth &C : Cases) {
    cl_int Err;
    cl_kernel K = clCreateKernel(P, C.Kernel, &Err);
    ASSERT_EQ(Err, CL_SUCCESS) << C.Kernel;
    ASSERT_EQ(clSetKernelArg(K, 0, sizeof Out, &Out), CL_SUCCESS);
    if (C.TakesAt) {
      ASSERT_EQ(clSetKernelArg(K, 1, sizeof At, &At), CL_SUCCESS);
    }
    for (const Shape &S : Shapes) {
      const size_t Items = S.Global[0] * S.Global[1];
      ASSERT_EQ(clEnqueueFillBuffer(Q, Out, &Fill, sizeof Fill, 0, 1200 * sizeof(cl_int), 0,
                                    nullptr, nullptr),
                CL_SUCCESS);
      ASSERT_EQ(clEnqueueNDRangeKernel(Q, K, 2, S.Offset, S.Global, S.Local, 0, nullptr, nullptr),
                CL_SUCCESS);
      std::vector<cl_int> Got = read<cl_int>(Q, Out, Items);
      for (size_t Y = 0; Y < S.Global[1]; ++Y)
        for (size_t X = 0; X < S.Global[0]; ++X) {
          const uint64_t Gx = S.Offset[0] + X, Gy = S.Offset[1] + Y;
          const uint64_t Lx = X % S.Local[0], Ly = Y % S.Local[1];
          const cl_int Want = C.Holds(Gx, Lx, Ly * S.Local[0] + Lx)
                                  ? cl_int(uint32_t(Gy * 100000 + Gx) * 3 + 1)
                                  : C.Elsewhere;
          ASSERT_EQ(Got[Y * S.Global[0] + X], Want)
              << C.Kernel << " global " << S.Global[0] << "x" << S.Global[1] << " local "
              << S.Local[0] << "x" << S.Local[1] << " offset " << S.Offset[0] << "," << S.Offset[1]
              << " at " << X << "," << Y;
        }
    }
    clReleaseKernel(K);
  }
  clReleaseMemObject(Out);
  clReleaseProgram(P);
}

// Kernel helpers of the two tests below: each work-item's slot in the output, its value, and a
// group's local t[0 .. 63] (cleared to -5 first) copied to runs[group * 64 ...].
const char *const GroupSlots = R"(
    size_t slot(void) {
      return (get_global_id(1) - get_global_offset(1)) * get_global_size(0) + get_global_id(0) -
             get_global_offset(0);
    }
    size_t group(void) { return get_group_id(1) * get_num_groups(0) + get_group_id(0); }
    int value(void) { return (int)(get_global_id(1) * 1000 + get_global_id(0)) * 3 + 1; }
    void publish(local int *t, global int *runs) {
      barrier(CLK_LOCAL_MEM_FENCE);
      uint l = get_local_linear_id();
      if (l < 64) runs[group() * 64 + l] = t[l];
    }
    void clear(local int *t) {
      uint l = get_local_linear_id();
      if (l < 64) t[l] = -5;
      barrier(CLK_LOCAL_MEM_FENCE);
    }
)";

// A store that one work-item of each aligned run of S makes, beside work every work-item does
// (weft-split-work-item-ranges runs it in a loop of its own, one iteration per run): the last
// lane of each run of 8 linear ids (partial runs at a group's end, runs across rows of a 2D
// group), a sub-group's last lane (sub-groups of 8 and 16), a constant lane of 16 with the lane
// value computed in the block, and, left as it is, a block overwriting what its work-item
// stored before it. Each kernel stores every work-item's value and the runs' values into local
// memory, then copies the local array out; checked against the host for 1D and 2D groups and
// offsets.
TEST_F(WorkItemRanges, SparseStoresBesideEveryWorkItemsOwn) {
  cl_program P = built((std::string(GroupSlots) + R"(
    uint items(void) { return get_local_size(0) * get_local_size(1); }
    kernel void last_of_8(global int *out, global int *runs) {
      local int t[64];
      clear(t);
      uint l = get_local_linear_id();
      int v = value();
      out[slot()] = v;
      uint n = items() - (l & ~7u);
      if ((l & 7) == min(n, 8u) - 1) t[l >> 3] = v;
      publish(t, runs);
    }
    __attribute__((intel_reqd_sub_group_size(8)))
    kernel void sub_group_last_8(global int *out, global int *runs) {
      local int t[64];
      clear(t);
      int v = value();
      out[slot()] = v;
      if (get_sub_group_local_id() == get_sub_group_size() - 1) t[get_sub_group_id()] = v + 7;
      publish(t, runs);
    }
    __attribute__((intel_reqd_sub_group_size(16)))
    kernel void sub_group_last_16(global int *out, global int *runs) {
      local int t[64];
      clear(t);
      int v = value();
      out[slot()] = v;
      if (get_sub_group_local_id() == get_sub_group_size() - 1) t[get_sub_group_id()] = v * 2;
      publish(t, runs);
    }
    kernel void lane_5_of_16(global int *out, global int *runs) {
      local int t[64];
      clear(t);
      uint l = get_local_linear_id();
      out[slot()] = value();
      if ((l & 15) == 5) t[l / 16] = value() - (int)l;
      publish(t, runs);
    }
    kernel void same_item(global int *out, global int *runs) {
      local int u[256];
      uint l = get_local_linear_id();
      u[l] = value();
      if ((l & 7) == 2) u[l] = -value();
      barrier(CLK_LOCAL_MEM_FENCE);
      out[slot()] = u[l];
    })")
                           .c_str(),
                       "-cl-std=CL3.0");
  struct Sparse {
    const char *Kernel;
    unsigned S;                                               // the run's length
    std::function<bool(uint64_t Lane, uint64_t InRun)> Holds; // InRun: the run's work-items
    std::function<cl_int(cl_int V, uint64_t L)> Stored;
  };
  const Sparse Cases[] = {
      {"last_of_8", 8, [](uint64_t Lane, uint64_t InRun) { return Lane == InRun - 1; },
       [](cl_int V, uint64_t) { return V; }},
      {"sub_group_last_8", 8, [](uint64_t Lane, uint64_t InRun) { return Lane == InRun - 1; },
       [](cl_int V, uint64_t) { return V + 7; }},
      {"sub_group_last_16", 16, [](uint64_t Lane, uint64_t InRun) { return Lane == InRun - 1; },
       [](cl_int V, uint64_t) { return V * 2; }},
      {"lane_5_of_16", 16, [](uint64_t Lane, uint64_t) { return Lane == 5; },
       [](cl_int V, uint64_t L) { return V - cl_int(L); }},
  };
  struct Shape {
    size_t Offset[2], Global[2], Local[2];
  };
  const Shape Shapes[] = {
      {{0, 0}, {512, 1}, {256, 1}}, {{5, 0}, {300, 1}, {100, 1}}, {{0, 0}, {63, 1}, {21, 1}},
      {{3, 2}, {36, 21}, {12, 7}},  {{0, 0}, {60, 6}, {5, 3}},    {{1, 0}, {48, 4}, {16, 4}},
      {{0, 0}, {9, 1}, {3, 1}},
  };
  cl_command_queue Q = queue();
  const size_t Cells = 1024, Runs = 64 * 64;
  cl_mem Out = buffer(Cells * sizeof(cl_int)), RunsOut = buffer(Runs * sizeof(cl_int));
  auto Value = [](uint64_t Gx, uint64_t Gy) { return cl_int(uint32_t(Gy * 1000 + Gx) * 3 + 1); };
  auto Run = [&](const char *Kernel, const Shape &S, std::vector<cl_int> &Got,
                 std::vector<cl_int> &GotRuns) {
    cl_int Err;
    cl_kernel K = clCreateKernel(P, Kernel, &Err);
    ASSERT_EQ(Err, CL_SUCCESS) << Kernel;
    setArgs(K, Out, RunsOut);
    const cl_int Fill = -7;
    ASSERT_EQ(clEnqueueFillBuffer(Q, Out, &Fill, sizeof Fill, 0, Cells * sizeof(cl_int), 0, nullptr,
                                  nullptr),
              CL_SUCCESS);
    ASSERT_EQ(clEnqueueFillBuffer(Q, RunsOut, &Fill, sizeof Fill, 0, Runs * sizeof(cl_int), 0,
                                  nullptr, nullptr),
              CL_SUCCESS);
    ASSERT_EQ(clEnqueueNDRangeKernel(Q, K, 2, S.Offset, S.Global, S.Local, 0, nullptr, nullptr),
              CL_SUCCESS);
    Got = read<cl_int>(Q, Out, Cells);
    GotRuns = read<cl_int>(Q, RunsOut, Runs);
    clReleaseKernel(K);
  };
  for (const Shape &S : Shapes) {
    const size_t Items = S.Local[0] * S.Local[1], Groups0 = S.Global[0] / S.Local[0],
                 Groups = Groups0 * (S.Global[1] / S.Local[1]);
    for (const Sparse &C : Cases) {
      std::vector<cl_int> Got, GotRuns;
      Run(C.Kernel, S, Got, GotRuns);
      if (HasFatalFailure())
        return;
      std::vector<cl_int> Want(Runs, -7);
      for (size_t G = 0; G < Groups; ++G)
        for (size_t R = 0; R < 64; ++R)
          Want[G * 64 + R] = R < Items ? -5 : -7; // publish writes t[0 .. 63] for l < 64
      for (size_t Y = 0; Y < S.Global[1]; ++Y)
        for (size_t X = 0; X < S.Global[0]; ++X) {
          const uint64_t Gx = S.Offset[0] + X, Gy = S.Offset[1] + Y;
          const uint64_t L = (Y % S.Local[1]) * S.Local[0] + X % S.Local[0];
          const size_t Group = (Y / S.Local[1]) * Groups0 + X / S.Local[0];
          ASSERT_EQ(Got[Y * S.Global[0] + X], Value(Gx, Gy))
              << C.Kernel << " local " << S.Local[0] << "x" << S.Local[1] << " at " << X << ","
              << Y;
          const uint64_t RunFirst = L / C.S * C.S,
                         InRun = std::min<uint64_t>(C.S, Items - RunFirst);
          if (C.Holds(L % C.S, InRun) && L / C.S < 64)
            Want[Group * 64 + L / C.S] = C.Stored(Value(Gx, Gy), L);
        }
      for (size_t I = 0; I < Runs; ++I)
        ASSERT_EQ(GotRuns[I], Want[I])
            << C.Kernel << " global " << S.Global[0] << "x" << S.Global[1] << " local "
            << S.Local[0] << "x" << S.Local[1] << " offset " << S.Offset[0] << "," << S.Offset[1]
            << " group " << I / 64 << " run " << I % 64;
    }
    // The block overwrites what its work-item stored before it: its store must stay after.
    std::vector<cl_int> Got, GotRuns;
    Run("same_item", S, Got, GotRuns);
    if (HasFatalFailure())
      return;
    for (size_t Y = 0; Y < S.Global[1]; ++Y)
      for (size_t X = 0; X < S.Global[0]; ++X) {
        const uint64_t L = (Y % S.Local[1]) * S.Local[0] + X % S.Local[0];
        const cl_int V = Value(S.Offset[0] + X, S.Offset[1] + Y);
        ASSERT_EQ(Got[Y * S.Global[0] + X], L % 8 == 2 ? -V : V)
            << "same_item local " << S.Local[0] << "x" << S.Local[1] << " at " << X << "," << Y;
      }
  }
  clReleaseMemObject(Out);
  clReleaseMemObject(RunsOut);
  clReleaseProgram(P);
}

// One work-item's store beside every work-item's own (an index equal to a value from before the
// loop: a 64-bit one taken once, a 32-bit one at each 2^32 of the row, which a global offset near
// 2^32 makes cross): the last of each row, and the work-item whose 32-bit global id is n.
TEST_F(WorkItemRanges, OneWorkItemsStoreBesideEveryWorkItemsOwn) {
  cl_program P = built((std::string(GroupSlots) + R"(
    kernel void last_of_row(global int *out, global int *runs, uint n) {
      local int t[64];
      clear(t);
      int v = value();
      out[slot()] = v;
      if (get_local_id(0) == get_local_size(0) - 1) t[get_local_id(1)] = v + 11;
      publish(t, runs);
    }
    kernel void global_at(global int *out, global int *runs, uint n) {
      local int t[64];
      clear(t);
      int v = value();
      out[slot()] = v;
      if ((uint)get_global_id(0) == n) t[get_local_id(1)] = v - 3;
      publish(t, runs);
    })")
                           .c_str(),
                       "-cl-std=CL3.0");
  struct Shape {
    size_t Offset[2], Global[2], Local[2];
    cl_uint N; // global_at's n
  };
  const Shape Shapes[] = {
      {{0, 0}, {512, 1}, {256, 1}, 300},       {{5, 0}, {300, 1}, {100, 1}, 5},
      {{3, 2}, {36, 21}, {12, 7}, 20},         {{0, 0}, {60, 6}, {5, 3}, 59},
      {{4294967290u, 0}, {36, 4}, {12, 2}, 3}, {{4294967290u, 0}, {36, 4}, {12, 2}, 4294967294u},
      {{0, 0}, {9, 1}, {3, 1}, 1000},
  };
  cl_command_queue Q = queue();
  const size_t Cells = 1024, Runs = 64 * 64;
  cl_mem Out = buffer(Cells * sizeof(cl_int)), RunsOut = buffer(Runs * sizeof(cl_int));
  auto Value = [](uint64_t Gx, uint64_t Gy) { return cl_int(uint32_t(Gy * 1000 + Gx) * 3 + 1); };
  for (const char *Kernel : {"last_of_row", "global_at"})
    for (const Shape &S : Shapes) {
      cl_int Err;
      cl_kernel K = clCreateKernel(P, Kernel, &Err);
      ASSERT_EQ(Err, CL_SUCCESS) << Kernel;
      setArgs(K, Out, RunsOut);
      ASSERT_EQ(clSetKernelArg(K, 2, sizeof S.N, &S.N), CL_SUCCESS);
      const cl_int Fill = -7;
      ASSERT_EQ(clEnqueueFillBuffer(Q, RunsOut, &Fill, sizeof Fill, 0, Runs * sizeof(cl_int), 0,
                                    nullptr, nullptr),
                CL_SUCCESS);
      ASSERT_EQ(clEnqueueNDRangeKernel(Q, K, 2, S.Offset, S.Global, S.Local, 0, nullptr, nullptr),
                CL_SUCCESS);
      std::vector<cl_int> Got = read<cl_int>(Q, Out, Cells),
                          GotRuns = read<cl_int>(Q, RunsOut, Runs);
      clReleaseKernel(K);
      const size_t Items = S.Local[0] * S.Local[1], Groups0 = S.Global[0] / S.Local[0],
                   Groups = Groups0 * (S.Global[1] / S.Local[1]);
      std::vector<cl_int> Want(Runs, -7);
      for (size_t G = 0; G < Groups; ++G)
        for (size_t R = 0; R < 64 && R < Items; ++R)
          Want[G * 64 + R] = -5;
      const bool Last = std::string(Kernel) == "last_of_row";
      for (size_t Y = 0; Y < S.Global[1]; ++Y)
        for (size_t X = 0; X < S.Global[0]; ++X) {
          const uint64_t Gx = S.Offset[0] + X, Gy = S.Offset[1] + Y;
          ASSERT_EQ(Got[Y * S.Global[0] + X], Value(Gx, Gy)) << Kernel << " at " << X << "," << Y;
          const size_t Group = (Y / S.Local[1]) * Groups0 + X / S.Local[0], Ly = Y % S.Local[1];
          if (Last && X % S.Local[0] == S.Local[0] - 1)
            Want[Group * 64 + Ly] = Value(Gx, Gy) + 11;
          if (!Last && uint32_t(Gx) == S.N)
            Want[Group * 64 + Ly] = Value(Gx, Gy) - 3;
        }
      for (size_t I = 0; I < Runs; ++I)
        ASSERT_EQ(GotRuns[I], Want[I])
            << Kernel << " global " << S.Global[0] << "x" << S.Global[1] << " local " << S.Local[0]
            << "x" << S.Local[1] << " offset " << S.Offset[0] << " n " << S.N << " group " << I / 64
            << " slot " << I % 64;
    }
  clReleaseMemObject(Out);
  clReleaseMemObject(RunsOut);
  clReleaseProgram(P);
}

// `int` indices with offsets (a[i - 2] to a[i + 2]): weft-sign-extended-indices lets the loop
// vectorizer load them as vectors, under its own run-time check that the 32-bit index does not
// wrap. Every work-item's sum, for several global offsets and group sizes.
TEST_F(WorkItemRanges, IntIndicesWithOffsets) {
  cl_program P = built(R"(
    kernel void taps(global const int *a, global int *out) {
      int i = get_global_id(0);
      out[i - 2] = a[i - 2] + 3 * a[i - 1] + 5 * a[i] + 7 * a[i + 1] + 11 * a[i + 2];
    })");
  const size_t Size = 5000;
  std::vector<cl_int> A(Size);
  for (size_t I = 0; I < Size; ++I)
    A[I] = cl_int(I * 2654435761u % 1000);
  cl_mem In = buffer(Size * sizeof(cl_int), CL_MEM_COPY_HOST_PTR, A.data());
  cl_mem Out = buffer(Size * sizeof(cl_int));
  cl_int Err;
  cl_kernel K = clCreateKernel(P, "taps", &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  setArgs(K, In, Out);
  cl_command_queue Q = queue();
  for (size_t Offset : {size_t(2), size_t(3), size_t(1000)})
    for (size_t Local : {size_t(1), size_t(7), size_t(64), size_t(256)}) {
      const size_t Global = (Size - 2 - Offset) / Local * Local;
      const cl_int Fill = -1;
      ASSERT_EQ(clEnqueueFillBuffer(Q, Out, &Fill, sizeof Fill, 0, Size * sizeof(cl_int), 0,
                                    nullptr, nullptr),
                CL_SUCCESS);
      ASSERT_EQ(clEnqueueNDRangeKernel(Q, K, 1, &Offset, &Global, &Local, 0, nullptr, nullptr),
                CL_SUCCESS);
      std::vector<cl_int> Got = read<cl_int>(Q, Out, Size);
      for (size_t G = 2; G + 2 < Size; ++G) { // work-item G writes out[G - 2]
        const bool Ran = G >= Offset && G < Offset + Global;
        const cl_int Want =
            Ran ? A[G - 2] + 3 * A[G - 1] + 5 * A[G] + 7 * A[G + 1] + 11 * A[G + 2] : Fill;
        ASSERT_EQ(Got[G - 2], Want) << "offset " << Offset << " local " << Local << " id " << G;
      }
    }
  clReleaseKernel(K);
  clReleaseMemObject(In);
  clReleaseMemObject(Out);
  clReleaseProgram(P);
}

} // namespace
} // namespace weft::test
