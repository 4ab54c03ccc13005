// The facade between the runtime and libweft-compiler.so: plain data in and out, no LLVM types.
#pragma once

#include "contracts/WorkGroupAbi.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace weft::compiler {

/// Bumped whenever this interface changes, so that a stale libweft-compiler.so is refused.
inline constexpr int AbiVersion = 28;

/// The entry point libweft-compiler.so exports: `extern "C" Compiler *weftCompilerCreate(int)`.
/// It returns null if AbiVersion does not match the library's.
inline constexpr const char *EntrySymbol = "weftCompilerCreate";

/// The checks of checking mode (docs/checking.md), as -weft-check=<list> and WEFT_CHECK name them.
enum Check : unsigned {
  CheckBounds = 1,        ///< "bounds"
  CheckBarriers = 2,      ///< "barriers"
  CheckCopies = 4,        ///< "copies"
  CheckUninitialized = 8, ///< "uninitialized": reads of __local bytes nothing wrote
  CheckAll = 15,          ///< "all": the checks above
  /// "races": __local bytes two work-items access between barriers. Not part of "all": kernels
  /// working in local memory run many times slower with it (docs/checking.md).
  CheckRaces = 16,
};
inline constexpr const char *CheckNames = "bounds, barriers, copies, uninitialized, races, all";

/// The checks a comma list names (CheckAll for "all"); 0 if a name is unknown or empty.
inline unsigned parseChecks(std::string_view List) {
  unsigned Checks = 0;
  for (size_t Start = 0; Start <= List.size();) {
    const size_t End = std::min(List.find(',', Start), List.size());
    const std::string_view Name = List.substr(Start, End - Start);
    const unsigned One = Name == "bounds"          ? unsigned(CheckBounds)
                         : Name == "barriers"      ? CheckBarriers
                         : Name == "copies"        ? CheckCopies
                         : Name == "uninitialized" ? CheckUninitialized
                         : Name == "races"         ? CheckRaces
                         : Name == "all"           ? CheckAll
                                                   : 0u;
    if (!One)
      return 0;
    Checks |= One;
    Start = End + 1;
  }
  return Checks;
}

/// What a device offers the OpenCL C compiler.
struct DeviceTarget {
  std::vector<std::string> Extensions; ///< cl_khr_* names, as the device reports them
  std::vector<std::string> Features;   ///< __opencl_c_* names, as the device reports them
};

/// One kernel argument as the OpenCL C source declares it (clGetKernelArgInfo).
struct KernelArg {
  enum class AddressSpace : uint8_t { Private, Global, Constant, Local };
  AddressSpace Space = AddressSpace::Private;
  std::string AccessQualifier = "none"; ///< "read_only", "write_only", "read_write", "none"
  std::string TypeName;                 ///< e.g. "float4*"
  std::string TypeQualifiers;           ///< e.g. "const restrict"
  std::string Name;                     ///< empty unless built with -cl-kernel-arg-info
  bool IsPointer = false;
  /// An image (image1d_t ... image3d_t, image2d_depth_t, ...): the argument buffer holds a
  /// pointer to its WeftImage (contracts/ImageAbi.h); Space is Global, IsPointer false,
  /// AccessQualifier its access.
  bool IsImage = false;
  /// A sampler_t: the argument buffer holds its mode bits (contracts/ImageAbi.h).
  bool IsSampler = false;
};

/// The sub-group sizes a kernel may require (intel_reqd_sub_group_size; another fails its build),
/// which CL_DEVICE_SUB_GROUP_SIZES_INTEL lists. The smallest is the least any kernel has.
inline constexpr size_t SubGroupSizes[] = {8, 16, 32};

struct KernelInfo {
  std::string Name;
  std::vector<KernelArg> Args;
  std::array<uint64_t, 3> RequiredWorkGroupSize{}; ///< all 0 if not given
  std::string Attributes;                          ///< CL_KERNEL_ATTRIBUTES
  /// Work-groups must divide the global size (OpenCL C 1.x, or -cl-uniform-work-group-size).
  bool UniformWorkGroupSize = true;
  /// The kernel's sub-groups: this many work-items of consecutive local linear ids each, the
  /// last one of a work-group possibly fewer (intel_reqd_sub_group_size, else the compiler's
  /// default for the host).
  uint32_t SubGroupSize = 8;
  uint32_t RequiredSubGroupSize = 0; ///< intel_reqd_sub_group_size, or 0
};

struct CompileInput {
  std::string Source; ///< OpenCL C, or the bytes of a SPIR-V module if Spirv is set
  bool Spirv = false; ///< a program from clCreateProgramWithIL
  /// SPIR-V: the values clSetProgramSpecializationConstant set, by SpecId (the value's bytes,
  /// little-endian, in the low bytes).
  std::vector<std::pair<uint32_t, uint64_t>> SpecConstants;
  std::string Options; ///< as the application passed them to clBuildProgram/clCompileProgram
  /// clCompileProgram's input_headers, by header_include_names.
  std::vector<std::pair<std::string, std::string>> Headers;
  DeviceTarget Target;
};

struct CompileOutput {
  /// InvalidBinary: a program binary's module that does not read or verify (clBuildProgram's
  /// CL_INVALID_BINARY).
  enum class Status { Success, InvalidOptions, InvalidBinary, Failure } Result = Status::Failure;
  std::string Log;                ///< the build log: Clang's diagnostics, or why the options are bad
  std::string Bitcode;            ///< the module, when Result is Success
  std::vector<KernelInfo> Kernels;
};

/// Where a kernel argument's value goes in the argument buffer a work-group function reads.
struct ArgSlot {
  uint32_t Offset = 0;
  uint32_t Size = 0; ///< bytes the value occupies (clSetKernelArg's arg_size for by-value args)
};

/// A kernel ready to run: its description, its work-group function, and how to call it.
struct KernelBinary {
  KernelInfo Info;
  abi::WorkGroupFn Run = nullptr;
  std::vector<ArgSlot> Args;
  uint32_t ArgBufferSize = 0;
  uint64_t StaticLocalBytes = 0; ///< kernel-scope __local variables, at the start of local memory
  /// Local memory Weft uses after the __local variables (values of kernels with barriers that
  /// are the same in every work-item); not part of CL_DEVICE_LOCAL_MEM_SIZE's budget.
  uint64_t LocalScratchBytes = 0;
  /// Kernels with barriers: bytes of WorkGroupContext::PrivateMemory each work-item needs.
  uint64_t PrivateBytesPerWorkItem = 0;
  /// Bytes of WorkGroupContext::FrameMemory a running work-group needs: its private variables
  /// too large for a worker's stack (weft-private-frame).
  uint64_t FrameBytes = 0;
  /// The most work-items a work-group of this kernel may have, or 0 for the device's limit:
  /// kernels that exchange values between a sub-group's work-items keep per-work-item state
  /// for it on the worker's stack (abi::MaxSubGroupKernelItems).
  uint64_t MaxWorkGroupItems = 0;
};

/// Compiled, loaded code; the functions stay valid while the Executable lives.
/// A function of a program's native code, where it was loaded.
struct CodeSymbol {
  const void *Address;
  uint64_t Size;
  std::string Name;
};

class Executable {
public:
  virtual ~Executable() = default;
  virtual const std::vector<KernelBinary> &kernels() const = 0;
  /// The kernel named Name, or null: clCreateKernel's look-up, by hash.
  virtual const KernelBinary *kernel(std::string_view Name) const = 0;
  /// Bytes of the program's variables in the global address space (program scope, and static
  /// variables in functions): CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE. Each Executable has
  /// its own copy of them.
  virtual uint64_t globalVariableBytes() const = 0;
  /// Every function of the loaded code (work-group functions, and what was not inlined into
  /// them): what WEFT_PERF_MAP writes for profilers.
  virtual const std::vector<CodeSymbol> &functions() const = 0;
};

struct BuildOutput {
  CompileOutput::Status Result = CompileOutput::Status::Failure;
  std::string Log;
  std::shared_ptr<Executable> Program; ///< an executable, unless a library was asked for
  /// The linked program module (without the built-ins) as bitcode: the library itself with
  /// -create-library, and what a program binary keeps so the executable can be rebuilt.
  std::string Bitcode;
  std::vector<std::string> Objects; ///< the executable's native objects (what the disk cache keeps)
  bool FromCache = false;
  std::string Trace; ///< what the cache did, for WEFT_DEBUG=build
};

class Compiler {
public:
  virtual ~Compiler() = default;
  /// The LLVM version the compiler was built against, e.g. "15.0.6".
  virtual std::string llvmVersion() const = 0;
  /// The Clang version string, e.g. "Debian clang version 15.0.6".
  virtual std::string clangVersion() const = 0;
  /// Compiles OpenCL C to a module. Thread-safe.
  virtual CompileOutput compile(const CompileInput &In) = 0;
  /// Links compiled modules (CompileOutput::Bitcode) into native code, or into a library with
  /// -create-library. Options are clBuildProgram's options, or clLinkProgram's when LinkOptions is
  /// set (then an unknown option is InvalidOptions: CL_INVALID_LINKER_OPTIONS). A module whose
  /// FromOutside entry is set came from outside the application (a program binary's): it is read
  /// in a process of its own first (rewriteBitcodeApart), since LLVM's reader is not hardened
  /// against damaged or crafted bitcode. Thread-safe.
  virtual BuildOutput link(const std::vector<std::string> &Bitcodes, const std::string &Options,
                           bool LinkOptions, const std::vector<bool> &FromOutside = {}) = 0;
  /// compile() and link() for clBuildProgram, through the disk cache in CacheDirectory (none if
  /// empty). Thread-safe; concurrent builds of one program in several processes are safe.
  virtual BuildOutput build(const CompileInput &In, const std::string &CacheDirectory) = 0;
  /// link() of a program binary's module (BuildOutput::Bitcode, from outside) for clBuildProgram,
  /// through the disk cache in CacheDirectory (none if empty): a build from a binary that this
  /// machine built before, from source or from the same binary, loads the native code instead of
  /// optimising and generating it again (PyOpenCL, for one, rebuilds each program from its own
  /// cache of binaries), without reading the module. Thread-safe.
  virtual BuildOutput buildBinary(const std::string &Bitcode, const std::string &Options,
                                  const std::string &CacheDirectory) = 0;
  /// Passes Options (WEFT_LLVM_OPTIONS: LLVM command-line options such as -time-passes or
  /// -pass-remarks-missed=loop-vectorize, separated by spaces) to LLVM's option parser. Call it
  /// once, before any build. Empty if they parsed, else LLVM's complaint.
  virtual std::string setLlvmOptions(const std::string &Options) = 0;
};

using CreateFn = Compiler *(*)(int AbiVersion);

} // namespace weft::compiler
