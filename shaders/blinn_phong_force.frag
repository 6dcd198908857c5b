#version 330 core
// The "blinn_phong_force" cloth view: the load each particle carries (its largest
// link force, newtons, sim/particle_forces.hpp) through viridis, lit by Blinn-Phong.
// NORMALISED (verlet-cloth's Phong force shader, docs/sources.md): the renderer maps
// the load on a log scale from this frame's 5th to its 90th percentile of the loads, so
// the map spans the cloth's own loads and looks lighter than ggx_force; a colour says
// "how loaded relative to the rest of the cloth now", not newtons. vForce is that place
// on the map (sim/particle_forces.hpp, forceColourScale).

in vec3 vWorldPosition;
in vec3 vWorldNormal;
in float vForce;                 // [0, 1]: the place on the colour map

uniform float uShininess;        // Blinn-Phong exponent

out vec4 fragColor;

vec3 twoSidedNormal(vec3 interpolatedNormal);
vec3 shadeBlinnPhong(vec3 base, vec3 n, vec3 worldPosition, float shininess, float translucency);
vec3 linearToSrgb(vec3 c);
vec3 viridis(float t);

void main() {
    vec3 n = twoSidedNormal(vWorldNormal);
    fragColor = vec4(linearToSrgb(shadeBlinnPhong(viridis(vForce), n, vWorldPosition, uShininess, 0.0)), 1.0);
}
