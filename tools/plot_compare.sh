#!/usr/bin/env bash
# Plots the time series of a compare run (clothsim --headless --compare ... --compare-csv
# FILE.csv) with gnuplot: four panels, one per quantity every method has (max stretch,
# kinetic energy, the largest relative length error of a stretch link, ms per step) against the
# step, one line per method with a legend.
#   tools/plot_compare.sh IN.csv [OUT.png]      OUT default: IN with .png
# Without gnuplot it says the plot was skipped and exits 0: the CSV is the result.
set -euo pipefail

if [ $# -lt 1 ]; then
  echo "usage: tools/plot_compare.sh IN.csv [OUT.png]" >&2
  exit 2
fi
csv=$1
out=${2:-${csv%.csv}.png}
gnuplot=${GNUPLOT:-gnuplot}

if [ ! -f "$csv" ]; then
  echo "plot_compare: no $csv (run: clothsim --headless --compare xpbd,vbd --compare-csv $csv)" >&2
  exit 1
fi
if ! command -v "$gnuplot" >/dev/null 2>&1; then
  echo "plot_compare: gnuplot not found, plot skipped (tools/setup.sh installs gnuplot-nox); the numbers are in $csv" >&2
  exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# one data file per method, in the CSV's order; columns found by their header names
awk -F, -v dir="$tmp" '
  NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
  {
    name = $col["solver"]
    if (!(name in files)) { files[name] = dir "/method" (++methods) ".dat"; order[methods] = name }
    print $col["step"], $col["max_stretch_ratio"], $col["kinetic_energy"], $col["residual"], $col["ms"] >> files[name]
  }
  END { for (i = 1; i <= methods; i++) print files[order[i]] "\t" order[i] > (dir "/methods.txt") }
' "$csv"

if [ ! -s "$tmp/methods.txt" ]; then
  echo "plot_compare: $csv has no rows, nothing to plot" >&2
  exit 1
fi

colours=('#1f77b4' '#d62728' '#2ca02c' '#9467bd' '#ff7f0e' '#17becf' '#8c564b' '#e377c2' '#7f7f7f' '#bcbd22' '#000000')
# plot_line COLUMN: one line per method of that column against the step
plot_line() {
  local column=$1 first=1 k=0
  printf "plot "
  while IFS=$'\t' read -r file name; do
    [ $first -eq 1 ] || printf ", \\\\\n     "
    printf "'%s' using 1:%d with lines linewidth 2 linecolor rgb '%s' title '%s'" \
      "$file" "$column" "${colours[$(( k % ${#colours[@]} ))]}" "$name"
    first=0
    k=$(( k + 1 ))
  done < "$tmp/methods.txt"
  echo
}

{
  echo "set terminal pngcairo size 1200,860 font 'sans,10' noenhanced"
  echo "set output '$out'"
  echo "set multiplot layout 2,2 title 'clothsim compare: $(basename "$csv")'"
  echo "set grid"
  echo "set key top right"
  echo "set xlabel 'step'"
  echo "set title 'max stretch (length / rest length)'"
  plot_line 2
  echo "set title 'kinetic energy (J)'"
  echo "set logscale y"
  plot_line 3
  echo "set title 'residual: largest |length / rest length - 1| over the stretch links'"
  plot_line 4
  echo "set title 'wall time per step (ms)'"
  plot_line 5
  echo "unset multiplot"
} > "$tmp/plot.gp"

"$gnuplot" "$tmp/plot.gp"
echo "plot_compare: wrote $out"
