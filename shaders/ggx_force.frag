#version 330 core
// The "ggx_force" cloth view: each particle's net force (cloth.vert's aForce,
// newtons, from sim/particle_forces) through viridis, lit by GGX.
// ABSOLUTE: the force is divided by the fixed render.force_scale (uForceScale),
// so a colour means the same number of newtons in every frame and every scene;
// forces above the scale clip at yellow. Compare blinn_phong_force.frag, which
// divides by the largest force of the frame instead.

in vec3 vWorldPosition;
in vec3 vWorldNormal;
in float vForce;

uniform float uForceScale;       // newtons at the top of the map: render.force_scale
uniform float uRoughness;
uniform float uTranslucency;

out vec4 fragColor;

vec3 twoSidedNormal(vec3 interpolatedNormal);
vec3 shadeGgx(vec3 base, vec3 n, vec3 worldPosition, float roughness, float translucency);
vec3 linearToSrgb(vec3 c);
vec3 viridis(float t);

void main() {
    vec3 n = twoSidedNormal(vWorldNormal);
    vec3 base = viridis(vForce / max(uForceScale, 1e-12));
    fragColor = vec4(linearToSrgb(shadeGgx(base, n, vWorldPosition, uRoughness, uTranslucency)), 1.0);
}
