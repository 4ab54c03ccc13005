// OpenCL 3.0 §5.3 (image objects): formats, creation and its errors, images over buffers and
// images, info, and every transfer (read, write, copy, fill, copies with buffers, map), alone and
// from several threads at once.
#include "api/ImageFixture.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <limits>
#include <thread>

namespace weft::test {
namespace {

using ImageApi = ImageTest;

constexpr cl_image_format RGBA8{CL_RGBA, CL_UNORM_INT8};
constexpr cl_image_format RGBA32F{CL_RGBA, CL_FLOAT};

std::vector<cl_image_format> supported(cl_context C, cl_mem_flags Flags, cl_mem_object_type T) {
  cl_uint N = 0;
  EXPECT_EQ(clGetSupportedImageFormats(C, Flags, T, 0, nullptr, &N), CL_SUCCESS);
  std::vector<cl_image_format> F(N);
  if (N) {
    EXPECT_EQ(clGetSupportedImageFormats(C, Flags, T, N, F.data(), nullptr), CL_SUCCESS);
  }
  return F;
}

bool contains(const std::vector<cl_image_format> &List, cl_image_format F) {
  return std::any_of(List.begin(), List.end(), [&](const cl_image_format &G) {
    return G.image_channel_order == F.image_channel_order &&
           G.image_channel_data_type == F.image_channel_data_type;
  });
}

constexpr cl_mem_object_type EveryType[] = {
    CL_MEM_OBJECT_IMAGE1D,       CL_MEM_OBJECT_IMAGE1D_BUFFER, CL_MEM_OBJECT_IMAGE1D_ARRAY,
    CL_MEM_OBJECT_IMAGE2D,       CL_MEM_OBJECT_IMAGE2D_ARRAY,  CL_MEM_OBJECT_IMAGE3D};

// §5.3.2.1: the minimum lists of OpenCL 3.0 full-profile devices, for reading or writing, and for
// reading and writing in one kernel; the OpenCL 2.x list (CL_R, CL_RG, CL_DEPTH, sRGBA reads),
// which Weft offers too.
TEST_F(ImageApi, SupportedFormatsContainTheMinimumLists) {
  const cl_channel_type ReadOrWrite[] = {CL_UNORM_INT8,    CL_UNORM_INT16,   CL_SIGNED_INT8,
                                         CL_SIGNED_INT16,  CL_SIGNED_INT32,  CL_UNSIGNED_INT8,
                                         CL_UNSIGNED_INT16, CL_UNSIGNED_INT32, CL_HALF_FLOAT,
                                         CL_FLOAT};
  const cl_channel_type ReadAndWrite[] = {CL_UNORM_INT8,    CL_SIGNED_INT8,    CL_SIGNED_INT16,
                                          CL_SIGNED_INT32,  CL_UNSIGNED_INT8,  CL_UNSIGNED_INT16,
                                          CL_UNSIGNED_INT32, CL_HALF_FLOAT,    CL_FLOAT};
  const cl_channel_type Every2x[] = {CL_UNORM_INT8,    CL_UNORM_INT16,   CL_SNORM_INT8,
                                     CL_SNORM_INT16,   CL_SIGNED_INT8,   CL_SIGNED_INT16,
                                     CL_SIGNED_INT32,  CL_UNSIGNED_INT8, CL_UNSIGNED_INT16,
                                     CL_UNSIGNED_INT32, CL_HALF_FLOAT,   CL_FLOAT};
  for (cl_mem_object_type T : EveryType) {
    SCOPED_TRACE(typeName(T));
    for (cl_mem_flags Flags : {CL_MEM_READ_ONLY, CL_MEM_WRITE_ONLY, CL_MEM_READ_WRITE,
                               CL_MEM_KERNEL_READ_AND_WRITE, CL_MEM_READ_ONLY | CL_MEM_HOST_NO_ACCESS}) {
      SCOPED_TRACE(Flags);
      auto List = supported(Ctx, Flags, T);
      for (cl_channel_type Type : ReadOrWrite)
        EXPECT_TRUE(contains(List, {CL_RGBA, Type})) << std::hex << Type;
      EXPECT_TRUE(contains(List, {CL_BGRA, CL_UNORM_INT8}));
      for (cl_channel_type Type : ReadAndWrite) {
        EXPECT_TRUE(contains(List, {CL_R, Type})) << std::hex << Type;
        EXPECT_TRUE(contains(List, {CL_RGBA, Type})) << std::hex << Type;
      }
      for (cl_channel_type Type : Every2x) {
        EXPECT_TRUE(contains(List, {CL_R, Type})) << std::hex << Type;
        EXPECT_TRUE(contains(List, {CL_RG, Type})) << std::hex << Type;
        EXPECT_TRUE(contains(List, {CL_RGBA, Type})) << std::hex << Type;
      }
      EXPECT_TRUE(contains(List, {CL_sRGBA, CL_UNORM_INT8}));
      // cl_khr_depth_images: CL_DEPTH for 2D images and 2D arrays only.
      const bool Depth = T == CL_MEM_OBJECT_IMAGE2D || T == CL_MEM_OBJECT_IMAGE2D_ARRAY;
      EXPECT_EQ(contains(List, {CL_DEPTH, CL_UNORM_INT16}), Depth);
      EXPECT_EQ(contains(List, {CL_DEPTH, CL_FLOAT}), Depth);
      // What Weft leaves out: the orders whose layout the spec and the CTS disagree on, and GL's.
      EXPECT_FALSE(contains(List, {CL_Rx, CL_UNORM_INT8}));
      EXPECT_FALSE(contains(List, {CL_RGx, CL_UNORM_INT8}));
      EXPECT_FALSE(contains(List, {CL_DEPTH_STENCIL, CL_FLOAT}));
      // Every format listed makes an image of that type.
      for (const cl_image_format &F : List) {
        EXPECT_EQ(pixelSize(F) & (pixelSize(F) - 1), F.image_channel_order == CL_sRGB ? 2u : 0u)
            << formatName(F) << ": a power of two bytes but for 3-byte sRGB";
        Shape S{T, 5, 3, 2, 2};
        cl_mem Buf = nullptr;
        if (T == CL_MEM_OBJECT_IMAGE1D_BUFFER)
          Buf = ownedBuffer(5 * pixelSize(F));
        cl_mem M = image(S, F, CL_MEM_READ_WRITE, nullptr, 0, 0, Buf);
        if (M) {
          EXPECT_EQ(imageInfo<size_t>(M, CL_IMAGE_ELEMENT_SIZE), pixelSize(F)) << formatName(F);
        }
      }
    }
  }
  // The list is the same for every access flag; a short array receives its first entries.
  auto All = supported(Ctx, CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE2D);
  ASSERT_GE(All.size(), 3u);
  cl_image_format Two[3] = {};
  cl_uint N = 0;
  ASSERT_EQ(clGetSupportedImageFormats(Ctx, CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE2D, 2, Two, &N),
            CL_SUCCESS);
  EXPECT_EQ(N, All.size());
  EXPECT_EQ(Two[1].image_channel_order, All[1].image_channel_order);
  EXPECT_EQ(Two[2].image_channel_order, 0u) << "only num_entries entries are written";
}

TEST_F(ImageApi, SupportedFormatsErrors) {
  cl_uint N;
  cl_image_format F;
  EXPECT_EQ(clGetSupportedImageFormats(Ctx, CL_MEM_READ_WRITE, CL_MEM_OBJECT_BUFFER, 0, nullptr, &N),
            CL_INVALID_VALUE);
  EXPECT_EQ(clGetSupportedImageFormats(Ctx, CL_MEM_READ_WRITE, CL_MEM_OBJECT_PIPE, 0, nullptr, &N),
            CL_INVALID_VALUE);
  EXPECT_EQ(clGetSupportedImageFormats(Ctx, CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE2D, 0, &F, &N),
            CL_INVALID_VALUE);
  EXPECT_EQ(clGetSupportedImageFormats(Ctx, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY,
                                       CL_MEM_OBJECT_IMAGE2D, 0, nullptr, &N),
            CL_INVALID_VALUE);
  EXPECT_EQ(clGetSupportedImageFormats(Ctx, cl_mem_flags(1) << 40, CL_MEM_OBJECT_IMAGE2D, 0,
                                       nullptr, &N),
            CL_INVALID_VALUE);
  EXPECT_EQ(clGetSupportedImageFormats(reinterpret_cast<cl_context>(Device), CL_MEM_READ_WRITE,
                                       CL_MEM_OBJECT_IMAGE2D, 0, nullptr, &N),
            CL_INVALID_CONTEXT);
  EXPECT_EQ(clGetSupportedImageFormats(Ctx, CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE2D, 0, nullptr,
                                       nullptr),
            CL_SUCCESS);
}

// §5.3.1.1: a format the spec does not define is an invalid descriptor; one it defines that Weft
// does not support is CL_IMAGE_FORMAT_NOT_SUPPORTED.
TEST_F(ImageApi, InvalidAndUnsupportedFormats) {
  const Shape S2D{CL_MEM_OBJECT_IMAGE2D, 4, 4};
  const cl_image_format Invalid[] = {
      {0x1234, CL_UNORM_INT8},        {CL_RGBA, 0x1234},
      {CL_INTENSITY, CL_SIGNED_INT8}, {CL_LUMINANCE, CL_UNSIGNED_INT16},
      {CL_RGB, CL_UNORM_INT8},        {CL_RGB, CL_FLOAT},
      {CL_BGRA, CL_FLOAT},            {CL_ARGB, CL_UNORM_INT16},
      {CL_ABGR, CL_SIGNED_INT32},     {CL_sRGBA, CL_UNORM_INT16},
      {CL_RGBA, CL_UNORM_SHORT_565},  {CL_R, CL_UNORM_INT_101010},
      {CL_RGB, CL_UNORM_INT_101010_2}, {CL_DEPTH, CL_UNORM_INT8},
      {CL_DEPTH, CL_SIGNED_INT16},    {CL_RGBx, CL_UNORM_INT8}};
  for (const cl_image_format &F : Invalid)
    EXPECT_EQ(createError(S2D, F), CL_INVALID_IMAGE_FORMAT_DESCRIPTOR) << formatName(F);
  cl_image_desc D = S2D.desc();
  cl_int Err;
  EXPECT_EQ(clCreateImage(Ctx, CL_MEM_READ_WRITE, nullptr, &D, nullptr, &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
  EXPECT_EQ(createError(S2D, {CL_Rx, CL_UNORM_INT8}), CL_IMAGE_FORMAT_NOT_SUPPORTED);
  EXPECT_EQ(createError(S2D, {CL_RGx, CL_FLOAT}), CL_IMAGE_FORMAT_NOT_SUPPORTED);
  EXPECT_EQ(createError(S2D, {CL_DEPTH_STENCIL, CL_FLOAT}), CL_IMAGE_FORMAT_NOT_SUPPORTED);
  // Valid, not offered: their border color is disputed (ImageFormat.cpp).
  EXPECT_EQ(createError(S2D, {CL_RGBx, CL_UNORM_SHORT_565}), CL_IMAGE_FORMAT_NOT_SUPPORTED);
  EXPECT_EQ(createError(S2D, {CL_sRGBx, CL_UNORM_INT8}), CL_IMAGE_FORMAT_NOT_SUPPORTED);
  EXPECT_EQ(createError({CL_MEM_OBJECT_IMAGE3D, 4, 4, 4}, {CL_DEPTH, CL_FLOAT}),
            CL_IMAGE_FORMAT_NOT_SUPPORTED);
  EXPECT_EQ(createError({CL_MEM_OBJECT_IMAGE1D, 4}, {CL_DEPTH, CL_UNORM_INT16}),
            CL_IMAGE_FORMAT_NOT_SUPPORTED);
  EXPECT_NE(image(S2D, {CL_DEPTH, CL_FLOAT}), nullptr);
  EXPECT_NE(image({CL_MEM_OBJECT_IMAGE2D_ARRAY, 4, 4, 1, 3}, {CL_DEPTH, CL_UNORM_INT16}), nullptr);
}

TEST_F(ImageApi, DescriptorErrors) {
  cl_int Err;
  cl_image_format F = RGBA8;
  EXPECT_EQ(clCreateImage(Ctx, CL_MEM_READ_WRITE, &F, nullptr, nullptr, &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_IMAGE_DESCRIPTOR);
  EXPECT_EQ(createError({CL_MEM_OBJECT_BUFFER, 4, 4}, F), CL_INVALID_IMAGE_DESCRIPTOR);
  EXPECT_EQ(createError({CL_MEM_OBJECT_PIPE, 4, 4}, F), CL_INVALID_IMAGE_DESCRIPTOR);
  const Shape S2D{CL_MEM_OBJECT_IMAGE2D, 8, 4};
  for (int Field = 0; Field < 2; ++Field) {
    cl_image_desc D = S2D.desc();
    (Field ? D.num_samples : D.num_mip_levels) = 1;
    EXPECT_EQ(clCreateImage(Ctx, CL_MEM_READ_WRITE, &F, &D, nullptr, &Err), nullptr);
    EXPECT_EQ(Err, CL_INVALID_IMAGE_DESCRIPTOR);
  }
  // mem_object: a buffer only for 1D image buffers and 2D images, an image only for 2D images;
  // a 1D image buffer needs one.
  cl_mem Buf = ownedBuffer(4096);
  cl_mem Img = image(S2D, F);
  EXPECT_EQ(createError({CL_MEM_OBJECT_IMAGE1D_BUFFER, 8}, F), CL_INVALID_IMAGE_DESCRIPTOR);
  EXPECT_EQ(createError({CL_MEM_OBJECT_IMAGE1D, 8}, F, 0, nullptr, 0, 0, Buf),
            CL_INVALID_IMAGE_DESCRIPTOR);
  EXPECT_EQ(createError({CL_MEM_OBJECT_IMAGE2D_ARRAY, 8, 4, 1, 2}, F, 0, nullptr, 0, 0, Buf),
            CL_INVALID_IMAGE_DESCRIPTOR);
  EXPECT_EQ(createError({CL_MEM_OBJECT_IMAGE3D, 8, 4, 2}, F, 0, nullptr, 0, 0, Img),
            CL_INVALID_IMAGE_DESCRIPTOR);
  EXPECT_EQ(createError({CL_MEM_OBJECT_IMAGE1D_BUFFER, 8}, F, 0, nullptr, 0, 0, Img),
            CL_INVALID_IMAGE_DESCRIPTOR);
  EXPECT_EQ(createError(S2D, F, 0, nullptr, 0, 0, reinterpret_cast<cl_mem>(Ctx)),
            CL_INVALID_IMAGE_DESCRIPTOR);
  // Pitches: 0 without host_ptr; else at least a row (a layer), multiples of the element (row).
  std::vector<unsigned char> Host(1 << 16);
  EXPECT_EQ(createError(S2D, F, CL_MEM_READ_WRITE, nullptr, 64), CL_INVALID_IMAGE_DESCRIPTOR);
  EXPECT_EQ(createError({CL_MEM_OBJECT_IMAGE3D, 8, 4, 2}, F, CL_MEM_READ_WRITE, nullptr, 0, 512),
            CL_INVALID_IMAGE_DESCRIPTOR);
  EXPECT_EQ(createError(S2D, F, CL_MEM_COPY_HOST_PTR, Host.data(), 28), CL_INVALID_IMAGE_DESCRIPTOR);
  EXPECT_EQ(createError(S2D, F, CL_MEM_COPY_HOST_PTR, Host.data(), 34), CL_INVALID_IMAGE_DESCRIPTOR);
  EXPECT_EQ(createError({CL_MEM_OBJECT_IMAGE3D, 8, 4, 2}, F, CL_MEM_USE_HOST_PTR, Host.data(), 32,
                        96),
            CL_INVALID_IMAGE_DESCRIPTOR);
  EXPECT_EQ(createError({CL_MEM_OBJECT_IMAGE3D, 8, 4, 2}, F, CL_MEM_USE_HOST_PTR, Host.data(), 32,
                        130),
            CL_INVALID_IMAGE_DESCRIPTOR);
  EXPECT_EQ(createError({CL_MEM_OBJECT_IMAGE1D_ARRAY, 8, 1, 1, 3}, F, CL_MEM_USE_HOST_PTR,
                        Host.data(), 64, 48),
            CL_INVALID_IMAGE_DESCRIPTOR);
  // Pitches that are valid.
  EXPECT_NE(image({CL_MEM_OBJECT_IMAGE3D, 8, 4, 2}, F, CL_MEM_USE_HOST_PTR, Host.data(), 40, 200),
            nullptr);
  EXPECT_NE(image({CL_MEM_OBJECT_IMAGE1D_ARRAY, 8, 1, 1, 3}, F, CL_MEM_USE_HOST_PTR, Host.data(),
                  36, 72),
            nullptr);
}

TEST_F(ImageApi, SizeErrors) {
  const cl_image_format F = RGBA8;
  const size_t Max2D = deviceValue<size_t>(Device, CL_DEVICE_IMAGE2D_MAX_WIDTH);
  const size_t Max3D = deviceValue<size_t>(Device, CL_DEVICE_IMAGE3D_MAX_DEPTH);
  const size_t MaxArray = deviceValue<size_t>(Device, CL_DEVICE_IMAGE_MAX_ARRAY_SIZE);
  const size_t MaxBuffer = deviceValue<size_t>(Device, CL_DEVICE_IMAGE_MAX_BUFFER_SIZE);
  struct Case {
    Shape S;
    const char *What;
  } Cases[] = {
      {{CL_MEM_OBJECT_IMAGE1D, 0}, "width 0"},
      {{CL_MEM_OBJECT_IMAGE1D, Max2D + 1}, "1D width"},
      {{CL_MEM_OBJECT_IMAGE2D, 4, 0}, "height 0"},
      {{CL_MEM_OBJECT_IMAGE2D, Max2D + 1, 4}, "2D width"},
      {{CL_MEM_OBJECT_IMAGE2D, 4, Max2D + 1}, "2D height"},
      {{CL_MEM_OBJECT_IMAGE3D, 4, 4, 0}, "depth 0"},
      {{CL_MEM_OBJECT_IMAGE3D, 4, 4, Max3D + 1}, "3D depth"},
      {{CL_MEM_OBJECT_IMAGE3D, 4, deviceValue<size_t>(Device, CL_DEVICE_IMAGE3D_MAX_HEIGHT) + 1, 2},
       "3D height"},
      {{CL_MEM_OBJECT_IMAGE1D_ARRAY, 4, 1, 1, 0}, "array size 0"},
      {{CL_MEM_OBJECT_IMAGE2D_ARRAY, 4, 4, 1, MaxArray + 1}, "array size"},
  };
  for (const Case &C : Cases)
    EXPECT_EQ(createError(C.S, F), CL_INVALID_IMAGE_SIZE) << C.What;
  // Dimensions a type lacks are not looked at.
  EXPECT_NE(image({CL_MEM_OBJECT_IMAGE1D, 4, 0, 0, 0}, F), nullptr);
  EXPECT_NE(image({CL_MEM_OBJECT_IMAGE2D, 4, 4, 0, 0}, F), nullptr);
  // More bytes than one allocation may have.
  const cl_ulong MaxAlloc = deviceValue<cl_ulong>(Device, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
  if (cl_ulong(Max2D) * Max2D * 16 > MaxAlloc) {
    EXPECT_EQ(createError({CL_MEM_OBJECT_IMAGE2D, Max2D, Max2D}, RGBA32F), CL_INVALID_IMAGE_SIZE);
  }
  // A 1D image buffer: at most CL_DEVICE_IMAGE_MAX_BUFFER_SIZE pixels, within its buffer.
  cl_mem Buf = ownedBuffer(64 * 4);
  EXPECT_EQ(createError({CL_MEM_OBJECT_IMAGE1D_BUFFER, 65}, F, 0, nullptr, 0, 0, Buf),
            CL_INVALID_IMAGE_SIZE);
  EXPECT_EQ(createError({CL_MEM_OBJECT_IMAGE1D_BUFFER, MaxBuffer + 1}, F, 0, nullptr, 0, 0, Buf),
            CL_INVALID_IMAGE_SIZE);
  EXPECT_NE(image({CL_MEM_OBJECT_IMAGE1D_BUFFER, 64}, F, 0, nullptr, 0, 0, Buf), nullptr);
}

TEST_F(ImageApi, FlagsHostPointersAndProperties) {
  const Shape S{CL_MEM_OBJECT_IMAGE2D, 8, 4};
  const cl_image_format F = RGBA8;
  std::vector<unsigned char> Host(8 * 4 * 4);
  EXPECT_EQ(createError(S, F, CL_MEM_READ_WRITE | CL_MEM_READ_ONLY), CL_INVALID_VALUE);
  EXPECT_EQ(createError(S, F, CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS), CL_INVALID_VALUE);
  EXPECT_EQ(createError(S, F, cl_mem_flags(1) << 40), CL_INVALID_VALUE);
  EXPECT_EQ(createError(S, F, CL_MEM_KERNEL_READ_AND_WRITE), CL_INVALID_VALUE)
      << "CL_MEM_KERNEL_READ_AND_WRITE is for clGetSupportedImageFormats only";
  EXPECT_EQ(createError(S, F, CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR, Host.data()),
            CL_INVALID_VALUE);
  EXPECT_EQ(createError(S, F, CL_MEM_USE_HOST_PTR), CL_INVALID_HOST_PTR);
  EXPECT_EQ(createError(S, F, CL_MEM_COPY_HOST_PTR), CL_INVALID_HOST_PTR);
  EXPECT_EQ(createError(S, F, CL_MEM_READ_WRITE, Host.data()), CL_INVALID_HOST_PTR);
  EXPECT_EQ(createError(S, F, CL_MEM_ALLOC_HOST_PTR, Host.data()), CL_INVALID_HOST_PTR);
  // Every valid flag combination makes an image that reports its flags as given.
  const cl_mem_flags Access[] = {0, CL_MEM_READ_WRITE, CL_MEM_WRITE_ONLY, CL_MEM_READ_ONLY};
  const cl_mem_flags HostPtr[] = {0, CL_MEM_USE_HOST_PTR, CL_MEM_ALLOC_HOST_PTR,
                                  CL_MEM_COPY_HOST_PTR, CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR};
  const cl_mem_flags HostAccess[] = {0, CL_MEM_HOST_WRITE_ONLY, CL_MEM_HOST_READ_ONLY,
                                     CL_MEM_HOST_NO_ACCESS};
  for (cl_mem_flags A : Access)
    for (cl_mem_flags H : HostPtr)
      for (cl_mem_flags HA : HostAccess) {
        const cl_mem_flags Flags = A | H | HA;
        void *Ptr = (H & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR)) ? Host.data() : nullptr;
        cl_mem M = image(S, F, Flags, Ptr);
        if (M) {
          EXPECT_EQ(memInfo<cl_mem_flags>(M, CL_MEM_FLAGS), Flags);
        }
      }
  // Properties: none is supported; an empty list is kept and reported.
  cl_image_desc D = S.desc();
  cl_int Err;
  cl_mem_properties Empty[] = {0}, Unknown[] = {0x4242, 1, 0};
  cl_mem M = clCreateImageWithProperties(Ctx, Empty, CL_MEM_READ_WRITE, &F, &D, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  size_t Size = 0;
  cl_mem_properties Got[2] = {7, 7};
  EXPECT_EQ(clGetMemObjectInfo(M, CL_MEM_PROPERTIES, sizeof Got, Got, &Size), CL_SUCCESS);
  EXPECT_EQ(Size, sizeof(cl_mem_properties));
  EXPECT_EQ(Got[0], 0u);
  clReleaseMemObject(M);
  M = clCreateImageWithProperties(Ctx, nullptr, CL_MEM_READ_WRITE, &F, &D, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  EXPECT_EQ(clGetMemObjectInfo(M, CL_MEM_PROPERTIES, 0, nullptr, &Size), CL_SUCCESS);
  EXPECT_EQ(Size, 0u);
  clReleaseMemObject(M);
  EXPECT_EQ(clCreateImageWithProperties(Ctx, Unknown, CL_MEM_READ_WRITE, &F, &D, nullptr, &Err),
            nullptr);
  EXPECT_EQ(Err, CL_INVALID_PROPERTY);
  EXPECT_EQ(clCreateImage(reinterpret_cast<cl_context>(Device), 0, &F, &D, nullptr, &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_CONTEXT);
  // errcode_ret may be NULL.
  EXPECT_EQ(clCreateImage(Ctx, 0, &F, nullptr, nullptr, nullptr), nullptr);
}

// OpenCL 1.1's entry points: 2D and 3D images, with their own error for bad pitches.
TEST_F(ImageApi, CreateImage2DAnd3D) {
  const cl_image_format F = RGBA8;
  std::vector<unsigned char> Host(64 * 8 * 3);
  for (unsigned char &B : Host)
    B = static_cast<unsigned char>(&B - Host.data());
  cl_int Err;
  cl_mem I2 = clCreateImage2D(Ctx, CL_MEM_COPY_HOST_PTR, &F, 5, 3, 64, Host.data(), &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  EXPECT_EQ(memInfo<cl_mem_object_type>(I2, CL_MEM_TYPE), cl_mem_object_type(CL_MEM_OBJECT_IMAGE2D));
  EXPECT_EQ(imageInfo<size_t>(I2, CL_IMAGE_ROW_PITCH), 64u);
  EXPECT_EQ(imageInfo<size_t>(I2, CL_IMAGE_DEPTH), 0u);
  cl_mem I3 = clCreateImage3D(Ctx, 0, &F, 5, 3, 2, 0, 0, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  EXPECT_EQ(memInfo<cl_mem_object_type>(I3, CL_MEM_TYPE), cl_mem_object_type(CL_MEM_OBJECT_IMAGE3D));
  EXPECT_EQ(imageInfo<size_t>(I3, CL_IMAGE_DEPTH), 2u);
  EXPECT_EQ(imageInfo<size_t>(I3, CL_IMAGE_SLICE_PITCH), 5u * 4 * 3);
  // The pixels of the 2D image are host_ptr's, row by row 64 bytes apart.
  cl_command_queue Q = queue();
  std::vector<unsigned char> Row(20);
  const size_t Origin[3] = {0, 2, 0}, Region[3] = {5, 1, 1};
  ASSERT_EQ(clEnqueueReadImage(Q, I2, CL_TRUE, Origin, Region, 0, 0, Row.data(), 0, nullptr,
                               nullptr),
            CL_SUCCESS);
  EXPECT_TRUE(std::equal(Row.begin(), Row.end(), Host.begin() + 128));
  clReleaseMemObject(I2);
  clReleaseMemObject(I3);
  // "CL_INVALID_IMAGE_SIZE if ... image_depth <= 1, ... or if values specified by
  // image_row_pitch and image_slice_pitch do not follow rules".
  EXPECT_EQ(clCreateImage3D(Ctx, 0, &F, 5, 3, 1, 0, 0, nullptr, &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_IMAGE_SIZE);
  EXPECT_EQ(clCreateImage2D(Ctx, CL_MEM_USE_HOST_PTR, &F, 5, 3, 18, Host.data(), &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_IMAGE_SIZE);
  EXPECT_EQ(clCreateImage2D(Ctx, 0, &F, 5, 3, 32, nullptr, &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_IMAGE_SIZE);
  EXPECT_EQ(clCreateImage3D(Ctx, CL_MEM_USE_HOST_PTR, &F, 5, 3, 2, 20, 50, Host.data(), &Err),
            nullptr);
  EXPECT_EQ(Err, CL_INVALID_IMAGE_SIZE);
  EXPECT_EQ(clCreateImage2D(Ctx, 0, &F, 0, 3, 0, nullptr, &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_IMAGE_SIZE);
  EXPECT_EQ(clCreateImage2D(Ctx, 0, nullptr, 5, 3, 0, nullptr, &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
  EXPECT_EQ(clCreateImage3D(reinterpret_cast<cl_context>(Device), 0, &F, 5, 3, 2, 0, 0, nullptr,
                            &Err),
            nullptr);
  EXPECT_EQ(Err, CL_INVALID_CONTEXT);
}

// §5.3.7: clGetImageInfo and clGetMemObjectInfo for every type, with and without pitches.
TEST_F(ImageApi, InfoQueries) {
  const cl_image_format F{CL_RG, CL_SIGNED_INT16}; // 4 bytes
  std::vector<unsigned char> Host(1 << 16);
  for (const Shape &S : everyShape()) {
    SCOPED_TRACE(typeName(S.Type));
    const bool Is1DArray = S.Type == CL_MEM_OBJECT_IMAGE1D_ARRAY;
    for (bool Pitched : {false, true}) {
      for (cl_mem_flags HostFlag : {cl_mem_flags(0), cl_mem_flags(CL_MEM_COPY_HOST_PTR),
                                    cl_mem_flags(CL_MEM_USE_HOST_PTR)}) {
        SCOPED_TRACE(HostFlag);
        if (Pitched && !HostFlag)
          continue;
        void *Ptr = HostFlag ? Host.data() : nullptr;
        const size_t RowPitch = Pitched ? S.Width * 4 + 12 : 0;
        const size_t SlicePitch =
            Pitched && S.hasSlicePitch() ? RowPitch * (Is1DArray ? 2 : S.Height + 1) : 0;
        cl_mem M = image(S, F, CL_MEM_READ_ONLY | HostFlag, Ptr, RowPitch, SlicePitch);
        ASSERT_NE(M, nullptr);
        const size_t Row = Pitched ? RowPitch : S.Width * 4;
        const size_t Slice = !S.hasSlicePitch() ? 0
                             : Pitched          ? SlicePitch
                             : Is1DArray        ? Row
                                                : Row * S.Height;
        auto Format = imageInfo<cl_image_format>(M, CL_IMAGE_FORMAT);
        EXPECT_EQ(Format.image_channel_order, F.image_channel_order);
        EXPECT_EQ(Format.image_channel_data_type, F.image_channel_data_type);
        EXPECT_EQ(imageInfo<size_t>(M, CL_IMAGE_ELEMENT_SIZE), 4u);
        EXPECT_EQ(imageInfo<size_t>(M, CL_IMAGE_ROW_PITCH), Row);
        EXPECT_EQ(imageInfo<size_t>(M, CL_IMAGE_SLICE_PITCH), Slice);
        EXPECT_EQ(imageInfo<size_t>(M, CL_IMAGE_WIDTH), S.Width);
        const bool Has2D = S.Type == CL_MEM_OBJECT_IMAGE2D || S.Type == CL_MEM_OBJECT_IMAGE2D_ARRAY ||
                           S.Type == CL_MEM_OBJECT_IMAGE3D;
        EXPECT_EQ(imageInfo<size_t>(M, CL_IMAGE_HEIGHT), Has2D ? S.Height : 0u);
        EXPECT_EQ(imageInfo<size_t>(M, CL_IMAGE_DEPTH), S.Type == CL_MEM_OBJECT_IMAGE3D ? S.Depth : 0u);
        const bool Array = Is1DArray || S.Type == CL_MEM_OBJECT_IMAGE2D_ARRAY;
        EXPECT_EQ(imageInfo<size_t>(M, CL_IMAGE_ARRAY_SIZE), Array ? S.ArraySize : 0u);
        EXPECT_EQ(imageInfo<cl_mem>(M, CL_IMAGE_BUFFER), nullptr);
        EXPECT_EQ(imageInfo<cl_uint>(M, CL_IMAGE_NUM_MIP_LEVELS), 0u);
        EXPECT_EQ(imageInfo<cl_uint>(M, CL_IMAGE_NUM_SAMPLES), 0u);
        // The memory object queries.
        EXPECT_EQ(memInfo<cl_mem_object_type>(M, CL_MEM_TYPE), S.Type);
        EXPECT_EQ(memInfo<cl_mem_flags>(M, CL_MEM_FLAGS), CL_MEM_READ_ONLY | HostFlag);
        // CL_MEM_SIZE: Weft's tightly packed pixels, or the spec's host_ptr size with its pitches.
        const bool UsesHost = HostFlag == CL_MEM_USE_HOST_PTR;
        const size_t Bytes = !UsesHost ? S.pixels() * 4
                             : S.Type == CL_MEM_OBJECT_IMAGE3D ? Slice * S.Depth
                             : Array                          ? Slice * S.ArraySize
                             : S.Type == CL_MEM_OBJECT_IMAGE2D ? Row * S.Height
                                                              : Row;
        EXPECT_EQ(memInfo<size_t>(M, CL_MEM_SIZE), Bytes);
        EXPECT_EQ(memInfo<void *>(M, CL_MEM_HOST_PTR), UsesHost ? Host.data() : nullptr);
        EXPECT_EQ(memInfo<cl_uint>(M, CL_MEM_MAP_COUNT), 0u);
        EXPECT_EQ(memInfo<cl_uint>(M, CL_MEM_REFERENCE_COUNT), 1u);
        EXPECT_EQ(memInfo<cl_context>(M, CL_MEM_CONTEXT), Ctx);
        EXPECT_EQ(memInfo<cl_mem>(M, CL_MEM_ASSOCIATED_MEMOBJECT), nullptr);
        EXPECT_EQ(memInfo<size_t>(M, CL_MEM_OFFSET), 0u);
        EXPECT_EQ(memInfo<cl_bool>(M, CL_MEM_USES_SVM_POINTER), cl_bool(CL_FALSE));
      }
    }
  }
  cl_mem M = image({CL_MEM_OBJECT_IMAGE2D, 4, 4}, F);
  size_t Small = 0, Size = 0;
  EXPECT_EQ(clGetImageInfo(M, CL_IMAGE_WIDTH, 4, &Small, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clGetImageInfo(M, 0x7777, 0, nullptr, &Size), CL_INVALID_VALUE);
  EXPECT_EQ(clGetImageInfo(M, CL_IMAGE_FORMAT, 0, nullptr, &Size), CL_SUCCESS);
  EXPECT_EQ(Size, sizeof(cl_image_format));
  cl_mem Buf = ownedBuffer(64);
  EXPECT_EQ(clGetImageInfo(Buf, CL_IMAGE_WIDTH, sizeof Size, &Size, nullptr), CL_INVALID_MEM_OBJECT);
  EXPECT_EQ(clGetImageInfo(nullptr, CL_IMAGE_WIDTH, sizeof Size, &Size, nullptr),
            CL_INVALID_MEM_OBJECT);
  EXPECT_EQ(clGetImageInfo(reinterpret_cast<cl_mem>(Ctx), CL_IMAGE_WIDTH, sizeof Size, &Size,
                           nullptr),
            CL_INVALID_MEM_OBJECT);
  // Retain, release and the destructor callback work for images as for buffers.
  EXPECT_EQ(clRetainMemObject(M), CL_SUCCESS);
  EXPECT_EQ(memInfo<cl_uint>(M, CL_MEM_REFERENCE_COUNT), 2u);
  EXPECT_EQ(clReleaseMemObject(M), CL_SUCCESS);
}

std::atomic<int> Destroyed{0};
void CL_CALLBACK countDestruction(cl_mem, void *Order) {
  static_cast<std::vector<int> *>(Order)->push_back(Destroyed.fetch_add(1));
}

TEST_F(ImageApi, DestructorCallbacksRunInReverseOrder) {
  cl_int Err;
  cl_image_format F = RGBA8;
  cl_image_desc D = Shape{CL_MEM_OBJECT_IMAGE2D, 4, 4}.desc();
  cl_mem M = clCreateImage(Ctx, 0, &F, &D, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  std::vector<int> First, Second;
  Destroyed = 0;
  ASSERT_EQ(clSetMemObjectDestructorCallback(M, countDestruction, &First), CL_SUCCESS);
  ASSERT_EQ(clSetMemObjectDestructorCallback(M, countDestruction, &Second), CL_SUCCESS);
  EXPECT_EQ(clSetMemObjectDestructorCallback(M, nullptr, nullptr), CL_INVALID_VALUE);
  ASSERT_EQ(clReleaseMemObject(M), CL_SUCCESS);
  ASSERT_EQ(Second, std::vector<int>{0});
  ASSERT_EQ(First, std::vector<int>{1});
}

/// Writes Data's region at Origin of image M (shape S, pixels of PB bytes) with host pitches,
/// then checks the whole image against Expected, updated with the region.
void writeRegion(cl_command_queue Q, cl_mem M, const Shape &S, size_t PB,
                 std::vector<unsigned char> &Expected, std::array<size_t, 3> Origin,
                 std::array<size_t, 3> Region, size_t RowPitch, size_t SlicePitch, unsigned Seed,
                 bool Blocking) {
  HostLayout L = HostLayout::of(S, Region, PB, RowPitch, SlicePitch);
  std::vector<unsigned char> Data = randomBytes(L.bytes(Region), Seed);
  ASSERT_EQ(clEnqueueWriteImage(Q, M, Blocking, Origin.data(), Region.data(), RowPitch, SlicePitch,
                                Data.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  if (!Blocking) {
    ASSERT_EQ(clFinish(Q), CL_SUCCESS);
  }
  const auto E = S.extent();
  for (size_t Z = 0; Z < Region[2]; ++Z)
    for (size_t Y = 0; Y < Region[1]; ++Y)
      std::memcpy(&Expected[((Origin[2] + Z) * E[1] * E[0] + (Origin[1] + Y) * E[0] + Origin[0]) * PB],
                  &Data[L.at(0, Y, Z)], Region[0] * PB);
}

// Every type, every format Weft supports for it: the pixels given at creation, written to a
// region with host pitches, and read back whole and as a region with pitches.
TEST_F(ImageApi, WriteReadRoundTripsForEveryTypeAndFormat) {
  cl_command_queue Q = queue();
  std::vector<Shape> Shapes = everyShape();
  Shapes.push_back({CL_MEM_OBJECT_IMAGE1D_BUFFER, 37});
  unsigned Seed = 1;
  for (const Shape &S : Shapes) {
    for (const cl_image_format &F : supported(Ctx, CL_MEM_READ_WRITE, S.Type)) {
      SCOPED_TRACE(std::string(typeName(S.Type)) + " " + formatName(F));
      const size_t PB = pixelSize(F);
      std::vector<unsigned char> Expected = randomBytes(S.pixels() * PB, Seed++);
      cl_mem M;
      if (S.Type == CL_MEM_OBJECT_IMAGE1D_BUFFER) {
        cl_mem Buf = ownedBuffer(Expected.size(), CL_MEM_COPY_HOST_PTR, Expected.data());
        M = image(S, F, 0, nullptr, 0, 0, Buf);
      } else {
        M = image(S, F, CL_MEM_COPY_HOST_PTR, Expected.data());
      }
      ASSERT_NE(M, nullptr);
      ASSERT_EQ(readAll(Q, M, S, PB), Expected);
      // A region at an origin, from host memory with pitches (and tightly packed), blocking and
      // not.
      const auto E = S.extent();
      std::array<size_t, 3> Origin{3, E[1] > 1 ? 2u : 0u, E[2] > 1 ? 1u : 0u};
      std::array<size_t, 3> Region{E[0] - 5, E[1] > 1 ? E[1] - 3 : 1, E[2] > 1 ? E[2] - 2 : 1};
      const size_t RowPitch = Region[0] * PB + 3 * PB;
      const size_t SlicePitch = S.Type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? RowPitch + PB
                                : S.hasSlicePitch()                   ? RowPitch * Region[1] + 5
                                                                      : 0;
      writeRegion(Q, M, S, PB, Expected, Origin, Region, RowPitch, SlicePitch, Seed++, true);
      writeRegion(Q, M, S, PB, Expected, {0, 0, 0}, {1, 1, 1}, 0, 0, Seed++, false);
      ASSERT_EQ(readAll(Q, M, S, PB), Expected);
      // Read a region back into pitched host memory.
      HostLayout L = HostLayout::of(S, Region, PB, RowPitch, SlicePitch);
      std::vector<unsigned char> Out(L.bytes(Region), 0xee);
      ASSERT_EQ(clEnqueueReadImage(Q, M, CL_FALSE, Origin.data(), Region.data(), RowPitch,
                                   SlicePitch, Out.data(), 0, nullptr, nullptr),
                CL_SUCCESS);
      ASSERT_EQ(clFinish(Q), CL_SUCCESS);
      for (size_t Z = 0; Z < Region[2]; ++Z)
        for (size_t Y = 0; Y < Region[1]; ++Y)
          ASSERT_EQ(std::memcmp(&Out[L.at(0, Y, Z)],
                                &Expected[((Origin[2] + Z) * E[1] * E[0] + (Origin[1] + Y) * E[0] +
                                           Origin[0]) * PB],
                                Region[0] * PB),
                    0)
              << "row " << Y << " slice " << Z;
    }
  }
}

// CL_MEM_USE_HOST_PTR: the image is the application's memory, with its pitches.
TEST_F(ImageApi, UseHostPtrLivesInTheApplicationsMemory) {
  cl_command_queue Q = queue();
  for (const Shape &S : everyShape()) {
    SCOPED_TRACE(typeName(S.Type));
    const size_t PB = 8; // {CL_RGBA, CL_HALF_FLOAT}
    const size_t RowPitch = S.Width * PB + 40;
    const size_t SlicePitch = !S.hasSlicePitch()                     ? 0
                              : S.Type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? RowPitch * 2
                                                                      : RowPitch * (S.Height + 2);
    HostLayout L{PB, S.Type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? SlicePitch : RowPitch,
                 S.Type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? 0 : SlicePitch};
    const auto E = S.extent();
    std::vector<unsigned char> Host = randomBytes(L.bytes(E) + 64, 99);
    cl_mem M = image(S, {CL_RGBA, CL_HALF_FLOAT}, CL_MEM_USE_HOST_PTR, Host.data(), RowPitch,
                     SlicePitch);
    ASSERT_NE(M, nullptr);
    // The image reads the application's pixels.
    std::vector<unsigned char> Packed(S.pixels() * PB);
    for (size_t Z = 0; Z < E[2]; ++Z)
      for (size_t Y = 0; Y < E[1]; ++Y)
        std::memcpy(&Packed[(Z * E[1] + Y) * E[0] * PB], &Host[L.at(0, Y, Z)], E[0] * PB);
    EXPECT_EQ(readAll(Q, M, S, PB), Packed);
    // A blocking write lands in the application's memory, where the pitches say.
    const size_t Origin[3] = {E[0] - 1, E[1] - 1, E[2] - 1}, One[3] = {1, 1, 1};
    const unsigned char Pixel[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    ASSERT_EQ(clEnqueueWriteImage(Q, M, CL_TRUE, Origin, One, 0, 0, Pixel, 0, nullptr, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(std::memcmp(&Host[L.at(E[0] - 1, E[1] - 1, E[2] - 1)], Pixel, PB), 0);
    // A map returns the application's memory and pitches.
    size_t Row = 0, Slice = 99;
    cl_int Err;
    const size_t Zero[3] = {0, 0, 0};
    void *P = clEnqueueMapImage(Q, M, CL_TRUE, CL_MAP_READ, Origin, One, &Row, &Slice, 0, nullptr,
                                nullptr, &Err);
    ASSERT_EQ(Err, CL_SUCCESS);
    EXPECT_EQ(P, &Host[L.at(E[0] - 1, E[1] - 1, E[2] - 1)]);
    EXPECT_EQ(Row, RowPitch);
    EXPECT_EQ(Slice, SlicePitch);
    ASSERT_EQ(clEnqueueUnmapMemObject(Q, M, P, 0, nullptr, nullptr), CL_SUCCESS);
    P = clEnqueueMapImage(Q, M, CL_TRUE, CL_MAP_WRITE, Zero, One, &Row, &Slice, 0, nullptr, nullptr,
                          &Err);
    EXPECT_EQ(P, Host.data());
    ASSERT_EQ(clEnqueueUnmapMemObject(Q, M, P, 0, nullptr, nullptr), CL_SUCCESS);
    ASSERT_EQ(clFinish(Q), CL_SUCCESS);
  }
}

// CL_MEM_COPY_HOST_PTR with pitches: Weft's own copy, tightly packed; the queries report the
// application's pitches.
TEST_F(ImageApi, CopyHostPtrTakesACopy) {
  cl_command_queue Q = queue();
  const Shape S{CL_MEM_OBJECT_IMAGE3D, 7, 5, 3};
  const size_t PB = 4, RowPitch = 40, SlicePitch = 240;
  std::vector<unsigned char> Host = randomBytes(SlicePitch * 3, 5);
  cl_mem M = image(S, {CL_R, CL_FLOAT}, CL_MEM_COPY_HOST_PTR, Host.data(), RowPitch, SlicePitch);
  ASSERT_NE(M, nullptr);
  std::vector<unsigned char> Before = Host;
  std::fill(Host.begin(), Host.end(), 0);
  std::vector<unsigned char> Out = readAll(Q, M, S, PB);
  for (size_t Z = 0; Z < 3; ++Z)
    for (size_t Y = 0; Y < 5; ++Y)
      EXPECT_EQ(std::memcmp(&Out[(Z * 5 + Y) * 7 * PB], &Before[Z * SlicePitch + Y * RowPitch],
                            7 * PB),
                0);
  EXPECT_EQ(memInfo<void *>(M, CL_MEM_HOST_PTR), nullptr);
  EXPECT_EQ(imageInfo<size_t>(M, CL_IMAGE_ROW_PITCH), RowPitch);
  EXPECT_EQ(imageInfo<size_t>(M, CL_IMAGE_SLICE_PITCH), SlicePitch);
  // Its map gives Weft's pitches.
  size_t Row = 0, Slice = 0;
  cl_int Err;
  const size_t Origin[3] = {1, 2, 1}, Region[3] = {2, 2, 2};
  auto *P = static_cast<unsigned char *>(clEnqueueMapImage(
      Q, M, CL_TRUE, CL_MAP_READ, Origin, Region, &Row, &Slice, 0, nullptr, nullptr, &Err));
  ASSERT_EQ(Err, CL_SUCCESS);
  EXPECT_EQ(Row, 7 * PB);
  EXPECT_EQ(Slice, 7 * 5 * PB);
  EXPECT_EQ(std::memcmp(P + Slice + Row, &Before[2 * SlicePitch + 3 * RowPitch + PB], 2 * PB), 0);
  EXPECT_EQ(memInfo<cl_uint>(M, CL_MEM_MAP_COUNT), 1u);
  ASSERT_EQ(clEnqueueUnmapMemObject(Q, M, P, 0, nullptr, nullptr), CL_SUCCESS);
  ASSERT_EQ(clFinish(Q), CL_SUCCESS);
  EXPECT_EQ(memInfo<cl_uint>(M, CL_MEM_MAP_COUNT), 0u);
}

// A 1D image buffer is its buffer's memory: writes through either are seen through the other,
// and the image keeps the buffer alive.
TEST_F(ImageApi, ImageBufferSharesItsBuffer) {
  cl_command_queue Q = queue();
  const cl_image_format F{CL_RGBA, CL_UNSIGNED_INT16}; // 8 bytes
  const size_t Width = 1000;
  std::vector<unsigned char> Data = randomBytes(Width * 8 + 64, 3);
  cl_mem Buf = buffer(Data.size(), CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR | CL_MEM_HOST_READ_ONLY,
                      Data.data());
  const Shape S{CL_MEM_OBJECT_IMAGE1D_BUFFER, Width};
  cl_mem M = image(S, F, 0, nullptr, 0, 0, Buf);
  ASSERT_NE(M, nullptr);
  EXPECT_EQ(imageInfo<cl_mem>(M, CL_IMAGE_BUFFER), Buf);
  EXPECT_EQ(memInfo<cl_mem>(M, CL_MEM_ASSOCIATED_MEMOBJECT), Buf);
  EXPECT_EQ(memInfo<cl_mem_object_type>(M, CL_MEM_TYPE),
            cl_mem_object_type(CL_MEM_OBJECT_IMAGE1D_BUFFER));
  EXPECT_EQ(memInfo<cl_mem_flags>(M, CL_MEM_FLAGS),
            cl_mem_flags(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR | CL_MEM_HOST_READ_ONLY))
      << "flags not given are inherited";
  EXPECT_EQ(memInfo<void *>(M, CL_MEM_HOST_PTR), nullptr);
  EXPECT_EQ(imageInfo<size_t>(M, CL_IMAGE_WIDTH), Width);
  EXPECT_EQ(std::vector<unsigned char>(Data.begin(), Data.begin() + Width * 8), readAll(Q, M, S, 8));
  // A row pitch, which the image's one row does not need, is taken if it is valid (the CTS gives
  // one), and refused if it is not.
  cl_mem Pitched = image(S, F, 0, nullptr, Width * 8, 0, Buf);
  ASSERT_NE(Pitched, nullptr);
  EXPECT_EQ(std::vector<unsigned char>(Data.begin(), Data.begin() + Width * 8),
            readAll(Q, Pitched, S, 8));
  clReleaseMemObject(Pitched);
  for (size_t Bad : {Width * 8 - 8, Width * 8 + 4}) {
    cl_image_desc D = S.desc(Bad, 0, Buf);
    cl_int Err;
    EXPECT_EQ(clCreateImage(Ctx, 0, &F, &D, nullptr, &Err), nullptr);
    EXPECT_EQ(Err, CL_INVALID_IMAGE_DESCRIPTOR) << "row pitch " << Bad;
  }
  // Inherited host access: the image may not be written by the host.
  const size_t Origin[3] = {0, 0, 0}, Region[3] = {1, 1, 1};
  EXPECT_EQ(clEnqueueWriteImage(Q, M, CL_TRUE, Origin, Region, 0, 0, Data.data(), 0, nullptr,
                                nullptr),
            CL_INVALID_OPERATION);
  // Flags that contradict the buffer's, or name a host pointer, are refused.
  EXPECT_EQ(createError(S, F, CL_MEM_READ_WRITE, nullptr, 0, 0, Buf), CL_INVALID_VALUE);
  EXPECT_EQ(createError(S, F, CL_MEM_WRITE_ONLY, nullptr, 0, 0, Buf), CL_INVALID_VALUE);
  EXPECT_EQ(createError(S, F, CL_MEM_HOST_WRITE_ONLY, nullptr, 0, 0, Buf), CL_INVALID_VALUE);
  EXPECT_EQ(createError(S, F, CL_MEM_USE_HOST_PTR, Data.data(), 0, 0, Buf), CL_INVALID_VALUE);
  EXPECT_EQ(createError(S, F, CL_MEM_ALLOC_HOST_PTR, nullptr, 0, 0, Buf), CL_INVALID_VALUE);
  EXPECT_EQ(createError(S, F, CL_MEM_READ_WRITE, Data.data(), 0, 0, Buf), CL_INVALID_HOST_PTR);
  // Released by the application, the buffer lives on while the image does.
  std::vector<int> Order;
  Destroyed = 0;
  ASSERT_EQ(clSetMemObjectDestructorCallback(Buf, countDestruction, &Order), CL_SUCCESS);
  ASSERT_EQ(clReleaseMemObject(Buf), CL_SUCCESS);
  EXPECT_TRUE(Order.empty());
  EXPECT_EQ(std::vector<unsigned char>(Data.begin(), Data.begin() + Width * 8), readAll(Q, M, S, 8));
  Objects.clear();
  ASSERT_EQ(clReleaseMemObject(M), CL_SUCCESS);
  EXPECT_EQ(Order.size(), 1u) << "the buffer goes with its image";

  // Writes through the buffer are seen through the image, and back, in a sub-buffer too.
  cl_mem Whole = ownedBuffer(4096 + 256 * 4);
  cl_buffer_region R{4096, 256 * 4};
  cl_int Err;
  cl_mem Sub = clCreateSubBuffer(Whole, 0, CL_BUFFER_CREATE_TYPE_REGION, &R, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  Objects.push_back(Sub);
  cl_mem I = image({CL_MEM_OBJECT_IMAGE1D_BUFFER, 256}, {CL_R, CL_FLOAT}, 0, nullptr, 0, 0, Sub);
  std::vector<float> Values(256);
  for (size_t K = 0; K < Values.size(); ++K)
    Values[K] = float(K) * 0.5f;
  ASSERT_EQ(clEnqueueWriteBuffer(Q, Whole, CL_TRUE, 4096, 1024, Values.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  std::vector<float> Back(256);
  const size_t All[3] = {256, 1, 1};
  ASSERT_EQ(clEnqueueReadImage(Q, I, CL_TRUE, Origin, All, 0, 0, Back.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(Back, Values);
  const float Seven = 7.0f;
  const size_t At[3] = {100, 0, 0};
  ASSERT_EQ(clEnqueueWriteImage(Q, I, CL_TRUE, At, Region, 0, 0, &Seven, 0, nullptr, nullptr),
            CL_SUCCESS);
  float Got = 0;
  ASSERT_EQ(clEnqueueReadBuffer(Q, Sub, CL_TRUE, 400, 4, &Got, 0, nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(Got, 7.0f);
}

// cl_khr_image2d_from_buffer: a 2D image over a buffer's memory, rows image_row_pitch apart.
TEST_F(ImageApi, Image2DFromABuffer) {
  cl_command_queue Q = queue();
  const cl_image_format F{CL_RGBA, CL_FLOAT};
  const size_t Width = 21, Height = 9, RowPitch = 24 * 16;
  cl_mem Buf = ownedBuffer(RowPitch * Height);
  const Shape S{CL_MEM_OBJECT_IMAGE2D, Width, Height};
  cl_mem M = image(S, F, CL_MEM_WRITE_ONLY, nullptr, RowPitch, 0, Buf);
  ASSERT_NE(M, nullptr);
  EXPECT_EQ(imageInfo<size_t>(M, CL_IMAGE_ROW_PITCH), RowPitch);
  EXPECT_EQ(imageInfo<cl_mem>(M, CL_IMAGE_BUFFER), Buf);
  EXPECT_EQ(memInfo<cl_mem>(M, CL_MEM_ASSOCIATED_MEMOBJECT), Buf);
  // Write the buffer, read the image; write the image, read the buffer.
  std::vector<unsigned char> Data = randomBytes(RowPitch * Height, 11);
  ASSERT_EQ(clEnqueueWriteBuffer(Q, Buf, CL_TRUE, 0, Data.size(), Data.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  std::vector<unsigned char> Pixels = readAll(Q, M, S, 16);
  for (size_t Y = 0; Y < Height; ++Y)
    EXPECT_EQ(std::memcmp(&Pixels[Y * Width * 16], &Data[Y * RowPitch], Width * 16), 0);
  const float Pixel[4] = {1, 2, 3, 4};
  const size_t At[3] = {20, 8, 0}, One[3] = {1, 1, 1};
  ASSERT_EQ(clEnqueueWriteImage(Q, M, CL_TRUE, At, One, 0, 0, Pixel, 0, nullptr, nullptr),
            CL_SUCCESS);
  float Got[4];
  ASSERT_EQ(clEnqueueReadBuffer(Q, Buf, CL_TRUE, 8 * RowPitch + 20 * 16, 16, Got, 0, nullptr,
                                nullptr),
            CL_SUCCESS);
  EXPECT_EQ(std::memcmp(Got, Pixel, 16), 0);
  // A row pitch of 0 is the width's; the buffer must hold row pitch x height bytes.
  cl_mem Tight = image(S, F, 0, nullptr, 0, 0, Buf);
  EXPECT_EQ(imageInfo<size_t>(Tight, CL_IMAGE_ROW_PITCH), Width * 16);
  EXPECT_EQ(createError({CL_MEM_OBJECT_IMAGE2D, Width, Height + 1}, F, 0, nullptr, RowPitch, 0, Buf),
            CL_INVALID_IMAGE_SIZE);
  EXPECT_EQ(createError(S, F, 0, nullptr, RowPitch + 4, 0, Buf), CL_INVALID_IMAGE_DESCRIPTOR)
      << "a row pitch must be a multiple of the element";
  EXPECT_EQ(createError(S, F, 0, nullptr, 0, 16, Buf), CL_INVALID_IMAGE_DESCRIPTOR)
      << "no slice pitch without host_ptr";
  // A CL_MEM_USE_HOST_PTR buffer's memory must be aligned for the pixels.
  const cl_uint BaseAlign = deviceValue<cl_uint>(Device, CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT);
  const cl_uint PitchAlign = deviceValue<cl_uint>(Device, CL_DEVICE_IMAGE_PITCH_ALIGNMENT);
  EXPECT_GE(BaseAlign, 1u);
  EXPECT_GE(PitchAlign, 1u);
  alignas(64) static unsigned char Host[64 + 4 * 4 * 16];
  cl_mem Misaligned = ownedBuffer(4 * 4 * 16, CL_MEM_USE_HOST_PTR, Host + 4);
  EXPECT_EQ(createError({CL_MEM_OBJECT_IMAGE2D, 4, 4}, F, 0, nullptr, 0, 0, Misaligned),
            CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
  cl_mem Aligned = ownedBuffer(4 * 4 * 16, CL_MEM_USE_HOST_PTR, Host + 16 * BaseAlign);
  EXPECT_NE(image({CL_MEM_OBJECT_IMAGE2D, 4, 4}, F, 0, nullptr, 0, 0, Aligned), nullptr);
}

// A 2D image made from another: the same pixels, seen in a compatible channel order.
TEST_F(ImageApi, Image2DFromAnImage) {
  cl_command_queue Q = queue();
  const Shape S{CL_MEM_OBJECT_IMAGE2D, 9, 7};
  std::vector<unsigned char> Data = randomBytes(9 * 7 * 4, 13);
  cl_mem Linear = image(S, {CL_RGBA, CL_UNORM_INT8}, CL_MEM_COPY_HOST_PTR | CL_MEM_READ_ONLY,
                        Data.data());
  cl_mem Srgb = image(S, {CL_sRGBA, CL_UNORM_INT8}, 0, nullptr, 0, 0, Linear);
  ASSERT_NE(Srgb, nullptr);
  EXPECT_EQ(readAll(Q, Srgb, S, 4), Data);
  EXPECT_EQ(memInfo<cl_mem>(Srgb, CL_MEM_ASSOCIATED_MEMOBJECT), Linear);
  EXPECT_EQ(imageInfo<cl_mem>(Srgb, CL_IMAGE_BUFFER), nullptr);
  EXPECT_EQ(memInfo<cl_mem_flags>(Srgb, CL_MEM_FLAGS),
            cl_mem_flags(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR));
  EXPECT_EQ(imageInfo<cl_image_format>(Srgb, CL_IMAGE_FORMAT).image_channel_order,
            cl_channel_order(CL_sRGBA));
  // Filling the view converts to sRGB, into the image's memory.
  const float White[4] = {1, 1, 1, 0.5f};
  const size_t Origin[3] = {0, 0, 0}, Region[3] = {9, 7, 1};
  ASSERT_EQ(clEnqueueFillImage(Q, Srgb, White, Origin, Region, 0, nullptr, nullptr), CL_SUCCESS);
  std::vector<unsigned char> Out = readAll(Q, Linear, S, 4);
  EXPECT_EQ(Out[0], 255);
  EXPECT_EQ(Out[3], 128);
  // CL_DEPTH over CL_R.
  cl_mem R = image(S, {CL_R, CL_FLOAT});
  EXPECT_NE(image(S, {CL_DEPTH, CL_FLOAT}, 0, nullptr, 0, 0, R), nullptr);
  // Another data type, an incompatible order, other dimensions, or a view of a non-2D image.
  EXPECT_EQ(createError(S, {CL_sRGBA, CL_UNORM_INT8}, 0, nullptr, 0, 0, R),
            CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
  EXPECT_EQ(createError(S, {CL_BGRA, CL_UNORM_INT8}, 0, nullptr, 0, 0, Linear),
            CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
  EXPECT_EQ(createError({CL_MEM_OBJECT_IMAGE2D, 9, 6}, {CL_sRGBA, CL_UNORM_INT8}, 0, nullptr, 0, 0,
                        Linear),
            CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
  EXPECT_EQ(createError(S, {CL_sRGBA, CL_UNORM_INT8}, CL_MEM_WRITE_ONLY, nullptr, 0, 0, Linear),
            CL_INVALID_VALUE);
  cl_mem Array = image({CL_MEM_OBJECT_IMAGE2D_ARRAY, 9, 7, 1, 2}, RGBA8);
  EXPECT_EQ(createError(S, {CL_sRGBA, CL_UNORM_INT8}, 0, nullptr, 0, 0, Array),
            CL_INVALID_IMAGE_DESCRIPTOR);
}

// §5.3.3: copies between images of every type pair with a common region shape, at origins.
TEST_F(ImageApi, CopyImageToImage) {
  cl_command_queue Q = queue();
  const cl_image_format F{CL_RGBA, CL_SIGNED_INT16};
  const size_t PB = 8;
  std::vector<Shape> Shapes = everyShape();
  std::vector<cl_mem> Images;
  std::vector<std::vector<unsigned char>> Contents;
  for (size_t I = 0; I < Shapes.size(); ++I) {
    Contents.push_back(randomBytes(Shapes[I].pixels() * PB, unsigned(40 + I)));
    Images.push_back(image(Shapes[I], F, CL_MEM_COPY_HOST_PTR, Contents.back().data()));
  }
  auto Index = [](const Shape &S, size_t X, size_t Y, size_t Z) {
    auto E = S.extent();
    return ((Z * E[1] + Y) * E[0] + X) * 8;
  };
  for (size_t From = 0; From < Shapes.size(); ++From)
    for (size_t To = 0; To < Shapes.size(); ++To) {
      if (From == To)
        continue;
      const Shape &A = Shapes[From], &B = Shapes[To];
      SCOPED_TRACE(std::string(typeName(A.Type)) + " to " + typeName(B.Type));
      const auto EA = A.extent(), EB = B.extent();
      // The largest region both types allow: 1D types have one row, non-3D non-2D-array one slice.
      std::array<size_t, 3> Region{10, std::min(EA[1], EB[1]) > 1 ? 3u : 1u,
                                   std::min(EA[2], EB[2]) > 1 ? 2u : 1u};
      std::array<size_t, 3> SrcOrigin{4, EA[1] > Region[1] ? 1u : 0u, EA[2] > Region[2] ? 2u : 0u};
      std::array<size_t, 3> DstOrigin{20, EB[1] > Region[1] ? 2u : 0u, EB[2] > Region[2] ? 1u : 0u};
      ASSERT_EQ(clEnqueueCopyImage(Q, Images[From], Images[To], SrcOrigin.data(), DstOrigin.data(),
                                   Region.data(), 0, nullptr, nullptr),
                CL_SUCCESS);
      for (size_t Z = 0; Z < Region[2]; ++Z)
        for (size_t Y = 0; Y < Region[1]; ++Y)
          std::memcpy(&Contents[To][Index(B, DstOrigin[0], DstOrigin[1] + Y, DstOrigin[2] + Z)],
                      &Contents[From][Index(A, SrcOrigin[0], SrcOrigin[1] + Y, SrcOrigin[2] + Z)],
                      Region[0] * PB);
      ASSERT_EQ(readAll(Q, Images[To], B, PB), Contents[To]);
    }
  // Within one image: regions apart are copied, overlapping ones refused.
  const Shape &S3 = Shapes[4];
  const size_t SrcOrigin[3] = {0, 0, 0}, DstOrigin[3] = {10, 0, 0}, Region[3] = {10, 5, 2};
  ASSERT_EQ(clEnqueueCopyImage(Q, Images[4], Images[4], SrcOrigin, DstOrigin, Region, 0, nullptr,
                               nullptr),
            CL_SUCCESS);
  for (size_t Z = 0; Z < 2; ++Z)
    for (size_t Y = 0; Y < 5; ++Y)
      std::memmove(&Contents[4][Index(S3, 10, Y, Z)], &Contents[4][Index(S3, 0, Y, Z)], 10 * PB);
  EXPECT_EQ(readAll(Q, Images[4], S3, PB), Contents[4]);
  const size_t Near[3] = {9, 4, 1};
  EXPECT_EQ(clEnqueueCopyImage(Q, Images[4], Images[4], SrcOrigin, Near, Region, 0, nullptr,
                               nullptr),
            CL_MEM_COPY_OVERLAP);
  const size_t Below[3] = {5, 0, 2}; // overlaps along x and y, not z
  EXPECT_EQ(clEnqueueCopyImage(Q, Images[4], Images[4], SrcOrigin, Below, Region, 0, nullptr,
                               nullptr),
            CL_SUCCESS);
  // Errors: formats, region rules of either image, bounds, NULLs, buffers, wait lists.
  cl_mem Other = image(Shapes[2], {CL_RGBA, CL_UNSIGNED_INT16});
  const size_t Zero[3] = {0, 0, 0}, Flat[3] = {2, 2, 1}, Deep[3] = {2, 2, 2};
  EXPECT_EQ(clEnqueueCopyImage(Q, Images[2], Other, Zero, Zero, Flat, 0, nullptr, nullptr),
            CL_IMAGE_FORMAT_MISMATCH);
  EXPECT_EQ(clEnqueueCopyImage(Q, Images[4], Images[2], Zero, Zero, Deep, 0, nullptr, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueCopyImage(Q, Images[0], Images[4], Zero, Zero, Flat, 0, nullptr, nullptr),
            CL_INVALID_VALUE);
  const size_t Late[3] = {36, 0, 0};
  EXPECT_EQ(clEnqueueCopyImage(Q, Images[2], Images[4], Late, Zero, Flat, 0, nullptr, nullptr),
            CL_INVALID_VALUE);
  const size_t NonZero[3] = {0, 0, 1};
  EXPECT_EQ(clEnqueueCopyImage(Q, Images[2], Images[4], NonZero, Zero, Flat, 0, nullptr, nullptr),
            CL_INVALID_VALUE);
  const size_t ZeroRegion[3] = {0, 1, 1};
  EXPECT_EQ(clEnqueueCopyImage(Q, Images[2], Images[4], Zero, Zero, ZeroRegion, 0, nullptr, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueCopyImage(Q, Images[2], Images[4], nullptr, Zero, Flat, 0, nullptr, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueCopyImage(Q, Images[2], Images[4], Zero, nullptr, Flat, 0, nullptr, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueCopyImage(Q, Images[2], Images[4], Zero, Zero, nullptr, 0, nullptr, nullptr),
            CL_INVALID_VALUE);
  cl_mem Buf = ownedBuffer(1024);
  EXPECT_EQ(clEnqueueCopyImage(Q, Buf, Images[4], Zero, Zero, Flat, 0, nullptr, nullptr),
            CL_INVALID_MEM_OBJECT);
  EXPECT_EQ(clEnqueueCopyImage(Q, Images[2], nullptr, Zero, Zero, Flat, 0, nullptr, nullptr),
            CL_INVALID_MEM_OBJECT);
  EXPECT_EQ(clEnqueueCopyImage(Q, Images[2], Images[4], Zero, Zero, Flat, 1, nullptr, nullptr),
            CL_INVALID_EVENT_WAIT_LIST);
  EXPECT_EQ(clEnqueueCopyImage(nullptr, Images[2], Images[4], Zero, Zero, Flat, 0, nullptr, nullptr),
            CL_INVALID_COMMAND_QUEUE);
  ASSERT_EQ(clFinish(Q), CL_SUCCESS);
}

// §5.3.4: copies between images and buffers: dst_cb and src_cb are the region's pixels, packed.
TEST_F(ImageApi, CopiesBetweenImagesAndBuffers) {
  cl_command_queue Q = queue();
  const cl_image_format F{CL_RG, CL_UNORM_INT16};
  const size_t PB = 4;
  for (const Shape &S : everyShape()) {
    SCOPED_TRACE(typeName(S.Type));
    std::vector<unsigned char> Pixels = randomBytes(S.pixels() * PB, 21);
    cl_mem M = image(S, F, CL_MEM_COPY_HOST_PTR, Pixels.data());
    const auto E = S.extent();
    const size_t Origin[3] = {2, E[1] > 1 ? 1u : 0u, E[2] > 1 ? 1u : 0u};
    const size_t Region[3] = {30, E[1] > 1 ? E[1] - 2 : 1, E[2] > 1 ? E[2] - 1 : 1};
    const size_t Cb = Region[0] * Region[1] * Region[2] * PB;
    std::vector<unsigned char> Init = randomBytes(Cb + 100, 22);
    cl_mem Buf = ownedBuffer(Cb + 100, CL_MEM_COPY_HOST_PTR, Init.data());
    ASSERT_EQ(clEnqueueCopyImageToBuffer(Q, M, Buf, Origin, Region, 36, 0, nullptr, nullptr),
              CL_SUCCESS);
    std::vector<unsigned char> Got(Cb + 100);
    ASSERT_EQ(clEnqueueReadBuffer(Q, Buf, CL_TRUE, 0, Got.size(), Got.data(), 0, nullptr, nullptr),
              CL_SUCCESS);
    std::vector<unsigned char> Want = Init;
    for (size_t Z = 0; Z < Region[2]; ++Z)
      for (size_t Y = 0; Y < Region[1]; ++Y)
        std::memcpy(&Want[36 + (Z * Region[1] + Y) * Region[0] * PB],
                    &Pixels[(((Origin[2] + Z) * E[1] + Origin[1] + Y) * E[0] + Origin[0]) * PB],
                    Region[0] * PB);
    EXPECT_EQ(Got, Want);
    // And back, from another offset to another origin.
    const size_t To[3] = {5, 0, 0};
    ASSERT_EQ(clEnqueueCopyBufferToImage(Q, Buf, M, 20, To, Region, 0, nullptr, nullptr),
              CL_SUCCESS);
    for (size_t Z = 0; Z < Region[2]; ++Z)
      for (size_t Y = 0; Y < Region[1]; ++Y)
        std::memcpy(&Pixels[((Z * E[1] + Y) * E[0] + To[0]) * PB],
                    &Want[20 + (Z * Region[1] + Y) * Region[0] * PB], Region[0] * PB);
    EXPECT_EQ(readAll(Q, M, S, PB), Pixels);
    // Out of the buffer's bounds, by one byte.
    EXPECT_EQ(clEnqueueCopyImageToBuffer(Q, M, Buf, Origin, Region, 101, 0, nullptr, nullptr),
              CL_INVALID_VALUE);
    EXPECT_EQ(clEnqueueCopyBufferToImage(Q, Buf, M, 101, To, Region, 0, nullptr, nullptr),
              CL_INVALID_VALUE);
    EXPECT_EQ(clEnqueueCopyImageToBuffer(Q, M, Buf, Origin, Region, size_t(-1), 0, nullptr,
                                         nullptr),
              CL_INVALID_VALUE);
    // Buffers and images swapped.
    EXPECT_EQ(clEnqueueCopyImageToBuffer(Q, Buf, M, Origin, Region, 0, 0, nullptr, nullptr),
              CL_INVALID_MEM_OBJECT);
    EXPECT_EQ(clEnqueueCopyBufferToImage(Q, M, M, 0, To, Region, 0, nullptr, nullptr),
              CL_INVALID_MEM_OBJECT);
    EXPECT_EQ(clEnqueueCopyImageToBuffer(Q, M, Buf, nullptr, Region, 0, 0, nullptr, nullptr),
              CL_INVALID_VALUE);
    EXPECT_EQ(clEnqueueCopyBufferToImage(Q, Buf, M, 0, To, nullptr, 0, nullptr, nullptr),
              CL_INVALID_VALUE);
  }
  // A 1D image buffer and its own buffer.
  cl_mem Buf = ownedBuffer(64 * PB);
  cl_mem I = image({CL_MEM_OBJECT_IMAGE1D_BUFFER, 64}, F, 0, nullptr, 0, 0, Buf);
  const size_t Zero[3] = {0, 0, 0}, Region[3] = {4, 1, 1};
  EXPECT_EQ(clEnqueueCopyImageToBuffer(Q, I, Buf, Zero, Region, 128, 0, nullptr, nullptr),
            CL_INVALID_MEM_OBJECT);
  EXPECT_EQ(clEnqueueCopyBufferToImage(Q, Buf, I, 128, Zero, Region, 0, nullptr, nullptr),
            CL_INVALID_MEM_OBJECT);
  ASSERT_EQ(clFinish(Q), CL_SUCCESS);
}

// The host-side errors of reads and writes, for every image type.
TEST_F(ImageApi, ReadWriteErrors) {
  cl_command_queue Q = queue();
  std::vector<unsigned char> Host(1 << 16);
  const cl_image_format F = RGBA8;
  for (const Shape &S : everyShape()) {
    SCOPED_TRACE(typeName(S.Type));
    cl_mem M = image(S, F);
    const auto E = S.extent();
    auto Read = [&](const size_t *Origin, const size_t *Region, size_t Row = 0, size_t Slice = 0,
                    void *Ptr = nullptr) {
      return clEnqueueReadImage(Q, M, CL_TRUE, Origin, Region, Row, Slice, Ptr ? Ptr : Host.data(),
                                0, nullptr, nullptr);
    };
    auto Write = [&](const size_t *Origin, const size_t *Region, size_t Row = 0, size_t Slice = 0) {
      return clEnqueueWriteImage(Q, M, CL_TRUE, Origin, Region, Row, Slice, Host.data(), 0,
                                 nullptr, nullptr);
    };
    const size_t Zero[3] = {0, 0, 0};
    const size_t All[3] = {E[0], E[1], E[2]};
    EXPECT_EQ(Read(Zero, All), CL_SUCCESS);
    EXPECT_EQ(Write(Zero, All), CL_SUCCESS);
    // Out of bounds along each axis; origin and region rules for the type.
    for (unsigned D = 0; D < 3; ++D) {
      size_t Past[3] = {E[0], E[1], E[2]};
      Past[D] += 1;
      EXPECT_EQ(Read(Zero, Past), CL_INVALID_VALUE) << D;
      size_t Shifted[3] = {0, 0, 0};
      Shifted[D] = 1;
      EXPECT_EQ(Write(Shifted, All), CL_INVALID_VALUE) << D;
    }
    const size_t Huge[3] = {size_t(-1), 0, 0};
    const size_t One[3] = {1, 1, 1};
    EXPECT_EQ(Read(Huge, One), CL_INVALID_VALUE);
    const size_t ZeroRegion[3] = {1, 1, 0};
    EXPECT_EQ(Read(Zero, ZeroRegion), CL_INVALID_VALUE);
    EXPECT_EQ(Read(nullptr, One), CL_INVALID_VALUE);
    EXPECT_EQ(Read(Zero, nullptr), CL_INVALID_VALUE);
    EXPECT_EQ(clEnqueueReadImage(Q, M, CL_TRUE, Zero, One, 0, 0, nullptr, 0, nullptr, nullptr),
              CL_INVALID_VALUE);
    // Pitches: a row pitch below a row of the region; a slice pitch for 1D and 2D images, or
    // below row pitch x height for the others.
    const size_t Two[3] = {2, 1, 1};
    EXPECT_EQ(Read(Zero, Two, 7), CL_INVALID_VALUE);
    EXPECT_EQ(Read(Zero, Two, 8), CL_SUCCESS);
    if (S.hasSlicePitch()) {
      const size_t Rows = S.Type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? 1 : E[1];
      const size_t Region[3] = {E[0], E[1], E[2]};
      EXPECT_EQ(Read(Zero, Region, E[0] * 4, E[0] * 4 * Rows - 1), CL_INVALID_VALUE);
      EXPECT_EQ(Read(Zero, Region, E[0] * 4, E[0] * 4 * Rows), CL_SUCCESS);
    } else {
      EXPECT_EQ(Read(Zero, One, 0, 4), CL_INVALID_VALUE);
      EXPECT_EQ(Write(Zero, One, 0, 4), CL_INVALID_VALUE);
    }
    // Host access flags.
    cl_mem NoRead = image(S, F, CL_MEM_HOST_WRITE_ONLY);
    cl_mem NoWrite = image(S, F, CL_MEM_HOST_READ_ONLY);
    cl_mem Neither = image(S, F, CL_MEM_HOST_NO_ACCESS);
    for (cl_mem Forbidden : {NoRead, Neither})
      EXPECT_EQ(clEnqueueReadImage(Q, Forbidden, CL_TRUE, Zero, One, 0, 0, Host.data(), 0, nullptr,
                                   nullptr),
                CL_INVALID_OPERATION);
    for (cl_mem Forbidden : {NoWrite, Neither})
      EXPECT_EQ(clEnqueueWriteImage(Q, Forbidden, CL_TRUE, Zero, One, 0, 0, Host.data(), 0,
                                    nullptr, nullptr),
                CL_INVALID_OPERATION);
    EXPECT_EQ(clEnqueueWriteImage(Q, NoRead, CL_TRUE, Zero, One, 0, 0, Host.data(), 0, nullptr,
                                  nullptr),
              CL_SUCCESS);
  }
  // Not an image, another context's image, wait lists.
  const size_t Zero[3] = {0, 0, 0}, One[3] = {1, 1, 1};
  cl_mem Buf = ownedBuffer(64);
  EXPECT_EQ(clEnqueueReadImage(Q, Buf, CL_TRUE, Zero, One, 0, 0, Host.data(), 0, nullptr, nullptr),
            CL_INVALID_MEM_OBJECT);
  EXPECT_EQ(clEnqueueWriteImage(Q, nullptr, CL_TRUE, Zero, One, 0, 0, Host.data(), 0, nullptr,
                                nullptr),
            CL_INVALID_MEM_OBJECT);
  cl_int Err;
  cl_context Other = clCreateContext(nullptr, 1, &Device, nullptr, nullptr, &Err);
  cl_image_format Fmt = F;
  cl_image_desc D = Shape{CL_MEM_OBJECT_IMAGE2D, 4, 4}.desc();
  cl_mem Foreign = clCreateImage(Other, 0, &Fmt, &D, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  EXPECT_EQ(clEnqueueReadImage(Q, Foreign, CL_TRUE, Zero, One, 0, 0, Host.data(), 0, nullptr,
                               nullptr),
            CL_INVALID_CONTEXT);
  cl_mem Mine = image({CL_MEM_OBJECT_IMAGE2D, 4, 4}, F);
  cl_event Bogus = reinterpret_cast<cl_event>(Buf);
  EXPECT_EQ(clEnqueueReadImage(Q, Mine, CL_TRUE, Zero, One, 0, 0, Host.data(), 1, &Bogus, nullptr),
            CL_INVALID_EVENT_WAIT_LIST);
  // A blocking read after a failed event fails.
  cl_event Failed = userEvent();
  cl_event Gate = userEvent();
  const cl_event List[2] = {Gate, Failed};
  cl_event Write = nullptr;
  ASSERT_EQ(clEnqueueWriteImage(Q, Mine, CL_FALSE, Zero, One, 0, 0, Host.data(), 2, List, &Write),
            CL_SUCCESS);
  ASSERT_EQ(clSetUserEventStatus(Failed, -5), CL_SUCCESS);
  EXPECT_EQ(clEnqueueReadImage(Q, Mine, CL_TRUE, Zero, One, 0, 0, Host.data(), 1, &Failed, nullptr),
            CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  ASSERT_EQ(clSetUserEventStatus(Gate, CL_COMPLETE), CL_SUCCESS);
  EXPECT_LT(eventStatus(Write), 0) << "a command after a failed event fails";
  for (cl_event E : {Failed, Gate, Write})
    clReleaseEvent(E);
  clReleaseMemObject(Foreign);
  clReleaseContext(Other);
}

// Non-blocking commands wait for their events, report their command types and complete in order.
TEST_F(ImageApi, NonBlockingCommandsAndEvents) {
  cl_command_queue Q = queue(CL_QUEUE_PROFILING_ENABLE);
  const Shape S{CL_MEM_OBJECT_IMAGE2D, 64, 64};
  cl_mem A = image(S, RGBA8), B = image(S, RGBA8);
  cl_mem Buf = ownedBuffer(64 * 64 * 4);
  std::vector<unsigned char> Data = randomBytes(64 * 64 * 4, 31), Out(64 * 64 * 4);
  const size_t Zero[3] = {0, 0, 0}, All[3] = {64, 64, 1};
  const float Color[4] = {0, 0.5f, 1, 1};
  cl_event Gate = userEvent();
  cl_event E[7] = {};
  ASSERT_EQ(clEnqueueWriteImage(Q, A, CL_FALSE, Zero, All, 0, 0, Data.data(), 1, &Gate, &E[0]),
            CL_SUCCESS);
  ASSERT_EQ(clEnqueueCopyImage(Q, A, B, Zero, Zero, All, 0, nullptr, &E[1]), CL_SUCCESS);
  ASSERT_EQ(clEnqueueCopyImageToBuffer(Q, B, Buf, Zero, All, 0, 0, nullptr, &E[2]), CL_SUCCESS);
  ASSERT_EQ(clEnqueueFillImage(Q, A, Color, Zero, All, 0, nullptr, &E[3]), CL_SUCCESS);
  ASSERT_EQ(clEnqueueCopyBufferToImage(Q, Buf, A, 0, Zero, All, 0, nullptr, &E[4]), CL_SUCCESS);
  ASSERT_EQ(clEnqueueReadImage(Q, A, CL_FALSE, Zero, All, 0, 0, Out.data(), 0, nullptr, &E[5]),
            CL_SUCCESS);
  size_t Row, Slice;
  cl_int Err;
  void *P = clEnqueueMapImage(Q, B, CL_FALSE, CL_MAP_READ, Zero, All, &Row, &Slice, 0, nullptr,
                              &E[6], &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  EXPECT_EQ(eventStatus(E[5]), CL_QUEUED);
  ASSERT_EQ(clSetUserEventStatus(Gate, CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(7, E), CL_SUCCESS);
  EXPECT_EQ(Out, Data);
  EXPECT_EQ(std::memcmp(P, Data.data(), Data.size()), 0);
  EXPECT_EQ(Row, 64u * 4);
  EXPECT_EQ(Slice, 0u);
  const cl_command_type Types[7] = {CL_COMMAND_WRITE_IMAGE,          CL_COMMAND_COPY_IMAGE,
                                    CL_COMMAND_COPY_IMAGE_TO_BUFFER, CL_COMMAND_FILL_IMAGE,
                                    CL_COMMAND_COPY_BUFFER_TO_IMAGE, CL_COMMAND_READ_IMAGE,
                                    CL_COMMAND_MAP_IMAGE};
  for (int I = 0; I < 7; ++I) {
    cl_command_type T = 0;
    ASSERT_EQ(clGetEventInfo(E[I], CL_EVENT_COMMAND_TYPE, sizeof T, &T, nullptr), CL_SUCCESS);
    EXPECT_EQ(T, Types[I]) << I;
    EXPECT_GE(profile(E[I], CL_PROFILING_COMMAND_END), profile(E[I], CL_PROFILING_COMMAND_START));
    clReleaseEvent(E[I]);
  }
  cl_event Unmap;
  ASSERT_EQ(clEnqueueUnmapMemObject(Q, B, P, 0, nullptr, &Unmap), CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &Unmap), CL_SUCCESS);
  cl_command_type T = 0;
  ASSERT_EQ(clGetEventInfo(Unmap, CL_EVENT_COMMAND_TYPE, sizeof T, &T, nullptr), CL_SUCCESS);
  EXPECT_EQ(T, cl_command_type(CL_COMMAND_UNMAP_MEM_OBJECT));
  clReleaseEvent(Unmap);
  clReleaseEvent(Gate);
}

// §5.3.6: a map is the image's own memory: what is written there is the image's after the unmap.
TEST_F(ImageApi, MapAndUnmapEveryType) {
  cl_command_queue Q = queue();
  const cl_image_format F{CL_RGBA, CL_UNSIGNED_INT8};
  for (const Shape &S : everyShape()) {
    SCOPED_TRACE(typeName(S.Type));
    std::vector<unsigned char> Pixels = randomBytes(S.pixels() * 4, 61);
    cl_mem M = image(S, F, CL_MEM_COPY_HOST_PTR, Pixels.data());
    const auto E = S.extent();
    const size_t Origin[3] = {1, E[1] > 1 ? 2u : 0u, E[2] > 1 ? 1u : 0u};
    const size_t Region[3] = {E[0] - 2, E[1] > 1 ? E[1] - 3 : 1, E[2] > 1 ? E[2] - 2 : 1};
    size_t Row = 0, Slice = 12345;
    cl_int Err;
    auto *P = static_cast<unsigned char *>(clEnqueueMapImage(Q, M, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE,
                                                             Origin, Region, &Row, &Slice, 0,
                                                             nullptr, nullptr, &Err));
    ASSERT_EQ(Err, CL_SUCCESS);
    ASSERT_NE(P, nullptr);
    EXPECT_EQ(Row, E[0] * 4);
    EXPECT_EQ(Slice, S.Type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? E[0] * 4
                     : S.hasSlicePitch()                   ? E[0] * 4 * E[1]
                                                           : 0u);
    // A 1D array's layers are slices apart; a 2D array's and a 3D image's rows are rows apart.
    const bool Is1DArray = S.Type == CL_MEM_OBJECT_IMAGE1D_ARRAY;
    for (size_t Z = 0; Z < Region[2]; ++Z)
      for (size_t Y = 0; Y < Region[1]; ++Y) {
        unsigned char *Line = P + (Is1DArray ? Y * Slice : Y * Row + Z * Slice);
        unsigned char *Want =
            &Pixels[(((Origin[2] + Z) * E[1] + Origin[1] + Y) * E[0] + Origin[0]) * 4];
        ASSERT_EQ(std::memcmp(Line, Want, Region[0] * 4), 0) << Y << " " << Z;
        for (size_t X = 0; X < Region[0] * 4; ++X)
          Want[X] = Line[X] = static_cast<unsigned char>(Line[X] ^ 0x5a);
      }
    EXPECT_EQ(memInfo<cl_uint>(M, CL_MEM_MAP_COUNT), 1u);
    ASSERT_EQ(clEnqueueUnmapMemObject(Q, M, P, 0, nullptr, nullptr), CL_SUCCESS);
    EXPECT_EQ(readAll(Q, M, S, 4), Pixels);
    EXPECT_EQ(clEnqueueUnmapMemObject(Q, M, P, 0, nullptr, nullptr), CL_INVALID_VALUE)
        << "mapped once, unmapped once";
    // Errors.
    auto MapError = [&](cl_map_flags Flags, const size_t *O, const size_t *R, size_t *RowOut,
                        size_t *SliceOut, cl_mem Image) {
      cl_int Code = CL_SUCCESS;
      void *Ptr = clEnqueueMapImage(Q, Image, CL_TRUE, Flags, O, R, RowOut, SliceOut, 0, nullptr,
                                    nullptr, &Code);
      EXPECT_EQ(Ptr, nullptr);
      return Code;
    };
    EXPECT_EQ(MapError(CL_MAP_READ, Origin, Region, nullptr, &Slice, M), CL_INVALID_VALUE);
    if (S.hasSlicePitch()) {
      EXPECT_EQ(MapError(CL_MAP_READ, Origin, Region, &Row, nullptr, M), CL_INVALID_VALUE);
    }
    EXPECT_EQ(MapError(0x80, Origin, Region, &Row, &Slice, M), CL_INVALID_VALUE);
    EXPECT_EQ(MapError(CL_MAP_READ | CL_MAP_WRITE_INVALIDATE_REGION, Origin, Region, &Row, &Slice, M),
              CL_INVALID_VALUE);
    const size_t Past[3] = {E[0], E[1], E[2]};
    EXPECT_EQ(MapError(CL_MAP_READ, Origin, Past, &Row, &Slice, M), CL_INVALID_VALUE);
    EXPECT_EQ(MapError(CL_MAP_READ, nullptr, Region, &Row, &Slice, M), CL_INVALID_VALUE);
    cl_mem NoRead = image(S, F, CL_MEM_HOST_WRITE_ONLY);
    cl_mem NoWrite = image(S, F, CL_MEM_HOST_READ_ONLY);
    EXPECT_EQ(MapError(CL_MAP_READ, Origin, Region, &Row, &Slice, NoRead), CL_INVALID_OPERATION);
    EXPECT_EQ(MapError(CL_MAP_WRITE_INVALIDATE_REGION, Origin, Region, &Row, &Slice, NoWrite),
              CL_INVALID_OPERATION);
    EXPECT_EQ(MapError(CL_MAP_READ, Origin, Region, &Row, &Slice, ownedBuffer(64)),
              CL_INVALID_MEM_OBJECT);
    EXPECT_EQ(memInfo<cl_uint>(M, CL_MEM_MAP_COUNT), 0u);
    // For 1D and 2D images image_slice_pitch may be NULL.
    if (!S.hasSlicePitch()) {
      void *Ptr = clEnqueueMapImage(Q, M, CL_TRUE, CL_MAP_READ, Origin, Region, &Row, nullptr, 0,
                                    nullptr, nullptr, &Err);
      ASSERT_EQ(Err, CL_SUCCESS);
      ASSERT_EQ(clEnqueueUnmapMemObject(Q, M, Ptr, 0, nullptr, nullptr), CL_SUCCESS);
    }
  }
  ASSERT_EQ(clFinish(Q), CL_SUCCESS);
}

// Buffer entry points refuse images and image entry points refuse buffers (CL_INVALID_MEM_OBJECT);
// migration and unmapping take both.
TEST_F(ImageApi, BufferCommandsRefuseImages) {
  cl_command_queue Q = queue();
  cl_mem I = image({CL_MEM_OBJECT_IMAGE2D, 16, 16}, RGBA8);
  cl_mem B = ownedBuffer(1024);
  char Host[1024];
  const int Pattern = 0;
  EXPECT_EQ(clEnqueueReadBuffer(Q, I, CL_TRUE, 0, 16, Host, 0, nullptr, nullptr),
            CL_INVALID_MEM_OBJECT);
  EXPECT_EQ(clEnqueueWriteBuffer(Q, I, CL_TRUE, 0, 16, Host, 0, nullptr, nullptr),
            CL_INVALID_MEM_OBJECT);
  EXPECT_EQ(clEnqueueCopyBuffer(Q, I, B, 0, 0, 16, 0, nullptr, nullptr), CL_INVALID_MEM_OBJECT);
  EXPECT_EQ(clEnqueueCopyBuffer(Q, B, I, 0, 0, 16, 0, nullptr, nullptr), CL_INVALID_MEM_OBJECT);
  EXPECT_EQ(clEnqueueFillBuffer(Q, I, &Pattern, 4, 0, 16, 0, nullptr, nullptr),
            CL_INVALID_MEM_OBJECT);
  const size_t Zero[3] = {0, 0, 0}, Region[3] = {4, 1, 1};
  EXPECT_EQ(clEnqueueReadBufferRect(Q, I, CL_TRUE, Zero, Zero, Region, 0, 0, 0, 0, Host, 0, nullptr,
                                    nullptr),
            CL_INVALID_MEM_OBJECT);
  EXPECT_EQ(clEnqueueCopyBufferRect(Q, B, I, Zero, Zero, Region, 0, 0, 0, 0, 0, nullptr, nullptr),
            CL_INVALID_MEM_OBJECT);
  cl_int Err;
  EXPECT_EQ(clEnqueueMapBuffer(Q, I, CL_TRUE, CL_MAP_READ, 0, 16, 0, nullptr, nullptr, &Err),
            nullptr);
  EXPECT_EQ(Err, CL_INVALID_MEM_OBJECT);
  cl_buffer_region R{0, 64};
  EXPECT_EQ(clCreateSubBuffer(I, 0, CL_BUFFER_CREATE_TYPE_REGION, &R, &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_MEM_OBJECT);
  const float Color[4] = {};
  EXPECT_EQ(clEnqueueFillImage(Q, B, Color, Zero, Region, 0, nullptr, nullptr),
            CL_INVALID_MEM_OBJECT);
  size_t Row;
  EXPECT_EQ(clEnqueueMapImage(Q, B, CL_TRUE, CL_MAP_READ, Zero, Region, &Row, nullptr, 0, nullptr,
                              nullptr, &Err),
            nullptr);
  EXPECT_EQ(Err, CL_INVALID_MEM_OBJECT);
  const cl_mem Both[2] = {I, B};
  EXPECT_EQ(clEnqueueMigrateMemObjects(Q, 2, Both, CL_MIGRATE_MEM_OBJECT_HOST, 0, nullptr, nullptr),
            CL_SUCCESS);
  ASSERT_EQ(clFinish(Q), CL_SUCCESS);
}

// Many host threads create, write, fill, copy, map and read images at once, sharing a queue and
// one image.
TEST_F(ImageApi, ImagesFromManyThreadsAtOnce) {
  constexpr int Threads = 8, Iterations = 40;
  cl_command_queue Shared = queue();
  const Shape S{CL_MEM_OBJECT_IMAGE2D, 33, 17};
  cl_mem Common = image(S, RGBA8);
  std::atomic<int> Failures{0};
  std::vector<std::thread> Pool;
  for (int T = 0; T < Threads; ++T)
    Pool.emplace_back([&, T] {
      cl_int Err;
      cl_command_queue Own = clCreateCommandQueue(Ctx, Device, 0, &Err);
      for (int I = 0; I < Iterations; ++I) {
        cl_command_queue Q = I % 2 ? Own : Shared;
        const cl_image_format F{CL_RGBA, CL_UNSIGNED_INT32};
        const Shape Mine{CL_MEM_OBJECT_IMAGE3D, size_t(5 + T), size_t(3 + I % 4), 2};
        std::vector<unsigned char> Data = randomBytes(Mine.pixels() * 16, unsigned(T * 1000 + I));
        cl_image_desc D = Mine.desc();
        cl_mem M = clCreateImage(Ctx, CL_MEM_COPY_HOST_PTR, &F, &D, Data.data(), &Err);
        if (Err != CL_SUCCESS) {
          Failures++;
          continue;
        }
        cl_mem Copy = clCreateImage(Ctx, 0, &F, &D, nullptr, &Err);
        const size_t Zero[3] = {0, 0, 0};
        const auto E = Mine.extent();
        if (clEnqueueCopyImage(Q, M, Copy, Zero, Zero, E.data(), 0, nullptr, nullptr) != CL_SUCCESS)
          Failures++;
        std::vector<unsigned char> Out(Data.size());
        if (clEnqueueReadImage(Q, Copy, CL_TRUE, Zero, E.data(), 0, 0, Out.data(), 0, nullptr,
                               nullptr) != CL_SUCCESS ||
            Out != Data)
          Failures++;
        const cl_uint Color[4] = {cl_uint(T), cl_uint(I), 7, 9};
        if (clEnqueueFillImage(Q, Copy, Color, Zero, E.data(), 0, nullptr, nullptr) != CL_SUCCESS)
          Failures++;
        size_t Row, Slice;
        auto *P = static_cast<cl_uint *>(clEnqueueMapImage(Q, Copy, CL_TRUE, CL_MAP_READ, Zero,
                                                           E.data(), &Row, &Slice, 0, nullptr,
                                                           nullptr, &Err));
        if (Err != CL_SUCCESS || P[0] != cl_uint(T) || P[1] != cl_uint(I))
          Failures++;
        if (P)
          clEnqueueUnmapMemObject(Q, Copy, P, 0, nullptr, nullptr);
        // Everyone writes a pixel of the shared image, and reads one back.
        const size_t At[3] = {size_t(T), size_t(I % 17), 0}, One[3] = {1, 1, 1};
        const unsigned char Pixel[4] = {1, 2, 3, 4};
        unsigned char Back[4];
        if (clEnqueueWriteImage(Q, Common, CL_FALSE, At, One, 0, 0, Pixel, 0, nullptr, nullptr) !=
                CL_SUCCESS ||
            clEnqueueReadImage(Q, Common, CL_TRUE, At, One, 0, 0, Back, 0, nullptr, nullptr) !=
                CL_SUCCESS ||
            std::memcmp(Back, Pixel, 4) != 0)
          Failures++;
        size_t Width = 0;
        if (clGetImageInfo(Common, CL_IMAGE_WIDTH, sizeof Width, &Width, nullptr) != CL_SUCCESS ||
            Width != 33)
          Failures++;
        clFinish(Q);
        clReleaseMemObject(Copy);
        clReleaseMemObject(M);
      }
      clReleaseCommandQueue(Own);
    });
  for (auto &Th : Pool)
    Th.join();
  EXPECT_EQ(Failures, 0);
}

// Transfers large enough to be split across the device's workers.
TEST_F(ImageApi, LargeTransfersAndFills) {
  cl_command_queue Q = queue();
  const Shape S{CL_MEM_OBJECT_IMAGE2D, 1500, 1100};
  const cl_image_format F{CL_sRGB, CL_UNORM_INT8}; // 3-byte pixels
  std::vector<unsigned char> Data = randomBytes(S.pixels() * 3, 77);
  cl_mem M = image(S, F, CL_MEM_COPY_HOST_PTR, Data.data());
  cl_mem Copy = image(S, F);
  const size_t Zero[3] = {0, 0, 0}, All[3] = {1500, 1100, 1};
  ASSERT_EQ(clEnqueueCopyImage(Q, M, Copy, Zero, Zero, All, 0, nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(readAll(Q, Copy, S, 3), Data);
  // A fill of a region narrower than the image: a 3-byte pattern over rows.
  const float Color[4] = {1, 0, 1, 1};
  const size_t Origin[3] = {7, 3, 0}, Region[3] = {1401, 1090, 1};
  ASSERT_EQ(clEnqueueFillImage(Q, Copy, Color, Origin, Region, 0, nullptr, nullptr), CL_SUCCESS);
  std::vector<unsigned char> Out = readAll(Q, Copy, S, 3);
  size_t Wrong = 0;
  for (size_t Y = 0; Y < 1100; ++Y)
    for (size_t X = 0; X < 1500; ++X) {
      const unsigned char *P = &Out[(Y * 1500 + X) * 3];
      const bool Inside = X >= 7 && X < 1408 && Y >= 3 && Y < 1093;
      const unsigned char *Want = Inside ? nullptr : &Data[(Y * 1500 + X) * 3];
      Wrong += Inside ? !(P[0] == 255 && P[1] == 0 && P[2] == 255) : std::memcmp(P, Want, 3) != 0;
    }
  EXPECT_EQ(Wrong, 0u);
}

/// What a fill must store for Color in one pixel of F, by the OpenCL environment spec's
/// conversion rules, written here apart from Weft's packer: normalized types through
/// nearbyint (the default rounding mode rounds ties to even) of the clamped scaled value in
/// double, half through _Float16, sRGB through the spec's formula. Mask marks the bits the format
/// defines (an sRGBx's fourth byte and a packed type's spare bits are free).
struct Expected {
  std::vector<unsigned char> Bytes, Mask;
};

unsigned unorm(float X, double Max) {
  double V = std::isnan(X) ? 0.0 : std::min(std::max(double(X) * Max, 0.0), Max);
  return unsigned(std::nearbyint(V));
}
int snorm(float X, double Max) {
  double V = std::isnan(X) ? 0.0 : std::min(std::max(double(X) * Max, -Max - 1), Max);
  return int(std::nearbyint(V));
}
double srgb(float X) {
  double C = X;
  if (std::isnan(C) || C <= 0)
    return 0;
  if (C >= 1)
    return 1;
  return C < 0.0031308 ? 12.92 * C : 1.055 * std::pow(C, 1 / 2.4) - 0.055;
}

Expected expectedPixel(const cl_image_format &F, const void *Color) {
  const auto *Floats = static_cast<const float *>(Color);
  const auto *Ints = static_cast<const cl_int *>(Color);
  const auto *Uints = static_cast<const cl_uint *>(Color);
  Expected E;
  auto Put = [&](const void *Bytes, size_t N, unsigned char Mask = 0xff) {
    const auto *B = static_cast<const unsigned char *>(Bytes);
    E.Bytes.insert(E.Bytes.end(), B, B + N);
    E.Mask.insert(E.Mask.end(), N, Mask);
  };
  auto PutPacked = [&](uint32_t V, size_t N, uint32_t Mask) {
    Put(&V, N);
    std::memcpy(E.Mask.data() + E.Mask.size() - N, &Mask, N);
  };
  switch (F.image_channel_data_type) {
  case CL_UNORM_SHORT_565:
    PutPacked(unorm(Floats[0], 31) << 11 | unorm(Floats[1], 63) << 5 | unorm(Floats[2], 31), 2,
              0xffff);
    return E;
  case CL_UNORM_SHORT_555:
    PutPacked(unorm(Floats[0], 31) << 10 | unorm(Floats[1], 31) << 5 | unorm(Floats[2], 31), 2,
              0x7fff);
    return E;
  case CL_UNORM_INT_101010:
    PutPacked(unorm(Floats[0], 1023) << 20 | unorm(Floats[1], 1023) << 10 | unorm(Floats[2], 1023),
              4, 0x3fffffff);
    return E;
  case CL_UNORM_INT_101010_2:
    PutPacked(unorm(Floats[0], 1023) << 22 | unorm(Floats[1], 1023) << 12 |
                  unorm(Floats[2], 1023) << 2 | unorm(Floats[3], 3),
              4, 0xffffffff);
    return E;
  }
  // The components stored, in memory order (R, G, B, A = 0, 1, 2, 3).
  std::vector<int> Order;
  switch (F.image_channel_order) {
  case CL_R: case CL_INTENSITY: case CL_LUMINANCE: case CL_DEPTH: Order = {0}; break;
  case CL_A: Order = {3}; break;
  case CL_RG: Order = {0, 1}; break;
  case CL_RA: Order = {0, 3}; break;
  case CL_sRGB: Order = {0, 1, 2}; break;
  case CL_BGRA: case CL_sBGRA: Order = {2, 1, 0, 3}; break;
  case CL_ARGB: Order = {3, 0, 1, 2}; break;
  case CL_ABGR: Order = {3, 2, 1, 0}; break;
  default: Order = {0, 1, 2, 3}; break;
  }
  const bool Srgb = F.image_channel_order == CL_sRGB || F.image_channel_order == CL_sRGBx ||
                    F.image_channel_order == CL_sRGBA || F.image_channel_order == CL_sBGRA;
  for (size_t K = 0; K < Order.size(); ++K) {
    const int C = Order[K];
    const float X = Floats[C];
    switch (F.image_channel_data_type) {
    case CL_UNORM_INT8: {
      uint8_t V = uint8_t(Srgb && C < 3 ? std::nearbyint(srgb(X) * 255) : unorm(X, 255));
      Put(&V, 1, F.image_channel_order == CL_sRGBx && K == 3 ? 0 : 0xff);
      break;
    }
    case CL_UNORM_INT16: { uint16_t V = uint16_t(unorm(X, 65535)); Put(&V, 2); break; }
    case CL_SNORM_INT8: { int8_t V = int8_t(snorm(X, 127)); Put(&V, 1); break; }
    case CL_SNORM_INT16: { int16_t V = int16_t(snorm(X, 32767)); Put(&V, 2); break; }
    case CL_HALF_FLOAT: { _Float16 V = static_cast<_Float16>(X); Put(&V, 2); break; }
    case CL_FLOAT: Put(&X, 4); break;
    case CL_SIGNED_INT8: { int8_t V = int8_t(std::clamp(Ints[C], -128, 127)); Put(&V, 1); break; }
    case CL_SIGNED_INT16: {
      int16_t V = int16_t(std::clamp(Ints[C], -32768, 32767));
      Put(&V, 2);
      break;
    }
    case CL_SIGNED_INT32: Put(&Ints[C], 4); break;
    case CL_UNSIGNED_INT8: { uint8_t V = uint8_t(std::min(Uints[C], 255u)); Put(&V, 1); break; }
    case CL_UNSIGNED_INT16: {
      uint16_t V = uint16_t(std::min(Uints[C], 65535u));
      Put(&V, 2);
      break;
    }
    case CL_UNSIGNED_INT32: Put(&Uints[C], 4); break;
    }
  }
  return E;
}

/// Whether Got holds Want where Want's mask says (a half NaN may be any NaN).
bool matches(const unsigned char *Got, const Expected &Want, const cl_image_format &F) {
  if (F.image_channel_data_type == CL_HALF_FLOAT) {
    for (size_t K = 0; K < Want.Bytes.size(); K += 2) {
      _Float16 G, W;
      std::memcpy(&G, Got + K, 2);
      std::memcpy(&W, &Want.Bytes[K], 2);
      if (std::isnan(float(W)) ? !std::isnan(float(G)) : std::memcmp(&G, &W, 2) != 0)
        return false;
    }
    return true;
  }
  for (size_t K = 0; K < Want.Bytes.size(); ++K)
    if ((Got[K] ^ Want.Bytes[K]) & Want.Mask[K])
      return false;
  return true;
}

// §5.3.5: clEnqueueFillImage converts its color to every channel type and order as image writes
// do: saturation, rounding to nearest even (the ties at -0.5 and in half), NaN, sRGB encoding,
// packed types, integer clamping. Each fill covers a region at an origin; pixels outside keep
// the first color.
TEST_F(ImageApi, FillConvertsTheColorForEveryFormat) {
  cl_command_queue Q = queue();
  const float Nan = std::numeric_limits<float>::quiet_NaN();
  const float FloatColors[][4] = {
      {0.25f, 0.5f, 1.0f, 0.0f},
      {-0.5f, 1.5f, 0.0031f, 0.7f},
      {1.00048828125f, 1.00146484375f, 65520.0f, 1e-7f}, // half ties, overflow, denormal
      {-1.0f, 0.002f, 0.999f, -2.0f},
      {Nan, 0.04f, 0.5f, 0.33333334f},
      {-0.0f, 3.0f / 255.0f, 0.1f, 65504.0f}};
  const cl_int IntColors[][4] = {
      {0, -1, 127, -128}, {300, -300, 40000, -40000}, {INT32_MAX, INT32_MIN, 5, -5},
      {32767, -32768, 128, -129}, {1, 2, 3, 4}, {-7, 70000, -70000, 255}};
  const cl_uint UintColors[][4] = {{0, 255, 256, 65535},
                                   {65536, 0xffffffffu, 7, 1000},
                                   {1, 2, 3, 4},
                                   {128, 32768, 0x80000000u, 254},
                                   {9, 99, 999, 9999},
                                   {0, 0, 0, 0}};
  const Shape S{CL_MEM_OBJECT_IMAGE2D, 11, 5};
  const size_t Zero[3] = {0, 0, 0}, All[3] = {11, 5, 1};
  const size_t Origin[3] = {2, 1, 0}, Region[3] = {7, 3, 1};
  for (const cl_image_format &F : supported(Ctx, CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE2D)) {
    SCOPED_TRACE(formatName(F));
    const size_t PB = pixelSize(F);
    cl_mem M = image(S, F);
    ASSERT_NE(M, nullptr);
    auto ColorOf = [&](size_t K) -> const void * {
      const bool IsSigned = F.image_channel_data_type == CL_SIGNED_INT8 ||
                            F.image_channel_data_type == CL_SIGNED_INT16 ||
                            F.image_channel_data_type == CL_SIGNED_INT32;
      const bool IsUnsigned = F.image_channel_data_type == CL_UNSIGNED_INT8 ||
                              F.image_channel_data_type == CL_UNSIGNED_INT16 ||
                              F.image_channel_data_type == CL_UNSIGNED_INT32;
      return IsSigned ? static_cast<const void *>(IntColors[K])
             : IsUnsigned ? static_cast<const void *>(UintColors[K])
                          : static_cast<const void *>(FloatColors[K]);
    };
    ASSERT_EQ(clEnqueueFillImage(Q, M, ColorOf(0), Zero, All, 0, nullptr, nullptr), CL_SUCCESS);
    const Expected Outside = expectedPixel(F, ColorOf(0));
    ASSERT_EQ(Outside.Bytes.size(), PB);
    for (size_t K = 1; K < 6; ++K) {
      SCOPED_TRACE(K);
      ASSERT_EQ(clEnqueueFillImage(Q, M, ColorOf(K), Origin, Region, 0, nullptr, nullptr),
                CL_SUCCESS);
      const Expected Inside = expectedPixel(F, ColorOf(K));
      std::vector<unsigned char> Out = readAll(Q, M, S, PB);
      for (size_t Y = 0; Y < 5; ++Y)
        for (size_t X = 0; X < 11; ++X) {
          const bool In = X >= 2 && X < 9 && Y >= 1 && Y < 4;
          ASSERT_TRUE(matches(&Out[(Y * 11 + X) * PB], In ? Inside : Outside, F))
              << "pixel " << X << ", " << Y;
        }
      ASSERT_EQ(clEnqueueFillImage(Q, M, ColorOf(0), Origin, Region, 0, nullptr, nullptr),
                CL_SUCCESS);
    }
  }
}

// Fills of every image type, at origins, and their errors.
TEST_F(ImageApi, FillEveryTypeAndErrors) {
  cl_command_queue Q = queue();
  const cl_image_format F{CL_RGBA, CL_SNORM_INT16};
  const float Color[4] = {0.5f, -0.5f, 1.0f, -1.0f};
  const int16_t Want[4] = {16384, -16384, 32767, -32767}; // 16383.5 and -16383.5 round to even
  std::vector<Shape> Shapes = everyShape();
  Shapes.push_back({CL_MEM_OBJECT_IMAGE1D_BUFFER, 37});
  for (const Shape &S : Shapes) {
    SCOPED_TRACE(typeName(S.Type));
    std::vector<unsigned char> Pixels = randomBytes(S.pixels() * 8, 71);
    cl_mem M = S.Type == CL_MEM_OBJECT_IMAGE1D_BUFFER
                   ? image(S, F, 0, nullptr, 0, 0,
                           ownedBuffer(Pixels.size(), CL_MEM_COPY_HOST_PTR, Pixels.data()))
                   : image(S, F, CL_MEM_COPY_HOST_PTR, Pixels.data());
    const auto E = S.extent();
    const size_t Origin[3] = {5, E[1] > 1 ? 1u : 0u, E[2] > 1 ? 2u : 0u};
    const size_t Region[3] = {30, E[1] > 1 ? E[1] - 1 : 1, E[2] > 1 ? E[2] - 2 : 1};
    ASSERT_EQ(clEnqueueFillImage(Q, M, Color, Origin, Region, 0, nullptr, nullptr), CL_SUCCESS);
    for (size_t Z = 0; Z < Region[2]; ++Z)
      for (size_t Y = 0; Y < Region[1]; ++Y)
        for (size_t X = 0; X < Region[0]; ++X)
          std::memcpy(&Pixels[(((Origin[2] + Z) * E[1] + Origin[1] + Y) * E[0] + Origin[0] + X) * 8],
                      Want, 8);
    EXPECT_EQ(readAll(Q, M, S, 8), Pixels);
    // Errors.
    EXPECT_EQ(clEnqueueFillImage(Q, M, nullptr, Origin, Region, 0, nullptr, nullptr),
              CL_INVALID_VALUE);
    EXPECT_EQ(clEnqueueFillImage(Q, M, Color, nullptr, Region, 0, nullptr, nullptr),
              CL_INVALID_VALUE);
    EXPECT_EQ(clEnqueueFillImage(Q, M, Color, Origin, nullptr, 0, nullptr, nullptr),
              CL_INVALID_VALUE);
    const size_t Past[3] = {E[0] - 4, Region[1], Region[2]};
    EXPECT_EQ(clEnqueueFillImage(Q, M, Color, Origin, Past, 0, nullptr, nullptr), CL_INVALID_VALUE);
    if (E[2] == 1) {
      const size_t Deep[3] = {1, 1, 2};
      EXPECT_EQ(clEnqueueFillImage(Q, M, Color, Origin, Deep, 0, nullptr, nullptr),
                CL_INVALID_VALUE);
    }
  }
  // The host access flags do not apply to fills.
  cl_mem NoAccess = image({CL_MEM_OBJECT_IMAGE2D, 4, 4}, F, CL_MEM_HOST_NO_ACCESS);
  const size_t Zero[3] = {0, 0, 0}, All[3] = {4, 4, 1};
  EXPECT_EQ(clEnqueueFillImage(Q, NoAccess, Color, Zero, All, 0, nullptr, nullptr), CL_SUCCESS);
  // CL_DEPTH: one float.
  cl_mem Depth = image({CL_MEM_OBJECT_IMAGE2D, 4, 4}, {CL_DEPTH, CL_UNORM_INT16});
  const float D = 0.5f;
  ASSERT_EQ(clEnqueueFillImage(Q, Depth, &D, Zero, All, 0, nullptr, nullptr), CL_SUCCESS);
  std::vector<unsigned char> Out = readAll(Q, Depth, {CL_MEM_OBJECT_IMAGE2D, 4, 4}, 2);
  uint16_t Last;
  std::memcpy(&Last, &Out[30], 2);
  EXPECT_EQ(Last, 32768u);
  ASSERT_EQ(clFinish(Q), CL_SUCCESS);
}

} // namespace
} // namespace weft::test
