// Projective Dynamics: Bouaziz, Martin, Liu, Kavan & Pauly, "Projective Dynamics:
// Fusing Constraint Projections for Fast Simulation", SIGGRAPH 2014, on the mass-spring
// model as Liu, Bargteil, O'Brien & Kavan 2013 write it; optional Chebyshev acceleration
// from Wang 2015 (none of them in docs/sources.md: read from the papers).
//
// Method. One backward-Euler step minimises
//   G(x) = 1/(2 h^2) |x - s|^2_M + sum_links k/2 |G_l x - p_l|^2
//          + 1/(2h) |x - x_t|^2_C + sum_links k_d/(2h) |G_l (x - x_t) - q_l|^2,
//   s = x_t + h v_t + h^2 M^-1 f_ext,   G_l x = x_a - x_b,
// over projections chosen at the current x:
//   p_l = L (x_a - x_b) / |x_a - x_b|, the nearest vector of the rest length (the spring);
//   q_l = the part of G_l (x - x_t) across d^ = (x_a - x_b)^, so that the last term is
//         k_d/(2h) (d^ . G_l (x - x_t))^2: the springs' damping along each spring, as in
//         the force-based model (a swinging or spinning cloth is not damped as a whole).
// C is the particles' drag (air drag m c and point damping b). The two halves
// alternate (with the springs' projections alone, and no Chebyshev, each half
// decreases G; the damping projection's plane turns with x, so then it is a
// fixed-point iteration whose fixed point is the damped implicit step):
//   local:  every p_l and q_l from the current x (independent, cheap);
//   global: x from the linear system
//     [ M/h^2 + C/h + sum_l (k_l + k_d/h) G_l^T G_l ] x
//       = M s / h^2 + C x_t / h + sum_l G_l^T (k_l p_l + k_d/h (q_l + G_l x_t)).
// The matrix is the same n x n scalar matrix for x, y and z and does not depend on x:
// it is factored once (sparse LDL^T, sparse_ldlt.hpp) and refactored only when the
// step, a stiffness, a damping, a mass, a pin or the topology changes (StepStats::
// factorizations counts them). Pinned and held particles leave the system; a spring to
// one moves its term to the right-hand side, and a held particle's x_t is where it was
// before the substep moved it along its script (its damping sees that motion).
//
// Iterations: projective.iterations local/global rounds a substep, each one pair of
// triangular solves with three columns; Chebyshev acceleration (projective.chebyshev_rho)
// speeds their convergence. Each substep ends like every force-based solver's: contact,
// the Provot fix-up, pins (ForceBasedSolver::finishSubstep).
//
// Weakness: the springs' stiffness sits in the constant matrix, so stretched cloth
// converges fast but bending and compression are only as good as the iterations; a live
// change of a stiffness costs a factorisation.
#include "../forces.hpp"
#include "../parallel.hpp"
#include "../profile.hpp"
#include "chebyshev.hpp"
#include "force_based.hpp"
#include "free_rows.hpp"
#include "sparse_ldlt.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <glm/geometric.hpp>
#include <vector>

namespace cs {
namespace {

class ProjectiveDynamicsSolver final : public ForceBasedSolver {
public:
    std::string_view id() const override { return "projective_dynamics"; }

    void topologyChanged(World& world, const TopologyEdit& edit) override {
        ForceBasedSolver::topologyChanged(world, edit);
        m_rows.invalidate();
    }

    StepStats step(World& world, float dt) override {
        StepStats stats;
        CS_TIME_SCOPE(stats.totalMs);
        Cloth& cloth = world.cloth;
        const std::size_t n = cloth.particleCount();
        if (n == 0) return stats;
        const Settings& settings = world.settings;
        const int substeps = substepsThisStep(world);
        const int iterations = std::max(settings.projective.iterations, 1);
        const float h = dt / static_cast<float>(substeps);
        auto buffers = scratch(cloth, 5);
        auto& start = buffers[0];
        auto& external = buffers[1];
        auto& origin = buffers[4];  // before the substep moved the held vertices
        {
            CS_TIME_SCOPE(stats.constraintMs);
            ensureFactor(cloth, settings, h);
        }
        const SpringSettings& springs = settings.springs;
        const double stiffness[kLinkKindCount] = {springs.stretchStiffness, springs.shearStiffness,
                                                  springs.bendStiffness};
        const double kdOverH = static_cast<double>(springs.damping) / h;
        const double invH2 = 1.0 / (static_cast<double>(h) * h);
        for (int sub = 0; sub < substeps; ++sub) {
            std::copy(cloth.positions.begin(), cloth.positions.end(), origin.begin());
            const SubstepClock clock = startSubstep(world, sub, substeps, h);
            {
                CS_TIME_SCOPE(stats.integrateMs);
                computeExternalForces(cloth, settings, world.time + sub * h, cloth.positions, cloth.velocities,
                                      external);
                for (std::size_t i = 0; i < n; ++i) start[i] = cloth.positions[i];
                // the part of the right-hand side that the iterations do not change
                for (std::size_t f = 0; f < m_rows.particle.size(); ++f) {
                    const std::uint32_t i = m_rows.particle[f];
                    const glm::dvec3 s = glm::dvec3(start[i]) + static_cast<double>(h) * glm::dvec3(cloth.velocities[i]) +
                                         (static_cast<double>(h) * h * cloth.inverseMasses[i]) * glm::dvec3(external[i]);
                    const double m = cloth.masses[i];
                    const double drag = particleDampingCoefficient(settings, cloth.masses[i]) / static_cast<double>(h);
                    setRow(m_constant, f, (m * invH2) * s + drag * glm::dvec3(start[i]));
                    cloth.positions[i] = glm::vec3(s);  // the first local step projects the inertial prediction
                }
                for (const Link& link : cloth.links) {
                    const int a = m_rows.row[link.a], b = m_rows.row[link.b];
                    const glm::dvec3 moved = kdOverH * (glm::dvec3(origin[link.a]) - glm::dvec3(origin[link.b]));
                    const double w = stiffness[static_cast<int>(link.kind)] + kdOverH;
                    // a spring to a pinned or held particle: the particle's term moves right
                    if (a >= 0) addRow(m_constant, a, moved + (b < 0 ? w * glm::dvec3(start[link.b]) : glm::dvec3(0.0)));
                    if (b >= 0) addRow(m_constant, b, -moved + (a < 0 ? w * glm::dvec3(start[link.a]) : glm::dvec3(0.0)));
                }
            }
            {
                CS_TIME_SCOPE(stats.constraintMs);
                m_chebyshev.start(settings.projective.chebyshevRho, cloth.positions, buffers[2], buffers[3]);
                for (int iteration = 0; iteration < iterations; ++iteration) {
                    m_rhs = m_constant;
                    for (const Link& link : cloth.links) {  // local: each spring's projections
                        const glm::dvec3 d = glm::dvec3(cloth.positions[link.a]) - glm::dvec3(cloth.positions[link.b]);
                        const double len = glm::length(d);
                        // no direction: no projection this round, and the spring's matrix term
                        // pulls its ends together like a zero-length spring
                        if (len < 1e-12) continue;
                        const glm::dvec3 dir = d / len;
                        const glm::dvec3 moved = d - (glm::dvec3(origin[link.a]) - glm::dvec3(origin[link.b]));
                        const glm::dvec3 across = moved - glm::dot(moved, dir) * dir;
                        const glm::dvec3 p =
                            (stiffness[static_cast<int>(link.kind)] * link.restLength) * dir + kdOverH * across;
                        const int a = m_rows.row[link.a], b = m_rows.row[link.b];
                        if (a >= 0) addRow(m_rhs, a, p);
                        if (b >= 0) addRow(m_rhs, b, -p);
                    }
                    m_factor.solve(m_rhs, m_solution);  // global
                    parallelFor(m_rows.particle.size(), settings.solver.threads, [&](std::size_t begin, std::size_t end) {
                        for (std::size_t f = begin; f < end; ++f) {
                            const auto r = static_cast<Eigen::Index>(f);
                            cloth.positions[m_rows.particle[f]] = glm::vec3(m_solution(r, 0), m_solution(r, 1), m_solution(r, 2));
                        }
                    });
                    m_chebyshev.apply(cloth.positions, cloth.inverseMasses);
                }
            }
            {
                CS_TIME_SCOPE(stats.integrateMs);
                const float invH = 1.0f / h;
                for (std::uint32_t i : m_rows.particle) cloth.velocities[i] = (cloth.positions[i] - start[i]) * invH;
            }
            CS_TIME_SCOPE(stats.collisionMs);
            finishSubstep(world, start, clock);
        }
        stats.iterations = substeps * iterations;
        stats.factorizations = m_factorizations;
        reportContact(stats);
        return stats;
    }

private:
    static void setRow(Eigen::MatrixXd& m, std::size_t row, glm::dvec3 v) {
        const auto r = static_cast<Eigen::Index>(row);
        m(r, 0) = v.x;
        m(r, 1) = v.y;
        m(r, 2) = v.z;
    }
    static void addRow(Eigen::MatrixXd& m, int row, glm::dvec3 v) {
        m(row, 0) += v.x;
        m(row, 1) += v.y;
        m(row, 2) += v.z;
    }

    // The global matrix over the free particles, factored when it changes.
    void ensureFactor(const Cloth& cloth, const Settings& settings, float h) {
        const SpringSettings& springs = settings.springs;
        const std::array<float, 7> coefficients = springMatrixKey(settings, h);
        const bool samePattern = !m_rows.refresh(cloth);
        if (samePattern && coefficients == m_coefficients) return;
        if (!samePattern) {
            const auto rows = static_cast<Eigen::Index>(m_rows.particle.size());
            m_constant.setZero(rows, 3);
            m_rhs.setZero(rows, 3);
            m_solution.setZero(rows, 3);
        }
        m_coefficients = coefficients;
        const double hd = h;
        m_rows.assemble(
            cloth, [&](float m) { return m / (hd * hd) + particleDampingCoefficient(settings, m) / hd; },
            [&](const Link& link) { return springStiffness(springs, link.kind) + springs.damping / hd; }, m_matrix);
        if (m_rows.particle.empty()) return;
        // positive definite by construction: a diagonal of at least m / h^2 > 0 plus
        // Laplacians, so the factorisation cannot fail on finite settings
        m_factor.factor(m_matrix, samePattern);
        ++m_factorizations;
    }

    // cache key: the values (h, k, damping); the pattern is m_rows'
    std::array<float, 7> m_coefficients{};  // h, k (stretch, shear, bend), k_d, point damping, air drag
    int m_factorizations = 0;

    FreeRows m_rows;  // the free particles as rows, and the pattern's key
    SparseMatrixD m_matrix;
    SparseLdlt m_factor;
    Eigen::MatrixXd m_constant, m_rhs, m_solution;  // free particles x 3 (x, y, z columns)
    ChebyshevAcceleration m_chebyshev;
};

} // namespace

std::unique_ptr<Solver> makeProjectiveDynamicsSolver() { return std::make_unique<ProjectiveDynamicsSolver>(); }

} // namespace cs
