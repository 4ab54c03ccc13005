// Fixture for host-runtime tests: Weft's device, a context, and helpers for queues and events.
#pragma once

#include "api/ApiTest.h"

#include <vector>

namespace weft::test {

class RuntimeTest : public WeftTest {
protected:
  void SetUp() override {
    WeftTest::SetUp();
    if (HasFatalFailure())
      return;
    cl_int Err;
    Ctx = clCreateContext(nullptr, 1, &Device, nullptr, nullptr, &Err);
    ASSERT_EQ(Err, CL_SUCCESS);
  }
  void TearDown() override {
    for (cl_command_queue Q : Queues)
      clReleaseCommandQueue(Q);
    if (Ctx)
      clReleaseContext(Ctx);
  }

  cl_command_queue queue(cl_command_queue_properties Props = 0) {
    cl_int Err;
    cl_command_queue Q = clCreateCommandQueue(Ctx, Device, Props, &Err);
    EXPECT_EQ(Err, CL_SUCCESS);
    Queues.push_back(Q);
    return Q;
  }
  cl_mem buffer(size_t Size, cl_mem_flags Flags = CL_MEM_READ_WRITE, void *Host = nullptr) {
    cl_int Err;
    cl_mem M = clCreateBuffer(Ctx, Flags, Size, Host, &Err);
    EXPECT_EQ(Err, CL_SUCCESS);
    return M;
  }
  cl_event userEvent() {
    cl_int Err;
    cl_event E = clCreateUserEvent(Ctx, &Err);
    EXPECT_EQ(Err, CL_SUCCESS);
    return E;
  }

  /// A command that depends on nothing else in an out-of-order queue: a marker whose wait list
  /// is one already-complete event (a marker with an empty list would wait for every earlier
  /// command).
  cl_event independentCommand(cl_command_queue Q) {
    cl_event Done = userEvent();
    EXPECT_EQ(clSetUserEventStatus(Done, CL_COMPLETE), CL_SUCCESS);
    cl_event E = nullptr;
    EXPECT_EQ(clEnqueueMarkerWithWaitList(Q, 1, &Done, &E), CL_SUCCESS);
    clReleaseEvent(Done);
    return E;
  }

  cl_context Ctx = nullptr;
  std::vector<cl_command_queue> Queues;
};

inline cl_int eventStatus(cl_event E) {
  cl_int S = 99;
  EXPECT_EQ(clGetEventInfo(E, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof S, &S, nullptr),
            CL_SUCCESS);
  return S;
}

inline cl_ulong profile(cl_event E, cl_profiling_info What) {
  cl_ulong T = 0;
  EXPECT_EQ(clGetEventProfilingInfo(E, What, sizeof T, &T, nullptr), CL_SUCCESS);
  return T;
}

/// A marker with a one-event wait list: a cheap command whose start can be gated.
inline cl_event markerAfter(cl_command_queue Q, cl_event Gate) {
  cl_event E = nullptr;
  EXPECT_EQ(clEnqueueMarkerWithWaitList(Q, Gate ? 1 : 0, Gate ? &Gate : nullptr, &E), CL_SUCCESS);
  return E;
}

} // namespace weft::test
