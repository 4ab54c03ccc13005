/* bench-images: images and samplers on the first platform the loader offers.
   - rotate_4k_Mpix: a bilinear rotation (10 degrees, about the centre) of a 3840 x 2160 RGBA8
     unorm image through a program-scope sampler (normalized coordinates, clamp to edge, linear
     filter), read_imagef and write_imagef, in megapixels written per second; spot-checked
     against the host's bilinear interpolation
   - volume_linear_Msamples: a 3D CL_R CL_FLOAT volume of 256^3 sampled with linear filtering
     (unnormalized coordinates, clamp to edge) at points between voxels through a sampler kernel
     argument, one sample per work-item written to a buffer, in millions of samples per second;
     spot-checked against the host's trilinear interpolation
   - image_to_buffer_GBps, buffer_to_image_GBps, read_image_GBps, write_image_GBps: the 4K RGBA8
     image (31.6 MiB) copied to and from a buffer, read into and written from host memory, in
     bytes copied per second
   - host_memcpy_GBps: memcpy of the same bytes by one host thread, for comparison
   Prints "name value unit"; bench/images.sh runs it for Weft and PoCL side by side.
   `bench-images <name>` runs only the parts with a metric whose name contains <name> (rotate,
   volume, or any copy's name for the copies). */
#include "bench.h"

#include <math.h>
#include <string.h>

static const char *Source =
    "constant sampler_t Bilinear = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP_TO_EDGE |\n"
    "                              CLK_FILTER_LINEAR;\n"
    "kernel void spin(read_only image2d_t src, write_only image2d_t dst, float c, float s) {\n"
    "  int x = get_global_id(0), y = get_global_id(1);\n"
    "  float w = get_image_width(dst), h = get_image_height(dst);\n"
    "  float px = x + 0.5f - 0.5f * w, py = y + 0.5f - 0.5f * h;\n"
    "  float2 uv = (float2)((c * px - s * py + 0.5f * w) / w, (s * px + c * py + 0.5f * h) / h);\n"
    "  write_imagef(dst, (int2)(x, y), read_imagef(src, Bilinear, uv));\n"
    "}\n"
    "kernel void volume(read_only image3d_t v, sampler_t s, global float *out) {\n"
    "  int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);\n"
    "  float4 p = (float4)(x + 0.25f, y + 0.75f, z + 0.4f, 0.0f);\n"
    "  out[((size_t)z * get_global_size(1) + y) * get_global_size(0) + x] = read_imagef(v, s, p).x;\n"
    "}\n";

enum { W = 3840, H = 2160, V = 256, Samples = 9 };

static float texel(const unsigned char *Img, int X, int Y, int C) {
  X = X < 0 ? 0 : X >= W ? W - 1 : X;
  Y = Y < 0 ? 0 : Y >= H ? H - 1 : Y;
  return Img[((size_t)Y * W + X) * 4 + C] / 255.0f;
}

/* OpenCL's bilinear filter (normalized coordinates, clamp to edge) at (U, V), channel C. */
static double bilinear(const unsigned char *Img, double U, double Vv, int C) {
  double X = U * W - 0.5, Y = Vv * H - 0.5;
  int I = (int)floor(X), J = (int)floor(Y);
  double A = X - I, B = Y - J;
  return (1 - A) * (1 - B) * texel(Img, I, J, C) + A * (1 - B) * texel(Img, I + 1, J, C) +
         (1 - A) * B * texel(Img, I, J + 1, C) + A * B * texel(Img, I + 1, J + 1, C);
}

static float voxel(const float *Vol, int X, int Y, int Z) {
  X = X < 0 ? 0 : X >= V ? V - 1 : X;
  Y = Y < 0 ? 0 : Y >= V ? V - 1 : Y;
  Z = Z < 0 ? 0 : Z >= V ? V - 1 : Z;
  return Vol[((size_t)Z * V + Y) * V + X];
}

static double trilinear(const float *Vol, double X, double Y, double Z) {
  X -= 0.5, Y -= 0.5, Z -= 0.5;
  int I = (int)floor(X), J = (int)floor(Y), K = (int)floor(Z);
  double A = X - I, B = Y - J, G = Z - K, Sum = 0;
  for (int D = 0; D < 8; ++D) {
    int Dx = D & 1, Dy = (D >> 1) & 1, Dz = D >> 2;
    Sum += (Dx ? A : 1 - A) * (Dy ? B : 1 - B) * (Dz ? G : 1 - G) *
           voxel(Vol, I + Dx, J + Dy, K + Dz);
  }
  return Sum;
}

static void fail(const char *What, double Got, double Want) {
  fprintf(stderr, "%s: got %g, want %g\n", What, Got, Want);
  exit(1);
}

/* Whether to run the part that reports Metrics (names separated by spaces). */
static const char *Only;
static int wanted(const char *Metrics) { return !Only || strstr(Metrics, Only); }

int main(int Argc, char **Argv) {
  Only = Argc > 1 ? Argv[1] : NULL;
  cl_platform_id P;
  cl_device_id D;
  cl_int Err;
  CHECK(clGetPlatformIDs(1, &P, NULL));
  CHECK(clGetDeviceIDs(P, CL_DEVICE_TYPE_ALL, 1, &D, NULL));
  cl_context C = clCreateContext(NULL, 1, &D, NULL, NULL, &Err);
  CHECK(Err);
  cl_command_queue Q = clCreateCommandQueueWithProperties(C, D, NULL, &Err);
  CHECK(Err);
  cl_program Prog = clCreateProgramWithSource(C, 1, &Source, NULL, &Err);
  CHECK(Err);
  CHECK(clBuildProgram(Prog, 1, &D, "", NULL, NULL));
  double S[Samples];

  /* The 4K picture: smooth gradients with a pattern, so that interpolation matters. */
  const size_t Bytes = (size_t)W * H * 4;
  unsigned char *Pixels = malloc(Bytes), *Back = malloc(Bytes);
  for (size_t Y = 0; Y < H; ++Y)
    for (size_t X = 0; X < W; ++X) {
      unsigned char *Px = Pixels + (Y * W + X) * 4;
      Px[0] = (unsigned char)(X * 255 / (W - 1));
      Px[1] = (unsigned char)(Y * 255 / (H - 1));
      Px[2] = (unsigned char)((X * 7 + Y * 13) & 255);
      Px[3] = 255;
    }
  cl_image_format Rgba8 = {CL_RGBA, CL_UNORM_INT8};
  cl_image_desc Desc2D = {.image_type = CL_MEM_OBJECT_IMAGE2D, .image_width = W, .image_height = H};
  cl_mem Src = clCreateImage(C, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &Rgba8, &Desc2D, Pixels, &Err);
  CHECK(Err);
  cl_mem Dst = clCreateImage(C, CL_MEM_WRITE_ONLY, &Rgba8, &Desc2D, NULL, &Err);
  CHECK(Err);

  if (wanted("rotate_4k_Mpix")) {
    cl_kernel K = clCreateKernel(Prog, "spin", &Err);
    CHECK(Err);
    const float Angle = 10.0f * 3.14159265f / 180.0f, Cos = cosf(Angle), Sin = sinf(Angle);
    CHECK(clSetKernelArg(K, 0, sizeof Src, &Src));
    CHECK(clSetKernelArg(K, 1, sizeof Dst, &Dst));
    CHECK(clSetKernelArg(K, 2, sizeof Cos, &Cos));
    CHECK(clSetKernelArg(K, 3, sizeof Sin, &Sin));
    size_t Global[2] = {W, H};
    double Ms = timeKernel(Q, K, 2, Global, NULL, Samples);
    printf("rotate_4k_Mpix %.1f Mpix/s\n", (double)W * H / (Ms * 1e3));
    size_t Origin[3] = {0, 0, 0}, Region[3] = {W, H, 1};
    CHECK(clEnqueueReadImage(Q, Dst, CL_TRUE, Origin, Region, 0, 0, Back, 0, NULL, NULL));
    for (int I = 0; I < 1000; ++I) {
      int X = (int)((I * 7919u) % W), Y = (int)((I * 104729u) % H);
      double Px = X + 0.5 - 0.5 * W, Py = Y + 0.5 - 0.5 * H;
      double U = (Cos * Px - Sin * Py + 0.5 * W) / W, Vv = (Sin * Px + Cos * Py + 0.5 * H) / H;
      for (int Ch = 0; Ch < 4; ++Ch) {
        double Want = bilinear(Pixels, U, Vv, Ch) * 255;
        double Got = Back[((size_t)Y * W + X) * 4 + Ch];
        if (fabs(Got - Want) > 1.5) /* the spec's filtering and conversion tolerances */
          fail("spin", Got, Want);
      }
    }
    clReleaseKernel(K);
  }

  if (wanted("volume_linear_Msamples")) {
    const size_t Voxels = (size_t)V * V * V;
    float *Vol = malloc(Voxels * sizeof *Vol), *Out = malloc(Voxels * sizeof *Out);
    for (size_t I = 0; I < Voxels; ++I)
      Vol[I] = (float)((I * 2654435761u) % 1000) / 1000.0f;
    cl_image_format R32f = {CL_R, CL_FLOAT};
    cl_image_desc Desc3D = {.image_type = CL_MEM_OBJECT_IMAGE3D, .image_width = V,
                            .image_height = V, .image_depth = V};
    cl_mem Vi = clCreateImage(C, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &R32f, &Desc3D, Vol, &Err);
    CHECK(Err);
    cl_mem Ob = clCreateBuffer(C, CL_MEM_WRITE_ONLY, Voxels * sizeof(float), NULL, &Err);
    CHECK(Err);
    const cl_sampler_properties SamplerProps[] = {
        CL_SAMPLER_NORMALIZED_COORDS, CL_FALSE, CL_SAMPLER_ADDRESSING_MODE, CL_ADDRESS_CLAMP_TO_EDGE,
        CL_SAMPLER_FILTER_MODE, CL_FILTER_LINEAR, 0};
    cl_sampler Sa = clCreateSamplerWithProperties(C, SamplerProps, &Err);
    CHECK(Err);
    cl_kernel K = clCreateKernel(Prog, "volume", &Err);
    CHECK(Err);
    CHECK(clSetKernelArg(K, 0, sizeof Vi, &Vi));
    CHECK(clSetKernelArg(K, 1, sizeof Sa, &Sa));
    CHECK(clSetKernelArg(K, 2, sizeof Ob, &Ob));
    size_t Global[3] = {V, V, V};
    double Ms = timeKernel(Q, K, 3, Global, NULL, Samples);
    printf("volume_linear_Msamples %.1f Msamples/s\n", (double)Voxels / (Ms * 1e3));
    CHECK(clEnqueueReadBuffer(Q, Ob, CL_TRUE, 0, Voxels * sizeof(float), Out, 0, NULL, NULL));
    for (int I = 0; I < 1000; ++I) {
      int X = (int)((I * 7919u) % V), Y = (int)((I * 104729u) % V), Z = (int)((I * 15485863u) % V);
      double Want = trilinear(Vol, X + 0.25, Y + 0.75, Z + 0.4);
      double Got = Out[((size_t)Z * V + Y) * V + X];
      if (fabs(Got - Want) > 1e-2) /* linear filtering may use low-precision weights */
        fail("volume", Got, Want);
    }
    clReleaseKernel(K);
    clReleaseSampler(Sa);
    clReleaseMemObject(Ob);
    clReleaseMemObject(Vi);
    free(Vol);
    free(Out);
  }

  if (wanted("image_to_buffer_GBps buffer_to_image_GBps read_image_GBps write_image_GBps "
             "host_memcpy_GBps")) {
    cl_mem Buf = clCreateBuffer(C, CL_MEM_READ_WRITE, Bytes, NULL, &Err);
    CHECK(Err);
    size_t Origin[3] = {0, 0, 0}, Region[3] = {W, H, 1};
    const char *Names[4] = {"image_to_buffer_GBps", "buffer_to_image_GBps", "read_image_GBps",
                            "write_image_GBps"};
    for (int Kind = 0; Kind < 4; ++Kind) {
      for (int I = -1; I < Samples; ++I) { /* one warm-up */
        double T0 = nowMs();
        if (Kind == 0)
          CHECK(clEnqueueCopyImageToBuffer(Q, Src, Buf, Origin, Region, 0, 0, NULL, NULL));
        else if (Kind == 1)
          CHECK(clEnqueueCopyBufferToImage(Q, Buf, Dst, 0, Origin, Region, 0, NULL, NULL));
        else if (Kind == 2)
          CHECK(clEnqueueReadImage(Q, Src, CL_FALSE, Origin, Region, 0, 0, Back, 0, NULL, NULL));
        else
          CHECK(clEnqueueWriteImage(Q, Dst, CL_FALSE, Origin, Region, 0, 0, Pixels, 0, NULL, NULL));
        CHECK(clFinish(Q));
        if (I >= 0)
          S[I] = Bytes / ((nowMs() - T0) * 1e6);
      }
      printf("%s %.2f GB/s\n", Names[Kind], median(S, Samples));
    }
    /* The copies above ended with Dst holding Pixels (written from the host) and Back holding
       Src's pixels (read back): both must be the picture. */
    if (memcmp(Back, Pixels, Bytes))
      fail("read_image", 0, 1);
    CHECK(clEnqueueReadImage(Q, Dst, CL_TRUE, Origin, Region, 0, 0, Back, 0, NULL, NULL));
    if (memcmp(Back, Pixels, Bytes))
      fail("write_image", 0, 1);
    for (int I = -1; I < Samples; ++I) {
      double T0 = nowMs();
      memcpy(Back, Pixels, Bytes);
      if (I >= 0)
        S[I] = Bytes / ((nowMs() - T0) * 1e6);
    }
    printf("host_memcpy_GBps %.2f GB/s\n", median(S, Samples));
    clReleaseMemObject(Buf);
  }

  free(Pixels);
  free(Back);
  clReleaseMemObject(Src);
  clReleaseMemObject(Dst);
  clReleaseProgram(Prog);
  clReleaseCommandQueue(Q);
  clReleaseContext(C);
  return 0;
}
