#pragma once
// Collider shapes and their contact queries. A query answers: is this point
// closer than `thickness` to the surface (or inside), and if so, where is the
// nearest allowed position and which way is out.
#include <glm/geometric.hpp>
#include <glm/vec3.hpp>
#include <optional>
#include <vector>

namespace cs {

struct SphereCollider {
    glm::vec3 center{0.0f};  // metres
    float radius = 0.5f;     // metres
};

// The half-space below dot(normal, x) = offset is solid.
struct PlaneCollider {
    glm::vec3 normal{0.0f, 1.0f, 0.0f};  // unit length
    float offset = 0.0f;                 // metres along the normal from the origin
};

struct Colliders {
    std::vector<SphereCollider> spheres;
    std::vector<PlaneCollider> planes;
};

struct Contact {
    glm::vec3 normal;   // unit, pointing out of the collider
    float depth;        // metres the point must move along the normal (> 0)
};

inline std::optional<Contact> contactWith(const SphereCollider& sphere, glm::vec3 x, float thickness) {
    const glm::vec3 d = x - sphere.center;
    const float dist = glm::length(d);
    const float depth = sphere.radius + thickness - dist;
    if (depth <= 0.0f) return std::nullopt;
    // a point at the exact centre has no outward direction: push it up
    const glm::vec3 n = dist > 1e-9f ? d / dist : glm::vec3(0.0f, 1.0f, 0.0f);
    return Contact{n, depth};
}

inline std::optional<Contact> contactWith(const PlaneCollider& plane, glm::vec3 x, float thickness) {
    const float depth = plane.offset + thickness - glm::dot(plane.normal, x);
    if (depth <= 0.0f) return std::nullopt;
    return Contact{plane.normal, depth};
}

} // namespace cs
