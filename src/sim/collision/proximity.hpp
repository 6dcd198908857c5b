#pragma once
// Geometric primitives of triangle self-contact (CONTACT.md §1): the closest point of a
// triangle to a point (VF), the closest pair of two segments (EE), and the feasible-region
// ("offset") tests that decide which feature a contact belongs to. Pure functions on
// doubles, no allocation; the broad phase and the pair lists live elsewhere.
//
// Point–triangle. n = (b − a) × (c − a). The barycentric weight of corner k of the
// projection q of p onto the triangle's plane is
//     λ_k = n · ((v_{k+1} − p) × (v_{k+2} − p)) / |n|²
// (using p instead of q changes nothing: p − q is parallel to n). If all λ_k ≥ 0 the
// projection is inside: the closest point is Σ λ_k v_k, feature Face. Otherwise the closed
// triangle's nearest point to p is the nearest point to q, which lies on the boundary:
// the nearest of the three edges' closest points (each a clamped projection onto the
// segment), feature Edge k, or Vertex k when the clamp lands on a corner. This is the
// Voronoi-region idea of Ericson (Real-Time Collision Detection, §5.1.5) in a form whose
// rounding error grows like 1/height rather than 1/height² on slivers; it costs three
// point–segment projections when p is outside the face region.
//
// Degenerate triangles: when |n| ≤ kDegenerateTriangle · L², L the longest edge (the
// triangle's height is below about 2e-10 of its longest edge: collinear corners, two or
// three equal corners), the triangle is taken as its longest edge, the segment that all
// three corners span (the first longest on ties, so three equal corners give Vertex0).
// Never NaN for finite input.
//
// Segment–segment. d1 = p2 − p1, d2 = q2 − q1, r = p1 − q1, m = d1 × d2. For segments that
// are not parallel the closest points of the two lines are
//     s = m · (d2 × r) / |m|²,   t = (d1·d2 · s + d2·r) / |d2|²
// (the Lagrange identity turns Ericson's (bf − ce)/(ae − b²) into cross products, whose
// cancellation is milder near parallel); s is clamped to [0, 1], t recomputed for it and
// clamped, and s recomputed for a clamped t (Ericson §5.1.9). When
//     |m| ≤ kParallelSine · |d1| · |d2|
// (the angle between the segments is below about 1e-6 rad, or either has zero length)
// the pair is flagged `parallel`: the minimum then lies at an endpoint of one of them, and
// the result is the first nearest of the four endpoint-to-segment pairs, in the order
// p1, p2 on (q1, q2), then q1, q2 on (p1, p2). For near-parallel segments that pair is
// within about |d| · 1e-6 of the true minimum distance; for exactly parallel ones exact.
//
// Feasible regions (Chen et al., Offset Geometric Contact, SIGGRAPH 2025; Gaia's
// TriMeshCollisionGeometry): a VF contact counts only when p lies in the region of its
// closest feature (face interior: always; edge: between the planes through A and B normal
// to AB and not on any adjacent face's side of the plane through AB perpendicular to that
// face; vertex: inside the polar cone), with a tolerance eps on raw dot products (metres²)
// that the caller scales to the scene. An EE pair counts when either closest point
// projects into the other segment's span (Gaia's rule, no tolerance).
#include <cstdint>
#include <glm/vec3.hpp>
#include <span>

namespace cs {

// |n| ≤ this · (longest edge)²: the triangle has no area and is taken as its longest edge.
inline constexpr double kDegenerateTriangle = 1e-10;
// |d1 × d2| ≤ this · |d1| · |d2|: the segments are parallel (or one has zero length).
inline constexpr double kParallelSine = 1e-6;

// Which feature of a triangle (a, b, c) is closest: its interior, edge k (from corner k to corner (k+1)%3), or corner k.
enum class TriangleFeature : std::uint8_t { Face, Edge0, Edge1, Edge2, Vertex0, Vertex1, Vertex2 };

struct PointTriangleProximity {
    double distance = 0.0;          // |p - closest|, metres
    glm::dvec3 closest{0.0};        // the nearest point of the closed triangle
    glm::dvec3 barycentric{0.0};    // closest = b.x * a + b.y * b + b.z * c; each in [0, 1], summing to 1
    TriangleFeature feature = TriangleFeature::Face;
};
PointTriangleProximity pointTriangleProximity(glm::dvec3 p, glm::dvec3 a, glm::dvec3 b, glm::dvec3 c);

struct EdgeEdgeProximity {
    double distance = 0.0;          // |c1 - c2|, metres
    double s = 0.0, t = 0.0;        // c1 = (1 - s) p1 + s p2, c2 = (1 - t) q1 + t q2, both in [0, 1]
    glm::dvec3 c1{0.0}, c2{0.0};    // metres
    bool parallel = false;          // the segments are (near) parallel, or one has zero length: s, t is one closest pair of many
};
EdgeEdgeProximity edgeEdgeProximity(glm::dvec3 p1, glm::dvec3 p2, glm::dvec3 q1, glm::dvec3 q2);

// The closest point of the segment (p, q) to x is (1 - t) p + t q; returns t in [0, 1]
// (0 for a zero-length segment).
double closestOnSegment(glm::dvec3 x, glm::dvec3 p, glm::dvec3 q);

// Cheap rejections before the exact distances, in single precision: true when some axis
// separates the two features by at least `distance` (metres) — then their distance is at
// least that, so a caller that wants pairs nearer than r may skip the pair when this says
// so for r plus a margin that covers rounding (`kSeparationMargin`). A separating axis
// gives a lower bound of the distance whatever the axis, so no rounding of the axis itself
// can make it unsafe as long as every point of both features is projected on it (on a
// nearly degenerate triangle's normal, or the common normal of nearly parallel segments,
// the points that should project to one value do not: projecting one for all measured up
// to 1.5 mm beyond the distance); the projections round by about 1e-7 of the coordinates.
// Point and triangle: the triangle's normal and its edges' outward normals in its plane.
// Two segments: their common normal d1 x d2 and each one's normal in the plane of both.
// Degenerate features (no normal) are never separated here.
bool separatedFromTriangle(glm::vec3 p, glm::vec3 a, glm::vec3 b, glm::vec3 c, float distance);
bool segmentsSeparated(glm::vec3 p1, glm::vec3 p2, glm::vec3 q1, glm::vec3 q2, float distance);
// The same tests, returning how far apart the first axis that separates the features by
// `distance` shows them (metres: a lower bound of their distance, up to the rounding of
// the projections), or 0 where none does (then the bool forms say false).
float separationFromTriangle(glm::vec3 p, glm::vec3 a, glm::vec3 b, glm::vec3 c, float distance);
float segmentsSeparation(glm::vec3 p1, glm::vec3 p2, glm::vec3 q1, glm::vec3 q2, float distance);
// metres added to the radius before a separation test rejects (coordinates up to ~100 m)
inline constexpr float kSeparationMargin = 1e-5f;

// Feasible-region ("offset") tests of CONTACT.md §1, eps in metres² of raw dot products scaled by the caller:
// p is in the region of edge (A, B) of a mesh whose faces adjacent to AB have opposite corners `opposite` (1 or 2 points)
bool inEdgeRegion(glm::dvec3 p, glm::dvec3 A, glm::dvec3 B, std::span<const glm::dvec3> opposite, double eps);
// p is in the polar cone of vertex A with 1-ring neighbours `ring`
bool inVertexRegion(glm::dvec3 p, glm::dvec3 A, std::span<const glm::dvec3> ring, double eps);
// an edge-edge pair counts (Gaia's rule in CONTACT.md §1: (c2 - p1)·e1 >= 0 and (p2 - c2)·e1 >= 0, or the same for c1 on e2)
bool edgeEdgeFeasible(const EdgeEdgeProximity& pair, glm::dvec3 p1, glm::dvec3 p2, glm::dvec3 q1, glm::dvec3 q2);

} // namespace cs
