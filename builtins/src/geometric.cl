// Geometric built-ins (OpenCL C 3.0 §6.15.5) for float, float2, float3 and float4: dot, cross,
// length, distance, normalize and their fast_ forms.
#include "defs.h"

OVL float dot(float a, float b) { return a * b; }
OVL float dot(float2 a, float2 b) { return a.x * b.x + a.y * b.y; }
OVL float dot(float3 a, float3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
OVL float dot(float4 a, float4 b) { return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w; }

OVL float3 cross(float3 a, float3 b) {
  return (float3)(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
OVL float4 cross(float4 a, float4 b) {
  return (float4)(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x, 0.0f);
}

#define GEOMETRIC(T)                                                                               \
  OVL float length(T p) { return __builtin_sqrtf(dot(p, p)); }                                     \
  OVL float distance(T a, T b) { return length(a - b); }                                           \
  OVL T normalize(T p) {                                                                           \
    float l = length(p);                                                                           \
    return l == 0.0f ? p : p / l;                                                                  \
  }                                                                                                \
  OVL float fast_length(T p) { return length(p); }                                                 \
  OVL float fast_distance(T a, T b) { return distance(a, b); }                                     \
  OVL T fast_normalize(T p) { return normalize(p); }
GEOMETRIC(float)
GEOMETRIC(float2)
GEOMETRIC(float3)
GEOMETRIC(float4)
