// The facade between the runtime and libweft-compiler.so: plain data in and out, no LLVM types.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace weft::compiler {

/// Bumped whenever this interface changes, so that a stale libweft-compiler.so is refused.
inline constexpr int AbiVersion = 2;

/// The entry point libweft-compiler.so exports: `extern "C" Compiler *weftCompilerCreate(int)`.
/// It returns null if AbiVersion does not match the library's.
inline constexpr const char *EntrySymbol = "weftCompilerCreate";

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
};

struct KernelInfo {
  std::string Name;
  std::vector<KernelArg> Args;
  std::array<uint64_t, 3> RequiredWorkGroupSize{}; ///< all 0 if not given
  std::string Attributes;                          ///< CL_KERNEL_ATTRIBUTES
};

struct CompileInput {
  std::string Source;
  std::string Options; ///< as the application passed them to clBuildProgram/clCompileProgram
  /// clCompileProgram's input_headers, by header_include_names.
  std::vector<std::pair<std::string, std::string>> Headers;
  DeviceTarget Target;
};

struct CompileOutput {
  enum class Status { Success, InvalidOptions, Failure } Result = Status::Failure;
  std::string Log;                ///< the build log: Clang's diagnostics, or why the options are bad
  std::string Bitcode;            ///< the module, when Result is Success
  std::vector<KernelInfo> Kernels;
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
};

using CreateFn = Compiler *(*)(int AbiVersion);

} // namespace weft::compiler
