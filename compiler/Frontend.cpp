// Clang 15 in-process: builds the cc1 invocation (baseline x86-64, SPIR address spaces and
// manglings, the device's extensions and features), serves the source and clCompileProgram's
// headers from memory, and prints diagnostics into the build log.
#include "compiler/Frontend.h"

#include "compiler/Trap.h"

#include <clang/Basic/DiagnosticOptions.h>
#include <clang/CodeGen/CodeGenAction.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/CompilerInvocation.h>
#include <clang/Frontend/TextDiagnosticPrinter.h>
#include <clang/Frontend/Utils.h>
#include <clang/Lex/PreprocessorOptions.h>
#include <llvm/ADT/StringMap.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Timer.h>
#include <llvm/Support/VirtualFileSystem.h>

#include <algorithm>
#include <csignal>

#include <pthread.h>

namespace weft::compiler {
namespace {

/// Where the source and the in-memory headers live in the compiler's file system view.
constexpr const char *InputDirectory = "/weft-input";

/// Clang 15 knows nothing of cl_khr_extended_async_copies and cl_khr_async_work_group_copy_fence
/// (1.0.0): when the device reports them, kernels see these headers first (their macros come with
/// every other reported extension's, in runClang). The definitions are in builtins/src/async.cl.
constexpr const char *AsyncCopyFenceHeader = "/weft-internal/cl_khr_async_work_group_copy_fence.h";
constexpr const char *AsyncCopyFenceDeclarations = R"(void __attribute__((overloadable)) async_work_group_copy_fence(cl_mem_fence_flags flags);
)";
/// Clang 15 knows nothing of cl_khr_kernel_clock either (builtins/src/clock.cl).
constexpr const char *KernelClockHeader = "/weft-internal/cl_khr_kernel_clock.h";
constexpr const char *KernelClockDeclarations = R"(#ifdef __opencl_c_kernel_clock_scope_device
ulong __attribute__((overloadable)) clock_read_device(void);
uint2 __attribute__((overloadable)) clock_read_hilo_device(void);
#endif
#ifdef __opencl_c_kernel_clock_scope_work_group
ulong __attribute__((overloadable)) clock_read_work_group(void);
uint2 __attribute__((overloadable)) clock_read_hilo_work_group(void);
#endif
#ifdef __opencl_c_kernel_clock_scope_sub_group
ulong __attribute__((overloadable)) clock_read_sub_group(void);
uint2 __attribute__((overloadable)) clock_read_hilo_sub_group(void);
#endif
)";
constexpr const char *ExtendedAsyncCopiesHeader = "/weft-internal/cl_khr_extended_async_copies.h";
constexpr const char *ExtendedAsyncCopiesDeclarations = R"(#define __weft_copy_2d3d(DST, SRC) \
  event_t __attribute__((overloadable)) async_work_group_copy_2D2D(DST void *dst, \
      size_t dst_offset, const SRC void *src, size_t src_offset, size_t num_bytes_per_element, \
      size_t num_elements_per_line, size_t num_lines, size_t src_total_line_length, \
      size_t dst_total_line_length, event_t event); \
  event_t __attribute__((overloadable)) async_work_group_copy_3D3D(DST void *dst, \
      size_t dst_offset, const SRC void *src, size_t src_offset, size_t num_bytes_per_element, \
      size_t num_elements_per_line, size_t num_lines, size_t num_planes, \
      size_t src_total_line_length, size_t src_total_plane_area, size_t dst_total_line_length, \
      size_t dst_total_plane_area, event_t event);
__weft_copy_2d3d(__local, __global)
__weft_copy_2d3d(__global, __local)
#undef __weft_copy_2d3d
)";

constexpr const char *IntelSubgroupsHeader = "/weft-internal/cl_intel_subgroups.h";
/// cl_intel_subgroups: its shuffles and block reads and writes, and, before OpenCL C 3.0 (where
/// __opencl_c_subgroups declares them), the sub-group functions it brings to OpenCL C 1.2 and 2.0.
constexpr const char *IntelSubgroupsDeclarations = R"(#define __weft_ovl __attribute__((overloadable))
#define __weft_intel_shuffles(T) \
  T __weft_ovl intel_sub_group_shuffle(T, uint); \
  T __weft_ovl intel_sub_group_shuffle_down(T, T, uint); \
  T __weft_ovl intel_sub_group_shuffle_up(T, T, uint); \
  T __weft_ovl intel_sub_group_shuffle_xor(T, uint);
#define __weft_intel_shuffles_of_vectors(T) __weft_intel_shuffles(T) __weft_intel_shuffles(T##2) \
  __weft_intel_shuffles(T##3) __weft_intel_shuffles(T##4) __weft_intel_shuffles(T##8) \
  __weft_intel_shuffles(T##16)
__weft_intel_shuffles_of_vectors(float)
__weft_intel_shuffles_of_vectors(int)
__weft_intel_shuffles_of_vectors(uint)
__weft_intel_shuffles(long)
__weft_intel_shuffles(ulong)
#ifdef cl_khr_fp16
// half is a type only while the pragma enables it; a kernel starts with it disabled.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__weft_intel_shuffles(half)
#pragma OPENCL EXTENSION cl_khr_fp16 : disable
#endif
#ifdef cl_khr_fp64
__weft_intel_shuffles(double)
#endif
#undef __weft_intel_shuffles_of_vectors
#undef __weft_intel_shuffles
#ifdef __IMAGE_SUPPORT__
#define __weft_image_block(N, V, READ, WRITE) \
  V __weft_ovl intel_sub_group_block_read##N(READ image2d_t, int2); \
  void __weft_ovl intel_sub_group_block_write##N(WRITE image2d_t, int2, V);
#else
#define __weft_image_block(N, V, READ, WRITE)
#endif
#if __OPENCL_C_VERSION__ >= 200 && (__OPENCL_C_VERSION__ < 300 || defined(__opencl_c_read_write_images))
#define __weft_read_write_block(N, V) __weft_image_block(N, V, read_write, read_write)
#else
#define __weft_read_write_block(N, V)
#endif
#define __weft_block(N, V) \
  V __weft_ovl intel_sub_group_block_read##N(const __global uint *); \
  void __weft_ovl intel_sub_group_block_write##N(__global uint *, V); \
  __weft_image_block(N, V, read_only, write_only) __weft_read_write_block(N, V)
__weft_block(, uint)
__weft_block(2, uint2)
__weft_block(4, uint4)
__weft_block(8, uint8)
#undef __weft_block
#undef __weft_image_block
#undef __weft_read_write_block
#if __OPENCL_C_VERSION__ < 300
uint __weft_ovl get_sub_group_size(void);
uint __weft_ovl get_max_sub_group_size(void);
uint __weft_ovl get_num_sub_groups(void);
uint __weft_ovl get_sub_group_id(void);
uint __weft_ovl get_sub_group_local_id(void);
void __weft_ovl sub_group_barrier(cl_mem_fence_flags);
#if __OPENCL_C_VERSION__ >= 200
uint __weft_ovl get_enqueued_num_sub_groups(void);
void __weft_ovl sub_group_barrier(cl_mem_fence_flags, memory_scope);
#endif
int __weft_ovl sub_group_all(int);
int __weft_ovl sub_group_any(int);
#define __weft_sub_group_functions(T) \
  T __weft_ovl sub_group_broadcast(T, uint); \
  T __weft_ovl sub_group_reduce_add(T); T __weft_ovl sub_group_reduce_min(T); \
  T __weft_ovl sub_group_reduce_max(T); T __weft_ovl sub_group_scan_exclusive_add(T); \
  T __weft_ovl sub_group_scan_exclusive_min(T); T __weft_ovl sub_group_scan_exclusive_max(T); \
  T __weft_ovl sub_group_scan_inclusive_add(T); T __weft_ovl sub_group_scan_inclusive_min(T); \
  T __weft_ovl sub_group_scan_inclusive_max(T);
__weft_sub_group_functions(int)
__weft_sub_group_functions(uint)
__weft_sub_group_functions(long)
__weft_sub_group_functions(ulong)
__weft_sub_group_functions(float)
#ifdef cl_khr_fp16
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__weft_sub_group_functions(half)
#pragma OPENCL EXTENSION cl_khr_fp16 : disable
#endif
#ifdef cl_khr_fp64
__weft_sub_group_functions(double)
#endif
#undef __weft_sub_group_functions
#endif
#undef __weft_ovl
)";

/// Headers for the extensions Clang 15 does not know, included when the device reports them.
struct ExtensionHeader {
  const char *Extension, *Path, *Text;
};
constexpr ExtensionHeader ExtensionHeaders[] = {
    {"cl_khr_extended_async_copies", ExtendedAsyncCopiesHeader, ExtendedAsyncCopiesDeclarations},
    {"cl_khr_async_work_group_copy_fence", AsyncCopyFenceHeader, AsyncCopyFenceDeclarations},
    {"cl_khr_kernel_clock", KernelClockHeader, KernelClockDeclarations},
    {"cl_intel_subgroups", IntelSubgroupsHeader, IntelSubgroupsDeclarations}};

/// Baseline x86-64, as the built-in library is compiled: vectors of 32 bytes or more are passed
/// the same way on both sides of a call (in memory: with AVX Clang would pass them in registers).
/// setHostTarget gives every function the host's CPU after linking.
std::vector<std::string> targetArgs() { return {"-triple", "x86_64-unknown-linux-gnu", "-target-cpu", "x86-64"}; }

/// The stack Clang's actions run on: StackBase and StackPerInputByte for each byte of source and
/// headers, at most StackLimit (address space: pages are touched only as deep as Clang goes).
/// A sum of 100,000 terms took between 16 and 32 MiB; 100,000 nested unary operators ("!!!...!x")
/// between 128 and 512 MiB, more than their 100 KB of source are given: those still overflow.
constexpr size_t StackBase = size_t(64) << 20, StackPerInputByte = 64, StackLimit = size_t(1) << 30;

/// Runs Work on a thread of its own with a stack of StackBytes, and waits for it; on the calling
/// thread if no such thread can be made (the address space refused, say).
void onStackOf(size_t StackBytes, llvm::function_ref<void()> Work) {
  pthread_attr_t Attributes;
  if (pthread_attr_init(&Attributes) != 0) {
    Work();
    return;
  }
  pthread_t Thread;
  auto Run = [](void *W) -> void * {
    (*static_cast<llvm::function_ref<void()> *>(W))();
    return nullptr;
  };
  // A guard of 1 MiB below the stack: a frame larger than one page could step over a guard page
  // of one and write beyond the stack, where an overflow must fault (the crash trap catches it).
  const bool Started = pthread_attr_setstacksize(&Attributes, StackBytes) == 0 &&
                       pthread_attr_setguardsize(&Attributes, size_t(1) << 20) == 0 &&
                       pthread_create(&Thread, &Attributes, Run, &Work) == 0;
  pthread_attr_destroy(&Attributes);
  if (Started)
    pthread_join(Thread, nullptr);
  else
    Work();
}

/// Clang's diagnostics into a string of at most Limit bytes; what comes after is counted, not
/// kept, so that garbage source cannot grow the build log (or the time to make it) without bound.
class BoundedLog : public llvm::raw_ostream {
public:
  BoundedLog(std::string &Out, size_t Limit) : Out(Out), Limit(Limit) { SetUnbuffered(); }
  /// Says how much was dropped, as the log's last line.
  void finish() {
    if (!Dropped)
      return;
    if (!Out.empty() && Out.back() != '\n')
      Out += '\n';
    Out += "note: the build log stops here; " + std::to_string(Dropped) +
             " more bytes of diagnostics were dropped\n";
  }

private:
  void write_impl(const char *Ptr, size_t Size) override {
    const size_t Room = Out.size() < Limit ? Limit - Out.size() : 0;
    Out.append(Ptr, std::min(Size, Room));
    Dropped += Size - std::min(Size, Room);
  }
  uint64_t current_pos() const override { return Out.size() + Dropped; }
  std::string &Out;
  size_t Limit;
  uint64_t Dropped = 0;
};

/// Clang stops a build after this many errors ("too many errors emitted"), as its driver does
/// by default (cc1's own default is no limit), and keeps at most this much of the log.
constexpr const char *ErrorLimit = "50";
constexpr size_t LogLimit = size_t(4) << 20;

} // namespace

/// Runs Action on In with Options: builds the cc1 invocation, the in-memory file system and the
/// diagnostics printer (into Log). False if the invocation or the action fails; then Crashed says
/// whether Clang crashed or stopped with a fatal error, which may leave the LLVM context Action
/// emits into in no state to be destroyed.
bool runClang(const CompileInput &In, const ParsedOptions &Options, clang::FrontendAction &Action,
              std::string &Log, bool &Crashed) {
  Crashed = false;
  std::vector<std::string> Args = targetArgs();
  for (const char *A : {"-x", "cl", "-finclude-default-header", "-fdeclare-opencl-builtins",
                        // SPIR address-space numbers and manglings, so that local, global and
                        // constant memory stay distinct in IR and builtin names match SPIR-V's.
                        "-ffake-address-space-map", "-faddress-space-map-mangling=yes",
                        // Clang's optimisation level with its LLVM passes off: TBAA and lifetime
                        // markers without optnone; Weft's pipeline optimises.
                        "-O2", "-disable-llvm-passes", "-fno-builtin", "-ffp-contract=on",
                        // Kernels are compiled for baseline x86-64 (see targetArgs), so Clang
                        // warns at every float8 or float16 passed to a function that AVX would
                        // pass it differently: true of no call Weft makes, and it filled clpeak's
                        // build log with 64 warnings.
                        "-Wno-psabi", "-ferror-limit", ErrorLimit,
                        "-resource-dir", WEFT_CLANG_RESOURCE_DIR, "-internal-isystem",
                        WEFT_CLANG_RESOURCE_DIR "/include", "-working-directory", InputDirectory})
    Args.push_back(A);
  Args.push_back("-cl-std=" + Options.Std);
  // Exactly the extensions and optional features the device reports, nothing Clang assumes.
  std::string Ext = "-cl-ext=-all";
  for (const std::string &E : In.Target.Extensions)
    Ext += ",+" + E;
  for (const std::string &F : In.Target.Features)
    Ext += ",+" + F;
  Args.push_back(Ext);
  // "__OPENCL_VERSION__ substitutes an integer reflecting the version number of the OpenCL
  // supported by the OpenCL device" (OpenCL C 6.12); Clang leaves it to the implementation.
  Args.push_back("-D__OPENCL_VERSION__=300");
  // Every OpenCL C extension and feature the device reports is a macro kernels can test. Clang 15
  // defines only those it knows, some only for SPIR targets, and declares the built-ins of some
  // (integer dot product, extended bit ops, float atomics) only once their macro is defined. An
  // identical redefinition of a macro Clang does define is allowed.
  for (const std::vector<std::string> *Names : {&In.Target.Extensions, &In.Target.Features})
    for (const std::string &Name : *Names)
      Args.push_back("-D" + Name + "=1");
  auto Reports = [&](const char *Extension) {
    return std::count(In.Target.Extensions.begin(), In.Target.Extensions.end(), Extension) > 0;
  };
  // "If a device supports images ... the OpenCL C compiler for that device must define the
  // __IMAGE_SUPPORT__ macro" (OpenCL C 3.0 §6.15.15); Clang 15 defines it for SPIR targets only.
  if (std::count(In.Target.Features.begin(), In.Target.Features.end(), "__opencl_c_images") > 0)
    Args.push_back("-D__IMAGE_SUPPORT__=1");
  // OpenCL C 3.0 names the channel data type CL_UNORM_INT_101010_2 (an OpenCL 2.1 format Weft
  // supports) CLK_UNORM_INT_101010_2, as get_image_channel_data_type returns it; Clang 15's
  // opencl-c-base.h lacks the macro (later Clang defines it for OpenCL C 3.0, as here).
  if (Options.Std == "CL3.0")
    Args.push_back("-DCLK_UNORM_INT_101010_2=0x10E0");
  for (const ExtensionHeader &H : ExtensionHeaders)
    if (Reports(H.Extension)) {
      Args.push_back("-include");
      Args.push_back(H.Path);
    }
  if (Options.KernelArgInfo)
    Args.push_back("-cl-kernel-arg-info");
  for (const std::string &A : Options.ClangArgs)
    Args.push_back(A);
  // Checks report the source line of a faulty access, barrier or copy (weft-check-bounds strips
  // the line tables once it has read them).
  if (Options.CheckBounds || Options.CheckBarriers || Options.CheckCopies || Options.CheckUninitialized ||
      Options.CheckRaces)
    Args.push_back("-debug-info-kind=line-tables-only");
  Args.push_back(SourceFileName);

  BoundedLog LogStream(Log, LogLimit);
  auto DiagOpts = llvm::makeIntrusiveRefCnt<clang::DiagnosticOptions>();
  DiagOpts->ShowColors = false;
  DiagOpts->ShowCarets = true;
  auto *Printer = new clang::TextDiagnosticPrinter(LogStream, &*DiagOpts);
  clang::DiagnosticsEngine Diags(llvm::makeIntrusiveRefCnt<clang::DiagnosticIDs>(), &*DiagOpts,
                                 Printer, /*ShouldOwnClient=*/true);

  std::vector<const char *> CArgs;
  for (const std::string &A : Args)
    CArgs.push_back(A.c_str());
  auto Invocation = std::make_shared<clang::CompilerInvocation>();
  if (!clang::CompilerInvocation::CreateFromArgs(*Invocation, CArgs, Diags))
    return false;
  // Clang's own test hooks, "#pragma clang __debug crash" (a trap instruction), parser_crash,
  // llvm_fatal_error, llvm_unreachable and overflow_stack, would let one line of a program's
  // source end the host process: they do nothing here (the preprocessor still reads them).
  Invocation->getPreprocessorOpts().DisablePragmaDebugCrash = true;
  // The crash pragma still times itself, in LLVM's default timer group, whose last timer to go
  // prints the group's report on the host's stderr: one timer that never runs, and never goes,
  // keeps the group from printing.
  static llvm::Timer *const KeepsDefaultTimersQuiet =
      new llvm::Timer("weft", "keeps LLVM's default timer group from printing");
  (void)KeepsDefaultTimersQuiet;

  // On the heap: a crash leaves it to be abandoned.
  auto Instance = std::make_unique<clang::CompilerInstance>();
  clang::CompilerInstance &CI = *Instance;
  CI.setInvocation(Invocation);
  CI.createDiagnostics(new clang::TextDiagnosticPrinter(LogStream, &CI.getDiagnosticOpts()),
                       /*ShouldOwnClient=*/true);
  CI.setVerboseOutputStream(LogStream); // "1 error generated." belongs in the log, not on stderr
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  std::string Dir = InputDirectory;
  Memory->addFile(Dir + "/" + SourceFileName, 0, llvm::MemoryBuffer::getMemBufferCopy(In.Source));
  for (const auto &[Name, Text] : In.Headers)
    Memory->addFile(Dir + "/" + Name, 0, llvm::MemoryBuffer::getMemBufferCopy(Text));
  for (const ExtensionHeader &H : ExtensionHeaders)
    if (Reports(H.Extension))
      Memory->addFile(H.Path, 0, llvm::MemoryBuffer::getMemBuffer(H.Text));
  auto Files = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(llvm::vfs::getRealFileSystem());
  Files->pushOverlay(Memory);
  CI.createFileManager(Files);

  // Clang parses, checks and emits nested expressions recursively, a few hundred bytes of stack
  // for each level: a sum of 100,000 terms, as generated code has, overflowed an 8 MiB stack
  // (the host's main thread's on Linux; Clang's own driver too) and ended the host process.
  size_t InputBytes = In.Source.size();
  for (const auto &Header : In.Headers)
    InputBytes += Header.second.size();
  // Clang's own bugs (a crash, or LLVM's fatal error, on some program) and a stack overflow fail
  // the build instead of ending the host process (Trap.h).
  bool Ok = false;
  Sprung Stopped;
  onStackOf(std::min(StackBase + StackPerInputByte * InputBytes, StackLimit),
            [&] { Stopped = underTraps([&] { Ok = CI.ExecuteAction(Action); }); });
  if (Stopped) {
    LogStream << Stopped.forTheLog("Clang", "compiling this program");
    if (Stopped.Signal == SIGSEGV)
      LogStream << "note: expressions nested very deeply overflow Clang's stack\n";
    Crashed = true;
    Ok = false;
    abandon(Instance);
  }
  LogStream.flush();
  // Diagnostics name the in-memory files by their place in the virtual input directory; the
  // application knows them as "program.cl" and its header_include_names. One pass: a log of
  // thousands of diagnostics names the directory thousands of times.
  const std::string Prefix = Dir + "/";
  std::string Stripped;
  Stripped.reserve(Log.size());
  for (size_t From = 0;;) {
    const size_t At = Log.find(Prefix, From);
    Stripped.append(Log, From, At == std::string::npos ? std::string::npos : At - From);
    if (At == std::string::npos)
      break;
    From = At + Prefix.size();
  }
  Log = std::move(Stripped);
  LogStream.finish();
  return Ok;
}

namespace {
/// Prints the preprocessed input into a string, and lists the files and header directories
/// it came from.
class PreprocessToString : public clang::PreprocessorFrontendAction {
public:
  explicit PreprocessToString(std::string &Out) : Out(Out) {}
  std::vector<std::string> Files, Directories;

protected:
  void ExecuteAction() override {
    clang::CompilerInstance &CI = getCompilerInstance();
    // -E's setting: print the code, not only the macros (what it prints without it).
    CI.getPreprocessorOutputOpts().ShowCPP = 1;
    llvm::raw_string_ostream Stream(Out);
    clang::DoPrintPreprocessedInput(CI.getPreprocessor(), &Stream, CI.getPreprocessorOutputOpts());
    const clang::SourceManager &SM = CI.getSourceManager();
    for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It)
      Files.push_back(It->first->getName().str());
    const clang::HeaderSearchOptions &Search = CI.getHeaderSearchOpts();
    for (const clang::HeaderSearchOptions::Entry &E : Search.UserEntries)
      Directories.push_back(E.Path);
    Directories.push_back(Search.ResourceDir + "/include");
  }

private:
  std::string &Out;
};
} // namespace

std::unique_ptr<llvm::Module> runFrontend(llvm::LLVMContext &Ctx, const CompileInput &In,
                                          const ParsedOptions &Options, std::string &Log,
                                          bool &Crashed) {
  clang::EmitLLVMOnlyAction Action(&Ctx);
  if (!runClang(In, Options, Action, Log, Crashed))
    return nullptr;
  return Action.takeModule();
}

bool preprocess(const CompileInput &In, const ParsedOptions &Options, std::string &Output,
                std::string &Log, std::vector<std::string> *DiskFiles) {
  PreprocessToString Action(Output);
  bool Crashed = false;
  if (!runClang(In, Options, Action, Log, Crashed))
    return false;
  if (DiskFiles) {
    // The program's source and headers, and Weft's extension headers, live in memory.
    auto InMemory = [](const std::string &Path) {
      return Path.rfind(std::string(InputDirectory) + "/", 0) == 0 ||
             std::any_of(std::begin(ExtensionHeaders), std::end(ExtensionHeaders),
                         [&](const ExtensionHeader &H) { return Path == H.Path; });
    };
    for (const std::string &F : Action.Files)
      if (!InMemory(F))
        DiskFiles->push_back(F);
    for (const std::string &D : Action.Directories)
      if (!InMemory(D))
        DiskFiles->push_back(D);
  }
  return true;
}

} // namespace weft::compiler
