// Declarations of the entry points runtime/api implements, typed by the ICD header's cl_api_* types.
#pragma once

#include <CL/cl.h>
#include <CL/cl_ext.h>
#include <CL/cl_icd.h>

#include <type_traits>

namespace weft::api {

// Each entry point is declared with the exact function type the dispatch table slot has, so a
// signature that drifts from the header fails to compile.
#define WEFT_ENTRY(Name) std::remove_pointer_t<cl_api_##Name> Name;
// Platform.cpp
WEFT_ENTRY(clGetPlatformIDs)
WEFT_ENTRY(clGetPlatformInfo)
WEFT_ENTRY(clGetExtensionFunctionAddress)
WEFT_ENTRY(clGetExtensionFunctionAddressForPlatform)
WEFT_ENTRY(clUnloadCompiler)
WEFT_ENTRY(clUnloadPlatformCompiler)
// Device.cpp
WEFT_ENTRY(clGetDeviceIDs)
WEFT_ENTRY(clGetDeviceInfo)
WEFT_ENTRY(clCreateSubDevices)
WEFT_ENTRY(clRetainDevice)
WEFT_ENTRY(clReleaseDevice)
WEFT_ENTRY(clGetDeviceAndHostTimer)
WEFT_ENTRY(clGetHostTimer)
// Context.cpp
WEFT_ENTRY(clCreateContext)
WEFT_ENTRY(clCreateContextFromType)
WEFT_ENTRY(clRetainContext)
WEFT_ENTRY(clReleaseContext)
WEFT_ENTRY(clGetContextInfo)
WEFT_ENTRY(clSetContextDestructorCallback)
// Image.cpp
WEFT_ENTRY(clGetSupportedImageFormats)
#undef WEFT_ENTRY

/// clIcdGetPlatformIDsKHR (cl_khr_icd); the header gives it no cl_api_* type.
cl_int CL_API_CALL clIcdGetPlatformIDsKHR(cl_uint NumEntries, cl_platform_id *Platforms,
                                          cl_uint *NumPlatforms);

} // namespace weft::api
