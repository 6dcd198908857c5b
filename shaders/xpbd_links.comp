#version 430 core
// xpbd_gpu: one colour of distance links. The links of a dispatch share no
// particle, so each invocation owns its two particles: the same Gauss-Seidel
// sweep as the CPU's, colour by colour (constraints.hpp projectDistance).
layout(local_size_x = 64) in;

struct Particle {
    vec4 x;
    vec4 v;
    vec4 extra;
};
layout(std430, binding = 0) buffer Particles { Particle particles[]; };
layout(std430, binding = 1) readonly buffer Links { uvec4 links[]; };  // a, b, rest length bits, kind
layout(std430, binding = 2) buffer Lambda { float lambda[]; };

uniform uint firstLink;
uniform uint linkCount;
uniform vec3 alphaTilde;  // compliance / h^2 per kind: stretch, shear, bend

void main() {
    if (gl_GlobalInvocationID.x >= linkCount) return;
    const uint l = firstLink + gl_GlobalInvocationID.x;
    const uvec4 link = links[l];
    const vec4 xa = particles[link.x].x;
    const vec4 xb = particles[link.y].x;
    const vec3 d = xa.xyz - xb.xyz;
    const float len = sqrt(dot(d, d));
    const float alpha = alphaTilde[link.w];
    const float denominator = xa.w + xb.w + alpha;
    if (len < 1e-12 || denominator < 1e-12) return;
    const float violation = len - uintBitsToFloat(link.z);
    const float scale = (-violation - alpha * lambda[l]) / (denominator * len);
    lambda[l] += scale * len;
    particles[link.x].x.xyz = xa.xyz + (xa.w * scale) * d;
    particles[link.y].x.xyz = xb.xyz + (-xb.w * scale) * d;
}
