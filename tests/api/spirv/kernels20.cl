// OpenCL C 2.0 kernels that tests/api/CMakeLists.txt compiles to SPIR-V at build time, for
// SpirvTest.cpp: cl_ext_float_atomics through SPV_EXT_shader_atomic_float_add and _min_max.
kernel void floatAtomics(global atomic_float *f, global atomic_double *d, global float *fold,
                         global const float *values) {
  size_t i = get_global_id(0);
  fold[i] = atomic_fetch_add(&f[0], 0.5f);
  atomic_fetch_min_explicit(&f[1], values[i], memory_order_relaxed, memory_scope_device);
  atomic_fetch_max(&f[2], values[i]);
  atomic_fetch_sub(&d[0], 0.25);
  atomic_fetch_min(&d[1], (double)values[i]);
  atomic_fetch_max_explicit(&d[2], (double)values[i], memory_order_acq_rel, memory_scope_device);
}

// atomic_exchange of atomic_float and atomic_double: each work-item puts its id in and keeps what
// it took out.
kernel void floatExchanges(global atomic_float *f, global atomic_double *d, global float *fOld,
                           global double *dOld) {
  size_t i = get_global_id(0);
  fOld[i] = atomic_exchange(f, (float)i);
  dOld[i] = atomic_exchange_explicit(d, (double)i, memory_order_acq_rel, memory_scope_device);
}

// cl_khr_expect_assume (OpExpectKHR, OpAssumeTrueKHR) and cl_khr_spirv_no_integer_wrap_decoration
// (the NoSignedWrap and NoUnsignedWrap decorations on Clang's nsw and nuw arithmetic).
kernel void hints(global const int *in, global int *out) {
  size_t i = get_global_id(0);
  int v = __builtin_expect(in[i], 0);
  __builtin_assume(v >= 0); // the test's inputs are not negative
  out[i] = v % 4 + v * 3 - (v << 2);
}

// OpenCL C 2.0's atomics through generic pointers (Clang passes every atomic_* call one), which
// Weft's SPIR-V reader turns back into OpenCL C 2.0's atomic_*_explicit with their order and
// scope (compiler/Spirv.cpp).
kernel void genericAtomics(global atomic_int *ints, global atomic_long *longs, local atomic_int *shared,
                           global int *perGroup) {
  size_t i = get_global_id(0);
  if (get_local_id(0) == 0)
    atomic_store(&shared[0], 0);
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_fetch_add(&ints[0], 2);
  atomic_fetch_sub(&ints[1], 1);
  atomic_fetch_min(&ints[2], (int)i);
  atomic_fetch_max(&ints[3], (int)i);
  atomic_fetch_or(&ints[4], 1 << (i % 31));
  atomic_fetch_and(&ints[5], ~(1 << (i % 31)));
  atomic_fetch_xor(&ints[6], (int)i);
  atomic_exchange(&ints[7], 7);
  int expected = 0;
  atomic_compare_exchange_strong(&ints[8], &expected, (int)i + 1);
  atomic_fetch_add(&longs[0], (long)i << 32);
  atomic_fetch_max(&longs[1], (long)i << 32);
  atomic_fetch_or(&longs[2], 1L << (i % 63));
  atomic_fetch_add(&shared[0], 1);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0)
    perGroup[get_group_id(0)] = atomic_load(&shared[0]);
}

// What cl_khr_spirv_queries reports SPIR-V programs may use beyond the kernels above: work-group
// collectives (Groups), generic pointers and their casts (GenericPointer), half loads and stores
// (Float16Buffer).
int twice(int *p) { return 2 * *p; }
kernel void groupsGenericHalves(global const int *in, global int *out, global const half *halves,
                                global float *floats, global half *halvesOut) {
  size_t i = get_global_id(0);
  local int l[64];
  l[get_local_id(0)] = in[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  int *mine = &l[get_local_id(0)];
  global const int *back = to_global((const int *)&in[i]);
  out[4 * i] = work_group_reduce_add(in[i]);
  out[4 * i + 1] = work_group_scan_inclusive_max(in[i]) + work_group_broadcast(in[i], 3) +
                   work_group_all(in[i] > 0);
  out[4 * i + 2] = twice(mine) + (back == &in[i]) + (get_fence(mine) == CLK_LOCAL_MEM_FENCE);
  out[4 * i + 3] = to_local(mine) != 0;
  floats[i] = vload_half(i, halves);
  vstore_half(floats[i] * 2.0f, i, halvesOut);
}

// Half arithmetic and half built-ins (Float16): products, a root, an exact fma, a conversion in a
// directed mode and a comparison.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
kernel void halfArithmetic(global const half *a, global half *out) {
  size_t i = get_global_id(0);
  half x = a[i];
  out[4 * i] = x * x + (half)1;
  out[4 * i + 1] = sqrt(x);
  out[4 * i + 2] = convert_half_rtz((float)x / 3.0f);
  out[4 * i + 3] = isgreater(x, (half)2) ? fma(x, (half)3, (half)-1) : (half)0;
}

// Sub-group functions, which the translator writes as OpGroup* (Groups) and OpGroupNonUniform*
// instructions (GroupNonUniform, _Vote, _Ballot, _Arithmetic, _Shuffle, _ShuffleRelative,
// _Clustered) and reads back as OpenCL C's built-ins.
kernel void subGroups(global const int *in, global int *out) {
  size_t i = get_global_id(0);
  int x = in[i];
  global int *o = out + 16 * i;
  o[0] = get_sub_group_size() * 100 + get_sub_group_local_id();
  o[1] = sub_group_reduce_add(x);
  o[2] = sub_group_scan_exclusive_max(x);
  o[3] = sub_group_broadcast(x, 1u);
  o[4] = sub_group_any(x > 20);
  o[5] = sub_group_elect();
  o[6] = sub_group_non_uniform_all_equal(x);
  o[7] = sub_group_ballot(x > 10).x;
  o[8] = sub_group_ballot_bit_count(sub_group_ballot(x > 10));
  o[9] = sub_group_non_uniform_reduce_mul(x % 2 + 1);
  o[10] = sub_group_non_uniform_scan_inclusive_xor(x);
  o[11] = sub_group_shuffle(x, 2u);
  o[12] = sub_group_shuffle_xor(x, 3u);
  o[13] = sub_group_shuffle_down(x, 1u);
  o[14] = sub_group_clustered_reduce_min(x, 4u);
  o[15] = 0;
  if (get_sub_group_local_id() % 3 == 0)
    o[15] = sub_group_non_uniform_reduce_add(x);
}
