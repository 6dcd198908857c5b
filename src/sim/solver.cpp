#include "solver.hpp"

#include "solvers/solvers.hpp"

namespace cs {

std::span<const SolverInfo> solverRegistry() {
    static const SolverInfo registry[] = {
        {"explicit_euler", "Explicit Euler", "Forward Euler on springs: simplest, explodes when stiff",
         makeExplicitEulerSolver},
        {"symplectic_euler", "Symplectic Euler", "Semi-implicit Euler on springs: velocity first, then position",
         makeSymplecticEulerSolver},
        {"verlet", "Verlet", "Position Verlet on springs with seed 001's damping factor", makeVerletSolver},
        {"rk4", "Runge-Kutta 4", "Classic fourth-order Runge-Kutta on springs", makeRk4Solver},
        {"implicit_euler", "Implicit Euler (Baraff-Witkin)",
         "Baraff & Witkin 1998: one Newton step, filtered preconditioned CG", makeImplicitEulerSolver},
        {"desbrun", "Semi-implicit (Desbrun)",
         "Desbrun et al. 1999: linear part implicit through a prefactored matrix, torque correction",
         makeDesbrunSolver},
        {"jakobsen", "Jakobsen (Verlet + constraints)",
         "Jakobsen 2001: Verlet with relaxed positional distance constraints", makeJakobsenSolver},
        {"pbd", "PBD", "Position-based dynamics, Mueller et al. 2007, stiffness k in [0, 1]", makePbdSolver},
        {"xpbd", "XPBD (small steps)",
         "Extended position-based dynamics, Macklin et al. 2016, with substeps (Macklin et al. 2019)",
         makeXpbdSolver},
        // GPU twins (src/gpu): `create` is the CPU twin they fall back to without a GL 4.3 context
        {"xpbd_gpu", "XPBD on the GPU",
         "XPBD with small steps on OpenGL 4.3 compute shaders: coloured Gauss-Seidel, the same result as xpbd",
         makeXpbdSolver, true, "xpbd"},
        {"verlet_gpu", "Verlet on the GPU",
         "Seed 000: mass-spring position Verlet on OpenGL 4.3 compute shaders, ping-pong buffers", makeVerletSolver,
         true, "verlet"},
    };
    return registry;
}

namespace {
GpuSolverFactory gpuFactory = nullptr;
std::uint64_t gpuFactoryVersion = 0;
} // namespace

void setGpuSolverFactory(GpuSolverFactory factory) {
    gpuFactory = factory;
    ++gpuFactoryVersion;
}

std::uint64_t gpuSolverFactoryVersion() { return gpuFactoryVersion; }

CreatedSolver createSolver(const SolverInfo& info) {
    if (!info.gpu) return {info.create(), {}};
    std::string error = "no OpenGL 4.3 context (headless, an older OpenGL, or CLOTHSIM_NO_GPU set)";
    if (gpuFactory)
        if (std::unique_ptr<Solver> solver = gpuFactory(info.id, error)) return {std::move(solver), {}};
    return {info.create(), std::string(info.id) + " is not available: " + error + "; running its CPU twin " +
                               std::string(info.cpuTwin) + " instead"};
}

const SolverInfo* findSolver(std::string_view id) {
    for (const SolverInfo& info : solverRegistry())
        if (info.id == id) return &info;
    return nullptr;
}

} // namespace cs
