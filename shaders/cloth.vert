#version 330 core
// Cloth and collider meshes: world-space position and normal for ggx.frag.

layout(location = 0) in vec3 aPosition;  // model space, metres
layout(location = 1) in vec3 aNormal;    // model space (not necessarily unit)

uniform mat4 uModel;            // model -> world, metres
uniform mat3 uNormalMatrix;     // inverse transpose of mat3(uModel): right under non-uniform scale too
uniform mat4 uViewProjection;

out vec3 vWorldPosition;
out vec3 vWorldNormal;

void main() {
    vec4 world = uModel * vec4(aPosition, 1.0);
    vWorldPosition = world.xyz;
    // the fragment shader normalises
    vWorldNormal = uNormalMatrix * aNormal;
    gl_Position = uViewProjection * world;
}
