// Errors as values: an OpenCL error code with the reason, and Expected<T> for functions that fail.
#pragma once

#include <CL/cl.h>

#include <cassert>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <variant>

namespace weft {

class Context;

/// A failed call: the spec's error code, why (with the values involved), and the context whose
/// pfn_notify should hear about it, if any.
class Error {
public:
  Error(cl_int Code, std::string Reason) : Code(Code), Reason(std::move(Reason)) {
    assert(Code != CL_SUCCESS);
  }
  cl_int code() const { return Code; }
  const std::string &reason() const { return Reason; }
  Context *context() const { return Ctx; }
  /// Names the context whose error callback is told about this error.
  Error &&in(Context *C) && {
    Ctx = C;
    return std::move(*this);
  }

private:
  cl_int Code;
  std::string Reason;
  Context *Ctx = nullptr;
};

/// A value or an Error.
template <class T> class [[nodiscard]] Expected {
public:
  Expected(T Value) : Storage(std::move(Value)) {}
  Expected(Error E) : Storage(std::move(E)) {}
  explicit operator bool() const { return Storage.index() == 0; }
  T &operator*() { return std::get<0>(Storage); }
  T *operator->() { return &std::get<0>(Storage); }
  Error &error() { return std::get<1>(Storage); }
  Error takeError() { return std::move(std::get<1>(Storage)); }

private:
  std::variant<T, Error> Storage;
};

/// Success, or an Error.
class [[nodiscard]] Status {
public:
  Status() = default;
  Status(Error E) : Err(std::move(E)) {}
  static Status ok() { return {}; }
  explicit operator bool() const { return !Err; }
  Error &error() { return *Err; }
  Error takeError() { return std::move(*Err); }

private:
  std::optional<Error> Err;
};

/// Formats a value as 0x-prefixed hexadecimal inside cat().
struct Hex {
  unsigned long long Value;
};
template <class T> Hex hex(T V) { return Hex{static_cast<unsigned long long>(V)}; }
inline std::ostream &operator<<(std::ostream &OS, Hex H) {
  return OS << "0x" << std::hex << H.Value << std::dec;
}

/// Concatenates anything printable: cat("size ", N, " exceeds ", Max).
template <class... A> std::string cat(const A &...Parts) {
  std::ostringstream OS;
  (OS << ... << Parts);
  return OS.str();
}

} // namespace weft
