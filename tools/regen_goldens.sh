#!/usr/bin/env bash
# Renders the golden images of tests/golden/ again, on purpose: after a change
# that is meant to change the picture. Review the changed PNGs (git diff shows
# them) before committing. Needs a release build and xvfb-run.
#   tools/regen_goldens.sh            every case
#   tools/regen_goldens.sh hanging    only the cases whose name starts with "hanging"
set -euo pipefail
cd "$(dirname "$0")/.."
exe=build/release/clothsim
[[ -x $exe ]] || { echo "regen_goldens: build first (cmake --build --preset release)" >&2; exit 1; }
render_arguments="--frames 60 --size 320x200"   # as tests/render/golden_test.cpp
filter=${1:-}

render() {  # NAME SCENE [ARGS...]
    local name=$1 scene=$2
    shift 2
    [[ -z $filter || $name == "$filter"* ]] || return 0
    # shellcheck disable=SC2086
    xvfb-run -a -s "-screen 0 1280x800x24" "$exe" --scene "scenes/$scene" $render_arguments "$@" \
        --screenshot "tests/golden/$name.png" 2>&1 | grep -v '^clothsim: wrote' || true
    [[ -s tests/golden/$name.png ]] || { echo "regen_goldens: $name failed" >&2; exit 1; }
    echo "tests/golden/$name.png"
}

for scene in scenes/*.toml; do
    name=$(basename "$scene" .toml)
    render "$name" "$name.toml"
done
while read -r name scene args; do
    [[ -z $name || $name == \#* ]] && continue
    # shellcheck disable=SC2086
    render "$name" "$scene" $args
done < tests/golden/cases.txt
