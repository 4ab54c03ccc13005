// Weft's own vector forms of the commonest math functions, for float (math_vector.inc) and
// double (math_vector_double.inc), in every width; math.inc defines their scalar forms.
#include "defs.h"
#include "pow_special.h"

// The C library's lgamma_r, for the lanes of a double vector lgamma near its zeros below -2.
double glibcLgamma(double x, int *sign) __asm__("lgamma_r");

#define F WEFT_CAT(float, N)
#define D WEFT_CAT(double, N)
#define L WEFT_CAT(long, N)
#define I WEFT_CAT(int, N)
#define WIDEN(x) __builtin_convertvector(x, D)
#define NARROW(x) __builtin_convertvector(x, F)

#define N 2
#include "math_vector.inc"
#include "math_vector_double.inc"
#undef N
#define N 3
#include "math_vector.inc"
#include "math_vector_double.inc"
#undef N
#define N 4
#include "math_vector.inc"
#include "math_vector_double.inc"
#undef N
#define N 8
#include "math_vector.inc"
#include "math_vector_double.inc"
#undef N
#define N 16
#include "math_vector.inc"
#include "math_vector_double.inc"
#undef N
