// Instantiates the template named by TEMPLATE (a quoted file name) for float and for double
// (cl_khr_fp64): the family's functions are written once, in terms of gentype.h's names.
#define REAL_BITS 32
#include "gentype.h"
#include TEMPLATE
#include "gentype_end.h"
#define REAL_BITS 64
#include "gentype.h"
#include TEMPLATE
#include "gentype_end.h"
#undef TEMPLATE
