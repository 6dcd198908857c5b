#pragma once
// The mouse tools together: what the app's loop calls. A left press picks what
// lies under the cursor — the nearer of a collider and the cloth — and offers
// it to the tools in turn: pin (Ctrl + click on the cloth), move collider,
// grab. The tool that takes it owns the gesture (drag, wheel, release) until
// the button goes up. With no gesture running, the particle under the cursor
// is highlighted.
#include "collider_tool.hpp"
#include "grab_tool.hpp"
#include "pin_tool.hpp"

#include <array>

namespace cs {

// What lies under the ray: the nearer of the cloth and the colliders, or nothing.
ScenePick pickScene(const World& world, const Ray& ray);

class MouseTools {
public:
    void press(const ToolContext& ctx);
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

    GrabTool grab;
    PinTool pin;
    ColliderTool collider;

private:
    std::array<Tool*, 3> tools() { return {&pin, &collider, &grab}; }  // the order presses are offered in
    std::array<const Tool*, 3> tools() const { return {&pin, &collider, &grab}; }
    int m_active = -1;  // index into tools() of the tool owning the gesture
};

} // namespace cs
