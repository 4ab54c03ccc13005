// libweft-compiler.so's entry point: the Compiler facade implemented with LLVM and Clang.
#include "compiler/Compiler.h"

#include "compiler/Frontend.h"
#include "compiler/KernelInfo.h"
#include "compiler/Options.h"

#include <clang/Basic/Version.h>
#include <llvm/Bitcode/BitcodeWriter.h>
#include <llvm/Config/llvm-config.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>

namespace weft::compiler {
namespace {

class ClangCompiler final : public Compiler {
public:
  std::string llvmVersion() const override { return LLVM_VERSION_STRING; }
  std::string clangVersion() const override { return clang::getClangFullVersion(); }

  CompileOutput compile(const CompileInput &In) override {
    CompileOutput Out;
    ParsedOptions Options = parseBuildOptions(In.Options);
    if (!Options.Error.empty()) {
      Out.Result = CompileOutput::Status::InvalidOptions;
      Out.Log = Options.Error;
      return Out;
    }
    llvm::LLVMContext Ctx;
    Ctx.setOpaquePointers(true);
    std::unique_ptr<llvm::Module> M = runFrontend(Ctx, In, Options, Out.Log);
    if (!M) {
      Out.Result = CompileOutput::Status::Failure;
      return Out;
    }
    std::string Problems;
    llvm::raw_string_ostream ProblemStream(Problems);
    if (llvm::verifyModule(*M, &ProblemStream)) {
      Out.Result = CompileOutput::Status::Failure;
      Out.Log += "internal error: Clang produced invalid IR:\n" + ProblemStream.str();
      return Out;
    }
    Out.Kernels = collectKernels(*M);
    llvm::raw_string_ostream Bitcode(Out.Bitcode);
    llvm::WriteBitcodeToFile(*M, Bitcode);
    Bitcode.flush();
    Out.Result = CompileOutput::Status::Success;
    return Out;
  }
};

} // namespace
} // namespace weft::compiler

extern "C" __attribute__((visibility("default"))) weft::compiler::Compiler *
weftCompilerCreate(int AbiVersion) {
  if (AbiVersion != weft::compiler::AbiVersion)
    return nullptr;
  return new weft::compiler::ClangCompiler();
}
