#pragma once
// How colliders move. Kinematic colliders follow a script (or the user's mouse);
// dynamic spheres are rigid bodies under gravity that bounce and slide on the
// ground and take the cloth's contact impulses (see contact.hpp).
//
// Time inside a physics step: the Simulation fixes where every kinematic
// collider starts and ends the step (beginColliderStep); each solver, at the
// start of each of its substeps, moves the colliders one substep along that
// path and advances the dynamic bodies (beginSubstep). Contact therefore sees
// the collider move in small increments, which is how fast colliders are kept
// from passing through the cloth (contact.hpp adds finer increments when one
// substep is still too long a jump for the collider's size).
#include "colliders.hpp"

namespace cs {

struct CollisionSettings;

// Where a script puts a body whose pose at rest is `home`, at time t (seconds).
// Colliders and pin groups (pin_groups.hpp) both move by it.
Pose scriptedPose(const Script& script, const Pose& home, double t);

// The script's own time at world time t: 0 until its start, then running, and
// held at its duration once that is over.
double scriptClock(const Script& script, double t);

// Where the script puts the collider at time t (seconds); the home pose for
// static and dynamic colliders and for a script of kind None.
Pose scriptedPose(const Collider& collider, double t);

// The pose between a and b: positions linearly, orientations by slerp.
Pose interpolate(const Pose& a, const Pose& b, float fraction);

// Which substep of a physics step a solver is in.
struct SubstepClock {
    int index = 0;   // 0 .. count - 1
    int count = 1;
    float h = 0.0f;  // seconds per substep
    float startFraction() const { return static_cast<float>(index) / static_cast<float>(count); }
    float endFraction() const { return static_cast<float>(index + 1) / static_cast<float>(count); }
};

// Fixes each collider's path for the step [time, time + dt]: scripted colliders
// head for their scripted pose at time + dt, held ones for the user's target,
// static ones stay. Sets the kinematic velocity of each.
void beginColliderStep(Colliders& colliders, double time, float dt);

// Moves non-dynamic colliders to their pose at the end of this substep, and
// advances dynamic bodies by gravity over h (with ground contact). Records the
// substep's starting pose of every collider (contact measures slip against it).
void beginSubstep(Colliders& colliders, const SubstepClock& clock, glm::vec3 gravity,
                  const CollisionSettings& collision);

// Momentum of the dynamic bodies, kilogram metres per second.
glm::vec3 rigidMomentum(const Colliders& colliders);

} // namespace cs
