#pragma once
// Grab: left-click on the cloth takes the particle nearest the hit (of the hit
// triangle) and drags it in the camera-facing plane through it; the wheel moves
// that plane nearer or farther. While held the particle is kinematic; let go,
// it keeps the drag velocity (sim/grab.hpp). The hovered particle and the held
// one are highlighted.
#include "sim/grab.hpp"
#include "tool.hpp"

namespace cs {

class GrabTool final : public Tool {
public:
    std::string_view name() const override { return "grab"; }
    PressResult press(const ToolContext& ctx, const ScenePick& pick) override;
    void drag(const ToolContext& ctx) override;
    void release(const ToolContext& ctx) override;
    bool scroll(const ToolContext& ctx, float notches) override;
    void hover(const ToolContext& ctx, const ScenePick& pick) override;
    void beforeStep(World& world, float dt) override { m_grab.apply(world, dt); }
    void cancel() override;
    void markers(const World& world, std::vector<Marker>& out) const override;

    const ParticleGrab& grab() const { return m_grab; }
    std::optional<std::size_t> hovered() const { return m_hovered; }
    void clearHover() { m_hovered.reset(); }

private:
    void moveTarget(const ToolContext& ctx);  // to the cursor on the drag plane

    ParticleGrab m_grab;
    float m_depth = 0.0f;                  // metres in front of the eye: the drag plane
    std::optional<std::size_t> m_hovered;  // particle under the cursor
    std::size_t m_hoveredCount = 0;        // particle count when it was picked
};

} // namespace cs
