/* bench-async: async copies on the first platform the loader offers (bench/async.sh runs it for
   Weft and PoCL side by side). Each kernel streams float tiles through local memory and does
   a few dependent multiply-adds per element (ROUNDS), so that copying and computing both count:
   - tile_single: copy a tile in, wait, compute, copy it out, wait (the textbook form)
   - tile_double: the same work double-buffered in the kernel: tile k+1 is copied in and tile k-1
     out while tile k is computed
   - tile_prefetch: tile_single, each work-item prefetching its part of the next tile first
     ("tile_prefetch_over_single_<all|one>": issue 41's goal, prefetch measurably faster)
   - tile_direct: the same work reading and writing global memory, not staged in local memory
     ("tile_single_over_direct_<all|one>": what staging costs, issue 41's goal at least 0.9)
   - rows_plain / rows_prefetch: each work-item reads rows of 16 floats at random indices of a
     256 MiB table, working on each (32 multiply-add rounds), the next rows' indices known ahead;
     rows_prefetch prefetches the row 16 steps on ("rows_prefetch_over_plain_<all|one>": issue
     41's goal, prefetch measurably faster on a latency-bound kernel; GB/s of rows read)
   - transpose: a strided gather of matrix columns into local rows, then a contiguous copy out
   - gather32 / scatter32: 32 x 32 tiles transposed by one strided copy per column in (rows out)
     or per row out (rows in), 32 floats each, chained on one event; deinterleave4: float4s split
     into four planes of 256 floats by four stride-4 copies (chains of small copies)
   - tile2d / tile3d: cl_khr_extended_async_copies 2D and 3D tiles in and out, with the same
     work per element (skipped where the extension is missing)
   each with the NDRange filling every core ("_all": 4 work-groups per compute unit) and with
   one work-group ("_one": fewer work-groups than cores, so a core is free to copy)
   - host_*: the same data movement by the host's own code (memcpy; the tiles staged through a
     buffer and direct; transpose's blocks of columns gathered column by column, as its copies
     run, and row by row, and column by column in the kernel's order of blocks ("groups": each
     work-group's blocks a work-group count apart); tile2d/tile3d's tiles line by line; gather32
     by columns, as its copies run, by rows, as a batch planned from them would, and in 8 x 8
     blocks transposed in registers; scatter32 by columns and in blocks; deinterleave4 plane by
     plane and in blocks of 16 float4s), one
     thread against "_one" and one per CPU against "_all": what the machine gives each shape
     without OpenCL
   Every result is checked against the host. Prints "name value unit" (GB/s of data read plus
   written, the median of five runs), and for each NDRange double buffering's speed over single
   buffering's, "tile_double_over_single_<all|one> <ratio> x" (issue 5's goal (b): at least 1.0,
   and 1.3 with a core free), from the two measurements, made one right after the other. Usage:
   bench-async [tile-floats [rounds [only]]] (1024, 4; only: run just the measurements whose name
   contains this text, for profiling) */
#include "bench.h"

#include <math.h>
#include <pthread.h>
#include <string.h>
#include <unistd.h>

static int Rounds = 4;            /* multiply-adds per element: argv[2] */
static const char *Only = "";     /* argv[3] */
static int wanted(const char *Name) { return strstr(Name, Only) != NULL; }

static const char *Source =
    "float work(float v) { for (int r = 0; r < ROUNDS; ++r) v = v * 0.999f + 0.25f; return v; }\n"
    "kernel void tile_single(global const float *in, global float *out, local float *tin,\n"
    "                        local float *tout, uint tile, uint tiles) {\n"
    "  size_t l = get_local_id(0), L = get_local_size(0);\n"
    "  size_t base = get_group_id(0) * (size_t)tile * tiles;\n"
    "  for (uint k = 0; k < tiles; ++k) {\n"
    "    event_t e = async_work_group_copy(tin, in + base + k * (size_t)tile, tile, 0);\n"
    "    wait_group_events(1, &e);\n"
    "    for (uint i = l; i < tile; i += L) tout[i] = work(tin[i]);\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    e = async_work_group_copy(out + base + k * (size_t)tile, tout, tile, 0);\n"
    "    wait_group_events(1, &e);\n"
    "  }\n"
    "}\n"
    "kernel void tile_double(global const float *in, global float *out, local float *tin,\n"
    "                        local float *tout, uint tile, uint tiles) {\n"
    "  size_t l = get_local_id(0), L = get_local_size(0);\n"
    "  size_t base = get_group_id(0) * (size_t)tile * tiles;\n"
    "  event_t ein = async_work_group_copy(tin, in + base, tile, 0);\n"
    "  event_t out0 = 0, out1 = 0; /* copy-outs from buffers 0 and 1 */\n"
    "  for (uint k = 0; k < tiles; ++k) {\n"
    "    uint b = k & 1;\n"
    "    event_t next = 0;\n"
    "    if (k + 1 < tiles)\n"
    "      next = async_work_group_copy(tin + (1 - b) * tile, in + base + (k + 1) * (size_t)tile,\n"
    "                                   tile, 0);\n"
    "    wait_group_events(1, &ein);\n"
    "    if (k >= 2) {\n"
    "      if (b) wait_group_events(1, &out1); else wait_group_events(1, &out0);\n"
    "    }\n"
    "    for (uint i = l; i < tile; i += L) tout[b * tile + i] = work(tin[b * tile + i]);\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    event_t e = async_work_group_copy(out + base + k * (size_t)tile, tout + b * tile, tile, 0);\n"
    "    if (b) out1 = e; else out0 = e;\n"
    "    ein = next;\n"
    "  }\n"
    "  wait_group_events(1, &out0);\n"
    "  if (tiles > 1) wait_group_events(1, &out1);\n"
    "}\n"
    "/* rows of a table at random indices, each worked on; the row ahead steps on prefetched */\n"
    "kernel void rows(global const float16 *table, global const uint *idx, global float *out,\n"
    "                 uint steps, uint ahead) {\n"
    "  size_t g = get_global_id(0), n = get_global_size(0);\n"
    "  float16 acc = 0;\n"
    "  for (uint s = 0; s < steps; ++s) {\n"
    "    if (ahead) prefetch(table + idx[min(s + ahead, steps - 1) * n + g], 1);\n"
    "    float16 v = table[idx[s * n + g]];\n"
    "    for (int r = 0; r < 32; ++r) v = v * 0.999f + 0.5f;\n"
    "    acc += v;\n"
    "  }\n"
    "  out[g] = acc.s0 + acc.s5 + acc.sa + acc.sf;\n"
    "}\n"
    "/* tile_single with the next tile prefetched (each work-item its part) before the work */\n"
    "kernel void tile_prefetch(global const float *in, global float *out, local float *tin,\n"
    "                          local float *tout, uint tile, uint tiles) {\n"
    "  size_t l = get_local_id(0), L = get_local_size(0);\n"
    "  size_t base = get_group_id(0) * (size_t)tile * tiles;\n"
    "  for (uint k = 0; k < tiles; ++k) {\n"
    "    event_t e = async_work_group_copy(tin, in + base + k * (size_t)tile, tile, 0);\n"
    "    wait_group_events(1, &e);\n"
    "    if (k + 1 < tiles)\n"
    "      prefetch(in + base + (k + 1) * (size_t)tile + l * (tile / L), tile / L);\n"
    "    for (uint i = l; i < tile; i += L) tout[i] = work(tin[i]);\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    e = async_work_group_copy(out + base + k * (size_t)tile, tout, tile, 0);\n"
    "    wait_group_events(1, &e);\n"
    "  }\n"
    "}\n"
    "/* tile_single's work reading and writing global memory directly, without staging */\n"
    "kernel void tile_direct(global const float *in, global float *out, local float *tin,\n"
    "                        local float *tout, uint tile, uint tiles) {\n"
    "  size_t l = get_local_id(0), L = get_local_size(0);\n"
    "  size_t base = get_group_id(0) * (size_t)tile * tiles;\n"
    "  for (uint k = 0; k < tiles; ++k)\n"
    "    for (uint i = l; i < tile; i += L)\n"
    "      out[base + k * (size_t)tile + i] = work(in[base + k * (size_t)tile + i]);\n"
    "}\n"
    "/* The kernels below take blocks get_group_id(0), + get_num_groups(0), ... */\n"
    "kernel void transpose(global const float *in, global float *out, local float *rows, uint n,\n"
    "                      uint block) {\n"
    "  for (uint b = get_group_id(0); b < n / block; b += get_num_groups(0)) {\n"
    "    size_t c0 = b * (size_t)block;\n"
    "    event_t e = 0;\n"
    "    for (uint j = 0; j < block; ++j)\n"
    "      e = async_work_group_strided_copy(rows + j * n, in + c0 + j, n, n, e);\n"
    "    wait_group_events(1, &e);\n"
    "    e = async_work_group_copy(out + c0 * n, rows, block * n, 0);\n"
    "    wait_group_events(1, &e);\n"
    "  }\n"
    "}\n"
    "/* 32 x 32 tiles of an n x n matrix transposed through local memory by small copies: */\n"
    "/* gather32 reads each column of a tile with a strided copy and writes rows out, */\n"
    "/* scatter32 reads rows and writes each out as a column with a strided copy. */\n"
    "kernel void gather32(global const float *in, global float *out, local float *t, uint n) {\n"
    "  uint m = n / 32;\n"
    "  for (uint b = get_group_id(0); b < m * m; b += get_num_groups(0)) {\n"
    "    size_t ty = b / m, tx = b % m;\n"
    "    event_t e = 0;\n"
    "    for (uint j = 0; j < 32; ++j)\n"
    "      e = async_work_group_strided_copy(t + j * 32, in + ty * 32 * n + tx * 32 + j, 32, n, e);\n"
    "    wait_group_events(1, &e);\n"
    "    event_t f = 0;\n"
    "    for (uint j = 0; j < 32; ++j)\n"
    "      f = async_work_group_copy(out + (tx * 32 + j) * n + ty * 32, t + j * 32, 32, f);\n"
    "    wait_group_events(1, &f);\n"
    "  }\n"
    "}\n"
    "kernel void scatter32(global const float *in, global float *out, local float *t, uint n) {\n"
    "  uint m = n / 32;\n"
    "  for (uint b = get_group_id(0); b < m * m; b += get_num_groups(0)) {\n"
    "    size_t ty = b / m, tx = b % m;\n"
    "    event_t e = 0;\n"
    "    for (uint j = 0; j < 32; ++j)\n"
    "      e = async_work_group_copy(t + j * 32, in + (ty * 32 + j) * n + tx * 32, 32, e);\n"
    "    wait_group_events(1, &e);\n"
    "    event_t f = 0;\n"
    "    for (uint j = 0; j < 32; ++j)\n"
    "      f = async_work_group_strided_copy(out + tx * 32 * n + ty * 32 + j, t + j * 32, 32, n, f);\n"
    "    wait_group_events(1, &f);\n"
    "  }\n"
    "}\n"
    "/* float4s of blocks of 4 * c floats split into planes x, y, z, w by four stride-4 copies */\n"
    "kernel void deinterleave4(global const float *in, global float *out, local float *t, uint c,\n"
    "                          uint blocks) {\n"
    "  for (uint b = get_group_id(0); b < blocks; b += get_num_groups(0)) {\n"
    "    event_t e = 0;\n"
    "    for (uint k = 0; k < 4; ++k)\n"
    "      e = async_work_group_strided_copy(t + k * c, in + b * 4 * (size_t)c + k, c, 4, e);\n"
    "    wait_group_events(1, &e);\n"
    "    e = async_work_group_copy(out + b * 4 * (size_t)c, t, 4 * c, 0);\n"
    "    wait_group_events(1, &e);\n"
    "  }\n"
    "}\n"
    "#ifdef cl_khr_extended_async_copies\n"
    "kernel void tile2d(global const float *in, global float *out, local float *t, uint n, uint T) {\n"
    "  for (uint b = get_group_id(0); b < (n / T) * (n / T); b += get_num_groups(0)) {\n"
    "    size_t off = (size_t)(b / (n / T)) * T * n + (b % (n / T)) * T;\n"
    "    event_t e = async_work_group_copy_2D2D(t, 0, in, off, 4, T, T, n, T, 0);\n"
    "    wait_group_events(1, &e);\n"
    "    for (uint i = get_local_id(0); i < T * T; i += get_local_size(0)) t[i] = work(t[i]);\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    e = async_work_group_copy_2D2D(out, off, t, 0, 4, T, T, T, n, 0);\n"
    "    wait_group_events(1, &e);\n"
    "  }\n"
    "}\n"
    "kernel void tile3d(global const float *in, global float *out, local float *t, uint n, uint T) {\n"
    "  uint m = n / T;\n"
    "  for (uint b = get_group_id(0); b < m * m * m; b += get_num_groups(0)) {\n"
    "    size_t off = ((size_t)(b / (m * m)) * T * n + (b / m % m) * T) * n + (b % m) * T;\n"
    "    event_t e = async_work_group_copy_3D3D(t, 0, in, off, 4, T, T, T, n, n * n, T, T * T, 0);\n"
    "    wait_group_events(1, &e);\n"
    "    for (uint i = get_local_id(0); i < T * T * T; i += get_local_size(0)) t[i] = work(t[i]);\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    e = async_work_group_copy_3D3D(out, off, t, 0, 4, T, T, T, T, T * T, n, n * n, 0);\n"
    "    wait_group_events(1, &e);\n"
    "  }\n"
    "}\n"
    "#endif\n";

static float work(float V) {
  for (int R = 0; R < Rounds; ++R)
    V = V * 0.999f + 0.25f;
  return V;
}

static cl_context Ctx;
static cl_command_queue Queue;

static cl_mem buffer(size_t Bytes, void *Host) {
  cl_int E;
  cl_mem M = clCreateBuffer(Ctx, Host ? CL_MEM_COPY_HOST_PTR : CL_MEM_READ_WRITE, Bytes, Host, &E);
  CHECK(E);
  return M;
}

/* Checks Out against F applied to In through Map (an index permutation, or identity). */
static void expect(const char *Name, const float *Out, size_t N, float (*Want)(size_t)) {
  for (size_t I = 0; I < N; I += 1 + N / 4099) {
    float W = Want(I);
    if (fabsf(Out[I] - W) > 1e-4f * fabsf(W) + 1e-5f) {
      fprintf(stderr, "%s: element %zu is %g, expected %g\n", Name, I, Out[I], W);
      exit(1);
    }
  }
}

static float *InHost;
static size_t TransposeN;
static float wantWork(size_t I) { return work(InHost[I]); }
static float wantTranspose(size_t I) { return InHost[(I % TransposeN) * TransposeN + I / TransposeN]; }
static size_t PlaneFloats; /* deinterleave4's c */
static float wantPlanes(size_t I) {
  const size_t Block = I / (4 * PlaneFloats), K = I / PlaneFloats % 4, J = I % PlaneFloats;
  return InHost[Block * 4 * PlaneFloats + 4 * J + K];
}

/* A kernel argument after the input and output buffers: a NULL Value is a __local size. */
struct Arg {
  size_t Size;
  const void *Value;
};

/* One measurement, if wanted: Kernel over Groups work-groups of Local work-items, reading Elements
   floats from a buffer (argument 0) and writing as many to another (argument 1), checked with
   Want. A kernel the program lacks (no cl_khr_extended_async_copies) is skipped. Returns the
   GB/s, 0 if not measured. */
static double measure(cl_program P, const char *Kernel, const char *Name, size_t Elements,
                      size_t Groups, size_t Local, const struct Arg *Extra, cl_uint NumExtra,
                      float (*Want)(size_t)) {
  if (!wanted(Name))
    return 0;
  cl_int E;
  cl_kernel K = clCreateKernel(P, Kernel, &E);
  if (E == CL_INVALID_KERNEL_NAME)
    return 0;
  CHECK(E);
  cl_mem In = buffer(Elements * 4, InHost), Out = buffer(Elements * 4, NULL);
  CHECK(clSetKernelArg(K, 0, sizeof In, &In));
  CHECK(clSetKernelArg(K, 1, sizeof Out, &Out));
  for (cl_uint I = 0; I < NumExtra; ++I)
    CHECK(clSetKernelArg(K, 2 + I, Extra[I].Size, Extra[I].Value));
  size_t Global = Groups * Local;
  double Ms = timeKernel(Queue, K, 1, &Global, &Local, 5);
  float *Result = malloc(Elements * 4);
  CHECK(clEnqueueReadBuffer(Queue, Out, CL_TRUE, 0, Elements * 4, Result, 0, NULL, NULL));
  expect(Name, Result, Elements, Want);
  const double GBps = 2.0 * Elements * 4 / Ms / 1e6;
  printf("%s_GBps %.3f GB/s\n", Name, GBps);
  free(Result);
  clReleaseMemObject(In);
  clReleaseMemObject(Out);
  clReleaseKernel(K);
  return GBps;
}

/* Host references: the same data movement run by the host's own code, on one thread (against
   "_one") and on one thread per CPU (against "_all"): what the machine gives each shape. Each unit
   is a tile (or a 64 KiB slice for memcpy); every result is checked like the kernels'. */
static const float *HostIn;
static float *HostOut;
static size_t HostTile, HostSide; /* floats per tile; the side of gather32's matrix */
enum { HostMaxTile = 16384 };
static _Thread_local float HostTin[HostMaxTile], HostTout[HostMaxTile];

#define HOST_CODE __attribute__((optimize("O3"), target_clones("avx512f", "avx2", "default")))
HOST_CODE static void hostMemcpy(size_t U) {
  memcpy(HostOut + U * 16384, HostIn + U * 16384, 16384 * 4);
}
/* work() on a tile, 64 elements at a time held in registers, each multiply-add applied to all 64,
   so that the host compiler vectorizes it as the kernels are vectorized across work-items */
static inline void hostWork(float *restrict Out, const float *restrict In) {
  for (size_t I = 0; I + 64 <= HostTile; I += 64) {
    float V[64];
    for (int J = 0; J < 64; ++J)
      V[J] = In[I + J];
    for (int R = 0; R < Rounds; ++R)
      for (int J = 0; J < 64; ++J)
        V[J] = V[J] * 0.999f + 0.25f;
    for (int J = 0; J < 64; ++J)
      Out[I + J] = V[J];
  }
  for (size_t I = HostTile / 64 * 64; I < HostTile; ++I)
    Out[I] = work(In[I]);
}
HOST_CODE static void hostTileSingle(size_t K) {
  memcpy(HostTin, HostIn + K * HostTile, HostTile * 4);
  hostWork(HostTout, HostTin);
  memcpy(HostOut + K * HostTile, HostTout, HostTile * 4);
}
HOST_CODE static void hostTileDirect(size_t K) {
  hostWork(HostOut + K * HostTile, HostIn + K * HostTile);
}
/* gather32's tile B: columns read one after another (as its copies do), rows (each source line
   once, as a planned batch of the column copies would), or 8 x 8 blocks (8 rows of 8 floats
   loaded as vectors, transposed by three rounds of interleaving shuffles, stored as 8 columns:
   how weft-transpose-nests runs a kernel's loop of column copies); then the tile's rows written
   out. Inlined into each HOST_CODE wrapper, so that it is compiled as they are. */
enum { ByColumns, ByRows, ByBlocks };
typedef float HostV8 __attribute__((vector_size(32)));
/* An 8 x 8 block of floats transposed: 8 rows loaded as vectors, three rounds of interleaving
   shuffles, 8 columns stored as vectors (pitches in floats). */
static inline __attribute__((always_inline)) void
hostTranspose8(float *Dst, size_t DstPitch, const float *Src, size_t SrcPitch) {
  HostV8 R[8], T[8];
  for (int K = 0; K < 8; ++K)
    memcpy(&R[K], Src + K * SrcPitch, sizeof R[K]);
  for (int Round = 0; Round < 3; ++Round) {
    for (int K = 0; K < 4; ++K) {
      T[2 * K] = __builtin_shufflevector(R[K], R[K + 4], 0, 8, 1, 9, 2, 10, 3, 11);
      T[2 * K + 1] = __builtin_shufflevector(R[K], R[K + 4], 4, 12, 5, 13, 6, 14, 7, 15);
    }
    memcpy(R, T, sizeof R);
  }
  for (int K = 0; K < 8; ++K)
    memcpy(Dst + K * DstPitch, &R[K], sizeof R[K]);
}
static inline __attribute__((always_inline)) void hostGather32(size_t B, int Order) {
  const size_t N = HostSide, M = N / 32, Ty = B / M, Tx = B % M;
  const float *In = HostIn + Ty * 32 * N + Tx * 32;
  if (Order == ByRows)
    for (size_t I = 0; I < 32; ++I)
      for (size_t J = 0; J < 32; ++J)
        HostTin[J * 32 + I] = In[I * N + J];
  else if (Order == ByColumns)
    for (size_t J = 0; J < 32; ++J)
      for (size_t I = 0; I < 32; ++I)
        HostTin[J * 32 + I] = In[I * N + J];
  else
    for (size_t I = 0; I < 32; I += 8)
      for (size_t J = 0; J < 32; J += 8)
        hostTranspose8(HostTin + J * 32 + I, 32, In + I * N + J, N);
  for (size_t J = 0; J < 32; ++J)
    memcpy(HostOut + (Tx * 32 + J) * N + Ty * 32, HostTin + J * 32, 128);
}
HOST_CODE static void hostGather32Columns(size_t B) { hostGather32(B, ByColumns); }
HOST_CODE static void hostGather32Rows(size_t B) { hostGather32(B, ByRows); }
HOST_CODE static void hostGather32Blocks(size_t B) { hostGather32(B, ByBlocks); }
/* transpose's block B of HostBlock columns of the HostSide x HostSide matrix: the columns gathered
   one after another (as its strided copies run) or row by row (each source line read once for
   all of the block's columns), then written out as the block's rows */
static size_t HostBlock;
/* One column: a call of its own, so that the host compiler cannot interchange the block's loops */
__attribute__((noinline)) HOST_CODE static void hostColumn(float *Dst, const float *Src, size_t N,
                                                           size_t Pitch) {
  for (size_t I = 0; I < N; ++I)
    Dst[I] = Src[I * Pitch];
}
static inline __attribute__((always_inline)) void hostTransposeBlock(size_t B, int Order) {
  const size_t N = HostSide, K = HostBlock, C0 = B * K;
  if (Order == ByColumns)
    for (size_t J = 0; J < K; ++J)
      hostColumn(HostTin + J * N, HostIn + C0 + J, N, N);
  else
    for (size_t I = 0; I < N; ++I)
      for (size_t J = 0; J < K; ++J)
        HostTin[J * N + I] = HostIn[I * N + C0 + J];
  memcpy(HostOut + C0 * N, HostTin, K * N * 4);
}
HOST_CODE static void hostTransposeColumns(size_t B) { hostTransposeBlock(B, ByColumns); }
HOST_CODE static void hostTransposeRows(size_t B) { hostTransposeBlock(B, ByRows); }
/* transpose's blocks in the kernel's order: unit U is the U % HostPerGroup-th block of work-group
   U / HostPerGroup of HostGroups, whose blocks are g, g + HostGroups, ... (a thread's contiguous
   slice of units is a run of whole work-groups, as the device's workers take them) */
static size_t HostGroups, HostPerGroup;
HOST_CODE static void hostTransposeGroups(size_t U) {
  const size_t B = U % HostPerGroup * HostGroups + U / HostPerGroup;
  if (B < HostSide / HostBlock)
    hostTransposeBlock(B, ByColumns);
}
/* tile2d's (HostDims 2) or tile3d's (3) tile K of side HostSideT in an HostSide-wide cube: its
   lines of HostSideT floats copied into a buffer, worked on, copied back (HostTile floats) */
static size_t HostDims, HostSideT;
HOST_CODE static void hostTileLines(size_t K) {
  const size_t N = HostSide, T = HostSideT, M = N / T, Lines = HostDims == 2 ? T : T * T;
  const size_t Off = HostDims == 2 ? K / M * T * N + K % M * T
                                   : (K / (M * M) * T * N + K / M % M * T) * N + K % M * T;
#define LINE(L) (Off + (HostDims == 2 ? (L) * N : (L) / T * N * N + (L) % T * N))
  for (size_t L = 0; L < Lines; ++L)
    memcpy(HostTin + L * T, HostIn + LINE(L), T * 4);
  hostWork(HostTout, HostTin);
  for (size_t L = 0; L < Lines; ++L)
    memcpy(HostOut + LINE(L), HostTout + L * T, T * 4);
#undef LINE
}
/* scatter32's tile B: rows in, each written out as a column, one after another (as its copies
   are issued) or in 8 x 8 blocks */
static inline __attribute__((always_inline)) void hostScatter32(size_t B, int Order) {
  const size_t N = HostSide, M = N / 32, Ty = B / M, Tx = B % M;
  for (size_t J = 0; J < 32; ++J)
    memcpy(HostTin + J * 32, HostIn + (Ty * 32 + J) * N + Tx * 32, 128);
  float *Out = HostOut + Tx * 32 * N + Ty * 32;
  if (Order == ByColumns)
    for (size_t J = 0; J < 32; ++J)
      for (size_t I = 0; I < 32; ++I)
        Out[I * N + J] = HostTin[J * 32 + I];
  else
    for (size_t J = 0; J < 32; J += 8)
      for (size_t I = 0; I < 32; I += 8)
        hostTranspose8(Out + I * N + J, N, HostTin + J * 32 + I, 32);
}
HOST_CODE static void hostScatter32Columns(size_t B) { hostScatter32(B, ByColumns); }
HOST_CODE static void hostScatter32Blocks(size_t B) { hostScatter32(B, ByBlocks); }
/* deinterleave4's block B of 4 * HostTile floats: four stride-4 planes, plane by plane (as its
   copies are issued) or each 16 float4s loaded once as four 16-float vectors and split into the
   four planes' 16 floats by two rounds of two-source shuffles; then the block out */
typedef float HostV16 __attribute__((vector_size(64)));
static inline __attribute__((always_inline)) void hostDeinterleave4(size_t B, int Order) {
  const size_t C = HostTile;
  const float *In = HostIn + B * 4 * C;
  size_t J = 0;
  if (Order == ByBlocks)
    for (; J + 16 <= C; J += 16) {
      HostV16 V[4], H[4];
      memcpy(V, In + 4 * J, sizeof V);
      /* H[2R + P]: planes 2P and 2P + 1's halves of V[2R] and V[2R + 1] */
      for (int R = 0; R < 2; ++R) {
        H[2 * R] = __builtin_shufflevector(V[2 * R], V[2 * R + 1], 0, 4, 8, 12, 16, 20, 24, 28, 1,
                                           5, 9, 13, 17, 21, 25, 29);
        H[2 * R + 1] = __builtin_shufflevector(V[2 * R], V[2 * R + 1], 2, 6, 10, 14, 18, 22, 26, 30,
                                               3, 7, 11, 15, 19, 23, 27, 31);
      }
      for (int P = 0; P < 2; ++P) {
        const HostV16 Even = __builtin_shufflevector(H[P], H[2 + P], 0, 1, 2, 3, 4, 5, 6, 7, 16, 17,
                                                     18, 19, 20, 21, 22, 23);
        const HostV16 Odd = __builtin_shufflevector(H[P], H[2 + P], 8, 9, 10, 11, 12, 13, 14, 15,
                                                    24, 25, 26, 27, 28, 29, 30, 31);
        memcpy(HostTin + 2 * P * C + J, &Even, sizeof Even);
        memcpy(HostTin + (2 * P + 1) * C + J, &Odd, sizeof Odd);
      }
    }
  for (size_t K = 0; K < 4; ++K)
    for (size_t I = J; I < C; ++I)
      HostTin[K * C + I] = In[4 * I + K];
  memcpy(HostOut + B * 4 * C, HostTin, 4 * C * 4);
}
HOST_CODE static void hostDeinterleave4Planes(size_t B) { hostDeinterleave4(B, ByColumns); }
HOST_CODE static void hostDeinterleave4Blocks(size_t B) { hostDeinterleave4(B, ByBlocks); }

/* Runs Body over Units on Threads threads started once (the median of five runs after a
   warm-up), checks the Elements floats written and prints GB/s of 2 * Elements floats moved,
   if Name is wanted. It first sleeps 50 ms, so that no OpenCL worker still spins on a core. */
static void host(const char *Name, HostBody Body, size_t Units, size_t Elements, int Threads,
                 float (*Want)(size_t)) {
  if (!wanted(Name))
    return;
  HostOut = malloc(Elements * 4);
  struct timespec Pause = {0, 50 * 1000 * 1000};
  nanosleep(&Pause, NULL);
  const double Ms = hostMedianMs(Body, Units, Threads, 6);
  expect(Name, HostOut, Elements, Want);
  printf("%s_GBps %.3f GB/s\n", Name, 2.0 * Elements * 4 / Ms / 1e6);
  free(HostOut);
}

static float wantCopy(size_t I) { return InHost[I]; }

/* The host references of the tile kernels (Tiles tiles of Tile floats a thread) and memcpy. */
static void hostTiles(const char *Suffix, int Threads, cl_uint Tile, cl_uint Tiles) {
  char Name[64];
  const size_t Elements = (size_t)Threads * Tile * Tiles;
  HostIn = InHost;
  HostTile = Tile;
  snprintf(Name, sizeof Name, "host_memcpy_%s", Suffix);
  host(Name, hostMemcpy, Elements / 16384, Elements / 16384 * 16384, Threads, wantCopy);
  if (Tile > HostMaxTile)
    return;
  snprintf(Name, sizeof Name, "host_tile_single_%s", Suffix);
  host(Name, hostTileSingle, Elements / Tile, Elements, Threads, wantWork);
  snprintf(Name, sizeof Name, "host_tile_direct_%s", Suffix);
  host(Name, hostTileDirect, Elements / Tile, Elements, Threads, wantWork);
}

static double tiles(cl_program P, const char *Kernel, const char *Suffix, size_t Groups,
                    cl_uint Tile, cl_uint Tiles, size_t Local) {
  char Name[64];
  snprintf(Name, sizeof Name, "%s_%s", Kernel, Suffix);
  const size_t LocalBytes = (strcmp(Kernel, "tile_double") == 0 ? 2 : 1) * Tile * 4;
  const struct Arg Extra[] = {
      {LocalBytes, NULL}, {LocalBytes, NULL}, {sizeof Tile, &Tile}, {sizeof Tiles, &Tiles}};
  return measure(P, Kernel, Name, Groups * Tile * Tiles, Groups, Local, Extra, 4, wantWork);
}

/* Single- then double-buffered tiles over Groups work-groups, and the ratio of the two; then
   the same work without staging, and single buffering's speed over it. */
static void singleAndDouble(cl_program P, const char *Suffix, size_t Groups, cl_uint Tile,
                            cl_uint Tiles, size_t Local) {
  const double Single = tiles(P, "tile_single", Suffix, Groups, Tile, Tiles, Local);
  const double Double = tiles(P, "tile_double", Suffix, Groups, Tile, Tiles, Local);
  if (Single > 0 && Double > 0)
    printf("tile_double_over_single_%s %.3f x\n", Suffix, Double / Single);
  const double Direct = tiles(P, "tile_direct", Suffix, Groups, Tile, Tiles, Local);
  if (Single > 0 && Direct > 0)
    printf("tile_single_over_direct_%s %.3f x\n", Suffix, Single / Direct);
  const double Prefetch = tiles(P, "tile_prefetch", Suffix, Groups, Tile, Tiles, Local);
  if (Single > 0 && Prefetch > 0)
    printf("tile_prefetch_over_single_%s %.3f x\n", Suffix, Prefetch / Single);
}

/* rows_plain and rows_prefetch over Groups work-groups, each work-item Steps rows, every result
   checked against the host's own sum. */
static const cl_uint *RowIndex;
static size_t RowItems;
static cl_uint RowSteps;
static float wantRows(size_t G) {
  float Acc[16] = {0};
  for (cl_uint S = 0; S < RowSteps; ++S)
    for (int C = 0; C < 16; ++C) {
      float V = InHost[(size_t)RowIndex[S * RowItems + G] * 16 + C];
      for (int R = 0; R < 32; ++R)
        V = V * 0.999f + 0.5f;
      Acc[C] += V;
    }
  return Acc[0] + Acc[5] + Acc[10] + Acc[15];
}
static void rowsPrefetch(const char *Suffix, cl_program P, size_t Groups, size_t Local,
                         cl_uint Steps) {
  char Plain[64], Ahead[64];
  snprintf(Plain, sizeof Plain, "rows_plain_%s", Suffix);
  snprintf(Ahead, sizeof Ahead, "rows_prefetch_%s", Suffix);
  if (!wanted(Plain) && !wanted(Ahead))
    return;
  const size_t Rows = (size_t)4 << 20, Items = Groups * Local; /* InHost's 64 Mi floats */
  cl_uint *Index = malloc(Items * Steps * 4);
  uint32_t X = 12345;
  for (size_t I = 0; I < Items * Steps; ++I) {
    X = X * 1664525u + 1013904223u;
    Index[I] = (X >> 4) % Rows;
  }
  RowIndex = Index, RowItems = Items, RowSteps = Steps;
  cl_int E;
  cl_kernel K = clCreateKernel(P, "rows", &E);
  CHECK(E);
  cl_mem Table = buffer(Rows * 64, InHost), Idx = buffer(Items * Steps * 4, Index),
         Out = buffer(Items * 4, NULL);
  CHECK(clSetKernelArg(K, 0, sizeof Table, &Table));
  CHECK(clSetKernelArg(K, 1, sizeof Idx, &Idx));
  CHECK(clSetKernelArg(K, 2, sizeof Out, &Out));
  CHECK(clSetKernelArg(K, 3, sizeof Steps, &Steps));
  double GBps[2];
  for (cl_uint A = 0; A < 2; ++A) {
    const cl_uint Distance = A ? 16 : 0;
    CHECK(clSetKernelArg(K, 4, sizeof Distance, &Distance));
    const double Ms = timeKernel(Queue, K, 1, &Items, &Local, 5);
    float *Result = malloc(Items * 4);
    CHECK(clEnqueueReadBuffer(Queue, Out, CL_TRUE, 0, Items * 4, Result, 0, NULL, NULL));
    expect(A ? Ahead : Plain, Result, Items, wantRows);
    free(Result);
    GBps[A] = (double)Items * Steps * 64 / Ms / 1e6;
    printf("%s_GBps %.3f GB/s\n", A ? Ahead : Plain, GBps[A]);
  }
  printf("rows_prefetch_over_plain_%s %.3f x\n", Suffix, GBps[1] / GBps[0]);
  clReleaseMemObject(Table);
  clReleaseMemObject(Idx);
  clReleaseMemObject(Out);
  clReleaseKernel(K);
  free(Index);
}

int main(int Argc, char **Argv) {
  cl_uint Tile = Argc > 1 ? (cl_uint)atoi(Argv[1]) : 1024; /* 4 KiB of floats (x4 buffers) */
  if (Argc > 2)
    Rounds = atoi(Argv[2]);
  if (Argc > 3)
    Only = Argv[3];
  cl_platform_id Platform;
  cl_device_id Device;
  cl_int E;
  CHECK(clGetPlatformIDs(1, &Platform, NULL));
  CHECK(clGetDeviceIDs(Platform, CL_DEVICE_TYPE_ALL, 1, &Device, NULL));
  Ctx = clCreateContext(NULL, 1, &Device, NULL, NULL, &E);
  CHECK(E);
  Queue = clCreateCommandQueueWithProperties(Ctx, Device, NULL, &E);
  CHECK(E);
  cl_uint Units;
  CHECK(clGetDeviceInfo(Device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof Units, &Units, NULL));
  cl_program P = clCreateProgramWithSource(Ctx, 1, &Source, NULL, &E);
  CHECK(E);
  char Options[64];
  snprintf(Options, sizeof Options, "-DROUNDS=%d", Rounds);
  if (clBuildProgram(P, 1, &Device, Options, NULL, NULL) != CL_SUCCESS) {
    char Log[8192] = "";
    clGetProgramBuildInfo(P, Device, CL_PROGRAM_BUILD_LOG, sizeof Log, Log, NULL);
    fprintf(stderr, "build failed:\n%s\n", Log);
    return 1;
  }
  const size_t MaxFloats = (size_t)64 << 20; /* 256 MiB of input at most */
  InHost = malloc(MaxFloats * 4);
  for (size_t I = 0; I < MaxFloats; ++I)
    InHost[I] = (float)(I % 1000) * 0.01f;

  const size_t Local = 64;
  /* Every core busy: 4 work-groups per compute unit, 32 MiB of input per run at least. */
  size_t AllGroups = 4 * Units;
  cl_uint AllTiles = (cl_uint)((32u << 20) / 4 / Tile / AllGroups + 1);
  cl_uint OneTiles = (cl_uint)((16u << 20) / 4 / Tile + 1);
  singleAndDouble(P, "all", AllGroups, Tile, AllTiles, Local);
  singleAndDouble(P, "one", 1, Tile, OneTiles, Local);
  int Cpus = (int)sysconf(_SC_NPROCESSORS_ONLN);
  if (Cpus < 1 || Cpus > 256)
    Cpus = 1;
  hostTiles("all", Cpus, Tile, (cl_uint)((32u << 20) / 4 / Tile / Cpus + 1));
  hostTiles("one", 1, Tile, OneTiles);
  rowsPrefetch("all", P, AllGroups, Local, 512);
  rowsPrefetch("one", P, 1, Local, 4096);

  for (int One = 0; One <= 1; ++One) {
    char Name[32];
    /* transpose of an n x n matrix, block columns at a time */
    const cl_uint N = 2046, Block = 3; /* 24 KiB of local rows; N a multiple of Block */
    TransposeN = N;
    const struct Arg Rows[] = {{(size_t)Block * N * 4, NULL}, {sizeof N, &N}, {sizeof Block, &Block}};
    snprintf(Name, sizeof Name, "transpose_%s", One ? "one" : "all");
    measure(P, "transpose", Name, (size_t)N * N, One ? 1 : AllGroups, Local, Rows, 3, wantTranspose);
    HostIn = InHost;
    HostSide = N;
    HostBlock = Block;
    snprintf(Name, sizeof Name, "host_transpose_columns_%s", One ? "one" : "all");
    host(Name, hostTransposeColumns, N / Block, (size_t)N * N, One ? 1 : Cpus, wantTranspose);
    snprintf(Name, sizeof Name, "host_transpose_rows_%s", One ? "one" : "all");
    host(Name, hostTransposeRows, N / Block, (size_t)N * N, One ? 1 : Cpus, wantTranspose);
    if (!One) {
      HostGroups = AllGroups;
      HostPerGroup = (N / Block + AllGroups - 1) / AllGroups;
      host("host_transpose_groups_all", hostTransposeGroups, HostGroups * HostPerGroup,
           (size_t)N * N, Cpus, wantTranspose);
    }
    /* small copies: 32-float columns and rows of 32 x 32 tiles, stride-4 planes of 256 floats */
    const cl_uint Side = 2016; /* not a power of 2: columns 8 KiB apart would share L1 sets */
    const struct Arg Small[] = {{32 * 32 * 4, NULL}, {sizeof Side, &Side}};
    TransposeN = Side;
    snprintf(Name, sizeof Name, "gather32_%s", One ? "one" : "all");
    measure(P, "gather32", Name, (size_t)Side * Side, One ? 1 : AllGroups, Local, Small, 2, wantTranspose);
    HostIn = InHost;
    HostSide = Side;
    snprintf(Name, sizeof Name, "host_gather32_columns_%s", One ? "one" : "all");
    host(Name, hostGather32Columns, (Side / 32) * (Side / 32), (size_t)Side * Side, One ? 1 : Cpus,
         wantTranspose);
    snprintf(Name, sizeof Name, "host_gather32_rows_%s", One ? "one" : "all");
    host(Name, hostGather32Rows, (Side / 32) * (Side / 32), (size_t)Side * Side, One ? 1 : Cpus,
         wantTranspose);
    snprintf(Name, sizeof Name, "host_gather32_blocks_%s", One ? "one" : "all");
    host(Name, hostGather32Blocks, (Side / 32) * (Side / 32), (size_t)Side * Side, One ? 1 : Cpus,
         wantTranspose);
    snprintf(Name, sizeof Name, "scatter32_%s", One ? "one" : "all");
    measure(P, "scatter32", Name, (size_t)Side * Side, One ? 1 : AllGroups, Local, Small, 2, wantTranspose);
    snprintf(Name, sizeof Name, "host_scatter32_columns_%s", One ? "one" : "all");
    host(Name, hostScatter32Columns, (Side / 32) * (Side / 32), (size_t)Side * Side, One ? 1 : Cpus,
         wantTranspose);
    snprintf(Name, sizeof Name, "host_scatter32_blocks_%s", One ? "one" : "all");
    host(Name, hostScatter32Blocks, (Side / 32) * (Side / 32), (size_t)Side * Side, One ? 1 : Cpus,
         wantTranspose);
    const cl_uint C = 256, Blocks = (cl_uint)((size_t)Side * Side / (4 * C));
    PlaneFloats = C;
    const struct Arg Planes[] = {{4 * C * 4, NULL}, {sizeof C, &C}, {sizeof Blocks, &Blocks}};
    snprintf(Name, sizeof Name, "deinterleave4_%s", One ? "one" : "all");
    measure(P, "deinterleave4", Name, (size_t)Side * Side, One ? 1 : AllGroups, Local, Planes, 3, wantPlanes);
    HostTile = C;
    snprintf(Name, sizeof Name, "host_deinterleave4_planes_%s", One ? "one" : "all");
    host(Name, hostDeinterleave4Planes, Blocks, (size_t)Blocks * 4 * C, One ? 1 : Cpus, wantPlanes);
    snprintf(Name, sizeof Name, "host_deinterleave4_blocks_%s", One ? "one" : "all");
    host(Name, hostDeinterleave4Blocks, Blocks, (size_t)Blocks * 4 * C, One ? 1 : Cpus, wantPlanes);
    /* cl_khr_extended_async_copies tiles */
    for (int Dims = 2; Dims <= 3; ++Dims) {
      const cl_uint Side = Dims == 2 ? 4096 : 256, T = Dims == 2 ? 64 : 16;
      const size_t Elements = Dims == 2 ? (size_t)Side * Side : (size_t)Side * Side * Side;
      const struct Arg Tile[] = {
          {(Dims == 2 ? T * T : T * T * T) * 4, NULL}, {sizeof Side, &Side}, {sizeof T, &T}};
      snprintf(Name, sizeof Name, "tile%dd_%s", Dims, One ? "one" : "all");
      measure(P, Dims == 2 ? "tile2d" : "tile3d", Name, Elements, One ? 1 : AllGroups, Local, Tile,
              3, wantWork);
      HostIn = InHost;
      HostSide = Side;
      HostSideT = T;
      HostDims = (size_t)Dims;
      HostTile = Dims == 2 ? T * T : T * T * T;
      snprintf(Name, sizeof Name, "host_tile%dd_%s", Dims, One ? "one" : "all");
      host(Name, hostTileLines, Elements / HostTile, Elements, One ? 1 : Cpus, wantWork);
    }
  }
  clReleaseProgram(P);
  clReleaseCommandQueue(Queue);
  clReleaseContext(Ctx);
  free(InHost);
  return 0;
}
