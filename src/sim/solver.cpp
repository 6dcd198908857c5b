#include "solver.hpp"

#include "solvers/solvers.hpp"

namespace cs {

namespace {
// What both GPU solvers lack of contact (src/gpu, shaders/gpu_cloth.glsl: particles
// against the colliders and the ground, with friction and restitution, nothing more).
constexpr std::string_view kGpuContactLacks =
    "no self-contact (the cloth may pass through itself); colliders touch particles only, so a thin capsule "
    "or a box edge can slip between them; penetration is pushed out at once, not at "
    "collision.max_depenetration_speed; fast colliders are not swept; dynamic bodies are not pushed back";
// What the families read: every force-based method the springs, the Provot fix-up and
// the threads; every position-based one the constraint passes, tethers and threads.
constexpr SolverReads kForceRows = SolverReads::Springs | SolverReads::Provot | SolverReads::Threads;
constexpr SolverReads kPositionRows = SolverReads::Iterations | SolverReads::Tethers | SolverReads::Threads;
} // namespace

std::span<const SolverInfo> solverRegistry() {
    using F = SolverFamily;
    using R = SolverReads;
    using S = Stability;
    static const SolverInfo registry[] = {
        {.id = "explicit_euler", .name = "Explicit Euler",
         .description = "Forward Euler on springs: simplest, explodes when stiff",
         .create = makeExplicitEulerSolver, .family = F::ForceBased, .reads = kForceRows,
         .stability = S::NeedsDamping, .substeps = 200, .springDamping = 0.02f},
        {.id = "symplectic_euler", .name = "Symplectic Euler",
         .description = "Semi-implicit Euler on springs: velocity first, then position",
         .create = makeSymplecticEulerSolver, .family = F::ForceBased, .reads = kForceRows,
         .stability = S::Conditional, .substeps = 40},
        {.id = "verlet", .name = "Verlet",
         .description = "Position Verlet on springs with verlet-cloth's damping factor (docs/sources.md)",
         .create = makeVerletSolver, .family = F::ForceBased, .reads = kForceRows, .stability = S::Conditional,
         .substeps = 40},
        {.id = "rk4", .name = "Runge-Kutta 4", .description = "Classic fourth-order Runge-Kutta on springs",
         .create = makeRk4Solver, .family = F::ForceBased, .reads = kForceRows, .stability = S::Conditional,
         .substeps = 30},  // at 20 the 64^2 pile and the shipped fold diverged (compare_rk4.toml)
        {.id = "implicit_euler", .name = "Implicit Euler (Baraff-Witkin)",
         .description = "Baraff & Witkin 1998: one Newton step, filtered preconditioned CG",
         .create = makeImplicitEulerSolver, .family = F::ForceBased, .reads = kForceRows | R::ImplicitCg,
         .stability = S::Unconditional},
        {.id = "desbrun", .name = "Semi-implicit (Desbrun)",
         .description = "Desbrun et al. 1999: linear part implicit through a prefactored matrix, torque correction",
         .create = makeDesbrunSolver, .family = F::ForceBased, .reads = kForceRows, .stability = S::Unconditional,
         .factorises = true},
        {.id = "projective_dynamics", .name = "Projective Dynamics",
         .description = "Bouaziz et al. 2014: spring projections and one prefactored global solve, Chebyshev option",
         .create = makeProjectiveDynamicsSolver, .family = F::ForceBased,
         .reads = kForceRows | R::Projective, .stability = S::Unconditional,
         .factorises = true},
        {.id = "vbd", .name = "Vertex Block Descent",
         .description = "Chen et al. 2024: per-vertex Newton steps over a colouring of the cloth, Chebyshev option",
         .create = makeVbdSolver, .family = F::ForceBased, .reads = kForceRows | R::Vbd,
         .stability = S::Unconditional, .substeps = 20},
        {.id = "jakobsen", .name = "Jakobsen (Verlet + constraints)",
         .description = "Jakobsen 2001: Verlet with relaxed positional distance constraints",
         .create = makeJakobsenSolver, .family = F::PositionBased, .reads = kPositionRows | R::Relaxation,
         .stability = S::Unconditional, .substeps = 4},
        {.id = "pbd", .name = "PBD", .description = "Position-based dynamics, Mueller et al. 2007, stiffness k in [0, 1]",
         .create = makePbdSolver, .family = F::PositionBased,
         .reads = kPositionRows | R::BendingModel | R::PbdStiffness, .stability = S::Unconditional, .substeps = 4},
        {.id = "xpbd", .name = "XPBD (small steps)",
         .description = "Extended position-based dynamics, Macklin et al. 2016, with substeps (Macklin et al. 2019)",
         .create = makeXpbdSolver, .family = F::PositionBased,
         .reads = kPositionRows | R::BendingModel | R::Compliances, .stability = S::Unconditional, .substeps = 20},
        // GPU twins (src/gpu): `create` is the CPU twin they fall back to without a GL 4.3 context
        {.id = "xpbd_gpu", .name = "XPBD on the GPU",
         .description = "XPBD with small steps on OpenGL 4.3 compute shaders: coloured Gauss-Seidel, the same result as xpbd",
         .create = makeXpbdSolver, .family = F::Gpu, .reads = R::Iterations | R::Compliances,
         .stability = S::Unconditional, .substeps = 20, .cpuTwin = "xpbd", .contactLacks = kGpuContactLacks},
        {.id = "verlet_gpu", .name = "Verlet on the GPU",
         .description = "gpu-cloth's mass-spring position Verlet on OpenGL 4.3 compute shaders, ping-pong buffers",
         .create = makeVerletSolver, .family = F::Gpu, .reads = R::Springs, .stability = S::Conditional,
         .substeps = 40, .cpuTwin = "verlet", .contactLacks = kGpuContactLacks},
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
    if (!info.gpu()) return {info.create(), {}};
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

std::vector<std::string_view> solverIds(const std::function<bool(const SolverInfo&)>& keep) {
    std::vector<std::string_view> ids;
    for (const SolverInfo& info : solverRegistry())
        if (keep(info)) ids.push_back(info.id);
    return ids;
}

std::vector<std::string_view> solverIds(SolverFamily family) {
    return solverIds([family](const SolverInfo& info) { return info.family == family; });
}

std::vector<std::string_view> solverIdsReading(SolverReads capability) {
    return solverIds([capability](const SolverInfo& info) { return has(info.reads, capability); });
}

std::string registryProblem(std::span<const SolverInfo> rows) {
    auto find = [&](std::string_view id) -> const SolverInfo* {
        for (const SolverInfo& info : rows)
            if (info.id == id) return &info;
        return nullptr;
    };
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const SolverInfo& info = rows[i];
        const std::string id(info.id);
        if (info.id.empty()) return "row " + std::to_string(i) + " has no id";
        for (std::size_t j = 0; j < i; ++j)
            if (rows[j].id == info.id) return "'" + id + "' is registered twice";
        if (info.family == SolverFamily::Unset) return "'" + id + "' names no family";
        if (!info.create) return "'" + id + "' has no factory";
        if (info.substeps < 1) return "'" + id + "' needs at least one substep";
        if (!info.gpu() && !info.cpuTwin.empty()) return "'" + id + "' runs on the CPU but names a CPU twin";
        if (!info.gpu()) continue;
        const SolverInfo* twin = find(info.cpuTwin);
        if (!twin) return "GPU entry '" + id + "' names no registered CPU twin ('" + std::string(info.cpuTwin) + "')";
        if (twin->gpu()) return "GPU entry '" + id + "' names another GPU entry as its CPU twin";
        if (twin->create != info.create) return "GPU entry '" + id + "' falls back to a factory other than its twin's";
    }
    return {};
}

} // namespace cs
