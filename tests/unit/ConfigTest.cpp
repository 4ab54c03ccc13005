// Config::parse: known settings, bad values and unknown names.
#include "runtime/core/Config.h"

#include <gtest/gtest.h>

namespace weft {
namespace {

Config parse(std::vector<const char *> Env, std::vector<std::string> &Warnings) {
  Env.push_back(nullptr);
  return Config::parse(Env.data(), Warnings);
}

TEST(Config, Defaults) {
  std::vector<std::string> W;
  Config C = parse({"PATH=/bin", "HOME=/root"}, W);
  EXPECT_EQ(C.NumThreads, 0u);
  EXPECT_EQ(C.Debug, 0u);
  EXPECT_TRUE(W.empty());
}

TEST(Config, KnownSettings) {
  std::vector<std::string> W;
  Config C = parse({"WEFT_NUM_THREADS=6", "WEFT_DEBUG=api"}, W);
  EXPECT_EQ(C.NumThreads, 6u);
  EXPECT_TRUE(C.debug(DebugApi));
  EXPECT_TRUE(W.empty());
  C = parse({"WEFT_DEBUG=all"}, W);
  EXPECT_TRUE(C.debug(DebugApi));
}

TEST(Config, BadValuesAreWarnedAndIgnored) {
  for (const char *Bad : {"WEFT_NUM_THREADS=0", "WEFT_NUM_THREADS=-2", "WEFT_NUM_THREADS=4x",
                          "WEFT_NUM_THREADS=", "WEFT_NUM_THREADS=99999"}) {
    std::vector<std::string> W;
    Config C = parse({Bad}, W);
    EXPECT_EQ(C.NumThreads, 0u) << Bad;
    ASSERT_EQ(W.size(), 1u) << Bad;
    EXPECT_NE(W[0].find("WEFT_NUM_THREADS"), std::string::npos);
  }
  std::vector<std::string> W;
  Config C = parse({"WEFT_DEBUG=api,,nope"}, W);
  EXPECT_TRUE(C.debug(DebugApi));
  ASSERT_EQ(W.size(), 1u);
  EXPECT_NE(W[0].find("'nope'"), std::string::npos) << W[0];
}

TEST(Config, UnknownNamesAreWarned) {
  std::vector<std::string> W;
  parse({"WEFT_NUM_THREAD=2", "WEFTX=1", "NOT_WEFT_DEBUG=1"}, W);
  ASSERT_EQ(W.size(), 1u);
  EXPECT_NE(W[0].find("WEFT_NUM_THREAD "), std::string::npos) << W[0];
}

TEST(Config, CacheDirectory) {
  std::vector<std::string> W;
  EXPECT_EQ(parse({"HOME=/home/u"}, W).CacheDir, "/home/u/.cache/weft");
  EXPECT_EQ(parse({"HOME=/home/u", "XDG_CACHE_HOME=/x/cache"}, W).CacheDir, "/x/cache/weft");
  EXPECT_EQ(parse({"HOME=/home/u", "WEFT_CACHE_DIR=/tmp/c"}, W).CacheDir, "/tmp/c");
  EXPECT_EQ(parse({"HOME=/home/u", "WEFT_CACHE=off"}, W).CacheDir, "");
  EXPECT_EQ(parse({"WEFT_CACHE_DIR=/tmp/c", "WEFT_CACHE=0"}, W).CacheDir, "");
  EXPECT_TRUE(W.empty());
  EXPECT_EQ(parse({"HOME=/h", "WEFT_CACHE_DIR=relative/dir"}, W).CacheDir, "/h/.cache/weft");
  EXPECT_EQ(parse({"WEFT_CACHE=maybe"}, W).CacheDir, "");
  // LLVM options may change the code, and each build should show what they print: no cache.
  Config Llvm = parse({"HOME=/h", "WEFT_LLVM_OPTIONS=-time-passes"}, W);
  EXPECT_EQ(Llvm.LlvmOptions, "-time-passes");
  EXPECT_EQ(Llvm.CacheDir, "");
  Config Blank = parse({"HOME=/h", "WEFT_LLVM_OPTIONS= "}, W);
  EXPECT_EQ(Blank.LlvmOptions, "");
  EXPECT_EQ(Blank.CacheDir, "/h/.cache/weft");
  ASSERT_EQ(W.size(), 2u);
  EXPECT_NE(W[0].find("not an absolute path"), std::string::npos);
  EXPECT_NE(W[1].find("WEFT_CACHE: 'maybe'"), std::string::npos);
  Config C = parse({"WEFT_DEBUG=build"}, W);
  EXPECT_TRUE(C.debug(DebugBuild));
  EXPECT_FALSE(C.debug(DebugApi));
}

TEST(Config, PerfMap) {
  std::vector<std::string> W;
  EXPECT_FALSE(parse({}, W).PerfMap);
  EXPECT_TRUE(parse({"WEFT_PERF_MAP=1"}, W).PerfMap);
  EXPECT_TRUE(parse({"WEFT_PERF_MAP=on"}, W).PerfMap);
  EXPECT_FALSE(parse({"WEFT_PERF_MAP=0"}, W).PerfMap);
  EXPECT_TRUE(W.empty());
  EXPECT_FALSE(parse({"WEFT_PERF_MAP=yes please"}, W).PerfMap);
  ASSERT_EQ(W.size(), 1u);
  EXPECT_NE(W[0].find("WEFT_PERF_MAP: 'yes please'"), std::string::npos);
}

TEST(Config, AsyncCopyMode) {
  std::vector<std::string> W;
  EXPECT_EQ(parse({}, W).AsyncCopies, AsyncCopyMode::Auto);
  EXPECT_EQ(parse({"WEFT_ASYNC_COPY=inline"}, W).AsyncCopies, AsyncCopyMode::Inline);
  EXPECT_EQ(parse({"WEFT_ASYNC_COPY=task"}, W).AsyncCopies, AsyncCopyMode::Task);
  EXPECT_EQ(parse({"WEFT_ASYNC_COPY=auto"}, W).AsyncCopies, AsyncCopyMode::Auto);
  EXPECT_TRUE(W.empty());
  EXPECT_EQ(parse({"WEFT_ASYNC_COPY=sometimes"}, W).AsyncCopies, AsyncCopyMode::Auto);
  ASSERT_EQ(W.size(), 1u);
  EXPECT_NE(W[0].find("WEFT_ASYNC_COPY: 'sometimes'"), std::string::npos);
}

TEST(Config, Checks) {
  std::vector<std::string> W;
  EXPECT_EQ(parse({}, W).Checks, "");
  EXPECT_EQ(parse({"WEFT_CHECK=bounds"}, W).Checks, "bounds");
  EXPECT_EQ(parse({"WEFT_CHECK=all"}, W).Checks, "all");
  EXPECT_EQ(parse({"WEFT_CHECK=bounds,all"}, W).Checks, "bounds,all");
  EXPECT_EQ(parse({"WEFT_CHECK=barriers"}, W).Checks, "barriers");
  EXPECT_EQ(parse({"WEFT_CHECK=barriers,bounds"}, W).Checks, "barriers,bounds");
  EXPECT_EQ(parse({"WEFT_CHECK=copies"}, W).Checks, "copies");
  EXPECT_EQ(parse({"WEFT_CHECK=uninitialized,bounds"}, W).Checks, "uninitialized,bounds");
  EXPECT_EQ(parse({"WEFT_CHECK=all,races"}, W).Checks, "all,races");
  EXPECT_EQ(parse({"WEFT_CHECK=off"}, W).Checks, "");
  EXPECT_EQ(parse({"WEFT_CHECK=0"}, W).Checks, "");
  EXPECT_EQ(parse({"WEFT_CHECK="}, W).Checks, "");
  EXPECT_TRUE(W.empty());
  for (const char *Bad : {"WEFT_CHECK=race", "WEFT_CHECK=bounds,off", "WEFT_CHECK=bounds,"}) {
    W.clear();
    EXPECT_EQ(parse({Bad}, W).Checks, "") << Bad;
    ASSERT_EQ(W.size(), 1u) << Bad;
    EXPECT_NE(W[0].find("WEFT_CHECK"), std::string::npos);
  }
}

TEST(Config, MemoryLimit) {
  std::vector<std::string> W;
  EXPECT_EQ(parse({}, W).MemoryLimit, 0u);
  EXPECT_EQ(parse({"WEFT_MEMORY_LIMIT=4G"}, W).MemoryLimit, 4ull << 30);
  EXPECT_EQ(parse({"WEFT_MEMORY_LIMIT=512M"}, W).MemoryLimit, 512ull << 20);
  EXPECT_EQ(parse({"WEFT_MEMORY_LIMIT=65536K"}, W).MemoryLimit, 64ull << 20);
  EXPECT_EQ(parse({"WEFT_MEMORY_LIMIT=1073741824"}, W).MemoryLimit, 1ull << 30);
  EXPECT_TRUE(W.empty());
  for (const char *Bad : {"WEFT_MEMORY_LIMIT=", "WEFT_MEMORY_LIMIT=4T", "WEFT_MEMORY_LIMIT=-1G",
                          "WEFT_MEMORY_LIMIT=1000", "WEFT_MEMORY_LIMIT=16M", "WEFT_MEMORY_LIMIT=99999999999999G",
                          "WEFT_MEMORY_LIMIT=G"}) {
    W.clear();
    EXPECT_EQ(parse({Bad}, W).MemoryLimit, 0u) << Bad;
    ASSERT_EQ(W.size(), 1u) << Bad;
    EXPECT_NE(W[0].find("WEFT_MEMORY_LIMIT"), std::string::npos) << W[0];
  }
}

TEST(Config, CacheSize) {
  std::vector<std::string> W;
  EXPECT_EQ(parse({}, W).CacheSize, 1ull << 30);
  EXPECT_EQ(parse({"WEFT_CACHE_SIZE=200M"}, W).CacheSize, 200ull << 20);
  EXPECT_EQ(parse({"WEFT_CACHE_SIZE=64K"}, W).CacheSize, 64ull << 10);
  EXPECT_EQ(parse({"WEFT_CACHE_SIZE=5000"}, W).CacheSize, 5000u);
  EXPECT_TRUE(W.empty());
  for (const char *Bad : {"WEFT_CACHE_SIZE=", "WEFT_CACHE_SIZE=0", "WEFT_CACHE_SIZE=1T",
                          "WEFT_CACHE_SIZE=lots", "WEFT_CACHE_SIZE=-5M"}) {
    W.clear();
    EXPECT_EQ(parse({Bad}, W).CacheSize, 1ull << 30) << Bad;
    ASSERT_EQ(W.size(), 1u) << Bad;
    EXPECT_NE(W[0].find("WEFT_CACHE_SIZE"), std::string::npos) << W[0];
  }
}

} // namespace
} // namespace weft
