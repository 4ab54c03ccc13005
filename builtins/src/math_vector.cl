// Float's own vector forms of the commonest math functions (math_vector.inc), in every width;
// math.inc defines their scalar forms and the double ones.
#include "defs.h"

#define N 2
#include "math_vector.inc"
#undef N
#define N 3
#include "math_vector.inc"
#undef N
#define N 4
#include "math_vector.inc"
#undef N
#define N 8
#include "math_vector.inc"
#undef N
#define N 16
#include "math_vector.inc"
#undef N
