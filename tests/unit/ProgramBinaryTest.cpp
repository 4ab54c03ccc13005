// The program binary container: round trips, and every kind of malformed input is refused with
// a reason (clCreateProgramWithBinary's CL_INVALID_BINARY) rather than a crash.
#include "program-store/ProgramBinary.h"

#include "program-store/Serialization.h"

#include <gtest/gtest.h>

#include <random>

namespace weft::store {
namespace {

ProgramBinary sample() {
  return {CL_PROGRAM_BINARY_TYPE_EXECUTABLE, "-cl-std=CL3.0 -D X=1",
          std::string("BC\xc0\xde", 4) + std::string(1000, '\x42'), std::string(300, '\x17'),
          std::string(64, 'a')};
}

/// The container decoded, or nullopt with the reason in Why.
std::optional<ProgramBinary> decode(const std::string &Bytes, std::string &Why) {
  return decodeBinary(reinterpret_cast<const unsigned char *>(Bytes.data()), Bytes.size(), Why);
}
std::optional<ProgramBinary> decode(const std::string &Bytes) {
  std::string Why;
  return decode(Bytes, Why);
}

TEST(ProgramBinary, RoundTrip) {
  std::string Why;
  auto B = decode(encodeBinary(sample()), Why);
  ASSERT_TRUE(bool(B)) << Why;
  EXPECT_EQ(B->Type, cl_program_binary_type(CL_PROGRAM_BINARY_TYPE_EXECUTABLE));
  EXPECT_EQ(B->Options, sample().Options);
  EXPECT_EQ(B->Bitcode, sample().Bitcode);
  EXPECT_EQ(B->Native, sample().Native);
  EXPECT_EQ(B->NativeKey, sample().NativeKey);
}

TEST(ProgramBinary, FormatOneStillReads) {
  // What Weft wrote before binaries held native code: no native fields after the bitcode.
  Writer Body;
  Body.put(sample().Options);
  Body.put(sample().Bitcode);
  Writer Out;
  Out.Out = std::string("WEFTBIN\0", 8);
  Out.put<uint32_t>(1);
  Out.put<uint32_t>(uint32_t(CL_PROGRAM_BINARY_TYPE_LIBRARY));
  Out.put<uint64_t>(fnv1a(Body.Out.data(), Body.Out.size()));
  std::string Why;
  auto B = decode(Out.Out + Body.Out, Why);
  ASSERT_TRUE(bool(B)) << Why;
  EXPECT_EQ(B->Type, cl_program_binary_type(CL_PROGRAM_BINARY_TYPE_LIBRARY));
  EXPECT_EQ(B->Bitcode, sample().Bitcode);
  EXPECT_TRUE(B->Native.empty());
  // Version 3 is not Weft's (yet).
  std::string Later = Out.Out + Body.Out;
  Later[8] = 3;
  EXPECT_FALSE(bool(decode(Later)));
}

TEST(ProgramBinary, EveryTruncationIsInvalid) {
  std::string Bytes = encodeBinary(sample());
  for (size_t Size = 0; Size < Bytes.size(); ++Size) {
    std::string Why;
    auto B = decode(Bytes.substr(0, Size), Why);
    ASSERT_FALSE(bool(B)) << Size;
    EXPECT_FALSE(Why.empty()) << Size;
  }
  EXPECT_FALSE(bool(decode(Bytes + "x"))) << "trailing bytes";
  std::string Why;
  EXPECT_FALSE(bool(decodeBinary(nullptr, 100, Why)));
  EXPECT_FALSE(Why.empty());
}

TEST(ProgramBinary, EveryFlippedByteIsInvalid) {
  std::string Bytes = encodeBinary(sample());
  for (size_t I = 0; I < Bytes.size(); ++I) {
    std::string Bad = Bytes;
    Bad[I] ^= 0x20;
    std::string Why;
    auto B = decode(Bad, Why);
    ASSERT_FALSE(bool(B)) << "byte " << I;
    EXPECT_FALSE(Why.empty()) << "byte " << I;
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
  ProgramBinary NativeLibrary = sample(); // only an executable has native code
  NativeLibrary.Type = CL_PROGRAM_BINARY_TYPE_LIBRARY;
  EXPECT_FALSE(bool(decode(encodeBinary(NativeLibrary))));
}

} // namespace
} // namespace weft::store
