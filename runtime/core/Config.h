// Weft's settings: every WEFT_* environment variable, read once into one struct.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace weft {

/// Topics WEFT_DEBUG can turn on, as bits.
enum DebugTopic : uint32_t {
  DebugApi = 1u << 0,   ///< every failing API call, with its reason, on stderr
  DebugBuild = 1u << 1, ///< what each program build did (disk cache hits and misses)
};

/// How kernels' async copies run (WEFT_ASYNC_COPY); device-cpu/AsyncCopy.cpp has the policy.
enum class AsyncCopyMode : uint8_t {
  Auto,   ///< "auto": at once when small or when no core is free, else as tasks beside the kernel
  Inline, ///< "inline": always at once, by the work-group that issues them
  Task,   ///< "task": always as tasks, however small (for tests and benchmarks)
};

struct Config {
  /// WEFT_NUM_THREADS: worker threads (and compute units); 0 means one per CPU we may run on.
  unsigned NumThreads = 0;
  /// WEFT_DEBUG: a comma-separated list of topics ("api", "build", or "all").
  uint32_t Debug = 0;
  /// The disk cache of built programs: WEFT_CACHE_DIR, else $XDG_CACHE_HOME/weft, else
  /// $HOME/.cache/weft; empty (no cache) with WEFT_CACHE=off.
  std::string CacheDir;
  /// WEFT_CACHE_SIZE: the most the disk cache may hold, in bytes ("1G", "200M", "65536K" or a
  /// plain number); past it the least recently used builds go (program-store/CacheTrim.h).
  uint64_t CacheSize = uint64_t(1) << 30;
  AsyncCopyMode AsyncCopies = AsyncCopyMode::Auto;
  /// WEFT_MEMORY_LIMIT: the most global memory the device reports, in bytes ("4G", "512M",
  /// "65536K" or a plain number; at least 32 MiB); 0 means the machine's memory and cgroup limit.
  uint64_t MemoryLimit = 0;
  /// WEFT_LLVM_OPTIONS: LLVM command-line options for every build (-time-passes,
  /// -pass-remarks-missed=loop-vectorize, ...), for looking into the compiler. While set, builds
  /// bypass the disk cache (an option may change the code, and each build should show its output).
  std::string LlvmOptions;
  /// WEFT_PERF_MAP=1: every program's functions are appended to /tmp/perf-<pid>.map as they are
  /// loaded, so that Linux perf names the samples in kernels' code.
  bool PerfMap = false;
  /// WEFT_TRACE: a file for the timeline (runtime/core/Trace.h), Chrome trace-event JSON that
  /// ui.perfetto.dev opens; empty: none.
  std::string TracePath;
  /// WEFT_CHECK: the checks every build gets, as the build option -weft-check=<this> ("bounds",
  /// "all"); empty: none (docs/checking.md).
  std::string Checks;

  bool debug(DebugTopic T) const { return (Debug & T) != 0; }

  /// Parses an environment (NAME=VALUE strings). Unknown WEFT_* names and bad values are
  /// skipped and described in Warnings.
  static Config parse(const char *const *Environ, std::vector<std::string> &Warnings);
};

/// A size as sysfs and Weft's settings write it: a number of bytes, or one with a K, M or G
/// suffix ("48K", "512M", "4G"); 0 if malformed or too large.
uint64_t parseSize(std::string_view Text);

/// The process's configuration, parsed from the environment on first use; warnings are printed
/// to stderr once, then.
const Config &config();

} // namespace weft
