#version 430 core
// What the CPU decided before a step: pinned and mouse-held particles (inverse
// mass 0) and particles whose inverse mass changed (a release) take the CPU's
// position, velocity and inverse mass. The list is short: only those particles.
layout(local_size_x = 64) in;

struct Particle {
    vec4 x;
    vec4 v;
    vec4 extra;
};
struct Kinematic {
    vec4 x;       // position, w: inverse mass
    vec4 v;       // velocity, w: mass
    uvec4 index;  // x: the particle
};
layout(std430, binding = 0) buffer Particles { Particle particles[]; };
layout(std430, binding = 1) readonly buffer Entries { Kinematic entries[]; };

uniform uint entryCount;

void main() {
    const uint k = gl_GlobalInvocationID.x;
    if (k >= entryCount) return;
    const Kinematic e = entries[k];
    particles[e.index.x].x = e.x;
    particles[e.index.x].v = e.v;
    particles[e.index.x].extra = vec4(0.0);  // verlet: a held particle has no acceleration
}
