// OpenCL C 3.0's atomics (builtins/src/c11_atomics.cl) and the 64-bit atom_* functions, under
// contention from many work-groups running on every worker: counts that must come out exact,
// a float sum by compare-exchange, an atomic_flag spin lock guarding plain memory, local-memory
// atomics with work-group scope (lowered to plain accesses by weft-local-atomics), atomic loads
// that differ between work-items, cl_ext_float_atomics' add, sub, min and max, and the device's
// reports of what it supports.
#include "api/KernelFixture.h"
#include "runtime/api/ClExtCompat.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace weft::test {
namespace {

/// A 2D NDRange and its work-groups' size.
struct Shape {
  size_t Global[2], Local[2];
  size_t items() const { return Global[0] * Global[1]; }
  /// The linear index of the work-group holding work-item I (linear: y * width + x).
  size_t groupOf(size_t I) const {
    const size_t X = I % Global[0], Y = I / Global[0];
    return (Y / Local[1]) * (Global[0] / Local[0]) + X / Local[0];
  }
};

/// Rows of odd lengths, one and several to a group.
const Shape OddShapes[] = {
    {{37 * 40, 1}, {37, 1}}, {{64 * 8, 12}, {64, 3}}, {{13 * 6, 9 * 4}, {13, 9}}};

class Atomics : public KernelApi {
protected:
  /// Runs P's kernel Name with Args over S on Q and waits for it.
  template <typename... A>
  void launch(cl_command_queue Q, cl_program P, const char *Name, const Shape &S,
              const A &...Args) {
    cl_kernel K = clCreateKernel(P, Name, nullptr);
    setArgs(K, Args...);
    ASSERT_EQ(clEnqueueNDRangeKernel(Q, K, 2, nullptr, S.Global, S.Local, 0, nullptr, nullptr),
              CL_SUCCESS);
    ASSERT_EQ(clFinish(Q), CL_SUCCESS);
    clReleaseKernel(K);
  }
  /// Runs Launch(Data, Counter) twice, the counter first in the data buffer ({100, 0, 0, 0}),
  /// then in one of its own holding the same, for a kernel that adds 5 to the counter once, and
  /// passes Check whether they were one buffer.
  template <typename L, typename C>
  void counterInOrBesideData(cl_command_queue Q, L Launch, C Check) {
    for (bool Same : {true, false}) {
      SCOPED_TRACE(Same ? "one buffer" : "two buffers");
      cl_int Init[4] = {100, 0, 0, 0};
      cl_mem Data = buffer(sizeof Init, CL_MEM_COPY_HOST_PTR, Init),
             Counter = Same ? Data : buffer(sizeof Init, CL_MEM_COPY_HOST_PTR, Init);
      Launch(Data, Counter);
      Check(Same);
      EXPECT_EQ(read<cl_int>(Q, Counter, 1)[0], 105);
      clReleaseMemObject(Data);
      if (!Same)
        clReleaseMemObject(Counter);
    }
  }
};

TEST_F(Atomics, DeviceReportsEveryOrderAndScope) {
  cl_device_atomic_capabilities Memory = 0, Fence = 0;
  ASSERT_EQ(clGetDeviceInfo(Device, CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES, sizeof Memory, &Memory, nullptr), CL_SUCCESS);
  ASSERT_EQ(clGetDeviceInfo(Device, CL_DEVICE_ATOMIC_FENCE_CAPABILITIES, sizeof Fence, &Fence, nullptr), CL_SUCCESS);
  const cl_device_atomic_capabilities All =
      CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_ORDER_ACQ_REL | CL_DEVICE_ATOMIC_ORDER_SEQ_CST |
      CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP | CL_DEVICE_ATOMIC_SCOPE_DEVICE | CL_DEVICE_ATOMIC_SCOPE_ALL_DEVICES;
  EXPECT_EQ(Memory, All);
  EXPECT_EQ(Fence, All | CL_DEVICE_ATOMIC_SCOPE_WORK_ITEM);
  // The OpenCL C features say the same, and kernels see them.
  size_t Size = 0;
  clGetDeviceInfo(Device, CL_DEVICE_OPENCL_C_FEATURES, 0, nullptr, &Size);
  std::vector<cl_name_version> Features(Size / sizeof(cl_name_version));
  clGetDeviceInfo(Device, CL_DEVICE_OPENCL_C_FEATURES, Size, Features.data(), nullptr);
  for (const char *F : {"__opencl_c_atomic_order_acq_rel", "__opencl_c_atomic_order_seq_cst",
                        "__opencl_c_atomic_scope_device", "__opencl_c_atomic_scope_all_devices"})
    EXPECT_TRUE(std::any_of(Features.begin(), Features.end(),
                            [&](const cl_name_version &N) { return std::strcmp(N.name, F) == 0; }))
        << F;
  clReleaseProgram(built("#if !defined(__opencl_c_atomic_order_seq_cst) || "
                         "!defined(__opencl_c_atomic_scope_all_devices) || "
                         "!defined(cl_khr_int64_base_atomics)\n#error\n#endif\n"
                         "kernel void k() {}",
                         "-cl-std=CL3.0"));
}

TEST_F(Atomics, ContendedOperationsFromEveryWorkGroup) {
  cl_program P = built(R"(
    kernel void k(global atomic_int *count, global atomic_long *sum, global atomic_uint *bits,
                  global atomic_float *fsum, global atomic_flag *lock, global int *guarded,
                  global atomic_ulong *extremes, global long *legacy, global int *local_ok) {
      size_t i = get_global_id(0);
      local atomic_int in_group;
      if (get_local_id(0) == 0)
        atomic_init(&in_group, 0);
      barrier(CLK_LOCAL_MEM_FENCE);
      atomic_fetch_add(count, 1);
      atomic_fetch_add_explicit(sum, (long)i * 1000000000L, memory_order_relaxed);
      atomic_fetch_or_explicit(bits, 1u << (i % 32), memory_order_acq_rel, memory_scope_device);
      atomic_fetch_sub_explicit(count, 0, memory_order_seq_cst, memory_scope_all_devices);
      // float addition by compare-exchange, expected in private memory
      float seen = atomic_load_explicit(fsum, memory_order_relaxed);
      while (!atomic_compare_exchange_weak(fsum, &seen, seen + 0.5f))
        ;
      // a spin lock around plain memory
      while (atomic_flag_test_and_set_explicit(lock, memory_order_acquire))
        ;
      guarded[0] += 1;
      atomic_flag_clear_explicit(lock, memory_order_release);
      atomic_fetch_min(&extremes[0], (ulong)i + 5);
      atomic_fetch_max_explicit(&extremes[1], (ulong)i * 3, memory_order_relaxed, memory_scope_work_group);
      atom_add(&legacy[0], 1L << 33);
      atom_max(&legacy[1], (long)i - 100);
      atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_device);
      atomic_fetch_add_explicit(&in_group, 2, memory_order_relaxed, memory_scope_work_group);
      barrier(CLK_LOCAL_MEM_FENCE);
      if (get_local_id(0) == 0)
        local_ok[get_group_id(0)] = atomic_load_explicit(&in_group, memory_order_relaxed,
                                                         memory_scope_work_group) == 2 * (int)get_local_size(0);
      int expected = 12345;
      atomic_compare_exchange_strong_explicit((global atomic_int *)&local_ok[get_num_groups(0)],
                                              &expected, 54321, memory_order_acq_rel,
                                              memory_order_acquire, memory_scope_device);
    })", "-cl-std=CL3.0");
  const size_t Groups = 64, Local = 32, N = Groups * Local;
  cl_int Zero[1] = {0};
  cl_long ZeroL[1] = {0};
  cl_ulong Extremes[2] = {~cl_ulong(0), 0};
  cl_long Legacy[2] = {0, -1000};
  std::vector<cl_int> LocalOk(Groups + 1, 0);
  LocalOk[Groups] = 12345;
  cl_mem Count = buffer(4, CL_MEM_COPY_HOST_PTR, Zero), Sum = buffer(8, CL_MEM_COPY_HOST_PTR, ZeroL),
         Bits = buffer(4, CL_MEM_COPY_HOST_PTR, Zero), FSum = buffer(4, CL_MEM_COPY_HOST_PTR, Zero),
         Lock = buffer(4, CL_MEM_COPY_HOST_PTR, Zero), Guarded = buffer(4, CL_MEM_COPY_HOST_PTR, Zero),
         Ext = buffer(16, CL_MEM_COPY_HOST_PTR, Extremes), Leg = buffer(16, CL_MEM_COPY_HOST_PTR, Legacy),
         Ok = buffer(LocalOk.size() * 4, CL_MEM_COPY_HOST_PTR, LocalOk.data());
  cl_kernel K = clCreateKernel(P, "k", nullptr);
  setArgs(K, Count, Sum, Bits, FSum, Lock, Guarded, Ext, Leg, Ok);
  cl_command_queue Q = queue();
  run(Q, K, N, Local);
  EXPECT_EQ(read<cl_int>(Q, Count, 1)[0], cl_int(N));
  EXPECT_EQ(read<cl_long>(Q, Sum, 1)[0], cl_long(N * (N - 1) / 2) * 1000000000L);
  EXPECT_EQ(read<cl_uint>(Q, Bits, 1)[0], 0xffffffffu);
  EXPECT_EQ(read<cl_float>(Q, FSum, 1)[0], float(N) * 0.5f); // exact: small multiples of 0.5
  EXPECT_EQ(read<cl_int>(Q, Lock, 1)[0], 0);
  EXPECT_EQ(read<cl_int>(Q, Guarded, 1)[0], cl_int(N));
  const std::vector<cl_ulong> E = read<cl_ulong>(Q, Ext, 2);
  EXPECT_EQ(E[0], 5u);
  EXPECT_EQ(E[1], (N - 1) * 3);
  const std::vector<cl_long> L = read<cl_long>(Q, Leg, 2);
  EXPECT_EQ(L[0], cl_long(N) << 33);
  EXPECT_EQ(L[1], cl_long(N - 1) - 100);
  const std::vector<cl_int> O = read<cl_int>(Q, Ok, Groups + 1);
  for (size_t G = 0; G < Groups; ++G)
    EXPECT_EQ(O[G], 1) << "group " << G;
  EXPECT_EQ(O[Groups], 54321); // exactly one compare-exchange found 12345
  for (cl_mem M : {Count, Sum, Bits, FSum, Lock, Guarded, Ext, Leg, Ok})
    clReleaseMemObject(M);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

// cl_ext_float_atomics: add and sub on float and double from every work-group (each old value
// returned exactly once: the additions were atomic), min and max with NaN operands (a quiet NaN
// loses to a number, also one already in memory), in local memory with work-group scope and
// through a generic pointer; the capabilities the device reports match its feature list (half's
// atomics: Half.AtomicAddSubMinMaxAndExchange).
TEST_F(Atomics, FloatAtomicsAddSubMinMax) {
  const cl_device_fp_atomic_capabilities_ext All =
      CL_DEVICE_GLOBAL_FP_ATOMIC_LOAD_STORE_EXT | CL_DEVICE_GLOBAL_FP_ATOMIC_ADD_EXT |
      CL_DEVICE_GLOBAL_FP_ATOMIC_MIN_MAX_EXT | CL_DEVICE_LOCAL_FP_ATOMIC_LOAD_STORE_EXT |
      CL_DEVICE_LOCAL_FP_ATOMIC_ADD_EXT | CL_DEVICE_LOCAL_FP_ATOMIC_MIN_MAX_EXT;
  for (cl_device_info Q : {CL_DEVICE_SINGLE_FP_ATOMIC_CAPABILITIES_EXT, CL_DEVICE_DOUBLE_FP_ATOMIC_CAPABILITIES_EXT,
                           CL_DEVICE_HALF_FP_ATOMIC_CAPABILITIES_EXT}) {
    cl_device_fp_atomic_capabilities_ext Caps = 99;
    ASSERT_EQ(clGetDeviceInfo(Device, Q, sizeof Caps, &Caps, nullptr), CL_SUCCESS);
    EXPECT_EQ(Caps, All) << std::hex << Q;
  }
  cl_program P = built(R"(
    #if !defined(cl_ext_float_atomics) || !defined(__opencl_c_ext_fp32_global_atomic_add) || \
        !defined(__opencl_c_ext_fp32_local_atomic_min_max) || \
        !defined(__opencl_c_ext_fp64_global_atomic_min_max) || \
        !defined(__opencl_c_ext_fp64_local_atomic_add) || !defined(__opencl_c_ext_fp16_global_atomic_add) || \
        !defined(__opencl_c_ext_fp16_local_atomic_load_store)
    #error "cl_ext_float_atomics or its feature macros are not as the device reports them"
    #endif
    kernel void k(global atomic_float *f, global atomic_double *d, global float *fold,
                  global double *dold, global const float *values, global int *local_ok) {
      size_t i = get_global_id(0);
      local atomic_float lsum;
      local atomic_double lmax;
      if (get_local_id(0) == 0) {
        atomic_init(&lsum, 0.0f);
        atomic_init(&lmax, -INFINITY);
      }
      barrier(CLK_LOCAL_MEM_FENCE);
      fold[i] = atomic_fetch_add(&f[0], 0.5f);
      dold[i] = atomic_fetch_sub_explicit(&d[0], 0.25, memory_order_relaxed);
      float v = values[i];
      atomic_fetch_min(&f[1], v);
      atomic_fetch_max_explicit(&f[2], v, memory_order_acq_rel, memory_scope_device);
      atomic_fetch_min_explicit(&d[1], (double)v, memory_order_relaxed, memory_scope_device);
      atomic_fetch_max(&d[2], (double)v);
      volatile atomic_float *unqualified = &f[3]; // a generic pointer
      atomic_fetch_sub(unqualified, 1.0f);
      atomic_fetch_add_explicit(&lsum, 1.0f, memory_order_relaxed, memory_scope_work_group);
      atomic_fetch_max_explicit(&lmax, (double)get_local_id(0), memory_order_relaxed,
                                memory_scope_work_group);
      barrier(CLK_LOCAL_MEM_FENCE);
      if (get_local_id(0) == 0)
        local_ok[get_group_id(0)] =
            atomic_load(&lsum) == (float)get_local_size(0) &&
            atomic_load(&lmax) == (double)(get_local_size(0) - 1);
    })", "-cl-std=CL3.0");
  const size_t Groups = 64, Local = 32, N = Groups * Local;
  const float NaN = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> Values(N);
  for (size_t I = 0; I < N; ++I)
    Values[I] = I % 7 == 3 ? NaN : float(cl_long(I * 7919 % 1000) - 500) * 0.75f;
  float MinV = INFINITY, MaxV = -INFINITY;
  for (float V : Values)
    if (!std::isnan(V)) {
      MinV = std::min(MinV, V);
      MaxV = std::max(MaxV, V);
    }
  // f: the sum, a min and a max starting from NaN, a count down; d: the difference, a min from
  // NaN, a max from -infinity.
  cl_float F[4] = {0.0f, NaN, NaN, 0.0f};
  cl_double D[3] = {0.0, std::numeric_limits<double>::quiet_NaN(), -INFINITY};
  cl_mem MF = buffer(sizeof F, CL_MEM_COPY_HOST_PTR, F), MD = buffer(sizeof D, CL_MEM_COPY_HOST_PTR, D),
         MFold = buffer(N * 4), MDold = buffer(N * 8),
         MValues = buffer(N * 4, CL_MEM_COPY_HOST_PTR, Values.data()), MOk = buffer(Groups * 4);
  cl_kernel K = clCreateKernel(P, "k", nullptr);
  setArgs(K, MF, MD, MFold, MDold, MValues, MOk);
  cl_command_queue Q = queue();
  run(Q, K, N, Local);
  const std::vector<cl_float> GotF = read<cl_float>(Q, MF, 4);
  const std::vector<cl_double> GotD = read<cl_double>(Q, MD, 3);
  EXPECT_EQ(GotF[0], float(N) * 0.5f);
  EXPECT_EQ(GotD[0], -double(N) * 0.25);
  EXPECT_EQ(GotF[1], MinV);
  EXPECT_EQ(GotF[2], MaxV);
  EXPECT_EQ(GotD[1], double(MinV));
  EXPECT_EQ(GotD[2], double(MaxV));
  EXPECT_EQ(GotF[3], -float(N));
  std::vector<cl_float> Fold = read<cl_float>(Q, MFold, N);
  std::vector<cl_double> Dold = read<cl_double>(Q, MDold, N);
  std::sort(Fold.begin(), Fold.end());
  std::sort(Dold.begin(), Dold.end(), std::greater<>());
  for (size_t I = 0; I < N; ++I) {
    EXPECT_EQ(Fold[I], float(I) * 0.5f) << I;
    EXPECT_EQ(Dold[I], -double(I) * 0.25) << I;
  }
  const std::vector<cl_int> Ok = read<cl_int>(Q, MOk, Groups);
  for (size_t G = 0; G < Groups; ++G)
    EXPECT_EQ(Ok[G], 1) << "group " << G;
  for (cl_mem M : {MF, MD, MFold, MDold, MValues, MOk})
    clReleaseMemObject(M);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

// Atomics on local memory run without a lock (weft-local-atomics: a work-group's local memory is
// used by its thread only) and stay exact: a histogram at data-dependent bins, old values that
// cross a barrier (a slot per work-item, an exchange chain: each must differ between work-items,
// which a lowering before weft-barriers would lose by taking the plain loads as uniform), a float
// sum by compare-exchange, OpenCL C 3.0's weak compare-exchange, an atomic_flag lock and a 64-bit
// addition; in groups of 64 and of an odd size.
TEST_F(Atomics, LocalMemoryAtomicsStayExactWithoutALock) {
  cl_program P = built(R"(
    #pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
    kernel void k(global const uchar *in, global uint *hist, global int *olds, global float *fsum,
                  global long *totals) {
      local uint h[64];
      local int next, chain;
      local float lsum;
      local long lwide;
      local atomic_int c11;
      local atomic_flag lock;
      local int guarded;
      size_t lid = get_local_id(0), grp = get_group_id(0), L = get_local_size(0);
      size_t gid = get_global_id(0);
      for (size_t b = lid; b < 64; b += L)
        h[b] = 0;
      if (lid == 0) {
        next = 0; chain = -1; lsum = 0.0f; lwide = 0; guarded = 0;
        atomic_init(&c11, 0);
        atomic_flag_clear_explicit(&lock, memory_order_relaxed, memory_scope_work_group);
      }
      barrier(CLK_LOCAL_MEM_FENCE);
      for (int j = 0; j < 16; ++j)
        atomic_inc(&h[in[16 * gid + j] % 64]);
      int slot = atomic_add(&next, 1);
      int previous = atomic_xchg(&chain, (int)lid);
      volatile local uint *bits = (volatile local uint *)&lsum;
      uint expected, seen = *bits;
      do {
        expected = seen;
        seen = atomic_cmpxchg(bits, expected, as_uint(as_float(expected) + 0.5f));
      } while (seen != expected);
      int e = atomic_load_explicit(&c11, memory_order_relaxed, memory_scope_work_group);
      while (!atomic_compare_exchange_weak_explicit(&c11, &e, e + (int)lid, memory_order_acq_rel,
                                                    memory_order_relaxed, memory_scope_work_group))
        ;
      while (atomic_flag_test_and_set_explicit(&lock, memory_order_acquire, memory_scope_work_group))
        ;
      guarded += 1;
      atomic_flag_clear_explicit(&lock, memory_order_release, memory_scope_work_group);
      atom_add(&lwide, (long)lid << 33);
      barrier(CLK_LOCAL_MEM_FENCE);
      olds[2 * gid] = slot;
      olds[2 * gid + 1] = previous;
      for (size_t b = lid; b < 64; b += L)
        atomic_add(&hist[b], h[b]);
      if (lid == 0) {
        fsum[grp] = lsum;
        totals[4 * grp] = atomic_load(&c11);
        totals[4 * grp + 1] = guarded;
        totals[4 * grp + 2] = lwide;
        totals[4 * grp + 3] = chain;
      }
    })", "-cl-std=CL3.0");
  for (size_t L : {size_t(64), size_t(37)}) {
    SCOPED_TRACE("groups of " + std::to_string(L));
    const size_t Groups = 24, N = Groups * L;
    std::vector<cl_uchar> In(16 * N);
    std::vector<cl_uint> Expected(64, 0);
    for (size_t I = 0; I < In.size(); ++I) {
      In[I] = cl_uchar(I * 2654435761u >> 13);
      ++Expected[In[I] % 64];
    }
    std::vector<cl_uint> Zero(64, 0);
    cl_mem MIn = buffer(In.size(), CL_MEM_COPY_HOST_PTR, In.data()),
           MHist = buffer(64 * 4, CL_MEM_COPY_HOST_PTR, Zero.data()), MOlds = buffer(2 * N * 4),
           MFsum = buffer(Groups * 4), MTotals = buffer(4 * Groups * 8);
    cl_kernel K = clCreateKernel(P, "k", nullptr);
    setArgs(K, MIn, MHist, MOlds, MFsum, MTotals);
    cl_command_queue Q = queue();
    run(Q, K, N, L);
    EXPECT_EQ(read<cl_uint>(Q, MHist, 64), Expected);
    const std::vector<cl_int> Olds = read<cl_int>(Q, MOlds, 2 * N);
    const std::vector<cl_float> Fsum = read<cl_float>(Q, MFsum, Groups);
    const std::vector<cl_long> Totals = read<cl_long>(Q, MTotals, 4 * Groups);
    for (size_t G = 0; G < Groups; ++G) {
      // Each work-item's slot is another of 0..L-1; the exchange chain's old values and its last
      // value are -1 and 0..L-1, each once.
      std::vector<cl_int> Slots, Chain{cl_int(Totals[4 * G + 3])};
      for (size_t I = G * L; I < (G + 1) * L; ++I) {
        Slots.push_back(Olds[2 * I]);
        Chain.push_back(Olds[2 * I + 1]);
      }
      std::sort(Slots.begin(), Slots.end());
      std::sort(Chain.begin(), Chain.end());
      for (size_t I = 0; I < L; ++I)
        ASSERT_EQ(Slots[I], cl_int(I)) << "group " << G;
      for (size_t I = 0; I <= L; ++I)
        ASSERT_EQ(Chain[I], cl_int(I) - 1) << "group " << G;
      EXPECT_EQ(Fsum[G], 0.5f * float(L)) << "group " << G;
      EXPECT_EQ(Totals[4 * G], cl_long(L * (L - 1) / 2)) << "group " << G;
      EXPECT_EQ(Totals[4 * G + 1], cl_long(L)) << "group " << G;
      EXPECT_EQ(Totals[4 * G + 2], cl_long(L * (L - 1) / 2) << 33) << "group " << G;
    }
    for (cl_mem M : {MIn, MHist, MOlds, MFsum, MTotals})
      clReleaseMemObject(M);
    clReleaseKernel(K);
  }
  clReleaseProgram(P);
}

// An atomic load of local memory at the same address in every work-item is not a uniform value:
// other work-items' atomic operations between the two barriers may change what each reads. Each
// work-item here reads the counter and then increments it; its read cannot see its own increment,
// so for every k at most L - k work-items can read k or more (with each work-item's increment
// last, which the loads taken as uniform gave: every work-item read L - 1). The same for
// `atomic_fetch_add(p, 0)`, which InstCombine makes an atomic load.
TEST_F(Atomics, LocalAtomicLoadsAreEachWorkItemsOwn) {
  cl_program P = built(R"(
    kernel void k(global int *seen) {
      local atomic_int n, m;
      size_t lid = get_local_id(0), gid = get_global_id(0);
      if (lid == 0) {
        atomic_init(&n, 0);
        atomic_init(&m, 0);
      }
      barrier(CLK_LOCAL_MEM_FENCE);
      int a = atomic_load_explicit(&n, memory_order_relaxed, memory_scope_work_group);
      atomic_fetch_add_explicit(&n, 1, memory_order_relaxed, memory_scope_work_group);
      int b = atomic_fetch_add_explicit(&m, 0, memory_order_relaxed, memory_scope_work_group);
      atomic_fetch_add_explicit(&m, 1, memory_order_relaxed, memory_scope_work_group);
      barrier(CLK_LOCAL_MEM_FENCE);
      seen[2 * gid] = a;
      seen[2 * gid + 1] = b;
    })", "-cl-std=CL3.0");
  const size_t L = 32, Groups = 8, N = L * Groups;
  cl_mem Seen = buffer(2 * N * 4);
  cl_kernel K = clCreateKernel(P, "k", nullptr);
  setArgs(K, Seen);
  cl_command_queue Q = queue();
  run(Q, K, N, L);
  const std::vector<cl_int> Got = read<cl_int>(Q, Seen, 2 * N);
  for (size_t G = 0; G < Groups; ++G)
    for (size_t Which = 0; Which < 2; ++Which) {
      std::vector<size_t> AtLeast(L + 1, 0); // AtLeast[k]: work-items that read k or more
      for (size_t I = G * L; I < (G + 1) * L; ++I) {
        cl_int V = Got[2 * I + Which];
        ASSERT_TRUE(V >= 0 && V < cl_int(L)) << V;
        for (cl_int Kth = 0; Kth <= V; ++Kth)
          ++AtLeast[Kth];
      }
      size_t Kth = 0;
      while (Kth < L && AtLeast[Kth] <= L - Kth)
        ++Kth;
      EXPECT_EQ(Kth, L) << "group " << G << (Which ? ", fetch_add 0" : ", load") << ": "
                        << AtLeast[Kth] << " work-items read " << Kth << " or more";
    }
  clReleaseMemObject(Seen);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

// Relaxed atomics at one address for a whole row of work-items, results unused, are combined
// into one operation per row (weft-combine-atomics): every 1.x integer operation at once, on
// global and local counters, in 1D and 2D groups of odd sizes, with exact results; and a counter
// that is the same buffer as the data a work-item reads after its atomic, where the run-time check
// must keep the loop as it was (combined, the read would miss the work-item's own addition).
TEST_F(Atomics, CountersAtOneAddressCombinePerRowAndStayExact) {
  cl_program P = built(R"(
    kernel void k(global const int *a, global int *c, global uint *u, global int *groups) {
      size_t i = get_global_id(1) * get_global_size(0) + get_global_id(0);
      local int n;
      if (get_local_id(0) == 0 && get_local_id(1) == 0)
        n = 0;
      barrier(CLK_LOCAL_MEM_FENCE);
      int v = a[i];
      if (v > 0)
        atomic_inc(&c[0]);
      atomic_add(&c[1], v);
      atomic_sub(&c[2], v);
      atomic_max(&c[3], v);
      atomic_min(&c[4], v);
      atomic_or(&c[5], 1 << (i % 31));
      atomic_and(&c[6], ~(1 << (i % 29)));
      atomic_xor(&c[7], v);
      atomic_max(&u[0], (uint)v);
      atomic_min(&u[1], (uint)v);
      if (v % 3 == 0)
        atomic_add(&n, 2);
      barrier(CLK_LOCAL_MEM_FENCE);
      if (get_local_id(0) == 0 && get_local_id(1) == 0)
        groups[get_group_id(1) * get_num_groups(0) + get_group_id(0)] = n;
    }
    kernel void reads_back(global int *data, global int *counter, global int *out) {
      if (get_global_id(0) == 3) {
        atomic_add(&counter[0], 5);
        out[0] = data[0];
      }
    })");
  for (const Shape &S : OddShapes) {
    SCOPED_TRACE("global " + std::to_string(S.Global[0]) + " x " + std::to_string(S.Global[1]));
    const size_t N = S.items(), Groups = N / (S.Local[0] * S.Local[1]);
    std::vector<cl_int> A(N);
    for (size_t I = 0; I < N; ++I)
      A[I] = cl_int((I * 2654435761u) % 2001) - 1000;
    cl_int C[8] = {0, 0, 0, INT32_MIN, INT32_MAX, 0, -1, 0};
    cl_uint U[2] = {0, UINT32_MAX};
    cl_int Want[8] = {0, 0, 0, INT32_MIN, INT32_MAX, 0, -1, 0};
    cl_uint WantU[2] = {0, UINT32_MAX};
    std::vector<cl_int> WantGroups(Groups, 0);
    for (size_t I = 0; I < N; ++I) {
      const cl_int V = A[I];
      Want[0] += V > 0;
      Want[1] += V;
      Want[2] -= V;
      Want[3] = std::max(Want[3], V);
      Want[4] = std::min(Want[4], V);
      Want[5] |= 1 << (I % 31);
      Want[6] &= ~(1 << (I % 29));
      Want[7] ^= V;
      WantU[0] = std::max(WantU[0], cl_uint(V));
      WantU[1] = std::min(WantU[1], cl_uint(V));
      if (V % 3 == 0)
        WantGroups[S.groupOf(I)] += 2;
    }
    cl_mem MA = buffer(N * 4, CL_MEM_COPY_HOST_PTR, A.data()),
           MC = buffer(sizeof C, CL_MEM_COPY_HOST_PTR, C),
           MU = buffer(sizeof U, CL_MEM_COPY_HOST_PTR, U), MG = buffer(Groups * 4);
    cl_kernel K = clCreateKernel(P, "k", nullptr);
    setArgs(K, MA, MC, MU, MG);
    cl_command_queue Q = queue();
    ASSERT_EQ(clEnqueueNDRangeKernel(Q, K, 2, nullptr, S.Global, S.Local, 0, nullptr, nullptr),
              CL_SUCCESS);
    ASSERT_EQ(clFinish(Q), CL_SUCCESS);
    const std::vector<cl_int> GotC = read<cl_int>(Q, MC, 8);
    for (int J = 0; J < 8; ++J)
      EXPECT_EQ(GotC[J], Want[J]) << "counter " << J;
    const std::vector<cl_uint> GotU = read<cl_uint>(Q, MU, 2);
    EXPECT_EQ(GotU[0], WantU[0]);
    EXPECT_EQ(GotU[1], WantU[1]);
    EXPECT_EQ(read<cl_int>(Q, MG, Groups), WantGroups);
    for (cl_mem M : {MA, MC, MU, MG})
      clReleaseMemObject(M);
    clReleaseKernel(K);
  }
  // The counter is the data: the work-item reads its own addition. Then apart: it does not.
  cl_kernel K = clCreateKernel(P, "reads_back", nullptr);
  cl_command_queue Q = queue();
  cl_mem Out = buffer(4);
  counterInOrBesideData(
      Q,
      [&](cl_mem Data, cl_mem Counter) {
        setArgs(K, Data, Counter, Out);
        run(Q, K, 64, 16);
      },
      [&](bool Same) { EXPECT_EQ(read<cl_int>(Q, Out, 1)[0], Same ? 105 : 100); });
  clReleaseMemObject(Out);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

// A relaxed atomic at one address whose results are used (stream compaction, tickets) is taken
// by a row of work-items in one operation (weft-combine-atomics): each work-item's result must
// still be its own. Compaction leaves every slot to one work-item and fills none twice (and a
// bounded list, whose test of the result the counting copy drops, fills exactly its bound); sums
// and differences of varying operands chain (sorted by result, each is the one before with its
// operand); local tickets per work-group; 1D and 2D groups of odd sizes. And a work-item alone in
// its row to operate on the counter that reads the counter first (the same buffer) must not see
// its own operation: that fails when the combined loop runs whatever the number of work-items.
TEST_F(Atomics, CountersWithTheirResultsUsedGiveEachWorkItemItsOwn) {
  cl_program P = built(R"(
    size_t linear(void) { return get_global_id(1) * get_global_size(0) + get_global_id(0); }
    kernel void compact(global const int *a, global int *out, global int *n, global int *pos) {
      size_t i = linear();
      int v = a[i];
      pos[i] = -1;
      if (v > 0) {
        int s = atomic_add(n, 3);
        out[s] = v;
        out[s + 1] = (int)i;
        out[s + 2] = ~v;
        pos[i] = s;
      }
    }
    kernel void bounded(global const int *a, global int *out, global int *n, int cap) {
      size_t i = linear();
      if (a[i] > 0) {
        int s = atomic_inc(n);
        if (s < cap)
          out[s] = (int)i;
      }
    }
    kernel void adds(global const int *a, global int *c, global int *olds) {
      size_t i = linear();
      olds[i] = atomic_add(c, a[i]);
    }
    kernel void subs(global const int *a, global int *c, global int *olds) {
      size_t i = linear();
      olds[i] = atomic_sub(c, a[i]);
    }
    kernel void maxes(global const int *a, global int *c, global int *olds) {
      size_t i = linear();
      olds[i] = atomic_max(c, a[i]);
    }
    kernel void local_tickets(global int *tickets, global int *left) {
      local int t;
      if (get_local_id(0) == 0 && get_local_id(1) == 0)
        t = 1000;
      barrier(CLK_LOCAL_MEM_FENCE);
      tickets[linear()] = atomic_dec(&t);
      barrier(CLK_LOCAL_MEM_FENCE);
      if (get_local_id(0) == 0 && get_local_id(1) == 0)
        left[get_group_id(1) * get_num_groups(0) + get_group_id(0)] = t;
    }
    kernel void reads_first(global int *data, global int *counter, global int *out, int who) {
      int seen = data[0];
      if (get_global_id(0) == who) {
        int old = atomic_add(counter, 5);
        out[0] = seen;
        out[1] = old;
      }
    })");
  cl_command_queue Q = queue();
  for (const Shape &S : OddShapes) {
    SCOPED_TRACE("global " + std::to_string(S.Global[0]) + " x " + std::to_string(S.Global[1]));
    const size_t N = S.items(), Groups = N / (S.Local[0] * S.Local[1]);
    std::vector<cl_int> A(N);
    for (size_t I = 0; I < N; ++I)
      A[I] = cl_int((I * 2654435761u) % 199) - 99; // -99..99, about half above 0
    const cl_int Zero = 0;
    cl_mem MA = buffer(N * 4, CL_MEM_COPY_HOST_PTR, A.data()), Out = buffer(N * 12),
           Pos = buffer(N * 4),
           Counter = buffer(4, CL_MEM_COPY_HOST_PTR, const_cast<cl_int *>(&Zero));
    launch(Q, P, "compact", S, MA, Out, Counter, Pos);
    const std::vector<cl_int> Slots = read<cl_int>(Q, Pos, N), Packed = read<cl_int>(Q, Out, N * 3);
    size_t Kept = 0;
    std::vector<bool> Taken(N * 3, false);
    for (size_t I = 0; I < N; ++I) {
      if (A[I] <= 0) {
        EXPECT_EQ(Slots[I], -1) << I;
        continue;
      }
      ++Kept;
      const cl_int At = Slots[I];
      ASSERT_TRUE(At >= 0 && At % 3 == 0 && size_t(At) + 2 < N * 3) << I << ": " << At;
      EXPECT_FALSE(Taken[At]) << "slot " << At << " given twice";
      Taken[At] = true;
      EXPECT_EQ(Packed[At], A[I]);
      EXPECT_EQ(Packed[At + 1], cl_int(I));
      EXPECT_EQ(Packed[At + 2], ~A[I]);
    }
    EXPECT_EQ(read<cl_int>(Q, Counter, 1)[0], cl_int(3 * Kept));

    // A bounded list: the first Cap of the kept work-items' indices, each once; the count of all.
    const cl_int Cap = cl_int(Kept / 2), None = -1;
    cl_mem List = buffer(N * 4),
           Count = buffer(4, CL_MEM_COPY_HOST_PTR, const_cast<cl_int *>(&Zero));
    clEnqueueFillBuffer(Q, List, &None, 4, 0, N * 4, 0, nullptr, nullptr);
    launch(Q, P, "bounded", S, MA, List, Count, Cap);
    const std::vector<cl_int> Listed = read<cl_int>(Q, List, N);
    std::vector<bool> Seen(N, false);
    for (size_t K = 0; K < N; ++K) {
      if (K >= size_t(Cap)) {
        EXPECT_EQ(Listed[K], -1) << "entry " << K << " past the bound";
        continue;
      }
      ASSERT_TRUE(Listed[K] >= 0 && size_t(Listed[K]) < N) << "entry " << K;
      EXPECT_GT(A[Listed[K]], 0) << "entry " << K;
      EXPECT_FALSE(Seen[Listed[K]]) << "work-item " << Listed[K] << " listed twice";
      Seen[Listed[K]] = true;
    }
    EXPECT_EQ(read<cl_int>(Q, Count, 1)[0], cl_int(Kept));
    clReleaseMemObject(List);
    clReleaseMemObject(Count);

    // Sums and differences of operands 1..100 chain from the counter's first value.
    std::vector<cl_int> Positive(N);
    for (size_t I = 0; I < N; ++I)
      Positive[I] = std::abs(A[I]) + 1;
    cl_mem MP = buffer(N * 4, CL_MEM_COPY_HOST_PTR, Positive.data()), Olds = buffer(N * 4);
    for (int Sign : {1, -1}) {
      const cl_int First = Sign > 0 ? -5000 : 7000000;
      cl_mem C = buffer(4, CL_MEM_COPY_HOST_PTR, const_cast<cl_int *>(&First));
      launch(Q, P, Sign > 0 ? "adds" : "subs", S, MP, C, Olds);
      std::vector<cl_int> Got = read<cl_int>(Q, Olds, N);
      std::vector<size_t> Order(N);
      for (size_t I = 0; I < N; ++I)
        Order[I] = I;
      std::sort(Order.begin(), Order.end(),
                [&](size_t X, size_t Y) { return Sign * Got[X] < Sign * Got[Y]; });
      cl_int Expect = First;
      for (size_t I : Order) {
        ASSERT_EQ(Got[I], Expect) << (Sign > 0 ? "add" : "sub") << " of work-item " << I;
        Expect += Sign * Positive[I];
      }
      EXPECT_EQ(read<cl_int>(Q, C, 1)[0], Expect);
      clReleaseMemObject(C);
    }
    // A maximum's results: each the first value or an operand, never above the final maximum,
    // and the first of the work-items with the largest operand sees something smaller.
    const cl_int Low = -1000;
    cl_mem C = buffer(4, CL_MEM_COPY_HOST_PTR, const_cast<cl_int *>(&Low));
    launch(Q, P, "maxes", S, MA, C, Olds);
    const std::vector<cl_int> Got = read<cl_int>(Q, Olds, N);
    const cl_int Max = *std::max_element(A.begin(), A.end());
    EXPECT_EQ(read<cl_int>(Q, C, 1)[0], Max);
    for (size_t I = 0; I < N; ++I) {
      EXPECT_TRUE(Got[I] == Low || std::find(A.begin(), A.end(), Got[I]) != A.end()) << I;
      EXPECT_LE(Got[I], Max) << I;
    }
    bool SawLess = false;
    for (size_t I = 0; I < N; ++I)
      SawLess |= A[I] == Max && Got[I] < Max;
    EXPECT_TRUE(SawLess) << "every work-item with the largest operand saw it already";
    clReleaseMemObject(C);

    // Local tickets: each group's are 1000 down to 1000 - size + 1, each once.
    cl_mem Tickets = buffer(N * 4), Left = buffer(Groups * 4);
    launch(Q, P, "local_tickets", S, Tickets, Left);
    const std::vector<cl_int> T = read<cl_int>(Q, Tickets, N);
    const size_t L = S.Local[0] * S.Local[1];
    std::vector<std::vector<cl_int>> PerGroup(Groups);
    for (size_t I = 0; I < N; ++I)
      PerGroup[S.groupOf(I)].push_back(T[I]);
    std::vector<cl_int> Want(L);
    for (size_t K = 0; K < L; ++K)
      Want[K] = cl_int(1000 - L + 1 + K);
    for (std::vector<cl_int> &G : PerGroup) {
      std::sort(G.begin(), G.end());
      EXPECT_EQ(G, Want);
    }
    EXPECT_EQ(read<cl_int>(Q, Left, Groups), std::vector<cl_int>(Groups, cl_int(1000 - L)));
    for (cl_mem M : {MA, Out, Pos, Counter, MP, Olds, Tickets, Left})
      clReleaseMemObject(M);
  }
  // One work-item of the row operates on the counter after reading it through the same buffer:
  // it reads the value before its own operation.
  cl_mem Out = buffer(8);
  counterInOrBesideData(
      Q,
      [&](cl_mem Data, cl_mem Counter) {
        launch(Q, P, "reads_first", Shape{{64, 1}, {16, 1}}, Data, Counter, Out, cl_int(3));
      },
      [&](bool) {
        EXPECT_EQ(read<cl_int>(Q, Out, 2), (std::vector<cl_int>{100, 100}));
      });
  clReleaseMemObject(Out);
  clReleaseProgram(P);
}

// A relaxed atomic whose address is one of a few (a histogram's bins) is counted by a row in bins
// of private memory and added to the counters after it (weft-combine-atomics): the counts must
// come out exact for each kind of bound (a `uchar` index, a mask, a clamp, an offset into the
// array), each operation (sub, signed max with its non-zero identity, 64-bit add), work-items
// that skip the operation, rows shorter than a quarter of the bins (which run as they were) and
// longer, 1D and 2D groups. `near` reads counters of the same buffer that the run never touches:
// from 100, among the bins the index could reach (its rows run as they were), and from 128, just
// past them (counted in bins after the check). `reads_own`: one work-item counts and then reads
// its counter, which must hold its own operation (it fails when the bins are taken whatever the
// accesses). `several` and `several_clamped`: several operations a work-item share the bins (a
// loop of eight unrolled, three clamps), each counted in its own bin. `per_item`, `strided` and
// `per_item_near`: a loop of each work-item's own with a count given at run time, its operations
// counted in the row's bins (the last reading counters as `near` does).
// Loops over local ids (`for (i = get_local_id(0); i < per; i += get_local_size(0))`, each
// work-group's chunk): weft-group-stride-loops runs each in x == 0 of its row, and
// weft-combine-atomics takes that loop as a row: a histogram, a sum at one address, slots taken
// with their results used; and counters in the data's own buffer, with the values read just past
// them (at `64 + i`, a `uint` sum, taken as a 64-bit index checked not to wrap). `hist_uint`: the
// histogram at `uint` offsets `base + i`, counted in bins under the same check; `hist_wraps`:
// at `base + j`, j = off + i, whose 32-bit sum wraps inside work-group 0's rows (from 2^32 - 50
// to 0: that row runs as it was) and not in the others' (counted in bins), only j < per read.
// Each row of a work-group (Local[1] of them) runs the whole chunk.
TEST_F(Atomics, LoopsOverLocalIdsCombineAsRowsAndStayExact) {
  cl_program P = built(R"(
    size_t chunk(uint per) { return (get_group_id(1) * get_num_groups(0) + get_group_id(0)) * per; }
    kernel void hist(global const uchar *in, global uint *bins, uint per) {
      size_t base = chunk(per);
      for (uint i = get_local_id(0); i < per; i += get_local_size(0))
        atomic_inc(&bins[in[base + i]]);
    }
    kernel void sum(global const uchar *in, global uint *total, uint per) {
      size_t base = chunk(per);
      for (uint i = get_local_id(0); i < per; i += get_local_size(0))
        atomic_add(total, in[base + i]);
    }
    kernel void compact(global const uchar *in, global uint *out, global uint *n, uint per) {
      size_t base = chunk(per);
      for (int i = get_local_id(0); i < per; i += get_local_size(0))
        if (in[base + i] > 127)
          out[atomic_inc(n)] = base + i;
    }
    kernel void hist_uint(global const uchar *in, global uint *bins, uint per) {
      uint base = chunk(per);
      for (uint i = get_local_id(0); i < per; i += get_local_size(0))
        atomic_inc(&bins[in[base + i]]);
    }
    kernel void hist_wraps(global const uchar *in, global uint *bins, uint per, uint off) {
      uint base = chunk(per);
      for (uint i = get_local_id(0); i < per; i += get_local_size(0)) {
        uint j = off + i;
        if (j < per)
          atomic_inc(&bins[in[base + j]]);
      }
    }
    kernel void inside(global uint *data, uint per) {
      for (uint i = get_local_id(0); i < per; i += get_local_size(0))
        atomic_add(&data[data[64 + i] % 64], 1u);
    })");
  const cl_uint Per = 100;
  for (const Shape &S : OddShapes) {
    SCOPED_TRACE("global " + std::to_string(S.Global[0]) + " x " + std::to_string(S.Global[1]));
    const size_t Groups = S.items() / (S.Local[0] * S.Local[1]), N = Groups * Per;
    const cl_uint Rows = cl_uint(S.Local[1]);
    std::vector<cl_uchar> In(N);
    for (size_t I = 0; I < N; ++I)
      In[I] = cl_uchar((I * 2654435761u) >> 13);
    cl_mem MIn = buffer(N, CL_MEM_COPY_HOST_PTR, In.data());
    cl_command_queue Q = queue();
    std::vector<cl_uint> Bins(256, 0), Total(1, 0), Count(1, 0), Slots(N * Rows, ~0u);
    cl_mem MBins = buffer(256 * 4, CL_MEM_COPY_HOST_PTR, Bins.data()),
           MTotal = buffer(4, CL_MEM_COPY_HOST_PTR, Total.data()),
           MCount = buffer(4, CL_MEM_COPY_HOST_PTR, Count.data()),
           MSlots = buffer(N * Rows * 4, CL_MEM_COPY_HOST_PTR, Slots.data());
    std::vector<cl_uint> ExpectedSlots(N, 0);
    cl_uint Selected = 0;
    for (size_t I = 0; I < N; ++I) {
      Bins[In[I]] += Rows;
      Total[0] += In[I] * Rows;
      if (In[I] > 127)
        ExpectedSlots[I] = Rows, Selected += Rows;
    }
    launch(Q, P, "hist", S, MIn, MBins, Per);
    EXPECT_EQ(read<cl_uint>(Q, MBins, 256), Bins);
    std::vector<cl_uint> Twice = Bins;
    for (cl_uint &B : Twice)
      B *= 2;
    launch(Q, P, "hist_uint", S, MIn, MBins, Per);
    EXPECT_EQ(read<cl_uint>(Q, MBins, 256), Twice);
    // j = off + i runs from 2^32 - 50: j < per for i >= 50, reading the chunk's first per - 50.
    std::vector<cl_uint> Wrapped = Twice;
    for (size_t G = 0; G < Groups; ++G)
      for (cl_uint J = 0; J < Per - 50; ++J)
        Wrapped[In[G * Per + J]] += Rows;
    launch(Q, P, "hist_wraps", S, MIn, MBins, Per, cl_uint(-50));
    EXPECT_EQ(read<cl_uint>(Q, MBins, 256), Wrapped);
    launch(Q, P, "sum", S, MIn, MTotal, Per);
    EXPECT_EQ(read<cl_uint>(Q, MTotal, 1), Total);
    launch(Q, P, "compact", S, MIn, MSlots, MCount, Per);
    ASSERT_EQ(read<cl_uint>(Q, MCount, 1)[0], Selected);
    std::vector<cl_uint> Written(N, 0);
    for (cl_uint Index : read<cl_uint>(Q, MSlots, Selected)) {
      ASSERT_LT(Index, N);
      ++Written[Index];
    }
    EXPECT_EQ(Written, ExpectedSlots);
    // 64 counters, then the values they count (never written).
    std::vector<cl_uint> Data(64 + Per, 0), Expected;
    for (cl_uint I = 0; I < Per; ++I)
      Data[64 + I] = I * 37 + 5;
    Expected = Data;
    for (cl_uint I = 0; I < Per; ++I)
      Expected[Data[64 + I] % 64] += cl_uint(Groups) * Rows;
    cl_mem MData = buffer(Data.size() * 4, CL_MEM_COPY_HOST_PTR, Data.data());
    launch(Q, P, "inside", S, MData, Per);
    EXPECT_EQ(read<cl_uint>(Q, MData, Data.size()), Expected);
    for (cl_mem M : {MIn, MBins, MTotal, MCount, MSlots, MData})
      clReleaseMemObject(M);
  }
  clReleaseProgram(P);
}

TEST_F(Atomics, HistogramsCountInPrivateBinsAndStayExact) {
  cl_program P = built(R"(
    #pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
    size_t item() { return get_global_id(1) * get_global_size(0) + get_global_id(0); }
    kernel void bytes(global const uchar *in, global uint *bins) {
      atomic_inc(&bins[in[item()]]);
    }
    kernel void masked_sub(global const uchar *in, global int *bins) {
      size_t i = item();
      if (in[i] > 40)
        atomic_sub(&bins[in[i] & 31], (int)(i % 7));
    }
    kernel void clamped(global const int *v, global uint *bins) {
      atomic_add(&bins[clamp(v[item()], 0, 99)], 3u);
    }
    kernel void offset_max(global const uchar *in, global int *bins) {
      size_t i = item();
      atomic_max(&bins[16 + (in[i] >> 4)], (int)(i % 1000) - 500);
    }
    kernel void wide(global const uchar *in, global long *bins) {
      size_t i = item();
      atom_add(&bins[in[i] % 16], ((long)i << 33) + 1);
    }
    kernel void near(global const uchar *in, global uint *bins, global uint *out, uint from) {
      size_t i = item();
      out[i] = bins[from + get_local_id(0)];
      if (in[i] < 100)
        atomic_inc(&bins[in[i] % 128]);
    }
    kernel void reads_own(global const uchar *in, global uint *bins, global uint *out, uint k) {
      if (item() == 3) {
        atomic_inc(&bins[in[3]]);
        out[0] = bins[k];
      }
    }
    // Eight values a work-item (a loop LLVM unrolls): eight operations share the bins.
    kernel void several(global const uchar *in, global uint *bins) {
      for (int k = 0; k < 8; ++k)
        atomic_inc(&bins[in[item() * 8 + k]]);
    }
    // A histogram per channel: three arrays, the same operation, a set of bins for each (run
    // again with one buffer given for the first two).
    kernel void channels(global const uchar *in, global uint *r, global uint *g, global uint *b) {
      size_t i = item();
      atomic_inc(&r[in[i]]);
      atomic_add(&g[in[i] >> 2], 2u);
      atomic_inc(&b[in[i] & 15]);
    }
    // A work-item reading the second array's counter after its operations: each set is checked.
    kernel void channels_read_own(global const uchar *in, global uint *r, global uint *g,
                                  global uint *out, uint k) {
      if (item() == 3) {
        atomic_inc(&r[in[3]]);
        atomic_inc(&g[in[3]]);
        out[0] = g[k];
      }
    }
    // Each label's lowest and highest value: two arrays, two operations.
    kernel void label_bounds(global const uchar *in, global const int *v, global int *lo,
                             global int *hi) {
      size_t i = item();
      atomic_min(&lo[in[i] & 63], v[i]);
      atomic_max(&hi[in[i] & 63], v[i]);
    }
    // An add and an or, in both orders, each cell one work-item's: given one buffer for both
    // arrays, exact only where the arrays are checked apart (their bins are added set after set).
    kernel void add_or(global uint *a, global uint *b) {
      atomic_add(&a[item() & 255], 1u);
      atomic_or(&b[item() & 255], 1u);
    }
    kernel void or_add(global uint *a, global uint *b) {
      atomic_or(&a[item() & 255], 1u);
      atomic_add(&b[item() & 255], 1u);
    }
    // The same on one array: the two operations' counters overlap (left as it is); and two
    // operations on counters that do not overlap: a count and a maximum.
    kernel void add_or_one(global uint *a) {
      atomic_add(&a[item() & 255], 1u);
      atomic_or(&a[item() & 255], 1u);
    }
    kernel void or_add_one(global uint *a) {
      atomic_or(&a[item() & 255], 1u);
      atomic_add(&a[item() & 255], 1u);
    }
    kernel void count_and_max(global const uchar *in, global const int *v, global int *h) {
      size_t i = item();
      atomic_inc(&h[in[i]]);
      atomic_max(&h[256 + (in[i] & 15)], v[i]);
    }
    kernel void several_clamped(global const int *v, global uint *bins) {
      size_t i = item();
      atomic_add(&bins[clamp(v[i], 0, 99)], 1u);
      atomic_add(&bins[clamp(v[i] - 50, 0, 99)], 2u);
      atomic_add(&bins[clamp(v[i] + 50, 0, 99)], 4u);
    }
    // A loop of their own, with a count known only at run time: the bins are the row's.
    kernel void per_item(global const uchar *in, global uint *bins, uint items) {
      for (uint k = 0; k < items; ++k)
        atomic_inc(&bins[in[item() * items + k]]);
    }
    kernel void strided(global const uchar *in, global uint *bins, uint items) {
      size_t L = get_local_size(0), first = (item() - get_local_id(0)) * items;
      for (uint k = 0; k < items; ++k)
        atomic_inc(&bins[in[first + k * L + get_local_id(0)]]);
    }
    kernel void per_item_near(global const uchar *in, global uint *bins, global uint *out,
                              uint from, uint items) {
      size_t i = item();
      out[i] = bins[from + get_local_id(0)];
      for (uint k = 0; k < items; ++k)
        if (in[i * items + k] < 100)
          atomic_inc(&bins[in[i * items + k] % 128]);
    }
    // Grid-stride loops (weft-group-stride-loops collapses them; each row of the NDRange covers
    // the whole input): a uint index, a size_t one, and values read from the counters' own buffer
    // just below them.
    kernel void grid(global const uchar *in, global uint *bins, uint n) {
      for (uint i = get_global_id(0); i < n; i += get_global_size(0))
        atomic_inc(&bins[in[i]]);
    }
    kernel void grid_long(global const uchar *in, global uint *bins, ulong n) {
      for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
        atomic_inc(&bins[in[i]]);
    }
    kernel void grid_below(global uint *bins, uint n) {
      for (int i = get_global_id(0); i < n; i += get_global_size(0))
        atomic_add(&bins[64 + bins[i] % 64], 2u);
    }
    // Words (the block's last index times 4), and a uint offset (`off + i` checked to fit).
    kernel void grid_words(global const int *v, global uint *bins, int n) {
      for (int i = get_global_id(0); i < n; i += get_global_size(0))
        atomic_add(&bins[clamp(v[i], 0, 99)], 3u);
    }
    kernel void grid_offset(global const uchar *in, global uint *bins, uint n, uint off) {
      for (uint i = get_global_id(0); i < n; i += get_global_size(0))
        atomic_inc(&bins[in[off + i]]);
    }
    // off + i wraps past 2^32 to the counters themselves, which the loop then reads: exact only
    // where the check turns the row away (one work-item: its reads follow its own operations).
    kernel void grid_offset_wraps(global uint *buf, uint n, uint off) {
      for (uint i = get_global_id(0); i < n; i += get_global_size(0)) {
        uint j = off + i;
        if (j < n)
          atomic_inc(&buf[buf[j] % 16]);
      }
    })");
  {
    SCOPED_TRACE("grid_offset_wraps");
    const cl_uint N = 4096, Off = cl_uint(-1000);
    std::vector<cl_uint> Buf(N);
    for (cl_uint I = 0; I < N; ++I)
      Buf[I] = (I * 2654435761u) >> 7;
    std::vector<cl_uint> Expected = Buf;
    for (cl_uint I = 0; I < N; ++I)
      if (cl_uint J = Off + I; J < N)
        ++Expected[Expected[J] % 16];
    cl_mem MB = buffer(N * 4, CL_MEM_COPY_HOST_PTR, Buf.data());
    cl_command_queue Q = queue();
    launch(Q, P, "grid_offset_wraps", Shape{{1, 1}, {1, 1}}, MB, N, Off);
    EXPECT_EQ(read<cl_uint>(Q, MB, N), Expected);
    clReleaseMemObject(MB);
  }
  {
    SCOPED_TRACE("add_or, or_add");
    cl_command_queue Q = queue();
    const std::vector<cl_uint> Zeros(256, 0), Ones(256, 1), Twos(256, 2), Threes(256, 3);
    for (const char *Name : {"add_or", "or_add"}) {
      cl_mem MA = buffer(256 * 4, CL_MEM_COPY_HOST_PTR, const_cast<cl_uint *>(Zeros.data())),
             MB = buffer(256 * 4, CL_MEM_COPY_HOST_PTR, const_cast<cl_uint *>(Zeros.data()));
      launch(Q, P, Name, Shape{{256, 1}, {256, 1}}, MA, MB);
      EXPECT_EQ(read<cl_uint>(Q, MA, 256), Ones) << Name;
      EXPECT_EQ(read<cl_uint>(Q, MB, 256), Ones) << Name;
      // One buffer, holding 1s: (1 + 1) | 1 and (1 | 1) + 1.
      launch(Q, P, Name, Shape{{256, 1}, {256, 1}}, MA, MA);
      EXPECT_EQ(read<cl_uint>(Q, MA, 256), std::string(Name) == "add_or" ? Threes : Twos) << Name;
      clReleaseMemObject(MA);
      clReleaseMemObject(MB);
    }
    for (const char *Name : {"add_or_one", "or_add_one"}) {
      cl_mem MA = buffer(256 * 4, CL_MEM_COPY_HOST_PTR, const_cast<cl_uint *>(Ones.data()));
      launch(Q, P, Name, Shape{{256, 1}, {256, 1}}, MA);
      EXPECT_EQ(read<cl_uint>(Q, MA, 256), std::string(Name) == "add_or_one" ? Threes : Twos)
          << Name;
      clReleaseMemObject(MA);
    }
  }
  const Shape Shapes[] = {{{64 * 8, 12}, {64, 3}},
                          {{256 * 3, 1}, {256, 1}},
                          {{13 * 6, 9 * 4}, {13, 9}},
                          {{40 * 5, 2}, {40, 1}}};
  for (const Shape &S : Shapes) {
    SCOPED_TRACE("global " + std::to_string(S.Global[0]) + " x " + std::to_string(S.Global[1]));
    const size_t N = S.items();
    std::vector<cl_uchar> In(N * 8);
    std::vector<cl_int> V(N);
    for (size_t I = 0; I < N * 8; ++I)
      In[I] = cl_uchar((I * 2654435761u) >> 13);
    for (size_t I = 0; I < N; ++I)
      V[I] = cl_int((I * 40503u) % 160) - 30;
    cl_mem MIn = buffer(N * 8, CL_MEM_COPY_HOST_PTR, In.data()),
           MV = buffer(N * 4, CL_MEM_COPY_HOST_PTR, V.data()), MOut = buffer(N * 4);
    cl_command_queue Q = queue();
    // Runs Name on (Data, a buffer of Bins counters starting at Init, Rest...) and returns the
    // counters.
    auto Run = [&](const char *Name, cl_mem Data, auto Init, size_t Bins, auto... Rest) {
      using T = decltype(Init);
      std::vector<T> Start(Bins, Init);
      cl_mem MB = buffer(Bins * sizeof(T), CL_MEM_COPY_HOST_PTR, Start.data());
      launch(Q, P, Name, S, Data, MB, Rest...);
      std::vector<T> Got = read<T>(Q, MB, Bins);
      clReleaseMemObject(MB);
      return Got;
    };
    std::vector<cl_uint> Bytes(256, 7), Clamped(100, 0), Near(128 + 256, 1), Several(256, 0),
        SeveralClamped(100, 0), NearPerItem(128 + 256, 1);
    std::vector<cl_int> Masked(32, 0), Max(40, INT32_MIN);
    std::vector<cl_long> Wide(16, 0);
    for (size_t I = 0; I < N; ++I) {
      ++Bytes[In[I]];
      if (In[I] > 40)
        Masked[In[I] & 31] -= cl_int(I % 7);
      Clamped[std::clamp(V[I], 0, 99)] += 3;
      Max[16 + (In[I] >> 4)] = std::max(Max[16 + (In[I] >> 4)], cl_int(I % 1000) - 500);
      Wide[In[I] % 16] += (cl_long(I) << 33) + 1;
      if (In[I] < 100)
        ++Near[In[I] % 128];
      SeveralClamped[std::clamp(V[I], 0, 99)] += 1;
      SeveralClamped[std::clamp(V[I] - 50, 0, 99)] += 2;
      SeveralClamped[std::clamp(V[I] + 50, 0, 99)] += 4;
    }
    for (size_t I = 0; I < N * 8; ++I) {
      ++Several[In[I]];
      if (In[I] < 100)
        ++NearPerItem[In[I] % 128];
    }
    EXPECT_EQ(Run("bytes", MIn, cl_uint(7), 256), Bytes);
    EXPECT_EQ(Run("masked_sub", MIn, cl_int(0), 32), Masked);
    EXPECT_EQ(Run("clamped", MV, cl_uint(0), 100), Clamped);
    EXPECT_EQ(Run("offset_max", MIn, cl_int(INT32_MIN), 40), Max);
    EXPECT_EQ(Run("wide", MIn, cl_long(0), 16), Wide);
    EXPECT_EQ(Run("several", MIn, cl_uint(0), 256), Several);
    EXPECT_EQ(Run("several_clamped", MV, cl_uint(0), 100), SeveralClamped);
    EXPECT_EQ(Run("per_item", MIn, cl_uint(0), 256, cl_uint(8)), Several);
    EXPECT_EQ(Run("strided", MIn, cl_uint(0), 256, cl_uint(8)), Several);
    for (cl_uint From : {100, 128}) {
      SCOPED_TRACE("near, from " + std::to_string(From));
      EXPECT_EQ(Run("near", MIn, cl_uint(1), Near.size(), MOut, From), Near);
      // What it read: counters no work-item counts in.
      std::vector<cl_uint> Out = read<cl_uint>(Q, MOut, N);
      EXPECT_TRUE(std::all_of(Out.begin(), Out.end(), [](cl_uint X) { return X == 1; }));
      EXPECT_EQ(Run("per_item_near", MIn, cl_uint(1), NearPerItem.size(), MOut, From, cl_uint(8)),
                NearPerItem);
      Out = read<cl_uint>(Q, MOut, N);
      EXPECT_TRUE(std::all_of(Out.begin(), Out.end(), [](cl_uint X) { return X == 1; }));
    }
    std::vector<cl_uint> Grid(256, 0);
    for (size_t V = 0; V < 256; ++V)
      Grid[V] = Several[V] * cl_uint(S.Global[1]);
    EXPECT_EQ(Run("grid", MIn, cl_uint(0), 256, cl_uint(N * 8)), Grid);
    EXPECT_EQ(Run("grid_long", MIn, cl_uint(0), 256, cl_ulong(N * 8)), Grid);
    std::vector<cl_uint> GridWords(100, 0), GridOffset(256, 0);
    for (size_t I = 0; I < N; ++I)
      GridWords[std::clamp(V[I], 0, 99)] += 3 * cl_uint(S.Global[1]);
    for (size_t I = 5; I < N * 8; ++I)
      GridOffset[In[I]] += cl_uint(S.Global[1]);
    EXPECT_EQ(Run("grid_words", MV, cl_uint(0), 100, cl_int(N)), GridWords);
    EXPECT_EQ(Run("grid_offset", MIn, cl_uint(0), 256, cl_uint(N * 8 - 5), cl_uint(5)), GridOffset);
    {
      // 64 values, then their 64 counters.
      std::vector<cl_uint> Below(128, 0), Expected(128, 0);
      for (cl_uint I = 0; I < 64; ++I)
        Below[I] = Expected[I] = I * 37 + 5;
      for (cl_uint I = 0; I < 64; ++I)
        Expected[64 + Below[I] % 64] += 2 * cl_uint(S.Global[1]);
      cl_mem MB = buffer(128 * 4, CL_MEM_COPY_HOST_PTR, Below.data());
      launch(Q, P, "grid_below", S, MB, cl_uint(64));
      EXPECT_EQ(read<cl_uint>(Q, MB, 128), Expected);
      clReleaseMemObject(MB);
    }
    {
      std::vector<cl_int> Stats(256 + 16, 0);
      std::fill(Stats.begin() + 256, Stats.end(), INT32_MIN);
      cl_mem MStats = buffer(Stats.size() * 4, CL_MEM_COPY_HOST_PTR, Stats.data());
      for (size_t I = 0; I < N; ++I) {
        ++Stats[In[I]];
        Stats[256 + (In[I] & 15)] = std::max(Stats[256 + (In[I] & 15)], V[I]);
      }
      launch(Q, P, "count_and_max", S, MIn, MV, MStats);
      EXPECT_EQ(read<cl_int>(Q, MStats, Stats.size()), Stats);
      clReleaseMemObject(MStats);
      std::vector<cl_int> Lo(64, INT32_MAX), Hi(64, INT32_MIN);
      for (size_t I = 0; I < N; ++I) {
        Lo[In[I] & 63] = std::min(Lo[In[I] & 63], V[I]);
        Hi[In[I] & 63] = std::max(Hi[In[I] & 63], V[I]);
      }
      std::vector<cl_int> LoStart(64, INT32_MAX), HiStart(64, INT32_MIN);
      cl_mem MLo = buffer(64 * 4, CL_MEM_COPY_HOST_PTR, LoStart.data()),
             MHi = buffer(64 * 4, CL_MEM_COPY_HOST_PTR, HiStart.data());
      launch(Q, P, "label_bounds", S, MIn, MV, MLo, MHi);
      EXPECT_EQ(read<cl_int>(Q, MLo, 64), Lo);
      EXPECT_EQ(read<cl_int>(Q, MHi, 64), Hi);
      clReleaseMemObject(MLo);
      clReleaseMemObject(MHi);
    }
    {
      std::vector<cl_uint> R(256, 0), G(64, 5), Blue(16, 0), Shared(256, 0);
      for (size_t I = 0; I < N; ++I) {
        ++R[In[I]];
        G[In[I] >> 2] += 2;
        ++Blue[In[I] & 15];
        ++Shared[In[I]];
        Shared[In[I] >> 2] += 2;
      }
      std::vector<cl_uint> Zeros(256, 0), Fives(64, 5);
      cl_mem MR = buffer(256 * 4, CL_MEM_COPY_HOST_PTR, Zeros.data()),
             MG = buffer(64 * 4, CL_MEM_COPY_HOST_PTR, Fives.data()),
             MBlue = buffer(16 * 4, CL_MEM_COPY_HOST_PTR, Zeros.data()),
             MShared = buffer(256 * 4, CL_MEM_COPY_HOST_PTR, Zeros.data());
      launch(Q, P, "channels", S, MIn, MR, MG, MBlue);
      EXPECT_EQ(read<cl_uint>(Q, MR, 256), R);
      EXPECT_EQ(read<cl_uint>(Q, MG, 64), G);
      EXPECT_EQ(read<cl_uint>(Q, MBlue, 16), Blue);
      // One buffer for r and g: the two sets add up in it.
      launch(Q, P, "channels", S, MIn, MShared, MShared, MBlue);
      EXPECT_EQ(read<cl_uint>(Q, MShared, 256), Shared);
      // Its own operations, then a read of the second array's counter.
      std::vector<cl_uint> R1(256, 0), G1(256, 1);
      ++R1[In[3]];
      ++G1[In[3]];
      cl_mem MR1 = buffer(256 * 4, CL_MEM_COPY_HOST_PTR, Zeros.data()),
             MG1 = buffer(256 * 4, CL_MEM_COPY_HOST_PTR, std::vector<cl_uint>(256, 1).data());
      launch(Q, P, "channels_read_own", S, MIn, MR1, MG1, MOut, cl_uint(In[3]));
      EXPECT_EQ(read<cl_uint>(Q, MR1, 256), R1);
      EXPECT_EQ(read<cl_uint>(Q, MG1, 256), G1);
      EXPECT_EQ(read<cl_uint>(Q, MOut, 1)[0], 2u);
      for (cl_mem M : {MR, MG, MBlue, MShared, MR1, MG1})
        clReleaseMemObject(M);
    }
    std::vector<cl_uint> Own(256, 1);
    ++Own[In[3]];
    EXPECT_EQ(Run("reads_own", MIn, cl_uint(1), 256, MOut, cl_uint(In[3])), Own);
    EXPECT_EQ(read<cl_uint>(Q, MOut, 1)[0], 2u);
    for (cl_mem M : {MIn, MV, MOut})
      clReleaseMemObject(M);
  }
  clReleaseProgram(P);
}

} // namespace
} // namespace weft::test
