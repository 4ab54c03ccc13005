// The `opt -passes=` names of Weft's passes, for the pipeline text in tests and WEFT_DEBUG dumps.
#include "compiler/passes/Passes.h"

#include <llvm/Passes/PassBuilder.h>

namespace weft::compiler {

void registerWeftPasses(llvm::PassBuilder &PB) {
  registerPipelineCallbacks(PB);
  PB.registerPipelineParsingCallback(
      [](llvm::StringRef Name, llvm::ModulePassManager &MPM, llvm::ArrayRef<llvm::PassBuilder::PipelineElement>) {
        if (Name == "weft-normalize")
          MPM.addPass(NormalizePass());
        else if (Name == "weft-work-items")
          MPM.addPass(WorkItemFunctionsPass());
        else if (Name == "weft-check-bounds")
          MPM.addPass(CheckBoundsPass());
        else if (Name == "weft-local-memory")
          MPM.addPass(LocalMemoryPass());
        else if (Name == "weft-kernel-entry")
          MPM.addPass(KernelEntryPass());
        else if (Name == "weft-vector-forms")
          MPM.addPass(VectorFormsPass());
        else if (Name == "weft-vector-forms-prune")
          MPM.addPass(VectorFormsPrunePass());
        else if (Name == "weft-vector-forms-inline")
          MPM.addPass(VectorFormsInlinePass());
        else if (Name == "weft-release-copy-planes")
          MPM.addPass(ReleaseCopyPlanesPass());
        else if (Name == "weft-private-frame")
          MPM.addPass(PrivateFramePass());
        else if (Name == "weft-sub-group-keep")
          MPM.addPass(SubGroupKeepPass());
        else if (Name == "weft-sub-group-vectors")
          MPM.addPass(SubGroupVectorsPass());
        else if (Name == "weft-sub-group-dispatch")
          MPM.addPass(SubGroupDispatchPass());
        else if (Name == "weft-sub-group-resolve")
          MPM.addPass(SubGroupResolvePass());
        else if (Name == "weft-pipeline")
          addWeftPasses(MPM, false);
        else if (Name == "weft-pipeline-O0")
          addWeftPasses(MPM, true);
        else
          return false;
        return true;
      });
  PB.registerPipelineParsingCallback(
      [](llvm::StringRef Name, llvm::FunctionPassManager &FPM, llvm::ArrayRef<llvm::PassBuilder::PipelineElement>) {
        if (Name == "weft-safe-division")
          FPM.addPass(SafeDivisionPass());
        else if (Name == "weft-half-min-max")
          FPM.addPass(HalfMinMaxPass());
        else if (Name == "weft-check-rows")
          FPM.addPass(CheckRowsPass());
        else if (Name == "weft-check-widths")
          FPM.addPass(CheckWidthsPass());
        else if (Name == "weft-work-item-scope-decls")
          FPM.addPass(WorkItemScopeDeclsPass());
        else if (Name == "weft-context-loads")
          FPM.addPass(ContextLoadsPass());
        else if (Name == "weft-fixed-local-size")
          FPM.addPass(FixedLocalSizePass());
        else if (Name == "weft-barriers")
          FPM.addPass(BarriersPass());
        else if (Name == "weft-address-space-scopes")
          FPM.addPass(AddressSpaceScopesPass());
        else if (Name == "weft-group-stride-loops")
          FPM.addPass(GroupStrideLoopsPass());
        else if (Name == "weft-strip-work-items")
          FPM.addPass(StripWorkItemsPass());
        else if (Name == "weft-sub-group-loops")
          FPM.addPass(SubGroupLoopsPass());
        else if (Name == "weft-release-work-item-loops")
          FPM.addPass(ReleaseWorkItemLoopsPass());
        else if (Name == "weft-sub-group-lanes")
          FPM.addPass(SubGroupLanesPass());
        else if (Name == "weft-interchange-work-items")
          FPM.addPass(InterchangeWorkItemsPass());
        else if (Name == "weft-jam-work-items")
          FPM.addPass(JamWorkItemLoopsPass());
        else if (Name == "weft-plan-copy-chains")
          FPM.addPass(PlanCopyChainsPass());
        else if (Name == "weft-transpose-nests")
          FPM.addPass(TransposeNestsPass());
        else if (Name == "weft-sign-extended-indices")
          FPM.addPass(SignExtendedIndicesPass());
        else if (Name == "weft-split-work-item-ranges")
          FPM.addPass(SplitWorkItemRangesPass());
        else if (Name == "weft-vector-forms-force")
          FPM.addPass(VectorFormsForcePass());
        else if (Name == "weft-combine-atomics")
          FPM.addPass(CombineAtomicsPass());
        else if (Name == "weft-local-atomics")
          FPM.addPass(LocalAtomicsPass());
        else if (Name == "weft-image-formats")
          FPM.addPass(ImageFormatsPass());
        else if (Name == "weft-image-formats-O0")
          FPM.addPass(ImageFormatsPass(/*Copies=*/false));
        else
          return false;
        return true;
      });
  PB.registerPipelineParsingCallback(
      [](llvm::StringRef Name, llvm::LoopPassManager &LPM, llvm::ArrayRef<llvm::PassBuilder::PipelineElement>) {
        if (Name == "weft-keep-vector-loops")
          LPM.addPass(KeepVectorLoopsForJamPass());
        else if (Name == "weft-keep-work-item-loops")
          LPM.addPass(KeepWorkItemLoopsPass());
        else if (Name == "weft-keep-transpose-nests")
          LPM.addPass(KeepTransposeNestsPass());
        else if (Name == "weft-unroll-in-work-items")
          LPM.addPass(UnrollInWorkItemsPass());
        else
          return false;
        return true;
      });
}

} // namespace weft::compiler
