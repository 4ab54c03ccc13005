#!/usr/bin/env bash
# Runs bench-builtins against Weft and PoCL, alternating, and prints medians with the Weft/PoCL
# ratio (higher is better for both: millions of elements per second).
# Usage: bench/builtins.sh [build] [rounds]
set -euo pipefail
build=${1:-build}
rounds=${2:-3}
. "$(dirname "$0")/common.sh"
bench_setup "$build/bin/bench-builtins"
for ((i = 0; i < rounds; i++)); do
  OCL_ICD_VENDORS=$build/vendors/icd "$bin" >> "$out/weft"
  OCL_ICD_VENDORS=$pocl_dir "$bin" >> "$out/pocl"
done
bench_report 20
echo "(ratio = weft / pocl, higher is better; $rounds rounds)"
