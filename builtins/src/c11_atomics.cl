// The OpenCL C 3.0 atomic functions (§6.15.12): atomic_init, atomic_store, atomic_load,
// atomic_exchange, atomic_compare_exchange_strong/weak, atomic_fetch_<key>, atomic_flag_* and
// atomic_work_item_fence, each with its _explicit forms, on objects in global and local memory
// and through generic pointers; and cl_ext_float_atomics' load, store, exchange, add, sub, min and
// max on half, float and double.
// Clang's __opencl_atomic_* builtins give each the order and scope it is called with (x86 is
// stronger than every scope but "single thread", so all scopes are real atomics). Without an
// order the spec's default is memory_order_seq_cst; without a scope, memory_scope_device.
#include "defs.h"

#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable

#define SEQ_CST memory_order_seq_cst
#define DEVICE memory_scope_device

// The operations every atomic type A (of values C) has, for objects in address space AS.
#define STORE_LOAD_EXCHANGE(A, C, AS)                                                              \
  OVL void atomic_init(volatile AS A *object, C value) { __opencl_atomic_init(object, value); }   \
  OVL void atomic_store(volatile AS A *object, C desired) {                                        \
    __opencl_atomic_store(object, desired, SEQ_CST, DEVICE);                                       \
  }                                                                                                \
  OVL void atomic_store_explicit(volatile AS A *object, C desired, memory_order order) {           \
    __opencl_atomic_store(object, desired, order, DEVICE);                                         \
  }                                                                                                \
  OVL void atomic_store_explicit(volatile AS A *object, C desired, memory_order order,             \
                                 memory_scope scope) {                                             \
    __opencl_atomic_store(object, desired, order, scope);                                          \
  }                                                                                                \
  OVL C atomic_load(volatile AS A *object) { return __opencl_atomic_load(object, SEQ_CST, DEVICE); } \
  OVL C atomic_load_explicit(volatile AS A *object, memory_order order) {                          \
    return __opencl_atomic_load(object, order, DEVICE);                                            \
  }                                                                                                \
  OVL C atomic_load_explicit(volatile AS A *object, memory_order order, memory_scope scope) {      \
    return __opencl_atomic_load(object, order, scope);                                             \
  }                                                                                                \
  OVL C atomic_exchange(volatile AS A *object, C desired) {                                        \
    return __opencl_atomic_exchange(object, desired, SEQ_CST, DEVICE);                             \
  }                                                                                                \
  OVL C atomic_exchange_explicit(volatile AS A *object, C desired, memory_order order) {           \
    return __opencl_atomic_exchange(object, desired, order, DEVICE);                               \
  }                                                                                                \
  OVL C atomic_exchange_explicit(volatile AS A *object, C desired, memory_order order,             \
                                 memory_scope scope) {                                             \
    return __opencl_atomic_exchange(object, desired, order, scope);                                \
  }                                                                                                \
  COMPARE_EXCHANGE(A, C, AS, global, strong) COMPARE_EXCHANGE(A, C, AS, local, strong)             \
  COMPARE_EXCHANGE(A, C, AS, private, strong) COMPARE_EXCHANGE(A, C, AS, generic, strong)          \
  COMPARE_EXCHANGE(A, C, AS, global, weak) COMPARE_EXCHANGE(A, C, AS, local, weak)                 \
  COMPARE_EXCHANGE(A, C, AS, private, weak) COMPARE_EXCHANGE(A, C, AS, generic, weak)
// compare_exchange with `expected` in address space EAS. The weak form may fail spuriously; this
// one does not (it is the strong form).
#define COMPARE_EXCHANGE(A, C, AS, EAS, KIND)                                                      \
  OVL bool atomic_compare_exchange_##KIND##_explicit(volatile AS A *object, EAS C *expected,       \
                                                     C desired, memory_order success,              \
                                                     memory_order failure, memory_scope scope) {   \
    C e = *expected;                                                                               \
    bool done = __opencl_atomic_compare_exchange_strong(object, &e, desired, success, failure,     \
                                                        scope);                                    \
    *expected = e;                                                                                 \
    return done;                                                                                   \
  }                                                                                                \
  OVL bool atomic_compare_exchange_##KIND##_explicit(volatile AS A *object, EAS C *expected,       \
                                                     C desired, memory_order success,              \
                                                     memory_order failure) {                       \
    return atomic_compare_exchange_##KIND##_explicit(object, expected, desired, success, failure,  \
                                                     DEVICE);                                      \
  }                                                                                                \
  OVL bool atomic_compare_exchange_##KIND(volatile AS A *object, EAS C *expected, C desired) {     \
    return atomic_compare_exchange_##KIND##_explicit(object, expected, desired, SEQ_CST, SEQ_CST,  \
                                                     DEVICE);                                      \
  }
// The read-modify-write operations of the integer types.
#define FETCH(A, C, AS, KEY)                                                                       \
  OVL C atomic_fetch_##KEY(volatile AS A *object, C operand) {                                     \
    return __opencl_atomic_fetch_##KEY(object, operand, SEQ_CST, DEVICE);                          \
  }                                                                                                \
  OVL C atomic_fetch_##KEY##_explicit(volatile AS A *object, C operand, memory_order order) {      \
    return __opencl_atomic_fetch_##KEY(object, operand, order, DEVICE);                            \
  }                                                                                                \
  OVL C atomic_fetch_##KEY##_explicit(volatile AS A *object, C operand, memory_order order,        \
                                      memory_scope scope) {                                        \
    return __opencl_atomic_fetch_##KEY(object, operand, order, scope);                             \
  }
#define INTEGER_ATOMICS(A, C, AS)                                                                  \
  STORE_LOAD_EXCHANGE(A, C, AS)                                                                    \
  FETCH(A, C, AS, add) FETCH(A, C, AS, sub) FETCH(A, C, AS, or) FETCH(A, C, AS, xor)               \
  FETCH(A, C, AS, and) FETCH(A, C, AS, min) FETCH(A, C, AS, max)
#define IN_GLOBAL_AND_LOCAL(M, A, C) M(A, C, global) M(A, C, local) M(A, C, generic)
IN_GLOBAL_AND_LOCAL(INTEGER_ATOMICS, atomic_int, int)
IN_GLOBAL_AND_LOCAL(INTEGER_ATOMICS, atomic_uint, uint)
IN_GLOBAL_AND_LOCAL(INTEGER_ATOMICS, atomic_long, long)
IN_GLOBAL_AND_LOCAL(INTEGER_ATOMICS, atomic_ulong, ulong)
// atomic_uintptr_t (atomic_ulong) moves by a ptrdiff_t.
#define POINTER_FETCH(A, C, AS, KEY)                                                               \
  OVL C atomic_fetch_##KEY(volatile AS A *object, ptrdiff_t operand) {                             \
    return atomic_fetch_##KEY(object, (C)operand);                                                 \
  }                                                                                                \
  OVL C atomic_fetch_##KEY##_explicit(volatile AS A *object, ptrdiff_t operand,                    \
                                      memory_order order) {                                        \
    return atomic_fetch_##KEY##_explicit(object, (C)operand, order);                               \
  }                                                                                                \
  OVL C atomic_fetch_##KEY##_explicit(volatile AS A *object, ptrdiff_t operand,                    \
                                      memory_order order, memory_scope scope) {                    \
    return atomic_fetch_##KEY##_explicit(object, (C)operand, order, scope);                        \
  }
#define POINTER_ARITHMETIC(A, C, AS) POINTER_FETCH(A, C, AS, add) POINTER_FETCH(A, C, AS, sub)
IN_GLOBAL_AND_LOCAL(POINTER_ARITHMETIC, atomic_uintptr_t, uintptr_t)
IN_GLOBAL_AND_LOCAL(STORE_LOAD_EXCHANGE, atomic_float, float)
IN_GLOBAL_AND_LOCAL(STORE_LOAD_EXCHANGE, atomic_double, double)
IN_GLOBAL_AND_LOCAL(STORE_LOAD_EXCHANGE, atomic_half, half)
// Clang 15's built-in declarations (-fdeclare-opencl-builtins) give atomic_store and
// atomic_store_explicit on atomic_half a value parameter of type atomic_half (kernels call
// _Z12atomic_storePU3AS1VU7_AtomicDhS_): these forms take it so and store its value.
#define HALF_STORE_AS_DECLARED(A, C, AS)                                                           \
  OVL void atomic_store_explicit(volatile AS A *object, A desired, memory_order order,             \
                                 memory_scope scope) {                                             \
    __opencl_atomic_store(object, *(private C *)&desired, order, scope);                           \
  }                                                                                                \
  OVL void atomic_store_explicit(volatile AS A *object, A desired, memory_order order) {           \
    __opencl_atomic_store(object, *(private C *)&desired, order, DEVICE);                          \
  }                                                                                                \
  OVL void atomic_store(volatile AS A *object, A desired) {                                        \
    __opencl_atomic_store(object, *(private C *)&desired, SEQ_CST, DEVICE);                        \
  }
IN_GLOBAL_AND_LOCAL(HALF_STORE_AS_DECLARED, atomic_half, half)

// cl_ext_float_atomics: atomic_fetch_add, _sub, _min and _max on atomic_half, atomic_float and
// atomic_double.
// add and sub are LLVM's atomicrmw fadd and fsub (a compare-exchange loop on x86). Clang 15 has no
// floating-point __opencl_atomic_fetch_min or _max, so they are a compare-exchange loop here, with
// the extension's rule: min(x, y) is x if x < y and y otherwise, and a quiet NaN loses to a
// number (max the same with >). The exchange compares bits, so a NaN in memory is replaced too.
#define FLOAT_MIN_MAX(A, C, AS, KEY, CMP)                                                          \
  OVL C atomic_fetch_##KEY##_explicit(volatile AS A *object, C operand, memory_order order,        \
                                      memory_scope scope) {                                        \
    C old = __opencl_atomic_load(object, memory_order_relaxed, scope);                             \
    while (!__opencl_atomic_compare_exchange_weak(object, &old,                                    \
                                                  operand CMP old || old != old ? operand : old,   \
                                                  order, memory_order_relaxed, scope))             \
      ;                                                                                            \
    return old;                                                                                    \
  }                                                                                                \
  OVL C atomic_fetch_##KEY##_explicit(volatile AS A *object, C operand, memory_order order) {      \
    return atomic_fetch_##KEY##_explicit(object, operand, order, DEVICE);                          \
  }                                                                                                \
  OVL C atomic_fetch_##KEY(volatile AS A *object, C operand) {                                     \
    return atomic_fetch_##KEY##_explicit(object, operand, SEQ_CST, DEVICE);                        \
  }
#define FLOAT_ATOMICS(A, C, AS)                                                                    \
  FETCH(A, C, AS, add) FETCH(A, C, AS, sub) FLOAT_MIN_MAX(A, C, AS, min, <)                        \
  FLOAT_MIN_MAX(A, C, AS, max, >)
IN_GLOBAL_AND_LOCAL(FLOAT_ATOMICS, atomic_float, float)
IN_GLOBAL_AND_LOCAL(FLOAT_ATOMICS, atomic_double, double)
IN_GLOBAL_AND_LOCAL(FLOAT_ATOMICS, atomic_half, half)
// atomic_flag: an atomic_int that is 0 (clear) or 1 (set).
#define FLAG(AS)                                                                                   \
  OVL bool atomic_flag_test_and_set_explicit(volatile AS atomic_flag *object, memory_order order,  \
                                             memory_scope scope) {                                 \
    return __opencl_atomic_exchange(object, 1, order, scope) != 0;                                 \
  }                                                                                                \
  OVL bool atomic_flag_test_and_set_explicit(volatile AS atomic_flag *object, memory_order order) { \
    return atomic_flag_test_and_set_explicit(object, order, DEVICE);                               \
  }                                                                                                \
  OVL bool atomic_flag_test_and_set(volatile AS atomic_flag *object) {                             \
    return atomic_flag_test_and_set_explicit(object, SEQ_CST, DEVICE);                             \
  }                                                                                                \
  OVL void atomic_flag_clear_explicit(volatile AS atomic_flag *object, memory_order order,         \
                                      memory_scope scope) {                                        \
    __opencl_atomic_store(object, 0, order, scope);                                                \
  }                                                                                                \
  OVL void atomic_flag_clear_explicit(volatile AS atomic_flag *object, memory_order order) {       \
    atomic_flag_clear_explicit(object, order, DEVICE);                                             \
  }                                                                                                \
  OVL void atomic_flag_clear(volatile AS atomic_flag *object) {                                    \
    atomic_flag_clear_explicit(object, SEQ_CST, DEVICE);                                           \
  }
FLAG(global)
FLAG(local)
FLAG(generic)

// A fence of the given order (none for relaxed; the scope changes nothing on x86).
OVL void atomic_work_item_fence(cl_mem_fence_flags flags, memory_order order, memory_scope scope) {
  if (order != memory_order_relaxed)
    __atomic_thread_fence(order);
}
