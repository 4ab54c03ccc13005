// weft-local-atomics: see Passes.h.
//
// A work-group runs on one thread, its work-items one after another between barriers, and its
// local memory is its own block: no other thread reads or writes it while the work-group runs (an
// async copy in flight writes it, but touching its destination before the wait is a data race).
// So an atomic operation on local memory has nothing to be atomic against. On x86 each atomic
// read-modify-write is a locked instruction, a full memory barrier of about twenty cycles on the
// machines measured (docs/performance.md): a histogram in local memory, a slot counter, a
// compare-exchange loop on a float, or the work-group collectives' folds pay it per work-item.
// Here they become a load, the operation and a store; a compare-exchange stores what it found
// when the comparison fails (the same value), so that it needs no branch.
//
// The pass runs at the end of the pipeline, after every loop pass (only the inlining of the
// vector forms, which hold no atomics, comes after it): before, the plain accesses would change
// what Weft's work-item passes assume (weft-barriers and weft-group-stride-loops take a load of
// local memory at a uniform address as the same in every work-item, since another work-item
// writing there between barriers would be a data race; the atomic is what tells them otherwise)
// and what the work-item loops' vectorization may do with them.
#include "compiler/passes/Common.h"
#include "compiler/passes/Passes.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/Transforms/Utils/LowerAtomic.h>

namespace weft::compiler {
namespace {

/// The plain load of what the atomic operation I accesses, with its alignment and alias metadata.
llvm::LoadInst *plainLoad(llvm::IRBuilder<> &B, llvm::Instruction &I, llvm::Type *Type,
                          llvm::Value *Pointer, llvm::Align Align) {
  llvm::LoadInst *Load = B.CreateAlignedLoad(Type, Pointer, Align, I.getName() + ".old");
  Load->setAAMetadata(I.getAAMetadata());
  return Load;
}

void plainStore(llvm::IRBuilder<> &B, llvm::Instruction &I, llvm::Value *Value,
                llvm::Value *Pointer, llvm::Align Align) {
  B.CreateAlignedStore(Value, Pointer, Align)->setAAMetadata(I.getAAMetadata());
}

} // namespace

llvm::PreservedAnalyses LocalAtomicsPass::run(llvm::Function &F, llvm::FunctionAnalysisManager &) {
  std::vector<llvm::Instruction *> Atomics;
  for (llvm::Instruction &I : llvm::instructions(F))
    if (const llvm::Value *Pointer = accessedPointer(I);
        Pointer && I.isAtomic() &&
        Pointer->getType()->getPointerAddressSpace() == LocalAddressSpace)
      Atomics.push_back(&I);
  for (llvm::Instruction *I : Atomics) {
    llvm::IRBuilder<> B(I);
    if (auto *RMW = llvm::dyn_cast<llvm::AtomicRMWInst>(I)) {
      llvm::Value *Pointer = RMW->getPointerOperand();
      llvm::LoadInst *Old = plainLoad(B, *I, RMW->getType(), Pointer, RMW->getAlign());
      llvm::Value *New =
          llvm::buildAtomicRMWValue(RMW->getOperation(), B, Old, RMW->getValOperand());
      plainStore(B, *I, New, Pointer, RMW->getAlign());
      RMW->replaceAllUsesWith(Old);
    } else if (auto *CX = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(I)) {
      llvm::Value *Pointer = CX->getPointerOperand();
      llvm::LoadInst *Old =
          plainLoad(B, *I, CX->getCompareOperand()->getType(), Pointer, CX->getAlign());
      llvm::Value *Equal = B.CreateICmpEQ(Old, CX->getCompareOperand());
      plainStore(B, *I, B.CreateSelect(Equal, CX->getNewValOperand(), Old), Pointer,
                 CX->getAlign());
      llvm::Value *Result = B.CreateInsertValue(llvm::PoisonValue::get(CX->getType()), Old, 0);
      CX->replaceAllUsesWith(B.CreateInsertValue(Result, Equal, 1));
    } else if (auto *Load = llvm::dyn_cast<llvm::LoadInst>(I)) {
      Load->setAtomic(llvm::AtomicOrdering::NotAtomic);
      Load->setVolatile(false);
      continue;
    } else {
      auto *Store = llvm::cast<llvm::StoreInst>(I);
      Store->setAtomic(llvm::AtomicOrdering::NotAtomic);
      Store->setVolatile(false);
      continue;
    }
    I->eraseFromParent();
  }
  return Atomics.empty() ? llvm::PreservedAnalyses::all() : llvm::PreservedAnalyses::none();
}

} // namespace weft::compiler
