#pragma once
// The cloth as a triangle mesh: the links and hinges derived from its triangles,
// its pieces and borders, and the checks that keep an edited mesh sound.
#include "cloth.hpp"

#include <cstddef>
#include <glm/vec2.hpp>
#include <span>
#include <string>
#include <vector>

namespace cs {

// An undirected edge between two particles, smaller index first.
struct EdgeKey {
    std::uint32_t a, b;
    friend bool operator==(const EdgeKey&, const EdgeKey&) = default;
    friend auto operator<=>(const EdgeKey&, const EdgeKey&) = default;
};
inline EdgeKey edgeKey(std::uint32_t a, std::uint32_t b) { return a < b ? EdgeKey{a, b} : EdgeKey{b, a}; }

// The edge from corner k to corner k + 1.
inline EdgeKey triangleEdge(const glm::uvec3& t, int k) { return edgeKey(t[k], t[(k + 1) % 3]); }

// Which corner (0-2) of t is particle p; -1 when p is not a corner of t.
inline int cornerOf(const glm::uvec3& t, std::uint32_t p) { return t.x == p ? 0 : (t.y == p ? 1 : (t.z == p ? 2 : -1)); }

// The 2-D cross product (the z of the 3-D one): > 0 when b turns left of a.
inline float cross2(glm::vec2 a, glm::vec2 b) { return a.x * b.y - a.y * b.x; }

// Area of triangle t over the points x, square metres.
float triangleArea(std::span<const glm::vec3> x, const glm::uvec3& t);

// Whether triangle t has (near) no area: below 1e-6 of its longest edge squared.
bool isDegenerate(std::span<const glm::vec3> x, const glm::uvec3& t);

// Whether triangles s and t are joined across an edge: they share two particles
// and neither has cut that edge.
bool trianglesJoined(const Cloth& cloth, std::uint32_t s, std::uint32_t t);

// Whether span link `link` still has an unbroken support, and its two ends.
bool spanLinkIntact(const Cloth& cloth, const SpanLink& link);

// Fills cloth.supportedStart and cloth.supported from its span links (once, when built).
void indexSpanSupport(Cloth& cloth);
// The span links some of `triangles` support, as indices into cloth.spanLinks, sorted,
// each once — where a cut or tear changed a few hundred triangles, instead of reading
// every span link's support. Without the index (a cloth not made by buildCloth, cloth.hpp):
// every span link, so that callers that check each one stay right.
std::vector<std::uint32_t> spanLinksOn(const Cloth& cloth, std::span<const std::uint32_t> triangles);
inline std::uint32_t spanEndA(const Cloth& cloth, const SpanLink& link) {
    return cloth.triangles[cloth.spanSupport[link.firstSupport]][link.cornerA];
}
inline std::uint32_t spanEndB(const Cloth& cloth, const SpanLink& link) {
    return cloth.triangles[cloth.spanSupport[link.firstSupport + link.supportCount - 1]][link.cornerB];
}

// Rebuilds cloth.links (every triangle edge once, stretch or shear by its flags,
// rest length from restPositions, then the span links whose support is intact —
// the broken ones are dropped for good and counted in tornLinks) and the hinges,
// and starts a new topology version so that every solver cache rebuilds.
void rebuildLinks(Cloth& cloth);

// Adds a bending span link across every hinge (c to d, supported by its two
// triangles): how a mesh without a grid gets long links like the grid's.
void addHingeLinks(ClothShape& shape);

// One triangle's directed edge: its undirected key, the triangle and the corner it starts at.
struct HalfEdge {
    EdgeKey key;
    std::uint32_t triangle;
    int slot;
};

// Every triangle edge, sorted by key then triangle: an edge's triangles are one
// run of equal keys (one: a border edge, two: a hinge, more: not a manifold).
std::vector<HalfEdge> sortedHalfEdges(const std::vector<glm::uvec3>& triangles);

// Connected pieces: each particle's piece (0 .. count - 1) through shared triangles,
// numbered in order of their lowest particle (particle 0 is in piece 0).
struct Pieces {
    std::vector<std::uint32_t> of;   // per particle
    std::size_t count = 0;
};
Pieces findPieces(const std::vector<glm::uvec3>& triangles, std::size_t particles);
Pieces findPieces(const Cloth& cloth);
// Whether `particles` are all joined to each other through the triangles `through`
// (indices into `triangles`) alone; none is joined, one is.
bool joinedThrough(const std::vector<glm::uvec3>& triangles, std::span<const std::uint32_t> through,
                   std::span<const std::uint32_t> particles, std::size_t particleCount);

// The triangles around each particle, as offsets into one array.
struct TriangleFans {
    std::vector<std::uint32_t> start, items;  // particle v's triangles: items[start[v] .. start[v + 1])
    TriangleFans() = default;
    TriangleFans(const std::vector<glm::uvec3>& triangles, std::size_t particles);
    std::span<const std::uint32_t> of(std::uint32_t v) const {
        return {items.data() + start[v], items.data() + start[v + 1]};
    }
};

// Every edge of the triangles once, sorted.
std::vector<EdgeKey> uniqueEdges(const std::vector<glm::uvec3>& triangles);

// Edges that belong to exactly one triangle: the cloth's outline, cuts included.
std::vector<EdgeKey> findBorderEdges(const std::vector<glm::uvec3>& triangles);
std::size_t countBorderEdges(const Cloth& cloth);

// Empty when the mesh is sound; otherwise the first broken rule: a corner or link
// end that is not a particle, an edge in more than two triangles, a triangle with
// (near) zero rest area, per-particle arrays of different sizes, a non-finite position.
std::string checkTopology(const Cloth& cloth);

// Empty when the cloth is sound: per-particle arrays of one size, finite positions
// and velocities, triangle corners and link ends that are particles, and
// checkTopology's rules. The soak runs it after every action.
std::string checkInvariants(const Cloth& cloth);

// Empty when a producer's shape can become a cloth: indices in range, no triangle
// with a repeated corner or zero area, no edge in more than two triangles, and —
// unless allowPieces — one connected piece. Otherwise what and where (vertex and
// triangle numbers from 0).
std::string validateShape(const ClothShape& shape, bool allowPieces);

} // namespace cs
