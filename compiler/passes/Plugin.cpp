// The WeftPasses plugin: `opt -load-pass-plugin=WeftPasses.so -passes=weft-barriers ...`, for the
// lit tests of each pass.
#include "compiler/passes/Passes.h"

#include <llvm/Passes/PassBuilder.h>
#include <llvm/Passes/PassPlugin.h>

extern "C" __attribute__((visibility("default"))) LLVM_ATTRIBUTE_WEAK ::llvm::PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "WeftPasses", "1", weft::compiler::registerWeftPasses};
}
