#version 330 core
// Debug views (particles, links, normals, collider outlines, pins, contacts): world
// positions with a colour each; points carry their diameter in pixels. The depth is
// taken from the point moved a little towards the eye (a fraction of its distance),
// so lines lying on the cloth win the depth test against the triangles they trace.

layout(location = 0) in vec3 aPosition;  // metres
layout(location = 1) in vec3 aColor;     // linear RGB
layout(location = 2) in float aSize;     // pixels, points only

uniform mat4 uViewProjection;
uniform vec3 uEye;                  // metres
uniform float uNearPlane;           // metres
uniform float uDepthPullPerMetre;   // metres pulled per metre of distance to the eye

out vec3 vColor;

void main() {
    vec3 toEye = uEye - aPosition;
    float distanceToEye = length(toEye);
    float pull = min(uDepthPullPerMetre * distanceToEye, max(distanceToEye - 2.0 * uNearPlane, 0.0));
    vec4 clip = uViewProjection * vec4(aPosition, 1.0);
    vec4 pulled = uViewProjection * vec4(aPosition + toEye / max(distanceToEye, 1e-6) * pull, 1.0);
    gl_Position = vec4(clip.xy, pulled.z / pulled.w * clip.w, clip.w);
    gl_PointSize = aSize;
    vColor = aColor;
}
