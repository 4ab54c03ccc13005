// The single writer behind every clGet*Info: the param_value / size / size_ret rules, written once.
#pragma once

#include "runtime/core/Error.h"

#include <cstring>
#include <span>
#include <string_view>
#include <type_traits>

namespace weft::api {

/// Answers one clGet*Info query. "If param_value is NULL, it is ignored"; if it is not NULL and
/// param_value_size is smaller than the answer, CL_INVALID_VALUE; param_value_size_ret, when not
/// NULL, receives the answer's size.
class InfoWriter {
public:
  InfoWriter(cl_uint ParamName, size_t Size, void *Value, size_t *SizeRet)
      : ParamName(ParamName), Size(Size), Value(Value), SizeRet(SizeRet) {}

  Status bytes(const void *Data, size_t N) {
    if (Value) {
      if (Size < N)
        return Error(CL_INVALID_VALUE, cat("param_value_size ", Size, " is smaller than the ", N,
                                           " bytes the answer to query ", hex(ParamName),
                                           " needs"));
      if (N)
        std::memcpy(Value, Data, N);
    }
    if (SizeRet)
      *SizeRet = N;
    return Status::ok();
  }

  /// The size rules for an answer of N bytes that the caller fills in itself (the application's
  /// own buffers, as for CL_PROGRAM_BINARIES): nothing is copied into param_value.
  Status reserve(size_t N) {
    if (Value && Size < N)
      return Error(CL_INVALID_VALUE, cat("param_value_size ", Size, " is smaller than the ", N,
                                         " bytes the answer to query ", hex(ParamName), " needs"));
    if (SizeRet)
      *SizeRet = N;
    return Status::ok();
  }

  template <class T>
    requires std::is_trivially_copyable_v<T>
  Status operator()(const T &V) {
    return bytes(&V, sizeof V);
  }

  /// A string, with its terminating NUL.
  Status string(std::string_view S) {
    std::string Copy(S);
    return bytes(Copy.c_str(), Copy.size() + 1);
  }

  template <class T> Status array(std::span<const T> Items) {
    return bytes(Items.data(), Items.size_bytes());
  }

private:
  cl_uint ParamName;
  size_t Size;
  void *Value;
  size_t *SizeRet;
};

/// The error for a param_name that the query does not know.
inline Error unknownQuery(const char *What, cl_uint ParamName) {
  return Error(CL_INVALID_VALUE, cat("param_name ", hex(ParamName), " is not a ", What, " query"));
}

} // namespace weft::api
