// SPIR-V to LLVM IR through the Khronos translator (LLVMSPIRVLib), then the differences from
// Clang's output for OpenCL C on x86-64 removed: the SPIR target and data layout, the spir_func
// calling convention, and work-group uniformity.
#include "compiler/Spirv.h"

#include <LLVMSPIRVLib/LLVMSPIRVLib.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <cstring>
#include <iterator>
#include <sstream>
#include <unordered_map>
#include <vector>

#include <dlfcn.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

namespace weft::compiler {

namespace {

/// Why Il is not a well-formed SPIR-V module at the level of words (empty if it is): the
/// header, a version the translator reads, and instructions whose word counts fill the module
/// exactly. The translator asserts (and so aborts the process) on a module that ends inside an
/// instruction, so nothing else may reach it.
/// Il's 32-bit words in this machine's byte order (a module may be written in either).
std::vector<uint32_t> wordsOf(const std::string &Il) {
  std::vector<uint32_t> Words(Il.size() / 4);
  std::memcpy(Words.data(), Il.data(), Words.size() * 4);
  if (!Words.empty() && Words[0] == 0x03022307u) // the other byte order
    for (uint32_t &W : Words)
      W = __builtin_bswap32(W);
  return Words;
}

std::string malformation(const std::string &Il) {
  if (Il.size() < 20 || Il.size() % 4)
    return "not a whole number of 32-bit words, or shorter than the 5-word header";
  const std::vector<uint32_t> Words = wordsOf(Il);
  if (Words[0] != 0x07230203u)
    return "no SPIR-V magic number";
  const uint32_t Major = Words[1] >> 16 & 0xff, Minor = Words[1] >> 8 & 0xff;
  if (Major != 1 || Minor > 4)
    return "SPIR-V " + std::to_string(Major) + "." + std::to_string(Minor) +
           " (the translator reads 1.0 to 1.4)";
  for (size_t At = 5; At < Words.size();) {
    const uint32_t Count = Words[At] >> 16;
    if (Count == 0 || Count > Words.size() - At)
      return "the instruction at word " + std::to_string(At) + " has a word count of " +
             std::to_string(Count) + ", with " + std::to_string(Words.size() - At) +
             " words left in the module";
    At += Count;
  }
  return {};
}

/// A well-formed module's words with each OpConstantNull of a scalar type made the OpConstant 0
/// (or, for a Boolean, the OpConstantFalse) it stands for. SPIR-V allows null scalars, and producers
/// write them (the CTS's cl_khr_expect_assume modules do), but LLVM 15's translator asserts on
/// them. Vectors and other composites it reads, so they stay.
std::vector<uint32_t> scalarNullsAsConstants(const std::vector<uint32_t> &Words) {
  enum : uint32_t { OpTypeBool = 20, OpTypeInt = 21, OpTypeFloat = 22, OpConstantFalse = 42,
                    OpConstant = 43, OpConstantNull = 46 };
  std::unordered_map<uint32_t, uint32_t> ScalarBits; // a scalar type's id -> its width (0: bool)
  std::vector<uint32_t> Out(Words.begin(), Words.begin() + 5);
  for (size_t At = 5; At < Words.size();) {
    const uint32_t Count = Words[At] >> 16, Op = Words[At] & 0xffff;
    if ((Op == OpTypeInt || Op == OpTypeFloat) && Count >= 3)
      ScalarBits[Words[At + 1]] = Words[At + 2];
    else if (Op == OpTypeBool && Count == 2)
      ScalarBits[Words[At + 1]] = 0;
    auto Scalar = Op == OpConstantNull && Count == 3 ? ScalarBits.find(Words[At + 1]) : ScalarBits.end();
    if (Scalar == ScalarBits.end()) {
      Out.insert(Out.end(), Words.begin() + At, Words.begin() + At + Count);
    } else {
      const uint32_t Type = Words[At + 1], Id = Words[At + 2], Bits = Scalar->second;
      if (Bits == 0)
        Out.insert(Out.end(), {3u << 16 | OpConstantFalse, Type, Id});
      else if (Bits <= 32)
        Out.insert(Out.end(), {4u << 16 | OpConstant, Type, Id, 0u});
      else
        Out.insert(Out.end(), {5u << 16 | OpConstant, Type, Id, 0u, 0u});
    }
    At += Count;
  }
  return Out;
}

/// A well-formed module's words with each OpVectorShuffle of two vectors of different lengths
/// made one of two vectors of the same length: the shorter vector is first widened to the longer
/// one's type, by an OpVectorShuffle of itself, and the indices of the second vector move with it.
/// SPIR-V allows the difference (the CTS's cl_khr_expect_assume modules have it); LLVM 15's
/// translator asserts on it.
std::vector<uint32_t> shufflesOfEqualLengths(const std::vector<uint32_t> &Words) {
  enum : uint32_t { OpTypeVector = 23, OpVectorShuffle = 79, Undefined = 0xffffffff };
  std::unordered_map<uint32_t, uint32_t> Lengths; // a vector type's id -> its component count
  std::unordered_map<uint32_t, uint32_t> TypeOf;  // a vector value's id -> its type's id
  std::vector<uint32_t> Out(Words.begin(), Words.begin() + 5);
  for (size_t At = 5; At < Words.size();) {
    const uint32_t Count = Words[At] >> 16, Op = Words[At] & 0xffff;
    // An instruction whose first operand is a vector type has it as its result type (names and
    // decorations of a vector type come before any value's definition, which overrides them).
    if (Count >= 3 && Lengths.count(Words[At + 1]))
      TypeOf[Words[At + 2]] = Words[At + 1];
    if (Op == OpTypeVector && Count == 4)
      Lengths[Words[At + 1]] = Words[At + 3];
    auto T1 = TypeOf.end(), T2 = TypeOf.end();
    if (Op == OpVectorShuffle && Count >= 5) {
      T1 = TypeOf.find(Words[At + 3]);
      T2 = TypeOf.find(Words[At + 4]);
    }
    if (T1 == TypeOf.end() || T2 == TypeOf.end() || Lengths[T1->second] == Lengths[T2->second]) {
      Out.insert(Out.end(), Words.begin() + At, Words.begin() + At + Count);
      At += Count;
      continue;
    }
    const uint32_t N1 = Lengths[T1->second], N2 = Lengths[T2->second];
    const bool WidenFirst = N1 < N2;
    const uint32_t Short = WidenFirst ? Words[At + 3] : Words[At + 4];
    const uint32_t LongType = WidenFirst ? T2->second : T1->second;
    const uint32_t Wide = Out[3]++; // a new id, under the header's bound
    Out.insert(Out.end(), {(5 + std::max(N1, N2)) << 16 | OpVectorShuffle, LongType, Wide, Short, Short});
    for (uint32_t I = 0; I < std::max(N1, N2); ++I)
      Out.push_back(I < std::min(N1, N2) ? I : 0);
    TypeOf[Wide] = LongType;
    const size_t Shuffle = Out.size();
    Out.insert(Out.end(), Words.begin() + At, Words.begin() + At + Count);
    Out[Shuffle + (WidenFirst ? 3 : 4)] = Wide;
    if (WidenFirst) // the second vector's components now start at N2
      for (size_t I = Shuffle + 5; I < Shuffle + Count; ++I)
        if (Out[I] != Undefined && Out[I] >= N1)
          Out[I] += N2 - N1;
    At += Count;
  }
  return Out;
}

} // namespace

std::unique_ptr<llvm::Module>
readSpirv(llvm::LLVMContext &Ctx, const std::string &Il, std::string &Log,
          const std::vector<std::pair<uint32_t, uint64_t>> &SpecConstants) {
  if (std::string Why = malformation(Il); !Why.empty()) {
    Log += "invalid SPIR-V module: " + Why + "\n";
    return nullptr;
  }
  // Every extension the translator knows: a module that uses one Weft cannot run fails when
  // its built-ins do not link, with their names in the log.
  SPIRV::TranslatorOpts::ExtensionsStatusMap Extensions;
#define EXT(X) Extensions[SPIRV::ExtensionID::X] = true;
#include <LLVMSPIRVLib/LLVMSPIRVExtensions.inc>
#undef EXT
  SPIRV::TranslatorOpts Options(SPIRV::VersionNumber::MaximumVersion, Extensions);
  Options.setGenKernelArgNameMDEnabled(true); // the names OpName gives, for clGetKernelArgInfo
  for (const auto &[Id, Value] : SpecConstants)
    Options.setSpecConst(Id, Value);
  // What the translator reads: Il in this machine's byte order, rewritten where valid SPIR-V
  // makes it assert (CL_PROGRAM_IL keeps Il as it came).
  const std::vector<uint32_t> Words = shufflesOfEqualLengths(scalarNullsAsConstants(wordsOf(Il)));
  std::istringstream Stream(std::string(reinterpret_cast<const char *>(Words.data()), Words.size() * 4));
  llvm::Module *Raw = nullptr;
  std::string Error;
  if (!llvm::readSpirv(Ctx, Options, Stream, Raw, Error)) {
    Log += "invalid SPIR-V module: " + Error + "\n";
    delete Raw;
    return nullptr;
  }
  std::unique_ptr<llvm::Module> M(Raw);
  // Frontend.cpp's target (the built-in library has the same).
  M->setTargetTriple("x86_64-unknown-linux-gnu");
  M->setDataLayout("e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128");
  for (llvm::Function &F : *M) {
    // Clang gives functions other than kernels the C calling convention on x86-64, and so
    // does the built-in library: a call with another convention would be undefined.
    if (F.getCallingConv() == llvm::CallingConv::SPIR_FUNC)
      F.setCallingConv(llvm::CallingConv::C);
    for (llvm::BasicBlock &B : F)
      for (llvm::Instruction &I : B)
        if (auto *Call = llvm::dyn_cast<llvm::CallBase>(&I))
          if (Call->getCallingConv() == llvm::CallingConv::SPIR_FUNC)
            Call->setCallingConv(llvm::CallingConv::C);
    // SPIR-V kernels may run in non-uniform work-groups, as OpenCL C 2.0 and later ones do
    // (the attribute Clang sets; KernelInfo.cpp reads it).
    if (F.getCallingConv() == llvm::CallingConv::SPIR_KERNEL)
      F.addFnAttr("uniform-work-group-size", "false");
  }
  return M;
}

const void *spirvTranslatorAddress() {
  using ReadFn = bool (*)(llvm::LLVMContext &, std::istream &, llvm::Module *&, std::string &);
  return reinterpret_cast<const void *>(static_cast<ReadFn>(&llvm::readSpirv));
}

std::string spirvReaderPath() {
  static const int Anchor = 0;
  Dl_info Info{};
  if (!dladdr(&Anchor, &Info) || !Info.dli_fname)
    return "weft-spirv-reader";
  std::string Library = Info.dli_fname;
  size_t Slash = Library.rfind('/');
  return (Slash == std::string::npos ? std::string(".") : Library.substr(0, Slash)) +
         "/weft-spirv-reader";
}

namespace {

std::string readFile(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(In), std::istreambuf_iterator<char>());
}

} // namespace

bool translateSpirv(const std::string &Il,
                    const std::vector<std::pair<uint32_t, uint64_t>> &SpecConstants,
                    std::string &Bitcode, std::string &Log) {
  const char *Tmp = std::getenv("TMPDIR");
  std::string Dir = std::string(Tmp && *Tmp ? Tmp : "/tmp") + "/weft-spirv-XXXXXX";
  if (!mkdtemp(Dir.data())) {
    Log += "cannot create a temporary directory for the SPIR-V translator: " +
           std::string(std::strerror(errno)) + "\n";
    return false;
  }
  const std::string InPath = Dir + "/in.spv", OutPath = Dir + "/out.bc", ErrPath = Dir + "/log";
  auto Cleanup = [&] {
    std::remove(InPath.c_str());
    std::remove(OutPath.c_str());
    std::remove(ErrPath.c_str());
    rmdir(Dir.c_str());
  };
  {
    std::ofstream In(InPath, std::ios::binary);
    In.write(Il.data(), std::streamsize(Il.size()));
    if (!In) {
      Log += "cannot write the SPIR-V module to " + InPath + "\n";
      Cleanup();
      return false;
    }
  }
  const std::string Reader = spirvReaderPath();
  posix_spawn_file_actions_t Actions;
  posix_spawn_file_actions_init(&Actions);
  posix_spawn_file_actions_addopen(&Actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&Actions, 2, ErrPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  // Each specialization constant as an argument "SpecId=value".
  std::vector<std::string> Words = {Reader, InPath, OutPath};
  for (const auto &[Id, Value] : SpecConstants)
    Words.push_back(std::to_string(Id) + "=" + std::to_string(Value));
  std::vector<char *> Argv;
  for (std::string &W : Words)
    Argv.push_back(W.data());
  Argv.push_back(nullptr);
  pid_t Child = 0;
  int Spawned = posix_spawn(&Child, Reader.c_str(), &Actions, nullptr, Argv.data(), environ);
  posix_spawn_file_actions_destroy(&Actions);
  if (Spawned != 0) {
    Log += "cannot run the SPIR-V translator " + Reader + ": " + std::strerror(Spawned) + "\n";
    Cleanup();
    return false;
  }
  // A translator that never ends would hold the build forever: two minutes, then it is killed.
  int Status = 0;
  for (int Waited = 0;; ++Waited) {
    pid_t Done = waitpid(Child, &Status, WNOHANG);
    if (Done == Child || (Done < 0 && errno != EINTR))
      break;
    if (Waited == 120000) {
      kill(Child, SIGKILL);
      waitpid(Child, &Status, 0);
      Log += "invalid SPIR-V module: the translator did not finish in two minutes\n";
      Cleanup();
      return false;
    }
    usleep(1000);
  }
  std::string Messages = readFile(ErrPath);
  if (WIFEXITED(Status) && WEXITSTATUS(Status) == 0) {
    Bitcode = readFile(OutPath);
    Cleanup();
    return !Bitcode.empty();
  }
  // The reader's own verdict is in its messages; a translator that asserted or crashed says
  // how it ended, then what it printed.
  if (Messages.find("invalid SPIR-V module") == std::string::npos)
    Log += "invalid SPIR-V module: the SPIR-V translator " +
           (WIFSIGNALED(Status) ? "stopped on signal " + std::to_string(WTERMSIG(Status))
                                : "failed with status " + std::to_string(WEXITSTATUS(Status))) +
           "\n";
  Log += Messages;
  Cleanup();
  return false;
}

} // namespace weft::compiler
