// weft-split-work-item-ranges: see Passes.h.
//
// A work-item loop (weft-kernel-entry's x loop) whose body tests the work-item's index against a
// bound the same for every work-item,
//
//   if (get_global_id(0) < n) c[i] = a[i] + k * b[i];        // a bounds check
//   if (get_local_id(0) < s) scratch[l] += scratch[l + s];    // a tree reduction's round
//
// is vectorized by LLVM with the test as a mask on every load and store. On AMD's Zen 3 a masked
// store costs about ten times a plain one, and the bounds-checked triad above ran several times
// slower than without its test, in Weft and in PoCL alike (docs/performance.md,
// "weft-split-work-item-ranges"). Yet the index grows by
// one a work-item, so the test holds for a prefix of the row's work-items and fails for the rest
// (or the other way round). The loop is split at that point: a copy runs the prefix with the test
// folded to its outcome there, then the loop runs the rest as before, testing. A row whose
// work-items all pass (every work-group but the last, for a bounds check) runs in the copy alone.
//
// A condition may join several tests with && and || (LLVM joins a stencil's `i > 0 && i < n - 1`
// into one, with `i > 0` as `i != 0`): the split takes the first test on the index, and a copy
// still holding another is split again at that one (twice at most). In each copy the test is a
// constant, and what it decided folds away.
//
// The prefix's length is computed before the loop from the index's first value, the bound and the
// trip count. When the index could wrap around within the row (then the test need not hold for a
// prefix: an `int` id near 2^31, say), the loop runs as written, in a third, scalar version.
//
// A test computed before the loop, the same for every work-item, is masked by as well (the
// vectorizer does not know the mask is the same in every lane): in the region after a barrier in
// a loop, every work-item tests the loop's exit condition. Such a loop runs in two versions, one
// per outcome, the test folded in each.
//
// A test that holds for every S-th work-item, or for one, with nothing done by the others
// (`if (get_sub_group_local_id() == 0)`, `if (l == 0)`: StrideTest), is no prefix: the loop steps
// by S from the first work-item the test takes instead, the test folded. This needs no copy
// (every other iteration did nothing), and is done first, in any x loop, innermost or not.
//
// Such a test beside work every work-item does (a scan's last lane storing the sub-group's total,
// `if (get_sub_group_local_id() == get_sub_group_size() - 1) t[get_sub_group_id()] = v`, after
// every work-item stored its own v) guards a block the vectorizer masks: a scatter with one lane
// in S on. Where the block only stores, and what it stores and where touch nothing the rest of
// the loop touches, it runs in a loop of its own before the row's, one iteration per run of S
// work-items, and the row's loop skips it (SparseBlock).
#include "compiler/passes/Common.h"
#include "compiler/passes/Passes.h"

#include <llvm/Analysis/AliasAnalysis.h>
#include <llvm/Analysis/InstructionSimplify.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/ScalarEvolutionExpressions.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/PatternMatch.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/Local.h>
#include <llvm/Transforms/Utils/LoopSimplify.h>
#include <llvm/Transforms/Utils/LoopUtils.h>
#include <llvm/Transforms/Utils/ScalarEvolutionExpander.h>

#include <functional>
#include <optional>
#include <variant>

namespace weft::compiler {
namespace {

/// Loop metadata: on the versions of a split loop, how many splits made it (a loop is split at
/// most twice over: `i > 0 && i < n - 1` has two tests); on the two versions of a loop for a test
/// the same in every work-item, that neither is versioned again.
constexpr const char *SplitMarker = "weft.loop.split", *UniformMarker = "weft.loop.uniform_test";
constexpr unsigned MaxSplits = 2;
/// Above this many instructions a loop is not copied (half as many for a second split): the
/// build time would grow with it.
constexpr unsigned MaxInstructions = 4000;

/// A test in a work-item loop that holds for a prefix of its work-items and not after (or the
/// reverse): `Index Pred Bound` with Index {Start,+,1} in the loop and Bound invariant.
struct BoundTest {
  llvm::ICmpInst *Cmp;
  llvm::ICmpInst::Predicate Pred; ///< with the index on the left
  const llvm::SCEV *Start, *Bound;
  llvm::PHINode *Item; ///< the loop's own counter, {X0,+,1} in i64
};

/// A test computed before a work-item loop, the same for all its work-items (the exit test of a
/// loop around a barrier, in the region after the barrier).
struct UniformTest {
  llvm::Value *Condition;
};

using RangeTest = std::variant<BoundTest, UniformTest>;

/// A test that holds for every S-th work-item of a row and does nothing for the others:
/// `(Index & (S - 1)) == K` (or `!=`) at the head of the loop's body, Index {Start,+,1} in the
/// loop, S a power of two and K a constant below it, or `Index == K` with K the same for every
/// work-item (S then the index type's range: one work-item, two if a 32-bit index wraps in the
/// row), where every instruction an iteration the test turns away may run has no effect (the
/// work of `if (get_sub_group_local_id() == 0)`, of the built-in library's sub-group functions,
/// in which the first lane of each sub-group folds the others' values, of `if (l == 0)` around a
/// loop, or of a kernel's `if (i % 4 == 1)`). The loop then steps by S from the first work-item
/// the test takes, and the test folds away: S times fewer iterations, none of them a masked or
/// skipped one. Other counters of the loop (integers stepping by a constant) step S times as far.
struct StrideTest {
  llvm::ICmpInst *Cmp;
  bool Taken;                        ///< the test's outcome in the iterations that act
  const llvm::SCEV *Start, *Residue; ///< Index's first value and K, in Index's type
  llvm::APInt Mask;                  ///< S - 1, in Index's type
  llvm::PHINode *Item;               ///< the loop's own counter, {X0,+,1} in i64
  /// The header's other PHIs, integers stepping by a constant each ({A,+,c}: counters LLVM
  /// derived from Item), with their steps.
  std::vector<std::pair<llvm::PHINode *, llvm::APInt>> Others;
};

/// A block that at most one work-item of each aligned run of S acts in (S a power of two, at most
/// 2^62), in a loop that does other work for every work-item: `if ((Index & (S - 1)) == K)
/// { stores }` with K the same for every work-item of a run, or `if (Index == K)` with K from
/// before the loop (S the index type's range). K may be a constant, a value the same for the
/// whole row, or computed from Index only through its bits above the log2(S) low ones: the last
/// lane of a sub-group, `get_sub_group_local_id() == get_sub_group_size() - 1` (the size is the
/// group's work-items left from the sub-group's first, at most S), a scan's total stored next to
/// each work-item's own result. The vectorizer masks the block's stores (a scatter of one lane in
/// S); the block runs instead in a loop of its own before the row's, one iteration per run, at
/// the work-item the test takes in it (no loop for a 64-bit Index == K: one work-item), and the
/// row's loop skips it.
/// What the block and its test use from the loop (no PHI but the counters, no call, plain loads)
/// is computed again there for that work-item, so the loop's test must be reached by every
/// work-item (its block dominates the latch: whatever the block uses ran for that work-item in the
/// loop as written). Moved before the rest of the row, the block's stores must touch nothing the
/// rest of the loop reads or writes, and what it loads nothing the rest stores (told apart by
/// their objects or alias scopes, whatever the iterations).
struct SparseBlock {
  llvm::ICmpInst *Cmp;
  bool Taken;              ///< the test's outcome where the block runs
  llvm::BasicBlock *Block; ///< its only predecessor branches on Cmp, its only successor
                           ///< is that branch's other way
  llvm::Value *Residue;    ///< K, in Index's type
  const llvm::SCEV *Start; ///< Index's first value
  llvm::APInt Mask;        ///< S - 1, in Index's type
  llvm::PHINode *Item;     ///< the loop's own counter, {X0,+,1} in i64
  std::vector<std::pair<llvm::PHINode *, llvm::APInt>> Others; ///< as StrideTest's
  /// The instructions of the loop the block and the test use (not the counters), and those K is
  /// computed with, each list with operands first.
  std::vector<llvm::Instruction *> Needed, Run;
  /// The values of Index that K's arithmetic starts from (wider copies of it), each with its
  /// first value.
  std::vector<std::pair<llvm::Value *, const llvm::SCEV *>> Aliases;
};

/// How many splits made L (0 for a loop never split).
unsigned splitsOf(const llvm::Loop &L) {
  llvm::MDNode *Marker = llvm::findOptionMDForLoop(&L, SplitMarker);
  if (!Marker)
    return 0;
  if (Marker->getNumOperands() < 2)
    return MaxSplits;
  return unsigned(llvm::mdconst::extract<llvm::ConstantInt>(Marker->getOperand(1))->getZExtValue());
}

/// The tests a branch condition combines with && and || (as `and`, `or` or `select`) and `!`,
/// in their order, into Leaves (at most 8).
void conditionLeaves(llvm::Value *V, llvm::SmallVectorImpl<llvm::Value *> &Leaves) {
  using namespace llvm::PatternMatch;
  llvm::Value *A, *B;
  if (Leaves.size() >= 8)
    return;
  if (match(V, m_LogicalAnd(m_Value(A), m_Value(B))) ||
      match(V, m_LogicalOr(m_Value(A), m_Value(B)))) {
    conditionLeaves(A, Leaves);
    conditionLeaves(B, Leaves);
  } else if (match(V, m_Not(m_Value(A)))) {
    conditionLeaves(A, Leaves);
  } else {
    Leaves.push_back(V);
  }
}

/// Whether L is a work-item loop both transformations can rewrite: a preheader ending in a branch,
/// its latch its only exiting block, one exit block, a trip count ScalarEvolution knows (i64).
bool rewritableRow(llvm::Loop &L, llvm::ScalarEvolution &SE) {
  llvm::BasicBlock *Latch = L.getLoopLatch(), *Preheader = L.getLoopPreheader();
  return isWorkItemLoop(L) && Preheader && Latch && L.getExitingBlock() == Latch &&
         L.getUniqueExitBlock() && llvm::isa<llvm::BranchInst>(Preheader->getTerminator()) &&
         !llvm::isa<llvm::SCEVCouldNotCompute>(SE.getBackedgeTakenCount(&L)) &&
         SE.getBackedgeTakenCount(&L)->getType()->isIntegerTy(64);
}

/// S if it is {Start,+,1} in L, else null.
const llvm::SCEVAddRecExpr *stepOne(const llvm::SCEV *S, const llvm::Loop &L,
                                    llvm::ScalarEvolution &SE) {
  auto *AR = llvm::dyn_cast<llvm::SCEVAddRecExpr>(S);
  if (!AR || AR->getLoop() != &L || !AR->isAffine() || !AR->getStepRecurrence(SE)->isOne())
    return nullptr;
  return AR;
}

/// L's trip count (i64), computed at At.
llvm::Value *expandTripCount(llvm::SCEVExpander &Expander, llvm::ScalarEvolution &SE,
                             const llvm::Loop &L, llvm::Instruction *At) {
  const llvm::SCEV *Taken = SE.getBackedgeTakenCount(&L);
  return Expander.expandCodeFor(SE.getAddExpr(Taken, SE.getOne(Taken->getType())), Taken->getType(),
                                At);
}

std::optional<RangeTest> findRangeTest(llvm::Loop &L, llvm::ScalarEvolution &SE) {
  const unsigned Splits = splitsOf(L);
  const bool MayVersion = !llvm::findOptionMDForLoop(&L, UniformMarker);
  if (!L.isInnermost() || !rewritableRow(L, SE))
    return std::nullopt;
  llvm::BasicBlock *Latch = L.getLoopLatch();
  auto isStepOne = [&](const llvm::SCEV *S) { return stepOne(S, L, SE); };
  llvm::PHINode *Item = nullptr;
  for (llvm::PHINode &Phi : L.getHeader()->phis())
    if (Phi.getType()->isIntegerTy(64) && isStepOne(SE.getSCEV(&Phi)))
      Item = &Phi;
  if (!Item)
    return std::nullopt;
  const unsigned Size = instructionCount(L);
  if (Size > MaxInstructions)
    return std::nullopt;
  const bool MaySplit = Splits < MaxSplits && Size <= (MaxInstructions >> Splits);
  auto boundTest = [&](llvm::Value *V) -> std::optional<BoundTest> {
    auto *Cmp = llvm::dyn_cast<llvm::ICmpInst>(V);
    if (!MaySplit || !Cmp || !L.contains(Cmp) || !Cmp->getOperand(0)->getType()->isIntegerTy() ||
        Cmp->getOperand(0)->getType()->getIntegerBitWidth() > 64)
      return std::nullopt;
    for (unsigned Side = 0; Side < 2; ++Side) {
      const llvm::SCEVAddRecExpr *Index = isStepOne(SE.getSCEV(Cmp->getOperand(Side)));
      const llvm::SCEV *Bound = SE.getSCEV(Cmp->getOperand(1 - Side));
      if (!Index || !SE.isLoopInvariant(Bound, &L) || !SE.isLoopInvariant(Index->getStart(), &L))
        continue;
      llvm::ICmpInst::Predicate Pred = Side == 0 ? Cmp->getPredicate() : Cmp->getSwappedPredicate();
      // `i != 0` is LLVM's form of `i > 0` on an unsigned index, `i == 0` of `i <= 0`; other
      // equalities hold for one work-item, not for a prefix.
      if (llvm::ICmpInst::isEquality(Pred)) {
        if (!Bound->isZero())
          continue;
        Pred = Pred == llvm::CmpInst::ICMP_EQ ? llvm::CmpInst::ICMP_ULE : llvm::CmpInst::ICMP_UGT;
      }
      // Computed before the loop: nothing there may trap (a division by a value the loop tests).
      llvm::SCEVExpander Expander(SE, L.getHeader()->getModule()->getDataLayout(), "split");
      const llvm::Instruction *At = L.getLoopPreheader()->getTerminator();
      if (!Expander.isSafeToExpandAt(Index->getStart(), At) ||
          !Expander.isSafeToExpandAt(Bound, At) ||
          !Expander.isSafeToExpandAt(SE.getBackedgeTakenCount(&L), At))
        continue;
      return BoundTest{Cmp, Pred, Index->getStart(), Bound, Item};
    }
    return std::nullopt;
  };
  // The first test met on the way through the body (blocks in the loop's order, header first;
  // a condition's tests in their order).
  for (llvm::BasicBlock *BB : L.blocks()) {
    auto *Br = llvm::dyn_cast<llvm::BranchInst>(BB->getTerminator());
    if (BB == Latch || !Br || !Br->isConditional())
      continue;
    llvm::SmallVector<llvm::Value *, 8> Leaves;
    conditionLeaves(Br->getCondition(), Leaves);
    for (llvm::Value *Leaf : Leaves) {
      if (!llvm::isa<llvm::Constant>(Leaf) && L.isLoopInvariant(Leaf)) {
        if (MayVersion)
          return UniformTest{Leaf};
        continue;
      }
      if (std::optional<BoundTest> T = boundTest(Leaf))
        return *T;
    }
  }
  return std::nullopt;
}

/// Whether I is a hint to the optimizer (a lifetime marker, an assumption, a scope declaration).
bool isHint(const llvm::Instruction &I) {
  auto *II = llvm::dyn_cast<llvm::IntrinsicInst>(&I);
  return II && (II->isLifetimeStartOrEnd() || II->isAssumeLikeIntrinsic() ||
                II->getIntrinsicID() == llvm::Intrinsic::experimental_noalias_scope_decl);
}

/// Whether I has an effect that skipping it would lose (hints to the optimizer aside).
bool hasEffect(const llvm::Instruction &I) { return !isHint(I) && I.mayHaveSideEffects(); }

/// The loop's counter (an i64 {X0,+,1}) and its other header PHIs, each an integer stepping by a
/// constant; false if the header carries anything else.
bool rowCounters(llvm::Loop &L, llvm::ScalarEvolution &SE, llvm::PHINode *&Item,
                 std::vector<std::pair<llvm::PHINode *, llvm::APInt>> &Others) {
  Item = nullptr;
  for (llvm::PHINode &Phi : L.getHeader()->phis()) {
    if (!Item && Phi.getType()->isIntegerTy(64) && stepOne(SE.getSCEV(&Phi), L, SE)) {
      Item = &Phi;
      continue;
    }
    auto *Rec = SE.isSCEVable(Phi.getType()) && Phi.getType()->isIntegerTy()
                    ? llvm::dyn_cast<llvm::SCEVAddRecExpr>(SE.getSCEV(&Phi))
                    : nullptr;
    auto *Step = Rec && Rec->getLoop() == &L && Rec->isAffine()
                     ? llvm::dyn_cast<llvm::SCEVConstant>(Rec->getStepRecurrence(SE))
                     : nullptr;
    if (!Step)
      return false;
    Others.emplace_back(&Phi, Step->getAPInt());
  }
  return Item != nullptr;
}

std::optional<StrideTest> findStrideTest(llvm::Loop &L, llvm::ScalarEvolution &SE,
                                         llvm::DominatorTree &DT) {
  using namespace llvm::PatternMatch;
  if (!rewritableRow(L, SE) || !L.getUniqueExitBlock()->phis().empty())
    return std::nullopt;
  llvm::BasicBlock *Header = L.getHeader(), *Latch = L.getLoopLatch(),
                   *Preheader = L.getLoopPreheader();
  auto StepOne = [&](llvm::Value *V) -> const llvm::SCEVAddRecExpr * {
    // A frozen index (LLVM freezes a value it tests in two places) is the index: the work-item
    // loop's arithmetic on its counter makes no poison.
    if (auto *Frozen = llvm::dyn_cast<llvm::FreezeInst>(V))
      V = Frozen->getOperand(0);
    return SE.isSCEVable(V->getType()) ? stepOne(SE.getSCEV(V), L, SE) : nullptr;
  };
  // The counter, and nothing else carried from one work-item to the next but counters that
  // step by a constant.
  llvm::PHINode *Item;
  std::vector<std::pair<llvm::PHINode *, llvm::APInt>> Others;
  if (!rowCounters(L, SE, Item, Others))
    return std::nullopt;
  auto *Br = llvm::dyn_cast<llvm::BranchInst>(Header->getTerminator());
  llvm::ICmpInst::Predicate Pred;
  llvm::Value *Sides[2];
  if (!Br || !Br->isConditional() || Header == Latch ||
      !match(Br->getCondition(), m_ICmp(Pred, m_Value(Sides[0]), m_Value(Sides[1]))) ||
      !llvm::ICmpInst::isEquality(Pred) || !Sides[0]->getType()->isIntegerTy() ||
      Sides[0]->getType()->getIntegerBitWidth() > 64)
    return std::nullopt;
  const llvm::SCEVAddRecExpr *Index = nullptr;
  const llvm::SCEV *Residue = nullptr;
  llvm::APInt Mask;
  for (unsigned Side = 0; Side < 2 && !Index; ++Side) {
    llvm::Value *Masked;
    const llvm::APInt *M, *K;
    if (match(Sides[Side], m_And(m_Value(Masked), m_APInt(M))) &&
        match(Sides[1 - Side], m_APInt(K))) {
      // (Index & (S - 1)) == K
      if (!M->isZero() && !M->isAllOnes() && (*M + 1).isPowerOf2() && K->ule(*M) &&
          (Index = StepOne(Masked))) {
        Mask = *M;
        Residue = SE.getConstant(*K);
      }
    } else if ((Index = StepOne(Sides[Side]))) {
      // Index == K
      Residue = SE.getSCEV(Sides[1 - Side]);
      Mask = llvm::APInt::getAllOnes(Sides[Side]->getType()->getIntegerBitWidth());
      if (!SE.isLoopInvariant(Residue, &L))
        Index = nullptr;
    }
  }
  if (!Index)
    return std::nullopt;
  llvm::SCEVExpander Expander(SE, Header->getModule()->getDataLayout(), "stride");
  const llvm::Instruction *At = Preheader->getTerminator();
  if (!Expander.isSafeToExpandAt(Index->getStart(), At) ||
      !Expander.isSafeToExpandAt(Residue, At) ||
      !Expander.isSafeToExpandAt(SE.getBackedgeTakenCount(&L), At))
    return std::nullopt;
  const bool Taken = Pred == llvm::CmpInst::ICMP_EQ;
  llvm::BasicBlock *Acting = Br->getSuccessor(Taken ? 0 : 1);
  if (!L.contains(Acting) || Acting->getSinglePredecessor() != Header)
    return std::nullopt;
  // What every iteration may run (all but the blocks only the acting ones reach) has no effect,
  // and no value leaves the loop (the last iteration would be another work-item's).
  for (llvm::BasicBlock *BB : L.blocks())
    for (llvm::Instruction &I : *BB) {
      if (!DT.dominates(Acting, BB) && hasEffect(I))
        return std::nullopt;
      for (llvm::User *U : I.users())
        if (!L.contains(llvm::cast<llvm::Instruction>(U)->getParent()))
          return std::nullopt;
    }
  auto *Cmp = llvm::cast<llvm::ICmpInst>(Br->getCondition());
  return StrideTest{Cmp, Taken, Index->getStart(), Residue, Mask, Item, std::move(Others)};
}

/// Whether V, in L, is the same for every work-item of each aligned run of S work-items of Index
/// ({Start,+,1}): made of values from outside L and of Index's bits above its log2(S) low ones
/// (`x >> c`, `x / 2^c`, `x & M` with x Index or a wider value of it: the same recurrence, from a
/// start whose low bits are Start; c at least log2(S), M's low log2(S) bits clear), by arithmetic
/// that cannot trap. The instructions of L it is computed with go to Run, operands first.
bool sameInRuns(llvm::Value *V, llvm::Loop &L, llvm::ScalarEvolution &SE, const llvm::SCEV *Start,
                unsigned LogS, SparseBlock &T, unsigned Depth = 0) {
  std::vector<llvm::Instruction *> &Run = T.Run;
  using namespace llvm::PatternMatch;
  auto *I = llvm::dyn_cast<llvm::Instruction>(V);
  if (!I || !L.contains(I))
    return true;
  if (llvm::is_contained(Run, I))
    return true;
  if (Depth > 16 || llvm::isa<llvm::PHINode>(I))
    return false;
  // Index, or a wider copy of it.
  auto IsIndex = [&](llvm::Value *X) {
    if (!SE.isSCEVable(X->getType()) || !X->getType()->isIntegerTy() ||
        X->getType()->getIntegerBitWidth() < Start->getType()->getIntegerBitWidth() ||
        X->getType()->getIntegerBitWidth() > 64)
      return false;
    const llvm::SCEVAddRecExpr *Rec = stepOne(SE.getSCEV(X), L, SE);
    if (!Rec || SE.getTruncateOrNoop(Rec->getStart(), Start->getType()) != Start)
      return false;
    if (X != T.Item && llvm::none_of(T.Aliases, [&](auto &A) { return A.first == X; }))
      T.Aliases.emplace_back(X, Rec->getStart());
    return true;
  };
  llvm::Value *X;
  const llvm::APInt *C;
  if ((match(I, m_LShr(m_Value(X), m_APInt(C))) || match(I, m_AShr(m_Value(X), m_APInt(C))) ||
       match(I, m_UDiv(m_Value(X), m_Power2(C)))) &&
      IsIndex(X)) {
    const unsigned Shift =
        I->getOpcode() == llvm::Instruction::UDiv ? C->logBase2() : unsigned(C->getZExtValue());
    if (Shift >= LogS) {
      Run.push_back(I);
      return true;
    }
    return false;
  }
  if (match(I, m_And(m_Value(X), m_APInt(C))) && IsIndex(X) && C->countTrailingZeros() >= LogS) {
    Run.push_back(I);
    return true;
  }
  bool Arithmetic = false;
  switch (I->getOpcode()) {
  case llvm::Instruction::Add:
  case llvm::Instruction::Sub:
  case llvm::Instruction::Mul:
  case llvm::Instruction::Shl:
  case llvm::Instruction::LShr:
  case llvm::Instruction::AShr:
  case llvm::Instruction::And:
  case llvm::Instruction::Or:
  case llvm::Instruction::Xor:
  case llvm::Instruction::Trunc:
  case llvm::Instruction::ZExt:
  case llvm::Instruction::SExt:
  case llvm::Instruction::ICmp:
  case llvm::Instruction::Select:
  case llvm::Instruction::Freeze:
    Arithmetic = true;
    break;
  case llvm::Instruction::Call:
    if (auto *II = llvm::dyn_cast<llvm::IntrinsicInst>(I))
      switch (II->getIntrinsicID()) {
      case llvm::Intrinsic::umin:
      case llvm::Intrinsic::umax:
      case llvm::Intrinsic::smin:
      case llvm::Intrinsic::smax:
        Arithmetic = true;
        break;
      default:
        break;
      }
    break;
  default:
    break;
  }
  if (!Arithmetic || !I->getType()->isIntOrIntVectorTy() || I->getType()->isVectorTy())
    return false;
  for (llvm::Value *Op : llvm::cast<llvm::User>(I)->operands())
    if (!llvm::isa<llvm::Function>(Op) && !sameInRuns(Op, L, SE, Start, LogS, T, Depth + 1))
      return false;
  Run.push_back(I);
  return true;
}

std::optional<SparseBlock> findSparseBlock(llvm::Loop &L, llvm::ScalarEvolution &SE,
                                           llvm::DominatorTree &DT, llvm::AAResults &AA) {
  using namespace llvm::PatternMatch;
  if (!L.isInnermost() || !rewritableRow(L, SE) || !L.getUniqueExitBlock()->phis().empty() ||
      instructionCount(L) > MaxInstructions)
    return std::nullopt;
  SparseBlock T;
  if (!rowCounters(L, SE, T.Item, T.Others))
    return std::nullopt;
  llvm::BasicBlock *Header = L.getHeader(), *Latch = L.getLoopLatch();
  llvm::SCEVExpander Expander(SE, Header->getModule()->getDataLayout(), "sparse");
  const llvm::Instruction *At = L.getLoopPreheader()->getTerminator();
  if (!Expander.isSafeToExpandAt(SE.getBackedgeTakenCount(&L), At))
    return std::nullopt;
  for (llvm::BasicBlock *P : L.blocks()) {
    auto *Br = llvm::dyn_cast<llvm::BranchInst>(P->getTerminator());
    llvm::ICmpInst::Predicate Pred;
    llvm::Value *Sides[2];
    if (!Br || !Br->isConditional() || P == Latch || !DT.dominates(P, Latch) ||
        !match(Br->getCondition(), m_ICmp(Pred, m_Value(Sides[0]), m_Value(Sides[1]))) ||
        !llvm::ICmpInst::isEquality(Pred) || !Sides[0]->getType()->isIntegerTy() ||
        Sides[0]->getType()->getIntegerBitWidth() > 64)
      continue;
    T.Cmp = llvm::cast<llvm::ICmpInst>(Br->getCondition());
    T.Taken = Pred == llvm::CmpInst::ICMP_EQ;
    T.Block = Br->getSuccessor(T.Taken ? 0 : 1);
    llvm::BasicBlock *Join = Br->getSuccessor(T.Taken ? 1 : 0);
    if (!L.contains(T.Block) || T.Block == Header || T.Block == Latch ||
        T.Block->getSinglePredecessor() != P || T.Block->getSingleSuccessor() != Join ||
        !Join->phis().empty())
      continue;
    // The block stores, computing what it stores there (nothing it makes is used elsewhere).
    bool Plain = true;
    for (llvm::Instruction &I : *T.Block) {
      if (auto *St = llvm::dyn_cast<llvm::StoreInst>(&I))
        Plain &= St->isSimple();
      else if (auto *Ld = llvm::dyn_cast<llvm::LoadInst>(&I))
        Plain &= Ld->isSimple();
      else if (!I.isTerminator())
        Plain &= !I.mayReadOrWriteMemory() && !I.mayHaveSideEffects();
      for (llvm::User *U : I.users())
        Plain &= llvm::cast<llvm::Instruction>(U)->getParent() == T.Block;
    }
    if (!Plain)
      continue;
    // The test: (Index & (S - 1)) == K, or Index == K with K from before the loop (S the index
    // type's range), either way round.
    const llvm::SCEVAddRecExpr *Index = nullptr;
    for (unsigned Side = 0; Side < 2 && !Index; ++Side) {
      llvm::Value *Masked;
      const llvm::APInt *M;
      llvm::Value *K = Sides[1 - Side];
      if (match(Sides[Side], m_And(m_Value(Masked), m_APInt(M)))) {
        // S at most 2^62: the loop over runs steps by S on a signed i64 from as low as
        // -(S - 1), and must not wrap (`g * 2 == 10`, LLVM's `(g & (2^63 - 1)) == 5`, never
        // ended).
        if (M->isZero() || M->isAllOnes() || !(*M + 1).isPowerOf2() || M->getActiveBits() > 62)
          continue;
        T.Mask = *M;
      } else {
        auto *Def = llvm::dyn_cast<llvm::Instruction>(K);
        Masked = Sides[Side];
        const unsigned Width = Masked->getType()->getIntegerBitWidth();
        if ((Def && L.contains(Def)) || (Width > 32 && Width < 64))
          continue;
        T.Mask = llvm::APInt::getAllOnes(Width);
      }
      if (!SE.isSCEVable(Masked->getType()))
        continue;
      Index = stepOne(SE.getSCEV(Masked), L, SE);
      if (!Index || !Expander.isSafeToExpandAt(Index->getStart(), At)) {
        Index = nullptr;
        continue;
      }
      T.Residue = K;
      T.Start = Index->getStart();
    }
    if (!Index)
      continue;
    T.Run.clear();
    T.Aliases.clear();
    if (!sameInRuns(T.Residue, L, SE, T.Start, T.Mask.countTrailingOnes(), T) ||
        llvm::any_of(T.Aliases, [&](auto &A) { return !Expander.isSafeToExpandAt(A.second, At); }))
      continue;
    // What the block and the test use from the loop: instructions without effects, and plain
    // loads, none of them a PHI but the counters.
    llvm::SmallPtrSet<llvm::Instruction *, 32> Needed;
    llvm::SmallVector<llvm::Instruction *, 32> Work;
    auto Use = [&](llvm::Instruction &I) {
      for (llvm::Value *Op : I.operands())
        if (auto *D = llvm::dyn_cast<llvm::Instruction>(Op);
            D && L.contains(D) && D->getParent() != T.Block && Needed.insert(D).second)
          Work.push_back(D);
    };
    for (llvm::Instruction &I : *T.Block)
      Use(I);
    Needed.insert(T.Cmp);
    Use(*T.Cmp);
    bool Computable = true;
    while (Computable && !Work.empty()) {
      llvm::Instruction *D = Work.pop_back_val();
      if (auto *Phi = llvm::dyn_cast<llvm::PHINode>(D)) {
        Computable =
            Phi == T.Item || llvm::any_of(T.Others, [&](auto &O) { return O.first == Phi; });
        Needed.erase(Phi);
        continue;
      }
      if (auto *Ld = llvm::dyn_cast<llvm::LoadInst>(D))
        Computable = Ld->isSimple();
      else
        Computable = !D->mayReadOrWriteMemory() && !D->mayHaveSideEffects();
      Use(*D);
    }
    if (!Computable || Needed.size() > 64)
      continue;
    // Moved before the rest of the row: the block's accesses and the loads it needs against
    // every access of the rest (extents unknown: any two iterations).
    llvm::SmallVector<llvm::Instruction *, 16> Moved, Rest;
    for (llvm::BasicBlock *BB : L.blocks())
      for (llvm::Instruction &I : *BB) {
        if (!I.mayReadOrWriteMemory() || isHint(I))
          continue;
        if (BB == T.Block || Needed.count(&I))
          Moved.push_back(&I);
        else if (llvm::isa<llvm::LoadInst>(I) || llvm::isa<llvm::StoreInst>(I))
          Rest.push_back(&I);
        else
          Computable = false; // a call, an atomic: what it touches is not known here
      }
    auto Where = [](llvm::Instruction *I) {
      return llvm::MemoryLocation::getBeforeOrAfter(llvm::getLoadStorePointerOperand(I),
                                                    I->getAAMetadata());
    };
    for (llvm::Instruction *A : Moved)
      for (llvm::Instruction *B : Rest)
        if (Computable && (A->mayWriteToMemory() || B->mayWriteToMemory()))
          Computable = AA.isNoAlias(Where(A), Where(B));
    if (!Computable || Moved.size() > 16 || Rest.size() > 64)
      continue;
    // Operands first.
    T.Needed.clear();
    std::function<void(llvm::Instruction *)> Emit = [&](llvm::Instruction *I) {
      if (!Needed.erase(I))
        return;
      for (llvm::Value *Op : I->operands())
        if (auto *D = llvm::dyn_cast<llvm::Instruction>(Op))
          Emit(D);
      T.Needed.push_back(I);
    };
    for (llvm::Instruction &I : *T.Block)
      for (llvm::Value *Op : I.operands())
        if (auto *D = llvm::dyn_cast<llvm::Instruction>(Op))
          Emit(D);
    Emit(T.Cmp);
    return T;
  }
  return std::nullopt;
}

/// Where the test changes its outcome, computed before the loop.
struct SplitPoint {
  llvm::Value *NoWrap; ///< whether the index increases through the loop (no wrap-around)
  llvm::Value *Prefix; ///< then: how many of the first work-items see the test take one way
  bool PrefixTaken;    ///< that way: towards the branch's first successor (true) or second
};

/// For a test of an index running from Start over TripCount values (see SplitPoint).
SplitPoint splitPoint(llvm::IRBuilder<> &B, const BoundTest &T, llvm::Value *Start,
                      llvm::Value *Bound, llvm::Value *TripCount) {
  const bool Signed = llvm::ICmpInst::isSigned(T.Pred);
  llvm::Type *Ty = Start->getType();
  const unsigned Bits = Ty->getIntegerBitWidth();
  llvm::Value *Last = B.CreateSub(TripCount, B.getInt64(1), "items.last");
  // No wrap: the last index, Start + TripCount - 1, is representable.
  llvm::Value *Fits = B.getTrue();
  if (Bits < 64)
    Fits = B.CreateICmpULE(Last,
                           B.getInt64(Signed ? llvm::APInt::getSignedMaxValue(Bits).getZExtValue()
                                             : llvm::APInt::getMaxValue(Bits).getZExtValue()));
  llvm::Value *Sum = B.CreateBinaryIntrinsic(Signed ? llvm::Intrinsic::sadd_with_overflow
                                                    : llvm::Intrinsic::uadd_with_overflow,
                                             Start, B.CreateTrunc(Last, Ty));
  llvm::Value *NoWrap =
      B.CreateAnd(Fits, B.CreateNot(B.CreateExtractValue(Sum, 1)), "index.nowrap");
  // Then the index is below the bound for the first D work-items (D = Bound - Start, if
  // positive; exact in 64 bits, as unsigned), and at most the bound for the first D + 1.
  auto Extend = [&](llvm::Value *V) {
    return Signed ? B.CreateSExt(V, B.getInt64Ty()) : B.CreateZExt(V, B.getInt64Ty());
  };
  llvm::Value *D = B.CreateSub(Extend(Bound), Extend(Start), "bound.distance");
  auto Below = [&]() {
    llvm::Value *Any =
        B.CreateICmp(Signed ? llvm::CmpInst::ICMP_SLT : llvm::CmpInst::ICMP_ULT, Start, Bound);
    return B.CreateSelect(Any, B.CreateBinaryIntrinsic(llvm::Intrinsic::umin, D, TripCount),
                          B.getInt64(0));
  };
  auto AtMost = [&]() {
    llvm::Value *Any =
        B.CreateICmp(Signed ? llvm::CmpInst::ICMP_SLE : llvm::CmpInst::ICMP_ULE, Start, Bound);
    llvm::Value *N =
        B.CreateAdd(B.CreateBinaryIntrinsic(llvm::Intrinsic::umin, D, Last), B.getInt64(1));
    return B.CreateSelect(Any, N, B.getInt64(0));
  };
  switch (llvm::ICmpInst::getUnsignedPredicate(T.Pred)) {
  case llvm::CmpInst::ICMP_ULT:
    return {NoWrap, Below(), true};
  case llvm::CmpInst::ICMP_ULE:
    return {NoWrap, AtMost(), true};
  case llvm::CmpInst::ICMP_UGT:
    return {NoWrap, AtMost(), false}; // not above the bound first
  default:
    return {NoWrap, Below(), false}; // ICMP_UGE: below it first
  }
}

/// Runs L in two versions, for either outcome of its uniform test T, each with the test folded:
/// the loop vectorizer would mask the loads and stores under it (by a mask the same in every lane,
/// which it cannot tell). Leaves the analyses out of date.
void version(llvm::Loop &L, const UniformTest &T, llvm::ScalarEvolution &SE,
             llvm::DominatorTree &DT, llvm::LoopInfo &LI) {
  llvm::LLVMContext &C = L.getHeader()->getContext();
  llvm::BasicBlock *Preheader = L.getLoopPreheader(), *Latch = L.getLoopLatch();
  llvm::BasicBlock *Exit = L.getUniqueExitBlock();
  llvm::formLCSSARecursively(L, DT, &LI, &SE);
  llvm::BasicBlock *Original = llvm::SplitBlock(Preheader, Preheader->getTerminator(), &DT, &LI,
                                                nullptr, "uniform.false.preheader");
  llvm::ValueToValueMapTy Map;
  llvm::Loop *Taken = copyLoop(L, Original, ".uniform.true", Map, DT, LI);
  Preheader->getTerminator()->eraseFromParent();
  llvm::BranchInst::Create(Taken->getLoopPreheader(), Original, T.Condition, Preheader);
  addExitValues(Exit, Latch, Map, llvm::cast<llvm::BasicBlock>(Map[Latch]));
  llvm::MDNode *Marker = loopOption(C, UniformMarker), *ID = L.getLoopID();
  Taken->setLoopID(llvm::makePostTransformationMetadata(C, ID, {}, {Marker}));
  L.setLoopID(llvm::makePostTransformationMetadata(C, ID, {}, {Marker}));
  foldTest(T.Condition, true, Taken->getBlocks());
  foldTest(T.Condition, false, L.getBlocks());
}

/// Splits L at its test T (see the file's header). Leaves the analyses out of date.
void split(llvm::Loop &L, const BoundTest &T, llvm::ScalarEvolution &SE, llvm::DominatorTree &DT,
           llvm::LoopInfo &LI) {
  llvm::Function &F = *L.getHeader()->getParent();
  llvm::LLVMContext &C = F.getContext();
  llvm::BasicBlock *Preheader = L.getLoopPreheader(), *Latch = L.getLoopLatch();
  llvm::BasicBlock *Exit = L.getUniqueExitBlock();
  llvm::formLCSSARecursively(L, DT, &LI, &SE);

  llvm::SCEVExpander Expander(SE, F.getParent()->getDataLayout(), "split");
  llvm::Instruction *At = Preheader->getTerminator();
  llvm::Type *Ty = T.Cmp->getOperand(0)->getType();
  llvm::Value *Start = Expander.expandCodeFor(T.Start, Ty, At);
  llvm::Value *Bound = Expander.expandCodeFor(T.Bound, Ty, At);
  llvm::Value *TripCount = expandTripCount(Expander, SE, L, At);
  llvm::IRBuilder<> B(At);
  SplitPoint P = splitPoint(B, T, Start, Bound, TripCount);
  llvm::Value *PrefixEnd =
      B.CreateAdd(T.Item->getIncomingValueForBlock(Preheader), P.Prefix, "prefix.end");

  // Three versions: the prefix and the rest, each with the test folded, and the loop as it was,
  // for an index that may wrap around. The preheader goes to Head, or to the loop as it was; Head
  // to the prefix, or to the rest when the prefix is empty.
  llvm::BasicBlock *Original =
      llvm::SplitBlock(Preheader, At, &DT, &LI, nullptr, "wrapping.preheader");
  llvm::ValueToValueMapTy RestMap, PrefixMap;
  llvm::Loop *Rest = copyLoop(L, Original, ".rest", RestMap, DT, LI);
  llvm::Loop *Prefix = copyLoop(L, Rest->getLoopPreheader(), ".prefix", PrefixMap, DT, LI);
  llvm::BasicBlock *RestPreheader = Rest->getLoopPreheader(),
                   *PrefixPreheader = Prefix->getLoopPreheader();
  // The clones' preheaders branch to their own loops; only where they are entered changes.
  auto *Head = llvm::BasicBlock::Create(C, "split.head", &F, PrefixPreheader);
  Preheader->getTerminator()->eraseFromParent();
  B.SetInsertPoint(Preheader);
  B.CreateCondBr(P.NoWrap, Head, Original);
  B.SetInsertPoint(Head);
  B.CreateCondBr(B.CreateICmpNE(P.Prefix, B.getInt64(0)), PrefixPreheader, RestPreheader);

  // The prefix stops at its end, then leaves for the rest, or past it when nothing is left.
  auto *PrefixLatch = llvm::cast<llvm::BasicBlock>(PrefixMap[Latch]);
  auto *PrefixBr = llvm::cast<llvm::BranchInst>(PrefixLatch->getTerminator());
  llvm::Value *PrefixNext = PrefixMap[T.Item->getIncomingValueForBlock(Latch)];
  auto *AfterPrefix = llvm::BasicBlock::Create(C, "prefix.exit", &F, RestPreheader);
  const unsigned ExitSide = PrefixBr->getSuccessor(0) == Exit ? 0 : 1;
  PrefixBr->setSuccessor(ExitSide, AfterPrefix);
  B.SetInsertPoint(PrefixBr);
  llvm::Value *Done = B.CreateICmpEQ(PrefixNext, PrefixEnd, "prefix.done");
  PrefixBr->setCondition(ExitSide == 0 ? Done : B.CreateNot(Done));
  B.SetInsertPoint(AfterPrefix);
  B.CreateCondBr(B.CreateICmpEQ(P.Prefix, TripCount), Exit, RestPreheader);
  // The rest starts where the prefix stopped: its counter, and whatever else its header carries.
  B.SetInsertPoint(RestPreheader->getFirstNonPHI());
  for (llvm::PHINode &Phi : L.getHeader()->phis()) {
    auto *InRest = llvm::cast<llvm::PHINode>(RestMap[&Phi]);
    llvm::PHINode *From = B.CreatePHI(Phi.getType(), 2, Phi.getName() + ".from");
    From->addIncoming(InRest->getIncomingValueForBlock(RestPreheader), Head);
    From->addIncoming(mapped(PrefixMap, Phi.getIncomingValueForBlock(Latch)), AfterPrefix);
    InRest->setIncomingValueForBlock(RestPreheader, From);
  }
  // What leaves the loop comes from whichever version ran last.
  addExitValues(Exit, Latch, PrefixMap, AfterPrefix);
  addExitValues(Exit, Latch, RestMap, llvm::cast<llvm::BasicBlock>(RestMap[Latch]));

  // Each version gets a loop ID of its own (the copies' latches still carry the loop's), which
  // counts the splits; the wrapping one, rarely run, is left scalar, which spares the build its
  // vectorization, and is not split again.
  llvm::MDNode *ID = L.getLoopID();
  auto Tagged = [&](unsigned Splits, llvm::ArrayRef<llvm::MDNode *> More) {
    llvm::SmallVector<llvm::MDNode *, 4> Add{
        loopOption(C, SplitMarker, {llvm::ConstantAsMetadata::get(B.getInt32(Splits))})};
    Add.append(More.begin(), More.end());
    return llvm::makePostTransformationMetadata(C, ID, {SplitMarker}, Add);
  };
  const unsigned Splits = splitsOf(L) + 1;
  Prefix->setLoopID(Tagged(Splits, {}));
  Rest->setLoopID(Tagged(Splits, {}));
  L.setLoopID(Tagged(
      MaxSplits,
      {loopOption(C, "llvm.loop.vectorize.width", {llvm::ConstantAsMetadata::get(B.getInt32(1))}),
       loopOption(C, "llvm.loop.interleave.count", {llvm::ConstantAsMetadata::get(B.getInt32(1))}),
       loopOption(C, "llvm.loop.unroll.disable")}));
  // Last, with the versions wired (the folding may simplify what the maps point at): the test
  // is a constant in each copy.
  foldTest(PrefixMap[T.Cmp], P.PrefixTaken, Prefix->getBlocks());
  foldTest(RestMap[T.Cmp], !P.PrefixTaken, Rest->getBlocks());
}

/// Makes L step by its test's stride from the first work-item the test takes (none: the loop
/// is skipped), the test folded (see StrideTest). Leaves the analyses out of date.
void stride(llvm::Loop &L, const StrideTest &T, llvm::ScalarEvolution &SE) {
  llvm::BasicBlock *Preheader = L.getLoopPreheader(), *Latch = L.getLoopLatch(),
                   *Header = L.getHeader(), *Exit = L.getUniqueExitBlock();
  llvm::SCEVExpander Expander(SE, Header->getModule()->getDataLayout(), "stride");
  llvm::Instruction *At = Preheader->getTerminator();
  llvm::Type *IndexTy = T.Start->getType();
  llvm::Value *Start = Expander.expandCodeFor(T.Start, IndexTy, At);
  llvm::Value *Residue = Expander.expandCodeFor(T.Residue, IndexTy, At);
  llvm::Value *Items = expandTripCount(Expander, SE, L, At);
  llvm::IRBuilder<> B(At);
  // The first work-item the test takes is (K - Start) mod S after the row's first (S divides
  // the index type's range, so the index may wrap).
  llvm::Value *Skip = B.CreateSub(Residue, Start);
  if (!T.Mask.isAllOnes())
    Skip = B.CreateAnd(Skip, llvm::ConstantInt::get(IndexTy, T.Mask));
  Skip = B.CreateZExt(Skip, B.getInt64Ty(), "stride.skip");
  llvm::Value *X0 = T.Item->getIncomingValueForBlock(Preheader);
  llvm::Value *First = B.CreateAdd(X0, Skip, "stride.first");
  llvm::Value *End = B.CreateAdd(X0, Items, "stride.end");
  // The other counters start where the first work-item the test takes has them.
  for (auto &[Phi, Step] : T.Others) {
    llvm::Type *Ty = Phi->getType();
    llvm::Value *Ahead =
        B.CreateMul(B.CreateZExtOrTrunc(Skip, Ty), llvm::ConstantInt::get(Ty, Step));
    Phi->setIncomingValueForBlock(Preheader,
                                  B.CreateAdd(Phi->getIncomingValueForBlock(Preheader), Ahead));
  }
  B.CreateCondBr(B.CreateICmpULT(Skip, Items, "stride.any"), Header, Exit);
  At->eraseFromParent();
  T.Item->setIncomingValueForBlock(Preheader, First);
  // The latch: the next work-item S on, while below the end (a stride of 2^64 takes one).
  auto *LatchBr = llvm::cast<llvm::BranchInst>(Latch->getTerminator());
  B.SetInsertPoint(LatchBr);
  llvm::Value *Old = LatchBr->getCondition();
  llvm::Value *More = B.getFalse();
  if (T.Mask.getActiveBits() < 64) {
    llvm::Value *Next =
        B.CreateAdd(T.Item, B.getInt64(T.Mask.getZExtValue() + 1), "stride.next", /*HasNUW=*/true);
    More = B.CreateICmpULT(Next, End, "stride.more");
    T.Item->setIncomingValueForBlock(Latch, Next);
    // The other counters S steps on (modulo their width).
    for (auto &[Phi, Step] : T.Others) {
      llvm::APInt Stride = Step.zext(128) * (T.Mask.zext(128) + 1);
      Phi->setIncomingValueForBlock(
          Latch, B.CreateAdd(Phi, llvm::ConstantInt::get(Phi->getType(),
                                                         Stride.trunc(Step.getBitWidth()))));
    }
  }
  LatchBr->setCondition(LatchBr->getSuccessor(0) == Header ? More : B.CreateNot(More));
  llvm::RecursivelyDeleteTriviallyDeadInstructions(Old);
  foldTest(T.Cmp, T.Taken, L.getBlocks());
}

/// Runs T's block in a loop of its own before L, one iteration per aligned run of S work-items
/// (see SparseBlock), and folds T's test in L to the outcome that skips the block. Leaves the
/// analyses out of date.
void distribute(llvm::Loop &L, const SparseBlock &T, llvm::ScalarEvolution &SE,
                llvm::DominatorTree &DT, llvm::LoopInfo &LI) {
  llvm::Function &F = *L.getHeader()->getParent();
  llvm::LLVMContext &C = F.getContext();
  llvm::BasicBlock *Preheader = L.getLoopPreheader();
  llvm::SCEVExpander Expander(SE, F.getParent()->getDataLayout(), "sparse");
  llvm::Instruction *At = Preheader->getTerminator();
  llvm::Type *IndexTy = T.Start->getType();
  const bool Single = T.Mask.getActiveBits() > 62;
  llvm::Value *Start = Expander.expandCodeFor(T.Start, IndexTy, At);
  llvm::Value *Items = expandTripCount(Expander, SE, L, At);
  llvm::IRBuilder<> B(At);
  llvm::Value *X0 = T.Item->getIncomingValueForBlock(Preheader);
  llvm::Value *End = nullptr, *First = nullptr;
  std::vector<llvm::Value *> AliasStarts;
  if (!Single) {
    End = B.CreateAdd(X0, Items, "sparse.end");
    // The first run's first work-item (Index's value a multiple of S there; before the row's
    // first when the row starts inside a run).
    llvm::Value *Offset =
        B.CreateZExt(B.CreateAnd(Start, llvm::ConstantInt::get(IndexTy, T.Mask)), B.getInt64Ty());
    First = B.CreateSub(X0, Offset, "sparse.first");
    // K's arithmetic starts from Index's wider copies: each at a work-item, from its first value.
    for (auto &[X, XStart] : T.Aliases)
      AliasStarts.push_back(Expander.expandCodeFor(XStart, X->getType(), At));
  }
  std::vector<llvm::Value *> OtherStarts;
  for (auto &[Phi, Step] : T.Others)
    OtherStarts.push_back(Phi->getIncomingValueForBlock(Preheader));
  llvm::BasicBlock *Original =
      llvm::SplitBlock(Preheader, At, &DT, &LI, nullptr, "sparse.row.preheader");
  auto *Head = llvm::BasicBlock::Create(C, "sparse.run", &F, Original);
  auto *Body = llvm::BasicBlock::Create(C, "sparse.item", &F, Original);
  auto *Act = llvm::BasicBlock::Create(C, "sparse.act", &F, Original);
  auto *Next = llvm::BasicBlock::Create(C, "sparse.next", &F, Original);
  Preheader->getTerminator()->setSuccessor(0, Head);

  // Head: the run's first work-item R, K there, and the work-item the test may take, R + K. A
  // 64-bit index equal to K (before the loop) is one run: that work-item is (K - Start) after
  // the row's first, if the row reaches it.
  B.SetInsertPoint(Head);
  llvm::PHINode *Run = nullptr;
  llvm::Value *Item, *Taken;
  if (Single) {
    llvm::Value *Skip = B.CreateSub(T.Residue, Start);
    Item = B.CreateAdd(X0, Skip, "sparse.at");
    Taken = B.CreateICmpULT(Skip, Items, "sparse.in.row");
  } else {
    Run = B.CreatePHI(B.getInt64Ty(), 2, "sparse.run.first");
    Run->addIncoming(First, Preheader);
    llvm::ValueToValueMapTy AtRun;
    AtRun[T.Item] = Run;
    llvm::Value *RunSteps = B.CreateSub(Run, X0);
    for (size_t I = 0; I < T.Aliases.size(); ++I) {
      llvm::Value *X = T.Aliases[I].first;
      AtRun[X] = B.CreateAdd(AliasStarts[I], B.CreateZExtOrTrunc(RunSteps, X->getType()));
    }
    for (llvm::Instruction *I : T.Run) {
      llvm::Instruction *Copy = I->clone();
      B.Insert(Copy, I->getName() + ".run");
      llvm::RemapInstruction(Copy, AtRun,
                             llvm::RF_IgnoreMissingLocals | llvm::RF_NoModuleLevelChanges);
      AtRun[I] = Copy;
    }
    llvm::Value *K = mapped(AtRun, T.Residue);
    Item = B.CreateAdd(Run, B.CreateZExtOrTrunc(K, B.getInt64Ty()), "sparse.at");
    Taken = B.CreateAnd(B.CreateICmpULE(K, llvm::ConstantInt::get(IndexTy, T.Mask)),
                        B.CreateAnd(B.CreateICmpSGE(Item, X0), B.CreateICmpSLT(Item, End)),
                        "sparse.in.row");
  }
  B.CreateCondBr(Taken, Body, Next);

  // Body: what the block and its test use, for that work-item (the counters at it), and the test.
  B.SetInsertPoint(Body);
  llvm::ValueToValueMapTy AtItem;
  AtItem[T.Item] = Item;
  llvm::Value *Steps = T.Others.empty() ? nullptr : B.CreateSub(Item, X0);
  for (size_t I = 0; I < T.Others.size(); ++I) {
    auto &[Phi, Step] = T.Others[I];
    llvm::Type *Ty = Phi->getType();
    AtItem[Phi] = B.CreateAdd(OtherStarts[I], B.CreateMul(B.CreateZExtOrTrunc(Steps, Ty),
                                                          llvm::ConstantInt::get(Ty, Step)));
  }
  auto CopyInto = [&](llvm::Instruction *I) {
    llvm::Instruction *Copy = I->clone();
    B.Insert(Copy, I->getType()->isVoidTy() ? llvm::Twine() : I->getName() + ".sparse");
    llvm::RemapInstruction(Copy, AtItem,
                           llvm::RF_IgnoreMissingLocals | llvm::RF_NoModuleLevelChanges);
    AtItem[I] = Copy;
  };
  for (llvm::Instruction *I : T.Needed)
    CopyInto(I);
  llvm::Value *Cmp = mapped(AtItem, T.Cmp);
  B.CreateCondBr(Cmp, T.Taken ? Act : Next, T.Taken ? Next : Act);
  B.SetInsertPoint(Act);
  for (llvm::Instruction &I : *T.Block)
    if (!I.isTerminator() && !llvm::isa<llvm::DbgInfoIntrinsic>(I))
      CopyInto(&I);
  B.CreateBr(Next);

  // The next run, while it starts before the row's end; then the row as it was, without the
  // block. The loop over runs stays scalar: one work-item of S each.
  B.SetInsertPoint(Next);
  if (Single) {
    B.CreateBr(Original);
  } else {
    llvm::Value *NextRun =
        B.CreateAdd(Run, B.getInt64(T.Mask.getZExtValue() + 1), "sparse.run.next");
    Run->addIncoming(NextRun, Next);
    auto *Back = B.CreateCondBr(B.CreateICmpSLT(NextRun, End), Head, Original);
    llvm::Metadata *Scalar[] = {
        nullptr,
        loopOption(C, "llvm.loop.vectorize.width", {llvm::ConstantAsMetadata::get(B.getInt32(1))}),
        loopOption(C, "llvm.loop.interleave.count",
                   {llvm::ConstantAsMetadata::get(B.getInt32(1))})};
    llvm::MDNode *ID = llvm::MDNode::getDistinct(C, Scalar);
    ID->replaceOperandWith(0, ID);
    Back->setMetadata(llvm::LLVMContext::MD_loop, ID);
  }
  // The row skips the block (unreachable now: removed with the others).
  llvm::BasicBlock *Test = T.Block->getSinglePredecessor();
  auto *Br = llvm::cast<llvm::BranchInst>(Test->getTerminator());
  llvm::BasicBlock *Join = Br->getSuccessor(Br->getSuccessor(0) == T.Block ? 1 : 0);
  Br->eraseFromParent();
  llvm::BranchInst::Create(Join, Test);
  llvm::RecursivelyDeleteTriviallyDeadInstructions(T.Cmp);
}

} // namespace

llvm::PreservedAnalyses SplitWorkItemRangesPass::run(llvm::Function &F,
                                                     llvm::FunctionAnalysisManager &FAM) {
  bool Changed = false;
  // One loop at a time, with the analyses made anew after each.
  for (;;) {
    auto &LI = FAM.getResult<llvm::LoopAnalysis>(F);
    auto &SE = FAM.getResult<llvm::ScalarEvolutionAnalysis>(F);
    auto &DT = FAM.getResult<llvm::DominatorTreeAnalysis>(F);
    std::optional<RangeTest> Test;
    llvm::Loop *Found = nullptr;
    std::optional<StrideTest> Strided;
    std::optional<SparseBlock> Sparse;
    auto &AA = FAM.getResult<llvm::AAManager>(F);
    for (llvm::Loop *L : LI.getLoopsInPreorder()) {
      if (!isWorkItemLoop(*L))
        continue;
      // A preheader and exits of its own (LLVM's peeling of the first work-item leaves neither).
      Changed |= llvm::simplifyLoop(L, &DT, &LI, &SE, nullptr, nullptr, false);
      // Any work-item loop (an inner loop of the acting work-items' is no obstacle).
      if ((Strided = findStrideTest(*L, SE, DT))) {
        Found = L;
        break;
      }
      if (!L->isInnermost() ||
          (splitsOf(*L) >= MaxSplits && llvm::findOptionMDForLoop(L, UniformMarker)))
        continue;
      if ((Sparse = findSparseBlock(*L, SE, DT, AA)) || (Test = findRangeTest(*L, SE))) {
        Found = L;
        break;
      }
    }
    if (!Found)
      break;
    if (Strided)
      stride(*Found, *Strided, SE);
    else if (Sparse)
      distribute(*Found, *Sparse, SE, DT, LI);
    else if (auto *Uniform = std::get_if<UniformTest>(&*Test))
      version(*Found, *Uniform, SE, DT, LI);
    else
      split(*Found, std::get<BoundTest>(*Test), SE, DT, LI);
    llvm::removeUnreachableBlocks(F);
    FAM.invalidate(F, llvm::PreservedAnalyses::none());
    Changed = true;
  }
  return Changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

} // namespace weft::compiler
