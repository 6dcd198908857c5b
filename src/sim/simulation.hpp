#pragma once
// A world plus the solver that steps it, as the app and the headless runner
// drive it: keeps the solver in step with settings.solver.id, and guards against
// explosions by restoring the last good state.
#include "solver.hpp"
#include "tearing.hpp"
#include "world.hpp"

#include <memory>
#include <string>

namespace cs {

class Simulation {
public:
    explicit Simulation(World world);

    // One fixed physics step of settings.sim.dt. If the state becomes non-finite
    // or runs away, the last good state is restored and stats.diverged is set.
    StepStats step();

    // Rebuilds the cloth from the settings (applies the on-reset parameters).
    void reset();

    // After an edit of the cloth's topology from outside (a cut, an undo): the
    // solver drops its caches and the guard's snapshot starts from here.
    void topologyEdited();

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

    int recoveries() const { return m_recoveries; }
    // What the guard last did, for the UI and the log; empty if nothing yet.
    const std::string& lastRecoveryMessage() const { return m_lastRecovery; }

private:
    void syncSolver();
    // Empty when every particle is finite and within the runaway limits; otherwise
    // which limit the first offending particle broke.
    std::string unsoundReason() const;
    void saveGoodState();
    void restoreGoodState();

    World m_world;
    std::unique_ptr<Solver> m_solver;
    std::string m_solverId;                  // the settings.solver.id m_solver was made for
    std::uint64_t m_solverFactoryVersion = 0;  // gpuSolverFactoryVersion() when it was made
    std::string m_solverNote;
    bool m_solverNotePrinted = false;
    std::vector<glm::vec3> m_goodPositions;
    std::vector<glm::vec3> m_goodVelocities;
    Colliders m_goodColliders;
    double m_goodTime = 0.0;
    Tearing m_tearing;
    int m_recoveries = 0;
    std::string m_lastRecovery;
};

} // namespace cs
