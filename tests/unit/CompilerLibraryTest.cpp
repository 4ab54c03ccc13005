// The lazy compiler library: absent until asked for, then LLVM 15 in the process; failures explained.
#include "runtime/core/CompilerLibrary.h"

#include <gtest/gtest.h>

#include <fstream>

namespace weft {
namespace {

bool mapped(const std::string &Fragment) {
  std::ifstream Maps("/proc/self/maps");
  for (std::string Line; std::getline(Maps, Line);)
    if (Line.find(Fragment) != std::string::npos)
      return true;
  return false;
}

TEST(CompilerLibrary, LoadsOnFirstUseOnly) {
  EXPECT_FALSE(mapped("libweft-compiler.so"));
  EXPECT_FALSE(mapped("libLLVM"));
  auto C = loadCompiler();
  ASSERT_TRUE(bool(C)) << C.error().reason();
  EXPECT_EQ((*C)->llvmVersion().rfind("15.", 0), 0u) << (*C)->llvmVersion();
  EXPECT_NE((*C)->clangVersion().find("clang version 15"), std::string::npos)
      << (*C)->clangVersion();
  EXPECT_TRUE(mapped("libweft-compiler.so"));
  EXPECT_TRUE(mapped("libLLVM-15"));
  auto Again = loadCompiler();
  ASSERT_TRUE(bool(Again));
  EXPECT_EQ(*Again, *C) << "the compiler is created once";
}

TEST(CompilerLibrary, MissingLibraryIsCompilerNotAvailable) {
  auto C = openCompilerLibrary("/nonexistent/libweft-compiler.so");
  ASSERT_FALSE(bool(C));
  EXPECT_EQ(C.error().code(), CL_COMPILER_NOT_AVAILABLE);
  EXPECT_NE(C.error().reason().find("/nonexistent/libweft-compiler.so"), std::string::npos);
}

TEST(CompilerLibrary, LibraryWithoutEntryPointIsCompilerNotAvailable) {
  auto C = openCompilerLibrary("libm.so.6");
  ASSERT_FALSE(bool(C));
  EXPECT_EQ(C.error().code(), CL_COMPILER_NOT_AVAILABLE);
  EXPECT_NE(C.error().reason().find("weftCompilerCreate"), std::string::npos)
      << C.error().reason();
}

} // namespace
} // namespace weft
