#version 430 core
// Vertex normals for drawing straight from the GPU solvers' buffers: the sum of
// the (area-weighted) normals of the triangles around each particle, as
// computeVertexNormals does on the CPU.
layout(local_size_x = 64) in;

struct Particle {
    vec4 x;
    vec4 v;
    vec4 extra;
};
layout(std430, binding = 0) readonly buffer Particles { Particle particles[]; };
layout(std430, binding = 1) readonly buffer Triangles { uvec4 triangles[]; };
layout(std430, binding = 2) readonly buffer Adjacency { uvec4 adjacency[]; };
layout(std430, binding = 3) readonly buffer AdjacencyList { uint adjacencyList[]; };
layout(std430, binding = 4) writeonly buffer Normals { vec4 normals[]; };

uniform uint particleCount;

void main() {
    const uint i = gl_GlobalInvocationID.x;
    if (i >= particleCount) return;
    vec3 n = vec3(0.0);
    const uvec4 adj = adjacency[i];
    for (uint k = adj.z; k < adj.w; ++k) {
        const uvec4 t = triangles[adjacencyList[k]];
        const vec3 a = particles[t.x].x.xyz;
        n += cross(particles[t.y].x.xyz - a, particles[t.z].x.xyz - a);
    }
    const float len = length(n);
    normals[i] = vec4(len > 1e-20 ? n / len : vec3(0.0, 1.0, 0.0), 0.0);
}
