// What the runtime reads of a SPIR-V module without translating it: its specialization constants.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>

namespace weft::store {

/// A specialization constant of a SPIR-V module: the size clSetProgramSpecializationConstant
/// must pass (the scalar's bytes; 1, a cl_uchar, for a boolean).
struct SpecConstantType {
  size_t Size = 0;
  bool Boolean = false;
};

/// The module's specialization constants by SpecId, from its OpDecorate SpecId and OpSpecConstant*
/// instructions. The words are read as far as they go; a malformed module fails at the build.
std::map<uint32_t, SpecConstantType> specConstantTypes(const std::string &Module);

} // namespace weft::store
