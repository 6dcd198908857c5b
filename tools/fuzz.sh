#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz/) with clang in build/fuzz and runs them
# side by side for a bounded time on a copy of the seed corpus.
#   tools/fuzz.sh [SECONDS_PER_TARGET]   (default 30)
# Exit 0: every target ran its time without a crash. 77: clang is not installed
# (ctest's fuzz_bounded reports that as skipped). Anything else: a build failure
# or a crash; the crashing input is under build/fuzz/artifacts/ — copy it into
# tests/fuzz/regressions/<scene|set|obj>/ so that fuzz_regression_tests replays it.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}

if ! command -v clang++ >/dev/null 2>&1 || ! command -v clang >/dev/null 2>&1; then
  echo "fuzz: clang is not installed (tools/setup.sh installs it); fuzzing skipped" >&2
  exit 77
fi

build=build/fuzz
# The libraries get coverage and sanitizer instrumentation; only the fuzz targets link
# libFuzzer's main. -O1: the sanitizers' usual speed/insight balance. The warning
# flags the project sets for gcc (-Wshadow=local, -Wno-restrict) are unknown to clang.
flags="-O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined -Wno-unknown-warning-option"
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=None \
  -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$flags" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
  -DCLOTHSIM_FUZZ=ON -DCLOTHSIM_BUILD_BENCH=OFF >"$build.configure.log" 2>&1 \
  || { cat "$build.configure.log" >&2; exit 1; }
cmake --build "$build" --target fuzz_scene fuzz_set fuzz_obj

mkdir -p "$build/artifacts"
# The three targets run side by side (each is one process on one core): ctest runs
# fuzz_bounded alone, and one after another they left a core idle for 2 x SECONDS.
declare -A pids
for target in scene set obj; do
  # a working copy: what libFuzzer adds to the corpus stays out of the source tree
  work="$build/corpus/$target"
  mkdir -p "$work"
  cp -n tests/fuzz/corpus/"$target"/* "$work"/
  echo "fuzz: fuzz_$target for ${seconds} s"
  ASAN_OPTIONS=detect_leaks=1 "$build/tests/fuzz/fuzz_$target" "$work" \
    -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$build/artifacts/${target}-" -print_final_stats=1 >"$build/fuzz_$target.log" 2>&1 &
  pids[$target]=$!
done
status=0
for target in scene set obj; do
  log="$build/fuzz_$target.log"
  if wait "${pids[$target]}"; then
    grep -E "^stat::number_of_executed_units" "$log" | sed "s/^/fuzz: fuzz_$target /"
  else
    status=1
    tail -40 "$log" >&2
    echo "fuzz: fuzz_$target FAILED; input saved under $build/artifacts/" >&2
  fi
done
exit $status
