// Sampler objects: a context and the three modes, kept as the bits an image read takes
// (contracts/ImageAbi.h), with the property list as the application gave it.
#pragma once

#include "contracts/ImageAbi.h"
#include "runtime/core/Context.h"

#include <CL/cl.h>

#include <vector>

namespace weft {

class Sampler : public Object {
public:
  Sampler(Context &C, bool Normalized, cl_addressing_mode Addressing, cl_filter_mode Filter,
          std::vector<cl_sampler_properties> Properties)
      : Object(ObjectType::Sampler), Ctx(&C), Normalized(Normalized), Addressing(Addressing),
        Filter(Filter), Properties(std::move(Properties)) {}

  Context &context() const { return *Ctx; }
  bool normalizedCoords() const { return Normalized; }
  cl_addressing_mode addressingMode() const { return Addressing; }
  cl_filter_mode filterMode() const { return Filter; }
  /// CL_SAMPLER_PROPERTIES: the list as given (with its terminating 0), or empty.
  const std::vector<cl_sampler_properties> &properties() const { return Properties; }

  /// What a sampler_t kernel argument holds: the modes as CLK_* bits.
  uint64_t bits() const {
    uint64_t Bits = Normalized ? uint64_t(abi::WEFT_SAMPLER_NORMALIZED_COORDS) : 0;
    // CL_ADDRESS_NONE ... CL_ADDRESS_MIRRORED_REPEAT are 0x1130 ... 0x1134, the CLK_ADDRESS_*
    // bits 0, 2, ... 8.
    Bits |= uint64_t(Addressing - CL_ADDRESS_NONE) << 1;
    Bits |= Filter == CL_FILTER_LINEAR ? abi::WEFT_SAMPLER_FILTER_LINEAR
                                       : abi::WEFT_SAMPLER_FILTER_NEAREST;
    return Bits;
  }

private:
  Ref<Context> Ctx;
  bool Normalized;
  cl_addressing_mode Addressing;
  cl_filter_mode Filter;
  std::vector<cl_sampler_properties> Properties;
};

} // namespace weft
