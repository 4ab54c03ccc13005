// Work-group collective functions (OpenCL C 3.0 §6.15.16, __opencl_c_work_group_collective_functions):
// work_group_all/any, broadcast, reduce and inclusive/exclusive scans.
//
// A work-group runs on one thread, and between two barriers its work-items run one after another
// in order of local linear id (weft-kernel-entry's loops). So a reduction or scan is a running
// value in one __local slot: work-item 0 starts it, each later one folds its value in, in order,
// and what a work-item finds there before folding is its exclusive prefix. The folds are atomic
// operations although nothing runs concurrently: with plain loads and stores, a scan after a
// reduction came out wrong in work-groups of 8 x 4 (between barriers the compiler may take any
// load of __local memory at a uniform address as uniform, since another work-item writing there
// would be a data race), and atomics also keep the work-item loop from being vectorized, which
// would break the order; weft-local-atomics makes them plain loads and stores once the
// work-item loops are final (compiler/passes/LocalAtomics.cpp). The barriers make the collective a
// synchronization point, as the spec's rules allow (every work-item must reach it): after the
// last fold before anyone reads a reduction, and after everyone read before the slot serves the
// next collective.
#include "defs.h"

#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

// Lowered by the compiler.
size_t __attribute__((overloadable, const)) get_local_linear_id(void);
size_t __attribute__((overloadable, const)) get_local_size(uint dimension);
void __attribute__((overloadable)) barrier(cl_mem_fence_flags flags);
// collective_slot.ll: the work-group's 8-byte __local slot.
local void *__weft_collective_slot(void);

#define ADD(a, b) ((a) + (b))
#define MIN(a, b) ((b) < (a) ? (b) : (a))
#define MAX(a, b) ((b) > (a) ? (b) : (a))
#define RELAXED __ATOMIC_RELAXED

// fold_<NAME>(running, x): folds x into the running value (work-item 0 starts it) and returns what
// was there before. Integers fold with one atomic operation; floating types by an atomic load and
// an atomic store of their bits (U: the unsigned integer of their size): nothing runs between the
// two, the work-items being one thread's loop.
#define INTEGER_FOLD(T, NAME, FETCH)                                                               \
  OVL static T fold_##NAME(local T *running, T x) {                                                \
    return get_local_linear_id() == 0 ? __atomic_exchange_n(running, x, RELAXED)                   \
                                      : FETCH(running, x, RELAXED);                                \
  }
#define REAL_FOLD(T, U, NAME, OP)                                                                  \
  OVL static T fold_##NAME(local T *running, T x) {                                                \
    local U *bits = (local U *)running;                                                            \
    if (get_local_linear_id() == 0)                                                                \
      return as_##T(__atomic_exchange_n(bits, as_##U(x), RELAXED));                                \
    T old = as_##T(__atomic_load_n(bits, RELAXED));                                                \
    __atomic_store_n(bits, as_##U(OP(old, x)), RELAXED);                                           \
    return old;                                                                                    \
  }
// T: the type; OP: how two values combine; IDENTITY: what an exclusive scan gives work-item 0.
#define COLLECTIVE(T, NAME, OP, IDENTITY)                                                          \
  OVL T work_group_reduce_##NAME(T x) {                                                            \
    local T *running = (local T *)__weft_collective_slot();                                        \
    fold_##NAME(running, x);                                                                       \
    barrier(CLK_LOCAL_MEM_FENCE);                                                                  \
    T result = *running;                                                                           \
    barrier(CLK_LOCAL_MEM_FENCE);                                                                  \
    return result;                                                                                 \
  }                                                                                                \
  OVL T work_group_scan_inclusive_##NAME(T x) {                                                    \
    T before = fold_##NAME((local T *)__weft_collective_slot(), x);                                \
    T result = get_local_linear_id() == 0 ? x : OP(before, x);                                     \
    barrier(CLK_LOCAL_MEM_FENCE);                                                                  \
    return result;                                                                                 \
  }                                                                                                \
  OVL T work_group_scan_exclusive_##NAME(T x) {                                                    \
    T before = fold_##NAME((local T *)__weft_collective_slot(), x);                                \
    T result = get_local_linear_id() == 0 ? (T)(IDENTITY) : before;                                \
    barrier(CLK_LOCAL_MEM_FENCE);                                                                  \
    return result;                                                                                 \
  }
#define BROADCAST(T)                                                                               \
  OVL T work_group_broadcast(T x, size_t local_id) {                                               \
    local T *slot = (local T *)__weft_collective_slot();                                           \
    if (get_local_linear_id() == local_id)                                                         \
      *slot = x;                                                                                   \
    barrier(CLK_LOCAL_MEM_FENCE);                                                                  \
    T result = *slot;                                                                              \
    barrier(CLK_LOCAL_MEM_FENCE);                                                                  \
    return result;                                                                                 \
  }                                                                                                \
  OVL T work_group_broadcast(T x, size_t lx, size_t ly) {                                          \
    return work_group_broadcast(x, lx + ly * get_local_size(0));                                   \
  }                                                                                                \
  OVL T work_group_broadcast(T x, size_t lx, size_t ly, size_t lz) {                               \
    return work_group_broadcast(x, lx + (ly + lz * get_local_size(1)) * get_local_size(0));        \
  }
#define INTEGER_COLLECTIVES(T, LOWEST, HIGHEST)                                                    \
  INTEGER_FOLD(T, add, __atomic_fetch_add) INTEGER_FOLD(T, min, __atomic_fetch_min)                \
  INTEGER_FOLD(T, max, __atomic_fetch_max)                                                         \
  COLLECTIVE(T, add, ADD, 0) COLLECTIVE(T, min, MIN, HIGHEST) COLLECTIVE(T, max, MAX, LOWEST)      \
  BROADCAST(T)
#define REAL_COLLECTIVES(T, U)                                                                     \
  REAL_FOLD(T, U, add, ADD) REAL_FOLD(T, U, min, MIN) REAL_FOLD(T, U, max, MAX)                    \
  COLLECTIVE(T, add, ADD, 0) COLLECTIVE(T, min, MIN, INFINITY) COLLECTIVE(T, max, MAX, -INFINITY)  \
  BROADCAST(T)
INTEGER_COLLECTIVES(int, INT_MIN, INT_MAX)
INTEGER_COLLECTIVES(uint, 0, UINT_MAX)
INTEGER_COLLECTIVES(long, LONG_MIN, LONG_MAX)
INTEGER_COLLECTIVES(ulong, 0, ULONG_MAX)
REAL_COLLECTIVES(float, uint)
REAL_COLLECTIVES(double, ulong)
REAL_COLLECTIVES(half, ushort)

// all and any: whether the predicate holds in every (some) work-item.
#define PREDICATE(NAME, FETCH)                                                                     \
  OVL int work_group_##NAME(int predicate) {                                                       \
    local int *running = (local int *)__weft_collective_slot();                                    \
    if (get_local_linear_id() == 0)                                                                \
      __atomic_store_n(running, predicate != 0, RELAXED);                                          \
    else                                                                                           \
      FETCH(running, predicate != 0, RELAXED);                                                     \
    barrier(CLK_LOCAL_MEM_FENCE);                                                                  \
    int result = *running;                                                                         \
    barrier(CLK_LOCAL_MEM_FENCE);                                                                  \
    return result;                                                                                 \
  }
PREDICATE(all, __atomic_fetch_and)
PREDICATE(any, __atomic_fetch_or)
