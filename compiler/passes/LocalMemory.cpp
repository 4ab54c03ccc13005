// weft-local-memory: see Passes.h.
#include "compiler/passes/Common.h"
#include "compiler/passes/Passes.h"

#include "contracts/WorkGroupAbi.h"

#include <llvm/ADT/SetVector.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/ReplaceConstant.h>

#include <cstddef>

namespace weft::compiler {
namespace {

bool isLocalVariable(const llvm::Value *V) {
  auto *G = llvm::dyn_cast<llvm::GlobalVariable>(V);
  return G && G->getAddressSpace() == LocalAddressSpace;
}

/// Whether C is, or is built from, a kernel-scope __local variable.
bool refersToLocalVariable(const llvm::Constant *C) {
  if (isLocalVariable(C))
    return true;
  auto *CE = llvm::dyn_cast<llvm::ConstantExpr>(C);
  if (!CE)
    return false;
  for (const llvm::Use &Op : CE->operands())
    if (refersToLocalVariable(llvm::cast<llvm::Constant>(Op.get())))
      return true;
  return false;
}

/// Places the __local variables Item uses in the work-group's local memory block.
void placeLocalVariables(llvm::Function &Item, llvm::Value *Ctx) {
  // Constant expressions built from __local variables become instructions, so that each use is
  // an instruction of this function. Converting an expression leaves the expressions nested in it
  // (a GEP of an addrspacecast of the variable, as generic pointers give) as operands of the new
  // instructions: repeat until none is left.
  for (;;) {
    std::vector<std::pair<llvm::Instruction *, llvm::ConstantExpr *>> Expressions;
    for (llvm::Instruction &I : llvm::instructions(Item))
      for (llvm::Use &U : I.operands())
        if (auto *CE = llvm::dyn_cast<llvm::ConstantExpr>(U.get()); CE && refersToLocalVariable(CE))
          Expressions.push_back({&I, CE});
    if (Expressions.empty())
      break;
    for (auto [I, CE] : Expressions)
      llvm::convertConstantExprsToInstructions(I, CE);
  }

  llvm::SetVector<llvm::GlobalVariable *> Used;
  for (llvm::Instruction &I : llvm::instructions(Item))
    for (llvm::Use &U : I.operands())
      if (isLocalVariable(U.get()))
        Used.insert(llvm::cast<llvm::GlobalVariable>(U.get()));
  if (Used.empty()) {
    setIntAttribute(Item, attr::LocalBytes, 0);
    return;
  }
  const llvm::DataLayout &DL = Item.getParent()->getDataLayout();
  llvm::IRBuilder<> B(&*Item.getEntryBlock().getFirstInsertionPt());
  llvm::Value *Base =
      loadContextField(B, Ctx, offsetof(abi::WorkGroupContext, LocalMemory), B.getPtrTy(), "local.memory");
  uint64_t Offset = 0;
  for (llvm::GlobalVariable *G : Used) {
    // 16 bytes at least, so that vector loads from local memory are aligned.
    uint64_t Align = std::max<uint64_t>({G->getAlign().valueOrOne().value(),
                                         DL.getABITypeAlign(G->getValueType()).value(), 16});
    Offset = alignTo(Offset, Align);
    llvm::Value *At = B.CreateAddrSpaceCast(
        B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Base, Offset), G->getType(), G->getName());
    G->replaceUsesWithIf(At, [&](llvm::Use &U) {
      auto *I = llvm::dyn_cast<llvm::Instruction>(U.getUser());
      return I && I->getFunction() == &Item;
    });
    Offset += DL.getTypeAllocSize(G->getValueType());
  }
  setIntAttribute(Item, attr::LocalBytes, alignTo(Offset, 64));
}

} // namespace

llvm::PreservedAnalyses LocalMemoryPass::run(llvm::Module &M, llvm::ModuleAnalysisManager &) {
  bool Changed = false;
  for (llvm::Function &F : M)
    if (!F.isDeclaration() && F.hasFnAttribute(attr::WorkItemOf)) {
      placeLocalVariables(F, contextArgument(F));
      Changed = true;
    }
  return Changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

} // namespace weft::compiler
