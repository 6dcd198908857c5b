// Closest points for triangle self-contact and the feasible-region tests; the method and
// its thresholds are described in proximity.hpp.
#include "proximity.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <glm/geometric.hpp>
#include <utility>

namespace cs {

namespace {

constexpr std::array<TriangleFeature, 3> kEdges{TriangleFeature::Edge0, TriangleFeature::Edge1, TriangleFeature::Edge2};
constexpr std::array<TriangleFeature, 3> kVertices{TriangleFeature::Vertex0, TriangleFeature::Vertex1,
                                                   TriangleFeature::Vertex2};

// The nearest point to p of the triangle's edge k (corner k to corner (k+1)%3), written as
// a result: barycentrics on the two corners, Vertex when the clamp lands on a corner.
PointTriangleProximity onEdge(glm::dvec3 p, const std::array<glm::dvec3, 3>& v, int k) {
    const int k1 = (k + 1) % 3;
    const double t = closestOnSegment(p, v[k], v[k1]);
    PointTriangleProximity result;
    result.barycentric[k] = 1.0 - t;
    result.barycentric[k1] = t;
    if (t <= 0.0) {
        result.closest = v[k];
        result.feature = kVertices[k];
    } else if (t >= 1.0) {
        result.closest = v[k1];
        result.feature = kVertices[k1];
    } else {
        result.closest = v[k] + t * (v[k1] - v[k]);
        result.feature = kEdges[k];
    }
    result.distance = glm::length(p - result.closest);
    return result;
}

} // namespace

double closestOnSegment(glm::dvec3 x, glm::dvec3 p, glm::dvec3 q) {
    const glm::dvec3 d = q - p;
    const double lengthSquared = glm::dot(d, d);
    if (!(lengthSquared > 0.0)) return 0.0;
    return std::clamp(glm::dot(x - p, d) / lengthSquared, 0.0, 1.0);
}

PointTriangleProximity pointTriangleProximity(glm::dvec3 p, glm::dvec3 a, glm::dvec3 b, glm::dvec3 c) {
    const std::array<glm::dvec3, 3> v{a, b, c};
    const std::array<double, 3> edgeLengthSquared{glm::dot(b - a, b - a), glm::dot(c - b, c - b),
                                                  glm::dot(a - c, a - c)};
    const glm::dvec3 n = glm::cross(b - a, c - a);
    const double areaSquared = glm::dot(n, n);  // (2 · area)², m⁴

    // degenerate: the longest edge (the first on ties) spans all three corners
    const int longest = static_cast<int>(std::max_element(edgeLengthSquared.begin(), edgeLengthSquared.end()) -
                                         edgeLengthSquared.begin());
    const double longestSquared = edgeLengthSquared[longest];
    if (areaSquared <= kDegenerateTriangle * kDegenerateTriangle * longestSquared * longestSquared)
        return onEdge(p, v, longest);

    // face: the projection of p lies inside
    glm::dvec3 lambda;
    for (int k = 0; k < 3; ++k) lambda[k] = glm::dot(n, glm::cross(v[(k + 1) % 3] - p, v[(k + 2) % 3] - p));
    if (lambda.x >= 0.0 && lambda.y >= 0.0 && lambda.z >= 0.0) {
        PointTriangleProximity result;
        result.barycentric = lambda / (lambda.x + lambda.y + lambda.z);
        result.closest = result.barycentric.x * a + result.barycentric.y * b + result.barycentric.z * c;
        result.distance = glm::length(p - result.closest);
        result.feature = TriangleFeature::Face;
        return result;
    }

    // boundary: the nearest of the three edges
    PointTriangleProximity best = onEdge(p, v, 0);
    for (int k = 1; k < 3; ++k) {
        const PointTriangleProximity candidate = onEdge(p, v, k);
        if (candidate.distance < best.distance) best = candidate;
    }
    return best;
}

EdgeEdgeProximity edgeEdgeProximity(glm::dvec3 p1, glm::dvec3 p2, glm::dvec3 q1, glm::dvec3 q2) {
    const glm::dvec3 d1 = p2 - p1;
    const glm::dvec3 d2 = q2 - q1;
    const glm::dvec3 r = p1 - q1;
    const double a = glm::dot(d1, d1);
    const double e = glm::dot(d2, d2);
    const glm::dvec3 m = glm::cross(d1, d2);
    const double mSquared = glm::dot(m, m);

    EdgeEdgeProximity result;
    auto finish = [&](double s, double t) {
        result.s = s;
        result.t = t;
        result.c1 = (1.0 - s) * p1 + s * p2;
        result.c2 = (1.0 - t) * q1 + t * q2;
        result.distance = glm::length(result.c1 - result.c2);
    };

    if (mSquared <= kParallelSine * kParallelSine * a * e) {
        // parallel or zero-length: the first nearest endpoint-to-segment pair
        result.parallel = true;
        const std::array<double, 4> s{0.0, 1.0, closestOnSegment(q1, p1, p2), closestOnSegment(q2, p1, p2)};
        const std::array<double, 4> t{closestOnSegment(p1, q1, q2), closestOnSegment(p2, q1, q2), 0.0, 1.0};
        double bestSquared = 0.0;
        int best = -1;
        for (int k = 0; k < 4; ++k) {
            const glm::dvec3 gap = ((1.0 - s[k]) * p1 + s[k] * p2) - ((1.0 - t[k]) * q1 + t[k] * q2);
            const double squared = glm::dot(gap, gap);
            if (best < 0 || squared < bestSquared) {
                bestSquared = squared;
                best = k;
            }
        }
        finish(s[best], t[best]);
        return result;
    }

    // the lines' closest points, clamped (Ericson §5.1.9); a > 0 and e > 0 here
    const double b = glm::dot(d1, d2);
    const double f = glm::dot(d2, r);
    const double c = glm::dot(d1, r);
    double s = std::clamp(glm::dot(m, glm::cross(d2, r)) / mSquared, 0.0, 1.0);
    double t = (b * s + f) / e;
    if (t < 0.0) {
        t = 0.0;
        s = std::clamp(-c / a, 0.0, 1.0);
    } else if (t > 1.0) {
        t = 1.0;
        s = std::clamp((b - c) / a, 0.0, 1.0);
    }
    finish(s, t);
    return result;
}

namespace {
// The features' projections on `axis` lie at least `distance` apart: (lo, hi) of one,
// (lo, hi) of the other, compared in units of the axis's length. Where they do: the
// gap in metres along the axis's direction when Measure (else 1); where not, 0.
template <bool Measure>
float apartAlong(float aLo, float aHi, float bLo, float bHi, float axisLength2, float distance) {
    const float gap = std::max(bLo - aHi, aLo - bHi);
    if (!(gap > 0.0f && gap * gap >= distance * distance * axisLength2)) return 0.0f;
    if constexpr (!Measure) return 1.0f;
    // (an axis too short to measure along measures nothing)
    const float apart = gap / std::sqrt(axisLength2);
    return std::isfinite(apart) ? apart : 0.0f;
}

// The projections of three points on an axis: their lowest and highest.
std::pair<float, float> spanOf(float a, float b, float c) { return {std::min({a, b, c}), std::max({a, b, c})}; }

// The separating-axis tests below, measuring or not (the broad phase only asks whether).
template <bool Measure>
float triangleSeparation(glm::vec3 p, glm::vec3 a, glm::vec3 b, glm::vec3 c, float distance) {
    const glm::vec3 e0 = b - a, e1 = c - b, e2 = a - c;
    const glm::vec3 n = glm::cross(e0, c - a);
    const float nn = glm::dot(n, n);
    if (!(nn > 0.0f)) return 0.0f;
    // the normal: the whole triangle projects to one value, but only up to the rounding
    // of n, which is large for a nearly degenerate triangle: every corner is projected
    const float q = glm::dot(n, p);
    const auto [planeLo, planeHi] = spanOf(glm::dot(n, a), glm::dot(n, b), glm::dot(n, c));
    if (const float gap = apartAlong<Measure>(planeLo, planeHi, q, q, nn, distance); gap > 0.0f) return gap;
    // each edge's outward normal in the plane (n x e points inwards for a counter-clockwise
    // corner order about n): the triangle lies on the inner side, up to the far corner
    const std::array<glm::vec3, 3> corner{a, b, c};
    const std::array<glm::vec3, 3> edge{e0, e1, e2};
    for (int k = 0; k < 3; ++k) {
        const glm::vec3 inward = glm::cross(n, edge[k]);
        const float line = glm::dot(inward, corner[k]);
        const float far = glm::dot(inward, corner[(k + 2) % 3]);
        const float point = glm::dot(inward, p);
        if (const float gap = apartAlong<Measure>(std::min(line, far), std::max(line, far), point, point,
                                                  glm::dot(inward, inward), distance);
            gap > 0.0f)
            return gap;
    }
    return 0.0f;
}

template <bool Measure>
float segmentSeparation(glm::vec3 p1, glm::vec3 p2, glm::vec3 q1, glm::vec3 q2, float distance) {
    const glm::vec3 d1 = p2 - p1, d2 = q2 - q1;
    const glm::vec3 n = glm::cross(d1, d2);
    const float nn = glm::dot(n, n);
    if (!(nn > 0.0f)) return 0.0f;
    // the common normal: each segment projects to one value, but only up to the rounding
    // of n, which is large for nearly parallel segments: every end is projected
    const float a = glm::dot(n, p1), b = glm::dot(n, q1), a2 = glm::dot(n, p2), b2 = glm::dot(n, q2);
    if (const float gap = apartAlong<Measure>(std::min(a, a2), std::max(a, a2), std::min(b, b2), std::max(b, b2), nn, distance);
        gap > 0.0f)
        return gap;
    // each segment's normal in the plane of both: it projects to one value, the other to an interval
    const glm::vec3 u1 = glm::cross(n, d1);
    const float s1 = glm::dot(u1, p1), t1 = glm::dot(u1, q1), t2 = glm::dot(u1, q2);
    if (const float gap = apartAlong<Measure>(s1, s1, std::min(t1, t2), std::max(t1, t2), glm::dot(u1, u1), distance);
        gap > 0.0f)
        return gap;
    const glm::vec3 u2 = glm::cross(n, d2);
    const float s2 = glm::dot(u2, q1), r1 = glm::dot(u2, p1), r2 = glm::dot(u2, p2);
    return apartAlong<Measure>(s2, s2, std::min(r1, r2), std::max(r1, r2), glm::dot(u2, u2), distance);
}
} // namespace

bool separatedFromTriangle(glm::vec3 p, glm::vec3 a, glm::vec3 b, glm::vec3 c, float distance) {
    return triangleSeparation<false>(p, a, b, c, distance) > 0.0f;
}

bool segmentsSeparated(glm::vec3 p1, glm::vec3 p2, glm::vec3 q1, glm::vec3 q2, float distance) {
    return segmentSeparation<false>(p1, p2, q1, q2, distance) > 0.0f;
}

float separationFromTriangle(glm::vec3 p, glm::vec3 a, glm::vec3 b, glm::vec3 c, float distance) {
    return triangleSeparation<true>(p, a, b, c, distance);
}

float segmentsSeparation(glm::vec3 p1, glm::vec3 p2, glm::vec3 q1, glm::vec3 q2, float distance) {
    return segmentSeparation<true>(p1, p2, q1, q2, distance);
}

bool inEdgeRegion(glm::dvec3 p, glm::dvec3 A, glm::dvec3 B, std::span<const glm::dvec3> opposite, double eps) {
    const glm::dvec3 e = B - A;
    if (glm::dot(p - A, e) < -eps || glm::dot(p - B, e) > eps) return false;
    const double lengthSquared = glm::dot(e, e);
    for (const glm::dvec3& o : opposite) {
        // the foot of o on the line AB (A itself for a zero-length edge)
        const glm::dvec3 foot = lengthSquared > 0.0 ? A + (glm::dot(o - A, e) / lengthSquared) * e : A;
        if (glm::dot(o - foot, p - foot) > eps) return false;
    }
    return true;
}

bool inVertexRegion(glm::dvec3 p, glm::dvec3 A, std::span<const glm::dvec3> ring, double eps) {
    for (const glm::dvec3& neighbour : ring)
        if (glm::dot(p - A, A - neighbour) < -eps) return false;
    return true;
}

bool edgeEdgeFeasible(const EdgeEdgeProximity& pair, glm::dvec3 p1, glm::dvec3 p2, glm::dvec3 q1, glm::dvec3 q2) {
    const glm::dvec3 e1 = p2 - p1;
    const glm::dvec3 e2 = q2 - q1;
    const bool c2OnE1 = glm::dot(pair.c2 - p1, e1) >= 0.0 && glm::dot(p2 - pair.c2, e1) >= 0.0;
    const bool c1OnE2 = glm::dot(pair.c1 - q1, e2) >= 0.0 && glm::dot(q2 - pair.c1, e2) >= 0.0;
    return c2OnE1 || c1OnE2;
}

} // namespace cs
