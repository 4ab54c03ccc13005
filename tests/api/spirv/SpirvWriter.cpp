// Build-time tool for the SPIR-V tests: writes an LLVM bitcode module (Clang's output for the
// spir64 target, typed pointers) as SPIR-V with the Khronos translator.
// Usage: weft-spirv-writer in.bc out.spv
#include <LLVMSPIRVLib/LLVMSPIRVLib.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IRReader/IRReader.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>

#include <fstream>

int main(int Argc, char **Argv) {
  if (Argc != 3) {
    llvm::errs() << "usage: weft-spirv-writer in.bc out.spv\n";
    return 2;
  }
  llvm::LLVMContext Ctx;
  Ctx.setOpaquePointers(false); // the translator of LLVM 15 needs typed pointers
  llvm::SMDiagnostic Diagnostic;
  std::unique_ptr<llvm::Module> M = llvm::parseIRFile(Argv[1], Diagnostic, Ctx);
  if (!M) {
    Diagnostic.print(Argv[0], llvm::errs());
    return 1;
  }
  std::ofstream Out(Argv[2], std::ios::binary);
  std::string Error;
  if (!llvm::writeSpirv(M.get(), Out, Error)) {
    llvm::errs() << Argv[0] << ": " << Error << "\n";
    return 1;
  }
  return Out ? 0 : 1;
}
