// libweft-compiler.so's entry point: the Compiler facade implemented with LLVM and Clang.
#include "contracts/Compiler.h"

#include "compiler/BuiltinLibrary.h"
#include "compiler/Cache.h"
#include "compiler/Codegen.h"
#include "compiler/Frontend.h"
#include "compiler/KernelInfo.h"
#include "program-store/CacheEntry.h"
#include "program-store/ObjectLoader.h"
#include "program-store/Sha256.h"
#include "compiler/Options.h"
#include "compiler/Spirv.h"
#include "compiler/Trap.h"
#include "compiler/passes/Common.h"
#include "compiler/passes/Passes.h"

#include <clang/Basic/Version.h>
#include <algorithm>
#include <atomic>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <unordered_map>
#include <chrono>
#include <cstdio>
#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/Bitcode/BitcodeWriter.h>
#include <llvm/Linker/Linker.h>
#include <llvm/Config/llvm-config.h>
#include <llvm/IR/DiagnosticInfo.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/Host.h>
#include <llvm/Support/raw_ostream.h>

#include <dlfcn.h>

namespace weft::compiler {
namespace {

/// Links into M the built-in library's functions M calls, and those named in Also. False, with
/// the reason in Log, if that fails.
bool linkBuiltins(llvm::Module &M, std::string &Log, const std::vector<std::string> &Also = {}) {
  llvm::StringRef Bytes(builtinLibrary());
  // Lazily: the linker materializes only the functions the program calls (the library has
  // thousands).
  auto Builtins =
      llvm::getLazyBitcodeModule(llvm::MemoryBufferRef(Bytes, "weft-builtins"), M.getContext());
  if (!Builtins) {
    Log += "internal error: the built-in library is unreadable: " +
           llvm::toString(Builtins.takeError()) + "\n";
    return false;
  }
  (*Builtins)->setDataLayout(M.getDataLayout());
  (*Builtins)->setTargetTriple(M.getTargetTriple());
  // A declaration in M is what makes the linker take a function (LinkOnlyNeeded).
  for (const std::string &Name : Also)
    if (llvm::Function *F = (*Builtins)->getFunction(Name))
      M.getOrInsertFunction(Name, F->getFunctionType());
  if (llvm::Linker::linkModules(M, std::move(*Builtins), llvm::Linker::Flags::LinkOnlyNeeded)) {
    Log += "error: the program does not link with the built-in library\n";
    return false;
  }
  return true;
}

/// The bits of the widest integer or floating-point value M loads or stores outside private
/// memory. The loop vectorizer's width is the vector registers' over the widest type a loop loads
/// or stores, so a loop of float math over doubles (or longs) vectorizes at half the width of one
/// over floats; private variables are registers by then.
unsigned widestMemoryAccessBits(const llvm::Module &M) {
  unsigned Bits = 0;
  for (const llvm::Function &F : M)
    for (const llvm::Instruction &I : llvm::instructions(F)) {
      const llvm::Type *T = nullptr;
      unsigned AddressSpace = PrivateAddressSpace;
      if (const auto *Load = llvm::dyn_cast<llvm::LoadInst>(&I))
        T = Load->getType(), AddressSpace = Load->getPointerAddressSpace();
      else if (const auto *Store = llvm::dyn_cast<llvm::StoreInst>(&I))
        T = Store->getValueOperand()->getType(), AddressSpace = Store->getPointerAddressSpace();
      if (T && AddressSpace != PrivateAddressSpace && (T->isIntegerTy() || T->isFloatingPointTy()))
        Bits = std::max(Bits, unsigned(T->getPrimitiveSizeInBits()));
    }
  return Bits;
}

/// Collects LLVM's diagnostics into a build log. Without a handler, LLVM prints an error on
/// stderr and exits the process (e.g. on a symbol defined twice when linking).
void logDiagnostics(const llvm::DiagnosticInfo &Info, void *Log) {
  *static_cast<std::string *>(Log) += diagnosticForTheLog(Info);
}

/// A cycle of calls among M's functions, as "'f' calls itself" or "'f' calls 'g', which calls
/// 'f'" (empty if there is none). OpenCL C has no recursion (the SPIR-V environment: "the static
/// function call graph for an entry point must not contain cycles"), and Weft relies on that: it
/// inlines every function into its kernels, and a work-item's recursion would run on a worker
/// thread's stack until it overflowed and ended the host process.
std::string recursionIn(const llvm::Module &M) {
  enum Mark { New, OnPath, Done };
  std::map<const llvm::Function *, Mark> Marks;
  std::vector<const llvm::Function *> Path;
  std::string Cycle;
  std::function<bool(const llvm::Function &)> Visit = [&](const llvm::Function &F) {
    Marks[&F] = OnPath;
    Path.push_back(&F);
    for (const llvm::BasicBlock &B : F)
      for (const llvm::Instruction &I : B) {
        const auto *Call = llvm::dyn_cast<llvm::CallBase>(&I);
        const llvm::Function *Callee = Call ? Call->getCalledFunction() : nullptr;
        if (!Callee || Callee->isDeclaration())
          continue;
        if (Marks[Callee] == OnPath) {
          auto From = std::find(Path.begin(), Path.end(), Callee);
          Cycle = "'" + Callee->getName().str() + "' calls ";
          for (auto It = From + 1; It != Path.end(); ++It)
            Cycle += "'" + (*It)->getName().str() + "', which calls ";
          Cycle += From + 1 == Path.end() ? "itself" : "'" + Callee->getName().str() + "'";
          return true;
        }
        if (Marks[Callee] == New && Visit(*Callee))
          return true;
      }
    Path.pop_back();
    Marks[&F] = Done;
    return false;
  };
  for (const llvm::Function &F : M)
    if (!F.isDeclaration() && Marks[&F] == New && Visit(F))
      return Cycle;
  return {};
}

/// The work-group function's weft-arg-layout: "offset:size,...".
std::vector<ArgSlot> argumentLayout(const llvm::Function &Wg) {
  std::vector<ArgSlot> Slots;
  llvm::SmallVector<llvm::StringRef, 8> Items;
  Wg.getFnAttribute(attr::ArgLayout).getValueAsString().split(Items, ',', -1, false);
  for (llvm::StringRef Item : Items) {
    auto [Offset, Size] = Item.split(':');
    ArgSlot Slot;
    Offset.getAsInteger(10, Slot.Offset);
    Size.getAsInteger(10, Slot.Size);
    Slots.push_back(Slot);
  }
  return Slots;
}

/// Milliseconds since construction or the last lap, for WEFT_DEBUG=build's phase times.
class Stopwatch {
public:
  std::string lap(const char *Phase) {
    auto Now = std::chrono::steady_clock::now();
    double Ms = std::chrono::duration<double, std::milli>(Now - Start).count();
    Start = Now;
    char Text[64];
    std::snprintf(Text, sizeof Text, "%s %.1f ms", Phase, Ms);
    return Text;
  }

private:
  std::chrono::steady_clock::time_point Start = std::chrono::steady_clock::now();
};

/// Appends a phase to a trace: "a; b".
void addPhase(std::string &Trace, const std::string &Phase) {
  Trace += (Trace.empty() ? "" : ", ") + Phase;
}

/// The file of the shared library that holds Address, or empty.
std::string libraryOf(const void *Address) {
  Dl_info Info{};
  return dladdr(Address, &Info) && Info.dli_fname ? Info.dli_fname : "";
}

/// Writes the manifest that lets libweft.so find the entry Key for In without opening this
/// library (CacheEntry.h): the stamps of every file the build read, of this library and of the
/// LLVM and Clang libraries it runs. None if any of them is not an absolute path that stat
/// accepts: such a build is always looked up through the compiler.
void writeManifestFor(const CompileInput &In, const std::string &Directory, const std::string &Key,
                      const std::vector<std::string> &DiskFiles, std::string &Trace) {
  static const int Anchor = 0;
  const std::string Self = libraryOf(&Anchor);
  std::vector<std::string> Paths = DiskFiles;
  Paths.push_back(Self);
  Paths.push_back(libraryOf(reinterpret_cast<const void *>(&llvm::sys::getHostCPUName)));
  Paths.push_back(libraryOf(reinterpret_cast<const void *>(&clang::getClangFullVersion)));
  if (In.Spirv) {
    Paths.push_back(libraryOf(spirvTranslatorAddress()));
    Paths.push_back(spirvReaderPath());
  }
  store::Manifest M{Key, {}};
  for (const std::string &Path : Paths) {
    std::optional<store::FileStamp> Stamp = Path.starts_with('/') ? store::stampOf(Path) : std::nullopt;
    if (!Stamp)
      return;
    M.Files.push_back(std::move(*Stamp));
  }
  std::string Why;
  store::writeManifest(Directory, store::directKey(In, Self), M, Why);
  if (!Why.empty())
    Trace += "; " + Why;
}

/// The programs Clang crashed on, by a digest of everything a compile reads (store::
/// addProgramInput), with the log of that crash: a trapped crash abandons Clang's state (about a
/// megabyte, Trap.h), so building the same program again fails with that log at once instead of
/// crashing, and leaking, once more. The newest Capacity programs; one that may read files from
/// disk (any `include` in its source) is never remembered, since a file may change.
class CrashedPrograms {
public:
  static constexpr size_t Capacity = 256;
  static std::string digestOf(const CompileInput &In) {
    // Any "include" at all (`#  include`, a macro's), to be sure.
    if (In.Spirv || In.Source.find("include") != std::string::npos)
      return {};
    store::Sha256 Digest;
    store::addProgramInput(Digest, In);
    return Digest.hex();
  }
  /// Whether any program is remembered: until Clang first crashes, compiles hash nothing.
  bool any() const { return Any.load(std::memory_order_relaxed); }
  /// The log of the crash on the program of Digest; false if none is remembered.
  bool find(const std::string &Digest, std::string &Log) {
    std::lock_guard Guard(Lock);
    auto It = Logs.find(Digest);
    if (It == Logs.end())
      return false;
    Log = It->second;
    return true;
  }
  void add(const std::string &Digest, const std::string &Log) {
    std::lock_guard Guard(Lock);
    if (!Logs.emplace(Digest, Log).second)
      return;
    Any.store(true, std::memory_order_relaxed);
    Order.push_back(Digest);
    if (Order.size() > Capacity) {
      Logs.erase(Order.front());
      Order.pop_front();
    }
  }

private:
  std::mutex Lock;
  std::unordered_map<std::string, std::string> Logs;
  std::deque<std::string> Order; ///< oldest first
  std::atomic<bool> Any{false};
};

class ClangCompiler final : public Compiler {
  CrashedPrograms Crashed;

  /// Writes Out, a linked executable, with the build log Log to the disk cache under Key; false,
  /// with the reason in Out.Trace, if it could not.
  static bool store(const std::string &Directory, const std::string &Key, BuildOutput &Out,
                    const std::string &Log) {
    store::CachedBuild Entry{Log, Out.Bitcode, Out.Objects, Out.Program->kernels(),
                      Out.Program->globalVariableBytes()};
    std::string Why;
    store::writeCache(Directory, Key, Entry, Why);
    if (!Why.empty())
      Out.Trace += "; " + Why;
    return Why.empty();
  }

public:
  std::string llvmVersion() const override { return LLVM_VERSION_STRING; }
  std::string clangVersion() const override { return clang::getClangFullVersion(); }

  CompileOutput compile(const CompileInput &In) override {
    CompileOutput Out;
    ParsedOptions Options = parseBuildOptions(In.Options);
    if (!Options.Error.empty()) {
      Out.Result = CompileOutput::Status::InvalidOptions;
      Out.Log = Options.Error;
      return Out;
    }
    auto Context = std::make_unique<llvm::LLVMContext>(); // abandoned if Clang crashes in it
    llvm::LLVMContext &Ctx = *Context;
    Ctx.setOpaquePointers(true);
    Ctx.setDiagnosticHandlerCallBack(logDiagnostics, &Out.Log);
    std::unique_ptr<llvm::Module> M;
    if (In.Spirv) {
      // The translator runs in a process of its own (it may abort on a module), and hands back
      // typed-pointer bitcode, which reads into this opaque-pointer context.
      std::string Translated;
      if (translateSpirv(In.Source, In.SpecConstants, Translated, Out.Log)) {
        auto Parsed = llvm::parseBitcodeFile(llvm::MemoryBufferRef(Translated, "spirv"), Ctx);
        if (Parsed)
          M = std::move(*Parsed);
        else
          Out.Log += "internal error: the SPIR-V translator's bitcode does not read: " +
                     llvm::toString(Parsed.takeError()) + "\n";
      }
    } else {
      std::string Digest = Crashed.any() ? CrashedPrograms::digestOf(In) : std::string();
      if (!Digest.empty() && Crashed.find(Digest, Out.Log)) {
        Out.Log += "note: Clang crashed on this same program before; it was not run again\n";
        Out.Result = CompileOutput::Status::Failure;
        return Out;
      }
      bool ClangCrashed = false;
      M = runFrontend(Ctx, In, Options, Out.Log, ClangCrashed);
      if (ClangCrashed) {
        abandon(Context);
        if (Digest.empty())
          Digest = CrashedPrograms::digestOf(In);
        if (!Digest.empty())
          Crashed.add(Digest, Out.Log);
      }
    }
    if (!M) {
      Out.Result = CompileOutput::Status::Failure;
      return Out;
    }
    std::string Problems;
    llvm::raw_string_ostream ProblemStream(Problems);
    if (llvm::verifyModule(*M, &ProblemStream)) {
      Out.Result = CompileOutput::Status::Failure;
      Out.Log += std::string(In.Spirv ? "invalid SPIR-V module: the translator produced invalid IR:\n"
                                      : "internal error: Clang produced invalid IR:\n") +
                 ProblemStream.str();
      return Out;
    }
    Out.Kernels = collectKernels(*M);
    llvm::raw_string_ostream Bitcode(Out.Bitcode);
    llvm::WriteBitcodeToFile(*M, Bitcode);
    Bitcode.flush();
    Out.Result = CompileOutput::Status::Success;
    return Out;
  }

  std::string setLlvmOptions(const std::string &Options) override {
    return parseLlvmOptions(Options);
  }

  BuildOutput build(const CompileInput &In, const std::string &CacheDirectory) override {
    BuildOutput Out;
    std::string Key, Phases;
    std::vector<std::string> DiskFiles;
    Stopwatch Clock;
    if (!CacheDirectory.empty()) {
      ParsedOptions Parsed = parseBuildOptions(In.Options);
      std::string Preprocessed, Ignored;
      // A SPIR-V module is all its input: nothing to preprocess.
      if (Parsed.Error.empty() &&
          (In.Spirv || preprocess(In, Parsed, Preprocessed, Ignored, &DiskFiles))) {
        Key = cacheKey(In, Preprocessed);
        addPhase(Phases, Clock.lap("preprocess and key"));
        std::string Why;
        if (std::optional<BuildOutput> Hit = store::loadCachedBuild(CacheDirectory, Key, Why)) {
          Out = std::move(*Hit);
          Out.Trace = "cache hit " + Key + " (" + Phases + ", " + Clock.lap("load") + ")";
          writeManifestFor(In, CacheDirectory, Key, DiskFiles, Out.Trace);
          return Out;
        }
        Out.Trace = Why.empty() ? "cache miss " + Key : Why + "; rebuilding";
      }
    }
    CompileOutput Compiled = compile(In);
    if (Compiled.Result != CompileOutput::Status::Success) {
      Out.Result = Compiled.Result;
      Out.Log = Compiled.Log;
      return Out;
    }
    addPhase(Phases, Clock.lap("front end"));
    std::string Trace = std::move(Out.Trace);
    Out = link({Compiled.Bitcode}, In.Options, false);
    const std::string LinkLog = Out.Log;
    Out.Log = Compiled.Log + Out.Log;
    addPhase(Phases, Out.Trace);
    Out.Trace = Trace.empty() ? Phases : Trace + " (" + Phases + ")";
    if (Out.Program && !Key.empty() && store(CacheDirectory, Key, Out, Out.Log)) {
      writeManifestFor(In, CacheDirectory, Key, DiskFiles, Out.Trace);
      // The same code under the key of its binary, with the log a build from the binary has
      // (the front end's diagnostics are the source's): a program created from this one's binary
      // (CL_PROGRAM_BINARIES) and built with the same options loads it.
      store(CacheDirectory, binaryCacheKey(Out.Bitcode, In.Options), Out, LinkLog);
    }
    return Out;
  }

  BuildOutput buildBinary(const std::string &Bitcode, const std::string &Options,
                          const std::string &CacheDirectory) override {
    Stopwatch Clock;
    std::string Key, Trace;
    if (!CacheDirectory.empty()) {
      Key = binaryCacheKey(Bitcode, Options);
      std::string Why;
      if (std::optional<BuildOutput> Hit = store::loadCachedBuild(CacheDirectory, Key, Why)) {
        Hit->Trace = "cache hit " + Key + " (program binary, " + Clock.lap("key and load") + ")";
        return std::move(*Hit);
      }
      Trace = Why.empty() ? "cache miss " + Key + " (program binary)" : Why + "; rebuilding";
    }
    BuildOutput Out = link({Bitcode}, Options, false, {true});
    Out.Trace = Trace.empty() ? Out.Trace : Trace + " (" + Out.Trace + ")";
    if (Out.Program && !Key.empty())
      store(CacheDirectory, Key, Out, Out.Log);
    return Out;
  }

  BuildOutput link(const std::vector<std::string> &Bitcodes, const std::string &Options,
                   bool LinkOptions, const std::vector<bool> &FromOutside = {}) override {
    BuildOutput Out;
    ParsedOptions Parsed = LinkOptions ? parseLinkOptions(Options) : parseBuildOptions(Options);
    if (!Parsed.Error.empty()) {
      Out.Result = CompileOutput::Status::InvalidOptions;
      Out.Log = Parsed.Error;
      return Out;
    }
    Stopwatch Clock;
    auto Ctx = std::make_unique<llvm::LLVMContext>();
    Ctx->setOpaquePointers(true);
    Ctx->setDiagnosticHandlerCallBack(logDiagnostics, &Out.Log);
    auto Linked = std::make_unique<llvm::Module>("program", *Ctx);
    for (size_t I = 0; I < Bitcodes.size(); ++I) {
      std::string Rewritten;
      if (I < FromOutside.size() && FromOutside[I] &&
          !rewriteBitcodeApart(Bitcodes[I], Rewritten, Out.Log)) {
        Out.Log += "error: the program binary's module is damaged or not LLVM " LLVM_VERSION_STRING
                   "'s\n";
        Out.Result = CompileOutput::Status::InvalidBinary;
        return Out;
      }
      const std::string &Bitcode = Rewritten.empty() ? Bitcodes[I] : Rewritten;
      auto M = llvm::parseBitcodeFile(llvm::MemoryBufferRef(Bitcode, "module"), *Ctx);
      if (!M) {
        Out.Log += "error: unreadable module: " + llvm::toString(M.takeError()) + "\n";
        return Out;
      }
      if (llvm::Linker::linkModules(*Linked, std::move(*M))) {
        Out.Log += "error: the modules do not link (a symbol is defined twice?)\n";
        return Out;
      }
    }
    if (!Parsed.CreateLibrary) // a library's cycle may close only when it is linked
      if (std::string Cycle = recursionIn(*Linked); !Cycle.empty()) {
        Out.Log += "error: recursion is not supported in OpenCL C: " + Cycle + "\n";
        return Out;
      }
    {
      llvm::raw_string_ostream Bitcode(Out.Bitcode);
      llvm::WriteBitcodeToFile(*Linked, Bitcode);
    }
    // The built-ins the program uses (LinkOnlyNeeded): a library, not an executable, keeps
    // calls to them unresolved until the final link.
    if (!Parsed.CreateLibrary) {
      // Of the program's own code; unoptimised code calls no vector form.
      const unsigned WidestAccess = Parsed.OptDisable ? 0 : widestMemoryAccessBits(*Linked);
      if (!linkBuiltins(*Linked, Out.Log))
        return Out;
      // The library's own vector forms of the math built-ins the program uses, and of those the
      // math intrinsics in it compute (sincos's llvm.sin and llvm.cos; the built-in itself comes
      // too), for the loops over work-items that vectorize (weft-vector-forms): the forms of the
      // host's vector width, which the vectorizer takes where it can, and, in a program that
      // loads or stores wider values (float math on doubles), the forms of the width its loops
      // get. (Linking both widths in every program cost a third more build time for four
      // functions, bench/builtins.c's.) Unoptimised code never calls them.
      std::vector<std::string> Forms;
      if (!Parsed.OptDisable)
        for (llvm::Function &F : *Linked) {
          std::string Scalar = !F.isDeclaration() && F.getSection() == OwnVectorFormsSection
                                   ? F.getName().str()
                               : F.isIntrinsic() && !F.use_empty() ? scalarBuiltinFor(F)
                                                                   : std::string();
          if (Scalar.empty())
            continue;
          Forms.push_back(Scalar); // for an intrinsic's calls (dropped below if linked already)
          const unsigned Bits = F.getReturnType()->getPrimitiveSizeInBits();
          for (auto &[Width, Name] : vectorFormNames(Scalar))
            if (Width * Bits == hostVectorBits() ||
                (WidestAccess > Bits && Width * WidestAccess == hostVectorBits()))
              Forms.push_back(Name);
        }
      // With both sin's and cos's forms, sincos's of the same width: a sine and a cosine of the
      // same vector become one call (weft-vector-forms-inline).
      for (size_t I = 0, N = Forms.size(); I < N; ++I)
        if (auto [Cosine, Sincos] = cosineAndSincosForms(Forms[I]);
            !Cosine.empty() && llvm::is_contained(Forms, Cosine))
          Forms.push_back(Sincos);
      llvm::erase_if(Forms, [&](const std::string &Name) { return Linked->getFunction(Name); });
      if (!Forms.empty() && !linkBuiltins(*Linked, Out.Log, Forms))
        return Out;
    }
    if (Parsed.CreateLibrary) {
      Out.Result = CompileOutput::Status::Success;
      return Out;
    }
    // Checks (weft-normalize, weft-check-bounds, weft-barriers and weft-kernel-entry read the flags).
    if (Parsed.CheckBounds)
      Linked->addModuleFlag(llvm::Module::Override, attr::CheckBounds, 1);
    if (Parsed.CheckBarriers)
      Linked->addModuleFlag(llvm::Module::Override, attr::CheckBarriers, 1);
    if (Parsed.CheckCopies)
      Linked->addModuleFlag(llvm::Module::Override, attr::CheckCopies, 1);
    if (Parsed.CheckUninitialized)
      Linked->addModuleFlag(llvm::Module::Override, attr::CheckUninitialized, 1);
    if (Parsed.CheckRaces)
      Linked->addModuleFlag(llvm::Module::Override, attr::CheckRaces, 1);
    std::string Error;
    if (!setHostTarget(*Linked, Error)) {
      Out.Log += "internal error: " + Error + "\n";
      return Out;
    }
    // Kernel metadata now: the passes replace the kernels with work-group functions, which carry
    // each kernel's layout.
    std::vector<KernelInfo> Infos = collectKernels(*Linked);
    // Each kernel's sub-group size, for weft-work-items; a size the device does not offer fails
    // the build (cl_intel_required_subgroup_size).
    for (const KernelInfo &Info : Infos) {
      if (Info.RequiredSubGroupSize && !llvm::is_contained(SubGroupSizes, Info.RequiredSubGroupSize)) {
        Out.Log += "error: kernel " + Info.Name + " requires sub-groups of " +
                   std::to_string(Info.RequiredSubGroupSize) + " work-items; this device offers";
        for (size_t Size : SubGroupSizes)
          Out.Log += " " + std::to_string(Size);
        Out.Log += "\n";
        return Out;
      }
      if (llvm::Function *K = Linked->getFunction(Info.Name))
        setIntAttribute(*K, attr::SubGroupSize, Info.SubGroupSize);
    }
    std::vector<KernelBinary> Kernels;
    // As the program declares them, before optimisation folds constant ones away.
    uint64_t GlobalBytes = globalVariableBytes(*Linked);
    auto ReadLayouts = [&](const llvm::Module &M) {
      for (KernelInfo &Info : Infos) {
        const llvm::Function *Wg = M.getFunction(abi::WorkGroupPrefix + Info.Name);
        if (!Wg) {
          Out.Log += "internal error: no work-group function for kernel " + Info.Name + "\n";
          return false;
        }
        KernelBinary K;
        K.Info = std::move(Info);
        K.Args = argumentLayout(*Wg);
        K.ArgBufferSize = uint32_t(intAttribute(*Wg, attr::ArgBufferSize));
        K.StaticLocalBytes = intAttribute(*Wg, attr::LocalBytes);
        K.LocalScratchBytes = intAttribute(*Wg, attr::LocalScratchBytes);
        K.PrivateBytesPerWorkItem = intAttribute(*Wg, attr::PrivateBytes);
        K.FrameBytes = intAttribute(*Wg, attr::FrameBytes);
        if (Wg->hasFnAttribute(attr::SubGroupMemory))
          K.MaxWorkGroupItems = abi::MaxSubGroupKernelItems;
        Kernels.push_back(std::move(K));
      }
      return true;
    };
    // The module and its context are gone once generateObject returns, so the diagnostic
    // handler's pointer to this log never outlives it.
    addPhase(Out.Trace, Clock.lap("link"));
    std::vector<std::string> Objects = generateObjects(std::move(Ctx), std::move(Linked), Parsed.OptDisable,
                                                       Out.Log, ReadLayouts, Out.Trace);
    Clock.lap("");
    if (!Objects.empty())
      Out.Program = store::loadProgram(Objects, std::move(Kernels), GlobalBytes, Out.Log);
    addPhase(Out.Trace, Clock.lap("load"));
    Out.Objects = std::move(Objects);
    Out.Result = Out.Program ? CompileOutput::Status::Success : CompileOutput::Status::Failure;
    return Out;
  }
};

} // namespace
} // namespace weft::compiler

extern "C" __attribute__((visibility("default"))) weft::compiler::Compiler *
weftCompilerCreate(int AbiVersion) {
  if (AbiVersion != weft::compiler::AbiVersion)
    return nullptr;
  return new weft::compiler::ClangCompiler();
}
