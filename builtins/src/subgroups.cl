// Sub-group functions (OpenCL C 3.0 §6.15.19, __opencl_c_subgroups and cl_khr_subgroups) and the
// cl_khr_subgroup_* extensions: extended types, non-uniform vote, ballot, non-uniform arithmetic,
// shuffle, relative shuffle, clustered reduce and rotate.
//
// A kernel's sub-groups are runs of get_max_sub_group_size() work-items of consecutive local
// linear ids (the compiler's constant for the kernel, weft-work-items), the last one of a
// work-group possibly shorter. Work-items run one after another between barriers, so a function
// that needs the other work-items' values publishes its own (8 bytes, by local linear id, in the
// work-group function's SubGroupMemory: contracts/WorkGroupAbi.h) and waits at a sub-group
// barrier, __weft_sub_group_barrier. After it, the work-items that called the same function run
// together, in order (weft-kernel-entry's dispatch for kernels with such barriers runs, each
// round, those that wait at the same barrier, and marks them in SubGroupMemory::Active): those
// of the sub-group are the active ones the non-uniform functions speak of, and for the others
// every work-item of the sub-group is there, as the spec requires. The first of them computes
// every lane's result into SubGroupMemory::Results in one pass over the sub-group, and after a
// second barrier each takes its own. Between two barriers each work-item only writes its own
// value, or only the first reads values and writes results, or each reads its result, so the
// accesses are plain and the work-item loops vectorize. Which work-item is first: local id 0
// where every work-item runs (every uniform use); where only some do, the first to claim the
// sub-group for the dispatch round (relaxed atomics, which keep that loop in order).
#include "defs.h"

#define RELAXED __ATOMIC_RELAXED

// Lowered by the compiler.
size_t __attribute__((overloadable, const)) get_local_linear_id(void);
size_t __attribute__((overloadable, const)) get_local_size(uint dimension);
size_t __attribute__((overloadable, const)) get_enqueued_local_size(uint dimension);
uint __attribute__((const)) __weft_max_sub_group_size(void);
void __weft_sub_group_barrier(void);
// Whether this call of the work-item function runs for every work-item of the group (every one
// at the same barrier): then every work-item of the sub-group is active, and its local id 0 the
// first. Lowered by the compiler to a constant in each of weft-kernel-entry's loops.
int __weft_sub_group_all_active(void);

// contracts/WorkGroupAbi.h's SubGroupMemory, for abi::MaxSubGroupKernelItems work-items.
#define SUB_GROUP_KERNEL_ITEMS 1024
typedef struct {
  ulong Values[SUB_GROUP_KERNEL_ITEMS];
  ulong Results[SUB_GROUP_KERNEL_ITEMS];
  uchar Active[SUB_GROUP_KERNEL_ITEMS];
  uint Round;
  uint Claimed[SUB_GROUP_KERNEL_ITEMS / 8];
} SubGroupMemory;
SubGroupMemory *__weft_sub_group_memory(void);

// The queries.
static uint linear_size(void) { return get_local_size(0) * get_local_size(1) * get_local_size(2); }
// For the dispatch: a work-group smaller than a sub-group has one sub-group of its size (what
// clGetKernelSubGroupInfo's CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE says too).
OVL uint get_max_sub_group_size(void) {
  uint S = __weft_max_sub_group_size();
  uint Items = get_enqueued_local_size(0) * get_enqueued_local_size(1) * get_enqueued_local_size(2);
  return Items < S ? Items : S;
}
OVL uint get_sub_group_local_id(void) { return get_local_linear_id() % __weft_max_sub_group_size(); }
OVL uint get_sub_group_id(void) { return get_local_linear_id() / __weft_max_sub_group_size(); }
OVL uint get_num_sub_groups(void) {
  uint S = __weft_max_sub_group_size();
  return (linear_size() + S - 1) / S;
}
OVL uint get_enqueued_num_sub_groups(void) {
  uint S = __weft_max_sub_group_size();
  uint Items = get_enqueued_local_size(0) * get_enqueued_local_size(1) * get_enqueued_local_size(2);
  return (Items + S - 1) / S;
}
OVL uint get_sub_group_size(void) {
  uint S = __weft_max_sub_group_size();
  uint Left = linear_size() - get_sub_group_id() * S;
  return Left < S ? Left : S;
}

// The sub-group barrier: the work-group's (which makes the kernel's barriers able to differ
// between work-items, weft-barriers) with the same fences.
OVL void sub_group_barrier(cl_mem_fence_flags flags) { __weft_sub_group_barrier(); }
OVL void sub_group_barrier(cl_mem_fence_flags flags, memory_scope scope) { __weft_sub_group_barrier(); }

// The local linear id of the sub-group's first work-item.
static uint base(void) { return get_local_linear_id() - get_sub_group_local_id(); }

// Publishes Bits and waits for the sub-group's active work-items to publish theirs; returns
// whether this work-item is the first of them to go on, which then computes their results.
static bool publish(ulong Bits) {
  SubGroupMemory *M = __weft_sub_group_memory();
  M->Values[get_local_linear_id()] = Bits;
  __weft_sub_group_barrier();
  if (__weft_sub_group_all_active())
    return get_sub_group_local_id() == 0; // no claim: no atomics, so the loop may vectorize
  uint Round = __atomic_load_n(&M->Round, RELAXED), Id = get_sub_group_id();
  if (__atomic_load_n(&M->Claimed[Id], RELAXED) == Round)
    return false;
  __atomic_store_n(&M->Claimed[Id], Round, RELAXED);
  return true;
}
// After publish: whether sub-group local id Lane takes part, and the bits it published.
static bool active(uint Lane) {
  return Lane < get_sub_group_size() &&
         (__weft_sub_group_all_active() || __weft_sub_group_memory()->Active[base() + Lane]);
}
static ulong bits(uint Lane) { return __weft_sub_group_memory()->Values[base() + Lane]; }
// Whether every lane of a whole sub-group takes part (every uniform use in a group of whole
// sub-groups): a reduction then goes over exactly __weft_max_sub_group_size() lanes (8, 16 or 32:
// contracts/Compiler.h's SubGroupSizes), unrolled, in a tree rather than in lane order. The spec
// leaves the order of a reduction's floating-point operations open (OpenCL C 3.0, "Sub-group
// Functions"; the same of the non-uniform ones).
#define MAX_SUB_GROUP 32
static bool whole(void) {
  return __weft_sub_group_all_active() && get_sub_group_size() == __weft_max_sub_group_size();
}
// Setting Lane's result (the first to go on, for all of them), and reading it (result(): after a
// barrier for all to have been set).
static void set_result(uint Lane, ulong Bits) { __weft_sub_group_memory()->Results[base() + Lane] = Bits; }
static ulong lane_result(uint Lane) { return __weft_sub_group_memory()->Results[base() + Lane]; }
static ulong result(uint Lane) {
  __weft_sub_group_barrier();
  return lane_result(Lane);
}

// Setting every active lane's result to Bits (the first to go on): in a whole sub-group, S
// results of a constant S (8, 16 or 32) as vector stores of 8.
typedef ulong ResultLanes __attribute__((ext_vector_type(8), aligned(8)));
static void set_results(ulong Bits) {
  uint S = __weft_max_sub_group_size();
  if (whole()) {
    __generic ResultLanes *Lanes =
        (__generic ResultLanes *)(__weft_sub_group_memory()->Results + base());
    for (uint L = 0; L < S / 8; ++L)
      Lanes[L] = (ResultLanes)(Bits);
    return;
  }
  for (uint L = 0; L < S; ++L)
    if (active(L))
      set_result(L, Bits);
}

// Each scalar type to and from 8 bytes: TO_BITS_<T>, FROM_BITS_<T>.
#define BITS_OF(T, U)                                                                              \
  static ulong to_bits_##T(T X) { return (ulong)as_##U(X); }                                      \
  static T from_bits_##T(ulong B) { return as_##T((U)B); }
BITS_OF(char, uchar)
BITS_OF(uchar, uchar)
BITS_OF(short, ushort)
BITS_OF(ushort, ushort)
BITS_OF(int, uint)
BITS_OF(uint, uint)
BITS_OF(long, ulong)
BITS_OF(ulong, ulong)
BITS_OF(float, uint)
BITS_OF(double, ulong)
BITS_OF(half, ushort)

#define FOR_SCALARS(M)                                                                             \
  M(char) M(uchar) M(short) M(ushort) M(int) M(uint) M(long) M(ulong) M(float) M(double) M(half)

// Moving values: shuffles, rotates. LANE is the sub-group local id whose value each work-item
// gets (an expression of X's lane Me, the argument A and the size Size).
// The lane is worked out after the exchange, from the local id (the queries are arithmetic on
// it), so that nothing but X and the argument waits in a slot at its barriers, and the first
// lane's copying is all the work between them.
#define MOVE(T, NAME, LANE, ...)                                                                   \
  OVL T NAME(T X, __VA_ARGS__) {                                                                   \
    if (publish(to_bits_##T(X)))                                                                   \
      for (uint L = 0; L < get_sub_group_size(); ++L)                                              \
        set_result(L, bits(L));                                                                    \
    __weft_sub_group_barrier();                                                                    \
    uint Me = get_sub_group_local_id(), Size = get_sub_group_size();                               \
    (void)Me;                                                                                      \
    uint Lane = (LANE);                                                                            \
    ulong R = lane_result(Lane < Size ? Lane : Me);                                                \
    return Lane < Size ? from_bits_##T(R) : X;                                                     \
  }
// A broadcast's lane is the same for every work-item (the spec's rule): the first to go on
// gives every active lane that lane's value, and each reads its own result.
#define BROADCAST(T, NAME)                                                                         \
  OVL T NAME(T X, uint A) {                                                                        \
    if (publish(to_bits_##T(X)) && A < get_sub_group_size())                                       \
      set_results(bits(A));                                                                        \
    ulong R = result(get_sub_group_local_id());                                                    \
    return A < get_sub_group_size() ? from_bits_##T(R) : X;                                        \
  }
#define MOVES(T)                                                                                   \
  BROADCAST(T, sub_group_broadcast)                                                                \
  BROADCAST(T, sub_group_non_uniform_broadcast)                                                    \
  MOVE(T, sub_group_shuffle, A, uint A)                                                            \
  MOVE(T, sub_group_shuffle_xor, Me ^ A, uint A)                                                   \
  MOVE(T, sub_group_shuffle_up, Me - A, uint A)                                                    \
  MOVE(T, sub_group_shuffle_down, Me + A, uint A)                                                  \
  MOVE(T, sub_group_rotate, (uint)(((long)Me + A) % (long)Size + Size) % Size, int A)             \
  MOVE(T, sub_group_clustered_rotate,                                                              \
       Me / C * C + (uint)(((long)(Me % C) + A) % (long)C + C) % C, int A, uint C)                \
  /* The first to go on is the first active work-item: its value. */                              \
  OVL T sub_group_broadcast_first(T X) {                                                           \
    if (publish(to_bits_##T(X)))                                                                   \
      set_results(to_bits_##T(X));                                                                 \
    return from_bits_##T(result(get_sub_group_local_id()));                                        \
  }                                                                                                \
  OVL int sub_group_non_uniform_all_equal(T X) {                                                   \
    if (publish(to_bits_##T(X))) {                                                                 \
      int Equal = 1;                                                                               \
      for (uint L = 0; L < get_sub_group_size(); ++L)                                              \
        if (active(L) && from_bits_##T(bits(L)) != X)                                              \
          Equal = 0;                                                                               \
      set_result(0, Equal);                                                                        \
    }                                                                                              \
    return (int)result(0);                                                                         \
  }
FOR_SCALARS(MOVES)

// Broadcasts of vectors (cl_khr_subgroup_extended_types, _ballot): component by component.
#define VECTOR_BROADCAST(V, N, T, NAME)                                                            \
  OVL V NAME(V X, uint A) {                                                                        \
    V R;                                                                                           \
    for (int I = 0; I < N; ++I)                                                                    \
      ((T *)&R)[I] = NAME(((T *)&X)[I], A);                                                        \
    return R;                                                                                      \
  }
#define VECTOR_BROADCASTS_N(V, N, T)                                                               \
  VECTOR_BROADCAST(V, N, T, sub_group_broadcast)                                                   \
  VECTOR_BROADCAST(V, N, T, sub_group_non_uniform_broadcast)
#define VECTOR_BROADCASTS(T)                                                                       \
  VECTOR_BROADCASTS_N(T##2, 2, T) VECTOR_BROADCASTS_N(T##3, 3, T) VECTOR_BROADCASTS_N(T##4, 4, T) \
  VECTOR_BROADCASTS_N(T##8, 8, T) VECTOR_BROADCASTS_N(T##16, 16, T)
FOR_SCALARS(VECTOR_BROADCASTS)

// Reductions and scans over the active lanes, in lane order, for one operation: reduce, inclusive
// and exclusive scan (IDENTITY: what an exclusive scan gives the first lane), and the clustered
// reduction over the lanes Me / C * C ... + C - 1.
#define FOLDS(T, PREFIX, NAME, OP, IDENTITY, STORAGE)                                                     \
  /* The reduction of a whole sub-group of N lanes, N a constant where it is inlined (each of */ \
  /* the sizes, one of which the kernel's build keeps), so that its loops unroll whole: a tree */ \
  /* of log2(N) steps, each halving the values (vector operations once unrolled). The prefixes */  \
  /* stay in lane order: Hillis-Steele's steps, more operations, made bench-subgroups' scan */     \
  /* slower (docs/performance.md, "Sub-groups"). */                                               \
  static __attribute__((always_inline)) T tree_##PREFIX##NAME##_##T(uint N) {                      \
    T V[MAX_SUB_GROUP];                                                                            \
    const ulong *Lanes = __weft_sub_group_memory()->Values + base(); /* one address, N offsets */  \
    for (uint L = 0; L < N; ++L)                                                                   \
      V[L] = from_bits_##T(Lanes[L]);                                                              \
    for (uint W = N / 2; W > 0; W /= 2)                                                            \
      for (uint L = 0; L < W; ++L)                                                                 \
        V[L] = OP(V[L], V[L + W]);                                                                 \
    return V[0];                                                                                   \
  }                                                                                                \
  /* Run by the first to go on: every active lane's inclusive (exclusive) prefix in its */        \
  /* result, folding in lane order from the first active lane's value (IDENTITY before it). */    \
  static void prefixes_##PREFIX##NAME##_##T(bool Inclusive) {                                      \
    T Running = (T)(IDENTITY);                                                                     \
    bool Any = false;                                                                              \
    for (uint L = 0; L < get_sub_group_size(); ++L)                                                \
      if (active(L)) {                                                                             \
        T V = from_bits_##T(bits(L));                                                              \
        if (!Inclusive)                                                                            \
          set_result(L, to_bits_##T(Running));                                                     \
        Running = Any ? OP(Running, V) : V;                                                        \
        Any = true;                                                                                \
        if (Inclusive)                                                                             \
          set_result(L, to_bits_##T(Running));                                                     \
      }                                                                                            \
  }                                                                                                \
  STORAGE OVL T sub_group_##PREFIX##reduce_##NAME(T X) {                                           \
    if (publish(to_bits_##T(X))) {                                                                 \
      T Total = X; /* this work-item's, the first active one's */                                  \
      uint S = __weft_max_sub_group_size();                                                        \
      if (whole())                                                                                 \
        Total = S == 8 ? tree_##PREFIX##NAME##_##T(8)                                              \
                       : S == 16 ? tree_##PREFIX##NAME##_##T(16) : tree_##PREFIX##NAME##_##T(32);  \
      else /* up to the constant S, not the size: its loop bounds cost every work-item */         \
        _Pragma("clang loop unroll(disable) vectorize(disable)")                                   \
        for (uint L = get_sub_group_local_id() + 1; L < S; ++L)                                    \
          if (active(L))                                                                           \
            Total = OP(Total, from_bits_##T(bits(L)));                                             \
      /* Each active lane's result, so that each reads its own, next to its neighbours' (a */   \
      /* vector load in a vectorized loop, where the first lane's would be a gather). */           \
      set_results(to_bits_##T(Total));                                                             \
    }                                                                                              \
    return from_bits_##T(result(get_sub_group_local_id()));                                        \
  }                                                                                                \
  STORAGE OVL T sub_group_##PREFIX##scan_inclusive_##NAME(T X) {                                           \
    if (publish(to_bits_##T(X)))                                                                   \
      prefixes_##PREFIX##NAME##_##T(true);                                                         \
    return from_bits_##T(result(get_sub_group_local_id()));                                        \
  }                                                                                                \
  STORAGE OVL T sub_group_##PREFIX##scan_exclusive_##NAME(T X) {                                           \
    if (publish(to_bits_##T(X)))                                                                   \
      prefixes_##PREFIX##NAME##_##T(false);                                                        \
    return from_bits_##T(result(get_sub_group_local_id()));                                        \
  }
#define CLUSTERED(T, NAME, OP, IDENTITY, STORAGE)                                                  \
  STORAGE OVL T sub_group_clustered_reduce_##NAME(T X, uint C) {                                           \
    if (publish(to_bits_##T(X)))                                                                   \
      for (uint First = 0; First < get_sub_group_size(); First += C) {                             \
        T R = (T)(IDENTITY);                                                                       \
        bool Any = false;                                                                          \
        for (uint L = First; L < First + C; ++L)                                                   \
          if (active(L)) {                                                                         \
            T V = from_bits_##T(bits(L));                                                          \
            R = Any ? OP(R, V) : V;                                                                \
            Any = true;                                                                            \
          }                                                                                        \
        for (uint L = First; L < First + C && L < get_sub_group_size(); ++L)                       \
          set_result(L, to_bits_##T(R));                                                           \
      }                                                                                            \
    return from_bits_##T(result(get_sub_group_local_id()));                                        \
  }
// Both the uniform functions (sub_group_reduce_add ...) and the non-uniform ones.
#define OPERATION(T, NAME, OP, IDENTITY)                                                           \
  FOLDS(T, , NAME, OP, IDENTITY, )                                                                 \
  FOLDS(T, non_uniform_, NAME, OP, IDENTITY, )                                                     \
  CLUSTERED(T, NAME, OP, IDENTITY, )
#define NON_UNIFORM_OPERATION(T, NAME, OP, IDENTITY)                                               \
  FOLDS(T, non_uniform_, NAME, OP, IDENTITY, )                                                     \
  CLUSTERED(T, NAME, OP, IDENTITY, )

#define ADD(A, B) ((A) + (B))
#define MUL(A, B) ((A) * (B))
#define MIN(A, B) ((B) < (A) ? (B) : (A))
#define MAX(A, B) ((B) > (A) ? (B) : (A))
#define AND(A, B) ((A) & (B))
#define OR(A, B) ((A) | (B))
#define XOR(A, B) ((A) ^ (B))
#define LOGICAL_AND(A, B) ((A) && (B))
#define LOGICAL_OR(A, B) ((A) || (B))
#define LOGICAL_XOR(A, B) (!(A) != !(B))

#define INTEGER_OPERATIONS(T, LOWEST, HIGHEST)                                                     \
  OPERATION(T, add, ADD, 0)                                                                        \
  OPERATION(T, min, MIN, HIGHEST)                                                                  \
  OPERATION(T, max, MAX, LOWEST)                                                                   \
  NON_UNIFORM_OPERATION(T, mul, MUL, 1)                                                            \
  NON_UNIFORM_OPERATION(T, and, AND, ~(T)0)                                                        \
  NON_UNIFORM_OPERATION(T, or, OR, 0)                                                              \
  NON_UNIFORM_OPERATION(T, xor, XOR, 0)
#define REAL_OPERATIONS(T)                                                                         \
  OPERATION(T, add, ADD, 0)                                                                        \
  OPERATION(T, min, MIN, INFINITY)                                                                 \
  OPERATION(T, max, MAX, -INFINITY)                                                                \
  NON_UNIFORM_OPERATION(T, mul, MUL, 1)
INTEGER_OPERATIONS(char, CHAR_MIN, CHAR_MAX)
INTEGER_OPERATIONS(uchar, 0, UCHAR_MAX)
INTEGER_OPERATIONS(short, SHRT_MIN, SHRT_MAX)
INTEGER_OPERATIONS(ushort, 0, USHRT_MAX)
INTEGER_OPERATIONS(int, INT_MIN, INT_MAX)
INTEGER_OPERATIONS(uint, 0, UINT_MAX)
INTEGER_OPERATIONS(long, LONG_MIN, LONG_MAX)
INTEGER_OPERATIONS(ulong, 0, ULONG_MAX)
REAL_OPERATIONS(float)
REAL_OPERATIONS(double)
REAL_OPERATIONS(half)

// The logical operations on int predicates: on their values made 0 or 1, with the folds above
// (internal ones, under names of their own).
#define LOGICAL(NAME, OP, IDENTITY)                                                                \
  FOLDS(int, logical_, NAME, OP, IDENTITY, static)                                                 \
  CLUSTERED(int, logical_##NAME##_internal, OP, IDENTITY, static)                                  \
  OVL int sub_group_non_uniform_reduce_logical_##NAME(int X) {                                     \
    return sub_group_logical_reduce_##NAME(X != 0);                                                \
  }                                                                                                \
  OVL int sub_group_non_uniform_scan_inclusive_logical_##NAME(int X) {                             \
    return sub_group_logical_scan_inclusive_##NAME(X != 0);                                        \
  }                                                                                                \
  OVL int sub_group_non_uniform_scan_exclusive_logical_##NAME(int X) {                             \
    return sub_group_logical_scan_exclusive_##NAME(X != 0);                                        \
  }                                                                                                \
  OVL int sub_group_clustered_reduce_logical_##NAME(int X, uint C) {                               \
    return sub_group_clustered_reduce_logical_##NAME##_internal(X != 0, C);                        \
  }
LOGICAL(and, LOGICAL_AND, 1)
LOGICAL(or, LOGICAL_OR, 0)
LOGICAL(xor, LOGICAL_XOR, 0)

// Votes.
OVL int sub_group_all(int Predicate) { return sub_group_logical_reduce_and(Predicate != 0); }
OVL int sub_group_any(int Predicate) { return sub_group_logical_reduce_or(Predicate != 0); }
OVL int sub_group_non_uniform_all(int Predicate) { return sub_group_all(Predicate); }
OVL int sub_group_non_uniform_any(int Predicate) { return sub_group_any(Predicate); }
// The first to go on is the first active work-item.
OVL int sub_group_elect(void) { return publish(0); }

// Ballots: lane L at bit L % 32 of component L / 32 (sub-groups have at most 64 work-items).
// What the ballot functions and masks consider are the bits of the sub-group's lanes up to the
// maximum sub-group size, in a partial sub-group too (as Vulkan's subgroup size, and the CTS).
static uint4 to_ballot(ulong Mask) { return (uint4)((uint)Mask, (uint)(Mask >> 32), 0, 0); }
static ulong from_ballot(uint4 V) {
  uint Size = get_max_sub_group_size();
  ulong Mask = V.x | (ulong)V.y << 32;
  return Size >= 64 ? Mask : Mask & (((ulong)1 << Size) - 1);
}
OVL uint4 sub_group_ballot(int Predicate) {
  if (publish(Predicate != 0)) {
    ulong Mask = 0;
    for (uint L = 0; L < get_sub_group_size(); ++L)
      if (active(L) && bits(L))
        Mask |= (ulong)1 << L;
    set_result(0, Mask);
  }
  return to_ballot(result(0));
}
OVL int sub_group_inverse_ballot(uint4 V) { return (from_ballot(V) >> get_sub_group_local_id()) & 1; }
OVL int sub_group_ballot_bit_extract(uint4 V, uint Index) {
  return Index < 64 && ((V.x | (ulong)V.y << 32) >> Index) & 1;
}
OVL uint sub_group_ballot_bit_count(uint4 V) { return __builtin_popcountl(from_ballot(V)); }
OVL uint sub_group_ballot_inclusive_scan(uint4 V) {
  uint Me = get_sub_group_local_id();
  return __builtin_popcountl(from_ballot(V) & (Me >= 63 ? ~(ulong)0 : ((ulong)2 << Me) - 1));
}
OVL uint sub_group_ballot_exclusive_scan(uint4 V) {
  return __builtin_popcountl(from_ballot(V) & (((ulong)1 << get_sub_group_local_id()) - 1));
}
OVL uint sub_group_ballot_find_lsb(uint4 V) { return __builtin_ctzl(from_ballot(V)); }
OVL uint sub_group_ballot_find_msb(uint4 V) { return 63 - __builtin_clzl(from_ballot(V)); }
// The masks of the lanes equal to, at or above, above, at or below, below this one.
static uint4 lanes(ulong Mask) { return to_ballot(Mask & from_ballot((uint4)(~0u))); }
OVL uint4 get_sub_group_eq_mask(void) { return lanes((ulong)1 << get_sub_group_local_id()); }
OVL uint4 get_sub_group_ge_mask(void) { return lanes(~(((ulong)1 << get_sub_group_local_id()) - 1)); }
OVL uint4 get_sub_group_gt_mask(void) {
  uint Me = get_sub_group_local_id();
  return lanes(Me >= 63 ? 0 : ~(((ulong)2 << Me) - 1));
}
OVL uint4 get_sub_group_le_mask(void) {
  uint Me = get_sub_group_local_id();
  return lanes(Me >= 63 ? ~(ulong)0 : ((ulong)2 << Me) - 1);
}
OVL uint4 get_sub_group_lt_mask(void) { return lanes(((ulong)1 << get_sub_group_local_id()) - 1); }

// cl_intel_subgroups. The shuffles: intel_sub_group_shuffle and _xor are the Khronos ones;
// _down(cur, next, d) gives lane id + d's cur, or, past the maximum sub-group size, lane
// id + d - max's next; _up(prev, cur, d) lane id - d's cur, or, below lane 0, lane
// id - d + max's prev. Vectors go component by component.
#define INTEL_SHUFFLES(T)                                                                          \
  OVL T intel_sub_group_shuffle(T X, uint C) { return sub_group_shuffle(X, C); }                   \
  OVL T intel_sub_group_shuffle_xor(T X, uint C) { return sub_group_shuffle_xor(X, C); }           \
  OVL T intel_sub_group_shuffle_down(T Cur, T Next, uint D) {                                      \
    uint Me = get_sub_group_local_id(), Max = get_max_sub_group_size(), At = Me + D;              \
    T FromCur = sub_group_shuffle(Cur, At < Max ? At : Me);                                        \
    T FromNext = sub_group_shuffle(Next, At >= Max ? At - Max : Me);                               \
    return At < Max ? FromCur : FromNext;                                                          \
  }                                                                                                \
  OVL T intel_sub_group_shuffle_up(T Prev, T Cur, uint D) {                                        \
    uint Me = get_sub_group_local_id(), Max = get_max_sub_group_size();                            \
    int At = (int)Me - (int)D;                                                                     \
    T FromCur = sub_group_shuffle(Cur, At >= 0 ? (uint)At : Me);                                   \
    T FromPrev = sub_group_shuffle(Prev, At < 0 ? (uint)(At + (int)Max) : Me);                     \
    return At >= 0 ? FromCur : FromPrev;                                                           \
  }
#define INTEL_VECTOR_SHUFFLE(V, N, T)                                                              \
  OVL V intel_sub_group_shuffle(V X, uint C) {                                                     \
    V R;                                                                                           \
    for (int I = 0; I < N; ++I)                                                                    \
      ((T *)&R)[I] = intel_sub_group_shuffle(((T *)&X)[I], C);                                     \
    return R;                                                                                      \
  }                                                                                                \
  OVL V intel_sub_group_shuffle_xor(V X, uint C) {                                                 \
    V R;                                                                                           \
    for (int I = 0; I < N; ++I)                                                                    \
      ((T *)&R)[I] = intel_sub_group_shuffle_xor(((T *)&X)[I], C);                                 \
    return R;                                                                                      \
  }                                                                                                \
  OVL V intel_sub_group_shuffle_down(V A, V B, uint C) {                                           \
    V R;                                                                                           \
    for (int I = 0; I < N; ++I)                                                                    \
      ((T *)&R)[I] = intel_sub_group_shuffle_down(((T *)&A)[I], ((T *)&B)[I], C);                  \
    return R;                                                                                      \
  }                                                                                                \
  OVL V intel_sub_group_shuffle_up(V A, V B, uint C) {                                             \
    V R;                                                                                           \
    for (int I = 0; I < N; ++I)                                                                    \
      ((T *)&R)[I] = intel_sub_group_shuffle_up(((T *)&A)[I], ((T *)&B)[I], C);                    \
    return R;                                                                                      \
  }
#define INTEL_VECTOR_SHUFFLES(T)                                                                   \
  INTEL_VECTOR_SHUFFLE(T##2, 2, T) INTEL_VECTOR_SHUFFLE(T##3, 3, T)                                \
  INTEL_VECTOR_SHUFFLE(T##4, 4, T) INTEL_VECTOR_SHUFFLE(T##8, 8, T)                                \
  INTEL_VECTOR_SHUFFLE(T##16, 16, T)
INTEL_SHUFFLES(float)
INTEL_SHUFFLES(int)
INTEL_SHUFFLES(uint)
INTEL_SHUFFLES(long)
INTEL_SHUFFLES(ulong)
INTEL_SHUFFLES(half)
INTEL_SHUFFLES(double)
INTEL_VECTOR_SHUFFLES(float)
INTEL_VECTOR_SHUFFLES(int)
INTEL_VECTOR_SHUFFLES(uint)

// Block reads and writes: component I of work-item L's value is the uint at L + I * the maximum
// sub-group size from P (P the same in every work-item). No value moves between work-items.
#define BLOCK(N, V, COMPONENTS)                                                                    \
  OVL V intel_sub_group_block_read##N(const global uint *P) {                                      \
    uint Me = get_sub_group_local_id(), Max = get_max_sub_group_size();                            \
    V R;                                                                                           \
    for (uint I = 0; I < COMPONENTS; ++I)                                                          \
      ((uint *)&R)[I] = P[Me + I * Max];                                                           \
    return R;                                                                                      \
  }                                                                                                \
  OVL void intel_sub_group_block_write##N(global uint *P, V Data) {                                \
    uint Me = get_sub_group_local_id(), Max = get_max_sub_group_size();                            \
    for (uint I = 0; I < COMPONENTS; ++I)                                                          \
      P[Me + I * Max] = ((uint *)&Data)[I];                                                        \
  }
BLOCK(, uint, 1)
BLOCK(2, uint2, 2)
BLOCK(4, uint4, 4)
BLOCK(8, uint8, 8)

// Block reads and writes of 2D images: Coord is in bytes (x) and rows (y); work-item L's
// component I is the uint at byte x + 4 L of row y + I. Reads outside the image read its edge
// (clamped to it), writes outside it are dropped.
#include "ImageAbi.h"
static const global struct WeftImage *image_of(const global void *Image) {
  return (const global struct WeftImage *)Image;
}
static global uint *image_uint(const global struct WeftImage *I, int X, int Y, bool Clamp) {
  const int RowBytes = I->Width * (int)I->PixelBytes;
  if (Clamp) {
    X = X < 0 ? 0 : X > RowBytes - 4 ? RowBytes - 4 : X;
    Y = Y < 0 ? 0 : Y >= I->Height ? I->Height - 1 : Y;
  } else if (X < 0 || X > RowBytes - 4 || Y < 0 || Y >= I->Height) {
    return 0;
  }
  return (global uint *)(I->Data + (ulong)Y * I->RowPitch + X);
}
#define IMAGE_BLOCK_READ(N, V, COMPONENTS, ACCESS)                                                 \
  OVL V intel_sub_group_block_read##N(ACCESS image2d_t Image, int2 Coord) {                        \
    const global struct WeftImage *I = image_of(__builtin_astype(Image, global void *));          \
    int X = Coord.x + 4 * (int)get_sub_group_local_id();                                           \
    V R;                                                                                           \
    for (int C = 0; C < COMPONENTS; ++C)                                                           \
      ((uint *)&R)[C] = *image_uint(I, X, Coord.y + C, true);                                      \
    return R;                                                                                      \
  }
#define IMAGE_BLOCK_WRITE(N, V, COMPONENTS, ACCESS)                                                \
  OVL void intel_sub_group_block_write##N(ACCESS image2d_t Image, int2 Coord, V Data) {            \
    const global struct WeftImage *I = image_of(__builtin_astype(Image, global void *));          \
    int X = Coord.x + 4 * (int)get_sub_group_local_id();                                           \
    for (int C = 0; C < COMPONENTS; ++C) {                                                         \
      global uint *At = image_uint(I, X, Coord.y + C, false);                                      \
      if (At)                                                                                      \
        *At = ((uint *)&Data)[C];                                                                  \
    }                                                                                              \
  }
#define IMAGE_BLOCKS(N, V, COMPONENTS)                                                             \
  IMAGE_BLOCK_READ(N, V, COMPONENTS, read_only) IMAGE_BLOCK_READ(N, V, COMPONENTS, read_write)     \
  IMAGE_BLOCK_WRITE(N, V, COMPONENTS, write_only) IMAGE_BLOCK_WRITE(N, V, COMPONENTS, read_write)
IMAGE_BLOCKS(, uint, 1)
IMAGE_BLOCKS(2, uint2, 2)
IMAGE_BLOCKS(4, uint4, 4)
IMAGE_BLOCKS(8, uint8, 8)
