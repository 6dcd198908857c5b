#pragma once
// The solver seam. A solver advances a World by one fixed physics step and
// reports what happened. All solvers share the particle state in World::cloth;
// anything else they keep (lambda, previous positions, matrices) is a cache they
// can rebuild from it, so switching solvers keeps the cloth where it is.
#include "topology_change.hpp"
#include "world.hpp"

#include <functional>
#include <memory>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

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
    int selfDetections = 0;     // triangle self-contact: detections this step (collision.self_collision)
    int selfGathers = 0;        // ... of which searched the trees (the others reused the candidates)
    float selfDetectMs = 0.0f;  // their time, included in collisionMs
    int selfWelds = 0;          // groups of a cut's copies welded or put back this step (two of their triangles crossed)
    int selfWeldMisses = 0;     // ... of those, put back: no point within their bounds could weld them
    int selfNeighboursPutBack = 0;  // vertices beside a fresh cut put back at their anchors (a watched pair crossed)
    int selfClothPutBack = 0;       // times the whole cloth went back to its last crossing-free detection
};

class Solver {
public:
    virtual ~Solver() = default;
    virtual std::string_view id() const = 0;             // the command-line name
    virtual StepStats step(World& world, float dt) = 0;  // one fixed physics step
    // The cloth's topology or state changed outside a step: what a cut or tear added,
    // changed or removed (edit.particlesChanged and the new particles), or the whole
    // of it (edit.whole: a load, a restore, a new solver). Update the caches for that.
    virtual void topologyChanged(World&, const TopologyEdit&) {}
    // GPU solvers keep the state on the GPU and leave World::cloth behind; this
    // brings positions and velocities back into it (CPU solvers: nothing to do).
    virtual void syncToCpu(World&) {}
};

// How a method moves the cloth. A GPU entry is its own family: it keeps the
// state on the GPU and mirrors its CPU twin (cpuTwin), whose family it shares in
// method but not in what it reads (no tethers, no threads, ...).
enum class SolverFamily { Unset, ForceBased, PositionBased, Gpu };  // Unset: a row that forgot it

// The rows of the parameter table a method reads, one bit per capability. A row
// names the capability it belongs to; "which solvers read this row" is computed
// from these bits (params.cpp), so a new method states once what it honours.
enum class SolverReads : unsigned {
    None = 0,
    Iterations = 1u << 0,    // solver.iterations: constraint passes per substep
    Compliances = 1u << 1,   // solver.*_compliance: XPBD's inverse stiffnesses
    BendingModel = 1u << 2,  // solver.bending: long links or dihedral hinges
    Tethers = 1u << 3,       // solver.tethers, solver.tether_slack: long-range attachments
    Threads = 1u << 4,       // solver.threads: CPU threads sharing the step
    Springs = 1u << 5,       // springs.*: Hooke springs on the links
    Provot = 1u << 6,        // provot.*: the strain-limiting fix-up after a force-based step
    PbdStiffness = 1u << 7,  // pbd.*: stiffness k in [0, 1] per link kind
    Relaxation = 1u << 8,    // jakobsen.relaxation
    ImplicitCg = 1u << 9,    // implicit.*: the conjugate-gradient solve of a Newton step
    Vbd = 1u << 10,          // vbd.*: Vertex Block Descent's sweeps and acceleration
    Projective = 1u << 11,   // projective.*: Projective Dynamics' iterations and acceleration
};
constexpr SolverReads operator|(SolverReads a, SolverReads b) {
    return static_cast<SolverReads>(static_cast<unsigned>(a) | static_cast<unsigned>(b));
}
constexpr bool has(SolverReads set, SolverReads bit) {
    return (static_cast<unsigned>(set) & static_cast<unsigned>(bit)) != 0;
}

// What limits the step a method can take with springs (xpbd-thesis's stability notes,
// docs/sources.md).
enum class Stability {
    Unconditional,  // implicit solves and constraint projection: stable at any step
    Conditional,    // explicit integrators: stable while h * omega < 2, so stiff springs need substeps
    NeedsDamping,   // forward Euler: adds energy at any step, stable only while spring damping
                    // removes it (h < k_d / k), so it needs both substeps and springDamping
};

struct SolverInfo {
    std::string_view id;           // "xpbd"
    std::string_view name;         // "XPBD (small steps)"
    std::string_view description;  // one line for --list-solvers and the UI
    std::unique_ptr<Solver> (*create)();  // gpu entries: their CPU twin (what runs without a GL 4.3 context)
    SolverFamily family = SolverFamily::Unset;
    SolverReads reads = SolverReads::None;  // the parameter rows it honours
    Stability stability = Stability::Unconditional;
    // What it is shown with at sim.dt = 1/60 s on the default 24 x 24 cloth (its
    // scenes/compare_<id>.toml): the substeps a conditionally stable method needs at
    // the default springs (200 N/m), XPBD's small steps, or 1 where one step per frame
    // is the method's own form; and the spring damping (N s/m) it needs at least, 0 when
    // the table's default does. Tests and benches scale these instead of naming methods.
    int substeps = 1;
    float springDamping = 0.0f;
    bool factorises = false;              // keeps a factorised matrix (StepStats::factorizations counts them)
    std::string_view cpuTwin = {};        // gpu entries: the CPU solver they match and fall back to
    std::string_view contactLacks = {};   // gpu entries: what they lack of the CPU solvers' contact (the panel says it)

    bool gpu() const { return family == SolverFamily::Gpu; }  // runs on OpenGL 4.3 compute shaders (src/gpu)
};

// The one list of solvers. Adding a method: one file in solvers/, one row in solver.cpp,
// one line in src/CMakeLists.txt.
std::span<const SolverInfo> solverRegistry();
const SolverInfo* findSolver(std::string_view id);

// Queries over the registry, in its order.
std::vector<std::string_view> solverIds(const std::function<bool(const SolverInfo&)>& keep);
std::vector<std::string_view> solverIds(SolverFamily family);
std::vector<std::string_view> solverIdsReading(SolverReads capability);

// Why the registry is malformed (a duplicate or empty id, a GPU entry whose CPU twin
// is not registered or is itself a GPU entry, a CPU entry naming a twin); empty when
// it is sound. Takes the rows so that a test can check a broken list too.
std::string registryProblem(std::span<const SolverInfo> rows);

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
