// The cache's trims: one thread at a time per process, joined when the library unloads (or at
// exit).
#include "runtime/core/CacheTrim.h"

#include "compiler/CacheEntry.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <ctime>
#include <mutex>
#include <thread>

namespace weft {
namespace {

/// At most one trim a minute per directory: a scan stats every file (`find -printf` over this
/// machine's 56,585 cache files took 0.37 s).
constexpr time_t TrimInterval = 60;

/// Whether Directory's last trim is a minute old (or none is recorded); if so, records one now.
bool trimDue(const std::string &Directory) {
  const std::string Stamp = Directory + "/last-trim";
  struct stat St{};
  if (stat(Stamp.c_str(), &St) == 0 && time(nullptr) - St.st_mtim.tv_sec < TrimInterval)
    return false;
  int Fd = open(Stamp.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
  if (Fd < 0)
    return false; // no cache directory yet, or one we may not write: nothing to trim
  futimens(Fd, nullptr);
  close(Fd);
  return true;
}

class Trimmer {
public:
  ~Trimmer() {
    std::lock_guard<std::mutex> Hold(Lock);
    if (!Worker.joinable())
      return;
    // A child forked during a trim has no such thread, and would wait for it forever.
    if (getpid() == Owner)
      Worker.join();
    else
      Worker.detach();
  }

  void request(const std::string &Directory, uint64_t Limit, bool Trace) {
    std::lock_guard<std::mutex> Hold(Lock);
    if (Running || !trimDue(Directory))
      return;
    if (Worker.joinable())
      Worker.join(); // the last trim, finished
    Running = true;
    Owner = getpid();
    Worker = std::thread([this, Directory, Limit, Trace] {
      compiler::CacheTrim T = compiler::trimCache(Directory, Limit, Limit / 4 * 3);
      if (Trace && T.RemovedFiles)
        std::fprintf(stderr,
                     "weft: build: cache trimmed: %llu of %llu files removed (%.1f of %.1f MiB; "
                     "WEFT_CACHE_SIZE %.1f MiB)\n",
                     (unsigned long long)T.RemovedFiles, (unsigned long long)T.Files,
                     double(T.RemovedBytes) / (1 << 20), double(T.Bytes) / (1 << 20),
                     double(Limit) / (1 << 20));
      Running = false;
    });
  }

private:
  std::mutex Lock;
  std::thread Worker;
  pid_t Owner = 0; ///< the process that started Worker
  std::atomic<bool> Running{false};
};

} // namespace

void trimCacheSoon(const std::string &Directory, uint64_t Limit, bool Trace) {
  static Trimmer T;
  T.request(Directory, Limit, Trace);
}

} // namespace weft
