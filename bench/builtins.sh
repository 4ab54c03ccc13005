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
printf '%-14s %10s %10s %8s  %s\n' metric weft pocl ratio unit
for metric in $(awk '{print $1}' "$out/weft" | awk '!seen[$0]++'); do
  unit=$(awk -v m="$metric" '$1==m {print $3; exit}' "$out/weft")
  w=$(awk -v m="$metric" '$1==m {print $2}' "$out/weft" | median)
  p=$(awk -v m="$metric" '$1==m {print $2}' "$out/pocl" | median)
  [ -n "$p" ] || { printf '%-14s %10s %10s %8s  %s\n' "$metric" "$w" - - "$unit"; continue; }
  printf '%-14s %10s %10s %8.3f  %s\n' "$metric" "$w" "$p" "$(echo "$w / $p" | bc -l)" "$unit"
done
echo "(ratio = weft / pocl, higher is better; $rounds rounds)"
