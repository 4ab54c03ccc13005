// Opens libweft-compiler.so with dlopen(RTLD_LOCAL) the first time the compiler is needed.
#include "runtime/core/CompilerLibrary.h"

#include "runtime/core/Config.h"

#include <dlfcn.h>

#include <cstdio>
#include <mutex>

namespace weft {
namespace {

/// The directory holding the binary this code is in (libweft.so, or a unit-test executable).
std::string ownDirectory() {
  Dl_info Info;
  if (!dladdr(reinterpret_cast<void *>(&ownDirectory), &Info) || !Info.dli_fname)
    return {};
  std::string Path = Info.dli_fname;
  size_t Slash = Path.rfind('/');
  return Slash == std::string::npos ? std::string() : Path.substr(0, Slash + 1);
}

} // namespace

Expected<compiler::Compiler *> openCompilerLibrary(const std::string &Path) {
  void *Lib = dlopen(Path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!Lib)
    return Error(CL_COMPILER_NOT_AVAILABLE, cat("cannot open ", Path, ": ", dlerror()));
  auto Create = reinterpret_cast<compiler::CreateFn>(dlsym(Lib, compiler::EntrySymbol));
  if (!Create) {
    dlclose(Lib);
    return Error(CL_COMPILER_NOT_AVAILABLE, cat(Path, " has no ", compiler::EntrySymbol));
  }
  compiler::Compiler *C = Create(compiler::AbiVersion);
  if (!C) {
    dlclose(Lib);
    return Error(CL_COMPILER_NOT_AVAILABLE,
                 cat(Path, " does not implement compiler ABI version ", compiler::AbiVersion));
  }
  return C;
}

std::string compilerLibraryPath() { return ownDirectory() + "libweft-compiler.so"; }

Expected<compiler::Compiler *> loadCompiler() {
  static std::mutex Lock;
  static std::optional<Expected<compiler::Compiler *>> Outcome;
  std::lock_guard Guard(Lock);
  if (!Outcome) {
    Outcome.emplace(openCompilerLibrary(compilerLibraryPath()));
    const std::string &Options = config().LlvmOptions;
    if (*Outcome && !Options.empty()) {
      std::string Complaint = (**Outcome)->setLlvmOptions(Options);
      if (!Complaint.empty())
        std::fprintf(stderr, "weft: warning: WEFT_LLVM_OPTIONS: %s\n", Complaint.c_str());
    }
  }
  return *Outcome;
}

} // namespace weft
