// Kernel entry points: creation, arguments, kernel/argument/work-group info, and the NDRange and
// task enqueues.
#include "runtime/api/Api.h"
#include "runtime/api/Enqueue.h"
#include "runtime/api/Entry.h"
#include "runtime/api/Handles.h"
#include "runtime/api/Info.h"

#include <cstring>
#include <string_view>
#include <utility>

namespace weft::api {
namespace {

using AS = compiler::KernelArg::AddressSpace;

Expected<Kernel *> makeKernel(Program &P, const std::string &Name) {
  std::shared_ptr<compiler::Executable> Executable = P.executable();
  // "CL_INVALID_PROGRAM_EXECUTABLE if there is no successfully built executable for program."
  if (!Executable)
    return Error(CL_INVALID_PROGRAM_EXECUTABLE, "the program has not been built successfully");
  if (const compiler::KernelBinary *K = Executable->kernel(Name))
    return new Kernel(P, *K, Executable);
  // "CL_INVALID_KERNEL_NAME if kernel_name is not found in program."
  return Error(CL_INVALID_KERNEL_NAME, cat("no kernel named '", Name, "' in the program"));
}

/// The kernel a handle names, if Index is one of its arguments: "CL_INVALID_ARG_INDEX if
/// arg_index is not a valid argument index" (ParamName names the index in the message).
Expected<Kernel *> kernelWithArg(cl_kernel Handle, cl_uint Index, const char *ParamName) {
  auto K = toObject<Kernel>(Handle);
  if (!K)
    return K.takeError();
  if (Index >= (*K)->numArgs())
    return Error(CL_INVALID_ARG_INDEX, cat(ParamName, " ", Index, " is not below the kernel's ",
                                           (*K)->numArgs(), " arguments"));
  return *K;
}

} // namespace

cl_kernel CL_API_CALL clCreateKernel(cl_program ProgramHandle, const char *Name,
                                     cl_int *ErrcodeRet) {
  return create<cl_kernel>(__func__, ProgramHandle, ErrcodeRet, [&]() -> Expected<cl_kernel> {
    auto P = toObject<Program>(ProgramHandle);
    if (!P)
      return P.takeError();
    // "CL_INVALID_VALUE if kernel_name is NULL."
    if (!Name)
      return Error(CL_INVALID_VALUE, "kernel_name is NULL");
    auto K = makeKernel(**P, Name);
    if (!K)
      return K.takeError();
    return toHandle(*K);
  });
}

cl_int CL_API_CALL clCreateKernelsInProgram(cl_program ProgramHandle, cl_uint NumKernels,
                                            cl_kernel *Kernels, cl_uint *NumKernelsRet) {
  return call(__func__, ProgramHandle, [&]() -> Status {
    auto P = toObject<Program>(ProgramHandle);
    if (!P)
      return P.takeError();
    std::shared_ptr<compiler::Executable> Executable = (*P)->executable();
    if (!Executable)
      return Error(CL_INVALID_PROGRAM_EXECUTABLE, "the program has not been built successfully");
    const auto &All = Executable->kernels();
    // "CL_INVALID_VALUE if kernels is not NULL and num_kernels is less than the number of
    // kernels in program."
    if (Kernels && NumKernels < All.size())
      return Error(CL_INVALID_VALUE, cat("num_kernels ", NumKernels, " is less than the ",
                                         All.size(), " kernels in the program"));
    if (Kernels)
      for (size_t I = 0; I < All.size(); ++I)
        Kernels[I] = toHandle(new Kernel(**P, All[I], Executable));
    if (NumKernelsRet)
      *NumKernelsRet = cl_uint(All.size());
    return Status::ok();
  });
}

cl_kernel CL_API_CALL clCloneKernel(cl_kernel Source, cl_int *ErrcodeRet) {
  return create<cl_kernel>(__func__, Source, ErrcodeRet, [&]() -> Expected<cl_kernel> {
    auto K = toObject<Kernel>(Source);
    if (!K)
      return K.takeError();
    return toHandle(new Kernel(**K));
  });
}

cl_int CL_API_CALL clRetainKernel(cl_kernel Kernel) {
  return call(__func__, Kernel, [&] { return retainHandle<weft::Kernel>(Kernel); });
}

cl_int CL_API_CALL clReleaseKernel(cl_kernel Kernel) {
  return call(__func__, Kernel, [&] { return releaseHandle<weft::Kernel>(Kernel); });
}

namespace {

/// The image type an image argument's OpenCL C type takes, or 0 for a type Weft does not know.
cl_mem_object_type imageTypeOf(std::string_view TypeName) {
  // "image2d_t", with any access qualifier dropped by Clang's kernel_arg_type.
  static constexpr std::pair<std::string_view, cl_mem_object_type> Types[] = {
      {"image1d_t", CL_MEM_OBJECT_IMAGE1D},
      {"image1d_buffer_t", CL_MEM_OBJECT_IMAGE1D_BUFFER},
      {"image1d_array_t", CL_MEM_OBJECT_IMAGE1D_ARRAY},
      {"image2d_t", CL_MEM_OBJECT_IMAGE2D},
      {"image2d_depth_t", CL_MEM_OBJECT_IMAGE2D},
      {"image2d_array_t", CL_MEM_OBJECT_IMAGE2D_ARRAY},
      {"image2d_array_depth_t", CL_MEM_OBJECT_IMAGE2D_ARRAY},
      {"image3d_t", CL_MEM_OBJECT_IMAGE3D},
  };
  for (const auto &[Name, Type] : Types)
    if (TypeName == Name)
      return Type;
  return 0;
}

/// The image an image argument is set to, checked against the argument's declaration.
Expected<MemObject *> imageArgument(const compiler::KernelArg &Arg, cl_uint Index, size_t Size,
                                    const void *Value, const Context &Ctx) {
  // "CL_INVALID_ARG_SIZE if ... the argument is a memory object and arg_size !=
  // sizeof(cl_mem)"; "CL_INVALID_MEM_OBJECT for an argument declared to be a memory object when
  // the specified arg_value is not a valid memory object" (an image argument has no NULL value).
  if (Size != sizeof(cl_mem))
    return Error(CL_INVALID_ARG_SIZE, cat("argument ", Index, " is an image: arg_size ", Size,
                                          " is not sizeof(cl_mem)"));
  cl_mem Handle = Value ? *static_cast<const cl_mem *>(Value) : nullptr;
  if (!Handle)
    return Error(CL_INVALID_MEM_OBJECT, cat("argument ", Index, " is an image: it cannot be NULL"));
  auto M = toObject<MemObject>(Handle);
  if (!M)
    return M.takeError();
  MemObject &Image = **M;
  if (&Image.context() != &Ctx)
    return Error(CL_INVALID_MEM_OBJECT,
                 cat("argument ", Index, " is not a memory object of the kernel's context"));
  const ImageDesc *Desc = Image.imageDesc();
  const cl_mem_object_type Wanted = imageTypeOf(Arg.TypeName);
  if (!Desc || (Wanted && Desc->Type != Wanted))
    return Error(CL_INVALID_MEM_OBJECT, cat("argument ", Index, " is an ", Arg.TypeName,
                                            ": the memory object is not an image of that type"));
  const bool Depth = Arg.TypeName.find("depth") != std::string::npos;
  if (Wanted && Depth != (Desc->Format.image_channel_order == CL_DEPTH))
    return Error(CL_INVALID_MEM_OBJECT,
                 cat("argument ", Index, " is an ", Arg.TypeName, ": the image's channel order ",
                     Depth ? "is not" : "is", " CL_DEPTH"));
  // "CL_INVALID_ARG_VALUE if the argument is an image declared with the read_only qualifier and
  // arg_value refers to an image object created with cl_mem_flags of CL_MEM_WRITE_ONLY or if
  // the image argument is declared with the write_only qualifier and arg_value refers to an
  // image object created with cl_mem_flags of CL_MEM_READ_ONLY."
  if ((Arg.AccessQualifier == "read_only" && (Image.flags() & CL_MEM_WRITE_ONLY)) ||
      (Arg.AccessQualifier == "write_only" && (Image.flags() & CL_MEM_READ_ONLY)))
    return Error(CL_INVALID_ARG_VALUE,
                 cat("argument ", Index, " is ", Arg.AccessQualifier, ": the image was created ",
                     (Image.flags() & CL_MEM_WRITE_ONLY) ? "CL_MEM_WRITE_ONLY" : "CL_MEM_READ_ONLY"));
  return &Image;
}

} // namespace

cl_int CL_API_CALL clSetKernelArg(cl_kernel KernelHandle, cl_uint Index, size_t Size,
                                  const void *Value) {
  return call(__func__, KernelHandle, [&]() -> Status {
    auto KR = kernelWithArg(KernelHandle, Index, "arg_index");
    if (!KR)
      return KR.takeError();
    Kernel &K = **KR;
    Context *Ctx = &K.program().context();
    const compiler::KernelArg &Arg = K.info().Args[Index];
    const compiler::ArgSlot &Slot = K.binary().Args[Index];
    Kernel::Arguments &A = K.arguments();
    std::byte *Dst = A.Buffer.data() + Slot.Offset;
    if (Arg.Space == AS::Local) {
      // "CL_INVALID_ARG_VALUE if the argument is declared with the local qualifier and
      // arg_value is not NULL"; "CL_INVALID_ARG_SIZE if arg_size is zero and the argument is
      // declared with the local qualifier."
      if (Value)
        return Error(CL_INVALID_ARG_VALUE, cat("argument ", Index, " is __local: arg_value must "
                                               "be NULL"));
      if (Size == 0)
        return Error(CL_INVALID_ARG_SIZE, cat("argument ", Index, " is __local: arg_size is 0"));
      A.LocalSizes[Index] = Size;
      A.setObject(Index, nullptr);
    } else if (Arg.IsImage) {
      auto Image = imageArgument(Arg, Index, Size, Value, *Ctx);
      if (!Image)
        return Image.takeError();
      const abi::WeftImage *Descriptor = (*Image)->image();
      std::memcpy(Dst, &Descriptor, sizeof Descriptor);
      A.setObject(Index, *Image);
      A.LocalSizes[Index] = 0;
    } else if (Arg.IsSampler) {
      // "CL_INVALID_SAMPLER for an argument declared to be of type sampler_t when the specified
      // arg_value is not a valid sampler object"; its size is sizeof(cl_sampler).
      if (Size != sizeof(cl_sampler))
        return Error(CL_INVALID_ARG_SIZE, cat("argument ", Index, " is a sampler: arg_size ", Size,
                                              " is not sizeof(cl_sampler)"));
      if (!Value)
        return Error(CL_INVALID_SAMPLER, cat("argument ", Index, " is a sampler: arg_value is NULL"));
      auto S = toObject<Sampler>(*static_cast<const cl_sampler *>(Value));
      if (!S)
        return S.takeError();
      if (&(*S)->context() != Ctx)
        return Error(CL_INVALID_SAMPLER,
                     cat("argument ", Index, " is a sampler of another context than the kernel's"));
      const uint64_t Bits = (*S)->bits();
      std::memcpy(Dst, &Bits, sizeof Bits);
      A.setObject(Index, nullptr);
      A.LocalSizes[Index] = 0;
    } else if (Arg.IsPointer) {
      // A __global or __constant buffer: "CL_INVALID_ARG_SIZE if ... the argument is a memory
      // object and arg_size != sizeof(cl_mem)"; "CL_INVALID_MEM_OBJECT for an argument declared
      // to be a memory object when the specified arg_value is not a valid memory object".
      if (Size != sizeof(cl_mem))
        return Error(CL_INVALID_ARG_SIZE, cat("argument ", Index, " is a buffer: arg_size ", Size,
                                              " is not sizeof(cl_mem)"));
      cl_mem Handle = Value ? *static_cast<const cl_mem *>(Value) : nullptr;
      std::byte *Address = nullptr;
      A.setObject(Index, nullptr);
      if (Handle) { // a NULL value (or pointer to NULL) is a NULL buffer
        auto M = toObject<MemObject>(Handle);
        if (!M || &(*M)->context() != Ctx)
          return Error(CL_INVALID_MEM_OBJECT,
                       cat("argument ", Index, " is not a memory object of the kernel's context"));
        Address = (*M)->storage();
        A.setObject(Index, *M);
      }
      std::memcpy(Dst, &Address, sizeof Address);
      A.LocalSizes[Index] = 0;
    } else {
      // "CL_INVALID_ARG_SIZE if arg_size does not match the size of the data type for an
      // argument that is not a memory object"; "CL_INVALID_ARG_VALUE if arg_value specified is
      // not a valid value."
      if (Size != Slot.Size)
        return Error(CL_INVALID_ARG_SIZE, cat("argument ", Index, " (", Arg.TypeName,
                                              ") takes ", Slot.Size, " bytes, not ", Size));
      if (!Value)
        return Error(CL_INVALID_ARG_VALUE, cat("argument ", Index, " is passed by value: "
                                               "arg_value is NULL"));
      std::memcpy(Dst, Value, Size);
    }
    A.Set[Index] = true;
    return Status::ok();
  });
}

cl_int CL_API_CALL clSetKernelArgSVMPointer(cl_kernel KernelHandle, cl_uint Index,
                                            const void *Value) {
  return call(__func__, KernelHandle, [&]() -> Status {
    auto KR = kernelWithArg(KernelHandle, Index, "arg_index");
    if (!KR)
      return KR.takeError();
    Kernel &K = **KR;
    const compiler::KernelArg &Arg = K.info().Args[Index];
    // The argument must be a pointer to global or constant memory. Any pointer is a valid value:
    // Weft offers fine-grained system SVM, so all of the host's memory is shared.
    if (!Arg.IsPointer || Arg.Space == AS::Local)
      return Error(CL_INVALID_ARG_VALUE, cat("argument ", Index, " (", Arg.TypeName,
                                             ") is not a pointer to global or constant memory"));
    Kernel::Arguments &A = K.arguments();
    std::memcpy(A.Buffer.data() + K.binary().Args[Index].Offset, &Value, sizeof Value);
    A.setObject(Index, nullptr);
    A.LocalSizes[Index] = 0;
    A.Set[Index] = true;
    return Status::ok();
  });
}

cl_int CL_API_CALL clSetKernelExecInfo(cl_kernel KernelHandle, cl_kernel_exec_info ParamName,
                                       size_t ParamValueSize, const void *ParamValue) {
  return call(__func__, KernelHandle, [&]() -> Status {
    auto K = toObject<Kernel>(KernelHandle);
    if (!K)
      return K.takeError();
    // "CL_INVALID_VALUE if param_name is not valid, if param_value is NULL or if the size
    // specified by param_value_size is not valid." The one exception: an empty list of SVM
    // pointers (size 0, NULL) clears the list set before (CTS test_svm
    // set_kernel_exec_info_svm_ptrs).
    const bool ClearsPointers = ParamName == CL_KERNEL_EXEC_INFO_SVM_PTRS && ParamValueSize == 0;
    if (!ParamValue && !ClearsPointers)
      return Error(CL_INVALID_VALUE, "param_value is NULL");
    switch (ParamName) {
    case CL_KERNEL_EXEC_INFO_SVM_PTRS:
      // The pointers the kernel reaches other than through its arguments: all memory is
      // shared, so there is nothing to record.
      if (ParamValueSize % sizeof(void *))
        return Error(CL_INVALID_VALUE, cat("param_value_size ", ParamValueSize,
                                           " is not a whole number of pointers"));
      return Status::ok();
    case CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM:
      if (ParamValueSize != sizeof(cl_bool))
        return Error(CL_INVALID_VALUE, cat("param_value_size ", ParamValueSize,
                                           " is not sizeof(cl_bool)"));
      return Status::ok(); // supported either way
    default:
      return Error(CL_INVALID_VALUE, cat("param_name ", hex(ParamName), " is not a kernel exec info"));
    }
  });
}

cl_int CL_API_CALL clGetKernelInfo(cl_kernel KernelHandle, cl_kernel_info ParamName,
                                   size_t ParamValueSize, void *ParamValue,
                                   size_t *ParamValueSizeRet) {
  return call(__func__, KernelHandle, [&]() -> Status {
    auto KR = toObject<Kernel>(KernelHandle);
    if (!KR)
      return KR.takeError();
    Kernel &K = **KR;
    InfoWriter Out(ParamName, ParamValueSize, ParamValue, ParamValueSizeRet);
    switch (ParamName) {
    case CL_KERNEL_FUNCTION_NAME:
      return Out.string(K.info().Name);
    case CL_KERNEL_NUM_ARGS:
      return Out(cl_uint(K.numArgs()));
    case CL_KERNEL_REFERENCE_COUNT:
      return Out(cl_uint(K.apiRefCount()));
    case CL_KERNEL_CONTEXT:
      return Out(toHandle(&K.program().context()));
    case CL_KERNEL_PROGRAM:
      return Out(toHandle(&K.program()));
    case CL_KERNEL_ATTRIBUTES:
      return Out.string(K.info().Attributes);
    default:
      return unknownQuery("kernel", ParamName);
    }
  });
}

cl_int CL_API_CALL clGetKernelArgInfo(cl_kernel KernelHandle, cl_uint Index,
                                      cl_kernel_arg_info ParamName, size_t ParamValueSize,
                                      void *ParamValue, size_t *ParamValueSizeRet) {
  return call(__func__, KernelHandle, [&]() -> Status {
    auto KR = kernelWithArg(KernelHandle, Index, "arg_indx");
    if (!KR)
      return KR.takeError();
    Kernel &K = **KR;
    // "CL_KERNEL_ARG_INFO_NOT_AVAILABLE if the argument information is not available":
    // it is only kept for programs built with -cl-kernel-arg-info.
    if (!K.program().keepsKernelArgInfo())
      return Error(CL_KERNEL_ARG_INFO_NOT_AVAILABLE,
                   "the program was not built with -cl-kernel-arg-info");
    const compiler::KernelArg &A = K.info().Args[Index];
    InfoWriter Out(ParamName, ParamValueSize, ParamValue, ParamValueSizeRet);
    switch (ParamName) {
    case CL_KERNEL_ARG_ADDRESS_QUALIFIER: {
      cl_kernel_arg_address_qualifier Q = A.Space == AS::Global     ? CL_KERNEL_ARG_ADDRESS_GLOBAL
                                          : A.Space == AS::Constant ? CL_KERNEL_ARG_ADDRESS_CONSTANT
                                          : A.Space == AS::Local    ? CL_KERNEL_ARG_ADDRESS_LOCAL
                                                                    : CL_KERNEL_ARG_ADDRESS_PRIVATE;
      return Out(Q);
    }
    case CL_KERNEL_ARG_ACCESS_QUALIFIER: {
      cl_kernel_arg_access_qualifier Q = A.AccessQualifier == "read_only"    ? CL_KERNEL_ARG_ACCESS_READ_ONLY
                                         : A.AccessQualifier == "write_only" ? CL_KERNEL_ARG_ACCESS_WRITE_ONLY
                                         : A.AccessQualifier == "read_write" ? CL_KERNEL_ARG_ACCESS_READ_WRITE
                                                                             : CL_KERNEL_ARG_ACCESS_NONE;
      return Out(Q);
    }
    case CL_KERNEL_ARG_TYPE_NAME:
      return Out.string(A.TypeName);
    case CL_KERNEL_ARG_TYPE_QUALIFIER: {
      cl_kernel_arg_type_qualifier Q = CL_KERNEL_ARG_TYPE_NONE;
      if (A.TypeQualifiers.find("const") != std::string::npos || A.Space == AS::Constant)
        Q |= CL_KERNEL_ARG_TYPE_CONST;
      if (A.TypeQualifiers.find("restrict") != std::string::npos)
        Q |= CL_KERNEL_ARG_TYPE_RESTRICT;
      if (A.TypeQualifiers.find("volatile") != std::string::npos)
        Q |= CL_KERNEL_ARG_TYPE_VOLATILE;
      if (A.TypeQualifiers.find("pipe") != std::string::npos)
        Q |= CL_KERNEL_ARG_TYPE_PIPE;
      return Out(Q);
    }
    case CL_KERNEL_ARG_NAME:
      return Out.string(A.Name);
    default:
      return unknownQuery("kernel argument", ParamName);
    }
  });
}

namespace {

/// The kernel clGetKernelWorkGroupInfo and clGetKernelSubGroupInfo describe, and the device they
/// describe it for: "CL_INVALID_DEVICE if device is not in the list of devices associated with
/// kernel or if device is NULL but there is more than one device associated with kernel."
Expected<std::pair<Kernel *, Device *>> kernelAndDevice(cl_kernel KernelHandle, cl_device_id DeviceHandle) {
  auto KR = toObject<Kernel>(KernelHandle);
  if (!KR)
    return KR.takeError();
  Context *Ctx = &(*KR)->program().context();
  if (DeviceHandle) {
    auto DR = toObject<Device>(DeviceHandle);
    if (!DR || !Ctx->hasDevice(*DR))
      return Error(CL_INVALID_DEVICE, "device is not a device of the kernel's context");
    return std::pair<Kernel *, Device *>(*KR, *DR);
  }
  if (Ctx->devices().size() == 1)
    return std::pair<Kernel *, Device *>(*KR, Ctx->devices().front());
  return Error(CL_INVALID_DEVICE, "device is NULL and the context has several devices");
}

} // namespace

cl_int CL_API_CALL clGetKernelWorkGroupInfo(cl_kernel KernelHandle, cl_device_id DeviceHandle,
                                            cl_kernel_work_group_info ParamName,
                                            size_t ParamValueSize, void *ParamValue,
                                            size_t *ParamValueSizeRet) {
  return call(__func__, KernelHandle, [&]() -> Status {
    auto KD = kernelAndDevice(KernelHandle, DeviceHandle);
    if (!KD)
      return KD.takeError();
    Kernel &K = *KD->first;
    Device *D = KD->second;
    InfoWriter Out(ParamName, ParamValueSize, ParamValue, ParamValueSizeRet);
    switch (ParamName) {
    case CL_KERNEL_WORK_GROUP_SIZE:
      return Out(K.maxWorkGroupSize(*D));
    case CL_KERNEL_COMPILE_WORK_GROUP_SIZE: {
      size_t Sizes[3];
      for (int I = 0; I < 3; ++I)
        Sizes[I] = size_t(K.info().RequiredWorkGroupSize[I]);
      return Out(Sizes);
    }
    case CL_KERNEL_LOCAL_MEM_SIZE: {
      // "This includes local memory that may be needed by an implementation to execute the
      // kernel, variables declared inside the kernel with the __local address qualifier and
      // local memory to be allocated for arguments ... declared as pointers with the __local
      // address qualifier": Weft's scratch, the __local variables and the arguments set so far.
      // (Weft's scratch is outside CL_DEVICE_LOCAL_MEM_SIZE's budget, so this may exceed it.)
      cl_ulong Bytes = K.binary().StaticLocalBytes + K.binary().LocalScratchBytes;
      for (size_t S : K.arguments().LocalSizes)
        Bytes += S;
      return Out(Bytes);
    }
    case CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE:
      return Out(size_t(std::min(16u, D->description().SimdBytes / 4)));
    case CL_KERNEL_PRIVATE_MEM_SIZE:
      // What each work-item keeps in the work-group's private memory across barriers, and the
      // private variables too large for the stack (one copy per running work-group); other
      // private data lives in registers and on the executing thread's stack.
      return Out(cl_ulong(K.binary().PrivateBytesPerWorkItem + K.binary().FrameBytes));
    case CL_KERNEL_SPILL_MEM_SIZE_INTEL: // cl_intel_required_subgroup_size: nothing spills
      return Out(cl_ulong(0));
    case CL_KERNEL_GLOBAL_WORK_SIZE:
      // "... if device is not a custom device and kernel is not a built-in kernel."
      return Error(CL_INVALID_VALUE, "CL_KERNEL_GLOBAL_WORK_SIZE is only defined for built-in "
                                     "kernels and custom devices");
    default:
      return unknownQuery("kernel work-group", ParamName);
    }
  });
}

cl_int CL_API_CALL clGetKernelSubGroupInfo(cl_kernel KernelHandle, cl_device_id DeviceHandle,
                                           cl_kernel_sub_group_info ParamName, size_t InputValueSize,
                                           const void *InputValue, size_t ParamValueSize,
                                           void *ParamValue, size_t *ParamValueSizeRet) {
  return call(__func__, KernelHandle, [&]() -> Status {
    auto KD = kernelAndDevice(KernelHandle, DeviceHandle);
    if (!KD)
      return KD.takeError();
    Kernel &K = *KD->first;
    const size_t SubGroup = K.info().SubGroupSize;
    const size_t MaxItems = K.maxWorkGroupSize(*KD->second);
    InfoWriter Out(ParamName, ParamValueSize, ParamValue, ParamValueSizeRet);
    // The two queries for an ND-range take its local size, one to three size_t values: the
    // work-group's work-items in sub-groups of SubGroup, the last one possibly smaller.
    auto LocalItems = [&]() -> Expected<size_t> {
      if (!InputValue || InputValueSize == 0 || InputValueSize % sizeof(size_t) != 0 ||
          InputValueSize > 3 * sizeof(size_t))
        return Error(CL_INVALID_VALUE, "input_value must be a local size of 1 to 3 size_t values");
      size_t Local[3];
      std::memcpy(Local, InputValue, InputValueSize);
      size_t Items = 1;
      for (size_t D = 0; D < InputValueSize / sizeof(size_t); ++D) {
        if (Local[D] == 0 || Items > SIZE_MAX / Local[D])
          return Error(CL_INVALID_VALUE, "a local size in input_value is 0 or too large");
        Items *= Local[D];
      }
      return Items;
    };
    switch (ParamName) {
    case CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE: {
      auto Items = LocalItems();
      if (!Items)
        return Items.takeError();
      return Out(std::min(SubGroup, *Items));
    }
    case CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE: {
      auto Items = LocalItems();
      if (!Items)
        return Items.takeError();
      return Out((*Items + SubGroup - 1) / SubGroup);
    }
    case CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT: {
      // "Returns the local size that will generate the requested number of sub-groups for the
      // kernel. The output array must be an array of size_t values corresponding to the local
      // size parameter. Any returned work-group will have one dimension. Other dimensions
      // inferred from the value specified for param_value_size will be filled with the value 1.
      // If no work-group size can accommodate the requested number of sub-groups, 0 will be
      // returned in each element of the return array."
      if (!InputValue || InputValueSize != sizeof(size_t))
        return Error(CL_INVALID_VALUE, "input_value must be one size_t, the sub-group count");
      size_t Count;
      std::memcpy(&Count, InputValue, sizeof Count);
      size_t Dims = ParamValueSize / sizeof(size_t);
      if (ParamValue && (ParamValueSize % sizeof(size_t) != 0 || Dims == 0 || Dims > 3))
        return Error(CL_INVALID_VALUE, "param_value_size must hold 1 to 3 size_t values");
      if (!ParamValue)
        Dims = 3;
      size_t Local[3] = {1, 1, 1};
      Local[0] = Count != 0 && Count <= MaxItems / SubGroup ? Count * SubGroup : 0;
      if (Local[0] == 0)
        Local[1] = Local[2] = 0;
      return Out.array(std::span<const size_t>(Local, Dims));
    }
    case CL_KERNEL_MAX_NUM_SUB_GROUPS:
      return Out((MaxItems + SubGroup - 1) / SubGroup);
    case CL_KERNEL_COMPILE_NUM_SUB_GROUPS:
      return Out(size_t(0)); // OpenCL C has no attribute for it
    case CL_KERNEL_COMPILE_SUB_GROUP_SIZE_INTEL:
      return Out(size_t(K.info().RequiredSubGroupSize));
    default:
      return unknownQuery("kernel sub-group", ParamName);
    }
  });
}

namespace {

/// A kernel launch's kernel and range as clEnqueueNDRangeKernel and
/// clGetKernelSuggestedLocalWorkSizeKHR both check them against the queue Q: one context, every
/// argument set, work_dim 1 to 3, and no offset that overflows size_t with its size. Global and
/// Offset are 1 and 0 beyond work_dim (and Global where global_work_size is null).
struct Launch {
  Kernel *K = nullptr;
  std::array<uint64_t, 3> Global{1, 1, 1}, Offset{0, 0, 0};
  bool Empty = false; ///< global_work_size is null or has a 0
};

Expected<Launch> checkLaunch(Queue &Q, cl_kernel KernelHandle, cl_uint WorkDim,
                             const size_t *GlobalOffset, const size_t *GlobalSize) {
  Launch L;
  auto KR = toObject<Kernel>(KernelHandle);
  if (!KR)
    return KR.takeError();
  L.K = *KR;
  // "CL_INVALID_CONTEXT if context associated with command_queue and kernel are not the same".
  if (&L.K->context() != &Q.context())
    return Error(CL_INVALID_CONTEXT, "the kernel and the queue belong to different contexts");
  // "CL_INVALID_KERNEL_ARGS if the kernel argument values have not been specified."
  const Kernel::Arguments &A = L.K->arguments();
  for (size_t I = 0; I < A.Set.size(); ++I)
    if (!A.Set[I])
      return Error(CL_INVALID_KERNEL_ARGS, cat("argument ", I, " of kernel '", L.K->info().Name,
                                               "' has not been set"));
  // "CL_INVALID_WORK_DIMENSION if work_dim is not a valid value (i.e. a value between 1 and
  // CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS)."
  if (WorkDim < 1 || WorkDim > 3)
    return Error(CL_INVALID_WORK_DIMENSION, cat("work_dim ", WorkDim, " is not 1, 2 or 3"));
  L.Empty = !GlobalSize;
  for (unsigned D = 0; D < WorkDim && GlobalSize; ++D) {
    L.Global[D] = GlobalSize[D];
    L.Empty = L.Empty || GlobalSize[D] == 0;
    if (GlobalOffset) {
      L.Offset[D] = GlobalOffset[D];
      // "CL_INVALID_GLOBAL_OFFSET if ... global_work_offset + global_work_size exceeds the
      // range of size_t."
      if (L.Offset[D] > ~uint64_t(0) - L.Global[D])
        return Error(CL_INVALID_GLOBAL_OFFSET,
                     cat("global_work_offset[", D, "] + global_work_size[", D, "] overflows size_t"));
    }
  }
  // Every work-item has a linear id (get_global_linear_id) of type size_t: Weft cannot run more
  // than SIZE_MAX of them, and would otherwise count its work-groups wrongly.
  uint64_t Items = 1;
  for (unsigned D = 0; D < WorkDim && !L.Empty; ++D)
    if (__builtin_mul_overflow(Items, L.Global[D], &Items))
      return Error(CL_INVALID_GLOBAL_WORK_SIZE,
                   "the global work size has more work-items than size_t can count");
  return L;
}

/// The application's local_work_size checked against the device's and the kernel's limits.
Expected<std::array<uint64_t, 3>> checkLocalSize(const Kernel &K, const Device &Dev, cl_uint WorkDim,
                                                 const std::array<uint64_t, 3> &Global,
                                                 const size_t *LocalSize) {
  const compiler::KernelInfo &Info = K.info();
  const size_t MaxWorkGroup = K.maxWorkGroupSize(Dev);
  const size_t MaxItems = Dev.description().MaxWorkGroupSize;
  std::array<uint64_t, 3> Local{1, 1, 1};
  uint64_t Total = 1;
  for (unsigned D = 0; D < WorkDim; ++D) {
    Local[D] = LocalSize[D];
    // "CL_INVALID_WORK_ITEM_SIZE if the number of work-items specified in any of
    // local_work_size[0], ... is greater than the corresponding values specified by
    // CL_DEVICE_MAX_WORK_ITEM_SIZES."
    if (Local[D] == 0)
      return Error(CL_INVALID_WORK_GROUP_SIZE, cat("local_work_size[", D, "] is 0"));
    if (Local[D] > MaxItems)
      return Error(CL_INVALID_WORK_ITEM_SIZE,
                   cat("local_work_size[", D, "] ", Local[D], " exceeds ", MaxItems));
    Total *= Local[D];
    // "CL_INVALID_WORK_GROUP_SIZE if the program was compiled with -cl-uniform-work-group-size
    // (or for OpenCL C 1.x) and the number of work-items in global_work_size is not evenly
    // divisible by the local size."
    if (Info.UniformWorkGroupSize && Global[D] % Local[D])
      return Error(CL_INVALID_WORK_GROUP_SIZE,
                   cat("global_work_size[", D, "] ", Global[D],
                       " is not a multiple of local_work_size[", D, "] ", Local[D],
                       ", and this kernel needs uniform work-groups"));
  }
  // "CL_INVALID_WORK_GROUP_SIZE if ... the total number of work-items in the work-group ... is
  // greater than the value specified by CL_KERNEL_WORK_GROUP_SIZE."
  if (Total > MaxWorkGroup)
    return Error(CL_INVALID_WORK_GROUP_SIZE,
                 cat("the work-group has ", Total, " work-items, more than ", MaxWorkGroup));
  // "CL_INVALID_WORK_GROUP_SIZE if local_work_size is specified and does not match the required
  // work-group size for kernel in the program source."
  if (Info.RequiredWorkGroupSize[0] != 0)
    for (unsigned D = 0; D < 3; ++D)
      if (Local[D] != Info.RequiredWorkGroupSize[D])
        return Error(CL_INVALID_WORK_GROUP_SIZE,
                     cat("local_work_size does not match reqd_work_group_size (", Info.Attributes,
                         ") in dimension ", D,
                         D >= WorkDim ? ", past work_dim, where it is 1" : ""));
  return Local;
}

} // namespace

cl_int CL_API_CALL clGetKernelSuggestedLocalWorkSizeKHR(cl_command_queue QueueHandle,
                                                        cl_kernel KernelHandle, cl_uint WorkDim,
                                                        const size_t *GlobalOffset,
                                                        const size_t *GlobalSize,
                                                        size_t *SuggestedLocalSize) {
  return call(__func__, QueueHandle, [&]() -> Status {
    auto Q = toObject<Queue>(QueueHandle);
    if (!Q)
      return Q.takeError();
    auto L = checkLaunch(**Q, KernelHandle, WorkDim, GlobalOffset, GlobalSize);
    if (!L)
      return L.takeError();
    // "CL_INVALID_GLOBAL_WORK_SIZE if global_work_size is NULL" or "any of the values specified
    // in global_work_size[0], ... global_work_size[work_dim - 1] are zero".
    if (L->Empty)
      return Error(CL_INVALID_GLOBAL_WORK_SIZE,
                   GlobalSize ? "a global_work_size is 0" : "global_work_size is NULL");
    // "CL_INVALID_VALUE if suggested_local_work_size is NULL".
    if (!SuggestedLocalSize)
      return Error(CL_INVALID_VALUE, "suggested_local_work_size is NULL");
    const std::array<uint64_t, 3> Local = L->K->defaultLocalSize((*Q)->device(), WorkDim, L->Global);
    for (unsigned D = 0; D < WorkDim; ++D)
      SuggestedLocalSize[D] = Local[D];
    return Status::ok();
  });
}

cl_int CL_API_CALL clEnqueueNDRangeKernel(cl_command_queue QueueHandle, cl_kernel KernelHandle,
                                          cl_uint WorkDim, const size_t *GlobalOffset,
                                          const size_t *GlobalSize, const size_t *LocalSize,
                                          cl_uint NumEvents, const cl_event *WaitList,
                                          cl_event *EventOut) {
  return enqueue(__func__, QueueHandle, NumEvents, WaitList, EventOut,
                 [&](Queue &Q) -> Expected<Enqueued> {
    auto L = checkLaunch(Q, KernelHandle, WorkDim, GlobalOffset, GlobalSize);
    if (!L)
      return L.takeError();
    // OpenCL 3.0: with a NULL or zero global size the command trivially succeeds once its
    // dependencies have.
    if (L->Empty)
      return Enqueued{CL_COMMAND_NDRANGE_KERNEL};
    Kernel &K = *L->K;
    std::optional<std::array<uint64_t, 3>> Local;
    if (LocalSize) {
      auto Checked = checkLocalSize(K, Q.device(), WorkDim, L->Global, LocalSize);
      if (!Checked)
        return Checked.takeError();
      Local = *Checked;
    } else if (const compiler::KernelInfo &Info = K.info(); Info.RequiredWorkGroupSize[0] != 0) {
      // Weft runs the kernel with its reqd_work_group_size, checked as a local_work_size given
      // would be: within the device's and the kernel's limits, a divisor of the global size where
      // work-groups are uniform, and 1 past work_dim.
      const size_t Required[3] = {size_t(Info.RequiredWorkGroupSize[0]),
                                  size_t(Info.RequiredWorkGroupSize[1]),
                                  size_t(Info.RequiredWorkGroupSize[2])};
      auto Checked = checkLocalSize(K, Q.device(), WorkDim, L->Global, Required);
      if (!Checked)
        return Checked.takeError();
      Local = *Checked;
    }
    auto C = K.launch(Q.device(), WorkDim, L->Offset, L->Global, Local);
    if (!C)
      return C.takeError();
    return Enqueued{CL_COMMAND_NDRANGE_KERNEL, std::move(*C)};
  });
}

cl_int CL_API_CALL clEnqueueTask(cl_command_queue Queue, cl_kernel Kernel, cl_uint NumEvents,
                                 const cl_event *WaitList, cl_event *EventOut) {
  // "equivalent to calling clEnqueueNDRangeKernel with work_dim set to 1, global_work_offset set
  // to NULL, global_work_size[0] set to 1, and local_work_size[0] set to 1."
  const size_t One = 1;
  return api::clEnqueueNDRangeKernel(Queue, Kernel, 1, nullptr, &One, &One, NumEvents, WaitList,
                                     EventOut);
}

cl_int CL_API_CALL clEnqueueNativeKernel(cl_command_queue QueueHandle, void(CL_CALLBACK *UserFunc)(void *),
                                         void *Args, size_t ArgsSize, cl_uint NumMemObjects,
                                         const cl_mem *MemList, const void **ArgsMemLoc, cl_uint NumEvents,
                                         const cl_event *WaitList, cl_event *EventOut) {
  return enqueue(__func__, QueueHandle, NumEvents, WaitList, EventOut,
                 [&](Queue &Q) -> Expected<Enqueued> {
    if (!UserFunc)
      return Error(CL_INVALID_VALUE, "user_func is NULL");
    // "CL_INVALID_VALUE if args is a NULL value and cb_args > 0, or if args is a NULL value and
    // num_mem_objects > 0", "if args is not NULL and cb_args is 0", "if num_mem_objects > 0 and
    // mem_list or args_mem_loc are NULL", "if num_mem_objects = 0 and mem_list or args_mem_loc
    // are not NULL".
    if (!Args && (ArgsSize || NumMemObjects))
      return Error(CL_INVALID_VALUE, "args is NULL but cb_args or num_mem_objects is not 0");
    if (Args && !ArgsSize)
      return Error(CL_INVALID_VALUE, "args is not NULL but cb_args is 0");
    if (NumMemObjects && (!MemList || !ArgsMemLoc))
      return Error(CL_INVALID_VALUE, "num_mem_objects > 0 but mem_list or args_mem_loc is NULL");
    if (!NumMemObjects && (MemList || ArgsMemLoc))
      return Error(CL_INVALID_VALUE, "num_mem_objects is 0 but mem_list or args_mem_loc is not NULL");
    // Each memory object's pointer goes where args_mem_loc points, in Weft's copy of args.
    std::vector<Ref<Object>> Keep;
    std::vector<std::pair<size_t, std::byte *>> Patches;
    for (cl_uint I = 0; I < NumMemObjects; ++I) {
      auto M = toObject<MemObject>(MemList[I]);
      if (!M || (*M)->type() != CL_MEM_OBJECT_BUFFER)
        return Error(CL_INVALID_MEM_OBJECT, cat("mem_list[", I, "] is not a valid buffer"));
      if (&(*M)->context() != &Q.context())
        return Error(CL_INVALID_CONTEXT, cat("mem_list[", I, "] belongs to another context"));
      auto At = reinterpret_cast<uintptr_t>(ArgsMemLoc[I]), Base = reinterpret_cast<uintptr_t>(Args);
      if (At < Base || ArgsSize < sizeof(void *) || At - Base > ArgsSize - sizeof(void *))
        return Error(CL_INVALID_VALUE, cat("args_mem_loc[", I, "] does not point into args"));
      Patches.emplace_back(At - Base, (*M)->storage());
      Keep.emplace_back(*M);
    }
    std::vector<std::byte> Copy(static_cast<const std::byte *>(Args), static_cast<const std::byte *>(Args) + ArgsSize);
    auto Run = [UserFunc, Copy = std::move(Copy), Patches = std::move(Patches)]() mutable {
      for (auto &[Offset, Pointer] : Patches)
        std::memcpy(Copy.data() + Offset, &Pointer, sizeof Pointer);
      UserFunc(Copy.empty() ? nullptr : Copy.data());
    };
    return Enqueued{CL_COMMAND_NATIVE_KERNEL,
                    std::make_unique<Command>(HostCommand{std::move(Run), /*OnWorkers=*/true},
                                              std::move(Keep))};
  });
}

} // namespace weft::api
