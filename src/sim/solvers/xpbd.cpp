// XPBD with small steps.
//
// Method. Extended Position-Based Dynamics (Macklin, Müller, Chentanez 2016)
// treats each constraint C(x) = 0 as the limit of a stiff spring of compliance
// alpha (inverse stiffness, m/N). Per step it predicts positions from velocities
// and external forces, then moves them to satisfy the constraints with
//     dlambda = (-C - alphaTilde lambda) / (sum_i w_i |grad_i C|^2 + alphaTilde),
//     dx_i    = w_i grad_i C dlambda,           alphaTilde = alpha / h^2,
// and derives velocities as (x - x_previous) / h. Because alpha is scaled by
// 1/h^2 the stiffness the user sets does not change with the time step or the
// iteration count — the flaw of plain PBD it fixes (seed 004, section 3.4).
//
// "Small steps" (Macklin et al. 2019): instead of many iterations of one big
// step, the physics step is split into n substeps of h = dt / n with a single
// constraint pass each, and lambda restarts at 0 every substep. This converges
// faster for the same cost and damps less. solver.iterations > 1 runs extra
// passes within a substep, accumulating lambda as in the 2016 paper.
//
// Here the constraints are the cloth's distance links (compliance per link kind:
// stretch, shear, bend) and collisions with the colliders and the ground, which
// are solved as positional constraints after the links in each substep, with
// positional Coulomb friction. Velocity damping multiplies v by (1 - k h).
//
// Weaknesses: Gauss–Seidel ordering makes the result depend slightly on link
// order; distance links resist bending only through long links (no dihedral
// angle constraint); very stiff long links can lock folds.
#include "xpbd.hpp"
#include "solvers.hpp"

#include "../constraints.hpp"
#include "../forces.hpp"
#include "../profile.hpp"

#include <algorithm>
#include <cmath>

namespace cs {

void XpbdSolver::ensureSized(const Cloth& cloth) {
    if (m_lambda.size() != cloth.links.size()) m_lambda.assign(cloth.links.size(), 0.0f);
    if (m_forces.size() != cloth.particleCount()) m_forces.assign(cloth.particleCount(), glm::vec3(0.0f));
    if (m_predicted.size() != cloth.particleCount()) m_predicted.assign(cloth.particleCount(), glm::vec3(0.0f));
}

void XpbdSolver::topologyChanged(World& world) { ensureSized(world.cloth); }

StepStats XpbdSolver::step(World& world, float dt) {
    StepStats stats;
    CS_TIME_SCOPE(stats.totalMs);
    Cloth& cloth = world.cloth;
    const Settings& s = world.settings;
    ensureSized(cloth);

    const int substeps = std::max(s.solver.substeps, 1);
    const int passes = std::max(s.solver.iterations, 1);
    const float h = dt / static_cast<float>(substeps);
    const float compliance[kLinkKindCount] = {s.solver.stretchCompliance, s.solver.shearCompliance,
                                              s.solver.bendCompliance};
    float alphaTilde[kLinkKindCount];
    for (int k = 0; k < kLinkKindCount; ++k) alphaTilde[k] = compliance[k] / (h * h);
    const float damping = std::clamp(1.0f - s.solver.damping * h, 0.0f, 1.0f);

    glm::vec3* x = cloth.positions.data();
    glm::vec3* xPrev = cloth.previousPositions.data();
    glm::vec3* v = cloth.velocities.data();
    const float* w = cloth.inverseMasses.data();
    const std::size_t n = cloth.particleCount();

    // external forces: aerodynamics are evaluated once per physics step from the current state
    {
        CS_TIME_SCOPE(stats.integrateMs);
        std::fill(m_forces.begin(), m_forces.end(), glm::vec3(0.0f));
        accumulateAerodynamicForces(cloth, cloth.positions, cloth.velocities, s.wind, windVelocity(s.wind, world.time),
                                    m_forces);
    }

    float residual = 0.0f;
    for (int sub = 0; sub < substeps; ++sub) {
        // predict
        {
            CS_TIME_SCOPE(stats.integrateMs);
            for (std::size_t i = 0; i < n; ++i) {
                xPrev[i] = x[i];
                if (w[i] == 0.0f) continue;
                v[i] += h * (s.sim.gravity + m_forces[i] * w[i]);
                x[i] += h * v[i];
                m_predicted[i] = x[i];
            }
        }
        // project links
        {
            CS_TIME_SCOPE(stats.constraintMs);
            std::fill(m_lambda.begin(), m_lambda.end(), 0.0f);
            for (int pass = 0; pass < passes; ++pass) {
                const bool lastPass = sub == substeps - 1 && pass == passes - 1;
                for (std::size_t l = 0; l < cloth.links.size(); ++l) {
                    const Link& link = cloth.links[l];
                    const auto p = projectDistance(x[link.a], x[link.b], w[link.a], w[link.b], link.restLength,
                                                   alphaTilde[static_cast<int>(link.kind)], m_lambda[l]);
                    m_lambda[l] += p.deltaLambda;
                    x[link.a] += p.deltaA;
                    x[link.b] += p.deltaB;
                    if (lastPass) residual = std::max(residual, std::abs(p.violation));
                }
            }
            stats.iterations += passes;
        }
        // collide
        {
            CS_TIME_SCOPE(stats.collisionMs);
            for (std::size_t i = 0; i < n; ++i)
                if (w[i] != 0.0f) projectCollisions(world.colliders, s.collision, x[i], xPrev[i]);
        }
        // update velocities: v = (x - x_previous) / h, written as the predicted velocity plus
        // the constraints' correction / h. The two are equal in exact arithmetic, but in float
        // x - x_previous loses the low bits of a small step (h v) taken at a large |x|, and
        // over a thousand substeps a second that rounding walks a free fall off its parabola.
        {
            CS_TIME_SCOPE(stats.integrateMs);
            const float invH = 1.0f / h;
            for (std::size_t i = 0; i < n; ++i)
                v[i] = w[i] == 0.0f ? glm::vec3(0.0f) : (v[i] + (x[i] - m_predicted[i]) * invH) * damping;
        }
    }
    stats.residual = residual;
    return stats;
}

std::unique_ptr<Solver> makeXpbdSolver() { return std::make_unique<XpbdSolver>(); }

} // namespace cs
