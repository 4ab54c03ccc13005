// weft-sign-extended-indices: see Passes.h.
//
// `int i = get_global_id(0); ... a[i + 4]` indexes with (long)((int)g + 4). LLVM's InstCombine
// writes that sign extension as shifts, `ashr (add (shl g, 32), 4 << 32), 32`, and
// ScalarEvolution reads only `ashr (shl X, 32), 32` as sext(trunc(X)): with the add between the
// shifts the index is an unknown value to it, so the loop vectorizer cannot tell that a row's
// work-items load consecutive elements and gathers them one by one (a nine-tap convolution with
// `int` indices ran 1.8 times as long as with `size_t` ones). The add moves inside:
// `ashr (shl (add g, 4), 32), 32`, the same value, which ScalarEvolution reads as
// sext({t,+,1}<i32>); the vectorizer then checks at run time that the 32-bit index does not wrap
// in the loop, and loads whole vectors.
#include "compiler/passes/Passes.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/PatternMatch.h>
#include <llvm/Transforms/Utils/Local.h>

namespace weft::compiler {

llvm::PreservedAnalyses SignExtendedIndicesPass::run(llvm::Function &F,
                                                     llvm::FunctionAnalysisManager &) {
  using namespace llvm::PatternMatch;
  bool Changed = false;
  for (llvm::Instruction &I : llvm::make_early_inc_range(llvm::instructions(F))) {
    llvm::Value *X;
    const llvm::APInt *Shift, *Shl, *Offset;
    // ashr (add (shl X, S), C), S with C's low S bits zero: sext(trunc(X) + (C >> S)).
    if (!match(&I, m_AShr(m_Add(m_Shl(m_Value(X), m_APInt(Shl)), m_APInt(Offset)),
                          m_APInt(Shift))) ||
        *Shl != *Shift || Shift->uge(I.getType()->getScalarSizeInBits()) ||
        Offset->countTrailingZeros() < Shift->getZExtValue() || !I.getType()->isIntegerTy())
      continue;
    llvm::IRBuilder<> B(&I);
    llvm::Value *Moved = B.CreateAdd(X, B.getInt(Offset->ashr(*Shift)), I.getName() + ".index");
    llvm::Value *Shifted = B.CreateShl(Moved, B.getInt(*Shift), I.getName() + ".shl");
    llvm::Value *Extended = B.CreateAShr(Shifted, B.getInt(*Shift), "", /*isExact=*/true);
    Extended->takeName(&I);
    I.replaceAllUsesWith(Extended);
    llvm::RecursivelyDeleteTriviallyDeadInstructions(&I); // and the add, and the shift if unshared
    Changed = true;
  }
  return Changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

} // namespace weft::compiler
