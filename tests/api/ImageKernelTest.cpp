// Kernels with image and sampler arguments through the ICD loader: the device's image support as
// kernels see it, reads with constant and argument samplers, writes, read-write images, queries,
// image buffers, clSetKernelArg's image and sampler errors, and threads. What each read and
// conversion returns is tested format by format in tests/compiler/ImageTest.cpp.
#include "api/ImageFixture.h"
#include "api/KernelFixture.h"

#include <cmath>
#include <cstring>
#include <thread>

namespace weft::test {
namespace {

class ImageKernels : public KernelApi {
protected:
  cl_mem image(const cl_image_format &Format, const cl_image_desc &Desc,
               cl_mem_flags Flags = CL_MEM_READ_WRITE, void *Host = nullptr) {
    cl_int Err;
    cl_mem M = clCreateImage(Ctx, Flags, &Format, &Desc, Host, &Err);
    EXPECT_EQ(Err, CL_SUCCESS);
    return M;
  }
  cl_mem image2D(const cl_image_format &Format, size_t W, size_t H,
                 cl_mem_flags Flags = CL_MEM_READ_WRITE, void *Host = nullptr) {
    return image(Format, Shape{CL_MEM_OBJECT_IMAGE2D, W, H}.desc(), Flags, Host);
  }
  cl_sampler sampler(cl_bool Normalized, cl_addressing_mode A, cl_filter_mode F) {
    cl_int Err;
    cl_sampler S = clCreateSampler(Ctx, Normalized, A, F, &Err);
    EXPECT_EQ(Err, CL_SUCCESS);
    return S;
  }
  cl_kernel kernel(cl_program P, const char *Name = "k") {
    cl_int Err;
    cl_kernel K = clCreateKernel(P, Name, &Err);
    EXPECT_EQ(Err, CL_SUCCESS);
    return K;
  }
  void run2D(cl_command_queue Q, cl_kernel K, size_t W, size_t H) {
    const size_t Global[2] = {W, H};
    ASSERT_EQ(clEnqueueNDRangeKernel(Q, K, 2, nullptr, Global, nullptr, 0, nullptr, nullptr),
              CL_SUCCESS);
    ASSERT_EQ(clFinish(Q), CL_SUCCESS);
  }
  template <class T> std::vector<T> readBuffer(cl_command_queue Q, cl_mem B, size_t N) {
    std::vector<T> V(N);
    EXPECT_EQ(clEnqueueReadBuffer(Q, B, CL_TRUE, 0, N * sizeof(T), V.data(), 0, nullptr, nullptr),
              CL_SUCCESS);
    return V;
  }
};

constexpr cl_image_format RGBA8{CL_RGBA, CL_UNORM_INT8};
constexpr cl_image_format RGBAFloat{CL_RGBA, CL_FLOAT};
constexpr cl_image_format RFloat{CL_R, CL_FLOAT};

TEST_F(ImageKernels, TheDeviceOffersImagesToKernels) {
  EXPECT_EQ(deviceValue<cl_bool>(Device, CL_DEVICE_IMAGE_SUPPORT), cl_bool(CL_TRUE));
  size_t Size = 0;
  ASSERT_EQ(clGetDeviceInfo(Device, CL_DEVICE_OPENCL_C_FEATURES, 0, nullptr, &Size), CL_SUCCESS);
  std::vector<cl_name_version> Features(Size / sizeof(cl_name_version));
  ASSERT_EQ(clGetDeviceInfo(Device, CL_DEVICE_OPENCL_C_FEATURES, Size, Features.data(), nullptr),
            CL_SUCCESS);
  auto HasFeature = [&](const char *Name) {
    for (const cl_name_version &F : Features)
      if (std::strcmp(F.name, Name) == 0)
        return true;
    return false;
  };
  for (const char *F : {"__opencl_c_images", "__opencl_c_read_write_images",
                        "__opencl_c_3d_image_writes"})
    EXPECT_TRUE(HasFeature(F)) << F;
  const std::string Extensions = deviceString(Device, CL_DEVICE_EXTENSIONS);
  for (const char *E : {"cl_khr_3d_image_writes", "cl_khr_depth_images",
                        "cl_khr_image2d_from_buffer"})
    EXPECT_NE(Extensions.find(E), std::string::npos) << E;
  // Kernels see the macros, in OpenCL C 1.2 and 3.0.
  const char *Source = R"(
    #ifndef __IMAGE_SUPPORT__
    #error no __IMAGE_SUPPORT__
    #endif
    #if __OPENCL_C_VERSION__ >= 300 && !defined(__opencl_c_3d_image_writes)
    #error no __opencl_c_3d_image_writes
    #endif
    #ifndef cl_khr_3d_image_writes
    #error no cl_khr_3d_image_writes
    #endif
    #pragma OPENCL EXTENSION cl_khr_3d_image_writes : enable
    kernel void k(write_only image3d_t I) { write_imagef(I, (int4)(0), (float4)(1.0f)); })";
  for (const char *Options : {"-cl-std=CL1.2", "-cl-std=CL3.0"}) {
    cl_program P = built(Source, Options);
    clReleaseProgram(P);
  }
}

TEST_F(ImageKernels, ConstantSamplerReadsEveryPixel) {
  const size_t W = 37, H = 23;
  std::vector<unsigned char> Pixels = randomBytes(W * H * 4, 1);
  cl_mem I = image2D(RGBA8, W, H, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, Pixels.data());
  cl_mem Out = buffer(W * H * sizeof(cl_float4));
  cl_program P = built(R"(
    __constant sampler_t S = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |
                             CLK_FILTER_NEAREST;
    kernel void k(read_only image2d_t I, global float4 *Out) {
      const int X = get_global_id(0), Y = get_global_id(1);
      Out[Y * get_global_size(0) + X] = read_imagef(I, S, (int2)(X, Y));
    })");
  cl_kernel K = kernel(P);
  setArgs(K, I, Out);
  cl_command_queue Q = queue();
  run2D(Q, K, W, H);
  std::vector<float> Got = readBuffer<float>(Q, Out, W * H * 4);
  for (size_t J = 0; J < W * H * 4; ++J)
    ASSERT_EQ(Got[J], float(Pixels[J]) / 255.0f) << "channel " << J;
  clReleaseKernel(K);
  clReleaseProgram(P);
  clReleaseMemObject(Out);
  clReleaseMemObject(I);
}

TEST_F(ImageKernels, SamplerArgumentFiltersLinearly) {
  const size_t W = 16, H = 8;
  std::vector<float> Texels(W * H);
  for (size_t J = 0; J < Texels.size(); ++J)
    Texels[J] = float((J * 37) % 101) / 7.0f;
  cl_mem I = image2D(RFloat, W, H, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, Texels.data());
  // Normalized coordinates across and beyond the image, clamped to the edge.
  std::vector<cl_float2> Coords;
  for (int J = -3; J < 40; ++J)
    Coords.push_back({{float(J) / 36.0f, float(J * 7 % 41) / 38.0f}});
  cl_mem In = buffer(Coords.size() * sizeof(cl_float2), CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                     Coords.data());
  cl_mem Out = buffer(Coords.size() * sizeof(float));
  cl_sampler S = sampler(CL_TRUE, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_LINEAR);
  cl_program P = built(R"(
    kernel void k(read_only image2d_t I, sampler_t S, global const float2 *In, global float *Out) {
      const size_t J = get_global_id(0);
      Out[J] = read_imagef(I, S, In[J]).x;
    })");
  cl_kernel K = kernel(P);
  setArgs(K, I, S, In, Out);
  cl_command_queue Q = queue();
  run(Q, K, Coords.size(), 1);
  std::vector<float> Got = readBuffer<float>(Q, Out, Coords.size());
  // The environment spec's linear filter: i0 = floor(u - 0.5), a = frac(u - 0.5), texel indices
  // clamped into the image.
  auto Texel = [&](long X, long Y) {
    X = std::clamp(X, 0L, long(W) - 1);
    Y = std::clamp(Y, 0L, long(H) - 1);
    return double(Texels[Y * W + X]);
  };
  for (size_t J = 0; J < Coords.size(); ++J) {
    const double U = double(Coords[J].s[0]) * W - 0.5, V = double(Coords[J].s[1]) * H - 0.5;
    const long I0 = long(std::floor(U)), J0 = long(std::floor(V));
    const double A = U - std::floor(U), B = V - std::floor(V);
    const double Want = (1 - A) * (1 - B) * Texel(I0, J0) + A * (1 - B) * Texel(I0 + 1, J0) +
                        (1 - A) * B * Texel(I0, J0 + 1) + A * B * Texel(I0 + 1, J0 + 1);
    EXPECT_NEAR(Got[J], Want, 1e-4 * std::max(1.0, std::fabs(Want))) << "coordinate " << J;
  }
  clReleaseKernel(K);
  clReleaseProgram(P);
  clReleaseSampler(S);
  clReleaseMemObject(Out);
  clReleaseMemObject(In);
  clReleaseMemObject(I);
}

TEST_F(ImageKernels, WritesLandInTheImage) {
  // 2D float RGBA, and a 3D image of 8-bit unsigned integers (cl_khr_3d_image_writes).
  const size_t W = 19, H = 11, D = 5;
  cl_mem I2 = image2D(RGBAFloat, W, H, CL_MEM_WRITE_ONLY);
  cl_mem I3 = image({CL_RGBA, CL_UNSIGNED_INT8}, Shape{CL_MEM_OBJECT_IMAGE3D, W, H, D}.desc(),
                    CL_MEM_WRITE_ONLY);
  cl_program P = built(R"(
    kernel void k(write_only image2d_t I2, write_only image3d_t I3) {
      const int X = get_global_id(0), Y = get_global_id(1);
      write_imagef(I2, (int2)(X, Y), (float4)(X, Y, X * 0.5f, -1.0f));
      for (int Z = 0; Z < get_image_depth(I3); ++Z)
        write_imageui(I3, (int4)(X, Y, Z, 0), (uint4)(X, Y, Z, 300));
    })");
  cl_kernel K = kernel(P);
  setArgs(K, I2, I3);
  cl_command_queue Q = queue();
  run2D(Q, K, W, H);
  std::vector<float> Got2(W * H * 4);
  const size_t Origin[3] = {0, 0, 0}, Region2[3] = {W, H, 1}, Region3[3] = {W, H, D};
  ASSERT_EQ(clEnqueueReadImage(Q, I2, CL_TRUE, Origin, Region2, 0, 0, Got2.data(), 0, nullptr,
                               nullptr),
            CL_SUCCESS);
  std::vector<unsigned char> Got3(W * H * D * 4);
  ASSERT_EQ(clEnqueueReadImage(Q, I3, CL_TRUE, Origin, Region3, 0, 0, Got3.data(), 0, nullptr,
                               nullptr),
            CL_SUCCESS);
  for (size_t Y = 0; Y < H; ++Y)
    for (size_t X = 0; X < W; ++X) {
      const float *Px = &Got2[(Y * W + X) * 4];
      ASSERT_EQ(Px[0], float(X));
      ASSERT_EQ(Px[1], float(Y));
      ASSERT_EQ(Px[2], X * 0.5f);
      ASSERT_EQ(Px[3], -1.0f);
      for (size_t Z = 0; Z < D; ++Z) {
        const unsigned char *Q3 = &Got3[((Z * H + Y) * W + X) * 4];
        ASSERT_EQ(Q3[0], X);
        ASSERT_EQ(Q3[1], Y);
        ASSERT_EQ(Q3[2], Z);
        ASSERT_EQ(Q3[3], 255) << "300 saturates to 255";
      }
    }
  clReleaseKernel(K);
  clReleaseProgram(P);
  clReleaseMemObject(I3);
  clReleaseMemObject(I2);
}

TEST_F(ImageKernels, ReadWriteImagesSeeTheirOwnWritesAfterAFence) {
  const size_t W = 64, H = 3;
  std::vector<cl_int> Start(W * H * 4);
  for (size_t J = 0; J < Start.size(); ++J)
    Start[J] = cl_int(J) - 100;
  cl_mem I = image2D({CL_RGBA, CL_SIGNED_INT32}, W, H, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                     Start.data());
  cl_program P = built(R"(
    kernel void k(read_write image2d_t I) {
      const int2 At = (int2)(get_global_id(0), get_global_id(1));
      int4 V = read_imagei(I, At);
      write_imagei(I, At, V * 2 + 1);
      atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, memory_order_acq_rel, memory_scope_work_item);
      V = read_imagei(I, At);
      write_imagei(I, At, V + 1000);
    })",
                       "-cl-std=CL3.0");
  cl_kernel K = kernel(P);
  setArgs(K, I);
  cl_command_queue Q = queue();
  run2D(Q, K, W, H);
  std::vector<cl_int> Got(W * H * 4);
  const size_t Origin[3] = {0, 0, 0}, Region[3] = {W, H, 1};
  ASSERT_EQ(clEnqueueReadImage(Q, I, CL_TRUE, Origin, Region, 0, 0, Got.data(), 0, nullptr,
                               nullptr),
            CL_SUCCESS);
  for (size_t J = 0; J < Got.size(); ++J)
    ASSERT_EQ(Got[J], Start[J] * 2 + 1 + 1000) << J;
  clReleaseKernel(K);
  clReleaseProgram(P);
  clReleaseMemObject(I);
}

TEST_F(ImageKernels, KernelsQueryTheImagesTheyAreGiven) {
  cl_mem A = image({CL_RG, CL_HALF_FLOAT}, Shape{CL_MEM_OBJECT_IMAGE2D_ARRAY, 13, 7, 1, 4}.desc());
  cl_mem B = image({CL_BGRA, CL_UNORM_INT8}, Shape{CL_MEM_OBJECT_IMAGE3D, 5, 6, 9}.desc());
  cl_mem Out = buffer(16 * sizeof(cl_int));
  cl_program P = built(R"(
    kernel void k(read_only image2d_array_t A, write_only image3d_t B, global int *Out) {
      Out[0] = get_image_width(A); Out[1] = get_image_height(A); Out[2] = get_image_array_size(A);
      Out[3] = get_image_channel_order(A); Out[4] = get_image_channel_data_type(A);
      int2 DA = get_image_dim(A); Out[5] = DA.x; Out[6] = DA.y;
      Out[7] = get_image_width(B); Out[8] = get_image_height(B); Out[9] = get_image_depth(B);
      Out[10] = get_image_channel_order(B); Out[11] = get_image_channel_data_type(B);
      int4 DB = get_image_dim(B); Out[12] = DB.x; Out[13] = DB.y; Out[14] = DB.z; Out[15] = DB.w;
    })");
  cl_kernel K = kernel(P);
  setArgs(K, A, B, Out);
  cl_command_queue Q = queue();
  run(Q, K, 1, 1);
  std::vector<cl_int> Got = readBuffer<cl_int>(Q, Out, 16);
  const std::vector<cl_int> Want = {13, 7, 4, CL_RG, CL_HALF_FLOAT, 13, 7, 5, 6, 9,
                                    CL_BGRA, CL_UNORM_INT8, 5, 6, 9, 0};
  EXPECT_EQ(Got, Want);
  clReleaseKernel(K);
  clReleaseProgram(P);
  clReleaseMemObject(Out);
  clReleaseMemObject(B);
  clReleaseMemObject(A);
}

TEST_F(ImageKernels, ImageBuffersShareTheirBuffersBytes) {
  const size_t N = 1000;
  cl_mem Buf = buffer(N * sizeof(cl_uint4));
  cl_image_desc Desc = Shape{CL_MEM_OBJECT_IMAGE1D_BUFFER, N}.desc(0, 0, Buf);
  cl_mem I = image({CL_RGBA, CL_UNSIGNED_INT32}, Desc);
  cl_program P = built(R"(
    kernel void fill(global uint4 *B) { const uint J = get_global_id(0); B[J] = (uint4)(J, 2 * J, 3, 4); }
    kernel void k(read_only image1d_buffer_t I, global uint *Out) {
      const int J = get_global_id(0);
      uint4 V = read_imageui(I, J);
      Out[J] = V.x + V.y + V.z + V.w + get_image_width(I);
    })");
  cl_kernel Fill = kernel(P, "fill"), K = kernel(P);
  cl_mem Out = buffer(N * sizeof(cl_uint));
  setArgs(Fill, Buf);
  setArgs(K, I, Out);
  cl_command_queue Q = queue();
  run(Q, Fill, N, 8);
  run(Q, K, N, 8);
  std::vector<cl_uint> Got = readBuffer<cl_uint>(Q, Out, N);
  for (size_t J = 0; J < N; ++J)
    ASSERT_EQ(Got[J], 3 * J + 7 + N) << J;
  clReleaseKernel(K);
  clReleaseKernel(Fill);
  clReleaseProgram(P);
  clReleaseMemObject(Out);
  clReleaseMemObject(I);
  clReleaseMemObject(Buf);
}

TEST_F(ImageKernels, SetKernelArgChecksImagesAndSamplers) {
  cl_program P = built(R"(
    kernel void k(read_only image2d_t R, write_only image2d_t W, read_write image3d_t RW,
                  sampler_t S, read_only image2d_depth_t D, global float *Out) {
      Out[0] = read_imagef(R, S, (int2)(0)).x + read_imagef(D, S, (int2)(0)) +
               read_imagef(RW, (int4)(0)).x;
      write_imagef(W, (int2)(0), (float4)(1.0f));
    })",
                       "-cl-std=CL3.0");
  cl_kernel K = kernel(P);
  cl_mem ReadOnly = image2D(RGBA8, 4, 4, CL_MEM_READ_ONLY);
  cl_mem WriteOnly = image2D(RGBA8, 4, 4, CL_MEM_WRITE_ONLY);
  cl_mem Volume = image(RGBA8, Shape{CL_MEM_OBJECT_IMAGE3D, 4, 4, 4}.desc());
  cl_mem Depth = image2D({CL_DEPTH, CL_FLOAT}, 4, 4, CL_MEM_READ_ONLY);
  cl_mem Buf = buffer(64);
  cl_sampler S = sampler(CL_FALSE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST);
  cl_mem Null = nullptr;

  EXPECT_EQ(clSetKernelArg(K, 0, sizeof(cl_mem), &ReadOnly), CL_SUCCESS);
  EXPECT_EQ(clSetKernelArg(K, 1, sizeof(cl_mem), &WriteOnly), CL_SUCCESS);
  EXPECT_EQ(clSetKernelArg(K, 2, sizeof(cl_mem), &Volume), CL_SUCCESS);
  EXPECT_EQ(clSetKernelArg(K, 3, sizeof(cl_sampler), &S), CL_SUCCESS);
  EXPECT_EQ(clSetKernelArg(K, 4, sizeof(cl_mem), &Depth), CL_SUCCESS);
  // Access: a write-only image for a read_only argument and the reverse.
  EXPECT_EQ(clSetKernelArg(K, 0, sizeof(cl_mem), &WriteOnly), CL_INVALID_ARG_VALUE);
  EXPECT_EQ(clSetKernelArg(K, 1, sizeof(cl_mem), &ReadOnly), CL_INVALID_ARG_VALUE);
  // Not an image, NULL, an image of another type, a depth image where a colour one is declared
  // and the reverse, a size other than sizeof(cl_mem).
  EXPECT_EQ(clSetKernelArg(K, 0, sizeof(cl_mem), &Buf), CL_INVALID_MEM_OBJECT);
  EXPECT_EQ(clSetKernelArg(K, 0, sizeof(cl_mem), &Null), CL_INVALID_MEM_OBJECT);
  EXPECT_EQ(clSetKernelArg(K, 0, sizeof(cl_mem), nullptr), CL_INVALID_MEM_OBJECT);
  EXPECT_EQ(clSetKernelArg(K, 0, sizeof(cl_mem), &Volume), CL_INVALID_MEM_OBJECT);
  EXPECT_EQ(clSetKernelArg(K, 2, sizeof(cl_mem), &ReadOnly), CL_INVALID_MEM_OBJECT);
  EXPECT_EQ(clSetKernelArg(K, 0, sizeof(cl_mem), &Depth), CL_INVALID_MEM_OBJECT);
  EXPECT_EQ(clSetKernelArg(K, 4, sizeof(cl_mem), &ReadOnly), CL_INVALID_MEM_OBJECT);
  EXPECT_EQ(clSetKernelArg(K, 0, sizeof(cl_mem) - 1, &ReadOnly), CL_INVALID_ARG_SIZE);
  cl_mem Sampler = reinterpret_cast<cl_mem>(S);
  EXPECT_EQ(clSetKernelArg(K, 0, sizeof(cl_mem), &Sampler), CL_INVALID_MEM_OBJECT);
  // Samplers: NULL, not a sampler, a size other than sizeof(cl_sampler), another context's.
  cl_sampler NullSampler = nullptr;
  EXPECT_EQ(clSetKernelArg(K, 3, sizeof(cl_sampler), &NullSampler), CL_INVALID_SAMPLER);
  EXPECT_EQ(clSetKernelArg(K, 3, sizeof(cl_sampler), nullptr), CL_INVALID_SAMPLER);
  EXPECT_EQ(clSetKernelArg(K, 3, sizeof(cl_mem), &Buf), CL_INVALID_SAMPLER);
  EXPECT_EQ(clSetKernelArg(K, 3, 4, &S), CL_INVALID_ARG_SIZE);
  cl_int Err;
  cl_context Other = clCreateContext(nullptr, 1, &Device, nullptr, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  cl_sampler OtherSampler = clCreateSampler(Other, CL_FALSE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST,
                                            &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  EXPECT_EQ(clSetKernelArg(K, 3, sizeof(cl_sampler), &OtherSampler), CL_INVALID_SAMPLER);
  // An image (or sampler) for a buffer argument.
  EXPECT_EQ(clSetKernelArg(K, 5, sizeof(cl_mem), &Sampler), CL_INVALID_MEM_OBJECT);

  // The last good values stand: the kernel runs. Then an image released (and so deleted: an
  // argument holds no reference) before the enqueue, which Weft reports without reading it.
  EXPECT_EQ(clSetKernelArg(K, 5, sizeof(cl_mem), &Buf), CL_SUCCESS);
  cl_command_queue Q = queue();
  const size_t One = 1;
  EXPECT_EQ(clEnqueueNDRangeKernel(Q, K, 1, nullptr, &One, nullptr, 0, nullptr, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(clFinish(Q), CL_SUCCESS);
  EXPECT_EQ(clReleaseMemObject(ReadOnly), CL_SUCCESS);
  EXPECT_EQ(clEnqueueNDRangeKernel(Q, K, 1, nullptr, &One, nullptr, 0, nullptr, nullptr),
            CL_INVALID_KERNEL_ARGS);

  clReleaseSampler(OtherSampler);
  clReleaseContext(Other);
  clReleaseSampler(S);
  clReleaseMemObject(Buf);
  clReleaseMemObject(Depth);
  clReleaseMemObject(Volume);
  clReleaseMemObject(WriteOnly);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

TEST_F(ImageKernels, ArgumentInfoNamesImageTypesAndAccess) {
  cl_program P = built(R"(
    kernel void k(read_only image2d_t A, write_only image1d_array_t B, read_write image3d_t C,
                  sampler_t S) {})",
                       "-cl-kernel-arg-info -cl-std=CL3.0");
  cl_kernel K = kernel(P);
  const struct {
    const char *Type;
    cl_kernel_arg_access_qualifier Access;
  } Want[] = {{"image2d_t", CL_KERNEL_ARG_ACCESS_READ_ONLY},
              {"image1d_array_t", CL_KERNEL_ARG_ACCESS_WRITE_ONLY},
              {"image3d_t", CL_KERNEL_ARG_ACCESS_READ_WRITE},
              {"sampler_t", CL_KERNEL_ARG_ACCESS_NONE}};
  for (cl_uint I = 0; I < 4; ++I) {
    char Type[64] = {};
    EXPECT_EQ(clGetKernelArgInfo(K, I, CL_KERNEL_ARG_TYPE_NAME, sizeof Type, Type, nullptr),
              CL_SUCCESS);
    EXPECT_STREQ(Type, Want[I].Type);
    cl_kernel_arg_access_qualifier Access = 0;
    EXPECT_EQ(clGetKernelArgInfo(K, I, CL_KERNEL_ARG_ACCESS_QUALIFIER, sizeof Access, &Access,
                                 nullptr),
              CL_SUCCESS);
    EXPECT_EQ(Access, Want[I].Access) << I;
  }
  clReleaseKernel(K);
  clReleaseProgram(P);
}

TEST_F(ImageKernels, ImageKernelsFromManyThreadsAtOnce) {
  cl_program P = built(R"(
    kernel void k(read_only image2d_t In, write_only image2d_t Out, uint Add) {
      const int2 At = (int2)(get_global_id(0), get_global_id(1));
      write_imageui(Out, At, read_imageui(In, At) + Add);
    })");
  const size_t W = 33, H = 17;
  std::vector<std::thread> Threads;
  std::vector<int> Failures(4, 0);
  for (int T = 0; T < 4; ++T)
    Threads.emplace_back([&, T] {
      cl_int Err;
      cl_command_queue Q = clCreateCommandQueue(Ctx, Device, 0, &Err);
      cl_kernel K = clCreateKernel(P, "k", &Err);
      std::vector<cl_uint> Start(W * H * 4, cl_uint(T));
      const cl_image_format F{CL_RGBA, CL_UNSIGNED_INT32};
      const cl_image_desc D = Shape{CL_MEM_OBJECT_IMAGE2D, W, H}.desc();
      cl_mem In = clCreateImage(Ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &F, &D, Start.data(),
                                &Err);
      cl_mem Out = clCreateImage(Ctx, CL_MEM_WRITE_ONLY, &F, &D, nullptr, &Err);
      for (cl_uint Round = 0; Round < 20; ++Round) {
        const cl_uint Add = Round + 1;
        clSetKernelArg(K, 0, sizeof In, &In);
        clSetKernelArg(K, 1, sizeof Out, &Out);
        clSetKernelArg(K, 2, sizeof Add, &Add);
        const size_t Global[2] = {W, H}, Origin[3] = {0, 0, 0}, Region[3] = {W, H, 1};
        std::vector<cl_uint> Got(W * H * 4);
        if (clEnqueueNDRangeKernel(Q, K, 2, nullptr, Global, nullptr, 0, nullptr, nullptr) ||
            clEnqueueReadImage(Q, Out, CL_TRUE, Origin, Region, 0, 0, Got.data(), 0, nullptr,
                               nullptr) ||
            Got != std::vector<cl_uint>(W * H * 4, cl_uint(T) + Add))
          ++Failures[T];
      }
      clReleaseMemObject(Out);
      clReleaseMemObject(In);
      clReleaseKernel(K);
      clReleaseCommandQueue(Q);
    });
  for (std::thread &T : Threads)
    T.join();
  for (int T = 0; T < 4; ++T)
    EXPECT_EQ(Failures[T], 0) << "thread " << T;
  clReleaseProgram(P);
}

} // namespace
} // namespace weft::test
