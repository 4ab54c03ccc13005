// Command-queue entry points: creation (both forms), info, retain/release, flush, finish.
#include "runtime/api/Api.h"
#include "runtime/api/Enqueue.h"
#include "runtime/api/Entry.h"
#include "runtime/api/Handles.h"
#include "runtime/api/Info.h"

#include <cstring>

namespace weft::api {
namespace {

constexpr cl_command_queue_properties HostQueueProperties =
    CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE;
constexpr cl_command_queue_properties KnownQueueProperties =
    HostQueueProperties | CL_QUEUE_ON_DEVICE | CL_QUEUE_ON_DEVICE_DEFAULT;

Expected<cl_command_queue> makeQueue(cl_context ContextHandle, cl_device_id DeviceHandle,
                                     cl_command_queue_properties Properties,
                                     std::vector<cl_queue_properties> Array) {
  auto C = toObject<Context>(ContextHandle);
  if (!C)
    return C.takeError();
  auto D = toObject<Device>(DeviceHandle);
  if (!D)
    return D.takeError();
  // "CL_INVALID_DEVICE if device is not a valid device or is not associated with context."
  if (!(*C)->hasDevice(*D))
    return Error(CL_INVALID_DEVICE, "device is not associated with context");
  // "CL_INVALID_VALUE if values specified in properties are not valid."
  if (Properties & ~KnownQueueProperties)
    return Error(CL_INVALID_VALUE, cat("queue properties ", hex(Properties), " has unknown bits ",
                                       hex(Properties & ~KnownQueueProperties)));
  if ((Properties & CL_QUEUE_ON_DEVICE_DEFAULT) && !(Properties & CL_QUEUE_ON_DEVICE))
    return Error(CL_INVALID_VALUE, "CL_QUEUE_ON_DEVICE_DEFAULT without CL_QUEUE_ON_DEVICE");
  // "CL_INVALID_QUEUE_PROPERTIES if values specified in properties are valid but are not
  // supported by the device": there are no on-device queues.
  if (Properties & CL_QUEUE_ON_DEVICE)
    return Error(CL_INVALID_QUEUE_PROPERTIES, "on-device queues are not supported");
  auto *Q = new Queue(**C, **D, Properties, std::move(Array));
  return toHandle(Q);
}

} // namespace

cl_command_queue CL_API_CALL clCreateCommandQueue(cl_context Context, cl_device_id Device,
                                                  cl_command_queue_properties Properties,
                                                  cl_int *ErrcodeRet) {
  return create<cl_command_queue>(__func__, Context, ErrcodeRet, [&]() -> Expected<cl_command_queue> {
    return makeQueue(Context, Device, Properties, {});
  });
}

cl_command_queue CL_API_CALL clCreateCommandQueueWithProperties(
    cl_context Context, cl_device_id Device, const cl_queue_properties *Properties,
    cl_int *ErrcodeRet) {
  return create<cl_command_queue>(__func__, Context, ErrcodeRet, [&]() -> Expected<cl_command_queue> {
    cl_command_queue_properties Bits = 0;
    bool SeenProperties = false, SeenSize = false;
    std::vector<cl_queue_properties> Array;
    if (Properties) {
      const cl_queue_properties *P = Properties;
      for (; *P; P += 2) {
        if (P[0] == CL_QUEUE_PROPERTIES && !SeenProperties) {
          SeenProperties = true;
          Bits = P[1];
        } else if (P[0] == CL_QUEUE_SIZE && !SeenSize) {
          SeenSize = true;
        } else {
          return Error(CL_INVALID_VALUE, cat("queue property ", hex(P[0]),
                                             P[0] == CL_QUEUE_PROPERTIES || P[0] == CL_QUEUE_SIZE
                                                 ? " is given twice"
                                                 : " is not supported"));
        }
      }
      Array.assign(Properties, P + 1);
    }
    // "CL_QUEUE_SIZE ... can only be specified if CL_QUEUE_ON_DEVICE is set."
    if (SeenSize && !(Bits & CL_QUEUE_ON_DEVICE))
      return Error(CL_INVALID_VALUE, "CL_QUEUE_SIZE without CL_QUEUE_ON_DEVICE");
    return makeQueue(Context, Device, Bits, std::move(Array));
  });
}

cl_int CL_API_CALL clRetainCommandQueue(cl_command_queue QueueHandle) {
  return call(__func__, QueueHandle, [&] { return retainHandle<Queue>(QueueHandle); });
}

cl_int CL_API_CALL clReleaseCommandQueue(cl_command_queue QueueHandle) {
  // The implicit flush is a no-op: every command is issued as soon as it is enqueued.
  return call(__func__, QueueHandle, [&] { return releaseHandle<Queue>(QueueHandle); });
}

cl_int CL_API_CALL clGetCommandQueueInfo(cl_command_queue QueueHandle,
                                         cl_command_queue_info ParamName, size_t ParamValueSize,
                                         void *ParamValue, size_t *ParamValueSizeRet) {
  return call(__func__, QueueHandle, [&]() -> Status {
    auto QR = toObject<Queue>(QueueHandle);
    if (!QR)
      return QR.takeError();
    Queue &Q = **QR;
    InfoWriter Out(ParamName, ParamValueSize, ParamValue, ParamValueSizeRet);
    switch (ParamName) {
    case CL_QUEUE_CONTEXT:
      return Out(toHandle(&Q.context()));
    case CL_QUEUE_DEVICE:
      return Out(toHandle(&Q.device()));
    case CL_QUEUE_REFERENCE_COUNT:
      return Out(cl_uint(Q.apiRefCount()));
    case CL_QUEUE_PROPERTIES:
      return Out(Q.properties());
    case CL_QUEUE_PROPERTIES_ARRAY:
      return Out.array(std::span<const cl_queue_properties>(Q.propertiesArray()));
    case CL_QUEUE_SIZE:
      // "CL_INVALID_COMMAND_QUEUE ... if command_queue is not a valid command-queue for
      // param_name": the size exists only for on-device queues.
      return Error(CL_INVALID_COMMAND_QUEUE, "CL_QUEUE_SIZE is only defined for device queues");
    case CL_QUEUE_DEVICE_DEFAULT:
      return Out(cl_command_queue(nullptr));
    default:
      return unknownQuery("command-queue", ParamName);
    }
  });
}

cl_int CL_API_CALL clFlush(cl_command_queue QueueHandle) {
  return call(__func__, QueueHandle, [&]() -> Status {
    auto Q = toObject<Queue>(QueueHandle);
    if (!Q)
      return Q.takeError();
    return Status::ok(); // commands are issued as soon as they are enqueued
  });
}

cl_int CL_API_CALL clFinish(cl_command_queue QueueHandle) {
  return call(__func__, QueueHandle, [&]() -> Status {
    auto Q = toObject<Queue>(QueueHandle);
    if (!Q)
      return Q.takeError();
    for (Ref<Event> &E : (*Q)->unfinished())
      E->wait();
    return Status::ok();
  });
}

Status submit(Queue &Q, Enqueued E, const std::vector<Event *> &Wait, cl_event *EventOut) {
  const bool Blocking = E.Work->Blocking;
  // "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST if the ... operations are blocking and the
  // execution status of any of the events in event_wait_list is a negative integer value."
  if (Blocking)
    if (Status S = checkNoFailedEvent(Wait); !S)
      return S;
  Ref<Event> Ev = Q.enqueue(E.Type, std::move(E.Work), Wait, E.How);
  cl_int Final = Blocking ? Ev->wait() : CL_COMPLETE;
  if (EventOut && Final >= 0)
    *EventOut = toHandle(Ev.get()); // the application takes the event's API reference
  else
    Ev->releaseApi();
  if (Final < 0)
    return Error(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST,
                 cat("the blocking command ended with status ", Final));
  return Status::ok();
}

} // namespace weft::api
