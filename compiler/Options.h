// Build options: shell-like splitting, validation against the options the spec defines, and
// their translation into Clang cc1 arguments.
#pragma once

#include <string>
#include <vector>

namespace weft::compiler {

struct ParsedOptions {
  std::vector<std::string> ClangArgs; ///< cc1 arguments implementing the options
  std::string Std = "CL1.2";          ///< -cl-std, or the spec's default for OpenCL 3.0 devices
  bool KernelArgInfo = false;
  bool OptDisable = false;
  bool DenormsAreZero = false; ///< -cl-denorms-are-zero: work-groups may run with FTZ/DAZ
  bool CreateLibrary = false;  ///< -create-library (link options only)
  /// -weft-check=bounds (what WEFT_CHECK adds): kernels check each access through a pointer
  /// argument or into an array against the memory it reaches (weft-check-bounds).
  bool CheckBounds = false;
  /// -weft-check=barriers: kernels check that every work-item of a group reaches the same barrier
  /// (weft-kernel-entry).
  bool CheckBarriers = false;
  /// -weft-check=copies: kernels check that every work-item of a group makes the same async copies
  /// and waits with the same arguments (builtins/src/async.cl, weft-kernel-entry).
  bool CheckCopies = false;
  /// -weft-check=uninitialized: kernels check that each byte of local memory they read was written
  /// before, by a work-item or an async copy of the group (weft-check-bounds).
  bool CheckUninitialized = false;
  /// -weft-check and -weft-check=all: every check above. -weft-check=races (not part of all):
  /// kernels check that no two work-items of a group access a byte of local memory between two
  /// barriers, one of them writing it (weft-check-bounds).
  bool CheckRaces = false;
  std::string Error; ///< non-empty: the options are invalid (CL_INVALID_BUILD_OPTIONS), and why
};

/// Splits Text as a POSIX shell would split words: blanks separate, single and double quotes
/// group, backslash escapes. `-I"dir with spaces"` is one word `-Idir with spaces`.
std::vector<std::string> splitOptions(const std::string &Text, std::string &Error);

/// Parses clBuildProgram / clCompileProgram options.
ParsedOptions parseBuildOptions(const std::string &Text);

/// Parses clLinkProgram options: -create-library, -enable-link-options (only with
/// -create-library), the five math options the spec allows at link time, and -weft-check.
ParsedOptions parseLinkOptions(const std::string &Text);

} // namespace weft::compiler
