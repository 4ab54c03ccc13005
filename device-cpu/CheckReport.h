// What a kernel built with checks found in one command: its first failure (of the lowest-numbered
// work-group that failed), from the work-items' slots (contracts/WorkGroupAbi.h, CheckSite).
#pragma once

#include "contracts/WorkGroupAbi.h"

#include <array>
#include <atomic>
#include <cstdint>
#include <mutex>
#include <utility>

namespace weft::cpu {

/// The local ids of the work-item with local linear id Linear in work-groups of Local items.
inline std::array<uint64_t, 3> localIds(uint64_t Linear, const std::array<uint64_t, 3> &Local) {
  return {Linear % Local[0], Linear / Local[0] % Local[1], Linear / (Local[0] * Local[1])};
}

/// One failure a check recorded (abi::CheckSite::Kind).
struct CheckFailure {
  uint64_t Site = 0; ///< abi::CheckSite
  uint64_t Address = 0; ///< or the offset, for an abi::CheckSite::Relative site
  const char *Memory = nullptr; ///< an array's description, from the kernel's code
  std::array<uint64_t, 3> LocalId{}, GroupId{};
};

/// A command's checks: of the failures found, the one of the lowest-numbered work-group is kept,
/// and once one is, only chunks of lower-numbered work-groups still start: the report does not
/// depend on which worker found its failure first.
struct CheckReport {
  std::mutex Lock;    ///< First, while chunks collect
  CheckFailure First; ///< read after the command's groups
  std::atomic<uint64_t> FirstGroup{UINT64_MAX}; ///< First's work-group (linear id), or none

  /// Whether a failure was kept (read after the command's groups).
  bool failed() const { return FirstGroup.load(std::memory_order_relaxed) != UINT64_MAX; }
  /// Whether a chunk of work-groups from Begin on need not run: a failure of a work-group before
  /// it is kept.
  bool stops(uint64_t Begin) const { return FirstGroup.load(std::memory_order_relaxed) <= Begin; }

  /// After work-group Group (linear id) of Local items ran with Slots, before its copies drain:
  /// what the copy engine found goes to work-item 0's entries if those are free: Misuse, the
  /// first misuse of its copies and waits (AsyncCopies::misuse: a site and its address entry),
  /// else Unwaited, the events it left live and where the earliest one's first copy is
  /// (AsyncCopies::unwaited). Only programs built with copy checks tell copies' places (the
  /// place's top bit, abi::WEFT_KERNEL_RUNTIME's AsyncCopy).
  static void noteCopies(uint64_t *Slots, const std::array<uint64_t, 3> &Local, uint64_t Group,
                         std::pair<uint64_t, uint64_t> Misuse, std::pair<size_t, uint64_t> Unwaited) {
    const auto [Events, Place] = Unwaited;
    if (Slots[0] || (!Misuse.first && (!Events || !Place)))
      return;
    const uint64_t Items = Local[0] * Local[1] * Local[2];
    Slots[0] = Misuse.first ? Misuse.first
                            : abi::CheckSite::UnwaitedSite |
                                  abi::CheckSite::at(Place >> 32 & 0x7fffffff, Place & 0xffffffff);
    Slots[Items] = Misuse.first ? Misuse.second : Events;
    Slots[2 * Items] = Group;
  }

  /// Looks at Slots (abi::CheckSite's arrays for work-groups of Local items) after a chunk of
  /// work-groups ran with them, and keeps the first failure recorded in them, if any, unless one
  /// of a lower-numbered work-group is kept already.
  void collect(const uint64_t *Slots, const std::array<uint64_t, 3> &Local,
               const std::array<uint64_t, 3> &Groups) {
    const uint64_t Items = Local[0] * Local[1] * Local[2];
    for (uint64_t I = 0; I < Items; ++I) {
      if (!Slots[I])
        continue;
      const uint64_t Group = Slots[2 * Items + I];
      std::lock_guard Guard(Lock);
      if (FirstGroup.load(std::memory_order_relaxed) <= Group)
        return;
      FirstGroup.store(Group, std::memory_order_relaxed);
      First.Site = Slots[I];
      First.Address = Slots[Items + I];
      First.Memory = reinterpret_cast<const char *>(Slots[3 * Items + I]);
      First.LocalId = localIds(I, Local);
      First.GroupId = {Group % Groups[0], Group / Groups[0] % Groups[1], Group / (Groups[0] * Groups[1])};
      return;
    }
  }
};

} // namespace weft::cpu
