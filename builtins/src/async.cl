// Async copies between global and local memory, wait_group_events and prefetch (OpenCL C 3.0
// §6.15.13), and cl_khr_extended_async_copies' 2D2D and 3D3D copies.
//
// Every copy is one shape for the device's copy engine: Planes x Lines lines of LineElements
// elements of ElementBytes bytes, with line and plane pitches in bytes on each side. A contiguous
// copy is one line; a strided one is Lines lines of one element each.
//
// The copies, the wait and the fence are work-group collectives: all work-items reach them with
// the same arguments (the spec makes that a rule), and each must run exactly once per
// work-group. Work-item 0 makes the call into the device's runtime, with its own arguments; the
// others skip it. No barrier is needed, because a work-group runs on one thread and work-item 0
// runs every stretch of code between two barriers first (weft-kernel-entry's loops count up from
// local id 0): when another work-item reaches a copy, work-item 0 has issued it, and when one
// passes a wait, work-item 0 has waited. The spec asks for no more: a copy makes no "implicit
// synchronization of source data such as using a barrier before performing the copy", so a kernel
// that writes a copy's source or reads its destination from other work-items puts its own
// barrier there (on a GPU too).
//
// Events need no broadcast either: every work-item counts the copies it issues (one counter per
// work-item in the work-group context, zero at the group's start), and the count names a new
// copy's event; all work-items issue the same copies in the same order, so they compute the same
// names. A copy chained to a non-zero event returns that event (the spec's words).
#include "defs.h"

// The device's runtime, reached through the work-group context (contracts/WorkGroupAbi.h,
// WEFT_KERNEL_RUNTIME; weft-work-items rewrites these calls).
void __weft_rt_async_copy(size_t dst, size_t src, size_t element_bytes, size_t line_elements,
                          size_t lines, size_t planes, size_t src_line_pitch, size_t src_plane_pitch,
                          size_t dst_line_pitch, size_t dst_plane_pitch, event_t event, ulong place);
void __weft_rt_wait_group_events(int num_events, const __generic event_t *event_list, ulong place);
void __weft_rt_async_copy_fence(cl_mem_fence_flags flags);
void __weft_rt_wait_group_event(event_t event, ulong place);
// Lowered by weft-work-items: WorkGroupContext::CopyNames, and event when it is not zero, else the
// event_t whose value is name (OpenCL C cannot test an event_t or make one from an integer).
__global uint *__weft_copy_names(void);
event_t __weft_event_or_name(event_t event, size_t name);

// Lowered by the compiler (weft-work-items).
size_t __attribute__((overloadable, const)) get_local_id(uint dimension);
size_t __attribute__((overloadable, const)) get_local_linear_id(void);

// Lowered by weft-work-items: whether every local id is 0 (tagged so that weft-barriers knows the
// blocks it guards change no value).
bool __attribute__((const)) __weft_first_work_item(void);

static bool firstWorkItem(void) { return __weft_first_work_item(); }

// Copy checks (-weft-check=copies): every work-item folds the arguments of each copy and wait it
// makes (not the events, which OpenCL C cannot read) into its entry of the copy state, and keeps
// where its first one since the last barrier is; weft-kernel-entry compares the entries with
// work-item 0's after each stretch between barriers (contracts/WorkGroupAbi.h, CheckSite). The
// state: N hashes by local linear id, then N places, for the N work-items of an enqueued group. Lowered: __weft_check_copies() to whether the program checks
// copies (weft-normalize, first, so that the rest folds away otherwise), __weft_check_here() to
// the call's line << 32 | column (weft-check-bounds, from the line tables; a plain call, so that
// no two merge), __weft_check_copy_state() to the state (weft-work-items).
int __attribute__((const)) __weft_check_copies(void);
// Lowered by weft-kernel-entry: false where its operands are the same in every work-item (its
// uniformity analysis: most copies'), which leaves nothing to check there.
bool __attribute__((const)) __weft_check_differs(ulong kind, ulong a, ulong b, ulong c, ulong d, ulong e,
                                                 ulong f, ulong g, ulong h, ulong i, ulong j);
ulong __weft_check_here(void);
__global ulong *__attribute__((const)) __weft_check_copy_state(void);
size_t __attribute__((overloadable, const)) get_enqueued_local_size(uint dimension);

static __attribute__((always_inline)) ulong fold(ulong hash, ulong value) {
  return (hash ^ value) * 0x100000001b3ul + 0x9e3779b97f4a7c15ul;
}
static __attribute__((always_inline)) void checkCopy(ulong kind, ulong a, ulong b, ulong c, ulong d,
                                                     ulong e, ulong f, ulong g, ulong h, ulong i,
                                                     ulong j) {
  if (!__weft_check_copies() || !__weft_check_differs(kind, a, b, c, d, e, f, g, h, i, j))
    return;
  __global ulong *state = __weft_check_copy_state();
  size_t items = get_enqueued_local_size(0) * get_enqueued_local_size(1) * get_enqueued_local_size(2);
  size_t id = get_local_linear_id();
  ulong hash = state[id];
  if (!hash)
    state[items + id] = __weft_check_here();
  hash = fold(fold(fold(fold(fold(hash, kind), a), b), c), d);
  hash = fold(fold(fold(fold(hash, e), f), g), h);
  state[id] = fold(fold(hash, i), j);
}

// Copy checks: where a copy or wait is, for the engine's reports (copies never waited for, waits
// for events no copy has, copies that overlap in local memory); the top bit says the program
// checks copies, where the line is unknown too. 0 in other programs.
static __attribute__((always_inline)) ulong checkPlace(void) {
  return __weft_check_copies() ? __weft_check_here() | 0x8000000000000000ul : 0;
}
// A new copy's event: event if it is not zero, else the next name (see above).
static __attribute__((always_inline)) event_t nameCopy(event_t event) {
  return __weft_event_or_name(event, ++__weft_copy_names()[get_local_linear_id()]);
}

static __attribute__((always_inline)) event_t
copyShape(size_t dst, size_t src, size_t element_bytes, size_t line_elements, size_t lines,
          size_t planes, size_t src_line_pitch, size_t src_plane_pitch, size_t dst_line_pitch,
          size_t dst_plane_pitch, event_t event) {
  checkCopy(1, dst, src, element_bytes, line_elements, lines, planes, src_line_pitch,
            src_plane_pitch, dst_line_pitch, dst_plane_pitch);
  event = nameCopy(event);
  ulong place = checkPlace();
  if (firstWorkItem())
    __weft_rt_async_copy(dst, src, element_bytes, line_elements, lines, planes, src_line_pitch,
                         src_plane_pitch, dst_line_pitch, dst_plane_pitch, event, place);
  return event;
}

// A single event (the common case, a constant after inlining) is read and passed by value: the
// kernel's event variable is then only loaded from, so it becomes an SSA value instead of private
// memory that crosses every barrier in a slot per work-item.
OVL void wait_group_events(int num_events, __generic event_t *event_list) {
  checkCopy(2, (ulong)num_events, 0, 0, 0, 0, 0, 0, 0, 0, 0);
  ulong place = checkPlace();
  if (num_events == 1) {
    event_t event = event_list[0];
    if (firstWorkItem())
      __weft_rt_wait_group_event(event, place);
  } else if (firstWorkItem()) {
    __weft_rt_wait_group_events(num_events, event_list, place);
  }
}

// The form SPIR-V modules call (OpGroupWaitEvents on a Function-storage pointer, which the
// translator names with OpenCL C 1.2's private pointer).
OVL void wait_group_events(int num_events, __private event_t *event_list) {
  wait_group_events(num_events, (__generic event_t *)event_list);
}

// cl_khr_async_work_group_copy_fence 1.0.0 (declared to kernels by compiler/Frontend.cpp).
OVL void async_work_group_copy_fence(cl_mem_fence_flags flags) {
  if (firstWorkItem())
    __weft_rt_async_copy_fence(flags);
}

// Copies of at most this many bytes run in the kernel, as a loop of work-item 0: a call into the
// copy engine and its event record cost more than copying a few cache lines. Below the engine's
// smallest hand-off to helpers (AsyncCopyPolicy::OverlapMinBytes, 8 KiB), so no copy that could
// overlap is kept from it. A copy done at once is complete for every wait: the engine ignores
// the events of copies it never saw, and its fence completes its own copies before any later one
// runs here. docs/performance.md, "Small async copies in the kernel", has the figures.
#define INLINE_COPY_MAX_BYTES 4096

// Elements step (2 to 4) apart, gathered into consecutive ones by __weft_gather_planes_<U>_<step>,
// which takes a destination per plane: plane P of the source is its elements P, P + step, ...,
// and a destination that is null is not written. 16 elements of each plane at a time, the step
// vectors of 16 holding them loaded whole and shuffled, where every element a block loads lies
// before the copy's last one (no load past the source); the rest one by one. One copy writes
// plane 0 of its own source. weft-plan-copy-chains gives a chain of step such copies, issued one
// after another before any wait, whose sources are one array's planes (each starting an element
// after the last), to one call that loads each block once for all of them (the de-interleaving of
// float4s into x, y, z and w by four stride-4 copies), and then inlines every call; until it has
// run they stay calls (noinline; weft-normalize keeps them whole). Elements wider than 8 bytes
// are not gathered here.
#define SHUFFLE_2(P, a, b)                                                                         \
  __builtin_shufflevector(a, b, P, P + 2, P + 4, P + 6, P + 8, P + 10, P + 12, P + 14, P + 16,    \
                          P + 18, P + 20, P + 22, P + 24, P + 26, P + 28, P + 30)
// Plane P of three vectors: its elements in a and b (below 32: 11 of planes 0 and 1, 10 of plane
// 2), then c's, element E of c being 16 + E of the second shuffle's operands.
#define SHUFFLE_3(P, a, b, c)                                                                      \
  __builtin_shufflevector(                                                                         \
      __builtin_shufflevector(a, b, P, P + 3, P + 6, P + 9, P + 12, P + 15, P + 18, P + 21,        \
                              P + 24, P + 27, P < 2 ? P + 30 : -1, -1, -1, -1, -1, -1),            \
      c, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, P < 2 ? 10 : P + 14, P + 17, P + 20, P + 23, P + 26,        \
      P + 29)
#define SHUFFLE_4(P, a, b, c, d)                                                                   \
  __builtin_shufflevector(                                                                         \
      __builtin_shufflevector(a, b, P, P + 4, P + 8, P + 12, P + 16, P + 20, P + 24, P + 28),     \
      __builtin_shufflevector(c, d, P, P + 4, P + 8, P + 12, P + 16, P + 20, P + 24, P + 28), 0,  \
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
// How many of n elements go in whole blocks of 16: all blocks where the last plane is copied too
// (its last element is the source's last), else those whose loads end before the copy's last
// element.
static size_t wholeBlocks(size_t n, const __local void *last) {
  return last ? n & ~(size_t)15 : n > 16 ? (n - 1) & ~(size_t)15 : 0;
}
#define PLANE(P, STEP, ...)                                                                        \
  if (d##P)                                                                                        \
    *(__local V *)(d##P + i) = SHUFFLE_##STEP(P, __VA_ARGS__);
// The elements of the planes after the whole blocks, one by one.
#define PLANES_LEFT(U, STEP, ...)                                                                     \
  __local U *d[] = {__VA_ARGS__};                                                                  \
  for (size_t P = 0; P < STEP; ++P)                                                                \
    if (d[P])                                                                                      \
      for (size_t j = i; j < n; ++j)                                                               \
        d[P][j] = src[STEP * j + P];
#define GATHER_PLANES(U)                                                                           \
  typedef U U##x16 __attribute__((ext_vector_type(16), aligned(sizeof(U)))); /* unaligned */     \
  __attribute__((noinline)) void __weft_gather_planes_##U##_2(__local U *d0, __local U *d1,       \
                                                              const __global U *src, size_t n) {  \
    typedef U##x16 V;                                                                              \
    size_t i = 0;                                                                                  \
    for (const size_t whole = wholeBlocks(n, d1); i < whole; i += 16) {                           \
      const __global V *p = (const __global V *)(src + 2 * i);                                     \
      V a = p[0], b = p[1];                                                                        \
      PLANE(0, 2, a, b) PLANE(1, 2, a, b)                                                          \
    }                                                                                              \
    PLANES_LEFT(U, 2, d0, d1)                                                                         \
  }                                                                                                \
  __attribute__((noinline)) void __weft_gather_planes_##U##_3(                                    \
      __local U *d0, __local U *d1, __local U *d2, const __global U *src, size_t n) {              \
    typedef U##x16 V;                                                                              \
    size_t i = 0;                                                                                  \
    for (const size_t whole = wholeBlocks(n, d2); i < whole; i += 16) {                           \
      const __global V *p = (const __global V *)(src + 3 * i);                                     \
      V a = p[0], b = p[1], c = p[2];                                                              \
      PLANE(0, 3, a, b, c) PLANE(1, 3, a, b, c) PLANE(2, 3, a, b, c)                               \
    }                                                                                              \
    PLANES_LEFT(U, 3, d0, d1, d2)                                                                     \
  }                                                                                                \
  __attribute__((noinline)) void __weft_gather_planes_##U##_4(__local U *d0, __local U *d1,       \
                                                              __local U *d2, __local U *d3,       \
                                                              const __global U *src, size_t n) {  \
    typedef U##x16 V;                                                                              \
    size_t i = 0;                                                                                  \
    for (const size_t whole = wholeBlocks(n, d3); i < whole; i += 16) {                           \
      const __global V *p = (const __global V *)(src + 4 * i);                                     \
      V a = p[0], b = p[1], c = p[2], d = p[3];                                                    \
      PLANE(0, 4, a, b, c, d) PLANE(1, 4, a, b, c, d) PLANE(2, 4, a, b, c, d)                      \
      PLANE(3, 4, a, b, c, d)                                                                      \
    }                                                                                              \
    PLANES_LEFT(U, 4, d0, d1, d2, d3)                                                                 \
  }                                                                                                \
  /* The whole copy for steps 2 to 4 (returns n), none of it for others (returns 0). */           \
  static __attribute__((always_inline)) size_t gatherShort_##U(__local U *dst,                    \
                                                               const __global U *src, size_t n,  \
                                                               size_t step) {                      \
    switch (step) {                                                                                \
    case 2: __weft_gather_planes_##U##_2(dst, 0, src, n); return n;                                \
    case 3: __weft_gather_planes_##U##_3(dst, 0, 0, src, n); return n;                             \
    case 4: __weft_gather_planes_##U##_4(dst, 0, 0, 0, src, n); return n;                          \
    }                                                                                              \
    return 0;                                                                                      \
  }
#define GATHER_NONE(U)                                                                             \
  static __attribute__((always_inline)) size_t gatherShort_##U(__local U *dst,                    \
                                                               const __global U *src, size_t n,  \
                                                               size_t step) {                      \
    return 0;                                                                                      \
  }
GATHER_PLANES(uchar)
GATHER_PLANES(ushort)
GATHER_PLANES(uint)
GATHER_PLANES(ulong)
GATHER_NONE(ulong2)
GATHER_NONE(ulong4)
GATHER_NONE(ulong8)
GATHER_NONE(ulong16)

// n elements of bytes bytes (a power of two up to 128, the size of a gentype), element i from
// src + i * src_step elements to dst + i * dst_step, as integers of the element's size. Contiguous
// copies become vector loads and stores; strides of 64 bytes and more may become gathers or
// scatters, their loop unrolled by 4 (not whole: a kernel's loop of copies would then become one
// vectorized across copies, with scatters). Gathers into local memory with strides of 2 to 4 elements of at most 8 bytes are
// vector loads and shuffles (GATHER_PLANES); other short strides stay scalar: gathers and
// scatters within a few cache lines lost to plain loads and stores (docs/performance.md, "Small
// async copies in the kernel").
#define COPY_ELEMENTS_AS(U)                                                                        \
  if (dst_step == 1 && src_step == 1) {                                                            \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (size_t i = 0; i < n; ++i)                                                                 \
      ((DST_AS U *)dst)[i] = ((const SRC_AS U *)src)[i];                                           \
  } else if ((dst_step | src_step) * sizeof(U) >= 64) {                                            \
    _Pragma("clang loop unroll_count(4)")                                                          \
    for (size_t i = 0; i < n; ++i)                                                                 \
      ((DST_AS U *)dst)[i * dst_step] = ((const SRC_AS U *)src)[i * src_step];                     \
  } else {                                                                                         \
    size_t i = GATHER_SHORT_OR_0(U, dst, src, n, dst_step, src_step);                              \
    _Pragma("clang loop vectorize(disable)")                                                       \
    for (; i < n; ++i)                                                                             \
      ((DST_AS U *)dst)[i * dst_step] = ((const SRC_AS U *)src)[i * src_step];                     \
  }                                                                                                \
  break;
#define COPY_ELEMENTS(NAME)                                                                        \
  static __attribute__((always_inline)) void NAME(DST_AS void *dst, const SRC_AS void *src,       \
                                                  size_t bytes, size_t n, size_t dst_step,         \
                                                  size_t src_step) {                               \
    switch (bytes) {                                                                               \
    case 1: COPY_ELEMENTS_AS(uchar)                                                                \
    case 2: COPY_ELEMENTS_AS(ushort)                                                               \
    case 4: COPY_ELEMENTS_AS(uint)                                                                 \
    case 8: COPY_ELEMENTS_AS(ulong)                                                                \
    case 16: COPY_ELEMENTS_AS(ulong2)                                                              \
    case 32: COPY_ELEMENTS_AS(ulong4)                                                              \
    case 64: COPY_ELEMENTS_AS(ulong8)                                                              \
    default: COPY_ELEMENTS_AS(ulong16)                                                             \
    }                                                                                              \
  }
#define DST_AS __local
#define SRC_AS __global
#define GATHER_SHORT_OR_0(U, dst, src, n, dst_step, src_step)                                      \
  (dst_step == 1 && src_step <= 4 ? gatherShort_##U(dst, src, n, src_step) : 0)
COPY_ELEMENTS(copyElementsIn)
#undef GATHER_SHORT_OR_0
#undef DST_AS
#undef SRC_AS
#define DST_AS __global
#define SRC_AS __local
#define GATHER_SHORT_OR_0(U, dst, src, n, dst_step, src_step) 0
COPY_ELEMENTS(copyElementsOut)
#undef GATHER_SHORT_OR_0
#undef DST_AS
#undef SRC_AS

// A copy of n elements of T, each step elements apart on one side: in the kernel when small
// (through the engine in programs built with copy checks, whose events it keeps: it reports those
// a work-group never waited for).
// Its event is e, or, for a new one, the name of a copy already complete: the engine has no
// record of it, so a wait ignores it, and a copy chained to it gets a record under it. A name
// no counter reaches (the counters are 32 bits), and no counter moves: work-items other than 0
// then do nothing at all for a small copy.
#define COMPLETE_COPY_NAME ((size_t)-1)
#define SMALL_COPY(T, COPY, dst, src, n, dst_step, src_step, e)                                   \
  if (n <= INLINE_COPY_MAX_BYTES / sizeof(T) && !__weft_check_copies()) {                          \
    if (firstWorkItem())                                                                           \
      COPY(dst, src, sizeof(T), n, dst_step, src_step);                                            \
    return __weft_event_or_name(e, COMPLETE_COPY_NAME);                                            \
  }

// 3-component types take the size of 4 components (sizeof(T3) == sizeof(T4) in OpenCL C), which is
// what the spec asks of async copies: they "behave as ... for 4-component vector types".
#define ASYNC_COPY(T)                                                                              \
  OVL event_t async_work_group_copy(__local T *dst, const __global T *src, size_t n, event_t e) { \
    SMALL_COPY(T, copyElementsIn, dst, src, n, 1, 1, e)                                           \
    return copyShape((size_t)dst, (size_t)src, sizeof(T), n, 1, 1, 0, 0, 0, 0, e);                \
  }                                                                                                \
  OVL event_t async_work_group_copy(__global T *dst, const __local T *src, size_t n, event_t e) { \
    SMALL_COPY(T, copyElementsOut, dst, src, n, 1, 1, e)                                          \
    return copyShape((size_t)dst, (size_t)src, sizeof(T), n, 1, 1, 0, 0, 0, 0, e);                \
  }                                                                                                \
  OVL event_t async_work_group_strided_copy(__local T *dst, const __global T *src, size_t n,      \
                                            size_t src_stride, event_t e) {                        \
    SMALL_COPY(T, copyElementsIn, dst, src, n, 1, src_stride, e)                                  \
    return copyShape((size_t)dst, (size_t)src, sizeof(T), 1, n, 1, src_stride * sizeof(T), 0,      \
                     sizeof(T), 0, e);                                                             \
  }                                                                                                \
  OVL event_t async_work_group_strided_copy(__global T *dst, const __local T *src, size_t n,      \
                                            size_t dst_stride, event_t e) {                        \
    SMALL_COPY(T, copyElementsOut, dst, src, n, dst_stride, 1, e)                                 \
    return copyShape((size_t)dst, (size_t)src, sizeof(T), 1, n, 1, sizeof(T), 0,                  \
                     dst_stride * sizeof(T), 0, e);                                                \
  }                                                                                                \
  /* At most a few cache lines per work-item: prefetching more per work-item only burns issue    \
     slots (each work-item of the group usually prefetches its own part). */                      \
  OVL void prefetch(const __global T *p, size_t n) {                                              \
    const __global char *bytes = (const __global char *)p;                                        \
    size_t total = n * sizeof(T);                                                                  \
    for (size_t at = 0; at < total && at < 4 * 64; at += 64)                                       \
      __builtin_prefetch(bytes + at, 0, 3);                                                        \
  }
#define ASYNC_COPY_ALL_WIDTHS(T) ASYNC_COPY(T) FOR_VECTORS(ASYNC_COPY_VECTOR, T)
#define ASYNC_COPY_VECTOR(TN, N) ASYNC_COPY(TN)
FOR_INTEGERS(ASYNC_COPY_ALL_WIDTHS)
ASYNC_COPY_ALL_WIDTHS(float)
// double and half are declared to kernels only when the device reports cl_khr_fp64 or
// cl_khr_fp16; the definitions cost nothing until then (a program links only what it calls).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
ASYNC_COPY_ALL_WIDTHS(double)
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
ASYNC_COPY_ALL_WIDTHS(half)

// cl_khr_extended_async_copies 1.0.0: offsets, line lengths and plane areas in elements of
// num_bytes_per_element bytes. compiler/Frontend.cpp declares these to kernels.
#define COPY_2D2D(DST_AS, SRC_AS)                                                                  \
  OVL event_t async_work_group_copy_2D2D(                                                          \
      DST_AS void *dst, size_t dst_offset, const SRC_AS void *src, size_t src_offset,             \
      size_t num_bytes_per_element, size_t num_elements_per_line, size_t num_lines,                \
      size_t src_total_line_length, size_t dst_total_line_length, event_t event) {                 \
    size_t b = num_bytes_per_element;                                                              \
    return copyShape((size_t)dst + dst_offset * b, (size_t)src + src_offset * b, b,               \
                     num_elements_per_line, num_lines, 1, src_total_line_length * b, 0,            \
                     dst_total_line_length * b, 0, event);                                         \
  }                                                                                                \
  OVL event_t async_work_group_copy_3D3D(                                                          \
      DST_AS void *dst, size_t dst_offset, const SRC_AS void *src, size_t src_offset,             \
      size_t num_bytes_per_element, size_t num_elements_per_line, size_t num_lines,                \
      size_t num_planes, size_t src_total_line_length, size_t src_total_plane_area,                \
      size_t dst_total_line_length, size_t dst_total_plane_area, event_t event) {                  \
    size_t b = num_bytes_per_element;                                                              \
    return copyShape((size_t)dst + dst_offset * b, (size_t)src + src_offset * b, b,               \
                     num_elements_per_line, num_lines, num_planes, src_total_line_length * b,      \
                     src_total_plane_area * b, dst_total_line_length * b,                          \
                     dst_total_plane_area * b, event);                                             \
  }
COPY_2D2D(__local, __global)
COPY_2D2D(__global, __local)
