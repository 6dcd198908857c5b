#pragma once
// Pin groups: sets of cloth vertices held by a script, the way a hand or a
// clamp holds cloth. A scene names a group's vertices by a rectangle of the
// cloth's rest (u, v) square (fractions, as --cut takes its stroke), so that it
// holds the same part of the cloth at any resolution, and gives it a script
// (colliders.hpp's Script, read by the same scriptedPose as colliders): the
// group moves rigidly as a body whose rest pose is the identity, so an orbit or
// swing turns the held vertices about the script's pivot and axis (world
// metres), an oscillation or a path moves them by its offset (a path's points
// are displacements from where the vertices were built).
//
// A group holds its vertices from t = 0 (at the script's first pose until its
// start) until `release`; then they are free with the velocity they had. While
// held a vertex is kinematic (inverse mass 0, like a grabbed particle: every
// solver treats it as prescribed) and is put, before each physics step, where
// the script will have it at the end of the step, with velocity = that move / dt;
// the CPU solvers then move it along the script within the step (placeHeldVertices).
#include "collision/colliders.hpp"

#include <cstdint>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <limits>
#include <string>
#include <vector>

namespace cs {

struct Cloth;

struct PinGroup {
    glm::vec2 uvMin{0.0f};   // the held rectangle of rest (u, v), both ends included
    glm::vec2 uvMax{0.0f};
    Script script;           // its motion (kind none: held where it was built)
    float release = std::numeric_limits<float>::infinity();  // seconds: lets go at this time

    // Resolved on the cloth by bindPinGroups (not part of the scene):
    std::vector<std::uint32_t> vertices;  // held particles
    std::vector<glm::vec3> anchors;       // where each was built, metres
    bool holding = false;                 // holds them now
};

using PinGroups = std::vector<PinGroup>;

// Whether rest (u, v) lies in the group's rectangle (to within 1e-6 of the square).
bool inPinRectangle(const PinGroup& group, glm::vec2 uv);

// The first pair of groups that could hold a vertex in common at the same time:
// both hold from t = 0 (unless released at 0) and their rectangles meet. Decided
// on the rectangles, not on a cloth, so a scene is refused at every resolution
// or at none. -1, -1 when no pair clashes.
struct PinGroupClash {
    int first = -1, second = -1;
    bool any() const { return first >= 0; }
};
PinGroupClash findPinGroupClash(const PinGroups& groups);

// Finds each group's vertices on a freshly built cloth (at its built positions)
// and takes hold of them: inverse mass 0, at the script's first pose. Returns
// why not when a group holds no vertex at all (it is kept, holding nothing).
std::string bindPinGroups(PinGroups& groups, Cloth& cloth);

// Before a physics step [time, time + dt]: lets go of the groups whose release
// has come (their vertices get their mass back unless pinned, and keep their
// velocity) and puts every held vertex where its script is at time + dt.
void applyPinGroups(PinGroups& groups, Cloth& cloth, double time, float dt);

// Puts every held vertex where its script is at time t. Every CPU solver calls it
// at the top of each substep (startSubstep) with t at the substep's end, so a held
// edge moves along its script substep by substep, not in one jump when the step
// begins, and triangle contact's bound sees that motion like any other (a vertex
// it held back is put on its script again at the next substep: it catches up).
void placeHeldVertices(const PinGroups& groups, Cloth& cloth, double t);

// Where a held vertex of `group` is at time t, metres.
glm::vec3 pinnedPosition(const PinGroup& group, std::size_t member, double t);

} // namespace cs
