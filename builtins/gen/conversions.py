#!/usr/bin/env python3
"""Writes conversions.cl: every explicit conversion of OpenCL C 3.0 §6.4.3 between the integer
types and float, scalar and vector: convert_<dest>[_sat][_rte|_rtz|_rtp|_rtn](<source>).

Run by CMake at build time (builtins/CMakeLists.txt); the output is never edited by hand.
Usage: conversions.py OUTPUT"""
import sys

# name, bits, signed; float last.
INTEGERS = [("char", 8, True), ("uchar", 8, False), ("short", 16, True), ("ushort", 16, False),
            ("int", 32, True), ("uint", 32, False), ("long", 64, True), ("ulong", 64, False)]
TYPES = [name for name, _, _ in INTEGERS] + ["float"]
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


ROUND = {"": "x", "_rtz": "x", "_rte": "__builtin_rintf(x)", "_rtp": "__builtin_ceilf(x)",
         "_rtn": "__builtin_floorf(x)"}


def float_to_int(d, mode, sat):
    r = ROUND[mode]
    if not sat:
        return f"return ({d}){r};"
    bits, signed = INFO[d]
    dmin, dmax = int_range(d)
    upper = f"0x1.0p{bits - 1 if signed else bits}f"
    lower = f"-0x1.0p{bits - 1}f" if signed else "0.0f"
    return (f"float r = {r}; if (__builtin_isnan(r)) return 0; "
            f"if (r >= {upper}) return {literal(dmax, d)}; "
            f"if (r < {lower}) return {literal(dmin, d)}; return ({d})r;")


def int_to_float(s, mode):
    if mode in ("", "_rte") or INFO[s][0] <= 16:  # nearest even is the cast; small types are exact
        return "return (float)x;"
    return f"return weftIntToFloat{mode}(x);"


def scalar_body(d, s, mode, sat):
    if d == "float":
        return "return x;" if s == "float" else int_to_float(s, mode)
    if s == "float":
        return float_to_int(d, mode, sat)
    return int_to_int(d, s, sat)


def native_vector(d, s, mode, sat):
    """Whether __builtin_convertvector has the conversion's semantics."""
    if sat:
        return False
    if d == "float" and s != "float":
        return mode in ("", "_rte")
    if s == "float" and d != "float":
        return mode in ("", "_rtz")
    return True


HELPERS = r"""
// Integer to float in a directed rounding mode: the cast rounds to nearest; where that went past
// the integer in the wrong direction, step one float towards it. `compare` is the sign of f - x,
// computed exactly.
static float weftNextUp(float f) { return as_float(f >= 0.0f ? as_uint(f) + 1 : as_uint(f) - 1); }
static float weftNextDown(float f) { return as_float(f > 0.0f ? as_uint(f) - 1 : as_uint(f) + 1); }
#define WEFT_DIRECTED(S, COMPARE)                                                                  \
  OVL static int weftCompare(float f, S x) { COMPARE }                                             \
  OVL static float weftIntToFloat_rtz(S x) {                                                       \
    float f = (float)x;                                                                            \
    int c = weftCompare(f, x);                                                                     \
    return (c > 0 && x > 0) || (c < 0 && x < 0) ? (c > 0 ? weftNextDown(f) : weftNextUp(f)) : f;   \
  }                                                                                                \
  OVL static float weftIntToFloat_rtp(S x) {                                                       \
    float f = (float)x;                                                                            \
    return weftCompare(f, x) < 0 ? weftNextUp(f) : f;                                              \
  }                                                                                                \
  OVL static float weftIntToFloat_rtn(S x) {                                                       \
    float f = (float)x;                                                                            \
    return weftCompare(f, x) > 0 ? weftNextDown(f) : f;                                            \
  }
WEFT_DIRECTED(int, long b = (long)f; return (b > (long)x) - (b < (long)x);)
WEFT_DIRECTED(uint, long b = (long)f; return (b > (long)x) - (b < (long)x);)
WEFT_DIRECTED(long, if (f >= 0x1.0p63f) return 1; long b = (long)f; return (b > x) - (b < x);)
WEFT_DIRECTED(ulong, if (f >= 0x1.0p64f) return 1; ulong b = (ulong)f; return (b > x) - (b < x);)
"""


def main():
    out = ["// Generated by builtins/gen/conversions.py: do not edit.",
           '#include "defs.h"', HELPERS]
    for d in TYPES:
        for s in TYPES:
            for sat in ([False, True] if d != "float" else [False]):
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
