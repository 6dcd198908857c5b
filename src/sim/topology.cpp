#include "topology.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <glm/geometric.hpp>
#include <numeric>

namespace cs {
namespace {

// Union-find with path halving, for pieces.
struct DisjointSets {
    explicit DisjointSets(std::size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0u); }
    std::uint32_t find(std::uint32_t x) {
        while (parent[x] != x) x = parent[x] = parent[parent[x]];
        return x;
    }
    // the larger root under the smaller: on a mesh numbered row by row the trees stay
    // shallow (a 128² grid's pieces in half the time of joining either way)
    void join(std::uint32_t x, std::uint32_t y) {
        const std::uint32_t rx = find(x), ry = find(y);
        if (rx < ry) parent[ry] = rx;
        else parent[rx] = ry;
    }
    std::vector<std::uint32_t> parent;
};

bool edgeCut(const std::vector<std::uint8_t>& flags, std::uint32_t triangle, int k) {
    return triangle < flags.size() && (flags[triangle] & (kEdgeCut << k)) != 0;
}

// The edge slot of (a, b) in t, or -1.
int edgeSlotOf(const glm::uvec3& t, std::uint32_t a, std::uint32_t b) {
    for (int k = 0; k < 3; ++k) {
        const std::uint32_t p = t[k], q = t[(k + 1) % 3];
        if ((p == a && q == b) || (p == b && q == a)) return k;
    }
    return -1;
}

// Sorts links by kind, and within a kind into colours — sets of links that share
// no particle — each colour in order of its links' lower particle. Gauss–Seidel solvers (XPBD, PBD,
// Jakobsen) sweep in this order: within a colour the order does not matter, and
// the colours interleave over the whole cloth. A plain sweep sorted by particle
// number runs the corrections one way across an irregular mesh and, with one pass
// per substep, pumps ripples up until it blows up; colouring does not.
void orderLinksByColour(std::vector<Link>& links, std::size_t particles) {
    std::stable_sort(links.begin(), links.end(), [](const Link& l, const Link& r) { return l.kind < r.kind; });
    std::vector<std::uint64_t> used(particles, 0);  // per particle: colours taken by its links
    std::vector<std::uint8_t> colour(links.size(), 0);
    for (std::size_t begin = 0; begin < links.size();) {
        std::size_t end = begin;
        while (end < links.size() && links[end].kind == links[begin].kind) ++end;
        std::fill(used.begin(), used.end(), 0);
        for (std::size_t l = begin; l < end; ++l) {
            const std::uint64_t taken = used[links[l].a] | used[links[l].b];
            // greedy: the first free colour; a particle with over 63 links of one kind shares the last
            const int c = taken == ~std::uint64_t{0} ? 63 : std::countr_one(taken);
            colour[l] = static_cast<std::uint8_t>(c);
            links[l].colour = colour[l];
            used[links[l].a] |= std::uint64_t{1} << c;
            used[links[l].b] |= std::uint64_t{1} << c;
        }
        begin = end;
    }
    std::vector<std::size_t> order(links.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    // Within a colour the order changes no result (no two links share a particle),
    // so sort it by lower particle: the threaded sweep (solvers/link_sweep.hpp)
    // hands each thread a contiguous slice, which then covers its own stretch of
    // the particles in every colour instead of trading cache lines with the other
    // threads (span links, appended last, were out of place: 2 threads ran slower
    // than 1).
    auto lower = [&](std::size_t l) { return std::min(links[l].a, links[l].b); };
    std::stable_sort(order.begin(), order.end(), [&](std::size_t l, std::size_t r) {
        if (links[l].kind != links[r].kind) return links[l].kind < links[r].kind;
        if (colour[l] != colour[r]) return colour[l] < colour[r];
        return lower(l) < lower(r);
    });
    std::vector<Link> sorted(links.size());
    for (std::size_t i = 0; i < order.size(); ++i) sorted[i] = links[order[i]];
    links = std::move(sorted);
}

} // namespace

float triangleArea(std::span<const glm::vec3> x, const glm::uvec3& t) {
    return 0.5f * glm::length(glm::cross(x[t.y] - x[t.x], x[t.z] - x[t.x]));
}

bool isDegenerate(std::span<const glm::vec3> x, const glm::uvec3& t) {
    const float longest =
        std::max({glm::distance(x[t.x], x[t.y]), glm::distance(x[t.y], x[t.z]), glm::distance(x[t.z], x[t.x])});
    return !(triangleArea(x, t) > 1e-6f * longest * longest);  // NaN counts as degenerate
}

std::vector<HalfEdge> sortedHalfEdges(const std::vector<glm::uvec3>& triangles) {
    std::vector<HalfEdge> half;
    half.reserve(triangles.size() * 3);
    for (std::uint32_t t = 0; t < triangles.size(); ++t)
        for (int k = 0; k < 3; ++k) half.push_back({triangleEdge(triangles[t], k), t, k});
    std::sort(half.begin(), half.end(), [](const HalfEdge& l, const HalfEdge& r) {
        return l.key != r.key ? l.key < r.key : l.triangle < r.triangle;
    });
    return half;
}

bool trianglesJoined(const Cloth& cloth, std::uint32_t s, std::uint32_t t) {
    const glm::uvec3& ts = cloth.triangles[s];
    for (int k = 0; k < 3; ++k) {
        const int other = edgeSlotOf(cloth.triangles[t], ts[k], ts[(k + 1) % 3]);
        if (other >= 0) return !edgeCut(cloth.edgeFlags, s, k) && !edgeCut(cloth.edgeFlags, t, other);
    }
    return false;
}

bool spanLinkIntact(const Cloth& cloth, const SpanLink& link) {
    if (link.supportCount == 0 || link.firstSupport + link.supportCount > cloth.spanSupport.size()) return false;
    for (std::uint32_t i = 1; i < link.supportCount; ++i)
        if (!trianglesJoined(cloth, cloth.spanSupport[link.firstSupport + i - 1], cloth.spanSupport[link.firstSupport + i]))
            return false;
    return spanEndA(cloth, link) != spanEndB(cloth, link);
}

void indexSpanSupport(Cloth& cloth) {
    std::uint32_t triangles = static_cast<std::uint32_t>(cloth.triangles.size());
    for (std::uint32_t t : cloth.spanSupport) triangles = std::max(triangles, t + 1);
    cloth.supportedStart.assign(triangles + 1, 0);
    for (const SpanLink& span : cloth.spanLinks)
        for (std::uint32_t k = 0; k < span.supportCount; ++k) ++cloth.supportedStart[cloth.spanSupport[span.firstSupport + k] + 1];
    for (std::size_t t = 1; t < cloth.supportedStart.size(); ++t) cloth.supportedStart[t] += cloth.supportedStart[t - 1];
    cloth.supported.resize(cloth.supportedStart.back());
    std::vector<std::uint32_t> fill(cloth.supportedStart.begin(), cloth.supportedStart.end() - 1);
    for (const SpanLink& span : cloth.spanLinks)
        for (std::uint32_t k = 0; k < span.supportCount; ++k)
            cloth.supported[fill[cloth.spanSupport[span.firstSupport + k]]++] = span.firstSupport;
}

std::vector<std::uint32_t> spanLinksOn(const Cloth& cloth, std::span<const std::uint32_t> triangles) {
    std::vector<std::uint32_t> spans;
    if (cloth.supportedStart.empty()) {
        spans.resize(cloth.spanLinks.size());
        std::iota(spans.begin(), spans.end(), 0u);
        return spans;
    }
    // the firstSupport values, sorted and each once: marked in a bitmap over them (a
    // triangle near a cut supports dozens of long links and each link lies on several
    // triangles; sorting the repeats cost more than the rest of the search)
    std::vector<std::uint64_t> marked(cloth.spanSupport.size() / 64 + 1, 0);
    for (std::uint32_t t : triangles) {
        if (t + 1 >= cloth.supportedStart.size()) continue;  // added by an edit: supports none
        for (std::uint32_t i = cloth.supportedStart[t]; i < cloth.supportedStart[t + 1]; ++i) {
            const std::uint32_t first = cloth.supported[i];
            marked[first / 64] |= std::uint64_t{1} << (first % 64);
        }
    }
    std::vector<std::uint32_t> firsts;
    for (std::size_t w = 0; w < marked.size(); ++w)
        for (std::uint64_t bits = marked[w]; bits != 0; bits &= bits - 1)
            firsts.push_back(static_cast<std::uint32_t>(w * 64 + static_cast<std::size_t>(std::countr_zero(bits))));
    // in order, each search galloping on from the last (one binary search each over the
    // whole list missed the cache more than the pass it replaced)
    const std::vector<SpanLink>& list = cloth.spanLinks;
    std::size_t at = 0;
    for (std::uint32_t first : firsts) {
        std::size_t step = 1, hi = at;
        while (hi < list.size() && list[hi].firstSupport < first) {
            at = hi + 1;
            hi += step;
            step *= 2;
        }
        hi = std::min(hi, list.size());
        at = static_cast<std::size_t>(
            std::lower_bound(list.begin() + static_cast<std::ptrdiff_t>(at), list.begin() + static_cast<std::ptrdiff_t>(hi),
                             first, [](const SpanLink& span, std::uint32_t f) { return span.firstSupport < f; }) -
            list.begin());
        if (at < list.size() && list[at].firstSupport == first)  // else dropped: broken earlier
            spans.push_back(static_cast<std::uint32_t>(at));
    }
    return spans;
}

void rebuildLinks(Cloth& cloth) {
    cloth.edgeFlags.resize(cloth.triangles.size(), 0);
    cloth.links.clear();

    // every triangle edge once
    struct EdgeLink {
        EdgeKey key;
        LinkKind kind;
    };
    std::vector<EdgeLink> edges;
    edges.reserve(cloth.triangles.size() * 3);
    for (std::size_t t = 0; t < cloth.triangles.size(); ++t)
        for (int k = 0; k < 3; ++k) {
            const bool shear = (cloth.edgeFlags[t] & (kEdgeShear << k)) != 0;
            edges.push_back({triangleEdge(cloth.triangles[t], k), shear ? LinkKind::Shear : LinkKind::Stretch});
        }
    std::sort(edges.begin(), edges.end(), [](const EdgeLink& l, const EdgeLink& r) { return l.key < r.key; });
    edges.erase(std::unique(edges.begin(), edges.end(), [](const EdgeLink& l, const EdgeLink& r) { return l.key == r.key; }),
                edges.end());
    const auto& rest = cloth.restPositions;
    for (const EdgeLink& e : edges)
        cloth.links.push_back({e.key.a, e.key.b, glm::distance(rest[e.key.a], rest[e.key.b]), e.kind});

    // span links whose support still holds; the others are gone for good
    std::size_t kept = 0;
    for (const SpanLink& span : cloth.spanLinks) {
        if (!spanLinkIntact(cloth, span)) {
            ++cloth.tornLinks;
            continue;
        }
        cloth.spanLinks[kept++] = span;
        cloth.links.push_back({spanEndA(cloth, span), spanEndB(cloth, span), span.restLength, span.kind});
    }
    cloth.spanLinks.resize(kept);
    orderLinksByColour(cloth.links, cloth.particleCount());

    cloth.bendElements = findBendElements(cloth.restPositions, cloth.triangles, cloth.edgeFlags);
    ++cloth.topologyVersion;
}

void addHingeLinks(ClothShape& shape) {
    const std::vector<HalfEdge> half = sortedHalfEdges(shape.triangles);
    for (std::size_t i = 0; i + 1 < half.size(); ++i) {
        if (half[i].key != half[i + 1].key || (i + 2 < half.size() && half[i + 2].key == half[i].key)) continue;
        const HalfEdge& h0 = half[i];
        const HalfEdge& h1 = half[i + 1];
        const int c = (h0.slot + 2) % 3, d = (h1.slot + 2) % 3;  // the corners opposite the shared edge
        const std::uint32_t pc = shape.triangles[h0.triangle][c], pd = shape.triangles[h1.triangle][d];
        const auto first = static_cast<std::uint32_t>(shape.spanSupport.size());
        shape.spanSupport.push_back(h0.triangle);
        shape.spanSupport.push_back(h1.triangle);
        shape.spanLinks.push_back({first, 2, static_cast<std::uint8_t>(c), static_cast<std::uint8_t>(d), LinkKind::Bend,
                                   glm::distance(shape.positions[pc], shape.positions[pd])});
    }
}

Pieces findPieces(const Cloth& cloth) { return findPieces(cloth.triangles, cloth.particleCount()); }

Pieces findPieces(const std::vector<glm::uvec3>& triangles, std::size_t particles) {
    DisjointSets sets(particles);
    for (const glm::uvec3& t : triangles) {
        sets.join(t.x, t.y);
        sets.join(t.y, t.z);
    }
    Pieces pieces;
    pieces.of.assign(particles, 0);
    std::vector<std::uint32_t> label(particles, ~0u);
    for (std::uint32_t i = 0; i < particles; ++i) {
        const std::uint32_t root = sets.find(i);
        if (label[root] == ~0u) label[root] = static_cast<std::uint32_t>(pieces.count++);
        pieces.of[i] = label[root];
    }
    return pieces;
}

bool joinedThrough(const std::vector<glm::uvec3>& triangles, std::span<const std::uint32_t> through,
                   std::span<const std::uint32_t> particles, std::size_t particleCount) {
    if (particles.size() <= 1) return true;
    DisjointSets sets(particleCount);
    for (std::uint32_t t : through) {
        sets.join(triangles[t].x, triangles[t].y);
        sets.join(triangles[t].y, triangles[t].z);
    }
    const std::uint32_t root = sets.find(particles.front());
    for (std::uint32_t p : particles)
        if (sets.find(p) != root) return false;
    return true;
}

TriangleFans::TriangleFans(const std::vector<glm::uvec3>& triangles, std::size_t particles) : start(particles + 1, 0) {
    for (const glm::uvec3& t : triangles)
        for (int k = 0; k < 3; ++k) ++start[t[k] + 1];
    for (std::size_t i = 1; i < start.size(); ++i) start[i] += start[i - 1];
    items.resize(start.back());
    std::vector<std::uint32_t> fill(start.begin(), start.end() - 1);
    for (std::uint32_t t = 0; t < triangles.size(); ++t)
        for (int k = 0; k < 3; ++k) items[fill[triangles[t][k]]++] = t;
}

std::vector<EdgeKey> uniqueEdges(const std::vector<glm::uvec3>& triangles) {
    std::vector<EdgeKey> edges;
    edges.reserve(3 * triangles.size());
    for (const glm::uvec3& t : triangles)
        for (int k = 0; k < 3; ++k) edges.push_back(triangleEdge(t, k));
    std::sort(edges.begin(), edges.end());
    edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
    return edges;
}

std::vector<EdgeKey> findBorderEdges(const std::vector<glm::uvec3>& triangles) {
    const std::vector<HalfEdge> half = sortedHalfEdges(triangles);
    std::vector<EdgeKey> border;
    for (std::size_t i = 0; i < half.size();) {
        std::size_t j = i;
        while (j < half.size() && half[j].key == half[i].key) ++j;
        if (j - i == 1) border.push_back(half[i].key);
        i = j;
    }
    return border;
}

std::size_t countBorderEdges(const Cloth& cloth) { return findBorderEdges(cloth.triangles).size(); }

std::string checkInvariants(const Cloth& cloth) {
    const std::size_t n = cloth.positions.size();
    if (cloth.velocities.size() != n || cloth.inverseMasses.size() != n || cloth.pinned.size() != n ||
        cloth.masses.size() != n)
        return "per-particle arrays differ in size";
    for (std::size_t i = 0; i < n; ++i) {
        const glm::vec3 p = cloth.positions[i], v = cloth.velocities[i];
        if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z))
            return "particle " + std::to_string(i) + " has a non-finite position";
        if (!std::isfinite(v.x) || !std::isfinite(v.y) || !std::isfinite(v.z))
            return "particle " + std::to_string(i) + " has a non-finite velocity";
    }
    for (std::size_t t = 0; t < cloth.triangles.size(); ++t) {
        const glm::uvec3 tri = cloth.triangles[t];
        if (tri.x >= n || tri.y >= n || tri.z >= n) return "triangle " + std::to_string(t) + " names no particle";
    }
    for (std::size_t k = 0; k < cloth.links.size(); ++k)
        if (cloth.links[k].a >= n || cloth.links[k].b >= n) return "link " + std::to_string(k) + " names no particle";
    return checkTopology(cloth);
}

std::string checkTopology(const Cloth& cloth) {
    const std::size_t n = cloth.particleCount();
    if (cloth.previousPositions.size() != n || cloth.velocities.size() != n || cloth.inverseMasses.size() != n ||
        cloth.pinned.size() != n || cloth.masses.size() != n || cloth.restUV.size() != n ||
        cloth.restPositions.size() != n)
        return "per-particle arrays have different sizes";
    if (cloth.edgeFlags.size() != cloth.triangles.size()) return "edge flags and triangles have different sizes";
    for (std::size_t t = 0; t < cloth.triangles.size(); ++t) {
        const glm::uvec3& tri = cloth.triangles[t];
        if (tri.x >= n || tri.y >= n || tri.z >= n)
            return "triangle " + std::to_string(t) + " refers to a particle that does not exist";
        if (tri.x == tri.y || tri.y == tri.z || tri.z == tri.x)
            return "triangle " + std::to_string(t) + " repeats a corner";
        if (isDegenerate(cloth.restPositions, tri)) return "triangle " + std::to_string(t) + " has no area";
    }
    const std::vector<HalfEdge> half = sortedHalfEdges(cloth.triangles);
    for (std::size_t i = 0; i + 2 < half.size(); ++i)
        if (half[i].key == half[i + 2].key)
            return "edge " + std::to_string(half[i].key.a) + "-" + std::to_string(half[i].key.b) +
                   " belongs to more than two triangles";
    for (std::size_t l = 0; l < cloth.links.size(); ++l) {
        const Link& link = cloth.links[l];
        if (link.a >= n || link.b >= n || link.a == link.b)
            return "link " + std::to_string(l) + " does not join two particles";
    }
    for (std::size_t e = 0; e < cloth.bendElements.size(); ++e) {
        const BendElement& h = cloth.bendElements[e];
        if (h.a >= n || h.b >= n || h.c >= n || h.d >= n) return "hinge " + std::to_string(e) + " refers to a particle that does not exist";
    }
    for (std::size_t i = 0; i < n; ++i) {
        const glm::vec3 x = cloth.positions[i], v = cloth.velocities[i];
        if (!std::isfinite(x.x + x.y + x.z + v.x + v.y + v.z)) return "particle " + std::to_string(i) + " is not finite";
    }
    return {};
}

std::string validateShape(const ClothShape& shape, bool allowPieces) {
    const std::size_t n = shape.positions.size();
    if (n < 3 || shape.triangles.empty()) return "the mesh has no triangles";
    for (std::size_t i = 0; i < n; ++i) {
        const glm::vec3 x = shape.positions[i];
        if (!std::isfinite(x.x + x.y + x.z)) return "vertex " + std::to_string(i) + " is not a finite point";
    }
    std::vector<std::uint8_t> used(n, 0);
    for (std::size_t t = 0; t < shape.triangles.size(); ++t) {
        const glm::uvec3& tri = shape.triangles[t];
        if (tri.x >= n || tri.y >= n || tri.z >= n)
            return "triangle " + std::to_string(t) + " refers to a vertex that does not exist";
        if (tri.x == tri.y || tri.y == tri.z || tri.z == tri.x)
            return "triangle " + std::to_string(t) + " is degenerate: it uses vertex " +
                   std::to_string(tri.x == tri.y || tri.x == tri.z ? tri.x : tri.y) + " twice";
        if (isDegenerate(shape.positions, tri))
            return "triangle " + std::to_string(t) + " is degenerate: its corners (vertices " + std::to_string(tri.x) +
                   ", " + std::to_string(tri.y) + ", " + std::to_string(tri.z) + ") are in a line";
        used[tri.x] = used[tri.y] = used[tri.z] = 1;
    }
    for (std::size_t i = 0; i < n; ++i)
        if (!used[i]) return "vertex " + std::to_string(i) + " belongs to no triangle";
    const std::vector<HalfEdge> half = sortedHalfEdges(shape.triangles);
    for (std::size_t i = 0; i + 2 < half.size(); ++i)
        if (half[i].key == half[i + 2].key)
            return "the mesh is not a manifold: edge between vertices " + std::to_string(half[i].key.a) + " and " +
                   std::to_string(half[i].key.b) + " belongs to triangles " + std::to_string(half[i].triangle) + ", " +
                   std::to_string(half[i + 1].triangle) + " and " + std::to_string(half[i + 2].triangle);
    if (!allowPieces) {
        const Pieces pieces = findPieces(shape.triangles, n);
        for (std::uint32_t i = 1; i < n; ++i)
            if (pieces.of[i] != pieces.of[0])
                return "the mesh has more than one piece: vertex " + std::to_string(i) +
                       " is not connected to vertex 0 (allow pieces in the scene to accept it)";
    }
    return {};
}

bool hingeBetween(const std::vector<glm::uvec3>& triangles, const std::vector<std::uint8_t>& edgeFlags,
                  std::uint32_t t0, int s0, std::uint32_t t1, int s1, BendElement& hinge) {
    if (edgeCut(edgeFlags, t0, s0) || edgeCut(edgeFlags, t1, s1)) return false;
    const glm::uvec3& lower = triangles[t0];
    hinge = {lower[s0], lower[(s0 + 1) % 3], lower[(s0 + 2) % 3], triangles[t1][(s1 + 2) % 3], 0.0f};
    return true;
}

std::vector<BendElement> findBendElements(const std::vector<glm::vec3>& positions,
                                          const std::vector<glm::uvec3>& triangles,
                                          const std::vector<std::uint8_t>& edgeFlags) {
    const std::vector<HalfEdge> half = sortedHalfEdges(triangles);
    std::vector<BendElement> elements;
    for (std::size_t i = 0; i < half.size();) {
        std::size_t j = i + 1;  // half[i, j): the triangles on one edge, in order
        while (j < half.size() && half[j].key == half[i].key) ++j;
        BendElement e{};
        if (j - i == 2 && hingeBetween(triangles, edgeFlags, half[i].triangle, half[i].slot, half[i + 1].triangle,
                                       half[i + 1].slot, e)) {
            e.restAngle = dihedralAngle(positions[e.a], positions[e.b], positions[e.c], positions[e.d]);
            elements.push_back(e);
        }
        i = j;
    }
    return elements;
}

} // namespace cs
