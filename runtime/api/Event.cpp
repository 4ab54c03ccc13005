// Event entry points: waiting, info, profiling, callbacks, user events, markers and barriers.
#include "runtime/api/Api.h"
#include "runtime/api/Enqueue.h"
#include "runtime/api/Entry.h"
#include "runtime/api/Handles.h"
#include "runtime/api/Info.h"

#include <algorithm>

namespace weft::api {

cl_int CL_API_CALL clWaitForEvents(cl_uint NumEvents, const cl_event *EventList) {
  // Errors reach the first event's context (the events must share it).
  return call(__func__, NumEvents && EventList ? EventList[0] : nullptr, [&]() -> Status {
    // "CL_INVALID_VALUE if num_events is zero or event_list is NULL."
    if (NumEvents == 0 || !EventList)
      return Error(CL_INVALID_VALUE, "num_events is 0 or event_list is NULL");
    std::vector<Event *> Events;
    for (cl_uint I = 0; I < NumEvents; ++I) {
      auto E = toObject<Event>(EventList[I]);
      if (!E)
        return Error(CL_INVALID_EVENT, cat("event_list[", I, "]: ", E.error().reason()));
      // "CL_INVALID_CONTEXT if events specified in event_list do not belong to the same context."
      if (!Events.empty() && &(*E)->context() != &Events.front()->context())
        return Error(CL_INVALID_CONTEXT, cat("event_list[", I, "] belongs to another context"));
      Events.push_back(*E);
    }
    cl_int Worst = CL_COMPLETE;
    for (Event *E : Events)
      Worst = std::min(Worst, E->wait());
    // "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST if the execution status of any of the events
    // in event_list is a negative integer value."
    if (Worst < 0)
      return Error(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST,
                   cat("an event ended with status ", Worst));
    return Status::ok();
  });
}

cl_int CL_API_CALL clGetEventInfo(cl_event EventHandle, cl_event_info ParamName,
                                  size_t ParamValueSize, void *ParamValue,
                                  size_t *ParamValueSizeRet) {
  return call(__func__, EventHandle, [&]() -> Status {
    auto ER = toObject<Event>(EventHandle);
    if (!ER)
      return ER.takeError();
    Event &E = **ER;
    InfoWriter Out(ParamName, ParamValueSize, ParamValue, ParamValueSizeRet);
    switch (ParamName) {
    case CL_EVENT_COMMAND_QUEUE:
      return Out(toHandle(E.queue()));
    case CL_EVENT_CONTEXT:
      return Out(toHandle(&E.context()));
    case CL_EVENT_COMMAND_TYPE:
      return Out(E.commandType());
    case CL_EVENT_COMMAND_EXECUTION_STATUS:
      return Out(E.status());
    case CL_EVENT_REFERENCE_COUNT:
      return Out(cl_uint(E.apiRefCount()));
    default:
      return unknownQuery("event", ParamName);
    }
  });
}

cl_int CL_API_CALL clRetainEvent(cl_event EventHandle) {
  return call(__func__, EventHandle, [&] { return retainHandle<Event>(EventHandle); });
}

cl_int CL_API_CALL clReleaseEvent(cl_event EventHandle) {
  return call(__func__, EventHandle, [&] { return releaseHandle<Event>(EventHandle); });
}

cl_int CL_API_CALL clGetEventProfilingInfo(cl_event EventHandle, cl_profiling_info ParamName,
                                           size_t ParamValueSize, void *ParamValue,
                                           size_t *ParamValueSizeRet) {
  return call(__func__, EventHandle, [&]() -> Status {
    auto ER = toObject<Event>(EventHandle);
    if (!ER)
      return ER.takeError();
    Event &E = **ER;
    // "CL_PROFILING_INFO_NOT_AVAILABLE if the CL_QUEUE_PROFILING_ENABLE flag is not set for the
    // command-queue, if the execution status of the command identified by event is not
    // CL_COMPLETE or if event is a user event object."
    if (E.isUserEvent())
      return Error(CL_PROFILING_INFO_NOT_AVAILABLE, "event is a user event");
    if (!E.isProfiled())
      return Error(CL_PROFILING_INFO_NOT_AVAILABLE,
                   "the event's queue was created without CL_QUEUE_PROFILING_ENABLE");
    if (E.status() != CL_COMPLETE)
      return Error(CL_PROFILING_INFO_NOT_AVAILABLE,
                   cat("the event's status is ", E.status(), ", not CL_COMPLETE"));
    ProfilingTimes T = E.times();
    InfoWriter Out(ParamName, ParamValueSize, ParamValue, ParamValueSizeRet);
    switch (ParamName) {
    case CL_PROFILING_COMMAND_QUEUED:
      return Out(cl_ulong(T.Queued));
    case CL_PROFILING_COMMAND_SUBMIT:
      return Out(cl_ulong(T.Submit));
    case CL_PROFILING_COMMAND_START:
      return Out(cl_ulong(T.Start));
    case CL_PROFILING_COMMAND_END:
      return Out(cl_ulong(T.End));
    case CL_PROFILING_COMMAND_COMPLETE:
      return Out(cl_ulong(T.Complete));
    default:
      return unknownQuery("profiling", ParamName);
    }
  });
}

cl_int CL_API_CALL clSetEventCallback(cl_event EventHandle, cl_int CallbackType,
                                      void(CL_CALLBACK *Notify)(cl_event, cl_int, void *),
                                      void *UserData) {
  return call(__func__, EventHandle, [&]() -> Status {
    auto E = toObject<Event>(EventHandle);
    if (!E)
      return E.takeError();
    // "CL_INVALID_VALUE if pfn_event_notify is NULL or if command_exec_callback_type is not
    // CL_SUBMITTED, CL_RUNNING, or CL_COMPLETE."
    if (!Notify)
      return Error(CL_INVALID_VALUE, "pfn_event_notify is NULL");
    if (CallbackType != CL_SUBMITTED && CallbackType != CL_RUNNING && CallbackType != CL_COMPLETE)
      return Error(CL_INVALID_VALUE,
                   cat("command_exec_callback_type ", CallbackType,
                       " is not CL_SUBMITTED, CL_RUNNING or CL_COMPLETE"));
    (*E)->addCallback(CallbackType, [Notify, EventHandle, UserData](cl_int Status) {
      Notify(EventHandle, Status, UserData);
    });
    return Status::ok();
  });
}

cl_event CL_API_CALL clCreateUserEvent(cl_context ContextHandle, cl_int *ErrcodeRet) {
  return create<cl_event>(__func__, ContextHandle, ErrcodeRet, [&]() -> Expected<cl_event> {
    auto C = toObject<Context>(ContextHandle);
    if (!C)
      return C.takeError();
    return toHandle(new Event(**C, nullptr, CL_COMMAND_USER));
  });
}

cl_int CL_API_CALL clSetUserEventStatus(cl_event EventHandle, cl_int ExecutionStatus) {
  return call(__func__, EventHandle, [&]() -> Status {
    auto ER = toObject<Event>(EventHandle);
    if (!ER)
      return ER.takeError();
    Ref<Event> E(*ER); // alive through the callbacks, even if another thread releases it
    // "CL_INVALID_EVENT if event is not a valid user event object."
    if (!E->isUserEvent())
      return Error(CL_INVALID_EVENT, "event is not a user event");
    // "CL_INVALID_VALUE if the execution_status is not CL_COMPLETE or a negative integer value."
    if (ExecutionStatus != CL_COMPLETE && ExecutionStatus >= 0)
      return Error(CL_INVALID_VALUE, cat("execution_status ", ExecutionStatus,
                                         " is neither CL_COMPLETE nor negative"));
    // "CL_INVALID_OPERATION if the execution_status for event has already been changed by a
    // previous call to clSetUserEventStatus."
    if (!E->setStatus(ExecutionStatus))
      return Error(CL_INVALID_OPERATION, "the user event's status was already set");
    return Status::ok();
  });
}

namespace {

/// clEnqueueMarkerWithWaitList and friends: a command with no work, ordered as How says.
cl_int enqueueSync(const char *Function, cl_command_queue QueueHandle, cl_command_type Type,
                   Queue::Ordering How, cl_uint NumEvents, const cl_event *WaitList,
                   cl_event *EventOut) {
  return enqueue(Function, QueueHandle, NumEvents, WaitList, EventOut,
                 [&](Queue &) -> Expected<Enqueued> {
                   return Enqueued{Type, std::make_unique<Command>(), How};
                 });
}

} // namespace

cl_int CL_API_CALL clEnqueueMarkerWithWaitList(cl_command_queue QueueHandle, cl_uint NumEvents,
                                               const cl_event *WaitList, cl_event *EventOut) {
  return enqueueSync(__func__, QueueHandle, CL_COMMAND_MARKER, Queue::Ordering::Marker, NumEvents,
                     WaitList, EventOut);
}

cl_int CL_API_CALL clEnqueueBarrierWithWaitList(cl_command_queue QueueHandle, cl_uint NumEvents,
                                                const cl_event *WaitList, cl_event *EventOut) {
  return enqueueSync(__func__, QueueHandle, CL_COMMAND_BARRIER, Queue::Ordering::Barrier, NumEvents,
                     WaitList, EventOut);
}

cl_int CL_API_CALL clEnqueueMarker(cl_command_queue QueueHandle, cl_event *EventOut) {
  // "CL_INVALID_VALUE if event is NULL" (the queue's check comes first).
  if (!EventOut)
    return call(__func__, QueueHandle, [&]() -> Status {
      if (auto Q = toObject<Queue>(QueueHandle); !Q)
        return Q.takeError();
      return Error(CL_INVALID_VALUE, "event is NULL");
    });
  return enqueueSync(__func__, QueueHandle, CL_COMMAND_MARKER, Queue::Ordering::Marker, 0, nullptr,
                     EventOut);
}

cl_int CL_API_CALL clEnqueueWaitForEvents(cl_command_queue QueueHandle, cl_uint NumEvents,
                                          const cl_event *EventList) {
  return call(__func__, QueueHandle, [&]() -> Status {
    auto Q = toObject<weft::Queue>(QueueHandle);
    if (!Q)
      return Q.takeError();
    // "CL_INVALID_VALUE if num_events is 0 or event_list is NULL."
    if (NumEvents == 0 || !EventList)
      return Error(CL_INVALID_VALUE, "num_events is 0 or event_list is NULL");
    auto Wait = checkWaitList((*Q)->context(), NumEvents, EventList);
    if (!Wait) {
      Error E = Wait.takeError();
      if (E.code() == CL_INVALID_EVENT_WAIT_LIST) // this call names it CL_INVALID_EVENT
        return Error(CL_INVALID_EVENT, E.reason());
      return E;
    }
    // Later commands wait for these events: a barrier on them.
    return submit(**Q, {CL_COMMAND_BARRIER, std::make_unique<Command>(), Queue::Ordering::Barrier},
                  *Wait, nullptr);
  });
}

cl_int CL_API_CALL clEnqueueBarrier(cl_command_queue QueueHandle) {
  return enqueueSync(__func__, QueueHandle, CL_COMMAND_BARRIER, Queue::Ordering::Barrier, 0, nullptr,
                     nullptr);
}

} // namespace weft::api
