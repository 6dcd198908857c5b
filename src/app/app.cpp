#include "app.hpp"

#include "app_context.hpp"
#include "session/data_paths.hpp"
#include "app/ui/debug_buffers_panel.hpp"
#include "gpu/gpu_solvers.hpp"
#include "key_bindings.hpp"
#include "app/ui/compare_panel.hpp"
#include "app/ui/panels.hpp"
#include "session/replay.hpp"
#include "render/camera.hpp"
#include "render/gl_debug.hpp"
#include "render/renderer.hpp"
#include "render/screenshot.hpp"
#include "sim/debug_draw.hpp"
#include "sim/picking.hpp"
#include "sim/stats.hpp"
#include "user_config.hpp"

#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <span>

namespace cs {
namespace {

constexpr double kMaxFrameSeconds = 0.25;  // a stall (debugger, drag of the window) counts as this much
constexpr double kLagVisibleSeconds = 1.0;
constexpr float kPhaseSmoothing = 0.05f;   // weight of the newest step in the smoothed phase split

AppContext& contextOf(GLFWwindow* window) { return *static_cast<AppContext*>(glfwGetWindowUserPointer(window)); }

std::string windowTitle(const SceneDesc& scene) { return "clothsim \xE2\x80\x94 " + scene.name; }  // em dash

// --- input callbacks: they only record requests in the context ------------------

void onKey(GLFWwindow* window, int key, int /*scancode*/, int action, int mods) {
    if (action == GLFW_RELEASE || ImGui::GetIO().WantCaptureKeyboard) return;
    dispatchKey(contextOf(window), key, mods, action == GLFW_REPEAT);  // the table: key_bindings.cpp
}

void onMouseButton(GLFWwindow* window, int button, int action, int mods) {
    InputState& input = contextOf(window).input;
    const bool ctrl = (mods & GLFW_MOD_CONTROL) != 0;
    // the mouse tools (left; Ctrl + right cuts); the loop carries the gesture out
    if (action == GLFW_RELEASE && button == input.toolButton) {
        if (input.toolDown) input.toolReleased = true;
        input.toolDown = false;
        input.toolButton = -1;
        return;
    }
    const bool cutPress = button == GLFW_MOUSE_BUTTON_RIGHT && ctrl;
    if (action == GLFW_PRESS && (button == GLFW_MOUSE_BUTTON_LEFT || cutPress)) {
        if (!ImGui::GetIO().WantCaptureMouse && input.toolButton < 0) {
            input.toolButton = button;
            input.toolDown = input.toolPressed = true;
            input.pressCut = cutPress;
            input.pressCtrl = ctrl;
            input.pressShift = (mods & GLFW_MOD_SHIFT) != 0;
        }
        return;
    }
    if (button == GLFW_MOUSE_BUTTON_LEFT) return;
    if (action == GLFW_RELEASE) {
        if (button == input.dragButton) {
            input.drag = InputState::Drag::None;
            input.dragButton = -1;
        }
        return;
    }
    if (ImGui::GetIO().WantCaptureMouse || input.drag != InputState::Drag::None) return;
    if (button == GLFW_MOUSE_BUTTON_RIGHT)
        input.drag = (mods & GLFW_MOD_SHIFT) ? InputState::Drag::Pan : InputState::Drag::Orbit;
    else if (button == GLFW_MOUSE_BUTTON_MIDDLE)
        input.drag = InputState::Drag::Pan;
    else
        return;
    input.dragButton = button;
    glfwGetCursorPos(window, &input.cursorX, &input.cursorY);
}

void onScroll(GLFWwindow* window, double /*dx*/, double dy) {
    if (ImGui::GetIO().WantCaptureMouse) return;
    contextOf(window).input.wheel += static_cast<float>(dy);
}

void onGlfwError(int code, const char* description) {
    std::cerr << "clothsim: GLFW error " << code << ": " << description << '\n';
}

// --- per-frame work ------------------------------------------------------------

// OpenGL 4.3 core first (compute shaders: the GPU solvers), else 3.3 core (the
// renderer's need); each with 4x multisampling, then without.
GLFWwindow* createWindow(const std::string& title, int width, int height) {
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
#ifndef NDEBUG
    glfwWindowHint(GLFW_OPENGL_DEBUG_CONTEXT, GLFW_TRUE);
#else
    // a release build asked for GL debug output (tests) gets the context that reports the most
    if (std::getenv("CLOTHSIM_GL_DEBUG")) glfwWindowHint(GLFW_OPENGL_DEBUG_CONTEXT, GLFW_TRUE);
#endif
    for (const int samples : {4, 0}) {
        glfwWindowHint(GLFW_SAMPLES, samples);
        for (const int minor : {3, -3}) {  // 4.3, then 3.3
            glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, minor > 0 ? 4 : 3);
            glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
            if (GLFWwindow* window = glfwCreateWindow(width, height, title.c_str(), nullptr, nullptr))
                return window;
        }
        if (samples > 0) std::cerr << "clothsim: no 4x multisampled window; trying without multisampling\n";
    }
    return nullptr;
}

// The cursor's ray through the picture the user sees: the last frame's camera.
ToolContext toolContext(AppContext& ctx, GLFWwindow* window, const Renderer& renderer) {
    int width = 0, height = 0;
    glfwGetWindowSize(window, &width, &height);
    double x = 0.0, y = 0.0;
    glfwGetCursorPos(window, &x, &y);
    const CameraView& view = renderer.lastView();
    const glm::vec2 pixel(static_cast<float>(x), static_cast<float>(y));
    const glm::vec2 viewport(static_cast<float>(width), static_cast<float>(height));
    const Ray ray = rayThroughPixel(view.view, view.projection, pixel, viewport);
    return {ctx.sim->world(), view, ray, ctx.input.pressCtrl, ctx.input.pressShift, pixel, viewport, &ctx.inputs};
}

// Left press (or Ctrl + right: a cut), drag and release become tool gestures;
// with none running, the particle under the cursor is highlighted (not while
// the cursor is over a panel). A cut made on release reaches the simulation here,
// before the next physics step.
void applyToolInput(AppContext& ctx, GLFWwindow* window, const Renderer& renderer, bool hoverAllowed) {
    InputState& input = ctx.input;
    const ToolContext toolCtx = toolContext(ctx, window, renderer);
    if (input.toolPressed) {
        input.toolPressed = false;
        if (input.pressCut) ctx.tools.pressCut(toolCtx);
        else ctx.tools.press(toolCtx);
    }
    if (ctx.tools.dragging()) ctx.tools.drag(toolCtx);
    if (input.toolReleased) {
        input.toolReleased = false;
        ctx.tools.release(toolCtx);
    }
    if (ctx.tools.dragging() && !input.toolDown) ctx.tools.release(toolCtx);  // the release went elsewhere
    commitToolEdits(ctx);
    if (hoverAllowed && !ImGui::GetIO().WantCaptureMouse && input.drag == InputState::Drag::None &&
        glfwGetWindowAttrib(window, GLFW_HOVERED))
        ctx.tools.hover(toolCtx);
    else
        ctx.tools.clearHover();
}

// Compare mode: each copy's method over it, in ImGui's foreground list (shown with
// the panels hidden too), at the top of the copy's cloth as the last frame saw it.
void drawCompareLabels(const AppContext& ctx, const Renderer& renderer) {
    const CompareMode& mode = ctx.compare;
    if (!mode.active()) return;
    const CameraView& view = renderer.lastView();
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    ImDrawList* draw = ImGui::GetForegroundDrawList();
    for (std::size_t k = 0; k < mode.methods.size(); ++k) {
        const World& world = k == 0 ? ctx.sim->world() : mode.companions.copies()[k - 1].player->simulation()->world();
        const std::vector<glm::vec3>& x = world.cloth.positions;
        if (x.empty()) continue;
        glm::vec3 top = x.front();
        for (const glm::vec3& p : x) top = p.y > top.y ? p : top;
        glm::vec3 centre(0.0f);
        for (const glm::vec3& p : x) centre += p / static_cast<float>(x.size());
        const glm::vec3 anchor(centre.x, top.y + 0.12f, centre.z);
        const std::optional<glm::vec2> pixel =
            projectToPixel(view.view, view.projection, anchor + mode.offset(k), glm::vec2(display.x, display.y));
        if (!pixel) continue;
        const std::string& name = world.settings.solver.id;
        const ImVec2 size = ImGui::CalcTextSize(name.c_str());
        const ImVec2 at(pixel->x - 0.5f * size.x, pixel->y - size.y);
        draw->AddRectFilled(ImVec2(at.x - 4.0f, at.y - 2.0f), ImVec2(at.x + size.x + 4.0f, at.y + size.y + 2.0f),
                            IM_COL32(0, 0, 0, 150), 3.0f);
        draw->AddText(at, compareColour(k), name.c_str());
    }
}

// The cut tool on screen, in ImGui's foreground list (over the scene and the
// panels, shown even with the panels hidden): the stroke being drawn, and in
// cut mode a crosshair in place of the cursor over the scene and a banner.
// ImGui's GLFW backend works in window coordinates, as the stroke does.
void drawCutOverlay(AppContext& ctx, GLFWwindow* window) {
    const CutTool& cut = ctx.tools.cut;
    if (!cut.mode() && !cut.stroking()) return;
    ImDrawList* draw = ImGui::GetForegroundDrawList();
    const ImU32 color = IM_COL32(255, 214, 64, 240);  // amber: stands out on the cloth and the ground
    const ImU32 shadow = IM_COL32(0, 0, 0, 150);
    double x = 0.0, y = 0.0;
    glfwGetCursorPos(window, &x, &y);
    const ImVec2 cursor(static_cast<float>(x), static_cast<float>(y));

    // the stroke, on to the cursor
    if (cut.stroking()) {
        const std::span<const glm::vec2> stroke = cut.stroke();
        for (const float width : {4.0f, 2.0f}) {
            const ImU32 c = width > 3.0f ? shadow : color;
            for (std::size_t i = 0; i + 1 < stroke.size(); ++i)
                draw->AddLine(ImVec2(stroke[i].x, stroke[i].y), ImVec2(stroke[i + 1].x, stroke[i + 1].y), c, width);
            if (!stroke.empty()) draw->AddLine(ImVec2(stroke.back().x, stroke.back().y), cursor, c, width);
        }
    }
    // a crosshair for the cursor while it is over the scene
    if ((cut.stroking() || !ImGui::GetIO().WantCaptureMouse) && glfwGetWindowAttrib(window, GLFW_HOVERED)) {
        ImGui::SetMouseCursor(ImGuiMouseCursor_None);
        constexpr float kGap = 3.0f, kArm = 9.0f;
        for (const float width : {3.5f, 1.5f}) {
            const ImU32 c = width > 2.0f ? shadow : color;
            draw->AddLine(ImVec2(cursor.x - kArm, cursor.y), ImVec2(cursor.x - kGap, cursor.y), c, width);
            draw->AddLine(ImVec2(cursor.x + kGap, cursor.y), ImVec2(cursor.x + kArm, cursor.y), c, width);
            draw->AddLine(ImVec2(cursor.x, cursor.y - kArm), ImVec2(cursor.x, cursor.y - kGap), c, width);
            draw->AddLine(ImVec2(cursor.x, cursor.y + kGap), ImVec2(cursor.x, cursor.y + kArm), c, width);
        }
        draw->AddText(ImVec2(cursor.x + 11.0f, cursor.y + 7.0f), shadow, "cut");
        draw->AddText(ImVec2(cursor.x + 10.0f, cursor.y + 6.0f), color, "cut");
    }
    // the banner
    if (cut.mode()) {
        const char* text = "CUT MODE: left-drag across the cloth to cut it   (C leaves, Ctrl+Z undoes)";
        const ImGuiViewport* viewport = ImGui::GetMainViewport();
        const ImVec2 size = ImGui::CalcTextSize(text);
        const ImVec2 at(viewport->WorkPos.x + 0.5f * (viewport->WorkSize.x - size.x), viewport->WorkPos.y + 10.0f);
        draw->AddRectFilled(ImVec2(at.x - 8.0f, at.y - 4.0f), ImVec2(at.x + size.x + 8.0f, at.y + size.y + 4.0f),
                            IM_COL32(20, 20, 24, 210), 4.0f);
        draw->AddText(at, color, text);
    }
}

void applyCameraInput(AppContext& ctx, GLFWwindow* window, const Renderer& renderer) {
    CameraSettings& camera = ctx.sim->world().settings.camera;
    InputState& input = ctx.input;
    double x = 0.0, y = 0.0;
    glfwGetCursorPos(window, &x, &y);
    const auto dx = static_cast<float>(x - input.cursorX);
    const auto dy = static_cast<float>(y - input.cursorY);
    input.cursorX = x;
    input.cursorY = y;
    if (input.drag == InputState::Drag::Orbit) {
        orbitCamera(camera, dx, dy);
    } else if (input.drag == InputState::Drag::Pan) {
        int width = 0, height = 0;
        glfwGetWindowSize(window, &width, &height);
        panCamera(camera, dx, dy, static_cast<float>(height));
    }
    if (input.wheel != 0.0f) {
        // while a tool drags, the wheel moves the held thing nearer or farther
        if (!ctx.tools.scroll(toolContext(ctx, window, renderer), input.wheel)) zoomCamera(camera, input.wheel);
        input.wheel = 0.0f;
    }
}

void toggleFullscreen(AppContext& ctx, GLFWwindow* window, int swapInterval) {
    if (!ctx.fullscreen) {
        GLFWmonitor* monitor = glfwGetPrimaryMonitor();
        const GLFWvidmode* mode = monitor ? glfwGetVideoMode(monitor) : nullptr;
        if (!mode) return;
        glfwGetWindowPos(window, &ctx.windowedX, &ctx.windowedY);
        glfwGetWindowSize(window, &ctx.windowedWidth, &ctx.windowedHeight);
        glfwSetWindowMonitor(window, monitor, 0, 0, mode->width, mode->height, mode->refreshRate);
    } else {
        glfwSetWindowMonitor(window, nullptr, ctx.windowedX, ctx.windowedY, ctx.windowedWidth, ctx.windowedHeight,
                             GLFW_DONT_CARE);
    }
    ctx.fullscreen = !ctx.fullscreen;
    glfwSwapInterval(swapInterval);  // some platforms forget it when the window changes monitor
}

// Carries out what keys and panels asked for since the last frame.
void handleRequests(AppContext& ctx, GLFWwindow* window, Renderer& renderer, double& accumulator, int swapInterval) {
    if (ctx.sceneRequested) {
        const std::filesystem::path path = *ctx.sceneRequested;
        ctx.sceneRequested.reset();
        if (!openScene(ctx, path)) {
            std::cerr << ctx.sceneError << '\n';  // the running scene stays; the panel shows where the file is wrong
        } else {
            ctx.tools.cancel();  // what they held belonged to the old world
            accumulator = 0.0;
            renderer.invalidateClothTopology();
            if (ctx.compare.active()) {  // the same methods on the new scene
                const std::vector<std::string> methods = ctx.compare.methods;
                if (const std::string error = startCompare(ctx, methods); !error.empty()) {
                    std::cerr << "clothsim: compare mode ends: " << error << '\n';
                    stopCompare(ctx);
                }
            }
            glfwSetWindowTitle(window, windowTitle(ctx.scene).c_str());
        }
    }
    if (ctx.resetRequested) {
        ctx.resetRequested = false;
        resetSimulation(ctx);
        accumulator = 0.0;
        renderer.invalidateClothTopology();
    }
    if (ctx.saveSceneRequested) {  // Ctrl + S or the Save button; the panel shows the outcome
        ctx.saveSceneRequested = false;
        const SaveResult saved = saveRunningScene(ctx, dataDir());
        std::cerr << "clothsim: " << saved.message << '\n';
    }
    if (ctx.undoCutRequested) {
        ctx.undoCutRequested = false;
        undoLastCut(ctx);
    }
    if (ctx.redoCutRequested) {
        ctx.redoCutRequested = false;
        redoLastCut(ctx);
    }
    if (handleTimeTravelRequests(ctx)) renderer.invalidateClothTopology();  // after a reset or an undo, so it sees them
    if (ctx.reloadShadersRequested) {
        ctx.reloadShadersRequested = false;
        ctx.shaderError = renderer.loadShaders();
        if (ctx.shaderError.empty()) std::cerr << "clothsim: shaders reloaded\n";
        else std::cerr << ctx.shaderError << "\nclothsim: keeping the previous shaders\n";
    }
    if (ctx.cycleShaderRequested) {
        ctx.cycleShaderRequested = false;
        // through the parameter table, so that the panel and a saved scene see it
        if (const ParamDef* def = findParam("render.shader"); def && !def->choices.empty()) {
            Settings& settings = ctx.sim->world().settings;
            const std::size_t next = (static_cast<std::size_t>(settings.render.shader) + 1) % def->choices.size();
            setParam(settings, *def, std::string(def->choices[next]));
        }
    }
    if (ctx.debugViewToggleRequested) {  // D: particles and links on or off together
        ctx.debugViewToggleRequested = false;
        toggleDebugView(ctx.sim->world().settings);
    }
    if (ctx.fullscreenRequested) {
        ctx.fullscreenRequested = false;
        toggleFullscreen(ctx, window, swapInterval);
    }
    if (ctx.frameRequested) {
        ctx.frameRequested = false;
        int width = 0, height = 0;
        glfwGetFramebufferSize(window, &width, &height);
        const float aspect = height > 0 ? static_cast<float>(width) / static_cast<float>(height) : 1.0f;
        World& world = ctx.sim->world();
        if (world.cloth.particleCount() > 0) {
            const ClothStats stats = measureCloth(world);
            // compare mode: the copies stand in a row to the right of the first
            const glm::vec3 last = ctx.compare.active() ? ctx.compare.offset(ctx.compare.methods.size() - 1) : glm::vec3(0.0f);
            frameBox(world.settings.camera, stats.bboxMin, stats.bboxMax + last, aspect);
        }
    }
}

// One physics step, with its bookkeeping. Returns its wall time in milliseconds.
float stepOnce(AppContext& ctx, Renderer& renderer) {
    const StepStats stats = stepSimulation(ctx);
    // the simulation's notes (a GPU solver running its CPU twin): stderr once here, and
    // the status line keeps showing solverNote() while it holds
    for (const std::string& note : ctx.sim->takeNotes()) std::cerr << "clothsim: " << note << '\n';
    AppStats& s = ctx.stats;
    s.lastStep = stats;
    s.stepMs.push(stats.totalMs);
    s.integrateMs += kPhaseSmoothing * (stats.integrateMs - s.integrateMs);
    s.constraintMs += kPhaseSmoothing * (stats.constraintMs - s.constraintMs);
    s.collisionMs += kPhaseSmoothing * (stats.collisionMs - s.collisionMs);
    if (stats.diverged) {
        ctx.recoveryMessage = ctx.sim->lastRecoveryMessage();
        std::cerr << "clothsim: " << ctx.recoveryMessage << '\n';
        renderer.invalidateClothTopology();  // the guard may have rebuilt the cloth
        if (ctx.sim->halted()) {
            // the guard's hold becomes the app's pause: play tries again, from the restored state
            ctx.paused = true;
            ctx.sim->resume();
        }
    }
    return stats.totalMs;
}

// The fixed-timestep clock: physics advances in steps of sim.dt, as many as the
// real time (times the time scale) allows, up to max_steps_per_frame; beyond that
// the backlog is dropped and "lagging" shows. In --frames mode exactly one step
// per frame, so that the result does not depend on how fast the machine draws.
void advancePhysics(AppContext& ctx, Renderer& renderer, double frameSeconds, double& accumulator, bool fixedFrames) {
    const SimSettings& sim = ctx.sim->world().settings.sim;
    int steps = 0;
    float physicsMs = 0.0f;
    if (ctx.paused || fixedFrames) {
        accumulator = 0.0;
        if (!ctx.paused || ctx.stepRequested) {
            physicsMs += stepOnce(ctx, renderer);
            ++steps;
        }
    } else {
        const double dt = sim.dt;
        const int maxSteps = std::max(sim.maxStepsPerFrame, 1);
        accumulator += frameSeconds * static_cast<double>(sim.timeScale);
        while (accumulator >= dt && steps < maxSteps) {
            physicsMs += stepOnce(ctx, renderer);
            accumulator -= dt;
            ++steps;
        }
        if (accumulator >= dt) {
            accumulator = 0.0;  // cannot keep up: drop the backlog rather than spiral
            ctx.lagVisibleUntil = ctx.now + kLagVisibleSeconds;
        }
    }
    ctx.stepRequested = false;
    ctx.stats.stepsLastFrame = steps;
    ctx.stats.physicsMs.push(steps > 0 ? physicsMs / static_cast<float>(steps) : 0.0f);
}

int runLoop(AppContext& ctx, GLFWwindow* window, Renderer& renderer, const AppOptions& options, int swapInterval,
            UserConfig& config) {
    const bool fixedFrames = options.frames > 0;
    double accumulator = 0.0;
    double previous = glfwGetTime();
    int frame = 0;
    glfwGetCursorPos(window, &ctx.input.cursorX, &ctx.input.cursorY);
    std::vector<Marker> markers;  // the tools' highlights, reused every frame
    DebugBuffersPanel debugBuffers;  // render.debug_buffers; its textures go before the GL context

    while (!glfwWindowShouldClose(window) && !ctx.quitRequested) {
        glfwPollEvents();
        ctx.now = glfwGetTime();
        const double frameSeconds = std::clamp(ctx.now - previous, 0.0, kMaxFrameSeconds);
        previous = ctx.now;
        ctx.stats.frameMs.push(static_cast<float>(frameSeconds * 1000.0));
        ++frame;
        const bool lastFrame = fixedFrames && frame >= options.frames;

        handleRequests(ctx, window, renderer, accumulator, swapInterval);
        applyToolInput(ctx, window, renderer, !fixedFrames);  // --frames pictures stay free of the cursor
        applyCameraInput(ctx, window, renderer);
        // a recording steps once per frame, as --frames does, so that the video plays at simulation speed
        advancePhysics(ctx, renderer, frameSeconds, accumulator, fixedFrames || ctx.capture.recorder.recording());
        // GPU solvers: one readback per rendered frame (not per step), because the plots,
        // the history and next frame's picking and tools read World::cloth; the cloth
        // itself is drawn from the solver's buffers (gpuClothBuffers below)
        ctx.sim->syncToCpu();
        recordHistoryFrame(ctx);
        ctx.stats.recordFrame(measureCloth(ctx.sim->world()));  // plots run with the panel closed too
        recordCompareFrame(ctx);
        for (const std::string& note : std::exchange(ctx.compare.notes, {})) std::cerr << "clothsim: compare: " << note << '\n';
        {  // every 10th frame; the contacts view paints the triangles it marks
            const World& world = ctx.sim->world();
            ctx.stats.crossings.frame(world.cloth, world.settings.solver.threads, world.settings.render.debugContacts);
        }
        config.rememberScene(ctx.scene.path);  // writes only when another scene opened

        // the UI may edit settings; it draws after the scene, from the same state
        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplGlfw_NewFrame();
        ImGui::NewFrame();
        const bool drawUi = ctx.showUi && !lastFrame;  // the saved picture shows the scene only
        if (drawUi) {
            drawMainPanel(ctx);
            debugBuffers.draw(ctx);
            drawTimelinePanel(ctx);
            drawHelpWindow(ctx);
        }
        if (!lastFrame) drawCutOverlay(ctx, window);
        if (!lastFrame) drawCompareLabels(ctx, renderer);
        ImGui::Render();

        int width = 0, height = 0;
        glfwGetFramebufferSize(window, &width, &height);
        if (width <= 0 || height <= 0) {  // minimised: nothing to draw, do not spin
            if (lastFrame) {
                std::cerr << "clothsim: the window has no size; no screenshot\n";
                return options.screenshotPath.empty() ? 0 : 1;
            }
            glfwWaitEventsTimeout(0.05);
            continue;
        }
        markers.clear();
        ctx.tools.markers(ctx.sim->world(), markers);
        renderer.setMarkers(markers);
        if (const std::optional<GpuClothBuffers> gpu = gpuClothBuffers(ctx.sim->solver()))
            renderer.setClothVertexBuffers(Renderer::ClothVertexBuffers{gpu->particles, gpu->stride, gpu->normals, gpu->count});
        else
            renderer.setClothVertexBuffers(std::nullopt);
        renderer.setCrossingTriangles(ctx.stats.crossings.triangleMarks());
        renderer.draw(ctx.sim->world(), width, height);
        ctx.forceLegend = renderer.forceColourScale();
        for (std::size_t k = 0; k < ctx.compare.companions.copies().size(); ++k) {
            World& companion = ctx.compare.companions.copies()[k].player->simulation()->world();
            // the look is the first copy's, edited or not (paused, edits reach the companions at the next step)
            companion.settings.render = ctx.sim->world().settings.render;
            renderer.drawCompanion(companion, ctx.compare.offset(k + 1));
        }
        captureScene(ctx, width, height);  // F12, F9 and recording read the scene before the panels cover it
        if (!lastFrame) ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());  // the panels, or only the cut overlay

        if (lastFrame) {
            if (!finishRecording(ctx)) return 1;
            if (options.screenshotPath.empty()) return 0;
            if (!saveScreenshot(options.screenshotPath, width, height)) {
                std::cerr << "clothsim: cannot write screenshot " << options.screenshotPath.string() << '\n';
                return 1;
            }
            std::cerr << "clothsim: wrote " << options.screenshotPath.string() << " (" << width << "x" << height
                      << ", " << frame << " frames)\n";
            return 0;
        }
        glfwSwapBuffers(window);
    }
    return 0;
}

// Owns GLFW and the ImGui context for the life of runApp, whichever way it returns.
struct GlfwSession {
    GLFWwindow* window = nullptr;
    bool imgui = false;
    ~GlfwSession() {
        if (imgui) {
            ImGui_ImplOpenGL3_Shutdown();
            ImGui_ImplGlfw_Shutdown();
            ImGui::DestroyContext();
        }
        if (window) glfwDestroyWindow(window);
        glfwTerminate();
    }
};

} // namespace

int runApp(const AppOptions& options) {
    // --- what persists between runs: not for --frames pictures and tests ---------
    const bool persist = options.frames == 0;
    UserConfig config = persist ? UserConfig::open(configDirFromEnvironment()) : UserConfig();
    if (persist && !config.enabled()) std::cerr << "clothsim: " << config.problem() << "; nothing is kept between runs\n";
    std::filesystem::path scenePath = options.scenePath;
    if (options.openLastScene && persist) {
        std::string message;
        scenePath = chooseStartScene(config, options.scenePath, message);
        if (!message.empty()) std::cerr << "clothsim: " << message << '\n';
    }

    // --- the scene ---------------------------------------------------------------
    AppContext ctx;
    if (!options.inputsPath.empty()) {  // before the scene opens: it is the recording's first line
        if (const std::string error = ctx.inputs.open(options.inputsPath); !error.empty()) {
            std::cerr << "clothsim: --record-inputs: " << error << '\n';
            return 1;
        }
    }
    if (!openScene(ctx, scenePath, options.overrides)) {
        std::cerr << ctx.sceneError;
        return 2;
    }
    if (!options.compare.empty()) {
        if (const std::string error = startCompare(ctx, options.compare); !error.empty()) {
            std::cerr << "clothsim: --compare: " << error << '\n';
            return 2;
        }
    }
    for (const AppOptions::Cut& cut : options.cuts) {  // as the replay's cut verb makes them (every copy)
        if (!ctx.sim->cut(cut.from, cut.to)) {
            std::cerr << "clothsim: --cut " << cut.from.x << "," << cut.from.y << ":" << cut.to.x << "," << cut.to.y
                      << " crosses no edge of the cloth\n";
            continue;
        }
        ctx.inputs.action(ctx.sim->world().settings, actions::cut(ctx.inputs.steps(), cut.from, cut.to));
    }
    const UiPrefs prefs = config.uiPrefs();
    ctx.showUi = prefs.showUi;
    ctx.showHelp = prefs.showHelp;
    const std::string iniPath = config.imguiIniPath().string();  // ImGui keeps the pointer: outlives the session
    ctx.sceneFiles = listSceneFiles(sceneDir());

    // --- window and GL context -----------------------------------------------------
    glfwSetErrorCallback(onGlfwError);
    if (!glfwInit()) {
        std::cerr << "clothsim: cannot initialise GLFW (is there a display? try --headless)\n";
        return 1;
    }
    GlfwSession session;
    session.window = createWindow(windowTitle(ctx.scene), options.windowWidth, options.windowHeight);
    if (!session.window) {
        std::cerr << "clothsim: cannot create a window with an OpenGL 4.3 or 3.3 core context\n";
        return 1;
    }
    GLFWwindow* window = session.window;
    glfwMakeContextCurrent(window);
    if (!gladLoadGL(glfwGetProcAddress)) {
        std::cerr << "clothsim: cannot load the OpenGL functions\n";
        return 1;
    }
#ifndef NDEBUG
    const bool glDebugOutput = installGlErrorCounter();
#else
    // GL errors on stderr, and their count at the end, on request (the window tests)
    const bool glDebugOutput = std::getenv("CLOTHSIM_GL_DEBUG") && installGlErrorCounter();
#endif
    const int swapInterval = options.frames > 0 ? 0 : 1;  // vsync only when interactive
    glfwSwapInterval(swapInterval);

    // our callbacks first: ImGui's backend chains to them
    glfwSetWindowUserPointer(window, &ctx);
    glfwSetKeyCallback(window, onKey);
    glfwSetMouseButtonCallback(window, onMouseButton);
    glfwSetScrollCallback(window, onScroll);

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    session.imgui = true;
    // the window layout lives in the user's config folder; without one (and in --frames runs) nowhere
    ImGui::GetIO().IniFilename = iniPath.empty() ? nullptr : iniPath.c_str();
    ImGui::StyleColorsDark();
    ImGui::GetStyle().WindowRounding = 4.0f;
    ImGui_ImplGlfw_InitForOpenGL(window, true);
    ImGui_ImplOpenGL3_Init("#version 330 core");

    // --- renderer and loop (destroyed before the context) --------------------------
    Renderer renderer(shaderDir(), assetDir() / "fabric.png");
    if (const std::string error = renderer.loadShaders(); !error.empty()) {
        std::cerr << error << "\nclothsim: cannot start without shaders (looked in " << shaderDir().string()
                  << "; set CLOTHSIM_DATA_DIR to the folder holding shaders/)\n";
        return 1;
    }
    ctx.capture.folder = options.captureDir;
    if (!options.recordDir.empty()) {
        if (const std::string error = startRecordingInto(ctx, options.recordDir); !error.empty()) {
            std::cerr << "clothsim: --record: " << error << '\n';
            return 1;
        }
    }
    // the GPU solvers (xpbd_gpu, verlet_gpu) with a 4.3 context; without, choosing them runs their CPU twins
    if (const std::string reason = installGpuSolvers(shaderDir()); !reason.empty())
        std::cerr << "clothsim: GPU solvers unavailable (" << reason << "); xpbd_gpu and verlet_gpu run on the CPU\n";
    const int code = runLoop(ctx, window, renderer, options, swapInterval, config);
    if (glDebugOutput)  // gl_debug_tests reads this line
        std::cerr << "clothsim: GL debug output: " << glDebugErrorCount() << " errors reported, glGetError "
                  << glGetError() << '\n';
    config.saveUiPrefs({ctx.showUi, ctx.showHelp});
    if (ctx.inputs.recording()) {
        ctx.sim->syncToCpu();
        const long long steps = ctx.inputs.steps(), lines = ctx.inputs.lines();
        if (const std::string error = ctx.inputs.finish(); !error.empty()) {
            std::cerr << "clothsim: --record-inputs: " << error << '\n';
            return 1;
        }
        std::cerr << "clothsim: recorded " << lines << " actions over " << steps << " steps to "
                  << options.inputsPath.string() << " (final state " << hashText(stateHash(ctx.sim->world().cloth))
                  << ")\n";
    }
    ctx.sim.reset();         // a GPU solver's buffers go while the context is still here
    uninstallGpuSolvers();
    return code;
}

} // namespace cs
