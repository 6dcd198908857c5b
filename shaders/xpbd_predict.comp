#version 430 core
// xpbd_gpu, start of a substep: x_previous = x, then free particles take the
// external force's velocity change and move (position_based.cpp predictPositions).
layout(local_size_x = 64) in;

struct Particle {
    vec4 x;
    vec4 v;
    vec4 extra;  // external force, newtons
};
layout(std430, binding = 0) buffer Particles { Particle particles[]; };
layout(std430, binding = 1) writeonly buffer Previous { vec4 previous[]; };
layout(std430, binding = 2) writeonly buffer Predicted { vec4 predicted[]; };

uniform uint particleCount;
uniform float h;

void main() {
    const uint i = gl_GlobalInvocationID.x;
    if (i >= particleCount) return;
    Particle p = particles[i];
    previous[i] = vec4(p.x.xyz, 0.0);
    const float w = p.x.w;
    if (w != 0.0) {
        p.v.xyz += h * w * p.extra.xyz;
        p.x.xyz += h * p.v.xyz;
        particles[i].v = p.v;
        particles[i].x = p.x;
    }
    predicted[i] = vec4(p.x.xyz, 0.0);
}
