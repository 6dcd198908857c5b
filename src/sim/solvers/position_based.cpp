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

    std::vector<std::uint32_t> anchors;
    for (std::size_t i = 0; i < cloth.particleCount(); ++i)
        if (cloth.pinned[i]) anchors.push_back(static_cast<std::uint32_t>(i));
    if (anchors.empty()) return m_tethers;
    // a piece cut or torn off is held by nothing: tether only within a piece
    const Pieces pieces = findPieces(cloth);
    constexpr std::size_t kPerParticle = 4;
    std::vector<std::pair<float, std::uint32_t>> nearest;
    for (std::size_t i = 0; i < cloth.particleCount(); ++i) {
        if (cloth.pinned[i]) continue;
        nearest.clear();
        for (std::uint32_t a : anchors)
            if (pieces.of[a] == pieces.of[i])
                nearest.emplace_back(glm::distance(cloth.restPositions[i], cloth.restPositions[a]), a);
        const std::size_t keep = std::min(kPerParticle, nearest.size());
        std::partial_sort(nearest.begin(), nearest.begin() + static_cast<long>(keep), nearest.end());
        for (std::size_t k = 0; k < keep; ++k)
            m_tethers.push_back({static_cast<std::uint32_t>(i), nearest[k].second, nearest[k].first * slack});
    }
    return m_tethers;
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
