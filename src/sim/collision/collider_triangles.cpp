#include "collider_triangles.hpp"

#include "proximity.hpp"
#include "triangle_crossing.hpp"

#include <cmath>
#include <glm/common.hpp>
#include <glm/geometric.hpp>

namespace cs {

int slippingSegments(const Collider& c, std::array<Segment, 12>& out, float& radius) {
    const Shape& s = c.shape;
    if (s.kind == ShapeKind::Capsule) {
        radius = s.radius;
        out[0] = {c.pose.toWorld({0.0f, -s.halfLength, 0.0f}), c.pose.toWorld({0.0f, s.halfLength, 0.0f})};
        return 1;
    }
    if (s.kind != ShapeKind::Box) return 0;
    radius = 0.0f;
    const glm::vec3 h = s.halfExtents;
    int n = 0;
    // along each axis, the four edges at the corners of the other two
    for (int axis = 0; axis < 3; ++axis) {
        const int u = (axis + 1) % 3, v = (axis + 2) % 3;
        for (int corner = 0; corner < 4; ++corner) {
            glm::vec3 from(0.0f);
            from[u] = (corner & 1) ? h[u] : -h[u];
            from[v] = (corner & 2) ? h[v] : -h[v];
            glm::vec3 to = from;
            from[axis] = -h[axis];
            to[axis] = h[axis];
            out[static_cast<std::size_t>(n++)] = {c.pose.toWorld(from), c.pose.toWorld(to)};
        }
    }
    return n;
}

std::uint16_t segmentsNear(const Collider& c, glm::vec3 x, float distance) {
    const Shape& s = c.shape;
    const glm::vec3 local = c.pose.toLocal(x);
    if (s.kind == ShapeKind::Capsule) {
        const float along = glm::clamp(local.y, -s.halfLength, s.halfLength);
        const glm::vec3 off = local - glm::vec3(0.0f, along, 0.0f);
        return glm::dot(off, off) <= distance * distance ? 1 : 0;
    }
    if (s.kind != ShapeKind::Box) return 0;
    const glm::vec3 h = s.halfExtents;
    std::uint16_t mask = 0;
    for (int axis = 0; axis < 3; ++axis) {  // the order of slippingSegments
        if (std::abs(local[axis]) > h[axis] + distance) continue;
        const int u = (axis + 1) % 3, v = (axis + 2) % 3;
        for (int corner = 0; corner < 4; ++corner) {
            const float du = local[u] - ((corner & 1) ? h[u] : -h[u]);
            const float dv = local[v] - ((corner & 2) ? h[v] : -h[v]);
            if (std::abs(du) <= distance && std::abs(dv) <= distance)
                mask = static_cast<std::uint16_t>(mask | (1u << (axis * 4 + corner)));
        }
    }
    return mask;
}

TrianglePoint nearestToSegment(glm::vec3 t0, glm::vec3 t1, glm::vec3 t2, glm::vec3 a, glm::vec3 b) {
    TrianglePoint best;
    // both ends clearly on one side of the plane: they cannot meet (the exact test is dear)
    const glm::vec3 normal = glm::cross(t1 - t0, t2 - t0);
    const float da = glm::dot(normal, a - t0), db = glm::dot(normal, b - t0);
    const float margin = 1e-5f * glm::length(normal) * (1.0f + glm::length(a - t0) + glm::length(b - t0));
    const bool oneSide = (da > margin && db > margin) || (da < -margin && db < -margin);
    if (!oneSide && segmentMeetsTriangle(a, b, t0, t1, t2)) {
        // where the segment's line crosses the plane (a segment in the plane: its nearer end)
        const glm::dvec3 n = glm::cross(glm::dvec3(t1) - glm::dvec3(t0), glm::dvec3(t2) - glm::dvec3(t0));
        const double along = glm::dot(n, glm::dvec3(b) - glm::dvec3(a));
        double s = 0.0;
        if (along != 0.0) s = glm::clamp(glm::dot(n, glm::dvec3(t0) - glm::dvec3(a)) / along, 0.0, 1.0);
        const glm::dvec3 x = glm::dvec3(a) + s * (glm::dvec3(b) - glm::dvec3(a));
        const PointTriangleProximity on = pointTriangleProximity(x, t0, t1, t2);
        best.weights = glm::vec3(on.barycentric);
        best.point = glm::vec3(on.closest);
        best.onSegment = glm::vec3(x);
        best.meets = true;
        return best;
    }
    double nearest = 1e300;
    auto consider = [&](double distance, glm::dvec3 weights, glm::dvec3 point, glm::dvec3 onSegment) {
        if (distance >= nearest) return;
        nearest = distance;
        best.weights = glm::vec3(weights);
        best.point = glm::vec3(point);
        best.onSegment = glm::vec3(onSegment);
        best.distance = static_cast<float>(distance);
    };
    for (const glm::vec3 end : {a, b}) {
        const PointTriangleProximity p = pointTriangleProximity(end, t0, t1, t2);
        consider(p.distance, p.barycentric, p.closest, end);
    }
    const std::array<glm::vec3, 3> corners{t0, t1, t2};
    for (int k = 0; k < 3; ++k) {
        const int next = (k + 1) % 3;
        const EdgeEdgeProximity e = edgeEdgeProximity(a, b, corners[static_cast<std::size_t>(k)],
                                                      corners[static_cast<std::size_t>(next)]);
        glm::dvec3 weights(0.0);
        weights[k] = 1.0 - e.t;
        weights[next] = e.t;
        consider(e.distance, weights, e.c2, e.c1);
    }
    return best;
}

} // namespace cs
