// The kernel runtime's functions: each unpacks its arguments and calls the work-group's engine.
#include "device-cpu/KernelRuntime.h"

#include "device-cpu/AsyncCopy.h"
#include "device-cpu/Printf.h"

#include <pthread.h>

#include <algorithm>
#include <cstdarg>
#include <cstring>
#include <string>

namespace weft::cpu {
namespace {

AsyncCopies &copiesOf(abi::WorkGroupContext *Ctx) { return *static_cast<AsyncCopies *>(Ctx->Async); }

void asyncCopy(abi::WorkGroupContext *Ctx, uint64_t Dst, uint64_t Src, uint64_t ElementBytes,
               uint64_t LineElements, uint64_t Lines, uint64_t Planes, uint64_t SrcLinePitch,
               uint64_t SrcPlanePitch, uint64_t DstLinePitch, uint64_t DstPlanePitch, void *Event,
               uint64_t Place) {
  CopyShape S;
  S.Dst = reinterpret_cast<std::byte *>(Dst);
  S.Src = reinterpret_cast<const std::byte *>(Src);
  S.ElementBytes = ElementBytes;
  S.LineElements = LineElements;
  S.Lines = Lines;
  S.Planes = Planes;
  S.SrcLinePitch = SrcLinePitch;
  S.SrcPlanePitch = SrcPlanePitch;
  S.DstLinePitch = DstLinePitch;
  S.DstPlanePitch = DstPlanePitch;
  const bool ToLocal = S.Dst >= Ctx->LocalMemory && S.Dst < Ctx->LocalMemory + Ctx->LocalBytes;
  copiesOf(Ctx).copy(S, Event, ToLocal, Place);
  // Checks of uninitialized reads: the bytes a copy into local memory writes are written (from
  // now: a kernel reading them before its wait reads what the copy has reached). Checks of races:
  // no work-item wrote them last (the copy is the work-group's).
  if (!(Ctx->LocalShadow || Ctx->LocalWriters) || !ToLocal)
    return;
  // Lines that continue one another are marked as one run (a strided copy into a contiguous
  // array is one: a call per element cost the checked copy more than the copying).
  LocalFootprints::runs(
      S, /*ToLocal=*/true, size_t(S.Dst - Ctx->LocalMemory), [Ctx](size_t Begin, size_t End) {
        if (Begin >= Ctx->LocalBytes)
          return;
        End = std::min(End, Ctx->LocalBytes);
        if (Ctx->LocalShadow)
          std::memset(Ctx->LocalShadow + Begin, 1, End - Begin);
        if (Ctx->LocalWriters)
          std::memset(Ctx->LocalWriters + Begin, 0, (End - Begin) * sizeof(uint32_t));
      });
}

void waitGroupEvents(abi::WorkGroupContext *Ctx, int32_t NumEvents, void *const *Events, uint64_t Place) {
  copiesOf(Ctx).wait(NumEvents, Events, Place);
}

void asyncCopyFence(abi::WorkGroupContext *Ctx, uint32_t) {
  copiesOf(Ctx).fence(); // local and global alike: all copies
}

void waitGroupEvent(abi::WorkGroupContext *Ctx, void *Event, uint64_t Place) {
  copiesOf(Ctx).wait(1, &Event, Place);
}

int32_t kernelPrintf(abi::WorkGroupContext *Ctx, const char *Format, ...) {
  std::string Out;
  va_list Args;
  va_start(Args, Format);
  const bool Valid = formatPrintf(Out, Format, Args);
  va_end(Args);
  if (!Valid || !Ctx->Printf)
    return -1;
  return static_cast<PrintfBuffer *>(Ctx->Printf)->append(Out) ? 0 : -1;
}

/// The running thread's stack, [Low, High).
struct StackRange {
  const std::byte *Low = nullptr, *High = nullptr;
  StackRange() {
    pthread_attr_t Attributes;
    if (pthread_getattr_np(pthread_self(), &Attributes) != 0)
      return;
    void *Base = nullptr;
    size_t Size = 0;
    if (pthread_attr_getstack(&Attributes, &Base, &Size) == 0) {
      Low = static_cast<const std::byte *>(Base);
      High = Low + Size;
    }
    pthread_attr_destroy(&Attributes);
  }
};

bool within(const void *P, const std::byte *Begin, uint64_t Bytes) {
  auto *B = static_cast<const std::byte *>(P);
  return Begin && B >= Begin && B < Begin + Bytes;
}

/// 3 inside the work-group's local memory block, 0 inside its private block, its frame or the
/// running thread's stack (where the work-items' private variables live), else 1 (global).
uint32_t addressSpace(abi::WorkGroupContext *Ctx, const void *Pointer) {
  if (within(Pointer, Ctx->LocalMemory, Ctx->LocalBytes))
    return 3;
  // initial-exec, like runtime/core/Queue.cpp's Pending: no __tls_get_addr call on each look-up.
  __attribute__((tls_model("initial-exec"))) thread_local const StackRange Stack;
  if (within(Pointer, Ctx->PrivateMemory, Ctx->PrivateBytes) ||
      within(Pointer, Ctx->FrameMemory, Ctx->FrameBytes) ||
      within(Pointer, Stack.Low, uint64_t(Stack.High - Stack.Low)))
    return 0;
  return 1;
}

} // namespace

// Designated initializers must follow the members' order, and a missing one is a warning
// (-Wmissing-field-initializers): the table matches WEFT_KERNEL_RUNTIME's list.
const abi::KernelRuntime KernelRuntimeTable = {
    .AsyncCopy = &asyncCopy,
    .WaitGroupEvents = &waitGroupEvents,
    .AsyncCopyFence = &asyncCopyFence,
    .WaitGroupEvent = &waitGroupEvent,
    .Printf = &kernelPrintf,
    .AddressSpace = &addressSpace,
};

} // namespace weft::cpu
