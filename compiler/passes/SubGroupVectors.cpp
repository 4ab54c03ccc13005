// weft-sub-group-keep, weft-sub-group-vectors, weft-sub-group-dispatch, weft-sub-group-loops and
// weft-sub-group-resolve: a kernel's uniform sub-group functions as operations on the lanes of
// one vector inside its vectorized work-item loop.
//
// The built-in library computes every sub-group function by an exchange through the work-group
// function's SubGroupMemory (builtins/src/subgroups.cl): each work-item publishes its value, and
// after a barrier the first lane computes every lane's result, which each reads after a second.
// Where a row of work-items is a whole number of sub-groups and the loop over it vectorizes
// S work-items a vector (S the kernel's sub-group size), a vector is a sub-group, and a reduction,
// scan, broadcast, shuffle or vote is a few shuffles and operations on it: no memory, no barrier.
//
// - weft-sub-group-keep, before the first inlining: the library's reductions, scans, broadcasts,
//   shuffles and votes on scalars (of the types below) stay calls while the rest is inlined.
// - weft-sub-group-vectors, right after: each kernel that calls some and no other sub-group
//   function gets a copy, `<kernel>.sgv`, whose calls become calls of `weft.sgv.<function>.<S>`
//   (the arguments and the local linear id, which keeps the call in its work-item loop), a
//   function LLVM's loop vectorizer widens (a VFABI mapping, as weft-vector-forms') into
//   `weft.sgv.<function>.<S>.v`, built here: the operation on the S lanes of a vector. The
//   kernel itself, and every other caller, gets the library's exchange inlined as before.
// - weft-sub-group-dispatch, after weft-private-frame: the kernel's work-group function runs the
//   copy's (`__weft_wg_<kernel>.sgv`) for work-groups whose rows are whole sub-groups (local size
//   x a multiple of S), if weft-sub-group-resolve finds the copy whole; its layout attributes
//   cover both.
// - weft-sub-group-loops, where LLVM's vectorizers start: a loop of the copy that calls them must
//   be one of weft-kernel-entry's x loops, from work-item 0 to the local size x, by one: it is
//   vectorized S work-items at a time (its trip count assumed a multiple of S, so the scalar
//   remainder folds away) and left to no other pass of Weft's.
// - weft-sub-group-resolve, at the end of LLVM's pipeline: a copy with a scalar call left (a loop
//   that did not vectorize, a remainder that did not fold, a call outside the loops) goes, and
//   its dispatch with it; else the dispatch takes it.
#include "compiler/passes/Common.h"
#include "compiler/passes/Passes.h"

#include "contracts/Compiler.h"
#include "contracts/WorkGroupAbi.h"

#include <llvm/Analysis/AssumptionCache.h>
#include <llvm/Analysis/InstructionSimplify.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/Analysis/VectorUtils.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/KnownBits.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/Local.h>
#include <llvm/Transforms/Utils/LoopUtils.h>
#include <llvm/Transforms/Utils/ModuleUtils.h>

#include <cstddef>
#include <optional>

namespace weft::compiler {
namespace {

constexpr const char *KeptAttr = "weft-sub-group-kept";
constexpr const char *ScalarPrefix = attr::SubGroupFormsPrefix;
constexpr const char *CopySuffix = attr::SubGroupCopySuffix;
constexpr const char *UsableName = "weft.sub_group_copy_usable";
constexpr const char *DoomedAttr = "weft-sub-group-doomed";

enum class Op {
  Reduce,
  ScanInclusive,
  ScanExclusive,
  Broadcast,
  Shuffle,
  ShuffleXor,
  ShuffleUp,
  ShuffleDown,
  All,
  Any
};
enum class Fold { None, Add, Min, Max };

struct Function {
  Op Kind = Op::Reduce;
  Fold With = Fold::None;
  bool Signed = false;
};

/// What the library function F (mangled `_Z<length><name><parameter types>`) computes, if it is
/// one this file takes: the uniform reductions, scans, broadcast, shuffles and votes of char to
/// ulong, float and double.
std::optional<Function> functionOf(const llvm::Function &F) {
  llvm::StringRef Name = F.getName();
  if (!Name.consume_front("_Z"))
    return std::nullopt;
  size_t Length = 0;
  if (Name.consumeInteger(10, Length) || Name.size() < Length)
    return std::nullopt;
  llvm::StringRef Base = Name.take_front(Length), Types = Name.drop_front(Length);
  if (!Base.consume_front("sub_group_"))
    return std::nullopt;
  Function R;
  bool TakesIndex = false;
  static const std::pair<const char *, Fold> Folds[] = {
      {"add", Fold::Add}, {"min", Fold::Min}, {"max", Fold::Max}};
  auto fold = [&](llvm::StringRef Rest) {
    for (auto &[Text, Kind] : Folds)
      if (Rest == Text)
        R.With = Kind;
    return R.With != Fold::None;
  };
  bool Folding = true;
  if (Base.consume_front("reduce_"))
    R.Kind = Op::Reduce;
  else if (Base.consume_front("scan_inclusive_"))
    R.Kind = Op::ScanInclusive;
  else if (Base.consume_front("scan_exclusive_"))
    R.Kind = Op::ScanExclusive;
  else
    Folding = false;
  if (Folding) {
    if (!fold(Base))
      return std::nullopt;
  } else if (Base == "all" || Base == "any") {
    R.Kind = Base == "all" ? Op::All : Op::Any;
    return Types == "i" ? std::optional<Function>(R) : std::nullopt;
  } else {
    static const std::pair<const char *, Op> Moves[] = {{"broadcast", Op::Broadcast},
                                                        {"shuffle", Op::Shuffle},
                                                        {"shuffle_xor", Op::ShuffleXor},
                                                        {"shuffle_up", Op::ShuffleUp},
                                                        {"shuffle_down", Op::ShuffleDown}};
    bool Found = false;
    for (auto &[Text, Kind] : Moves)
      if (Base == Text) {
        R.Kind = Kind;
        Found = true;
      }
    if (!Found || !Types.consume_back("j"))
      return std::nullopt;
    TakesIndex = true;
  }
  if (Types.size() != 1 || !llvm::StringRef("chstijlmfd").contains(Types[0]))
    return std::nullopt;
  R.Signed = llvm::StringRef("csil").contains(Types[0]);
  // The signature Clang gave it: the value's type, and the index as an int.
  llvm::FunctionType *T = F.getFunctionType();
  if (T->getNumParams() != 1u + TakesIndex || T->getReturnType() != T->getParamType(0) ||
      (TakesIndex && !T->getParamType(1)->isIntegerTy(32)))
    return std::nullopt;
  return R;
}

/// Combines A (the earlier lanes') and B as the library's folds do: `B < A ? B : A` for min.
llvm::Value *combine(llvm::IRBuilder<> &B, Fold With, bool Signed, llvm::Value *X, llvm::Value *Y) {
  bool Real = X->getType()->isFPOrFPVectorTy();
  switch (With) {
  case Fold::Add:
    return Real ? B.CreateFAdd(X, Y) : B.CreateAdd(X, Y);
  case Fold::Min:
    return B.CreateSelect(Real     ? B.CreateFCmpOLT(Y, X)
                          : Signed ? B.CreateICmpSLT(Y, X)
                                   : B.CreateICmpULT(Y, X),
                          Y, X);
  case Fold::Max:
    return B.CreateSelect(Real     ? B.CreateFCmpOGT(Y, X)
                          : Signed ? B.CreateICmpSGT(Y, X)
                                   : B.CreateICmpUGT(Y, X),
                          Y, X);
  case Fold::None:
    break;
  }
  return X;
}

/// What an exclusive scan gives lane 0 (the library's IDENTITY).
llvm::Constant *identity(llvm::Type *T, Fold With, bool Signed) {
  if (T->isFloatingPointTy()) {
    if (With == Fold::Add)
      return llvm::ConstantFP::get(T, 0.0);
    return llvm::ConstantFP::getInfinity(T, /*Negative=*/With == Fold::Max);
  }
  unsigned Bits = T->getIntegerBitWidth();
  if (With == Fold::Add)
    return llvm::ConstantInt::get(T, 0);
  if (With == Fold::Min)
    return llvm::ConstantInt::get(T->getContext(), Signed ? llvm::APInt::getSignedMaxValue(Bits)
                                                          : llvm::APInt::getMaxValue(Bits));
  return llvm::ConstantInt::get(T->getContext(), Signed ? llvm::APInt::getSignedMinValue(Bits)
                                                        : llvm::APInt::getMinValue(Bits));
}

/// `weft.sgv.<library function>.<S>.v`: Fn on the S lanes of a vector (one sub-group), each
/// lane's result in its lane; the lanes' local linear ids are not needed.
llvm::Function *vectorForm(llvm::Module &M, const llvm::Function &Library, const Function &Fn,
                           unsigned S, const std::string &Name) {
  llvm::LLVMContext &C = M.getContext();
  llvm::Type *T = Library.getReturnType();
  auto *VT = llvm::FixedVectorType::get(T, S);
  auto *I32s = llvm::FixedVectorType::get(llvm::Type::getInt32Ty(C), S);
  auto *I64s = llvm::FixedVectorType::get(llvm::Type::getInt64Ty(C), S);
  std::vector<llvm::Type *> Params{VT};
  if (Library.arg_size() == 2)
    Params.push_back(I32s);
  Params.push_back(I64s);
  auto *V = llvm::Function::Create(llvm::FunctionType::get(VT, Params, false),
                                   llvm::GlobalValue::InternalLinkage, Name, M);
  V->addFnAttr(llvm::Attribute::AlwaysInline);
  V->addFnAttr(llvm::Attribute::NoUnwind);
  V->setDoesNotAccessMemory();
  llvm::IRBuilder<> B(llvm::BasicBlock::Create(C, "entry", V));
  llvm::Value *X = V->getArg(0);
  // Lane I's entry of a shuffle mask, or of a constant vector of i1 or i32, made by Lane(I).
  auto lanes = [&](unsigned N, auto Lane) {
    llvm::SmallVector<int, 32> Mask;
    for (unsigned I = 0; I < N; ++I)
      Mask.push_back(int(Lane(I)));
    return Mask;
  };
  auto constants = [&](llvm::Type *E, auto Lane) {
    llvm::SmallVector<llvm::Constant *, 32> Values;
    for (unsigned I = 0; I < S; ++I)
      Values.push_back(llvm::ConstantInt::get(E, uint64_t(Lane(I))));
    return llvm::ConstantVector::get(Values);
  };
  // Lane I's value from the lane Index[I] (each below S).
  auto permute = [&](llvm::Value *Index) {
    llvm::Value *R = llvm::PoisonValue::get(VT);
    for (unsigned I = 0; I < S; ++I)
      R = B.CreateInsertElement(R, B.CreateExtractElement(X, B.CreateExtractElement(Index, I)), I);
    return R;
  };
  llvm::Value *R = nullptr;
  switch (Fn.Kind) {
  case Op::Reduce: {
    // The library's tree: halves combined, lane L with lane L + W.
    llvm::Value *Part = X;
    for (unsigned W = S / 2; W > 0; W /= 2) {
      llvm::Value *Low = B.CreateShuffleVector(Part, lanes(W, [](unsigned I) { return I; }));
      llvm::Value *High = B.CreateShuffleVector(Part, lanes(W, [&](unsigned I) { return I + W; }));
      Part = combine(B, Fn.With, Fn.Signed, Low, High);
    }
    R = B.CreateVectorSplat(S, B.CreateExtractElement(Part, uint64_t(0)));
    break;
  }
  case Op::ScanInclusive:
  case Op::ScanExclusive: {
    // Hillis-Steele: log2(S) steps, each combining lane L - D's prefix (the earlier lanes') with
    // lane L's, for the lanes from D on.
    llvm::Value *Prefix = X;
    if (T->isFloatingPointTy() && Fn.With != Fold::Add) {
      // The library folds in lane order with `b < a ? b : a` (or >): a NaN after lane 0 never
      // replaces the running value, and one in lane 0 stays. Combining blocks would let a NaN that
      // starts one through, so those NaNs become the identity, which no step takes either.
      llvm::Value *Later = constants(B.getInt1Ty(), [](unsigned I) { return I > 0; });
      llvm::Value *Skipped = B.CreateAnd(B.CreateFCmpUNO(X, X), Later);
      Prefix = B.CreateSelect(Skipped, B.CreateVectorSplat(S, identity(T, Fn.With, Fn.Signed)), X);
    }
    for (unsigned D = 1; D < S; D *= 2) {
      llvm::Value *Earlier =
          B.CreateShuffleVector(Prefix, lanes(S, [&](unsigned I) { return I >= D ? I - D : I; }));
      llvm::Value *From = constants(B.getInt1Ty(), [&](unsigned I) { return I >= D; });
      Prefix = B.CreateSelect(From, combine(B, Fn.With, Fn.Signed, Earlier, Prefix), Prefix);
    }
    if (Fn.Kind == Op::ScanInclusive) {
      R = Prefix;
    } else {
      llvm::Value *First = B.CreateVectorSplat(S, identity(T, Fn.With, Fn.Signed));
      R = B.CreateShuffleVector(Prefix, First,
                                lanes(S, [&](unsigned I) { return I == 0 ? S : I - 1; }));
    }
    break;
  }
  case Op::Broadcast: {
    // The lane is the same in every work-item; one out of the sub-group leaves each its own value.
    llvm::Value *Lane = B.CreateExtractElement(V->getArg(1), uint64_t(0));
    llvm::Value *In = B.CreateICmpULT(Lane, B.getInt32(S));
    llvm::Value *Value = B.CreateExtractElement(X, B.CreateSelect(In, Lane, B.getInt32(0)));
    R = B.CreateSelect(In, B.CreateVectorSplat(S, Value), X);
    break;
  }
  case Op::Shuffle:
  case Op::ShuffleXor:
  case Op::ShuffleUp:
  case Op::ShuffleDown: {
    llvm::Value *Me = constants(B.getInt32Ty(), [](unsigned I) { return I; }), *A = V->getArg(1);
    llvm::Value *Lane = Fn.Kind == Op::Shuffle      ? A
                        : Fn.Kind == Op::ShuffleXor ? B.CreateXor(Me, A)
                        : Fn.Kind == Op::ShuffleUp  ? B.CreateSub(Me, A)
                                                    : B.CreateAdd(Me, A);
    // A lane outside the sub-group leaves the work-item its own value (as the library does).
    llvm::Value *In = B.CreateICmpULT(Lane, B.CreateVectorSplat(S, B.getInt32(S)));
    R = permute(B.CreateSelect(In, Lane, Me));
    break;
  }
  case Op::All:
  case Op::Any: {
    llvm::Value *True = B.CreateICmpNE(X, llvm::Constant::getNullValue(VT));
    llvm::Value *Vote = Fn.Kind == Op::All ? B.CreateAndReduce(True) : B.CreateOrReduce(True);
    R = B.CreateVectorSplat(S, B.CreateZExt(Vote, T));
    break;
  }
  }
  B.CreateRet(R);
  return V;
}

/// Whether F is a kernel copy's work-group function, `__weft_wg_<kernel>.sgv`.
bool isCopy(const llvm::Function &F) {
  return !F.isDeclaration() && F.getName().startswith(abi::WorkGroupPrefix) &&
         F.getName().endswith(CopySuffix);
}

/// Whether Call calls one of the scalar functions of useVectorForms (which no code defines).
bool callsScalarForm(const llvm::Instruction &I) {
  auto *Call = llvm::dyn_cast<llvm::CallInst>(&I);
  llvm::Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  return Callee && Callee->isDeclaration() && Callee->getName().startswith(ScalarPrefix);
}

/// Copy will never run (weft-sub-group-resolve tells its dispatch): its body goes now.
void doom(llvm::Function &Copy) {
  Copy.deleteBody();
  llvm::ReturnInst::Create(Copy.getContext(),
                           llvm::BasicBlock::Create(Copy.getContext(), "entry", &Copy));
  Copy.addFnAttr(DoomedAttr);
}

/// The local linear id, as the library asks for it (weft-work-items lowers the call).
llvm::Value *localLinearId(llvm::IRBuilder<> &B, llvm::Module &M) {
  llvm::FunctionCallee Query = M.getOrInsertFunction("_Z19get_local_linear_idv", B.getInt64Ty());
  if (auto *F = llvm::dyn_cast<llvm::Function>(Query.getCallee())) {
    F->setDoesNotAccessMemory();
    F->setDoesNotThrow();
    F->setWillReturn();
  }
  return B.CreateCall(Query);
}

/// The kept library functions Item calls.
std::vector<llvm::CallInst *> keptCalls(llvm::Function &Item) {
  std::vector<llvm::CallInst *> Calls;
  for (llvm::Instruction &I : llvm::instructions(Item))
    if (auto *Call = llvm::dyn_cast<llvm::CallInst>(&I))
      if (llvm::Function *Callee = Call->getCalledFunction();
          Callee && Callee->hasFnAttribute(KeptAttr))
        Calls.push_back(Call);
  return Calls;
}

/// Whether Item still calls a sub-group function of the library's exchange (inlined: its barrier).
bool callsExchange(llvm::Function &Item) {
  return !callsTo(Item, [](llvm::StringRef Name) {
            return Name == "__weft_sub_group_barrier";
          }).empty();
}

/// In Kernel's copy: each kept call becomes one of `weft.sgv.<callee>.<S>`, mapped to its vector
/// form.
void useVectorForms(llvm::Function &Copy, unsigned S) {
  llvm::Module &M = *Copy.getParent();
  llvm::LLVMContext &C = M.getContext();
  for (llvm::CallInst *Call : keptCalls(Copy)) {
    llvm::Function *Library = Call->getCalledFunction();
    std::optional<Function> Fn = functionOf(*Library);
    std::string Name = ScalarPrefix + Library->getName().str() + "." + std::to_string(S);
    llvm::Function *Vector = M.getFunction(Name + ".v");
    if (!Vector) {
      Vector = vectorForm(M, *Library, *Fn, S, Name + ".v");
      llvm::appendToCompilerUsed(M, {Vector});
    }
    std::vector<llvm::Type *> Params(Library->getFunctionType()->param_begin(),
                                     Library->getFunctionType()->param_end());
    Params.push_back(llvm::Type::getInt64Ty(C));
    llvm::FunctionCallee Scalar = M.getOrInsertFunction(
        Name, llvm::FunctionType::get(Library->getReturnType(), Params, false));
    auto *ScalarF = llvm::cast<llvm::Function>(Scalar.getCallee());
    ScalarF->setDoesNotAccessMemory();
    ScalarF->setDoesNotThrow();
    ScalarF->setWillReturn();
    // Convergent: nothing moves the call into a branch, where the vectorized loop would pass it
    // the values of lanes that do not take the branch.
    ScalarF->setConvergent();
    setIntAttribute(*ScalarF, attr::SubGroupSize, S);
    llvm::IRBuilder<> B(Call);
    std::vector<llvm::Value *> Args(Call->arg_begin(), Call->arg_end());
    Args.push_back(localLinearId(B, M));
    llvm::CallInst *New = B.CreateCall(Scalar, Args);
    New->addFnAttr(llvm::Attribute::get(C, llvm::VFABI::MappingsAttrName,
                                        vectorMapping(S, *ScalarF, *Vector)));
    Call->replaceAllUsesWith(New);
    Call->eraseFromParent();
  }
}

/// What is known of each lane of a vector of integers: its low K bits (Low), and whether that is
/// the whole value (Exact: known to be below 2^K). Lanes of S.
struct Lanes {
  std::vector<uint64_t> Low;
  bool Exact = false;
};

/// Each lane's low K bits of V, where they follow from constants, from scalars whose low bits
/// are known (the assumed row width makes a row's first local linear id a multiple of S), and
/// from the vectorizer's induction vectors (lanes 0 to S - 1 at first, each stepping by a
/// multiple of 2^K). Null where they do not.
std::optional<Lanes> lanesOf(llvm::Value *V, unsigned K, unsigned S, const llvm::DataLayout &DL,
                             llvm::AssumptionCache &AC, llvm::DominatorTree &DT,
                             llvm::Instruction *At, unsigned Depth = 0) {
  auto *VT = llvm::dyn_cast<llvm::FixedVectorType>(V->getType());
  if (!VT || VT->getNumElements() != S || !VT->getElementType()->isIntegerTy() || Depth > 12)
    return std::nullopt;
  const uint64_t Mask = (uint64_t(1) << K) - 1;
  auto rec = [&](llvm::Value *W) { return lanesOf(W, K, S, DL, AC, DT, At, Depth + 1); };
  if (auto *C = llvm::dyn_cast<llvm::Constant>(V)) {
    Lanes R;
    R.Exact = true;
    for (unsigned I = 0; I < S; ++I) {
      auto *E = llvm::dyn_cast_or_null<llvm::ConstantInt>(C->getAggregateElement(I));
      if (!E)
        return std::nullopt;
      R.Low.push_back(E->getZExtValue() & Mask);
      R.Exact &= E->getValue().ule(Mask);
    }
    return R;
  }
  if (llvm::Value *Scalar = llvm::getSplatValue(V)) {
    llvm::KnownBits Known = llvm::computeKnownBits(Scalar, DL, 0, &AC, At, &DT);
    if (Known.getBitWidth() < K || (~(Known.Zero | Known.One)).extractBitsAsZExtValue(K, 0) != 0)
      return std::nullopt;
    Lanes R;
    R.Low.assign(S, Known.One.extractBitsAsZExtValue(K, 0));
    R.Exact = Known.countMinLeadingZeros() >= Known.getBitWidth() - K;
    return R;
  }
  if (auto *Phi = llvm::dyn_cast<llvm::PHINode>(V)) {
    // start + n * step, every step a multiple of 2^K: the start's low bits.
    if (Phi->getNumIncomingValues() != 2)
      return std::nullopt;
    std::optional<Lanes> Start;
    for (unsigned I = 0; I < 2; ++I) {
      llvm::Value *In = Phi->getIncomingValue(I);
      auto *Step = llvm::dyn_cast<llvm::BinaryOperator>(In);
      if (Step && Step->getOpcode() == llvm::Instruction::Add && Step->getOperand(0) == Phi) {
        std::optional<Lanes> By = rec(Step->getOperand(1));
        if (!By || llvm::any_of(By->Low, [](uint64_t L) { return L != 0; }))
          return std::nullopt;
      } else if (Start || !(Start = rec(In))) { // two ways in that are not steps
        return std::nullopt;
      }
    }
    if (!Start)
      return std::nullopt;
    Start->Exact = false;
    return Start;
  }
  auto *I = llvm::dyn_cast<llvm::Instruction>(V);
  if (!I)
    return std::nullopt;
  if (llvm::isa<llvm::ZExtInst, llvm::SExtInst, llvm::TruncInst>(I)) {
    if (I->getType()->getScalarSizeInBits() < K ||
        I->getOperand(0)->getType()->getScalarSizeInBits() < K)
      return std::nullopt;
    std::optional<Lanes> R = rec(I->getOperand(0));
    if (R && !llvm::isa<llvm::ZExtInst>(I))
      R->Exact = R->Exact && llvm::isa<llvm::TruncInst>(I);
    return R;
  }
  auto *Bin = llvm::dyn_cast<llvm::BinaryOperator>(I);
  if (!Bin)
    return std::nullopt;
  std::optional<Lanes> A = rec(Bin->getOperand(0));
  std::optional<Lanes> B = rec(Bin->getOperand(1));
  // x & m and x urem 2^j (j <= K) need only the other operand's low bits.
  if (Bin->getOpcode() == llvm::Instruction::And && A && B && (A->Exact || B->Exact)) {
    Lanes R;
    R.Exact = true;
    for (unsigned L = 0; L < S; ++L)
      R.Low.push_back(A->Low[L] & B->Low[L]);
    return R;
  }
  if (!A || !B)
    return std::nullopt;
  Lanes R;
  for (unsigned L = 0; L < S; ++L) {
    uint64_t X = A->Low[L], Y = B->Low[L];
    switch (Bin->getOpcode()) {
    case llvm::Instruction::Add:
      R.Low.push_back((X + Y) & Mask);
      break;
    case llvm::Instruction::Sub:
      R.Low.push_back((X - Y) & Mask);
      break;
    case llvm::Instruction::Mul:
      R.Low.push_back((X * Y) & Mask);
      break;
    case llvm::Instruction::Or:
      R.Low.push_back(X | Y);
      break;
    case llvm::Instruction::Xor:
      R.Low.push_back(X ^ Y);
      break;
    default:
      return std::nullopt;
    }
  }
  R.Exact =
      (Bin->getOpcode() == llvm::Instruction::Or || Bin->getOpcode() == llvm::Instruction::Xor) &&
      A->Exact && B->Exact;
  return R;
}

/// Each lane of the vector of i1 Mask, where lanesOf's facts decide it.
std::optional<std::vector<bool>> maskOf(llvm::Value *Mask, unsigned K, unsigned S,
                                        const llvm::DataLayout &DL, llvm::AssumptionCache &AC,
                                        llvm::DominatorTree &DT, llvm::Instruction *At,
                                        unsigned Depth = 0) {
  auto *VT = llvm::dyn_cast<llvm::FixedVectorType>(Mask->getType());
  if (!VT || VT->getNumElements() != S || Depth > 8)
    return std::nullopt;
  std::vector<bool> R;
  if (auto *C = llvm::dyn_cast<llvm::Constant>(Mask)) {
    for (unsigned I = 0; I < S; ++I) {
      auto *E = llvm::dyn_cast_or_null<llvm::ConstantInt>(C->getAggregateElement(I));
      if (!E)
        return std::nullopt;
      R.push_back(E->isOne());
    }
    return R;
  }
  if (auto *Cmp = llvm::dyn_cast<llvm::ICmpInst>(Mask)) {
    std::optional<Lanes> A = lanesOf(Cmp->getOperand(0), K, S, DL, AC, DT, At);
    std::optional<Lanes> B = lanesOf(Cmp->getOperand(1), K, S, DL, AC, DT, At);
    if (!A || !B || !A->Exact || !B->Exact)
      return std::nullopt;
    for (unsigned I = 0; I < S; ++I)
      R.push_back(llvm::ICmpInst::compare(llvm::APInt(64, A->Low[I]), llvm::APInt(64, B->Low[I]),
                                          Cmp->isSigned() ? Cmp->getUnsignedPredicate()
                                                          : Cmp->getPredicate()));
    return R;
  }
  auto *Bin = llvm::dyn_cast<llvm::BinaryOperator>(Mask);
  if (!Bin ||
      (Bin->getOpcode() != llvm::Instruction::And && Bin->getOpcode() != llvm::Instruction::Or &&
       Bin->getOpcode() != llvm::Instruction::Xor))
    return std::nullopt;
  auto A = maskOf(Bin->getOperand(0), K, S, DL, AC, DT, At, Depth + 1);
  auto B = maskOf(Bin->getOperand(1), K, S, DL, AC, DT, At, Depth + 1);
  if (!A || !B)
    return std::nullopt;
  for (unsigned I = 0; I < S; ++I)
    R.push_back(Bin->getOpcode() == llvm::Instruction::And  ? (*A)[I] && (*B)[I]
                : Bin->getOpcode() == llvm::Instruction::Or ? (*A)[I] || (*B)[I]
                                                            : (*A)[I] != (*B)[I]);
  return R;
}

} // namespace

llvm::PreservedAnalyses SubGroupLanesPass::run(llvm::Function &F,
                                               llvm::FunctionAnalysisManager &FAM) {
  if (!isCopy(F))
    return llvm::PreservedAnalyses::all();
  auto &AC = FAM.getResult<llvm::AssumptionAnalysis>(F);
  auto &DT = FAM.getResult<llvm::DominatorTreeAnalysis>(F);
  const llvm::DataLayout &DL = F.getParent()->getDataLayout();
  // Whole: no scalar call left, and each vector form called on the work-items of one sub-group,
  // lane L on the one whose local linear id is L modulo S (what the vectorized loops give; not
  // what SLP's packing of one work-item's calls would).
  for (llvm::Instruction &I : llvm::instructions(F)) {
    auto *Call = llvm::dyn_cast<llvm::CallInst>(&I);
    llvm::Function *Callee = Call ? Call->getCalledFunction() : nullptr;
    if (!Callee || !Callee->getName().startswith(ScalarPrefix))
      continue;
    bool Whole = !Callee->isDeclaration();
    if (Whole) {
      llvm::Value *Ids = Call->getArgOperand(Call->arg_size() - 1);
      unsigned S = llvm::cast<llvm::FixedVectorType>(Ids->getType())->getNumElements();
      std::optional<Lanes> Id = lanesOf(Ids, llvm::Log2_32(S), S, DL, AC, DT, Call);
      for (unsigned L = 0; L < S; ++L)
        Whole &= Id && Id->Low[L] == L;
    }
    if (!Whole) {
      doom(F);
      return llvm::PreservedAnalyses::none();
    }
  }
  bool Changed = false;
  for (llvm::Instruction &I : llvm::make_early_inc_range(llvm::instructions(F))) {
    auto *II = llvm::dyn_cast<llvm::IntrinsicInst>(&I);
    if (!II || (II->getIntrinsicID() != llvm::Intrinsic::masked_scatter &&
                II->getIntrinsicID() != llvm::Intrinsic::masked_store))
      continue;
    // A store of a few lanes of each vector (a sub-group's first or last lane) as plain stores.
    llvm::Value *Value = II->getArgOperand(0), *To = II->getArgOperand(1);
    auto *VT = llvm::cast<llvm::FixedVectorType>(Value->getType());
    unsigned S = VT->getNumElements();
    if (!llvm::isPowerOf2_32(S))
      continue;
    std::optional<std::vector<bool>> On =
        maskOf(II->getArgOperand(3), llvm::Log2_32(S), S, DL, AC, DT, II);
    if (!On || llvm::count(*On, true) > 2)
      continue;
    llvm::IRBuilder<> B(II);
    llvm::Align Align = llvm::cast<llvm::ConstantInt>(II->getArgOperand(2))->getAlignValue();
    for (unsigned L = 0; L < S; ++L) {
      if (!(*On)[L])
        continue;
      llvm::Value *At = II->getIntrinsicID() == llvm::Intrinsic::masked_scatter
                            ? B.CreateExtractElement(To, L)
                            : B.CreateConstInBoundsGEP1_64(VT->getElementType(), To, L);
      llvm::StoreInst *Store = B.CreateAlignedStore(
          B.CreateExtractElement(Value, L), At,
          II->getIntrinsicID() == llvm::Intrinsic::masked_scatter
              ? Align
              : llvm::commonAlignment(Align, L * DL.getTypeStoreSize(VT->getElementType())));
      Store->copyMetadata(*II, {llvm::LLVMContext::MD_tbaa, llvm::LLVMContext::MD_alias_scope,
                                llvm::LLVMContext::MD_noalias, llvm::LLVMContext::MD_access_group});
    }
    II->eraseFromParent();
    Changed = true;
  }
  return keptUnlessChanged(Changed);
}

llvm::PreservedAnalyses SubGroupKeepPass::run(llvm::Module &M, llvm::ModuleAnalysisManager &) {
  bool Changed = false;
  for (llvm::Function &F : M)
    if (!F.isDeclaration() && !F.use_empty() && functionOf(F)) {
      F.removeFnAttr(llvm::Attribute::AlwaysInline);
      F.addFnAttr(llvm::Attribute::NoInline);
      F.addFnAttr(KeptAttr);
      Changed = true;
    }
  return Changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

llvm::PreservedAnalyses SubGroupVectorsPass::run(llvm::Module &M, llvm::ModuleAnalysisManager &) {
  std::vector<llvm::Function *> Kept;
  for (llvm::Function &F : M)
    if (F.hasFnAttribute(KeptAttr))
      Kept.push_back(&F);
  if (Kept.empty())
    return llvm::PreservedAnalyses::all();
  // Checked programs keep the exchange, whose accesses the checks know.
  bool Checked = moduleFlag(M, attr::CheckBounds) || moduleFlag(M, attr::CheckBarriers) ||
                 moduleFlag(M, attr::CheckCopies) || moduleFlag(M, attr::CheckUninitialized) ||
                 moduleFlag(M, attr::CheckRaces);
  std::vector<llvm::Function *> Kernels;
  for (llvm::Function &F : M)
    if (!F.isDeclaration() && F.getCallingConv() == llvm::CallingConv::SPIR_KERNEL)
      Kernels.push_back(&F);
  for (llvm::Function *K : Kernels) {
    unsigned S = unsigned(intAttribute(*K, attr::SubGroupSize));
    if (Checked || !llvm::is_contained(SubGroupSizes, S) || keptCalls(*K).empty() ||
        callsExchange(*K))
      continue;
    llvm::ValueToValueMapTy Map;
    llvm::Function *Copy = llvm::CloneFunction(K, Map);
    Copy->setName(K->getName() + CopySuffix);
    Copy->setLinkage(K->getLinkage());
    useVectorForms(*Copy, S);
  }
  // Everywhere else the library's exchange, inlined as it would have been.
  for (llvm::Function *F : Kept) {
    for (llvm::User *U : llvm::make_early_inc_range(F->users()))
      if (auto *Call = llvm::dyn_cast<llvm::CallInst>(U); Call && Call->getCalledFunction() == F) {
        llvm::InlineFunctionInfo Info;
        llvm::InlineFunction(*Call, Info);
      }
    F->removeFnAttr(KeptAttr);
    F->removeFnAttr(llvm::Attribute::NoInline);
    F->addFnAttr(llvm::Attribute::AlwaysInline);
  }
  return llvm::PreservedAnalyses::none();
}

llvm::PreservedAnalyses SubGroupDispatchPass::run(llvm::Module &M, llvm::ModuleAnalysisManager &) {
  bool Changed = false;
  std::vector<llvm::Function *> Copies;
  for (llvm::Function &F : M)
    if (isCopy(F))
      Copies.push_back(&F);
  for (llvm::Function *CopyF : Copies) {
    llvm::Function &Copy = *CopyF;
    llvm::Function *Wg =
        M.getFunction(Copy.getName().drop_back(llvm::StringRef(CopySuffix).size()));
    // The calls must all be in the copy's work-group function, where weft-sub-group-loops sees
    // them: a work-item function weft-kernel-entry kept out of line (past its inlining budget)
    // keeps its calls scalar.
    unsigned S = 0;
    bool Inside = true;
    std::vector<llvm::Function *> Reached{&Copy};
    llvm::SmallPtrSet<llvm::Function *, 8> Seen{&Copy};
    for (size_t I = 0; I < Reached.size(); ++I)
      for (llvm::Instruction &Inst : llvm::instructions(*Reached[I]))
        if (auto *Call = llvm::dyn_cast<llvm::CallInst>(&Inst))
          if (llvm::Function *Callee = Call->getCalledFunction()) {
            if (callsScalarForm(Inst)) {
              S = unsigned(intAttribute(*Callee, attr::SubGroupSize));
              Inside &= Reached[I] == &Copy;
            } else if (!Callee->isDeclaration() && Seen.insert(Callee).second) {
              Reached.push_back(Callee);
            }
          }
    if (!Wg || Wg->isDeclaration() || Wg->arg_size() != Copy.arg_size() || !S || !Inside) {
      // Never run: the copy goes, and then what only it called.
      Copy.eraseFromParent();
      for (bool Erased = true; Erased;) {
        Erased = false;
        for (llvm::Function *F : llvm::drop_begin(Reached))
          if (Seen.contains(F) && F->use_empty() && F->hasLocalLinkage() && Seen.erase(F)) {
            F->eraseFromParent();
            Erased = true;
          }
      }
      Changed = true;
      continue;
    }
    // The layout covers both functions (only one runs a work-group).
    for (const char *Field : {attr::PrivateBytes, attr::FrameBytes})
      setIntAttribute(*Wg, Field, std::max(intAttribute(*Wg, Field), intAttribute(Copy, Field)));
    uint64_t Local =
        std::max(intAttribute(*Wg, attr::LocalBytes), intAttribute(Copy, attr::LocalBytes));
    uint64_t End = std::max(
        intAttribute(*Wg, attr::LocalBytes) + intAttribute(*Wg, attr::LocalScratchBytes),
        intAttribute(Copy, attr::LocalBytes) + intAttribute(Copy, attr::LocalScratchBytes));
    setIntAttribute(*Wg, attr::LocalBytes, Local);
    setIntAttribute(*Wg, attr::LocalScratchBytes, End - Local);
    Copy.addFnAttr(llvm::Attribute::NoInline);

    llvm::BasicBlock *Entry = &Wg->getEntryBlock();
    llvm::BasicBlock::iterator At = Entry->getFirstInsertionPt();
    while (llvm::isa<llvm::AllocaInst>(*At))
      ++At;
    llvm::BasicBlock *Rest = Entry->splitBasicBlock(At, "sgv.exchange");
    Entry->getTerminator()->eraseFromParent();
    llvm::LLVMContext &C = M.getContext();
    llvm::IRBuilder<> B(Entry);
    llvm::Value *Width =
        loadContextField(B, Wg->getArg(1), offsetof(abi::WorkGroupContext, LocalSize),
                         B.getInt64Ty(), "local.size.x");
    llvm::Value *Whole = B.CreateICmpEQ(B.CreateAnd(Width, S - 1), B.getInt64(0));
    llvm::FunctionCallee Usable =
        M.getOrInsertFunction(UsableName, B.getInt1Ty(), llvm::PointerType::get(C, 0));
    llvm::Value *Take = B.CreateAnd(Whole, B.CreateCall(Usable, {&Copy}));
    llvm::BasicBlock *Vectors = llvm::BasicBlock::Create(C, "sgv.vectors", Wg, Rest);
    B.CreateCondBr(Take, Vectors, Rest);
    B.SetInsertPoint(Vectors);
    B.CreateCall(&Copy, {Wg->getArg(0), Wg->getArg(1)});
    B.CreateRetVoid();
    Changed = true;
  }
  return Changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

llvm::PreservedAnalyses SubGroupLoopsPass::run(llvm::Function &F,
                                               llvm::FunctionAnalysisManager &FAM) {
  if (!isCopy(F))
    return llvm::PreservedAnalyses::all();
  auto &LI = FAM.getResult<llvm::LoopAnalysis>(F);
  auto &SE = FAM.getResult<llvm::ScalarEvolutionAnalysis>(F);
  auto &DT = FAM.getResult<llvm::DominatorTreeAnalysis>(F);
  // The local size x, as the work-item loops read it.
  llvm::LoadInst *Width = nullptr;
  for (llvm::Instruction &I : F.getEntryBlock())
    if (auto *Load = llvm::dyn_cast<llvm::LoadInst>(&I); Load && Load->getType()->isIntegerTy(64))
      if (contextFieldOffset(*Load, F.getArg(1)) == offsetof(abi::WorkGroupContext, LocalSize))
        Width = Load;
  // Every call must be in a loop taken below: a call anywhere else (a loop LLVM might vectorize
  // across anything but a sub-group's work-items, or none) dooms the copy.
  llvm::SmallPtrSet<const llvm::Instruction *, 8> Calls;
  for (llvm::Instruction &I : llvm::instructions(F))
    if (callsScalarForm(I))
      Calls.insert(&I);
  unsigned S = 0;
  for (const llvm::Instruction *Call : Calls)
    S = unsigned(
        intAttribute(*llvm::cast<llvm::CallInst>(Call)->getCalledFunction(), attr::SubGroupSize));
  std::vector<llvm::Loop *> Taken;
  for (llvm::Loop *L : LI.getLoopsInPreorder()) {
    llvm::BasicBlock *Latch = L->getLoopLatch();
    if (!L->isInnermost() || !isWorkItemLoop(*L) || !L->getLoopPreheader() || !Latch || !Width ||
        !S || llvm::none_of(L->blocks(), [&](llvm::BasicBlock *BB) {
          return llvm::any_of(*BB, [&](llvm::Instruction &I) { return Calls.contains(&I); });
        }))
      continue;
    // Every work-item makes the calls: none is under a branch of the work-item's (the vectorized
    // loop would pass the vector form the lanes that do not take it: `if (i >= n) return;`).
    if (llvm::any_of(L->blocks(), [&](llvm::BasicBlock *BB) {
          return !DT.dominates(BB, Latch) &&
                 llvm::any_of(*BB, [&](llvm::Instruction &I) { return Calls.contains(&I); });
        }))
      continue;
    // From work-item 0 to the local size x, one at a time: each vector of S is one sub-group.
    bool FromZero = false;
    for (llvm::PHINode &Phi : L->getHeader()->phis())
      if (auto *X = llvm::dyn_cast<llvm::SCEVAddRecExpr>(SE.getSCEV(&Phi));
          X && X->getLoop() == L && X->isAffine() && X->getStart()->isZero() &&
          X->getStepRecurrence(SE)->isOne())
        FromZero = true;
    const llvm::SCEV *Backedges = SE.getBackedgeTakenCount(L);
    if (!FromZero || llvm::isa<llvm::SCEVCouldNotCompute>(Backedges))
      continue;
    const llvm::SCEV *Trips = SE.getAddExpr(Backedges, SE.getOne(Backedges->getType()));
    const llvm::SCEV *N = SE.getSCEV(Width);
    if (Trips != N && Trips != SE.getUMaxExpr(N, SE.getOne(N->getType())))
      continue;
    Taken.push_back(L);
  }
  for (llvm::Loop *L : Taken)
    for (llvm::BasicBlock *BB : L->blocks())
      for (llvm::Instruction &I : *BB)
        Calls.erase(&I);
  if (!Calls.empty() || Taken.empty()) {
    doom(F);
    return llvm::PreservedAnalyses::none();
  }
  // Only work-groups whose rows are whole sub-groups run this function (weft-sub-group-dispatch).
  llvm::IRBuilder<> B(Width->getNextNode());
  B.CreateAssumption(B.CreateICmpEQ(B.CreateAnd(Width, S - 1), B.getInt64(0)));
  B.CreateAssumption(B.CreateICmpUGE(Width, B.getInt64(S)));
  llvm::LLVMContext &C = F.getContext();
  for (llvm::Loop *L : Taken)
    L->setLoopID(llvm::makePostTransformationMetadata(
        C, L->getLoopID(), {attr::WorkItemLoop, "llvm.loop.vectorize.", "llvm.loop.interleave."},
        {loopOption(C, "llvm.loop.vectorize.enable",
                    {llvm::ConstantAsMetadata::get(llvm::ConstantInt::getTrue(C))}),
         loopOption(
             C, "llvm.loop.vectorize.width",
             {llvm::ConstantAsMetadata::get(llvm::ConstantInt::get(llvm::Type::getInt32Ty(C), S))}),
         loopOption(C, "llvm.loop.interleave.count",
                    {llvm::ConstantAsMetadata::get(
                        llvm::ConstantInt::get(llvm::Type::getInt32Ty(C), 1))})}));
  llvm::PreservedAnalyses Kept;
  Kept.preserveSet<llvm::CFGAnalyses>();
  return Kept;
}

llvm::PreservedAnalyses SubGroupResolvePass::run(llvm::Module &M, llvm::ModuleAnalysisManager &) {
  llvm::Function *Usable = M.getFunction(UsableName);
  bool Changed = false;
  if (Usable) {
    for (llvm::User *U : llvm::make_early_inc_range(Usable->users())) {
      auto *Call = llvm::cast<llvm::CallInst>(U);
      auto *Copy = llvm::dyn_cast<llvm::Function>(Call->getArgOperand(0)->stripPointerCasts());
      bool Whole = Copy && !Copy->isDeclaration() && !Copy->hasFnAttribute(DoomedAttr) &&
                   llvm::none_of(llvm::instructions(*Copy), callsScalarForm);
      // The dispatch's test folds: a copy never run leaves no branch, load or call in its
      // kernel's work-group function, and goes.
      llvm::BasicBlock *Dispatch = Call->getParent();
      llvm::replaceAndRecursivelySimplify(Call, llvm::ConstantInt::getBool(M.getContext(), Whole));
      Call->eraseFromParent();
      llvm::ConstantFoldTerminator(Dispatch, /*DeleteDeadConditions=*/true);
      llvm::removeUnreachableBlocks(*Dispatch->getParent());
      if (Copy && !Whole) {
        if (Copy->use_empty())
          Copy->eraseFromParent();
        else if (!Copy->isDeclaration())
          doom(*Copy);
      }
    }
    Usable->eraseFromParent();
    Changed = true;
  }
  std::vector<llvm::Function *> Scalars;
  for (llvm::Function &F : M)
    if (F.isDeclaration() && F.getName().startswith(ScalarPrefix) && F.use_empty())
      Scalars.push_back(&F);
  for (llvm::Function *F : Scalars)
    F->eraseFromParent();
  Changed |= releaseFromCompilerUsed(
      M, [](const llvm::GlobalValue &G) { return G.getName().startswith(ScalarPrefix); });
  return Changed || !Scalars.empty() ? llvm::PreservedAnalyses::none()
                                     : llvm::PreservedAnalyses::all();
}

} // namespace weft::compiler
