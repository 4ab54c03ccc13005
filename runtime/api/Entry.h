// The one wrapper between the C ABI and Weft's C++: results to cl_int / errcode_ret, no exceptions
// out, and every failure reported to the context it concerns.
#pragma once

#include "runtime/api/Handles.h"
#include "runtime/core/Diagnostics.h"
#include "runtime/core/Clock.h"
#include "runtime/core/Error.h"
#include "runtime/core/Trace.h"

#include <new>

namespace weft::api {

namespace detail {
/// Reports without letting a second failure (say, out of memory while formatting) escape.
inline void reportNoThrow(const char *Function, const Error &E) noexcept {
  try {
    reportError(Function, E);
  } catch (...) {
  }
}

/// The error the exception being handled stands for (call it in a catch block).
inline Error currentError() {
  try {
    throw;
  } catch (const std::bad_alloc &) {
    return Error(CL_OUT_OF_HOST_MEMORY, "host memory allocation failed");
  } catch (const std::exception &E) {
    return Error(CL_OUT_OF_RESOURCES, E.what());
  } catch (...) {
    return Error(CL_OUT_OF_RESOURCES, "unexpected exception");
  }
}

/// Turns an exception escaping an entry point's body into the error it stands for, reported.
inline cl_int fromException(const char *Function) noexcept {
  try {
    Error E = currentError();
    reportNoThrow(Function, E);
    return E.code();
  } catch (...) { // no memory left even for the error
    return CL_OUT_OF_HOST_MEMORY;
  }
}

/// The timeline's slice of an entry point it shows (runtime/core/Trace.h), from construction to
/// destruction; nothing while the timeline is off.
class TracedCall {
public:
  explicit TracedCall(const char *Name)
      : Function(trace::on() && trace::shownCall(Name) ? Name : nullptr),
        Start(Function ? trace::now() : 0) {}
  ~TracedCall() {
    if (Function)
      try {
        trace::nameThread("application");
        trace::slice("api", Function, Start, trace::now(), trace::threadTrack());
      } catch (...) {
      }
  }
  TracedCall(const TracedCall &) = delete;
  TracedCall &operator=(const TracedCall &) = delete;

private:
  const char *Function;
  uint64_t Start;
};

/// Body's result, an exception it throws turned into its error, so that it can be given a context.
template <class F> auto orError(F &&Body) -> decltype(Body()) {
  try {
    return Body();
  } catch (...) {
    return currentError();
  }
}
/// An error that names no context yet concerns the one of the object Handle names, if it names
/// one: that context's pfn_notify hears of it.
template <class H> Error inContextOf(H Handle, Error E) {
  if (E.context())
    return E;
  return std::move(E).in(contextOf(Handle));
}
} // namespace detail

/// Runs the body of an entry point that returns cl_int. Body returns Status.
template <class F> cl_int call(const char *Function, F &&Body) noexcept {
  detail::TracedCall Traced(Function);
  try {
    Status S = Body();
    if (S)
      return CL_SUCCESS;
    detail::reportNoThrow(Function, S.error());
    return S.error().code();
  } catch (...) {
    return detail::fromException(Function);
  }
}

/// Runs the body of an entry point that returns a value and reports through errcode_ret (which
/// may be null). Body returns Expected<T>; on failure the entry point returns T{}.
template <class T, class F> T create(const char *Function, cl_int *ErrcodeRet, F &&Body) noexcept {
  detail::TracedCall Traced(Function);
  cl_int Code = CL_SUCCESS;
  T Result{};
  try {
    Expected<T> R = Body();
    if (R) {
      Result = *R;
    } else {
      detail::reportNoThrow(Function, R.error());
      Code = R.error().code();
    }
  } catch (...) {
    Code = detail::fromException(Function);
  }
  if (ErrcodeRet)
    *ErrcodeRet = Code;
  return Result;
}

/// call() for an entry point whose first object argument is Handle (a context, queue, memory
/// object, program, kernel or event): its errors are reported to Handle's context.
template <class H, class F> cl_int call(const char *Function, H Handle, F &&Body) noexcept {
  return call(Function, [&]() -> Status {
    Status S = detail::orError(Body);
    if (S)
      return S;
    return detail::inContextOf(Handle, S.takeError());
  });
}

/// create() for an entry point whose first object argument is Handle, likewise.
template <class T, class H, class F>
T create(const char *Function, H Handle, cl_int *ErrcodeRet, F &&Body) noexcept {
  return create<T>(Function, ErrcodeRet, [&]() -> Expected<T> {
    Expected<T> R = detail::orError(Body);
    if (R)
      return R;
    return detail::inContextOf(Handle, R.takeError());
  });
}

} // namespace weft::api
