// Implicit (backward) Euler on the mass-spring model, one Newton step per step:
// Baraff & Witkin, "Large Steps in Cloth Simulation", SIGGRAPH 1998 (macri,
// sections 3.2 and 4.2.2.2; docs/sources.md).
//
// Method. Backward Euler asks for the velocity at the END of the step,
//   v' = v0 + h M^-1 f(x0 + h v', v'),   x' = x0 + h v'.
// Linearising f once around (x0, v0) with J_x = df/dx and J_v = df/dv and
// writing dv = v' - v0 gives one sparse symmetric 3n x 3n system (B&W eq. 16):
//   (M - h J_v - h^2 J_x) dv = h (f0 + h J_x v0)
// then v' = v0 + dv and x' = x0 + h v'.
//   f0   every force of the model (cs::computeForces: gravity, drag, point
//        damping, springs with damping, aerodynamics).
//   J_x  spring stiffness blocks: per link K = dfa/dxb (cs::springJacobian) with
//        dfa/dxa = dfb/dxb = -K and dfa/dxb = dfb/dxa = K.
//   J_v  the same pattern with the spring damping blocks D, plus -c I per
//        particle for air drag and point damping. Aerodynamics stay explicit:
//        they are in f0 only.
// The compressive-stiffness clamp: springJacobian drops the transverse term
// k (1 - L/l)(I - d d^T) of a spring shorter than its rest length (Choi & Ko
// 2002). With it K is positive semi-definite for every link, so the system
// matrix is symmetric positive definite and conjugate gradient applies.
//
// Solve. The modified preconditioned conjugate gradient of B&W section 5.3:
// pinned particles (inverse mass 0) are fully constrained, and the filter S
// zeroes their three components in the right-hand side, in every search
// direction and in every residual, so CG works in the subspace where their dv
// is 0. The preconditioner is block Jacobi: the inverse of each particle's
// 3 x 3 diagonal block (zero for pinned particles, which also filters). CG
// stops when r . P^-1 r < tol^2 (b . P^-1 b) on the filtered vectors, or after
// cgMaxIterations.
//
// Storage. The matrix is an Eigen::SparseMatrix<float, RowMajor> whose pattern
// (a full 3 x 3 block per particle and per link end pair) is built once per
// topology; every step only rewrites its values in place, through offsets
// into valuePtr() precomputed per particle and per link. Nothing is allocated
// inside step() once the pattern exists.
//
// Stats. iterations = CG iterations summed over the substeps; residual = the
// largest relative residual sqrt(r.P^-1 r / b.P^-1 b) of any substep's solve,
// so residual <= cgTolerance means every solve converged.
//
// Weaknesses. Backward Euler is unconditionally stable only because it damps:
// large steps visibly bleed energy from swinging and flapping (artificial
// numerical damping, growing with h). One Newton step is not the exact
// implicit solution; with very stiff springs and few CG iterations the
// solution is truncated and the cloth stretches more than the springs say.
// Each step costs a matrix assembly and tens of sparse matrix-vector products,
// far more than an explicit step, which pays off only when it allows a step
// much larger than explicit stability would.
#include "../forces.hpp"
#include "../parallel.hpp"
#include "../profile.hpp"
#include "force_based.hpp"

#include <Eigen/SparseCore>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <glm/mat3x3.hpp>
#include <glm/matrix.hpp>
#include <vector>

namespace cs {
namespace {

using SparseMatrixF = Eigen::SparseMatrix<float, Eigen::RowMajor, int>;

class ImplicitEulerSolver final : public ForceBasedSolver {
public:
    std::string_view id() const override { return "implicit_euler"; }

    void topologyChanged(World& world, const TopologyEdit& edit) override {
        ForceBasedSolver::topologyChanged(world, edit);
        m_patternValid = false;
    }

    StepStats step(World& world, float dt) override {
        StepStats stats;
        CS_TIME_SCOPE(stats.totalMs);
        Cloth& cloth = world.cloth;
        const std::size_t n = cloth.particleCount();
        if (n == 0) return stats;
        auto buffers = scratch(cloth, 2);
        auto& start = buffers[0];
        auto& forces = buffers[1];
        {
            CS_TIME_SCOPE(stats.integrateMs);
            ensurePattern(cloth);
            ensurePinned(cloth);
        }
        const int substeps = substepsThisStep(world);
        const float h = dt / static_cast<float>(substeps);
        const int maxIterations = std::max(world.settings.implicit.cgMaxIterations, 1);
        const float tolerance = std::max(world.settings.implicit.cgTolerance, 0.0f);
        for (int sub = 0; sub < substeps; ++sub) {
            const SubstepClock clock = startSubstep(world, sub, substeps, h);
            {
                CS_TIME_SCOPE(stats.integrateMs);
                computeAllForces(world, world.time + sub * h, cloth.positions, cloth.velocities, forces);
                assemble(world, forces, h);
            }
            {
                CS_TIME_SCOPE(stats.constraintMs);
                int iterations = 0;
                const float residual = solve(maxIterations, tolerance, world.settings.solver.threads, iterations);
                stats.iterations += iterations;
                stats.residual = std::max(stats.residual, residual);
            }
            {
                // update velocities, then positions with the new velocities
                CS_TIME_SCOPE(stats.integrateMs);
                const float* dv = m_dv.data();
                for (std::size_t i = 0; i < n; ++i) {
                    start[i] = cloth.positions[i];
                    if (cloth.inverseMasses[i] == 0.0f) continue;
                    cloth.velocities[i] += glm::vec3(dv[3 * i], dv[3 * i + 1], dv[3 * i + 2]);
                    cloth.positions[i] += h * cloth.velocities[i];
                }
            }
            CS_TIME_SCOPE(stats.collisionMs);
            finishSubstep(world, start, clock);
        }
        reportContact(stats);
        return stats;
    }

private:
    // Offsets into valuePtr() of the first entry of each row of a 3 x 3 block:
    // the block's entry (r, c) lives at offset[r] + c (columns are sorted).
    using BlockOffsets = std::array<int, 3>;
    struct LinkOffsets {
        BlockOffsets ab;  // rows of a, columns of b
        BlockOffsets ba;  // rows of b, columns of a
    };

    // --- caches ----------------------------------------------------------
    void ensurePattern(const Cloth& cloth) {
        const std::size_t n = cloth.particleCount();
        if (m_patternValid && m_topologyVersion == cloth.topologyVersion && m_particles == n &&
            m_links == cloth.links.size())
            return;
        m_patternValid = true;
        m_topologyVersion = cloth.topologyVersion;
        m_particles = n;
        m_links = cloth.links.size();
        m_pinVersion = ~0ull;  // the pinned list is sized from here

        const int rows = static_cast<int>(3 * n);
        std::vector<Eigen::Triplet<float, int>> entries;
        entries.reserve(9 * (n + 2 * cloth.links.size()));
        const auto addBlock = [&entries](std::uint32_t i, std::uint32_t j) {
            for (int r = 0; r < 3; ++r)
                for (int c = 0; c < 3; ++c)
                    entries.emplace_back(static_cast<int>(3 * i) + r, static_cast<int>(3 * j) + c, 0.0f);
        };
        for (std::size_t i = 0; i < n; ++i) addBlock(static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(i));
        for (const Link& link : cloth.links) {
            addBlock(link.a, link.b);
            addBlock(link.b, link.a);
        }
        m_matrix.resize(rows, rows);
        m_matrix.setFromTriplets(entries.begin(), entries.end());
        m_matrix.makeCompressed();

        m_diagonalOffsets.resize(n);
        for (std::size_t i = 0; i < n; ++i) m_diagonalOffsets[i] = blockOffsets(i, i);
        m_linkOffsets.resize(cloth.links.size());
        for (std::size_t l = 0; l < cloth.links.size(); ++l) {
            const Link& link = cloth.links[l];
            m_linkOffsets[l] = {blockOffsets(link.a, link.b), blockOffsets(link.b, link.a)};
        }

        m_preconditioner.assign(n, glm::mat3(0.0f));
        for (Eigen::VectorXf* v : {&m_rhs, &m_dv, &m_r, &m_z, &m_p, &m_q}) v->setZero(rows);
        m_pinnedIds.clear();
        m_pinnedIds.reserve(n);
    }

    BlockOffsets blockOffsets(std::size_t i, std::size_t j) const {
        BlockOffsets offsets{};
        const int* outer = m_matrix.outerIndexPtr();
        const int* inner = m_matrix.innerIndexPtr();
        const int column = static_cast<int>(3 * j);
        for (int r = 0; r < 3; ++r) {
            const int row = static_cast<int>(3 * i) + r;
            const int* found = std::lower_bound(inner + outer[row], inner + outer[row + 1], column);
            offsets[r] = static_cast<int>(found - inner);
        }
        return offsets;
    }

    void ensurePinned(const Cloth& cloth) {
        if (m_pinVersion == cloth.pinVersion) return;
        m_pinVersion = cloth.pinVersion;
        m_pinnedIds.clear();  // capacity reserved for every particle
        for (std::size_t i = 0; i < cloth.particleCount(); ++i)
            if (cloth.inverseMasses[i] == 0.0f) m_pinnedIds.push_back(static_cast<std::uint32_t>(i));
    }

    // --- assembly ----------------------------------------------------------
    // A = M - h J_v - h^2 J_x and b = h (f0 + h J_x v0), values only.
    void assemble(const World& world, std::span<const glm::vec3> forces, float h) {
        const Cloth& cloth = world.cloth;
        const std::size_t n = cloth.particleCount();
        float* values = m_matrix.valuePtr();
        std::fill(values, values + m_matrix.nonZeros(), 0.0f);
        float* b = m_rhs.data();

        // mass and per-particle damping: (m + h c) I
        for (std::size_t i = 0; i < n; ++i) {
            const float m = cloth.masses[i];
            const float diagonal = m + h * particleDampingCoefficient(world.settings, m);
            for (int r = 0; r < 3; ++r) values[m_diagonalOffsets[i][r] + r] += diagonal;
            for (int r = 0; r < 3; ++r) b[3 * i + r] = h * forces[i][r];
        }

        // springs: B = h^2 K + h D enters +B on both diagonal blocks, -B off them;
        // J_x v0 adds K (v_b - v_a) to a and the opposite to b
        const float h2 = h * h;
        for (std::size_t l = 0; l < cloth.links.size(); ++l) {
            const Link& link = cloth.links[l];
            const SpringJacobian jacobian =
                springJacobian(link, world.settings.springs, cloth.positions[link.a], cloth.positions[link.b]);
            const glm::mat3 block = h2 * jacobian.dfdx + h * jacobian.dfdv;
            const BlockOffsets& aa = m_diagonalOffsets[link.a];
            const BlockOffsets& bb = m_diagonalOffsets[link.b];
            const LinkOffsets& off = m_linkOffsets[l];
            for (int r = 0; r < 3; ++r)
                for (int c = 0; c < 3; ++c) {
                    const float value = block[c][r];  // glm is column-major: [column][row]
                    values[aa[r] + c] += value;
                    values[bb[r] + c] += value;
                    values[off.ab[r] + c] -= value;
                    values[off.ba[r] + c] -= value;
                }
            const glm::vec3 kv = h2 * (jacobian.dfdx * (cloth.velocities[link.b] - cloth.velocities[link.a]));
            for (int r = 0; r < 3; ++r) {
                b[3 * link.a + r] += kv[r];
                b[3 * link.b + r] -= kv[r];
            }
        }

        // block-Jacobi preconditioner; zero blocks for pinned particles filter as well
        for (std::size_t i = 0; i < n; ++i) {
            if (cloth.inverseMasses[i] == 0.0f) {
                m_preconditioner[i] = glm::mat3(0.0f);
                continue;
            }
            glm::mat3 diagonal;
            for (int r = 0; r < 3; ++r)
                for (int c = 0; c < 3; ++c) diagonal[c][r] = values[m_diagonalOffsets[i][r] + c];
            m_preconditioner[i] = glm::inverse(diagonal);
        }
    }

    // --- modified preconditioned conjugate gradient (B&W 5.3) --------------
    void filter(Eigen::VectorXf& v) const {
        float* data = v.data();
        for (std::uint32_t i : m_pinnedIds) data[3 * i] = data[3 * i + 1] = data[3 * i + 2] = 0.0f;
    }

    void precondition(const Eigen::VectorXf& r, Eigen::VectorXf& z) const {
        const float* in = r.data();
        float* out = z.data();
        for (std::size_t i = 0; i < m_preconditioner.size(); ++i) {
            const glm::vec3 ri(in[3 * i], in[3 * i + 1], in[3 * i + 2]);
            const glm::vec3 zi = m_preconditioner[i] * ri;
            out[3 * i] = zi.x, out[3 * i + 1] = zi.y, out[3 * i + 2] = zi.z;
        }
    }

    // out = A in, row by row: each row sums its entries in storage order on whichever
    // thread has it, so the product is the same for every thread count (Eigen's own
    // product is serial here, EIGEN_DONT_PARALLELIZE).
    void multiply(const Eigen::VectorXf& in, Eigen::VectorXf& out, int threads) const {
        const int* rowStart = m_matrix.outerIndexPtr();
        const int* column = m_matrix.innerIndexPtr();
        const float* value = m_matrix.valuePtr();
        const float* x = in.data();
        float* y = out.data();
        parallelFor(static_cast<std::size_t>(m_matrix.rows()), threads, [&](std::size_t begin, std::size_t end) {
            for (std::size_t row = begin; row < end; ++row) {
                float sum = 0.0f;
                for (int k = rowStart[row]; k < rowStart[row + 1]; ++k) sum += value[k] * x[column[k]];
                y[row] = sum;
            }
        });
    }

    // Solves A dv = b into m_dv; returns the relative residual sqrt(r.P^-1 r / b.P^-1 b).
    float solve(int maxIterations, float tolerance, int threads, int& iterations) {
        m_dv.setZero();
        m_r = m_rhs;
        filter(m_r);
        precondition(m_r, m_z);
        m_p = m_z;
        float rho = m_r.dot(m_z);
        const float rho0 = rho;
        iterations = 0;
        if (!(rho0 > 0.0f)) return 0.0f;  // nothing to solve: dv = 0 exactly
        const float target = tolerance * tolerance * rho0;
        while (iterations < maxIterations && rho > target) {
            multiply(m_p, m_q, threads);
            filter(m_q);
            const float curvature = m_p.dot(m_q);
            if (!(curvature > 0.0f)) break;  // lost positive definiteness (round-off): keep what we have
            const float alpha = rho / curvature;
            m_dv += alpha * m_p;
            m_r -= alpha * m_q;
            precondition(m_r, m_z);
            const float rhoNext = m_r.dot(m_z);
            m_p = m_z + (rhoNext / rho) * m_p;
            rho = rhoNext;
            ++iterations;
        }
        return std::sqrt(std::max(rho, 0.0f) / rho0);
    }

    // pattern and its key
    bool m_patternValid = false;
    std::uint64_t m_topologyVersion = ~0ull;
    std::uint64_t m_pinVersion = ~0ull;
    std::size_t m_particles = 0;
    std::size_t m_links = 0;
    SparseMatrixF m_matrix;
    std::vector<BlockOffsets> m_diagonalOffsets;  // per particle
    std::vector<LinkOffsets> m_linkOffsets;       // per link
    std::vector<std::uint32_t> m_pinnedIds;       // particles the filter S constrains
    std::vector<glm::mat3> m_preconditioner;      // inverse diagonal blocks

    // solver vectors, 3n each
    Eigen::VectorXf m_rhs, m_dv, m_r, m_z, m_p, m_q;
};

} // namespace

std::unique_ptr<Solver> makeImplicitEulerSolver() { return std::make_unique<ImplicitEulerSolver>(); }

} // namespace cs
