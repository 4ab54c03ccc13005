// Build options: splitting, validation and translation into cc1 arguments.
#include "compiler/Options.h"

#include "contracts/Compiler.h"

#include <algorithm>
#include <array>
#include <string_view>
#include <utility>

namespace weft::compiler {

std::vector<std::string> splitOptions(const std::string &Text, std::string &Error) {
  std::vector<std::string> Words;
  std::string Word;
  bool InWord = false;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == ' ' || C == '\t' || C == '\n' || C == '\r') {
      if (InWord)
        Words.push_back(std::exchange(Word, {}));
      InWord = false;
      continue;
    }
    InWord = true;
    if (C == '\\' && I + 1 < Text.size()) {
      Word += Text[++I];
    } else if (C == '\'') {
      size_t End = Text.find('\'', I + 1);
      if (End == std::string::npos) {
        Error = "unterminated ' quote in the options";
        return {};
      }
      Word.append(Text, I + 1, End - I - 1);
      I = End;
    } else if (C == '"') {
      // Inside double quotes a backslash escapes only " and itself, as in a shell.
      size_t J = I + 1;
      for (; J < Text.size() && Text[J] != '"'; ++J) {
        if (Text[J] == '\\' && J + 1 < Text.size() && (Text[J + 1] == '"' || Text[J + 1] == '\\'))
          ++J;
        Word += Text[J];
      }
      if (J == Text.size()) {
        Error = "unterminated \" quote in the options";
        return {};
      }
      I = J;
    } else {
      Word += C;
    }
  }
  if (InWord)
    Words.push_back(Word);
  return Words;
}

namespace {

/// Options that pass straight to Clang, as the spec names them.
constexpr std::array<std::string_view, 11> FlagOptions = {
    "-cl-single-precision-constant",
    "-cl-strict-aliasing", // OpenCL 1.0's, accepted for compatibility
    "-cl-mad-enable",
    "-cl-no-signed-zeros",
    "-cl-unsafe-math-optimizations",
    "-cl-finite-math-only",
    "-cl-fast-relaxed-math",
    "-cl-fp32-correctly-rounded-divide-sqrt",
    "-cl-uniform-work-group-size",
    "-w",
    "-Werror",
};

constexpr std::array<std::string_view, 4> Standards = {"CL1.0", "CL1.1", "CL1.2", "CL3.0"};

/// Reads -weft-check[=check,...] into P; false if W is not that option. The checks: CheckNames
/// ("all", which -weft-check alone means); another name is an error.
bool checkOption(const std::string &W, ParsedOptions &P) {
  if (W != "-weft-check" && W.rfind("-weft-check=", 0) != 0)
    return false;
  const unsigned Checks = W == "-weft-check" ? CheckAll : parseChecks(std::string_view(W).substr(12));
  if (!Checks) {
    P.Error = "'" + W + "': unknown check (the checks: " + CheckNames + ")";
    return true;
  }
  P.CheckBounds |= (Checks & CheckBounds) != 0;
  P.CheckBarriers |= (Checks & CheckBarriers) != 0;
  P.CheckCopies |= (Checks & CheckCopies) != 0;
  P.CheckUninitialized |= (Checks & CheckUninitialized) != 0;
  P.CheckRaces |= (Checks & CheckRaces) != 0;
  return true;
}

} // namespace

ParsedOptions parseBuildOptions(const std::string &Text) {
  ParsedOptions P;
  std::vector<std::string> Words = splitOptions(Text, P.Error);
  if (!P.Error.empty())
    return P;
  for (size_t I = 0; I < Words.size(); ++I) {
    const std::string &W = Words[I];
    // -D name, -Dname, -D name=value; -I dir, -Idir.
    if (W == "-D" || W == "-I") {
      if (I + 1 == Words.size()) {
        P.Error = W + " needs an argument";
        return P;
      }
      P.ClangArgs.push_back(W + Words[++I]);
      continue;
    }
    if ((W.rfind("-D", 0) == 0 || W.rfind("-I", 0) == 0) && W.size() > 2) {
      if (W.rfind("-D", 0) == 0 && (W[2] == '=' || W[2] == '-')) {
        P.Error = "'" + W + "' does not name a macro";
        return P;
      }
      P.ClangArgs.push_back(W);
      continue;
    }
    if (W.rfind("-cl-std=", 0) == 0) {
      std::string Std = W.substr(8);
      if (std::find(Standards.begin(), Standards.end(), Std) == Standards.end()) {
        P.Error = "'" + W + "': this device supports CL1.0, CL1.1, CL1.2 and CL3.0";
        return P;
      }
      P.Std = Std;
      continue;
    }
    if (W == "-cl-kernel-arg-info") {
      P.KernelArgInfo = true;
      continue;
    }
    if (W == "-cl-no-subgroup-ifp")
      continue; // no sub-groups are offered, so there is no forward progress to give up
    if (W == "-g")
      continue; // "additional errors for the built-in functions that allow you to enqueue
                // commands on a device": Weft offers no device-side enqueue
    if (W == "-cl-denorms-are-zero") {
      // The driver drops it for x86; it permits flushing single-precision denormals to zero.
      P.DenormsAreZero = true;
      P.ClangArgs.push_back("-fdenormal-fp-math-f32=preserve-sign,preserve-sign");
      continue;
    }
    if (W == "-cl-opt-disable") {
      P.OptDisable = true;
      continue;
    }
    if (checkOption(W, P)) {
      if (!P.Error.empty())
        return P;
      continue;
    }
    if (std::find(FlagOptions.begin(), FlagOptions.end(), W) != FlagOptions.end()) {
      P.ClangArgs.push_back(W);
      continue;
    }
    P.Error = "unknown build option '" + W + "'";
    return P;
  }
  return P;
}

ParsedOptions parseLinkOptions(const std::string &Text) {
  ParsedOptions P;
  std::vector<std::string> Words = splitOptions(Text, P.Error);
  if (!P.Error.empty())
    return P;
  bool EnableLinkOptions = false;
  for (const std::string &W : Words) {
    if (W == "-create-library")
      P.CreateLibrary = true;
    else if (W == "-enable-link-options")
      EnableLinkOptions = true;
    else if (W == "-cl-denorms-are-zero")
      P.DenormsAreZero = true;
    else if (checkOption(W, P)) {
      if (!P.Error.empty())
        return P;
    } else if (W != "-cl-no-signed-zeros" && W != "-cl-unsafe-math-optimizations" &&
             W != "-cl-finite-math-only" && W != "-cl-fast-relaxed-math" &&
             W != "-cl-no-subgroup-ifp") {
      P.Error = "unknown link option '" + W + "'";
      return P;
    }
  }
  // "-enable-link-options ... can only be specified with the -create-library option."
  if (EnableLinkOptions && !P.CreateLibrary)
    P.Error = "-enable-link-options is only allowed with -create-library";
  return P;
}

} // namespace weft::compiler
