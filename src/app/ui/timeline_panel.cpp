#include "timeline_panel.hpp"

#include "app/app_context.hpp"
#include "session/exporters.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>

namespace cs {
namespace {

constexpr float kWindowWidthFraction = 0.55f;  // of the viewport; the main panel takes the left
constexpr float kMargin = 10.0f;               // pixels from the bottom right corner

std::size_t framesFor(float seconds) {
    return static_cast<std::size_t>(std::lround(std::max(seconds, 0.0f) * kHistoryFramesPerSecond));
}

// The frame the world shows: the cursor while scrubbing, else the newest.
std::size_t currentFrame(const StateHistory& history) {
    return history.cursor().value_or(history.size() > 0 ? history.size() - 1 : 0);
}

// Returns whether the topology was replaced.
bool showFrame(AppContext& ctx, std::size_t index) {
    StateHistory& history = ctx.timeTravel.history;
    if (history.empty()) return false;
    ctx.paused = true;
    ctx.tools.cancel();  // what a tool held belongs to the state being replaced
    const bool replaced = history.show(index, ctx.sim->world());
    ctx.sim->stateRestored();
    ctx.inputs.action(ctx.sim->world().settings,
                      actions::rewind(ctx.inputs.steps(), history.at(*history.cursor()).tag));
    return replaced;
}

} // namespace

bool handleTimeTravelRequests(AppContext& ctx) {
    TimeTravel& tt = ctx.timeTravel;
    StateHistory& history = tt.history;
    World& world = ctx.sim->world();

    const std::size_t frames = framesFor(world.settings.sim.historySeconds);
    if (frames != history.capacity()) history.setCapacity(frames, world);
    // a reset, a scene change or the guard's rebuild make a new cloth: its past is not this history
    const std::uint64_t generation = world.cloth.topologyVersion >> 32;
    if (generation != tt.generation) {
        history.clear();
        tt.generation = generation;
    }
    // a cut or an undo while scrubbed: the frames after the one on show are another future
    if (history.scrubbing() && world.cloth.topologyVersion != history.topologyVersion())
        history.record(world, ctx.inputs.moment());

    if (ctx.historyStepRequested != 0) {
        const int step = ctx.historyStepRequested;
        ctx.historyStepRequested = 0;
        ctx.paused = true;
        const long target = static_cast<long>(currentFrame(history)) + step;
        if (history.empty() || target >= static_cast<long>(history.size())) {
            if (step > 0) ctx.stepRequested = true;  // past the newest frame: step the physics on
        } else {
            tt.showRequested = static_cast<std::size_t>(std::max(target, 0L));
        }
    }
    bool replaced = false;
    if (tt.showRequested) {
        replaced = showFrame(ctx, *tt.showRequested);
        tt.showRequested.reset();
    }
    if (tt.resumeRequested) {
        tt.resumeRequested = false;
        history.resumeHere();
        ctx.paused = false;
    }
    return replaced;
}

void recordHistoryFrame(AppContext& ctx) {
    // tagged with the input recording's moment, which a rewind line names
    if (ctx.stats.stepsLastFrame > 0) ctx.timeTravel.history.record(ctx.sim->world(), ctx.inputs.moment());
}

void drawTimelinePanel(AppContext& ctx) {
    TimeTravel& tt = ctx.timeTravel;
    const StateHistory& history = tt.history;
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    const float width = viewport->WorkSize.x * kWindowWidthFraction;
    ImGui::SetNextWindowPos(ImVec2(viewport->WorkPos.x + viewport->WorkSize.x - kMargin,
                                   viewport->WorkPos.y + viewport->WorkSize.y - kMargin),
                            ImGuiCond_Always, ImVec2(1.0f, 1.0f));
    ImGui::SetNextWindowSize(ImVec2(width, 0.0f), ImGuiCond_Always);
    ImGui::SetNextWindowBgAlpha(0.85f);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                                   ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings;
    if (!ImGui::Begin("Timeline", nullptr, flags)) {
        ImGui::End();
        return;
    }

    const std::size_t count = history.size();
    const std::size_t current = currentFrame(history);
    if (count == 0) {
        ImGui::TextDisabled(history.capacity() == 0 ? "time travel is off (sim.history_seconds = 0)"
                                                    : "no frames recorded yet");
    } else {
        // the buttons, then the slider over the recorded frames in seconds before the newest
        if (ImGui::Button("|<")) tt.showRequested = 0;
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("The oldest recorded frame");
        ImGui::SameLine();
        if (ImGui::Button("<")) tt.showRequested = current > 0 ? current - 1 : 0;
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("One frame back (Left)");
        ImGui::SameLine();
        if (ImGui::Button(">")) ctx.historyStepRequested += 1;
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("One frame on; at the newest, one physics step (Right)");
        ImGui::SameLine();
        if (ImGui::Button(">|")) tt.showRequested = count - 1;
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("The newest recorded frame");
        ImGui::SameLine();
        const double newest = history.at(count - 1).time;
        char label[48];
        std::snprintf(label, sizeof label, "%+.2f s", history.at(current).time - newest);
        int frame = static_cast<int>(current);
        ImGui::SetNextItemWidth(-1.0f);
        if (ImGui::SliderInt("##timeline", &frame, 0, static_cast<int>(count) - 1, label,
                             ImGuiSliderFlags_AlwaysClamp) &&
            static_cast<std::size_t>(frame) != current)
            tt.showRequested = static_cast<std::size_t>(frame);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Drag to go back in time (pauses). P, N or 'resume from here' steps on from the "
                              "frame shown and discards the frames after it.");

        ImGui::BeginDisabled(!history.scrubbing());
        if (ImGui::Button("resume from here")) tt.resumeRequested = true;
        ImGui::EndDisabled();
        ImGui::SameLine();
        ImGui::TextDisabled("frame %zu / %zu, %.1f s kept, %.1f MB", current + 1, count,
                            newest - history.at(0).time, static_cast<double>(history.bytesUsed()) / 1.0e6);
    }

    // capture
    const FrameRecorder& recorder = ctx.capture.recorder;
    if (recorder.recording()) {
        ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.75f, 0.12f, 0.12f, 1.0f));
        if (ImGui::Button("Stop (F9)")) ctx.recordToggleRequested = true;
        ImGui::PopStyleColor();
        ImGui::SameLine();
        ImGui::TextColored(ImVec4(1.0f, 0.35f, 0.3f, 1.0f), "REC");
        ImGui::SameLine();
        ImGui::Text("%d frames written, dropped %d", recorder.framesWritten(), recorder.framesDropped());
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Into %s. One physics step per frame while recording, so the video plays at "
                              "simulation speed. Frames are dropped when the PNG encoder falls behind.",
                              recorder.folder().string().c_str());
    } else {
        if (ImGui::Button("Record (F9)")) ctx.recordToggleRequested = true;
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Write every frame (the scene, without the panels) as a numbered PNG into %s/rec_..., "
                              "and an MP4 when ffmpeg is installed.",
                              ctx.capture.folder.string().c_str());
    }
    ImGui::SameLine();
    if (ImGui::Button("Screenshot (F12)")) ctx.screenshotRequested = true;
    ImGui::SameLine();
    ImGui::BeginDisabled(history.empty());
    if (ImGui::Button("Export history")) {
        // the kept frames, oldest first: OBJ sequence, and PC2 + OBJ when the mesh did not change
        const std::filesystem::path folder = freshCapturePath(ctx.capture.folder, "history", "");
        ctx.capture.message = exportHistory(history, folder).message();
        std::cerr << "clothsim: " << ctx.capture.message << '\n';
    }
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip("Write the kept frames for Blender and Houdini into %s/history_...: frames/frame_00000.obj, "
                          "... (one a kept frame) and, when the cloth did not tear, history.pc2 + history.obj "
                          "(Mesh Cache modifier; README: Export to Blender and Houdini).",
                          ctx.capture.folder.string().c_str());
    if (!ctx.capture.message.empty()) ImGui::TextWrapped("%s", ctx.capture.message.c_str());
    if (ctx.inputs.recording()) {
        ImGui::TextDisabled("recording inputs: %lld actions over %lld steps", ctx.inputs.lines(), ctx.inputs.steps());
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Into %s (--record-inputs). clothsim --headless --replay %s reaches the same state.",
                              ctx.inputs.path().string().c_str(), ctx.inputs.path().string().c_str());
    }
    ImGui::End();
}

} // namespace cs
