// Image entry points. Images are not supported yet (CL_DEVICE_IMAGE_SUPPORT is CL_FALSE), but the
// format query is valid on every context and answers with no formats.
#include "runtime/api/Api.h"
#include "runtime/api/Entry.h"
#include "runtime/api/Handles.h"
#include "runtime/api/Validate.h"

namespace weft::api {

cl_int CL_API_CALL clGetSupportedImageFormats(cl_context ContextHandle, cl_mem_flags Flags,
                                              cl_mem_object_type ImageType, cl_uint NumEntries,
                                              cl_image_format *ImageFormats,
                                              cl_uint *NumImageFormats) {
  return call(__func__, ContextHandle, [&]() -> Status {
    auto C = toObject<Context>(ContextHandle);
    if (!C)
      return C.takeError();
    // "CL_INVALID_VALUE if flags or image_type are not valid, or if num_entries is 0 and
    // image_formats is not NULL."
    if (Status S = validateMemFlags(Flags, CL_MEM_KERNEL_READ_AND_WRITE); !S)
      return S.takeError();
    switch (ImageType) {
    case CL_MEM_OBJECT_IMAGE1D:
    case CL_MEM_OBJECT_IMAGE1D_BUFFER:
    case CL_MEM_OBJECT_IMAGE1D_ARRAY:
    case CL_MEM_OBJECT_IMAGE2D:
    case CL_MEM_OBJECT_IMAGE2D_ARRAY:
    case CL_MEM_OBJECT_IMAGE3D:
      break;
    default:
      return Error(CL_INVALID_VALUE, cat("image_type ", hex(ImageType), " is not an image type"));
    }
    if (NumEntries == 0 && ImageFormats)
      return Error(CL_INVALID_VALUE, "num_entries is 0 but image_formats is not NULL");
    // No device of this context supports images, so the list is empty.
    if (NumImageFormats)
      *NumImageFormats = 0;
    return Status::ok();
  });
}

} // namespace weft::api
