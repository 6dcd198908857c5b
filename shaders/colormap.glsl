#version 330 core
// Colour maps of the data views. They return linear RGB reflectance: the lit
// shaders light it and convert to sRGB at the end.

// Viridis (perceptually uniform, colour-blind safe; dark purple -> blue -> green
// -> yellow): a least-squares quintic per channel through matplotlib's viridis at
// t = 0, 1/8, ..., 1 (0.267 0.005 0.329 | 0.283 0.141 0.458 | 0.230 0.322 0.546 |
// 0.173 0.449 0.558 | 0.128 0.567 0.551 | 0.135 0.659 0.518 | 0.369 0.789 0.383 |
// 0.678 0.864 0.190 | 0.993 0.906 0.144); off those points by at most 0.023.
// Those are sRGB display values: the result is converted to linear RGB, so that
// the lit, sRGB-encoded output shows the map's own colours where fully lit.
// t is clamped to [0, 1].
vec3 srgbToLinear(vec3 c) {
    vec3 low = c / 12.92;
    vec3 high = pow((c + 0.055) / 1.055, vec3(2.4));
    return mix(low, high, step(vec3(0.04045), c));
}

vec3 viridis(float t) {
    t = clamp(t, 0.0, 1.0);
    const vec3 c0 = vec3(0.268556, 0.003352, 0.326300);
    const vec3 c1 = vec3(-0.016560, 0.826644, 1.925040);
    const vec3 c2 = vec3(2.132060, 3.987063, -8.490707);
    const vec3 c3 = vec3(-15.977838, -12.753470, 22.292733);
    const vec3 c4 = vec3(27.545674, 15.049069, -28.440853);
    const vec3 c5 = vec3(-12.959040, -6.208391, 12.528992);
    return srgbToLinear(clamp(c0 + t * (c1 + t * (c2 + t * (c3 + t * (c4 + t * c5)))), 0.0, 1.0));
}

// A diverging heat map for signed strain s (already divided by its scale, so 1 is
// the top of the map): 0 is a neutral light grey, stretch goes through yellow and
// orange to deep red at s = 1, compression through light to deep blue at s = -1.
vec3 strainHeat(float s) {
    const vec3 neutral = vec3(0.62, 0.62, 0.60);
    const vec3 yellow = vec3(0.95, 0.70, 0.05);
    const vec3 red = vec3(0.60, 0.02, 0.01);
    const vec3 blue = vec3(0.02, 0.15, 0.75);
    if (s < 0.0) return mix(neutral, blue, min(-s, 1.0));
    s = min(s, 1.0);
    return s < 0.5 ? mix(neutral, yellow, 2.0 * s) : mix(yellow, red, 2.0 * s - 1.0);
}
