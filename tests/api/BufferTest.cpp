// OpenCL 3.0 §5.2 (buffer objects): creation flags and host pointers, sub-buffers, info, and
// destructor callbacks.
#include "api/RuntimeTest.h"

#include <cstring>
#include <numeric>

namespace weft::test {
namespace {

using BufferApi = RuntimeTest;

template <class T> T memInfo(cl_mem M, cl_mem_info Q) {
  T V{};
  EXPECT_EQ(clGetMemObjectInfo(M, Q, sizeof V, &V, nullptr), CL_SUCCESS) << std::hex << Q;
  return V;
}

TEST_F(BufferApi, EveryValidFlagCombination) {
  const cl_mem_flags Access[] = {0, CL_MEM_READ_WRITE, CL_MEM_WRITE_ONLY, CL_MEM_READ_ONLY};
  const cl_mem_flags Host[] = {0, CL_MEM_USE_HOST_PTR, CL_MEM_ALLOC_HOST_PTR, CL_MEM_COPY_HOST_PTR,
                               CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR};
  const cl_mem_flags HostAccess[] = {0, CL_MEM_HOST_WRITE_ONLY, CL_MEM_HOST_READ_ONLY,
                                     CL_MEM_HOST_NO_ACCESS};
  alignas(128) char Data[256];
  for (cl_mem_flags A : Access)
    for (cl_mem_flags H : Host)
      for (cl_mem_flags HA : HostAccess) {
        cl_mem_flags F = A | H | HA;
        void *Ptr = (H & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR)) ? Data : nullptr;
        cl_int Err;
        cl_mem M = clCreateBuffer(Ctx, F, sizeof Data, Ptr, &Err);
        ASSERT_EQ(Err, CL_SUCCESS) << std::hex << F;
        EXPECT_EQ(memInfo<cl_mem_flags>(M, CL_MEM_FLAGS), F);
        clReleaseMemObject(M);
      }
}

TEST_F(BufferApi, InvalidFlagsSizesAndHostPointers) {
  char Data[64];
  cl_int Err;
  auto Fails = [&](cl_mem_flags F, size_t Size, void *Ptr, cl_int Code) {
    EXPECT_EQ(clCreateBuffer(Ctx, F, Size, Ptr, &Err), nullptr) << std::hex << F;
    EXPECT_EQ(Err, Code) << std::hex << F;
  };
  Fails(CL_MEM_READ_WRITE | CL_MEM_READ_ONLY, 64, nullptr, CL_INVALID_VALUE);
  Fails(CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY, 64, nullptr, CL_INVALID_VALUE);
  Fails(CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR, 64, Data, CL_INVALID_VALUE);
  Fails(CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR, 64, Data, CL_INVALID_VALUE);
  Fails(CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_WRITE_ONLY, 64, nullptr, CL_INVALID_VALUE);
  Fails(CL_MEM_HOST_NO_ACCESS | CL_MEM_HOST_READ_ONLY, 64, nullptr, CL_INVALID_VALUE);
  Fails(cl_mem_flags(1) << 40, 64, nullptr, CL_INVALID_VALUE);
  Fails(CL_MEM_READ_WRITE, 0, nullptr, CL_INVALID_BUFFER_SIZE);
  cl_ulong MaxAlloc = deviceValue<cl_ulong>(Device, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
  Fails(CL_MEM_READ_WRITE, MaxAlloc + 1, nullptr, CL_INVALID_BUFFER_SIZE);
  Fails(CL_MEM_USE_HOST_PTR, 64, nullptr, CL_INVALID_HOST_PTR);
  Fails(CL_MEM_COPY_HOST_PTR, 64, nullptr, CL_INVALID_HOST_PTR);
  Fails(CL_MEM_READ_WRITE, 64, Data, CL_INVALID_HOST_PTR);
  Fails(CL_MEM_ALLOC_HOST_PTR, 64, Data, CL_INVALID_HOST_PTR);
  EXPECT_EQ(clCreateBuffer(reinterpret_cast<cl_context>(Device), 0, 64, nullptr, &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_CONTEXT);
}

TEST_F(BufferApi, HostPointerModes) {
  cl_command_queue Q = queue();
  std::vector<int> Host(1024);
  std::iota(Host.begin(), Host.end(), 0);
  // COPY_HOST_PTR copies at creation; later host changes are not seen.
  cl_mem Copied = buffer(4096, CL_MEM_COPY_HOST_PTR, Host.data());
  Host[0] = -1;
  int First = 0;
  ASSERT_EQ(clEnqueueReadBuffer(Q, Copied, CL_TRUE, 0, 4, &First, 0, nullptr, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(First, 0);
  EXPECT_EQ(memInfo<void *>(Copied, CL_MEM_HOST_PTR), nullptr)
      << "CL_MEM_HOST_PTR is host_ptr only with CL_MEM_USE_HOST_PTR";
  // USE_HOST_PTR: zero copy, the map is the application's memory.
  cl_mem Used = buffer(4096, CL_MEM_USE_HOST_PTR, Host.data());
  EXPECT_EQ(memInfo<void *>(Used, CL_MEM_HOST_PTR), Host.data());
  cl_int Err;
  void *Mapped = clEnqueueMapBuffer(Q, Used, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 64, 128, 0,
                                    nullptr, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  EXPECT_EQ(Mapped, reinterpret_cast<char *>(Host.data()) + 64);
  ASSERT_EQ(clEnqueueUnmapMemObject(Q, Used, Mapped, 0, nullptr, nullptr), CL_SUCCESS);
  int Value = 4242;
  ASSERT_EQ(clEnqueueWriteBuffer(Q, Used, CL_TRUE, 8, 4, &Value, 0, nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(Host[2], 4242);
  // ALLOC_HOST_PTR: Weft's own memory, no host_ptr.
  cl_mem Alloc = buffer(4096, CL_MEM_ALLOC_HOST_PTR);
  EXPECT_EQ(memInfo<void *>(Alloc, CL_MEM_HOST_PTR), nullptr);
  for (cl_mem M : {Copied, Used, Alloc})
    clReleaseMemObject(M);
}

TEST_F(BufferApi, InfoQueries) {
  cl_mem M = buffer(1000, CL_MEM_READ_ONLY | CL_MEM_HOST_NO_ACCESS);
  EXPECT_EQ(memInfo<cl_mem_object_type>(M, CL_MEM_TYPE), cl_mem_object_type(CL_MEM_OBJECT_BUFFER));
  EXPECT_EQ(memInfo<size_t>(M, CL_MEM_SIZE), 1000u);
  EXPECT_EQ(memInfo<cl_uint>(M, CL_MEM_MAP_COUNT), 0u);
  EXPECT_EQ(memInfo<cl_uint>(M, CL_MEM_REFERENCE_COUNT), 1u);
  EXPECT_EQ(memInfo<cl_context>(M, CL_MEM_CONTEXT), Ctx);
  EXPECT_EQ(memInfo<cl_mem>(M, CL_MEM_ASSOCIATED_MEMOBJECT), nullptr);
  EXPECT_EQ(memInfo<size_t>(M, CL_MEM_OFFSET), 0u);
  EXPECT_EQ(memInfo<cl_bool>(M, CL_MEM_USES_SVM_POINTER), cl_bool(CL_FALSE));
  size_t Size = 99;
  ASSERT_EQ(clGetMemObjectInfo(M, CL_MEM_PROPERTIES, 0, nullptr, &Size), CL_SUCCESS);
  EXPECT_EQ(Size, 0u);
  EXPECT_EQ(clGetMemObjectInfo(M, 0x7fff, 0, nullptr, &Size), CL_INVALID_VALUE);
  clRetainMemObject(M);
  EXPECT_EQ(memInfo<cl_uint>(M, CL_MEM_REFERENCE_COUNT), 2u);
  clReleaseMemObject(M);
  clReleaseMemObject(M);
  EXPECT_EQ(clRetainMemObject(reinterpret_cast<cl_mem>(Ctx)), CL_INVALID_MEM_OBJECT);
}

TEST_F(BufferApi, WithProperties) {
  cl_int Err;
  cl_mem_properties Empty[] = {0};
  cl_mem M = clCreateBufferWithProperties(Ctx, Empty, CL_MEM_READ_WRITE, 64, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  size_t Size = 0;
  ASSERT_EQ(clGetMemObjectInfo(M, CL_MEM_PROPERTIES, 0, nullptr, &Size), CL_SUCCESS);
  EXPECT_EQ(Size, sizeof(cl_mem_properties)) << "the list as given, with its 0";
  clReleaseMemObject(M);
  M = clCreateBufferWithProperties(Ctx, nullptr, CL_MEM_READ_WRITE, 64, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  clReleaseMemObject(M);
  cl_mem_properties Unknown[] = {0x7777, 1, 0};
  EXPECT_EQ(clCreateBufferWithProperties(Ctx, Unknown, CL_MEM_READ_WRITE, 64, nullptr, &Err),
            nullptr);
  EXPECT_EQ(Err, CL_INVALID_PROPERTY);
}

TEST_F(BufferApi, SubBuffers) {
  cl_command_queue Q = queue();
  std::vector<cl_uchar> Init(4096);
  std::iota(Init.begin(), Init.end(), 0);
  cl_mem Parent = buffer(4096, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR | CL_MEM_HOST_READ_ONLY,
                         Init.data());
  cl_buffer_region R{256, 512};
  cl_int Err;
  cl_mem Sub = clCreateSubBuffer(Parent, CL_MEM_READ_ONLY, CL_BUFFER_CREATE_TYPE_REGION, &R, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  EXPECT_EQ(memInfo<cl_mem>(Sub, CL_MEM_ASSOCIATED_MEMOBJECT), Parent);
  EXPECT_EQ(memInfo<size_t>(Sub, CL_MEM_OFFSET), 256u);
  EXPECT_EQ(memInfo<size_t>(Sub, CL_MEM_SIZE), 512u);
  // Inherits the host-pointer and host-access flags it did not name.
  EXPECT_EQ(memInfo<cl_mem_flags>(Sub, CL_MEM_FLAGS),
            cl_mem_flags(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR | CL_MEM_HOST_READ_ONLY));
  cl_uchar Byte = 0;
  ASSERT_EQ(clEnqueueReadBuffer(Q, Sub, CL_TRUE, 1, 1, &Byte, 0, nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(Byte, cl_uchar(257 & 0xff)) << "a sub-buffer views its parent's memory";
  // A sub-buffer keeps its parent alive.
  clReleaseMemObject(Parent);
  ASSERT_EQ(clEnqueueReadBuffer(Q, Sub, CL_TRUE, 0, 1, &Byte, 0, nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(Byte, cl_uchar(0));
  clReleaseMemObject(Sub);
}

TEST_F(BufferApi, SubBufferErrors) {
  cl_mem Parent = buffer(4096, CL_MEM_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS);
  cl_int Err;
  auto Fails = [&](cl_mem P, cl_mem_flags F, cl_buffer_create_type T, const void *Info,
                   cl_int Code) {
    EXPECT_EQ(clCreateSubBuffer(P, F, T, Info, &Err), nullptr);
    EXPECT_EQ(Err, Code) << std::hex << F;
  };
  cl_buffer_region Good{0, 128}, Misaligned{4, 128}, TooFar{4000, 128}, Empty{0, 0};
  Fails(Parent, 0, CL_BUFFER_CREATE_TYPE_REGION, &Misaligned, CL_MISALIGNED_SUB_BUFFER_OFFSET);
  Fails(Parent, 0, CL_BUFFER_CREATE_TYPE_REGION, &TooFar, CL_INVALID_VALUE);
  Fails(Parent, 0, CL_BUFFER_CREATE_TYPE_REGION, &Empty, CL_INVALID_BUFFER_SIZE);
  Fails(Parent, 0, CL_BUFFER_CREATE_TYPE_REGION, nullptr, CL_INVALID_VALUE);
  Fails(Parent, 0, 0x7777, &Good, CL_INVALID_VALUE);
  Fails(Parent, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &Good, CL_INVALID_VALUE);
  Fails(Parent, CL_MEM_READ_ONLY, CL_BUFFER_CREATE_TYPE_REGION, &Good, CL_INVALID_VALUE);
  Fails(Parent, CL_MEM_HOST_READ_ONLY, CL_BUFFER_CREATE_TYPE_REGION, &Good, CL_INVALID_VALUE);
  Fails(Parent, CL_MEM_USE_HOST_PTR, CL_BUFFER_CREATE_TYPE_REGION, &Good, CL_INVALID_VALUE);
  cl_mem Sub = clCreateSubBuffer(Parent, 0, CL_BUFFER_CREATE_TYPE_REGION, &Good, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  Fails(Sub, 0, CL_BUFFER_CREATE_TYPE_REGION, &Good, CL_INVALID_MEM_OBJECT);
  clReleaseMemObject(Sub);
  clReleaseMemObject(Parent);
}

struct DestructorLog {
  std::vector<int> Order;
  bool HostStillValid = false;
};
template <int Id> void CL_CALLBACK onDestroy(cl_mem, void *User) {
  static_cast<DestructorLog *>(User)->Order.push_back(Id);
}

TEST_F(BufferApi, DestructorCallbacksRunInReverseAfterPendingCommands) {
  cl_command_queue Q = queue();
  DestructorLog Log;
  cl_mem M = buffer(1 << 20);
  ASSERT_EQ(clSetMemObjectDestructorCallback(M, onDestroy<1>, &Log), CL_SUCCESS);
  ASSERT_EQ(clSetMemObjectDestructorCallback(M, onDestroy<2>, &Log), CL_SUCCESS);
  EXPECT_EQ(clSetMemObjectDestructorCallback(M, nullptr, &Log), CL_INVALID_VALUE);
  cl_event Gate = userEvent(), Fill;
  cl_uchar Zero = 0;
  ASSERT_EQ(clEnqueueFillBuffer(Q, M, &Zero, 1, 0, 1 << 20, 1, &Gate, &Fill), CL_SUCCESS);
  clReleaseMemObject(M);
  EXPECT_TRUE(Log.Order.empty()) << "a command still uses the buffer";
  ASSERT_EQ(clSetUserEventStatus(Gate, CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &Fill), CL_SUCCESS);
  ASSERT_EQ(clFinish(Q), CL_SUCCESS);
  EXPECT_EQ(Log.Order, (std::vector<int>{2, 1}));
  clReleaseEvent(Gate);
  clReleaseEvent(Fill);
}

TEST_F(BufferApi, HostAccessFlagsForbidHostTransfers) {
  cl_command_queue Q = queue();
  char Data[64] = {};
  cl_mem WriteOnly = buffer(64, CL_MEM_HOST_WRITE_ONLY);
  cl_mem ReadOnly = buffer(64, CL_MEM_HOST_READ_ONLY);
  cl_mem NoAccess = buffer(64, CL_MEM_HOST_NO_ACCESS);
  EXPECT_EQ(clEnqueueReadBuffer(Q, WriteOnly, CL_TRUE, 0, 64, Data, 0, nullptr, nullptr),
            CL_INVALID_OPERATION);
  EXPECT_EQ(clEnqueueWriteBuffer(Q, WriteOnly, CL_TRUE, 0, 64, Data, 0, nullptr, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(clEnqueueWriteBuffer(Q, ReadOnly, CL_TRUE, 0, 64, Data, 0, nullptr, nullptr),
            CL_INVALID_OPERATION);
  EXPECT_EQ(clEnqueueReadBuffer(Q, ReadOnly, CL_TRUE, 0, 64, Data, 0, nullptr, nullptr),
            CL_SUCCESS);
  for (cl_mem M : {NoAccess}) {
    EXPECT_EQ(clEnqueueReadBuffer(Q, M, CL_TRUE, 0, 64, Data, 0, nullptr, nullptr),
              CL_INVALID_OPERATION);
    EXPECT_EQ(clEnqueueWriteBuffer(Q, M, CL_TRUE, 0, 64, Data, 0, nullptr, nullptr),
              CL_INVALID_OPERATION);
  }
  size_t Origin[3] = {0, 0, 0}, Region[3] = {8, 2, 1};
  EXPECT_EQ(clEnqueueReadBufferRect(Q, WriteOnly, CL_TRUE, Origin, Origin, Region, 0, 0, 0, 0,
                                    Data, 0, nullptr, nullptr),
            CL_INVALID_OPERATION);
  EXPECT_EQ(clEnqueueWriteBufferRect(Q, ReadOnly, CL_TRUE, Origin, Origin, Region, 0, 0, 0, 0,
                                     Data, 0, nullptr, nullptr),
            CL_INVALID_OPERATION);
  cl_int Err;
  EXPECT_EQ(clEnqueueMapBuffer(Q, WriteOnly, CL_TRUE, CL_MAP_READ, 0, 64, 0, nullptr, nullptr,
                               &Err),
            nullptr);
  EXPECT_EQ(Err, CL_INVALID_OPERATION);
  EXPECT_EQ(clEnqueueMapBuffer(Q, ReadOnly, CL_TRUE, CL_MAP_WRITE_INVALIDATE_REGION, 0, 64, 0,
                               nullptr, nullptr, &Err),
            nullptr);
  EXPECT_EQ(Err, CL_INVALID_OPERATION);
  // Device-side copies are not host access.
  EXPECT_EQ(clEnqueueCopyBuffer(Q, NoAccess, WriteOnly, 0, 0, 64, 0, nullptr, nullptr),
            CL_SUCCESS);
  clFinish(Q);
  for (cl_mem M : {WriteOnly, ReadOnly, NoAccess})
    clReleaseMemObject(M);
}

// No device supports pipes: creation says so, and no memory object is a pipe.
TEST_F(BufferApi, PipesAreNotSupported) {
  EXPECT_EQ(deviceValue<cl_bool>(Device, CL_DEVICE_PIPE_SUPPORT), cl_bool(CL_FALSE));
  cl_int Err;
  EXPECT_EQ(clCreatePipe(Ctx, CL_MEM_READ_WRITE, 4, 16, nullptr, &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_OPERATION);
  EXPECT_EQ(clCreatePipe(reinterpret_cast<cl_context>(Device), 0, 4, 16, nullptr, &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_CONTEXT);
  cl_mem B = buffer(64);
  cl_uint Packet;
  EXPECT_EQ(clGetPipeInfo(B, CL_PIPE_PACKET_SIZE, sizeof Packet, &Packet, nullptr),
            CL_INVALID_MEM_OBJECT);
  clReleaseMemObject(B);
}

} // namespace
} // namespace weft::test
