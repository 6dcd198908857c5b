#pragma once
// Cuts that follow the blade: the triangles a cut crosses are split along it, so
// the new border lies on the stroke instead of zig-zagging along existing edges.
//
// A cut is given as where the blade crosses the mesh's edges (a BladePath): each
// crossing names an edge and the fraction along it, and the order along the blade.
// Where a crossing lies within kSnapFraction of an edge's length from one of its
// ends, that end slides along the edge onto the crossing instead of a new vertex
// being inserted (node snapping, Nienhuys & van der Stappen): the border still lies
// on the stroke and no sliver is made. Every other crossing inserts a vertex, whose
// rest position, uv, position, previous position and velocity are interpolated
// along the edge. A triangle the blade runs through is split into a triangle and
// a quad (two triangles) along it; the edges along the blade are then cut and the
// particles on them split (topology_edit.hpp), so the two sides part. Masses are
// lumped again from the new rest areas over the edited region, scaled so that the
// total mass is unchanged, and the velocities there shifted by one common amount
// so that the momentum is unchanged.
//
// A blade that ends inside the cloth leaves a slit ending at the last edge it
// crossed (the triangle beyond is split there without a cut, so the mesh stays
// conforming); a second blade that starts at the slit's end continues it and gives
// the same mesh as one blade would have.
#include "cloth.hpp"
#include "topology.hpp"
#include "topology_edit.hpp"

#include <glm/vec2.hpp>
#include <span>
#include <vector>

namespace cs {

// A crossing nearer than this fraction of its edge's length to an end moves that
// end instead of inserting a vertex. 0.2: a triangle split at fractions u, v of two
// of its edges keeps at least u·v of its area in each part (4 %), and a vertex moved
// 20 % along one edge keeps its other triangles well shaped; 0.25 and above moved
// vertices far enough to visibly dent the weave, below 0.1 slivers of 1 % appeared.
inline constexpr float kSnapFraction = 0.2f;

// Where a blade crosses one edge.
struct EdgeCrossing {
    EdgeKey edge;   // the edge, smaller particle first
    float t;        // 0 at edge.a, 1 at edge.b
    float along;    // position along the blade (any increasing measure): orders entry and exit
};

// What a blade crosses: its edge crossings, and the particles it runs exactly through.
struct BladePath {
    std::vector<EdgeCrossing> crossings;    // sorted by along
    std::vector<std::uint32_t> onVertices;  // particles lying on the blade
    bool empty() const { return crossings.empty() && onVertices.empty(); }
};

// The crossings of the rest (u, v) segment uv0 -> uv1 with every edge of the mesh
// (border edges too: a cut that starts outside enters through the outline), and
// the particles within a hair (1e-4 of the mean edge) of it.
BladePath bladeAlongRestSegment(const Cloth& cloth, glm::vec2 uv0, glm::vec2 uv1);

// Splits what the blade crosses and cuts along it (see above); the links are updated.
// Crossings on edges that no longer exist are skipped, so a path replayed on a
// different cloth does nothing rather than harm. `room`: where self-contact runs, how
// far each particle may move without a crossing (World::contactRoom); a snap that
// would move one farther inserts a vertex instead (a sliver may be made, never a
// crossing), and a snap uses up its particle's room. Empty: snaps move freely.
// `edit`, where given, receives what was edited (for the solvers: Solver::topologyChanged).
CutResult cutAlongBlade(Cloth& cloth, const BladePath& path, std::span<float> room = {}, TopologyEdit* edit = nullptr);

} // namespace cs
