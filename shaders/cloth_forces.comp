#version 430 core
// External force on every particle at the start of an xpbd_gpu step: gravity
// plus the aerodynamic force of the triangles around it (position_based.cpp
// externalForces). Each particle gathers from its own triangles in triangle
// order, so no two invocations write the same particle: no atomics needed.
layout(local_size_x = 64) in;

struct Particle {
    vec4 x;      // position, w: inverse mass
    vec4 v;      // velocity, w: mass
    vec4 extra;  // xpbd: external force; verlet: the acceleration that went into v
};
layout(std430, binding = 0) buffer Particles { Particle particles[]; };
layout(std430, binding = 1) readonly buffer Triangles { uvec4 triangles[]; };
layout(std430, binding = 2) readonly buffer Adjacency { uvec4 adjacency[]; };  // link begin/end, triangle begin/end
layout(std430, binding = 3) readonly buffer AdjacencyList { uint adjacencyList[]; };

uniform uint particleCount;
uniform vec3 gravity;
uniform vec3 wind;  // wind velocity at the step's start
uniform vec3 air;   // rho / 2, C_D, C_L

void main() {
    const uint i = gl_GlobalInvocationID.x;
    if (i >= particleCount) return;
    vec3 f = particles[i].v.w * gravity;
    const uvec4 adj = adjacency[i];
    for (uint k = adj.z; k < adj.w; ++k) {
        const uvec4 t = triangles[adjacencyList[k]];
        f += aerodynamicCornerForce(particles[t.x].x.xyz, particles[t.y].x.xyz, particles[t.z].x.xyz,
                                    particles[t.x].v.xyz, particles[t.y].v.xyz, particles[t.z].v.xyz, wind, air);
    }
    particles[i].extra = vec4(f, 0.0);
}
