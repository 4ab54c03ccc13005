// Reads the WEFT_* environment variables once and warns about unknown names and values.
#include "runtime/core/Config.h"

#include "contracts/Compiler.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <string_view>

extern char **environ;

namespace weft {

namespace {

bool parseDebug(std::string_view Value, uint32_t &Out, std::vector<std::string> &Warnings) {
  Out = 0;
  while (!Value.empty()) {
    size_t Comma = Value.find(',');
    std::string_view Topic = Value.substr(0, Comma);
    Value = Comma == std::string_view::npos ? std::string_view() : Value.substr(Comma + 1);
    if (Topic.empty())
      continue;
    if (Topic == "api")
      Out |= DebugApi;
    else if (Topic == "build")
      Out |= DebugBuild;
    else if (Topic == "all")
      Out |= ~0u;
    else
      Warnings.push_back("WEFT_DEBUG: unknown topic '" + std::string(Topic) +
                         "' (known: api, build, all)");
  }
  return true;
}

bool parseCount(std::string_view Name, std::string_view Value, unsigned &Out,
                std::vector<std::string> &Warnings) {
  unsigned N = 0;
  auto [End, Ec] = std::from_chars(Value.data(), Value.data() + Value.size(), N);
  if (Ec != std::errc() || End != Value.data() + Value.size() || N == 0 || N > 4096) {
    Warnings.push_back(std::string(Name) + ": '" + std::string(Value) +
                       "' is not a whole number from 1 to 4096; ignored");
    return false;
  }
  Out = N;
  return true;
}

/// A size of at least 32 MiB (parseSize): the least CL_DEVICE_MAX_MEM_ALLOC_SIZE may be (OpenCL
/// 3.0, "max(min(1024 × 1024 × 1024, 1/4th of CL_DEVICE_GLOBAL_MEM_SIZE), 32 × 1024 × 1024)"),
/// so a device with less global memory could not be conformant.
bool parseBytes(std::string_view Name, std::string_view Value, uint64_t &Out,
                std::vector<std::string> &Warnings) {
  const uint64_t Bytes = parseSize(Value);
  if (Bytes < (32u << 20)) {
    Warnings.push_back(std::string(Name) + ": '" + std::string(Value) +
                       "' is not a size of at least 32M (like 4G, 512M or a number of bytes); "
                       "ignored");
    return false;
  }
  Out = Bytes;
  return true;
}

} // namespace

uint64_t parseSize(std::string_view Text) {
  uint64_t N = 0;
  auto [End, Ec] = std::from_chars(Text.data(), Text.data() + Text.size(), N);
  if (Ec != std::errc())
    return 0;
  const std::string_view Suffix(End, Text.data() + Text.size() - End);
  const unsigned Shift = Suffix.empty() ? 0 : Suffix == "K" ? 10 : Suffix == "M" ? 20 : Suffix == "G" ? 30 : 64;
  if (Shift == 64 || N > (~uint64_t(0) >> Shift))
    return 0;
  return N << Shift;
}

Config Config::parse(const char *const *Environ, std::vector<std::string> &Warnings) {
  Config C;
  std::string Home, XdgCache, CacheDir;
  bool CacheOn = true;
  for (; Environ && *Environ; ++Environ) {
    std::string_view Entry(*Environ);
    size_t Eq = Entry.find('=');
    std::string_view Name = Entry.substr(0, Eq);
    std::string_view Value = Eq == std::string_view::npos ? "" : Entry.substr(Eq + 1);
    if (Name == "HOME")
      Home = Value;
    else if (Name == "XDG_CACHE_HOME")
      XdgCache = Value;
    if (!Name.starts_with("WEFT_"))
      continue;
    if (Name == "WEFT_NUM_THREADS") {
      parseCount(Name, Value, C.NumThreads, Warnings);
    } else if (Name == "WEFT_DEBUG") {
      parseDebug(Value, C.Debug, Warnings);
    } else if (Name == "WEFT_CACHE_DIR") {
      if (Value.empty() || Value[0] != '/')
        Warnings.push_back("WEFT_CACHE_DIR: '" + std::string(Value) +
                           "' is not an absolute path; ignored");
      else
        CacheDir = Value;
    } else if (Name == "WEFT_CACHE") {
      if (Value == "off" || Value == "0" || Value == "false")
        CacheOn = false;
      else if (Value != "on" && Value != "1" && Value != "true")
        Warnings.push_back("WEFT_CACHE: '" + std::string(Value) + "' is not on or off; ignored");
    } else if (Name == "WEFT_CACHE_SIZE") {
      if (const uint64_t Bytes = parseSize(Value))
        C.CacheSize = Bytes;
      else
        Warnings.push_back("WEFT_CACHE_SIZE: '" + std::string(Value) +
                           "' is not a size (like 1G, 200M or a number of bytes); ignored");
    } else if (Name == "WEFT_ASYNC_COPY") {
      if (Value == "auto")
        C.AsyncCopies = AsyncCopyMode::Auto;
      else if (Value == "inline")
        C.AsyncCopies = AsyncCopyMode::Inline;
      else if (Value == "task")
        C.AsyncCopies = AsyncCopyMode::Task;
      else
        Warnings.push_back("WEFT_ASYNC_COPY: '" + std::string(Value) +
                           "' is not auto, inline or task; ignored");
    } else if (Name == "WEFT_MEMORY_LIMIT") {
      parseBytes(Name, Value, C.MemoryLimit, Warnings);
    } else if (Name == "WEFT_PERF_MAP") {
      if (Value == "1" || Value == "on" || Value == "true")
        C.PerfMap = true;
      else if (Value != "0" && Value != "off" && Value != "false")
        Warnings.push_back("WEFT_PERF_MAP: '" + std::string(Value) + "' is not on or off; ignored");
    } else if (Name == "WEFT_TRACE") {
      C.TracePath = Value;
    } else if (Name == "WEFT_CHECK") {
      // A comma list of checks (compiler::CheckNames); off, 0 or empty: none.
      C.Checks.clear();
      if (Value == "off" || Value == "0" || Value.empty())
        continue;
      if (!compiler::parseChecks(Value))
        Warnings.push_back("WEFT_CHECK: '" + std::string(Value) + "' is not a list of checks (" +
                           compiler::CheckNames + ") or off; ignored");
      else
        C.Checks = Value;
    } else if (Name == "WEFT_LLVM_OPTIONS") {
      if (Value.find_first_not_of(" \t\n") != std::string_view::npos) // blank: not set
        C.LlvmOptions = Value;
    } else {
      Warnings.push_back("unknown setting " + std::string(Name) +
                         " (known: WEFT_NUM_THREADS, WEFT_DEBUG, WEFT_CACHE_DIR, WEFT_CACHE, "
                         "WEFT_CACHE_SIZE, WEFT_ASYNC_COPY, WEFT_MEMORY_LIMIT, "
                         "WEFT_LLVM_OPTIONS, WEFT_PERF_MAP, WEFT_TRACE, WEFT_CHECK); ignored");
    }
  }
  if (CacheOn && C.LlvmOptions.empty()) {
    if (!CacheDir.empty())
      C.CacheDir = CacheDir;
    else if (!XdgCache.empty())
      C.CacheDir = XdgCache + "/weft";
    else if (!Home.empty())
      C.CacheDir = Home + "/.cache/weft";
  }
  return C;
}

const Config &config() {
  static const Config C = [] {
    std::vector<std::string> Warnings;
    Config Parsed = Config::parse(environ, Warnings);
    for (const std::string &W : Warnings)
      std::fprintf(stderr, "weft: warning: %s\n", W.c_str());
    return Parsed;
  }();
  return C;
}

} // namespace weft
