#!/usr/bin/env bash
# Builds Weft's fuzz targets (tests/fuzz: libFuzzer with AddressSanitizer and UBSan, by
# clang++-15, in build-fuzz) and runs each for a while, starting from its seed corpus in
# tests/fuzz/corpus and the inputs earlier runs kept in build-fuzz/corpus-<target>. A crash, a
# leak, a timeout (10 s an input) or more than 2 GiB fails the run, and libFuzzer leaves the
# input that did it in build-fuzz (crash-*, leak-*, timeout-*, oom-*).
# Usage: scripts/fuzz.sh [seconds per target (60)] [target ...]
#   targets: program-binary cache-entry build-options spirv-scan (all by default)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift $(( $# > 0 ? 1 : 0 ))
targets=(${@:-program-binary cache-entry build-options spirv-scan})
dir=build-fuzz
cmake -S tests/fuzz -B "$dir" -G Ninja -DCMAKE_CXX_COMPILER=clang++-15 > /dev/null
cmake --build "$dir"
for t in "${targets[@]}"; do
  mkdir -p "$dir/corpus-$t"
  echo "== fuzz-$t for $seconds s"
  (cd "$dir" && ./"fuzz-$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
     -print_final_stats=1 "corpus-$t" "../tests/fuzz/corpus/$t" 2> "fuzz-$t.log") ||
    { tail -n 40 "$dir/fuzz-$t.log"; exit 1; }
  grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb|^Done" "$dir/fuzz-$t.log" || true
done
