#version 330 core
// The "strain" cloth view: how stretched each triangle is, exactly per triangle
// (flat, no blending across edges). The renderer fills a buffer texture with one
// signed strain per triangle (sim/particle_forces: the relative elongation
// length / rest - 1 of the triangle's edge that changed most; < 0 compressed),
// in the order of the index buffer, so gl_PrimitiveID finds this triangle's value.
// Divided by render.strain_scale and shown through a diverging heat map: grey at
// rest length, yellow to red when stretched, blue when compressed. Lit by GGX.

in vec3 vWorldPosition;
in vec3 vWorldNormal;

uniform samplerBuffer uStrain;   // R32F, one value per triangle
uniform float uStrainScale;      // strain at the top of the map (render.strain_scale)
uniform float uRoughness;

out vec4 fragColor;

vec3 twoSidedNormal(vec3 interpolatedNormal);
vec3 shadeGgx(vec3 base, vec3 n, vec3 worldPosition, float roughness, float translucency);
vec3 linearToSrgb(vec3 c);
vec3 strainHeat(float s);

void main() {
    vec3 n = twoSidedNormal(vWorldNormal);
    float strain = texelFetch(uStrain, gl_PrimitiveID).r;
    vec3 base = strainHeat(strain / max(uStrainScale, 1e-9));
    fragColor = vec4(linearToSrgb(shadeGgx(base, n, vWorldPosition, uRoughness, 0.0)), 1.0);
}
