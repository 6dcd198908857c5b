#include "key_bindings.hpp"

#include "app_context.hpp"

// Only GLFW's key code constants are used here; no GLFW function is called, so
// dispatchKey works without a window (the tests press keys through it).
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

namespace cs {
namespace {

void togglePause(AppContext& ctx, int) { ctx.paused = !ctx.paused; }

void stepOnce(AppContext& ctx, int) {
    ctx.paused = true;
    ctx.stepRequested = true;
}

void toggleWireframe(AppContext& ctx, int) {
    if (!ctx.sim) return;
    bool& wireframe = ctx.sim->world().settings.render.wireframe;
    wireframe = !wireframe;
}

// Moving through the history shows a still picture: the simulation pauses.
void historyStep(AppContext& ctx, int which) {
    ctx.paused = true;
    ctx.historyStepRequested += which == 0 ? -1 : 1;
}

const KeyBinding kBindings[] = {
    {"P", {GLFW_KEY_P}, 0, false, "pause / resume", togglePause},
    {"N", {GLFW_KEY_N}, 0, true, "one physics step (pauses; hold to keep stepping)", stepOnce},
    {"R", {GLFW_KEY_R}, 0, false, "reset: rebuild the cloth, apply (reset) parameters",
     [](AppContext& ctx, int) { ctx.resetRequested = true; }},
    {"W", {GLFW_KEY_W}, 0, false, "wireframe cloth", toggleWireframe},
    {"F", {GLFW_KEY_F}, 0, false, "frame the cloth", [](AppContext& ctx, int) { ctx.frameRequested = true; }},
    {"S", {GLFW_KEY_S}, 0, false, "next cloth shader (render.shader)",
     [](AppContext& ctx, int) { ctx.cycleShaderRequested = true; }},
    {"D", {GLFW_KEY_D}, 0, false, "debug view (particles and links) on / off",
     [](AppContext& ctx, int) { ctx.debugViewToggleRequested = true; }},
    {"0 1 2 3", {GLFW_KEY_0, GLFW_KEY_1, GLFW_KEY_2, GLFW_KEY_3}, 0, false,
     "toggle the pin of a corner (top-left, top-right, bottom-left, bottom-right)", toggleCorner},
    {"C", {GLFW_KEY_C}, 0, false, "cut mode on / off: left-drag then cuts instead of grabbing",
     [](AppContext& ctx, int) { ctx.tools.cut.toggleMode(); }},
    {"ctrl + Z", {GLFW_KEY_Z}, kModControl, false, "undo the last cut (up to eight)",
     [](AppContext& ctx, int) { ctx.undoCutRequested = true; }},
    {"ctrl + shift + Z", {GLFW_KEY_Z}, kModControl | kModShift, false, "redo the last undone cut",
     [](AppContext& ctx, int) { ctx.redoCutRequested = true; }},
    {"ctrl + S", {GLFW_KEY_S}, kModControl, false, "save the running scene as TOML",
     [](AppContext& ctx, int) { ctx.saveSceneRequested = true; }},
    {"Left / Right", {GLFW_KEY_LEFT, GLFW_KEY_RIGHT}, 0, true, "one frame back / on in the history (pauses)",
     historyStep},
    {"F9", {GLFW_KEY_F9}, 0, false, "start / stop recording frames",
     [](AppContext& ctx, int) { ctx.recordToggleRequested = true; }},
    {"F12", {GLFW_KEY_F12}, 0, false, "screenshot of the scene (PNG)",
     [](AppContext& ctx, int) { ctx.screenshotRequested = true; }},
    {"H", {GLFW_KEY_H}, 0, false, "this help", [](AppContext& ctx, int) { ctx.showHelp = !ctx.showHelp; }},
    {"F5", {GLFW_KEY_F5}, 0, false, "reload shaders", [](AppContext& ctx, int) { ctx.reloadShadersRequested = true; }},
    {"Tab or U", {GLFW_KEY_TAB, GLFW_KEY_U}, 0, false, "show / hide the panels",
     [](AppContext& ctx, int) { ctx.showUi = !ctx.showUi; }},
    {"F11", {GLFW_KEY_F11}, 0, false, "fullscreen", [](AppContext& ctx, int) { ctx.fullscreenRequested = true; }},
    {"Esc", {GLFW_KEY_ESCAPE}, 0, false, "quit", [](AppContext& ctx, int) { ctx.quitRequested = true; }},
};

const GestureHelp kGestures[] = {
    {"left-drag the cloth", "grab the particle under the cursor; it is thrown on release"},
    {"wheel while grabbing", "push the held particle or collider farther / pull it nearer"},
    {"left-drag a collider", "move it (it pushes the cloth); a dynamic one is thrown on release"},
    {"ctrl + click the cloth", "pin / unpin the particle under the cursor"},
    {"ctrl + right-drag", "cut (in any mode): every edge the stroke crosses on the visible surface"},
    {"left-drag in cut mode", "cut along the stroke; the layer behind stays whole"},
    {"hover the cloth", "highlights the particle a click would take"},
    {"right-drag", "orbit the camera"},
    {"middle-drag", "pan"},
    {"shift + right-drag", "pan"},
    {"wheel", "zoom"},
    {"right-click a control", "reset it to the scene value or default"},
    {"x in front of a control", "reset it to its default (lit when the value differs)"},
    {"ctrl + click a slider", "type a value"},
};

} // namespace

std::span<const KeyBinding> keyBindings() { return kBindings; }

std::span<const GestureHelp> mouseGestures() { return kGestures; }

const KeyBinding* findKeyBinding(int key, int mods, int* which) {
    if (key <= 0) return nullptr;  // GLFW_KEY_UNKNOWN, and the end marker of `codes`
    // Shift is ignored, except by a row that asks for it (ctrl + shift + Z): with shift
    // held, such a row wins over the same key without it.
    for (const bool shiftRows : {true, false}) {
        if (shiftRows && (mods & kModShift) == 0) continue;
        for (const KeyBinding& binding : kBindings) {
            if (((binding.mods & kModShift) != 0) != shiftRows) continue;
            if ((binding.mods & kBindingMods) != (mods & kBindingMods)) continue;
            for (std::size_t k = 0; k < binding.codes.size(); ++k) {
                if (binding.codes[k] != key) continue;
                if (which) *which = static_cast<int>(k);
                return &binding;
            }
        }
    }
    return nullptr;
}

bool dispatchKey(AppContext& ctx, int key, int mods, bool repeat) {
    int which = 0;
    const KeyBinding* binding = findKeyBinding(key, mods, &which);
    if (!binding || (repeat && !binding->repeats)) return false;
    binding->apply(ctx, which);
    return true;
}

} // namespace cs
