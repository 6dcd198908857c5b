// xpbd_gpu: XPBD with small steps (solvers/xpbd.cpp) on OpenGL 4.3 compute shaders.
//
// Coloured Gauss-Seidel, not Jacobi. The cloth's links are already sorted into
// colours of particle-disjoint links (topology.cpp orderLinksByColour); this
// solver cuts the link list into maximal runs in which no particle appears
// twice (one per colour, split where a colour is not disjoint) and dispatches
// one run at a time, one invocation per link, with a barrier between runs. A
// run's links touch disjoint particles, so projecting them at once equals
// projecting them one after the other: the sweep is exactly the CPU's serial
// Gauss-Seidel sweep, and xpbd_gpu converges as xpbd does — the stiffness set by
// the compliances is the stiffness you get. Jacobi with averaging would need no
// colours but converges more slowly (each particle's corrections are averaged,
// which under-relaxes stiff links), so the same compliance and substeps would
// give a visibly stretchier cloth; coloured dispatches cost one barrier per
// colour (about 12 to 30 per pass on a grid), which a large cloth amortises.
//
// Per step: external forces (gravity and aerodynamics, cloth_forces.comp), then
// per substep: colliders moved on the CPU and uploaded, prediction, lambda reset,
// solver.iterations passes of the coloured sweep, contact and the velocity update
// with air drag (xpbd_finish.comp).
//
// What it leaves to the CPU solver: dihedral bending (it always uses the long
// links), tethers, self-collision, sweeping fast colliders in increments, pushing
// dynamic bodies back (they act as kinematic on the cloth), and the residual in
// the stats (0: reading it back would stall every step). Float results differ
// from xpbd's in the last bits (GPU fused multiply-adds, a different summation
// order of the aerodynamic forces).
#include "gpu_solver_base.hpp"
#include "gpu_solver_factories.hpp"

#include "sim/collision/contact.hpp"
#include "sim/forces.hpp"
#include "sim/profile.hpp"

#include <algorithm>
#include <cstring>

namespace cs {
namespace {

class XpbdGpuSolver final : public GpuSolverBase {
public:
    explicit XpbdGpuSolver(const std::filesystem::path& shaderDir)
        : GpuSolverBase(shaderDir, false),
          m_forces(shaderDir / "cloth_forces.comp", shaderDir / "gpu_cloth.glsl"),
          m_predict(shaderDir / "xpbd_predict.comp", shaderDir / "gpu_cloth.glsl"),
          m_links(shaderDir / "xpbd_links.comp", shaderDir / "gpu_cloth.glsl"),
          m_finish(shaderDir / "xpbd_finish.comp", shaderDir / "gpu_cloth.glsl") {}

    std::string_view id() const override { return "xpbd_gpu"; }

    std::string load() override {
        for (ComputeProgram* p : {&m_forces, &m_predict, &m_links, &m_finish})
            if (std::string error = p->load(); !error.empty()) return error;
        return GpuSolverBase::load();
    }

    StepStats step(World& world, float dt) override {
        StepStats stats;
        CS_TIME_SCOPE(stats.totalMs);
        Cloth& cloth = world.cloth;
        const Settings& s = world.settings;
        prepare(world);
        if (cloth.topologyVersion != m_linkVersion || cloth.links.size() != m_linkCount) uploadLinks(cloth);
        const auto n = static_cast<unsigned>(cloth.particleCount());

        const int substeps = std::max(s.solver.substeps, 1);
        const int passes = std::max(s.solver.iterations, 1);
        const float h = dt / static_cast<float>(substeps);
        const glm::vec3 alphaTilde(s.solver.stretchCompliance / (h * h), s.solver.shearCompliance / (h * h),
                                   s.solver.bendCompliance / (h * h));
        const WindSettings& wind = s.wind;

        {
            CS_TIME_SCOPE(stats.integrateMs);
            m_forces.use();
            m_forces.set("particleCount", n);
            m_forces.set("gravity", s.sim.gravity);
            m_forces.set("wind", windVelocity(wind, world.time));
            m_forces.set("air", glm::vec3(0.5f * wind.airDensity, wind.dragCoefficient, wind.liftCoefficient));
            particles().bind(0);
            m_triangles.bind(1);
            m_adjacency.bind(2);
            m_adjacencyList.bind(3);
            ComputeProgram::dispatch(n);
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        }
        m_previous.reserve(n * sizeof(glm::vec4));
        m_predicted.reserve(n * sizeof(glm::vec4));

        for (int sub = 0; sub < substeps; ++sub) {
            const SubstepClock clock = startSubstep(world, sub, substeps, h);
            uploadColliders(world);
            {
                CS_TIME_SCOPE(stats.integrateMs);
                m_predict.use();
                m_predict.set("particleCount", n);
                m_predict.set("h", h);
                particles().bind(0);
                m_previous.bind(1);
                m_predicted.bind(2);
                ComputeProgram::dispatch(n);
                m_lambda.clearToZero();
                glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
            }
            {
                CS_TIME_SCOPE(stats.constraintMs);
                m_links.use();
                m_links.set("alphaTilde", alphaTilde);
                particles().bind(0);
                m_linkBuffer.bind(1);
                m_lambda.bind(2);
                for (int pass = 0; pass < passes; ++pass) {
                    for (const Run& run : m_runs) {
                        m_links.set("firstLink", run.begin);
                        m_links.set("linkCount", run.count);
                        ComputeProgram::dispatch(run.count);
                        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
                    }
                }
                stats.iterations += passes;
            }
            {
                CS_TIME_SCOPE(stats.collisionMs);
                m_finish.use();
                m_finish.set("particleCount", n);
                m_finish.set("colliderCount", static_cast<unsigned>(colliderCount()));
                m_finish.set("contactIterations", std::max(s.collision.iterations, 1));
                m_finish.set("thickness", s.collision.thickness);
                m_finish.set("h", clock.h);
                m_finish.set("restingSpeed", 2.0f * glm::length(s.sim.gravity) * clock.h);
                m_finish.set("drag", dragFactor(s.solver, h));
                particles().bind(0);
                m_previous.bind(1);
                m_predicted.bind(2);
                m_colliders.bind(3);
                ComputeProgram::dispatch(n);
                glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
            }
        }
        stepped();
        return stats;
    }

private:
    struct Run {
        unsigned begin;
        unsigned count;
    };

    // The links as uvec4 (a, b, rest length bits, kind) and the runs of links that
    // share no particle, in link order.
    void uploadLinks(const Cloth& cloth) {
        m_linkVersion = cloth.topologyVersion;
        m_linkCount = cloth.links.size();
        std::vector<glm::uvec4> packed(m_linkCount);
        std::vector<std::uint32_t> lastRun(cloth.particleCount(), 0);  // 1 + the run that last touched it
        m_runs.clear();
        for (std::size_t l = 0; l < m_linkCount; ++l) {
            const Link& link = cloth.links[l];
            std::uint32_t rest;
            std::memcpy(&rest, &link.restLength, sizeof(rest));
            packed[l] = {link.a, link.b, rest, static_cast<std::uint32_t>(link.kind)};
            const auto current = static_cast<std::uint32_t>(m_runs.size());
            if (m_runs.empty() || lastRun[link.a] == current || lastRun[link.b] == current)
                m_runs.push_back({static_cast<unsigned>(l), 0});
            ++m_runs.back().count;
            lastRun[link.a] = lastRun[link.b] = static_cast<std::uint32_t>(m_runs.size());
        }
        m_linkBuffer.upload(packed.data(), packed.size() * sizeof(glm::uvec4));
        m_lambda.reserve(std::max<std::size_t>(m_linkCount, 1) * sizeof(float));
    }

    ComputeProgram m_forces;
    ComputeProgram m_predict;
    ComputeProgram m_links;
    ComputeProgram m_finish;
    GpuBuffer m_previous;   // vec4 per particle: position at the substep's start
    GpuBuffer m_predicted;  // vec4 per particle: position after prediction
    GpuBuffer m_linkBuffer;
    GpuBuffer m_lambda;     // float per link
    std::vector<Run> m_runs;
    std::uint64_t m_linkVersion = ~0ull;
    std::size_t m_linkCount = ~std::size_t(0);
};

} // namespace

std::unique_ptr<GpuSolverBase> makeXpbdGpuSolver(const std::filesystem::path& shaderDir) {
    return std::make_unique<XpbdGpuSolver>(shaderDir);
}

} // namespace cs
