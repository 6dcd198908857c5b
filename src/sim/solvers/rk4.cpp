// Classic fourth-order Runge-Kutta on the mass-spring model.
//
// Method. The state is (x, v) with derivative (v, a(x, v)). Four evaluations
//   k1 = F(x, v),  k2 = F(state + h/2 k1),  k3 = F(state + h/2 k2),  k4 = F(state + h k3)
// combine as state' = state + h/6 (k1 + 2 k2 + 2 k3 + k4). Fourth-order accurate
// (exact for constant acceleration), four times the cost of Euler per step.
//
// Weakness: still explicit — its stability region reaches only h w < 2.8 on the
// imaginary axis, so stiff springs need small steps, and it slowly loses energy
// of undamped oscillations rather than keeping it.
#include "../profile.hpp"
#include "force_based.hpp"

namespace cs {
namespace {

class Rk4Solver final : public ForceBasedSolver {
public:
    std::string_view id() const override { return "rk4"; }

    StepStats step(World& world, float dt) override {
        StepStats stats;
        CS_TIME_SCOPE(stats.totalMs);
        Cloth& cloth = world.cloth;
        auto buffers = scratch(cloth, 8);
        auto& x0 = buffers[0];
        auto& v0 = buffers[1];
        auto& xs = buffers[2];  // the stage state
        auto& vs = buffers[3];
        auto& dx = buffers[4];  // weighted sums of the stage derivatives
        auto& dv = buffers[5];
        auto& a = buffers[6];
        auto& forces = buffers[7];
        const std::size_t n = cloth.particleCount();
        const int substeps = substepsThisStep(world);
        const float h = dt / static_cast<float>(substeps);
        constexpr float kStageStep[4] = {0.0f, 0.5f, 0.5f, 1.0f};   // where each stage is evaluated
        constexpr float kStageWeight[4] = {1.0f, 2.0f, 2.0f, 1.0f};  // its weight / 6
        for (int sub = 0; sub < substeps; ++sub) {
            const SubstepClock clock = startSubstep(world, sub, substeps, h);
            {
                CS_TIME_SCOPE(stats.integrateMs);
                const double t0 = world.time + sub * h;
                for (std::size_t i = 0; i < n; ++i) {
                    x0[i] = xs[i] = cloth.positions[i];
                    v0[i] = vs[i] = cloth.velocities[i];
                    dx[i] = dv[i] = glm::vec3(0.0f);
                }
                for (int stage = 0; stage < 4; ++stage) {
                    accelerations(world, t0 + kStageStep[stage] * h, xs, vs, forces, a);
                    const float next = stage < 3 ? kStageStep[stage + 1] * h : 0.0f;
                    for (std::size_t i = 0; i < n; ++i) {
                        // this stage's derivative is (vs, a): accumulate it, then form the next stage state
                        dx[i] += kStageWeight[stage] * vs[i];
                        dv[i] += kStageWeight[stage] * a[i];
                        const glm::vec3 kv = vs[i], ka = a[i];
                        xs[i] = x0[i] + next * kv;
                        vs[i] = v0[i] + next * ka;
                    }
                }
                for (std::size_t i = 0; i < n; ++i) {
                    cloth.positions[i] = x0[i] + (h / 6.0f) * dx[i];
                    cloth.velocities[i] = v0[i] + (h / 6.0f) * dv[i];
                }
            }
            CS_TIME_SCOPE(stats.collisionMs);
            finishSubstep(world, x0, clock);
        }
        stats.iterations = 4 * substeps;
        reportContact(stats);
        return stats;
    }
};

} // namespace

std::unique_ptr<Solver> makeRk4Solver() { return std::make_unique<Rk4Solver>(); }

} // namespace cs
