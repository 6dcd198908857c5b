#version 330 core
// Debug views: flat colours. Points are round dots with a dark rim, so that a
// light dot still reads on a light background; uOpacity < 1 draws the part hidden
// behind something faintly.

in vec3 vColor;

uniform int uPoints;     // 1 while drawing GL_POINTS
uniform float uOpacity;

out vec4 fragColor;

vec3 linearToSrgb(vec3 c) {
    c = clamp(c, 0.0, 1.0);
    vec3 low = c * 12.92;
    vec3 high = 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055;
    return mix(low, high, step(vec3(0.0031308), c));
}

void main() {
    vec3 color = vColor;
    if (uPoints == 1) {
        float r = 2.0 * length(gl_PointCoord - vec2(0.5));  // 0 at the centre, 1 at the edge
        if (r > 1.0) discard;
        color = mix(color, 0.15 * color, smoothstep(0.6, 0.8, r));
    }
    fragColor = vec4(linearToSrgb(color), uOpacity);
}
