#pragma once
// Holding things with the mouse, without the mouse: handles that the app's
// tools drive from the cursor and that tests drive from code.
//
// ParticleGrab makes one cloth particle kinematic (inverse mass 0, so every
// solver treats it as prescribed, like a pin) and, before each physics step,
// moves it to the target the cursor gives. The jump per step is limited
// (kMaxGrabStep) so that a flick of the mouse does not teleport a particle
// across the scene: force-based solvers would meet a spring stretched by
// metres and explode. Its velocity is set to the step's displacement / dt so
// that damping forces see it moving; the drag velocity (the same, smoothed over
// kDragSmoothing seconds) is what the particle keeps when let go, so a flick
// throws the cloth. `pinned` is never touched: pinning a held particle (Ctrl +
// click, keys 0-3) keeps it where it was dropped.
//
// ColliderGrab does the same for a collider through Collider::held and
// heldTarget (the simulation moves a held collider to heldTarget over the next
// step, pushing the cloth; motion.hpp). On release a static or kinematic
// collider stays where it was dropped — its home pose moves by the drop offset
// (and with it the script's pivot and path keyframes), so a script carries on
// from there and a reset returns there — and a dynamic one flies off with the
// drag velocity.
//
// Both handles check, every call, that the world still holds what they grabbed
// (the cloth can be rebuilt by a reset or a scene switch, colliders can be
// deleted); if not they let go silently, never touching the new state.
#include "world.hpp"

#include <cstddef>
#include <cstdint>
#include <glm/vec3.hpp>
#include <optional>

namespace cs {

inline constexpr float kMaxGrabStep = 0.5f;      // metres a held thing may move in one physics step
inline constexpr float kDragSmoothing = 0.05f;   // seconds: time constant of the smoothed drag velocity

class ParticleGrab {
public:
    // Takes hold of `particle` (letting go of any other first). Returns false,
    // and holds nothing, when there is no such particle.
    bool begin(World& world, std::size_t particle);

    // Where the particle should be, metres. It gets there over the next steps.
    void setTarget(glm::vec3 target) { m_target = target; }

    // Call before each physics step of dt seconds: moves the particle towards
    // the target (at most kMaxGrabStep), sets its velocity and keeps it kinematic.
    void apply(World& world, float dt);

    // Lets go: the particle gets its mass back (unless it was pinned meanwhile)
    // and the drag velocity.
    void release(World& world);

    // Forgets the grab without touching the world (it was replaced).
    void drop() { m_particle.reset(); }

    // Whether a particle is held in this world; false (and dropped) when the
    // cloth was rebuilt or shrank since begin (a tear or a cut, which only add
    // particles, keep the hold).
    bool holding(const World& world);
    bool active() const { return m_particle.has_value(); }
    std::optional<std::size_t> particle() const { return m_particle; }
    glm::vec3 target() const { return m_target; }
    glm::vec3 dragVelocity() const { return m_dragVelocity; }  // metres per second

private:
    bool stillValid(const World& world) const;

    std::optional<std::size_t> m_particle;
    std::size_t m_particleCount = 0;     // of the cloth at begin
    std::uint64_t m_clothGeneration = 0; // ditto: a rebuilt cloth starts a new one
    float m_inverseMass = 0.0f;          // to give back on release, 1 / kilograms
    glm::vec3 m_target{0.0f};
    glm::vec3 m_dragVelocity{0.0f};
};

class ColliderGrab {
public:
    // Takes hold of collider `index` (letting go of any other first). Returns
    // false when there is no such collider.
    bool begin(World& world, std::size_t index);

    // Where the collider's centre (pose origin) should be, metres.
    void setTarget(glm::vec3 target) { m_target = target; }

    // Call before each physics step: sets heldTarget, at most kMaxGrabStep from
    // where the collider is, and updates the drag velocity.
    void apply(World& world, float dt);

    // Lets go (see the top of the file for what each kind of motion does).
    void release(World& world);
    void drop() { m_index.reset(); }

    // Collider `index` is about to be erased from world.colliders: lets go of
    // it if it is the held one, and keeps pointing at the right one otherwise.
    void colliderRemoved(World& world, std::size_t index);

    bool holding(const World& world);
    bool active() const { return m_index.has_value(); }
    std::optional<std::size_t> collider() const { return m_index; }
    glm::vec3 target() const { return m_target; }
    glm::vec3 dragVelocity() const { return m_dragVelocity; }  // metres per second

private:
    bool stillValid(const World& world) const;

    std::optional<std::size_t> m_index;
    glm::vec3 m_startPosition{0.0f};  // pose origin at begin, metres
    glm::vec3 m_target{0.0f};
    glm::vec3 m_dragVelocity{0.0f};
};

} // namespace cs
