// Programs: building from source through the compiler library.
#include "runtime/core/Program.h"

#include "program-store/CacheEntry.h"
#include "program-store/CacheTrim.h"
#include "program-store/SpirvScan.h"
#include "runtime/core/Capabilities.h"
#include "runtime/core/CompilerLibrary.h"
#include "runtime/core/Config.h"
#include "runtime/core/Trace.h"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <malloc.h>
#include <map>
#include <mutex>

#include <unistd.h>

namespace weft {
namespace {

/// The checks the -weft-check options in Options ask for (compiler::Check bits; the compiler
/// refuses a list with an unknown name, so nothing is built then).
unsigned checksOf(const std::string &Options) {
  unsigned Checks = 0;
  for (size_t At = Options.find("-weft-check"); At != std::string::npos; At = Options.find("-weft-check", At + 1)) {
    const size_t End = std::min(Options.find_first_of(" \t\n", At), Options.size());
    const std::string_view Word = std::string_view(Options).substr(At, End - At);
    if (Word == "-weft-check")
      Checks |= compiler::CheckAll;
    else if (Word.starts_with("-weft-check="))
      Checks |= compiler::parseChecks(Word.substr(12));
  }
  return Checks;
}

} // namespace

Program::Program(Context &C, std::string Source)
    : Object(ObjectType::Program), Ctx(&C), Source(std::move(Source)) {}

Status Program::setSpecConstant(uint32_t SpecId, size_t Size, const void *Value) {
  const std::map<uint32_t, store::SpecConstantType> Types = store::specConstantTypes(Source);
  auto It = Types.find(SpecId);
  // "CL_INVALID_SPEC_ID if spec_id is not a valid specialization constant identifier";
  // "CL_INVALID_VALUE if spec_size does not match the size of the specialization constant in
  // the module, or if spec_value is NULL."
  if (It == Types.end())
    return Error(CL_INVALID_SPEC_ID, cat("the module has no specialization constant ", SpecId));
  if (Size != It->second.Size || !Value)
    return Error(CL_INVALID_VALUE, cat("specialization constant ", SpecId, " takes ", It->second.Size,
                                       " bytes; spec_size is ", Size, Value ? "" : " and spec_value NULL"));
  uint64_t Bits = 0;
  std::memcpy(&Bits, Value, Size);
  if (It->second.Boolean) // any non-zero cl_uchar is true
    Bits = Bits != 0;
  std::lock_guard Guard(Lock);
  SpecConstants[SpecId] = Bits;
  return Status::ok();
}

std::map<uint32_t, uint64_t> Program::specConstants() const {
  std::lock_guard Guard(Lock);
  return SpecConstants;
}

Program::BuildState Program::build() const {
  std::lock_guard Guard(Lock);
  return State;
}

std::shared_ptr<compiler::Executable> Program::executable() const {
  std::lock_guard Guard(Lock);
  return State.Executable;
}

bool Program::keepsKernelArgInfo() const {
  std::lock_guard Guard(Lock);
  return State.KernelArgInfo;
}

unsigned Program::checks() const {
  std::lock_guard Guard(Lock);
  return State.Checks;
}

Program::Program(Context &C) : Object(ObjectType::Program), Ctx(&C), From(Origin::Link) {}

Program::Program(Context &C, Il Module)
    : Object(ObjectType::Program), Ctx(&C), Source(std::move(Module.Bytes)), From(Origin::Il) {}

Program::Program(Context &C, store::ProgramBinary Binary)
    : Object(ObjectType::Program), Ctx(&C), From(Origin::Binary) {
  State.BinaryType = Binary.Type;
  State.Options = std::move(Binary.Options);
  State.Bitcode = std::move(Binary.Bitcode);
  State.BitcodeFromOutside = true;
  BinaryNative = std::move(Binary.Native);
  BinaryNativeKey = std::move(Binary.NativeKey);
}

std::string Program::binary() const {
  BuildState S = build();
  if (S.BinaryType == CL_PROGRAM_BINARY_TYPE_NONE || S.Bitcode.empty())
    return {};
  store::ProgramBinary B{S.BinaryType, S.Options, S.Bitcode, {}, {}};
  // An executable carries its native code, which a build of the binary by this Weft on this CPU
  // loads instead of compiling (a binary moved elsewhere still has its bitcode).
  if (S.BinaryType == CL_PROGRAM_BINARY_TYPE_EXECUTABLE && S.Executable && S.Objects) {
    B.Native = store::encodeBuild({S.Log, {}, *S.Objects, S.Executable->kernels(),
                                      S.Executable->globalVariableBytes()});
    B.NativeKey = store::nativeKey(S.Bitcode, S.CompilerOptions, compilerLibraryPath());
  }
  return store::encodeBinary(B);
}

template <class F> Status Program::runBuild(const std::string &Options, F &&Step) {
  {
    std::lock_guard Guard(Lock);
    // "CL_INVALID_OPERATION if the build of a program executable for any of the devices listed
    // in device_list by a previous call to clBuildProgram for program has not completed" or "if
    // there are kernel objects attached to program".
    if (Building)
      return Error(CL_INVALID_OPERATION, "a build of this program is still running");
    if (LiveKernels.load() > 0)
      return Error(CL_INVALID_OPERATION, "kernels created from this program still exist");
    Building = true;
    State.Status = CL_BUILD_IN_PROGRESS;
  }
  BuildState Next;
  Next.Options = Options;
  // WEFT_CHECK: every build checked, as if the application had asked (a build of its own in the
  // disk cache, and native code in a program binary that builds without the checks do not load).
  Next.CompilerOptions = config().Checks.empty() ? Options : Options + " -weft-check=" + config().Checks;
  Next.Checks = checksOf(Next.CompilerOptions);
  if (Next.Checks)
    Ctx->noteChecks();
  Next.KernelArgInfo = Options.find("-cl-kernel-arg-info") != std::string::npos;
  Status Result = Step(Next);
  std::lock_guard Guard(Lock);
  Building = false;
  if (Result) {
    Next.Status = CL_BUILD_SUCCESS;
  } else {
    // Invalid options leave no build behind; anything else is a failed build with its log.
    cl_int Code = Result.error().code();
    bool BadOptions = Code == CL_INVALID_BUILD_OPTIONS || Code == CL_INVALID_COMPILER_OPTIONS ||
                      Code == CL_INVALID_LINKER_OPTIONS;
    Next.Status = BadOptions ? CL_BUILD_NONE : CL_BUILD_ERROR;
    Next.BinaryType = CL_PROGRAM_BINARY_TYPE_NONE;
  }
  State = std::move(Next);
  return Result;
}

namespace {

compiler::CompileInput compileInput(const std::string &Source, bool Spirv,
                                    const std::string &Options,
                                    const std::map<uint32_t, uint64_t> &SpecConstants) {
  compiler::CompileInput In;
  In.Source = Source;
  In.Spirv = Spirv;
  In.SpecConstants.assign(SpecConstants.begin(), SpecConstants.end());
  In.Options = Options;
  for (const VersionedName &F : OpenCLCFeatures)
    In.Target.Features.push_back(F.Name);
  for (const Extension &E : Extensions)
    if (E.InOpenCLC)
      In.Target.Extensions.push_back(E.Name);
  return In;
}

/// WEFT_DEBUG=build: what a build did with the disk cache; on the timeline too.
void traceBuild(const std::string &Trace) {
  if (config().debug(DebugBuild) && !Trace.empty())
    std::fprintf(stderr, "weft: build: %s\n", Trace.c_str());
  if (trace::on() && !Trace.empty())
    trace::instant("build", Trace.starts_with("cache hit") || Trace.find(" hit ") != std::string::npos
                                ? "build: cache hit"
                                : "build",
                   "\"what\": " + trace::quoted(Trace));
}

/// A build of In from the disk cache, found through its manifest without opening the compiler
/// library, which costs more than the rest of a cache hit (program-store/CacheEntry.h).
std::optional<compiler::BuildOutput> findCachedBuild(const compiler::CompileInput &In) {
  const std::string &Cache = config().CacheDir;
  if (Cache.empty())
    return std::nullopt;
  auto Start = std::chrono::steady_clock::now();
  std::string Trace;
  std::optional<compiler::BuildOutput> Found = store::findBuild(In, compilerLibraryPath(), Cache, Trace);
  if (Found) {
    char Took[64];
    std::snprintf(Took, sizeof Took, " (%.1f ms, compiler not loaded)",
                  std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - Start).count());
    Found->Trace = Trace + Took;
  } else {
    traceBuild(Trace);
  }
  return Found;
}

/// After a build that may have written to the disk cache.
void trimCache() {
  if (!config().CacheDir.empty())
    store::trimCacheSoon(config().CacheDir, config().CacheSize, config().debug(DebugBuild));
}

/// With WEFT_PERF_MAP, appends the functions of Code to /tmp/perf-<pid>.map ("address size name"
/// lines, perf's format for code it finds no symbols for). An address a released program's code
/// held may be named again by a later program's.
void announceToProfilers(const compiler::Executable &Code) {
  if (!config().PerfMap)
    return;
  static std::mutex Lock;
  std::lock_guard Guard(Lock);
  const std::string Path = "/tmp/perf-" + std::to_string(getpid()) + ".map";
  if (FILE *F = std::fopen(Path.c_str(), "a")) {
    for (const compiler::CodeSymbol &S : Code.functions())
      std::fprintf(F, "%lx %lx %s\n", static_cast<unsigned long>(reinterpret_cast<uintptr_t>(S.Address)),
                   static_cast<unsigned long>(S.Size), S.Name.c_str());
    std::fclose(F);
  }
}

/// Gives the heap's freed memory back to the system after a compiler call, when much of it sits
/// in malloc's free lists: LLVM frees a large build's modules and contexts when it ends, but
/// glibc keeps what it freed (a program of 5,000 kernels left 470 MB of a 570 MB peak after it
/// was released; malloc_trim returned 340 MB of it).
void returnFreedMemory() {
  constexpr size_t Threshold = size_t(64) << 20;
  if (mallinfo2().fordblks > Threshold)
    malloc_trim(0);
}

/// A build's outcome in Next: its log, and its executable with the bitcode and native objects a
/// program binary keeps (the bitcode a binary's, BitcodeFromOutside, or the compiler's).
/// CL_INVALID_BUILD_OPTIONS, CL_INVALID_BINARY (a binary's module that does not read), or
/// CL_BUILD_PROGRAM_FAILURE (Failure says why), when it made none.
Status takeExecutable(Program::BuildState &Next, compiler::BuildOutput Built, const char *Failure,
                      bool BitcodeFromOutside = false) {
  traceBuild(Built.Trace);
  Next.Log = std::move(Built.Log);
  if (Built.Result == compiler::CompileOutput::Status::InvalidOptions)
    return Error(CL_INVALID_BUILD_OPTIONS, Next.Log);
  // "CL_INVALID_BINARY if program is created with clCreateProgramWithBinary and devices listed
  // in device_list do not have a valid program binary loaded."
  if (Built.Result == compiler::CompileOutput::Status::InvalidBinary)
    return Error(CL_INVALID_BINARY, "the program binary's module is damaged; see the build log");
  if (!Built.Program)
    return Error(CL_BUILD_PROGRAM_FAILURE, Failure);
  announceToProfilers(*Built.Program);
  Next.Executable = std::move(Built.Program);
  Next.Bitcode = std::move(Built.Bitcode);
  Next.BitcodeFromOutside = BitcodeFromOutside;
  Next.Objects = std::make_shared<const std::vector<std::string>>(std::move(Built.Objects));
  Next.BinaryType = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
  return Status::ok();
}

} // namespace

Status Program::buildFromSource(const std::string &Options) {
  return runBuild(Options, [&](BuildState &Next) -> Status {
    const compiler::CompileInput In =
        compileInput(Source, From == Origin::Il, Next.CompilerOptions, specConstants());
    compiler::BuildOutput Linked;
    if (std::optional<compiler::BuildOutput> Found = findCachedBuild(In)) {
      Linked = std::move(*Found);
    } else {
      auto Compiler = loadCompiler();
      if (!Compiler)
        return Compiler.takeError();
      Linked = (*Compiler)->build(In, config().CacheDir);
      returnFreedMemory();
      trimCache();
    }
    return takeExecutable(Next, std::move(Linked), "the program does not build; see its build log");
  });
}

namespace {

/// The native code a program binary holds, loaded, if it was built with Options by this Weft on
/// this CPU (program-store/ProgramBinary.h); Trace says why not otherwise.
std::optional<compiler::BuildOutput> nativeBuild(const std::string &Native, const std::string &Key,
                                                 const std::string &Bitcode,
                                                 const std::string &Options, std::string &Trace) {
  if (Native.empty()) {
    Trace = "binary without native code: linking its bitcode";
    return std::nullopt;
  }
  if (!config().LlvmOptions.empty()) { // as for the disk cache: each build shows LLVM's output
    Trace = "WEFT_LLVM_OPTIONS set: linking the binary's bitcode";
    return std::nullopt;
  }
  if (Key != store::nativeKey(Bitcode, Options, compilerLibraryPath())) {
    Trace = "binary's native code is for another Weft, CPU or options: linking its bitcode";
    return std::nullopt;
  }
  std::optional<store::CachedBuild> Build = store::decodeBuild(Native);
  std::string Why;
  std::optional<compiler::BuildOutput> Out;
  if (Build)
    Out = store::loadBuild(std::move(*Build), Why);
  if (!Out) {
    Trace = "binary's native code does not load" + (Why.empty() ? "" : ": " + Why) +
            "; linking its bitcode";
    return std::nullopt;
  }
  Out->Trace = "binary's native code loaded (compiler not loaded)";
  return Out;
}

} // namespace

Status Program::buildFromBinary(const std::string &Options) {
  std::string Bitcode = build().Bitcode;
  return runBuild(Options, [&](BuildState &Next) -> Status {
    std::string Trace;
    if (std::optional<compiler::BuildOutput> Native =
            nativeBuild(BinaryNative, BinaryNativeKey, Bitcode, Next.CompilerOptions, Trace)) {
      Native->Bitcode = std::move(Bitcode); // the binary's module, for the program's own binary
      return takeExecutable(Next, std::move(*Native), "the binary's native code does not load",
                            /*BitcodeFromOutside=*/true);
    }
    traceBuild(Trace);
    auto Compiler = loadCompiler();
    if (!Compiler)
      return Compiler.takeError();
    compiler::BuildOutput Linked = (*Compiler)->buildBinary(Bitcode, Next.CompilerOptions, config().CacheDir);
    returnFreedMemory();
    trimCache();
    return takeExecutable(Next, std::move(Linked), "the binary does not link; see the build log");
  });
}

Status Program::compileSource(const std::string &Options,
                              std::vector<std::pair<std::string, std::string>> Headers) {
  return runBuild(Options, [&](BuildState &Next) -> Status {
    auto Compiler = loadCompiler();
    if (!Compiler)
      return Compiler.takeError();
    compiler::CompileInput In = compileInput(Source, From == Origin::Il, Next.CompilerOptions, specConstants());
    In.Headers = std::move(Headers);
    compiler::CompileOutput Compiled = (*Compiler)->compile(In);
    returnFreedMemory();
    Next.Log = Compiled.Log;
    if (Compiled.Result == compiler::CompileOutput::Status::InvalidOptions)
      return Error(CL_INVALID_COMPILER_OPTIONS, Compiled.Log);
    if (Compiled.Result != compiler::CompileOutput::Status::Success)
      return Error(CL_COMPILE_PROGRAM_FAILURE, "the program does not compile; see its build log");
    Next.Bitcode = std::move(Compiled.Bitcode);
    Next.BitcodeFromOutside = false;
    Next.BinaryType = CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT;
    return Status::ok();
  });
}

Status Program::linkFrom(const std::vector<Program *> &Inputs, const std::string &Options) {
  std::vector<std::string> Bitcodes;
  std::vector<bool> FromOutside;
  for (Program *P : Inputs) {
    BuildState S = P->build();
    Bitcodes.push_back(std::move(S.Bitcode));
    FromOutside.push_back(S.BitcodeFromOutside);
  }
  return runBuild(Options, [&](BuildState &Next) -> Status {
    auto Compiler = loadCompiler();
    if (!Compiler)
      return Compiler.takeError();
    compiler::BuildOutput Linked = (*Compiler)->link(Bitcodes, Next.CompilerOptions, true, FromOutside);
    returnFreedMemory();
    Next.Log = Linked.Log;
    if (Linked.Result == compiler::CompileOutput::Status::InvalidOptions)
      return Error(CL_INVALID_LINKER_OPTIONS, Linked.Log);
    if (Linked.Result != compiler::CompileOutput::Status::Success)
      return Error(CL_LINK_PROGRAM_FAILURE, "the program does not link; see its build log");
    Next.Bitcode = std::move(Linked.Bitcode);
    Next.BitcodeFromOutside = false;
    if (Linked.Program) {
      announceToProfilers(*Linked.Program);
      Next.Executable = std::move(Linked.Program);
      Next.Objects = std::make_shared<const std::vector<std::string>>(std::move(Linked.Objects));
      Next.BinaryType = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
    } else {
      Next.BinaryType = CL_PROGRAM_BINARY_TYPE_LIBRARY;
    }
    return Status::ok();
  });
}

} // namespace weft
