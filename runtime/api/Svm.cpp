// Shared virtual memory entry points: clSVMAlloc and clSVMFree, and the SVM commands. Host and
// device share one address space and one memory, so Weft offers every level (coarse- and
// fine-grained buffers, fine-grained system memory, atomics): an SVM pointer is an ordinary host
// pointer, maps and migrations only order the queue, and copies and fills are the commands
// buffers use.
#include "runtime/api/Api.h"
#include "runtime/api/Enqueue.h"
#include "runtime/api/Entry.h"
#include "runtime/api/Handles.h"

#include <cstring>

namespace weft::api {
namespace {

/// The largest alignment clSVMAlloc grants (a larger one returns NULL, as the spec allows).
constexpr size_t MaxSvmAlignment = 1u << 20;
/// clSVMAlloc's default: "the size of the largest data type supported" (long16, double16).
constexpr size_t DefaultSvmAlignment = 128;

bool overlap(const void *A, const void *B, size_t Size) {
  auto X = reinterpret_cast<uintptr_t>(A), Y = reinterpret_cast<uintptr_t>(B);
  return X < Y + Size && Y < X + Size;
}

} // namespace

void *CL_API_CALL clSVMAlloc(cl_context ContextHandle, cl_svm_mem_flags Flags, size_t Size,
                             cl_uint Alignment) {
  // clSVMAlloc reports no error code: every failure returns NULL (with the reason for
  // WEFT_DEBUG=api and the context's pfn_notify).
  void *Result = nullptr;
  call(__func__, ContextHandle, [&]() -> Status {
    auto C = toObject<Context>(ContextHandle);
    if (!C)
      return C.takeError();
    constexpr cl_svm_mem_flags Access = CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY;
    constexpr cl_svm_mem_flags Known = Access | CL_MEM_SVM_FINE_GRAIN_BUFFER | CL_MEM_SVM_ATOMICS;
    // "flags does not contain a valid combination": unknown bits, more than one access
    // qualifier, or CL_MEM_SVM_ATOMICS without CL_MEM_SVM_FINE_GRAIN_BUFFER.
    if ((Flags & ~Known) || __builtin_popcountll(Flags & Access) > 1 ||
        ((Flags & CL_MEM_SVM_ATOMICS) && !(Flags & CL_MEM_SVM_FINE_GRAIN_BUFFER)))
      return Error(CL_INVALID_VALUE, cat("flags ", hex(Flags), " is not a valid combination"));
    // "size is 0 or > CL_DEVICE_MAX_MEM_ALLOC_SIZE value for any device in context".
    uint64_t MaxAlloc = 0;
    for (Device *D : (*C)->devices())
      MaxAlloc = std::max(MaxAlloc, D->description().MaxAllocSize);
    if (Size == 0 || Size > MaxAlloc)
      return Error(CL_INVALID_VALUE, cat("size ", Size, " is 0 or above CL_DEVICE_MAX_MEM_ALLOC_SIZE ",
                                         MaxAlloc));
    // "alignment is not a power of two or the OpenCL implementation cannot support the
    // specified alignment".
    size_t Align = Alignment ? Alignment : DefaultSvmAlignment;
    if ((Align & (Align - 1)) || Align > MaxSvmAlignment)
      return Error(CL_INVALID_VALUE, cat("alignment ", Alignment, " is not a power of two up to ",
                                         MaxSvmAlignment));
    Result = (*C)->svmAllocate(Flags, Size, std::max<size_t>(Align, sizeof(void *)));
    if (!Result)
      return Error(CL_OUT_OF_HOST_MEMORY, cat("no memory for ", Size, " bytes of SVM"));
    return Status::ok();
  });
  return Result;
}

void CL_API_CALL clSVMFree(cl_context ContextHandle, void *Pointer) {
  call(__func__, ContextHandle, [&]() -> Status {
    auto C = toObject<Context>(ContextHandle);
    if (!C)
      return C.takeError();
    // "If a NULL pointer is passed in svm_pointer, no action occurs." A pointer clSVMAlloc did
    // not return is undefined behaviour; Weft ignores it rather than free what it does not own.
    if (Pointer && !(*C)->svmFree(Pointer))
      return Error(CL_INVALID_VALUE, cat("svm_pointer ", Pointer,
                                         " is not an allocation of clSVMAlloc in this context"));
    return Status::ok();
  });
}

cl_int CL_API_CALL clEnqueueSVMFree(cl_command_queue QueueHandle, cl_uint NumPointers,
                                    void *Pointers[],
                                    void(CL_CALLBACK *FreeFn)(cl_command_queue, cl_uint, void *[],
                                                              void *),
                                    void *UserData, cl_uint NumEvents, const cl_event *WaitList,
                                    cl_event *EventOut) {
  return enqueue(__func__, QueueHandle, NumEvents, WaitList, EventOut,
                 [&](Queue &Q) -> Expected<Enqueued> {
    // "CL_INVALID_VALUE if num_svm_pointers is 0 and svm_pointers is non-NULL, or if
    // svm_pointers is NULL and num_svm_pointers is not 0."
    if ((NumPointers == 0) != (Pointers == nullptr))
      return Error(CL_INVALID_VALUE, "num_svm_pointers and svm_pointers disagree");
    std::vector<void *> List(Pointers, Pointers + NumPointers);
    auto Free = [Q = &Q, List = std::move(List), FreeFn, UserData]() mutable {
      // The application's function frees them, with its own copy of the list; else Weft does.
      if (FreeFn)
        FreeFn(toHandle(Q), cl_uint(List.size()), List.data(), UserData);
      else
        for (void *P : List)
          if (P)
            Q->context().svmFree(P);
    };
    return Enqueued{CL_COMMAND_SVM_FREE, std::make_unique<Command>(HostCommand{std::move(Free)},
                                                                  std::vector{Ref<Object>(&Q)})};
  });
}

cl_int CL_API_CALL clEnqueueSVMMemcpy(cl_command_queue QueueHandle, cl_bool Blocking, void *Dst,
                                      const void *Src, size_t Size, cl_uint NumEvents,
                                      const cl_event *WaitList, cl_event *EventOut) {
  return enqueue(__func__, QueueHandle, NumEvents, WaitList, EventOut,
                 [&](Queue &) -> Expected<Enqueued> {
    // "CL_INVALID_VALUE if dst_ptr or src_ptr is NULL"; "CL_MEM_COPY_OVERLAP if the values
    // specified for dst_ptr, src_ptr and size result in an overlapping copy".
    if (!Dst || !Src)
      return Error(CL_INVALID_VALUE, "dst_ptr or src_ptr is NULL");
    if (Size && overlap(Dst, Src, Size))
      return Error(CL_MEM_COPY_OVERLAP, "the source and destination overlap");
    auto C = std::make_unique<Command>(CopyCommand{{static_cast<std::byte *>(const_cast<void *>(Src)), 0, Size, Size},
                          {static_cast<std::byte *>(Dst), 0, Size, Size},
                          {Size, 1, 1}});
    C->Blocking = Blocking;
    return Enqueued{CL_COMMAND_SVM_MEMCPY, std::move(C)};
  });
}

cl_int CL_API_CALL clEnqueueSVMMemFill(cl_command_queue QueueHandle, void *Pointer,
                                       const void *Pattern, size_t PatternSize, size_t Size,
                                       cl_uint NumEvents, const cl_event *WaitList,
                                       cl_event *EventOut) {
  return enqueue(__func__, QueueHandle, NumEvents, WaitList, EventOut,
                 [&](Queue &) -> Expected<Enqueued> {
    // "CL_INVALID_VALUE if svm_ptr is NULL", "if svm_ptr is not aligned to pattern_size bytes",
    // and the pattern's checks clEnqueueFillBuffer makes.
    if (!Pointer)
      return Error(CL_INVALID_VALUE, "svm_ptr is NULL");
    if (Status S = checkFillPattern(Pattern, PatternSize, reinterpret_cast<uintptr_t>(Pointer), Size); !S)
      return S.takeError();
    return Enqueued{CL_COMMAND_SVM_MEMFILL,
                    std::make_unique<Command>(FillCommand::of(static_cast<std::byte *>(Pointer), Size,
                                                              Pattern, PatternSize))};
  });
}

cl_int CL_API_CALL clEnqueueSVMMap(cl_command_queue QueueHandle, cl_bool Blocking,
                                   cl_map_flags Flags, void *Pointer, size_t Size,
                                   cl_uint NumEvents, const cl_event *WaitList,
                                   cl_event *EventOut) {
  return enqueue(__func__, QueueHandle, NumEvents, WaitList, EventOut,
                 [&](Queue &) -> Expected<Enqueued> {
    // "CL_INVALID_VALUE if svm_ptr is NULL", "if size is 0 or if values specified in map_flags
    // are not valid".
    constexpr cl_map_flags Known = CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION;
    if (!Pointer || Size == 0)
      return Error(CL_INVALID_VALUE, "svm_ptr is NULL or size is 0");
    if ((Flags & ~Known) ||
        ((Flags & CL_MAP_WRITE_INVALIDATE_REGION) && (Flags & (CL_MAP_READ | CL_MAP_WRITE))))
      return Error(CL_INVALID_VALUE, cat("map_flags ", hex(Flags), " is not valid"));
    // The memory is the host's already: the map only orders the queue.
    Enqueued E{CL_COMMAND_SVM_MAP};
    E.Work->Blocking = Blocking;
    return E;
  });
}

cl_int CL_API_CALL clEnqueueSVMUnmap(cl_command_queue QueueHandle, void *Pointer,
                                     cl_uint NumEvents, const cl_event *WaitList,
                                     cl_event *EventOut) {
  return enqueue(__func__, QueueHandle, NumEvents, WaitList, EventOut,
                 [&](Queue &) -> Expected<Enqueued> {
    if (!Pointer)
      return Error(CL_INVALID_VALUE, "svm_ptr is NULL");
    return Enqueued{CL_COMMAND_SVM_UNMAP};
  });
}

cl_int CL_API_CALL clEnqueueSVMMigrateMem(cl_command_queue QueueHandle, cl_uint NumPointers,
                                          const void **Pointers, const size_t *Sizes,
                                          cl_mem_migration_flags Flags, cl_uint NumEvents,
                                          const cl_event *WaitList, cl_event *EventOut) {
  return enqueue(__func__, QueueHandle, NumEvents, WaitList, EventOut,
                 [&](Queue &Q) -> Expected<Enqueued> {
    // "CL_INVALID_VALUE if num_svm_pointers is zero or svm_pointers is NULL", "if sizes[i] is
    // non-zero range [svm_pointers[i], svm_pointers[i]+sizes[i]) is not contained within an
    // existing clSVMAlloc allocation", "if flags is not 0 or is not any of the values".
    if (NumPointers == 0 || !Pointers)
      return Error(CL_INVALID_VALUE, "num_svm_pointers is 0 or svm_pointers is NULL");
    constexpr cl_mem_migration_flags Known =
        CL_MIGRATE_MEM_OBJECT_HOST | CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED;
    if (Flags & ~Known)
      return Error(CL_INVALID_VALUE, cat("flags ", hex(Flags), " has unknown bits"));
    for (cl_uint I = 0; I < NumPointers; ++I) {
      if (!Pointers[I])
        return Error(CL_INVALID_VALUE, cat("svm_pointers[", I, "] is NULL"));
      size_t Size = Sizes ? Sizes[I] : 0;
      auto A = Q.context().svmAllocationOf(Pointers[I]);
      if (Size && (!A || static_cast<const std::byte *>(Pointers[I]) + Size > A->Base + A->Size))
        return Error(CL_INVALID_VALUE, cat("svm_pointers[", I, "] + sizes[", I,
                                           "] is not inside one clSVMAlloc allocation"));
    }
    // Host and device share memory: migration only orders the queue.
    return Enqueued{CL_COMMAND_SVM_MIGRATE_MEM};
  });
}

} // namespace weft::api
