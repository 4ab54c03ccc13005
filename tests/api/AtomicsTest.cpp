// OpenCL C 3.0's atomics (builtins/src/c11_atomics.cl) and the 64-bit atom_* functions, under
// contention from many work-groups running on every worker: counts that must come out exact,
// a float sum by compare-exchange, an atomic_flag spin lock guarding plain memory, local-memory
// atomics with work-group scope, and the device's reports of what it supports.
#include "api/KernelFixture.h"

#include <algorithm>
#include <cstring>

namespace weft::test {
namespace {

class Atomics : public KernelApi {};

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

} // namespace
} // namespace weft::test
