#include "forces.hpp"

#include <cmath>
#include <glm/geometric.hpp>
#include <numbers>

namespace cs {

glm::vec3 windPressure(const WindSettings& wind, double time) {
    const float len = glm::length(wind.direction);
    if (len < 1e-6f || wind.strength == 0.0f) return glm::vec3(0.0f);
    const double phase = 2.0 * std::numbers::pi * static_cast<double>(wind.gustFrequency) * time;
    const float gust = 1.0f + wind.gustAmplitude * static_cast<float>(std::sin(phase));
    return wind.direction / len * (wind.strength * gust);
}

void accumulateWindForces(const Cloth& cloth, glm::vec3 pressure, std::span<glm::vec3> forces) {
    if (pressure == glm::vec3(0.0f)) return;
    const auto& x = cloth.positions;
    for (const glm::uvec3& t : cloth.triangles) {
        // c = 2 * area * n, so area * (P.n) n = (P.c) c / (2 |c|)
        const glm::vec3 c = glm::cross(x[t.y] - x[t.x], x[t.z] - x[t.x]);
        const float len = glm::length(c);
        if (len < 1e-20f) continue;
        const glm::vec3 perCorner = c * (glm::dot(pressure, c) / (6.0f * len));
        forces[t.x] += perCorner;
        forces[t.y] += perCorner;
        forces[t.z] += perCorner;
    }
}

} // namespace cs
