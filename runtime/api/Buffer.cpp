// Buffer entry points: creation, sub-buffers, memory object info and destructor callbacks (for
// images too), and every buffer transfer command (read, write, copy, their rect forms, fill,
// map, unmap and migrate, the last two for images too).
#include "runtime/api/Api.h"
#include "runtime/api/Enqueue.h"
#include "runtime/api/Entry.h"
#include "runtime/api/Handles.h"
#include "runtime/api/Info.h"

#include <algorithm>
#include <cstring>

namespace weft::api {
namespace {

constexpr size_t BaseAlignBytes = 128; // CL_DEVICE_MEM_BASE_ADDR_ALIGN, in bytes

Expected<cl_mem> makeBuffer(cl_context ContextHandle, const cl_mem_properties *Properties,
                            cl_mem_flags Flags, size_t Size, void *HostPtr) {
  auto C = toObject<Context>(ContextHandle);
  if (!C)
    return C.takeError();
  auto Listed = memProperties(Properties, "buffer");
  if (!Listed)
    return Listed.takeError();
  std::vector<cl_mem_properties> PropertyList = std::move(*Listed);
  // "CL_INVALID_VALUE if values specified in flags are not valid."
  if (Status S = validateMemFlags(Flags); !S)
    return S.takeError();
  // "CL_INVALID_BUFFER_SIZE if size is 0, or if size is greater than CL_DEVICE_MAX_MEM_ALLOC_SIZE
  // for all devices in context."
  if (Size == 0)
    return Error(CL_INVALID_BUFFER_SIZE, "size is 0");
  uint64_t MaxAlloc = 0;
  for (Device *D : (*C)->devices())
    MaxAlloc = std::max(MaxAlloc, D->description().MaxAllocSize);
  if (Size > MaxAlloc)
    return Error(CL_INVALID_BUFFER_SIZE,
                 cat("size ", Size, " exceeds CL_DEVICE_MAX_MEM_ALLOC_SIZE ", MaxAlloc));
  // "CL_INVALID_HOST_PTR if host_ptr is NULL and CL_MEM_USE_HOST_PTR or CL_MEM_COPY_HOST_PTR are
  // set in flags or if host_ptr is not NULL but CL_MEM_COPY_HOST_PTR or CL_MEM_USE_HOST_PTR are
  // not set in flags."
  bool WantsHostPtr = Flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR);
  if (WantsHostPtr && !HostPtr)
    return Error(CL_INVALID_HOST_PTR,
                 "host_ptr is NULL with CL_MEM_USE_HOST_PTR or CL_MEM_COPY_HOST_PTR");
  if (!WantsHostPtr && HostPtr)
    return Error(CL_INVALID_HOST_PTR,
                 "host_ptr is not NULL without CL_MEM_USE_HOST_PTR or CL_MEM_COPY_HOST_PTR");
  // "CL_INVALID_BUFFER_SIZE if CL_MEM_USE_HOST_PTR is set in flags and host_ptr is a pointer
  // returned by clSVMAlloc and size is greater than the size passed to clSVMAlloc."
  if (Flags & CL_MEM_USE_HOST_PTR)
    if (auto A = (*C)->svmAllocationOf(HostPtr);
        A && static_cast<std::byte *>(HostPtr) + Size > A->Base + A->Size)
      return Error(CL_INVALID_BUFFER_SIZE,
                   cat("size ", Size, " runs past the end of the SVM allocation host_ptr is in"));
  auto M = MemObject::createBuffer(**C, Flags, Size, HostPtr, std::move(PropertyList));
  if (!M)
    return M.takeError();
  return toHandle(M->leak()); // the application takes the new object's reference
}

/// CL_INVALID_VALUE unless [Offset, Offset + Size) lies within the buffer.
Status checkRange(const char *What, const MemObject &M, size_t Offset, size_t Size) {
  if (Offset > M.size() || Size > M.size() - Offset)
    return Error(CL_INVALID_VALUE, cat(What, " range [", Offset, ", +", Size,
                                       ") is outside the buffer's ", M.size(), " bytes"));
  return Status::ok();
}

/// The memory object (buffer or image) a handle names, if it belongs to Q's context:
/// "CL_INVALID_CONTEXT if the context associated with command_queue and memobj are not the
/// same."
Expected<MemObject *> memObjectIn(Queue &Q, cl_mem Handle) {
  auto M = toObject<MemObject>(Handle);
  if (!M)
    return M.takeError();
  if (&(*M)->context() != &Q.context())
    return Error(CL_INVALID_CONTEXT, "the memory object and the command-queue belong to "
                                     "different contexts");
  return *M;
}

/// The buffer a handle names: memObjectIn's checks, and "CL_INVALID_MEM_OBJECT if buffer is not
/// a valid buffer object" (an image is not).
Expected<MemObject *> bufferIn(Queue &Q, cl_mem Handle) {
  auto M = memObjectIn(Q, Handle);
  if (!M)
    return M.takeError();
  if ((*M)->image())
    return Error(CL_INVALID_MEM_OBJECT, "the memory object is an image, not a buffer");
  return *M;
}

/// The buffer the host reads (Read) or writes: bufferIn's checks, and its host-access flags'.
Expected<MemObject *> hostAccessedIn(Queue &Q, cl_mem Handle, bool Read) {
  auto M = bufferIn(Q, Handle);
  if (!M)
    return M.takeError();
  if (Status S = checkHostAccess(**M, Read, !Read); !S)
    return S.takeError();
  return *M;
}

/// The source and destination buffers of a copy, both checked as bufferIn checks one.
Expected<std::pair<MemObject *, MemObject *>> buffersIn(Queue &Q, cl_mem Src, cl_mem Dst) {
  auto S = bufferIn(Q, Src);
  if (!S)
    return S.takeError();
  auto D = bufferIn(Q, Dst);
  if (!D)
    return D.takeError();
  return std::pair(*S, *D);
}

/// clEnqueueReadBuffer and clEnqueueWriteBuffer.
cl_int enqueueReadWrite(const char *Function, bool Read, cl_command_queue QueueHandle,
                        cl_mem Buffer, cl_bool Blocking, size_t Offset, size_t Size, void *Ptr,
                        cl_uint NumEvents, const cl_event *WaitList, cl_event *EventOut) {
  return enqueue(Function, QueueHandle, NumEvents, WaitList, EventOut,
                 [&](Queue &Q) -> Expected<Enqueued> {
    auto M = hostAccessedIn(Q, Buffer, Read);
    if (!M)
      return M.takeError();
    // "CL_INVALID_VALUE if the region being read or written specified by (offset, size) is out
    // of bounds or if ptr is a NULL value."
    if (Status S = checkRange(Read ? "read" : "write", **M, Offset, Size); !S)
      return S.takeError();
    if (!Ptr)
      return Error(CL_INVALID_VALUE, "ptr is NULL");
    RectSpan Buf{(*M)->storage(), Offset, Size, Size};
    RectSpan Host{static_cast<std::byte *>(Ptr), 0, Size, Size};
    return copy(Read ? CL_COMMAND_READ_BUFFER : CL_COMMAND_WRITE_BUFFER, {Ref<Object>(*M)},
                Read ? Buf : Host, Read ? Host : Buf, {Size, 1, 1}, Blocking);
  });
}

/// clEnqueueReadBufferRect and clEnqueueWriteBufferRect.
cl_int enqueueReadWriteRect(const char *Function, bool Read, cl_command_queue QueueHandle,
                            cl_mem Buffer, cl_bool Blocking, const size_t *BufferOrigin,
                            const size_t *HostOrigin, const size_t *Region, size_t BufferRowPitch,
                            size_t BufferSlicePitch, size_t HostRowPitch, size_t HostSlicePitch,
                            void *Ptr, cl_uint NumEvents, const cl_event *WaitList,
                            cl_event *EventOut) {
  return enqueue(Function, QueueHandle, NumEvents, WaitList, EventOut,
                 [&](Queue &Q) -> Expected<Enqueued> {
    auto M = hostAccessedIn(Q, Buffer, Read);
    if (!M)
      return M.takeError();
    if (Status S = checkRegion(Region); !S)
      return S.takeError();
    auto B = checkRect("buffer", BufferOrigin, Region, BufferRowPitch, BufferSlicePitch,
                       (*M)->size());
    if (!B)
      return B.takeError();
    auto H = checkRect("host", HostOrigin, Region, HostRowPitch, HostSlicePitch, 0);
    if (!H)
      return H.takeError();
    if (!Ptr)
      return Error(CL_INVALID_VALUE, "ptr is NULL");
    RectSpan Buf{(*M)->storage(), B->Offset, B->RowPitch, B->SlicePitch};
    RectSpan Host{static_cast<std::byte *>(Ptr), H->Offset, H->RowPitch, H->SlicePitch};
    return copy(Read ? CL_COMMAND_READ_BUFFER_RECT : CL_COMMAND_WRITE_BUFFER_RECT,
                {Ref<Object>(*M)}, Read ? Buf : Host, Read ? Host : Buf,
                {Region[0], Region[1], Region[2]}, Blocking);
  });
}

} // namespace

cl_mem CL_API_CALL clCreateBuffer(cl_context Context, cl_mem_flags Flags, size_t Size,
                                  void *HostPtr, cl_int *ErrcodeRet) {
  return create<cl_mem>(__func__, Context, ErrcodeRet, [&]() -> Expected<cl_mem> {
    return makeBuffer(Context, nullptr, Flags, Size, HostPtr);
  });
}

cl_mem CL_API_CALL clCreateBufferWithProperties(cl_context Context,
                                                const cl_mem_properties *Properties,
                                                cl_mem_flags Flags, size_t Size, void *HostPtr,
                                                cl_int *ErrcodeRet) {
  return create<cl_mem>(__func__, Context, ErrcodeRet, [&]() -> Expected<cl_mem> {
    return makeBuffer(Context, Properties, Flags, Size, HostPtr);
  });
}

cl_mem CL_API_CALL clCreateSubBuffer(cl_mem Buffer, cl_mem_flags Flags,
                                     cl_buffer_create_type CreateType, const void *CreateInfo,
                                     cl_int *ErrcodeRet) {
  return create<cl_mem>(__func__, Buffer, ErrcodeRet, [&]() -> Expected<cl_mem> {
    auto P = toObject<MemObject>(Buffer);
    if (!P)
      return P.takeError();
    MemObject &Parent = **P;
    // "CL_INVALID_MEM_OBJECT if buffer is not a valid buffer object or is a sub-buffer object."
    if (Parent.image())
      return Error(CL_INVALID_MEM_OBJECT, "buffer is an image");
    if (Parent.parent())
      return Error(CL_INVALID_MEM_OBJECT, "buffer is itself a sub-buffer");
    auto F = inheritMemFlags(Flags, Parent.flags(), "buffer");
    if (!F)
      return F.takeError();
    // "CL_INVALID_VALUE if the value specified in buffer_create_type is not valid", "if value(s)
    // specified in buffer_create_info (for a given buffer_create_type) is not valid or if
    // buffer_create_info is NULL."
    if (CreateType != CL_BUFFER_CREATE_TYPE_REGION)
      return Error(CL_INVALID_VALUE,
                   cat("buffer_create_type ", hex(CreateType), " is not CL_BUFFER_CREATE_TYPE_REGION"));
    if (!CreateInfo)
      return Error(CL_INVALID_VALUE, "buffer_create_info is NULL");
    cl_buffer_region R;
    std::memcpy(&R, CreateInfo, sizeof R);
    // "CL_INVALID_BUFFER_SIZE if the size field of the cl_buffer_region structure ... is 0."
    if (R.size == 0)
      return Error(CL_INVALID_BUFFER_SIZE, "the region's size is 0");
    if (Status S = checkRange("sub-buffer", Parent, R.origin, R.size); !S)
      return S.takeError();
    // "CL_MISALIGNED_SUB_BUFFER_OFFSET if ... origin ... is not aligned to the
    // CL_DEVICE_MEM_BASE_ADDR_ALIGN value" of every device in the context.
    if (R.origin % BaseAlignBytes)
      return Error(CL_MISALIGNED_SUB_BUFFER_OFFSET,
                   cat("origin ", R.origin, " is not a multiple of ", BaseAlignBytes, " bytes"));
    return toHandle(MemObject::createSubBuffer(Parent, *F, R.origin, R.size).leak());
  });
}

cl_int CL_API_CALL clRetainMemObject(cl_mem Mem) {
  return call(__func__, Mem, [&] { return retainHandle<MemObject>(Mem); });
}

cl_int CL_API_CALL clReleaseMemObject(cl_mem Mem) {
  return call(__func__, Mem, [&] { return releaseHandle<MemObject>(Mem); });
}

cl_int CL_API_CALL clGetMemObjectInfo(cl_mem Mem, cl_mem_info ParamName, size_t ParamValueSize,
                                      void *ParamValue, size_t *ParamValueSizeRet) {
  return call(__func__, Mem, [&]() -> Status {
    auto MR = toObject<MemObject>(Mem);
    if (!MR)
      return MR.takeError();
    MemObject &M = **MR;
    InfoWriter Out(ParamName, ParamValueSize, ParamValue, ParamValueSizeRet);
    switch (ParamName) {
    case CL_MEM_TYPE:
      return Out(M.type());
    case CL_MEM_FLAGS:
      return Out(M.flags());
    case CL_MEM_SIZE:
      return Out(M.size());
    case CL_MEM_HOST_PTR:
      return Out(M.hostPtr());
    case CL_MEM_MAP_COUNT:
      return Out(M.mapCount());
    case CL_MEM_REFERENCE_COUNT:
      return Out(cl_uint(M.apiRefCount()));
    case CL_MEM_CONTEXT:
      return Out(toHandle(&M.context()));
    case CL_MEM_ASSOCIATED_MEMOBJECT: // a sub-buffer's buffer, an image's mem_object
      return Out(toHandle(M.associated()));
    case CL_MEM_OFFSET:
      return Out(M.origin());
    case CL_MEM_USES_SVM_POINTER: // a buffer with CL_MEM_USE_HOST_PTR on memory from clSVMAlloc
      return Out(cl_bool(!M.image() && M.hostPtr() && M.context().svmAllocationOf(M.hostPtr())));
    case CL_MEM_PROPERTIES:
      return Out.array(std::span<const cl_mem_properties>(M.properties()));
    default:
      return unknownQuery("memory object", ParamName);
    }
  });
}

cl_int CL_API_CALL clSetMemObjectDestructorCallback(cl_mem Mem,
                                                    void(CL_CALLBACK *Notify)(cl_mem, void *),
                                                    void *UserData) {
  return call(__func__, Mem, [&]() -> Status {
    auto M = toObject<MemObject>(Mem);
    if (!M)
      return M.takeError();
    // "CL_INVALID_VALUE if pfn_notify is NULL."
    if (!Notify)
      return Error(CL_INVALID_VALUE, "pfn_notify is NULL");
    (*M)->addDestructorCallback([Notify, Mem, UserData] { Notify(Mem, UserData); });
    return Status::ok();
  });
}

cl_int CL_API_CALL clEnqueueReadBuffer(cl_command_queue Queue, cl_mem Buffer, cl_bool Blocking,
                                       size_t Offset, size_t Size, void *Ptr, cl_uint NumEvents,
                                       const cl_event *WaitList, cl_event *EventOut) {
  return enqueueReadWrite(__func__, true, Queue, Buffer, Blocking, Offset, Size, Ptr, NumEvents,
                          WaitList, EventOut);
}

cl_int CL_API_CALL clEnqueueWriteBuffer(cl_command_queue Queue, cl_mem Buffer, cl_bool Blocking,
                                        size_t Offset, size_t Size, const void *Ptr,
                                        cl_uint NumEvents, const cl_event *WaitList,
                                        cl_event *EventOut) {
  return enqueueReadWrite(__func__, false, Queue, Buffer, Blocking, Offset, Size,
                          const_cast<void *>(Ptr), NumEvents, WaitList, EventOut);
}

cl_int CL_API_CALL clEnqueueReadBufferRect(cl_command_queue Queue, cl_mem Buffer, cl_bool Blocking,
                                           const size_t *BufferOrigin, const size_t *HostOrigin,
                                           const size_t *Region, size_t BufferRowPitch,
                                           size_t BufferSlicePitch, size_t HostRowPitch,
                                           size_t HostSlicePitch, void *Ptr, cl_uint NumEvents,
                                           const cl_event *WaitList, cl_event *EventOut) {
  return enqueueReadWriteRect(__func__, true, Queue, Buffer, Blocking, BufferOrigin, HostOrigin,
                              Region, BufferRowPitch, BufferSlicePitch, HostRowPitch,
                              HostSlicePitch, Ptr, NumEvents, WaitList, EventOut);
}

cl_int CL_API_CALL clEnqueueWriteBufferRect(cl_command_queue Queue, cl_mem Buffer,
                                            cl_bool Blocking, const size_t *BufferOrigin,
                                            const size_t *HostOrigin, const size_t *Region,
                                            size_t BufferRowPitch, size_t BufferSlicePitch,
                                            size_t HostRowPitch, size_t HostSlicePitch,
                                            const void *Ptr, cl_uint NumEvents,
                                            const cl_event *WaitList, cl_event *EventOut) {
  return enqueueReadWriteRect(__func__, false, Queue, Buffer, Blocking, BufferOrigin, HostOrigin,
                              Region, BufferRowPitch, BufferSlicePitch, HostRowPitch,
                              HostSlicePitch, const_cast<void *>(Ptr), NumEvents, WaitList,
                              EventOut);
}

cl_int CL_API_CALL clEnqueueCopyBuffer(cl_command_queue QueueHandle, cl_mem SrcBuffer,
                                       cl_mem DstBuffer, size_t SrcOffset, size_t DstOffset,
                                       size_t Size, cl_uint NumEvents, const cl_event *WaitList,
                                       cl_event *EventOut) {
  return enqueue(__func__, QueueHandle, NumEvents, WaitList, EventOut,
                 [&](Queue &Q) -> Expected<Enqueued> {
    auto Buffers = buffersIn(Q, SrcBuffer, DstBuffer);
    if (!Buffers)
      return Buffers.takeError();
    auto [Src, Dst] = *Buffers;
    // "CL_INVALID_VALUE if src_offset, dst_offset, size, src_offset + size or dst_offset + size
    // require accessing elements outside the src_buffer and dst_buffer buffer objects."
    if (Status S = checkRange("source", *Src, SrcOffset, Size); !S)
      return S.takeError();
    if (Status S = checkRange("destination", *Dst, DstOffset, Size); !S)
      return S.takeError();
    // "CL_MEM_COPY_OVERLAP if src_buffer and dst_buffer are the same buffer or sub-buffer object
    // and the source and destination regions overlap or if src_buffer and dst_buffer are
    // different sub-buffers of the same associated buffer object and they overlap."
    if (copyOverlaps(*Src, SrcOffset, *Dst, DstOffset, Size))
      return Error(CL_MEM_COPY_OVERLAP, cat("source [", SrcOffset, ", +", Size, ") and destination [",
                                            DstOffset, ", +", Size, ") overlap"));
    return copy(CL_COMMAND_COPY_BUFFER, {Ref<Object>(Src), Ref<Object>(Dst)},
                {Src->storage(), SrcOffset, Size, Size}, {Dst->storage(), DstOffset, Size, Size},
                {Size, 1, 1});
  });
}

cl_int CL_API_CALL clEnqueueCopyBufferRect(cl_command_queue QueueHandle, cl_mem SrcBuffer,
                                           cl_mem DstBuffer, const size_t *SrcOrigin,
                                           const size_t *DstOrigin, const size_t *Region,
                                           size_t SrcRowPitch, size_t SrcSlicePitch,
                                           size_t DstRowPitch, size_t DstSlicePitch,
                                           cl_uint NumEvents, const cl_event *WaitList,
                                           cl_event *EventOut) {
  return enqueue(__func__, QueueHandle, NumEvents, WaitList, EventOut,
                 [&](Queue &Q) -> Expected<Enqueued> {
    auto Buffers = buffersIn(Q, SrcBuffer, DstBuffer);
    if (!Buffers)
      return Buffers.takeError();
    MemObject &Src = *Buffers->first, &Dst = *Buffers->second;
    if (Status S = checkRegion(Region); !S)
      return S.takeError();
    auto SR = checkRect("src", SrcOrigin, Region, SrcRowPitch, SrcSlicePitch, Src.size());
    if (!SR)
      return SR.takeError();
    auto DR = checkRect("dst", DstOrigin, Region, DstRowPitch, DstSlicePitch, Dst.size());
    if (!DR)
      return DR.takeError();
    std::array<size_t, 3> R{Region[0], Region[1], Region[2]};
    // "CL_INVALID_VALUE if src_buffer and dst_buffer are the same buffer object and
    // src_slice_pitch is not equal to dst_slice_pitch and src_row_pitch is not equal to
    // dst_row_pitch."
    if (&Src == &Dst && SR->SlicePitch != DR->SlicePitch && SR->RowPitch != DR->RowPitch)
      return Error(CL_INVALID_VALUE, "a copy within one buffer with different row and slice "
                                     "pitches");
    if (&Src.root() == &Dst.root()) {
      // One buffer, or sub-buffers of one: compare the bytes the rects touch in the root.
      Rect A = *SR, B = *DR;
      A.Offset += Src.origin(), A.End += Src.origin();
      B.Offset += Dst.origin(), B.End += Dst.origin();
      if (rectsOverlap(A, B, R))
        return Error(CL_MEM_COPY_OVERLAP, "the source and destination rects overlap");
    }
    return copy(CL_COMMAND_COPY_BUFFER_RECT, {Ref<Object>(&Src), Ref<Object>(&Dst)},
                {Src.storage(), SR->Offset, SR->RowPitch, SR->SlicePitch},
                {Dst.storage(), DR->Offset, DR->RowPitch, DR->SlicePitch}, R);
  });
}

cl_int CL_API_CALL clEnqueueFillBuffer(cl_command_queue QueueHandle, cl_mem Buffer,
                                       const void *Pattern, size_t PatternSize, size_t Offset,
                                       size_t Size, cl_uint NumEvents, const cl_event *WaitList,
                                       cl_event *EventOut) {
  return enqueue(__func__, QueueHandle, NumEvents, WaitList, EventOut,
                 [&](Queue &Q) -> Expected<Enqueued> {
    auto M = bufferIn(Q, Buffer);
    if (!M)
      return M.takeError();
    // "CL_INVALID_VALUE if offset or offset + size require accessing elements outside the buffer
    // buffer object respectively", "if pattern is NULL or if pattern_size is 0 or if
    // pattern_size is not one of { 1, 2, 4, 8, 16, 32, 64, 128 }", "if offset and size are not a
    // multiple of pattern_size."
    if (Status S = checkRange("fill", **M, Offset, Size); !S)
      return S.takeError();
    if (Status S = checkFillPattern(Pattern, PatternSize, Offset, Size); !S)
      return S.takeError();
    return Enqueued{CL_COMMAND_FILL_BUFFER,
                    std::make_unique<Command>(
                        FillCommand::of((*M)->storage() + Offset, Size, Pattern, PatternSize),
                        std::vector{Ref<Object>(*M)})};
  });
}

void *CL_API_CALL clEnqueueMapBuffer(cl_command_queue QueueHandle, cl_mem Buffer, cl_bool Blocking,
                                     cl_map_flags MapFlags, size_t Offset, size_t Size,
                                     cl_uint NumEvents, const cl_event *WaitList,
                                     cl_event *EventOut, cl_int *ErrcodeRet) {
  void *Mapped = nullptr;
  cl_int Code = enqueue(__func__, QueueHandle, NumEvents, WaitList, EventOut,
                        [&](Queue &Q) -> Expected<Enqueued> {
    auto M = bufferIn(Q, Buffer);
    if (!M)
      return M.takeError();
    // "CL_INVALID_VALUE if region being mapped given by (offset, size) is out of bounds or if
    // size is 0 or if values specified in map_flags are not valid."
    if (Status S = checkMapFlags(MapFlags); !S)
      return S.takeError();
    if (Size == 0)
      return Error(CL_INVALID_VALUE, "size is 0");
    if (Status S = checkRange("map", **M, Offset, Size); !S)
      return S.takeError();
    // "CL_INVALID_OPERATION if buffer has been created with CL_MEM_HOST_WRITE_ONLY or
    // CL_MEM_HOST_NO_ACCESS and CL_MAP_READ is set in map_flags or ... CL_MEM_HOST_READ_ONLY or
    // CL_MEM_HOST_NO_ACCESS and CL_MAP_WRITE or CL_MAP_WRITE_INVALIDATE_REGION is set."
    if (Status S = checkHostAccess(**M, MapFlags & CL_MAP_READ,
                                   MapFlags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION));
        !S)
      return S.takeError();
    // The buffer lives in host memory: the mapping is the buffer itself (for CL_MEM_USE_HOST_PTR,
    // the application's host_ptr region, as the spec requires), recorded now; the command orders
    // the queue (and tells checked kernels when it runs, api::map).
    Mapped = (*M)->storage() + Offset;
    (*M)->addMapping(Mapped);
    return map(CL_COMMAND_MAP_BUFFER, **M, Mapped, (*M)->storage() + Offset, Size, MapFlags, Blocking);
  });
  if (Code != CL_SUCCESS && Mapped) { // the command failed after the mapping was recorded
    if (auto M = toObject<MemObject>(Buffer))
      (*M)->removeMapping(Mapped);
    Mapped = nullptr;
  }
  if (ErrcodeRet)
    *ErrcodeRet = Code;
  return Mapped;
}

cl_int CL_API_CALL clEnqueueUnmapMemObject(cl_command_queue QueueHandle, cl_mem Mem,
                                           void *MappedPtr, cl_uint NumEvents,
                                           const cl_event *WaitList, cl_event *EventOut) {
  return enqueue(__func__, QueueHandle, NumEvents, WaitList, EventOut,
                 [&](Queue &Q) -> Expected<Enqueued> {
    auto M = memObjectIn(Q, Mem); // a buffer or an image
    if (!M)
      return M.takeError();
    // "CL_INVALID_VALUE if mapped_ptr is not a valid pointer returned by clEnqueueMapBuffer or
    // clEnqueueMapImage for memobj."
    if (!(*M)->removeMapping(MappedPtr))
      return Error(CL_INVALID_VALUE, cat("mapped_ptr ", MappedPtr, " is not mapped from memobj"));
    return unmap(**M, MappedPtr);
  });
}

cl_int CL_API_CALL clEnqueueMigrateMemObjects(cl_command_queue QueueHandle, cl_uint NumMemObjects,
                                              const cl_mem *MemObjects,
                                              cl_mem_migration_flags Flags, cl_uint NumEvents,
                                              const cl_event *WaitList, cl_event *EventOut) {
  return enqueue(__func__, QueueHandle, NumEvents, WaitList, EventOut,
                 [&](Queue &Q) -> Expected<Enqueued> {
    // "CL_INVALID_VALUE if num_mem_objects is zero or if mem_objects is NULL", "if flags is not 0
    // or is not any of the values described".
    if (NumMemObjects == 0 || !MemObjects)
      return Error(CL_INVALID_VALUE, "num_mem_objects is 0 or mem_objects is NULL");
    constexpr cl_mem_migration_flags Known =
        CL_MIGRATE_MEM_OBJECT_HOST | CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED;
    if (Flags & ~Known)
      return Error(CL_INVALID_VALUE, cat("flags ", hex(Flags), " has unknown bits"));
    std::vector<Ref<Object>> Keep;
    for (cl_uint I = 0; I < NumMemObjects; ++I) {
      auto M = memObjectIn(Q, MemObjects[I]); // buffers and images alike
      if (!M)
        return M.takeError();
      Keep.emplace_back(*M);
    }
    // Host and device share memory: migration only orders the command.
    return Enqueued{CL_COMMAND_MIGRATE_MEM_OBJECTS, std::make_unique<Command>(std::move(Keep))};
  });
}

} // namespace weft::api
