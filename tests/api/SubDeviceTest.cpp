// OpenCL 3.0 §4.3 (partitioning a device) through the ICD loader: clCreateSubDevices's three
// schemes and their errors, the sub-device queries, retain/release, nested partitions, and kernels
// on two sub-devices at once, each on its own CPUs.
#include "api/ApiTest.h"

#include <sched.h>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <numeric>
#include <set>
#include <thread>
#include <vector>

namespace weft::test {
namespace {

using SubDevices = WeftTest;
using Properties = std::vector<cl_device_partition_property>;

/// The property list a device reports as P (CL_DEVICE_PARTITION_TYPE, _PROPERTIES).
Properties propertyList(cl_device_id D, cl_device_info P) {
  size_t Size = 0;
  EXPECT_EQ(clGetDeviceInfo(D, P, 0, nullptr, &Size), CL_SUCCESS);
  Properties L(Size / sizeof(cl_device_partition_property));
  EXPECT_EQ(clGetDeviceInfo(D, P, Size, L.data(), nullptr), CL_SUCCESS);
  return L;
}

/// Partitions D by Props, expecting success; the sub-devices (the caller releases them).
std::vector<cl_device_id> partition(cl_device_id D, const Properties &Props) {
  cl_uint N = 0;
  EXPECT_EQ(clCreateSubDevices(D, Props.data(), 0, nullptr, &N), CL_SUCCESS);
  std::vector<cl_device_id> Subs(N);
  cl_uint Made = 0;
  EXPECT_EQ(clCreateSubDevices(D, Props.data(), N, Subs.data(), &Made), CL_SUCCESS);
  EXPECT_EQ(Made, N);
  return Subs;
}

void releaseAll(const std::vector<cl_device_id> &Devices) {
  for (cl_device_id D : Devices)
    EXPECT_EQ(clReleaseDevice(D), CL_SUCCESS);
}

cl_int partitionError(cl_device_id D, const Properties &Props, cl_uint NumDevices = 64) {
  std::vector<cl_device_id> Out(NumDevices);
  cl_uint N = 0;
  cl_int Err = clCreateSubDevices(D, Props.data(), NumDevices, NumDevices ? Out.data() : nullptr, &N);
  if (Err == CL_SUCCESS && NumDevices) // with out_devices NULL nothing is made
    releaseAll(std::vector<cl_device_id>(Out.begin(), Out.begin() + N));
  return Err;
}

cl_uint units(cl_device_id D) { return deviceValue<cl_uint>(D, CL_DEVICE_MAX_COMPUTE_UNITS); }

/// A device of one compute unit: nothing partitions it, and it says so.
void expectUnsplittable(cl_device_id D) {
  EXPECT_EQ(propertyList(D, CL_DEVICE_PARTITION_PROPERTIES), Properties{0});
  EXPECT_EQ(deviceValue<cl_uint>(D, CL_DEVICE_PARTITION_MAX_SUB_DEVICES), 0u);
  EXPECT_EQ(deviceValue<cl_device_affinity_domain>(D, CL_DEVICE_PARTITION_AFFINITY_DOMAIN), 0u);
  EXPECT_EQ(partitionError(D, {CL_DEVICE_PARTITION_EQUALLY, 1, 0}), CL_DEVICE_PARTITION_FAILED);
  EXPECT_EQ(partitionError(D, {CL_DEVICE_PARTITION_BY_COUNTS, 1, CL_DEVICE_PARTITION_BY_COUNTS_LIST_END, 0}),
            CL_DEVICE_PARTITION_FAILED);
}

TEST_F(SubDevices, RootQueries) {
  const cl_uint Units = units(Device);
  EXPECT_EQ(deviceValue<cl_device_id>(Device, CL_DEVICE_PARENT_DEVICE), nullptr);
  if (Units == 1)
    return expectUnsplittable(Device);
  EXPECT_EQ(deviceValue<cl_uint>(Device, CL_DEVICE_PARTITION_MAX_SUB_DEVICES), Units);
  Properties Schemes = propertyList(Device, CL_DEVICE_PARTITION_PROPERTIES);
  EXPECT_NE(std::find(Schemes.begin(), Schemes.end(), CL_DEVICE_PARTITION_EQUALLY), Schemes.end());
  EXPECT_NE(std::find(Schemes.begin(), Schemes.end(), CL_DEVICE_PARTITION_BY_COUNTS), Schemes.end());
  const auto Domains = deviceValue<cl_device_affinity_domain>(Device, CL_DEVICE_PARTITION_AFFINITY_DOMAIN);
  const bool ByAffinity =
      std::find(Schemes.begin(), Schemes.end(), CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN) != Schemes.end();
  EXPECT_EQ(ByAffinity, Domains != 0);
  if (Domains) {
    EXPECT_TRUE(Domains & CL_DEVICE_AFFINITY_DOMAIN_NEXT_PARTITIONABLE);
  }
}

TEST_F(SubDevices, Equally) {
  const cl_uint Units = units(Device);
  if (Units == 1)
    return expectUnsplittable(Device);
  const Properties One = {CL_DEVICE_PARTITION_EQUALLY, 1, 0};
  std::vector<cl_device_id> Subs = partition(Device, One);
  ASSERT_EQ(Subs.size(), Units);
  EXPECT_EQ(std::set<cl_device_id>(Subs.begin(), Subs.end()).size(), Units) << "distinct handles";
  for (cl_device_id S : Subs) {
    EXPECT_EQ(deviceValue<cl_device_id>(S, CL_DEVICE_PARENT_DEVICE), Device);
    EXPECT_EQ(units(S), 1u);
    EXPECT_EQ(propertyList(S, CL_DEVICE_PARTITION_TYPE), One);
    EXPECT_EQ(deviceValue<cl_device_type>(S, CL_DEVICE_TYPE), cl_device_type(CL_DEVICE_TYPE_CPU));
    EXPECT_EQ(deviceString(S, CL_DEVICE_NAME), deviceString(Device, CL_DEVICE_NAME));
    expectUnsplittable(S); // one compute unit cannot be split further
    // Counted, unlike a root device.
    EXPECT_EQ(deviceValue<cl_uint>(S, CL_DEVICE_REFERENCE_COUNT), 1u);
    EXPECT_EQ(clRetainDevice(S), CL_SUCCESS);
    EXPECT_EQ(deviceValue<cl_uint>(S, CL_DEVICE_REFERENCE_COUNT), 2u);
    EXPECT_EQ(clReleaseDevice(S), CL_SUCCESS);
    EXPECT_EQ(deviceValue<cl_uint>(S, CL_DEVICE_REFERENCE_COUNT), 1u);
  }
  releaseAll(Subs);
  // "If n does not divide evenly into CL_DEVICE_PARTITION_MAX_COMPUTE_UNITS, then the remaining
  // compute units are not used."
  if (Units >= 3) {
    const cl_device_partition_property N = Units - 1;
    std::vector<cl_device_id> Rest = partition(Device, {CL_DEVICE_PARTITION_EQUALLY, N, 0});
    ASSERT_EQ(Rest.size(), 1u);
    EXPECT_EQ(units(Rest[0]), cl_uint(N));
    releaseAll(Rest);
  }
  // "CL_DEVICE_PARTITION_FAILED if the partition name is supported by the implementation but
  // in_device could not be further partitioned": one sub-device of every unit.
  EXPECT_EQ(partitionError(Device, {CL_DEVICE_PARTITION_EQUALLY, cl_device_partition_property(Units), 0}),
            CL_DEVICE_PARTITION_FAILED);
  EXPECT_EQ(partitionError(Device, {CL_DEVICE_PARTITION_EQUALLY, cl_device_partition_property(Units) + 1, 0}),
            CL_INVALID_DEVICE_PARTITION_COUNT);
  EXPECT_EQ(partitionError(Device, {CL_DEVICE_PARTITION_EQUALLY, -1, 0}), CL_INVALID_DEVICE_PARTITION_COUNT);
  EXPECT_EQ(partitionError(Device, {CL_DEVICE_PARTITION_EQUALLY, 0}), CL_INVALID_VALUE);
  EXPECT_EQ(partitionError(Device, {CL_DEVICE_PARTITION_EQUALLY, 1, CL_DEVICE_PARTITION_EQUALLY, 1, 0}),
            CL_INVALID_VALUE);
  // "CL_INVALID_VALUE if out_devices is not NULL and num_devices is less than the number of
  // sub-devices created by the partition scheme."
  EXPECT_EQ(partitionError(Device, One, Units - 1), CL_INVALID_VALUE);
  EXPECT_EQ(partitionError(Device, One, 0), CL_SUCCESS) << "out_devices NULL: only counted";
}

TEST_F(SubDevices, ByCounts) {
  const cl_uint Units = units(Device);
  if (Units == 1)
    return expectUnsplittable(Device);
  const cl_device_partition_property Rest = Units - 1;
  const Properties Split = {CL_DEVICE_PARTITION_BY_COUNTS, 1, Rest,
                            CL_DEVICE_PARTITION_BY_COUNTS_LIST_END, 0};
  std::vector<cl_device_id> Subs = partition(Device, Split);
  ASSERT_EQ(Subs.size(), 2u);
  EXPECT_EQ(units(Subs[0]), 1u);
  EXPECT_EQ(units(Subs[1]), cl_uint(Rest));
  for (cl_device_id S : Subs)
    EXPECT_EQ(propertyList(S, CL_DEVICE_PARTITION_TYPE), Split);
  releaseAll(Subs);
  // Fewer units than the device has: the rest are not used.
  Subs = partition(Device, {CL_DEVICE_PARTITION_BY_COUNTS, 1, CL_DEVICE_PARTITION_BY_COUNTS_LIST_END, 0});
  ASSERT_EQ(Subs.size(), 1u);
  EXPECT_EQ(units(Subs[0]), 1u);
  releaseAll(Subs);

  // "CL_INVALID_DEVICE_PARTITION_COUNT if ... the number of sub-devices requested exceeds
  // CL_DEVICE_PARTITION_MAX_SUB_DEVICES or the total number of compute units requested exceeds
  // CL_DEVICE_MAX_COMPUTE_UNITS for in_device, or the number of compute units requested for one or
  // more sub-devices is less than zero."
  const cl_device_partition_property End = CL_DEVICE_PARTITION_BY_COUNTS_LIST_END;
  EXPECT_EQ(partitionError(Device, {CL_DEVICE_PARTITION_BY_COUNTS, Rest + 2, End, 0}),
            CL_INVALID_DEVICE_PARTITION_COUNT);
  EXPECT_EQ(partitionError(Device, {CL_DEVICE_PARTITION_BY_COUNTS, -1, End, 0}),
            CL_INVALID_DEVICE_PARTITION_COUNT);
  Properties TooMany = {CL_DEVICE_PARTITION_BY_COUNTS};
  for (cl_uint I = 0; I <= Units; ++I)
    TooMany.push_back(1);
  TooMany.insert(TooMany.end(), {End, 0});
  EXPECT_EQ(partitionError(Device, TooMany), CL_INVALID_DEVICE_PARTITION_COUNT);
  EXPECT_EQ(partitionError(Device, {CL_DEVICE_PARTITION_BY_COUNTS, End, 0}), CL_INVALID_VALUE);
  EXPECT_EQ(partitionError(Device, {CL_DEVICE_PARTITION_BY_COUNTS, 1, End, CL_DEVICE_PARTITION_EQUALLY, 1, 0}),
            CL_INVALID_VALUE);
  EXPECT_EQ(partitionError(Device, {CL_DEVICE_PARTITION_BY_COUNTS, cl_device_partition_property(Units), End, 0}),
            CL_DEVICE_PARTITION_FAILED);
}

TEST_F(SubDevices, ByAffinityDomain) {
  const cl_uint Units = units(Device);
  const auto Domains = deviceValue<cl_device_affinity_domain>(Device, CL_DEVICE_PARTITION_AFFINITY_DOMAIN);
  if (Units == 1 || !Domains)
    GTEST_SKIP() << "no affinity domains to partition by";
  bool Split = false;
  for (cl_device_affinity_domain Domain :
       {CL_DEVICE_AFFINITY_DOMAIN_NUMA, CL_DEVICE_AFFINITY_DOMAIN_L4_CACHE, CL_DEVICE_AFFINITY_DOMAIN_L3_CACHE,
        CL_DEVICE_AFFINITY_DOMAIN_L2_CACHE, CL_DEVICE_AFFINITY_DOMAIN_L1_CACHE}) {
    const Properties Props = {CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN, cl_device_partition_property(Domain), 0};
    if (!(Domains & Domain)) {
      // "values specified in properties are valid but not supported by the device"
      EXPECT_EQ(partitionError(Device, Props), CL_INVALID_VALUE) << std::hex << Domain;
      continue;
    }
    cl_uint N = 0;
    cl_int Err = clCreateSubDevices(Device, Props.data(), 0, nullptr, &N);
    if (Err == CL_DEVICE_PARTITION_FAILED)
      continue; // every unit shares this domain
    ASSERT_EQ(Err, CL_SUCCESS) << std::hex << Domain;
    Split = true;
    std::vector<cl_device_id> Subs = partition(Device, Props);
    EXPECT_GE(Subs.size(), 2u);
    cl_uint Total = 0;
    for (cl_device_id S : Subs) {
      Total += units(S);
      EXPECT_EQ(propertyList(S, CL_DEVICE_PARTITION_TYPE), Props);
    }
    EXPECT_EQ(Total, Units) << "every unit in one domain of " << std::hex << Domain;
    releaseAll(Subs);
  }
  // NEXT_PARTITIONABLE reports the domain it split along.
  const Properties Next = {CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN,
                           CL_DEVICE_AFFINITY_DOMAIN_NEXT_PARTITIONABLE, 0};
  if (!Split) {
    EXPECT_EQ(partitionError(Device, Next), CL_DEVICE_PARTITION_FAILED);
  } else {
    std::vector<cl_device_id> Subs = partition(Device, Next);
    ASSERT_GE(Subs.size(), 2u);
    Properties Type = propertyList(Subs[0], CL_DEVICE_PARTITION_TYPE);
    ASSERT_EQ(Type.size(), 3u);
    EXPECT_EQ(Type[0], CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN);
    EXPECT_EQ(std::popcount(cl_device_affinity_domain(Type[1])), 1);
    EXPECT_TRUE(Domains & cl_device_affinity_domain(Type[1]));
    releaseAll(Subs);
  }
  EXPECT_EQ(partitionError(Device, {CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN,
                                    CL_DEVICE_AFFINITY_DOMAIN_L2_CACHE | CL_DEVICE_AFFINITY_DOMAIN_L1_CACHE, 0}),
            CL_INVALID_VALUE);
  EXPECT_EQ(partitionError(Device, {CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN, 0}), CL_INVALID_VALUE);
}

TEST_F(SubDevices, InvalidArguments) {
  const Properties One = {CL_DEVICE_PARTITION_EQUALLY, 1, 0};
  cl_uint N = 0;
  EXPECT_EQ(clCreateSubDevices(nullptr, One.data(), 0, nullptr, &N), CL_INVALID_DEVICE);
  EXPECT_EQ(clCreateSubDevices(reinterpret_cast<cl_device_id>(Platform), One.data(), 0, nullptr, &N),
            CL_INVALID_DEVICE);
  EXPECT_EQ(clCreateSubDevices(Device, nullptr, 0, nullptr, &N), CL_INVALID_VALUE);
  const cl_device_partition_property Empty[] = {0};
  EXPECT_EQ(clCreateSubDevices(Device, Empty, 0, nullptr, &N), CL_INVALID_VALUE);
  const cl_device_partition_property Unknown[] = {0x4242, 1, 0};
  EXPECT_EQ(clCreateSubDevices(Device, Unknown, 0, nullptr, &N), CL_INVALID_VALUE);
  EXPECT_EQ(clRetainDevice(nullptr), CL_INVALID_DEVICE);
  EXPECT_EQ(clReleaseDevice(nullptr), CL_INVALID_DEVICE);
}

// Sub-devices of sub-devices; a parent released by the application while its children live on.
TEST_F(SubDevices, Nested) {
  const cl_uint Units = units(Device);
  if (Units < 3)
    GTEST_SKIP() << "needs 3 compute units (the suite runs again with WEFT_NUM_THREADS=3)";
  std::vector<cl_device_id> Top = partition(
      Device, {CL_DEVICE_PARTITION_BY_COUNTS, 2, cl_device_partition_property(Units - 2),
               CL_DEVICE_PARTITION_BY_COUNTS_LIST_END, 0});
  ASSERT_EQ(Top.size(), 2u);
  std::vector<cl_device_id> Inner = partition(Top[0], {CL_DEVICE_PARTITION_EQUALLY, 1, 0});
  ASSERT_EQ(Inner.size(), 2u);
  for (cl_device_id S : Inner) {
    EXPECT_EQ(deviceValue<cl_device_id>(S, CL_DEVICE_PARENT_DEVICE), Top[0]);
    EXPECT_EQ(units(S), 1u);
  }
  releaseAll(Top);
  // The inner ones still run kernels.
  cl_int Err;
  cl_context Ctx = clCreateContext(nullptr, 2, Inner.data(), nullptr, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  const char *Source = "kernel void k(global int *p) { p[get_global_id(0)] = 7; }";
  cl_program P = clCreateProgramWithSource(Ctx, 1, &Source, nullptr, &Err);
  ASSERT_EQ(clBuildProgram(P, 0, nullptr, "", nullptr, nullptr), CL_SUCCESS);
  cl_kernel K = clCreateKernel(P, "k", &Err);
  cl_mem B = clCreateBuffer(Ctx, CL_MEM_READ_WRITE, 64 * sizeof(cl_int), nullptr, &Err);
  ASSERT_EQ(clSetKernelArg(K, 0, sizeof B, &B), CL_SUCCESS);
  cl_command_queue Q = clCreateCommandQueueWithProperties(Ctx, Inner[1], nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  size_t Global = 64;
  ASSERT_EQ(clEnqueueNDRangeKernel(Q, K, 1, nullptr, &Global, nullptr, 0, nullptr, nullptr), CL_SUCCESS);
  std::vector<cl_int> Out(64);
  ASSERT_EQ(clEnqueueReadBuffer(Q, B, CL_TRUE, 0, 64 * sizeof(cl_int), Out.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(std::count(Out.begin(), Out.end(), 7), 64);
  clReleaseCommandQueue(Q);
  clReleaseMemObject(B);
  clReleaseKernel(K);
  clReleaseProgram(P);
  clReleaseContext(Ctx);
  releaseAll(Inner);
}

// The application releases a sub-device, its context and queue while a kernel still runs on it:
// the last reference goes on the sub-device's own worker, which then ends the device's arena.
TEST_F(SubDevices, ReleasedWhileRunning) {
  if (units(Device) == 1)
    return expectUnsplittable(Device);
  for (int Round = 0; Round < 20; ++Round) {
    std::vector<cl_device_id> Subs = partition(Device, {CL_DEVICE_PARTITION_EQUALLY, 1, 0});
    cl_int Err;
    cl_context Ctx = clCreateContext(nullptr, 1, &Subs[0], nullptr, nullptr, &Err);
    ASSERT_EQ(Err, CL_SUCCESS);
    const char *Source = "kernel void spin(global uint *p) {\n"
                         "  uint v = p[get_global_id(0)];\n"
                         "  for (int i = 0; i < 2000; ++i) v = v * 1664525u + 1013904223u;\n"
                         "  p[get_global_id(0)] = v;\n"
                         "}\n";
    cl_program P = clCreateProgramWithSource(Ctx, 1, &Source, nullptr, &Err);
    ASSERT_EQ(clBuildProgram(P, 0, nullptr, "", nullptr, nullptr), CL_SUCCESS);
    cl_kernel K = clCreateKernel(P, "spin", &Err);
    cl_mem B = clCreateBuffer(Ctx, CL_MEM_READ_WRITE, 4096 * sizeof(cl_uint), nullptr, &Err);
    ASSERT_EQ(clSetKernelArg(K, 0, sizeof B, &B), CL_SUCCESS);
    cl_command_queue Q = clCreateCommandQueueWithProperties(Ctx, Subs[0], nullptr, &Err);
    size_t Global = 4096;
    cl_event E = nullptr;
    ASSERT_EQ(clEnqueueNDRangeKernel(Q, K, 1, nullptr, &Global, nullptr, 0, nullptr, &E), CL_SUCCESS);
    std::atomic<bool> Done{false};
    ASSERT_EQ(clSetEventCallback(
                  E, CL_COMPLETE,
                  [](cl_event, cl_int, void *Flag) { static_cast<std::atomic<bool> *>(Flag)->store(true); },
                  &Done),
              CL_SUCCESS);
    ASSERT_EQ(clFlush(Q), CL_SUCCESS);
    clReleaseEvent(E);
    clReleaseCommandQueue(Q);
    clReleaseMemObject(B);
    clReleaseKernel(K);
    clReleaseProgram(P);
    clReleaseContext(Ctx);
    releaseAll(Subs);
    while (!Done.load())
      std::this_thread::yield();
  }
  // The root device still runs kernels afterwards.
  cl_int Err;
  cl_context Ctx = clCreateContext(nullptr, 1, &Device, nullptr, nullptr, &Err);
  cl_command_queue Q = clCreateCommandQueueWithProperties(Ctx, Device, nullptr, &Err);
  cl_uint Pattern = 5, Out[64] = {};
  cl_mem B = clCreateBuffer(Ctx, CL_MEM_READ_WRITE, sizeof Out, nullptr, &Err);
  ASSERT_EQ(clEnqueueFillBuffer(Q, B, &Pattern, sizeof Pattern, 0, sizeof Out, 0, nullptr, nullptr), CL_SUCCESS);
  ASSERT_EQ(clEnqueueReadBuffer(Q, B, CL_TRUE, 0, sizeof Out, Out, 0, nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(std::count(std::begin(Out), std::end(Out), 5u), 64);
  clReleaseMemObject(B);
  clReleaseCommandQueue(Q);
  clReleaseContext(Ctx);
}

/// The CPUs native kernels ran on, per queue.
struct CpusSeen {
  std::mutex Lock;
  std::set<int> Cpus;
};

void CL_CALLBACK recordCpu(void *Args) {
  CpusSeen *Seen = *static_cast<CpusSeen **>(Args);
  std::lock_guard Guard(Seen->Lock);
  Seen->Cpus.insert(sched_getcpu());
}

// Two sub-devices in one context with their parent: one program, kernels on both at once, each
// result checked; native kernels on each run on that sub-device's CPUs only.
TEST_F(SubDevices, KernelsOnTwoAtOnce) {
  const cl_uint Units = units(Device);
  if (Units == 1)
    return expectUnsplittable(Device);
  const cl_device_partition_property Half = Units / 2;
  std::vector<cl_device_id> Subs = partition(
      Device, {CL_DEVICE_PARTITION_BY_COUNTS, Half, cl_device_partition_property(Units) - Half,
               CL_DEVICE_PARTITION_BY_COUNTS_LIST_END, 0});
  ASSERT_EQ(Subs.size(), 2u);
  std::vector<cl_device_id> All = {Subs[0], Subs[1], Device};
  cl_int Err;
  cl_context Ctx = clCreateContext(nullptr, 3, All.data(), nullptr, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  EXPECT_EQ(propertyList(Subs[1], CL_DEVICE_PARTITION_TYPE).size(), 5u);
  const char *Source = "kernel void fill(global uint *p, uint salt) {\n"
                       "  size_t i = get_global_id(0);\n"
                       "  p[i] = (uint)i * 2654435761u + salt;\n"
                       "}\n";
  cl_program P = clCreateProgramWithSource(Ctx, 1, &Source, nullptr, &Err);
  ASSERT_EQ(clBuildProgram(P, 1, &Device, "", nullptr, nullptr), CL_SUCCESS) << "built for the parent";
  constexpr size_t N = 1 << 20;
  constexpr int Rounds = 8;
  cl_command_queue Q[2];
  cl_mem B[2];
  cl_kernel K[2];
  CpusSeen Seen[2];
  for (int I = 0; I < 2; ++I) {
    Q[I] = clCreateCommandQueueWithProperties(Ctx, Subs[I], nullptr, &Err);
    ASSERT_EQ(Err, CL_SUCCESS);
    cl_device_id QueueDevice = nullptr;
    clGetCommandQueueInfo(Q[I], CL_QUEUE_DEVICE, sizeof QueueDevice, &QueueDevice, nullptr);
    EXPECT_EQ(QueueDevice, Subs[I]);
    B[I] = clCreateBuffer(Ctx, CL_MEM_READ_WRITE, N * sizeof(cl_uint), nullptr, &Err);
    K[I] = clCreateKernel(P, "fill", &Err);
    ASSERT_EQ(Err, CL_SUCCESS);
    const cl_uint Salt = 1000u * (I + 1);
    ASSERT_EQ(clSetKernelArg(K[I], 0, sizeof B[I], &B[I]), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(K[I], 1, sizeof Salt, &Salt), CL_SUCCESS);
  }
  for (int R = 0; R < Rounds; ++R)
    for (int I = 0; I < 2; ++I) {
      size_t Global = N, Local = 64;
      ASSERT_EQ(clEnqueueNDRangeKernel(Q[I], K[I], 1, nullptr, &Global, &Local, 0, nullptr, nullptr),
                CL_SUCCESS);
      CpusSeen *Where = &Seen[I];
      ASSERT_EQ(clEnqueueNativeKernel(Q[I], recordCpu, &Where, sizeof Where, 0, nullptr, nullptr, 0,
                                      nullptr, nullptr),
                CL_SUCCESS);
    }
  for (int I = 0; I < 2; ++I) {
    std::vector<cl_uint> Out(N);
    ASSERT_EQ(clEnqueueReadBuffer(Q[I], B[I], CL_TRUE, 0, N * sizeof(cl_uint), Out.data(), 0, nullptr,
                                  nullptr),
              CL_SUCCESS);
    size_t Wrong = 0;
    for (size_t J = 0; J < N; ++J)
      Wrong += Out[J] != cl_uint(J) * 2654435761u + 1000u * (I + 1);
    EXPECT_EQ(Wrong, 0u) << "sub-device " << I;
  }
  // Each sub-device's units run on as many CPUs at most, and the two never share one where the
  // process has a CPU per unit (WEFT_NUM_THREADS may ask for more units than CPUs).
  cl_uint SubUnits[2] = {units(Subs[0]), units(Subs[1])};
  cpu_set_t Mask;
  ASSERT_EQ(sched_getaffinity(0, sizeof Mask, &Mask), 0);
  for (int I = 0; I < 2; ++I) {
    EXPECT_FALSE(Seen[I].Cpus.empty());
    EXPECT_LE(Seen[I].Cpus.size(), SubUnits[I]);
  }
  if (cl_uint(CPU_COUNT(&Mask)) >= Units) {
    std::vector<int> Shared;
    std::set_intersection(Seen[0].Cpus.begin(), Seen[0].Cpus.end(), Seen[1].Cpus.begin(),
                          Seen[1].Cpus.end(), std::back_inserter(Shared));
    EXPECT_TRUE(Shared.empty()) << "a CPU ran work of both sub-devices";
  }
  for (int I = 0; I < 2; ++I) {
    clReleaseKernel(K[I]);
    clReleaseMemObject(B[I]);
    clReleaseCommandQueue(Q[I]);
  }
  clReleaseProgram(P);
  clReleaseContext(Ctx);
  releaseAll(Subs);
}

// The root device still uses every CPU after sub-devices ran: workers leave a sub-device's arena
// with the process's CPUs back.
TEST_F(SubDevices, RootKeepsItsCpusAfterwards) {
  const cl_uint Units = units(Device);
  cpu_set_t Mask;
  ASSERT_EQ(sched_getaffinity(0, sizeof Mask, &Mask), 0);
  if (Units == 1 || cl_uint(CPU_COUNT(&Mask)) < Units)
    GTEST_SKIP() << "needs a CPU per compute unit";
  std::vector<cl_device_id> Subs = partition(Device, {CL_DEVICE_PARTITION_EQUALLY, 1, 0});
  cl_int Err;
  cl_context Ctx = clCreateContext(nullptr, 1, &Subs[0], nullptr, nullptr, &Err);
  cl_command_queue SubQ = clCreateCommandQueueWithProperties(Ctx, Subs[0], nullptr, &Err);
  CpusSeen OnSub;
  CpusSeen *Where = &OnSub;
  for (int I = 0; I < 20; ++I)
    ASSERT_EQ(clEnqueueNativeKernel(SubQ, recordCpu, &Where, sizeof Where, 0, nullptr, nullptr, 0,
                                    nullptr, nullptr),
              CL_SUCCESS);
  ASSERT_EQ(clFinish(SubQ), CL_SUCCESS);
  EXPECT_EQ(OnSub.Cpus.size(), 1u);
  clReleaseCommandQueue(SubQ);
  clReleaseContext(Ctx);
  releaseAll(Subs);
  // The root's workers may be the same threads: they must have every CPU again.
  cl_context RootCtx = clCreateContext(nullptr, 1, &Device, nullptr, nullptr, &Err);
  cl_command_queue RootQ = clCreateCommandQueueWithProperties(RootCtx, Device, nullptr, &Err);
  struct Affinity {
    std::mutex Lock;
    std::vector<int> Counts;
  } Seen;
  auto *SeenPtr = &Seen;
  auto Record = [](void *Args) {
    Affinity *A = *static_cast<Affinity **>(Args);
    cpu_set_t Mine;
    sched_getaffinity(0, sizeof Mine, &Mine);
    std::lock_guard Guard(A->Lock);
    A->Counts.push_back(CPU_COUNT(&Mine));
  };
  for (int I = 0; I < 20; ++I)
    ASSERT_EQ(clEnqueueNativeKernel(RootQ, Record, &SeenPtr, sizeof SeenPtr, 0, nullptr, nullptr, 0,
                                    nullptr, nullptr),
              CL_SUCCESS);
  ASSERT_EQ(clFinish(RootQ), CL_SUCCESS);
  ASSERT_EQ(Seen.Counts.size(), 20u);
  for (int Count : Seen.Counts)
    EXPECT_EQ(Count, CPU_COUNT(&Mask));
  clReleaseCommandQueue(RootQ);
  clReleaseContext(RootCtx);
}

} // namespace
} // namespace weft::test
