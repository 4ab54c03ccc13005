// Typed placeholders for dispatch slots whose entry points are not implemented yet.
#pragma once

#include "runtime/core/Diagnostics.h"

#include <CL/cl.h>

#include <algorithm>
#include <cstddef>
#include <tuple>
#include <type_traits>

namespace weft::icd {

/// A string literal usable as a template argument.
template <size_t N> struct FixedString {
  char Chars[N];
  constexpr FixedString(const char (&S)[N]) { std::copy_n(S, N, Chars); }
};

template <FixedString Name, class Fn> struct Unsupported;

/// An entry point with the slot's exact signature that reports itself and fails:
/// CL_INVALID_OPERATION as the return code or in errcode_ret (a trailing cl_int *), null otherwise.
template <FixedString Name, class R, class... A> struct Unsupported<Name, R(CL_API_CALL *)(A...)> {
  static R CL_API_CALL entry(A... Args) {
    try {
      reportError(Name.Chars, Error(CL_INVALID_OPERATION, "not implemented by Weft yet"));
    } catch (...) {
    }
    if constexpr (std::is_same_v<R, cl_int>) {
      return CL_INVALID_OPERATION;
    } else {
      if constexpr (sizeof...(A) > 0) {
        using Last = std::tuple_element_t<sizeof...(A) - 1, std::tuple<A...>>;
        if constexpr (std::is_same_v<Last, cl_int *>)
          if (cl_int *ErrcodeRet = std::get<sizeof...(A) - 1>(std::tie(Args...)))
            *ErrcodeRet = CL_INVALID_OPERATION;
      }
      if constexpr (!std::is_void_v<R>)
        return R{};
    }
  }
};

/// The placeholder for a slot of type Slot; a slot the header types as void * (a Windows-only
/// sharing extension) stays null.
template <FixedString Name, class Slot> constexpr Slot unsupported() {
  if constexpr (std::is_pointer_v<Slot> && std::is_function_v<std::remove_pointer_t<Slot>>)
    return &Unsupported<Name, Slot>::entry;
  else
    return nullptr;
}

} // namespace weft::icd
