// Semi-implicit integration with a precomputed matrix: Desbrun, Schröder &
// Barr, "Interactive Animation of Structured Deformable Objects", Graphics
// Interface 1999 (macri, sections 3.3 and 4.2.2.3; docs/sources.md).
//
// The split. A spring's force on a, with d = x_b - x_a, is
//   k (|d| - L) d^  =  k d  -  k L d^.
// The first part is a zero-rest-length spring: LINEAR in the positions, with a
// constant Jacobian. Summed over the links it is H x with
//   H = -sum_links k (e_a - e_b)(e_a - e_b)^T (x) I3,
// a k-weighted graph Laplacian, the same for x, y and z. The second part,
// -k L d^, is the non-linear rest-length term.
//
// The constant matrix. One backward-Euler step that treats only the linear part
// implicitly (its Jacobian is H; no velocity Jacobian) reads
//   (M - h^2 H) dv = h (f + h H v),   v' = v + dv,   x' = x + h v',
// with f every force of the model (cs::computeForces: springs with their rest
// lengths and damping, gravity, drag, aerodynamics). Because H's blocks are
// k I3, the 3n x 3n system is one n x n scalar system with three right-hand
// sides (the x, y and z columns). Damping joins the matrix the same way, as
// B&W's -h df/dv term: the spring damping k_d taken isotropic (a Laplacian
// with weight k_d) and each particle's drag and point damping c_i on the
// diagonal, so A = M + h c + (h k_d + h^2 k) Laplacian. Without it k_d stays
// explicit and is unstable on light particles at small h. Pinned particles leave the system: it is
// built over the free particles only, so their dv is 0 and a link to a pin adds
// only to its free end's diagonal. M - h^2 H is constant while h, the spring
// constants, the masses, the topology and the pins stay the same, so it is
// factored once (sparse LDL^T with a fill-reducing ordering, never a dense
// inverse) and every step costs two sparse triangular solves. The factor is
// redone only when one of those changes; StepStats.factorizations counts them.
//
// Why it allows huge stiffness. (M - h^2 H)^-1 is a low-pass filter on the
// forces: the stiffer the springs, the more it smooths the force over the
// mesh, and the eigenvalues of the step are bounded for any k and h (the
// linear part is integrated unconditionally stably). macri reports that
// the spring constant could be varied by a factor of 10^5 (Desbrun: 10^6)
// without instability at a fixed 0.02 s step.
//
// The torque correction. The filter is an approximation for the non-linear
// part, and filtering spreads a force over its neighbours, which can make the
// cloth turn where the forces exert no torque ("the non-linear components are
// approximated as torque changes on a global scale"). We compare the angular
// momentum of the free particles after the filtered update with that of the
// plain explicit update h M^-1 f, about their centre of mass x_c:
//   dL = sum_i m_i (x_i - x_c) x (dv_i - h f_i / m_i),
//   I  = sum_i m_i (|r_i|^2 I3 - r_i r_i^T),   w = I^-1 dL,
// and subtract w x r_i from every free dv_i. The links to pinned particles
// are left out of both sides (their filtered response is solved as three more
// right-hand-side columns): the pins are outside the free set, their stiff
// explicit torque is exactly what the filter must not reproduce, and feeding
// it back diverges for k >= 2e4 N/m at 0.02 s. This removes exactly dL and
// changes no linear momentum (sum m_i r_i = 0). Skipped when I is near
// singular (a cloth collapsed onto a line).
//
// Weaknesses. The filter damps the linear part heavily: stiff cloth looks
// overdamped and slow at large steps, and motion at the scale of the whole
// cloth is damped too. The rest-length part is only approximated (treated as
// if it had the zero-rest-length Jacobian), so cloth at or near its rest
// lengths — compressed or folded cloth especially — is integrated less
// accurately, and Provot's fix-up is usually needed to limit stretch. Changing
// h, a stiffness, a mass or a pin costs a new factorisation (milliseconds for
// thousands of particles, seconds in macri's dense 1999 version), so
// variable time steps are expensive.
#include "../forces.hpp"
#include "../profile.hpp"
#include "force_based.hpp"
#include "free_rows.hpp"
#include "sparse_ldlt.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <glm/geometric.hpp>
#include <glm/mat3x3.hpp>
#include <glm/matrix.hpp>
#include <vector>

namespace cs {
namespace {

class DesbrunSolver final : public ForceBasedSolver {
public:
    std::string_view id() const override { return "desbrun"; }

    void topologyChanged(World& world, const TopologyEdit& edit) override {
        ForceBasedSolver::topologyChanged(world, edit);
        m_rows.invalidate();
    }

    StepStats step(World& world, float dt) override {
        StepStats stats;
        CS_TIME_SCOPE(stats.totalMs);
        Cloth& cloth = world.cloth;
        const std::size_t n = cloth.particleCount();
        const int substeps = substepsThisStep(world);
        const float h = dt / static_cast<float>(substeps);
        if (n == 0) return stats;
        auto buffers = scratch(cloth, 4);
        auto& start = buffers[0];
        auto& forces = buffers[1];
        auto& dv = buffers[2];
        auto& pinForces = buffers[3];  // forces of the links to pinned particles, for the torque reference
        {
            CS_TIME_SCOPE(stats.constraintMs);
            ensureFactor(cloth, world.settings, h);
        }
        for (int sub = 0; sub < substeps; ++sub) {
            const SubstepClock clock = startSubstep(world, sub, substeps, h);
            {
                CS_TIME_SCOPE(stats.integrateMs);
                computeAllForces(world, world.time + sub * h, cloth.positions, cloth.velocities, forces);
                for (std::size_t i = 0; i < n; ++i) pinForces[i] = glm::vec3(0.0f);
                accumulateSpringForces(m_pinLinks, world.settings.springs, cloth.positions, cloth.velocities,
                                       pinForces);
                gatherRightHandSide(cloth, world.settings.springs, forces, pinForces, h);
            }
            {
                CS_TIME_SCOPE(stats.constraintMs);
                solveInPlace();
            }
            {
                CS_TIME_SCOPE(stats.integrateMs);
                for (std::size_t i = 0; i < n; ++i) dv[i] = glm::vec3(0.0f);
                for (std::size_t f = 0; f < m_rows.particle.size(); ++f) {
                    const auto row = static_cast<Eigen::Index>(f);
                    dv[m_rows.particle[f]] = glm::vec3(m_solution(row, 0), m_solution(row, 1), m_solution(row, 2));
                }
                correctTorque(cloth, forces, pinForces, dv, h);
                // update velocities, then positions with the new velocities
                for (std::size_t i = 0; i < n; ++i) {
                    start[i] = cloth.positions[i];
                    if (cloth.inverseMasses[i] == 0.0f) continue;
                    cloth.velocities[i] += dv[i];
                    cloth.positions[i] += h * cloth.velocities[i];
                }
            }
            CS_TIME_SCOPE(stats.collisionMs);
            finishSubstep(world, start, clock);
        }
        stats.iterations = substeps;
        stats.factorizations = m_factorizations;
        reportContact(stats);
        return stats;
    }

private:
    // --- the constant matrix M - h^2 H over the free particles ---------------
    void ensureFactor(const Cloth& cloth, const Settings& settings, float h) {
        const SpringSettings& springs = settings.springs;
        const std::array<float, 7> coefficients = springMatrixKey(settings, h);
        const bool samePattern = !m_rows.refresh(cloth);
        if (samePattern && coefficients == m_coefficients) return;

        if (!samePattern) {
            // links with exactly one pinned end: their forces act on the free set from outside
            m_pinLinks.links.clear();
            for (const Link& link : cloth.links)
                if ((m_rows.row[link.a] < 0) != (m_rows.row[link.b] < 0)) m_pinLinks.links.push_back(link);
            // columns 0-2: dv (x, y, z); 3-5: the filtered response to the pin links alone
            const auto rows = static_cast<Eigen::Index>(m_rows.particle.size());
            const Eigen::Index columns = m_pinLinks.links.empty() ? 3 : 6;
            m_rhs.setZero(rows, columns);
            m_solution.setZero(rows, columns);
        }
        m_coefficients = coefficients;

        // A = M - h D - h^2 H with D = -(k_d Laplacian + c_i I):
        //   A_ii = m_i + h c_i + sum_j (h k_d + h^2 k_ij),   A_ij = -(h k_d + h^2 k_ij)
        const double hd = h;
        m_rows.assemble(
            cloth, [&](float m) { return m + hd * particleDampingCoefficient(settings, m); },
            [&](const Link& link) { return hd * springs.damping + hd * hd * springStiffness(springs, link.kind); },
            m_matrix);
        if (m_rows.particle.empty()) return;
        m_factor.factor(m_matrix, samePattern);
        ++m_factorizations;
    }

    // The three right-hand-side columns h (f + h H v) over the free particles.
    void gatherRightHandSide(const Cloth& cloth, const SpringSettings& springs, std::span<const glm::vec3> forces,
                             std::span<const glm::vec3> pinForces, float h) {
        const double hd = h;
        for (std::size_t f = 0; f < m_rows.particle.size(); ++f)
            for (int c = 0; c < 3; ++c)
                m_rhs(static_cast<Eigen::Index>(f), c) = hd * static_cast<double>(forces[m_rows.particle[f]][c]);
        if (m_rhs.cols() == 6)
            for (std::size_t f = 0; f < m_rows.particle.size(); ++f)
                for (int c = 0; c < 3; ++c)
                    m_rhs(static_cast<Eigen::Index>(f), 3 + c) = hd * static_cast<double>(pinForces[m_rows.particle[f]][c]);
        // h^2 H v: each link adds h^2 k (v_b - v_a) to a and the opposite to b
        const float stiffness[kLinkKindCount] = {springs.stretchStiffness, springs.shearStiffness, springs.bendStiffness};
        for (const Link& link : cloth.links) {
            const glm::vec3 pull = (h * h * stiffness[static_cast<int>(link.kind)]) *
                                   (cloth.velocities[link.b] - cloth.velocities[link.a]);
            const int a = m_rows.row[link.a], b = m_rows.row[link.b];
            for (int c = 0; c < 3; ++c) {
                if (a >= 0) m_rhs(a, c) += static_cast<double>(pull[c]);
                if (b >= 0) m_rhs(b, c) -= static_cast<double>(pull[c]);
            }
        }
    }

    // m_solution = (M - h^2 H)^-1 m_rhs
    void solveInPlace() {
        if (m_rows.particle.empty()) return;
        m_factor.solve(m_rhs, m_solution);
    }

    // --- torque correction ------------------------------------------------
    // Removes the angular momentum (about the free particles' centre of mass)
    // that the filtered dv adds compared with the explicit update h f / m.
    void correctTorque(const Cloth& cloth, std::span<const glm::vec3> forces, std::span<const glm::vec3> pinForces,
                       std::span<glm::vec3> dv, float h) const {
        if (m_rows.particle.size() < 3) return;
        glm::dvec3 centre(0.0);
        double mass = 0.0;
        for (std::uint32_t i : m_rows.particle) {
            const double m = cloth.masses[i];
            centre += m * glm::dvec3(cloth.positions[i]);
            mass += m;
        }
        if (!(mass > 0.0)) return;
        centre /= mass;

        glm::dvec3 angular(0.0);
        double ixx = 0, iyy = 0, izz = 0, ixy = 0, ixz = 0, iyz = 0;
        const bool pinLinks = m_solution.cols() == 6;
        for (std::size_t f = 0; f < m_rows.particle.size(); ++f) {
            const std::uint32_t i = m_rows.particle[f];
            const double m = cloth.masses[i];
            const glm::dvec3 r = glm::dvec3(cloth.positions[i]) - centre;
            // the pin links' share, filtered and explicit, is left out of the comparison
            glm::dvec3 filtered(dv[i]), explicitImpulse = static_cast<double>(h) * glm::dvec3(forces[i]);
            if (pinLinks) {
                const auto row = static_cast<Eigen::Index>(f);
                filtered -= glm::dvec3(m_solution(row, 3), m_solution(row, 4), m_solution(row, 5));
                explicitImpulse -= static_cast<double>(h) * glm::dvec3(pinForces[i]);
            }
            const glm::dvec3 excess = m * filtered - explicitImpulse;
            angular += glm::cross(r, excess);
            ixx += m * (r.y * r.y + r.z * r.z);
            iyy += m * (r.x * r.x + r.z * r.z);
            izz += m * (r.x * r.x + r.y * r.y);
            ixy -= m * r.x * r.y;
            ixz -= m * r.x * r.z;
            iyz -= m * r.y * r.z;
        }
        const glm::dmat3 inertia(ixx, ixy, ixz, ixy, iyy, iyz, ixz, iyz, izz);
        const double determinant = glm::determinant(inertia);
        const double scale = (ixx + iyy + izz) / 3.0;
        if (!(determinant > 1e-9 * scale * scale * scale)) return;  // near singular: skip
        const glm::dvec3 omega = glm::inverse(inertia) * angular;
        for (std::uint32_t i : m_rows.particle) {
            const glm::dvec3 r = glm::dvec3(cloth.positions[i]) - centre;
            dv[i] -= glm::vec3(glm::cross(omega, r));
        }
    }

    // cache key: the values (h, k); the pattern is m_rows'
    std::array<float, 7> m_coefficients{};  // h, k (stretch, shear, bend), k_d, point damping, air drag
    int m_factorizations = 0;

    FreeRows m_rows;   // the free particles as rows, and the pattern's key
    Cloth m_pinLinks;  // only its links: those with exactly one pinned end
    SparseMatrixD m_matrix;
    SparseLdlt m_factor;
    Eigen::MatrixXd m_rhs, m_solution;  // free particles x 3 (x, y, z columns), or x 6 with the pin links
};

} // namespace

std::unique_ptr<Solver> makeDesbrunSolver() { return std::make_unique<DesbrunSolver>(); }

} // namespace cs
