// Async copies (OpenCL C 3.0 §6.15.13, cl_khr_extended_async_copies) through the ICD loader:
// every type and width in both directions, contiguous, strided, 2D and 3D with odd sizes, offsets
// and pitches; event chaining across copy kinds; copies in loops (double buffering); kernels that
// end without waiting; prefetch; and a copy observed running while its work-group computes.
// tests/api/CMakeLists.txt runs this suite twice: as configured, and with WEFT_ASYNC_COPY=task
// (every copy handed to helper tasks). AsyncOverlapTest.cpp shows a copy overlapping computation.
#include "api/KernelFixture.h"

#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace weft::test {
namespace {

constexpr uint8_t Untouched = 0xab;

/// Host reference of a 3D3D copy (2D2D is the one-plane case), offsets and pitches in elements.
struct Shape3D {
  size_t Bytes, PerLine, Lines, Planes, SrcOffset, SrcLine, SrcPlane, DstOffset, DstLine, DstPlane;
  void apply(std::vector<uint8_t> &Dst, const std::vector<uint8_t> &Src) const {
    for (size_t P = 0; P < Planes; ++P)
      for (size_t L = 0; L < Lines; ++L)
        std::memcpy(&Dst[(DstOffset + P * DstPlane + L * DstLine) * Bytes],
                    &Src[(SrcOffset + P * SrcPlane + L * SrcLine) * Bytes], PerLine * Bytes);
  }
  size_t srcBytes() const { return (SrcOffset + (Planes - 1) * SrcPlane + (Lines - 1) * SrcLine + PerLine) * Bytes; }
  size_t dstBytes() const { return (DstOffset + (Planes - 1) * DstPlane + (Lines - 1) * DstLine + PerLine) * Bytes; }
};

class AsyncCopy : public KernelApi {
protected:
  static std::vector<uint8_t> randomBytes(size_t N, unsigned Seed) {
    std::mt19937 Random(Seed);
    std::vector<uint8_t> Bytes(N);
    for (uint8_t &B : Bytes)
      B = uint8_t(Random());
    return Bytes;
  }
  /// Runs K (copy2d or copy3d below) on shape S, its local tile TileBytes large and Values its
  /// arguments after the tile, and expects the destination to hold exactly S's copy of a random
  /// source.
  void checkShape(cl_command_queue Q, cl_kernel K, const Shape3D &S, size_t TileBytes,
                  const std::vector<cl_uint> &Values, size_t WorkItems) {
    std::vector<uint8_t> Src = randomBytes(S.srcBytes(), unsigned(S.Bytes * 7 + S.Lines + S.Planes));
    std::vector<uint8_t> Want(S.dstBytes() + 64, Untouched);
    cl_mem MSrc = buffer(Src.size(), CL_MEM_COPY_HOST_PTR, Src.data());
    cl_mem MDst = buffer(Want.size(), CL_MEM_COPY_HOST_PTR, Want.data());
    S.apply(Want, Src);
    setArgs(K, MSrc, MDst);
    ASSERT_EQ(clSetKernelArg(K, 2, TileBytes, nullptr), CL_SUCCESS);
    for (cl_uint A = 0; A < Values.size(); ++A)
      ASSERT_EQ(clSetKernelArg(K, 3 + A, sizeof(cl_uint), &Values[A]), CL_SUCCESS);
    run(Q, K, WorkItems, WorkItems);
    EXPECT_EQ(read(Q, MDst, Want.size()), Want);
    clReleaseMemObject(MSrc);
    clReleaseMemObject(MDst);
  }
};


struct TypeWidth {
  const char *Scalar;
  size_t ScalarBytes;
};
constexpr TypeWidth Scalars[] = {{"char", 1}, {"uchar", 1}, {"short", 2}, {"ushort", 2}, {"int", 4},
                                 {"uint", 4}, {"long", 8},  {"ulong", 8}, {"float", 4}};
constexpr int Widths[] = {1, 2, 3, 4, 8, 16};

std::string typeName(const TypeWidth &T, int Width) {
  return Width == 1 ? T.Scalar : T.Scalar + std::to_string(Width);
}

// Every gentype: global -> local contiguous then local -> global strided (a scatter), and
// global -> local strided (a gather) then local -> global contiguous. Each work-group copies its
// own n elements.
constexpr const char *EveryTypeSource = R"(
#define COPIES(T)                                                                                \
kernel void copies_##T(global const T *src, global T *scattered, global T *gathered,            \
                       local T *tile, uint n, uint stride) {                                    \
  size_t g = get_group_id(0);                                                                    \
  event_t e = async_work_group_copy(tile, src + g * n, n, 0);                                    \
  wait_group_events(1, &e);                                                                      \
  e = async_work_group_strided_copy(scattered + g * n * stride, tile, n, stride, 0);            \
  wait_group_events(1, &e);                                                                      \
  e = async_work_group_strided_copy(tile, src + g * n * stride, n, stride, 0);                   \
  wait_group_events(1, &e);                                                                      \
  e = async_work_group_copy(gathered + g * n, tile, n, 0);                                       \
  wait_group_events(1, &e);                                                                      \
}
#define WIDTHS(T) COPIES(T) COPIES(T##2) COPIES(T##3) COPIES(T##4) COPIES(T##8) COPIES(T##16)
WIDTHS(char) WIDTHS(uchar) WIDTHS(short) WIDTHS(ushort) WIDTHS(int) WIDTHS(uint) WIDTHS(long)
WIDTHS(ulong) WIDTHS(float)
)";

// Copies of 17 and 37 elements with strides 2, 3 and 4 (at most 4736 bytes), and of 4096 bytes
// plus 5 elements with stride 3: copies up to 4 KiB run in the kernel (builtins/src/async.cl;
// gathers of strides 2 to 4 in blocks of 16 elements, the rest one by one), larger ones in the
// copy engine. The last work-group's gather ends at the end of its source buffer.
TEST_F(AsyncCopy, EveryTypeAndWidthBothDirectionsContiguousAndStrided) {
  cl_program P = built(EveryTypeSource, "-cl-std=CL3.0");
  ASSERT_EQ(status(P), CL_BUILD_SUCCESS);
  cl_command_queue Q = queue();
  const size_t Groups = 3, Local = 5;
  struct Shape {
    bool Small;
    cl_uint Count, Stride; // Count 0: 4096 bytes plus 5 elements
  };
  const Shape Shapes[] = {{true, 17, 2}, {true, 37, 2}, {true, 17, 3}, {true, 37, 3},
                          {true, 17, 4}, {true, 37, 4}, {false, 0, 3}};
  for (const TypeWidth &T : Scalars)
    for (int Width : Widths)
      for (const Shape &S : Shapes) {
      const std::string Name = typeName(T, Width);
      // 3-component vectors take the size (and stride) of 4 components.
      const size_t Element = T.ScalarBytes * (Width == 3 ? 4 : Width);
      const cl_uint N = S.Small ? S.Count : cl_uint(4096 / Element + 5), Stride = S.Stride;
      SCOPED_TRACE(Name + " x " + std::to_string(N) + ", stride " + std::to_string(Stride));
      const size_t SrcElements = Groups * N * Stride;
      std::vector<uint8_t> Src = randomBytes(SrcElements * Element, unsigned(Element * 131 + Width));
      std::vector<uint8_t> Fill(SrcElements * Element, Untouched);
      cl_mem MSrc = buffer(Src.size(), CL_MEM_COPY_HOST_PTR, Src.data());
      cl_mem MScattered = buffer(Fill.size(), CL_MEM_COPY_HOST_PTR, Fill.data());
      cl_mem MGathered = buffer(Fill.size(), CL_MEM_COPY_HOST_PTR, Fill.data());
      cl_int Err;
      cl_kernel K = clCreateKernel(P, ("copies_" + Name).c_str(), &Err);
      ASSERT_EQ(Err, CL_SUCCESS);
      setArgs(K, MSrc, MScattered, MGathered);
      ASSERT_EQ(clSetKernelArg(K, 3, N * Element, nullptr), CL_SUCCESS);
      ASSERT_EQ(clSetKernelArg(K, 4, sizeof N, &N), CL_SUCCESS);
      ASSERT_EQ(clSetKernelArg(K, 5, sizeof Stride, &Stride), CL_SUCCESS);
      run(Q, K, Groups * Local, Local);
      std::vector<uint8_t> Scattered = read(Q, MScattered, Fill.size());
      std::vector<uint8_t> Gathered = read(Q, MGathered, Fill.size());
      std::vector<uint8_t> WantScattered = Fill, WantGathered = Fill;
      for (size_t I = 0; I < Groups * N; ++I) {
        std::memcpy(&WantScattered[I * Stride * Element], &Src[I * Element], Element);
        std::memcpy(&WantGathered[I * Element], &Src[I * Stride * Element], Element);
      }
      EXPECT_EQ(Scattered, WantScattered);
      EXPECT_EQ(Gathered, WantGathered);
      clReleaseKernel(K);
      for (cl_mem M : {MSrc, MScattered, MGathered})
        clReleaseMemObject(M);
      }
  clReleaseProgram(P);
}

// Tiles transposed through local memory by loops of strided copies, as kernels write them: one
// copy per column in (a gather of ROWS elements a source row apart), the tile out whole, then one
// copy per tile line out to a column of another matrix (a scatter). With constant counts the
// compiler runs such loops in blocks transposed in registers (weft-transpose-nests) when a
// copy's elements have 4 or 8 bytes, its stride is 64 bytes or more, and the counts allow a
// block; the other types, shapes below a block and copies above 4 KiB (the copy engine's) run as
// before. Each work-group copies the tile at its own offset.
constexpr const char *ColumnCopiesSource = R"(
#define COLUMNS(T)                                                                               \
kernel void columns_##T(global const T *src, global T *gathered, global T *scattered,           \
                        local T *tile, uint pitch, uint out_pitch) {                            \
  size_t g = get_group_id(0);                                                                    \
  src += g * ROWS * pitch;                                                                       \
  scattered += g * ROWS * out_pitch;                                                             \
  event_t e = 0;                                                                                 \
  for (uint c = 0; c < COLS; ++c)                                                                \
    e = async_work_group_strided_copy(tile + c * ROWS, src + c, ROWS, pitch, e);                 \
  wait_group_events(1, &e);                                                                      \
  event_t f = async_work_group_copy(gathered + g * COLS * ROWS, tile, COLS * ROWS, 0);           \
  wait_group_events(1, &f);                                                                      \
  event_t h = 0;                                                                                 \
  for (uint c = 0; c < COLS; ++c)                                                                \
    h = async_work_group_strided_copy(scattered + c, tile + c * ROWS, ROWS, out_pitch, h);       \
  wait_group_events(1, &h);                                                                      \
}
COLUMNS(char) COLUMNS(short) COLUMNS(int) COLUMNS(float) COLUMNS(long) COLUMNS(double)
COLUMNS(int2) COLUMNS(float4) COLUMNS(short4)
)";

TEST_F(AsyncCopy, LoopsOfColumnCopiesTransposeEveryShape) {
  const TypeWidth Types[] = {{"char", 1},   {"short", 2}, {"int", 4},     {"float", 4}, {"long", 8},
                             {"double", 8}, {"int2", 8},  {"float4", 16}, {"short4", 8}};
  struct Shape {
    cl_uint Rows, Cols;
  };
  // Whole blocks of 4 and 8 elements, ragged edges each way, a single column or row, tiles
  // smaller than a block, and columns of 4 KiB and more (copy engine) for the wide types.
  const Shape Shapes[] = {{32, 32}, {17, 9}, {8, 8}, {4, 4}, {7, 12}, {40, 3},
                          {1, 33},  {33, 1}, {13, 29}, {600, 5}};
  cl_command_queue Q = queue();
  const size_t Groups = 3, Local = 4;
  for (const Shape &S : Shapes) {
    const std::string Options = "-cl-std=CL3.0 -DROWS=" + std::to_string(S.Rows) +
                                "u -DCOLS=" + std::to_string(S.Cols) + "u";
    cl_program P = built(ColumnCopiesSource, Options.c_str());
    ASSERT_EQ(status(P), CL_BUILD_SUCCESS) << Options;
    for (const TypeWidth &T : Types)
      for (cl_uint Spare : {3u, 19u}) {
        // Rows of the matrices Spare and Spare + 2 elements longer than the tile's: with 19, rows
        // of 4-byte elements and wider are at least 64 bytes apart, the copies the compiler runs
        // in blocks; closer ones it runs as before.
        const cl_uint Pitch = S.Cols + Spare, OutPitch = S.Cols + Spare + 2;
        const size_t E = T.ScalarBytes, TileBytes = size_t(S.Rows) * S.Cols * E;
        if (TileBytes > 32768)
          continue; // the device's local memory holds smaller tiles of the widest types
        SCOPED_TRACE(std::string(T.Scalar) + " " + std::to_string(S.Rows) + " x " +
                     std::to_string(S.Cols) + ", pitch " + std::to_string(Pitch));
        std::vector<uint8_t> Src =
            randomBytes(Groups * S.Rows * Pitch * E, unsigned(E * 31 + S.Rows));
        std::vector<uint8_t> Gathered(Groups * TileBytes + 64, Untouched);
        std::vector<uint8_t> Scattered(Groups * S.Rows * OutPitch * E, Untouched);
        cl_mem MSrc = buffer(Src.size(), CL_MEM_COPY_HOST_PTR, Src.data());
        cl_mem MGathered = buffer(Gathered.size(), CL_MEM_COPY_HOST_PTR, Gathered.data());
        cl_mem MScattered = buffer(Scattered.size(), CL_MEM_COPY_HOST_PTR, Scattered.data());
        for (size_t G = 0; G < Groups; ++G)
          for (size_t R = 0; R < S.Rows; ++R)
            for (size_t C = 0; C < S.Cols; ++C) {
              const uint8_t *From = &Src[((G * S.Rows + R) * Pitch + C) * E];
              std::memcpy(&Gathered[(G * S.Cols * S.Rows + C * S.Rows + R) * E], From, E);
              std::memcpy(&Scattered[((G * S.Rows + R) * OutPitch + C) * E], From, E);
            }
        cl_int Err;
        cl_kernel K = clCreateKernel(P, (std::string("columns_") + T.Scalar).c_str(), &Err);
        ASSERT_EQ(Err, CL_SUCCESS);
        setArgs(K, MSrc, MGathered, MScattered);
        ASSERT_EQ(clSetKernelArg(K, 3, TileBytes, nullptr), CL_SUCCESS);
        ASSERT_EQ(clSetKernelArg(K, 4, sizeof Pitch, &Pitch), CL_SUCCESS);
        ASSERT_EQ(clSetKernelArg(K, 5, sizeof OutPitch, &OutPitch), CL_SUCCESS);
        run(Q, K, Groups * Local, Local);
        EXPECT_EQ(read(Q, MGathered, Gathered.size()), Gathered);
        EXPECT_EQ(read(Q, MScattered, Scattered.size()), Scattered);
        clReleaseKernel(K);
        for (cl_mem M : {MSrc, MGathered, MScattered})
          clReleaseMemObject(M);
      }
    clReleaseProgram(P);
  }
}

// Arrays of S-element structures split into S planes, one strided copy of step S per plane, all
// chained before one wait, as kernels de-interleave float4s into x, y, z and w: in a loop, written
// out in another order, and cut in two by a wait. The compiler runs such a chain of copies in the
// kernel as one pass over the source (weft-plan-copy-chains); each plane must come out as the
// copies define it, for every element size, counts below, at and past the blocks of 16, and
// copies large enough for the copy engine. Each work-group splits its own array.
constexpr const char *PlaneCopiesSource = R"(
#define PLANES(T, S)                                                                             \
kernel void loop_##T##_##S(global const T *src, global T *out, local T *t, uint n) {            \
  size_t g = get_group_id(0);                                                                    \
  src += g * S * n;                                                                              \
  out += g * S * n;                                                                              \
  event_t e = 0;                                                                                 \
  for (uint k = 0; k < S; ++k)                                                                   \
    e = async_work_group_strided_copy(t + k * n, src + k, n, S, e);                              \
  wait_group_events(1, &e);                                                                      \
  e = async_work_group_copy(out, t, S * n, 0);                                                   \
  wait_group_events(1, &e);                                                                      \
}
#define FOUR(T)                                                                                  \
PLANES(T, 2) PLANES(T, 3) PLANES(T, 4)                                                           \
kernel void written_##T(global const T *src, global T *out, local T *t, uint n) {               \
  size_t g = get_group_id(0);                                                                    \
  src += g * 4 * n;                                                                              \
  out += g * 4 * n;                                                                              \
  event_t e = async_work_group_strided_copy(t + 2 * n, src + 2, n, 4, 0);                        \
  e = async_work_group_strided_copy(t, src, n, 4, e);                                            \
  e = async_work_group_strided_copy(t + 3 * n, src + 3, n, 4, e);                                \
  e = async_work_group_strided_copy(t + n, src + 1, n, 4, e);                                    \
  wait_group_events(1, &e);                                                                      \
  e = async_work_group_copy(out, t, 4 * n, 0);                                                   \
  wait_group_events(1, &e);                                                                      \
}                                                                                                \
kernel void cut_##T(global const T *src, global T *out, local T *t, uint n) {                   \
  size_t g = get_group_id(0);                                                                    \
  src += g * 4 * n;                                                                              \
  out += g * 4 * n;                                                                              \
  event_t e = async_work_group_strided_copy(t, src, n, 4, 0);                                    \
  e = async_work_group_strided_copy(t + n, src + 1, n, 4, e);                                    \
  wait_group_events(1, &e);                                                                      \
  event_t f = async_work_group_strided_copy(t + 2 * n, src + 2, n, 4, 0);                        \
  f = async_work_group_strided_copy(t + 3 * n, src + 3, n, 4, f);                                \
  wait_group_events(1, &f);                                                                      \
  e = async_work_group_copy(out, t, 4 * n, 0);                                                   \
  wait_group_events(1, &e);                                                                      \
}
FOUR(uchar) FOUR(short) FOUR(uint) FOUR(float) FOUR(ulong) FOUR(double) FOUR(char4) FOUR(short4)
FOUR(float2)
)";

TEST_F(AsyncCopy, ChainsOfStridedCopiesSplitStructuresIntoPlanes) {
  const TypeWidth Types[] = {{"uchar", 1},  {"short", 2}, {"uint", 4},   {"float", 4}, {"ulong", 8},
                             {"double", 8}, {"char4", 4}, {"short4", 8}, {"float2", 8}};
  cl_program P = built(PlaneCopiesSource, "-cl-std=CL3.0");
  ASSERT_EQ(status(P), CL_BUILD_SUCCESS);
  cl_command_queue Q = queue();
  const size_t Groups = 3, Local = 8;
  for (const TypeWidth &T : Types)
    for (const std::string Form : {"loop_2", "loop_3", "loop_4", "written", "cut"})
      for (cl_uint N : {1u, 15u, 16u, 17u, 33u, 256u, 301u, 1100u}) {
        const size_t S = Form.back() == '2' ? 2 : Form.back() == '3' ? 3 : 4, E = T.ScalarBytes;
        const size_t Bytes = S * N * E;
        if (Bytes > 32768)
          continue; // the device's local memory holds smaller arrays of the widest types
        const std::string Name = Form.compare(0, 4, "loop") == 0
                                     ? "loop_" + std::string(T.Scalar) + "_" + Form.substr(5)
                                     : Form + "_" + T.Scalar;
        SCOPED_TRACE(Name + ", " + std::to_string(N) + " structures");
        std::vector<uint8_t> Src = randomBytes(Groups * Bytes, unsigned(E * 131 + S * 7 + N));
        std::vector<uint8_t> Want(Groups * Bytes + 64, Untouched);
        for (size_t G = 0; G < Groups; ++G)
          for (size_t K = 0; K < S; ++K)
            for (size_t I = 0; I < N; ++I)
              std::memcpy(&Want[(G * S * N + K * N + I) * E], &Src[(G * S * N + I * S + K) * E], E);
        cl_mem MSrc = buffer(Src.size(), CL_MEM_COPY_HOST_PTR, Src.data());
        std::vector<uint8_t> Out(Want.size(), Untouched);
        cl_mem MOut = buffer(Out.size(), CL_MEM_COPY_HOST_PTR, Out.data());
        cl_int Err;
        cl_kernel K = clCreateKernel(P, Name.c_str(), &Err);
        ASSERT_EQ(Err, CL_SUCCESS);
        setArgs(K, MSrc, MOut);
        ASSERT_EQ(clSetKernelArg(K, 2, Bytes, nullptr), CL_SUCCESS);
        ASSERT_EQ(clSetKernelArg(K, 3, sizeof N, &N), CL_SUCCESS);
        run(Q, K, Groups * Local, Local);
        EXPECT_EQ(read(Q, MOut, Out.size()), Want);
        clReleaseKernel(K);
        clReleaseMemObject(MSrc);
        clReleaseMemObject(MOut);
      }
  clReleaseProgram(P);
}

constexpr const char *ExtendedSource = R"(
#ifndef cl_khr_extended_async_copies
#error "cl_khr_extended_async_copies is not defined"
#endif
// Global -> local with the source's shape, then local -> global with the destination's; the
// local copy is packed (line length = elements per line).
kernel void copy2d(global const uchar *src, global uchar *dst, local uchar *tile, uint bytes,
                   uint per_line, uint lines, uint src_offset, uint src_line, uint dst_offset,
                   uint dst_line) {
  event_t e = async_work_group_copy_2D2D(tile, 0, src, src_offset, bytes, per_line, lines,
                                         src_line, per_line, 0);
  wait_group_events(1, &e);
  e = async_work_group_copy_2D2D(dst, dst_offset, tile, 0, bytes, per_line, lines, per_line,
                                 dst_line, 0);
  wait_group_events(1, &e);
}
kernel void copy3d(global const uchar *src, global uchar *dst, local uchar *tile, uint bytes,
                   uint per_line, uint lines, uint planes, uint src_offset, uint src_line,
                   uint src_plane, uint dst_offset, uint dst_line, uint dst_plane) {
  // The local copy has one spare element per line and one spare line per plane.
  uint tile_line = per_line + 1, tile_plane = tile_line * (lines + 1);
  event_t e = async_work_group_copy_3D3D(tile, 0, src, src_offset, bytes, per_line, lines, planes,
                                         src_line, src_plane, tile_line, tile_plane, 0);
  wait_group_events(1, &e);
  e = async_work_group_copy_3D3D(dst, dst_offset, tile, 0, bytes, per_line, lines, planes,
                                 tile_line, tile_plane, dst_line, dst_plane, 0);
  wait_group_events(1, &e);
}
)";

TEST_F(AsyncCopy, TwoDimensionalCopiesWithOffsetsAndLineLengths) {
  cl_program P = built(ExtendedSource, "-cl-std=CL3.0");
  ASSERT_EQ(status(P), CL_BUILD_SUCCESS);
  cl_kernel K = clCreateKernel(P, "copy2d", nullptr);
  cl_command_queue Q = queue();
  // bytes per element, elements per line, lines, source offset/line, destination offset/line
  const Shape3D Shapes[] = {{1, 7, 5, 1, 3, 11, 0, 2, 9, 0},     {4, 13, 3, 1, 0, 13, 0, 5, 17, 0},
                            {12, 3, 9, 1, 1, 4, 0, 0, 5, 0},     {16, 1, 33, 1, 2, 3, 0, 1, 1, 0},
                            {2, 31, 2, 1, 7, 40, 0, 3, 31, 0},   {8, 5, 6, 1, 0, 7, 0, 0, 6, 0},
                            {32, 2, 4, 1, 1, 3, 0, 2, 5, 0},     {3, 10, 10, 1, 4, 10, 0, 4, 12, 0}};
  for (const Shape3D &S : Shapes) {
    SCOPED_TRACE(testing::Message() << S.Bytes << " bytes, " << S.PerLine << "x" << S.Lines);
    checkShape(Q, K, S, S.PerLine * S.Lines * S.Bytes,
               {cl_uint(S.Bytes), cl_uint(S.PerLine), cl_uint(S.Lines), cl_uint(S.SrcOffset),
                cl_uint(S.SrcLine), cl_uint(S.DstOffset), cl_uint(S.DstLine)},
               7);
  }
  clReleaseKernel(K);
  clReleaseProgram(P);
}

TEST_F(AsyncCopy, ThreeDimensionalCopiesWithPlaneAreas) {
  cl_program P = built(ExtendedSource, "-cl-std=CL3.0");
  ASSERT_EQ(status(P), CL_BUILD_SUCCESS);
  cl_kernel K = clCreateKernel(P, "copy3d", nullptr);
  cl_command_queue Q = queue();
  // bytes, per line, lines, planes, src offset/line/plane, dst offset/line/plane
  const Shape3D Shapes[] = {{1, 5, 3, 4, 2, 7, 25, 1, 6, 19},   {4, 3, 5, 3, 0, 3, 15, 3, 4, 21},
                            {16, 2, 2, 5, 1, 3, 7, 0, 2, 4},    {2, 9, 1, 7, 3, 11, 12, 5, 9, 9},
                            {8, 1, 6, 2, 0, 2, 13, 1, 1, 6},    {6, 4, 4, 4, 5, 5, 21, 2, 8, 33}};
  for (const Shape3D &S : Shapes) {
    SCOPED_TRACE(testing::Message() << S.Bytes << " bytes, " << S.PerLine << "x" << S.Lines << "x"
                                    << S.Planes);
    // The kernel's local copy has one spare element per line and one spare line per plane.
    checkShape(Q, K, S, (S.PerLine + 1) * (S.Lines + 1) * S.Planes * S.Bytes,
               {cl_uint(S.Bytes), cl_uint(S.PerLine), cl_uint(S.Lines), cl_uint(S.Planes),
                cl_uint(S.SrcOffset), cl_uint(S.SrcLine), cl_uint(S.SrcPlane), cl_uint(S.DstOffset),
                cl_uint(S.DstLine), cl_uint(S.DstPlane)},
               4);
  }
  clReleaseKernel(K);
  clReleaseProgram(P);
}

TEST_F(AsyncCopy, OneEventCoversChainedCopiesOfEveryKind) {
  cl_program P = built(R"(
    kernel void chained(global const int *src, global int *out, local int *a, local int *b,
                        local int *c, local int *d) {
      event_t e = async_work_group_copy(a, src, 10, 0);
      event_t same = async_work_group_strided_copy(b, src + 16, 7, 2, e);
      same = async_work_group_copy_2D2D(c, 1, src, 40, sizeof(int), 3, 4, 5, 4, same);
      event_t other = async_work_group_copy(d, src + 90, 6, 0);
      event_t both[2] = {same, other};
      wait_group_events(2, both); // every copy, through the chained event and the other one
      size_t i = get_local_id(0);
      for (size_t k = i; k < 10; k += get_local_size(0)) out[k] = a[k];
      for (size_t k = i; k < 7; k += get_local_size(0)) out[10 + k] = b[k];
      for (size_t k = i; k < 17; k += get_local_size(0)) out[20 + k] = c[k];
      for (size_t k = i; k < 6; k += get_local_size(0)) out[40 + k] = d[k];
    })", "-cl-std=CL3.0");
  cl_kernel K = clCreateKernel(P, "chained", nullptr);
  std::vector<cl_int> Src(128);
  for (size_t I = 0; I < Src.size(); ++I)
    Src[I] = cl_int(1000 + I);
  cl_mem MSrc = buffer(Src.size() * 4, CL_MEM_COPY_HOST_PTR, Src.data());
  std::vector<cl_int> Fill(64, -1);
  cl_mem MOut = buffer(Fill.size() * 4, CL_MEM_COPY_HOST_PTR, Fill.data());
  setArgs(K, MSrc, MOut);
  for (cl_uint A = 2; A < 6; ++A)
    ASSERT_EQ(clSetKernelArg(K, A, 32 * sizeof(cl_int), nullptr), CL_SUCCESS);
  cl_command_queue Q = queue();
  run(Q, K, 3, 3);
  std::vector<cl_int> Out = read<cl_int>(Q, MOut, Fill.size());
  for (int K = 0; K < 10; ++K)
    EXPECT_EQ(Out[K], Src[K]) << K;
  for (int K = 0; K < 7; ++K)
    EXPECT_EQ(Out[10 + K], Src[16 + 2 * K]) << K;
  // 2D: 4 lines of 3 elements from src + 40 (line length 5) to c + 1 (line length 4).
  for (int L = 0; L < 4; ++L)
    for (int E = 0; E < 3; ++E)
      EXPECT_EQ(Out[20 + 1 + L * 4 + E], Src[40 + L * 5 + E]) << L << "," << E;
  for (int K = 0; K < 6; ++K)
    EXPECT_EQ(Out[40 + K], Src[90 + K]) << K;
  clReleaseMemObject(MSrc);
  clReleaseMemObject(MOut);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

// Copies that run in the kernel (up to 4 KiB) and copies the engine makes, chained on one event
// both ways, waited for singly and together, in a loop with barriers, and tiles read right
// after their wait by loops over the local ids (weft-group-stride-loops collapses those past
// the small copy work-item 0 made): every work-item sees every copy's data, and the events stay
// the same in every work-item (each names them by counting the engine's copies).
TEST_F(AsyncCopy, SmallCopiesInTheKernelAndEngineCopiesShareEvents) {
  cl_program P = built(R"(
    kernel void mixed(global const int *src, global int *out, local int *small, local int *big,
                      local int *twice, uint rounds) {
      size_t l = get_local_id(0), L = get_local_size(0);
      for (uint r = 0; r < rounds; ++r) {
        const global int *in = src + r * 8192;
        event_t e = async_work_group_copy(small, in, 100, 0);             // in the kernel
        e = async_work_group_copy(big, in + 100, 2000, e);                 // the engine, chained
        event_t f = async_work_group_strided_copy(twice, in + 2100, 1500, 3, 0); // the engine
        f = async_work_group_strided_copy(twice + 1500, in + 1, 40, 7, f); // in the kernel, chained
        wait_group_events(1, &f);
        for (size_t i = l; i < 1540; i += L) out[r * 8192 + 2100 + i] = twice[i] + 1;
        wait_group_events(1, &e);
        for (size_t i = l; i < 100; i += L) out[r * 8192 + i] = small[i] + 1;
        for (size_t i = l; i < 2000; i += L) out[r * 8192 + 100 + i] = big[i] + 1;
        barrier(CLK_LOCAL_MEM_FENCE);
        // Out through the kernel and through the engine, on one event.
        e = async_work_group_copy(out + r * 8192 + 4000, small, 100, 0);
        e = async_work_group_copy(out + r * 8192 + 4100, big, 1500, e);
        wait_group_events(1, &e);
        barrier(CLK_LOCAL_MEM_FENCE);
      }
    })", "-cl-std=CL3.0");
  ASSERT_EQ(status(P), CL_BUILD_SUCCESS);
  cl_kernel K = clCreateKernel(P, "mixed", nullptr);
  const cl_uint Rounds = 3;
  std::vector<cl_int> Src(Rounds * 8192);
  for (size_t I = 0; I < Src.size(); ++I)
    Src[I] = cl_int(I * 7 + 3);
  cl_mem MSrc = buffer(Src.size() * 4, CL_MEM_COPY_HOST_PTR, Src.data());
  std::vector<cl_int> Fill(Src.size(), -1);
  cl_mem MOut = buffer(Fill.size() * 4, CL_MEM_COPY_HOST_PTR, Fill.data());
  setArgs(K, MSrc, MOut);
  ASSERT_EQ(clSetKernelArg(K, 2, 100 * sizeof(cl_int), nullptr), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(K, 3, 2000 * sizeof(cl_int), nullptr), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(K, 4, 1540 * sizeof(cl_int), nullptr), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(K, 5, sizeof Rounds, &Rounds), CL_SUCCESS);
  cl_command_queue Q = queue();
  run(Q, K, 64, 64);
  std::vector<cl_int> Out = read<cl_int>(Q, MOut, Fill.size());
  for (cl_uint R = 0; R < Rounds; ++R) {
    const cl_int *In = Src.data() + R * 8192, *Got = Out.data() + R * 8192;
    for (int I = 0; I < 2100; ++I)
      ASSERT_EQ(Got[I], In[I] + 1) << R << ", " << I;
    for (int I = 0; I < 1500; ++I)
      ASSERT_EQ(Got[2100 + I], In[2100 + 3 * I] + 1) << R << ", " << I;
    for (int I = 0; I < 40; ++I)
      ASSERT_EQ(Got[3600 + I], In[1 + 7 * I] + 1) << R << ", " << I;
    for (int I = 0; I < 100; ++I)
      ASSERT_EQ(Got[4000 + I], In[I]) << R << ", " << I;
    for (int I = 0; I < 1500; ++I)
      ASSERT_EQ(Got[4100 + I], In[100 + I]) << R << ", " << I;
  }
  clReleaseMemObject(MSrc);
  clReleaseMemObject(MOut);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

// A kernel whose work-items do nothing but the group's copies runs for work-item 0 alone
// (weft-kernel-entry), its copies counted and waited there; one whose other work-items write too
// runs for all. Copies in the kernel and in the engine, in a loop over blocks strided by the
// number of groups, in 1D and 2D work-groups of odd sizes.
TEST_F(AsyncCopy, KernelsMadeOnlyOfCopiesGiveEveryWorkGroupsResult) {
  cl_program P = built(R"(
    kernel void only_copies(global const int *in, global int *out, local int *t, uint blocks) {
      size_t g = get_group_id(0) + get_num_groups(0) * get_group_id(1);
      size_t groups = get_num_groups(0) * get_num_groups(1);
      for (size_t b = g; b < blocks; b += groups) {
        const global int *src = in + b * 3000;
        event_t e = async_work_group_strided_copy(t, src, 50, 3, 0);       // in the kernel
        e = async_work_group_copy(t + 50, src + 150, 2500, e);             // the engine
        wait_group_events(1, &e);
        e = async_work_group_copy(out + b * 3000, t, 2550, 0);             // the engine
        e = async_work_group_copy(out + b * 3000 + 2550, t, 10, e);        // in the kernel
        wait_group_events(1, &e);
      }
    }
    kernel void copies_and_ids(global const int *in, global int *out, local int *t, uint blocks,
                               global int *ids) {
      size_t g = get_group_id(0) + get_num_groups(0) * get_group_id(1);
      size_t groups = get_num_groups(0) * get_num_groups(1);
      for (size_t b = g; b < blocks; b += groups) {
        const global int *src = in + b * 3000;
        event_t e = async_work_group_strided_copy(t, src, 50, 3, 0);
        e = async_work_group_copy(t + 50, src + 150, 2500, e);
        wait_group_events(1, &e);
        e = async_work_group_copy(out + b * 3000, t, 2550, 0);
        e = async_work_group_copy(out + b * 3000 + 2550, t, 10, e);
        wait_group_events(1, &e);
      }
      ids[get_global_id(1) * get_global_size(0) + get_global_id(0)] = (int)get_local_linear_id();
    })",
                       "-cl-std=CL3.0");
  ASSERT_EQ(status(P), CL_BUILD_SUCCESS);
  const cl_uint Blocks = 7;
  std::vector<cl_int> Src(Blocks * 3000);
  for (size_t I = 0; I < Src.size(); ++I)
    Src[I] = cl_int(I * 5 + 1);
  std::vector<cl_int> Want(Src.size());
  for (size_t B = 0; B < Blocks; ++B) {
    const cl_int *In = Src.data() + B * 3000;
    cl_int *W = Want.data() + B * 3000;
    for (int I = 0; I < 50; ++I)
      W[I] = In[3 * I];
    for (int I = 0; I < 2500; ++I)
      W[50 + I] = In[150 + I];
    for (int I = 0; I < 10; ++I)
      W[2550 + I] = In[3 * I];
    for (int I = 2560; I < 3000; ++I)
      W[I] = -1;
  }
  cl_mem MSrc = buffer(Src.size() * 4, CL_MEM_COPY_HOST_PTR, Src.data());
  cl_command_queue Q = queue();
  struct Range {
    cl_uint Dims;
    size_t Global[2], Local[2];
  };
  for (const Range &R :
       {Range{1, {5, 1}, {5, 1}}, Range{1, {15, 1}, {5, 1}}, Range{2, {9, 6}, {3, 2}},
        Range{2, {4, 3}, {4, 3}}, Range{1, {64, 1}, {64, 1}}}) {
    for (const char *Name : {"only_copies", "copies_and_ids"}) {
      SCOPED_TRACE(std::string(Name) + " over " + std::to_string(R.Global[0]) + " x " +
                   std::to_string(R.Global[1]) + " in groups of " + std::to_string(R.Local[0]) +
                   " x " + std::to_string(R.Local[1]));
      cl_kernel K = clCreateKernel(P, Name, nullptr);
      std::vector<cl_int> Fill(Src.size(), -1);
      cl_mem MOut = buffer(Fill.size() * 4, CL_MEM_COPY_HOST_PTR, Fill.data());
      const size_t Items = R.Global[0] * R.Global[1];
      std::vector<cl_int> NoIds(Items, -1);
      cl_mem MIds = buffer(Items * 4, CL_MEM_COPY_HOST_PTR, NoIds.data());
      setArgs(K, MSrc, MOut);
      ASSERT_EQ(clSetKernelArg(K, 2, 2550 * sizeof(cl_int), nullptr), CL_SUCCESS);
      ASSERT_EQ(clSetKernelArg(K, 3, sizeof Blocks, &Blocks), CL_SUCCESS);
      const bool Ids = std::string(Name) == "copies_and_ids";
      if (Ids) {
        ASSERT_EQ(clSetKernelArg(K, 4, sizeof MIds, &MIds), CL_SUCCESS);
      }
      ASSERT_EQ(
          clEnqueueNDRangeKernel(Q, K, R.Dims, nullptr, R.Global, R.Local, 0, nullptr, nullptr),
          CL_SUCCESS);
      EXPECT_EQ(read<cl_int>(Q, MOut, Fill.size()), Want);
      if (Ids) {
        std::vector<cl_int> Got = read<cl_int>(Q, MIds, Items);
        for (size_t Y = 0; Y < R.Global[1]; ++Y)
          for (size_t X = 0; X < R.Global[0]; ++X)
            ASSERT_EQ(Got[Y * R.Global[0] + X],
                      cl_int((Y % R.Local[1]) * R.Local[0] + X % R.Local[0]))
                << X << ", " << Y;
      }
      clReleaseMemObject(MOut);
      clReleaseMemObject(MIds);
      clReleaseKernel(K);
    }
  }
  clReleaseMemObject(MSrc);
  clReleaseProgram(P);
}

TEST_F(AsyncCopy, DoubleBufferedTilesInALoop) {
  cl_program P = built(R"(
    kernel void tiles(global const int *in, global int *out, local int *buf, uint tile,
                      uint tiles) {
      size_t lid = get_local_id(0), size = get_local_size(0);
      global const int *base = in + get_group_id(0) * tile * tiles;
      event_t e = async_work_group_copy(buf, base, tile, 0);
      int acc = 0;
      for (uint k = 0; k < tiles; ++k) {
        event_t next = 0;
        if (k + 1 < tiles) // the same in every work-item: a uniform conditional
          next = async_work_group_copy(buf + ((k + 1) & 1) * tile, base + (k + 1) * tile, tile, 0);
        wait_group_events(1, &e);
        for (uint i = lid; i < tile; i += size)
          acc += buf[(k & 1) * tile + i] * (int)(k + 1);
        barrier(CLK_LOCAL_MEM_FENCE); // buffer k & 1 is refilled next iteration
        e = next;
      }
      out[get_global_id(0)] = acc;
    })", "-cl-std=CL3.0");
  cl_kernel K = clCreateKernel(P, "tiles", nullptr);
  const cl_uint Tile = 1000, Tiles = 9;
  const size_t Groups = 5, Local = 6;
  std::vector<cl_int> In(Groups * Tile * Tiles);
  std::mt19937 Random(7);
  for (cl_int &V : In)
    V = cl_int(Random() % 1000);
  cl_mem MIn = buffer(In.size() * 4, CL_MEM_COPY_HOST_PTR, In.data());
  cl_mem MOut = buffer(Groups * Local * 4);
  setArgs(K, MIn, MOut);
  ASSERT_EQ(clSetKernelArg(K, 2, 2 * Tile * sizeof(cl_int), nullptr), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(K, 3, sizeof Tile, &Tile), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(K, 4, sizeof Tiles, &Tiles), CL_SUCCESS);
  cl_command_queue Q = queue();
  run(Q, K, Groups * Local, Local);
  std::vector<cl_int> Out = read<cl_int>(Q, MOut, Groups * Local);
  for (size_t G = 0; G < Groups; ++G)
    for (size_t L = 0; L < Local; ++L) {
      int Want = 0;
      for (cl_uint T = 0; T < Tiles; ++T)
        for (size_t I = L; I < Tile; I += Local)
          Want += In[(G * Tiles + T) * Tile + I] * int(T + 1);
      EXPECT_EQ(Out[G * Local + L], Want) << G << "," << L;
    }
  clReleaseMemObject(MIn);
  clReleaseMemObject(MOut);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

// cl_khr_async_work_group_copy_fence: an import issued after the fence reads what the export
// issued before it wrote, through the same global memory.
TEST_F(AsyncCopy, AFenceOrdersAnImportAfterAnExport) {
  cl_program P = built(R"(
    #ifndef cl_khr_async_work_group_copy_fence
    #error "cl_khr_async_work_group_copy_fence is not defined"
    #endif
    kernel void fenced(global const int *src, global int *mid, global int *out, local int *a,
                       local int *b, uint n) {
      size_t g = get_group_id(0);
      for (size_t i = get_local_id(0); i < n; i += get_local_size(0))
        a[i] = src[g * n + i] * 3;
      barrier(CLK_LOCAL_MEM_FENCE);
      event_t e = async_work_group_copy(mid + g * n, a, n, 0);
      async_work_group_copy_fence(CLK_GLOBAL_MEM_FENCE);
      e = async_work_group_copy(b, mid + g * n, n, e);
      wait_group_events(1, &e);
      for (size_t i = get_local_id(0); i < n; i += get_local_size(0))
        out[g * n + i] = b[i];
    })", "-cl-std=CL3.0");
  cl_kernel K = clCreateKernel(P, "fenced", nullptr);
  const cl_uint N = 3000;
  const size_t Groups = 4, Local = 3;
  std::vector<cl_int> Src(Groups * N);
  for (size_t I = 0; I < Src.size(); ++I)
    Src[I] = cl_int(I * 7 + 1);
  cl_mem MSrc = buffer(Src.size() * 4, CL_MEM_COPY_HOST_PTR, Src.data());
  cl_mem MMid = buffer(Src.size() * 4), MOut = buffer(Src.size() * 4);
  setArgs(K, MSrc, MMid, MOut);
  ASSERT_EQ(clSetKernelArg(K, 3, N * sizeof(cl_int), nullptr), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(K, 4, N * sizeof(cl_int), nullptr), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(K, 5, sizeof N, &N), CL_SUCCESS);
  cl_command_queue Q = queue();
  run(Q, K, Groups * Local, Local);
  std::vector<cl_int> Out = read<cl_int>(Q, MOut, Src.size());
  size_t Wrong = 0;
  for (size_t I = 0; I < Src.size(); ++I)
    Wrong += Out[I] != 3 * Src[I];
  EXPECT_EQ(Wrong, 0u);
  for (cl_mem M : {MSrc, MMid, MOut})
    clReleaseMemObject(M);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

// The spec leaves a kernel that never waits undefined; Weft still finishes the copy before the
// work-group's local memory goes to the next work-group on that thread.
TEST_F(AsyncCopy, WorkGroupsThatNeverWaitStillCompleteTheirCopies) {
  cl_program P = built(R"(
    kernel void nowait(global const int *src, global int *dst, local int *tile, uint n) {
      size_t g = get_group_id(0);
      for (size_t i = get_local_id(0); i < n; i += get_local_size(0))
        tile[i] = src[g * n + i] * 2;
      barrier(CLK_LOCAL_MEM_FENCE);
      async_work_group_copy(dst + g * n, tile, n, 0);
    })", "-cl-std=CL3.0");
  cl_kernel K = clCreateKernel(P, "nowait", nullptr);
  const cl_uint N = 6000;
  const size_t Groups = 64, Local = 4;
  std::vector<cl_int> Src(Groups * N);
  for (size_t I = 0; I < Src.size(); ++I)
    Src[I] = cl_int(I);
  cl_mem MSrc = buffer(Src.size() * 4, CL_MEM_COPY_HOST_PTR, Src.data());
  cl_mem MDst = buffer(Src.size() * 4);
  setArgs(K, MSrc, MDst);
  ASSERT_EQ(clSetKernelArg(K, 2, N * sizeof(cl_int), nullptr), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(K, 3, sizeof N, &N), CL_SUCCESS);
  cl_command_queue Q = queue();
  run(Q, K, Groups * Local, Local);
  std::vector<cl_int> Dst = read<cl_int>(Q, MDst, Src.size());
  size_t Wrong = 0;
  for (size_t I = 0; I < Src.size(); ++I)
    Wrong += Dst[I] != 2 * Src[I];
  EXPECT_EQ(Wrong, 0u);
  clReleaseMemObject(MSrc);
  clReleaseMemObject(MDst);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

TEST_F(AsyncCopy, PrefetchDoesNotChangeResults) {
  cl_program P = built(R"(
    kernel void pf(global const float4 *a, global const uchar *b, global const long3 *c,
                   global float *out) {
      size_t i = get_global_id(0);
      prefetch(a + i, 4);
      prefetch(b, 100000);
      prefetch(c + i, 0);
      out[i] = a[i].y + b[i] + (float)c[i].z;
    })", "-cl-std=CL3.0");
  cl_kernel K = clCreateKernel(P, "pf", nullptr);
  const size_t N = 256;
  std::vector<cl_float> A(4 * N + 16);
  std::vector<uint8_t> B(N);
  std::vector<cl_long> C(4 * N + 16);
  for (size_t I = 0; I < A.size(); ++I)
    A[I] = float(I);
  for (size_t I = 0; I < N; ++I)
    B[I] = uint8_t(I * 3);
  for (size_t I = 0; I < C.size(); ++I)
    C[I] = cl_long(I) * 10;
  cl_mem MA = buffer(A.size() * 4, CL_MEM_COPY_HOST_PTR, A.data());
  cl_mem MB = buffer(B.size(), CL_MEM_COPY_HOST_PTR, B.data());
  cl_mem MC = buffer(C.size() * 8, CL_MEM_COPY_HOST_PTR, C.data());
  cl_mem MOut = buffer(N * 4);
  setArgs(K, MA, MB, MC, MOut);
  cl_command_queue Q = queue();
  run(Q, K, N, 16);
  std::vector<cl_float> Out = read<cl_float>(Q, MOut, N);
  for (size_t I = 0; I < N; ++I)
    EXPECT_EQ(Out[I], A[4 * I + 1] + float(B[I]) + float(C[4 * I + 2])) << I;
  for (cl_mem M : {MA, MB, MC, MOut})
    clReleaseMemObject(M);
  clReleaseKernel(K);
  clReleaseProgram(P);
}

TEST_F(AsyncCopy, DeviceReportsTheAsyncCopyExtensions) {
  size_t Size = 0;
  ASSERT_EQ(clGetDeviceInfo(Device, CL_DEVICE_EXTENSIONS_WITH_VERSION, 0, nullptr, &Size), CL_SUCCESS);
  std::vector<cl_name_version> List(Size / sizeof(cl_name_version));
  ASSERT_EQ(clGetDeviceInfo(Device, CL_DEVICE_EXTENSIONS_WITH_VERSION, Size, List.data(), nullptr), CL_SUCCESS);
  for (const char *Name : {"cl_khr_extended_async_copies", "cl_khr_async_work_group_copy_fence"}) {
    bool Found = false;
    for (const cl_name_version &E : List)
      if (std::string(E.name) == Name) {
        Found = true;
        EXPECT_EQ(E.version, CL_MAKE_VERSION(1, 0, 0)) << Name;
      }
    EXPECT_TRUE(Found) << Name;
  }
  // The 1.x form of the language has the extension too (and OpenCL C 1.2 kernels the built-ins).
  cl_program P = built(ExtendedSource, "-cl-std=CL1.2");
  EXPECT_EQ(status(P), CL_BUILD_SUCCESS);
  clReleaseProgram(P);
}

} // namespace
} // namespace weft::test
