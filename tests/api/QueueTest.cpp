// OpenCL 3.0 §5.1 (command-queues): creation, properties, info, and in-order / out-of-order
// execution semantics with markers and barriers.
#include "api/RuntimeTest.h"

namespace weft::test {
namespace {

using QueueApi = RuntimeTest;

TEST_F(QueueApi, CreateAndQuery) {
  cl_command_queue Q = queue(CL_QUEUE_PROFILING_ENABLE);
  cl_context C = nullptr;
  cl_device_id D = nullptr;
  cl_command_queue_properties P = 0;
  cl_uint Refs = 0;
  ASSERT_EQ(clGetCommandQueueInfo(Q, CL_QUEUE_CONTEXT, sizeof C, &C, nullptr), CL_SUCCESS);
  ASSERT_EQ(clGetCommandQueueInfo(Q, CL_QUEUE_DEVICE, sizeof D, &D, nullptr), CL_SUCCESS);
  ASSERT_EQ(clGetCommandQueueInfo(Q, CL_QUEUE_PROPERTIES, sizeof P, &P, nullptr), CL_SUCCESS);
  ASSERT_EQ(clGetCommandQueueInfo(Q, CL_QUEUE_REFERENCE_COUNT, sizeof Refs, &Refs, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(C, Ctx);
  EXPECT_EQ(D, Device);
  EXPECT_EQ(P, cl_command_queue_properties(CL_QUEUE_PROFILING_ENABLE));
  EXPECT_EQ(Refs, 1u);
  size_t Size = 99;
  // Created without a property list: "param_value_size_ret ... 0".
  ASSERT_EQ(clGetCommandQueueInfo(Q, CL_QUEUE_PROPERTIES_ARRAY, 0, nullptr, &Size), CL_SUCCESS);
  EXPECT_EQ(Size, 0u);
  cl_uint QueueSize;
  EXPECT_EQ(clGetCommandQueueInfo(Q, CL_QUEUE_SIZE, sizeof QueueSize, &QueueSize, nullptr),
            CL_INVALID_COMMAND_QUEUE);
  cl_command_queue Default = Q;
  ASSERT_EQ(clGetCommandQueueInfo(Q, CL_QUEUE_DEVICE_DEFAULT, sizeof Default, &Default, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(Default, nullptr);
  EXPECT_EQ(clGetCommandQueueInfo(Q, 0x7fff, 0, nullptr, &Size), CL_INVALID_VALUE);
  EXPECT_EQ(clRetainCommandQueue(Q), CL_SUCCESS);
  EXPECT_EQ(clReleaseCommandQueue(Q), CL_SUCCESS);
  EXPECT_EQ(clFlush(Q), CL_SUCCESS);
  EXPECT_EQ(clFinish(Q), CL_SUCCESS);
}

TEST_F(QueueApi, WithPropertiesKeepsTheArray) {
  cl_queue_properties Props[] = {CL_QUEUE_PROPERTIES,
                                 CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE,
                                 0};
  cl_int Err;
  cl_command_queue Q = clCreateCommandQueueWithProperties(Ctx, Device, Props, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  Queues.push_back(Q);
  cl_queue_properties Back[3] = {};
  size_t Size = 0;
  ASSERT_EQ(clGetCommandQueueInfo(Q, CL_QUEUE_PROPERTIES_ARRAY, sizeof Back, Back, &Size),
            CL_SUCCESS);
  EXPECT_EQ(Size, sizeof Props);
  for (int I = 0; I < 3; ++I)
    EXPECT_EQ(Back[I], Props[I]);
  // NULL and an empty list are both a default in-order queue.
  cl_command_queue Plain = clCreateCommandQueueWithProperties(Ctx, Device, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  Queues.push_back(Plain);
  cl_queue_properties Empty[] = {0};
  cl_command_queue Plain2 = clCreateCommandQueueWithProperties(Ctx, Device, Empty, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  Queues.push_back(Plain2);
}

// cl_khr_create_command_queue: the core function under the extension's name.
TEST_F(QueueApi, CreateCommandQueueWithPropertiesKHR) {
  EXPECT_NE(deviceString(Device, CL_DEVICE_EXTENSIONS).find("cl_khr_create_command_queue"), std::string::npos);
  auto Create = reinterpret_cast<clCreateCommandQueueWithPropertiesKHR_fn>(
      clGetExtensionFunctionAddressForPlatform(Platform, "clCreateCommandQueueWithPropertiesKHR"));
  ASSERT_NE(Create, nullptr);
  const cl_queue_properties_khr Props[] = {CL_QUEUE_PROPERTIES,
                                           CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE, 0};
  cl_int Err;
  cl_command_queue Q = Create(Ctx, Device, Props, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  Queues.push_back(Q);
  cl_command_queue_properties P = 0;
  ASSERT_EQ(clGetCommandQueueInfo(Q, CL_QUEUE_PROPERTIES, sizeof P, &P, nullptr), CL_SUCCESS);
  EXPECT_EQ(P, cl_command_queue_properties(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE));
  EXPECT_EQ(clEnqueueMarkerWithWaitList(Q, 0, nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(clFinish(Q), CL_SUCCESS);
  const cl_queue_properties_khr Unknown[] = {0x7777, 1, 0};
  EXPECT_EQ(Create(Ctx, Device, Unknown, &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_VALUE);
  EXPECT_EQ(Create(nullptr, Device, Props, &Err), nullptr);
  EXPECT_EQ(Err, CL_INVALID_CONTEXT);
}

TEST_F(QueueApi, CreationErrors) {
  cl_int Err;
  auto Fails = [&](cl_command_queue Q, cl_int Code) {
    EXPECT_EQ(Q, nullptr);
    EXPECT_EQ(Err, Code);
  };
  Fails(clCreateCommandQueue(reinterpret_cast<cl_context>(Device), Device, 0, &Err),
        CL_INVALID_CONTEXT);
  Fails(clCreateCommandQueue(Ctx, reinterpret_cast<cl_device_id>(Ctx), 0, &Err),
        CL_INVALID_DEVICE);
  Fails(clCreateCommandQueue(Ctx, Device, cl_command_queue_properties(1) << 20, &Err),
        CL_INVALID_VALUE);
  Fails(clCreateCommandQueue(Ctx, Device, CL_QUEUE_ON_DEVICE, &Err), CL_INVALID_QUEUE_PROPERTIES);

  cl_queue_properties OnDevice[] = {CL_QUEUE_PROPERTIES,
                                    CL_QUEUE_ON_DEVICE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, 0};
  Fails(clCreateCommandQueueWithProperties(Ctx, Device, OnDevice, &Err),
        CL_INVALID_QUEUE_PROPERTIES);
  cl_queue_properties SizeOnHost[] = {CL_QUEUE_SIZE, 1024, 0};
  Fails(clCreateCommandQueueWithProperties(Ctx, Device, SizeOnHost, &Err), CL_INVALID_VALUE);
  cl_queue_properties Unknown[] = {0x7777, 1, 0};
  Fails(clCreateCommandQueueWithProperties(Ctx, Device, Unknown, &Err), CL_INVALID_VALUE);
  cl_queue_properties Twice[] = {CL_QUEUE_PROPERTIES, 0, CL_QUEUE_PROPERTIES, 0, 0};
  Fails(clCreateCommandQueueWithProperties(Ctx, Device, Twice, &Err), CL_INVALID_VALUE);
  cl_queue_properties DefaultOnly[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_ON_DEVICE_DEFAULT, 0};
  Fails(clCreateCommandQueueWithProperties(Ctx, Device, DefaultOnly, &Err), CL_INVALID_VALUE);

  EXPECT_EQ(clRetainCommandQueue(reinterpret_cast<cl_command_queue>(Ctx)),
            CL_INVALID_COMMAND_QUEUE);
  EXPECT_EQ(clFinish(reinterpret_cast<cl_command_queue>(Ctx)), CL_INVALID_COMMAND_QUEUE);
  EXPECT_EQ(clFlush(reinterpret_cast<cl_command_queue>(Ctx)), CL_INVALID_COMMAND_QUEUE);
}

TEST_F(QueueApi, InOrderNeverStartsACommandBeforeThePreviousEnds) {
  cl_command_queue Q = queue();
  cl_event Gate = userEvent();
  cl_event First = markerAfter(Q, Gate);
  cl_event Second = markerAfter(Q, nullptr); // independent, but in order after First
  EXPECT_EQ(eventStatus(First), CL_QUEUED);
  EXPECT_EQ(eventStatus(Second), CL_QUEUED);
  ASSERT_EQ(clSetUserEventStatus(Gate, CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &Second), CL_SUCCESS);
  EXPECT_EQ(eventStatus(First), CL_COMPLETE);
  for (cl_event E : {Gate, First, Second})
    clReleaseEvent(E);
}

TEST_F(QueueApi, OutOfOrderRunsIndependentCommandsPastABlockedOne) {
  cl_command_queue Q = queue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  cl_event Gate = userEvent();
  cl_event Blocked = markerAfter(Q, Gate);
  cl_mem B = buffer(64);
  int Value = 7;
  cl_event Independent;
  ASSERT_EQ(clEnqueueWriteBuffer(Q, B, CL_FALSE, 0, sizeof Value, &Value, 0, nullptr,
                                 &Independent),
            CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &Independent), CL_SUCCESS);
  EXPECT_EQ(eventStatus(Blocked), CL_QUEUED) << "the gated command must still wait";
  ASSERT_EQ(clSetUserEventStatus(Gate, CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(clFinish(Q), CL_SUCCESS);
  EXPECT_EQ(eventStatus(Blocked), CL_COMPLETE);
  for (cl_event E : {Gate, Blocked, Independent})
    clReleaseEvent(E);
  clReleaseMemObject(B);
}

TEST_F(QueueApi, OutOfOrderMarkersAndBarriers) {
  cl_command_queue Q = queue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  cl_event Gate = userEvent();
  cl_event Blocked = markerAfter(Q, Gate);
  // A marker with no wait list waits for every earlier command...
  cl_event AllBefore;
  ASSERT_EQ(clEnqueueMarkerWithWaitList(Q, 0, nullptr, &AllBefore), CL_SUCCESS);
  // ...but does not hold back later ones.
  cl_event AfterMarker = independentCommand(Q);
  ASSERT_EQ(clWaitForEvents(1, &AfterMarker), CL_SUCCESS);
  EXPECT_EQ(eventStatus(AllBefore), CL_QUEUED);
  // A barrier waits for every earlier command and holds back later ones.
  cl_event Barrier;
  ASSERT_EQ(clEnqueueBarrierWithWaitList(Q, 0, nullptr, &Barrier), CL_SUCCESS);
  cl_event AfterBarrier = independentCommand(Q);
  EXPECT_EQ(eventStatus(Barrier), CL_QUEUED);
  EXPECT_EQ(eventStatus(AfterBarrier), CL_QUEUED);
  ASSERT_EQ(clSetUserEventStatus(Gate, CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &AfterBarrier), CL_SUCCESS);
  for (cl_event E : {Blocked, AllBefore, Barrier})
    EXPECT_EQ(eventStatus(E), CL_COMPLETE);
  // A barrier with a wait list waits only for that list, and still blocks what follows.
  cl_event Gate2 = userEvent(), UnrelatedGate = userEvent();
  cl_event Unrelated = markerAfter(Q, UnrelatedGate);
  cl_event ListBarrier;
  ASSERT_EQ(clEnqueueBarrierWithWaitList(Q, 1, &Gate2, &ListBarrier), CL_SUCCESS);
  cl_event Later = independentCommand(Q);
  EXPECT_EQ(eventStatus(Later), CL_QUEUED);
  ASSERT_EQ(clSetUserEventStatus(Gate2, CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &Later), CL_SUCCESS);
  EXPECT_EQ(eventStatus(ListBarrier), CL_COMPLETE);
  EXPECT_EQ(eventStatus(Unrelated), CL_QUEUED) << "not in the barrier's wait list";
  ASSERT_EQ(clSetUserEventStatus(UnrelatedGate, CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(clFinish(Q), CL_SUCCESS);
  for (cl_event E : {Gate, AfterMarker, AfterBarrier, Gate2, ListBarrier, Later, UnrelatedGate,
                     Unrelated, Blocked, AllBefore, Barrier})
    clReleaseEvent(E);
}

TEST_F(QueueApi, LegacyMarkerBarrierAndWaitForEvents) {
  cl_command_queue Q = queue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  cl_event Gate = userEvent();
  cl_event Blocked = markerAfter(Q, Gate);
  cl_event Marker;
  ASSERT_EQ(clEnqueueMarker(Q, &Marker), CL_SUCCESS);
  EXPECT_EQ(clEnqueueMarker(Q, nullptr), CL_INVALID_VALUE);
  ASSERT_EQ(clEnqueueWaitForEvents(Q, 1, &Gate), CL_SUCCESS);
  EXPECT_EQ(clEnqueueWaitForEvents(Q, 0, &Gate), CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueWaitForEvents(Q, 1, nullptr), CL_INVALID_VALUE);
  cl_event Bogus = reinterpret_cast<cl_event>(Ctx);
  EXPECT_EQ(clEnqueueWaitForEvents(Q, 1, &Bogus), CL_INVALID_EVENT);
  ASSERT_EQ(clEnqueueBarrier(Q), CL_SUCCESS);
  cl_event After = independentCommand(Q);
  EXPECT_EQ(eventStatus(After), CL_QUEUED);
  EXPECT_EQ(eventStatus(Marker), CL_QUEUED);
  ASSERT_EQ(clSetUserEventStatus(Gate, CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(clFinish(Q), CL_SUCCESS);
  for (cl_event E : {Blocked, Marker, After})
    EXPECT_EQ(eventStatus(E), CL_COMPLETE);
  for (cl_event E : {Gate, Blocked, Marker, After})
    clReleaseEvent(E);
}

TEST_F(QueueApi, FinishWaitsForEveryCommandAndReleaseKeepsThemRunning) {
  cl_command_queue Q = queue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  cl_mem B = buffer(8 << 20);
  std::vector<cl_event> Events(8);
  for (size_t I = 0; I < Events.size(); ++I) {
    cl_uchar Pattern = cl_uchar(I);
    ASSERT_EQ(clEnqueueFillBuffer(Q, B, &Pattern, 1, I << 20, 1 << 20, 0, nullptr, &Events[I]),
              CL_SUCCESS);
  }
  ASSERT_EQ(clFinish(Q), CL_SUCCESS);
  for (cl_event E : Events) {
    EXPECT_EQ(eventStatus(E), CL_COMPLETE);
    clReleaseEvent(E);
  }
  // Releasing a queue and a buffer with commands in flight: the commands still complete.
  cl_command_queue Q2 = clCreateCommandQueue(Ctx, Device, 0, nullptr);
  cl_event Gate = userEvent(), Done;
  cl_uchar Pattern = 0x5a;
  ASSERT_EQ(clEnqueueFillBuffer(Q2, B, &Pattern, 1, 0, 8 << 20, 1, &Gate, &Done), CL_SUCCESS);
  clReleaseCommandQueue(Q2);
  clReleaseMemObject(B);
  ASSERT_EQ(clSetUserEventStatus(Gate, CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &Done), CL_SUCCESS);
  clReleaseEvent(Done);
  clReleaseEvent(Gate);
}

} // namespace
} // namespace weft::test
