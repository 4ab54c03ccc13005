// libweft-compiler.so's entry point: the Compiler facade implemented with LLVM and Clang.
#include "compiler/Compiler.h"

#include <clang/Basic/Version.h>
#include <llvm/Config/llvm-config.h>

namespace weft::compiler {
namespace {

class ClangCompiler final : public Compiler {
public:
  std::string llvmVersion() const override { return LLVM_VERSION_STRING; }
  std::string clangVersion() const override { return clang::getClangFullVersion(); }
};

} // namespace
} // namespace weft::compiler

extern "C" __attribute__((visibility("default"))) weft::compiler::Compiler *
weftCompilerCreate(int AbiVersion) {
  if (AbiVersion != weft::compiler::AbiVersion)
    return nullptr;
  return new weft::compiler::ClangCompiler();
}
