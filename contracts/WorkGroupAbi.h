// The ABI between compiled kernels and the executor: what a work-group function receives.
// Plain C++, shared by compiler/ (which generates code against it) and device-cpu/ (which fills it).
#pragma once

#include <cstddef>
#include <cstdint>

namespace weft::abi {

struct WorkGroupContext;

/// What compiled kernels call in the device's runtime, in table order: one line per function,
/// X(Member, the symbol the built-in library or the kernel calls, return type, parameters). The
/// built-in library declares each as `<symbol>(parameters but Ctx)` (kernels call printf
/// themselves); weft-work-items turns those calls into `Ctx->Runtime-><Member>(Ctx, ...)`, so
/// compiled code holds no runtime addresses (the disk cache stays valid across processes) and each
/// device brings its own table. KernelRuntime and RuntimeFunctionNames are both made from it.
///
/// - AsyncCopy: async_work_group_copy, _strided_copy, _2D2D and _3D3D, once per work-group:
///   copies Planes x Lines lines of LineElements elements of ElementBytes bytes (pitches in
///   bytes) as part of the event Event (never null: the kernel names it, see CopyNames): a live
///   event gets one more copy (chaining); otherwise a new event takes the name. Place: in programs
///   built with copy checks, 1 << 63 | where the copy is in the source (line << 32 | column, 0
///   where unknown), else 0.
/// - WaitGroupEvents: wait_group_events, once per work-group: returns when the events' copies
///   are complete and releases the events. Place: as AsyncCopy's, where the wait is.
/// - AsyncCopyFence: async_work_group_copy_fence (cl_khr_async_work_group_copy_fence), once per
///   work-group: the copies issued before it complete before any issued after it starts.
/// - WaitGroupEvent: wait_group_events for one event passed by value (what the built-in library
///   calls for a single event, so that the kernel's event variable never needs an address).
/// - Printf: printf, called by the kernel itself: the format (a constant string) and the
///   arguments as the x86-64 psABI passes them to a variadic function. Returns 0, or -1 if it
///   printed nothing.
/// - AddressSpace: the memory Pointer points into, as an OpenCL address space number: 0 private
///   (a work-item's), 3 local (the work-group's block), else 1 global (to_global, to_local,
///   to_private and get_fence).
#define WEFT_KERNEL_RUNTIME(X)                                                                     \
  X(AsyncCopy, "__weft_rt_async_copy", void,                                                       \
    (WorkGroupContext * Ctx, uint64_t Dst, uint64_t Src, uint64_t ElementBytes,                    \
     uint64_t LineElements, uint64_t Lines, uint64_t Planes, uint64_t SrcLinePitch,                \
     uint64_t SrcPlanePitch, uint64_t DstLinePitch, uint64_t DstPlanePitch, void *Event,            \
     uint64_t Place))                                                                              \
  X(WaitGroupEvents, "__weft_rt_wait_group_events", void,                                          \
    (WorkGroupContext * Ctx, int32_t NumEvents, void *const *Events, uint64_t Place))              \
  X(AsyncCopyFence, "__weft_rt_async_copy_fence", void, (WorkGroupContext * Ctx, uint32_t Flags)) \
  X(WaitGroupEvent, "__weft_rt_wait_group_event", void,                                           \
    (WorkGroupContext * Ctx, void *Event, uint64_t Place))                                         \
  X(Printf, "printf", int32_t, (WorkGroupContext * Ctx, const char *Format, ...))                  \
  X(AddressSpace, "__weft_rt_address_space", uint32_t,                                             \
    (WorkGroupContext * Ctx, const void *Pointer))

/// The device's kernel runtime: a pointer per WEFT_KERNEL_RUNTIME line, in its order.
struct KernelRuntime {
#define WEFT_RUNTIME_MEMBER(Member, Symbol, Return, Parameters) Return(*Member) Parameters;
  WEFT_KERNEL_RUNTIME(WEFT_RUNTIME_MEMBER)
#undef WEFT_RUNTIME_MEMBER
};

/// The symbols of the WEFT_KERNEL_RUNTIME lines, in table order: entry I is KernelRuntime's I-th
/// pointer.
inline constexpr const char *RuntimeFunctionNames[] = {
#define WEFT_RUNTIME_SYMBOL(Member, Symbol, Return, Parameters) Symbol,
    WEFT_KERNEL_RUNTIME(WEFT_RUNTIME_SYMBOL)
#undef WEFT_RUNTIME_SYMBOL
};

/// One work-group's view of its NDRange. The executor fills it per work-group; compiled work-item
/// queries read it (get_local_id comes from the work-item loops).
struct WorkGroupContext {
  uint64_t GlobalOffset[3];
  uint64_t GlobalSize[3];
  uint64_t LocalSize[3];         ///< this work-group's size (smaller for a trailing group)
  uint64_t EnqueuedLocalSize[3]; ///< the NDRange's local size
  uint64_t NumGroups[3];
  uint64_t GroupId[3];
  uint32_t WorkDim;
  uint32_t Reserved;
  std::byte *LocalMemory; ///< this work-group's block: kernel-scope __local variables first
  /// Kernels with barriers: each work-item's private values that live across a barrier,
  /// KernelBinary::PrivateBytesPerWorkItem times the work-items of the group.
  std::byte *PrivateMemory;
  const KernelRuntime *Runtime;
  void *Async; ///< the device's async-copy state for this work-group (KernelRuntime's business)
  /// One counter per work-item (by local linear id), zero when the work-group starts: the
  /// async copies it has issued. Every work-item issues the same copies in the same order (the
  /// spec's rule), so the count names a new copy's event alike in every work-item, without a
  /// broadcast (the built-in library reads it with `__weft_copy_names()`).
  uint32_t *CopyNames;
  void *Printf; ///< where the command's printf output goes (KernelRuntime's business)
  uint64_t LocalBytes;   ///< the size of the LocalMemory block
  uint64_t PrivateBytes; ///< the size of the PrivateMemory block
  /// Private variables too large for the stack (KernelBinary::FrameBytes of them; one copy per
  /// work-group, which runs its work-items one after the other).
  std::byte *FrameMemory;
  uint64_t FrameBytes; ///< the size of the FrameMemory block
  /// Kernels whose sub-groups exchange values: the work-group function's own SubGroupMemory,
  /// which it points this at when it starts (the built-in library reads it).
  void *SubGroups;
  /// Kernels built with bounds checks: per kernel argument, the bytes its pointer may reach (from
  /// the pointer on: a buffer's size, the rest of an SVM allocation; UINT64_MAX where unknown).
  const uint64_t *ArgExtents;
  /// Kernels built with bounds checks: where each work-item records the first access a check
  /// refused, CheckSlots of them (see CheckSlot).
  uint64_t *CheckSlots;
  /// Kernels built with checks of uninitialized reads: a byte per byte of LocalMemory, non-zero
  /// once something wrote that byte in this work-group (zeroed before each work-group; null in
  /// other kernels).
  uint8_t *LocalShadow;
  /// Kernels built with checks of races on local memory: a tag per byte of LocalMemory, of the
  /// last work-item that wrote it (CheckRound | its local linear id), and of the first that read
  /// it (CheckRound | 0xffff - its local linear id), zeroed before each chunk of work-groups (null
  /// in other kernels). Two work-items' accesses in one round race.
  uint32_t *LocalWriters, *LocalReaders;
  /// Their current round, in its top 16 bits: the work-group function starts the next one when
  /// it starts and after each barrier, zeroing the tags when the count wraps.
  uint32_t CheckRound;
};

/// A checked kernel's record of a refused access, in four arrays of CheckSlots, each one entry
/// per work-item of an enqueued work-group by local linear id (N of them): [0, N) the access
/// (CheckSite, 0 for none), [N, 2N) its address (or, for a Relative site, its offset from the
/// start of the memory), [2N, 3N) the work-group's linear id, [3N, 4N) what memory it is, for an
/// array of the kernel (the address of a NUL-terminated description in the kernel's code; 0 for an
/// argument, which the runtime describes). A work-item writes its entries at its first refused
/// access, if its entry is still 0. [4N, 5N) is the barrier checks' scratch: the barrier each
/// work-item (by linear id in its group) stopped at in the last region, as 32-bit entries.
/// [5N, 7N) is the copy checks' state (CopyState): each work-item's hash of the arguments of the
/// async copies and waits it made since the last barrier, by linear id, then where its first one
/// is (line << 32 | column).
struct CheckSite {
  static constexpr uint64_t Valid = 1, Write = 2;
  /// The address entry holds the offset from the memory's start (a __local argument, whose
  /// address differs between chunks of work-groups, or an array of the kernel).
  static constexpr uint64_t Relative = uint64_t(1) << 63;
  /// Set in every site that is not an access (with Relative and Write telling which kind).
  static constexpr uint64_t Divergent = uint64_t(1) << 62;
  /// What a site records (kind()):
  /// - Access: an access a bounds check refused (pack()).
  /// - Uninitialized (UninitializedSite | pack()'s fields of a read): a read of __local bytes that
  ///   nothing in the work-group wrote (checks of uninitialized reads); the address entry and the
  ///   memory entry as for a Relative access.
  /// - Barrier (BarrierSite): the work-items of the group stopped at different barriers. Arg
  ///   holds the stop of this work-item (a barrier's resume id, 1 first; 0 for the kernel's end),
  ///   Bytes work-item 0's; Line and Column say where this one's is, the address entry where
  ///   work-item 0's is (line << 32 | column).
  /// - Copies (CopiesSite): a work-item whose async copies or waits since the last barrier had
  ///   other arguments than work-item 0's. Line and Column say where its first one is, the
  ///   address entry where work-item 0's is.
  /// - Unwaited (UnwaitedSite): the work-group ended with async copies never waited for
  ///   (work-item 0's entries). Line and Column say where the first such copy is, the address
  ///   entry holds how many events were left.
  /// - BadEvent (BadEventSite): the work-group waited for an event, or chained a copy to one
  ///   (Bytes 1), that no copy in flight has: none returned it, or it was waited for already
  ///   (work-item 0's entries). Line and Column say where the wait or copy is, the address entry
  ///   holds the event.
  /// - Overlap (OverlapSite): a copy whose bytes in local memory overlap those of a copy still in
  ///   flight (issued, not waited for, no fence between), one of the two writing them (work-item
  ///   0's entries). Line and Column say where the later copy is, the address entry where the
  ///   earlier one is (line << 32 | column).
  /// - Race (RaceSite | the access's Bytes, Line, Column and kernel argument in Arg's upper
  ///   bits): an access to __local bytes that another work-item read or wrote since the last
  ///   barrier, one of the two writing (checks of races); the address entry holds that work-item's
  ///   local linear id, RaceWrites if this access writes, RaceOtherWrote if the other one wrote;
  ///   the memory entry as for an uninitialized read.
  /// Unwaited, BadEvent and Overlap are copy checks the copy engine makes; Arg's two low bits tell
  /// them and races apart.
  enum class Kind { Access, Uninitialized, Barrier, Copies, Unwaited, BadEvent, Overlap, Race };
  static constexpr uint64_t UninitializedSite = Valid | Divergent | Write;
  static constexpr uint64_t BarrierSite = Valid | Divergent, CopiesSite = Valid | Divergent | Relative,
                            UnwaitedSite = CopiesSite | Write, BadEventSite = UnwaitedSite | 1 << 2,
                            OverlapSite = UnwaitedSite | 2 << 2, RaceSite = UnwaitedSite | 3 << 2;
  static constexpr uint64_t RaceWrites = uint64_t(1) << 32, RaceOtherWrote = uint64_t(1) << 33;
  static Kind kind(uint64_t S) {
    if (!(S & Divergent))
      return Kind::Access;
    if (!(S & Relative))
      return S & Write ? Kind::Uninitialized : Kind::Barrier;
    if (!(S & Write))
      return Kind::Copies;
    const uint32_t Which = arg(S) & 3;
    return Which == 1 ? Kind::BadEvent : Which == 2 ? Kind::Overlap : Which == 3 ? Kind::Race : Kind::Unwaited;
  }
  /// A race's site: the access's Bytes, Line and Column, and its kernel argument Arg (unused for an
  /// array).
  static uint64_t race(uint64_t Arg, uint64_t Bytes, uint64_t Line, uint64_t Column) {
    return RaceSite | (Arg & 0xfff) << 4 | (Bytes & 0xffff) << 16 | at(Line, Column);
  }
  /// A race site's kernel argument.
  static uint32_t raceArg(uint64_t S) { return arg(S) >> 2; }
  /// An access's site. Arg: the kernel argument, for an access through one; unused for an array.
  static uint64_t pack(bool IsWrite, uint64_t Arg, uint64_t Bytes, uint64_t Line, uint64_t Column,
                       bool IsRelative = false) {
    return Valid | (IsWrite ? Write : 0) | (Arg & 0x3fff) << 2 | (Bytes & 0xffff) << 16 |
           at(Line, Column) | (IsRelative ? Relative : 0);
  }
  /// Line and Column in a site's fields.
  static constexpr uint64_t at(uint64_t Line, uint64_t Column) {
    return (Line & 0xfffff) << 32 | (Column & 0x3ff) << 52;
  }
  static bool isWrite(uint64_t S) { return S & Write; }
  static bool isRelative(uint64_t S) { return S & Relative; }
  static uint32_t arg(uint64_t S) { return uint32_t(S >> 2 & 0x3fff); }
  static uint64_t bytes(uint64_t S) { return S >> 16 & 0xffff; }
  static uint32_t line(uint64_t S) { return uint32_t(S >> 32 & 0xfffff); }
  static uint32_t column(uint64_t S) { return uint32_t(S >> 52 & 0x3ff); }
  static constexpr int Arrays = 7; ///< entries per work-item
  static constexpr uint64_t CopyState = 5; ///< where the copy state starts, in N entries
};

/// Set in the resume id weft-kernel-entry passes the work-item function of a kernel whose
/// sub-groups exchange values when a round runs only some work-items: the built-in library's
/// `__weft_sub_group_all_active()` reads it, so that rounds of every work-item need no claim.
inline constexpr int32_t SomeWorkItems = int32_t(0x80000000u);

/// The most work-items in a work-group of a kernel whose sub-groups exchange values.
inline constexpr uint64_t MaxSubGroupKernelItems = 1024;

/// What the sub-group functions of builtins/src/subgroups.cl exchange through, per work-group:
/// each work-item's value (by local linear id), the results the first work-item of a sub-group
/// to run after the exchange computes for all of them, whether each work-item runs in the
/// current round of the work-group function's dispatch (Round counts those), and the round in
/// which each sub-group's results were last computed (by sub-group id: sub-groups have 8
/// work-items at least).
struct SubGroupMemory {
  uint64_t Values[MaxSubGroupKernelItems];
  uint64_t Results[MaxSubGroupKernelItems];
  uint8_t Active[MaxSubGroupKernelItems];
  uint32_t Round;
  uint32_t Claimed[MaxSubGroupKernelItems / 8];
};
/// `void __weft_wg_<kernel>(const void *Args, WorkGroupContext *Ctx)`: runs every work-item of one
/// work-group. Args holds each kernel argument at the offset the kernel's layout gives.
using WorkGroupFn = void (*)(const void *Args, WorkGroupContext *Ctx);

inline constexpr const char *WorkGroupPrefix = "__weft_wg_";

} // namespace weft::abi
