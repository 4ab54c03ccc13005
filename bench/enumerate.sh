#!/usr/bin/env bash
# Compares what enumerating platforms costs with Weft alone and with PoCL alone, interleaved in one
# run: median in-process time of the calls, median wall time of the whole process, and peak RSS.
# Usage: bench/enumerate.sh [build-dir] [runs]
set -euo pipefail
build=${1:-build}
runs=${2:-20}
weft_vendors=$build/vendors/icd
. "$(dirname "$0")/common.sh"
bench_setup "$build/bin/bench-enumerate"

declare -A calls wall hwm
for ((i = 0; i < runs; i++)); do
  for who in weft pocl; do
    dir=$weft_vendors; [ $who = pocl ] && dir=$pocl_dir
    t0=$(date +%s%N)
    res=$(OCL_ICD_VENDORS=$dir "$bin")
    t1=$(date +%s%N)
    calls[$who]+="$(sed -E 's/.*calls_ms=([0-9.]+).*/\1/' <<<"$res") "
    hwm[$who]+="$(sed -E 's/.*hwm_kb=([0-9]+).*/\1/' <<<"$res") "
    wall[$who]+="$(( (t1 - t0) / 1000 )) "
  done
done
printf '%-6s %14s %14s %14s\n' icd calls_ms process_ms peak_rss_MiB
for who in weft pocl; do
  c=$(median <<<"${calls[$who]}"); w=$(median <<<"${wall[$who]}"); h=$(median <<<"${hwm[$who]}")
  printf '%-6s %14.2f %14.2f %14.1f\n' $who "$c" "$(echo "$w / 1000" | bc -l)" "$(echo "$h / 1024" | bc -l)"
  eval "${who}_c=$c ${who}_w=$w ${who}_h=$h"
done
printf 'weft/pocl ratios: calls %.3f, process %.3f, peak rss %.3f (%d runs each, interleaved)\n' \
  "$(echo "$weft_c / $pocl_c" | bc -l)" "$(echo "$weft_w / $pocl_w" | bc -l)" "$(echo "$weft_h / $pocl_h" | bc -l)" "$runs"
