#include "world.hpp"

namespace cs {

World makeWorld(const Settings& settings, Colliders colliders) {
    World world;
    world.settings = settings;
    world.colliders = std::move(colliders);
    resetWorld(world);
    return world;
}

void resetWorld(World& world) {
    world.cloth = buildGridCloth(world.settings.cloth);
    world.time = 0.0;
    world.steps = 0;
}

std::optional<PlaneCollider> groundPlane(const CollisionSettings& collision) {
    if (!collision.ground) return std::nullopt;
    return PlaneCollider{{0.0f, 1.0f, 0.0f}, collision.groundHeight};
}

} // namespace cs
