// Weft's LLVM passes: they turn OpenCL C kernels (one work-item's code, as Clang emits it) into
// work-group functions the CPU device calls once per work-group. Each pass is one file with lit
// tests under tests/compiler/lit/<pass>/; compiler/passes/Pipeline.cpp is the only place that
// orders them, and Registry.cpp gives each its name for `opt -passes=` (through the WeftPasses
// plugin) and for the pipeline. The passes a kernel cannot run without are required
// (`isRequired`): LLVM's -opt-bisect-limit (WEFT_LLVM_OPTIONS) and optnone skip only the others.
#pragma once

#include <llvm/IR/Function.h>
#include <llvm/IR/PassManager.h>
#include <llvm/Transforms/Scalar/LoopPassManager.h>

#include <string>
#include <utility>
#include <vector>

namespace llvm {
class PassBuilder;
} // namespace llvm

namespace weft::compiler {

/// Function attributes through which the passes hand their results on, to later passes and to
/// Compiler.cpp (which copies them into KernelBinary). Values are decimal strings.
namespace attr {
/// On `<kernel>.workitem`: the name of the kernel it runs one work-item of.
inline constexpr const char *WorkItemOf = "weft-work-item";
/// On work-item and work-group functions: private memory bytes each work-item needs for what
/// lives across barriers (0 or absent without barriers).
inline constexpr const char *PrivateBytes = "weft-private-bytes";
/// On work-group functions: bytes of the private variables too large for the worker's stack,
/// kept instead in a block the executor gives each running work-group (WorkGroupContext's
/// FrameMemory; weft-private-frame).
inline constexpr const char *FrameBytes = "weft-frame-bytes";
/// On resumable work-item functions: how many barriers they can resume after (ids 1 to N).
inline constexpr const char *ResumePoints = "weft-resume-points";
/// On resumable work-item functions: where in local memory the work-group's uniform values that
/// cross barriers are kept (two copies of weft-uniform-bytes each: read from the first, written to
/// the second, which the work-group function copies over the first between regions).
inline constexpr const char *UniformOffset = "weft-uniform-offset";
inline constexpr const char *UniformBytes = "weft-uniform-bytes";
/// On work-item and work-group functions: bytes of kernel-scope __local variables, the local
/// memory the program asked for (what counts against CL_DEVICE_LOCAL_MEM_SIZE).
inline constexpr const char *LocalBytes = "weft-local-bytes";
/// On work-item and work-group functions: bytes of local memory after weft-local-bytes that Weft
/// itself uses (the uniform values of weft-uniform-offset); the program never sees them.
inline constexpr const char *LocalScratchBytes = "weft-local-scratch-bytes";
/// On work-group functions of kernels with reqd_work_group_size: the size, "x,y,z"
/// (weft-fixed-local-size).
inline constexpr const char *FixedLocalSize = "weft-fixed-local-size";
/// On work-group functions: each argument's "offset:size", comma-separated, in argument order.
inline constexpr const char *ArgLayout = "weft-arg-layout";
/// On work-group functions: the argument buffer's size.
inline constexpr const char *ArgBufferSize = "weft-arg-buffer-size";
/// Metadata on an instruction that weft-barriers takes as uniform although its operands differ
/// between work-items: an async copy's event (the same in every work-item because the spec has
/// them all issue the same copies, though each counts its copies in its own counter), and the
/// first-work-item test guarding a runtime call (the guarded block changes no value, so a value
/// merged after it is as uniform as what flows in).
inline constexpr const char *Uniform = "weft.uniform";
/// Metadata on what weft-work-items lowers `__weft_first_work_item()` to (whether every local id
/// is 0), and on its load of WorkGroupContext::CopyNames (each work-item's own copy counter):
/// weft-kernel-entry runs a barrier-free kernel whose other work-items change nothing but their
/// counters for work-item 0 alone.
inline constexpr const char *FirstWorkItem = "weft.first_work_item";
inline constexpr const char *CopyNames = "weft.copy_names";
/// Metadata on the test `local id in x == 0` that guards a loop weft-group-stride-loops collapsed:
/// weft-barriers then stores uniform values by x == 0 alone, and weft-kernel-entry runs x == 0 on
/// its own (the other work-items' loop, without the collapsed loop, can vectorize).
inline constexpr const char *Collapsed = "weft.collapsed";
/// Loop metadata (an option of the loop's ID, as LLVM's own llvm.loop.* are) on weft-kernel-entry's
/// x loops, the loops over a row's work-items.
inline constexpr const char *WorkItemLoop = "weft.loop.work_items";
/// Loop metadata on the loop over a row's blocks that weft-group-stride-loops makes when it
/// collapses a loop over global ids (x == 0 runs, in it, what the row's work-items ran).
inline constexpr const char *CollapsedRow = "weft.loop.collapsed_row";
/// Loop metadata on a work-item loop weft-strip-work-items made run one strip: !{name, i32 W}, at
/// most W work-items a strip, which weft-jam-work-items runs side by side at most.
inline constexpr const char *StripWidth = "weft.loop.strip_width";
/// On scalar built-ins whose calls weft-vector-forms mapped to vector forms, and on those vector
/// forms' entry points: each part of a program compiled in parallel gets its own copy.
inline constexpr const char *VectorForms = "weft-vector-forms";
/// The built-in library's functions that copy the whole blocks of short-stride gathers into
/// local memory, a destination per plane (builtins/src/async.cl, GATHER_PLANES): kept out of line
/// by weft-normalize (in llvm.compiler.used, and in every part of a program compiled in
/// parallel) for weft-plan-copy-chains, which inlines them, where programs check no accesses.
inline constexpr const char *CopyPlanesPrefix = "__weft_gather_planes_";
/// Kernels whose sub-group functions run on vectors (weft-sub-group-vectors): the copy of kernel
/// `k` is `k.sgv` (and its work-group function `__weft_wg_k.sgv`, in the same part of the program
/// as the kernel's), and the functions it calls for them are named `weft.sgv.<function>...`
/// (the vector forms every part gets a copy of).
inline constexpr const char *SubGroupCopySuffix = ".sgv";
inline constexpr const char *SubGroupFormsPrefix = "weft.sgv.";
/// On kernels: their sub-group size (Compiler.cpp sets it; weft-work-items reads it, 8 without).
inline constexpr const char *SubGroupSize = "weft-sub-group-size";
/// On resumable work-item and work-group functions whose sub-groups exchange values (the kernel
/// calls __weft_sub_group_barrier) and whose work-items may stop at different barriers (one is
/// reachable from a branch that differs between them before its ways join): weft-barriers keeps
/// no uniform values and numbers the barriers in program order, and weft-kernel-entry tracks
/// each work-item's next barrier (docs/compiler.md, "Sub-groups").
inline constexpr const char *SubGroupExchange = "weft-sub-group-exchange";
/// On resumable work-item and work-group functions whose sub-groups exchange values, apart or
/// not: weft-kernel-entry gives them SubGroupMemory (and the runtime at most
/// abi::MaxSubGroupKernelItems work-items a group).
inline constexpr const char *SubGroupMemory = "weft-sub-group-memory";
/// Module flag: the program was built with bounds checks (-weft-check; weft-check-bounds).
inline constexpr const char *CheckBounds = "weft.check.bounds";
/// In programs with bounds checks, weft-group-stride-loops begins the body of each loop it
/// collapses with `__weft_check_owner_x(i64 x)`: the x id of the work-item whose iteration runs
/// there, which weft-check-bounds records a refused access against (and then removes).
inline constexpr const char *OwnerMarkerName = "__weft_check_owner_x";
/// Module flag: the program was built with barrier checks (-weft-check; weft-kernel-entry).
inline constexpr const char *CheckBarriers = "weft.check.barriers";
/// Module flag: the program was built with copy checks (-weft-check; builtins/src/async.cl).
inline constexpr const char *CheckCopies = "weft.check.copies";
/// Module flag: the program was built with checks of uninitialized __local reads (-weft-check;
/// weft-check-bounds).
inline constexpr const char *CheckUninitialized = "weft.check.uninitialized";
/// Module flag: the program was built with checks of races on __local memory (-weft-check;
/// weft-check-bounds).
inline constexpr const char *CheckRaces = "weft.check.races";
/// Function attribute of a kernel whose __local accesses weft-check-bounds tagged for race
/// checks: weft-kernel-entry starts a round of the tags at the work-group's start and after each
/// barrier (abi::WorkGroupContext::CheckRound).
inline constexpr const char *TagsLocal = "weft-tags-local";
/// Metadata on the loads and stores of race checks' tags (weft-check-bounds): they stay out of
/// the work-item loops' access groups (weft-work-item-scope-decls), since two work-items' accesses
/// to one byte's tags are what the check orders and compares.
inline constexpr const char *RaceTag = "weft.race-tag";
/// Metadata on weft-check-bounds' own loads and stores, !{!"shadow"} (CheckAccessShadow) for the
/// shadow's marks and race checks' tags, !{!"slots"} (CheckAccessSlots) for the records in the
/// slots: weft-check-widths leaves them out of a loop's widest access.
inline constexpr const char *CheckAccess = "weft.check.access";
inline constexpr const char *CheckAccessShadow = "shadow";
inline constexpr const char *CheckAccessSlots = "slots";
/// Function attribute of a work-item function whose async copies fold their arguments into the
/// copy state (weft-work-items): weft-kernel-entry compares the work-items' states.
inline constexpr const char *ChecksCopies = "weft-check-copies";
/// Instruction metadata in programs built with barrier checks: a barrier call's source line and
/// column (two i32), from the line tables weft-check-bounds strips.
inline constexpr const char *SourceLine = "weft.line";
/// Function attribute of a work-item function with barriers, in programs built with barrier
/// checks: "line:column" of each barrier by its resume id (1 first), comma-separated (weft-barriers).
inline constexpr const char *BarrierLines = "weft-barrier-lines";

} // namespace attr

/// Whether F holds a loop weft-group-stride-loops collapsed.
inline bool hasCollapsedLoop(const llvm::Function &F) {
  for (const llvm::BasicBlock &BB : F)
    for (const llvm::Instruction &I : BB)
      if (I.getMetadata(attr::Collapsed))
        return true;
  return false;
}

/// weft-normalize: a kernel called by another kernel is called through an internal copy of its
/// body; every non-kernel function becomes always-inline (OpenCL C has no recursion), so that
/// barriers and work-item queries end up in the kernels' own bodies; the work-item queries'
/// declarations say they access no memory; `__weft_check_copies()` becomes whether the program
/// checks copies (attr::CheckCopies).
struct NormalizePass : llvm::PassInfoMixin<NormalizePass> {
  static bool isRequired() { return true; }
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// The section that marks, in the built-in library, a scalar function whose vector forms are
/// Weft's own (builtins/src/defs.h, OWN_VECTOR_FORMS); weft-vector-forms clears it.
inline constexpr const char *OwnVectorFormsSection = "weft.own_vector_forms";

/// The library names of the vector forms of the scalar built-in Scalar (mangled; one or two
/// parameters, all float or all double, or one and an int), with their widths: float 4, 8 and
/// 16, double 2, 4 and 8 (_Z3sinf: _Z3sinDv4_f ...; _Z3powdd: _Z3powDv2_dS_ ...; _Z4pownfi:
/// _Z4pownDv4_fDv4_i ..., the int a vector too). Empty for any other name.
std::vector<std::pair<unsigned, std::string>> vectorFormNames(llvm::StringRef Scalar);

/// For one of sin's vector forms in the library (_Z3sinDv8_f), cos's of the same width and type
/// (_Z3cosDv8_f) and sincos's, which returns the cosine through a private pointer
/// (_Z6sincosDv8_fPS_). Empty strings for any other name.
std::pair<std::string, std::string> cosineAndSincosForms(llvm::StringRef SineForm);

/// The scalar built-in an LLVM math intrinsic computes, whose vector forms serve its calls too
/// (llvm.sin.f32: _Z3sinf; llvm.pow.f64: _Z3powdd): sin, cos, exp, exp2, log, log2, log10 and pow
/// of a float or a double. Empty for any other function.
std::string scalarBuiltinFor(const llvm::Function &Intrinsic);

/// weft-vector-forms (VectorForms.cpp): calls of a scalar built-in marked with
/// OwnVectorFormsSection become calls LLVM's loop vectorizer can widen into calls of the
/// library's vector forms of it.
struct VectorFormsPass : llvm::PassInfoMixin<VectorFormsPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// weft-vector-forms-prune, where LLVM's pipeline starts: the entry points of vector forms no call
/// in the module is mapped to (in a part of the program whose kernels do not use them), and the
/// sincos ones without a sine and a cosine of one value, are no longer kept.
struct VectorFormsPrunePass : llvm::PassInfoMixin<VectorFormsPrunePass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// weft-vector-forms-force, where LLVM's vectorizers start: an innermost work-item loop calling a
/// function weft-vector-forms mapped is vectorized even where LLVM's cost model would not (unless
/// the program decided its vectorization).
struct VectorFormsForcePass : llvm::PassInfoMixin<VectorFormsForcePass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &);
};

/// weft-vector-forms-inline, at the end of LLVM's pipeline: the calls weft-vector-forms kept that
/// were not widened may be inlined again, and the vector forms' entry points are no longer kept.
struct VectorFormsInlinePass : llvm::PassInfoMixin<VectorFormsInlinePass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// weft-sub-group-keep, before the first inlining: the built-in library's uniform reductions,
/// scans, broadcasts, shuffles and votes on scalars stay calls (SubGroupVectors.cpp).
struct SubGroupKeepPass : llvm::PassInfoMixin<SubGroupKeepPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// weft-sub-group-vectors, after the first inlining: a kernel calling those and no other
/// sub-group function gets a copy whose calls LLVM's loop vectorizer can widen into operations on
/// a vector's lanes; everywhere else the library's exchange is inlined.
struct SubGroupVectorsPass : llvm::PassInfoMixin<SubGroupVectorsPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// weft-sub-group-dispatch, after weft-private-frame: a kernel's work-group function runs its
/// copy's for work-groups whose rows are whole sub-groups, where weft-sub-group-resolve allows.
struct SubGroupDispatchPass : llvm::PassInfoMixin<SubGroupDispatchPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// weft-sub-group-loops, where LLVM's vectorizers start: the copy's x loops that call the vector
/// forms are vectorized a sub-group at a time.
struct SubGroupLoopsPass : llvm::PassInfoMixin<SubGroupLoopsPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &);
};

/// weft-sub-group-lanes, at the end of LLVM's pipeline: in the copies' vectorized loops, a masked
/// store whose mask is known lane by lane (a sub-group's first or last lane, from the local id's
/// low bits) becomes the plain stores of its lanes.
struct SubGroupLanesPass : llvm::PassInfoMixin<SubGroupLanesPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &);
};

/// weft-sub-group-resolve, at the end of LLVM's pipeline: a copy with a call left unwidened goes,
/// with its dispatch; the others always run where the dispatch's row test holds.
struct SubGroupResolvePass : llvm::PassInfoMixin<SubGroupResolvePass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// weft-safe-division: integer divisions whose divisor is 0 (or INT_MIN / -1) divide by 1
/// instead. x86 raises SIGFPE on them, which would kill the application; OpenCL C leaves their
/// result undefined.
struct SafeDivisionPass : llvm::PassInfoMixin<SafeDivisionPass> {
  static bool isRequired() { return true; }
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &);
};

/// weft-half-min-max, the last of the pipeline: minnum, maxnum, minimum and maximum on half (and
/// its vectors) become float's on the extended operands, truncated back (exact: the result is one
/// of them). InstCombine narrows float's fmin of halves to half's, and LLVM 15's x86 lowering of
/// half minnum without AVX512-FP16 emits nodes no instruction selects ("Cannot select: v32f16 =
/// X86ISD::FMIN"), which failed the build of every kernel calling fmin or fmax on halves.
struct HalfMinMaxPass : llvm::PassInfoMixin<HalfMinMaxPass> {
  static bool isRequired() { return true; }
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &);
};

/// weft-address-space-scopes: accesses to global or constant memory and accesses to local memory
/// get scoped no-alias metadata saying that the two never overlap, which LLVM cannot know and
/// its vectorizer needs for loops that copy between them.
struct AddressSpaceScopesPass : llvm::PassInfoMixin<AddressSpaceScopesPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &);
};

/// weft-group-stride-loops: in a kernel, a loop whose index starts at get_local_id(0) and steps by
/// get_local_size(0), and which nothing ties to its work-item but that index, becomes a loop over
/// every index run by the work-items with local id 0 in x (the others skip it), so that it
/// vectorizes; one over get_global_id(0) by get_global_size(0) becomes, in x == 0, a loop over
/// the work-group's blocks of ids with an inner loop over each block. The file's header gives the
/// conditions and why they make it allowed.
struct GroupStrideLoopsPass : llvm::PassInfoMixin<GroupStrideLoopsPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &);
};

/// weft-work-items: for each kernel, adds `<kernel>.workitem`: its body with the work-group
/// context and the local id (x, y, z) as extra parameters, work-item queries computed from them,
/// memory fences removed (a work-group runs on one thread). With barriers, the function also
/// takes the id of the barrier to resume after and returns the id of the next one (-1 at the end);
/// weft-barriers makes it do so.
struct WorkItemFunctionsPass : llvm::PassInfoMixin<WorkItemFunctionsPass> {
  static bool isRequired() { return true; }
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// weft-local-memory: kernel-scope __local variables (addrspace(3) globals) move into the
/// work-group's local memory block: per work-item function, only those it uses, each at its
/// offset; their total is the function's weft-local-bytes.
struct LocalMemoryPass : llvm::PassInfoMixin<LocalMemoryPass> {
  static bool isRequired() { return true; }
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// weft-barriers: continuation-based synchronization. A work-item function with barriers becomes
/// resumable: it starts after the barrier whose id it is given (0: the kernel's start) and returns
/// at the next barrier with that barrier's id. What must survive a barrier (values live across
/// it, private arrays used on both sides) moves to the work-group's private memory, one slot per
/// work-item; everything else stays in registers and on the stack.
struct BarriersPass : llvm::PassInfoMixin<BarriersPass> {
  static bool isRequired() { return true; }
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &);
};

/// weft-image-formats: a loop over work-items whose image reads and writes test their images'
/// formats (`__weft_image_format`, builtins/src/images.cl) runs in copies, one for each of a few
/// combinations of the formats it tests, with the tests folded there and the function's vectors
/// split into scalars, so that the copies vectorize across work-items; the loop as it was runs
/// the other combinations. Then (with Copies false, at -cl-opt-disable, only this) every test
/// left reads the image's descriptor.
struct ImageFormatsPass : llvm::PassInfoMixin<ImageFormatsPass> {
  explicit ImageFormatsPass(bool Copies = true) : Copies(Copies) {}
  static bool isRequired() { return true; }
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &);
  bool Copies;
};

/// weft-kernel-entry: for each kernel, `__weft_wg_<kernel>(args, ctx)`: unpacks the arguments
/// from the argument buffer and runs the work-item function over the work-group in z, y, x loops
/// (the x loop marked parallel, so that it vectorizes), one loop nest per barrier region; a
/// barrier-free kernel in which only work-item 0 changes anything (async copies) for work-item 0
/// alone. The kernels themselves are erased, and everything else is internalized. A kernel built
/// with -cl-denorms-are-zero runs with MXCSR's FTZ and DAZ bits set, restored on return.
struct KernelEntryPass : llvm::PassInfoMixin<KernelEntryPass> {
  static bool isRequired() { return true; }
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// weft-work-item-scope-decls: inlining the work-item function into its loops adds, for each of
/// the kernel's `restrict` (noalias) parameters, an llvm.experimental.noalias.scope.decl at the
/// top of the loop body, without the loop's access group; LLVM then no longer takes the x loop
/// as annotated parallel (every instruction that may touch memory must be in the group) and
/// checks its accesses' dependences itself, which it cannot for work-items indexing with
/// `int`s, so the loop stayed scalar (CLBlast's XgemvFast). A kernel's `restrict` holds for the
/// whole NDRange, across work-items too, so the declarations join the group of the innermost
/// parallel loop around them. The loads and stores of race checks' tags (attr::RaceTag), which
/// inlining put in the group, leave it: the work-items' order between them is the check's.
struct WorkItemScopeDeclsPass : llvm::PassInfoMixin<WorkItemScopeDeclsPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &);
};

/// weft-context-loads: the work-group context's invariant loads (fields at constant offsets from
/// the context argument: sizes, ids, the local-memory block) move to the work-group function's
/// entry, one load per field. Left where the regions put them, GVN's partial redundancy
/// elimination made loop-carried PHIs of them in loops that reach them by several paths (the
/// local block's address reloaded at each region), which the loop vectorizer then rejected ("value
/// that could not be identified as reduction is used outside the loop"); the context argument is
/// marked dereferenceable, so that the register allocator may reload a field rather than keep it.
struct ContextLoadsPass : llvm::PassInfoMixin<ContextLoadsPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &);
};

/// weft-fixed-local-size: in the work-group function of a kernel with reqd_work_group_size, the
/// local sizes (its loads of WorkGroupContext::LocalSize and EnqueuedLocalSize, which
/// weft-context-loads left in the entry) become constants, so that the work-item loops have
/// constant trip counts: LLVM vectorizes and unrolls them without runtime checks or remainders,
/// and folds what the kernel computes from the sizes. Where work-groups need not be uniform (OpenCL
/// C 2.0 and later without -cl-uniform-work-group-size) the last work-group of a dimension may be
/// smaller: the function then runs a copy of its body with the constants when every size is the
/// required one, and its body as it was otherwise. Not in kernels whose sub-groups exchange values
/// nor in their sub-group copies (weft-sub-group-loops finds the row width as a load).
struct FixedLocalSizePass : llvm::PassInfoMixin<FixedLocalSizePass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &);
};

/// weft-keep-work-item-loops, before LLVM's full unrolling, and weft-release-work-item-loops,
/// where its vectorizers start: an x loop whose trip count is a constant (weft-fixed-local-size)
/// is kept from full unrolling until the loop vectorizer has widened it (marked
/// llvm.loop.unroll.disable and weft.loop.kept, both removed again by the release); unrolled
/// whole, its work-items would be straight-line scalar code that neither vectorizer widens.
struct KeepWorkItemLoopsPass : llvm::PassInfoMixin<KeepWorkItemLoopsPass> {
  llvm::PreservedAnalyses run(llvm::Loop &L, llvm::LoopAnalysisManager &,
                              llvm::LoopStandardAnalysisResults &, llvm::LPMUpdater &);
};
struct ReleaseWorkItemLoopsPass : llvm::PassInfoMixin<ReleaseWorkItemLoopsPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &);
};

/// weft-private-frame: on a work-group function whose fixed-size private variables (allocas)
/// take more than FrameStackBudget bytes of stack, the largest move to the work-group's frame
/// block (Ctx->FrameMemory, weft-frame-bytes of it) until the rest fits. Work-groups run on
/// worker threads whose stacks are a few MiB: a 16 MiB private array overflowed one and ended
/// the host process. One copy per work-group, as on the stack: its work-items run one after the
/// other, and variables living across barriers are already per work-item (weft-barriers).
struct PrivateFramePass : llvm::PassInfoMixin<PrivateFramePass> {
  static bool isRequired() { return true; }
  static constexpr uint64_t FrameStackBudget = 64 << 10;
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// weft-strip-work-items (where the vectorizers start, before weft-jam-work-items): a work-item
/// loop around an inner loop whose count differs between work-items, but only through values of
/// the x loop's induction that are the same along aligned runs of 2^k work-items (X >> k, as a
/// sub-group id is), runs in strips that end with the runs, those values computed once a strip:
/// the inner loop's count is then the same for the strip's work-items, which the jam runs side by
/// side (the count of sub-groups before a work-item's in a scan). See StripWorkItems.cpp.
struct StripWorkItemsPass : llvm::PassInfoMixin<StripWorkItemsPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &);
};

/// weft-interchange-work-items (run by weft-jam-work-items, before it jams): a work-item loop
/// around a loop whose count is the same for every work-item, which writes no memory and computes
/// at least as much as it would load and store in the strip's arrays, is turned inside out a strip
/// of work-items at a time (the inner loop outside, a loop over the strip's work-items inside it,
/// which the loop vectorizer widens), for rows of at least 32 work-items; narrower rows keep the
/// nest, which the jam then takes. See InterchangeWorkItems.cpp.
struct InterchangeWorkItemsPass : llvm::PassInfoMixin<InterchangeWorkItemsPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &);
};
/// The interchange on every nest of F it takes; whether it took one.
bool interchangeWorkItems(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);

/// weft-jam-work-items, where LLVM's -O3 pipeline starts vectorizing: a work-item loop with a
/// loop inside (which the loop vectorizer cannot take) is unrolled by two vectors' worth of
/// work-items and its copies of the inner loop jammed into one, which the SLP vectorizer then runs
/// on vectors, one work-item a lane. The file's header says when LLVM does it, and why Weft may
/// tell LLVM's legality test that the work-items' accesses are independent. A work-item loop
/// without a loop inside whose work-items compute on vectors of up to four elements is split into
/// scalars instead (flatNarrowVectorsOnly), so that the loop vectorizer widens it across work-items.
struct JamWorkItemLoopsPass : llvm::PassInfoMixin<JamWorkItemLoopsPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &);
};

/// weft-check-bounds, before the kernels become work-item functions, in programs built with
/// -weft-check (module flag attr::CheckBounds): each load, store, atomic and memory intrinsic of a
/// kernel whose pointer derives from one of the kernel's __global, __constant or __local pointer
/// arguments first checks that the bytes it touches lie within what the argument reaches
/// (`__weft_check_extent(arg)`, from WorkGroupContext::ArgExtents), and one into an array of the
/// kernel (private, kernel-scope __local, program-scope) within the array; an access outside is not made
/// (a load gives 0), and the work-item's first such access goes to its slots when it ends
/// (`__weft_check_slots()`, abi::CheckSite). No call or early exit enters the work-item's code, so
/// its loops still vectorize (see the file's header). With checks of uninitialized reads or of
/// races (attr::CheckUninitialized, attr::CheckRaces), local memory accesses also read and mark a
/// shadow, or test and set tags (docs/compiler.md). Then the line tables go.
struct CheckBoundsPass : llvm::PassInfoMixin<CheckBoundsPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// weft-check-rows, where LLVM's -O3 pipeline starts vectorizing, first (Versions), and at the
/// end of every pipeline (lowering only): a work-item loop (or any other innermost loop) with
/// bounds checks whose offsets are affine in it and the loops inside runs in a version with those
/// checks folded away when the offsets' ranges over the whole loop, computed before it, lie within
/// the arguments' memory; then every check becomes its comparison (see the file's header).
struct CheckRowsPass : llvm::PassInfoMixin<CheckRowsPass> {
  explicit CheckRowsPass(bool Versions = true) : Versions(Versions) {}
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &);
  bool Versions;
};

/// weft-check-widths, where LLVM's -O3 pipeline starts vectorizing: an innermost loop over
/// work-items that reads or marks the shadow of local memory, or race checks' tags, and whose
/// checks' own accesses (attr::CheckAccess: 64-bit records, a float4 read's 128-bit marks) are
/// wider than the kernel's, asks the loop vectorizer for the width the kernel's own accesses give
/// (the vector registers' bits over the widest of them), which the loop vectorizer would
/// otherwise take from the checks' and so halve or quarter. Loops with records only (bounds
/// checks) are left as they are: the wider vectors did not pay there (docs/compiler.md).
struct CheckWidthsPass : llvm::PassInfoMixin<CheckWidthsPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &);
};

/// weft-transpose-nests, where LLVM's -O3 pipeline starts vectorizing: a loop nest whose only
/// work is copying elements of 4 or 8 bytes from one address space to another, transposed (the
/// source contiguous along one loop, the destination along the other: a kernel's loop of strided
/// async copies, a tile copied transposed), runs in blocks of 32 x 32 bytes loaded as vectors,
/// transposed by shuffles and stored as vectors, when a check at run time finds whole blocks and
/// no destination element written twice (see the file's header).
struct TransposeNestsPass : llvm::PassInfoMixin<TransposeNestsPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &);
};

/// weft-plan-copy-chains, where LLVM's -O3 pipeline starts vectorizing: a chain of small gathers
/// of step 2 to 4 into local memory whose sources are one block's planes (a float4 array split
/// into x, y, z and w by four stride-4 async copies) runs as one pass over the blocks, each loaded
/// once for all of its planes; then every call of the library's CopyPlanesPrefix functions is
/// inlined (see the file's header).
struct PlanCopyChainsPass : llvm::PassInfoMixin<PlanCopyChainsPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &);
};

/// weft-release-copy-planes, at the end of LLVM's pipeline: the CopyPlanesPrefix functions are no
/// longer kept (GlobalDCE then deletes them where no call is left).
struct ReleaseCopyPlanesPass : llvm::PassInfoMixin<ReleaseCopyPlanesPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// weft-sign-extended-indices, where LLVM's -O3 pipeline starts vectorizing: `(long)((int)g + c)`,
/// which InstCombine writes as `ashr (add (shl g, 32), c << 32), 32`, becomes `ashr (shl (add g,
/// c), 32), 32`, the form ScalarEvolution reads as a sign extension, so that the loop vectorizer
/// sees `a[i + c]` with an `int` index as consecutive across work-items (see the file's header).
struct SignExtendedIndicesPass : llvm::PassInfoMixin<SignExtendedIndicesPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &);
};

/// weft-combine-atomics, where LLVM's -O3 pipeline starts vectorizing, first: a work-item loop's
/// relaxed atomic read-modify-writes at an address the same for every work-item, results unused,
/// fold into a running value of the loop (a reduction the vectorizer can run) and one operation
/// after it, where nothing else in the loop can touch the counter (checked at run time where
/// alias analysis cannot tell); the loop's one such operation whose results are used (a slot
/// counter) is done once for the row after a copy of the loop has folded the operands, each
/// work-item's result computed from it; the loop's one such operation whose address is one of a
/// few (a histogram's bins, results unused) is counted in private bins and added to the counters
/// after the loop, a bin at a time (see the file's header).
struct CombineAtomicsPass : llvm::PassInfoMixin<CombineAtomicsPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &);
};

/// weft-split-work-item-ranges, where LLVM's -O3 pipeline starts vectorizing, after
/// weft-jam-work-items: a work-item loop whose body tests the work-item's index against a bound
/// the same for all (`if (get_global_id(0) < n)`, a reduction's `if (lid < s)`, a stencil's
/// `if (i > 0 && i < n - 1)`) runs the work-items before the point where the test changes its
/// outcome in a copy with the test folded away, so that the loop vectorizer need not mask their
/// loads and stores (a copy is split again at a second test); a loop whose test is the same for
/// all its work-items runs in a version for each outcome; a loop that acts only for every S-th
/// work-item (`if (get_sub_group_local_id() == 0)`) or for one steps by S; a block that stores for
/// one work-item of each run of S beside work every work-item does (a scan's last lane storing
/// the sub-group's total) runs in a loop of its own over the runs (see the file's header).
struct SplitWorkItemRangesPass : llvm::PassInfoMixin<SplitWorkItemRangesPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &);
};

/// weft-local-atomics, at the end of the pipeline (after every loop pass): atomic operations on
/// local memory become plain loads and stores (a work-group's local memory is used by one thread
/// only; see the file's header).
struct LocalAtomicsPass : llvm::PassInfoMixin<LocalAtomicsPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &);
};

/// weft-keep-vector-loops, before LLVM's full unrolling: an inner loop of a work-item loop that
/// computes on vector types stays a loop, for weft-jam-work-items (unrolled whole it would leave
/// nothing to jam and nothing the loop vectorizer can widen).
struct KeepVectorLoopsForJamPass : llvm::PassInfoMixin<KeepVectorLoopsForJamPass> {
  llvm::PreservedAnalyses run(llvm::Loop &L, llvm::LoopAnalysisManager &,
                              llvm::LoopStandardAnalysisResults &, llvm::LPMUpdater &);
};

/// weft-keep-transpose-nests, before LLVM's full unrolling: the outer loop of a nest that
/// weft-transpose-nests will run in blocks stays a loop (unrolled whole, a tile's few columns
/// would leave copies one after another and no nest). Its inner loops, visited before it, may
/// still unroll.
struct KeepTransposeNestsPass : llvm::PassInfoMixin<KeepTransposeNestsPass> {
  llvm::PreservedAnalyses run(llvm::Loop &L, llvm::LoopAnalysisManager &,
                              llvm::LoopStandardAnalysisResults &, llvm::LPMUpdater &);
};

/// weft-unroll-in-work-items, before LLVM's full unrolling, after weft-keep-vector-loops: an
/// innermost loop nested in a work-item loop, with a small constant trip count and a small
/// unrolled size, is marked llvm.loop.unroll.full, so that the work-item loop becomes innermost
/// and vectorizes.
struct UnrollInWorkItemsPass : llvm::PassInfoMixin<UnrollInWorkItemsPass> {
  llvm::PreservedAnalyses run(llvm::Loop &L, llvm::LoopAnalysisManager &,
                              llvm::LoopStandardAnalysisResults &, llvm::LPMUpdater &);
};

/// Adds what Weft runs inside LLVM's -O3 pipeline to PB: weft-keep-vector-loops before its full
/// unrolling, weft-jam-work-items and weft-vector-forms-force where its vectorizers start,
/// weft-vector-forms-prune at its start and weft-vector-forms-inline (then the always-inliner and
/// GlobalDCE) at its end.
void registerPipelineCallbacks(llvm::PassBuilder &PB);

/// Gives every Weft pass its `opt -passes=` name.
void registerWeftPasses(llvm::PassBuilder &PB);

/// Weft's passes, in order, for a linked program (user code and the built-ins it uses). The host
/// -O3 (or -O0) pipeline runs after them.
void addWeftPasses(llvm::ModulePassManager &MPM, bool OptDisable);

} // namespace weft::compiler
