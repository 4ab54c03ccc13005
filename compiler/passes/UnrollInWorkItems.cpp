// weft-unroll-in-work-items: see Passes.h.
//
// LLVM's loop vectorizer widens innermost loops only. A work-item loop (weft-kernel-entry's x
// loop) with a loop inside stays scalar, each work-item running the inner loop on its own:
//
//   for (int k = 0; k < 16; k += 2) { a = tile[k][x]; acc += a * b[k]; ... }   // a GEMM's k-tile
//   for (int i = -1; i <= 1; ++i) sum += img[y + i][x];                          // a 3-tap filter
//
// When the inner loop runs a constant number of times, the same for every work-item, unrolled
// whole it leaves the work-item loop innermost, and its work-items vectorize as straight-line
// code does. LLVM's own full unrolling stops at a few hundred instructions (its O3 threshold),
// below such loops' sizes; this pass, run just before it, asks it (llvm.loop.unroll.full) to
// unroll an innermost loop nested in a work-item loop whose trip count is a small constant and
// whose unrolled size stays within a budget. The loop pass manager visits inner loops first, so
// once an inner loop is unrolled its parent is innermost and may be unrolled in turn.
//
// Loops that compute on vector types keep their loop (weft-keep-vector-loops, which runs first,
// marks them llvm.loop.unroll.disable) for weft-jam-work-items; loops with any unrolling request
// of their own are left as the source asked.
#include "compiler/passes/Common.h"
#include "compiler/passes/Passes.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Transforms/Utils/LoopUtils.h>

namespace weft::compiler {
namespace {

/// The most iterations, and the most instructions of all of them together, a loop is unrolled
/// for: a GEMM's k-tile (8 to 32 steps of a few dozen instructions) and small filters fit.
constexpr unsigned MaxTripCount = 64, MaxUnrolledInstructions = 2048;

bool insideWorkItemLoop(const llvm::Loop &L) {
  for (const llvm::Loop *P = L.getParentLoop(); P; P = P->getParentLoop())
    if (isWorkItemLoop(*P))
      return true;
  return false;
}

bool hasUnrollRequest(const llvm::Loop &L) {
  for (const char *Option : {"llvm.loop.unroll.disable", "llvm.loop.unroll.full",
                             "llvm.loop.unroll.count", "llvm.loop.unroll.enable"})
    if (llvm::findOptionMDForLoop(&L, Option))
      return true;
  return false;
}

} // namespace

llvm::PreservedAnalyses UnrollInWorkItemsPass::run(llvm::Loop &L, llvm::LoopAnalysisManager &,
                                                   llvm::LoopStandardAnalysisResults &AR,
                                                   llvm::LPMUpdater &) {
  if (!L.isInnermost() || isWorkItemLoop(L) || !insideWorkItemLoop(L) || hasUnrollRequest(L))
    return llvm::PreservedAnalyses::all();
  const unsigned Trips = AR.SE.getSmallConstantTripCount(&L);
  if (Trips == 0 || Trips > MaxTripCount || Trips * instructionCount(L) > MaxUnrolledInstructions)
    return llvm::PreservedAnalyses::all();
  llvm::LLVMContext &C = L.getHeader()->getContext();
  L.setLoopID(llvm::makePostTransformationMetadata(C, L.getLoopID(), {},
                                                   {loopOption(C, "llvm.loop.unroll.full")}));
  return llvm::PreservedAnalyses::all();
}

} // namespace weft::compiler
