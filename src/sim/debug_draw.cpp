#include "debug_draw.hpp"

#include "collision/contact.hpp"
#include "params.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <glm/geometric.hpp>
#include <numbers>

namespace cs {
namespace {

constexpr int kCircleSegments = 48;
constexpr float kInfinitePlaneHalfSize = 2.0f;  // metres: the square drawn for an infinite plane
constexpr float kContactDotDiameter = 6.0f;     // pixels: a contact is shorter than the thickness; the dot finds it

// A circle (or an arc from angle `from` to `to`, radians) of `radius` about `centre` in
// the plane spanned by the unit vectors u and v of the collider's frame.
void arc(const Pose& pose, glm::vec3 centre, glm::vec3 u, glm::vec3 v, float radius, float from, float to,
         glm::vec3 color, DebugSink& sink) {
    const int segments = std::max(2, static_cast<int>(std::ceil(kCircleSegments * (to - from) /
                                                                (2.0f * std::numbers::pi_v<float>))));
    const auto at = [&](int k) {
        const float angle = from + (to - from) * static_cast<float>(k) / static_cast<float>(segments);
        return pose.toWorld(centre + radius * (std::cos(angle) * u + std::sin(angle) * v));
    };
    glm::vec3 previous = at(0);
    for (int k = 1; k <= segments; ++k) {
        const glm::vec3 next = at(k);
        sink.line(previous, next, color);
        previous = next;
    }
}

void circle(const Pose& pose, glm::vec3 centre, glm::vec3 u, glm::vec3 v, float radius, glm::vec3 color,
            DebugSink& sink) {
    arc(pose, centre, u, v, radius, 0.0f, 2.0f * std::numbers::pi_v<float>, color, sink);
}

void boxEdges(const Pose& pose, glm::vec3 half, glm::vec3 color, DebugSink& sink) {
    // corner k has sign bit 0 on x, bit 1 on y, bit 2 on z; an edge flips one bit
    const auto corner = [&](int k) {
        return pose.toWorld(glm::vec3(k & 1 ? half.x : -half.x, k & 2 ? half.y : -half.y, k & 4 ? half.z : -half.z));
    };
    for (int k = 0; k < 8; ++k)
        for (int bit = 1; bit < 8; bit <<= 1)
            if (!(k & bit)) sink.line(corner(k), corner(k | bit), color);
}

void links(const Cloth& cloth, DebugLinkColoring coloring, DebugSink& sink) {
    const std::vector<glm::vec3>& x = cloth.positions;
    // bend links first, stretch links last: a long link lies along the stretch links it spans,
    // and the stretch links are the ones that show the mesh
    for (auto it = cloth.links.rbegin(); it != cloth.links.rend(); ++it) {
        const Link& link = *it;
        if (link.a >= x.size() || link.b >= x.size()) continue;
        glm::vec3 color = linkKindColor(link.kind);
        if (coloring == DebugLinkColoring::ByStrain) {
            const float strain = link.restLength > 0.0f ? glm::length(x[link.a] - x[link.b]) / link.restLength - 1.0f
                                                        : 0.0f;
            color = strainColor(strain);
        }
        sink.line(x[link.a], x[link.b], color);
    }
}

void normals(const Cloth& cloth, std::vector<glm::vec3>& scratch, DebugSink& sink) {
    if (cloth.triangles.empty()) return;
    scratch.resize(cloth.particleCount());  // allocates only when the count grows
    computeVertexNormals(cloth, scratch);
    const float length = debugNormalLength(cloth);
    for (std::size_t i = 0; i < cloth.particleCount(); ++i) {
        const glm::vec3 n = scratch[i];
        sink.line(cloth.positions[i], cloth.positions[i] + length * n, 0.5f + 0.5f * n);  // a normal map's colours
    }
}

// Triangle contact's pairs that touch (closer than collision.self_radius): a line from
// the vertex to its closest point on the triangle, or between the two edges' closest
// points, found by a detection of its own at the positions drawn.
void triangleContacts(const World& world, DebugDrawScratch& scratch, DebugSink& sink) {
    const Cloth& cloth = world.cloth;
    const CollisionSettings& settings = world.settings.collision;
    scratch.triangles.detect(cloth, cloth.positions, settings);
    const glm::vec3* x = cloth.positions.data();
    const auto draw = [&](glm::vec3 a, glm::vec3 b) {
        sink.line(a, b, kDebugContactColor);
        sink.point(0.5f * (a + b), kDebugContactColor, kContactDotDiameter);
    };
    for (const TriangleContact::VertexFacePair& pair : scratch.triangles.vertexFacePairs()) {
        if (!(pair.distance < settings.selfRadius)) continue;
        const glm::uvec3 t = cloth.triangles[pair.triangle];
        const glm::vec3 b = pair.barycentric;
        draw(x[pair.vertex], b.x * x[t.x] + b.y * x[t.y] + b.z * x[t.z]);
    }
    const std::span<const glm::uvec2> edges = scratch.triangles.edges();
    for (const TriangleContact::EdgeEdgePair& pair : scratch.triangles.edgeEdgePairs()) {
        if (!(pair.distance < settings.selfRadius)) continue;
        const glm::uvec2 e = edges[pair.a], f = edges[pair.b];
        draw(glm::mix(x[e.x], x[e.y], pair.s), glm::mix(x[f.x], x[f.y], pair.t));
    }
}

} // namespace

glm::vec3 linkKindColor(LinkKind kind) {
    switch (kind) {
    // saturated: one-pixel lines over the shaded cloth keep their hue
    case LinkKind::Stretch: return {0.02f, 0.75f, 0.05f};
    case LinkKind::Shear: return {0.0f, 0.3f, 1.0f};
    case LinkKind::Bend: return {0.6f, 0.0f, 1.0f};
    }
    return {1.0f, 1.0f, 1.0f};
}

glm::vec3 strainColor(float strain) {
    if (!std::isfinite(strain)) return kStrainStretchedColor;
    const float t = std::clamp(strain / kStrainFullColor, -1.0f, 1.0f);
    return t < 0.0f ? glm::mix(kStrainRestColor, kStrainCompressedColor, -t)
                    : glm::mix(kStrainRestColor, kStrainStretchedColor, t);
}

glm::vec3 crossingViewColor(bool crossing) { return crossing ? kDebugCrossingColor : kDebugNotCrossingColor; }

float debugNormalLength(const Cloth& cloth) {
    double stretchSum = 0.0, allSum = 0.0;
    std::size_t stretchCount = 0;
    for (const Link& link : cloth.links) {
        allSum += link.restLength;
        if (link.kind != LinkKind::Stretch) continue;
        stretchSum += link.restLength;
        ++stretchCount;
    }
    if (cloth.links.empty()) return 0.0f;
    const double mean = stretchCount > 0 ? stretchSum / static_cast<double>(stretchCount)
                                         : allSum / static_cast<double>(cloth.links.size());
    return kNormalLengthPerLink * static_cast<float>(mean);
}

void describeColliderOutline(const Collider& collider, glm::vec3 color, DebugSink& sink) {
    const Pose& pose = collider.pose;
    const Shape& shape = collider.shape;
    const glm::vec3 ex(1.0f, 0.0f, 0.0f), ey(0.0f, 1.0f, 0.0f), ez(0.0f, 0.0f, 1.0f), origin(0.0f);
    constexpr float kPi = std::numbers::pi_v<float>;
    switch (shape.kind) {
    case ShapeKind::Sphere:
        circle(pose, origin, ex, ey, shape.radius, color, sink);
        circle(pose, origin, ey, ez, shape.radius, color, sink);
        circle(pose, origin, ez, ex, shape.radius, color, sink);
        break;
    case ShapeKind::Box: boxEdges(pose, shape.halfExtents, color, sink); break;
    case ShapeKind::Capsule: {
        const float r = shape.radius, h = shape.halfLength;
        const glm::vec3 top(0.0f, h, 0.0f), bottom(0.0f, -h, 0.0f);
        for (const glm::vec3 side : {r * ex, -r * ex, r * ez, -r * ez})
            sink.line(pose.toWorld(bottom + side), pose.toWorld(top + side), color);
        circle(pose, top, ez, ex, r, color, sink);
        circle(pose, bottom, ez, ex, r, color, sink);
        // the caps: half circles over the top and under the bottom, in the x-y and z-y planes
        for (const glm::vec3 across : {ex, ez}) {
            arc(pose, top, across, ey, r, 0.0f, kPi, color, sink);
            arc(pose, bottom, across, ey, r, kPi, 2.0f * kPi, color, sink);
        }
        break;
    }
    case ShapeKind::Plane: {
        const bool finite = shape.halfSize.x > 0.0f && shape.halfSize.y > 0.0f;
        const glm::vec2 half = finite ? shape.halfSize : glm::vec2(kInfinitePlaneHalfSize);
        const std::array<glm::vec3, 4> corners = {
            pose.toWorld({-half.x, 0.0f, -half.y}), pose.toWorld({half.x, 0.0f, -half.y}),
            pose.toWorld({half.x, 0.0f, half.y}), pose.toWorld({-half.x, 0.0f, half.y})};
        for (std::size_t k = 0; k < corners.size(); ++k) sink.line(corners[k], corners[(k + 1) % 4], color);
        // the outward normal, from the middle: which side is solid
        sink.line(pose.position, pose.toWorld(0.5f * std::min(half.x, half.y) * ey), color);
        break;
    }
    }
}

void describeDebugGeometry(const World& world, const RenderSettings& render, DebugSink& sink,
                           DebugDrawScratch& scratch) {
    const Cloth& cloth = world.cloth;
    if (render.debugColliders)
        for (const Collider& collider : world.colliders) describeColliderOutline(collider, kDebugColliderColor, sink);
    if (render.debugLinks != DebugLinkColoring::Off) links(cloth, render.debugLinks, sink);
    if (render.debugNormals) normals(cloth, scratch.normals, sink);
    if (render.debugContacts) triangleContacts(world, scratch, sink);
    if (render.debugPoints)
        for (const glm::vec3& x : cloth.positions) sink.point(x, kDebugParticleColor, kDebugParticleDiameter);
    if (render.debugPins)
        for (std::size_t i = 0; i < cloth.particleCount() && i < cloth.pinned.size(); ++i)
            if (cloth.pinned[i]) sink.point(cloth.positions[i], kDebugPinColor, kDebugPinDiameter);
}

void describeDebugGeometry(const World& world, const RenderSettings& render, DebugSink& sink) {
    DebugDrawScratch scratch;
    describeDebugGeometry(world, render, sink, scratch);
}

void toggleDebugView(Settings& settings) {
    const RenderSettings& r = settings.render;
    const bool anyOn = r.debugPoints || r.debugLinks != DebugLinkColoring::Off;
    // through the table, as a panel edit would be: the same validation, the same fields
    if (const ParamDef* points = findParam("render.debug_points")) setParam(settings, *points, ParamValue(!anyOn));
    if (const ParamDef* links = findParam("render.debug_links"))
        setParam(settings, *links, ParamValue(std::string(anyOn ? "off" : "type")));
}

} // namespace cs
