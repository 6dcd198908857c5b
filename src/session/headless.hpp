#pragma once
// The headless runner: the same World and solvers as the app, no window and no
// OpenGL. Tests, benchmarks and scripts all go through it.
#include <filesystem>
#include <functional>
#include <glm/vec2.hpp>
#include <optional>
#include <cstdint>
#include "sim/collision/crossing_count.hpp"
#include "sim/simulation.hpp"
#include "sim/stats.hpp"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace cs {

// A dynamic collider at the end of the run.
struct RigidBodyReport {
    std::size_t collider;  // index among the scene's colliders
    float mass;            // kilograms
    glm::vec3 position;    // metres
    glm::vec3 velocity;    // metres per second
};

// What a headless run is asked to do (the command line fills it: src/cli).
struct HeadlessOptions {
    std::filesystem::path scenePath;          // the scene file
    std::vector<std::string> overrides;       // --set KEY=VALUE, in order
    bool recommended = false;                 // --recommended: the method's compare scene settings, then --set
    long long steps = 600;                    // physics steps to run
    std::optional<std::string> statsJson;     // path, or "-" for stdout
    std::optional<std::filesystem::path> dumpObj;  // final cloth as OBJ
    bool strict = false;                      // exit 3 when the explosion guard recovered, 4 when the
                                              // cloth's triangles ever crossed with self-collision on
    struct Cut {
        glm::vec2 from, to;                   // rest (u, v) in [0,1]^2
    };
    std::vector<Cut> cuts;                    // applied before the first step
    std::optional<long long> soakSteps;       // --soak STEPS, random actions (soak.hpp)
    std::uint64_t seed = 1;                   // the soak's PRNG seed
    int soakWorkCap = 0;                      // SoakOptions::workCap
    std::optional<std::filesystem::path> recordInputs;  // the soak's actions, as --replay reads them
    std::optional<std::filesystem::path> replay;        // recorded actions to replay
    // Exports for Blender and Houdini: the state before the first step, then one
    // sample every `exportEvery` steps.
    std::optional<std::filesystem::path> exportObjSequence;  // DIR/frame_00000.obj, ...
    std::optional<std::filesystem::path> exportPc2;          // FILE.pc2 point cache (+ FILE.obj, its mesh)
    int exportEvery = 1;                                      // steps between two exported samples
    // --compare ID,ID,...: every method on its own copy of the scene (compare.hpp);
    // --stats-json then holds one report per method, --compare-csv the time series.
    std::vector<std::string> compare;
    std::optional<std::filesystem::path> compareCsv;
};

struct HeadlessReport {
    std::string scene;
    std::string solver;
    long long steps = 0;
    float dt = 0.0f;
    std::size_t particles = 0;
    std::size_t constraints = 0;
    double simTime = 0.0;
    double wallMsMean = 0.0;
    double wallMsMedian = 0.0;
    int recoveries = 0;
    std::string lastRecovery;  // the guard's last message, empty with no recovery
    bool halted = false;       // the guard held the simulation (it diverged again from the same state): the run stopped
    StepStats lastStep;
    ClothStats cloth;
    TopologyStats topology;
    std::vector<RigidBodyReport> rigidBodies;
    std::string stateHash;  // --replay: stateHash of the final cloth, hex; empty otherwise
    // Crossing pairs of the cloth's own triangles (sim/collision/crossing_count.hpp),
    // counted on the starting state and after every step, untimed by wall_ms_per_step_*.
    std::size_t selfIntersectionsMax = 0;
    std::size_t selfIntersectionsFinal = 0;
    // The largest count seen while collision.self_collision was on (what --strict checks).
    std::size_t selfIntersectionsMaxWithSelfCollision = 0;
    double crossingCountMsMean = 0.0;  // wall time of one count, milliseconds
    // Triangle self-contact (collision.self_collision): detections per step, and
    // the wall time of one detection (milliseconds); 0 when it did not run.
    double selfDetectionsPerStep = 0.0;
    double selfSearchesPerStep = 0.0;  // of those, the ones that searched the trees (the rest reused candidates)
    double selfDetectMsMean = 0.0;
    // Copies of a cut or torn vertex welded because two of their triangles crossed
    // (triangle_contact.hpp), summed over the steps, and those no bound let weld.
    long long selfWelds = 0;
    long long selfWeldMisses = 0;
    // Vertices beside a fresh cut put back because a pair of neighbours by the rest shape
    // crossed, and whole-cloth put-backs (triangle_contact.hpp), summed over the steps.
    long long selfNeighboursPutBack = 0;
    long long selfClothPutBack = 0;
};

// A run's report as it goes, for one simulation: runSteps keeps one, the compare
// mode (compare.hpp) one per copy. The crossing pairs are counted on the state it
// starts from and after every step, timed apart from the steps.
class RunRecorder {
public:
    explicit RunRecorder(Simulation& sim);
    // After each step: its stats and wall time (milliseconds). Prints the step's notes.
    void stepped(Simulation& sim, const StepStats& stats, double ms);
    // The report of the steps so far, with the world's state now.
    HeadlessReport finish(Simulation& sim) const;
    const std::vector<double>& stepMs() const { return m_stepMs; }
    // Counts the crossing pairs of the state now as the last count (a replay's end step
    // may apply actions after its last step was recorded).
    void countCrossings(Simulation& sim);
    // A step the guard halted the simulation at was recorded: later steps do nothing.
    bool halted() const { return m_report.halted; }

private:
    HeadlessReport m_report;        // the step-by-step part (last step, crossings, halted)
    std::vector<double> m_stepMs;   // wall time of each step
    long long m_detections = 0;
    long long m_searches = 0;
    double m_detectMs = 0.0;
    CrossingCounter m_counter;
    double m_crossingMs = 0.0;
    long long m_crossingCounts = 0;
};

// Runs `steps` physics steps; per-step wall times go into `stepMs` (sized here). The
// crossing pairs are counted before the first step and after every step, timed apart.
// `afterStep(k)`, when given, runs after step k (untimed: the exports); returning
// false stops the run there (report.steps says how many were taken).
HeadlessReport runSteps(Simulation& sim, long long steps, std::vector<double>& stepMs,
                        const std::function<bool(long long step)>& afterStep = {});

std::string reportJson(const HeadlessReport& report);
nlohmann::ordered_json reportObject(const HeadlessReport& report);  // what reportJson prints
std::string clothObj(const Cloth& cloth);

// The whole headless run; returns the process exit code (0, 1 unwritable output,
// 2 bad input or an --export-pc2 cut short by a change of the mesh, 3 --strict
// with a recovery, 4 --strict with a crossing while self-collision was on).
int runHeadless(const HeadlessOptions& options);

} // namespace cs
