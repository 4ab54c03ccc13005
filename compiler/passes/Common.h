// What several passes need to recognise: the mangled names of barriers and fences, reading and
// writing the integer function attributes of Passes.h, work-item loops and their options, and
// the blocks only work-item 0 runs for the work-group.
#pragma once

#include "compiler/passes/Passes.h"
#include "contracts/WorkGroupAbi.h"

#include <llvm/ADT/DenseSet.h>
#include <llvm/ADT/SmallPtrSet.h>
#include <llvm/ADT/StringRef.h>
#include <llvm/ADT/StringSwitch.h>
#include <llvm/Analysis/InstructionSimplify.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Metadata.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/PassManager.h>
#include <llvm/IR/PatternMatch.h>
#include <llvm/Transforms/Scalar/Scalarizer.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/Local.h>
#include <llvm/Transforms/Utils/ModuleUtils.h>
#include <llvm/Transforms/Utils/ValueMapper.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace weft::compiler {

using BlockSet = llvm::SmallPtrSet<const llvm::BasicBlock *, 32>;

/// The blocks reached from From (included) by following Neighbours(Block, Out), which pushes a
/// block's neighbours onto Out.
template <typename Next> BlockSet walkBlocks(const llvm::BasicBlock *From, Next &&Neighbours) {
  BlockSet Set;
  std::vector<const llvm::BasicBlock *> Work{From};
  while (!Work.empty()) {
    const llvm::BasicBlock *BB = Work.back();
    Work.pop_back();
    if (Set.insert(BB).second)
      Neighbours(BB, Work);
  }
  return Set;
}

/// Whether Condition holds only in work-item 0: the built-in library's `__weft_first_work_item()`
/// (builtins/src/async.cl), or what weft-work-items lowers it to (!weft.first_work_item), or a
/// conjunction with either (InstCombine folds the library's tests into one: `n != 0 & first`).
inline bool onlyInFirstWorkItem(const llvm::Value *Condition) {
  using namespace llvm::PatternMatch;
  const llvm::Value *A, *B;
  if (match(Condition, m_LogicalAnd(m_Value(A), m_Value(B))))
    return onlyInFirstWorkItem(A) || onlyInFirstWorkItem(B);
  if (auto *Call = llvm::dyn_cast<llvm::CallInst>(Condition))
    return Call->getCalledFunction() &&
           Call->getCalledFunction()->getName() == "__weft_first_work_item";
  auto *I = llvm::dyn_cast<llvm::Instruction>(Condition);
  return I && I->getMetadata(attr::FirstWorkItem);
}

/// The blocks only work-item 0 runs for the work-group: those past the true edge of a branch on
/// onlyInFirstWorkItem (the copies, waits and fences the library makes once per work-group).
inline llvm::DenseSet<const llvm::BasicBlock *> firstWorkItemBlocks(llvm::Function &F,
                                                                    const llvm::DominatorTree &DT) {
  llvm::DenseSet<const llvm::BasicBlock *> Blocks;
  for (llvm::BasicBlock &BB : F) {
    auto *Branch = llvm::dyn_cast<llvm::BranchInst>(BB.getTerminator());
    if (!Branch || !Branch->isConditional() || Branch->getSuccessor(0) == Branch->getSuccessor(1) ||
        !onlyInFirstWorkItem(Branch->getCondition()))
      continue;
    const llvm::BasicBlockEdge Taken(&BB, Branch->getSuccessor(0));
    for (llvm::BasicBlock &Other : F)
      if (DT.dominates(Taken, &Other))
        Blocks.insert(&Other);
  }
  return Blocks;
}

/// OpenCL C's address space numbers in Clang's SPIR mapping.
inline constexpr unsigned PrivateAddressSpace = 0, GlobalAddressSpace = 1, ConstantAddressSpace = 2,
                          LocalAddressSpace = 3, GenericAddressSpace = 4;

/// Global or constant memory: the buffers, which never overlap local memory in Weft.
inline bool isBufferAddressSpace(unsigned AS) {
  return AS == GlobalAddressSpace || AS == ConstantAddressSpace;
}

/// The OpenCL C work-item queries, by their mangled names.
enum class WorkItemQuery {
  GlobalId,
  GlobalSize,
  LocalId,
  LocalSize,
  EnqueuedLocalSize,
  NumGroups,
  GroupId,
  GlobalOffset,
  WorkDim,
  GlobalLinearId,
  LocalLinearId,
  Unknown
};

inline WorkItemQuery workItemQueryOf(llvm::StringRef Name) {
  return llvm::StringSwitch<WorkItemQuery>(Name)
      .Case("_Z13get_global_idj", WorkItemQuery::GlobalId)
      .Case("_Z15get_global_sizej", WorkItemQuery::GlobalSize)
      .Case("_Z12get_local_idj", WorkItemQuery::LocalId)
      .Case("_Z14get_local_sizej", WorkItemQuery::LocalSize)
      .Case("_Z23get_enqueued_local_sizej", WorkItemQuery::EnqueuedLocalSize)
      .Case("_Z14get_num_groupsj", WorkItemQuery::NumGroups)
      .Case("_Z12get_group_idj", WorkItemQuery::GroupId)
      .Case("_Z17get_global_offsetj", WorkItemQuery::GlobalOffset)
      .Case("_Z12get_work_dimv", WorkItemQuery::WorkDim)
      .Case("_Z20get_global_linear_idv", WorkItemQuery::GlobalLinearId)
      .Case("_Z19get_local_linear_idv", WorkItemQuery::LocalLinearId)
      .Default(WorkItemQuery::Unknown);
}

/// The id a resumable work-item function returns once the work-item has finished the kernel.
inline constexpr int32_t Finished = -1;

/// barrier(flags) and work_group_barrier(flags[, scope]).
inline bool isBarrier(llvm::StringRef Name) {
  return Name == "_Z7barrierj" || Name.startswith("_Z18work_group_barrier") ||
         Name == "__weft_sub_group_barrier";
}

/// mem_fence, read_mem_fence, write_mem_fence.
inline bool isFence(llvm::StringRef Name) {
  return Name == "_Z9mem_fencej" || Name == "_Z14read_mem_fencej" ||
         Name == "_Z15write_mem_fencej";
}

/// One VFABI mapping (llvm/Analysis/VectorUtils.h) of Callee to Vector, its form of Width lanes
/// taking every parameter as a vector: `_ZGV_LLVM_N<width><v per parameter>_<callee>(<vector>)`.
/// A call's "vector-function-abi-variant" attribute lists them, comma-separated.
inline std::string vectorMapping(unsigned Width, const llvm::Function &Callee,
                                 const llvm::Function &Vector) {
  return "_ZGV_LLVM_N" + std::to_string(Width) + std::string(Callee.arg_size(), 'v') + "_" +
         Callee.getName().str() + "(" + Vector.getName().str() + ")";
}

/// The calls in F to functions whose names satisfy Which.
inline std::vector<llvm::CallInst *> callsTo(llvm::Function &F, bool (*Which)(llvm::StringRef)) {
  std::vector<llvm::CallInst *> Calls;
  for (llvm::Instruction &I : llvm::instructions(F))
    if (auto *Call = llvm::dyn_cast<llvm::CallInst>(&I))
      if (llvm::Function *Callee = Call->getCalledFunction(); Callee && Which(Callee->getName()))
        Calls.push_back(Call);
  return Calls;
}

/// A work-item function's extra parameters, after the kernel's own: (..., ctx, x, y, z[, resume]).
/// Only functions with barriers take `resume` (and return the next barrier's id).
inline unsigned extraParameters(const llvm::Function &Item) { return Item.getReturnType()->isVoidTy() ? 4 : 5; }
inline llvm::Argument *contextArgument(llvm::Function &Item) {
  return Item.getArg(Item.arg_size() - extraParameters(Item));
}
inline llvm::Argument *localIdArgument(llvm::Function &Item, unsigned Dim) {
  return Item.getArg(Item.arg_size() - extraParameters(Item) + 1 + Dim);
}

/// The pointer a load, store or atomic instruction accesses; null for other instructions.
inline const llvm::Value *accessedPointer(const llvm::Instruction &I) {
  if (const llvm::Value *Pointer = llvm::getLoadStorePointerOperand(&I))
    return Pointer;
  if (auto *RMW = llvm::dyn_cast<llvm::AtomicRMWInst>(&I))
    return RMW->getPointerOperand();
  if (auto *CAS = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(&I))
    return CAS->getPointerOperand();
  return nullptr;
}

/// Loads the WorkGroupContext field at Offset (see WorkGroupAbi.h), of type T. No kernel code
/// writes the context, so the load is marked invariant: it can move anywhere, and recomputing it
/// is cheaper than keeping it.
inline llvm::LoadInst *loadContextField(llvm::IRBuilder<> &B, llvm::Value *Ctx, size_t Offset,
                                        llvm::Type *T, const llvm::Twine &Name = "") {
  llvm::Value *At = B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Ctx, Offset);
  llvm::LoadInst *Load = B.CreateAlignedLoad(T, At, llvm::Align(T->isIntegerTy(32) ? 4 : 8), Name);
  Load->setMetadata(llvm::LLVMContext::MD_invariant_load, llvm::MDNode::get(Load->getContext(), {}));
  return Load;
}

/// The offset in WorkGroupContext of the field L reads, if L reads one through Ctx at a constant
/// offset inside the context (as loadContextField's loads do).
inline std::optional<uint64_t> contextFieldOffset(const llvm::LoadInst &L, const llvm::Value *Ctx) {
  const llvm::DataLayout &DL = L.getModule()->getDataLayout();
  llvm::APInt Offset(DL.getIndexTypeSizeInBits(Ctx->getType()), 0);
  if (L.getPointerOperand()->stripAndAccumulateConstantOffsets(DL, Offset,
                                                               /*AllowNonInbounds=*/true) != Ctx ||
      Offset.isNegative() ||
      Offset.getZExtValue() + DL.getTypeStoreSize(L.getType()) > sizeof(abi::WorkGroupContext))
    return std::nullopt;
  return Offset.getZExtValue();
}

/// What a function pass that changed no block keeps: everything if it changed nothing, else the
/// analyses of the control flow.
inline llvm::PreservedAnalyses keptUnlessChanged(bool Changed) {
  if (!Changed)
    return llvm::PreservedAnalyses::all();
  llvm::PreservedAnalyses Kept;
  Kept.preserveSet<llvm::CFGAnalyses>();
  return Kept;
}

inline uint64_t intAttribute(const llvm::Function &F, llvm::StringRef Name) {
  uint64_t Value = 0;
  if (F.hasFnAttribute(Name))
    F.getFnAttribute(Name).getValueAsString().getAsInteger(10, Value);
  return Value;
}

/// Whether M has the module flag Name set to a non-zero integer (attr::CheckBounds...).
inline bool moduleFlag(const llvm::Module &M, llvm::StringRef Name) {
  auto *Flag = llvm::mdconst::extract_or_null<llvm::ConstantInt>(M.getModuleFlag(Name));
  return Flag && !Flag->isZero();
}

/// Takes the values Release says off M's llvm.compiler.used (where nothing else uses them,
/// GlobalDCE then deletes them). Whether any was taken off.
template <typename Predicate> bool releaseFromCompilerUsed(llvm::Module &M, Predicate Release) {
  llvm::GlobalVariable *List = M.getGlobalVariable("llvm.compiler.used");
  auto *Array = List ? llvm::dyn_cast<llvm::ConstantArray>(List->getInitializer()) : nullptr;
  if (!Array)
    return false;
  std::vector<llvm::GlobalValue *> Kept;
  for (llvm::Use &Op : Array->operands())
    if (auto *G = llvm::dyn_cast<llvm::GlobalValue>(Op->stripPointerCasts()); G && !Release(*G))
      Kept.push_back(G);
  if (Kept.size() == Array->getNumOperands())
    return false;
  List->eraseFromParent();
  if (!Kept.empty())
    llvm::appendToCompilerUsed(M, Kept);
  return true;
}

inline void setIntAttribute(llvm::Function &F, llvm::StringRef Name, uint64_t Value) {
  F.addFnAttr(Name, std::to_string(Value));
}

inline uint64_t alignTo(uint64_t Value, uint64_t Align) { return (Value + Align - 1) / Align * Align; }

/// A's variable now lives at Slot, memory of the work-group's: A's uses take Slot (in A's address
/// space), its lifetime markers go (they want an alloca), and A goes.
inline void replaceAlloca(llvm::IRBuilder<> &B, llvm::AllocaInst *A, llvm::Value *Slot) {
  for (llvm::User *U : llvm::make_early_inc_range(A->users()))
    if (auto *II = llvm::dyn_cast<llvm::IntrinsicInst>(U); II && II->isLifetimeStartOrEnd())
      II->eraseFromParent();
  A->replaceAllUsesWith(B.CreateAddrSpaceCast(Slot, A->getType()));
  A->eraseFromParent();
}

/// A loop option (an operand of a loop ID): !{!"Name", Values...}.
inline llvm::MDNode *loopOption(llvm::LLVMContext &C, llvm::StringRef Name,
                                llvm::ArrayRef<llvm::Metadata *> Values = {}) {
  llvm::SmallVector<llvm::Metadata *, 4> Ops{llvm::MDString::get(C, Name)};
  Ops.append(Values.begin(), Values.end());
  return llvm::MDNode::get(C, Ops);
}

/// Whether L is one of weft-kernel-entry's loops over a row's work-items.
inline bool isWorkItemLoop(const llvm::Loop &L) {
  return llvm::findOptionMDForLoop(&L, attr::WorkItemLoop) != nullptr;
}

/// The access groups L's ID declares parallel.
inline llvm::SmallPtrSet<const llvm::MDNode *, 2> parallelGroups(const llvm::Loop &L) {
  llvm::SmallPtrSet<const llvm::MDNode *, 2> Groups;
  if (llvm::MDNode *Parallel = llvm::findOptionMDForLoop(&L, "llvm.loop.parallel_accesses"))
    for (const llvm::MDOperand &Op : llvm::drop_begin(Parallel->operands()))
      if (auto *Group = llvm::dyn_cast<llvm::MDNode>(Op.get()))
        Groups.insert(Group);
  return Groups;
}

/// Whether I is in one of Groups (an instruction's !llvm.access.group is a group or a list of
/// them).
inline bool inGroups(const llvm::Instruction &I,
                     const llvm::SmallPtrSetImpl<const llvm::MDNode *> &Groups) {
  llvm::MDNode *Mine = I.getMetadata(llvm::LLVMContext::MD_access_group);
  if (!Mine)
    return false;
  if (Groups.count(Mine))
    return true;
  for (const llvm::MDOperand &Op : Mine->operands())
    if (Groups.count(llvm::dyn_cast_or_null<llvm::MDNode>(Op.get())))
      return true;
  return false;
}

/// The instructions in L's blocks (what copying L would copy).
inline unsigned instructionCount(const llvm::Loop &L) {
  unsigned N = 0;
  for (const llvm::BasicBlock *BB : L.blocks())
    N += BB->size();
  return N;
}

/// V's copy in Map, or V itself (a value from outside what was copied).
inline llvm::Value *mapped(const llvm::ValueToValueMapTy &Map, llvm::Value *V) {
  llvm::Value *Copy = Map.lookup(V);
  return Copy ? Copy : V;
}

/// A copy of L (its preheader too) placed before Before.
inline llvm::Loop *copyLoop(llvm::Loop &L, llvm::BasicBlock *Before, const char *Suffix,
                            llvm::ValueToValueMapTy &VMap, llvm::DominatorTree &DT,
                            llvm::LoopInfo &LI) {
  llvm::SmallVector<llvm::BasicBlock *, 16> Blocks;
  llvm::Loop *Copy = llvm::cloneLoopWithPreheader(Before, L.getLoopPreheader(), &L, VMap, Suffix,
                                                  &LI, &DT, Blocks);
  llvm::remapInstructionsInBlocks(Blocks, VMap);
  return Copy;
}

/// For a loop copied with Map: the PHIs of its exit Exit take, from From (the copy's way out),
/// the copy's values of what the loop's own Exiting block gives them.
inline void addExitValues(llvm::BasicBlock *Exit, llvm::BasicBlock *Exiting,
                          const llvm::ValueToValueMapTy &Map, llvm::BasicBlock *From) {
  for (llvm::PHINode &Phi : Exit->phis())
    Phi.addIncoming(mapped(Map, Phi.getIncomingValueForBlock(Exiting)), From);
}

/// In Blocks (one version of a loop), V becomes Value: what uses it there is simplified, and the
/// branches that become unconditional go their one way (the blocks no longer reached stay, for
/// removeUnreachableBlocks).
inline void foldTest(llvm::Value *V, bool Value, llvm::ArrayRef<llvm::BasicBlock *> Blocks) {
  llvm::SmallPtrSet<const llvm::BasicBlock *, 16> In(Blocks.begin(), Blocks.end());
  llvm::Constant *C = llvm::ConstantInt::getBool(V->getContext(), Value);
  llvm::SmallVector<llvm::WeakTrackingVH, 8> Users;
  for (llvm::Use &U : llvm::make_early_inc_range(V->uses()))
    if (auto *I = llvm::dyn_cast<llvm::Instruction>(U.getUser()); I && In.count(I->getParent())) {
      U.set(C);
      Users.push_back(I);
    }
  const llvm::DataLayout &DL = Blocks.front()->getModule()->getDataLayout();
  for (llvm::WeakTrackingVH &H : Users)
    if (auto *I = llvm::dyn_cast_or_null<llvm::Instruction>(H))
      if (llvm::Value *Simpler = llvm::simplifyInstruction(I, DL))
        llvm::replaceAndRecursivelySimplify(I, Simpler);
  for (llvm::BasicBlock *BB : Blocks)
    llvm::ConstantFoldTerminator(BB, /*DeleteDeadConditions=*/true);
}

/// Splits F's simple loads and stores of vectors into one access per element (LLVM 15's
/// Scalarizer leaves them whole), keeping their scopes and access group: a work-item's float4
/// stored whole is where the SLP vectorizer would start packing that work-item's lanes (and a
/// loop holding one is a loop LLVM's loop vectorizer refuses), while element by element the
/// work-items' accesses widen across work-items.
inline void splitVectorAccesses(llvm::Function &F) {
  const llvm::DataLayout &DL = F.getParent()->getDataLayout();
  // Vectors laid out as arrays of their elements (not of bools, which are packed bits).
  auto splittable = [&DL](llvm::Type *T) {
    auto *V = llvm::dyn_cast<llvm::FixedVectorType>(T);
    return V && DL.getTypeSizeInBits(V->getElementType()) % 8 == 0 &&
           DL.getTypeStoreSize(V) == V->getNumElements() * DL.getTypeStoreSize(V->getElementType());
  };
  std::vector<llvm::Instruction *> Accesses;
  for (llvm::Instruction &I : llvm::instructions(F))
    if (auto *L = llvm::dyn_cast<llvm::LoadInst>(&I);
        L && L->isSimple() && splittable(L->getType()))
      Accesses.push_back(L);
    else if (auto *S = llvm::dyn_cast<llvm::StoreInst>(&I);
             S && S->isSimple() && splittable(S->getValueOperand()->getType()))
      Accesses.push_back(S);
  for (llvm::Instruction *I : Accesses) {
    llvm::IRBuilder<> B(I);
    auto *L = llvm::dyn_cast<llvm::LoadInst>(I);
    auto *S = llvm::dyn_cast<llvm::StoreInst>(I);
    auto *VT =
        llvm::cast<llvm::FixedVectorType>(L ? L->getType() : S->getValueOperand()->getType());
    llvm::Type *E = VT->getElementType();
    const uint64_t Size = DL.getTypeStoreSize(E);
    llvm::Value *Ptr = L ? L->getPointerOperand() : S->getPointerOperand();
    const llvm::Align Alignment = L ? L->getAlign() : S->getAlign();
    llvm::Value *Loaded = llvm::PoisonValue::get(VT);
    for (unsigned K = 0; K < VT->getNumElements(); ++K) {
      llvm::Value *At = B.CreateConstInBoundsGEP1_64(E, Ptr, K);
      llvm::Instruction *Part;
      if (L) {
        Part = B.CreateAlignedLoad(E, At, llvm::commonAlignment(Alignment, K * Size));
        Loaded = B.CreateInsertElement(Loaded, Part, K);
      } else {
        Part = B.CreateAlignedStore(B.CreateExtractElement(S->getValueOperand(), K), At,
                                    llvm::commonAlignment(Alignment, K * Size));
      }
      Part->copyMetadata(*I, {llvm::LLVMContext::MD_alias_scope, llvm::LLVMContext::MD_noalias,
                              llvm::LLVMContext::MD_access_group});
    }
    if (L)
      L->replaceAllUsesWith(Loaded);
    I->eraseFromParent();
  }
}

/// F's vector values split into scalars: its loads and stores element by element (unless Accesses
/// is false) and the rest by LLVM's Scalarizer, with FAM told what changed.
inline void splitIntoScalars(llvm::Function &F, llvm::FunctionAnalysisManager &FAM,
                             bool Accesses = true) {
  if (Accesses)
    splitVectorAccesses(F);
  llvm::FunctionPassManager Split;
  Split.addPass(llvm::ScalarizerPass());
  FAM.invalidate(F, Split.run(F, FAM));
}

} // namespace weft::compiler
