// weft-vector-forms, weft-vector-forms-prune, weft-vector-forms-force and weft-vector-forms-inline:
// a scalar math built-in called in a loop over work-items runs on Weft's own vector forms of it
// once the loop vectorizes.
//
// A kernel's `sin(x)` is one work-item's call; the work-item loop around it (weft-kernel-entry)
// can run 8 or 16 work-items at once, but the call ended in a C library routine (glibc's sinf,
// expm1, ...), which LLVM's loop vectorizer cannot widen, so the loop stayed scalar. The library
// has vector forms of these functions (builtins/src/math_vector.inc, marked in math.inc with the
// section OwnVectorFormsSection). LLVM's vectorizer widens a call to a function whose
// "vector-function-abi-variant" attribute names a vector function of the loop's width (VFABI,
// llvm/Analysis/VectorUtils.h), as Clang's -fveclib does for glibc's libmvec or SVML.
//
// weft-vector-forms, after weft-normalize: for each marked scalar built-in, an entry point per
// vector form in the module (Compiler.cpp links those of the host's vector width),
// `weft.vector_form.<name>`, taking and returning vectors by value (the library's vector forms
// take vectors wider than 16 bytes in memory, as Clang compiled them for baseline x86-64), and a
// mapping on each call whose arguments are not all constants (those fold once inlined) and which
// is not inside a function of the scheme itself: the call stays a call (noinline) through LLVM's
// pipeline so that the vectorizer can see it. Calls of the LLVM intrinsic that computes such a
// function (llvm.sin.f32 for sin: the library's sincos, native_* and half_* inline them at its
// build) get the same mapping. The entry points are kept until then (llvm.compiler.used), and
// each part of a program compiled in parallel gets its own copy of them and of the scalar
// functions.
//
// weft-vector-forms-prune, where LLVM's pipeline starts: entry points no call in the module (the
// part) maps to are no longer kept, so that LLVM deletes them before optimising them.
//
// weft-vector-forms-force, where LLVM's vectorizers start: a work-item loop that calls a mapped
// function is vectorized even where LLVM's cost model would leave it scalar (its
// llvm.loop.vectorize.enable asks for it; the vectorizer still picks the cheapest width, so the
// width that has the forms). The model weighs a mapped call like any call, and something it prices
// high beside it (a 64-bit `i % 7` on AVX2, which has no vector instruction for it) can outweigh
// the calls: such a loop with nine math calls, left scalar on AMD's Zen 3, ran about three times
// faster vectorized (docs/performance.md, "weft-vector-forms-force"). Loops whose
// vectorization the program decided (a pragma, or one already done) are left alone.
//
// weft-vector-forms-inline, at the end of LLVM's pipeline: a sine and a cosine of the same vector
// become one call of the sincos form (whose entry point Compiler.cpp and weft-vector-forms provide
// where both are mapped), the calls the vectorizer did not widen (a loop's scalar remainder, loops
// that do not vectorize) are inlined again, and entry points nothing calls are deleted.
#include "compiler/passes/Common.h"
#include "compiler/passes/Passes.h"

#include <llvm/ADT/SmallVector.h>
#include <llvm/Analysis/VectorUtils.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/LoopUtils.h>
#include <llvm/Transforms/Utils/ModuleUtils.h>

#include <set>
#include <tuple>

namespace weft::compiler {
namespace {

constexpr const char *EntryPrefix = "weft.vector_form.";

/// The library form an entry point named Name (weft.vector_form.<form>) calls; empty for other
/// names.
llvm::StringRef formOf(llvm::StringRef Name) {
  return Name.consume_front(EntryPrefix) ? Name : llvm::StringRef();
}

/// A new entry point for Form (a vector form the library defined in the module), of type Type,
/// with the library function's attributes (target, floating-point mode) but its inlining ones:
/// the vectorized loop calls the entry point, and the form is inlined into it.
llvm::Function *newEntryPoint(llvm::Function &Form, llvm::FunctionType *Type) {
  llvm::Module &M = *Form.getParent();
  auto *Entry = llvm::Function::Create(Type, llvm::GlobalValue::InternalLinkage,
                                       EntryPrefix + Form.getName().str(), M);
  Entry->setAttributes(llvm::AttributeList::get(M.getContext(), Form.getAttributes().getFnAttrs(),
                                                llvm::AttributeSet(), {}));
  Entry->removeFnAttr(llvm::Attribute::AlwaysInline);
  Entry->removeFnAttr(llvm::Attribute::Convergent);
  Entry->addFnAttr(llvm::Attribute::NoInline);
  Entry->addFnAttr(attr::VectorForms);
  llvm::BasicBlock::Create(M.getContext(), "entry", Entry);
  return Entry;
}

/// The type of Form's parameter A as the entry point takes it: the vector itself, where the
/// library's form takes it in memory (byval).
llvm::Type *byValue(const llvm::Argument &A) {
  return A.hasByValAttr() ? A.getParamByValType() : A.getType();
}

/// Calls Form from its entry point's block (B) with Values, which are by value: each one Form
/// takes in memory goes through a stack slot.
llvm::CallInst *callForm(llvm::IRBuilder<> &B, llvm::Function &Form,
                         llvm::ArrayRef<llvm::Value *> Values) {
  std::vector<llvm::Value *> Args;
  for (llvm::Argument &A : Form.args()) {
    llvm::Value *Value = Values[A.getArgNo()];
    if (A.hasByValAttr()) {
      llvm::AllocaInst *Slot = B.CreateAlloca(A.getParamByValType());
      Slot->setAlignment(A.getParamAlign().valueOrOne());
      B.CreateAlignedStore(Value, Slot, Slot->getAlign());
      Value = Slot;
    }
    Args.push_back(Value);
  }
  llvm::CallInst *Call = B.CreateCall(&Form, Args);
  Call->setAttributes(Form.getAttributes().removeFnAttributes(B.getContext())); // byval stays
  Call->setCallingConv(Form.getCallingConv());
  return Call;
}

/// The entry point of Form: the same function with its vectors taken by value, as LLVM's
/// vectorizer passes them.
llvm::Function *entryPointFor(llvm::Function &Form) {
  std::vector<llvm::Type *> Params;
  for (llvm::Argument &A : Form.args())
    Params.push_back(byValue(A));
  llvm::Function *Entry =
      newEntryPoint(Form, llvm::FunctionType::get(Form.getReturnType(), Params, false));
  llvm::IRBuilder<> B(&Entry->getEntryBlock());
  std::vector<llvm::Value *> Values;
  for (llvm::Argument &A : Entry->args())
    Values.push_back(&A);
  B.CreateRet(callForm(B, Form, Values));
  return Entry;
}

/// The entry point of Sincos, the library's sincos form of one width (x, and a private pointer
/// that receives the cosine): x by value, {sine, cosine} returned. weft-vector-forms-inline calls
/// it in place of a sine and a cosine of the same vector: the two share their argument reduction.
llvm::Function *pairEntryFor(llvm::Function &Sincos) {
  llvm::Type *V = byValue(*Sincos.getArg(0));
  auto *Pair = llvm::StructType::get(V, V);
  llvm::Function *Entry = newEntryPoint(Sincos, llvm::FunctionType::get(Pair, {V}, false));
  llvm::IRBuilder<> B(&Entry->getEntryBlock());
  llvm::AllocaInst *Cosine = B.CreateAlloca(V);
  llvm::Value *Sine = callForm(B, Sincos, {Entry->getArg(0), Cosine});
  llvm::Value *Result = B.CreateInsertValue(llvm::PoisonValue::get(Pair), Sine, 0);
  B.CreateRet(B.CreateInsertValue(Result, B.CreateLoad(V, Cosine), 1));
  return Entry;
}

/// Takes the entry points Release says off llvm.compiler.used: where nothing calls them, GlobalDCE
/// deletes them. Whether any was taken off.
template <typename Predicate> bool releaseEntryPoints(llvm::Module &M, Predicate Release) {
  return releaseFromCompilerUsed(M, [&](const llvm::GlobalValue &G) {
    const auto *F = llvm::dyn_cast<llvm::Function>(&G);
    return F && F->getName().startswith(EntryPrefix) && Release(*F);
  });
}

/// A call of sin's entry point and one of cos's of the same width in one block with the same
/// argument become one call of the sincos form's entry point (pairEntryFor), where the module has
/// it. Whether any did.
bool pairSinesWithCosines(llvm::Module &M) {
  bool Changed = false;
  for (llvm::Function &F : M)
    for (llvm::BasicBlock &BB : F) {
      std::vector<llvm::CallInst *> Sines;
      for (llvm::Instruction &I : BB)
        if (auto *Call = llvm::dyn_cast<llvm::CallInst>(&I);
            Call && Call->getCalledFunction() &&
            !cosineAndSincosForms(formOf(Call->getCalledFunction()->getName())).first.empty())
          Sines.push_back(Call);
      for (llvm::CallInst *Sine : Sines) {
        auto [CosForm, SincosForm] =
            cosineAndSincosForms(formOf(Sine->getCalledFunction()->getName()));
        llvm::Function *Pair = M.getFunction(EntryPrefix + SincosForm);
        llvm::Function *Cos = M.getFunction(EntryPrefix + CosForm);
        if (!Pair || !Cos)
          continue;
        llvm::Value *X = Sine->getArgOperand(0);
        llvm::CallInst *Cosine = nullptr;
        for (llvm::User *U : X->users())
          if (auto *Call = llvm::dyn_cast<llvm::CallInst>(U);
              Call && Call->getCalledFunction() == Cos && Call->getParent() == &BB)
            Cosine = Call;
        if (!Cosine)
          continue;
        // At the earlier of the two: X is defined before both.
        llvm::Instruction *At = Sine->comesBefore(Cosine) ? Sine : Cosine;
        llvm::IRBuilder<> B(At);
        llvm::CallInst *Both = B.CreateCall(Pair, {X});
        Sine->replaceAllUsesWith(B.CreateExtractValue(Both, 0));
        Cosine->replaceAllUsesWith(B.CreateExtractValue(Both, 1));
        Sine->eraseFromParent();
        Cosine->eraseFromParent();
        Changed = true;
      }
    }
  return Changed;
}

} // namespace

std::vector<std::pair<unsigned, std::string>> vectorFormNames(llvm::StringRef Scalar) {
  // _Z<length><name><parameters>: one or two floats (f) or doubles (d), or one and an int (i).
  llvm::StringRef Rest = Scalar;
  unsigned Length = 0;
  if (!Rest.consume_front("_Z") || Rest.consumeInteger(10, Length) || Rest.size() <= Length)
    return {};
  llvm::StringRef Name = Rest.take_front(Length), Params = Rest.drop_front(Length);
  if (Params != "f" && Params != "ff" && Params != "fi" && Params != "d" && Params != "dd" &&
      Params != "di")
    return {};
  std::vector<std::pair<unsigned, std::string>> Names;
  const unsigned Least = Params[0] == 'f' ? 4 : 2; // 16 bytes
  for (unsigned N : {Least, 2 * Least, 4 * Least}) {
    std::string Vector = "Dv" + std::to_string(N) + "_" + Params[0];
    // A repeated parameter type is the substitution S_ (the Itanium ABI's first one); an int
    // parameter becomes an int vector of the same width.
    std::string Second = Params.size() == 1 ? ""
                         : Params[1] == 'i' ? "Dv" + std::to_string(N) + "_i"
                                            : "S_";
    Names.push_back({N, "_Z" + std::to_string(Length) + Name.str() + Vector + Second});
  }
  return Names;
}

std::pair<std::string, std::string> cosineAndSincosForms(llvm::StringRef SineForm) {
  if (!SineForm.consume_front("_Z3sinDv")) // Dv<width>_<type> follows
    return {};
  return {("_Z3cosDv" + SineForm).str(), ("_Z6sincosDv" + SineForm + "PS_").str()};
}

std::string scalarBuiltinFor(const llvm::Function &Intrinsic) {
  static const std::pair<llvm::Intrinsic::ID, llvm::StringRef> Names[] = {
      {llvm::Intrinsic::sin, "sin"},     {llvm::Intrinsic::cos, "cos"},
      {llvm::Intrinsic::exp, "exp"},     {llvm::Intrinsic::exp2, "exp2"},
      {llvm::Intrinsic::log, "log"},     {llvm::Intrinsic::log2, "log2"},
      {llvm::Intrinsic::log10, "log10"}, {llvm::Intrinsic::pow, "pow"}};
  const auto *It = llvm::find_if(
      Names, [&](const auto &Entry) { return Entry.first == Intrinsic.getIntrinsicID(); });
  if (It == std::end(Names))
    return {};
  llvm::StringRef Name = It->second;
  llvm::Type *T = Intrinsic.getReturnType();
  if (!T->isFloatTy() && !T->isDoubleTy())
    return {};
  return "_Z" + std::to_string(Name.size()) + Name.str() +
         std::string(Intrinsic.arg_size(), T->isFloatTy() ? 'f' : 'd');
}

llvm::PreservedAnalyses VectorFormsPass::run(llvm::Module &M, llvm::ModuleAnalysisManager &) {
  std::vector<llvm::Function *> Scalars;
  std::set<const llvm::Function *> OfTheScheme;
  for (llvm::Function &F : M)
    if (!F.isDeclaration() && F.getSection() == OwnVectorFormsSection) {
      F.setSection(""); // only a mark: the code goes where all code goes
      Scalars.push_back(&F);
      OfTheScheme.insert(&F);
    }
  bool Changed = !Scalars.empty();
  // The scalars with vector forms in the module and their entry points, with their widths, in the
  // module's order (so that the output is the same from run to run).
  using Widths = std::vector<std::pair<unsigned, llvm::Function *>>;
  std::vector<std::pair<llvm::Function *, Widths>> Mapped;
  std::vector<llvm::GlobalValue *> Used;
  for (llvm::Function *F : Scalars) {
    Widths Entries;
    for (auto &[N, Name] : vectorFormNames(F->getName())) {
      llvm::Function *Form = M.getFunction(Name);
      if (!Form || Form->isDeclaration() ||
          Form->getReturnType() != llvm::FixedVectorType::get(F->getReturnType(), N))
        continue;
      llvm::Function *Entry = entryPointFor(*Form);
      OfTheScheme.insert(Form);
      OfTheScheme.insert(Entry);
      Used.push_back(Entry);
      Entries.push_back({N, Entry});
      // Where the library's sincos form of this width is in the module (Compiler.cpp links it
      // when both sin and cos are mapped), its entry point too.
      llvm::Function *Sincos = M.getFunction(cosineAndSincosForms(Name).second);
      if (Sincos && !Sincos->isDeclaration() && Sincos->arg_size() == 2) {
        OfTheScheme.insert(Sincos);
        Used.push_back(pairEntryFor(*Sincos));
      }
    }
    if (Entries.empty())
      continue;
    F->addFnAttr(attr::VectorForms);
    F->removeFnAttr(llvm::Attribute::Convergent);
    Mapped.push_back({F, std::move(Entries)});
  }
  // A mapping for each of the entry points.
  auto MappingsFor = [&](const llvm::Function &Callee, const Widths &Entries) {
    std::string Mappings;
    for (auto &[N, Entry] : Entries)
      Mappings += (Mappings.empty() ? "" : ",") + vectorMapping(N, Callee, *Entry);
    return llvm::Attribute::get(M.getContext(), llvm::VFABI::MappingsAttrName, Mappings);
  };
  // Callee's calls outside the scheme's own functions, unless all their arguments are constants
  // (those fold once inlined).
  auto CallsToMap = [&](llvm::Function &Callee) {
    std::vector<llvm::CallInst *> Calls;
    for (llvm::User *U : Callee.users())
      if (auto *Call = llvm::dyn_cast<llvm::CallInst>(U);
          Call && Call->getCalledFunction() == &Callee && !OfTheScheme.count(Call->getFunction()) &&
          !llvm::all_of(Call->args(),
                        [](const llvm::Use &A) { return llvm::isa<llvm::Constant>(A); }))
        Calls.push_back(Call);
    return Calls;
  };
  for (auto &[F, Entries] : Mapped)
    for (llvm::CallInst *Call : CallsToMap(*F)) {
      Call->addFnAttr(llvm::Attribute::NoInline);
      Call->addFnAttr(MappingsFor(*F, Entries));
      // Clang makes every OpenCL C call convergent (a math function is not, and LLVM's
      // vectorizer refuses convergent calls) and, with -fno-builtin, nobuiltin (which keeps the
      // vectorizer from using the mapping).
      Call->removeFnAttr(llvm::Attribute::Convergent);
      Call->removeFnAttr(llvm::Attribute::NoBuiltin);
    }
  // The LLVM math intrinsics that compute such a scalar (the library's own functions call them:
  // sincos calls llvm.sin and llvm.cos) are mapped to its vector forms too.
  for (llvm::Function &I : M) {
    std::string Scalar = I.isIntrinsic() ? scalarBuiltinFor(I) : std::string();
    auto It = llvm::find_if(Mapped, [&](const auto &S) { return S.first->getName() == Scalar; });
    if (!Scalar.empty() && It != Mapped.end())
      for (llvm::CallInst *Call : CallsToMap(I)) {
        Call->addFnAttr(MappingsFor(I, It->second));
        Changed = true;
      }
  }
  if (!Used.empty())
    llvm::appendToCompilerUsed(M, Used);
  return Changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

llvm::PreservedAnalyses VectorFormsForcePass::run(llvm::Function &F,
                                                  llvm::FunctionAnalysisManager &FAM) {
  llvm::LoopInfo &LI = FAM.getResult<llvm::LoopAnalysis>(F);
  llvm::LLVMContext &C = F.getContext();
  bool Changed = false;
  for (llvm::Loop *L : LI.getLoopsInPreorder()) {
    if (!L->isInnermost() || !isWorkItemLoop(*L) ||
        llvm::hasVectorizeTransformation(L) != llvm::TM_Unspecified)
      continue;
    bool CallsForm = llvm::any_of(L->blocks(), [](const llvm::BasicBlock *B) {
      return llvm::any_of(*B, [](const llvm::Instruction &I) {
        const auto *Call = llvm::dyn_cast<llvm::CallInst>(&I);
        return Call && Call->getAttributes().hasFnAttr(llvm::VFABI::MappingsAttrName);
      });
    });
    if (!CallsForm)
      continue;
    llvm::MDNode *Enable =
        loopOption(C, "llvm.loop.vectorize.enable",
                   {llvm::ConstantAsMetadata::get(llvm::ConstantInt::getTrue(C))});
    L->setLoopID(llvm::makePostTransformationMetadata(C, L->getLoopID(), {}, {Enable}));
    Changed = true;
  }
  return keptUnlessChanged(Changed);
}

llvm::PreservedAnalyses VectorFormsInlinePass::run(llvm::Module &M, llvm::ModuleAnalysisManager &) {
  bool Changed = false;
  for (llvm::Function &F : M)
    for (llvm::Instruction &I : llvm::instructions(F))
      if (auto *Call = llvm::dyn_cast<llvm::CallInst>(&I);
          Call && Call->getAttributes().hasFnAttr(llvm::VFABI::MappingsAttrName)) {
        Call->setAttributes(
            Call->getAttributes().removeFnAttribute(M.getContext(), llvm::VFABI::MappingsAttrName));
        if (const llvm::Function *Callee = Call->getCalledFunction();
            Callee && Callee->hasFnAttribute(attr::VectorForms))
          Call->removeFnAttr(llvm::Attribute::NoInline);
        Changed = true;
      }
  Changed |= pairSinesWithCosines(M);
  // The entry points stop being kept; GlobalDCE then deletes those nothing calls.
  Changed |= releaseEntryPoints(M, [](const llvm::Function &) { return true; });
  return Changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

llvm::PreservedAnalyses VectorFormsPrunePass::run(llvm::Module &M, llvm::ModuleAnalysisManager &) {
  // The entry points some call's mapping names: _ZGV..._<callee>(<entry point>), comma-separated;
  // and for each, the blocks and first arguments of those calls.
  std::set<std::string> Kept;
  std::set<std::tuple<const llvm::BasicBlock *, const llvm::Value *, std::string>> Calls;
  for (llvm::Function &F : M)
    for (llvm::Instruction &I : llvm::instructions(F))
      if (auto *Call = llvm::dyn_cast<llvm::CallInst>(&I)) {
        llvm::SmallVector<llvm::StringRef, 4> Mappings;
        Call->getAttributes()
            .getFnAttr(llvm::VFABI::MappingsAttrName)
            .getValueAsString()
            .split(Mappings, ',', -1, false);
        for (llvm::StringRef Mapping : Mappings)
          if (size_t Open = Mapping.find('('); Open != llvm::StringRef::npos) {
            std::string Entry = Mapping.drop_front(Open + 1).drop_back().str();
            Calls.insert({Call->getParent(), Call->getArgOperand(0), Entry});
            Kept.insert(std::move(Entry));
          }
      }
  // A sincos entry point is kept where a sine and a cosine of one value in one block map to its
  // width (the only calls weft-vector-forms-inline gives it).
  for (auto &[Block, X, Entry] : Calls) {
    auto [CosForm, SincosForm] = cosineAndSincosForms(formOf(Entry));
    if (!CosForm.empty() && Calls.count({Block, X, EntryPrefix + CosForm}))
      Kept.insert(EntryPrefix + SincosForm);
  }
  bool Changed = releaseEntryPoints(
      M, [&](const llvm::Function &F) { return !Kept.count(F.getName().str()); });
  return Changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

} // namespace weft::compiler
