// The image built-ins (OpenCL C 3.0 §6.15.15): read_imagef/i/ui with a sampler and without one,
// write_imagef/i/ui and the queries, for every image type and access qualifier Clang 15 declares
// with __opencl_c_images, __opencl_c_read_write_images, __opencl_c_3d_image_writes,
// cl_khr_depth_images and cl_khr_3d_image_writes. An image is a pointer to its WeftImage and a
// sampler its CLK_* bits (contracts/ImageAbi.h). Sampling follows the OpenCL environment spec's
// "Image Addressing and Filtering", the channels its "Conversion Rules".
//
// Everything inlines into the kernel. The sampler's modes are tests on its bits, which fold for
// the usual constant sampler. The format is tested at run time (__weft_image_format, below): in
// a loop over work-items the tests are the same for every work-item, and each read or write
// begins with the common formats (4 x 8-bit unorm RGBA, float RGBA, one float channel for reads
// and float writes; RGBA 8-bit and 32-bit integers for the integer ones), whose pixel size is
// then a constant, before the general decoding; weft-image-formats copies such loops per format,
// where the tests fold and the loop vectorizes across work-items. Texel addresses are always clamped
// into the image, whatever the coordinates (NaN included): an out-of-range coordinate with
// CLK_ADDRESS_NONE, which the spec leaves undefined, reads the nearest edge, and a write outside
// the image writes nothing.
#include "defs.h"

#include "ImageAbi.h"

#pragma OPENCL EXTENSION cl_khr_depth_images : enable

_Static_assert(WEFT_SAMPLER_NORMALIZED_COORDS == CLK_NORMALIZED_COORDS_TRUE, "sampler bits");
_Static_assert(WEFT_SAMPLER_ADDRESS_NONE == CLK_ADDRESS_NONE, "sampler bits");
_Static_assert(WEFT_SAMPLER_ADDRESS_CLAMP_TO_EDGE == CLK_ADDRESS_CLAMP_TO_EDGE, "sampler bits");
_Static_assert(WEFT_SAMPLER_ADDRESS_CLAMP == CLK_ADDRESS_CLAMP, "sampler bits");
_Static_assert(WEFT_SAMPLER_ADDRESS_REPEAT == CLK_ADDRESS_REPEAT, "sampler bits");
_Static_assert(WEFT_SAMPLER_ADDRESS_MIRRORED_REPEAT == CLK_ADDRESS_MIRRORED_REPEAT, "sampler bits");
_Static_assert(WEFT_SAMPLER_FILTER_NEAREST == CLK_FILTER_NEAREST, "sampler bits");
_Static_assert(WEFT_SAMPLER_FILTER_LINEAR == CLK_FILTER_LINEAR, "sampler bits");

// CL_UNORM_INT_101010_2 (OpenCL 2.1), which Clang 15's opencl-c-base.h does not define.
#define UNORM_INT_101010_2 0x10E0

#define INLINE static inline __attribute__((always_inline))
#define INLINE_OVL static inline __attribute__((always_inline, overloadable))

// images.ll: invariant loads of descriptor fields, half conversions. srgb.cl (gen/srgb.py): the
// sRGB conversions of 8-bit channels.
uint __weft_image_u32(const global uint *field);
ulong __weft_image_u64(const global ulong *field);
global uchar *__weft_image_data(global uchar *const global *field);
float __weft_half_to_float(ushort bits);
ushort __weft_float_to_half(float value);
float __weft_srgb_to_linear(uint x);
uint __weft_linear_to_srgb(float y);

// Loads and stores at a channel's alignment: an image created on an application's memory need
// not align its pixels to their size.
typedef float float4_unaligned __attribute__((ext_vector_type(4), aligned(4)));
typedef uint uint4_unaligned __attribute__((ext_vector_type(4), aligned(4)));
typedef uint uint_unaligned __attribute__((aligned(1)));
typedef float float_unaligned __attribute__((aligned(4)));

// An RGBA8 pixel as one 32-bit word (r in its low byte: x86 is little-endian) and back: one load
// or store a pixel, which a loop over work-items widens into one gather or scatter (four byte
// loads would be four).
INLINE uint4 unpackRGBA8(uint W) { return (uint4)(W & 255, (W >> 8) & 255, (W >> 16) & 255, W >> 24); }
INLINE uint packRGBA8(uint4 C) { return C.x | C.y << 8 | C.z << 16 | C.w << 24; }

// ---------------------------------------------------------------------------------------------
// The image: its descriptor's fields

typedef struct {
  const global struct WeftImage *Image;
  global uchar *Data;
  ulong RowPitch, SlicePitch;
  int Width, Height, Depth, Layers;
  uint Order, Type, PixelBytes;
} View;

INLINE View viewOf(const global struct WeftImage *I) {
  View V;
  V.Image = I;
  V.Data = __weft_image_data(&I->Data);
  V.RowPitch = __weft_image_u64(&I->RowPitch);
  V.SlicePitch = __weft_image_u64(&I->SlicePitch);
  V.Width = (int)__weft_image_u32((const global uint *)&I->Width);
  V.Height = (int)__weft_image_u32((const global uint *)&I->Height);
  V.Depth = (int)__weft_image_u32((const global uint *)&I->Depth);
  V.Layers = (int)__weft_image_u32((const global uint *)&I->ArraySize);
  V.Order = __weft_image_u32(&I->ChannelOrder);
  V.Type = __weft_image_u32(&I->ChannelDataType);
  V.PixelBytes = __weft_image_u32(&I->PixelBytes);
  return V;
}

// OpenCL C converts no image or sampler to anything else; __builtin_astype reinterprets them.
#define VIEW(Image) viewOf((const global struct WeftImage *)__builtin_astype(Image, global void *))
#define SAMPLER_BITS(Sampler) ((uint)__builtin_astype(Sampler, ulong))

// Pixel (X, Y, Z), with the layer of a 1D array in Y and of a 2D array in Z; Bytes per pixel.
INLINE global uchar *pixelAt(View V, int X, int Y, int Z, uint Bytes) {
  return V.Data + (size_t)(uint)X * Bytes + (size_t)(uint)Y * V.RowPitch +
         (size_t)(uint)Z * V.SlicePitch;
}

// The image's format, ChannelOrder << 16 | ChannelDataType. Only declared: weft-image-formats
// (compiler/passes/ImageFormats.cpp) gives a loop over work-items that tests formats a copy for
// the formats each image tests first (then second...), where the call is that constant and the
// tests fold, and makes the calls left loads of the two fields.
uint __weft_image_format(const global struct WeftImage *image) __attribute__((const));
#define FORMAT(ORDER, TYPE) ((uint)(ORDER) << 16 | (uint)(TYPE))

// The formats read and written inline with a constant pixel size, tested in this order; the
// others go through functions called out of line (below), so that a kernel's code stays small.
INLINE bool isRGBA8(View V) { return __weft_image_format(V.Image) == FORMAT(CLK_RGBA, CLK_UNORM_INT8); }
INLINE bool isRGBAFloat(View V) { return __weft_image_format(V.Image) == FORMAT(CLK_RGBA, CLK_FLOAT); }
INLINE bool isRGBA8UInt(View V) {
  return __weft_image_format(V.Image) == FORMAT(CLK_RGBA, CLK_UNSIGNED_INT8);
}
INLINE bool isRFloat(View V) { return __weft_image_format(V.Image) == FORMAT(CLK_R, CLK_FLOAT); }
INLINE bool isRGBA32Int(View V) {
  const uint F = __weft_image_format(V.Image);
  return F == FORMAT(CLK_RGBA, CLK_SIGNED_INT32) || F == FORMAT(CLK_RGBA, CLK_UNSIGNED_INT32);
}

// ---------------------------------------------------------------------------------------------
// Channels: from storage to (r, g, b, a) and back

// How many channels a pixel stores (Rx, RGx, RGBx store their ignored one).
INLINE uint channelCount(uint Order) {
  switch (Order) {
  case CLK_RG: case CLK_RA: case CLK_Rx:
    return 2;
  case CLK_RGB: case CLK_RGx: case CLK_sRGB:
    return 3;
  case CLK_RGBA: case CLK_BGRA: case CLK_ARGB: case CLK_ABGR: case CLK_RGBx: case CLK_sRGBA:
  case CLK_sBGRA: case CLK_sRGBx:
    return 4;
  default: // R, A, INTENSITY, LUMINANCE, DEPTH
    return 1;
  }
}

INLINE bool isSRGB(uint Order) {
  return Order == CLK_sRGB || Order == CLK_sRGBx || Order == CLK_sRGBA || Order == CLK_sBGRA;
}

// The stored channels S (in storage order) as the (r, g, b, a) a read returns: what a format
// lacks is 0, alpha 1; LUMINANCE and INTENSITY replicate theirs; DEPTH is r.
#define TO_RGBA(T, ONE)                                                                            \
  INLINE_OVL T##4 toRGBA(T##4 S, uint Order) {                                                     \
    switch (Order) {                                                                               \
    case CLK_R: case CLK_Rx: case CLK_DEPTH:                                                       \
      return (T##4)(S.x, 0, 0, ONE);                                                               \
    case CLK_A:                                                                                    \
      return (T##4)(0, 0, 0, S.x);                                                                 \
    case CLK_INTENSITY:                                                                            \
      return S.xxxx;                                                                               \
    case CLK_LUMINANCE:                                                                            \
      return (T##4)(S.x, S.x, S.x, ONE);                                                           \
    case CLK_RG: case CLK_RGx:                                                                     \
      return (T##4)(S.x, S.y, 0, ONE);                                                             \
    case CLK_RA:                                                                                   \
      return (T##4)(S.x, 0, 0, S.y);                                                               \
    case CLK_RGB: case CLK_RGBx: case CLK_sRGB: case CLK_sRGBx:                                    \
      return (T##4)(S.x, S.y, S.z, ONE);                                                           \
    case CLK_BGRA: case CLK_sBGRA:                                                                 \
      return S.zyxw;                                                                               \
    case CLK_ARGB:                                                                                 \
      return S.yzwx;                                                                               \
    case CLK_ABGR:                                                                                 \
      return S.wzyx;                                                                               \
    default: /* RGBA, sRGBA */                                                                     \
      return S;                                                                                    \
    }                                                                                              \
  }
TO_RGBA(float, 1.0f)

TO_RGBA(uint, 1u)

// A color (r, g, b, a) in storage order: the inverse of toRGBA (LUMINANCE, INTENSITY and DEPTH
// store r; the ignored channel of Rx, RGx and RGBx gets whatever follows).
#define FROM_RGBA(T)                                                                               \
  INLINE_OVL T##4 fromRGBA(T##4 C, uint Order) {                                                   \
    switch (Order) {                                                                               \
    case CLK_A:                                                                                    \
      return C.wwww;                                                                               \
    case CLK_RA:                                                                                   \
      return C.xwzy;                                                                               \
    case CLK_BGRA: case CLK_sBGRA:                                                                 \
      return C.zyxw;                                                                               \
    case CLK_ARGB:                                                                                 \
      return C.wxyz;                                                                               \
    case CLK_ABGR:                                                                                 \
      return C.wzyx;                                                                               \
    default:                                                                                       \
      return C;                                                                                    \
    }                                                                                              \
  }
FROM_RGBA(float)

FROM_RGBA(uint)

// The border color of CLK_ADDRESS_CLAMP: (0, 0, 0, 1) where the order has no alpha channel and
// the spec names it so (R, RG, RGB, LUMINANCE; sRGB, which it does not name, as RGB), else 0
// (the x orders included, as the spec lists them).
INLINE bool borderAlphaIsOne(uint Order) {
  return Order == CLK_R || Order == CLK_RG || Order == CLK_RGB || Order == CLK_LUMINANCE ||
         Order == CLK_sRGB;
}

// Up to four channels of type T at P, in storage order; those a pixel lacks are 0.
#define LOAD_CHANNELS(NAME, T, R)                                                                  \
  INLINE R##4 NAME(const global uchar *P, uint N) {                                                \
    const global T *C = (const global T *)P;                                                       \
    R##4 V = (R##4)(C[0], 0, 0, 0);                                                                \
    if (N > 1)                                                                                     \
      V.y = C[1];                                                                                  \
    if (N > 2)                                                                                     \
      V.z = C[2];                                                                                  \
    if (N > 3)                                                                                     \
      V.w = C[3];                                                                                  \
    return V;                                                                                      \
  }
LOAD_CHANNELS(loadUChars, uchar, uint)
LOAD_CHANNELS(loadChars, char, int)
LOAD_CHANNELS(loadUShorts, ushort, uint)
LOAD_CHANNELS(loadShorts, short, int)
LOAD_CHANNELS(loadUInts, uint, uint)
LOAD_CHANNELS(loadFloats, float, float)

#define STORE_CHANNELS(NAME, T, R)                                                                 \
  INLINE void NAME(global uchar *P, uint N, R##4 V) {                                              \
    global T *C = (global T *)P;                                                                   \
    C[0] = (T)V.x;                                                                                 \
    if (N > 1)                                                                                     \
      C[1] = (T)V.y;                                                                               \
    if (N > 2)                                                                                     \
      C[2] = (T)V.z;                                                                               \
    if (N > 3)                                                                                     \
      C[3] = (T)V.w;                                                                               \
  }
STORE_CHANNELS(storeUChars, uchar, uint)
STORE_CHANNELS(storeUShorts, ushort, uint)
STORE_CHANNELS(storeUInts, uint, uint)
STORE_CHANNELS(storeFloatChannels, float, float)

INLINE float4 toFloat(uint4 V) { return __builtin_convertvector(V, float4); }
INLINE float4 fromSigned(int4 V) { return __builtin_convertvector(V, float4); }

// A pixel's channels in storage order, as read_imagef returns them: normalized integers exactly
// x / max (correctly rounded; snorm's least value -1 as the spec asks), half and float as they
// are, sRGB's color channels linearized. Integer data: undefined for read_imagef; 0 here.
INLINE float4 storedFloats(View V, const global uchar *P) {
  const uint N = channelCount(V.Order);
  switch (V.Type) {
  case CLK_UNORM_INT8: {
    const uint4 U = loadUChars(P, N);
    float4 F = toFloat(U) / 255.0f;
    if (isSRGB(V.Order))
      F.xyz = (float3)(__weft_srgb_to_linear(U.x), __weft_srgb_to_linear(U.y),
                       __weft_srgb_to_linear(U.z));
    return F;
  }
  case CLK_UNORM_INT16:
    return toFloat(loadUShorts(P, N)) / 65535.0f;
  case CLK_SNORM_INT8: {
    const float4 F = fromSigned(loadChars(P, N)) / 127.0f;
    return F > -1.0f ? F : -1.0f;
  }
  case CLK_SNORM_INT16: {
    const float4 F = fromSigned(loadShorts(P, N)) / 32767.0f;
    return F > -1.0f ? F : -1.0f;
  }
  case CLK_UNORM_SHORT_565: {
    const uint W = *(const global ushort *)P;
    return toFloat((uint4)(W >> 11, (W >> 5) & 63, W & 31, 0)) / (float4)(31, 63, 31, 1);
  }
  case CLK_UNORM_SHORT_555: {
    const uint W = *(const global ushort *)P;
    return toFloat((uint4)((W >> 10) & 31, (W >> 5) & 31, W & 31, 0)) / 31.0f;
  }
  case CLK_UNORM_INT_101010: {
    const uint W = *(const global uint *)P;
    return toFloat((uint4)((W >> 20) & 1023, (W >> 10) & 1023, W & 1023, 0)) / 1023.0f;
  }
  case UNORM_INT_101010_2: {
    const uint W = *(const global uint *)P;
    return toFloat((uint4)(W >> 22, (W >> 12) & 1023, (W >> 2) & 1023, W & 3)) /
           (float4)(1023, 1023, 1023, 3);
  }
  case CLK_HALF_FLOAT: {
    const uint4 H = loadUShorts(P, N);
    return (float4)(__weft_half_to_float(H.x), __weft_half_to_float(H.y),
                    __weft_half_to_float(H.z), __weft_half_to_float(H.w));
  }
  case CLK_FLOAT:
    return loadFloats(P, N);
  default:
    return 0.0f;
  }
}

// A pixel's channels in storage order as 32-bit integers: signed types sign-extended, unsigned
// zero-extended (read_imagei returns them as int4, read_imageui as uint4). Other data: 0.
INLINE uint4 storedIntegers(View V, const global uchar *P) {
  const uint N = channelCount(V.Order);
  switch (V.Type) {
  case CLK_SIGNED_INT8:
    return as_uint4(loadChars(P, N));
  case CLK_SIGNED_INT16:
    return as_uint4(loadShorts(P, N));
  case CLK_UNSIGNED_INT8:
    return loadUChars(P, N);
  case CLK_UNSIGNED_INT16:
    return loadUShorts(P, N);
  case CLK_SIGNED_INT32:
  case CLK_UNSIGNED_INT32:
    return loadUInts(P, N);
  default:
    return 0;
  }
}

// ---------------------------------------------------------------------------------------------
// Writes: float to normalized integers, half, sRGB; integers saturated

// round_to_nearest_even(max(0, min(Max, Max * x))), NaN giving 0: in double, where Max * x is
// exact, so the rounding is that of the exact product.
INLINE uint unorm(float X, float Max) {
  double D = (double)X * (double)Max;
  D = D > 0.0 ? D : 0.0;
  D = D < (double)Max ? D : (double)Max;
  return (uint)__builtin_rint(D);
}
INLINE uint4 unorm4(float4 X, float Max) {
  return (uint4)(unorm(X.x, Max), unorm(X.y, Max), unorm(X.z, Max), unorm(X.w, Max));
}
// round_to_nearest_even(max(-Max - 1, min(Max, Max * x))), NaN giving 0.
INLINE int snorm(float X, float Max) {
  double D = (double)X * (double)Max;
  D = D > -Max - 1.0 ? D : (D == D ? -Max - 1.0 : 0.0);
  D = D < (double)Max ? D : (double)Max;
  return (int)__builtin_rint(D);
}
INLINE uint4 snorm4(float4 X, float Max) {
  return as_uint4((int4)(snorm(X.x, Max), snorm(X.y, Max), snorm(X.z, Max), snorm(X.w, Max)));
}

// Stores the channels S (storage order) at P in the image's type, from floats.
INLINE void storeFloats(View V, global uchar *P, float4 S) {
  const uint N = channelCount(V.Order);
  switch (V.Type) {
  case CLK_UNORM_INT8: {
    uint4 U = unorm4(S, 255.0f);
    if (isSRGB(V.Order))
      U.xyz = (uint3)(__weft_linear_to_srgb(S.x), __weft_linear_to_srgb(S.y),
                      __weft_linear_to_srgb(S.z));
    storeUChars(P, N, U);
    break;
  }
  case CLK_UNORM_INT16:
    storeUShorts(P, N, unorm4(S, 65535.0f));
    break;
  case CLK_SNORM_INT8:
    storeUChars(P, N, snorm4(S, 127.0f));
    break;
  case CLK_SNORM_INT16:
    storeUShorts(P, N, snorm4(S, 32767.0f));
    break;
  case CLK_UNORM_SHORT_565:
    *(global ushort *)P =
        (ushort)(unorm(S.x, 31.0f) << 11 | unorm(S.y, 63.0f) << 5 | unorm(S.z, 31.0f));
    break;
  case CLK_UNORM_SHORT_555:
    *(global ushort *)P =
        (ushort)(unorm(S.x, 31.0f) << 10 | unorm(S.y, 31.0f) << 5 | unorm(S.z, 31.0f));
    break;
  case CLK_UNORM_INT_101010:
    *(global uint *)P = unorm(S.x, 1023.0f) << 20 | unorm(S.y, 1023.0f) << 10 | unorm(S.z, 1023.0f);
    break;
  case UNORM_INT_101010_2:
    *(global uint *)P = unorm(S.x, 1023.0f) << 22 | unorm(S.y, 1023.0f) << 12 |
                        unorm(S.z, 1023.0f) << 2 | unorm(S.w, 3.0f);
    break;
  case CLK_HALF_FLOAT:
    storeUShorts(P, N, (uint4)(__weft_float_to_half(S.x), __weft_float_to_half(S.y),
                               __weft_float_to_half(S.z), __weft_float_to_half(S.w)));
    break;
  case CLK_FLOAT:
    storeFloatChannels(P, N, S);
    break;
  default: // integer data: undefined for write_imagef
    break;
  }
}

// Integer saturation, componentwise.
INLINE int4 clampInts(int4 V, int Lo, int Hi) { return V < Lo ? Lo : V > Hi ? Hi : V; }
INLINE uint4 minUInts(uint4 V, uint Hi) { return V > Hi ? Hi : V; }

// Stores integer channels S at P, saturated to the image's type: Signed says whether S holds
// ints (write_imagei) or uints (write_imageui).
INLINE void storeIntegers(View V, global uchar *P, uint4 S, bool Signed) {
  const uint N = channelCount(V.Order);
  const int4 I = as_int4(S);
  switch (V.Type) {
  case CLK_SIGNED_INT8:
    storeUChars(P, N, Signed ? as_uint4(clampInts(I, -128, 127)) : minUInts(S, 127));
    break;
  case CLK_SIGNED_INT16:
    storeUShorts(P, N, Signed ? as_uint4(clampInts(I, -32768, 32767)) : minUInts(S, 32767));
    break;
  case CLK_UNSIGNED_INT8:
    storeUChars(P, N, Signed ? as_uint4(clampInts(I, 0, 255)) : minUInts(S, 255));
    break;
  case CLK_UNSIGNED_INT16:
    storeUShorts(P, N, Signed ? as_uint4(clampInts(I, 0, 65535)) : minUInts(S, 65535));
    break;
  case CLK_SIGNED_INT32:
    storeUInts(P, N, Signed ? S : minUInts(S, 0x7fffffff));
    break;
  case CLK_UNSIGNED_INT32:
    storeUInts(P, N, Signed ? as_uint4(clampInts(I, 0, 0x7fffffff)) : S);
    break;
  default: // normalized or floating data: undefined for write_imagei and write_imageui
    break;
  }
}

// ---------------------------------------------------------------------------------------------
// Addressing and filtering

// A read's place on one axis: texel I0 for the nearest filter; I0 and I1, I1 weighing A, for the
// linear one. In0 and In1 say whether the texel lies in the image (CLK_ADDRESS_CLAMP reads the
// border color outside). I0 and I1 always lie in the image.
typedef struct {
  int I0, I1;
  bool In0, In1;
  float A;
} Axis;

INLINE int clampIndex(int I, int N) { return I < 0 ? 0 : I > N - 1 ? N - 1 : I; }

// (int)F for an integral F of any magnitude, NaN included: 2^30 at most either way, outside any
// image and safe to add to.
INLINE int toIndex(float F) {
  F = F > -0x1.0p30f ? F : -0x1.0p30f; // NaN too
  F = F < 0x1.0p30f ? F : 0x1.0p30f;
  return (int)F;
}

// An axis without the image's: its only texel.
INLINE Axis fixedAxis(void) {
  Axis A = {0, 0, true, true, 0.0f};
  return A;
}

// The layer of an array read with a sampler: clamp(rint(C), 0, layers - 1), whatever the
// addressing mode.
INLINE Axis layerAxis(float C, int Layers) {
  Axis A = fixedAxis();
  A.I0 = A.I1 = clampIndex(toIndex(__builtin_rintf(C)), Layers);
  return A;
}

// Axis of size N for coordinate S read with sampler Bits: (u, v, w) from (s, t, r) and the
// addressing mode's texels (environment spec, "Addressing and Filter Modes").
INLINE Axis sampledAxis(float S, int N, uint Bits, bool Linear) {
  const uint Mode = Bits & WEFT_SAMPLER_ADDRESS_MASK;
  const float Size = (float)N;
  float U;
  if (Mode == WEFT_SAMPLER_ADDRESS_REPEAT)
    U = (S - __builtin_floorf(S)) * Size;
  else if (Mode == WEFT_SAMPLER_ADDRESS_MIRRORED_REPEAT)
    U = __builtin_fabsf(S - 2.0f * __builtin_rintf(0.5f * S)) * Size;
  else
    U = (Bits & WEFT_SAMPLER_NORMALIZED_COORDS) ? S * Size : S;
  if (Linear)
    U -= 0.5f;
  const float Floor = __builtin_floorf(U);
  Axis A;
  A.I0 = toIndex(Floor);
  A.I1 = A.I0 + 1;
  A.A = U - Floor;
  if (Mode == WEFT_SAMPLER_ADDRESS_REPEAT) {
    // Nearest: i > n - 1 wraps; linear: i0 < 0 and i1 > n - 1 wrap.
    A.I0 = A.I0 < 0 ? A.I0 + N : A.I0 > N - 1 ? A.I0 - N : A.I0;
    A.I1 = A.I1 < 0 ? A.I1 + N : A.I1 > N - 1 ? A.I1 - N : A.I1;
  }
  // CLAMP: clamp(i, -1, n), where -1 and n read the border; CLAMP_TO_EDGE and MIRRORED_REPEAT:
  // clamp(i, 0, n - 1) (mirrored's min(i, n - 1) and max(i0, 0)); NONE: as clamped, though the
  // spec leaves it undefined.
  const bool Border = Mode == WEFT_SAMPLER_ADDRESS_CLAMP;
  A.In0 = !Border || (A.I0 >= 0 && A.I0 < N);
  A.In1 = !Border || (A.I1 >= 0 && A.I1 < N);
  A.I0 = clampIndex(A.I0, N);
  A.I1 = clampIndex(A.I1, N);
  return A;
}

// Axis of size N for integer coordinate C: with a sampler, whose filter must be nearest, its
// coordinates unnormalized and its addressing CLAMP_TO_EDGE, CLAMP or NONE; without one
// (Bits 0), as with NONE.
INLINE Axis integerAxis(int C, int N, uint Bits) {
  const bool Border = (Bits & WEFT_SAMPLER_ADDRESS_MASK) == WEFT_SAMPLER_ADDRESS_CLAMP;
  Axis A = fixedAxis();
  A.In0 = A.In1 = !Border || (C >= 0 && C < N);
  A.I0 = A.I1 = clampIndex(C, N);
  return A;
}

// The axes of a read at C: X, then Y and Z from the image's own axes (Dims of them) or its layer
// (on axis Layer: 1 for a 1D array, 2 for a 2D array; 0 for none).
typedef struct {
  Axis X, Y, Z;
} Place;

INLINE Place sampledPlace(View V, uint Bits, float4 C, int Dims, int Layer, bool Linear) {
  Place P;
  P.X = sampledAxis(C.x, V.Width, Bits, Linear);
  P.Y = Dims >= 2   ? sampledAxis(C.y, V.Height, Bits, Linear)
        : Layer == 1 ? layerAxis(C.y, V.Layers)
                     : fixedAxis();
  P.Z = Dims >= 3   ? sampledAxis(C.z, V.Depth, Bits, Linear)
        : Layer == 2 ? layerAxis(C.z, V.Layers)
                     : fixedAxis();
  return P;
}

INLINE Place integerPlace(View V, uint Bits, int4 C, int Dims, int Layer) {
  Place P;
  P.X = integerAxis(C.x, V.Width, Bits);
  P.Y = Dims >= 2 ? integerAxis(C.y, V.Height, Bits)
        : Layer == 1 ? integerAxis(C.y, V.Layers, 0)
                     : fixedAxis();
  P.Z = Dims >= 3 ? integerAxis(C.z, V.Depth, Bits)
        : Layer == 2 ? integerAxis(C.z, V.Layers, 0)
                     : fixedAxis();
  return P;
}

// Any format, through the descriptor: the texel at (X, Y, Z) as read_imagef and read_imageui
// return it, and the stores of a color. Called out of line (from the [[clang::noinline]] calls
// below), once per texel.
static float4 texelFloatsOf(const global struct WeftImage *I, int X, int Y, int Z) {
  const View V = viewOf(I);
  return toRGBA(storedFloats(V, pixelAt(V, X, Y, Z, V.PixelBytes)), V.Order);
}
static uint4 texelIntegersOf(const global struct WeftImage *I, int X, int Y, int Z) {
  const View V = viewOf(I);
  return toRGBA(storedIntegers(V, pixelAt(V, X, Y, Z, V.PixelBytes)), V.Order);
}
static void storeFloatsOf(const global struct WeftImage *I, int X, int Y, int Z, float4 Color) {
  const View V = viewOf(I);
  storeFloats(V, pixelAt(V, X, Y, Z, V.PixelBytes), fromRGBA(Color, V.Order));
}
static void storeIntegersOf(const global struct WeftImage *I, int X, int Y, int Z, uint4 Color,
                            bool Signed) {
  const View V = viewOf(I);
  storeIntegers(V, pixelAt(V, X, Y, Z, V.PixelBytes), fromRGBA(Color, V.Order), Signed);
}

#define FORMAT_ANY 0
#define FORMAT_RGBA8 1
#define FORMAT_RGBA_FLOAT 2
#define FORMAT_RGBA8_UINT 3
#define FORMAT_RGBA32_INT 4
#define FORMAT_R_FLOAT 5

// The texel at (X, Y, Z) as read_imagef returns it, for Format.
INLINE float4 texelFloats(View V, int X, int Y, int Z, int Format) {
  if (Format == FORMAT_RGBA8)
    return toFloat(unpackRGBA8(*(const global uint_unaligned *)pixelAt(V, X, Y, Z, 4))) / 255.0f;
  if (Format == FORMAT_RGBA_FLOAT)
    return *(const global float4_unaligned *)pixelAt(V, X, Y, Z, 16);
  if (Format == FORMAT_R_FLOAT)
    return (float4)(*(const global float_unaligned *)pixelAt(V, X, Y, Z, 4), 0.0f, 0.0f, 1.0f);
  float4 T;
  [[clang::noinline]] T = texelFloatsOf(V.Image, X, Y, Z);
  return T;
}

// read_imagef at Place P: the nearest texel, or the linear filter's weighted sum over the 2, 4
// or 8 texels of Dims axes (the spec's order of terms), texels outside read as Border. The
// texels are read wherever they lie (in the image, clamped) and selected afterwards: no branch.
INLINE float4 filterFloats(View V, Place P, int Dims, bool Linear, int Format) {
  const float4 Border = (float4)(0.0f, 0.0f, 0.0f, borderAlphaIsOne(V.Order) ? 1.0f : 0.0f);
  if (!Linear) {
    const float4 T = texelFloats(V, P.X.I0, P.Y.I0, P.Z.I0, Format);
    return P.X.In0 && P.Y.In0 && P.Z.In0 ? T : Border;
  }
  float4 Sum = 0.0f;
  for (int K = 0; K < (1 << Dims); ++K) {
    const bool HiX = K & 1, HiY = (K & 2) && Dims >= 2, HiZ = (K & 4) && Dims >= 3;
    const float4 T = texelFloats(V, HiX ? P.X.I1 : P.X.I0, HiY ? P.Y.I1 : P.Y.I0,
                                 HiZ ? P.Z.I1 : P.Z.I0, Format);
    const bool In = (HiX ? P.X.In1 : P.X.In0) && (HiY ? P.Y.In1 : P.Y.In0) &&
                    (HiZ ? P.Z.In1 : P.Z.In0);
    float W = HiX ? P.X.A : 1.0f - P.X.A;
    if (Dims >= 2)
      W *= HiY ? P.Y.A : 1.0f - P.Y.A;
    if (Dims >= 3)
      W *= HiZ ? P.Z.A : 1.0f - P.Z.A;
    Sum += W * (In ? T : Border);
  }
  return Sum;
}

INLINE float4 readFloats(View V, Place P, int Dims, bool Linear) {
  if (isRGBA8(V))
    return filterFloats(V, P, Dims, Linear, FORMAT_RGBA8);
  if (isRGBAFloat(V))
    return filterFloats(V, P, Dims, Linear, FORMAT_RGBA_FLOAT);
  if (isRFloat(V))
    return filterFloats(V, P, Dims, Linear, FORMAT_R_FLOAT);
  return filterFloats(V, P, Dims, Linear, FORMAT_ANY);
}

// read_imagei and read_imageui at Place P (always the nearest texel: their filter must be).
INLINE uint4 readIntegers(View V, Place P) {
  const uint4 Border = (uint4)(0, 0, 0, borderAlphaIsOne(V.Order) ? 1 : 0);
  const int X = P.X.I0, Y = P.Y.I0, Z = P.Z.I0;
  uint4 T;
  if (isRGBA8UInt(V))
    T = unpackRGBA8(*(const global uint_unaligned *)pixelAt(V, X, Y, Z, 4));
  else if (isRGBA32Int(V))
    T = *(const global uint4_unaligned *)pixelAt(V, X, Y, Z, 16);
  else
    [[clang::noinline]] T = texelIntegersOf(V.Image, X, Y, Z);
  return P.X.In0 && P.Y.In0 && P.Z.In0 ? T : Border;
}

INLINE float4 readSampledFloats(View V, uint Bits, float4 C, int Dims, int Layer) {
  const bool Linear = Bits & WEFT_SAMPLER_FILTER_LINEAR;
  return readFloats(V, sampledPlace(V, Bits, C, Dims, Layer, Linear), Dims, Linear);
}

INLINE float4 readIntegerFloats(View V, uint Bits, int4 C, int Dims, int Layer) {
  return readFloats(V, integerPlace(V, Bits, C, Dims, Layer), Dims, false);
}

// Where a write lands: pixel (C.x, C.y, C.z) of the image's axes and layer; false outside.
INLINE bool writePlace(View V, int4 C, int Dims, int Layer, int4 *At) {
  const int Y = Dims >= 2 || Layer == 1 ? C.y : 0, Z = Dims >= 3 || Layer == 2 ? C.z : 0;
  const int H = Dims >= 2 ? V.Height : Layer == 1 ? V.Layers : 1;
  const int D = Dims >= 3 ? V.Depth : Layer == 2 ? V.Layers : 1;
  *At = (int4)(C.x, Y, Z, 0);
  return (uint)C.x < (uint)V.Width && (uint)Y < (uint)H && (uint)Z < (uint)D;
}

INLINE void writeFloats(View V, int4 C, int Dims, int Layer, float4 Color) {
  int4 At;
  if (!writePlace(V, C, Dims, Layer, &At))
    return;
  if (isRGBA8(V))
    *(global uint_unaligned *)pixelAt(V, At.x, At.y, At.z, 4) = packRGBA8(unorm4(Color, 255.0f));
  else if (isRGBAFloat(V))
    *(global float4_unaligned *)pixelAt(V, At.x, At.y, At.z, 16) = Color;
  else if (isRFloat(V))
    *(global float_unaligned *)pixelAt(V, At.x, At.y, At.z, 4) = Color.x;
  else
    [[clang::noinline]] storeFloatsOf(V.Image, At.x, At.y, At.z, Color);
}

INLINE void writeIntegers(View V, int4 C, int Dims, int Layer, uint4 Color, bool Signed) {
  int4 At;
  if (!writePlace(V, C, Dims, Layer, &At))
    return;
  if (isRGBA8UInt(V))
    *(global uint_unaligned *)pixelAt(V, At.x, At.y, At.z, 4) =
        packRGBA8(Signed ? as_uint4(clampInts(as_int4(Color), 0, 255)) : minUInts(Color, 255));
  else if (isRGBA32Int(V))
    *(global uint4_unaligned *)pixelAt(V, At.x, At.y, At.z, 16) = Color;
  else
    [[clang::noinline]] storeIntegersOf(V.Image, At.x, At.y, At.z, Color, Signed);
}

// ---------------------------------------------------------------------------------------------
// The built-ins, for each image type

// Coordinates of one, two or four components as four.
INLINE_OVL int4 widen(int C) { return (int4)(C, 0, 0, 0); }
INLINE_OVL int4 widen(int2 C) { return (int4)(C, 0, 0); }
INLINE_OVL int4 widen(int4 C) { return C; }
INLINE_OVL float4 widen(float C) { return (float4)(C, 0.0f, 0.0f, 0.0f); }
INLINE_OVL float4 widen(float2 C) { return (float4)(C, 0.0f, 0.0f); }
INLINE_OVL float4 widen(float4 C) { return C; }

// M(T, DIMS, LAYER, INT, FLOAT): each image type but the depth ones, with its axes, the axis of
// its layer and its coordinate types.
#define FOR_COLOR_IMAGES(M)                                                                        \
  M(image1d_t, 1, 0, int, float)                                                                   \
  M(image1d_array_t, 1, 1, int2, float2)                                                           \
  M(image2d_t, 2, 0, int2, float2)                                                                 \
  M(image2d_array_t, 2, 2, int4, float4)                                                           \
  M(image3d_t, 3, 0, int4, float4)
#define FOR_DEPTH_IMAGES(M)                                                                        \
  M(image2d_depth_t, 2, 0, int2, float2)                                                           \
  M(image2d_array_depth_t, 2, 2, int4, float4)
#define FOR_IMAGES(M) FOR_COLOR_IMAGES(M) FOR_DEPTH_IMAGES(M) M(image1d_buffer_t, 1, 0, int, float)

// Reads with a sampler: read_only images only (a sampler with a read_write image is an error).
#define READ_SAMPLED(T, DIMS, LAYER, INT, FLOAT)                                                   \
  OVL float4 read_imagef(read_only T I, sampler_t S, FLOAT C) {                                    \
    return readSampledFloats(VIEW(I), SAMPLER_BITS(S), widen(C), DIMS, LAYER);                     \
  }                                                                                                \
  OVL float4 read_imagef(read_only T I, sampler_t S, INT C) {                                      \
    return readIntegerFloats(VIEW(I), SAMPLER_BITS(S), widen(C), DIMS, LAYER);                     \
  }                                                                                                \
  OVL int4 read_imagei(read_only T I, sampler_t S, FLOAT C) {                                      \
    const View V = VIEW(I);                                                                        \
    return as_int4(readIntegers(V, sampledPlace(V, SAMPLER_BITS(S), widen(C), DIMS, LAYER, false))); \
  }                                                                                                \
  OVL int4 read_imagei(read_only T I, sampler_t S, INT C) {                                        \
    const View V = VIEW(I);                                                                        \
    return as_int4(readIntegers(V, integerPlace(V, SAMPLER_BITS(S), widen(C), DIMS, LAYER)));      \
  }                                                                                                \
  OVL uint4 read_imageui(read_only T I, sampler_t S, FLOAT C) {                                    \
    const View V = VIEW(I);                                                                        \
    return readIntegers(V, sampledPlace(V, SAMPLER_BITS(S), widen(C), DIMS, LAYER, false));        \
  }                                                                                                \
  OVL uint4 read_imageui(read_only T I, sampler_t S, INT C) {                                      \
    const View V = VIEW(I);                                                                        \
    return readIntegers(V, integerPlace(V, SAMPLER_BITS(S), widen(C), DIMS, LAYER));               \
  }
FOR_COLOR_IMAGES(READ_SAMPLED)

#define READ_SAMPLED_DEPTH(T, DIMS, LAYER, INT, FLOAT)                                             \
  OVL float read_imagef(read_only T I, sampler_t S, FLOAT C) {                                     \
    return readSampledFloats(VIEW(I), SAMPLER_BITS(S), widen(C), DIMS, LAYER).x;                   \
  }                                                                                                \
  OVL float read_imagef(read_only T I, sampler_t S, INT C) {                                       \
    return readIntegerFloats(VIEW(I), SAMPLER_BITS(S), widen(C), DIMS, LAYER).x;                   \
  }
FOR_DEPTH_IMAGES(READ_SAMPLED_DEPTH)

// Sampler-less reads: as with integer coordinates and a sampler with CLK_ADDRESS_NONE.
#define READ_PLAIN(ACCESS, T, DIMS, LAYER, INT)                                                    \
  OVL float4 read_imagef(ACCESS T I, INT C) { return readIntegerFloats(VIEW(I), 0, widen(C), DIMS, LAYER); } \
  OVL int4 read_imagei(ACCESS T I, INT C) {                                                        \
    const View V = VIEW(I);                                                                        \
    return as_int4(readIntegers(V, integerPlace(V, 0, widen(C), DIMS, LAYER)));                    \
  }                                                                                                \
  OVL uint4 read_imageui(ACCESS T I, INT C) {                                                      \
    const View V = VIEW(I);                                                                        \
    return readIntegers(V, integerPlace(V, 0, widen(C), DIMS, LAYER));                             \
  }
#define READ_PLAIN_DEPTH(ACCESS, T, DIMS, LAYER, INT)                                              \
  OVL float read_imagef(ACCESS T I, INT C) { return readIntegerFloats(VIEW(I), 0, widen(C), DIMS, LAYER).x; }

#define WRITE(ACCESS, T, DIMS, LAYER, INT)                                                         \
  OVL void write_imagef(ACCESS T I, INT C, float4 Color) { writeFloats(VIEW(I), widen(C), DIMS, LAYER, Color); } \
  OVL void write_imagei(ACCESS T I, INT C, int4 Color) {                                           \
    writeIntegers(VIEW(I), widen(C), DIMS, LAYER, as_uint4(Color), true);                          \
  }                                                                                                \
  OVL void write_imageui(ACCESS T I, INT C, uint4 Color) {                                         \
    writeIntegers(VIEW(I), widen(C), DIMS, LAYER, Color, false);                                   \
  }
#define WRITE_DEPTH(ACCESS, T, DIMS, LAYER, INT)                                                   \
  OVL void write_imagef(ACCESS T I, INT C, float Depth) {                                          \
    writeFloats(VIEW(I), widen(C), DIMS, LAYER, (float4)(Depth, 0.0f, 0.0f, 0.0f));                \
  }

#define PLAIN_ACCESS(T, DIMS, LAYER, INT, FLOAT)                                                   \
  READ_PLAIN(read_only, T, DIMS, LAYER, INT)                                                       \
  READ_PLAIN(read_write, T, DIMS, LAYER, INT)                                                      \
  WRITE(write_only, T, DIMS, LAYER, INT)                                                           \
  WRITE(read_write, T, DIMS, LAYER, INT)
#define PLAIN_ACCESS_DEPTH(T, DIMS, LAYER, INT, FLOAT)                                             \
  READ_PLAIN_DEPTH(read_only, T, DIMS, LAYER, INT)                                                 \
  READ_PLAIN_DEPTH(read_write, T, DIMS, LAYER, INT)                                                \
  WRITE_DEPTH(write_only, T, DIMS, LAYER, INT)                                                     \
  WRITE_DEPTH(read_write, T, DIMS, LAYER, INT)
FOR_COLOR_IMAGES(PLAIN_ACCESS)
PLAIN_ACCESS(image1d_buffer_t, 1, 0, int, float)
FOR_DEPTH_IMAGES(PLAIN_ACCESS_DEPTH)

// read_imageh and write_imageh (cl_khr_fp16): read_imagef's values rounded to half once (exact
// for half images), and write_imagef of the half values, which are floats exactly.
#define READ_SAMPLED_HALF(T, DIMS, LAYER, INT, FLOAT)                                              \
  OVL half4 read_imageh(read_only T I, sampler_t S, FLOAT C) { return __builtin_convertvector(read_imagef(I, S, C), half4); } \
  OVL half4 read_imageh(read_only T I, sampler_t S, INT C) { return __builtin_convertvector(read_imagef(I, S, C), half4); }
#define READ_WRITE_HALF_ACCESS(ACCESS, T, INT)                                                     \
  OVL half4 read_imageh(ACCESS T I, INT C) { return __builtin_convertvector(read_imagef(I, C), half4); }
#define WRITE_HALF_ACCESS(ACCESS, T, INT)                                                          \
  OVL void write_imageh(ACCESS T I, INT C, half4 Color) { write_imagef(I, C, __builtin_convertvector(Color, float4)); }
#define PLAIN_HALF(T, DIMS, LAYER, INT, FLOAT)                                                     \
  READ_WRITE_HALF_ACCESS(read_only, T, INT) READ_WRITE_HALF_ACCESS(read_write, T, INT)             \
  WRITE_HALF_ACCESS(write_only, T, INT) WRITE_HALF_ACCESS(read_write, T, INT)
FOR_COLOR_IMAGES(READ_SAMPLED_HALF)
FOR_COLOR_IMAGES(PLAIN_HALF)
PLAIN_HALF(image1d_buffer_t, 1, 0, int, float)

// Queries (OpenCL C 3.0 §6.15.15.7), for every access qualifier.
#define QUERIES(ACCESS, T, DIMS, LAYER, INT, FLOAT)                                                \
  OVL int get_image_width(ACCESS T I) { return VIEW(I).Width; }                                    \
  OVL int get_image_channel_data_type(ACCESS T I) { return (int)VIEW(I).Type; }                    \
  OVL int get_image_channel_order(ACCESS T I) { return (int)VIEW(I).Order; }
#define QUERIES_2D(ACCESS, T)                                                                      \
  OVL int get_image_height(ACCESS T I) { return VIEW(I).Height; }                                  \
  OVL int2 get_image_dim(ACCESS T I) {                                                             \
    const View V = VIEW(I);                                                                        \
    return (int2)(V.Width, V.Height);                                                              \
  }
#define QUERIES_ARRAY(ACCESS, T)                                                                   \
  OVL size_t get_image_array_size(ACCESS T I) { return (size_t)VIEW(I).Layers; }
#define QUERIES_FOR(ACCESS)                                                                        \
  FOR_IMAGES(QUERIES_##ACCESS)                                                                     \
  QUERIES_2D(ACCESS, image2d_t)                                                                    \
  QUERIES_2D(ACCESS, image2d_array_t)                                                              \
  QUERIES_2D(ACCESS, image2d_depth_t)                                                              \
  QUERIES_2D(ACCESS, image2d_array_depth_t)                                                        \
  QUERIES_ARRAY(ACCESS, image1d_array_t)                                                           \
  QUERIES_ARRAY(ACCESS, image2d_array_t)                                                           \
  QUERIES_ARRAY(ACCESS, image2d_array_depth_t)                                                     \
  OVL int get_image_height(ACCESS image3d_t I) { return VIEW(I).Height; }                          \
  OVL int get_image_depth(ACCESS image3d_t I) { return VIEW(I).Depth; }                            \
  OVL int4 get_image_dim(ACCESS image3d_t I) {                                                     \
    const View V = VIEW(I);                                                                        \
    return (int4)(V.Width, V.Height, V.Depth, 0);                                                  \
  }
#define QUERIES_read_only(T, DIMS, LAYER, INT, FLOAT) QUERIES(read_only, T, DIMS, LAYER, INT, FLOAT)
#define QUERIES_write_only(T, DIMS, LAYER, INT, FLOAT) QUERIES(write_only, T, DIMS, LAYER, INT, FLOAT)
#define QUERIES_read_write(T, DIMS, LAYER, INT, FLOAT) QUERIES(read_write, T, DIMS, LAYER, INT, FLOAT)
QUERIES_FOR(read_only)
QUERIES_FOR(write_only)
QUERIES_FOR(read_write)
