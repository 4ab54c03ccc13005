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
#include <functional>
#include <iterator>
#include <map>
#include <optional>
#include <sstream>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
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

/// The literal string in the Count words at W (up to its NUL, and no further than those words).
std::string_view literal(const uint32_t *W, size_t Count) {
  const char *Text = reinterpret_cast<const char *>(W);
  return std::string_view(Text, strnlen(Text, Count * 4));
}

/// A well-formed module's words with the instructions LLVM 15's translator lacks, misreads or
/// crashes on written with others it reads. SPIR-V 1.4's:
/// - OpDecorateString and OpMemberDecorateString become OpDecorate and OpMemberDecorate, whose
///   operands are the same (the translator reads UserSemantic's string there); a UserSemantic
///   annotation of a built-in variable is dropped (the translator asserts on it).
/// - OpCopyMemorySized with two sets of memory operands (the target's, then the source's) gets
///   one set for both: Volatile and Nontemporal if either has them, Aligned with the smaller
///   alignment if both have it.
/// - OpPtrEqual and OpPtrNotEqual compare the pointers as integers (OpConvertPtrToU).
/// - OpPtrDiff divides the difference of the pointers as integers by the size of their element
///   type, taken as the address of element 1 from a null pointer (OpPtrAccessChain), so that
///   LLVM's data layout gives it (a 3-component vector takes four components' space).
/// - OpCopyLogical extracts each member or element, copies it (the same way, if its types
///   differ) and constructs the result from the copies.
/// SPV_KHR_shader_clock's OpReadClockKHR, which the translator does not know, becomes a call to
/// the built-in clock_read_device (or clock_read_hilo_device for a uint2), an imported function;
/// SPV_KHR_subgroup_rotate's OpGroupNonUniformRotateKHR one to sub_group_rotate (or
/// sub_group_clustered_rotate) of its scalar type (integers as unsigned: a rotate moves bits).
/// SPV_EXT_shader_atomic_float16_add's declarations are dropped: the translator refuses them, but
/// reads OpAtomicFAddEXT on half as atomic_fetch_add_explicit of an atomic_half.
/// And in any version:
/// - OpCopyMemory (misread with or without memory operands) becomes an OpLoad with the
///   source's memory operands and an OpStore with the target's.
/// - OpCompositeConstruct in a function becomes OpCompositeInserts into an OpUndef (a vector's
///   vector parts extracted component by component first): the translator crashes on an
///   OpCompositeConstruct of values that are not constants.
/// An instruction whose operands' types are not known here (a pointer difference of a pointer
/// whose type is not declared, say) stays as it is, and the translator fails on it as before.
std::vector<uint32_t> asTheTranslatorReadsThem(const std::vector<uint32_t> &Words) {
  enum : uint32_t {
    OpUndef = 1, OpExtension = 10, OpMemoryModel = 14, OpCapability = 17, OpTypeVoid = 19,
    OpTypeInt = 21, OpTypeVector = 23,
    OpTypeArray = 28, OpTypeStruct = 30, OpTypePointer = 32, OpTypeForwardPointer = 39,
    OpConstant = 43, OpConstantNull = 46, OpFunction = 54, OpFunctionEnd = 56, OpLoad = 61,
    OpStore = 62, OpCopyMemory = 63, OpCopyMemorySized = 64, OpPtrAccessChain = 67,
    OpDecorate = 71, OpMemberDecorate = 72, OpCompositeConstruct = 80, OpCompositeExtract = 81,
    OpCompositeInsert = 82, OpSConvert = 114, OpConvertPtrToU = 117, OpISub = 130, OpSDiv = 135,
    OpIEqual = 170, OpINotEqual = 171, OpCopyLogical = 400, OpPtrEqual = 401, OpPtrNotEqual = 402,
    OpPtrDiff = 403, OpDecorateString = 5632, OpMemberDecorateString = 5633, OpFunctionCall = 57,
    OpTypeFunction = 33, OpReadClockKHR = 5056, OpTypeFloat = 22, OpFunctionParameter = 55,
    OpGroupNonUniformRotateKHR = 4431 };
  enum : uint32_t { Volatile = 1, Aligned = 2, Nontemporal = 4 };
  enum : uint32_t { BuiltIn = 11, UserSemantic = 5635, LinkageAttributes = 41, Import = 1 };
  enum : uint32_t { Linkage = 5, ShaderClockKHR = 5055, GroupNonUniformRotateKHR = 6026,
                    AtomicFloat16AddEXT = 6095 };
  // Memory-operand bits followed by an operand each, in the operands' order: Aligned,
  // MakePointerAvailable, MakePointerVisible, AliasScopeINTEL, NoAliasINTEL.
  constexpr uint32_t WithOperand = Aligned | 1u << 3 | 1u << 4 | 1u << 16 | 1u << 17;

  // What the module declares: types, each value's type, integer constants.
  uint32_t PointerBits = 64;
  std::unordered_map<uint32_t, uint32_t> TypeOf, IntOfBits, Constants, BitsOfFloat, BitsOfInt;
  std::unordered_map<uint32_t, std::vector<uint32_t>> Members; // a struct's member types
  std::unordered_map<uint32_t, std::pair<uint32_t, uint32_t>> Arrays; // element type, length id
  std::unordered_map<uint32_t, std::pair<uint32_t, uint32_t>> Vectors; // component type, count
  std::unordered_map<uint32_t, uint32_t> PointeeOf; // a pointer type's element type
  std::unordered_set<uint32_t> Types, BuiltIns;
  std::vector<uint32_t> DiffPointers; // the pointer types OpPtrDiff takes
  bool Comparisons = false, HasLinkage = false;
  std::vector<uint32_t> ClockTypes; // the result types OpReadClockKHR has
  std::vector<std::vector<uint32_t>> RotateTypes; // OpGroupNonUniformRotateKHR's: result, operands'
  // An OpGroupNonUniformRotateKHR's function type: its result's, then its operands' (value,
  // delta, cluster size if given); none for another instruction, or operands of unknown types.
  auto SignatureOfRotate = [&](const uint32_t *W) -> std::optional<std::vector<uint32_t>> {
    const uint32_t Count = W[0] >> 16;
    if ((W[0] & 0xffff) != OpGroupNonUniformRotateKHR || (Count != 6 && Count != 7) || !TypeOf.count(W[5]) ||
        (Count == 7 && !TypeOf.count(W[6])))
      return std::nullopt;
    std::vector<uint32_t> Types = {W[1], W[1], TypeOf[W[5]]};
    if (Count == 7)
      Types.push_back(TypeOf[W[6]]);
    return Types;
  };
  for (size_t At = 5; At < Words.size(); At += Words[At] >> 16) {
    const uint32_t Count = Words[At] >> 16, Op = Words[At] & 0xffff;
    if (Count >= 3 && Types.count(Words[At + 1]))
      TypeOf[Words[At + 2]] = Words[At + 1];
    if (Op >= OpTypeVoid && Op < OpTypeForwardPointer && Count >= 2)
      Types.insert(Words[At + 1]);
    if (Op == OpMemoryModel && Count >= 2)
      PointerBits = Words[At + 1] == 1 ? 32 : 64; // Physical32, or Physical64
    else if (Op == OpTypeInt && Count == 4 && Words[At + 3] == 0)
      IntOfBits.emplace(Words[At + 2], Words[At + 1]), BitsOfInt.emplace(Words[At + 1], Words[At + 2]);
    else if (Op == OpTypeFloat && Count == 3)
      BitsOfFloat.emplace(Words[At + 1], Words[At + 2]);
    else if (Op == OpTypePointer && Count == 4)
      PointeeOf[Words[At + 1]] = Words[At + 3];
    else if (Op == OpDecorate && Count >= 3 && Words[At + 2] == BuiltIn)
      BuiltIns.insert(Words[At + 1]);
    else if (Op == OpTypeStruct)
      Members[Words[At + 1]].assign(Words.begin() + At + 2, Words.begin() + At + Count);
    else if (Op == OpTypeVector && Count == 4)
      Vectors[Words[At + 1]] = {Words[At + 2], Words[At + 3]};
    else if (Op == OpTypeArray && Count == 4)
      Arrays[Words[At + 1]] = {Words[At + 2], Words[At + 3]};
    else if (Op == OpConstant && (Count == 4 || (Count == 5 && Words[At + 4] == 0))) // below 2^32
      Constants[Words[At + 2]] = Words[At + 3];
    else if ((Op == OpPtrEqual || Op == OpPtrNotEqual) && Count == 5)
      Comparisons = true;
    else if (Op == OpCapability && Count == 2 && Words[At + 1] == Linkage)
      HasLinkage = true;
    else if (Op == OpReadClockKHR && Count == 4 &&
             std::find(ClockTypes.begin(), ClockTypes.end(), Words[At + 1]) == ClockTypes.end())
      ClockTypes.push_back(Words[At + 1]);
    else if (auto Types = SignatureOfRotate(&Words[At]);
             Types && std::find(RotateTypes.begin(), RotateTypes.end(), *Types) == RotateTypes.end())
      RotateTypes.push_back(*Types);
    else if (Op == OpPtrDiff && Count == 5 && TypeOf.count(Words[At + 3]) &&
             std::find(DiffPointers.begin(), DiffPointers.end(), TypeOf[Words[At + 3]]) == DiffPointers.end())
      DiffPointers.push_back(TypeOf[Words[At + 3]]);
  }

  std::vector<uint32_t> Out(Words.begin(), Words.begin() + 5);
  auto Emit = [&Out](uint32_t Op, std::initializer_list<uint32_t> Operands) {
    Out.push_back(uint32_t(Operands.size() + 1) << 16 | Op);
    Out.insert(Out.end(), Operands);
  };
  auto NewId = [&Out] { return Out[3]++; }; // under the header's bound
  // OpReadClockKHR's functions, by result type: a ulong from clock_read_device, a uint2 from
  // clock_read_hilo_device (imported, with their OpenCL C names); another type stays as it is.
  struct ImportedFunction {
    uint32_t Function, Type;
    std::string Name;
    std::vector<uint32_t> Types; // the result's, then the parameters'
  };
  std::vector<ImportedFunction> Imports;
  std::unordered_map<uint32_t, size_t> Clocks; // by result type
  for (uint32_t T : ClockTypes) {
    auto V = Vectors.find(T);
    const bool Ulong = IntOfBits.count(64) && IntOfBits[64] == T;
    const bool Uint2 = V != Vectors.end() && V->second.second == 2 && IntOfBits.count(32) &&
                       IntOfBits[32] == V->second.first;
    if (Ulong || Uint2) {
      Clocks[T] = Imports.size();
      Imports.push_back({NewId(), NewId(), Ulong ? "_Z17clock_read_devicev" : "_Z22clock_read_hilo_devicev", {T}});
    }
  }
  // The rotates' functions, by their types: the OpenCL C name mangled for the scalar type.
  std::map<std::vector<uint32_t>, size_t> Rotates;
  for (const std::vector<uint32_t> &Types : RotateTypes) {
    const uint32_t T = Types[0];
    const char *Code = BitsOfInt.count(T)     ? BitsOfInt[T] == 8    ? "h"
                                                : BitsOfInt[T] == 16 ? "t"
                                                : BitsOfInt[T] == 32 ? "j"
                                                : BitsOfInt[T] == 64 ? "m"
                                                                     : nullptr
                       : BitsOfFloat.count(T) ? BitsOfFloat[T] == 16   ? "Dh"
                                                : BitsOfFloat[T] == 32 ? "f"
                                                : BitsOfFloat[T] == 64 ? "d"
                                                                       : nullptr
                                              : nullptr;
    if (!Code)
      continue;
    const bool Clustered = Types.size() == 4;
    Rotates[Types] = Imports.size();
    Imports.push_back({NewId(), NewId(),
                       std::string(Clustered ? "_Z26sub_group_clustered_rotate" : "_Z16sub_group_rotate") + Code +
                           (Clustered ? "ij" : "i"),
                       Types});
  }
  bool Decorated = false; // the clock functions' linkage, before the first type
  auto Str = [](const char *Text, std::vector<uint32_t> &To) {
    const size_t Length = std::strlen(Text), At = To.size();
    To.resize(At + Length / 4 + 1, 0);
    std::memcpy(&To[At], Text, Length);
  };
  // Declared before the first function: the pointer-sized integer, 1 of it, a null of each
  // pointer type OpPtrDiff takes; the clock functions.
  uint32_t IntPtr = 0, One = 0;
  std::unordered_map<uint32_t, uint32_t> NullOf;
  bool Declared = false;
  auto Declare = [&] {
    Declared = true;
    for (const ImportedFunction &F : Imports) {
      Out.push_back(uint32_t(F.Types.size() + 2) << 16 | OpTypeFunction);
      Out.push_back(F.Type);
      Out.insert(Out.end(), F.Types.begin(), F.Types.end());
      Emit(OpFunction, {F.Types[0], F.Function, 0, F.Type});
      for (size_t I = 1; I < F.Types.size(); ++I)
        Emit(OpFunctionParameter, {F.Types[I], NewId()});
      Emit(OpFunctionEnd, {});
    }
    if (!Comparisons && DiffPointers.empty())
      return;
    if (auto It = IntOfBits.find(PointerBits); It != IntOfBits.end()) {
      IntPtr = It->second;
    } else {
      IntPtr = NewId();
      Emit(OpTypeInt, {IntPtr, PointerBits, 0});
    }
    if (DiffPointers.empty())
      return;
    One = NewId();
    if (PointerBits == 32)
      Emit(OpConstant, {IntPtr, One, 1});
    else
      Emit(OpConstant, {IntPtr, One, 1, 0});
    for (uint32_t P : DiffPointers) {
      NullOf[P] = NewId();
      Emit(OpConstantNull, {P, NullOf[P]});
    }
  };
  // A struct, array or vector of type T from its parts (a vector's parts may be vectors), by
  // OpCompositeInserts into an OpUndef; false (nothing emitted) for another type, or a vector
  // part whose type is not known.
  auto Construct = [&](uint32_t T, uint32_t Result, const std::vector<uint32_t> &Parts) {
    std::vector<uint32_t> Flat;
    if (auto V = Vectors.find(T); V != Vectors.end()) {
      for (uint32_t Part : Parts)
        if (!TypeOf.count(Part))
          return false;
      for (uint32_t Part : Parts) {
        auto PV = Vectors.find(TypeOf[Part]);
        if (PV == Vectors.end()) {
          Flat.push_back(Part);
          continue;
        }
        for (uint32_t I = 0; I < PV->second.second; ++I) {
          Flat.push_back(NewId());
          Emit(OpCompositeExtract, {V->second.first, Flat.back(), Part, I});
        }
      }
    } else if (Members.count(T) || Arrays.count(T)) {
      Flat = Parts;
    } else {
      return false;
    }
    uint32_t Whole = Flat.empty() ? Result : NewId();
    Emit(OpUndef, {T, Whole});
    for (uint32_t I = 0; I < Flat.size(); ++I) {
      const uint32_t Next = I + 1 == Flat.size() ? Result : NewId();
      Emit(OpCompositeInsert, {T, Next, Flat[I], Whole, I});
      Whole = Next;
    }
    return true;
  };
  // OpCopyLogical's types: the same type, or structs or arrays whose members match.
  std::function<bool(uint32_t, uint32_t)> Match = [&](uint32_t T, uint32_t S) {
    if (T == S)
      return true;
    auto MT = Members.find(T), MS = Members.find(S);
    if (MT != Members.end() && MS != Members.end()) {
      if (MT->second.size() != MS->second.size())
        return false;
      for (size_t I = 0; I < MT->second.size(); ++I)
        if (!Match(MT->second[I], MS->second[I]))
          return false;
      return true;
    }
    auto AT = Arrays.find(T), AS = Arrays.find(S);
    if (AT == Arrays.end() || AS == Arrays.end())
      return false;
    auto LT = Constants.find(AT->second.second), LS = Constants.find(AS->second.second);
    return LT != Constants.end() && LS != Constants.end() && LT->second == LS->second &&
           LT->second <= 4096 && Match(AT->second.first, AS->second.first);
  };
  // (OpCopyObject would do for the parts whose types are the same, but the translator crashes
  // on it: those parts are used as they are.)
  std::function<void(uint32_t, uint32_t, uint32_t, uint32_t)> CopyLogical =
      [&](uint32_t T, uint32_t S, uint32_t Result, uint32_t Source) {
        std::vector<std::pair<uint32_t, uint32_t>> Parts; // (target type, source type)
        if (auto MT = Members.find(T); MT != Members.end())
          for (size_t I = 0; I < MT->second.size(); ++I)
            Parts.emplace_back(MT->second[I], Members[S][I]);
        else
          Parts.assign(Constants[Arrays[T].second], {Arrays[T].first, Arrays[S].first});
        std::vector<uint32_t> Copies;
        for (uint32_t I = 0; I < Parts.size(); ++I) {
          const uint32_t Part = NewId();
          Emit(OpCompositeExtract, {Parts[I].second, Part, Source, I});
          if (Parts[I].first == Parts[I].second) {
            Copies.push_back(Part);
          } else {
            Copies.push_back(NewId());
            CopyLogical(Parts[I].first, Parts[I].second, Copies.back(), Part);
          }
        }
        Construct(T, Result, Copies);
      };

  bool InFunction = false;
  for (size_t At = 5; At < Words.size();) {
    const uint32_t Count = Words[At] >> 16, Op = Words[At] & 0xffff;
    const uint32_t *W = &Words[At];
    if (Op >= OpTypeVoid && Op < OpTypeForwardPointer && !Decorated) {
      Decorated = true;
      for (const ImportedFunction &F : Imports) {
        std::vector<uint32_t> Decoration = {0, F.Function, LinkageAttributes};
        Str(F.Name.c_str(), Decoration);
        Decoration.push_back(Import);
        Decoration[0] = uint32_t(Decoration.size()) << 16 | OpDecorate;
        Out.insert(Out.end(), Decoration.begin(), Decoration.end());
      }
    }
    if (Op == OpFunction && !Declared)
      Declare();
    InFunction = (InFunction || Op == OpFunction) && Op != OpFunctionEnd;
    // A copy's memory operands: a first set from First, a second from Second (Count if none).
    const size_t First = Op == OpCopyMemory ? 3 : 4;
    const bool Copy = Op == OpCopyMemory || Op == OpCopyMemorySized;
    const size_t Second = Copy && First < Count ? First + 1 + __builtin_popcount(W[First] & WithOperand) : Count;
    const bool TwoSets = Second < Count && Second + 1 + __builtin_popcount(W[Second] & WithOperand) == Count;
    if ((!Clocks.empty() && ((Op == OpCapability && Count == 2 && W[1] == ShaderClockKHR) ||
                             (Op == OpExtension && Count >= 2 &&
                              literal(W + 1, Count - 1) == "SPV_KHR_shader_clock"))) ||
        (!Rotates.empty() && ((Op == OpCapability && Count == 2 && W[1] == GroupNonUniformRotateKHR) ||
                              (Op == OpExtension && Count >= 2 &&
                               literal(W + 1, Count - 1) == "SPV_KHR_subgroup_rotate"))) ||
        (Op == OpCapability && Count == 2 && W[1] == AtomicFloat16AddEXT) ||
        (Op == OpExtension && Count >= 2 && literal(W + 1, Count - 1) == "SPV_EXT_shader_atomic_float16_add")) {
      // Dropped with the instructions they declare (or, for half's atomic add, the translator
      // reads OpAtomicFAddEXT on half without them, and refuses them).
    } else if (Op == OpCapability && Count == 2 && !Imports.empty() && !HasLinkage) {
      Out.insert(Out.end(), W, W + Count);
      Emit(OpCapability, {Linkage}); // for the imported functions
      HasLinkage = true;
    } else if (Op == OpReadClockKHR && Count == 4 && Clocks.count(W[1])) {
      Emit(OpFunctionCall, {W[1], W[2], Imports[Clocks[W[1]]].Function});
    } else if (auto Types = SignatureOfRotate(W); Types && Rotates.count(*Types)) {
      // The call: result type and id, the function, then the value, delta and cluster size.
      Out.push_back(Count << 16 | OpFunctionCall);
      Out.insert(Out.end(), {W[1], W[2], Imports[Rotates[*Types]].Function});
      Out.insert(Out.end(), W + 4, W + Count);
    } else if ((Op == OpDecorate || Op == OpDecorateString) && Count >= 3 && W[2] == UserSemantic &&
        BuiltIns.count(W[1])) {
      // Dropped: the translator asserts on an annotated built-in variable ("Unexpected
      // pattern"), and an annotation changes nothing a kernel does.
    } else if (Op == OpDecorateString || Op == OpMemberDecorateString) {
      Out.push_back(Count << 16 | (Op == OpDecorateString ? OpDecorate : OpMemberDecorate));
      Out.insert(Out.end(), W + 1, W + Count);
    } else if (Op == OpCopyMemory && Count >= 3 && TypeOf.count(W[2]) && PointeeOf.count(TypeOf[W[2]]) &&
               (Count <= First || Second == Count || TwoSets)) {
      // The translator misreads OpCopyMemory (any version, with or without memory operands): a
      // load and a store, the store with the target's memory operands, the load with the source's
      // (one set is both's).
      const uint32_t Value = NewId();
      const uint32_t *TargetSet = W + First, *TargetEnd = W + std::min<size_t>(Second, Count);
      const uint32_t *SourceSet = TwoSets ? W + Second : TargetSet, *SourceEnd = TwoSets ? W + Count : TargetEnd;
      Out.push_back(uint32_t(4 + (SourceEnd - SourceSet)) << 16 | OpLoad);
      Out.insert(Out.end(), {PointeeOf[TypeOf[W[2]]], Value, W[2]});
      Out.insert(Out.end(), SourceSet, SourceEnd);
      Out.push_back(uint32_t(3 + (TargetEnd - TargetSet)) << 16 | OpStore);
      Out.insert(Out.end(), {W[1], Value});
      Out.insert(Out.end(), TargetSet, TargetEnd);
    } else if (Op == OpCopyMemorySized && Count > First) {
      if (!TwoSets) {
        Out.insert(Out.end(), W, W + Count); // one set, or not what SPIR-V allows
      } else {
        const uint32_t Mask = (W[First] | W[Second]) & (Volatile | Nontemporal);
        const bool BothAligned = W[First] & W[Second] & Aligned;
        Out.push_back(uint32_t(First + 1 + BothAligned) << 16 | Op);
        Out.insert(Out.end(), W + 1, W + First);
        Out.push_back(Mask | (BothAligned ? uint32_t(Aligned) : 0u));
        if (BothAligned)
          Out.push_back(std::min(W[First + 1], W[Second + 1]));
      }
    } else if ((Op == OpPtrEqual || Op == OpPtrNotEqual) && Count == 5 && IntPtr) {
      const uint32_t A = NewId(), B = NewId();
      Emit(OpConvertPtrToU, {IntPtr, A, W[3]});
      Emit(OpConvertPtrToU, {IntPtr, B, W[4]});
      Emit(Op == OpPtrEqual ? OpIEqual : OpINotEqual, {W[1], W[2], A, B});
    } else if (Op == OpPtrDiff && Count == 5 && TypeOf.count(W[3]) && NullOf.count(TypeOf[W[3]])) {
      const uint32_t Pointer = TypeOf[W[3]];
      const uint32_t A = NewId(), B = NewId(), Bytes = NewId(), Next = NewId(), Size = NewId();
      Emit(OpConvertPtrToU, {IntPtr, A, W[3]});
      Emit(OpConvertPtrToU, {IntPtr, B, W[4]});
      Emit(OpISub, {IntPtr, Bytes, A, B});
      Emit(OpPtrAccessChain, {Pointer, Next, NullOf[Pointer], One});
      Emit(OpConvertPtrToU, {IntPtr, Size, Next});
      if (W[1] == IntPtr) {
        Emit(OpSDiv, {IntPtr, W[2], Bytes, Size});
      } else {
        const uint32_t Elements = NewId();
        Emit(OpSDiv, {IntPtr, Elements, Bytes, Size});
        Emit(OpSConvert, {W[1], W[2], Elements});
      }
    } else if (Op == OpCompositeConstruct && InFunction && Count >= 3 &&
               Construct(W[1], W[2], std::vector<uint32_t>(W + 3, W + Count))) {
    } else if (Op == OpCopyLogical && Count == 4 && TypeOf.count(W[3]) && Match(W[1], TypeOf[W[3]])) {
      CopyLogical(W[1], TypeOf[W[3]], W[2], W[3]);
    } else {
      Out.insert(Out.end(), W, W + Count);
    }
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
  // Built-ins under OpenCL C 2.0's names: by default (1.2's) the reader makes every atomic
  // instruction an atomic_add, atomic_xchg... whose order is relaxed, dropping the module's
  // acquire, release and sequentially consistent semantics; 2.0's atomic_*_explicit keep them.
  Options.setDesiredBIsRepresentation(SPIRV::BIsRepresentation::OpenCL20);
  for (const auto &[Id, Value] : SpecConstants)
    Options.setSpecConst(Id, Value);
  // What the translator reads: Il in this machine's byte order, rewritten where valid SPIR-V
  // makes it assert (CL_PROGRAM_IL keeps Il as it came).
  const std::vector<uint32_t> Words =
      asTheTranslatorReadsThem(shufflesOfEqualLengths(scalarNullsAsConstants(wordsOf(Il))));
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

namespace {

/// Runs weft-spirv-reader with Options, then its input (Input, written to a temporary file) and
/// its output's paths, then Extra, for at most two minutes: what it wrote in Output, or false with
/// the reason in Log. Invalid opens the reader's verdicts ("invalid SPIR-V module"), Who names
/// what reads ("the SPIR-V translator").
bool runReader(const std::vector<std::string> &Options, const std::string &Input,
               const std::vector<std::string> &Extra, const std::string &Invalid,
               const std::string &Who, std::string &Output, std::string &Log) {
  const char *Tmp = std::getenv("TMPDIR");
  std::string Dir = std::string(Tmp && *Tmp ? Tmp : "/tmp") + "/weft-spirv-XXXXXX";
  if (!mkdtemp(Dir.data())) {
    Log += "cannot create a temporary directory for " + spirvReaderPath() + ": " +
           std::string(std::strerror(errno)) + "\n";
    return false;
  }
  const std::string InPath = Dir + "/in", OutPath = Dir + "/out.bc", ErrPath = Dir + "/log";
  auto Cleanup = [&] {
    std::remove(InPath.c_str());
    std::remove(OutPath.c_str());
    std::remove(ErrPath.c_str());
    rmdir(Dir.c_str());
  };
  {
    std::ofstream In(InPath, std::ios::binary);
    In.write(Input.data(), std::streamsize(Input.size()));
    if (!In) {
      Log += "cannot write the module to " + InPath + "\n";
      Cleanup();
      return false;
    }
  }
  const std::string Reader = spirvReaderPath();
  posix_spawn_file_actions_t Actions;
  posix_spawn_file_actions_init(&Actions);
  posix_spawn_file_actions_addopen(&Actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&Actions, 2, ErrPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  std::vector<std::string> Words = {Reader};
  Words.insert(Words.end(), Options.begin(), Options.end());
  Words.push_back(InPath);
  Words.push_back(OutPath);
  Words.insert(Words.end(), Extra.begin(), Extra.end());
  std::vector<char *> Argv;
  for (std::string &W : Words)
    Argv.push_back(W.data());
  Argv.push_back(nullptr);
  pid_t Child = 0;
  int Spawned = posix_spawn(&Child, Reader.c_str(), &Actions, nullptr, Argv.data(), environ);
  posix_spawn_file_actions_destroy(&Actions);
  if (Spawned != 0) {
    Log += "cannot run " + Reader + ": " + std::strerror(Spawned) + "\n";
    Cleanup();
    return false;
  }
  // A reader that never ends would hold the build forever: two minutes, then it is killed.
  int Status = 0;
  for (int Waited = 0;; ++Waited) {
    pid_t Done = waitpid(Child, &Status, WNOHANG);
    if (Done == Child || (Done < 0 && errno != EINTR))
      break;
    if (Waited == 120000) {
      kill(Child, SIGKILL);
      waitpid(Child, &Status, 0);
      Log += Invalid + ": " + Who + " did not finish in two minutes\n";
      Cleanup();
      return false;
    }
    usleep(1000);
  }
  std::string Messages = readFile(ErrPath);
  if (WIFEXITED(Status) && WEXITSTATUS(Status) == 0) {
    Output = readFile(OutPath);
    Cleanup();
    return !Output.empty();
  }
  // The reader's own verdict is in its messages; a reader that asserted or crashed says how it
  // ended, then what it printed.
  if (Messages.find(Invalid) == std::string::npos)
    Log += Invalid + ": " + Who + " " +
           (WIFSIGNALED(Status) ? "stopped on signal " + std::to_string(WTERMSIG(Status))
                                : "failed with status " + std::to_string(WEXITSTATUS(Status))) +
           "\n";
  Log += Messages;
  Cleanup();
  return false;
}

} // namespace

bool translateSpirv(const std::string &Il,
                    const std::vector<std::pair<uint32_t, uint64_t>> &SpecConstants,
                    std::string &Bitcode, std::string &Log) {
  // Each specialization constant as an argument "SpecId=value".
  std::vector<std::string> Constants;
  for (const auto &[Id, Value] : SpecConstants)
    Constants.push_back(std::to_string(Id) + "=" + std::to_string(Value));
  return runReader({}, Il, Constants, "invalid SPIR-V module", "the SPIR-V translator", Bitcode,
                   Log);
}

bool rewriteBitcodeApart(const std::string &Bitcode, std::string &Rewritten, std::string &Log) {
  return runReader({"--bitcode"}, Bitcode, {}, "invalid module", "the bitcode reader", Rewritten,
                   Log);
}

} // namespace weft::compiler
