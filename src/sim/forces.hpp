#pragma once
// External forces shared by every solver. Pure functions over the cloth arrays.
#include "cloth.hpp"
#include "settings.hpp"

#include <span>

namespace cs {

// The wind's pressure vector at time t (seed 004's sinusoidal gusts):
// direction x strength x (1 + amplitude x sin(2 pi f t)), newtons per square metre.
glm::vec3 windPressure(const WindSettings& wind, double time);

// Adds each triangle's wind force to its three corners: only the pressure along
// the triangle's normal pushes (seed 003), times the triangle's area (seed 002).
void accumulateWindForces(const Cloth& cloth, glm::vec3 pressure, std::span<glm::vec3> forces);

} // namespace cs
