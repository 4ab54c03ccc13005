// weft-spirv-reader: translates one SPIR-V module to LLVM bitcode in a process of its own.
// Usage: weft-spirv-reader in.spv out.bc [SpecId=value ...]
// Debian's SPIR-V/LLVM translator is built with assertions, and asserts (aborts) on some valid
// modules, such as SPIR-V 1.4's pointer comparisons, which it does not implement: in a process of
// its own that ends this program, not the application (compiler/Spirv.cpp runs it). Messages,
// the translator's included, go to stderr, which the caller puts in the build log.
#include "compiler/Spirv.h"

#include <llvm/Bitcode/BitcodeWriter.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/raw_ostream.h>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>

#include <sys/resource.h>
#include <unistd.h>

// In the sanitizer builds: the translator's allocations at exit are not this program's concern,
// and a leak report would turn a translation into a failure.
extern "C" const char *__lsan_default_options() { return "detect_leaks=0"; }

namespace {

/// Bounds what a module can make the translator take: a damaged or hostile module made it
/// allocate without end (about 1 GB a second, to the kernel's OOM killer). Address space: what
/// the process has mapped now (the libraries; a sanitizer's terabytes of shadow) and 1 GiB more
/// and 256 bytes more per byte of the module, far above what valid modules take (an 8 KB one: 57 MB resident); CPU time: a
/// minute, within the two minutes of wall-clock time the caller (compiler/Spirv.cpp) allows. Past
/// either the translator fails, and the build with it.
void limitResources(size_t ModuleBytes) {
  rlim_t Mapped = 0;
  if (std::ifstream Statm("/proc/self/statm"); Statm >> Mapped)
    Mapped *= rlim_t(sysconf(_SC_PAGESIZE));
  const rlim_t Memory = Mapped + (rlim_t(1) << 30) + rlim_t(256) * ModuleBytes;
  const rlimit AddressSpace{Memory, Memory};
  setrlimit(RLIMIT_AS, &AddressSpace);
  const rlimit Cpu{60, 61};
  setrlimit(RLIMIT_CPU, &Cpu);
}

} // namespace

int main(int Argc, char **Argv) {
  if (Argc < 3) {
    std::cerr << "usage: weft-spirv-reader in.spv out.bc [SpecId=value ...]\n";
    return 2;
  }
  std::vector<std::pair<uint32_t, uint64_t>> SpecConstants;
  for (int I = 3; I < Argc; ++I) {
    char *End = nullptr;
    unsigned long Id = std::strtoul(Argv[I], &End, 10);
    if (*End != '=') {
      std::cerr << "weft-spirv-reader: bad specialization constant " << Argv[I] << "\n";
      return 2;
    }
    SpecConstants.emplace_back(uint32_t(Id), std::strtoull(End + 1, nullptr, 10));
  }
  std::ifstream In(Argv[1], std::ios::binary);
  const std::string Il((std::istreambuf_iterator<char>(In)), std::istreambuf_iterator<char>());
  limitResources(Il.size());
  llvm::LLVMContext Ctx;
  Ctx.setOpaquePointers(false); // the translator of LLVM 15 needs typed pointers
  std::string Log;
  std::unique_ptr<llvm::Module> M = weft::compiler::readSpirv(Ctx, Il, Log, SpecConstants);
  if (!M) {
    std::cerr << Log;
    return 1;
  }
  std::error_code Error;
  llvm::raw_fd_ostream Out(Argv[2], Error);
  if (Error) {
    std::cerr << "cannot write " << Argv[2] << ": " << Error.message() << "\n";
    return 1;
  }
  llvm::WriteBitcodeToFile(*M, Out);
  return 0;
}
