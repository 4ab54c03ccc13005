# Sourced by the bench/*.sh runners. bench_setup <benchmark binary> checks that it and PoCL are
# there, and makes $pocl_dir (a vendors directory holding only PoCL's ICD) and $out (for the
# results), both removed on exit. median prints the median of numbers given one per line or
# space-separated (nothing for no input).
bench_setup() {
  bin=$1
  pocl_icd=/etc/OpenCL/vendors/pocl.icd
  [ -x "$bin" ] || { echo "build $bin first" >&2; exit 1; }
  [ -f "$pocl_icd" ] || { echo "PoCL is not installed ($pocl_icd): apt-get install pocl-opencl-icd" >&2; exit 1; }
  pocl_dir=$(mktemp -d); out=$(mktemp -d)
  trap 'rm -rf "$pocl_dir" "$out"' EXIT
  cp "$pocl_icd" "$pocl_dir/"
}

median() {
  tr ' ' '\n' | awk 'NF' | sort -g |
    awk '{a[NR]=$1} END {if (NR) print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'
}
