#pragma once
// Time travel in the app: the history of recent frames (sim/state_history.hpp),
// the timeline window along the bottom of the viewport that scrubs through it,
// and the loop's side of it.
//
// One snapshot is recorded per rendered frame in which physics advanced (not
// per physics step): the history then holds what the user saw, its length in
// frames does not depend on sim.dt or the steps per frame, and a frame of
// catch-up steps costs one copy, not four. Scrubbing (the slider, the buttons,
// Left / Right) pauses and puts the chosen snapshot into the world; resuming
// (P, N or the button) discards the frames after it and steps on from there. A
// reset or a scene change clears the history (a new cloth); a cut or an undo
// while scrubbed discards the frames after the one on show and records the
// edited cloth as the newest frame.
#include "sim/state_history.hpp"

#include <cstdint>
#include <optional>

namespace cs {

struct AppContext;

inline constexpr double kHistoryFramesPerSecond = 60.0;  // sim.history_seconds -> frames

struct TimeTravel {
    StateHistory history;
    std::optional<std::size_t> showRequested;  // the timeline asked to show this frame
    bool resumeRequested = false;              // "resume from here"
    std::uint64_t generation = ~0ull;          // the built cloth the history belongs to (topologyVersion >> 32)
};

// Before physics: follows sim.history_seconds, clears the history for a new cloth,
// and carries out the timeline's and the arrow keys' requests (ctx.historyStepRequested).
// Returns whether the cloth's topology was replaced (the renderer must upload it again).
bool handleTimeTravelRequests(AppContext& ctx);

// After physics: records the frame when physics advanced in it.
void recordHistoryFrame(AppContext& ctx);

// The timeline window (slider, |< < > >|, resume, record, screenshot, export the
// kept frames as OBJ sequence and PC2: session/exporters.hpp).
void drawTimelinePanel(AppContext& ctx);

} // namespace cs
