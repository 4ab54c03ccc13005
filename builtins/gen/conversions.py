#!/usr/bin/env python3
"""Writes conversions.cl: every explicit conversion of OpenCL C 3.0 §6.4.3 between the integer
types, half (cl_khr_fp16), float and double, scalar and vector: convert_<dest>[_sat][_rte|_rtz|_rtp|_rtn](<source>).

Run by CMake at build time (builtins/CMakeLists.txt); the output is never edited by hand.
Usage: conversions.py OUTPUT"""
import sys

# name, bits, signed; the floating types last.
INTEGERS = [("char", 8, True), ("uchar", 8, False), ("short", 16, True), ("ushort", 16, False),
            ("int", 32, True), ("uint", 32, False), ("long", 64, True), ("ulong", 64, False)]
# name: (significand bits, the suffix of its C library routines and literals)
FLOATS = {"half": (11, "h"), "float": (24, "f"), "double": (53, "")}
TYPES = [name for name, _, _ in INTEGERS] + list(FLOATS)
INFO = {name: (bits, signed) for name, bits, signed in INTEGERS}
WIDTHS = [2, 3, 4, 8, 16]
MODES = ["", "_rte", "_rtz", "_rtp", "_rtn"]


def int_range(t):
    bits, signed = INFO[t]
    return (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)


def literal(value, t):
    """An integer constant of type t, spelled so that no intermediate overflows."""
    bits, signed = INFO[t]
    if value == -(1 << 63):
        return "(long)(-9223372036854775807L - 1)"
    suffix = "UL" if t == "ulong" else "L"
    return f"({t}){value}{suffix}"


def int_to_int(d, s, sat):
    if not sat:
        return f"return ({d})x;"
    dmin, dmax = int_range(d)
    smin, smax = int_range(s)
    lines = []
    if smin < dmin:  # dmin is within the source's range
        lines.append(f"if (x < {literal(dmin, s)}) return {literal(dmin, d)};")
    if smax > dmax:
        lines.append(f"if (x > {literal(dmax, s)}) return {literal(dmax, d)};")
    lines.append(f"return ({d})x;")
    return " ".join(lines)


def rounded(s, mode):
    """x (of floating type s) rounded to an integral value in the mode; "" and _rtz are the cast's."""
    routine = {"": None, "_rtz": None, "_rte": "rint", "_rtp": "ceil", "_rtn": "floor"}[mode]
    return f"__builtin_{routine}{FLOATS[s][1]}(x)" if routine else "x"


def float_to_int(d, s, mode, sat):
    r = rounded(s, mode)
    if not sat:
        return f"return ({d}){r};"
    bits, signed = INFO[d]
    dmin, dmax = int_range(d)
    f = FLOATS[s][1]
    upper = f"0x1.0p{bits - 1 if signed else bits}{f}"
    lower = f"-0x1.0p{bits - 1}{f}" if signed else f"0.0{f}"
    return (f"{s} r = {r}; if (__builtin_isnan(r)) return 0; "
            f"if (r >= {upper}) return {literal(dmax, d)}; "
            f"if (r < {lower}) return {literal(dmin, d)}; return ({d})r;")


def exact(d, s):
    """Whether every value of type s is a value of floating type d."""
    if s in FLOATS:
        return FLOATS[s][0] <= FLOATS[d][0]
    return INFO[s][0] <= FLOATS[d][0]


def to_float(d, s, mode):
    """To floating type d: the cast rounds to nearest even; the directed modes need a helper."""
    if s == d:
        return "return x;"
    if mode in ("", "_rte") or exact(d, s):
        return f"return ({d})x;"
    return f"return weftTo_{d}{mode}(x);"


def scalar_body(d, s, mode, sat):
    if s == "half" and d not in FLOATS:  # half -> float is exact: float's conversion, in its mode
        return f"return convert_{d}{'_sat' if sat else ''}{mode}((float)x);"
    if d in FLOATS:
        return to_float(d, s, mode)
    if s in FLOATS:
        return float_to_int(d, s, mode, sat)
    return int_to_int(d, s, sat)


def native_vector(d, s, mode, sat):
    """Whether __builtin_convertvector has the conversion's semantics."""
    if sat:
        return False
    if d in FLOATS:
        # LLVM may narrow a double vector to half through float, rounding twice: per component,
        # by the scalar conversion (a library routine that rounds once).
        if d == "half" and s == "double":
            return False
        return mode in ("", "_rte") or s == d or exact(d, s)
    if s in FLOATS:
        return mode in ("", "_rtz")
    return True


HELPERS = r"""
// To floating type F in a directed rounding mode, from an integer or a wider floating type S: the
// cast rounds to nearest; where that went past x in the wrong direction, step one value of F
// towards it. `compare` is the sign of f - x, computed exactly (0 for NaN).
#define WEFT_NEXT(F, U)                                                                            \
  OVL static F weftNextUp(F f) { return as_##F((U)(f >= 0 ? as_##U(f) + 1 : as_##U(f) - 1)); }   \
  OVL static F weftNextDown(F f) { return as_##F((U)(f > 0 ? as_##U(f) - 1 : as_##U(f) + 1)); }
WEFT_NEXT(half, ushort)
WEFT_NEXT(float, uint)
WEFT_NEXT(double, ulong)
#define WEFT_DIRECTED(F, S, COMPARE)                                                               \
  OVL static int weftCompare(F f, S x) { COMPARE }                                                 \
  OVL static F weftTo_##F##_rtz(S x) {                                                             \
    F f = (F)x;                                                                                    \
    int c = weftCompare(f, x);                                                                     \
    return (c > 0 && x > 0) || (c < 0 && x < 0) ? (c > 0 ? weftNextDown(f) : weftNextUp(f)) : f;   \
  }                                                                                                \
  OVL static F weftTo_##F##_rtp(S x) {                                                             \
    F f = (F)x;                                                                                    \
    return weftCompare(f, x) < 0 ? weftNextUp(f) : f;                                              \
  }                                                                                                \
  OVL static F weftTo_##F##_rtn(S x) {                                                             \
    F f = (F)x;                                                                                    \
    return weftCompare(f, x) > 0 ? weftNextDown(f) : f;                                            \
  }
// To half: an integer whose half is infinite is below it; a finite half of an integer is one.
#define WEFT_HALF_FROM_INTEGER(S, W)                                                               \
  WEFT_DIRECTED(half, S, if (__builtin_isinf(f)) return f > 0 ? 1 : -1;                            \
                W b = (W)f; return (b > (W)x) - (b < (W)x);)
WEFT_HALF_FROM_INTEGER(short, long)
WEFT_HALF_FROM_INTEGER(ushort, long)
WEFT_HALF_FROM_INTEGER(int, long)
WEFT_HALF_FROM_INTEGER(uint, long)
WEFT_HALF_FROM_INTEGER(long, long)
WEFT_HALF_FROM_INTEGER(ulong, ulong)
WEFT_DIRECTED(half, float, return ((float)f > x) - ((float)f < x);)
WEFT_DIRECTED(half, double, return ((double)f > x) - ((double)f < x);)
WEFT_DIRECTED(float, int, long b = (long)f; return (b > (long)x) - (b < (long)x);)
WEFT_DIRECTED(float, uint, long b = (long)f; return (b > (long)x) - (b < (long)x);)
WEFT_DIRECTED(float, long, if (f >= 0x1.0p63f) return 1; long b = (long)f; return (b > x) - (b < x);)
WEFT_DIRECTED(float, ulong, if (f >= 0x1.0p64f) return 1; ulong b = (ulong)f; return (b > x) - (b < x);)
WEFT_DIRECTED(float, double, return ((double)f > x) - ((double)f < x);)
WEFT_DIRECTED(double, long, if (f >= 0x1.0p63) return 1; long b = (long)f; return (b > x) - (b < x);)
WEFT_DIRECTED(double, ulong, if (f >= 0x1.0p64) return 1; ulong b = (ulong)f; return (b > x) - (b < x);)
"""


def main():
    out = ["// Generated by builtins/gen/conversions.py: do not edit.",
           '#include "defs.h"', HELPERS]
    for d in TYPES:
        # From half last: those call float's conversion to the same type, defined before them.
        for s in sorted(TYPES, key=lambda t: t == "half"):
            for sat in ([False] if d in FLOATS else [False, True]):
                for mode in MODES:
                    suffix = ("_sat" if sat else "") + mode
                    out.append(f"OVL {d} convert_{d}{suffix}({s} x) {{ {scalar_body(d, s, mode, sat)} }}")
                    for n in WIDTHS:
                        if native_vector(d, s, mode, sat):
                            body = f"return __builtin_convertvector(x, {d}{n});"
                        else:
                            body = (f"{d}{n} r; for (int i = 0; i < {n}; ++i) "
                                    f"r[i] = convert_{d}{suffix}(x[i]); return r;")
                        out.append(f"OVL {d}{n} convert_{d}{n}{suffix}({s}{n} x) {{ {body} }}")
    with open(sys.argv[1], "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
