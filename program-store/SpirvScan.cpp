// The SPIR-V header scan: see SpirvScan.h.
#include "program-store/SpirvScan.h"

#include <cstring>
#include <vector>

namespace weft::store {

std::map<uint32_t, SpecConstantType> specConstantTypes(const std::string &Module) {
  std::vector<uint32_t> W(Module.size() / 4);
  if (!W.empty()) // an empty vector's data() may be null, which memcpy may not take
    std::memcpy(W.data(), Module.data(), W.size() * 4);
  if (!W.empty() && W[0] == 0x03022307u)
    for (uint32_t &Word : W)
      Word = __builtin_bswap32(Word);
  enum : uint32_t { TypeBool = 20, TypeInt = 21, TypeFloat = 22, SpecTrue = 48, SpecFalse = 49,
                    SpecConstant = 50, Decorate = 71, SpecIdDecoration = 1 };
  std::map<uint32_t, uint32_t> SpecIdOf; // result id -> SpecId
  std::map<uint32_t, SpecConstantType> TypeSize; // type id -> bytes, boolean
  std::map<uint32_t, uint32_t> TypeOf;   // spec constant id -> type id
  for (size_t At = 5; At < W.size();) {
    const uint32_t Count = W[At] >> 16, Op = W[At] & 0xffff;
    if (Count == 0 || At + Count > W.size())
      break;
    const uint32_t *Operand = W.data() + At + 1; // past the end for a one-word instruction
    if (Op == Decorate && Count >= 4 && Operand[1] == SpecIdDecoration)
      SpecIdOf[Operand[0]] = Operand[2];
    else if (Op == TypeBool && Count >= 2)
      TypeSize[Operand[0]] = {1, true};
    else if ((Op == TypeInt || Op == TypeFloat) && Count >= 3)
      TypeSize[Operand[0]] = {Operand[1] / 8, false};
    else if ((Op == SpecTrue || Op == SpecFalse || Op == SpecConstant) && Count >= 3)
      TypeOf[Operand[1]] = Operand[0];
    At += Count;
  }
  std::map<uint32_t, SpecConstantType> Sizes;
  for (const auto &[Id, SpecId] : SpecIdOf)
    if (auto T = TypeOf.find(Id); T != TypeOf.end())
      if (auto S = TypeSize.find(T->second); S != TypeSize.end())
        Sizes[SpecId] = S->second;
  return Sizes;
}

} // namespace weft::store
