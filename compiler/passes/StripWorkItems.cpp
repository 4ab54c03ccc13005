// weft-strip-work-items: see Passes.h.
//
// A work-item loop around an inner loop whose count differs between work-items stays one scalar
// chain per work-item: weft-jam-work-items runs work-items side by side only through inner loops
// whose count is the same for all of them (LLVM's unroll-and-jam test). A common case is a count
// that is the same within each aligned run of work-items: a sub-group's, as in a scan that adds the
// totals of the sub-groups before its own,
//
//   for (uint i = 0; i < get_sub_group_id(); ++i) v += s[i];     // get_local_linear_id() / S
//
// There the x loop's induction X enters the count only through X >> k (or X / 2^k, or X & M with
// M's low k bits clear), which is the same for every X of an aligned run of 2^k. The loop is split
// into strips that end where such a run does: an outer loop over the strips, and the x loop
// running one strip, in which each of those values is replaced by its value at the strip's first
// work-item (the same value: this holds for any k, whatever the kernel's sub-groups). The inner
// loop's count is then the same for every work-item of the x loop, the test guarding the inner loop
// too, so LLVM's unswitching takes the test out of it, and the jam runs the strip's work-items side
// by side (at most 2^k of them: the strip's loop says so in its metadata).
#include "compiler/passes/Common.h"
#include "compiler/passes/Passes.h"

#include "contracts/WorkGroupAbi.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/ScalarEvolutionExpressions.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/PatternMatch.h>
#include <llvm/Transforms/Scalar/EarlyCSE.h>
#include <llvm/Transforms/Scalar/LoopPassManager.h>
#include <llvm/Transforms/Scalar/SimpleLoopUnswitch.h>
#include <llvm/Transforms/Scalar/SimplifyCFG.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/Local.h>
#include <llvm/Transforms/Utils/ScalarEvolutionExpander.h>

#include <algorithm>
#include <optional>

namespace weft::compiler {
namespace {

/// Runs narrower than this are not worth a strip (the jam would run at most 2 work-items).
constexpr unsigned MinBits = 2;
/// Strips longer than this are no shorter than a work-group in practice.
constexpr unsigned MaxBits = 16;

/// The k for which I = V op C is the same for every V of an aligned run of 2^k values (V >> k,
/// V / 2^k, V & M with M's k low bits clear), or 0.
unsigned runBits(const llvm::Instruction &I) {
  using namespace llvm::PatternMatch;
  const llvm::APInt *C = nullptr;
  if (match(&I, m_LShr(m_Value(), m_APInt(C))))
    return unsigned(C->getLimitedValue(MaxBits));
  if (match(&I, m_UDiv(m_Value(), m_APInt(C))) && C->isPowerOf2())
    return std::min(C->logBase2(), MaxBits);
  if (match(&I, m_And(m_Value(), m_APInt(C))) && !C->isZero())
    return std::min(C->countTrailingZeros(), MaxBits);
  return 0;
}

/// An expression with the SCEVs of Pieces replaced by a value the same in every iteration.
struct PiecesInvariant : llvm::SCEVRewriteVisitor<PiecesInvariant> {
  llvm::DenseMap<const llvm::SCEV *, const llvm::SCEV *> Replaced;
  explicit PiecesInvariant(llvm::ScalarEvolution &SE) : SCEVRewriteVisitor(SE) {}
  const llvm::SCEV *visit(const llvm::SCEV *S) {
    if (const llvm::SCEV *R = Replaced.lookup(S))
      return R;
    return SCEVRewriteVisitor::visit(S);
  }
};

/// What a strip needs: the x loop's unit-step induction X, the instructions of X constant along
/// runs of 2^Bits, and the loop's shape.
struct Plan {
  llvm::Loop *L = nullptr;
  const llvm::SCEVAddRecExpr *X = nullptr;
  std::vector<llvm::Instruction *> Pieces;
  unsigned Bits = 0;
};

std::optional<Plan> planFor(llvm::Loop &L, llvm::ScalarEvolution &SE) {
  if (!isWorkItemLoop(L) || L.getSubLoops().size() != 1 || !L.getSubLoops()[0]->isInnermost() ||
      llvm::findOptionMDForLoop(&L, attr::StripWidth))
    return std::nullopt;
  llvm::Loop &Inner = *L.getSubLoops()[0];
  llvm::BasicBlock *Latch = L.getLoopLatch(), *Exit = L.getExitBlock();
  if (!L.getLoopPreheader() || !Latch || !Exit || L.getExitingBlock() != Latch ||
      !Exit->phis().empty())
    return std::nullopt;
  auto *Br = llvm::dyn_cast<llvm::BranchInst>(Latch->getTerminator());
  if (!Br || !Br->isConditional() ||
      llvm::isa<llvm::SCEVCouldNotCompute>(SE.getBackedgeTakenCount(&L)))
    return std::nullopt;
  const llvm::SCEV *InnerCount = SE.getBackedgeTakenCount(&Inner);
  if (llvm::isa<llvm::SCEVCouldNotCompute>(InnerCount) || SE.isLoopInvariant(InnerCount, &L))
    return std::nullopt; // the jam takes it as it is
  // (Two copies of the loop will run: nothing after it may use a value of one of them.)
  for (llvm::BasicBlock *BB : L.blocks())
    for (llvm::Instruction &I : *BB)
      for (const llvm::User *U : I.users())
        if (!L.contains(llvm::cast<llvm::Instruction>(U)))
          return std::nullopt;
  for (llvm::PHINode &P : L.getHeader()->phis()) {
    auto *AR = llvm::dyn_cast<llvm::SCEVAddRecExpr>(SE.getSCEV(&P));
    if (!AR || AR->getLoop() != &L || !AR->isAffine())
      return std::nullopt;
  }
  Plan P;
  P.L = &L;
  P.Bits = MaxBits + 1;
  PiecesInvariant Rewrite(SE);
  for (llvm::BasicBlock *BB : L.blocks())
    for (llvm::Instruction &I : *BB) {
      const unsigned Bits = runBits(I);
      if (Bits < MinBits || !SE.isSCEVable(I.getType()))
        continue;
      auto *AR = llvm::dyn_cast<llvm::SCEVAddRecExpr>(SE.getSCEV(I.getOperand(0)));
      if (!AR || AR->getLoop() != &L || !AR->isAffine() || !AR->getStepRecurrence(SE)->isOne())
        continue;
      if (P.X && P.X != AR)
        return std::nullopt; // runs of two inductions need not line up
      P.X = AR;
      P.Pieces.push_back(&I);
      P.Bits = std::min(P.Bits, Bits);
      Rewrite.Replaced[SE.getSCEV(&I)] = SE.getUnknown(llvm::UndefValue::get(I.getType()));
    }
  if (P.Pieces.empty() || !SE.isLoopInvariant(Rewrite.visit(InnerCount), &L))
    return std::nullopt;
  return P;
}

/// Splits the x loop into strips (see the file's comment). Strips run in one of two copies of the
/// x loop: one for whole runs (2^Bits work-items exactly: all but a row's first and last where its
/// ends are not aligned), whose count is the same in every strip, as LLVM's unroll-and-jam requires
/// of the loop it jams; the other for the strips at a row's ends.
void strip(const Plan &P, llvm::ScalarEvolution &SE, llvm::LoopInfo &LI, llvm::DominatorTree &DT) {
  llvm::Loop &L = *P.L;
  llvm::BasicBlock *Pre = L.getLoopPreheader(), *Header = L.getHeader(), *Exit = L.getExitBlock();
  llvm::Function &F = *Header->getParent();
  llvm::LLVMContext &C = F.getContext();
  const llvm::DataLayout &DL = F.getParent()->getDataLayout();
  llvm::Type *I64 = llvm::Type::getInt64Ty(C), *XT = P.X->getType();
  const uint64_t Width = uint64_t(1) << P.Bits;
  // Before the loop: its trip count, X's first value, and SCEV's view of the header's inductions.
  llvm::SCEVExpander Expander(SE, DL, "strip");
  const llvm::SCEV *Count =
      SE.getAddExpr(SE.getTruncateOrZeroExtend(SE.getBackedgeTakenCount(&L), I64), SE.getOne(I64));
  llvm::Value *Trips = Expander.expandCodeFor(Count, I64, Pre->getTerminator());
  llvm::Value *X0 = Expander.expandCodeFor(P.X->getStart(), XT, Pre->getTerminator());
  std::vector<std::pair<llvm::PHINode *, const llvm::SCEVAddRecExpr *>> Inductions;
  for (llvm::PHINode &Phi : Header->phis())
    Inductions.push_back({&Phi, llvm::cast<llvm::SCEVAddRecExpr>(SE.getSCEV(&Phi))});
  // The copy for whole runs, with a preheader of its own.
  llvm::BasicBlock *Entry = llvm::SplitEdge(Pre, Header, &DT, &LI);
  llvm::ValueToValueMapTy VMap;
  llvm::SmallVector<llvm::BasicBlock *, 8> Blocks;
  llvm::Loop *Whole =
      llvm::cloneLoopWithPreheader(Exit, Entry, &L, VMap, ".whole", &LI, &DT, Blocks);
  llvm::remapInstructionsInBlocks(Blocks, VMap);
  llvm::BasicBlock *WholeEntry = Whole->getLoopPreheader();
  // A strip from iteration First to End: to the end of First's run, or of the loop.
  auto *Strips = llvm::BasicBlock::Create(C, Header->getName() + ".strip", &F, Entry);
  auto *Next = llvm::BasicBlock::Create(C, Header->getName() + ".strip.next", &F, Exit);
  Pre->getTerminator()->replaceSuccessorWith(Entry, Strips);
  llvm::IRBuilder<> B(Strips);
  llvm::PHINode *First = B.CreatePHI(I64, 2, "strip.first");
  First->addIncoming(B.getInt64(0), Pre);
  llvm::Value *XFirst = B.CreateAdd(X0, B.CreateZExtOrTrunc(First, XT), "strip.x");
  llvm::Value *Left =
      B.CreateZExtOrTrunc(B.CreateSub(llvm::ConstantInt::get(XT, Width),
                                      B.CreateAnd(XFirst, llvm::ConstantInt::get(XT, Width - 1))),
                          I64);
  llvm::Value *RunEnd = B.CreateAdd(First, Left, "strip.run.end");
  llvm::Value *End =
      B.CreateBinaryIntrinsic(llvm::Intrinsic::umin, RunEnd, Trips, nullptr, "strip.end");
  llvm::Value *WholeEnd = B.CreateAdd(First, B.getInt64(Width), "strip.whole.end");
  llvm::BranchInst *Choose =
      B.CreateCondBr(B.CreateICmpEQ(End, WholeEnd, "strip.is.whole"), WholeEntry, Entry);
  // What is constant along a run is computed once, for First, and the inductions start there.
  std::vector<llvm::Value *> Starts;
  for (auto [Phi, AR] : Inductions)
    Starts.push_back(Expander.expandCodeFor(AR->evaluateAtIteration(SE.getSCEV(First), SE),
                                            Phi->getType(), Choose));
  std::vector<llvm::Instruction *> Once;
  for (llvm::Instruction *Piece : P.Pieces) {
    llvm::Instruction *Copy = Piece->clone();
    Copy->setOperand(0, XFirst);
    Copy->insertBefore(Choose);
    Copy->takeName(Piece);
    Once.push_back(Copy);
  }
  // Both copies: start at First, stop at End (the whole copy at First + Width, the same when it
  // runs), leave for the next strip.
  llvm::IRBuilder<> NB(Next);
  llvm::BranchInst *NextBr = NB.CreateCondBr(NB.CreateICmpEQ(End, Trips), Exit, Strips);
  auto rewire = [&](llvm::Loop &Copy, auto &&Map, llvm::Value *Stop) {
    for (size_t I = 0; I < Inductions.size(); ++I) {
      auto *Phi = llvm::cast<llvm::PHINode>(Map(Inductions[I].first));
      Phi->setIncomingValue(Phi->getBasicBlockIndex(Copy.getLoopPreheader()), Starts[I]);
    }
    for (size_t I = 0; I < P.Pieces.size(); ++I) {
      auto *Piece = llvm::cast<llvm::Instruction>(Map(P.Pieces[I]));
      Piece->replaceAllUsesWith(Once[I]);
      Piece->eraseFromParent();
    }
    llvm::BasicBlock *Latch = Copy.getLoopLatch();
    auto *Br = llvm::cast<llvm::BranchInst>(Latch->getTerminator());
    llvm::PHINode *J = llvm::PHINode::Create(I64, 2, "strip.j", &Copy.getHeader()->front());
    llvm::IRBuilder<> LB(Br);
    llvm::Value *JNext = LB.CreateAdd(J, LB.getInt64(1), "strip.j.next");
    J->addIncoming(First, Copy.getLoopPreheader());
    J->addIncoming(JNext, Latch);
    llvm::Value *Old = Br->getCondition();
    Br->setCondition(Br->getSuccessor(0) == Exit ? LB.CreateICmpEQ(JNext, Stop)
                                                 : LB.CreateICmpNE(JNext, Stop));
    Br->replaceSuccessorWith(Exit, Next);
    llvm::RecursivelyDeleteTriviallyDeadInstructions(Old);
    Copy.setLoopID(llvm::makePostTransformationMetadata(
        C, Copy.getLoopID(), {},
        {loopOption(C, attr::StripWidth,
                    {llvm::ConstantAsMetadata::get(
                        llvm::ConstantInt::get(llvm::Type::getInt32Ty(C), Width))})}));
  };
  rewire(
      *Whole, [&](llvm::Value *V) { return VMap[V]; }, WholeEnd);
  rewire(
      L, [](llvm::Value *V) { return V; }, End);
  First->addIncoming(End, Next);
  NextBr->setMetadata(llvm::LLVMContext::MD_loop,
                      llvm::makePostTransformationMetadata(
                          C, nullptr, {}, {loopOption(C, "llvm.loop.unroll.disable")}));
}

/// LLVM's non-trivial unswitching, on the strips' loops only: the guards of their inner loops no
/// longer change within them; other loops of the function are left as the pipeline has them.
struct UnswitchStrips : llvm::PassInfoMixin<UnswitchStrips> {
  llvm::PreservedAnalyses run(llvm::Loop &L, llvm::LoopAnalysisManager &LAM,
                              llvm::LoopStandardAnalysisResults &AR, llvm::LPMUpdater &U) {
    if (!llvm::findOptionMDForLoop(&L, attr::StripWidth))
      return llvm::PreservedAnalyses::all();
    return llvm::SimpleLoopUnswitchPass(/*NonTrivial=*/true).run(L, LAM, AR, U);
  }
};

} // namespace

llvm::PreservedAnalyses StripWorkItemsPass::run(llvm::Function &F,
                                                llvm::FunctionAnalysisManager &FAM) {
  if (F.isDeclaration() || !F.getName().startswith(abi::WorkGroupPrefix))
    return llvm::PreservedAnalyses::all();
  bool Changed = false;
  for (bool Again = true; Again;) {
    Again = false;
    auto &SE = FAM.getResult<llvm::ScalarEvolutionAnalysis>(F);
    for (llvm::Loop *L : FAM.getResult<llvm::LoopAnalysis>(F).getLoopsInPreorder())
      if (std::optional<Plan> P = planFor(*L, SE)) {
        strip(*P, SE, FAM.getResult<llvm::LoopAnalysis>(F),
              FAM.getResult<llvm::DominatorTreeAnalysis>(F));
        FAM.invalidate(F, llvm::PreservedAnalyses::none());
        Changed = Again = true;
        break;
      }
  }
  if (!Changed)
    return llvm::PreservedAnalyses::all();
  // The tests guarding each strip's inner loop no longer change within the strip: out of it, so
  // that the jam finds the nest it takes.
  // (EarlyCSE gives the loop that keeps the test its known outcome, SimplifyCFG folds it.)
  llvm::FunctionPassManager Unswitch;
  Unswitch.addPass(llvm::createFunctionToLoopPassAdaptor(UnswitchStrips(), /*UseMemorySSA=*/true));
  Unswitch.addPass(llvm::EarlyCSEPass());
  Unswitch.addPass(llvm::SimplifyCFGPass());
  FAM.invalidate(F, Unswitch.run(F, FAM));
  return llvm::PreservedAnalyses::none();
}

} // namespace weft::compiler
