// The one table of what Weft reports: extensions (with their scope) and OpenCL C versions/features.
#pragma once

#include <CL/cl.h>

#include <cstddef>
#include <cstdint>
#include <span>

namespace weft {

enum class ExtensionScope {
  Platform, ///< a platform extension only (cl_khr_icd)
  Device,   ///< a device extension; the platform lists it too, since every Weft device has it
};

struct Extension {
  const char *Name;
  cl_version Version;
  ExtensionScope Scope;
  bool InOpenCLC = false; ///< an OpenCL C extension: the compiler enables it for kernels
};

/// Every extension Weft reports. Grow it only together with the tests of what it promises.
inline constexpr Extension Extensions[] = {
    {"cl_khr_icd", CL_MAKE_VERSION(1, 0, 0), ExtensionScope::Platform},
    {"cl_khr_extended_versioning", CL_MAKE_VERSION(1, 0, 0), ExtensionScope::Device},
    {"cl_khr_device_uuid", CL_MAKE_VERSION(1, 0, 0), ExtensionScope::Device},
    // Required of OpenCL 1.1+ devices; the atomics are in builtins/src/atomics.cl, tested by
    // tests/builtins/LibraryTest.cpp (EveryInt32AtomicOnGlobalAndLocalMemory).
    {"cl_khr_byte_addressable_store", CL_MAKE_VERSION(1, 0, 0), ExtensionScope::Device, true},
    {"cl_khr_global_int32_base_atomics", CL_MAKE_VERSION(1, 0, 0), ExtensionScope::Device, true},
    {"cl_khr_global_int32_extended_atomics", CL_MAKE_VERSION(1, 0, 0), ExtensionScope::Device, true},
    {"cl_khr_local_int32_base_atomics", CL_MAKE_VERSION(1, 0, 0), ExtensionScope::Device, true},
    {"cl_khr_local_int32_extended_atomics", CL_MAKE_VERSION(1, 0, 0), ExtensionScope::Device, true},
    // atom_* on long and ulong (builtins/src/atomics.cl), and the atomic_long, atomic_ulong and
    // atomic_double types of OpenCL C 3.0's atomics; tests/builtins/AtomicsTest.cpp.
    {"cl_khr_int64_base_atomics", CL_MAKE_VERSION(1, 0, 0), ExtensionScope::Device, true},
    {"cl_khr_int64_extended_atomics", CL_MAKE_VERSION(1, 0, 0), ExtensionScope::Device, true},
    // builtins/src/async.cl and device-cpu/AsyncCopy.cpp; tests/builtins/AsyncCopyTest.cpp.
    {"cl_khr_extended_async_copies", CL_MAKE_VERSION(1, 0, 0), ExtensionScope::Device, true},
    {"cl_khr_async_work_group_copy_fence", CL_MAKE_VERSION(1, 0, 0), ExtensionScope::Device, true},
    // double: the built-ins of every family for double (builtins/src/*.inc, instantiated for float
    // and double); tests/builtins/ (MathTest.cpp, BuiltinFamiliesTest.cpp, LibraryTest.cpp).
    {"cl_khr_fp64", CL_MAKE_VERSION(1, 0, 0), ExtensionScope::Device, true},
    // half: arithmetic computed in float and rounded once (exact for +, -, *, / and sqrt), and the
    // built-ins of every family for half (builtins/src/half.cl, on float's; conversions from
    // gen/conversions.py); tests/builtins/HalfTest.cpp.
    {"cl_khr_fp16", CL_MAKE_VERSION(1, 0, 0), ExtensionScope::Device, true},
    // dot and dot_acc_sat on char4/uchar4 and on four bytes packed in a uint (version 2.0.0: both
    // inputs mandatory), bitfield_insert, bitfield_extract_signed/_unsigned and bit_reverse on
    // every integer type (builtins/src/integer.cl); tests/builtins/BuiltinFamiliesTest.cpp and, through
    // SPIR-V (SPV_KHR_integer_dot_product, SPV_KHR_bit_instructions), tests/api/SpirvTest.cpp.
    {"cl_khr_integer_dot_product", CL_MAKE_VERSION(2, 0, 0), ExtensionScope::Device, true},
    {"cl_khr_extended_bit_ops", CL_MAKE_VERSION(1, 0, 0), ExtensionScope::Device, true},
    // atomic_fetch_add/sub/min/max on atomic_float and atomic_double, in global and local memory
    // (builtins/src/c11_atomics.cl); tests/builtins/AtomicsTest.cpp.
    {"cl_ext_float_atomics", CL_MAKE_VERSION(1, 0, 0), ExtensionScope::Device, true},
    // Images (builtins/src/images.cl, runtime/api/Image.cpp): write_imagef/i/ui on 3D images,
    // the CL_DEPTH order with image2d_depth_t and image2d_array_depth_t, 2D images over buffers
    // (CL_DEVICE_IMAGE_PITCH_ALIGNMENT ...), write_imagef to sRGB images; tests/api/ImageTest.cpp,
    // tests/compiler/ImageTest.cpp, tests/api/ImageKernelTest.cpp.
    {"cl_khr_3d_image_writes", CL_MAKE_VERSION(1, 0, 0), ExtensionScope::Device, true},
    {"cl_khr_depth_images", CL_MAKE_VERSION(1, 0, 0), ExtensionScope::Device, true},
    {"cl_khr_image2d_from_buffer", CL_MAKE_VERSION(1, 0, 0), ExtensionScope::Device},
    {"cl_khr_srgb_image_writes", CL_MAKE_VERSION(1, 0, 0), ExtensionScope::Device, true},
    // SPIR-V programs through the Khronos translator (compiler/Spirv.cpp); clCreateProgramWithIL
    // and clCreateProgramWithILKHR; tests/api/SpirvTest.cpp.
    {"cl_khr_il_program", CL_MAKE_VERSION(1, 0, 0), ExtensionScope::Device},
    // clock_read_device/_work_group and their hilo forms: CLOCK_MONOTONIC's nanoseconds, the same
    // clock on every thread of the process (builtins/src/clock.cl; OpReadClockKHR in SPIR-V
    // becomes a call to them); tests/builtins/LibraryTest.cpp and tests/api/SpirvTest.cpp.
    {"cl_khr_kernel_clock", CL_MAKE_VERSION(1, 0, 0), ExtensionScope::Device, true},
    // CL_DEVICE_SPIRV_EXTENDED_INSTRUCTION_SETS_KHR, _EXTENSIONS_KHR and _CAPABILITIES_KHR: what
    // SPIR-V programs may use (runtime/api/Device.cpp); tests/api/SpirvTest.cpp.
    {"cl_khr_spirv_queries", CL_MAKE_VERSION(1, 0, 0), ExtensionScope::Device},
    // clCreateCommandQueueWithPropertiesKHR, the core function under the extension's name;
    // tests/api/QueueTest.cpp.
    {"cl_khr_create_command_queue", CL_MAKE_VERSION(1, 0, 0), ExtensionScope::Device},
    // clGetKernelSuggestedLocalWorkSizeKHR: the local size clEnqueueNDRangeKernel would choose
    // (runtime/core/Kernel.cpp); tests/api/KernelTest.cpp.
    {"cl_khr_suggested_local_work_size", CL_MAKE_VERSION(1, 0, 0), ExtensionScope::Device},
    // OpExpectKHR and OpAssumeTrueKHR in SPIR-V (the translator makes them llvm.expect and
    // llvm.assume); OpenCL C has __builtin_expect and __builtin_assume without it. SpirvTest.cpp.
    {"cl_khr_expect_assume", CL_MAKE_VERSION(1, 0, 0), ExtensionScope::Device},
    // SPIR-V's NoSignedWrap and NoUnsignedWrap decorations (the translator makes them nsw and
    // nuw flags); SpirvTest.cpp.
    {"cl_khr_spirv_no_integer_wrap_decoration", CL_MAKE_VERSION(1, 0, 0), ExtensionScope::Device},
    // The extensions on OpenCL C 3.0's sub-groups (__opencl_c_subgroups below: builtins/src/
    // subgroups.cl, weft-barriers and weft-kernel-entry for the exchanges); intel_reqd_sub_group_size
    // picks 8, 16 or 32 (CL_DEVICE_SUB_GROUP_SIZES_INTEL). tests/builtins/SubGroupTest.cpp,
    // tests/api/KernelTest.cpp. Not cl_khr_subgroups itself: it requires sub-groups that make
    // independent forward progress, and a work-group's work-items run one after another.
    {"cl_khr_subgroup_extended_types", CL_MAKE_VERSION(1, 0, 0), ExtensionScope::Device, true},
    {"cl_khr_subgroup_non_uniform_vote", CL_MAKE_VERSION(1, 0, 0), ExtensionScope::Device, true},
    {"cl_khr_subgroup_ballot", CL_MAKE_VERSION(1, 0, 0), ExtensionScope::Device, true},
    {"cl_khr_subgroup_non_uniform_arithmetic", CL_MAKE_VERSION(1, 0, 0), ExtensionScope::Device, true},
    {"cl_khr_subgroup_shuffle", CL_MAKE_VERSION(1, 0, 0), ExtensionScope::Device, true},
    {"cl_khr_subgroup_shuffle_relative", CL_MAKE_VERSION(1, 0, 0), ExtensionScope::Device, true},
    {"cl_khr_subgroup_clustered_reduce", CL_MAKE_VERSION(1, 0, 0), ExtensionScope::Device, true},
    {"cl_khr_subgroup_rotate", CL_MAKE_VERSION(1, 0, 0), ExtensionScope::Device, true},
    {"cl_intel_required_subgroup_size", CL_MAKE_VERSION(1, 0, 0), ExtensionScope::Device, true},
    // Intel's shuffles (intel_sub_group_shuffle, _down, _up, _xor) and block reads and writes of
    // buffers and 2D images, and the sub-group functions in OpenCL C 1.2 and 2.0 (declared by
    // compiler/Frontend.cpp's header for it).
    {"cl_intel_subgroups", CL_MAKE_VERSION(1, 0, 0), ExtensionScope::Device, true},
};

/// CL_DEVICE_ILS_WITH_VERSION (and CL_DEVICE_IL_VERSION, space-separated as "SPIR-V_1.0"): what
/// the SPIR-V/LLVM translator of LLVM 15 reads, with the SPIR-V 1.4 instructions it lacks or
/// misreads (OpPtrDiff, OpCopyLogical, OpDecorateString...) rewritten before it reads them
/// (compiler/Spirv.cpp). 1.5 and 1.6 it does not read.
inline constexpr cl_version SpirvVersions[] = {CL_MAKE_VERSION(1, 0, 0), CL_MAKE_VERSION(1, 1, 0),
                                               CL_MAKE_VERSION(1, 2, 0), CL_MAKE_VERSION(1, 3, 0), CL_MAKE_VERSION(1, 4, 0)};

struct VersionedName {
  const char *Name;
  cl_version Version;
};

/// CL_DEVICE_OPENCL_C_ALL_VERSIONS. OpenCL C 2.0 is not listed: pipes and device-side enqueue are
/// not offered.
inline constexpr VersionedName OpenCLCVersions[] = {
    {"OpenCL C", CL_MAKE_VERSION(1, 0, 0)},
    {"OpenCL C", CL_MAKE_VERSION(1, 1, 0)},
    {"OpenCL C", CL_MAKE_VERSION(1, 2, 0)},
    {"OpenCL C", CL_MAKE_VERSION(3, 0, 0)},
};

/// CL_DEVICE_OPENCL_C_FEATURES: only what the compiler and the built-in library implement and
/// the tests exercise.
inline constexpr VersionedName OpenCLCFeatureList[] = {
    {"__opencl_c_int64", CL_MAKE_VERSION(3, 0, 0)}, // long and ulong (required of full profile)
    {"__opencl_c_program_scope_global_variables", CL_MAKE_VERSION(3, 0, 0)},
    {"__opencl_c_fp64", CL_MAKE_VERSION(3, 0, 0)}, // with cl_khr_fp64, as the spec requires
    {"__opencl_c_fp16", CL_MAKE_VERSION(3, 0, 0)}, // with cl_khr_fp16, as the spec requires
    // Every memory order and scope of OpenCL C 3.0's atomics and fences (builtins/src/
    // c11_atomics.cl); CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES and _FENCE_ say the same.
    {"__opencl_c_atomic_order_acq_rel", CL_MAKE_VERSION(3, 0, 0)},
    {"__opencl_c_atomic_order_seq_cst", CL_MAKE_VERSION(3, 0, 0)},
    {"__opencl_c_atomic_scope_device", CL_MAKE_VERSION(3, 0, 0)},
    {"__opencl_c_atomic_scope_all_devices", CL_MAKE_VERSION(3, 0, 0)},
    // work_group_all/any/broadcast/reduce/scan (builtins/src/collectives.cl).
    {"__opencl_c_work_group_collective_functions", CL_MAKE_VERSION(3, 0, 0)},
    // Sub-groups of consecutive local linear ids, without independent forward progress
    // (builtins/src/subgroups.cl); clGetKernelSubGroupInfo.
    {"__opencl_c_subgroups", CL_MAKE_VERSION(3, 0, 0)},
    // Unqualified pointers are generic; every built-in taking a pointer has its generic form;
    // to_global/to_local/to_private/get_fence (builtins/src/address_spaces.cl).
    {"__opencl_c_generic_address_space", CL_MAKE_VERSION(3, 0, 0)},
    // cl_khr_integer_dot_product's two inputs; CL_DEVICE_INTEGER_DOT_PRODUCT_CAPABILITIES_KHR says
    // the same.
    {"__opencl_c_integer_dot_product_input_4x8bit", CL_MAKE_VERSION(2, 0, 0)},
    {"__opencl_c_integer_dot_product_input_4x8bit_packed", CL_MAKE_VERSION(2, 0, 0)},
    // cl_ext_float_atomics for half, float and double (builtins/src/c11_atomics.cl);
    // CL_DEVICE_HALF_FP_ATOMIC_CAPABILITIES_EXT, _SINGLE_ and _DOUBLE_ say the same. Half's
    // atomic_half load, store and exchange are features of their own.
    {"__opencl_c_ext_fp16_global_atomic_load_store", CL_MAKE_VERSION(1, 0, 0)},
    {"__opencl_c_ext_fp16_local_atomic_load_store", CL_MAKE_VERSION(1, 0, 0)},
    {"__opencl_c_ext_fp16_global_atomic_add", CL_MAKE_VERSION(1, 0, 0)},
    {"__opencl_c_ext_fp16_local_atomic_add", CL_MAKE_VERSION(1, 0, 0)},
    {"__opencl_c_ext_fp16_global_atomic_min_max", CL_MAKE_VERSION(1, 0, 0)},
    {"__opencl_c_ext_fp16_local_atomic_min_max", CL_MAKE_VERSION(1, 0, 0)},
    {"__opencl_c_ext_fp32_global_atomic_add", CL_MAKE_VERSION(1, 0, 0)},
    {"__opencl_c_ext_fp32_local_atomic_add", CL_MAKE_VERSION(1, 0, 0)},
    {"__opencl_c_ext_fp32_global_atomic_min_max", CL_MAKE_VERSION(1, 0, 0)},
    {"__opencl_c_ext_fp32_local_atomic_min_max", CL_MAKE_VERSION(1, 0, 0)},
    {"__opencl_c_ext_fp64_global_atomic_add", CL_MAKE_VERSION(1, 0, 0)},
    {"__opencl_c_ext_fp64_local_atomic_add", CL_MAKE_VERSION(1, 0, 0)},
    {"__opencl_c_ext_fp64_global_atomic_min_max", CL_MAKE_VERSION(1, 0, 0)},
    {"__opencl_c_ext_fp64_local_atomic_min_max", CL_MAKE_VERSION(1, 0, 0)},
    // Images and samplers of every type, read-write images, 3D image writes (builtins/src/
    // images.cl).
    {"__opencl_c_images", CL_MAKE_VERSION(3, 0, 0)},
    {"__opencl_c_read_write_images", CL_MAKE_VERSION(3, 0, 0)},
    {"__opencl_c_3d_image_writes", CL_MAKE_VERSION(3, 0, 0)},
    // cl_khr_kernel_clock's device, work-group and sub-group clocks (one clock);
    // CL_DEVICE_KERNEL_CLOCK_CAPABILITIES_KHR says the same.
    {"__opencl_c_kernel_clock_scope_device", CL_MAKE_VERSION(1, 0, 0)},
    {"__opencl_c_kernel_clock_scope_work_group", CL_MAKE_VERSION(1, 0, 0)},
    {"__opencl_c_kernel_clock_scope_sub_group", CL_MAKE_VERSION(1, 0, 0)},
};

/// CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE and CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE (the
/// spec's minimum is 64 KiB).
inline constexpr uint64_t MaxGlobalVariableBytes = 64ull << 20;
inline constexpr std::span<const VersionedName> OpenCLCFeatures{OpenCLCFeatureList};

} // namespace weft
