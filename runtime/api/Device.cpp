// Device entry points: enumeration, every OpenCL 3.0 device query, retain/release, timers.
#include "runtime/api/Api.h"
#include "runtime/api/Entry.h"
#include "runtime/api/Handles.h"
#include "runtime/api/Info.h"
#include "runtime/core/Capabilities.h"
#include "runtime/core/Clock.h"
#include "runtime/core/ImageFormat.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <string_view>
#include <vector>

namespace weft::api {
namespace {

constexpr cl_device_type KnownDeviceTypes = CL_DEVICE_TYPE_DEFAULT | CL_DEVICE_TYPE_CPU |
                                            CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_ACCELERATOR |
                                            CL_DEVICE_TYPE_CUSTOM;

std::vector<cl_name_version> toNameVersions(std::span<const VersionedName> Items) {
  std::vector<cl_name_version> List;
  for (const VersionedName &I : Items) {
    cl_name_version NV{};
    NV.version = I.Version;
    std::strncpy(NV.name, I.Name, CL_NAME_VERSION_MAX_NAME_SIZE - 1);
    List.push_back(NV);
  }
  return List;
}

std::vector<cl_name_version> deviceExtensions() {
  std::vector<VersionedName> Items;
  for (const Extension &E : Extensions)
    if (E.Scope == ExtensionScope::Device)
      Items.push_back({E.Name, E.Version});
  return toNameVersions(Items);
}

constexpr cl_device_atomic_capabilities AllAtomicCapabilities =
    CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_ORDER_ACQ_REL | CL_DEVICE_ATOMIC_ORDER_SEQ_CST |
    CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP | CL_DEVICE_ATOMIC_SCOPE_DEVICE |
    CL_DEVICE_ATOMIC_SCOPE_ALL_DEVICES;

/// Whether CL_DEVICE_OPENCL_C_FEATURES lists Name.
bool reportsFeature(std::string_view Name) {
  return std::any_of(OpenCLCFeatures.begin(), OpenCLCFeatures.end(),
                     [&](const VersionedName &F) { return Name == F.Name; });
}

/// Whether CL_DEVICE_EXTENSIONS lists Name.
bool reportsExtension(std::string_view Name) {
  return std::any_of(std::begin(Extensions), std::end(Extensions),
                     [&](const Extension &E) { return Name == E.Name; });
}

/// CL_DEVICE_{HALF,SINGLE,DOUBLE}_FP_ATOMIC_CAPABILITIES_EXT for Type ("fp16", "fp32" or "fp64"),
/// from the cl_ext_float_atomics features listed for it. Load, store and exchange are core for
/// float and double (OpenCL C 2.0 and later), in both memories; half's are features.
cl_device_fp_atomic_capabilities_ext floatAtomicCapabilities(std::string_view Type) {
  auto Has = [&](std::string_view Memory, std::string_view Operation) {
    return reportsFeature(std::string("__opencl_c_ext_") + std::string(Type) + "_" + std::string(Memory) +
                          "_atomic_" + std::string(Operation));
  };
  const bool Half = Type == "fp16";
  cl_device_fp_atomic_capabilities_ext Caps = 0;
  if (!Half || Has("global", "load_store"))
    Caps |= CL_DEVICE_GLOBAL_FP_ATOMIC_LOAD_STORE_EXT;
  if (!Half || Has("local", "load_store"))
    Caps |= CL_DEVICE_LOCAL_FP_ATOMIC_LOAD_STORE_EXT;
  if (Has("global", "add"))
    Caps |= CL_DEVICE_GLOBAL_FP_ATOMIC_ADD_EXT;
  if (Has("local", "add"))
    Caps |= CL_DEVICE_LOCAL_FP_ATOMIC_ADD_EXT;
  if (Has("global", "min_max"))
    Caps |= CL_DEVICE_GLOBAL_FP_ATOMIC_MIN_MAX_EXT;
  if (Has("local", "min_max"))
    Caps |= CL_DEVICE_LOCAL_FP_ATOMIC_MIN_MAX_EXT;
  return Caps;
}

/// cl_khr_spirv_queries: what a SPIR-V program may use on Weft. The OpenCL SPIR-V environment
/// specification ties each to something Weft reports (a feature, an extension, a capability
/// bit), so each follows from that here. tests/api/SpirvTest.cpp runs kernels declaring each
/// through the translator but Vector16, which CTS test_spirv_new's op_expect modules declare.
struct SpirvUse {
  std::vector<const char *> InstructionSets, Extensions;
  std::vector<cl_uint> Capabilities;
};

const SpirvUse &spirvUse() {
  static const SpirvUse Use = [] {
    // SPIR-V's capability numbers.
    enum : cl_uint {
      Addresses = 4, Linkage = 5, Kernel = 6, Vector16 = 7, Float16Buffer = 8, Float16 = 9, Float64 = 10,
      Int64 = 11, Int64Atomics = 12, Groups = 18, Int16 = 22, GenericPointer = 38, Int8 = 39,
      AtomicFloat32MinMaxEXT = 5612, AtomicFloat64MinMaxEXT = 5613, ExpectAssumeKHR = 5629,
      DotProductInput4x8Bit = 6017, DotProductInput4x8BitPacked = 6018, DotProduct = 6019,
      BitInstructions = 6025, AtomicFloat32AddEXT = 6033, AtomicFloat64AddEXT = 6034,
      ShaderClockKHR = 5055, ImageBasic = 13, ImageReadWrite = 14, LiteralSampler = 20,
      Sampled1D = 43, Image1D = 44, SampledBuffer = 46, ImageBuffer = 47, GroupNonUniform = 61,
      GroupNonUniformVote = 62, GroupNonUniformArithmetic = 63, GroupNonUniformBallot = 64,
      GroupNonUniformShuffle = 65, GroupNonUniformShuffleRelative = 66, GroupNonUniformClustered = 67,
      GroupNonUniformRotateKHR = 6026, AtomicFloat16AddEXT = 6095, AtomicFloat16MinMaxEXT = 5616,
      SubgroupDispatch = 58 };
    SpirvUse U;
    U.InstructionSets = {"OpenCL.std"};
    U.Capabilities = {Addresses, Linkage, Kernel, Vector16, Float16Buffer, Int8, Int16, Int64};
    if (reportsFeature("__opencl_c_fp64"))
      U.Capabilities.push_back(Float64);
    if (reportsFeature("__opencl_c_fp16"))
      U.Capabilities.push_back(Float16);
    if (reportsExtension("cl_khr_int64_base_atomics") || reportsExtension("cl_khr_int64_extended_atomics"))
      U.Capabilities.push_back(Int64Atomics);
    if (reportsFeature("__opencl_c_generic_address_space"))
      U.Capabilities.push_back(GenericPointer);
    if (reportsFeature("__opencl_c_work_group_collective_functions") || reportsFeature("__opencl_c_subgroups"))
      U.Capabilities.push_back(Groups);
    // The SPIR-V environment requires it of OpenCL 3.0 devices with sub-groups: the execution
    // modes SubgroupSize (the translator makes it intel_reqd_sub_group_size) and
    // SubgroupsPerWorkgroup.
    if (reportsFeature("__opencl_c_subgroups"))
      U.Capabilities.push_back(SubgroupDispatch);
    // The sub-group extensions' instructions (SPV_KHR_subgroup_rotate's, newer than LLVM 15's
    // translator, compiler/Spirv.cpp makes calls of the built-ins).
    const std::pair<const char *, cl_uint> SubGroupExtensions[] = {
        {"cl_khr_subgroup_non_uniform_vote", GroupNonUniformVote},
        {"cl_khr_subgroup_ballot", GroupNonUniformBallot},
        {"cl_khr_subgroup_non_uniform_arithmetic", GroupNonUniformArithmetic},
        {"cl_khr_subgroup_shuffle", GroupNonUniformShuffle},
        {"cl_khr_subgroup_shuffle_relative", GroupNonUniformShuffleRelative},
        {"cl_khr_subgroup_clustered_reduce", GroupNonUniformClustered}};
    bool NonUniform = false;
    for (auto [Extension, Capability] : SubGroupExtensions)
      if (reportsExtension(Extension)) {
        U.Capabilities.push_back(Capability);
        NonUniform = true;
      }
    if (reportsExtension("cl_khr_subgroup_rotate")) {
      U.Extensions.push_back("SPV_KHR_subgroup_rotate");
      U.Capabilities.push_back(GroupNonUniformRotateKHR);
      NonUniform = true;
    }
    if (NonUniform)
      U.Capabilities.push_back(GroupNonUniform);
    // cl_khr_spirv_queries: what a device with images supports, and read-write images.
    if (reportsFeature("__opencl_c_images"))
      for (cl_uint C : {ImageBasic, LiteralSampler, Sampled1D, Image1D, SampledBuffer, ImageBuffer})
        U.Capabilities.push_back(C);
    if (reportsFeature("__opencl_c_read_write_images"))
      U.Capabilities.push_back(ImageReadWrite);
    if (reportsExtension("cl_khr_integer_dot_product")) {
      U.Extensions.push_back("SPV_KHR_integer_dot_product");
      U.Capabilities.push_back(DotProduct);
      U.Capabilities.push_back(DotProductInput4x8BitPacked);
      if (reportsFeature("__opencl_c_integer_dot_product_input_4x8bit"))
        U.Capabilities.push_back(DotProductInput4x8Bit);
    }
    if (reportsExtension("cl_khr_extended_bit_ops")) {
      U.Extensions.push_back("SPV_KHR_bit_instructions");
      U.Capabilities.push_back(BitInstructions);
    }
    if (reportsExtension("cl_khr_expect_assume")) {
      U.Extensions.push_back("SPV_KHR_expect_assume");
      U.Capabilities.push_back(ExpectAssumeKHR);
    }
    if (reportsExtension("cl_khr_kernel_clock")) {
      U.Extensions.push_back("SPV_KHR_shader_clock");
      U.Capabilities.push_back(ShaderClockKHR);
    }
    if (reportsExtension("cl_khr_spirv_no_integer_wrap_decoration"))
      U.Extensions.push_back("SPV_KHR_no_integer_wrap_decoration");
    if (reportsExtension("cl_ext_float_atomics")) {
      constexpr cl_device_fp_atomic_capabilities_ext Add =
          CL_DEVICE_GLOBAL_FP_ATOMIC_ADD_EXT | CL_DEVICE_LOCAL_FP_ATOMIC_ADD_EXT;
      constexpr cl_device_fp_atomic_capabilities_ext MinMax =
          CL_DEVICE_GLOBAL_FP_ATOMIC_MIN_MAX_EXT | CL_DEVICE_LOCAL_FP_ATOMIC_MIN_MAX_EXT;
      const cl_device_fp_atomic_capabilities_ext F32 = floatAtomicCapabilities("fp32"),
                                                 F64 = floatAtomicCapabilities("fp64"),
                                                 F16 = floatAtomicCapabilities("fp16");
      if ((F32 | F64) & Add)
        U.Extensions.push_back("SPV_EXT_shader_atomic_float_add");
      if ((F16 | F32 | F64) & MinMax)
        U.Extensions.push_back("SPV_EXT_shader_atomic_float_min_max");
      // Half's add has an extension of its own, which the translator does not know, though it
      // reads OpAtomicFAddEXT on half (compiler/Spirv.cpp drops the declarations).
      if (F16 & Add) {
        U.Extensions.push_back("SPV_EXT_shader_atomic_float16_add");
        U.Capabilities.push_back(AtomicFloat16AddEXT);
      }
      if (F16 & MinMax)
        U.Capabilities.push_back(AtomicFloat16MinMaxEXT);
      if (F32 & Add)
        U.Capabilities.push_back(AtomicFloat32AddEXT);
      if (F64 & Add)
        U.Capabilities.push_back(AtomicFloat64AddEXT);
      if (F32 & MinMax)
        U.Capabilities.push_back(AtomicFloat32MinMaxEXT);
      if (F64 & MinMax)
        U.Capabilities.push_back(AtomicFloat64MinMaxEXT);
    }
    return U;
  }();
  return Use;
}

/// Lanes of a SIMD register for elements of ElementBytes, capped at OpenCL's widest vector (16).
cl_uint vectorWidth(const DeviceDescription &D, unsigned ElementBytes) {
  return std::min(16u, D.SimdBytes / ElementBytes);
}

Status deviceInfo(Device &Dev, cl_device_info ParamName, InfoWriter &Out) {
  const DeviceDescription &D = Dev.description();
  switch (ParamName) {
  // Identity and versions.
  case CL_DEVICE_TYPE:
    return Out(cl_device_type(CL_DEVICE_TYPE_CPU));
  case CL_DEVICE_VENDOR_ID:
    return Out(cl_uint(D.VendorId));
  case CL_DEVICE_NAME:
    return Out.string(D.Name);
  case CL_DEVICE_VENDOR:
    return Out.string(D.Vendor);
  case CL_DRIVER_VERSION:
    return Out.string(WEFT_VERSION);
  case CL_DEVICE_PROFILE:
    return Out.string("FULL_PROFILE");
  case CL_DEVICE_VERSION:
    return Out.string("OpenCL 3.0 Weft " WEFT_VERSION);
  case CL_DEVICE_NUMERIC_VERSION:
    return Out(cl_version(CL_MAKE_VERSION(3, 0, 0)));
  case CL_DEVICE_OPENCL_C_VERSION:
    // "the highest fully backwards compatible OpenCL C version": 1.2, since 2.0's pipes and
    // device-side enqueue are not offered.
    return Out.string("OpenCL C 1.2 Weft");
  case CL_DEVICE_OPENCL_C_NUMERIC_VERSION_KHR:
    return Out(cl_version(CL_MAKE_VERSION(1, 2, 0)));
  case CL_DEVICE_OPENCL_C_ALL_VERSIONS:
    return Out.array(std::span<const cl_name_version>(toNameVersions(OpenCLCVersions)));
  case CL_DEVICE_OPENCL_C_FEATURES:
    return Out.array(std::span<const cl_name_version>(toNameVersions(OpenCLCFeatures)));
  case CL_DEVICE_EXTENSIONS:
    return Out.string(Platform::extensionString(/*ForDevice=*/true));
  case CL_DEVICE_EXTENSIONS_WITH_VERSION:
    return Out.array(std::span<const cl_name_version>(deviceExtensions()));
  case CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED:
    // No conformance submission yet.
    return Out.string("v0000-01-01-00");
  case CL_DEVICE_PLATFORM:
    return Out(toHandle(&Dev.platform()));
  case CL_DEVICE_PARENT_DEVICE:
    return Out(Dev.parent() ? toHandle(Dev.parent()) : cl_device_id(nullptr));
  case CL_DEVICE_REFERENCE_COUNT:
    return Out(cl_uint(Dev.parent() ? Dev.apiRefCount() : 1)); // root devices are not counted
  case CL_DEVICE_AVAILABLE:
  case CL_DEVICE_ENDIAN_LITTLE:
  case CL_DEVICE_HOST_UNIFIED_MEMORY:
  case CL_DEVICE_PREFERRED_INTEROP_USER_SYNC:
    return Out(cl_bool(CL_TRUE));
  case CL_DEVICE_COMPILER_AVAILABLE:
  case CL_DEVICE_LINKER_AVAILABLE:
    return Out(cl_bool(CL_TRUE));
  case CL_DEVICE_ERROR_CORRECTION_SUPPORT:
    return Out(cl_bool(CL_FALSE));
  case CL_DEVICE_UUID_KHR:
    return Out(D.Uuid);
  case CL_DRIVER_UUID_KHR: {
    std::array<cl_uchar, CL_UUID_SIZE_KHR> Uuid{};
    const char Tag[] = "weft " WEFT_VERSION;
    std::memcpy(Uuid.data(), Tag, std::min(sizeof Tag - 1, Uuid.size()));
    return Out(Uuid);
  }
  case CL_DEVICE_LUID_VALID_KHR:
    return Out(cl_bool(CL_FALSE));
  case CL_DEVICE_LUID_KHR:
    return Out(std::array<cl_uchar, CL_LUID_SIZE_KHR>{});
  case CL_DEVICE_NODE_MASK_KHR:
    return Out(cl_uint(0));

  // Execution.
  case CL_DEVICE_MAX_COMPUTE_UNITS:
    return Out(cl_uint(D.ComputeUnits));
  case CL_DEVICE_MAX_CLOCK_FREQUENCY:
    return Out(cl_uint(D.MaxClockMHz));
  case CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS:
    return Out(cl_uint(3));
  case CL_DEVICE_MAX_WORK_ITEM_SIZES: {
    size_t Sizes[3] = {D.MaxWorkGroupSize, D.MaxWorkGroupSize, D.MaxWorkGroupSize};
    return Out(Sizes);
  }
  case CL_DEVICE_MAX_WORK_GROUP_SIZE:
    return Out(size_t(D.MaxWorkGroupSize));
  case CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE:
    return Out(size_t(vectorWidth(D, 4)));
  case CL_DEVICE_MAX_PARAMETER_SIZE:
    return Out(size_t(1024));
  case CL_DEVICE_ADDRESS_BITS:
    return Out(cl_uint(64));
  case CL_DEVICE_EXECUTION_CAPABILITIES:
    return Out(cl_device_exec_capabilities(CL_EXEC_KERNEL | CL_EXEC_NATIVE_KERNEL));
  case CL_DEVICE_QUEUE_PROPERTIES: // the OpenCL 1.x name of CL_DEVICE_QUEUE_ON_HOST_PROPERTIES
    return Out(cl_command_queue_properties(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE |
                                           CL_QUEUE_PROFILING_ENABLE));
  case CL_DEVICE_PROFILING_TIMER_RESOLUTION:
    return Out(size_t(hostTimerResolutionNs()));
  case CL_DEVICE_PRINTF_BUFFER_SIZE:
    return Out(size_t(D.PrintfBufferBytes));
  case CL_DEVICE_BUILT_IN_KERNELS:
    return Out.string("");
  case CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION:
    return Out.array(std::span<const cl_name_version>());
  case CL_DEVICE_IL_VERSION: {
    std::string Versions;
    for (cl_version V : SpirvVersions)
      Versions += cat(Versions.empty() ? "" : " ", "SPIR-V_", CL_VERSION_MAJOR(V), ".",
                      CL_VERSION_MINOR(V));
    return Out.string(Versions);
  }
  case CL_DEVICE_ILS_WITH_VERSION: {
    std::vector<cl_name_version> Ils;
    for (cl_version V : SpirvVersions) {
      cl_name_version N{V, {}};
      std::strncpy(N.name, "SPIR-V", sizeof N.name);
      Ils.push_back(N);
    }
    return Out.array(std::span<const cl_name_version>(Ils));
  }
  case CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT:
    return Out(cl_bool(CL_TRUE));
  // These two say what the OpenCL C features say.
  case CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT:
    return Out(cl_bool(reportsFeature("__opencl_c_work_group_collective_functions")));
  case CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT:
    return Out(cl_bool(reportsFeature("__opencl_c_generic_address_space")));
  // A work-group's work-items run one after another on one thread: sub-groups make progress
  // only at barriers.
  case CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS:
  case CL_DEVICE_PIPE_SUPPORT:
    return Out(cl_bool(CL_FALSE));
  // Sub-groups have compiler::SubGroupSizes[0] work-items at least.
  case CL_DEVICE_MAX_NUM_SUB_GROUPS:
    return Out(cl_uint(D.MaxWorkGroupSize / compiler::SubGroupSizes[0]));
  case CL_DEVICE_SUB_GROUP_SIZES_INTEL: // what intel_reqd_sub_group_size may ask for
    return Out.array(std::span<const size_t>(compiler::SubGroupSizes));
  case CL_DEVICE_MAX_PIPE_ARGS:
  case CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS:
  case CL_DEVICE_PIPE_MAX_PACKET_SIZE:
  case CL_DEVICE_MAX_ON_DEVICE_QUEUES:
  case CL_DEVICE_MAX_ON_DEVICE_EVENTS:
  case CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE:
  case CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE:
  case CL_DEVICE_PREFERRED_PLATFORM_ATOMIC_ALIGNMENT:
  case CL_DEVICE_PREFERRED_GLOBAL_ATOMIC_ALIGNMENT:
  case CL_DEVICE_PREFERRED_LOCAL_ATOMIC_ALIGNMENT:
    return Out(cl_uint(0));
  case CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES:
    return Out(cl_command_queue_properties(0));
  case CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES:
    return Out(cl_device_device_enqueue_capabilities(0));
  // Host and device share one memory and address space (runtime/api/Svm.cpp): every level.
  case CL_DEVICE_SVM_CAPABILITIES:
    return Out(cl_device_svm_capabilities(CL_DEVICE_SVM_COARSE_GRAIN_BUFFER |
                                          CL_DEVICE_SVM_FINE_GRAIN_BUFFER |
                                          CL_DEVICE_SVM_FINE_GRAIN_SYSTEM | CL_DEVICE_SVM_ATOMICS));
  // Every order and scope (builtins/src/c11_atomics.cl): x86's atomics and fences are as strong
  // as the strongest scope. Work-item scope exists only for fences.
  case CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES:
    return Out(AllAtomicCapabilities);
  case CL_DEVICE_ATOMIC_FENCE_CAPABILITIES:
    return Out(cl_device_atomic_capabilities(AllAtomicCapabilities | CL_DEVICE_ATOMIC_SCOPE_WORK_ITEM));
  // cl_khr_integer_dot_product: the inputs follow the feature list. No combination is reported
  // accelerated: the built-ins compile to the multiplies and adds an application would write.
  case CL_DEVICE_INTEGER_DOT_PRODUCT_CAPABILITIES_KHR:
    return Out(cl_device_integer_dot_product_capabilities_khr(
        (reportsFeature("__opencl_c_integer_dot_product_input_4x8bit_packed")
             ? CL_DEVICE_INTEGER_DOT_PRODUCT_INPUT_4x8BIT_PACKED_KHR
             : 0) |
        (reportsFeature("__opencl_c_integer_dot_product_input_4x8bit")
             ? CL_DEVICE_INTEGER_DOT_PRODUCT_INPUT_4x8BIT_KHR
             : 0)));
  // cl_ext_float_atomics: what the feature list says, for half, float and double.
  case CL_DEVICE_SINGLE_FP_ATOMIC_CAPABILITIES_EXT:
    return Out(floatAtomicCapabilities("fp32"));
  case CL_DEVICE_DOUBLE_FP_ATOMIC_CAPABILITIES_EXT:
    return Out(floatAtomicCapabilities("fp64"));
  case CL_DEVICE_HALF_FP_ATOMIC_CAPABILITIES_EXT:
    return Out(floatAtomicCapabilities("fp16"));
  // cl_khr_kernel_clock: the scopes the feature list names.
  case CL_DEVICE_KERNEL_CLOCK_CAPABILITIES_KHR:
    return Out(cl_device_kernel_clock_capabilities_khr(
        (reportsFeature("__opencl_c_kernel_clock_scope_device") ? CL_DEVICE_KERNEL_CLOCK_SCOPE_DEVICE_KHR : 0) |
        (reportsFeature("__opencl_c_kernel_clock_scope_work_group") ? CL_DEVICE_KERNEL_CLOCK_SCOPE_WORK_GROUP_KHR
                                                                      : 0) |
        (reportsFeature("__opencl_c_kernel_clock_scope_sub_group") ? CL_DEVICE_KERNEL_CLOCK_SCOPE_SUB_GROUP_KHR : 0)));
  // cl_khr_spirv_queries: arrays of pointers to Weft's own constant strings, and of numbers.
  case CL_DEVICE_SPIRV_EXTENDED_INSTRUCTION_SETS_KHR:
    return Out.array(std::span<const char *const>(spirvUse().InstructionSets));
  case CL_DEVICE_SPIRV_EXTENSIONS_KHR:
    return Out.array(std::span<const char *const>(spirvUse().Extensions));
  case CL_DEVICE_SPIRV_CAPABILITIES_KHR:
    return Out.array(std::span<const cl_uint>(spirvUse().Capabilities));
  case CL_DEVICE_INTEGER_DOT_PRODUCT_ACCELERATION_PROPERTIES_8BIT_KHR:
  case CL_DEVICE_INTEGER_DOT_PRODUCT_ACCELERATION_PROPERTIES_4x8BIT_PACKED_KHR:
    return Out(cl_device_integer_dot_product_acceleration_properties_khr{});

  // Memory.
  case CL_DEVICE_GLOBAL_MEM_SIZE:
    return Out(cl_ulong(D.GlobalMemSize));
  case CL_DEVICE_MAX_MEM_ALLOC_SIZE:
    return Out(cl_ulong(D.MaxAllocSize));
  case CL_DEVICE_GLOBAL_MEM_CACHE_TYPE:
    return Out(cl_device_mem_cache_type(CL_READ_WRITE_CACHE));
  case CL_DEVICE_GLOBAL_MEM_CACHE_SIZE:
    return Out(cl_ulong(D.GlobalCacheSize));
  case CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE:
    return Out(cl_uint(D.GlobalCacheLineSize));
  case CL_DEVICE_LOCAL_MEM_TYPE:
    return Out(cl_device_local_mem_type(CL_GLOBAL));
  case CL_DEVICE_LOCAL_MEM_SIZE:
    return Out(cl_ulong(D.LocalMemSize));
  case CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE:
    return Out(cl_ulong(1u << 20));
  case CL_DEVICE_MAX_CONSTANT_ARGS:
    return Out(cl_uint(16));
  case CL_DEVICE_MEM_BASE_ADDR_ALIGN:
    return Out(cl_uint(1024)); // bits: 128 bytes, the largest OpenCL C type (long16)
  case CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE:
    return Out(cl_uint(128));
  // Program-scope variables live in the program's JIT-loaded data: no limit of their own beyond
  // memory; these are the figures applications size their tables by.
  case CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE:
    return Out(size_t(MaxGlobalVariableBytes));
  case CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE:
    return Out(size_t(MaxGlobalVariableBytes));

  // Floating point and vectors.
  case CL_DEVICE_SINGLE_FP_CONFIG:
    // x86's divide and square root instructions round correctly, and Weft uses nothing else
    // (no reciprocal estimates), so -cl-fp32-correctly-rounded-divide-sqrt holds.
    return Out(cl_device_fp_config(CL_FP_DENORM | CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST |
                                   CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT |
                                   (D.HasFma ? CL_FP_FMA : 0)));
  case CL_DEVICE_DOUBLE_FP_CONFIG:
    // The spec's minimum for cl_khr_fp64, which includes FMA: fma() is exact (glibc's fma where
    // the CPU has no FMA instructions). Also the directed rounding modes, as OpenCL 1.2 and 2.x
    // required and CTS test_bruteforce still does: the CPU has them all, and the conversions
    // from double round in each (convert_*_rtz, _rtp, _rtn).
    return Out(cl_device_fp_config(CL_FP_FMA | CL_FP_ROUND_TO_NEAREST | CL_FP_ROUND_TO_ZERO |
                                   CL_FP_ROUND_TO_INF | CL_FP_INF_NAN | CL_FP_DENORM));
  case CL_DEVICE_HALF_FP_CONFIG:
    // Half arithmetic is float's rounded to half once, which for +, -, *, / and sqrt is the
    // correctly rounded half result, subnormals included; fma is exact before its one rounding
    // (builtins/src/half.cl).
    return Out(cl_device_fp_config(CL_FP_DENORM | CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST | CL_FP_FMA));
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR:
    return Out(vectorWidth(D, 1));
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT:
    return Out(vectorWidth(D, 2));
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_INT:
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT:
    return Out(vectorWidth(D, 4));
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG:
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE:
    return Out(vectorWidth(D, 8));
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF:
    return Out(vectorWidth(D, 2));

  // Images and samplers (runtime/core/ImageFormat.h): at least the spec's minimums.
  case CL_DEVICE_IMAGE_SUPPORT:
    return Out(cl_bool(CL_TRUE));
  case CL_DEVICE_MAX_READ_IMAGE_ARGS:
    return Out(cl_uint(ImageLimits::MaxReadImageArgs));
  case CL_DEVICE_MAX_WRITE_IMAGE_ARGS:
    return Out(cl_uint(ImageLimits::MaxWriteImageArgs));
  case CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS:
    return Out(cl_uint(ImageLimits::MaxReadWriteImageArgs));
  case CL_DEVICE_MAX_SAMPLERS:
    return Out(cl_uint(ImageLimits::MaxSamplers));
  case CL_DEVICE_IMAGE_PITCH_ALIGNMENT:
    return Out(cl_uint(ImageLimits::PitchAlignmentPixels));
  case CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT:
    return Out(cl_uint(ImageLimits::BaseAddressAlignmentPixels));
  case CL_DEVICE_IMAGE2D_MAX_WIDTH:
    return Out(ImageLimits::Image2DMaxWidth);
  case CL_DEVICE_IMAGE2D_MAX_HEIGHT:
    return Out(ImageLimits::Image2DMaxHeight);
  case CL_DEVICE_IMAGE3D_MAX_WIDTH:
    return Out(ImageLimits::Image3DMaxWidth);
  case CL_DEVICE_IMAGE3D_MAX_HEIGHT:
    return Out(ImageLimits::Image3DMaxHeight);
  case CL_DEVICE_IMAGE3D_MAX_DEPTH:
    return Out(ImageLimits::Image3DMaxDepth);
  case CL_DEVICE_IMAGE_MAX_BUFFER_SIZE:
    return Out(maxImageBufferPixels(D.MaxAllocSize));
  case CL_DEVICE_IMAGE_MAX_ARRAY_SIZE:
    return Out(ImageLimits::MaxArraySize);

  // Partitions (clCreateSubDevices): a device of one compute unit cannot be split.
  case CL_DEVICE_PARTITION_MAX_SUB_DEVICES:
    return Out(cl_uint(D.ComputeUnits > 1 ? D.ComputeUnits : 0));
  case CL_DEVICE_PARTITION_PROPERTIES: {
    // "If the device cannot be partitioned (i.e. there is no partitioning scheme supported by the
    // device that will return at least two sub-devices), a value of 0 will be returned."
    std::vector<cl_device_partition_property> Schemes;
    if (D.ComputeUnits > 1) {
      Schemes = {CL_DEVICE_PARTITION_EQUALLY, CL_DEVICE_PARTITION_BY_COUNTS};
      if (Dev.affinityDomains())
        Schemes.push_back(CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN);
    } else {
      Schemes = {0};
    }
    return Out.array(std::span<const cl_device_partition_property>(Schemes));
  }
  case CL_DEVICE_PARTITION_AFFINITY_DOMAIN: {
    const cl_device_affinity_domain Domains = D.ComputeUnits > 1 ? Dev.affinityDomains() : 0;
    return Out(Domains ? Domains | CL_DEVICE_AFFINITY_DOMAIN_NEXT_PARTITIONABLE : 0);
  }
  case CL_DEVICE_PARTITION_TYPE:
    // A sub-device's properties; a root device: "param_value_size_ret of 0".
    return Out.array(std::span<const cl_device_partition_property>(Dev.partitionType()));

  default:
    return unknownQuery("device", ParamName);
  }
}

/// The spec's order for CL_DEVICE_AFFINITY_DOMAIN_NEXT_PARTITIONABLE: "NUMA, L4, L3, L2, L1".
constexpr cl_device_affinity_domain AffinityOrder[] = {
    CL_DEVICE_AFFINITY_DOMAIN_NUMA, CL_DEVICE_AFFINITY_DOMAIN_L4_CACHE,
    CL_DEVICE_AFFINITY_DOMAIN_L3_CACHE, CL_DEVICE_AFFINITY_DOMAIN_L2_CACHE,
    CL_DEVICE_AFFINITY_DOMAIN_L1_CACHE};

/// What clCreateSubDevices makes of a property list: the compute units of each sub-device, and
/// the properties each reports as CL_DEVICE_PARTITION_TYPE.
struct PartitionPlan {
  std::vector<std::vector<unsigned>> Groups;
  std::vector<cl_device_partition_property> Type;
};

/// Units consecutive compute units from First on.
std::vector<unsigned> unitRange(unsigned First, unsigned Units) {
  std::vector<unsigned> R(Units);
  for (unsigned I = 0; I < Units; ++I)
    R[I] = First + I;
  return R;
}

Expected<PartitionPlan> planPartition(Device &Dev, const cl_device_partition_property *Properties) {
  const unsigned Units = Dev.description().ComputeUnits;
  // "CL_INVALID_VALUE if values specified in properties are not valid or if values specified in
  // properties are valid but not supported by the device."
  if (!Properties || Properties[0] == 0)
    return Error(CL_INVALID_VALUE, "properties is NULL or empty");
  PartitionPlan Plan;
  switch (Properties[0]) {
  case CL_DEVICE_PARTITION_EQUALLY: {
    const cl_device_partition_property N = Properties[1];
    // "CL_INVALID_DEVICE_PARTITION_COUNT if ... the number of compute units requested for one or
    // more sub-devices is less than zero", or more than the device has.
    if (N < 0 || N > cl_device_partition_property(Units))
      return Error(CL_INVALID_DEVICE_PARTITION_COUNT,
                   cat("CL_DEVICE_PARTITION_EQUALLY asks for ", N, " compute units of ", Units));
    if (N == 0)
      return Error(CL_INVALID_VALUE, "CL_DEVICE_PARTITION_EQUALLY needs at least 1 compute unit");
    if (Properties[2] != 0)
      return Error(CL_INVALID_VALUE, cat("property ", hex(Properties[2]),
                                         " after CL_DEVICE_PARTITION_EQUALLY's count"));
    // "If n does not divide evenly into CL_DEVICE_PARTITION_MAX_COMPUTE_UNITS, then the
    // remaining compute units are not used."
    for (unsigned First = 0; First + unsigned(N) <= Units; First += unsigned(N))
      Plan.Groups.push_back(unitRange(First, unsigned(N)));
    Plan.Type = {CL_DEVICE_PARTITION_EQUALLY, N, 0};
    break;
  }
  case CL_DEVICE_PARTITION_BY_COUNTS: {
    Plan.Type = {CL_DEVICE_PARTITION_BY_COUNTS};
    uint64_t Total = 0;
    size_t I = 1;
    for (; Properties[I] != CL_DEVICE_PARTITION_BY_COUNTS_LIST_END; ++I) {
      const cl_device_partition_property Count = Properties[I];
      // "CL_INVALID_DEVICE_PARTITION_COUNT if the partition name specified in properties is
      // CL_DEVICE_PARTITION_BY_COUNTS and the number of sub-devices requested exceeds
      // CL_DEVICE_PARTITION_MAX_SUB_DEVICES or the total number of compute units requested
      // exceeds CL_DEVICE_MAX_COMPUTE_UNITS for in_device, or the number of compute units
      // requested for one or more sub-devices is less than zero."
      if (Count < 0)
        return Error(CL_INVALID_DEVICE_PARTITION_COUNT,
                     cat("CL_DEVICE_PARTITION_BY_COUNTS: count ", I - 1, " is ", Count));
      if (I > Units)
        return Error(CL_INVALID_DEVICE_PARTITION_COUNT,
                     cat("CL_DEVICE_PARTITION_BY_COUNTS asks for more than ", Units, " sub-devices"));
      Total += uint64_t(Count);
      if (Total > Units)
        return Error(CL_INVALID_DEVICE_PARTITION_COUNT,
                     cat("CL_DEVICE_PARTITION_BY_COUNTS asks for more than the device's ", Units,
                         " compute units"));
      Plan.Groups.push_back(unitRange(unsigned(Total) - unsigned(Count), unsigned(Count)));
      Plan.Type.push_back(Count);
    }
    if (Plan.Groups.empty())
      return Error(CL_INVALID_VALUE, "CL_DEVICE_PARTITION_BY_COUNTS lists no counts");
    if (Properties[I + 1] != 0)
      return Error(CL_INVALID_VALUE, cat("property ", hex(Properties[I + 1]),
                                         " after CL_DEVICE_PARTITION_BY_COUNTS_LIST_END"));
    Plan.Type.insert(Plan.Type.end(), {CL_DEVICE_PARTITION_BY_COUNTS_LIST_END, 0});
    break;
  }
  case CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN: {
    const cl_device_affinity_domain Asked = cl_device_affinity_domain(Properties[1]);
    const cl_device_affinity_domain Supported = Units > 1 ? Dev.affinityDomains() : 0;
    const bool Next = Asked == CL_DEVICE_AFFINITY_DOMAIN_NEXT_PARTITIONABLE;
    if (!(Next && Supported) && (std::popcount(Asked) != 1 || !(Asked & Supported)))
      return Error(CL_INVALID_VALUE, cat("affinity domain ", hex(Asked), " is not supported (",
                                         hex(Supported), " are)"));
    if (Properties[2] != 0)
      return Error(CL_INVALID_VALUE, cat("property ", hex(Properties[2]),
                                         " after CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN's domain"));
    // NEXT_PARTITIONABLE: "the first level along which the device or sub-device may be further
    // subdivided in the order NUMA, L4, L3, L2, L1".
    for (cl_device_affinity_domain Domain : AffinityOrder)
      if ((Next ? Supported : Asked) & Domain) {
        Plan.Groups = Dev.unitsByDomain(Domain);
        Plan.Type = {CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN, cl_device_partition_property(Domain), 0};
        if (Plan.Groups.size() > 1)
          break;
      }
    break;
  }
  default:
    return Error(CL_INVALID_VALUE, cat("partition scheme ", hex(Properties[0]), " is not known"));
  }
  // "CL_DEVICE_PARTITION_FAILED if the partition name is supported by the implementation but
  // in_device could not be further partitioned": a single sub-device of every compute unit would
  // be the device itself.
  if (Plan.Groups.empty() || (Plan.Groups.size() == 1 && Plan.Groups[0].size() == Units))
    return Error(CL_DEVICE_PARTITION_FAILED,
                 cat("partition scheme ", hex(Properties[0]), " leaves the device's ", Units,
                     " compute units in one sub-device"));
  return Plan;
}

/// clRetainDevice (Change +1) and clReleaseDevice (-1): a sub-device's API count changes; "the
/// reference count of a root-level device is not changed".
Status countDevice(cl_device_id Handle, int Change) {
  auto D = toObject<Device>(Handle);
  if (!D)
    return D.takeError();
  if (!(*D)->parent())
    return Status::ok();
  if (Change > 0)
    (*D)->retainApi();
  else
    (*D)->releaseApi();
  return Status::ok();
}

} // namespace

cl_int CL_API_CALL clGetDeviceIDs(cl_platform_id PlatformHandle, cl_device_type DeviceType,
                                  cl_uint NumEntries, cl_device_id *Devices,
                                  cl_uint *NumDevices) {
  return call(__func__, [&]() -> Status {
    // "CL_INVALID_PLATFORM if platform is not a valid platform."
    auto P = toPlatformOrDefault(PlatformHandle);
    if (!P)
      return P.takeError();
    // "CL_INVALID_DEVICE_TYPE if device_type is not a valid value."
    if (DeviceType != CL_DEVICE_TYPE_ALL && (DeviceType == 0 || (DeviceType & ~KnownDeviceTypes)))
      return Error(CL_INVALID_DEVICE_TYPE, cat("device_type ", hex(DeviceType), " is not valid"));
    // "CL_INVALID_VALUE if num_entries is equal to zero and devices is not NULL or if both
    // num_devices and devices are NULL."
    if (NumEntries == 0 && Devices)
      return Error(CL_INVALID_VALUE, "num_entries is 0 but devices is not NULL");
    if (!NumDevices && !Devices)
      return Error(CL_INVALID_VALUE, "num_devices and devices are both NULL");

    std::vector<Device *> Matching;
    for (Device *D : (*P)->devices()) {
      // Every Weft device is a CPU; the first one is the default device.
      bool IsDefault = D == (*P)->devices().front();
      if (DeviceType == CL_DEVICE_TYPE_ALL || (DeviceType & CL_DEVICE_TYPE_CPU) ||
          ((DeviceType & CL_DEVICE_TYPE_DEFAULT) && IsDefault))
        Matching.push_back(D);
    }
    // "CL_DEVICE_NOT_FOUND if no OpenCL devices that matched device_type were found."
    if (Matching.empty())
      return Error(CL_DEVICE_NOT_FOUND, cat("no device of type ", hex(DeviceType)));
    if (Devices)
      for (size_t I = 0; I < std::min<size_t>(NumEntries, Matching.size()); ++I)
        Devices[I] = toHandle(Matching[I]);
    if (NumDevices)
      *NumDevices = cl_uint(Matching.size());
    return Status::ok();
  });
}

cl_int CL_API_CALL clGetDeviceInfo(cl_device_id DeviceHandle, cl_device_info ParamName,
                                   size_t ParamValueSize, void *ParamValue,
                                   size_t *ParamValueSizeRet) {
  return call(__func__, [&]() -> Status {
    auto D = toObject<Device>(DeviceHandle);
    if (!D)
      return D.takeError();
    InfoWriter Out(ParamName, ParamValueSize, ParamValue, ParamValueSizeRet);
    return deviceInfo(**D, ParamName, Out);
  });
}

cl_int CL_API_CALL clCreateSubDevices(cl_device_id InDevice,
                                      const cl_device_partition_property *Properties,
                                      cl_uint NumDevices, cl_device_id *OutDevices,
                                      cl_uint *NumDevicesRet) {
  return call(__func__, [&]() -> Status {
    // "CL_INVALID_DEVICE if in_device is not a valid device."
    auto D = toObject<Device>(InDevice);
    if (!D)
      return D.takeError();
    auto Plan = planPartition(**D, Properties);
    if (!Plan)
      return Plan.takeError();
    auto &[Groups, Type] = *Plan;
    // "CL_INVALID_VALUE if out_devices is not NULL and num_devices is less than the number of
    // sub-devices created by the partition scheme."
    if (OutDevices && NumDevices < Groups.size())
      return Error(CL_INVALID_VALUE, cat("num_devices is ", NumDevices, " but the partition makes ",
                                         Groups.size(), " sub-devices"));
    if (OutDevices) {
      std::vector<Ref<Device>> Made; // released again if a later one fails
      for (const std::vector<unsigned> &Units : Groups)
        Made.push_back(Ref<Device>::adopt((*D)->createSubDevice(Units, Type)));
      for (size_t I = 0; I < Made.size(); ++I)
        OutDevices[I] = toHandle(Made[I].leak());
    }
    if (NumDevicesRet)
      *NumDevicesRet = cl_uint(Groups.size());
    return Status::ok();
  });
}

cl_int CL_API_CALL clRetainDevice(cl_device_id DeviceHandle) {
  return call(__func__, [&] { return countDevice(DeviceHandle, +1); });
}

cl_int CL_API_CALL clReleaseDevice(cl_device_id DeviceHandle) {
  return call(__func__, [&] { return countDevice(DeviceHandle, -1); });
}

cl_int CL_API_CALL clGetDeviceAndHostTimer(cl_device_id DeviceHandle, cl_ulong *DeviceTimestamp,
                                           cl_ulong *HostTimestamp) {
  return call(__func__, [&]() -> Status {
    auto D = toObject<Device>(DeviceHandle);
    if (!D)
      return D.takeError();
    // "CL_INVALID_VALUE if host_timestamp or device_timestamp is NULL."
    if (!DeviceTimestamp || !HostTimestamp)
      return Error(CL_INVALID_VALUE, "host_timestamp or device_timestamp is NULL");
    // A CPU device's timer is the host timer.
    *HostTimestamp = *DeviceTimestamp = hostTimeNs();
    return Status::ok();
  });
}

cl_int CL_API_CALL clGetHostTimer(cl_device_id DeviceHandle, cl_ulong *HostTimestamp) {
  return call(__func__, [&]() -> Status {
    auto D = toObject<Device>(DeviceHandle);
    if (!D)
      return D.takeError();
    // "CL_INVALID_VALUE if host_timestamp is NULL."
    if (!HostTimestamp)
      return Error(CL_INVALID_VALUE, "host_timestamp is NULL");
    *HostTimestamp = hostTimeNs();
    return Status::ok();
  });
}

} // namespace weft::api
