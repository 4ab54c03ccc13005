#!/usr/bin/env bash
# Runs unmodified OpenCL programs from Debian packages against Weft's build-tree ICD (or PoCL's,
# with IMPL=pocl), each only if it is installed (`scripts/deps.sh clients` installs them; this
# script installs nothing), checks what each one reports (not only its exit status) and prints
# "N passed, N failed, N absent". docs/clients.md has the commands and results.
#
# Usage: tests/clients/run.sh [build-dir] [fast|all]
#   fast: clinfo, PyOpenCL's test suite, CLBlast's xaxpy and xdot tests, a hashcat crack,
#         ffmpeg's avgblur, unsharp and overlay OpenCL filters
#   all:  also clpeak, the hashcat MD5 and SHA2-256 benchmarks and every CLBlast test
# Logs go to $CLIENT_LOGS (default: a temporary directory, printed at the end).
set -uo pipefail
build=$(realpath "${1:-build}")
here=$(dirname "$(realpath "$0")")
mode=${2:-fast}
impl=${IMPL:-weft}
if [ "$impl" = pocl ]; then
  vendors=$(mktemp -d)
  cp /etc/OpenCL/vendors/pocl.icd "$vendors/"
  platform=Portable
else
  vendors=$build/vendors/icd
  platform=Weft
  [ -f "$vendors/weft.icd" ] || { echo "no $vendors/weft.icd: build Weft first" >&2; exit 2; }
fi
logs=${CLIENT_LOGS:-$(mktemp -d)}
mkdir -p "$logs"
export OCL_ICD_VENDORS=$vendors
passed=0 failed=0 absent=0

# result <name> <ok: 0|1> <what was seen>
result() {
  if [ "$2" = 0 ]; then passed=$((passed + 1)); echo "PASS  $1: $3"
  else failed=$((failed + 1)); echo "FAIL  $1: $3 (log: $logs/$1.log)"; fi
}
have() { command -v "$1" > /dev/null 2>&1 || [ -e "$1" ]; }
skip() { absent=$((absent + 1)); echo "ABSENT $1: $2"; }

# clinfo: the platform is listed with its device, and nothing is reported as an error.
if have clinfo; then
  clinfo > "$logs/clinfo.log" 2>&1
  status=$?
  errors=$(grep -iE 'error|warning|invalid' "$logs/clinfo.log" | grep -vc 'Error Correction support')
  units=$(awk '/Max compute units/ {print $NF; exit}' "$logs/clinfo.log")
  ok=1
  [ $status = 0 ] && [ "$errors" = 0 ] && grep -q "Platform Name.*$platform" "$logs/clinfo.log" &&
    [ "${units:-0}" -gt 0 ] && ok=0
  result clinfo $ok "exit $status, $errors error lines, $units compute units"
else
  skip clinfo "package clinfo"
fi

# PyOpenCL's own tests (package python-pyopencl-doc ships them with its examples), in one pytest
# process per core, each running every N-th collected test (weft_pytest_shard.py): most of a
# test's time is a kernel build on one thread. The shards' counts are added up, and together they
# must account for every collected test.
examples=/usr/share/doc/python-pyopencl-doc/examples
if [ -d "$examples" ] && /usr/bin/python3 -c 'import pyopencl, pytest' 2> /dev/null; then
  work=$(mktemp -d)
  cp -r "$examples"/. "$work/"
  shards=$(nproc)
  started=$SECONDS
  for k in $(seq "$shards"); do
    (cd "$work" && WEFT_PYTEST_SHARD=$k/$shards PYTHONPATH=$here${PYTHONPATH:+:$PYTHONPATH} \
      timeout 3600 /usr/bin/python3 -m pytest -q -p no:cacheprovider -p weft_pytest_shard \
      --durations=10 test_*.py) > "$logs/pyopencl-$k.log" 2>&1 &
  done
  wait
  # count <log> <word>: the number before <word> in pytest's last line ("3 passed, 2 errors in 9s")
  count() {
    grep -E '(passed|failed|error|skipped|deselected).* in [0-9.]+s' "$1" | tail -n 1 |
      grep -oE "[0-9]+ $2" | grep -oE '[0-9]+' || echo 0
  }
  py_passed=0 py_failed=0 py_errors=0 py_skipped=0 ran=0 kept=0 collected=0 ok=0
  for k in $(seq "$shards"); do
    log=$logs/pyopencl-$k.log
    py_passed=$((py_passed + $(count "$log" passed)))
    py_failed=$((py_failed + $(count "$log" failed)))
    py_errors=$((py_errors + $(count "$log" error)))
    py_skipped=$((py_skipped + $(count "$log" skipped)))
    ran=$((ran + $(count "$log" xfailed) + $(count "$log" xpassed)))
    if [[ $(cat "$log") =~ weft\ shard\ $k/$shards:\ ([0-9]+)\ of\ ([0-9]+)\ tests ]]; then
      kept=$((kept + BASH_REMATCH[1])) collected=${BASH_REMATCH[2]}
    else
      ok=1
    fi
  done
  ran=$((ran + py_passed + py_failed + py_skipped))
  [ $py_failed = 0 ] && [ $py_errors = 0 ] && [ $py_passed -gt 0 ] && [ $kept = "$collected" ] &&
    [ $ran = "$collected" ] || ok=1
  result pyopencl $ok "$py_passed passed, $py_failed failed, $py_errors errors, $py_skipped \
skipped of $collected collected, in $shards processes ($((SECONDS - started)) s)"
  rm -rf "$work"
else
  skip pyopencl "packages python3-pyopencl python3-pytest python-pyopencl-doc"
fi

# CLBlast's tests: every "N test(s) failed" line must say 0, and something must have passed.
clblast() {
  local routine=$1 log=$logs/clblast-$1.log
  if ! have "/usr/bin/clblast_test_$routine"; then skip "clblast-$routine" "package clblast-tests"; return; fi
  timeout 3600 "/usr/bin/clblast_test_$routine" > "$log" 2>&1
  local status=$?
  local clean n_passed n_failed
  clean=$(sed 's/\x1b\[[0-9;]*m//g' "$log")
  n_passed=$(grep -oE '[0-9]+ test\(s\) passed' <<< "$clean" | awk '{s += $1} END {print s + 0}')
  n_failed=$(grep -oE '[0-9]+ test\(s\) failed' <<< "$clean" | awk '{s += $1} END {print s + 0}')
  local ok=1
  [ $status = 0 ] && [ "$n_failed" = 0 ] && [ "$n_passed" -gt 0 ] && ok=0
  result "clblast-$routine" $ok "exit $status, $n_passed passed, $n_failed failed"
}
clblast xaxpy
clblast xdot

# hashcat: crack an MD5 of a 3-digit password by brute force (its self-test runs first).
if have hashcat; then
  home=$(mktemp -d)
  HOME=$home timeout 1800 hashcat -m 0 -a 3 -D 1 --potfile-disable --quiet \
    202cb962ac59075b964b07152d234b70 '?d?d?d' > "$logs/hashcat-crack.log" 2>&1
  status=$?
  ok=1
  grep -q '^202cb962ac59075b964b07152d234b70:123$' "$logs/hashcat-crack.log" && ok=0
  result hashcat-crack $ok "exit $status, $(grep -c ':123$' "$logs/hashcat-crack.log") cracked"
  rm -rf "$home"
else
  skip hashcat-crack "package hashcat"
fi

# ffmpeg's OpenCL filters, which read and write images through samplers: each filter's frames
# against ffmpeg's own CPU filter on the same test pattern. avgblur and overlay define the same
# result (blur: away from the borders, where the edge rules differ, within 1 for rounding);
# unsharp_opencl computes in float where unsharp uses fixed point, so it is held to the
# difference PoCL 3.1 shows (largest 11, mean 0.37) with a margin.
# grep reads all of the list (not -q): under pipefail an early exit would fail ffmpeg with SIGPIPE.
if have ffmpeg && ffmpeg -hide_banner -filters 2> /dev/null | grep avgblur_opencl > /dev/null; then
  frames=$(mktemp -d)
  pattern=(-f lavfi -i testsrc2=size=320x240:rate=5)
  # ffmpeg_filter <name> <OpenCL graph> <CPU graph> <compare_frames.py options...>
  ffmpeg_filter() {
    local name=$1 gpu=$2 cpu=$3 log=$logs/ffmpeg-$1.log
    shift 3
    timeout 600 ffmpeg -hide_banner -loglevel error -init_hw_device opencl=ocl:0.0 \
      -filter_hw_device ocl "${pattern[@]}" -f lavfi -i testsrc=size=96x64:rate=5 -frames:v 3 \
      -filter_complex "$gpu" -f rawvideo -y "$frames/gpu.raw" > "$log" 2>&1
    local status=$?
    ffmpeg -hide_banner -loglevel error "${pattern[@]}" -f lavfi -i testsrc=size=96x64:rate=5 \
      -frames:v 3 -filter_complex "$cpu" -f rawvideo -y "$frames/cpu.raw" >> "$log" 2>&1
    local seen ok=1
    seen=$(/usr/bin/python3 "$here/compare_frames.py" "$frames/gpu.raw" "$frames/cpu.raw" "$@")
    [ $? = 0 ] && [ $status = 0 ] && ok=0
    result "ffmpeg-$name" $ok "exit $status, $seen"
  }
  ffmpeg_filter avgblur "[0]format=rgba,hwupload,avgblur_opencl=sizeX=3:sizeY=2,hwdownload,format=rgba" \
    "[0]format=rgba,avgblur=sizeX=3:sizeY=2,format=rgba" \
    --width 320 --height 240 --bytes-per-pixel 4 --border 4 --max-diff 1 --mean-diff 1
  ffmpeg_filter unsharp "[0]format=gray,hwupload,unsharp_opencl=lx=5:ly=5:la=1.0,hwdownload,format=gray" \
    "[0]format=gray,unsharp=5:5:1.0,format=gray" \
    --width 320 --height 240 --bytes-per-pixel 1 --max-diff 16 --mean-diff 0.5
  ffmpeg_filter overlay "[0]format=yuv420p,hwupload[a];[1]format=yuv420p,hwupload[b];[a][b]overlay_opencl=x=36:y=20,hwdownload,format=yuv420p" \
    "[0]format=yuv420p[a];[1]format=yuv420p[b];[a][b]overlay=x=36:y=20:format=yuv420,format=yuv420p" \
    --width 320 --height 360 --bytes-per-pixel 1
  rm -rf "$frames"
else
  skip ffmpeg "package ffmpeg"
fi

if [ "$mode" = all ]; then
  if have clpeak; then
    timeout 3600 clpeak > "$logs/clpeak.log" 2>&1
    status=$?
    lines=$(grep -cE '(GBPS|GFLOPS|GIOPS|us)$' "$logs/clpeak.log")
    ok=1
    [ $status = 0 ] && [ "$lines" -gt 0 ] && ! grep -qi 'error' "$logs/clpeak.log" && ok=0
    result clpeak $ok "exit $status, $lines measurements"
  else
    skip clpeak "package clpeak"
  fi
  if have hashcat; then
    for m in 0 1400; do
      home=$(mktemp -d)
      HOME=$home timeout 1800 hashcat -b -D 1 -m $m > "$logs/hashcat-bench-$m.log" 2>&1
      status=$?
      speed=$(grep -m1 'Speed.#1' "$logs/hashcat-bench-$m.log" | sed 's/.*: *//')
      ok=1
      [ $status = 0 ] && [ -n "$speed" ] && ok=0
      result "hashcat-bench-$m" $ok "exit $status, ${speed:-no speed}"
      rm -rf "$home"
    done
  fi
  for t in /usr/bin/clblast_test_*; do
    r=${t#/usr/bin/clblast_test_}
    case $r in xaxpy | xdot) ;; *) clblast "$r" ;; esac
  done
fi

echo "$passed passed, $failed failed, $absent absent ($impl; logs in $logs)"
[ "$impl" = pocl ] && rm -rf "$vendors"
[ $failed = 0 ]
