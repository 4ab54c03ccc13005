// weft-jam-work-items: see Passes.h.
//
// LLVM's loop vectorizer only vectorizes innermost loops. A work-item loop (weft-kernel-entry's
// x loop) with a loop inside, such as
//
//   for (int i = 0; i < 128; ++i) { x = mad(y, x, y); y = mad(x, y, x); ... }   // clpeak
//   for (int k = 0; k < n; ++k) acc += a[row * n + k] * b[k * n + col];        // naive GEMM
//
// stays scalar, and each work-item's inner loop runs as one dependent chain. Unrolling the x loop
// and jamming the copies of the inner loop into one (LLVM's unroll-and-jam) makes the inner loop
// run several work-items side by side, which the SLP vectorizer then packs into vectors, one lane
// a work-item, as the x loop's own vectorization would have.
//
// Legality is LLVM's isSafeToUnrollAndJam: the loops' shapes, an inner trip count the same for
// every work-item, values flowing only forwards, and no memory dependence that the new order
// (the work-items' parts before the inner loop, then their inner loops together, then their
// parts after it) would break. For that last test LLVM's dependence analysis sees buffers
// passed as separate arguments as possibly the same (OpenCL has no `restrict` by default), so it
// refuses a GEMM reading a and b and writing c. But the x loop's iterations are independent
// (weft-kernel-entry's access group: between barriers, two work-items touching the same memory,
// one of them writing, is a data race), and the jam only reorders accesses of different
// iterations, never two of one work-item. So for the test, and only for it, every access in the
// x loop's group gets a scope of its own that every other access declares it does not alias;
// afterwards those scopes are removed again, from the copies too.
//
// Work-items computing on vectors narrower than the host's (float3 and float4 on AVX2: N-body's
// positions) are split into scalars first (narrowVectorsOnly), or the SLP vectorizer packs each
// copy's own lanes instead of the copies.
//
// Columns written `int col = get_global_id(0)` make the copies' indices (long)(int)(g + j), which
// the vectorizer cannot take as consecutive (the ids may cross 2^31 among the copies): the inner
// loop gets a second version for when they do not (versionForConsecutiveColumns).
//
// It runs where LLVM's pipeline starts vectorizing: before the loop vectorizer (which takes the
// innermost x loops, not nests, and may vectorize a jammed inner loop on its own) and the SLP
// vectorizer, and before the unroller makes an inner loop two (an unrolled one and its
// remainder). A request LLVM could not carry out is withdrawn at once, so that its warning about
// transformations asked for and not done leaves the build log alone.
#include "compiler/passes/Common.h"
#include "compiler/passes/Passes.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/ScalarEvolutionExpressions.h>
#include <llvm/Analysis/TargetTransformInfo.h>
#include <llvm/Analysis/VectorUtils.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/MDBuilder.h>
#include <llvm/IR/Metadata.h>
#include <llvm/IR/PatternMatch.h>
#include <llvm/Transforms/Scalar/EarlyCSE.h>
#include <llvm/Transforms/Scalar/IndVarSimplify.h>
#include <llvm/Transforms/Scalar/LoopPassManager.h>
#include <llvm/Transforms/Scalar/LoopUnrollAndJamPass.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/LCSSA.h>
#include <llvm/Transforms/Utils/LoopSimplify.h>
#include <llvm/Transforms/Utils/LoopUtils.h>

namespace weft::compiler {
namespace {

constexpr const char *JamCount = "llvm.loop.unroll_and_jam.count";
/// Loop metadata on the remainder nest of a jammed work-item loop (weft's own: LLVM keeps it).
constexpr const char *RemainderMarker = "weft.loop.jam_remainder";
/// Above this many memory accesses in a nest, the scopes (one list per access naming all the
/// others) would cost more than the nest is likely to gain.
constexpr size_t MaxAccesses = 64;

/// At most this many instructions in a jammed inner loop (its own times the copies, before the
/// followup unroll by 2). The SLP vectorizer and instruction selection take time growing faster
/// than the block they are given: a long double4 body split into scalars and jammed 32 times on
/// AVX-512 made a block of tens of thousands of instructions that took the SLP vectorizer minutes,
/// most of it renumbering the block for its spill-cost estimate (docs/performance.md, "The jam
/// budget"). The nests of clpeak, N-body and GEMM kernels stay well within it.
constexpr size_t MaxJammedInstructions = 4096;

/// How many work-items to run side by side: two vectors of 32-bit lanes of the widest vector
/// register. One vector's worth would leave each inner iteration one dependent chain (an FMA
/// waits four cycles for the one before); two give the core two chains to overlap. clpeak's
/// scalar float kernel, `bench/kernels.sh`: see docs/performance.md, "weft-jam-work-items".
unsigned workItemsPerIteration(const llvm::TargetTransformInfo &TTI) {
  uint64_t Bits =
      TTI.getRegisterBitWidth(llvm::TargetTransformInfo::RGK_FixedWidthVector).getFixedSize();
  return std::max<unsigned>(2, unsigned(2 * Bits / 32));
}

/// A loop option with a count: !{!"Name", i32 N}.
llvm::MDNode *loopCount(llvm::LLVMContext &C, llvm::StringRef Name, unsigned N) {
  return loopOption(
      C, Name,
      {llvm::ConstantAsMetadata::get(llvm::ConstantInt::get(llvm::Type::getInt32Ty(C), N))});
}

/// The instructions in Inner, a vector counted as its elements when Split (what the Scalarizer
/// makes of it).
size_t innerSize(const llvm::Loop &Inner, bool Split) {
  size_t Size = 0;
  for (llvm::BasicBlock *BB : Inner.blocks())
    for (llvm::Instruction &I : *BB) {
      llvm::Type *T = I.getType();
      if (auto *S = llvm::dyn_cast<llvm::StoreInst>(&I))
        T = S->getValueOperand()->getType();
      auto *V = llvm::dyn_cast<llvm::FixedVectorType>(T);
      Size += Split && V ? V->getNumElements() : 1;
    }
  return Size;
}

/// How many copies of a nest whose inner loop has Size instructions to jam: Count, halved until
/// the jammed inner loop keeps within MaxJammedInstructions (under 2: none).
unsigned copiesFor(unsigned Count, size_t Size) {
  while (Count >= 2 && Count * Size > MaxJammedInstructions)
    Count /= 2;
  return Count;
}

/// L's loads and stores in its parallel groups: those the jam's test is told are independent.
std::vector<llvm::Instruction *> groupAccesses(const llvm::Loop &L) {
  auto Groups = parallelGroups(L);
  std::vector<llvm::Instruction *> Accesses;
  for (llvm::BasicBlock *BB : L.blocks())
    for (llvm::Instruction &I : *BB)
      if ((llvm::isa<llvm::LoadInst>(I) || llvm::isa<llvm::StoreInst>(I)) && inGroups(I, Groups))
        Accesses.push_back(&I);
  return Accesses;
}

/// Drops from each access's scope lists the scopes of Domain.
void removeScopes(llvm::Function &F, const llvm::MDNode *Domain) {
  auto Filter = [Domain](llvm::MDNode *List) -> llvm::MDNode * {
    llvm::SmallVector<llvm::Metadata *, 8> Kept;
    for (const llvm::MDOperand &Op : List->operands()) {
      auto *Scope = llvm::dyn_cast<llvm::MDNode>(Op.get());
      if (!Scope || Scope->getNumOperands() < 2 || Scope->getOperand(1).get() != Domain)
        Kept.push_back(Op.get());
    }
    return Kept.empty() ? nullptr : llvm::MDNode::get(List->getContext(), Kept);
  };
  for (llvm::Instruction &I : llvm::instructions(F))
    for (unsigned Kind : {llvm::LLVMContext::MD_alias_scope, llvm::LLVMContext::MD_noalias})
      if (llvm::MDNode *List = I.getMetadata(Kind))
        I.setMetadata(Kind, Filter(List));
}

/// `(long)(int)V` as InstCombine leaves it (ashr (shl V, 32), 32) or as written: V if I is one.
llvm::Value *truncatedAndExtended(llvm::Instruction &I) {
  using namespace llvm::PatternMatch;
  llvm::Value *V = nullptr;
  if (!I.getType()->isIntegerTy(64))
    return nullptr;
  if (match(&I, m_AShr(m_Shl(m_Value(V), m_SpecificInt(32)), m_SpecificInt(32))) ||
      match(&I, m_SExt(m_Trunc(m_Value(V)))))
    if (V->getType()->isIntegerTy(64))
      return V;
  return nullptr;
}

/// The jammed copies of `int col = get_global_id(0)` are (long)(int)(g + j) for j = 0, 1, ...:
/// consecutive unless g + j crosses 2^31 between two of them, so the SLP vectorizer cannot load
/// `b[k * n + col]` of the copies as one vector and gathers them instead. When Inner uses such
/// columns, it runs in a second version, taken when the last of them is the first plus its offset
/// (then none wrapped), where every column is the first plus its offset, which the vectorizer
/// reads as consecutive. Returns whether it made one.
bool versionForConsecutiveColumns(llvm::Loop &Outer, llvm::Loop &Inner, llvm::ScalarEvolution &SE,
                                  llvm::DominatorTree &DT, llvm::LoopInfo &LI) {
  llvm::BasicBlock *Preheader = Inner.getLoopPreheader(), *Exit = Inner.getExitBlock();
  llvm::BasicBlock *Exiting = Inner.getExitingBlock();
  if (!Preheader || !Exit || !Exiting || !llvm::isa<llvm::BranchInst>(Preheader->getTerminator()) ||
      llvm::cast<llvm::BranchInst>(Preheader->getTerminator())->isConditional() ||
      Exit->getUniquePredecessor() != Exiting)
    return false;
  // The first column the inner loop uses, and the others at a constant distance after it.
  llvm::Instruction *First = nullptr;
  const llvm::SCEV *FirstG = nullptr;
  std::vector<std::pair<llvm::Instruction *, uint64_t>> Others;
  for (llvm::BasicBlock *BB : Outer.blocks()) {
    if (Inner.contains(BB))
      continue;
    for (llvm::Instruction &I : *BB) {
      llvm::Value *G = truncatedAndExtended(I);
      if (!G || llvm::none_of(I.users(), [&Inner](const llvm::User *U) {
            return Inner.contains(llvm::cast<llvm::Instruction>(U));
          }))
        continue;
      if (!First) {
        First = &I;
        FirstG = SE.getSCEV(G);
        continue;
      }
      auto *Distance = llvm::dyn_cast<llvm::SCEVConstant>(SE.getMinusSCEV(SE.getSCEV(G), FirstG));
      if (Distance && Distance->getAPInt().ugt(0) && Distance->getAPInt().ult(1024))
        Others.push_back({&I, Distance->getAPInt().getZExtValue()});
    }
  }
  if (Others.empty() || !DT.dominates(First, Preheader->getTerminator()) ||
      llvm::any_of(Others, [&](const auto &O) {
        return !DT.dominates(O.first, Preheader->getTerminator());
      }))
    return false;

  // What the inner loop hands on leaves it through phis in its exit, which then merge the versions.
  llvm::formLCSSA(Inner, DT, &LI, &SE);
  // The columns are computed in the inner loop's preheader (the x loop's header, usually): the
  // copy of the inner loop gets a preheader of its own, and so does the original.
  llvm::IRBuilder<> B(Preheader->getTerminator());
  llvm::ValueToValueMapTy VMap;
  const auto *Last = &Others.front();
  for (const auto &O : Others) {
    VMap[O.first] =
        B.CreateAdd(First, B.getInt64(O.second), O.first->getName() + ".next", false, true);
    if (O.second > Last->second)
      Last = &O;
  }
  llvm::Value *Consecutive = B.CreateICmpEQ(Last->first, VMap[Last->first], "columns.consecutive");
  llvm::BasicBlock *Split = llvm::SplitBlock(Preheader, Preheader->getTerminator(), &DT, &LI);
  llvm::SmallVector<llvm::BasicBlock *, 8> Blocks;
  llvm::Loop *Fast =
      llvm::cloneLoopWithPreheader(Split, Split, &Inner, VMap, ".columns", &LI, &DT, Blocks);
  llvm::remapInstructionsInBlocks(Blocks, VMap);
  Split->getTerminator()->eraseFromParent();
  llvm::BranchInst::Create(Fast->getLoopPreheader(), Inner.getHeader(), Consecutive, Split);
  addExitValues(Exit, Exiting, VMap, llvm::cast<llvm::BasicBlock>(VMap[Exiting]));
  DT.changeImmediateDominator(Exit, Split);
  return true;
}
} // namespace

llvm::PreservedAnalyses KeepVectorLoopsForJamPass::run(llvm::Loop &L, llvm::LoopAnalysisManager &,
                                                       llvm::LoopStandardAnalysisResults &,
                                                       llvm::LPMUpdater &) {
  // Arithmetic on vector types in a work-item's inner loop: unrolled whole, the loop would leave
  // the x loop straight-line code the loop vectorizer cannot widen and no nest to jam, each
  // work-item's vector chain waiting on itself (clpeak's float8 kernel).
  if (!L.isInnermost() || !L.getParentLoop() || !isWorkItemLoop(*L.getParentLoop()) ||
      llvm::findOptionMDForLoop(&L, "llvm.loop.unroll.disable"))
    return llvm::PreservedAnalyses::all();
  bool Vector = false;
  for (llvm::BasicBlock *BB : L.blocks())
    for (llvm::Instruction &I : *BB)
      Vector |= I.getType()->isVectorTy() &&
                (llvm::isa<llvm::BinaryOperator>(I) || llvm::isa<llvm::IntrinsicInst>(I));
  if (!Vector)
    return llvm::PreservedAnalyses::all();
  llvm::LLVMContext &C = L.getHeader()->getContext();
  L.setLoopID(llvm::makePostTransformationMetadata(C, L.getLoopID(), {},
                                                   {loopOption(C, "llvm.loop.unroll.disable")}));
  return llvm::PreservedAnalyses::all();
}

namespace {

/// The bits of V's type if it is a vector, else 0.
uint64_t vectorBits(const llvm::Value *V) {
  auto *T = llvm::dyn_cast<llvm::FixedVectorType>(V->getType());
  return T ? T->getPrimitiveSizeInBits().getFixedSize() : 0;
}

/// Whether F's nests compute on vectors narrower than the host's and F on none as wide: then the
/// SLP vectorizer would pack each jammed work-item's float3 or float4 alone (its lanes, not the
/// work-items), leaving the rest of each vector register and every square root or division of a
/// scalar per work-item; split into scalars first (LLVM's Scalarizer), the jammed copies pack
/// across work-items, one a lane (splitVectorAccesses first, as the Scalarizer does not split
/// loads and stores). Vectors as wide as the host's (float8 on AVX2) already fill the registers,
/// and stay. So do they where the jam could not then take as many copies as the vectors have
/// lanes (an inner loop too large for Count copies of its scalars): the copies packed side by
/// side would be narrower than the work-item's own vectors.
bool narrowVectorsOnly(llvm::Function &F, const std::vector<llvm::Loop *> &Nests, unsigned HostBits,
                       unsigned Count, llvm::ScalarEvolution &SE) {
  auto Bits = [](const llvm::Instruction &I) { return vectorBits(&I); };
  for (llvm::Instruction &I : llvm::instructions(F))
    if (uint64_t B = Bits(I); B && B >= HostBits)
      return false;
  // Only when the jam can take every nest (an inner trip count the same for every work-item and
  // few enough accesses; LLVM's test decides the rest): split and not jammed, a work-item's
  // float4 would run as four scalars.
  bool Narrow = false;
  for (llvm::Loop *L : Nests) {
    llvm::Loop *Inner = L->getSubLoops()[0];
    const llvm::SCEV *Trips = SE.getBackedgeTakenCount(Inner);
    if (llvm::isa<llvm::SCEVCouldNotCompute>(Trips) || !SE.isLoopInvariant(Trips, L) ||
        groupAccesses(*L).size() > MaxAccesses)
      return false;
    unsigned Lanes = 1;
    for (llvm::BasicBlock *BB : Inner->blocks())
      for (llvm::Instruction &I : *BB) {
        Narrow |=
            Bits(I) && !llvm::isa<llvm::LoadInst>(I) && !llvm::isa<llvm::ShuffleVectorInst>(I);
        if (auto *V = llvm::dyn_cast<llvm::FixedVectorType>(I.getType()))
          Lanes = std::max(Lanes, unsigned(V->getNumElements()));
      }
    if (copiesFor(Count, innerSize(*Inner, true)) < Lanes)
      return false;
  }
  return Narrow;
}

/// Whether F, which has no nest to jam, computes in its innermost x loops on vectors narrower than
/// the host's (a work-item's float4, a half4 converted into one), F on none as wide, each such loop
/// one block whose vector values the Scalarizer splits whole (no call but of an intrinsic it
/// splits) and no other x loop has vector values: the loop vectorizer takes no loop with vector
/// values in it, so each work-item's float4 ran alone in a 128-bit register; split into scalars
/// (splitVectorAccesses first, as the Scalarizer does not split loads and stores), the loop
/// widens across work-items, its float4 accesses interleaved groups (docs/performance.md,
/// "weft-jam-work-items").
bool flatNarrowVectorsOnly(llvm::Function &F, llvm::LoopInfo &LI, unsigned HostBits) {
  auto elements = [](const llvm::Value *V) -> unsigned {
    auto *T = llvm::dyn_cast<llvm::FixedVectorType>(V->getType());
    return T ? T->getNumElements() : 1;
  };
  auto vectorValued = [&](const llvm::Instruction &I) {
    return vectorBits(&I) ||
           llvm::any_of(I.operands(), [&](const llvm::Use &U) { return vectorBits(U.get()); });
  };
  for (llvm::Instruction &I : llvm::instructions(F))
    if (uint64_t B = vectorBits(&I); B && B >= HostBits)
      return false;
  bool Narrow = false;
  for (llvm::Loop *L : LI.getLoopsInPreorder()) {
    if (!isWorkItemLoop(*L))
      continue;
    bool Vectors = false, Splittable = true;
    for (llvm::BasicBlock *BB : L->blocks())
      for (llvm::Instruction &I : *BB) {
        if (!vectorValued(I))
          continue;
        Vectors = true;
        // Up to four elements: wider ones (float8) already fill a 256-bit register, and the
        // interleaved groups of eight the split makes ran slower (vload8).
        Splittable &= elements(&I) <= 4 && llvm::all_of(I.operands(), [&](const llvm::Use &U) {
                        return elements(U.get()) <= 4;
                      });
        Narrow |= vectorBits(&I) && !llvm::isa<llvm::LoadInst>(I) &&
                  !llvm::isa<llvm::ShuffleVectorInst>(I);
        // Stores of elements under 32 bits (a half4 written): split, their interleaved groups
        // take word or byte shuffles, which ran slower (vstore_half4 0.7-0.9x on the Xeon).
        if (const auto *Store = llvm::dyn_cast<llvm::StoreInst>(&I))
          Splittable &= !vectorBits(Store->getValueOperand()) ||
                        Store->getValueOperand()->getType()->getScalarSizeInBits() >= 32;
        if (const auto *Call = llvm::dyn_cast<llvm::CallInst>(&I)) {
          const llvm::Function *Callee = Call->getCalledFunction();
          Splittable &= Callee && Callee->isIntrinsic() &&
                        llvm::isTriviallyVectorizable(Callee->getIntrinsicID());
        }
      }
    if (Vectors && (!L->isInnermost() || L->getNumBlocks() != 1 || !Splittable))
      return false;
  }
  return Narrow;
}

} // namespace

llvm::PreservedAnalyses JamWorkItemLoopsPass::run(llvm::Function &F,
                                                  llvm::FunctionAnalysisManager &FAM) {
  const auto &TTI = FAM.getResult<llvm::TargetIRAnalysis>(F);
  const unsigned Count = workItemsPerIteration(TTI);
  if (Count < 2)
    return llvm::PreservedAnalyses::all();
  llvm::LLVMContext &C = F.getContext();
  llvm::MDBuilder MDB(C);
  llvm::MDNode *Domain = nullptr;
  // The nests to jam: a work-item loop around one innermost loop (what unroll-and-jam handles; an
  // x loop the vectorizer took has no loop inside any more).
  auto nests = [&F, &FAM](llvm::StringRef Marker) {
    std::vector<llvm::Loop *> Found;
    for (llvm::Loop *L : FAM.getResult<llvm::LoopAnalysis>(F).getLoopsInPreorder())
      if (llvm::findOptionMDForLoop(L, Marker) && L->getSubLoops().size() == 1 &&
          L->getSubLoops()[0]->isInnermost())
        Found.push_back(L);
    return Found;
  };
  // How many copies of a nest to jam, for its inner loop as it is now.
  // (A strip of weft-strip-work-items has at most its width of work-items.)
  auto copies = [Count](llvm::Loop *Nest) {
    unsigned Most = Count;
    if (llvm::MDNode *Strip = llvm::findOptionMDForLoop(Nest, attr::StripWidth))
      if (auto *W = llvm::mdconst::dyn_extract<llvm::ConstantInt>(Strip->getOperand(1)))
        Most = std::min<unsigned>(Most, unsigned(W->getZExtValue()));
    return copiesFor(Most, innerSize(*Nest->getSubLoops()[0], false));
  };
  // Jams the nests that ask for it. The request goes with the attempt: a jammed loop must not be
  // jammed again in the next round, and a nest LLVM could not jam must not reach LLVM's warning
  // about transformations asked for and not done.
  auto jam = [&]() {
    llvm::FunctionPassManager Jam;
    Jam.addPass(llvm::createFunctionToLoopPassAdaptor(llvm::LoopUnrollAndJamPass(3)));
    FAM.invalidate(F, Jam.run(F, FAM));
    for (llvm::Loop *L : FAM.getResult<llvm::LoopAnalysis>(F).getLoopsInPreorder())
      if (llvm::findOptionMDForLoop(L, JamCount))
        L->setLoopID(llvm::makePostTransformationMetadata(C, L->getLoopID(), {JamCount}, {}));
  };

  const unsigned HostBits =
      TTI.getRegisterBitWidth(llvm::TargetTransformInfo::RGK_FixedWidthVector).getFixedSize();
  bool FlatSplit = false;
  if (nests(attr::WorkItemLoop).empty() &&
      flatNarrowVectorsOnly(F, FAM.getResult<llvm::LoopAnalysis>(F), HostBits)) {
    splitIntoScalars(F, FAM);
    FlatSplit = true;
  }
  if (std::vector<llvm::Loop *> Nests = nests(attr::WorkItemLoop);
      !Nests.empty() &&
      narrowVectorsOnly(
          F, Nests,
          TTI.getRegisterBitWidth(llvm::TargetTransformInfo::RGK_FixedWidthVector).getFixedSize(),
          Count, FAM.getResult<llvm::ScalarEvolutionAnalysis>(F))) {
    // Element by element, every nest must still have few enough accesses for the jam's test.
    auto elementAccesses = [](llvm::Loop *L) {
      size_t Count = 0;
      for (llvm::Instruction *I : groupAccesses(*L)) {
        auto *V = llvm::dyn_cast<llvm::FixedVectorType>(llvm::getLoadStoreType(I));
        Count += V ? V->getNumElements() : 1;
      }
      return Count;
    };
    splitIntoScalars(F, FAM, llvm::all_of(Nests, [&](llvm::Loop *L) {
                       return elementAccesses(L) <= MaxAccesses;
                     }));
  }
  // Rows wide enough run the nests turned inside out; the original nests stay for narrower rows.
  const bool Interchanged = interchangeWorkItems(F, FAM);
  for (llvm::Loop *L : nests(attr::WorkItemLoop)) {
    std::vector<llvm::Instruction *> Accesses = groupAccesses(*L);
    const unsigned Copies = copies(L);
    if (Accesses.size() > MaxAccesses || Copies < 2)
      continue;
    if (!Domain)
      Domain = MDB.createAnonymousAliasScopeDomain("weft.jam");
    std::vector<llvm::Metadata *> Scopes;
    for (size_t A = 0; A < Accesses.size(); ++A)
      Scopes.push_back(MDB.createAnonymousAliasScope(Domain));
    for (size_t A = 0; A < Accesses.size(); ++A) {
      std::vector<llvm::Metadata *> Others = Scopes;
      Others.erase(Others.begin() + A);
      llvm::Instruction &I = *Accesses[A];
      I.setMetadata(llvm::LLVMContext::MD_alias_scope,
                    llvm::MDNode::concatenate(I.getMetadata(llvm::LLVMContext::MD_alias_scope),
                                              llvm::MDNode::get(C, {Scopes[A]})));
      I.setMetadata(llvm::LLVMContext::MD_noalias,
                    llvm::MDNode::concatenate(I.getMetadata(llvm::LLVMContext::MD_noalias),
                                              llvm::MDNode::get(C, Others)));
    }
    // The work-items left over (fewer than Copies: an 8-wide work-group, or the last 8 of 24) run
    // half as many side by side, in the remainder nest unroll-and-jam leaves, which keeps the
    // loop's parallel accesses for the second round.
    llvm::SmallVector<llvm::Metadata *, 4> Remainder{loopOption(C, RemainderMarker)};
    if (llvm::MDNode *Parallel = llvm::findOptionMDForLoop(L, "llvm.loop.parallel_accesses"))
      Remainder.push_back(Parallel);
    if (llvm::MDNode *Strip = llvm::findOptionMDForLoop(L, attr::StripWidth))
      Remainder.push_back(Strip);
    // The jammed inner loops already do Copies work-items' work per iteration: unrolled twice
    // (for the loop's own overhead), not the 4 or 8 times LLVM would choose, which ran no faster
    // and built slower (docs/performance.md, "weft-jam-work-items").
    llvm::Metadata *Unroll = loopCount(C, "llvm.loop.unroll.count", 2);
    L->setLoopID(llvm::makePostTransformationMetadata(
        C, L->getLoopID(), {},
        {loopCount(C, JamCount, Copies),
         loopOption(C, "llvm.loop.unroll_and_jam.followup_remainder_outer", Remainder),
         loopOption(C, "llvm.loop.unroll_and_jam.followup_inner", {Unroll}),
         loopOption(C, "llvm.loop.unroll_and_jam.followup_remainder_inner", {Unroll})}));
  }
  if (!Domain) // most functions: no nest, nothing more to run
    return FlatSplit || Interchanged ? llvm::PreservedAnalyses::none()
                                     : llvm::PreservedAnalyses::all();
  jam();
  // (A remainder nest's inner loop is the nest's own, unjammed.)
  bool Again = false;
  for (llvm::Loop *L : nests(RemainderMarker))
    if (const unsigned Copies = copies(L); Copies >= 4) {
      L->setLoopID(llvm::makePostTransformationMetadata(C, L->getLoopID(), {},
                                                        {loopCount(C, JamCount, Copies / 2)}));
      Again = true;
    }
  if (Again)
    jam();
  removeScopes(F, Domain);
  // Each jammed copy counts the inner loop with an induction variable of its own: one serves
  // them all, and then what every copy loads alike (a row of a in the GEMM) is one load, and what
  // they load side by side is consecutive for the SLP vectorizer, which the pipeline runs next.
  // (The scopes changed under any cached alias result.)
  FAM.invalidate(F, llvm::PreservedAnalyses::none());
  llvm::FunctionPassManager Tidy;
  Tidy.addPass(llvm::createFunctionToLoopPassAdaptor(llvm::IndVarSimplifyPass()));
  Tidy.addPass(llvm::EarlyCSEPass());
  Tidy.run(F, FAM);
  auto &LI = FAM.getResult<llvm::LoopAnalysis>(F);
  auto &SE = FAM.getResult<llvm::ScalarEvolutionAnalysis>(F);
  auto &DT = FAM.getResult<llvm::DominatorTreeAnalysis>(F);
  std::vector<llvm::Loop *> Jammed = nests(attr::WorkItemLoop), Remainders = nests(RemainderMarker);
  Jammed.insert(Jammed.end(), Remainders.begin(), Remainders.end());
  for (llvm::Loop *L : Jammed)
    versionForConsecutiveColumns(*L, *L->getSubLoops()[0], SE, DT, LI);
  return llvm::PreservedAnalyses::none();
}

} // namespace weft::compiler
