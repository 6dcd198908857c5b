#version 330 core
// The ground and plane colliders (infinite ones and finite panels): a unit quad
// placed by uModel, with grid coordinates in metres for ground.frag.

layout(location = 0) in vec3 aPosition;  // unit quad in the x-z plane, [-1, 1]
layout(location = 1) in vec3 aNormal;    // +y

uniform mat4 uModel;           // scales x and z only, so its 3x3 keeps the +y normal right
uniform mat4 uViewProjection;
uniform vec2 uGridHalfSize;    // metres from the quad's centre to its edges along local x and z
uniform vec2 uGridOrigin;      // grid coordinates of the quad's centre, metres

out vec3 vWorldPosition;
out vec3 vWorldNormal;
out vec2 vGrid;

void main() {
    vec4 world = uModel * vec4(aPosition, 1.0);
    vWorldPosition = world.xyz;
    vWorldNormal = mat3(uModel) * aNormal;
    vGrid = aPosition.xz * uGridHalfSize + uGridOrigin;
    gl_Position = uViewProjection * world;
}
