#!/usr/bin/env bash
# Runs bench-runtime against Weft and PoCL, alternating, and prints each metric's median over the
# rounds with the Weft/PoCL ratio. Usage: bench/runtime.sh [build-dir] [rounds] [trace]
# With "trace", compares Weft with the timeline on (WEFT_TRACE to a scratch file) against Weft
# without it instead: the timeline's cost (ratio = traced / untraced).
set -euo pipefail
build=${1:-build}
rounds=${2:-3}
mode=${3:-pocl}
. "$(dirname "$0")/common.sh"
bench_setup "$build/bin/bench-runtime"
for ((i = 0; i < rounds; i++)); do
  if [ "$mode" = trace ]; then
    OCL_ICD_VENDORS=$build/vendors/icd WEFT_TRACE="$out/timeline.json" "$bin" >> "$out/weft"
    rm -f "$out/timeline.json"
    OCL_ICD_VENDORS=$build/vendors/icd "$bin" >> "$out/pocl"
  else
    OCL_ICD_VENDORS=$build/vendors/icd "$bin" >> "$out/weft"
    OCL_ICD_VENDORS=$pocl_dir "$bin" >> "$out/pocl"
  fi
done
if [ "$mode" = trace ]; then
  bench_report 28 traced untraced
  echo "(ratio = traced / untraced; for us and ms lower is better, for GB/s higher is better; $rounds rounds)"
else
  bench_report 28
  echo "(ratio = weft / pocl; for us and ms lower is better, for GB/s higher is better; $rounds rounds)"
fi
