#!/usr/bin/env bash
# The README's first command: installs the dependencies, builds Weft (Release), installs it as an
# OpenCL platform for the system's ICD loader, and runs the demo host program through that loader.
# Usage: scripts/install.sh [install-prefix]   (default /usr/local)
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=${1:-/usr/local}
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo

scripts/deps.sh
cmake -S . -B build-release -G Ninja -DCMAKE_BUILD_TYPE=Release -DWEFT_BUILD_TESTS=OFF \
  -DCMAKE_INSTALL_PREFIX="$prefix"
cmake --build build-release
$sudo cmake --install build-release
$sudo ldconfig

echo
echo "Installed. The system loader now lists these platforms:"
env -u OCL_ICD_VENDORS clinfo -l
echo
env -u OCL_ICD_VENDORS "$prefix/bin/weft-demo"
