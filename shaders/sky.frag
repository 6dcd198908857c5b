#version 330 core
// A dark blue-grey gradient by the height of the view ray: bright at the
// horizon, deep blue overhead, dim below (where the ground usually is).

in vec2 vNdc;

uniform mat4 uInverseViewProjection;
uniform vec3 uZenith;    // linear
uniform vec3 uHorizon;   // linear; the ground fades into the same colour
uniform vec3 uBelow;     // linear

out vec4 fragColor;

vec3 linearToSrgb(vec3 c) {
    c = clamp(c, 0.0, 1.0);
    vec3 low = c * 12.92;
    vec3 high = 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055;
    return mix(low, high, step(vec3(0.0031308), c));
}

void main() {
    vec4 nearPoint = uInverseViewProjection * vec4(vNdc, -1.0, 1.0);
    vec4 farPoint = uInverseViewProjection * vec4(vNdc, 1.0, 1.0);
    vec3 direction = normalize(farPoint.xyz / farPoint.w - nearPoint.xyz / nearPoint.w);
    float up = direction.y;
    vec3 color = up >= 0.0 ? mix(uHorizon, uZenith, pow(up, 0.5))
                           : mix(uHorizon, uBelow, pow(-up, 0.35));
    fragColor = vec4(linearToSrgb(color), 1.0);
}
