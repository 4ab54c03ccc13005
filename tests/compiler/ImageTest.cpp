// The image built-ins (builtins/src/images.cl) and image and sampler kernel arguments: kernels
// built by the compiler library read and write images described by WeftImage descriptors made
// here (contracts/ImageAbi.h), checked against a host model of the spec's rules written from the
// OpenCL environment spec's "Image Addressing and Filtering" and "Conversion Rules" (and the
// OpenCL C spec's border colors), apart from the library.
#include "compiler/CompilerFixture.h"
#include "contracts/ImageAbi.h"
#include "builtins/HalfReference.h"

#include <CL/cl.h>
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace weft {
namespace {

using Status = compiler::CompileOutput::Status;
using Float4 = std::array<float, 4>;
using UInt4 = std::array<uint32_t, 4>;

// ---------------------------------------------------------------------------------------------
// Formats and images on the host

struct Format {
  cl_channel_order Order;
  cl_channel_type Type;
};

std::string nameOf(Format F) {
  static const std::pair<unsigned, const char *> Names[] = {
      {CL_R, "R"},
      {CL_A, "A"},
      {CL_RG, "RG"},
      {CL_RA, "RA"},
      {CL_RGB, "RGB"},
      {CL_RGBA, "RGBA"},
      {CL_BGRA, "BGRA"},
      {CL_ARGB, "ARGB"},
      {CL_INTENSITY, "INTENSITY"},
      {CL_LUMINANCE, "LUMINANCE"},
      {CL_Rx, "Rx"},
      {CL_RGx, "RGx"},
      {CL_RGBx, "RGBx"},
      {CL_DEPTH, "DEPTH"},
      {CL_sRGB, "sRGB"},
      {CL_sRGBx, "sRGBx"},
      {CL_sRGBA, "sRGBA"},
      {CL_sBGRA, "sBGRA"},
      {CL_ABGR, "ABGR"},
      {CL_SNORM_INT8, "SNORM_INT8"},
      {CL_SNORM_INT16, "SNORM_INT16"},
      {CL_UNORM_INT8, "UNORM_INT8"},
      {CL_UNORM_INT16, "UNORM_INT16"},
      {CL_UNORM_SHORT_565, "UNORM_SHORT_565"},
      {CL_UNORM_SHORT_555, "UNORM_SHORT_555"},
      {CL_UNORM_INT_101010, "UNORM_INT_101010"},
      {CL_UNORM_INT_101010_2, "UNORM_INT_101010_2"},
      {CL_SIGNED_INT8, "SIGNED_INT8"},
      {CL_SIGNED_INT16, "SIGNED_INT16"},
      {CL_SIGNED_INT32, "SIGNED_INT32"},
      {CL_UNSIGNED_INT8, "UNSIGNED_INT8"},
      {CL_UNSIGNED_INT16, "UNSIGNED_INT16"},
      {CL_UNSIGNED_INT32, "UNSIGNED_INT32"},
      {CL_HALF_FLOAT, "HALF_FLOAT"},
      {CL_FLOAT, "FLOAT"}};
  std::string Order = "?", Type = "?";
  for (auto [Value, Name] : Names) {
    if (Value == F.Order)
      Order = Name;
    if (Value == F.Type)
      Type = Name;
  }
  return Order + "/" + Type;
}

/// Channels a pixel stores (OpenCL 3.0 API spec, "Image Format Descriptor": Rx has two, RGx
/// three, RGBx four).
unsigned storedChannels(cl_channel_order Order) {
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
    return 2;
  case CL_RGB:
  case CL_RGx:
  case CL_sRGB:
    return 3;
  default:
    return 4;
  }
}

bool isPacked(cl_channel_type T) {
  return T == CL_UNORM_SHORT_565 || T == CL_UNORM_SHORT_555 || T == CL_UNORM_INT_101010 ||
         T == CL_UNORM_INT_101010_2;
}

unsigned channelBytes(cl_channel_type T) {
  switch (T) {
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
    return 2;
  default:
    return 4;
  }
}

unsigned pixelBytes(Format F) {
  if (F.Type == CL_UNORM_SHORT_565 || F.Type == CL_UNORM_SHORT_555)
    return 2;
  if (isPacked(F.Type))
    return 4;
  return storedChannels(F.Order) * channelBytes(F.Type);
}

bool isIntegerType(cl_channel_type T) {
  return T == CL_SIGNED_INT8 || T == CL_SIGNED_INT16 || T == CL_SIGNED_INT32 ||
         T == CL_UNSIGNED_INT8 || T == CL_UNSIGNED_INT16 || T == CL_UNSIGNED_INT32;
}
bool isSigned(cl_channel_type T) {
  return T == CL_SIGNED_INT8 || T == CL_SIGNED_INT16 || T == CL_SIGNED_INT32;
}
bool isSRGB(cl_channel_order O) {
  return O == CL_sRGB || O == CL_sRGBx || O == CL_sRGBA || O == CL_sBGRA;
}

/// Every order with every channel type the spec allows it (API spec, "Image Format Descriptor"):
/// packed types with RGB and RGBx (101010_2 with RGBA), sRGB orders with UNORM_INT8, INTENSITY and
/// LUMINANCE with normalized and floating types, BGRA, ARGB and ABGR with 8-bit types, DEPTH with
/// UNORM_INT16 and FLOAT.
std::vector<Format> everyFormat() {
  const cl_channel_type Plain[] = {CL_SNORM_INT8,     CL_SNORM_INT16,   CL_UNORM_INT8,
                                   CL_UNORM_INT16,    CL_SIGNED_INT8,   CL_SIGNED_INT16,
                                   CL_SIGNED_INT32,   CL_UNSIGNED_INT8, CL_UNSIGNED_INT16,
                                   CL_UNSIGNED_INT32, CL_HALF_FLOAT,    CL_FLOAT};
  std::vector<Format> All;
  for (cl_channel_order O : {CL_R, CL_A, CL_RG, CL_RA, CL_RGBA, CL_Rx, CL_RGx, CL_RGBx})
    for (cl_channel_type T : Plain)
      All.push_back({O, T});
  for (cl_channel_order O : {CL_INTENSITY, CL_LUMINANCE})
    for (cl_channel_type T :
         {CL_UNORM_INT8, CL_UNORM_INT16, CL_SNORM_INT8, CL_SNORM_INT16, CL_HALF_FLOAT, CL_FLOAT})
      All.push_back({O, T});
  for (cl_channel_order O : {CL_BGRA, CL_ARGB, CL_ABGR})
    for (cl_channel_type T : {CL_UNORM_INT8, CL_SNORM_INT8, CL_SIGNED_INT8, CL_UNSIGNED_INT8})
      All.push_back({O, T});
  for (cl_channel_order O : {CL_RGB, CL_RGBx})
    for (cl_channel_type T : {CL_UNORM_SHORT_565, CL_UNORM_SHORT_555, CL_UNORM_INT_101010})
      All.push_back({O, T});
  All.push_back({CL_RGBA, CL_UNORM_INT_101010_2});
  for (cl_channel_order O : {CL_sRGB, CL_sRGBx, CL_sRGBA, CL_sBGRA})
    All.push_back({O, CL_UNORM_INT8});
  All.push_back({CL_DEPTH, CL_UNORM_INT16});
  All.push_back({CL_DEPTH, CL_FLOAT});
  return All;
}

/// half bits to float, and float to half bits rounding to nearest even (builtins/HalfReference.h).
float halfToFloat(uint16_t H) { return test::halfValue(H); }
uint16_t floatToHalf(float F) { return test::toHalf(F, test::Round::Even); }

/// An image on the host: its WeftImage and its storage, with pitches padded past the pixels.
struct HostImage {
  abi::WeftImage Desc{};
  std::vector<unsigned char> Storage;
  Format F{};
  cl_mem_object_type Type = 0;
  int Width = 1, Height = 1, Depth = 1, Layers = 0;

  unsigned char *pixel(int X, int Y, int Z) {
    return Storage.data() + size_t(X) * Desc.PixelBytes + size_t(Y) * Desc.RowPitch +
           size_t(Z) * Desc.SlicePitch;
  }
  const unsigned char *pixel(int X, int Y, int Z) const {
    return const_cast<HostImage *>(this)->pixel(X, Y, Z);
  }
  /// The extent of the storage axes: x, y (height or a 1D array's layers), z (depth or a 2D
  /// array's layers).
  int extentY() const { return Type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? Layers : Height; }
  int extentZ() const { return Type == CL_MEM_OBJECT_IMAGE2D_ARRAY ? Layers : Depth; }
};

/// Width x Height x Depth (or Layers) of type Type in format F, filled by Fill (random by default).
HostImage makeImage(cl_mem_object_type Type, Format F, int Width, int Height, int Depth, int Layers,
                    std::mt19937 &Random) {
  HostImage I;
  I.F = F;
  I.Type = Type;
  I.Width = Width;
  I.Height = Height;
  I.Depth = Depth;
  I.Layers = Layers;
  const unsigned Bytes = pixelBytes(F);
  I.Desc.Width = Width;
  I.Desc.Height = Height;
  I.Desc.Depth = Depth;
  I.Desc.ArraySize = Layers;
  I.Desc.ChannelOrder = F.Order;
  I.Desc.ChannelDataType = F.Type;
  I.Desc.PixelBytes = Bytes;
  I.Desc.ImageType = Type;
  // Pitches with padding, so that a read using the wrong one shows.
  I.Desc.RowPitch = uint64_t(Width) * Bytes + 4 * Bytes;
  I.Desc.SlicePitch = I.Desc.RowPitch * uint64_t(I.extentY() + 1);
  if (Type == CL_MEM_OBJECT_IMAGE1D_ARRAY) // the layer is y: RowPitch is the slice pitch
    I.Desc.SlicePitch = I.Desc.RowPitch;
  I.Storage.resize(I.Desc.SlicePitch * uint64_t(I.extentZ() + 1) +
                   I.Desc.RowPitch * uint64_t(I.extentY() + 1));
  std::uniform_int_distribution<int> Byte(0, 255);
  for (unsigned char &B : I.Storage)
    B = (unsigned char)Byte(Random);
  // Floating channels: finite values (a filter over infinities or NaNs is undefined).
  if (F.Type == CL_FLOAT || F.Type == CL_HALF_FLOAT) {
    std::uniform_real_distribution<float> Value(-4.0f, 4.0f);
    for (int Z = 0; Z < I.extentZ(); ++Z)
      for (int Y = 0; Y < I.extentY(); ++Y)
        for (int X = 0; X < Width; ++X)
          for (unsigned C = 0; C < storedChannels(F.Order); ++C) {
            unsigned char *P = I.pixel(X, Y, Z) + C * channelBytes(F.Type);
            float V = Value(Random);
            if (F.Type == CL_FLOAT) {
              std::memcpy(P, &V, 4);
            } else {
              uint16_t H = floatToHalf(V);
              std::memcpy(P, &H, 2);
            }
          }
  }
  I.Desc.Data = I.Storage.data();
  return I;
}

// ---------------------------------------------------------------------------------------------
// The spec's conversions: a pixel's channels as read_imagef, read_imagei and read_imageui
// return them, and what write_image* stores

/// Channel C (storage order) of pixel P as a float: normalized integers x / max (exactly
/// rounded), snorm at least -1, sRGB channels linearized, half and float as they are.
double srgbToLinear(double R) {
  return R <= 0.04045 ? R / 12.92 : std::pow((R + 0.055) / 1.055, 2.4);
}

std::array<double, 4> storedAsFloats(Format F, const unsigned char *P) {
  std::array<double, 4> S{0, 0, 0, 0};
  auto U16 = [&](unsigned C) {
    uint16_t V;
    std::memcpy(&V, P + 2 * C, 2);
    return V;
  };
  auto U32 = [&](unsigned C) {
    uint32_t V;
    std::memcpy(&V, P + 4 * C, 4);
    return V;
  };
  switch (F.Type) {
  case CL_UNORM_SHORT_565: {
    const uint16_t W = U16(0);
    return {float((W >> 11) & 31) / 31.0f, float((W >> 5) & 63) / 63.0f, float(W & 31) / 31.0f, 0};
  }
  case CL_UNORM_SHORT_555: {
    const uint16_t W = U16(0);
    return {float((W >> 10) & 31) / 31.0f, float((W >> 5) & 31) / 31.0f, float(W & 31) / 31.0f, 0};
  }
  case CL_UNORM_INT_101010: {
    const uint32_t W = U32(0);
    return {float((W >> 20) & 1023) / 1023.0f, float((W >> 10) & 1023) / 1023.0f,
            float(W & 1023) / 1023.0f, 0};
  }
  case CL_UNORM_INT_101010_2: {
    const uint32_t W = U32(0);
    return {float(W >> 22) / 1023.0f, float((W >> 12) & 1023) / 1023.0f,
            float((W >> 2) & 1023) / 1023.0f, float(W & 3) / 3.0f};
  }
  default:
    break;
  }
  for (unsigned C = 0; C < storedChannels(F.Order); ++C) {
    switch (F.Type) {
    case CL_UNORM_INT8:
      S[C] = float(P[C]) / 255.0f;
      if (isSRGB(F.Order) && C < 3)
        S[C] = float(srgbToLinear(double(P[C]) / 255.0));
      break;
    case CL_UNORM_INT16:
      S[C] = float(U16(C)) / 65535.0f;
      break;
    case CL_SNORM_INT8:
      S[C] = std::max(-1.0f, float(int8_t(P[C])) / 127.0f);
      break;
    case CL_SNORM_INT16:
      S[C] = std::max(-1.0f, float(int16_t(U16(C))) / 32767.0f);
      break;
    case CL_HALF_FLOAT:
      S[C] = halfToFloat(U16(C));
      break;
    case CL_FLOAT: {
      float V;
      std::memcpy(&V, P + 4 * C, 4);
      S[C] = V;
      break;
    }
    default:
      break;
    }
  }
  return S;
}

std::array<int64_t, 4> storedAsIntegers(Format F, const unsigned char *P) {
  std::array<int64_t, 4> S{0, 0, 0, 0};
  for (unsigned C = 0; C < storedChannels(F.Order); ++C) {
    switch (F.Type) {
    case CL_SIGNED_INT8:
      S[C] = int8_t(P[C]);
      break;
    case CL_UNSIGNED_INT8:
      S[C] = P[C];
      break;
    case CL_SIGNED_INT16: {
      int16_t V;
      std::memcpy(&V, P + 2 * C, 2);
      S[C] = V;
      break;
    }
    case CL_UNSIGNED_INT16: {
      uint16_t V;
      std::memcpy(&V, P + 2 * C, 2);
      S[C] = V;
      break;
    }
    case CL_SIGNED_INT32: {
      int32_t V;
      std::memcpy(&V, P + 4 * C, 4);
      S[C] = V;
      break;
    }
    case CL_UNSIGNED_INT32: {
      uint32_t V;
      std::memcpy(&V, P + 4 * C, 4);
      S[C] = V;
      break;
    }
    default:
      break;
    }
  }
  return S;
}

/// The color (r, g, b, a) of stored channels S under Order (API spec's channel orders: missing
/// color channels 0, missing alpha 1; LUMINANCE into r, g, b; INTENSITY into all four).
template <class T> std::array<T, 4> rgbaOf(cl_channel_order Order, std::array<T, 4> S) {
  switch (Order) {
  case CL_R:
  case CL_Rx:
  case CL_DEPTH:
    return {S[0], 0, 0, 1};
  case CL_A:
    return {0, 0, 0, S[0]};
  case CL_INTENSITY:
    return {S[0], S[0], S[0], S[0]};
  case CL_LUMINANCE:
    return {S[0], S[0], S[0], 1};
  case CL_RG:
  case CL_RGx:
    return {S[0], S[1], 0, 1};
  case CL_RA:
    return {S[0], 0, 0, S[1]};
  case CL_RGB:
  case CL_RGBx:
  case CL_sRGB:
  case CL_sRGBx:
    return {S[0], S[1], S[2], 1};
  case CL_BGRA:
  case CL_sBGRA:
    return {S[2], S[1], S[0], S[3]};
  case CL_ARGB:
    return {S[1], S[2], S[3], S[0]};
  case CL_ABGR:
    return {S[3], S[2], S[1], S[0]};
  default:
    return S;
  }
}

Float4 texelAsFloats(const HostImage &I, int X, int Y, int Z) {
  const auto D = rgbaOf(I.F.Order, storedAsFloats(I.F, I.pixel(X, Y, Z)));
  return {float(D[0]), float(D[1]), float(D[2]), float(D[3])};
}
UInt4 texelAsIntegers(const HostImage &I, int X, int Y, int Z) {
  const auto D = rgbaOf(I.F.Order, storedAsIntegers(I.F, I.pixel(X, Y, Z)));
  return {uint32_t(D[0]), uint32_t(D[1]), uint32_t(D[2]), uint32_t(D[3])};
}

/// OpenCL C 3.0 §6.15.15.1.1, "Determining the Border Color or Value".
Float4 borderColor(cl_channel_order Order) {
  const bool Opaque = Order == CL_R || Order == CL_RG || Order == CL_RGB || Order == CL_LUMINANCE ||
                      Order == CL_sRGB;
  return {0, 0, 0, Opaque ? 1.0f : 0.0f};
}

// ---------------------------------------------------------------------------------------------
// The spec's sampling, axis by axis

struct Sampler {
  bool Normalized = false;
  cl_addressing_mode Address = CL_ADDRESS_CLAMP_TO_EDGE;
  bool Linear = false;

  /// The sampler's value in a kernel: OpenCL C's CLK_* bits.
  uint64_t bits() const {
    unsigned A = Address == CL_ADDRESS_NONE            ? 0
                 : Address == CL_ADDRESS_CLAMP_TO_EDGE ? 2
                 : Address == CL_ADDRESS_CLAMP         ? 4
                 : Address == CL_ADDRESS_REPEAT        ? 6
                                                       : 8;
    return (Normalized ? 1 : 0) | A | (Linear ? 0x20 : 0x10);
  }
  std::string describe() const {
    static const char *Modes[] = {"NONE", "CLAMP_TO_EDGE", "CLAMP", "REPEAT", "MIRRORED_REPEAT"};
    return std::string(Normalized ? "normalized " : "unnormalized ") +
           Modes[Address - CL_ADDRESS_NONE] + (Linear ? " linear" : " nearest");
  }
};

std::vector<Sampler> everySampler() {
  std::vector<Sampler> All;
  for (bool Normalized : {false, true})
    for (cl_addressing_mode A : {CL_ADDRESS_NONE, CL_ADDRESS_CLAMP_TO_EDGE, CL_ADDRESS_CLAMP,
                                 CL_ADDRESS_REPEAT, CL_ADDRESS_MIRRORED_REPEAT})
      for (bool Linear : {false, true})
        if (Normalized || (A != CL_ADDRESS_REPEAT && A != CL_ADDRESS_MIRRORED_REPEAT))
          All.push_back({Normalized, A, Linear}); // repeat modes need normalized coordinates
  return All;
}

/// One axis of a read: the texels (one for nearest, two for linear), the second's weight, and
/// whether each is outside (border) or undefined (CLK_ADDRESS_NONE outside the image).
struct AxisTaps {
  int I[2] = {0, 0};
  float Weight = 0;
  bool Outside[2] = {false, false};
  bool Undefined = false;
};

int addressMode(int Coord, int Size, cl_addressing_mode Mode) {
  auto Clamp = [](int A, int B, int C) { return A < B ? B : (A > C ? C : A); };
  if (Mode == CL_ADDRESS_CLAMP)
    return Clamp(Coord, -1, Size);
  if (Mode == CL_ADDRESS_CLAMP_TO_EDGE)
    return Clamp(Coord, 0, Size - 1);
  return Coord; // NONE
}

float frac(float X) { return X - std::floor(X); }

/// The environment spec's formulas for coordinate S on an axis of Size texels.
AxisTaps sampleAxis(float S, int Size, const Sampler &Smp) {
  AxisTaps T;
  const float W = float(Size);
  if (Smp.Address == CL_ADDRESS_REPEAT) {
    const float U = (S - std::floor(S)) * W;
    if (!Smp.Linear) {
      int I = int(std::floor(U));
      if (I > Size - 1)
        I = I - Size;
      T.I[0] = I;
    } else {
      int I0 = int(std::floor(U - 0.5f)), I1 = I0 + 1;
      if (I0 < 0)
        I0 = Size + I0;
      if (I1 > Size - 1)
        I1 = I1 - Size;
      T.I[0] = I0;
      T.I[1] = I1;
      T.Weight = frac(U - 0.5f);
    }
    return T;
  }
  if (Smp.Address == CL_ADDRESS_MIRRORED_REPEAT) {
    float Sp = 2.0f * std::rint(0.5f * S);
    Sp = std::fabs(S - Sp);
    const float U = Sp * W;
    if (!Smp.Linear) {
      T.I[0] = std::min(int(std::floor(U)), Size - 1);
    } else {
      int I0 = int(std::floor(U - 0.5f)), I1 = I0 + 1;
      T.I[0] = std::max(I0, 0);
      T.I[1] = std::min(I1, Size - 1);
      T.Weight = frac(U - 0.5f);
    }
    return T;
  }
  const float U = Smp.Normalized ? S * W : S;
  if (!Smp.Linear) {
    T.I[0] = addressMode(int(std::floor(U)), Size, Smp.Address);
  } else {
    T.I[0] = addressMode(int(std::floor(U - 0.5f)), Size, Smp.Address);
    T.I[1] = addressMode(int(std::floor(U - 0.5f)) + 1, Size, Smp.Address);
    T.Weight = frac(U - 0.5f);
  }
  for (int K = 0; K < (Smp.Linear ? 2 : 1); ++K) {
    const bool Out = T.I[K] < 0 || T.I[K] >= Size;
    if (Smp.Address == CL_ADDRESS_CLAMP)
      T.Outside[K] = Out;
    else if (Out)
      T.Undefined = true;
  }
  return T;
}

/// An array's layer read with a sampler: clamp(rint(c), 0, layers - 1).
AxisTaps layerTaps(float C, int Layers) {
  AxisTaps T;
  T.I[0] = T.I[1] = std::clamp(int(std::nearbyint(C)), 0, Layers - 1);
  return T;
}

/// The taps of an integer coordinate (nearest, unnormalized; CLAMP, CLAMP_TO_EDGE or NONE).
AxisTaps integerTaps(int C, int Size, const Sampler &Smp) {
  AxisTaps T;
  T.I[0] = T.I[1] = addressMode(C, Size, Smp.Address);
  const bool Out = T.I[0] < 0 || T.I[0] >= Size;
  if (Smp.Address == CL_ADDRESS_CLAMP)
    T.Outside[0] = T.Outside[1] = Out;
  else if (Out)
    T.Undefined = true;
  return T;
}

/// How an image type's coordinates map to the storage axes.
struct Shape {
  int Dims;  ///< axes filtered: 1, 2 or 3
  int Layer; ///< the coordinate holding the layer: 1 (1D array), 2 (2D array), 0 (none)
};

Shape shapeOf(cl_mem_object_type Type) {
  switch (Type) {
  case CL_MEM_OBJECT_IMAGE1D:
  case CL_MEM_OBJECT_IMAGE1D_BUFFER:
    return {1, 0};
  case CL_MEM_OBJECT_IMAGE1D_ARRAY:
    return {1, 1};
  case CL_MEM_OBJECT_IMAGE2D:
    return {2, 0};
  case CL_MEM_OBJECT_IMAGE2D_ARRAY:
    return {2, 2};
  default:
    return {3, 0};
  }
}

/// The taps of a read of I at C (float coordinates), per axis.
std::array<AxisTaps, 3> tapsAt(const HostImage &I, const Sampler &Smp, const Float4 &C) {
  const Shape S = shapeOf(I.Type);
  std::array<AxisTaps, 3> T;
  T[0] = sampleAxis(C[0], I.Width, Smp);
  if (S.Dims >= 2)
    T[1] = sampleAxis(C[1], I.Height, Smp);
  else if (S.Layer == 1)
    T[1] = layerTaps(C[1], I.Layers);
  if (S.Dims >= 3)
    T[2] = sampleAxis(C[2], I.Depth, Smp);
  else if (S.Layer == 2)
    T[2] = layerTaps(C[2], I.Layers);
  return T;
}

/// read_imagef's result from the taps: the nearest texel or the spec's weighted sum, in its
/// order of terms; nullopt where the spec leaves it undefined.
std::optional<Float4> filterTaps(const HostImage &I, const std::array<AxisTaps, 3> &T, bool Linear,
                                 int Dims) {
  for (const AxisTaps &A : T)
    if (A.Undefined)
      return std::nullopt;
  Float4 Sum{0, 0, 0, 0};
  const int Corners = Linear ? 1 << Dims : 1;
  for (int K = 0; K < Corners; ++K) {
    int Pick[3] = {K & 1, Dims >= 2 ? (K >> 1) & 1 : 0, Dims >= 3 ? (K >> 2) & 1 : 0};
    float W = 1;
    if (Linear)
      for (int D = 0; D < Dims; ++D)
        W *= Pick[D] ? T[D].Weight : 1 - T[D].Weight;
    bool Outside = T[0].Outside[Pick[0]] || T[1].Outside[Pick[1]] || T[2].Outside[Pick[2]];
    Float4 Texel = Outside ? borderColor(I.F.Order)
                           : texelAsFloats(I, T[0].I[Pick[0]], T[1].I[Pick[1]], T[2].I[Pick[2]]);
    if (!Linear)
      return Texel;
    for (int C = 0; C < 4; ++C)
      Sum[C] += W * Texel[C];
  }
  return Sum;
}

// ---------------------------------------------------------------------------------------------
// The fixture: kernels built for a device with images

compiler::DeviceTarget imageDevice() {
  compiler::DeviceTarget T;
  T.Extensions = {"cl_khr_depth_images", "cl_khr_3d_image_writes"};
  T.Features = {"__opencl_c_images", "__opencl_c_read_write_images", "__opencl_c_3d_image_writes",
                "__opencl_c_int64"};
  return T;
}

const char *typeName(cl_mem_object_type Type, bool Depth = false) {
  switch (Type) {
  case CL_MEM_OBJECT_IMAGE1D:
    return "image1d_t";
  case CL_MEM_OBJECT_IMAGE1D_BUFFER:
    return "image1d_buffer_t";
  case CL_MEM_OBJECT_IMAGE1D_ARRAY:
    return "image1d_array_t";
  case CL_MEM_OBJECT_IMAGE2D:
    return Depth ? "image2d_depth_t" : "image2d_t";
  case CL_MEM_OBJECT_IMAGE2D_ARRAY:
    return Depth ? "image2d_array_depth_t" : "image2d_array_t";
  default:
    return "image3d_t";
  }
}

/// The coordinate type's width for an image type: 1, 2 or 4.
int coordWidth(cl_mem_object_type Type) {
  const Shape S = shapeOf(Type);
  const int Used = S.Dims + (S.Layer ? 1 : 0);
  return Used == 1 ? 1 : Used == 2 ? 2 : 4;
}

std::string vectorType(const char *Scalar, int Width) {
  return Width == 1 ? Scalar : std::string(Scalar) + std::to_string(Width);
}

class Images : public test::Execution {
protected:
  /// Source built for a device with images; each source once per test.
  const compiler::BuildOutput &buildImages(const std::string &Source) {
    auto [It, New] = Built.try_emplace(Source);
    if (New)
      It->second = build(Source, "-cl-std=CL3.0", imageDevice());
    return It->second;
  }
  std::map<std::string, compiler::BuildOutput> Built;

  /// Runs kernel K over N work-items in one dimension.
  static void run1D(const compiler::KernelBinary &K, const std::vector<std::byte> &Args, size_t N) {
    run(K, Args, 1, {N, 1, 1}, {std::min<size_t>(N, 16), 1, 1});
  }
};

/// Coordinates that probe every rule: texel centers and edges, a little inside and outside,
/// far outside, and random ones, for an axis of Size texels (normalized: divided by Size).
std::vector<float> probeCoordinates(int Size, bool Normalized, std::mt19937 &Random,
                                    bool Inside = false) {
  std::vector<float> U;
  if (Inside) { // where every tap, nearest or linear, lies in the image: CLK_ADDRESS_NONE's
    std::uniform_real_distribution<float> In(0.5f, float(Size) - 0.5f);
    for (int I = 0; I < 40; ++I)
      U.push_back(I < Size ? float(I) + (I == 0 ? 0.5f : 0.0f) : In(Random));
    if (Normalized)
      for (float &C : U)
        C /= float(Size);
    return U;
  }
  for (int I = -2; I <= Size + 2; ++I)
    for (float Offset : {0.0f, 0.5f, 0.25f, 0.999f})
      U.push_back(float(I) + Offset);
  for (float Far : {-1000.5f, 1000.25f, 3.0f * Size + 0.7f, -2.0f * Size - 0.3f})
    U.push_back(Far);
  std::uniform_real_distribution<float> Any(-1.5f * Size, 2.5f * Size);
  for (int I = 0; I < 24; ++I)
    U.push_back(Any(Random));
  if (Normalized)
    for (float &C : U)
      C /= float(Size);
  return U;
}

bool near(float A, float B) {
  return A == B || std::fabs(A - B) <= 2e-6f + 1e-5f * std::max(std::fabs(A), std::fabs(B));
}

// ---------------------------------------------------------------------------------------------
// Kernel arguments

TEST_F(Images, ImageAndSamplerArgumentsAreNeitherPointersNorBuffers) {
  const auto &Out = buildImages(R"(
    typedef image2d_t picture;
    constant sampler_t Fixed = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
    kernel void k(read_only picture a, write_only image3d_t b, sampler_t s, read_write image1d_buffer_t c,
                  read_only image2d_array_depth_t d, global float4 *out, int n) {
      out[0] = read_imagef(a, s, (int2)(0, 0)) + read_imagef(a, Fixed, (int2)(n, 0)) + read_imagef(c, n) +
               read_imagef(d, s, (int4)(0, 0, 0, 0));
      write_imagef(b, (int4)(0, 0, 0, 0), out[1]);
    })");
  ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
  const compiler::KernelBinary *K = Out.Program->kernel("k");
  ASSERT_NE(K, nullptr);
  const auto &A = K->Info.Args;
  ASSERT_EQ(A.size(), 7u);
  using AS = compiler::KernelArg::AddressSpace;
  const char *Access[] = {"read_only", "write_only", "none", "read_write",
                          "read_only", "none",       "none"};
  const bool Image[] = {true, true, false, true, true, false, false};
  for (unsigned I = 0; I < 7; ++I) {
    SCOPED_TRACE(I);
    EXPECT_EQ(A[I].IsImage, Image[I]);
    EXPECT_EQ(A[I].IsSampler, I == 2);
    EXPECT_EQ(A[I].IsPointer, I == 5);
    EXPECT_EQ(A[I].AccessQualifier, Access[I]);
    if (Image[I]) {
      EXPECT_EQ(A[I].Space, AS::Global);
    }
    if (I < 5) {
      EXPECT_EQ(K->Args[I].Size, 8u); // a WeftImage's address, or the sampler's bits
  }
  EXPECT_EQ(A[0].TypeName, "picture"); // what the kernel says; its base type is image2d_t
  EXPECT_EQ(A[1].TypeName, "image3d_t");
    }
  EXPECT_EQ(A[2].TypeName, "sampler_t");
  EXPECT_EQ(A[4].TypeName, "image2d_array_depth_t");
}

// The spec defines __IMAGE_SUPPORT__ where a device supports images; Clang defines it for SPIR
// targets only.
TEST_F(Images, ImageSupportIsAMacroWhereTheDeviceHasImages) {
  const char *Source = "kernel void k(global int *o) {\n#ifdef __IMAGE_SUPPORT__\n o[0] = 1;\n"
                       "#else\n o[0] = 2;\n#endif\n}";
  for (bool WithImages : {true, false}) {
    auto Out =
        build(Source, "-cl-std=CL3.0", WithImages ? imageDevice() : compiler::DeviceTarget{});
    ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
    int Result = 0;
    std::vector<std::byte> Args(Out.Program->kernels().at(0).ArgBufferSize);
    set(Args, Out.Program->kernels().at(0), 0, &Result);
    run1D(Out.Program->kernels().at(0), Args, 1);
    EXPECT_EQ(Result, WithImages ? 1 : 2);
  }
}

// What the spec forbids fails the build with Clang's diagnostic, never the process.
TEST_F(Images, ForbiddenImageAndSamplerUsesAreBuildErrors) {
  const char *Programs[] = {
      // A sampler with a read_write image (OpenCL C 3.0: only sampler-less reads there).
      "kernel void k(read_write image2d_t i, sampler_t s, global float4 *o) {"
      " o[0] = read_imagef(i, s, (int2)(0, 0)); }",
      // Writing a read_only image, reading a write_only one.
      "kernel void k(read_only image2d_t i) { write_imagef(i, (int2)(0, 0), (float4)(0)); }",
      "kernel void k(write_only image2d_t i, global float4 *o) { o[0] = read_imagef(i, (int2)(0, "
      "0)); }",
      // Samplers and images are not values one may store or convert.
      "kernel void k(read_only image2d_t i, global int *o) { o[0] = (int)i; }",
      "kernel void k(sampler_t s, global int *o) { sampler_t t; t = s; o[0] = 0; }",
      "kernel void k(global int *o) { int s = CLK_FILTER_NEAREST; o[0] = read_imagei((image2d_t)0, "
      "s, (int2)(0)).x; }",
      "sampler_t Global = CLK_FILTER_NEAREST; kernel void k(global int *o) { o[0] = 0; }",
      "kernel void k(read_only image2d_t i, global image2d_t *p) { }",
      // An image type the device does not offer.
      "kernel void k(read_only image2d_msaa_t i) { }",
  };
  for (const char *Source : Programs) {
    SCOPED_TRACE(Source);
    const auto &Out = buildImages(Source);
    EXPECT_EQ(Out.Result, Status::Failure);
    EXPECT_NE(Out.Log.find("error"), std::string::npos) << Out.Log;
  }
}

// ---------------------------------------------------------------------------------------------
// Formats: every channel order with every channel type, read and written

/// What read_image{f,i,ui} of I's pixels should be called with, and returns.
const char *readFunction(Format F) {
  return !isIntegerType(F.Type) ? "read_imagef" : isSigned(F.Type) ? "read_imagei" : "read_imageui";
}
const char *colorType(Format F) {
  return !isIntegerType(F.Type) ? "float4" : isSigned(F.Type) ? "int4" : "uint4";
}

TEST_F(Images, EveryFormatReadsAsTheSpecConverts) {
  std::mt19937 Random(1);
  for (const char *Access : {"read_only", "read_write"})
    for (Format F : everyFormat()) {
      SCOPED_TRACE(nameOf(F) + " " + Access);
      const bool Depth = F.Order == CL_DEPTH;
      const std::string Source = std::string("kernel void k(") + Access + " " +
                                 (Depth ? "image2d_depth_t" : "image2d_t") + " img, global " +
                                 (Depth ? "float" : colorType(F)) +
                                 " *out) {\n"
                                 "  int2 p = (int2)(get_global_id(0), get_global_id(1));\n"
                                 "  out[p.y * get_image_width(img) + p.x] = " +
                                 readFunction(F) + "(img, p);\n}";
      const auto &Out = buildImages(Source);
      ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
      const compiler::KernelBinary &K = Out.Program->kernels().at(0);
      HostImage I = makeImage(CL_MEM_OBJECT_IMAGE2D, F, 13, 7, 1, 0, Random);
      std::vector<std::array<uint32_t, 4>> Result(13 * 7);
      std::vector<std::byte> Args(K.ArgBufferSize);
      set(Args, K, 0, &I.Desc);
      set(Args, K, 1, Result.data());
      run(K, Args, 2, {13, 7, 1}, {4, 3, 1});
      for (int Y = 0; Y < 7; ++Y)
        for (int X = 0; X < 13; ++X) {
          SCOPED_TRACE(testing::Message() << "pixel " << X << "," << Y);
          if (Depth) {
            float Got;
            std::memcpy(&Got, &reinterpret_cast<const float *>(Result.data())[Y * 13 + X], 4);
            ASSERT_EQ(Got, texelAsFloats(I, X, Y, 0)[0]);
          } else if (isIntegerType(F.Type)) {
            ASSERT_EQ(Result[Y * 13 + X], texelAsIntegers(I, X, Y, 0));
          } else {
            Float4 Got;
            std::memcpy(Got.data(), Result[Y * 13 + X].data(), 16);
            const Float4 Want = texelAsFloats(I, X, Y, 0);
            for (int C = 0; C < 4; ++C) // sRGB: the spec's 0.5 of 255 allows a rounding apart
              if (isSRGB(F.Order))
                ASSERT_NEAR(Got[C], Want[C], 1e-6f) << C;
              else
                ASSERT_EQ(Got[C], Want[C]) << C;
          }
        }
    }
}

/// What write_imagef should store for channel value X in a normalized type of Max (unorm) or
/// Max signed: round to nearest even of max(min, min(Max, Max * x)) (exact: in long double),
/// NaN as 0.
int64_t normalized(float X, double Max, bool Signed) {
  if (std::isnan(X))
    return 0;
  long double V = (long double)X * Max;
  V = std::clamp(V, Signed ? -(long double)Max - 1 : 0.0L, (long double)Max);
  return (int64_t)std::nearbyintl(V);
}

/// The bytes write_imagef should store for color C (r, g, b, a) in format F, and a mask of the
/// bits the spec defines.
std::pair<std::vector<unsigned char>, std::vector<unsigned char>> encodeFloats(Format F, Float4 C) {
  std::array<float, 4> S{};
  switch (F.Order) { // storage order (the inverse of rgbaOf)
  case CL_A:
    S = {C[3]};
    break;
  case CL_RA:
    S = {C[0], C[3]};
    break;
  case CL_BGRA:
  case CL_sBGRA:
    S = {C[2], C[1], C[0], C[3]};
    break;
  case CL_ARGB:
    S = {C[3], C[0], C[1], C[2]};
    break;
  case CL_ABGR:
    S = {C[3], C[2], C[1], C[0]};
    break;
  default:
    S = C;
    break;
  }
  const unsigned Bytes = pixelBytes(F), N = storedChannels(F.Order);
  std::vector<unsigned char> Out(Bytes, 0), Mask(Bytes, 0xff);
  auto Put16 = [&](unsigned At, uint16_t V) { std::memcpy(&Out[At], &V, 2); };
  auto Put32 = [&](unsigned At, uint32_t V) { std::memcpy(&Out[At], &V, 4); };
  switch (F.Type) {
  case CL_UNORM_SHORT_565:
    Put16(0, uint16_t(normalized(S[0], 31, false) << 11 | normalized(S[1], 63, false) << 5 |
                      normalized(S[2], 31, false)));
    return {Out, Mask};
  case CL_UNORM_SHORT_555:
    Put16(0, uint16_t(normalized(S[0], 31, false) << 10 | normalized(S[1], 31, false) << 5 |
                      normalized(S[2], 31, false)));
    Mask[1] = 0x7f; // bit 15 undefined
    return {Out, Mask};
  case CL_UNORM_INT_101010:
    Put32(0, uint32_t(normalized(S[0], 1023, false) << 20 | normalized(S[1], 1023, false) << 10 |
                      normalized(S[2], 1023, false)));
    Mask[3] = 0x3f; // bits 31:30 undefined
    return {Out, Mask};
  case CL_UNORM_INT_101010_2:
    Put32(0, uint32_t(normalized(S[0], 1023, false) << 22 | normalized(S[1], 1023, false) << 12 |
                      normalized(S[2], 1023, false) << 2 | normalized(S[3], 3, false)));
    return {Out, Mask};
  default:
    break;
  }
  for (unsigned Ch = 0; Ch < N; ++Ch) {
    const unsigned At = Ch * channelBytes(F.Type);
    switch (F.Type) {
    case CL_UNORM_INT8:
      if (isSRGB(F.Order) && Ch < 3) { // the spec's c_sRGB, then to unorm8
        double Y = std::isnan(S[Ch]) ? 0.0 : std::clamp(double(S[Ch]), 0.0, 1.0);
        double R = Y < 0.0031308 ? 12.92 * Y : 1.055 * std::pow(Y, 1 / 2.4) - 0.055;
        Out[At] = (unsigned char)std::nearbyint(R * 255);
      } else {
        Out[At] = (unsigned char)normalized(S[Ch], 255, false);
      }
      break;
    case CL_UNORM_INT16:
      Put16(At, uint16_t(normalized(S[Ch], 65535, false)));
      break;
    case CL_SNORM_INT8:
      Out[At] = (unsigned char)int8_t(normalized(S[Ch], 127, true));
      break;
    case CL_SNORM_INT16:
      Put16(At, uint16_t(int16_t(normalized(S[Ch], 32767, true))));
      break;
    case CL_HALF_FLOAT:
      Put16(At, floatToHalf(S[Ch]));
      break;
    case CL_FLOAT:
      std::memcpy(&Out[At], &S[Ch], 4);
      break;
    default:
      break;
    }
  }
  // The ignored channel of Rx, RGx, RGBx and sRGBx holds anything.
  if (F.Order == CL_Rx || F.Order == CL_RGx || F.Order == CL_RGBx || F.Order == CL_sRGBx)
    for (unsigned B = (N - 1) * channelBytes(F.Type); B < Bytes; ++B)
      Mask[B] = 0;
  return {Out, Mask};
}

std::vector<unsigned char> encodeIntegers(Format F, std::array<int64_t, 4> C) {
  std::array<int64_t, 4> S{};
  switch (F.Order) {
  case CL_A:
    S = {C[3]};
    break;
  case CL_RA:
    S = {C[0], C[3]};
    break;
  case CL_BGRA:
    S = {C[2], C[1], C[0], C[3]};
    break;
  case CL_ARGB:
    S = {C[3], C[0], C[1], C[2]};
    break;
  case CL_ABGR:
    S = {C[3], C[2], C[1], C[0]};
    break;
  default:
    S = C;
    break;
  }
  std::vector<unsigned char> Out(pixelBytes(F), 0);
  for (unsigned Ch = 0; Ch < storedChannels(F.Order); ++Ch) {
    const unsigned Size = channelBytes(F.Type);
    int64_t Lo = 0, Hi = 0;
    switch (F.Type) {
    case CL_SIGNED_INT8:
      Lo = -128;
      Hi = 127;
      break;
    case CL_SIGNED_INT16:
      Lo = -32768;
      Hi = 32767;
      break;
    case CL_SIGNED_INT32:
      Lo = INT32_MIN;
      Hi = INT32_MAX;
      break;
    case CL_UNSIGNED_INT8:
      Hi = 255;
      break;
    case CL_UNSIGNED_INT16:
      Hi = 65535;
      break;
    default:
      Hi = UINT32_MAX;
      break;
    }
    const int64_t V = std::clamp(S[Ch], Lo, Hi);
    std::memcpy(&Out[Ch * Size], &V, Size); // little-endian: the low bytes
  }
  return Out;
}

TEST_F(Images, EveryFormatWritesAsTheSpecConverts) {
  std::mt19937 Random(2);
  for (const char *Access : {"write_only", "read_write"})
    for (Format F : everyFormat()) {
      SCOPED_TRACE(nameOf(F) + " " + Access);
      const bool Depth = F.Order == CL_DEPTH;
      const char *Write = !isIntegerType(F.Type) ? "write_imagef"
                          : isSigned(F.Type)     ? "write_imagei"
                                                 : "write_imageui";
      const std::string Source = std::string("kernel void k(") + Access + " " +
                                 (Depth ? "image2d_depth_t" : "image2d_t") + " img, global const " +
                                 (Depth ? "float" : colorType(F)) +
                                 " *colors) {\n"
                                 "  int2 p = (int2)(get_global_id(0), get_global_id(1));\n  " +
                                 Write + "(img, p, colors[p.y * get_image_width(img) + p.x]);\n}";
      const auto &Out = buildImages(Source);
      ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
      const compiler::KernelBinary &K = Out.Program->kernels().at(0);
      HostImage I = makeImage(CL_MEM_OBJECT_IMAGE2D, F, 13, 7, 1, 0, Random);
      const std::vector<unsigned char> Before = I.Storage;
      // Colors: in and beyond the type's range, with NaN and infinities among the floats.
      std::vector<std::array<uint32_t, 4>> Colors(13 * 7);
      std::uniform_real_distribution<float> Unit(-1.3f, 1.3f);
      std::uniform_int_distribution<int64_t> Int(-70000, 70000);
      std::uniform_int_distribution<uint32_t> Bits;
      for (size_t P = 0; P < Colors.size(); ++P)
        for (int C = 0; C < 4; ++C) {
          if (isIntegerType(F.Type)) {
            const int64_t V = P % 7 == 0 ? int64_t(int32_t(Bits(Random))) : Int(Random);
            Colors[P][C] = uint32_t(isSigned(F.Type) ? V : std::abs(V) * (P % 5 == 0 ? 65537 : 1));
          } else {
            const float Special[] = {NAN,    INFINITY, -INFINITY, 0.5f / 255, 1.5f / 255,
                                     1e-30f, 65504.0f, 70000.0f,  1e-7f};
            float V = P % 3 == 0
                          ? Special[(P / 3 + C) % 9]
                          : Unit(Random) *
                                (F.Type == CL_FLOAT || F.Type == CL_HALF_FLOAT ? 100.0f : 1.0f);
            std::memcpy(&Colors[P][C], &V, 4);
          }
        }
      std::vector<std::byte> Args(K.ArgBufferSize);
      set(Args, K, 0, &I.Desc);
      set(Args, K, 1, Colors.data());
      run(K, Args, 2, {13, 7, 1}, {4, 3, 1});
      for (int Y = 0; Y < 7; ++Y)
        for (int X = 0; X < 13; ++X) {
          SCOPED_TRACE(testing::Message() << "pixel " << X << "," << Y);
          const auto &C = Colors[Y * 13 + X];
          std::vector<unsigned char> Want, Mask;
          if (isIntegerType(F.Type)) {
            std::array<int64_t, 4> V;
            for (int Ch = 0; Ch < 4; ++Ch)
              V[Ch] = isSigned(F.Type) ? int64_t(int32_t(C[Ch])) : int64_t(C[Ch]);
            Want = encodeIntegers(F, V);
            Mask.assign(Want.size(), 0xff);
          } else {
            Float4 V;
            std::memcpy(V.data(), C.data(), 16);
            if (Depth) // the kernel reads colors as floats
              V = {reinterpret_cast<const float *>(Colors.data())[Y * 13 + X], 0, 0, 0};
            std::tie(Want, Mask) = encodeFloats(F, V);
          }
          const unsigned char *Got = I.pixel(X, Y, 0);
          for (size_t B = 0; B < Want.size(); ++B) {
            if (isSRGB(F.Order) && B < 3) // the spec allows 0.6 of 255
              ASSERT_LE(std::abs(int(Got[B]) - int(Want[B])), 1) << B;
            else if (F.Type == CL_HALF_FLOAT &&
                     std::isnan(halfToFloat(uint16_t(Want[B & ~1u] | Want[B | 1u] << 8))))
              ASSERT_TRUE(std::isnan(halfToFloat(uint16_t(Got[B & ~1u] | Got[B | 1u] << 8)))) << B;
            else if (F.Type == CL_FLOAT && B % 4 == 0) {
              float G, W;
              std::memcpy(&G, Got + B, 4);
              std::memcpy(&W, Want.data() + B, 4);
              ASSERT_TRUE(G == W || (std::isnan(G) && std::isnan(W))) << B;
              B += 3;
            } else
              ASSERT_EQ(Got[B] & Mask[B], Want[B] & Mask[B]) << B;
          }
        }
      // Nothing outside the pixels (the pitches' padding) was written.
      for (size_t B = 0; B < I.Storage.size(); ++B) {
        const size_t Row = B / I.Desc.RowPitch % (I.Desc.SlicePitch / I.Desc.RowPitch),
                     Column = B % I.Desc.RowPitch;
        if (B >= I.Desc.SlicePitch || Row >= 7 || Column >= 13 * pixelBytes(F)) {
          ASSERT_EQ(I.Storage[B], Before[B]) << "byte " << B << " outside the image";
        }
      }
    }
}

// ---------------------------------------------------------------------------------------------
// Sampling: every image type, every sampler, coordinates in and far outside the image

/// Coordinates for a read of I: each axis's from probeCoordinates (layers: around every layer,
/// halves included), combined at random; Count of them, as Float4s.
std::vector<Float4> probePoints(const HostImage &I, const Sampler &Smp, size_t Count,
                                std::mt19937 &Random) {
  const Shape S = shapeOf(I.Type);
  const bool Normalized = Smp.Normalized, Inside = Smp.Address == CL_ADDRESS_NONE;
  std::vector<float> Axes[3];
  Axes[0] = probeCoordinates(I.Width, Normalized, Random, Inside);
  auto Layers = [&] {
    std::vector<float> L;
    for (float C = -1.5f; C <= float(I.Layers) + 1.5f; C += 0.25f)
      L.push_back(C);
    return L;
  };
  Axes[1] = S.Dims >= 2    ? probeCoordinates(I.Height, Normalized, Random, Inside)
            : S.Layer == 1 ? Layers()
                           : std::vector<float>{0.0f};
  Axes[2] = S.Dims >= 3    ? probeCoordinates(I.Depth, Normalized, Random, Inside)
            : S.Layer == 2 ? Layers()
                           : std::vector<float>{0.0f};
  std::vector<Float4> Points;
  for (size_t N = 0; N < Count; ++N) {
    Float4 P{0, 0, 0, 0};
    for (int A = 0; A < 3; ++A)
      P[A] = Axes[A][std::uniform_int_distribution<size_t>(0, Axes[A].size() - 1)(Random)];
    P[3] = float(N); // ignored by every read
    Points.push_back(P);
  }
  return Points;
}

/// Points as the kernel's coordinate type of Width components (float, float2 or float4).
template <class T> std::vector<T> packed(const std::vector<std::array<T, 4>> &Points, int Width) {
  std::vector<T> Out;
  for (const auto &P : Points)
    for (int C = 0; C < Width; ++C)
      Out.push_back(P[C]);
  return Out;
}

const cl_mem_object_type SampledTypes[] = {CL_MEM_OBJECT_IMAGE1D, CL_MEM_OBJECT_IMAGE1D_ARRAY,
                                           CL_MEM_OBJECT_IMAGE2D, CL_MEM_OBJECT_IMAGE2D_ARRAY,
                                           CL_MEM_OBJECT_IMAGE3D};

/// An odd-sized image of Type: 13 x 7 x 5, arrays of 3 layers.
HostImage oddImage(cl_mem_object_type Type, Format F, std::mt19937 &Random) {
  const Shape S = shapeOf(Type);
  return makeImage(Type, F, 13, S.Dims >= 2 ? 7 : 1, S.Dims >= 3 ? 5 : 1, S.Layer ? 3 : 0, Random);
}

TEST_F(Images, SampledFloatReadsOfEveryImageTypeFollowTheSpec) {
  std::mt19937 Random(3);
  // The inline formats (RGBA 8-bit unorm and float) and one decoded out of line.
  const Format Formats[] = {{CL_RGBA, CL_FLOAT}, {CL_RGBA, CL_UNORM_INT8}, {CL_RG, CL_UNORM_INT16}};
  for (cl_mem_object_type Type : SampledTypes) {
    const int Width = coordWidth(Type);
    const std::string Source = std::string("kernel void k(read_only ") + typeName(Type) +
                               " img, sampler_t s, global const " + vectorType("float", Width) +
                               " *c, global float4 *out) {\n"
                               "  size_t i = get_global_id(0);\n"
                               "  out[i] = read_imagef(img, s, c[i]);\n}";
    const auto &Out = buildImages(Source);
    ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
    const compiler::KernelBinary &K = Out.Program->kernels().at(0);
    for (Format F : Formats) {
      HostImage I = oddImage(Type, F, Random);
      for (const Sampler &Smp : everySampler()) {
        SCOPED_TRACE(std::string(typeName(Type)) + " " + nameOf(F) + " " + Smp.describe());
        const std::vector<Float4> Points = probePoints(I, Smp, 400, Random);
        const std::vector<float> Coords = packed(Points, Width);
        std::vector<Float4> Result(Points.size());
        std::vector<std::byte> Args(K.ArgBufferSize);
        set(Args, K, 0, &I.Desc);
        set(Args, K, 1, Smp.bits());
        set(Args, K, 2, Coords.data());
        set(Args, K, 3, Result.data());
        run1D(K, Args, Points.size());
        size_t Checked = 0;
        for (size_t N = 0; N < Points.size(); ++N) {
          const std::optional<Float4> Want =
              filterTaps(I, tapsAt(I, Smp, Points[N]), Smp.Linear, shapeOf(Type).Dims);
          if (!Want)
            continue; // CLK_ADDRESS_NONE outside the image: undefined
          ++Checked;
          for (int C = 0; C < 4; ++C)
            ASSERT_TRUE(Smp.Linear ? near(Result[N][C], (*Want)[C]) : Result[N][C] == (*Want)[C])
                << "at (" << Points[N][0] << ", " << Points[N][1] << ", " << Points[N][2]
                << ") channel " << C << ": " << Result[N][C] << ", want " << (*Want)[C];
        }
        EXPECT_GT(Checked, Points.size() / 4);
      }
    }
  }
}

// Integer coordinates with a sampler: unnormalized, nearest, CLAMP_TO_EDGE, CLAMP or NONE (the
// others are undefined), exact whatever the coordinate's magnitude.
TEST_F(Images, SampledReadsAtIntegerCoordinates) {
  std::mt19937 Random(4);
  for (cl_mem_object_type Type : SampledTypes) {
    const int Width = coordWidth(Type);
    const std::string Source = std::string("kernel void k(read_only ") + typeName(Type) +
                               " img, sampler_t s, global const " + vectorType("int", Width) +
                               " *c, global float4 *out, global uint4 *outu) {\n"
                               "  size_t i = get_global_id(0);\n"
                               "  out[i] = read_imagef(img, s, c[i]);\n"
                               "}\n"
                               "kernel void u(read_only " +
                               typeName(Type) + " img, sampler_t s, global const " +
                               vectorType("int", Width) +
                               " *c, global float4 *unused, global uint4 *out) {\n"
                               "  size_t i = get_global_id(0);\n"
                               "  out[i] = read_imageui(img, s, c[i]);\n}";
    const auto &Out = buildImages(Source);
    ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
    for (Format F :
         {Format{CL_RGBA, CL_FLOAT}, Format{CL_RGBA, CL_UNORM_INT8}, Format{CL_BGRA, CL_UNORM_INT8},
          Format{CL_RGBA, CL_UNSIGNED_INT8}, Format{CL_RA, CL_UNSIGNED_INT16}}) {
      HostImage I = oddImage(Type, F, Random);
      const bool Integer = isIntegerType(F.Type);
      const compiler::KernelBinary &K = *Out.Program->kernel(Integer ? "u" : "k");
      for (cl_addressing_mode Mode :
           {CL_ADDRESS_NONE, CL_ADDRESS_CLAMP_TO_EDGE, CL_ADDRESS_CLAMP}) {
        const Sampler Smp{false, Mode, false};
        SCOPED_TRACE(std::string(typeName(Type)) + " " + nameOf(F) + " " + Smp.describe());
        std::vector<std::array<int32_t, 4>> Points;
        std::uniform_int_distribution<int> Any(-20, 20);
        const int Far[] = {INT32_MIN, -1000000, 1 << 30, INT32_MAX};
        for (int N = 0; N < 300; ++N) {
          std::array<int32_t, 4> P;
          for (int C = 0; C < 4; ++C)
            P[C] = N % 10 == 0 ? Far[(N / 10 + C) % 4] : Any(Random);
          Points.push_back(P);
        }
        const std::vector<int32_t> Coords = packed(Points, Width);
        std::vector<Float4> Result(Points.size());
        std::vector<UInt4> ResultU(Points.size());
        std::vector<std::byte> Args(K.ArgBufferSize);
        set(Args, K, 0, &I.Desc);
        set(Args, K, 1, Smp.bits());
        set(Args, K, 2, Coords.data());
        set(Args, K, 3, Result.data());
        set(Args, K, 4, ResultU.data());
        run1D(K, Args, Points.size());
        const Shape S = shapeOf(Type);
        for (size_t N = 0; N < Points.size(); ++N) {
          const auto &P = Points[N];
          std::array<AxisTaps, 3> T;
          T[0] = integerTaps(P[0], I.Width, Smp);
          if (S.Dims >= 2)
            T[1] = integerTaps(P[1], I.Height, Smp);
          else if (S.Layer == 1)
            T[1].I[0] = std::clamp(P[1], 0, I.Layers - 1); // clamp(rint(c), 0, layers - 1)
          if (S.Dims >= 3)
            T[2] = integerTaps(P[2], I.Depth, Smp);
          else if (S.Layer == 2)
            T[2].I[0] = std::clamp(P[2], 0, I.Layers - 1);
          if (T[0].Undefined || T[1].Undefined || T[2].Undefined)
            continue;
          const bool Outside = T[0].Outside[0] || T[1].Outside[0] || T[2].Outside[0];
          SCOPED_TRACE(testing::Message() << "at " << P[0] << ", " << P[1] << ", " << P[2]);
          if (Integer) {
            const Float4 B = borderColor(F.Order);
            const UInt4 Want = Outside ? UInt4{0, 0, 0, uint32_t(B[3])}
                                       : texelAsIntegers(I, T[0].I[0], T[1].I[0], T[2].I[0]);
            ASSERT_EQ(ResultU[N], Want);
          } else {
            const Float4 Want =
                Outside ? borderColor(F.Order) : texelAsFloats(I, T[0].I[0], T[1].I[0], T[2].I[0]);
            ASSERT_EQ(Result[N], Want);
          }
        }
      }
    }
  }
}

// read_imagei and read_imageui with float coordinates (nearest: their filter must be).
TEST_F(Images, SampledIntegerReadsTakeTheNearestTexelOrTheBorder) {
  std::mt19937 Random(5);
  for (cl_mem_object_type Type :
       {CL_MEM_OBJECT_IMAGE1D_ARRAY, CL_MEM_OBJECT_IMAGE2D, CL_MEM_OBJECT_IMAGE3D}) {
    const int Width = coordWidth(Type);
    const std::string Coord = vectorType("float", Width);
    const std::string Source = std::string("kernel void i(read_only ") + typeName(Type) +
                               " img, sampler_t s, global const " + Coord +
                               " *c, global int4 *out) { size_t n = get_global_id(0); out[n] = "
                               "read_imagei(img, s, c[n]); }\n" +
                               "kernel void u(read_only " + typeName(Type) +
                               " img, sampler_t s, global const " + Coord +
                               " *c, global uint4 *out) { size_t n = get_global_id(0); out[n] = "
                               "read_imageui(img, s, c[n]); }";
    const auto &Out = buildImages(Source);
    ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
    for (Format F : {Format{CL_RGBA, CL_SIGNED_INT32}, Format{CL_R, CL_SIGNED_INT8},
                     Format{CL_RGBA, CL_UNSIGNED_INT8}, Format{CL_RG, CL_UNSIGNED_INT32}}) {
      HostImage I = oddImage(Type, F, Random);
      const compiler::KernelBinary &K = *Out.Program->kernel(isSigned(F.Type) ? "i" : "u");
      for (Sampler Smp : everySampler()) {
        Smp.Linear = false;
        SCOPED_TRACE(std::string(typeName(Type)) + " " + nameOf(F) + " " + Smp.describe());
        const std::vector<Float4> Points = probePoints(I, Smp, 200, Random);
        const std::vector<float> Coords = packed(Points, Width);
        std::vector<UInt4> Result(Points.size());
        std::vector<std::byte> Args(K.ArgBufferSize);
        set(Args, K, 0, &I.Desc);
        set(Args, K, 1, Smp.bits());
        set(Args, K, 2, Coords.data());
        set(Args, K, 3, Result.data());
        run1D(K, Args, Points.size());
        for (size_t N = 0; N < Points.size(); ++N) {
          const auto T = tapsAt(I, Smp, Points[N]);
          if (T[0].Undefined || T[1].Undefined || T[2].Undefined)
            continue;
          const bool Outside = T[0].Outside[0] || T[1].Outside[0] || T[2].Outside[0];
          const UInt4 Want = Outside ? UInt4{0, 0, 0, uint32_t(borderColor(F.Order)[3])}
                                     : texelAsIntegers(I, T[0].I[0], T[1].I[0], T[2].I[0]);
          ASSERT_EQ(Result[N], Want)
              << "at " << Points[N][0] << ", " << Points[N][1] << ", " << Points[N][2];
        }
      }
    }
  }
}

TEST_F(Images, DepthImagesReadAndWriteOneFloat) {
  std::mt19937 Random(6);
  for (cl_mem_object_type Type : {CL_MEM_OBJECT_IMAGE2D, CL_MEM_OBJECT_IMAGE2D_ARRAY}) {
    const int Width = coordWidth(Type);
    const std::string Name = typeName(Type, true);
    const std::string Source =
        "kernel void k(read_only " + Name + " img, sampler_t s, global const " +
        vectorType("float", Width) +
        " *c, global float *out) {\n"
        "  size_t i = get_global_id(0); out[i] = read_imagef(img, s, c[i]); }\n"
        "kernel void w(write_only " +
        Name +
        " img, global const float *v) {\n"
        "  int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);\n"
        "  write_imagef(img, (" +
        vectorType("int", Width) + ")(x, y" + (Width == 4 ? ", z, 0" : "") +
        "), v[(z * get_image_height(img) + y) * get_image_width(img) + x]); }";
    const auto &Out = buildImages(Source);
    ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
    for (cl_channel_type T : {CL_FLOAT, CL_UNORM_INT16}) {
      HostImage I = oddImage(Type, {CL_DEPTH, T}, Random);
      const compiler::KernelBinary &K = *Out.Program->kernel("k");
      for (const Sampler &Smp : everySampler()) {
        SCOPED_TRACE(Name + " " + nameOf(I.F) + " " + Smp.describe());
        const std::vector<Float4> Points = probePoints(I, Smp, 200, Random);
        const std::vector<float> Coords = packed(Points, Width);
        std::vector<float> Result(Points.size());
        std::vector<std::byte> Args(K.ArgBufferSize);
        set(Args, K, 0, &I.Desc);
        set(Args, K, 1, Smp.bits());
        set(Args, K, 2, Coords.data());
        set(Args, K, 3, Result.data());
        run1D(K, Args, Points.size());
        for (size_t N = 0; N < Points.size(); ++N)
          if (auto Want = filterTaps(I, tapsAt(I, Smp, Points[N]), Smp.Linear, 2)) {
            ASSERT_TRUE(Smp.Linear ? near(Result[N], (*Want)[0]) : Result[N] == (*Want)[0])
                << Result[N] << ", want " << (*Want)[0];
          }
      }
      // Writes: every pixel, then read back as the spec converts.
      const compiler::KernelBinary &W = *Out.Program->kernel("w");
      std::vector<float> Values(size_t(I.Width) * I.Height * std::max(1, I.Layers));
      std::uniform_real_distribution<float> Unit(-0.2f, 1.2f);
      for (float &V : Values)
        V = Unit(Random);
      std::vector<std::byte> Args(W.ArgBufferSize);
      set(Args, W, 0, &I.Desc);
      set(Args, W, 1, Values.data());
      run(W, Args, 3, {13, 7, uint64_t(std::max(1, I.Layers))}, {13, 7, 1});
      for (int Z = 0; Z < std::max(1, I.Layers); ++Z)
        for (int Y = 0; Y < 7; ++Y)
          for (int X = 0; X < 13; ++X) {
            const float V = Values[(Z * 7 + Y) * 13 + X];
            const float Want = T == CL_FLOAT ? V : float(normalized(V, 65535, false)) / 65535.0f;
            ASSERT_EQ(texelAsFloats(I, X, Y, Z)[0], Want) << X << "," << Y << "," << Z;
          }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Writes, queries, constant samplers

const cl_mem_object_type EveryType[] = {CL_MEM_OBJECT_IMAGE1D,       CL_MEM_OBJECT_IMAGE1D_BUFFER,
                                        CL_MEM_OBJECT_IMAGE1D_ARRAY, CL_MEM_OBJECT_IMAGE2D,
                                        CL_MEM_OBJECT_IMAGE2D_ARRAY, CL_MEM_OBJECT_IMAGE3D};

/// The integer coordinate of work-item (x, y, z) for an image type: "(int2)(x, y)" and so on.
std::string coordinateOf(cl_mem_object_type Type) {
  switch (coordWidth(Type)) {
  case 1:
    return "x";
  case 2:
    return "(int2)(x, y)";
  default:
    return "(int4)(x, y, z, 0)";
  }
}

// Every image type, written and read back in one kernel through a read_write image, and written
// outside its bounds: those writes land nowhere.
TEST_F(Images, ReadWriteImagesReadBackWhatTheyWrote) {
  std::mt19937 Random(7);
  for (cl_mem_object_type Type : EveryType) {
    const std::string Source =
        std::string("kernel void k(read_write ") + typeName(Type) +
        " img, global float4 *out) {\n"
        "  int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);\n"
        "  size_t i = (get_global_id(2) * get_global_size(1) + y) * get_global_size(0) + x;\n"
        "  float4 v = (float4)(x, y, z, i) / 64.0f;\n"
        "  write_imagef(img, " +
        coordinateOf(Type) +
        ", v);\n"
        "  atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, memory_order_acq_rel, "
        "memory_scope_work_item);\n"
        "  out[i] = read_imagef(img, " +
        coordinateOf(Type) +
        ");\n"
        "  write_imagef(img, " +
        coordinateOf(Type) +
        " - 1000, v);  // outside: nothing\n"
        "  write_imagef(img, " +
        coordinateOf(Type) + " + 1000, v);\n}";
    const auto &Out = buildImages(Source);
    ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
    const compiler::KernelBinary &K = Out.Program->kernels().at(0);
    for (Format F : {Format{CL_RGBA, CL_FLOAT}, Format{CL_RGBA, CL_UNORM_INT16}}) {
      SCOPED_TRACE(std::string(typeName(Type)) + " " + nameOf(F));
      HostImage I = oddImage(Type, F, Random);
      const std::vector<unsigned char> Before = I.Storage;
      const uint64_t Global[3] = {uint64_t(I.Width), uint64_t(I.extentY()), uint64_t(I.extentZ())};
      std::vector<Float4> Result(Global[0] * Global[1] * Global[2]);
      std::vector<std::byte> Args(K.ArgBufferSize);
      set(Args, K, 0, &I.Desc);
      set(Args, K, 1, Result.data());
      run(K, Args, 3, {Global[0], Global[1], Global[2]}, {Global[0], 1, 1});
      for (uint64_t Z = 0; Z < Global[2]; ++Z)
        for (uint64_t Y = 0; Y < Global[1]; ++Y)
          for (uint64_t X = 0; X < Global[0]; ++X) {
            const uint64_t N = (Z * Global[1] + Y) * Global[0] + X;
            Float4 V{X / 64.0f, Y / 64.0f, Z / 64.0f, N / 64.0f};
            if (F.Type == CL_UNORM_INT16)
              for (float &C : V)
                C = float(normalized(C, 65535, false)) / 65535.0f;
            ASSERT_EQ(Result[N], V) << X << "," << Y << "," << Z;
            ASSERT_EQ(texelAsFloats(I, int(X), int(Y), int(Z)), V);
          }
      for (size_t B = 0; B < I.Storage.size(); ++B) {
        const size_t Z = B / I.Desc.SlicePitch, Y = B % I.Desc.SlicePitch / I.Desc.RowPitch,
                     X = B % I.Desc.RowPitch / I.Desc.PixelBytes;
        const bool In =
            Type == CL_MEM_OBJECT_IMAGE1D_ARRAY
                ? B / I.Desc.RowPitch < size_t(I.Layers) && X < size_t(I.Width)
                : Z < size_t(I.extentZ()) && Y < size_t(I.extentY()) && X < size_t(I.Width);
        if (!In) {
          ASSERT_EQ(I.Storage[B], Before[B]) << "byte " << B << " outside the image was written";
        }
      }
    }
  }
}

// weft-image-formats runs a loop over work-items that reads one image and writes another in a
// copy for each format both images are tested for (RGBA8, RGBA float, R float: the formats read
// inline), vectorized across the row's work-items, and the loop as it was for every other pair.
// Every pair among those and one decoded out of line (RG 16-bit unorm), rows of 37 work-items (a
// vector's remainder too), optimized and at -cl-opt-disable (no copies).
TEST_F(Images, EveryPairOfFormatsCopiesThroughTheFormatVersions) {
  std::mt19937 Random(11);
  const Format Formats[] = {{CL_RGBA, CL_UNORM_INT8}, {CL_RGBA, CL_FLOAT}, {CL_R, CL_FLOAT},
                            {CL_RG, CL_UNORM_INT16}};
  const std::string Source =
      "kernel void k(read_only image2d_t src, write_only image2d_t dst, float gain) {\n"
      "  int2 p = (int2)(get_global_id(0), get_global_id(1));\n"
      "  write_imagef(dst, p, read_imagef(src, p) * gain);\n"
      "}";
  for (const char *Options : {"-cl-std=CL3.0", "-cl-std=CL3.0 -cl-opt-disable"}) {
    const compiler::BuildOutput Out = build(Source, Options, imageDevice());
    ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
    const compiler::KernelBinary &K = Out.Program->kernels().at(0);
    for (Format From : Formats)
      for (Format To : Formats) {
        SCOPED_TRACE(std::string(Options) + ": " + nameOf(From) + " to " + nameOf(To));
        HostImage Src = makeImage(CL_MEM_OBJECT_IMAGE2D, From, 37, 3, 1, 0, Random);
        HostImage Dst = makeImage(CL_MEM_OBJECT_IMAGE2D, To, 37, 3, 1, 0, Random);
        const std::vector<unsigned char> Before = Dst.Storage;
        const float Gain = 0.5f;
        std::vector<std::byte> Args(K.ArgBufferSize);
        set(Args, K, 0, &Src.Desc);
        set(Args, K, 1, &Dst.Desc);
        set(Args, K, 2, Gain);
        run(K, Args, 2, {37, 3, 1}, {37, 1, 1});
        for (int Y = 0; Y < 3; ++Y)
          for (int X = 0; X < 37; ++X) {
            Float4 C = texelAsFloats(Src, X, Y, 0);
            for (float &V : C)
              V *= Gain;
            const auto [Want, Mask] = encodeFloats(To, C);
            const unsigned char *Got = Dst.pixel(X, Y, 0);
            for (size_t B = 0; B < Want.size(); ++B)
              ASSERT_EQ(Got[B] & Mask[B], Want[B] & Mask[B]) << X << "," << Y << " byte " << B;
          }
        // Nothing outside the pixels: the pitches' padding keeps its bytes.
        for (size_t B = 0; B < Dst.Storage.size(); ++B)
          if (B / Dst.Desc.RowPitch >= 3 || B % Dst.Desc.RowPitch >= 37 * Dst.Desc.PixelBytes) {
            ASSERT_EQ(Dst.Storage[B], Before[B]) << "byte " << B;
          }
      }
  }
}

// write_imagef to normalized formats: f(x) = max(0, min(max, max * x)) rounded to nearest even,
// on the exact product (OpenCL environment spec, "Converting Floating-point Values to
// Normalized Integer Channel Data Types"), NaN to 0, through the inline RGBA8 path and the
// general one.
TEST_F(Images, FloatsRoundToNearestEvenAndSaturateInNormalizedFormats) {
  std::vector<float> Values = {0.0f, -0.0f, 1.0f,     2.0f,      -1.0f,  1e30f, -1e30f,
                               NAN,  -NAN,  INFINITY, -INFINITY, 1e-45f, 0.5f,  0.25f};
  for (int K = 0; K <= 256; ++K)
    for (double D : {-0.5, 0.5, 0.0}) { // each step's halfway points, and the values themselves
      const float X = float((K + D) / 255.0);
      for (float V : {X, std::nextafter(X, 0.0f), std::nextafter(X, 2.0f)})
        Values.push_back(V);
    }
  for (int K = 0; K <= 128; ++K) { // snorm8's halfway points
    const float X = float((K + 0.5) / 127.0);
    for (float V : {X, -X, std::nextafter(X, 0.0f), std::nextafter(X, 2.0f)})
      Values.push_back(V);
  }
  while (Values.size() % 4)
    Values.push_back(0.75f);
  // A few exact expectations (255 * x exactly halfway: ties to even).
  EXPECT_EQ(normalized(0.5f, 255, false), 128); // 127.5 -> 128
  EXPECT_EQ(normalized(1.5f / 255.0f, 255, false), 2);
  EXPECT_EQ(normalized(NAN, 255, false), 0);
  EXPECT_EQ(normalized(-2.0f, 127, true), -128);
  const auto &Out =
      buildImages("kernel void k(write_only image1d_t img, global const float4 *v) {\n"
                  "  int x = get_global_id(0); write_imagef(img, x, v[x]); }");
  ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
  const compiler::KernelBinary &K = Out.Program->kernels().at(0);
  std::mt19937 Random(8);
  for (Format F : {Format{CL_RGBA, CL_UNORM_INT8}, Format{CL_BGRA, CL_UNORM_INT8},
                   Format{CL_RGBA, CL_UNORM_INT16}, Format{CL_RGBA, CL_SNORM_INT8},
                   Format{CL_RGBA, CL_SNORM_INT16}, Format{CL_RGB, CL_UNORM_SHORT_565}}) {
    SCOPED_TRACE(nameOf(F));
    const int Width = int(Values.size() / 4);
    HostImage I = makeImage(CL_MEM_OBJECT_IMAGE1D, F, Width, 1, 1, 0, Random);
    std::vector<std::byte> Args(K.ArgBufferSize);
    set(Args, K, 0, &I.Desc);
    set(Args, K, 1, Values.data());
    run1D(K, Args, size_t(Width));
    for (int X = 0; X < Width; ++X) {
      Float4 C{Values[4 * X], Values[4 * X + 1], Values[4 * X + 2], Values[4 * X + 3]};
      auto [Want, Mask] = encodeFloats(F, C);
      for (size_t B = 0; B < Want.size(); ++B)
        ASSERT_EQ(I.pixel(X, 0, 0)[B] & Mask[B], Want[B] & Mask[B])
            << "pixel " << X << " byte " << B << " for " << C[0] << ", " << C[1] << ", " << C[2]
            << ", " << C[3];
    }
  }
}

// CL_HALF_FLOAT: reads are exact, writes round to nearest even, overflow to infinity, keep NaN
// and infinities and make subnormals.
TEST_F(Images, HalfChannelsConvertExactlyAndRoundToNearestEven) {
  std::vector<float> Values = {0.0f,
                               -0.0f,
                               1.0f,
                               65504.0f,
                               65519.99f,
                               65520.0f,
                               -70000.0f,
                               INFINITY,
                               -INFINITY,
                               NAN,
                               5.96046448e-08f,
                               2.98023224e-08f,
                               2.98023254e-08f,
                               6.1035156e-05f,
                               6.09755516e-05f,
                               1.0f + 1.0f / 2048,
                               1.0f + 3.0f / 2048,
                               1.0f + 1.0f / 4096,
                               3.14159265f,
                               -2.71828f};
  std::mt19937 Random(9);
  std::uniform_int_distribution<uint32_t> Bits;
  while (Values.size() < 400) { // floats of every exponent
    uint32_t B = Bits(Random);
    float V;
    std::memcpy(&V, &B, 4);
    Values.push_back(V);
  }
  const auto &Out = buildImages(
      "kernel void k(read_write image1d_t img, global const float4 *v, global float4 *out) {\n"
      "  int x = get_global_id(0); write_imagef(img, x, v[x]);\n"
      "  atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, memory_order_acq_rel, "
      "memory_scope_work_item);\n"
      "  out[x] = read_imagef(img, x); }");
  ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
  const compiler::KernelBinary &K = Out.Program->kernels().at(0);
  const int Width = int(Values.size() / 4);
  HostImage I = makeImage(CL_MEM_OBJECT_IMAGE1D, {CL_RGBA, CL_HALF_FLOAT}, Width, 1, 1, 0, Random);
  std::vector<float> Result(Values.size());
  std::vector<std::byte> Args(K.ArgBufferSize);
  set(Args, K, 0, &I.Desc);
  set(Args, K, 1, Values.data());
  set(Args, K, 2, Result.data());
  run1D(K, Args, size_t(Width));
  for (size_t N = 0; N < Values.size(); ++N) {
    uint16_t Stored;
    std::memcpy(&Stored, I.Storage.data() + 2 * N, 2);
    const uint16_t Want = floatToHalf(Values[N]);
    if (std::isnan(Values[N])) {
      EXPECT_TRUE(std::isnan(halfToFloat(Stored)) && std::isnan(Result[N])) << N;
      continue;
    }
    ASSERT_EQ(Stored, Want) << Values[N];
    ASSERT_EQ(Result[N], halfToFloat(Want)) << Values[N];
  }
}

// sRGB: reads linearize each 8-bit value (all 256 of them), writes encode within the spec's
// 0.6 of 255 and round trip every encoding exactly.
TEST_F(Images, SRGBChannelsLinearizeAndRoundTrip) {
  const auto &Out = buildImages(
      "kernel void k(read_only image1d_t in, write_only image1d_t out, global float4 *linear) {\n"
      "  int x = get_global_id(0); float4 v = read_imagef(in, x); linear[x] = v;\n"
      "  write_imagef(out, x, v); }");
  ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
  const compiler::KernelBinary &K = Out.Program->kernels().at(0);
  std::mt19937 Random(10);
  HostImage In = makeImage(CL_MEM_OBJECT_IMAGE1D, {CL_sRGBA, CL_UNORM_INT8}, 256, 1, 1, 0, Random);
  HostImage Back =
      makeImage(CL_MEM_OBJECT_IMAGE1D, {CL_sRGBA, CL_UNORM_INT8}, 256, 1, 1, 0, Random);
  for (int X = 0; X < 256; ++X)
    for (int C = 0; C < 4; ++C)
      In.pixel(X, 0, 0)[C] = (unsigned char)(C == 3 ? 255 - X : X);
  std::vector<Float4> Linear(256);
  std::vector<std::byte> Args(K.ArgBufferSize);
  set(Args, K, 0, &In.Desc);
  set(Args, K, 1, &Back.Desc);
  set(Args, K, 2, Linear.data());
  run1D(K, Args, 256);
  for (int X = 0; X < 256; ++X) {
    const double Want = srgbToLinear(X / 255.0);
    EXPECT_NEAR(Linear[X][0], Want, 1e-7 + 1e-6 * Want) << X;
    EXPECT_EQ(Linear[X][3], float(255 - X) / 255.0f) << X; // alpha is linear
    for (int C = 0; C < 4; ++C)
      EXPECT_EQ(Back.pixel(X, 0, 0)[C], In.pixel(X, 0, 0)[C]) << X << " channel " << C;
  }
}

TEST_F(Images, QueriesOfEveryImageTypeAndAccess) {
  std::mt19937 Random(11);
  for (const char *Access : {"read_only", "write_only", "read_write"})
    for (cl_mem_object_type Type : EveryType) {
      const Shape S = shapeOf(Type);
      std::string Body =
          "  out[0] = get_image_width(img); out[1] = get_image_channel_data_type(img);\n"
          "  out[2] = get_image_channel_order(img);\n";
      if (S.Dims >= 2)
        Body += "  out[3] = get_image_height(img); out[4] = get_image_dim(img).x;"
                " out[5] = get_image_dim(img).y;\n";
      if (S.Dims >= 3)
        Body += "  out[6] = get_image_depth(img); out[7] = get_image_dim(img).z;"
                " out[8] = get_image_dim(img).w;\n";
      if (S.Layer)
        Body += "  out[9] = get_image_array_size(img);\n";
      const std::string Source = std::string("kernel void k(") + Access + " " + typeName(Type) +
                                 " img, global long *out) {\n" + Body + "}";
      SCOPED_TRACE(Source);
      const auto &Out = buildImages(Source);
      ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
      const compiler::KernelBinary &K = Out.Program->kernels().at(0);
      HostImage I = oddImage(Type, {CL_BGRA, CL_UNORM_INT8}, Random);
      std::vector<int64_t> Result(10, -1);
      std::vector<std::byte> Args(K.ArgBufferSize);
      set(Args, K, 0, &I.Desc);
      set(Args, K, 1, Result.data());
      run1D(K, Args, 1);
      EXPECT_EQ(Result[0], 13);
      EXPECT_EQ(Result[1], CL_UNORM_INT8);
      EXPECT_EQ(Result[2], CL_BGRA);
      if (S.Dims >= 2) {
        EXPECT_EQ(std::vector<int64_t>(Result.begin() + 3, Result.begin() + 6),
                  (std::vector<int64_t>{7, 13, 7}));
      }
      if (S.Dims >= 3) {
        EXPECT_EQ(std::vector<int64_t>(Result.begin() + 6, Result.begin() + 9),
                  (std::vector<int64_t>{5, 5, 0}));
      }
      if (S.Layer) {
        EXPECT_EQ(Result[9], 3);
      }
    }
  // Depth images.
  for (cl_mem_object_type Type : {CL_MEM_OBJECT_IMAGE2D, CL_MEM_OBJECT_IMAGE2D_ARRAY}) {
    const std::string Source =
        std::string("kernel void k(read_only ") + typeName(Type, true) +
        " img, global long *out) {\n"
        "  out[0] = get_image_width(img); out[1] = get_image_height(img);\n"
        "  out[2] = get_image_channel_order(img); out[3] = get_image_dim(img).y;\n" +
        (Type == CL_MEM_OBJECT_IMAGE2D_ARRAY ? "  out[4] = get_image_array_size(img);\n" : "") +
        "}";
    const auto &Out = buildImages(Source);
    ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
    const compiler::KernelBinary &K = Out.Program->kernels().at(0);
    HostImage I = oddImage(Type, {CL_DEPTH, CL_FLOAT}, Random);
    std::vector<int64_t> Result(5, -1);
    std::vector<std::byte> Args(K.ArgBufferSize);
    set(Args, K, 0, &I.Desc);
    set(Args, K, 1, Result.data());
    run1D(K, Args, 1);
    EXPECT_EQ(Result, (std::vector<int64_t>{13, 7, CL_DEPTH, 7,
                                            Type == CL_MEM_OBJECT_IMAGE2D_ARRAY ? 3 : -1}));
  }
}

// OpenCL C 3.0 names every channel data type get_image_channel_data_type returns, the OpenCL 2.1
// CLK_UNORM_INT_101010_2 too, which Clang 15 does not define (the CTS's kernel_image_methods
// compared with it and failed to build).
TEST_F(Images, ChannelDataTypeOf101010_2IsNamedInOpenCLC3) {
  const auto &Out = buildImages(
      "kernel void k(read_only image2d_t img, global int *out) {\n"
      "  out[0] = get_image_channel_data_type(img); out[1] = CLK_UNORM_INT_101010_2;\n"
      "  out[2] = get_image_channel_data_type(img) == CLK_UNORM_INT_101010_2;\n}");
  ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
  const compiler::KernelBinary &K = Out.Program->kernels().at(0);
  std::mt19937 Random(3);
  HostImage I = oddImage(CL_MEM_OBJECT_IMAGE2D, {CL_RGBA, CL_UNORM_INT_101010_2}, Random);
  std::vector<int32_t> Result(3, -1);
  std::vector<std::byte> Args(K.ArgBufferSize);
  set(Args, K, 0, &I.Desc);
  set(Args, K, 1, Result.data());
  run1D(K, Args, 1);
  EXPECT_EQ(Result, (std::vector<int32_t>{CL_UNORM_INT_101010_2, CL_UNORM_INT_101010_2, 1}));
}

// Samplers declared in the program (constant, program scope) and in the kernel read what the
// same bits passed as an argument read; constant samplers reach the library as their bits.
TEST_F(Images, ConstantSamplersReadAsTheirBitsDo) {
  std::string Source;
  const std::vector<Sampler> Samplers = everySampler();
  const char *Address[] = {"CLK_ADDRESS_NONE", "CLK_ADDRESS_CLAMP_TO_EDGE", "CLK_ADDRESS_CLAMP",
                           "CLK_ADDRESS_REPEAT", "CLK_ADDRESS_MIRRORED_REPEAT"};
  for (size_t N = 0; N < Samplers.size(); ++N) {
    const Sampler &S = Samplers[N];
    const std::string Init =
        std::string(S.Normalized ? "CLK_NORMALIZED_COORDS_TRUE" : "CLK_NORMALIZED_COORDS_FALSE") +
        " | " + Address[S.Address - CL_ADDRESS_NONE] + " | " +
        (S.Linear ? "CLK_FILTER_LINEAR" : "CLK_FILTER_NEAREST");
    Source += "constant sampler_t Program" + std::to_string(N) + " = " + Init + ";\n";
    Source += "kernel void p" + std::to_string(N) +
              "(read_only image2d_t img, global const float2 *c, global float4 *out) {\n"
              "  size_t i = get_global_id(0); out[i] = read_imagef(img, Program" +
              std::to_string(N) + ", c[i]); }\n";
    Source += "kernel void k" + std::to_string(N) +
              "(read_only image2d_t img, global const float2 *c, global float4 *out) {\n"
              "  const sampler_t s = " +
              Init +
              ";\n"
              "  size_t i = get_global_id(0); out[i] = read_imagef(img, s, c[i]); }\n";
  }
  Source += "kernel void a(read_only image2d_t img, sampler_t s, global const float2 *c, global "
            "float4 *out) {\n"
            "  size_t i = get_global_id(0); out[i] = read_imagef(img, s, c[i]); }\n";
  const auto &Out = buildImages(Source);
  ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
  std::mt19937 Random(12);
  HostImage I = oddImage(CL_MEM_OBJECT_IMAGE2D, {CL_RGBA, CL_UNORM_INT8}, Random);
  for (size_t N = 0; N < Samplers.size(); ++N) {
    SCOPED_TRACE(Samplers[N].describe());
    const std::vector<Float4> Points = probePoints(I, Samplers[N], 200, Random);
    const std::vector<float> Coords = packed(Points, 2);
    std::vector<Float4> Want(Points.size());
    {
      const compiler::KernelBinary &K = *Out.Program->kernel("a");
      std::vector<std::byte> Args(K.ArgBufferSize);
      set(Args, K, 0, &I.Desc);
      set(Args, K, 1, Samplers[N].bits());
      set(Args, K, 2, Coords.data());
      set(Args, K, 3, Want.data());
      run1D(K, Args, Points.size());
    }
    for (std::string Name : {"p", "k"}) {
      const compiler::KernelBinary &K = *Out.Program->kernel(Name + std::to_string(N));
      std::vector<Float4> Result(Points.size());
      std::vector<std::byte> Args(K.ArgBufferSize);
      set(Args, K, 0, &I.Desc);
      set(Args, K, 1, Coords.data());
      set(Args, K, 2, Result.data());
      run1D(K, Args, Points.size());
      for (size_t P = 0; P < Points.size(); ++P)
        for (int C = 0; C < 4; ++C)
          ASSERT_TRUE(near(Result[P][C], Want[P][C])) << Name << " at " << P;
    }
  }
}

// Coordinates the spec leaves undefined (NaN, infinities, far outside with CLK_ADDRESS_NONE)
// read some texel of the image: never outside it.
TEST_F(Images, UndefinedCoordinatesStayInTheImage) {
  const auto &Out =
      buildImages("kernel void k(read_only image3d_t img, sampler_t s, global const float4 *c, "
                  "global const int4 *ic,\n"
                  "              global float4 *out) {\n"
                  "  size_t i = get_global_id(0);\n"
                  "  out[2 * i] = read_imagef(img, s, c[i]);\n"
                  "  out[2 * i + 1] = read_imagef(img, ic[i]) + read_imagef(img, s, ic[i]); }");
  ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
  const compiler::KernelBinary &K = Out.Program->kernels().at(0);
  std::mt19937 Random(13);
  // A 1-pixel image between pages no one may touch: at the end of its page, then at its start.
  const size_t Page = size_t(sysconf(_SC_PAGESIZE));
  auto *Pages = static_cast<unsigned char *>(
      mmap(nullptr, 3 * Page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
  ASSERT_NE(Pages, MAP_FAILED);
  ASSERT_EQ(mprotect(Pages + Page, Page, PROT_READ | PROT_WRITE), 0);
  HostImage I = makeImage(CL_MEM_OBJECT_IMAGE3D, {CL_RGBA, CL_FLOAT}, 1, 1, 1, 0, Random);
  I.Desc.RowPitch = I.Desc.SlicePitch = 16;
  const float Odd[] = {NAN, INFINITY, -INFINITY, 1e38f, -1e38f, 3e9f, -3e9f, 0.5f};
  std::vector<Float4> Coords;
  std::vector<std::array<int32_t, 4>> Ints;
  for (float A : Odd)
    for (float B : Odd) {
      Coords.push_back({A, B, Odd[(Coords.size() * 3) % 8], 0});
      Ints.push_back({int32_t(Coords.size()) * 100000007, INT32_MIN, INT32_MAX, 0});
    }
  for (const Sampler &Smp : everySampler())
    for (unsigned char *Pixel : {Pages + 2 * Page - 16, Pages + Page}) {
      I.Desc.Data = Pixel;
      std::vector<Float4> Result(2 * Coords.size());
      std::vector<std::byte> Args(K.ArgBufferSize);
      set(Args, K, 0, &I.Desc);
      set(Args, K, 1, Smp.bits());
      set(Args, K, 2, Coords.data());
      set(Args, K, 3, Ints.data());
      set(Args, K, 4, Result.data());
      run1D(K, Args, Coords.size());
    }
  munmap(Pages, 3 * Page);
}

// ---------------------------------------------------------------------------------------------
// SPIR-V

std::string fileContents(const char *Path) {
  std::ifstream In(Path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(In), std::istreambuf_iterator<char>());
}

// The translator's OpImageRead, OpImageWrite, OpImageSampleExplicitLod, OpSampledImage,
// OpConstantSampler and OpImageQuery* come back as OpenCL C's mangled built-ins with the
// translator's image types (%opencl.image2d_ro_t addrspace(1)*, ...): the kernels of
// spirv/images.cl, built from SPIR-V, compute what they compute built from OpenCL C.
TEST_F(Images, SpirvProgramsReadAndWriteImagesAsOpenCLCDoes) {
  const std::string Il = fileContents(WEFT_TEST_IMAGES_SPIRV);
  ASSERT_FALSE(Il.empty()) << WEFT_TEST_IMAGES_SPIRV;
  compiler::CompileInput In;
  In.Source = Il;
  In.Spirv = true;
  In.Target = imageDevice();
  compiler::CompileOutput C = Compiler->compile(In);
  ASSERT_EQ(C.Result, Status::Success) << C.Log;
  const compiler::BuildOutput FromSpirv = Compiler->link({C.Bitcode}, "", false);
  ASSERT_EQ(FromSpirv.Result, Status::Success) << FromSpirv.Log;
  const auto &FromSource = buildImages(fileContents(WEFT_TEST_IMAGES_SPIRV_SOURCE));
  ASSERT_EQ(FromSource.Result, Status::Success) << FromSource.Log;
  // The same argument kinds either way.
  for (const compiler::KernelBinary &K : FromSource.Program->kernels()) {
    const compiler::KernelBinary *S = FromSpirv.Program->kernel(K.Info.Name);
    ASSERT_NE(S, nullptr) << K.Info.Name;
    ASSERT_EQ(S->Info.Args.size(), K.Info.Args.size());
    for (size_t A = 0; A < K.Info.Args.size(); ++A) {
      EXPECT_EQ(S->Info.Args[A].IsImage, K.Info.Args[A].IsImage) << K.Info.Name << " " << A;
      EXPECT_EQ(S->Info.Args[A].IsSampler, K.Info.Args[A].IsSampler) << K.Info.Name << " " << A;
      EXPECT_EQ(S->Info.Args[A].IsPointer, K.Info.Args[A].IsPointer) << K.Info.Name << " " << A;
      EXPECT_EQ(S->Info.Args[A].AccessQualifier, K.Info.Args[A].AccessQualifier);
    }
  }

  std::mt19937 Random(14);
  const size_t N = 256;
  std::vector<Float4> Coords(N);
  std::uniform_real_distribution<float> Any(-3.0f, 16.0f);
  for (Float4 &P : Coords)
    P = {Any(Random), Any(Random), Any(Random) / 3, 0};
  const Sampler Smp{false, CL_ADDRESS_CLAMP, true};
  // Runs kernel Name built both ways on fresh copies of Images; Outputs (their sizes in bytes)
  // must match, and so must the images.
  auto Compare = [&](const char *Name, std::vector<HostImage> Images, std::vector<size_t> Outputs,
                     std::vector<const void *> Inputs, uint64_t Dims,
                     std::array<uint64_t, 3> Global) {
    SCOPED_TRACE(Name);
    std::vector<std::vector<unsigned char>> Results[2];
    std::vector<HostImage> After[2];
    for (int Way = 0; Way < 2; ++Way) {
      const compiler::KernelBinary &K = *(Way == 0 ? FromSource : FromSpirv).Program->kernel(Name);
      std::vector<HostImage> Copies = Images;
      for (HostImage &I : Copies)
        I.Desc.Data = I.Storage.data();
      Results[Way].assign(Outputs.size(), {});
      std::vector<std::byte> Args(K.ArgBufferSize);
      unsigned A = 0, Image = 0, Input = 0, Output = 0;
      // What each argument is, by the OpenCL C build (SPIR-V keeps no const qualifiers).
      for (const compiler::KernelArg &Arg : FromSource.Program->kernel(Name)->Info.Args) {
        if (Arg.IsImage)
          set(Args, K, A, &Copies[Image++].Desc);
        else if (Arg.IsSampler)
          set(Args, K, A, Smp.bits());
        else if (Arg.TypeQualifiers.find("const") != std::string::npos)
          set(Args, K, A, Inputs[Input++]);
        else {
          Results[Way][Output].assign(Outputs[Output], 0);
          set(Args, K, A, static_cast<void *>(Results[Way][Output].data()));
          ++Output;
        }
        ++A;
      }
      run(K, Args, unsigned(Dims), Global, {1, 1, 1});
      After[Way] = std::move(Copies);
    }
    for (size_t O = 0; O < Outputs.size(); ++O)
      for (size_t B = 0; B < Outputs[O]; B += 4) {
        float X, Y;
        std::memcpy(&X, &Results[0][O][B], 4);
        std::memcpy(&Y, &Results[1][O][B], 4);
        uint32_t BitsX, BitsY;
        std::memcpy(&BitsX, &X, 4);
        std::memcpy(&BitsY, &Y, 4);
        ASSERT_TRUE(BitsX == BitsY || near(X, Y)) << "output " << O << " word " << B / 4;
      }
    for (size_t I = 0; I < Images.size(); ++I)
      ASSERT_EQ(After[0][I].Storage, After[1][I].Storage) << "image " << I;
  };
  const Format RGBA8{CL_RGBA, CL_UNORM_INT8}, Float{CL_RGBA, CL_FLOAT};
  Compare("copy2d",
          {oddImage(CL_MEM_OBJECT_IMAGE2D, RGBA8, Random),
           oddImage(CL_MEM_OBJECT_IMAGE2D, {CL_BGRA, CL_UNORM_INT8}, Random)},
          {}, {}, 2, {13, 7, 1});
  const std::vector<float> Coords2 = packed(Coords, 2);
  Compare("sample2d", {oddImage(CL_MEM_OBJECT_IMAGE2D, RGBA8, Random)}, {N * 16}, {Coords2.data()},
          1, {N, 1, 1});
  Compare("sample3d", {oddImage(CL_MEM_OBJECT_IMAGE3D, {CL_RGBA, CL_UNSIGNED_INT16}, Random)},
          {N * 16, N * 16}, {Coords.data()}, 1, {N, 1, 1});
  Compare("sample3d", {oddImage(CL_MEM_OBJECT_IMAGE3D, Float, Random)}, {N * 16, N * 16},
          {Coords.data()}, 1, {N, 1, 1});
  Compare("arrays",
          {oddImage(CL_MEM_OBJECT_IMAGE1D_ARRAY, Float, Random),
           oddImage(CL_MEM_OBJECT_IMAGE2D_ARRAY, {CL_DEPTH, CL_FLOAT}, Random)},
          {N * 8}, {Coords.data()}, 1, {N, 1, 1});
  std::vector<std::array<int32_t, 4>> Colors(13 * 7 * 5);
  for (auto &C : Colors)
    for (int32_t &V : C)
      V = int32_t(Random() % 2000) - 1000;
  Compare("readwrite3d", {oddImage(CL_MEM_OBJECT_IMAGE3D, {CL_RGBA, CL_SIGNED_INT16}, Random)}, {},
          {Colors.data()}, 3, {13, 7, 5});
  Compare("queries",
          {oddImage(CL_MEM_OBJECT_IMAGE2D_ARRAY, RGBA8, Random),
           oddImage(CL_MEM_OBJECT_IMAGE3D, Float, Random),
           oddImage(CL_MEM_OBJECT_IMAGE1D_BUFFER, {CL_R, CL_HALF_FLOAT}, Random)},
          {7 * 4}, {}, 1, {1, 1, 1});
}

} // namespace
} // namespace weft
