// The floating type a template (*.inc) is instantiated for, chosen by REAL_BITS (32: float,
// 64: double). Included (with gentype_end.h after the template) by for_real_types.h; not guarded,
// since each family instantiates its template once per type.
//   REAL, REAL_INT, REAL_UINT   the type, and the signed and unsigned integers of its size
//   REALN(N), REAL_INTN(N)      their vectors (the result type of the vector relational tests)
//   LIBM(name)                  the type's C library routine (an LLVM intrinsic where one exists)
//   AS_REAL, AS_REAL_UINT       reinterpretation of the bits
#if REAL_BITS == 32
#define REAL float
#define REAL_INT int
#define REAL_UINT uint
#define LIBM(NAME) __builtin_##NAME##f
#define AS_REAL as_float
#define AS_REAL_UINT as_uint
#define REAL_1_PI M_1_PI_F
#define REAL_PI M_PI_F
#define REAL_BELOW_ONE 0x1.fffffep-1f // the largest value below 1
#define REAL_QUIET_NAN 0x7fc00000u
#define REAL_MAX FLT_MAX
#define REAL_MIN_NORMAL FLT_MIN
#define REAL_MANTISSA_BITS 23 // stored
#define REAL_EXPONENT_BIAS 127
#elif REAL_BITS == 64
#define REAL double
#define REAL_INT long
#define REAL_UINT ulong
#define LIBM(NAME) __builtin_##NAME
#define AS_REAL as_double
#define AS_REAL_UINT as_ulong
#define REAL_1_PI M_1_PI
#define REAL_PI M_PI
#define REAL_BELOW_ONE 0x1.fffffffffffffp-1
#define REAL_QUIET_NAN 0x7ff8000000000000ul
#define REAL_MAX DBL_MAX
#define REAL_MIN_NORMAL DBL_MIN
#define REAL_MANTISSA_BITS 52
#define REAL_EXPONENT_BIAS 1023
#else
#error "REAL_BITS must be 32 or 64"
#endif
#define REALN(N) WEFT_CAT(REAL, N)
#define REAL_INTN(N) WEFT_CAT(REAL_INT, N)
#define REAL_UINTN(N) WEFT_CAT(REAL_UINT, N)
// M(NAME, REALN(n), n) for every vector width n.
#define REAL_WIDTHS(M, NAME)                                                                       \
  M(NAME, REALN(2), 2) M(NAME, REALN(3), 3) M(NAME, REALN(4), 4) M(NAME, REALN(8), 8)             \
  M(NAME, REALN(16), 16)
