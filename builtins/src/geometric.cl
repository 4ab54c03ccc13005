// Geometric built-ins (OpenCL C 3.0 §6.15.5): dot, cross, length, distance and normalize for
// float and double (geometric.inc), and the fast_ forms, which are float only.
#include "defs.h"

#define TEMPLATE "geometric.inc"
#include "for_real_types.h"

#define FAST(T)                                                                                    \
  OVL float fast_length(T p) { return length(p); }                                                 \
  OVL float fast_distance(T a, T b) { return distance(a, b); }                                     \
  OVL T fast_normalize(T p) { return normalize(p); }
FAST(float)
FAST(float2)
FAST(float3)
FAST(float4)
