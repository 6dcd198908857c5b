#pragma once
// The solver seam. A solver advances a World by one fixed physics step and
// reports what happened. All solvers share the particle state in World::cloth;
// anything else they keep (lambda, previous positions, matrices) is a cache they
// can rebuild from it, so switching solvers keeps the cloth where it is.
#include "world.hpp"

#include <memory>
#include <cstdint>
#include <span>
#include <string>
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
    // GPU solvers keep the state on the GPU and leave World::cloth behind; this
    // brings positions and velocities back into it (CPU solvers: nothing to do).
    virtual void syncToCpu(World&) {}
};

struct SolverInfo {
    std::string_view id;           // "xpbd"
    std::string_view name;         // "XPBD (small steps)"
    std::string_view description;  // one line for --list-solvers and the UI
    std::unique_ptr<Solver> (*create)();  // gpu entries: their CPU twin (what runs without a GL 4.3 context)
    bool gpu = false;                     // runs on OpenGL 4.3 compute shaders (src/gpu)
    std::string_view cpuTwin = {};        // gpu entries: the CPU solver they match and fall back to
};

// The one list of solvers. Adding a method: one file in solvers/, one line in solver.cpp.
std::span<const SolverInfo> solverRegistry();
const SolverInfo* findSolver(std::string_view id);

// The GPU seam. src/sim cannot make GPU solvers (no GL here): the app installs a
// factory once it has an OpenGL 4.3 context and removes it before the context
// goes. The factory returns nullptr and says why in `error` when it cannot make
// the solver (a compute shader that does not compile).
using GpuSolverFactory = std::unique_ptr<Solver> (*)(std::string_view id, std::string& error);
void setGpuSolverFactory(GpuSolverFactory factory);  // nullptr: no GPU solvers from now on
// Counts the calls of setGpuSolverFactory: a Simulation that made a fallback (or a
// GPU solver) re-creates it when this changes.
std::uint64_t gpuSolverFactoryVersion();

// The solver for `info`. A GPU entry without a factory (headless, an OpenGL older
// than 4.3, CLOTHSIM_NO_GPU set) or whose factory fails gets its CPU twin, and
// `note` says so; otherwise `note` is empty.
struct CreatedSolver {
    std::unique_ptr<Solver> solver;
    std::string note;
};
CreatedSolver createSolver(const SolverInfo& info);

} // namespace cs
