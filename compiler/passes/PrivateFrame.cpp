// weft-private-frame: private variables too large for a worker thread's stack live in a block
// the executor allocates per running work-group (see Passes.h).
#include "compiler/passes/Common.h"
#include "compiler/passes/Passes.h"
#include "contracts/WorkGroupAbi.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Module.h>

#include <algorithm>
#include <cstddef>
#include <vector>

namespace weft::compiler {

namespace {

/// Moves F's largest static allocas to the frame block until the others fit the budget;
/// returns the block's size (0: nothing moved).
uint64_t moveLargeAllocas(llvm::Function &F) {
  const llvm::DataLayout &DL = F.getParent()->getDataLayout();
  std::vector<std::pair<uint64_t, llvm::AllocaInst *>> Sized; // (bytes, alloca)
  uint64_t OnStack = 0;
  // Static allocas only (the entry block's, of a fixed size): one elsewhere makes a new object
  // each time it runs, which one slot could not stand for. Clang and the inliner put every
  // variable of OpenCL C in the entry block.
  for (llvm::Instruction &I : F.getEntryBlock())
    if (auto *A = llvm::dyn_cast<llvm::AllocaInst>(&I); A && A->isStaticAlloca()) {
      uint64_t Bytes = DL.getTypeAllocSize(A->getAllocatedType()) *
                       llvm::cast<llvm::ConstantInt>(A->getArraySize())->getZExtValue();
      Sized.push_back({Bytes, A});
      OnStack += Bytes;
    }
  if (OnStack <= PrivateFramePass::FrameStackBudget)
    return 0;
  std::stable_sort(Sized.begin(), Sized.end(), [](const auto &X, const auto &Y) { return X.first > Y.first; });
  // After the allocas that open the entry block (the ones that stay are static allocas still).
  llvm::BasicBlock::iterator At = F.getEntryBlock().getFirstInsertionPt();
  while (llvm::isa<llvm::AllocaInst>(*At))
    ++At;
  llvm::IRBuilder<> B(&*At);
  llvm::Value *Frame = loadContextField(B, F.getArg(1), offsetof(abi::WorkGroupContext, FrameMemory),
                                        B.getPtrTy(), "frame.memory");
  uint64_t FrameBytes = 0;
  for (auto [Bytes, A] : Sized) {
    if (OnStack <= PrivateFramePass::FrameStackBudget)
      break;
    const uint64_t Align = std::max<uint64_t>(A->getAlign().value(), 16);
    FrameBytes = alignTo(FrameBytes, Align);
    replaceAlloca(B, A, B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Frame, FrameBytes, A->getName() + ".frame"));
    FrameBytes += Bytes;
    OnStack -= Bytes;
  }
  return alignTo(FrameBytes, 64);
}

} // namespace

llvm::PreservedAnalyses PrivateFramePass::run(llvm::Module &M, llvm::ModuleAnalysisManager &) {
  bool Changed = false;
  for (llvm::Function &F : M)
    if (!F.isDeclaration() && F.getName().startswith(abi::WorkGroupPrefix) && F.arg_size() == 2)
      if (uint64_t Bytes = moveLargeAllocas(F)) {
        setIntAttribute(F, attr::FrameBytes, Bytes);
        Changed = true;
      }
  return Changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

} // namespace weft::compiler
