#version 330 core
// The "blinn_phong_force" cloth view: each particle's net force (cloth.vert's
// aForce, newtons, from sim/particle_forces) through viridis, lit by Blinn-Phong.
// NORMALISED (verlet-cloth's Phong force shader, docs/sources.md): the renderer passes the largest
// force of this frame as uForceScale, so the most loaded particle is always at the
// top of the map and the whole map is used: lighter colours than ggx_force, but a
// colour says "how loaded relative to the worst particle now", not newtons.

in vec3 vWorldPosition;
in vec3 vWorldNormal;
in float vForce;

uniform float uForceScale;       // newtons: the largest particle force of this frame
uniform float uShininess;        // Blinn-Phong exponent

out vec4 fragColor;

vec3 twoSidedNormal(vec3 interpolatedNormal);
vec3 shadeBlinnPhong(vec3 base, vec3 n, vec3 worldPosition, float shininess, float translucency);
vec3 linearToSrgb(vec3 c);
vec3 viridis(float t);

void main() {
    vec3 n = twoSidedNormal(vWorldNormal);
    vec3 base = viridis(vForce / max(uForceScale, 1e-12));
    fragColor = vec4(linearToSrgb(shadeBlinnPhong(base, n, vWorldPosition, uShininess, 0.0)), 1.0);
}
