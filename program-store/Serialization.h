// Weft's own file formats (the disk cache's entries and manifests, program binaries): an FNV-1a
// checksum, and fields written as bytes or length-prefixed strings, read back without ever
// reading past the end.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

namespace weft::store {

inline uint64_t fnv1a(const char *Data, size_t Size) {
  uint64_t H = 0xcbf29ce484222325ull;
  for (size_t I = 0; I < Size; ++I)
    H = (H ^ uint8_t(Data[I])) * 0x100000001b3ull;
  return H;
}

class Writer {
public:
  template <class T> void put(T V) { Out.append(reinterpret_cast<const char *>(&V), sizeof V); }
  void put(const std::string &S) {
    put<uint64_t>(S.size());
    Out += S;
  }
  std::string Out;
};

/// Reads Size bytes at Data from At on; every get fails (false) rather than read past the end.
class Reader {
public:
  Reader(const char *Data, size_t Size, size_t At) : Data(Data), Size(Size), At(At) {}
  Reader(const std::string &In, size_t At) : Reader(In.data(), In.size(), At) {}
  template <class T> bool get(T &V) {
    if (Size - At < sizeof V)
      return false;
    std::memcpy(&V, Data + At, sizeof V);
    At += sizeof V;
    return true;
  }
  bool get(std::string &S) {
    uint64_t Length;
    if (!get(Length) || Length > Size - At)
      return false;
    S.assign(Data + At, Length);
    At += Length;
    return true;
  }
  bool done() const { return At == Size; }

private:
  const char *Data;
  size_t Size;
  size_t At;
};

} // namespace weft::store
