#include "grab.hpp"

#include <cmath>
#include <glm/geometric.hpp>

namespace cs {
namespace {

// buildGridCloth gives every built cloth a generation of its own in the upper
// 32 bits of topologyVersion; topology edits (tearing) count up in the lower
// bits. A new generation means a different cloth, whatever its size.
std::uint64_t clothGeneration(const Cloth& cloth) { return cloth.topologyVersion >> 32; }

// At most kMaxGrabStep of the way from `from` to `to`.
glm::vec3 limitedStep(glm::vec3 from, glm::vec3 to) {
    const glm::vec3 d = to - from;
    const float length = glm::length(d);
    if (!(length <= kMaxGrabStep)) return length > 0.0f && std::isfinite(length) ? from + d * (kMaxGrabStep / length) : from;
    return to;
}

// Exponential smoothing with time constant kDragSmoothing, independent of dt.
glm::vec3 smoothed(glm::vec3 average, glm::vec3 sample, float dt) {
    const float weight = 1.0f - std::exp(-dt / kDragSmoothing);
    return average + weight * (sample - average);
}

} // namespace

// --- ParticleGrab -------------------------------------------------------------

bool ParticleGrab::stillValid(const World& world) const {
    const Cloth& cloth = world.cloth;
    // a tear or a cut appends particles and keeps every index (topology_edit.hpp): the
    // held particle is still the one held, and the drag goes on through the tear
    return m_particle && *m_particle < cloth.particleCount() && cloth.particleCount() >= m_particleCount &&
           clothGeneration(cloth) == m_clothGeneration;
}

bool ParticleGrab::holding(const World& world) {
    if (!stillValid(world)) m_particle.reset();
    return m_particle.has_value();
}

bool ParticleGrab::begin(World& world, std::size_t particle) {
    if (holding(world)) release(world);
    Cloth& cloth = world.cloth;
    if (particle >= cloth.particleCount()) return false;
    m_particle = particle;
    m_particleCount = cloth.particleCount();
    m_clothGeneration = clothGeneration(cloth);
    // a pinned particle has inverse mass 0 already; should it be unpinned while
    // held, its mass is what it gets back
    const float mass = cloth.masses[particle];
    m_inverseMass = cloth.pinned[particle] ? (mass > 0.0f ? 1.0f / mass : 0.0f) : cloth.inverseMasses[particle];
    cloth.inverseMasses[particle] = 0.0f;
    m_target = cloth.positions[particle];
    m_dragVelocity = glm::vec3(0.0f);
    return true;
}

void ParticleGrab::apply(World& world, float dt) {
    if (!holding(world) || !(dt > 0.0f)) return;
    Cloth& cloth = world.cloth;
    const std::size_t i = *m_particle;
    // move towards the target, a limited jump per step
    const glm::vec3 from = cloth.positions[i];
    const glm::vec3 to = limitedStep(from, m_target);
    const glm::vec3 velocity = (to - from) / dt;
    cloth.positions[i] = to;
    cloth.velocities[i] = velocity;
    // kinematic: an unpin (setPinned(i, false)) during the hold gave it its mass back
    cloth.inverseMasses[i] = 0.0f;
    m_dragVelocity = smoothed(m_dragVelocity, velocity, dt);
}

void ParticleGrab::release(World& world) {
    if (!holding(world)) return;
    Cloth& cloth = world.cloth;
    const std::size_t i = *m_particle;
    m_particle.reset();
    if (cloth.pinned[i]) {
        cloth.inverseMasses[i] = 0.0f;
        cloth.velocities[i] = glm::vec3(0.0f);
        return;
    }
    cloth.inverseMasses[i] = m_inverseMass;
    cloth.velocities[i] = m_dragVelocity;
}

// --- ColliderGrab -------------------------------------------------------------

bool ColliderGrab::stillValid(const World& world) const {
    // a reset or a new scene clears `held` (resetWorld): then this hold is over.
    // Colliders added behind it leave the index as it is; removals go through colliderRemoved.
    return m_index && *m_index < world.colliders.size() && world.colliders[*m_index].held;
}

bool ColliderGrab::holding(const World& world) {
    if (!stillValid(world)) m_index.reset();
    return m_index.has_value();
}

bool ColliderGrab::begin(World& world, std::size_t index) {
    if (holding(world)) release(world);
    if (index >= world.colliders.size()) return false;
    Collider& c = world.colliders[index];
    m_index = index;
    m_startPosition = c.pose.position;
    m_target = c.pose.position;
    m_dragVelocity = glm::vec3(0.0f);
    c.held = true;
    c.heldTarget = c.pose.position;
    return true;
}

void ColliderGrab::apply(World& world, float dt) {
    if (!holding(world) || !(dt > 0.0f)) return;
    Collider& c = world.colliders[*m_index];
    c.heldTarget = limitedStep(c.pose.position, m_target);
    m_dragVelocity = smoothed(m_dragVelocity, (c.heldTarget - c.pose.position) / dt, dt);
}

void ColliderGrab::release(World& world) {
    if (!holding(world)) return;
    Collider& c = world.colliders[*m_index];
    m_index.reset();
    c.held = false;
    if (c.motion == MotionKind::Dynamic) {
        c.velocity = m_dragVelocity;
    } else {
        // it stays where it was dropped: the script (and a reset) start from there
        // now. The script's own world points move along, so that an orbit or a
        // path keeps its shape around the new place.
        const glm::vec3 offset = c.pose.position - m_startPosition;
        c.home.position += offset;
        c.script.pivot += offset;
        for (glm::vec3& point : c.script.path) point += offset;
        c.velocity = glm::vec3(0.0f);
    }
}

void ColliderGrab::colliderRemoved(World& world, std::size_t index) {
    if (!holding(world)) return;
    if (*m_index == index) {
        release(world);
        return;
    }
    if (*m_index > index) --*m_index;
}

} // namespace cs
