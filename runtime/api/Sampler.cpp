// Sampler entry points (OpenCL 3.0 §5.4): creation with arguments or a property list, reference
// counting and the info query.
#include "runtime/api/Api.h"
#include "runtime/api/Entry.h"
#include "runtime/api/Handles.h"
#include "runtime/api/Info.h"

namespace weft::api {
namespace {

bool validAddressingMode(cl_ulong Mode) {
  return Mode >= CL_ADDRESS_NONE && Mode <= CL_ADDRESS_MIRRORED_REPEAT;
}
bool validFilterMode(cl_ulong Mode) {
  return Mode == CL_FILTER_NEAREST || Mode == CL_FILTER_LINEAR;
}
bool validBool(cl_ulong Value) { return Value == CL_TRUE || Value == CL_FALSE; }

/// A sampler of context C with the modes given, after "CL_INVALID_VALUE if addressing_mode,
/// filter_mode, normalized_coords or a combination of these argument values are not valid".
/// Every combination of valid modes is: repeat and mirrored repeat with unnormalized
/// coordinates is undefined in a kernel, not an error here.
Expected<cl_sampler> createSampler(cl_context ContextHandle, cl_ulong Normalized,
                                   cl_ulong Addressing, cl_ulong Filter,
                                   std::vector<cl_sampler_properties> Properties) {
  auto C = toObject<Context>(ContextHandle);
  if (!C)
    return C.takeError();
  // "CL_INVALID_OPERATION if images are not supported by any device associated with context":
  // every Weft device supports images.
  if (!validBool(Normalized))
    return Error(CL_INVALID_VALUE, cat("normalized_coords ", Normalized,
                                       " is neither CL_TRUE nor CL_FALSE"));
  if (!validAddressingMode(Addressing))
    return Error(CL_INVALID_VALUE, cat("addressing_mode ", hex(Addressing),
                                       " is not a cl_addressing_mode"));
  if (!validFilterMode(Filter))
    return Error(CL_INVALID_VALUE, cat("filter_mode ", hex(Filter), " is not a cl_filter_mode"));
  return toHandle(new Sampler(**C, Normalized == CL_TRUE, cl_addressing_mode(Addressing),
                              cl_filter_mode(Filter), std::move(Properties)));
}

} // namespace

cl_sampler CL_API_CALL clCreateSampler(cl_context ContextHandle, cl_bool NormalizedCoords,
                                       cl_addressing_mode AddressingMode, cl_filter_mode FilterMode,
                                       cl_int *ErrcodeRet) {
  return create<cl_sampler>(__func__, ContextHandle, ErrcodeRet, [&]() -> Expected<cl_sampler> {
    return createSampler(ContextHandle, NormalizedCoords, AddressingMode, FilterMode, {});
  });
}

cl_sampler CL_API_CALL clCreateSamplerWithProperties(cl_context ContextHandle,
                                                     const cl_sampler_properties *Properties,
                                                     cl_int *ErrcodeRet) {
  return create<cl_sampler>(__func__, ContextHandle, ErrcodeRet, [&]() -> Expected<cl_sampler> {
    // "If a supported property and its value is not specified in sampler_properties, its
    // default value will be used": normalized coordinates, clamp, nearest.
    cl_ulong Normalized = CL_TRUE, Addressing = CL_ADDRESS_CLAMP, Filter = CL_FILTER_NEAREST;
    std::vector<cl_sampler_properties> List;
    if (Properties) {
      bool Seen[3] = {};
      size_t I = 0;
      for (; Properties[I] != 0; I += 2) {
        // "CL_INVALID_VALUE if the property name in sampler_properties is not a supported
        // property name, if the value specified for a supported property name is not valid, or
        // if the same property name is specified more than once." (The mip-map properties
        // belong to cl_khr_mipmap_image, which Weft does not offer.)
        const cl_sampler_properties Name = Properties[I], Value = Properties[I + 1];
        int Slot;
        switch (Name) {
        case CL_SAMPLER_NORMALIZED_COORDS: Slot = 0; Normalized = Value; break;
        case CL_SAMPLER_ADDRESSING_MODE: Slot = 1; Addressing = Value; break;
        case CL_SAMPLER_FILTER_MODE: Slot = 2; Filter = Value; break;
        default:
          return Error(CL_INVALID_VALUE,
                       cat("sampler property ", hex(Name), " is not a supported property"));
        }
        if (Seen[Slot])
          return Error(CL_INVALID_VALUE, cat("sampler property ", hex(Name), " is given twice"));
        Seen[Slot] = true;
      }
      List.assign(Properties, Properties + I + 1);
    }
    return createSampler(ContextHandle, Normalized, Addressing, Filter, std::move(List));
  });
}

cl_int CL_API_CALL clRetainSampler(cl_sampler Sampler) {
  return call(__func__, Sampler, [&] { return retainHandle<weft::Sampler>(Sampler); });
}

cl_int CL_API_CALL clReleaseSampler(cl_sampler Sampler) {
  return call(__func__, Sampler, [&] { return releaseHandle<weft::Sampler>(Sampler); });
}

cl_int CL_API_CALL clGetSamplerInfo(cl_sampler SamplerHandle, cl_sampler_info ParamName,
                                    size_t ParamValueSize, void *ParamValue,
                                    size_t *ParamValueSizeRet) {
  return call(__func__, SamplerHandle, [&]() -> Status {
    auto SR = toObject<Sampler>(SamplerHandle);
    if (!SR)
      return SR.takeError();
    const Sampler &S = **SR;
    InfoWriter Out(ParamName, ParamValueSize, ParamValue, ParamValueSizeRet);
    switch (ParamName) {
    case CL_SAMPLER_REFERENCE_COUNT:
      return Out(cl_uint(S.apiRefCount()));
    case CL_SAMPLER_CONTEXT:
      return Out(toHandle(&S.context()));
    case CL_SAMPLER_NORMALIZED_COORDS:
      return Out(cl_bool(S.normalizedCoords() ? CL_TRUE : CL_FALSE));
    case CL_SAMPLER_ADDRESSING_MODE:
      return Out(S.addressingMode());
    case CL_SAMPLER_FILTER_MODE:
      return Out(S.filterMode());
    case CL_SAMPLER_PROPERTIES: // as given to clCreateSamplerWithProperties, else nothing
      return Out.array(std::span<const cl_sampler_properties>(S.properties()));
    default:
      return unknownQuery("sampler", ParamName);
    }
  });
}

} // namespace weft::api
