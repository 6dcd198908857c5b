#pragma once
// Compare mode: several methods on the same scene, side by side. Each method runs
// its own copy of the scene, started with the method's recommended settings (its
// scenes/compare_<id>.toml: substeps, iterations, stiffness) on the scene's cloth and
// colliders. Every action the user takes (the replay verbs: grabs and drags at a
// particle, cuts, pins, collider edits, settings, resets) reaches every copy, and the
// copies step together, so that they see the same input. After each step the session
// samples what every method has: the largest stretch, the kinetic energy, one common
// residual (the largest relative length error of the cloth's stretch links, sim/stats.hpp)
// and the step's wall time.
//
// A copy's particle indices name the same rest-space points as every other copy's as
// long as their meshes change alike: the same cuts split the same edges in every
// copy. A copy whose cloth tore where another did not has its own numbering after
// that; a grab then holds a different point in it.
#include "headless.hpp"
#include "replay.hpp"

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace cs {

// One sample of one copy, after a step.
struct CompareSample {
    long long step = 0;           // steps taken
    float maxStretchRatio = 0.0f; // max over stretch links of length / rest length
    double kineticEnergy = 0.0;   // joules
    float residual = 0.0f;        // largest |length / rest length - 1| over the stretch links
    double ms = 0.0;              // the step's wall time, milliseconds
};

// One method's copy of the scene.
struct CompareCopy {
    std::string solver;                        // the method's id
    std::unique_ptr<InputPlayer> player;       // its simulation and what it holds
    std::unique_ptr<RunRecorder> recorder;     // headless: its report (recoveries, crossings, ...)
    std::vector<CompareSample> samples;        // one per step, when the session keeps them
    double lastStepMs = 0.0;                   // the last step's wall time, milliseconds
};

inline constexpr std::size_t kMaxCompareMethods = 11;  // every CPU method once

class CompareSession {
public:
    // Parses "xpbd,vbd,pbd": at least one id, each a CPU method with a compare scene,
    // none twice. Returns "" or what is wrong, naming the id and the known ones.
    static std::string parseMethods(const std::string& list, std::vector<std::string>& out);
    // The same check of a list already split.
    static std::string checkMethods(const std::vector<std::string>& methods);

    // Loads `scenePath` once per method with its recommended settings, then
    // `overrides` (--set; a solver key among them is refused: the copies differ by
    // their solver). A headless run keeps every step's sample and a report per copy
    // (the crossing pairs counted after every step); the window samples once a frame
    // itself and keeps neither. Returns "" or the error (nothing is kept then).
    std::string start(const std::vector<std::string>& methods, const std::string& scenePath,
                      const std::vector<std::string>& overrides, bool headless = true);

    // Applies one action to every copy (a `set` or `base` of the solver is refused).
    // Returns "" or the first copy's error, prefixed by its method (the copies before
    // it have applied it: their actions are independent of each other's).
    std::string apply(const InputAction& action);
    // Applies one action to copy `index` only (its own settings).
    std::string applyTo(std::size_t index, const InputAction& action);

    // One physics step of every copy, in order, each timed on its own. A copy the
    // explosion guard holds (Simulation::halted) is left out.
    void step();

    std::vector<CompareCopy>& copies() { return m_copies; }
    const std::vector<CompareCopy>& copies() const { return m_copies; }
    long long stepsTaken() const { return m_steps; }
    // The copies' notes for the user since the last call, each prefixed by its method.
    std::vector<std::string> takeNotes();

private:
    std::vector<CompareCopy> m_copies;
    std::vector<std::string> m_notes;
    long long m_steps = 0;
    bool m_headless = true;
};

// The headless JSON of a compare run: {"scene": ..., "steps": ..., "methods": {"xpbd": {the
// usual stats}, ...}} with the methods in the order given.
std::string compareJson(const std::string& scene, long long steps, const std::vector<HeadlessReport>& reports);
// The time series: the header `step,solver,max_stretch_ratio,kinetic_energy,residual,ms`,
// then one row per step and method (the methods in order within a step).
std::string compareCsv(const std::vector<CompareCopy>& copies);

} // namespace cs
