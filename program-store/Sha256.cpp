// SHA-256: see Sha256.h.
#include "program-store/Sha256.h"

#include <algorithm>
#include <cstring>

namespace weft::store {
namespace {

constexpr uint32_t K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

constexpr uint32_t rotr(uint32_t X, int N) { return (X >> N) | (X << (32 - N)); }

} // namespace

Sha256::Sha256()
    : State{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab,
            0x5be0cd19} {}

void Sha256::block(const uint8_t *B) {
  uint32_t W[64];
  for (int I = 0; I < 16; ++I)
    W[I] = uint32_t(B[4 * I]) << 24 | uint32_t(B[4 * I + 1]) << 16 | uint32_t(B[4 * I + 2]) << 8 |
           uint32_t(B[4 * I + 3]);
  for (int I = 16; I < 64; ++I) {
    uint32_t S0 = rotr(W[I - 15], 7) ^ rotr(W[I - 15], 18) ^ (W[I - 15] >> 3);
    uint32_t S1 = rotr(W[I - 2], 17) ^ rotr(W[I - 2], 19) ^ (W[I - 2] >> 10);
    W[I] = W[I - 16] + S0 + W[I - 7] + S1;
  }
  uint32_t A = State[0], Bv = State[1], C = State[2], D = State[3], E = State[4], F = State[5],
           G = State[6], H = State[7];
  for (int I = 0; I < 64; ++I) {
    uint32_t S1 = rotr(E, 6) ^ rotr(E, 11) ^ rotr(E, 25);
    uint32_t Ch = (E & F) ^ (~E & G);
    uint32_t T1 = H + S1 + Ch + K[I] + W[I];
    uint32_t S0 = rotr(A, 2) ^ rotr(A, 13) ^ rotr(A, 22);
    uint32_t Maj = (A & Bv) ^ (A & C) ^ (Bv & C);
    uint32_t T2 = S0 + Maj;
    H = G, G = F, F = E, E = D + T1, D = C, C = Bv, Bv = A, A = T1 + T2;
  }
  State[0] += A, State[1] += Bv, State[2] += C, State[3] += D;
  State[4] += E, State[5] += F, State[6] += G, State[7] += H;
}

void Sha256::update(std::string_view Data) {
  TotalBytes += Data.size();
  const auto *P = reinterpret_cast<const uint8_t *>(Data.data());
  size_t N = Data.size();
  if (PendingBytes) {
    size_t Take = std::min(N, 64 - PendingBytes);
    std::memcpy(Pending.data() + PendingBytes, P, Take);
    PendingBytes += Take, P += Take, N -= Take;
    if (PendingBytes < 64)
      return;
    block(Pending.data());
    PendingBytes = 0;
  }
  for (; N >= 64; P += 64, N -= 64)
    block(P);
  std::memcpy(Pending.data(), P, N);
  PendingBytes = N;
}

void Sha256::field(std::string_view Data) {
  uint64_t Size = Data.size();
  update(std::string_view(reinterpret_cast<const char *>(&Size), sizeof Size));
  update(Data);
}

std::string Sha256::hex() {
  const uint64_t Bits = TotalBytes * 8;
  const uint8_t One = 0x80, Zero = 0;
  update(std::string_view(reinterpret_cast<const char *>(&One), 1));
  while (PendingBytes != 56)
    update(std::string_view(reinterpret_cast<const char *>(&Zero), 1));
  uint8_t Length[8];
  for (int I = 0; I < 8; ++I)
    Length[I] = uint8_t(Bits >> (56 - 8 * I));
  update(std::string_view(reinterpret_cast<const char *>(Length), 8));
  std::string Hex;
  for (uint32_t Word : State)
    for (int Shift = 28; Shift >= 0; Shift -= 4)
      Hex += "0123456789abcdef"[(Word >> Shift) & 15];
  return Hex;
}

} // namespace weft::store
