#include "particle_forces.hpp"

#include "forces.hpp"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>

namespace cs {

bool computeParticleLoads(const Cloth& cloth, const SpringSettings& springs, std::span<float> loads) {
    const std::size_t n = cloth.particleCount();
    if (loads.size() != n) return false;
    std::fill(loads.begin(), loads.end(), 0.0f);
    for (const Link& link : cloth.links) {
        const float load = std::abs(springStiffness(springs, link.kind) *
                                    (glm::distance(cloth.positions[link.a], cloth.positions[link.b]) - link.restLength));
        if (!std::isfinite(load)) continue;  // a diverged cloth: the guard will restore it
        loads[link.a] = std::max(loads[link.a], load);
        loads[link.b] = std::max(loads[link.b], load);
    }
    return true;
}

float ForceColourScale::position(float newtons) const {
    if (!(newtons > 0.0f)) return 0.0f;
    const float t = logarithmic ? std::log(newtons / low) / std::log(high / low) : newtons / high;
    return std::clamp(t, 0.0f, 1.0f);
}

ForceColourScale forceColourScale(ClothShader view, std::span<const float> loads, float forceScale,
                                  std::span<float> scratch) {
    constexpr float kSmallest = 1e-9f;  // newtons: keeps a cloth at rest from dividing by 0
    if (view == ClothShader::GgxForce) return {.logarithmic = false, .low = 0.0f, .high = std::max(forceScale, kSmallest)};
    float low = 0.0f, high = 0.0f;
    if (!loads.empty() && scratch.size() == loads.size()) {
        std::copy(loads.begin(), loads.end(), scratch.begin());
        const auto at = [&](float fraction) {
            const auto k = static_cast<std::ptrdiff_t>(fraction * static_cast<float>(loads.size() - 1));
            std::nth_element(scratch.begin(), scratch.begin() + k, scratch.end());
            return scratch[static_cast<std::size_t>(k)];
        };
        high = at(kForceViewTop);
        low = at(kForceViewBottom);  // nth_element keeps what is below k below it: any order works
    }
    high = std::max(high, kSmallest);
    // a cloth at rest (loads 0) or all of one load: one decade below the top
    if (!(low > 0.0f) || low > 0.9f * high) low = 0.1f * high;
    return {.logarithmic = true, .low = low, .high = high};
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
