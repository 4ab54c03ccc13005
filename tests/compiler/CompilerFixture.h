// Fixtures of the tests of the compiler library, loaded through the facade the runtime uses:
// CompilerTest loads it; Execution also runs compiled kernels, work-group functions driven
// directly over an NDRange (the executor's job, done here by hand).
#pragma once

#include "program-store/ObjectLoader.h"
#include "runtime/core/CompilerLibrary.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <string>
#include <vector>

namespace weft::test {

using compiler::BuildOutput;
using compiler::CompileOutput;
using Status = CompileOutput::Status;

class CompilerTest : public ::testing::Test {
protected:
  void SetUp() override {
    auto C = loadCompiler();
    ASSERT_TRUE(bool(C)) << C.error().reason();
    Compiler = *C;
  }
  compiler::Compiler *Compiler = nullptr;
};

class Execution : public CompilerTest {
protected:

  BuildOutput build(const std::string &Source, const std::string &Options = "",
                    compiler::DeviceTarget Target = {}) {
    compiler::CompileInput In;
    In.Source = Source;
    In.Options = Options;
    In.Target = std::move(Target);
    CompileOutput C = Compiler->compile(In);
    if (C.Result != Status::Success) {
      BuildOutput Out;
      Out.Result = C.Result;
      Out.Log = C.Log;
      return Out;
    }
    return Compiler->link({C.Bitcode}, Options, false);
  }

  /// Runs every work-group of an NDRange, as the executor will.
  static void run(const compiler::KernelBinary &K, const std::vector<std::byte> &Args,
                  unsigned Dims, std::array<uint64_t, 3> Global, std::array<uint64_t, 3> Local,
                  std::array<uint64_t, 3> Offset = {}) {
    std::vector<std::byte> LocalMemory(K.StaticLocalBytes + K.LocalScratchBytes + 64);
    std::vector<std::byte> PrivateMemory(
        K.PrivateBytesPerWorkItem * Local[0] * Local[1] * Local[2] + 64);
    abi::WorkGroupContext Ctx{};
    Ctx.WorkDim = Dims;
    Ctx.LocalMemory = LocalMemory.data();
    Ctx.PrivateMemory = PrivateMemory.data();
    for (unsigned D = 0; D < 3; ++D) {
      Ctx.GlobalOffset[D] = Offset[D];
      Ctx.GlobalSize[D] = Global[D];
      Ctx.EnqueuedLocalSize[D] = Local[D];
      Ctx.NumGroups[D] = (Global[D] + Local[D] - 1) / Local[D];
    }
    for (uint64_t Z = 0; Z < Ctx.NumGroups[2]; ++Z)
      for (uint64_t Y = 0; Y < Ctx.NumGroups[1]; ++Y)
        for (uint64_t X = 0; X < Ctx.NumGroups[0]; ++X) {
          uint64_t G[3] = {X, Y, Z};
          for (unsigned D = 0; D < 3; ++D) {
            Ctx.GroupId[D] = G[D];
            Ctx.LocalSize[D] = std::min(Local[D], Global[D] - G[D] * Local[D]);
          }
          K.Run(Args.data(), &Ctx);
        }
  }

  template <class T>
  static void set(std::vector<std::byte> &Args, const compiler::KernelBinary &K, unsigned Index,
                  const T &Value) {
    ASSERT_LT(Index, K.Args.size());
    ASSERT_EQ(K.Args[Index].Size, sizeof(T));
    std::memcpy(Args.data() + K.Args[Index].Offset, &Value, sizeof(T));
  }

  /// Runs kernel Name of Out over Global in groups of Local, with the buffers Pointers as its
  /// first arguments and Last as the one after them.
  template <class T>
  static void launch(const BuildOutput &Out, const char *Name, const std::vector<void *> &Pointers,
                     T Last, unsigned Dims, std::array<uint64_t, 3> Global,
                     std::array<uint64_t, 3> Local, std::array<uint64_t, 3> Offset = {}) {
    const compiler::KernelBinary *K = Out.Program->kernel(Name);
    ASSERT_NE(K, nullptr) << Name;
    std::vector<std::byte> Args(K->ArgBufferSize);
    for (unsigned I = 0; I < Pointers.size(); ++I)
      set(Args, *K, I, Pointers[I]);
    set(Args, *K, unsigned(Pointers.size()), Last);
    run(*K, Args, Dims, Global, Local, Offset);
  }

};

} // namespace weft::test
