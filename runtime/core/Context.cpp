// Contexts: error notification and destructor callbacks.
#include "runtime/core/Context.h"

#include <algorithm>
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

} // namespace weft
