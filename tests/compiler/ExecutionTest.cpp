// Compiled kernels run: work-group functions from the compiler library, driven directly over an
// NDRange (the executor's job, done here by hand), checked against host computations.
#include "Ulps.h"
#include "compiler/CompilerFixture.h"

#include <dlfcn.h>
#include <elf.h>
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstring>
#include <random>
#include <vector>

namespace weft {
namespace {

using Status = compiler::CompileOutput::Status;
using test::Execution;

TEST_F(Execution, VectorAddWithATrailingPartialGroup) {
  auto Out = build("kernel void add(global const float *a, global const float *b, global float *c)"
                   "{ size_t i = get_global_id(0); c[i] = a[i] + b[i]; }");
  ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
  const auto &K = Out.Program->kernels().at(0);
  ASSERT_NE(K.Run, nullptr);
  std::vector<float> A(1000), B(1000), C(1000, -1);
  for (int I = 0; I < 1000; ++I) {
    A[I] = float(I);
    B[I] = float(2 * I) + 0.5f;
  }
  std::vector<std::byte> Args(K.ArgBufferSize);
  set(Args, K, 0, A.data());
  set(Args, K, 1, B.data());
  set(Args, K, 2, C.data());
  run(K, Args, 1, {1000, 1, 1}, {64, 1, 1}); // 15 full groups and one of 40
  for (int I = 0; I < 1000; ++I)
    ASSERT_EQ(C[I], A[I] + B[I]) << I;
}

TEST_F(Execution, EveryWorkItemQueryIn3DWithOffsets) {
  auto Out = build(R"(
    kernel void ids(global ulong *out) {
      size_t gx = get_global_id(0) - get_global_offset(0);
      size_t gy = get_global_id(1) - get_global_offset(1);
      size_t gz = get_global_id(2) - get_global_offset(2);
      size_t i = (gz * get_global_size(1) + gy) * get_global_size(0) + gx;
      global ulong *o = out + 16 * i;
      o[0] = get_global_id(0); o[1] = get_global_id(1); o[2] = get_global_id(2);
      o[3] = get_local_id(0); o[4] = get_local_id(1); o[5] = get_local_id(2);
      o[6] = get_group_id(0) + 100 * get_group_id(1) + 10000 * get_group_id(2);
      o[7] = get_local_size(0) + 100 * get_local_size(1) + 10000 * get_local_size(2);
      o[8] = get_num_groups(0) + 100 * get_num_groups(1) + 10000 * get_num_groups(2);
      o[9] = get_work_dim();
      o[10] = get_global_linear_id();
      o[11] = get_local_linear_id();
      o[12] = get_enqueued_local_size(0);
      o[13] = get_global_size(3) + 10 * get_local_size(7);   // out of range: 1 and 1
      o[14] = get_global_id(3) + get_local_id(5) + get_group_id(9); // out of range: 0
      uint d = (uint)(gx % 3);
      o[15] = get_global_size(d);  // a dimension that is not a constant
    })", "-cl-std=CL3.0");
  ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
  const auto &K = Out.Program->kernels().at(0);
  std::array<uint64_t, 3> Global{10, 6, 4}, Local{4, 3, 2}, Offset{5, 7, 9};
  std::vector<uint64_t> Result(16 * 10 * 6 * 4, 12345);
  std::vector<std::byte> Args(K.ArgBufferSize);
  set(Args, K, 0, Result.data());
  run(K, Args, 3, Global, Local, Offset);
  for (uint64_t Z = 0; Z < 4; ++Z)
    for (uint64_t Y = 0; Y < 6; ++Y)
      for (uint64_t X = 0; X < 10; ++X) {
        uint64_t I = (Z * 6 + Y) * 10 + X;
        const uint64_t *O = &Result[16 * I];
        uint64_t G[3] = {X, Y, Z};
        for (unsigned D = 0; D < 3; ++D) {
          ASSERT_EQ(O[D], G[D] + Offset[D]) << I;
          ASSERT_EQ(O[3 + D], G[D] % Local[D]) << I;
        }
        uint64_t Gid[3] = {X / 4, Y / 3, Z / 2};
        uint64_t Ls[3] = {Gid[0] == 2 ? 2u : 4u, 3, 2}; // 10 = 4 + 4 + 2
        EXPECT_EQ(O[6], Gid[0] + 100 * Gid[1] + 10000 * Gid[2]) << I;
        EXPECT_EQ(O[7], Ls[0] + 100 * Ls[1] + 10000 * Ls[2]) << I;
        EXPECT_EQ(O[8], 3u + 100 * 2 + 10000 * 2) << I;
        EXPECT_EQ(O[9], 3u);
        EXPECT_EQ(O[10], I);
        EXPECT_EQ(O[11], ((Z % 2) * 3 + Y % 3) * Ls[0] + X % 4) << I;
        EXPECT_EQ(O[12], 4u);
        EXPECT_EQ(O[13], 11u);
        EXPECT_EQ(O[14], 0u);
        EXPECT_EQ(O[15], Global[X % 3]);
      }
}

TEST_F(Execution, LocalVariablesStructsAndVectorsByValue) {
  auto Out = build(R"(
    typedef struct { int a; float b[3]; char c; } S;
    kernel void k(global float *out, S s, float4 v, int n) {
      local float scratch[64];
      size_t l = get_local_id(0);
      scratch[l] = v.y * (float)l;           // each work-item only touches its own slot
      out[get_global_id(0)] = scratch[l] + s.b[2] + s.a + s.c + n;
    })");
  ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
  const auto &K = Out.Program->kernels().at(0);
  EXPECT_GE(K.StaticLocalBytes, 64 * sizeof(float));
  struct S {
    int a;
    float b[3];
    char c;
  } Value{3, {0, 0, 0.25f}, 7};
  float V[4] = {0, 2, 0, 0};
  std::vector<float> Result(128);
  std::vector<std::byte> Args(K.ArgBufferSize);
  set(Args, K, 0, Result.data());
  set(Args, K, 1, Value);
  std::memcpy(Args.data() + K.Args[2].Offset, V, sizeof V);
  ASSERT_EQ(K.Args[2].Size, sizeof V);
  set(Args, K, 3, 100);
  run(K, Args, 1, {128, 1, 1}, {64, 1, 1});
  for (int I = 0; I < 128; ++I)
    ASSERT_EQ(Result[I], 2.0f * float(I % 64) + 0.25f + 3 + 7 + 100) << I;
}

// Values that look uniform but are not when a barrier comes: a counter left by a loop whose trip
// count differs between work-items, and a value merged after a branch on the local id. Both must
// keep a slot per work-item.
TEST_F(Execution, DivergentLoopExitsAndBranchesAcrossBarriers) {
  auto Out = build(R"(
    kernel void k(global int *out) {
      int l = (int)get_local_id(0);
      int i = 0;
      while (i < l) ++i;                 // leaves with i == l
      int v;
      if (l % 3 == 0) v = 10; else v = 20;
      barrier(CLK_LOCAL_MEM_FENCE);
      out[get_global_id(0)] = i * 100 + v;
    })");
  ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
  const auto &K = Out.Program->kernels().at(0);
  EXPECT_GT(K.PrivateBytesPerWorkItem, 0u);
  std::vector<int> Result(64, -1);
  std::vector<std::byte> Args(K.ArgBufferSize);
  set(Args, K, 0, Result.data());
  run(K, Args, 1, {64, 1, 1}, {32, 1, 1});
  for (int G = 0; G < 64; ++G) {
    int L = G % 32;
    EXPECT_EQ(Result[G], L * 100 + (L % 3 == 0 ? 10 : 20)) << G;
  }
}

// Barriers in many uniform branches, each followed by a read of a neighbour's value. A region
// runs on past the barriers its work-items skip, so each holds the rest of the kernel: inlined
// into every region's loop nest that is n^2 / 2 regions' worth of code, so the later regions'
// loops call the work-item function instead. InstCombine sinks the running sum's additions to
// the end, where all the branches' terms were carried across every barrier until the barrier
// pass moved the additions back (lit/barriers/sunk-sums.ll). Against the host.
TEST_F(Execution, ManyBarriersInBranches) {
  constexpr int N = 48, Group = 32;
  std::string Source = "kernel void k(global const int *take, global int *out) {\n"
                       "  local int l[32];\n  int lid = get_local_id(0), s = 0;\n";
  for (int I = 0; I < N; ++I)
    Source += "  if (take[" + std::to_string(I) + "] > 0) { l[lid] = lid * " + std::to_string(I + 1) +
              "; barrier(CLK_LOCAL_MEM_FENCE); s += l[(lid + 1) % 32]; "
              "barrier(CLK_LOCAL_MEM_FENCE); } else { s -= " + std::to_string(I) + "; }\n";
  Source += "  out[get_global_id(0)] = s;\n}\n";
  std::vector<int> Take(N);
  for (int I = 0; I < N; ++I)
    Take[I] = (I * 7 + I / 5) % 3 != 0;
  // (Through opt -passes=weft-pipeline, the 97 regions' loop nests keep 69 calls of the work-item
  // function: the rest are inlined.)
  for (const char *Options : {"", "-cl-opt-disable"}) {
    SCOPED_TRACE(Options);
    auto Out = build(Source.c_str(), Options);
    ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
    std::vector<int> Result(4 * Group, -1);
    launch(Out, "k", {Take.data()}, Result.data(), 1, {4 * Group, 1, 1}, {Group, 1, 1});
    for (int G = 0; G < 4 * Group; ++G) {
      const int Lid = G % Group;
      int Expected = 0;
      for (int I = 0; I < N; ++I)
        Expected += Take[I] ? (Lid + 1) % Group * (I + 1) : -I;
      EXPECT_EQ(Result[G], Expected) << G;
    }
  }
}

TEST_F(Execution, StagesShareTheirBarrierSlots) {
  // 16 stages, each passing two values of its own over one barrier (and the running sum over
  // all). Values that never cross the same barrier share a slot, so a work-item keeps three
  // values' worth of private memory, not 33.
  constexpr int Stages = 16, Group = 32;
  std::string Source = "kernel void k(global const int *in, global int *out) {\n"
                       "  local int l[2][32];\n  int lid = get_local_id(0), s = 0;\n"
                       "  size_t g = get_global_id(0);\n";
  for (int I = 0; I < Stages; ++I) {
    const std::string N = std::to_string(I), Row = std::to_string(I % 2);
    Source += "  int a" + N + " = in[(g + " + N + ") % 128] * " + std::to_string(I + 1) + ";\n  int b" + N +
              " = a" + N + " ^ (lid * " + N + ");\n  l[" + Row + "][lid] = a" + N +
              ";\n  barrier(CLK_LOCAL_MEM_FENCE);\n  s += l[" + Row + "][(lid + 1) % 32] * b" + N +
              " + a" + N + ";\n";
  }
  Source += "  out[g] = s;\n}\n";
  std::vector<int> In(4 * Group);
  for (int I = 0; I < 4 * Group; ++I)
    In[I] = (I * 37) % 101 - 50;
  for (const char *Options : {"", "-cl-opt-disable"}) {
    SCOPED_TRACE(Options);
    auto Out = build(Source.c_str(), Options);
    ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
    if (!*Options) { // (without optimisation the variables stay in memory)
      EXPECT_LE(Out.Program->kernel("k")->PrivateBytesPerWorkItem, 16u);
    }
    std::vector<int> Result(4 * Group, -1);
    launch(Out, "k", {In.data()}, Result.data(), 1, {4 * Group, 1, 1}, {Group, 1, 1});
    for (int G = 0; G < 4 * Group; ++G) {
      const int Lid = G % Group, Base = G - Lid;
      int Expected = 0;
      for (int I = 0; I < Stages; ++I) {
        auto A = [&](int Item) { return In[(Item + I) % 128] * (I + 1); };
        Expected += A(Base + (Lid + 1) % Group) * (A(G) ^ (Lid * I)) + A(G);
      }
      EXPECT_EQ(Result[G], Expected) << G;
    }
  }
}

TEST_F(Execution, TreeReductionWithBarriersInALoop) {
  auto Out = build(R"(
    kernel void sum(global const int *in, global int *out) {
      local int tile[128];
      size_t l = get_local_id(0);
      tile[l] = in[get_global_id(0)];
      barrier(CLK_LOCAL_MEM_FENCE);
      for (size_t step = get_local_size(0) / 2; step > 0; step /= 2) {
        if (l < step)
          tile[l] += tile[l + step];
        barrier(CLK_LOCAL_MEM_FENCE);
      }
      if (l == 0)
        out[get_group_id(0)] = tile[0];
    })");
  ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
  const auto &K = Out.Program->kernels().at(0);
  // The only value crossing the barriers, step, is the same in every work-item: one slot for the
  // work-group (two copies after the tile in local memory, outside the program's budget), none
  // per work-item.
  EXPECT_EQ(K.PrivateBytesPerWorkItem, 0u);
  EXPECT_EQ(K.StaticLocalBytes, 128u * 4);
  EXPECT_GE(K.LocalScratchBytes, 2 * sizeof(size_t));
  std::vector<int> In(128 * 8), Sums(8, -1);
  for (size_t I = 0; I < In.size(); ++I)
    In[I] = int(I * 7 % 13);
  std::vector<std::byte> Args(K.ArgBufferSize);
  set(Args, K, 0, In.data());
  set(Args, K, 1, Sums.data());
  run(K, Args, 1, {128 * 8, 1, 1}, {128, 1, 1});
  for (int G = 0; G < 8; ++G) {
    int Expected = 0;
    for (int I = 0; I < 128; ++I)
      Expected += In[G * 128 + I];
    EXPECT_EQ(Sums[G], Expected) << G;
  }
}

TEST_F(Execution, PrivateValuesAndArraysSurviveBarriers) {
  auto Out = build(R"(
    void sync(void) { work_group_barrier(CLK_LOCAL_MEM_FENCE); }  // a barrier in a helper
    kernel void k(global int *out, int rounds) {
      local int shared[64];
      int mine[16];                        // a private array across barriers
      size_t l = get_local_id(0), n = get_local_size(0);
      int acc = (int)l;                    // a private value across barriers
      for (int i = 0; i < 16; ++i) mine[i] = (int)l * i;
      for (int r = 0; r < rounds; ++r) {   // uniform trip count
        shared[l] = acc;
        sync();
        acc += shared[(l + 1) % n];        // read a neighbour's value
        sync();
        if (rounds > 100) break;           // a uniform exit that is never taken
      }
      if (rounds > 0) {                    // a barrier under a uniform condition
        barrier(CLK_LOCAL_MEM_FENCE);
      }
      out[get_global_id(0)] = acc + mine[15];
    })", "-cl-std=CL3.0");
  ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
  const auto &K = Out.Program->kernels().at(0);
  const int N = 64, Rounds = 5;
  std::vector<int> Result(2 * N, -1);
  std::vector<std::byte> Args(K.ArgBufferSize);
  set(Args, K, 0, Result.data());
  set(Args, K, 1, Rounds);
  run(K, Args, 1, {2 * N, 1, 1}, {N, 1, 1});
  // Host model of the same exchange.
  std::vector<int> Acc(N);
  for (int L = 0; L < N; ++L)
    Acc[L] = L;
  for (int R = 0; R < Rounds; ++R) {
    std::vector<int> Shared = Acc;
    for (int L = 0; L < N; ++L)
      Acc[L] += Shared[(L + 1) % N];
  }
  for (int G = 0; G < 2; ++G)
    for (int L = 0; L < N; ++L)
      ASSERT_EQ(Result[G * N + L], Acc[L] + L * 15) << G << "," << L;
}

// A register tile (2x2 accumulators a work-item) indexed by nested #pragma unroll loops, staged
// through local memory with barriers between k-steps (the shape of CLBlast's XgemmDirect): the
// tile becomes one slot per accumulator (lit pipeline/nested-unrolled-register-tiles.ll) and the
// product is the host's.
TEST_F(Execution, NestedUnrolledRegisterTilesAcrossBarriers) {
  auto Out = build(R"(
    #define T 8   // work-items per dimension
    #define W 2   // outputs per work-item and dimension
    kernel void gemm(global const float *a, global const float *b, global float *c, int n) {
      local float at[T * W][T], bt[T][T * W];
      const int lx = get_local_id(0), ly = get_local_id(1);
      const int m0 = get_group_id(0) * T * W, n0 = get_group_id(1) * T * W;
      float acc[W * W];
      #pragma unroll
      for (int i = 0; i < W; ++i)
        #pragma unroll
        for (int j = 0; j < W; ++j)
          acc[j * W + i] = 0.0f;
      for (int k0 = 0; k0 < n; k0 += T) {
        #pragma unroll
        for (int i = 0; i < W; ++i) {
          at[lx * W + i][ly] = a[(m0 + lx * W + i) * n + k0 + ly];
          bt[lx][ly * W + i] = b[(k0 + lx) * n + n0 + ly * W + i];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < T; ++k) {
          float ap[W], bp[W];
          #pragma unroll
          for (int i = 0; i < W; ++i) {
            ap[i] = at[lx * W + i][k];
            bp[i] = bt[k][ly * W + i];
          }
          #pragma unroll
          for (int j = 0; j < W; ++j)
            #pragma unroll
            for (int i = 0; i < W; ++i)
              acc[j * W + i] = mad(ap[i], bp[j], acc[j * W + i]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
      }
      #pragma unroll
      for (int j = 0; j < W; ++j)
        #pragma unroll
        for (int i = 0; i < W; ++i)
          c[(m0 + lx * W + i) * n + n0 + ly * W + j] = acc[j * W + i];
    })", "-cl-std=CL3.0");
  ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
  const auto &K = Out.Program->kernels().at(0);
  const int N = 64; // 4 x 4 work-groups of 8 x 8 work-items, 8 k-steps
  std::vector<float> A(N * N), B(N * N), C(N * N, -1.0f);
  for (int I = 0; I < N * N; ++I) {
    A[I] = float((I * 7) % 13) - 6.0f; // small integers: every sum is exact
    B[I] = float((I * 5) % 11) - 5.0f;
  }
  std::vector<std::byte> Args(K.ArgBufferSize);
  set(Args, K, 0, A.data());
  set(Args, K, 1, B.data());
  set(Args, K, 2, C.data());
  set(Args, K, 3, N);
  run(K, Args, 2, {N / 2, N / 2, 1}, {8, 8, 1});
  for (int Row = 0; Row < N; ++Row)
    for (int Col = 0; Col < N; ++Col) {
      float Want = 0;
      for (int I = 0; I < N; ++I)
        Want += A[Row * N + I] * B[I * N + Col];
      ASSERT_EQ(C[Row * N + Col], Want) << Row << "," << Col;
    }
}

// A pointer to a private variable, taken before a barrier and used after it: each work-item's
// points at its own variable. (weft-barriers once kept such an address as a work-group uniform
// value, so that every work-item wrote through the last one's pointer.)
TEST_F(Execution, PointersToPrivateVariablesCrossBarriers) {
  auto Out = build(R"(
    void bump(int *p, int by) { *p += by; }  // generic: the address of a private array
    kernel void k(global int *out, int n) {
      int mine[4];
      for (int i = 0; i < 4; ++i) mine[i] = (int)get_local_id(0) * 10 + i;
      int *p = &mine[n];                    // the same index in every work-item
      barrier(CLK_LOCAL_MEM_FENCE);
      bump(p, 1000);
      barrier(CLK_LOCAL_MEM_FENCE);
      out[get_global_id(0)] = mine[0] + mine[1] + mine[2] + mine[3];
    })", "-cl-std=CL3.0");
  ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
  const auto &K = Out.Program->kernels().at(0);
  const int N = 16;
  std::vector<int> Result(N, -1);
  std::vector<std::byte> Args(K.ArgBufferSize);
  set(Args, K, 0, Result.data());
  set(Args, K, 1, 2);
  run(K, Args, 1, {N, 1, 1}, {N, 1, 1});
  for (int L = 0; L < N; ++L)
    EXPECT_EQ(Result[L], L * 40 + 6 + 1000) << L;
}

TEST_F(Execution, LargeGroupWithLargePrivateArraysAndABarrier) {
  // The issue's case: 4096 work-items, each with 1 KiB of private data live across a barrier,
  // kept in heap memory rather than on the stack.
  auto Out = build(R"(
    kernel void k(global int *out) {
      int big[256];
      size_t l = get_local_id(0);
      for (int i = 0; i < 256; ++i) big[i] = (int)l + i;
      barrier(CLK_GLOBAL_MEM_FENCE);
      int s = 0;
      for (int i = 0; i < 256; ++i) s += big[i];
      out[get_global_id(0)] = s;
    })");
  ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
  const auto &K = Out.Program->kernels().at(0);
  EXPECT_GE(K.PrivateBytesPerWorkItem, 1024u);
  std::vector<int> Result(4096, -1);
  std::vector<std::byte> Args(K.ArgBufferSize);
  set(Args, K, 0, Result.data());
  run(K, Args, 1, {4096, 1, 1}, {4096, 1, 1});
  for (int L = 0; L < 4096; ++L)
    ASSERT_EQ(Result[L], 256 * L + 255 * 256 / 2) << L;
}

TEST_F(Execution, DivisionByZeroDoesNotCrashTheHost) {
  // Undefined results, but never SIGFPE: the application must survive a bad kernel.
  auto Out = build(R"(
    kernel void k(global int *p, global uint *u, global long *l, int zero, int minus_one) {
      p[0] = p[1] / zero;  p[2] = p[3] % zero;
      p[4] = (-2147483647 - 1) / minus_one;  p[5] = (-2147483647 - 1) % minus_one;
      u[0] = u[1] / (uint)zero;  u[2] = u[3] % (uint)zero;
      l[0] = l[1] / (long)zero;  l[2] = (long)0x8000000000000000 / (long)minus_one;
      int4 v = (int4)(1, 2, 3, 4), d = (int4)(zero);
      p[6] = (v / d).w + (v % d).x;
      p[7] = 84 / (zero + 2);              // ordinary divisions still divide
    })");
  ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
  const auto &K = Out.Program->kernels().at(0);
  std::vector<int> P(8, 7);
  std::vector<unsigned> U(4, 7);
  std::vector<long> L(4, 7);
  std::vector<std::byte> Args(K.ArgBufferSize);
  set(Args, K, 0, P.data());
  set(Args, K, 1, U.data());
  set(Args, K, 2, L.data());
  set(Args, K, 3, 0);
  set(Args, K, 4, -1);
  run(K, Args, 1, {1, 1, 1}, {1, 1, 1});
  EXPECT_EQ(P[7], 42);
}

// Regression: on a host with AVX512-FP16, LLVM 15's instruction selection failed on these stores
// of a short repeated into the low lanes of a zeroed short16 ("LLVM ERROR: Cannot select:
// X86ISD::VZEXT_MOVL"), which ended the host process; Codegen.cpp builds without the feature.
// On other hosts this builds either way.
TEST_F(Execution, ShortsRepeatedIntoZeroedVectors) {
  auto Out = build(R"(
    kernel void k(global short16 *out, short a) {
      out[0] = (short16)(0);
      out[0].s0 = a;
      out[1] = (short16)((short2)(a), (short2)(0), (short4)(0), (short8)(0));
      out[2] = (short16)((short4)(a), (short4)(0), (short8)(0));
    })");
  ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
  const auto &K = Out.Program->kernels().at(0);
  alignas(64) std::array<int16_t, 48> Got; // a short16 is aligned to 32 bytes
  Got.fill(7);
  std::vector<std::byte> Args(K.ArgBufferSize);
  set(Args, K, 0, Got.data());
  set(Args, K, 1, int16_t(-9));
  run(K, Args, 1, {1, 1, 1}, {1, 1, 1});
  std::array<int16_t, 48> Expected{};
  for (int Lane : {0, 16, 17, 32, 33, 34, 35})
    Expected[Lane] = -9;
  EXPECT_EQ(Got, Expected);
}

// Regression (CTS compiler/get_program_build_info): at -cl-opt-disable the kernels' original bodies
// were left behind, still calling the work-item queries, and the link failed.
// Loops over a work-group's local ids with stride local size run in work-item x == 0, one index
// at a time (weft-group-stride-loops; IR tests in lit/group-stride-loops): in 2D, with a partial
// work-group, through local memory and across a barrier. Loops the pass must leave alone (a value
// carried per work-item, a slot each work-item wrote before its loop) give their own results.
TEST_F(Execution, GroupStrideLoopsGiveEveryWorkItemsResult) {
  auto Out = build(R"(
    kernel void rows(global const float *in, global float *out, uint n) {
      local float t[2][100];
      size_t segment = get_global_id(1) * get_num_groups(0) + get_group_id(0);
      global const float *src = in + segment * n;
      global float *dst = out + segment * n;
      local float *row = t[get_local_id(1)];
      for (uint i = get_local_id(0); i < n; i += get_local_size(0)) row[i] = src[i] * 3.0f;
      barrier(CLK_LOCAL_MEM_FENCE);
      for (uint i = get_local_id(0) + 1; i < n; i += get_local_size(0)) dst[i] = row[i] + row[i - 1];
      if (get_local_id(0) == 0) dst[0] = -row[0];
    }
    kernel void sums(global const float *in, global float *out, uint n) {
      float s = 0.0f;
      for (uint i = get_local_id(0); i < n; i += get_local_size(0)) s += in[i];
      out[get_global_id(0)] = s;
    }
    kernel void scaled(global const float *in, global float *out, uint n) {
      local float t[100];
      float s = in[0];
      for (uint i = get_local_id(0); i < n; i += get_local_size(0)) t[i] = in[i] * s;
      barrier(CLK_LOCAL_MEM_FENCE);
      for (uint i = get_local_id(0); i < n; i += get_local_size(0)) out[i] = t[n - 1 - i];
    }
    kernel void own_slots(global float *a, uint n) {
      a[get_local_id(0)] = get_local_id(0);
      for (uint i = get_local_id(0); i < n; i += get_local_size(0)) a[i] += 1.0f;
    }
    kernel void tiles(global const float *in, global float *out, uint2 sides) {
      local float t[100];
      uint w = sides.x, h = sides.y;
      for (uint k = 0; k < 3; ++k) {
        for (uint i = get_local_id(0); i < w * h; i += get_local_size(0)) t[i] = in[k * w * h + i];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (uint i = get_local_id(0); i < w * h; i += get_local_size(0)) t[i] = t[i] * 2.0f + 1.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (uint i = get_local_id(0); i < w * h; i += get_local_size(0))
          out[k * w * h + i] = t[w * h - 1 - i];
        barrier(CLK_LOCAL_MEM_FENCE);
      }
    })");
  ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
  auto launch = [&](const char *Name, std::vector<void *> Pointers, uint32_t Count, unsigned Dims,
                    std::array<uint64_t, 3> Global, std::array<uint64_t, 3> Local) {
    Execution::launch(Out, Name, Pointers, Count, Dims, Global, Local);
  };

  // 4 work-groups in x (8, 8, 8 and 6 work-items), 2 rows in each, 2 groups in y: 16 segments.
  const uint32_t N = 100;
  std::vector<float> In(16 * N), Rows(16 * N, 0.0f);
  for (size_t I = 0; I < In.size(); ++I)
    In[I] = float(I % 37) - 5.0f;
  launch("rows", {In.data(), Rows.data()}, N, 2, {30, 4, 1}, {8, 2, 1});
  for (size_t S = 0; S < 16; ++S)
    for (size_t I = 0; I < N; ++I) {
      float Expected = I == 0 ? -3.0f * In[S * N] : 3.0f * In[S * N + I] + 3.0f * In[S * N + I - 1];
      ASSERT_EQ(Rows[S * N + I], Expected) << S << " " << I;
    }

  // One group of 8: work-item x sums elements x, x + 8, ...
  std::vector<float> Sums(8, -1.0f);
  launch("sums", {In.data(), Sums.data()}, 45, 1, {8, 1, 1}, {8, 1, 1});
  for (uint32_t X = 0; X < 8; ++X) {
    float Expected = 0.0f;
    for (uint32_t I = X; I < 45; I += 8)
      Expected += In[I];
    ASSERT_EQ(Sums[X], Expected) << X;
  }

  // A buffer read before a loop that fills local memory (vectorized between the two spaces).
  std::vector<float> Reversed(N, 0.0f);
  launch("scaled", {In.data(), Reversed.data()}, N, 1, {13, 1, 1}, {13, 1, 1});
  for (uint32_t I = 0; I < N; ++I)
    ASSERT_EQ(Reversed[I], In[N - 1 - I] * In[0]) << I;

  // Each work-item writes its slot, then adds 1 to it in its loop: collapsing would add before
  // the other work-items wrote.
  std::vector<float> Slots(8, -1.0f);
  launch("own_slots", {Slots.data()}, 8, 1, {8, 1, 1}, {8, 1, 1});
  for (uint32_t X = 0; X < 8; ++X)
    ASSERT_EQ(Slots[X], float(X) + 1.0f) << X;

  // Tiles worked on in place, the loops' bound computed in their tests (w * h, 63 of 5-item rows).
  const uint32_t W = 7, H = 9;
  std::vector<float> Tiles(3 * W * H, 0.0f);
  Execution::launch(Out, "tiles", {In.data(), Tiles.data()}, std::array<uint32_t, 2>{W, H}, 1,
                    {5, 1, 1}, {5, 1, 1});
  for (uint32_t K = 0; K < 3; ++K)
    for (uint32_t I = 0; I < W * H; ++I)
      ASSERT_EQ(Tiles[K * W * H + I], In[K * W * H + W * H - 1 - I] * 2.0f + 1.0f) << K << " " << I;
}

// Loops over global ids with stride global size (weft-group-stride-loops over blocks: x == 0
// runs each of its work-group's blocks of local-size indices) with partial work-groups, a global
// offset, an offset start, an inclusive bound, and in 2D (each row covers the range).
TEST_F(Execution, GridStrideLoopsGiveEveryWorkItemsResult) {
  auto Out = build(R"(
    kernel void grid(global const float *in, global float *out, uint n) {
      for (uint i = get_global_id(0); i < n; i += get_global_size(0)) out[i] = in[i] * 2.0f;
    }
    kernel void grid_int(global int *a, int n) {
      for (int i = get_global_id(0) + 1; i <= n; i += get_global_size(0)) a[i] = a[i] + i;
    })");
  ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
  auto find = [&](const char *Name) -> const compiler::KernelBinary * {
    for (const auto &K : Out.Program->kernels())
      if (K.Info.Name == Name)
        return &K;
    return nullptr;
  };
  const compiler::KernelBinary *Grid = find("grid"), *GridInt = find("grid_int");
  ASSERT_NE(Grid, nullptr);
  ASSERT_NE(GridInt, nullptr);

  const uint32_t N = 1000;
  std::vector<float> In(N + 8);
  for (size_t I = 0; I < In.size(); ++I)
    In[I] = float(I % 41) - 7.0f;
  struct Shape {
    unsigned Dims;
    std::array<uint64_t, 3> Global, Local, Offset;
  };
  // 16, 16, 16, 16 and 6 work-items; the same with a global offset of 5; 2D rows of 8 (4 groups
  // of 8, 8, 8 and 6) and 3 rows.
  for (const Shape &S : {Shape{1, {70, 1, 1}, {16, 1, 1}, {0, 0, 0}},
                         Shape{1, {70, 1, 1}, {16, 1, 1}, {5, 0, 0}},
                         Shape{2, {30, 3, 1}, {8, 3, 1}, {0, 0, 0}}}) {
    std::vector<float> Result(N + 8, -1.0f);
    std::vector<std::byte> Args(Grid->ArgBufferSize);
    set(Args, *Grid, 0, In.data());
    set(Args, *Grid, 1, Result.data());
    set(Args, *Grid, 2, N);
    run(*Grid, Args, S.Dims, S.Global, S.Local, S.Offset);
    for (uint32_t I = 0; I < N + 8; ++I) {
      float Expected = I >= S.Offset[0] && I < N ? In[I] * 2.0f : -1.0f;
      ASSERT_EQ(Result[I], Expected) << "offset " << S.Offset[0] << " dims " << S.Dims << " at " << I;
    }
  }

  // 3 groups of 16: every a[i] for i in [1, 500] gets i added exactly once.
  std::vector<int32_t> A(512, 3);
  std::vector<std::byte> Args(GridInt->ArgBufferSize);
  set(Args, *GridInt, 0, A.data());
  set(Args, *GridInt, 1, int32_t(500));
  run(*GridInt, Args, 1, {48, 1, 1}, {16, 1, 1});
  for (int32_t I = 0; I < 512; ++I)
    ASSERT_EQ(A[size_t(I)], I >= 1 && I <= 500 ? 3 + I : 3) << I;
}

// Grid-stride loops whose indices may reach 2^31 (weft-group-stride-loops then runs each
// work-item's loop as it was, in turn): a global offset of 2^32 - 16 wraps the uint index of
// work-items 16 to 63 to 0 to 47 (then 64 to 99, one global size on), while work-items 0 to 15
// start at 2^32 - 16 and run nothing; an offset of 2^31 with a bound above it runs indices from
// 2^31, which a 32-bit signed view would take as negative.
TEST_F(Execution, GridStrideLoopsWhoseIndicesWrapGiveEveryWorkItemsResult) {
  auto Out = build(R"(
    kernel void wraps(global uint *out, uint n) {
      for (uint i = get_global_id(0); i < n; i += get_global_size(0)) out[i] += 1;
    }
    kernel void high(global uint *out, uint n) {
      for (uint i = get_global_id(0); i < n; i += get_global_size(0))
        out[i - 0x80000000u] += i - 0x80000000u + 1;
    })");
  ASSERT_EQ(Out.Result, Status::Success) << Out.Log;

  std::vector<uint32_t> Counts(128, 0);
  launch(Out, "wraps", {Counts.data()}, uint32_t(100), 1, {64, 1, 1}, {64, 1, 1},
         {(uint64_t(1) << 32) - 16, 0, 0});
  for (uint32_t I = 0; I < 128; ++I)
    ASSERT_EQ(Counts[I], I < 48 || (I >= 64 && I < 100) ? 1u : 0u) << I;

  // 2 groups of 32 from 2^31: indices 2^31 to 2^31 + 199, each once.
  const uint32_t Base = uint32_t(1) << 31;
  std::vector<uint32_t> Values(256, 0);
  launch(Out, "high", {Values.data()}, Base + 200, 1, {64, 1, 1}, {32, 1, 1}, {Base, 0, 0});
  for (uint32_t I = 0; I < 256; ++I)
    ASSERT_EQ(Values[I], I < 200 ? I + 1 : 0u) << I;
}

// Work-item loops with a loop inside: weft-jam-work-items runs 16 work-items of a row side by
// side, and those after the last 16 of a row 8 at a time, in the GEMMs (int indices, taken as
// consecutive in a second version of the inner loop, and size_t ones), in every shape of row and
// in partial groups, and with int ids that wrap among the 16; a loop on vectors of a
// constant trip count (kept a loop for the jam). LLVM's legality test leaves the other nests alone (a buffer updated in
// place, an inner loop whose trip count differs between work-items, a private array, whose
// storage the work-items of a row share); they must be right all the same.
TEST_F(Execution, WorkItemLoopsWithALoopInsideGiveEveryWorkItemsResult) {
  auto Out = build(R"(
    kernel void gemm(global const float *a, global const float *b, global float *c, int n) {
      int col = get_global_id(0), row = get_global_id(1);
      float acc = 0.0f;
      for (int k = 0; k < n; ++k) acc += a[row * n + k] * b[k * n + col];
      c[row * n + col] = acc;
    }
    kernel void gemm_wide(global const double *a, global const double *b, global double *c, int n) {
      size_t col = get_global_id(0), row = get_global_id(1);
      double acc = 0.0;
      for (int k = 0; k < n; ++k) acc += a[row * n + k] * b[k * n + col];
      c[row * n + col] = acc;
    }
    kernel void in_place(global int *a, int n) {
      size_t i = get_global_id(0) + get_global_size(0) * get_global_id(1);
      int v = a[i];
      for (int k = 0; k < n; ++k) v = v * 3 + k;
      a[i] = v;
    }
    kernel void triangle(global const float *a, global float *c, int n) {
      int col = get_global_id(0), row = get_global_id(1);
      float acc = 0.0f;
      for (int k = 0; k <= col; ++k) acc += a[row * n + k];
      c[row * n + col] = acc;
    }
    kernel void private_array(global const float *a, global float *c, int n) {
      int col = get_global_id(0), row = get_global_id(1);
      float p[4] = {0.0f, 0.0f, 0.0f, 0.0f};
      for (int k = 0; k < n; ++k) p[k & 3] += a[row * n + k] * (float)(col + 1);
      c[row * n + col] = p[0] - p[1] + 2.0f * p[2] + p[3];
    }
    kernel void vector_steps(global const int4 *a, global int4 *c, int n) {
      size_t i = get_global_id(0) + get_global_size(0) * get_global_id(1);
      int4 x = a[i], y = (int4)(1, 2, 3, n);
      for (int k = 0; k < 8; ++k) { x = x * 3 + y; y = y - x; }
      c[i] = x + y;
    }
    kernel void wrapping(global const int *a, global long *c, int n) {
      int col = get_global_id(0);
      long acc = 0;
      for (int k = 0; k < n; ++k) acc += a[k] * ((long)col - k);
      c[get_global_id(0) - get_global_offset(0) + get_global_size(0) * get_global_id(1)] = acc;
    })", "", {{"cl_khr_fp64"}, {}});
  ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
  auto launch = [&](const char *Name, std::vector<void *> Pointers, int32_t Count,
                    std::array<uint64_t, 3> Global, std::array<uint64_t, 3> Local) {
    Execution::launch(Out, Name, Pointers, Count, 2, Global, Local);
  };
  // n x n matrices; rows of 40 work-items (16 + 16 + 8), 8, 24 (16 + 8), 5 (none side by side)
  // and 19 in a partial group (16 + 3).
  const int N = 40;
  std::vector<float> A(N * N), B(N * N);
  std::vector<double> Ad(N * N), Bd(N * N);
  for (int I = 0; I < N * N; ++I) {
    A[I] = float(I % 13) * 0.5f - 2.0f;
    B[I] = float(I % 7) - 3.0f;
    Ad[I] = A[I] * 1.25;
    Bd[I] = B[I] * 0.75;
  }
  const std::array<uint64_t, 3> Shapes[] = {{40, 2, 1}, {8, 4, 1}, {24, 1, 1}, {5, 8, 1}, {19, 3, 1}};
  for (const auto &Local : Shapes) {
    SCOPED_TRACE("local size " + std::to_string(Local[0]) + " x " + std::to_string(Local[1]));
    std::vector<float> C(N * N, -1.0f), T(N * N, -1.0f), P(N * N, -1.0f);
    std::vector<double> Cd(N * N, -1.0);
    launch("gemm", {A.data(), B.data(), C.data()}, N, {N, N, 1}, Local);
    launch("gemm_wide", {Ad.data(), Bd.data(), Cd.data()}, N, {N, N, 1}, Local);
    launch("triangle", {A.data(), T.data()}, N, {N, N, 1}, Local);
    launch("private_array", {A.data(), P.data()}, N, {N, N, 1}, Local);
    std::vector<int32_t> V(N * N);
    for (int I = 0; I < N * N; ++I)
      V[I] = I;
    launch("in_place", {V.data()}, 7, {N, N, 1}, Local);
    std::vector<int32_t> Quads(N * N * 4), Stepped(N * N * 4, -1);
    for (int I = 0; I < N * N * 4; ++I)
      Quads[I] = I % 11 - 5;
    launch("vector_steps", {Quads.data(), Stepped.data()}, 9, {N, N, 1}, Local);
    for (int Row = 0; Row < N; ++Row)
      for (int Col = 0; Col < N; ++Col) {
        float Acc = 0.0f, Tri = 0.0f, Priv[4] = {};
        double AccD = 0.0;
        for (int K = 0; K < N; ++K) {
          Acc = std::fma(A[Row * N + K], B[K * N + Col], Acc);
          AccD = std::fma(Ad[Row * N + K], Bd[K * N + Col], AccD);
          Priv[K & 3] = std::fma(A[Row * N + K], float(Col + 1), Priv[K & 3]);
          if (K <= Col)
            Tri += A[Row * N + K];
        }
        int32_t Want = Row * N + Col;
        for (int K = 0; K < 7; ++K)
          Want = Want * 3 + K;
        const int I = Row * N + Col;
        ASSERT_EQ(C[I], Acc) << Row << " " << Col;
        ASSERT_EQ(Cd[I], AccD) << Row << " " << Col;
        ASSERT_EQ(T[I], Tri) << Row << " " << Col;
        ASSERT_EQ(P[I], Priv[0] - Priv[1] + 2.0f * Priv[2] + Priv[3]) << Row << " " << Col;
        ASSERT_EQ(V[I], Want) << Row << " " << Col;
        const int Y0[4] = {1, 2, 3, 9};
        for (int Lane = 0; Lane < 4; ++Lane) {
          int32_t X = Quads[I * 4 + Lane], Y = Y0[Lane];
          for (int K = 0; K < 8; ++K) {
            X = X * 3 + Y;
            Y = Y - X;
          }
          ASSERT_EQ(Stepped[I * 4 + Lane], X + Y) << Row << " " << Col << " " << Lane;
        }
      }
  }

  // The jammed copies of `int col = get_global_id(0)` step one by one unless the ids cross 2^31
  // among them: from an offset 20 below it, rows of 40 have 16 below, then 16 that cross (the
  // copy of the inner loop that takes the columns as consecutive must not run), then 8 beyond.
  std::vector<int32_t> Weights(N);
  for (int K = 0; K < N; ++K)
    Weights[K] = K % 5 - 1;
  const uint64_t Offset = (uint64_t(1) << 31) - 20;
  for (const auto &Local : Shapes) {
    SCOPED_TRACE("local size " + std::to_string(Local[0]) + " x " + std::to_string(Local[1]));
    std::vector<int64_t> Sums(N * 2, -1);
    Execution::launch(Out, "wrapping", {Weights.data(), Sums.data()}, N, 2, {N, 2, 1}, Local,
                      {Offset, 0, 0});
    for (int Row = 0; Row < 2; ++Row)
      for (int Col = 0; Col < N; ++Col) {
        int64_t Want = 0, Id = int32_t(uint32_t(Offset + Col));
        for (int K = 0; K < N; ++K)
          Want += Weights[K] * (Id - K);
        ASSERT_EQ(Sums[Row * N + Col], Want) << Row << " " << Col;
      }
  }
}

// weft-interchange-work-items: in rows of 32 work-items and more, a nest whose inner loop runs
// the same count for every work-item runs inside out, 64 work-items at a time (the inner loop
// outside, a loop over those work-items inside it); narrower rows run the nest as it was (then
// jammed). Each work-item's arithmetic keeps its order, so both give the same bits. N-body's
// forces (float3 split into scalars, a load the same for every work-item, rsqrt) in groups of 16
// (the nest), 64 (one strip), 100 (a strip and 36), 200 (three strips and 8) and 160 (with a
// partial group of 80), against the groups of 16 and the host; a kernel whose values after the
// inner loop are its last iteration's (a PHI's next value, and one that is not), in 2D groups
// of 100 x 2 with a global offset, against the host.
TEST_F(Execution, NestsTurnedInsideOutGiveTheNestsResults) {
  auto Out = build(R"(
    kernel void forces(global const float4 *pos, global float4 *acc, int n) {
      float4 me = pos[get_global_id(0)];
      float3 a = (float3)(0.0f);
      for (int j = 0; j < n; ++j) {
        float4 other = pos[j];
        float3 d = other.xyz - me.xyz;
        float inv = rsqrt(dot(d, d) + 0.01f);
        a += d * (other.w * inv * inv * inv);
      }
      acc[get_global_id(0)] = (float4)(a, 0.0f);
    }
    kernel void last_steps(global const float *a, global float *out, int n) {
      size_t i = get_global_id(0) - get_global_offset(0) +
                 get_global_size(0) * (get_global_id(1) - get_global_offset(1));
      float v = a[i], w = 0.0f;
      int m = -1;
      for (int k = 0; k < n; ++k) {
        float t = a[k] * v;
        w = sqrt(fabs(t)) - w;
        m = (int)t ^ k;
      }
      out[2 * i] = w + v;
      out[2 * i + 1] = (float)m;
    })");
  ASSERT_EQ(Out.Result, Status::Success) << Out.Log;

  const int Bodies = 400;
  std::vector<float> Pos(Bodies * 4);
  for (int I = 0; I < Bodies * 4; ++I)
    Pos[I] = float((I * 37) % 101) / 16.0f + (I % 4 == 3 ? 1.0f : 0.0f);
  std::vector<float> Nest(Bodies * 4, -1.0f);
  launch(Out, "forces", {Pos.data(), Nest.data()}, Bodies, 1, {Bodies, 1, 1}, {16, 1, 1});
  for (int I = 0; I < Bodies; ++I)
    for (int C = 0; C < 3; ++C) {
      double Want = 0.0, Magnitude = 0.0;
      for (int J = 0; J < Bodies; ++J) {
        double D[3], Dot = 0.01;
        for (int K = 0; K < 3; ++K) {
          D[K] = double(Pos[J * 4 + K]) - Pos[I * 4 + K];
          Dot += D[K] * D[K];
        }
        Want += D[C] * Pos[J * 4 + 3] / (Dot * std::sqrt(Dot));
        Magnitude += std::fabs(D[C] * Pos[J * 4 + 3] / (Dot * std::sqrt(Dot)));
      }
      ASSERT_NEAR(Nest[I * 4 + C], Want, 1e-5 * Magnitude) << I << " " << C;
    }
  for (uint64_t Local : {64, 100, 200, 160}) {
    std::vector<float> Acc(Bodies * 4, -1.0f);
    launch(Out, "forces", {Pos.data(), Acc.data()}, Bodies, 1, {Bodies, 1, 1}, {Local, 1, 1});
    for (int I = 0; I < Bodies * 4; ++I)
      ASSERT_EQ(Acc[I], (I % 4 == 3 ? 0.0f : Nest[I])) << "groups of " << Local << " at " << I;
  }

  const int Width = 300, Rows = 4, Steps = 50;
  std::vector<float> A(Width * Rows), Result(2 * Width * Rows, -1.0f);
  for (int I = 0; I < Width * Rows; ++I)
    A[I] = float(I % 23) * 0.75f - 8.0f;
  launch(Out, "last_steps", {A.data(), Result.data()}, Steps, 2, {Width, Rows, 1}, {100, 2, 1},
         {7, 3, 0});
  for (int I = 0; I < Width * Rows; ++I) {
    float W = 0.0f;
    int M = -1;
    for (int K = 0; K < Steps; ++K) {
      volatile float T = A[K] * A[I]; // (rounded, as the kernel's t)
      W = std::sqrt(std::fabs(T)) - W;
      M = int(T) ^ K;
    }
    ASSERT_EQ(Result[2 * I], W + A[I]) << I;
    ASSERT_EQ(Result[2 * I + 1], float(M)) << I;
  }
}

TEST_F(Execution, OptDisableBuildsAndRuns) {
  auto Out = build("kernel void k(global float *src, global int *dst) {"
                   "  int tid = get_global_id(0); dst[tid] = (int)src[tid]; }",
                   "-cl-opt-disable");
  ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
  const auto &K = Out.Program->kernels().at(0);
  std::vector<float> Src = {1.5f, 2.5f, -3.5f, 4.0f};
  std::vector<int> Dst(4, 0);
  std::vector<std::byte> Args(K.ArgBufferSize);
  set(Args, K, 0, Src.data());
  set(Args, K, 1, Dst.data());
  run(K, Args, 1, {4, 1, 1}, {2, 1, 1});
  EXPECT_EQ(Dst, (std::vector<int>{1, 2, -3, 4}));
}

TEST_F(Execution, MissingBuiltinsAreLinkErrors) {
  // A function declared but defined nowhere (as a built-in missing from the library would be):
  // a link error naming it, not a crash.
  auto Out = build("float __attribute__((overloadable)) weft_nowhere(float);"
                   "kernel void k(global float *p) { p[0] = weft_nowhere(p[1]); }");
  EXPECT_EQ(Out.Result, Status::Failure);
  EXPECT_NE(Out.Log.find("undefined function(s): _Z12weft_nowheref"), std::string::npos) << Out.Log;
}

// PyOpenCL's test_clmath and test_array: a kernel taking sin and cos of one value did not load,
// because code generation had merged the two libm calls into sincosf, which Weft did not bind.
TEST_F(Execution, PyOpenCLSinAndCosOfOneValueBecomeSincos) {
  auto Out = build(R"(
    kernel void k(global float *out) {
      float x = (float)get_global_id(0) * 0.37f;
      out[get_global_id(0)] = sin(x) * 3 + cos(x);
    })");
  ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
  const compiler::KernelBinary &K = Out.Program->kernels().at(0);
  std::vector<float> Result(16, -1);
  std::vector<std::byte> Args(K.ArgBufferSize);
  set(Args, K, 0, Result.data());
  run(K, Args, 1, {16, 1, 1}, {4, 1, 1});
  for (int I = 0; I < 16; ++I) {
    float X = float(I) * 0.37f;
    EXPECT_NEAR(Result[I], std::sin(X) * 3 + std::cos(X), 1e-5f) << I;
  }
}

// A scalar math built-in in a loop over work-items runs on the library's vector forms of it once
// the loop vectorizes (weft-vector-forms), and so do the math intrinsics the library's sincos
// calls (its sine and cosine of one argument become one call of the sincos form again): every
// part of a program compiled in parallel has its own copy of them (the three kernels
// go to two parts on two threads), and the results are those of the functions, in the vectorized
// work-items and in each row's remainder (groups of 60) alike. Unoptimised code keeps the scalar
// calls. (Each function's results go to an array of their own.)
TEST_F(Execution, ScalarMathCallsRunOnTheVectorForms) {
  const std::string Body = R"(
      size_t i = get_global_id(0), g = get_global_size(0); T v = x[i]; int n = (int)(i % 7) - 3;
      out[i] = sin(v); out[1 * g + i] = expm1(v * (T)0.1);
      out[2 * g + i] = pow(v, (T)0.7 * v); out[3 * g + i] = atan2(v, v + (T)1);
      out[4 * g + i] = pown(v, n); out[5 * g + i] = rootn(v, n + 4); out[6 * g + i] = ldexp(v, n);
      out[7 * g + i] = lgamma(v); T c; out[8 * g + i] = sincos((T)0.5 * v, &c); out[9 * g + i] = c; })";
  const std::string Source =
      "#define T float\nkernel void a(global T *x, global T *out) {" + Body +
      "\nkernel void b(global T *x, global T *out) {" + Body +
      "\n#undef T\n#define T double\nkernel void c(global T *x, global T *out) {" + Body;
  auto Check = [&](const compiler::BuildOutput &Out, auto Zero) {
    using T = decltype(Zero);
    std::vector<T> X(1000), Result(10 * X.size());
    for (size_t I = 0; I < X.size(); ++I)
      X[I] = T(0.013) * T(I) + T(0.25);
    for (const char *Name : {"a", "b", "c"}) {
      if ((Name[0] == 'c') != (sizeof(T) == 8))
        continue;
      std::fill(Result.begin(), Result.end(), T(-1));
      launch(Out, Name, {X.data()}, Result.data(), 1, {X.size(), 1, 1}, {60, 1, 1});
      for (size_t I = 0; I < X.size(); ++I) {
        double V = X[I];
        int N = int(I % 7) - 3;
        T R[10]; // the ten results of work-item I, one array each
        for (size_t K = 0; K < 10; ++K)
          R[K] = Result[K * X.size() + I];
        // The spec's limits (OpenCL C 3.0 section 7.4), which Weft's forms are well within.
        EXPECT_LE(test::ulps(R[0], std::sin(V)), 4) << Name << " sin " << V;
        EXPECT_LE(test::ulps(R[1], std::expm1(double(X[I] * T(0.1)))), 3) << Name << " expm1 " << V;
        EXPECT_LE(test::ulps(R[2], std::pow(V, double(T(0.7) * X[I]))), 16) << Name << " pow " << V;
        EXPECT_LE(test::ulps(R[3], std::atan2(V, double(X[I] + T(1)))), 6)
            << Name << " atan2 " << V;
        EXPECT_LE(test::ulps(R[4], std::pow(V, N)), 16) << Name << " pown " << V << " " << N;
        EXPECT_LE(test::ulps(R[5], std::pow(V, 1.0 / (N + 4))), 16)
            << Name << " rootn " << V << " " << N;
        EXPECT_EQ(R[6], std::ldexp(X[I], N)) << Name << " ldexp " << V << " " << N;
        // No ulp limit for lgamma in the spec; its zeros at 1 and 2 are in the range.
        double Lgamma = std::lgamma(V);
        EXPECT_NEAR(R[7], Lgamma,
                    4 * std::numeric_limits<T>::epsilon() * std::max(1.0, std::fabs(Lgamma)))
            << Name << " lgamma " << V;
        double Half = double(T(0.5) * X[I]);
        EXPECT_LE(test::ulps(R[8], std::sin(Half)), 4) << Name << " sincos " << V;
        EXPECT_LE(test::ulps(R[9], std::cos(Half)), 4) << Name << " sincos " << V;
      }
    }
  };
  auto HoldsVectorForms = [](const std::string &Object) {
    return Object.find("weft.vector_form._Z3sinDv") != std::string::npos &&
           Object.find("weft.vector_form._Z4pownDv") != std::string::npos &&
           Object.find("weft.vector_form._Z6lgammaDv") != std::string::npos &&
           // sincos's llvm.sin and llvm.cos of one argument, paired again
           Object.find("weft.vector_form._Z6sincosDv") != std::string::npos &&
           Object.find("weft.vector_form._Z3cosDv") == std::string::npos;
  };
  auto Out = build(Source, "", {{"cl_khr_fp64"}, {}});
  ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
  ASSERT_FALSE(Out.Objects.empty());
  for (const std::string &Object : Out.Objects)
    EXPECT_TRUE(HoldsVectorForms(Object));
  Check(Out, 0.0f);
  Check(Out, 0.0);
  auto Unoptimised = build(Source, "-cl-opt-disable", {{"cl_khr_fp64"}, {}});
  ASSERT_EQ(Unoptimised.Result, Status::Success) << Unoptimised.Log;
  for (const std::string &Object : Unoptimised.Objects)
    EXPECT_FALSE(HoldsVectorForms(Object));
  Check(Unoptimised, 0.0f);
  Check(Unoptimised, 0.0);
}

// A loop over work-items calling a math built-in vectorizes even where LLVM's cost model prices
// something beside the call too high (weft-vector-forms-force): for AVX2 (an AMD EPYC, znver3)
// LLVM 15 left this loop scalar for its 64-bit `i % 7`, which has no vector instruction there,
// and so the calls too (docs/performance.md, "weft-vector-forms-force").
TEST_F(Execution, MathCallsBesideCostlyCodeStillRunOnTheVectorForms) {
  const std::string Source = R"(
      kernel void f(global const float *x, global float *out) {
        size_t i = get_global_id(0); out[i] = pown(x[i], (int)(i % 7) - 3); })";
  auto Out = build(Source);
  ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
  ASSERT_EQ(Out.Objects.size(), 1u);
  EXPECT_NE(Out.Objects[0].find("weft.vector_form._Z4pownDv"), std::string::npos);
  std::vector<float> X(1000), Result(X.size(), -1.0f);
  for (size_t I = 0; I < X.size(); ++I)
    X[I] = 0.013f * float(I) + 0.25f;
  launch(Out, "f", {X.data()}, Result.data(), 1, {X.size(), 1, 1}, {60, 1, 1});
  for (size_t I = 0; I < X.size(); ++I) {
    int N = int(I % 7) - 3;
    EXPECT_LE(test::ulps(Result[I], std::pow(double(X[I]), N)), 16) << X[I] << " " << N;
  }
}

// WEFT_LLVM_OPTIONS (Compiler::setLlvmOptions) reaches LLVM's option parser: the remarks it asks
// for are in the build log, and no others; an unknown option is reported (the others still
// apply); options on which LLVM's parser would end the process are refused. In a process of its
// own (a death test): LLVM's options are global.
TEST_F(Execution, LlvmOptionsPutTheRemarksAskedForInTheLog) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  auto Child = [this] {
    bool Ok = true;
    auto Expect = [&](bool Holds, const char *What, const std::string &Text) {
      if (!Holds) {
        std::fprintf(stderr, "%s:\n%s\n", What, Text.c_str());
        Ok = false;
      }
    };
    std::string Refused = Compiler->setLlvmOptions("-pass-remarks=loop-vectorize --help");
    Expect(Refused.find("'--help' would end the process") != std::string::npos, "refused", Refused);
    std::string Unknown =
        Compiler->setLlvmOptions("-pass-remarks=loop-vectorize -no-such-llvm-option");
    Expect(Unknown.find("no-such-llvm-option") != std::string::npos, "unknown", Unknown);
    auto Out = build("kernel void k(global const float *x, global float *out) {\n"
                     "  size_t i = get_global_id(0); out[i] = sin(x[i]); }");
    Expect(Out.Result == Status::Success, "the build", Out.Log);
    Expect(Out.Log.find("remark: ") != std::string::npos &&
               Out.Log.find("vectorized loop (vectorization width: ") != std::string::npos,
           "the vectorizer's remark", Out.Log);
    Expect(Out.Log.find("inlined into") == std::string::npos, "the inliner's remarks", Out.Log);
    std::fflush(stderr);
    _exit(Ok ? 0 : 1);
  };
  EXPECT_EXIT(Child(), testing::ExitedWithCode(0), "");
}

// lgamma_r and remquo return a result through a pointer, which LLVM's vectorizer cannot map to a
// vector function; the library computes them through calls it can map (lgamma; remainder and
// fmod) and inline arithmetic, so their loops over work-items run on those vector forms.
TEST_F(Execution, LgammaRAndRemquoRunOnTheVectorForms) {
  const std::string Body = R"(
      size_t i = get_global_id(0); T v = x[i], w = (T)1.25 + fabs(v); int s, q;
      out[3 * i] = lgamma_r(v, &s); out[3 * i + 1] = (T)s;
      out[3 * i + 2] = remquo((T)3 * v, w, &q) + (T)1000 * (T)q; })";
  const std::string Source =
      "#define T float\nkernel void f(global T *x, global T *out) {" + Body +
      "\n#undef T\n#define T double\nkernel void d(global T *x, global T *out) {" + Body;
  auto Out = build(Source, "", {{"cl_khr_fp64"}, {}});
  ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
  ASSERT_FALSE(Out.Objects.empty());
  for (size_t I = 0; I < Out.Objects.size(); ++I)
    for (const char *Entry : {"weft.vector_form._Z6lgammaDv", "weft.vector_form._Z9remainderDv",
                              "weft.vector_form._Z4fmodDv"})
      EXPECT_NE(Out.Objects[I].find(Entry), std::string::npos) << "part " << I << ": " << Entry;
  auto Check = [&](auto Zero) {
    using T = decltype(Zero);
    const char *Name = sizeof(T) == 4 ? "f" : "d";
    std::vector<T> X(1000), Result(3 * X.size());
    for (size_t I = 0; I < X.size(); ++I)
      X[I] = T(0.013) * T(I) - T(6.3);
    launch(Out, Name, {X.data()}, Result.data(), 1, {X.size(), 1, 1}, {60, 1, 1});
    for (size_t I = 0; I < X.size(); ++I) {
      const double V = X[I];
      int Sign = 0;
      const double Lgamma = ::lgamma_r(V, &Sign);
      if (std::isinf(Lgamma)) // a pole (-5)
        EXPECT_EQ(Result[3 * I], T(INFINITY)) << Name << " lgamma_r " << V;
      else
        EXPECT_NEAR(Result[3 * I], Lgamma,
                    4 * std::numeric_limits<T>::epsilon() * std::max(1.0, std::fabs(Lgamma)))
            << Name << " lgamma_r " << V;
      EXPECT_EQ(Result[3 * I + 1], T(Sign)) << Name << " lgamma_r's sign " << V;
      // The remainder is exact; the quotient here is below 128, so all of it is returned.
      const T A = T(3) * X[I], B = T(1.25) + std::fabs(X[I]), R = std::remainder(A, B);
      const long Quotient = std::lrint((static_cast<long double>(A) - R) / B);
      EXPECT_EQ(Result[3 * I + 2], R + T(1000) * T(Quotient))
          << Name << " remquo " << A << " " << B;
    }
  };
  Check(0.0f);
  Check(0.0);
}

// Float math on doubles: the loop over work-items vectorizes at half the width of one over floats
// (doubles are its widest type), and calls the forms of that width, which the build links too.
TEST_F(Execution, FloatMathOnDoublesRunsOnTheNarrowerVectorForms) {
  auto Out = build(R"(
      kernel void mixed(global const double *x, global float *out) {
        size_t i = get_global_id(0); float v = (float)x[i];
        out[i] = sin(v) + exp(v * 0.5f); })",
                   "", {{"cl_khr_fp64"}, {}});
  ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
  ASSERT_FALSE(Out.Objects.empty());
  for (const std::string &Object : Out.Objects) {
    EXPECT_NE(Object.find("weft.vector_form._Z3sinDv"), std::string::npos);
    EXPECT_NE(Object.find("weft.vector_form._Z3expDv"), std::string::npos);
  }
  std::vector<double> X(1000);
  std::vector<float> Result(X.size(), -1.0f);
  for (size_t I = 0; I < X.size(); ++I)
    X[I] = 0.013 * double(I) - 6.0;
  launch(Out, "mixed", {X.data()}, Result.data(), 1, {X.size(), 1, 1}, {60, 1, 1});
  for (size_t I = 0; I < X.size(); ++I) {
    const float V = float(X[I]);
    const double Sin = std::sin(double(V)), Exp = std::exp(double(V * 0.5f));
    // sin within 4 ulp, exp within 3 (the spec's limits), and the sum's rounding.
    EXPECT_NEAR(Result[I], Sin + Exp,
                8 * std::numeric_limits<float>::epsilon() * (std::fabs(Sin) + Exp))
        << X[I];
  }
}

// The objects a build keeps (what the disk cache stores) load again, outside the compiler, and
// run: constant data, a table lookup, libm calls through stubs, two kernels.
TEST_F(Execution, ObjectLoaderLoadsTheObjectsABuildKeeps) {
  auto Out = build(R"(
    constant int Table[8] = {3, 1, 4, 1, 5, 9, 2, 6};
    int pick(int i) {
      switch (i & 7) {
      case 0: return 10; case 1: return 21; case 2: return 32; case 3: return 43;
      case 4: return 54; case 5: return 65; case 6: return 76; default: return 87;
      }
    }
    kernel void first(global float *out) {
      int i = get_global_id(0);
      out[i] = Table[i & 7] + pick(i) + sin((float)i);
    }
    kernel void second(global float *out) { out[get_global_id(0)] = exp((float)get_global_id(0) / 8); }
  )");
  ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
  ASSERT_FALSE(Out.Objects.empty());
  std::string Error;
  auto Resolve = [](std::string_view Name) { return dlsym(RTLD_DEFAULT, std::string(Name).c_str()); };
  auto Code = store::LoadedCode::load(Out.Objects, Resolve, Error);
  ASSERT_TRUE(Code) << Error;
  for (const char *Name : {"first", "second"}) {
    compiler::KernelBinary K;
    for (const compiler::KernelBinary &B : Out.Program->kernels())
      if (B.Info.Name == Name)
        K = B;
    ASSERT_EQ(K.Info.Name, Name);
    K.Run = reinterpret_cast<abi::WorkGroupFn>(Code->symbol(std::string(abi::WorkGroupPrefix) + Name));
    ASSERT_NE(K.Run, nullptr) << Name;
    std::vector<float> Result(32, -1);
    std::vector<std::byte> Args(K.ArgBufferSize);
    set(Args, K, 0, Result.data());
    run(K, Args, 1, {32, 1, 1}, {8, 1, 1});
    const int Table[8] = {3, 1, 4, 1, 5, 9, 2, 6};
    for (int I = 0; I < 32; ++I) {
      float Want = std::string(Name) == "first"
                       ? float(Table[I & 7] + 10 + 11 * (I & 7) + std::sin(float(I)))
                       : std::exp(float(I) / 8);
      EXPECT_NEAR(Result[I], Want, 1e-4f * std::fabs(Want)) << Name << " " << I;
    }
  }
  EXPECT_EQ(Code->symbol("no such symbol"), nullptr);
}

// A corrupt object (a damaged cache entry) is an error, never a crash: every truncation, and
// random damage to the headers and tables.
TEST_F(Execution, ObjectLoaderRejectsCorruptObjects) {
  auto Out = build("kernel void k(global int *p) { p[get_global_id(0)] *= 2; }");
  ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
  auto Resolve = [](std::string_view Name) { return dlsym(RTLD_DEFAULT, std::string(Name).c_str()); };
  std::string Error;
  const std::string Good = Out.Objects.at(0);
  ASSERT_TRUE(store::LoadedCode::load({Good}, Resolve, Error)) << Error;
  for (size_t Length = 0; Length < Good.size(); Length += std::max<size_t>(1, Good.size() / 512)) {
    Error.clear();
    EXPECT_FALSE(store::LoadedCode::load({Good.substr(0, Length)}, Resolve, Error)) << Length;
    EXPECT_FALSE(Error.empty());
  }
  EXPECT_FALSE(store::LoadedCode::load({"not an object"}, Resolve, Error));
  std::mt19937 Random(11);
  int Loaded = 0, Rejected = 0;
  for (int Trial = 0; Trial < 2000; ++Trial) {
    std::string Bad = Good;
    for (int Flips = 0; Flips < 4; ++Flips)
      Bad[Random() % Bad.size()] = char(Random());
    (store::LoadedCode::load({Bad}, Resolve, Error) ? Loaded : Rejected)++;
  }
  EXPECT_EQ(Loaded + Rejected, 2000);
  EXPECT_GT(Rejected, 0);
  // A symbol nobody defines.
  auto Nothing = [](std::string_view) -> void * { return nullptr; };
  auto Libm = build("kernel void k(global float *p) { p[0] = exp(p[1]); }");
  ASSERT_EQ(Libm.Result, Status::Success) << Libm.Log;
  EXPECT_FALSE(store::LoadedCode::load(Libm.Objects, Nothing, Error));
  EXPECT_NE(Error.find("undefined symbol"), std::string::npos) << Error;
}

// Objects damaged where the fuzz target fuzz-program-binary found the loader wanting (issue 46):
// a symbol past the end of its section (its address was computed far outside the mapping), an
// allocated SHT_NULL section whose contents lie outside the object (read past the end when
// mapped), and a relocation whose addend overflows (undefined arithmetic). Each loads or fails
// cleanly, and no symbol points outside the code.
TEST_F(Execution, ObjectLoaderRejectsSymbolsSectionsAndAddendsOutOfRange) {
  auto Out = build("kernel void k(global int *p) { p[get_global_id(0)] *= 2; }");
  ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
  auto Resolve = [](std::string_view Name) { return dlsym(RTLD_DEFAULT, std::string(Name).c_str()); };
  const std::string Good = Out.Objects.at(0);
  Elf64_Ehdr H;
  std::memcpy(&H, Good.data(), sizeof H);
  auto SectionAt = [&](const std::string &O, unsigned I) {
    Elf64_Shdr S;
    std::memcpy(&S, O.data() + H.e_shoff + I * sizeof S, sizeof S);
    return S;
  };
  auto PutSection = [&](std::string &O, unsigned I, const Elf64_Shdr &S) {
    std::memcpy(O.data() + H.e_shoff + I * sizeof S, &S, sizeof S);
  };
  std::string Error;
  // Every defined symbol moved 2^40 bytes past its section's start.
  {
    std::string Bad = Good;
    for (unsigned I = 0; I < H.e_shnum; ++I)
      if (const Elf64_Shdr S = SectionAt(Bad, I); S.sh_type == SHT_SYMTAB)
        for (uint64_t At = S.sh_offset + sizeof(Elf64_Sym); At + sizeof(Elf64_Sym) <= S.sh_offset + S.sh_size;
             At += sizeof(Elf64_Sym)) {
          Elf64_Sym Sym;
          std::memcpy(&Sym, Bad.data() + At, sizeof Sym);
          if (Sym.st_shndx != SHN_UNDEF && Sym.st_shndx < SHN_LORESERVE) {
            Sym.st_value += uint64_t(1) << 40;
            std::memcpy(Bad.data() + At, &Sym, sizeof Sym);
          }
        }
    Error.clear();
    auto Code = store::LoadedCode::load({Bad}, Resolve, Error);
    if (Code)
      EXPECT_EQ(Code->symbol("__weft_wg_k"), nullptr);
    else
      EXPECT_FALSE(Error.empty());
  }
  // The null section 0, allocated, 1 MiB long, at the object's last byte.
  {
    std::string Bad = Good;
    Elf64_Shdr Null = SectionAt(Bad, 0);
    Null.sh_flags = SHF_ALLOC;
    Null.sh_size = 1 << 20;
    Null.sh_offset = Bad.size() - 1;
    PutSection(Bad, 0, Null);
    Error.clear();
    EXPECT_FALSE(store::LoadedCode::load({Bad}, Resolve, Error));
    EXPECT_NE(Error.find("outside the object"), std::string::npos) << Error;
  }
  // Every relocation's addend near 2^63, in an object with some (a constant table, a call).
  {
    auto WithRelocations = build("constant float t[4] = {1.5f, 2.5f, 3.5f, 4.5f};\n"
                                 "kernel void k(global float *p) {\n"
                                 "  p[get_global_id(0)] = t[get_global_id(0) & 3] * exp(p[0]); }");
    ASSERT_EQ(WithRelocations.Result, Status::Success) << WithRelocations.Log;
    std::string Bad = WithRelocations.Objects.at(0);
    std::memcpy(&H, Bad.data(), sizeof H);
    int Relocations = 0;
    for (unsigned I = 0; I < H.e_shnum; ++I)
      if (const Elf64_Shdr S = SectionAt(Bad, I); S.sh_type == SHT_RELA)
        for (uint64_t At = S.sh_offset; At + sizeof(Elf64_Rela) <= S.sh_offset + S.sh_size;
             At += sizeof(Elf64_Rela), ++Relocations) {
          Elf64_Rela Rel;
          std::memcpy(&Rel, Bad.data() + At, sizeof Rel);
          Rel.r_addend = INT64_MAX - 3;
          std::memcpy(Bad.data() + At, &Rel, sizeof Rel);
        }
    ASSERT_GT(Relocations, 0);
    Error.clear();
    EXPECT_FALSE(store::LoadedCode::load({Bad}, Resolve, Error));
    EXPECT_FALSE(Error.empty());
  }
}

} // namespace
} // namespace weft
