// Optimisation and code generation for the host CPU: position-independent ELF objects, which
// program-store/ObjectLoader.cpp loads (symbols resolved only from the program's own code and an
// explicit list of the C library routines codegen may call).
#include "compiler/Codegen.h"

#include "program-store/ObjectLoader.h"
#include "compiler/Trap.h"
#include "compiler/passes/Passes.h"

#include <llvm/ADT/ScopeExit.h>
#include <llvm/Analysis/TargetTransformInfo.h>
#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/Bitcode/BitcodeWriter.h>
#include <llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h>
#include <llvm/IR/DiagnosticInfo.h>
#include <llvm/IR/DiagnosticPrinter.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/LegacyPassManager.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/PassTimingInfo.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Passes/StandardInstrumentations.h>
#include <llvm/Support/CommandLine.h>
#include <llvm/Support/Host.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Support/Threading.h>
#include <llvm/Target/TargetMachine.h>
#include <llvm/Transforms/Utils/Cloning.h>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
#endif

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <thread>

namespace weft::compiler {
namespace {

/// Under AddressSanitizer, LLVM's code generation runs with leak checking off: a trapped failure
/// leaves unfreed the temporaries of the frames it skipped (the "Cannot select" message LLVM
/// composed, say), which nothing reaches. Only LLVM's code runs there: Weft adds no pass to it.
void leakChecking(bool On) {
#if defined(__SANITIZE_ADDRESS__)
  On ? __lsan_enable() : __lsan_disable();
#else
  (void)On;
#endif
}

/// Set once WEFT_LLVM_OPTIONS went to LLVM's option parser (parseLlvmOptions).
std::atomic<bool> LlvmOptionsGiven{false};
/// Whether they had -time-passes: LLVM's flag for it does not last, as Clang's frontend sets it
/// to its own -ftime-report on every compilation.
std::atomic<bool> TimePasses{false};

void initializeTargets() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    llvm::InitializeNativeTargetAsmParser(); // for inline assembly in kernels
  });
}

/// What code generation reports through its context (inline assembly that does not assemble,
/// say), for the build log; an error fails the build. Unhandled, it goes to the host's stderr,
/// and a statement that did not assemble is left out of a program that builds.
struct DiagnosticsForTheLog : llvm::DiagnosticHandler {
  std::string Text;
  bool Failed = false;
  bool handleDiagnostics(const llvm::DiagnosticInfo &Info) override {
    Text += diagnosticForTheLog(Info);
    Failed |= Info.getSeverity() == llvm::DS_Error;
    return true;
  }
};

/// The host's target, with one feature less: LLVM 15's instruction selection for AVX512-FP16
/// fails ("Cannot select: X86ISD::VZEXT_MOVL" on a v16i16) on plain vector shuffles of shorts, as
/// the CTS's cl_khr_expect_assume modules have them; llc -mattr=+avx512fp16 fails the same way.
/// Programs that compute in half get it back (setHostTarget).
llvm::Expected<llvm::orc::JITTargetMachineBuilder> hostBuilder() {
  auto Builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (Builder)
    Builder->getFeatures().AddFeature("avx512fp16", false);
  return Builder;
}

/// Whether M computes in half: arithmetic, a comparison or an intrinsic on half or its vectors.
/// Conversions, loads and stores do not count (F16C has them; vload_half is no reason to risk
/// AVX512-FP16's instruction selection).
bool computesInHalf(const llvm::Module &M) {
  auto IsHalf = [](const llvm::Type *T) { return T->getScalarType()->isHalfTy(); };
  for (const llvm::Function &F : M)
    for (const llvm::Instruction &I : llvm::instructions(F)) {
      if ((llvm::isa<llvm::BinaryOperator>(I) || llvm::isa<llvm::UnaryOperator>(I)) && IsHalf(I.getType()))
        return true;
      if (llvm::isa<llvm::FCmpInst>(I) && IsHalf(I.getOperand(0)->getType()))
        return true;
      if (llvm::isa<llvm::IntrinsicInst>(I) && IsHalf(I.getType()))
        return true;
    }
  return false;
}

/// Whether the host CPU has AVX512-FP16 (arithmetic on 32 halves an instruction).
bool hostHasFp16() {
  static const bool Has = [] {
    llvm::StringMap<bool> Features;
    return llvm::sys::getHostCPUFeatures(Features) && Features.lookup("avx512fp16");
  }();
  return Has;
}

} // namespace

bool setHostTarget(llvm::Module &M, std::string &Error) {
  initializeTargets();
  auto Builder = hostBuilder();
  if (!Builder) {
    Error = llvm::toString(Builder.takeError());
    return false;
  }
  auto DL = Builder->getDefaultDataLayoutForTarget();
  if (!DL) {
    Error = llvm::toString(DL.takeError());
    return false;
  }
  M.setTargetTriple(Builder->getTargetTriple().str());
  M.setDataLayout(*DL);
  // Kernels and built-ins alike were compiled for baseline x86-64 (one calling convention for
  // vectors: with AVX, Clang passes a 32-byte vector in a register, without it in memory); the
  // code is generated for the host's CPU.
  std::string Cpu = Builder->getCPU(), Features = Builder->getFeatures().getString();
  // Half arithmetic in AVX512-FP16's instructions where the host has them, rounding as the spec
  // asks, instead of float's between two conversions (docs/performance.md, "Half precision"); a
  // later feature in the list wins over the "-avx512fp16" hostBuilder added.
  if (hostHasFp16() && computesInHalf(M))
    Features += ",+avx512fp16";
  // Nothing in a program is interposed: its definitions are reached directly, not through the
  // address table position-independent code would otherwise use.
  for (llvm::GlobalValue &G : M.global_values())
    if (!G.isDeclaration())
      G.setDSOLocal(true);
  for (llvm::Function &F : M)
    if (!F.isDeclaration()) {
      F.addFnAttr("target-cpu", Cpu);
      F.addFnAttr("target-features", Features);
      F.removeFnAttr("tune-cpu");
      // No reciprocal or square-root estimates (rcpps, rsqrtps and a Newton step), which LLVM
      // would use under -cl-fast-relaxed-math: they miss the relaxed limits (CTS
      // test_bruteforce -w measured 3 ulp for float3 divide and reciprocal; 2.5 is allowed).
      F.addFnAttr("reciprocal-estimates", "none");
    }
  return true;
}

std::string hostCpuIdentity() {
  initializeTargets();
  std::string Id = llvm::sys::getHostCPUName().str();
  llvm::StringMap<bool> Features;
  if (llvm::sys::getHostCPUFeatures(Features)) {
    std::vector<std::string> Sorted;
    for (const auto &F : Features)
      Sorted.push_back((F.getValue() ? "+" : "-") + F.getKey().str());
    std::sort(Sorted.begin(), Sorted.end());
    for (const std::string &F : Sorted)
      Id += "," + F;
  }
  return Id;
}

namespace {

llvm::Expected<std::unique_ptr<llvm::TargetMachine>> hostTargetMachine(bool OptDisable) {
  auto Builder = hostBuilder();
  if (!Builder)
    return Builder.takeError();
  Builder->setCodeGenOptLevel(OptDisable ? llvm::CodeGenOpt::None : llvm::CodeGenOpt::Aggressive);
  // Position-independent, so that ObjectLoader can place the code anywhere: data is reached
  // RIP-relative and functions outside the program through stubs.
  Builder->setRelocationModel(llvm::Reloc::PIC_);
  Builder->setCodeModel(llvm::CodeModel::Small);
  return Builder->createTargetMachine();
}

/// Runs Weft's passes (OptDisable: nothing else), or LLVM's pipeline for TM (O3, or O0).
void runPipeline(llvm::Module &M, llvm::TargetMachine *TM, bool Weft, bool OptDisable) {
  llvm::LoopAnalysisManager LAM;
  llvm::FunctionAnalysisManager FAM;
  llvm::CGSCCAnalysisManager CGAM;
  llvm::ModuleAnalysisManager MAM;
  llvm::PipelineTuningOptions Tuning;
  Tuning.LoopVectorization = !OptDisable;
  Tuning.SLPVectorization = !OptDisable;
  // LLVM's instrumentation (-time-passes, -print-after, ...) only with WEFT_LLVM_OPTIONS: it
  // also skips optnone functions, which Weft's pipeline otherwise optimises like any other.
  llvm::PassInstrumentationCallbacks Callbacks;
  std::optional<llvm::StandardInstrumentations> Instrumentation;
  std::optional<llvm::TimePassesHandler> Timing; // prints its report when destroyed
  if (LlvmOptionsGiven) {
    Instrumentation.emplace(false);
    Instrumentation->registerCallbacks(Callbacks, &FAM);
    if (TimePasses) {
      Timing.emplace(true);
      Timing->registerCallbacks(Callbacks);
    }
  }
  llvm::PassBuilder PB(TM, Tuning, llvm::None, LlvmOptionsGiven ? &Callbacks : nullptr);
  registerPipelineCallbacks(PB);
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  llvm::ModulePassManager MPM;
  if (Weft)
    addWeftPasses(MPM, OptDisable);
  else
    MPM.addPass(OptDisable ? PB.buildO0DefaultPipeline(llvm::OptimizationLevel::O0)
                           : PB.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3));
  MPM.run(M, MAM);
}

/// One part of a program, optimised and compiled on a thread of its own.
struct Part {
  std::string Object;
  std::string Log;
  std::set<std::string> Defined, Called; ///< functions it defines, and declarations it calls
  bool Trapped = false;                  ///< LLVM crashed or failed with a fatal error (Trap.h)
};

/// Optimises and compiles M (alone in its context) for the host, under the traps (Trap.h). False
/// if LLVM crashed or failed with a fatal error (in Out.Log): then M and its context must be
/// abandoned, as the target machine and pass manager are here.
bool compilePart(llvm::Module &M, bool OptDisable, Part &Out) {
  auto Owned = std::make_unique<DiagnosticsForTheLog>();
  DiagnosticsForTheLog &Diagnostics = *Owned;
  M.getContext().setDiagnosticHandler(std::move(Owned)); // the context outlives this call
  auto TM = hostTargetMachine(OptDisable);
  if (!TM) {
    Out.Log += "internal error: " + llvm::toString(TM.takeError()) + "\n";
    return true;
  }
  auto CodeGen = std::make_unique<llvm::legacy::PassManager>();
  llvm::SmallVector<char, 0> Object;
  llvm::raw_svector_ostream Stream(Object);
  bool Emitted = false, InCodeGen = false;
  if (Sprung Stopped = underTraps([&] {
        runPipeline(M, TM->get(), false, OptDisable);
        for (llvm::Function &F : M) {
          if (!F.isDeclaration())
            Out.Defined.insert(F.getName().str());
          else if (!F.isIntrinsic() && !F.use_empty())
            Out.Called.insert(F.getName().str());
        }
        if ((*TM)->addPassesToEmitFile(*CodeGen, Stream, nullptr, llvm::CGFT_ObjectFile))
          return;
        leakChecking(false);
        InCodeGen = true;
        CodeGen->run(M);
        InCodeGen = false;
        leakChecking(true);
        Emitted = true;
      })) {
    if (InCodeGen)
      leakChecking(true);
    Out.Log += Diagnostics.Text + Stopped.forTheLog("LLVM", "while compiling this program");
    Out.Trapped = true;
    abandon(*TM);
    abandon(CodeGen);
    return false;
  }
  if (!Emitted) {
    Out.Log += "internal error: the target cannot emit object files\n";
    return true;
  }
  Out.Log += Diagnostics.Text;
  if (!Diagnostics.Failed)
    Out.Object.assign(Object.begin(), Object.end());
  return true;
}

/// How many parts to compile a program with `Kernels` work-group functions in: one per kernel,
/// at most one per hardware thread the process may use.
unsigned partsFor(unsigned Kernels) {
#if defined(__SANITIZE_ADDRESS__)
  // LeakSanitizer's exit-time scan (GCC 12, glibc 2.36) crashes on a thread that is still running
  // with dynamic TLS of a dlopen'ed library (libLLVM's): a build still under way when a test
  // exits. ASan builds compile in one part; the ThreadSanitizer build keeps the parallel path.
  return 1;
#endif
  unsigned Threads = llvm::hardware_concurrency().compute_thread_count();
  return std::max(1u, std::min(Kernels, Threads));
}

} // namespace

uint32_t defaultSubGroupSize() { return hostVectorBits() >= 512 ? 16 : 8; }

unsigned hostVectorBits() {
  static const unsigned Bits = [] {
    initializeTargets();
    auto TM = hostTargetMachine(false);
    if (!TM) {
      llvm::consumeError(TM.takeError());
      return 128u;
    }
    // A function without attributes has the target machine's CPU and features.
    llvm::LLVMContext Ctx;
    llvm::Module M("probe", Ctx);
    auto *F = llvm::Function::Create(llvm::FunctionType::get(llvm::Type::getVoidTy(Ctx), false),
                                     llvm::GlobalValue::ExternalLinkage, "probe", M);
    return unsigned((*TM)
                        ->getTargetTransformInfo(*F)
                        .getRegisterBitWidth(llvm::TargetTransformInfo::RGK_FixedWidthVector)
                        .getFixedSize());
  }();
  return Bits;
}

std::string diagnosticForTheLog(const llvm::DiagnosticInfo &Info) {
  const llvm::DiagnosticSeverity Severity = Info.getSeverity();
  if (!LlvmOptionsGiven && (Severity == llvm::DS_Remark || Severity == llvm::DS_Note ||
                            Info.getKind() == llvm::DK_OptimizationFailure))
    return {};
  // Once one -pass-remarks* option is set, every pass emits its remarks; keep those asked for.
  if (const auto *Remark = llvm::dyn_cast<llvm::DiagnosticInfoOptimizationBase>(&Info))
    if (!Remark->isEnabled())
      return {};
  std::string Text = Severity == llvm::DS_Error     ? "error: "
                     : Severity == llvm::DS_Warning ? "warning: "
                     : Severity == llvm::DS_Remark  ? "remark: "
                                                    : "note: ";
  llvm::raw_string_ostream Stream(Text);
  llvm::DiagnosticPrinterRawOStream Printer(Stream);
  Info.print(Printer);
  Stream << "\n";
  return Text;
}

std::string parseLlvmOptions(const std::string &Options) {
  std::vector<std::string> Words{"weft"};
  std::istringstream Split(Options);
  for (std::string Word; Split >> Word;) {
    // LLVM's parser prints and exits the process for these.
    llvm::StringRef Name = llvm::StringRef(Word).ltrim('-');
    if (Name.startswith("help") || Name == "version")
      return "'" + Word + "' would end the process; nothing passed to LLVM";
    Words.push_back(Word);
  }
  std::vector<const char *> Argv;
  for (const std::string &Word : Words)
    Argv.push_back(Word.c_str());
  std::string Complaint;
  llvm::raw_string_ostream Stream(Complaint);
  bool Parsed = llvm::cl::ParseCommandLineOptions(int(Argv.size()), Argv.data(), "", &Stream);
  TimePasses = llvm::TimePassesIsEnabled;
  LlvmOptionsGiven = true;
  return Parsed ? std::string() : Stream.str();
}

std::vector<std::string> generateObjects(std::unique_ptr<llvm::LLVMContext> Ctx, std::unique_ptr<llvm::Module> M,
                                         bool OptDisable, std::string &Log,
                                         const std::function<bool(const llvm::Module &)> &Inspect,
                                         std::string &Trace) {
  auto Start = std::chrono::steady_clock::now();
  auto Phase = [&](const std::string &Name) {
    auto Now = std::chrono::steady_clock::now();
    char Text[96];
    std::snprintf(Text, sizeof Text, ", %s %.1f ms", Name.c_str(),
                  std::chrono::duration<double, std::milli>(Now - Start).count());
    Trace += Text;
    Start = Now;
  };
  // The module must go before its context whatever happens.
  auto ModuleFirst = llvm::make_scope_exit([&] {
    M.reset();
    Ctx.reset();
  });
  initializeTargets();
  if (Sprung Stopped = underTraps([&] { runPipeline(*M, nullptr, true, OptDisable); })) {
    Log += Stopped.forTheLog("LLVM", "while compiling this program");
    abandon(M);
    abandon(Ctx);
    return {};
  }
  Phase("weft passes");
  if (!Inspect(*M))
    return {};

  // Split by kernel, each part in a context of its own (an LLVMContext is not thread-safe), then
  // optimise and compile the parts in parallel. Symbols the parts share become hidden externals
  // the ELF loader (program-store/ObjectLoader.cpp) binds.
  unsigned Kernels = 0;
  for (llvm::Function &F : *M)
    Kernels += !F.isDeclaration() && F.getName().startswith(abi::WorkGroupPrefix) &&
               !F.getName().endswith(attr::SubGroupCopySuffix);
  unsigned N = OptDisable ? 1 : partsFor(Kernels);
  std::vector<std::string> Bitcodes;
  if (N > 1) {
    // Kernel I goes to part I % N; every other definition (global variables, any function left
    // out of line) to part 0, but for the math functions of weft-vector-forms and the library's
    // copies of planes (attr::CopyPlanesPrefix), which every part gets a copy of (and of
    // llvm.compiler.used, which keeps them until the vectorizer has seen them): each part deletes
    // those it does not use. Internal symbols become hidden externals so
    // parts can refer to them.
    auto EveryPart = [](const llvm::GlobalValue &G) {
      auto *F = llvm::dyn_cast<llvm::Function>(&G);
      return (F && (F->hasFnAttribute(attr::VectorForms) ||
                    F->getName().startswith(attr::CopyPlanesPrefix) ||
                    F->getName().startswith(attr::SubGroupFormsPrefix))) ||
             G.getName() == "llvm.compiler.used";
    };
    std::map<const llvm::GlobalValue *, unsigned> Owner;
    unsigned Next = 0;
    for (llvm::GlobalValue &G : M->global_values()) {
      if (G.isDeclaration() || EveryPart(G))
        continue;
      if (G.hasLocalLinkage()) {
        if (!G.hasName())
          G.setName("__weft.shared");
        G.setLinkage(llvm::GlobalValue::ExternalLinkage);
        G.setVisibility(llvm::GlobalValue::HiddenVisibility);
      }
      Owner[&G] = G.getName().startswith(abi::WorkGroupPrefix) &&
                          !G.getName().endswith(attr::SubGroupCopySuffix)
                      ? Next++ % N
                      : 0;
    }
    // A kernel's copy with sub-group vector forms goes with the kernel, whose work-group function
    // calls it (weft-sub-group-dispatch) and learns whether it may (weft-sub-group-resolve).
    for (auto &[G, Part] : Owner)
      if (G->getName().startswith(abi::WorkGroupPrefix) &&
          G->getName().endswith(attr::SubGroupCopySuffix))
        if (const llvm::GlobalValue *Kernel = M->getNamedValue(
                G->getName().drop_back(llvm::StringRef(attr::SubGroupCopySuffix).size())))
          Part = Owner[Kernel];
    for (unsigned I = 0; I < N; ++I) {
      llvm::ValueToValueMapTy Map;
      std::unique_ptr<llvm::Module> Part = llvm::CloneModule(*M, Map, [&](const llvm::GlobalValue *G) {
        auto It = Owner.find(G);
        return EveryPart(*G) || (It != Owner.end() && It->second == I);
      });
      llvm::raw_string_ostream Stream(Bitcodes.emplace_back());
      llvm::WriteBitcodeToFile(*Part, Stream);
    }
    M.reset();
    Ctx.reset();
    Phase("split");
  }
  std::vector<Part> Parts(std::max<size_t>(1, Bitcodes.size()));
  if (Bitcodes.empty()) {
    if (!compilePart(*M, OptDisable, Parts[0])) {
      abandon(M);
      abandon(Ctx);
    }
  } else {
    std::vector<std::thread> Threads;
    for (size_t I = 0; I < Bitcodes.size(); ++I)
      Threads.emplace_back([&, I] {
        auto PartContext = std::make_unique<llvm::LLVMContext>();
        PartContext->setOpaquePointers(true);
        auto PartModule = llvm::parseBitcodeFile(llvm::MemoryBufferRef(Bitcodes[I], "part"), *PartContext);
        if (!PartModule) {
          Parts[I].Log += "internal error: " + llvm::toString(PartModule.takeError()) + "\n";
          return;
        }
        if (!compilePart(**PartModule, OptDisable, Parts[I])) {
          abandon(*PartModule);
          abandon(PartContext);
        }
      });
    for (std::thread &T : Threads)
      T.join();
  }
  Phase(N > 1 ? "optimise and codegen (" + std::to_string(N) + " threads)" : std::string("optimise and codegen"));

  std::set<std::string> Defined;
  bool Trapped = false;
  for (Part &P : Parts) {
    Log += P.Log;
    Defined.insert(P.Defined.begin(), P.Defined.end());
    Trapped |= P.Trapped;
  }
  if (Trapped) // a part's definitions may not all be known
    return {};
  // Anything called but defined nowhere, and not an allowed library routine, is a link error of
  // the program.
  std::string Undefined;
  std::set<std::string> Reported;
  for (Part &P : Parts)
    for (const std::string &Name : P.Called)
      if (!Defined.count(Name) && !store::isLibraryFunction(Name) && Reported.insert(Name).second)
        Undefined += (Undefined.empty() ? "" : ", ") + Name;
  if (!Undefined.empty()) {
    Log += "error: undefined function(s): " + Undefined + "\n";
    return {};
  }
  std::vector<std::string> Objects;
  for (Part &P : Parts) {
    if (P.Object.empty())
      return {};
    Objects.push_back(std::move(P.Object));
  }
  return Objects;
}

uint64_t globalVariableBytes(const llvm::Module &M) {
  constexpr unsigned GlobalAddressSpace = 1;
  uint64_t Bytes = 0;
  for (const llvm::GlobalVariable &G : M.globals())
    if (G.getAddressSpace() == GlobalAddressSpace && !G.isDeclaration())
      Bytes += M.getDataLayout().getTypeAllocSize(G.getValueType());
  return Bytes;
}

} // namespace weft::compiler
