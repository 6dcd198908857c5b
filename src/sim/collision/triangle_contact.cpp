#include "triangle_contact.hpp"

#include "crossing_count.hpp"

#include "../parallel.hpp"
#include "../profile.hpp"
#include "../topology.hpp"
#include "proximity.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <glm/geometric.hpp>
#include <limits>
#include <numeric>
#include <tuple>

namespace cs {
namespace {

constexpr std::uint32_t kNone = ~0u;

glm::dvec3 d3(glm::vec3 v) { return glm::dvec3(v); }

// target = min(target, value) from several threads: the same result in any order.
void atomicMin(float& target, float value) {
    std::atomic_ref<float> shared(target);
    float current = shared.load(std::memory_order_relaxed);
    while (value < current && !shared.compare_exchange_weak(current, value, std::memory_order_relaxed)) {
    }
}

Box triangleBox(std::span<const glm::vec3> x, glm::uvec3 t, float inflate) {
    const glm::vec3 lo = glm::min(glm::min(x[t.x], x[t.y]), x[t.z]);
    const glm::vec3 hi = glm::max(glm::max(x[t.x], x[t.y]), x[t.z]);
    return {lo - glm::vec3(inflate), hi + glm::vec3(inflate)};
}

Box edgeBox(std::span<const glm::vec3> x, glm::uvec2 e, float inflate) {
    return {glm::min(x[e.x], x[e.y]) - glm::vec3(inflate), glm::max(x[e.x], x[e.y]) + glm::vec3(inflate)};
}

// CSR from (key, value) pairs: start[k] .. start[k + 1] index the values of key k.
void buildCsr(std::size_t keys, const std::vector<glm::uvec2>& pairs, std::vector<std::uint32_t>& start,
              std::vector<std::uint32_t>& values) {
    start.assign(keys + 1, 0);
    for (const glm::uvec2& p : pairs) ++start[p.x + 1];
    std::partial_sum(start.begin(), start.end(), start.begin());
    values.assign(pairs.size(), 0);
    std::vector<std::uint32_t> fill(start.begin(), start.end() - 1);
    for (const glm::uvec2& p : pairs) values[fill[p.x]++] = p.y;
}

// The effective query radius: never below the contact radius.
float queryRadiusOf(const CollisionSettings& s) { return std::max(s.selfQueryRadius, s.selfRadius); }

// The sum of w_k weight_k^2 over a pair's four points: how easily the pair moves along its normal.
float pairMobility(const Cloth& cloth, const TriangleContact::TouchingPair& pair) {
    float mobility = 0.0f;
    for (std::size_t k = 0; k < 4; ++k) mobility += cloth.inverseMasses[pair.ids[k]] * pair.weights[k] * pair.weights[k];
    return mobility;
}

// Pushes the points of one pair apart along its normal by the XPBD one-sided update
// (pair.weights: the gradient coefficients of its points along the normal). Returns
// how far the push moved the pair's two points apart, metres.
// `floor`: the height (metres) the ground keeps the cloth above (its height plus the
// collision thickness; -infinity without a ground). A push never moves a vertex below
// it, nor one already below it further down: the ground's contact ran before self-contact
// in the substep and does not run again after it, so a layer pressed onto the layer
// under it would otherwise push that one into the floor, a little more at every step
// than the ground's bounded depenetration lifts it back (implicit_euler's heap ended
// 4 cm under the floor). The pair's other points keep their share of the push, and
// the next pass or substep pushes the pair again. A held vertex keeps the push's
// sideways part, and the push returned is the one asked for (limitSeparation's
// ceiling, a little looser where the floor held a point).
float pushPair(Cloth& cloth, const TriangleContact::TouchingPair& pair, float gap, float alphaTilde, float floor) {
    const float mobility = pairMobility(cloth, pair);
    if (!(mobility > 0.0f)) return 0.0f;
    const float push = gap / (mobility + alphaTilde);  // gap = r - d > 0: how far the pair is inside
    for (std::size_t k = 0; k < 4; ++k) {
        glm::vec3& p = cloth.positions[pair.ids[k]];
        const float before = p.y;
        p += cloth.inverseMasses[pair.ids[k]] * pair.weights[k] * push * pair.normal;
        if (p.y < before) p.y = std::max(p.y, std::min(floor, before));
    }
    return push * mobility;
}

// Removes (static) or shortens (kinetic) a touching pair's relative tangential slip
// over the substep. Whether the pair sticks is decided on how far all the pushes of
// the pass together moved its points apart (`before`: positions before them): where
// several pairs share a vertex the first takes the whole overlap and the others find
// little, and judged on their own push alone they would let a sheet resting on
// another slide below the static angle. What a sliding pair loses is mu_k x its own
// push, so that the pairs of a vertex together brake it by mu_k x its whole push.
void frictionPair(Cloth& cloth, std::span<const glm::vec3> start, std::span<const glm::vec3> before,
                  const TriangleContact::TouchingPair& pair, Friction friction) {
    glm::vec3 slip(0.0f), pushed(0.0f);
    for (std::size_t k = 0; k < 4; ++k) {
        const std::uint32_t i = pair.ids[k];
        slip += pair.weights[k] * (cloth.positions[i] - start[i]);
        pushed += pair.weights[k] * (cloth.positions[i] - before[i]);
    }
    const float mobility = pairMobility(cloth, pair);
    slip -= glm::dot(slip, pair.normal) * pair.normal;
    const float length = glm::length(slip);
    if (!(length > 1e-12f) || !(mobility > 0.0f)) return;
    const float fraction = length < friction.staticCoefficient * glm::dot(pushed, pair.normal)
                               ? 1.0f
                               : std::min(friction.kineticCoefficient * pair.pushed / length, 1.0f);
    for (std::size_t k = 0; k < 4; ++k)
        cloth.positions[pair.ids[k]] -= cloth.inverseMasses[pair.ids[k]] * pair.weights[k] * (fraction / mobility) * slip;
}

// Where a pair touches now. Its points are found again at the current positions: a
// layer sliding over another carries its detection point up to a bound (a few mm)
// along, and a push towards that stale point would tilt by up to atan(slide / r) and
// drag the layer back to where the pair was detected (a frictionless sheet on a 35
// degree slope slid at 60 % of g sin(35 degrees)). But when the solver's prediction
// has carried the pair through itself (measured at the detection's points along the
// detection's normal: `linear` < 0; the truncation then brings it back), the closest
// points of the crossed features say nothing about the way back: the push then goes
// along the detection's normal, at the detection's points, by what it crossed.
struct Touch {
    glm::vec3 normal;  // unit, the way the first feature must move
    float distance;    // metres; negative when the pair is on the wrong side
    bool current;      // the current closest points (else the detection's)
};
Touch touch(glm::dvec3 difference, double distance, glm::vec3 stale, glm::vec3 detected) {
    const float linear = glm::dot(stale, detected);
    if (linear < 0.0f) return {detected, linear, false};
    if (distance > 1e-9 && glm::dot(glm::vec3(difference), detected) >= 0.0f)
        return {glm::vec3(difference / distance), static_cast<float>(distance), true};
    return {detected, -static_cast<float>(distance), true};
}

} // namespace

bool TriangleContact::sameVertex(const Cloth& cloth, std::uint32_t i, std::uint32_t j) const {
    if (i == j) return true;
    return m_hasTwin[i] && m_hasTwin[j] && !m_released[i] && !m_released[j] &&
           cloth.restPositions[i] == cloth.restPositions[j];
}

TriangleContact::Neighbour TriangleContact::triangleTouches(const Cloth& cloth, std::uint32_t t, std::uint32_t v) const {
    const glm::uvec3 tri = cloth.triangles[t];
    if (m_twinGroups.empty())  // no copies: indices alone
        return tri.x == v || tri.y == v || tri.z == v ? Neighbour::SharesAVertex : Neighbour::No;
    if (sameVertex(cloth, tri.x, v) || sameVertex(cloth, tri.y, v) || sameVertex(cloth, tri.z, v))
        return Neighbour::SharesAVertex;
    // beside a fresh cut: close in the rest shape
    if (!(unreleasedCopy(v) || unreleasedCopy(tri.x) || unreleasedCopy(tri.y) || unreleasedCopy(tri.z))) return Neighbour::No;
    const auto& r = cloth.restPositions;
    return pointTriangleProximity(d3(r[v]), d3(r[tri.x]), d3(r[tri.y]), d3(r[tri.z])).distance < m_neighbourRadius
               ? Neighbour::ByRestShape
               : Neighbour::No;
}

TriangleContact::Neighbour TriangleContact::edgesTouch(const Cloth& cloth, std::uint32_t e, std::uint32_t f) const {
    const glm::uvec2 a = m_edges[e], b = m_edges[f];
    if (m_twinGroups.empty())  // no copies: indices alone
        return a.x == b.x || a.x == b.y || a.y == b.x || a.y == b.y ? Neighbour::SharesAVertex : Neighbour::No;
    if (sameVertex(cloth, a.x, b.x) || sameVertex(cloth, a.x, b.y) || sameVertex(cloth, a.y, b.x) ||
        sameVertex(cloth, a.y, b.y))
        return Neighbour::SharesAVertex;
    if (!(unreleasedCopy(a.x) || unreleasedCopy(a.y) || unreleasedCopy(b.x) || unreleasedCopy(b.y))) return Neighbour::No;
    const auto& r = cloth.restPositions;
    return edgeEdgeProximity(d3(r[a.x]), d3(r[a.y]), d3(r[b.x]), d3(r[b.y])).distance < m_neighbourRadius
               ? Neighbour::ByRestShape
               : Neighbour::No;
}

void TriangleContact::ensureTopology(const Cloth& cloth, std::span<const glm::vec3> x, float queryRadius) {
    const std::size_t n = cloth.particleCount();
    if (m_topologyVersion == cloth.topologyVersion && m_particles == n) return;
    m_topologyVersion = cloth.topologyVersion;
    m_particles = n;
    m_dirty = true;
    const std::size_t triangles = cloth.triangles.size();

    // unique edges (runs of equal keys among the half-edges), each with the corners opposite it
    const std::vector<HalfEdge> half = sortedHalfEdges(cloth.triangles);
    m_edges.clear();
    m_edgeOpposite.clear();
    m_triangleEdges.assign(triangles, glm::uvec3(0));
    for (std::size_t i = 0; i < half.size(); ++i) {
        const HalfEdge& h = half[i];
        const std::uint32_t opposite = cloth.triangles[h.triangle][(h.slot + 2) % 3];
        if (i == 0 || half[i - 1].key != h.key) {
            m_edges.push_back({h.key.a, h.key.b});
            m_edgeOpposite.push_back({opposite, kNone});
        } else if (m_edgeOpposite.back().y == kNone) {
            m_edgeOpposite.back().y = opposite;
        }
        m_triangleEdges[h.triangle][h.slot] = static_cast<std::uint32_t>(m_edges.size() - 1);
    }

    const std::vector<glm::vec3>& rest = cloth.restPositions.size() == n ? cloth.restPositions : cloth.positions;
    double edgeSum = 0.0;
    for (const glm::uvec2& e : m_edges) edgeSum += glm::length(rest[e.y] - rest[e.x]);
    m_meanRestEdge = m_edges.empty() ? 0.0f : static_cast<float>(edgeSum / static_cast<double>(m_edges.size()));

    std::vector<glm::uvec2> pairs;
    pairs.reserve(2 * m_edges.size());
    for (const glm::uvec2& e : m_edges) {
        pairs.push_back({e.x, e.y});
        pairs.push_back({e.y, e.x});
    }
    buildCsr(n, pairs, m_ringStart, m_ring);
    pairs.clear();
    for (std::uint32_t t = 0; t < triangles; ++t)
        for (int k = 0; k < 3; ++k) pairs.push_back({cloth.triangles[t][k], t});
    buildCsr(n, pairs, m_vertexTriStart, m_vertexTris);
    pairs.clear();
    for (std::uint32_t e = 0; e < m_edges.size(); ++e) {
        pairs.push_back({m_edges[e].x, e});
        pairs.push_back({m_edges[e].y, e});
    }
    buildCsr(n, pairs, m_vertexEdgeStart, m_vertexEdges);

    // copies of one vertex made by cuts share its rest position
    m_hasTwin.assign(n, 0);
    m_twinGroupStart.assign(1, 0);
    m_twinGroups.clear();
    // a new cut or tear may split a released vertex again: every group is decided afresh
    // at the next detection (copies already apart are released there at once)
    m_released.assign(n, 0);
    m_putBack.assign(n, 0);
    if (cloth.restPositions.size() == n) {
        std::vector<std::uint32_t> order(n);
        std::iota(order.begin(), order.end(), 0u);
        const auto less = [&](std::uint32_t a, std::uint32_t b) {
            const glm::vec3 p = cloth.restPositions[a], q = cloth.restPositions[b];
            return std::tie(p.x, p.y, p.z) < std::tie(q.x, q.y, q.z);
        };
        std::sort(order.begin(), order.end(), less);
        // the groups of copies: runs of two or more equal rest positions in that order
        for (std::size_t begin = 0, end = 0; begin < n; begin = end) {
            for (end = begin + 1; end < n && cloth.restPositions[order[end]] == cloth.restPositions[order[begin]];) ++end;
            if (end - begin < 2) continue;
            for (std::size_t k = begin; k < end; ++k) {
                m_hasTwin[order[k]] = 1;
                m_twinGroups.push_back(order[k]);
            }
            m_twinGroupStart.push_back(static_cast<std::uint32_t>(m_twinGroups.size()));
        }
        m_releasing.reserve(m_twinGroups.size());
    }

    m_triangleBoxes.resize(triangles);
    for (std::size_t t = 0; t < triangles; ++t) m_triangleBoxes[t] = triangleBox(x, cloth.triangles[t], queryRadius);
    m_triangleTree.build(m_triangleBoxes);
    m_edgeBoxes.resize(m_edges.size());
    for (std::size_t e = 0; e < m_edges.size(); ++e) m_edgeBoxes[e] = edgeBox(x, m_edges[e], 0.5f * queryRadius);
    m_edgeTree.build(m_edgeBoxes);

    m_anchor.assign(n, glm::vec3(0.0f));
    m_bound.assign(n, 0.0f);
    m_vertexMin.assign(n, 0.0f);
    m_faceMin.assign(triangles, 0.0f);
    m_edgeMin.assign(m_edges.size(), 0.0f);
    m_target.assign(n, glm::vec3(0.0f));
    m_safe.assign(n, glm::vec3(0.0f));
    m_beforeRespond.assign(n, glm::vec3(0.0f));
    m_moved.assign(n, 0.0f);
    // room for the pairs of a cloth folded several times, so that the step does not allocate
    m_vf.reserve(8 * n);
    m_ee.reserve(8 * m_edges.size());
    m_touching.reserve(8 * n + 8 * m_edges.size());
    m_touchedVf.reserve(8 * n);
    m_touchedEe.reserve(8 * m_edges.size());
    reserveFound(kChunks);
    m_vertexCandidateCounts.assign(n, 0);
    m_candidateAnchor.reserve(n);
    m_candidatesValid = false;
    reserveCandidates(kChunks);
}

void TriangleContact::releaseSeparatedCopies(std::span<const glm::vec3> x, float radius) {
    // decided on the copies' positions before any is released, then applied
    m_releasing.clear();
    for (std::size_t g = 0; g + 1 < m_twinGroupStart.size(); ++g) {
        const std::uint32_t begin = m_twinGroupStart[g], end = m_twinGroupStart[g + 1];
        for (std::uint32_t k = begin; k < end; ++k) {
            const std::uint32_t v = m_twinGroups[k];
            if (m_released[v]) continue;
            bool apart = true;
            for (std::uint32_t l = begin; l < end && apart; ++l) {
                const std::uint32_t u = m_twinGroups[l];
                const glm::vec3 gap = x[u] - x[v];
                apart = u == v || glm::dot(gap, gap) > radius * radius;
            }
            if (apart) m_releasing.push_back(v);
        }
    }
    for (const std::uint32_t v : m_releasing) m_released[v] = 1;
}

float TriangleContact::nearestDistance() const {
    float nearest = m_queryRadius;  // the minima start at r_q: what no pair lowered
    for (const float d : m_vertexMin) nearest = std::min(nearest, d);
    for (const float d : m_edgeMin) nearest = std::min(nearest, d);
    return nearest < m_queryRadius ? nearest : std::numeric_limits<float>::infinity();
}

void TriangleContact::forgetSeparations() { std::fill(m_released.begin(), m_released.end(), 0); }

void TriangleContact::reserveFound(std::size_t count) {
    // every chunk's and task's lists with room for a folded cloth's pairs, so that the
    // step does not allocate
    m_found.resize(std::max(m_found.size(), count));
    const std::size_t vertexRoom = 8 * m_particles / kChunks + 64, edgeRoom = 8 * m_edges.size() / kChunks + 64;
    for (Found& found : m_found) {
        found.vf.reserve(vertexRoom);
        found.ee.reserve(edgeRoom);
        found.watchedVf.reserve(vertexRoom);
        found.watchedEe.reserve(edgeRoom);
    }
    m_found[0].ee.reserve(8 * m_edges.size());  // on one thread the edge tree is one task
    m_found[0].watchedEe.reserve(8 * m_edges.size());
}

float TriangleContact::skinOf(const CollisionSettings& settings, float queryRadius) const {
    // A gathering radius that reaches a flat layer's own next ring gives its vertices
    // candidates that cost at every detection (on a 128^2 heap a 1.2 cm skin made
    // detection 1.8 x slower than none).
    const float room = kSkinReach * m_meanRestEdge - queryRadius;
    return std::clamp(room, 0.0f, std::max(settings.selfSkin, 0.0f));
}

bool TriangleContact::candidatesCover(std::span<const glm::vec3> x, float queryRadius) const {
    if (!m_candidatesValid || m_candidateAnchor.size() != x.size()) return false;
    // Every vertex-triangle and edge-edge distance changes by at most the two largest
    // moves of its points (a convex combination of corners moves no farther than the
    // farthest corner): pairs left out, at least the gathering radius apart, are then
    // still farther than the query radius.
    const float slack = m_candidateRadius - queryRadius - kDistanceFloor;
    if (!(slack > 0.0f)) return false;
    const float allowed = 0.25f * slack * slack;  // (slack / 2)^2
    // moves measured from a translation common to all (a falling cloth's), which changes no distance
    const glm::vec3 common = meanMove(x, m_candidateAnchor);
    for (std::size_t v = 0; v < x.size(); ++v) {
        const glm::vec3 move = x[v] - m_candidateAnchor[v] - common;
        if (!(glm::dot(move, move) <= allowed)) return false;  // a NaN position gathers again
    }
    return true;
}

void TriangleContact::gatherCandidates(const Cloth& cloth, std::span<const glm::vec3> x, float radius, int threads) {
    const std::size_t n = cloth.particleCount();
    for (std::size_t t = 0; t < m_triangleBoxes.size(); ++t) m_triangleBoxes[t] = triangleBox(x, cloth.triangles[t], radius);
    for (std::size_t e = 0; e < m_edgeBoxes.size(); ++e) m_edgeBoxes[e] = edgeBox(x, m_edges[e], 0.5f * radius);
    // a refit keeps the grouping of where the cloth was built: once it has fallen and
    // folded, nodes span far-apart items and the traversal visits most of the tree. A
    // rebuild every kRebuildEvery gatherings (it reuses its storage: no allocation)
    if (++m_gathersSinceBuild >= kRebuildEvery) {
        m_triangleTree.build(m_triangleBoxes);
        m_edgeTree.build(m_edgeBoxes);
        m_gathersSinceBuild = 0;
    } else {
        m_triangleTree.refit(m_triangleBoxes);
        m_edgeTree.refit(m_edgeBoxes);
    }
    const int team = threads > 1 && n >= kParallelItems ? threads : 1;
    // one task on one thread (cutting the tree into more would allocate as their number
    // changes with the cloth's shape)
    const std::span<const BoxTree::Task> tasks = m_edgeTree.selfPairTasks(team > 1 ? kChunks : 1);
    reserveCandidates(std::max(tasks.size(), kChunks));
    for (Candidates& list : m_candidates) list.clear();
    // Only pairs that share a vertex index are left out here: whether copies made by a
    // cut count as one vertex changes between detections, and is decided at each.
    const float reach = radius + kSeparationMargin;
    const auto vertexChunk = [&](int c) {
        Candidates& list = m_candidates[static_cast<std::size_t>(c)];
        const std::size_t begin = n * static_cast<std::size_t>(c) / kChunks;
        const std::size_t end = n * static_cast<std::size_t>(c + 1) / kChunks;
        for (std::size_t v = begin; v < end; ++v) {
            const std::size_t before = list.triangles.size();
            m_triangleTree.query(Box{x[v], x[v]}, [&](std::uint32_t t) {
                const glm::uvec3 tri = cloth.triangles[t];
                if (tri.x == v || tri.y == v || tri.z == v) return;
                if (separatedFromTriangle(x[v], x[tri.x], x[tri.y], x[tri.z], reach)) return;
                list.triangles.push_back(t);
            });
            m_vertexCandidateCounts[v] = static_cast<std::uint32_t>(list.triangles.size() - before);
        }
    };
    const auto edgeTask = [&](int k) {
        Candidates& list = m_candidates[static_cast<std::size_t>(k)];
        m_edgeTree.selfPairs(tasks[static_cast<std::size_t>(k)], [&](std::uint32_t e, std::uint32_t f) {
            const glm::uvec2 a = m_edges[e], b = m_edges[f];
            if (a.x == b.x || a.x == b.y || a.y == b.x || a.y == b.y) return;
            // the inflated boxes overlap; the edges' own boxes may still be farther apart than the radius
            const glm::vec3 gap = glm::max(glm::max(m_edgeBoxes[e].min, m_edgeBoxes[f].min) -
                                               glm::min(m_edgeBoxes[e].max, m_edgeBoxes[f].max) + glm::vec3(radius),
                                           glm::vec3(0.0f));
            if (glm::dot(gap, gap) >= radius * radius) return;
            if (segmentsSeparated(x[a.x], x[a.y], x[b.x], x[b.y], reach)) return;
            list.edgePairs.push_back({e, f});
        });
    };
    forEachTask(static_cast<int>(kChunks), team, vertexChunk);
    forEachTask(static_cast<int>(tasks.size()), team, edgeTask);
    for (Candidates& list : m_candidates) {  // nothing known yet of the pairs' distances
        // as much room as the pairs have (they grow by doubling where a fold overflows
        // their reserve; an assign beyond capacity would take exactly the size)
        list.triangleBounds.reserve(list.triangles.capacity());
        list.edgeBounds.reserve(list.edgePairs.capacity());
        list.triangleBounds.assign(list.triangles.size(), 0.0f);
        list.edgeBounds.assign(list.edgePairs.size(), 0.0f);
    }
    m_edgeLists = tasks.size();
    m_candidateAnchor.assign(x.begin(), x.end());
    m_candidateRadius = radius;
    m_candidatesValid = true;
    ++m_stats.gathers;
}

void TriangleContact::reserveCandidates(std::size_t count) {
    // room for the candidates of a cloth folded several times (more than the pairs: the
    // gathering radius is larger), so that the step does not allocate
    m_candidates.resize(std::max(m_candidates.size(), count));
    const std::size_t vertexRoom = 16 * m_particles / kChunks + 256, edgeRoom = 24 * m_edges.size() / kChunks + 256;
    for (Candidates& list : m_candidates) {
        list.triangles.reserve(vertexRoom);
        list.triangleBounds.reserve(vertexRoom);
        list.edgePairs.reserve(edgeRoom);
        list.edgeBounds.reserve(edgeRoom);
    }
    m_candidates[0].edgePairs.reserve(24 * m_edges.size());  // on one thread the edge tree is one task
    m_candidates[0].edgeBounds.reserve(24 * m_edges.size());
}

void TriangleContact::detect(const Cloth& cloth, std::span<const glm::vec3> x, const CollisionSettings& settings,
                             int threads) {
    CS_TIME_SCOPE(m_stats.detectMs);
    const float rq = queryRadiusOf(settings);
    m_queryRadius = rq;
    ensureTopology(cloth, x, rq);
    releaseSeparatedCopies(x, settings.selfRadius);
    m_neighbourRadius = settings.selfRadius;
    const std::size_t n = cloth.particleCount();
    if (candidatesCover(x, rq)) {
        ++m_reusesSinceGather;
    } else {
        float skin = skinOf(settings, rq);
        // A skin that no detection reused (the cloth moved half of it by the next) only
        // made the search wider: search without it for a while, then try it again.
        if (skin > 0.0f && m_candidatesValid && m_lastGatherSkinned && m_reusesSinceGather == 0) m_skinRest = kSkinRest;
        if (m_skinRest > 0) {
            --m_skinRest;
            skin = 0.0f;
        }
        m_lastGatherSkinned = skin > 0.0f;
        m_reusesSinceGather = 0;
        gatherCandidates(cloth, x, rq + skin, threads);
    }

    std::fill(m_vertexMin.begin(), m_vertexMin.end(), rq);
    std::fill(m_faceMin.begin(), m_faceMin.end(), rq);
    std::fill(m_edgeMin.begin(), m_edgeMin.end(), rq);
    m_vf.clear();
    m_ee.clear();
    // the feasible-region tests compare raw dot products of metre vectors
    const double eps = 1e-3 * static_cast<double>(rq) * static_cast<double>(rq);

    const int team = threads > 1 && n >= kParallelItems ? threads : 1;
    if (m_found.size() < m_edgeLists) reserveFound(m_edgeLists);
    for (Found& found : m_found) found.clear();
    // How far each vertex moved since the last detection (m_anchor), beside a translation
    // common to all, which changes no distance: a pair's distance fell by at most the
    // largest moves of its two sides. The margin taken off at each use covers the
    // rounding of the bounds and of these moves (coordinates up to ~100 m). Not beside a
    // fresh cut: there a pair beyond r_q may still be a watched neighbour.
    const bool carry = m_twinGroups.empty();
    if (carry) {
        const glm::vec3 common = meanMove(x, m_anchor);
        for (std::size_t v = 0; v < n; ++v) m_moved[v] = glm::length(x[v] - m_anchor[v] - common);
    }
    const float* moved = m_moved.data();
    // A pair whose carried bound, less `moves` (its two sides' largest) and the margin,
    // is still beyond r_q: its bound becomes that, and detection skips it.
    const auto stillBeyond = [&](float& bound, float moves, Found& found) {
        if (!carry) return false;
        const float lower = bound - moves - kSeparationMargin;
        if (!(lower >= rq + kSeparationMargin)) return false;
        bound = lower;
        ++found.carried;
        return true;
    };

    // vertex-face: each vertex against its candidate triangles, in fixed chunks of
    // vertices whose pairs are joined in chunk order afterwards, so that the result
    // does not depend on the number of threads
    const auto vertexFace = [&](std::uint32_t v, std::span<const std::uint32_t> triangles, std::span<float> bounds,
                                Found& found) {
        const glm::dvec3 p = d3(x[v]);
        // one contact per feature of the offset surface: an edge or corner reached through two triangles counts once
        std::array<std::uint64_t, 16> seen{};
        std::size_t seenCount = 0;
        for (std::size_t i = 0; i < triangles.size(); ++i) {
            const std::uint32_t t = triangles[i];
            const glm::uvec3 tri = cloth.triangles[t];
            if (stillBeyond(bounds[i], moved[v] + std::max({moved[tri.x], moved[tri.y], moved[tri.z]}), found)) continue;
            const Neighbour neighbour = m_twinGroups.empty() ? Neighbour::No : triangleTouches(cloth, t, v);
            // most candidates hold no triangle within r_q (the same layer's next ring): a
            // separating axis says so before the exact distance
            if (const float apart = separationFromTriangle(x[v], x[tri.x], x[tri.y], x[tri.z], rq + kSeparationMargin);
                apart > 0.0f) {
                bounds[i] = apart;
                continue;
            }
            bounds[i] = 0.0f;
            if (neighbour != Neighbour::No) {
                // beside a fresh cut by the rest shape alone: watched (a copy's pairs the welds see)
                if (neighbour == Neighbour::ByRestShape) found.watchedVf.push_back({v, t});
                continue;
            }
            const PointTriangleProximity near = pointTriangleProximity(p, d3(x[tri.x]), d3(x[tri.y]), d3(x[tri.z]));
            bounds[i] = static_cast<float>(near.distance);
            if (!(near.distance < rq)) continue;
            const float d = static_cast<float>(near.distance);
            m_vertexMin[v] = std::min(m_vertexMin[v], d);  // v belongs to this chunk alone
            atomicMin(m_faceMin[t], d);
            // the feasible-region filter: does p lie in the region of its closest feature?
            const int f = static_cast<int>(near.feature);
            std::uint64_t key;
            bool feasible = true;
            if (f == 0) {
                key = (std::uint64_t{0} << 32) | t;
            } else if (f <= 3) {
                const std::uint32_t e = m_triangleEdges[t][f - 1];
                const glm::uvec2 opposite = m_edgeOpposite[e];
                std::array<glm::dvec3, 2> o{d3(x[opposite.x]), glm::dvec3(0.0)};
                std::size_t count = 1;
                if (opposite.y != kNone) o[count++] = d3(x[opposite.y]);
                feasible = inEdgeRegion(p, d3(x[m_edges[e].x]), d3(x[m_edges[e].y]), std::span(o.data(), count), eps);
                key = (std::uint64_t{1} << 32) | e;
            } else {
                const std::uint32_t a = tri[f - 4];
                std::array<glm::dvec3, 32> ring;
                std::size_t count = 0;
                for (std::uint32_t k = m_ringStart[a]; k < m_ringStart[a + 1] && count < ring.size(); ++k)
                    ring[count++] = d3(x[m_ring[k]]);
                feasible = inVertexRegion(p, d3(x[a]), std::span(ring.data(), count), eps);
                key = (std::uint64_t{2} << 32) | a;
            }
            if (!feasible) continue;
            bool repeated = false;
            for (std::size_t k = 0; k < seenCount && !repeated; ++k) repeated = seen[k] == key;
            if (repeated) continue;
            if (seenCount < seen.size()) seen[seenCount++] = key;
            glm::dvec3 normal = p - near.closest;
            const double length = glm::length(normal);
            if (length > 1e-12) normal /= length;
            else normal = glm::normalize(glm::cross(d3(x[tri.y]) - d3(x[tri.x]), d3(x[tri.z]) - d3(x[tri.x])));
            found.vf.push_back({v, t, glm::vec3(normal), glm::vec3(near.barycentric), d});
        }
    };
    const auto vertexChunk = [&](int c) {
        Candidates& list = m_candidates[static_cast<std::size_t>(c)];
        const std::span<const std::uint32_t> triangles = list.triangles;
        const std::span<float> bounds = list.triangleBounds;
        const std::size_t begin = n * static_cast<std::size_t>(c) / kChunks;
        const std::size_t end = n * static_cast<std::size_t>(c + 1) / kChunks;
        std::size_t offset = 0;
        for (std::size_t v = begin; v < end; ++v) {
            const std::size_t count = m_vertexCandidateCounts[v];
            vertexFace(static_cast<std::uint32_t>(v), triangles.subspan(offset, count), bounds.subspan(offset, count),
                       m_found[static_cast<std::size_t>(c)]);
            offset += count;
        }
    };
    // edge-edge: the candidate pairs list by list; pairs joined in list order, then sorted
    const auto edgeList = [&](int k) {
        Found& found = m_found[static_cast<std::size_t>(k)];
        Candidates& list = m_candidates[static_cast<std::size_t>(k)];
        for (std::size_t i = 0; i < list.edgePairs.size(); ++i) {
            const std::uint32_t e = list.edgePairs[i].x, f = list.edgePairs[i].y;
            const glm::uvec2 a = m_edges[e], b = m_edges[f];
            float& bound = list.edgeBounds[i];
            if (stillBeyond(bound, std::max(moved[a.x], moved[a.y]) + std::max(moved[b.x], moved[b.y]), found)) continue;
            const glm::vec3 p1f = x[a.x], p2f = x[a.y], q1f = x[b.x], q2f = x[b.y];
            // most candidates were near only at the gathering radius: the boxes' gap and a
            // separating axis reject them before the exact distance
            const glm::vec3 gap = glm::max(glm::max(glm::min(p1f, p2f) - glm::max(q1f, q2f), glm::min(q1f, q2f) - glm::max(p1f, p2f)),
                                           glm::vec3(0.0f));
            if (const float gap2 = glm::dot(gap, gap); gap2 >= rq * rq) {
                bound = std::sqrt(gap2);
                continue;
            }
            if (const float apart = segmentsSeparation(p1f, p2f, q1f, q2f, rq + kSeparationMargin); apart > 0.0f) {
                bound = apart;
                continue;
            }
            bound = 0.0f;
            if (const Neighbour neighbour = m_twinGroups.empty() ? Neighbour::No : edgesTouch(cloth, e, f);
                neighbour != Neighbour::No) {
                if (neighbour == Neighbour::ByRestShape) found.watchedEe.push_back({e, f});
                continue;
            }
            const glm::dvec3 p1 = d3(p1f), p2 = d3(p2f), q1 = d3(q1f), q2 = d3(q2f);
            const EdgeEdgeProximity near = edgeEdgeProximity(p1, p2, q1, q2);
            bound = static_cast<float>(near.distance);
            if (!(near.distance < rq)) continue;
            const float d = static_cast<float>(near.distance);
            atomicMin(m_edgeMin[e], d);
            atomicMin(m_edgeMin[f], d);
            if (near.parallel || !edgeEdgeFeasible(near, p1, p2, q1, q2) || !(near.distance > 1e-12)) continue;
            found.ee.push_back({e, f, glm::vec3((near.c1 - near.c2) / near.distance), static_cast<float>(near.s),
                                static_cast<float>(near.t), d});
        }
    };
    forEachTask(static_cast<int>(kChunks), team, vertexChunk);
    forEachTask(static_cast<int>(m_edgeLists), team, edgeList);
    for (const Found& found : m_found) {
        m_stats.pairsCarried += found.carried;
        m_vf.insert(m_vf.end(), found.vf.begin(), found.vf.end());
        m_ee.insert(m_ee.end(), found.ee.begin(), found.ee.end());
    }
    // the tasks the edge tree is cut into depend on the thread count: one order for all
    std::sort(m_ee.begin(), m_ee.end(),
              [](const EdgeEdgePair& p, const EdgeEdgePair& q) { return p.a < q.a || (p.a == q.a && p.b < q.b); });

    // the bounds
    const float gamma = settings.selfBoundFraction;
    for (std::uint32_t v = 0; v < n; ++v) {
        float d = m_vertexMin[v];
        for (std::uint32_t k = m_vertexTriStart[v]; k < m_vertexTriStart[v + 1]; ++k) d = std::min(d, m_faceMin[m_vertexTris[k]]);
        for (std::uint32_t k = m_vertexEdgeStart[v]; k < m_vertexEdgeStart[v + 1]; ++k)
            d = std::min(d, m_edgeMin[m_vertexEdges[k]]);
        m_bound[v] = gamma * std::max(d - kDistanceFloor, 0.0f);
        m_anchor[v] = x[v];
    }
    m_drift = glm::vec3(0.0f);
    // keep for the response only the pairs that can come within r before the next detection
    const float r = settings.selfRadius;
    std::size_t kept = 0;
    for (std::size_t k = 0; k < m_vf.size(); ++k) {
        const glm::uvec3 tri = cloth.triangles[m_vf[k].triangle];
        const float reach = m_bound[m_vf[k].vertex] + std::max({m_bound[tri.x], m_bound[tri.y], m_bound[tri.z]});
        if (m_vf[k].distance - reach < r) m_vf[kept++] = m_vf[k];
    }
    m_vf.resize(kept);
    kept = 0;
    for (std::size_t k = 0; k < m_ee.size(); ++k) {
        const glm::uvec2 a = m_edges[m_ee[k].a], b = m_edges[m_ee[k].b];
        const float reach = std::max(m_bound[a.x], m_bound[a.y]) + std::max(m_bound[b.x], m_bound[b.y]);
        if (m_ee[k].distance - reach < r) m_ee[kept++] = m_ee[k];
    }
    m_ee.resize(kept);
    m_dirty = false;
    m_detectSoon = false;
    m_sinceDetect = 0;
    ++m_stats.detections;
    m_stats.vertexFacePairs = m_vf.size();
    m_stats.edgeEdgePairs = m_ee.size();
}

void TriangleContact::respond(Cloth& cloth, std::span<const glm::vec3> start, float h,
                              const CollisionSettings& settings, bool firstPass) {
    const float r = settings.selfRadius;
    const float alphaTilde = settings.selfCompliance / (h * h);
    const float floor = settings.ground ? settings.groundHeight + settings.thickness
                                        : -std::numeric_limits<float>::infinity();
    const Friction friction{settings.selfStaticFriction, settings.selfKineticFriction};
    if (friction.any()) std::copy(cloth.positions.begin(), cloth.positions.end(), m_beforeRespond.begin());
    m_touching.clear();
    const glm::vec3* x = cloth.positions.data();
    // how far each vertex is from where the last detection found it: a pair that was
    // farther than r plus what its points have moved since is not touching, whatever
    // its closest points are now (most kept pairs, layers resting a radius apart)
    // (from X, not X + U: either skips only pairs farther than r, but the pushes below judge
    // a pair partly at its detection's points, and skipping other pairs changed how `fold`
    // settled with implicit_euler)
    for (std::size_t v = 0; v < cloth.particleCount(); ++v) m_moved[v] = glm::length(x[v] - m_anchor[v]);
    const float* moved = m_moved.data();
    const auto vertexFace = [&](const VertexFacePair& pair) -> bool {
        const glm::uvec3 tri = cloth.triangles[pair.triangle];
        if (pair.distance - moved[pair.vertex] - std::max({moved[tri.x], moved[tri.y], moved[tri.z]}) >= r) return false;
        const glm::vec3 b0 = pair.barycentric;
        const glm::vec3 stale = x[pair.vertex] - (b0.x * x[tri.x] + b0.y * x[tri.y] + b0.z * x[tri.z]);
        // most kept pairs are not touching: their distance from the triangle's plane, on
        // the side they were detected on, already says so (the plane is nearer than the triangle)
        const glm::vec3 e1 = x[tri.y] - x[tri.x], e2 = x[tri.z] - x[tri.x], n = glm::cross(e1, e2);
        const float nn = glm::dot(n, n);
        const glm::vec3 q = x[pair.vertex] - x[tri.x];
        const float side = glm::dot(q, n);
        const bool rightSide = side * glm::dot(n, pair.normal) > 0.0f && glm::dot(stale, pair.normal) >= 0.0f;
        if (nn > 0.0f && rightSide && side * side >= r * r * nn) return false;
        Touch t;
        glm::vec3 beta;
        // over the face's interior (the common case: a layer resting on a layer) the closest
        // point is the foot of the perpendicular, in single precision
        const float b1 = glm::dot(glm::cross(q, e2), n), b2 = glm::dot(glm::cross(e1, q), n);
        if (nn > 1e-20f && rightSide && b1 >= 0.0f && b2 >= 0.0f && b1 + b2 <= nn) {
            const float length = std::sqrt(nn);
            t = {n * (side > 0.0f ? 1.0f / length : -1.0f / length), std::abs(side) / length, true};
            beta = glm::vec3(nn - b1 - b2, b1, b2) / nn;
        } else {
            const glm::dvec3 p = d3(x[pair.vertex]);
            const PointTriangleProximity near = pointTriangleProximity(p, d3(x[tri.x]), d3(x[tri.y]), d3(x[tri.z]));
            t = touch(p - near.closest, near.distance, stale, pair.normal);
            beta = t.current ? glm::vec3(near.barycentric) : b0;
        }
        if (!(t.distance < r)) return false;
        TouchingPair touching{{pair.vertex, tri.x, tri.y, tri.z}, {1.0f, -beta.x, -beta.y, -beta.z}, t.normal, 0.0f};
        touching.pushed = pushPair(cloth, touching, r - t.distance, alphaTilde, floor);
        if (friction.any() || m_recordTouching) m_touching.push_back(touching);
        return true;
    };
    const auto edgeEdge = [&](const EdgeEdgePair& pair) -> bool {
        const glm::uvec2 a = m_edges[pair.a], b = m_edges[pair.b];
        if (pair.distance - std::max(moved[a.x], moved[a.y]) - std::max(moved[b.x], moved[b.y]) >= r) return false;
        const glm::vec3 stale =
            (1.0f - pair.s) * x[a.x] + pair.s * x[a.y] - ((1.0f - pair.t) * x[b.x] + pair.t * x[b.y]);
        // likewise the distance between the edges' lines, and over both edges' interiors
        // the closest points of the lines, in single precision
        const glm::vec3 d1 = x[a.y] - x[a.x], d2 = x[b.y] - x[b.x], r0 = x[a.x] - x[b.x];
        const float a11 = glm::dot(d1, d1), a12 = glm::dot(d1, d2), a22 = glm::dot(d2, d2);
        const float denominator = a11 * a22 - a12 * a12;
        const bool staleSide = glm::dot(stale, pair.normal) >= 0.0f;
        Touch t;
        float sa = 0.0f, sb = 0.0f;
        bool fast = false;
        if (denominator > 1e-6f * a11 * a22) {
            const glm::vec3 n = glm::cross(d1, d2);
            const float side = glm::dot(r0, n);
            const bool rightSide = staleSide && side * glm::dot(n, pair.normal) > 0.0f;
            if (rightSide && side * side >= r * r * glm::dot(n, n)) return false;
            // the segments' closest points: the lines', each clamped to its segment in turn
            const float b1 = glm::dot(d1, r0), b2 = glm::dot(d2, r0);
            sa = std::clamp((a12 * b2 - a22 * b1) / denominator, 0.0f, 1.0f);
            sb = (a12 * sa + b2) / a22;
            if (sb < 0.0f || sb > 1.0f) {
                sb = std::clamp(sb, 0.0f, 1.0f);
                sa = std::clamp((a12 * sb - b1) / a11, 0.0f, 1.0f);
            }
            const glm::vec3 difference = r0 + sa * d1 - sb * d2;
            const float distance = glm::length(difference);
            if (staleSide && distance > 1e-9f) {
                t = touch(glm::dvec3(difference), distance, stale, pair.normal);
                fast = true;
            }
        } else if (a22 > 0.0f) {  // parallel: the distance of a's line from b's
            const glm::vec3 perpendicular = r0 - d2 * (glm::dot(r0, d2) / a22);
            if (staleSide && glm::dot(perpendicular, pair.normal) > 0.0f &&
                glm::dot(perpendicular, perpendicular) >= r * r)
                return false;
        }
        if (!fast) {
            const EdgeEdgeProximity near = edgeEdgeProximity(d3(x[a.x]), d3(x[a.y]), d3(x[b.x]), d3(x[b.y]));
            t = touch(near.c1 - near.c2, near.distance, stale, pair.normal);
            sa = t.current ? static_cast<float>(near.s) : pair.s;
            sb = t.current ? static_cast<float>(near.t) : pair.t;
        }
        if (!(t.distance < r)) return false;
        TouchingPair touching{{a.x, a.y, b.x, b.y}, {1.0f - sa, sa, -(1.0f - sb), -sb}, t.normal, 0.0f};
        touching.pushed = pushPair(cloth, touching, r - t.distance, alphaTilde, floor);
        if (friction.any() || m_recordTouching) m_touching.push_back(touching);
        return true;
    };
    // The first pass looks at every kept pair; the passes after it only at those that
    // touched in it: its pushes moved pairs apart, and the pairs it left apart do not
    // come together again within the substep's passes.
    if (firstPass) {
        m_touchedVf.clear();
        m_touchedEe.clear();
        for (std::uint32_t k = 0; k < m_vf.size(); ++k)
            if (vertexFace(m_vf[k])) m_touchedVf.push_back(k);
        for (std::uint32_t k = 0; k < m_ee.size(); ++k)
            if (edgeEdge(m_ee[k])) m_touchedEe.push_back(k);
    } else {
        for (std::uint32_t k : m_touchedVf) vertexFace(m_vf[k]);
        for (std::uint32_t k : m_touchedEe) edgeEdge(m_ee[k]);
    }
    if (friction.any())
        for (const TouchingPair& touching : m_touching) frictionPair(cloth, start, m_beforeRespond, touching, friction);
    if (m_recordTouching) {
        // within the room reserved in step(): the step never allocates (a pair past it,
        // beyond 8 a feature, keeps the velocity its push gave it)
        const std::size_t room = std::min(m_stepTouching.capacity() - m_stepTouching.size(), m_touching.size());
        m_stepTouching.insert(m_stepTouching.end(), m_touching.begin(), m_touching.begin() + static_cast<std::ptrdiff_t>(room));
    }
}

void TriangleContact::limitSeparation(Cloth& cloth, std::span<const glm::vec3> velocitiesBefore, float dt) const {
    for (const TouchingPair& pair : m_stepTouching) {
        float before = 0.0f, after = 0.0f;
        for (std::size_t k = 0; k < 4; ++k) {
            const std::uint32_t i = pair.ids[k];
            before += pair.weights[k] * glm::dot(velocitiesBefore[i], pair.normal);
            after += pair.weights[k] * glm::dot(cloth.velocities[i], pair.normal);
        }
        const float mobility = pairMobility(cloth, pair);
        const float limit = std::max(before, 0.0f) + pair.pushed / dt;  // m/s apart along the normal
        if (!(after > limit) || !(mobility > 0.0f)) continue;
        const float impulse = (limit - after) / mobility;
        for (std::size_t k = 0; k < 4; ++k)
            cloth.velocities[pair.ids[k]] += cloth.inverseMasses[pair.ids[k]] * pair.weights[k] * impulse * pair.normal;
    }
}

glm::vec3 TriangleContact::meanMove(std::span<const glm::vec3> x, std::span<const glm::vec3> from) {
    // in double, in one order: the same on any thread count
    glm::dvec3 sum(0.0);
    for (std::size_t v = 0; v < x.size(); ++v) sum += glm::dvec3(x[v] - from[v]);
    return x.empty() ? glm::vec3(0.0f) : glm::vec3(sum / static_cast<double>(x.size()));
}

int TriangleContact::heldBack(std::span<const glm::vec3> x, glm::vec3 drift, int limit) const {
    int count = 0;
    for (std::size_t v = 0; v < x.size() && count <= limit; ++v) {
        const glm::vec3 move = x[v] - m_anchor[v] - drift;
        if (!(glm::dot(move, move) <= m_bound[v] * m_bound[v])) ++count;  // a NaN position too
    }
    return count;
}

glm::vec3 TriangleContact::chooseDrift(std::span<const glm::vec3> x, std::span<const float> inverseMasses,
                                       int allowed) const {
    // The frame the vertices are in now (0 since the detection, until the cloth moves as
    // one): since the last truncation each moved only this substep's motion from its ball
    // around X + m_drift, so holding them to it takes back no more than that. Another
    // frame is taken only when this one would hold back so many that contact detects
    // again (the cap on a fall), and the other holds no one back: one that did could
    // drag a vertex against the contact or the pin that held it, by as far as the cloth
    // has moved as one since the detection (a falling strip landing on a ramp, pulled
    // back centimetres in one substep: a 60 m/s throw).
    if (heldBack(x, m_drift, allowed) <= allowed) return m_drift;
    // A cloth held by pins, pin groups or the grab does not move as one: its kinematic
    // vertices stay where their scripts put them, and a frame moving past them changed
    // how a driven layer settled on a fixed one (tilted over its edge) for no speed gained.
    for (float w : inverseMasses)
        if (w == 0.0f) return m_drift;
    const glm::vec3 mean = meanMove(x, m_anchor);
    return heldBack(x, mean, 0) == 0 ? mean : m_drift;
}

TriangleContact::Truncation TriangleContact::truncate(std::span<glm::vec3> x, std::span<const float> inverseMasses,
                                                      int allowed) {
    Truncation out;
    m_drift = chooseDrift(x, inverseMasses, allowed);
    for (std::size_t v = 0; v < x.size(); ++v) {
        // kinematic vertices too: a script may drive a pinned edge into another layer
        const glm::vec3 centre = m_anchor[v] + m_drift;
        const glm::vec3 move = x[v] - centre;
        const float length2 = glm::dot(move, move);
        const float b = m_bound[v];
        if (length2 <= b * b) continue;
        x[v] = centre + move * (b / std::sqrt(length2));
        ++out.vertices;
        if (inverseMasses[v] == 0.0f) out.kinematic = true;
    }
    return out;
}

bool TriangleContact::groupCrosses(const Cloth& cloth, std::span<const glm::vec3> x, std::uint32_t begin,
                                   std::uint32_t end) const {
    // the triangles of each copy not yet parted against those of every other such copy
    for (std::uint32_t k = begin; k < end; ++k) {
        const std::uint32_t u = m_twinGroups[k];
        if (m_released[u]) continue;
        for (std::uint32_t l = k + 1; l < end; ++l) {
            const std::uint32_t w = m_twinGroups[l];
            if (m_released[w] || x[u] == x[w]) continue;
            for (std::uint32_t i = m_vertexTriStart[u]; i < m_vertexTriStart[u + 1]; ++i)
                for (std::uint32_t j = m_vertexTriStart[w]; j < m_vertexTriStart[w + 1]; ++j)
                    if (trianglesCross(x, cloth.triangles[m_vertexTris[i]], cloth.triangles[m_vertexTris[j]]))
                        return true;
        }
    }
    return false;
}

bool TriangleContact::weldGroup(Cloth& cloth, std::uint32_t begin, std::uint32_t end) {
    // Where the copies' masses put their centre (a held copy holds them all), moved
    // into every copy's ball around its anchor + U: then no copy went beyond its bound.
    glm::dvec3 sum(0.0);
    double weight = 0.0;
    bool held = false;
    glm::vec3 heldAt(0.0f);
    for (std::uint32_t k = begin; k < end; ++k) {
        const std::uint32_t u = m_twinGroups[k];
        if (m_released[u]) continue;
        const float w = cloth.inverseMasses[u];
        if (w == 0.0f) {
            held = true;
            heldAt = cloth.positions[u];
        } else {
            sum += glm::dvec3(cloth.positions[u]) / static_cast<double>(w);
            weight += 1.0 / static_cast<double>(w);
        }
    }
    glm::vec3 at = held ? heldAt : glm::vec3(sum / weight);
    // Into the balls' intersection by projecting onto each in turn (alternating
    // projections reach a common point when there is one; copies that were one at their
    // last detection share the anchor, and the first pass is exact). Just inside each
    // ball, so that rounding does not leave it outside.
    // (a point that is not finite is outside every ball)
    const auto outside = [&](std::uint32_t u) { return !(glm::distance(at, m_anchor[u] + m_drift) <= m_bound[u]); };
    for (int pass = 0; pass < 16; ++pass) {
        bool moved = false;
        for (std::uint32_t k = begin; k < end; ++k) {
            const std::uint32_t u = m_twinGroups[k];
            if (m_released[u] || !outside(u)) continue;
            const glm::vec3 centre = m_anchor[u] + m_drift;
            const glm::vec3 move = at - centre;
            at = centre + move * (0.999f * m_bound[u] / glm::length(move));
            moved = true;
        }
        if (!moved) break;
    }
    for (std::uint32_t k = begin; k < end; ++k)
        if (!m_released[m_twinGroups[k]] && outside(m_twinGroups[k])) return false;
    for (std::uint32_t k = begin; k < end; ++k)
        if (!m_released[m_twinGroups[k]]) cloth.positions[m_twinGroups[k]] = at;
    return true;
}

TriangleContact::Welds TriangleContact::weldCrossingCopies(Cloth& cloth) {
    Welds welds;
    // a weld moves triangles that other groups' copies hinge on: look again, a few times
    for (int round = 0; round < 4; ++round) {
        int now = 0;
        for (std::size_t g = 0; g + 1 < m_twinGroupStart.size(); ++g) {
            const std::uint32_t begin = m_twinGroupStart[g], end = m_twinGroupStart[g + 1];
            if (!groupCrosses(cloth, cloth.positions, begin, end)) continue;
            ++now;
            if (weldGroup(cloth, begin, end)) continue;
            // No common point found in the copies' balls (none, or the projections did not
            // reach one): back to where the last detection found them moved by U, the
            // copies and the corners of their triangles (each at its own ball's centre).
            ++m_stats.weldMisses;
            for (std::uint32_t k = begin; k < end; ++k) {
                const std::uint32_t u = m_twinGroups[k];
                if (m_released[u]) continue;
                for (std::uint32_t i = m_vertexTriStart[u]; i < m_vertexTriStart[u + 1]; ++i)
                    for (int c = 0; c < 3; ++c) {
                        const std::uint32_t corner = cloth.triangles[m_vertexTris[i]][c];
                        cloth.positions[corner] = m_anchor[corner] + m_drift;
                    }
            }
        }
        welds.groups += now;
        if (now == 0) {
            welds.uncrossed = true;
            break;
        }
    }
    return welds;
}

bool TriangleContact::watchedPairsCross(const Cloth& cloth, std::span<const glm::vec3> x, bool mark) {
    // All found first, then put back (putBackMarked): the result does not depend on the
    // order of the lists (the edge pairs' follows the thread count).
    bool crossed = false;
    const auto check = [&](glm::uvec3 s, glm::uvec3 t) {
        if (!trianglesCross(x, s, t)) return false;
        crossed = true;
        if (mark)
            for (int c = 0; c < 3; ++c) m_putBack[s[c]] = m_putBack[t[c]] = 1;
        return !mark;  // only asked whether: the first crossing answers
    };
    // the triangles on each side of an edge
    const auto sides = [&](std::uint32_t e, std::array<glm::uvec3, 2>& out) {
        std::size_t count = 0;
        const glm::uvec2 edge = m_edges[e], opposite = m_edgeOpposite[e];
        if (opposite.x != kNone) out[count++] = {edge.x, edge.y, opposite.x};
        if (opposite.y != kNone) out[count++] = {edge.x, edge.y, opposite.y};
        return count;
    };
    for (const Found& found : m_found) {
        for (const glm::uvec2 pair : found.watchedVf) {
            const glm::uvec3 t = cloth.triangles[pair.y];
            for (std::uint32_t k = m_vertexTriStart[pair.x]; k < m_vertexTriStart[pair.x + 1]; ++k)
                if (check(cloth.triangles[m_vertexTris[k]], t)) return true;
        }
        for (const glm::uvec2 pair : found.watchedEe) {
            std::array<glm::uvec3, 2> a, b;
            const std::size_t na = sides(pair.x, a), nb = sides(pair.y, b);
            for (std::size_t i = 0; i < na; ++i)
                for (std::size_t j = 0; j < nb; ++j)
                    if (check(a[i], b[j])) return true;
        }
    }
    return crossed;
}

bool TriangleContact::neighboursCross(const Cloth& cloth, std::span<const glm::vec3> x) {
    if (watchedPairsCross(cloth, x, false)) return true;
    for (std::size_t g = 0; g + 1 < m_twinGroupStart.size(); ++g)
        if (groupCrosses(cloth, x, m_twinGroupStart[g], m_twinGroupStart[g + 1])) return true;
    return false;
}

void TriangleContact::putClothBack(std::span<glm::vec3> x) {
    for (std::size_t v = 0; v < x.size(); ++v) x[v] = m_anchor[v] + m_drift;
    ++m_stats.clothPutBack;
}

int TriangleContact::putBackMarked(std::span<glm::vec3> x) {
    int count = 0;
    for (std::size_t v = 0; v < x.size(); ++v) {
        if (!m_putBack[v]) continue;
        x[v] = m_anchor[v] + m_drift;
        m_putBack[v] = 0;
        ++count;
    }
    return count;
}

bool TriangleContact::keepNeighboursApart(Cloth& cloth) {
    // Neighbours beside a fresh cut are not held apart by the bounds: copies of one vertex
    // are welded where their triangles cross, and the corners of watched pairs (a vertex
    // and a triangle, or two edges, beside the cut) whose triangles cross go back to where
    // the last detection found them, moved by U. A put-back may part welded copies, and a
    // weld may move a watched pair: a few rounds, then, should anything still cross, the
    // whole cloth goes back to X + U (a translation of the detection's crossing-free state).
    for (int round = 0; round < 4; ++round) {
        const Welds welds = weldCrossingCopies(cloth);
        m_stats.welds += welds.groups;
        // (the welds' own last look found no group crossing, or they ran out of rounds)
        const bool watchedCrossed = watchedPairsCross(cloth, cloth.positions, true);
        if (!watchedCrossed && welds.uncrossed) return false;
        m_stats.neighboursPutBack += putBackMarked(cloth.positions);
    }
    if (!neighboursCross(cloth, cloth.positions)) return false;
    putClothBack(cloth.positions);
    return true;
}

void TriangleContact::roomLeft(std::span<const glm::vec3> x, std::vector<float>& room) const {
    if (m_dirty || m_anchor.size() != x.size() || m_bound.size() != x.size()) {
        room.clear();
        return;
    }
    room.resize(x.size());  // no allocation while the cloth keeps its size
    for (std::size_t v = 0; v < x.size(); ++v)
        room[v] = std::max(m_bound[v] - glm::length(x[v] - m_anchor[v] - m_drift) - kDistanceFloor, 0.0f);
}

void TriangleContact::beginStep() {
    m_stats.detections = 0;
    m_stats.welds = 0;
    m_stats.weldMisses = 0;
    m_stats.neighboursPutBack = 0;
    m_stats.clothPutBack = 0;
    m_stats.gathers = 0;
    m_stats.pairsCarried = 0;
    m_stats.detectMs = 0.0f;
}

void TriangleContact::step(Cloth& cloth, std::span<const glm::vec3> start, float h,
                           const CollisionSettings& settings, int threads, int substeps) {
    ensureTopology(cloth, start, queryRadiusOf(settings));
    const std::size_t n = cloth.particleCount();
    const int allowed = static_cast<int>(settings.selfRedetectFraction * static_cast<float>(n));
    m_stepTouching.clear();
    if (m_recordTouching && m_stepTouching.capacity() < m_touching.capacity()) m_stepTouching.reserve(m_touching.capacity());
    if (m_dirty) {
        detect(cloth, start, settings, threads);  // no bounds to trust: the cloth was changed outside the step
    } else if (m_detectSoon || m_sinceDetect >= std::max(settings.selfDetectEvery, 1)) {
        // Kinematic vertices (pin groups, the grab) were put at the substep's start by
        // their scripts, perhaps beyond their bounds: detect where the bounds let them be.
        std::copy(start.begin(), start.end(), m_safe.begin());
        truncate(m_safe, cloth.inverseMasses, allowed);
        // a held kinematic vertex beside a fresh cut may not cross its neighbours there either
        if (!m_twinGroups.empty() && neighboursCross(cloth, m_safe)) putClothBack(m_safe);
        detect(cloth, m_safe, settings, threads);
    }
    const int passes = std::max(settings.iterations, 1);
    for (int pass = 0; pass < passes; ++pass) respond(cloth, start, h, settings, pass == 0);
    Truncation truncated;
    const int rounds = advanceRounds(substeps);
    std::copy(cloth.positions.begin(), cloth.positions.end(), m_target.begin());
    for (int round = 0;; ++round) {
        truncated = truncate(cloth.positions, cloth.inverseMasses, allowed);
        // before a detection takes these positions as its anchors: copies apart there
        // would have balls too far apart to weld them later
        // the whole cloth put back: detect there (crossing-free) and advance again
        if (!m_twinGroups.empty() && keepNeighboursApart(cloth)) truncated.vertices = static_cast<int>(n);
        if (truncated.vertices <= allowed || round == rounds) break;
        // the truncated positions are safe: detect there and let the held-back vertices advance further
        detect(cloth, cloth.positions, settings, threads);
        std::copy(m_target.begin(), m_target.end(), cloth.positions.begin());
        for (int pass = 0; pass < passes; ++pass) respond(cloth, start, h, settings, pass == 0);
        std::copy(cloth.positions.begin(), cloth.positions.end(), m_target.begin());
    }
    m_stats.truncated = truncated.vertices;
    ++m_sinceDetect;
    // still held back: detect at the next substep's start. A held-back kinematic vertex
    // always asks for it: few vertices may be held, and they must keep to their script.
    m_detectSoon = truncated.vertices > allowed || truncated.kinematic;
}

} // namespace cs
