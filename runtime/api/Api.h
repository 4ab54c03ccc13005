// Declarations of the entry points runtime/api implements, typed by the ICD header's cl_api_* types.
#pragma once

#include <CL/cl.h>
#include <CL/cl_ext.h>
#include <CL/cl_icd.h>

#include "runtime/api/ClExtCompat.h"

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
// Sampler.cpp
WEFT_ENTRY(clCreateSampler)
WEFT_ENTRY(clCreateSamplerWithProperties)
WEFT_ENTRY(clRetainSampler)
WEFT_ENTRY(clReleaseSampler)
WEFT_ENTRY(clGetSamplerInfo)
// Image.cpp
WEFT_ENTRY(clCreateImage)
WEFT_ENTRY(clCreateImageWithProperties)
WEFT_ENTRY(clCreateImage2D)
WEFT_ENTRY(clCreateImage3D)
WEFT_ENTRY(clGetSupportedImageFormats)
WEFT_ENTRY(clGetImageInfo)
WEFT_ENTRY(clEnqueueReadImage)
WEFT_ENTRY(clEnqueueWriteImage)
WEFT_ENTRY(clEnqueueCopyImage)
WEFT_ENTRY(clEnqueueFillImage)
WEFT_ENTRY(clEnqueueCopyImageToBuffer)
WEFT_ENTRY(clEnqueueCopyBufferToImage)
WEFT_ENTRY(clEnqueueMapImage)
// Queue.cpp
WEFT_ENTRY(clCreateCommandQueue)
WEFT_ENTRY(clCreateCommandQueueWithProperties)
WEFT_ENTRY(clRetainCommandQueue)
WEFT_ENTRY(clReleaseCommandQueue)
WEFT_ENTRY(clGetCommandQueueInfo)
WEFT_ENTRY(clFlush)
WEFT_ENTRY(clFinish)
// Event.cpp
WEFT_ENTRY(clWaitForEvents)
WEFT_ENTRY(clGetEventInfo)
WEFT_ENTRY(clRetainEvent)
WEFT_ENTRY(clReleaseEvent)
WEFT_ENTRY(clGetEventProfilingInfo)
WEFT_ENTRY(clSetEventCallback)
WEFT_ENTRY(clCreateUserEvent)
WEFT_ENTRY(clSetUserEventStatus)
WEFT_ENTRY(clEnqueueMarkerWithWaitList)
WEFT_ENTRY(clEnqueueBarrierWithWaitList)
WEFT_ENTRY(clEnqueueMarker)
WEFT_ENTRY(clEnqueueWaitForEvents)
WEFT_ENTRY(clEnqueueBarrier)
// Buffer.cpp
WEFT_ENTRY(clCreateBuffer)
WEFT_ENTRY(clCreateBufferWithProperties)
WEFT_ENTRY(clCreateSubBuffer)
WEFT_ENTRY(clRetainMemObject)
WEFT_ENTRY(clReleaseMemObject)
WEFT_ENTRY(clGetMemObjectInfo)
WEFT_ENTRY(clSetMemObjectDestructorCallback)
WEFT_ENTRY(clEnqueueReadBuffer)
WEFT_ENTRY(clEnqueueWriteBuffer)
WEFT_ENTRY(clEnqueueReadBufferRect)
WEFT_ENTRY(clEnqueueWriteBufferRect)
WEFT_ENTRY(clEnqueueCopyBuffer)
WEFT_ENTRY(clEnqueueCopyBufferRect)
WEFT_ENTRY(clEnqueueFillBuffer)
WEFT_ENTRY(clEnqueueMapBuffer)
WEFT_ENTRY(clEnqueueUnmapMemObject)
WEFT_ENTRY(clEnqueueMigrateMemObjects)
// Pipe.cpp
WEFT_ENTRY(clCreatePipe)
WEFT_ENTRY(clGetPipeInfo)
// Program.cpp
WEFT_ENTRY(clCreateProgramWithSource)
WEFT_ENTRY(clCreateProgramWithBinary)
WEFT_ENTRY(clCreateProgramWithIL)
WEFT_ENTRY(clSetProgramSpecializationConstant)
WEFT_ENTRY(clBuildProgram)
WEFT_ENTRY(clCompileProgram)
WEFT_ENTRY(clLinkProgram)
WEFT_ENTRY(clRetainProgram)
WEFT_ENTRY(clReleaseProgram)
WEFT_ENTRY(clGetProgramInfo)
WEFT_ENTRY(clGetProgramBuildInfo)
// Svm.cpp
WEFT_ENTRY(clSVMAlloc)
WEFT_ENTRY(clSVMFree)
WEFT_ENTRY(clEnqueueSVMFree)
WEFT_ENTRY(clEnqueueSVMMemcpy)
WEFT_ENTRY(clEnqueueSVMMemFill)
WEFT_ENTRY(clEnqueueSVMMap)
WEFT_ENTRY(clEnqueueSVMUnmap)
WEFT_ENTRY(clEnqueueSVMMigrateMem)
// Kernel.cpp
WEFT_ENTRY(clCreateKernel)
WEFT_ENTRY(clCreateKernelsInProgram)
WEFT_ENTRY(clCloneKernel)
WEFT_ENTRY(clRetainKernel)
WEFT_ENTRY(clReleaseKernel)
WEFT_ENTRY(clSetKernelArg)
WEFT_ENTRY(clSetKernelArgSVMPointer)
WEFT_ENTRY(clSetKernelExecInfo)
WEFT_ENTRY(clGetKernelInfo)
WEFT_ENTRY(clGetKernelArgInfo)
WEFT_ENTRY(clGetKernelWorkGroupInfo)
WEFT_ENTRY(clGetKernelSubGroupInfo)
WEFT_ENTRY(clEnqueueNDRangeKernel)
WEFT_ENTRY(clEnqueueTask)
WEFT_ENTRY(clEnqueueNativeKernel)
#undef WEFT_ENTRY

/// clIcdGetPlatformIDsKHR (cl_khr_icd); the header gives it no cl_api_* type.
cl_int CL_API_CALL clIcdGetPlatformIDsKHR(cl_uint NumEntries, cl_platform_id *Platforms,
                                          cl_uint *NumPlatforms);

/// clGetKernelSuggestedLocalWorkSizeKHR (cl_khr_suggested_local_work_size).
std::remove_pointer_t<clGetKernelSuggestedLocalWorkSizeKHR_fn> clGetKernelSuggestedLocalWorkSizeKHR;

} // namespace weft::api
