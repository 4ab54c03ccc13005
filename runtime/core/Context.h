// A context: its devices, the properties it was made with, its error callback and destructor callbacks.
#pragma once

#include "runtime/core/Device.h"

#include <CL/cl.h>

#include <functional>
#include <mutex>
#include <string_view>
#include <vector>

namespace weft {

class Context : public Object {
public:
  using NotifyFn = void(CL_CALLBACK *)(const char *ErrInfo, const void *PrivateInfo, size_t Cb,
                                       void *UserData);

  Context(std::vector<Device *> Devices, std::vector<cl_context_properties> Properties,
          bool InteropUserSync, NotifyFn Notify, void *NotifyUserData);
  ~Context() override;

  const std::vector<Device *> &devices() const { return Devices; }
  bool hasDevice(const Device *D) const;
  /// The property list as the application gave it (with its terminating 0), or empty.
  const std::vector<cl_context_properties> &properties() const { return Properties; }
  bool interopUserSync() const { return InteropUserSync; }

  /// Passes an error description to the application's pfn_notify, if it gave one.
  void notify(std::string_view Message) const;

  /// Registers a callback run when the context is destroyed; callbacks run in reverse order of
  /// registration.
  void addDestructorCallback(std::function<void()> Callback);

private:
  std::vector<Device *> Devices;
  std::vector<cl_context_properties> Properties;
  bool InteropUserSync;
  NotifyFn Notify;
  void *NotifyUserData;
  std::mutex CallbacksLock;
  std::vector<std::function<void()>> DestructorCallbacks;
};

} // namespace weft
