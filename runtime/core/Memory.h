// Memory objects: buffers and sub-buffers, their host-pointer modes, mappings and destructor
// callbacks.
#pragma once

#include "runtime/core/Context.h"

#include <CL/cl.h>

#include <cstddef>
#include <functional>
#include <mutex>
#include <vector>

namespace weft {

class MemObject : public Object {
public:
  /// A buffer of Size bytes with validated Flags. CL_MEM_USE_HOST_PTR uses HostPtr as the storage
  /// (zero copy); otherwise Weft allocates (and with CL_MEM_COPY_HOST_PTR fills) its own.
  /// CL_MEM_OBJECT_ALLOCATION_FAILURE if the allocation fails.
  static Expected<Ref<MemObject>> createBuffer(Context &C, cl_mem_flags Flags, size_t Size,
                                               void *HostPtr,
                                               std::vector<cl_mem_properties> Properties);
  /// A sub-buffer [Origin, Origin + Size) of Parent, with its (already resolved) flags.
  static Ref<MemObject> createSubBuffer(MemObject &Parent, cl_mem_flags Flags, size_t Origin,
                                        size_t Size);
  ~MemObject() override;

  Context &context() const { return *Ctx; }
  cl_mem_object_type type() const { return CL_MEM_OBJECT_BUFFER; }
  cl_mem_flags flags() const { return Flags; }
  size_t size() const { return Size; }
  /// CL_MEM_USE_HOST_PTR's host_ptr (offset by the origin for a sub-buffer), else null.
  void *hostPtr() const { return HostPtr; }
  std::byte *storage() const { return Storage; }
  MemObject *parent() const { return Parent.get(); }
  size_t origin() const { return Origin; }
  /// The buffer that owns the storage (this, or the parent of a sub-buffer).
  const MemObject &root() const { return Parent ? *Parent : *this; }
  const std::vector<cl_mem_properties> &properties() const { return Properties; }

  /// Records a mapping returned by clEnqueueMapBuffer.
  void addMapping(void *Ptr);
  /// Forgets one mapping at Ptr; false if Ptr is not mapped.
  bool removeMapping(void *Ptr);
  cl_uint mapCount() const;

  /// Registers a callback run when the object is destroyed (after its storage is freed, so it may
  /// free a USE_HOST_PTR region); callbacks run in reverse order of registration.
  void addDestructorCallback(std::function<void()> Callback);

private:
  MemObject(Context &C, cl_mem_flags Flags, size_t Size);

  Ref<Context> Ctx;
  cl_mem_flags Flags;
  size_t Size;
  void *HostPtr = nullptr;
  std::byte *Storage = nullptr;
  bool OwnsStorage = false;
  Ref<MemObject> Parent;
  size_t Origin = 0;
  std::vector<cl_mem_properties> Properties;
  mutable std::mutex Lock;
  std::vector<void *> Mappings;
  std::vector<std::function<void()>> DestructorCallbacks;
};

} // namespace weft
