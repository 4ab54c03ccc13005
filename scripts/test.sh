#!/usr/bin/env bash
# The README's second command (and CI's): installs missing dependencies, builds, runs every test,
# then builds and runs the suite again under AddressSanitizer (with LeakSanitizer) and
# ThreadSanitizer. Usage: scripts/test.sh [build-dir]   (default build)
# WEFT_TEST_SANITIZERS="address thread" (the default) picks the sanitizer passes; empty skips them.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
sanitizers=${WEFT_TEST_SANITIZERS-address thread}

scripts/deps.sh

suite() { # suite <build-dir> <sanitizer or empty>
  cmake -S . -B "$1" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DWEFT_WERROR=ON \
    -DWEFT_SANITIZE="$2"
  cmake --build "$1"
  echo "== tests${2:+ under the $2 sanitizer} ($1)"
  ctest --test-dir "$1" --output-on-failure -j "$(nproc)"
}

suite "$build" ""
for sanitizer in $sanitizers; do
  suite "$build-$sanitizer" "$sanitizer"
done
