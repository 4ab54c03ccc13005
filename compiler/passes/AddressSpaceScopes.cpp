// weft-address-space-scopes: see Passes.h.
//
// Nothing tells LLVM that OpenCL's global and local memory never overlap, and its loop vectorizer
// gives up on a loop that reads global memory and writes local memory (or the reverse): the
// accesses may alias as far as it knows, and it cannot compare pointers of two address spaces in
// a runtime check ("cannot identify array bounds"). In Weft the two never overlap: local memory
// is the work-group's own block, global and constant memory are the buffers. Scoped no-alias
// metadata says so: accesses through global or constant pointers are in one scope and declared
// not to alias the other, accesses through local pointers likewise.
#include "compiler/passes/Common.h"
#include "compiler/passes/Passes.h"

#include <llvm/IR/InstIterator.h>
#include <llvm/IR/MDBuilder.h>

namespace weft::compiler {

llvm::PreservedAnalyses AddressSpaceScopesPass::run(llvm::Function &F,
                                                    llvm::FunctionAnalysisManager &) {
  if (F.isDeclaration())
    return llvm::PreservedAnalyses::all();
  llvm::LLVMContext &C = F.getContext();
  llvm::MDNode *Buffers = nullptr, *Local = nullptr;
  bool Changed = false;
  for (llvm::Instruction &I : llvm::instructions(F)) {
    const llvm::Value *Pointer = accessedPointer(I);
    if (!Pointer)
      continue;
    unsigned AS = Pointer->getType()->getPointerAddressSpace();
    bool IsBuffer = isBufferAddressSpace(AS);
    if (!IsBuffer && AS != LocalAddressSpace)
      continue;
    if (!Buffers) {
      llvm::MDBuilder MDB(C);
      llvm::MDNode *Domain = MDB.createAnonymousAliasScopeDomain("weft.address-spaces");
      Buffers = llvm::MDNode::get(C, {MDB.createAnonymousAliasScope(Domain, "global")});
      Local = llvm::MDNode::get(C, {MDB.createAnonymousAliasScope(Domain, "local")});
    }
    llvm::MDNode *Mine = IsBuffer ? Buffers : Local, *Other = IsBuffer ? Local : Buffers;
    I.setMetadata(
        llvm::LLVMContext::MD_alias_scope,
        llvm::MDNode::concatenate(I.getMetadata(llvm::LLVMContext::MD_alias_scope), Mine));
    I.setMetadata(llvm::LLVMContext::MD_noalias,
                  llvm::MDNode::concatenate(I.getMetadata(llvm::LLVMContext::MD_noalias), Other));
    Changed = true;
  }
  return Changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

} // namespace weft::compiler
