#include "constraints.hpp"

#include <algorithm>
#include <cmath>

namespace cs {

DihedralProjection projectDihedral(const glm::vec3 x[4], const float w[4], float restAngle, float alphaTilde,
                                   float lambda) {
    DihedralProjection out;
    const glm::vec3 pb = x[1] - x[0], pc = x[2] - x[0], pd = x[3] - x[0];
    const glm::vec3 cbc = glm::cross(pb, pc), cbd = glm::cross(pb, pd);
    const float lc = glm::length(cbc), ld = glm::length(cbd);
    if (lc < 1e-12f || ld < 1e-12f) return out;
    const glm::vec3 n1 = cbc / lc, n2 = cbd / ld;
    const float d = std::clamp(glm::dot(n1, n2), -1.0f, 1.0f);
    glm::vec3 q[4];
    q[2] = (glm::cross(pb, n2) + glm::cross(n1, pb) * d) / lc;
    q[3] = (glm::cross(pb, n1) + glm::cross(n2, pb) * d) / ld;
    q[1] = -(glm::cross(pc, n2) + glm::cross(n1, pc) * d) / lc - (glm::cross(pd, n1) + glm::cross(n2, pd) * d) / ld;
    q[0] = -q[1] - q[2] - q[3];
    float weighted = 0.0f;
    for (int i = 0; i < 4; ++i) weighted += w[i] * glm::dot(q[i], q[i]);
    const float s2 = 1.0f - d * d;
    const float denominator = weighted + alphaTilde * s2;
    if (denominator < 1e-20f || s2 < 1e-12f) return out;
    const float s = std::sqrt(s2);
    out.violation = std::acos(d) - restAngle;
    out.deltaLambda = s2 * (-out.violation - alphaTilde * lambda) / denominator;
    for (int i = 0; i < 4; ++i) out.delta[i] = -w[i] * q[i] * (out.deltaLambda / s);
    return out;
}

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
