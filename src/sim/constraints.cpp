#include "constraints.hpp"

#include <algorithm>

namespace cs {

float projectCollisions(const Colliders& colliders, const CollisionSettings& settings, glm::vec3& x,
                        glm::vec3 previous, glm::vec3* normal) {
    float deepest = 0.0f;
    const float h = settings.thickness, mu = settings.friction;
    for (const SphereCollider& s : colliders.spheres)
        deepest = std::max(deepest, projectCollision(s, x, previous, h, mu, normal));
    for (const PlaneCollider& p : colliders.planes)
        deepest = std::max(deepest, projectCollision(p, x, previous, h, mu, normal));
    if (settings.ground)
        deepest = std::max(deepest, projectCollision(PlaneCollider{{0.0f, 1.0f, 0.0f}, settings.groundHeight},
                                                     x, previous, h, mu, normal));
    return deepest;
}

} // namespace cs
