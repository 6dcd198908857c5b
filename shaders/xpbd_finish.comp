#version 430 core
// xpbd_gpu, end of a substep: contact with the colliders and the ground
// (contact.cpp, the position-based path), then v = v + (x - predicted) / h and
// the air drag (position_based.cpp updateVelocities). Per particle, no races.
layout(local_size_x = 64) in;

struct Particle {
    vec4 x;
    vec4 v;
    vec4 extra;
};
layout(std430, binding = 0) buffer Particles { Particle particles[]; };
layout(std430, binding = 1) readonly buffer Previous { vec4 previous[]; };
layout(std430, binding = 2) readonly buffer Predicted { vec4 predicted[]; };
layout(std430, binding = 3) readonly buffer Colliders { GpuCollider colliders[]; };

uniform uint particleCount;
uniform uint colliderCount;  // the ground, when on, is the last
uniform int contactIterations;
uniform float thickness;
uniform float h;
uniform float restingSpeed;
uniform float drag;

void main() {
    const uint i = gl_GlobalInvocationID.x;
    if (i >= particleCount) return;
    vec3 x = particles[i].x.xyz;
    vec3 v = particles[i].v.xyz;
    const float w = particles[i].x.w;
    const vec3 start = previous[i].xyz;
    for (int it = 0; it < contactIterations; ++it)
        for (uint c = 0u; c < colliderCount; ++c)
            contactParticle(colliders[c], x, start, v, w, thickness, h, restingSpeed, it == 0, false);
    v = w == 0.0 ? vec3(0.0) : (v + (x - predicted[i].xyz) * (1.0 / h)) * drag;
    particles[i].x.xyz = x;
    particles[i].v.xyz = v;
}
