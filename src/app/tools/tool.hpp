#pragma once
// Mouse tools: what a left-button gesture over the 3-D view does to the World.
// One file per tool (grab, pin, move collider, cut); MouseTools (mouse_tools.hpp)
// picks what lies under the cursor and offers the press to each tool in turn.
//
// A tool works on the World through the handles of src/sim (picking.hpp,
// grab.hpp) and never calls OpenGL: the app hands it a ray through the cursor
// built from the matrices of the last frame drawn (what the user clicked on),
// and it describes its highlights as renderer markers.
#include "render/camera.hpp"
#include "session/replay_verbs.hpp"
#include "sim/picking.hpp"
#include "sim/world.hpp"

#include <optional>
#include <string_view>
#include <vector>

namespace cs {

struct Marker;  // render/renderer.hpp
class InputRecorder;  // session/input_recorder.hpp

// What a tool sees of one mouse event.
struct ToolContext {
    World& world;
    const CameraView& camera;  // the last frame's view
    Ray ray;                   // from the camera through the cursor
    bool ctrl = false;         // modifier keys held
    bool shift = false;
    glm::vec2 pixel{0.0f};     // the cursor, window coordinates (rayThroughPixel's convention)
    glm::vec2 viewport{0.0f};  // the window's size in the same units; the cut tool's strokes live there
    InputRecorder* inputs = nullptr;  // where a tool writes what it did to the world (--record-inputs)
};

// Writes one action (replay_verbs.hpp's actions::) when `ctx` has a recorder.
void recordInput(const ToolContext& ctx, const InputAction& action);
// The step an action is recorded at: the recorder's count (0 without one).
long long recordingStep(const ToolContext& ctx);

// What lies under the cursor: at most one of the two, the nearer along the ray
// (a collider in front of the cloth hides the cloth behind it, and vice versa).
struct ScenePick {
    std::optional<ClothHit> cloth;
    std::optional<ColliderHit> collider;
};

enum class PressResult {
    Ignored,   // not for this tool: offer it to the next
    Done,      // handled in one click (a pin toggled)
    Dragging,  // the tool owns the gesture until the button is released
};

class Tool {
public:
    virtual ~Tool() = default;
    virtual std::string_view name() const = 0;

    // Left button pressed over the scene.
    virtual PressResult press(const ToolContext& ctx, const ScenePick& pick) = 0;
    // Every frame of a gesture this tool owns, with the cursor's ray now.
    virtual void drag(const ToolContext& /*ctx*/) {}
    // Button released: the gesture ends.
    virtual void release(const ToolContext& /*ctx*/) {}
    // Wheel notches during the gesture (> 0: wheel turned forward, which
    // zooms in, so pushes the held thing into the scene). Returns whether the
    // tool used them; otherwise the camera zooms.
    virtual bool scroll(const ToolContext& /*ctx*/, float /*notches*/) { return false; }
    // The cursor rests over the scene with no gesture running.
    virtual void hover(const ToolContext& /*ctx*/, const ScenePick& /*pick*/) {}

    // Called before each physics step of dt seconds (a held thing moves then).
    virtual void beforeStep(World& /*world*/, float /*dt*/) {}
    // The World was replaced (new scene): forget everything without touching it.
    virtual void cancel() {}
    // Highlights to draw this frame.
    virtual void markers(const World& /*world*/, std::vector<Marker>& /*out*/) const {}
};

// The point where the cursor's ray crosses the camera-facing plane at `depth`
// metres in front of the eye (measured along the view direction); tools drag in
// that plane. Falls back to the point at `depth` along the ray when the ray runs
// parallel to it.
glm::vec3 pointOnViewPlane(const ToolContext& ctx, float depth);

// Depth of a world point in front of the camera, metres along the view direction.
float viewDepth(const CameraView& camera, glm::vec3 point);

// The new depth after `notches` of the wheel: each notch forward (> 0) 10 %
// farther from the eye, each notch back 10 % nearer; never inside the near plane.
float scrolledDepth(const CameraView& camera, float depth, float notches);

// A marker size that suits the cloth: half its link spacing, within 4 mm .. 5 cm.
float markerRadius(const Cloth& cloth);

} // namespace cs
