// Common built-ins (OpenCL C 3.0 §6.15.4) for float and double: clamp, degrees, max, min, mix,
// radians, step, smoothstep and sign, scalar and every vector width (common.inc).
#include "defs.h"

#define TEMPLATE "common.inc"
#include "for_real_types.h"
