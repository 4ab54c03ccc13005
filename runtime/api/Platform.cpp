// Platform entry points: enumeration (also through cl_khr_icd), info, extension function lookup.
#include "runtime/api/Api.h"
#include "runtime/api/Entry.h"
#include "runtime/api/Handles.h"
#include "runtime/api/Info.h"
#include "runtime/core/Capabilities.h"
#include "runtime/core/Clock.h"

#include <cstring>
#include <vector>

namespace weft::api {

cl_int CL_API_CALL clIcdGetPlatformIDsKHR(cl_uint NumEntries, cl_platform_id *Platforms,
                                          cl_uint *NumPlatforms) {
  return call(__func__, [&]() -> Status {
    // "CL_INVALID_VALUE if num_entries is equal to zero and platforms is not NULL, or if both
    // num_platforms and platforms are NULL."
    if (NumEntries == 0 && Platforms)
      return Error(CL_INVALID_VALUE, "num_entries is 0 but platforms is not NULL");
    if (!NumPlatforms && !Platforms)
      return Error(CL_INVALID_VALUE, "num_platforms and platforms are both NULL");
    Platform &P = Platform::get();
    if (Platforms)
      Platforms[0] = toHandle(&P);
    if (NumPlatforms)
      *NumPlatforms = 1;
    return Status::ok();
  });
}

cl_int CL_API_CALL clGetPlatformIDs(cl_uint NumEntries, cl_platform_id *Platforms,
                                    cl_uint *NumPlatforms) {
  return api::clIcdGetPlatformIDsKHR(NumEntries, Platforms, NumPlatforms);
}

cl_int CL_API_CALL clGetPlatformInfo(cl_platform_id PlatformHandle, cl_platform_info ParamName,
                                     size_t ParamValueSize, void *ParamValue,
                                     size_t *ParamValueSizeRet) {
  return call(__func__, [&]() -> Status {
    auto P = toPlatformOrDefault(PlatformHandle);
    if (!P)
      return P.takeError();
    InfoWriter Out(ParamName, ParamValueSize, ParamValue, ParamValueSizeRet);
    switch (ParamName) {
    case CL_PLATFORM_PROFILE:
      return Out.string("FULL_PROFILE");
    case CL_PLATFORM_VERSION:
      return Out.string("OpenCL 3.0 Weft " WEFT_VERSION);
    case CL_PLATFORM_NUMERIC_VERSION:
      return Out(cl_version(CL_MAKE_VERSION(3, 0, 0)));
    case CL_PLATFORM_NAME:
      return Out.string("Weft");
    case CL_PLATFORM_VENDOR:
      return Out.string("The Weft project");
    case CL_PLATFORM_EXTENSIONS:
      return Out.string(Platform::extensionString(/*ForDevice=*/false));
    case CL_PLATFORM_EXTENSIONS_WITH_VERSION: {
      std::vector<cl_name_version> List;
      for (const Extension &E : Extensions) {
        cl_name_version NV{};
        NV.version = E.Version;
        std::strncpy(NV.name, E.Name, CL_NAME_VERSION_MAX_NAME_SIZE - 1);
        List.push_back(NV);
      }
      return Out.array(std::span<const cl_name_version>(List));
    }
    case CL_PLATFORM_HOST_TIMER_RESOLUTION:
      return Out(cl_ulong(hostTimerResolutionNs()));
    case CL_PLATFORM_ICD_SUFFIX_KHR:
      return Out.string("WEFT");
    default:
      return unknownQuery("platform", ParamName);
    }
  });
}

namespace {
struct NamedFunction {
  const char *Name;
  void *Address;
};
/// Weft's extension functions, found by clGetExtensionFunctionAddress(ForPlatform).
const NamedFunction ExtensionFunctions[] = {
    {"clIcdGetPlatformIDsKHR", reinterpret_cast<void *>(&api::clIcdGetPlatformIDsKHR)},
    // cl_khr_il_program's name for the core function.
    {"clCreateProgramWithILKHR", reinterpret_cast<void *>(&api::clCreateProgramWithIL)},
    {"clGetKernelSuggestedLocalWorkSizeKHR", reinterpret_cast<void *>(&api::clGetKernelSuggestedLocalWorkSizeKHR)},
    // cl_khr_create_command_queue's name for the core function (the same property list).
    {"clCreateCommandQueueWithPropertiesKHR", reinterpret_cast<void *>(&api::clCreateCommandQueueWithProperties)},
    {"clGetKernelSubGroupInfoKHR", reinterpret_cast<void *>(&api::clGetKernelSubGroupInfo)},
};

void *lookupExtensionFunction(const char *Name) {
  if (!Name)
    return nullptr;
  for (const NamedFunction &F : ExtensionFunctions)
    if (std::strcmp(F.Name, Name) == 0)
      return F.Address;
  return nullptr;
}
} // namespace

void *CL_API_CALL clGetExtensionFunctionAddress(const char *FunctionName) {
  return lookupExtensionFunction(FunctionName);
}

void *CL_API_CALL clGetExtensionFunctionAddressForPlatform(cl_platform_id PlatformHandle,
                                                           const char *FunctionName) {
  // "Returns NULL if ... platform is not a valid platform"; the call has no error code.
  if (!toObject<Platform>(PlatformHandle))
    return nullptr;
  return lookupExtensionFunction(FunctionName);
}

cl_int CL_API_CALL clUnloadCompiler() { return CL_SUCCESS; }

cl_int CL_API_CALL clUnloadPlatformCompiler(cl_platform_id PlatformHandle) {
  return call(__func__, [&]() -> Status {
    // "CL_INVALID_PLATFORM if platform is not a valid platform."
    auto P = toObject<Platform>(PlatformHandle);
    if (!P)
      return P.takeError();
    // A hint only: the compiler library stays loaded (compiled kernels may point into it).
    return Status::ok();
  });
}

} // namespace weft::api
