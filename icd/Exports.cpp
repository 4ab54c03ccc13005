// The three symbols libweft.so exports, as the ICD loaders (ocl-icd and Khronos) look them up.
#include "runtime/api/Api.h"

#define WEFT_EXPORT extern "C" __attribute__((visibility("default")))

WEFT_EXPORT cl_int CL_API_CALL clIcdGetPlatformIDsKHR(cl_uint NumEntries, cl_platform_id *Platforms,
                                                      cl_uint *NumPlatforms) {
  return weft::api::clIcdGetPlatformIDsKHR(NumEntries, Platforms, NumPlatforms);
}

WEFT_EXPORT cl_int CL_API_CALL clGetPlatformInfo(cl_platform_id Platform,
                                                 cl_platform_info ParamName, size_t ParamValueSize,
                                                 void *ParamValue, size_t *ParamValueSizeRet) {
  return weft::api::clGetPlatformInfo(Platform, ParamName, ParamValueSize, ParamValue,
                                      ParamValueSizeRet);
}

WEFT_EXPORT void *CL_API_CALL clGetExtensionFunctionAddress(const char *FunctionName) {
  return weft::api::clGetExtensionFunctionAddress(FunctionName);
}
