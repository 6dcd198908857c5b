#version 430 core
// verlet_gpu: one substep of position Verlet on the mass-spring model for every
// particle (gpu-cloth's kernel, docs/sources.md; on the cloth's own links instead of a fixed
// 12-neighbour stencil: with cloth.link_pattern = stencil12 they are the same).
// Ping-pong: every invocation reads the old state of itself and its neighbours
// from `Old` and writes only its own new state to `New`, so nothing races.
//
// The model is the CPU verlet's (solvers/verlet.cpp): x_prev = x - h v + a h^2 / 2
// from the shared state, forces = m g - b v + springs + aerodynamics with the
// backward-difference velocity (x - x_prev) / h, x' = x + c (x - x_prev) + h^2 a,
// pinned particles put back, then contact with velocity correction (contact.cpp,
// the force-based path). In `init` mode it only computes a from (x, v), as the
// CPU solver does when it switches in.
layout(local_size_x = 64) in;

struct Particle {
    vec4 x;      // position, w: inverse mass
    vec4 v;      // velocity, w: mass
    vec4 extra;  // the acceleration that went into v
};
layout(std430, binding = 0) readonly buffer Old { Particle old[]; };
layout(std430, binding = 1) writeonly buffer New { Particle next[]; };
layout(std430, binding = 2) readonly buffer Triangles { uvec4 triangles[]; };
layout(std430, binding = 3) readonly buffer Adjacency { uvec4 adjacency[]; };
// per link of a particle: the other end (bit 31 set when this particle is the link's b), rest length bits, kind
layout(std430, binding = 4) readonly buffer AdjacencyList { uint adjacencyList[]; };
layout(std430, binding = 5) readonly buffer Colliders { GpuCollider colliders[]; };

uniform uint particleCount;
uniform bool initOnly;
uniform float h;
uniform float c;              // drag factor 1 - h k
uniform vec3 gravity;
uniform vec3 wind;
uniform vec3 air;             // rho / 2, C_D, C_L
uniform float pointDamping;   // b, N s/m
uniform vec3 stiffness;       // N/m: stretch, shear, bend
uniform float springDamping;  // k_d, N s/m
uniform uint colliderCount;
uniform int contactIterations;
uniform float thickness;
uniform float restingSpeed;

vec3 previousOf(uint j) {
    return old[j].x.xyz - h * old[j].v.xyz + 0.5 * h * h * old[j].extra.xyz;
}
// The velocity the forces see: the state's own at init, else the backward difference.
vec3 velocityOf(uint j) { return initOnly ? old[j].v.xyz : (old[j].x.xyz - previousOf(j)) / h; }

void main() {
    const uint i = gl_GlobalInvocationID.x;
    if (i >= particleCount) return;
    const Particle self = old[i];
    const vec3 x = self.x.xyz;
    const vec3 vi = velocityOf(i);
    const float w = self.x.w;

    vec3 f = self.v.w * gravity - pointDamping * vi;
    const uvec4 adj = adjacency[i];
    for (uint k = adj.x; k < adj.y; k += 3u) {
        const uint entry = adjacencyList[k];
        const uint j = entry & 0x7fffffffu;
        const bool isB = (entry & 0x80000000u) != 0u;
        // as accumulateSpringForces computes it for the link (a, b)
        const vec3 xa = isB ? old[j].x.xyz : x, xb = isB ? x : old[j].x.xyz;
        const vec3 vj = velocityOf(j);
        const vec3 va = isB ? vj : vi, vb = isB ? vi : vj;
        const vec3 d = xb - xa;
        const float len = length(d);
        if (len < 1e-12) continue;
        const vec3 dir = d / len;
        const float magnitude = stiffness[adjacencyList[k + 2u]] * (len - uintBitsToFloat(adjacencyList[k + 1u])) +
                                springDamping * dot(dir, vb - va);
        if (isB) f -= magnitude * dir;
        else f += magnitude * dir;
    }
    for (uint k = adj.z; k < adj.w; ++k) {
        const uvec4 t = triangles[adjacencyList[k]];
        f += aerodynamicCornerForce(old[t.x].x.xyz, old[t.y].x.xyz, old[t.z].x.xyz, velocityOf(t.x), velocityOf(t.y),
                                    velocityOf(t.z), wind, air);
    }
    const vec3 a = f * w;
    if (initOnly) {
        next[i] = Particle(self.x, self.v, vec4(a, 0.0));
        return;
    }

    vec3 moved = x + c * (x - previousOf(i)) + h * h * a;
    vec3 v = (moved - x) / h + 0.5 * h * a;
    if (w == 0.0) {
        moved = x;
        v = vec3(0.0);
    }
    for (int it = 0; it < contactIterations; ++it)
        for (uint k = 0u; k < colliderCount; ++k)
            contactParticle(colliders[k], moved, x, v, w, thickness, h, restingSpeed, it == 0, it == 0);
    next[i] = Particle(vec4(moved, w), vec4(v, self.v.w), vec4(a, 0.0));
}
