#!/usr/bin/env bash
# Runs bench-checks' faulty kernels under Weft's checks (WEFT_CHECK=all,races) and under Oclgrind,
# and the correct one also unchecked on Weft, and prints per kernel whether each tool reported it and
# the command's time. Usage: bench/checks.sh [build] [work-items]
set -euo pipefail
build=${1:-build}
items=${2:-262144}
bin=$build/bin/bench-checks
[ -x "$bin" ] || { echo "build $bin first" >&2; exit 1; }
command -v oclgrind > /dev/null || { echo "Oclgrind is not installed: apt-get install oclgrind" >&2; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
WEFT_CHECK=all,races OCL_ICD_VENDORS=$build/vendors/icd "$bin" "$items" all 5 > "$out/weft" 2> "$out/weft.err"
OCL_ICD_VENDORS=$build/vendors/icd "$bin" "$items" fixed_triad 5 > "$out/plain" 2> /dev/null
# One kernel per Oclgrind process: it stops printing after a thousand reports. Its race detection
# is off unless asked for (--data-races): on for the race, only.
for kernel in $(awk '{print $1}' "$out/weft"); do
  flags=()
  [ "$kernel" = local_race ] && flags=(--data-races)
  oclgrind "${flags[@]}" "$bin" "$items" "$kernel" 1 >> "$out/oclgrind" 2> "$out/oclgrind.$kernel.err"
done
printf '%-18s %14s %10s %18s %12s %12s\n' kernel weft_reports weft_ms oclgrind_reports oclgrind_ms unchecked_ms
for kernel in $(awk '{print $1}' "$out/weft"); do
  w=$(grep -c "check failed: kernel $kernel[,:]" "$out/weft.err" || true)
  o=$(grep -c "Kernel: $kernel\$" "$out/oclgrind.$kernel.err" || true)
  wt=$(awk -v k="$kernel" '$1==k {print $3}' "$out/weft")
  ot=$(awk -v k="$kernel" '$1==k {print $3}' "$out/oclgrind")
  pt=$(awk -v k="$kernel" '$1==k {print $3}' "$out/plain")
  printf '%-18s %14s %10s %18s %12s %12s\n' "$kernel" "$w" "$wt" "$o" "$ot" "${pt:--}"
done
echo "(reports: how many each tool printed about the kernel, Weft one per command, which it stops;"
echo " times: Weft's the median of 5 commands, Oclgrind's of 1, all with $items work-items)"
