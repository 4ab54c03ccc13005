// Converting cl_* handles to Weft objects and back: the only place a handle is looked into.
#pragma once

#include "runtime/core/Context.h"
#include "runtime/core/Error.h"
#include "runtime/core/Event.h"
#include "runtime/core/Kernel.h"
#include "runtime/core/Memory.h"
#include "runtime/core/Platform.h"
#include "runtime/core/Queue.h"
#include "runtime/core/Sampler.h"

#include <CL/cl.h>

namespace weft::api {

/// What converting a handle to an object of type T needs: the handle type, the object's type tag
/// and the error an invalid handle of that kind is.
template <class T> struct HandleTraits;
template <class H, ObjectType Tag, cl_int Code> struct HandleKind {
  using Handle = H;
  static constexpr ObjectType Type = Tag;
  static constexpr cl_int Invalid = Code;
};
template <> struct HandleTraits<Platform> : HandleKind<cl_platform_id, ObjectType::Platform, CL_INVALID_PLATFORM> {};
template <> struct HandleTraits<Device> : HandleKind<cl_device_id, ObjectType::Device, CL_INVALID_DEVICE> {};
template <> struct HandleTraits<Context> : HandleKind<cl_context, ObjectType::Context, CL_INVALID_CONTEXT> {};
template <> struct HandleTraits<Queue> : HandleKind<cl_command_queue, ObjectType::Queue, CL_INVALID_COMMAND_QUEUE> {};
template <> struct HandleTraits<MemObject> : HandleKind<cl_mem, ObjectType::Memory, CL_INVALID_MEM_OBJECT> {};
template <> struct HandleTraits<Sampler> : HandleKind<cl_sampler, ObjectType::Sampler, CL_INVALID_SAMPLER> {};
template <> struct HandleTraits<Event> : HandleKind<cl_event, ObjectType::Event, CL_INVALID_EVENT> {};
template <> struct HandleTraits<Program> : HandleKind<cl_program, ObjectType::Program, CL_INVALID_PROGRAM> {};
template <> struct HandleTraits<Kernel> : HandleKind<cl_kernel, ObjectType::Kernel, CL_INVALID_KERNEL> {};

/// What error messages call an object of type T: the spec's parameter name for it.
constexpr const char *handleName(ObjectType T) {
  switch (T) {
  case ObjectType::Platform: return "platform";
  case ObjectType::Device: return "device";
  case ObjectType::Context: return "context";
  case ObjectType::Queue: return "command_queue";
  case ObjectType::Memory: return "memory object";
  case ObjectType::Sampler: return "sampler";
  case ObjectType::Program: return "program";
  case ObjectType::Kernel: return "kernel";
  case ObjectType::Event: return "event";
  }
  return "object";
}

/// The object a handle names, or that type's CL_INVALID_* error if it is null, of another type,
/// or released.
template <class T> Expected<T *> toObject(typename HandleTraits<T>::Handle H) {
  using Traits = HandleTraits<T>;
  const char *Name = handleName(Traits::Type);
  if (!H)
    return Error(Traits::Invalid, cat(Name, " is NULL"));
  Object *O = Object::fromHandle(H, Traits::Type);
  if (!O)
    return Error(Traits::Invalid, cat(Name, " ", static_cast<const void *>(H), " is not a valid ", Name));
  return static_cast<T *>(O);
}

template <class T> typename HandleTraits<T>::Handle toHandle(T *O) {
  return O ? reinterpret_cast<typename HandleTraits<T>::Handle>(O->handle()) : nullptr;
}

/// clRetain* for an object type: one more API reference, or the type's CL_INVALID_*.
template <class T> Status retainHandle(typename HandleTraits<T>::Handle H) {
  auto O = toObject<T>(H);
  if (!O)
    return O.takeError();
  (*O)->retainApi();
  return Status::ok();
}

/// clRelease* for an object type: one API reference less (the object goes when nothing else
/// holds it), or the type's CL_INVALID_*.
template <class T> Status releaseHandle(typename HandleTraits<T>::Handle H) {
  auto O = toObject<T>(H);
  if (!O)
    return O.takeError();
  (*O)->releaseApi();
  return Status::ok();
}

/// The context an object belongs to (a context's is itself), or null if the handle does not name a
/// live object of its kind: where an entry point's errors are reported (Entry.h).
template <class T> Context *contextOfObject(typename HandleTraits<T>::Handle H) {
  Object *O = Object::fromHandle(H, HandleTraits<T>::Type);
  return O ? &static_cast<T *>(O)->context() : nullptr;
}
inline Context *contextOf(cl_context H) {
  return static_cast<Context *>(Object::fromHandle(H, ObjectType::Context));
}
inline Context *contextOf(cl_command_queue H) { return contextOfObject<Queue>(H); }
inline Context *contextOf(cl_mem H) { return contextOfObject<MemObject>(H); }
inline Context *contextOf(cl_program H) { return contextOfObject<Program>(H); }
inline Context *contextOf(cl_kernel H) { return contextOfObject<Kernel>(H); }
inline Context *contextOf(cl_event H) { return contextOfObject<Event>(H); }
inline Context *contextOf(cl_sampler H) { return contextOfObject<Sampler>(H); }

/// The platform named by a handle; NULL means Weft's platform (the spec leaves NULL
/// implementation-defined).
inline Expected<Platform *> toPlatformOrDefault(cl_platform_id H) {
  if (!H)
    return &Platform::get();
  return toObject<Platform>(H);
}

} // namespace weft::api
