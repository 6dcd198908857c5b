#include "position_based.hpp"

#include "../constraints.hpp"
#include "../forces.hpp"
#include "../parallel.hpp"
#include "../topology.hpp"

#include <algorithm>
#include <glm/geometric.hpp>

namespace cs {

void externalForces(const World& world, std::span<glm::vec3> forces) {
    const Cloth& cloth = world.cloth;
    for (std::size_t i = 0; i < cloth.particleCount(); ++i) forces[i] = cloth.masses[i] * world.settings.sim.gravity;
    const WindSettings& wind = world.settings.wind;
    accumulateAerodynamicForces(cloth, cloth.positions, cloth.velocities, wind, windVelocity(wind, world.time), forces);
}

void predictPositions(Cloth& cloth, std::span<const glm::vec3> forces, float h, std::span<glm::vec3> predicted,
                      int threads) {
    parallelFor(cloth.particleCount(), threads, [&](std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) {
            cloth.previousPositions[i] = cloth.positions[i];
            const float w = cloth.inverseMasses[i];
            if (w != 0.0f) {
                cloth.velocities[i] += h * w * forces[i];
                cloth.positions[i] += h * cloth.velocities[i];
            }
            predicted[i] = cloth.positions[i];
        }
    });
}

void updateVelocities(Cloth& cloth, std::span<const glm::vec3> predicted, float h, float drag, int threads) {
    const float invH = 1.0f / h;
    parallelFor(cloth.particleCount(), threads, [&](std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i)
            cloth.velocities[i] = cloth.inverseMasses[i] == 0.0f
                                      ? glm::vec3(0.0f)
                                      : (cloth.velocities[i] + (cloth.positions[i] - predicted[i]) * invH) * drag;
    });
}

std::span<const Tether> TetherCache::get(const Cloth& cloth, float slack) {
    if (m_pinVersion == cloth.pinVersion && m_topologyVersion == cloth.topologyVersion &&
        m_particles == cloth.particleCount() && m_slack == slack)
        return m_tethers;
    m_pinVersion = cloth.pinVersion;
    m_topologyVersion = cloth.topologyVersion;
    m_particles = cloth.particleCount();
    m_slack = slack;
    m_tethers.clear();
    m_first.assign(cloth.particleCount() + 1, 0);

    m_anchors.clear();
    for (std::size_t i = 0; i < cloth.particleCount(); ++i)
        if (cloth.pinned[i]) m_anchors.push_back(static_cast<std::uint32_t>(i));
    if (m_anchors.empty()) {
        m_pieces = 0;
        m_pieceOf.clear();
        return m_tethers;
    }
    // a piece cut or torn off is held by nothing: tether only within a piece
    Pieces pieces = findPieces(cloth);
    m_pieces = pieces.count;
    m_pieceOf = std::move(pieces.of);
    for (std::uint32_t i = 0; i < cloth.particleCount(); ++i) {
        m_first[i] = static_cast<std::uint32_t>(m_tethers.size());
        tether(cloth, i, m_tethers);
    }
    m_first.back() = static_cast<std::uint32_t>(m_tethers.size());
    m_tetheredLast = cloth.particleCount();
    return m_tethers;
}

void TetherCache::tether(const Cloth& cloth, std::uint32_t i, std::vector<Tether>& out) {
    if (cloth.pinned[i]) return;
    constexpr std::size_t kPerParticle = 4;
    m_nearest.clear();
    for (std::uint32_t a : m_anchors)
        if (m_pieceOf[a] == m_pieceOf[i])
            m_nearest.emplace_back(glm::distance(cloth.restPositions[i], cloth.restPositions[a]), a);
    const std::size_t keep = std::min(kPerParticle, m_nearest.size());
    std::partial_sort(m_nearest.begin(), m_nearest.begin() + static_cast<long>(keep), m_nearest.end());
    for (std::size_t k = 0; k < keep; ++k) out.push_back({i, m_nearest[k].second, m_nearest[k].first * m_slack});
}

void TetherCache::edited(const Cloth& cloth, const TopologyEdit& edit) {
    const std::size_t n = cloth.particleCount(), n0 = edit.particlesBefore;
    // derived for the cloth as the edit began, which only grew since
    if (edit.whole || m_particles != n0 || m_topologyVersion != edit.topologyVersion || m_first.size() != n0 + 1 ||
        n < n0) {
        invalidate();
        return;
    }
    // the anchors as they were (a cut copies a pinned particle it parts: a new anchor)
    std::size_t next = 0;
    for (std::uint32_t i = 0; i < n; ++i)
        if (cloth.pinned[i] && (next == m_anchors.size() || m_anchors[next++] != i)) {
            invalidate();
            return;
        }
    if (next != m_anchors.size()) {
        invalidate();
        return;
    }
    m_topologyVersion = cloth.topologyVersion;
    m_pinVersion = cloth.pinVersion;  // parting particles sets their pins again, as they were
    m_particles = n;
    if (m_anchors.empty()) {
        m_first.assign(n + 1, 0);
        return;
    }
    if (!piecesKept(cloth, edit)) {
        invalidate();
        return;
    }
    std::vector<std::uint8_t> again(n0, 0);
    for (std::uint32_t v : edit.particlesChanged) again[v] = 1;
    m_spare.clear();
    std::vector<std::uint32_t> first(n + 1, 0);
    m_tetheredLast = 0;
    for (std::uint32_t i = 0; i < n;) {
        if (i < n0 && !again[i]) {
            // a run of particles that keep their tethers moves as one block
            std::uint32_t end = i + 1;
            while (end < n0 && !again[end]) ++end;
            const auto base = static_cast<std::uint32_t>(m_spare.size());
            for (std::uint32_t k = i; k < end; ++k) first[k] = base + (m_first[k] - m_first[i]);
            m_spare.insert(m_spare.end(), m_tethers.begin() + m_first[i], m_tethers.begin() + m_first[end]);
            i = end;
            continue;
        }
        first[i] = static_cast<std::uint32_t>(m_spare.size());
        tether(cloth, i, m_spare);
        ++m_tetheredLast;
        ++i;
    }
    first.back() = static_cast<std::uint32_t>(m_spare.size());
    m_tethers.swap(m_spare);
    m_first.swap(first);
}

bool TetherCache::piecesKept(const Cloth& cloth, const TopologyEdit& edit) {
    const std::size_t n = cloth.particleCount(), n0 = edit.particlesBefore;
    if (edit.regionJoined && m_pieceOf.size() == n0) {
        // the edited region is one piece, the one its old particles were in, and the new
        // particles (copies made along a cut, or inserted on it) are in it
        std::uint32_t piece = ~0u;
        bool onePiece = true;
        for (std::uint32_t v : edit.particlesChanged) {
            if (piece == ~0u) piece = m_pieceOf[v];
            onePiece = onePiece && m_pieceOf[v] == piece;
        }
        if (onePiece && piece != ~0u) {
            m_pieceOf.resize(n, piece);
            return true;
        }
    }
    // an edit only parts pieces: as many among the old particles as before means none parted
    Pieces pieces = findPieces(cloth);
    std::vector<std::uint8_t> seen(pieces.count, 0);
    std::size_t oldPieces = 0;
    for (std::size_t v = 0; v < n0; ++v)
        if (!seen[pieces.of[v]]) seen[pieces.of[v]] = 1, ++oldPieces;
    if (oldPieces != m_pieces) return false;
    m_pieces = pieces.count;
    m_pieceOf = std::move(pieces.of);
    return true;
}

float projectHinge(std::span<glm::vec3> x, std::span<const float> w, const BendElement& hinge, float alphaTilde,
                   float lambda, float scale) {
    const std::uint32_t idx[4] = {hinge.a, hinge.b, hinge.c, hinge.d};
    const glm::vec3 corners[4] = {x[hinge.a], x[hinge.b], x[hinge.c], x[hinge.d]};
    const float weights[4] = {w[hinge.a], w[hinge.b], w[hinge.c], w[hinge.d]};
    const auto p = projectDihedral(corners, weights, hinge.restAngle, alphaTilde, lambda);
    for (int k = 0; k < 4; ++k) x[idx[k]] += scale * p.delta[k];
    return p.deltaLambda;
}

void projectTethers(std::span<const Tether> tethers, std::span<glm::vec3> x, std::span<const float> w) {
    for (const Tether& t : tethers) {
        if (w[t.particle] == 0.0f) continue;  // held by the mouse: kinematic, like a pin
        const glm::vec3 d = x[t.particle] - x[t.anchor];
        const float len = glm::length(d);
        if (len <= t.maxLength || len < 1e-12f) continue;
        x[t.particle] -= d * ((len - t.maxLength) / len);
    }
}

} // namespace cs
