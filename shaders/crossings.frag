#version 330 core
// The cloth in the contacts debug view (render.debug_contacts): every triangle that
// takes part in a crossing pair (sim/collision/crossing_count.hpp) flat magenta, unlit,
// so that it reads the same from either side and in shadow; the rest of the cloth grey,
// lit by GGX so that its folds show. The app marks the triangles every 10th frame and
// the renderer fills a buffer texture with one mark per triangle, in the order of the
// index buffer, so gl_PrimitiveID finds this triangle's.

in vec3 vWorldPosition;
in vec3 vWorldNormal;

uniform samplerBuffer uCrossing;  // R8 (normalised: a mark of 1 reads 1/255), one per triangle; 0 not crossing
uniform int uMarked;              // 0: no marks for these triangles yet: all grey
uniform vec3 uCrossingColor;      // linear RGB (kDebugCrossingColor)
uniform vec3 uOtherColor;         // linear RGB (kDebugNotCrossingColor)
uniform float uRoughness;

out vec4 fragColor;

vec3 twoSidedNormal(vec3 interpolatedNormal);
vec3 shadeGgx(vec3 base, vec3 n, vec3 worldPosition, float roughness, float translucency);
vec3 linearToSrgb(vec3 c);

void main() {
    if (uMarked != 0 && texelFetch(uCrossing, gl_PrimitiveID).r > 0.0) {
        fragColor = vec4(linearToSrgb(uCrossingColor), 1.0);
        return;
    }
    vec3 n = twoSidedNormal(vWorldNormal);
    fragColor = vec4(linearToSrgb(shadeGgx(uOtherColor, n, vWorldPosition, uRoughness, 0.0)), 1.0);
}
