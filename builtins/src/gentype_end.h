// Ends an instantiation begun by gentype.h.
#undef REAL_BITS
#undef REAL
#undef REAL_INT
#undef REAL_UINT
#undef LIBM
#undef AS_REAL
#undef AS_REAL_UINT
#undef REAL_1_PI
#undef REAL_PI
#undef REAL_BELOW_ONE
#undef REAL_QUIET_NAN
#undef REAL_MAX
#undef REAL_MIN_NORMAL
#undef REAL_MANTISSA_BITS
#undef REAL_EXPONENT_BIAS
