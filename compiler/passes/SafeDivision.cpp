// weft-safe-division: see Passes.h.
#include "compiler/passes/Passes.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>

namespace weft::compiler {

llvm::PreservedAnalyses SafeDivisionPass::run(llvm::Function &F, llvm::FunctionAnalysisManager &) {
  std::vector<llvm::BinaryOperator *> Divisions;
  for (llvm::Instruction &I : llvm::instructions(F))
    if (auto *Op = llvm::dyn_cast<llvm::BinaryOperator>(&I))
      switch (Op->getOpcode()) {
      case llvm::Instruction::SDiv:
      case llvm::Instruction::SRem:
      case llvm::Instruction::UDiv:
      case llvm::Instruction::URem:
        // A constant divisor that is neither 0 nor -1 can never trap.
        if (auto *C = llvm::dyn_cast<llvm::Constant>(Op->getOperand(1));
            C && !C->containsUndefOrPoisonElement() && !C->isNullValue() &&
            !C->isAllOnesValue() && !C->getType()->isVectorTy())
          break;
        Divisions.push_back(Op);
        break;
      default:
        break;
      }
  for (llvm::BinaryOperator *Op : Divisions) {
    llvm::IRBuilder<> B(Op);
    llvm::Value *Divisor = Op->getOperand(1);
    llvm::Type *T = Divisor->getType();
    llvm::Value *One = llvm::ConstantInt::get(T, 1);
    if (Op->getOpcode() == llvm::Instruction::UDiv || Op->getOpcode() == llvm::Instruction::URem) {
      // umax(d, 1): 1 for 0, d otherwise, in a form ScalarEvolution knows is never 0 (a select it
      // takes as an unknown value), so that the ranges of indices a quotient makes stay
      // computable before a loop (weft-check-rows' versions, the loop vectorizer's checks).
      Op->setOperand(
          1, B.CreateBinaryIntrinsic(llvm::Intrinsic::umax, Divisor, One, nullptr, "safe.divisor"));
      continue;
    }
    // Signed: 0, or -1 under INT_MIN (whose quotient overflows), becomes 1.
    llvm::Value *Zero = B.CreateICmpEQ(Divisor, llvm::Constant::getNullValue(T), "divisor.zero");
    auto *Min = llvm::ConstantInt::get(T, llvm::APInt::getSignedMinValue(T->getScalarSizeInBits()));
    llvm::Value *IsMin = B.CreateICmpEQ(Op->getOperand(0), Min, "dividend.min");
    llvm::Value *IsMinusOne =
        B.CreateICmpEQ(Divisor, llvm::Constant::getAllOnesValue(T), "divisor.minus1");
    llvm::Value *Bad = B.CreateOr(Zero, B.CreateAnd(IsMin, IsMinusOne, "overflow"), "divisor.bad");
    Op->setOperand(1, B.CreateSelect(Bad, One, Divisor, "safe.divisor"));
  }
  return Divisions.empty() ? llvm::PreservedAnalyses::all() : llvm::PreservedAnalyses::none();
}

} // namespace weft::compiler
