#!/usr/bin/env bash
# Runs bench-kernels against Weft and PoCL (PoCL's kernel cache off, so its builds are cold too),
# alternating, and prints medians with the Weft/PoCL ratio. Usage: bench/kernels.sh [build] [rounds]
set -euo pipefail
build=${1:-build}
rounds=${2:-3}
. "$(dirname "$0")/common.sh"
bench_setup "$build/bin/bench-kernels"
caches=$(mktemp -d)
trap 'rm -rf "$pocl_dir" "$out" "$caches"' EXIT
for ((i = 0; i < rounds; i++)); do
  # Cold: both caches off.
  WEFT_CACHE=off OCL_ICD_VENDORS=$build/vendors/icd "$bin" >> "$out/weft"
  POCL_KERNEL_CACHE=0 OCL_ICD_VENDORS=$pocl_dir "$bin" >> "$out/pocl"
  # Cached: a fresh process building what an earlier process built (each implementation's own
  # disk cache, filled by the first run of the pair).
  for who in weft pocl; do
    for pass in fill measure; do
      if [ $who = weft ]; then
        line=$(WEFT_CACHE_DIR=$caches/weft OCL_ICD_VENDORS=$build/vendors/icd "$bin" | grep '^first_build_ms')
      else
        line=$(POCL_CACHE_DIR=$caches/pocl OCL_ICD_VENDORS=$pocl_dir "$bin" | grep '^first_build_ms')
      fi
      [ $pass = measure ] && echo "${line/first_build_ms/cached_build_ms}" >> "$out/$who"
    done
  done
done
printf '%-20s %10s %10s %8s  %s\n' metric weft pocl ratio unit
for metric in $(awk '{print $1}' "$out/weft" | awk '!seen[$0]++'); do
  unit=$(awk -v m="$metric" '$1==m {print $3; exit}' "$out/weft")
  w=$(awk -v m="$metric" '$1==m {print $2}' "$out/weft" | median)
  p=$(awk -v m="$metric" '$1==m {print $2}' "$out/pocl" | median)
  printf '%-20s %10s %10s %8.3f  %s\n' "$metric" "$w" "$p" "$(echo "$w / $p" | bc -l)" "$unit"
done
echo "(ratio = weft / pocl; for ms lower is better, for GB/s higher is better; $rounds rounds)"
