// weft-spirv-reader: reads a module from outside the application in a process of its own.
// Usage: weft-spirv-reader in.spv out.bc [SpecId=value ...]
//        weft-spirv-reader --bitcode in.bc out.bc
// The first translates a SPIR-V module to LLVM bitcode. Debian's SPIR-V/LLVM translator is built
// with assertions, and asserts (aborts) on some valid modules, such as SPIR-V 1.4's pointer
// comparisons, which it does not implement. The second reads the bitcode of a program binary,
// verifies the module and writes it again: LLVM's bitcode reader is not hardened against damaged
// or crafted input (a flipped bit with the container's checksum made right crashed it or made it
// allocate without end), and what the application then parses is bitcode LLVM wrote itself. In
// a process of their own such failures end this program, not the application
// (compiler/Spirv.cpp runs it). Messages, the translator's included, go to stderr, which the
// caller puts in the build log.
#include "compiler/Spirv.h"

#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/Bitcode/BitcodeWriter.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string_view>

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

/// Writes M's bitcode to Path; false, with why on stderr, if it cannot.
bool writeBitcode(const llvm::Module &M, const char *Path) {
  std::error_code Error;
  llvm::raw_fd_ostream Out(Path, Error);
  if (Error) {
    std::cerr << "cannot write " << Path << ": " << Error.message() << "\n";
    return false;
  }
  llvm::WriteBitcodeToFile(M, Out);
  return true;
}

/// --bitcode: the module in In, read, verified and written again to Out.
int rewriteBitcode(const char *InPath, const char *OutPath) {
  std::ifstream In(InPath, std::ios::binary);
  const std::string Bytes((std::istreambuf_iterator<char>(In)), std::istreambuf_iterator<char>());
  limitResources(Bytes.size());
  llvm::LLVMContext Ctx;
  Ctx.setOpaquePointers(true);
  llvm::Expected<std::unique_ptr<llvm::Module>> M =
      llvm::parseBitcodeFile(llvm::MemoryBufferRef(Bytes, "module"), Ctx);
  if (!M) {
    std::cerr << "invalid module: " << llvm::toString(M.takeError()) << "\n";
    return 1;
  }
  std::string Broken;
  llvm::raw_string_ostream Why(Broken);
  if (llvm::verifyModule(**M, &Why)) {
    Why.flush();
    std::cerr << "invalid module: " << Broken.substr(0, 4096) << "\n";
    return 1;
  }
  return writeBitcode(**M, OutPath) ? 0 : 1;
}

} // namespace

int main(int Argc, char **Argv) {
  if (Argc == 4 && std::string_view(Argv[1]) == "--bitcode")
    return rewriteBitcode(Argv[2], Argv[3]);
  if (Argc < 3) {
    std::cerr << "usage: weft-spirv-reader in.spv out.bc [SpecId=value ...]\n"
                 "       weft-spirv-reader --bitcode in.bc out.bc\n";
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
  return writeBitcode(*M, Argv[2]) ? 0 : 1;
}
