// The disk cache's files without the compiler (program-store/CacheEntry.h): SHA-256, manifests and
// the stamps that invalidate them.
#include "program-store/CacheEntry.h"
#include "program-store/CacheTrim.h"
#include "program-store/Sha256.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <link.h>
#include <sys/stat.h>
#include <unistd.h>

#include <ctime>
#include <filesystem>
#include <fstream>

namespace weft::store {
namespace {

using compiler::CompileInput;
using compiler::KernelBinary;

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

/// A file of Bytes bytes in Dir whose modification time is Age seconds ago.
void agedFile(const std::filesystem::path &Path, size_t Bytes, time_t Age) {
  std::ofstream(Path, std::ios::binary | std::ios::trunc) << std::string(Bytes, 'x');
  const timespec When[2] = {{time(nullptr) - Age, 0}, {time(nullptr) - Age, 0}};
  ASSERT_EQ(utimensat(AT_FDCWD, Path.c_str(), When, 0), 0) << Path;
}

TEST_F(Manifests, TrimRemovesTheLeastRecentlyUsedUntilTheRestFit) {
  namespace fs = std::filesystem;
  const fs::path C = Cache;
  // Ten entries of 100 KB, entry 0 the oldest; two manifests; a write that died two hours ago,
  // one under way; a file that is not the cache's, older than all.
  for (int I = 0; I < 10; ++I)
    agedFile(C / ("entry" + std::to_string(I) + ".weft"), 100000, 1000 - I * 10);
  agedFile(C / "m-old.weftd", 1000, 995);
  agedFile(C / "m-new.weftd", 1000, 5);
  agedFile(C / "entry3.weft.tmp.77.1", 50000, 7200);
  agedFile(C / "entry4.weft.tmp.78.1", 50000, 1);
  agedFile(C / "notes.txt", 5000000, 100000);
  // Under the limit: only the dead write goes.
  CacheTrim Under = trimCache(Cache, 2000000, 1000000);
  EXPECT_EQ(Under.RemovedFiles, 1u);
  EXPECT_EQ(Under.RemovedBytes, 50000u);
  EXPECT_EQ(Under.Files, 13u);
  EXPECT_EQ(Under.Bytes, 10u * 100000 + 2000 + 50000);
  EXPECT_FALSE(fs::exists(C / "entry3.weft.tmp.77.1"));
  // Over it: the oldest go first until 600000 bytes are left; the write under way stays.
  CacheTrim Over = trimCache(Cache, 1000000, 600000);
  EXPECT_EQ(Over.Bytes, 1052000u);
  EXPECT_EQ(Over.RemovedFiles, 6u); // entries 0 to 4 and the old manifest
  EXPECT_EQ(Over.RemovedBytes, 501000u);
  for (int I = 0; I < 10; ++I)
    EXPECT_EQ(fs::exists(C / ("entry" + std::to_string(I) + ".weft")), I >= 5) << I;
  EXPECT_FALSE(fs::exists(C / "m-old.weftd"));
  EXPECT_TRUE(fs::exists(C / "m-new.weftd"));
  EXPECT_TRUE(fs::exists(C / "entry4.weft.tmp.78.1"));
  EXPECT_TRUE(fs::exists(C / "notes.txt"));
  EXPECT_EQ(trimCache(Cache + "/absent", 1, 0).Files, 0u);
}

TEST_F(Manifests, ReadingRenewsAFileForTheTrim) {
  // A manifest read a moment ago is kept over an entry written later but not read since.
  std::string Why;
  writeManifest(Cache, "read", {std::string(64, 'd'), {*stampOf(Header)}}, Why);
  const std::filesystem::path Manifest = std::filesystem::path(Cache) / "read.weftd";
  const uint64_t Bytes = std::filesystem::file_size(Manifest);
  agedFile(Manifest.string() + ".unused", 0, 0); // not the cache's: never counted
  const timespec Old[2] = {{time(nullptr) - 500, 0}, {time(nullptr) - 500, 0}};
  ASSERT_EQ(utimensat(AT_FDCWD, Manifest.c_str(), Old, 0), 0);
  agedFile(std::filesystem::path(Cache) / "unread.weftd", Bytes, 100);
  ASSERT_TRUE(readManifest(Cache, "read", Why)) << Why;
  CacheTrim T = trimCache(Cache, Bytes, Bytes);
  EXPECT_EQ(T.RemovedFiles, 1u);
  EXPECT_TRUE(std::filesystem::exists(Manifest));
  EXPECT_FALSE(std::filesystem::exists(std::filesystem::path(Cache) / "unread.weftd"));
}

// A file copied over another key's (the cache's files are named by their keys) is that other
// key's, and a miss: an entry or manifest records the key it was written under.
TEST_F(Manifests, AnotherKeysFileIsAMiss) {
  namespace fs = std::filesystem;
  std::string Why;
  writeManifest(Cache, "one", {std::string(64, 'e'), {*stampOf(Header)}}, Why);
  writeManifest(Cache, "two", {std::string(64, 'f'), {*stampOf(Header)}}, Why);
  CachedBuild B;
  B.Objects = {"an object"}; // an entry holds at least one
  B.Log = "first";
  writeCache(Cache, "entry1", B, Why);
  B.Log = "second";
  writeCache(Cache, "entry2", B, Why);
  ASSERT_TRUE(Why.empty()) << Why;
  ASSERT_TRUE(readManifest(Cache, "two", Why)) << Why;
  ASSERT_TRUE(readCache(Cache, "entry2", Why)) << Why;
  fs::copy_file(fs::path(Cache) / "one.weftd", fs::path(Cache) / "two.weftd",
                fs::copy_options::overwrite_existing);
  fs::copy_file(fs::path(Cache) / "entry1.weft", fs::path(Cache) / "entry2.weft",
                fs::copy_options::overwrite_existing);
  EXPECT_FALSE(readManifest(Cache, "two", Why));
  EXPECT_NE(Why.find("another key"), std::string::npos) << Why;
  Why.clear();
  EXPECT_FALSE(readCache(Cache, "entry2", Why));
  EXPECT_NE(Why.find("another key"), std::string::npos) << Why;
  auto One = readCache(Cache, "entry1", Why);
  ASSERT_TRUE(One) << Why;
  EXPECT_EQ(One->Log, "first");
}

// What stands at a cache file's path is read only if it is a regular file of a sane size: a
// symbolic link (to a device that never ends), a FIFO (that would block the build forever), a
// directory or a file larger than any entry are misses, at once.
TEST_F(Manifests, OnlyRegularFilesOfASaneSizeAreRead) {
  namespace fs = std::filesystem;
  const fs::path C = Cache;
  std::string Why;
  fs::create_symlink("/dev/zero", C / "link.weft");
  EXPECT_FALSE(readCache(Cache, "link", Why));
  EXPECT_FALSE(Why.empty());
  ASSERT_EQ(mkfifo((C / "fifo.weftd").c_str(), 0644), 0);
  Why.clear();
  EXPECT_FALSE(readManifest(Cache, "fifo", Why)); // returns: the FIFO has no writer
  EXPECT_NE(Why.find("not a regular file"), std::string::npos) << Why;
  fs::create_directory(C / "dir.weft");
  Why.clear();
  EXPECT_FALSE(readCache(Cache, "dir", Why));
  EXPECT_NE(Why.find("not a regular file"), std::string::npos) << Why;
  {
    std::ofstream(C / "sparse.weft") << "WEFTCCH7";
    fs::resize_file(C / "sparse.weft", uint64_t(4) << 30); // 4 GiB, sparse: no disk used
  }
  Why.clear();
  EXPECT_FALSE(readCache(Cache, "sparse", Why));
  EXPECT_NE(Why.find("larger"), std::string::npos) << Why;
  // A symbolic link to a real entry is not followed either: the cache writes none.
  CachedBuild B;
  B.Objects = {"an object"};
  writeCache(Cache, "real", B, Why);
  fs::create_symlink(C / "real.weft", C / "alias.weft");
  Why.clear();
  EXPECT_TRUE(readCache(Cache, "real", Why)) << Why;
  EXPECT_FALSE(readCache(Cache, "alias", Why));
}

TEST(Builds, EncodeDecodeAndEveryTruncationIsAMiss) {
  // The bytes a cache entry and a program binary's native section hold.
  CachedBuild B;
  B.Log = "warning: x";
  B.Objects = {std::string(100, 'o'), std::string(7, 'p')};
  KernelBinary K;
  K.Info.Name = "k";
  K.ArgBufferSize = 24;
  K.FrameBytes = 4096;
  B.Kernels = {K};
  B.GlobalVariableBytes = 12;
  const std::string Bytes = encodeBuild(B);
  std::optional<CachedBuild> Back = decodeBuild(Bytes);
  ASSERT_TRUE(Back);
  EXPECT_EQ(Back->Log, B.Log);
  EXPECT_EQ(Back->Objects, B.Objects);
  ASSERT_EQ(Back->Kernels.size(), 1u);
  EXPECT_EQ(Back->Kernels[0].Info.Name, "k");
  EXPECT_EQ(Back->Kernels[0].FrameBytes, 4096u);
  EXPECT_EQ(Back->GlobalVariableBytes, 12u);
  for (size_t Size = 0; Size < Bytes.size(); ++Size)
    EXPECT_FALSE(decodeBuild(Bytes.substr(0, Size))) << Size;
  EXPECT_FALSE(decodeBuild(Bytes + "x"));
  // Objects that are not ELF do not load, and say why.
  std::string Why;
  EXPECT_FALSE(loadBuild(*Back, Why));
  EXPECT_FALSE(Why.empty());
}

TEST(Builds, KernelArgumentsKeepWhatTheyAre) {
  // A buffer, an image, a sampler and a value: clSetKernelArg treats each its own way.
  CachedBuild B;
  B.Objects = {"an object"};
  KernelBinary K;
  K.Info.Name = "k";
  using AS = compiler::KernelArg::AddressSpace;
  compiler::KernelArg Buffer, Image, Sampler, Value;
  Buffer.Space = AS::Global;
  Buffer.IsPointer = true;
  Buffer.TypeName = "float*";
  Image.Space = AS::Global;
  Image.IsImage = true;
  Image.AccessQualifier = "read_write";
  Image.TypeName = "image2d_t";
  Sampler.IsSampler = true;
  Sampler.TypeName = "sampler_t";
  Value.TypeName = "int";
  K.Info.Args = {Buffer, Image, Sampler, Value};
  K.Args = {{0, 8}, {8, 8}, {16, 8}, {24, 4}};
  B.Kernels = {K};
  const std::string Bytes = encodeBuild(B);
  std::optional<CachedBuild> Back = decodeBuild(Bytes);
  ASSERT_TRUE(Back);
  const auto &Args = Back->Kernels.at(0).Info.Args;
  ASSERT_EQ(Args.size(), 4u);
  for (size_t I = 0; I < 4; ++I) {
    const compiler::KernelArg &Want = K.Info.Args[I];
    EXPECT_EQ(Args[I].Space, Want.Space) << I;
    EXPECT_EQ(Args[I].IsPointer, Want.IsPointer) << I;
    EXPECT_EQ(Args[I].IsImage, Want.IsImage) << I;
    EXPECT_EQ(Args[I].IsSampler, Want.IsSampler) << I;
    EXPECT_EQ(Args[I].AccessQualifier, Want.AccessQualifier) << I;
    EXPECT_EQ(Args[I].TypeName, Want.TypeName) << I;
    EXPECT_EQ(Back->Kernels[0].Args[I].Offset, K.Args[I].Offset) << I;
  }
  // An argument whose flags byte holds bits Weft never writes is a miss, not a guess. The
  // flags are the byte before the slot's offset and size (8 bytes) of the last argument.
  std::string Bad = Bytes;
  const size_t Flags = Bad.size() - sizeof(uint64_t) - 8 - 1;
  ASSERT_EQ(Bad[Flags], 0);
  Bad[Flags] = 8;
  EXPECT_FALSE(decodeBuild(Bad));
}

TEST(NativeKey, EveryInputCounts) {
  const std::string Key = nativeKey("bitcode", "-O", "/no/such/libweft-compiler.so");
  EXPECT_EQ(Key.size(), 64u);
  EXPECT_EQ(nativeKey("bitcode", "-O", "/no/such/libweft-compiler.so"), Key);
  EXPECT_NE(nativeKey("bitcode2", "-O", "/no/such/libweft-compiler.so"), Key);
  EXPECT_NE(nativeKey("bitcode", "", "/no/such/libweft-compiler.so"), Key);
  EXPECT_NE(nativeKey("bitcode", "-O", "/no/other/libweft-compiler.so"), Key);
}

// An ELF file's identity is its build id, read from the file as the loader mapped it (checked
// against this test program's notes in memory); any other file's is its real path (through a
// symbolic link), size and modification time, which change with its contents.
TEST(FileIdentity, BuildIdOrRealPathSizeAndTime) {
  std::string InMemory;
  dl_iterate_phdr(
      [](dl_phdr_info *Info, size_t, void *Data) {
        for (int I = 0; I < Info->dlpi_phnum; ++I) {
          const ElfW(Phdr) &P = Info->dlpi_phdr[I];
          if (P.p_type == PT_NOTE && static_cast<std::string *>(Data)->empty())
            *static_cast<std::string *>(Data) =
                gnuBuildId(reinterpret_cast<const char *>(Info->dlpi_addr + P.p_vaddr), P.p_memsz);
        }
        return 1; // the first object is the program itself
      },
      &InMemory);
  ASSERT_FALSE(InMemory.empty()) << "this test program has no build id";
  EXPECT_EQ(fileIdentity("/proc/self/exe"), "build-id " + InMemory);

  const std::filesystem::path Dir =
      std::filesystem::temp_directory_path() / ("weft-identity-" + std::to_string(getpid()));
  std::filesystem::create_directories(Dir);
  const std::string Real = std::filesystem::canonical(Dir).string() + "/plain";
  std::ofstream(Real) << "not ELF";
  std::filesystem::create_symlink(Real, Dir / "link");
  struct stat St {};
  ASSERT_EQ(stat(Real.c_str(), &St), 0);
  const std::string Plain = fileIdentity((Dir / "link").string());
  EXPECT_EQ(Plain, "file " + Real + " 7 " + std::to_string(St.st_mtim.tv_sec) + "." +
                       std::to_string(St.st_mtim.tv_nsec));
  std::ofstream(Real, std::ios::app) << "!";
  EXPECT_NE(fileIdentity(Real), Plain);
  EXPECT_EQ(fileIdentity((Dir / "none").string()), "file " + (Dir / "none").string() + " missing");
  std::filesystem::remove_all(Dir);
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
} // namespace weft::store
