#!/usr/bin/env bash
# Plots the scaling suite of `clothsim --bench` as a PNG with gnuplot: median ms
# per physics step against particle count, log-log, one line per solver (and per
# thread count where a solver was timed with 2 threads).
#   tools/plot_bench.sh [DIR [OUT.png]]   DIR default bench-results, OUT default DIR/scaling.png
# Without gnuplot it says the plot was skipped and exits 0: the CSV is the result.
set -euo pipefail

dir=${1:-bench-results}
out=${2:-$dir/scaling.png}
csv=$dir/scaling.csv
gnuplot=${GNUPLOT:-gnuplot}

if [ ! -f "$csv" ]; then
  echo "plot_bench: no $csv (run: clothsim --bench scaling --bench-out $dir)" >&2
  exit 1
fi
if ! command -v "$gnuplot" >/dev/null 2>&1; then
  echo "plot_bench: gnuplot not found, plot skipped (tools/setup.sh installs gnuplot-nox); the numbers are in $csv" >&2
  exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# one data file per series (solver, or solver at N threads), in the CSV's order;
# columns are found by their header names, so new columns do not break the plot
awk -F, -v dir="$tmp" '
  NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
  {
    name = $col["solver"]
    if ($col["threads"] > 1) name = name " (" $col["threads"] " threads)"
    if (!(name in files)) { files[name] = dir "/series" (++series) ".dat"; order[series] = name }
    print $col["particles"], $col["median_ms"] >> files[name]
  }
  END { for (i = 1; i <= series; i++) print files[order[i]] "\t" order[i] > (dir "/series.txt") }
' "$csv"

if [ ! -s "$tmp/series.txt" ]; then
  echo "plot_bench: $csv has no rows, nothing to plot" >&2
  exit 1
fi

machine=""
[ -f "$dir/machine.txt" ] && machine=$(sed -n 's/^cpu: //p' "$dir/machine.txt" | head -1)

{
  echo "set terminal pngcairo size 1000,680 font 'sans,11' noenhanced"
  echo "set output '$out'"
  echo "set title 'clothsim: median ms per 1/60 s physics step${machine:+ ($machine)}'"
  echo "set xlabel 'particles'"
  echo "set ylabel 'ms per step'"
  echo "set logscale xy"
  echo "set grid xtics ytics mxtics mytics"
  echo "set key outside right top"
  echo "set xtics (1024, 4096, 16384, 65536, 262144)"
  echo "set xrange [700:400000]"
  printf "plot "
  # one colour per solver, kept by its threaded line, which is dashed
  colours=('#1f77b4' '#d62728' '#2ca02c' '#9467bd' '#ff7f0e' '#17becf' '#8c564b' '#e377c2' '#7f7f7f' '#bcbd22' '#000000' '#aec7e8')
  declare -A colourOf=()
  first=1
  while IFS=$'\t' read -r file name; do
    solver=${name%% (*}
    [ -n "${colourOf[$solver]:-}" ] || colourOf[$solver]=${colours[$(( ${#colourOf[@]} % ${#colours[@]} ))]}
    dash=1
    case $name in *threads*) dash=2 ;; esac
    [ $first -eq 1 ] || printf ", \\\\\n     "
    printf "'%s' using 1:2 with linespoints dashtype %d linewidth 2 linecolor rgb '%s' title '%s'" \
      "$file" "$dash" "${colourOf[$solver]}" "$name"
    first=0
  done < "$tmp/series.txt"
  echo
} > "$tmp/plot.gp"

"$gnuplot" "$tmp/plot.gp"
echo "plot_bench: wrote $out"
