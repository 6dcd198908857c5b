#include "stats.hpp"

#include "collision/contact.hpp"
#include "collision/triangle_contact.hpp"
#include "topology.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cs {
namespace {
bool finite(glm::vec3 v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }
} // namespace

float penetrationDepth(const World& world, glm::vec3 x) {
    float deepest = 0.0f;
    for (const Collider& c : world.colliders) deepest = std::max(deepest, -signedDistance(c, x));
    if (const auto ground = groundCollider(world.settings.collision))
        deepest = std::max(deepest, -signedDistance(*ground, x));
    return deepest;
}

std::optional<float> triangleContactMinDistance(const World& world) {
    const CollisionSettings& collision = world.settings.collision;
    // a GPU solver runs no self-contact, also while its CPU twin stands in
    if (!usesTriangleContact(world) || world.cloth.particleCount() == 0) return std::nullopt;
    // one detection at the cloth's positions, as contact would find them
    TriangleContact contact;
    contact.detect(world.cloth, world.cloth.positions, collision, 1);
    return contact.nearestDistance();
}

ClothStats measureCloth(const World& world) {
    ClothStats out;
    const Cloth& cloth = world.cloth;
    for (const Link& link : cloth.links) {
        if (link.kind != LinkKind::Stretch || link.restLength <= 0.0f) continue;
        const float ratio = glm::distance(cloth.positions[link.a], cloth.positions[link.b]) / link.restLength;
        out.maxStretchRatio = std::max(out.maxStretchRatio, ratio);
        out.maxLinkError = std::max(out.maxLinkError, std::abs(ratio - 1.0f));
    }

    constexpr float kInf = std::numeric_limits<float>::infinity();
    out.bboxMin = glm::vec3(kInf);
    out.bboxMax = glm::vec3(-kInf);
    glm::dvec3 weighted(0.0);
    double mass = 0.0;
    for (std::size_t i = 0; i < cloth.particleCount(); ++i) {
        const glm::vec3 x = cloth.positions[i];
        const glm::vec3 v = cloth.velocities[i];
        if (!finite(x) || !finite(v)) {
            ++out.nanCount;
            continue;
        }
        out.bboxMin = glm::min(out.bboxMin, x);
        out.bboxMax = glm::max(out.bboxMax, x);
        weighted += glm::dvec3(x) * static_cast<double>(cloth.masses[i]);
        mass += cloth.masses[i];
        if (!cloth.pinned[i]) out.kineticEnergy += 0.5 * cloth.masses[i] * glm::dot(v, v);
        out.maxPenetration = std::max(out.maxPenetration, penetrationDepth(world, x));
    }
    if (out.nanCount == cloth.particleCount()) {
        out.bboxMin = out.bboxMax = glm::vec3(0.0f);
    }
    out.minY = out.bboxMin.y;
    if (mass > 0.0) out.centroid = glm::vec3(weighted / mass);
    return out;
}

TopologyStats measureTopology(const World& world) {
    const Cloth& cloth = world.cloth;
    TopologyStats out;
    out.triangles = cloth.triangles.size();
    out.borderEdges = countBorderEdges(cloth);
    out.tornLinks = cloth.tornLinks;
    const Pieces pieces = findPieces(cloth);
    out.pieces.assign(pieces.count, PieceStats{});
    std::vector<glm::dvec3> pieceWeighted(pieces.count, glm::dvec3(0.0));
    std::vector<std::uint8_t> seen(pieces.count, 0);
    for (std::size_t i = 0; i < cloth.particleCount(); ++i) {
        PieceStats& p = out.pieces[pieces.of[i]];
        const glm::vec3 x = cloth.positions[i];
        ++p.particles;
        if (cloth.pinned[i]) ++p.pinned;
        if (!finite(x)) continue;
        p.mass += cloth.masses[i];
        pieceWeighted[pieces.of[i]] += glm::dvec3(x) * static_cast<double>(cloth.masses[i]);
        p.minY = seen[pieces.of[i]] ? std::min(p.minY, x.y) : x.y;
        seen[pieces.of[i]] = 1;
    }
    for (std::size_t k = 0; k < pieces.count; ++k)
        if (out.pieces[k].mass > 0.0f) out.pieces[k].centroid = glm::vec3(pieceWeighted[k] / double(out.pieces[k].mass));
    std::stable_sort(out.pieces.begin(), out.pieces.end(),
                     [](const PieceStats& a, const PieceStats& b) { return a.particles > b.particles; });
    return out;
}

} // namespace cs
