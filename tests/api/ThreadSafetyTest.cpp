// Every API call may come from any host thread at once: many threads enumerate, query, create,
// retain and release contexts, some of them shared, while destructor callbacks are counted.
#include "api/ApiTest.h"

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
