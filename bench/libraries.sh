#!/usr/bin/env bash
# Runs bench-libraries (CLBlast's SGEMM and DGEMM through its C API) against Weft and PoCL,
# alternating, and prints medians with the Weft/PoCL ratio: for GFLOP/s higher is better, for
# the first call's milliseconds (CLBlast's program build) lower is better.
# Usage: bench/libraries.sh [build] [rounds] [sizes...]
set -euo pipefail
build=${1:-build}
rounds=${2:-1}
shift $(( $# > 2 ? 2 : $# ))
. "$(dirname "$0")/common.sh"
bench_setup "$build/bin/bench-libraries"
for ((i = 0; i < rounds; i++)); do
  OCL_ICD_VENDORS=$build/vendors/icd "$bin" "$@" >> "$out/weft"
  OCL_ICD_VENDORS=$pocl_dir "$bin" "$@" >> "$out/pocl"
done
bench_report 26
echo "(ratio = weft / pocl; $rounds rounds)"
