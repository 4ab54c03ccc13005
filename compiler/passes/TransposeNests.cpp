// weft-transpose-nests: see Passes.h.
//
// A loop nest that copies a matrix transposed, one element at a time,
//
//   for (j = 0; j < J; ++j)                 // a kernel's loop of strided async copies, one per
//     for (i = 0; i < I; ++i)               // column of a tile (the built-in's loop inlined), or
//       dst[j * dj + i] = src[j + i * si];  // any copy loop of that shape
//
// reads src with a stride on every element: scalar loads, or gathers where LLVM's vectorizer
// widens the inner loop, which run at about half of what the machine gives a transposition (the
// host's own 8x8 blocks of AVX loads and shuffles: docs/performance.md, "Small async copies in
// the kernel"). Here such a nest runs in blocks of 32 bytes by 32 bytes of elements: the block's
// rows loaded as vectors along the side where the source is contiguous, transposed in registers
// by interleaving shuffles, stored as vectors along the side where the destination is contiguous;
// the rows and columns left over after the last whole block copied one element at a time. The
// mirror shape (source contiguous along i, destination along j) is the same with the sides
// swapped.
//
// Legal because the nest does nothing else: its only memory operations are loads whose values
// are only stored, into another address space than the one they load from (OpenCL's address
// spaces other than the generic one do not overlap), so the order of the element copies does not
// matter as long as no destination element is written twice, which a check at run time asks
// (the destination's rows at least a row apart), together with the nest being at least one
// block in each direction. Otherwise the nest runs as it was.
//
// The built-in library's copy loops come unrolled by 4, and LLVM unrolls them further, whole or
// with a remainder, when the count is a constant: with constant counts every copy of the nest's
// body is listed element by element along the side contiguous in i, which must make elements 0
// to I-1 once each, the other side stepping alike (listElements). Otherwise the nest must be one
// inner loop with one copy, whatever its counts. weft-keep-transpose-nests, in LLVM's loop
// passes, keeps the outer loop of such a nest from being unrolled whole (a tile of few columns
// would be), which would leave no nest here.
#include "compiler/passes/Common.h"
#include "compiler/passes/Passes.h"

#include <llvm/ADT/BitVector.h>
#include <llvm/Analysis/AssumptionCache.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/ScalarEvolutionExpressions.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Transforms/Utils/LoopSimplify.h>
#include <llvm/Transforms/Utils/LoopUtils.h>
#include <llvm/Transforms/Utils/ScalarEvolutionExpander.h>

#include <optional>

namespace weft::compiler {
namespace {

/// A block is as many elements each way as fill a 256-bit vector (AVX2; a pair of SSE registers
/// elsewhere): 8 x 8 of 4 bytes, 4 x 4 of 8.
constexpr unsigned BlockBytes = 32;

/// Where element (j, i) of one side lies: Base + j * StepJ + i * StepI bytes (Base only compared:
/// the code computes it from the nest's own instructions, firstIteration).
struct Side {
  const llvm::SCEV *Base, *StepJ, *StepI;
  llvm::Value *BaseV = nullptr, *StepJV = nullptr, *StepIV = nullptr; // expanded
};

struct Nest {
  llvm::Loop *Outer;
  llvm::Value *SrcPointer, *DstPointer; // a copy's in the nest's body
  int64_t First;    // the element that copy makes in the first iteration of its loops
  unsigned Bytes;   // of an element
  bool GatherShape; // source contiguous along j, destination along i (else the mirror)
  Side Src, Dst;
  unsigned SrcAS, DstAS;
  const llvm::SCEV *CountJ, *CountI; // i64
  llvm::Value *CountJV = nullptr, *CountIV = nullptr;
};

/// One load and the store of its value, in the outer loop's body or in one of its inner loops.
struct Copy {
  llvm::LoadInst *Load;
  llvm::StoreInst *Store;
  const llvm::Loop *In;
  Side Src, Dst;
};

/// Base and steps of an access {{Base,+,StepJ}<Outer>,+,StepI}<In>, or {Base,+,StepJ}<Outer> with
/// StepI zero where In is Outer; nothing for other accesses.
std::optional<Side> sideOf(llvm::Value *Pointer, const llvm::Loop &Outer, const llvm::Loop &In,
                           llvm::ScalarEvolution &SE) {
  const llvm::SCEV *S = SE.getSCEV(Pointer);
  const llvm::SCEV *StepI = SE.getZero(llvm::Type::getInt64Ty(Pointer->getContext()));
  if (&In != &Outer) {
    const auto *InnerRec = llvm::dyn_cast<llvm::SCEVAddRecExpr>(S);
    if (!InnerRec || InnerRec->getLoop() != &In || !InnerRec->isAffine())
      return std::nullopt;
    S = InnerRec->getStart();
    StepI = InnerRec->getStepRecurrence(SE);
  }
  const auto *OuterRec = llvm::dyn_cast<llvm::SCEVAddRecExpr>(S);
  if (!OuterRec || OuterRec->getLoop() != &Outer || !OuterRec->isAffine())
    return std::nullopt;
  Side Result{OuterRec->getStart(), OuterRec->getStepRecurrence(SE), StepI};
  if (!SE.isLoopInvariant(Result.Base, &Outer) || !SE.isLoopInvariant(Result.StepJ, &Outer) ||
      !SE.isLoopInvariant(Result.StepI, &Outer) ||
      Result.StepJ->getType()->getIntegerBitWidth() != 64)
    return std::nullopt;
  return Result;
}

std::optional<int64_t> constantOf(const llvm::SCEV *S) {
  const auto *C = llvm::dyn_cast<llvm::SCEVConstant>(S);
  if (!C || C->getAPInt().getMinSignedBits() > 64)
    return std::nullopt;
  return C->getAPInt().getSExtValue();
}

bool isConstant(const llvm::SCEV *S, int64_t Value) { return constantOf(S) == Value; }

/// The trip count of L as an i64 SCEV, or null.
const llvm::SCEV *tripCount(const llvm::Loop &L, llvm::ScalarEvolution &SE, llvm::Type *Int64) {
  const llvm::SCEV *Taken = SE.getBackedgeTakenCount(&L);
  if (llvm::isa<llvm::SCEVCouldNotCompute>(Taken) || Taken->getType()->getIntegerBitWidth() > 64)
    return nullptr;
  return SE.getAddExpr(SE.getZeroExtendExpr(Taken, Int64), SE.getOne(Int64));
}

/// The most elements a row of a nest with constant counts may have (a 4 KiB copy of 4 bytes).
constexpr int64_t MaxListedElements = 1024;

/// Nests whose copies' loops all run a constant number of times (the built-in library's copy
/// loops, unrolled by 4, as LLVM leaves them after unrolling them further or whole, with a
/// remainder): each copy's elements listed along the contiguous side of the shape, which must
/// make elements 0 to I-1 once each, and the other side checked to step the same for each element.
bool listElements(Nest &N, llvm::ArrayRef<Copy> Copies, llvm::ScalarEvolution &SE) {
  llvm::Type *Int64 = N.CountJ->getType();
  for (bool Gather : {true, false}) {
    // Along: the side contiguous along i (the destination in the gather shape); Other: the side
    // contiguous along j.
    Side Copy::*Along = Gather ? &Copy::Dst : &Copy::Src;
    Side Copy::*Other = Gather ? &Copy::Src : &Copy::Dst;
    if (!isConstant((Copies[0].*Other).StepJ, N.Bytes))
      continue;
    struct Run {
      int64_t First, Step, Trips;
    };
    llvm::SmallVector<Run, 16> Runs;
    int64_t Lowest = INT64_MAX, Total = 0;
    bool Listed = true;
    for (const Copy &C : Copies) {
      std::optional<int64_t> Offset =
          constantOf(SE.getMinusSCEV((C.*Along).Base, (Copies[0].*Along).Base));
      std::optional<int64_t> Step = constantOf((C.*Along).StepI);
      const int64_t Trips = C.In == N.Outer ? 1 : SE.getSmallConstantTripCount(C.In);
      // Offsets and steps beyond a row's elements cannot make one (and stay far from overflow).
      if (!Offset || !Step || *Offset % N.Bytes || *Step % N.Bytes || !Trips ||
          std::abs(*Offset / N.Bytes) > MaxListedElements ||
          std::abs(*Step / N.Bytes) > MaxListedElements || (Total += Trips) > MaxListedElements) {
        Listed = false;
        break;
      }
      Runs.push_back({*Offset / N.Bytes, *Step / N.Bytes, Trips});
      Lowest = std::min(
          {Lowest, *Offset / N.Bytes, *Offset / N.Bytes + (Trips - 1) * (*Step / N.Bytes)});
    }
    if (!Listed || Total < 2)
      continue;
    // Every element 0 .. Total-1 made exactly once, counted from the lowest.
    llvm::BitVector Made(Total);
    const Run *AtZero = nullptr, *AtOne = nullptr;
    int64_t TripZero = 0, TripOne = 0;
    for (const Run &R : Runs)
      for (int64_t T = 0; T < R.Trips && Listed; ++T) {
        const int64_t E = R.First + T * R.Step - Lowest;
        if (E >= Total || Made.test(E))
          Listed = false;
        else
          Made.set(E);
        if (E == 0)
          AtZero = &R, TripZero = T;
        if (E == 1)
          AtOne = &R, TripOne = T;
      }
    if (!Listed)
      continue;
    // The other side's step from element 0 to element 1, which every copy must keep. Its bases
    // are compared first: copies from (or to) different objects have no difference.
    llvm::SmallVector<const llvm::SCEV *, 16> OtherOffsets;
    for (const Copy &C : Copies) {
      OtherOffsets.push_back(SE.getMinusSCEV((C.*Other).Base, (Copies[0].*Other).Base));
      Listed &= !llvm::isa<llvm::SCEVCouldNotCompute>(OtherOffsets.back());
    }
    if (!Listed)
      continue;
    auto otherAt = [&](const Run &R, int64_t T) {
      const size_t K = &R - Runs.begin();
      return SE.getAddExpr(OtherOffsets[K],
                           SE.getMulExpr(SE.getConstant(Int64, T), (Copies[K].*Other).StepI));
    };
    const llvm::SCEV *Step = SE.getMinusSCEV(otherAt(*AtOne, TripOne), otherAt(*AtZero, TripZero));
    for (const Run &R : Runs) {
      const Copy &C = Copies[&R - Runs.begin()];
      if (otherAt(R, 0) != SE.getMulExpr(SE.getConstant(Int64, R.First - Runs[0].First), Step) ||
          (C.*Other).StepI != SE.getMulExpr(SE.getConstant(Int64, R.Step), Step))
        Listed = false;
    }
    if (!Listed)
      continue;
    N.GatherShape = Gather;
    N.Src = Copies[0].Src;
    N.Dst = Copies[0].Dst;
    (Gather ? N.Dst : N.Src).StepI = SE.getConstant(Int64, N.Bytes);
    (Gather ? N.Src : N.Dst).StepI = Step;
    N.First = Runs[0].First - Lowest;
    N.CountI = SE.getConstant(Int64, Total);
    return true;
  }
  return false;
}

/// A nest of one inner loop with one copy, whatever its counts: the copy's steps are the nest's.
bool singleCopy(Nest &N, const Copy &C) {
  N.Src = C.Src;
  N.Dst = C.Dst;
  N.First = 0;
  if (isConstant(N.Src.StepJ, N.Bytes) && isConstant(N.Dst.StepI, N.Bytes))
    N.GatherShape = true;
  else if (isConstant(N.Src.StepI, N.Bytes) && isConstant(N.Dst.StepJ, N.Bytes))
    N.GatherShape = false;
  else
    return false;
  return true;
}

std::optional<Nest> analyze(llvm::Loop &Outer, llvm::LoopInfo &LI, llvm::DominatorTree &DT,
                            llvm::ScalarEvolution &SE, const llvm::DataLayout &DL) {
  // Rotated loops (the exit test at the latch), each inner one entered once an iteration.
  if (!Outer.isLoopSimplifyForm() || !Outer.isRotatedForm() || !Outer.getExitBlock() ||
      !Outer.getExitingBlock())
    return std::nullopt;
  for (const llvm::Loop *Inner : Outer.getSubLoops())
    if (!Inner->isInnermost() || !Inner->isLoopSimplifyForm() || !Inner->isRotatedForm() ||
        !DT.dominates(Inner->getHeader(), Outer.getLoopLatch()))
      return std::nullopt;

  // Nothing but the element copies touches memory or leaves a value behind the nest.
  llvm::SmallVector<llvm::StoreInst *, 8> Stores;
  unsigned Loads = 0;
  for (llvm::BasicBlock *BB : Outer.blocks())
    for (llvm::Instruction &I : *BB) {
      for (const llvm::User *U : I.users())
        if (!Outer.contains(llvm::cast<llvm::Instruction>(U)->getParent()))
          return std::nullopt;
      if (auto *L = llvm::dyn_cast<llvm::LoadInst>(&I)) {
        if (!L->isSimple() || !L->hasOneUse())
          return std::nullopt;
        ++Loads;
      } else if (auto *S = llvm::dyn_cast<llvm::StoreInst>(&I)) {
        if (!S->isSimple())
          return std::nullopt;
        Stores.push_back(S);
      } else if (I.mayReadOrWriteMemory() || I.mayHaveSideEffects()) {
        return std::nullopt;
      }
    }
  if (Stores.empty() || Loads != Stores.size())
    return std::nullopt;

  llvm::Type *Int64 = llvm::Type::getInt64Ty(Outer.getHeader()->getContext());
  Nest N{&Outer, nullptr, nullptr, 0, 0, false, {}, {}, 0, 0, nullptr, nullptr};
  llvm::SmallVector<Copy, 16> Copies;
  for (llvm::StoreInst *S : Stores) {
    auto *L = llvm::dyn_cast<llvm::LoadInst>(S->getValueOperand());
    if (!L || L->getParent() != S->getParent())
      return std::nullopt;
    llvm::Type *T = L->getType();
    const uint64_t Bytes = DL.getTypeStoreSize(T);
    if (T->isAggregateType() || DL.getTypeAllocSize(T) != Bytes || (Bytes != 4 && Bytes != 8) ||
        (N.Bytes && N.Bytes != Bytes))
      return std::nullopt;
    N.Bytes = Bytes;
    const unsigned SrcAS = L->getPointerAddressSpace(), DstAS = S->getPointerAddressSpace();
    if (SrcAS == DstAS || SrcAS == GenericAddressSpace || DstAS == GenericAddressSpace ||
        (!Copies.empty() && (SrcAS != N.SrcAS || DstAS != N.DstAS)))
      return std::nullopt;
    N.SrcAS = SrcAS;
    N.DstAS = DstAS;
    // Each copy made once an iteration of its loop.
    const llvm::Loop *In = LI.getLoopFor(S->getParent());
    if (!DT.dominates(S->getParent(), In->getLoopLatch()))
      return std::nullopt;
    std::optional<Side> Src = sideOf(L->getPointerOperand(), Outer, *In, SE);
    std::optional<Side> Dst = sideOf(S->getPointerOperand(), Outer, *In, SE);
    if (!Src || !Dst ||
        (!Copies.empty() &&
         (Src->StepJ != Copies[0].Src.StepJ || Dst->StepJ != Copies[0].Dst.StepJ)))
      return std::nullopt;
    Copies.push_back({L, S, In, *Src, *Dst});
  }
  N.SrcPointer = Copies[0].Load->getPointerOperand();
  N.DstPointer = Copies[0].Store->getPointerOperand();
  N.CountJ = tripCount(Outer, SE, Int64);
  if (!N.CountJ)
    return std::nullopt;
  if (listElements(N, Copies, SE))
    return N;
  // Otherwise one copy in one inner loop, which may run a count known only at run time.
  if (Copies.size() != 1 || Copies[0].In == &Outer || !singleCopy(N, Copies[0]))
    return std::nullopt;
  N.CountI = tripCount(*Copies[0].In, SE, Int64);
  if (!N.CountI || !SE.isLoopInvariant(N.CountI, &Outer))
    return std::nullopt;
  return N;
}

/// A loop ID that keeps LLVM's vectorizer from widening a loop of element copies into gathers
/// and scatters.
llvm::MDNode *scalarLoop(llvm::LLVMContext &C) {
  llvm::Metadata *One =
      llvm::ConstantAsMetadata::get(llvm::ConstantInt::get(llvm::Type::getInt32Ty(C), 1));
  return llvm::makePostTransformationMetadata(C, nullptr, {},
                                              {loopOption(C, "llvm.loop.vectorize.width", {One}),
                                               loopOption(C, "llvm.loop.interleave.count", {One})});
}

/// for (IV = Lo; IV < Hi; IV += Step) Body(IV), emitted at B's insertion point; B is left after
/// the loop.
void emitLoop(llvm::IRBuilder<> &B, llvm::Value *Lo, llvm::Value *Hi, uint64_t Step,
              llvm::function_ref<void(llvm::Value *)> Body, llvm::MDNode *LoopID = nullptr) {
  llvm::LLVMContext &C = B.getContext();
  llvm::Function *F = B.GetInsertBlock()->getParent();
  llvm::BasicBlock *Before = B.GetInsertBlock();
  llvm::BasicBlock *Head = llvm::BasicBlock::Create(C, "transpose.loop", F);
  llvm::BasicBlock *After = llvm::BasicBlock::Create(C, "transpose.next", F);
  B.CreateCondBr(B.CreateICmpULT(Lo, Hi), Head, After);
  B.SetInsertPoint(Head);
  llvm::PHINode *IV = B.CreatePHI(Lo->getType(), 2, "transpose.iv");
  IV->addIncoming(Lo, Before);
  Body(IV);
  llvm::Value *Next = B.CreateAdd(IV, B.getInt64(Step), "", /*HasNUW=*/true);
  IV->addIncoming(Next, B.GetInsertBlock());
  llvm::BranchInst *Back = B.CreateCondBr(B.CreateICmpULT(Next, Hi), Head, After);
  if (LoopID)
    Back->setMetadata(llvm::LLVMContext::MD_loop, LoopID);
  B.SetInsertPoint(After);
}

/// The address of element (J, I) of side S, as a pointer to T.
llvm::Value *address(llvm::IRBuilder<> &B, const Side &S, unsigned AS, llvm::Value *J,
                     llvm::Value *I, llvm::Type *T) {
  llvm::Value *Offset = B.CreateAdd(B.CreateMul(J, S.StepJV), B.CreateMul(I, S.StepIV));
  llvm::Value *Bytes = B.CreatePointerCast(S.BaseV, B.getInt8PtrTy(AS));
  return B.CreatePointerCast(B.CreateGEP(B.getInt8Ty(), Bytes, Offset), T->getPointerTo(AS));
}

/// Rows[r] holds elements r of the block's other side; the result's c holds element c of every
/// row (a transposition by log2(n) rounds of interleaving rows n/2 apart).
llvm::SmallVector<llvm::Value *, 8> transpose(llvm::IRBuilder<> &B,
                                              llvm::SmallVector<llvm::Value *, 8> Rows) {
  const unsigned N = Rows.size();
  llvm::SmallVector<int, 16> Low, High;
  for (unsigned T = 0; T < N / 2; ++T) {
    Low.append({int(T), int(N + T)});
    High.append({int(N / 2 + T), int(N + N / 2 + T)});
  }
  for (unsigned Round = 1; Round < N; Round *= 2) {
    llvm::SmallVector<llvm::Value *, 8> Next;
    for (unsigned M = 0; M < N / 2; ++M) {
      Next.push_back(B.CreateShuffleVector(Rows[M], Rows[M + N / 2], Low));
      Next.push_back(B.CreateShuffleVector(Rows[M], Rows[M + N / 2], High));
    }
    Rows = std::move(Next);
  }
  return Rows;
}

/// The value V has in the nest's first iteration (each header PHI of the nest at its value from
/// outside the loop), computed before At by copies of the nest's instructions it depends on;
/// null where one of them cannot run there. The nest runs its first iteration whenever it is
/// entered (its loops are rotated: LoopSimplify form with the exit test at the latch), so what
/// it computes there is safe to compute early.
llvm::Value *firstIteration(llvm::Value *V, const Nest &N, llvm::Instruction *At,
                            llvm::DenseMap<llvm::Value *, llvm::Value *> &Done) {
  auto *I = llvm::dyn_cast<llvm::Instruction>(V);
  if (!I || !N.Outer->contains(I))
    return V;
  if (llvm::Value *Known = Done.lookup(I))
    return Known;
  llvm::Value *Result = nullptr;
  if (auto *Phi = llvm::dyn_cast<llvm::PHINode>(I)) {
    llvm::SmallVector<const llvm::Loop *, 4> Loops(N.Outer->begin(), N.Outer->end());
    Loops.push_back(N.Outer);
    for (const llvm::Loop *L : Loops)
      if (Phi->getParent() == L->getHeader())
        Result = firstIteration(Phi->getIncomingValueForBlock(L->getLoopPreheader()), N, At, Done);
  } else if (llvm::isSafeToSpeculativelyExecute(I) && !I->mayReadOrWriteMemory()) {
    llvm::Instruction *Copy = I->clone();
    Result = Copy;
    for (llvm::Use &Op : Copy->operands())
      if (llvm::Value *First = firstIteration(Op.get(), N, At, Done))
        Op.set(First);
      else
        Result = nullptr;
    if (Result)
      Copy->insertBefore(At);
    else
      Copy->deleteValue();
  }
  if (Result)
    Done[I] = Result;
  return Result;
}

/// The base of N's elements on the side of Pointer (the first copy's), as an i8 pointer.
llvm::Value *baseOf(llvm::Value *Pointer, const Nest &N, llvm::Value *StepI, unsigned AS,
                    llvm::Instruction *At) {
  llvm::DenseMap<llvm::Value *, llvm::Value *> Done;
  llvm::Value *First = firstIteration(Pointer, N, At, Done);
  if (!First)
    return nullptr;
  llvm::IRBuilder<> B(At);
  llvm::Value *Bytes = B.CreatePointerCast(First, B.getInt8PtrTy(AS));
  if (!N.First)
    return Bytes;
  return B.CreateGEP(B.getInt8Ty(), Bytes, B.CreateMul(StepI, B.getInt64(-int64_t(N.First))));
}

bool expand(Nest &N, llvm::SCEVExpander &Expander, llvm::Instruction *At, llvm::Type *Int64) {
  for (const llvm::SCEV *S :
       {N.Src.StepJ, N.Src.StepI, N.Dst.StepJ, N.Dst.StepI, N.CountJ, N.CountI})
    if (!Expander.isSafeToExpandAt(S, At))
      return false;
  for (Side *S : {&N.Src, &N.Dst}) {
    S->StepJV = Expander.expandCodeFor(S->StepJ, Int64, At);
    S->StepIV = Expander.expandCodeFor(S->StepI, Int64, At);
  }
  N.CountJV = Expander.expandCodeFor(N.CountJ, Int64, At);
  N.CountIV = Expander.expandCodeFor(N.CountI, Int64, At);
  N.Src.BaseV = baseOf(N.SrcPointer, N, N.Src.StepIV, N.SrcAS, At);
  N.Dst.BaseV = baseOf(N.DstPointer, N, N.Dst.StepIV, N.DstAS, At);
  return N.Src.BaseV && N.Dst.BaseV;
}

/// The blocked copy in front of N's loops, taken when the run-time check passes.
void rewrite(const Nest &N) {
  llvm::BasicBlock *Preheader = N.Outer->getLoopPreheader();
  llvm::BasicBlock *Exit = N.Outer->getExitBlock();
  llvm::BasicBlock *Exiting = N.Outer->getExitingBlock();
  llvm::BasicBlock *Original = llvm::SplitBlock(Preheader, Preheader->getTerminator());
  llvm::LLVMContext &C = Preheader->getContext();
  llvm::Function *F = Preheader->getParent();
  Preheader->getTerminator()->eraseFromParent();
  llvm::IRBuilder<> B(Preheader);

  const uint64_t Block = BlockBytes / N.Bytes;
  llvm::Type *Element = B.getIntNTy(N.Bytes * 8);
  llvm::Type *Vector = llvm::FixedVectorType::get(Element, Block);
  const llvm::Align Align(N.Bytes);
  // Whole blocks each way, and no destination element written twice: the destination's rows
  // (along the side it is not contiguous in) at least a row apart.
  llvm::Value *RowBytes = B.CreateMul(N.GatherShape ? N.CountIV : N.CountJV, B.getInt64(N.Bytes));
  llvm::Value *Apart = B.CreateICmpSGE(N.GatherShape ? N.Dst.StepJV : N.Dst.StepIV, RowBytes);
  llvm::Value *Blocks = B.CreateAnd(B.CreateICmpUGE(N.CountJV, B.getInt64(Block)),
                                    B.CreateICmpUGE(N.CountIV, B.getInt64(Block)));
  llvm::BasicBlock *Blocked = llvm::BasicBlock::Create(C, "transpose.blocks", F);
  B.CreateCondBr(B.CreateAnd(Blocks, Apart), Blocked, Original);

  B.SetInsertPoint(Blocked);
  llvm::Value *Mask = B.getInt64(~(Block - 1));
  llvm::Value *WholeJ = B.CreateAnd(N.CountJV, Mask), *WholeI = B.CreateAnd(N.CountIV, Mask);
  llvm::Value *Zero = B.getInt64(0);
  emitLoop(B, Zero, WholeJ, Block, [&](llvm::Value *J0) {
    emitLoop(B, Zero, WholeI, Block, [&](llvm::Value *I0) {
      // Rows along the side where the source is contiguous: j in the gather shape.
      llvm::SmallVector<llvm::Value *, 8> Rows;
      for (uint64_t R = 0; R < Block; ++R) {
        llvm::Value *At = B.getInt64(R);
        llvm::Value *J = N.GatherShape ? J0 : B.CreateAdd(J0, At);
        llvm::Value *I = N.GatherShape ? B.CreateAdd(I0, At) : I0;
        Rows.push_back(
            B.CreateAlignedLoad(Vector, address(B, N.Src, N.SrcAS, J, I, Vector), Align));
      }
      llvm::SmallVector<llvm::Value *, 8> Columns = transpose(B, Rows);
      for (uint64_t Col = 0; Col < Block; ++Col) {
        llvm::Value *At = B.getInt64(Col);
        llvm::Value *J = N.GatherShape ? B.CreateAdd(J0, At) : J0;
        llvm::Value *I = N.GatherShape ? I0 : B.CreateAdd(I0, At);
        B.CreateAlignedStore(Columns[Col], address(B, N.Dst, N.DstAS, J, I, Vector), Align);
      }
    });
  });
  // The elements past the whole blocks: the columns i >= WholeI of the first WholeJ rows, then
  // the rows j >= WholeJ whole.
  auto copyElements = [&](llvm::Value *JLo, llvm::Value *JHi, llvm::Value *ILo) {
    emitLoop(B, JLo, JHi, 1, [&](llvm::Value *J) {
      emitLoop(
          B, ILo, N.CountIV, 1,
          [&](llvm::Value *I) {
            llvm::Value *V =
                B.CreateAlignedLoad(Element, address(B, N.Src, N.SrcAS, J, I, Element), Align);
            B.CreateAlignedStore(V, address(B, N.Dst, N.DstAS, J, I, Element), Align);
          },
          scalarLoop(C));
    });
  };
  copyElements(Zero, WholeJ, WholeI);
  copyElements(WholeJ, N.CountJV, Zero);
  B.CreateBr(Exit);
  for (llvm::PHINode &Phi : Exit->phis()) // values from before the nest: it leaves none of its own
    Phi.addIncoming(Phi.getIncomingValueForBlock(Exiting), B.GetInsertBlock());
}

/// Whether L may be a nest of copies: its inner loops innermost, no calls, and a store of a
/// loaded value (a cheap test before the loops are put in simplified form and analysed).
bool copiesOnly(const llvm::Loop &L) {
  for (const llvm::Loop *Inner : L.getSubLoops())
    if (!Inner->isInnermost())
      return false;
  bool Copies = false;
  for (const llvm::BasicBlock *BB : L.blocks())
    for (const llvm::Instruction &I : *BB) {
      if (llvm::isa<llvm::CallBase>(I))
        return false;
      if (const auto *S = llvm::dyn_cast<llvm::StoreInst>(&I))
        Copies |= llvm::isa<llvm::LoadInst>(S->getValueOperand());
    }
  return Copies;
}

} // namespace

llvm::PreservedAnalyses KeepTransposeNestsPass::run(llvm::Loop &L, llvm::LoopAnalysisManager &,
                                                    llvm::LoopStandardAnalysisResults &AR,
                                                    llvm::LPMUpdater &) {
  if (llvm::findOptionMDForLoop(&L, "llvm.loop.unroll.disable") || !copiesOnly(L) ||
      !analyze(L, AR.LI, AR.DT, AR.SE, L.getHeader()->getModule()->getDataLayout()))
    return llvm::PreservedAnalyses::all();
  llvm::LLVMContext &C = L.getHeader()->getContext();
  L.setLoopID(llvm::makePostTransformationMetadata(C, L.getLoopID(), {},
                                                   {loopOption(C, "llvm.loop.unroll.disable")}));
  return llvm::PreservedAnalyses::all();
}

llvm::PreservedAnalyses TransposeNestsPass::run(llvm::Function &F,
                                                llvm::FunctionAnalysisManager &FAM) {
  auto &LI = FAM.getResult<llvm::LoopAnalysis>(F);
  auto &SE = FAM.getResult<llvm::ScalarEvolutionAnalysis>(F);
  const llvm::DataLayout &DL = F.getParent()->getDataLayout();
  auto &DT = FAM.getResult<llvm::DominatorTreeAnalysis>(F);
  auto &AC = FAM.getResult<llvm::AssumptionAnalysis>(F);
  llvm::SmallVector<Nest, 4> Nests;
  bool Simplified = false;
  for (llvm::Loop *L : LI.getLoopsInPreorder()) {
    if (!copiesOnly(*L))
      continue;
    // The nest's loops get preheaders and dedicated exits (LLVM's vectorizer would give them
    // that next anyway), which the rewrite and firstIteration use.
    llvm::SmallVector<llvm::Loop *, 4> Loops(L->begin(), L->end());
    Loops.push_back(L);
    for (llvm::Loop *Part : Loops)
      if (!Part->isLoopSimplifyForm())
        Simplified |= llvm::simplifyLoop(Part, &DT, &LI, &SE, &AC, nullptr, false);
    if (std::optional<Nest> N = analyze(*L, LI, DT, SE, DL))
      Nests.push_back(*N);
  }
  if (Nests.empty())
    return Simplified ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
  // Every nest's values computed before any block moves (the expander asks the loops). What a
  // nest that is then left as it was had computed is dead code, which later passes remove.
  llvm::SCEVExpander Expander(SE, DL, "transpose");
  llvm::Type *Int64 = llvm::Type::getInt64Ty(F.getContext());
  llvm::SmallVector<Nest *, 4> Kept;
  for (Nest &N : Nests) {
    llvm::Instruction *At = N.Outer->getLoopPreheader()->getTerminator();
    if (expand(N, Expander, At, Int64))
      Kept.push_back(&N);
  }
  for (Nest *N : Kept)
    rewrite(*N);
  return Kept.empty() && !Simplified ? llvm::PreservedAnalyses::all()
                                     : llvm::PreservedAnalyses::none();
}

} // namespace weft::compiler
