// weft-check-rows: see Passes.h.
//
// weft-check-bounds leaves each checked access's test as `__weft_check_refused(offset, last,
// too_short)`. Tested access by access, a loop over work-items computes one more 64-bit comparison,
// selects and masked loads and stores per access and work-item (a triad ran at a third of its
// speed). But the offsets of most accesses are affine in the work-items and in the loops inside
// them: `a[i]` in the row's loop is {4 * first, +, 4}; `b[k * n + col]` in a loop over k inside it
// is {{..., +, 4}<x>, +, 4n}<k>. Over the whole loop such an offset lies between the values at its
// ends (no wrap: the addresses are in-bounds GEPs), which SCEV computes before the loop. So the loop
// runs in two versions: if every such test passes for the whole range (both ends no more than
// `last`, the argument long enough), a copy in which those tests are false, which folds back to
// the kernel's own code; else the loop as it was. Tests whose offsets are not affine (a gather's
// `a[index[i]]`) stay in both. Then every test becomes its comparison.
//
// At -O0 (no vectorizer, no versions) only the lowering runs, at the end of the pipeline.
//
// weft-check-widths (see Passes.h), at the end of this file, asks for the vector width of loops
// over work-items whose checks' own accesses are wider than the kernel's.
#include "compiler/passes/Common.h"
#include "compiler/passes/Passes.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/ScalarEvolutionExpressions.h>
#include <llvm/Analysis/TargetTransformInfo.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/PatternMatch.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Transforms/Utils/LCSSA.h>
#include <llvm/Transforms/Utils/Local.h>
#include <llvm/Transforms/Utils/LoopSimplify.h>
#include <llvm/Transforms/Utils/LoopUtils.h>
#include <llvm/Transforms/Utils/ScalarEvolutionExpander.h>

#include <algorithm>
#include <functional>
#include <limits>
#include <optional>
#include <set>

namespace weft::compiler {
namespace {

bool isRefusal(const llvm::Instruction &I) {
  auto *Call = llvm::dyn_cast<llvm::CallInst>(&I);
  return Call && Call->getCalledFunction() && Call->getCalledFunction()->getName() == "__weft_check_refused";
}

std::vector<llvm::CallInst *> refusalsIn(llvm::ArrayRef<llvm::BasicBlock *> Blocks) {
  std::vector<llvm::CallInst *> Found;
  for (llvm::BasicBlock *BB : Blocks)
    for (llvm::Instruction &I : *BB)
      if (isRefusal(I))
        Found.push_back(llvm::cast<llvm::CallInst>(&I));
  return Found;
}

/// weft-check-bounds' `__weft_check_unsure(unsure)`: whether a check must run that a test the
/// same in the group may show unneeded (race tags of accesses kept apart, marks of reads of
/// bytes written before).
bool isUnsure(const llvm::Value *V) {
  auto *Call = llvm::dyn_cast<llvm::CallInst>(V);
  return Call && Call->getCalledFunction() &&
         Call->getCalledFunction()->getName() == "__weft_check_unsure";
}

std::vector<llvm::CallInst *> unsureIn(llvm::ArrayRef<llvm::BasicBlock *> Blocks) {
  std::vector<llvm::CallInst *> Found;
  for (llvm::BasicBlock *BB : Blocks)
    for (llvm::Instruction &I : *BB)
      if (isUnsure(&I))
        Found.push_back(llvm::cast<llvm::CallInst>(&I));
  return Found;
}

/// The least and greatest values (signed) of expressions over every iteration of a loop L and of
/// the loops inside it, as expressions computable before L, and the conditions they rely on.
class Ranges {
public:
  Ranges(const llvm::Loop &L, llvm::ScalarEvolution &SE) : L(L), SE(SE) {}

  using Range = std::pair<const llvm::SCEV *, const llvm::SCEV *>;
  /// A value that must lie within [Min, Max] (signed) for the ranges to hold.
  struct Bound {
    Range R;
    int64_t Min, Max;
  };
  std::vector<Bound> Bounds;

  /// S's range computed in T (S's own type or a wider one; extending S's parts where T is wider,
  /// by sign if Signed, else by zeros): S is invariant in L, or sums and constant multiples of affine recurrences of L or of
  /// loops inside it with steps and trip counts invariant in L, over such starts. Where an
  /// extension of an i32 (or narrower) value is computed wide, its range must fit the narrow type
  /// (a Bound): then the narrow arithmetic did not wrap, and both agree.
  std::optional<Range> of(const llvm::SCEV *S, llvm::Type *T, bool Signed = true) {
    auto Extend = [&](const llvm::SCEV *X) {
      return Signed ? SE.getTruncateOrSignExtend(X, T) : SE.getTruncateOrZeroExtend(X, T);
    };
    if (SE.isLoopInvariant(S, &L)) {
      const llvm::SCEV *Wide = Extend(S);
      return Range(Wide, Wide);
    }
    if (llvm::isa<llvm::SCEVSignExtendExpr>(S) || llvm::isa<llvm::SCEVZeroExtendExpr>(S)) {
      const bool Sext = llvm::isa<llvm::SCEVSignExtendExpr>(S);
      const llvm::SCEV *Op = llvm::cast<llvm::SCEVCastExpr>(S)->getOperand();
      const unsigned Bits = Op->getType()->getIntegerBitWidth();
      auto R = Bits < 63 ? of(Op, T, Sext) : std::nullopt;
      if (!R)
        return std::nullopt;
      Bounds.push_back({*R, Sext ? -(int64_t(1) << (Bits - 1)) : 0,
                        Sext ? (int64_t(1) << (Bits - 1)) - 1 : (int64_t(1) << Bits) - 1});
      return R;
    }
    if (auto *Add = llvm::dyn_cast<llvm::SCEVAddExpr>(S)) {
      Range Sum(SE.getZero(T), SE.getZero(T));
      for (const llvm::SCEV *Op : Add->operands()) {
        auto R = of(Op, T, Signed);
        if (!R)
          return std::nullopt;
        Sum = Range(SE.getAddExpr(Sum.first, R->first), SE.getAddExpr(Sum.second, R->second));
      }
      return Sum;
    }
    if (auto *Mul = llvm::dyn_cast<llvm::SCEVMulExpr>(S); Mul && Mul->getNumOperands() == 2) {
      auto *C = llvm::dyn_cast<llvm::SCEVConstant>(Mul->getOperand(0));
      auto R = C ? of(Mul->getOperand(1), T, Signed) : std::nullopt;
      if (!R)
        return std::nullopt;
      const llvm::SCEV *Factor = Extend(C);
      const llvm::SCEV *A = SE.getMulExpr(Factor, R->first), *B = SE.getMulExpr(Factor, R->second);
      return C->getAPInt().isNegative() ? Range(B, A) : Range(A, B);
    }
    auto *AR = llvm::dyn_cast<llvm::SCEVAddRecExpr>(S);
    if (!AR || !AR->isAffine() || !L.contains(AR->getLoop()))
      return std::nullopt;
    const llvm::SCEV *Step = AR->getStepRecurrence(SE);
    const llvm::SCEV *Taken = SE.getBackedgeTakenCount(AR->getLoop());
    if (!SE.isLoopInvariant(Step, &L) || llvm::isa<llvm::SCEVCouldNotCompute>(Taken) ||
        !SE.isLoopInvariant(Taken, &L))
      return std::nullopt;
    if (AR->getLoop() == &L && Guard && Guard->getType()->getIntegerBitWidth() <= Taken->getType()->getIntegerBitWidth())
      Taken = SE.getUMinExpr(Taken, SE.getNoopOrZeroExtend(Guard, Taken->getType()));
    auto Start = of(AR->getStart(), T, Signed);
    if (!Start)
      return std::nullopt;
    // The last iteration's value is the start plus the step times the iterations after the
    // first; the step's sign decides which end is which (SCEV folds the minimum and maximum where
    // it can tell).
    const llvm::SCEV *Span = SE.getMulExpr(SE.getTruncateOrZeroExtend(Taken, T), Extend(Step));
    return Range(SE.getSMinExpr(Start->first, SE.getAddExpr(Start->first, Span)),
                 SE.getSMaxExpr(Start->second, SE.getAddExpr(Start->second, Span)));
  }

  /// For the test at hand, where guards allow fewer iterations of L than it runs: the most
  /// iterations after the first that reach the test (guardedIterations), else null.
  const llvm::SCEV *Guard = nullptr;

private:
  const llvm::Loop &L;
  llvm::ScalarEvolution &SE;
};

/// How many iterations of L after the first may reach BB, as far as the branches in L that
/// guard it tell, or null: a branch on `g < x` (unsigned, g a 64-bit affine recurrence of L of
/// step 1, x invariant in L; also `x > g`, its negation on the false edge, and the operands of
/// `&&`) whose edge to BB dominates it lets at most max(x, start + 1) - (start + 1) of them
/// through, start being g's (`if (i < n)`, the guard of a tail or of a reduction's active half):
/// x - 1 - start, or none where x is no more than the start (a reduction's last round, `l < 1`
/// with work-item 0 peeled, would otherwise wrap to a count the whole loop then bounds, and the
/// round ran in the version with tests). That holds where g does not wrap over L: Bounds gets its
/// start, L's backedge count and their sum, each within [0, INT64_MAX].
const llvm::SCEV *guardedIterations(const llvm::Loop &L, llvm::BasicBlock *BB, llvm::DominatorTree &DT,
                                    llvm::ScalarEvolution &SE, std::vector<Ranges::Bound> &Bounds) {
  using namespace llvm::PatternMatch;
  const llvm::SCEV *Most = nullptr;
  std::function<void(llvm::Value *, bool)> Holds = [&](llvm::Value *C, bool True) {
    llvm::Value *A, *B;
    if (True ? match(C, m_LogicalAnd(m_Value(A), m_Value(B))) : match(C, m_LogicalOr(m_Value(A), m_Value(B)))) {
      Holds(A, True);
      Holds(B, True);
      return;
    }
    auto *Cmp = llvm::dyn_cast<llvm::ICmpInst>(C);
    if (!Cmp)
      return;
    llvm::CmpInst::Predicate P = True ? Cmp->getPredicate() : Cmp->getInversePredicate();
    llvm::Value *G = Cmp->getOperand(0), *X = Cmp->getOperand(1);
    if (P == llvm::CmpInst::ICMP_UGT)
      std::swap(G, X);
    else if (P != llvm::CmpInst::ICMP_ULT)
      return;
    auto *AR = llvm::dyn_cast<llvm::SCEVAddRecExpr>(SE.getSCEV(G));
    const llvm::SCEV *Taken = SE.getBackedgeTakenCount(&L);
    if (!AR || AR->getLoop() != &L || !AR->isAffine() || !AR->getStepRecurrence(SE)->isOne() ||
        !AR->getType()->isIntegerTy(64) || !SE.isLoopInvariant(SE.getSCEV(X), &L) ||
        llvm::isa<llvm::SCEVCouldNotCompute>(Taken) || !SE.isLoopInvariant(AR->getStart(), &L))
      return;
    // g's start, the iterations and their sum all in [0, INT64_MAX]: the sum did not wrap.
    Taken = SE.getNoopOrZeroExtend(Taken, AR->getType());
    for (const llvm::SCEV *V : {AR->getStart(), Taken, SE.getAddExpr(AR->getStart(), Taken)})
      Bounds.push_back({{V, V}, 0, std::numeric_limits<int64_t>::max()});
    const llvm::SCEV *First = SE.getAddExpr(AR->getStart(), SE.getOne(AR->getType()));
    const llvm::SCEV *Count = SE.getMinusSCEV(SE.getUMaxExpr(SE.getSCEV(X), First), First);
    Most = Most ? SE.getUMinExpr(Most, Count) : Count;
  };
  for (llvm::DomTreeNode *N = DT.getNode(BB)->getIDom(); N && L.contains(N->getBlock()); N = N->getIDom()) {
    auto *Br = llvm::dyn_cast<llvm::BranchInst>(N->getBlock()->getTerminator());
    if (!Br || !Br->isConditional() || Br->getSuccessor(0) == Br->getSuccessor(1))
      continue;
    for (unsigned Way = 0; Way < 2; ++Way)
      if (DT.dominates(llvm::BasicBlockEdge(N->getBlock(), Br->getSuccessor(Way)), BB))
        Holds(Br->getCondition(), Way == 0);
  }
  return Most;
}

/// Removes, in Blocks, the stores of a value just loaded from the same place (what a folded
/// version's slot updates become), and the loads left unused.
void dropSelfStores(llvm::ArrayRef<llvm::BasicBlock *> Blocks) {
  for (llvm::BasicBlock *BB : Blocks)
    for (llvm::Instruction &I : llvm::make_early_inc_range(*BB)) {
      auto *S = llvm::dyn_cast<llvm::StoreInst>(&I);
      auto *Load = S ? llvm::dyn_cast<llvm::LoadInst>(S->getValueOperand()) : nullptr;
      if (!Load || Load->getPointerOperand() != S->getPointerOperand() || Load->getParent() != BB ||
          !S->isSimple() || !Load->isSimple())
        continue;
      bool Clobbered = false;
      for (llvm::Instruction *J = Load->getNextNode(); J != S; J = J->getNextNode())
        Clobbered |= J->mayWriteToMemory();
      if (Clobbered)
        continue;
      S->eraseFromParent();
      if (Load->use_empty())
        Load->eraseFromParent();
    }
}

/// In a version whose tests folded: the reports' blocks, no longer reached, deleted (out of
/// LoopInfo first); the guards' blocks, now straight lines, merged (weft-jam-work-items takes only
/// nests of plain shape).
void tidy(llvm::Loop &L, llvm::LoopInfo &LI) {
  for (bool Deleted = true; Deleted;) {
    Deleted = false;
    llvm::SmallVector<llvm::BasicBlock *, 32> Dead;
    for (llvm::BasicBlock *BB : L.blocks())
      if (BB != L.getHeader() && llvm::pred_empty(BB))
        Dead.push_back(BB);
    for (llvm::BasicBlock *BB : Dead) {
      LI.removeBlock(BB);
      llvm::DeleteDeadBlock(BB);
      Deleted = true;
    }
  }
  llvm::SmallVector<llvm::BasicBlock *, 32> Lines;
  for (llvm::BasicBlock *BB : L.blocks())
    if (BB != L.getHeader() && llvm::pred_size(BB) == 1)
      Lines.push_back(BB);
  for (llvm::BasicBlock *BB : Lines)
    llvm::MergeBlockIntoPredecessor(BB, nullptr, &LI);
  // What only the folded tests and their reports used (a collapsed row's `i % size.x`, the
  // work-item a report would name): no pass removes it before the loop vectorizer, whose cost
  // model counts a vector remainder as dear enough to keep the loop scalar.
  llvm::SmallVector<llvm::WeakTrackingVH, 16> Dead;
  for (llvm::BasicBlock *BB : L.blocks())
    for (llvm::Instruction &I : *BB)
      if (llvm::isInstructionTriviallyDead(&I))
        Dead.push_back(&I);
  llvm::RecursivelyDeleteTriviallyDeadInstructionsPermissive(Dead);
}

/// Whether V is invariant in L, once moved before At if it is computed in L from invariant values
/// and the work-group context's invariant loads (an extent LLVM left in a block only some
/// work-items run; the context is always there to read).
bool hoist(llvm::Value *V, llvm::Loop &L, llvm::Instruction *At) {
  auto *I = llvm::dyn_cast<llvm::Instruction>(V);
  if (!I || !L.contains(I))
    return true;
  auto *Intrinsic = llvm::dyn_cast<llvm::IntrinsicInst>(I);
  const bool MinMax = Intrinsic && (llvm::isa<llvm::MinMaxIntrinsic>(Intrinsic) ||
                                    Intrinsic->getIntrinsicID() == llvm::Intrinsic::abs);
  const bool Pure =
      llvm::isa<llvm::BinaryOperator, llvm::CmpInst, llvm::CastInst, llvm::GetElementPtrInst,
                llvm::SelectInst>(I) ||
      MinMax ||
      (llvm::isa<llvm::LoadInst>(I) && I->hasMetadata(llvm::LLVMContext::MD_invariant_load));
  if (!Pure || (llvm::isa<llvm::BinaryOperator>(I) && !llvm::isSafeToSpeculativelyExecute(I)))
    return false;
  for (llvm::Value *Op : I->operands())
    if (!hoist(Op, L, At))
      return false;
  I->moveBefore(At);
  return true;
}

/// L's preheader (made if missing) where L can run in two versions: it exits from its latch
/// alone, to one block; else null.
llvm::BasicBlock *versionable(llvm::Loop &L, llvm::DominatorTree &DT, llvm::LoopInfo &LI) {
  llvm::BasicBlock *Latch = L.getLoopLatch(), *Exit = L.getUniqueExitBlock();
  if (!Latch || !Exit || L.getExitingBlock() != Latch)
    return nullptr;
  llvm::BasicBlock *Preheader = L.getLoopPreheader();
  return Preheader ? Preheader
                   : llvm::InsertPreheaderForLoop(&L, &DT, &LI, nullptr, /*PreserveLCSSA=*/false);
}

/// Versions L (see the file's header) if some of its tests have ranges: the copy's header, or
/// null. Leaves the analyses out of date.
llvm::BasicBlock *version(llvm::Loop &L, llvm::ScalarEvolution &SE, llvm::DominatorTree &DT,
                          llvm::LoopInfo &LI) {
  llvm::BasicBlock *Latch = L.getLoopLatch(), *Exit = L.getUniqueExitBlock();
  llvm::BasicBlock *Preheader = versionable(L, DT, LI);
  if (!Preheader)
    return nullptr;
  struct Tested {
    llvm::CallInst *Test;
    Ranges::Range R;
  };
  llvm::Function &F = *Preheader->getParent();
  llvm::SCEVExpander Expander(SE, F.getParent()->getDataLayout(), "check.range");
  llvm::Instruction *At = Preheader->getTerminator();
  auto Expandable = [&](const Ranges::Range &R) {
    return Expander.isSafeToExpandAt(R.first, At) && Expander.isSafeToExpandAt(R.second, At);
  };
  Ranges Find(L, SE);
  std::vector<Tested> Tests;
  for (llvm::CallInst *Test : refusalsIn(L.getBlocks())) {
    if (!hoist(Test->getArgOperand(1), L, At) || !hoist(Test->getArgOperand(2), L, At))
      continue;
    const size_t Bounds = Find.Bounds.size();
    // Where the test's result is used (LLVM may have hoisted the test itself above its guard, as
    // it may a call without effects).
    llvm::BasicBlock *Used = nullptr;
    for (llvm::User *U : Test->users())
      if (auto *I = llvm::dyn_cast<llvm::Instruction>(U))
        Used = Used ? DT.findNearestCommonDominator(Used, I->getParent()) : I->getParent();
    Find.Guard = guardedIterations(L, Used && L.contains(Used) ? Used : Test->getParent(), DT, SE, Find.Bounds);
    auto R = Find.of(SE.getSCEV(Test->getArgOperand(0)), Test->getArgOperand(0)->getType());
    if (R && Expandable(*R) &&
        std::all_of(Find.Bounds.begin() + Bounds, Find.Bounds.end(),
                    [&](const Ranges::Bound &B) { return Expandable(B.R); }))
      Tests.push_back({Test, *R});
    else
      Find.Bounds.resize(Bounds);
  }
  // Tests LICM took out of L (their offsets invariant in it, like a row's `t[ly][k]` in the loop
  // over x) whose results L uses: the copy runs where they pass too.
  std::vector<llvm::CallInst *> Hoisted;
  for (llvm::BasicBlock *BB : L.blocks())
    for (llvm::Instruction &I : *BB)
      for (llvm::Value *Op : I.operands())
        if (auto *T = llvm::dyn_cast<llvm::CallInst>(Op);
            T && isRefusal(*T) && !L.contains(T) && DT.dominates(T, At) && !llvm::is_contained(Hoisted, T))
          Hoisted.push_back(T);
  if (Tests.empty() && Hoisted.empty())
    return nullptr;
  llvm::formLCSSARecursively(L, DT, &LI, &SE);
  // Before the loop: whether every range lies within its argument's memory (offsets from the
  // argument's pointer, signed: none before it, none past `last`), and every narrow index within
  // its type.
  llvm::IRBuilder<> B(At);
  llvm::Value *Within = B.getTrue();
  auto Expand = [&](const Ranges::Range &R, llvm::Type *T) {
    return std::make_pair(Expander.expandCodeFor(R.first, T, At), Expander.expandCodeFor(R.second, T, At));
  };
  for (const Tested &T : Tests) {
    llvm::Type *Ty = T.Test->getArgOperand(0)->getType();
    auto [Low, High] = Expand(T.R, Ty);
    llvm::Value *Fits = B.CreateAnd(B.CreateICmpSGE(Low, llvm::ConstantInt::get(Ty, 0)),
                                    B.CreateICmpULE(High, T.Test->getArgOperand(1)));
    Within = B.CreateAnd(Within, B.CreateAnd(Fits, B.CreateNot(T.Test->getArgOperand(2))));
  }
  for (llvm::CallInst *T : Hoisted)
    Within = B.CreateAnd(Within, B.CreateNot(T));
  for (const Ranges::Bound &Bd : Find.Bounds) {
    llvm::Type *Ty = Bd.R.first->getType();
    auto [Low, High] = Expand(Bd.R, Ty);
    Within = B.CreateAnd(Within, B.CreateAnd(B.CreateICmpSGE(Low, llvm::ConstantInt::get(Ty, Bd.Min, true)),
                                             B.CreateICmpSLE(High, llvm::ConstantInt::get(Ty, Bd.Max, true))));
  }
  // A loop inside L entered only when a condition invariant in L holds (`for (j = 0; j < n; ++j)`
  // behind `n > 0`): the copy runs only where it holds too, and takes the loop unguarded, a plain
  // nest for weft-jam-work-items. LLVM's unswitching takes such a test out of an unchecked loop,
  // but ran here before the checks folded, on a loop their records made too large for it.
  std::vector<std::pair<llvm::Value *, bool>> Guards;
  for (llvm::Loop *Sub : L.getSubLoops()) {
    llvm::BasicBlock *Entry = Sub->getLoopPreheader();
    llvm::BasicBlock *From = Entry ? Entry->getSinglePredecessor() : nullptr;
    auto *Br = From ? llvm::dyn_cast<llvm::BranchInst>(From->getTerminator()) : nullptr;
    if (!Br || !Br->isConditional() || !L.contains(From) || Br->getSuccessor(0) == Br->getSuccessor(1) ||
        !hoist(Br->getCondition(), L, At))
      continue;
    const bool Taken = Br->getSuccessor(0) == Entry;
    Guards.push_back({Br->getCondition(), Taken});
    Within = B.CreateAnd(Within, Taken ? Br->getCondition() : B.CreateNot(Br->getCondition()));
  }
  llvm::BasicBlock *Original =
      llvm::SplitBlock(Preheader, Preheader->getTerminator(), &DT, &LI, nullptr, "check.rows.outside");
  llvm::ValueToValueMapTy Map;
  llvm::Loop *Inside = copyLoop(L, Original, ".check.inside", Map, DT, LI);
  Preheader->getTerminator()->eraseFromParent();
  llvm::BranchInst::Create(Inside->getLoopPreheader(), Original, Within, Preheader);
  addExitValues(Exit, Latch, Map, llvm::cast<llvm::BasicBlock>(Map[Latch]));
  for (const Tested &T : Tests) {
    auto *Copy = llvm::cast<llvm::CallInst>(Map[T.Test]);
    foldTest(Copy, false, Inside->getBlocks());
    if (Copy->use_empty())
      Copy->eraseFromParent();
  }
  for (llvm::CallInst *T : Hoisted)
    foldTest(T, false, Inside->getBlocks());
  for (auto [Guard, Taken] : Guards)
    foldTest(Guard, Taken, Inside->getBlocks());
  dropSelfStores(Inside->getBlocks());
  tidy(*Inside, LI);
  // The loop as it was runs only where a range is out of bounds (the report's way): Weft's later
  // loop passes leave it alone (weft-jam-work-items's split into scalars, which holds for all the
  // nests of a function or none, would otherwise give up on its larger inner loop).
  L.setLoopID(llvm::makePostTransformationMetadata(F.getContext(), L.getLoopID(), {attr::WorkItemLoop}, {}));
  return Inside->getHeader();
}

/// Versions L on weft-check-bounds' tests of what its checks may skip (isUnsure) where they are
/// the same for the whole loop: the copy runs where no check is needed, with the checks folded
/// away, the loop as it was where one is. Apart from version()'s copies, so that a test that
/// fails costs only the check it guards, not every access's bounds. The copy's header, or null.
llvm::BasicBlock *versionUnsure(llvm::Loop &L, llvm::DominatorTree &DT, llvm::LoopInfo &LI) {
  llvm::BasicBlock *Latch = L.getLoopLatch(), *Exit = L.getUniqueExitBlock();
  llvm::BasicBlock *Preheader = versionable(L, DT, LI);
  if (!Preheader)
    return nullptr;
  llvm::Instruction *At = Preheader->getTerminator();
  std::vector<llvm::CallInst *> Tests;
  for (llvm::CallInst *Test : unsureIn(L.getBlocks()))
    if (hoist(Test->getArgOperand(0), L, At))
      Tests.push_back(Test);
  // Tests LLVM took out of L, whose results L uses.
  for (llvm::BasicBlock *BB : L.blocks())
    for (llvm::Instruction &I : *BB)
      for (llvm::Value *Op : I.operands())
        if (auto *T = llvm::dyn_cast<llvm::CallInst>(Op); T && isUnsure(T) && !L.contains(T) &&
                                                          DT.dominates(T, At) &&
                                                          !llvm::is_contained(Tests, T))
          Tests.push_back(T);
  if (Tests.empty())
    return nullptr;
  llvm::formLCSSARecursively(L, DT, &LI, nullptr);
  llvm::IRBuilder<> B(At);
  llvm::Value *Sure = B.getTrue();
  for (llvm::CallInst *T : Tests)
    Sure = B.CreateAnd(Sure, B.CreateNot(L.contains(T) ? T->getArgOperand(0) : T));
  llvm::BasicBlock *Original = llvm::SplitBlock(Preheader, Preheader->getTerminator(), &DT, &LI,
                                                nullptr, "check.unsure.outside");
  llvm::ValueToValueMapTy Map;
  llvm::Loop *Inside = copyLoop(L, Original, ".check.sure", Map, DT, LI);
  Preheader->getTerminator()->eraseFromParent();
  llvm::BranchInst::Create(Inside->getLoopPreheader(), Original, Sure, Preheader);
  addExitValues(Exit, Latch, Map, llvm::cast<llvm::BasicBlock>(Map[Latch]));
  for (llvm::CallInst *T : Tests) {
    auto *Copy = L.contains(T) ? llvm::cast<llvm::CallInst>(Map[T]) : T;
    foldTest(Copy, false, Inside->getBlocks());
    if (Copy != T && Copy->use_empty())
      Copy->eraseFromParent();
  }
  dropSelfStores(Inside->getBlocks());
  tidy(*Inside, LI);
  return Inside->getHeader();
}

/// Versions (Version: the copy's header, or null) each loop of F that Takes, once, outermost
/// first, found again after each version (which leaves LoopInfo out of date); a version's copy is
/// not versioned again.
template <class TakesT, class VersionT>
void versionEach(llvm::Function &F, llvm::FunctionAnalysisManager &FAM, TakesT Takes,
                 VersionT Version) {
  std::set<const llvm::BasicBlock *> Done;
  for (;;) {
    llvm::Loop *Next = nullptr;
    for (llvm::Loop *L : FAM.getResult<llvm::LoopAnalysis>(F).getLoopsInPreorder())
      if (Takes(*L) && !Done.count(L->getHeader())) {
        Next = L;
        break;
      }
    if (!Next)
      return;
    Done.insert(Next->getHeader());
    if (llvm::BasicBlock *Copy = Version(*Next)) {
      Done.insert(Copy);
      FAM.invalidate(F, llvm::PreservedAnalyses::none());
    }
  }
}

/// `offset > last || too_short`.
void lower(llvm::CallInst *Test) {
  llvm::IRBuilder<> B(Test);
  llvm::Value *Past = B.CreateICmpUGT(Test->getArgOperand(0), Test->getArgOperand(1));
  llvm::Value *Refused = B.CreateOr(Past, Test->getArgOperand(2));
  Refused->takeName(Test);
  Test->replaceAllUsesWith(Refused);
  Test->eraseFromParent();
}

} // namespace

llvm::PreservedAnalyses CheckRowsPass::run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM) {
  std::vector<llvm::BasicBlock *> All;
  for (llvm::BasicBlock &BB : F)
    All.push_back(&BB);
  if (refusalsIn(All).empty() && unsureIn(All).empty())
    return llvm::PreservedAnalyses::all();
  if (Versions) {
    // The loops that run work-items' code: weft-kernel-entry's loops over a row's work-items, and
    // what weft-group-stride-loops made of a row's loop over local ids (collapsed) or over global
    // ids (its loop over a row's blocks, collapsed, around a loop over one block: that inner loop,
    // whose trip count changes from block to block, is the one whose ranges are known before it).
    // Then a loop around one innermost loop with tests, with nothing in it that calls out (a
    // kernel's loop of small async copies: its version without tests is a plain nest, which
    // weft-transpose-nests and weft-plan-copy-chains take; its original's inner loop is
    // versioned as it would be alone). Then any other innermost loop with tests: one work-item's
    // own loop (the built-in library's copy loop of a small async copy, which work-item 0 runs
    // for the group; a loop over a tile in the loop over work-items' version with tests), whose
    // ranges are known before it too.
    auto Versioned = [](const llvm::Loop &L) {
      if (isWorkItemLoop(L))
        return true;
      if (L.getSubLoops().size() == 1 && L.getSubLoops()[0]->isInnermost() &&
          !refusalsIn(L.getBlocks()).empty() &&
          llvm::none_of(L.blocks(), [](const llvm::BasicBlock *BB) {
            return llvm::any_of(*BB, [](const llvm::Instruction &I) {
              auto *Call = llvm::dyn_cast<llvm::CallBase>(&I);
              return Call && !isRefusal(I) && Call->mayHaveSideEffects();
            });
          }))
        return true;
      const llvm::Loop *Parent = L.getParentLoop();
      return L.isInnermost() &&
             (llvm::findOptionMDForLoop(&L, attr::CollapsedRow) ||
              (Parent && llvm::findOptionMDForLoop(Parent, attr::CollapsedRow)) ||
              !refusalsIn(L.getBlocks()).empty());
    };
    versionEach(F, FAM, Versioned, [&](llvm::Loop &L) {
      return version(L, FAM.getResult<llvm::ScalarEvolutionAnalysis>(F),
                     FAM.getResult<llvm::DominatorTreeAnalysis>(F),
                     FAM.getResult<llvm::LoopAnalysis>(F));
    });
    // Then the loops over work-items (the copies made above too) on the tests of what checks
    // may skip.
    versionEach(F, FAM, isWorkItemLoop, [&](llvm::Loop &L) {
      return versionUnsure(L, FAM.getResult<llvm::DominatorTreeAnalysis>(F),
                           FAM.getResult<llvm::LoopAnalysis>(F));
    });
  }
  llvm::removeUnreachableBlocks(F); // the versions' folded branches' other ways
  All.clear();
  for (llvm::BasicBlock &BB : F)
    All.push_back(&BB);
  for (llvm::CallInst *Test : refusalsIn(All))
    lower(Test);
  for (llvm::CallInst *Test : unsureIn(All)) {
    Test->replaceAllUsesWith(Test->getArgOperand(0));
    Test->eraseFromParent();
  }
  return llvm::PreservedAnalyses::none();
}

llvm::PreservedAnalyses CheckWidthsPass::run(llvm::Function &F,
                                             llvm::FunctionAnalysisManager &FAM) {
  const unsigned Kind = F.getContext().getMDKindID(attr::CheckAccess);
  if (llvm::none_of(llvm::instructions(F),
                    [Kind](const llvm::Instruction &I) { return I.getMetadata(Kind); }))
    return llvm::PreservedAnalyses::all();
  const llvm::DataLayout &DL = F.getParent()->getDataLayout();
  const uint64_t Bits = FAM.getResult<llvm::TargetIRAnalysis>(F)
                            .getRegisterBitWidth(llvm::TargetTransformInfo::RGK_FixedWidthVector)
                            .getFixedSize();
  bool Changed = false;
  for (llvm::Loop *L : FAM.getResult<llvm::LoopAnalysis>(F).getLoopsInPreorder()) {
    if (!L->isInnermost() || !isWorkItemLoop(*L) ||
        llvm::findOptionMDForLoop(L, "llvm.loop.vectorize.width"))
      continue;
    // The widest element the loop loads or stores, as the loop vectorizer measures it (a
    // vector's element), of the kernel's own accesses and of the checks'.
    uint64_t Kernel = 0, Checks = 0;
    bool Shadow = false;
    for (llvm::BasicBlock *BB : L->blocks())
      for (llvm::Instruction &I : *BB) {
        llvm::Type *T = nullptr;
        if (auto *Load = llvm::dyn_cast<llvm::LoadInst>(&I))
          T = Load->getType();
        else if (auto *Store = llvm::dyn_cast<llvm::StoreInst>(&I))
          T = Store->getValueOperand()->getType();
        else
          continue;
        const llvm::MDNode *Check = I.getMetadata(Kind);
        if (Check && Check->getNumOperands() == 1)
          if (auto *What = llvm::dyn_cast<llvm::MDString>(Check->getOperand(0)))
            Shadow |= What->getString() == attr::CheckAccessShadow;
        uint64_t &Widest = Check ? Checks : Kernel;
        Widest =
            std::max<uint64_t>(Widest, DL.getTypeSizeInBits(T->getScalarType()).getFixedSize());
      }
    if (!Shadow || Kernel == 0 || Checks <= Kernel || Bits / Kernel < 2)
      continue;
    llvm::addStringMetadataToLoop(L, "llvm.loop.vectorize.width", unsigned(Bits / Kernel));
    Changed = true;
  }
  return Changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

} // namespace weft::compiler
