// weft-check-bounds: see Passes.h.
//
// A kernel reads `a[i]` through its argument `a`: in a checked build the access becomes
//
//   offset = (address of a[i]) - a;  last = __weft_check_extent(index of a) - bytes
//   refused = __weft_check_refused(offset, last, extent < bytes)   (weft-check-rows: offset > last
//                                                                   || extent < bytes)
//   if (refused && !slots[lid]) slots[lid] = <this access>, its address, the work-group
//   v = refused ? 0 : a[i]                 (the load made only when not refused)
//
// (abi::CheckSite; the device reads the slots after each chunk of work-groups). No call and no
// early exit enters the work-item's code, and nothing is kept from one access to the next:
// weft-check-rows folds the tests away in the loops it proves within bounds, and the loop
// vectorizer still takes the rest, making the guarded loads and stores masked ones. Only a refused
// load of a pointer, which the kernel might follow anywhere, ends the work-item at once.
//
// An access through a __local argument records its offset from the argument (its address
// differs between chunks of work-groups); one into an array of the kernel (a private variable
// left in memory, a kernel-scope __local one, a program-scope __global or __constant one), whose
// size is a constant here, records its offset and a description of the array, a string in the
// kernel's code; one at a constant offset inside an array is not checked.
//
// Only accesses whose pointer LLVM traces back to one argument or array (getUnderlyingObject:
// offsets, casts; not a pointer loaded from memory or chosen between two) are checked. The
// check runs where the kernel is still one work-item's function with its arguments as parameters
// (after the cleanup that gives values registers, before weft-work-items, which lowers the
// extent, the slots and the work-item queries); unoptimised builds keep their arguments in
// memory, so nothing there traces back to one.
//
// Checks of uninitialized reads and of races instrument accesses to local memory the same way,
// with a shadow of marks or of tags per byte (Instrumenter::shadow, Instrumenter::tag); what they
// find is kept in registers and recorded at each barrier and at the end.
//
// A record names the access's line and column from Clang's line tables (the front end emits them
// for checked builds); the pass then strips debug information, which nothing after it uses.
#include "compiler/passes/Common.h"
#include "compiler/passes/Passes.h"

#include "contracts/WorkGroupAbi.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/PostDominators.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/ScalarEvolutionExpressions.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/DebugInfo.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/MDBuilder.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/PatternMatch.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Transforms/Utils/PromoteMemToReg.h>
#include <llvm/Transforms/Utils/ScalarEvolutionExpander.h>

#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>

namespace weft::compiler {
namespace {

/// SPIR address spaces.
constexpr unsigned PrivateSpace = 0, GlobalSpace = 1, ConstantSpace = 2, LocalSpace = 3,
                   GenericSpace = 4;

/// One memory access: where, how many bytes, and whether it writes.
struct Access {
  llvm::Instruction *At;
  llvm::Value *Pointer;
  llvm::Value *Bytes; ///< i64
  bool Write;
};

/// The accesses of F whose memory a kernel argument's pointer may reach.
std::vector<Access> accessesOf(llvm::Function &F) {
  const llvm::DataLayout &DL = F.getParent()->getDataLayout();
  llvm::LLVMContext &C = F.getContext();
  auto Size = [&](llvm::Type *T) {
    return llvm::ConstantInt::get(llvm::Type::getInt64Ty(C), DL.getTypeStoreSize(T).getFixedSize());
  };
  std::vector<Access> Found;
  for (llvm::Instruction &I : llvm::instructions(F)) {
    if (auto *L = llvm::dyn_cast<llvm::LoadInst>(&I))
      Found.push_back({&I, L->getPointerOperand(), Size(L->getType()), false});
    else if (auto *S = llvm::dyn_cast<llvm::StoreInst>(&I))
      Found.push_back({&I, S->getPointerOperand(), Size(S->getValueOperand()->getType()), true});
    else if (auto *R = llvm::dyn_cast<llvm::AtomicRMWInst>(&I))
      Found.push_back({&I, R->getPointerOperand(), Size(R->getValOperand()->getType()), true});
    else if (auto *X = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(&I))
      Found.push_back({&I, X->getPointerOperand(), Size(X->getNewValOperand()->getType()), true});
    else if (auto *M = llvm::dyn_cast<llvm::MemIntrinsic>(&I)) {
      llvm::IRBuilder<> B(&I);
      llvm::Value *Length = B.CreateZExtOrTrunc(M->getLength(), B.getInt64Ty());
      Found.push_back({&I, M->getRawDest(), Length, true});
      if (auto *T = llvm::dyn_cast<llvm::MemTransferInst>(M))
        Found.push_back({&I, T->getRawSource(), Length, false});
    }
  }
  return Found;
}

/// The memory an access reaches, where LLVM can tell (getUnderlyingObject: offsets, casts; not a
/// pointer loaded from memory or chosen between two): one of the kernel's pointer arguments to
/// global, constant or local memory, whose extent the runtime gives; or an array of the kernel (a
/// private variable left in memory, a kernel-scope __local variable, a program-scope __global or
/// __constant one), whose size the compiler knows.
struct Memory {
  llvm::Value *Base = nullptr;
  llvm::Argument *Arg = nullptr; ///< or an array:
  uint64_t Size = 0;
  std::string Description; ///< for the report: "the __local variable `tile` (1024 bytes)"
  bool Local = false;      ///< a __local argument or array of the kernel: in local memory
  bool relative() const { return !Arg || Local; }
};

/// A variable's name in the source, from the name Clang gave its IR value (`tile` of a kernel
/// `k`'s `k.tile`; `acc` of `acc.i`, a helper's variable inlined): empty if it has none.
std::string sourceName(const llvm::Value &V, const llvm::Function &K) {
  llvm::StringRef Name = V.getName();
  if (llvm::isa<llvm::GlobalVariable>(V)) {
    const std::string Prefix = (K.getName() + ".").str();
    if (Name.startswith(Prefix))
      Name = Name.drop_front(Prefix.size());
  }
  return Name.split('.').first.str();
}

std::optional<Memory> memoryOf(llvm::Value *Pointer, const llvm::Function &K) {
  const llvm::DataLayout &DL = K.getParent()->getDataLayout();
  llvm::Value *Object = llvm::getUnderlyingObject(Pointer, /*MaxLookup=*/0);
  if (auto *A = llvm::dyn_cast<llvm::Argument>(Object)) {
    if (!A->getType()->isPointerTy())
      return std::nullopt;
    const unsigned Space = A->getType()->getPointerAddressSpace();
    if (Space != GlobalSpace && Space != ConstantSpace && Space != LocalSpace)
      return std::nullopt;
    return Memory{A, A, 0, {}, Space == LocalSpace};
  }
  const char *Kind = nullptr;
  uint64_t Size = 0;
  if (auto *Alloca = llvm::dyn_cast<llvm::AllocaInst>(Object)) {
    llvm::Optional<llvm::TypeSize> Bytes = Alloca->getAllocationSizeInBits(DL);
    if (!Bytes || Bytes->isScalable())
      return std::nullopt;
    Kind = "__private";
    Size = Bytes->getFixedSize() / 8;
  } else if (auto *G = llvm::dyn_cast<llvm::GlobalVariable>(Object)) {
    if (G->isDeclaration() || !G->getValueType()->isSized())
      return std::nullopt;
    const unsigned Space = G->getAddressSpace();
    Kind = Space == LocalSpace ? "__local" : Space == ConstantSpace ? "__constant" : Space == GlobalSpace ? "__global" : nullptr;
    if (!Kind)
      return std::nullopt;
    Size = DL.getTypeAllocSize(G->getValueType()).getFixedSize();
  } else {
    return std::nullopt;
  }
  const std::string Name = sourceName(*Object, K);
  const std::string Bytes = std::to_string(Size) + " bytes";
  std::string Description = Name.empty() ? std::string("a ") + Kind + " variable of " + Bytes
                                         : std::string("the ") + Kind + " variable `" + Name + "` (" + Bytes + ")";
  // The built-in library's own __local variables (work-group functions' slot) are not the
  // kernel's: they read what they have not written by design.
  const bool Local = llvm::isa<llvm::GlobalVariable>(Object) &&
                     llvm::cast<llvm::GlobalVariable>(Object)->getAddressSpace() == LocalSpace &&
                     !Object->getName().startswith("__weft");
  return Memory{Object, nullptr, Size, std::move(Description), Local};
}

/// Whether A's bytes are at a constant offset within the array M: nothing to check.
bool within(const Access &A, const Memory &M, const llvm::DataLayout &DL) {
  auto *Bytes = llvm::dyn_cast<llvm::ConstantInt>(A.Bytes);
  if (M.Arg || !Bytes)
    return false;
  llvm::APInt Offset(DL.getIndexTypeSizeInBits(A.Pointer->getType()), 0);
  const llvm::Value *Base = A.Pointer->stripAndAccumulateConstantOffsets(DL, Offset, /*AllowNonInbounds=*/true);
  return Base == M.Base && !Offset.isNegative() && Offset.getZExtValue() + Bytes->getZExtValue() <= M.Size;
}

class Instrumenter {
  /// An access to check, and how.
  struct Site {
    Access A;
    Memory To;
    bool Bounded, Shadowed, Tagged, Owned;
    llvm::Value *Owner; ///< the x id its records name, where not the running work-item's
    uint64_t ReadBytes; ///< shadowed: what a read uses (before guard() puts a phi between)
  };

public:
  Instrumenter(llvm::Function &K, llvm::ScalarEvolution &SE)
      : K(K), SE(SE), M(*K.getParent()), C(K.getContext()), I32(llvm::Type::getInt32Ty(C)),
        I64(llvm::Type::getInt64Ty(C)) {
    Extent = M.getOrInsertFunction("__weft_check_extent", llvm::FunctionType::get(I64, {I32}, false));
    Refusal = M.getOrInsertFunction(
        "__weft_check_refused", llvm::FunctionType::get(llvm::Type::getInt1Ty(C), {I64, I64, llvm::Type::getInt1Ty(C)}, false));
    if (auto *F = llvm::dyn_cast<llvm::Function>(Refusal.getCallee())) {
      F->setDoesNotAccessMemory();
      F->setDoesNotThrow();
      F->setWillReturn();
      F->addFnAttr(llvm::Attribute::Speculatable);
    }
    // weft-check-rows' versions fold `__weft_check_unsure(unsure)` (to false), then lower it (to
    // unsure).
    Unsure = M.getOrInsertFunction(
        "__weft_check_unsure",
        llvm::FunctionType::get(llvm::Type::getInt1Ty(C), {llvm::Type::getInt1Ty(C)}, false));
    if (auto *F = llvm::dyn_cast<llvm::Function>(Unsure.getCallee())) {
      F->setDoesNotAccessMemory();
      F->setDoesNotThrow();
      F->setWillReturn();
      F->addFnAttr(llvm::Attribute::Speculatable);
    }
    Slots = M.getOrInsertFunction("__weft_check_slots",
                                  llvm::FunctionType::get(llvm::PointerType::get(C, 0), {}, false));
    auto Query = [&](const char *Name, bool Dim) {
      return M.getOrInsertFunction(Name, llvm::FunctionType::get(I64, Dim ? llvm::ArrayRef<llvm::Type *>(I32)
                                                                          : llvm::ArrayRef<llvm::Type *>(),
                                                                 false));
    };
    llvm::PointerType *Ptr = llvm::PointerType::get(C, 0);
    Shadow = M.getOrInsertFunction("__weft_check_shadow", llvm::FunctionType::get(Ptr, {}, false));
    LocalMemory = M.getOrInsertFunction("__weft_check_local_memory", llvm::FunctionType::get(I64, {}, false));
    Writers = M.getOrInsertFunction("__weft_check_writers", llvm::FunctionType::get(Ptr, {}, false));
    Readers = M.getOrInsertFunction("__weft_check_readers", llvm::FunctionType::get(Ptr, {}, false));
    Round = M.getOrInsertFunction("__weft_check_round", llvm::FunctionType::get(I32, {}, false));
    for (llvm::FunctionCallee F : {Shadow, LocalMemory, Writers, Readers, Round})
      if (auto *Fn = llvm::dyn_cast<llvm::Function>(F.getCallee())) {
        Fn->setOnlyReadsMemory();
        Fn->setDoesNotThrow();
        Fn->setWillReturn();
      }
    LocalId = Query("_Z12get_local_idj", true);
    EnqueuedLocalSize = Query("_Z23get_enqueued_local_sizej", true);
    LocalSize = Query("_Z14get_local_sizej", true);
    GroupId = Query("_Z12get_group_idj", true);
    NumGroups = Query("_Z14get_num_groupsj", true);
  }

  /// Bounds: the bounds checks. Uninitialized: each access to local memory also reads or marks
  /// the work-group's shadow of it (a memory intrinsic's source is not read: a struct copied
  /// whole carries padding nothing wrote). Races: each access to local memory also tests and sets
  /// the tags of its bytes (not in kernels whose sub-groups exchange values, whose work-items
  /// run apart by design, nor in kernels that order work-items with atomics, ordersWithAtomics()).
  void run(bool Bounds, bool Uninitialized, bool Races) {
    const llvm::DataLayout &DL = M.getDataLayout();
    Races = Races && !ordersWithAtomics() &&
            callsTo(K, [](llvm::StringRef Name) { return Name.startswith("__weft_sub_group"); }).empty();
    const std::set<llvm::BasicBlock *> Owned = Races ? groupOwnedBlocks() : std::set<llvm::BasicBlock *>();
    // Accesses in loops weft-group-stride-loops collapsed: x == 0 runs every work-item's
    // iterations there, each recorded against the work-item whose iteration it is
    // (__weft_check_owner_x at the start of the loop's body names it).
    std::map<const llvm::BasicBlock *, llvm::Value *> Owners;
    for (llvm::CallInst *Call :
         callsTo(K, [](llvm::StringRef Name) { return Name == attr::OwnerMarkerName; }))
      Owners[Call->getParent()] = Call->getArgOperand(0);
    std::optional<llvm::DominatorTree> DT;
    if (!Owners.empty())
      DT.emplace(K);
    auto ownerOf = [&](const llvm::Instruction *At) -> llvm::Value * {
      for (llvm::DomTreeNode *N = DT ? DT->getNode(At->getParent()) : nullptr; N; N = N->getIDom())
        if (auto It = Owners.find(N->getBlock()); It != Owners.end())
          return It->second;
      return nullptr;
    };
    std::vector<Site> Checked;
    const std::vector<Access> Accesses = accessesOf(K);
    if (Races)
      findIntervals();
    const std::set<const llvm::Instruction *> Unraced =
        Races ? readsWithoutWriters(Accesses) : std::set<const llvm::Instruction *>();
    for (const Access &A : Accesses)
      if (std::optional<Memory> To = memoryOf(A.Pointer, K)) {
        const bool Shadowed = Uninitialized && To->Local && (A.Write || !llvm::isa<llvm::MemTransferInst>(A.At));
        const bool Tagged = Races && To->Local && raced(A) && (A.Write || !Unraced.count(A.At));
        // The shadow's and the tags' accesses are only as safe as the access: all are checked.
        // A local read left untagged (readsWithoutWriters) is bounds-checked all the same: read
        // past its array, it could reach another one that is written.
        const bool Untagged = Races && To->Local && !A.Write && Unraced.count(A.At);
        const bool Bounded = (Bounds || Shadowed || Tagged || Untagged) && !within(A, *To, DL);
        if (Bounded || Shadowed || Tagged)
          Checked.push_back({A, std::move(*To), Bounded, Shadowed, Tagged,
                             Owned.count(A.At->getParent()) != 0, ownerOf(A.At),
                             Shadowed && !A.Write ? readBytes(A) : 0});
      }
    // Only the tagged accesses of the work-items read tags, each its own variable's or argument's:
    // where none reaches one, its writes by the group's own code (a copy's, a collapsed loop's)
    // need not clear its writers.
    std::set<const llvm::Value *> TagsRead;
    for (const Site &S : Checked)
      if (S.Tagged && !S.Owned)
        TagsRead.insert(S.To.Base);
    for (Site &S : Checked)
      S.Tagged = S.Tagged && (!S.Owned || TagsRead.count(S.To.Base));
    // Where the tagged accesses of one variable or argument cannot reach another work-item's
    // bytes, a test before each (computed before any check changes the kernel).
    std::map<const llvm::Value *, std::vector<const Site *>> TaggedIn;
    for (const Site &S : Checked)
      if (S.Tagged)
        TaggedIn[S.To.Base].push_back(&S);
    std::map<const Site *, llvm::Value *> Apart, Covered;
    for (const auto &[Base, Sites] : TaggedIn)
      raceFree(Sites, Apart);
    if (Uninitialized)
      initialized(Checked, Covered);
    for (const Site &S : Checked) {
      if (S.Bounded)
        guard(S.A, S.To, S.Owner);
      if (S.Shadowed)
        shadow(S.A, S.To, S.ReadBytes, Covered.count(&S) ? Covered[&S] : nullptr);
      if (S.Tagged)
        tag(S.A, S.To, S.Owned, Apart.count(&S) ? Apart[&S] : nullptr);
    }
    if (llvm::any_of(Checked, [](const Site &S) { return S.Tagged; }))
      K.addFnAttr(attr::TagsLocal);
    keptBefore(); // before: its records are told they do not alias the shadow
    separateShadow();
  }

private:
  /// What a test and its record need that is the same in every work-item of the group: the last
  /// offset from the argument at which Bytes may be accessed (extent - bytes) and whether the
  /// extent is shorter than that; the slots, the enqueued local sizes and their product, the
  /// work-group's linear id ((z * groups_y + y) * groups_x + x). Computed unconditionally from the
  /// work-group's context, so that the loops over work-items leave them out (and the loop
  /// vectorizer need not load them lane by lane under a mask): in the kernel's entry block, once
  /// per argument and size; where the access is in a kernel with barriers (entry values would be
  /// kept per work-item across them) or for a size not constant.
  struct Uniform {
    llvm::Value *Last, *TooShort, *Table, *Items, *Group, *Sizes[3];
  };
  /// The work-item's last race, if any (keep()), else its first site of reads that found a byte
  /// unmarked (markedSoFar()), goes to its slots where it ends and before each barrier (its site,
  /// for an array the description, for a race the other work-item; an uninitialized read's
  /// offset is not kept), so that nothing of it lives across a barrier in a slot per work-item;
  /// the variables become registers.
  void keptBefore() {
    if (!Kept[0] && MarkedSites.empty())
      return;
    const std::vector<llvm::CallInst *> &Barriers = BarrierCalls;
    std::vector<llvm::Instruction *> Ends(Barriers.begin(), Barriers.end());
    for (llvm::BasicBlock &BB : K)
      if (auto *R = llvm::dyn_cast<llvm::ReturnInst>(BB.getTerminator()))
        Ends.push_back(R);
    for (llvm::Instruction *End : Ends) {
      llvm::IRBuilder<> B(End);
      auto Load = [&](llvm::AllocaInst *Slot) -> llvm::Value * {
        if (!Slot)
          return B.getInt64(0);
        return B.CreateLoad(I64, Slot);
      };
      llvm::Value *Site = Load(Kept[0]), *Description = Load(Kept[1]), *Address = Load(Kept[2]);
      // A site whose reads found a byte unmarked, the first such in the kernel's order (the
      // last select), where keep() has no race.
      llvm::Value *NoRace = Kept[0] ? B.CreateICmpEQ(Site, B.getInt64(0)) : nullptr;
      for (auto M = MarkedSites.rbegin(); M != MarkedSites.rend(); ++M) {
        llvm::Type *Word = M->Seen->getAllocatedType();
        llvm::Value *Unmarked =
            B.CreateICmpNE(B.CreateLoad(Word, M->Seen),
                           allMarked(llvm::cast<llvm::IntegerType>(Word)), "check.unwritten");
        llvm::Value *Take = NoRace ? B.CreateAnd(Unmarked, NoRace) : Unmarked;
        Description =
            B.CreateSelect(Take, M->Description ? M->Description : B.getInt64(0), Description);
        Site = B.CreateSelect(Take, M->Site, Site);
      }
      Uniform U;
      group(B, U);
      B.SetInsertPoint(llvm::SplitBlockAndInsertIfThen(B.CreateICmpNE(Site, B.getInt64(0)), End, /*Unreachable=*/false));
      record(B, U, Site, Address, Description); // an argument's description is 0
      B.SetInsertPoint(End);
      for (llvm::AllocaInst *Slot : Kept)
        if (Slot)
          B.CreateStore(B.getInt64(0), Slot);
      for (const Marked &M : MarkedSites)
        B.CreateStore(allMarked(llvm::cast<llvm::IntegerType>(M.Seen->getAllocatedType())), M.Seen);
    }
    std::vector<llvm::AllocaInst *> Slots;
    for (llvm::AllocaInst *Slot : Kept)
      if (Slot)
        Slots.push_back(Slot);
    for (const Marked &M : MarkedSites)
      Slots.push_back(M.Seen);
    llvm::DominatorTree DT(K);
    llvm::PromoteMemToReg(Slots, DT);
  }

  /// The variable holding the AND of the marks read by the accesses of Site (with Description,
  /// or null for an argument) as a Word: all marked (0x0101...01) at the kernel's start and again
  /// after each record. One AND per access, where a test and two 64-bit selects per access (keep())
  /// cost the loops over work-items several instructions per local read.
  llvm::AllocaInst *markedSoFar(llvm::Constant *Site, llvm::Value *Description,
                                llvm::IntegerType *Word) {
    for (const Marked &M : MarkedSites)
      if (M.Site == Site && M.Description == Description && M.Seen->getAllocatedType() == Word)
        return M.Seen;
    llvm::IRBuilder<> E(&*K.getEntryBlock().getFirstInsertionPt());
    llvm::AllocaInst *Seen = E.CreateAlloca(Word, nullptr, "check.marked");
    E.CreateStore(allMarked(Word), Seen);
    MarkedSites.push_back({Site, Description, Seen});
    return Seen;
  }
  static llvm::Constant *allMarked(llvm::IntegerType *Word) {
    return llvm::ConstantInt::get(Word,
                                  llvm::APInt::getSplat(Word->getBitWidth(), llvm::APInt(8, 1)));
  }

  /// Keeps Site, Description and Address as the work-item's last race, in Kept's variables (in
  /// a branch taken only on a race; keptBefore() records them).
  void keep(llvm::IRBuilder<> &B, llvm::Value *Site, llvm::Value *Description,
            llvm::Value *Address) {
    for (llvm::AllocaInst *&Slot : Kept)
      if (!Slot) {
        llvm::IRBuilder<> E(&*K.getEntryBlock().getFirstInsertionPt());
        Slot = E.CreateAlloca(I64, nullptr, "check.unread");
        E.CreateStore(E.getInt64(0), Slot);
      }
    llvm::Value *Values[3] = {Site, Description ? Description : B.getInt64(0), Address};
    for (int I = 0; I < 3; ++I)
      B.CreateStore(Values[I], Kept[I]);
  }

  /// The shadow is memory no access of the kernel reaches: its loads and marks get a scope of
  /// their own, which every other load, store and memory intrinsic of the kernel is told it does
  /// not alias (calls are not: the copy engine marks the shadow), so that the loops over
  /// work-items still vectorize and keep their values in registers.
  void separateShadow() {
    if (ShadowAccesses.empty())
      return;
    llvm::MDBuilder MDB(C);
    llvm::MDNode *Scope = llvm::MDNode::get(
        C, {MDB.createAnonymousAliasScope(MDB.createAnonymousAliasScopeDomain("weft.check-shadow"), "shadow")});
    const std::set<llvm::Instruction *> Shadows(ShadowAccesses.begin(), ShadowAccesses.end());
    for (llvm::Instruction &I : llvm::instructions(K)) {
      const bool Memory = llvm::isa<llvm::LoadInst, llvm::StoreInst, llvm::AtomicRMWInst, llvm::AtomicCmpXchgInst,
                                    llvm::MemIntrinsic>(I);
      if (!Memory)
        continue;
      const unsigned Kind = Shadows.count(&I) ? llvm::LLVMContext::MD_alias_scope : llvm::LLVMContext::MD_noalias;
      I.setMetadata(Kind, llvm::MDNode::concatenate(I.getMetadata(Kind), Scope));
      if (Shadows.count(&I))
        checkAccess(&I, /*Shadow=*/true);
    }
  }

  /// The first record of a work-item, unless it has one: Site, and Address in its address entry,
  /// the work-group and, for an array, To's description (abi::CheckSite).
  /// OwnerX, where not null, is the x id of the work-item whose iteration of a collapsed loop made
  /// the access (work-item x == 0 runs them all).
  void record(llvm::IRBuilder<> &B, const Uniform &U, llvm::Value *Site, llvm::Value *Address,
              llvm::Value *Description, llvm::Value *OwnerX = nullptr) {
    llvm::Value *Lid = linearId(B, U.Sizes, OwnerX);
    llvm::Value *SiteSlot = B.CreateGEP(I64, U.Table, Lid);
    llvm::Value *Empty = B.CreateICmpEQ(checkAccess(B.CreateLoad(I64, SiteSlot)), B.getInt64(0));
    llvm::Instruction *Write = llvm::SplitBlockAndInsertIfThen(Empty, &*B.GetInsertPoint(), /*Unreachable=*/false);
    B.SetInsertPoint(Write);
    checkAccess(B.CreateStore(Site, SiteSlot));
    checkAccess(B.CreateStore(Address, B.CreateGEP(I64, U.Table, B.CreateAdd(Lid, U.Items))));
    checkAccess(B.CreateStore(
        U.Group, B.CreateGEP(I64, U.Table, B.CreateAdd(Lid, B.CreateMul(U.Items, B.getInt64(2))))));
    if (Description)
      checkAccess(B.CreateStore(
          Description,
          B.CreateGEP(I64, U.Table, B.CreateAdd(Lid, B.CreateMul(U.Items, B.getInt64(3))))));
  }
  /// I, marked as a check's own access (attr::CheckAccess): of the shadow or the tags (Shadow),
  /// or of the slots.
  llvm::Instruction *checkAccess(llvm::Instruction *I, bool Shadow = false) {
    I->setMetadata(attr::CheckAccess,
                   llvm::MDNode::get(C, {llvm::MDString::get(C, Shadow ? attr::CheckAccessShadow
                                                                       : attr::CheckAccessSlots)}));
    return I;
  }
  /// The work-item's local linear id over the enqueued local sizes Sizes, as the slots and the
  /// race checks' tags number work-items.
  llvm::Value *linearId(llvm::IRBuilder<> &B, llvm::Value *const *Sizes,
                        llvm::Value *OwnerX = nullptr) {
    llvm::Value *Lid = B.getInt64(0);
    for (int D = 2; D >= 0; --D) {
      llvm::Value *Id = D == 0 && OwnerX ? OwnerX : B.CreateCall(LocalId, {B.getInt32(D)});
      Lid = B.CreateAdd(B.CreateMul(Lid, Sizes[D]), Id);
    }
    return Lid;
  }
  /// An array's description as a record's memory entry; null for an argument.
  llvm::Value *descriptionOf(llvm::IRBuilder<> &B, const Memory &To) {
    return To.Arg ? nullptr : B.CreatePtrToInt(description(To.Description), I64);
  }

  static std::pair<unsigned, unsigned> lineOf(const llvm::Instruction *I) {
    if (const llvm::DebugLoc &Loc = I->getDebugLoc())
      return {Loc.getLine(), Loc.getCol()};
    return {0, 0};
  }

  /// The bytes a read uses, from its first: a vector load whose users all take lanes of it
  /// (shuffles, extracts) uses those up to the last one taken (Clang loads a float3 as a float4, whose fourth
  /// lane is padding nothing writes); else all.
  static uint64_t readBytes(const Access &A) {
    const uint64_t Bytes = llvm::cast<llvm::ConstantInt>(A.Bytes)->getZExtValue(); // a load or atomic's
    auto *Vector = llvm::dyn_cast<llvm::FixedVectorType>(A.At->getType());
    if (!Vector || !llvm::isa<llvm::LoadInst>(A.At) || A.At->use_empty())
      return Bytes;
    const int Lanes = int(Vector->getNumElements());
    int Last = -1;
    for (const llvm::User *U : A.At->users()) {
      if (const auto *Extract = llvm::dyn_cast<llvm::ExtractElementInst>(U)) {
        const auto *Lane = llvm::dyn_cast<llvm::ConstantInt>(Extract->getIndexOperand());
        if (!Lane || Lane->getZExtValue() >= uint64_t(Lanes))
          return Bytes;
        Last = std::max(Last, int(Lane->getZExtValue()));
        continue;
      }
      const auto *Shuffle = llvm::dyn_cast<llvm::ShuffleVectorInst>(U);
      if (!Shuffle || Shuffle->getOperand(0) != A.At || !llvm::isa<llvm::UndefValue>(Shuffle->getOperand(1)))
        return Bytes;
      for (int Lane : Shuffle->getShuffleMask())
        if (Lane < Lanes)
          Last = std::max(Last, Lane);
    }
    return Bytes / Lanes * uint64_t(Last + 1);
  }

  /// A's bytes in the shadow of local memory (WorkGroupContext::LocalShadow): a read (an atomic
  /// reads too) of a byte nothing marked is recorded, then a write marks them. Not for a
  /// refused access: it comes after guard()'s test, with the access.
  void shadow(const Access &A, const Memory &To, uint64_t ReadBytes,
              llvm::Value *Covered = nullptr) {
    // Where Covered holds, the marks are not read.
    llvm::IRBuilder<> B(unlessSure(A.At, Covered, "check.unsure"));
    llvm::Value *Offset = B.CreateSub(B.CreatePtrToInt(A.Pointer, I64), B.CreateCall(LocalMemory, {}), "check.local");
    llvm::Value *At = B.CreateGEP(B.getInt8Ty(), B.CreateCall(Shadow, {}, "check.shadow"), Offset, "check.shadow.at");
    const bool Reads = !A.Write || llvm::isa<llvm::AtomicRMWInst>(A.At) || llvm::isa<llvm::AtomicCmpXchgInst>(A.At);
    if (Reads) {
      // Every byte marked: the marks, as one integer, are 0x0101...01.
      const uint64_t Bytes = A.Write ? llvm::cast<llvm::ConstantInt>(A.Bytes)->getZExtValue() : ReadBytes;
      llvm::IntegerType *Word = B.getIntNTy(unsigned(Bytes * 8));
      llvm::LoadInst *Marks = B.CreateAlignedLoad(Word, At, llvm::Align(1), "check.marks");
      ShadowAccesses.push_back(Marks);
      // The marks of every read of this site ANDed together: all bytes marked leaves 0x0101...01,
      // tested where the work-item ends and before each barrier (keptBefore).
      const auto [Line, Column] = lineOf(A.At);
      const uint64_t ArgNo = To.Arg ? To.Arg->getArgNo() : 0;
      const uint64_t Site = abi::CheckSite::UninitializedSite | abi::CheckSite::pack(false, ArgNo, Bytes, Line, Column);
      llvm::AllocaInst *Seen = markedSoFar(B.getInt64(Site), descriptionOf(B, To), Word);
      B.CreateStore(B.CreateAnd(B.CreateLoad(Word, Seen), Marks, "check.marked"), Seen);
    }
    // A mark of a constant size is one integer store (a memset would become one later, without
    // the scope separateShadow() gives it).
    if (auto *Bytes = llvm::dyn_cast<llvm::ConstantInt>(A.Bytes); A.Write && Bytes && Bytes->getZExtValue() <= 128) {
      llvm::IntegerType *Word = B.getIntNTy(unsigned(Bytes->getZExtValue() * 8));
      ShadowAccesses.push_back(B.CreateAlignedStore(
          llvm::ConstantInt::get(Word, llvm::APInt::getSplat(Word->getBitWidth(), llvm::APInt(8, 1))), At, llvm::Align(1)));
    } else if (A.Write) {
      ShadowAccesses.push_back(B.CreateMemSet(At, B.getInt8(1), A.Bytes, llvm::MaybeAlign(1)));
    }
  }

  /// Where to put a check that Sure (if not null) shows unneeded: a block before At entered only
  /// where `__weft_check_unsure(!Sure)` (Name) holds, a test weft-check-rows folds in the copies
  /// of loops over work-items it runs where Sure holds throughout; else At.
  llvm::Instruction *unlessSure(llvm::Instruction *At, llvm::Value *Sure, const char *Name) {
    if (!Sure)
      return At;
    llvm::IRBuilder<> B(At);
    return llvm::SplitBlockAndInsertIfThen(B.CreateCall(Unsure, {B.CreateNot(Sure)}, Name), At,
                                           /*Unreachable=*/false);
  }

  /// Whether the kernel may order its work-items' accesses with atomics: an atomic operation
  /// stronger than relaxed (acquire, release, seq_cst: a lock, C11 atomics without _explicit) or a
  /// fence. Accesses such orderings make visible to another work-item do not race, and the tags
  /// do not follow them (no clock per work-item), so such kernels get no race checks at all.
  bool ordersWithAtomics() const {
    auto Strong = [](llvm::AtomicOrdering O) {
      return O != llvm::AtomicOrdering::NotAtomic && O != llvm::AtomicOrdering::Unordered &&
             O != llvm::AtomicOrdering::Monotonic;
    };
    for (const llvm::Instruction &I : llvm::instructions(K)) {
      if (llvm::isa<llvm::FenceInst>(I))
        return true;
      if (auto *Call = llvm::dyn_cast<llvm::CallInst>(&I))
        if (const llvm::Function *Callee = Call->getCalledFunction(); Callee && isFence(Callee->getName()))
          return true;
      if (auto *L = llvm::dyn_cast<llvm::LoadInst>(&I); L && Strong(L->getOrdering()))
        return true;
      if (auto *S = llvm::dyn_cast<llvm::StoreInst>(&I); S && Strong(S->getOrdering()))
        return true;
      if (auto *R = llvm::dyn_cast<llvm::AtomicRMWInst>(&I); R && Strong(R->getOrdering()))
        return true;
      if (auto *X = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(&I);
          X && (Strong(X->getSuccessOrdering()) || Strong(X->getFailureOrdering())))
        return true;
    }
    return false;
  }

  /// Whether A's bytes get tags for race checks: loads, stores and memory intrinsics of up to 128
  /// bytes (a constant count); atomics (atomic loads and stores too: atomic_store,
  /// atomic_flag_clear) do not race.
  static bool raced(const Access &A) {
    auto *Bytes = llvm::dyn_cast<llvm::ConstantInt>(A.Bytes);
    if (!Bytes || Bytes->isZero() || Bytes->getZExtValue() > 128 || A.At->isAtomic())
      return false;
    return llvm::isa<llvm::LoadInst, llvm::StoreInst, llvm::MemIntrinsic>(A.At);
  }

  /// The blocks where the first work-item runs what the work-group or a row of it does once:
  /// those that a branch reaches only when the library's `__weft_first_work_item()` (an async copy
  /// made in the kernel, builtins/src/async.cl) or weft-group-stride-loops' collapsed test (a
  /// row's loop over local or global ids) holds, the branch's condition built of it with `not`,
  /// `and` and `or` (as instructions or selects).
  std::set<llvm::BasicBlock *> groupOwnedBlocks() {
    std::set<llvm::BasicBlock *> Owned;
    llvm::Function *First = M.getFunction("__weft_first_work_item");
    // Whether V being Taken implies the first work-item's test holds.
    std::function<bool(llvm::Value *, bool)> Implies = [&](llvm::Value *V, bool Taken) {
      using namespace llvm::PatternMatch;
      if (auto *I = llvm::dyn_cast<llvm::Instruction>(V); I && I->hasMetadata(attr::Collapsed))
        return Taken;
      if (auto *Call = llvm::dyn_cast<llvm::CallInst>(V); Call && First && Call->getCalledFunction() == First)
        return Taken;
      llvm::Value *A, *B;
      if (match(V, m_Not(m_Value(A))))
        return Implies(A, !Taken);
      if (match(V, m_LogicalAnd(m_Value(A), m_Value(B))))
        return Taken && (Implies(A, true) || Implies(B, true));
      if (match(V, m_LogicalOr(m_Value(A), m_Value(B))))
        return !Taken && (Implies(A, false) || Implies(B, false));
      return false;
    };
    llvm::DominatorTree DT(K);
    for (llvm::BasicBlock &BB : K) {
      auto *Br = llvm::dyn_cast<llvm::BranchInst>(BB.getTerminator());
      if (!Br || !Br->isConditional())
        continue;
      for (unsigned S = 0; S < 2; ++S) {
        if (!Implies(Br->getCondition(), S == 0))
          continue;
        const llvm::BasicBlockEdge Taken(&BB, Br->getSuccessor(S));
        for (llvm::BasicBlock &Other : K)
          if (DT.dominates(Taken, &Other))
            Owned.insert(&Other);
      }
    }
    return Owned;
  }

  /// The instructions reachable from From without passing a barrier, nor Stop (left out; where
  /// met, *Met is set).
  std::vector<const llvm::Instruction *> reach(const llvm::Instruction *From,
                                               const llvm::Instruction *Stop = nullptr,
                                               bool *Met = nullptr) const {
    std::vector<const llvm::Instruction *> Found;
    std::set<const llvm::BasicBlock *> Entered;
    std::vector<const llvm::Instruction *> Work = {From};
    while (!Work.empty()) {
      const llvm::Instruction *I = Work.back();
      Work.pop_back();
      const llvm::BasicBlock *Block = I->getParent();
      bool Stopped = false;
      for (; I && !Stopped; I = I->getNextNode()) {
        if (I == Stop && Met)
          *Met = true;
        Stopped = I == Stop || llvm::is_contained(BarrierCalls, I);
        if (!Stopped)
          Found.push_back(I);
      }
      if (Stopped)
        continue;
      for (const llvm::BasicBlock *Next : llvm::successors(Block))
        if (Entered.insert(Next).second)
          Work.push_back(&Next->front());
    }
    return Found;
  }

  /// The kernel's barrier intervals: what is reachable from its start, or from a barrier, without
  /// passing another barrier. Every work-item of the group runs its part of one interval before
  /// any runs the next.
  void findIntervals() {
    Starts = {&K.getEntryBlock().front()};
    for (llvm::CallInst *Barrier : BarrierCalls)
      Starts.push_back(Barrier->getNextNode());
    for (const llvm::Instruction *Start : Starts) {
      std::vector<const llvm::Instruction *> In = reach(Start);
      Intervals.emplace_back(In.begin(), In.end());
    }
  }

  /// The reads of the kernel's local memory that no write can race with: every barrier interval
  /// that holds them writes nothing of the variable or argument they read. A race needs a write
  /// in the same interval (reads do not race with reads, and a write in a later interval compares
  /// only that interval's reader tags), so these reads need no tags: a tiled kernel's loops that
  /// only read its tiles then run as unchecked. A write LLVM cannot trace to one variable or
  /// argument (a pointer to local or generic memory loaded or chosen, a call that may write
  /// memory) counts as a write of all.
  std::set<const llvm::Instruction *> readsWithoutWriters(const std::vector<Access> &Accesses) {
    std::map<const llvm::Instruction *, std::vector<const Access *>> At;
    for (const Access &A : Accesses)
      At[A.At].push_back(&A);
    // The kernel's local variable or argument an access reaches; null where it reaches other
    // memory (global, private, the library's own local variables) and Any where it may be any.
    const llvm::Value *const Any = &K;
    auto Target = [&](const Access &A) -> const llvm::Value * {
      if (std::optional<Memory> To = memoryOf(A.Pointer, K))
        return To->Local ? To->Base : nullptr;
      const unsigned Space = A.Pointer->getType()->getPointerAddressSpace();
      return Space == LocalSpace || Space == GenericSpace ? Any : nullptr;
    };
    auto Harmless = [](const llvm::Instruction &I) {
      auto *Intrinsic = llvm::dyn_cast<llvm::IntrinsicInst>(&I);
      return Intrinsic &&
             (Intrinsic->isLifetimeStartOrEnd() || Intrinsic->isAssumeLikeIntrinsic() ||
              llvm::isa<llvm::DbgInfoIntrinsic>(Intrinsic));
    };
    std::set<const llvm::Instruction *> Raced;
    for (const std::set<const llvm::Instruction *> &Interval : Intervals) {
      std::set<const llvm::Value *> Written;
      bool AnyWritten = false;
      std::vector<const llvm::Instruction *> Reads;
      for (const llvm::Instruction *I : Interval) {
        if (auto Found = At.find(I); Found != At.end()) {
          for (const Access *A : Found->second) {
            const llvm::Value *T = Target(*A);
            if (A->Write && T == Any)
              AnyWritten = true;
            else if (A->Write && T)
              Written.insert(T);
            else if (!A->Write && T && T != Any)
              Reads.push_back(I);
          }
        } else if (llvm::isa<llvm::CallBase>(I) && I->mayWriteToMemory() && !Harmless(*I)) {
          AnyWritten = true;
        }
      }
      for (const llvm::Instruction *R : Reads)
        for (const Access *A : At[R])
          if (!A->Write && (AnyWritten || Written.count(Target(*A))))
            Raced.insert(R);
    }
    std::set<const llvm::Instruction *> Unraced;
    for (const Access &A : Accesses)
      if (!A.Write && !Raced.count(A.At))
        Unraced.insert(A.At);
    return Unraced;
  }

  /// How an access's byte offset in its memory depends on the work-item: the sum of Step[d] times
  /// local id d, Uniform and Constant, where the steps and Uniform are the same in every
  /// work-item of the group (made of constants, the kernel's arguments and the group's queries).
  struct Shape {
    const llvm::SCEV *Step[3];
    const llvm::SCEV *Uniform;
    int64_t Constant;
    /// With recurrences allowed (shapeOf): what loops inside the work-item add, each a step the
    /// same in the group over the loop's iterations, its backedge-taken count.
    std::vector<std::pair<const llvm::SCEV *, const llvm::SCEV *>> Sweeps = {};
    /// Sign extensions of narrow sums and products taken apart (shapeOf): each such sum's shape,
    /// computed wide, and its width, which its values must fit for the shape to hold.
    std::vector<std::pair<std::shared_ptr<const Shape>, unsigned>> Narrow = {};
  };

  /// Whether V holds the same value in every work-item of the group where it is used: a
  /// constant, an argument, a query of the group's sizes and ids, arithmetic on such values, and
  /// the PHIs of loops in which every iteration passes a barrier (all work-items are in the same
  /// iteration) over such values. Not loads (whose values are uniform only if nothing races).
  bool uniformValue(const llvm::Value *V) {
    if (llvm::isa<llvm::Constant, llvm::Argument>(V))
      return true;
    auto *I = llvm::dyn_cast<llvm::Instruction>(V);
    if (!I)
      return false;
    if (auto Known = UniformValues.find(I); Known != UniformValues.end())
      return Known->second;
    if (auto *Call = llvm::dyn_cast<llvm::CallInst>(I)) {
      const llvm::Function *Callee = Call->getCalledFunction();
      bool Query = false;
      if (Callee)
        switch (workItemQueryOf(Callee->getName())) {
        case WorkItemQuery::GlobalSize:
        case WorkItemQuery::LocalSize:
        case WorkItemQuery::EnqueuedLocalSize:
        case WorkItemQuery::NumGroups:
        case WorkItemQuery::GroupId:
        case WorkItemQuery::GlobalOffset:
        case WorkItemQuery::WorkDim:
          Query = llvm::all_of(Call->args(),
                               [&](const llvm::Use &A) { return llvm::isa<llvm::Constant>(A); });
          break;
        default:
          break;
        }
      return UniformValues[I] = Query;
    }
    if (I->mayReadOrWriteMemory() || I->mayHaveSideEffects() || llvm::isa<llvm::AllocaInst>(I))
      return UniformValues[I] = false;
    if (auto *Phi = llvm::dyn_cast<llvm::PHINode>(I)) {
      const llvm::Loop *L = Loops.getLoopFor(Phi->getParent());
      if (!L || L->getHeader() != Phi->getParent() || !L->getLoopLatch() ||
          !everyIterationWaits(*L))
        return UniformValues[I] = false;
    }
    // Optimistic around the cycles of loop PHIs: a PHI is uniform if its values are.
    UniformValues[I] = true;
    const bool Uniform =
        llvm::all_of(I->operands(), [&](const llvm::Use &Op) { return uniformValue(Op.get()); });
    if (!Uniform) // what assumed it uniform meanwhile is asked again
      UniformValues.clear();
    return UniformValues[I] = Uniform;
  }

  /// Whether every iteration of L passes a barrier (one dominates its latch).
  bool everyIterationWaits(const llvm::Loop &L) {
    for (llvm::CallInst *Barrier : BarrierCalls)
      if (L.contains(Barrier) && Tree.dominates(Barrier->getParent(), L.getLoopLatch()))
        return true;
    return false;
  }

  /// Whether S is the same in every work-item of the group (uniformValue()'s leaves, no
  /// recurrences).
  bool sameInGroup(const llvm::SCEV *S) {
    return !llvm::SCEVExprContains(S, [&](const llvm::SCEV *X) {
      if (llvm::isa<llvm::SCEVAddRecExpr>(X))
        return true;
      auto *U = llvm::dyn_cast<llvm::SCEVUnknown>(X);
      return U && !uniformValue(U->getValue());
    });
  }

  /// The dimension whose local id S is (also extended from a truncation to 16 bits or more, which
  /// keeps every local id: a work-group has at most 8192 work-items), or -1.
  static int localIdOf(const llvm::SCEV *S) {
    while (auto *Cast = llvm::dyn_cast<llvm::SCEVCastExpr>(S)) {
      if (llvm::isa<llvm::SCEVTruncateExpr>(Cast) && Cast->getType()->getIntegerBitWidth() < 16)
        return -1;
      if (!llvm::isa<llvm::SCEVTruncateExpr, llvm::SCEVZeroExtendExpr, llvm::SCEVSignExtendExpr>(
              Cast))
        return -1;
      S = Cast->getOperand();
    }
    auto *U = llvm::dyn_cast<llvm::SCEVUnknown>(S);
    auto *Call = U ? llvm::dyn_cast<llvm::CallInst>(U->getValue()) : nullptr;
    const llvm::Function *Callee = Call ? Call->getCalledFunction() : nullptr;
    if (!Callee || workItemQueryOf(Callee->getName()) != WorkItemQuery::LocalId)
      return -1;
    auto *D = llvm::dyn_cast<llvm::ConstantInt>(Call->getArgOperand(0));
    return D && D->getZExtValue() < 3 ? int(D->getZExtValue()) : -1;
  }

  /// A's offset in To as a Shape, where ScalarEvolution can write it so. A sign extension of a
  /// sum or product (an int index: `t[ly * 16 + lx]`) is taken as the sum or product of the
  /// extended parts, under a test that the narrow value fits (Shape::Narrow). Recurrences: loops
  /// inside the work-item may add sweeps (Shape::Sweeps), else their recurrences fail the shape.
  std::optional<Shape> shapeOf(const Access &A, const Memory &To, bool Recurrences = false) {
    const llvm::SCEV *Offset = SE.getMinusSCEV(SE.getSCEV(A.Pointer), SE.getSCEV(To.Base));
    if (llvm::isa<llvm::SCEVCouldNotCompute>(Offset) || !Offset->getType()->isIntegerTy(64))
      return std::nullopt;
    llvm::Type *Ty = Offset->getType();
    const llvm::SCEV *Zero = SE.getZero(Ty);
    Shape Found{{Zero, Zero, Zero}, Zero, 0};
    // Adds Scale (the same in the group) times S to Into, if S is of the shape.
    std::function<bool(const llvm::SCEV *, const llvm::SCEV *, Shape &)> Add =
        [&](const llvm::SCEV *S, const llvm::SCEV *Scale, Shape &Into) {
          if (S->getType() != Ty)
            return false;
          auto *C = llvm::dyn_cast<llvm::SCEVConstant>(S);
          auto *K = llvm::dyn_cast<llvm::SCEVConstant>(Scale);
          if (C && K) {
            if (C->getAPInt().getMinSignedBits() > 32 || K->getAPInt().getMinSignedBits() > 32)
              return false;
            Into.Constant += (C->getAPInt() * K->getAPInt()).getSExtValue();
            return true;
          }
          if (sameInGroup(S)) {
            Into.Uniform = SE.getAddExpr(Into.Uniform, SE.getMulExpr(Scale, S));
            return true;
          }
          if (const int D = localIdOf(S); D >= 0) {
            Into.Step[D] = SE.getAddExpr(Into.Step[D], Scale);
            return true;
          }
          // {Start, +, Step} over a loop: Start's shape, and a sweep of Step (the same in the
          // group) over the loop's iterations, a count the same in the group.
          if (auto *Rec = llvm::dyn_cast<llvm::SCEVAddRecExpr>(S);
              Rec && Recurrences && Rec->isAffine()) {
            const llvm::SCEV *Step = SE.getMulExpr(Scale, Rec->getStepRecurrence(SE));
            const llvm::Loop *Over = Rec->getLoop();
            const llvm::SCEV *Count = SE.getBackedgeTakenCount(Over);
            if (llvm::isa<llvm::SCEVCouldNotCompute>(Count) || !sameInGroup(Step) ||
                !sameInGroup(Count))
              return false;
            // An access after the loop's exit test (a loop tested at its top: its body) sees one
            // value fewer.
            const llvm::BasicBlock *Exiting = Over->getExitingBlock(), *Block = A.At->getParent();
            if (Exiting && Over->contains(Block) && Exiting != Block &&
                Tree.dominates(Exiting, Block))
              Count = SE.getMinusSCEV(Count, SE.getOne(Count->getType()));
            Into.Sweeps.emplace_back(Step, SE.getTruncateOrZeroExtend(Count, Ty));
            return Add(Rec->getStart(), Scale, Into);
          }
          if (auto *Sum = llvm::dyn_cast<llvm::SCEVAddExpr>(S))
            return llvm::all_of(Sum->operands(),
                                [&](const llvm::SCEV *Op) { return Add(Op, Scale, Into); });
          if (auto *Product = llvm::dyn_cast<llvm::SCEVMulExpr>(S)) {
            // One factor that differs between work-items, times the rest.
            const llvm::SCEV *Varying = nullptr;
            llvm::SmallVector<const llvm::SCEV *, 4> Rest = {Scale};
            for (const llvm::SCEV *F : Product->operands()) {
              if (sameInGroup(F))
                Rest.push_back(F);
              else if (!Varying)
                Varying = F;
              else
                return false;
            }
            return Varying && Add(Varying, SE.getMulExpr(Rest), Into);
          }
          // A sign extension of a narrow sum or product: the sum or product of the extended parts,
          // where the narrow one does not wrap (OpenCL C's signed arithmetic need not, but an
          // unsigned one may): its value over the ids, computed wide, must then fit the narrow type
          // (Shape::Narrow, tested with the rest).
          if (auto *Ext = llvm::dyn_cast<llvm::SCEVSignExtendExpr>(S)) {
            const llvm::SCEV *In = Ext->getOperand(), *Wide = nullptr;
            llvm::SmallVector<const llvm::SCEV *, 4> Parts;
            if (auto *Nary = llvm::dyn_cast<llvm::SCEVNAryExpr>(In);
                Nary && llvm::isa<llvm::SCEVAddExpr, llvm::SCEVMulExpr>(In))
              for (const llvm::SCEV *Op : Nary->operands())
                Parts.push_back(SE.getSignExtendExpr(Op, Ty));
            if (llvm::isa<llvm::SCEVAddExpr>(In))
              Wide = SE.getAddExpr(Parts);
            else if (llvm::isa<llvm::SCEVMulExpr>(In))
              Wide = SE.getMulExpr(Parts);
            if (!Wide || llvm::isa<llvm::SCEVSignExtendExpr>(Wide))
              return false;
            auto Inner = std::make_shared<Shape>(Shape{{Zero, Zero, Zero}, Zero, 0});
            if (!Add(Wide, SE.getOne(Ty), *Inner))
              return false;
            Into.Narrow.insert(Into.Narrow.end(), Inner->Narrow.begin(), Inner->Narrow.end());
            Into.Narrow.emplace_back(Inner, In->getType()->getIntegerBitWidth());
            return Add(Wide, Scale, Into);
          }
          return false;
        };
    if (!Add(Offset, SE.getOne(Ty), Found))
      return std::nullopt;
    return Found;
  }

  /// The local ids an access runs for, as far as the branches to it tell: for each dimension
  /// [Lo, Hi) (64-bit; null: unbounded), from `id < x`, `id <= x`, `id == x`, `id > x`, `id >= x`
  /// (and the operands of `&&`, or the negation and `||` on a branch's false edge) with x the
  /// same in the group.
  struct Guards {
    const llvm::SCEV *Lo[3] = {}, *Hi[3] = {};
    /// Whether exactly the ids within the bounds run the access, once they run the kernel: each
    /// branch to it tests only the ids and values the same in the group, and its block follows
    /// each such branch's way on every path (post-dominance).
    bool Complete = true;
    /// The dimensions where exactly one id runs it (Hi = Lo + 1).
    bool pinned(int D, llvm::ScalarEvolution &SE) const {
      if (!Lo[D] || !Hi[D])
        return false;
      auto *Width = llvm::dyn_cast<llvm::SCEVConstant>(SE.getMinusSCEV(Hi[D], Lo[D]));
      return Width && Width->getAPInt() == 1;
    }
  };

  Guards guardsOf(const llvm::Instruction *At) {
    Guards G;
    llvm::Type *I64Ty = I64;
    // Holds says whether Condition is true where At runs.
    std::function<void(llvm::Value *, bool)> Take = [&](llvm::Value *Condition, bool Holds) {
      using namespace llvm::PatternMatch;
      llvm::Value *A, *B;
      if (Holds && match(Condition, m_LogicalAnd(m_Value(A), m_Value(B)))) {
        Take(A, true);
        Take(B, true);
        return;
      }
      if (!Holds && match(Condition, m_LogicalOr(m_Value(A), m_Value(B)))) {
        Take(A, false);
        Take(B, false);
        return;
      }
      if (match(Condition, m_Not(m_Value(A)))) {
        Take(A, !Holds);
        return;
      }
      // A test the same in every work-item bounds no id; a test of an id against such a value
      // bounds it; any other test leaves the bounds incomplete.
      const bool Uniform = uniformValue(Condition);
      bool Bounded = false;
      auto *Cmp = llvm::dyn_cast<llvm::ICmpInst>(Condition);
      if (Cmp && Cmp->getOperand(0)->getType()->isIntegerTy() &&
          Cmp->getOperand(0)->getType()->getIntegerBitWidth() <= 64) {
        llvm::CmpInst::Predicate Pred = Holds ? Cmp->getPredicate() : Cmp->getInversePredicate();
        llvm::Value *Id = Cmp->getOperand(0), *Bound = Cmp->getOperand(1);
        int D = localIdOf(SE.getSCEV(Id));
        if (D < 0) {
          std::swap(Id, Bound);
          Pred = llvm::CmpInst::getSwappedPredicate(Pred);
          D = localIdOf(SE.getSCEV(Id));
        }
        const llvm::SCEV *X = SE.getSCEV(Bound);
        if (D >= 0 && sameInGroup(X)) {
          // The ranges below are signed: an unsigned bound past 2^62 is as good as 2^62 (no id
          // gets near it).
          if (llvm::CmpInst::isSigned(Pred))
            X = SE.getTruncateOrSignExtend(X, I64Ty);
          else
            X = SE.getUMinExpr(SE.getTruncateOrZeroExtend(X, I64Ty),
                               SE.getConstant(I64Ty, uint64_t(1) << 62));
          const llvm::SCEV *One = SE.getOne(I64Ty);
          auto Below = [&](const llvm::SCEV *H) {
            G.Hi[D] = G.Hi[D] ? SE.getSMinExpr(G.Hi[D], H) : H;
          };
          auto Above = [&](const llvm::SCEV *L) {
            G.Lo[D] = G.Lo[D] ? SE.getSMaxExpr(G.Lo[D], L) : L;
          };
          Bounded = true;
          switch (Pred) {
          case llvm::CmpInst::ICMP_ULT:
          case llvm::CmpInst::ICMP_SLT:
            Below(X);
            break;
          case llvm::CmpInst::ICMP_ULE:
          case llvm::CmpInst::ICMP_SLE:
            Below(SE.getAddExpr(X, One));
            break;
          case llvm::CmpInst::ICMP_UGT:
          case llvm::CmpInst::ICMP_SGT:
            Above(SE.getAddExpr(X, One));
            break;
          case llvm::CmpInst::ICMP_UGE:
          case llvm::CmpInst::ICMP_SGE:
            Above(X);
            break;
          case llvm::CmpInst::ICMP_EQ:
            Above(X);
            Below(SE.getAddExpr(X, One));
            break;
          default: // id != x: some ids
            Bounded = false;
            break;
          }
        }
      }
      G.Complete &= Uniform || Bounded;
    };
    // The branches whose ways lead only to At's block, from the entry down; for completeness,
    // each branch's block follows the last way taken on every path, and At's block the last.
    const llvm::BasicBlock *Block = At->getParent();
    std::vector<std::pair<const llvm::BasicBlock *, const llvm::BasicBlock *>> Ways;
    for (llvm::DomTreeNode *N = Tree.getNode(Block) ? Tree.getNode(Block)->getIDom() : nullptr; N;
         N = N->getIDom()) {
      const llvm::Instruction *Term = N->getBlock()->getTerminator();
      auto *Br = llvm::dyn_cast<llvm::BranchInst>(Term);
      if (!Br || !Br->isConditional()) {
        G.Complete &= Term->getNumSuccessors() <= 1;
        continue;
      }
      for (unsigned Way = 0; Way < 2; ++Way)
        if (Br->getSuccessor(0) != Br->getSuccessor(1) &&
            Tree.dominates(llvm::BasicBlockEdge(N->getBlock(), Br->getSuccessor(Way)), Block)) {
          Take(Br->getCondition(), Way == 0);
          Ways.emplace_back(N->getBlock(), Br->getSuccessor(Way));
        }
    }
    const llvm::BasicBlock *Reached = &K.getEntryBlock();
    for (auto Way = Ways.rbegin(); Way != Ways.rend(); ++Way) {
      G.Complete &= PostTree.dominates(Way->first, Reached);
      Reached = Way->second;
    }
    G.Complete &= PostTree.dominates(Block, Reached);
    return G;
  }

  /// Code at B for the values an access's check needs, the same in the group: Expand gives a
  /// SCEV's value, Items the enqueued local sizes.
  struct Emitter {
    llvm::IRBuilder<> &B;
    std::function<llvm::Value *(const llvm::SCEV *)> Expand;
    llvm::Value *Items[3];

    /// The ids [From, To) of dimension D that G lets through.
    std::pair<llvm::Value *, llvm::Value *> ids(const Guards &G, int D) {
      llvm::Value *From = B.getInt64(0), *To = Items[D];
      if (G.Lo[D])
        From = B.CreateBinaryIntrinsic(llvm::Intrinsic::smax, From, Expand(G.Lo[D]));
      if (G.Hi[D])
        To = B.CreateBinaryIntrinsic(llvm::Intrinsic::smin, To, Expand(G.Hi[D]));
      return {From, To};
    }

    /// The bytes [Least, Most) an access of shape Sh, Bytes at a time, reaches over the ids G lets
    /// through and its sweeps; Empty where G lets none through.
    struct Span {
      llvm::Value *Least, *Most, *Empty;
    };
    Span span(const Shape &Sh, const Guards &G, uint64_t Bytes) {
      llvm::Value *Least = B.CreateAdd(Expand(Sh.Uniform), B.getInt64(Sh.Constant)), *Most = Least,
                  *Empty = B.getFalse();
      auto Add = [&](llvm::Value *First, llvm::Value *Last) {
        Least = B.CreateAdd(Least, B.CreateBinaryIntrinsic(llvm::Intrinsic::smin, First, Last));
        Most = B.CreateAdd(Most, B.CreateBinaryIntrinsic(llvm::Intrinsic::smax, First, Last));
      };
      for (int D = 0; D < 3; ++D) {
        auto [From, To] = ids(G, D);
        Empty = B.CreateOr(Empty, B.CreateICmpSLE(To, From));
        llvm::Value *Step = Expand(Sh.Step[D]);
        Add(B.CreateMul(Step, From), B.CreateMul(Step, B.CreateSub(To, B.getInt64(1))));
      }
      for (const auto &[Step, Count] : Sh.Sweeps)
        Add(B.getInt64(0), B.CreateMul(Expand(Step), Expand(Count)));
      return {Least, B.CreateAdd(Most, B.getInt64(int64_t(Bytes))), Empty};
    }

    /// Whether Sh's narrow sums and products (Shape::Narrow) fit their types over the ids G lets
    /// through.
    llvm::Value *fits(const Shape &Sh, const Guards &G) {
      llvm::Value *Holds = B.getTrue();
      for (const auto &[Inner, Bits] : Sh.Narrow) {
        const Span R = span(*Inner, G, 0);
        const int64_t Top = int64_t(1) << (Bits - 1);
        Holds = B.CreateAnd(
            Holds, B.CreateOr(R.Empty, B.CreateAnd(B.CreateICmpSGE(R.Least, B.getInt64(-Top)),
                                                   B.CreateICmpSLT(R.Most, B.getInt64(Top)))));
      }
      return Holds;
    }
  };

  /// A tagged access within an interval: its site, Shape, Guards, and its bytes' offset from its
  /// class's shape.
  struct Member {
    const Site *S;
    Shape Sh;
    Guards G;
    int64_t Offset;
    uint64_t Bytes;
  };
  /// Accesses whose offsets have one shape but for a constant (a site where one id runs counts
  /// in a class whose step differs in that dimension, its part then moved into the constant).
  struct Class {
    Shape Sh;
    std::vector<Member> Members;
    bool Writes = false;
    /// Whether every member runs for one and the same id of dimension D (then D is one
    /// work-item wide for the class).
    bool pinnedTogether(int D, llvm::ScalarEvolution &SE) const {
      return llvm::all_of(Members, [&](const Member &Each) {
        return Each.G.pinned(D, SE) && Each.G.Lo[D] == Members.front().G.Lo[D];
      });
    }
  };

  /// Where M's offset is C's shape plus a constant: that constant.
  std::optional<int64_t> offsetIn(const Class &C, const Member &Each) {
    const llvm::SCEV *Uniform = Each.Sh.Uniform;
    for (int D = 0; D < 3; ++D) {
      if (Each.Sh.Step[D] == C.Sh.Step[D])
        continue;
      if (!Each.G.pinned(D, SE))
        return std::nullopt;
      Uniform = SE.getAddExpr(
          Uniform, SE.getMulExpr(SE.getMinusSCEV(Each.Sh.Step[D], C.Sh.Step[D]), Each.G.Lo[D]));
    }
    auto *Difference = llvm::dyn_cast<llvm::SCEVConstant>(SE.getMinusSCEV(Uniform, C.Sh.Uniform));
    if (!Difference || Difference->getAPInt().getMinSignedBits() > 48)
      return std::nullopt;
    return Each.Sh.Constant + Difference->getAPInt().getSExtValue();
  }

  /// Whether every value Classes' offsets and guards use keeps one value through the interval
  /// from Start: each defined where no cycle without a barrier comes back to it, and either out
  /// of the interval or reached before any of the accesses.
  bool steadyIn(const llvm::Instruction *Start, const std::vector<Class> &Classes) {
    std::set<const llvm::Instruction *> Leaves;
    auto Collect = [&](const llvm::SCEV *X) {
      if (X)
        llvm::SCEVExprContains(X, [&](const llvm::SCEV *Y) {
          if (auto *U = llvm::dyn_cast<llvm::SCEVUnknown>(Y))
            if (auto *I = llvm::dyn_cast<llvm::Instruction>(U->getValue());
                I && !llvm::isa<llvm::CallInst>(I))
              Leaves.insert(I);
          return false;
        });
    };
    std::set<const llvm::Instruction *> Sites;
    for (const Class &C : Classes)
      for (const Member &Each : C.Members) {
        Sites.insert(Each.S->A.At);
        for (int D = 0; D < 3; ++D) {
          Collect(Each.Sh.Step[D]);
          Collect(Each.G.Lo[D]);
          Collect(Each.G.Hi[D]);
        }
        Collect(Each.Sh.Uniform);
      }
    for (const llvm::Instruction *Leaf : Leaves) {
      // A PHI takes its value where its block starts.
      const llvm::Instruction *Def =
          llvm::isa<llvm::PHINode>(Leaf) ? &Leaf->getParent()->front() : Leaf;
      bool Again = false, Met = false;
      if (!Def->getNextNode())
        return false;
      reach(Def->getNextNode(), Def, &Again);
      const std::vector<const llvm::Instruction *> Before = reach(Start, Def, &Met);
      if (Again || (Met && llvm::any_of(Before, [&](const llvm::Instruction *I) {
                      return Sites.count(I) != 0;
                    })))
        return false;
    }
    return true;
  }

  /// Sites, the tagged accesses of one variable or argument: for each, a test that no access of
  /// another work-item in any of its intervals can reach its bytes, so that its tags are not
  /// needed (tag()). Per interval, the accesses fall into classes of one shape (Class); within
  /// each, no two work-items reach the same byte when, with the ids' steps in increasing order
  /// (their constants', else x, y, z), each step whose dimension has more than one work-item is
  /// at least the span of the class's bytes plus what the steps before it cover over their
  /// dimensions; two classes, one of them writing, must reach ranges of bytes apart, each range
  /// taken over the ids its guards let through (a reduction's `if (l < s) t[l] += t[l + s]`: [0,
  /// 4s) and [4s, 8s)). Every value these use is the same in the group and steady through the
  /// interval, so that the tests are made of values weft-check-rows takes out of the loops over
  /// work-items. The tests go to Apart.
  void raceFree(const std::vector<const Site *> &Sites,
                std::map<const Site *, llvm::Value *> &Apart) {
    std::map<const Site *, Member> Of;
    for (const Site *S : Sites) {
      auto *Bytes = llvm::dyn_cast<llvm::ConstantInt>(S->A.Bytes);
      if (S->Owned || !Bytes)
        return;
      std::optional<Shape> Sh = shapeOf(S->A, S->To);
      if (!Sh)
        return;
      Of.emplace(S, Member{S, *Sh, guardsOf(S->A.At), 0, Bytes->getZExtValue()});
    }
    // Each interval holding sites: its classes.
    std::vector<std::vector<Class>> Kept;
    std::map<const Site *, std::vector<size_t>> IntervalsOf;
    for (size_t N = 0; N < Intervals.size(); ++N) {
      std::vector<Member> In;
      for (const Site *S : Sites)
        if (Intervals[N].count(S->A.At))
          In.push_back(Of.at(S));
      if (In.empty())
        continue;
      // Sites where fewer dimensions are pinned found the classes.
      std::stable_sort(In.begin(), In.end(), [&](const Member &A, const Member &B) {
        auto Pins = [&](const Member &Each) {
          return Each.G.pinned(0, SE) + Each.G.pinned(1, SE) + Each.G.pinned(2, SE);
        };
        return Pins(A) < Pins(B);
      });
      std::vector<Class> Classes;
      for (Member &Each : In) {
        bool Joined = false;
        for (Class &C : Classes)
          if (std::optional<int64_t> Offset = offsetIn(C, Each)) {
            Each.Offset = *Offset;
            C.Members.push_back(Each);
            C.Writes |= Each.S->A.Write;
            Joined = true;
            break;
          }
        if (!Joined) {
          Each.Offset = Each.Sh.Constant;
          Classes.push_back({Each.Sh, {Each}, Each.S->A.Write});
        }
      }
      // A class whose every work-item reaches the same bytes holds only in groups of one.
      auto Shared = [&](const Class &C) {
        for (int D = 0; D < 3; ++D)
          if (!C.Sh.Step[D]->isZero() || C.pinnedTogether(D, SE))
            return false;
        return true;
      };
      if (Classes.size() > 4 || In.size() > 16 || llvm::any_of(Classes, Shared) ||
          !steadyIn(Starts[N], Classes))
        return;
      for (const Member &Each : In)
        IntervalsOf[Each.S].push_back(Kept.size());
      Kept.push_back(std::move(Classes));
    }
    llvm::SCEVExpander Expander(SE, M.getDataLayout(), "check.apart");
    for (const Site *S : Sites) {
      llvm::Instruction *At = S->A.At;
      auto Expandable = [&](const llvm::SCEV *X) { return !X || Expander.isSafeToExpandAt(X, At); };
      for (size_t N : IntervalsOf[S])
        for (const Class &C : Kept[N])
          for (const Member &Each : C.Members)
            if (!std::all_of(Each.Sh.Step, Each.Sh.Step + 3, Expandable) ||
                !Expandable(Each.Sh.Uniform) ||
                !std::all_of(Each.G.Lo, Each.G.Lo + 3, Expandable) ||
                !std::all_of(Each.G.Hi, Each.G.Hi + 3, Expandable))
              return;
    }
    for (const Site *S : Sites) {
      llvm::Instruction *At = S->A.At;
      llvm::IRBuilder<> B(At);
      auto Expand = [&](const llvm::SCEV *X) { return Expander.expandCodeFor(X, I64, At); };
      Emitter E{B, Expand, {}};
      for (int D = 0; D < 3; ++D)
        E.Items[D] = B.CreateCall(EnqueuedLocalSize, {B.getInt32(D)});
      llvm::Value *const *Items = E.Items;
      llvm::Value *Holds = B.getTrue();
      for (size_t N : IntervalsOf[S]) {
        const std::vector<Class> &Classes = Kept[N];
        // Each class: its work-items' bytes apart.
        for (const Class &C : Classes) {
          int64_t Low = INT64_MAX, High = INT64_MIN;
          for (const Member &Each : C.Members) {
            Holds = B.CreateAnd(Holds, E.fits(Each.Sh, Each.G));
            Low = std::min(Low, Each.Offset);
            High = std::max(High, Each.Offset + int64_t(Each.Bytes));
          }
          std::array<int, 3> Order = {0, 1, 2};
          const llvm::SCEV *const *Steps = C.Sh.Step;
          if (std::all_of(Steps, Steps + 3,
                          [](const llvm::SCEV *X) { return llvm::isa<llvm::SCEVConstant>(X); }))
            std::stable_sort(Order.begin(), Order.end(), [&](int A, int Z) {
              return llvm::cast<llvm::SCEVConstant>(Steps[A])->getAPInt().abs().ult(
                  llvm::cast<llvm::SCEVConstant>(Steps[Z])->getAPInt().abs());
            });
          llvm::Value *Covered = B.getInt64(High - Low);
          for (int D : Order) {
            // A dimension every member runs for one and the same id of is one work-item wide.
            const bool Pinned = C.pinnedTogether(D, SE);
            llvm::Value *Step =
                B.CreateBinaryIntrinsic(llvm::Intrinsic::abs, Expand(Steps[D]), B.getFalse());
            llvm::Value *Fits = B.CreateAnd(B.CreateICmpUGE(Step, Covered),
                                            B.CreateICmpULT(Step, B.getInt64(1ull << 32)));
            if (!Pinned) {
              Holds =
                  B.CreateAnd(Holds, B.CreateOr(B.CreateICmpULE(Items[D], B.getInt64(1)), Fits));
              Covered =
                  B.CreateAdd(Covered, B.CreateMul(Step, B.CreateSub(Items[D], B.getInt64(1))));
            }
          }
        }
        // Two classes, one writing: their ranges of bytes apart.
        auto Range = [&](const Class &C) {
          llvm::Value *Low = B.getInt64(INT64_MAX / 4), *High = B.getInt64(INT64_MIN / 4);
          for (const Member &Each : C.Members) {
            const Emitter::Span R = E.span(Each.Sh, Each.G, Each.Bytes);
            Low = B.CreateSelect(R.Empty, Low,
                                 B.CreateBinaryIntrinsic(llvm::Intrinsic::smin, Low, R.Least));
            High = B.CreateSelect(R.Empty, High,
                                  B.CreateBinaryIntrinsic(llvm::Intrinsic::smax, High, R.Most));
          }
          return std::make_pair(Low, High);
        };
        std::vector<std::pair<llvm::Value *, llvm::Value *>> Ranges;
        if (Classes.size() > 1)
          for (const Class &C : Classes)
            Ranges.push_back(Range(C));
        for (size_t I = 0; I < Classes.size(); ++I)
          for (size_t J = I + 1; J < Classes.size(); ++J) {
            if (!Classes[I].Writes && !Classes[J].Writes)
              continue;
            auto [LowI, HighI] = Ranges[I];
            auto [LowJ, HighJ] = Ranges[J];
            Holds = B.CreateAnd(
                Holds, B.CreateOr(B.CreateICmpSLE(HighI, LowJ), B.CreateICmpSLE(HighJ, LowI)));
          }
      }
      Holds->setName("check.apart");
      Apart[S] = Holds;
    }
  }

  /// Whether X uses no value but constants, arguments and the group's queries (values that
  /// hold from one barrier interval to the next).
  static bool fixed(const llvm::SCEV *X) {
    return !X || !llvm::SCEVExprContains(X, [](const llvm::SCEV *Y) {
      auto *U = llvm::dyn_cast<llvm::SCEVUnknown>(Y);
      return U && llvm::isa<llvm::Instruction>(U->getValue()) &&
             !llvm::isa<llvm::CallInst>(U->getValue());
    });
  }

  /// Checks of uninitialized reads: for reads of local memory, a test (of values the same in the
  /// group) that a store made before them covers the bytes they may read, so that their marks
  /// need not be read. The store comes before a barrier that comes before the read on every path,
  /// and dominates the read; its ids are exactly those its branches let through (Guards::Complete),
  /// and its offsets, steps times the ids in increasing order with each step the bytes the smaller
  /// ones cover, fill one run of bytes: a reduction's `t[l] = in[i]`, a tile's `ta[ly][lx]` (16
  /// wide). The read's bytes, over the ids its branches let through, lie within that run (a
  /// round's t[l + s] with l < s). Such a store's values are constants, arguments and queries.
  /// The tests go to Covered.
  void initialized(const std::vector<Site> &Checked,
                   std::map<const Site *, llvm::Value *> &Covered) {
    std::map<const llvm::Value *, std::vector<const Site *>> Stores;
    for (const Site &S : Checked)
      if (S.Shadowed && S.A.Write && llvm::isa<llvm::StoreInst>(S.A.At) && !S.Owned)
        Stores[S.To.Base].push_back(&S);
    std::map<const Site *, std::set<const llvm::Instruction *>>
        Unordered; // what each store reaches
    llvm::SCEVExpander Expander(SE, M.getDataLayout(), "check.covered");
    for (const Site &R : Checked) {
      if (!R.Shadowed || R.A.Write || !llvm::isa<llvm::LoadInst>(R.A.At) ||
          !Stores.count(R.To.Base))
        continue;
      std::optional<Shape> Read = shapeOf(R.A, R.To, /*Recurrences=*/true);
      if (!Read)
        continue;
      const Guards ReadIds = guardsOf(R.A.At);
      llvm::Instruction *At = R.A.At;
      auto Expandable = [&](const llvm::SCEV *X) { return !X || Expander.isSafeToExpandAt(X, At); };
      auto AllExpandable = [&](const Shape &Sh, const Guards &G) {
        return std::all_of(Sh.Step, Sh.Step + 3, Expandable) && Expandable(Sh.Uniform) &&
               std::all_of(G.Lo, G.Lo + 3, Expandable) && std::all_of(G.Hi, G.Hi + 3, Expandable) &&
               llvm::all_of(Sh.Sweeps, [&](const auto &Sweep) {
                 return Expandable(Sweep.first) && Expandable(Sweep.second);
               });
      };
      if (!AllExpandable(*Read, ReadIds))
        continue;
      llvm::IRBuilder<> B(At);
      auto Expand = [&](const llvm::SCEV *X) { return Expander.expandCodeFor(X, I64, At); };
      Emitter E{B, Expand, {}};
      for (int D = 0; D < 3; ++D)
        E.Items[D] = B.CreateCall(LocalSize, {B.getInt32(D)});
      // A few stores a read (the test grows with each), a few dozen reads a kernel.
      llvm::Value *Holds = nullptr;
      unsigned Tried = 0;
      for (const Site *W : Stores[R.To.Base]) {
        if (Tried == 4 || Covered.size() == 64 || !Tree.dominates(W->A.At, At))
          continue;
        auto [It, New] = Unordered.try_emplace(W);
        if (New) {
          std::vector<const llvm::Instruction *> After = reach(W->A.At->getNextNode());
          It->second.insert(After.begin(), After.end());
        }
        if (It->second.count(At))
          continue;
        std::optional<Shape> Written = shapeOf(W->A, W->To);
        const Guards WriterIds = guardsOf(W->A.At);
        if (!Written || !WriterIds.Complete ||
            !std::all_of(Written->Step, Written->Step + 3, fixed) || !fixed(Written->Uniform) ||
            !std::all_of(WriterIds.Lo, WriterIds.Lo + 3, fixed) ||
            !std::all_of(WriterIds.Hi, WriterIds.Hi + 3, fixed) ||
            !AllExpandable(*Written, WriterIds))
          continue;
        // The store's run: its steps in increasing order (constants', else x, y, z), each the
        // bytes the smaller ones cover where its dimension has more than one id.
        const llvm::SCEV *const *Steps = Written->Step;
        std::array<int, 3> Order = {0, 1, 2};
        if (std::all_of(Steps, Steps + 3,
                        [](const llvm::SCEV *X) { return llvm::isa<llvm::SCEVConstant>(X); }))
          std::stable_sort(Order.begin(), Order.end(), [&](int A, int Z) {
            return llvm::cast<llvm::SCEVConstant>(Steps[A])->getAPInt().abs().ult(
                llvm::cast<llvm::SCEVConstant>(Steps[Z])->getAPInt().abs());
          });
        const uint64_t WrittenBytes = llvm::cast<llvm::ConstantInt>(W->A.Bytes)->getZExtValue();
        llvm::Value *Run = B.getInt64(int64_t(WrittenBytes)), *Fills = B.getTrue();
        llvm::Value *Start = B.CreateAdd(Expand(Written->Uniform), B.getInt64(Written->Constant));
        for (int D : Order) {
          auto [From, To] = E.ids(WriterIds, D);
          llvm::Value *Count = B.CreateSub(To, From);
          llvm::Value *Step = Expand(Steps[D]);
          Fills = B.CreateAnd(Fills, B.CreateICmpSGE(Count, B.getInt64(1)));
          llvm::Value *One = B.CreateICmpEQ(Count, B.getInt64(1));
          Fills = B.CreateAnd(Fills, B.CreateOr(One, B.CreateICmpEQ(Step, Run)));
          Run = B.CreateSelect(One, Run, B.CreateMul(Run, Count));
          Start = B.CreateAdd(Start, B.CreateMul(Step, From));
        }
        // The read's bytes, over its ids.
        const auto [Least, Most, Empty] = E.span(*Read, ReadIds, R.ReadBytes);
        llvm::Value *Within = B.CreateAnd(B.CreateICmpSLE(Start, Least),
                                          B.CreateICmpSLE(Most, B.CreateAdd(Start, Run)));
        llvm::Value *This = B.CreateOr(
            Empty, B.CreateAnd(B.CreateAnd(Fills, Within),
                               B.CreateAnd(E.fits(*Read, ReadIds), E.fits(*Written, WriterIds))));
        ++Tried;
        Holds = Holds ? B.CreateOr(Holds, This) : This;
      }
      if (Holds) {
        Holds->setName("check.covered");
        Covered[&R] = Holds;
      }
    }
  }

  /// A's bytes' tags (WorkGroupContext::LocalWriters, LocalReaders): a read of a byte another
  /// work-item wrote in this round, or a write of a byte another read or wrote in it (with another
  /// value: two work-items storing the same value are left alone), is kept (keep()), with the
  /// other work-item's local linear id; then a write makes this work-item the bytes' writer, a
  /// read their reader unless one of a lower id read them in this round already (the reader tag
  /// holds 0xffff - the id, so that the largest is the lowest id: a work-item writing bytes that
  /// it alone read is then told apart from one writing bytes others read before it). Owned: an
  /// access the work-group's own code makes (groupOwnedBlocks(): an async copy's, a collapsed
  /// loop's, whose work-items are not known): its writes clear the bytes' writers, as the copy
  /// engine's do; its reads are not tagged. The tags' loads and stores carry attr::RaceTag.
  void tag(const Access &A, const Memory &To, bool Owned, llvm::Value *Apart) {
    const unsigned Bytes = unsigned(llvm::cast<llvm::ConstantInt>(A.Bytes)->getZExtValue());
    // Where Apart holds, no tags.
    llvm::Instruction *Before = unlessSure(A.At, Apart, "check.shared");
    llvm::IRBuilder<> B(Before);
    auto *Tags = llvm::FixedVectorType::get(I32, Bytes);
    llvm::Value *Offset = B.CreateSub(B.CreatePtrToInt(A.Pointer, I64), B.CreateCall(LocalMemory, {}), "check.local");
    llvm::Value *WritersAt = B.CreateGEP(I32, B.CreateCall(Writers, {}), Offset, "check.writers.at");
    llvm::MDNode *Tag = llvm::MDNode::get(C, {});
    if (Owned) {
      // One integer, not a vector of tags: LLVM's loop vectorizer takes no vector-typed store, and
      // these writes are mostly the element loops of copies and collapsed loops.
      if (A.Write) {
        ShadowAccesses.push_back(B.CreateAlignedStore(
            llvm::Constant::getNullValue(B.getIntNTy(Bytes * 32)), WritersAt, llvm::Align(4)));
        ShadowAccesses.back()->setMetadata(attr::RaceTag, Tag);
      }
      return;
    }
    llvm::Value *ReadersAt = B.CreateGEP(I32, B.CreateCall(Readers, {}), Offset, "check.readers.at");
    llvm::Value *Sizes[3];
    for (int D = 2; D >= 0; --D)
      Sizes[D] = B.CreateCall(EnqueuedLocalSize, {B.getInt32(D)});
    llvm::Value *Id = B.CreateTrunc(linearId(B, Sizes), I32);
    llvm::Value *Now = B.CreateCall(Round, {}, "check.round");
    llvm::Value *AsWriter = B.CreateOr(Now, Id, "check.writer");
    llvm::Value *AsReader = B.CreateOr(Now, B.CreateSub(B.getInt32(0xffff), Id), "check.reader");
    auto Splat = [&](llvm::Value *V) { return B.CreateVectorSplat(Bytes, V); };
    auto Load = [&](llvm::Value *At, const char *Name) {
      llvm::LoadInst *L = B.CreateAlignedLoad(Tags, At, llvm::Align(4), Name);
      L->setMetadata(attr::RaceTag, Tag);
      ShadowAccesses.push_back(L);
      return L;
    };
    auto Store = [&](llvm::Value *V, llvm::Value *At) {
      llvm::StoreInst *S = B.CreateAlignedStore(V, At, llvm::Align(4));
      S->setMetadata(attr::RaceTag, Tag);
      ShadowAccesses.push_back(S);
    };
    // The lanes whose tag is another work-item's of this round: (tag ^ mine) - 1 < 0xffff.
    auto Others = [&](llvm::Value *Tag, llvm::Value *Mine) {
      llvm::Value *Differ = B.CreateXor(Tag, Splat(Mine));
      return B.CreateICmpULT(B.CreateSub(Differ, Splat(B.getInt32(1))), Splat(B.getInt32(0xffff)));
    };
    // The low 16 bits of the largest tag among Lanes, at R.
    auto Which = [&](llvm::IRBuilder<> &R, llvm::Value *Lanes, llvm::Value *Tag) {
      llvm::Value *Largest = R.CreateIntMaxReduce(R.CreateSelect(Lanes, Tag, llvm::Constant::getNullValue(Tags)));
      return R.CreateZExt(R.CreateAnd(Largest, R.getInt32(0xffff)), I64);
    };
    // Neither the record of a race nor a new reader is common: each is a branch (the loops that
    // hold tagged accesses do not vectorize, their tags being what orders the work-items), so
    // that a read of bytes already read this round stores nothing, and what describes a race is
    // computed only when one is found.
    auto When = [&](llvm::Value *Condition) {
      return llvm::IRBuilder<>(
          llvm::SplitBlockAndInsertIfThen(Condition, Before, /*Unreachable=*/false));
    };
    using abi::CheckSite;
    const auto [Line, Column] = lineOf(A.At);
    const uint64_t ArgNo = To.Arg ? To.Arg->getArgNo() : 0;
    auto Record = [&](llvm::IRBuilder<> &R, llvm::Value *Address) {
      keep(R, R.getInt64(CheckSite::race(ArgNo, Bytes, Line, Column)), descriptionOf(R, To),
           Address);
    };
    if (!A.Write) {
      llvm::Value *Written = Load(WritersAt, "check.writers");
      llvm::Value *Lanes = Others(Written, AsWriter);
      llvm::Value *Raced = B.CreateOrReduce(Lanes);
      llvm::Value *Read = Load(ReadersAt, "check.readers");
      llvm::Value *Mine = Splat(AsReader);
      llvm::Value *First = B.CreateOrReduce(B.CreateICmpULT(Read, Mine));
      llvm::Value *Readers = B.CreateBinaryIntrinsic(llvm::Intrinsic::umax, Read, Mine);
      {
        llvm::IRBuilder<> N = When(First);
        llvm::StoreInst *S = N.CreateAlignedStore(Readers, ReadersAt, llvm::Align(4));
        S->setMetadata(attr::RaceTag, Tag);
        ShadowAccesses.push_back(S);
      }
      llvm::IRBuilder<> R = When(Raced);
      Record(R, R.CreateOr(Which(R, Lanes, Written), R.getInt64(CheckSite::RaceOtherWrote)));
      return;
    }
    llvm::Value *Read = Load(ReadersAt, "check.readers"), *Written = Load(WritersAt, "check.writers");
    llvm::Value *ReadLanes = Others(Read, AsReader), *WrittenLanes = Others(Written, AsWriter);
    llvm::Value *ReadByOther = B.CreateOrReduce(ReadLanes), *WrittenByOther = B.CreateOrReduce(WrittenLanes);
    if (auto *S = llvm::dyn_cast<llvm::StoreInst>(A.At)) {
      // The same value stored again is no harm done.
      llvm::Value *New = S->getValueOperand();
      llvm::Type *T = New->getType();
      llvm::IntegerType *Int = B.getIntNTy(Bytes * 8);
      const llvm::DataLayout &DL = M.getDataLayout();
      if (T->isPointerTy() && DL.getTypeSizeInBits(T) == Bytes * 8) {
        llvm::Value *Old = B.CreateAlignedLoad(T, A.Pointer, S->getAlign(), "check.old");
        WrittenByOther = B.CreateAnd(WrittenByOther, B.CreateICmpNE(B.CreatePtrToInt(Old, Int), B.CreatePtrToInt(New, Int)));
      } else if ((T->isIntOrIntVectorTy() || T->isFPOrFPVectorTy()) && DL.getTypeSizeInBits(T) == Bytes * 8) {
        llvm::Value *Old = B.CreateAlignedLoad(T, A.Pointer, S->getAlign(), "check.old");
        WrittenByOther = B.CreateAnd(WrittenByOther, B.CreateICmpNE(B.CreateBitCast(Old, Int), B.CreateBitCast(New, Int)));
      }
    }
    llvm::Value *Raced = B.CreateOr(ReadByOther, WrittenByOther);
    Store(Splat(AsWriter), WritersAt);
    llvm::IRBuilder<> R = When(Raced);
    llvm::Value *Reader = R.CreateSub(R.getInt64(0xffff), Which(R, ReadLanes, Read));
    llvm::Value *Address = R.CreateSelect(
        ReadByOther, Reader, R.CreateOr(Which(R, WrittenLanes, Written), R.getInt64(CheckSite::RaceOtherWrote)));
    Record(R, R.CreateOr(Address, R.getInt64(CheckSite::RaceWrites)));
  }

  /// Checks A before it runs: a refused access is recorded and not made.
  void guard(const Access &A, const Memory &To, llvm::Value *OwnerX) {
    // IRBuilder calls one statement each, so that the instructions come in a fixed order.
    llvm::IRBuilder<> B(A.At);
    llvm::Value *At = B.CreatePtrToInt(A.Pointer, I64);
    llvm::Value *Base = B.CreatePtrToInt(To.Base, I64);
    llvm::Value *Offset = B.CreateSub(At, Base, "check.offset");
    const Uniform &U = uniform(A.Bytes, To, A.At);
    // weft-check-rows tests a loop's whole range of offsets at once where it can, then lowers
    // this to `offset > last || too_short`.
    llvm::Value *Refused = B.CreateCall(Refusal, {Offset, U.Last, U.TooShort}, "check.refused");
    const auto [Line, Column] = lineOf(A.At);
    const uint64_t Bytes =
        llvm::isa<llvm::ConstantInt>(A.Bytes) ? llvm::cast<llvm::ConstantInt>(A.Bytes)->getZExtValue() : 0;
    // Refused: the work-item's first refused access goes to its slots (unless they hold one from
    // an earlier work-group of the chunk); a refused load of a pointer also ends the work-item
    // (what it would follow is anywhere).
    llvm::Instruction *Report = llvm::SplitBlockAndInsertIfThen(Refused, A.At, /*Unreachable=*/false);
    B.SetInsertPoint(Report);
    const uint64_t ArgNo = To.Arg ? To.Arg->getArgNo() : 0;
    record(B, U,
           B.getInt64(abi::CheckSite::pack(A.Write, ArgNo, Bytes, Line, Column, To.relative())),
           To.relative() ? Offset : At, descriptionOf(B, To), OwnerX);
    if (A.At->getType()->isPointerTy()) {
      llvm::ReturnInst::Create(C, nullptr, Report);
      Report->eraseFromParent();
      return;
    }
    // Otherwise the access is made only when not refused; a load refused gives 0.
    B.SetInsertPoint(A.At);
    llvm::Instruction *Then = llvm::SplitBlockAndInsertIfThen(B.CreateNot(Refused), A.At, false);
    llvm::BasicBlock *Before = Then->getParent()->getSinglePredecessor();
    llvm::BasicBlock *After = A.At->getParent();
    A.At->moveBefore(Then);
    if (!A.At->getType()->isVoidTy() && !A.At->use_empty()) {
      llvm::IRBuilder<> P(&After->front());
      llvm::PHINode *Phi = P.CreatePHI(A.At->getType(), 2);
      A.At->replaceAllUsesWith(Phi);
      Phi->addIncoming(A.At, Then->getParent());
      Phi->addIncoming(llvm::Constant::getNullValue(A.At->getType()), Before);
    }
  }

  const Uniform &uniform(llvm::Value *Bytes, const Memory &To, llvm::Instruction *At) {
    const bool Once = !HasBarriers && llvm::isa<llvm::ConstantInt>(Bytes);
    const auto Key = std::make_pair(To.Base, Once ? llvm::cast<llvm::ConstantInt>(Bytes)->getZExtValue() : 0);
    if (Once)
      if (auto It = Shared.find(Key); It != Shared.end())
        return It->second;
    llvm::IRBuilder<> B(Once ? &*K.getEntryBlock().getFirstInsertionPt() : At);
    Uniform U;
    llvm::Value *Reach = To.Arg ? static_cast<llvm::Value *>(B.CreateCall(Extent, {B.getInt32(To.Arg->getArgNo())}, "check.extent"))
                                : B.getInt64(To.Size);
    U.Last = B.CreateSub(Reach, Bytes, "check.last");
    U.TooShort = B.CreateICmpULT(Reach, Bytes, "check.too_short");
    group(B, U);
    if (!Once) {
      Local = U;
      return Local;
    }
    return Shared[Key] = U;
  }

  /// U's slots, enqueued local sizes, their product and the work-group's linear id, at B.
  void group(llvm::IRBuilder<> &B, Uniform &U) {
    U.Table = B.CreateCall(Slots, {}, "check.slots");
    U.Items = B.getInt64(1);
    for (int D = 2; D >= 0; --D) {
      U.Sizes[D] = B.CreateCall(EnqueuedLocalSize, {B.getInt32(D)});
      U.Items = B.CreateMul(U.Items, U.Sizes[D]);
    }
    U.Group = B.CreateCall(GroupId, {B.getInt32(2)});
    for (int D = 1; D >= 0; --D) {
      llvm::Value *Count = B.CreateCall(NumGroups, {B.getInt32(D)});
      llvm::Value *Id = B.CreateCall(GroupId, {B.getInt32(D)});
      U.Group = B.CreateAdd(B.CreateMul(U.Group, Count), Id);
    }
  }

  /// A constant string of the kernel's code holding Text.
  llvm::Constant *description(const std::string &Text) {
    llvm::Constant *&String = Descriptions[Text];
    if (!String)
      String = llvm::IRBuilder<>(C).CreateGlobalStringPtr(Text, "weft.check.memory", PrivateSpace, &M);
    return String;
  }

  llvm::Function &K;
  llvm::ScalarEvolution &SE; ///< of K as it was before the checks, as are:
  llvm::DominatorTree Tree{K};
  llvm::PostDominatorTree PostTree{K};
  llvm::LoopInfo Loops{Tree};
  /// Checks of races: the kernel's start and the instruction after each barrier, and what each
  /// reaches before the next barrier (findIntervals()).
  std::vector<const llvm::Instruction *> Starts;
  std::vector<std::set<const llvm::Instruction *>> Intervals;
  std::map<const llvm::Instruction *, bool> UniformValues; ///< uniformValue()'s
  llvm::Module &M;
  llvm::LLVMContext &C;
  llvm::Type *I32, *I64;
  llvm::FunctionCallee Extent, Refusal, Unsure, Slots, Shadow, LocalMemory, Writers, Readers, Round,
      LocalId, EnqueuedLocalSize, LocalSize, GroupId, NumGroups;
  /// The kernel's barriers (the checks add none).
  const std::vector<llvm::CallInst *> BarrierCalls = callsTo(K, isBarrier);
  const bool HasBarriers = !BarrierCalls.empty();
  std::map<std::pair<llvm::Value *, uint64_t>, Uniform> Shared;
  std::map<std::string, llvm::Constant *> Descriptions;
  Uniform Local; ///< the last computed where its access is
  std::vector<llvm::Instruction *> ShadowAccesses; ///< the shadow's loads and marks
  /// The work-item's last race: its site, its array's description and its address entry.
  llvm::AllocaInst *Kept[3] = {};
  /// The sites of reads checked for uninitialized bytes, each with the AND of its reads' marks.
  struct Marked {
    llvm::Constant *Site;
    llvm::Value *Description;
    llvm::AllocaInst *Seen;
  };
  std::vector<Marked> MarkedSites;
};

} // namespace

llvm::PreservedAnalyses CheckBoundsPass::run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM) {
  const bool Bounds = moduleFlag(M, attr::CheckBounds), Barriers = moduleFlag(M, attr::CheckBarriers);
  const bool Copies = moduleFlag(M, attr::CheckCopies), Uninitialized = moduleFlag(M, attr::CheckUninitialized);
  const bool Races = moduleFlag(M, attr::CheckRaces);
  if (!Bounds && !Barriers && !Copies && !Uninitialized && !Races)
    return llvm::PreservedAnalyses::all();
  // Copy checks: where each copy or wait is, from the line tables (its call of the library's
  // __weft_check_here(), which carries the kernel's line once inlined).
  if (llvm::Function *Here = M.getFunction("__weft_check_here"))
    for (llvm::User *U : llvm::make_early_inc_range(Here->users()))
      if (auto *Call = llvm::dyn_cast<llvm::CallInst>(U); Call && Call->getCalledFunction() == Here) {
        uint64_t Place = 0;
        if (const llvm::DebugLoc &Loc = Call->getDebugLoc())
          Place = uint64_t(Loc.getLine()) << 32 | Loc.getCol();
        Call->replaceAllUsesWith(llvm::ConstantInt::get(Call->getType(), Place));
        Call->eraseFromParent();
      }
  llvm::FunctionAnalysisManager &FAM =
      MAM.getResult<llvm::FunctionAnalysisManagerModuleProxy>(M).getManager();
  for (llvm::Function &F : M) {
    if (F.isDeclaration() || F.getCallingConv() != llvm::CallingConv::SPIR_KERNEL)
      continue;
    if (Bounds || Uninitialized || Races)
      Instrumenter(F, FAM.getResult<llvm::ScalarEvolutionAnalysis>(F))
          .run(Bounds, Uninitialized, Races);
    // Barrier checks: each barrier's line, for weft-barriers to give weft-kernel-entry.
    if (Barriers)
      for (llvm::CallInst *Call : callsTo(F, isBarrier))
        if (const llvm::DebugLoc &Loc = Call->getDebugLoc()) {
          llvm::Type *I32 = llvm::Type::getInt32Ty(M.getContext());
          Call->setMetadata(attr::SourceLine,
                            llvm::MDNode::get(M.getContext(), {llvm::ConstantAsMetadata::get(llvm::ConstantInt::get(I32, Loc.getLine())),
                                                               llvm::ConstantAsMetadata::get(llvm::ConstantInt::get(I32, Loc.getCol()))}));
        }
  }
  if (llvm::Function *Owner = M.getFunction(attr::OwnerMarkerName)) {
    for (llvm::User *U : llvm::make_early_inc_range(Owner->users()))
      llvm::cast<llvm::Instruction>(U)->eraseFromParent();
    Owner->eraseFromParent();
  }
  llvm::StripDebugInfo(M);
  return llvm::PreservedAnalyses::none();
}

} // namespace weft::compiler
