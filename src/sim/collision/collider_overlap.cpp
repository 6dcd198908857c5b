#include "collider_overlap.hpp"

#include <algorithm>
#include <cstdio>
#include <limits>

namespace cs {
namespace {

bool finitePlane(const Collider& c) {
    return c.shape.kind == ShapeKind::Plane && (c.shape.halfSize.x > 0.0f || c.shape.halfSize.y > 0.0f);
}

// How far `inner` stays inside `outer`: the smallest distance from one of its
// extreme points (a box corner; the centre of a sphere or of a capsule's end,
// less the radius) to outer's surface. Negative: some of it is outside.
float clearanceInside(const Collider& inner, const Collider& outer) {
    constexpr float kOutside = -std::numeric_limits<float>::infinity();
    if (inner.shape.kind == ShapeKind::Plane || finitePlane(outer)) return kOutside;
    const Shape& s = inner.shape;
    float clearance = std::numeric_limits<float>::infinity();
    auto tryPoint = [&](glm::vec3 local, float radius) {
        clearance = std::min(clearance, -signedDistance(outer, inner.pose.toWorld(local)) - radius);
    };
    switch (s.kind) {
    case ShapeKind::Sphere: tryPoint(glm::vec3(0.0f), s.radius); break;
    case ShapeKind::Capsule:
        tryPoint({0.0f, -s.halfLength, 0.0f}, s.radius);
        tryPoint({0.0f, s.halfLength, 0.0f}, s.radius);
        break;
    case ShapeKind::Box:
        for (int corner = 0; corner < 8; ++corner)
            tryPoint(glm::vec3(corner & 1 ? 1 : -1, corner & 2 ? 1 : -1, corner & 4 ? 1 : -1) * s.halfExtents, 0.0f);
        break;
    case ShapeKind::Plane: return kOutside;
    }
    return clearance;
}

} // namespace

std::string ColliderOverlap::describe(const Colliders& colliders) const {
    char text[320];
    std::snprintf(text, sizeof text,
                  "colliders %zu (%s) and %zu (%s) are inside each other: %zu lies wholly inside %zu (%.3g m from its "
                  "surface), where the cloth can never touch it",
                  std::min(inner, outer), std::string(shapeName(colliders[std::min(inner, outer)].shape.kind)).c_str(),
                  std::max(inner, outer), std::string(shapeName(colliders[std::max(inner, outer)].shape.kind)).c_str(),
                  inner, outer, static_cast<double>(std::max(clearance, 0.0f)));
    return text;
}

std::vector<ColliderOverlap> findColliderOverlaps(const Colliders& colliders, float tolerance) {
    std::vector<ColliderOverlap> overlaps;
    for (std::size_t j = 1; j < colliders.size(); ++j) {
        for (std::size_t i = 0; i < j; ++i) {
            const float iInJ = clearanceInside(colliders[i], colliders[j]);
            const float jInI = clearanceInside(colliders[j], colliders[i]);
            if (jInI >= -tolerance && jInI >= iInJ) overlaps.push_back({j, i, jInI});
            else if (iInJ >= -tolerance) overlaps.push_back({i, j, iInJ});
        }
    }
    return overlaps;
}

} // namespace cs
