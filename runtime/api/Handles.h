// Converting cl_* handles to Weft objects and back: the only place a handle is looked into.
#pragma once

#include "runtime/core/Context.h"
#include "runtime/core/Error.h"
#include "runtime/core/Event.h"
#include "runtime/core/Kernel.h"
#include "runtime/core/Memory.h"
#include "runtime/core/Platform.h"
#include "runtime/core/Queue.h"

#include <CL/cl.h>

namespace weft::api {

template <class T> struct HandleTraits;

template <> struct HandleTraits<Platform> {
  using Handle = cl_platform_id;
  static constexpr ObjectType Type = ObjectType::Platform;
  static constexpr cl_int Invalid = CL_INVALID_PLATFORM;
  static constexpr const char *Name = "platform";
};
template <> struct HandleTraits<Device> {
  using Handle = cl_device_id;
  static constexpr ObjectType Type = ObjectType::Device;
  static constexpr cl_int Invalid = CL_INVALID_DEVICE;
  static constexpr const char *Name = "device";
};
template <> struct HandleTraits<Context> {
  using Handle = cl_context;
  static constexpr ObjectType Type = ObjectType::Context;
  static constexpr cl_int Invalid = CL_INVALID_CONTEXT;
  static constexpr const char *Name = "context";
};

template <> struct HandleTraits<Queue> {
  using Handle = cl_command_queue;
  static constexpr ObjectType Type = ObjectType::Queue;
  static constexpr cl_int Invalid = CL_INVALID_COMMAND_QUEUE;
  static constexpr const char *Name = "command_queue";
};
template <> struct HandleTraits<MemObject> {
  using Handle = cl_mem;
  static constexpr ObjectType Type = ObjectType::Memory;
  static constexpr cl_int Invalid = CL_INVALID_MEM_OBJECT;
  static constexpr const char *Name = "memory object";
};
template <> struct HandleTraits<Event> {
  using Handle = cl_event;
  static constexpr ObjectType Type = ObjectType::Event;
  static constexpr cl_int Invalid = CL_INVALID_EVENT;
  static constexpr const char *Name = "event";
};

template <> struct HandleTraits<Program> {
  using Handle = cl_program;
  static constexpr ObjectType Type = ObjectType::Program;
  static constexpr cl_int Invalid = CL_INVALID_PROGRAM;
  static constexpr const char *Name = "program";
};
template <> struct HandleTraits<Kernel> {
  using Handle = cl_kernel;
  static constexpr ObjectType Type = ObjectType::Kernel;
  static constexpr cl_int Invalid = CL_INVALID_KERNEL;
  static constexpr const char *Name = "kernel";
};

/// The object a handle names, or that type's CL_INVALID_* error if it is null, of another type,
/// or released.
template <class T> Expected<T *> toObject(typename HandleTraits<T>::Handle H) {
  using Traits = HandleTraits<T>;
  if (!H)
    return Error(Traits::Invalid, cat(Traits::Name, " is NULL"));
  Object *O = Object::fromHandle(H, Traits::Type);
  if (!O)
    return Error(Traits::Invalid,
                 cat(Traits::Name, " ", static_cast<const void *>(H), " is not a valid ",
                     Traits::Name));
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

/// The platform named by a handle; NULL means Weft's platform (the spec leaves NULL
/// implementation-defined).
inline Expected<Platform *> toPlatformOrDefault(cl_platform_id H) {
  if (!H)
    return &Platform::get();
  return toObject<Platform>(H);
}

} // namespace weft::api
