#pragma once
// Move collider: left-click on a collider and drag it in the camera-facing
// plane through the point clicked; the wheel moves that plane nearer or
// farther. While held it is kinematic and pushes the cloth as it goes. Let go,
// a static or kinematic collider stays where it was dropped (its home moves
// with it, so its script and a reset start from there) and a dynamic one flies
// off with the drag velocity (sim/grab.hpp, ColliderGrab).
#include "sim/grab.hpp"
#include "tool.hpp"

namespace cs {

class ColliderTool final : public Tool {
public:
    std::string_view name() const override { return "move collider"; }
    PressResult press(const ToolContext& ctx, const ScenePick& pick) override;
    void drag(const ToolContext& ctx) override;
    void release(const ToolContext& ctx) override;
    bool scroll(const ToolContext& ctx, float notches) override;
    void beforeStep(World& world, float dt) override { m_grab.apply(world, dt); }
    void cancel() override { m_grab.drop(); }
    void markers(const World& world, std::vector<Marker>& out) const override;

    // Collider `index` is about to be erased (the panel's Delete): lets go of
    // it first if it is the held one.
    void colliderRemoved(World& world, std::size_t index) { m_grab.colliderRemoved(world, index); }
    const ColliderGrab& grab() const { return m_grab; }

private:
    ColliderGrab m_grab;
    float m_depth = 0.0f;        // metres in front of the eye: the drag plane
    glm::vec3 m_grip{0.0f};      // the point clicked, in the collider's frame
};

} // namespace cs
