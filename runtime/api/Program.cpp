// Program entry points: creation from source, building, and program and build info.
#include "runtime/api/Api.h"
#include "runtime/api/Entry.h"
#include "runtime/api/Handles.h"
#include "runtime/api/Info.h"

#include <cstring>
#include <optional>

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
  return create<cl_program>(__func__, ContextHandle, ErrcodeRet, [&]() -> Expected<cl_program> {
    auto C = toObject<Context>(ContextHandle);
    if (!C)
      return C.takeError();
    // "CL_INVALID_VALUE if count is zero or if strings or any entry in strings is NULL."
    if (Count == 0 || !Strings)
      return Error(CL_INVALID_VALUE, "count is 0 or strings is NULL");
    std::string Source;
    for (cl_uint I = 0; I < Count; ++I) {
      if (!Strings[I])
        return Error(CL_INVALID_VALUE, cat("strings[", I, "] is NULL"));
      // A length of 0 (or no lengths) means the string is NUL-terminated.
      if (Lengths && Lengths[I])
        Source.append(Strings[I], Lengths[I]);
      else
        Source.append(Strings[I]);
    }
    return toHandle(new Program(**C, std::move(Source)));
  });
}

cl_program CL_API_CALL clCreateProgramWithBinary(cl_context ContextHandle, cl_uint NumDevices,
                                                 const cl_device_id *Devices,
                                                 const size_t *Lengths,
                                                 const unsigned char **Binaries,
                                                 cl_int *BinaryStatus, cl_int *ErrcodeRet) {
  return create<cl_program>(__func__, ContextHandle, ErrcodeRet, [&]() -> Expected<cl_program> {
    auto C = toObject<Context>(ContextHandle);
    if (!C)
      return C.takeError();
    // "CL_INVALID_VALUE if device_list is NULL or num_devices is zero."
    if (!Devices || NumDevices == 0)
      return Error(CL_INVALID_VALUE, "device_list is NULL or num_devices is 0");
    // "CL_INVALID_VALUE if lengths or binaries is NULL or if any entry in lengths[i] is zero or
    // binaries[i] is NULL."
    if (!Lengths || !Binaries)
      return Error(CL_INVALID_VALUE, "lengths or binaries is NULL");
    std::optional<store::ProgramBinary> First;
    Error Bad(CL_INVALID_BINARY, "");
    bool AnyBad = false;
    for (cl_uint I = 0; I < NumDevices; ++I) {
      // "CL_INVALID_DEVICE if any device in device_list is not in the list of devices associated
      // with context."
      auto D = toObject<Device>(Devices[I]);
      if (!D || !(*C)->hasDevice(*D))
        return Error(CL_INVALID_DEVICE, cat("device_list[", I, "] is not in the context"));
      if (Lengths[I] == 0 || !Binaries[I])
        return Error(CL_INVALID_VALUE, cat("binaries[", I, "] is NULL or lengths[", I, "] is 0"));
      // "CL_INVALID_BINARY if an invalid program binary was encountered for any device.
      // binary_status will return specific status for each device."
      std::string Why;
      std::optional<store::ProgramBinary> B = store::decodeBinary(Binaries[I], Lengths[I], Why);
      if (BinaryStatus)
        BinaryStatus[I] = B ? CL_SUCCESS : CL_INVALID_BINARY;
      if (!B) {
        if (!AnyBad)
          Bad = Error(CL_INVALID_BINARY, cat("binaries[", I, "]: ", Why));
        AnyBad = true;
      } else if (!First) {
        First = std::move(*B);
      }
    }
    if (AnyBad)
      return Bad;
    return toHandle(new Program(**C, std::move(*First)));
  });
}

cl_program CL_API_CALL clCreateProgramWithIL(cl_context ContextHandle, const void *Il,
                                             size_t Length, cl_int *ErrcodeRet) {
  return create<cl_program>(__func__, ContextHandle, ErrcodeRet, [&]() -> Expected<cl_program> {
    auto C = toObject<Context>(ContextHandle);
    if (!C)
      return C.takeError();
    // "CL_INVALID_VALUE if il is NULL or if length is zero", "or if the length-byte memory
    // pointed to by il does not contain well-formed intermediate language": here, a SPIR-V
    // header (five words, the magic number first, in either byte order) and whole words. The
    // translator checks the rest when the program is built (CL_BUILD_PROGRAM_FAILURE, with
    // its reason in the log).
    if (!Il || Length == 0)
      return Error(CL_INVALID_VALUE, "il is NULL or length is 0");
    uint32_t Magic = 0;
    if (Length >= 4)
      std::memcpy(&Magic, Il, 4);
    if (Length < 20 || Length % 4 || (Magic != 0x07230203u && Magic != 0x03022307u))
      return Error(CL_INVALID_VALUE, "il is not a SPIR-V module (Weft reads SPIR-V only)");
    return toHandle(new Program(**C, Program::Il{std::string(static_cast<const char *>(Il), Length)}));
  });
}

cl_int CL_API_CALL clSetProgramSpecializationConstant(cl_program ProgramHandle, cl_uint SpecId,
                                                      size_t SpecSize, const void *SpecValue) {
  return call(__func__, ProgramHandle, [&]() -> Status {
    auto P = toObject<Program>(ProgramHandle);
    if (!P)
      return P.takeError();
    // "CL_INVALID_OPERATION if program is not created from intermediate language (e.g. SPIR-V)".
    if ((*P)->origin() != Program::Origin::Il)
      return Error(CL_INVALID_OPERATION, "the program was not created with clCreateProgramWithIL");
    Status S = (*P)->setSpecConstant(SpecId, SpecSize, SpecValue);
    return S;
  });
}

cl_int CL_API_CALL clBuildProgram(cl_program ProgramHandle, cl_uint NumDevices,
                                  const cl_device_id *Devices, const char *Options,
                                  void(CL_CALLBACK *Notify)(cl_program, void *), void *UserData) {
  return call(__func__, ProgramHandle, [&]() -> Status {
    auto P = toObject<Program>(ProgramHandle);
    if (!P)
      return P.takeError();
    if (Status S = checkDeviceList(**P, NumDevices, Devices); !S)
      return S.takeError();
    // "CL_INVALID_VALUE if pfn_notify is NULL but user_data is not NULL."
    if (!Notify && UserData)
      return Error(CL_INVALID_VALUE, "pfn_notify is NULL but user_data is not");
    // "CL_INVALID_OPERATION if program was not created with clCreateProgramWithSource,
    // clCreateProgramWithIL or clCreateProgramWithBinary."
    if ((*P)->origin() == Program::Origin::Link)
      return Error(CL_INVALID_OPERATION, "the program was made by clLinkProgram");
    Status Built = (*P)->origin() == Program::Origin::Binary
                       ? (*P)->buildFromBinary(Options ? Options : "")
                       : (*P)->buildFromSource(Options ? Options : "");
    // The build is synchronous: the notification comes once it is done, successful or not.
    if (Notify && (Built || Built.error().code() == CL_BUILD_PROGRAM_FAILURE))
      Notify(ProgramHandle, UserData);
    return Built;
  });
}

cl_int CL_API_CALL clCompileProgram(cl_program ProgramHandle, cl_uint NumDevices,
                                    const cl_device_id *Devices, const char *Options,
                                    cl_uint NumHeaders, const cl_program *Headers,
                                    const char **HeaderNames,
                                    void(CL_CALLBACK *Notify)(cl_program, void *),
                                    void *UserData) {
  return call(__func__, ProgramHandle, [&]() -> Status {
    auto P = toObject<Program>(ProgramHandle);
    if (!P)
      return P.takeError();
    if (Status S = checkDeviceList(**P, NumDevices, Devices); !S)
      return S.takeError();
    // "CL_INVALID_VALUE if num_input_headers is zero and header_include_names or input_headers
    // are not NULL or if num_input_headers is not zero and header_include_names or input_headers
    // are NULL."
    if (NumHeaders == 0 && (Headers || HeaderNames))
      return Error(CL_INVALID_VALUE, "num_input_headers is 0 but input_headers or "
                                     "header_include_names is not NULL");
    if (NumHeaders && (!Headers || !HeaderNames))
      return Error(CL_INVALID_VALUE, "input_headers or header_include_names is NULL");
    if (!Notify && UserData)
      return Error(CL_INVALID_VALUE, "pfn_notify is NULL but user_data is not");
    if (!(*P)->hasSource())
      return Error(CL_INVALID_OPERATION, "the program has no source to compile");
    std::vector<std::pair<std::string, std::string>> HeaderFiles;
    for (cl_uint I = 0; I < NumHeaders; ++I) {
      auto H = toObject<Program>(Headers[I]);
      if (!H)
        return Error(CL_INVALID_PROGRAM, cat("input_headers[", I, "] is not a valid program"));
      if (!HeaderNames[I])
        return Error(CL_INVALID_VALUE, cat("header_include_names[", I, "] is NULL"));
      HeaderFiles.emplace_back(HeaderNames[I], (*H)->source());
    }
    Status Compiled = (*P)->compileSource(Options ? Options : "", std::move(HeaderFiles));
    if (Notify && (Compiled || Compiled.error().code() == CL_COMPILE_PROGRAM_FAILURE))
      Notify(ProgramHandle, UserData);
    return Compiled;
  });
}

cl_program CL_API_CALL clLinkProgram(cl_context ContextHandle, cl_uint NumDevices,
                                     const cl_device_id *Devices, const char *Options,
                                     cl_uint NumInputs, const cl_program *Inputs,
                                     void(CL_CALLBACK *Notify)(cl_program, void *),
                                     void *UserData, cl_int *ErrcodeRet) {
  cl_program Result = nullptr;
  cl_int Code = call(__func__, ContextHandle, [&]() -> Status {
    auto C = toObject<Context>(ContextHandle);
    if (!C)
      return C.takeError();
    // "CL_INVALID_VALUE if device_list is NULL and num_devices is greater than zero, or if
    // device_list is not NULL and num_devices is zero"; "if num_input_programs is zero and
    // input_programs is NULL or if num_input_programs is zero and input_programs is not NULL or
    // if num_input_programs is not zero and input_programs is NULL".
    if ((!Devices && NumDevices) || (Devices && !NumDevices))
      return Error(CL_INVALID_VALUE, "device_list and num_devices disagree");
    for (cl_uint I = 0; I < NumDevices; ++I) {
      auto D = toObject<Device>(Devices[I]);
      if (!D || !(*C)->hasDevice(*D))
        return Error(CL_INVALID_DEVICE, cat("device_list[", I, "] is not in the context"));
    }
    if (NumInputs == 0 || !Inputs)
      return Error(CL_INVALID_VALUE, "num_input_programs is 0 or input_programs is NULL");
    if (!Notify && UserData)
      return Error(CL_INVALID_VALUE, "pfn_notify is NULL but user_data is not");
    std::vector<Program *> Programs;
    for (cl_uint I = 0; I < NumInputs; ++I) {
      auto P = toObject<Program>(Inputs[I]);
      if (!P)
        return Error(CL_INVALID_PROGRAM, cat("input_programs[", I, "] is not a valid program"));
      // "CL_INVALID_OPERATION if the compilation or build of a program executable for any of the
      // devices listed in device_list by a previous call to clCompileProgram or clBuildProgram
      // for program has not completed"; inputs must be compiled objects or libraries.
      cl_program_binary_type T = (*P)->build().BinaryType;
      if (T != CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT && T != CL_PROGRAM_BINARY_TYPE_LIBRARY)
        return Error(CL_INVALID_OPERATION, cat("input_programs[", I, "] is neither a compiled "
                                               "object nor a library"));
      Programs.push_back(*P);
    }
    Ref<Program> Linked = Ref<Program>::adopt(new Program(**C));
    Status S = Linked->linkFrom(Programs, Options ? Options : "");
    // A failed link still yields the program, so that its build log can be read.
    if (S || S.error().code() == CL_LINK_PROGRAM_FAILURE) {
      Result = toHandle(Linked.leak());
      if (Notify)
        Notify(Result, UserData);
    }
    return S;
  });
  if (ErrcodeRet)
    *ErrcodeRet = Code;
  return Result;
}

cl_int CL_API_CALL clRetainProgram(cl_program Program) {
  return call(__func__, Program, [&] { return retainHandle<weft::Program>(Program); });
}

cl_int CL_API_CALL clReleaseProgram(cl_program Program) {
  return call(__func__, Program, [&] { return releaseHandle<weft::Program>(Program); });
}

cl_int CL_API_CALL clGetProgramInfo(cl_program ProgramHandle, cl_program_info ParamName,
                                    size_t ParamValueSize, void *ParamValue,
                                    size_t *ParamValueSizeRet) {
  return call(__func__, ProgramHandle, [&]() -> Status {
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
    // The source of a program from OpenCL C, an empty string otherwise; the IL of a program from
    // clCreateProgramWithIL, nothing (size 0) otherwise.
    case CL_PROGRAM_SOURCE:
      return Out.string(P.origin() == Program::Origin::Source ? P.source() : std::string());
    case CL_PROGRAM_IL:
      return P.origin() == Program::Origin::Il
                 ? Out.array(std::span<const char>(P.source().data(), P.source().size()))
                 : Out.array(std::span<const char>());
    case CL_PROGRAM_BINARY_SIZES: {
      // Every device of the context runs the same binary (0 bytes while there is none).
      std::vector<size_t> Sizes(Devices.size(), P.binary().size());
      return Out.array(std::span<const size_t>(Sizes));
    }
    case CL_PROGRAM_BINARIES: {
      // param_value is an array of pointers to application memory of the sizes above; NULL
      // entries are skipped.
      std::string Binary = P.binary();
      if (Status S = Out.reserve(Devices.size() * sizeof(unsigned char *)); !S)
        return S.takeError();
      if (ParamValue)
        for (size_t I = 0; I < Devices.size(); ++I)
          if (auto *Dst = static_cast<unsigned char **>(ParamValue)[I])
            std::memcpy(Dst, Binary.data(), Binary.size());
      return Status::ok();
    }
    case CL_PROGRAM_NUM_KERNELS: {
      if (Status S = NeedExecutable(); !S)
        return S.takeError();
      return Out(size_t(B.Executable->kernels().size()));
    }
    case CL_PROGRAM_KERNEL_NAMES: {
      if (Status S = NeedExecutable(); !S)
        return S.takeError();
      std::string Names;
      for (const compiler::KernelBinary &K : B.Executable->kernels())
        Names += (Names.empty() ? "" : ";") + K.Info.Name;
      return Out.string(Names);
    }
    case CL_PROGRAM_SCOPE_GLOBAL_CTORS_PRESENT:
    case CL_PROGRAM_SCOPE_GLOBAL_DTORS_PRESENT:
      return Out(cl_bool(CL_FALSE));
    default:
      return unknownQuery("program", ParamName);
    }
  });
}

cl_int CL_API_CALL clGetProgramBuildInfo(cl_program ProgramHandle, cl_device_id DeviceHandle,
                                         cl_program_build_info ParamName, size_t ParamValueSize,
                                         void *ParamValue, size_t *ParamValueSizeRet) {
  return call(__func__, ProgramHandle, [&]() -> Status {
    auto PR = toObject<Program>(ProgramHandle);
    if (!PR)
      return PR.takeError();
    Program &P = **PR;
    // "CL_INVALID_DEVICE if device is not in the list of devices associated with program."
    auto D = toObject<Device>(DeviceHandle);
    if (!D || !P.context().hasDevice(*D))
      return Error(CL_INVALID_DEVICE, "device is not a device of the program's context");
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
      // Only an executable has global variables of its own.
      return Out(size_t(B.Executable ? B.Executable->globalVariableBytes() : 0));
    default:
      return unknownQuery("program build", ParamName);
    }
  });
}

} // namespace weft::api
