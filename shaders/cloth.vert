#version 330 core
// Cloth and collider meshes: world-space position and normal for the lit
// fragment shaders, plus what the cloth views colour by. Colliders have no
// attribute 2 or 3: GL then reads constants, which their shader ignores.

layout(location = 0) in vec3 aPosition;  // model space, metres
layout(location = 1) in vec3 aNormal;    // model space (not necessarily unit)
layout(location = 2) in vec2 aUV;        // the cloth's rest UV, [0,1]^2 (fabric texture)
layout(location = 3) in float aForce;    // force views: the particle's load as a place on the colour map, [0, 1]

uniform mat4 uModel;            // model -> world, metres
uniform mat3 uNormalMatrix;     // inverse transpose of mat3(uModel): right under non-uniform scale too
uniform mat4 uViewProjection;

out vec3 vWorldPosition;
out vec3 vWorldNormal;
out vec2 vUV;
out float vForce;

void main() {
    vec4 world = uModel * vec4(aPosition, 1.0);
    vWorldPosition = world.xyz;
    // the fragment shader normalises
    vWorldNormal = uNormalMatrix * aNormal;
    vUV = aUV;
    vForce = aForce;
    gl_Position = uViewProjection * world;
}
