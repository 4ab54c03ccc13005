// The program binary container: round trips, and every kind of malformed input is
// CL_INVALID_BINARY rather than a crash.
#include "runtime/core/ProgramBinary.h"

#include <gtest/gtest.h>

#include <random>

namespace weft {
namespace {

ProgramBinary sample() {
  return {CL_PROGRAM_BINARY_TYPE_EXECUTABLE, "-cl-std=CL3.0 -D X=1",
          std::string("BC\xc0\xde", 4) + std::string(1000, '\x42')};
}

Expected<ProgramBinary> decode(const std::string &Bytes) {
  return decodeBinary(reinterpret_cast<const unsigned char *>(Bytes.data()), Bytes.size());
}

TEST(ProgramBinary, RoundTrip) {
  auto B = decode(encodeBinary(sample()));
  ASSERT_TRUE(bool(B)) << B.error().reason();
  EXPECT_EQ(B->Type, cl_program_binary_type(CL_PROGRAM_BINARY_TYPE_EXECUTABLE));
  EXPECT_EQ(B->Options, sample().Options);
  EXPECT_EQ(B->Bitcode, sample().Bitcode);
}

TEST(ProgramBinary, EveryTruncationIsInvalid) {
  std::string Bytes = encodeBinary(sample());
  for (size_t Size = 0; Size < Bytes.size(); ++Size) {
    auto B = decode(Bytes.substr(0, Size));
    ASSERT_FALSE(bool(B)) << Size;
    EXPECT_EQ(B.error().code(), CL_INVALID_BINARY);
  }
  EXPECT_FALSE(bool(decode(Bytes + "x"))) << "trailing bytes";
  EXPECT_FALSE(bool(decodeBinary(nullptr, 100)));
}

TEST(ProgramBinary, EveryFlippedByteIsInvalid) {
  std::string Bytes = encodeBinary(sample());
  for (size_t I = 0; I < Bytes.size(); ++I) {
    std::string Bad = Bytes;
    Bad[I] ^= 0x20;
    auto B = decode(Bad);
    ASSERT_FALSE(bool(B)) << "byte " << I;
    EXPECT_EQ(B.error().code(), CL_INVALID_BINARY);
  }
}

TEST(ProgramBinary, GarbageAndWrongContents) {
  std::mt19937 Rng(7);
  for (int Round = 0; Round < 200; ++Round) {
    std::string Junk(Rng() % 300, '\0');
    for (char &C : Junk)
      C = char(Rng());
    EXPECT_FALSE(bool(decode(Junk)));
  }
  ProgramBinary NotBitcode = sample();
  NotBitcode.Bitcode = "not bitcode at all";
  EXPECT_FALSE(bool(decode(encodeBinary(NotBitcode))));
  ProgramBinary BadType = sample();
  BadType.Type = 0x77;
  EXPECT_FALSE(bool(decode(encodeBinary(BadType))));
}

} // namespace
} // namespace weft
