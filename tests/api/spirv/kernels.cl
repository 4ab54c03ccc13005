// OpenCL C that tests/api/CMakeLists.txt compiles to SPIR-V at build time, for SpirvTest.cpp:
// each kernel exercises a part of the translation (built-in names, address spaces, barriers,
// local memory, async copies, atomics, vectors, printf-free).

// Work-item functions, vloadn/vstoren, math and conversions through their SPIR-V forms.
kernel void mathAndVectors(global const float *in, global float *out, float scale) {
  size_t i = get_global_id(0);
  float4 v = vload4(i, in);
  float4 r = sin(v) * scale + sqrt(fabs(v)) + convert_float4(convert_int4_rtz(v * 100.0f));
  vstore4(r, i, out);
}

// __local memory, a barrier, an async copy in and out, and a global atomic.
kernel void reverseGroups(global const int *in, global int *out, local int *tile,
                          global volatile int *count) {
  size_t l = get_local_id(0), n = get_local_size(0), base = get_group_id(0) * n;
  event_t e = async_work_group_copy(tile, in + base, n, 0);
  wait_group_events(1, &e);
  int mine = tile[n - 1 - l];
  barrier(CLK_LOCAL_MEM_FENCE);
  tile[l] = mine;
  barrier(CLK_LOCAL_MEM_FENCE);
  e = async_work_group_copy(out + base, tile, n, 0);
  wait_group_events(1, &e);
  atomic_add(count, 1);
}

// A helper function (spir_func in SPIR-V), structs and private arrays.
typedef struct {
  int a;
  float b;
} Pair;
static float weigh(Pair p, const float *w) { return p.a * w[0] + p.b * w[1]; }
kernel void helpers(global const Pair *pairs, global float *out) {
  float w[2] = {2.0f, 0.5f};
  size_t i = get_global_id(0);
  out[i] = weigh(pairs[i], w);
}

// Specialization constants: SPIR-V-friendly IR's __spirv_SpecConstant(SpecId, default) becomes
// an OpSpecConstant decorated with that SpecId.
int __attribute__((overloadable)) __spirv_SpecConstant(int, int);
float __attribute__((overloadable)) __spirv_SpecConstant(int, float);
kernel void specialized(global int *out, global float *f) {
  out[0] = __spirv_SpecConstant(7, 42);
  f[0] = __spirv_SpecConstant(8, 1.5f);
}

// cl_khr_integer_dot_product and cl_khr_extended_bit_ops through the instructions of
// SPV_KHR_integer_dot_product and SPV_KHR_bit_instructions.
kernel void integerExtensions(global const uint *a, global int *r) {
  size_t i = get_global_id(0);
  uint x = a[2 * i], y = a[2 * i + 1];
  global int *o = r + 16 * i;
  o[0] = dot_acc_sat_4x8packed_su_int(x, y, (int)y);
  o[1] = dot(as_char4(x), as_uchar4(y));
  o[2] = (int)dot_4x8packed_uu_uint(x, y);
  o[3] = bitfield_extract_signed((int)x, y & 15u, 9u);
  o[4] = (int)bitfield_extract_unsigned(x, 3u, y % 30u); // offset + count <= 32
  o[5] = bitfield_insert((int)x, (int)y, 5u, 11u);
  o[6] = (int)bit_reverse(x);
  o[7] = bit_reverse((short2)((short)x, (short)y)).y;
  o[8] = (int)dot(as_uchar4(x), as_uchar4(y));
  o[9] = dot(as_char4(x), as_char4(y));
  o[10] = dot_acc_sat(as_uchar4(x), as_char4(y), (int)x);
  o[11] = dot_acc_sat(as_char4(x), as_char4(y), (int)y);
  o[12] = (int)dot_acc_sat(as_uchar4(x), as_uchar4(y), y);
  o[13] = dot(as_uchar4(x), as_char4(y));
}
