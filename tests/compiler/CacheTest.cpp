// The disk cache through the facade: a second build loads code instead of compiling, any change
// that matters is a miss, and a corrupt entry is a miss that gets rewritten.
#include "compiler/CompilerFixture.h"

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace weft {
namespace {

namespace fs = std::filesystem;
using compiler::BuildOutput;

class Cache : public test::CompilerTest {
protected:
  void SetUp() override {
    CompilerTest::SetUp();
    if (HasFatalFailure())
      return;
    Dir = fs::temp_directory_path() / ("weft-cache-test-" + std::to_string(getpid()) + "-" +
                                       ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(Dir);
  }
  void TearDown() override { fs::remove_all(Dir); }

  BuildOutput build(const std::string &Source, const std::string &Options = "") {
    compiler::CompileInput In;
    In.Source = Source;
    In.Options = Options;
    return Compiler->build(In, Dir.string());
  }

  /// Runs kernel Index of Out over 16 work-items writing one int each.
  static std::vector<int> run(const BuildOutput &Out, size_t Index = 0) {
    const compiler::KernelBinary &K = Out.Program->kernels().at(Index);
    std::vector<int> Result(16, -1);
    std::vector<std::byte> Args(K.ArgBufferSize);
    int *P = Result.data();
    std::memcpy(Args.data() + K.Args.at(0).Offset, &P, sizeof P);
    abi::WorkGroupContext Ctx{};
    Ctx.WorkDim = 1;
    for (int D = 0; D < 3; ++D)
      Ctx.GlobalSize[D] = Ctx.LocalSize[D] = Ctx.EnqueuedLocalSize[D] = Ctx.NumGroups[D] = 1;
    Ctx.GlobalSize[0] = Ctx.LocalSize[0] = Ctx.EnqueuedLocalSize[0] = 16;
    K.Run(Args.data(), &Ctx);
    return Result;
  }

  /// The cache's entries (".weft"), or its manifests (".weftd": program-store/CacheEntry.h).
  std::vector<fs::path> entries(const std::string &Extension = ".weft") const {
    std::vector<fs::path> Files;
    if (fs::exists(Dir))
      for (const auto &E : fs::directory_iterator(Dir))
        if (E.path().extension() == Extension)
          Files.push_back(E.path());
    return Files;
  }

  /// The key a build's trace names ("cache miss <key>", "cache hit <key>").
  static std::string keyIn(const std::string &Trace) {
    for (const char *Word : {"cache miss ", "cache hit "})
      if (size_t At = Trace.find(Word); At != std::string::npos)
        return Trace.substr(At + std::strlen(Word), 64);
    return "";
  }

  fs::path Dir;
};

const char *Source = "kernel void k(global int *o) { o[get_global_id(0)] = 3 * (int)get_global_id(0); }";

TEST_F(Cache, SecondBuildLoadsTheCachedCode) {
  BuildOutput First = build(Source);
  ASSERT_TRUE(First.Program) << First.Log;
  EXPECT_FALSE(First.FromCache);
  EXPECT_NE(First.Trace.find("cache miss"), std::string::npos) << First.Trace;
  // The entry, and the same code under the key of the program's binary (below).
  ASSERT_EQ(entries().size(), 2u);
  EXPECT_TRUE(fs::exists(Dir / (keyIn(First.Trace) + ".weft"))) << First.Trace;
  // And the manifest through which libweft.so finds the entry without the compiler.
  EXPECT_EQ(entries(".weftd").size(), 1u);
  BuildOutput Second = build(Source);
  ASSERT_TRUE(Second.Program) << Second.Log;
  EXPECT_TRUE(Second.FromCache);
  EXPECT_EQ(Second.Bitcode, First.Bitcode) << "binaries of cached builds are the same";
  EXPECT_EQ(Second.Program->kernels().at(0).Info.Name, "k");
  std::vector<int> R = run(Second);
  for (int I = 0; I < 16; ++I)
    EXPECT_EQ(R[I], 3 * I);
}

// A program of several kernels is compiled in parts (one per kernel, up to the hardware threads),
// each its own object; the cache keeps them all, and the kernels share the program's variables.
TEST_F(Cache, ProgramsInSeveralPartsRoundTrip) {
  const char *Several = R"(
    global int shared = 7;
    kernel void a(global int *o) { o[get_global_id(0)] = shared + (int)get_global_id(0); }
    kernel void b(global int *o) { o[get_global_id(0)] = 2 * shared * (int)get_global_id(0); }
    kernel void c(global int *o) { o[get_global_id(0)] = -(int)get_global_id(0); })";
  compiler::CompileInput In;
  In.Source = Several;
  In.Options = "-cl-std=CL3.0";
  In.Target.Features = {"__opencl_c_int64", "__opencl_c_program_scope_global_variables"};
  BuildOutput First = Compiler->build(In, Dir.string());
  ASSERT_TRUE(First.Program) << First.Log;
  EXPECT_GE(First.Objects.size(), 1u);
  EXPECT_LE(First.Objects.size(), 3u);
  BuildOutput Second = Compiler->build(In, Dir.string());
  ASSERT_TRUE(Second.Program) << Second.Log;
  EXPECT_TRUE(Second.FromCache);
  for (const BuildOutput *Out : {&First, &Second}) {
    ASSERT_EQ(Out->Program->kernels().size(), 3u);
    std::vector<int> A = run(*Out, 0), B = run(*Out, 1), C = run(*Out, 2);
    for (int I = 0; I < 16; ++I) {
      EXPECT_EQ(A[I], 7 + I);
      EXPECT_EQ(B[I], 14 * I);
      EXPECT_EQ(C[I], -I);
    }
  }
}

TEST_F(Cache, OptionsAndHeadersOnDiskAreInTheKey) {
  ASSERT_TRUE(build(Source).Program);
  EXPECT_FALSE(build(Source, "-cl-mad-enable").FromCache);
  EXPECT_TRUE(build(Source, "-cl-mad-enable").FromCache);
  fs::path Include = Dir / "include";
  fs::create_directories(Include);
  std::ofstream(Include / "value.h") << "#define VALUE 1\n";
  std::string WithHeader = "#include \"value.h\"\nkernel void k(global int *o) { o[get_global_id(0)] = VALUE; }";
  std::string Options = "-I" + Include.string();
  EXPECT_FALSE(build(WithHeader, Options).FromCache);
  EXPECT_TRUE(build(WithHeader, Options).FromCache);
  std::ofstream(Include / "value.h") << "#define VALUE 2\n"; // the same source, a changed header
  BuildOutput Changed = build(WithHeader, Options);
  EXPECT_FALSE(Changed.FromCache) << "a header changed on disk must be a miss";
  EXPECT_EQ(run(Changed)[5], 2);
}

TEST_F(Cache, CorruptEntriesAreMissesAndGetRewritten) {
  BuildOutput First = build(Source);
  ASSERT_TRUE(First.Program);
  fs::path Entry = Dir / (keyIn(First.Trace) + ".weft");
  ASSERT_TRUE(fs::exists(Entry)) << First.Trace;
  for (std::string Damage : {"flip", "truncate", "empty"}) {
    std::string Bytes;
    {
      std::ifstream In(Entry, std::ios::binary);
      Bytes.assign(std::istreambuf_iterator<char>(In), {});
    }
    if (Damage == "flip")
      Bytes[Bytes.size() / 2] ^= 0x40;
    else if (Damage == "truncate")
      Bytes.resize(Bytes.size() / 3);
    else
      Bytes.clear();
    std::ofstream(Entry, std::ios::binary | std::ios::trunc) << Bytes;
    BuildOutput Rebuilt = build(Source);
    ASSERT_TRUE(Rebuilt.Program) << Damage << ": " << Rebuilt.Log;
    EXPECT_FALSE(Rebuilt.FromCache) << Damage;
    EXPECT_EQ(run(Rebuilt)[4], 12) << Damage;
    EXPECT_TRUE(build(Source).FromCache) << Damage << ": the entry was rewritten";
  }
}

// A program binary (CL_PROGRAM_BINARIES: the linked module) built again, as PyOpenCL does from
// its own cache of binaries for every program it has built before, loads the code the build
// from source stored instead of optimising and generating it again.
TEST_F(Cache, BuildsFromABinaryLoadTheCodeOfTheSourceBuild) {
  const std::string Warned = std::string("#warning from the front end\n") + Source;
  BuildOutput First = build(Warned);
  ASSERT_TRUE(First.Program) << First.Log;
  EXPECT_NE(First.Log.find("from the front end"), std::string::npos) << First.Log;
  BuildOutput Again = Compiler->buildBinary(First.Bitcode, "", Dir.string());
  ASSERT_TRUE(Again.Program) << Again.Log;
  EXPECT_TRUE(Again.FromCache) << Again.Trace;
  EXPECT_NE(Again.Trace.find("program binary"), std::string::npos) << Again.Trace;
  EXPECT_EQ(Again.Bitcode, First.Bitcode);
  EXPECT_EQ(Again.Log.find("from the front end"), std::string::npos)
      << "a build from a binary has no front end, so none of its diagnostics: " << Again.Log;
  std::vector<int> R = run(Again);
  for (int I = 0; I < 16; ++I)
    EXPECT_EQ(R[I], 3 * I);
  // Other options are another build: a miss, stored, then a hit.
  BuildOutput Fast = Compiler->buildBinary(First.Bitcode, "-cl-fast-relaxed-math", Dir.string());
  ASSERT_TRUE(Fast.Program) << Fast.Log;
  EXPECT_FALSE(Fast.FromCache);
  EXPECT_NE(Fast.Trace.find("cache miss"), std::string::npos) << Fast.Trace;
  EXPECT_TRUE(
      Compiler->buildBinary(First.Bitcode, "-cl-fast-relaxed-math", Dir.string()).FromCache);
  EXPECT_EQ(run(Fast)[7], 21);
  // Invalid options are refused, not looked up.
  BuildOutput Bad = Compiler->buildBinary(First.Bitcode, "-no-such-option", Dir.string());
  EXPECT_EQ(Bad.Result, compiler::CompileOutput::Status::InvalidOptions);
  EXPECT_FALSE(Bad.Program);
  // A damaged entry is a miss, and the build from the binary writes it again.
  BuildOutput Stored = Compiler->buildBinary(First.Bitcode, "", Dir.string());
  fs::path Entry = Dir / (keyIn(Stored.Trace) + ".weft");
  ASSERT_TRUE(fs::exists(Entry)) << Stored.Trace;
  std::ofstream(Entry, std::ios::binary | std::ios::trunc) << "garbage";
  BuildOutput Rebuilt = Compiler->buildBinary(First.Bitcode, "", Dir.string());
  ASSERT_TRUE(Rebuilt.Program) << Rebuilt.Log;
  EXPECT_FALSE(Rebuilt.FromCache);
  EXPECT_EQ(run(Rebuilt)[5], 15);
  EXPECT_TRUE(Compiler->buildBinary(First.Bitcode, "", Dir.string()).FromCache);
  // Without a directory, no cache.
  BuildOutput Uncached = Compiler->buildBinary(First.Bitcode, "", "");
  ASSERT_TRUE(Uncached.Program) << Uncached.Log;
  EXPECT_FALSE(Uncached.FromCache);
  EXPECT_EQ(Uncached.Trace.find("cache"), std::string::npos) << Uncached.Trace;
}

TEST_F(Cache, NoDirectoryNoCache) {
  compiler::CompileInput In;
  In.Source = Source;
  BuildOutput Out = Compiler->build(In, "");
  ASSERT_TRUE(Out.Program);
  EXPECT_FALSE(Out.FromCache);
  EXPECT_EQ(Out.Trace.find("cache"), std::string::npos) << Out.Trace; // only the phase times
  EXPECT_NE(Out.Trace.find("codegen"), std::string::npos) << Out.Trace;
  EXPECT_TRUE(entries().empty());
}

} // namespace
} // namespace weft
