// The compiler library's front end, through the facade the runtime uses: source to module, kernel
// metadata, Clang's diagnostics in the build log, and build options.
#include "compiler/CompilerFixture.h"

#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <pthread.h>
#include <thread>
#include <unistd.h>

namespace weft {
namespace {

using compiler::CompileInput;
using compiler::CompileOutput;
using Status = CompileOutput::Status;

class Frontend : public test::CompilerTest {
protected:
  CompileOutput compile(const std::string &Source, const std::string &Options = "",
                        std::vector<std::pair<std::string, std::string>> Headers = {}) {
    CompileInput In;
    In.Source = Source;
    In.Options = Options;
    In.Headers = std::move(Headers);
    return Compiler->compile(In);
  }
};

TEST_F(Frontend, CompilesAKernelAndDescribesIt) {
  auto Out = compile(R"(
    kernel void __attribute__((reqd_work_group_size(8, 2, 1)))
    add(global const float *a, global float *restrict b, local int *scratch,
        constant float *k, float scale, int4 v) {
      size_t i = get_global_id(0);
      b[i] = a[i] * scale + k[0];
    }
    kernel void empty(void) {})",
                     "-cl-kernel-arg-info");
  ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
  EXPECT_FALSE(Out.Bitcode.empty());
  EXPECT_EQ(Out.Bitcode.substr(0, 2), "BC");
  ASSERT_EQ(Out.Kernels.size(), 2u);
  const auto &K = Out.Kernels[0];
  EXPECT_EQ(K.Name, "add");
  EXPECT_EQ(K.RequiredWorkGroupSize, (std::array<uint64_t, 3>{8, 2, 1}));
  EXPECT_EQ(K.Attributes, "reqd_work_group_size(8,2,1)");
  ASSERT_EQ(K.Args.size(), 6u);
  using AS = compiler::KernelArg::AddressSpace;
  EXPECT_EQ(K.Args[0].Space, AS::Global);
  EXPECT_EQ(K.Args[0].TypeName, "float*");
  EXPECT_EQ(K.Args[0].TypeQualifiers, "const");
  EXPECT_EQ(K.Args[0].Name, "a");
  EXPECT_EQ(K.Args[1].TypeQualifiers, "restrict");
  EXPECT_EQ(K.Args[2].Space, AS::Local);
  EXPECT_EQ(K.Args[3].Space, AS::Constant);
  EXPECT_EQ(K.Args[4].Space, AS::Private);
  EXPECT_FALSE(K.Args[4].IsPointer);
  EXPECT_EQ(K.Args[5].TypeName, "int4");
  EXPECT_FALSE(K.Args[5].IsPointer);
  EXPECT_TRUE(K.Args[0].IsPointer);
  auto Struct = compile("typedef struct { int a, b; } S; kernel void k(S s) {}");
  ASSERT_EQ(Struct.Result, Status::Success) << Struct.Log;
  EXPECT_FALSE(Struct.Kernels[0].Args[0].IsPointer) << "a struct by value is not a buffer";
  EXPECT_EQ(Out.Kernels[1].Name, "empty");
  EXPECT_TRUE(Out.Kernels[1].Args.empty());
}

TEST_F(Frontend, KernelAttributesString) {
  auto Out = compile(
      "kernel __attribute__((vec_type_hint(ulong3))) __attribute__((work_group_size_hint(8,4,1)))\n"
      "void a() {}\n"
      "kernel __attribute__((vec_type_hint(float8))) __attribute__((reqd_work_group_size(2,2,2)))\n"
      "void b() {}\n"
      "kernel __attribute__((vec_type_hint(char))) void c() {}\n"
      "kernel void d() {}\n");
  ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
  ASSERT_EQ(Out.Kernels.size(), 4u);
  EXPECT_EQ(Out.Kernels[0].Attributes, "work_group_size_hint(8,4,1) vec_type_hint(ulong3)");
  EXPECT_EQ(Out.Kernels[1].Attributes, "reqd_work_group_size(2,2,2) vec_type_hint(float8)");
  EXPECT_EQ(Out.Kernels[2].Attributes, "vec_type_hint(char)");
  EXPECT_EQ(Out.Kernels[3].Attributes, "");
}

TEST_F(Frontend, ArgumentNamesOnlyWithKernelArgInfo) {
  auto Out = compile("kernel void k(global int *data) {}");
  ASSERT_EQ(Out.Result, Status::Success) << Out.Log;
  ASSERT_EQ(Out.Kernels.size(), 1u);
  EXPECT_EQ(Out.Kernels[0].Args[0].Name, "");
}

TEST_F(Frontend, ErrorsGiveClangDiagnosticsWithCaret) {
  auto Out = compile("kernel void k(global int *p) {\n  p[0] = undeclared_thing;\n}\n");
  EXPECT_EQ(Out.Result, Status::Failure);
  EXPECT_EQ(Out.Log.rfind("program.cl:2:10: error: use of undeclared identifier ", 0), 0u) << Out.Log;
  EXPECT_NE(Out.Log.find("program.cl:2:10: error: use of undeclared identifier "
                         "'undeclared_thing'"),
            std::string::npos)
      << Out.Log;
  EXPECT_NE(Out.Log.find("  p[0] = undeclared_thing;\n         ^"), std::string::npos) << Out.Log;
}

TEST_F(Frontend, WarningsAndWerror) {
  const char *Source = "kernel void k(global int *p) { int unused = *p; }";
  auto Plain = compile(Source, "-Wunused-variable");
  EXPECT_EQ(Plain.Result, Status::InvalidOptions) << "-W<warning> is not an OpenCL option";
  // Indexing past a local array warns by default (-Warray-bounds).
  const char *Warns = "kernel void k(global int *p) { int a[2] = {1, 2}; p[0] = a[5]; }";
  auto Ok = compile(Warns);
  ASSERT_EQ(Ok.Result, Status::Success) << Ok.Log;
  EXPECT_NE(Ok.Log.find("program.cl:1:"), std::string::npos) << Ok.Log;
  EXPECT_NE(Ok.Log.find("warning: array index 5 is past the end"), std::string::npos) << Ok.Log;
  auto Silent = compile(Warns, "-w");
  ASSERT_EQ(Silent.Result, Status::Success);
  EXPECT_EQ(Silent.Log.find("warning"), std::string::npos) << Silent.Log;
  auto Strict = compile(Warns, "-Werror");
  EXPECT_EQ(Strict.Result, Status::Failure);
  EXPECT_NE(Strict.Log.find("error"), std::string::npos) << Strict.Log;
}

TEST_F(Frontend, MacrosStandardsAndHeaders) {
  const char *Source = R"(
    #include "params.h"
    #include "sub/more.h"
    kernel void k(global int *p) { p[0] = WIDTH + HEIGHT + MORE + __OPENCL_C_VERSION__; })";
  std::vector<std::pair<std::string, std::string>> Headers = {{"params.h", "#define HEIGHT 2\n"},
                                                              {"sub/more.h", "#define MORE 3\n"}};
  auto Out = compile(Source, "-D WIDTH=4", Headers);
  EXPECT_EQ(Out.Result, Status::Success) << Out.Log;
  Out = compile(Source, "-DWIDTH=4 -cl-std=CL3.0", Headers);
  EXPECT_EQ(Out.Result, Status::Success) << Out.Log;
  Out = compile(Source, "", Headers);
  EXPECT_EQ(Out.Result, Status::Failure) << "WIDTH is undefined";
  EXPECT_NE(Out.Log.find("WIDTH"), std::string::npos) << Out.Log;
  // The version macro follows -cl-std (CL1.2 by default for an OpenCL 3.0 device).
  auto V12 = compile("#if __OPENCL_C_VERSION__ != 120\n#error wrong\n#endif\nkernel void k(){}");
  EXPECT_EQ(V12.Result, Status::Success) << V12.Log;
  auto V30 = compile("#if __OPENCL_C_VERSION__ != 300\n#error wrong\n#endif\nkernel void k(){}",
                     "-cl-std=CL3.0");
  EXPECT_EQ(V30.Result, Status::Success) << V30.Log;
}

TEST_F(Frontend, QuotedIncludePathsWithSpaces) {
  namespace fs = std::filesystem;
  fs::path Dir = fs::temp_directory_path() / ("weft include " + std::to_string(getpid()));
  fs::create_directories(Dir);
  std::ofstream(Dir / "defs.h") << "#define FROM_DIR 7\n";
  const char *Source = "#include \"defs.h\"\nkernel void k(global int *p) { p[0] = FROM_DIR; }";
  for (std::string Option : {"-I\"" + Dir.string() + "\"", "-I \"" + Dir.string() + "\"",
                             "-I'" + Dir.string() + "'"}) {
    auto Out = compile(Source, Option);
    EXPECT_EQ(Out.Result, Status::Success) << Option << "\n" << Out.Log;
  }
  fs::remove_all(Dir);
}

TEST_F(Frontend, InvalidOptions) {
  for (const char *Bad : {"-cl-unknown-thing", "-cl-std=CL2.0", "-cl-std=CL9.9", "-D", "-I",
                          "-O3", "--help", "-I\"unterminated"}) {
    auto Out = compile("kernel void k(){}", Bad);
    EXPECT_EQ(Out.Result, Status::InvalidOptions) << Bad;
    EXPECT_FALSE(Out.Log.empty()) << Bad;
  }
  for (const char *Good :
       {"-cl-mad-enable -cl-no-signed-zeros", "-cl-unsafe-math-optimizations",
        "-cl-finite-math-only", "-cl-fast-relaxed-math", "-cl-denorms-are-zero",
        "-cl-fp32-correctly-rounded-divide-sqrt", "-cl-uniform-work-group-size", "-cl-opt-disable",
        "-cl-std=CL1.0", "-cl-std=CL1.1", "  -w   -cl-kernel-arg-info  "}) {
    auto Out = compile("kernel void k(global float *p){ p[0] = p[1] * p[2] + 1.0f; }", Good);
    EXPECT_EQ(Out.Result, Status::Success) << Good << "\n" << Out.Log;
  }
}

// Clang's test pragmas would crash the compiler, and with it the host program (before the fix
// each of these ended this test's process: a trap, LLVM's fatal error, a stack overflow).
TEST_F(Frontend, ClangsCrashPragmasDoNotEndTheHost) {
  for (const char *Pragma : {"crash", "parser_crash", "llvm_fatal_error", "llvm_unreachable",
                             "overflow_stack"}) {
    const std::string Source = std::string("#pragma clang __debug ") + Pragma +
                               "\nkernel void k(global int *p) { *p = 1; }";
    testing::internal::CaptureStderr();
    auto Out = compile(Source);
    // Nothing on the host's stderr either (the crash pragma's timer printed LLVM's report).
    EXPECT_EQ(testing::internal::GetCapturedStderr(), "") << Pragma;
    EXPECT_EQ(Out.Result, Status::Success) << Pragma << "\n" << Out.Log;
    EXPECT_FALSE(Out.Bitcode.empty()) << Pragma;
    EXPECT_EQ(Out.Kernels.size(), 1u) << Pragma;
    // A build with a cache preprocesses first, for the key: that does not crash either.
    CompileInput In;
    In.Source = Source;
    const std::filesystem::path Cache = std::filesystem::temp_directory_path() / ("weft pragma " + std::to_string(getpid()));
    EXPECT_EQ(Compiler->build(In, Cache.string()).Result, Status::Success) << Pragma;
    std::filesystem::remove_all(Cache);
  }
}

// Clang recurses once for each level of a nested expression: a sum of 100,000 terms needs more
// than the 8 MiB of a main thread's stack (before the fix it ended this test's process, as it
// ends clang-15's), and far more than a host's small thread stack. Clang runs on a stack of its
// own, sized by the input.
TEST_F(Frontend, DeeplyNestedExpressionsDoNotOverflowTheStack) {
  std::string Sum = "kernel void k(global int *p) { int a = p[0]; p[1] = a";
  for (int I = 1; I < 100000; ++I)
    Sum += " + a";
  Sum += "; }";
  auto Out = compile(Sum);
  EXPECT_EQ(Out.Result, Status::Success) << Out.Log.substr(0, 2000);
  // From a host thread with a 256 KiB stack, a sum of 2,000 terms (which needs more than that).
  struct Call {
    compiler::Compiler *Compiler;
    CompileInput In;
    CompileOutput Out;
  } Small{Compiler, {}, {}};
  Small.In.Source = "kernel void k(global int *p) { int a = p[0]; p[1] = a";
  for (int I = 1; I < 2000; ++I)
    Small.In.Source += " + a";
  Small.In.Source += "; }";
  pthread_attr_t Attributes;
  ASSERT_EQ(pthread_attr_init(&Attributes), 0);
  ASSERT_EQ(pthread_attr_setstacksize(&Attributes, 256 << 10), 0);
  pthread_t Thread;
  ASSERT_EQ(pthread_create(&Thread, &Attributes, [](void *C) -> void * {
    auto *Small = static_cast<Call *>(C);
    Small->Out = Small->Compiler->compile(Small->In);
    return nullptr;
  }, &Small), 0);
  pthread_join(Thread, nullptr);
  pthread_attr_destroy(&Attributes);
  EXPECT_EQ(Small.Out.Result, Status::Success) << Small.Out.Log.substr(0, 2000);
}

// 100,000 nested unary operators overflow even the stack Clang is given (they need hundreds of
// MiB): the crash trap catches the overflow and the build fails with a log, where it ended the
// host process before (checked: this test's process died of SIGSEGV). The compiler goes on.
std::string nestedNots(int Levels) {
  return "kernel void k(global int *p) { p[1] = " + std::string(size_t(Levels), '!') + "p[0]; }";
}

TEST_F(Frontend, ClangsCrashFailsTheBuildAndTheHostGoesOn) {
  auto Out = compile(nestedNots(100000));
  EXPECT_EQ(Out.Result, Status::Failure);
  EXPECT_NE(Out.Log.find("error: Clang crashed (SIGSEGV) compiling this program"),
            std::string::npos)
      << Out.Log.substr(0, 2000);
  // Again (the trap is set afresh), and through a build with a cache, which preprocesses first.
  EXPECT_EQ(compile(nestedNots(100000)).Result, Status::Failure);
  CompileInput In;
  In.Source = nestedNots(100000);
  const std::filesystem::path Cache =
      std::filesystem::temp_directory_path() / ("weft crash " + std::to_string(getpid()));
  EXPECT_EQ(Compiler->build(In, Cache.string()).Result, Status::Failure);
  std::filesystem::remove_all(Cache);
  auto Fine = compile(nestedNots(1000));
  EXPECT_EQ(Fine.Result, Status::Success) << Fine.Log.substr(0, 2000);
  // From four host threads at once, crashing and fine builds mixed: each trap catches its own.
  std::vector<std::thread> Threads;
  std::vector<Status> Results(4);
  for (size_t I = 0; I < Results.size(); ++I)
    Threads.emplace_back(
        [&, I] { Results[I] = compile(nestedNots(I % 2 ? 1000 : 100000)).Result; });
  for (std::thread &T : Threads)
    T.join();
  for (size_t I = 0; I < Results.size(); ++I)
    EXPECT_EQ(Results[I], I % 2 ? Status::Success : Status::Failure) << I;
}

// A fault outside Clang goes to the handler the host installed before Weft's.
TEST_F(Frontend, FaultsOutsideClangGoToTheHostsHandler) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  auto Fault = [this] {
    struct sigaction Host = {};
    Host.sa_handler = [](int) { _exit(42); };
    sigaction(SIGSEGV, &Host, nullptr);
    compile(nestedNots(100000)); // installs Weft's handlers, and springs the trap
    *static_cast<volatile int *>(nullptr) = 1;
  };
  EXPECT_EXIT(Fault(), testing::ExitedWithCode(42), "");
}

TEST_F(Frontend, OnlyReportedExtensionsExist) {
  // No cl_khr_fp64 is reported: double is an error, and the macro is not defined.
  auto Out = compile("kernel void k(global double *p) { p[0] = 1.0; }");
  EXPECT_EQ(Out.Result, Status::Failure) << Out.Log;
  auto Macro = compile("#ifdef cl_khr_fp64\n#error has fp64\n#endif\nkernel void k(){}",
                       "-cl-std=CL3.0");
  EXPECT_EQ(Macro.Result, Status::Success) << Macro.Log;
}

} // namespace
} // namespace weft
