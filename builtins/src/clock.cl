// cl_khr_kernel_clock: the device, work-group and sub-group clocks are one clock, CLOCK_MONOTONIC's
// nanoseconds, which the loader gives kernels as __weft_clock_ns (program-store/ObjectLoader.cpp): the
// same clock on every thread, so it never goes back within a work-group or across the device.
#include "defs.h"

ulong __weft_clock_ns(void);

OVL ulong clock_read_device(void) { return __weft_clock_ns(); }
OVL ulong clock_read_work_group(void) { return __weft_clock_ns(); }
OVL uint2 clock_read_hilo_device(void) {
  const ulong T = __weft_clock_ns();
  return (uint2)((uint)T, (uint)(T >> 32));
}
OVL uint2 clock_read_hilo_work_group(void) { return clock_read_hilo_device(); }
OVL ulong clock_read_sub_group(void) { return __weft_clock_ns(); }
OVL uint2 clock_read_hilo_sub_group(void) { return clock_read_hilo_device(); }
