#include "triangle_crossing.hpp"

#include "exact_predicates.hpp"

#include <cmath>
#include <glm/geometric.hpp>
#include <glm/vec2.hpp>

namespace cs {
namespace {

// The three axis projections, most informative first: the axis along which the plane's
// normal is largest is dropped first (its projection is one-to-one on the plane).
struct Projections {
    int dropped[3];
};

Projections projectionOrder(glm::vec3 normal) {
    const glm::vec3 n = glm::abs(normal);
    Projections order{{0, 1, 2}};
    if (n.y > n.x && n.y >= n.z) order = {{1, 0, 2}};
    else if (n.z > n.x && n.z > n.y) order = {{2, 0, 1}};
    return order;
}

glm::vec2 drop(glm::vec3 p, int axis) {
    switch (axis) {
    case 0: return {p.y, p.z};
    case 1: return {p.z, p.x};
    default: return {p.x, p.y};
    }
}

// r lies in the closed box of p and q (r collinear with them: then on the segment).
bool inSegmentBox(glm::vec2 p, glm::vec2 q, glm::vec2 r) {
    return std::fmin(p.x, q.x) <= r.x && r.x <= std::fmax(p.x, q.x) && std::fmin(p.y, q.y) <= r.y &&
           r.y <= std::fmax(p.y, q.y);
}

bool segmentsMeet2d(glm::vec2 p, glm::vec2 q, glm::vec2 r, glm::vec2 s) {
    const int o1 = orient2d(p, q, r), o2 = orient2d(p, q, s);
    const int o3 = orient2d(r, s, p), o4 = orient2d(r, s, q);
    if (o1 * o2 < 0 && o3 * o4 < 0) return true;
    return (o1 == 0 && inSegmentBox(p, q, r)) || (o2 == 0 && inSegmentBox(p, q, s)) ||
           (o3 == 0 && inSegmentBox(r, s, p)) || (o4 == 0 && inSegmentBox(r, s, q));
}

bool segmentMeetsTriangle2d(glm::vec2 p, glm::vec2 q, glm::vec2 a, glm::vec2 b, glm::vec2 c) {
    if (orient2d(a, b, c) != 0) {  // a true triangle: an end inside it?
        const auto inside = [&](glm::vec2 x) {
            const int s1 = orient2d(a, b, x), s2 = orient2d(b, c, x), s3 = orient2d(c, a, x);
            return (s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0);
        };
        if (inside(p) || inside(q)) return true;
    }  // collinear corners: the triangle is the union of its edges
    return segmentsMeet2d(p, q, a, b) || segmentsMeet2d(p, q, b, c) || segmentsMeet2d(p, q, c, a);
}

// Closed segments in 3D.
bool segmentsMeet(glm::vec3 p, glm::vec3 q, glm::vec3 r, glm::vec3 s) {
    if (orient3d(p, q, r, s) != 0) return false;  // not in one plane
    // Their plane's normal, for the projection order only (any order is exact): the
    // segments' cross product, plus one through r for parallel segments, where it is 0.
    const glm::vec3 normal = glm::cross(q - p, s - r) + glm::cross(r - p, s - p);
    for (int axis : projectionOrder(normal).dropped)
        if (!segmentsMeet2d(drop(p, axis), drop(q, axis), drop(r, axis), drop(s, axis))) return false;
    return true;
}

bool degenerate(glm::vec3 a, glm::vec3 b, glm::vec3 c) {
    for (int axis = 0; axis < 3; ++axis)
        if (orient2d(drop(a, axis), drop(b, axis), drop(c, axis)) != 0) return false;
    return true;
}

// The segment and the triangle's plane share every point (sidePQ both 0).
bool segmentMeetsTriangleInPlane(glm::vec3 p, glm::vec3 q, glm::vec3 a, glm::vec3 b, glm::vec3 c) {
    // Collinear corners make every point "on the plane": test the triangle's edges instead.
    if (degenerate(a, b, c)) return segmentsMeet(p, q, a, b) || segmentsMeet(p, q, b, c) || segmentsMeet(p, q, c, a);
    for (int axis : projectionOrder(glm::cross(b - a, c - a)).dropped)
        if (!segmentMeetsTriangle2d(drop(p, axis), drop(q, axis), drop(a, axis), drop(b, axis), drop(c, axis)))
            return false;
    return true;
}

// sideP, sideQ: orient3d(a, b, c, p) and (.., q), computed once by the caller.
bool segmentMeetsTriangle(glm::vec3 p, glm::vec3 q, int sideP, int sideQ, glm::vec3 a, glm::vec3 b, glm::vec3 c) {
    if (sideP * sideQ > 0) return false;  // both strictly on one side
    if (sideP == 0 && sideQ == 0) return segmentMeetsTriangleInPlane(p, q, a, b, c);
    // One point of the segment is on the plane, inside the segment; the triangle is a
    // true one (collinear corners would put both ends on the plane). Is the point inside
    // the triangle, i.e. does the line pass inside all three edges?
    const int s1 = orient3d(p, q, a, b), s2 = orient3d(p, q, b, c), s3 = orient3d(p, q, c, a);
    return (s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0);
}

// Two triangles in one plane, both with a non-zero area in the projection that drops
// `axis` (so that projection is one-to-one on their plane): closed convex polygons are
// disjoint exactly when an edge line of one has the whole other strictly outside.
bool coplanarTrianglesMeet(const glm::vec3 a[3], const glm::vec3 b[3], int axis, int areaA, int areaB) {
    const glm::vec2 pa[3] = {drop(a[0], axis), drop(a[1], axis), drop(a[2], axis)};
    const glm::vec2 pb[3] = {drop(b[0], axis), drop(b[1], axis), drop(b[2], axis)};
    const auto separates = [](const glm::vec2 edge[3], int area, const glm::vec2 other[3]) {
        for (int e = 0; e < 3; ++e) {
            const glm::vec2 from = edge[e], to = edge[(e + 1) % 3];
            if (orient2d(from, to, other[0]) * area < 0 && orient2d(from, to, other[1]) * area < 0 &&
                orient2d(from, to, other[2]) * area < 0)
                return true;
        }
        return false;
    };
    return !separates(pa, areaA, pb) && !separates(pb, areaB, pa);
}

bool allOneSide(const int side[3]) {
    return (side[0] > 0 && side[1] > 0 && side[2] > 0) || (side[0] < 0 && side[1] < 0 && side[2] < 0);
}

} // namespace

bool segmentMeetsTriangle(glm::vec3 p, glm::vec3 q, glm::vec3 a, glm::vec3 b, glm::vec3 c) {
    return segmentMeetsTriangle(p, q, orient3d(a, b, c, p), orient3d(a, b, c, q), a, b, c);
}

bool trianglesIntersect(glm::vec3 a0, glm::vec3 a1, glm::vec3 a2, glm::vec3 b0, glm::vec3 b1, glm::vec3 b2) {
    // Each triangle's corners against the other's plane: all strictly on one side, no contact.
    const int sideOfA[3] = {orient3d(a0, a1, a2, b0), orient3d(a0, a1, a2, b1), orient3d(a0, a1, a2, b2)};
    if (allOneSide(sideOfA)) return false;
    if (sideOfA[0] == 0 && sideOfA[1] == 0 && sideOfA[2] == 0) {
        // In one plane (cloth lying on the ground): one 2D test when both triangles keep
        // their area in the projection along the plane's largest normal component.
        const glm::vec3 a[3] = {a0, a1, a2}, b[3] = {b0, b1, b2};
        const int axis = projectionOrder(glm::cross(a1 - a0, a2 - a0)).dropped[0];
        const int areaA = orient2d(drop(a0, axis), drop(a1, axis), drop(a2, axis));
        const int areaB = orient2d(drop(b0, axis), drop(b1, axis), drop(b2, axis));
        if (areaA != 0 && areaB != 0) return coplanarTrianglesMeet(a, b, axis, areaA, areaB);
    }
    const int sideOfB[3] = {orient3d(b0, b1, b2, a0), orient3d(b0, b1, b2, a1), orient3d(b0, b1, b2, a2)};
    if (allOneSide(sideOfB)) return false;
    // An edge of one meets the other.
    return segmentMeetsTriangle(b0, b1, sideOfA[0], sideOfA[1], a0, a1, a2) ||
           segmentMeetsTriangle(b1, b2, sideOfA[1], sideOfA[2], a0, a1, a2) ||
           segmentMeetsTriangle(b2, b0, sideOfA[2], sideOfA[0], a0, a1, a2) ||
           segmentMeetsTriangle(a0, a1, sideOfB[0], sideOfB[1], b0, b1, b2) ||
           segmentMeetsTriangle(a1, a2, sideOfB[1], sideOfB[2], b0, b1, b2) ||
           segmentMeetsTriangle(a2, a0, sideOfB[2], sideOfB[0], b0, b1, b2);
}

} // namespace cs
