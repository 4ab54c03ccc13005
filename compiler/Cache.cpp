// The disk cache: keys, and a checksummed entry format read defensively (any doubt is a miss).
#include "compiler/Cache.h"

#include "compiler/BuiltinLibrary.h"
#include "compiler/Codegen.h"

#include <llvm/Config/llvm-config.h>
#include <llvm/ADT/StringRef.h>
#include <llvm/Support/SHA256.h>

#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

namespace weft::compiler {
namespace {

constexpr char Magic[8] = {'W', 'E', 'F', 'T', 'C', 'C', 'H', '4'};

uint64_t fnv1a(const char *Data, size_t Size) {
  uint64_t H = 0xcbf29ce484222325ull;
  for (size_t I = 0; I < Size; ++I)
    H = (H ^ uint8_t(Data[I])) * 0x100000001b3ull;
  return H;
}

class Writer {
public:
  template <class T> void put(T V) { Out.append(reinterpret_cast<const char *>(&V), sizeof V); }
  void put(const std::string &S) {
    put<uint64_t>(S.size());
    Out += S;
  }
  std::string Out;
};

class Reader {
public:
  Reader(const std::string &In, size_t At) : In(In), At(At) {}
  template <class T> bool get(T &V) {
    if (In.size() - At < sizeof V)
      return false;
    std::memcpy(&V, In.data() + At, sizeof V);
    At += sizeof V;
    return true;
  }
  bool get(std::string &S) {
    uint64_t Size;
    if (!get(Size) || Size > In.size() - At)
      return false;
    S.assign(In.data() + At, Size);
    At += Size;
    return true;
  }
  bool done() const { return At == In.size(); }

private:
  const std::string &In;
  size_t At;
};

/// The GNU build id of the object containing Address (the linker's hash of its contents), as hex;
/// empty if it has none.
std::string buildIdOf(const void *Address) {
  struct Search {
    uintptr_t Address;
    std::string Id;
  } S{reinterpret_cast<uintptr_t>(Address), {}};
  dl_iterate_phdr(
      [](dl_phdr_info *Info, size_t, void *Data) {
        auto &S = *static_cast<Search *>(Data);
        bool Contains = false;
        for (int I = 0; I < Info->dlpi_phnum && !Contains; ++I) {
          const ElfW(Phdr) &P = Info->dlpi_phdr[I];
          uintptr_t Start = Info->dlpi_addr + P.p_vaddr;
          Contains = P.p_type == PT_LOAD && S.Address >= Start && S.Address < Start + P.p_memsz;
        }
        if (!Contains)
          return 0;
        for (int I = 0; I < Info->dlpi_phnum; ++I) {
          const ElfW(Phdr) &P = Info->dlpi_phdr[I];
          if (P.p_type != PT_NOTE)
            continue;
          const char *Note = reinterpret_cast<const char *>(Info->dlpi_addr + P.p_vaddr);
          const char *End = Note + P.p_memsz;
          while (Note + sizeof(ElfW(Nhdr)) <= End) {
            auto *Header = reinterpret_cast<const ElfW(Nhdr) *>(Note);
            const char *Name = Note + sizeof(ElfW(Nhdr));
            const char *Desc = Name + ((Header->n_namesz + 3) & ~3u);
            if (Header->n_type == NT_GNU_BUILD_ID && Header->n_namesz == 4 &&
                std::memcmp(Name, "GNU", 4) == 0 && Desc + Header->n_descsz <= End) {
              for (unsigned B = 0; B < Header->n_descsz; ++B) {
                S.Id += "0123456789abcdef"[uint8_t(Desc[B]) >> 4];
                S.Id += "0123456789abcdef"[uint8_t(Desc[B]) & 15];
              }
              return 1;
            }
            Note = Desc + ((Header->n_descsz + 3) & ~3u);
          }
        }
        return 1;
      },
      &S);
  return S.Id;
}

/// What identifies this build of the compiler library: its build id, or failing that its path,
/// size and modification time. Any change to Weft's passes or code generation changes it, so
/// entries written by another build are never used.
const std::string &compilerIdentity() {
  static const std::string Identity = [] {
    static const int Anchor = 0;
    std::string Id = buildIdOf(&Anchor);
    if (!Id.empty())
      return "build-id " + Id;
    Dl_info Info{};
    struct stat St{};
    if (dladdr(&Anchor, &Info) && Info.dli_fname && stat(Info.dli_fname, &St) == 0)
      return std::string("file ") + Info.dli_fname + " " + std::to_string(St.st_size) + " " +
             std::to_string(St.st_mtim.tv_sec) + "." + std::to_string(St.st_mtim.tv_nsec);
    return std::string("unknown");
  }();
  return Identity;
}

std::string entryPath(const std::string &Directory, const std::string &Key) {
  return Directory + "/" + Key + ".weft";
}

} // namespace

std::string cacheKey(const CompileInput &In, const std::string &Preprocessed) {
  llvm::SHA256 Hash;
  auto Add = [&](const std::string &S) {
    uint64_t Size = S.size();
    Hash.update(llvm::StringRef(reinterpret_cast<const char *>(&Size), sizeof Size));
    Hash.update(llvm::StringRef(S));
  };
  Add("weft cache 2");
  Add(WEFT_VERSION);
  Add(compilerIdentity());
  Add(LLVM_VERSION_STRING);
  Add(std::to_string(fnv1a(reinterpret_cast<const char *>(BuiltinLibrary), BuiltinLibrarySize)));
  Add(hostCpuIdentity());
  for (const std::string &E : In.Target.Extensions)
    Add("ext " + E);
  for (const std::string &F : In.Target.Features)
    Add("feature " + F);
  Add(In.Options);
  // The preprocessed source covers headers read from disk; the source and the in-memory headers
  // themselves are added too, so that no preprocessing subtlety can make two programs collide.
  Add(In.Source);
  for (const auto &[Name, Text] : In.Headers)
    Add("header " + Name + "\n" + Text);
  Add(Preprocessed);
  std::array<uint8_t, 32> Digest = Hash.final();
  std::string Hex;
  for (uint8_t B : Digest) {
    const char *Digits = "0123456789abcdef";
    Hex += Digits[B >> 4];
    Hex += Digits[B & 15];
  }
  return Hex;
}

std::optional<CachedBuild> readCache(const std::string &Directory, const std::string &Key,
                                     std::string &Why) {
  std::ifstream File(entryPath(Directory, Key), std::ios::binary);
  if (!File)
    return std::nullopt;
  std::ostringstream Contents;
  Contents << File.rdbuf();
  std::string Data = Contents.str();
  if (Data.size() < sizeof Magic + 8 || std::memcmp(Data.data(), Magic, sizeof Magic) != 0) {
    Why = "cache entry " + Key + " is not a Weft cache entry";
    return std::nullopt;
  }
  uint64_t Checksum;
  std::memcpy(&Checksum, Data.data() + sizeof Magic, 8);
  const size_t Body = sizeof Magic + 8;
  if (fnv1a(Data.data() + Body, Data.size() - Body) != Checksum) {
    Why = "cache entry " + Key + " is corrupt";
    return std::nullopt;
  }
  Reader R(Data, Body);
  CachedBuild Entry;
  uint32_t Kernels = 0;
  uint32_t Objects = 0;
  bool Ok = R.get(Entry.Log) && R.get(Entry.Bitcode) && R.get(Objects);
  for (uint32_t O = 0; Ok && O < Objects; ++O)
    Ok = R.get(Entry.Objects.emplace_back());
  Ok = Ok && !Entry.Objects.empty() && R.get(Kernels);
  for (uint32_t K = 0; Ok && K < Kernels; ++K) {
    KernelBinary B;
    uint32_t Args = 0;
    uint8_t Uniform = 0;
    Ok = R.get(B.Info.Name) && R.get(B.Info.Attributes) && R.get(B.Info.RequiredWorkGroupSize) &&
         R.get(Uniform) && R.get(B.ArgBufferSize) && R.get(B.StaticLocalBytes) &&
         R.get(B.LocalScratchBytes) &&
         R.get(B.PrivateBytesPerWorkItem) && R.get(Args);
    B.Info.UniformWorkGroupSize = Uniform;
    for (uint32_t A = 0; Ok && A < Args; ++A) {
      KernelArg Arg;
      ArgSlot Slot;
      uint8_t Space = 0, Pointer = 0;
      Ok = R.get(Space) && R.get(Arg.AccessQualifier) && R.get(Arg.TypeName) &&
           R.get(Arg.TypeQualifiers) && R.get(Arg.Name) && R.get(Pointer) && R.get(Slot.Offset) &&
           R.get(Slot.Size) && Space <= uint8_t(KernelArg::AddressSpace::Local);
      Arg.Space = KernelArg::AddressSpace(Space);
      Arg.IsPointer = Pointer;
      B.Info.Args.push_back(std::move(Arg));
      B.Args.push_back(Slot);
    }
    Entry.Kernels.push_back(std::move(B));
  }
  Ok = Ok && R.get(Entry.GlobalVariableBytes);
  if (!Ok || !R.done()) {
    Why = "cache entry " + Key + " is malformed";
    return std::nullopt;
  }
  return Entry;
}

void writeCache(const std::string &Directory, const std::string &Key, const CachedBuild &Entry,
                std::string &Why) {
  Writer W;
  W.put(Entry.Log);
  W.put(Entry.Bitcode);
  W.put(uint32_t(Entry.Objects.size()));
  for (const std::string &Object : Entry.Objects)
    W.put(Object);
  W.put(uint32_t(Entry.Kernels.size()));
  for (const KernelBinary &B : Entry.Kernels) {
    W.put(B.Info.Name);
    W.put(B.Info.Attributes);
    W.put(B.Info.RequiredWorkGroupSize);
    W.put(uint8_t(B.Info.UniformWorkGroupSize));
    W.put(B.ArgBufferSize);
    W.put(B.StaticLocalBytes);
    W.put(B.LocalScratchBytes);
    W.put(B.PrivateBytesPerWorkItem);
    W.put(uint32_t(B.Info.Args.size()));
    for (size_t A = 0; A < B.Info.Args.size(); ++A) {
      const KernelArg &Arg = B.Info.Args[A];
      W.put(uint8_t(Arg.Space));
      W.put(Arg.AccessQualifier);
      W.put(Arg.TypeName);
      W.put(Arg.TypeQualifiers);
      W.put(Arg.Name);
      W.put(uint8_t(Arg.IsPointer));
      W.put(B.Args[A].Offset);
      W.put(B.Args[A].Size);
    }
  }
  W.put(Entry.GlobalVariableBytes);
  uint64_t Checksum = fnv1a(W.Out.data(), W.Out.size());
  std::error_code Ec;
  std::filesystem::create_directories(Directory, Ec);
  std::ostringstream Temp;
  Temp << entryPath(Directory, Key) << ".tmp." << getpid() << "." << std::this_thread::get_id();
  {
    std::ofstream File(Temp.str(), std::ios::binary | std::ios::trunc);
    File.write(Magic, sizeof Magic);
    File.write(reinterpret_cast<const char *>(&Checksum), sizeof Checksum);
    File.write(W.Out.data(), std::streamsize(W.Out.size()));
    if (!File) {
      Why = "cannot write the cache entry in " + Directory;
      std::filesystem::remove(Temp.str(), Ec);
      return;
    }
  }
  std::filesystem::rename(Temp.str(), entryPath(Directory, Key), Ec);
  if (Ec) {
    Why = "cannot store the cache entry in " + Directory + ": " + Ec.message();
    std::filesystem::remove(Temp.str(), Ec);
  }
}

} // namespace weft::compiler
