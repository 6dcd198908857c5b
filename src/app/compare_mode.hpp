#pragma once
// Compare mode in the window: 2 to 4 methods side by side on the running scene. The
// first runs in the app's own simulation (ctx.sim: the mouse tools, the panels and the
// timeline work on it as always); each other one runs a companion copy (session/
// compare.hpp) placed beside it. Every copy starts from the scene with its method's
// recommended settings (scenes/compare_<id>.toml) and the running scene's other
// settings. What the user does reaches every copy through the input recorder's lines
// (session/input_recorder.hpp): grabs and drags at the same particle, cuts, pins, wind
// and other edits, collider moves, resets, the timeline's jumps back (each companion
// keeps its states under the timeline's moments); the solver's own settings (the
// parameter table's solver group) stay per copy. The companions step with the app's
// simulation, so a frame that lags drops the same steps for all.
#include "history.hpp"
#include "session/compare.hpp"

#include <array>
#include <glm/vec3.hpp>
#include <string>
#include <vector>

namespace cs {

struct AppContext;

inline constexpr std::size_t kMinCompareMethods = 2;
inline constexpr std::size_t kMaxWindowCompareMethods = 4;

// One method's plot lines: sampled once per frame, like the Stats tab's.
struct CompareTrace {
    static constexpr std::size_t kHistory = 240;
    History<kHistory> maxStretchPct;  // longest stretch link over its rest length, minus 1, percent
    History<kHistory> kineticEnergy;  // joules
    History<kHistory> stepMs;         // wall time of the frame's last step, milliseconds
    History<kHistory> residual;       // largest |length / rest length - 1| of a stretch link
};

struct CompareMode {
    std::vector<std::string> methods;            // empty: off; methods[0] runs in ctx.sim
    CompareSession companions;                   // methods[1..]
    std::array<CompareTrace, kMaxWindowCompareMethods> traces;
    glm::vec3 spacing{0.0f};                     // metres from one copy to the next (along x)
    double mainStepMs = 0.0;                     // the app simulation's last step
    std::vector<std::string> notes;              // what could not reach a companion; the guard's recoveries
    std::vector<std::string> picked;             // the panel's choice before a start

    bool active() const { return !methods.empty(); }
    // Where copy k (0: the app's simulation) is drawn: k times the spacing.
    glm::vec3 offset(std::size_t k) const { return static_cast<float>(k) * spacing; }
};

// Starts compare mode with `methods` (2 to 4 CPU ids, none twice) on the running scene:
// the app's simulation switches to the first with its recommended settings, every copy
// starts from the scene's initial state. Returns "" or why not (nothing changed).
std::string startCompare(AppContext& ctx, const std::vector<std::string>& methods);
// Back to one simulation (it keeps running where it is).
void stopCompare(AppContext& ctx);
// After the app's simulation took a step: the companions take theirs.
void stepCompanions(AppContext& ctx, double mainStepMs);
// Once per frame, after the timeline's recordHistoryFrame: the companions' states under
// the same moment, and the plot lines of every copy.
void recordCompareFrame(AppContext& ctx);

} // namespace cs
