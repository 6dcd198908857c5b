#pragma once
// Recorded inputs: every action that changes the simulation from outside, with the
// physics step before which it happened, as text (one action a line), so that a
// session can be replayed step-exactly — a bug a user hits becomes a test.
//
// A line is `STEP VERB ARGS...`; `#` starts a comment. Verbs:
//   base KEY=VALUE        an override applied to every scene loaded after it
//   base_clear            forget the base overrides (the window's --set holds for its first scene only)
//   scene PATH            load a scene file (then the base overrides); a new simulation. A
//                         relative PATH missing here is looked for in the project root
//   set KEY=VALUE         a parameter edit (--set syntax; solver switches are set solver=ID)
//   reset                 rebuild the cloth from the settings
//   cut U0 V0 U1 V1       cut along a segment of the rest (u, v) square
//   cut_edges A B [A B]...  cut the triangle edges between particles A and B (the window's
//                         cut tool: the edges its stroke crossed where the user saw them)
//   undo_cut              put the cloth back as it was before the last cut_edges
//   grab I | drag X Y Z | release                       hold cloth particle I, move it, let go
//   collider_grab I | collider_drag X Y Z | collider_release   the same for collider I
//   pin I                 toggle the pin of particle I
//   pin_corner K          toggle the pin of grid corner K (0-3, the keys 0-3)
//   pin_preset NAME       pin as cloth.pins NAME does (none, top_row, ...), on the cloth as it is
//   collider_add SHAPE X Y Z   a collider of the table's defaults (sphere, plane, box, capsule)
//   collider_delete I     remove collider I
//   collider_set I KEY=VALUE   edit one field of collider I (a [[collider]] key, TOML value)
//   rewind MOMENT         put back the state of an earlier moment (the timeline): the state
//                         after MOMENT steps and lines, counted from the start (input_recorder.hpp)
//   end                   the run stops at this step
// Numbers are written with 9 significant digits, which gives the same float back.
#include "sim/grab.hpp"
#include "sim/simulation.hpp"
#include "sim/state_history.hpp"
#include "sim/topology_edit.hpp"

#include <filesystem>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cs {

struct InputAction {
    long long step = 0;      // physics steps taken (since the run began) when it happens
    std::string verb;
    std::string args;        // the rest of the line, as written
};

std::string formatAction(const InputAction& action);
std::string formatFloat(float value);  // 9 significant digits: reads back bit-exact
std::string formatVec3(glm::vec3 value);  // "X Y Z", each as formatFloat

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
    explicit InputPlayer(std::vector<std::string> baseOverrides = {});

    // Loads the scene (plus base overrides) into a new simulation; error text on failure
    // (the simulation is then left as it was).
    std::string loadScene(const std::string& path);

    // Applies one action; returns an error message (nothing changed) or "".
    std::string apply(const InputAction& action);

    // The moments (steps plus applied lines) that `rewind` lines will name: the
    // state at each is kept when the run passes it.
    void keepMoments(std::vector<std::uint64_t> moments);
    std::uint64_t moment() const { return static_cast<std::uint64_t>(m_steps + m_applied); }

    // One physics step: held things move first. Counts steps.
    StepStats step();
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
    std::string applyToSimulation(const InputAction& action);
    void letGo();             // the world was replaced: what was held and the cut undo go
    void keepMomentIfNamed();

    std::vector<std::string> m_base;
    std::unique_ptr<Simulation> m_sim;
    std::string m_scenePath;
    ParticleGrab m_grab;
    ColliderGrab m_colliderGrab;
    CutUndo m_cutUndo;
    std::vector<std::uint64_t> m_moments;   // sorted; the ones rewind lines name
    StateHistory m_kept;                    // their states, tagged with the moment
    long long m_steps = 0;
    long long m_applied = 0;                // lines applied
    std::ostream* m_record = nullptr;
    std::vector<std::string> m_notes;       // for takeNotes()
};

// --replay: runs the script (its scene, else `fallbackScene` with `overrides`) to its
// end step (else `steps`), applying each action before the step it names.
struct ReplayResult {
    std::unique_ptr<InputPlayer> player;
    std::string error;
};
ReplayResult replayScript(const InputScript& script, const std::string& fallbackScene,
                          const std::vector<std::string>& overrides, long long steps);

// FNV-1a over the bytes of positions and velocities: equal states, equal hashes.
std::uint64_t stateHash(const Cloth& cloth);
// A hash as the runs print it (16 hex digits), so that a window's, a soak's and a
// replay's can be compared as text.
std::string hashText(std::uint64_t hash);

} // namespace cs
