// Semi-implicit (symplectic) Euler on the mass-spring model.
//
// Method. Velocity first, then position with the new velocity (xpbd-thesis,
// docs/sources.md):
//   v' = v + h f(x, v) / m,   x' = x + h v'.
// One force evaluation per step like forward Euler, but symplectic: for an
// undamped spring it keeps the energy in a bounded band instead of pumping it
// up, and it is stable while h w < 2 for the stiffest spring mode w.
//
// Weakness: still only conditionally stable; stiff cloth needs small substeps.
#include "../profile.hpp"
#include "force_based.hpp"
#include "../parallel.hpp"

namespace cs {
namespace {

class SymplecticEulerSolver final : public ForceBasedSolver {
public:
    std::string_view id() const override { return "symplectic_euler"; }

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
                        cloth.velocities[i] += h * a[i];
                        cloth.positions[i] += h * cloth.velocities[i];  // new velocity
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

std::unique_ptr<Solver> makeSymplecticEulerSolver() { return std::make_unique<SymplecticEulerSolver>(); }

} // namespace cs
