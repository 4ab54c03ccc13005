// weft-normalize: see Passes.h.
#include "compiler/passes/Common.h"
#include "compiler/passes/Passes.h"

#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/ModuleUtils.h>

namespace weft::compiler {

llvm::PreservedAnalyses NormalizePass::run(llvm::Module &M, llvm::ModuleAnalysisManager &) {
  bool Changed = false;
  // A kernel called from another kernel runs as an ordinary function there: the calls go to an
  // internal copy of its body, and the kernel keeps its entry point.
  for (llvm::Function &F : M) {
    if (F.isDeclaration() || F.getCallingConv() != llvm::CallingConv::SPIR_KERNEL)
      continue;
    std::vector<llvm::CallInst *> Calls;
    for (llvm::User *U : F.users())
      if (auto *Call = llvm::dyn_cast<llvm::CallInst>(U); Call && Call->getCalledFunction() == &F)
        Calls.push_back(Call);
    if (Calls.empty())
      continue;
    llvm::ValueToValueMapTy Map;
    llvm::Function *Body = llvm::CloneFunction(&F, Map);
    Body->setName(F.getName() + ".body");
    Body->setLinkage(llvm::GlobalValue::InternalLinkage);
    Body->setCallingConv(llvm::CallingConv::SPIR_FUNC);
    for (llvm::CallInst *Call : Calls) {
      Call->setCalledFunction(Body);
      Call->setCallingConv(llvm::CallingConv::SPIR_FUNC);
    }
    Changed = true;
  }
  // The work-item queries read nothing and write nothing. Clang 15's declarations of
  // get_global_linear_id and get_local_linear_id (-fdeclare-opencl-builtins) say neither, so a
  // call of them counted as a memory access: LLVM kept calls whose result nobody used, and a
  // group-stride loop after one was not collapsed.
  for (llvm::Function &F : M)
    if (F.isDeclaration() && workItemQueryOf(F.getName()) != WorkItemQuery::Unknown &&
        !F.doesNotAccessMemory()) {
      F.setDoesNotAccessMemory();
      F.setDoesNotThrow();
      F.setWillReturn();
      Changed = true;
    }
  // Whether the program checks async copies (builtins/src/async.cl asks): a constant before
  // anything else runs, so that an unchecked program's checks fold away at once.
  if (llvm::Function *Asked = M.getFunction("__weft_check_copies")) {
    auto *Answer = llvm::ConstantInt::get(Asked->getReturnType(), moduleFlag(M, attr::CheckCopies));
    for (llvm::User *U : llvm::make_early_inc_range(Asked->users()))
      if (auto *Call = llvm::dyn_cast<llvm::CallInst>(U); Call && Call->getCalledFunction() == Asked) {
        Call->replaceAllUsesWith(Answer);
        Call->eraseFromParent();
        Changed = true;
      }
  }
  // The library's copies of planes stay calls for weft-plan-copy-chains (which inlines them),
  // kept whole until then: in llvm.compiler.used their address is taken, so no pass before it
  // specializes them for the arguments of their calls. Not in programs that check accesses,
  // whose checks must see the copies' accesses from the start.
  const bool AccessChecks = moduleFlag(M, attr::CheckBounds) ||
                            moduleFlag(M, attr::CheckUninitialized) ||
                            moduleFlag(M, attr::CheckRaces);
  std::vector<llvm::GlobalValue *> OutOfLine;
  for (llvm::Function &F : M)
    if (!AccessChecks && !F.isDeclaration() && F.getName().startswith(attr::CopyPlanesPrefix))
      OutOfLine.push_back(&F);
  if (!OutOfLine.empty()) {
    llvm::appendToCompilerUsed(M, OutOfLine);
    Changed = true;
  }
  // OpenCL C has no recursion: every other helper can be inlined into the kernels.
  for (llvm::Function &F : M)
    if (!F.isDeclaration() && F.getCallingConv() != llvm::CallingConv::SPIR_KERNEL &&
        !F.hasFnAttribute(llvm::Attribute::AlwaysInline) && !llvm::is_contained(OutOfLine, &F)) {
      F.removeFnAttr(llvm::Attribute::NoInline);
      F.removeFnAttr(llvm::Attribute::OptimizeNone);
      F.addFnAttr(llvm::Attribute::AlwaysInline);
      Changed = true;
    }
  return Changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

} // namespace weft::compiler
