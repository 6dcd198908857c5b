// Vertex Block Descent: Chen, Chitalu, Yuksel et al., "Vertex Block Descent",
// SIGGRAPH 2024 (docs/sources.md does not hold it: read from the paper).
//
// Method. One backward-Euler step is the minimiser of the incremental potential
//   G(x) = 1/(2 h^2) |x - y|^2_M + E(x),   y = x_t + h v_t + h^2 M^-1 f_ext,
// with E the springs' energy (the links of the cloth, Hooke springs with the
// force-based solvers' stiffnesses). VBD minimises G by block coordinate descent,
// one vertex at a time with the others held: the vertex's 3 x 3 Newton step
//   H_i dx_i = f_i,   f_i = -(m_i / h^2)(x_i - y_i) + sum_springs f,
//   H_i = (m_i / h^2) I + sum_springs k [ d^d^T + max(0, 1 - L/|d|)(I - d^d^T) ]
// (the spring Hessian with its compressive part dropped, Choi & Ko 2002, so H_i is
// positive definite: it is at least m_i / h^2 I). Vertices of one colour share no
// spring, so a colour is solved in parallel and the result does not depend on the
// thread count (a greedy colouring of the link graph, in index order).
//
// Damping, implicit at the vertex: the springs' own damping k_d along d^ with the
// velocities (x - x_t) / h, adding (k_d / h) d^d^T to H_i (the paper's Rayleigh
// damping restricted to what the cloth model has), and the particles' drag c adding
// c / h I. Gravity and the wind are explicit, in y.
//
// Skipped vertices: a pinned one, and one whose H_i is near singular (det below
// 1e-12 of (trace / 3)^3; it cannot be with a positive mass, kept as a guard).
//
// Initial guess: y (the inertial prediction), or with vbd.adaptive_start (off by default:
// see its help) the paper's adaptive initialisation, x_t + h v_t + h^2 a~ with a~ the last substep's
// acceleration along the external load, clamped to [0, |load|]. Optional Chebyshev acceleration over the
// sweeps (vbd.chebyshev_rho, chebyshev.hpp). Each substep ends like every force-based
// solver's: contact, the Provot fix-up, pins (ForceBasedSolver::finishSubstep).
//
// Weakness: Gauss-Seidel on the vertices converges slowly on stiff, light cloth
// (k much larger than m / h^2): few sweeps look stretchy, though never unstable.
#include "../forces.hpp"
#include "../parallel.hpp"
#include "../profile.hpp"
#include "chebyshev.hpp"
#include "force_based.hpp"

#include <algorithm>
#include <cstdint>
#include <glm/geometric.hpp>
#include <vector>

namespace cs {
namespace {

class VbdSolver final : public ForceBasedSolver {
public:
    std::string_view id() const override { return "vbd"; }

    void topologyChanged(World& world, const TopologyEdit& edit) override {
        ForceBasedSolver::topologyChanged(world, edit);
        m_graphValid = false;
        m_lastVelocities.clear();  // other particles: no acceleration to start from
    }

    StepStats step(World& world, float dt) override {
        StepStats stats;
        CS_TIME_SCOPE(stats.totalMs);
        Cloth& cloth = world.cloth;
        const std::size_t n = cloth.particleCount();
        if (n == 0) return stats;
        const Settings& settings = world.settings;
        const int substeps = substepsThisStep(world);
        const int sweeps = std::max(settings.vbd.iterations, 1);
        const float h = dt / static_cast<float>(substeps);
        auto buffers = scratch(cloth, 6);
        auto& start = buffers[0];
        auto& external = buffers[1];
        auto& target = buffers[2];  // y
        auto& origin = buffers[5];  // before the substep moved the held vertices: velocities are (x - origin) / h
        ensureGraph(cloth);
        const Coefficients c = coefficients(settings, h);
        for (int sub = 0; sub < substeps; ++sub) {
            std::copy(cloth.positions.begin(), cloth.positions.end(), origin.begin());
            const SubstepClock clock = startSubstep(world, sub, substeps, h);
            {
                CS_TIME_SCOPE(stats.integrateMs);
                computeExternalForces(cloth, settings, world.time + sub * h, cloth.positions, cloth.velocities,
                                      external);
                if (settings.vbd.adaptiveStart) {
                    adaptiveStart(cloth, external, start, target, h);
                } else {
                    m_lastVelocities.clear();  // switched on later, it starts afresh, not from stale velocities
                    for (std::size_t i = 0; i < n; ++i) {
                        start[i] = cloth.positions[i];
                        if (cloth.inverseMasses[i] == 0.0f) continue;
                        target[i] = start[i] + h * cloth.velocities[i] + (h * h * cloth.inverseMasses[i]) * external[i];
                        cloth.positions[i] = target[i];
                    }
                }
            }
            {
                CS_TIME_SCOPE(stats.constraintMs);
                m_chebyshev.start(settings.vbd.chebyshevRho, cloth.positions, buffers[3], buffers[4]);
                for (int sweep = 0; sweep < sweeps; ++sweep) {
                    for (std::size_t colour = 0; colour + 1 < m_colourStart.size(); ++colour) {
                        const std::uint32_t first = m_colourStart[colour];
                        const std::size_t count = m_colourStart[colour + 1] - first;
                        // a vertex's step costs some fifty particle updates: a colour of
                        // a 64^2 cloth (about 500 vertices) is worth sharing
                        parallelFor(
                            count, settings.solver.threads,
                            [&](std::size_t b, std::size_t e) {
                                for (std::size_t k = b; k < e; ++k)
                                    solveVertex(cloth, m_colourVertices[first + k], origin, target, c);
                            },
                            kParallelItems / 32);
                    }
                    m_chebyshev.apply(cloth.positions, cloth.inverseMasses);
                }
            }
            {
                CS_TIME_SCOPE(stats.integrateMs);
                const float invH = 1.0f / h;
                for (std::size_t i = 0; i < n; ++i)
                    if (cloth.inverseMasses[i] != 0.0f) cloth.velocities[i] = (cloth.positions[i] - start[i]) * invH;
            }
            CS_TIME_SCOPE(stats.collisionMs);
            finishSubstep(world, start, clock);
        }
        stats.iterations = substeps * sweeps;
        reportContact(stats);
        return stats;
    }

private:
    struct Coefficients {
        float h, invH2;  // seconds, 1 / s^2
        float stiffness[kLinkKindCount];
        float springDamping;  // k_d, N s/m
        const Settings* settings;
    };
    static Coefficients coefficients(const Settings& settings, float h) {
        const SpringSettings& s = settings.springs;
        return {h, 1.0f / (h * h), {s.stretchStiffness, s.shearStiffness, s.bendStiffness}, s.damping, &settings};
    }

    // y as the objective's target, and the sweeps' start by the paper's adaptive
    // initialisation: the part of the load the last substep really accelerated by (along
    // the load, between none and all of it). A cloth at rest on its springs starts where
    // it is, not a whole step's gravity lower: few sweeps cannot lift that back, and it
    // built up as sag. No last velocities (after a reset, a switch, a cut or a restore):
    // the first substep starts from y. A separate loop, so that with the start off the
    // step is the same arithmetic, bit for bit, as before it existed.
    void adaptiveStart(Cloth& cloth, std::span<const glm::vec3> external, std::span<glm::vec3> start,
                       std::span<glm::vec3> target, float h) {
        const std::size_t n = cloth.particleCount();
        const bool history = m_lastVelocities.size() == n;
        if (!history) m_lastVelocities.assign(cloth.velocities.begin(), cloth.velocities.end());
        for (std::size_t i = 0; i < n; ++i) {
            start[i] = cloth.positions[i];
            const glm::vec3 v = cloth.velocities[i];
            const glm::vec3 before = m_lastVelocities[i];
            m_lastVelocities[i] = v;
            if (cloth.inverseMasses[i] == 0.0f) continue;
            target[i] = start[i] + h * v + (h * h * cloth.inverseMasses[i]) * external[i];
            cloth.positions[i] = target[i];
            if (!history) continue;
            const glm::vec3 load = cloth.inverseMasses[i] * external[i];  // m/s^2
            glm::vec3 guess = start[i] + h * v;
            if (const float size = glm::length(load); size > 0.0f) {
                const glm::vec3 along = load / size;
                const float accelerated = std::clamp(glm::dot(v - before, along) / h, 0.0f, size);
                guess += (h * h * accelerated) * along;
            }
            cloth.positions[i] = guess;
        }
    }

    // One vertex's Newton step with every other vertex held where it is. Velocities are
    // measured from `origin`, where the substep began, so that a held neighbour moving
    // along its script damps its springs by its real motion, not as if it stood still.
    // H_i is symmetric: its six entries are summed as scalars (xx, yy, zz, xy, xz, yz).
    void solveVertex(Cloth& cloth, std::uint32_t i, std::span<const glm::vec3> origin, std::span<const glm::vec3> target,
                     const Coefficients& c) const {
        if (cloth.inverseMasses[i] == 0.0f) return;  // pinned or held: it stays
        const float m = cloth.masses[i];
        const glm::vec3 xi = cloth.positions[i];
        const float drag = particleDampingCoefficient(*c.settings, m);  // N s/m
        const float invH = 1.0f / c.h;
        const glm::vec3 vi = (xi - origin[i]) * invH;
        glm::vec3 f = (m * c.invH2) * (target[i] - xi) - drag * vi;
        const float diagonal = m * c.invH2 + drag * invH;
        float hxx = diagonal, hyy = diagonal, hzz = diagonal, hxy = 0.0f, hxz = 0.0f, hyz = 0.0f;
        const float kdOverH = c.springDamping / c.h;
        for (std::uint32_t s = m_incidentStart[i]; s < m_incidentStart[i + 1]; ++s) {
            const Incident& spring = m_incident[s];
            const std::uint32_t j = spring.other;
            const glm::vec3 d = cloth.positions[j] - xi;
            const float len = glm::length(d);
            if (len < 1e-12f) continue;
            const float invLen = 1.0f / len;  // one division a spring: they were most of the cost
            const glm::vec3 dir = d * invLen;
            const float k = c.stiffness[spring.kind];
            const glm::vec3 vj = (cloth.positions[j] - origin[j]) * invH;
            f += (k * (len - spring.restLength) + c.springDamping * glm::dot(dir, vj - vi)) * dir;
            // (k + k_d/h) d^d^T + k t (I - d^d^T) = a d^d^T + b I
            const float b = k * std::max(0.0f, 1.0f - spring.restLength * invLen);
            const float a = k + kdOverH - b;
            hxx += a * dir.x * dir.x + b;
            hyy += a * dir.y * dir.y + b;
            hzz += a * dir.z * dir.z + b;
            hxy += a * dir.x * dir.y;
            hxz += a * dir.x * dir.z;
            hyz += a * dir.y * dir.z;
        }
        // H^-1 f by the adjugate of the symmetric H
        const float cxx = hyy * hzz - hyz * hyz, cxy = hxz * hyz - hxy * hzz, cxz = hxy * hyz - hxz * hyy;
        const float determinant = hxx * cxx + hxy * cxy + hxz * cxz;
        const float scale = (hxx + hyy + hzz) / 3.0f;
        if (!(determinant > 1e-12f * scale * scale * scale)) return;  // near singular: leave the vertex
        const float cyy = hxx * hzz - hxz * hxz, cyz = hxy * hxz - hxx * hyz, czz = hxx * hyy - hxy * hxy;
        const glm::vec3 step(cxx * f.x + cxy * f.y + cxz * f.z, cxy * f.x + cyy * f.y + cyz * f.z,
                             cxz * f.x + cyz * f.y + czz * f.z);
        cloth.positions[i] = xi + step / determinant;
    }

    // The links at each vertex, and the vertices by colour (no two of a colour share a link).
    void ensureGraph(const Cloth& cloth) {
        const std::size_t n = cloth.particleCount();
        if (m_graphValid && m_topologyVersion == cloth.topologyVersion && m_particles == n &&
            m_links == cloth.links.size())
            return;
        m_graphValid = true;
        m_topologyVersion = cloth.topologyVersion;
        m_particles = n;
        m_links = cloth.links.size();
        m_incidentStart.assign(n + 1, 0);
        for (const Link& link : cloth.links) {
            ++m_incidentStart[link.a + 1];
            ++m_incidentStart[link.b + 1];
        }
        for (std::size_t i = 0; i < n; ++i) m_incidentStart[i + 1] += m_incidentStart[i];
        m_incident.resize(m_incidentStart[n]);
        std::vector<std::uint32_t> fill(m_incidentStart.begin(), m_incidentStart.end() - 1);
        for (const Link& link : cloth.links) {
            const auto kind = static_cast<std::uint32_t>(link.kind);
            m_incident[fill[link.a]++] = {link.b, kind, link.restLength};
            m_incident[fill[link.b]++] = {link.a, kind, link.restLength};
        }
        // greedy colouring in index order: the smallest colour no neighbour has
        std::vector<int> colour(n, -1);
        std::vector<std::size_t> takenBy;  // takenBy[c] == i + 1: colour c is a neighbour's of i
        int colours = 0;
        for (std::uint32_t i = 0; i < n; ++i) {
            for (std::uint32_t s = m_incidentStart[i]; s < m_incidentStart[i + 1]; ++s) {
                const int other = colour[m_incident[s].other];
                if (other >= 0) takenBy[static_cast<std::size_t>(other)] = i + 1;
            }
            int pick = 0;
            while (pick < colours && takenBy[static_cast<std::size_t>(pick)] == i + 1) ++pick;
            if (pick == colours) {
                ++colours;
                takenBy.push_back(0);
            }
            colour[i] = pick;
        }
        m_colourStart.assign(static_cast<std::size_t>(colours) + 1, 0);
        for (int k : colour) ++m_colourStart[static_cast<std::size_t>(k) + 1];
        for (std::size_t k = 0; k < static_cast<std::size_t>(colours); ++k) m_colourStart[k + 1] += m_colourStart[k];
        m_colourVertices.resize(n);
        std::vector<std::uint32_t> next(m_colourStart.begin(), m_colourStart.end() - 1);
        for (std::uint32_t i = 0; i < n; ++i) m_colourVertices[next[static_cast<std::size_t>(colour[i])]++] = i;
    }

    bool m_graphValid = false;
    std::uint64_t m_topologyVersion = ~0ull;
    std::size_t m_particles = 0;
    std::size_t m_links = 0;
    struct Incident {  // a spring seen from one of its ends
        std::uint32_t other;  // the particle at the other end
        std::uint32_t kind;   // LinkKind, indexing the stiffnesses
        float restLength;     // metres
    };
    std::vector<std::uint32_t> m_incidentStart;   // vertex -> first of its springs in m_incident
    std::vector<Incident> m_incident;             // the springs, grouped by vertex
    std::vector<std::uint32_t> m_colourStart;     // colour -> first of its vertices in m_colourVertices
    std::vector<std::uint32_t> m_colourVertices;  // vertices, grouped by colour, in index order
    ChebyshevAcceleration m_chebyshev;
    std::vector<glm::vec3> m_lastVelocities;  // at the last substep's start, m/s (adaptive start)
};

} // namespace

std::unique_ptr<Solver> makeVbdSolver() { return std::make_unique<VbdSolver>(); }

} // namespace cs
