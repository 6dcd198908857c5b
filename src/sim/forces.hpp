#pragma once
// Forces of the cloth model, shared by every solver, with the Jacobians the
// implicit integrators need. Pure functions over arrays: positions and
// velocities in, forces (added) out.
//
// Springs (force-based solvers only): every link is a Hooke spring with a
// stiffness per link kind, f_a = k (|d| - L) d^ + k_d (d^ . (v_b - v_a)) d^,
// d = x_b - x_a (verlet-cloth's spring with friction; docs/sources.md); f_b = -f_a.
// Damping on particles: -m c v (global air drag, c = solver.damping) and
// -b v (gpu-cloth's point damping).
// Aerodynamics (every solver): each triangle sees air at u = wind - v_triangle
// and gets drag along u and lift across it (see accumulateAerodynamicForces).
#include "cloth.hpp"
#include "settings.hpp"

#include <glm/mat3x3.hpp>
#include <span>

namespace cs {

// The wind velocity at time t (xpbd-thesis's sinusoidal gusts):
// direction x speed x (1 + amplitude x sin(2 pi f t)), metres per second.
glm::vec3 windVelocity(const WindSettings& wind, double time);

// Per triangle, with u the air velocity relative to the triangle (wind minus the
// mean of its corners' velocities), A its area, n its normal turned to face
// downstream and cos(theta) = n . u^:
//   drag  = 1/2 rho C_D A |u|^2 cos(theta) u^
//   lift  = 1/2 rho C_L A |u|^2 cos(theta) (n - cos(theta) u^)   (|.| = cos sin)
// shared equally by the three corners. Still air (wind 0) still resists motion.
void accumulateAerodynamicForces(const Cloth& cloth, std::span<const glm::vec3> x, std::span<const glm::vec3> v,
                                 const WindSettings& wind, glm::vec3 windVelocity, std::span<glm::vec3> forces);

class LinkSweep;

// Hooke springs with damping along each spring, for every link of the cloth.
// Given the cloth's link runs (solvers/link_sweep.hpp, updated for this cloth),
// shared among `threads` threads with the serial loop's sums.
void accumulateSpringForces(const Cloth& cloth, const SpringSettings& springs, std::span<const glm::vec3> x,
                            std::span<const glm::vec3> v, std::span<glm::vec3> forces,
                            const LinkSweep* runs = nullptr, int threads = 1);

float springStiffness(const SpringSettings& springs, LinkKind kind);

// Every force on every particle: gravity, air drag (unless the integrator applies
// it itself, as Verlet does), point damping, springs and aerodynamics. `forces`
// is overwritten. Pinned particles get forces too; integrators ignore them.
// With the cloth's link runs, the springs and the particles are shared among
// settings.solver.threads threads (same bits as one).
void computeForces(const Cloth& cloth, const Settings& settings, double time, std::span<const glm::vec3> x,
                   std::span<const glm::vec3> v, std::span<glm::vec3> forces, bool airDrag = true,
                   const LinkSweep* runs = nullptr);

// Gravity and aerodynamics alone, overwriting `forces`: what vbd and projective_dynamics
// take explicitly, while their own solve treats the springs and all damping implicitly.
void computeExternalForces(const Cloth& cloth, const Settings& settings, double time, std::span<const glm::vec3> x,
                           std::span<const glm::vec3> v, std::span<glm::vec3> forces);

// The derivative blocks of one spring, for implicit integration. With
// K = dfa/dxb and D = dfa/dvb:  dfa/dxa = -K, dfb/dxb = -K, dfb/dxa = K, and
// the same pattern for D. The compressive part of K is dropped (Choi & Ko
// 2002), which keeps the system matrix positive definite.
struct SpringJacobian {
    glm::mat3 dfdx;  // K, newtons per metre
    glm::mat3 dfdv;  // D, newton seconds per metre
};
SpringJacobian springJacobian(const Link& link, const SpringSettings& springs, glm::vec3 xa, glm::vec3 xb);

// The per-particle damping coefficient of -c v (air drag m c plus point damping b),
// newton seconds per metre: dfi/dvi = -coefficient I.
float particleDampingCoefficient(const Settings& settings, float mass, bool airDrag = true);

// The air drag as a per-(sub)step velocity factor, 1 - h k clamped to [0, 1]: how
// the position-based solvers and Verlet's c apply solver.damping.
inline float dragFactor(const SolverSettings& solver, float h) {
    const float f = 1.0f - h * solver.damping;
    return f < 0.0f ? 0.0f : (f > 1.0f ? 1.0f : f);
}

} // namespace cs
