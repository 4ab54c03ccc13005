// weft-combine-atomics: see Passes.h.
//
// A work-item loop (weft-kernel-entry's x loop) that does an atomic read-modify-write at an
// address the same for every work-item, and does not use its result,
//
//   if (x[get_global_id(0)] > 0.5f) atomic_inc(count);      // counting
//   atomic_add(sum, a[get_global_id(0)]);                    // a sum
//
// runs a locked instruction per work-item, each pulling the counter's cache line from the other
// cores (docs/performance.md, "weft-local-atomics and weft-combine-atomics"), and the atomic keeps the loop from being vectorized. The loop now folds the work-items' operands
// into a value of its own (a reduction, which the loop vectorizer runs in vectors) and does one
// atomic operation with it after the loop, when anything was folded. GPU compilers do the same
// for a wavefront (LLVM's AMDGPU atomic optimizer).
//
// Why that is a behaviour the kernel allows: the operations are relaxed (monotonic) and their
// results unused, and nothing else in the loop touches the counter (no other atomic operation or
// fence at all, no call that accesses memory, and each plain load and store either cannot alias
// it or is checked at run time not to, over the whole row). So no work-item of the row can observe
// the counter between the operations, and to every other thread the row's operations may as well
// have run back to back after its last work-item: relaxed operations order nothing else. The loop
// has a computable trip count and no loop inside (nor a cycle that is none of LoopInfo's loops,
// from a `goto`), so the one operation does happen. Integer
// operations only: add, sub (folded as a sum, subtracted once), and, or, xor, min and max
// (signed and unsigned); a floating-point sum would round differently.
//
// When a plain access may alias the counter, the loop runs in two versions: the combined one when
// the range each such access covers over the row (an address the same for all work-items, or one
// that steps by a constant) lies clear of the counter, the loop as it was otherwise. An access
// whose range cannot be computed (an indexed gather, say), or whose range could trap when computed
// before the loop (an address under a test of the divisor it divides by), leaves the loop as it
// is. Operations on counters that may overlap are checked apart the same way, unless they are
// the same operation on the same type; after the loop they run in the loop's order.
//
// A counter whose results are used, the loop's one atomic operation (stream compaction,
// `if (keep) out[atomic_inc(n)] = x`, or tickets), is taken by the row in one operation too: a
// copy of the loop runs first, keeping only what decides whether each work-item reaches the
// operation and with what operand (its stores, and what the result fed, removed), and folds the
// operands; one operation with the fold gives the counter's value before the row, and each
// work-item's result is that value with the fold of the work-items before it (`old + k` for the
// k-th increment). That is the execution where the row's operations ran back to back, in the
// row's order, before its first work-item, as relaxed operations may. It needs: the result to
// pass into no call nor the next work-item (so that the copy can drop it; the branches it
// decides come after the operation, and the copy takes their first way, as it does every branch
// that does not decide whether a work-item reaches the operation: a bounded list's
// `if (s < cap)`), and the copy's loads to read what the loop's would, so none that decides
// may follow a store of the same work-item that may alias it (another work-item's store there
// would be a data race).
// Accesses of a work-item after its operation, or where it does none, need no check: touching
// the counter while another work-item of the row operates on it would be a data race. Before
// its operation, a work-item may read the counter when it is the only one of the row to operate
// on it; so where such an access may alias the counter, the combined loop runs only when two
// work-items or more reach the operation (the copy counts them), the loop as it was otherwise.
//
// Atomics whose addresses are not the same for every work-item but each one of a few (a
// histogram's `atomic_inc(&bins[in[i]])` with a `uchar` index: 256 bins of global memory; a
// work-item counting several values in a loop LLVM unrolled), their results unused, the loop's
// only atomics, are counted by the row in bins of its own (private memory, as plain accesses), a
// set of bins for each array they go to and operation on a type (a histogram per colour
// channel; each label's lowest and highest value), and the bins are added to the counters after
// the loop, one operation per bin that was touched, in the bins' order, set after set. Two sets
// of the same operation may be one array given twice: their totals add up in any order. Sets of
// two operations must lie apart: in one array their bins may not overlap, and two arrays that
// may alias are checked apart before the loop, as counters are. That is the execution
// where each counter's operations of the row ran back to back after its last work-item, as above.
// Two cores then exchange a cache line of counters once per row instead of once per operation (the
// counters a row touches, in order), which is what a histogram with global atomics costs on a CPU.
// The bins are the offsets ScalarEvolution bounds (a `uchar` or masked index, a clamp; at most
// MaxBins in all sets), of the operation's size, spanning every operation's. Rows with fewer
// operations than a quarter of the bins run the loop as it was: clearing and adding up the bins
// would cost more than the operations. Accesses that may alias the counters are checked over the
// row as above, against each set's bytes; accesses whose ranges differ by constants (an unrolled
// loop's) share one check. A work-item loop with loops inside (a work-item counting values in a
// loop of its own) is taken in this mode only, where how many times an operation runs does not
// matter, when the row surely ends (every loop inside has a trip count) and no loop inside is a
// row of its own (a work-item loop). Its bins are the row's; an access in a loop inside has its
// range taken out loop by loop, from the first and last iterations of each; the row's operations
// are not counted, so there is no test of its length.
//
// weft-group-stride-loops' collapsed loops (marked weft.loop.collapsed_row: x == 0 runs there
// what the row's work-items ran) are rows too. A loop over local ids is one loop, taken in every
// mode. A grid-stride loop is a loop over the row's blocks holding a loop over each block, taken
// in the bins mode: the loop over a block ends at the block's end or the row's, whichever comes
// first, and the last index it reads, a minimum, is bounded by the block's end (boundOf).
//
// An access in the row itself at a narrow index widened (`in[base + i]` with `uint` base and i:
// the zero-extension of a 32-bit sum, which does not step by a constant in 64 bits when the sum
// wraps) has its range taken as that of the index stepping in 64 bits, assuming that the narrow
// index does not wrap over the row (ScalarEvolution's predicates, as LLVM's loop vectorizer uses
// them); the assumption is checked before the loop with the ranges. Inside a block of a
// grid-stride loop that assumption would differ from block to block, so there a zero-extended
// narrow index is taken in 64 bits as it is computed (widened), and checked before the loop to
// stay below 2^bits at its highest over the row. Both are ScalarEvolution predicates (a no-wrap
// one, a comparison) in one list. The first stays beside the second: it also takes
// sign-extended indices (`in[i]` with `int` i), whose 64-bit value the second cannot compute.
#include "compiler/passes/Common.h"
#include "compiler/passes/Passes.h"

#include <llvm/ADT/SetVector.h>
#include <llvm/Analysis/AliasAnalysis.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/ScalarEvolutionExpressions.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Transforms/Utils/Local.h>
#include <llvm/Transforms/Utils/LoopSimplify.h>
#include <llvm/Transforms/Utils/LoopUtils.h>
#include <llvm/Transforms/Utils/LowerAtomic.h>
#include <llvm/Transforms/Utils/PromoteMemToReg.h>
#include <llvm/Transforms/Utils/ScalarEvolutionExpander.h>

#include <optional>
#include <variant>

namespace weft::compiler {
namespace {

/// Loop metadata on both versions of a loop: its atomics were combined (or checked for it).
constexpr const char *CombinedMarker = "weft.loop.atomics_combined";
/// Above this many instructions a loop that needs a run-time check is not copied (build time).
constexpr unsigned MaxCopiedInstructions = 2000;
/// At most this many bins for an atomic whose address is one of a few (private memory per row).
constexpr uint64_t MaxBins = 1024;

/// The operation that folds operands of Op: itself, but a difference is folded as a sum (and
/// subtracted once).
llvm::AtomicRMWInst::BinOp foldOf(llvm::AtomicRMWInst::BinOp Op) {
  return Op == llvm::AtomicRMWInst::Sub ? llvm::AtomicRMWInst::Add : Op;
}

/// The value folding x into a running value leaves unchanged, for Op on type T.
llvm::Constant *identityOf(llvm::AtomicRMWInst::BinOp Op, llvm::IntegerType *T) {
  const unsigned Bits = T->getBitWidth();
  switch (Op) {
  case llvm::AtomicRMWInst::And:
  case llvm::AtomicRMWInst::UMin:
    return llvm::ConstantInt::get(T, llvm::APInt::getAllOnes(Bits));
  case llvm::AtomicRMWInst::Max:
    return llvm::ConstantInt::get(T, llvm::APInt::getSignedMinValue(Bits));
  case llvm::AtomicRMWInst::Min:
    return llvm::ConstantInt::get(T, llvm::APInt::getSignedMaxValue(Bits));
  default: // Add, Sub, Or, Xor, UMax
    return llvm::ConstantInt::get(T, 0);
  }
}

/// Whether A's operations may be folded: relaxed, on an integer, an operation whose operands fold.
bool isFoldable(const llvm::AtomicRMWInst &A) {
  switch (A.getOperation()) {
  case llvm::AtomicRMWInst::Add:
  case llvm::AtomicRMWInst::Sub:
  case llvm::AtomicRMWInst::And:
  case llvm::AtomicRMWInst::Or:
  case llvm::AtomicRMWInst::Xor:
  case llvm::AtomicRMWInst::Max:
  case llvm::AtomicRMWInst::Min:
  case llvm::AtomicRMWInst::UMax:
  case llvm::AtomicRMWInst::UMin:
    break;
  default:
    return false;
  }
  // Volatile or not: OpenCL C 1.x's atomic functions take volatile pointers (so that a kernel may
  // pass one), and their operations are atomic, not volatile accesses; the library passes the
  // qualifier on to LLVM's atomic instruction.
  return A.getOrdering() == llvm::AtomicOrdering::Monotonic && A.getType()->isIntegerTy();
}

/// The bytes A operates on.
uint64_t sizeOf(const llvm::AtomicRMWInst &A) {
  return A.getModule()->getDataLayout().getTypeStoreSize(A.getType());
}

/// A plain access that may alias a combined operation's counter: the bytes it covers over the
/// whole row must be checked clear of the counter's before the loop.
struct RangeCheck {
  const llvm::SCEV *Low, *High; ///< [Low, High) as integers
  /// The counters' bytes: [Target + From, Target + From + Bytes).
  llvm::Value *Target;
  int64_t From;
  uint64_t Bytes;
};

/// The counters of atomics whose addresses are each one of a few, one operation on one type:
/// Count of them, of the operations' size, the first at Base + Lo (bytes).
struct BinSet {
  std::vector<llvm::AtomicRMWInst *> Ops;
  llvm::Value *Base;
  int64_t Lo;
  uint64_t Count;

  /// The counters' bytes.
  uint64_t bytes() const { return Count * sizeOf(*Ops.front()); }
};

/// Such atomics, a set of bins for each array and operation on a type (a histogram per channel;
/// a count and a maximum). In a Nest (a work-item loop with loops inside), the operations of a
/// row are not counted.
struct Bins {
  std::vector<BinSet> Sets;
  bool Nest = false;
};

/// Whether A and B are the same operation on the same type (then their operations on one
/// counter add up in any order).
bool sameOperation(const llvm::AtomicRMWInst &A, const llvm::AtomicRMWInst &B) {
  return A.getOperation() == B.getOperation() && A.getType() == B.getType();
}

/// The bins Ops' addresses fall in, a set per base and operation on a type in a scope (see the
/// file's header); none when one is not in global memory, or ScalarEvolution cannot bound their
/// offsets from their bases to at most MaxBins of the operations' size in all.
std::optional<Bins> binsOf(const std::vector<llvm::AtomicRMWInst *> &Ops, const llvm::Loop &L,
                           llvm::ScalarEvolution &SE) {
  // The lowest and the highest of each set's offsets, the sets in the order first met.
  llvm::SmallVector<std::pair<int64_t, int64_t>, 4> Spans;
  Bins Binned;
  uint64_t Total = 0;
  for (llvm::AtomicRMWInst *Op : Ops) {
    const uint64_t Size = sizeOf(*Op);
    if (Op->getPointerAddressSpace() != GlobalAddressSpace || !llvm::isPowerOf2_64(Size))
      return std::nullopt;
    const llvm::SCEV *Address = SE.getSCEV(Op->getPointerOperand());
    const llvm::SCEV *Base = SE.getPointerBase(Address);
    if (!llvm::isa<llvm::SCEVUnknown>(Base) || !SE.isLoopInvariant(Base, &L))
      return std::nullopt;
    const llvm::SCEV *Offset = SE.removePointerBase(Address);
    if (llvm::isa<llvm::SCEVCouldNotCompute>(Offset) ||
        SE.GetMinTrailingZeros(Offset) < llvm::Log2_64(Size))
      return std::nullopt;
    // Every offset is a multiple of Size: the bins from the lowest multiple to the highest.
    const llvm::ConstantRange Range = SE.getSignedRange(Offset);
    if (Range.getBitWidth() > 64 || Range.isFullSet() || Range.isWrappedSet())
      return std::nullopt;
    llvm::Value *Array = llvm::cast<llvm::SCEVUnknown>(Base)->getValue();
    const size_t At = llvm::find_if(Binned.Sets,
                                    [&](const BinSet &Set) {
                                      const llvm::AtomicRMWInst &First = *Set.Ops.front();
                                      return Set.Base == Array && sameOperation(*Op, First) &&
                                             Op->getSyncScopeID() == First.getSyncScopeID();
                                    }) -
                      Binned.Sets.begin();
    if (At == Binned.Sets.size()) {
      Spans.push_back({INT64_MAX, INT64_MIN});
      Binned.Sets.push_back({{}, Array, 0, 0});
    }
    auto &[Lo, Hi] = Spans[At];
    Lo = std::min(Lo, int64_t(llvm::alignDown(Range.getSignedMin().getSExtValue(), Size)));
    Hi = std::max(Hi, int64_t(llvm::alignDown(Range.getSignedMax().getSExtValue(), Size)));
    if (Hi < Lo || uint64_t(Hi - Lo) / Size >= MaxBins)
      return std::nullopt;
    Binned.Sets[At].Ops.push_back(Op);
  }
  for (size_t At = 0; At < Binned.Sets.size(); ++At) {
    BinSet &Set = Binned.Sets[At];
    Set.Lo = Spans[At].first;
    Set.Count = uint64_t(Spans[At].second - Spans[At].first) / sizeOf(*Set.Ops.front()) + 1;
    if ((Total += Set.Count) > MaxBins)
      return std::nullopt;
  }
  return Binned;
}

/// P's add-recurrence over M when P steps by the same amount from one iteration of M to the next;
/// null otherwise (and for a P that is the same in every iteration).
const llvm::SCEVAddRecExpr *affineIn(const llvm::SCEV *P, const llvm::Loop *M) {
  const auto *AR = llvm::dyn_cast<llvm::SCEVAddRecExpr>(P);
  return AR && AR->getLoop() == M && AR->isAffine() ? AR : nullptr;
}

/// What ranges assume of the row (rangeOver), each once, in the order first assumed, as
/// ScalarEvolution's predicates, checked before the row: that a narrow index does not wrap over it
/// (a SCEVWrapPredicate), or that a narrow index taken in 64 bits stays below 2^bits at its
/// highest (a SCEVComparePredicate).
using Assumptions = llvm::SmallSetVector<const llvm::SCEVPredicate *, 2>;

/// E, a narrow integer, in 64 bits: each sum, product and add-recurrence taken over its terms'
/// zero-extensions, each truncation of a 64-bit value as that value. The result is not negative
/// and equals E modulo 2^width(E), so where it is below 2^width(E) it is zext(E). Null where E
/// holds anything else (a division, a sign-extension, a minimum), or a product by a negative
/// constant (`off - i`: -1 would be 2^32 - 1 times a 64-bit index, which may wrap in 64 bits).
const llvm::SCEV *widened(const llvm::SCEV *E, llvm::ScalarEvolution &SE) {
  llvm::Type *Int64 = llvm::Type::getInt64Ty(E->getType()->getContext());
  if (const auto *Mul = llvm::dyn_cast<llvm::SCEVMulExpr>(E))
    for (const llvm::SCEV *Op : Mul->operands())
      if (const auto *C = llvm::dyn_cast<llvm::SCEVConstant>(Op); C && C->getAPInt().isNegative())
        return nullptr;
  if (llvm::isa<llvm::SCEVConstant, llvm::SCEVUnknown, llvm::SCEVZeroExtendExpr>(E))
    return SE.getZeroExtendExpr(E, Int64);
  if (const auto *T = llvm::dyn_cast<llvm::SCEVTruncateExpr>(E))
    return T->getOperand()->getType() == Int64 ? T->getOperand() : nullptr;
  llvm::SmallVector<const llvm::SCEV *, 4> Ops;
  if (llvm::isa<llvm::SCEVAddExpr, llvm::SCEVMulExpr, llvm::SCEVAddRecExpr>(E))
    for (const llvm::SCEV *Op : llvm::cast<llvm::SCEVNAryExpr>(E)->operands()) {
      if (!(Ops.emplace_back(widened(Op, SE))))
        return nullptr;
    }
  if (llvm::isa<llvm::SCEVAddExpr>(E))
    return SE.getAddExpr(Ops);
  if (llvm::isa<llvm::SCEVMulExpr>(E))
    return SE.getMulExpr(Ops);
  if (const auto *AR = llvm::dyn_cast<llvm::SCEVAddRecExpr>(E))
    return SE.getAddRecExpr(Ops, AR->getLoop(), llvm::SCEV::FlagAnyWrap);
  return nullptr;
}

/// P with each zero-extension of a narrow index that varies in L replaced by that index in 64 bits
/// (widened), each of which is added to Narrow with the index's bits; P itself when there is none
/// or one cannot be widened.
class WidenNarrowIndices : public llvm::SCEVRewriteVisitor<WidenNarrowIndices> {
public:
  WidenNarrowIndices(llvm::ScalarEvolution &SE, const llvm::Loop &L,
                     llvm::SmallVectorImpl<std::pair<const llvm::SCEV *, unsigned>> &Narrow)
      : SCEVRewriteVisitor(SE), L(L), Narrow(Narrow) {}

  const llvm::SCEV *visitZeroExtendExpr(const llvm::SCEVZeroExtendExpr *Z) {
    const llvm::SCEV *E = Z->getOperand();
    const llvm::SCEV *Wide = SE.isLoopInvariant(E, &L) || Z->getType()->getIntegerBitWidth() != 64
                                 ? nullptr
                                 : widened(E, SE);
    if (!Wide)
      return Z;
    Narrow.push_back({Wide, E->getType()->getIntegerBitWidth()});
    return Wide;
  }

private:
  const llvm::Loop &L;
  llvm::SmallVectorImpl<std::pair<const llvm::SCEV *, unsigned>> &Narrow;
};

/// A bound of P, a sum with one minimum among its terms (for an upper bound) or one maximum (for
/// a Lower one), or a positive constant times one, taken as integers that do not wrap: P with
/// that term replaced by one of its operands (times the constant), the one that makes P the same
/// in every iteration of M if any does, else one that makes it step by the same amount. A loop
/// inside ending at the first of two exits (a block of a collapsed grid-stride loop: the block's
/// end, or the loop's bound) has such a last index, scaled by the element's size in an address.
/// Null when there is none.
const llvm::SCEV *boundOf(const llvm::SCEV *P, const llvm::Loop *M, bool Lower,
                          llvm::ScalarEvolution &SE) {
  const auto *Sum = llvm::dyn_cast<llvm::SCEVAddExpr>(P);
  if (!Sum)
    return nullptr;
  const llvm::SCEV *Stepping = nullptr;
  for (unsigned At = 0; At < Sum->getNumOperands(); ++At) {
    // The term, or a positive constant times it (an index scaled to bytes: 4 * umin(a, b) is
    // umin(4a, 4b)).
    const llvm::SCEV *Term = Sum->getOperand(At), *Scale = nullptr;
    if (const auto *Mul = llvm::dyn_cast<llvm::SCEVMulExpr>(Term);
        Mul && Mul->getNumOperands() == 2 && llvm::isa<llvm::SCEVConstant>(Mul->getOperand(0)) &&
        llvm::cast<llvm::SCEVConstant>(Mul->getOperand(0))->getAPInt().isStrictlyPositive()) {
      Scale = Mul->getOperand(0);
      Term = Mul->getOperand(1);
    }
    if (!(Lower ? llvm::isa<llvm::SCEVUMaxExpr, llvm::SCEVSMaxExpr>(Term)
                : llvm::isa<llvm::SCEVUMinExpr, llvm::SCEVSMinExpr>(Term)))
      continue;
    for (const llvm::SCEV *Choice : llvm::cast<llvm::SCEVNAryExpr>(Term)->operands()) {
      llvm::SmallVector<const llvm::SCEV *, 4> Terms(Sum->operands());
      Terms[At] = Scale ? SE.getMulExpr(Scale, Choice) : Choice;
      const llvm::SCEV *Bound = SE.getAddExpr(Terms);
      if (SE.isLoopInvariant(Bound, M))
        return Bound;
      if (!Stepping && affineIn(Bound, M))
        Stepping = Bound;
    }
    return Stepping; // one such term only
  }
  return nullptr;
}

/// The lowest and the highest of Point, a 64-bit integer in Inner (L, or a loop inside L), over
/// all of L's iterations; none unless, in each loop from Inner out to L, Point is the same in
/// every iteration or steps by the same amount from one to the next (then its extremes are the
/// first iteration's and the last's: the lowest is the first's for a constant step up, the last's
/// for a constant step down, either for a step of unknown sign). A point that is neither may be
/// bounded (boundOf). Over L itself, a point that is a narrow index widened (`in[base + i]` with
/// `uint` base and i: zext of a 32-bit one) steps by the same amount while that index does not
/// wrap over the row, which is added to Assumed (checked before L).
std::optional<std::pair<const llvm::SCEV *, const llvm::SCEV *>>
extremesOver(const llvm::Loop &L, const llvm::Loop *Inner, const llvm::SCEV *Point,
             llvm::ScalarEvolution &SE, Assumptions &Assumed) {
  // The candidates for the lowest and for the highest, taken out loop by loop.
  llvm::SmallVector<const llvm::SCEV *, 4> Lows{Point}, Highs{Point};
  for (const llvm::Loop *M = Inner;; M = M->getParentLoop()) {
    const llvm::SCEV *Taken = SE.getBackedgeTakenCount(M);
    // Replaces each point that varies in M by its value in M's first iteration and in its last,
    // keeping only the one that can be the extreme, Lower or not, when the step's sign is known.
    auto Over = [&](llvm::SmallVectorImpl<const llvm::SCEV *> &Points, bool Lower) {
      llvm::SmallVector<const llvm::SCEV *, 4> Out;
      for (const llvm::SCEV *P : Points) {
        const bool Invariant = SE.isLoopInvariant(P, M);
        const llvm::SCEVAddRecExpr *AR = Invariant ? nullptr : affineIn(P, M);
        llvm::SmallPtrSet<const llvm::SCEVPredicate *, 2> Wraps;
        if (!Invariant && !AR && M == &L)
          if (const llvm::SCEVAddRecExpr *Widened =
                  SE.convertSCEVToAddRecWithPredicates(P, M, Wraps);
              Widened && Widened->isAffine()) {
            P = AR = Widened;
            // One predicate per widened index: the checks come in the ranges' order each build.
            for (const llvm::SCEVPredicate *Wrap : Wraps)
              Assumed.insert(Wrap);
          }
        if (!Invariant && !AR) { // a bound is one or the other
          if (!(P = boundOf(P, M, Lower, SE)))
            return false;
          AR = affineIn(P, M);
        }
        if (!AR) {
          Out.push_back(P);
          continue;
        }
        if (llvm::isa<llvm::SCEVCouldNotCompute>(Taken))
          return false;
        const llvm::SCEV *First = AR->getStart(),
                         *Last = AR->evaluateAtIteration(
                             SE.getTruncateOrZeroExtend(Taken, AR->getType()), SE);
        if (SE.isKnownNonNegative(AR->getStepRecurrence(SE)))
          Out.push_back(Lower ? First : Last);
        else if (SE.isKnownNegative(AR->getStepRecurrence(SE)))
          Out.push_back(Lower ? Last : First);
        else
          Out.append({First, Last});
      }
      Points = std::move(Out);
      return Points.size() <= 8;
    };
    if (!Over(Lows, true) || !Over(Highs, false))
      return std::nullopt;
    if (M == &L)
      break;
  }
  return std::pair{SE.getUMinExpr(Lows), SE.getUMaxExpr(Highs)};
}

/// The bytes [Low, High) that Access (a load or store in L, or in a loop inside L) covers over all
/// of L's iterations, as 64-bit integers (extremesOver its address). Where that fails and the
/// address holds a narrow index that varies (`in[off + i]` with `uint` off and i, inside a block
/// of a collapsed grid-stride loop), the index is taken in 64 bits (widened), on the assumption,
/// added to Assumed, that its highest over the row stays below 2^bits: then it is the index.
std::optional<std::pair<const llvm::SCEV *, const llvm::SCEV *>>
rangeOver(const llvm::Loop &L, const llvm::Instruction &Access, llvm::ScalarEvolution &SE,
          const llvm::LoopInfo &LI, Assumptions &Assumed) {
  const llvm::DataLayout &DL = Access.getModule()->getDataLayout();
  llvm::Type *Int64 = llvm::Type::getInt64Ty(Access.getContext());
  const llvm::Value *Pointer = llvm::getLoadStorePointerOperand(&Access);
  llvm::Type *Accessed = llvm::getLoadStoreType(const_cast<llvm::Instruction *>(&Access));
  const llvm::SCEV *Size = SE.getConstant(Int64, DL.getTypeStoreSize(Accessed).getFixedSize());
  const llvm::SCEV *Address =
      SE.getPtrToIntExpr(SE.getSCEV(const_cast<llvm::Value *>(Pointer)), Int64);
  if (llvm::isa<llvm::SCEVCouldNotCompute>(Address))
    return std::nullopt;
  const llvm::Loop *Inner = LI.getLoopFor(Access.getParent());
  const size_t Before = Assumed.size();
  auto Range = extremesOver(L, Inner, Address, SE, Assumed);
  if (!Range) {
    while (Assumed.size() > Before) // what the failed try assumed
      Assumed.pop_back();
    llvm::SmallVector<std::pair<const llvm::SCEV *, unsigned>, 2> Narrow;
    const llvm::SCEV *Wide = WidenNarrowIndices(SE, L, Narrow).visit(Address);
    if (Narrow.empty() || !(Range = extremesOver(L, Inner, Wide, SE, Assumed)))
      return std::nullopt;
    for (auto [Index, Bits] : Narrow) {
      auto Extremes = extremesOver(L, Inner, Index, SE, Assumed);
      if (!Extremes)
        return std::nullopt;
      Assumed.insert(SE.getComparePredicate(llvm::ICmpInst::ICMP_ULT, Extremes->second,
                                            SE.getConstant(Int64, uint64_t(1) << Bits)));
    }
  }
  return std::pair{Range->first, SE.getAddExpr(Range->second, Size)};
}

/// Adds New to Checks, or widens a check of the same counters whose range's ends differ from
/// New's by constants (the accesses of an unrolled loop, at constant offsets from each other):
/// one comparison then covers both ranges and the bytes between them.
void addCheck(std::vector<RangeCheck> &Checks, const RangeCheck &New, llvm::ScalarEvolution &SE) {
  for (RangeCheck &C : Checks) {
    if (C.Target != New.Target || C.From != New.From || C.Bytes != New.Bytes)
      continue;
    const auto *Lower = llvm::dyn_cast<llvm::SCEVConstant>(SE.getMinusSCEV(New.Low, C.Low));
    const auto *Higher = llvm::dyn_cast<llvm::SCEVConstant>(SE.getMinusSCEV(New.High, C.High));
    if (!Lower || !Higher)
      continue;
    if (Lower->getAPInt().isNegative())
      C.Low = New.Low;
    if (Higher->getAPInt().isStrictlyPositive())
      C.High = New.High;
    return;
  }
  Checks.push_back(New);
}

/// Counters whose results are unused, each combined into one operation after the row.
struct CounterOps {
  std::vector<llvm::AtomicRMWInst *> Ops;
};

/// The one counter whose results are used, taken by the row in one operation before it.
struct SlotOp {
  llvm::AtomicRMWInst *Op;
  bool Fallback; ///< the loop is kept as it was, for rows where fewer than two work-items reach Op
};

/// What weft-combine-atomics does with a loop (one of its three modes, see the file's header),
/// after checking Checks.
struct Plan {
  std::variant<CounterOps, SlotOp, Bins> Mode;
  std::vector<RangeCheck> Checks;
  /// What the checks' ranges assume of the row (see rangeOver). Only a range brings one in, so
  /// Checks is never empty where this is not.
  Assumptions Assumed;
};

/// Whether L's blocks without the ways back to the headers of L and of the loops inside it have no
/// cycle: an irreducible cycle (a `goto` into a loop's middle) is none of LoopInfo's loops, and
/// would run an operation inside an innermost loop more than once in one work-item's iteration.
bool iterationIsAcyclic(const llvm::Loop &L) {
  const llvm::SmallVector<const llvm::Loop *, 4> Nest = L.getLoopsInPreorder();
  auto IsBackEdge = [&](const llvm::BasicBlock *From, const llvm::BasicBlock *To) {
    return llvm::any_of(
        Nest, [&](const llvm::Loop *M) { return M->getHeader() == To && M->contains(From); });
  };
  enum { Unseen, Open, Done };
  llvm::DenseMap<const llvm::BasicBlock *, int> State;
  // Depth first, with each block's successors as an explicit stack.
  llvm::SmallVector<std::pair<const llvm::BasicBlock *, unsigned>, 16> Path{{L.getHeader(), 0}};
  State[L.getHeader()] = Open;
  while (!Path.empty()) {
    auto &[BB, Next] = Path.back();
    const llvm::Instruction *Branch = BB->getTerminator();
    if (Next == Branch->getNumSuccessors()) {
      State[BB] = Done;
      Path.pop_back();
      continue;
    }
    const llvm::BasicBlock *Succ = Branch->getSuccessor(Next++);
    if (!L.contains(Succ) || IsBackEdge(BB, Succ))
      continue;
    int &S = State[Succ];
    if (S == Open)
      return false;
    if (S == Unseen) {
      S = Open;
      Path.push_back({Succ, 0});
    }
  }
  return true;
}

/// Whether To can run after From in the same iteration of L (whose iteration is acyclic).
bool followsInIteration(const llvm::Instruction &From, const llvm::Instruction &To,
                        const llvm::Loop &L) {
  if (From.getParent() == To.getParent())
    return From.comesBefore(&To);
  llvm::SmallVector<const llvm::BasicBlock *, 8> Work{From.getParent()};
  llvm::SmallPtrSet<const llvm::BasicBlock *, 16> Seen;
  while (!Work.empty())
    for (const llvm::BasicBlock *Next : llvm::successors(Work.pop_back_val())) {
      if (!L.contains(Next) || Next == L.getHeader())
        continue; // the iteration ends
      if (Next == To.getParent())
        return true;
      if (Seen.insert(Next).second)
        Work.push_back(Next);
    }
  return false;
}

/// Whether the branch ending BB decides whether a work-item of L reaches Slot: Slot can follow
/// it in the iteration, or it is the loop's exit test.
bool decidesSlot(const llvm::BasicBlock &BB, const llvm::Instruction &Slot, const llvm::Loop &L) {
  return &BB == L.getLoopLatch() || followsInIteration(*BB.getTerminator(), Slot, L);
}

/// Whether Slot's results may be taken from a running value of L (see the file's header): they
/// decide no value the next work-item takes over and pass through no call (branches after Slot
/// they may decide: the copy drops those); and what decides whether and with what a work-item
/// reaches Slot (the branches before it, the exit test and Slot's operand, computed again before
/// the loop) reads nothing the same work-item may have stored before in its iteration.
bool resultsMayRun(llvm::AtomicRMWInst &Slot, llvm::Loop &L,
                   const std::vector<llvm::Instruction *> &Accesses, llvm::ScalarEvolution &SE,
                   llvm::AAResults &AA) {
  // Nothing passes from one work-item to the next but the work-items' indices: a value carried
  // over (LLVM's, never OpenCL C's) would be computed along other ways in the copy.
  for (llvm::PHINode &Phi : L.getHeader()->phis())
    if (auto *AR = llvm::dyn_cast<llvm::SCEVAddRecExpr>(SE.getSCEV(&Phi));
        !AR || AR->getLoop() != &L || !AR->isAffine())
      return false;
  llvm::SmallVector<llvm::Instruction *, 16> Work{&Slot};
  llvm::SmallPtrSet<llvm::Instruction *, 16> FromSlot{&Slot};
  while (!Work.empty())
    for (llvm::User *U : Work.pop_back_val()->users()) {
      auto *I = llvm::cast<llvm::Instruction>(U);
      if (!L.contains(I) || !FromSlot.insert(I).second)
        continue;
      if ((I->isTerminator() && !llvm::isa<llvm::BranchInst, llvm::SwitchInst>(I)) ||
          (llvm::isa<llvm::CallBase>(I) &&
           !(llvm::isa<llvm::IntrinsicInst>(I) &&
             llvm::cast<llvm::CallBase>(I)->doesNotAccessMemory())) ||
          (llvm::isa<llvm::PHINode>(I) && I->getParent() == L.getHeader()))
        return false;
      if (!llvm::isa<llvm::StoreInst>(I))
        Work.push_back(I);
    }
  llvm::SmallVector<llvm::Instruction *, 16> Needed{
      llvm::dyn_cast<llvm::Instruction>(Slot.getValOperand())};
  for (llvm::BasicBlock *BB : L.blocks())
    if (decidesSlot(*BB, Slot, L))
      Needed.push_back(BB->getTerminator());
  llvm::SmallPtrSet<llvm::Instruction *, 32> Seen;
  while (!Needed.empty()) {
    llvm::Instruction *I = Needed.pop_back_val();
    if (!I || !L.contains(I) || !Seen.insert(I).second)
      continue;
    // Computed again in the copy, it must give what it gives in the loop: no call that is not a
    // function of its operands alone (the loop's `analyse` allows those touching memory no
    // kernel can see, a clock's, say), no freeze (of an undefined value, either of two).
    if (FromSlot.contains(I) || llvm::isa<llvm::FreezeInst>(I) ||
        (llvm::isa<llvm::CallBase>(I) && !llvm::cast<llvm::CallBase>(I)->doesNotAccessMemory()))
      return false;
    if (auto *Load = llvm::dyn_cast<llvm::LoadInst>(I))
      for (llvm::Instruction *Store : Accesses)
        if (llvm::isa<llvm::StoreInst>(Store) && followsInIteration(*Store, *Load, L) &&
            !AA.isNoAlias(llvm::MemoryLocation::get(Store), llvm::MemoryLocation::get(Load)))
          return false;
    for (llvm::Value *Op : I->operands())
      Needed.push_back(llvm::dyn_cast<llvm::Instruction>(Op));
  }
  return true;
}

/// The combinable atomics of L and the run-time checks they need; none when L has none or holds
/// anything that forbids combining (see the file's header).
std::optional<Plan> analyse(llvm::Loop &L, llvm::ScalarEvolution &SE, llvm::AAResults &AA,
                            const llvm::LoopInfo &LI) {
  // Loops inside L: bins only (where the number of operations does not matter), when the row
  // surely ends (each loop inside has a trip count) and each loop inside is none of the
  // work-items' own (those are rows of their own).
  const bool Nest = !L.isInnermost();
  for (const llvm::Loop *M : L.getLoopsInPreorder())
    if (M != &L && (isWorkItemLoop(*M) || !SE.hasLoopInvariantBackedgeTakenCount(M)))
      return std::nullopt;
  if (!iterationIsAcyclic(L))
    return std::nullopt;
  std::vector<llvm::AtomicRMWInst *> Counters, Slots, Varying;
  std::vector<llvm::Instruction *> Accesses;
  for (llvm::BasicBlock *BB : L.blocks())
    for (llvm::Instruction &I : *BB) {
      if (auto *A = llvm::dyn_cast<llvm::AtomicRMWInst>(&I); A && isFoldable(*A)) {
        if (L.isLoopInvariant(A->getPointerOperand()))
          (A->use_empty() ? Counters : Slots).push_back(A);
        else if (A->use_empty())
          Varying.push_back(A);
        else
          return std::nullopt;
      } else if (I.isAtomic() || I.isVolatile()) {
        return std::nullopt;
      } else if (llvm::isa<llvm::LoadInst, llvm::StoreInst>(I)) {
        Accesses.push_back(&I);
      } else if (auto *Call = llvm::dyn_cast<llvm::CallBase>(&I)) {
        if (!Call->doesNotAccessMemory() && !Call->onlyAccessesInaccessibleMemory() &&
            !llvm::isa<llvm::DbgInfoIntrinsic>(Call) && !Call->isLifetimeStartOrEnd())
          return std::nullopt;
      } else if (I.mayReadOrWriteMemory()) {
        return std::nullopt;
      }
    }
  std::vector<RangeCheck> Checks;
  Assumptions Assumed;
  // The accesses that may alias Counter, an operation's counter or counters [Target + From,
  // Target + From + Bytes), are checked clear of them over the row: false when one cannot be.
  // Each access's range over the row, taken once, whichever counters it is checked against.
  llvm::DenseMap<llvm::Instruction *, std::pair<const llvm::SCEV *, const llvm::SCEV *>> Ranges;
  auto CheckAccesses = [&](const llvm::MemoryLocation &Counter, llvm::Value *Target, int64_t From,
                           uint64_t Bytes) {
    for (llvm::Instruction *Access : Accesses) {
      if (AA.isNoAlias(llvm::MemoryLocation::get(Access), Counter))
        continue;
      auto Range = Ranges.find(Access);
      if (Range == Ranges.end()) {
        auto Taken = rangeOver(L, *Access, SE, LI, Assumed);
        if (!Taken)
          return false;
        Range = Ranges.try_emplace(Access, *Taken).first;
      }
      addCheck(Checks, {Range->second.first, Range->second.second, Target, From, Bytes}, SE);
    }
    return true;
  };
  llvm::Type *Int64 = llvm::Type::getInt64Ty(L.getHeader()->getContext());
  std::optional<Bins> Binned;
  if (!Varying.empty()) {
    // Atomics whose addresses are each one of a few: the loop's only ones. The loop is copied.
    if (!Counters.empty() || !Slots.empty() || instructionCount(L) > MaxCopiedInstructions ||
        !(Binned = binsOf(Varying, L, SE)))
      return std::nullopt;
    Binned->Nest = Nest;
    for (auto Set = Binned->Sets.begin(); Set != Binned->Sets.end(); ++Set) {
      const uint64_t Bytes = Set->bytes();
      // Any access from a set's base may alias its counters, wherever it is.
      const llvm::MemoryLocation Counters = llvm::MemoryLocation::getBeforeOrAfter(Set->Base);
      if (!CheckAccesses(Counters, Set->Base, Set->Lo, Bytes))
        return std::nullopt;
      // Sets of two operations must lie apart (their operations run set after set after the
      // loop, not in each work-item's order): in one array, their bins' bytes must not overlap;
      // in two that may alias, they are checked apart before the loop, as counters are.
      for (const BinSet &Other : llvm::make_range(std::next(Set), Binned->Sets.end())) {
        if (sameOperation(*Set->Ops.front(), *Other.Ops.front()))
          continue;
        const uint64_t OtherBytes = Other.bytes();
        if (Other.Base == Set->Base) {
          if (Other.Lo < Set->Lo + int64_t(Bytes) && Set->Lo < Other.Lo + int64_t(OtherBytes))
            return std::nullopt;
          continue;
        }
        if (AA.isNoAlias(Counters, llvm::MemoryLocation::getBeforeOrAfter(Other.Base)))
          continue;
        const llvm::SCEV *Low = SE.getAddExpr(SE.getPtrToIntExpr(SE.getSCEV(Other.Base), Int64),
                                              SE.getConstant(Int64, Other.Lo));
        addCheck(
            Checks,
            {Low, SE.getAddExpr(Low, SE.getConstant(Int64, OtherBytes)), Set->Base, Set->Lo, Bytes},
            SE);
      }
    }
  } else if (Nest || Counters.empty() == Slots.empty() || Slots.size() > 1 ||
             (!Slots.empty() && (instructionCount(L) > MaxCopiedInstructions ||
                                 !resultsMayRun(*Slots[0], L, Accesses, SE, AA)))) {
    // Counters with their results used: one alone in its loop. The loop is copied: the size
    // limit first, before the analysis costs anything.
    return std::nullopt;
  }
  if (!Slots.empty()) {
    // What a work-item does after its operation, or where it does none, cannot touch the counter
    // while another work-item of the row operates on it (a data race); what it does before may,
    // when no other one does: then the loop runs as it was (see the file's header).
    const bool Fallback = llvm::any_of(Accesses, [&](llvm::Instruction *I) {
      return followsInIteration(*I, *Slots[0], L) &&
             !AA.isNoAlias(llvm::MemoryLocation::get(I), llvm::MemoryLocation::get(Slots[0]));
    });
    return Plan{SlotOp{Slots[0], Fallback}, {}, {}};
  }
  for (size_t At = 0; At < Counters.size(); ++At) {
    llvm::AtomicRMWInst *A = Counters[At];
    const llvm::MemoryLocation Counter = llvm::MemoryLocation::get(A);
    // Two combined operations on one counter are fine only when they are the same operation on
    // the same type (then two sums, say, add up): others are checked apart.
    for (llvm::AtomicRMWInst *B : llvm::drop_begin(Counters, At + 1))
      if (!sameOperation(*A, *B) && !AA.isNoAlias(Counter, llvm::MemoryLocation::get(B))) {
        const llvm::SCEV *Other = SE.getPtrToIntExpr(SE.getSCEV(B->getPointerOperand()), Int64);
        if (llvm::isa<llvm::SCEVCouldNotCompute>(Other))
          return std::nullopt;
        addCheck(Checks,
                 {Other, SE.getAddExpr(Other, SE.getConstant(Int64, sizeOf(*B))),
                  A->getPointerOperand(), 0, sizeOf(*A)},
                 SE);
      }
    if (!CheckAccesses(Counter, A->getPointerOperand(), 0, sizeOf(*A)))
      return std::nullopt;
  }
  // The checks are computed before the loop: nothing there may trap (an address computed under a
  // test, `b[n / d]` where the loop tests d != 0, would divide unguarded).
  llvm::SCEVExpander Expander(SE, L.getHeader()->getModule()->getDataLayout(), "counter.check");
  const llvm::Instruction *Before = L.getLoopPreheader()->getTerminator();
  for (const RangeCheck &C : Checks)
    if (!Expander.isSafeToExpandAt(C.Low, Before) || !Expander.isSafeToExpandAt(C.High, Before))
      return std::nullopt;
  // Each assumption is checked before L: a no-wrap one from its index's start and step and the
  // row's length, a comparison from its two sides.
  auto SafeToCheck = [&](const llvm::SCEVPredicate *A) {
    if (const auto *Wrap = llvm::dyn_cast<llvm::SCEVWrapPredicate>(A)) {
      const llvm::SCEVAddRecExpr *Index = Wrap->getExpr();
      return Expander.isSafeToExpandAt(Index->getStart(), Before) &&
             Expander.isSafeToExpandAt(Index->getStepRecurrence(SE), Before) &&
             Expander.isSafeToExpandAt(SE.getBackedgeTakenCount(&L), Before);
    }
    const auto *Compare = llvm::dyn_cast<llvm::SCEVComparePredicate>(A);
    return Compare && Expander.isSafeToExpandAt(Compare->getLHS(), Before) &&
           Expander.isSafeToExpandAt(Compare->getRHS(), Before);
  };
  if (!llvm::all_of(Assumed, SafeToCheck))
    return std::nullopt;
  if (Binned)
    return Plan{std::move(*Binned), std::move(Checks), std::move(Assumed)};
  return Plan{CounterOps{std::move(Counters)}, std::move(Checks), std::move(Assumed)};
}

/// Whether P runs L in two versions: the combined one, and the loop as it was for the rows its
/// condition (versionCondition) or the slot's count of work-items turns away.
bool isVersioned(const Plan &P) {
  const auto *S = std::get_if<SlotOp>(&P.Mode);
  const auto *Binned = std::get_if<Bins>(&P.Mode);
  return !P.Checks.empty() || (Binned && !Binned->Nest) || (S && S->Fallback);
}

/// When the combined version of L may run, computed before L (in its preheader): every range in
/// P's checks lies clear of its counters, what P assumes of narrow indices holds, and for bins,
/// the row does a quarter as many operations as there are bins or more (counted outside a Nest).
/// None when it always may.
llvm::Value *versionCondition(llvm::Loop &L, const Plan &P, llvm::ScalarEvolution &SE) {
  llvm::Instruction *At = L.getLoopPreheader()->getTerminator();
  llvm::SCEVExpander Expander(SE, At->getModule()->getDataLayout(), "counter.check");
  llvm::IRBuilder<> B(At);
  llvm::Value *Clear = nullptr;
  if (!P.Checks.empty())
    Clear = B.getTrue();
  for (const RangeCheck &C : P.Checks) {
    llvm::Value *Low = Expander.expandCodeFor(C.Low, B.getInt64Ty(), At);
    llvm::Value *High = Expander.expandCodeFor(C.High, B.getInt64Ty(), At);
    llvm::Value *Counter = B.CreatePtrToInt(C.Target, B.getInt64Ty());
    if (C.From != 0)
      Counter = B.CreateAdd(Counter, B.getInt64(C.From));
    llvm::Value *CounterEnd = B.CreateAdd(Counter, B.getInt64(C.Bytes));
    llvm::Value *Apart =
        B.CreateOr(B.CreateICmpULE(CounterEnd, Low), B.CreateICmpULE(High, Counter));
    Clear = B.CreateAnd(Clear, Apart, "counters.clear");
  }
  for (const llvm::SCEVPredicate *A : P.Assumed) // the expansion is true where A fails
    Clear = B.CreateAnd(Clear, B.CreateNot(Expander.expandCodeForPredicate(A, At)),
                        llvm::isa<llvm::SCEVWrapPredicate>(A) ? "no.wrap" : "narrow.fits");
  if (const auto *Binned = std::get_if<Bins>(&P.Mode); Binned && !Binned->Nest) {
    // Operations in the row: at least a quarter of the bins, counting each work-item's all.
    uint64_t Count = 0, Ops = 0;
    for (const BinSet &Set : Binned->Sets) {
      Count += Set.Count;
      Ops += Set.Ops.size();
    }
    const uint64_t Row = llvm::divideCeil(Count, 4 * Ops);
    llvm::Value *Taken = Expander.expandCodeFor(SE.getBackedgeTakenCount(&L), nullptr, At);
    llvm::Value *Long = B.CreateICmpUGE(B.CreateZExtOrTrunc(Taken, B.getInt64Ty()),
                                        B.getInt64(Row - 1), "bins.row");
    Clear = Clear ? B.CreateAnd(Clear, Long) : Long;
  }
  return Clear;
}

/// Replaces each of Counters (in the loop whose only exit edge is Latch -> Exit) by folding its
/// operand into a running value of the loop, and does one operation with what was folded on the
/// way out, when it is not the operation's identity. Returns the running values' slots, for
/// promotion to registers.
std::vector<llvm::AllocaInst *> combine(const std::vector<llvm::AtomicRMWInst *> &Counters,
                                        llvm::BasicBlock *Preheader, llvm::BasicBlock *Latch,
                                        llvm::BasicBlock *Exit) {
  llvm::Function &F = *Latch->getParent();
  llvm::BasicBlock *Out = llvm::SplitEdge(Latch, Exit);
  Out->setName("combined.atomics");
  // The operations after the loop go in the loop's order, each before the way on (which moves
  // into a block of its own at each guard).
  llvm::Instruction *OnwardBranch = Out->getTerminator();
  std::vector<llvm::AllocaInst *> Slots;
  for (llvm::AtomicRMWInst *A : Counters) {
    auto *T = llvm::cast<llvm::IntegerType>(A->getType());
    const llvm::AtomicRMWInst::BinOp Op = A->getOperation();
    llvm::Constant *Identity = identityOf(Op, T);
    llvm::IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
    llvm::AllocaInst *Slot = B.CreateAlloca(T, nullptr, "combined");
    Slots.push_back(Slot);
    B.SetInsertPoint(Preheader->getTerminator());
    B.CreateStore(Identity, Slot);
    // Folded where the operation was.
    const llvm::AtomicRMWInst::BinOp Fold = foldOf(Op);
    B.SetInsertPoint(A);
    B.CreateStore(llvm::buildAtomicRMWValue(Fold, B, B.CreateLoad(T, Slot), A->getValOperand()),
                  Slot);
    // After the loop: one operation, unless nothing was folded.
    B.SetInsertPoint(OnwardBranch);
    llvm::Value *Total = B.CreateLoad(T, Slot, "combined.total");
    llvm::Instruction *Then =
        llvm::SplitBlockAndInsertIfThen(B.CreateICmpNE(Total, Identity), OnwardBranch, false);
    B.SetInsertPoint(Then);
    B.CreateAtomicRMW(Op, A->getPointerOperand(), Total, A->getAlign(), A->getOrdering(),
                      A->getSyncScopeID());
    A->eraseFromParent();
  }
  return Slots;
}

/// A loop over the bins 0 to Count - 1, before Before (which moves into a block after it):
/// returns the bin's index, in the loop's first block, whose terminator each bin's work goes
/// before.
llvm::PHINode *loopOverBins(llvm::Instruction *Before, uint64_t Count, const llvm::Twine &Name) {
  llvm::BasicBlock *Into = Before->getParent();
  llvm::BasicBlock *After = llvm::SplitBlock(Into, Before);
  llvm::LLVMContext &C = Into->getContext();
  auto *Bin = llvm::BasicBlock::Create(C, Name, Into->getParent(), After);
  auto *Next = llvm::BasicBlock::Create(C, Name + ".next", Into->getParent(), After);
  Into->getTerminator()->setSuccessor(0, Bin);
  llvm::IRBuilder<> B(Bin);
  llvm::PHINode *Index = B.CreatePHI(B.getInt64Ty(), 2, Name + ".index");
  B.CreateBr(Next);
  B.SetInsertPoint(Next);
  llvm::Value *Following = B.CreateNUWAdd(Index, B.getInt64(1));
  B.CreateCondBr(B.CreateICmpULT(Following, B.getInt64(Count)), Bin, After);
  Index->addIncoming(B.getInt64(0), Into);
  Index->addIncoming(Following, Next);
  return Index;
}

/// Counts Ops, Binned's operations in the loop with preheader Preheader whose only exit edge is
/// Latch -> Exit, in bins of private memory, cleared before the loop, and does one operation per
/// bin that is not the identity after it, in the bins' order (see the file's header). Returns the
/// block that now follows Latch on the way out, where those operations begin.
llvm::BasicBlock *countInBins(const BinSet &Binned, const std::vector<llvm::AtomicRMWInst *> &Ops,
                              llvm::BasicBlock *Preheader, llvm::BasicBlock *Latch,
                              llvm::BasicBlock *Exit) {
  llvm::Function &F = *Latch->getParent();
  llvm::AtomicRMWInst *A = Ops.front();
  auto *T = llvm::cast<llvm::IntegerType>(A->getType());
  const llvm::AtomicRMWInst::BinOp Op = A->getOperation();
  llvm::Constant *Identity = identityOf(Op, T);
  auto *Array = llvm::ArrayType::get(T, Binned.Count);
  const uint64_t Size = sizeOf(*A);
  llvm::IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
  llvm::AllocaInst *Bins = B.CreateAlloca(Array, nullptr, "bins");
  auto BinAt = [&](llvm::Value *Index) {
    return B.CreateInBoundsGEP(Array, Bins, {B.getInt64(0), Index});
  };
  // Cleared before the loop: all bytes alike (0 or all ones) but for signed minima and maxima.
  if (Identity->isNullValue() || Identity->isAllOnesValue()) {
    B.SetInsertPoint(Preheader->getTerminator());
    B.CreateMemSet(Bins, B.getInt8(Identity->isNullValue() ? 0 : 0xff), Binned.Count * Size,
                   Bins->getAlign());
  } else {
    llvm::PHINode *Index = loopOverBins(Preheader->getTerminator(), Binned.Count, "bins.clear");
    B.SetInsertPoint(Index->getParent()->getTerminator());
    B.CreateStore(Identity, BinAt(Index));
  }
  // Each folded into its bin where the operation was.
  // The first bin's address, computed once before the loop (the base is invariant in it).
  B.SetInsertPoint(Preheader->getTerminator());
  llvm::Value *Base = B.CreatePtrToInt(Binned.Base, B.getInt64Ty());
  if (Binned.Lo != 0)
    Base = B.CreateAdd(Base, B.getInt64(Binned.Lo), "bins.base");
  llvm::Align Alignment = A->getAlign();
  for (llvm::AtomicRMWInst *Each : Ops) {
    B.SetInsertPoint(Each);
    llvm::Value *Address = B.CreatePtrToInt(Each->getPointerOperand(), B.getInt64Ty());
    llvm::Value *Index =
        B.CreateLShr(B.CreateSub(Address, Base), llvm::Log2_64(Size), "bin", /*isExact=*/true);
    llvm::Value *Cell = BinAt(Index);
    B.CreateStore(
        llvm::buildAtomicRMWValue(foldOf(Op), B, B.CreateLoad(T, Cell), Each->getValOperand()),
        Cell);
    Alignment = std::min(Alignment, Each->getAlign());
  }
  // After the loop: one operation per bin folded into.
  llvm::BasicBlock *Out = llvm::SplitEdge(Latch, Exit);
  Out->setName("binned.atomics");
  llvm::PHINode *Bin = loopOverBins(Out->getTerminator(), Binned.Count, "bins.add");
  B.SetInsertPoint(Bin->getParent()->getTerminator());
  llvm::Value *Total = B.CreateLoad(T, BinAt(Bin), "bin.total");
  llvm::Instruction *Then = llvm::SplitBlockAndInsertIfThen(
      B.CreateICmpNE(Total, Identity), Bin->getParent()->getTerminator(), false);
  B.SetInsertPoint(Then);
  llvm::Value *Offset = B.CreateShl(Bin, llvm::Log2_64(Size));
  if (Binned.Lo != 0)
    Offset = B.CreateAdd(Offset, B.getInt64(Binned.Lo));
  llvm::Value *Counter = B.CreateInBoundsGEP(B.getInt8Ty(), Binned.Base, Offset);
  B.CreateAtomicRMW(Op, Counter, Total, Alignment, A->getOrdering(), A->getSyncScopeID());
  for (llvm::AtomicRMWInst *Each : Ops)
    Each->eraseFromParent();
  return Out;
}

/// Takes Slot's results (in L, whose only exit edge goes to Exit) from a running value: a copy
/// of L before it, with every store and everything fed by Slot's result removed, folds what each
/// work-item would give Slot; then one operation with the whole row's fold (when any work-item
/// reaches Slot) gives the counter's value before the row, and each work-item's result is that
/// value with the fold of the work-items before it. With a Fallback (the preheader of the loop as
/// it was), that happens only when two work-items or more reach Slot, the fallback runs otherwise.
/// Returns the running values' slots, for promotion to registers.
std::vector<llvm::AllocaInst *> combineSlot(llvm::Loop &L, llvm::AtomicRMWInst *Slot,
                                            llvm::BasicBlock *Exit, llvm::DominatorTree &DT,
                                            llvm::LoopInfo &LI, llvm::MDNode *CountID,
                                            llvm::BasicBlock *Fallback) {
  llvm::Function &F = *Exit->getParent();
  llvm::LLVMContext &C = F.getContext();
  auto *T = llvm::cast<llvm::IntegerType>(Slot->getType());
  llvm::Type *Int64 = llvm::Type::getInt64Ty(C);
  const llvm::AtomicRMWInst::BinOp Op = Slot->getOperation();
  const llvm::AtomicRMWInst::BinOp Fold = foldOf(Op);
  llvm::Constant *Identity = identityOf(Op, T);
  llvm::BasicBlock *Preheader = L.getLoopPreheader();
  llvm::BasicBlock *Base =
      llvm::SplitBlock(Preheader, Preheader->getTerminator(), &DT, &LI, nullptr, "slot.base");
  llvm::ValueToValueMapTy Map;
  llvm::Loop *Count = copyLoop(L, Base, ".count", Map, DT, LI);
  Count->setLoopID(CountID);
  Preheader->getTerminator()->setSuccessor(0, Count->getLoopPreheader());
  auto *CountLatch = llvm::cast<llvm::BasicBlock>(Map[L.getLoopLatch()]);
  CountLatch->getTerminator()->replaceSuccessorWith(Exit, Base);

  // The copy folds each work-item's operand into Total and counts the work-items that reach Slot.
  llvm::IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
  llvm::AllocaInst *Total = B.CreateAlloca(T, nullptr, "slot.total");
  llvm::AllocaInst *Reached = B.CreateAlloca(Int64, nullptr, "slot.reached");
  llvm::AllocaInst *Running = B.CreateAlloca(T, nullptr, "slot.running");
  B.SetInsertPoint(Preheader->getTerminator());
  B.CreateStore(Identity, Total);
  B.CreateStore(B.getInt64(0), Reached);
  auto *SlotCopy = llvm::cast<llvm::AtomicRMWInst>(Map[Slot]);
  std::vector<llvm::Instruction *> Dead;
  for (llvm::BasicBlock *BB : Count->blocks())
    for (llvm::Instruction &I : *BB)
      if (llvm::isa<llvm::StoreInst>(I))
        Dead.push_back(&I);
  B.SetInsertPoint(SlotCopy);
  B.CreateStore(
      llvm::buildAtomicRMWValue(Fold, B, B.CreateLoad(T, Total), SlotCopy->getValOperand()), Total);
  B.CreateStore(B.CreateAdd(B.CreateLoad(Int64, Reached), B.getInt64(1)), Reached);
  // The branches that do not decide whether a work-item reaches Slot take their first way.
  for (llvm::BasicBlock *BB : L.blocks()) {
    llvm::Instruction *Branch = llvm::cast<llvm::BasicBlock>(Map[BB])->getTerminator();
    if (decidesSlot(*BB, *Slot, L) || Branch->getNumSuccessors() < 2)
      continue;
    for (unsigned Way = 1; Way < Branch->getNumSuccessors(); ++Way)
      Branch->getSuccessor(Way)->removePredecessor(Branch->getParent());
    llvm::BranchInst::Create(Branch->getSuccessor(0), Branch);
    Dead.push_back(Branch);
  }
  // Calls whose results nothing uses go too: an assumption the loop makes under a test the copy
  // no longer makes (the branches above) would hold for work-items it does not hold for.
  for (llvm::BasicBlock *BB : Count->blocks())
    for (llvm::Instruction &I : *BB)
      if (llvm::isa<llvm::CallBase>(I) && I.use_empty())
        Dead.push_back(&I);
  SlotCopy->replaceAllUsesWith(llvm::PoisonValue::get(T));
  Dead.push_back(SlotCopy);
  // What fed only the stores and the branches dropped, and what Slot's result fed, goes with
  // them (resultsMayRun: nothing else). Blocks no longer reached stay for later passes to drop.
  llvm::SmallVector<llvm::WeakTrackingVH, 32> Feeding;
  for (llvm::Instruction *I : Dead) {
    Feeding.append(I->op_begin(), I->op_end());
    I->eraseFromParent();
  }
  llvm::RecursivelyDeleteTriviallyDeadInstructionsPermissive(Feeding);

  // Before L: the counter's value before the row, from one operation when any work-item
  // reaches Slot (with a fallback: when two or more do; the fallback runs otherwise).
  B.SetInsertPoint(Base->getTerminator());
  llvm::Value *ReachedRow = B.CreateLoad(Int64, Reached);
  llvm::Value *Any = Fallback ? B.CreateICmpUGE(ReachedRow, B.getInt64(2), "slot.many")
                              : B.CreateICmpNE(ReachedRow, B.getInt64(0), "slot.any");
  llvm::Value *Folded = B.CreateLoad(T, Total, "slot.total");
  llvm::Instruction *Then =
      llvm::SplitBlockAndInsertIfThen(Any, Base->getTerminator(), false, nullptr, &DT, &LI);
  if (Fallback)
    Base->getTerminator()->setSuccessor(1, Fallback);
  Then->getParent()->setName("slot.once");
  L.getLoopPreheader()->setName("slot.start");
  B.SetInsertPoint(Then);
  llvm::Value *Before = B.CreateAtomicRMW(Op, Slot->getPointerOperand(), Folded, Slot->getAlign(),
                                          Slot->getOrdering(), Slot->getSyncScopeID());
  llvm::BasicBlock *Onward = L.getLoopPreheader();
  B.SetInsertPoint(&Onward->front());
  llvm::PHINode *Start = B.CreatePHI(T, 2, "slot.before");
  Start->addIncoming(Before, Then->getParent());
  if (!Fallback)
    Start->addIncoming(llvm::PoisonValue::get(T), Base);
  B.SetInsertPoint(Onward->getTerminator());
  B.CreateStore(Identity, Running);
  // In L: each work-item's result is the counter's value before the row with the fold of the
  // work-items before it.
  B.SetInsertPoint(Slot);
  llvm::Value *Sofar = B.CreateLoad(T, Running, "slot.sofar");
  llvm::Value *Result = llvm::buildAtomicRMWValue(Op, B, Start, Sofar);
  B.CreateStore(llvm::buildAtomicRMWValue(Fold, B, Sofar, Slot->getValOperand()), Running);
  Slot->replaceAllUsesWith(Result);
  Slot->eraseFromParent();
  return {Total, Reached, Running};
}

} // namespace

llvm::PreservedAnalyses CombineAtomicsPass::run(llvm::Function &F,
                                                llvm::FunctionAnalysisManager &FAM) {
  bool Changed = false;
  // One loop at a time, with the analyses made anew after each.
  for (;;) {
    auto &LI = FAM.getResult<llvm::LoopAnalysis>(F);
    auto &SE = FAM.getResult<llvm::ScalarEvolutionAnalysis>(F);
    auto &DT = FAM.getResult<llvm::DominatorTreeAnalysis>(F);
    auto &AA = FAM.getResult<llvm::AAManager>(F);
    llvm::Loop *Found = nullptr;
    Plan Chosen{};
    for (llvm::Loop *L : LI.getLoopsInPreorder()) {
      if (!(isWorkItemLoop(*L) || llvm::findOptionMDForLoop(L, attr::CollapsedRow)) ||
          llvm::findOptionMDForLoop(L, CombinedMarker))
        continue;
      Changed |= llvm::simplifyLoop(L, &DT, &LI, &SE, nullptr, nullptr, false);
      llvm::BasicBlock *Latch = L->getLoopLatch();
      if (!L->getLoopPreheader() || !Latch || L->getExitingBlock() != Latch ||
          !L->getUniqueExitBlock() ||
          llvm::isa<llvm::SCEVCouldNotCompute>(SE.getBackedgeTakenCount(L)))
        continue;
      if (std::optional<Plan> P = analyse(*L, SE, AA, LI)) {
        if (isVersioned(*P) && instructionCount(*L) > MaxCopiedInstructions)
          continue;
        Chosen = std::move(*P);
        Found = L;
        break;
      }
    }
    if (!Found)
      break;
    llvm::Loop &L = *Found;
    llvm::LLVMContext &C = F.getContext();
    llvm::BasicBlock *Preheader = L.getLoopPreheader(), *Latch = L.getLoopLatch();
    llvm::BasicBlock *Exit = L.getUniqueExitBlock();
    llvm::formLCSSARecursively(L, DT, &LI, &SE);
    // Each version gets a loop ID of its own, marked so that it is not looked at again.
    llvm::MDNode *ID = L.getLoopID();
    auto Marked = [&] {
      return llvm::makePostTransformationMetadata(C, ID, {}, {loopOption(C, CombinedMarker)});
    };
    std::vector<llvm::AllocaInst *> Slots;
    llvm::Loop *Combined = &L;
    llvm::ValueToValueMapTy Map;
    L.setLoopID(Marked());
    llvm::BasicBlock *Original = nullptr;
    if (isVersioned(Chosen)) {
      llvm::Value *Clear = versionCondition(L, Chosen, SE);
      Original = llvm::SplitBlock(Preheader, Preheader->getTerminator(), &DT, &LI, nullptr,
                                  "counters.alias.preheader");
      Combined = copyLoop(L, Original, ".combined", Map, DT, LI);
      Preheader->getTerminator()->eraseFromParent();
      if (Clear)
        llvm::BranchInst::Create(Combined->getLoopPreheader(), Original, Clear, Preheader);
      else
        llvm::BranchInst::Create(Combined->getLoopPreheader(), Preheader);
      addExitValues(Exit, Latch, Map, llvm::cast<llvm::BasicBlock>(Map[Latch]));
      Combined->setLoopID(Marked());
    }
    // The chosen atomics' copies in the combined version.
    auto InCombined = [&](const std::vector<llvm::AtomicRMWInst *> &Ops) {
      std::vector<llvm::AtomicRMWInst *> Copies;
      for (llvm::AtomicRMWInst *A : Ops)
        Copies.push_back(llvm::cast<llvm::AtomicRMWInst>(mapped(Map, A)));
      return Copies;
    };
    if (const auto *S = std::get_if<SlotOp>(&Chosen.Mode)) {
      Slots = combineSlot(*Combined, InCombined({S->Op}).front(), Exit, DT, LI, Marked(), Original);
    } else if (const auto *Binned = std::get_if<Bins>(&Chosen.Mode)) {
      // Each set's operations after the loop come before the previous set's: their order does
      // not matter (sets of one operation add up in any order, sets of two lie apart).
      llvm::BasicBlock *Out = Exit;
      for (const BinSet &Set : Binned->Sets)
        Out = countInBins(Set, InCombined(Set.Ops), Combined->getLoopPreheader(),
                          Combined->getLoopLatch(), Out);
    } else {
      Slots = combine(InCombined(std::get<CounterOps>(Chosen.Mode).Ops),
                      Combined->getLoopPreheader(), Combined->getLoopLatch(), Exit);
    }
    llvm::DominatorTree Fresh(F);
    llvm::PromoteMemToReg(Slots, Fresh);
    FAM.invalidate(F, llvm::PreservedAnalyses::none());
    Changed = true;
  }
  return Changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

} // namespace weft::compiler
