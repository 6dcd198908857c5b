#pragma once
// How the Verlet-style solvers (verlet, jakobsen) translate between their own
// state (x, x_prev) and the velocity every solver shares, so that switching in
// and out keeps the motion. For constant acceleration both are exact.
#include <glm/vec3.hpp>

namespace cs {

// The position one step h ago, from x, the shared velocity v at x and the
// acceleration a that went into v (Taylor: x - v h + a h^2 / 2).
inline glm::vec3 verletPrevious(glm::vec3 x, glm::vec3 v, glm::vec3 a, float h) {
    return x - h * v + 0.5f * h * h * a;
}

// The shared velocity at `next` after a Verlet step from `x` under acceleration a:
// the chord velocity (next - x) / h is the one half a step back.
inline glm::vec3 verletVelocity(glm::vec3 next, glm::vec3 x, glm::vec3 a, float h) {
    return (next - x) / h + 0.5f * h * a;
}

} // namespace cs
