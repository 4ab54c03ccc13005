// Context entry points: creation (from devices and from a type), info, retain/release, callbacks.
#include "runtime/api/Api.h"
#include "runtime/api/Entry.h"
#include "runtime/api/Handles.h"
#include "runtime/api/Info.h"
#include "runtime/api/Validate.h"

#include <algorithm>

namespace weft::api {
namespace {

using NotifyFn = Context::NotifyFn;

/// Tells a failed creation's pfn_notify why ("errors during context creation").
Error toldTo(NotifyFn Notify, void *UserData, const char *Function, Error E) {
  if (Notify) {
    std::string Message = cat(Function, ": ", errorName(E.code()), ": ", E.reason());
    Notify(Message.c_str(), nullptr, 0, UserData);
  }
  return E;
}

Expected<cl_context> makeContext(const char *Function, const cl_context_properties *Properties,
                                 std::vector<Device *> Devices, NotifyFn Notify, void *UserData) {
  auto Props = parseContextProperties(Properties);
  if (!Props)
    return toldTo(Notify, UserData, Function, Props.takeError());
  for (Device *D : Devices)
    if (&D->platform() != Props->ThePlatform)
      return toldTo(Notify, UserData, Function,
                    Error(CL_INVALID_DEVICE, "a device does not belong to CL_CONTEXT_PLATFORM"));
  auto *C = new Context(std::move(Devices), std::move(Props->List), Props->InteropUserSync,
                        Notify, UserData);
  return toHandle(C);
}

} // namespace

cl_context CL_API_CALL clCreateContext(const cl_context_properties *Properties,
                                       cl_uint NumDevices, const cl_device_id *DeviceHandles,
                                       NotifyFn Notify, void *UserData, cl_int *ErrcodeRet) {
  const char *Function = __func__;
  return create<cl_context>(Function, ErrcodeRet, [&]() -> Expected<cl_context> {
    // "CL_INVALID_VALUE if devices is NULL; if num_devices is equal to zero; or if pfn_notify is
    // NULL but user_data is not NULL."
    if (!DeviceHandles || NumDevices == 0)
      return toldTo(Notify, UserData, Function,
                    Error(CL_INVALID_VALUE, "devices is NULL or num_devices is 0"));
    if (!Notify && UserData)
      return Error(CL_INVALID_VALUE, "pfn_notify is NULL but user_data is not");
    std::vector<Device *> Devices;
    for (cl_uint I = 0; I < NumDevices; ++I) {
      // "CL_INVALID_DEVICE if any device in devices is not a valid device."
      auto D = toObject<Device>(DeviceHandles[I]);
      if (!D)
        return toldTo(Notify, UserData, Function,
                      Error(CL_INVALID_DEVICE, cat("devices[", I, "]: ", D.error().reason())));
      // "Duplicate devices specified in devices are ignored."
      if (std::find(Devices.begin(), Devices.end(), *D) == Devices.end())
        Devices.push_back(*D);
    }
    return makeContext(Function, Properties, std::move(Devices), Notify, UserData);
  });
}

cl_context CL_API_CALL clCreateContextFromType(const cl_context_properties *Properties,
                                               cl_device_type DeviceType, NotifyFn Notify,
                                               void *UserData, cl_int *ErrcodeRet) {
  const char *Function = __func__;
  return create<cl_context>(Function, ErrcodeRet, [&]() -> Expected<cl_context> {
    if (!Notify && UserData)
      return Error(CL_INVALID_VALUE, "pfn_notify is NULL but user_data is not");
    auto Props = parseContextProperties(Properties);
    if (!Props)
      return toldTo(Notify, UserData, Function, Props.takeError());
    // The device query applies the device_type checks (CL_INVALID_DEVICE_TYPE,
    // CL_DEVICE_NOT_FOUND) exactly as clGetDeviceIDs does.
    cl_platform_id P = toHandle(Props->ThePlatform);
    cl_uint Count = 0;
    if (cl_int Code = api::clGetDeviceIDs(P, DeviceType, 0, nullptr, &Count))
      return toldTo(Notify, UserData, Function,
                    Error(Code, cat("no usable device for device_type ", hex(DeviceType))));
    std::vector<cl_device_id> Handles(Count);
    if (cl_int Code = api::clGetDeviceIDs(P, DeviceType, Count, Handles.data(), nullptr))
      return Error(Code, "device enumeration failed");
    std::vector<Device *> Devices;
    for (cl_device_id H : Handles)
      Devices.push_back(*toObject<Device>(H));
    return makeContext(Function, Properties, std::move(Devices), Notify, UserData);
  });
}

cl_int CL_API_CALL clRetainContext(cl_context ContextHandle) {
  return call(__func__, ContextHandle, [&] { return retainHandle<Context>(ContextHandle); });
}

cl_int CL_API_CALL clReleaseContext(cl_context ContextHandle) {
  return call(__func__, ContextHandle, [&] { return releaseHandle<Context>(ContextHandle); });
}

cl_int CL_API_CALL clGetContextInfo(cl_context ContextHandle, cl_context_info ParamName,
                                    size_t ParamValueSize, void *ParamValue,
                                    size_t *ParamValueSizeRet) {
  return call(__func__, ContextHandle, [&]() -> Status {
    auto CR = toObject<Context>(ContextHandle);
    if (!CR)
      return CR.takeError();
    Context &C = **CR;
    InfoWriter Out(ParamName, ParamValueSize, ParamValue, ParamValueSizeRet);
    switch (ParamName) {
    case CL_CONTEXT_REFERENCE_COUNT:
      return Out(cl_uint(C.apiRefCount()));
    case CL_CONTEXT_NUM_DEVICES:
      return Out(cl_uint(C.devices().size()));
    case CL_CONTEXT_DEVICES: {
      std::vector<cl_device_id> Handles;
      for (Device *D : C.devices())
        Handles.push_back(toHandle(D));
      return Out.array(std::span<const cl_device_id>(Handles));
    }
    case CL_CONTEXT_PROPERTIES:
      return Out.array(std::span<const cl_context_properties>(C.properties()));
    default:
      return unknownQuery("context", ParamName);
    }
  });
}

cl_int CL_API_CALL clSetContextDestructorCallback(cl_context ContextHandle,
                                                  void(CL_CALLBACK *Notify)(cl_context, void *),
                                                  void *UserData) {
  return call(__func__, ContextHandle, [&]() -> Status {
    auto C = toObject<Context>(ContextHandle);
    if (!C)
      return C.takeError();
    // "CL_INVALID_VALUE if pfn_notify is NULL."
    if (!Notify)
      return Error(CL_INVALID_VALUE, "pfn_notify is NULL");
    (*C)->addDestructorCallback([Notify, ContextHandle, UserData] { Notify(ContextHandle, UserData); });
    return Status::ok();
  });
}

} // namespace weft::api
