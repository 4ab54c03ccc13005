// Work-group functions for kernels without barriers: the one-region case of the work-item loop
// transformation (research/exec-model.md §4, steps 10-11). Barriers need the CBS split, not done yet.
#include "compiler/WorkGroupFunction.h"

#include <llvm/ADT/StringSwitch.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/ReplaceConstant.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/Local.h>

#include <cstddef>

namespace weft::compiler {
namespace {

constexpr unsigned LocalAddressSpace = 3;

enum class Query { GlobalId, GlobalSize, LocalId, LocalSize, EnqueuedLocalSize, NumGroups,
                   GroupId, GlobalOffset, WorkDim, GlobalLinearId, LocalLinearId, Unknown };

Query queryOf(llvm::StringRef Name) {
  return llvm::StringSwitch<Query>(Name)
      .Case("_Z13get_global_idj", Query::GlobalId)
      .Case("_Z15get_global_sizej", Query::GlobalSize)
      .Case("_Z12get_local_idj", Query::LocalId)
      .Case("_Z14get_local_sizej", Query::LocalSize)
      .Case("_Z23get_enqueued_local_sizej", Query::EnqueuedLocalSize)
      .Case("_Z14get_num_groupsj", Query::NumGroups)
      .Case("_Z12get_group_idj", Query::GroupId)
      .Case("_Z17get_global_offsetj", Query::GlobalOffset)
      .Case("_Z12get_work_dimv", Query::WorkDim)
      .Case("_Z20get_global_linear_idv", Query::GlobalLinearId)
      .Case("_Z19get_local_linear_idv", Query::LocalLinearId)
      .Default(Query::Unknown);
}

bool isBarrier(llvm::StringRef Name) {
  return Name == "_Z7barrierj" || Name.startswith("_Z18work_group_barrier");
}

/// mem_fence and friends order one work-item's memory accesses as seen by others; a work-group
/// runs on one thread, and the work-item loops never interleave two work-items' accesses between
/// barriers, so they have nothing left to do.
bool isFence(llvm::StringRef Name) {
  return Name == "_Z9mem_fencej" || Name == "_Z14read_mem_fencej" ||
         Name == "_Z15write_mem_fencej";
}

std::vector<llvm::CallInst *> callsTo(llvm::Function &F, bool (*Which)(llvm::StringRef)) {
  std::vector<llvm::CallInst *> Calls;
  for (llvm::Instruction &I : llvm::instructions(F))
    if (auto *Call = llvm::dyn_cast<llvm::CallInst>(&I))
      if (llvm::Function *Callee = Call->getCalledFunction(); Callee && Which(Callee->getName()))
        Calls.push_back(Call);
  return Calls;
}

/// The id a resumable work-item function returns when the work-item has finished the kernel.
constexpr int32_t Finished = -1;

/// Makes a work-item function with barriers resumable (continuation-based synchronization):
/// it takes the id of the barrier to resume after (0: the kernel's start) and returns the id of
/// the next barrier it reaches (or Finished). Every value used outside its block and every
/// private variable moves to the work-group's private memory, one slot per work-item, so it
/// survives between the calls. Returns the private bytes each work-item needs.
uint64_t makeResumable(llvm::Function &Item, llvm::Value *Ctx, llvm::Value *const *LocalId,
                       llvm::Value *Resume) {
  llvm::LLVMContext &C = Item.getContext();
  const llvm::DataLayout &DL = Item.getParent()->getDataLayout();

  // Each barrier alone in its block, between the code before it and the code after it.
  std::vector<std::pair<llvm::BasicBlock *, llvm::BasicBlock *>> Barriers; // (barrier, resume)
  for (llvm::CallInst *Call : callsTo(Item, isBarrier)) {
    llvm::BasicBlock *Barrier = Call->getParent()->splitBasicBlock(Call, "barrier");
    llvm::BasicBlock *After = Barrier->splitBasicBlock(Call->getNextNode(), "resume");
    Barriers.push_back({Barrier, After});
  }

  // Values that cross blocks go through memory, so that any block can be a resume point.
  std::vector<llvm::PHINode *> Phis;
  for (llvm::BasicBlock &BB : Item)
    for (llvm::PHINode &Phi : BB.phis())
      Phis.push_back(&Phi);
  for (llvm::PHINode *Phi : Phis)
    llvm::DemotePHIToStack(Phi);
  std::vector<llvm::Instruction *> Crossing;
  for (llvm::Instruction &I : llvm::instructions(Item))
    if (!llvm::isa<llvm::AllocaInst>(I) && I.isUsedOutsideOfBlock(I.getParent()))
      Crossing.push_back(&I);
  for (llvm::Instruction *I : Crossing)
    llvm::DemoteRegToStack(*I);

  // Private variables (and the slots just made) become per-work-item arrays in private memory,
  // laid out structure-of-arrays so consecutive work-items are contiguous.
  llvm::BasicBlock *OldEntry = &Item.getEntryBlock();
  auto *Entry = llvm::BasicBlock::Create(C, "resume.dispatch", &Item, OldEntry);
  llvm::IRBuilder<> B(Entry);
  using abi::WorkGroupContext;
  auto Field = [&](size_t Offset, unsigned Dim) {
    return B.CreateLoad(B.getInt64Ty(),
                        B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Ctx, Offset + 8 * Dim));
  };
  llvm::Value *Size0 = Field(offsetof(WorkGroupContext, LocalSize), 0);
  llvm::Value *Size1 = Field(offsetof(WorkGroupContext, LocalSize), 1);
  llvm::Value *Size2 = Field(offsetof(WorkGroupContext, LocalSize), 2);
  llvm::Value *Items = B.CreateMul(B.CreateMul(Size0, Size1), Size2);
  llvm::Value *Linear =
      B.CreateAdd(B.CreateMul(B.CreateAdd(B.CreateMul(LocalId[2], Size1), LocalId[1]), Size0),
                  LocalId[0]);
  llvm::Value *Arena = B.CreateLoad(
      B.getPtrTy(), B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Ctx,
                                                 offsetof(WorkGroupContext, PrivateMemory)));
  std::vector<llvm::AllocaInst *> Allocas;
  for (llvm::Instruction &I : llvm::instructions(Item))
    if (auto *A = llvm::dyn_cast<llvm::AllocaInst>(&I))
      Allocas.push_back(A);
  uint64_t PerItem = 0;
  for (llvm::AllocaInst *A : Allocas) {
    uint64_t Align = std::max<uint64_t>(A->getAlign().value(), 8);
    uint64_t Size = DL.getTypeAllocSize(A->getAllocatedType()) *
                    llvm::cast<llvm::ConstantInt>(A->getArraySize())->getZExtValue();
    uint64_t Stride = (Size + Align - 1) / Align * Align;
    PerItem = (PerItem + Align - 1) / Align * Align;
    llvm::Value *Offset = B.CreateAdd(B.CreateMul(B.getInt64(PerItem), Items),
                                      B.CreateMul(Linear, B.getInt64(Stride)));
    llvm::Value *Slot = B.CreateInBoundsGEP(B.getInt8Ty(), Arena, Offset, A->getName());
    for (llvm::User *U : llvm::make_early_inc_range(A->users()))
      if (auto *II = llvm::dyn_cast<llvm::IntrinsicInst>(U); II && II->isLifetimeStartOrEnd())
        II->eraseFromParent();
    A->replaceAllUsesWith(B.CreateAddrSpaceCast(Slot, A->getType()));
    A->eraseFromParent();
    PerItem += Stride;
  }

  // Resume where the previous call stopped.
  llvm::SwitchInst *Dispatch = B.CreateSwitch(Resume, OldEntry, unsigned(Barriers.size()));
  for (size_t I = 0; I < Barriers.size(); ++I) {
    auto [Barrier, After] = Barriers[I];
    int32_t Id = int32_t(I + 1);
    Dispatch->addCase(B.getInt32(Id), After);
    Barrier->getTerminator()->eraseFromParent();
    Barrier->front().eraseFromParent(); // the barrier call
    llvm::ReturnInst::Create(C, B.getInt32(Id), Barrier);
  }
  for (llvm::BasicBlock &BB : Item)
    if (auto *Ret = llvm::dyn_cast<llvm::ReturnInst>(BB.getTerminator());
        Ret && !Ret->getReturnValue()) {
      llvm::ReturnInst::Create(C, B.getInt32(Finished), &BB);
      Ret->eraseFromParent();
    }
  return (PerItem + 63) / 64 * 64;
}

/// Per-work-item code: loads from the context and the three local ids.
class WorkItemValues {
public:
  WorkItemValues(llvm::IRBuilder<> &B, llvm::Value *Ctx, llvm::Value *const *LocalId)
      : B(B), Ctx(Ctx), LocalId(LocalId) {}

  llvm::Value *field(size_t Offset, unsigned Dim) {
    llvm::Value *P = B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Ctx, Offset + 8 * Dim);
    return B.CreateLoad(B.getInt64Ty(), P);
  }

  /// The value of Q in dimension Dim (0, 1 or 2).
  llvm::Value *inDim(Query Q, unsigned Dim) {
    using abi::WorkGroupContext;
    switch (Q) {
    case Query::LocalId:
      return LocalId[Dim];
    case Query::GlobalId:
      return B.CreateAdd(B.CreateAdd(B.CreateMul(field(offsetof(WorkGroupContext, GroupId), Dim),
                                                 field(offsetof(WorkGroupContext, EnqueuedLocalSize), Dim)),
                                     LocalId[Dim]),
                         field(offsetof(WorkGroupContext, GlobalOffset), Dim));
    case Query::GlobalSize:
      return field(offsetof(WorkGroupContext, GlobalSize), Dim);
    case Query::LocalSize:
      return field(offsetof(WorkGroupContext, LocalSize), Dim);
    case Query::EnqueuedLocalSize:
      return field(offsetof(WorkGroupContext, EnqueuedLocalSize), Dim);
    case Query::NumGroups:
      return field(offsetof(WorkGroupContext, NumGroups), Dim);
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
    llvm::Value *Result = B.getInt64(IsSize ? 1 : 0);
    for (int Dim = 2; Dim >= 0; --Dim)
      Result = B.CreateSelect(B.CreateICmpEQ(DimArg, B.getInt32(Dim)), inDim(Q, Dim), Result);
    return Result;
  }

  llvm::Value *linear(Query Q) {
    using abi::WorkGroupContext;
    if (Q == Query::LocalLinearId) {
      llvm::Value *L0 = field(offsetof(WorkGroupContext, LocalSize), 0);
      llvm::Value *L1 = field(offsetof(WorkGroupContext, LocalSize), 1);
      return B.CreateAdd(B.CreateMul(B.CreateAdd(B.CreateMul(LocalId[2], L1), LocalId[1]), L0),
                         LocalId[0]);
    }
    // ((gz - oz) * Gy + (gy - oy)) * Gx + (gx - ox)
    auto Rel = [&](unsigned D) {
      return B.CreateSub(inDim(Query::GlobalId, D), field(offsetof(WorkGroupContext, GlobalOffset), D));
    };
    llvm::Value *G0 = field(offsetof(WorkGroupContext, GlobalSize), 0);
    llvm::Value *G1 = field(offsetof(WorkGroupContext, GlobalSize), 1);
    return B.CreateAdd(B.CreateMul(B.CreateAdd(B.CreateMul(Rel(2), G1), Rel(1)), G0), Rel(0));
  }

private:
  llvm::IRBuilder<> &B;
  llvm::Value *Ctx;
  llvm::Value *const *LocalId;
};

/// The addrspace(3) globals (kernel-scope __local variables) and their offsets.
std::vector<std::pair<llvm::GlobalVariable *, uint64_t>> localVariables(llvm::Module &M) {
  std::vector<std::pair<llvm::GlobalVariable *, uint64_t>> Vars;
  for (llvm::GlobalVariable &G : M.globals())
    if (llvm::MDNode *N = G.getMetadata("weft.local.offset"))
      if (auto *Offset = llvm::mdconst::extract_or_null<llvm::ConstantInt>(N->getOperand(0)))
        Vars.emplace_back(&G, Offset->getZExtValue());
  return Vars;
}

} // namespace

void sanitizeDivisions(llvm::Function &F) {
  std::vector<llvm::BinaryOperator *> Divisions;
  for (llvm::Instruction &I : llvm::instructions(F))
    if (auto *Op = llvm::dyn_cast<llvm::BinaryOperator>(&I))
      switch (Op->getOpcode()) {
      case llvm::Instruction::SDiv:
      case llvm::Instruction::SRem:
      case llvm::Instruction::UDiv:
      case llvm::Instruction::URem:
        Divisions.push_back(Op);
        break;
      default:
        break;
      }
  for (llvm::BinaryOperator *Op : Divisions) {
    llvm::IRBuilder<> B(Op);
    llvm::Value *Divisor = Op->getOperand(1);
    llvm::Type *T = Divisor->getType();
    llvm::Value *One = llvm::ConstantInt::get(T, 1);
    llvm::Value *Bad = B.CreateICmpEQ(Divisor, llvm::Constant::getNullValue(T));
    if (Op->getOpcode() == llvm::Instruction::SDiv || Op->getOpcode() == llvm::Instruction::SRem) {
      auto *Min = llvm::ConstantInt::get(
          T, llvm::APInt::getSignedMinValue(T->getScalarSizeInBits()));
      llvm::Value *Overflow = B.CreateAnd(B.CreateICmpEQ(Op->getOperand(0), Min),
                                          B.CreateICmpEQ(Divisor, llvm::Constant::getAllOnesValue(T)));
      Bad = B.CreateOr(Bad, Overflow);
    }
    Op->setOperand(1, B.CreateSelect(Bad, One, Divisor));
  }
}

uint64_t layoutLocalVariables(llvm::Module &M) {
  const llvm::DataLayout &DL = M.getDataLayout();
  uint64_t Offset = 0;
  for (llvm::GlobalVariable &G : M.globals()) {
    if (G.getAddressSpace() != LocalAddressSpace)
      continue;
    uint64_t Align = std::max<uint64_t>(G.getAlign().valueOrOne().value(), 16);
    Offset = (Offset + Align - 1) / Align * Align;
    llvm::LLVMContext &C = M.getContext();
    G.setMetadata("weft.local.offset",
                  llvm::MDNode::get(C, llvm::ConstantAsMetadata::get(
                                           llvm::ConstantInt::get(llvm::Type::getInt64Ty(C), Offset))));
    Offset += DL.getTypeAllocSize(G.getValueType());
  }
  return (Offset + 63) / 64 * 64;
}

bool buildWorkGroupFunction(llvm::Function &K, KernelLayout &Layout, std::string &Error) {
  llvm::Module &M = *K.getParent();
  llvm::LLVMContext &C = M.getContext();
  const llvm::DataLayout &DL = M.getDataLayout();
  llvm::Type *I64 = llvm::Type::getInt64Ty(C);
  llvm::Type *Ptr = llvm::PointerType::get(C, 0);

  for (llvm::CallInst *Call : callsTo(K, isFence))
    Call->eraseFromParent();
  sanitizeDivisions(K);
  const bool HasBarriers = !callsTo(K, isBarrier).empty();
  llvm::Type *I32 = llvm::Type::getInt32Ty(C);

  // The per-work-item function: K with (ctx, x, y, z) appended, and with barriers a resume id
  // too (it then returns the next barrier's id).
  std::vector<llvm::Type *> Params(K.getFunctionType()->param_begin(),
                                   K.getFunctionType()->param_end());
  Params.insert(Params.end(), {Ptr, I64, I64, I64});
  if (HasBarriers)
    Params.push_back(I32);
  auto *ItemType = llvm::FunctionType::get(HasBarriers ? I32 : llvm::Type::getVoidTy(C), Params,
                                           false);
  auto *Item = llvm::Function::Create(ItemType, llvm::GlobalValue::InternalLinkage,
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
  Item->removeFnAttr(llvm::Attribute::Convergent);
  Item->removeFnAttr(llvm::Attribute::NoInline);
  Item->removeFnAttr(llvm::Attribute::OptimizeNone);
  Item->addFnAttr(llvm::Attribute::AlwaysInline);
  llvm::Value *Ctx = Item->getArg(K.arg_size());
  llvm::Value *LocalId[3] = {Item->getArg(K.arg_size() + 1), Item->getArg(K.arg_size() + 2),
                             Item->getArg(K.arg_size() + 3)};

  // Work-item queries.
  std::vector<llvm::CallInst *> Queries;
  for (llvm::Instruction &I : llvm::instructions(*Item))
    if (auto *Call = llvm::dyn_cast<llvm::CallInst>(&I))
      if (llvm::Function *F = Call->getCalledFunction(); F && queryOf(F->getName()) != Query::Unknown)
        Queries.push_back(Call);
  for (llvm::CallInst *Call : Queries) {
    llvm::IRBuilder<> B(Call);
    WorkItemValues V(B, Ctx, LocalId);
    Query Q = queryOf(Call->getCalledFunction()->getName());
    llvm::Value *Result;
    if (Q == Query::WorkDim)
      Result = B.CreateLoad(B.getInt32Ty(), B.CreateConstInBoundsGEP1_64(
                                                B.getInt8Ty(), Ctx, offsetof(abi::WorkGroupContext, WorkDim)));
    else if (Q == Query::GlobalLinearId || Q == Query::LocalLinearId)
      Result = V.linear(Q);
    else
      Result = V.query(Q, Call->getArgOperand(0));
    Call->replaceAllUsesWith(Result);
    Call->eraseFromParent();
  }

  // Kernel-scope __local variables: at their offsets in the work-group's local memory.
  auto Locals = localVariables(M);
  if (!Locals.empty()) {
    for (llvm::Instruction &I : llvm::instructions(*Item))
      for (llvm::Use &U : I.operands())
        if (auto *CE = llvm::dyn_cast<llvm::ConstantExpr>(U.get()))
          llvm::convertConstantExprsToInstructions(&I, CE);
    llvm::IRBuilder<> B(&*Item->getEntryBlock().getFirstInsertionPt());
    llvm::Value *Base = B.CreateLoad(
        Ptr, B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Ctx, offsetof(abi::WorkGroupContext, LocalMemory)));
    for (auto &[G, Offset] : Locals) {
      llvm::Value *At = B.CreateAddrSpaceCast(B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Base, Offset),
                                              G->getType());
      G->replaceUsesWithIf(At, [&](llvm::Use &U) {
        auto *I = llvm::dyn_cast<llvm::Instruction>(U.getUser());
        return I && I->getFunction() == Item;
      });
    }
  }

  if (HasBarriers)
    Layout.PrivateBytesPerWorkItem = makeResumable(*Item, Ctx, LocalId, Item->getArg(K.arg_size() + 4));

  // Between two barriers, every memory access of a work-item is independent of the other
  // work-items': the x loop is parallel, which lets LLVM vectorize across work-items.
  llvm::MDNode *Group = llvm::MDNode::getDistinct(C, {});
  for (llvm::Instruction &I : llvm::instructions(*Item))
    if (I.mayReadOrWriteMemory() && !I.isAtomic())
      I.setMetadata(llvm::LLVMContext::MD_access_group, Group);

  // The work-group function: unpack arguments, loop over z, y, x.
  auto *WgType = llvm::FunctionType::get(llvm::Type::getVoidTy(C), {Ptr, Ptr}, false);
  auto *Wg = llvm::Function::Create(WgType, llvm::GlobalValue::ExternalLinkage,
                                    abi::WorkGroupPrefix + K.getName(), M);
  // The kernel's function attributes (target CPU and features, fast-math flags), none of its
  // parameter attributes; the argument buffer and the context alias nothing the kernel touches.
  Wg->setAttributes(llvm::AttributeList::get(C, K.getAttributes().getFnAttrs(), {}, {}));
  Wg->removeFnAttr(llvm::Attribute::Convergent);
  Wg->removeFnAttr(llvm::Attribute::NoInline);
  Wg->removeFnAttr(llvm::Attribute::OptimizeNone);
  Wg->addParamAttr(0, llvm::Attribute::NoAlias);
  Wg->addParamAttr(1, llvm::Attribute::NoAlias);
  llvm::Value *Args = Wg->getArg(0), *WgCtx = Wg->getArg(1);
  auto *Entry = llvm::BasicBlock::Create(C, "entry", Wg);
  llvm::IRBuilder<> B(Entry);
  std::vector<llvm::Value *> CallArgs;
  uint32_t Offset = 0;
  for (llvm::Argument &A : K.args()) {
    llvm::Type *T = A.getType();
    llvm::Type *Stored = A.hasByValAttr() ? A.getParamByValType() : T;
    uint32_t Size = uint32_t(DL.getTypeAllocSize(Stored));
    uint32_t Align = uint32_t(std::max<uint64_t>(8, DL.getABITypeAlign(Stored).value()));
    Offset = (Offset + Align - 1) / Align * Align;
    Layout.Args.push_back({Offset, A.hasByValAttr() ? Size : uint32_t(DL.getTypeStoreSize(T))});
    llvm::Value *Slot = B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Args, Offset);
    CallArgs.push_back(A.hasByValAttr() ? Slot : B.CreateLoad(T, Slot));
    Offset += Size;
  }
  Layout.ArgBufferSize = (Offset + 63) / 64 * 64;
  CallArgs.push_back(WgCtx);

  llvm::Value *Size[3];
  for (unsigned D = 0; D < 3; ++D)
    Size[D] = B.CreateLoad(I64, B.CreateConstInBoundsGEP1_64(
                                    B.getInt8Ty(), WgCtx, offsetof(abi::WorkGroupContext, LocalSize) + 8 * D));
  // With barriers: run every work-item up to the next barrier, then all of them again from
  // there, until they finish. The id is the same for every work-item (the spec requires all of
  // them to reach the same barriers); the last one's is kept.
  llvm::Value *NextSlot = nullptr;
  llvm::PHINode *ResumeId = nullptr;
  llvm::BasicBlock *Dispatch = Entry;
  if (HasBarriers) {
    NextSlot = B.CreateAlloca(I32);
    Dispatch = llvm::BasicBlock::Create(C, "dispatch", Wg);
    B.CreateBr(Dispatch);
    B.SetInsertPoint(Dispatch);
    ResumeId = B.CreatePHI(I32, 2, "resume");
    ResumeId->addIncoming(B.getInt32(0), Entry);
  }
  // for z, for y, for x: Item(args..., ctx, x, y, z). Sizes are at least 1.
  llvm::BasicBlock *Exit = llvm::BasicBlock::Create(C, "exit", Wg);
  llvm::PHINode *Index[3];
  llvm::BasicBlock *Header[3], *Latch[3];
  llvm::BasicBlock *Pred = Dispatch;
  for (int D = 2; D >= 0; --D) {
    Header[D] = llvm::BasicBlock::Create(C, "loop" + std::to_string(D), Wg);
    B.CreateBr(Header[D]);
    B.SetInsertPoint(Header[D]);
    Index[D] = B.CreatePHI(I64, 2, "wi" + std::to_string(D));
    Index[D]->addIncoming(B.getInt64(0), Pred);
    Pred = Header[D];
  }
  CallArgs.insert(CallArgs.end(), {Index[0], Index[1], Index[2]});
  if (HasBarriers) {
    CallArgs.push_back(ResumeId);
    llvm::StoreInst *Next = B.CreateStore(B.CreateCall(Item, CallArgs), NextSlot);
    Next->setMetadata(llvm::LLVMContext::MD_access_group, Group); // every work-item stores the same id
  } else {
    B.CreateCall(Item, CallArgs);
  }
  for (int D = 0; D < 3; ++D) {
    Latch[D] = B.GetInsertBlock();
    llvm::Value *Next = B.CreateAdd(Index[D], B.getInt64(1), "", true, true);
    Index[D]->addIncoming(Next, Latch[D]);
    llvm::BasicBlock *Continue = D < 2 ? llvm::BasicBlock::Create(C, "next" + std::to_string(D + 1), Wg) : Exit;
    auto *Br = B.CreateCondBr(B.CreateICmpULT(Next, Size[D]), Header[D], Continue);
    if (D == 0) {
      llvm::MDNode *Parallel = llvm::MDNode::get(
          C, {llvm::MDString::get(C, "llvm.loop.parallel_accesses"), Group});
      llvm::MDNode *Loop = llvm::MDNode::getDistinct(C, {nullptr, Parallel});
      Loop->replaceOperandWith(0, Loop);
      Br->setMetadata(llvm::LLVMContext::MD_loop, Loop);
    }
    if (D < 2)
      B.SetInsertPoint(Continue);
  }
  B.SetInsertPoint(Exit);
  if (HasBarriers) {
    llvm::Value *Next = B.CreateLoad(I32, NextSlot);
    llvm::BasicBlock *Done = llvm::BasicBlock::Create(C, "done", Wg);
    B.CreateCondBr(B.CreateICmpEQ(Next, B.getInt32(Finished)), Done, Dispatch);
    ResumeId->addIncoming(Next, Exit);
    B.SetInsertPoint(Done);
  }
  B.CreateRetVoid();
  return true;
}

} // namespace weft::compiler
