#pragma once
// Everything one simulation holds: how it is tuned (settings), the cloth, the
// colliders and the clock. Solvers step it; the renderer and the stats read it.
#include "cloth.hpp"
#include "collision/colliders.hpp"
#include "settings.hpp"

#include <cstdint>

namespace cs {

struct World {
    Settings settings;
    Colliders colliders;      // the ground is not here: it comes from settings.collision (groundCollider)
    Cloth cloth;
    double time = 0.0;        // simulated seconds since reset
    std::uint64_t steps = 0;  // physics steps since reset
};

// A world at t = 0 with its cloth built from settings.cloth.
World makeWorld(const Settings& settings, Colliders colliders);

// Rebuilds the cloth from the current settings and restarts the clock.
void resetWorld(World& world);

// The ground as a static plane collider with the ground's material, when enabled.
std::optional<Collider> groundCollider(const CollisionSettings& collision);

} // namespace cs
