#pragma once
// Recorded inputs: every action that changes the simulation from outside, with the
// physics step before which it happened, as text (one action a line), so that a
// session can be replayed step-exactly — a bug a user hits becomes a test.
//
// A line is `STEP VERB ARGS...`; `#` starts a comment. The verbs, their arguments
// and what each does are the one table of replay_verbs.hpp (replayVerbUsage() prints
// it); an `end` line names the step the run stops at.
// Numbers are written with 9 significant digits, which gives the same float back.
#include "replay_verbs.hpp"
#include "sim/grab.hpp"
#include "sim/simulation.hpp"
#include "sim/state_history.hpp"
#include "sim/topology_edit.hpp"

#include <filesystem>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cs {

struct InputScript {
    std::vector<InputAction> actions;     // in step order
    std::optional<long long> endStep;     // from an `end` line
    std::string error;                    // "FILE:LINE: what" when the text is bad
};

// Checks every line (verb known, arguments well formed, steps not decreasing).
InputScript parseInputScript(const std::string& text, const std::string& fileName);
InputScript loadInputScript(const std::filesystem::path& path);

// Applies actions to a simulation the way the app would, and holds what the user
// holds (grabs). Every action it applies can be written to a recording.
class InputPlayer {
public:
    // Every scene it loads gets `baseOverrides` (--set KEY=VALUE), after the method's
    // recommended settings (scenes/compare_<id>.toml) when `recommended`.
    explicit InputPlayer(std::vector<std::string> baseOverrides = {}, bool recommended = false);

    // Loads the scene (plus base overrides) into a new simulation; error text on failure
    // (the simulation is then left as it was).
    std::string loadScene(const std::string& path);

    // Applies one action; returns an error message (nothing changed) or "".
    std::string apply(const InputAction& action);

    // The moments (steps plus applied lines) that `rewind` lines will name: the
    // state at each is kept when the run passes it.
    void keepMoments(std::vector<std::uint64_t> moments);
    std::uint64_t moment() const { return static_cast<std::uint64_t>(m_steps + m_applied); }

    // Keeps the state now under `tag`, among the last `capacity` kept (0: none). For a
    // player that follows a live session (the window's compare mode), whose `rewind`
    // lines name the session's own moments rather than this player's count.
    void keepState(std::uint64_t tag, std::size_t capacity);

    // One physics step: held things move first. Counts steps.
    StepStats step();
    // What the last step reported, and its wall time (milliseconds, the held things' moves
    // included): a replay's observer records the run from these (headless --replay).
    const StepStats& lastStepStats() const { return m_lastStats; }
    double lastStepMs() const { return m_lastStepMs; }
    // The simulations' notes for the user (Simulation::takeNotes) since the last
    // call, from every scene this player ran: the caller shows them.
    std::vector<std::string> takeNotes() { return std::exchange(m_notes, {}); }

    Simulation* simulation() { return m_sim.get(); }
    long long stepsTaken() const { return m_steps; }
    const std::string& scenePath() const { return m_scenePath; }
    // What is held now (checked against the current world).
    bool holdingParticle() { return m_sim && m_grab.holding(m_sim->world()); }
    bool holdingCollider() { return m_sim && m_colliderGrab.holding(m_sim->world()); }
    const ParticleGrab& particleGrab() const { return m_grab; }
    const ColliderGrab& colliderGrab() const { return m_colliderGrab; }

    // Every applied action is appended here (with its step) when set.
    void recordTo(std::ostream* out) { m_record = out; }

private:
    friend struct ReplayVerbTable;  // the verbs' apply functions (replay_verbs.cpp)
    void letGo();             // the world was replaced: what was held and the cut undo go
    void keepMomentIfNamed();

    std::vector<std::string> m_base;
    bool m_recommended = false;
    std::unique_ptr<Simulation> m_sim;
    std::string m_scenePath;
    ParticleGrab m_grab;
    ColliderGrab m_colliderGrab;
    CutUndo m_cutUndo;
    std::vector<std::uint64_t> m_moments;   // sorted; the ones rewind lines name
    StateHistory m_kept;                    // their states, tagged with the moment
    long long m_steps = 0;
    StepStats m_lastStats;
    double m_lastStepMs = 0.0;
    long long m_applied = 0;                // lines applied
    std::ostream* m_record = nullptr;
    std::vector<std::string> m_notes;       // for takeNotes()
};

// --replay: runs the script (its scene, else `fallbackScene` with `overrides`) to its
// end step (else `steps`), applying each action before the step it names.
// `observe(player, step)`, when given, sees the state before the first step (after
// the actions of step 0) and after every step (before the actions of the next);
// returning false stops the replay there (`stopped`).
struct ReplayResult {
    std::unique_ptr<InputPlayer> player;
    std::string error;
    bool stopped = false;
};
using ReplayObserver = std::function<bool(InputPlayer& player, long long step)>;
ReplayResult replayScript(const InputScript& script, const std::string& fallbackScene,
                          const std::vector<std::string>& overrides, long long steps,
                          const ReplayObserver& observe = {});

// FNV-1a over the bytes of positions and velocities: equal states, equal hashes.
std::uint64_t stateHash(const Cloth& cloth);
// A hash as the runs print it (16 hex digits), so that a window's, a soak's and a
// replay's can be compared as text.
std::string hashText(std::uint64_t hash);

} // namespace cs
