#pragma once
// The mouse tools together: what the app's loop calls. A left press picks what
// lies under the cursor — the nearer of a collider and the cloth — and offers
// it to the tools in turn: cut (in cut mode it takes every press), pin (Ctrl +
// click on the cloth), move collider, grab. The tool that takes it owns the
// gesture (drag, wheel, release) until the button goes up. Ctrl + right-drag
// starts a cut stroke in any mode (pressCut). With no gesture running, the
// particle under the cursor is highlighted (not in cut mode).
#include "collider_tool.hpp"
#include "cut_tool.hpp"
#include "grab_tool.hpp"
#include "pin_tool.hpp"

#include <array>

namespace cs {

// What lies under the ray: the nearer of the cloth and the colliders, or nothing.
ScenePick pickScene(const World& world, const Ray& ray);

class MouseTools {
public:
    void press(const ToolContext& ctx);
    void pressCut(const ToolContext& ctx);               // a cut stroke in any mode (Ctrl + right-drag)
    void drag(const ToolContext& ctx);
    void release(const ToolContext& ctx);
    bool scroll(const ToolContext& ctx, float notches);  // false: not in a gesture that uses the wheel
    void hover(const ToolContext& ctx);                  // picks; skipped while a gesture runs
    void clearHover() { grab.clearHover(); }

    void beforeStep(World& world, float dt);             // before each physics step
    void cancel();                                       // the World was replaced
    void colliderRemoved(World& world, std::size_t index) { collider.colliderRemoved(world, index); }

    void markers(const World& world, std::vector<Marker>& out) const;
    bool dragging() const { return m_active >= 0; }
    const Tool* activeTool() const;

    CutTool cut;
    GrabTool grab;
    PinTool pin;
    ColliderTool collider;

private:
    std::array<Tool*, 4> tools() { return {&cut, &pin, &collider, &grab}; }  // the order presses are offered in
    std::array<const Tool*, 4> tools() const { return {&cut, &pin, &collider, &grab}; }
    int m_active = -1;  // index into tools() of the tool owning the gesture
};

} // namespace cs
