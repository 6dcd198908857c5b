// Forward (explicit) Euler on the mass-spring model.
//
// Method. The textbook first-order integrator: with a = f(x, v) / m at the start
// of the step,  x' = x + h v,  v' = v + h a.  Both updates read the old state.
//
// Weakness: it adds energy to every undamped oscillation (the amplification of a
// spring mode is sqrt(1 + (h w)^2) > 1), so stiff cloth explodes unless the step
// is tiny and the springs are damped (macri and xpbd-thesis, docs/sources.md). That is the lesson it
// is here to teach; the explosion guard catches it and restores the last good state.
#include "../profile.hpp"
#include "force_based.hpp"
#include "../parallel.hpp"

namespace cs {
namespace {

class ExplicitEulerSolver final : public ForceBasedSolver {
public:
    std::string_view id() const override { return "explicit_euler"; }

    StepStats step(World& world, float dt) override {
        StepStats stats;
        CS_TIME_SCOPE(stats.totalMs);
        Cloth& cloth = world.cloth;
        auto buffers = scratch(cloth, 3);
        auto& start = buffers[0];
        auto& forces = buffers[1];
        auto& a = buffers[2];
        const int substeps = substepsThisStep(world);
        const float h = dt / static_cast<float>(substeps);
        for (int sub = 0; sub < substeps; ++sub) {
            const SubstepClock clock = startSubstep(world, sub, substeps, h);
            {
                CS_TIME_SCOPE(stats.integrateMs);
                accelerations(world, world.time + sub * h, cloth.positions, cloth.velocities, forces, a);
                parallelFor(cloth.particleCount(), world.settings.solver.threads, [&](std::size_t b, std::size_t e) {
                    for (std::size_t i = b; i < e; ++i) {
                        start[i] = cloth.positions[i];
                        cloth.positions[i] += h * cloth.velocities[i];  // old velocity
                        cloth.velocities[i] += h * a[i];                // old acceleration
                    }
                });
            }
            CS_TIME_SCOPE(stats.collisionMs);
            finishSubstep(world, start, clock);
        }
        stats.iterations = substeps;
        reportContact(stats);
        return stats;
    }
};

} // namespace

std::unique_ptr<Solver> makeExplicitEulerSolver() { return std::make_unique<ExplicitEulerSolver>(); }

} // namespace cs
