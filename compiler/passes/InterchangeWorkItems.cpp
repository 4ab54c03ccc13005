// weft-interchange-work-items: see Passes.h.
//
// A work-item loop around a loop whose count is the same for every work-item, such as N-body's
//
//   for (x = 0; x < size.x; ++x) {            // the work-items (weft-kernel-entry's x loop)
//     me = pos[base + x];
//     for (j = 0; j < n; ++j) { other = pos[j]; a += f(other, me); }
//     acc[base + x] = a;
//   }
//
// keeps each work-item's inner loop a chain of its own, which the loop vectorizer (innermost loops
// only) cannot widen across work-items. weft-jam-work-items runs several work-items' inner loops
// side by side and leaves the SLP vectorizer to find the work-items in them; where a work-item
// computes several values (a float3 split into scalars) the SLP vectorizer packs a work-item's
// own values together as readily as the work-items', and shuffles between them. This pass turns
// the nest inside out instead, a strip of work-items at a time:
//
//   for (x0 = 0; x0 < size.x; x0 += S) {
//     for (xi = 0; xi < cnt; ++xi) { me = pos[base + x0 + xi]; me_[xi] = me; a_[xi] = 0; }
//     for (j = 0; j < n; ++j) {
//       other = pos[j];                         // what is the same for every work-item, once
//       for (xi = 0; xi < cnt; ++xi) a_[xi] += f(other, me_[xi]);
//     }
//     for (xi = 0; xi < cnt; ++xi) acc[base + x0 + xi] = a_[xi];
//   }
//
// so that the loop over the strip's work-items is innermost, and the loop vectorizer widens it
// the way it widens a work-item loop without a loop inside: one work-item a lane, whatever it
// computes. What a work-item carries from one part to the next goes through small private arrays
// (S elements each); what is computed from the work-item's index alone by arithmetic is computed
// again where it is used, so that accesses such as `b[k * n + col]` keep their consecutive
// addresses.
//
// Legality: each work-item's accesses keep their order; only different work-items' accesses are
// reordered (as by the jam), which the x loop's parallel access group allows (two work-items
// touching the same memory between barriers, one of them writing, is a data race). The values
// the inner loop computes the same for every work-item (its counter, its exit test, loads from
// addresses that do not depend on the work-item) run once per iteration, before the work-items'
// part; so the inner loop must write no memory (a work-item's write would otherwise come after
// a read it came before), and every instruction of the nest that touches memory must be a plain
// load or store of the parallel group (or a load of what nothing writes, `!invariant.load`).
//
// Only where a work-item's iteration computes at least as much as it loads and stores in the
// arrays (not a naive GEMM's one multiply-add a sum). The nest runs in two versions: this one for
// rows of at least MinWorkItems work-items, the original one (which weft-jam-work-items then jams)
// for narrower rows, where a strip would be a vector or two and the loop over it would cost more
// than it gains.
#include "compiler/passes/Common.h"
#include "compiler/passes/Passes.h"

#include <llvm/ADT/MapVector.h>
#include <llvm/ADT/SetVector.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/ScalarEvolutionExpressions.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/Analysis/VectorUtils.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Transforms/Utils/LCSSA.h>
#include <llvm/Transforms/Utils/LoopSimplify.h>
#include <llvm/Transforms/Utils/LoopUtils.h>
#include <llvm/Transforms/Utils/ScalarEvolutionExpander.h>

#include <optional>

namespace weft::compiler {
namespace {

/// Work-items per strip: the length of the private arrays, and of the innermost loop the
/// vectorizer gets (four 512-bit vectors of floats).
constexpr uint64_t StripWorkItems = 64;
/// Rows narrower than this keep the original nest (jammed).
constexpr uint64_t MinWorkItems = 32;
/// At most this many values carried between the parts (some share an array), and at most this
/// many bytes of arrays in a function: they are private memory beside the private frame's own.
constexpr size_t MaxArrays = 32, MaxArrayBytes = 16 << 10;
/// At most this many instructions computed again from the work-item's index for one value the
/// later parts take (those already computed again cost nothing more).
constexpr size_t MaxRecomputed = 16;

/// A nest the pass takes: the x loop L (one induction X, blocks Fore, then the inner loop's one
/// block Body, then Aft, straight lines) around Inner.
struct Nest {
  llvm::Loop *L = nullptr;
  llvm::BasicBlock *Preheader = nullptr, *Exit = nullptr, *Body = nullptr;
  llvm::PHINode *X = nullptr;
  std::vector<llvm::BasicBlock *> Fore, Aft;
};

/// The straight line of blocks from From to To (unconditional branches, no PHIs after From's),
/// all in L; empty if there is none.
std::vector<llvm::BasicBlock *> chain(llvm::BasicBlock *From, llvm::BasicBlock *To,
                                      const llvm::Loop &L) {
  std::vector<llvm::BasicBlock *> Blocks{From};
  for (llvm::BasicBlock *BB = From; BB != To;) {
    auto *Br = llvm::dyn_cast<llvm::BranchInst>(BB->getTerminator());
    if (!Br || Br->isConditional())
      return {};
    BB = Br->getSuccessor(0);
    if (!L.contains(BB) || !BB->phis().empty() || Blocks.size() > L.getNumBlocks())
      return {};
    Blocks.push_back(BB);
  }
  return Blocks;
}

/// L's shape if the pass can take it.
std::optional<Nest> nestOf(llvm::Loop &L) {
  if (!isWorkItemLoop(L) || L.getSubLoops().size() != 1 ||
      llvm::findOptionMDForLoop(&L, attr::StripWidth))
    return std::nullopt;
  llvm::Loop *Inner = L.getSubLoops()[0];
  Nest N;
  N.L = &L;
  N.Preheader = L.getLoopPreheader();
  N.Exit = L.getExitBlock();
  N.Body = Inner->getHeader();
  llvm::BasicBlock *Latch = L.getLoopLatch(), *InnerPre = Inner->getLoopPreheader(),
                   *InnerExit = Inner->getExitBlock();
  if (!Inner->isInnermost() || Inner->getNumBlocks() != 1 || !N.Preheader || !N.Exit || !Latch ||
      L.getExitingBlock() != Latch || !InnerPre || !InnerExit ||
      InnerExit->getSinglePredecessor() != N.Body)
    return std::nullopt;
  auto *BodyBr = llvm::dyn_cast<llvm::BranchInst>(N.Body->getTerminator());
  auto *LatchBr = llvm::dyn_cast<llvm::BranchInst>(Latch->getTerminator());
  if (!BodyBr || !BodyBr->isConditional() || !LatchBr || !LatchBr->isConditional())
    return std::nullopt;
  llvm::BasicBlock *Header = L.getHeader();
  auto Phis = Header->phis();
  if (std::distance(Phis.begin(), Phis.end()) != 1)
    return std::nullopt;
  N.X = &*Phis.begin();
  N.Fore = chain(Header, InnerPre, L);
  N.Aft = chain(InnerExit, Latch, L);
  if (N.Fore.empty() || N.Aft.empty() || N.Fore.size() + 1 + N.Aft.size() != L.getNumBlocks())
    return std::nullopt;
  // No value of the nest is used after it; the inner loop's exit has only one-entry PHIs.
  for (llvm::BasicBlock *BB : L.blocks())
    for (llvm::Instruction &I : *BB)
      for (const llvm::User *U : I.users())
        if (!L.contains(llvm::cast<llvm::Instruction>(U)))
          return std::nullopt;
  for (llvm::PHINode &Phi : InnerExit->phis())
    if (Phi.getNumIncomingValues() != 1)
      return std::nullopt;
  return N;
}

/// Whether every instruction of N that touches memory is a plain load or store of the x loop's
/// parallel groups, the inner loop writes nothing and computes on no vector types, and its calls
/// are of intrinsics the loop vectorizer widens.
bool legal(const Nest &N) {
  auto Groups = parallelGroups(*N.L);
  if (Groups.empty())
    return false;
  for (llvm::BasicBlock *BB : N.L->blocks())
    for (llvm::Instruction &I : *BB) {
      if (llvm::isa<llvm::DbgInfoIntrinsic>(I))
        continue;
      if (I.mayReadOrWriteMemory()) {
        auto *Load = llvm::dyn_cast<llvm::LoadInst>(&I);
        auto *Store = llvm::dyn_cast<llvm::StoreInst>(&I);
        if (!(Load && Load->isSimple()) && !(Store && Store->isSimple()))
          return false;
        // (A load of what nothing writes, the context's fields, may be anywhere.)
        if ((!inGroups(I, Groups) &&
             !(Load && Load->hasMetadata(llvm::LLVMContext::MD_invariant_load))) ||
            (Store && BB == N.Body))
          return false;
      }
      if (BB != N.Body)
        continue;
      if (I.getType()->isVectorTy() ||
          llvm::any_of(I.operands(), [](const llvm::Use &U) { return U->getType()->isVectorTy(); }))
        return false;
      if (auto *Call = llvm::dyn_cast<llvm::CallInst>(&I)) {
        const llvm::Function *Callee = Call->getCalledFunction();
        if (!Callee || !Callee->isIntrinsic() ||
            !llvm::isTriviallyVectorizable(Callee->getIntrinsicID()))
          return false;
      }
    }
  return true;
}

/// The pass's work on one nest.
class Interchange {
public:
  Interchange(const Nest &N, llvm::ScalarEvolution &SE, size_t &BytesLeft)
      : N(N), SE(SE), BytesLeft(BytesLeft) {
    for (llvm::BasicBlock *BB : N.Fore)
      ForeBlocks.insert(BB);
  }

  /// Rewrites the nest; false (nothing changed) if it does not fit.
  bool run();

private:
  bool isFore(const llvm::Value *V) const {
    auto *I = llvm::dyn_cast_or_null<llvm::Instruction>(V);
    return I && ForeBlocks.count(I->getParent());
  }
  bool varying(const llvm::Value *V) const { return isFore(V) || Varying.count(V); }
  /// The Fore values (X aside) U takes in its part: an inner-loop PHI's value around the backedge
  /// only (its first value is stored by Fore itself).
  std::vector<llvm::Instruction *> foreOperands(llvm::Instruction *U) const;
  bool classify();
  bool recomputable(llvm::Instruction *I, size_t &Budget);
  size_t arrayAccesses(const std::vector<llvm::Instruction *> &BodyVarying,
                       const llvm::MapVector<const llvm::Value *, const llvm::Value *> &Owner,
                       const std::vector<llvm::PHINode *> &VaryingPhis) const;
  llvm::AllocaInst *array(llvm::Type *T, const llvm::Twine &Name);
  llvm::Value *element(llvm::IRBuilder<> &B, llvm::AllocaInst *A, llvm::Value *Index);
  llvm::Instruction *access(llvm::Instruction *I);
  /// Fills Map with the Fore values Users need, in a block where the work-item is Index (X is
  /// XValue): computed again or loaded.
  void foreValues(llvm::IRBuilder<> &B, llvm::ValueToValueMapTy &Map, llvm::Value *XValue,
                  llvm::Value *Index, const std::vector<llvm::Instruction *> &Users);
  llvm::Instruction *clone(llvm::IRBuilder<> &B, llvm::Instruction &I,
                           llvm::ValueToValueMapTy &Map);

  const Nest &N;
  llvm::ScalarEvolution &SE;
  /// What the function's arrays may still take (MaxArrayBytes at first).
  size_t &BytesLeft;
  llvm::SmallPtrSet<const llvm::BasicBlock *, 8> ForeBlocks;
  /// The inner loop's values that differ between work-items.
  llvm::SmallPtrSet<const llvm::Value *, 32> Varying;
  /// Fore values computed again from X where used; the others needed later live in Arrays.
  llvm::SmallPtrSet<const llvm::Instruction *, 16> Recomputed;
  llvm::DenseMap<const llvm::Value *, llvm::AllocaInst *> Arrays;
  /// The inner loop's varying values Aft takes.
  llvm::SetVector<const llvm::Value *> Outs;
  llvm::MDNode *Group = nullptr;
};

bool Interchange::classify() {
  // Fixed point: a value of the inner loop varies if an operand does (a Fore value, or a varying
  // value of the loop, around its backedge too).
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (llvm::Instruction &I : *N.Body)
      if (!Varying.count(&I) &&
          llvm::any_of(I.operands(), [this](const llvm::Use &U) { return varying(U.get()); })) {
        Varying.insert(&I);
        Changed = true;
      }
  }
  auto *Br = llvm::cast<llvm::BranchInst>(N.Body->getTerminator());
  return !varying(Br->getCondition());
}

/// Whether I (a Fore value) is arithmetic on X and values from outside the nest, at most Budget
/// instructions of it.
bool Interchange::recomputable(llvm::Instruction *I, size_t &Budget) {
  if (I == N.X || Recomputed.count(I))
    return true;
  if (!isFore(I) || llvm::isa<llvm::PHINode>(I) || I->mayReadOrWriteMemory() ||
      I->mayHaveSideEffects() || !llvm::isSafeToSpeculativelyExecute(I) || Budget == 0)
    return false;
  --Budget;
  for (llvm::Value *Op : I->operands())
    if (auto *OpI = llvm::dyn_cast<llvm::Instruction>(Op);
        OpI && N.L->contains(OpI) && !recomputable(OpI, Budget))
      return false;
  Recomputed.insert(I);
  return true;
}

std::vector<llvm::Instruction *> Interchange::foreOperands(llvm::Instruction *U) const {
  std::vector<llvm::Instruction *> Fore;
  auto take = [&](llvm::Value *V) {
    if (isFore(V) && V != N.X)
      Fore.push_back(llvm::cast<llvm::Instruction>(V));
  };
  if (auto *Phi = llvm::dyn_cast<llvm::PHINode>(U); Phi && Phi->getParent() == N.Body)
    take(Phi->getIncomingValueForBlock(N.Body));
  else
    for (llvm::Value *Op : U->operands())
      take(Op);
  return Fore;
}

/// How many instructions of the inner loop's varying part compute (not loads, stores, addresses
/// or conversions feeding only addresses).
size_t computations(const std::vector<llvm::Instruction *> &BodyVarying) {
  llvm::SmallPtrSet<const llvm::Instruction *, 32> Address;
  size_t Count = 0;
  for (llvm::Instruction *I : llvm::reverse(BodyVarying)) {
    if (llvm::isa<llvm::PHINode>(I) || llvm::isa<llvm::LoadInst>(I) ||
        llvm::isa<llvm::StoreInst>(I))
      continue;
    if (llvm::isa<llvm::GetElementPtrInst>(I) ||
        (!I->user_empty() && llvm::all_of(I->users(), [&](const llvm::User *U) {
          return llvm::isa<llvm::GetElementPtrInst>(U) ||
                 Address.count(llvm::cast<llvm::Instruction>(U));
        }))) {
      Address.insert(I);
      continue;
    }
    Count += !llvm::isa<llvm::CastInst>(I);
  }
  return Count;
}

/// How many loads and stores of the arrays each work-item's iteration of the inner loop makes:
/// each varying PHI loaded and stored, each Fore value kept in an array loaded, each value after
/// the loop that has its own array stored.
size_t
Interchange::arrayAccesses(const std::vector<llvm::Instruction *> &BodyVarying,
                           const llvm::MapVector<const llvm::Value *, const llvm::Value *> &Owner,
                           const std::vector<llvm::PHINode *> &VaryingPhis) const {
  llvm::SmallPtrSet<const llvm::Instruction *, 16> Loaded;
  for (llvm::Instruction *U : BodyVarying)
    for (llvm::Instruction *I : foreOperands(U))
      if (Owner.count(I))
        Loaded.insert(I);
  size_t Stored = 0;
  for (const llvm::Value *V : Outs)
    Stored += Owner.lookup(V) == V;
  return 2 * VaryingPhis.size() + Loaded.size() + Stored;
}

llvm::AllocaInst *Interchange::array(llvm::Type *T, const llvm::Twine &Name) {
  llvm::Function &F = *N.Body->getParent();
  llvm::IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
  return B.CreateAlloca(llvm::ArrayType::get(T, StripWorkItems), nullptr, Name + ".strip");
}

llvm::Value *Interchange::element(llvm::IRBuilder<> &B, llvm::AllocaInst *A, llvm::Value *Index) {
  return B.CreateInBoundsGEP(A->getAllocatedType(), A, {B.getInt64(0), Index});
}

/// I (an access to an array) in the x loop's group, as the nest's own accesses are: every
/// work-item has its own element.
llvm::Instruction *Interchange::access(llvm::Instruction *I) {
  I->setMetadata(llvm::LLVMContext::MD_access_group, Group);
  return I;
}

void Interchange::foreValues(llvm::IRBuilder<> &B, llvm::ValueToValueMapTy &Map,
                             llvm::Value *XValue, llvm::Value *Index,
                             const std::vector<llvm::Instruction *> &Users) {
  Map[N.X] = XValue;
  // The Fore values the users take, and those the recomputed ones take in turn.
  llvm::SmallPtrSet<llvm::Instruction *, 16> Needed;
  std::vector<llvm::Instruction *> Work;
  for (llvm::Instruction *U : Users)
    for (llvm::Instruction *I : foreOperands(U))
      Work.push_back(I);
  while (!Work.empty()) {
    llvm::Instruction *I = Work.back();
    Work.pop_back();
    if (!Needed.insert(I).second || !Recomputed.count(I))
      continue;
    for (llvm::Value *Op : I->operands())
      if (isFore(Op) && Op != N.X)
        Work.push_back(llvm::cast<llvm::Instruction>(Op));
  }
  for (llvm::BasicBlock *BB : N.Fore)
    for (llvm::Instruction &I : *BB) {
      if (!Needed.count(&I))
        continue;
      if (Recomputed.count(&I))
        clone(B, I, Map);
      else
        Map[&I] = access(B.CreateLoad(I.getType(), element(B, Arrays.lookup(&I), Index),
                                      I.getName() + ".strip"));
    }
}

llvm::Instruction *Interchange::clone(llvm::IRBuilder<> &B, llvm::Instruction &I,
                                      llvm::ValueToValueMapTy &Map) {
  llvm::Instruction *Copy = I.clone();
  llvm::RemapInstruction(Copy, Map, llvm::RF_IgnoreMissingLocals | llvm::RF_NoModuleLevelChanges);
  B.Insert(Copy, I.getName());
  Map[&I] = Copy;
  return Copy;
}

/// The instructions of Blocks to copy (no PHIs, terminators or debug records).
std::vector<llvm::Instruction *> body(llvm::ArrayRef<llvm::BasicBlock *> Blocks) {
  std::vector<llvm::Instruction *> Is;
  for (llvm::BasicBlock *BB : Blocks)
    for (llvm::Instruction &I : *BB)
      if (!llvm::isa<llvm::PHINode>(I) && !I.isTerminator() &&
          !llvm::isa<llvm::DbgInfoIntrinsic>(I))
        Is.push_back(&I);
  return Is;
}

bool Interchange::run() {
  llvm::Loop &L = *N.L;
  auto *AR = llvm::dyn_cast<llvm::SCEVAddRecExpr>(SE.getSCEV(N.X));
  const llvm::SCEV *Taken = SE.getBackedgeTakenCount(&L);
  if (!AR || AR->getLoop() != &L || !AR->getStepRecurrence(SE)->isOne() ||
      !N.X->getType()->isIntegerTy(64) || llvm::isa<llvm::SCEVCouldNotCompute>(Taken) ||
      !classify())
    return false;
  // The arrays' accesses join the loop's first parallel group (legal() saw one).
  Group = llvm::cast<llvm::MDNode>(
      llvm::findOptionMDForLoop(&L, "llvm.loop.parallel_accesses")->getOperand(1));

  std::vector<llvm::Instruction *> BodyVarying, BodyUniform, AftBody = body(N.Aft);
  for (llvm::Instruction &I : *N.Body)
    if (!I.isTerminator() && !llvm::isa<llvm::DbgInfoIntrinsic>(I))
      (Varying.count(&I) ? BodyVarying : BodyUniform).push_back(&I);
  // Aft's instructions and the one-entry PHIs at its start (which may take a Fore value, once
  // LLVM moved it out of the inner loop).
  llvm::BasicBlock *InnerExit = N.Aft.front();
  std::vector<llvm::Instruction *> AftUsers = AftBody;
  for (llvm::PHINode &Lcssa : InnerExit->phis())
    AftUsers.push_back(&Lcssa);
  // What crosses between the parts: Fore values the inner loop's varying values or Aft take
  // (computed again, or kept in arrays), the varying PHIs, the varying values Aft takes (through
  // the inner loop's LCSSA PHIs or not). Each gets an array (Owner: the value whose array it
  // shares), made once they are known to be few enough.
  llvm::MapVector<const llvm::Value *, const llvm::Value *> Owner;
  for (const auto *Users : {&BodyVarying, &AftUsers})
    for (llvm::Instruction *U : *Users)
      for (llvm::Instruction *I : foreOperands(U)) {
        size_t Budget = MaxRecomputed;
        if (!Owner.count(I) && !recomputable(I, Budget))
          Owner[I] = I;
      }
  std::vector<llvm::PHINode *> VaryingPhis;
  for (llvm::PHINode &Phi : N.Body->phis())
    if (Varying.count(&Phi)) {
      VaryingPhis.push_back(&Phi);
      Owner[&Phi] = &Phi;
    }
  // Varying values Aft takes: a PHI's next value shares the PHI's array.
  for (llvm::Instruction *U : AftBody)
    for (llvm::Value *Op : U->operands())
      if (llvm::isa<llvm::Instruction>(Op) && Varying.count(Op))
        Outs.insert(Op);
  for (llvm::PHINode &Lcssa : InnerExit->phis())
    if (Varying.count(Lcssa.getIncomingValue(0)))
      Outs.insert(Lcssa.getIncomingValue(0));
  for (const llvm::Value *V : Outs) {
    // (A PHI's array holds its next value by then, not the PHI's own last one.)
    if (llvm::isa<llvm::PHINode>(V))
      return false;
    auto Next = llvm::find_if(
        VaryingPhis, [&](llvm::PHINode *P) { return P->getIncomingValueForBlock(N.Body) == V; });
    Owner[V] = Next != VaryingPhis.end() ? *Next : V;
  }
  // The loop over a strip loads and stores what the jam keeps in registers: worth it where a
  // work-item's iteration computes at least as much (N-body's 15 operations against 9 accesses,
  // clpeak's 16 against 4), not for one multiply-add against a sum's load and store (a naive
  // GEMM, which ran at half its jammed speed: docs/performance.md).
  if (computations(BodyVarying) < arrayAccesses(BodyVarying, Owner, VaryingPhis))
    return false;
  const llvm::DataLayout &DL = N.Body->getModule()->getDataLayout();
  size_t Bytes = 0;
  for (auto &[V, Of] : Owner)
    if (V == Of)
      Bytes += StripWorkItems * DL.getTypeAllocSize(V->getType()).getFixedSize();
  if (Owner.size() > MaxArrays || Bytes > BytesLeft)
    return false;
  BytesLeft -= Bytes;
  for (auto &[V, Of] : Owner)
    if (V == Of)
      Arrays[V] = array(V->getType(), V->getName());
  for (auto &[V, Of] : Owner)
    Arrays[V] = Arrays.lookup(Of);

  llvm::LLVMContext &C = L.getHeader()->getContext();
  llvm::Function &F = *L.getHeader()->getParent();
  llvm::Type *I64 = N.X->getType();
  llvm::IRBuilder<> B(N.Preheader->getTerminator());
  llvm::SCEVExpander Expander(SE, F.getParent()->getDataLayout(), "workitems");
  llvm::Value *Count =
      Expander.expandCodeFor(SE.getAddExpr(SE.getNoopOrZeroExtend(Taken, I64), SE.getOne(I64)), I64,
                             N.Preheader->getTerminator());
  llvm::Value *Start = N.X->getIncomingValueForBlock(N.Preheader);
  llvm::Value *Wide = B.CreateICmpUGE(Count, B.getInt64(MinWorkItems), "workitems.wide");
  // L keeps a preheader of its own (the narrow rows' way in).
  llvm::BasicBlock *Header = L.getHeader();
  llvm::SplitEdge(N.Preheader, Header);
  auto block = [&](const char *Name) { return llvm::BasicBlock::Create(C, Name, &F, N.Exit); };
  llvm::BasicBlock *StripH = block("strip"), *ForeH = block("strip.fore"),
                   *InnerH = block("strip.inner"), *BodyH = block("strip.body"),
                   *InnerL = block("strip.inner.latch"), *AftH = block("strip.aft"),
                   *StripL = block("strip.latch");
  llvm::Instruction *OldBr = N.Preheader->getTerminator();
  llvm::BranchInst::Create(StripH, OldBr->getSuccessor(0), Wide, N.Preheader);
  OldBr->eraseFromParent();
  for (llvm::PHINode &Phi : N.Exit->phis())
    Phi.addIncoming(Phi.getIncomingValueForBlock(L.getLoopLatch()), StripL);

  // The loop over strips.
  B.SetInsertPoint(StripH);
  llvm::PHINode *X0 = B.CreatePHI(I64, 2, "strip.first");
  X0->addIncoming(B.getInt64(0), N.Preheader);
  llvm::Value *Left = B.CreateSub(Count, X0, "strip.left");
  llvm::Value *Cnt = B.CreateSelect(B.CreateICmpULT(Left, B.getInt64(StripWorkItems)), Left,
                                    B.getInt64(StripWorkItems), "strip.count");
  B.CreateBr(ForeH);
  // A loop over the strip's work-items (each part's own): its index, and the work-item's X.
  llvm::MDNode *Parallel = llvm::findOptionMDForLoop(&L, "llvm.loop.parallel_accesses");
  auto workItems = [&](llvm::BasicBlock *Head, llvm::BasicBlock *Before) {
    B.SetInsertPoint(Head);
    llvm::PHINode *Xi = B.CreatePHI(I64, 2, "strip.xi");
    Xi->addIncoming(B.getInt64(0), Before);
    llvm::Value *First = match(Start, llvm::PatternMatch::m_Zero()) ? X0 : B.CreateAdd(Start, X0);
    llvm::Value *X = B.CreateAdd(First, Xi, N.X->getName());
    return std::make_pair(Xi, X);
  };
  auto close = [&](llvm::PHINode *Xi, llvm::BasicBlock *Next) {
    llvm::Value *Xi1 = B.CreateAdd(Xi, B.getInt64(1), "strip.xi.next", true, true);
    Xi->addIncoming(Xi1, B.GetInsertBlock());
    llvm::BranchInst *Br = B.CreateCondBr(B.CreateICmpULT(Xi1, Cnt), Xi->getParent(), Next);
    llvm::MDNode *ID = llvm::MDNode::getDistinct(C, {nullptr, Parallel});
    ID->replaceOperandWith(0, ID);
    Br->setMetadata(llvm::LLVMContext::MD_loop, ID);
  };

  // Fore, for each work-item: its values the later parts take go to their arrays, and so do
  // the varying PHIs' first values.
  auto [XiF, XF] = workItems(ForeH, StripH);
  llvm::ValueToValueMapTy ForeMap;
  ForeMap[N.X] = XF;
  for (llvm::Instruction *I : body(N.Fore))
    clone(B, *I, ForeMap);
  for (auto &[V, Of] : Owner)
    if (isFore(V))
      access(B.CreateStore(ForeMap.lookup(V), element(B, Arrays.lookup(V), XiF)));
  for (llvm::PHINode *Phi : VaryingPhis)
    access(B.CreateStore(mapped(ForeMap, Phi->getIncomingValueForBlock(N.Fore.back())),
                         element(B, Arrays.lookup(Phi), XiF)));
  close(XiF, InnerH);

  // The inner loop's values the same for every work-item, once an iteration.
  B.SetInsertPoint(InnerH);
  llvm::ValueToValueMapTy InnerMap;
  std::vector<std::pair<llvm::PHINode *, llvm::PHINode *>> UniformPhis;
  for (llvm::Instruction *I : BodyUniform) {
    if (auto *Phi = llvm::dyn_cast<llvm::PHINode>(I)) {
      llvm::PHINode *Copy = B.CreatePHI(Phi->getType(), 2, Phi->getName());
      Copy->addIncoming(Phi->getIncomingValueForBlock(N.Fore.back()), ForeH);
      InnerMap[Phi] = Copy;
      UniformPhis.push_back({Phi, Copy});
    } else {
      clone(B, *I, InnerMap);
    }
  }
  B.CreateBr(BodyH);

  // The work-items' part of an iteration.
  auto [XiB, XB] = workItems(BodyH, InnerH);
  llvm::ValueToValueMapTy BodyMap;
  for (llvm::Instruction *I : BodyUniform)
    BodyMap[I] = InnerMap.lookup(I);
  foreValues(B, BodyMap, XB, XiB, BodyVarying);
  for (llvm::PHINode *Phi : VaryingPhis)
    BodyMap[Phi] = access(B.CreateLoad(Phi->getType(), element(B, Arrays.lookup(Phi), XiB),
                                       Phi->getName() + ".strip"));
  for (llvm::Instruction *I : BodyVarying)
    if (!llvm::isa<llvm::PHINode>(I))
      clone(B, *I, BodyMap);
  for (llvm::PHINode *Phi : VaryingPhis)
    access(B.CreateStore(mapped(BodyMap, Phi->getIncomingValueForBlock(N.Body)),
                         element(B, Arrays.lookup(Phi), XiB)));
  for (const llvm::Value *V : Outs)
    if (Owner.lookup(V) == V)
      access(B.CreateStore(BodyMap.lookup(V), element(B, Arrays.lookup(V), XiB)));
  close(XiB, InnerL);

  // The inner loop's latch: its exit test, the same for every work-item.
  B.SetInsertPoint(InnerL);
  auto *Br = llvm::cast<llvm::BranchInst>(N.Body->getTerminator());
  auto target = [&](llvm::BasicBlock *S) { return S == N.Body ? InnerH : AftH; };
  B.CreateCondBr(mapped(InnerMap, Br->getCondition()), target(Br->getSuccessor(0)),
                 target(Br->getSuccessor(1)));
  for (auto &[Phi, Copy] : UniformPhis)
    Copy->addIncoming(mapped(InnerMap, Phi->getIncomingValueForBlock(N.Body)), InnerL);

  // Aft, for each work-item, with the inner loop's last values.
  auto [XiA, XA] = workItems(AftH, InnerL);
  llvm::ValueToValueMapTy AftMap;
  for (llvm::Instruction *I : BodyUniform)
    AftMap[I] = InnerMap.lookup(I);
  foreValues(B, AftMap, XA, XiA, AftUsers);
  for (const llvm::Value *V : Outs)
    AftMap[V] = access(
        B.CreateLoad(V->getType(), element(B, Arrays.lookup(V), XiA), V->getName() + ".strip"));
  for (llvm::PHINode &Lcssa : InnerExit->phis())
    AftMap[&Lcssa] = mapped(AftMap, Lcssa.getIncomingValue(0));
  for (llvm::Instruction *I : AftBody)
    clone(B, *I, AftMap);
  close(XiA, StripL);

  B.SetInsertPoint(StripL);
  llvm::Value *Next = B.CreateAdd(X0, B.getInt64(StripWorkItems), "strip.next", true, true);
  X0->addIncoming(Next, StripL);
  B.CreateCondBr(B.CreateICmpULT(Next, Count), StripH, N.Exit);
  return true;
}

} // namespace

bool interchangeWorkItems(llvm::Function &F, llvm::FunctionAnalysisManager &FAM) {
  bool Changed = false;
  size_t BytesLeft = MaxArrayBytes;
  llvm::SmallPtrSet<const llvm::BasicBlock *, 4> Tried;
  for (bool Again = true; Again;) {
    Again = false;
    auto &LI = FAM.getResult<llvm::LoopAnalysis>(F);
    for (llvm::Loop *L : LI.getLoopsInPreorder()) {
      if (!Tried.insert(L->getHeader()).second)
        continue;
      std::optional<Nest> N = nestOf(*L);
      // (ScalarEvolution only for a nest of the shape the pass takes: computed here and kept, it
      // would change what the vectorizers later make of functions without one.)
      if (!N || !legal(*N) ||
          !Interchange(*N, FAM.getResult<llvm::ScalarEvolutionAnalysis>(F), BytesLeft).run())
        continue;
      // One nest at a time: the analyses start again on the rewritten function.
      FAM.invalidate(F, llvm::PreservedAnalyses::none());
      Changed = Again = true;
      break;
    }
  }
  if (Changed) {
    llvm::FunctionPassManager Tidy;
    Tidy.addPass(llvm::LoopSimplifyPass());
    Tidy.addPass(llvm::LCSSAPass());
    FAM.invalidate(F, Tidy.run(F, FAM));
  }
  return Changed;
}

llvm::PreservedAnalyses InterchangeWorkItemsPass::run(llvm::Function &F,
                                                      llvm::FunctionAnalysisManager &FAM) {
  return interchangeWorkItems(F, FAM) ? llvm::PreservedAnalyses::none()
                                      : llvm::PreservedAnalyses::all();
}

} // namespace weft::compiler
