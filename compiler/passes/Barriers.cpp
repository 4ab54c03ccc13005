// weft-barriers: continuation-based synchronization (docs/compiler.md, "weft-barriers").
// See Passes.h for what the transformed function does; here is how:
//  1. Computations of the arguments alone (work-group context loads, the local id, sizes...) move
//     to a new entry block, which every call runs: they are recomputed rather than kept.
//  2. Each barrier gets a block of its own, which now returns the barrier's id; the code after it
//     starts a "resume" block that only the entry's dispatch switch reaches.
//  3. An SSA value live into a resume block (backward liveness) is stored in the barrier's block
//     and reloaded at the resume block; SSA form is rebuilt around the reloads. Between barriers,
//     values stay in registers.
//  4. Allocas used both before and after some barrier (on paths through any number of barriers),
//     and the slots step 3 made, move to private memory; the others stay on the stack.
// Private memory is laid out structure-of-arrays: each variable is an array with one element per
// work-item of the group, so that consecutive work-items touch consecutive addresses and the
// work-item loops vectorize.
#include "compiler/passes/Common.h"
#include "compiler/passes/Passes.h"

#include "compiler/passes/Uniformity.h"
#include "contracts/WorkGroupAbi.h"

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/PostOrderIterator.h>
#include <llvm/Analysis/DivergenceAnalysis.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/PostDominators.h>
#include <llvm/Analysis/SyncDependenceAnalysis.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/MDBuilder.h>
#include <llvm/ADT/SmallPtrSet.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Transforms/Utils/Local.h>
#include <llvm/Transforms/Utils/SSAUpdater.h>

#include <algorithm>
#include <cstddef>
#include <functional>
#include <optional>
#include <tuple>

namespace weft::compiler {
namespace {

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
    // Arithmetic that cannot trap: a division or remainder only by a constant that is neither 0
    // nor (signed) -1, like the (lid + 1) % 32 of a neighbour's index.
    if (!llvm::isa<llvm::BinaryOperator>(I) || !llvm::isSafeToSpeculativelyExecute(&I))
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

/// Step 1b: InstCombine sinks an instruction whose users are all in one later block into that
/// block (always, if it is the block that returns). A running sum "s += x" over n branches
/// becomes n values carried to the end and added there, all of them live across every barrier
/// on the way, each spilled and reloaded: n^2 of each for n barriers in branches, which took
/// seconds to compile for a few dozen barriers. A side-effect-free instruction that combines two values or more, each
/// of which it is the only user of, moves back to just after the last of them to be defined (not
/// into a deeper loop): its operands die there and only its result is carried.
void hoistSunkCombinations(llvm::Function &F) {
  llvm::DominatorTree DT(F);
  llvm::LoopInfo Loops(DT);
  llvm::ReversePostOrderTraversal<llvm::Function *> Order(&F);
  for (llvm::BasicBlock *BB : Order)
    for (llvm::Instruction &I : llvm::make_early_inc_range(*BB)) {
      if (!llvm::isa<llvm::BinaryOperator, llvm::CmpInst, llvm::SelectInst, llvm::GetElementPtrInst>(I) ||
          !llvm::isSafeToSpeculativelyExecute(&I))
        continue;
      llvm::Instruction *Last = nullptr;
      unsigned Values = 0;
      bool OnlyUser = true;
      for (llvm::Value *Op : I.operands()) {
        if (llvm::isa<llvm::Constant>(Op))
          continue;
        ++Values;
        OnlyUser = OnlyUser && Op->hasOneUse();
        if (auto *Def = llvm::dyn_cast<llvm::Instruction>(Op); Def && (!Last || DT.dominates(Last, Def)))
          Last = Def;
      }
      if (!OnlyUser || Values < 2 || !Last || Last->getParent() == BB ||
          Loops.getLoopDepth(Last->getParent()) > Loops.getLoopDepth(BB))
        continue;
      I.moveBefore(llvm::isa<llvm::PHINode>(Last) ? &*Last->getParent()->getFirstInsertionPt()
                                                   : Last->getNextNode());
    }
}

/// The blocks where V is live on entry, in the function as it was before the barriers became
/// returns (each barrier block still the only predecessor of its resume block).
BlockSet liveInBlocks(llvm::Instruction &V,
                      const llvm::DenseMap<const llvm::BasicBlock *, const llvm::BasicBlock *> &BarrierOf) {
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
    if (auto It = BarrierOf.find(BB); It != BarrierOf.end())
      Work.push_back(It->second);
  }
  return LiveIn;
}

/// Where step 3 keeps the values that cross barriers.
struct Slots {
  /// Loads and stores of the work-items' slots and of the uniform slots, for the alias scopes
  /// that separate them from each other (they never overlap) and from the kernel's own memory
  /// accesses.
  std::vector<llvm::Instruction *> ItemAccesses, UniformAccesses;
  /// Uniform values: two copies at the end of local memory, read from the first, written to the
  /// second (all work-items write the same value, and a work-item must not see another's update
  /// of a value it has yet to read); the work-group function copies the second over the first
  /// between regions.
  uint64_t UniformOffset = 0, UniformBytes = 0;
  /// The stores of uniform values, which one work-item per row is enough to make.
  std::vector<llvm::StoreInst *> UniformSpills;
};

/// Slots shared by values that never cross the same barrier. A work-item's slot holds a value only
/// from the store in a barrier's block to the reload that starts the barrier's resume block, and
/// nothing of that work-item runs in between; so values of one type whose barriers differ can
/// take turns in one slot (a kernel whose stages each pass their own values over one barrier
/// keeps one stage's worth of slots, not every stage's).
class SlotSharing {
public:
  /// The slot for a value of type T that crosses Across: an existing one of that type none of
  /// whose values crosses any of them, or a new one (numbered in the order they are made).
  size_t slotFor(llvm::Type *T, const std::vector<const Barrier *> &Across) {
    auto Free = [&](const Slot &S) {
      return S.Type == T &&
             llvm::none_of(Across, [&](const Barrier *B) { return S.Busy.count(B); });
    };
    auto It = llvm::find_if(Made, Free);
    if (It == Made.end())
      It = Made.insert(Made.end(), Slot{T, {}});
    It->Busy.insert(Across.begin(), Across.end());
    return size_t(It - Made.begin());
  }
  size_t size() const { return Made.size(); }
  llvm::Type *type(size_t Slot) const { return Made[Slot].Type; }

private:
  struct Slot {
    llvm::Type *Type;
    llvm::SmallPtrSet<const Barrier *, 8> Busy; ///< the barriers its values cross
  };
  std::vector<Slot> Made;
};

/// Step 3: each SSA value live across a barrier is stored to a slot in that barrier's block and
/// reloaded at the start of the resume block; SSAUpdater then gives every use the definition that
/// reaches it (the original, or a reload), with PHIs where they merge. Between barriers the value
/// stays in a register: a loop without barriers keeps its accumulator there. A value uniform at
/// every barrier it crosses has a slot for the work-group; the others one per work-item (an
/// alloca, which step 4 moves to private memory). Values that never cross the same barrier share
/// slots (SlotSharing).
Slots keepValuesAcrossBarriers(llvm::Function &F, const std::vector<Barrier> &Barriers,
                               const llvm::BasicBlock *Entry, const Uniformity &Uniform) {
  llvm::DenseMap<const llvm::BasicBlock *, const llvm::BasicBlock *> BarrierOf;
  for (const Barrier &B : Barriers)
    BarrierOf[B.Resume] = B.Block;
  struct Crossing {
    llvm::Instruction *V;
    std::vector<const Barrier *> Across;
    bool IsUniform;
  };
  std::vector<Crossing> Values;
  for (llvm::BasicBlock &BB : F) {
    if (&BB == Entry)
      continue;
    for (llvm::Instruction &I : BB) {
      if (llvm::isa<llvm::AllocaInst>(I) || I.getType()->isVoidTy() || I.use_empty())
        continue;
      BlockSet LiveIn = liveInBlocks(I, BarrierOf);
      Crossing C{&I, {}, true};
      for (const Barrier &B : Barriers)
        if (LiveIn.count(B.Resume)) {
          C.Across.push_back(&B);
          C.IsUniform = C.IsUniform && Uniform.isUniformAt(I, *B.Block);
        }
      if (!C.Across.empty())
        Values.push_back(std::move(C));
    }
  }

  Slots Result;
  const llvm::DataLayout &DL = F.getParent()->getDataLayout();
  llvm::IRBuilder<> B(F.getEntryBlock().getTerminator());
  // Which slot each value takes: uniform ones and per-work-item ones share among themselves.
  SlotSharing UniformSlots, ItemSlots;
  std::vector<size_t> SlotOf(Values.size());
  for (size_t I = 0; I < Values.size(); ++I)
    SlotOf[I] = (Values[I].IsUniform ? UniformSlots : ItemSlots)
                    .slotFor(Values[I].V->getType(), Values[I].Across);
  // Uniform slots, after the kernel's __local variables.
  Result.UniformOffset = alignTo(intAttribute(F, attr::LocalBytes), 16);
  std::vector<uint64_t> UniformAt(UniformSlots.size());
  for (size_t I = 0; I < UniformSlots.size(); ++I) {
    llvm::Type *T = UniformSlots.type(I);
    Result.UniformBytes = alignTo(Result.UniformBytes, DL.getABITypeAlign(T).value());
    UniformAt[I] = Result.UniformBytes;
    Result.UniformBytes += DL.getTypeAllocSize(T);
  }
  Result.UniformBytes = alignTo(Result.UniformBytes, 16);
  llvm::Value *Local = nullptr;
  if (Result.UniformBytes)
    Local = loadContextField(B, contextArgument(F), offsetof(abi::WorkGroupContext, LocalMemory),
                             B.getPtrTy(), "uniform.base");

  llvm::Instruction *AllocaPoint = &*F.getEntryBlock().getFirstInsertionPt();
  // Each slot's addresses, made for the first value that takes it (and named after it).
  std::vector<std::pair<llvm::Value *, llvm::Value *>> UniformAddresses(UniformSlots.size());
  std::vector<llvm::Value *> ItemAddresses(ItemSlots.size());
  for (size_t I = 0; I < Values.size(); ++I) {
    auto &[V, Across, IsUniform] = Values[I];
    llvm::Value *ReadFrom, *WriteTo;
    if (IsUniform) {
      auto &[Read, Write] = UniformAddresses[SlotOf[I]];
      if (!Read) {
        const uint64_t At = Result.UniformOffset + UniformAt[SlotOf[I]];
        Read = B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Local, At, V->getName() + ".uniform");
        Write = B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Local, At + Result.UniformBytes,
                                             V->getName() + ".uniform.next");
      }
      ReadFrom = Read;
      WriteTo = Write;
    } else {
      llvm::Value *&Slot = ItemAddresses[SlotOf[I]];
      if (!Slot)
        Slot = new llvm::AllocaInst(V->getType(), DL.getAllocaAddrSpace(), V->getName() + ".slot",
                                    AllocaPoint);
      ReadFrom = WriteTo = Slot;
    }
    std::vector<llvm::Use *> Uses;
    for (llvm::Use &U : V->uses())
      Uses.push_back(&U);
    llvm::SSAUpdater SSA;
    SSA.Initialize(V->getType(), V->getName());
    SSA.AddAvailableValue(V->getParent(), V);
    llvm::DenseMap<const llvm::BasicBlock *, llvm::Instruction *> Reloads;
    for (const Barrier *Bar : Across) {
      auto *Spill = new llvm::StoreInst(V, WriteTo, Bar->Block->getTerminator());
      Uses.push_back(&Spill->getOperandUse(0));
      if (IsUniform)
        Result.UniformSpills.push_back(Spill);
      auto *Reload = new llvm::LoadInst(V->getType(), ReadFrom, V->getName() + ".reload",
                                        &*Bar->Resume->getFirstInsertionPt());
      auto &Accesses = IsUniform ? Result.UniformAccesses : Result.ItemAccesses;
      Accesses.insert(Accesses.end(), {Spill, Reload});
      SSA.AddAvailableValue(Bar->Resume, Reload);
      Reloads[Bar->Resume] = Reload;
    }
    for (llvm::Use *U : Uses) {
      auto *User = llvm::cast<llvm::Instruction>(U->getUser());
      if (llvm::isa<llvm::PHINode>(User)) {
        SSA.RewriteUse(*U);
        continue;
      }
      // After the definition in its own block: that definition.
      if (User->getParent() == V->getParent())
        continue;
      if (auto It = Reloads.find(User->getParent()); It != Reloads.end()) {
        U->set(It->second);
        continue;
      }
      SSA.RewriteUse(*U);
    }
  }
  return Result;
}

/// Step 3b: the uniform values' stores leave the barriers' blocks for one block that every return
/// goes through, which stores, to each uniform slot, what the path taken spilled to it (poison on
/// a path that spills nothing there: no later region reads the slot then; every value crossing a
/// barrier is spilled at that barrier). In a region's loop over work-items a barrier's block sits
/// under the kernel's own condition (the `s > 0` of a loop around the barrier), which is uniform
/// but which the loop vectorizer cannot tell from a varying one: it would store from every lane in
/// turn under a branch, and rather left such loops scalar (a tree reduction's rounds). In the
/// joined block the store is unconditional, and a value that dominates it (the common case: the
/// PHI's other inputs are poison) is stored as is, once per loop (LICM, or the vectorizer's store
/// of the last lane to a uniform address).
void joinUniformSpills(llvm::Function &F, Slots &S) {
  if (S.UniformSpills.empty())
    return;
  llvm::LLVMContext &C = F.getContext();
  std::vector<llvm::ReturnInst *> Returns;
  for (llvm::BasicBlock &BB : F)
    if (auto *Ret = llvm::dyn_cast<llvm::ReturnInst>(BB.getTerminator()))
      Returns.push_back(Ret);
  // The slots' write addresses (one type each), in the order their first spill was made.
  std::vector<llvm::Value *> Addresses;
  std::vector<llvm::Type *> Types;
  llvm::DenseMap<std::pair<const llvm::BasicBlock *, const llvm::Value *>, llvm::Value *> Spilled;
  for (llvm::StoreInst *Spill : S.UniformSpills) {
    llvm::Value *To = Spill->getPointerOperand();
    if (llvm::find(Addresses, To) == Addresses.end()) {
      Addresses.push_back(To);
      Types.push_back(Spill->getValueOperand()->getType());
    }
    Spilled[{Spill->getParent(), To}] = Spill->getValueOperand();
  }
  auto *Join = llvm::BasicBlock::Create(C, "return", &F);
  llvm::IRBuilder<> B(Join);
  llvm::PHINode *Id = B.CreatePHI(F.getReturnType(), unsigned(Returns.size()), "id");
  std::vector<llvm::PHINode *> Values;
  for (size_t I = 0; I < Addresses.size(); ++I)
    Values.push_back(
        B.CreatePHI(Types[I], unsigned(Returns.size()), Addresses[I]->getName() + ".spilled"));
  for (llvm::ReturnInst *Ret : Returns) {
    llvm::BasicBlock *From = Ret->getParent();
    Id->addIncoming(Ret->getReturnValue(), From);
    for (size_t I = 0; I < Addresses.size(); ++I) {
      auto It = Spilled.find({From, Addresses[I]});
      Values[I]->addIncoming(
          It != Spilled.end() ? It->second : llvm::PoisonValue::get(Values[I]->getType()), From);
    }
    llvm::BranchInst::Create(Join, Ret);
    Ret->eraseFromParent();
  }
  std::vector<llvm::StoreInst *> Joined;
  for (size_t I = 0; I < Addresses.size(); ++I)
    Joined.push_back(B.CreateStore(Values[I], Addresses[I]));
  B.CreateRet(Id);
  llvm::SmallPtrSet<llvm::Instruction *, 16> Old(S.UniformSpills.begin(), S.UniformSpills.end());
  llvm::erase_if(S.UniformAccesses, [&](llvm::Instruction *I) { return Old.count(I); });
  for (llvm::StoreInst *Spill : S.UniformSpills)
    Spill->eraseFromParent();
  S.UniformAccesses.insert(S.UniformAccesses.end(), Joined.begin(), Joined.end());
  S.UniformSpills = std::move(Joined);
}

/// In a function with a collapsed group-stride loop, the uniform values' stores (all in the block
/// where the returns meet, joinUniformSpills) move under `if (x == 0)`: every work-item would store
/// the same value, and the work-group function runs x == 0 on its own there (weft-kernel-entry),
/// so the loop over the other work-items is left without stores to one address.
void spillUniformValuesOnce(llvm::Function &F, const std::vector<llvm::StoreInst *> &Spills) {
  if (Spills.empty())
    return;
  llvm::Instruction *Return = Spills.front()->getParent()->getTerminator();
  llvm::IRBuilder<> B(Return);
  llvm::Value *First = B.CreateICmpEQ(localIdArgument(F, 0), B.getInt64(0), "first.in.x");
  llvm::Instruction *Then = llvm::SplitBlockAndInsertIfThen(First, Return, false);
  Then->getParent()->setName("spill.uniform");
  Return->getParent()->setName("spilled");
  for (llvm::StoreInst *Spill : Spills)
    Spill->moveBefore(Then);
}

/// Slot accesses get alias scopes of their own, one for the work-items' slots and one for the
/// uniform slots (private memory and the end of local memory: they never overlap, so a
/// work-item's spill in a region's loop does not keep the uniform reload of a loop's exit test in
/// it), and the kernel's accesses to memory that is surely not Weft's (through pointers not
/// derived from a private variable) are marked as not aliasing either, so that LLVM keeps uniform
/// reloads out of loops and forwards stores to loads.
void separateSlotsFromKernelMemory(llvm::Function &F, const Slots &S) {
  if (S.ItemAccesses.empty() && S.UniformAccesses.empty())
    return;
  llvm::LLVMContext &C = F.getContext();
  llvm::MDBuilder MDB(C);
  llvm::MDNode *Domain = MDB.createAnonymousAliasScopeDomain("weft.slots");
  llvm::MDNode *ItemScope = MDB.createAnonymousAliasScope(Domain, "slot");
  llvm::MDNode *UniformScope = MDB.createAnonymousAliasScope(Domain, "uniform slot");
  llvm::MDNode *Item = llvm::MDNode::get(C, {ItemScope}),
               *Uniform = llvm::MDNode::get(C, {UniformScope});
  llvm::MDNode *Scope = llvm::MDNode::get(C, {ItemScope, UniformScope});
  llvm::SmallPtrSet<llvm::Instruction *, 32> Mine;
  for (auto [Accesses, Own, Other] :
       {std::tuple(&S.ItemAccesses, Item, Uniform), std::tuple(&S.UniformAccesses, Uniform, Item)})
    for (llvm::Instruction *I : *Accesses) {
      I->setMetadata(llvm::LLVMContext::MD_alias_scope, Own);
      I->setMetadata(llvm::LLVMContext::MD_noalias, Other);
      Mine.insert(I);
    }
  for (llvm::Instruction &I : llvm::instructions(F)) {
    if (Mine.count(&I) || !llvm::isa<llvm::LoadInst, llvm::StoreInst>(I))
      continue;
    llvm::SmallVector<const llvm::Value *, 4> Objects;
    llvm::getUnderlyingObjects(llvm::getLoadStorePointerOperand(&I), Objects);
    // Arguments, pointers loaded from memory (even from a slot: a pointer the kernel computed),
    // globals: memory the kernel can name, never a slot.
    bool Kernel = true;
    for (const llvm::Value *Object : Objects)
      Kernel = Kernel && llvm::isa<llvm::Argument, llvm::LoadInst, llvm::GlobalVariable>(Object);
    if (Kernel)
      I.setMetadata(llvm::LLVMContext::MD_noalias,
                    llvm::MDNode::concatenate(I.getMetadata(llvm::LLVMContext::MD_noalias), Scope));
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
    return walkBlocks(Target, [&](const llvm::BasicBlock *BB, std::vector<const llvm::BasicBlock *> &Out) {
      for (const llvm::BasicBlock *Pred : llvm::predecessors(BB))
        Out.push_back(Pred);
      if (auto It = BarrierOf.find(BB); It != BarrierOf.end())
        Out.push_back(It->second);
    });
  }

  /// The blocks reachable from Start (Start included).
  BlockSet reachableFrom(const llvm::BasicBlock *Start) const {
    return walkBlocks(Start, [&](const llvm::BasicBlock *BB, std::vector<const llvm::BasicBlock *> &Out) {
      for (const llvm::BasicBlock *Succ : llvm::successors(BB))
        Out.push_back(Succ);
      if (auto It = ResumeOf.find(BB); It != ResumeOf.end())
        Out.push_back(It->second);
    });
  }

private:
  llvm::DenseMap<const llvm::BasicBlock *, const llvm::BasicBlock *> ResumeOf, BarrierOf;
};

/// F's blocks in program order: a topological order of the CFG without its back edges in which
/// each loop's blocks come together, before the blocks its exits lead to (loops taken as one node
/// of their enclosing region, then ordered inside the same way, header first). A kernel whose
/// sub-groups exchange values numbers its barriers so; weft-kernel-entry then runs the work-items
/// waiting at the lowest-numbered barrier first, so that work-items that left a loop or a branch
/// early wait for those still in it (they reconverge where the program's structure does).
std::vector<llvm::BasicBlock *> programOrder(llvm::Function &F) {
  llvm::DominatorTree DT(F);
  llvm::LoopInfo LI(DT);
  llvm::DenseMap<const llvm::BasicBlock *, unsigned> Rpo;
  for (llvm::BasicBlock *BB : llvm::ReversePostOrderTraversal<llvm::Function *>(&F))
    Rpo.try_emplace(BB, unsigned(Rpo.size()));
  std::vector<llvm::BasicBlock *> Order;
  // Orders the region of loop L (the whole function for null) from Header.
  std::function<void(llvm::Loop *, llvm::BasicBlock *)> Region = [&](llvm::Loop *L, llvm::BasicBlock *Header) {
    // A region's nodes: its own blocks, and its sub-loops by their headers.
    auto NodeOf = [&](llvm::BasicBlock *BB) -> llvm::BasicBlock * {
      llvm::Loop *Inner = LI.getLoopFor(BB);
      if (Inner == L)
        return BB;
      while (Inner && Inner->getParentLoop() != L)
        Inner = Inner->getParentLoop();
      return Inner ? Inner->getHeader() : nullptr;
    };
    std::vector<llvm::BasicBlock *> Blocks;
    if (L)
      Blocks.assign(L->block_begin(), L->block_end());
    else
      for (llvm::BasicBlock &BB : F)
        if (Rpo.count(&BB))
          Blocks.push_back(&BB);
    llvm::DenseMap<llvm::BasicBlock *, unsigned> InDegree;
    llvm::DenseMap<llvm::BasicBlock *, std::vector<llvm::BasicBlock *>> Edges;
    for (llvm::BasicBlock *BB : Blocks) {
      llvm::BasicBlock *From = NodeOf(BB);
      InDegree.try_emplace(From, 0);
      for (llvm::BasicBlock *Succ : llvm::successors(BB)) {
        if ((L && !L->contains(Succ)) || Succ == Header)
          continue;
        llvm::BasicBlock *To = NodeOf(Succ);
        if (To && To != From) {
          Edges[From].push_back(To);
          ++InDegree[To];
        }
      }
    }
    // Kahn's algorithm, the lowest reverse-post-order index first among the ready nodes.
    auto Later = [&](llvm::BasicBlock *A, llvm::BasicBlock *B) { return Rpo[A] > Rpo[B]; };
    std::vector<llvm::BasicBlock *> Ready{Header};
    while (!Ready.empty()) {
      std::pop_heap(Ready.begin(), Ready.end(), Later);
      llvm::BasicBlock *Node = Ready.back();
      Ready.pop_back();
      llvm::Loop *Sub = LI.getLoopFor(Node);
      if (Node != Header && Sub && Sub != L && Sub->getHeader() == Node)
        Region(Sub, Node);
      else
        Order.push_back(Node);
      for (llvm::BasicBlock *To : Edges[Node])
        if (--InDegree[To] == 0) {
          Ready.push_back(To);
          std::push_heap(Ready.begin(), Ready.end(), Later);
        }
    }
  };
  Region(nullptr, &F.getEntryBlock());
  return Order;
}

/// A loop whose iterations may pass a sub-group barrier in some work-items and not in others (the
/// barrier's block does not dominate every latch: an if in the body, a continue) gets one more
/// at each latch. Without it, a work-item that skips the barrier would run on into the next
/// iteration and stop at the same barrier as those still in this one, and the function would
/// take them all for one call: each iteration's work-items now meet at the latch, as lanes in
/// step would.
void addLatchBarriers(llvm::Function &F, const std::vector<llvm::CallInst *> &SubGroupBarriers) {
  llvm::DominatorTree DT(F);
  llvm::LoopInfo LI(DT);
  std::vector<llvm::BasicBlock *> Latches;
  for (llvm::Loop *L : LI.getLoopsInPreorder()) {
    llvm::SmallVector<llvm::BasicBlock *, 4> Own;
    L->getLoopLatches(Own);
    const bool Skippable = llvm::any_of(SubGroupBarriers, [&](llvm::CallInst *Call) {
      return L->contains(Call) && llvm::any_of(Own, [&](llvm::BasicBlock *Latch) {
               return !DT.dominates(Call->getParent(), Latch);
             });
    });
    if (Skippable)
      Latches.insert(Latches.end(), Own.begin(), Own.end());
  }
  llvm::FunctionCallee Barrier = SubGroupBarriers.front()->getCalledFunction();
  for (llvm::BasicBlock *Latch : Latches)
    llvm::CallInst::Create(Barrier, "", Latch->getTerminator());
}

/// Whether F's work-items may stop apart, at different barriers or some at the end, with its
/// barriers still calls (Uniformity::mayStopApart; the blocks of the calls and the returns are
/// the places they stop).
bool mayStopApart(llvm::Function &F) {
  llvm::SmallPtrSet<const llvm::BasicBlock *, 16> Stops;
  for (llvm::CallInst *Call : callsTo(F, isBarrier))
    Stops.insert(Call->getParent());
  for (llvm::BasicBlock &BB : F)
    if (llvm::isa<llvm::ReturnInst>(BB.getTerminator()))
      Stops.insert(&BB);
  return Uniformity(F, /*Divergent=*/false).mayStopApart(Stops);
}

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
  hoistSunkCombinations(F);

  // 2. Each barrier in a block of its own, between the code before it and the code after it;
  // which values are uniform, while the barriers are still calls; then the barriers become
  // returns.
  const std::vector<llvm::CallInst *> SubGroupBarriers =
      callsTo(F, [](llvm::StringRef Name) { return Name == "__weft_sub_group_barrier"; });
  if (!SubGroupBarriers.empty())
    F.addFnAttr(attr::SubGroupMemory);
  // Sub-group barriers that every work-item reaches in the same order (every uniform use of the
  // sub-group functions) need no dispatch of their own: the plain one, region by region over all
  // work-items in order, runs each sub-group's work-items together, the first first, as the
  // built-ins expect (and their rounds are all of every work-item).
  const bool Exchange = !SubGroupBarriers.empty() && mayStopApart(F);
  if (Exchange)
    addLatchBarriers(F, SubGroupBarriers);
  std::vector<Barrier> Barriers;
  for (llvm::CallInst *Call : callsTo(F, isBarrier)) {
    llvm::BasicBlock *Block = Call->getParent()->splitBasicBlock(Call, "barrier");
    llvm::BasicBlock *Resume = Block->splitBasicBlock(Call->getNextNode(), "resume");
    Barriers.push_back({Block, Resume});
  }
  if (Exchange) {
    std::vector<llvm::BasicBlock *> Order = programOrder(F);
    llvm::DenseMap<const llvm::BasicBlock *, size_t> Position;
    for (llvm::BasicBlock *BB : Order)
      Position.try_emplace(BB, Position.size());
    std::stable_sort(Barriers.begin(), Barriers.end(), [&](const Barrier &A, const Barrier &B) {
      return Position.lookup(A.Block) < Position.lookup(B.Block);
    });
    F.addFnAttr(attr::SubGroupExchange);
  }
  Uniformity Uniform(F, Exchange);
  // Barrier checks, where work-items may stop apart (not in kernels whose sub-groups exchange
  // values: there they may by design): each barrier's line (weft-check-bounds put it on the
  // call), by resume id.
  llvm::SmallPtrSet<const llvm::BasicBlock *, 16> Stops;
  for (const Barrier &B : Barriers)
    Stops.insert(B.Block);
  for (llvm::BasicBlock &BB : F)
    if (llvm::isa<llvm::ReturnInst>(BB.getTerminator()))
      Stops.insert(&BB);
  if (!Exchange && moduleFlag(*F.getParent(), attr::CheckBarriers) && Uniform.mayStopApart(Stops)) {
    std::string Lines;
    for (const Barrier &B : Barriers) {
      uint64_t Line = 0, Column = 0;
      if (llvm::MDNode *At = B.Block->front().getMetadata(attr::SourceLine)) {
        Line = llvm::mdconst::extract<llvm::ConstantInt>(At->getOperand(0))->getZExtValue();
        Column = llvm::mdconst::extract<llvm::ConstantInt>(At->getOperand(1))->getZExtValue();
      }
      Lines += (Lines.empty() ? "" : ",") + std::to_string(Line) + ":" + std::to_string(Column);
    }
    F.addFnAttr(attr::BarrierLines, Lines);
  }
  for (size_t I = 0; I < Barriers.size(); ++I) {
    llvm::BasicBlock *Block = Barriers[I].Block;
    Block->getTerminator()->eraseFromParent();
    Block->front().eraseFromParent(); // the barrier call
    llvm::ReturnInst::Create(C, llvm::ConstantInt::get(llvm::Type::getInt32Ty(C), int32_t(I + 1)), Block);
  }

  // 3. Values live across barriers.
  Slots S = keepValuesAcrossBarriers(F, Barriers, Entry, Uniform);
  joinUniformSpills(F, S);
  separateSlotsFromKernelMemory(F, S);
  if (hasCollapsedLoop(F))
    spillUniformValuesOnce(F, S.UniformSpills);

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
      replaceAlloca(B, A, B.CreateInBoundsGEP(B.getInt8Ty(), Arena, Offset, A->getName() + ".private"));
      PerItem += Stride;
    }
  }

  // The dispatch: start over, or resume after the barrier the previous call returned at.
  Entry->getTerminator()->eraseFromParent();
  B.SetInsertPoint(Entry);
  // In a kernel whose sub-groups exchange values, the resume id's sign bit says whether the call
  // runs for only some work-items (abi::SomeWorkItems); the barrier is the rest.
  llvm::Value *ResumeId = F.getArg(F.arg_size() - 1);
  if (Exchange)
    ResumeId = B.CreateAnd(ResumeId, B.getInt32(~abi::SomeWorkItems), "barrier.id");
  llvm::SwitchInst *Dispatch = B.CreateSwitch(ResumeId, OldEntry, unsigned(Barriers.size()));
  for (size_t I = 0; I < Barriers.size(); ++I)
    Dispatch->addCase(B.getInt32(int32_t(I + 1)), Barriers[I].Resume);
  setIntAttribute(F, attr::PrivateBytes, alignTo(PerItem, 16));
  if (S.UniformBytes) {
    setIntAttribute(F, attr::UniformOffset, S.UniformOffset);
    setIntAttribute(F, attr::UniformBytes, S.UniformBytes);
    setIntAttribute(F, attr::LocalScratchBytes,
                    alignTo(S.UniformOffset + 2 * S.UniformBytes, 64) - intAttribute(F, attr::LocalBytes));
  }
  setIntAttribute(F, attr::ResumePoints, Barriers.size());
  return llvm::PreservedAnalyses::none();
}

} // namespace weft::compiler
