// weft-plan-copy-chains and weft-release-copy-planes: see Passes.h.
//
// The built-in library copies the whole blocks of a small gather of step 2 to 4 into local
// memory by a call of __weft_gather_planes_<U>_<step>(d0, ..., d<step-1>, src, n), which writes
// plane P of the source's blocks (its elements P, P + step, ...) to dP where dP is not null;
// one copy passes its own source and destination as plane 0 (builtins/src/async.cl,
// GATHER_PLANES). A float4 array split into x, y, z and w by four stride-4 copies, one per
// component, then loads every block four times, once for each of its planes. Here such a chain,
// step calls of one function with the same count whose sources are one element apart, becomes
// one call that writes all the planes from one load of each block.
//
// Legal because async copies are unordered until a wait or a fence (OpenCL C 3.0, "Async
// Copies"; cl_khr_async_work_group_copy_fence exists to order them): the calls become one at the
// place of the last, so each copy runs later than it was issued and none earlier, and nothing
// between the first and the last of them may call anything (a wait, a fence, a barrier, an engine
// copy, an unknown function) or be atomic. Reading a copy's destination or writing its source
// before its wait is a race in the kernel, as it would be on any device. The calls must run
// together: each dominated by the one before it and post-dominating it, in one loop.
//
// Then every call of these functions is inlined (a single copy's planes that are null fold away
// there), and weft-release-copy-planes, at the end of LLVM's pipeline, stops keeping them
// (weft-normalize keeps them out of line and in llvm.compiler.used until this pass has seen them).
#include "compiler/passes/Common.h"
#include "compiler/passes/Passes.h"

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/PostOrderIterator.h>
#include <llvm/ADT/SmallVector.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/PostDominators.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/Cloning.h>

#include <algorithm>
#include <map>
#include <optional>
#include <tuple>

namespace weft::compiler {
namespace {

/// A single copy's call: its plane count (the step), its element's bytes, and its operands.
struct Copy {
  llvm::CallInst *Call;
  unsigned Planes;
  unsigned Bytes;
  llvm::Value *Dst, *Src, *Count;
  const llvm::Value *Base; // Src less a constant offset, Offset bytes
  int64_t Offset;
};

/// A chain's copies by plane, and its calls in the order they run.
struct Chain {
  std::vector<Copy> Planes;
  std::vector<llvm::CallInst *> Calls;
};

/// The step and element bytes of a function named CopyPlanesPrefix<U>_<step>.
std::optional<std::pair<unsigned, unsigned>> shapeOf(const llvm::Function &F) {
  llvm::StringRef Name = F.getName();
  if (!Name.consume_front(attr::CopyPlanesPrefix))
    return std::nullopt;
  auto [Type, Step] = Name.rsplit('_');
  const unsigned Bytes = llvm::StringSwitch<unsigned>(Type)
                             .Case("uchar", 1)
                             .Case("ushort", 2)
                             .Case("uint", 4)
                             .Case("ulong", 8)
                             .Default(0);
  unsigned Planes = 0;
  if (!Bytes || Step.getAsInteger(10, Planes) || Planes < 2 || Planes > 4 ||
      F.arg_size() != Planes + 2)
    return std::nullopt;
  return std::make_pair(Planes, Bytes);
}

/// Call as a single copy (its planes but the first null), or nothing.
std::optional<Copy> singleCopy(llvm::CallInst &Call, const llvm::DataLayout &DL) {
  const llvm::Function *Callee = Call.getCalledFunction();
  std::optional<std::pair<unsigned, unsigned>> Shape = Callee ? shapeOf(*Callee) : std::nullopt;
  if (!Shape)
    return std::nullopt;
  auto [Planes, Bytes] = *Shape;
  for (unsigned P = 1; P < Planes; ++P)
    if (!llvm::isa<llvm::ConstantPointerNull>(Call.getArgOperand(P)))
      return std::nullopt;
  llvm::Value *Src = Call.getArgOperand(Planes);
  llvm::APInt Offset(DL.getIndexTypeSizeInBits(Src->getType()), 0);
  const llvm::Value *Base =
      Src->stripAndAccumulateConstantOffsets(DL, Offset, /*AllowNonInbounds=*/true);
  return Copy{&Call, Planes,
              Bytes, Call.getArgOperand(0),
              Src,   Call.getArgOperand(Planes + 1),
              Base,  Offset.getSExtValue()};
}

/// Whether nothing from First to Last (control equivalent, First dominating Last) other than the
/// chain's calls calls anything that may touch memory or is atomic.
bool nothingBetween(llvm::CallInst *First, llvm::CallInst *Last,
                    llvm::ArrayRef<llvm::CallInst *> Chain, llvm::DominatorTree &DT,
                    llvm::PostDominatorTree &PDT) {
  auto Harmless = [&](const llvm::Instruction &I) {
    if (llvm::is_contained(Chain, &I))
      return true;
    if (I.isAtomic() || llvm::isa<llvm::FenceInst>(I))
      return false;
    if (const auto *Call = llvm::dyn_cast<llvm::CallBase>(&I))
      return llvm::isa<llvm::DbgInfoIntrinsic>(I) || !Call->mayReadOrWriteMemory();
    return true;
  };
  llvm::BasicBlock *From = First->getParent(), *To = Last->getParent();
  for (llvm::BasicBlock &BB : *From->getParent()) {
    if (!DT.dominates(From, &BB) || !PDT.dominates(To, &BB))
      continue;
    for (llvm::Instruction &I : BB) {
      if (&BB == From && !First->comesBefore(&I) && &I != First)
        continue; // before the first call
      if (&BB == To && Last->comesBefore(&I))
        break; // after the last call
      if (!Harmless(I))
        return false;
    }
  }
  return true;
}

/// The chains among F's single copies: Planes copies of one function with one count whose
/// sources are consecutive elements, run together.
std::vector<Chain> chainsIn(llvm::Function &F, llvm::DominatorTree &DT,
                            llvm::PostDominatorTree &PDT, llvm::LoopInfo &LI) {
  const llvm::DataLayout &DL = F.getParent()->getDataLayout();
  // By callee, count and source base: the copies by offset.
  std::map<std::tuple<const llvm::Function *, const llvm::Value *, const llvm::Value *>,
           std::map<int64_t, std::vector<Copy>>>
      Groups;
  for (llvm::Instruction &I : llvm::instructions(F))
    if (auto *Call = llvm::dyn_cast<llvm::CallInst>(&I))
      if (std::optional<Copy> C = singleCopy(*Call, DL))
        Groups[{Call->getCalledFunction(), C->Count, C->Base}][C->Offset].push_back(*C);
  // The calls' order in a reverse post-order walk: a chain's calls, each dominating the next,
  // come in the order they run.
  llvm::DenseMap<const llvm::CallInst *, unsigned> Order;
  for (llvm::BasicBlock *BB : llvm::ReversePostOrderTraversal<llvm::Function *>(&F))
    for (llvm::Instruction &I : *BB)
      if (auto *Call = llvm::dyn_cast<llvm::CallInst>(&I))
        Order[Call] = Order.size();
  std::vector<Chain> Chains;
  for (auto &[Key, ByOffset] : Groups)
    for (auto &[Offset, Copies] : ByOffset) {
      for (Copy &C : Copies) {
        if (!C.Call)
          continue; // taken by a chain already
        std::vector<Copy *> Planes = {&C};
        for (unsigned P = 1; P < C.Planes; ++P) {
          auto It = ByOffset.find(Offset + int64_t(P) * C.Bytes);
          Copy *Next = nullptr;
          if (It != ByOffset.end())
            for (Copy &Other : It->second)
              if (Other.Call && !Next)
                Next = &Other;
          if (!Next)
            break;
          Planes.push_back(Next);
        }
        if (Planes.size() != C.Planes)
          continue;
        // In the order they run: each dominating the next, which post-dominates it, in one loop.
        std::vector<llvm::CallInst *> Calls;
        for (Copy *P : Planes)
          Calls.push_back(P->Call);
        std::sort(Calls.begin(), Calls.end(), [&](llvm::CallInst *A, llvm::CallInst *B) {
          return Order.lookup(A) < Order.lookup(B);
        });
        bool Together = true;
        for (size_t K = 0; K + 1 < Calls.size() && Together; ++K)
          Together =
              DT.dominates(Calls[K], Calls[K + 1]) &&
              PDT.dominates(Calls[K + 1]->getParent(), Calls[K]->getParent()) &&
              LI.getLoopFor(Calls[K]->getParent()) == LI.getLoopFor(Calls[K + 1]->getParent());
        if (!Together || !nothingBetween(Calls.front(), Calls.back(), Calls, DT, PDT))
          continue;
        Chain Found;
        for (Copy *P : Planes) {
          Found.Planes.push_back(*P);
          P->Call = nullptr;
        }
        Found.Calls = std::move(Calls);
        Chains.push_back(std::move(Found));
      }
    }
  return Chains;
}

} // namespace

llvm::PreservedAnalyses PlanCopyChainsPass::run(llvm::Function &F,
                                                llvm::FunctionAnalysisManager &FAM) {
  std::vector<llvm::CallInst *> Calls;
  for (llvm::Instruction &I : llvm::instructions(F))
    if (auto *Call = llvm::dyn_cast<llvm::CallInst>(&I))
      if (const llvm::Function *Callee = Call->getCalledFunction(); Callee && shapeOf(*Callee))
        Calls.push_back(Call);
  if (Calls.empty())
    return llvm::PreservedAnalyses::all();
  auto &DT = FAM.getResult<llvm::DominatorTreeAnalysis>(F);
  auto &PDT = FAM.getResult<llvm::PostDominatorTreeAnalysis>(F);
  for (const Chain &C : chainsIn(F, DT, PDT, FAM.getResult<llvm::LoopAnalysis>(F))) {
    llvm::CallInst *Last = C.Calls.back();
    llvm::SmallVector<llvm::Value *, 6> Operands;
    for (const Copy &Plane : C.Planes)
      Operands.push_back(Plane.Dst);
    Operands.push_back(C.Planes.front().Src);
    Operands.push_back(C.Planes.front().Count);
    auto *Planned = llvm::CallInst::Create(Last->getFunctionType(), Last->getCalledOperand(),
                                           Operands, "", Last);
    Planned->setDebugLoc(Last->getDebugLoc());
    Calls.push_back(Planned);
    for (llvm::CallInst *Call : C.Calls) {
      Calls.erase(std::find(Calls.begin(), Calls.end(), Call));
      Call->eraseFromParent();
    }
  }
  // Every call inlined: the library's loop of blocks in the kernel, where LLVM's passes after
  // this one see it.
  for (llvm::CallInst *Call : Calls) {
    llvm::InlineFunctionInfo Info;
    llvm::InlineFunction(*Call, Info);
  }
  return llvm::PreservedAnalyses::none();
}

llvm::PreservedAnalyses ReleaseCopyPlanesPass::run(llvm::Module &M, llvm::ModuleAnalysisManager &) {
  return releaseFromCompilerUsed(M,
                                 [](const llvm::GlobalValue &G) {
                                   return G.getName().startswith(attr::CopyPlanesPrefix);
                                 })
             ? llvm::PreservedAnalyses::none()
             : llvm::PreservedAnalyses::all();
}

} // namespace weft::compiler
