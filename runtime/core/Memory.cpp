// Buffers, sub-buffers and images: storage, mappings, destructor callbacks.
#include "runtime/core/Memory.h"

#include "runtime/core/Config.h"
#include "runtime/core/DeviceMemory.h"
#include "runtime/core/ImageFormat.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace weft {
namespace {

/// CL_DEVICE_MEM_BASE_ADDR_ALIGN in bytes; large buffers get whole pages.
size_t alignmentFor(size_t Size) { return Size >= (1u << 20) ? 4096 : 128; }

/// Why an allocation may have failed other than for want of host memory.
std::string limitNote() {
  const uint64_t Limit = config().MemoryLimit;
  if (!Limit)
    return "";
  return cat(" (WEFT_MEMORY_LIMIT is ", Limit, " bytes; Weft's objects hold ",
             deviceMemoryInUse(), ")");
}

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
  M->Storage = allocateDeviceMemory(Size, alignmentFor(Size));
  if (!M->Storage)
    return Error(CL_MEM_OBJECT_ALLOCATION_FAILURE, cat("cannot allocate ", Size, " bytes",
                                                       limitNote()));
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

namespace {

/// The extent of an image of Desc, as MemObject::extent() gives it.
std::array<size_t, 3> extentOf(const ImageDesc &D) {
  switch (D.Type) {
  case CL_MEM_OBJECT_IMAGE1D_ARRAY:
    return {D.Width, D.ArraySize, 1};
  case CL_MEM_OBJECT_IMAGE2D:
    return {D.Width, D.Height, 1};
  case CL_MEM_OBJECT_IMAGE2D_ARRAY:
    return {D.Width, D.Height, D.ArraySize};
  case CL_MEM_OBJECT_IMAGE3D:
    return {D.Width, D.Height, D.Depth};
  default: // 1D, 1D buffer
    return {D.Width, 1, 1};
  }
}

/// The bytes an image of Desc spans with rows RowPitch and slices or layers SlicePitch apart:
/// the spec's "size of buffer that host_ptr points to" for each type.
size_t footprint(const ImageDesc &D, size_t RowPitch, size_t SlicePitch) {
  switch (D.Type) {
  case CL_MEM_OBJECT_IMAGE2D:
    return RowPitch * D.Height;
  case CL_MEM_OBJECT_IMAGE3D:
    return SlicePitch * D.Depth;
  case CL_MEM_OBJECT_IMAGE1D_ARRAY:
  case CL_MEM_OBJECT_IMAGE2D_ARRAY:
    return SlicePitch * D.ArraySize;
  default:
    return RowPitch;
  }
}

} // namespace

Expected<Ref<MemObject>> MemObject::createImage(Context &C, cl_mem_flags Flags,
                                                const ImageDesc &Desc, void *HostPtr,
                                                MemObject *Source,
                                                std::vector<cl_mem_properties> Properties) {
  const unsigned PixelBytes = pixelBytes(Desc.Format);
  auto State = std::make_unique<ImageState>();
  State->Desc = Desc;
  Ref<MemObject> M = Ref<MemObject>::adopt(new MemObject(C, Flags, 0));
  M->Properties = std::move(Properties);
  if (Source && Source->Image) {
    // A view of another image's pixels: its memory, its pitches.
    State->RowPitch = Source->Image->RowPitch;
    State->SlicePitch = Source->Image->SlicePitch;
    M->Storage = Source->Storage;
  } else if (Source || (Flags & CL_MEM_USE_HOST_PTR)) {
    // A buffer's memory, or the application's: the pixels where Desc's pitches put them.
    State->RowPitch = Desc.RowPitch;
    State->SlicePitch = Desc.SlicePitch;
    M->Storage = Source ? Source->Storage : static_cast<std::byte *>(HostPtr);
    if (!Source)
      M->HostPtr = HostPtr;
  } else {
    // Weft's memory, tightly packed.
    State->RowPitch = Desc.Width * PixelBytes;
    State->SlicePitch = Desc.Type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? State->RowPitch
                        : Desc.Type == CL_MEM_OBJECT_IMAGE2D_ARRAY ||
                                Desc.Type == CL_MEM_OBJECT_IMAGE3D
                            ? State->RowPitch * Desc.Height
                            : 0;
  }
  M->Size = footprint(Desc, State->RowPitch, State->SlicePitch);
  if (!M->Storage) {
    M->Storage = allocateDeviceMemory(M->Size, alignmentFor(M->Size));
    if (!M->Storage)
      return Error(CL_MEM_OBJECT_ALLOCATION_FAILURE, cat("cannot allocate ", M->Size,
                                                         " bytes for the image", limitNote()));
    M->OwnsStorage = true;
  }
  // Transfers and kernels address pixel (x, y, z) at x * PixelBytes + y * YPitch + z * ZPitch:
  // a 1D array's layers are its rows.
  const std::array<size_t, 3> Extent = extentOf(Desc);
  const bool LayersInY = Desc.Type == CL_MEM_OBJECT_IMAGE1D_ARRAY;
  const size_t YPitch = LayersInY ? State->SlicePitch : State->RowPitch;
  const size_t ZPitch = Desc.Type == CL_MEM_OBJECT_IMAGE2D_ARRAY || Desc.Type == CL_MEM_OBJECT_IMAGE3D
                            ? State->SlicePitch
                            : M->Size;
  if ((Flags & CL_MEM_COPY_HOST_PTR) && !Source) {
    // host_ptr's rows are where Desc's pitches put them.
    const size_t HostY = LayersInY ? Desc.SlicePitch : Desc.RowPitch;
    const size_t HostZ = Desc.SlicePitch;
    const size_t RowBytes = Extent[0] * PixelBytes;
    const auto *From = static_cast<const std::byte *>(HostPtr);
    for (size_t Z = 0; Z < Extent[2]; ++Z)
      for (size_t Y = 0; Y < Extent[1]; ++Y)
        std::memcpy(M->Storage + Z * ZPitch + Y * YPitch, From + Z * HostZ + Y * HostY, RowBytes);
  }
  abi::WeftImage &A = State->Abi;
  A.Data = reinterpret_cast<unsigned char *>(M->Storage);
  A.RowPitch = YPitch;
  A.SlicePitch = ZPitch;
  A.Width = abi::weft_image_i32(Desc.Width);
  A.Height = abi::weft_image_i32(Desc.Type == CL_MEM_OBJECT_IMAGE2D ||
                                         Desc.Type == CL_MEM_OBJECT_IMAGE2D_ARRAY ||
                                         Desc.Type == CL_MEM_OBJECT_IMAGE3D
                                     ? Desc.Height
                                     : 1);
  A.Depth = abi::weft_image_i32(Desc.Type == CL_MEM_OBJECT_IMAGE3D ? Desc.Depth : 1);
  A.ArraySize = abi::weft_image_i32(Desc.ArraySize);
  A.ChannelOrder = Desc.Format.image_channel_order;
  A.ChannelDataType = Desc.Format.image_channel_data_type;
  A.PixelBytes = PixelBytes;
  A.ImageType = abi::weft_image_u32(Desc.Type);
  if (Source)
    State->Source = Ref<MemObject>(Source);
  M->Image = std::move(State);
  return M;
}

MemObject *MemObject::associated() const {
  if (Parent)
    return Parent.get();
  return Image ? Image->Source.get() : nullptr;
}

std::array<size_t, 3> MemObject::extent() const {
  return Image ? extentOf(Image->Desc) : std::array<size_t, 3>{Size, 1, 1};
}

MemObject::~MemObject() {
  Alive->store(false, std::memory_order_release);
  if (OwnsStorage)
    freeDeviceMemory(Storage, Size);
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
