# Sourced by the bench/*.sh runners. bench_setup <benchmark binary> checks that it and PoCL are
# there, and makes $pocl_dir (a vendors directory holding only PoCL's ICD) and $out (for the
# results), both removed on exit. median prints the median of numbers given one per line or
# space-separated (nothing for no input). bench_report <name width> [<label> <label>] prints, for
# each metric in $out/weft ("name value unit" lines), the medians of both and the ratio of
# $out/weft's to $out/pocl's (the columns' labels "weft" and "pocl" unless given); host_* metrics
# (the host's own code, measured in both runs) get both medians and no ratio.
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

bench_report() {
  local width=$1 metric unit w p
  printf "%-${width}s %12s %12s %8s  %s\n" metric "${2:-weft}" "${3:-pocl}" ratio unit
  for metric in $(awk '{print $1}' "$out/weft" | awk '!seen[$0]++'); do
    unit=$(awk -v m="$metric" '$1==m {print $3; exit}' "$out/weft")
    w=$(awk -v m="$metric" '$1==m {print $2}' "$out/weft" | median)
    p=$(awk -v m="$metric" '$1==m {print $2}' "$out/pocl" | median)
    if [[ $metric == host_* ]]; then # the host's own code, measured in both runs: no ratio
      printf "%-${width}s %12s %12s %8s  %s\n" "$metric" "$w" "${p:--}" - "$unit"
    elif [ -z "$p" ] || [ "$(echo "$p == 0" | bc -l)" = 1 ]; then
      printf "%-${width}s %12s %12s %8s  %s\n" "$metric" "$w" - - "$unit"
    else
      printf "%-${width}s %12s %12s %8.3f  %s\n" "$metric" "$w" "$p" "$(echo "$w / $p" | bc -l)" "$unit"
    fi
  done
}
