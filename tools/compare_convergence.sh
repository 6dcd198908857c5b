#!/usr/bin/env bash
# The README's convergence table: max stretch and residual (the largest relative
# length error of the cloth's stretch links) against milliseconds per step, for several
# methods on the README's 64^2 hanging cloth (scenes/compare_xpbd.toml's 1.38 m square
# from its top corners, at 64 x 64; self-contact off: the methods alone), from
# `clothsim --headless --compare`.
# Each method starts from its recommended settings (scenes/compare_ID.toml); the work
# per step is then set the same way for all, by solver.substeps (1, 2, 4, 8, 16), so
# each method gives one curve. Figures are taken after STEPS steps (the cloth has
# settled), the time is the median wall time of a step.
#   tools/compare_convergence.sh [OUT_DIR [STEPS [METHODS]]]
#     OUT_DIR default compare-results; STEPS default 180;
#     METHODS default xpbd,vbd,projective_dynamics,pbd
# Writes OUT_DIR/convergence.csv and .md (and .png with gnuplot), the table on stdout.
# PLOT_ONLY=1 draws the table and plot again from an existing OUT_DIR/convergence.csv.
set -euo pipefail

out=${1:-compare-results}
steps=${2:-180}
methods=${3:-xpbd,vbd,projective_dynamics,pbd}
here=$(cd "$(dirname "$0")/.." && pwd)
clothsim=${CLOTHSIM:-$here/build/release/clothsim}
gnuplot=${GNUPLOT:-gnuplot}
mkdir -p "$out"

csv=$out/convergence.csv
[ "${PLOT_ONLY:-0}" = 1 ] || echo "substeps,solver,ms_median,max_stretch_ratio,residual,recoveries" > "$csv"
for substeps in 1 2 4 8 16; do
  [ "${PLOT_ONLY:-0}" = 1 ] && break
  json=$out/compare_substeps_$substeps.json
  "$clothsim" --headless --compare "$methods" --scene "$here/scenes/compare_xpbd.toml" --steps "$steps" \
    --set 'cloth.resolution=[64,64]' --set cloth.spacing=0.0219 --set collision.self_collision=false \
    --set solver.substeps="$substeps" --stats-json "$json"
  # the JSON has one value a line; each method's report names these once, in this order
  awk -v substeps="$substeps" '
    function value(line) { sub(/^[^:]*: */, "", line); sub(/,$/, "", line); gsub(/"/, "", line); return line }
    /^ *"solver":/ { solver = value($0) }
    /^ *"wall_ms_per_step_median":/ { ms = value($0) }
    /^ *"max_stretch_ratio":/ { stretch = value($0) }
    /^ *"max_link_error":/ { residual = value($0) }
    /^ *"recoveries":/ { print substeps "," solver "," ms "," stretch "," residual "," value($0) }
  ' "$json" >> "$csv"
done

{
  echo "| method | substeps | ms per step | max stretch | residual | recoveries |"
  echo "|---|---:|---:|---:|---:|---:|"
  sort -t, -k2,2 -s <(tail -n +2 "$csv") |
    awk -F, '{ printf "| %s | %d | %.2f | %.4f | %.4f | %d |\n", $2, $1, $3, $4, $5, $6 }'
} > "$out/convergence.md"
cat "$out/convergence.md"

if ! command -v "$gnuplot" >/dev/null 2>&1; then
  echo "compare_convergence: gnuplot not found, plot skipped; the numbers are in $csv" >&2
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
IFS=, read -ra names <<< "$methods"
for name in "${names[@]}"; do
  awk -F, -v name="$name" '$2 == name { print $3, $4, $5, $1 }' "$csv" | sort -g > "$tmp/$name.dat"
done
colours=('#1f77b4' '#d62728' '#2ca02c' '#9467bd' '#ff7f0e' '#17becf' '#8c564b' '#e377c2' '#7f7f7f' '#bcbd22' '#000000')
series() {  # series COLUMN: one line per method, that column against ms
  local first=1 k=0
  printf "plot "
  for name in "${names[@]}"; do
    [ $first -eq 1 ] || printf ", \\\\\n     "
    printf "'%s' using 1:%d with linespoints linewidth 2 pointtype 7 linecolor rgb '%s' title '%s'" \
      "$tmp/$name.dat" "$1" "${colours[$(( k % ${#colours[@]} ))]}" "$name"
    first=0
    k=$(( k + 1 ))
  done
  echo
}
{
  echo "set terminal pngcairo size 1200,480 font 'sans,10' noenhanced"
  echo "set output '$out/convergence.png'"
  echo "set multiplot layout 1,2 title 'clothsim: 64x64 hanging cloth, solver.substeps 1, 2, 4, 8, 16 (after $steps steps)'"
  echo "set grid"
  echo "set logscale x"
  echo "set xlabel 'ms per 1/60 s step (median)'"
  echo "set key top right"
  echo "set logscale y"
  echo "set title 'max stretch (length / rest length)'"
  series 2
  echo "set title 'residual: largest |length / rest length - 1| over the stretch links'"
  series 3
  echo "unset multiplot"
} > "$tmp/plot.gp"
"$gnuplot" "$tmp/plot.gp"
echo "compare_convergence: wrote $csv, $out/convergence.md and $out/convergence.png" >&2
