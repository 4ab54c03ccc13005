// The image format table: validity (what the specification defines), support (what Weft offers)
// and the sizes formats imply.
#include "runtime/core/ImageFormat.h"

#include <algorithm>
#include <span>

namespace weft {
namespace {

// Channel data types, grouped as the channel orders' restrictions name them.
constexpr cl_channel_type EveryUnpacked[] = {
    CL_UNORM_INT8,    CL_UNORM_INT16,    CL_SNORM_INT8,     CL_SNORM_INT16,
    CL_SIGNED_INT8,   CL_SIGNED_INT16,   CL_SIGNED_INT32,   CL_UNSIGNED_INT8,
    CL_UNSIGNED_INT16, CL_UNSIGNED_INT32, CL_HALF_FLOAT,    CL_FLOAT};
constexpr cl_channel_type RgbaTypes[] = {
    CL_UNORM_INT8,    CL_UNORM_INT16,    CL_SNORM_INT8,     CL_SNORM_INT16,
    CL_SIGNED_INT8,   CL_SIGNED_INT16,   CL_SIGNED_INT32,   CL_UNSIGNED_INT8,
    CL_UNSIGNED_INT16, CL_UNSIGNED_INT32, CL_HALF_FLOAT,    CL_FLOAT, CL_UNORM_INT_101010_2};
constexpr cl_channel_type NormalizedAndFloat[] = {CL_UNORM_INT8, CL_UNORM_INT16, CL_SNORM_INT8,
                                                  CL_SNORM_INT16, CL_HALF_FLOAT, CL_FLOAT};
constexpr cl_channel_type EightBit[] = {CL_UNORM_INT8, CL_SNORM_INT8, CL_SIGNED_INT8,
                                        CL_UNSIGNED_INT8};
constexpr cl_channel_type PackedRgb[] = {CL_UNORM_SHORT_565, CL_UNORM_SHORT_555,
                                         CL_UNORM_INT_101010};
constexpr cl_channel_type Unorm8[] = {CL_UNORM_INT8};
constexpr cl_channel_type DepthTypes[] = {CL_UNORM_INT16, CL_FLOAT, CL_UNORM_INT24};
constexpr cl_channel_type DepthStencilTypes[] = {CL_UNORM_INT24, CL_FLOAT};

/// One channel order: the data types the specification allows with it, and whether Weft
/// supports the order (then with every one of those types but CL_UNORM_INT24).
struct OrderEntry {
  cl_channel_order Order;
  std::span<const cl_channel_type> Types;
  bool Supported;
};

// The restrictions are the specification's (OpenCL 3.0 5.3.1.1 and its tables of orders and
// types): the packed types only with CL_RGB and CL_RGBx (CL_UNORM_INT_101010_2 only with
// CL_RGBA), CL_RGB and CL_RGBx only with them (any other type gives a pixel whose bits are not
// a power of two), CL_INTENSITY and CL_LUMINANCE only with normalized and floating-point types,
// CL_BGRA, CL_ARGB and CL_ABGR only with 8-bit types, the sRGB orders only with CL_UNORM_INT8,
// CL_DEPTH only with CL_UNORM_INT16 and CL_FLOAT (CL_UNORM_INT24 with cl_khr_gl_depth_images).
//
// Not supported: CL_Rx and CL_RGx, whose layout the specification (two and three channels, the
// last ignored) and the conformance tests (one and two channels) disagree on; CL_RGBx and
// CL_sRGBx, whose border color the specification ("Determining the Border Color", (0, 0, 0, 0))
// and the conformance tests (test_image_streams: alpha 1) disagree on; and the GL depth formats
// (CL_DEPTH_STENCIL, CL_UNORM_INT24), which belong to GL sharing. The built-in library reads and
// writes all of them as the specification says.
constexpr OrderEntry Orders[] = {
    {CL_R, EveryUnpacked, true},
    {CL_A, EveryUnpacked, true},
    {CL_RG, EveryUnpacked, true},
    {CL_RA, EveryUnpacked, true},
    {CL_RGB, PackedRgb, true},
    {CL_RGBA, RgbaTypes, true},
    {CL_BGRA, EightBit, true},
    {CL_ARGB, EightBit, true},
    {CL_ABGR, EightBit, true},
    {CL_INTENSITY, NormalizedAndFloat, true},
    {CL_LUMINANCE, NormalizedAndFloat, true},
    {CL_RGBx, PackedRgb, false},
    {CL_sRGB, Unorm8, true},
    {CL_sRGBx, Unorm8, false},
    {CL_sRGBA, Unorm8, true},
    {CL_sBGRA, Unorm8, true},
    {CL_DEPTH, DepthTypes, true},
    {CL_Rx, EveryUnpacked, false},
    {CL_RGx, EveryUnpacked, false},
    {CL_DEPTH_STENCIL, DepthStencilTypes, false},
};

const OrderEntry *findOrder(cl_channel_order Order) {
  for (const OrderEntry &E : Orders)
    if (E.Order == Order)
      return &E;
  return nullptr;
}

/// Bytes of one channel of an unpacked type, or of the whole pixel of a packed one.
unsigned typeBytes(cl_channel_type Type) {
  switch (Type) {
  case CL_SNORM_INT8:
  case CL_UNORM_INT8:
  case CL_SIGNED_INT8:
  case CL_UNSIGNED_INT8:
    return 1;
  case CL_SNORM_INT16:
  case CL_UNORM_INT16:
  case CL_SIGNED_INT16:
  case CL_UNSIGNED_INT16:
  case CL_HALF_FLOAT:
  case CL_UNORM_SHORT_565:
  case CL_UNORM_SHORT_555:
    return 2;
  case CL_SIGNED_INT32:
  case CL_UNSIGNED_INT32:
  case CL_FLOAT:
  case CL_UNORM_INT_101010:
  case CL_UNORM_INT_101010_2:
  case CL_UNORM_INT24:
    return 4;
  default:
    return 0;
  }
}

} // namespace

bool isImageType(cl_mem_object_type T) {
  switch (T) {
  case CL_MEM_OBJECT_IMAGE1D:
  case CL_MEM_OBJECT_IMAGE1D_BUFFER:
  case CL_MEM_OBJECT_IMAGE1D_ARRAY:
  case CL_MEM_OBJECT_IMAGE2D:
  case CL_MEM_OBJECT_IMAGE2D_ARRAY:
  case CL_MEM_OBJECT_IMAGE3D:
    return true;
  default:
    return false;
  }
}

unsigned channelCount(cl_channel_order Order) {
  switch (Order) {
  case CL_R:
  case CL_A:
  case CL_INTENSITY:
  case CL_LUMINANCE:
  case CL_DEPTH:
    return 1;
  case CL_RG:
  case CL_RA:
  case CL_Rx:
  case CL_DEPTH_STENCIL:
    return 2;
  case CL_RGB:
  case CL_RGx:
  case CL_sRGB:
    return 3;
  case CL_RGBA:
  case CL_BGRA:
  case CL_ARGB:
  case CL_ABGR:
  case CL_RGBx:
  case CL_sRGBx:
  case CL_sRGBA:
  case CL_sBGRA:
    return 4;
  default:
    return 0;
  }
}

bool isPackedChannelType(cl_channel_type Type) {
  return Type == CL_UNORM_SHORT_565 || Type == CL_UNORM_SHORT_555 ||
         Type == CL_UNORM_INT_101010 || Type == CL_UNORM_INT_101010_2;
}

ChannelKind channelKind(cl_channel_type Type) {
  switch (Type) {
  case CL_SIGNED_INT8:
  case CL_SIGNED_INT16:
  case CL_SIGNED_INT32:
    return ChannelKind::SignedInt;
  case CL_UNSIGNED_INT8:
  case CL_UNSIGNED_INT16:
  case CL_UNSIGNED_INT32:
    return ChannelKind::UnsignedInt;
  default:
    return ChannelKind::Float;
  }
}

bool isSrgbOrder(cl_channel_order Order) {
  return Order == CL_sRGB || Order == CL_sRGBx || Order == CL_sRGBA || Order == CL_sBGRA;
}

bool isValidImageFormat(const cl_image_format &F) {
  const OrderEntry *E = findOrder(F.image_channel_order);
  return E && std::find(E->Types.begin(), E->Types.end(), F.image_channel_data_type) !=
                  E->Types.end();
}

unsigned pixelBytes(const cl_image_format &F) {
  unsigned Bytes = typeBytes(F.image_channel_data_type);
  return isPackedChannelType(F.image_channel_data_type)
             ? Bytes
             : Bytes * channelCount(F.image_channel_order);
}

bool isSupportedImageFormat(const cl_image_format &F, cl_mem_object_type Type) {
  const OrderEntry *E = findOrder(F.image_channel_order);
  if (!E || !E->Supported || !isImageType(Type) || !isValidImageFormat(F) ||
      F.image_channel_data_type == CL_UNORM_INT24)
    return false;
  // cl_khr_depth_images: "Support for the CL_DEPTH image channel order is required only for 2D
  // images and 2D image arrays", which are the only types with depth kernel types.
  if (F.image_channel_order == CL_DEPTH)
    return Type == CL_MEM_OBJECT_IMAGE2D || Type == CL_MEM_OBJECT_IMAGE2D_ARRAY;
  return true;
}

std::vector<cl_image_format> supportedImageFormats(cl_mem_object_type Type) {
  std::vector<cl_image_format> Formats;
  for (const OrderEntry &E : Orders)
    for (cl_channel_type T : E.Types)
      if (cl_image_format F{E.Order, T}; isSupportedImageFormat(F, Type))
        Formats.push_back(F);
  return Formats;
}

size_t maxImageBufferPixels(uint64_t MaxAllocBytes) {
  return size_t(std::max<uint64_t>(65536, MaxAllocBytes / ImageLimits::MaxPixelBytes));
}

} // namespace weft
