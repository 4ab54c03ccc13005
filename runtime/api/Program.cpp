// Program entry points: creation from source, building, and program and build info.
#include "runtime/api/Api.h"
#include "runtime/api/Entry.h"
#include "runtime/api/Handles.h"
#include "runtime/api/Info.h"

#include <cstring>

namespace weft::api {
namespace {

/// "CL_INVALID_VALUE if device_list is NULL and num_devices is greater than zero, or if
/// device_list is not NULL and num_devices is zero"; "CL_INVALID_DEVICE if any device in
/// device_list is not in the list of devices associated with program".
Status checkDeviceList(Program &P, cl_uint NumDevices, const cl_device_id *Devices) {
  if (!Devices && NumDevices > 0)
    return Error(CL_INVALID_VALUE, "device_list is NULL but num_devices is not 0");
  if (Devices && NumDevices == 0)
    return Error(CL_INVALID_VALUE, "device_list is not NULL but num_devices is 0");
  for (cl_uint I = 0; I < NumDevices; ++I) {
    auto D = toObject<Device>(Devices[I]);
    if (!D || !P.context().hasDevice(*D))
      return Error(CL_INVALID_DEVICE,
                   cat("device_list[", I, "] is not a device of the program's context"));
  }
  return Status::ok();
}

} // namespace

cl_program CL_API_CALL clCreateProgramWithSource(cl_context ContextHandle, cl_uint Count,
                                                 const char **Strings, const size_t *Lengths,
                                                 cl_int *ErrcodeRet) {
  return create<cl_program>(__func__, ErrcodeRet, [&]() -> Expected<cl_program> {
    auto C = toObject<Context>(ContextHandle);
    if (!C)
      return C.takeError();
    // "CL_INVALID_VALUE if count is zero or if strings or any entry in strings is NULL."
    if (Count == 0 || !Strings)
      return Error(CL_INVALID_VALUE, "count is 0 or strings is NULL").in(*C);
    std::string Source;
    for (cl_uint I = 0; I < Count; ++I) {
      if (!Strings[I])
        return Error(CL_INVALID_VALUE, cat("strings[", I, "] is NULL")).in(*C);
      // A length of 0 (or no lengths) means the string is NUL-terminated.
      if (Lengths && Lengths[I])
        Source.append(Strings[I], Lengths[I]);
      else
        Source.append(Strings[I]);
    }
    return toHandle(new Program(**C, std::move(Source)));
  });
}

cl_int CL_API_CALL clBuildProgram(cl_program ProgramHandle, cl_uint NumDevices,
                                  const cl_device_id *Devices, const char *Options,
                                  void(CL_CALLBACK *Notify)(cl_program, void *), void *UserData) {
  return call(__func__, [&]() -> Status {
    auto P = toObject<Program>(ProgramHandle);
    if (!P)
      return P.takeError();
    Context *Ctx = &(*P)->context();
    if (Status S = checkDeviceList(**P, NumDevices, Devices); !S)
      return S.takeError().in(Ctx);
    // "CL_INVALID_VALUE if pfn_notify is NULL but user_data is not NULL."
    if (!Notify && UserData)
      return Error(CL_INVALID_VALUE, "pfn_notify is NULL but user_data is not").in(Ctx);
    Status Built = (*P)->buildFromSource(Options ? Options : "");
    // The build is synchronous: the notification comes once it is done, successful or not.
    if (Notify && (Built || Built.error().code() == CL_BUILD_PROGRAM_FAILURE))
      Notify(ProgramHandle, UserData);
    return Built ? Built : Built.takeError().in(Ctx);
  });
}

cl_int CL_API_CALL clRetainProgram(cl_program Program) {
  return call(__func__, [&] { return retainHandle<weft::Program>(Program); });
}

cl_int CL_API_CALL clReleaseProgram(cl_program Program) {
  return call(__func__, [&] { return releaseHandle<weft::Program>(Program); });
}

cl_int CL_API_CALL clGetProgramInfo(cl_program ProgramHandle, cl_program_info ParamName,
                                    size_t ParamValueSize, void *ParamValue,
                                    size_t *ParamValueSizeRet) {
  return call(__func__, [&]() -> Status {
    auto PR = toObject<Program>(ProgramHandle);
    if (!PR)
      return PR.takeError();
    Program &P = **PR;
    Program::BuildState B = P.build();
    InfoWriter Out(ParamName, ParamValueSize, ParamValue, ParamValueSizeRet);
    auto NeedExecutable = [&]() -> Status {
      // "CL_INVALID_PROGRAM_EXECUTABLE if param_name is CL_PROGRAM_NUM_KERNELS or
      // CL_PROGRAM_KERNEL_NAMES and a successful program executable has not been built."
      if (!B.Executable)
        return Error(CL_INVALID_PROGRAM_EXECUTABLE, "the program has not been built");
      return Status::ok();
    };
    std::vector<cl_device_id> Devices;
    for (Device *D : P.context().devices())
      Devices.push_back(toHandle(D));
    switch (ParamName) {
    case CL_PROGRAM_REFERENCE_COUNT:
      return Out(cl_uint(P.apiRefCount()));
    case CL_PROGRAM_CONTEXT:
      return Out(toHandle(&P.context()));
    case CL_PROGRAM_NUM_DEVICES:
      return Out(cl_uint(Devices.size()));
    case CL_PROGRAM_DEVICES:
      return Out.array(std::span<const cl_device_id>(Devices));
    case CL_PROGRAM_SOURCE:
      return Out.string(P.source());
    case CL_PROGRAM_IL:
      return Out.array(std::span<const char>());
    case CL_PROGRAM_BINARY_SIZES: {
      // Program binaries are not produced yet: every device's binary is empty.
      std::vector<size_t> Sizes(Devices.size(), 0);
      return Out.array(std::span<const size_t>(Sizes));
    }
    case CL_PROGRAM_BINARIES: {
      std::vector<unsigned char *> Pointers(Devices.size(), nullptr);
      return Out.array(std::span<unsigned char *const>(Pointers));
    }
    case CL_PROGRAM_NUM_KERNELS: {
      if (Status S = NeedExecutable(); !S)
        return S.takeError().in(&P.context());
      return Out(size_t(B.Executable->kernels().size()));
    }
    case CL_PROGRAM_KERNEL_NAMES: {
      if (Status S = NeedExecutable(); !S)
        return S.takeError().in(&P.context());
      std::string Names;
      for (const compiler::KernelBinary &K : B.Executable->kernels())
        Names += (Names.empty() ? "" : ";") + K.Info.Name;
      return Out.string(Names);
    }
    case CL_PROGRAM_SCOPE_GLOBAL_CTORS_PRESENT:
    case CL_PROGRAM_SCOPE_GLOBAL_DTORS_PRESENT:
      return Out(cl_bool(CL_FALSE));
    default:
      return unknownQuery("program", ParamName).in(&P.context());
    }
  });
}

cl_int CL_API_CALL clGetProgramBuildInfo(cl_program ProgramHandle, cl_device_id DeviceHandle,
                                         cl_program_build_info ParamName, size_t ParamValueSize,
                                         void *ParamValue, size_t *ParamValueSizeRet) {
  return call(__func__, [&]() -> Status {
    auto PR = toObject<Program>(ProgramHandle);
    if (!PR)
      return PR.takeError();
    Program &P = **PR;
    // "CL_INVALID_DEVICE if device is not in the list of devices associated with program."
    auto D = toObject<Device>(DeviceHandle);
    if (!D || !P.context().hasDevice(*D))
      return Error(CL_INVALID_DEVICE, "device is not a device of the program's context")
          .in(&P.context());
    Program::BuildState B = P.build();
    InfoWriter Out(ParamName, ParamValueSize, ParamValue, ParamValueSizeRet);
    switch (ParamName) {
    case CL_PROGRAM_BUILD_STATUS:
      return Out(B.Status);
    case CL_PROGRAM_BUILD_OPTIONS:
      return Out.string(B.Options);
    case CL_PROGRAM_BUILD_LOG:
      return Out.string(B.Log);
    case CL_PROGRAM_BINARY_TYPE:
      return Out(B.BinaryType);
    case CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE:
      return Out(size_t(0));
    default:
      return unknownQuery("program build", ParamName).in(&P.context());
    }
  });
}

} // namespace weft::api
