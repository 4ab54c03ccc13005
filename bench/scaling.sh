#!/usr/bin/env bash
# Scaling over cores (issue 44): runs bench-kernels for Weft and PoCL on 1, 2, 4, ... cores up to
# the machine's (each run pinned with taskset to cores 0..n-1, Weft with WEFT_NUM_THREADS=n, PoCL
# with POCL_MAX_PTHREAD_COUNT=n), and prints each rate metric's median per core count and the
# efficiency at the most cores: rate(n) / (n x rate(1)).
# Usage: bench/scaling.sh [build] [rounds]
set -euo pipefail
build=${1:-build}
rounds=${2:-1}
. "$(dirname "$0")/common.sh"
bench_setup "$build/bin/bench-kernels"
cores=$(nproc)
counts=()
for ((n = 1; n < cores; n *= 2)); do counts+=("$n"); done
counts+=("$cores")
for ((i = 0; i < rounds; i++)); do
  for n in "${counts[@]}"; do
    WEFT_NUM_THREADS=$n OCL_ICD_VENDORS=$build/vendors/icd taskset -c "0-$((n - 1))" "$bin" |
      sed "s/^/$n /" >> "$out/weft"
    POCL_MAX_PTHREAD_COUNT=$n OCL_ICD_VENDORS=$pocl_dir taskset -c "0-$((n - 1))" "$bin" |
      sed "s/^/$n /" >> "$out/pocl" || true
  done
done
for who in weft pocl; do
  echo "== $who (cores: ${counts[*]}; efficiency at $cores)"
  for metric in $(awk '$4 ~ /\/s$/ {print $2}' "$out/$who" | awk '!seen[$0]++'); do
    line=$(printf '%-22s' "$metric")
    first="" last=""
    for n in "${counts[@]}"; do
      v=$(awk -v n="$n" -v m="$metric" '$1==n && $2==m {print $3}' "$out/$who" | median)
      line+=$(printf ' %9s' "${v:--}")
      [ -n "$first" ] || first=$v
      last=$v
    done
    if [ -n "$first" ] && [ -n "$last" ] && [ "$(echo "$first > 0" | bc -l)" = 1 ]; then
      line+=$(printf '  %.2f' "$(echo "$last / ($cores * $first)" | bc -l)")
    fi
    echo "$line"
  done
done
