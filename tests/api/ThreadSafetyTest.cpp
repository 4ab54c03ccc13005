// Every API call may come from any host thread at once: many threads enumerate, query, create,
// retain and release contexts, some of them shared, while destructor callbacks are counted.
#include "api/RuntimeTest.h"

#include <atomic>
#include <thread>
#include <vector>

namespace weft::test {
namespace {

using ThreadSafety = WeftTest;

std::atomic<int> Destroyed{0};
void CL_CALLBACK countDestruction(cl_context, void *) { Destroyed.fetch_add(1); }

TEST_F(ThreadSafety, ConcurrentContextsAndQueries) {
  constexpr int Threads = 8, Iterations = 300;
  cl_int Err;
  cl_context Shared = clCreateContext(nullptr, 1, &Device, nullptr, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  ASSERT_EQ(clSetContextDestructorCallback(Shared, countDestruction, nullptr), CL_SUCCESS);
  Destroyed = 0;
  std::atomic<int> Failures{0};

  std::vector<std::thread> Pool;
  for (int T = 0; T < Threads; ++T)
    Pool.emplace_back([&, T] {
      for (int I = 0; I < Iterations; ++I) {
        cl_platform_id P = nullptr;
        cl_uint N = 0;
        if (clGetPlatformIDs(1, &P, &N) != CL_SUCCESS)
          Failures++;
        cl_device_id D = nullptr;
        if (clGetDeviceIDs(Platform, CL_DEVICE_TYPE_CPU, 1, &D, nullptr) != CL_SUCCESS ||
            D != Device)
          Failures++;
        char Name[256];
        if (clGetDeviceInfo(D, CL_DEVICE_NAME, sizeof Name, Name, nullptr) != CL_SUCCESS)
          Failures++;
        cl_int E;
        cl_context Own = (T + I) % 2
                             ? clCreateContext(nullptr, 1, &Device, nullptr, nullptr, &E)
                             : clCreateContextFromType(nullptr, CL_DEVICE_TYPE_CPU, nullptr,
                                                       nullptr, &E);
        if (E != CL_SUCCESS || !Own) {
          Failures++;
          continue;
        }
        clSetContextDestructorCallback(Own, countDestruction, nullptr);
        clRetainContext(Shared);
        cl_uint Count = 0;
        if (clGetContextInfo(Shared, CL_CONTEXT_REFERENCE_COUNT, sizeof Count, &Count, nullptr) !=
                CL_SUCCESS ||
            Count < 2)
          Failures++;
        clReleaseContext(Shared);
        if (clReleaseContext(Own) != CL_SUCCESS)
          Failures++;
      }
    });
  for (std::thread &T : Pool)
    T.join();
  EXPECT_EQ(Failures.load(), 0);
  // Every thread-owned context was destroyed exactly once; the shared one is still alive.
  EXPECT_EQ(Destroyed.load(), Threads * Iterations);
  cl_uint Count = 0;
  ASSERT_EQ(clGetContextInfo(Shared, CL_CONTEXT_REFERENCE_COUNT, sizeof Count, &Count, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(Count, 1u);
  clReleaseContext(Shared);
  EXPECT_EQ(Destroyed.load(), Threads * Iterations + 1);
}

} // namespace
} // namespace weft::test

namespace weft::test {
namespace {

using RuntimeThreads = RuntimeTest;

// Several host threads at once, each on its own queue and on two shared ones, create buffers,
// enqueue chains of dependent transfers, wait, and release; every chain's data must come out right.
TEST_F(RuntimeThreads, ConcurrentQueuesBuffersAndEvents) {
  constexpr int Threads = 6, Rounds = 150;
  cl_command_queue SharedInOrder = queue();
  cl_command_queue SharedOoo = queue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  std::atomic<int> Failures{0};
  std::vector<std::thread> Pool;
  for (int T = 0; T < Threads; ++T)
    Pool.emplace_back([&, T] {
      cl_int Err;
      cl_command_queue Own = clCreateCommandQueue(
          Ctx, Device, T % 2 ? CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE : 0, &Err);
      for (int I = 0; I < Rounds; ++I) {
        cl_command_queue Qs[] = {Own, SharedInOrder, SharedOoo};
        cl_command_queue A = Qs[I % 3], B = Qs[(I + T) % 3];
        size_t Size = 4096 + size_t(T * 977 + I * 131) % 65536;
        std::vector<cl_uchar> In(Size), Out(Size, 0);
        for (size_t K = 0; K < Size; ++K)
          In[K] = cl_uchar(K * 7 + T + I);
        cl_mem X = clCreateBuffer(Ctx, CL_MEM_READ_WRITE, Size, nullptr, &Err);
        cl_mem Y = clCreateBuffer(Ctx, CL_MEM_READ_WRITE, Size, nullptr, &Err);
        cl_event W, C;
        if (clEnqueueWriteBuffer(A, X, CL_FALSE, 0, Size, In.data(), 0, nullptr, &W) ||
            clEnqueueCopyBuffer(B, X, Y, 0, 0, Size, 1, &W, &C) ||
            clEnqueueReadBuffer(A, Y, CL_TRUE, 0, Size, Out.data(), 1, &C, nullptr))
          Failures++;
        if (Out != In)
          Failures++;
        clReleaseEvent(W);
        clReleaseEvent(C);
        clReleaseMemObject(X);
        clReleaseMemObject(Y);
      }
      clFinish(Own);
      clReleaseCommandQueue(Own);
    });
  for (std::thread &T : Pool)
    T.join();
  EXPECT_EQ(Failures.load(), 0);
}

// One thread waits while others complete and release the same events.
TEST_F(RuntimeThreads, WaitersAndSettersRace) {
  constexpr int Events = 2000;
  cl_command_queue Q = queue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  std::vector<cl_event> Gates(Events), Markers(Events);
  for (int I = 0; I < Events; ++I) {
    Gates[I] = userEvent();
    Markers[I] = markerAfter(Q, Gates[I]);
  }
  std::atomic<int> Failures{0};
  std::thread Setter([&] {
    for (int I = Events - 1; I >= 0; --I)
      if (clSetUserEventStatus(Gates[I], I % 7 ? CL_COMPLETE : -1) != CL_SUCCESS)
        Failures++;
  });
  std::thread Waiter([&] {
    for (int I = 0; I < Events; ++I) {
      cl_int Expected = I % 7 ? CL_SUCCESS : CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
      if (clWaitForEvents(1, &Markers[I]) != Expected)
        Failures++;
    }
  });
  Setter.join();
  Waiter.join();
  EXPECT_EQ(Failures.load(), 0);
  for (int I = 0; I < Events; ++I) {
    clReleaseEvent(Gates[I]);
    clReleaseEvent(Markers[I]);
  }
}

} // namespace
} // namespace weft::test
