// Image formats and image limits: the one table of the channel orders and data types Weft
// supports, for which image types, and what a format implies (channels, bytes per pixel).
#pragma once

#include <CL/cl.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace weft {

/// What a kernel reads a channel data type as (read_imagef, read_imagei, read_imageui), and so
/// what clEnqueueFillImage's fill_color holds: four floats, ints or uints.
enum class ChannelKind { Float, SignedInt, UnsignedInt };

/// Whether T is one of the six image types of cl_mem_object_type.
bool isImageType(cl_mem_object_type T);

/// The channels a channel order stores (CL_RGBA 4, CL_DEPTH 1...); 0 for an unknown order.
unsigned channelCount(cl_channel_order Order);

/// Whether the channels of Type are packed into one 16- or 32-bit value (565, 555, 101010...).
bool isPackedChannelType(cl_channel_type Type);

ChannelKind channelKind(cl_channel_type Type);

/// Whether Order names an sRGB order (CL_sRGB, CL_sRGBx, CL_sRGBA, CL_sBGRA).
bool isSrgbOrder(cl_channel_order Order);

/// Whether the specification defines F's order and data type and allows them together (OpenCL
/// 3.0 5.3.1.1 and the orders' and types' own restrictions); if not, clCreateImage fails with
/// CL_INVALID_IMAGE_FORMAT_DESCRIPTOR.
bool isValidImageFormat(const cl_image_format &F);

/// Bytes of one pixel of a valid format F (CL_IMAGE_ELEMENT_SIZE, abi::WeftImage::PixelBytes).
unsigned pixelBytes(const cl_image_format &F);

/// Whether Weft supports F for images of Type (a valid format and an image type): what
/// clGetSupportedImageFormats lists. Otherwise CL_IMAGE_FORMAT_NOT_SUPPORTED.
bool isSupportedImageFormat(const cl_image_format &F, cl_mem_object_type Type);

/// Every format Weft supports for images of Type, in the table's order. The same for every
/// cl_mem_flags: Weft's kernels read, write and read-write every format it supports.
std::vector<cl_image_format> supportedImageFormats(cl_mem_object_type Type);

/// The image limits of every Weft device (CL_DEVICE_IMAGE*, CL_DEVICE_MAX_*_IMAGE_ARGS,
/// CL_DEVICE_MAX_SAMPLERS); the largest image buffer also depends on the device's largest
/// allocation (maxImageBufferPixels).
struct ImageLimits {
  static constexpr size_t Image2DMaxWidth = 16384, Image2DMaxHeight = 16384;
  static constexpr size_t Image3DMaxWidth = 2048, Image3DMaxHeight = 2048, Image3DMaxDepth = 2048;
  static constexpr size_t MaxArraySize = 2048;
  static constexpr uint32_t MaxReadImageArgs = 128, MaxWriteImageArgs = 64,
                            MaxReadWriteImageArgs = 64, MaxSamplers = 16;
  /// CL_DEVICE_IMAGE_PITCH_ALIGNMENT and CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT, in pixels: an
  /// image over a buffer needs its rows and its start on pixel boundaries, nothing more.
  static constexpr uint32_t PitchAlignmentPixels = 1, BaseAddressAlignmentPixels = 1;
  /// The widest pixel, by which the largest allocation is divided for the image buffer limit.
  static constexpr unsigned MaxPixelBytes = 16;
};

/// CL_DEVICE_IMAGE_MAX_BUFFER_SIZE for a device whose largest allocation is MaxAllocBytes: the
/// pixels of the widest format that fit in it (at least the spec's 65536).
size_t maxImageBufferPixels(uint64_t MaxAllocBytes);

} // namespace weft
