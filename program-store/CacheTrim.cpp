// The cache's trims: the directory's scan, and one trimming thread at a time per process, joined
// when the library unloads (or at exit).
#include "program-store/CacheTrim.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <ctime>
#include <mutex>
#include <string_view>
#include <thread>
#include <tuple>
#include <vector>

namespace weft::store {
namespace {

/// The files trimCache counts: entries and manifests, and the temporary files of writeFile.
enum class CacheFileKind { Other, Kept, Temporary };

CacheFileKind cacheFileKind(std::string_view Name) {
  if (Name.ends_with(".weft") || Name.ends_with(".weftd"))
    return CacheFileKind::Kept;
  if (Name.find(".weft.tmp.") != std::string_view::npos ||
      Name.find(".weftd.tmp.") != std::string_view::npos)
    return CacheFileKind::Temporary;
  return CacheFileKind::Other;
}

} // namespace

CacheTrim trimCache(const std::string &Directory, uint64_t Limit, uint64_t Target) {
  CacheTrim Trim;
  DIR *Dir = opendir(Directory.c_str());
  if (!Dir)
    return Trim;
  struct File {
    timespec Used;
    uint64_t Bytes;
    std::string Name;
  };
  std::vector<File> Removable;
  const time_t Now = time(nullptr);
  auto Remove = [&](const std::string &Name, uint64_t Bytes) {
    if (unlinkat(dirfd(Dir), Name.c_str(), 0) != 0)
      return errno == ENOENT; // another process's trim was first
    ++Trim.RemovedFiles;
    Trim.RemovedBytes += Bytes;
    return true;
  };
  while (const dirent *E = readdir(Dir)) {
    const CacheFileKind Kind = cacheFileKind(E->d_name);
    struct stat St {};
    if (Kind == CacheFileKind::Other ||
        fstatat(dirfd(Dir), E->d_name, &St, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(St.st_mode))
      continue;
    const bool Young = Now - St.st_mtim.tv_sec < 3600;
    if (Kind == CacheFileKind::Temporary && !Young && Remove(E->d_name, uint64_t(St.st_size)))
      continue;
    ++Trim.Files;
    Trim.Bytes += uint64_t(St.st_size);
    if (Kind == CacheFileKind::Kept) // a young temporary file is a write under way
      Removable.push_back({St.st_mtim, uint64_t(St.st_size), E->d_name});
  }
  if (Trim.Bytes > Limit) {
    std::sort(Removable.begin(), Removable.end(), [](const File &A, const File &B) {
      return std::tie(A.Used.tv_sec, A.Used.tv_nsec) < std::tie(B.Used.tv_sec, B.Used.tv_nsec);
    });
    uint64_t Left = Trim.Bytes;
    for (const File &F : Removable) {
      if (Left <= Target)
        break;
      if (Remove(F.Name, F.Bytes))
        Left -= F.Bytes;
    }
  }
  closedir(Dir);
  return Trim;
}

namespace {

/// At most one trim a minute per directory: a scan stats every file, a fraction of a second for
/// tens of thousands of them.
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
      CacheTrim T = trimCache(Directory, Limit, Limit / 4 * 3);
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

} // namespace weft::store
