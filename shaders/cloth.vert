#version 330 core
// Cloth and collider meshes: world-space position and normal for ggx.frag.

layout(location = 0) in vec3 aPosition;  // model space, metres
layout(location = 1) in vec3 aNormal;    // model space (not necessarily unit)

uniform mat4 uModel;            // rotation, translation and uniform scale only
uniform mat4 uViewProjection;

out vec3 vWorldPosition;
out vec3 vWorldNormal;

void main() {
    vec4 world = uModel * vec4(aPosition, 1.0);
    vWorldPosition = world.xyz;
    // with a uniform scale the upper 3x3 keeps normals perpendicular; the fragment shader normalises
    vWorldNormal = mat3(uModel) * aNormal;
    gl_Position = uViewProjection * world;
}
