// weft-image-formats: see Passes.h.
//
// An image read or write (builtins/src/images.cl) tests its image's format, which the library
// asks for as `__weft_image_format(image)`, ChannelOrder << 16 | ChannelDataType: the common
// formats are decoded inline with a constant pixel size, the others by functions called out of
// line. In a loop over a row's work-items the image is the same for all, and so is each test,
// but LLVM's vectorizer takes no loop with a call in it, nor a switch, and masks what each test
// guards; LLVM's own unswitching copies no loop this large. So the loop is copied here, before
// LLVM's pipeline, once per combination of formats (at most MaxCopies): every image in one
// format, for each format tested on every image (a filter reading and writing RGBA8), or where
// there is none, each image with its first, then its second... tested format. A copy runs when
// the images have its formats (tested once, before the loop), with `__weft_image_format` a
// constant there; its tests fold and what is left is the inline path, straight-line code. The
// loop as it was runs every other combination, so any kernel of the shape (any number of images,
// any formats) reads and writes as before. A work-item's pixel is a float4 or uint4, and LLVM's
// loop vectorizer takes no loop with vector values: the function's vectors are then split into
// scalars, which the copies widen across work-items, one a lane (as weft-jam-work-items does
// for narrow vectors in nests).
//
// Then, at every optimisation level, each call that is left becomes the two invariant loads it
// stands for.
#include "compiler/passes/Common.h"
#include "compiler/passes/Passes.h"
#include "contracts/ImageAbi.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/Local.h>
#include <llvm/Transforms/Utils/LoopUtils.h>

#include <cstddef>

namespace weft::compiler {
namespace {

constexpr const char *FormatFunction = "__weft_image_format";
/// Loop metadata on the copies, and on the loop they were copied from: none is copied again.
constexpr const char *Marker = "weft.loop.image_formats";
/// At most this many copies of a loop, and none of a loop larger than MaxInstructions: each is
/// optimised and compiled.
constexpr unsigned MaxCopies = 3, MaxInstructions = 6000;
constexpr uint64_t ChannelOrderOffset = offsetof(abi::WeftImage, ChannelOrder),
                   ChannelDataTypeOffset = offsetof(abi::WeftImage, ChannelDataType);

bool isFormatCall(const llvm::Instruction &I) {
  const auto *Call = llvm::dyn_cast<llvm::CallInst>(&I);
  return Call && Call->getCalledFunction() &&
         Call->getCalledFunction()->getName() == FormatFunction && Call->arg_size() == 1;
}

/// The formats L tests each image for, in the order of the loop's blocks, or nothing if an image
/// is not the same throughout L or nothing is tested.
std::vector<std::pair<llvm::Value *, std::vector<uint64_t>>> testedFormats(const llvm::Loop &L) {
  std::vector<std::pair<llvm::Value *, std::vector<uint64_t>>> Images;
  auto entryFor = [&](const llvm::Value *Format) -> std::vector<uint64_t> * {
    const auto *Call = llvm::dyn_cast<llvm::CallInst>(Format);
    if (!Call || !isFormatCall(*Call) || !L.contains(Call))
      return nullptr;
    llvm::Value *Image = Call->getArgOperand(0);
    auto It = std::find_if(Images.begin(), Images.end(),
                           [&](const auto &E) { return E.first == Image; });
    return It == Images.end() ? nullptr : &It->second;
  };
  for (const llvm::BasicBlock *BB : L.blocks())
    for (const llvm::Instruction &I : *BB)
      if (isFormatCall(I)) {
        llvm::Value *Image = llvm::cast<llvm::CallInst>(I).getArgOperand(0);
        if (!L.isLoopInvariant(Image))
          return {};
        if (!llvm::any_of(Images, [&](const auto &E) { return E.first == Image; }))
          Images.push_back({Image, {}});
      }
  // `format == key` (either way round), or a switch on the format (SimplifyCFG's form of a chain
  // of them), in the order of the blocks (not of the calls' uses, which is no order).
  auto add = [](std::vector<uint64_t> *Keys, const llvm::Value *Key) {
    if (const auto *C = llvm::dyn_cast<llvm::ConstantInt>(Key);
        Keys && C && !llvm::is_contained(*Keys, C->getZExtValue()))
      Keys->push_back(C->getZExtValue());
  };
  for (const llvm::BasicBlock *BB : L.blocks())
    for (const llvm::Instruction &I : *BB) {
      if (const auto *Cmp = llvm::dyn_cast<llvm::ICmpInst>(&I); Cmp && Cmp->isEquality()) {
        add(entryFor(Cmp->getOperand(0)), Cmp->getOperand(1));
        add(entryFor(Cmp->getOperand(1)), Cmp->getOperand(0));
      } else if (const auto *Switch = llvm::dyn_cast<llvm::SwitchInst>(&I)) {
        for (const auto &Case : Switch->cases())
          add(entryFor(Switch->getCondition()), Case.getCaseValue());
      }
    }
  for (const auto &[Image, Keys] : Images)
    if (Keys.empty())
      return {};
  return Images;
}

/// Copies L once for each format combination (one Keys entry per copy, a key per image of Images),
/// the copy run when the images have those formats, each with its calls of FormatFunction made
/// constants. Leaves the analyses out of date.
void copyForFormats(llvm::Loop &L, llvm::ArrayRef<llvm::Value *> Images,
                    llvm::ArrayRef<std::vector<uint64_t>> Keys, llvm::DominatorTree &DT,
                    llvm::LoopInfo &LI) {
  llvm::LLVMContext &C = L.getHeader()->getContext();
  llvm::BasicBlock *Preheader = L.getLoopPreheader(), *Latch = L.getLoopLatch();
  llvm::BasicBlock *Exit = L.getUniqueExitBlock();
  llvm::formLCSSARecursively(L, DT, &LI, nullptr);
  llvm::MDNode *ID = L.getLoopID(), *Tag = loopOption(C, Marker);
  // The images' formats, once, before the loop.
  llvm::Function *Format = nullptr;
  for (llvm::BasicBlock *BB : L.blocks())
    for (llvm::Instruction &I : *BB)
      if (isFormatCall(I))
        Format = llvm::cast<llvm::CallInst>(I).getCalledFunction();
  llvm::IRBuilder<> B(Preheader->getTerminator());
  std::vector<llvm::Value *> Formats;
  for (llvm::Value *Image : Images)
    Formats.push_back(B.CreateCall(Format, {Image}, "image.format"));
  // Preheader -> test 0 -> copy 0, or test 1 -> copy 1, ..., or the loop as it was.
  llvm::BasicBlock *Original =
      llvm::SplitBlock(Preheader, Preheader->getTerminator(), &DT, &LI, nullptr, "formats.other");
  llvm::BasicBlock *Test = Preheader;
  for (size_t K = 0; K < Keys.size(); ++K) {
    llvm::ValueToValueMapTy Map;
    llvm::Loop *Copy = copyLoop(L, Original, ".format", Map, DT, LI);
    Copy->setLoopID(llvm::makePostTransformationMetadata(C, ID, {}, {Tag}));
    addExitValues(Exit, Latch, Map, llvm::cast<llvm::BasicBlock>(Map[Latch]));
    for (llvm::BasicBlock *BB : Copy->blocks())
      for (llvm::Instruction &I : llvm::make_early_inc_range(*BB))
        if (isFormatCall(I)) {
          const size_t At = size_t(
              llvm::find(Images, llvm::cast<llvm::CallInst>(I).getArgOperand(0)) - Images.begin());
          I.replaceAllUsesWith(llvm::ConstantInt::get(I.getType(), Keys[K][At]));
          I.eraseFromParent();
        }
    llvm::BasicBlock *Next =
        K + 1 < Keys.size()
            ? llvm::BasicBlock::Create(C, "formats.test", Test->getParent(), Original)
            : Original;
    if (llvm::Instruction *Old = Test->getTerminator())
      Old->eraseFromParent();
    B.SetInsertPoint(Test);
    llvm::Value *All = B.getTrue();
    for (size_t I = 0; I < Images.size(); ++I)
      All = B.CreateAnd(All, B.CreateICmpEQ(Formats[I], B.getInt32(uint32_t(Keys[K][I]))));
    B.CreateCondBr(All, Copy->getLoopPreheader(), Next);
    Test = Next;
  }
  L.setLoopID(llvm::makePostTransformationMetadata(C, ID, {}, {Tag}));
}

/// The call's value from the descriptor itself: two loads that stay the same while the kernel
/// runs (builtins/src/images.ll's).
void lower(llvm::CallInst &Call) {
  llvm::IRBuilder<> B(&Call);
  llvm::Value *Image = Call.getArgOperand(0);
  llvm::MDNode *Invariant = llvm::MDNode::get(Call.getContext(), {});
  auto Field = [&](uint64_t Offset, const char *Name) {
    llvm::LoadInst *L =
        B.CreateLoad(B.getInt32Ty(), B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Image, Offset), Name);
    L->setAlignment(llvm::Align(4));
    L->setMetadata(llvm::LLVMContext::MD_invariant_load, Invariant);
    return L;
  };
  llvm::Value *Key = B.CreateOr(B.CreateShl(Field(ChannelOrderOffset, "image.order"), 16),
                                Field(ChannelDataTypeOffset, "image.type"));
  Key->takeName(&Call);
  Call.replaceAllUsesWith(Key);
  Call.eraseFromParent();
}

} // namespace

llvm::PreservedAnalyses ImageFormatsPass::run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM) {
  const llvm::Function *Format = F.getParent()->getFunction(FormatFunction);
  if (F.isDeclaration() || !Format || Format->use_empty())
    return llvm::PreservedAnalyses::all();
  bool Changed = false;
  // One loop at a time, with the analyses made anew after each.
  while (Copies) {
    auto &LI = FAM.getResult<llvm::LoopAnalysis>(F);
    auto &DT = FAM.getResult<llvm::DominatorTreeAnalysis>(F);
    llvm::Loop *Found = nullptr;
    std::vector<std::pair<llvm::Value *, std::vector<uint64_t>>> Tested;
    for (llvm::Loop *L : LI.getLoopsInPreorder())
      if (isWorkItemLoop(*L) && !llvm::findOptionMDForLoop(L, Marker) && L->getLoopPreheader() &&
          L->getLoopLatch() && L->getUniqueExitBlock() &&
          L->getExitingBlock() == L->getLoopLatch() && instructionCount(*L) <= MaxInstructions &&
          !(Tested = testedFormats(*L)).empty()) {
        Found = L;
        break;
      }
    if (!Found)
      break;
    // The combinations copied: every image of one format, for each format tested on all of them
    // (a filter reading and writing RGBA8); where none is, image i with its k-th format. The
    // order of a format's tests is the order of the loop's blocks, which SimplifyCFG may have
    // changed (a chain of tests made a switch, its cases sorted), so it does not decide which
    // combinations are copied while there are no more of them than MaxCopies.
    std::vector<llvm::Value *> Images;
    std::vector<std::vector<uint64_t>> Keys;
    for (uint64_t Key : Tested.front().second)
      if (Keys.size() < MaxCopies &&
          llvm::all_of(Tested, [&](const auto &E) { return llvm::is_contained(E.second, Key); }))
        Keys.push_back(std::vector<uint64_t>(Tested.size(), Key));
    const bool Diagonal = Keys.empty();
    for (size_t K = 0; Diagonal && K < MaxCopies; ++K) {
      std::vector<uint64_t> Combination;
      for (const auto &[Image, Formats] : Tested)
        if (K < Formats.size())
          Combination.push_back(Formats[K]);
      if (Combination.size() != Tested.size())
        break;
      Keys.push_back(std::move(Combination));
    }
    for (const auto &[Image, Formats] : Tested)
      Images.push_back(Image);
    copyForFormats(*Found, Images, Keys, DT, LI);
    llvm::removeUnreachableBlocks(F);
    FAM.invalidate(F, llvm::PreservedAnalyses::none());
    Changed = true;
  }
  // A work-item's pixel is a float4 or a uint4, and LLVM's loop vectorizer takes no loop with
  // vector values in it: in scalars the copies widen across work-items, a work-item a lane.
  if (Changed) {
    splitIntoScalars(F, FAM);
  }
  for (llvm::BasicBlock &BB : F)
    for (llvm::Instruction &I : llvm::make_early_inc_range(BB))
      if (isFormatCall(I)) {
        lower(llvm::cast<llvm::CallInst>(I));
        Changed = true;
      }
  return Changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

} // namespace weft::compiler
