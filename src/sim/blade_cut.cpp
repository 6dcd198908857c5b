#include "blade_cut.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <glm/geometric.hpp>

namespace cs {
namespace {

// Per-edge flag bits of a triangle, for one edge: bit 0 cut, bit 1 shear.
using EdgeBits = std::uint8_t;
constexpr EdgeBits kBitCut = 1, kBitShear = 2;
// A new edge inside a split triangle runs across the weave: a shear link.
constexpr EdgeBits kInterior = kBitShear;

EdgeBits bitsOf(std::uint8_t flags, int k) {
    return static_cast<EdgeBits>(((flags >> k) & 1u) * kBitCut | ((flags >> (3 + k)) & 1u) * kBitShear);
}
std::uint8_t flagsOf(EdgeBits e0, EdgeBits e1, EdgeBits e2) {
    std::uint8_t f = 0;
    const EdgeBits e[3] = {e0, e1, e2};
    for (int k = 0; k < 3; ++k) {
        if (e[k] & kBitCut) f |= static_cast<std::uint8_t>(kEdgeCut << k);
        if (e[k] & kBitShear) f |= static_cast<std::uint8_t>(kEdgeShear << k);
    }
    return f;
}

// Rest area per particle: a third of each of its triangles', for the particles
// marked in `only` (the others stay 0: the areas of a whole 128² cloth cost more
// than the rest of a cut). `candidates`: the triangles that may have such a corner,
// sorted (summed in the order of all triangles, as before); `corners(t)` and
// `rest(v)` read the triangles and rest positions, now or before the edit.
template <class Corners, class Rest>
std::vector<double> lumpedAreas(std::span<const std::uint32_t> candidates, Corners corners, Rest rest,
                                const std::vector<std::uint8_t>& only) {
    std::vector<double> area(only.size(), 0.0);
    for (const std::uint32_t i : candidates) {
        const glm::uvec3 t = corners(i);
        if (!(only[t.x] || only[t.y] || only[t.z])) continue;
        const glm::vec3 x[3] = {rest(t.x), rest(t.y), rest(t.z)};
        const double a = triangleArea(x, {0, 1, 2}) / 3.0;
        for (int k = 0; k < 3; ++k) area[t[k]] += a;
    }
    return area;
}

glm::dvec3 momentum(const Cloth& c) {
    glm::dvec3 p(0.0);
    for (std::size_t i = 0; i < c.particleCount(); ++i) p += static_cast<double>(c.masses[i]) * glm::dvec3(c.velocities[i]);
    return p;
}

// Whether moving particle v to `rest` keeps every triangle around it facing the
// same way with at least 30 % of its rest area: a snap must not make what it avoids.
bool snapKeepsShape(const Cloth& c, const TriangleFans& fans, std::uint32_t v, glm::vec3 rest) {
    for (std::uint32_t t : fans.of(v)) {
        const glm::uvec3& tri = c.triangles[t];
        glm::vec3 p[3] = {c.restPositions[tri.x], c.restPositions[tri.y], c.restPositions[tri.z]};
        const glm::vec3 before = glm::cross(p[1] - p[0], p[2] - p[0]);
        p[cornerOf(tri, v)] = rest;
        const glm::vec3 after = glm::cross(p[1] - p[0], p[2] - p[0]);
        if (!(glm::dot(before, after) > 0.3f * glm::dot(before, before))) return false;
    }
    return true;
}

// Moves (or, for a new particle, sets) particle `to` to the point a fraction t along a -> b.
void interpolateParticle(Cloth& c, std::uint32_t to, std::uint32_t a, std::uint32_t b, float t) {
    auto lerp = [t](auto x, auto y) { return x + t * (y - x); };
    const glm::vec3 x = lerp(c.positions[a], c.positions[b]), xp = lerp(c.previousPositions[a], c.previousPositions[b]);
    const glm::vec3 v = lerp(c.velocities[a], c.velocities[b]), r = lerp(c.restPositions[a], c.restPositions[b]);
    const glm::vec2 uv = lerp(c.restUV[a], c.restUV[b]);
    if (to == c.particleCount()) {
        c.positions.push_back(x);
        c.previousPositions.push_back(xp);
        c.velocities.push_back(v);
        c.restPositions.push_back(r);
        c.restUV.push_back(uv);
        c.masses.push_back(0.0f);
        c.inverseMasses.push_back(0.0f);
        c.pinned.push_back(0);
        return;
    }
    c.positions[to] = x;
    c.previousPositions[to] = xp;
    c.velocities[to] = v;
    c.restPositions[to] = r;
    c.restUV[to] = uv;
}

// The lightest a particle of the edited region may be, as a fraction of the region's mean.
constexpr double kLightest = 0.25;

struct Insertion {
    std::uint32_t a, b;   // the edge
    float t;              // along a -> b
    float along;          // along the blade
    std::uint32_t vertex;
};

} // namespace

BladePath bladeAlongRestSegment(const Cloth& cloth, glm::vec2 uv0, glm::vec2 uv1) {
    BladePath path;
    const glm::vec2 along = uv1 - uv0;
    const float length = glm::length(along);
    if (!(length > 0.0f) || cloth.triangles.empty()) return path;
    const glm::vec2 dir = along / length, normal(-dir.y, dir.x);

    // the tolerance's scale, the mean edge length in uv, from at most kSampled triangles
    // spread evenly over the list: a pass over all of them (three square roots each)
    // cost a 128² cut 0.15 ms, and a scale for 1e-4 of it needs no more
    constexpr std::size_t kSampled = 1024;
    const std::size_t stride = std::max<std::size_t>(1, cloth.triangles.size() / kSampled);
    double sum = 0.0;  // of the sampled triangles' edge lengths in uv
    std::size_t sampled = 0;
    for (std::size_t i = 0; i < cloth.triangles.size(); i += stride, ++sampled) {
        const glm::uvec3& t = cloth.triangles[i];
        for (int k = 0; k < 3; ++k) sum += glm::distance(cloth.restUV[t[k]], cloth.restUV[t[(k + 1) % 3]]);
    }
    const float onLine = 1e-4f * static_cast<float>(sum / (3.0 * static_cast<double>(sampled)));

    // signed distance from the blade's line, and position along it (0..1 on the segment)
    std::vector<float> sides(cloth.particleCount());
    for (std::uint32_t v = 0; v < cloth.particleCount(); ++v) sides[v] = glm::dot(cloth.restUV[v] - uv0, normal);
    auto side = [&](std::uint32_t v) { return sides[v]; };
    auto param = [&](glm::vec2 p) { return glm::dot(p - uv0, dir) / length; };
    const float slack = onLine / length;
    for (std::uint32_t v = 0; v < cloth.particleCount(); ++v) {
        const float s = param(cloth.restUV[v]);
        if (std::abs(side(v)) <= onLine && s >= -slack && s <= 1.0f + slack) path.onVertices.push_back(v);
    }
    // every triangle's edges (an inner edge twice, with the same figures: deduplicated
    // below) rather than a sorted list of unique edges, which cost more than the cut;
    // a triangle with every corner off the line on one side has none crossed (nearly
    // all: one well-predicted test each instead of three)
    std::vector<std::uint8_t> code(cloth.particleCount());  // 0 below the line, 1 above, 2 on it
    for (std::uint32_t v = 0; v < cloth.particleCount(); ++v)
        code[v] = std::abs(sides[v]) <= onLine ? 2 : sides[v] > 0.0f ? 1 : 0;
    for (const glm::uvec3& tri : cloth.triangles) {
        const std::uint8_t cx = code[tri.x];
        if (cx != 2 && cx == code[tri.y] && cx == code[tri.z]) continue;
        for (int k = 0; k < 3; ++k) {
            const EdgeKey e = triangleEdge(tri, k);
            const float da = side(e.a), db = side(e.b);
            if (std::abs(da) <= onLine || std::abs(db) <= onLine || (da > 0.0f) == (db > 0.0f)) continue;
            const float t = da / (da - db);
            const float s = param(cloth.restUV[e.a] + t * (cloth.restUV[e.b] - cloth.restUV[e.a]));
            if (s < 0.0f || s > 1.0f) continue;
            path.crossings.push_back({e, t, s});
        }
    }
    std::sort(path.crossings.begin(), path.crossings.end(), [](const EdgeCrossing& l, const EdgeCrossing& r) {
        return l.along != r.along ? l.along < r.along : l.edge < r.edge;
    });
    path.crossings.erase(std::unique(path.crossings.begin(), path.crossings.end(),
                                     [](const EdgeCrossing& l, const EdgeCrossing& r) { return l.edge == r.edge; }),
                         path.crossings.end());
    return path;
}

CutResult cutAlongBlade(Cloth& c, const BladePath& path, std::span<float> room, TopologyEdit* edit) {
    CutResult result;
    TopologyEdit own;  // the caller's record if it asked for one; the links are updated from it
    TopologyEdit& record = edit ? *edit : own;
    record = TopologyEdit::of(c);
    const auto n0 = static_cast<std::uint32_t>(c.particleCount());
    const auto triangles0 = static_cast<std::uint32_t>(c.triangles.size());
    c.edgeFlags.resize(triangles0, 0);
    // each crossing inserts at most one particle and splits at most two triangles into
    // three; the copies along the blade are fewer than its particles
    reserveForEdits(c, n0 + 3 * path.crossings.size() + 64, triangles0 + 4 * path.crossings.size());
    const TriangleFans fans(c.triangles, n0);
    const glm::dvec3 momentumBefore = momentum(c);

    std::vector<std::uint8_t> onBlade(n0, 0);
    for (std::uint32_t v : path.onVertices)
        if (v < n0) onBlade[v] = 1;
    std::vector<std::uint8_t> affected(n0, 0);
    // particles with no inverse mass (pinned, held by a pin group or the mouse) keep it
    std::vector<std::uint8_t> held(n0, 0);
    for (std::uint32_t v = 0; v < n0; ++v) held[v] = c.inverseMasses[v] == 0.0f;
    auto setMass = [&](std::uint32_t v, double mass) {
        c.masses[v] = static_cast<float>(mass);
        const bool keep = v < held.size() ? held[v] != 0 : c.inverseMasses[v] == 0.0f;  // a copy: as its original
        if (!keep) c.inverseMasses[v] = 1.0f / c.masses[v];
    };
    auto markFan = [&](std::uint32_t v) {
        for (std::uint32_t t : fans.of(v))
            for (int k = 0; k < 3; ++k) affected[c.triangles[t][k]] = 1;
    };

    // which triangles share an edge, and at which slot
    auto trianglesOf = [&](EdgeKey e, std::array<std::pair<std::uint32_t, int>, 2>& out) {
        int found = 0;
        if (e.a >= n0 || e.b >= n0) return 0;
        for (std::uint32_t t : fans.of(e.a))
            for (int k = 0; k < 3; ++k)
                if (triangleEdge(c.triangles[t], k) == e && found < 2) out[static_cast<std::size_t>(found++)] = {t, k};
        return found;
    };

    // 1. snaps: the nearest crossings first
    std::vector<std::size_t> byNearness(path.crossings.size());
    for (std::size_t i = 0; i < byNearness.size(); ++i) byNearness[i] = i;
    auto nearness = [&](std::size_t i) { return std::min(path.crossings[i].t, 1.0f - path.crossings[i].t); };
    // Crossings within 1e-3 of an edge of each other in nearness go in order along the
    // blade: on a regular grid many tie, and a blade continued from a slit's end (its
    // line the same but for rounding) must decide them the same way. The ranks centre
    // on round fractions, which regular grids hit exactly, so that a crossing at the
    // snap fraction snaps however its last bit was rounded.
    auto rank = [&](std::size_t i) { return static_cast<int>(nearness(i) * 1000.0f + 0.5f); };
    const int snapRank = static_cast<int>(kSnapFraction * 1000.0f + 0.5f);
    std::stable_sort(byNearness.begin(), byNearness.end(),
                     [&](std::size_t l, std::size_t r) { return rank(l) < rank(r); });
    std::array<std::pair<std::uint32_t, int>, 2> sharing{};
    for (std::size_t i : byNearness) {
        const EdgeCrossing& x = path.crossings[i];
        if (rank(i) > snapRank) break;
        if (x.edge.a >= n0 || x.edge.b >= n0 || onBlade[x.edge.a] || onBlade[x.edge.b]) continue;
        if (trianglesOf(x.edge, sharing) == 0) continue;
        const std::uint32_t v = x.t < 0.5f ? x.edge.a : x.edge.b;
        // a pin, or a particle held by a pin group or the mouse, stays where it is: an insertion nearby instead
        if (c.pinned[v] || c.inverseMasses[v] == 0.0f) continue;
        const glm::vec3 rest = c.restPositions[x.edge.a] + x.t * (c.restPositions[x.edge.b] - c.restPositions[x.edge.a]);
        if (!snapKeepsShape(c, fans, v, rest)) continue;
        // where self-contact runs, a snap that would take the particle out of its room
        // (possibly through a layer) is an insertion instead, which moves nothing
        if (!room.empty()) {
            const glm::vec3 to = c.positions[x.edge.a] + x.t * (c.positions[x.edge.b] - c.positions[x.edge.a]);
            const float move = glm::distance(to, c.positions[v]);
            if (v >= room.size() || !(move <= room[v])) {
                ++result.snapsRefused;
                continue;
            }
            room[v] -= move;  // a later cut before contact detects again has only the rest
        }
        record.noteRest(c, v);
        interpolateParticle(c, v, x.edge.a, x.edge.b, x.t);
        onBlade[v] = 1;
        markFan(v);
        ++result.particlesSnapped;
    }

    // 2. insertions, in order along the blade; at most two per triangle
    std::vector<std::array<std::int32_t, 3>> inserted;  // per triangle touched, the insertion on each edge
    std::vector<std::int32_t> slotOf(triangles0, -1);   // triangle -> index into inserted
    std::vector<std::uint32_t> touched;
    std::vector<Insertion> insertions;
    for (const EdgeCrossing& x : path.crossings) {
        if (x.edge.a >= n0 || x.edge.b >= n0 || onBlade[x.edge.a] || onBlade[x.edge.b]) continue;
        if (!(x.t > 0.0f && x.t < 1.0f)) continue;
        const int count = trianglesOf(x.edge, sharing);
        if (count == 0) continue;
        bool full = false;  // two insertions in a triangle already, or this edge crossed twice (a hand-written path)
        for (int s = 0; s < count; ++s) {
            const auto [tri, k] = sharing[static_cast<std::size_t>(s)];
            if (slotOf[tri] < 0) continue;
            const std::array<std::int32_t, 3>& ins = inserted[static_cast<std::size_t>(slotOf[tri])];
            if (ins[static_cast<std::size_t>(k)] >= 0 || std::count_if(ins.begin(), ins.end(), [](std::int32_t i) { return i >= 0; }) >= 2)
                full = true;
        }
        if (full) continue;
        // a crossing whose near end could not slide (held, or its triangles would
        // collapse) is kept a snap's distance from that end: no sliver
        const float t = std::clamp(x.t, kSnapFraction, 1.0f - kSnapFraction);
        const auto vertex = static_cast<std::uint32_t>(c.particleCount());
        interpolateParticle(c, vertex, x.edge.a, x.edge.b, t);
        affected.push_back(1);
        held.push_back(0);
        const auto id = static_cast<std::int32_t>(insertions.size());
        insertions.push_back({x.edge.a, x.edge.b, t, x.along, vertex});
        for (int s = 0; s < count; ++s) {
            const auto [tri, k] = sharing[static_cast<std::size_t>(s)];
            if (slotOf[tri] < 0) {
                slotOf[tri] = static_cast<std::int32_t>(inserted.size());
                inserted.push_back({-1, -1, -1});
                touched.push_back(tri);
            }
            inserted[static_cast<std::size_t>(slotOf[tri])][static_cast<std::size_t>(k)] = id;
        }
        ++result.particlesInserted;
    }

    // 3. the triangles: split those with insertions; an edge between two particles
    // on the blade, in a triangle it does not cross, is cut as it is
    std::vector<EdgeKey> cuts;
    std::vector<std::uint8_t> rewritten(triangles0, 0);
    // those are around the particles on the blade (in order, as a pass over all; the
    // span links on them are looked at in step 4)
    std::vector<std::uint32_t> besideBlade;
    for (std::uint32_t v = 0; v < n0; ++v)
        if (onBlade[v]) besideBlade.insert(besideBlade.end(), fans.of(v).begin(), fans.of(v).end());
    std::sort(besideBlade.begin(), besideBlade.end());
    besideBlade.erase(std::unique(besideBlade.begin(), besideBlade.end()), besideBlade.end());
    for (const std::uint32_t t : besideBlade) {
        if (slotOf[t] >= 0) continue;
        const glm::uvec3 tri = c.triangles[t];
        const int on = onBlade[tri.x] + onBlade[tri.y] + onBlade[tri.z];
        if (on != 2) continue;
        for (int k = 0; k < 3; ++k)
            if (onBlade[tri[k]] && onBlade[tri[(k + 1) % 3]]) cuts.push_back(triangleEdge(tri, k));
    }
    std::sort(touched.begin(), touched.end());
    for (std::uint32_t t : touched) {
        const glm::uvec3 tri = c.triangles[t];
        const std::uint8_t flags = c.edgeFlags[t];
        const std::array<std::int32_t, 3>& ins = inserted[static_cast<std::size_t>(slotOf[t])];
        bool first = true;
        auto emit = [&](std::uint32_t p0, std::uint32_t p1, std::uint32_t p2, EdgeBits e0, EdgeBits e1, EdgeBits e2) {
            const glm::uvec3 out(p0, p1, p2);
            if (first) {
                record.noteTriangle(c, t);
                c.triangles[t] = out;
                c.edgeFlags[t] = flagsOf(e0, e1, e2);
                first = false;
            } else {
                c.triangles.push_back(out);
                c.edgeFlags.push_back(flagsOf(e0, e1, e2));
            }
        };
        const int count = (ins[0] >= 0) + (ins[1] >= 0) + (ins[2] >= 0);
        if (count == 2) {
            // the corner s between the two crossed edges gets a triangle of its own
            int s = 0;
            while (!(ins[static_cast<std::size_t>((s + 2) % 3)] >= 0 && ins[static_cast<std::size_t>(s)] >= 0)) ++s;
            const std::uint32_t pm = tri[(s + 2) % 3], ps = tri[s], pp = tri[(s + 1) % 3];
            const Insertion& i1 = insertions[static_cast<std::size_t>(ins[static_cast<std::size_t>((s + 2) % 3)])];
            const Insertion& i2 = insertions[static_cast<std::size_t>(ins[static_cast<std::size_t>(s)])];
            const std::uint32_t m1 = i1.vertex, m2 = i2.vertex;
            const EdgeBits fIn = bitsOf(flags, (s + 2) % 3), fOut = bitsOf(flags, s), fOpp = bitsOf(flags, (s + 1) % 3);
            const EdgeBits blade = kInterior;  // cut below, with the particles on it parted
            emit(m1, ps, m2, fIn, fOut, blade);
            // the quad is split from the blade's entry to the corner across from it, so
            // that a slit ended here and continued later gives the same triangles
            if (i1.along <= i2.along) {
                emit(m1, m2, pp, blade, fOut, kInterior);
                emit(pm, m1, pp, fIn, kInterior, fOpp);
            } else {
                emit(pm, m1, m2, fIn, blade, kInterior);
                emit(pm, m2, pp, kInterior, fOut, fOpp);
            }
            cuts.push_back(edgeKey(m1, m2));
        } else {
            int i = 0;
            while (ins[static_cast<std::size_t>(i)] < 0) ++i;
            const std::uint32_t pa = tri[i], pb = tri[(i + 1) % 3], o = tri[(i + 2) % 3];
            const std::uint32_t m = insertions[static_cast<std::size_t>(ins[static_cast<std::size_t>(i)])].vertex;
            // through the opposite corner when the blade runs through it; else the blade
            // ended in this triangle and the split only keeps the mesh conforming
            emit(pa, m, o, bitsOf(flags, i), kInterior, bitsOf(flags, (i + 2) % 3));
            emit(m, pb, o, bitsOf(flags, i), bitsOf(flags, (i + 1) % 3), kInterior);
            if (onBlade[o]) cuts.push_back(edgeKey(m, o));
        }
        rewritten[t] = 1;
        for (int k = 0; k < 3; ++k) affected[tri[k]] = 1;
        ++result.trianglesSplit;
    }

    if (result.particlesSnapped == 0 && result.particlesInserted == 0 && cuts.empty()) return result;

    // 4. span links through a split triangle lose their support: the cut runs through
    // them (broken in place; the link update drops them and counts them torn); those
    // that end at a snapped particle measure their rest length again. Both are among
    // the span links on the split triangles and on those around the blade's particles.
    if (result.trianglesSplit > 0 || result.particlesSnapped > 0) {
        std::vector<std::uint32_t> near(touched);
        near.insert(near.end(), besideBlade.begin(), besideBlade.end());
        for (const std::uint32_t i : spanLinksOn(c, near)) {
            SpanLink& span = c.spanLinks[i];
            if (span.supportCount == 0) continue;
            bool through = false;
            for (std::uint32_t k = 0; k < span.supportCount && !through; ++k) {
                const std::uint32_t s = c.spanSupport[span.firstSupport + k];
                through = s < triangles0 && rewritten[s];
            }
            if (through) {
                record.noteSpan(c, i);
                span.supportCount = 0;
                continue;
            }
            if (result.particlesSnapped == 0) continue;
            const std::uint32_t a = spanEndA(c, span), b = spanEndB(c, span);
            if (!((a < n0 && onBlade[a]) || (b < n0 && onBlade[b]))) continue;
            record.noteSpan(c, i);
            span.restLength = glm::distance(c.restPositions[a], c.restPositions[b]);
        }
    }

    // 5. masses lumped again over the edited region, same total; momentum kept
    std::vector<std::uint8_t> affectedBefore(affected.begin(), affected.begin() + n0);
    // the triangles around the region: before, the fans of its old particles; now also
    // the split ones and those the splits added (a split keeps its triangle's corners
    // or puts inserted particles in their place)
    std::vector<std::uint32_t> around;
    for (std::uint32_t v = 0; v < n0; ++v)
        if (affected[v]) around.insert(around.end(), fans.of(v).begin(), fans.of(v).end());
    std::sort(around.begin(), around.end());
    around.erase(std::unique(around.begin(), around.end()), around.end());
    const std::vector<double> lumpBefore = lumpedAreas(
        around, [&](std::uint32_t t) { return record.cornersBefore(c, t); },
        [&](std::uint32_t v) { return record.restBefore(c, v); }, affectedBefore);
    around.insert(around.end(), touched.begin(), touched.end());
    for (auto t = triangles0; t < c.triangles.size(); ++t) around.push_back(t);
    std::sort(around.begin(), around.end());
    around.erase(std::unique(around.begin(), around.end()), around.end());
    const std::vector<double> lumpAfter = lumpedAreas(
        around, [&](std::uint32_t t) { return c.triangles[t]; }, [&](std::uint32_t v) { return c.restPositions[v]; },
        affected);
    std::vector<double> density(c.particleCount(), 0.0);
    for (std::uint32_t v = 0; v < n0; ++v)
        if (affected[v] && lumpBefore[v] > 0.0) density[v] = c.masses[v] / lumpBefore[v];
    for (const Insertion& ins : insertions) density[ins.vertex] = density[ins.a] + ins.t * (density[ins.b] - density[ins.a]);
    double massBefore = 0.0, massAfter = 0.0;
    for (std::uint32_t v = 0; v < c.particleCount(); ++v) {
        if (!affected[v]) continue;
        if (v < n0) massBefore += c.masses[v];
        massAfter += density[v] * lumpAfter[v];
    }
    const double scale = massAfter > 0.0 ? massBefore / massAfter : 0.0;
    for (std::uint32_t v = 0; v < c.particleCount(); ++v) {
        if (!affected[v] || scale == 0.0) continue;
        setMass(v, density[v] * lumpAfter[v] * scale);
    }
    const std::size_t oldAffected = static_cast<std::size_t>(std::count(affected.begin(), affected.begin() + n0, 1));

    // 6. cut along the blade and part the particles on it
    const CutResult parted = cutEdges(c, cuts, &record, &fans);
    result.edgesCut = parted.edgesCut;
    result.particlesAdded = parted.particlesAdded;
    if (!parted.changed()) updateLinks(c, record, &fans);  // the split triangles still need their links

    // 7. no particle of the edited region lighter than kLightest of its mean before:
    // the small triangles a blade leaves near a corner it passes close to lump a
    // hundredth of a particle's mass onto the copies there, and the explicit
    // integrators' stable step shrinks with the square root of the lightest mass.
    // The mass they gain is taken from the rest of the region in proportion.
    affected.resize(c.particleCount(), 1);  // the copies the split made
    if (oldAffected > 0 && massBefore > 0.0) {
        const double floor = kLightest * massBefore / static_cast<double>(oldAffected);
        double light = 0.0, heavy = 0.0;
        std::size_t lightCount = 0;
        for (std::uint32_t v = 0; v < c.particleCount(); ++v) {
            if (!affected[v]) continue;
            if (c.masses[v] < floor) light += c.masses[v], ++lightCount;
            else heavy += c.masses[v];
        }
        const double given = floor * static_cast<double>(lightCount) - light;
        if (lightCount > 0 && heavy > given) {
            const double keep = (heavy - given) / heavy;
            for (std::uint32_t v = 0; v < c.particleCount(); ++v) {
                if (!affected[v]) continue;
                setMass(v, c.masses[v] < floor ? floor : c.masses[v] * keep);
            }
        }
    }
    // (the particles whose masses and velocities change here are all ends of links the
    // update replaces, so they are in the edit's region: TopologyEdit tests check it)
    double movable = 0.0;
    for (std::uint32_t v = 0; v < c.particleCount(); ++v)
        if (affected[v] && c.inverseMasses[v] > 0.0f) movable += c.masses[v];
    if (movable > 0.0) {
        const glm::vec3 shift((momentumBefore - momentum(c)) / movable);
        for (std::uint32_t v = 0; v < c.particleCount(); ++v)
            if (affected[v] && c.inverseMasses[v] > 0.0f) c.velocities[v] += shift;
    }
    return result;
}

} // namespace cs
