// Position Verlet with damping (verlet-cloth, docs/sources.md), on the mass-spring model.
//
// Method. Positions only: x' = x + c (x - x_prev) + a h^2, with c = 1 - h k for
// the air drag k (verlet-cloth writes it x' = (1 + c) x - c x_prev + a dt^2 with its
// own c; c = 1 is undamped Verlet). Second order, time-reversible, and exact for
// constant acceleration. Velocities are not part of the method; we keep an
// estimate v = (x' - x) / h + a h / 2 (the velocity at x') because the spring
// damping and aerodynamics need one and because it is the state every solver shares.
//
// Previous positions are derived from the shared state at the start of every
// step as x_prev = x - v h + a' h^2 / 2, where a' is the acceleration that went
// into v at the end of the last step — which makes it exactly the x_prev Verlet
// had, so the recurrence is undisturbed. Switching in (no a' yet) uses the
// current acceleration: the Taylor estimate, so that Verlet continues any motion,
// free fall included, without a kick. Air drag enters through c, so the force
// model is evaluated without its -m k v term here.
//
// Weakness: conditionally stable like symplectic Euler; the velocity lags half a
// step, so velocity-dependent forces (damping) are first order only.
#include "../forces.hpp"
#include "../profile.hpp"
#include "force_based.hpp"
#include "../parallel.hpp"
#include "verlet_state.hpp"

namespace cs {
namespace {

class VerletSolver final : public ForceBasedSolver {
public:
    std::string_view id() const override { return "verlet"; }

    // A cut or tear: the particles it touched (and the new ones) take the acceleration
    // at the next step's start, the Taylor estimate as after a switch; the others keep
    // theirs, so the cloth away from the cut goes on exactly as it would have.
    void topologyChanged(World& world, const TopologyEdit& edit) override {
        ForceBasedSolver::topologyChanged(world, edit);
        if (edit.whole || m_lastAcceleration.empty() || m_lastAcceleration.size() > edit.particlesBefore) {
            m_lastAcceleration.clear();
            m_refresh.clear();
            return;
        }
        m_refresh.insert(m_refresh.end(), edit.particlesChanged.begin(), edit.particlesChanged.end());
        for (std::size_t v = edit.particlesBefore; v < world.cloth.particleCount(); ++v)
            m_refresh.push_back(static_cast<std::uint32_t>(v));
    }

    StepStats step(World& world, float dt) override {
        StepStats stats;
        CS_TIME_SCOPE(stats.totalMs);
        Cloth& cloth = world.cloth;
        auto buffers = scratch(cloth, 5);
        auto& start = buffers[0];
        auto& forces = buffers[1];
        auto& a = buffers[2];
        auto& previous = buffers[3];
        auto& backward = buffers[4];  // (x - x_prev) / h: the velocity the forces see
        const int substeps = substepsThisStep(world);
        const float h = dt / static_cast<float>(substeps);
        const float c = dragFactor(world.settings.solver, h);
        const std::size_t n = cloth.particleCount();

        // x_prev from the shared state (see the top of the file)
        if (m_lastAcceleration.size() != n || !m_refresh.empty()) {
            accelerations(world, world.time, cloth.positions, cloth.velocities, forces, a, false);
            const bool local = !m_refresh.empty() && m_lastAcceleration.size() <= n;
            if (local) {
                m_lastAcceleration.resize(n);
                for (std::uint32_t v : m_refresh)
                    if (v < n) m_lastAcceleration[v] = a[v];
            } else {
                m_lastAcceleration.assign(a.begin(), a.end());
            }
            m_refresh.clear();
        }
        for (std::size_t i = 0; i < n; ++i)
            previous[i] = verletPrevious(cloth.positions[i], cloth.velocities[i], m_lastAcceleration[i], h);

        for (int sub = 0; sub < substeps; ++sub) {

            const SubstepClock clock = startSubstep(world, sub, substeps, h);
            {
                CS_TIME_SCOPE(stats.integrateMs);
                // Velocity-dependent forces (spring damping, aerodynamics) see the backward
                // difference: with it a damper of rate b stays stable while h b < 2. The drag
                // lives in c, so the force model must not apply it again.
                for (std::size_t i = 0; i < n; ++i) backward[i] = (cloth.positions[i] - previous[i]) / h;
                accelerations(world, world.time + sub * h, cloth.positions, backward, forces, a, false);
                parallelFor(n, world.settings.solver.threads, [&](std::size_t b, std::size_t e) {
                    for (std::size_t i = b; i < e; ++i) {
                        const glm::vec3 x = cloth.positions[i];
                        start[i] = x;
                        const glm::vec3 next = x + c * (x - previous[i]) + h * h * a[i];
                        cloth.positions[i] = next;
                        cloth.velocities[i] = verletVelocity(next, x, a[i], h);
                    }
                });
            }
            {
                CS_TIME_SCOPE(stats.collisionMs);
                finishSubstep(world, start, clock);
            }
            // contact and Provot may have moved particles: carry their velocity change into x_prev
            for (std::size_t i = 0; i < n; ++i)
                previous[i] = verletPrevious(cloth.positions[i], cloth.velocities[i], a[i], h);
        }
        m_lastAcceleration.assign(a.begin(), a.end());  // same size after the first step: no allocation
        stats.iterations = substeps;
        reportContact(stats);
        return stats;
    }

private:
    std::vector<glm::vec3> m_lastAcceleration;  // the a that went into the shared v, per particle
    std::vector<std::uint32_t> m_refresh;       // particles a cut or tear touched since the last step
};

} // namespace

std::unique_ptr<Solver> makeVerletSolver() { return std::make_unique<VerletSolver>(); }

} // namespace cs
