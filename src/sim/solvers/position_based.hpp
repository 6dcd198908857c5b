#pragma once
// What the position-based solvers (Jakobsen, PBD, XPBD) share beyond the pure
// projections in constraints.hpp: external forces as a velocity change, the
// long-range attachments (tethers) and their cache. Contact is collision/contact.hpp.
#include "../solver.hpp"
#include "../topology.hpp"
#include "../topology_change.hpp"

#include <span>
#include <vector>

namespace cs {

// Gravity plus aerodynamics on every particle, evaluated once per physics step
// from the current state (newtons). `forces` is overwritten.
void externalForces(const World& world, std::span<glm::vec3> forces);

// Prediction of the PBD family: v += h f / m (free particles), x_previous = x,
// x += h v. `predicted` keeps x for the velocity update.
void predictPositions(Cloth& cloth, std::span<const glm::vec3> forces, float h, std::span<glm::vec3> predicted,
                      int threads = 1);

// v = (x - x_previous) / h, written as the predicted velocity plus the
// constraints' correction / h: equal in exact arithmetic, but in float
// x - x_previous loses the low bits of a small step taken at a large |x|, and
// over a thousand substeps a second that rounding walks a free fall off its
// parabola. Then the air drag factor.
void updateVelocities(Cloth& cloth, std::span<const glm::vec3> predicted, float h, float dragFactor,
                      int threads = 1);

// Long-range attachment (Kim et al. 2012): particle may be at most maxLength from
// the pinned anchor — a one-sided constraint that only pulls when stretched.
struct Tether {
    std::uint32_t particle;
    std::uint32_t anchor;
    float maxLength;  // metres: rest distance x slack
};

// Each free particle is tethered to its nearest pinned particles of the same piece
// (up to 4, by rest distance). Rebuilt only when pins, topology or slack change.
// Across a slit that does not part the cloth the rest distance is shorter than
// the way round through the cloth, so a tether there holds a little too tight.
class TetherCache {
public:
    std::span<const Tether> get(const Cloth& cloth, float slack);
    void invalidate() { m_particles = ~std::size_t(0); }
    // After a topology edit (Solver::topologyChanged): where the edit parted no piece
    // (so every old particle has the anchors it had in its piece) and made or freed no
    // anchor, only the particles it changed (whose rest position may have moved) and
    // added are tethered again, the rest keep theirs — the same list a derivation from
    // scratch gives (at 128² that took 1.2 ms after every cut). Else invalidates.
    void edited(const Cloth& cloth, const TopologyEdit& edit);
    // The particles the last derivation tethered: all, or those an edit changed and added.
    std::size_t particlesTetheredLast() const { return m_tetheredLast; }

private:
    // particle i's tethers, appended to `out`
    void tether(const Cloth& cloth, std::uint32_t i, std::vector<Tether>& out);
    // Whether the edit kept every piece whole, with m_pieceOf brought up to date: from
    // the edit's record where it says so (TopologyEdit::regionJoined), else found again.
    bool piecesKept(const Cloth& cloth, const TopologyEdit& edit);

    std::vector<Tether> m_tethers, m_spare;
    std::vector<std::uint32_t> m_first;    // per particle: its tethers are m_tethers[m_first[i] .. m_first[i + 1])
    std::vector<std::uint32_t> m_anchors;  // the pinned particles, in order
    std::vector<std::pair<float, std::uint32_t>> m_nearest;
    std::size_t m_pieces = 0;              // the cloth's pieces when derived
    std::vector<std::uint32_t> m_pieceOf;  // and each particle's piece (findPieces' numbers)
    std::size_t m_tetheredLast = 0;
    std::uint64_t m_pinVersion = ~0ull;
    std::uint64_t m_topologyVersion = ~0ull;
    std::size_t m_particles = 0;
    float m_slack = -1.0f;
};

// Projects one dihedral hinge of the cloth in place (projectDihedral), scaling the
// correction by `scale` (PBD's per-pass stiffness; 1 for XPBD). Returns dlambda.
float projectHinge(std::span<glm::vec3> x, std::span<const float> w, const BendElement& hinge, float alphaTilde,
                   float lambda, float scale);

// Moves each tethered particle back onto its sphere of allowed distance; particles
// with inverse mass 0 (held by the mouse) stay where they are held.
void projectTethers(std::span<const Tether> tethers, std::span<glm::vec3> x, std::span<const float> w);

} // namespace cs
