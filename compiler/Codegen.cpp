// Optimisation for the host CPU and ORC LLJIT: one JIT instance per program, symbols resolved only
// from an explicit list (the program's own code, and the C library routines codegen may call).
#include "compiler/Codegen.h"

#include "compiler/passes/Passes.h"

#include <llvm/ADT/ScopeExit.h>
#include <llvm/ExecutionEngine/Orc/ExecutionUtils.h>
#include <llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h>
#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/IR/LegacyPassManager.h>
#include <llvm/Support/Host.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Target/TargetMachine.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <set>

namespace weft::compiler {
namespace {

void initializeTargets() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
}

/// What compiled kernels may call outside their own module: the C library routines LLVM emits
/// for memory intrinsics and for math it does not inline.
const std::set<std::string> &allowedProcessSymbols() {
  static const std::set<std::string> Names = {
      "memcpy", "memmove", "memset", "fmod",   "fmodf",  "exp2f", "exp2",   "expf",
      "exp",    "logf",   "log",    "log2f",  "log2",   "powf",  "pow",    "sinf",
      "sin",    "cosf",   "cos",    "sqrtf",  "sqrt",   "floorf", "floor", "ceilf",
      "ceil",   "truncf", "trunc",  "roundf", "round",  "rintf", "rint",   "fmaf",
      "fma",    "__extendhfsf2", "__truncsfhf2", "__truncdfhf2"};
  return Names;
}

class JitExecutable final : public Executable {
public:
  JitExecutable(std::unique_ptr<llvm::orc::LLJIT> Jit, std::vector<KernelBinary> Kernels,
                uint64_t GlobalBytes)
      : Jit(std::move(Jit)), Kernels(std::move(Kernels)), GlobalBytes(GlobalBytes) {}
  const std::vector<KernelBinary> &kernels() const override { return Kernels; }
  uint64_t globalVariableBytes() const override { return GlobalBytes; }

private:
  std::unique_ptr<llvm::orc::LLJIT> Jit; // owns the code the kernels' functions point into, and
                                         // the program's global variables
  std::vector<KernelBinary> Kernels;
  uint64_t GlobalBytes;
};

} // namespace

bool setHostTarget(llvm::Module &M, std::string &Error) {
  initializeTargets();
  auto Builder = llvm::orc::JITTargetMachineBuilder::detectHost();
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

std::string generateObject(std::unique_ptr<llvm::LLVMContext> Ctx, std::unique_ptr<llvm::Module> M,
                           bool OptDisable, std::string &Log,
                           const std::function<bool(const llvm::Module &)> &Inspect, std::string &Trace) {
  auto Start = std::chrono::steady_clock::now();
  auto Phase = [&](const char *Name) {
    auto Now = std::chrono::steady_clock::now();
    char Text[64];
    std::snprintf(Text, sizeof Text, ", %s %.1f ms", Name,
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
  auto Builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!Builder) {
    Log += "internal error: " + llvm::toString(Builder.takeError()) + "\n";
    return {};
  }
  Builder->setCodeGenOptLevel(OptDisable ? llvm::CodeGenOpt::None : llvm::CodeGenOpt::Aggressive);
  auto TM = Builder->createTargetMachine();
  if (!TM) {
    Log += "internal error: " + llvm::toString(TM.takeError()) + "\n";
    return {};
  }

  {
    llvm::LoopAnalysisManager LAM;
    llvm::FunctionAnalysisManager FAM;
    llvm::CGSCCAnalysisManager CGAM;
    llvm::ModuleAnalysisManager MAM;
    llvm::PipelineTuningOptions Tuning;
    Tuning.LoopVectorization = !OptDisable;
    Tuning.SLPVectorization = !OptDisable;
    llvm::PassBuilder PB(TM->get(), Tuning);
    PB.registerModuleAnalyses(MAM);
    PB.registerCGSCCAnalyses(CGAM);
    PB.registerFunctionAnalyses(FAM);
    PB.registerLoopAnalyses(LAM);
    PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
    llvm::ModulePassManager MPM;
    addWeftPasses(MPM, OptDisable);
    MPM.addPass(OptDisable ? PB.buildO0DefaultPipeline(llvm::OptimizationLevel::O0)
                           : PB.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3));
    MPM.run(*M, MAM);
  }
  Phase("optimise");
  if (!Inspect(*M))
    return {};

  // Anything still undefined and not an allowed library routine is a link error of the program.
  std::string Undefined;
  for (llvm::Function &F : *M)
    if (F.isDeclaration() && !F.isIntrinsic() && !F.use_empty() &&
        !allowedProcessSymbols().count(F.getName().str()))
      Undefined += (Undefined.empty() ? "" : ", ") + F.getName().str();
  if (!Undefined.empty()) {
    Log += "error: undefined function(s): " + Undefined + "\n";
    return {};
  }

  llvm::SmallVector<char, 0> Object;
  llvm::raw_svector_ostream Stream(Object);
  llvm::legacy::PassManager CodeGen;
  if ((*TM)->addPassesToEmitFile(CodeGen, Stream, nullptr, llvm::CGFT_ObjectFile)) {
    Log += "internal error: the target cannot emit object files\n";
    return {};
  }
  CodeGen.run(*M);
  Phase("codegen");
  return std::string(Object.begin(), Object.end());
}

uint64_t globalVariableBytes(const llvm::Module &M) {
  constexpr unsigned GlobalAddressSpace = 1;
  uint64_t Bytes = 0;
  for (const llvm::GlobalVariable &G : M.globals())
    if (G.getAddressSpace() == GlobalAddressSpace && !G.isDeclaration())
      Bytes += M.getDataLayout().getTypeAllocSize(G.getValueType());
  return Bytes;
}

std::shared_ptr<Executable> loadObject(const std::string &Object, std::vector<KernelBinary> Kernels,
                                       uint64_t GlobalVariableBytes, std::string &Log) {
  initializeTargets();
  auto Builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!Builder) {
    Log += "internal error: " + llvm::toString(Builder.takeError()) + "\n";
    return nullptr;
  }
  auto Jit = llvm::orc::LLJITBuilder().setJITTargetMachineBuilder(std::move(*Builder)).create();
  if (!Jit) {
    Log += "internal error: " + llvm::toString(Jit.takeError()) + "\n";
    return nullptr;
  }
  const char Prefix = (*Jit)->getDataLayout().getGlobalPrefix();
  auto Process = llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
      Prefix, [](const llvm::orc::SymbolStringPtr &Name) {
        return allowedProcessSymbols().count((*Name).str()) > 0;
      });
  if (!Process) {
    Log += "internal error: " + llvm::toString(Process.takeError()) + "\n";
    return nullptr;
  }
  (*Jit)->getMainJITDylib().addGenerator(std::move(*Process));
  if (auto E = (*Jit)->addObjectFile(llvm::MemoryBuffer::getMemBufferCopy(Object, "kernels.o"))) {
    Log += "internal error: " + llvm::toString(std::move(E)) + "\n";
    return nullptr;
  }
  for (KernelBinary &K : Kernels) {
    auto Address = (*Jit)->lookup(abi::WorkGroupPrefix + K.Info.Name);
    if (!Address) {
      Log += "error: " + llvm::toString(Address.takeError()) + "\n";
      return nullptr;
    }
    K.Run = Address->toPtr<abi::WorkGroupFn>();
  }
  return std::make_shared<JitExecutable>(std::move(*Jit), std::move(Kernels), GlobalVariableBytes);
}

} // namespace weft::compiler
