// The order of Weft's passes: the only place that lists it (docs/compiler.md).
#include "compiler/passes/Passes.h"

#include <llvm/Passes/PassBuilder.h>
#include <llvm/Transforms/IPO/AlwaysInliner.h>
#include <llvm/Transforms/IPO/GlobalDCE.h>
#include <llvm/Transforms/InstCombine/InstCombine.h>
#include <llvm/Transforms/Scalar/EarlyCSE.h>
#include <llvm/Transforms/Scalar/InferAddressSpaces.h>
#include <llvm/Transforms/Scalar/SROA.h>
#include <llvm/Transforms/Scalar/SimplifyCFG.h>
#include <llvm/Transforms/Scalar/LoopPassManager.h>
#include <llvm/Transforms/Scalar/LoopUnrollPass.h>
#include <llvm/Transforms/Utils/LCSSA.h>
#include <llvm/Transforms/Utils/LoopSimplify.h>

namespace weft::compiler {

void addWeftPasses(llvm::ModulePassManager &MPM, bool OptDisable) {
  // One work-item's code, whole: helpers inlined so that barriers and queries are in the kernel.
  MPM.addPass(NormalizePass());
  // Calls of math built-ins that LLVM's vectorizer can widen into the library's vector forms
  // stay calls (Compiler.cpp links the vector forms only when the program is optimised).
  MPM.addPass(VectorFormsPass());
  // Uniform sub-group functions stay calls through the inlining; kernels calling them get a copy
  // that runs them on vectors (SubGroupVectors.cpp), the kernels themselves the exchange.
  if (!OptDisable)
    MPM.addPass(SubGroupKeepPass());
  MPM.addPass(llvm::AlwaysInlinerPass(/*InsertLifetimeIntrinsics=*/!OptDisable));
  if (!OptDisable)
    MPM.addPass(SubGroupVectorsPass());
  MPM.addPass(llvm::createModuleToFunctionPassAdaptor(SafeDivisionPass()));
  if (!OptDisable) {
    // Registers instead of Clang's -O0 stack slots before the barrier split: what stays in memory
    // or crosses a barrier there costs private memory per work-item. SimplifyCFG leaves convergent
    // calls (barriers) alone.
    llvm::FunctionPassManager Cleanup;
    // Accesses through generic pointers (a private variable's address passed to a built-in that
    // takes __generic, like wait_group_events) become accesses of the variable, which SROA can
    // then keep in a register. Address space 4 is Clang's generic one.
    Cleanup.addPass(llvm::InferAddressSpacesPass(4));
    Cleanup.addPass(llvm::SROAPass());
    Cleanup.addPass(llvm::EarlyCSEPass());
    Cleanup.addPass(llvm::InstCombinePass());
    Cleanup.addPass(llvm::SimplifyCFGPass());
    Cleanup.addPass(AddressSpaceScopesPass());
    // Loops the work-items of a row share by striding over local or global ids become loops that
    // LLVM can vectorize (the x loop around them cannot); the work-item queries are still calls
    // here. LoopSimplify gives every loop a preheader.
    Cleanup.addPass(llvm::LoopSimplifyPass());
    Cleanup.addPass(GroupStrideLoopsPass());
    // Loops the source asks to unroll (#pragma unroll) with a constant trip count, unrolled
    // before the barrier split: private arrays they index (a GEMM's register tile) then have
    // constant indices, and SROA makes them registers, of which only what a barrier separates
    // from its use costs private memory per work-item. Unrolling an inner loop whose outer loop
    // is unrolled later leaves the copies past the end behind a `br i1 false`, indexing the array
    // with a variable; SROA gives up on an array indexed so even in dead code, so SimplifyCFG
    // removes those blocks first.
    Cleanup.addPass(llvm::LCSSAPass());
    Cleanup.addPass(llvm::createFunctionToLoopPassAdaptor(
        llvm::LoopFullUnrollPass(/*OptLevel=*/2, /*OnlyWhenForced=*/true), /*UseMemorySSA=*/false,
        /*UseBlockFrequencyInfo=*/false));
    Cleanup.addPass(llvm::SimplifyCFGPass());
    Cleanup.addPass(llvm::SROAPass());
    Cleanup.addPass(llvm::InstCombinePass());
    MPM.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(Cleanup)));
  }
  // Checked builds: accesses through pointer arguments checked, while the kernels' arguments are
  // still parameters.
  MPM.addPass(CheckBoundsPass());
  // The kernels become work-group functions.
  MPM.addPass(WorkItemFunctionsPass());
  MPM.addPass(LocalMemoryPass());
  MPM.addPass(llvm::createModuleToFunctionPassAdaptor(BarriersPass()));
  MPM.addPass(KernelEntryPass());
  // Inline each work-item function into its loop nests now, before LLVM's pipeline simplifies it
  // on its own: with the resume id constant, each copy keeps only its region's code (and the slot
  // accesses keep their alias scopes, which InstCombine would drop when it merges a reload with
  // another load at a PHI of the whole function).
  MPM.addPass(llvm::AlwaysInlinerPass(/*InsertLifetimeIntrinsics=*/false));
  llvm::FunctionPassManager Scopes;
  Scopes.addPass(WorkItemScopeDeclsPass());
  Scopes.addPass(ContextLoadsPass());
  if (!OptDisable)
    Scopes.addPass(FixedLocalSizePass());
  MPM.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(Scopes)));
  // Loops over work-items that read or write images run in a copy per format combination the
  // library decodes inline, where the format tests fold (then they vectorize); the tests left
  // read the images' descriptors.
  llvm::FunctionPassManager Images;
  if (!OptDisable)
    Images.addPass(llvm::LoopSimplifyPass());
  Images.addPass(ImageFormatsPass(/*Copies=*/!OptDisable));
  MPM.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(Images)));
  MPM.addPass(PrivateFramePass());
  if (!OptDisable)
    MPM.addPass(SubGroupDispatchPass());
}

void registerPipelineCallbacks(llvm::PassBuilder &PB) {
  // Before LLVM's full unrolling, then where its vectorizers start.
  PB.registerLateLoopOptimizationsEPCallback(
      [](llvm::LoopPassManager &LPM, llvm::OptimizationLevel Level) {
        if (Level != llvm::OptimizationLevel::O0) {
          LPM.addPass(KeepWorkItemLoopsPass());
          LPM.addPass(KeepVectorLoopsForJamPass());
          LPM.addPass(KeepTransposeNestsPass());
          LPM.addPass(UnrollInWorkItemsPass());
        }
      });
  PB.registerVectorizerStartEPCallback(
      [](llvm::FunctionPassManager &FPM, llvm::OptimizationLevel Level) {
        if (Level != llvm::OptimizationLevel::O0) {
          FPM.addPass(ReleaseWorkItemLoopsPass());
          FPM.addPass(SubGroupLoopsPass());
          FPM.addPass(CheckRowsPass());
          FPM.addPass(CheckWidthsPass());
          FPM.addPass(PlanCopyChainsPass());
          FPM.addPass(TransposeNestsPass());
          FPM.addPass(CombineAtomicsPass());
          FPM.addPass(StripWorkItemsPass());
          FPM.addPass(JamWorkItemLoopsPass());
          FPM.addPass(SignExtendedIndicesPass());
          FPM.addPass(SplitWorkItemRangesPass());
          FPM.addPass(VectorFormsForcePass());
        }
      });
  PB.registerPipelineStartEPCallback(
      [](llvm::ModulePassManager &MPM, llvm::OptimizationLevel Level) {
        if (Level != llvm::OptimizationLevel::O0)
          MPM.addPass(VectorFormsPrunePass());
      });
  PB.registerOptimizerLastEPCallback(
      [](llvm::ModulePassManager &MPM, llvm::OptimizationLevel Level) {
        // Last, after the loop passes (see the pass's header), at every level.
        MPM.addPass(llvm::createModuleToFunctionPassAdaptor(LocalAtomicsPass()));
        // Bounds checks weft-check-rows did not lower (-O0 runs no vectorizer start).
        MPM.addPass(llvm::createModuleToFunctionPassAdaptor(CheckRowsPass(/*Versions=*/false)));
        MPM.addPass(ReleaseCopyPlanesPass());
        if (Level != llvm::OptimizationLevel::O0) {
          MPM.addPass(llvm::createModuleToFunctionPassAdaptor(SubGroupLanesPass()));
          MPM.addPass(SubGroupResolvePass());
          MPM.addPass(VectorFormsInlinePass());
          MPM.addPass(llvm::AlwaysInlinerPass(/*InsertLifetimeIntrinsics=*/false));
          MPM.addPass(llvm::GlobalDCEPass());
        }
        // After every InstCombine, which would narrow its float operations back to half.
        MPM.addPass(llvm::createModuleToFunctionPassAdaptor(HalfMinMaxPass()));
      });
}

} // namespace weft::compiler
