// Loads the native code of a program: ELF relocatable objects for x86-64, as Codegen emits them
// (position-independent, small code model), into one mapping of this process. No LLVM: the
// runtime can load a cached program without opening the compiler library.
#pragma once

#include "contracts/Compiler.h"

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace weft::store {

class LoadedCode {
public:
  /// Where the objects' undefined symbols are (the C library routines compiled code calls); null
  /// for a symbol that is nowhere.
  using Resolver = std::function<void *(std::string_view Name)>;

  /// Places every allocated section of Objects (text, read-only data, data, zeroed data) in one
  /// mapping, binds each object's references to the objects' global symbols or to Resolve's,
  /// applies the relocations and makes the text executable and the read-only data read-only.
  /// Null, with the reason in Error, for anything that is not such an object (a corrupt cache
  /// entry among them): never a crash.
  static std::unique_ptr<LoadedCode> load(const std::vector<std::string> &Objects,
                                          const Resolver &Resolve, std::string &Error);
  ~LoadedCode();
  LoadedCode(const LoadedCode &) = delete;
  LoadedCode &operator=(const LoadedCode &) = delete;

  /// The address of a global symbol the objects define, or null.
  void *symbol(std::string_view Name) const;
  /// Every function the objects define (local ones too), where it was placed.
  const std::vector<compiler::CodeSymbol> &functions() const { return Functions; }

private:
  friend class ElfLoader; // program-store/ObjectLoader.cpp: fills the mapping and the symbols
  LoadedCode() = default;
  void *Base = nullptr;
  size_t Size = 0;
  std::unordered_map<std::string, void *> Globals;
  std::vector<compiler::CodeSymbol> Functions;
};

/// A program's executable from the objects its build produced (Codegen, or a cache entry) and its
/// kernels' layouts: the code loaded, each kernel's work-group function found. The objects may
/// call the C library routines code generation emits (memcpy, libm's functions, half
/// conversions), nothing else. Null, with the reason in Log, if the code does not load.
std::shared_ptr<compiler::Executable> loadProgram(const std::vector<std::string> &Objects,
                                        std::vector<compiler::KernelBinary> Kernels,
                                        uint64_t GlobalVariableBytes, std::string &Log);
/// Whether compiled code may call Name (code generation checks a program's calls against it).
bool isLibraryFunction(std::string_view Name);

} // namespace weft::store
