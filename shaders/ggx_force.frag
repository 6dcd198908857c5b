#version 330 core
// The "ggx_force" cloth view: the load each particle carries (its largest link
// force, newtons, sim/particle_forces.hpp) through viridis, lit by GGX.
// ABSOLUTE: the renderer maps the load linearly from 0 to the fixed
// render.force_scale, so a colour means the same newtons in every frame and scene
// (the panel's legend gives them); loads above the scale clip at yellow. Compare
// blinn_phong_force.frag, a log scale over this frame's own loads. vForce is the
// place on the map (sim/particle_forces.hpp, forceColourScale).

in vec3 vWorldPosition;
in vec3 vWorldNormal;
in float vForce;                 // [0, 1]: the place on the colour map

uniform float uRoughness;
uniform float uTranslucency;

out vec4 fragColor;

vec3 twoSidedNormal(vec3 interpolatedNormal);
vec3 shadeGgx(vec3 base, vec3 n, vec3 worldPosition, float roughness, float translucency);
vec3 linearToSrgb(vec3 c);
vec3 viridis(float t);

void main() {
    vec3 n = twoSidedNormal(vWorldNormal);
    fragColor = vec4(linearToSrgb(shadeGgx(viridis(vForce), n, vWorldPosition, uRoughness, uTranslucency)), 1.0);
}
