#pragma once
// Colliders inside each other: a collider that lies wholly inside another one
// can never be touched by the cloth (a duplicate, or one typed or dragged into
// another). Nothing breaks, but it is rarely what a scene meant, so the scene
// reader and the colliders panel say so. Shapes that only overlap — a table's
// legs under its top, a head on a body, rotated boxes making a round top — are
// how compound objects are built from the primitives, and are left alone.
#include "colliders.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace cs {

struct ColliderOverlap {
    std::size_t inner = 0;   // the collider that lies wholly inside...
    std::size_t outer = 0;   // ...this one (indices into the colliders)
    float clearance = 0.0f;  // metres between the inner one and the outer one's surface, at least (0: touching)

    std::string describe(const Colliders& colliders) const;  // for the user: which, and what it means
};

// The pairs of colliders (at their current poses) where one lies wholly inside
// the other (within `tolerance` metres), in the order of the pair's later
// collider. Exact for every shape inside a sphere, box, capsule or infinite
// plane (all convex: a box is inside when its corners are, a capsule when its
// end spheres are). Planes are never the inner one (an infinite plane has no
// end; a finite one is a one-sided panel) and a panel has no inside.
std::vector<ColliderOverlap> findColliderOverlaps(const Colliders& colliders, float tolerance = 1e-4f);

} // namespace cs
