// Which values every work-item of a work-group computes alike (weft-barriers, weft-kernel-entry).
#pragma once

#include "compiler/passes/Common.h"

#include <llvm/ADT/SmallPtrSet.h>
#include <llvm/Analysis/DivergenceAnalysis.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/PostDominators.h>
#include <llvm/Analysis/SyncDependenceAnalysis.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/Dominators.h>

namespace weft::compiler {

/// Which values every work-item of a work-group computes alike: LLVM's divergence analysis
/// (data and control dependence, joins of divergent branches, exits of divergent loops), seeded
/// with what differs between work-items: the local id, the addresses of private variables (each
/// work-item has its own), loads from them, atomics (atomic loads too: other work-items' atomics
/// between the barriers change what each reads), and calls with side effects. Plain loads from
/// global or local memory at a uniform address are uniform: between two barriers, another
/// work-item writing there would be a data race.
/// weft-barriers computes it while each barrier is still a call, so that control flow is the
/// kernel's; weft-kernel-entry on the work-item function after the split, for values within one
/// region (the resume id is an argument, the same in every work-item).
class Uniformity {
public:
  /// Divergent: no value is taken as uniform (work-items may stop at different barriers).
  Uniformity(llvm::Function &F, bool Divergent)
      : DT(F), PDT(F), LI(DT), SDA(DT, PDT, LI), DA(F, nullptr, DT, LI, SDA, false),
        Divergent(Divergent) {
    for (unsigned D = 0; D < 3; ++D)
      DA.markDivergent(*localIdArgument(F, D));
    for (llvm::Instruction &I : llvm::instructions(F)) {
      if (I.getType()->isVoidTy())
        continue;
      if (I.getMetadata(attr::Uniform)) {
        DA.addUniformOverride(I);
      } else if (llvm::isa<llvm::AllocaInst>(I)) {
        DA.markDivergent(I);
      } else if (auto *Load = llvm::dyn_cast<llvm::LoadInst>(&I)) {
        if (Load->isAtomic() || mayBePrivate(Load->getPointerOperand()))
          DA.markDivergent(I);
      } else if (llvm::isa<llvm::AtomicRMWInst, llvm::AtomicCmpXchgInst>(I)) {
        DA.markDivergent(I);
      } else if (auto *Call = llvm::dyn_cast<llvm::CallBase>(&I)) {
        if (!Call->doesNotAccessMemory())
          DA.markDivergent(I);
      }
    }
    DA.compute();
  }

  /// Whether V holds the same value in every work-item that computes it.
  bool isUniform(const llvm::Value &V) const { return !Divergent && !DA.isDivergent(V); }

  /// Whether V holds the same value in every work-item when they reach Barrier.
  bool isUniformAt(const llvm::Instruction &V, const llvm::BasicBlock &Barrier) const {
    if (Divergent || DA.isDivergent(V))
      return false;
    // Defined in a loop the barrier is outside of: the value the loop exited with, the same in
    // every work-item only if they all left the loop in the same iteration.
    for (const llvm::Loop *L = LI.getLoopFor(V.getParent()); L && !L->contains(&Barrier);
         L = L->getParentLoop()) {
      llvm::SmallVector<llvm::BasicBlock *, 4> Exiting;
      L->getExitingBlocks(Exiting);
      for (llvm::BasicBlock *BB : Exiting) {
        const llvm::Instruction *Term = BB->getTerminator();
        if (auto *Br = llvm::dyn_cast<llvm::BranchInst>(Term); Br && Br->isConditional()) {
          if (DA.isDivergent(*Br->getCondition()))
            return false;
        } else if (auto *Switch = llvm::dyn_cast<llvm::SwitchInst>(Term)) {
          if (DA.isDivergent(*Switch->getCondition()))
            return false;
        } else if (!llvm::isa<llvm::BranchInst>(Term)) {
          return false;
        }
      }
    }
    return true;
  }

  /// Whether the work-items of a group may stop at different places (barriers, the end): a branch
  /// on a divergent condition from which one of Stops is reachable before its ways join again (its
  /// immediate post-dominator). A divergent `if` holding no barrier, a loop whose trip count is
  /// uniform, are not.
  bool mayStopApart(const llvm::SmallPtrSetImpl<const llvm::BasicBlock *> &Stops) const {
    if (Divergent)
      return true;
    for (const llvm::BasicBlock &BB : DT.getRoot()->getParent()->getBasicBlockList()) {
      const llvm::Instruction *Term = BB.getTerminator();
      if (Term->getNumSuccessors() < 2)
        continue;
      const llvm::Value *Cond = nullptr;
      if (auto *Br = llvm::dyn_cast<llvm::BranchInst>(Term))
        Cond = Br->getCondition();
      else if (auto *Switch = llvm::dyn_cast<llvm::SwitchInst>(Term))
        Cond = Switch->getCondition();
      if (Cond && !DA.isDivergent(*Cond))
        continue;
      const llvm::DomTreeNodeBase<llvm::BasicBlock> *Node = PDT.getNode(&BB);
      const llvm::BasicBlock *Join = Node && Node->getIDom() ? Node->getIDom()->getBlock() : nullptr;
      llvm::SmallPtrSet<const llvm::BasicBlock *, 32> Seen;
      llvm::SmallVector<const llvm::BasicBlock *, 32> Work(llvm::succ_begin(&BB), llvm::succ_end(&BB));
      while (!Work.empty()) {
        const llvm::BasicBlock *At = Work.pop_back_val();
        if (At == Join || !Seen.insert(At).second)
          continue;
        if (Stops.count(At))
          return true;
        Work.append(llvm::succ_begin(At), llvm::succ_end(At));
      }
    }
    return false;
  }

private:
  static bool mayBePrivate(const llvm::Value *Ptr) {
    llvm::SmallVector<const llvm::Value *, 4> Objects;
    llvm::getUnderlyingObjects(Ptr, Objects);
    for (const llvm::Value *Object : Objects)
      if (llvm::isa<llvm::AllocaInst, llvm::PHINode, llvm::SelectInst>(Object))
        return true;
    return false;
  }

  llvm::DominatorTree DT;
  llvm::PostDominatorTree PDT;
  llvm::LoopInfo LI;
  llvm::SyncDependenceAnalysis SDA;
  llvm::DivergenceAnalysisImpl DA;
  bool Divergent;
};

} // namespace weft::compiler
