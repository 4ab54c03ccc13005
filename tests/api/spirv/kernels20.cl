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

// cl_khr_expect_assume (OpExpectKHR, OpAssumeTrueKHR) and cl_khr_spirv_no_integer_wrap_decoration
// (the NoSignedWrap and NoUnsignedWrap decorations on Clang's nsw and nuw arithmetic).
kernel void hints(global const int *in, global int *out) {
  size_t i = get_global_id(0);
  int v = __builtin_expect(in[i], 0);
  __builtin_assume(v >= 0); // the test's inputs are not negative
  out[i] = v % 4 + v * 3 - (v << 2);
}
