// The disk cache: keys, and a checksummed entry format read defensively (any doubt is a miss).
#include "compiler/Cache.h"

#include "compiler/BuiltinLibrary.h"
#include "compiler/Codegen.h"
#include "program-store/Sha256.h"
#include "compiler/Spirv.h"

#include <llvm/Config/llvm-config.h>

#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

namespace weft::compiler {
namespace {

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
        for (int I = 0; I < Info->dlpi_phnum && S.Id.empty(); ++I) {
          const ElfW(Phdr) &P = Info->dlpi_phdr[I];
          if (P.p_type == PT_NOTE)
            S.Id =
                store::gnuBuildId(reinterpret_cast<const char *>(Info->dlpi_addr + P.p_vaddr), P.p_memsz);
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
    if (dladdr(&Anchor, &Info) && Info.dli_fname)
      return store::fileIdentity(Info.dli_fname);
    return std::string("unknown");
  }();
  return Identity;
}

/// A key's first fields: what decides the generated code besides the program itself.
store::Sha256 keyOf(const char *Kind) {
  store::Sha256 Key;
  Key.field("weft cache 4");
  Key.field(Kind);
  Key.field(WEFT_VERSION);
  Key.field(compilerIdentity());
  Key.field(LLVM_VERSION_STRING);
  Key.field(builtinLibraryHash());
  Key.field(hostCpuIdentity());
  return Key;
}

} // namespace

std::string cacheKey(const CompileInput &In, const std::string &Preprocessed) {
  store::Sha256 Key = keyOf("program");
  // The preprocessed source covers headers read from disk; the source and the in-memory headers
  // themselves are in the key too, so that no preprocessing subtlety can make two programs collide.
  store::addProgramInput(Key, In);
  Key.field(Preprocessed);
  if (In.Spirv) { // the translator decides the code too
    static const std::string Translator = buildIdOf(spirvTranslatorAddress());
    Key.field("translator " + Translator);
  }
  return Key.hex();
}

std::string binaryCacheKey(const std::string &Bitcode, const std::string &Options) {
  store::Sha256 Key = keyOf("binary");
  Key.field(Options);
  Key.field(Bitcode);
  return Key.hex();
}

} // namespace weft::compiler
