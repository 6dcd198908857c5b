#pragma once
// A world plus the solver that steps it, as the app and the headless runner
// drive it: keeps the solver in step with settings.solver.id, and guards against
// explosions by restoring the last good state.
#include "solver.hpp"
#include "crack_tearing.hpp"
#include "tearing.hpp"
#include "world.hpp"

#include <array>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace cs {

class Simulation {
public:
    explicit Simulation(World world);

    // One fixed physics step of settings.sim.dt. If the state becomes non-finite
    // or runs away (the limits below), a good state from the last few is restored
    // with zero velocity, sim.recovery may raise substeps or iterations, and
    // stats.diverged is set. When the state it restores diverges again right away
    // and the guard has nothing left to change (no older good state, sim.recovery's
    // setting at its cap), the same state with the same settings would diverge the
    // same way for ever: the guard holds the simulation instead (halted()), and
    // step() does nothing until resume(), a reset, an edit or a restore.
    StepStats step();

    // The guard holds the simulation (see step()); the message says why.
    bool halted() const { return m_halted; }
    // Lets a held simulation step again (the app: the user pressed play), from the
    // state the guard last restored.
    void resume() { m_halted = false; }

    // Rebuilds the cloth from the settings (applies the on-reset parameters).
    void reset();

    // After an edit of the cloth's topology from outside (a cut, an undo): the
    // solver updates its caches where `edit` says (by default: everywhere) and the
    // guard's snapshot starts from here.
    void topologyEdited(const TopologyEdit& edit = TopologyEdit{});

    // Cuts the cloth along a segment of its rest (u, v) square, splitting the triangles
    // it crosses or parting their edges as tearing.cut_splits_triangles says (--cut, the
    // replay's cut), then topologyEdited(). False, changing nothing, when it crosses no edge.
    bool cut(glm::vec2 uv0, glm::vec2 uv1);

    // After the world's state was replaced from outside (time travel put a recorded
    // snapshot back): the solver drops what it kept from the replaced state, as after
    // a topology edit, and the guard's snapshot starts from here.
    void stateRestored();

    World& world() { return m_world; }
    const World& world() const { return m_world; }
    const Solver& solver() const { return *m_solver; }

    // GPU solvers leave World::cloth behind between steps (it is read back every
    // kSnapshotEvery steps for the guard, and every step while tearing is on).
    // Call this before reading or editing the cloth on the CPU: picking, stats,
    // history, saving. Cheap when nothing changed since the last call.
    void syncToCpu() { m_solver->syncToCpu(m_world); }

    // Why the running solver is not the one settings.solver.id names (a GPU solver
    // without a GL 4.3 context runs its CPU twin); empty when it is.
    const std::string& solverNote() const { return m_solverNote; }

    // Notes for the user that steps gave since the last call, oldest first (today:
    // solverNote(), once at the first step after it changed to a non-empty text).
    // The core never prints: session and app take these and show them.
    std::vector<std::string> takeNotes() { return std::exchange(m_pendingNotes, {}); }

    int recoveries() const { return m_recoveries; }
    // What the guard last did, for the UI and the log; empty if nothing yet.
    const std::string& lastRecoveryMessage() const { return m_lastRecovery; }

    // The guard's limits: a particle or collider faster than kRunawaySpeed (m/s), farther
    // than kRunawayDistance (m) from the origin, or a cloth whose bounding-box diagonal
    // exceeds kRunawayExtentFactor times its rest diagonal plus kRunawayExtentMargin (m).
    static constexpr float kRunawaySpeed = 1000.0f;
    static constexpr float kRunawayDistance = 10000.0f;
    static constexpr float kRunawayExtentFactor = 20.0f;
    static constexpr float kRunawayExtentMargin = 1.0f;
    // A good state is kept every kSnapshotEvery steps, the last kSnapshotCount of them.
    static constexpr std::uint64_t kSnapshotEvery = 30;
    static constexpr std::size_t kSnapshotCount = 4;
    // sim.recovery's caps: halve_step doubles substeps up to this, raise_iterations iterations.
    static constexpr int kMaxRecoverySubsteps = 400;
    static constexpr int kMaxRecoveryIterations = 64;

    // Good states kept now (1 .. kSnapshotCount), for tests and the UI.
    std::size_t goodStates() const { return m_goodCount; }
    // Simulated time of the state the last recovery went back to.
    double lastRestoredTime() const { return m_lastRestoredTime; }

private:
    struct GoodState {
        std::vector<glm::vec3> positions;
        std::vector<glm::vec3> velocities;
        Colliders colliders;
        double time = 0.0;
    };

    void syncSolver();
    // Empty when every particle is finite and within the runaway limits; otherwise
    // which limit tripped and where.
    std::string unsoundReason() const;
    // Forgets the good states and keeps the present one (a reset, a topology edit):
    // sizes every slot for the cloth now, so that later saves do not allocate.
    void restartGoodStates();
    // The rest shape's diagonal and topology version, when the cloth is built.
    void measureRestExtent();
    void saveGoodState();
    // Puts back a good state. An explosion soon after the last restore means the newest
    // state was already on its way there: it is dropped first. `sameAgain`: it had none
    // older, so the state restored is the one the last restore put back.
    struct Restored {
        double time = 0.0;
        bool sameAgain = false;
    };
    Restored restoreGoodState();
    // sim.recovery: doubles substeps or iterations. `text`: what it did, for the message;
    // `changed`: false when nothing did (the mode is restore, or the setting at its cap).
    struct Adaptation {
        std::string text;
        bool changed = false;
    };
    Adaptation adaptAfterRecovery();

    World m_world;
    std::unique_ptr<Solver> m_solver;
    std::string m_solverId;                  // the settings.solver.id m_solver was made for
    std::uint64_t m_solverFactoryVersion = 0;  // gpuSolverFactoryVersion() when it was made
    std::string m_solverNote;
    bool m_solverNoteReported = false;       // queued in m_pendingNotes since it last changed
    std::vector<std::string> m_pendingNotes;  // for takeNotes()
    std::array<GoodState, kSnapshotCount> m_good;  // a ring, m_goodNewest the newest slot
    std::size_t m_goodNewest = 0;
    std::size_t m_goodCount = 0;
    float m_restDiagonal = 0.0f;             // of the cloth's rest shape, for the extent limit
    std::uint64_t m_builtTopologyVersion = 0;  // the extent limit holds while the cloth is uncut
    std::uint64_t m_lastRestoreStep = 0;
    bool m_restoredOnce = false;
    bool m_halted = false;
    double m_lastRestoredTime = 0.0;
    Tearing m_tearing;
    CrackTearing m_crackTearing;  // tearing.splits_triangles
    int m_recoveries = 0;
    std::string m_lastRecovery;
};

} // namespace cs
