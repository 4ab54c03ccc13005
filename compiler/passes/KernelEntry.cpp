// weft-kernel-entry: see Passes.h. For a kernel `k` with a resumable work-item function:
//
//   void __weft_wg_k(const void *args, WorkGroupContext *ctx) {
//     <unpack args>;
//     int resume = 0;
//     do {
//       int next;
//       switch (resume) {                     // all work-items stopped at the same barrier
//       case R: for z, y, x: next = k.workitem(args..., ctx, x, y, z, R); break;  // per barrier R
//       }
//       resume = next;
//     } while (resume != -1);
//   }
//
// With the resume id constant in each loop nest, inlining leaves each x loop with only the code
// from barrier R to the next: a region loop, which vectorizes like a barrier-free kernel's.
#include "compiler/passes/Common.h"
#include "compiler/passes/Passes.h"
#include "compiler/passes/Uniformity.h"

#include "contracts/WorkGroupAbi.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/IntrinsicsX86.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/LoopUtils.h>

#include <algorithm>
#include <cstddef>
#include <functional>
#include <map>
#include <optional>

namespace weft::compiler {
namespace {

/// Whether I may touch a private variable (an alloca): after inlining into the work-item loop,
/// one alloca serves every iteration, so such accesses are not independent across work-items.
bool mayAccessStack(llvm::Instruction &I) {
  const llvm::Value *Ptr = llvm::getLoadStorePointerOperand(&I);
  if (!Ptr) // calls, memcpy and friends: assume so
    return true;
  llvm::SmallVector<const llvm::Value *, 4> Objects;
  llvm::getUnderlyingObjects(Ptr, Objects);
  for (const llvm::Value *Object : Objects)
    if (llvm::isa<llvm::AllocaInst>(Object) || llvm::isa<llvm::PHINode, llvm::SelectInst>(Object))
      return true;
  return false;
}

/// Checks in a work-group function's dispatch (abi::CheckSite), after each region's loops: that
/// the work-items stopped at the same barrier (barrier checks: a work-item function with
/// attr::BarrierLines) and made the same async copies and waits (copy checks: attr::ChecksCopies,
/// whose library code folds each work-item's into its entry of the copy state). Each region's x
/// loop stores each work-item's stop (its call's result) in the slots' scratch, 32-bit entries by
/// linear id: a plain store in the loop's access group, which leaves the loop nest's shape as it
/// was (no value carried through it). After the loops, a loop LLVM vectorizes ORs each entry's
/// difference from work-item 0's; where that is not 0, a scan finds the first work-item whose
/// entry differs, which records it (abi::CheckSite::BarrierSite with both stops' lines from
/// attr::BarrierLines, and the work-group ends there; or CopiesSite with both copies' places). The copy state starts over after each comparison.
class DispatchChecks {
public:
  DispatchChecks(llvm::IRBuilder<> &B, llvm::Value *Ctx, llvm::Value *const *Size, const llvm::Function &Item,
                 const std::string &Kernel)
      : Size(Size), Barriers(Item.hasFnAttribute(attr::BarrierLines)),
        Copies(Item.hasFnAttribute(attr::ChecksCopies)) {
    using abi::WorkGroupContext;
    llvm::Type *I64 = B.getInt64Ty();
    Slots = loadContextField(B, Ctx, offsetof(WorkGroupContext, CheckSlots), B.getPtrTy(), "check.slots");
    for (int D = 0; D < 3; ++D) {
      Enqueued[D] = loadContextField(B, Ctx, offsetof(WorkGroupContext, EnqueuedLocalSize) + 8 * D, I64);
      GroupId[D] = loadContextField(B, Ctx, offsetof(WorkGroupContext, GroupId) + 8 * D, I64);
      Groups[D] = loadContextField(B, Ctx, offsetof(WorkGroupContext, NumGroups) + 8 * D, I64);
    }
    EnqueuedItems = B.CreateMul(B.CreateMul(Enqueued[0], Enqueued[1]), Enqueued[2], "check.items");
    Scratch = B.CreateGEP(I64, Slots, B.CreateMul(EnqueuedItems, B.getInt64(4)), "check.barriers");
    CopyState = B.CreateGEP(I64, Slots, B.CreateMul(EnqueuedItems, B.getInt64(abi::CheckSite::CopyState)),
                            "check.copies");
    if (!Barriers)
      return;
    // Where each stop is, by number (the kernel's end 0, then each barrier by resume id): line << 32 | column.
    std::vector<llvm::Constant *> Table = {B.getInt64(0)};
    llvm::SmallVector<llvm::StringRef, 8> Each;
    Item.getFnAttribute(attr::BarrierLines).getValueAsString().split(Each, ',');
    for (llvm::StringRef At : Each) {
      auto [Line, Column] = At.split(':');
      uint64_t L = 0, C = 0;
      Line.getAsInteger(10, L);
      Column.getAsInteger(10, C);
      Table.push_back(B.getInt64(L << 32 | C));
    }
    auto *T = llvm::ArrayType::get(I64, Table.size());
    LineTable = new llvm::GlobalVariable(*B.GetInsertBlock()->getModule(), T, /*isConstant=*/true,
                                         llvm::GlobalValue::PrivateLinkage, llvm::ConstantArray::get(T, Table),
                                         "weft.barrier.lines." + Kernel);
  }

  /// After a work-item's call: its stop, by linear id in the group. Group: the x loop's access
  /// group (each work-item writes its own entry).
  void keep(llvm::IRBuilder<> &B, llvm::Value *Stop, llvm::Value *const *Id, llvm::MDNode *Group) {
    if (!Barriers)
      return;
    llvm::Value *Linear = B.CreateAdd(B.CreateMul(B.CreateAdd(B.CreateMul(Id[2], Size[1]), Id[1]), Size[0]), Id[0]);
    llvm::StoreInst *Kept = B.CreateStore(Stop, B.CreateGEP(B.getInt32Ty(), Scratch, Linear));
    Kept->setMetadata(llvm::LLVMContext::MD_access_group, Group);
  }

  /// After a region's loops: the comparisons; a difference in the stops records it and ends the
  /// work-group (NextSlot, null where there are no barriers).
  void compare(llvm::IRBuilder<> &B, llvm::Value *NextSlot) {
    llvm::Type *I64 = B.getInt64Ty();
    llvm::Value *Items = B.CreateMul(B.CreateMul(Size[0], Size[1]), Size[2]);
    if (Copies) {
      firstDifference(B, CopyState, I64, Items, [&](llvm::Value *I, llvm::Value *, llvm::Value *) {
        llvm::Value *Place = B.CreateLoad(I64, B.CreateGEP(I64, CopyState, B.CreateAdd(EnqueuedItems, I)));
        llvm::Value *First = B.CreateLoad(I64, B.CreateGEP(I64, CopyState, EnqueuedItems));
        record(B, I, packLine(B, B.getInt64(abi::CheckSite::CopiesSite), Place), First);
      });
      B.CreateMemSet(CopyState, B.getInt8(0), B.CreateMul(Items, B.getInt64(8)), llvm::Align(8));
    }
    if (!Barriers)
      return;
    firstDifference(B, Scratch, B.getInt32Ty(), Items, [&](llvm::Value *I, llvm::Value *Its, llvm::Value *First) {
      // A stop's number: the barrier's resume id (1 first), 0 for the kernel's end (Finished).
      auto Number = [&](llvm::Value *Stop) {
        llvm::Value *Wide = B.CreateSExt(Stop, I64);
        return B.CreateSelect(B.CreateICmpSLT(Wide, B.getInt64(0)), B.getInt64(0), Wide);
      };
      llvm::Value *Its1 = Number(Its), *First1 = Number(First);
      auto LineOf = [&](llvm::Value *Stop) {
        return B.CreateLoad(I64, B.CreateGEP(LineTable->getValueType(), LineTable, {B.getInt64(0), Stop}));
      };
      llvm::Value *Packed = B.getInt64(abi::CheckSite::BarrierSite);
      Packed = B.CreateOr(Packed, B.CreateShl(B.CreateAnd(Its1, B.getInt64(0x3fff)), 2));
      Packed = B.CreateOr(Packed, B.CreateShl(B.CreateAnd(First1, B.getInt64(0xffff)), 16));
      record(B, I, packLine(B, Packed, LineOf(Its1)), LineOf(First1));
      // The work-group ends: what its work-items would do next is undefined.
      B.CreateStore(B.getInt32(Finished), NextSlot);
    });
  }

private:
  /// Packed with the line and column of Place (line << 32 | column) in abi::CheckSite's fields.
  static llvm::Value *packLine(llvm::IRBuilder<> &B, llvm::Value *Packed, llvm::Value *Place) {
    Packed = B.CreateOr(Packed, B.CreateShl(B.CreateAnd(B.CreateLShr(Place, 32), B.getInt64(0xfffff)), 32));
    return B.CreateOr(Packed, B.CreateShl(B.CreateAnd(Place, B.getInt64(0x3ff)), 52));
  }

  /// Whether Values[0, Items) (of T, by linear id in the group) all equal Values[0]: a loop with no
  /// early exit, which LLVM vectorizes; where not, the first work-item I that differs, for
  /// Differs(I, its value, work-item 0's). Leaves B after both.
  void firstDifference(llvm::IRBuilder<> &B, llvm::Value *Values, llvm::Type *T, llvm::Value *Items,
                       const std::function<void(llvm::Value *, llvm::Value *, llvm::Value *)> &Differs) {
    llvm::LLVMContext &C = B.getContext();
    llvm::Function *F = B.GetInsertBlock()->getParent();
    llvm::Type *I64 = B.getInt64Ty();
    llvm::Value *First = B.CreateLoad(T, Values, "check.first");
    llvm::BasicBlock *Pre = B.GetInsertBlock();
    auto *Any = llvm::BasicBlock::Create(C, "check.any", F);
    auto *AnyEnd = llvm::BasicBlock::Create(C, "check.any.end", F);
    auto *Scan = llvm::BasicBlock::Create(C, "check.scan", F);
    auto *Body = llvm::BasicBlock::Create(C, "check.scan.body", F);
    auto *Found = llvm::BasicBlock::Create(C, "check.differs", F);
    auto *Same = llvm::BasicBlock::Create(C, "check.same", F);
    B.CreateBr(Any);
    B.SetInsertPoint(Any);
    llvm::PHINode *J = B.CreatePHI(I64, 2, "check.all");
    llvm::PHINode *Acc = B.CreatePHI(T, 2, "check.or");
    J->addIncoming(B.getInt64(0), Pre);
    Acc->addIncoming(llvm::ConstantInt::get(T, 0), Pre);
    llvm::Value *Or = B.CreateOr(Acc, B.CreateXor(B.CreateLoad(T, B.CreateGEP(T, Values, J)), First));
    llvm::Value *NextJ = B.CreateAdd(J, B.getInt64(1), "", /*HasNUW=*/true, /*HasNSW=*/true);
    J->addIncoming(NextJ, Any);
    Acc->addIncoming(Or, Any);
    B.CreateCondBr(B.CreateICmpULT(NextJ, Items), Any, AnyEnd);
    B.SetInsertPoint(AnyEnd);
    B.CreateCondBr(B.CreateICmpEQ(Or, llvm::ConstantInt::get(T, 0)), Same, Scan);
    B.SetInsertPoint(Scan);
    llvm::PHINode *I = B.CreatePHI(I64, 2, "check.item");
    I->addIncoming(B.getInt64(1), AnyEnd);
    B.CreateCondBr(B.CreateICmpULT(I, Items), Body, Same);
    B.SetInsertPoint(Body);
    llvm::Value *Its = B.CreateLoad(T, B.CreateGEP(T, Values, I));
    I->addIncoming(B.CreateAdd(I, B.getInt64(1)), Body);
    B.CreateCondBr(B.CreateICmpNE(Its, First), Found, Scan);
    B.SetInsertPoint(Found);
    Differs(I, Its, First);
    B.CreateBr(Same);
    B.SetInsertPoint(Same);
  }

  /// Work-item I (linear id in the group) failed: Site and Address go to its slots, by linear id
  /// in the enqueued size, with the group, unless they hold a failure already. Leaves B after.
  void record(llvm::IRBuilder<> &B, llvm::Value *I, llvm::Value *Site, llvm::Value *Address) {
    llvm::LLVMContext &C = B.getContext();
    llvm::Function *F = B.GetInsertBlock()->getParent();
    llvm::Type *I64 = B.getInt64Ty();
    llvm::Value *X = B.CreateURem(I, Size[0]);
    llvm::Value *Y = B.CreateURem(B.CreateUDiv(I, Size[0]), Size[1]);
    llvm::Value *Z = B.CreateUDiv(I, B.CreateMul(Size[0], Size[1]));
    llvm::Value *Linear = B.CreateAdd(B.CreateMul(B.CreateAdd(B.CreateMul(Z, Enqueued[1]), Y), Enqueued[0]), X);
    llvm::Value *At = B.CreateGEP(I64, Slots, Linear);
    auto *Record = llvm::BasicBlock::Create(C, "check.record", F);
    auto *Done = llvm::BasicBlock::Create(C, "check.recorded", F);
    B.CreateCondBr(B.CreateICmpEQ(B.CreateLoad(I64, At), B.getInt64(0)), Record, Done);
    B.SetInsertPoint(Record);
    B.CreateStore(Site, At);
    B.CreateStore(Address, B.CreateGEP(I64, Slots, B.CreateAdd(Linear, EnqueuedItems)));
    llvm::Value *Group = B.CreateAdd(B.CreateMul(B.CreateAdd(B.CreateMul(GroupId[2], Groups[1]), GroupId[1]), Groups[0]),
                                     GroupId[0]);
    B.CreateStore(Group, B.CreateGEP(I64, Slots, B.CreateAdd(Linear, B.CreateMul(EnqueuedItems, B.getInt64(2)))));
    B.CreateBr(Done);
    B.SetInsertPoint(Done);
  }

  llvm::Value *const *Size;
  const bool Barriers, Copies;
  llvm::Value *Slots, *Scratch, *CopyState, *EnqueuedItems, *Enqueued[3], *GroupId[3], *Groups[3];
  llvm::GlobalVariable *LineTable = nullptr;
};

/// Copy checks: each `__weft_check_differs(arguments...)` of the library's (builtins/src/async.cl)
/// becomes whether its operands may differ between work-items (Uniformity); where none may, the
/// work-item function's copies need no comparison (attr::ChecksCopies goes).
void foldUniformCopyChecks(llvm::Function &Item) {
  std::vector<llvm::CallInst *> Calls =
      callsTo(Item, [](llvm::StringRef Name) { return Name == "__weft_check_differs"; });
  if (Calls.empty())
    return;
  const Uniformity Uniform(Item, /*Divergent=*/false);
  bool Any = false;
  for (llvm::CallInst *Call : Calls) {
    bool Differs = false;
    for (llvm::Value *Arg : Call->args())
      Differs |= !Uniform.isUniform(*Arg);
    Any |= Differs;
    Call->replaceAllUsesWith(llvm::ConstantInt::getBool(Call->getContext(), Differs));
    Call->eraseFromParent();
  }
  if (!Any)
    Item.removeFnAttr(attr::ChecksCopies);
}

/// Emits `for z, for y, for x: Body(x, y, z)` at B (sizes are at least 1, so do-while loops),
/// counting up from 0: work-item 0 runs each region first, which the async copies of
/// builtins/src/async.cl rely on. The x loop is marked parallel over the accesses in Group.
/// With PeelFirstX, each row's work-item x == 0 runs on its own before a loop over the rest:
/// there its test x == 0 folds away, and with it the collapsed group-stride loop only x == 0
/// runs, so that the loop over the rest can vectorize. (Only then: peeling costs a power-of-two
/// trip count, and the x loop of a kernel whose work-items all do the same vectorizes without
/// it.) Leaves B after the loops and returns the x loop's exit block.
llvm::BasicBlock *emitWorkItemLoops(llvm::IRBuilder<> &B, llvm::Value *const *Size,
                                    llvm::MDNode *Group,
                                    const std::function<void(llvm::Value *const *)> &Body,
                                    const llvm::Twine &Name, bool PeelFirstX) {
  llvm::LLVMContext &C = B.getContext();
  llvm::Function *F = B.GetInsertBlock()->getParent();
  llvm::PHINode *Index[3];
  llvm::Value *Ids[3];
  const char *Axis[] = {"x", "y", "z"};
  auto open = [&](int D, llvm::Value *Start, llvm::BasicBlock *Header) {
    llvm::BasicBlock *Pred = B.GetInsertBlock();
    B.SetInsertPoint(Header);
    Index[D] = B.CreatePHI(B.getInt64Ty(), 2, Name + "." + Axis[D] + ".id");
    Index[D]->addIncoming(Start, Pred);
    Ids[D] = Index[D];
  };
  auto header = [&](int D) { return llvm::BasicBlock::Create(C, Name + "." + Axis[D], F); };
  auto close = [&](int D, llvm::BasicBlock *Exit) {
    llvm::BasicBlock *Latch = B.GetInsertBlock();
    llvm::Value *Next = B.CreateAdd(Index[D], B.getInt64(1), "", true, true);
    Index[D]->addIncoming(Next, Latch);
    auto *Br = B.CreateCondBr(B.CreateICmpULT(Next, Size[D]), Index[D]->getParent(), Exit);
    // The x loop runs the work-items in parallel. The rows and planes are loops around loops,
    // which LLVM's unroller would otherwise copy whole, eight times, for a trip count it does
    // not know: builds of collapsed grid-stride loops took twice as long, and a tiled sgemm with
    // 16 x 16 work-groups ran much slower.
    llvm::MDNode *Option = D == 0 ? loopOption(C, "llvm.loop.parallel_accesses", {Group})
                                  : loopOption(C, "llvm.loop.unroll.runtime.disable");
    llvm::SmallVector<llvm::MDNode *, 2> Options{Option};
    if (D == 0)
      Options.push_back(loopOption(C, attr::WorkItemLoop));
    Br->setMetadata(llvm::LLVMContext::MD_loop,
                    llvm::makePostTransformationMetadata(C, nullptr, {}, Options));
    B.SetInsertPoint(Exit);
  };
  auto exit = [&](int D) { return llvm::BasicBlock::Create(C, Name + "." + Axis[D] + ".end", F); };

  for (int D = 2; D >= 1; --D) {
    llvm::BasicBlock *Header = header(D);
    B.CreateBr(Header);
    open(D, B.getInt64(0), Header);
  }
  llvm::BasicBlock *XHeader = header(0), *XExit = nullptr;
  if (PeelFirstX) {
    Ids[0] = B.getInt64(0);
    Body(Ids);
    XExit = exit(0);
    B.CreateCondBr(B.CreateICmpULT(B.getInt64(1), Size[0]), XHeader, XExit);
    XHeader->moveAfter(B.GetInsertBlock());
    open(0, B.getInt64(1), XHeader);
  } else {
    B.CreateBr(XHeader);
    open(0, B.getInt64(0), XHeader);
  }
  Body(Ids);
  if (XExit)
    XExit->moveAfter(B.GetInsertBlock());
  else
    XExit = exit(0);
  close(0, XExit);
  for (int D = 1; D < 3; ++D)
    close(D, exit(D));
  return XExit;
}

/// How many instructions of Item inlining leaves in the loop nest of region R (the resume id a
/// constant): those of the blocks reachable from where the entry's dispatch sends R, up to the
/// barriers' blocks, which return. All of Item's without such a dispatch.
uint64_t regionInstructions(llvm::Function &Item, uint64_t R) {
  auto *Dispatch = llvm::dyn_cast<llvm::SwitchInst>(Item.getEntryBlock().getTerminator());
  if (!Dispatch || Dispatch->getCondition() != Item.getArg(Item.arg_size() - 1))
    return Item.getInstructionCount();
  auto Case = Dispatch->findCaseValue(llvm::ConstantInt::get(
      llvm::cast<llvm::IntegerType>(Dispatch->getCondition()->getType()), R));
  uint64_t Count = Item.getEntryBlock().size();
  for (const llvm::BasicBlock *BB :
       walkBlocks(Case->getCaseSuccessor(), [](const llvm::BasicBlock *BB, auto &Out) {
         Out.insert(Out.end(), llvm::succ_begin(BB), llvm::succ_end(BB));
       }))
    Count += BB->size();
  return Count;
}

/// Inlining Item into every region's loop nest copies, into each, the code from that region's
/// barrier to the next barrier on every path. Where barriers sit in branches or loops, a region
/// goes on past the barriers it can skip: with n of them in a row, each region holds the rest of
/// the kernel, n^2 / 2 regions' worth of code in all, and LLVM's optimisation and code generation
/// took seconds for a few dozen barriers in ifs (PoCL 3.1 takes minutes on such kernels). So
/// the regions are inlined smallest first, up to InlineBudget instructions in all (but at least
/// all of a kernel whose regions add up to less); the others' loops call Item, which goes to its
/// region through its dispatch switch (correct, but one call per work-item, so not vectorized).
/// Item keeps its own private variables then, on the worker's stack: with more than
/// PrivateFramePass::FrameStackBudget bytes of them every region is inlined.
constexpr uint64_t InlineBudget = 20000;

void inlineRegionsWithinBudget(llvm::Function &Item) {
  std::vector<std::pair<uint64_t, llvm::CallInst *>> Calls; // (instructions, call)
  uint64_t Total = 0;
  for (llvm::User *U : Item.users())
    if (auto *Call = llvm::dyn_cast<llvm::CallInst>(U)) {
      auto *R = llvm::cast<llvm::ConstantInt>(Call->getArgOperand(Call->arg_size() - 1));
      Calls.push_back({regionInstructions(Item, R->getZExtValue()), Call});
      Total += Calls.back().first;
    }
  const llvm::DataLayout &DL = Item.getParent()->getDataLayout();
  uint64_t StackBytes = 0;
  for (llvm::Instruction &I : Item.getEntryBlock())
    if (auto *A = llvm::dyn_cast<llvm::AllocaInst>(&I))
      if (llvm::Optional<llvm::TypeSize> Size = A->getAllocationSizeInBits(DL))
        StackBytes += Size->getFixedSize() / 8;
  if (Total <= InlineBudget || StackBytes > PrivateFramePass::FrameStackBudget)
    return; // the always-inliner inlines every call
  std::stable_sort(Calls.begin(), Calls.end(),
                   [](const auto &X, const auto &Y) { return X.first < Y.first; });
  Item.removeFnAttr(llvm::Attribute::AlwaysInline);
  Item.addFnAttr(llvm::Attribute::NoInline);
  uint64_t Inlined = 0;
  for (auto [Instructions, Call] : Calls) {
    if (Inlined + Instructions > InlineBudget)
      break;
    llvm::InlineFunctionInfo Info;
    if (llvm::InlineFunction(*Call, Info, nullptr, /*InsertLifetime=*/false).isSuccess())
      Inlined += Instructions;
  }
}

/// Whether K was built with -cl-denorms-are-zero: Clang marks it as flushing single-precision
/// denormals (Options.cpp passes -fdenormal-fp-math-f32=preserve-sign).
bool flushesDenormals(const llvm::Function &K) {
  return K.getFnAttribute("denormal-fp-math-f32").getValueAsString().startswith("preserve-sign");
}

/// Makes Wg run with MXCSR's flush-to-zero and denormals-are-zero bits set, as LLVM already
/// assumed when it folded the kernel's constants, and restores the caller's MXCSR on return.
/// Double-precision denormals flush too, which -cl-denorms-are-zero allows.
void runWithDenormalsFlushed(llvm::Function &Wg) {
  llvm::Module &M = *Wg.getParent();
  llvm::Function *Store = llvm::Intrinsic::getDeclaration(&M, llvm::Intrinsic::x86_sse_stmxcsr);
  llvm::Function *Load = llvm::Intrinsic::getDeclaration(&M, llvm::Intrinsic::x86_sse_ldmxcsr);
  llvm::IRBuilder<> B(&*Wg.getEntryBlock().getFirstInsertionPt());
  llvm::Value *Saved = B.CreateAlloca(B.getInt32Ty(), nullptr, "mxcsr.saved");
  llvm::Value *Flushing = B.CreateAlloca(B.getInt32Ty(), nullptr, "mxcsr.flushing");
  B.CreateCall(Store, {Saved});
  constexpr uint32_t FlushToZero = 0x8000, DenormalsAreZero = 0x40;
  B.CreateStore(B.CreateOr(B.CreateLoad(B.getInt32Ty(), Saved), FlushToZero | DenormalsAreZero),
                Flushing);
  B.CreateCall(Load, {Flushing});
  for (llvm::BasicBlock &BB : Wg)
    if (auto *Return = llvm::dyn_cast<llvm::ReturnInst>(BB.getTerminator())) {
      B.SetInsertPoint(Return);
      B.CreateCall(Load, {Saved});
    }
}

/// The work-group's SubGroupMemory, on the work-group function's stack, at Ctx->SubGroups.
llvm::Value *allocateSubGroupMemory(llvm::IRBuilder<> &B, llvm::Value *Ctx) {
  llvm::BasicBlock &Entry = B.GetInsertBlock()->getParent()->getEntryBlock();
  auto *Memory = new llvm::AllocaInst(llvm::ArrayType::get(B.getInt8Ty(), sizeof(abi::SubGroupMemory)), 0,
                                      nullptr, llvm::Align(64), "sub_groups", &Entry.front());
  B.CreateAlignedStore(Memory,
                       B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Ctx, offsetof(abi::WorkGroupContext, SubGroups)),
                       llvm::Align(8));
  return Memory;
}

/// The dispatch of a work-group function whose sub-groups exchange values (attr::SubGroupExchange):
/// its work-items may wait at different barriers (a sub-group's barrier in a branch other
/// sub-groups skip, or a non-uniform sub-group function that only some of a sub-group's
/// work-items call). Each work-item's next region is kept (Next, by local linear id); each round
/// runs, in local id order, the work-items waiting at the lowest-numbered barrier (weft-barriers
/// numbers them in program order), the ones SubGroupMemory::Active marks for the built-ins, until
/// every work-item has finished. Call(R, Ids) emits the call of the work-item function for
/// resume id R; Regions counts the regions (barriers + 1).
void emitExchangeDispatch(llvm::IRBuilder<> &B, llvm::Function &Wg, llvm::Value *Ctx,
                          llvm::Value *const *Size, uint64_t Regions,
                          const std::function<llvm::CallInst *(llvm::Value *, llvm::Value *const *)> &Call,
                          llvm::MDNode *Group, bool PeelFirstX) {
  llvm::LLVMContext &C = Wg.getContext();
  llvm::Type *I32 = B.getInt32Ty(), *I64 = B.getInt64Ty(), *I8 = B.getInt8Ty();
  llvm::BasicBlock *Entry = B.GetInsertBlock();
  auto *Next = new llvm::AllocaInst(llvm::ArrayType::get(I32, abi::MaxSubGroupKernelItems), 0, "next",
                                    &Entry->front());
  llvm::Value *Memory = allocateSubGroupMemory(B, Ctx);
  llvm::Value *Active =
      B.CreateConstInBoundsGEP1_64(I8, Memory, offsetof(abi::SubGroupMemory, Active), "active");
  llvm::Value *Items = B.CreateMul(B.CreateMul(Size[0], Size[1]), Size[2], "items");
  B.CreateMemSet(Next, B.getInt8(0), B.CreateShl(Items, 2), llvm::Align(4));
  // Rounds count from 1; no sub-group has computed results in any.
  llvm::Value *Round =
      B.CreateConstInBoundsGEP1_64(I8, Memory, offsetof(abi::SubGroupMemory, Round), "round");
  B.CreateStore(B.getInt32(0), Round);
  B.CreateMemSet(B.CreateConstInBoundsGEP1_64(I8, Memory, offsetof(abi::SubGroupMemory, Claimed)), B.getInt8(0),
                 sizeof(abi::SubGroupMemory::Claimed), llvm::Align(4));

  // A loop over the work-items' linear ids: Body(id) at B, which it leaves where the loop goes on.
  auto Linear = [&](const llvm::Twine &Name, const std::function<void(llvm::Value *)> &Body) {
    llvm::BasicBlock *Pred = B.GetInsertBlock();
    auto *Header = llvm::BasicBlock::Create(C, Name, &Wg);
    auto *Exit = llvm::BasicBlock::Create(C, Name + ".end", &Wg);
    B.CreateBr(Header);
    B.SetInsertPoint(Header);
    llvm::PHINode *I = B.CreatePHI(I64, 2, Name + ".i");
    I->addIncoming(B.getInt64(0), Pred);
    Body(I);
    llvm::Value *Step = B.CreateAdd(I, B.getInt64(1), "", true, true);
    I->addIncoming(Step, B.GetInsertBlock());
    B.CreateCondBr(B.CreateICmpULT(Step, Items), Header, Exit);
    B.SetInsertPoint(Exit);
  };
  auto *Dispatch = llvm::BasicBlock::Create(C, "dispatch", &Wg);
  auto *Done = llvm::BasicBlock::Create(C, "done", &Wg);
  B.CreateBr(Dispatch);
  B.SetInsertPoint(Dispatch);
  // The lowest and highest barriers the work-items wait at (Finished, -1, is the highest
  // unsigned).
  llvm::Value *Resume, *Highest;
  {
    auto *Header = llvm::BasicBlock::Create(C, "lowest", &Wg);
    auto *Exit = llvm::BasicBlock::Create(C, "lowest.end", &Wg);
    B.CreateBr(Header);
    B.SetInsertPoint(Header);
    llvm::PHINode *I = B.CreatePHI(I64, 2, "lowest.i");
    I->addIncoming(B.getInt64(0), Dispatch);
    llvm::PHINode *Low = B.CreatePHI(I32, 2, "lowest.so.far");
    Low->addIncoming(B.getInt32(Finished), Dispatch);
    llvm::PHINode *High = B.CreatePHI(I32, 2, "highest.so.far");
    High->addIncoming(B.getInt32(0), Dispatch);
    llvm::Value *N = B.CreateLoad(I32, B.CreateInBoundsGEP(I32, Next, I));
    llvm::Value *Min = B.CreateSelect(B.CreateICmpULT(N, Low), N, Low, "lowest.min");
    llvm::Value *Max = B.CreateSelect(B.CreateICmpUGT(N, High), N, High, "highest.max");
    llvm::Value *Step = B.CreateAdd(I, B.getInt64(1), "", true, true);
    I->addIncoming(Step, Header);
    Low->addIncoming(Min, Header);
    High->addIncoming(Max, Header);
    B.CreateCondBr(B.CreateICmpULT(Step, Items), Header, Exit);
    B.SetInsertPoint(Exit);
    Resume = Min;
    Highest = Max;
  }
  auto *Run = llvm::BasicBlock::Create(C, "run", &Wg);
  B.CreateCondBr(B.CreateICmpEQ(Resume, B.getInt32(Finished)), Done, Run);
  B.SetInsertPoint(Run);
  B.CreateStore(B.CreateAdd(B.CreateLoad(I32, Round), B.getInt32(1)), Round);
  // All at one barrier (the kernel's own barriers, and sub-group functions every work-item
  // calls): every work-item runs, in loops as a plain barrier's, and its calls say so (the
  // resume id without abi::SomeWorkItems: the built-ins then need no Active marks and no claim).
  // Otherwise only those marked run, their calls with abi::SomeWorkItems.
  auto *Together = llvm::BasicBlock::Create(C, "together", &Wg);
  auto *Apart = llvm::BasicBlock::Create(C, "apart", &Wg);
  B.CreateCondBr(B.CreateICmpEQ(Resume, Highest), Together, Apart);
  B.SetInsertPoint(Together);
  auto EmitRegions = [&](bool Guarded) {
    std::vector<llvm::BasicBlock *> Starts;
    const char *Kind = Guarded ? "apart" : "together";
    for (uint64_t R = 0; R < Regions; ++R)
      Starts.push_back(llvm::BasicBlock::Create(C, std::string(Kind) + ".region" + std::to_string(R), &Wg));
    llvm::SwitchInst *Switch = B.CreateSwitch(Resume, Starts[0], unsigned(Regions - 1));
    for (uint64_t R = 1; R < Regions; ++R)
      Switch->addCase(B.getInt32(int32_t(R)), Starts[R]);
    for (uint64_t R = 0; R < Regions; ++R) {
      B.SetInsertPoint(Starts[R]);
      auto Body = [&](llvm::Value *const *Id) {
        llvm::Value *Row = B.CreateAdd(B.CreateMul(Id[2], Size[1]), Id[1]);
        llvm::Value *Lin = B.CreateAdd(B.CreateMul(Row, Size[0]), Id[0], "linear");
        llvm::BasicBlock *After = nullptr;
        if (Guarded) {
          llvm::Value *Runs = B.CreateICmpNE(B.CreateLoad(I8, B.CreateInBoundsGEP(I8, Active, Lin)), B.getInt8(0));
          auto *Then = llvm::BasicBlock::Create(C, "runs", &Wg);
          After = llvm::BasicBlock::Create(C, "ran", &Wg);
          B.CreateCondBr(Runs, Then, After);
          B.SetInsertPoint(Then);
        }
        llvm::CallInst *Id32 =
            Call(B.getInt32(Guarded ? int32_t(uint32_t(R) | uint32_t(abi::SomeWorkItems)) : int32_t(R)), Id);
        B.CreateStore(Id32, B.CreateInBoundsGEP(I32, Next, Lin));
        if (Guarded) {
          B.CreateBr(After);
          B.SetInsertPoint(After);
        }
      };
      emitWorkItemLoops(B, Size, Group, Body, std::string(Kind) + ".region" + std::to_string(R), PeelFirstX);
      B.CreateBr(Dispatch);
    }
  };
  EmitRegions(false);
  B.SetInsertPoint(Apart);
  Linear("mark", [&](llvm::Value *I) {
    llvm::Value *N = B.CreateLoad(I32, B.CreateInBoundsGEP(I32, Next, I));
    B.CreateStore(B.CreateZExt(B.CreateICmpEQ(N, Resume), I8), B.CreateInBoundsGEP(I8, Active, I));
  });
  EmitRegions(true);
  Done->moveAfter(&Wg.back());
  B.SetInsertPoint(Done);
  B.CreateRetVoid();
}

/// Kernels with race checks (attr::TagsLocal): the next round of their tags of local memory
/// (WorkGroupContext::CheckRound, in its top 16 bits), when the work-group starts and after each
/// barrier. When the count wraps, every tag is zeroed (a memset of no bytes otherwise) and the
/// round is 1 again: a tag of round 0 is nobody's.
void startRound(llvm::IRBuilder<> &B, llvm::Value *Ctx) {
  using abi::WorkGroupContext;
  llvm::Value *At = B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Ctx, offsetof(WorkGroupContext, CheckRound));
  llvm::Value *Next = B.CreateAdd(B.CreateAlignedLoad(B.getInt32Ty(), At, llvm::Align(4)), B.getInt32(0x10000), "round");
  llvm::Value *Wrapped = B.CreateICmpEQ(Next, B.getInt32(0));
  llvm::Value *Bytes = B.CreateSelect(
      Wrapped, B.CreateShl(loadContextField(B, Ctx, offsetof(WorkGroupContext, LocalBytes), B.getInt64Ty()), 2),
      B.getInt64(0));
  for (size_t Field : {offsetof(WorkGroupContext, LocalWriters), offsetof(WorkGroupContext, LocalReaders)})
    B.CreateMemSet(loadContextField(B, Ctx, Field, B.getPtrTy()), B.getInt8(0), Bytes, llvm::Align(4));
  B.CreateAlignedStore(B.CreateSelect(Wrapped, B.getInt32(0x10000), Next), At, llvm::Align(4));
}

/// Whether, in a work-item function without barriers, only work-item 0 changes anything: every
/// instruction with an effect lies where only work-item 0 goes (firstWorkItemBlocks: the
/// library's once-per-work-group copies, waits and fences), but the
/// increments of a work-item's own copy counter (WorkGroupContext::CopyNames, which only it
/// reads) and accesses to its private variables. The other work-items' paths must also be work-
/// item 0's: every branch elsewhere on a uniform value, and no value work-item 0 computes in its
/// blocks flowing out of them (a PHI after them takes the same value from every side). Then the
/// others would run the same loops as work-item 0, which finished them, and do nothing in them:
/// a kernel made only of async copies need not loop over its work-items at all.
bool onlyFirstWorkItemActs(llvm::Function &Item) {
  const llvm::DenseSet<const llvm::BasicBlock *> Firsts =
      firstWorkItemBlocks(Item, llvm::DominatorTree(Item));
  if (Firsts.empty())
    return false;
  auto FirstOnly = [&](const llvm::BasicBlock *BB) { return Firsts.contains(BB); };
  const Uniformity Uniform(Item, /*Divergent=*/false);
  // The pointers a work-item alone sees: its private variables, and its copy counter.
  auto Own = [](const llvm::Value *Pointer) {
    const llvm::Value *Object = llvm::getUnderlyingObject(Pointer);
    auto *Load = llvm::dyn_cast<llvm::LoadInst>(Object);
    return llvm::isa<llvm::AllocaInst>(Object) || (Load && Load->getMetadata(attr::CopyNames));
  };
  for (llvm::BasicBlock &BB : Item) {
    if (FirstOnly(&BB))
      continue;
    for (llvm::Instruction &I : BB) {
      if (auto *Phi = llvm::dyn_cast<llvm::PHINode>(&I)) {
        if (llvm::any_of(Phi->blocks(), FirstOnly) && !llvm::is_splat(Phi->incoming_values()))
          return false;
      } else if (auto *Br = llvm::dyn_cast<llvm::BranchInst>(&I)) {
        if (Br->isConditional() && !onlyInFirstWorkItem(Br->getCondition()) &&
            !Uniform.isUniform(*Br->getCondition()))
          return false;
      } else if (llvm::isa<llvm::SwitchInst, llvm::IndirectBrInst, llvm::CallBrInst,
                           llvm::InvokeInst>(I)) {
        if (!llvm::isa<llvm::SwitchInst>(I) ||
            !Uniform.isUniform(*llvm::cast<llvm::SwitchInst>(I).getCondition()))
          return false;
      } else if (auto *Intrinsic = llvm::dyn_cast<llvm::IntrinsicInst>(&I);
                 Intrinsic &&
                 (Intrinsic->isAssumeLikeIntrinsic() || Intrinsic->isLifetimeStartOrEnd())) {
        continue;
      } else if (I.mayHaveSideEffects() || I.mayWriteToMemory()) {
        auto *Store = llvm::dyn_cast<llvm::StoreInst>(&I);
        if (!Store || Store->isVolatile() || Store->isAtomic() || !Own(Store->getPointerOperand()))
          return false;
      }
    }
  }
  return true;
}

/// Adds __weft_wg_<K>, which runs Item over a work-group.
llvm::Function &makeEntry(llvm::Function &K, llvm::Function &Item) {
  llvm::Module &M = *K.getParent();
  llvm::LLVMContext &C = M.getContext();
  const llvm::DataLayout &DL = M.getDataLayout();
  llvm::Type *I32 = llvm::Type::getInt32Ty(C), *Ptr = llvm::PointerType::get(C, 0);
  const bool Resumable = !Item.getReturnType()->isVoidTy();

  // Between two barriers, each work-item's memory accesses are independent of the others'
  // (a race between work-items without a barrier is undefined), except on private variables.
  llvm::MDNode *Group = llvm::MDNode::getDistinct(C, {});
  for (llvm::Instruction &I : llvm::instructions(Item))
    if (I.mayReadOrWriteMemory() && !I.isAtomic() && !mayAccessStack(I))
      I.setMetadata(llvm::LLVMContext::MD_access_group, Group);

  auto *Wg = llvm::Function::Create(llvm::FunctionType::get(llvm::Type::getVoidTy(C), {Ptr, Ptr}, false),
                                    llvm::GlobalValue::ExternalLinkage, abi::WorkGroupPrefix + K.getName(), M);
  // The kernel's function attributes (target CPU and features, fast-math flags), none of its
  // parameter attributes; the argument buffer and the context alias nothing the kernel touches.
  Wg->setAttributes(llvm::AttributeList::get(C, K.getAttributes().getFnAttrs(), {}, {}));
  Wg->removeFnAttr(llvm::Attribute::Convergent);
  Wg->removeFnAttr(llvm::Attribute::NoInline);
  Wg->removeFnAttr(llvm::Attribute::OptimizeNone);
  Wg->addParamAttr(0, llvm::Attribute::NoAlias);
  Wg->addParamAttr(1, llvm::Attribute::NoAlias);
  Wg->getArg(0)->setName("args");
  Wg->getArg(1)->setName("ctx");
  if (const llvm::MDNode *Reqd = K.getMetadata("reqd_work_group_size");
      Reqd && Reqd->getNumOperands() == 3) {
    std::string Sizes;
    for (const llvm::MDOperand &Op : Reqd->operands())
      if (auto *Size = llvm::mdconst::dyn_extract<llvm::ConstantInt>(Op))
        Sizes += (Sizes.empty() ? "" : ",") + std::to_string(Size->getZExtValue());
    Wg->addFnAttr(attr::FixedLocalSize, Sizes);
  }
  llvm::Value *Args = Wg->getArg(0), *Ctx = Wg->getArg(1);
  llvm::IRBuilder<> B(llvm::BasicBlock::Create(C, "entry", Wg));

  // Arguments: each at its natural alignment (8 at least) in the buffer; by-value structs by
  // address, everything else loaded.
  std::vector<llvm::Value *> CallArgs;
  std::string Layout;
  uint64_t Offset = 0;
  for (llvm::Argument &A : K.args()) {
    llvm::Type *Stored = A.hasByValAttr() ? A.getParamByValType() : A.getType();
    uint64_t Size = DL.getTypeAllocSize(Stored);
    Offset = alignTo(Offset, std::max<uint64_t>(8, DL.getABITypeAlign(Stored).value()));
    // What clSetKernelArg must be given: sizeof the type, which for a 3-component vector is that
    // of the 4-component one.
    uint64_t Used = Size;
    Layout += (Layout.empty() ? "" : ",") + std::to_string(Offset) + ":" + std::to_string(Used);
    llvm::Value *Slot = B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Args, Offset);
    CallArgs.push_back(A.hasByValAttr() ? Slot : B.CreateLoad(A.getType(), Slot, A.getName()));
    Offset += Size;
  }
  Wg->addFnAttr(attr::ArgLayout, Layout);
  setIntAttribute(*Wg, attr::ArgBufferSize, alignTo(Offset, 64));
  setIntAttribute(*Wg, attr::PrivateBytes, intAttribute(Item, attr::PrivateBytes));
  setIntAttribute(*Wg, attr::LocalBytes, intAttribute(Item, attr::LocalBytes));
  setIntAttribute(*Wg, attr::LocalScratchBytes, intAttribute(Item, attr::LocalScratchBytes));
  CallArgs.push_back(Ctx);
  const bool Tags = K.hasFnAttribute(attr::TagsLocal);
  if (Tags)
    startRound(B, Ctx);

  llvm::Value *Size[3];
  for (unsigned D = 0; D < 3; ++D)
    Size[D] = loadContextField(B, Ctx, offsetof(abi::WorkGroupContext, LocalSize) + 8 * D, B.getInt64Ty(),
                               std::string("size.") + "xyz"[D]);
  const bool PeelFirstX = hasCollapsedLoop(Item);
  // The call of Item for the work-item Id, resuming after barrier Resume (null: Item has none).
  auto CallItem = [&](llvm::Value *Resume, llvm::Value *const *Id) {
    std::vector<llvm::Value *> A = CallArgs;
    A.insert(A.end(), {Id[0], Id[1], Id[2]});
    if (Resume)
      A.push_back(Resume);
    return B.CreateCall(&Item, A, Resume ? "id" : "");
  };
  foldUniformCopyChecks(Item);
  // Not in kernels whose sub-groups exchange values (their dispatch is their own, and their
  // work-items may stop apart by design).
  std::optional<DispatchChecks> Checks;
  if (!Item.hasFnAttribute(attr::SubGroupExchange) &&
      (Item.hasFnAttribute(attr::BarrierLines) || Item.hasFnAttribute(attr::ChecksCopies)))
    Checks.emplace(B, Ctx, Size, Item, Wg->getName().str());
  if (!Resumable && !Checks && !Tags && onlyFirstWorkItemActs(Item)) {
    llvm::Value *Zero[3] = {B.getInt64(0), B.getInt64(0), B.getInt64(0)};
    CallItem(nullptr, Zero);
    B.CreateRetVoid();
    return *Wg;
  }
  if (!Resumable) {
    emitWorkItemLoops(B, Size, Group, [&](llvm::Value *const *Id) { CallItem(nullptr, Id); }, "wi", PeelFirstX);
    if (Checks)
      Checks->compare(B, nullptr);
    B.CreateRetVoid();
    return *Wg;
  }

  uint64_t Regions = intAttribute(Item, attr::ResumePoints) + 1;
  if (Item.hasFnAttribute(attr::SubGroupMemory))
    Wg->addFnAttr(attr::SubGroupMemory);
  if (Item.hasFnAttribute(attr::SubGroupExchange)) {
    Wg->addFnAttr(attr::SubGroupExchange);
    emitExchangeDispatch(B, *Wg, Ctx, Size, Regions, CallItem, Group, PeelFirstX);
    return *Wg;
  }
  // Sub-groups that exchange values at barriers every work-item reaches alike (weft-barriers):
  // the plain dispatch, with their memory.
  if (Item.hasFnAttribute(attr::SubGroupMemory))
    allocateSubGroupMemory(B, Ctx);
  llvm::BasicBlock *Entry = B.GetInsertBlock();
  auto *NextSlot = new llvm::AllocaInst(I32, DL.getAllocaAddrSpace(), "next.slot", &Entry->front());
  auto *Dispatch = llvm::BasicBlock::Create(C, "dispatch", Wg);
  auto *Continue = llvm::BasicBlock::Create(C, "continue", Wg);
  auto *Done = llvm::BasicBlock::Create(C, "done", Wg);
  B.CreateBr(Dispatch);
  B.SetInsertPoint(Dispatch);
  llvm::PHINode *Resume = B.CreatePHI(I32, 2, "resume");
  Resume->addIncoming(B.getInt32(0), Entry);
  std::vector<llvm::BasicBlock *> Starts;
  for (uint64_t R = 0; R < Regions; ++R)
    Starts.push_back(llvm::BasicBlock::Create(C, "region" + std::to_string(R), Wg));
  llvm::SwitchInst *Switch = B.CreateSwitch(Resume, Starts[0], unsigned(Regions - 1));
  for (uint64_t R = 1; R < Regions; ++R)
    Switch->addCase(B.getInt32(int32_t(R)), Starts[R]);
  for (uint64_t R = 0; R < Regions; ++R) {
    B.SetInsertPoint(Starts[R]);
    llvm::CallInst *First = nullptr;
    auto Body = [&](llvm::Value *const *Id) {
      llvm::CallInst *Call = CallItem(B.getInt32(int32_t(R)), Id);
      if (!First)
        First = Call;
      if (Checks)
        Checks->keep(B, Call, Id, Group);
    };
    llvm::BasicBlock *XExit =
        emitWorkItemLoops(B, Size, Group, Body, "region" + std::to_string(R), PeelFirstX);
    // Every work-item returns the same id; the one of the first call emitted (which dominates the
    // exit: the peeled work-item, or the do-while loop's body) is kept.
    new llvm::StoreInst(First, NextSlot, XExit->getFirstNonPHI());
    if (Checks)
      Checks->compare(B, NextSlot);
    B.CreateBr(Continue);
  }
  Continue->moveAfter(&Wg->back());
  Done->moveAfter(Continue);
  B.SetInsertPoint(Continue);
  if (Tags)
    startRound(B, Ctx);
  // Uniform values written during this region become the ones the next region reads.
  if (uint64_t Bytes = intAttribute(Item, attr::UniformBytes)) {
    uint64_t Offset = intAttribute(Item, attr::UniformOffset);
    llvm::Value *Local = loadContextField(B, Ctx, offsetof(abi::WorkGroupContext, LocalMemory), B.getPtrTy(),
                                          "uniform.base");
    llvm::Value *Current = B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Local, Offset, "uniform");
    llvm::Value *Written = B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Local, Offset + Bytes, "uniform.next");
    B.CreateMemCpy(Current, llvm::Align(16), Written, llvm::Align(16), Bytes);
  }
  llvm::Value *Next = B.CreateLoad(I32, NextSlot, "next");
  Resume->addIncoming(Next, Continue);
  B.CreateCondBr(B.CreateICmpEQ(Next, B.getInt32(Finished)), Done, Dispatch);
  B.SetInsertPoint(Done);
  B.CreateRetVoid();
  return *Wg;
}

} // namespace

llvm::PreservedAnalyses KernelEntryPass::run(llvm::Module &M, llvm::ModuleAnalysisManager &) {
  std::vector<std::pair<llvm::Function *, llvm::Function *>> Kernels; // (kernel, work-item function)
  for (llvm::Function &F : M)
    if (!F.isDeclaration() && F.hasFnAttribute(attr::WorkItemOf))
      if (llvm::Function *K = M.getFunction(F.getFnAttribute(attr::WorkItemOf).getValueAsString()))
        Kernels.push_back({K, &F});
  if (Kernels.empty())
    return llvm::PreservedAnalyses::all();
  for (auto [K, Item] : Kernels) {
    llvm::Function &Wg = makeEntry(*K, *Item);
    if (flushesDenormals(*K))
      runWithDenormalsFlushed(Wg);
    if (!Item->getReturnType()->isVoidTy())
      inlineRegionsWithinBudget(*Item);
  }
  // The work-group functions replace the kernels, and are the module's only entry points.
  for (auto [K, Item] : Kernels)
    if (K->use_empty())
      K->eraseFromParent();
  for (llvm::GlobalVariable &G : llvm::make_early_inc_range(M.globals()))
    if (G.getAddressSpace() == LocalAddressSpace) {
      G.removeDeadConstantUsers();
      if (G.use_empty())
        G.eraseFromParent();
    }
  for (llvm::GlobalValue &G : M.global_values())
    if (!G.isDeclaration() && !G.getName().startswith(abi::WorkGroupPrefix) &&
        !G.getName().startswith("llvm.")) // llvm.compiler.used and the like keep their linkage
      G.setLinkage(llvm::GlobalValue::InternalLinkage);
  return llvm::PreservedAnalyses::none();
}

llvm::PreservedAnalyses WorkItemScopeDeclsPass::run(llvm::Function &F,
                                                    llvm::FunctionAnalysisManager &FAM) {
  if (F.isDeclaration() || !F.getName().startswith(abi::WorkGroupPrefix))
    return llvm::PreservedAnalyses::all();
  llvm::LoopInfo *LI = nullptr;
  bool Changed = false;
  for (llvm::Instruction &I : llvm::instructions(F)) {
    if (I.hasMetadata(attr::RaceTag) && I.hasMetadata(llvm::LLVMContext::MD_access_group)) {
      I.setMetadata(llvm::LLVMContext::MD_access_group, nullptr);
      Changed = true;
      continue;
    }
    auto *Decl = llvm::dyn_cast<llvm::IntrinsicInst>(&I);
    if (!Decl || Decl->getIntrinsicID() != llvm::Intrinsic::experimental_noalias_scope_decl ||
        Decl->hasMetadata(llvm::LLVMContext::MD_access_group))
      continue;
    if (!LI)
      LI = &FAM.getResult<llvm::LoopAnalysis>(F);
    for (llvm::Loop *L = LI->getLoopFor(Decl->getParent()); L; L = L->getParentLoop())
      if (llvm::MDNode *Parallel =
              llvm::findOptionMDForLoop(L, "llvm.loop.parallel_accesses")) {
        // The option's first operand is its name; the groups follow.
        if (Parallel->getNumOperands() > 1)
          if (auto *Group = llvm::dyn_cast<llvm::MDNode>(Parallel->getOperand(1))) {
            Decl->setMetadata(llvm::LLVMContext::MD_access_group, Group);
            Changed = true;
          }
        break;
      }
  }
  return keptUnlessChanged(Changed);
}

llvm::PreservedAnalyses ContextLoadsPass::run(llvm::Function &F, llvm::FunctionAnalysisManager &) {
  if (F.isDeclaration() || !F.getName().startswith(abi::WorkGroupPrefix) || F.arg_size() != 2)
    return llvm::PreservedAnalyses::all();
  llvm::Argument *Ctx = F.getArg(1);
  bool Changed = false;
  if (F.getParamDereferenceableBytes(1) < sizeof(abi::WorkGroupContext)) {
    F.addDereferenceableParamAttr(1, sizeof(abi::WorkGroupContext));
    Changed = true;
  }
  llvm::BasicBlock &Entry = F.getEntryBlock();
  llvm::Instruction *At = &*Entry.getFirstInsertionPt();
  while (llvm::isa<llvm::AllocaInst>(At))
    At = At->getNextNode();
  // One load per (offset, type), in the entry block; the others use it.
  std::map<std::pair<int64_t, llvm::Type *>, llvm::LoadInst *> Hoisted;
  std::vector<llvm::LoadInst *> Loads;
  for (llvm::Instruction &I : llvm::instructions(F))
    if (auto *L = llvm::dyn_cast<llvm::LoadInst>(&I))
      if (L->isSimple() && L->hasMetadata(llvm::LLVMContext::MD_invariant_load))
        Loads.push_back(L);
  for (llvm::LoadInst *L : Loads) {
    const std::optional<uint64_t> Offset = contextFieldOffset(*L, Ctx);
    if (!Offset)
      continue;
    llvm::LoadInst *&Kept = Hoisted[{int64_t(*Offset), L->getType()}];
    if (!Kept) {
      llvm::IRBuilder<> B(At);
      Kept = loadContextField(B, Ctx, *Offset, L->getType());
      Kept->takeName(L);
      Kept->copyMetadata(*L, {llvm::LLVMContext::MD_noundef, llvm::LLVMContext::MD_nonnull,
                              llvm::LLVMContext::MD_range, llvm::LLVMContext::MD_align,
                              llvm::LLVMContext::MD_dereferenceable});
    }
    Kept->setAlignment(std::max(Kept->getAlign(), L->getAlign()));
    L->replaceAllUsesWith(Kept);
    L->eraseFromParent();
    Changed = true;
  }
  return keptUnlessChanged(Changed);
}

llvm::PreservedAnalyses FixedLocalSizePass::run(llvm::Function &F,
                                                llvm::FunctionAnalysisManager &) {
  if (F.isDeclaration() || !F.getName().startswith(abi::WorkGroupPrefix) || F.arg_size() != 2 ||
      !F.hasFnAttribute(attr::FixedLocalSize) || F.hasFnAttribute(attr::SubGroupMemory) ||
      F.getName().endswith(attr::SubGroupCopySuffix))
    return llvm::PreservedAnalyses::all();
  llvm::SmallVector<llvm::StringRef, 3> Each;
  F.getFnAttribute(attr::FixedLocalSize).getValueAsString().split(Each, ',');
  uint64_t Size[3];
  if (Each.size() != 3 || llvm::any_of(llvm::seq(0, 3), [&](int D) {
        return Each[D].getAsInteger(10, Size[D]) || Size[D] == 0;
      }))
    return llvm::PreservedAnalyses::all();
  llvm::Argument *Ctx = F.getArg(1);
  // The loads of the sizes, each with the dimension it reads.
  using abi::WorkGroupContext;
  std::vector<std::pair<llvm::LoadInst *, int>> Local, Enqueued;
  for (llvm::Instruction &I : llvm::instructions(F)) {
    auto *L = llvm::dyn_cast<llvm::LoadInst>(&I);
    if (!L || !L->getType()->isIntegerTy() || !L->hasMetadata(llvm::LLVMContext::MD_invariant_load))
      continue;
    const std::optional<uint64_t> At = contextFieldOffset(*L, Ctx);
    for (int D = 0; At && D < 3; ++D) {
      if (*At == offsetof(WorkGroupContext, LocalSize) + 8 * D)
        Local.push_back({L, D});
      if (*At == offsetof(WorkGroupContext, EnqueuedLocalSize) + 8 * D)
        Enqueued.push_back({L, D});
    }
  }
  if (Local.empty() && Enqueued.empty())
    return llvm::PreservedAnalyses::all();
  auto Constant = [&](llvm::LoadInst *L, int D) {
    return llvm::ConstantInt::get(L->getType(), Size[D]);
  };
  auto Replace = [&](llvm::LoadInst *L, int D) {
    L->replaceAllUsesWith(Constant(L, D));
    L->eraseFromParent();
  };
  // The enqueued size is the required one in every work-group.
  for (auto [L, D] : Enqueued)
    Replace(L, D);
  if (F.getFnAttribute("uniform-work-group-size").getValueAsString() != "false") {
    for (auto [L, D] : Local)
      Replace(L, D);
    return llvm::PreservedAnalyses::none();
  }
  // Work-groups may be smaller at the end of each dimension: the body twice, the copy with the
  // constants, behind a test of the sizes in the entry. Not for bodies over MaxCopiedInstructions,
  // whose build the copy would lengthen by as much again.
  constexpr size_t MaxCopiedInstructions = 16384;
  if (Local.empty() || F.getInstructionCount() > MaxCopiedInstructions)
    return Enqueued.empty() ? llvm::PreservedAnalyses::all() : llvm::PreservedAnalyses::none();
  llvm::BasicBlock &Entry = F.getEntryBlock();
  llvm::Instruction *First = &*Entry.getFirstInsertionPt();
  while (llvm::isa<llvm::AllocaInst>(First))
    First = First->getNextNode();
  llvm::BasicBlock *Body = Entry.splitBasicBlock(First, "sized");
  llvm::IRBuilder<> B(Entry.getTerminator());
  llvm::Value *Full = nullptr;
  for (int D = 0; D < 3; ++D) {
    llvm::Value *Is = B.CreateICmpEQ(
        loadContextField(B, Ctx, offsetof(WorkGroupContext, LocalSize) + 8 * D, B.getInt64Ty()),
        B.getInt64(Size[D]));
    Full = Full ? B.CreateAnd(Full, Is, "full") : Is;
  }
  llvm::ValueToValueMapTy Map;
  std::vector<llvm::BasicBlock *> Blocks;
  for (llvm::BasicBlock &BB : F)
    if (&BB != &Entry)
      Blocks.push_back(&BB);
  std::vector<llvm::BasicBlock *> Copies;
  for (llvm::BasicBlock *BB : Blocks) {
    Copies.push_back(llvm::CloneBasicBlock(BB, Map, ".full", &F));
    Map[BB] = Copies.back();
  }
  // The copies of the loads stay behind, unused.
  for (auto [L, D] : Local)
    Map[L] = Constant(L, D);
  llvm::LLVMContext &C = F.getContext();
  for (llvm::BasicBlock *BB : Copies)
    for (llvm::Instruction &I : *BB) {
      llvm::RemapInstruction(&I, Map, llvm::RF_NoModuleLevelChanges | llvm::RF_IgnoreMissingLocals);
      // Each copied loop gets an ID of its own (same options): passes tell loops apart by ID.
      if (llvm::MDNode *Id = I.getMetadata(llvm::LLVMContext::MD_loop)) {
        llvm::SmallVector<llvm::Metadata *, 4> Ops = {nullptr};
        Ops.append(Id->op_begin() + 1, Id->op_end());
        llvm::MDNode *Own = llvm::MDNode::getDistinct(C, Ops);
        Own->replaceOperandWith(0, Own);
        I.setMetadata(llvm::LLVMContext::MD_loop, Own);
      }
    }
  Entry.getTerminator()->eraseFromParent();
  B.SetInsertPoint(&Entry);
  B.CreateCondBr(Full, llvm::cast<llvm::BasicBlock>(Map[Body]), Body);
  return llvm::PreservedAnalyses::none();
}

namespace {
/// The option weft-keep-work-item-loops adds beside llvm.loop.unroll.disable.
constexpr const char *KeptLoop = "weft.loop.kept";
} // namespace

llvm::PreservedAnalyses KeepWorkItemLoopsPass::run(llvm::Loop &L, llvm::LoopAnalysisManager &,
                                                   llvm::LoopStandardAnalysisResults &AR,
                                                   llvm::LPMUpdater &) {
  if (!isWorkItemLoop(L) || llvm::findOptionMDForLoop(&L, "llvm.loop.unroll.disable") ||
      !AR.SE.getSmallConstantTripCount(&L))
    return llvm::PreservedAnalyses::all();
  llvm::LLVMContext &C = L.getHeader()->getContext();
  L.setLoopID(llvm::makePostTransformationMetadata(
      C, L.getLoopID(), {}, {loopOption(C, "llvm.loop.unroll.disable"), loopOption(C, KeptLoop)}));
  return llvm::PreservedAnalyses::all();
}

llvm::PreservedAnalyses ReleaseWorkItemLoopsPass::run(llvm::Function &F,
                                                      llvm::FunctionAnalysisManager &FAM) {
  if (F.isDeclaration())
    return llvm::PreservedAnalyses::all();
  bool Changed = false;
  for (llvm::Loop *L : FAM.getResult<llvm::LoopAnalysis>(F).getLoopsInPreorder())
    if (llvm::findOptionMDForLoop(L, KeptLoop)) {
      L->setLoopID(llvm::makePostTransformationMetadata(
          F.getContext(), L->getLoopID(), {"llvm.loop.unroll.disable", KeptLoop}, {}));
      Changed = true;
    }
  return keptUnlessChanged(Changed);
}

} // namespace weft::compiler
