// A SPIR-V module as clCreateProgramWithIL takes it: the runtime's own scan of it (the sizes of
// its specialization constants, for clSetProgramSpecializationConstant).
#include "program-store/SpirvScan.h"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  (void)weft::store::specConstantTypes(std::string(reinterpret_cast<const char *>(Data), Size));
  return 0;
}
