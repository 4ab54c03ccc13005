// weft-barriers: continuation-based synchronization (research/exec-model.md §1, DESIGN.md
// "Barriers"). See Passes.h for what the transformed function does; here is how:
//  1. Computations of the arguments alone (work-group context loads, the local id, sizes...) move
//     to a new entry block, which every call runs: they are recomputed rather than kept.
//  2. Each barrier gets a block of its own, which now returns the barrier's id; the code after it
//     starts a "resume" block that only the entry's dispatch switch reaches.
//  3. SSA values live into a resume block (found by a backward liveness walk) go through memory.
//     Values that are not live across any barrier keep their registers: every use is still
//     reached from the definition without passing a resume block.
//  4. Allocas used both before and after some barrier (on paths through any number of barriers),
//     and the slots step 3 made, move to private memory; the others stay on the stack.
// Private memory is laid out structure-of-arrays: each variable is an array with one element per
// work-item of the group, so that consecutive work-items touch consecutive addresses and the
// work-item loops vectorize.
#include "compiler/passes/Common.h"
#include "compiler/passes/Passes.h"

#include "compiler/WorkGroupAbi.h"

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/PostOrderIterator.h>
#include <llvm/ADT/SmallPtrSet.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/Local.h>

#include <cstddef>
#include <optional>

namespace weft::compiler {
namespace {

using BlockSet = llvm::SmallPtrSet<const llvm::BasicBlock *, 32>;

struct Barrier {
  llvm::BasicBlock *Block;  ///< holds only `ret <id>`
  llvm::BasicBlock *Resume; ///< where the code after the barrier starts
};

/// Whether I computes from arguments, constants and the work-group context alone, with nothing
/// that could trap or depend on memory the kernel writes, so it can be recomputed anywhere.
bool isRecomputable(const llvm::Instruction &I, const llvm::BasicBlock *Entry) {
  if (llvm::isa<llvm::LoadInst>(I)) {
    if (!I.hasMetadata(llvm::LLVMContext::MD_invariant_load))
      return false;
  } else if (!llvm::isa<llvm::GetElementPtrInst, llvm::CastInst, llvm::CmpInst, llvm::SelectInst>(I)) {
    auto *Op = llvm::dyn_cast<llvm::BinaryOperator>(&I);
    if (!Op || Op->getOpcode() == llvm::Instruction::UDiv || Op->getOpcode() == llvm::Instruction::SDiv ||
        Op->getOpcode() == llvm::Instruction::URem || Op->getOpcode() == llvm::Instruction::SRem)
      return false;
  }
  for (const llvm::Use &Op : I.operands()) {
    if (llvm::isa<llvm::Argument, llvm::Constant>(Op.get()))
      continue;
    auto *Def = llvm::dyn_cast<llvm::Instruction>(Op.get());
    if (!Def || Def->getParent() != Entry)
      return false;
  }
  return true;
}

/// Step 1: moves recomputable instructions into Entry (already the function's entry block).
void hoistRecomputable(llvm::Function &F, llvm::BasicBlock *Entry) {
  llvm::ReversePostOrderTraversal<llvm::Function *> Order(&F);
  for (llvm::BasicBlock *BB : Order) {
    if (BB == Entry)
      continue;
    for (llvm::Instruction &I : llvm::make_early_inc_range(*BB))
      if (isRecomputable(I, Entry))
        I.moveBefore(Entry->getTerminator());
  }
}

/// The blocks where V (defined in a block other than Entry) is live on entry.
BlockSet liveInBlocks(llvm::Instruction &V) {
  BlockSet LiveIn;
  const llvm::BasicBlock *Def = V.getParent();
  std::vector<const llvm::BasicBlock *> Work;
  for (const llvm::Use &U : V.uses()) {
    auto *User = llvm::cast<llvm::Instruction>(U.getUser());
    if (auto *Phi = llvm::dyn_cast<llvm::PHINode>(User)) {
      // Live out of the incoming block, so live into it unless V is defined there.
      Work.push_back(Phi->getIncomingBlock(U));
    } else if (User->getParent() != Def) {
      Work.push_back(User->getParent());
    }
  }
  while (!Work.empty()) {
    const llvm::BasicBlock *BB = Work.back();
    Work.pop_back();
    if (BB == Def || !LiveIn.insert(BB).second)
      continue;
    for (const llvm::BasicBlock *Pred : llvm::predecessors(BB))
      Work.push_back(Pred);
  }
  return LiveIn;
}

/// Step 3: every value live into a resume block goes through a stack slot (loop, because a
/// demoted PHI leaves a reload that may be live across a barrier too).
void demoteValuesLiveAcrossBarriers(llvm::Function &F, const std::vector<Barrier> &Barriers,
                                    const llvm::BasicBlock *Entry) {
  for (;;) {
    std::vector<llvm::Instruction *> Crossing;
    for (llvm::BasicBlock &BB : F) {
      if (&BB == Entry)
        continue;
      for (llvm::Instruction &I : BB) {
        if (llvm::isa<llvm::AllocaInst>(I) || I.getType()->isVoidTy() || I.use_empty())
          continue;
        BlockSet LiveIn = liveInBlocks(I);
        for (const Barrier &B : Barriers)
          if (LiveIn.count(B.Resume)) {
            Crossing.push_back(&I);
            break;
          }
      }
    }
    if (Crossing.empty())
      return;
    for (llvm::Instruction *I : Crossing)
      if (auto *Phi = llvm::dyn_cast<llvm::PHINode>(I))
        llvm::DemotePHIToStack(Phi, &*F.getEntryBlock().getFirstInsertionPt());
      else
        llvm::DemoteRegToStack(*I, false, &*F.getEntryBlock().getFirstInsertionPt());
  }
}

/// The blocks using what alloca A points to, or nullopt if the pointer escapes somewhere this
/// analysis cannot follow (stored to memory, turned into an integer).
std::optional<BlockSet> blocksUsing(llvm::AllocaInst &A) {
  BlockSet Blocks;
  std::vector<llvm::Value *> Work{&A};
  llvm::SmallPtrSet<llvm::Value *, 16> Seen{&A};
  while (!Work.empty()) {
    llvm::Value *P = Work.back();
    Work.pop_back();
    for (llvm::Use &U : P->uses()) {
      auto *User = llvm::cast<llvm::Instruction>(U.getUser());
      if (auto *II = llvm::dyn_cast<llvm::IntrinsicInst>(User); II && II->isLifetimeStartOrEnd())
        continue;
      if (llvm::isa<llvm::GetElementPtrInst, llvm::BitCastInst, llvm::AddrSpaceCastInst,
                    llvm::PHINode, llvm::SelectInst>(User)) {
        if (Seen.insert(User).second)
          Work.push_back(User);
        Blocks.insert(User->getParent());
        continue;
      }
      if (auto *Store = llvm::dyn_cast<llvm::StoreInst>(User); Store && Store->getValueOperand() == P)
        return std::nullopt;
      if (llvm::isa<llvm::PtrToIntInst>(User))
        return std::nullopt;
      Blocks.insert(User->getParent()); // loads, stores to it, memcpy/memset, built-in calls
    }
  }
  return Blocks;
}

/// Reachability in the function as it was before the barriers became returns: a barrier block
/// still leads to its resume block, so that paths run through any number of barriers.
class Reachability {
public:
  explicit Reachability(const std::vector<Barrier> &Barriers) {
    for (const Barrier &B : Barriers) {
      ResumeOf[B.Block] = B.Resume;
      BarrierOf[B.Resume] = B.Block;
    }
  }

  /// The blocks from which Target can be reached (Target included).
  BlockSet reaching(const llvm::BasicBlock *Target) const {
    return walk(Target, [&](const llvm::BasicBlock *BB, std::vector<const llvm::BasicBlock *> &Out) {
      for (const llvm::BasicBlock *Pred : llvm::predecessors(BB))
        Out.push_back(Pred);
      if (auto It = BarrierOf.find(BB); It != BarrierOf.end())
        Out.push_back(It->second);
    });
  }

  /// The blocks reachable from Start (Start included).
  BlockSet reachableFrom(const llvm::BasicBlock *Start) const {
    return walk(Start, [&](const llvm::BasicBlock *BB, std::vector<const llvm::BasicBlock *> &Out) {
      for (const llvm::BasicBlock *Succ : llvm::successors(BB))
        Out.push_back(Succ);
      if (auto It = ResumeOf.find(BB); It != ResumeOf.end())
        Out.push_back(It->second);
    });
  }

private:
  template <typename Next> static BlockSet walk(const llvm::BasicBlock *From, Next &&Neighbours) {
    BlockSet Set;
    std::vector<const llvm::BasicBlock *> Work{From};
    while (!Work.empty()) {
      const llvm::BasicBlock *BB = Work.back();
      Work.pop_back();
      if (Set.insert(BB).second)
        Neighbours(BB, Work);
    }
    return Set;
  }

  llvm::DenseMap<const llvm::BasicBlock *, const llvm::BasicBlock *> ResumeOf, BarrierOf;
};

bool intersects(const BlockSet &A, const BlockSet &B) {
  for (const llvm::BasicBlock *BB : A)
    if (B.count(BB))
      return true;
  return false;
}

} // namespace

llvm::PreservedAnalyses BarriersPass::run(llvm::Function &F, llvm::FunctionAnalysisManager &) {
  if (F.isDeclaration() || !F.hasFnAttribute(attr::WorkItemOf) || F.getReturnType()->isVoidTy() ||
      F.hasFnAttribute(attr::PrivateBytes))
    return llvm::PreservedAnalyses::all();
  llvm::LLVMContext &C = F.getContext();
  const llvm::DataLayout &DL = F.getParent()->getDataLayout();
  llvm::removeUnreachableBlocks(F);

  // 1. The new entry.
  llvm::BasicBlock *OldEntry = &F.getEntryBlock();
  auto *Entry = llvm::BasicBlock::Create(C, "entry.dispatch", &F, OldEntry);
  llvm::BranchInst::Create(OldEntry, Entry);
  hoistRecomputable(F, Entry);

  // 2. Barriers become returns.
  std::vector<Barrier> Barriers;
  for (llvm::CallInst *Call : callsTo(F, isBarrier)) {
    llvm::BasicBlock *Block = Call->getParent()->splitBasicBlock(Call, "barrier");
    llvm::BasicBlock *Resume = Block->splitBasicBlock(Call->getNextNode(), "resume");
    int32_t Id = int32_t(Barriers.size() + 1);
    Block->getTerminator()->eraseFromParent();
    Call->eraseFromParent();
    llvm::ReturnInst::Create(C, llvm::ConstantInt::get(llvm::Type::getInt32Ty(C), Id), Block);
    Barriers.push_back({Block, Resume});
  }

  // 3. Values live across barriers.
  demoteValuesLiveAcrossBarriers(F, Barriers, Entry);

  // 4. Allocas: private memory, or the new entry's stack frame.
  // Per barrier: the blocks reaching it, and those reached after it.
  Reachability Paths(Barriers);
  std::vector<std::pair<BlockSet, BlockSet>> Around;
  for (const Barrier &B : Barriers)
    Around.push_back({Paths.reaching(B.Block), Paths.reachableFrom(B.Resume)});
  std::vector<llvm::AllocaInst *> Kept, OnStack;
  for (llvm::Instruction &I : llvm::instructions(F))
    if (auto *A = llvm::dyn_cast<llvm::AllocaInst>(&I)) {
      std::optional<BlockSet> Uses = blocksUsing(*A);
      bool Crosses = !Uses;
      for (size_t B = 0; !Crosses && B < Barriers.size(); ++B)
        Crosses = intersects(*Uses, Around[B].first) && intersects(*Uses, Around[B].second);
      (Crosses ? Kept : OnStack).push_back(A);
    }
  llvm::IRBuilder<> B(Entry->getTerminator());
  for (llvm::AllocaInst *A : OnStack)
    A->moveBefore(&*Entry->getFirstInsertionPt());

  using abi::WorkGroupContext;
  llvm::Value *Ctx = contextArgument(F);
  auto Field = [&](size_t Offset, const llvm::Twine &Name) {
    return loadContextField(B, Ctx, Offset, B.getInt64Ty(), Name);
  };
  uint64_t PerItem = 0;
  if (!Kept.empty()) {
    llvm::Value *Size0 = Field(offsetof(WorkGroupContext, LocalSize), "size.x");
    llvm::Value *Size1 = Field(offsetof(WorkGroupContext, LocalSize) + 8, "size.y");
    llvm::Value *Size2 = Field(offsetof(WorkGroupContext, LocalSize) + 16, "size.z");
    llvm::Value *Items = B.CreateMul(B.CreateMul(Size0, Size1), Size2, "items");
    llvm::Value *Plane = B.CreateMul(localIdArgument(F, 2), Size1);
    llvm::Value *Row = B.CreateMul(B.CreateAdd(Plane, localIdArgument(F, 1)), Size0);
    llvm::Value *Linear = B.CreateAdd(Row, localIdArgument(F, 0), "item");
    llvm::Value *Arena =
        loadContextField(B, Ctx, offsetof(WorkGroupContext, PrivateMemory), B.getPtrTy(), "private.memory");
    for (llvm::AllocaInst *A : Kept) {
      uint64_t Align = std::max<uint64_t>(A->getAlign().value(), 1);
      uint64_t Size = DL.getTypeAllocSize(A->getAllocatedType()) *
                      llvm::cast<llvm::ConstantInt>(A->getArraySize())->getZExtValue();
      uint64_t Stride = alignTo(Size, Align);
      PerItem = alignTo(PerItem, Align);
      // The variable's array starts at PerItem * Items; the work-item's element is Linear.
      llvm::Value *Start = B.CreateMul(Items, B.getInt64(PerItem));
      llvm::Value *Offset = B.CreateAdd(Start, B.CreateMul(Linear, B.getInt64(Stride)));
      llvm::Value *Slot = B.CreateInBoundsGEP(B.getInt8Ty(), Arena, Offset, A->getName() + ".private");
      for (llvm::User *U : llvm::make_early_inc_range(A->users()))
        if (auto *II = llvm::dyn_cast<llvm::IntrinsicInst>(U); II && II->isLifetimeStartOrEnd())
          II->eraseFromParent();
      A->replaceAllUsesWith(B.CreateAddrSpaceCast(Slot, A->getType()));
      A->eraseFromParent();
      PerItem += Stride;
    }
  }

  // The dispatch: start over, or resume after the barrier the previous call returned at.
  Entry->getTerminator()->eraseFromParent();
  B.SetInsertPoint(Entry);
  llvm::SwitchInst *Dispatch = B.CreateSwitch(F.getArg(F.arg_size() - 1), OldEntry, unsigned(Barriers.size()));
  for (size_t I = 0; I < Barriers.size(); ++I)
    Dispatch->addCase(B.getInt32(int32_t(I + 1)), Barriers[I].Resume);
  setIntAttribute(F, attr::PrivateBytes, alignTo(PerItem, 16));
  setIntAttribute(F, attr::ResumePoints, Barriers.size());
  return llvm::PreservedAnalyses::none();
}

} // namespace weft::compiler
