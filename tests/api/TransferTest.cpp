// OpenCL 3.0 §5.2.2-5.2.4 (reading, writing, copying, filling, mapping buffers): results checked
// against host references, and the spec's error codes.
#include "api/RuntimeTest.h"

#include <cstring>
#include <numeric>
#include <random>

namespace weft::test {
namespace {

using TransferApi = RuntimeTest;

std::vector<cl_uchar> pattern(size_t N, unsigned Seed) {
  std::vector<cl_uchar> V(N);
  std::mt19937 Gen(Seed);
  for (cl_uchar &B : V)
    B = cl_uchar(Gen());
  return V;
}

/// Host reference of a rect copy between two byte arrays.
void rectCopy(const cl_uchar *Src, const size_t *SO, size_t SRow, size_t SSlice, cl_uchar *Dst,
              const size_t *DO, size_t DRow, size_t DSlice, const size_t *Region) {
  for (size_t Z = 0; Z < Region[2]; ++Z)
    for (size_t Y = 0; Y < Region[1]; ++Y)
      std::memcpy(Dst + (DO[2] + Z) * DSlice + (DO[1] + Y) * DRow + DO[0],
                  Src + (SO[2] + Z) * SSlice + (SO[1] + Y) * SRow + SO[0], Region[0]);
}

TEST_F(TransferApi, ReadWriteCopyAtOffsets) {
  for (cl_command_queue_properties P : {cl_command_queue_properties(0),
                                        cl_command_queue_properties(
                                            CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE)}) {
    cl_command_queue Q = queue(P);
    // Small (inline) and large (parallel, on the device's workers) sizes.
    for (size_t Size : {size_t(1000), size_t(24u << 20) + 13}) {
      auto Data = pattern(Size, unsigned(Size));
      cl_mem A = buffer(Size + 64), B = buffer(Size + 64);
      cl_event W, C;
      ASSERT_EQ(clEnqueueWriteBuffer(Q, A, CL_FALSE, 7, Size, Data.data(), 0, nullptr, &W),
                CL_SUCCESS);
      ASSERT_EQ(clEnqueueCopyBuffer(Q, A, B, 7, 33, Size, 1, &W, &C), CL_SUCCESS);
      std::vector<cl_uchar> Back(Size);
      ASSERT_EQ(clEnqueueReadBuffer(Q, B, CL_TRUE, 33, Size, Back.data(), 1, &C, nullptr),
                CL_SUCCESS);
      EXPECT_TRUE(Back == Data) << "size " << Size;
      clReleaseEvent(W);
      clReleaseEvent(C);
      clReleaseMemObject(A);
      clReleaseMemObject(B);
    }
  }
}

TEST_F(TransferApi, RangeAndArgumentErrors) {
  cl_command_queue Q = queue();
  cl_mem A = buffer(256), B = buffer(256);
  char Host[512];
  EXPECT_EQ(clEnqueueReadBuffer(Q, A, CL_TRUE, 200, 100, Host, 0, nullptr, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueReadBuffer(Q, A, CL_TRUE, 0, 16, nullptr, 0, nullptr, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueWriteBuffer(Q, A, CL_TRUE, ~size_t(0), 2, Host, 0, nullptr, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueCopyBuffer(Q, A, B, 0, 250, 16, 0, nullptr, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueReadBuffer(Q, reinterpret_cast<cl_mem>(Q), CL_TRUE, 0, 4, Host, 0, nullptr,
                                nullptr),
            CL_INVALID_MEM_OBJECT);
  EXPECT_EQ(clEnqueueReadBuffer(reinterpret_cast<cl_command_queue>(A), A, CL_TRUE, 0, 4, Host, 0,
                                nullptr, nullptr),
            CL_INVALID_COMMAND_QUEUE);
  // A buffer of another context.
  cl_context Other = clCreateContext(nullptr, 1, &Device, nullptr, nullptr, nullptr);
  cl_mem Foreign = clCreateBuffer(Other, CL_MEM_READ_WRITE, 256, nullptr, nullptr);
  EXPECT_EQ(clEnqueueReadBuffer(Q, Foreign, CL_TRUE, 0, 4, Host, 0, nullptr, nullptr),
            CL_INVALID_CONTEXT);
  EXPECT_EQ(clEnqueueCopyBuffer(Q, A, Foreign, 0, 0, 4, 0, nullptr, nullptr), CL_INVALID_CONTEXT);
  clReleaseMemObject(Foreign);
  clReleaseContext(Other);
  clReleaseMemObject(A);
  clReleaseMemObject(B);
}

TEST_F(TransferApi, CopyOverlapIsDetected) {
  cl_command_queue Q = queue();
  cl_mem A = buffer(4096);
  EXPECT_EQ(clEnqueueCopyBuffer(Q, A, A, 0, 100, 200, 0, nullptr, nullptr), CL_MEM_COPY_OVERLAP);
  EXPECT_EQ(clEnqueueCopyBuffer(Q, A, A, 0, 200, 200, 0, nullptr, nullptr), CL_SUCCESS);
  // Sub-buffers of one buffer overlap when their bytes do.
  cl_buffer_region R1{0, 1024}, R2{512, 1024};
  cl_mem S1 = clCreateSubBuffer(A, 0, CL_BUFFER_CREATE_TYPE_REGION, &R1, nullptr);
  cl_mem S2 = clCreateSubBuffer(A, 0, CL_BUFFER_CREATE_TYPE_REGION, &R2, nullptr);
  EXPECT_EQ(clEnqueueCopyBuffer(Q, S1, S2, 600, 0, 100, 0, nullptr, nullptr), CL_MEM_COPY_OVERLAP);
  EXPECT_EQ(clEnqueueCopyBuffer(Q, S1, S2, 0, 0, 100, 0, nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(clEnqueueCopyBuffer(Q, S1, A, 0, 50, 100, 0, nullptr, nullptr), CL_MEM_COPY_OVERLAP);
  // Rects in one buffer (the spec's wrap-around cases included).
  size_t O1[3] = {0, 0, 0}, O2[3] = {8, 0, 0}, Region[3] = {16, 4, 1};
  EXPECT_EQ(clEnqueueCopyBufferRect(Q, A, A, O1, O2, Region, 64, 256, 64, 256, 0, nullptr,
                                    nullptr),
            CL_MEM_COPY_OVERLAP);
  size_t O3[3] = {32, 0, 0};
  EXPECT_EQ(clEnqueueCopyBufferRect(Q, A, A, O1, O3, Region, 64, 256, 64, 256, 0, nullptr,
                                    nullptr),
            CL_SUCCESS);
  size_t Wide[3] = {60, 2, 1}, Wrap[3] = {0, 1, 0}, Start[3] = {10, 0, 0};
  // Rows of 60 bytes starting at x=10 run past the 64-byte pitch into the next row's start.
  EXPECT_EQ(clEnqueueCopyBufferRect(Q, A, A, Start, Wrap, Wide, 64, 256, 64, 256, 0, nullptr,
                                    nullptr),
            CL_MEM_COPY_OVERLAP);
  clFinish(Q);
  for (cl_mem M : {S1, S2, A})
    clReleaseMemObject(M);
}

TEST_F(TransferApi, RectTransfersMatchAHostReference) {
  cl_command_queue Q = queue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  const size_t BufRow = 100, BufSlice = 100 * 30, BufSize = BufSlice * 6;
  auto Init = pattern(BufSize, 1);
  cl_mem B = buffer(BufSize, CL_MEM_COPY_HOST_PTR, Init.data());
  std::vector<cl_uchar> Model = Init;

  // Read a 3D rect into a host array with other pitches.
  size_t BO[3] = {5, 3, 1}, HO[3] = {2, 1, 0}, Region[3] = {37, 11, 4};
  const size_t HRow = 50, HSlice = 50 * 14;
  std::vector<cl_uchar> Host(HSlice * 4, 0), Expect(HSlice * 4, 0);
  ASSERT_EQ(clEnqueueReadBufferRect(Q, B, CL_TRUE, BO, HO, Region, BufRow, BufSlice, HRow, HSlice,
                                    Host.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  rectCopy(Model.data(), BO, BufRow, BufSlice, Expect.data(), HO, HRow, HSlice, Region);
  EXPECT_TRUE(Host == Expect);

  // Write a rect back elsewhere; default pitches (0) on the host side.
  auto Src = pattern(37 * 11 * 4, 2);
  size_t WO[3] = {50, 10, 2}, Zero[3] = {0, 0, 0};
  ASSERT_EQ(clEnqueueWriteBufferRect(Q, B, CL_TRUE, WO, Zero, Region, BufRow, BufSlice, 0, 0,
                                     Src.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  rectCopy(Src.data(), Zero, 37, 37 * 11, Model.data(), WO, BufRow, BufSlice, Region);

  // Copy a rect into a second buffer with different pitches.
  const size_t DRow = 64, DSlice = 64 * 16;
  cl_mem D = buffer(DSlice * 5);
  std::vector<cl_uchar> DModel(DSlice * 5, 0);
  cl_uchar Zero8 = 0;
  ASSERT_EQ(clEnqueueFillBuffer(Q, D, &Zero8, 1, 0, DSlice * 5, 0, nullptr, nullptr), CL_SUCCESS);
  ASSERT_EQ(clFinish(Q), CL_SUCCESS);
  size_t SO[3] = {40, 5, 1}, DO[3] = {3, 2, 1}, CopyRegion[3] = {20, 9, 3};
  ASSERT_EQ(clEnqueueCopyBufferRect(Q, B, D, SO, DO, CopyRegion, BufRow, BufSlice, DRow, DSlice, 0,
                                    nullptr, nullptr),
            CL_SUCCESS);
  rectCopy(Model.data(), SO, BufRow, BufSlice, DModel.data(), DO, DRow, DSlice, CopyRegion);
  ASSERT_EQ(clFinish(Q), CL_SUCCESS);
  std::vector<cl_uchar> Back(BufSize), DBack(DSlice * 5);
  ASSERT_EQ(clEnqueueReadBuffer(Q, B, CL_TRUE, 0, BufSize, Back.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  ASSERT_EQ(clEnqueueReadBuffer(Q, D, CL_TRUE, 0, DSlice * 5, DBack.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  EXPECT_TRUE(Back == Model);
  EXPECT_TRUE(DBack == DModel);
  clReleaseMemObject(B);
  clReleaseMemObject(D);
}

TEST_F(TransferApi, RectErrors) {
  cl_command_queue Q = queue();
  cl_mem B = buffer(1000);
  char Host[4096];
  size_t O[3] = {0, 0, 0};
  auto Read = [&](const size_t *Origin, const size_t *Region, size_t BRow, size_t BSlice,
                  size_t HRow, size_t HSlice) {
    return clEnqueueReadBufferRect(Q, B, CL_TRUE, Origin, O, Region, BRow, BSlice, HRow, HSlice,
                                   Host, 0, nullptr, nullptr);
  };
  size_t R[3] = {10, 10, 1}, R11[3] = {10, 11, 1}, ZeroX[3] = {0, 10, 1}, ZeroZ[3] = {10, 10, 0};
  EXPECT_EQ(Read(O, R, 10, 0, 0, 0), CL_SUCCESS);
  EXPECT_EQ(Read(O, ZeroX, 10, 0, 0, 0), CL_INVALID_VALUE);
  EXPECT_EQ(Read(O, ZeroZ, 10, 0, 0, 0), CL_INVALID_VALUE);
  EXPECT_EQ(Read(O, R, 9, 0, 0, 0), CL_INVALID_VALUE) << "row pitch below region[0]";
  EXPECT_EQ(Read(O, R, 0, 0, 5, 0), CL_INVALID_VALUE) << "host row pitch below region[0]";
  EXPECT_EQ(Read(O, R, 10, 95, 0, 0), CL_INVALID_VALUE) << "slice pitch below and not a multiple";
  EXPECT_EQ(Read(O, R, 100, 0, 0, 0), CL_SUCCESS) << "the last of 10 rows ends at byte 910";
  EXPECT_EQ(Read(O, R11, 100, 0, 0, 0), CL_INVALID_VALUE) << "the 11th row ends at byte 1010";
  size_t Far[3] = {991, 9, 0};
  EXPECT_EQ(Read(Far, R, 10, 0, 0, 0), CL_INVALID_VALUE);
  EXPECT_EQ(Read(nullptr, R, 10, 0, 0, 0), CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueReadBufferRect(Q, B, CL_TRUE, O, O, nullptr, 0, 0, 0, 0, Host, 0, nullptr,
                                    nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueReadBufferRect(Q, B, CL_TRUE, O, O, R, 0, 0, 0, 0, nullptr, 0, nullptr,
                                    nullptr),
            CL_INVALID_VALUE);
  clReleaseMemObject(B);
}

TEST_F(TransferApi, FillEveryPatternSize) {
  cl_command_queue Q = queue();
  // Random patterns, and one byte repeated (zeros, 0xff). Fills of 1 MiB or more run in parallel
  // chunks: 5 MiB and an odd number of patterns splits where a pattern would be cut in two.
  for (int Uniform : {-1, 0, 0xff})
    for (size_t P = 1; P <= 128; P *= 2) {
      for (size_t Size :
           {P * 3, P * 1000, (size_t(3) << 20) / P * P, (size_t(5) << 20) + 333 * P}) {
        const size_t Offset = P * 5, Total = Offset + Size + P * 7;
        auto Init = pattern(Total, unsigned(P + Size));
        auto Pat = Uniform < 0 ? pattern(P, unsigned(P * 7)) : std::vector<cl_uchar>(P, Uniform);
        cl_mem B = buffer(Total, CL_MEM_COPY_HOST_PTR, Init.data());
        ASSERT_EQ(clEnqueueFillBuffer(Q, B, Pat.data(), P, Offset, Size, 0, nullptr, nullptr),
                  CL_SUCCESS);
        std::vector<cl_uchar> Back(Total);
        ASSERT_EQ(clEnqueueReadBuffer(Q, B, CL_TRUE, 0, Total, Back.data(), 0, nullptr, nullptr),
                  CL_SUCCESS);
        auto Expect = Init;
        for (size_t I = 0; I < Size; ++I)
          Expect[Offset + I] = Pat[I % P];
        EXPECT_TRUE(Back == Expect) << "pattern " << P << " (" << Uniform << "), size " << Size;
        clReleaseMemObject(B);
      }
    }
}

TEST_F(TransferApi, FillErrors) {
  cl_command_queue Q = queue();
  cl_mem B = buffer(1024);
  char Pat[256] = {};
  EXPECT_EQ(clEnqueueFillBuffer(Q, B, Pat, 3, 0, 12, 0, nullptr, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueFillBuffer(Q, B, Pat, 0, 0, 12, 0, nullptr, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueFillBuffer(Q, B, Pat, 256, 0, 512, 0, nullptr, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueFillBuffer(Q, B, nullptr, 4, 0, 12, 0, nullptr, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueFillBuffer(Q, B, Pat, 4, 2, 12, 0, nullptr, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueFillBuffer(Q, B, Pat, 4, 0, 10, 0, nullptr, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueFillBuffer(Q, B, Pat, 4, 1020, 8, 0, nullptr, nullptr), CL_INVALID_VALUE);
  clReleaseMemObject(B);
}

TEST_F(TransferApi, MapAndUnmap) {
  cl_command_queue Q = queue();
  auto Init = pattern(8192, 3);
  cl_mem B = buffer(8192, CL_MEM_COPY_HOST_PTR, Init.data());
  cl_int Err;
  auto *Read = static_cast<cl_uchar *>(
      clEnqueueMapBuffer(Q, B, CL_TRUE, CL_MAP_READ, 100, 1000, 0, nullptr, nullptr, &Err));
  ASSERT_EQ(Err, CL_SUCCESS);
  EXPECT_EQ(std::memcmp(Read, Init.data() + 100, 1000), 0);
  cl_event MapDone;
  auto *Write = static_cast<cl_uchar *>(clEnqueueMapBuffer(
      Q, B, CL_FALSE, CL_MAP_WRITE_INVALIDATE_REGION, 0, 64, 0, nullptr, &MapDone, &Err));
  ASSERT_EQ(Err, CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &MapDone), CL_SUCCESS);
  cl_uint Count = 0;
  clGetMemObjectInfo(B, CL_MEM_MAP_COUNT, sizeof Count, &Count, nullptr);
  EXPECT_EQ(Count, 2u);
  std::memset(Write, 0xee, 64);
  ASSERT_EQ(clEnqueueUnmapMemObject(Q, B, Write, 0, nullptr, nullptr), CL_SUCCESS);
  ASSERT_EQ(clEnqueueUnmapMemObject(Q, B, Read, 0, nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(clEnqueueUnmapMemObject(Q, B, Read, 0, nullptr, nullptr), CL_INVALID_VALUE)
      << "already unmapped";
  EXPECT_EQ(clEnqueueUnmapMemObject(Q, B, Init.data(), 0, nullptr, nullptr), CL_INVALID_VALUE);
  clGetMemObjectInfo(B, CL_MEM_MAP_COUNT, sizeof Count, &Count, nullptr);
  EXPECT_EQ(Count, 0u);
  cl_uchar Byte;
  ASSERT_EQ(clEnqueueReadBuffer(Q, B, CL_TRUE, 10, 1, &Byte, 0, nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(Byte, 0xee);
  // Errors.
  EXPECT_EQ(clEnqueueMapBuffer(Q, B, CL_TRUE, CL_MAP_READ, 0, 0, 0, nullptr, nullptr, &Err),
            nullptr);
  EXPECT_EQ(Err, CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueMapBuffer(Q, B, CL_TRUE, CL_MAP_READ, 8000, 200, 0, nullptr, nullptr, &Err),
            nullptr);
  EXPECT_EQ(Err, CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueMapBuffer(Q, B, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE_INVALIDATE_REGION, 0, 8,
                               0, nullptr, nullptr, &Err),
            nullptr);
  EXPECT_EQ(Err, CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueMapBuffer(Q, B, CL_TRUE, cl_map_flags(1) << 10, 0, 8, 0, nullptr, nullptr,
                               &Err),
            nullptr);
  EXPECT_EQ(Err, CL_INVALID_VALUE);
  clReleaseEvent(MapDone);
  clReleaseMemObject(B);
}

TEST_F(TransferApi, Migrate) {
  cl_command_queue Q = queue();
  cl_mem A = buffer(64), B = buffer(64);
  cl_mem Both[] = {A, B};
  cl_event E;
  ASSERT_EQ(clEnqueueMigrateMemObjects(Q, 2, Both, CL_MIGRATE_MEM_OBJECT_HOST, 0, nullptr, &E),
            CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &E), CL_SUCCESS);
  cl_command_type Type;
  clGetEventInfo(E, CL_EVENT_COMMAND_TYPE, sizeof Type, &Type, nullptr);
  EXPECT_EQ(Type, cl_command_type(CL_COMMAND_MIGRATE_MEM_OBJECTS));
  EXPECT_EQ(clEnqueueMigrateMemObjects(Q, 0, Both, 0, 0, nullptr, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueMigrateMemObjects(Q, 2, nullptr, 0, 0, nullptr, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueMigrateMemObjects(Q, 2, Both, 1 << 5, 0, nullptr, nullptr), CL_INVALID_VALUE);
  cl_mem Bad[] = {A, reinterpret_cast<cl_mem>(Q)};
  EXPECT_EQ(clEnqueueMigrateMemObjects(Q, 2, Bad, 0, 0, nullptr, nullptr), CL_INVALID_MEM_OBJECT);
  clReleaseEvent(E);
  clReleaseMemObject(A);
  clReleaseMemObject(B);
}

} // namespace
} // namespace weft::test
