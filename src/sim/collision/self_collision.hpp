#pragma once
// Self-collision: the cloth against itself, particle against particle.
//
// Why particles: a cloth folds onto itself, drapes over its own layers and, once
// torn, flaps its pieces into each other. Treating every particle as a sphere of
// diameter `thickness` and keeping non-neighbouring particles that far apart is the
// cheapest answer that works with every solver — it is one more position projection,
// like the collider contacts — and it survives tearing unchanged. This is the
// particle contact and positional friction of Macklin et al. 2014, "Unified Particle
// Physics for Real-Time Applications", applied to the cloth's own particles.
//
// Who collides: a pair closer than `thickness` now whose REST distance is at least
// `thickness`. Pairs closer than that at rest are neighbours in the cloth itself; their
// links keep them apart, and pushing them too would fight those links. Rest positions
// travel with the particles when links or triangles change, so the rule needs no
// rebuild after tearing.
//
// The projection, per pair (i, j), d = |x_i - x_j| < h (thickness), n = (x_i - x_j) / d:
//   x_i += w_i / (w_i + w_j) (h - d) n,   x_j -= w_j / (w_i + w_j) (h - d) n
// then positional Coulomb friction: the relative displacement since the start of the
// substep, Δ = (x_i - p_i) - (x_j - p_j), has tangential part Δt = Δ - (Δ·n) n; it is
// removed entirely when |Δt| < μ (h - d), otherwise shortened by μ (h - d), split by the
// same inverse-mass weights. Pinned particles (w = 0) never move.
//
// Finding the pairs: a spatial hash (Teschner et al. 2003, "Optimized Spatial Hashing
// for Collision Detection of Deformable Objects") in the dense, counting-sort layout:
// cells of size h, integer cell coordinates hashed into a table of 2n buckets, one
// array of bucket starts and one of particle indices (with their cell) sorted by
// bucket. A query visits the 27 cells around a particle, keeping from each bucket only
// the particles of the cell it looked for, so hash collisions neither repeat nor add
// candidates. The buffers are kept between calls: after the first
// call with a given particle count, nothing is allocated.
//
// Known weaknesses:
//  - Particles only, no triangles: a layer can slip through the holes of another when h
//    is well under the particle spacing (at h < spacing / sqrt(2) a particle fits through
//    the middle of a grid cell). Keep h near the spacing.
//  - No continuous detection: a particle that crosses a layer within one substep is not
//    caught and ends on the wrong side.
//  - One Gauss-Seidel pass per call in particle order; callers iterate for stiffness.
#include "friction.hpp"
#include "sim/cloth.hpp"

#include <cstdint>
#include <glm/vec3.hpp>
#include <span>
#include <vector>

namespace cs {

// Two particles closer than the self-collision thickness that are not rest neighbours.
struct SelfContactPair {
    std::uint32_t a;   // particle index, a < b
    std::uint32_t b;
    float distance;    // metres between them now
};

// Particle–particle self-collision (cloth against itself) with a spatial hash.
class SelfCollision {
public:
    // Pushes apart every pair of particles closer than `thickness` (metres) whose rest
    // distance is at least `thickness`, then applies positional Coulomb friction
    // (`friction`) to their tangential motion since `previous` (positions
    // at the start of the substep; friction is skipped when its size is not the particle
    // count). One pass over the pairs found from the positions at the call. Returns the
    // number of pairs corrected; 0 without work when thickness <= 0.
    int project(Cloth& cloth, std::span<const glm::vec3> previous, float thickness, Friction friction);

    // Smallest distance, metres, between two particles that are not rest neighbours
    // (rest distance >= thickness), among pairs closer than `range` (metres);
    // +infinity when there is no such pair, or when thickness or range is <= 0.
    float minDistance(const Cloth& cloth, float thickness, float range);

    // Every pair closer than `thickness` (metres) whose rest distance is at least
    // `thickness` — what project() would push apart, pinned pairs included — written
    // into `out` (cleared first; its capacity is reused), each pair once. Reads the
    // cloth only: a view of the contacts for debugging that leaves the solve alone.
    // Returns the number of pairs; 0 when thickness <= 0.
    std::size_t findContacts(const Cloth& cloth, float thickness, std::vector<SelfContactPair>& out);

private:
    // Sorts the particles into the hash for cells of `cellSize` metres.
    void build(std::span<const glm::vec3> positions, float cellSize);
    // Calls visit(j) once for every particle j whose cell, at the last build, is one of
    // the 27 cells around particle i's (i itself included).
    template <class Visit>
    void forEachNeighbour(std::uint32_t i, Visit&& visit) const;

    float m_inverseCellSize = 0.0f;            // 1 / metres
    std::vector<std::uint32_t> m_bucketStart;  // 2n + 1: bucket b holds slots [start[b], start[b+1])
    std::vector<std::uint32_t> m_sorted;       // per slot: particle index, grouped by bucket
    std::vector<std::uint64_t> m_sortedKeys;   // per slot: that particle's cell key
    std::vector<std::uint64_t> m_keys;         // per particle: its cell key
};

} // namespace cs
