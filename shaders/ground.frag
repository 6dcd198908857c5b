#version 330 core
// A neutral grey floor with a procedural grid: major lines every metre, minor
// lines every 10 cm that fade out with distance and before they get denser
// than the pixels. Line widths are measured in pixels with fwidth, which also
// antialiases them. Lit by the same key light (with its shadows) and fill as
// the cloth (Lambert only), then faded into the horizon colour so the finite quad has no edge.

in vec3 vWorldPosition;
in vec3 vWorldNormal;
in vec2 vGrid;  // metres

uniform vec3 uEye;
uniform vec3 uColor;            // linear albedo
uniform vec3 uLightDirection;   // unit, the direction the light travels
uniform float uLightIntensity;
uniform float uAmbient;
uniform vec3 uFillFromSky;
uniform vec3 uFillFromGround;
uniform float uFogStart;        // metres from the eye
uniform float uFogEnd;
uniform vec3 uFogColor;

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

// Coverage in [0, 1] of grid lines `spacing` apart and `widthPixels` wide.
float gridLines(vec2 p, float spacing, float widthPixels) {
    vec2 coord = p / spacing;
    vec2 perPixel = max(fwidth(coord), vec2(1e-6));
    vec2 distancePixels = abs(fract(coord - 0.5) - 0.5) / perPixel;
    vec2 coverage = 1.0 - clamp(distancePixels - 0.5 * widthPixels + 0.5, 0.0, 1.0);
    float line = max(coverage.x, coverage.y);
    // lines closer together than a few pixels turn into moire: fade them out instead
    float density = max(perPixel.x, perPixel.y);
    return line * (1.0 - smoothstep(0.15, 0.4, density));
}

vec3 linearToSrgb(vec3 c) {
    c = clamp(c, 0.0, 1.0);
    vec3 low = c * 12.92;
    vec3 high = 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055;
    return mix(low, high, step(vec3(0.0031308), c));
}

void main() {
    float distanceToEye = length(uEye - vWorldPosition);
    float minor = gridLines(vGrid, 0.1, 1.0) * (1.0 - smoothstep(3.0, 10.0, distanceToEye));
    float major = gridLines(vGrid, 1.0, 1.6);
    vec3 albedo = uColor * (1.0 - 0.25 * minor) * (1.0 - 0.5 * major);

    vec3 n = normalize(vWorldNormal);
    if (!gl_FrontFacing) n = -n;
    float nDotL = max(dot(n, -uLightDirection), 0.0);
    vec3 fill = mix(uFillFromGround, uFillFromSky, 0.5 + 0.5 * n.y);
    float visibility = nDotL > 0.0 ? keyLightVisibility(vWorldPosition, n) : 0.0;
    vec3 color = albedo / PI * uLightIntensity * nDotL * visibility + uAmbient * fill * albedo;

    float fog = smoothstep(uFogStart, uFogEnd, distanceToEye);
    color = mix(color, uFogColor, fog);
    fragColor = vec4(linearToSrgb(color), 1.0);
}
