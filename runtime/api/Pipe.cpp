// Pipe entry points. No Weft device supports pipes (CL_DEVICE_PIPE_SUPPORT is CL_FALSE), so no
// pipe object can exist; the calls still check their arguments and answer with the spec's codes.
#include "runtime/api/Api.h"
#include "runtime/api/Entry.h"
#include "runtime/api/Handles.h"

namespace weft::api {

cl_mem CL_API_CALL clCreatePipe(cl_context ContextHandle, cl_mem_flags Flags,
                                cl_uint PacketSize, cl_uint MaxPackets,
                                const cl_pipe_properties *Properties, cl_int *ErrcodeRet) {
  return create<cl_mem>(__func__, ContextHandle, ErrcodeRet, [&]() -> Expected<cl_mem> {
    auto C = toObject<Context>(ContextHandle);
    if (!C)
      return C.takeError();
    // "CL_INVALID_OPERATION if no devices in context support pipes."
    return Error(CL_INVALID_OPERATION, "no device in the context supports pipes");
  });
}

cl_int CL_API_CALL clGetPipeInfo(cl_mem Pipe, cl_pipe_info ParamName, size_t ParamValueSize,
                                 void *ParamValue, size_t *ParamValueSizeRet) {
  return call(__func__, Pipe, [&]() -> Status {
    // "CL_INVALID_MEM_OBJECT if pipe is not a valid pipe object": every memory object Weft can
    // create is a buffer or an image.
    auto M = toObject<MemObject>(Pipe);
    if (!M)
      return M.takeError();
    return Error(CL_INVALID_MEM_OBJECT, "the memory object is not a pipe");
  });
}

} // namespace weft::api
