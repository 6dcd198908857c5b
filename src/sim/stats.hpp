#pragma once
// Measurements of a world's state: what the headless JSON, the stats panel and
// the tests read.
#include "world.hpp"

#include <cstddef>
#include <optional>
#include <vector>

namespace cs {

// One connected piece of the cloth.
struct PieceStats {
    std::size_t particles = 0;
    std::size_t pinned = 0;
    float mass = 0.0f;              // kilograms
    glm::vec3 centroid{0.0f};       // mass-weighted, metres
    float minY = 0.0f;              // metres
};

struct ClothStats {
    float maxStretchRatio = 0.0f;   // max over stretch links of length / rest length
    // the residual every method has: over the stretch links (the ones every method keeps
    // at their rest length; shear and bending links give way by design, a fold squeezes
    // a bending link to nothing), the largest relative length error |length / rest
    // length - 1|, stretched or squeezed; 0.01 is 1 %
    float maxLinkError = 0.0f;
    float maxPenetration = 0.0f;    // deepest particle inside a collider (true surface), metres
    float minY = 0.0f;              // metres
    glm::vec3 centroid{0.0f};       // mass-weighted centre, metres
    glm::vec3 bboxMin{0.0f};
    glm::vec3 bboxMax{0.0f};
    double kineticEnergy = 0.0;     // joules, moving particles only
    std::size_t nanCount = 0;       // particles whose position or velocity is not finite
    // With self-contact on, metres: triangleContactMinDistance() where a report sets it
    // (the headless run); measureCloth leaves it empty (a detection's cost, not per frame).
    std::optional<float> selfMinDistance;
};

// Reads the world only and allocates nothing: the app's plots call it every frame.
ClothStats measureCloth(const World& world);

// With triangle self-contact on: the smallest vertex-triangle or edge-edge distance
// between features that share no vertex, metres (infinity when none is within the query
// radius), by one detection at the cloth's positions — a detection's cost, so for a
// report, not per frame. Empty where triangle contact does not run (usesTriangleContact).
std::optional<float> triangleContactMinDistance(const World& world);

// What tearing and cutting have done to the mesh. Sorts the edges and walks the
// pieces: O(triangles log triangles), so a per-frame reader caches it by the
// cloth's topologyVersion (the piece positions are only as fresh as the call).
struct TopologyStats {
    std::size_t triangles = 0;
    std::size_t borderEdges = 0;    // edges of one triangle only: the outline and the cuts
    std::uint64_t tornLinks = 0;    // links broken by tearing or cut since the cloth was built
    std::vector<PieceStats> pieces; // connected components, the largest first
};

TopologyStats measureTopology(const World& world);

// Deepest penetration of one point into any collider or the ground, metres (0 if outside).
float penetrationDepth(const World& world, glm::vec3 x);

} // namespace cs
