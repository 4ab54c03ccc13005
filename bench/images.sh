#!/usr/bin/env bash
# Runs bench-images against Weft and PoCL, alternating, and prints each metric's median over the
# rounds with the Weft/PoCL ratio. Usage: bench/images.sh [build-dir] [rounds]
set -euo pipefail
build=${1:-build}
rounds=${2:-3}
. "$(dirname "$0")/common.sh"
bench_setup "$build/bin/bench-images"
for ((i = 0; i < rounds; i++)); do
  OCL_ICD_VENDORS=$build/vendors/icd "$bin" >> "$out/weft"
  OCL_ICD_VENDORS=$pocl_dir "$bin" >> "$out/pocl"
done
bench_report 24
echo "(ratio = weft / pocl; higher is better for every metric; $rounds rounds)"
