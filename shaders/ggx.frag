#version 330 core
// The "ggx" cloth view and the solid colliders: two-sided Cook-Torrance shading
// (lighting.glsl) of a base colour. Back faces take the back colour and the
// flipped normal. With the fabric on (cloth only), a grey weave mask sampled at
// the rest UVs times the repeat count multiplies the base colour, so the weave
// stretches, folds and tears with the cloth. Output in sRGB.

in vec3 vWorldPosition;
in vec3 vWorldNormal;
in vec2 vUV;

uniform vec3 uFrontColor;        // linear base colour of front faces
uniform vec3 uBackColor;         // linear base colour of back faces
uniform float uRoughness;        // perceptual roughness in [0.04, 1]
uniform float uTranslucency;     // fraction of the key light passing through the sheet
uniform sampler2D uFabric;       // grey weave, 1 = thread top, darker in the gaps
uniform float uFabricAmount;     // 0: no texture (colliders, render.texture off), 1: full
uniform float uFabricRepeat;     // weave tiles across the rest UV square

out vec4 fragColor;

vec3 twoSidedNormal(vec3 interpolatedNormal);
vec3 shadeGgx(vec3 base, vec3 n, vec3 worldPosition, float roughness, float translucency);
vec3 linearToSrgb(vec3 c);

void main() {
    vec3 n = twoSidedNormal(vWorldNormal);
    vec3 base = gl_FrontFacing ? uFrontColor : uBackColor;
    if (uFabricAmount > 0.0) base *= mix(1.0, texture(uFabric, vUV * uFabricRepeat).r, uFabricAmount);
    fragColor = vec4(linearToSrgb(shadeGgx(base, n, vWorldPosition, uRoughness, uTranslucency)), 1.0);
}
