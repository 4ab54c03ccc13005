// The disk cache's files without the compiler (compiler/CacheEntry.h): SHA-256, manifests and
// the stamps that invalidate them.
#include "compiler/CacheEntry.h"
#include "compiler/Sha256.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace weft::compiler {
namespace {

std::string sha256(std::string_view Data, size_t Piece) {
  Sha256 H;
  for (size_t At = 0; At < Data.size(); At += Piece)
    H.update(Data.substr(At, Piece));
  return H.hex();
}

// FIPS 180-4 examples (and NIST's one-million-'a' vector), fed whole and in uneven pieces.
TEST(Sha256, KnownDigests) {
  for (size_t Piece : {size_t(1), size_t(3), size_t(63), size_t(64), size_t(65), size_t(1) << 20}) {
    EXPECT_EQ(sha256("", Piece), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    EXPECT_EQ(sha256("abc", Piece), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_EQ(sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", Piece),
              "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    EXPECT_EQ(sha256(std::string(1000000, 'a'), Piece),
              "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  }
}

class Manifests : public ::testing::Test {
protected:
  void SetUp() override {
    Dir = std::filesystem::temp_directory_path() / ("weft-manifests-" + std::to_string(getpid()));
    std::filesystem::create_directories(Dir / "include");
    std::filesystem::create_directories(Dir / "cache");
    Cache = (Dir / "cache").string();
    Include = (Dir / "include").string();
    Header = (Dir / "include" / "inc.h").string();
    write(Header, "#define A 1\n");
  }
  void TearDown() override { std::filesystem::remove_all(Dir); }
  static void write(const std::string &Path, const std::string &Text) {
    std::ofstream(Path, std::ios::binary | std::ios::trunc) << Text;
  }
  std::filesystem::path Dir;
  std::string Cache, Include, Header;
};

TEST_F(Manifests, RoundTripUntilAFileChanges) {
  Manifest M{std::string(64, 'a'), {*stampOf(Header), *stampOf(Include)}};
  std::string Why;
  writeManifest(Cache, "key", M, Why);
  ASSERT_TRUE(Why.empty()) << Why;
  auto Back = readManifest(Cache, "key", Why);
  ASSERT_TRUE(Back) << Why;
  EXPECT_EQ(Back->EntryKey, M.EntryKey);
  EXPECT_EQ(Back->Files, M.Files);
  // Rewritten with new contents: the stamp no longer matches.
  write(Header, "#define A 22\n");
  EXPECT_FALSE(readManifest(Cache, "key", Why));
  EXPECT_NE(Why.find(Header + " changed"), std::string::npos) << Why;
}

TEST_F(Manifests, ANewFileInAListedDirectoryInvalidates) {
  std::string Why;
  writeManifest(Cache, "key", {std::string(64, 'b'), {*stampOf(Include)}}, Why);
  ASSERT_TRUE(readManifest(Cache, "key", Why)) << Why;
  write((Dir / "include" / "other.h").string(), "\n");
  EXPECT_FALSE(readManifest(Cache, "key", Why));
}

TEST_F(Manifests, DamagedOrMissingManifestsAreMisses) {
  std::string Why;
  EXPECT_FALSE(readManifest(Cache, "absent", Why));
  writeManifest(Cache, "key", {std::string(64, 'c'), {*stampOf(Header)}}, Why);
  ASSERT_TRUE(readManifest(Cache, "key", Why)) << Why;
  const std::string Path = Cache + "/key.weftd";
  std::string Good;
  {
    std::ifstream In(Path, std::ios::binary);
    Good.assign(std::istreambuf_iterator<char>(In), {});
  }
  ASSERT_GT(Good.size(), 20u);
  for (size_t At = 0; At < Good.size(); At += 7) {
    std::string Bad = Good;
    Bad[At] = char(Bad[At] ^ 0x5a);
    write(Path, Bad);
    Why.clear();
    EXPECT_FALSE(readManifest(Cache, "key", Why)) << At;
    EXPECT_FALSE(Why.empty()) << At;
  }
  write(Path, Good.substr(0, Good.size() / 2));
  EXPECT_FALSE(readManifest(Cache, "key", Why));
}

TEST(DirectKey, EveryInputCounts) {
  CompileInput In;
  In.Source = "kernel void k() {}";
  In.Options = "-DX=1";
  In.Headers = {{"a.h", "int a;"}};
  In.Target.Extensions = {"cl_khr_fp16"};
  const std::string Key = directKey(In, "/lib/libweft-compiler.so");
  EXPECT_EQ(Key.size(), 64u);
  EXPECT_EQ(directKey(In, "/lib/libweft-compiler.so"), Key);
  EXPECT_NE(directKey(In, "/other/libweft-compiler.so"), Key);
  auto Differs = [&](auto Change) {
    CompileInput Other = In;
    Change(Other);
    return directKey(Other, "/lib/libweft-compiler.so") != Key;
  };
  EXPECT_TRUE(Differs([](CompileInput &C) { C.Source += " "; }));
  EXPECT_TRUE(Differs([](CompileInput &C) { C.Options = "-DX=2"; }));
  EXPECT_TRUE(Differs([](CompileInput &C) { C.Headers[0].second = "int b;"; }));
  EXPECT_TRUE(Differs([](CompileInput &C) { C.Headers[0].first = "b.h"; }));
  EXPECT_TRUE(Differs([](CompileInput &C) { C.Target.Extensions.clear(); }));
  EXPECT_TRUE(Differs([](CompileInput &C) { C.Target.Features = {"__opencl_c_fp64"}; }));
}

} // namespace
} // namespace weft::compiler
