// weft-half-min-max: see Passes.h.
#include "compiler/passes/Passes.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/IntrinsicInst.h>

namespace weft::compiler {

llvm::PreservedAnalyses HalfMinMaxPass::run(llvm::Function &F, llvm::FunctionAnalysisManager &) {
  std::vector<llvm::IntrinsicInst *> Calls;
  for (llvm::Instruction &I : llvm::instructions(F))
    if (auto *II = llvm::dyn_cast<llvm::IntrinsicInst>(&I))
      switch (II->getIntrinsicID()) {
      case llvm::Intrinsic::minnum:
      case llvm::Intrinsic::maxnum:
      case llvm::Intrinsic::minimum:
      case llvm::Intrinsic::maximum:
        if (II->getType()->getScalarType()->isHalfTy())
          Calls.push_back(II);
        break;
      default:
        break;
      }
  for (llvm::IntrinsicInst *II : Calls) {
    llvm::IRBuilder<> B(II);
    llvm::Type *Half = II->getType();
    llvm::Type *Float = Half->getWithNewType(B.getFloatTy());
    // The minimum or maximum of two halves is one of them: exact in float and back.
    llvm::Value *X = B.CreateFPExt(II->getArgOperand(0), Float);
    llvm::Value *Y = B.CreateFPExt(II->getArgOperand(1), Float);
    llvm::Value *Wide = B.CreateBinaryIntrinsic(II->getIntrinsicID(), X, Y, II, II->getName() + ".float");
    II->replaceAllUsesWith(B.CreateFPTrunc(Wide, Half));
    II->eraseFromParent();
  }
  return Calls.empty() ? llvm::PreservedAnalyses::all() : llvm::PreservedAnalyses::none();
}

} // namespace weft::compiler
