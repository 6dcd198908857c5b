#!/usr/bin/env bash
# Runs the benchmark suites of `clothsim --bench` and plots the scaling suite.
#   tools/bench.sh [DIR [SUITE]] [--bench-steps N] [--set KEY=VALUE]...
# DIR (default bench-results) gets SUITE.csv, SUITE.md, machine.txt, tables.md
# (every table, as printed) and scaling.png. SUITE defaults to all. Without a
# display the run goes through xvfb-run, which the frame suite needs. Run it on
# a quiet machine: anything else running shows up in the numbers.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
exe=${CLOTHSIM:-$root/build/release/clothsim}
out=bench-results
suite=all
if [ $# -gt 0 ] && [ "${1#--}" = "$1" ]; then out=$1; shift; fi
if [ $# -gt 0 ] && [ "${1#--}" = "$1" ]; then suite=$1; shift; fi

if [ ! -x "$exe" ]; then
  echo "bench: $exe is not built (cmake --preset release && cmake --build --preset release)" >&2
  exit 1
fi
mkdir -p "$out"

run=("$exe" --bench "$suite" --bench-out "$out" "$@")
if [ -z "${DISPLAY:-}" ]; then
  if command -v xvfb-run >/dev/null 2>&1; then
    run=(xvfb-run -a -s "-screen 0 1280x800x24" "${run[@]}")
  else
    echo "bench: no display and no xvfb-run: the frame suite will be skipped" >&2
  fi
fi
"${run[@]}" | tee "$out/tables.md"

if [ -f "$out/scaling.csv" ]; then
  "$root/tools/plot_bench.sh" "$out" "$out/scaling.png"
fi
