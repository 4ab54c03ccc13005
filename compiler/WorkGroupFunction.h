// Turns a single-work-item kernel into a work-group function: work-item loops around the kernel
// body, work-item queries from the loop indices and the work-group context, __local variables in
// the work-group's local memory, arguments unpacked from an argument buffer.
#pragma once

#include "compiler/Compiler.h"

#include <string>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace weft::compiler {

/// Where each argument lives in the argument buffer, and what the work-group needs.
struct KernelLayout {
  std::vector<ArgSlot> Args;
  uint32_t ArgBufferSize = 0;
  uint64_t StaticLocalBytes = 0; ///< kernel-scope __local variables
  uint64_t PrivateBytesPerWorkItem = 0; ///< kernels with barriers: values kept across barriers
};

/// Lays out the module's kernel-scope __local variables (addrspace(3) globals) in the work-group's
/// local memory; returns their total size.
uint64_t layoutLocalVariables(llvm::Module &M);

/// Makes integer division safe on x86, where a zero divisor, or INT_MIN / -1, raises SIGFPE and
/// would kill the application: such divisions (whose results OpenCL C leaves undefined) divide
/// by 1 instead.
void sanitizeDivisions(llvm::Function &F);

/// Adds `__weft_wg_<name>` for kernel K (whose helpers must already be inlined). Returns false with
/// the reason (for the build log) if K uses something this transformation cannot handle.
bool buildWorkGroupFunction(llvm::Function &K, KernelLayout &Layout, std::string &Error);

} // namespace weft::compiler
