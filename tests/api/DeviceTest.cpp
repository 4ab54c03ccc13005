// OpenCL 3.0 §4.2 (querying devices) through the ICD loader: every query, true values, timers.
#include "api/ApiTest.h"
#include "runtime/api/ClExtCompat.h"

#include <sched.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <map>
#include <set>
#include <sstream>
#include <thread>

namespace weft::test {
namespace {

using DeviceApi = WeftTest;

/// Every clGetDeviceInfo query of OpenCL 3.0, plus those of the extensions Weft reports.
const cl_device_info AllDeviceQueries[] = {
    CL_DEVICE_TYPE, CL_DEVICE_VENDOR_ID, CL_DEVICE_MAX_COMPUTE_UNITS,
    CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS, CL_DEVICE_MAX_WORK_ITEM_SIZES,
    CL_DEVICE_MAX_WORK_GROUP_SIZE, CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR,
    CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT, CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT,
    CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG, CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT,
    CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE, CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF,
    CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR, CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT,
    CL_DEVICE_NATIVE_VECTOR_WIDTH_INT, CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG,
    CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT, CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE,
    CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF, CL_DEVICE_MAX_CLOCK_FREQUENCY, CL_DEVICE_ADDRESS_BITS,
    CL_DEVICE_MAX_MEM_ALLOC_SIZE, CL_DEVICE_IMAGE_SUPPORT, CL_DEVICE_MAX_READ_IMAGE_ARGS,
    CL_DEVICE_MAX_WRITE_IMAGE_ARGS, CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS,
    CL_DEVICE_IL_VERSION, CL_DEVICE_ILS_WITH_VERSION, CL_DEVICE_IMAGE2D_MAX_WIDTH,
    CL_DEVICE_IMAGE2D_MAX_HEIGHT, CL_DEVICE_IMAGE3D_MAX_WIDTH, CL_DEVICE_IMAGE3D_MAX_HEIGHT,
    CL_DEVICE_IMAGE3D_MAX_DEPTH, CL_DEVICE_IMAGE_MAX_BUFFER_SIZE, CL_DEVICE_IMAGE_MAX_ARRAY_SIZE,
    CL_DEVICE_MAX_SAMPLERS, CL_DEVICE_IMAGE_PITCH_ALIGNMENT,
    CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT, CL_DEVICE_MAX_PIPE_ARGS,
    CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS, CL_DEVICE_PIPE_MAX_PACKET_SIZE,
    CL_DEVICE_MAX_PARAMETER_SIZE, CL_DEVICE_MEM_BASE_ADDR_ALIGN,
    CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE, CL_DEVICE_SINGLE_FP_CONFIG, CL_DEVICE_DOUBLE_FP_CONFIG,
    CL_DEVICE_HALF_FP_CONFIG, CL_DEVICE_GLOBAL_MEM_CACHE_TYPE,
    CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE,
    CL_DEVICE_GLOBAL_MEM_SIZE, CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE, CL_DEVICE_MAX_CONSTANT_ARGS,
    CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE, CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE,
    CL_DEVICE_LOCAL_MEM_TYPE, CL_DEVICE_LOCAL_MEM_SIZE, CL_DEVICE_ERROR_CORRECTION_SUPPORT,
    CL_DEVICE_HOST_UNIFIED_MEMORY, CL_DEVICE_PROFILING_TIMER_RESOLUTION,
    CL_DEVICE_ENDIAN_LITTLE, CL_DEVICE_AVAILABLE, CL_DEVICE_COMPILER_AVAILABLE,
    CL_DEVICE_LINKER_AVAILABLE, CL_DEVICE_EXECUTION_CAPABILITIES, CL_DEVICE_QUEUE_PROPERTIES,
    CL_DEVICE_QUEUE_ON_HOST_PROPERTIES, CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES,
    CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE, CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE,
    CL_DEVICE_MAX_ON_DEVICE_QUEUES, CL_DEVICE_MAX_ON_DEVICE_EVENTS,
    CL_DEVICE_BUILT_IN_KERNELS, CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION, CL_DEVICE_PLATFORM,
    CL_DEVICE_NAME, CL_DEVICE_VENDOR, CL_DRIVER_VERSION, CL_DEVICE_PROFILE, CL_DEVICE_VERSION,
    CL_DEVICE_NUMERIC_VERSION, CL_DEVICE_OPENCL_C_VERSION, CL_DEVICE_OPENCL_C_ALL_VERSIONS,
    CL_DEVICE_OPENCL_C_FEATURES, CL_DEVICE_EXTENSIONS, CL_DEVICE_EXTENSIONS_WITH_VERSION,
    CL_DEVICE_PRINTF_BUFFER_SIZE, CL_DEVICE_PREFERRED_INTEROP_USER_SYNC,
    CL_DEVICE_PARENT_DEVICE, CL_DEVICE_PARTITION_MAX_SUB_DEVICES,
    CL_DEVICE_PARTITION_PROPERTIES, CL_DEVICE_PARTITION_AFFINITY_DOMAIN,
    CL_DEVICE_PARTITION_TYPE, CL_DEVICE_REFERENCE_COUNT, CL_DEVICE_SVM_CAPABILITIES,
    CL_DEVICE_PREFERRED_PLATFORM_ATOMIC_ALIGNMENT, CL_DEVICE_PREFERRED_GLOBAL_ATOMIC_ALIGNMENT,
    CL_DEVICE_PREFERRED_LOCAL_ATOMIC_ALIGNMENT, CL_DEVICE_MAX_NUM_SUB_GROUPS,
    CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS, CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES,
    CL_DEVICE_ATOMIC_FENCE_CAPABILITIES, CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT,
    CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT, CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT,
    CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES, CL_DEVICE_PIPE_SUPPORT,
    CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED,
    // cl_khr_extended_versioning, cl_khr_device_uuid
    CL_DEVICE_OPENCL_C_NUMERIC_VERSION_KHR, CL_DEVICE_UUID_KHR, CL_DRIVER_UUID_KHR,
    CL_DEVICE_LUID_VALID_KHR, CL_DEVICE_LUID_KHR, CL_DEVICE_NODE_MASK_KHR,
    // cl_khr_integer_dot_product
    CL_DEVICE_INTEGER_DOT_PRODUCT_CAPABILITIES_KHR,
    CL_DEVICE_INTEGER_DOT_PRODUCT_ACCELERATION_PROPERTIES_8BIT_KHR,
    CL_DEVICE_INTEGER_DOT_PRODUCT_ACCELERATION_PROPERTIES_4x8BIT_PACKED_KHR,
    // cl_ext_float_atomics
    CL_DEVICE_SINGLE_FP_ATOMIC_CAPABILITIES_EXT, CL_DEVICE_DOUBLE_FP_ATOMIC_CAPABILITIES_EXT,
    CL_DEVICE_HALF_FP_ATOMIC_CAPABILITIES_EXT,
    // cl_khr_spirv_queries
    CL_DEVICE_SPIRV_EXTENDED_INSTRUCTION_SETS_KHR, CL_DEVICE_SPIRV_EXTENSIONS_KHR,
    CL_DEVICE_SPIRV_CAPABILITIES_KHR,
    // cl_khr_kernel_clock
    CL_DEVICE_KERNEL_CLOCK_CAPABILITIES_KHR};

std::set<std::string> deviceExtensions(cl_device_id D) {
  std::istringstream In(deviceString(D, CL_DEVICE_EXTENSIONS));
  std::set<std::string> S;
  for (std::string E; In >> E;)
    S.insert(E);
  return S;
}

std::vector<cl_name_version> nameVersions(cl_device_id D, cl_device_info Q) {
  size_t Size = 0;
  EXPECT_EQ(clGetDeviceInfo(D, Q, 0, nullptr, &Size), CL_SUCCESS);
  EXPECT_EQ(Size % sizeof(cl_name_version), 0u);
  std::vector<cl_name_version> L(Size / sizeof(cl_name_version));
  EXPECT_EQ(clGetDeviceInfo(D, Q, Size, L.data(), nullptr), CL_SUCCESS);
  return L;
}

TEST_F(DeviceApi, EveryQueryAnswersWithConsistentSizes) {
  for (cl_device_info Q : AllDeviceQueries) {
    size_t Size = 12345;
    ASSERT_EQ(clGetDeviceInfo(Device, Q, 0, nullptr, &Size), CL_SUCCESS) << std::hex << Q;
    std::vector<unsigned char> Buf(Size + 8, 0xAB);
    size_t Again = 0;
    ASSERT_EQ(clGetDeviceInfo(Device, Q, Size, Size ? Buf.data() : nullptr, &Again), CL_SUCCESS)
        << std::hex << Q;
    EXPECT_EQ(Again, Size) << std::hex << Q;
    EXPECT_EQ(Buf[Size], 0xAB) << "query " << std::hex << Q << " wrote past its size";
    if (Size > 0) {
      EXPECT_EQ(clGetDeviceInfo(Device, Q, Size - 1, Buf.data(), nullptr), CL_INVALID_VALUE)
          << std::hex << Q;
    }
  }
}

TEST_F(DeviceApi, UnknownQueryAndInvalidHandle) {
  size_t Size;
  EXPECT_EQ(clGetDeviceInfo(Device, 0x7fff, 0, nullptr, &Size), CL_INVALID_VALUE);
  EXPECT_EQ(clGetDeviceInfo(Device, CL_PLATFORM_NAME, 0, nullptr, &Size), CL_INVALID_VALUE);
  EXPECT_EQ(clGetDeviceInfo(reinterpret_cast<cl_device_id>(Platform), CL_DEVICE_NAME, 0, nullptr,
                            &Size),
            CL_INVALID_DEVICE);
}

TEST_F(DeviceApi, GetDeviceIDsForEveryType) {
  struct Case {
    cl_device_type Type;
    cl_int Expected;
  } Cases[] = {
      {CL_DEVICE_TYPE_CPU, CL_SUCCESS},
      {CL_DEVICE_TYPE_DEFAULT, CL_SUCCESS},
      {CL_DEVICE_TYPE_ALL, CL_SUCCESS},
      {CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_GPU, CL_SUCCESS},
      {CL_DEVICE_TYPE_GPU, CL_DEVICE_NOT_FOUND},
      {CL_DEVICE_TYPE_ACCELERATOR, CL_DEVICE_NOT_FOUND},
      {CL_DEVICE_TYPE_CUSTOM, CL_DEVICE_NOT_FOUND},
      {0, CL_INVALID_DEVICE_TYPE},
      {cl_device_type(1) << 40, CL_INVALID_DEVICE_TYPE},
      {CL_DEVICE_TYPE_CPU | (cl_device_type(1) << 20), CL_INVALID_DEVICE_TYPE},
  };
  for (const Case &C : Cases) {
    cl_uint N = 99;
    cl_device_id D = nullptr;
    EXPECT_EQ(clGetDeviceIDs(Platform, C.Type, 1, &D, &N), C.Expected) << std::hex << C.Type;
    if (C.Expected == CL_SUCCESS) {
      EXPECT_EQ(N, 1u);
      EXPECT_EQ(D, Device);
    }
  }
}

TEST_F(DeviceApi, GetDeviceIDsArgumentRules) {
  cl_device_id D;
  cl_uint N;
  EXPECT_EQ(clGetDeviceIDs(Platform, CL_DEVICE_TYPE_ALL, 0, &D, &N), CL_INVALID_VALUE);
  EXPECT_EQ(clGetDeviceIDs(Platform, CL_DEVICE_TYPE_ALL, 1, nullptr, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clGetDeviceIDs(Platform, CL_DEVICE_TYPE_ALL, 0, nullptr, &N), CL_SUCCESS);
  EXPECT_EQ(clGetDeviceIDs(reinterpret_cast<cl_platform_id>(Device), CL_DEVICE_TYPE_ALL, 1, &D,
                           &N),
            CL_INVALID_PLATFORM);
}

TEST_F(DeviceApi, ComputeUnitsFollowAffinityOrWeftNumThreads) {
  cl_uint Units = deviceValue<cl_uint>(Device, CL_DEVICE_MAX_COMPUTE_UNITS);
  if (const char *Forced = std::getenv("WEFT_NUM_THREADS")) {
    EXPECT_EQ(Units, cl_uint(std::atoi(Forced)));
  } else {
    cpu_set_t Set;
    ASSERT_EQ(sched_getaffinity(0, sizeof Set, &Set), 0);
    EXPECT_EQ(Units, cl_uint(CPU_COUNT(&Set)));
  }
}

TEST_F(DeviceApi, IdentityAndVersions) {
  EXPECT_EQ(deviceValue<cl_device_type>(Device, CL_DEVICE_TYPE), cl_device_type(CL_DEVICE_TYPE_CPU));
  EXPECT_EQ(deviceValue<cl_platform_id>(Device, CL_DEVICE_PLATFORM), Platform);
  EXPECT_EQ(deviceValue<cl_device_id>(Device, CL_DEVICE_PARENT_DEVICE), nullptr);
  EXPECT_EQ(deviceValue<cl_version>(Device, CL_DEVICE_NUMERIC_VERSION), CL_MAKE_VERSION(3, 0, 0));
  EXPECT_EQ(deviceString(Device, CL_DEVICE_VERSION).rfind("OpenCL 3.0 ", 0), 0u);
  EXPECT_EQ(deviceString(Device, CL_DEVICE_OPENCL_C_VERSION).rfind("OpenCL C 1.2 ", 0), 0u);
  EXPECT_EQ(deviceString(Device, CL_DEVICE_PROFILE), "FULL_PROFILE");
  EXPECT_FALSE(deviceString(Device, CL_DEVICE_NAME).empty());
  std::set<cl_version> CVersions;
  for (const cl_name_version &NV : nameVersions(Device, CL_DEVICE_OPENCL_C_ALL_VERSIONS)) {
    EXPECT_STREQ(NV.name, "OpenCL C");
    CVersions.insert(NV.version);
  }
  EXPECT_EQ(CVersions, (std::set<cl_version>{CL_MAKE_VERSION(1, 0, 0), CL_MAKE_VERSION(1, 1, 0),
                                             CL_MAKE_VERSION(1, 2, 0), CL_MAKE_VERSION(3, 0, 0)}));
  std::string Conformance = deviceString(Device, CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED);
  EXPECT_EQ(Conformance.size(), std::strlen("vYYYY-MM-DD-XX")) << Conformance;
}

TEST_F(DeviceApi, ExtensionsStringMatchesWithVersionList) {
  std::set<std::string> FromList;
  for (const cl_name_version &NV : nameVersions(Device, CL_DEVICE_EXTENSIONS_WITH_VERSION))
    FromList.insert(NV.name);
  EXPECT_EQ(deviceExtensions(Device), FromList);
}

TEST_F(DeviceApi, UuidQueriesWhenTheExtensionIsListed) {
  if (!deviceExtensions(Device).count("cl_khr_device_uuid"))
    FAIL() << "cl_khr_device_uuid is expected in the extension list";
  auto Uuid = deviceValue<std::array<cl_uchar, CL_UUID_SIZE_KHR>>(Device, CL_DEVICE_UUID_KHR);
  EXPECT_NE(Uuid, (std::array<cl_uchar, CL_UUID_SIZE_KHR>{}));
  EXPECT_EQ(deviceValue<cl_bool>(Device, CL_DEVICE_LUID_VALID_KHR), cl_bool(CL_FALSE));
}

// cl_khr_integer_dot_product 2.0.0: both inputs, each with its feature macro, and the
// acceleration properties (none: the built-ins compile to plain multiplies and adds).
TEST_F(DeviceApi, IntegerDotProductQueriesMatchTheFeatures) {
  std::map<std::string, cl_version> Extensions, Features;
  for (const cl_name_version &NV : nameVersions(Device, CL_DEVICE_EXTENSIONS_WITH_VERSION))
    Extensions[NV.name] = NV.version;
  for (const cl_name_version &NV : nameVersions(Device, CL_DEVICE_OPENCL_C_FEATURES))
    Features[NV.name] = NV.version;
  ASSERT_TRUE(Extensions.count("cl_khr_integer_dot_product"));
  EXPECT_EQ(Extensions["cl_khr_integer_dot_product"], cl_version(CL_MAKE_VERSION(2, 0, 0)));
  EXPECT_EQ(Extensions.count("cl_khr_extended_bit_ops"), 1u);
  EXPECT_EQ(deviceValue<cl_device_integer_dot_product_capabilities_khr>(
                Device, CL_DEVICE_INTEGER_DOT_PRODUCT_CAPABILITIES_KHR),
            cl_device_integer_dot_product_capabilities_khr(CL_DEVICE_INTEGER_DOT_PRODUCT_INPUT_4x8BIT_KHR |
                                                           CL_DEVICE_INTEGER_DOT_PRODUCT_INPUT_4x8BIT_PACKED_KHR));
  EXPECT_EQ(Features.count("__opencl_c_integer_dot_product_input_4x8bit"), 1u);
  EXPECT_EQ(Features.count("__opencl_c_integer_dot_product_input_4x8bit_packed"), 1u);
  for (cl_device_info Q : {CL_DEVICE_INTEGER_DOT_PRODUCT_ACCELERATION_PROPERTIES_8BIT_KHR,
                           CL_DEVICE_INTEGER_DOT_PRODUCT_ACCELERATION_PROPERTIES_4x8BIT_PACKED_KHR}) {
    cl_device_integer_dot_product_acceleration_properties_khr Properties;
    std::memset(&Properties, 0xAB, sizeof Properties);
    size_t Size = 0;
    ASSERT_EQ(clGetDeviceInfo(Device, Q, sizeof Properties, &Properties, &Size), CL_SUCCESS);
    EXPECT_EQ(Size, sizeof Properties);
    const cl_bool *Members = &Properties.signed_accelerated;
    for (size_t I = 0; I < sizeof Properties / sizeof(cl_bool); ++I)
      EXPECT_EQ(Members[I], cl_bool(CL_FALSE)) << std::hex << Q << " member " << I;
  }
}

TEST_F(DeviceApi, MemoryFactsAreReal) {
  cl_ulong Global = deviceValue<cl_ulong>(Device, CL_DEVICE_GLOBAL_MEM_SIZE);
  cl_ulong Physical = cl_ulong(sysconf(_SC_PHYS_PAGES)) * cl_ulong(sysconf(_SC_PAGESIZE));
  EXPECT_GT(Global, 0u);
  EXPECT_LE(Global, Physical);
  cl_ulong MaxAlloc = deviceValue<cl_ulong>(Device, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
  // Full profile: at least max(1/4 of global memory, 128 MiB), at most global memory.
  EXPECT_GE(MaxAlloc, std::max<cl_ulong>(Global / 4, 128u << 20));
  EXPECT_LE(MaxAlloc, Global);
  EXPECT_GE(deviceValue<cl_ulong>(Device, CL_DEVICE_LOCAL_MEM_SIZE), 32u << 10);
  EXPECT_GE(deviceValue<cl_ulong>(Device, CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE), 64u << 10);
  cl_uint Line = deviceValue<cl_uint>(Device, CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE);
  EXPECT_TRUE(Line == 32 || Line == 64 || Line == 128) << Line;
  EXPECT_GT(deviceValue<cl_ulong>(Device, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE), 0u);
}

TEST_F(DeviceApi, WorkSizeLimits) {
  EXPECT_EQ(deviceValue<cl_uint>(Device, CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS), 3u);
  size_t WG = deviceValue<size_t>(Device, CL_DEVICE_MAX_WORK_GROUP_SIZE);
  EXPECT_GE(WG, 1u);
  auto Items = deviceValue<std::array<size_t, 3>>(Device, CL_DEVICE_MAX_WORK_ITEM_SIZES);
  for (size_t I : Items)
    EXPECT_GE(I, 1u);
  EXPECT_LE(Items[0], WG);
}

TEST_F(DeviceApi, VectorWidthsMatchTheSimdUnit) {
  cl_uint Char = deviceValue<cl_uint>(Device, CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR);
  cl_uint Int = deviceValue<cl_uint>(Device, CL_DEVICE_NATIVE_VECTOR_WIDTH_INT);
  cl_uint Long = deviceValue<cl_uint>(Device, CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG);
  // x86-64 has at least SSE2: 16-byte vectors.
  EXPECT_EQ(Char, 16u);
  EXPECT_GE(Int, 4u);
  EXPECT_GE(Long, 2u);
  EXPECT_EQ(Int, std::min(16u, 2 * Long));
  // cl_khr_fp64: doubles are as wide as longs; cl_khr_fp16: halves as wide as shorts.
  EXPECT_EQ(deviceValue<cl_uint>(Device, CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE), Long);
  EXPECT_EQ(deviceValue<cl_uint>(Device, CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE), Long);
  EXPECT_EQ(deviceValue<cl_uint>(Device, CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF),
            deviceValue<cl_uint>(Device, CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT));
  EXPECT_EQ(deviceValue<cl_uint>(Device, CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF),
            deviceValue<cl_uint>(Device, CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT));
  auto Single = deviceValue<cl_device_fp_config>(Device, CL_DEVICE_SINGLE_FP_CONFIG);
  EXPECT_EQ(Single & (CL_FP_ROUND_TO_NEAREST | CL_FP_INF_NAN),
            cl_device_fp_config(CL_FP_ROUND_TO_NEAREST | CL_FP_INF_NAN));
  // The minimum OpenCL 3.0 mandates for a device with cl_khr_fp64, and the directed rounding
  // modes 1.2 and 2.x (and CTS test_bruteforce) add.
  EXPECT_EQ(deviceValue<cl_device_fp_config>(Device, CL_DEVICE_DOUBLE_FP_CONFIG),
            cl_device_fp_config(CL_FP_FMA | CL_FP_ROUND_TO_NEAREST | CL_FP_ROUND_TO_ZERO |
                                CL_FP_ROUND_TO_INF | CL_FP_INF_NAN | CL_FP_DENORM));
  // cl_khr_fp16's minimum (round to nearest, INF and NaN), with subnormals and an exact fma.
  EXPECT_EQ(deviceValue<cl_device_fp_config>(Device, CL_DEVICE_HALF_FP_CONFIG),
            cl_device_fp_config(CL_FP_ROUND_TO_NEAREST | CL_FP_INF_NAN | CL_FP_DENORM | CL_FP_FMA));
}

TEST_F(DeviceApi, RootDeviceRetainRelease) {
  EXPECT_EQ(clRetainDevice(Device), CL_SUCCESS);
  EXPECT_EQ(clReleaseDevice(Device), CL_SUCCESS);
  EXPECT_EQ(clReleaseDevice(Device), CL_SUCCESS); // root devices are not counted
  EXPECT_EQ(deviceValue<cl_uint>(Device, CL_DEVICE_REFERENCE_COUNT), 1u);
  EXPECT_EQ(clRetainDevice(nullptr), CL_INVALID_DEVICE);
  size_t Size = 99;
  ASSERT_EQ(clGetDeviceInfo(Device, CL_DEVICE_PARTITION_TYPE, 0, nullptr, &Size), CL_SUCCESS);
  EXPECT_EQ(Size, 0u) << "a root device has no partition type";
}

TEST_F(DeviceApi, Timers) {
  cl_ulong Dev1 = 0, Host1 = 0, Dev2 = 0, Host2 = 0, Host3 = 0;
  ASSERT_EQ(clGetDeviceAndHostTimer(Device, &Dev1, &Host1), CL_SUCCESS);
  std::this_thread::sleep_for(std::chrono::milliseconds(2));
  ASSERT_EQ(clGetDeviceAndHostTimer(Device, &Dev2, &Host2), CL_SUCCESS);
  ASSERT_EQ(clGetHostTimer(Device, &Host3), CL_SUCCESS);
  EXPECT_GE(Dev2 - Dev1, 2'000'000u);
  EXPECT_GE(Host2 - Host1, 2'000'000u);
  EXPECT_GE(Host3, Host2);
  EXPECT_EQ(clGetDeviceAndHostTimer(Device, nullptr, &Host1), CL_INVALID_VALUE);
  EXPECT_EQ(clGetDeviceAndHostTimer(Device, &Dev1, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clGetHostTimer(Device, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clGetHostTimer(reinterpret_cast<cl_device_id>(Platform), &Host1), CL_INVALID_DEVICE);
}

} // namespace
} // namespace weft::test
