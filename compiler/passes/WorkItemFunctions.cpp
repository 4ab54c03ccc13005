// weft-work-items: see Passes.h.
#include "compiler/passes/Common.h"
#include "compiler/passes/Passes.h"

#include "contracts/WorkGroupAbi.h"

#include <llvm/ADT/STLExtras.h>
#include <llvm/Analysis/InstructionSimplify.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/Cloning.h>

#include <cstddef>
#include <cstring>
#include <iterator>

namespace weft::compiler {
namespace {

using Query = WorkItemQuery;

/// Emits one work-item's queries: loads from the work-group context and the three local ids.
class WorkItemValues {
public:
  WorkItemValues(llvm::IRBuilder<> &B, llvm::Value *Ctx, llvm::Value *const *LocalId)
      : B(B), Ctx(Ctx), LocalId(LocalId) {}

  llvm::Value *field(size_t Offset, unsigned Dim) {
    return loadContextField(B, Ctx, Offset + 8 * Dim, B.getInt64Ty());
  }

  /// A size (global, local, enqueued local, the number of groups): at least 1, and below 2^63,
  /// which lets ScalarEvolution count the trips of a loop stepping by one.
  llvm::Value *size(size_t Offset, unsigned Dim) {
    llvm::LoadInst *Load = loadContextField(B, Ctx, Offset + 8 * Dim, B.getInt64Ty());
    llvm::Type *I64 = B.getInt64Ty();
    Load->setMetadata(
        llvm::LLVMContext::MD_range,
        llvm::MDNode::get(
            B.getContext(),
            {llvm::ConstantAsMetadata::get(llvm::ConstantInt::get(I64, 1)),
             llvm::ConstantAsMetadata::get(llvm::ConstantInt::get(I64, uint64_t(1) << 63))}));
    return Load;
  }

  /// The value of Q in dimension Dim (0, 1 or 2).
  llvm::Value *inDim(Query Q, unsigned Dim) {
    using abi::WorkGroupContext;
    switch (Q) {
    case Query::LocalId:
      return LocalId[Dim];
    case Query::GlobalId: {
      // group * enqueued local size + local id + offset (IRBuilder calls in sequence, so that the
      // instructions come in a fixed order).
      llvm::Value *Group = field(offsetof(WorkGroupContext, GroupId), Dim);
      llvm::Value *Enqueued = field(offsetof(WorkGroupContext, EnqueuedLocalSize), Dim);
      llvm::Value *Start = B.CreateMul(Group, Enqueued);
      llvm::Value *Id = B.CreateAdd(Start, LocalId[Dim]);
      return B.CreateAdd(Id, field(offsetof(WorkGroupContext, GlobalOffset), Dim));
    }
    case Query::GlobalSize:
      return size(offsetof(WorkGroupContext, GlobalSize), Dim);
    case Query::LocalSize:
      return size(offsetof(WorkGroupContext, LocalSize), Dim);
    case Query::EnqueuedLocalSize:
      return size(offsetof(WorkGroupContext, EnqueuedLocalSize), Dim);
    case Query::NumGroups:
      return size(offsetof(WorkGroupContext, NumGroups), Dim);
    case Query::GroupId:
      return field(offsetof(WorkGroupContext, GroupId), Dim);
    case Query::GlobalOffset:
      return field(offsetof(WorkGroupContext, GlobalOffset), Dim);
    default:
      return nullptr;
    }
  }

  /// Q for a dimension index that may not be constant: out of range, sizes are 1 and ids 0.
  llvm::Value *query(Query Q, llvm::Value *DimArg) {
    bool IsSize = Q == Query::GlobalSize || Q == Query::LocalSize ||
                  Q == Query::EnqueuedLocalSize || Q == Query::NumGroups;
    if (auto *C = llvm::dyn_cast<llvm::ConstantInt>(DimArg))
      return C->getZExtValue() < 3 ? inDim(Q, unsigned(C->getZExtValue())) : B.getInt64(IsSize);
    llvm::Value *Result = B.getInt64(IsSize ? 1 : 0);
    for (int Dim = 2; Dim >= 0; --Dim)
      Result = B.CreateSelect(B.CreateICmpEQ(DimArg, B.getInt32(Dim)), inDim(Q, Dim), Result);
    return Result;
  }

  llvm::Value *linear(Query Q) {
    using abi::WorkGroupContext;
    if (Q == Query::LocalLinearId) {
      // (z * Ly + y) * Lx + x
      llvm::Value *L0 = field(offsetof(WorkGroupContext, LocalSize), 0);
      llvm::Value *L1 = field(offsetof(WorkGroupContext, LocalSize), 1);
      llvm::Value *Plane = B.CreateMul(LocalId[2], L1);
      llvm::Value *Row = B.CreateMul(B.CreateAdd(Plane, LocalId[1]), L0);
      return B.CreateAdd(Row, LocalId[0]);
    }
    // ((gz - oz) * Gy + (gy - oy)) * Gx + (gx - ox)
    llvm::Value *Rel[3];
    for (unsigned D = 0; D < 3; ++D) {
      llvm::Value *Id = inDim(Query::GlobalId, D);
      Rel[D] = B.CreateSub(Id, field(offsetof(WorkGroupContext, GlobalOffset), D));
    }
    llvm::Value *G0 = field(offsetof(WorkGroupContext, GlobalSize), 0);
    llvm::Value *G1 = field(offsetof(WorkGroupContext, GlobalSize), 1);
    llvm::Value *Plane = B.CreateMul(Rel[2], G1);
    llvm::Value *Row = B.CreateMul(B.CreateAdd(Plane, Rel[1]), G0);
    return B.CreateAdd(Row, Rel[0]);
  }

  llvm::Value *workDim() {
    return loadContextField(B, Ctx, offsetof(abi::WorkGroupContext, WorkDim), B.getInt32Ty());
  }

private:
  llvm::IRBuilder<> &B;
  llvm::Value *Ctx;
  llvm::Value *const *LocalId;
};

/// `__weft_rt_<name>(args)` (the built-in library's calls into the device's runtime) becomes
/// `Ctx->Runtime-><Name>(Ctx, args)`; `__weft_copy_names()` the load of Ctx->CopyNames,
/// `__weft_event_or_name(event, name)` event when it is not null, else the integer name as an
/// event_t, and `__weft_first_work_item()` whether all local ids are 0. The events, and the
/// first-work-item test that guards each once-per-work-group runtime call, are tagged
/// weft.uniform: the events are the same in every work-item, and the guarded blocks hold only
/// the void runtime call, so no value differs between the work-items that take them and the
/// others (weft-barriers may then keep an event that merely passes such a block in the
/// work-group's slot).
///
/// `__weft_check_extent(arg)` becomes the load of Ctx->ArgExtents[arg], `__weft_check_slots()`
/// the load of Ctx->CheckSlots, `__weft_check_shadow()` of Ctx->LocalShadow, `__weft_check_writers()`,
/// `__weft_check_readers()` and `__weft_check_round()` of Ctx->LocalWriters, LocalReaders and CheckRound,
/// `__weft_check_local_memory()` of Ctx->LocalMemory (as an integer), `__weft_check_copy_state()` the copy state in them (and the
/// function gets attr::ChecksCopies), a `__weft_check_here()` left 0;
/// `__weft_sub_group_memory()` becomes the load of Ctx->SubGroups, `__weft_max_sub_group_size()`
/// the kernel's sub-group size (attr::SubGroupSize), `__weft_sub_group_all_active()` whether the
/// call runs for every work-item of the group (the resume id without abi::SomeWorkItems).
/// Folds F's instructions that simplify (InstSimplify's folds) and its branches on constants, and
/// removes the blocks no path reaches then, to a fixed point: one fold may make another's operands
/// constant, and a PHI keeps a value from a dead block until the block is gone.
void simplifyAll(llvm::Function &F) {
  const llvm::DataLayout &DL = F.getParent()->getDataLayout();
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (llvm::BasicBlock &BB : F) {
      for (llvm::Instruction &I : llvm::make_early_inc_range(BB)) {
        if (I.use_empty())
          continue;
        // (In a block a folded branch left unreachable, an instruction may simplify to itself.)
        if (llvm::Value *V = llvm::simplifyInstruction(&I, llvm::SimplifyQuery(DL)); V && V != &I) {
          I.replaceAllUsesWith(V);
          if (llvm::isInstructionTriviallyDead(&I))
            I.eraseFromParent();
          Changed = true;
        }
      }
      Changed |= llvm::ConstantFoldTerminator(&BB, /*DeleteDeadConditions=*/true);
    }
    Changed |= llvm::removeUnreachableBlocks(F);
  }
}

void lowerRuntimeCalls(llvm::Function &Item, llvm::Value *Ctx, llvm::Value *const *LocalId,
                       uint64_t SubGroupSize) {
  bool Constants = false; // whether a call became a constant
  using abi::WorkGroupContext;
  auto IsRuntime = [](llvm::StringRef Name) {
    return Name.startswith("__weft_rt_") || Name == "__weft_copy_names" ||
           Name == "__weft_event_or_name" || Name == "__weft_first_work_item" || Name == "printf" ||
           Name == "__weft_sub_group_memory" || Name == "__weft_max_sub_group_size" ||
           Name == "__weft_sub_group_all_active" || Name == "__weft_check_extent" ||
           Name == "__weft_check_slots" || Name == "__weft_check_copy_state" || Name == "__weft_check_here" ||
           Name == "__weft_check_shadow" || Name == "__weft_check_local_memory" || Name == "__weft_check_writers" ||
           Name == "__weft_check_readers" || Name == "__weft_check_round";
  };
  auto Uniform = [](llvm::Value *V) {
    if (auto *I = llvm::dyn_cast<llvm::Instruction>(V))
      I->setMetadata(attr::Uniform, llvm::MDNode::get(I->getContext(), {}));
  };
  for (llvm::CallInst *Call : callsTo(Item, IsRuntime)) {
    llvm::IRBuilder<> B(Call);
    llvm::StringRef Name = Call->getCalledFunction()->getName();
    llvm::Value *Result;
    if (Name == "__weft_sub_group_memory") {
      // A plain load: the work-group function writes the field when it starts.
      Result = B.CreateAlignedLoad(
          Call->getType(), B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Ctx, offsetof(WorkGroupContext, SubGroups)),
          llvm::Align(8), "sub_groups");
    } else if (Name == "__weft_sub_group_all_active") {
      // The resume id's sign bit: set when weft-kernel-entry runs only some work-items
      // (abi::SomeWorkItems); true without barriers (then every work-item runs each time).
      llvm::Function *F = Call->getFunction();
      llvm::Value *Resume = F->getArg(F->arg_size() - 1);
      llvm::Value *All = B.getTrue();
      if (Resume->getType()->isIntegerTy(32))
        All = B.CreateICmpSGE(Resume, B.getInt32(0), "all_active");
      Result = B.CreateZExt(All, Call->getType());
    } else if (Name == "__weft_check_extent") {
      // Ctx->ArgExtents[arg] (weft-check-bounds' calls).
      // Invariant: the executor fills them before the work-group starts.
      llvm::LoadInst *Extents = loadContextField(B, Ctx, offsetof(WorkGroupContext, ArgExtents), B.getPtrTy(), "extents");
      // One per argument of the kernel, so at least up to this one: LICM may then take the
      // extent's load out of a loop even from a block the loop runs only for some work-items.
      if (auto *Arg = llvm::dyn_cast<llvm::ConstantInt>(Call->getArgOperand(0)))
        Extents->setMetadata(llvm::LLVMContext::MD_dereferenceable,
                             llvm::MDNode::get(B.getContext(), llvm::ConstantAsMetadata::get(
                                                                   B.getInt64(8 * (Arg->getZExtValue() + 1)))));
      llvm::LoadInst *Extent = B.CreateAlignedLoad(
          B.getInt64Ty(), B.CreateGEP(B.getInt64Ty(), Extents, Call->getArgOperand(0)), llvm::Align(8), "extent");
      Extent->setMetadata(llvm::LLVMContext::MD_invariant_load, llvm::MDNode::get(B.getContext(), {}));
      Result = Extent;
    } else if (Name == "__weft_check_shadow") {
      Result = loadContextField(B, Ctx, offsetof(WorkGroupContext, LocalShadow), Call->getType(), "check.shadow");
    } else if (Name == "__weft_check_writers") {
      Result = loadContextField(B, Ctx, offsetof(WorkGroupContext, LocalWriters), Call->getType(), "check.writers");
    } else if (Name == "__weft_check_readers") {
      Result = loadContextField(B, Ctx, offsetof(WorkGroupContext, LocalReaders), Call->getType(), "check.readers");
    } else if (Name == "__weft_check_round") {
      // Not invariant: the work-group function starts a round after each barrier. Volatile, so
      // that no load of it becomes a value one work-item hands the next through the loops over
      // work-items (GVN would make it one, which the loops' copies of weft-check-rows cannot
      // carry out of the loop: they expect each work-item's values to stay its own).
      Result = B.CreateAlignedLoad(Call->getType(),
                                   B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Ctx, offsetof(WorkGroupContext, CheckRound)),
                                   llvm::Align(4), /*isVolatile=*/true, "check.round");
    } else if (Name == "__weft_check_local_memory") {
      Result = loadContextField(B, Ctx, offsetof(WorkGroupContext, LocalMemory), Call->getType(), "local.memory");
    } else if (Name == "__weft_check_slots") {
      Result = loadContextField(B, Ctx, offsetof(WorkGroupContext, CheckSlots), Call->getType(), "check.slots");
    } else if (Name == "__weft_check_copy_state") {
      // The copy state in the check slots (abi::CheckSite::CopyState), which weft-kernel-entry
      // compares across the work-items.
      llvm::Value *Slots = loadContextField(B, Ctx, offsetof(WorkGroupContext, CheckSlots), B.getPtrTy(), "check.slots");
      llvm::Value *Items = B.getInt64(abi::CheckSite::CopyState);
      for (unsigned D = 0; D < 3; ++D)
        Items = B.CreateMul(Items, loadContextField(B, Ctx, offsetof(WorkGroupContext, EnqueuedLocalSize) + 8 * D,
                                                    B.getInt64Ty()));
      Result = B.CreateGEP(B.getInt64Ty(), Slots, Items, "check.copies");
      Call->getFunction()->addFnAttr(attr::ChecksCopies);
    } else if (Name == "__weft_check_here") {
      // Left where weft-check-bounds did not run (a copy check folded away at -O0's pace).
      Result = llvm::ConstantInt::get(Call->getType(), 0);
    } else if (Name == "__weft_max_sub_group_size") {
      Result = llvm::ConstantInt::get(Call->getType(), SubGroupSize);
    } else if (Name == "__weft_copy_names") {
      Result = loadContextField(B, Ctx, offsetof(WorkGroupContext, CopyNames), Call->getType(), "copy_names");
      if (auto *Load = llvm::dyn_cast<llvm::Instruction>(Result))
        Load->setMetadata(attr::CopyNames, llvm::MDNode::get(Load->getContext(), {}));
    } else if (Name == "__weft_event_or_name") {
      llvm::Value *Event = Call->getArgOperand(0);
      llvm::Value *Named = B.CreateIntToPtr(Call->getArgOperand(1), Call->getType());
      Result = B.CreateSelect(B.CreateIsNull(Event), Named, Event, "event");
      Uniform(Result);
    } else if (Name == "__weft_first_work_item") {
      llvm::Value *Any = B.CreateOr(B.CreateOr(LocalId[0], LocalId[1]), LocalId[2]);
      Result = B.CreateIsNull(Any, "first.work.item");
      Uniform(Result);
      if (auto *Test = llvm::dyn_cast<llvm::Instruction>(Result))
        Test->setMetadata(attr::FirstWorkItem, llvm::MDNode::get(Test->getContext(), {}));
    } else {
      const auto *Entry = llvm::find(abi::RuntimeFunctionNames, Name);
      if (Entry == std::end(abi::RuntimeFunctionNames))
        continue; // not ours (a kernel may declare anything): the build reports it undefined
      llvm::Value *Table = loadContextField(B, Ctx, offsetof(WorkGroupContext, Runtime), B.getPtrTy(), "runtime");
      llvm::Value *Function = loadContextField(
          B, Table, (Entry - std::begin(abi::RuntimeFunctionNames)) * sizeof(void *), B.getPtrTy(),
          Name.startswith("__weft_rt_") ? Name.drop_front(strlen("__weft_rt_")) : Name);
      // The callee's fixed parameters after Ctx; a variadic one (printf) keeps its variadic
      // arguments, and their attributes (byval vectors), as they are.
      llvm::FunctionType *Callee = Call->getFunctionType();
      std::vector<llvm::Type *> Params = {B.getPtrTy()};
      Params.insert(Params.end(), Callee->param_begin(), Callee->param_end());
      std::vector<llvm::Value *> Args = {Ctx};
      for (unsigned I = 0; I < Call->arg_size(); ++I) {
        llvm::Value *A = Call->getArgOperand(I);
        // Variadic scalar floats go as doubles, C's default promotion, which Clang applies to
        // OpenCL C's printf but a SPIR-V module's OpExtInst printf does not (CTS
        // test_spirv_new extinst_printf_operands_scalar_fp32 printed 0.0 for 2.0).
        if (I >= Callee->getNumParams() && (A->getType()->isFloatTy() || A->getType()->isHalfTy()))
          A = B.CreateFPExt(A, B.getDoubleTy());
        Args.push_back(A);
      }
      llvm::CallInst *New =
          B.CreateCall(llvm::FunctionType::get(Call->getType(), Params, Callee->isVarArg()), Function, Args);
      // Argument attributes move one place right, behind Ctx.
      llvm::AttributeList Old = Call->getAttributes();
      for (unsigned I = 0; I < Call->arg_size(); ++I)
        for (llvm::Attribute A : Old.getParamAttrs(I))
          New->addParamAttr(I + 1, A);
      Result = New;
    }
    Constants = Constants || llvm::isa<llvm::Constant>(Result);
    Call->replaceAllUsesWith(Result);
    Call->eraseFromParent();
  }
  // A constant (the sub-group size) folds through its users now: weft-barriers, next, would
  // otherwise find the remainders, selects and PHIs of it not yet simplified, keep them across
  // barriers in a slot per work-item, and leave divisions by the reloaded values.
  if (Constants)
    simplifyAll(Item);
}

llvm::Function *makeWorkItemFunction(llvm::Function &K) {
  llvm::Module &M = *K.getParent();
  llvm::LLVMContext &C = M.getContext();
  llvm::Type *I32 = llvm::Type::getInt32Ty(C), *I64 = llvm::Type::getInt64Ty(C);
  const bool HasBarriers = !callsTo(K, isBarrier).empty();

  std::vector<llvm::Type *> Params(K.getFunctionType()->param_begin(), K.getFunctionType()->param_end());
  Params.insert(Params.end(), {llvm::PointerType::get(C, 0), I64, I64, I64});
  if (HasBarriers)
    Params.push_back(I32);
  auto *Type = llvm::FunctionType::get(HasBarriers ? I32 : llvm::Type::getVoidTy(C), Params, false);
  auto *Item = llvm::Function::Create(Type, llvm::GlobalValue::InternalLinkage,
                                      K.getName() + ".workitem", M);
  llvm::ValueToValueMapTy VMap;
  auto NewArg = Item->arg_begin();
  for (llvm::Argument &A : K.args()) {
    NewArg->setName(A.getName());
    VMap[&A] = &*NewArg++;
  }
  llvm::SmallVector<llvm::ReturnInst *, 4> Returns;
  llvm::CloneFunctionInto(Item, &K, VMap, llvm::CloneFunctionChangeType::LocalChangesOnly, Returns);
  Item->setCallingConv(llvm::CallingConv::C);
  Item->setLinkage(llvm::GlobalValue::InternalLinkage); // after cloning, which copies the kernel's
  Item->removeFnAttr(llvm::Attribute::Convergent);
  Item->removeFnAttr(llvm::Attribute::NoInline);
  Item->removeFnAttr(llvm::Attribute::OptimizeNone);
  Item->addFnAttr(llvm::Attribute::AlwaysInline);
  Item->addFnAttr(attr::WorkItemOf, K.getName());
  const char *Names[] = {"ctx", "x", "y", "z", "resume"};
  for (unsigned I = 0; I < Params.size() - K.arg_size(); ++I)
    Item->getArg(K.arg_size() + I)->setName(Names[I]);
  if (HasBarriers)
    for (llvm::ReturnInst *Ret : Returns) {
      llvm::ReturnInst::Create(C, llvm::ConstantInt::get(I32, Finished), Ret);
      Ret->eraseFromParent();
    }

  llvm::Value *Ctx = contextArgument(*Item);
  llvm::Value *LocalId[3] = {localIdArgument(*Item, 0), localIdArgument(*Item, 1),
                             localIdArgument(*Item, 2)};
  for (llvm::CallInst *Call : callsTo(*Item, isFence))
    Call->eraseFromParent();
  std::vector<llvm::CallInst *> Queries = callsTo(
      *Item, [](llvm::StringRef Name) { return workItemQueryOf(Name) != Query::Unknown; });
  for (llvm::CallInst *Call : Queries) {
    llvm::IRBuilder<> B(Call);
    WorkItemValues V(B, Ctx, LocalId);
    Query Q = workItemQueryOf(Call->getCalledFunction()->getName());
    llvm::Value *Result = Q == Query::WorkDim ? V.workDim()
                          : Q == Query::GlobalLinearId || Q == Query::LocalLinearId
                              ? V.linear(Q)
                              : V.query(Q, Call->getArgOperand(0));
    if (llvm::isa<llvm::Instruction>(Result) && !Result->hasName())
      Result->takeName(Call);
    Call->replaceAllUsesWith(Result);
    Call->eraseFromParent();
  }
  uint64_t SubGroupSize = intAttribute(K, attr::SubGroupSize);
  lowerRuntimeCalls(*Item, Ctx, LocalId, SubGroupSize ? SubGroupSize : 8);
  return Item;
}

} // namespace

llvm::PreservedAnalyses WorkItemFunctionsPass::run(llvm::Module &M, llvm::ModuleAnalysisManager &) {
  std::vector<llvm::Function *> Kernels;
  for (llvm::Function &F : M)
    if (!F.isDeclaration() && F.getCallingConv() == llvm::CallingConv::SPIR_KERNEL)
      Kernels.push_back(&F);
  for (llvm::Function *K : Kernels)
    makeWorkItemFunction(*K);
  return Kernels.empty() ? llvm::PreservedAnalyses::all() : llvm::PreservedAnalyses::none();
}

} // namespace weft::compiler
