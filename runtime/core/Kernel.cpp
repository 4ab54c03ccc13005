// Kernels: creation and cloning, work-group sizes, and the command of a launch.
#include "runtime/core/Kernel.h"

#include "runtime/core/Context.h"
#include "runtime/core/Memory.h"

#include <algorithm>
#include <cstring>

namespace weft {
namespace {

/// Private memory one work-group of a kernel with barriers may use: beyond it the kernel's
/// CL_KERNEL_WORK_GROUP_SIZE shrinks, and larger work-groups are refused.
constexpr uint64_t MaxPrivateBytesPerGroup = 256ull << 20;

/// The largest work-groups Weft chooses when the application gives no local size.
constexpr uint64_t DefaultWorkGroupItems = 256;

} // namespace

Kernel::Kernel(Program &P, const compiler::KernelBinary &Binary,
               std::shared_ptr<compiler::Executable> Executable)
    : Object(ObjectType::Kernel), Prog(&P), Binary(&Binary), Executable(std::move(Executable)),
      Checks(P.checks()) {
  Args.Buffer.assign(Binary.ArgBufferSize, std::byte{0});
  Args.Set.assign(Binary.Args.size(), false);
  Args.LocalSizes.assign(Binary.Args.size(), 0);
  Args.Buffers.assign(Binary.Args.size(), nullptr);
  Args.BuffersAlive.assign(Binary.Args.size(), nullptr);
  Prog->kernelCreated();
}

Kernel::Kernel(const Kernel &Other)
    : Object(ObjectType::Kernel), Prog(Other.Prog), Binary(Other.Binary),
      Executable(Other.Executable), Checks(Other.Checks), Args(Other.Args) {
  Prog->kernelCreated();
}

Kernel::~Kernel() { Prog->kernelDestroyed(); }

size_t Kernel::maxWorkGroupSize(const Device &D) const {
  size_t Max = D.description().MaxWorkGroupSize;
  if (uint64_t Items = Binary->MaxWorkGroupItems)
    Max = std::min<size_t>(Max, Items);
  if (uint64_t PerItem = Binary->PrivateBytesPerWorkItem)
    Max = std::min<size_t>(Max, std::max<uint64_t>(1, MaxPrivateBytesPerGroup / PerItem));
  return Max;
}

std::array<uint64_t, 3> Kernel::defaultLocalSize(const Device &D, unsigned WorkDim,
                                                 const std::array<uint64_t, 3> &Global) const {
  const compiler::KernelInfo &Info = info();
  if (Info.RequiredWorkGroupSize[0] != 0)
    return {Info.RequiredWorkGroupSize[0], Info.RequiredWorkGroupSize[1], Info.RequiredWorkGroupSize[2]};
  std::array<uint64_t, 3> Local{1, 1, 1};
  uint64_t Budget = std::min<uint64_t>(DefaultWorkGroupItems, maxWorkGroupSize(D));
  for (unsigned Dim = 0; Dim < WorkDim; ++Dim) {
    uint64_t Best = 1;
    if (!Info.UniformWorkGroupSize) {
      Best = std::min(Global[Dim], Budget);
    } else {
      for (uint64_t L = std::min(Global[Dim], Budget); L >= 1; --L)
        if (Global[Dim] % L == 0) {
          Best = L;
          break;
        }
    }
    Local[Dim] = Best;
    Budget = std::max<uint64_t>(1, Budget / Best);
  }
  return Local;
}

void Kernel::describeArgsForChecks(NDRangeCommand &N) const {
  N.Checked = true;
  N.ShadowsLocal = Checks & compiler::CheckUninitialized;
  N.TagsLocal = Checks & compiler::CheckRaces;
  const std::vector<compiler::KernelArg> &Kinds = info().Args;
  for (size_t I = 0; I < Kinds.size(); ++I) {
    uint64_t Extent = ~uint64_t(0), Pointer = 0;
    std::string Memory = "not a pointer to global, constant or local memory";
    using Space = compiler::KernelArg::AddressSpace;
    if (Kinds[I].IsPointer && Kinds[I].Space == Space::Local) {
      // Its accesses are recorded by their offset (abi::CheckSite::Relative).
      Extent = Args.LocalSizes[I];
      Memory = cat("a __local argument of ", Extent, " bytes");
    } else if (Kinds[I].IsPointer && (Kinds[I].Space == Space::Global || Kinds[I].Space == Space::Constant) &&
        Binary->Args[I].Size == sizeof Pointer) {
      std::memcpy(&Pointer, Args.Buffer.data() + Binary->Args[I].Offset, sizeof Pointer);
      if (const MemObject *M = Args.Buffers[I]) {
        Extent = M->size();
        Memory = M->parent() ? cat("a sub-buffer of ", M->size(), " bytes at offset ", M->origin(),
                                   " of a buffer of ", M->parent()->size(), " bytes")
                             : cat("a buffer of ", M->size(), " bytes");
      } else if (!Pointer) {
        Extent = 0;
        Memory = "NULL";
      } else if (auto A = context().svmAllocationOf(reinterpret_cast<const void *>(Pointer))) {
        Extent = uint64_t(A->Base + A->Size - reinterpret_cast<std::byte *>(Pointer));
        Memory = cat("an SVM allocation of ", A->Size, " bytes, from its byte ",
                     uint64_t(reinterpret_cast<std::byte *>(Pointer) - A->Base));
      } else {
        Memory = "a host pointer (system SVM), not checked";
      }
    }
    N.ArgExtents.push_back(Extent);
    N.ArgPointers.push_back(Pointer);
    N.ArgMemory.push_back(std::move(Memory));
  }
}

Expected<std::unique_ptr<Command>> Kernel::launch(const Device &D, unsigned WorkDim,
                                 const std::array<uint64_t, 3> &Offset,
                                 const std::array<uint64_t, 3> &Global,
                                 std::optional<std::array<uint64_t, 3>> Local) {
  NDRangeCommand N;
  N.Run = Binary->Run;
  N.Name = &Binary->Info.Name;
  N.WorkDim = WorkDim;
  N.GlobalOffset = Offset;
  N.GlobalSize = Global;
  N.LocalSize = Local ? *Local : defaultLocalSize(D, WorkDim, Global);
  N.NumGroups = workGroupCounts(Global, N.LocalSize);
  N.Args = Args.Buffer;
  N.StaticLocalBytes = Binary->StaticLocalBytes;
  N.LocalScratchBytes = Binary->LocalScratchBytes;
  N.PrivateBytesPerWorkItem = Binary->PrivateBytesPerWorkItem;
  N.FrameBytes = Binary->FrameBytes;
  uint64_t LocalBytes = N.StaticLocalBytes;
  for (size_t I = 0; I < Args.LocalSizes.size(); ++I)
    if (Args.LocalSizes[I]) {
      N.LocalArgs.emplace_back(Binary->Args[I].Offset, Args.LocalSizes[I]);
      LocalBytes += Args.LocalSizes[I];
    }
  // "CL_OUT_OF_RESOURCES if there is a failure to queue the execution instance of kernel ...
  // because of insufficient resources ... such as registers or local memory." Weft runs a
  // kernel that needs more than CL_DEVICE_LOCAL_MEM_SIZE, up to its limit (Topology.cpp).
  const uint64_t Limit = D.description().LocalMemLimit;
  if (LocalBytes > Limit)
    return Error(CL_OUT_OF_RESOURCES, cat("the kernel needs ", LocalBytes,
                                          " bytes of local memory; Weft runs kernels that need up to ",
                                          Limit));
  if (Checks)
    describeArgsForChecks(N);
  auto C = std::make_unique<Command>(std::move(N));
  C->KeepAlive.emplace_back(this); // the kernel keeps the executable (and its code) alive
  struct Span {
    size_t Arg;
    const std::byte *Begin;
    size_t Bytes;
  };
  std::vector<Span> Spans; // checks: the memory objects' bytes
  for (size_t I = 0; I < Args.Buffers.size(); ++I)
    if (MemObject *M = Args.Buffers[I]) {
      // The application may have released a buffer after setting it; using it now is an error
      // the spec leaves undefined, reported here (the object itself may be gone: its liveness
      // flag says so without reading it).
      if (!Args.BuffersAlive[I]->load(std::memory_order_acquire) || M->released())
        return Error(CL_INVALID_KERNEL_ARGS,
                     cat("argument ", I, " is a memory object that has been released"));
      C->KeepAlive.emplace_back(M);
      if (Checks)
        Spans.push_back({I, M->storage(), M->size()});
    }
  // Checks: "If a memory object is currently mapped for writing, the application must ensure
  // that the memory object is unmapped before any enqueued kernels ... that read from or write to
  // this memory object or any of its associated memory objects ... begin execution". (A kernel
  // writing memory mapped for reading is undefined too, but whether it writes is not known here.)
  if (!Spans.empty())
    std::get<NDRangeCommand>(C->What).Precheck = [&Ctx = Args.Buffers[Spans[0].Arg]->context(),
                                                  Spans = std::move(Spans)](const NDRangeCommand &Run) {
      for (const Span &S : Spans)
        if (Ctx.mappedForWriting(S.Begin, S.Bytes))
          return cat("check failed: kernel ", *Run.Name, ": argument ", S.Arg, " (", Run.ArgMemory[S.Arg],
                     ") is in memory mapped for writing when the kernel starts (a clEnqueueMapBuffer or "
                     "clEnqueueMapImage ran and its clEnqueueUnmapMemObject has not), which the spec leaves "
                     "undefined; the command stopped (CL_OUT_OF_RESOURCES)");
      return std::string();
    };
  return C;
}

} // namespace weft
