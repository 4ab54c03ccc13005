// The ABI of images and samplers between the runtime and compiled kernels: what an image or a
// sampler kernel argument holds. Shared by runtime/ (C++, which fills it) and the built-in library
// (OpenCL C, builtins/src/images.cl, which reads it), so it is written in the subset both accept.
#pragma once

#ifdef __OPENCL_C_VERSION__
typedef ulong weft_image_u64;
typedef int weft_image_i32;
typedef uint weft_image_u32;
#define WEFT_IMAGE_GLOBAL global
#else
#include <cstdint>
namespace weft::abi {
typedef uint64_t weft_image_u64;
typedef int32_t weft_image_i32;
typedef uint32_t weft_image_u32;
#define WEFT_IMAGE_GLOBAL
#endif

/// An image kernel argument is a pointer to one of these (8 bytes in the argument buffer; the
/// kernel sees it as its image2d_t, image3d_t, ... value, `ptr addrspace(1)` in IR). The memory
/// object owns it and keeps it at one address for its whole life.
///
/// Pixel (x, y, z) is at Data + x * PixelBytes + y * RowPitch + z * SlicePitch, for every type:
/// a 1D array's layer is y (RowPitch is then the spec's image_slice_pitch, the bytes from one
/// layer to the next), a 2D array's layer is z. Dimensions a type lacks are 1 (Height of 1D
/// images, Depth of 1D and 2D images and of arrays); ArraySize is the number of layers of an
/// array and 0 otherwise. Pixels are stored as the format says (OpenCL 3.0 5.3.1.1), channels
/// in the order of the channel order's name, each of the channel data type's size, little-endian.
struct WeftImage {
  WEFT_IMAGE_GLOBAL unsigned char *Data;
  weft_image_u64 RowPitch;
  weft_image_u64 SlicePitch;
  weft_image_i32 Width;
  weft_image_i32 Height;
  weft_image_i32 Depth;
  weft_image_i32 ArraySize;
  weft_image_u32 ChannelOrder;    ///< CL_R ... CL_sBGRA, CL_DEPTH (the CLK_* values are the same)
  weft_image_u32 ChannelDataType; ///< CL_SNORM_INT8 ... CL_UNORM_INT_101010_2
  weft_image_u32 PixelBytes;      ///< bytes per pixel
  weft_image_u32 ImageType;       ///< CL_MEM_OBJECT_IMAGE2D, ...
};

/// A sampler kernel argument, and a sampler_t value in a kernel (`ptr addrspace(2)` in IR), is
/// not a pointer: its bits are the sampler's mode, as OpenCL C spells a sampler initializer
/// (the values of opencl-c-base.h's CLK_* constants, which the built-in library checks).
/// __translate_sampler_initializer(int), which Clang calls for a constant sampler_t, turns
/// the initializer into such a value, so that a kernel's constant samplers fold.
enum : weft_image_u32 {
  WEFT_SAMPLER_NORMALIZED_COORDS = 0x1,   ///< CLK_NORMALIZED_COORDS_TRUE
  WEFT_SAMPLER_ADDRESS_MASK = 0xE,        ///< bits 1-3: one of the five below
  WEFT_SAMPLER_ADDRESS_NONE = 0x0,        ///< CLK_ADDRESS_NONE
  WEFT_SAMPLER_ADDRESS_CLAMP_TO_EDGE = 0x2, ///< CLK_ADDRESS_CLAMP_TO_EDGE
  WEFT_SAMPLER_ADDRESS_CLAMP = 0x4,       ///< CLK_ADDRESS_CLAMP
  WEFT_SAMPLER_ADDRESS_REPEAT = 0x6,      ///< CLK_ADDRESS_REPEAT
  WEFT_SAMPLER_ADDRESS_MIRRORED_REPEAT = 0x8, ///< CLK_ADDRESS_MIRRORED_REPEAT
  WEFT_SAMPLER_FILTER_NEAREST = 0x10,     ///< CLK_FILTER_NEAREST
  WEFT_SAMPLER_FILTER_LINEAR = 0x20,      ///< CLK_FILTER_LINEAR
};

#ifndef __OPENCL_C_VERSION__
} // namespace weft::abi
#endif
