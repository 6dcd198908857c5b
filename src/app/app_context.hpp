#pragma once
// The interactive app's shared state in one place (as Box2D's sample context):
// what runs, what the user asked for this frame, what the panels show. Keys and
// panels only set requests here; the main loop carries them out once per frame,
// so that there is one place where the simulation is replaced, reset or stepped.
#include "scene/scene.hpp"
#include "sim/collision/collider_fields.hpp"
#include "scene_save.hpp"
#include "sim/particle_forces.hpp"
#include "sim/simulation.hpp"
#include "sim/solver.hpp"
#include "sim/stats.hpp"
#include "capture.hpp"
#include "compare_mode.hpp"
#include "crossing_sampler.hpp"
#include "history.hpp"
#include "session/input_recorder.hpp"
#include "app/ui/timeline_panel.hpp"
#include "tools/mouse_tools.hpp"

#include <array>
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace cs {

struct AppStats {
    static constexpr std::size_t kHistory = 240;  // frames (about 4 s at 60 Hz)
    History<kHistory> frameMs;      // wall time of whole frames
    History<kHistory> physicsMs;    // mean StepStats::totalMs of the steps in each frame (0 when none ran)
    History<kHistory> stepMs;       // StepStats::totalMs of every step, for the average
    History<kHistory> kineticEnergy;  // joules, at the end of each frame
    History<kHistory> maxStretchPct;  // longest stretch link over its rest length, minus 1, in percent
    History<kHistory> residual;     // lastStep.residual at the end of each frame
    History<kHistory> iterations;   // lastStep.iterations at the end of each frame
    ClothStats cloth;               // measured once per frame by the loop (recordFrame)
    CrossingSampler crossings;      // crossing triangle pairs, counted every 10th frame (and the view's marks)
    StepStats lastStep;             // the most recent step
    float integrateMs = 0.0f;       // smoothed phase split, milliseconds per step
    float constraintMs = 0.0f;
    float collisionMs = 0.0f;
    int stepsLastFrame = 0;

    // The end of a frame's physics: keeps the cloth's measurement for the panel
    // and extends the plots, whether or not the panel is open (no allocation).
    void recordFrame(const ClothStats& measured) {
        cloth = measured;
        kineticEnergy.push(static_cast<float>(measured.kineticEnergy));
        maxStretchPct.push((measured.maxStretchRatio - 1.0f) * 100.0f);
        residual.push(lastStep.residual);
        iterations.push(static_cast<float>(lastStep.iterations));
    }
};

// Mouse gestures in progress; the loop turns them into camera moves and tool gestures.
struct InputState {
    enum class Drag { None, Orbit, Pan };
    Drag drag = Drag::None;
    int dragButton = -1;          // the GLFW button that started the drag
    double cursorX = 0.0;         // window coordinates at the last frame
    double cursorY = 0.0;
    float wheel = 0.0f;           // wheel notches not yet applied

    // the mouse tools' gesture: the left button (grab, pin, move collider; cut in
    // cut mode) or Ctrl + the right button (cut in any mode)
    int toolButton = -1;          // the GLFW button holding the gesture; -1 when none is down
    bool toolDown = false;        // held since a press over the scene (not over the panels)
    bool toolPressed = false;     // went down since the last frame
    bool toolReleased = false;    // went up since the last frame
    bool pressCut = false;        // the press was Ctrl + right: a cut stroke
    bool pressCtrl = false;       // modifiers at the press
    bool pressShift = false;
};

struct AppContext {
    // --- what runs ----------------------------------------------------------
    std::optional<Simulation> sim;          // always set while the loop runs
    SceneDesc scene;                        // as loaded (with --set applied): "reset to scene value"
    std::vector<std::filesystem::path> sceneFiles;  // the selector's list
    std::vector<SceneSummary> sceneCatalogue;       // the selector's [scene] tables, grouped by category
    Settings settingsAtReset;               // to show which on-reset edits are still pending
    TopologyStats topologyStats;            // the stats panel's, measured again when the topology changes
    std::uint64_t topologyStatsVersion = ~0ull;

    // --- requests: set by keys and panels, carried out by the loop ----------
    bool paused = false;
    bool stepRequested = false;             // one step while paused (N)
    bool resetRequested = false;            // R
    bool reloadShadersRequested = false;    // F5
    bool frameRequested = false;            // F: fit the cloth in view
    bool fullscreenRequested = false;       // F11
    bool quitRequested = false;             // Esc
    bool undoCutRequested = false;          // Ctrl + Z
    bool redoCutRequested = false;          // Ctrl + Shift + Z
    bool cycleShaderRequested = false;      // S: the next cloth shader (render.shader)
    bool debugViewToggleRequested = false;  // D: debug view (particles and links) on / off
    bool screenshotRequested = false;       // F12: save a PNG of the scene
    bool recordToggleRequested = false;     // F9: start / stop recording frames
    bool saveSceneRequested = false;        // Ctrl + S: write the running scene back to TOML
    int historyStepRequested = 0;           // Left / Right: frames to move through the time-travel history
    std::optional<std::filesystem::path> sceneRequested;  // picked in the selector

    // --- time travel and capture (timeline_panel.hpp, capture.hpp) ---------------
    TimeTravel timeTravel;                  // recent frames to scrub back through
    CaptureState capture;                   // screenshots and recordings
    InputRecorder inputs;                   // --record-inputs: every change made from outside, for --replay
    CompareMode compare;                    // 2 to 4 methods side by side (compare_mode.hpp)

    // --- view -----------------------------------------------------------------
    bool showUi = true;                     // Tab / U
    bool showHelp = false;                  // H
    bool fullscreen = false;
    int windowedX = 0, windowedY = 0, windowedWidth = 1280, windowedHeight = 800;  // to leave fullscreen
    InputState input;
    MouseTools tools;                       // grab, pin, move collider, cut; their gesture and hover

    // --- status shown in the panels -------------------------------------------
    std::string sceneError;                 // FILE:LINE errors of the last failed load
    std::string shaderError;                // compile/link log of the last failed reload
    std::string paramError;                 // why the last edit in the panel was refused
    SceneSaveState sceneSave;               // the Save row: file name, "Overwrite?", what the last save did
    std::string recoveryMessage;            // what the divergence guard last did
    std::optional<ForceColourScale> forceLegend;  // the force views' scale in the last frame drawn (the legend)
    double lagVisibleUntil = 0.0;           // glfwGetTime() until which "lagging" shows
    double now = 0.0;                       // glfwGetTime() at the start of this frame
    AppStats stats;

    bool lagging() const { return now < lagVisibleUntil; }
};

// Makes the scene at `path` (with `overrides` applied) the running one. When it
// does not load, nothing changes: the current scene keeps running and
// ctx.sceneError holds the FILE:LINE errors. Returns whether it loaded.
bool openScene(AppContext& ctx, const std::filesystem::path& path, const std::vector<std::string>& overrides = {});

// The changes the user makes to the simulation from outside it, each carried
// out here and written to the input recording (ctx.inputs) when one runs. The
// mouse tools record their own gestures (tools/tool.hpp, ToolContext::inputs).

// R: rebuilds the cloth from the settings and lets go of everything held.
void resetSimulation(AppContext& ctx);

// One physics step; what the tools hold moves first.
StepStats stepSimulation(AppContext& ctx);

// After the mouse tools' gestures of a frame: when one of them edited the
// cloth's topology (a cut), tells the simulation (Simulation::topologyEdited) so
// that the solver drops its caches before the next step. Returns whether it did.
bool commitToolEdits(AppContext& ctx);

// Ctrl + Z: takes the last cut back and tells the simulation. Returns whether
// there was a cut of the running cloth to take back.
bool undoLastCut(AppContext& ctx);
// Ctrl + Shift + Z: makes the last undone cut again.
bool redoLastCut(AppContext& ctx);

// The pin buttons and the corner keys 0-3 (macri's, docs/sources.md).
void applyPins(AppContext& ctx, PinPreset preset);
void toggleCorner(AppContext& ctx, int corner);

// The colliders panel: a collider of the table's defaults at `center`; one
// field edited (editCollider: home and pose move together; a refused value
// leaves it unchanged, says why in ctx.paramError and returns false); deleting
// one first lets go of it when it is held.
void addCollider(AppContext& ctx, ShapeKind shape, glm::vec3 center);
bool setColliderField(AppContext& ctx, std::size_t index, const ColliderField& field, const ColliderValue& value);
void deleteCollider(AppContext& ctx, std::size_t index);

} // namespace cs
