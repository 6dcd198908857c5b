#pragma once
// Colliders against the cloth's triangles, not only its particles: the features of a
// collider that fit between particles — a capsule's axis (a capsule thinner than the
// spacing), a box's twelve edges — are met by the triangles they approach.
//
// For each such segment and each triangle near it, the triangle's point nearest to the
// segment is found (point–triangle and segment–segment closest points of proximity.hpp);
// contact then treats that point as a particle with barycentric weights w_k on the
// corners: its contact with the collider (contactWith, the same normal, depth, friction
// and restitution as a particle's), and the inverse mass of the point along the normal,
// K = sum w_k^2 / m_k. A change dp of the point (or dv of its velocity) moves corner k by
// w_k (1/m_k) / K * dp, which moves the point by exactly dp (sum w_k of them) and weighs
// the corners like a position-based constraint with gradient w_k n.
//
// A segment that already passes through a triangle (the point is on the segment, the
// normal from the shape says nothing) pushes the triangle back to the side it was on at
// the substep's start (the triangle's normal, signed by where the segment was then).
#include "colliders.hpp"

#include <array>
#include <cstdint>
#include <glm/vec3.hpp>

namespace cs {

struct Segment {
    glm::vec3 a, b;  // metres, world
};

// The segments of collider `c` at its current pose that can slip between particles, and
// the radius around them: a capsule's axis (its radius), a box's 12 edges (0). Returns how
// many were written (0 for spheres and planes: a sphere wider than the spacing cannot pass
// between particles, a plane is everywhere).
int slippingSegments(const Collider& c, std::array<Segment, 12>& out, float& radius);

// Bit k set: x may lie within `distance` of segment k of slippingSegments (same order);
// clear: it does not. A box's test is in its frame: the distance to an edge is at least
// each of the point's offsets from the edge's two faces and from its ends' span.
std::uint16_t segmentsNear(const Collider& c, glm::vec3 x, float distance);

// The point of triangle (t0, t1, t2) nearest to segment (a, b).
struct TrianglePoint {
    glm::vec3 weights{0.0f};   // barycentric, summing to 1: point = sum weights[k] t_k
    glm::vec3 point{0.0f};     // metres
    glm::vec3 onSegment{0.0f}; // the segment's point nearest to it
    float distance = 0.0f;     // metres; 0 when they meet
    bool meets = false;        // the segment passes through the closed triangle
};
TrianglePoint nearestToSegment(glm::vec3 t0, glm::vec3 t1, glm::vec3 t2, glm::vec3 a, glm::vec3 b);

} // namespace cs
