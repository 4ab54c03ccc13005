// Checks shared by several entry points.
#include "runtime/api/Validate.h"

#include "runtime/api/Handles.h"

namespace weft::api {

Expected<ContextProperties> parseContextProperties(const cl_context_properties *Properties) {
  ContextProperties Result;
  Result.ThePlatform = &Platform::get();
  if (!Properties)
    return Result;
  bool SeenPlatform = false, SeenInterop = false;
  for (const cl_context_properties *P = Properties; *P; P += 2) {
    cl_context_properties Name = P[0], Value = P[1];
    bool &Seen = Name == CL_CONTEXT_PLATFORM ? SeenPlatform : SeenInterop;
    if (Name != CL_CONTEXT_PLATFORM && Name != CL_CONTEXT_INTEROP_USER_SYNC)
      return Error(CL_INVALID_PROPERTY, cat("context property ", hex(Name), " is not supported"));
    // "CL_INVALID_PROPERTY if ... the same property name is specified more than once."
    if (Seen)
      return Error(CL_INVALID_PROPERTY, cat("context property ", hex(Name), " is given twice"));
    Seen = true;
    if (Name == CL_CONTEXT_PLATFORM) {
      // "CL_INVALID_PLATFORM if ... platform value specified in properties is not a valid
      // platform."
      auto Plat = toObject<Platform>(reinterpret_cast<cl_platform_id>(Value));
      if (!Plat)
        return Error(CL_INVALID_PLATFORM,
                     cat("CL_CONTEXT_PLATFORM ", hex(Value), " is not a valid platform"));
      Result.ThePlatform = *Plat;
    } else {
      if (Value != CL_TRUE && Value != CL_FALSE)
        return Error(CL_INVALID_PROPERTY,
                     cat("CL_CONTEXT_INTEROP_USER_SYNC is ", Value, ", not CL_TRUE or CL_FALSE"));
      Result.InteropUserSync = Value == CL_TRUE;
    }
  }
  const cl_context_properties *End = Properties;
  while (*End)
    End += 2;
  Result.List.assign(Properties, End + 1);
  return Result;
}

Status validateMemFlags(cl_mem_flags Flags, cl_mem_flags Extra) {
  constexpr cl_mem_flags Device = CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY;
  constexpr cl_mem_flags Host = CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY |
                                CL_MEM_HOST_NO_ACCESS;
  constexpr cl_mem_flags HostPtr = CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR |
                                   CL_MEM_COPY_HOST_PTR;
  if (cl_mem_flags Unknown = Flags & ~(Device | Host | HostPtr | Extra))
    return Error(CL_INVALID_VALUE, cat("flags ", hex(Flags), " has unknown bits ", hex(Unknown)));
  auto AtMostOne = [](cl_mem_flags F) { return (F & (F - 1)) == 0; };
  if (!AtMostOne(Flags & Device))
    return Error(CL_INVALID_VALUE, cat("flags ", hex(Flags),
                                       " combines CL_MEM_READ_WRITE, CL_MEM_WRITE_ONLY and "
                                       "CL_MEM_READ_ONLY, which exclude each other"));
  if (!AtMostOne(Flags & Host))
    return Error(CL_INVALID_VALUE, cat("flags ", hex(Flags),
                                       " combines CL_MEM_HOST_WRITE_ONLY, CL_MEM_HOST_READ_ONLY "
                                       "and CL_MEM_HOST_NO_ACCESS, which exclude each other"));
  if ((Flags & CL_MEM_USE_HOST_PTR) && (Flags & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR)))
    return Error(CL_INVALID_VALUE, cat("flags ", hex(Flags),
                                       " combines CL_MEM_USE_HOST_PTR with CL_MEM_ALLOC_HOST_PTR "
                                       "or CL_MEM_COPY_HOST_PTR"));
  return Status::ok();
}

} // namespace weft::api
