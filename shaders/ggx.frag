#version 330 core
// Two-sided Cook-Torrance shading for cloth and colliders.
//   specular = D * G * F / (4 (n.l) (n.v))
//   D: GGX / Trowbridge-Reitz normal distribution, alpha = roughness^2
//   G: Smith with the Schlick-GGX approximation, k = (roughness + 1)^2 / 8
//   F: Schlick, F0 = 0.04 (a dielectric: cloth fibres, painted colliders)
// Back faces take the back colour and the flipped normal (gl_FrontFacing), so a
// single sheet shows both sides. Light: one directional key light (shadow-mapped), a hemispheric
// fill scaled by the ambient term, and a little light through thin cloth.
// All maths in linear RGB; the result is converted to sRGB here.

in vec3 vWorldPosition;
in vec3 vWorldNormal;

uniform vec3 uEye;               // camera position, metres
uniform vec3 uFrontColor;        // linear base colour of front faces
uniform vec3 uBackColor;         // linear base colour of back faces
uniform float uRoughness;        // perceptual roughness in [0.04, 1]
uniform vec3 uLightDirection;    // unit, the direction the light travels
uniform float uLightIntensity;   // irradiance of the key light on a facing surface
uniform float uAmbient;          // strength of the hemispheric fill
uniform vec3 uFillFromSky;       // fill colour arriving from above
uniform vec3 uFillFromGround;    // fill colour arriving from below
uniform float uTranslucency;     // fraction of the key light passing through the sheet

uniform sampler2DShadow uShadowMap;  // depth from the key light, hardware-compared
uniform mat4 uLightViewProjection;
uniform float uShadowTexel;          // metres per shadow-map texel
uniform float uShadowTexelUv;        // 1 / shadow-map size

// 1 where the key light arrives, 0 in full shadow. The point is pushed out along
// the normal by a texel or so (normal-offset bias) against shadow acne.
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

out vec4 fragColor;

const float PI = 3.14159265358979;

float distributionGgx(float nDotH, float alpha) {
    float a2 = alpha * alpha;
    float d = nDotH * nDotH * (a2 - 1.0) + 1.0;
    return a2 / (PI * d * d);
}

float geometrySchlickGgx(float nDotX, float k) {
    return nDotX / (nDotX * (1.0 - k) + k);
}

vec3 fresnelSchlick(float cosTheta, vec3 f0) {
    return f0 + (1.0 - f0) * pow(1.0 - cosTheta, 5.0);
}

vec3 linearToSrgb(vec3 c) {
    c = clamp(c, 0.0, 1.0);
    vec3 low = c * 12.92;
    vec3 high = 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055;
    return mix(low, high, step(vec3(0.0031308), c));
}

void main() {
    float normalLength = length(vWorldNormal);
    vec3 n = normalLength > 1e-8 ? vWorldNormal / normalLength : vec3(0.0, 1.0, 0.0);
    vec3 base = uFrontColor;
    if (!gl_FrontFacing) {
        n = -n;
        base = uBackColor;
    }
    vec3 v = normalize(uEye - vWorldPosition);
    vec3 l = -uLightDirection;
    vec3 h = normalize(l + v);

    float nDotL = max(dot(n, l), 0.0);
    // interpolated normals can turn slightly away from the eye at silhouettes
    float nDotV = max(dot(n, v), 1e-4);
    float nDotH = max(dot(n, h), 0.0);
    float vDotH = max(dot(v, h), 0.0);

    float roughness = clamp(uRoughness, 0.04, 1.0);
    float alpha = roughness * roughness;
    float k = (roughness + 1.0) * (roughness + 1.0) / 8.0;

    vec3 f = fresnelSchlick(vDotH, vec3(0.04));
    float d = distributionGgx(nDotH, alpha);
    float g = geometrySchlickGgx(nDotV, k) * geometrySchlickGgx(nDotL, k);
    vec3 specular = d * g * f / max(4.0 * nDotV * nDotL, 1e-4);
    vec3 diffuse = (1.0 - f) * base / PI;

    float visibility = nDotL > 0.0 ? keyLightVisibility(vWorldPosition, n) : 0.0;
    vec3 color = (diffuse + specular) * uLightIntensity * nDotL * visibility;
    // thin sheet: the lit side glows faintly through to the other side
    color += uTranslucency * base / PI * uLightIntensity * max(dot(-n, l), 0.0);
    // hemispheric fill: sky from above, floor bounce from below
    vec3 fill = mix(uFillFromGround, uFillFromSky, 0.5 + 0.5 * n.y);
    color += uAmbient * fill * base;

    fragColor = vec4(linearToSrgb(color), 1.0);
}
