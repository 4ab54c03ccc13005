// The disk cache's files, without LLVM: the compiler library writes them, and libweft.so reads
// them too, to load a program built before without opening the compiler library.
//
// Two kinds of file in the cache directory:
//   <key>.weft        an entry: a build's log, bitcode, native objects and kernel layouts, under
//                     the key of everything that decides the code (Cache.h: cacheKey, which needs
//                     Clang's preprocessor)
//   <direct key>.weftd  a manifest: under a key of what the application passes (source, options,
//                     in-memory headers, device, CPU), the entry's key and the files the build
//                     read (headers on disk, include directories, the compiler's libraries), each
//                     with its size, times and inode. If none changed, the entry is the build.
#pragma once

#include "contracts/Compiler.h"
#include "program-store/Sha256.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace weft::store {

/// What a cache entry holds: everything a build from source produces except the loaded code.
struct CachedBuild {
  std::string Log;
  std::string Bitcode;
  std::vector<std::string> Objects;
  std::vector<compiler::KernelBinary> Kernels; ///< without Run
  uint64_t GlobalVariableBytes = 0;
};

/// A build's bytes, as a cache entry and a program binary's native section hold them.
std::string encodeBuild(const CachedBuild &Build);
/// The build encoded in Data from Offset on; nullopt if malformed.
std::optional<CachedBuild> decodeBuild(const std::string &Data, size_t Offset = 0);
/// Build's code loaded (ObjectLoader); nullopt, with the loader's reason in Why, if it does not.
std::optional<compiler::BuildOutput> loadBuild(CachedBuild Build, std::string &Why);

/// The entry for Key in Directory; nullopt if there is none. A corrupt entry, another key's (each
/// file records its key), or anything but a regular file of a sane size at its path is also
/// nullopt, and Why says so.
std::optional<CachedBuild> readCache(const std::string &Directory, const std::string &Key,
                                     std::string &Why);

/// Stores an entry, atomically (a temporary file renamed into place); failures are silent (the
/// cache is an optimisation) except for Why.
void writeCache(const std::string &Directory, const std::string &Key, const CachedBuild &Entry,
                std::string &Why);

/// The build stored under Key in Directory, its code loaded (ObjectLoader); nullopt if there is
/// none, or it is damaged or does not load (then Why says so).
std::optional<compiler::BuildOutput> loadCachedBuild(const std::string &Directory, const std::string &Key,
                                           std::string &Why);

/// A file or directory as stat(2) saw it: any write, rename over it or metadata change changes
/// one of these (the change time cannot be set by the user).
struct FileStamp {
  std::string Path;
  uint64_t Size = 0, Device = 0, Inode = 0;
  int64_t ModifiedSec = 0, ModifiedNsec = 0, ChangedSec = 0, ChangedNsec = 0;
  bool operator==(const FileStamp &) const = default;
};
/// Path as it is now; nullopt if it cannot be stat'ed.
std::optional<FileStamp> stampOf(const std::string &Path);

/// What a manifest records.
struct Manifest {
  std::string EntryKey;
  std::vector<FileStamp> Files;
};

/// Adds what the application and the device put in In to a key: the device's extensions and
/// features, the options, the source and the in-memory headers.
void addProgramInput(Sha256 &Key, const compiler::CompileInput &In);

/// The manifest key of a build of In by the compiler library at CompilerLibrary: its source,
/// in-memory headers, options, the device's extensions and features, Weft's version and ABI, the
/// library's real path (two builds of Weft share a cache directory without sharing manifests)
/// and the host CPU (CPUID's identification and feature leaves, and the vector state the OS
/// enables).
std::string directKey(const compiler::CompileInput &In, const std::string &CompilerLibrary);

/// The GNU build id in the bytes of an ELF PT_NOTE segment, as hex; empty if it holds none. (The
/// compiler's cache key reads its own from memory, a binary's native key the compiler library's
/// from the file.)
std::string gnuBuildId(const char *Notes, size_t Size);

/// What identifies the ELF file at Path: "build-id <hex>" from its PT_NOTE segments read from the
/// file, or failing that "file <real path> <size> <modification time>". The compiler's cache key
/// (for itself, when its notes in memory hold no build id) and a binary's native key (for the
/// compiler library, without loading it) both take it.
std::string fileIdentity(const std::string &Path);

/// The key under which a program binary's native code is valid (program-store/ProgramBinary.h):
/// Weft's version and ABI, the build id of the compiler library at CompilerLibrary (read from the
/// file, without loading it), the host CPU, the build options and the program's bitcode.
std::string nativeKey(const std::string &Bitcode, const std::string &Options,
                      const std::string &CompilerLibrary);

void writeManifest(const std::string &Directory, const std::string &DirectKey, const Manifest &M,
                   std::string &Why);
/// The manifest for DirectKey if it exists, is intact and every file it lists is unchanged.
std::optional<Manifest> readManifest(const std::string &Directory, const std::string &DirectKey,
                                     std::string &Why);

/// A build of In by the compiler library at CompilerLibrary, found in Directory without opening
/// it: through its manifest to its entry, with the code loaded (ObjectLoader). Nullopt
/// otherwise; Trace says what happened.
std::optional<compiler::BuildOutput> findBuild(const compiler::CompileInput &In, const std::string &CompilerLibrary,
                                     const std::string &Directory, std::string &Trace);

} // namespace weft::store
