// weft-group-stride-loops: see Passes.h.
//
// The loop this pass looks for, in a kernel still written for one work-item:
//   for (uint i = get_local_id(0); i < n; i += get_local_size(0)) body(i);
// The work-items of a row (same y and z) together run body(i) once for every i in [0, n). A
// work-group runs on one thread, work-item after work-item (weft-kernel-entry's x loop), so the
// row's loops run one after another, each scalar: the x loop cannot vectorize around an inner
// loop. After this pass, work-item x == 0 runs `for (i = 0; i < n; ++i) body(i)` and the others
// skip it: one loop LLVM's vectorizer takes like any other.
//
// Over global ids, `for (i = get_global_id(0); i < n; i += get_global_size(0))`, a work-group's
// work-items cover blocks of local-size consecutive indices, one global size apart (each
// work-item one index per block, one element per cache line on its own). Work-item x == 0 then
// runs `for (s = its global id; s < n; s += global size) for (j = 0; j < local size && s + j < n;
// ++j) body(s + j)`: the same indices, each work-item's in its order; the inner loop vectorizes.
// That holds while no index wraps: a `uint` index from a global offset of 2^32 - 16 starts at
// 2^32 - 16 in work-item 0 and at 0 in work-item 16. So x == 0 first tests (uniform values
// only) that no index the row's work-items compute, from their starts to the step past n,
// reaches 2^31 (2^63 for a 64-bit index). Then s and s + j are 64-bit indices that step without
// wrapping (nuw), and the body takes them unmasked, where it masked or narrowed and widened the
// loop's index: ScalarEvolution counts the trips and follows the addresses (weft-combine-atomics
// takes the loop over s, marked, as a row). Otherwise x == 0 runs the loop as it was once for
// each work-item x' of the row, its start computed from x''s global id: the same iterations, in
// the order the x loop would run them.
//
// A loop over local ids, collapsed, keeps its index below a strict bound, in its width (and below
// 2^31 for a signed test): there too the body takes the index where it took it masked, or
// narrowed and widened again. Both collapsed loops are marked weft.loop.collapsed_row.
//
// Why it is allowed. OpenCL C orders one work-item's accesses (program order) and nothing between
// two work-items without a barrier: conflicting accesses of two work-items between barriers are a
// data race, whose behaviour is undefined. The collapsed loop keeps each work-item's iterations in
// their order (index i belongs to work-item i mod L, and its indices still come in increasing
// order) and runs them earlier than before; so what must hold is that nothing each work-item did
// before its loop, since the last barrier, can conflict with them, and that the loop computes the
// same thing in work-item 0 as in the work-item it came from:
// - the loop's only value carried from one iteration to the next is its index, which starts at
//   the local (global) id plus a small constant, steps by the local (global) size, and is tested
//   against a bound (<, <=) at the top of the loop, whose header changes nothing (it runs once
//   more than the body in each work-item);
// - everything else the loop uses is the same in every work-item of the row ("uniform": no local
//   or global id in x, no private memory, no result of an atomic, atomic loads included),
//   nothing it computes is used after it, and it calls nothing that writes memory or
//   synchronizes;
// - every work-item of the row reaches it: no branch on a value that differs in x leads to it;
// - from the last barrier to the loop, a work-item reads no memory the loop may write and writes
//   none it may read or write (buffers and local memory count apart, private memory, the
//   async-copy event counters and the copies, waits and fences work-item 0 makes for the
//   work-group before its loop not at all); other collapsed loops there are work-item 0's.
#include "compiler/passes/Common.h"
#include "compiler/passes/Passes.h"

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/DenseSet.h>
#include <llvm/ADT/SmallPtrSet.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/PostDominators.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/PatternMatch.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/Local.h>
#include <llvm/Transforms/Utils/LoopUtils.h>
#include <llvm/Transforms/Utils/ValueMapper.h>

#include <optional>
#include <string>
#include <vector>

namespace weft::compiler {
namespace {

using namespace llvm::PatternMatch;

/// What a work-item query says about the x dimension.
enum class Query { LocalIdX, LocalSizeX, GlobalIdX, GlobalSizeX, VariesInX, Uniform, NotAQuery };

Query queryOf(const llvm::CallInst &Call) {
  const llvm::Function *Callee = Call.getCalledFunction();
  if (!Callee)
    return Query::NotAQuery;
  using Q = WorkItemQuery;
  switch (WorkItemQuery K = workItemQueryOf(Callee->getName())) {
  case Q::Unknown:
    return Query::NotAQuery;
  case Q::GlobalLinearId:
  case Q::LocalLinearId:
    return Query::VariesInX;
  case Q::GlobalId:
  case Q::LocalId:
  case Q::GlobalSize:
  case Q::LocalSize: {
    bool Size = K == Q::GlobalSize || K == Q::LocalSize;
    auto *Dim = llvm::dyn_cast<llvm::ConstantInt>(Call.getArgOperand(0));
    if (!Dim)
      return Size ? Query::Uniform : Query::VariesInX;
    if (!Dim->isZero())
      return Query::Uniform;
    if (K == Q::LocalId)
      return Query::LocalIdX;
    if (K == Q::GlobalId)
      return Query::GlobalIdX;
    return K == Q::LocalSize ? Query::LocalSizeX : Query::GlobalSizeX;
  }
  default:
    return Query::Uniform; // enqueued local size, groups, offsets, work dimensions
  }
}

bool variesInX(Query Q) {
  return Q == Query::VariesInX || Q == Query::LocalIdX || Q == Query::GlobalIdX;
}

/// Private memory (Clang's SPIR address space 0, or generic pointing at it), or possibly so.
bool maybePrivate(const llvm::Value *Pointer) {
  auto privateOrGeneric = [](unsigned AS) {
    return AS == PrivateAddressSpace || AS == GenericAddressSpace;
  };
  return privateOrGeneric(Pointer->getType()->getPointerAddressSpace()) &&
         privateOrGeneric(
             llvm::getUnderlyingObject(Pointer, 0)->getType()->getPointerAddressSpace());
}

bool definitelyPrivate(const llvm::Value *Pointer) {
  return llvm::isa<llvm::AllocaInst>(llvm::getUnderlyingObject(Pointer, 0));
}

/// The async-copy event counters (`__weft_copy_names()[local linear id]`, builtins/src/async.cl).
bool isCopyCounter(const llvm::Value *Pointer) {
  auto *Call = llvm::dyn_cast<llvm::CallInst>(llvm::getUnderlyingObject(Pointer, 0));
  return Call && Call->getCalledFunction() &&
         Call->getCalledFunction()->getName() == "__weft_copy_names";
}

/// Weft's own runtime calls for the work-group (copies, waits, fences, event names), which
/// work-item 0 makes for all and the library guards with __weft_first_work_item.
bool isWorkGroupRuntime(const llvm::Function &Callee) {
  return Callee.getName().startswith("__weft_");
}

bool anyPointerArgument(const llvm::CallInst &Call, bool (*Test)(const llvm::Value *)) {
  for (const llvm::Value *Arg : Call.args())
    if (Arg->getType()->isPointerTy() && Test(Arg))
      return true;
  return false;
}

/// The values of a kernel that may differ between work-items of a row (same y and z), and the
/// blocks a branch on such a value decides whether a work-item runs.
class XVariance {
public:
  XVariance(llvm::Function &F, llvm::PostDominatorTree &PDT) {
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (llvm::Instruction &I : llvm::instructions(F))
        if (!Varies.contains(&I) && varies(I)) {
          Varies.insert(&I);
          Changed = true;
        }
      for (llvm::BasicBlock &BB : F)
        if (!Divergent.contains(&BB) && branchVaries(BB.getTerminator())) {
          markDecidedBy(BB, PDT);
          Changed = true;
        }
    }
  }

  bool varies(const llvm::Value *V) const { return Varies.contains(V); }
  /// Whether a branch outside L on a value that varies in x decides whether a work-item reaches
  /// L (the loop's own test varies with its index, and only decides how long it runs).
  bool divergentFromOutside(const llvm::Loop &L) const {
    for (const auto &[Branch, Decided] : DecidedBy)
      if (!L.contains(Branch) &&
          (Decided.contains(L.getHeader()) || Decided.contains(L.getLoopPreheader())))
        return true;
    return false;
  }

private:
  bool varies(const llvm::Instruction &I) const {
    if (auto *Call = llvm::dyn_cast<llvm::CallInst>(&I)) {
      Query Q = queryOf(*Call);
      if (variesInX(Q))
        return true;
      if (Q == Query::NotAQuery && !llvm::isa<llvm::IntrinsicInst>(Call) &&
          !Call->doesNotAccessMemory())
        return true; // a runtime call, say: its result is taken to vary
    }
    if (llvm::isa<llvm::AtomicRMWInst, llvm::AtomicCmpXchgInst>(I))
      return true;
    if (llvm::isa<llvm::LoadInst>(I) && (I.isAtomic() || maybePrivate(accessedPointer(I))))
      return true;
    if (auto *Phi = llvm::dyn_cast<llvm::PHINode>(&I))
      for (const llvm::BasicBlock *In : Phi->blocks())
        if (DecidedBlocks.contains(In) || Divergent.contains(In))
          return true;
    return llvm::any_of(I.operands(), [&](const llvm::Use &U) { return Varies.contains(U.get()); });
  }

  bool branchVaries(const llvm::Instruction *T) const {
    if (T->getNumSuccessors() < 2)
      return false;
    if (auto *Br = llvm::dyn_cast<llvm::BranchInst>(T))
      return Varies.contains(Br->getCondition());
    if (auto *Switch = llvm::dyn_cast<llvm::SwitchInst>(T))
      return Varies.contains(Switch->getCondition());
    return true;
  }

  /// The blocks from BB's successors up to (not including) its immediate post-dominator.
  void markDecidedBy(llvm::BasicBlock &BB, llvm::PostDominatorTree &PDT) {
    Divergent.insert(&BB);
    llvm::DenseSet<const llvm::BasicBlock *> &Decided = DecidedBy[&BB];
    llvm::DomTreeNode *Node = PDT.getNode(&BB);
    llvm::BasicBlock *Join = Node && Node->getIDom() ? Node->getIDom()->getBlock() : nullptr;
    std::vector<llvm::BasicBlock *> Work(llvm::succ_begin(&BB), llvm::succ_end(&BB));
    while (!Work.empty()) {
      llvm::BasicBlock *Next = Work.back();
      Work.pop_back();
      if (Next == Join || !Decided.insert(Next).second)
        continue;
      DecidedBlocks.insert(Next);
      Work.insert(Work.end(), llvm::succ_begin(Next), llvm::succ_end(Next));
    }
  }

  llvm::DenseSet<const llvm::Value *> Varies;
  llvm::DenseSet<const llvm::BasicBlock *> Divergent;     // blocks ending in a varying branch
  llvm::DenseSet<const llvm::BasicBlock *> DecidedBlocks; // blocks such branches decide
  llvm::DenseMap<const llvm::BasicBlock *, llvm::DenseSet<const llvm::BasicBlock *>> DecidedBy;
};

/// A loop this pass collapses, and what the rewrite changes.
struct Candidate {
  llvm::Loop *Loop = nullptr;
  llvm::PHINode *Index = nullptr;
  llvm::BinaryOperator *Step = nullptr; // Index' + local size
  uint64_t Start = 0;                   // the index's start, less the local id
  llvm::CallInst *Id = nullptr;         // the get_local_id(0) or get_global_id(0) it came from
  /// Over global ids (the index steps by the global size): each work-group covers blocks of
  /// local-size indices, one block per step; x == 0 runs an inner loop over each block.
  bool Global = false;
  /// The test: the index (truncated to Bits) Stay (<, <= signed or not) Bound.
  unsigned Bits = 0;
  llvm::ICmpInst::Predicate Stay = llvm::ICmpInst::ICMP_ULT;
  llvm::Value *Bound = nullptr;
};

/// V with its integer casts (and masks of at least 32 low bits) looked through, as long as
/// every type on the way is at least 32 bits wide.
const llvm::Value *stripCasts(const llvm::Value *V) {
  for (;;) {
    const llvm::Value *Inner = nullptr;
    llvm::ConstantInt *Mask = nullptr;
    if (auto *Cast = llvm::dyn_cast<llvm::CastInst>(V); Cast && Cast->isIntegerCast())
      Inner = Cast->getOperand(0);
    else if (!match(V, m_And(m_Value(Inner), m_ConstantInt(Mask))) || !Mask->getValue().isMask() ||
             Mask->getValue().countTrailingOnes() < 32)
      return V;
    if (Inner->getType()->getScalarSizeInBits() < 32 || V->getType()->getScalarSizeInBits() < 32)
      return V;
    V = Inner;
  }
}

/// Start = get_local_id(0) + C (integer casts allowed, C a small non-negative constant).
bool matchStart(const llvm::Value *Start, Candidate &C) {
  const llvm::Value *V = stripCasts(Start);
  const llvm::Value *Inner = nullptr;
  llvm::ConstantInt *Offset = nullptr;
  if (match(V, m_Add(m_Value(Inner), m_ConstantInt(Offset)))) {
    // Well below 2^31, so that no start wraps in a 32-bit index, signed or not, whatever the
    // work-group's size.
    if (Offset->getValue().getActiveBits() > 20)
      return false;
    C.Start = Offset->getZExtValue();
    V = stripCasts(Inner);
  }
  auto *Call = llvm::dyn_cast<llvm::CallInst>(V);
  Query Q = Call ? queryOf(*Call) : Query::NotAQuery;
  if (Q != Query::LocalIdX && Q != Query::GlobalIdX)
    return false;
  C.Id = const_cast<llvm::CallInst *>(Call);
  C.Global = Q == Query::GlobalIdX;
  return true;
}

/// Whether X equals Index modulo 2^Bits: Index itself, masked, or truncated and extended.
bool sameModulo(const llvm::Value *X, const llvm::Value *Index, unsigned Bits) {
  if (X == Index)
    return true;
  const llvm::Value *Inner = nullptr;
  llvm::ConstantInt *Mask = nullptr;
  if (match(X, m_And(m_Value(Inner), m_ConstantInt(Mask))))
    return Inner == Index && Mask->getValue().isMask() &&
           Mask->getValue().countTrailingOnes() >= Bits;
  if (match(X, m_ZExtOrSExt(m_Trunc(m_Value(Inner)))))
    return Inner == Index &&
           llvm::cast<llvm::CastInst>(X)->getOperand(0)->getType()->getScalarSizeInBits() >= Bits;
  // sext(trunc(Index)) as InstCombine writes it: (Index << s) >> s.
  llvm::ConstantInt *Left = nullptr, *Right = nullptr;
  if (match(X, m_AShr(m_Shl(m_Value(Inner), m_ConstantInt(Left)), m_ConstantInt(Right))))
    return Inner == Index && Left->getValue() == Right->getValue() &&
           X->getType()->getScalarSizeInBits() - Left->getZExtValue() >= Bits;
  return false;
}

/// Makes what Blocks compute equal to Index modulo 2^Bits (sameModulo: masked, or narrowed and
/// widened again; sign-extended only when SignExtended) use Index itself, for a loop whose every
/// index fits Bits (and 2^(Bits-1) when sign-extensions go). Returns those, now unused.
std::vector<llvm::Instruction *> useIndexItself(llvm::ArrayRef<llvm::BasicBlock *> Blocks,
                                                llvm::Instruction *Index, unsigned Bits,
                                                bool SignExtended) {
  std::vector<llvm::Instruction *> Same;
  for (llvm::BasicBlock *BB : Blocks)
    for (llvm::Instruction &I : *BB)
      if (&I != Index && I.getType() == Index->getType() && sameModulo(&I, Index, Bits) &&
          (SignExtended || !llvm::isa<llvm::SExtInst, llvm::AShrOperator>(I)))
        Same.push_back(&I);
  for (llvm::Instruction *I : Same)
    I->replaceAllUsesWith(Index);
  return Same;
}

/// The index, step and test of L, if L is a loop over the local ids in x with stride local size.
/// Hoisted is set when the loop's bound was moved to its preheader.
std::optional<Candidate> matchLoop(llvm::Loop *L, const XVariance &X, bool &Hoisted) {
  llvm::BasicBlock *Header = L->getHeader(), *Preheader = L->getLoopPreheader();
  llvm::BasicBlock *Latch = L->getLoopLatch();
  if (!Preheader || !Latch || L->getExitingBlock() != Header || !L->getExitBlock() ||
      !llvm::isa<llvm::BranchInst>(Preheader->getTerminator()) ||
      Preheader->getTerminator()->getNumSuccessors() != 1)
    return std::nullopt;
  auto *Test = llvm::dyn_cast<llvm::BranchInst>(Header->getTerminator());
  if (!Test || !Test->isConditional())
    return std::nullopt;
  Candidate C;
  C.Loop = L;
  for (llvm::PHINode &Phi : Header->phis()) {
    if (C.Index)
      return std::nullopt; // a second value carried between iterations
    C.Index = &Phi;
  }
  if (!C.Index || !C.Index->getType()->isIntegerTy() ||
      !matchStart(C.Index->getIncomingValueForBlock(Preheader), C))
    return std::nullopt;
  // The header runs once more than the body in every work-item, and once more in all after the
  // collapse: it must have no effect, so that only the body's count matters.
  for (const llvm::Instruction &I : *Header)
    if (I.mayWriteToMemory() || I.mayHaveSideEffects())
      return std::nullopt;

  // The test: Index (or Index truncated) <, <= a bound that is the same in every work-item.
  auto *Compare = llvm::dyn_cast<llvm::ICmpInst>(Test->getCondition());
  if (!Compare)
    return std::nullopt;
  llvm::ICmpInst::Predicate Stay = Compare->getPredicate();
  if (!L->contains(Test->getSuccessor(0)))
    Stay = llvm::ICmpInst::getInversePredicate(Stay);
  llvm::Value *Tested = Compare->getOperand(0), *Bound = Compare->getOperand(1);
  auto isIndex = [&](const llvm::Value *V) {
    return V == C.Index || (match(V, m_Trunc(m_Specific(C.Index))));
  };
  if (!isIndex(Tested)) {
    std::swap(Tested, Bound);
    Stay = llvm::ICmpInst::getSwappedPredicate(Stay);
  }
  // A bound the source computes in the test (`i < w * h`), before LICM has run, moves to the
  // preheader where it may (operands from outside the loop, nothing read from memory).
  if (!isIndex(Tested) || !L->makeLoopInvariant(Bound, Hoisted) || X.varies(Bound))
    return std::nullopt;
  if (Stay != llvm::ICmpInst::ICMP_ULT && Stay != llvm::ICmpInst::ICMP_ULE &&
      Stay != llvm::ICmpInst::ICMP_SLT && Stay != llvm::ICmpInst::ICMP_SLE)
    return std::nullopt;
  unsigned Bits = Tested->getType()->getScalarSizeInBits();
  if (Bits < 32 || Bits > 64)
    return std::nullopt;
  C.Bits = Bits;
  C.Stay = Stay;
  C.Bound = Bound;

  // The step: Index (modulo the tested width) + get_local_size(0).
  C.Step = llvm::dyn_cast<llvm::BinaryOperator>(C.Index->getIncomingValueForBlock(Latch));
  if (!C.Step || C.Step->getOpcode() != llvm::Instruction::Add || !L->contains(C.Step))
    return std::nullopt;
  for (unsigned Op = 0; Op < 2; ++Op) {
    auto *Size = llvm::dyn_cast<llvm::CallInst>(stripCasts(C.Step->getOperand(Op)));
    if (Size && queryOf(*Size) == (C.Global ? Query::GlobalSizeX : Query::LocalSizeX) &&
        sameModulo(C.Step->getOperand(1 - Op), C.Index, Bits))
      return C;
  }
  return std::nullopt;
}

/// Whether L's body does the same in work-item 0 as in the work-item it came from, changes no
/// private memory, and hands no value on.
bool bodyIsCollapsible(const Candidate &C, const XVariance &X) {
  llvm::Loop *L = C.Loop;
  llvm::Value *StartValue = C.Index->getIncomingValueForBlock(L->getLoopPreheader());
  for (llvm::BasicBlock *BB : L->blocks())
    for (llvm::Instruction &I : *BB) {
      for (const llvm::Use &U : I.operands()) {
        auto *Def = llvm::dyn_cast<llvm::Instruction>(U.get());
        if (Def && !L->contains(Def) && X.varies(Def) && !(&I == C.Index && Def == StartValue))
          return false;
      }
      for (const llvm::User *User : I.users())
        if (!L->contains(llvm::cast<llvm::Instruction>(User)))
          return false;
      if (llvm::isa<llvm::AllocaInst>(I))
        return false;
      if (const llvm::Value *Pointer = accessedPointer(I); Pointer && maybePrivate(Pointer))
        return false;
      auto *Call = llvm::dyn_cast<llvm::CallInst>(&I);
      if (!Call)
        continue;
      if (Call->isInlineAsm())
        return false;
      if (auto *Intrinsic = llvm::dyn_cast<llvm::IntrinsicInst>(Call)) {
        if (Call->isConvergent() || Intrinsic->isLifetimeStartOrEnd() ||
            anyPointerArgument(*Call, maybePrivate))
          return false;
        continue;
      }
      // Every OpenCL C function is convergent to Clang; the ones that synchronize work-items
      // (barriers, so also the collectives built on them) write memory, and are refused below.
      Query Q = queryOf(*Call);
      if (variesInX(Q))
        return false;
      if (Q != Query::NotAQuery || Call->doesNotAccessMemory())
        continue;
      if (!Call->onlyReadsMemory() || anyPointerArgument(*Call, maybePrivate))
        return false; // printf, a runtime call: their order or effect would change
    }
  return true;
}

/// Whether I is a prefetch: a hint that changes no memory a program can observe (LLVM models it as
/// writing memory no one can see), so it conflicts with nothing and orders nothing.
bool isPrefetch(const llvm::Instruction &I) {
  auto *Intrinsic = llvm::dyn_cast<llvm::IntrinsicInst>(&I);
  return Intrinsic && Intrinsic->getIntrinsicID() == llvm::Intrinsic::prefetch;
}

/// The memory an access may touch, as far as conflicts go: buffers (global and constant memory)
/// and local memory never overlap (see weft-address-space-scopes).
enum MemoryClass : unsigned { Buffers = 1, LocalMemory = 2, AnyMemory = Buffers | LocalMemory };

unsigned memoryClassOf(const llvm::Value *Pointer) {
  unsigned AS = Pointer->getType()->getPointerAddressSpace();
  if (AS == GenericAddressSpace) // where it comes from, if that is known
    AS = llvm::getUnderlyingObject(Pointer, 0)->getType()->getPointerAddressSpace();
  return isBufferAddressSpace(AS) ? Buffers : AS == LocalAddressSpace ? LocalMemory : AnyMemory;
}

/// The memory classes L's body reads and writes.
struct LoopMemory {
  unsigned Reads = 0, Writes = 0;
  explicit LoopMemory(const llvm::Loop &L) {
    for (const llvm::BasicBlock *BB : L.blocks())
      for (const llvm::Instruction &I : *BB) {
        if (isPrefetch(I))
          continue;
        const llvm::Value *Pointer = accessedPointer(I);
        unsigned Class = Pointer ? memoryClassOf(Pointer) : AnyMemory;
        if (I.mayReadFromMemory())
          Reads |= Class;
        if (I.mayWriteToMemory())
          Writes |= Class;
      }
  }
};

/// Whether, from the last barrier to L's preheader, a work-item touches nothing L's body may
/// write, and writes nothing it may read or write, but for its private memory, the copy counters
/// and the work-group's runtime (Exempt: the blocks of collapsed loops, which are x == 0's, and
/// those of work-item 0's work for the work-group).
bool nothingConflictsBefore(const Candidate &C,
                            const llvm::DenseSet<const llvm::BasicBlock *> &Exempt) {
  const LoopMemory Loop(*C.Loop);
  auto conflicts = [&](const llvm::Instruction &I, unsigned Class) {
    return (I.mayReadFromMemory() && (Loop.Writes & Class)) ||
           (I.mayWriteToMemory() && ((Loop.Reads | Loop.Writes) & Class));
  };
  std::vector<llvm::BasicBlock *> Work{C.Loop->getLoopPreheader()};
  llvm::SmallPtrSet<llvm::BasicBlock *, 16> Seen;
  while (!Work.empty()) {
    llvm::BasicBlock *BB = Work.back();
    Work.pop_back();
    if (!Seen.insert(BB).second)
      continue;
    bool Barrier = false;
    if (!Exempt.contains(BB))
      for (llvm::Instruction &I : llvm::reverse(*BB)) {
        if (auto *Call = llvm::dyn_cast<llvm::CallInst>(&I)) {
          llvm::Function *Callee = Call->getCalledFunction();
          if (Callee && isBarrier(Callee->getName())) {
            Barrier = true;
            break;
          }
          if (Call->doesNotAccessMemory() ||
              (Callee && (isWorkGroupRuntime(*Callee) || isFence(Callee->getName()))))
            continue;
          if (auto *Intrinsic = llvm::dyn_cast<llvm::IntrinsicInst>(Call)) {
            if (Intrinsic->isLifetimeStartOrEnd() || !Call->mayReadOrWriteMemory() || isPrefetch(I))
              continue;
            bool AllPrivate = true;
            for (const llvm::Value *Arg : Call->args())
              AllPrivate &= !Arg->getType()->isPointerTy() || definitelyPrivate(Arg);
            if (AllPrivate)
              continue;
          }
          if (conflicts(I, AnyMemory))
            return false;
          continue;
        }
        const llvm::Value *Pointer = accessedPointer(I);
        if (Pointer && !definitelyPrivate(Pointer) && !isCopyCounter(Pointer) &&
            conflicts(I, memoryClassOf(Pointer)))
          return false;
      }
    if (!Barrier)
      Work.insert(Work.end(), llvm::pred_begin(BB), llvm::pred_end(BB));
  }
  return true;
}

/// A call of the work-item query Name(0), declared like Like's callee.
llvm::CallInst *callQuery(llvm::IRBuilder<> &B, const llvm::CallInst &Like, llvm::StringRef Name,
                          const llvm::Twine &ValueName) {
  llvm::Module &M = *const_cast<llvm::Module *>(Like.getModule());
  llvm::FunctionCallee Query = M.getOrInsertFunction(Name, Like.getFunctionType(),
                                                     Like.getCalledFunction()->getAttributes());
  llvm::CallInst *Call = B.CreateCall(Query, {B.getInt32(0)}, ValueName);
  Call->setAttributes(Like.getAttributes());
  Call->setCallingConv(Like.getCallingConv());
  return Call;
}

/// V as computed from From, computed again from To at B: the instructions between them (the
/// casts and constant additions of a loop's start, matchStart) cloned, the rest V itself.
llvm::Value *substitute(llvm::Value *V, llvm::Value *From, llvm::Value *To, llvm::IRBuilder<> &B) {
  if (V == From)
    return To;
  auto *I = llvm::dyn_cast<llvm::Instruction>(V);
  if (!I || !(llvm::isa<llvm::CastInst>(I) || llvm::isa<llvm::BinaryOperator>(I)))
    return V;
  llvm::SmallVector<llvm::Value *, 2> Operands;
  bool Changed = false;
  for (llvm::Value *Op : I->operands()) {
    Operands.push_back(substitute(Op, From, To, B));
    Changed |= Operands.back() != Op;
  }
  if (!Changed)
    return V;
  llvm::Instruction *Clone = I->clone();
  for (unsigned Op = 0; Op < Operands.size(); ++Op)
    Clone->setOperand(Op, Operands[Op]);
  return B.Insert(Clone, I->getName() + ".item");
}

/// Body's iterations are those of work-item X (an i64 x id), for weft-check-bounds' records
/// (attr::OwnerMarkerName); called in programs with bounds checks only.
void markOwner(llvm::BasicBlock *Body, llvm::Value *X) {
  llvm::Module &M = *Body->getModule();
  llvm::LLVMContext &Ctx = M.getContext();
  llvm::FunctionCallee Marker = M.getOrInsertFunction(
      attr::OwnerMarkerName,
      llvm::FunctionType::get(llvm::Type::getVoidTy(Ctx), {llvm::Type::getInt64Ty(Ctx)}, false));
  if (auto *F = llvm::dyn_cast<llvm::Function>(Marker.getCallee())) {
    F->setOnlyAccessesInaccessibleMemory();
    F->setDoesNotThrow();
    F->setWillReturn();
  }
  // First in the body, after X where the body computes it.
  auto *Def = llvm::dyn_cast<llvm::Instruction>(X);
  llvm::IRBuilder<> B(Def && Def->getParent() == Body ? Def->getNextNode()
                                                      : &*Body->getFirstInsertionPt());
  B.CreateCall(Marker, {X});
}

/// Over global ids, the row's indices as 64-bit values, at B in x == 0: End, the first one the
/// loop's test turns away (every index below it passes, none at or above it), and Fits, whether
/// no index the work-items compute, from their starts to the step past End, reaches 2^(Bits-1).
/// Then each index is the same in 64 bits as in its own type, masked or extended: none wraps.
struct Row {
  llvm::Value *Start, *End, *Fits;
};

Row rowOf(const Candidate &C, llvm::IRBuilder<> &B, llvm::Value *LocalSize,
          llvm::Value *GlobalSize) {
  llvm::Type *I64 = B.getInt64Ty();
  const bool Signed = llvm::ICmpInst::isSigned(C.Stay);
  const bool Inclusive = C.Stay == llvm::ICmpInst::ICMP_ULE || C.Stay == llvm::ICmpInst::ICMP_SLE;
  llvm::Value *Limit = B.getInt64(uint64_t(1) << (C.Bits - 1));
  llvm::Value *Bound = Signed ? B.CreateSExtOrTrunc(C.Bound, I64, "row.bound")
                              : B.CreateZExtOrTrunc(C.Bound, I64, "row.bound");
  // A signed bound below 0 (-1 for <=) runs nothing: from 0 up, like the starts.
  if (Signed)
    Bound = B.CreateBinaryIntrinsic(llvm::Intrinsic::smax, Bound,
                                    B.getInt64(Inclusive ? uint64_t(-1) : 0), nullptr, "row.bound");
  llvm::Value *End = Inclusive ? B.CreateAdd(Bound, B.getInt64(1), "row.end") : Bound;
  // x == 0's global id and the row's first index (the start's constant is below 2^20).
  llvm::Value *Id = C.Id;
  llvm::Value *Start = C.Start ? B.CreateAdd(Id, B.getInt64(C.Start), "row.start") : Id;
  llvm::Value *Fits = B.CreateICmpULT(Id, Limit, "row.fits.id");
  Fits = B.CreateAnd(Fits, B.CreateICmpULE(B.CreateAdd(Start, LocalSize), Limit, "row.fits.block"));
  Fits = B.CreateAnd(Fits, B.CreateICmpULE(GlobalSize, Limit, "row.fits.size"));
  Fits = B.CreateAnd(Fits, B.CreateICmpULE(End, B.CreateSub(Limit, GlobalSize), "row.fits.end"));
  if (Inclusive) // End did not wrap
    Fits = B.CreateAnd(Fits, B.CreateICmpULT(Bound, Limit, "row.fits.bound"));
  Fits->setName("row.fits");
  return {Start, End, Fits};
}

/// Over global ids, in x == 0 when the row's indices fit (rowOf): the loop steps from block to
/// block, from the row's start by the global size while below its end, and a new inner loop runs
/// the body over the block's indices, start + j for j below the local size, while below the end.
/// The index is a 64-bit one: the body takes it narrowed where it took the loop's index, and as
/// it is where it took that index masked or narrowed and widened again (equal when it fits).
/// Enter is the block the loop is entered from.
void nestOverBlock(const Candidate &C, const Row &R, llvm::BasicBlock *Enter,
                   llvm::Value *LocalSize, llvm::Value *GlobalSize) {
  llvm::Loop &L = *C.Loop;
  llvm::BasicBlock *Header = L.getHeader(), *Latch = L.getLoopLatch();
  llvm::PHINode *Index = C.Index;
  auto *Test = llvm::cast<llvm::BranchInst>(Header->getTerminator());
  const unsigned Stay = L.contains(Test->getSuccessor(0)) ? 0 : 1;
  llvm::BasicBlock *Body = Test->getSuccessor(Stay), *Exit = Test->getSuccessor(1 - Stay);
  llvm::LLVMContext &Ctx = Header->getContext();
  llvm::Function *F = Header->getParent();
  const std::string Name = Header->getName().str();
  auto *Block = llvm::BasicBlock::Create(Ctx, Name + ".block", F, Body);
  auto *Next = llvm::BasicBlock::Create(Ctx, Name + ".block.next", F);
  auto *Step = llvm::BasicBlock::Create(Ctx, Name + ".step", F);

  // The block's start, stepping by the global size (no wrap: it stays below 2^63).
  llvm::IRBuilder<> B(&Header->front());
  llvm::PHINode *Outer = B.CreatePHI(B.getInt64Ty(), 2, Index->getName() + ".block.start");
  Outer->addIncoming(R.Start, Enter);
  B.SetInsertPoint(Step);
  Outer->addIncoming(B.CreateAdd(Outer, GlobalSize, Index->getName() + ".step", true, true), Step);
  llvm::MDNode *Row =
      llvm::makePostTransformationMetadata(Ctx, nullptr, {}, {loopOption(Ctx, attr::CollapsedRow)});
  B.CreateBr(Header)->setMetadata(llvm::LLVMContext::MD_loop, Row);
  // The loop's own index, narrowed, for what the header computes from it.
  B.SetInsertPoint(Header->getFirstNonPHI());
  llvm::Value *OuterIndex = B.CreateZExtOrTrunc(Outer, Index->getType());
  B.SetInsertPoint(Test);
  llvm::Value *OwnTest = Test->getCondition();
  Test->setCondition(B.CreateICmpULT(Outer, R.End, "in.row"));
  Test->setSuccessor(0, Block);
  Test->setSuccessor(1, Exit);

  // The block: j, the index start + j, the header's computations for it, and the test.
  B.SetInsertPoint(Block);
  llvm::PHINode *J = B.CreatePHI(B.getInt64Ty(), 2, "j");
  J->addIncoming(B.getInt64(0), Header);
  llvm::Value *At = B.CreateAdd(Outer, J, Index->getName() + ".at", true, true);
  llvm::ValueToValueMapTy Map;
  Map[Index] = B.CreateZExtOrTrunc(At, Index->getType());
  for (llvm::Instruction &I : *Header) {
    if (llvm::isa<llvm::PHINode>(I) || I.isTerminator() || &I == OuterIndex ||
        &I == Test->getCondition() || &I == OwnTest)
      continue;
    llvm::Instruction *Clone = B.Insert(I.clone(), I.getName() + ".at");
    llvm::RemapInstruction(Clone, Map,
                           llvm::RF_IgnoreMissingLocals | llvm::RF_NoModuleLevelChanges);
    Map[&I] = Clone;
  }
  llvm::Value *InBlock = B.CreateICmpULT(J, LocalSize, "in.block");
  B.CreateCondBr(B.CreateAnd(InBlock, B.CreateICmpULT(At, R.End)), Body, Step);
  B.SetInsertPoint(Next);
  J->addIncoming(B.CreateAdd(J, B.getInt64(1), "j.next", true, true), Next);
  B.CreateBr(Block);

  // The body sees start + j; it comes back to the block's next index.
  for (llvm::BasicBlock *BB : L.blocks())
    if (BB != Header)
      for (llvm::Instruction &I : *BB)
        for (llvm::Use &U : I.operands())
          if (auto It = Map.find(U.get()); It != Map.end())
            U.set(It->second);
  for (llvm::PHINode &Phi : Body->phis())
    Phi.replaceIncomingBlockWith(Header, Block);
  if (moduleFlag(*F->getParent(), attr::CheckBounds))
    markOwner(Body, J); // the block's j-th index is work-item j's
  llvm::Instruction *Back = Latch->getTerminator();
  for (unsigned S = 0; S < Back->getNumSuccessors(); ++S)
    if (Back->getSuccessor(S) == Header)
      Back->setSuccessor(S, Next);
  Index->replaceAllUsesWith(OuterIndex);
  Index->eraseFromParent();
  // The index masked, or narrowed and widened again (either way: it is below 2^(Bits-1)), is
  // the 64-bit one.
  llvm::SmallVector<llvm::BasicBlock *, 8> Blocks(L.blocks());
  Blocks.push_back(Block);
  std::vector<llvm::Instruction *> Same =
      useIndexItself(Blocks, llvm::cast<llvm::Instruction>(At), C.Bits, true);
  // The loop's own test and step, and what only they used, go.
  llvm::SmallVector<llvm::WeakTrackingVH, 16> Dead;
  for (llvm::Instruction &I : *Header)
    Dead.push_back(&I);
  Dead.append(Same.begin(), Same.end());
  Dead.push_back(C.Step);
  llvm::RecursivelyDeleteTriviallyDeadInstructionsPermissive(Dead);
}

/// Over global ids, in x == 0 when an index may not fit: the work-items' loops one after another,
/// as they were, in a loop over x' below the local size (a copy of the loop whose index starts
/// where work-item x''s does), entered from Enter (the loop's own from Preheader). Returns the
/// first block; the last goes to Exit.
llvm::BasicBlock *eachWorkItem(const Candidate &C, llvm::Value *LocalSize,
                               llvm::BasicBlock *Preheader, llvm::BasicBlock *Enter,
                               llvm::BasicBlock *Exit) {
  llvm::Loop &L = *C.Loop;
  llvm::BasicBlock *Header = L.getHeader();
  llvm::Function *F = Header->getParent();
  llvm::LLVMContext &Ctx = F->getContext();
  auto *Items = llvm::BasicBlock::Create(Ctx, "each.item", F);
  auto *Following = llvm::BasicBlock::Create(Ctx, "each.item.next", F);
  // The blocks copied by hand, not with copyLoop (cloneLoopWithPreheader): that one keeps a
  // DominatorTree and LoopInfo up to date, which this pass has stopped doing once it changed an
  // earlier candidate's blocks (it preserves no analysis); and no one asks for the copy's Loop.
  llvm::ValueToValueMapTy Map;
  llvm::SmallVector<llvm::BasicBlock *, 8> Copies;
  for (llvm::BasicBlock *BB : L.blocks()) {
    Copies.push_back(llvm::CloneBasicBlock(BB, Map, ".item", F));
    Map[BB] = Copies.back();
  }
  llvm::remapInstructionsInBlocks(Copies, Map);
  auto *CopyHeader = llvm::cast<llvm::BasicBlock>(Map[Header]);
  CopyHeader->getTerminator()->replaceSuccessorWith(Exit, Following);
  auto *CopyTest = llvm::cast<llvm::BranchInst>(CopyHeader->getTerminator());

  llvm::IRBuilder<> B(Items);
  llvm::PHINode *X = B.CreatePHI(B.getInt64Ty(), 2, "x.item");
  X->addIncoming(B.getInt64(0), Enter);
  if (moduleFlag(*F->getParent(), attr::CheckBounds))
    markOwner(CopyTest->getSuccessor(CopyTest->getSuccessor(0) == Following ? 1 : 0), X);
  llvm::Value *Id = B.CreateAdd(C.Id, X, "id.item");
  auto *Index = llvm::cast<llvm::PHINode>(Map[C.Index]);
  llvm::Value *Start = substitute(C.Index->getIncomingValueForBlock(Preheader), C.Id, Id, B);
  Index->setIncomingBlock(unsigned(Index->getBasicBlockIndex(Preheader)), Items);
  Index->setIncomingValueForBlock(Items, Start);
  B.CreateBr(CopyHeader);
  B.SetInsertPoint(Following);
  llvm::Value *NextX = B.CreateAdd(X, B.getInt64(1), "x.item.next", true, true);
  X->addIncoming(NextX, Following);
  B.CreateCondBr(B.CreateICmpULT(NextX, LocalSize), Items, Exit);
  for (llvm::PHINode &Phi : Exit->phis())
    Phi.addIncoming(Phi.getIncomingValueForBlock(Header), Following);
  return Items;
}

/// x == 0 runs the loop over every index, one by one; the other work-items skip it.
void collapse(const Candidate &C) {
  llvm::BasicBlock *Preheader = C.Loop->getLoopPreheader(), *Exit = C.Loop->getExitBlock();
  llvm::BasicBlock *Header = C.Loop->getHeader(), *Latch = C.Loop->getLoopLatch();
  llvm::IRBuilder<> B(Preheader->getTerminator());
  llvm::CallInst *X = callQuery(B, *C.Id, "_Z12get_local_idj", "x");
  auto *First = llvm::cast<llvm::Instruction>(
      B.CreateICmpEQ(X, llvm::ConstantInt::get(X->getType(), 0), "first.in.x"));
  First->setMetadata(attr::Collapsed, llvm::MDNode::get(First->getContext(), {}));
  for (llvm::PHINode &Phi : Exit->phis())
    Phi.addIncoming(Phi.getIncomingValueForBlock(Header), Preheader);

  if (C.Global) {
    // x == 0 runs the row's blocks when no index wraps, else each work-item's loop in turn.
    llvm::Value *LocalSize = callQuery(B, *C.Id, "_Z14get_local_sizej", "size.x");
    llvm::Value *GlobalSize = callQuery(B, *C.Id, "_Z15get_global_sizej", "size.global.x");
    auto *Decide =
        llvm::BasicBlock::Create(Header->getContext(), "row", Header->getParent(), Header);
    Preheader->getTerminator()->eraseFromParent();
    B.SetInsertPoint(Preheader);
    B.CreateCondBr(First, Decide, Exit);
    B.SetInsertPoint(Decide);
    const Row R = rowOf(C, B, LocalSize, GlobalSize);
    B.CreateCondBr(R.Fits, Header, eachWorkItem(C, LocalSize, Preheader, Decide, Exit));
    nestOverBlock(C, R, Decide, LocalSize, GlobalSize);
    return;
  }
  Preheader->getTerminator()->eraseFromParent();
  B.SetInsertPoint(Preheader);
  B.CreateCondBr(First, Header, Exit);
  llvm::Type *T = C.Index->getType();
  C.Index->setIncomingValueForBlock(Preheader, llvm::ConstantInt::get(T, C.Start));
  // The index itself plus one, not the step's operand (the index masked, or truncated and
  // extended: equal to it modulo the bits the test looks at), so that the index is a plain
  // induction variable, as LLVM's vectorizer needs (with the masked one, a collapsed loop stayed
  // scalar). The two differ only once the index passes the test's width (2^32 for an int
  // index), which a loop testing `<` a bound never reaches and one testing `<=` the largest
  // value never leaves either way; the body keeps its masked or truncated uses.
  auto *Next = llvm::BinaryOperator::CreateAdd(C.Index, llvm::ConstantInt::get(T, 1),
                                               C.Index->getName() + ".next", C.Step);
  C.Index->setIncomingValueForBlock(Latch, Next);
  // Below a strict bound the body sees indices from the start's constant (below 2^20) to the
  // bound, which fits the tested width (and is below 2^31 for a signed test): the index masked,
  // or narrowed and widened again (zero-extended, or either way for a signed test), is the index
  // itself, which ScalarEvolution follows.
  if (C.Stay == llvm::ICmpInst::ICMP_ULT || C.Stay == llvm::ICmpInst::ICMP_SLT)
    useIndexItself(C.Loop->getBlocks(), C.Index, C.Bits, llvm::ICmpInst::isSigned(C.Stay));
  // The work-item whose iteration it is: (index - start) mod local size.
  if (moduleFlag(*Header->getModule(), attr::CheckBounds)) {
    auto *Test = llvm::cast<llvm::BranchInst>(Header->getTerminator());
    llvm::BasicBlock *Body = Test->getSuccessor(C.Loop->contains(Test->getSuccessor(0)) ? 0 : 1);
    llvm::IRBuilder<> P(Preheader->getTerminator());
    llvm::Value *LocalSize = callQuery(P, *C.Id, "_Z14get_local_sizej", "size.x");
    llvm::IRBuilder<> I(&*Body->getFirstInsertionPt());
    llvm::Value *Index = I.CreateZExt(C.Index, I.getInt64Ty());
    markOwner(Body, I.CreateURem(I.CreateSub(Index, I.getInt64(C.Start)), LocalSize, "owner.x"));
  }
  // The loop runs what the row's work-items ran: a row for weft-combine-atomics.
  llvm::LLVMContext &Ctx = Latch->getContext();
  Latch->getTerminator()->setMetadata(
      llvm::LLVMContext::MD_loop,
      llvm::makePostTransformationMetadata(Ctx, C.Loop->getLoopID(), {},
                                           {loopOption(Ctx, attr::CollapsedRow)}));
}

} // namespace

llvm::PreservedAnalyses GroupStrideLoopsPass::run(llvm::Function &F,
                                                  llvm::FunctionAnalysisManager &FAM) {
  if (F.getCallingConv() != llvm::CallingConv::SPIR_KERNEL || F.isDeclaration())
    return llvm::PreservedAnalyses::all();
  auto &LI = FAM.getResult<llvm::LoopAnalysis>(F);
  if (LI.empty())
    return llvm::PreservedAnalyses::all();
  XVariance X(F, FAM.getResult<llvm::PostDominatorTreeAnalysis>(F));

  std::vector<Candidate> Candidates;
  bool Hoisted = false;
  for (llvm::Loop *L : LI.getLoopsInPreorder())
    if (std::optional<Candidate> C = matchLoop(L, X, Hoisted);
        C && !X.divergentFromOutside(*L) && bodyIsCollapsible(*C, X))
      Candidates.push_back(*C);

  // Each candidate may count the others as work-item 0's, so drop those with a conflict before
  // them until none is left. Work-item 0's blocks for the work-group (Common.h) come, like the
  // runtime calls there, before its collapsed loop as before its own part of the loop.
  const llvm::DenseSet<const llvm::BasicBlock *> FirstOnly =
      firstWorkItemBlocks(F, FAM.getResult<llvm::DominatorTreeAnalysis>(F));
  for (bool Dropped = true; Dropped && !Candidates.empty();) {
    llvm::DenseSet<const llvm::BasicBlock *> Exempt = FirstOnly;
    for (const Candidate &C : Candidates)
      Exempt.insert(C.Loop->block_begin(), C.Loop->block_end());
    size_t Before = Candidates.size();
    llvm::erase_if(Candidates,
                   [&](const Candidate &C) { return !nothingConflictsBefore(C, Exempt); });
    Dropped = Candidates.size() != Before;
  }
  for (const Candidate &C : Candidates)
    collapse(C);
  if (!Candidates.empty())
    return llvm::PreservedAnalyses::none();
  return keptUnlessChanged(Hoisted); // bounds moved, no block changed
}

} // namespace weft::compiler
