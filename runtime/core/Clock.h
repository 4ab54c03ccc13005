// The host timer that device timestamps and profiling share.
#pragma once

#include <cstdint>
#include <ctime>

namespace weft {

/// Nanoseconds of CLOCK_MONOTONIC: the host timer and, on a CPU, the device timer too.
inline uint64_t hostTimeNs() {
  timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return uint64_t(T.tv_sec) * 1000000000u + uint64_t(T.tv_nsec);
}

/// The resolution of hostTimeNs() in nanoseconds (at least 1).
inline uint64_t hostTimerResolutionNs() {
  timespec T;
  if (clock_getres(CLOCK_MONOTONIC, &T) != 0)
    return 1;
  uint64_t Ns = uint64_t(T.tv_sec) * 1000000000u + uint64_t(T.tv_nsec);
  return Ns ? Ns : 1;
}

} // namespace weft
