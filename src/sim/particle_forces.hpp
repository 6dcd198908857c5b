#pragma once
// What the cloth views colour by (render.shader): the load each particle carries
// and the stretch of each triangle, measured from the simulation's own spring
// model and rest shape, so the picture shows the physics and not a guess of the
// renderer's. Pure functions over caller-owned arrays: nothing is allocated.
#include "cloth.hpp"
#include "settings.hpp"

#include <glm/vec3.hpp>
#include <span>

namespace cs {

// What the force views colour by: the load each particle carries, newtons. For every
// link, its spring's elastic force |k (|d| - L)| (the springs.* stiffness of its kind,
// forces.hpp; under a position-based solver read off the stretch it leaves, with the
// same constants); a particle gets the largest among its links, tension or
// compression. A hanging cloth in balance feels no net force anywhere but at its
// pins (computeForces, forces.hpp), yet it carries its weight in every link: the
// load grows towards the pins, so the view shows where the cloth is loaded.
// `loads` must hold one entry per particle; returns false and writes nothing otherwise.
bool computeParticleLoads(const Cloth& cloth, const SpringSettings& springs, std::span<float> loads);

// How a force view turns newtons into a place on its colour map, [0, 1].
struct ForceColourScale {
    bool logarithmic = false;  // equal ratios, equal steps (from low to high)
    float low = 0.0f;          // newtons at the bottom of the map (> 0 when logarithmic)
    float high = 1.0f;         // newtons at the top; larger loads clip there
    float position(float newtons) const;  // in [0, 1]
};

// blinn_phong_force, NORMALISED (verlet-cloth's lighter view): logarithmic from this
// frame's kForceViewBottom to its kForceViewTop quantile of the loads, so the
// map always spans the cloth's own loads, which spread over decades (from nothing at a
// hanging cloth's free edge to its whole weight at the pins), and a few hot particles
// at the pins clip at the top instead of darkening the rest. ggx_force, ABSOLUTE:
// linear from 0 to render.force_scale, so a colour is the same newtons in every frame
// and scene and twice the colour's distance up the map is twice the load.
inline constexpr float kForceViewBottom = 0.05f;
inline constexpr float kForceViewTop = 0.90f;  // the most loaded tenth is yellow: lighter, as verlet-cloth's
// `scratch` (one entry per load) is overwritten by the percentile's partial sort.
ForceColourScale forceColourScale(ClothShader view, std::span<const float> loads, float forceScale,
                                  std::span<float> scratch);

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
