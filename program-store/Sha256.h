// SHA-256 (FIPS 180-4), without LLVM: the disk cache's keys are computed both by the compiler
// library and by libweft.so, which looks up cached programs without opening it.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace weft::store {

class Sha256 {
public:
  Sha256();
  void update(std::string_view Data);
  /// Data preceded by its length: a sequence of fields hashes apart from any other sequence.
  void field(std::string_view Data);
  /// The digest of everything updated so far, as 64 lowercase hex digits.
  std::string hex();

private:
  void block(const uint8_t *Block);
  std::array<uint32_t, 8> State;
  std::array<uint8_t, 64> Pending{};
  size_t PendingBytes = 0;
  uint64_t TotalBytes = 0;
};

} // namespace weft::store
