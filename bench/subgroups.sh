#!/usr/bin/env bash
# Runs bench-subgroups against Weft and PoCL, alternating, and prints each metric's median over
# the rounds with the Weft/PoCL ratio (PoCL builds no sub-group kernels: those rows have no PoCL
# figure, and the ratio to set them against is reduce_local's and scan_local's).
# Usage: bench/subgroups.sh [build-dir] [rounds]
set -euo pipefail
build=${1:-build}
rounds=${2:-3}
. "$(dirname "$0")/common.sh"
bench_setup "$build/bin/bench-subgroups"
for ((i = 0; i < rounds; i++)); do
  OCL_ICD_VENDORS=$build/vendors/icd "$bin" >> "$out/weft"
  OCL_ICD_VENDORS=$pocl_dir "$bin" >> "$out/pocl"
done
bench_report 28
echo "(ratio = weft / pocl; higher is better for every metric; $rounds rounds)"
