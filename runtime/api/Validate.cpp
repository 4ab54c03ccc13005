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

} // namespace weft::api
