// The base of every OpenCL object: the ICD handle, a type tag, and API and internal reference counts.
#pragma once

#include <atomic>
#include <cstdint>
#include <utility>

namespace weft {

enum class ObjectType : uint32_t {
  Platform,
  Device,
  Context,
  Queue,
  Memory,
  Sampler,
  Program,
  Kernel,
  Event,
};

class Object;

/// What a cl_* handle points at. The ICD loader reads the dispatch pointer at offset 0, so this
/// struct is standard-layout and lives inside the (polymorphic) object rather than at its start.
struct IcdHandle {
  const void *Dispatch;
  uint32_t Magic;
  ObjectType Type;
  Object *Self;
};

/// The dispatch table every handle carries; defined by icd/ (runtime/core never sees its type).
const void *icdDispatchTable();

/// An OpenCL object. Two counts keep it alive: the API count (clRetain*/clRelease*, reported by
/// *_REFERENCE_COUNT queries) and the internal count, which holds one reference for the API side
/// and one for each internal owner (a queue's context, a command's buffers...). The object is
/// deleted when the internal count reaches zero.
class Object {
public:
  static constexpr uint32_t LiveMagic = 0x57454654; // "WEFT"
  static constexpr uint32_t DeadMagic = 0xdeadbeef;

  explicit Object(ObjectType Type) : Handle{icdDispatchTable(), LiveMagic, Type, this} {}
  Object(const Object &) = delete;
  Object &operator=(const Object &) = delete;
  virtual ~Object() { Handle.Magic = DeadMagic; }

  ObjectType type() const { return Handle.Type; }
  IcdHandle *handle() { return &Handle; }

  /// The object behind Handle if it is a live object of type Type, else null.
  static Object *fromHandle(const void *Raw, ObjectType Type) {
    auto *H = static_cast<const IcdHandle *>(Raw);
    if (!H || H->Magic != LiveMagic || H->Type != Type || H->Self->apiRefCount() == 0)
      return nullptr;
    return H->Self;
  }

  uint32_t apiRefCount() const { return ApiRefs.load(std::memory_order_relaxed); }
  /// Whether the application has released the object (its handle is no longer valid), as far as
  /// can be told: an object Weft still holds reads as such; one deleted may read as anything.
  bool released() const { return Handle.Magic != LiveMagic || apiRefCount() == 0; }
  void retainApi() { ApiRefs.fetch_add(1, std::memory_order_relaxed); }
  /// Drops one API reference; when it was the last, drops the API side's internal reference.
  void releaseApi() {
    if (ApiRefs.fetch_sub(1, std::memory_order_acq_rel) == 1)
      release();
  }

  void retain() { Refs.fetch_add(1, std::memory_order_relaxed); }
  void release() {
    if (Refs.fetch_sub(1, std::memory_order_acq_rel) == 1)
      delete this;
  }

private:
  IcdHandle Handle;
  std::atomic<uint32_t> ApiRefs{1};
  std::atomic<uint32_t> Refs{1};
};

/// An owning internal reference to an object.
template <class T> class Ref {
public:
  Ref() = default;
  /// Adopts a reference the caller already holds (a new object's initial one).
  static Ref adopt(T *P) {
    Ref R;
    R.Ptr = P;
    return R;
  }
  explicit Ref(T *P) : Ptr(P) {
    if (Ptr)
      Ptr->retain();
  }
  Ref(const Ref &O) : Ref(O.Ptr) {}
  Ref(Ref &&O) noexcept : Ptr(std::exchange(O.Ptr, nullptr)) {}
  Ref &operator=(Ref O) noexcept {
    std::swap(Ptr, O.Ptr);
    return *this;
  }
  ~Ref() {
    if (Ptr)
      Ptr->release();
  }
  T *get() const { return Ptr; }
  T *operator->() const { return Ptr; }
  T &operator*() const { return *Ptr; }
  explicit operator bool() const { return Ptr != nullptr; }
  /// Gives up ownership without releasing.
  T *leak() { return std::exchange(Ptr, nullptr); }

private:
  T *Ptr = nullptr;
};

} // namespace weft
