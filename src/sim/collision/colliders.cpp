#include "colliders.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cs {
namespace {

// A finite plane is a one-sided panel: it pushes points out only when they are
// less than this deep below it, so that a panel hanging in the air does not
// fling up everything underneath. Particles move far less than this per substep.
float panelDepth(const Shape& shape) { return std::min(shape.halfSize.x, shape.halfSize.y); }

bool outsidePanel(const Shape& shape, glm::vec3 local) {
    const bool finite = shape.halfSize.x > 0.0f && shape.halfSize.y > 0.0f;
    return finite && (std::abs(local.x) > shape.halfSize.x || std::abs(local.z) > shape.halfSize.y ||
                      local.y < -panelDepth(shape));
}

glm::vec3 closestOnCapsuleAxis(const Shape& shape, glm::vec3 local) {
    return {0.0f, std::clamp(local.y, -shape.halfLength, shape.halfLength), 0.0f};
}

// A direction out of a round shape for a point at its core, where the offset says nothing.
glm::vec3 outwardOr(glm::vec3 offset, float length, glm::vec3 fallback) {
    return length > 1e-9f ? offset / length : fallback;
}

// Contact in the collider's frame; the normal is local too.
std::optional<Contact> localContact(const Shape& shape, glm::vec3 p, float thickness) {
    switch (shape.kind) {
    case ShapeKind::Sphere: {
        const float dist = glm::length(p);
        const float depth = shape.radius + thickness - dist;
        if (depth <= 0.0f) return std::nullopt;
        return Contact{outwardOr(p, dist, {0.0f, 1.0f, 0.0f}), depth};
    }
    case ShapeKind::Plane: {
        if (outsidePanel(shape, p)) return std::nullopt;
        const float depth = thickness - p.y;
        if (depth <= 0.0f) return std::nullopt;
        return Contact{{0.0f, 1.0f, 0.0f}, depth};
    }
    case ShapeKind::Box: {
        const glm::vec3 q = glm::abs(p) - shape.halfExtents;
        const float outside = std::max(q.x, std::max(q.y, q.z));
        if (outside > 0.0f) {
            const glm::vec3 offset = p - glm::clamp(p, -shape.halfExtents, shape.halfExtents);
            const float dist = glm::length(offset);
            const float depth = thickness - dist;
            if (depth <= 0.0f) return std::nullopt;
            return Contact{offset / dist, depth};
        }
        // inside: leave through the nearest face
        const int axis = q.x >= q.y && q.x >= q.z ? 0 : (q.y >= q.z ? 1 : 2);
        glm::vec3 n(0.0f);
        n[axis] = p[axis] >= 0.0f ? 1.0f : -1.0f;
        return Contact{n, thickness - q[axis]};
    }
    case ShapeKind::Capsule: {
        const glm::vec3 offset = p - closestOnCapsuleAxis(shape, p);
        const float dist = glm::length(offset);
        const float depth = shape.radius + thickness - dist;
        if (depth <= 0.0f) return std::nullopt;
        return Contact{outwardOr(offset, dist, {1.0f, 0.0f, 0.0f}), depth};
    }
    }
    return std::nullopt;
}

float localSignedDistance(const Shape& shape, glm::vec3 p) {
    switch (shape.kind) {
    case ShapeKind::Sphere: return glm::length(p) - shape.radius;
    case ShapeKind::Plane:
        return outsidePanel(shape, p) ? std::numeric_limits<float>::infinity() : p.y;
    case ShapeKind::Box: {
        const glm::vec3 q = glm::abs(p) - shape.halfExtents;
        return glm::length(glm::max(q, glm::vec3(0.0f))) + std::min(std::max(q.x, std::max(q.y, q.z)), 0.0f);
    }
    case ShapeKind::Capsule: return glm::length(p - closestOnCapsuleAxis(shape, p)) - shape.radius;
    }
    return std::numeric_limits<float>::infinity();
}

Collider withPose(Shape shape, Pose pose) {
    Collider c;
    c.shape = shape;
    c.home = pose;
    c.pose = pose;
    c.stepStart = pose;
    c.stepEnd = pose;
    c.substepStart = pose;
    c.heldTarget = pose.position;
    return c;
}

} // namespace

std::string_view shapeName(ShapeKind kind) {
    switch (kind) {
    case ShapeKind::Sphere: return "sphere";
    case ShapeKind::Plane: return "plane";
    case ShapeKind::Box: return "box";
    case ShapeKind::Capsule: return "capsule";
    }
    return "?";
}

std::string_view motionName(MotionKind kind) {
    switch (kind) {
    case MotionKind::Static: return "static";
    case MotionKind::Kinematic: return "kinematic";
    case MotionKind::Dynamic: return "dynamic";
    }
    return "?";
}

std::string_view scriptName(ScriptKind kind) {
    switch (kind) {
    case ScriptKind::None: return "none";
    case ScriptKind::Oscillate: return "oscillate";
    case ScriptKind::Orbit: return "orbit";
    case ScriptKind::Swing: return "swing";
    case ScriptKind::Path: return "path";
    }
    return "?";
}

std::optional<Contact> contactWith(const Collider& collider, glm::vec3 x, float thickness) {
    return contactAt(collider, collider.pose, x, thickness);
}

std::optional<Contact> contactAt(const Collider& collider, const Pose& pose, glm::vec3 x, float thickness) {
    auto contact = localContact(collider.shape, pose.toLocal(x), thickness);
    if (contact) contact->normal = pose.orientation * contact->normal;
    return contact;
}

float signedDistance(const Collider& collider, glm::vec3 x) {
    return localSignedDistance(collider.shape, collider.pose.toLocal(x));
}

std::optional<float> intersectRay(const Collider& collider, glm::vec3 origin, glm::vec3 dir) {
    // sphere tracing: exact enough for picking and the same code for every shape
    constexpr float kMaxDistance = 200.0f, kHit = 1e-4f;
    const glm::vec3 o = collider.pose.toLocal(origin);
    const glm::vec3 d = glm::conjugate(collider.pose.orientation) * dir;
    if (collider.shape.kind == ShapeKind::Plane) {
        // the plane's distance field is not a true distance outside a panel: intersect directly
        if (std::abs(d.y) < 1e-9f) return std::nullopt;
        const float t = -o.y / d.y;
        if (t < 0.0f || o.y < 0.0f) return std::nullopt;
        const glm::vec3 hit = o + t * d;
        if (outsidePanel(collider.shape, hit + glm::vec3(0.0f, 1e-6f, 0.0f))) return std::nullopt;
        return t;
    }
    float t = 0.0f;
    for (int i = 0; i < 256 && t < kMaxDistance; ++i) {
        const float dist = localSignedDistance(collider.shape, o + t * d);
        if (dist < kHit) return i == 0 && dist < 0.0f ? std::nullopt : std::optional<float>(t);
        t += dist;
    }
    return std::nullopt;
}

float smallestSize(const Shape& shape) {
    switch (shape.kind) {
    case ShapeKind::Sphere:
    case ShapeKind::Capsule: return 2.0f * shape.radius;
    case ShapeKind::Box: return 2.0f * std::min(shape.halfExtents.x, std::min(shape.halfExtents.y, shape.halfExtents.z));
    case ShapeKind::Plane: return std::numeric_limits<float>::infinity();
    }
    return 0.0f;
}

glm::quat rotationFromY(glm::vec3 direction) {
    const glm::vec3 y(0.0f, 1.0f, 0.0f);
    const glm::vec3 axis = glm::cross(y, direction);
    const float s = glm::length(axis);
    const float c = glm::dot(y, direction);
    if (s < 1e-7f) return c > 0.0f ? glm::quat(1, 0, 0, 0) : glm::angleAxis(glm::pi<float>(), glm::vec3(1, 0, 0));
    return glm::angleAxis(std::atan2(s, c), axis / s);
}

Collider makeSphere(glm::vec3 center, float radius) {
    Shape s;
    s.kind = ShapeKind::Sphere;
    s.radius = radius;
    return withPose(s, {center, glm::quat(1, 0, 0, 0)});
}

Collider makeBox(glm::vec3 center, glm::vec3 halfExtents, glm::quat orientation) {
    Shape s;
    s.kind = ShapeKind::Box;
    s.halfExtents = halfExtents;
    return withPose(s, {center, orientation});
}

Collider makeCapsule(glm::vec3 center, float radius, float halfLength, glm::quat orientation) {
    Shape s;
    s.kind = ShapeKind::Capsule;
    s.radius = radius;
    s.halfLength = halfLength;
    return withPose(s, {center, orientation});
}

Collider makePlane(glm::vec3 point, glm::vec3 normal, glm::vec2 halfSize) {
    Shape s;
    s.kind = ShapeKind::Plane;
    s.halfSize = halfSize;
    return withPose(s, {point, rotationFromY(glm::normalize(normal))});
}

} // namespace cs
