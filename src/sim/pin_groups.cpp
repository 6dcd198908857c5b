#include "pin_groups.hpp"

#include "cloth.hpp"
#include "collision/motion.hpp"

namespace cs {
namespace {

// Rest (u, v) of grid vertices are k / (n - 1) in float: a rectangle edge given
// as the same fraction must still take them.
constexpr float kRectangleSlack = 1e-6f;

// Release times are compared with a clock that adds float steps: a release at
// 1 s must let go at the step that starts at 0.99999994 s.
constexpr double kReleaseSlack = 1e-6;

bool holdsAt(const PinGroup& group, double t) { return t + kReleaseSlack < static_cast<double>(group.release); }

void takeHold(PinGroup& group, Cloth& cloth) {
    for (std::uint32_t i : group.vertices)
        if (i < cloth.particleCount()) cloth.inverseMasses[i] = 0.0f;
    group.holding = true;
    ++cloth.pinVersion;  // implicit solvers and factorisations key their fixed set on it
}

void letGo(PinGroup& group, Cloth& cloth) {
    for (std::uint32_t i : group.vertices) {
        if (i >= cloth.particleCount() || cloth.pinned[i]) continue;
        cloth.inverseMasses[i] = cloth.masses[i] > 0.0f ? 1.0f / cloth.masses[i] : 0.0f;
    }
    group.holding = false;
    ++cloth.pinVersion;
}

} // namespace

bool inPinRectangle(const PinGroup& group, glm::vec2 uv) {
    return uv.x >= group.uvMin.x - kRectangleSlack && uv.x <= group.uvMax.x + kRectangleSlack &&
           uv.y >= group.uvMin.y - kRectangleSlack && uv.y <= group.uvMax.y + kRectangleSlack;
}

PinGroupClash findPinGroupClash(const PinGroups& groups) {
    for (std::size_t a = 0; a < groups.size(); ++a)
        for (std::size_t b = a + 1; b < groups.size(); ++b) {
            const PinGroup &p = groups[a], &q = groups[b];
            if (!holdsAt(p, 0.0) || !holdsAt(q, 0.0)) continue;
            const bool meet = p.uvMin.x <= q.uvMax.x + kRectangleSlack && q.uvMin.x <= p.uvMax.x + kRectangleSlack &&
                              p.uvMin.y <= q.uvMax.y + kRectangleSlack && q.uvMin.y <= p.uvMax.y + kRectangleSlack;
            if (meet) return {static_cast<int>(a), static_cast<int>(b)};
        }
    return {};
}

std::string bindPinGroups(PinGroups& groups, Cloth& cloth) {
    std::string problem;
    for (std::size_t g = 0; g < groups.size(); ++g) {
        PinGroup& group = groups[g];
        group.vertices.clear();
        group.anchors.clear();
        group.holding = false;
        for (std::size_t i = 0; i < cloth.particleCount(); ++i)
            if (inPinRectangle(group, cloth.restUV[i])) {
                group.vertices.push_back(static_cast<std::uint32_t>(i));
                group.anchors.push_back(cloth.positions[i]);
            }
        if (group.vertices.empty() && problem.empty())
            problem = "pin group " + std::to_string(g + 1) + " holds no vertex of this cloth";
        if (!holdsAt(group, 0.0)) continue;
        takeHold(group, cloth);
        for (std::size_t k = 0; k < group.vertices.size(); ++k) {
            const std::uint32_t i = group.vertices[k];
            cloth.positions[i] = cloth.previousPositions[i] = pinnedPosition(group, k, 0.0);
            cloth.velocities[i] = glm::vec3(0.0f);
        }
    }
    return problem;
}

void placeHeldVertices(const PinGroups& groups, Cloth& cloth, double t) {
    for (const PinGroup& group : groups) {
        if (!group.holding) continue;
        const Pose pose = scriptedPose(group.script, Pose{}, t);  // once per group: a script may be a long path
        for (std::size_t k = 0; k < group.vertices.size(); ++k) {
            const std::uint32_t i = group.vertices[k];
            if (i < cloth.particleCount()) cloth.positions[i] = pose.toWorld(group.anchors[k]);
        }
    }
}

glm::vec3 pinnedPosition(const PinGroup& group, std::size_t member, double t) {
    return scriptedPose(group.script, Pose{}, t).toWorld(group.anchors[member]);
}

void applyPinGroups(PinGroups& groups, Cloth& cloth, double time, float dt) {
    if (!(dt > 0.0f)) return;
    for (PinGroup& group : groups) {
        // derived from the clock, not remembered: a time-travel restore or the
        // guard's rewind to before the release takes hold again
        const bool hold = holdsAt(group, time);
        if (hold != group.holding) hold ? takeHold(group, cloth) : letGo(group, cloth);
        if (!hold) continue;
        for (std::size_t k = 0; k < group.vertices.size(); ++k) {
            const std::uint32_t i = group.vertices[k];
            if (i >= cloth.particleCount()) continue;  // a topology edit took it away
            const glm::vec3 target = pinnedPosition(group, k, time + dt);
            cloth.velocities[i] = (target - cloth.positions[i]) / dt;
            cloth.positions[i] = target;
            cloth.inverseMasses[i] = 0.0f;  // an unpin (Ctrl + click) while held gave it its mass back
        }
    }
}

} // namespace cs
