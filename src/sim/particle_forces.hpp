#pragma once
// What the cloth views colour by (render.shader): the net force on each particle
// and the stretch of each triangle, measured from the simulation's own force
// model and rest shape, so the picture shows the physics and not a guess of the
// renderer's. Pure functions over caller-owned arrays: nothing is allocated.
#include "cloth.hpp"
#include "settings.hpp"

#include <glm/vec3.hpp>
#include <span>

namespace cs {

// The net force on every particle, newtons: the force model of the force-based
// solvers (forces.hpp: link springs with the springs.* stiffnesses and damping,
// gravity, air drag, point damping, wind) at the cloth's current positions and
// velocities, `time` for the wind gusts. A pinned particle gets the force its pin
// has to resist: the pull of its links plus its own weight. Under a position-based
// solver the springs are read off the stretch it leaves, with the same constants.
// `forces` must hold one entry per particle; returns false and writes nothing otherwise.
bool computeParticleForces(const Cloth& cloth, const Settings& settings, double time, std::span<glm::vec3> forces);

// The stretch of triangle t: over its three edges, the relative elongation
// e = length / rest length - 1 (rest lengths from `rest`) of largest magnitude,
// signed: > 0 stretched (0.1 is 10 % longer), < 0 compressed. 0 for a triangle
// whose rest edges are all degenerate.
float triangleStrain(std::span<const glm::vec3> x, std::span<const glm::vec3> rest, const glm::uvec3& t);

// triangleStrain of every triangle of the cloth (current positions against
// restPositions). `strains` must hold one entry per triangle; returns false and
// writes nothing otherwise.
bool computeTriangleStrains(const Cloth& cloth, std::span<float> strains);

} // namespace cs
