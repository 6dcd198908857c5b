#version 330 core
// Lighting shared by the lit fragment shaders (linked in as a second fragment
// shader object; each user declares the functions it calls). All maths in linear
// RGB; linearToSrgb converts at the very end.
// Light: one directional key light (shadow-mapped), a hemispheric fill scaled by
// the ambient term, and a little key light through thin cloth (translucency).
// GGX: Cook-Torrance, specular = D * G * F / (4 (n.l) (n.v)) with
//   D: GGX / Trowbridge-Reitz normal distribution, alpha = roughness^2
//   G: Smith with the Schlick-GGX approximation, k = (roughness + 1)^2 / 8
//   F: Schlick, F0 = 0.04 (a dielectric: cloth fibres, painted colliders)
// Blinn-Phong: energy-normalised lobe (s + 8) / (8 pi) (n.h)^s with the same
// Fresnel weight, so the two views differ in highlight shape, not overall level.

uniform vec3 uEye;               // camera position, metres
uniform vec3 uLightDirection;    // unit, the direction the light travels
uniform float uLightIntensity;   // irradiance of the key light on a facing surface
uniform float uAmbient;          // strength of the hemispheric fill
uniform vec3 uFillFromSky;       // fill colour arriving from above
uniform vec3 uFillFromGround;    // fill colour arriving from below

uniform sampler2DShadow uShadowMap;  // depth from the key light, hardware-compared
uniform mat4 uLightViewProjection;
uniform float uShadowTexel;          // metres per shadow-map texel
uniform float uShadowTexelUv;        // 1 / shadow-map size

const float PI = 3.14159265358979;

vec3 linearToSrgb(vec3 c) {
    c = clamp(c, 0.0, 1.0);
    vec3 low = c * 12.92;
    vec3 high = 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055;
    return mix(low, high, step(vec3(0.0031308), c));
}

// The unit normal of the side being looked at: a single sheet shows both sides.
vec3 twoSidedNormal(vec3 interpolatedNormal) {
    float len = length(interpolatedNormal);
    vec3 n = len > 1e-8 ? interpolatedNormal / len : vec3(0.0, 1.0, 0.0);
    return gl_FrontFacing ? n : -n;
}

// 1 where the key light arrives, 0 in full shadow (3 x 3 hardware-filtered taps).
// The point is pushed out along the normal by a texel or so (normal-offset bias)
// against shadow acne; the cloth is in the map too, so it shadows itself.
float keyLightVisibility(vec3 worldPosition, vec3 normal) {
    vec4 p = uLightViewProjection * vec4(worldPosition + normal * (1.5 * uShadowTexel), 1.0);
    vec3 uvz = p.xyz / p.w * 0.5 + 0.5;
    uvz.z = min(uvz.z, 1.0);  // beyond the far plane still counts as behind every caster
    float sum = 0.0;
    for (int y = -1; y <= 1; ++y)
        for (int x = -1; x <= 1; ++x)
            sum += texture(uShadowMap, vec3(uvz.xy + vec2(x, y) * uShadowTexelUv, uvz.z));
    return sum / 9.0;
}

vec3 fresnelSchlick(float cosTheta, vec3 f0) {
    return f0 + (1.0 - f0) * pow(1.0 - cosTheta, 5.0);
}

// What every model shares: the key light times (diffuse + specular), light through
// the sheet, and the fill.
vec3 combineLight(vec3 base, vec3 n, vec3 worldPosition, vec3 diffuse, vec3 specular, float nDotL,
                  float translucency) {
    vec3 l = -uLightDirection;
    float visibility = nDotL > 0.0 ? keyLightVisibility(worldPosition, n) : 0.0;
    vec3 color = (diffuse + specular) * uLightIntensity * nDotL * visibility;
    // thin sheet: the lit side glows faintly through to the other side
    color += translucency * base / PI * uLightIntensity * max(dot(-n, l), 0.0);
    // hemispheric fill: sky from above, floor bounce from below
    vec3 fill = mix(uFillFromGround, uFillFromSky, 0.5 + 0.5 * n.y);
    return color + uAmbient * fill * base;
}

// Linear radiance of a surface of base colour `base` and unit normal n (facing the eye).
vec3 shadeGgx(vec3 base, vec3 n, vec3 worldPosition, float roughness, float translucency) {
    vec3 v = normalize(uEye - worldPosition);
    vec3 l = -uLightDirection;
    vec3 h = normalize(l + v);
    float nDotL = max(dot(n, l), 0.0);
    // interpolated normals can turn slightly away from the eye at silhouettes
    float nDotV = max(dot(n, v), 1e-4);
    float nDotH = max(dot(n, h), 0.0);
    float vDotH = max(dot(v, h), 0.0);

    roughness = clamp(roughness, 0.04, 1.0);
    float alpha = roughness * roughness;
    float k = (roughness + 1.0) * (roughness + 1.0) / 8.0;
    float a2 = alpha * alpha;
    float dDenominator = nDotH * nDotH * (a2 - 1.0) + 1.0;
    float d = a2 / (PI * dDenominator * dDenominator);
    float g = (nDotV / (nDotV * (1.0 - k) + k)) * (nDotL / (nDotL * (1.0 - k) + k));
    vec3 f = fresnelSchlick(vDotH, vec3(0.04));
    vec3 specular = d * g * f / max(4.0 * nDotV * nDotL, 1e-4);
    vec3 diffuse = (1.0 - f) * base / PI;
    return combineLight(base, n, worldPosition, diffuse, specular, nDotL, translucency);
}

vec3 shadeBlinnPhong(vec3 base, vec3 n, vec3 worldPosition, float shininess, float translucency) {
    vec3 v = normalize(uEye - worldPosition);
    vec3 l = -uLightDirection;
    vec3 h = normalize(l + v);
    float nDotL = max(dot(n, l), 0.0);
    float nDotH = max(dot(n, h), 0.0);
    vec3 f = fresnelSchlick(max(dot(v, h), 0.0), vec3(0.04));
    vec3 specular = f * (shininess + 8.0) / (8.0 * PI) * pow(nDotH, shininess);
    vec3 diffuse = (1.0 - f) * base / PI;
    return combineLight(base, n, worldPosition, diffuse, specular, nDotL, translucency);
}
