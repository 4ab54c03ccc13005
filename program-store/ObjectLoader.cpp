// Loads ELF relocatable objects: see ObjectLoader.h.
#include "program-store/ObjectLoader.h"

#include "contracts/WorkGroupAbi.h"

#include <elf.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <ctime>
#include <math.h>
#include <limits>
#include <map>
#include <set>
#include <string_view>
#include <unordered_map>

// Half-precision conversions LLVM emits calls to; libgcc (GCC 12) has them. Declared only to take
// their addresses.
extern "C" void __extendhfsf2();
extern "C" void __truncsfhf2();
extern "C" void __truncdfhf2();
// libgcc's integer powers, which LLVM calls for llvm.powi.
extern "C" float __powisf2(float, int);
extern "C" double __powidf2(double, int);

namespace weft::store {
namespace {

constexpr size_t NotPlaced = std::numeric_limits<size_t>::max();

/// Copies a T out of Data at Offset, if it lies within it (objects are byte strings: nothing in
/// them is assumed aligned or well formed).
template <class T> bool readAt(std::string_view Data, uint64_t Offset, T &Out) {
  if (Offset > Data.size() || Data.size() - Offset < sizeof(T))
    return false;
  std::memcpy(&Out, Data.data() + Offset, sizeof(T));
  return true;
}

bool within(std::string_view Data, uint64_t Offset, uint64_t Size) {
  return Offset <= Data.size() && Data.size() - Offset >= Size;
}

size_t alignUp(size_t X, size_t Align) { return (X + Align - 1) / Align * Align; }

/// One object, parsed: its sections, symbols and where each section went in the mapping.
struct Object {
  std::string_view Data;
  std::vector<Elf64_Shdr> Sections;
  std::vector<size_t> Placed; ///< offset in the mapping, or NotPlaced
  std::vector<Elf64_Sym> Symbols;
  std::string_view Strings; ///< the symbol names
  std::vector<size_t> Common; ///< SHN_COMMON symbols: their offset in the mapping

  std::string_view name(const Elf64_Sym &S) const {
    if (S.st_name >= Strings.size())
      return {};
    std::string_view Rest = Strings.substr(S.st_name);
    return Rest.substr(0, Rest.find('\0'));
  }
};

/// The three parts of the mapping, each starting on its own page: code (with the stubs that
/// reach functions outside it), read-only data (with the address table of GOT-relative
/// references) and writable data.
enum Region { Text, ReadOnly, Writable, Regions };

bool parse(std::string_view Data, Object &O, std::string &Error) {
  O.Data = Data;
  Elf64_Ehdr H;
  if (!readAt(Data, 0, H) || std::memcmp(H.e_ident, ELFMAG, SELFMAG) != 0 ||
      H.e_ident[EI_CLASS] != ELFCLASS64 || H.e_ident[EI_DATA] != ELFDATA2LSB) {
    Error = "not a 64-bit little-endian ELF object";
    return false;
  }
  if (H.e_type != ET_REL || H.e_machine != EM_X86_64) {
    Error = "not an x86-64 relocatable object";
    return false;
  }
  if (H.e_shentsize != sizeof(Elf64_Shdr) || !within(Data, H.e_shoff, uint64_t(H.e_shnum) * sizeof(Elf64_Shdr))) {
    Error = "malformed section headers";
    return false;
  }
  O.Sections.resize(H.e_shnum);
  for (unsigned I = 0; I < H.e_shnum; ++I)
    readAt(Data, H.e_shoff + I * sizeof(Elf64_Shdr), O.Sections[I]);
  O.Placed.assign(H.e_shnum, NotPlaced);
  for (const Elf64_Shdr &S : O.Sections) {
    // Every section with contents, SHT_NULL ones too: place() loads any allocated section but
    // NOBITS ones from the object's bytes.
    if (S.sh_type != SHT_NOBITS && !within(Data, S.sh_offset, S.sh_size)) {
      Error = "a section lies outside the object";
      return false;
    }
    if (S.sh_type != SHT_SYMTAB)
      continue;
    if (!O.Symbols.empty() || S.sh_entsize != sizeof(Elf64_Sym) || S.sh_link >= O.Sections.size()) {
      Error = "malformed symbol table";
      return false;
    }
    O.Symbols.resize(S.sh_size / sizeof(Elf64_Sym));
    for (size_t I = 0; I < O.Symbols.size(); ++I)
      readAt(Data, S.sh_offset + I * sizeof(Elf64_Sym), O.Symbols[I]);
    const Elf64_Shdr &Names = O.Sections[S.sh_link];
    if (!within(Data, Names.sh_offset, Names.sh_size)) {
      Error = "malformed symbol names";
      return false;
    }
    O.Strings = Data.substr(Names.sh_offset, Names.sh_size);
  }
  return true;
}

std::string_view sectionName(const Object &O, const Elf64_Shdr &S) {
  Elf64_Ehdr H;
  readAt(O.Data, 0, H);
  if (H.e_shstrndx >= O.Sections.size())
    return {};
  const Elf64_Shdr &Names = O.Sections[H.e_shstrndx];
  if (Names.sh_type == SHT_NOBITS || !within(O.Data, Names.sh_offset, Names.sh_size) ||
      S.sh_name >= Names.sh_size)
    return {};
  std::string_view Rest = O.Data.substr(Names.sh_offset + S.sh_name, Names.sh_size - S.sh_name);
  return Rest.substr(0, Rest.find('\0'));
}

bool fitsInt32(int64_t V) { return V >= INT32_MIN && V <= INT32_MAX; }

} // namespace

/// One load, phase by phase: parse every object, lay out the mapping, map and fill it, bind the
/// objects' global symbols, apply each object's relocations, protect. Each phase returns false
/// with the reason in Error.
class ElfLoader {
public:
  ElfLoader(const LoadedCode::Resolver &Resolve, std::string &Error) : Resolve(Resolve), Error(Error) {}

  std::unique_ptr<LoadedCode> run(const std::vector<std::string> &Objects) {
    Parsed.resize(Objects.size());
    for (size_t I = 0; I < Objects.size(); ++I)
      if (!parse(Objects[I], Parsed[I], Error))
        return nullptr;
    Code.reset(new LoadedCode);
    if (!layout() || !map() || !bindGlobals())
      return nullptr;
    for (Object &O : Parsed)
      for (const Elf64_Shdr &S : O.Sections)
        if (S.sh_type == SHT_RELA && !relocate(O, S))
          return nullptr;
    if (!protect())
      return nullptr;
    listFunctions();
    return std::move(Code);
  }

private:
  static constexpr size_t StubBytes = 16;

  bool fail(std::string Why) {
    Error = std::move(Why);
    return false;
  }

  /// Each allocated section in its region, at its alignment; common symbols in the writable
  /// region; a stub per external name and an address-table slot per GOT-relative reference
  /// (upper bounds).
  bool layout() {
    for (Object &O : Parsed) {
      for (size_t I = 0; I < O.Sections.size(); ++I)
        if (!place(O, I))
          return false;
      O.Common.assign(O.Symbols.size(), NotPlaced);
      for (size_t I = 1; I < O.Symbols.size(); ++I) {
        const Elf64_Sym &S = O.Symbols[I];
        if (S.st_shndx == SHN_COMMON) {
          size_t Align = std::max<size_t>(S.st_value, 1);
          if (Align & (Align - 1) || Align > 4096 || S.st_size > (size_t(1) << 40))
            return fail("bad common symbol");
          O.Common[I] = alignUp(RegionSize[Writable], Align);
          RegionSize[Writable] = O.Common[I] + S.st_size;
        } else if (S.st_shndx == SHN_UNDEF) {
          ExternalNames.emplace(O.name(S));
        }
      }
    }
    StubsAt = alignUp(RegionSize[Text], 16);
    RegionSize[Text] = StubsAt + ExternalNames.size() * StubBytes;
    GotAt = alignUp(RegionSize[ReadOnly], 8);
    RegionSize[ReadOnly] = GotAt + GotSlots * 8;
    Page = size_t(sysconf(_SC_PAGESIZE));
    size_t Total = 0;
    for (int R = 0; R < Regions; ++R) {
      RegionAt[R] = Total;
      Total += alignUp(RegionSize[R], Page);
    }
    Code->Size = std::max(Total, Page);
    return true;
  }

  bool place(Object &O, size_t I) {
    const Elf64_Shdr &S = O.Sections[I];
    if (S.sh_type == SHT_RELA) {
      GotSlots += S.sh_size / sizeof(Elf64_Rela);
      return true;
    }
    if (S.sh_type == SHT_REL)
      return fail("REL relocations (only RELA is expected on x86-64)");
    if (!(S.sh_flags & SHF_ALLOC) || S.sh_size == 0)
      return true;
    std::string_view Name = sectionName(O, S);
    if (Name == ".eh_frame")
      return true; // unwind tables: nothing unwinds through kernels
    if (S.sh_flags & SHF_TLS || Name.starts_with(".init_array") || Name.starts_with(".ctors") ||
        Name.starts_with(".fini_array") || Name.starts_with(".dtors"))
      return fail("unsupported section " + std::string(Name));
    size_t Align = std::max<size_t>(S.sh_addralign, 1);
    if (Align & (Align - 1) || Align > 4096)
      return fail("bad section alignment");
    if (S.sh_size > (size_t(1) << 40))
      return fail("section too large");
    Region R = S.sh_type == SHT_NOBITS        ? Writable
               : S.sh_flags & SHF_EXECINSTR ? Text
               : S.sh_flags & SHF_WRITE     ? Writable
                                            : ReadOnly;
    size_t At = alignUp(RegionSize[R], Align);
    RegionSize[R] = At + S.sh_size;
    Placements.push_back({&O, I, R, At});
    return true;
  }

  bool map() {
    void *Map = mmap(nullptr, Code->Size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (Map == MAP_FAILED)
      return fail("cannot map " + std::to_string(Code->Size) + " bytes for the program's code");
    Code->Base = Map;
    Base = static_cast<std::byte *>(Map);
    for (const Placement &P : Placements) {
      P.O->Placed[P.Section] = RegionAt[P.In] + P.At;
      const Elf64_Shdr &S = P.O->Sections[P.Section];
      if (S.sh_type != SHT_NOBITS)
        std::memcpy(Base + P.O->Placed[P.Section], P.O->Data.data() + S.sh_offset, S.sh_size);
    }
    return true;
  }

  /// Where a symbol an object defines ended up; null if its section was not loaded, or if the
  /// symbol lies outside its section (a damaged object: the address would point anywhere).
  std::byte *defined(const Object &O, size_t I) const {
    const Elf64_Sym &S = O.Symbols[I];
    if (S.st_shndx == SHN_COMMON)
      return Base + RegionAt[Writable] + O.Common[I];
    if (S.st_shndx == SHN_ABS)
      return reinterpret_cast<std::byte *>(S.st_value);
    if (S.st_shndx == SHN_UNDEF || S.st_shndx >= O.Sections.size() || O.Placed[S.st_shndx] == NotPlaced ||
        S.st_value > O.Sections[S.st_shndx].sh_size)
      return nullptr;
    return Base + O.Placed[S.st_shndx] + S.st_value;
  }

  /// The objects' global and weak definitions (one object may call into another); a strong
  /// definition overrides a weak one, two strong ones are an error.
  bool bindGlobals() {
    std::unordered_map<std::string, bool> IsWeak; // of the definition kept
    for (const Object &O : Parsed)
      for (size_t I = 1; I < O.Symbols.size(); ++I) {
        const Elf64_Sym &S = O.Symbols[I];
        const unsigned Binding = ELF64_ST_BIND(S.st_info);
        if ((Binding != STB_GLOBAL && Binding != STB_WEAK) || S.st_shndx == SHN_UNDEF)
          continue;
        std::byte *Address = defined(O, I);
        if (!Address)
          continue;
        std::string Name(O.name(S));
        const bool Weak = Binding == STB_WEAK;
        auto [It, New] = Code->Globals.emplace(Name, Address);
        if (New) {
          IsWeak[Name] = Weak;
        } else if (IsWeak[Name] && !Weak) {
          It->second = Address;
          IsWeak[Name] = false;
        } else if (!IsWeak[Name] && !Weak) {
          return fail("symbol " + Name + " is defined twice");
        }
      }
    return true;
  }

  /// What relocation symbol Index of O stands for: a section, a local definition, a global of
  /// the objects, or (External) something Resolve finds.
  std::byte *target(const Object &O, size_t Index, bool &External) {
    const Elf64_Sym &Sym = O.Symbols[Index];
    External = false;
    if (ELF64_ST_TYPE(Sym.st_info) == STT_SECTION)
      return Sym.st_shndx < O.Sections.size() && O.Placed[Sym.st_shndx] != NotPlaced
                 ? Base + O.Placed[Sym.st_shndx]
                 : nullptr;
    if (Sym.st_shndx != SHN_UNDEF && ELF64_ST_BIND(Sym.st_info) == STB_LOCAL)
      return defined(O, Index);
    std::string_view Name = O.name(Sym);
    if (auto It = Code->Globals.find(std::string(Name)); It != Code->Globals.end())
      return static_cast<std::byte *>(It->second);
    External = true;
    return static_cast<std::byte *>(Resolve(Name));
  }

  /// A jump to Target within reach of the code: `jmp *2(%rip); ud2; .quad Target`.
  std::byte *stubFor(std::byte *Target) {
    auto [It, New] = Stubs.emplace(Target, nullptr);
    if (New) {
      std::byte *Stub = Base + RegionAt[Text] + StubsAt + NextStub++ * StubBytes;
      const unsigned char Jump[8] = {0xff, 0x25, 0x02, 0x00, 0x00, 0x00, 0x0f, 0x0b};
      std::memcpy(Stub, Jump, 8);
      std::memcpy(Stub + 8, &Target, 8);
      It->second = Stub;
    }
    return It->second;
  }

  /// An address-table slot holding Target, for GOT-relative references.
  std::byte *gotFor(std::byte *Target) {
    auto [It, New] = Got.emplace(Target, nullptr);
    if (New) {
      std::byte *Slot = Base + RegionAt[ReadOnly] + GotAt + NextGot++ * 8;
      std::memcpy(Slot, &Target, 8);
      It->second = Slot;
    }
    return It->second;
  }

  bool relocate(Object &O, const Elf64_Shdr &RS) {
    if (RS.sh_info >= O.Sections.size() || O.Placed[RS.sh_info] == NotPlaced)
      return true; // relocations of a section not loaded (.eh_frame, debug information)
    if (RS.sh_entsize != sizeof(Elf64_Rela))
      return fail("malformed relocations");
    const Elf64_Shdr &Section = O.Sections[RS.sh_info];
    for (uint64_t At = 0; At + sizeof(Elf64_Rela) <= RS.sh_size; At += sizeof(Elf64_Rela)) {
      Elf64_Rela Rel;
      readAt(O.Data, RS.sh_offset + At, Rel);
      const unsigned Type = ELF64_R_TYPE(Rel.r_info);
      const size_t Index = ELF64_R_SYM(Rel.r_info);
      if (Type == R_X86_64_NONE)
        continue;
      if (Index >= O.Symbols.size())
        return fail("relocation against a missing symbol");
      const size_t Width = Type == R_X86_64_64 || Type == R_X86_64_PC64 ? 8 : 4;
      if (Rel.r_offset > Section.sh_size || Section.sh_size - Rel.r_offset < Width ||
          Section.sh_type == SHT_NOBITS)
        return fail("relocation outside its section");
      bool External;
      std::byte *S = target(O, Index, External);
      if (!S)
        return fail("undefined symbol " + std::string(O.name(O.Symbols[Index])));
      if (!apply(Type, Base + O.Placed[RS.sh_info] + Rel.r_offset, S, Rel.r_addend, External,
                 O.name(O.Symbols[Index])))
        return false;
    }
    return true;
  }

  /// Writes one relocation at P: symbol S plus addend A, in the form Type asks for.
  bool apply(unsigned Type, std::byte *P, std::byte *S, int64_t A, bool External, std::string_view Name) {
    // Modulo 2^64, as the processor adds (a damaged object's addend may be anything).
    auto Relative = [&](const std::byte *To) {
      return int64_t(uint64_t(reinterpret_cast<uintptr_t>(To) - reinterpret_cast<uintptr_t>(P)) + uint64_t(A));
    };
    auto Put32 = [&](int64_t V) {
      int32_t W = int32_t(V);
      std::memcpy(P, &W, 4);
    };
    switch (Type) {
    case R_X86_64_64: {
      uint64_t V = uint64_t(reinterpret_cast<uintptr_t>(S)) + uint64_t(A);
      std::memcpy(P, &V, 8);
      return true;
    }
    case R_X86_64_PC64: {
      int64_t V = Relative(S);
      std::memcpy(P, &V, 8);
      return true;
    }
    case R_X86_64_PC32:
    case R_X86_64_PLT32: {
      int64_t V = Relative(S);
      if (!fitsInt32(V) && External) // a C library routine far from the mapping: through a stub
        V = Relative(stubFor(S));
      if (!fitsInt32(V))
        return fail("a 32-bit relocation cannot reach " + std::string(Name));
      Put32(V);
      return true;
    }
    case R_X86_64_GOTPCREL:
    case R_X86_64_GOTPCRELX:
    case R_X86_64_REX_GOTPCRELX: {
      int64_t V = Relative(gotFor(S));
      if (!fitsInt32(V))
        return fail("a GOT-relative relocation out of range");
      Put32(V);
      return true;
    }
    case R_X86_64_32:
    case R_X86_64_32S: {
      uint64_t V = uint64_t(reinterpret_cast<uintptr_t>(S)) + uint64_t(A);
      if (Type == R_X86_64_32 ? V > UINT32_MAX : !fitsInt32(int64_t(V)))
        return fail("a 32-bit absolute relocation (code not position-independent)");
      Put32(int64_t(V));
      return true;
    }
    default:
      return fail("unsupported relocation type " + std::to_string(Type));
    }
  }

  /// The functions each object defines, with their places (for profilers' symbol maps).
  void listFunctions() {
    for (const Object &O : Parsed)
      for (size_t I = 1; I < O.Symbols.size(); ++I) {
        const Elf64_Sym &S = O.Symbols[I];
        if (ELF64_ST_TYPE(S.st_info) != STT_FUNC || S.st_size == 0)
          continue;
        if (std::byte *Address = defined(O, I))
          Code->Functions.push_back({Address, S.st_size, std::string(O.name(S))});
      }
  }

  /// The text executable, the read-only data (and address table) read-only.
  bool protect() {
    if ((RegionSize[Text] &&
         mprotect(Base + RegionAt[Text], alignUp(RegionSize[Text], Page), PROT_READ | PROT_EXEC)) ||
        (RegionSize[ReadOnly] &&
         mprotect(Base + RegionAt[ReadOnly], alignUp(RegionSize[ReadOnly], Page), PROT_READ)))
      return fail("cannot protect the program's code");
    return true;
  }

  struct Placement {
    Object *O;
    size_t Section;
    Region In;
    size_t At; ///< offset in its region
  };

  const LoadedCode::Resolver &Resolve;
  std::string &Error;
  std::vector<Object> Parsed;
  std::unique_ptr<LoadedCode> Code;
  std::byte *Base = nullptr;
  size_t Page = 4096;
  size_t RegionSize[Regions] = {}, RegionAt[Regions] = {};
  std::vector<Placement> Placements;
  size_t GotSlots = 0, StubsAt = 0, GotAt = 0, NextStub = 0, NextGot = 0;
  std::set<std::string, std::less<>> ExternalNames;
  std::unordered_map<const void *, std::byte *> Stubs, Got;
};

std::unique_ptr<LoadedCode> LoadedCode::load(const std::vector<std::string> &Objects,
                                             const Resolver &Resolve, std::string &Error) {
  return ElfLoader(Resolve, Error).run(Objects);
}

LoadedCode::~LoadedCode() {
  if (Base)
    munmap(Base, Size);
}

void *LoadedCode::symbol(std::string_view Name) const {
  auto It = Globals.find(std::string(Name));
  return It == Globals.end() ? nullptr : It->second;
}

namespace {

/// cl_khr_kernel_clock's clock (builtins/src/clock.cl): CLOCK_MONOTONIC in nanoseconds, one clock
/// for every thread of the process, read through the vDSO.
uint64_t monotonicNanoseconds() {
  timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return uint64_t(T.tv_sec) * 1000000000u + uint64_t(T.tv_nsec);
}

/// What compiled kernels may call outside their own module, and where it is: the C library
/// routines LLVM emits for memory intrinsics and for math it does not inline, including those its
/// library-call simplifier introduces during code generation (sinf and cosf of one value become
/// sincosf, exp2 of an integer ldexp, pow(10, x) exp10). Addresses from this library (which links
/// libm), not looked up in the process: the application need not link libm.
const std::map<std::string, void *> &processSymbols() {
  using F1 = float (*)(float);
  using F2 = float (*)(float, float);
  using F3 = float (*)(float, float, float);
  using D1 = double (*)(double);
  using D2 = double (*)(double, double);
  using D3 = double (*)(double, double, double);
  auto P = [](auto *Function) { return reinterpret_cast<void *>(Function); };
  static const std::map<std::string, void *> Symbols = {
      {"memcpy", P(&::memcpy)},       {"memmove", P(&::memmove)},     {"memset", P(&::memset)},
      {"fmodf", P(F2(&::fmodf))},     {"fmod", P(D2(&::fmod))},       {"exp2f", P(F1(&::exp2f))},
      {"exp2", P(D1(&::exp2))},       {"expf", P(F1(&::expf))},       {"exp", P(D1(&::exp))},
      {"logf", P(F1(&::logf))},       {"log", P(D1(&::log))},         {"log2f", P(F1(&::log2f))},
      {"log2", P(D1(&::log2))},       {"powf", P(F2(&::powf))},       {"pow", P(D2(&::pow))},
      {"sinf", P(F1(&::sinf))},       {"sin", P(D1(&::sin))},         {"cosf", P(F1(&::cosf))},
      {"cos", P(D1(&::cos))},         {"sqrtf", P(F1(&::sqrtf))},     {"sqrt", P(D1(&::sqrt))},
      {"floorf", P(F1(&::floorf))},   {"floor", P(D1(&::floor))},     {"ceilf", P(F1(&::ceilf))},
      {"ceil", P(D1(&::ceil))},       {"truncf", P(F1(&::truncf))},   {"trunc", P(D1(&::trunc))},
      {"roundf", P(F1(&::roundf))},   {"round", P(D1(&::round))},     {"rintf", P(F1(&::rintf))},
      {"rint", P(D1(&::rint))},       {"fmaf", P(F3(&::fmaf))},       {"fma", P(D3(&::fma))},
      {"__extendhfsf2", P(&::__extendhfsf2)}, {"__truncsfhf2", P(&::__truncsfhf2)},
      {"__truncdfhf2", P(&::__truncdfhf2)},
      {"sincosf", P(static_cast<void (*)(float, float *, float *)>(&::sincosf))},
      {"sincos", P(static_cast<void (*)(double, double *, double *)>(&::sincos))},
      {"exp10f", P(F1(&::exp10f))},   {"exp10", P(D1(&::exp10))},
      {"ldexpf", P(static_cast<float (*)(float, int)>(&::ldexpf))},
      {"ldexp", P(static_cast<double (*)(double, int)>(&::ldexp))},
      {"__powisf2", P(&::__powisf2)}, {"__powidf2", P(&::__powidf2)},
      {"fmaxf", P(F2(&::fmaxf))},     {"fmax", P(D2(&::fmax))},       {"fminf", P(F2(&::fminf))},
      {"fmin", P(D2(&::fmin))},       {"nearbyintf", P(F1(&::nearbyintf))},
      {"nearbyint", P(D1(&::nearbyint))}, {"roundevenf", P(F1(&::roundevenf))},
      {"roundeven", P(D1(&::roundeven))},
      // The float math built-ins' routines (builtins/src/math.cl), and their double forms.
      {"tanf", P(F1(&::tanf))},       {"tan", P(D1(&::tan))},         {"asinf", P(F1(&::asinf))},
      {"asin", P(D1(&::asin))},       {"acosf", P(F1(&::acosf))},     {"acos", P(D1(&::acos))},
      {"atanf", P(F1(&::atanf))},     {"atan", P(D1(&::atan))},       {"atan2f", P(F2(&::atan2f))},
      {"atan2", P(D2(&::atan2))},     {"sinhf", P(F1(&::sinhf))},     {"sinh", P(D1(&::sinh))},
      {"coshf", P(F1(&::coshf))},     {"cosh", P(D1(&::cosh))},       {"tanhf", P(F1(&::tanhf))},
      {"tanh", P(D1(&::tanh))},       {"asinhf", P(F1(&::asinhf))},   {"asinh", P(D1(&::asinh))},
      {"acoshf", P(F1(&::acoshf))},   {"acosh", P(D1(&::acosh))},     {"atanhf", P(F1(&::atanhf))},
      {"atanh", P(D1(&::atanh))},     {"log10f", P(F1(&::log10f))},   {"log10", P(D1(&::log10))},
      {"log1pf", P(F1(&::log1pf))},   {"log1p", P(D1(&::log1p))},     {"expm1f", P(F1(&::expm1f))},
      {"expm1", P(D1(&::expm1))},     {"cbrtf", P(F1(&::cbrtf))},     {"cbrt", P(D1(&::cbrt))},
      {"erff", P(F1(&::erff))},       {"erf", P(D1(&::erf))},         {"erfcf", P(F1(&::erfcf))},
      {"erfc", P(D1(&::erfc))},       {"tgammaf", P(F1(&::tgammaf))}, {"tgamma", P(D1(&::tgamma))},
      {"lgammaf", P(F1(&::lgammaf))}, {"lgamma", P(D1(&::lgamma))},   {"logbf", P(F1(&::logbf))},
      {"logb", P(D1(&::logb))},       {"hypotf", P(F2(&::hypotf))},   {"hypot", P(D2(&::hypot))},
      {"remainderf", P(F2(&::remainderf))}, {"remainder", P(D2(&::remainder))},
      {"fdimf", P(F2(&::fdimf))},     {"fdim", P(D2(&::fdim))},
      {"frexpf", P(static_cast<float (*)(float, int *)>(&::frexpf))},
      {"frexp", P(static_cast<double (*)(double, int *)>(&::frexp))},
      {"lgammaf_r", P(&::lgammaf_r)}, {"lgamma_r", P(&::lgamma_r)},
      {"__weft_clock_ns", P(&monotonicNanoseconds)}};
  return Symbols;
}

class LoadedExecutable final : public compiler::Executable {
public:
  LoadedExecutable(std::unique_ptr<LoadedCode> Code, std::vector<compiler::KernelBinary> Kernels,
                   uint64_t GlobalBytes)
      : Code(std::move(Code)), Kernels(std::move(Kernels)), GlobalBytes(GlobalBytes) {
    ByName.reserve(this->Kernels.size());
    for (const compiler::KernelBinary &K : this->Kernels)
      ByName.emplace(K.Info.Name, &K);
  }
  const std::vector<compiler::KernelBinary> &kernels() const override { return Kernels; }
  const compiler::KernelBinary *kernel(std::string_view Name) const override {
    auto It = ByName.find(Name);
    return It == ByName.end() ? nullptr : It->second;
  }
  uint64_t globalVariableBytes() const override { return GlobalBytes; }
  const std::vector<compiler::CodeSymbol> &functions() const override { return Code->functions(); }

private:
  std::unique_ptr<LoadedCode> Code; // the code the kernels' functions point into, and the
                                    // program's global variables
  std::vector<compiler::KernelBinary> Kernels;
  std::unordered_map<std::string_view, const compiler::KernelBinary *> ByName; // views of Kernels' names
  uint64_t GlobalBytes;
};

} // namespace

std::shared_ptr<compiler::Executable> loadProgram(const std::vector<std::string> &Objects, std::vector<compiler::KernelBinary> Kernels,
                                        uint64_t GlobalVariableBytes, std::string &Log) {
  auto Library = [](std::string_view Name) -> void * {
    auto It = processSymbols().find(std::string(Name));
    return It == processSymbols().end() ? nullptr : It->second;
  };
  std::string Error;
  std::unique_ptr<LoadedCode> Code = LoadedCode::load(Objects, Library, Error);
  if (!Code) {
    Log += "internal error: the program's code does not load: " + Error + "\n";
    return nullptr;
  }
  for (compiler::KernelBinary &K : Kernels) {
    void *Address = Code->symbol(abi::WorkGroupPrefix + K.Info.Name);
    if (!Address) {
      Log += "internal error: no work-group function for kernel " + K.Info.Name + "\n";
      return nullptr;
    }
    K.Run = reinterpret_cast<abi::WorkGroupFn>(Address);
  }
  return std::make_shared<LoadedExecutable>(std::move(Code), std::move(Kernels), GlobalVariableBytes);
}

bool isLibraryFunction(std::string_view Name) { return processSymbols().count(std::string(Name)) > 0; }

} // namespace weft::store
