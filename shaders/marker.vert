#version 330 core
// Tool markers (hovered or grabbed particle): the unit sphere placed at uCenter
// with radius uRadius. Its depth is taken from the same point moved uDepthPull
// metres towards the eye, so a marker sitting in the cloth wins the depth test
// against the cloth around it, while its outline stays where the sphere is.

layout(location = 0) in vec3 aPosition;  // unit sphere
layout(location = 1) in vec3 aNormal;

uniform vec3 uCenter;          // metres
uniform float uRadius;         // metres
uniform float uDepthPull;      // metres
uniform vec3 uEye;             // camera position, metres
uniform float uNearPlane;      // metres
uniform mat4 uViewProjection;

out vec3 vNormal;
out vec3 vToEye;

void main() {
    vec3 world = uCenter + uRadius * aPosition;
    vec3 toEye = uEye - world;
    float distanceToEye = length(toEye);
    // never pull a point up to the near plane
    float pull = clamp(uDepthPull, 0.0, max(distanceToEye - 2.0 * uNearPlane, 0.0));
    vec4 clip = uViewProjection * vec4(world, 1.0);
    vec4 pulled = uViewProjection * vec4(world + toEye / max(distanceToEye, 1e-6) * pull, 1.0);
    gl_Position = vec4(clip.xy, pulled.z / pulled.w * clip.w, clip.w);
    vNormal = aNormal;
    vToEye = toEye;
}
