// Work-groups as tasks: each chunk of work-groups gets its own local memory and argument buffer
// (with this chunk's __local pointers) and runs the work-group function once per group.
#include "device-cpu/Executor.h"

#include "device-cpu/AsyncCopy.h"
#include "device-cpu/CheckReport.h"
#include "device-cpu/KernelRuntime.h"
#include "device-cpu/Printf.h"
#include "runtime/core/Clock.h"
#include "runtime/core/Config.h"
#include "runtime/core/Trace.h"

#include <xmmintrin.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

namespace weft::cpu {
namespace {

constexpr size_t LocalAlign = 128;
constexpr size_t ArgAlign = 128;

struct FreeDeleter {
  void operator()(std::byte *P) const { std::free(P); }
};

/// The MXCSR every work-group starts with: round to nearest, all exceptions masked, denormals
/// kept (no FTZ/DAZ), whatever the thread carried before.
constexpr unsigned DefaultMxcsr = 0x1f80;

} // namespace

namespace {

/// A check failure's report: the kernel, the line, the work-item, what failed (abi::CheckSite::Kind).
std::string describeFailure(const NDRangeCommand &C, const CheckFailure &F) {
  using abi::CheckSite;
  const std::string Kernel = C.Name ? *C.Name : std::string("kernel");
  const uint32_t Arg = CheckSite::arg(F.Site);
  const std::string Where = CheckSite::line(F.Site)
                                ? cat(", line ", CheckSite::line(F.Site), ", column ", CheckSite::column(F.Site))
                                : std::string();
  auto WorkItem = [](const std::array<uint64_t, 3> &Id) {
    return cat("work-item (", Id[0], ", ", Id[1], ", ", Id[2], ")");
  };
  const std::string Item = WorkItem(F.LocalId);
  // Where an access with no offset kept was (an uninitialized read, a race): an array of the
  // kernel, by the compiler's description, or __local argument Arg.
  auto LocalMemory = [&](uint32_t Arg) {
    return F.Memory ? cat("in ", F.Memory)
                    : cat("through argument ", Arg, " (",
                          Arg < C.ArgMemory.size() ? C.ArgMemory[Arg] : std::string("unknown memory"), ")");
  };
  const std::string Group = cat("work-group (", F.GroupId[0], ", ", F.GroupId[1], ", ", F.GroupId[2], ")");
  // The address entry of a barrier or copy site: where work-item 0's is, line << 32 | column.
  const uint64_t Line0 = F.Address >> 32, Column0 = F.Address & 0xffffffff;
  switch (CheckSite::kind(F.Site)) {
  case CheckSite::Kind::BadEvent:
    return cat("check failed: kernel ", Kernel, Where, ": ", Group,
               CheckSite::bytes(F.Site) ? " chained an async copy to event " : " waited for event ", F.Address,
               ", which no async copy in flight has: none returned it, or it was waited for already "
               "(wait_group_events releases its events); the command stopped (CL_OUT_OF_RESOURCES)");
  case CheckSite::Kind::Overlap:
    return cat("check failed: kernel ", Kernel, Where, ": ", Group,
               " made an async copy whose bytes in local memory overlap those of the copy at line ", Line0,
               ", column ", Column0,
               ", still in flight (not waited for, no fence between), and one of the two writes them; the "
               "result is undefined until a wait_group_events or async_work_group_copy_fence orders them; "
               "the command stopped (CL_OUT_OF_RESOURCES)");
  case CheckSite::Kind::Unwaited:
    return cat("check failed: kernel ", Kernel, Where, ": ", Group, " ended with ", F.Address,
               F.Address == 1 ? " async copy event" : " async copy events",
               " never waited for (the first event's first copy is here); a kernel must wait for all its async "
               "copies before it ends (wait_group_events); the command stopped (CL_OUT_OF_RESOURCES)");
  case CheckSite::Kind::Copies: {
    // Where work-item 0's first copy or wait was, where it is not this one's.
    const std::string Its = Line0 && (Line0 != CheckSite::line(F.Site) || Column0 != CheckSite::column(F.Site))
                                ? cat(" (its first at line ", Line0, ", column ", Column0, ")")
                                : std::string();
    return cat("check failed: kernel ", Kernel, Where, ": ", Item, " of ", Group,
               " made async copies or waits with other arguments than work-item (0, 0, 0)", Its,
               " since the last barrier (every work-item of a group must make the same ones, with the same "
               "arguments); the command stopped (CL_OUT_OF_RESOURCES)");
  }
  case CheckSite::Kind::Barrier: {
    // Where a work-item stopped: a barrier (its resume id, 1 first) and its line, or the end (0).
    auto Stop = [](uint64_t Barrier, uint64_t Line, uint64_t Column) {
      if (!Barrier)
        return std::string("the end of the kernel");
      return Line ? cat("the barrier or work-group function at line ", Line, ", column ", Column)
                  : cat("barrier ", Barrier);
    };
    return cat("check failed: kernel ", Kernel, ": the work-items of ", Group,
               " do not all reach the same barrier: work-item (0, 0, 0) reached ",
               Stop(CheckSite::bytes(F.Site), Line0, Column0), ", ", Item, " ",
               Stop(Arg, CheckSite::line(F.Site), CheckSite::column(F.Site)),
               "; the work-group ended there, and the command stopped (CL_OUT_OF_RESOURCES)");
  }
  case CheckSite::Kind::Race: {
    // The other work-item, by its local linear id in the address entry.
    const std::string Its = WorkItem(localIds(F.Address & 0xffff, C.LocalSize));
    const bool Writes = F.Address & CheckSite::RaceWrites, OtherWrote = F.Address & CheckSite::RaceOtherWrote;
    return cat("check failed: kernel ", Kernel, Where, ": ", Item, " of ", Group, Writes ? " writes " : " reads ",
               CheckSite::bytes(F.Site), " bytes ", LocalMemory(CheckSite::raceArg(F.Site)), " that ", Its,
               OtherWrote ? " wrote" : " read",
               Writes && OtherWrote ? " (another value)" : "",
               " since the last barrier: a data race (no barrier orders the two accesses, so either may come "
               "first); the command stopped (CL_OUT_OF_RESOURCES)");
  }
  case CheckSite::Kind::Access:
  case CheckSite::Kind::Uninitialized:
    break;
  }
  const bool Uninitialized = CheckSite::kind(F.Site) == CheckSite::Kind::Uninitialized;
  const std::string Bytes = CheckSite::bytes(F.Site) ? cat(CheckSite::bytes(F.Site), " bytes") : std::string("bytes");
  const std::string Access = cat("check failed: kernel ", Kernel, Where, ": ", Item, " of ", Group, " ",
                                 CheckSite::isWrite(F.Site) && !Uninitialized ? "writes " : "reads ", Bytes);
  const std::string Stopped =
      Uninitialized ? " that nothing in the work-group wrote before (no work-item, no async copy): its value is "
                      "undefined; the command stopped (CL_OUT_OF_RESOURCES)"
                    : "; the access was not made, and the command stopped (CL_OUT_OF_RESOURCES)";
  auto Signed = [](int64_t Offset) { return cat(Offset < 0 ? "" : "+", Offset); };
  const std::string Memory = Arg < C.ArgMemory.size() ? C.ArgMemory[Arg] : std::string("unknown memory");
  // An uninitialized read: the memory, not the offset (the kernel keeps the site only).
  if (Uninitialized)
    return cat(Access, " ", LocalMemory(Arg), Stopped);
  // An array of the kernel: the offset from its start, and the compiler's description of it.
  if (F.Memory)
    return cat(Access, " at ", Signed(int64_t(F.Address)), " in ", F.Memory, Stopped);
  // A __local argument: its offset (its address differs from chunk to chunk).
  if (CheckSite::isRelative(F.Site))
    return cat(Access, " at ", Signed(int64_t(F.Address)), " from argument ", Arg, " (", Memory, ")", Stopped);
  const uint64_t Pointer = Arg < C.ArgPointers.size() ? C.ArgPointers[Arg] : 0;
  return cat(Access, " at ", hex(F.Address), ", at ", Signed(int64_t(F.Address - Pointer)), " from argument ",
             Arg, " (", Memory, ")", Stopped);
}

} // namespace

Status runNDRange(const NDRangeCommand &C, Workers &W, size_t PrintfBufferBytes) {
  if (C.Precheck)
    if (std::string Report = C.Precheck(C); !Report.empty()) {
      std::fprintf(stderr, "weft: %s\n", Report.c_str());
      return Error(CL_OUT_OF_RESOURCES, std::move(Report));
    }
  const std::array<uint64_t, 3> &Groups = C.NumGroups;
  // At most the number of work-items, which checkLaunch bounds by SIZE_MAX.
  const size_t Total = size_t(Groups[0] * Groups[1] * Groups[2]);

  // Local memory of one work-group: kernel-scope __local variables, Weft's scratch, then each
  // __local argument.
  std::vector<size_t> LocalArgOffsets;
  size_t LocalBytes = C.StaticLocalBytes + C.LocalScratchBytes;
  for (const auto &[Slot, Size] : C.LocalArgs) {
    LocalBytes = (LocalBytes + LocalAlign - 1) / LocalAlign * LocalAlign;
    LocalArgOffsets.push_back(LocalBytes);
    LocalBytes += Size;
  }
  LocalBytes = (LocalBytes + LocalAlign - 1) / LocalAlign * LocalAlign;

  // Values of kernels with barriers that live across a barrier: one slot per work-item.
  const size_t PrivateBytes = C.PrivateBytesPerWorkItem * C.LocalSize[0] * C.LocalSize[1] * C.LocalSize[2];

  DeviceLoad &Load = W.load();
  AsyncCopyPolicy Policy;
  Policy.Mode = config().AsyncCopies;
  // A command with fewer work-groups than workers leaves some free: they take the copies its
  // work-groups hand off, spinning between copies while it runs (no wake-up per copy).
  const int Spare = Load.Threads - int(std::min<size_t>(Total, size_t(Load.Threads)));
  const bool Overlap = Spare > 0 && Policy.Mode != AsyncCopyMode::Inline;
  if (Overlap)
    Policy.OverlapMinBytes = 8u << 10;
  CopyHelpers Helpers(W, Overlap ? Spare : 0);

  PrintfBuffer Printed(PrintfBufferBytes);
  std::atomic<bool> OutOfMemory{false};
  // Kernels built with checks: the first failed check stops the command.
  const bool Checked = C.Checked;
  CheckReport Checks;
  // A block of a running chunk of work-groups (null for 0 bytes; aligned_alloc wants a multiple
  // of the alignment).
  auto Block = [](size_t Bytes) {
    const size_t Whole = (Bytes + LocalAlign - 1) / LocalAlign * LocalAlign;
    return std::unique_ptr<std::byte, FreeDeleter>(
        Bytes ? static_cast<std::byte *>(std::aligned_alloc(LocalAlign, Whole)) : nullptr);
  };
  // The timeline shows the first chunks of work-groups each command runs (a large NDRange makes
  // thousands; the first few hundred show how the workers shared it).
  constexpr int TracedChunks = 256;
  std::atomic<int> ChunksTraced{0};
  auto RunGroups = [&](size_t Begin, size_t End) {
    if (Checked && Checks.stops(Begin))
      return;
    const uint64_t TraceStart = trace::on() ? trace::now() : 0;
    // Local memory, private values across barriers, large private variables: without one of
    // them, these groups cannot run.
    auto Local = Block(LocalBytes), Private = Block(PrivateBytes), Frame = Block(C.FrameBytes);
    // Checked kernels' slots: abi::CheckSite::Arrays entries per work-item, zero.
    const size_t SlotBytes =
        Checked ? abi::CheckSite::Arrays * sizeof(uint64_t) * C.LocalSize[0] * C.LocalSize[1] * C.LocalSize[2] : 0;
    auto Slots = Block(SlotBytes);
    if (Slots)
      std::memset(Slots.get(), 0, SlotBytes);
    // Checks of uninitialized reads: a mark per byte of local memory, zeroed for each group.
    const size_t ShadowBytes = C.ShadowsLocal ? LocalBytes : 0;
    auto Shadow = Block(ShadowBytes);
    // Checks of races: a writer's and a reader's tag per byte of local memory, zeroed for the
    // chunk (the work-group function starts a new round of them for each group).
    const size_t TagBytes = C.TagsLocal ? 2 * sizeof(uint32_t) * LocalBytes : 0;
    auto Tags = Block(TagBytes);
    if (Tags)
      std::memset(Tags.get(), 0, TagBytes);
    if ((LocalBytes && !Local) || (PrivateBytes && !Private) || (C.FrameBytes && !Frame) ||
        (SlotBytes && !Slots) || (ShadowBytes && !Shadow) || (TagBytes && !Tags)) {
      OutOfMemory.store(true, std::memory_order_relaxed);
      return;
    }
    Load.Running.fetch_add(1, std::memory_order_relaxed);
    AsyncCopies Copies(Helpers, Load, Policy, C.LocalSize[0] * C.LocalSize[1] * C.LocalSize[2]);
    // The argument buffer as aligned as its most aligned argument can be (a long16 by value is
    // 128-byte aligned, and the kernel loads it with aligned vector instructions).
    const size_t ArgBytes = (C.Args.size() + ArgAlign - 1) / ArgAlign * ArgAlign;
    std::unique_ptr<std::byte, FreeDeleter> Args(
        static_cast<std::byte *>(std::aligned_alloc(ArgAlign, std::max(ArgBytes, ArgAlign))));
    std::memcpy(Args.get(), C.Args.data(), C.Args.size());
    for (size_t I = 0; I < C.LocalArgs.size(); ++I) {
      std::byte *P = Local.get() + LocalArgOffsets[I];
      std::memcpy(Args.get() + C.LocalArgs[I].first, &P, sizeof P);
    }
    // On a cache line of its own (every kernel reads it), which also aligns this frame: the call
    // of the work-group function then starts its stack on a cache-line boundary whatever the call
    // chain above, and a kernel that spills much no longer runs slower or faster as frames above
    // change size (docs/performance.md, "Stack alignment of work-group functions").
    alignas(64) abi::WorkGroupContext Ctx{};
    Ctx.WorkDim = C.WorkDim;
    Ctx.LocalMemory = Local.get();
    Ctx.PrivateMemory = Private.get();
    Ctx.Runtime = &KernelRuntimeTable;
    Ctx.Async = &Copies;
    Ctx.CopyNames = Copies.names();
    Ctx.Printf = &Printed;
    Ctx.LocalBytes = LocalBytes;
    Ctx.PrivateBytes = PrivateBytes;
    Ctx.FrameMemory = Frame.get();
    Ctx.FrameBytes = C.FrameBytes;
    Ctx.ArgExtents = Checked ? C.ArgExtents.data() : nullptr;
    Ctx.CheckSlots = reinterpret_cast<uint64_t *>(Slots.get());
    Ctx.LocalShadow = reinterpret_cast<uint8_t *>(Shadow.get());
    if (Tags) {
      Ctx.LocalWriters = reinterpret_cast<uint32_t *>(Tags.get());
      Ctx.LocalReaders = Ctx.LocalWriters + LocalBytes;
    }
    if (Checked)
      Copies.watchLocal(Local.get(), LocalBytes);
    for (unsigned D = 0; D < 3; ++D) {
      Ctx.GlobalOffset[D] = C.GlobalOffset[D];
      Ctx.GlobalSize[D] = C.GlobalSize[D];
      Ctx.EnqueuedLocalSize[D] = C.LocalSize[D];
      Ctx.NumGroups[D] = Groups[D];
    }
    unsigned SavedMxcsr = _mm_getcsr();
    _mm_setcsr(DefaultMxcsr);
    for (size_t G = Begin; G < End; ++G) {
      uint64_t Id[3] = {G % Groups[0], (G / Groups[0]) % Groups[1], G / (Groups[0] * Groups[1])};
      for (unsigned D = 0; D < 3; ++D) {
        Ctx.GroupId[D] = Id[D];
        // A trailing group of a non-uniform NDRange is smaller.
        Ctx.LocalSize[D] = std::min(C.LocalSize[D], C.GlobalSize[D] - Id[D] * C.LocalSize[D]);
      }
      if (ShadowBytes)
        std::memset(Shadow.get(), 0, ShadowBytes);
      C.Run(Args.get(), &Ctx);
      // Copy checks: waits for events no copy has, copies overlapping in local memory, events
      // the work-group never waited for (the spec: "The kernel must wait for the completion of
      // all async copies ... before exiting").
      if (Checked)
        CheckReport::noteCopies(Ctx.CheckSlots, C.LocalSize, G, Copies.misuse(), Copies.unwaited());
      Copies.drain();
    }
    // The chunk's refused accesses, if any (its remaining groups ran with theirs not made).
    if (Checked)
      Checks.collect(Ctx.CheckSlots, C.LocalSize, Groups);
    _mm_setcsr(SavedMxcsr);
    Load.Running.fetch_sub(1, std::memory_order_relaxed);
    if (TraceStart && ChunksTraced.fetch_add(1, std::memory_order_relaxed) < TracedChunks) {
      trace::nameThread("worker");
      trace::slice("work-groups", C.Name ? std::string_view(*C.Name) : std::string_view("kernel"),
                   TraceStart, trace::now(), trace::threadTrack(), trace::Args(trace::ArgsForm::Groups, Begin, End - 1));
    }
  };

  W.forEach(Total, 0, RunGroups);
  Printed.flush(); // "flushed when the command completes"
  if (Checked && Checks.failed()) {
    std::string Report = describeFailure(C, Checks.First);
    std::fprintf(stderr, "weft: %s\n", Report.c_str());
    return Error(CL_OUT_OF_RESOURCES, std::move(Report));
  }
  if (OutOfMemory.load())
    return Error(CL_OUT_OF_RESOURCES, "the kernel's work-groups need more memory than could be "
                                      "allocated (local, and private: see CL_KERNEL_PRIVATE_MEM_SIZE)");
  return Status::ok();
}

} // namespace weft::cpu
