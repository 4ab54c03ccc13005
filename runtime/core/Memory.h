// Memory objects: buffers, sub-buffers and images, their host-pointer modes, mappings and
// destructor callbacks.
#pragma once

#include "contracts/ImageAbi.h"
#include "runtime/core/Context.h"

#include <CL/cl.h>

#include <array>
#include <atomic>
#include <cstddef>
#include <memory>
#include <functional>
#include <mutex>
#include <vector>

namespace weft {

/// What an image is beyond its bytes: its type, format and dimensions as clGetImageInfo reports
/// them (a dimension the type lacks is 0, the pitches are the application's when it gave them).
struct ImageDesc {
  cl_mem_object_type Type = CL_MEM_OBJECT_IMAGE2D;
  cl_image_format Format{};
  size_t Width = 0, Height = 0, Depth = 0, ArraySize = 0;
  size_t RowPitch = 0, SlicePitch = 0;
};

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
  /// An image of Desc (validated, its pitches resolved) with validated Flags. Its pixels live in
  /// Source's memory if Source is given (a buffer for an image buffer or a 2D image from a
  /// buffer, with Desc's pitches; a 2D image for a view of its pixels in another channel
  /// order), which the image keeps alive; else in HostPtr with Desc's pitches for
  /// CL_MEM_USE_HOST_PTR; else in Weft's own memory, tightly packed (filled from HostPtr, read
  /// with Desc's pitches, for CL_MEM_COPY_HOST_PTR). CL_MEM_OBJECT_ALLOCATION_FAILURE if the
  /// allocation fails.
  static Expected<Ref<MemObject>> createImage(Context &C, cl_mem_flags Flags, const ImageDesc &Desc,
                                              void *HostPtr, MemObject *Source,
                                              std::vector<cl_mem_properties> Properties);
  ~MemObject() override;

  Context &context() const { return *Ctx; }
  cl_mem_object_type type() const { return Image ? Image->Desc.Type : CL_MEM_OBJECT_BUFFER; }
  cl_mem_flags flags() const { return Flags; }
  size_t size() const { return Size; }
  /// CL_MEM_USE_HOST_PTR's host_ptr (offset by the origin for a sub-buffer), else null.
  void *hostPtr() const { return HostPtr; }
  std::byte *storage() const { return Storage; }
  /// A sub-buffer's buffer, else null.
  MemObject *parent() const { return Parent.get(); }
  /// The object this one was made from (CL_MEM_ASSOCIATED_MEMOBJECT): a sub-buffer's buffer, an
  /// image's image_desc->mem_object; else null.
  MemObject *associated() const;
  size_t origin() const { return Origin; }
  /// The buffer that owns the storage (this, or the parent of a sub-buffer).
  const MemObject &root() const { return Parent ? *Parent : *this; }
  const std::vector<cl_mem_properties> &properties() const { return Properties; }

  /// What an image kernel argument points to (contracts/ImageAbi.h), at one address for the
  /// object's life; null for buffers.
  const abi::WeftImage *image() const { return Image ? &Image->Abi : nullptr; }
  /// An image's descriptor as queried; null for buffers.
  const ImageDesc *imageDesc() const { return Image ? &Image->Desc : nullptr; }
  /// An image's pixels as transfers address them: x, then y (rows, or a 1D array's layers), then
  /// z (slices, or a 2D array's layers). {size, 1, 1} bytes for a buffer.
  std::array<size_t, 3> extent() const;
  /// The pitches of an image's memory in the spec's terms (as clEnqueueMapImage returns them):
  /// bytes from one row to the next, and from one 3D slice or array layer to the next (0 for 1D
  /// and 2D images). They differ from imageDesc()'s when Weft copied a pitched host_ptr.
  size_t storageRowPitch() const { return Image ? Image->RowPitch : 0; }
  size_t storageSlicePitch() const { return Image ? Image->SlicePitch : 0; }

  /// True until the object is deleted: what holds the object's address without a reference (a
  /// kernel argument) asks this before looking at it.
  std::shared_ptr<const std::atomic<bool>> liveness() const { return Alive; }

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
  /// An image's own state; immutable once made.
  struct ImageState {
    ImageDesc Desc;
    size_t RowPitch = 0, SlicePitch = 0; ///< of the memory, see storageRowPitch()
    abi::WeftImage Abi{};
    Ref<MemObject> Source; ///< image_desc->mem_object
  };
  std::unique_ptr<ImageState> Image;
  std::shared_ptr<std::atomic<bool>> Alive = std::make_shared<std::atomic<bool>>(true);
  mutable std::mutex Lock;
  std::vector<void *> Mappings;
  std::vector<std::function<void()>> DestructorCallbacks;
};

} // namespace weft
