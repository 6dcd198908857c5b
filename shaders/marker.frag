#version 330 core
// Tool markers: a flat colour that reads the same in light and shadow, shaded
// only by the angle to the eye (a headlight), with a small glint and a dark rim
// that separates the marker from a background of its own colour. The part hidden
// behind something is drawn again, faintly (uOpacity < 1, blended).

in vec3 vNormal;
in vec3 vToEye;

uniform vec3 uColor;     // linear RGB
uniform float uOpacity;  // 1, or less for the part hidden behind something

out vec4 fragColor;

vec3 linearToSrgb(vec3 c) {
    c = clamp(c, 0.0, 1.0);
    vec3 low = c * 12.92;
    vec3 high = 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055;
    return mix(low, high, step(vec3(0.0031308), c));
}

void main() {
    float nDotV = max(dot(normalize(vNormal), normalize(vToEye)), 0.0);
    vec3 color = uColor * (0.6 + 0.4 * nDotV) + vec3(0.25) * pow(nDotV, 32.0);
    float rim = 1.0 - smoothstep(0.05, 0.35, nDotV);
    color = mix(color, 0.2 * uColor, rim);
    fragColor = vec4(linearToSrgb(color), uOpacity);
}
