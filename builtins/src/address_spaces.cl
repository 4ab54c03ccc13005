// The generic address space's functions (OpenCL C 3.0 §6.15.9, __opencl_c_generic_address_space):
// to_global, to_local and to_private (Clang calls them __to_global etc.), and get_fence. On the
// CPU every pointer is an address; the device's runtime tells which memory it lies in (the
// work-group's local block, a work-item's private memory, or else global memory).
#include "defs.h"

// KernelRuntime::AddressSpace: 0 private, 1 global, 3 local (weft-work-items rewrites the call).
uint __weft_rt_address_space(const generic void *pointer);

global void *__to_global(generic void *pointer) {
  return __weft_rt_address_space(pointer) == 1 ? (global void *)pointer : (global void *)0;
}
local void *__to_local(generic void *pointer) {
  return __weft_rt_address_space(pointer) == 3 ? (local void *)pointer : (local void *)0;
}
private void *__to_private(generic void *pointer) {
  return __weft_rt_address_space(pointer) == 0 ? (private void *)pointer : (private void *)0;
}
// A fence for the memory ptr points to (private memory needs none; global's is a valid value).
OVL cl_mem_fence_flags get_fence(const generic void *pointer) {
  return __weft_rt_address_space(pointer) == 3 ? CLK_LOCAL_MEM_FENCE : CLK_GLOBAL_MEM_FENCE;
}
OVL cl_mem_fence_flags get_fence(generic void *pointer) {
  return get_fence((const generic void *)pointer);
}
