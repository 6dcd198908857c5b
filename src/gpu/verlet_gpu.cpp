// verlet_gpu: gpu-cloth's GPU cloth (docs/sources.md) — mass-spring position Verlet, one compute
// invocation per particle, ping-pong buffers — with the CPU verlet's model
// (solvers/verlet.cpp, forces.cpp): the cloth's links as Hooke springs with
// damping along them, point damping, gravity, aerodynamics, air drag as
// Verlet's c = 1 - h k, pins, the mouse's hold, and contact with the colliders
// and the ground including the force-based velocity correction.
//
// Each substep is one dispatch of verlet_step.comp: it reads the old state of a
// particle and of its neighbours (the particles it shares a link or a triangle
// with) from one buffer and writes the particle's new state into the other; then
// the buffers swap. Nothing is written where another invocation reads, so no
// barriers inside a substep and no colours are needed: a spring's force is
// computed twice (once from each end) instead of scattered to both ends.
//
// The state per particle is (x, v, a): a is the acceleration that went into v,
// from which x_prev = x - h v + a h^2 / 2 exactly as the CPU solver derives it,
// so verlet_gpu and verlet run the same recurrence. After a topology change or a
// replaced state, one `initOnly` dispatch computes a from (x, v), as the CPU
// solver does when it switches in.
//
// What it leaves to the CPU solver: Provot's fix-up, self-collision, sweeping
// fast colliders in increments, pushing dynamic bodies back.
#include "gpu_solver_factories.hpp"

#include "sim/collision/contact.hpp"
#include "sim/forces.hpp"
#include "sim/profile.hpp"

#include <algorithm>

namespace cs {
namespace {

class VerletGpuSolver final : public GpuSolverBase {
public:
    explicit VerletGpuSolver(const std::filesystem::path& shaderDir)
        : GpuSolverBase(shaderDir, true), m_step(shaderDir / "verlet_step.comp", shaderDir / "gpu_cloth.glsl") {}

    std::string_view id() const override { return "verlet_gpu"; }

    std::string load() override {
        if (std::string error = m_step.load(); !error.empty()) return error;
        return GpuSolverBase::load();
    }

    void topologyChanged(World& world, const TopologyEdit& edit) override {
        GpuSolverBase::topologyChanged(world, edit);
        m_needAcceleration = true;
    }

    StepStats step(World& world, float dt) override {
        StepStats stats;
        CS_TIME_SCOPE(stats.totalMs);
        const Settings& s = world.settings;
        prepare(world);
        const auto n = static_cast<unsigned>(world.cloth.particleCount());
        const int substeps = std::max(s.solver.substeps, 1);
        const float h = dt / static_cast<float>(substeps);
        const WindSettings& wind = s.wind;

        m_step.use();
        m_step.set("particleCount", n);
        m_step.set("h", h);
        m_step.set("c", dragFactor(s.solver, h));
        m_step.set("gravity", s.sim.gravity);
        m_step.set("air", glm::vec3(0.5f * wind.airDensity, wind.dragCoefficient, wind.liftCoefficient));
        m_step.set("pointDamping", s.springs.pointDamping);
        m_step.set("stiffness",
                   glm::vec3(s.springs.stretchStiffness, s.springs.shearStiffness, s.springs.bendStiffness));
        m_step.set("springDamping", s.springs.damping);
        m_step.set("contactIterations", std::max(s.collision.iterations, 1));
        m_step.set("thickness", s.collision.thickness);
        m_step.set("restingSpeed", 2.0f * glm::length(s.sim.gravity) * h);
        m_triangles.bind(2);
        m_adjacency.bind(3);
        m_adjacencyList.bind(4);

        if (m_needAcceleration) {
            uploadColliders(world);  // not read in this mode, but every bound block must have a buffer
            m_colliders.bind(5);
            m_step.use();
            m_step.set("initOnly", 1);
            m_step.set("wind", windVelocity(wind, world.time));
            m_step.set("colliderCount", 0u);
            dispatchSwap(n);
            m_needAcceleration = false;
        }
        m_step.set("initOnly", 0);
        for (int sub = 0; sub < substeps; ++sub) {
            startSubstep(world, sub, substeps, h);
            uploadColliders(world);
            m_step.use();
            m_step.set("wind", windVelocity(wind, world.time + sub * h));
            m_step.set("colliderCount", static_cast<unsigned>(colliderCount()));
            m_colliders.bind(5);
            dispatchSwap(n);
        }
        stats.iterations = substeps;
        stepped();
        return stats;
    }

private:
    void dispatchSwap(unsigned n) {
        particles().bind(0);
        otherParticles().bind(1);
        ComputeProgram::dispatch(n);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        swapParticles();
    }

    ComputeProgram m_step;
    bool m_needAcceleration = true;
};

} // namespace

std::unique_ptr<GpuSolverBase> makeVerletGpuSolver(const std::filesystem::path& shaderDir) {
    return std::make_unique<VerletGpuSolver>(shaderDir);
}

} // namespace cs
