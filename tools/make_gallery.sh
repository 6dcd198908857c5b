#!/usr/bin/env bash
# Renders the README's gallery (docs/gallery/*.png) with the program itself.
# Needs a release build and xvfb-run. Re-run after a change to how things look.
set -euo pipefail
cd "$(dirname "$0")/.."
exe=build/release/clothsim
[[ -x $exe ]] || { echo "make_gallery: build first (cmake --build --preset release)" >&2; exit 1; }
out=docs/gallery
mkdir -p "$out"

shot() {  # NAME SCENE FRAMES [clothsim arguments...]
    local name=$1 scene=$2 frames=$3
    shift 3
    xvfb-run -a -s "-screen 0 1280x800x24" "$exe" --scene "scenes/$scene" --frames "$frames" --size 640x400 "$@" \
        --screenshot "$out/$name.png" 2>&1 | grep -v '^clothsim: wrote' || true
    [[ -s $out/$name.png ]] || { echo "make_gallery: $name failed" >&2; exit 1; }
    echo "$out/$name.png"
}

shot ggx               coat.toml          180
shot ggx_drape         drape_sphere.toml  240
shot blinn_phong_force hanging.toml       120 --set render.shader=blinn_phong_force
shot ggx_force         hanging.toml       120 --set render.shader=ggx_force
shot strain            cutting_sphere.toml 150 --set render.shader=strain
shot normals           tablecloth.toml    240 --set render.shader=normals
shot debug             hanging.toml       90  --set render.debug_points=true --set render.debug_links=type \
                                              --set camera.distance=2.5
shot compare           hanging.toml       120 --compare xpbd,vbd,projective_dynamics,pbd
shot cut_sphere        cutting_sphere.toml 300
shot twist             twist.toml         240
shot fold              fold.toml          300
shot twist_contacts    twist.toml         240 --set render.debug_contacts=true
# the same diagonal cut along edges (before) and following the blade (after); no
# self-contact, so that both lower pieces fall the same way
for mode in edges blade; do
    split=$([[ $mode == blade ]] && echo true || echo false)
    shot cut_$mode hanging.toml 15 --set wind.strength=0 --set collision.self_collision=false \
        --set render.wireframe=true --set camera.distance=1.6 --set camera.target=[0,1.6,0] \
        --set tearing.cut_splits_triangles=$split --cut 0,0.3:1,0.62
done
