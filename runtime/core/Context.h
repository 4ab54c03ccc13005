// A context: its devices, the properties it was made with, its error callback and destructor callbacks.
#pragma once

#include "runtime/core/Device.h"

#include <CL/cl.h>

#include <atomic>
#include <cstddef>
#include <functional>
#include <map>
#include <optional>
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

  /// Shared virtual memory (clSVMAlloc): host memory, which the device reads and writes in place.
  struct SvmAllocation {
    std::byte *Base = nullptr;
    size_t Size = 0;
    cl_svm_mem_flags Flags = 0;
  };
  /// Size bytes aligned to Alignment (a power of two); null if memory is short.
  void *svmAllocate(cl_svm_mem_flags Flags, size_t Size, size_t Alignment);
  /// Frees the allocation that starts at Ptr; false (nothing done) if none does.
  bool svmFree(void *Ptr);
  /// The allocation Ptr points into, if any.
  std::optional<SvmAllocation> svmAllocationOf(const void *Ptr) const;

  /// Checking mode: a program of this context was built with checks. From then on its map
  /// commands for writing and unmaps keep the record below (before, they only order the queue).
  void noteChecks() { Checks.store(true, std::memory_order_relaxed); }
  bool checks() const { return Checks.load(std::memory_order_relaxed); }
  /// Checking mode: host memory mapped for writing, from when each map command ran until its
  /// unmap ran (the mapping as the queues run it; MemObject's record is the API's, made when the
  /// map is enqueued). Ptr: what the map returned.
  void mapRan(const void *Ptr, const std::byte *Begin, size_t Bytes);
  /// The unmap of Ptr ran: its region, if mapped for writing, is no longer.
  void unmapRan(const void *Ptr);
  /// Whether a region mapped for writing overlaps [Begin, Begin + Bytes).
  bool mappedForWriting(const std::byte *Begin, size_t Bytes) const;

private:
  std::vector<Device *> Devices;
  std::vector<cl_context_properties> Properties;
  bool InteropUserSync;
  NotifyFn Notify;
  void *NotifyUserData;
  std::mutex CallbacksLock;
  std::vector<std::function<void()>> DestructorCallbacks;
  mutable std::mutex SvmLock;
  std::map<uintptr_t, SvmAllocation> Svm; ///< by base address
  struct MappedRegion {
    const void *Ptr;
    const std::byte *Begin;
    size_t Bytes;
  };
  std::atomic<bool> Checks{false};
  mutable std::mutex MappedLock;
  std::vector<MappedRegion> Mapped; ///< mapped for writing (a few at a time)
};

} // namespace weft
