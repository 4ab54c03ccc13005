#!/usr/bin/env bash
# Runs bench-async against Weft (in each async-copy mode: the default policy, everything at once,
# everything as tasks) and PoCL, alternating, and prints medians with ratios to PoCL.
# Usage: bench/async.sh [build] [rounds] [tile-floats] [multiply-adds per element]
set -euo pipefail
build=${1:-build}
rounds=${2:-3}
tile=${3:-1024}
work=${4:-4}
. "$(dirname "$0")/common.sh"
bench_setup "$build/bin/bench-async"
modes="auto inline task"
for ((i = 0; i < rounds; i++)); do
  for mode in $modes; do
    WEFT_ASYNC_COPY=$mode OCL_ICD_VENDORS=$build/vendors/icd "$bin" "$tile" "$work" >> "$out/weft-$mode"
  done
  OCL_ICD_VENDORS=$pocl_dir "$bin" "$tile" "$work" >> "$out/pocl"
done
value() { awk -v m="$1" '$1==m {print $2}' "$2" | median; }
ratio() { # $1 over PoCL's $2
  [ -n "$2" ] && echo "$1 / $2" | bc -l | xargs printf '%.2f' || echo n/a
}
printf '%-22s %9s %9s %9s %9s %8s %8s %8s\n' metric weft inline task pocl w/pocl i/pocl t/pocl
for metric in $(awk '{print $1}' "$out/weft-auto" | awk '!seen[$0]++'); do
  w=$(value "$metric" "$out/weft-auto"); i=$(value "$metric" "$out/weft-inline")
  t=$(value "$metric" "$out/weft-task"); p=$(value "$metric" "$out/pocl")
  if [[ $metric == *_over_* || $metric == host_* ]]; then # ratios, and the host's own code
    printf '%-22s %9s %9s %9s %9s %8s %8s %8s\n' "$metric" "$w" "$i" "$t" "${p:-n/a}" - - -
    continue
  fi
  printf '%-22s %9s %9s %9s %9s %8s %8s %8s\n' "$metric" "$w" "$i" "$t" "${p:-n/a}" \
    "$(ratio "$w" "$p")" "$(ratio "$i" "$p")" "$(ratio "$t" "$p")"
done
echo "(GB/s of data read and written, higher is better; tile_double_over_single_*: double buffering's"
echo " GB/s over single buffering's in the same run; median of $rounds rounds; tile $tile floats,"
echo " $work multiply-adds per element;"
echo " weft = WEFT_ASYNC_COPY=auto, the default; host_*: the same data movement by the host's own"
echo " code, one thread for _one and one per CPU for _all, measured in the weft and pocl runs)"
