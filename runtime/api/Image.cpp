// Image entry points: creation (clCreateImage, clCreateImageWithProperties and OpenCL 1.1's
// clCreateImage2D and clCreateImage3D), the supported formats, image info, and every image
// transfer command (read, write, copy, fill, copies to and from buffers, map).
#include "runtime/api/Api.h"
#include "runtime/api/Enqueue.h"
#include "runtime/api/Entry.h"
#include "runtime/api/Handles.h"
#include "runtime/api/Info.h"
#include "runtime/core/ImageFormat.h"
#include "runtime/core/PixelPack.h"

#include <algorithm>
#include <cstring>
#include <limits>

namespace weft::api {
namespace {

/// Whether A * B overflows size_t.
bool mulOverflows(size_t A, size_t B) {
  return B != 0 && A > std::numeric_limits<size_t>::max() / B;
}

/// Whether an image type has rows (a height), 3D slices, or array layers.
bool hasHeight(cl_mem_object_type T) {
  return T == CL_MEM_OBJECT_IMAGE2D || T == CL_MEM_OBJECT_IMAGE2D_ARRAY ||
         T == CL_MEM_OBJECT_IMAGE3D;
}
bool isArray(cl_mem_object_type T) {
  return T == CL_MEM_OBJECT_IMAGE1D_ARRAY || T == CL_MEM_OBJECT_IMAGE2D_ARRAY;
}
/// Whether the type has a slice pitch: 3D images and arrays.
bool hasSlicePitch(cl_mem_object_type T) { return T == CL_MEM_OBJECT_IMAGE3D || isArray(T); }

/// The largest allocation of any device of C (as clCreateBuffer's limit is).
uint64_t maxAllocOf(const Context &C) {
  uint64_t Max = 0;
  for (const Device *D : C.devices())
    Max = std::max(Max, D->description().MaxAllocSize);
  return Max;
}

/// The largest power of two that divides a pixel's bytes: the alignment its channels need (a
/// 16-byte RGBA float pixel 16, a 3-byte sRGB pixel 1).
size_t pixelAlignment(unsigned PixelBytes) { return PixelBytes & (~PixelBytes + 1); }

/// "CL_INVALID_IMAGE_SIZE if image dimensions specified in image_desc are not valid or exceed the
/// maximum image dimensions": Value must be in [1, Max].
Status checkDimension(const char *Name, size_t Value, size_t Max) {
  if (Value == 0 || Value > Max)
    return Error(CL_INVALID_IMAGE_SIZE,
                 cat(Name, " ", Value, " is not between 1 and the device's maximum ", Max));
  return Status::ok();
}

/// The compatible channel orders of a 2D image made from another (the "Compatible Image Channel
/// Orders" table): an sRGB order and its linear one, either way, and CL_DEPTH over CL_R. The
/// same order is trivially compatible.
bool compatibleOrders(cl_channel_order View, cl_channel_order Image) {
  static constexpr std::pair<cl_channel_order, cl_channel_order> Pairs[] = {
      {CL_sBGRA, CL_BGRA}, {CL_BGRA, CL_sBGRA}, {CL_sRGBA, CL_RGBA}, {CL_RGBA, CL_sRGBA},
      {CL_sRGB, CL_RGB},   {CL_RGB, CL_sRGB},   {CL_sRGBx, CL_RGBx}, {CL_RGBx, CL_sRGBx},
      {CL_DEPTH, CL_R}};
  return View == Image ||
         std::find(std::begin(Pairs), std::end(Pairs), std::pair(View, Image)) != std::end(Pairs);
}

/// clCreateImage and its variants. Legacy: clCreateImage2D or clCreateImage3D, which call pitch
/// errors CL_INVALID_IMAGE_SIZE.
Expected<cl_mem> makeImage(cl_context ContextHandle, const cl_mem_properties *Properties,
                           cl_mem_flags Flags, const cl_image_format *Format,
                           const cl_image_desc *Desc, void *HostPtr, bool Legacy = false) {
  auto CR = toObject<Context>(ContextHandle);
  if (!CR)
    return CR.takeError();
  Context &C = **CR;
  // "CL_INVALID_OPERATION if there are no devices in context that support images": every Weft
  // device supports them.
  auto Listed = memProperties(Properties, "image");
  if (!Listed)
    return Listed.takeError();
  std::vector<cl_mem_properties> PropertyList = std::move(*Listed);
  // "CL_INVALID_VALUE if values specified in flags are not valid."
  if (Status S = validateMemFlags(Flags); !S)
    return S.takeError();
  // "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR if values specified in image_format are not valid or if
  // image_format is NULL."
  if (!Format)
    return Error(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR, "image_format is NULL");
  if (!isValidImageFormat(*Format))
    return Error(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR,
                 cat("image_format {", hex(Format->image_channel_order), ", ",
                     hex(Format->image_channel_data_type),
                     "} is not a valid channel order and data type"));
  // "CL_INVALID_IMAGE_DESCRIPTOR if values specified in image_desc are not valid or if
  // image_desc is NULL."
  if (!Desc)
    return Error(CL_INVALID_IMAGE_DESCRIPTOR, "image_desc is NULL");
  const cl_mem_object_type Type = Desc->image_type;
  if (!isImageType(Type))
    return Error(CL_INVALID_IMAGE_DESCRIPTOR,
                 cat("image_desc->image_type ", hex(Type), " is not an image type"));
  // "num_mip_levels must be 0", "num_samples must be 0."
  if (Desc->num_mip_levels != 0 || Desc->num_samples != 0)
    return Error(CL_INVALID_IMAGE_DESCRIPTOR,
                 cat("image_desc->num_mip_levels ", Desc->num_mip_levels, " and num_samples ",
                     Desc->num_samples, " must be 0"));
  // "mem_object can be a buffer memory object if image_type is CL_MEM_OBJECT_IMAGE1D_BUFFER or
  // CL_MEM_OBJECT_IMAGE2D. mem_object can be an image object if image_type is
  // CL_MEM_OBJECT_IMAGE2D. Otherwise it must be NULL."
  MemObject *Source = nullptr;
  if (Desc->mem_object) {
    auto M = toObject<MemObject>(Desc->mem_object);
    if (!M || &(*M)->context() != &C)
      return Error(CL_INVALID_IMAGE_DESCRIPTOR, "image_desc->mem_object is not a memory object "
                                                "of the context");
    Source = *M;
    const bool FromImage = Source->image() != nullptr;
    if (Type != CL_MEM_OBJECT_IMAGE2D && !(Type == CL_MEM_OBJECT_IMAGE1D_BUFFER && !FromImage))
      return Error(CL_INVALID_IMAGE_DESCRIPTOR,
                   cat("image_desc->mem_object must be NULL for an image of type ", hex(Type),
                       FromImage ? " (an image may be made from a 2D image only for a 2D image)"
                                 : ""));
    if (FromImage && Source->type() != CL_MEM_OBJECT_IMAGE2D)
      return Error(CL_INVALID_IMAGE_DESCRIPTOR,
                   "image_desc->mem_object is an image but not a 2D image");
  } else if (Type == CL_MEM_OBJECT_IMAGE1D_BUFFER) {
    return Error(CL_INVALID_IMAGE_DESCRIPTOR,
                 "a 1D image buffer needs a buffer in image_desc->mem_object");
  }
  const bool FromBuffer = Source && !Source->image();
  const bool FromImage = Source && Source->image();

  // The dimensions: "image_width ... must be greater than or equal to one and less than or equal
  // to" CL_DEVICE_IMAGE2D_MAX_WIDTH (1D, 1D array, 2D, 2D array), CL_DEVICE_IMAGE3D_MAX_WIDTH
  // (3D) or CL_DEVICE_IMAGE_MAX_BUFFER_SIZE (1D image buffer); likewise the height, depth and
  // array size of the types that have them.
  const uint64_t MaxAlloc = maxAllocOf(C);
  const bool Is3D = Type == CL_MEM_OBJECT_IMAGE3D;
  Status Dims = checkDimension("image_width", Desc->image_width,
                               Type == CL_MEM_OBJECT_IMAGE1D_BUFFER ? maxImageBufferPixels(MaxAlloc)
                               : Is3D ? ImageLimits::Image3DMaxWidth
                                      : ImageLimits::Image2DMaxWidth);
  if (Dims && hasHeight(Type))
    Dims = checkDimension("image_height", Desc->image_height,
                          Is3D ? ImageLimits::Image3DMaxHeight : ImageLimits::Image2DMaxHeight);
  if (Dims && Is3D)
    Dims = checkDimension("image_depth", Desc->image_depth, ImageLimits::Image3DMaxDepth);
  if (Dims && isArray(Type))
    Dims = checkDimension("image_array_size", Desc->image_array_size, ImageLimits::MaxArraySize);
  if (!Dims)
    return Dims.takeError();
  ImageDesc Image;
  Image.Type = Type;
  Image.Format = *Format;
  Image.Width = Desc->image_width;
  Image.Height = hasHeight(Type) ? Desc->image_height : 0;
  Image.Depth = Is3D ? Desc->image_depth : 0;
  Image.ArraySize = isArray(Type) ? Desc->image_array_size : 0;
  const unsigned PixelBytes = pixelBytes(*Format);

  // "CL_INVALID_HOST_PTR if host_ptr is NULL and CL_MEM_USE_HOST_PTR or CL_MEM_COPY_HOST_PTR are
  // set in flags or if host_ptr is not NULL but CL_MEM_COPY_HOST_PTR or CL_MEM_USE_HOST_PTR are
  // not set in flags."
  const bool WantsHostPtr = Flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR);
  if (WantsHostPtr && !HostPtr)
    return Error(CL_INVALID_HOST_PTR,
                 "host_ptr is NULL with CL_MEM_USE_HOST_PTR or CL_MEM_COPY_HOST_PTR");
  if (!WantsHostPtr && HostPtr)
    return Error(CL_INVALID_HOST_PTR,
                 "host_ptr is not NULL without CL_MEM_USE_HOST_PTR or CL_MEM_COPY_HOST_PTR");

  // "For CL_MEM_OBJECT_IMAGE1D_BUFFER image type, or an image created from another memory object
  // (image or buffer), if the CL_MEM_READ_WRITE, CL_MEM_READ_ONLY or CL_MEM_WRITE_ONLY values are
  // not specified in flags, they are inherited from ... mem_object. The CL_MEM_USE_HOST_PTR,
  // CL_MEM_ALLOC_HOST_PTR and CL_MEM_COPY_HOST_PTR values cannot be specified in flags but are
  // inherited"; the host access flags likewise. CL_INVALID_VALUE otherwise.
  cl_mem_flags ImageFlags = Flags;
  if (Source) {
    auto F = inheritMemFlags(Flags, Source->flags(), "mem_object");
    if (!F)
      return F.takeError();
    ImageFlags = *F;
  }

  // The pitches. clCreateImage calls a violation CL_INVALID_IMAGE_DESCRIPTOR, clCreateImage2D
  // and clCreateImage3D CL_INVALID_IMAGE_SIZE.
  const cl_int PitchError = Legacy ? CL_INVALID_IMAGE_SIZE : CL_INVALID_IMAGE_DESCRIPTOR;
  const size_t RowBytes = Image.Width * PixelBytes; // the limits keep this small
  const size_t RowPitch = Desc->image_row_pitch, SlicePitch = Desc->image_slice_pitch;
  // "The image_row_pitch must be zero if host_ptr is NULL and the image is not a 2D image
  // created from a buffer." A 1D image buffer's one row needs no pitch, but the conformance
  // tests give one (test_kernel_image_methods 1Dbuffer, and every image test's use_pitches) and
  // conformant implementations take it (OpenCL-CTS#2203, OpenCL-Docs#674): Weft takes a valid
  // one (checked below) and reports it.
  const bool RowPitchAllowed = HostPtr || FromImage ||
                               (FromBuffer && (Type == CL_MEM_OBJECT_IMAGE2D ||
                                               Type == CL_MEM_OBJECT_IMAGE1D_BUFFER));
  if (RowPitch && !RowPitchAllowed)
    return Error(PitchError, cat("image_row_pitch ", RowPitch, " must be 0 without host_ptr"));
  // "If image_row_pitch is non-zero, then it must be greater than or equal to the image_width
  // times the size of an image element in bytes, and must be a multiple of the size of an image
  // element in bytes."
  if (RowPitch && (RowPitch < RowBytes || RowPitch % PixelBytes))
    return Error(PitchError, cat("image_row_pitch ", RowPitch, " is not a multiple of the ",
                                 PixelBytes, "-byte element of at least image_width times it, ",
                                 RowBytes));
  Image.RowPitch = RowPitch ? RowPitch : RowBytes;
  // "The image_slice_pitch must be zero if host_ptr is NULL." It is used by 3D images and arrays
  // only.
  if (SlicePitch && !HostPtr && !FromImage)
    return Error(PitchError, cat("image_slice_pitch ", SlicePitch, " must be 0 without host_ptr"));
  if (hasSlicePitch(Type)) {
    // "The image slice pitch must be >= the image row pitch x image_height for a 2D image array
    // or a 3D image, must be >= the image row pitch for a 1D image array, and must be a multiple
    // of the image row pitch."
    const size_t Rows = Type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? 1 : Image.Height;
    if (mulOverflows(Image.RowPitch, Rows))
      return Error(CL_INVALID_IMAGE_SIZE, "the image does not fit in the address space");
    const size_t MinSlice = Image.RowPitch * Rows;
    if (SlicePitch && (SlicePitch < MinSlice || SlicePitch % Image.RowPitch))
      return Error(PitchError, cat("image_slice_pitch ", SlicePitch, " is not a multiple of the ",
                                   "row pitch ", Image.RowPitch, " of at least ", MinSlice));
    Image.SlicePitch = SlicePitch ? SlicePitch : MinSlice;
  }
  // Weft's memory holds the pixels tightly packed; the device's largest allocation bounds it.
  // (Overflow-free: each dimension is at most 16384 and a pixel 16 bytes.)
  const std::array<size_t, 3> Extent{
      Image.Width,
      Type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? Image.ArraySize : std::max<size_t>(Image.Height, 1),
      Is3D ? Image.Depth : Type == CL_MEM_OBJECT_IMAGE2D_ARRAY ? Image.ArraySize : 1};
  const uint64_t PackedBytes = uint64_t(RowBytes) * Extent[1] * Extent[2];
  if (!Source && PackedBytes > MaxAlloc)
    return Error(CL_INVALID_IMAGE_SIZE, cat("the image's ", PackedBytes,
                                            " bytes exceed CL_DEVICE_MAX_MEM_ALLOC_SIZE ",
                                            MaxAlloc));
  if (hasSlicePitch(Type) && mulOverflows(Image.SlicePitch, Is3D ? Image.Depth : Image.ArraySize))
    return Error(CL_INVALID_IMAGE_SIZE, "the image does not fit in the address space");
  if (Type == CL_MEM_OBJECT_IMAGE2D && mulOverflows(Image.RowPitch, Image.Height))
    return Error(CL_INVALID_IMAGE_SIZE, "the image does not fit in the address space");

  if (FromBuffer) {
    // "For a 1D image buffer created from a buffer object, the image_width x size of element in
    // bytes must be <= size of the buffer object", "for a 2D image created from a buffer object,
    // the image_row_pitch x image_height must be <= size of the buffer object".
    const size_t Needed = Type == CL_MEM_OBJECT_IMAGE2D ? Image.RowPitch * Image.Height : RowBytes;
    if (Needed > Source->size())
      return Error(CL_INVALID_IMAGE_SIZE, cat("the image needs ", Needed, " bytes but the buffer "
                                              "has ", Source->size()));
    // "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR if a 2D image is created from a buffer and the row
    // pitch and base address alignment does not follow the rules described for creating a 2D
    // image from a buffer": the row pitch a multiple of CL_DEVICE_IMAGE_PITCH_ALIGNMENT pixels,
    // a CL_MEM_USE_HOST_PTR buffer's host_ptr "aligned to ... CL_DEVICE_IMAGE_BASE_ADDRESS_
    // ALIGNMENT" pixels (Weft's own memory always is).
    const size_t PitchAlign = size_t(ImageLimits::PitchAlignmentPixels) * PixelBytes;
    if (Type == CL_MEM_OBJECT_IMAGE2D && Image.RowPitch % PitchAlign)
      return Error(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR,
                   cat("image_row_pitch ", Image.RowPitch, " is not a multiple of ", PitchAlign,
                       " bytes (CL_DEVICE_IMAGE_PITCH_ALIGNMENT)"));
    const size_t BaseAlign =
        size_t(ImageLimits::BaseAddressAlignmentPixels) * pixelAlignment(PixelBytes);
    if (reinterpret_cast<uintptr_t>(Source->storage()) % BaseAlign)
      return Error(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR,
                   cat("the buffer's memory at ", static_cast<const void *>(Source->storage()),
                       " is not aligned to ", BaseAlign,
                       " bytes (CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT)"));
  }
  if (FromImage) {
    // A 2D image over another's pixels, in another channel order: "All of the values specified
    // in image_desc must match the image descriptor information associated with mem_object,
    // except for mem_object. The image channel data type specified in image_format must match
    // ... The image channel order specified in image_format must be compatible with" it.
    // CL_INVALID_IMAGE_FORMAT_DESCRIPTOR "if a 2D image is created from a 2D image object and
    // the rules described above are not followed".
    const ImageDesc &Of = *Source->imageDesc();
    if (Image.Width != Of.Width || Image.Height != Of.Height ||
        (RowPitch && RowPitch != Of.RowPitch) || SlicePitch)
      return Error(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR,
                   cat("image_desc (", Image.Width, " x ", Image.Height, ", row pitch ", RowPitch,
                       ") does not match mem_object's (", Of.Width, " x ", Of.Height,
                       ", row pitch ", Of.RowPitch, ")"));
    if (Format->image_channel_data_type != Of.Format.image_channel_data_type ||
        !compatibleOrders(Format->image_channel_order, Of.Format.image_channel_order))
      return Error(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR,
                   cat("image_format {", hex(Format->image_channel_order), ", ",
                       hex(Format->image_channel_data_type), "} is not compatible with "
                       "mem_object's {", hex(Of.Format.image_channel_order), ", ",
                       hex(Of.Format.image_channel_data_type), "}"));
    Image.RowPitch = Of.RowPitch;
  }
  // "CL_IMAGE_FORMAT_NOT_SUPPORTED if there are no devices in context that support
  // image_format."
  if (!isSupportedImageFormat(*Format, Type))
    return Error(CL_IMAGE_FORMAT_NOT_SUPPORTED,
                 cat("image format {", hex(Format->image_channel_order), ", ",
                     hex(Format->image_channel_data_type), "} is not supported for image type ",
                     hex(Type)));
  auto M = MemObject::createImage(C, ImageFlags, Image, HostPtr, Source, std::move(PropertyList));
  if (!M)
    return M.takeError();
  return toHandle(M->leak()); // the application takes the new object's reference
}

/// The image a handle names (Name: "image", "src_image", ...), if it belongs to Q's context.
Expected<MemObject *> imageIn(Queue &Q, cl_mem Handle, const char *Name) {
  auto M = toObject<MemObject>(Handle);
  if (!M)
    return M.takeError();
  // "CL_INVALID_MEM_OBJECT if image is not a valid image object."
  if (!(*M)->image())
    return Error(CL_INVALID_MEM_OBJECT, cat(Name, " is a buffer, not an image"));
  // "CL_INVALID_CONTEXT if the context associated with command_queue and image are not the same."
  if (&(*M)->context() != &Q.context())
    return Error(CL_INVALID_CONTEXT, cat(Name, " and the command-queue belong to different "
                                         "contexts"));
  return *M;
}

/// The buffer a handle names (Name: "src_buffer", "dst_buffer"), if it belongs to Q's context.
Expected<MemObject *> bufferIn(Queue &Q, cl_mem Handle, const char *Name) {
  auto M = toObject<MemObject>(Handle);
  if (!M)
    return M.takeError();
  // "CL_INVALID_MEM_OBJECT if src_buffer is not a valid buffer object."
  if ((*M)->image())
    return Error(CL_INVALID_MEM_OBJECT, cat(Name, " is an image, not a buffer"));
  if (&(*M)->context() != &Q.context())
    return Error(CL_INVALID_CONTEXT, cat(Name, " and the command-queue belong to different "
                                         "contexts"));
  return *M;
}

/// The origin and region rules of every image command, for image I (Name: "origin",
/// "src_origin", "dst_origin"): CL_INVALID_VALUE "if origin is NULL", "if region is NULL", "if
/// the region ... specified by origin and region is out of bounds", "if values in origin and
/// region do not follow the rules described in the argument description for origin and
/// region": "If image is a 2D image object, origin[2] must be 0. If image is a 1D image or 1D
/// image buffer object, origin[1] and origin[2] must be 0. If image is a 1D image array object,
/// origin[2] must be 0", the same for region with 1, and "the values in region cannot be 0".
Status checkImageRect(const MemObject &I, const char *Name, const size_t *Origin,
                      const size_t *Region) {
  if (!Origin)
    return Error(CL_INVALID_VALUE, cat(Name, " is NULL"));
  if (Status S = checkRegion(Region); !S)
    return S;
  const cl_mem_object_type T = I.type();
  const unsigned Dims = T == CL_MEM_OBJECT_IMAGE1D || T == CL_MEM_OBJECT_IMAGE1D_BUFFER ? 1
                        : T == CL_MEM_OBJECT_IMAGE2D || T == CL_MEM_OBJECT_IMAGE1D_ARRAY ? 2
                                                                                          : 3;
  for (unsigned D = Dims; D < 3; ++D)
    if (Origin[D] != 0 || Region[D] != 1)
      return Error(CL_INVALID_VALUE,
                   cat(Name, "[", D, "] ", Origin[D], " must be 0 and region[", D, "] ",
                       Region[D], " must be 1 for an image of type ", hex(T)));
  const std::array<size_t, 3> Extent = I.extent();
  for (unsigned D = 0; D < 3; ++D)
    if (Origin[D] > Extent[D] || Region[D] > Extent[D] - Origin[D])
      return Error(CL_INVALID_VALUE,
                   cat(Name, " {", Origin[0], ", ", Origin[1], ", ", Origin[2], "} and region {",
                       Region[0], ", ", Region[1], ", ", Region[2], "} reach outside the image's {",
                       Extent[0], ", ", Extent[1], ", ", Extent[2], "}"));
  return Status::ok();
}

/// The bytes of image I from Origin on, as a copy or fill addresses them.
RectSpan spanOf(const MemObject &I, const size_t *Origin) {
  const abi::WeftImage &A = *I.image();
  return {I.storage(), Origin[0] * A.PixelBytes + Origin[1] * A.RowPitch + Origin[2] * A.SlicePitch,
          size_t(A.RowPitch), size_t(A.SlicePitch)};
}

/// A region of I's pixels as a copy's region: bytes, rows, slices.
std::array<size_t, 3> bytesOf(const MemObject &I, const size_t *Region) {
  return {Region[0] * I.image()->PixelBytes, Region[1], Region[2]};
}

/// The application's memory of clEnqueueReadImage and clEnqueueWriteImage: Ptr, its row and
/// slice pitches (Prefix: "" or "input_") resolved and checked for image I.
Expected<RectSpan> hostRect(const MemObject &I, void *Ptr, const size_t *Region, size_t RowPitch,
                            size_t SlicePitch, const char *Prefix) {
  const cl_mem_object_type T = I.type();
  const size_t RowBytes = Region[0] * I.image()->PixelBytes;
  // "This value must be greater than or equal to the element size in bytes x width. If
  // row_pitch (or input_row_pitch) is set to 0, the appropriate row pitch is calculated based on
  // the size of each element in bytes multiplied by width."
  if (RowPitch == 0)
    RowPitch = RowBytes;
  else if (RowPitch < RowBytes)
    return Error(CL_INVALID_VALUE, cat(Prefix, "row_pitch ", RowPitch, " is less than the ",
                                       RowBytes, " bytes of a row of the region"));
  // slice_pitch: "This must be 0 if image is a 1D or 2D image. Otherwise this value must be
  // greater than or equal to row_pitch x height. If slice_pitch (or input_slice_pitch) is set to
  // 0, the appropriate slice pitch is calculated based on the row_pitch x height" (a 1D array's
  // layers have a height of 1).
  if (!hasSlicePitch(T)) {
    if (SlicePitch != 0)
      return Error(CL_INVALID_VALUE, cat(Prefix, "slice_pitch ", SlicePitch,
                                         " must be 0 for a 1D or 2D image"));
    return RectSpan{static_cast<std::byte *>(Ptr), 0, RowPitch, 0};
  }
  const size_t Height = T == CL_MEM_OBJECT_IMAGE1D_ARRAY ? 1 : Region[1];
  if (mulOverflows(RowPitch, Height))
    return Error(CL_INVALID_VALUE, cat(Prefix, "row_pitch ", RowPitch, " is too large"));
  if (SlicePitch == 0)
    SlicePitch = RowPitch * Height;
  else if (SlicePitch < RowPitch * Height)
    return Error(CL_INVALID_VALUE, cat(Prefix, "slice_pitch ", SlicePitch, " is less than ",
                                       Prefix, "row_pitch x height, ", RowPitch * Height));
  // The last byte must be addressable: (slices - 1) x slice pitch + (rows - 1) x row pitch.
  const size_t Layers = T == CL_MEM_OBJECT_IMAGE1D_ARRAY ? Region[1] : Region[2];
  if (mulOverflows(SlicePitch, Layers) || mulOverflows(RowPitch, Region[1]))
    return Error(CL_INVALID_VALUE, cat(Prefix, "slice_pitch ", SlicePitch, " is too large"));
  // A 1D array's layers are its rows.
  if (T == CL_MEM_OBJECT_IMAGE1D_ARRAY)
    return RectSpan{static_cast<std::byte *>(Ptr), 0, SlicePitch, SlicePitch * Region[1]};
  return RectSpan{static_cast<std::byte *>(Ptr), 0, RowPitch, SlicePitch};
}

/// clEnqueueReadImage and clEnqueueWriteImage.
cl_int enqueueReadWrite(const char *Function, bool Read, cl_command_queue QueueHandle,
                        cl_mem ImageHandle, cl_bool Blocking, const size_t *Origin,
                        const size_t *Region, size_t RowPitch, size_t SlicePitch, void *Ptr,
                        cl_uint NumEvents, const cl_event *WaitList, cl_event *EventOut) {
  return enqueue(Function, QueueHandle, NumEvents, WaitList, EventOut,
                 [&](Queue &Q) -> Expected<Enqueued> {
    auto I = imageIn(Q, ImageHandle, "image");
    if (!I)
      return I.takeError();
    if (Status S = checkImageRect(**I, "origin", Origin, Region); !S)
      return S.takeError();
    auto Host = hostRect(**I, Ptr, Region, RowPitch, SlicePitch, Read ? "" : "input_");
    if (!Host)
      return Host.takeError();
    // "CL_INVALID_VALUE if ptr is NULL."
    if (!Ptr)
      return Error(CL_INVALID_VALUE, "ptr is NULL");
    // "CL_INVALID_OPERATION if clEnqueueReadImage is called on image which has been created with
    // CL_MEM_HOST_WRITE_ONLY or CL_MEM_HOST_NO_ACCESS", "if clEnqueueWriteImage is called on
    // image which has been created with CL_MEM_HOST_READ_ONLY or CL_MEM_HOST_NO_ACCESS."
    if (Status S = checkHostAccess(**I, Read, !Read); !S)
      return S.takeError();
    RectSpan Pixels = spanOf(**I, Origin);
    return copy(Read ? CL_COMMAND_READ_IMAGE : CL_COMMAND_WRITE_IMAGE, {Ref<Object>(*I)},
                Read ? Pixels : *Host, Read ? *Host : Pixels, bytesOf(**I, Region), Blocking);
  });
}

} // namespace

cl_mem CL_API_CALL clCreateImage(cl_context Context, cl_mem_flags Flags,
                                 const cl_image_format *ImageFormat,
                                 const cl_image_desc *ImageDesc, void *HostPtr,
                                 cl_int *ErrcodeRet) {
  return create<cl_mem>(__func__, Context, ErrcodeRet, [&]() -> Expected<cl_mem> {
    return makeImage(Context, nullptr, Flags, ImageFormat, ImageDesc, HostPtr);
  });
}

cl_mem CL_API_CALL clCreateImageWithProperties(cl_context Context,
                                               const cl_mem_properties *Properties,
                                               cl_mem_flags Flags,
                                               const cl_image_format *ImageFormat,
                                               const cl_image_desc *ImageDesc, void *HostPtr,
                                               cl_int *ErrcodeRet) {
  return create<cl_mem>(__func__, Context, ErrcodeRet, [&]() -> Expected<cl_mem> {
    return makeImage(Context, Properties, Flags, ImageFormat, ImageDesc, HostPtr);
  });
}

cl_mem CL_API_CALL clCreateImage2D(cl_context Context, cl_mem_flags Flags,
                                   const cl_image_format *ImageFormat, size_t Width, size_t Height,
                                   size_t RowPitch, void *HostPtr, cl_int *ErrcodeRet) {
  return create<cl_mem>(__func__, Context, ErrcodeRet, [&]() -> Expected<cl_mem> {
    cl_image_desc Desc{};
    Desc.image_type = CL_MEM_OBJECT_IMAGE2D;
    Desc.image_width = Width;
    Desc.image_height = Height;
    Desc.image_row_pitch = RowPitch;
    return makeImage(Context, nullptr, Flags, ImageFormat, &Desc, HostPtr, /*Legacy=*/true);
  });
}

cl_mem CL_API_CALL clCreateImage3D(cl_context Context, cl_mem_flags Flags,
                                   const cl_image_format *ImageFormat, size_t Width, size_t Height,
                                   size_t Depth, size_t RowPitch, size_t SlicePitch, void *HostPtr,
                                   cl_int *ErrcodeRet) {
  return create<cl_mem>(__func__, Context, ErrcodeRet, [&]() -> Expected<cl_mem> {
    // "CL_INVALID_IMAGE_SIZE if ... image_depth <= 1": "For clCreateImage3D, this must be a
    // value > 1."
    if (Depth <= 1 && toObject<weft::Context>(Context))
      return Error(CL_INVALID_IMAGE_SIZE, cat("image_depth ", Depth, " is not greater than 1"));
    cl_image_desc Desc{};
    Desc.image_type = CL_MEM_OBJECT_IMAGE3D;
    Desc.image_width = Width;
    Desc.image_height = Height;
    Desc.image_depth = Depth;
    Desc.image_row_pitch = RowPitch;
    Desc.image_slice_pitch = SlicePitch;
    return makeImage(Context, nullptr, Flags, ImageFormat, &Desc, HostPtr, /*Legacy=*/true);
  });
}

cl_int CL_API_CALL clGetSupportedImageFormats(cl_context ContextHandle, cl_mem_flags Flags,
                                              cl_mem_object_type ImageType, cl_uint NumEntries,
                                              cl_image_format *ImageFormats,
                                              cl_uint *NumImageFormats) {
  return call(__func__, ContextHandle, [&]() -> Status {
    auto C = toObject<Context>(ContextHandle);
    if (!C)
      return C.takeError();
    // "CL_INVALID_VALUE if flags or image_type are not valid, or if num_entries is 0 and
    // image_formats is not NULL."
    if (Status S = validateMemFlags(Flags, CL_MEM_KERNEL_READ_AND_WRITE); !S)
      return S.takeError();
    if (!isImageType(ImageType))
      return Error(CL_INVALID_VALUE, cat("image_type ", hex(ImageType), " is not an image type"));
    if (NumEntries == 0 && ImageFormats)
      return Error(CL_INVALID_VALUE, "num_entries is 0 but image_formats is not NULL");
    // "a union of image formats supported by all devices in the context": every Weft device
    // supports the same.
    const std::vector<cl_image_format> Formats = supportedImageFormats(ImageType);
    if (ImageFormats)
      std::copy_n(Formats.begin(), std::min<size_t>(NumEntries, Formats.size()), ImageFormats);
    if (NumImageFormats)
      *NumImageFormats = cl_uint(Formats.size());
    return Status::ok();
  });
}

cl_int CL_API_CALL clGetImageInfo(cl_mem ImageHandle, cl_image_info ParamName,
                                  size_t ParamValueSize, void *ParamValue,
                                  size_t *ParamValueSizeRet) {
  return call(__func__, ImageHandle, [&]() -> Status {
    auto M = toObject<MemObject>(ImageHandle);
    if (!M)
      return M.takeError();
    // "CL_INVALID_MEM_OBJECT if image is a not a valid image object."
    const ImageDesc *D = (*M)->imageDesc();
    if (!D)
      return Error(CL_INVALID_MEM_OBJECT, "image is a buffer, not an image");
    InfoWriter Out(ParamName, ParamValueSize, ParamValue, ParamValueSizeRet);
    switch (ParamName) {
    case CL_IMAGE_FORMAT:
      return Out(D->Format);
    case CL_IMAGE_ELEMENT_SIZE:
      return Out(size_t(pixelBytes(D->Format)));
    case CL_IMAGE_ROW_PITCH: // the application's, or width x element size
      return Out(D->RowPitch);
    case CL_IMAGE_SLICE_PITCH: // likewise; 0 for 1D, 1D buffer and 2D images
      return Out(D->SlicePitch);
    case CL_IMAGE_WIDTH:
      return Out(D->Width);
    case CL_IMAGE_HEIGHT: // 0 for 1D images, 1D image buffers and 1D arrays
      return Out(D->Height);
    case CL_IMAGE_DEPTH: // 0 but for 3D images
      return Out(D->Depth);
    case CL_IMAGE_ARRAY_SIZE: // 0 but for arrays
      return Out(D->ArraySize);
    case CL_IMAGE_BUFFER: { // "buffer object associated with image"
      MemObject *Source = (*M)->associated();
      return Out(toHandle(Source && !Source->image() ? Source : nullptr));
    }
    case CL_IMAGE_NUM_MIP_LEVELS:
    case CL_IMAGE_NUM_SAMPLES:
      return Out(cl_uint(0));
    default:
      return unknownQuery("image", ParamName);
    }
  });
}

cl_int CL_API_CALL clEnqueueReadImage(cl_command_queue Queue, cl_mem Image, cl_bool Blocking,
                                      const size_t *Origin, const size_t *Region, size_t RowPitch,
                                      size_t SlicePitch, void *Ptr, cl_uint NumEvents,
                                      const cl_event *WaitList, cl_event *EventOut) {
  return enqueueReadWrite(__func__, true, Queue, Image, Blocking, Origin, Region, RowPitch,
                          SlicePitch, Ptr, NumEvents, WaitList, EventOut);
}

cl_int CL_API_CALL clEnqueueWriteImage(cl_command_queue Queue, cl_mem Image, cl_bool Blocking,
                                       const size_t *Origin, const size_t *Region,
                                       size_t InputRowPitch, size_t InputSlicePitch,
                                       const void *Ptr, cl_uint NumEvents,
                                       const cl_event *WaitList, cl_event *EventOut) {
  return enqueueReadWrite(__func__, false, Queue, Image, Blocking, Origin, Region, InputRowPitch,
                          InputSlicePitch, const_cast<void *>(Ptr), NumEvents, WaitList,
                          EventOut);
}

cl_int CL_API_CALL clEnqueueCopyImage(cl_command_queue QueueHandle, cl_mem SrcImage,
                                      cl_mem DstImage, const size_t *SrcOrigin,
                                      const size_t *DstOrigin, const size_t *Region,
                                      cl_uint NumEvents, const cl_event *WaitList,
                                      cl_event *EventOut) {
  return enqueue(__func__, QueueHandle, NumEvents, WaitList, EventOut,
                 [&](Queue &Q) -> Expected<Enqueued> {
    auto Src = imageIn(Q, SrcImage, "src_image");
    if (!Src)
      return Src.takeError();
    auto Dst = imageIn(Q, DstImage, "dst_image");
    if (!Dst)
      return Dst.takeError();
    // "CL_IMAGE_FORMAT_MISMATCH if src_image and dst_image do not use the same image format."
    const cl_image_format &SF = (*Src)->imageDesc()->Format, &DF = (*Dst)->imageDesc()->Format;
    if (SF.image_channel_order != DF.image_channel_order ||
        SF.image_channel_data_type != DF.image_channel_data_type)
      return Error(CL_IMAGE_FORMAT_MISMATCH,
                   cat("src_image's format {", hex(SF.image_channel_order), ", ",
                       hex(SF.image_channel_data_type), "} differs from dst_image's {",
                       hex(DF.image_channel_order), ", ", hex(DF.image_channel_data_type), "}"));
    // The region must suit both images' types and bounds.
    if (Status S = checkImageRect(**Src, "src_origin", SrcOrigin, Region); !S)
      return S.takeError();
    if (Status S = checkImageRect(**Dst, "dst_origin", DstOrigin, Region); !S)
      return S.takeError();
    // "CL_MEM_COPY_OVERLAP if src_image and dst_image are the same image object and the source
    // and destination regions overlap": boxes of pixels, which overlap when they do along each
    // axis (distinct pixels never share bytes).
    if (*Src == *Dst) {
      bool Overlap = true;
      for (unsigned D = 0; D < 3; ++D)
        Overlap &= SrcOrigin[D] < DstOrigin[D] + Region[D] && DstOrigin[D] < SrcOrigin[D] + Region[D];
      if (Overlap)
        return Error(CL_MEM_COPY_OVERLAP, "the source and destination regions overlap");
    }
    return copy(CL_COMMAND_COPY_IMAGE, {Ref<Object>(*Src), Ref<Object>(*Dst)},
                spanOf(**Src, SrcOrigin), spanOf(**Dst, DstOrigin), bytesOf(**Src, Region));
  });
}

cl_int CL_API_CALL clEnqueueFillImage(cl_command_queue QueueHandle, cl_mem ImageHandle,
                                      const void *FillColor, const size_t *Origin,
                                      const size_t *Region, cl_uint NumEvents,
                                      const cl_event *WaitList, cl_event *EventOut) {
  return enqueue(__func__, QueueHandle, NumEvents, WaitList, EventOut,
                 [&](Queue &Q) -> Expected<Enqueued> {
    auto I = imageIn(Q, ImageHandle, "image");
    if (!I)
      return I.takeError();
    // "CL_INVALID_VALUE if fill_color is NULL."
    if (!FillColor)
      return Error(CL_INVALID_VALUE, "fill_color is NULL");
    if (Status S = checkImageRect(**I, "origin", Origin, Region); !S)
      return S.takeError();
    // "The fill color will be converted to the appropriate image channel format and order
    // associated with image": one pixel, converted now, repeated over the region.
    const Pixel P = packPixel((*I)->imageDesc()->Format, FillColor);
    const RectSpan At = spanOf(**I, Origin);
    FillCommand F = FillCommand::of(At.Base + At.Offset, Region[0] * P.Size, P.Bytes.data(), P.Size);
    F.Rows = Region[1];
    F.Slices = Region[2];
    F.RowPitch = At.RowPitch;
    F.SlicePitch = At.SlicePitch;
    // Whole rows of whole slices are one span.
    if ((F.Rows == 1 || F.RowPitch == F.Size) && (F.Slices == 1 || F.SlicePitch == F.Size * F.Rows)) {
      F.Size *= F.Rows * F.Slices;
      F.Rows = F.Slices = 1;
    }
    return Enqueued{CL_COMMAND_FILL_IMAGE,
                    std::make_unique<Command>(std::move(F), std::vector{Ref<Object>(*I)})};
  });
}

namespace {

/// What an image <-> buffer copy checks, named as the direction's parameters are: the image is
/// not a 1D image buffer of the buffer, the image's region is inside it, and the region's bytes
/// from Offset are inside the buffer. The buffer's side of the copy, and the region's bytes per
/// row, rows and slices in Bytes.
Expected<RectSpan> bufferSideOfImageCopy(MemObject &Image, MemObject &Buffer, bool ImageIsSource,
                                         const size_t *Origin, const size_t *Region,
                                         size_t Offset, std::array<size_t, 3> &Bytes) {
  const char *ImageName = ImageIsSource ? "src_image" : "dst_image";
  const char *BufferName = ImageIsSource ? "dst_buffer" : "src_buffer";
  // "CL_INVALID_MEM_OBJECT if src_image is a 1D image buffer object created from dst_buffer"
  // (and dst_image from src_buffer).
  if (Image.type() == CL_MEM_OBJECT_IMAGE1D_BUFFER && Image.associated() == &Buffer)
    return Error(CL_INVALID_MEM_OBJECT, cat(ImageName, " is a 1D image buffer of ", BufferName));
  if (Status S = checkImageRect(Image, ImageIsSource ? "src_origin" : "dst_origin", Origin, Region);
      !S)
    return S.takeError();
  // "CL_INVALID_VALUE if the region specified by dst_offset and dst_offset + dst_cb refer to a
  // region outside dst_buffer" (src_ for the other direction): cb is the region's pixels times
  // the element size, at most the image's size.
  Bytes = bytesOf(Image, Region);
  const size_t Cb = Bytes[0] * Bytes[1] * Bytes[2];
  if (Offset > Buffer.size() || Cb > Buffer.size() - Offset)
    return Error(CL_INVALID_VALUE, cat(ImageIsSource ? "dst_offset " : "src_offset ", Offset,
                                       " and the region's ", Cb, " bytes reach outside ",
                                       BufferName, "'s ", Buffer.size()));
  return RectSpan{Buffer.storage(), Offset, Bytes[0], Bytes[0] * Bytes[1]};
}

} // namespace

cl_int CL_API_CALL clEnqueueCopyImageToBuffer(cl_command_queue QueueHandle, cl_mem SrcImage,
                                              cl_mem DstBuffer, const size_t *SrcOrigin,
                                              const size_t *Region, size_t DstOffset,
                                              cl_uint NumEvents, const cl_event *WaitList,
                                              cl_event *EventOut) {
  return enqueue(__func__, QueueHandle, NumEvents, WaitList, EventOut,
                 [&](Queue &Q) -> Expected<Enqueued> {
    auto Src = imageIn(Q, SrcImage, "src_image");
    if (!Src)
      return Src.takeError();
    auto Dst = bufferIn(Q, DstBuffer, "dst_buffer");
    if (!Dst)
      return Dst.takeError();
    std::array<size_t, 3> Bytes;
    auto To = bufferSideOfImageCopy(**Src, **Dst, true, SrcOrigin, Region, DstOffset, Bytes);
    if (!To)
      return To.takeError();
    return copy(CL_COMMAND_COPY_IMAGE_TO_BUFFER, {Ref<Object>(*Src), Ref<Object>(*Dst)},
                spanOf(**Src, SrcOrigin), *To, Bytes);
  });
}

cl_int CL_API_CALL clEnqueueCopyBufferToImage(cl_command_queue QueueHandle, cl_mem SrcBuffer,
                                              cl_mem DstImage, size_t SrcOffset,
                                              const size_t *DstOrigin, const size_t *Region,
                                              cl_uint NumEvents, const cl_event *WaitList,
                                              cl_event *EventOut) {
  return enqueue(__func__, QueueHandle, NumEvents, WaitList, EventOut,
                 [&](Queue &Q) -> Expected<Enqueued> {
    auto Src = bufferIn(Q, SrcBuffer, "src_buffer");
    if (!Src)
      return Src.takeError();
    auto Dst = imageIn(Q, DstImage, "dst_image");
    if (!Dst)
      return Dst.takeError();
    std::array<size_t, 3> Bytes;
    auto From = bufferSideOfImageCopy(**Dst, **Src, false, DstOrigin, Region, SrcOffset, Bytes);
    if (!From)
      return From.takeError();
    return copy(CL_COMMAND_COPY_BUFFER_TO_IMAGE, {Ref<Object>(*Src), Ref<Object>(*Dst)}, *From,
                spanOf(**Dst, DstOrigin), Bytes);
  });
}

void *CL_API_CALL clEnqueueMapImage(cl_command_queue QueueHandle, cl_mem ImageHandle,
                                    cl_bool Blocking, cl_map_flags MapFlags, const size_t *Origin,
                                    const size_t *Region, size_t *ImageRowPitch,
                                    size_t *ImageSlicePitch, cl_uint NumEvents,
                                    const cl_event *WaitList, cl_event *EventOut,
                                    cl_int *ErrcodeRet) {
  void *Mapped = nullptr;
  MemObject *Image = nullptr;
  cl_int Code = enqueue(__func__, QueueHandle, NumEvents, WaitList, EventOut,
                        [&](Queue &Q) -> Expected<Enqueued> {
    auto I = imageIn(Q, ImageHandle, "image");
    if (!I)
      return I.takeError();
    // "CL_INVALID_VALUE if values specified in map_flags are not valid", the origin and region
    // rules, "if image_row_pitch is NULL", "if image is a 1D or 2D image array object and
    // image_slice_pitch is NULL", "if image is a 3D and image_slice_pitch is NULL".
    if (Status S = checkMapFlags(MapFlags); !S)
      return S.takeError();
    if (Status S = checkImageRect(**I, "origin", Origin, Region); !S)
      return S.takeError();
    if (!ImageRowPitch)
      return Error(CL_INVALID_VALUE, "image_row_pitch is NULL");
    if (!ImageSlicePitch && hasSlicePitch((*I)->type()))
      return Error(CL_INVALID_VALUE, "image_slice_pitch is NULL for a 3D image or an array");
    // "CL_INVALID_OPERATION if image has been created with CL_MEM_HOST_WRITE_ONLY or
    // CL_MEM_HOST_NO_ACCESS and CL_MAP_READ is set in map_flags or if image has been created with
    // CL_MEM_HOST_READ_ONLY or CL_MEM_HOST_NO_ACCESS and CL_MAP_WRITE or
    // CL_MAP_WRITE_INVALIDATE_REGION is set in map_flags."
    if (Status S = checkHostAccess(**I, MapFlags & CL_MAP_READ,
                                   MapFlags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION));
        !S)
      return S.takeError();
    // The image lives in host memory: the mapping is its own pixels, with its own pitches (for
    // CL_MEM_USE_HOST_PTR, "derived from the host_ptr"), recorded now; the command orders the
    // queue (and tells checked kernels when it runs, api::map).
    const RectSpan At = spanOf(**I, Origin);
    Image = *I;
    Mapped = At.Base + At.Offset;
    Image->addMapping(Mapped);
    // For checking mode's kernels, the whole image (the pixels of the region are not one span).
    return map(CL_COMMAND_MAP_IMAGE, **I, Mapped, (*I)->storage(), (*I)->size(), MapFlags, Blocking);
  });
  if (Code != CL_SUCCESS && Mapped) { // the command failed after the mapping was recorded
    if (auto M = toObject<MemObject>(ImageHandle))
      (*M)->removeMapping(Mapped);
    Mapped = nullptr;
  }
  if (Code == CL_SUCCESS) {
    // "image_slice_pitch ... For a 1D and 2D image, zero is returned if this argument is not
    // NULL."
    *ImageRowPitch = Image->storageRowPitch();
    if (ImageSlicePitch)
      *ImageSlicePitch = hasSlicePitch(Image->type()) ? Image->storageSlicePitch() : 0;
  }
  if (ErrcodeRet)
    *ErrcodeRet = Code;
  return Mapped;
}

} // namespace weft::api
