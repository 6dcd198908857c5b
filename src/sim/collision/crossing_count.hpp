#pragma once
// The exact number of crossing pairs among a cloth's own triangles: the instrument by
// which every claim about self-contact is checked (DESIGN.md, Contact). It changes nothing.
//
// A pair counts when the two triangles share no vertex (index) and no vertex position (a
// corner of one with exactly the coordinates of a corner of the other: the two sides of
// a fresh cut touch without crossing), and their closed point sets intersect
// (triangle_crossing.hpp): every common point counts, so coplanar overlapping triangles,
// a vertex exactly on a face and two touching edges each make a crossing pair. The
// decision is exact for float coordinates (exact_predicates.hpp). A triangle with a
// corner that is not finite takes part in no pair (the stats count such particles apart).
//
// Candidates come from a box tree (box_tree.hpp) over the triangles' exact float boxes,
// built when the topology changes (the key the caller passes, or the triangle count)
// and refit on every call; the tree is traversed against itself, so each pair of
// overlapping boxes is met once. The traversal is cut into tasks dealt round-robin to
// solver.threads threads; the count is a sum of integers, the same for any number of
// threads. After the first call with a topology and thread count, nothing is allocated.
#include <cstddef>
#include <cstdint>
#include <glm/vec3.hpp>
#include <span>
#include <utility>
#include <vector>

#include "box_tree.hpp"

namespace cs {

struct Cloth;

class CrossingCounter {
public:
    // `topologyKey` changes whenever `triangles` change (Cloth::topologyVersion).
    std::size_t count(std::span<const glm::vec3> positions, std::span<const glm::uvec3> triangles,
                      std::uint64_t topologyKey, int threads);
    std::size_t count(const Cloth& cloth, int threads);

    // Marks the triangles that take part in a crossing pair: crossing[k] = 1 when triangle k
    // is in at least one, else 0 (crossing.size() == triangles.size()). Returns the number
    // of pairs, as count() does. One thread (a flag can be set from two pairs); for the
    // contacts view. Allocates nothing after the first call with a topology.
    std::size_t markCrossingTriangles(std::span<const glm::vec3> positions, std::span<const glm::uvec3> triangles,
                                      std::uint64_t topologyKey, std::span<std::uint8_t> crossing);
    std::size_t markCrossingTriangles(const Cloth& cloth, std::span<std::uint8_t> crossing);

    // The crossing pairs (i < j, triangle indices), sorted: for views and for tests. Allocates.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs(std::span<const glm::vec3> positions,
                                                               std::span<const glm::uvec3> triangles,
                                                               std::uint64_t topologyKey);

private:
    void prepare(std::span<const glm::vec3> positions, std::span<const glm::uvec3> triangles,
                 std::uint64_t topologyKey);

    BoxTree m_tree;
    std::vector<Box> m_boxes;
    std::uint64_t m_topologyKey = 0;
    bool m_built = false;
};

// Whether triangles s and t of a mesh make a crossing pair by the rule above.
bool trianglesCross(std::span<const glm::vec3> positions, glm::uvec3 s, glm::uvec3 t);

} // namespace cs
