#!/usr/bin/env bash
# The README's second command (and CI's): installs missing dependencies (and the real programs of
# tests/clients), builds, runs every test and the fast set of real programs (clinfo, PyOpenCL's test
# suite, two CLBlast tests, a hashcat crack, ffmpeg's three OpenCL image filters), then builds and
# runs the suite again under AddressSanitizer (with LeakSanitizer) and ThreadSanitizer, and runs
# each fuzz target (tests/fuzz, scripts/fuzz.sh) for a minute.
# Usage: scripts/test.sh [build-dir]   (default build)
# WEFT_TEST_SANITIZERS="address thread" (the default) picks the sanitizer passes; empty skips them.
# WEFT_TEST_CLIENTS=0 skips the real programs; WEFT_TEST_FUZZ_SECONDS (60) is each fuzz target's
# time, 0 skips them.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
sanitizers=${WEFT_TEST_SANITIZERS-address thread}

clients=${WEFT_TEST_CLIENTS:-1}

scripts/deps.sh
[ "$clients" = 0 ] || scripts/deps.sh clients

# The sanitizer builds are compiled at -O1 (the level the sanitizers' documentation compiles its
# examples at) with line tables only (-g1: reports keep function, file and line): GCC under ASan
# compiles the largest files about twice as fast as with RelWithDebInfo's -O2 -g. The plain build
# stays RelWithDebInfo, as installed.
# They also take the plain build's built-in library (bitcode, the same whatever the C++ flags).
suite() { # suite <build-dir> <sanitizer or empty>
  local flags=()
  [ -z "$2" ] || flags=(-DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG"
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG"
    -DWEFT_BUILTIN_LIBRARY="$(realpath "$build")/builtins/weft-builtins.bc")
  cmake -S . -B "$1" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DWEFT_WERROR=ON \
    -DWEFT_SANITIZE="$2" "${flags[@]}"
  echo "== building $1 (${SECONDS} s since the start)"
  cmake --build "$1"
  echo "== tests${2:+ under the $2 sanitizer} ($1; ${SECONDS} s since the start)"
  ctest --test-dir "$1" --output-on-failure -j "$(nproc)"
}

suite "$build" ""
if [ "$clients" != 0 ]; then
  echo "== real programs ($build; ${SECONDS} s since the start)"
  tests/clients/run.sh "$build" fast
fi
for sanitizer in $sanitizers; do
  suite "$build-$sanitizer" "$sanitizer"
done
fuzz_seconds=${WEFT_TEST_FUZZ_SECONDS:-60}
if [ "$fuzz_seconds" != 0 ]; then
  echo "== fuzz targets, $fuzz_seconds s each (${SECONDS} s since the start)"
  scripts/fuzz.sh "$fuzz_seconds"
fi
echo "== all passed in ${SECONDS} s"
