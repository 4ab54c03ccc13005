#!/usr/bin/env bash
# The README's second command (and CI's): installs missing dependencies (and the real programs of
# tests/clients), builds, runs every test and the fast set of real programs (clinfo, PyOpenCL's test
# suite, two CLBlast tests, a hashcat crack), then builds and runs the suite again under
# AddressSanitizer (with LeakSanitizer) and ThreadSanitizer.
# Usage: scripts/test.sh [build-dir]   (default build)
# WEFT_TEST_SANITIZERS="address thread" (the default) picks the sanitizer passes; empty skips them.
# WEFT_TEST_CLIENTS=0 skips the real programs.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
sanitizers=${WEFT_TEST_SANITIZERS-address thread}

clients=${WEFT_TEST_CLIENTS:-1}

scripts/deps.sh
[ "$clients" = 0 ] || scripts/deps.sh clients

suite() { # suite <build-dir> <sanitizer or empty>
  cmake -S . -B "$1" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DWEFT_WERROR=ON \
    -DWEFT_SANITIZE="$2"
  cmake --build "$1"
  echo "== tests${2:+ under the $2 sanitizer} ($1)"
  ctest --test-dir "$1" --output-on-failure -j "$(nproc)"
}

suite "$build" ""
if [ "$clients" != 0 ]; then
  echo "== real programs ($build)"
  tests/clients/run.sh "$build" fast
fi
for sanitizer in $sanitizers; do
  suite "$build-$sanitizer" "$sanitizer"
done
