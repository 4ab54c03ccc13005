// Programs: source, build options and log, build status, and the built executable.
#pragma once

#include "contracts/Compiler.h"
#include "program-store/ProgramBinary.h"
#include "runtime/core/Context.h"

#include <CL/cl.h>

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace weft {

class Program : public Object {
public:
  /// A program from source (clCreateProgramWithSource).
  Program(Context &C, std::string Source);
  /// A program made by clLinkProgram: no source; linkFrom() fills it.
  explicit Program(Context &C);
  /// A program from a Weft binary (clCreateProgramWithBinary); clBuildProgram links it.
  Program(Context &C, store::ProgramBinary Binary);
  /// A program from a SPIR-V module (clCreateProgramWithIL); it builds and compiles as source
  /// does.
  struct Il {
    std::string Bytes;
  };
  Program(Context &C, Il Module);

  enum class Origin { Source, Binary, Link, Il };
  Origin origin() const { return From; }
  /// The program's binary (an empty string while it has none).
  std::string binary() const;

  Context &context() const { return *Ctx; }
  /// The OpenCL C source, or the SPIR-V module's bytes (origin() says which).
  const std::string &source() const { return Source; }

  /// The build's state, read consistently.
  struct BuildState {
    cl_build_status Status = CL_BUILD_NONE;
    std::string Options; ///< as the application gave them (CL_PROGRAM_BUILD_OPTIONS)
    /// What the compiler got: Options, and -weft-check=... when WEFT_CHECK asks for checks.
    std::string CompilerOptions;
    unsigned Checks = 0; ///< the checks it was built with (compiler::Check; -weft-check)
    std::string Log;
    cl_program_binary_type BinaryType = CL_PROGRAM_BINARY_TYPE_NONE;
    bool KernelArgInfo = false;
    std::shared_ptr<compiler::Executable> Executable;
    std::string Bitcode; ///< a compiled object or a library (CL_PROGRAM_BINARY_TYPE says which)
    /// Bitcode is a program binary's, from outside the application, not Weft's own output: the
    /// compiler reads it in a process of its own (compiler::Compiler::link).
    bool BitcodeFromOutside = false;
    /// An executable's native objects, for its program binary (program-store/ProgramBinary.h).
    std::shared_ptr<const std::vector<std::string>> Objects;
  };
  BuildState build() const;
  /// The built executable (null if none), and whether it keeps its kernels' argument names: what
  /// creating a kernel and clGetKernelArgInfo need, without copying the build's log and bitcode
  /// as build() does (a large program's bitcode made every clCreateKernel slow).
  std::shared_ptr<compiler::Executable> executable() const;
  bool keepsKernelArgInfo() const;
  /// The checks the executable was built with (compiler::Check bits; any: its kernels read
  /// WorkGroupContext::ArgExtents and CheckSlots).
  unsigned checks() const;

  /// Compiles and links the source with Options (clBuildProgram). CL_INVALID_OPERATION if a build
  /// is running or kernels exist; CL_INVALID_BUILD_OPTIONS, CL_COMPILER_NOT_AVAILABLE or
  /// CL_BUILD_PROGRAM_FAILURE (with the log kept) otherwise.
  Status buildFromSource(const std::string &Options);

  /// Builds a program created from a binary: loads the binary's native code when it was built by
  /// this Weft for this CPU with the same options, else links its bitcode (no front end).
  Status buildFromBinary(const std::string &Options);

  /// Compiles the source with Options and the named headers (clCompileProgram): a compiled
  /// object. CL_INVALID_COMPILER_OPTIONS or CL_COMPILE_PROGRAM_FAILURE on failure.
  Status compileSource(const std::string &Options,
                       std::vector<std::pair<std::string, std::string>> Headers);

  /// Links compiled objects and libraries into this (new) program (clLinkProgram): an executable,
  /// or a library with -create-library. CL_INVALID_LINKER_OPTIONS or CL_LINK_PROGRAM_FAILURE.
  Status linkFrom(const std::vector<Program *> &Inputs, const std::string &Options);

  /// SPIR-V programs: sets specialization constant SpecId to Size bytes at Value for the next
  /// build. CL_INVALID_SPEC_ID if the module has no such constant, CL_INVALID_VALUE if Size is
  /// not the constant's (a boolean takes a cl_uchar).
  Status setSpecConstant(uint32_t SpecId, size_t Size, const void *Value);
  std::map<uint32_t, uint64_t> specConstants() const;

  /// Whether clBuildProgram and clCompileProgram compile the program (OpenCL C or SPIR-V).
  bool hasSource() const { return From == Origin::Source || From == Origin::Il; }


  /// Kernels created from this program: while any exists, it may not be rebuilt.
  void kernelCreated() { LiveKernels.fetch_add(1); }
  void kernelDestroyed() { LiveKernels.fetch_sub(1); }

private:
  /// Runs one build step (Step fills the next state) with the checks every step shares.
  template <class F> Status runBuild(const std::string &Options, F &&Step);

  Ref<Context> Ctx;
  std::string Source;
  /// A program from a binary: the binary's native code and its key (program-store/ProgramBinary.h).
  std::string BinaryNative, BinaryNativeKey;
  Origin From = Origin::Source;
  /// clSetProgramSpecializationConstant's values, by SpecId (guarded by Lock).
  std::map<uint32_t, uint64_t> SpecConstants;
  mutable std::mutex Lock;
  BuildState State;
  bool Building = false;
  std::atomic<int> LiveKernels{0};
};

} // namespace weft
