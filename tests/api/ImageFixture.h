// Fixture for image tests: image creation, the shape of each image type, and pixel addressing in
// host memory with pitches.
#pragma once

#include "api/RuntimeTest.h"

#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace weft::test {

/// An image type and its dimensions (those the type lacks are ignored).
struct Shape {
  cl_mem_object_type Type;
  size_t Width, Height = 1, Depth = 1, ArraySize = 1;

  /// Pixels along x, y, z as transfers address them: a 1D array's layers are y, a 2D array's z.
  std::array<size_t, 3> extent() const {
    switch (Type) {
    case CL_MEM_OBJECT_IMAGE1D_ARRAY:
      return {Width, ArraySize, 1};
    case CL_MEM_OBJECT_IMAGE2D:
      return {Width, Height, 1};
    case CL_MEM_OBJECT_IMAGE2D_ARRAY:
      return {Width, Height, ArraySize};
    case CL_MEM_OBJECT_IMAGE3D:
      return {Width, Height, Depth};
    default:
      return {Width, 1, 1};
    }
  }
  size_t pixels() const {
    auto E = extent();
    return E[0] * E[1] * E[2];
  }
  bool hasSlicePitch() const {
    return Type == CL_MEM_OBJECT_IMAGE3D || Type == CL_MEM_OBJECT_IMAGE1D_ARRAY ||
           Type == CL_MEM_OBJECT_IMAGE2D_ARRAY;
  }
  cl_image_desc desc(size_t RowPitch = 0, size_t SlicePitch = 0, cl_mem Mem = nullptr) const {
    cl_image_desc D{};
    D.image_type = Type;
    D.image_width = Width;
    D.image_height = Height;
    D.image_depth = Depth;
    D.image_array_size = ArraySize;
    D.image_row_pitch = RowPitch;
    D.image_slice_pitch = SlicePitch;
    D.mem_object = Mem;
    return D;
  }
};

/// Host memory laid out as a read, write or creation with row and slice pitches lays out an
/// image region: pixel (x, y, z) at x * PixelBytes + y * YPitch + z * ZPitch, where a 1D
/// array's layers (y) are SlicePitch apart.
struct HostLayout {
  size_t PixelBytes, YPitch, ZPitch;
  static HostLayout of(const Shape &S, const std::array<size_t, 3> &Region, size_t PixelBytes,
                       size_t RowPitch = 0, size_t SlicePitch = 0) {
    if (!RowPitch)
      RowPitch = Region[0] * PixelBytes;
    if (S.Type == CL_MEM_OBJECT_IMAGE1D_ARRAY)
      return {PixelBytes, SlicePitch ? SlicePitch : RowPitch, 0};
    if (!SlicePitch)
      SlicePitch = RowPitch * Region[1];
    return {PixelBytes, RowPitch, SlicePitch};
  }
  size_t at(size_t X, size_t Y, size_t Z) const { return X * PixelBytes + Y * YPitch + Z * ZPitch; }
  size_t bytes(const std::array<size_t, 3> &Region) const {
    return (Region[2] - 1) * ZPitch + (Region[1] - 1) * YPitch + Region[0] * PixelBytes;
  }
};

inline const char *typeName(cl_mem_object_type T) {
  switch (T) {
  case CL_MEM_OBJECT_IMAGE1D: return "1D";
  case CL_MEM_OBJECT_IMAGE1D_BUFFER: return "1D buffer";
  case CL_MEM_OBJECT_IMAGE1D_ARRAY: return "1D array";
  case CL_MEM_OBJECT_IMAGE2D: return "2D";
  case CL_MEM_OBJECT_IMAGE2D_ARRAY: return "2D array";
  case CL_MEM_OBJECT_IMAGE3D: return "3D";
  }
  return "?";
}

inline std::string formatName(const cl_image_format &F) {
  char S[64];
  std::snprintf(S, sizeof S, "{0x%x, 0x%x}", F.image_channel_order, F.image_channel_data_type);
  return S;
}

/// Bytes of one pixel, written here independently of Weft's table.
inline size_t pixelSize(const cl_image_format &F) {
  size_t Channels = 0;
  switch (F.image_channel_order) {
  case CL_R: case CL_A: case CL_INTENSITY: case CL_LUMINANCE: case CL_DEPTH: Channels = 1; break;
  case CL_RG: case CL_RA: Channels = 2; break;
  case CL_RGB: case CL_sRGB: Channels = 3; break;
  default: Channels = 4; break;
  }
  switch (F.image_channel_data_type) {
  case CL_UNORM_SHORT_565: case CL_UNORM_SHORT_555: return 2;
  case CL_UNORM_INT_101010: case CL_UNORM_INT_101010_2: return 4;
  case CL_UNORM_INT8: case CL_SNORM_INT8: case CL_SIGNED_INT8: case CL_UNSIGNED_INT8:
    return Channels;
  case CL_UNORM_INT16: case CL_SNORM_INT16: case CL_SIGNED_INT16: case CL_UNSIGNED_INT16:
  case CL_HALF_FLOAT:
    return 2 * Channels;
  default:
    return 4 * Channels;
  }
}

inline std::vector<unsigned char> randomBytes(size_t N, unsigned Seed) {
  std::mt19937 Rng(Seed);
  std::vector<unsigned char> V(N);
  for (auto &B : V)
    B = static_cast<unsigned char>(Rng());
  return V;
}

class ImageTest : public RuntimeTest {
protected:
  void TearDown() override {
    for (cl_mem M : Objects)
      clReleaseMemObject(M);
    RuntimeTest::TearDown();
  }
  /// An image the fixture releases; fails the test if it cannot be made.
  cl_mem image(const Shape &S, cl_image_format F, cl_mem_flags Flags = CL_MEM_READ_WRITE,
               void *Host = nullptr, size_t RowPitch = 0, size_t SlicePitch = 0,
               cl_mem Mem = nullptr) {
    cl_image_desc D = S.desc(RowPitch, SlicePitch, Mem);
    cl_int Err;
    cl_mem M = clCreateImage(Ctx, Flags, &F, &D, Host, &Err);
    EXPECT_EQ(Err, CL_SUCCESS) << typeName(S.Type) << " " << formatName(F);
    if (M)
      Objects.push_back(M);
    return M;
  }
  /// The error clCreateImage gives (and no image).
  cl_int createError(const Shape &S, cl_image_format F, cl_mem_flags Flags = CL_MEM_READ_WRITE,
                     void *Host = nullptr, size_t RowPitch = 0, size_t SlicePitch = 0,
                     cl_mem Mem = nullptr) {
    cl_image_desc D = S.desc(RowPitch, SlicePitch, Mem);
    cl_int Err = CL_SUCCESS;
    cl_mem M = clCreateImage(Ctx, Flags, &F, &D, Host, &Err);
    EXPECT_EQ(M, nullptr);
    if (M)
      clReleaseMemObject(M);
    return Err;
  }
  /// A buffer the fixture releases.
  cl_mem ownedBuffer(size_t Size, cl_mem_flags Flags = CL_MEM_READ_WRITE, void *Host = nullptr) {
    cl_mem M = buffer(Size, Flags, Host);
    if (M)
      Objects.push_back(M);
    return M;
  }
  /// The whole image, read back tightly packed.
  std::vector<unsigned char> readAll(cl_command_queue Q, cl_mem M, const Shape &S,
                                     size_t PixelBytes) {
    std::vector<unsigned char> Out(S.pixels() * PixelBytes);
    const size_t Origin[3] = {0, 0, 0};
    auto E = S.extent();
    EXPECT_EQ(clEnqueueReadImage(Q, M, CL_TRUE, Origin, E.data(), 0, 0, Out.data(), 0, nullptr,
                                 nullptr),
              CL_SUCCESS);
    return Out;
  }

  std::vector<cl_mem> Objects;
};

template <class T> T imageInfo(cl_mem M, cl_image_info Q) {
  T V{};
  size_t Size = 0;
  EXPECT_EQ(clGetImageInfo(M, Q, sizeof V, &V, &Size), CL_SUCCESS) << std::hex << Q;
  EXPECT_EQ(Size, sizeof V) << std::hex << Q;
  return V;
}

template <class T> T memInfo(cl_mem M, cl_mem_info Q) {
  T V{};
  EXPECT_EQ(clGetMemObjectInfo(M, Q, sizeof V, &V, nullptr), CL_SUCCESS) << std::hex << Q;
  return V;
}

/// Every image type, with odd sizes.
inline std::vector<Shape> everyShape() {
  return {{CL_MEM_OBJECT_IMAGE1D, 37},
          {CL_MEM_OBJECT_IMAGE1D_ARRAY, 37, 1, 1, 5},
          {CL_MEM_OBJECT_IMAGE2D, 37, 23},
          {CL_MEM_OBJECT_IMAGE2D_ARRAY, 37, 23, 1, 5},
          {CL_MEM_OBJECT_IMAGE3D, 37, 23, 5}};
}

} // namespace weft::test
