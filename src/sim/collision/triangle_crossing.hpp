#pragma once
// Whether two triangles, taken as closed point sets, have a point in common, decided
// exactly (exact_predicates.hpp) for float coordinates.
//
// The rule the crossing counter states (crossing_count.hpp): every common point counts,
// so coplanar overlapping triangles cross, a vertex exactly on the other's face crosses,
// and two edges that touch cross. A triangle whose corners are collinear is the segment
// they span and is tested as such; one whose corners coincide is a point.
//
// Why "an edge of one meets the other": two closed triangles intersect exactly when an
// edge of one meets the other triangle. Their intersection is a compact convex set; an
// extreme point of it lies on the boundary of one triangle (an edge) and inside the other.
// Segment against triangle: the segment's ends on either side of the triangle's plane
// (or on it), and the line through the segment passing inside the triangle's three edge
// lines (three more orientations). When everything lies in one plane, the test is done in
// 2D by dropping one axis; a projection can only merge sets, never separate them, and one
// of the three axis projections is one-to-one on the plane, so sets in one plane meet
// exactly when their projections meet on all three (tried most informative first).
#include <glm/vec3.hpp>

namespace cs {

bool trianglesIntersect(glm::vec3 a0, glm::vec3 a1, glm::vec3 a2, glm::vec3 b0, glm::vec3 b1, glm::vec3 b2);

// The closed segment (p, q) and the closed triangle (a, b, c) have a point in common.
bool segmentMeetsTriangle(glm::vec3 p, glm::vec3 q, glm::vec3 a, glm::vec3 b, glm::vec3 c);

} // namespace cs
