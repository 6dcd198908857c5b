#include "grab_tool.hpp"

#include "session/replay_verbs.hpp"
#include "render/renderer.hpp"

#include <glm/geometric.hpp>

namespace cs {
namespace {
const glm::vec3 kHoverColor(1.0f, 0.85f, 0.25f);
const glm::vec3 kHeldColor(1.0f, 0.32f, 0.15f);
} // namespace

PressResult GrabTool::press(const ToolContext& ctx, const ScenePick& pick) {
    if (ctx.ctrl || !pick.cloth) return PressResult::Ignored;
    if (!m_grab.begin(ctx.world, pick.cloth->particle)) return PressResult::Ignored;
    // the drag plane faces the camera through the particle, which comes under the cursor
    m_depth = viewDepth(ctx.camera, ctx.world.cloth.positions[pick.cloth->particle]);
    recordInput(ctx, actions::grab(recordingStep(ctx), pick.cloth->particle));
    m_grab.setTarget(pointOnViewPlane(ctx, m_depth));
    recordInput(ctx, actions::drag(recordingStep(ctx), m_grab.target()));
    m_hovered.reset();
    return PressResult::Dragging;
}

void GrabTool::moveTarget(const ToolContext& ctx) {
    const glm::vec3 target = pointOnViewPlane(ctx, m_depth);
    if (target == m_grab.target()) return;  // the cursor rests: nothing to record
    m_grab.setTarget(target);
    recordInput(ctx, actions::drag(recordingStep(ctx), target));
}

void GrabTool::drag(const ToolContext& ctx) {
    if (m_grab.holding(ctx.world)) moveTarget(ctx);
}

void GrabTool::release(const ToolContext& ctx) {
    if (!m_grab.holding(ctx.world)) return;
    m_grab.release(ctx.world);
    recordInput(ctx, actions::release(recordingStep(ctx)));
}

bool GrabTool::scroll(const ToolContext& ctx, float notches) {
    if (!m_grab.holding(ctx.world)) return false;
    m_depth = scrolledDepth(ctx.camera, m_depth, notches);
    moveTarget(ctx);
    return true;
}

void GrabTool::hover(const ToolContext& ctx, const ScenePick& pick) {
    if (pick.cloth) {
        m_hovered = pick.cloth->particle;
        m_hoveredCount = ctx.world.cloth.particleCount();
    } else {
        m_hovered.reset();
    }
}

void GrabTool::cancel() {
    m_grab.drop();
    m_hovered.reset();
}

void GrabTool::markers(const World& world, std::vector<Marker>& out) const {
    const Cloth& cloth = world.cloth;
    const float r = markerRadius(cloth);
    // the handle checks its cloth on every call; here only read what is still in range
    if (const auto held = m_grab.particle(); held && *held < cloth.particleCount()) {
        out.push_back({cloth.positions[*held], 1.5f * r, kHeldColor});
        // where the cursor wants it, when the particle lags behind (jump limit, paused)
        if (glm::distance(cloth.positions[*held], m_grab.target()) > 3.0f * r)
            out.push_back({m_grab.target(), 0.6f * r, kHeldColor});
    } else if (m_hovered && *m_hovered < cloth.particleCount() && cloth.particleCount() == m_hoveredCount) {
        out.push_back({cloth.positions[*m_hovered], r, kHoverColor});
    }
}

} // namespace cs
