#include "collider_tool.hpp"

#include "session/replay_verbs.hpp"
#include "render/renderer.hpp"

#include <algorithm>

namespace cs {
namespace {
const glm::vec3 kGripColor(0.30f, 0.80f, 1.0f);
} // namespace

PressResult ColliderTool::press(const ToolContext& ctx, const ScenePick& pick) {
    if (ctx.ctrl || !pick.collider) return PressResult::Ignored;
    if (!m_grab.begin(ctx.world, pick.collider->collider)) return PressResult::Ignored;
    const Collider& c = ctx.world.colliders[pick.collider->collider];
    m_grip = c.pose.toLocal(pick.collider->point);
    m_depth = viewDepth(ctx.camera, pick.collider->point);
    recordInput(ctx, actions::colliderGrab(recordingStep(ctx), pick.collider->collider));
    return PressResult::Dragging;
}

void ColliderTool::drag(const ToolContext& ctx) {
    if (!m_grab.holding(ctx.world)) return;
    // the clicked point follows the cursor; the collider's origin keeps its offset from it
    const Collider& c = ctx.world.colliders[*m_grab.collider()];
    const glm::vec3 gripOffset = c.pose.toWorld(m_grip) - c.pose.position;
    const glm::vec3 target = pointOnViewPlane(ctx, m_depth) - gripOffset;
    if (target == m_grab.target()) return;  // the cursor rests: nothing to record
    m_grab.setTarget(target);
    recordInput(ctx, actions::colliderDrag(recordingStep(ctx), target));
}

void ColliderTool::release(const ToolContext& ctx) {
    if (!m_grab.holding(ctx.world)) return;
    m_grab.release(ctx.world);
    recordInput(ctx, actions::colliderRelease(recordingStep(ctx)));
}

bool ColliderTool::scroll(const ToolContext& ctx, float notches) {
    if (!m_grab.holding(ctx.world)) return false;
    m_depth = scrolledDepth(ctx.camera, m_depth, notches);
    drag(ctx);
    return true;
}

void ColliderTool::markers(const World& world, std::vector<Marker>& out) const {
    const auto index = m_grab.collider();
    if (!index || *index >= world.colliders.size() || !world.colliders[*index].held) return;
    const Collider& c = world.colliders[*index];
    // sized to the collider (a plane has no size: capped)
    const float radius = std::clamp(0.08f * std::min(smallestSize(c.shape), 1.0f), 0.01f, 0.05f);
    out.push_back({c.pose.toWorld(m_grip), radius, kGripColor});
}

} // namespace cs
