// Image kernels for Images.SpirvProgramsReadAndWriteImagesAsOpenCLCDoes (ImageTest.cpp): compiled
// by clang-15 for spir64 and written as SPIR-V by weft-spirv-writer at build time, then built by
// Weft from SPIR-V and from this source, and run alike.
constant sampler_t Linear = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;

kernel void copy2d(read_only image2d_t src, write_only image2d_t dst) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  write_imagef(dst, p, read_imagef(src, p));
}

kernel void sample2d(read_only image2d_t img, sampler_t s, global const float2 *c,
                     global float4 *out) {
  size_t i = get_global_id(0);
  out[i] = read_imagef(img, s, c[i]) + read_imagef(img, Linear, c[i]) +
           read_imagef(img, s, convert_int2(c[i]));
}

kernel void sample3d(read_only image3d_t img, sampler_t s, global const float4 *c,
                     global float4 *out, global uint4 *outu) {
  size_t i = get_global_id(0);
  const sampler_t Nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
  out[i] = read_imagef(img, s, c[i]) + read_imagef(img, Nearest, c[i]);
  outu[i] = read_imageui(img, Nearest, convert_int4(c[i]));
}

kernel void arrays(read_only image1d_array_t a, read_only image2d_array_depth_t d, sampler_t s,
                   global const float4 *c, global float *out) {
  size_t i = get_global_id(0);
  out[2 * i] = read_imagef(a, s, c[i].xy).x + read_imagef(a, convert_int2(c[i].xy)).y;
  out[2 * i + 1] = read_imagef(d, s, c[i]) + read_imagef(d, convert_int4(c[i]));
}

kernel void readwrite3d(read_write image3d_t img, global const int4 *colors) {
  int4 p = (int4)(get_global_id(0), get_global_id(1), get_global_id(2), 0);
  int4 v = read_imagei(img, p);
  write_imagei(img, p, v + colors[(p.z * get_image_height(img) + p.y) * get_image_width(img) + p.x]);
}

kernel void queries(read_only image2d_array_t a, write_only image3d_t b, read_write image1d_buffer_t c,
                    global int *out) {
  int4 d = get_image_dim(b);
  out[0] = get_image_width(a);
  out[1] = get_image_dim(a).y;
  out[2] = (int)get_image_array_size(a);
  out[3] = d.x + 100 * d.y + 10000 * d.z + 1000000 * d.w;
  out[4] = get_image_channel_order(b);
  out[5] = get_image_channel_data_type(c);
  out[6] = get_image_width(c);
}
