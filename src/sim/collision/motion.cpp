#include "motion.hpp"

#include "../world.hpp"

#include <algorithm>
#include <cmath>
#include <glm/gtc/constants.hpp>

namespace cs {
namespace {

Pose rotatedAbout(const Pose& home, glm::vec3 pivot, glm::vec3 axis, float angle) {
    const float len = glm::length(axis);
    if (len < 1e-9f) return home;
    const glm::quat r = glm::angleAxis(angle, axis / len);
    return {pivot + r * (home.position - pivot), glm::normalize(r * home.orientation)};
}

glm::vec3 alongPath(const std::vector<glm::vec3>& path, float distance, bool loop) {
    // a looping path is closed: after the last keyframe it runs back to the first;
    // an open one stops at its last keyframe
    const std::size_t segments = loop ? path.size() : path.size() - 1;
    float total = 0.0f;
    for (std::size_t i = 0; i < segments; ++i) total += glm::distance(path[i], path[(i + 1) % path.size()]);
    if (total <= 0.0f) return loop ? path.front() : path.back();
    if (!loop && distance >= total) return path.back();
    float s = std::fmod(distance, total);
    if (s < 0.0f) s += total;
    for (std::size_t i = 0; i < segments; ++i) {
        const glm::vec3 a = path[i], b = path[(i + 1) % path.size()];
        const float segment = glm::distance(a, b);
        if (s <= segment && segment > 0.0f) return glm::mix(a, b, s / segment);
        s -= segment;
    }
    return loop ? path.front() : path.back();
}

// A dynamic sphere against one collider it cannot move (ground, static or
// kinematic): pushed out, the normal approach reversed by the restitution. The
// ball rolls: we do not give it spin, and a ball rolling without slipping feels
// no sliding friction, so contact does not brake its motion along the surface.
void bounceBody(Collider& body, const Collider& other, float h) {
    const auto contact = contactWith(other, body.pose.position, body.shape.radius);
    if (!contact) return;
    const glm::vec3 n = contact->normal;
    body.pose.position += n * contact->depth;
    const glm::vec3 surfaceStart = other.atSubstepStart(body.pose.position);
    const glm::vec3 surfaceVelocity = (body.pose.position - surfaceStart) / h;
    const float vn = glm::dot(body.velocity - surfaceVelocity, n);
    if (vn < 0.0f) body.velocity -= (1.0f + other.material.restitution) * vn * n;
}

} // namespace

Pose interpolate(const Pose& a, const Pose& b, float fraction) {
    return {glm::mix(a.position, b.position, fraction), glm::slerp(a.orientation, b.orientation, fraction)};
}

double scriptClock(const Script& s, double t) {
    const double since = std::max(0.0, t - static_cast<double>(s.start));
    return std::min(since, static_cast<double>(s.duration));
}

Pose scriptedPose(const Collider& c, double t) {
    if (c.motion != MotionKind::Kinematic) return c.home;
    return scriptedPose(c.script, c.home, t);
}

Pose scriptedPose(const Script& s, const Pose& home, double worldTime) {
    const double t = scriptClock(s, worldTime);
    const float wt = static_cast<float>(2.0 * glm::pi<double>() * s.frequency * t) + s.phase;
    switch (s.kind) {
    case ScriptKind::None: return home;
    case ScriptKind::Oscillate: {
        const float len = glm::length(s.axis);
        const glm::vec3 dir = len > 1e-9f ? s.axis / len : glm::vec3(0.0f);
        return {home.position + dir * (s.amplitude * std::sin(wt)), home.orientation};
    }
    case ScriptKind::Orbit: return rotatedAbout(home, s.pivot, s.axis, wt);
    case ScriptKind::Swing: return rotatedAbout(home, s.pivot, s.axis, glm::radians(s.amplitude) * std::sin(wt));
    case ScriptKind::Path:
        if (s.path.empty()) return home;
        return {alongPath(s.path, static_cast<float>(s.speed * t), s.loop), home.orientation};
    }
    return home;
}

void beginColliderStep(Colliders& colliders, double time, float dt) {
    for (Collider& c : colliders) {
        c.stepStart = c.pose;
        if (c.held) c.stepEnd = {c.heldTarget, c.pose.orientation};
        else if (c.motion == MotionKind::Kinematic) c.stepEnd = scriptedPose(c, time + dt);
        else c.stepEnd = c.pose;
        if (!c.isDynamic()) c.velocity = dt > 0.0f ? (c.stepEnd.position - c.stepStart.position) / dt : glm::vec3(0.0f);
    }
}

void beginSubstep(Colliders& colliders, const SubstepClock& clock, glm::vec3 gravity,
                  const CollisionSettings& collision) {
    for (Collider& c : colliders) {
        c.substepStart = c.pose;
        if (!c.isDynamic()) c.pose = interpolate(c.stepStart, c.stepEnd, clock.endFraction());
    }
    const auto ground = groundCollider(collision);
    for (Collider& body : colliders) {
        if (!body.isDynamic()) continue;
        body.velocity += clock.h * gravity;
        body.pose.position += clock.h * body.velocity;
        if (ground) bounceBody(body, *ground, clock.h);
        for (const Collider& other : colliders)
            if (&other != &body && !other.isDynamic()) bounceBody(body, other, clock.h);
    }
}

glm::vec3 rigidMomentum(const Colliders& colliders) {
    glm::vec3 p(0.0f);
    for (const Collider& c : colliders)
        if (c.motion == MotionKind::Dynamic) p += c.mass * c.velocity;
    return p;
}

} // namespace cs
