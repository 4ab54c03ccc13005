// Contexts: error notification and destructor callbacks.
#include "runtime/core/Context.h"

#include "runtime/core/DeviceMemory.h"

#include <algorithm>
#include <cstdlib>
#include <string>

namespace weft {

Context::Context(std::vector<Device *> Devices, std::vector<cl_context_properties> Properties,
                 bool InteropUserSync, NotifyFn Notify, void *NotifyUserData)
    : Object(ObjectType::Context), Devices(std::move(Devices)), Properties(std::move(Properties)),
      InteropUserSync(InteropUserSync), Notify(Notify), NotifyUserData(NotifyUserData) {
  for (Device *D : this->Devices)
    D->retain();
}

Context::~Context() {
  // "called in the reverse order of the registration", when the context is destroyed.
  for (auto It = DestructorCallbacks.rbegin(); It != DestructorCallbacks.rend(); ++It)
    (*It)();
  for (Device *D : Devices)
    D->release();
  // SVM the application never freed goes with its context.
  for (auto &[Base, A] : Svm)
    freeDeviceMemory(A.Base, A.Size);
}

bool Context::hasDevice(const Device *D) const {
  return std::find(Devices.begin(), Devices.end(), D) != Devices.end();
}

void Context::notify(std::string_view Message) const {
  if (!Notify)
    return;
  std::string Text(Message);
  Notify(Text.c_str(), nullptr, 0, NotifyUserData);
}

void Context::addDestructorCallback(std::function<void()> Callback) {
  std::lock_guard Lock(CallbacksLock);
  DestructorCallbacks.push_back(std::move(Callback));
}

void *Context::svmAllocate(cl_svm_mem_flags Flags, size_t Size, size_t Alignment) {
  std::byte *Base = allocateDeviceMemory(Size, Alignment);
  if (!Base)
    return nullptr;
  std::lock_guard Lock(SvmLock);
  Svm[reinterpret_cast<uintptr_t>(Base)] = SvmAllocation{Base, Size, Flags};
  return Base;
}

bool Context::svmFree(void *Ptr) {
  std::unique_lock Lock(SvmLock);
  auto It = Svm.find(reinterpret_cast<uintptr_t>(Ptr));
  if (It == Svm.end())
    return false;
  const size_t Size = It->second.Size;
  Svm.erase(It);
  Lock.unlock();
  freeDeviceMemory(Ptr, Size);
  return true;
}

std::optional<Context::SvmAllocation> Context::svmAllocationOf(const void *Ptr) const {
  const auto Address = reinterpret_cast<uintptr_t>(Ptr);
  std::lock_guard Lock(SvmLock);
  auto It = Svm.upper_bound(Address);
  if (It == Svm.begin())
    return std::nullopt;
  --It;
  if (Address - It->first >= It->second.Size)
    return std::nullopt;
  return It->second;
}

void Context::mapRan(const void *Ptr, const std::byte *Begin, size_t Bytes) {
  std::lock_guard Lock(MappedLock);
  Mapped.push_back({Ptr, Begin, Bytes});
}

void Context::unmapRan(const void *Ptr) {
  std::lock_guard Lock(MappedLock);
  auto It = std::find_if(Mapped.begin(), Mapped.end(), [Ptr](const MappedRegion &R) { return R.Ptr == Ptr; });
  if (It != Mapped.end())
    Mapped.erase(It);
}

bool Context::mappedForWriting(const std::byte *Begin, size_t Bytes) const {
  std::lock_guard Lock(MappedLock);
  return std::any_of(Mapped.begin(), Mapped.end(), [&](const MappedRegion &R) {
    return R.Begin < Begin + Bytes && Begin < R.Begin + R.Bytes;
  });
}

} // namespace weft
