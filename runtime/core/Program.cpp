// Programs: building from source through the compiler library.
#include "runtime/core/Program.h"

#include "runtime/core/Capabilities.h"
#include "runtime/core/CompilerLibrary.h"

namespace weft {

Program::Program(Context &C, std::string Source)
    : Object(ObjectType::Program), Ctx(&C), Source(std::move(Source)) {}

Program::BuildState Program::build() const {
  std::lock_guard Guard(Lock);
  return State;
}

const compiler::KernelBinary *Program::findKernel(const std::string &Name) const {
  std::lock_guard Guard(Lock);
  if (!State.Executable)
    return nullptr;
  for (const compiler::KernelBinary &K : State.Executable->kernels())
    if (K.Info.Name == Name)
      return &K;
  return nullptr;
}

Status Program::buildFromSource(const std::string &Options) {
  {
    std::lock_guard Guard(Lock);
    // "CL_INVALID_OPERATION if the build of a program executable for any of the devices listed
    // in device_list by a previous call to clBuildProgram for program has not completed" or "if
    // there are kernel objects attached to program".
    if (Building)
      return Error(CL_INVALID_OPERATION, "a build of this program is still running");
    if (LiveKernels.load() > 0)
      return Error(CL_INVALID_OPERATION, "kernels created from this program still exist");
    Building = true;
    State.Status = CL_BUILD_IN_PROGRESS;
  }
  BuildState Next;
  Next.Options = Options;
  Status Result = [&]() -> Status {
    auto Compiler = loadCompiler();
    if (!Compiler)
      return Compiler.takeError();
    compiler::CompileInput In;
    In.Source = Source;
    In.Options = Options;
    for (const VersionedName &F : OpenCLCFeatures)
      In.Target.Features.push_back(F.Name);
    compiler::CompileOutput Compiled = (*Compiler)->compile(In);
    Next.Log = Compiled.Log;
    if (Compiled.Result == compiler::CompileOutput::Status::InvalidOptions)
      return Error(CL_INVALID_BUILD_OPTIONS, Compiled.Log);
    if (Compiled.Result != compiler::CompileOutput::Status::Success)
      return Error(CL_BUILD_PROGRAM_FAILURE, "the program does not compile; see its build log");
    compiler::BuildOutput Linked = (*Compiler)->link({Compiled.Bitcode}, Options);
    Next.Log += Linked.Log;
    if (!Linked.Program)
      return Error(CL_BUILD_PROGRAM_FAILURE, "the program does not link; see its build log");
    Next.Executable = std::move(Linked.Program);
    Next.KernelArgInfo = Options.find("-cl-kernel-arg-info") != std::string::npos;
    return Status::ok();
  }();
  std::lock_guard Guard(Lock);
  Building = false;
  if (Result) {
    Next.Status = CL_BUILD_SUCCESS;
    Next.BinaryType = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
  } else {
    // Invalid options leave no build behind; anything else is a failed build with its log.
    Next.Status = Result.error().code() == CL_INVALID_BUILD_OPTIONS ? CL_BUILD_NONE : CL_BUILD_ERROR;
  }
  State = std::move(Next);
  return Result;
}

} // namespace weft
