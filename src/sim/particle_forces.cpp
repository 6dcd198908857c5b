#include "particle_forces.hpp"

#include "forces.hpp"

#include <cmath>
#include <glm/geometric.hpp>

namespace cs {

bool computeParticleForces(const Cloth& cloth, const Settings& settings, double time, std::span<glm::vec3> forces) {
    const std::size_t n = cloth.particleCount();
    if (forces.size() != n || cloth.velocities.size() != n || cloth.masses.size() != n) return false;
    // the solvers' own force model; it also gives pinned particles their forces, which
    // are exactly what the pin holds against (a pin has no velocity, so no damping)
    computeForces(cloth, settings, time, cloth.positions, cloth.velocities, forces);
    return true;
}

float triangleStrain(std::span<const glm::vec3> x, std::span<const glm::vec3> rest, const glm::uvec3& t) {
    constexpr float kMinRestLength = 1e-9f;  // metres: shorter rest edges say nothing about stretch
    float largest = 0.0f;
    for (int k = 0; k < 3; ++k) {
        const std::uint32_t a = t[k], b = t[(k + 1) % 3];
        const float restLength = glm::distance(rest[a], rest[b]);
        if (restLength < kMinRestLength) continue;
        const float elongation = glm::distance(x[a], x[b]) / restLength - 1.0f;
        if (std::abs(elongation) > std::abs(largest)) largest = elongation;
    }
    return largest;
}

bool computeTriangleStrains(const Cloth& cloth, std::span<float> strains) {
    if (strains.size() != cloth.triangles.size() || cloth.restPositions.size() != cloth.particleCount()) return false;
    for (std::size_t i = 0; i < cloth.triangles.size(); ++i)
        strains[i] = triangleStrain(cloth.positions, cloth.restPositions, cloth.triangles[i]);
    return true;
}

} // namespace cs
