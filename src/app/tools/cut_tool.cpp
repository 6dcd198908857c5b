#include "cut_tool.hpp"

#include <glm/geometric.hpp>
#include <string>

namespace cs {
namespace {

constexpr float kMinStrokeStep = 2.0f;         // pixels between recorded stroke points

} // namespace

PressResult CutTool::press(const ToolContext& ctx, const ScenePick& /*pick*/) {
    if (!m_mode) return PressResult::Ignored;
    begin(ctx);
    return PressResult::Dragging;
}

void CutTool::begin(const ToolContext& ctx) {
    m_stroke.clear();
    m_stroke.push_back(ctx.pixel);
    m_stroking = true;
}

void CutTool::addPoint(glm::vec2 pixel) {
    if (!m_stroke.empty() && glm::distance(m_stroke.back(), pixel) < kMinStrokeStep) return;
    m_stroke.push_back(pixel);
}

void CutTool::drag(const ToolContext& ctx) {
    if (m_stroking) addPoint(ctx.pixel);
}

void CutTool::release(const ToolContext& ctx) {
    if (!m_stroking) return;
    m_stroking = false;
    if (!m_stroke.empty() && m_stroke.back() != ctx.pixel) m_stroke.push_back(ctx.pixel);
    Cloth& cloth = ctx.world.cloth;
    // what was cut, not the stroke: the replay has no camera or window
    if (ctx.world.settings.tearing.cutSplitsTriangles) {
        const BladePath blade = bladeUnderStroke(cloth, ctx.camera.view, ctx.camera.projection, ctx.viewport, m_stroke);
        m_stroke.clear();
        if (blade.empty()) return;
        Cloth before = cloth;
        TopologyEdit edit;
        const CutResult result = cutAlongBlade(cloth, blade, ctx.world.contactRoom, &edit);
        if (!result.changed()) return;  // a click on a particle: nothing to take back or record
        m_undo.remember(std::move(before));
        m_lastCut = {blade.crossings.size(), result};
        m_topologyEdit = std::move(edit);
        recordInput(ctx, actions::cutBlade(recordingStep(ctx), blade));
        return;
    }
    const std::vector<EdgeKey> edges =
        edgesUnderStroke(cloth, ctx.camera.view, ctx.camera.projection, ctx.viewport, m_stroke);
    m_stroke.clear();
    if (edges.empty()) return;
    m_undo.remember(cloth);
    TopologyEdit edit = TopologyEdit::of(cloth);
    m_lastCut = {edges.size(), cutEdges(cloth, edges, &edit)};
    m_topologyEdit = std::move(edit);
    recordInput(ctx, actions::cutEdges(recordingStep(ctx), edges));
}

void CutTool::cancel() {
    m_stroking = false;
    m_stroke.clear();
    m_undo.clear();
    m_lastCut = {};
}

bool CutTool::canUndo(const Cloth& cloth) const { return m_undo.appliesTo(cloth); }

bool CutTool::undo(World& world) {
    if (!canUndo(world.cloth)) {
        m_undo.clear();
        return false;
    }
    if (!m_undo.restore(world.cloth)) return false;
    m_lastCut = {};
    m_topologyEdit = TopologyEdit{};  // the cloth as it was: everything
    return true;
}

bool CutTool::redo(World& world) {
    if (!m_undo.redo(world.cloth)) return false;
    m_lastCut = {};
    m_topologyEdit = TopologyEdit{};  // the cloth as it was: everything
    return true;
}

} // namespace cs
