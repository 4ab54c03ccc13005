// The ICD contract and the library split: what libweft.so exports and needs, that enumeration
// leaves the compiler unloaded, and that settings are read (and warned about) once.
#include "api/ApiTest.h"

#include <dlfcn.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <vector>

namespace weft::test {
namespace {

std::string run(const std::string &Command) {
  std::string Out;
  FILE *P = popen(Command.c_str(), "r");
  if (!P)
    return Out;
  char Buf[4096];
  while (size_t N = fread(Buf, 1, sizeof Buf, P))
    Out.append(Buf, N);
  pclose(P);
  return Out;
}

/// libweft.so's path, as the build-tree weft.icd names it.
std::string libraryPath() {
  std::ifstream In(std::string(WEFT_TEST_VENDORS_DIR) + "/weft.icd");
  std::string Path;
  std::getline(In, Path);
  return Path;
}

bool mapped(const std::string &Fragment) {
  std::ifstream Maps("/proc/self/maps");
  for (std::string Line; std::getline(Maps, Line);)
    if (Line.find(Fragment) != std::string::npos)
      return true;
  return false;
}

TEST(Icd, ExportsExactlyTheThreeIcdSymbols) {
  std::istringstream In(run("nm -D --defined-only '" + libraryPath() + "'"));
  std::set<std::string> Exported;
  for (std::string Line; std::getline(In, Line);) {
    std::istringstream Fields(Line);
    std::string Address, Kind, Name;
    Fields >> Address >> Kind >> Name;
    if (Kind == "T" || Kind == "W" || Kind == "D" || Kind == "B" || Kind == "V" || Kind == "i")
      Exported.insert(Name);
  }
  EXPECT_EQ(Exported, (std::set<std::string>{"clIcdGetPlatformIDsKHR", "clGetPlatformInfo",
                                             "clGetExtensionFunctionAddress"}));
}

TEST(Icd, LibweftDoesNotNeedLlvm) {
  std::string Needed = run("readelf -d '" + libraryPath() + "'");
  ASSERT_NE(Needed.find("NEEDED"), std::string::npos) << Needed;
  EXPECT_EQ(Needed.find("LLVM"), std::string::npos) << Needed;
  EXPECT_EQ(Needed.find("clang"), std::string::npos) << Needed;
  EXPECT_EQ(Needed.find("weft-compiler"), std::string::npos) << Needed;
}

TEST(Icd, EnumerationAndContextsDoNotLoadTheCompiler) {
  cl_platform_id P = findWeft();
  ASSERT_NE(P, nullptr);
  cl_device_id D;
  ASSERT_EQ(clGetDeviceIDs(P, CL_DEVICE_TYPE_ALL, 1, &D, nullptr), CL_SUCCESS);
  char Name[256];
  ASSERT_EQ(clGetDeviceInfo(D, CL_DEVICE_NAME, sizeof Name, Name, nullptr), CL_SUCCESS);
  cl_int Err;
  cl_context C = clCreateContext(nullptr, 1, &D, nullptr, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  clReleaseContext(C);
  EXPECT_TRUE(mapped("libweft.so")) << "the test did not reach Weft";
  EXPECT_FALSE(mapped("libweft-compiler.so"));
  EXPECT_FALSE(mapped("libLLVM"));
  EXPECT_FALSE(mapped("libclang-cpp"));
}

/// A context on Weft's device, D.
cl_context weftContext(cl_device_id &D) {
  cl_platform_id P = findWeft();
  EXPECT_EQ(clGetDeviceIDs(P, CL_DEVICE_TYPE_ALL, 1, &D, nullptr), CL_SUCCESS);
  cl_int Err;
  return clCreateContext(nullptr, 1, &D, nullptr, nullptr, &Err);
}

/// Runs this test binary again, with Setting ("NAME=VALUE") in its environment, only Test;
/// its output.
std::string runAgainWith(const std::string &Setting, const std::string &Test) {
  return run(Setting + " OCL_ICD_VENDORS='" + std::string(WEFT_TEST_VENDORS_DIR) + "' /proc/" +
             std::to_string(getpid()) + "/exe --gtest_filter=" + Test + " 2>&1");
}

TEST(Icd, NotYetImplementedEntryPointsFailCleanly) {
  cl_platform_id P = findWeft();
  ASSERT_NE(P, nullptr);
  cl_device_id D;
  ASSERT_EQ(clGetDeviceIDs(P, CL_DEVICE_TYPE_ALL, 1, &D, nullptr), CL_SUCCESS);
  cl_int Err;
  cl_context C = clCreateContext(nullptr, 1, &D, nullptr, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  // Each slot a later issue fills answers CL_INVALID_OPERATION instead of crashing the loader.
  EXPECT_EQ(clSetDefaultDeviceCommandQueue(C, D, nullptr), CL_INVALID_OPERATION);
  clReleaseContext(C);
}

// WEFT_MEMORY_LIMIT bounds what buffers, images and SVM allocations hold, not only what the
// device reports. The limit is read once per process: the test runs itself again with it set.
TEST(Icd, MemoryLimitCapsWhatIsAllocated) {
  if (!std::getenv("WEFT_MEMORY_LIMIT")) {
    const std::string Out =
        runAgainWith("WEFT_MEMORY_LIMIT=64M", "Icd.MemoryLimitCapsWhatIsAllocated");
    EXPECT_NE(Out.find("[  PASSED  ] 1 test."), std::string::npos) << Out;
    return;
  }
  cl_device_id D;
  cl_context C = weftContext(D);
  ASSERT_NE(C, nullptr);
  ASSERT_EQ(deviceValue<cl_ulong>(D, CL_DEVICE_GLOBAL_MEM_SIZE), cl_ulong(64) << 20);
  cl_int Err;
  const size_t MiB = size_t(1) << 20;
  cl_mem First = clCreateBuffer(C, CL_MEM_READ_WRITE, 40 * MiB, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  // 80 MiB would be past the limit: a buffer, an SVM allocation, an image.
  EXPECT_EQ(clCreateBuffer(C, CL_MEM_READ_WRITE, 40 * MiB, nullptr, &Err), nullptr);
  EXPECT_EQ(Err, CL_MEM_OBJECT_ALLOCATION_FAILURE);
  EXPECT_EQ(clSVMAlloc(C, CL_MEM_READ_WRITE, 40 * MiB, 0), nullptr);
  const cl_image_format Format{CL_RGBA, CL_UNORM_INT8};
  cl_image_desc Desc{};
  Desc.image_type = CL_MEM_OBJECT_IMAGE2D;
  Desc.image_width = Desc.image_height = 2048; // 16 MiB
  cl_mem Image = clCreateImage(C, CL_MEM_READ_WRITE, &Format, &Desc, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS); // 56 MiB
  EXPECT_EQ(clCreateImage(C, CL_MEM_READ_WRITE, &Format, &Desc, nullptr, &Err), nullptr);
  EXPECT_EQ(Err, CL_MEM_OBJECT_ALLOCATION_FAILURE);
  // The application's own memory does not count; what is released is available again.
  std::vector<char> Host(40 * MiB);
  cl_mem Mine = clCreateBuffer(C, CL_MEM_USE_HOST_PTR, Host.size(), Host.data(), &Err);
  EXPECT_EQ(Err, CL_SUCCESS);
  clReleaseMemObject(Mine);
  clReleaseMemObject(First);
  void *Svm = clSVMAlloc(C, CL_MEM_READ_WRITE, 40 * MiB, 0);
  EXPECT_NE(Svm, nullptr);
  EXPECT_EQ(clCreateBuffer(C, CL_MEM_READ_WRITE, 40 * MiB, nullptr, &Err), nullptr);
  clSVMFree(C, Svm);
  cl_mem Again = clCreateBuffer(C, CL_MEM_READ_WRITE, 40 * MiB, nullptr, &Err);
  EXPECT_EQ(Err, CL_SUCCESS);
  clReleaseMemObject(Again);
  clReleaseMemObject(Image);
  clReleaseContext(C);
}

// WEFT_PERF_MAP=1: a built program's functions are in /tmp/perf-<pid>.map, in perf's format
// ("address size name", hexadecimal), the work-group function of each kernel among them.
TEST(Icd, PerfMapNamesTheKernelsCode) {
  if (!std::getenv("WEFT_PERF_MAP")) {
    const std::string Out = runAgainWith("WEFT_PERF_MAP=1", "Icd.PerfMapNamesTheKernelsCode");
    EXPECT_NE(Out.find("[  PASSED  ] 1 test."), std::string::npos) << Out;
    return;
  }
  const std::string Path = "/tmp/perf-" + std::to_string(getpid()) + ".map";
  std::remove(Path.c_str());
  cl_device_id D;
  cl_context C = weftContext(D);
  ASSERT_NE(C, nullptr);
  cl_int Err;
  const char *Source = "kernel void perf_map_first(global int *p) { p[get_global_id(0)] = 1; }\n"
                       "kernel void perf_map_second(global float *p) { p[0] = sqrt(p[1]); }\n";
  cl_program Program = clCreateProgramWithSource(C, 1, &Source, nullptr, &Err);
  ASSERT_EQ(clBuildProgram(Program, 1, &D, "", nullptr, nullptr), CL_SUCCESS);
  std::ifstream Map(Path);
  ASSERT_TRUE(Map) << Path;
  std::set<std::string> Names;
  for (std::string Line; std::getline(Map, Line);) {
    std::istringstream Fields(Line);
    unsigned long Address = 0, Size = 0;
    std::string Name;
    Fields >> std::hex >> Address >> Size >> Name;
    ASSERT_TRUE(Fields && Address && Size) << Line;
    Names.insert(Name);
  }
  EXPECT_EQ(Names.count("__weft_wg_perf_map_first"), 1u);
  EXPECT_EQ(Names.count("__weft_wg_perf_map_second"), 1u);
  std::remove(Path.c_str());
  clReleaseProgram(Program);
  clReleaseContext(C);
}

TEST(Icd, UnknownSettingsAreWarnedAboutOnce) {
  std::string Out = run("WEFT_NO_SUCH_SETTING=1 WEFT_NUM_THREADS=lots OCL_ICD_VENDORS='" +
                        std::string(WEFT_TEST_VENDORS_DIR) + "' '" WEFT_DEMO_PATH "' 2>&1");
  auto Count = [&](const std::string &Needle) {
    size_t N = 0;
    for (size_t At = Out.find(Needle); At != std::string::npos; At = Out.find(Needle, At + 1))
      ++N;
    return N;
  };
  EXPECT_EQ(Count("WEFT_NO_SUCH_SETTING"), 1u) << Out;
  EXPECT_EQ(Count("WEFT_NUM_THREADS: 'lots'"), 1u) << Out;
  EXPECT_NE(Out.find("Platform: Weft"), std::string::npos) << Out;
}

TEST(Icd, DebugApiExplainsFailuresOnStderr) {
  // weft-demo's calls all succeed; a bad WEFT_DEBUG topic is itself warned about.
  std::string Out = run("WEFT_DEBUG=api,bogus OCL_ICD_VENDORS='" +
                        std::string(WEFT_TEST_VENDORS_DIR) + "' '" WEFT_DEMO_PATH "' 2>&1");
  EXPECT_NE(Out.find("unknown topic 'bogus'"), std::string::npos) << Out;
  EXPECT_NE(Out.find("Platform: Weft"), std::string::npos) << Out;
}

TEST(Icd, LlvmOptionsReachLlvm) {
  // -time-passes prints LLVM's timing of the demo's build: the build compiled, though the disk
  // cache held it (the options bypass the cache). An option LLVM does not know is warned about,
  // and the demo still runs.
  std::string Dir = std::string(WEFT_TEST_VENDORS_DIR) + "/../../test-cache-llvm-options-" +
                    std::to_string(getpid());
  std::string Env =
      "WEFT_CACHE_DIR='" + Dir + "' OCL_ICD_VENDORS='" + std::string(WEFT_TEST_VENDORS_DIR) + "' ";
  std::string Demo = std::string("'") + WEFT_DEMO_PATH + "' 2>&1";
  std::string Cached =
      run(Env + "WEFT_DEBUG=build " + Demo + "; " + Env + "WEFT_DEBUG=build " + Demo);
  EXPECT_NE(Cached.find("weft: build: manifest hit"), std::string::npos) << Cached;
  std::string Timed = run(Env + "WEFT_LLVM_OPTIONS=-time-passes " + Demo);
  EXPECT_NE(Timed.find("Pass execution timing report"), std::string::npos) << Timed;
  EXPECT_NE(Timed.find("correct"), std::string::npos) << Timed;
  std::string Unknown = run(Env + "WEFT_LLVM_OPTIONS='-no-such-llvm-option' " + Demo);
  EXPECT_NE(Unknown.find("weft: warning: WEFT_LLVM_OPTIONS: "), std::string::npos) << Unknown;
  EXPECT_NE(Unknown.find("no-such-llvm-option"), std::string::npos) << Unknown;
  EXPECT_NE(Unknown.find("correct"), std::string::npos) << Unknown;
  // With every optimisation pass skipped, Weft's own passes still run: the kernel works.
  std::string Bisected = run(Env + "WEFT_LLVM_OPTIONS=-opt-bisect-limit=0 " + Demo);
  EXPECT_NE(Bisected.find("BISECT: NOT running pass"), std::string::npos) << Bisected;
  EXPECT_NE(Bisected.find("correct"), std::string::npos) << Bisected;
  run("rm -rf '" + Dir + "'");
}

TEST(Icd, BuildCacheWorksAcrossProcesses) {
  // The demo builds a kernel: a second process with the same cache directory loads it instead
  // of compiling; a corrupt entry is rebuilt; WEFT_CACHE=off caches nothing.
  std::string Dir = std::string(WEFT_TEST_VENDORS_DIR) + "/../../test-cache-demo-" +
                    std::to_string(getpid());
  std::string Env = "WEFT_DEBUG=build WEFT_CACHE_DIR='" + Dir + "' OCL_ICD_VENDORS='" +
                    std::string(WEFT_TEST_VENDORS_DIR) + "' ";
  std::string Demo = std::string("'") + WEFT_DEMO_PATH + "' 2>&1";
  std::string First = run(Env + Demo), Second = run(Env + Demo);
  EXPECT_NE(First.find("weft: build: cache miss"), std::string::npos) << First;
  EXPECT_NE(First.find("vadd on 1048576 floats: correct"), std::string::npos) << First;
  // The second process finds the build through its manifest, without the compiler.
  EXPECT_NE(Second.find("weft: build: manifest hit"), std::string::npos) << Second;
  EXPECT_NE(Second.find("compiler not loaded"), std::string::npos) << Second;
  EXPECT_NE(Second.find("vadd on 1048576 floats: correct"), std::string::npos) << Second;
  // Damaged entries: the manifest leads nowhere, the compiler rebuilds.
  run("for f in '" + Dir + "'/*.weft; do printf 'garbage' > \"$f\"; done");
  std::string Third = run(Env + Demo);
  EXPECT_NE(Third.find("is not a Weft cache file of this version; rebuilding"), std::string::npos) << Third;
  EXPECT_NE(Third.find("vadd on 1048576 floats: correct"), std::string::npos) << Third;
  // Damaged manifests: the compiler finds the entry by its own key and writes a new manifest.
  run("for f in '" + Dir + "'/*.weftd; do printf 'garbage' > \"$f\"; done");
  std::string Fourth = run(Env + Demo), Fifth = run(Env + Demo);
  EXPECT_NE(Fourth.find("weft: build: cache hit"), std::string::npos) << Fourth;
  EXPECT_NE(Fourth.find("vadd on 1048576 floats: correct"), std::string::npos) << Fourth;
  EXPECT_NE(Fifth.find("weft: build: manifest hit"), std::string::npos) << Fifth;
  EXPECT_NE(Fifth.find("vadd on 1048576 floats: correct"), std::string::npos) << Fifth;
  std::string Off = run("WEFT_CACHE=off " + Env + Demo);
  EXPECT_EQ(Off.find("weft: build: cache"), std::string::npos) << Off;
  EXPECT_EQ(Off.find("manifest"), std::string::npos) << Off;
  EXPECT_NE(Off.find("vadd on 1048576 floats: correct"), std::string::npos) << Off;
  run("rm -rf '" + Dir + "'");
}

TEST(Icd, BuildCacheStaysWithinItsSize) {
  // A cache over WEFT_CACHE_SIZE loses its least recently used files after a build, on a thread
  // the process waits for at exit; the build just made stays. A minute passes before the next
  // trim of the same directory.
  namespace fs = std::filesystem;
  const fs::path Dir =
      std::string(WEFT_TEST_VENDORS_DIR) + "/../../test-cache-size-" + std::to_string(getpid());
  fs::remove_all(Dir);
  fs::create_directories(Dir);
  auto Aged = [&](const std::string &Name, size_t Bytes, long Age) {
    std::ofstream(Dir / Name, std::ios::binary) << std::string(Bytes, 'x');
    run("touch -d @" + std::to_string(time(nullptr) - Age) + " '" + (Dir / Name).string() + "'");
  };
  for (int I = 0; I < 30; ++I)
    Aged("old" + std::to_string(I) + ".weft", 100000, 3600 + I);
  Aged("notes.txt", 3000000, 7200);
  auto CacheBytes = [&] {
    uint64_t Bytes = 0;
    for (const auto &E : fs::directory_iterator(Dir))
      if (E.path().extension() == ".weft" || E.path().extension() == ".weftd")
        Bytes += E.file_size();
    return Bytes;
  };
  ASSERT_EQ(CacheBytes(), 3000000u);
  const std::string Env = "WEFT_DEBUG=build WEFT_CACHE_SIZE=1M WEFT_CACHE_DIR='" + Dir.string() +
                          "' OCL_ICD_VENDORS='" + std::string(WEFT_TEST_VENDORS_DIR) + "' ";
  const std::string Demo = std::string("'") + WEFT_DEMO_PATH + "' 2>&1";
  std::string First = run(Env + Demo);
  EXPECT_NE(First.find("vadd on 1048576 floats: correct"), std::string::npos) << First;
  EXPECT_NE(First.find("weft: build: cache trimmed: "), std::string::npos) << First;
  EXPECT_LE(CacheBytes(), 3u << 18) << First; // three quarters of the limit
  EXPECT_FALSE(fs::exists(Dir / "old29.weft"));
  EXPECT_TRUE(fs::exists(Dir / "notes.txt"));
  // The demo's own build is the newest: it survived.
  std::string Second = run(Env + Demo);
  EXPECT_NE(Second.find("weft: build: manifest hit"), std::string::npos) << Second;
  // A build through the compiler (its manifest gone) within the minute does not trim, however
  // full the cache.
  for (int I = 0; I < 30; ++I)
    Aged("again" + std::to_string(I) + ".weft", 100000, 3600);
  run("rm -f '" + Dir.string() + "'/*.weftd");
  std::string Third = run(Env + Demo);
  EXPECT_NE(Third.find("weft: build: cache hit"), std::string::npos) << Third;
  EXPECT_EQ(Third.find("cache trimmed"), std::string::npos) << Third;
  EXPECT_TRUE(fs::exists(Dir / "again0.weft"));
  fs::remove_all(Dir);
}

/// Source, built for D in C.
cl_program buildSource(cl_context C, cl_device_id D, const std::string &Source,
                       const std::string &Options = "") {
  cl_int Err;
  const char *Text = Source.c_str();
  cl_program Prog = clCreateProgramWithSource(C, 1, &Text, nullptr, &Err);
  EXPECT_EQ(clBuildProgram(Prog, 1, &D, Options.c_str(), nullptr, nullptr), CL_SUCCESS);
  return Prog;
}

/// Runs the built program's kernel k(global int *out) on one work-item and returns out[0] (-1 if
/// anything fails, with the failure reported).
int runOnOneWorkItem(cl_context C, cl_device_id D, cl_program Prog) {
  cl_int Err;
  cl_kernel K = clCreateKernel(Prog, "k", &Err);
  EXPECT_EQ(Err, CL_SUCCESS);
  cl_mem Out = clCreateBuffer(C, CL_MEM_READ_WRITE, sizeof(cl_int), nullptr, &Err);
  clSetKernelArg(K, 0, sizeof Out, &Out);
  cl_command_queue Q = clCreateCommandQueueWithProperties(C, D, nullptr, &Err);
  size_t One = 1;
  cl_int Value = -1;
  EXPECT_EQ(clEnqueueNDRangeKernel(Q, K, 1, nullptr, &One, &One, 0, nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(clEnqueueReadBuffer(Q, Out, CL_TRUE, 0, sizeof Value, &Value, 0, nullptr, nullptr),
            CL_SUCCESS);
  clReleaseCommandQueue(Q);
  clReleaseMemObject(Out);
  clReleaseKernel(K);
  return Value;
}

/// Builds Source on Weft, runs its kernel k(global int *out) on one work-item and returns out[0].
int buildAndRun(const std::string &Source, const std::string &Options = "") {
  cl_device_id D;
  cl_context C = weftContext(D);
  cl_program Prog = buildSource(C, D, Source, Options);
  int Value = runOnOneWorkItem(C, D, Prog);
  clReleaseProgram(Prog);
  clReleaseContext(C);
  return Value;
}

std::string tokenSource(const std::string &Token) {
  return "/* " + Token + " */ kernel void k(global int *out) { out[0] = 6 * 7; }";
}

// Also the first half of the next test, run in a process of its own with WEFT_TEST_TOKEN set.
TEST(Icd, BuildsAKernelForAnotherProcess) {
  const char *Token = getenv("WEFT_TEST_TOKEN");
  EXPECT_EQ(buildAndRun(tokenSource(Token ? Token : "this process")), 42);
}

/// A program built for D in C from Binary with Options (the build must succeed).
cl_program buildBinary(cl_context C, cl_device_id D, const std::vector<unsigned char> &Binary,
                       const char *Options) {
  size_t Size = Binary.size();
  const unsigned char *Binaries[] = {Binary.data()};
  cl_int BinaryStatus = -1, Err;
  cl_program P = clCreateProgramWithBinary(C, 1, &D, &Size, Binaries, &BinaryStatus, &Err);
  EXPECT_EQ(Err, CL_SUCCESS);
  EXPECT_EQ(BinaryStatus, CL_SUCCESS);
  EXPECT_EQ(clBuildProgram(P, 1, &D, Options, nullptr, nullptr), CL_SUCCESS);
  return P;
}

// Also the first half of the next two tests, run in a process of its own with WEFT_TEST_TOKEN
// set: builds a program, then a second one from its binary, and a third with other options, and
// runs the second and the third; with WEFT_TEST_BINARY set, writes the binary to that file.
TEST(Icd, RebuildsAKernelFromItsBinary) {
  const char *Token = getenv("WEFT_TEST_TOKEN"), *Path = getenv("WEFT_TEST_BINARY");
  cl_device_id D;
  cl_context C = weftContext(D);
  cl_program FromSource = buildSource(C, D, tokenSource(Token ? Token : "this process"));
  std::vector<unsigned char> Binary = binaryOf(FromSource);
  ASSERT_FALSE(Binary.empty());
  if (Path)
    std::ofstream(Path, std::ios::binary)
        .write(reinterpret_cast<const char *>(Binary.data()), std::streamsize(Binary.size()));
  cl_program Rebuilt = buildBinary(C, D, Binary, "");
  EXPECT_EQ(runOnOneWorkItem(C, D, Rebuilt), 42);
  cl_program OtherOptions = buildBinary(C, D, Binary, "-cl-mad-enable");
  EXPECT_EQ(runOnOneWorkItem(C, D, OtherOptions), 42);
  // The rebuilt program's own binary holds the native code too.
  EXPECT_EQ(binaryOf(Rebuilt), Binary);
  clReleaseProgram(OtherOptions);
  clReleaseProgram(Rebuilt);
  clReleaseProgram(FromSource);
  clReleaseContext(C);
}

TEST(Icd, BuildsFromBinariesLoadTheirNativeCodeOrTheSourceBuilds) {
  // A program built from source, then from its binary, in a process with an empty cache: the
  // build from the binary loads the native code the binary holds. With other options that code
  // does not apply, and the build links the binary's bitcode; WEFT_CACHE=off changes neither.
  const std::string Token =
      "binary " + std::to_string(getpid()) + " " + std::to_string(time(nullptr));
  const std::string Dir =
      std::string(WEFT_TEST_VENDORS_DIR) + "/../../test-cache-binary-" + std::to_string(getpid());
  char Self[4096] = {};
  ASSERT_GT(readlink("/proc/self/exe", Self, sizeof Self - 1), 0);
  std::string Command = "WEFT_DEBUG=build WEFT_TEST_TOKEN='" + Token + "' WEFT_CACHE_DIR='" + Dir +
                        "' OCL_ICD_VENDORS='" + WEFT_TEST_VENDORS_DIR + "' '" + Self +
                        "' --gtest_filter=Icd.RebuildsAKernelFromItsBinary 2>&1";
  std::string Output = run("rm -rf '" + Dir + "'; " + Command);
  EXPECT_NE(Output.find("[  PASSED  ] 1 test"), std::string::npos) << Output;
  EXPECT_NE(Output.find("weft: build: cache miss"), std::string::npos) << Output;
  EXPECT_NE(Output.find("weft: build: binary's native code loaded (compiler not loaded)"),
            std::string::npos)
      << Output;
  EXPECT_NE(Output.find("weft: build: binary's native code is for another Weft, CPU or options"),
            std::string::npos)
      << Output;
  EXPECT_EQ(Output.find("cache hit"), std::string::npos) << Output;
  Output = run(Command); // the build with other options finds its code in the cache now
  EXPECT_NE(Output.find("(program binary, key and load"), std::string::npos) << Output;
  Output = run("WEFT_CACHE=off " + Command);
  EXPECT_NE(Output.find("[  PASSED  ] 1 test"), std::string::npos) << Output;
  EXPECT_NE(Output.find("binary's native code loaded"), std::string::npos) << Output;
  EXPECT_EQ(Output.find("cache hit"), std::string::npos) << Output;
  run("rm -rf '" + Dir + "'");
}

TEST(Icd, ABinaryWithNativeCodeLeavesTheCompilerUnloaded) {
  // Another process writes a program's binary; this process builds it and runs its kernel
  // without ever opening the compiler library, however the disk cache stands.
  const std::string Path = std::string(WEFT_TEST_VENDORS_DIR) + "/../../test-binary-" +
                           std::to_string(getpid()) + "-" + std::to_string(time(nullptr));
  char Self[4096] = {};
  ASSERT_GT(readlink("/proc/self/exe", Self, sizeof Self - 1), 0);
  std::string Other = run("WEFT_TEST_TOKEN='" + Path + "' WEFT_TEST_BINARY='" + Path +
                          "' OCL_ICD_VENDORS='" + WEFT_TEST_VENDORS_DIR + "' '" + Self +
                          "' --gtest_filter=Icd.RebuildsAKernelFromItsBinary 2>&1");
  ASSERT_NE(Other.find("[  PASSED  ] 1 test"), std::string::npos) << Other;
  std::ifstream In(Path, std::ios::binary);
  std::vector<unsigned char> Binary((std::istreambuf_iterator<char>(In)), {});
  std::remove(Path.c_str());
  ASSERT_FALSE(Binary.empty());
  cl_device_id D;
  cl_context C = weftContext(D);
  cl_program P = buildBinary(C, D, Binary, "");
  EXPECT_EQ(runOnOneWorkItem(C, D, P), 42);
  clReleaseProgram(P);
  clReleaseContext(C);
  EXPECT_TRUE(mapped("libweft.so")) << "the test did not reach Weft";
  EXPECT_FALSE(mapped("libweft-compiler.so"));
  EXPECT_FALSE(mapped("libLLVM"));
}

TEST(Icd, AManifestHitLeavesTheCompilerUnloaded) {
  // Another process builds a program only this test uses; this process then builds it from the
  // cache without ever opening the compiler library, and runs it.
  const std::string Token = "manifest " + std::to_string(getpid()) + " " + std::to_string(time(nullptr));
  char Self[4096] = {};
  ASSERT_GT(readlink("/proc/self/exe", Self, sizeof Self - 1), 0);
  const char *Cache = getenv("WEFT_CACHE_DIR");
  ASSERT_NE(Cache, nullptr);
  std::string Other = run("WEFT_TEST_TOKEN='" + Token + "' WEFT_CACHE_DIR='" + Cache +
                          "' OCL_ICD_VENDORS='" + WEFT_TEST_VENDORS_DIR + "' '" + Self +
                          "' --gtest_filter=Icd.BuildsAKernelForAnotherProcess 2>&1");
  ASSERT_NE(Other.find("[  PASSED  ] 1 test"), std::string::npos) << Other;
  EXPECT_EQ(buildAndRun(tokenSource(Token)), 42);
  EXPECT_TRUE(mapped("libweft.so")) << "the test did not reach Weft";
  EXPECT_FALSE(mapped("libweft-compiler.so"));
  EXPECT_FALSE(mapped("libLLVM"));
}

TEST(Icd, ManifestsNoticeChangedHeadersAndNewOnesThatShadowThem) {
  // A header on disk, found through the second of two include directories. Changing it, or
  // adding one of the same name to the first directory, must change what the next build of the
  // same source sees: never a stale program from the cache.
  namespace fs = std::filesystem;
  const fs::path Dir = fs::temp_directory_path() / ("weft-headers-" + std::to_string(getpid()));
  fs::create_directories(Dir / "first");
  fs::create_directories(Dir / "second");
  auto Write = [](const fs::path &Path, const std::string &Text) {
    std::ofstream(Path, std::ios::trunc) << Text;
  };
  const std::string Options = "-I" + (Dir / "first").string() + " -I" + (Dir / "second").string();
  const std::string Source = "/* " + std::to_string(getpid()) + " " + std::to_string(time(nullptr)) +
                             " */\n#include \"value.h\"\nkernel void k(global int *out) { out[0] = VALUE; }";
  Write(Dir / "second" / "value.h", "#define VALUE 1\n");
  EXPECT_EQ(buildAndRun(Source, Options), 1);
  EXPECT_EQ(buildAndRun(Source, Options), 1); // from the cache
  Write(Dir / "second" / "value.h", "#define VALUE 22\n");
  EXPECT_EQ(buildAndRun(Source, Options), 22);
  Write(Dir / "first" / "value.h", "#define VALUE 333\n");
  EXPECT_EQ(buildAndRun(Source, Options), 333);
  fs::remove_all(Dir);
}

} // namespace
} // namespace weft::test
