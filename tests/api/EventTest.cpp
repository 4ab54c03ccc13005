// OpenCL 3.0 §5.11-5.14 (events, markers, profiling): the status machine, error propagation,
// callbacks, user events, wait lists and profiling timestamps.
#include "api/RuntimeTest.h"

#include <atomic>
#include <mutex>
#include <thread>

namespace weft::test {
namespace {

using EventApi = RuntimeTest;

TEST_F(EventApi, UserEventLifecycle) {
  cl_event U = userEvent();
  EXPECT_EQ(eventStatus(U), CL_SUBMITTED);
  cl_command_type Type = 0;
  ASSERT_EQ(clGetEventInfo(U, CL_EVENT_COMMAND_TYPE, sizeof Type, &Type, nullptr), CL_SUCCESS);
  EXPECT_EQ(Type, cl_command_type(CL_COMMAND_USER));
  cl_command_queue Q = reinterpret_cast<cl_command_queue>(1);
  ASSERT_EQ(clGetEventInfo(U, CL_EVENT_COMMAND_QUEUE, sizeof Q, &Q, nullptr), CL_SUCCESS);
  EXPECT_EQ(Q, nullptr);
  cl_context C = nullptr;
  ASSERT_EQ(clGetEventInfo(U, CL_EVENT_CONTEXT, sizeof C, &C, nullptr), CL_SUCCESS);
  EXPECT_EQ(C, Ctx);
  // "CL_INVALID_VALUE if the execution_status is not CL_COMPLETE or a negative integer value."
  EXPECT_EQ(clSetUserEventStatus(U, CL_SUBMITTED), CL_INVALID_VALUE);
  ASSERT_EQ(clSetUserEventStatus(U, CL_COMPLETE), CL_SUCCESS);
  // "CL_INVALID_OPERATION if the execution_status for event has already been changed."
  EXPECT_EQ(clSetUserEventStatus(U, CL_COMPLETE), CL_INVALID_OPERATION);
  EXPECT_EQ(clSetUserEventStatus(U, -3), CL_INVALID_OPERATION);
  EXPECT_EQ(eventStatus(U), CL_COMPLETE);
  cl_ulong T;
  EXPECT_EQ(clGetEventProfilingInfo(U, CL_PROFILING_COMMAND_START, sizeof T, &T, nullptr),
            CL_PROFILING_INFO_NOT_AVAILABLE);
  cl_uint Refs = 0;
  clRetainEvent(U);
  ASSERT_EQ(clGetEventInfo(U, CL_EVENT_REFERENCE_COUNT, sizeof Refs, &Refs, nullptr), CL_SUCCESS);
  EXPECT_EQ(Refs, 2u);
  clReleaseEvent(U);
  clReleaseEvent(U);
  EXPECT_EQ(clCreateUserEvent(reinterpret_cast<cl_context>(Device), nullptr), nullptr);
}

TEST_F(EventApi, CommandEventsAreNotUserEvents) {
  cl_command_queue Q = queue();
  cl_event M = markerAfter(Q, nullptr);
  ASSERT_EQ(clWaitForEvents(1, &M), CL_SUCCESS);
  EXPECT_EQ(clSetUserEventStatus(M, CL_COMPLETE), CL_INVALID_EVENT);
  cl_command_queue Back = nullptr;
  ASSERT_EQ(clGetEventInfo(M, CL_EVENT_COMMAND_QUEUE, sizeof Back, &Back, nullptr), CL_SUCCESS);
  EXPECT_EQ(Back, Q);
  cl_command_type Type = 0;
  ASSERT_EQ(clGetEventInfo(M, CL_EVENT_COMMAND_TYPE, sizeof Type, &Type, nullptr), CL_SUCCESS);
  EXPECT_EQ(Type, cl_command_type(CL_COMMAND_MARKER));
  size_t Size;
  EXPECT_EQ(clGetEventInfo(M, 0x7fff, 0, nullptr, &Size), CL_INVALID_VALUE);
  clReleaseEvent(M);
  EXPECT_EQ(clReleaseEvent(reinterpret_cast<cl_event>(Ctx)), CL_INVALID_EVENT);
}

TEST_F(EventApi, FailurePropagatesToEveryDependent) {
  cl_command_queue InOrder = queue();
  cl_command_queue Ooo = queue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  cl_event Gate = userEvent();
  cl_event A = markerAfter(Ooo, Gate);     // waits on the gate
  cl_event B = markerAfter(InOrder, A);    // waits on A, across queues
  cl_event C = markerAfter(InOrder, nullptr); // in order after B
  cl_event Fine = independentCommand(Ooo);    // independent: unaffected
  cl_mem Buf = buffer(16);
  char Host[16];
  ASSERT_EQ(clSetUserEventStatus(Gate, -42), CL_SUCCESS);
  EXPECT_EQ(clWaitForEvents(1, &C), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  EXPECT_EQ(eventStatus(Gate), -42);
  EXPECT_EQ(eventStatus(A), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  EXPECT_EQ(eventStatus(B), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  EXPECT_EQ(eventStatus(C), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  ASSERT_EQ(clWaitForEvents(1, &Fine), CL_SUCCESS);
  // A blocking command on a failed event fails at once.
  EXPECT_EQ(clEnqueueReadBuffer(Ooo, Buf, CL_TRUE, 0, 16, Host, 1, &A, nullptr),
            CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  // And one whose wait list fails while it waits.
  cl_event Gate2 = userEvent();
  std::thread Failer([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    clSetUserEventStatus(Gate2, -1);
  });
  EXPECT_EQ(clEnqueueReadBuffer(Ooo, Buf, CL_TRUE, 0, 16, Host, 1, &Gate2, nullptr),
            CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  Failer.join();
  ASSERT_EQ(clFinish(InOrder), CL_SUCCESS);
  ASSERT_EQ(clFinish(Ooo), CL_SUCCESS);
  for (cl_event E : {Gate, A, B, C, Fine, Gate2})
    clReleaseEvent(E);
  clReleaseMemObject(Buf);
}

// A failure reaches the commands queued behind the failed one while it had not ended, and no
// later one: a command enqueued once the failure is settled (here from the failed command's own
// callback, which runs before the queue lets go of it; the same window that a host thread
// waiting for the event and enqueuing at once could hit) runs. Before the mend, the new command
// took the failed one, still the queue's last, as its predecessor and failed too.
TEST_F(EventApi, AFailureDoesNotReachCommandsEnqueuedAfterItEnded) {
  cl_command_queue InOrder = queue();
  cl_event Gate = userEvent();
  cl_event Failed = markerAfter(InOrder, Gate);
  cl_event Behind = markerAfter(InOrder, nullptr);
  struct Enqueued {
    cl_command_queue Q;
    std::atomic<cl_event> Event{nullptr};
    std::atomic<cl_int> BehindStatus{99};
  } After{InOrder};
  auto Enqueue = [](cl_event, cl_int Status, void *Data) {
    auto *A = static_cast<Enqueued *>(Data);
    A->BehindStatus = Status;
    cl_event E = nullptr;
    if (clEnqueueMarkerWithWaitList(A->Q, 0, nullptr, &E) == CL_SUCCESS)
      A->Event = E;
  };
  // Registered on the command behind: its callback runs once the failure has reached it, and
  // the command it enqueues comes after both.
  ASSERT_EQ(clSetEventCallback(Behind, CL_COMPLETE, Enqueue, &After), CL_SUCCESS);
  ASSERT_EQ(clSetUserEventStatus(Gate, -5), CL_SUCCESS);
  EXPECT_EQ(clWaitForEvents(1, &Behind), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  EXPECT_EQ(eventStatus(Failed), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  EXPECT_EQ(After.BehindStatus.load(), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
      << "queued behind the failed command before it ended: fails with it";
  cl_event Later = After.Event.load();
  ASSERT_NE(Later, nullptr);
  EXPECT_EQ(clWaitForEvents(1, &Later), CL_SUCCESS) << "enqueued after the failure had ended";
  EXPECT_EQ(eventStatus(Later), CL_COMPLETE);
  // And from the host, once the wait has returned: a blocking read on the queue runs.
  cl_mem Buf = buffer(16);
  char Host[16];
  for (int I = 0; I < 20; ++I) {
    cl_event G = userEvent();
    cl_event M = markerAfter(InOrder, G);
    ASSERT_EQ(clSetUserEventStatus(G, -1), CL_SUCCESS);
    EXPECT_EQ(clWaitForEvents(1, &M), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    EXPECT_EQ(clEnqueueReadBuffer(InOrder, Buf, CL_TRUE, 0, 16, Host, 0, nullptr, nullptr),
              CL_SUCCESS)
        << "round " << I;
    clReleaseEvent(M);
    clReleaseEvent(G);
  }
  ASSERT_EQ(clFinish(InOrder), CL_SUCCESS);
  for (cl_event E : {Gate, Failed, Behind, Later})
    clReleaseEvent(E);
  clReleaseMemObject(Buf);
}

struct CallbackLog {
  std::mutex Lock;
  std::vector<std::pair<int, cl_int>> Calls; // (callback id, status given)
  cl_context Ctx;
  cl_command_queue Queue;
};

template <int Id> void CL_CALLBACK logCallback(cl_event E, cl_int Status, void *User) {
  auto *Log = static_cast<CallbackLog *>(User);
  // Callbacks may call back into the runtime: Weft holds no lock while it runs them.
  cl_int Now;
  clGetEventInfo(E, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof Now, &Now, nullptr);
  cl_event Marker = nullptr;
  clEnqueueMarkerWithWaitList(Log->Queue, 0, nullptr, &Marker);
  clReleaseEvent(Marker);
  std::lock_guard Guard(Log->Lock);
  Log->Calls.push_back({Id, Status});
}

TEST_F(EventApi, CallbacksRunExactlyOnceForEachStatus) {
  cl_command_queue Q = queue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  CallbackLog Log;
  Log.Queue = queue();
  cl_event Gate = userEvent();
  cl_event E = markerAfter(Q, Gate);
  ASSERT_EQ(clSetEventCallback(E, CL_SUBMITTED, logCallback<1>, &Log), CL_SUCCESS);
  ASSERT_EQ(clSetEventCallback(E, CL_RUNNING, logCallback<2>, &Log), CL_SUCCESS);
  ASSERT_EQ(clSetEventCallback(E, CL_COMPLETE, logCallback<3>, &Log), CL_SUCCESS);
  EXPECT_TRUE(Log.Calls.empty());
  ASSERT_EQ(clSetUserEventStatus(Gate, CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &E), CL_SUCCESS);
  // Registered after the status was reached: called at once.
  ASSERT_EQ(clSetEventCallback(E, CL_COMPLETE, logCallback<4>, &Log), CL_SUCCESS);
  ASSERT_EQ(clSetEventCallback(E, CL_SUBMITTED, logCallback<5>, &Log), CL_SUCCESS);
  std::lock_guard Guard(Log.Lock);
  std::vector<std::pair<int, cl_int>> Expected = {
      {1, CL_SUBMITTED}, {2, CL_RUNNING}, {3, CL_COMPLETE}, {4, CL_COMPLETE}, {5, CL_SUBMITTED}};
  EXPECT_EQ(Log.Calls, Expected);
  EXPECT_EQ(clSetEventCallback(E, CL_QUEUED, logCallback<0>, &Log), CL_INVALID_VALUE);
  EXPECT_EQ(clSetEventCallback(E, CL_COMPLETE, nullptr, &Log), CL_INVALID_VALUE);
  clFinish(Log.Queue);
  clReleaseEvent(E);
  clReleaseEvent(Gate);
}

TEST_F(EventApi, CallbacksOfATerminatedCommandGetTheError) {
  cl_command_queue Q = queue();
  CallbackLog Log;
  Log.Queue = queue();
  cl_event Gate = userEvent();
  cl_event E = markerAfter(Q, Gate);
  ASSERT_EQ(clSetEventCallback(E, CL_RUNNING, logCallback<1>, &Log), CL_SUCCESS);
  ASSERT_EQ(clSetEventCallback(E, CL_COMPLETE, logCallback<2>, &Log), CL_SUCCESS);
  ASSERT_EQ(clSetEventCallback(Gate, CL_COMPLETE, logCallback<3>, &Log), CL_SUCCESS);
  ASSERT_EQ(clSetUserEventStatus(Gate, -7), CL_SUCCESS);
  EXPECT_EQ(clWaitForEvents(1, &E), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  std::lock_guard Guard(Log.Lock);
  std::vector<std::pair<int, cl_int>> Expected = {
      {3, -7},
      {1, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST},
      {2, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST}};
  EXPECT_EQ(Log.Calls, Expected);
  clFinish(Log.Queue);
  clReleaseEvent(E);
  clReleaseEvent(Gate);
}

TEST_F(EventApi, WaitListRules) {
  cl_command_queue Q = queue();
  cl_event Good = markerAfter(Q, nullptr);
  cl_event Bogus = reinterpret_cast<cl_event>(Ctx);
  EXPECT_EQ(clEnqueueMarkerWithWaitList(Q, 1, nullptr, nullptr), CL_INVALID_EVENT_WAIT_LIST);
  EXPECT_EQ(clEnqueueMarkerWithWaitList(Q, 0, &Good, nullptr), CL_INVALID_EVENT_WAIT_LIST);
  EXPECT_EQ(clEnqueueMarkerWithWaitList(Q, 1, &Bogus, nullptr), CL_INVALID_EVENT_WAIT_LIST);
  cl_context Other = clCreateContext(nullptr, 1, &Device, nullptr, nullptr, nullptr);
  cl_event Foreign = clCreateUserEvent(Other, nullptr);
  EXPECT_EQ(clEnqueueMarkerWithWaitList(Q, 1, &Foreign, nullptr), CL_INVALID_CONTEXT);
  cl_event Mixed[] = {Good, Foreign};
  EXPECT_EQ(clWaitForEvents(2, Mixed), CL_INVALID_CONTEXT);
  EXPECT_EQ(clWaitForEvents(0, Mixed), CL_INVALID_VALUE);
  EXPECT_EQ(clWaitForEvents(1, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clWaitForEvents(1, &Bogus), CL_INVALID_EVENT);
  clSetUserEventStatus(Foreign, CL_COMPLETE);
  clReleaseEvent(Foreign);
  clReleaseContext(Other);
  clReleaseEvent(Good);
}

TEST_F(EventApi, ProfilingTimestampsAreOrdered) {
  cl_command_queue Q = queue(CL_QUEUE_PROFILING_ENABLE);
  cl_mem B = buffer(4 << 20);
  cl_uint Pattern = 0xabcdef01;
  cl_event Gate = userEvent(), Fill;
  ASSERT_EQ(clEnqueueFillBuffer(Q, B, &Pattern, 4, 0, 4 << 20, 1, &Gate, &Fill), CL_SUCCESS);
  cl_ulong T;
  // "CL_PROFILING_INFO_NOT_AVAILABLE if ... the execution status ... is not CL_COMPLETE".
  EXPECT_EQ(clGetEventProfilingInfo(Fill, CL_PROFILING_COMMAND_QUEUED, sizeof T, &T, nullptr),
            CL_PROFILING_INFO_NOT_AVAILABLE);
  cl_ulong BeforeRelease = 0, Unused;
  ASSERT_EQ(clGetDeviceAndHostTimer(Device, &Unused, &BeforeRelease), CL_SUCCESS);
  ASSERT_EQ(clSetUserEventStatus(Gate, CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &Fill), CL_SUCCESS);
  cl_ulong Queued = profile(Fill, CL_PROFILING_COMMAND_QUEUED);
  cl_ulong Submit = profile(Fill, CL_PROFILING_COMMAND_SUBMIT);
  cl_ulong Start = profile(Fill, CL_PROFILING_COMMAND_START);
  cl_ulong End = profile(Fill, CL_PROFILING_COMMAND_END);
  cl_ulong Complete = profile(Fill, CL_PROFILING_COMMAND_COMPLETE);
  EXPECT_GT(Queued, 0u);
  EXPECT_LE(Queued, BeforeRelease) << "queued when enqueued";
  EXPECT_GE(Submit, BeforeRelease) << "submitted only once its wait list completed";
  EXPECT_LE(Submit, Start);
  EXPECT_LT(Start, End) << "a 4 MiB fill takes time";
  EXPECT_LE(End, Complete);
  EXPECT_EQ(clGetEventProfilingInfo(Fill, 0x7fff, sizeof T, &T, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clGetEventProfilingInfo(Fill, CL_PROFILING_COMMAND_END, 1, &T, nullptr),
            CL_INVALID_VALUE);
  // Without CL_QUEUE_PROFILING_ENABLE there is nothing to report.
  cl_command_queue Plain = queue();
  cl_event M = markerAfter(Plain, nullptr);
  clWaitForEvents(1, &M);
  EXPECT_EQ(clGetEventProfilingInfo(M, CL_PROFILING_COMMAND_END, sizeof T, &T, nullptr),
            CL_PROFILING_INFO_NOT_AVAILABLE);
  for (cl_event E : {Gate, Fill, M})
    clReleaseEvent(E);
  clReleaseMemObject(B);
}

TEST_F(EventApi, DependenciesAcrossQueues) {
  cl_command_queue A = queue(), B = queue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  cl_mem Buf = buffer(1 << 20);
  std::vector<cl_uchar> Host(1 << 20, 0);
  cl_uchar One = 1, Two = 2;
  cl_event Gate = userEvent(), First, Second;
  // On A: fill with 1 once the gate opens; on B: fill with 2 after A's fill. The result must be 2.
  ASSERT_EQ(clEnqueueFillBuffer(A, Buf, &One, 1, 0, 1 << 20, 1, &Gate, &First), CL_SUCCESS);
  ASSERT_EQ(clEnqueueFillBuffer(B, Buf, &Two, 1, 0, 1 << 20, 1, &First, &Second), CL_SUCCESS);
  ASSERT_EQ(clSetUserEventStatus(Gate, CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(clEnqueueReadBuffer(B, Buf, CL_TRUE, 0, 1 << 20, Host.data(), 1, &Second, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(std::count(Host.begin(), Host.end(), 2), 1 << 20);
  for (cl_event E : {Gate, First, Second})
    clReleaseEvent(E);
  clReleaseMemObject(Buf);
}

TEST_F(EventApi, LongDependencyChainDoesNotRecurse) {
  // 20,000 commands each waiting for the previous one, released at once by one user event:
  // completion runs them iteratively, not as nested calls.
  cl_command_queue Q = queue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  cl_event Gate = userEvent();
  cl_event Prev = Gate;
  clRetainEvent(Prev);
  for (int I = 0; I < 20000; ++I) {
    cl_event Next = markerAfter(Q, Prev);
    clReleaseEvent(Prev);
    Prev = Next;
  }
  ASSERT_EQ(clSetUserEventStatus(Gate, CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &Prev), CL_SUCCESS);
  clReleaseEvent(Prev);
  clReleaseEvent(Gate);
}

TEST_F(EventApi, LongFailingChainDoesNotRecurse) {
  // 50,000 commands each waiting for the previous one, behind a user event that fails: each ends
  // with CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, one after the other, not as nested calls.
  cl_command_queue Q = queue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  cl_event Gate = userEvent();
  cl_event First = markerAfter(Q, Gate), Prev = First;
  clRetainEvent(Prev);
  for (int I = 0; I < 50000; ++I) {
    cl_event Next = markerAfter(Q, Prev);
    clReleaseEvent(Prev);
    Prev = Next;
  }
  ASSERT_EQ(clSetUserEventStatus(Gate, -7), CL_SUCCESS);
  EXPECT_EQ(clWaitForEvents(1, &Prev), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  cl_int Status = 0;
  clGetEventInfo(Prev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof Status, &Status, nullptr);
  EXPECT_EQ(Status, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  clGetEventInfo(First, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof Status, &Status, nullptr);
  EXPECT_EQ(Status, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  clReleaseEvent(Prev);
  clReleaseEvent(First);
  clReleaseEvent(Gate);
}

} // namespace
} // namespace weft::test
