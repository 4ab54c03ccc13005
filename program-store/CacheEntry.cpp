// The disk cache's files: see CacheEntry.h. Read defensively: any doubt is a miss.
#include "program-store/CacheEntry.h"

#include "program-store/ObjectLoader.h"
#include "program-store/Serialization.h"
#include "program-store/Sha256.h"

#include <climits>
#include <cpuid.h>
#include <elf.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <string_view>
#include <thread>

namespace weft::store {
namespace {

// Entries 7: a kernel argument's flags say whether it is an image or a sampler too.
constexpr char EntryMagic[8] = {'W', 'E', 'F', 'T', 'C', 'C', 'H', '7'};
constexpr char ManifestMagic[8] = {'W', 'E', 'F', 'T', 'M', 'A', 'N', '2'};
constexpr size_t HeaderBytes = 8 + 8; ///< the magic, then the body's checksum
/// No cache file of Weft's comes near this; a larger one is not read.
constexpr uint64_t MaxFileBytes = uint64_t(1) << 30;

/// Reads the cache file at Path: its magic, the FNV-1a checksum of the rest, the key it was written
/// under, then its body, whose offset in Data it returns. 0 (a miss; Why says why, What naming the
/// file) if there is none, or it is not a regular file of at most MaxFileBytes (a symbolic link, a
/// device, a FIFO: it is opened without following links or waiting for a writer), not of this
/// format, corrupt, or another key's (a file copied over this one).
size_t readFile(const std::string &Path, const char (&Magic)[8], const std::string &Key,
                const std::string &What, std::string &Data, std::string &Why) {
  const int Fd = open(Path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (Fd < 0) {
    if (errno != ENOENT)
      Why = What + " cannot be opened as a file: " + std::strerror(errno);
    return 0;
  }
  struct Closer {
    int Fd;
    ~Closer() { close(Fd); }
  } Close{Fd};
  struct stat St {};
  if (fstat(Fd, &St) != 0 || !S_ISREG(St.st_mode)) {
    Why = What + " is not a regular file";
    return 0;
  }
  if (uint64_t(St.st_size) > MaxFileBytes) {
    Why = What + " is larger than any cache file Weft writes";
    return 0;
  }
  Data.resize(size_t(St.st_size));
  for (size_t Done = 0; Done < Data.size();) {
    const ssize_t Got = read(Fd, Data.data() + Done, Data.size() - Done);
    if (Got < 0 && errno == EINTR)
      continue;
    if (Got <= 0) {
      Why = What + " could not be read whole";
      return 0;
    }
    Done += size_t(Got);
  }
  if (Data.size() < HeaderBytes || std::memcmp(Data.data(), Magic, 8) != 0) {
    Why = What + " is not a Weft cache file of this version";
    return 0;
  }
  uint64_t Checksum;
  std::memcpy(&Checksum, Data.data() + 8, 8);
  if (fnv1a(Data.data() + HeaderBytes, Data.size() - HeaderBytes) != Checksum) {
    Why = What + " is corrupt";
    return 0;
  }
  Reader R(Data, HeaderBytes);
  std::string Written;
  if (!R.get(Written) || Written != Key) {
    Why = What + " holds another key's data";
    return 0;
  }
  // Used now: the last that trimCache removes (a read-only cache directory stays as it is).
  futimens(Fd, nullptr);
  return HeaderBytes + sizeof(uint64_t) + Written.size();
}

/// Writes a cache file for Key atomically (a temporary file renamed into place): the magic, the
/// checksum, the key, then Body.
void writeFile(const std::string &Directory, const std::string &Path, const char (&Magic)[8],
               const std::string &Key, const std::string &Body, std::string &Why) {
  Writer Keyed;
  Keyed.put(Key);
  Keyed.Out += Body;
  const uint64_t Checksum = fnv1a(Keyed.Out.data(), Keyed.Out.size());
  std::error_code Ec;
  std::filesystem::create_directories(Directory, Ec);
  std::ostringstream Temp;
  Temp << Path << ".tmp." << getpid() << "." << std::this_thread::get_id();
  {
    std::ofstream File(Temp.str(), std::ios::binary | std::ios::trunc);
    File.write(Magic, 8);
    File.write(reinterpret_cast<const char *>(&Checksum), sizeof Checksum);
    File.write(Keyed.Out.data(), std::streamsize(Keyed.Out.size()));
    File.close(); // a full disk shows here, not in the destructor
    if (!File) {
      Why = "cannot write the cache file in " + Directory;
      std::filesystem::remove(Temp.str(), Ec);
      return;
    }
  }
  std::filesystem::rename(Temp.str(), Path, Ec);
  if (Ec) {
    Why = "cannot store the cache file in " + Directory + ": " + Ec.message();
    std::filesystem::remove(Temp.str(), Ec);
  }
}

/// The host CPU as code generation sees it: vendor, family, model and stepping, the feature
/// leaves, and the register state the OS saves (XCR0: whether AVX and AVX-512 may be used).
std::string cpuIdentity() {
  std::string Id;
  auto Leaf = [&](unsigned L, unsigned Sub) {
    unsigned A = 0, B = 0, C = 0, D = 0;
    if (__get_cpuid_count(L, Sub, &A, &B, &C, &D)) {
      if (L == 1)
        B &= 0x00ffffff; // bits 31-24: the APIC id of the core this thread happens to run on
      for (unsigned R : {A, B, C, D})
        Id += std::to_string(R) + ",";
    }
    Id += ";";
  };
  for (unsigned L : {0u, 1u, 7u, 0xdu, 0x14u, 0x19u, 0x80000001u})
    Leaf(L, 0);
  Leaf(7, 1);
  unsigned A = 0, B = 0, C = 0, D = 0;
  if (__get_cpuid(1, &A, &B, &C, &D) && (C & bit_OSXSAVE)) {
    uint32_t Low, High;
    asm volatile("xgetbv" : "=a"(Low), "=d"(High) : "c"(0));
    Id += "xcr0 " + std::to_string(Low) + "," + std::to_string(High);
  }
  return Id;
}

} // namespace

std::string gnuBuildId(const char *Notes, size_t Size) {
  std::string Id;
  for (size_t At = 0; At + sizeof(Elf64_Nhdr) <= Size;) {
    Elf64_Nhdr N;
    std::memcpy(&N, Notes + At, sizeof N);
    const size_t Name = At + sizeof N, Desc = Name + ((N.n_namesz + 3) & ~3u);
    if (Desc + N.n_descsz > Size)
      break;
    if (N.n_type == NT_GNU_BUILD_ID && N.n_namesz == 4 &&
        std::memcmp(Notes + Name, "GNU", 4) == 0) {
      for (size_t B = Desc; B < Desc + N.n_descsz; ++B) {
        Id += "0123456789abcdef"[uint8_t(Notes[B]) >> 4];
        Id += "0123456789abcdef"[uint8_t(Notes[B]) & 15];
      }
      break;
    }
    At = Desc + ((N.n_descsz + 3) & ~3u);
  }
  return Id;
}

std::string fileIdentity(const std::string &Path) {
  std::string Id;
  if (FILE *F = std::fopen(Path.c_str(), "rb")) {
    Elf64_Ehdr H{};
    if (std::fread(&H, sizeof H, 1, F) == 1 && std::memcmp(H.e_ident, ELFMAG, SELFMAG) == 0 &&
        H.e_ident[EI_CLASS] == ELFCLASS64 && H.e_phentsize == sizeof(Elf64_Phdr)) {
      for (unsigned I = 0; I < H.e_phnum && Id.empty(); ++I) {
        Elf64_Phdr P{};
        if (std::fseek(F, long(H.e_phoff + I * sizeof P), SEEK_SET) != 0 ||
            std::fread(&P, sizeof P, 1, F) != 1 || P.p_type != PT_NOTE || P.p_filesz > 4096)
          continue;
        std::string Notes(P.p_filesz, '\0');
        if (std::fseek(F, long(P.p_offset), SEEK_SET) == 0 &&
            std::fread(Notes.data(), 1, Notes.size(), F) == Notes.size())
          Id = gnuBuildId(Notes.data(), Notes.size());
      }
    }
    std::fclose(F);
  }
  if (!Id.empty())
    return "build-id " + Id;
  char Real[PATH_MAX];
  std::optional<FileStamp> S = stampOf(Path);
  return std::string("file ") + (realpath(Path.c_str(), Real) ? Real : Path.c_str()) + " " +
         (S ? std::to_string(S->Size) + " " + std::to_string(S->ModifiedSec) + "." +
                  std::to_string(S->ModifiedNsec)
            : std::string("missing"));
}

std::optional<CachedBuild> decodeBuild(const std::string &Data, size_t Offset) {
  Reader R(Data, Offset);
  CachedBuild Entry;
  uint32_t Kernels = 0;
  uint32_t Objects = 0;
  bool Ok = R.get(Entry.Log) && R.get(Entry.Bitcode) && R.get(Objects);
  for (uint32_t O = 0; Ok && O < Objects; ++O)
    Ok = R.get(Entry.Objects.emplace_back());
  Ok = Ok && !Entry.Objects.empty() && R.get(Kernels);
  for (uint32_t K = 0; Ok && K < Kernels; ++K) {
    compiler::KernelBinary B;
    uint32_t Args = 0;
    uint8_t Uniform = 0;
    Ok = R.get(B.Info.Name) && R.get(B.Info.Attributes) && R.get(B.Info.RequiredWorkGroupSize) &&
         R.get(Uniform) && R.get(B.ArgBufferSize) && R.get(B.StaticLocalBytes) &&
         R.get(B.LocalScratchBytes) &&
         R.get(B.PrivateBytesPerWorkItem) && R.get(B.FrameBytes) && R.get(B.MaxWorkGroupItems) &&
         R.get(B.Info.SubGroupSize) && R.get(B.Info.RequiredSubGroupSize) && R.get(Args);
    B.Info.UniformWorkGroupSize = Uniform;
    for (uint32_t A = 0; Ok && A < Args; ++A) {
      compiler::KernelArg Arg;
      compiler::ArgSlot Slot;
      uint8_t Space = 0, Flags = 0;
      Ok = R.get(Space) && R.get(Arg.AccessQualifier) && R.get(Arg.TypeName) &&
           R.get(Arg.TypeQualifiers) && R.get(Arg.Name) && R.get(Flags) && R.get(Slot.Offset) &&
           R.get(Slot.Size) && Space <= uint8_t(compiler::KernelArg::AddressSpace::Local) &&
           Flags < 8;
      Arg.Space = compiler::KernelArg::AddressSpace(Space);
      Arg.IsPointer = Flags & 1;
      Arg.IsImage = Flags & 2;
      Arg.IsSampler = Flags & 4;
      B.Info.Args.push_back(std::move(Arg));
      B.Args.push_back(Slot);
    }
    Entry.Kernels.push_back(std::move(B));
  }
  Ok = Ok && R.get(Entry.GlobalVariableBytes);
  if (!Ok || !R.done())
    return std::nullopt;
  return Entry;
}

std::optional<CachedBuild> readCache(const std::string &Directory, const std::string &Key,
                                     std::string &Why) {
  std::string Data;
  const size_t At = readFile(Directory + "/" + Key + ".weft", EntryMagic, Key, "cache entry " + Key,
                             Data, Why);
  if (!At)
    return std::nullopt;
  std::optional<CachedBuild> Entry = decodeBuild(Data, At);
  if (!Entry)
    Why = "cache entry " + Key + " is malformed";
  return Entry;
}

std::string encodeBuild(const CachedBuild &Entry) {
  Writer W;
  W.put(Entry.Log);
  W.put(Entry.Bitcode);
  W.put(uint32_t(Entry.Objects.size()));
  for (const std::string &Object : Entry.Objects)
    W.put(Object);
  W.put(uint32_t(Entry.Kernels.size()));
  for (const compiler::KernelBinary &B : Entry.Kernels) {
    W.put(B.Info.Name);
    W.put(B.Info.Attributes);
    W.put(B.Info.RequiredWorkGroupSize);
    W.put(uint8_t(B.Info.UniformWorkGroupSize));
    W.put(B.ArgBufferSize);
    W.put(B.StaticLocalBytes);
    W.put(B.LocalScratchBytes);
    W.put(B.PrivateBytesPerWorkItem);
    W.put(B.FrameBytes);
    W.put(B.MaxWorkGroupItems);
    W.put(B.Info.SubGroupSize);
    W.put(B.Info.RequiredSubGroupSize);
    W.put(uint32_t(B.Info.Args.size()));
    for (size_t A = 0; A < B.Info.Args.size(); ++A) {
      const compiler::KernelArg &Arg = B.Info.Args[A];
      W.put(uint8_t(Arg.Space));
      W.put(Arg.AccessQualifier);
      W.put(Arg.TypeName);
      W.put(Arg.TypeQualifiers);
      W.put(Arg.Name);
      W.put(uint8_t(Arg.IsPointer | Arg.IsImage << 1 | Arg.IsSampler << 2));
      W.put(B.Args[A].Offset);
      W.put(B.Args[A].Size);
    }
  }
  W.put(Entry.GlobalVariableBytes);
  return std::move(W.Out);
}

void writeCache(const std::string &Directory, const std::string &Key, const CachedBuild &Entry,
                std::string &Why) {
  writeFile(Directory, Directory + "/" + Key + ".weft", EntryMagic, Key, encodeBuild(Entry), Why);
}

std::optional<compiler::BuildOutput> loadBuild(CachedBuild Build, std::string &Why) {
  compiler::BuildOutput Out;
  Out.Program =
      loadProgram(Build.Objects, std::move(Build.Kernels), Build.GlobalVariableBytes, Out.Log);
  if (!Out.Program) {
    Why = Out.Log;
    return std::nullopt;
  }
  Out.Result = compiler::CompileOutput::Status::Success;
  Out.Log = std::move(Build.Log);
  Out.Bitcode = std::move(Build.Bitcode);
  Out.Objects = std::move(Build.Objects);
  Out.FromCache = true;
  return Out;
}

std::optional<compiler::BuildOutput> loadCachedBuild(const std::string &Directory, const std::string &Key,
                                           std::string &Why) {
  std::optional<CachedBuild> Hit = readCache(Directory, Key, Why);
  if (!Hit)
    return std::nullopt;
  std::optional<compiler::BuildOutput> Out = loadBuild(std::move(*Hit), Why);
  if (!Out)
    Why = "cache entry " + Key + " does not load: " + Why;
  return Out;
}

std::optional<FileStamp> stampOf(const std::string &Path) {
  struct stat St{};
  if (stat(Path.c_str(), &St) != 0)
    return std::nullopt;
  FileStamp F;
  F.Path = Path;
  F.Size = uint64_t(St.st_size);
  F.Device = uint64_t(St.st_dev);
  F.Inode = uint64_t(St.st_ino);
  F.ModifiedSec = St.st_mtim.tv_sec;
  F.ModifiedNsec = St.st_mtim.tv_nsec;
  F.ChangedSec = St.st_ctim.tv_sec;
  F.ChangedNsec = St.st_ctim.tv_nsec;
  return F;
}

void addProgramInput(Sha256 &Key, const compiler::CompileInput &In) {
  for (const std::string &E : In.Target.Extensions)
    Key.field("ext " + E);
  for (const std::string &F : In.Target.Features)
    Key.field("feature " + F);
  Key.field(In.Options);
  Key.field(In.Spirv ? "spirv" : "opencl c");
  for (const auto &[Id, Value] : In.SpecConstants)
    Key.field("spec " + std::to_string(Id) + " " + std::to_string(Value));
  Key.field(In.Source);
  for (const auto &[Name, Text] : In.Headers) {
    Key.field("header " + Name);
    Key.field(Text);
  }
}

std::string nativeKey(const std::string &Bitcode, const std::string &Options,
                      const std::string &CompilerLibrary) {
  static std::mutex Lock;
  static std::map<std::string, std::string> Identities; // by path: read each file once
  std::string Compiler;
  {
    std::lock_guard<std::mutex> Hold(Lock);
    auto [It, New] = Identities.try_emplace(CompilerLibrary);
    if (New)
      It->second = fileIdentity(CompilerLibrary);
    Compiler = It->second;
  }
  static const std::string Cpu = cpuIdentity();
  Sha256 Key;
  // 2: the native code's kernel layouts say which arguments are images and samplers.
  Key.field("weft native 2");
  Key.field(WEFT_VERSION);
  Key.field(std::to_string(compiler::AbiVersion));
  Key.field(Compiler);
  Key.field(Cpu);
  Key.field(Options);
  Key.field(Bitcode);
  return Key.hex();
}

std::string directKey(const compiler::CompileInput &In, const std::string &CompilerLibrary) {
  Sha256 Key;
  Key.field("weft manifest 1");
  Key.field(WEFT_VERSION);
  Key.field(std::to_string(compiler::AbiVersion));
  char Real[PATH_MAX];
  Key.field(realpath(CompilerLibrary.c_str(), Real) ? Real : CompilerLibrary.c_str());
  static const std::string Cpu = cpuIdentity();
  Key.field(Cpu);
  addProgramInput(Key, In);
  return Key.hex();
}

void writeManifest(const std::string &Directory, const std::string &DirectKey, const Manifest &M,
                   std::string &Why) {
  Writer W;
  W.put(M.EntryKey);
  W.put(uint32_t(M.Files.size()));
  for (const FileStamp &F : M.Files) {
    W.put(F.Path);
    for (uint64_t V : {F.Size, F.Device, F.Inode})
      W.put(V);
    for (int64_t V : {F.ModifiedSec, F.ModifiedNsec, F.ChangedSec, F.ChangedNsec})
      W.put(V);
  }
  writeFile(Directory, Directory + "/" + DirectKey + ".weftd", ManifestMagic, DirectKey, W.Out, Why);
}

std::optional<Manifest> readManifest(const std::string &Directory, const std::string &DirectKey,
                                     std::string &Why) {
  std::string Data;
  const size_t At = readFile(Directory + "/" + DirectKey + ".weftd", ManifestMagic, DirectKey,
                             "manifest " + DirectKey, Data, Why);
  if (!At)
    return std::nullopt;
  Reader R(Data, At);
  Manifest M;
  uint32_t Files = 0;
  bool Ok = R.get(M.EntryKey) && R.get(Files);
  for (uint32_t I = 0; Ok && I < Files; ++I) {
    FileStamp &F = M.Files.emplace_back();
    Ok = R.get(F.Path) && R.get(F.Size) && R.get(F.Device) && R.get(F.Inode) &&
         R.get(F.ModifiedSec) && R.get(F.ModifiedNsec) && R.get(F.ChangedSec) &&
         R.get(F.ChangedNsec);
  }
  if (!Ok || !R.done() || M.EntryKey.size() != 64) {
    Why = "manifest " + DirectKey + " is malformed";
    return std::nullopt;
  }
  for (const FileStamp &F : M.Files)
    if (stampOf(F.Path) != F) {
      Why = "manifest " + DirectKey + ": " + F.Path + " changed";
      return std::nullopt;
    }
  return M;
}

std::optional<compiler::BuildOutput> findBuild(const compiler::CompileInput &In, const std::string &CompilerLibrary,
                                     const std::string &Directory, std::string &Trace) {
  const std::string Key = directKey(In, CompilerLibrary);
  std::string Why;
  std::optional<Manifest> M = readManifest(Directory, Key, Why);
  if (!M) {
    Trace = Why;
    return std::nullopt;
  }
  std::optional<compiler::BuildOutput> Out = loadCachedBuild(Directory, M->EntryKey, Why);
  Trace = Out    ? "manifest hit " + Key + " -> entry " + M->EntryKey
          : Why.empty() ? "manifest " + Key + ": no entry " + M->EntryKey
                        : Why;
  return Out;
}

} // namespace weft::store
