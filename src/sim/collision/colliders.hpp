#pragma once
// Colliders: rigid shapes the cloth touches. Each has a shape (sphere, plane,
// oriented box, capsule) in its own frame, a pose placing that frame in the
// world, a contact material, and a way its pose evolves: static, kinematic
// (scripted, or held by the user's mouse) or dynamic (a rigid sphere with mass
// that the cloth pushes and that pushes the cloth).
//
// A contact query answers: is this point closer than `thickness` to the
// surface (or inside), and if so, which way is out and how far.
#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <limits>
#include <optional>
#include <string_view>
#include <vector>

namespace cs {

enum class ShapeKind : int { Sphere, Plane, Box, Capsule };
inline constexpr int kShapeKindCount = 4;

// How the pose changes over time.
enum class MotionKind : int {
    Static,     // never moves (but the user may drag it)
    Kinematic,  // follows its script; pushes the cloth, is not pushed back
    Dynamic,    // a rigid body under gravity and contact (spheres only)
};
inline constexpr int kMotionKindCount = 3;

// Scripted motion of a kinematic collider, relative to its home pose.
enum class ScriptKind : int {
    None,       // stays at home (until dragged)
    Oscillate,  // translation home + axis * amplitude * sin(2 pi f t + phase)
    Orbit,      // rigid rotation about the line (pivot, axis) at f turns per second
    Swing,      // pendulum: rotation about (pivot, axis) by amplitude degrees * sin(2 pi f t + phase)
    Path,       // through the keyframes at `speed` metres per second, back to the first (or, loop off, stopping at the last)
};
inline constexpr int kScriptKindCount = 5;

struct Pose {
    glm::vec3 position{0.0f};                               // metres
    glm::quat orientation{1.0f, 0.0f, 0.0f, 0.0f};          // local -> world

    glm::vec3 toWorld(glm::vec3 local) const { return position + orientation * local; }
    glm::vec3 toLocal(glm::vec3 world) const { return glm::conjugate(orientation) * (world - position); }
    glm::vec3 axis(int i) const {  // a local axis in world coordinates
        glm::vec3 e(0.0f);
        e[i] = 1.0f;
        return orientation * e;
    }
};

// The shape in its local frame, centred on the origin.
//   sphere:  radius
//   plane:   the half-space local y < 0 is solid (outward normal local +y); with
//            halfSize > 0 only the rectangle |x| <= halfSize.x, |z| <= halfSize.y
//            is there (a finite, one-sided panel), with 0 it is infinite
//   box:     |x|, |y|, |z| <= halfExtents
//   capsule: every point within radius of the segment y in [-halfLength, halfLength]
struct Shape {
    ShapeKind kind = ShapeKind::Sphere;
    float radius = 0.5f;                // metres: sphere, capsule
    glm::vec3 halfExtents{0.5f};        // metres: box
    float halfLength = 0.5f;            // metres: capsule, centre to cap centre
    glm::vec2 halfSize{0.0f};           // metres: plane; 0 = infinite
};

// Coulomb friction and restitution of the contact between the cloth and this collider.
struct ContactMaterial {
    float staticFriction = 0.5f;   // mu_s: sliding starts when tangential / normal exceeds it
    float kineticFriction = 0.4f;  // mu_k: resistance while sliding
    float restitution = 0.0f;      // fraction of the normal approach speed given back
};

struct Script {
    ScriptKind kind = ScriptKind::None;
    glm::vec3 axis{1.0f, 0.0f, 0.0f};   // oscillate: direction; orbit, swing: rotation axis
    glm::vec3 pivot{0.0f};              // orbit, swing: a point on the rotation axis, metres
    float amplitude = 0.0f;             // oscillate: metres; swing: degrees
    float frequency = 0.0f;             // hertz
    float phase = 0.0f;                 // radians
    std::vector<glm::vec3> path;        // keyframes (world positions), metres
    float speed = 1.0f;                 // path: metres per second
    bool loop = true;                   // path: runs back to the first keyframe; off: stops at the last
    // The script's clock: it reads its pose at min(max(t - start, 0), duration),
    // so it waits at its first pose until `start` and holds its last after `duration`.
    float start = 0.0f;                 // seconds
    float duration = std::numeric_limits<float>::infinity();  // seconds; infinite: runs for ever
};

struct Collider {
    Shape shape;
    ContactMaterial material;
    MotionKind motion = MotionKind::Static;
    Script script;
    Pose home;               // pose at t = 0; scripts move relative to it
    Pose pose;               // pose now
    glm::vec3 velocity{0.0f};  // metres per second (kinematic: of the pose's origin; dynamic: state)
    glm::vec3 initialVelocity{0.0f};  // dynamic: velocity at t = 0
    float mass = 1.0f;       // kilograms, dynamic only
    bool held = false;       // the user is dragging it: it follows `heldTarget` instead of its script

    // Within a physics step: the pose at its start and the pose it must reach at
    // its end; solvers move the collider between the two, one substep at a time.
    Pose stepStart;
    Pose stepEnd;
    Pose substepStart;        // where the current substep began: contact measures slip against it
    glm::vec3 heldTarget{0.0f};

    // Where the point of the collider that is at x now was at the substep's start (metres).
    glm::vec3 atSubstepStart(glm::vec3 x) const { return substepStart.toWorld(pose.toLocal(x)); }

    bool isDynamic() const { return motion == MotionKind::Dynamic && !held && mass > 0.0f; }
    // 0 for everything the cloth cannot push: static, kinematic, held.
    float inverseMass() const { return isDynamic() ? 1.0f / mass : 0.0f; }
};

using Colliders = std::vector<Collider>;

struct Contact {
    glm::vec3 normal;   // unit, pointing out of the collider
    float depth;        // metres the point must move along the normal (> 0)
};

std::string_view shapeName(ShapeKind kind);
std::string_view motionName(MotionKind kind);
std::string_view scriptName(ScriptKind kind);

// Contact of point x with the collider inflated by thickness, at its current pose.
std::optional<Contact> contactWith(const Collider& collider, glm::vec3 x, float thickness);
// The same with the collider's shape placed at `pose` (where it was earlier, say).
std::optional<Contact> contactAt(const Collider& collider, const Pose& pose, glm::vec3 x, float thickness);

// Signed distance from x to the surface (negative inside), metres.
float signedDistance(const Collider& collider, glm::vec3 x);

// Distance along the ray origin + t dir (dir unit) to the first hit of the
// collider's surface, or nothing. Used to pick colliders with the mouse.
std::optional<float> intersectRay(const Collider& collider, glm::vec3 origin, glm::vec3 dir);

// The smallest size of the shape (diameter, thinnest box side); a plane has none (infinite).
float smallestSize(const Shape& shape);

// Convenience constructors, home pose = pose = given.
Collider makeSphere(glm::vec3 center, float radius);
Collider makeBox(glm::vec3 center, glm::vec3 halfExtents, glm::quat orientation = glm::quat(1, 0, 0, 0));
Collider makeCapsule(glm::vec3 center, float radius, float halfLength, glm::quat orientation = glm::quat(1, 0, 0, 0));
// Solid below dot(normal, x) = dot(normal, point); finite when halfSize > 0.
Collider makePlane(glm::vec3 point, glm::vec3 normal, glm::vec2 halfSize = glm::vec2(0.0f));

// Rotation that takes local +y onto `direction` (unit).
glm::quat rotationFromY(glm::vec3 direction);

} // namespace cs
