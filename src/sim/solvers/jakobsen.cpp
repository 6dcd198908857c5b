// Jakobsen's "Advanced Character Physics" (2001): Verlet integration plus
// positional distance constraints relaxed in place (verlet-cloth's "positional
// constraint"; docs/sources.md).
//
// Method. Each substep moves every particle with damped position Verlet,
// x' = x + c (x - x_prev) + a h^2 with c = 1 - h k (air drag k), then runs
// solver.iterations relaxation passes: for each link, both ends move along it
// to remove the fraction K (jakobsen.relaxation) of its length error, split by
// inverse mass (pinned particles stay). Colliders push particles out inside the
// loop. Velocity is implicit in x - x_prev; the shared velocity is estimated as
// (x' - x) / h + a h / 2 and x_prev is derived back from it, so switching in and
// out of Jakobsen keeps the motion.
//
// Weaknesses: like PBD the stiffness depends on iteration count and time step;
// it has no notion of compliance; long chains stretch when under-iterated.
#include "../constraints.hpp"
#include "../forces.hpp"
#include "../profile.hpp"
#include "../collision/contact.hpp"
#include "link_sweep.hpp"
#include "position_based.hpp"
#include "solvers.hpp"
#include "verlet_state.hpp"

#include <algorithm>
#include <cmath>

namespace cs {
namespace {

class JakobsenSolver final : public Solver {
public:
    std::string_view id() const override { return "jakobsen"; }

    void topologyChanged(World& world, const TopologyEdit& edit) override {
        m_tethers.edited(world.cloth, edit);
        m_sweep.invalidate();
        m_contacts.invalidate(world);
    }

    StepStats step(World& world, float dt) override {
        StepStats stats;
        CS_TIME_SCOPE(stats.totalMs);
        Cloth& cloth = world.cloth;
        const Settings& s = world.settings;
        const std::size_t n = cloth.particleCount();
        if (m_forces.size() != n) {
            m_forces.assign(n, glm::vec3(0.0f));
            m_start.assign(n, glm::vec3(0.0f));
        }
        const int substeps = substepsThisStep(world);
        const int passes = std::max(s.solver.iterations, 1);
        const float h = dt / static_cast<float>(substeps);
        const float c = dragFactor(world.settings.solver, h);
        const float relaxation = std::clamp(s.jakobsen.relaxation, 0.0f, 1.0f);
        const std::span<const Tether> tethers =
            s.solver.tethers ? m_tethers.get(cloth, s.solver.tetherSlack) : std::span<const Tether>();
        glm::vec3* x = cloth.positions.data();
        const float* w = cloth.inverseMasses.data();
        LinkPass linkPass;  // Jakobsen: no compliance, every link relaxed by the same factor
        linkPass.links = cloth.links.data();
        linkPass.x = x;
        linkPass.w = w;
        std::fill(std::begin(linkPass.gain), std::end(linkPass.gain), relaxation);
        const int threads = std::max(s.solver.threads, 1);
        m_sweep.update(cloth, threads);
        {
            CS_TIME_SCOPE(stats.integrateMs);
            externalForces(world, m_forces);
        }
        float residual = 0.0f;
        for (int sub = 0; sub < substeps; ++sub) {
            const SubstepClock clock = startSubstep(world, sub, substeps, h);
            // Verlet, with x_prev derived from the shared velocity
            {
                CS_TIME_SCOPE(stats.integrateMs);
                for (std::size_t i = 0; i < n; ++i) {
                    m_start[i] = x[i];
                    if (w[i] == 0.0f) continue;
                    const glm::vec3 a = m_forces[i] * w[i];
                    const glm::vec3 previous = verletPrevious(x[i], cloth.velocities[i], a, h);
                    x[i] += c * (x[i] - previous) + h * h * a;
                }
            }
            // relax
            for (int pass = 0; pass < passes; ++pass) {
                const bool lastPass = sub == substeps - 1 && pass == passes - 1;
                {
                    CS_TIME_SCOPE(stats.constraintMs);
                    // colour by colour on s.solver.threads threads; same bits as serial
                    const float passResidual = m_sweep.sweep(linkPass, cloth.links.size(), threads, lastPass);
                    if (lastPass) residual = passResidual;
                    projectTethers(tethers, cloth.positions, cloth.inverseMasses);
                }
                CS_TIME_SCOPE(stats.collisionMs);
                m_contacts.projectPositions(world, m_start, clock, pass, passes);
            }
            stats.iterations += passes;
            CS_TIME_SCOPE(stats.integrateMs);
            for (std::size_t i = 0; i < n; ++i) {
                cloth.previousPositions[i] = m_start[i];
                cloth.velocities[i] = w[i] == 0.0f ? glm::vec3(0.0f) : verletVelocity(x[i], m_start[i], m_forces[i] * w[i], h);
            }
        }
        stats.residual = residual;
        m_contacts.reportTo(stats);
        return stats;
    }

private:
    std::vector<glm::vec3> m_forces;
    std::vector<glm::vec3> m_start;
    TetherCache m_tethers;
    LinkSweep m_sweep;
    ContactStage m_contacts;
};

} // namespace

std::unique_ptr<Solver> makeJakobsenSolver() { return std::make_unique<JakobsenSolver>(); }

} // namespace cs
