#version 330 core
// The "normals" cloth view: the unit world normal of the side being looked at
// (flipped on back faces, as the lit views shade it), written as n * 0.5 + 0.5:
// +x red, +y green, +z blue. Data, not light: no lighting and no sRGB encoding,
// so the stored value reads back as the normal.

in vec3 vWorldNormal;

out vec4 fragColor;

vec3 twoSidedNormal(vec3 interpolatedNormal);

void main() {
    fragColor = vec4(twoSidedNormal(vWorldNormal) * 0.5 + 0.5, 1.0);
}
