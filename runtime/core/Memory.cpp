// Buffers and sub-buffers: storage, mappings, destructor callbacks.
#include "runtime/core/Memory.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace weft {
namespace {

/// CL_DEVICE_MEM_BASE_ADDR_ALIGN in bytes; large buffers get whole pages.
size_t alignmentFor(size_t Size) { return Size >= (1u << 20) ? 4096 : 128; }

} // namespace

MemObject::MemObject(Context &C, cl_mem_flags Flags, size_t Size)
    : Object(ObjectType::Memory), Ctx(&C), Flags(Flags), Size(Size) {}

Expected<Ref<MemObject>> MemObject::createBuffer(Context &C, cl_mem_flags Flags, size_t Size,
                                                 void *HostPtr,
                                                 std::vector<cl_mem_properties> Properties) {
  Ref<MemObject> M = Ref<MemObject>::adopt(new MemObject(C, Flags, Size));
  M->Properties = std::move(Properties);
  if (Flags & CL_MEM_USE_HOST_PTR) {
    M->HostPtr = HostPtr;
    M->Storage = static_cast<std::byte *>(HostPtr);
    return M;
  }
  size_t Align = alignmentFor(Size);
  size_t Rounded = (Size + Align - 1) / Align * Align;
  M->Storage = static_cast<std::byte *>(std::aligned_alloc(Align, Rounded));
  if (!M->Storage)
    return Error(CL_MEM_OBJECT_ALLOCATION_FAILURE, cat("cannot allocate ", Size, " bytes"));
  M->OwnsStorage = true;
  if (Flags & CL_MEM_COPY_HOST_PTR)
    std::memcpy(M->Storage, HostPtr, Size);
  return M;
}

Ref<MemObject> MemObject::createSubBuffer(MemObject &Parent, cl_mem_flags Flags, size_t Origin,
                                          size_t Size) {
  Ref<MemObject> M = Ref<MemObject>::adopt(new MemObject(Parent.context(), Flags, Size));
  M->Parent = Ref<MemObject>(&Parent);
  M->Origin = Origin;
  M->Storage = Parent.Storage + Origin;
  if (Parent.Flags & CL_MEM_USE_HOST_PTR)
    M->HostPtr = static_cast<std::byte *>(Parent.HostPtr) + Origin;
  return M;
}

MemObject::~MemObject() {
  if (OwnsStorage)
    std::free(Storage);
  // "called in the reverse order in which they were registered", once the memory is released.
  for (auto It = DestructorCallbacks.rbegin(); It != DestructorCallbacks.rend(); ++It)
    (*It)();
}

void MemObject::addMapping(void *Ptr) {
  std::lock_guard Guard(Lock);
  Mappings.push_back(Ptr);
}

bool MemObject::removeMapping(void *Ptr) {
  std::lock_guard Guard(Lock);
  auto It = std::find(Mappings.begin(), Mappings.end(), Ptr);
  if (It == Mappings.end())
    return false;
  Mappings.erase(It);
  return true;
}

cl_uint MemObject::mapCount() const {
  std::lock_guard Guard(Lock);
  return cl_uint(Mappings.size());
}

void MemObject::addDestructorCallback(std::function<void()> Callback) {
  std::lock_guard Guard(Lock);
  DestructorCallbacks.push_back(std::move(Callback));
}

} // namespace weft
