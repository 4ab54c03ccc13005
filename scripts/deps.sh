#!/usr/bin/env bash
# Installs the Debian bookworm packages Weft builds, tests and compares against, if any is missing.
# `scripts/deps.sh clients` installs instead the real OpenCL programs tests/clients/run.sh runs.
set -euo pipefail

if [ "${1:-}" = clients ]; then
  packages=(python3-pyopencl python3-pytest python-pyopencl-doc clblast-tests libclblast-dev clfft-client clpeak hashcat clinfo ffmpeg)
else
  packages=(
    # build
    build-essential cmake ninja-build ccache binutils
    # LLVM/Clang 15 for the compiler library, and the tools its IR tests use
    llvm-15-dev llvm-15-tools clang-15 libclang-15-dev libclang-cpp15-dev libllvmspirvlib-15-dev
    # runtime, headers, loader
    libtbb-dev opencl-headers ocl-icd-opencl-dev
    # tests and comparisons
    libgtest-dev clinfo pocl-opencl-icd bc
  )
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "deps: installing ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
