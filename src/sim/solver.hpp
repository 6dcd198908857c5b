#pragma once
// The solver seam. A solver advances a World by one fixed physics step and
// reports what happened. All solvers share the particle state in World::cloth;
// anything else they keep (lambda, previous positions, matrices) is a cache they
// can rebuild from it, so switching solvers keeps the cloth where it is.
#include "world.hpp"

#include <memory>
#include <span>
#include <string_view>

namespace cs {

struct StepStats {
    float totalMs = 0.0f;       // wall time of the whole step
    float integrateMs = 0.0f;   // forces and prediction
    float constraintMs = 0.0f;  // constraint projection / linear solve
    float collisionMs = 0.0f;
    int iterations = 0;         // constraint passes (or solver iterations) this step
    float residual = 0.0f;      // position-based: largest constraint violation in the last pass, metres;
                                // implicit_euler: largest relative CG residual of the step
    bool diverged = false;      // set by the guard when the state became unusable
    int factorizations = 0;     // matrix factorisations so far (solvers that factor; to show reuse)
};

class Solver {
public:
    virtual ~Solver() = default;
    virtual std::string_view id() const = 0;             // the command-line name
    virtual StepStats step(World& world, float dt) = 0;  // one fixed physics step
    virtual void topologyChanged(World&) {}              // topology or state replaced: drop caches
};

struct SolverInfo {
    std::string_view id;           // "xpbd"
    std::string_view name;         // "XPBD (small steps)"
    std::string_view description;  // one line for --list-solvers and the UI
    std::unique_ptr<Solver> (*create)();
};

// The one list of solvers. Adding a method: one file in solvers/, one line in solver.cpp.
std::span<const SolverInfo> solverRegistry();
const SolverInfo* findSolver(std::string_view id);

} // namespace cs
