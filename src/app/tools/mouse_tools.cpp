#include "mouse_tools.hpp"

#include <algorithm>

namespace cs {

ScenePick pickScene(const World& world, const Ray& ray) {
    ScenePick pick;
    pick.cloth = pickCloth(world.cloth, ray);
    pick.collider = pickCollider(world.colliders, ray);
    // only the nearer one is under the cursor
    if (pick.cloth && pick.collider) {
        if (pick.collider->distance < pick.cloth->distance) pick.cloth.reset();
        else pick.collider.reset();
    }
    return pick;
}

void MouseTools::press(const ToolContext& ctx) {
    if (dragging()) return;  // one gesture at a time
    const ScenePick pick = pickScene(ctx.world, ctx.ray);
    const auto all = tools();
    for (std::size_t k = 0; k < all.size(); ++k) {
        const PressResult result = all[k]->press(ctx, pick);
        if (result == PressResult::Ignored) continue;
        if (result == PressResult::Dragging) m_active = static_cast<int>(k);
        break;
    }
    clearHover();
}

void MouseTools::pressCut(const ToolContext& ctx) {
    if (dragging()) return;
    cut.begin(ctx);
    const auto all = tools();
    m_active = static_cast<int>(std::find(all.begin(), all.end(), static_cast<Tool*>(&cut)) - all.begin());
    clearHover();
}

void MouseTools::drag(const ToolContext& ctx) {
    if (dragging()) tools()[static_cast<std::size_t>(m_active)]->drag(ctx);
}

void MouseTools::release(const ToolContext& ctx) {
    if (!dragging()) return;
    tools()[static_cast<std::size_t>(m_active)]->release(ctx);
    m_active = -1;
}

bool MouseTools::scroll(const ToolContext& ctx, float notches) {
    return dragging() && tools()[static_cast<std::size_t>(m_active)]->scroll(ctx, notches);
}

void MouseTools::hover(const ToolContext& ctx) {
    if (dragging() || cut.mode()) {  // in cut mode a click takes no particle: nothing to highlight
        clearHover();
        return;
    }
    const ScenePick pick = pickScene(ctx.world, ctx.ray);
    for (Tool* tool : tools()) tool->hover(ctx, pick);
}

void MouseTools::beforeStep(World& world, float dt) {
    for (Tool* tool : tools()) tool->beforeStep(world, dt);
}

void MouseTools::cancel() {
    for (Tool* tool : tools()) tool->cancel();
    m_active = -1;
}

void MouseTools::markers(const World& world, std::vector<Marker>& out) const {
    for (const Tool* tool : tools()) tool->markers(world, out);
}

const Tool* MouseTools::activeTool() const {
    return dragging() ? tools()[static_cast<std::size_t>(m_active)] : nullptr;
}

} // namespace cs
