// The OpenCL C 1.x atomic functions (atomic_* and the cl_khr_*_int32_*_atomics atom_* names) for
// int and uint, and cl_khr_int64_*_atomics' atom_* for long and ulong, in global and local memory
// (c11_atomics.cl has OpenCL C 3.0's). A work-group runs on one thread, but work-groups run
// in parallel: every operation is a real atomic read-modify-write.
#include "defs.h"

#define ATOMICS(T, AS)                                                                             \
  OVL T atomic_add(volatile AS T *p, T v) { return __atomic_fetch_add(p, v, __ATOMIC_RELAXED); }   \
  OVL T atomic_sub(volatile AS T *p, T v) { return __atomic_fetch_sub(p, v, __ATOMIC_RELAXED); }   \
  OVL T atomic_xchg(volatile AS T *p, T v) { return __atomic_exchange_n(p, v, __ATOMIC_RELAXED); } \
  OVL T atomic_inc(volatile AS T *p) { return __atomic_fetch_add(p, (T)1, __ATOMIC_RELAXED); }     \
  OVL T atomic_dec(volatile AS T *p) { return __atomic_fetch_sub(p, (T)1, __ATOMIC_RELAXED); }     \
  OVL T atomic_and(volatile AS T *p, T v) { return __atomic_fetch_and(p, v, __ATOMIC_RELAXED); }   \
  OVL T atomic_or(volatile AS T *p, T v) { return __atomic_fetch_or(p, v, __ATOMIC_RELAXED); }     \
  OVL T atomic_xor(volatile AS T *p, T v) { return __atomic_fetch_xor(p, v, __ATOMIC_RELAXED); }   \
  OVL T atomic_min(volatile AS T *p, T v) { return __atomic_fetch_min(p, v, __ATOMIC_RELAXED); }   \
  OVL T atomic_max(volatile AS T *p, T v) { return __atomic_fetch_max(p, v, __ATOMIC_RELAXED); }   \
  OVL T atomic_cmpxchg(volatile AS T *p, T cmp, T v) {                                             \
    __atomic_compare_exchange_n(p, &cmp, v, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);            \
    return cmp;                                                                                    \
  }                                                                                                \
  OVL T atom_add(volatile AS T *p, T v) { return atomic_add(p, v); }                               \
  OVL T atom_sub(volatile AS T *p, T v) { return atomic_sub(p, v); }                               \
  OVL T atom_xchg(volatile AS T *p, T v) { return atomic_xchg(p, v); }                             \
  OVL T atom_inc(volatile AS T *p) { return atomic_inc(p); }                                       \
  OVL T atom_dec(volatile AS T *p) { return atomic_dec(p); }                                       \
  OVL T atom_and(volatile AS T *p, T v) { return atomic_and(p, v); }                               \
  OVL T atom_or(volatile AS T *p, T v) { return atomic_or(p, v); }                                 \
  OVL T atom_xor(volatile AS T *p, T v) { return atomic_xor(p, v); }                               \
  OVL T atom_min(volatile AS T *p, T v) { return atomic_min(p, v); }                               \
  OVL T atom_max(volatile AS T *p, T v) { return atomic_max(p, v); }                               \
  OVL T atom_cmpxchg(volatile AS T *p, T cmp, T v) { return atomic_cmpxchg(p, cmp, v); }

ATOMICS(int, __global)
ATOMICS(uint, __global)
ATOMICS(int, __local)
ATOMICS(uint, __local)
// cl_khr_int64_base_atomics and cl_khr_int64_extended_atomics: the atom_* names for long and
// ulong (the atomic_* names these also define are not declared to kernels for 64 bits).
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
ATOMICS(long, __global)
ATOMICS(ulong, __global)
ATOMICS(long, __local)
ATOMICS(ulong, __local)

// OpenCL C 1.1's atomic_xchg on float.
#define FLOAT_XCHG(AS)                                                                             \
  OVL float atomic_xchg(volatile AS float *p, float v) {                                           \
    return as_float(__atomic_exchange_n((volatile AS int *)p, as_int(v), __ATOMIC_RELAXED));       \
  }
FLOAT_XCHG(__global)
FLOAT_XCHG(__local)
