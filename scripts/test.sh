#!/usr/bin/env bash
# The README's second command (and CI's): installs missing dependencies, builds, runs every test.
# Usage: scripts/test.sh [build-dir]   (default build; WEFT_SANITIZE=address|thread|undefined)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}

scripts/deps.sh
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DWEFT_WERROR=ON \
  -DWEFT_SANITIZE="${WEFT_SANITIZE:-}"
cmake --build "$build"
unset WEFT_SANITIZE # a build option, not a setting of the library under test
ctest --test-dir "$build" --output-on-failure -j "$(nproc)"
