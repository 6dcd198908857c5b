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
    // colliders go back to where the scene put them, at rest
    for (Collider& c : world.colliders) {
        c.pose = c.stepStart = c.stepEnd = c.substepStart = c.home;
        c.velocity = c.initialVelocity;
        c.held = false;
    }
}

std::optional<Collider> groundCollider(const CollisionSettings& collision) {
    if (!collision.ground) return std::nullopt;
    Collider ground = makePlane({0.0f, collision.groundHeight, 0.0f}, {0.0f, 1.0f, 0.0f});
    ground.material = {collision.groundStaticFriction, collision.groundKineticFriction, collision.groundRestitution};
    return ground;
}

} // namespace cs
