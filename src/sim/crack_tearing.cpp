// Tearing across the pull: the method is described in the header.
#include "crack_tearing.hpp"

#include "blade_cut.hpp"
#include "topology.hpp"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <glm/gtc/constants.hpp>
#include <glm/trigonometric.hpp>
#include <tuple>

namespace cs {
namespace {

// A crack line that meets the far edge this near one of its ends runs along the edge
// from the corner to that end instead (a fraction of the edge).
constexpr float kAlongEdge = 1e-3f;
constexpr std::uint32_t kNoParticle = ~0u;

glm::vec2 perpendicular(glm::vec2 v) { return {-v.y, v.x}; }

// The crack through one corner of a torn triangle.
struct Crack {
    std::uint32_t triangle = 0;
    std::uint32_t corner = 0;  // the particle it starts from, on the border
    std::uint32_t far = 0;     // along an edge: the particle it ends at
    EdgeCrossing crossing{};   // else: where it leaves the triangle
    bool alongEdge = false;
    bool fromTip = false;      // its corner is a tip (see below), not a point of a straight border
    float stretch = 0.0f;
};

// Whether crack a grows before b: a crack's tip first, then the more stretched
// triangle, then the lower triangle and corner (one order for every run).
bool before(const Crack& a, const Crack& b) {
    // a crack's tip first: a crack grows before another starts
    if (a.fromTip != b.fromTip) return a.fromTip;
    if (a.stretch != b.stretch) return a.stretch > b.stretch;
    return a.triangle != b.triangle ? a.triangle < b.triangle : a.corner < b.corner;
}

// Cuts the cloth along a crack and counts what changed (the cut counts the torn links in
// cloth.tornLinks itself); whether it parted anything. A cut that only slid a particle
// onto the crack line is counted too (the solver must hear of it) but tears no more
// this step.
bool tearAlong(Cloth& cloth, const BladePath& path, TearResult& result) {
    const std::size_t particlesBefore = cloth.particleCount();
    TopologyEdit edit;
    const CutResult cut = cutAlongBlade(cloth, path, {}, &edit);
    if (cut.changed()) result.add(edit);
    result.linksTorn += cut.edgesCut;
    result.particlesAdded += cloth.particleCount() - particlesBefore;
    result.trianglesSplit += cut.trianglesSplit;
    result.particlesMoved += cut.particlesSnapped;
    return cut.edgesCut > 0;
}

} // namespace

RestFrame restFrameOf(const glm::vec3& r0, const glm::vec3& r1, const glm::vec3& r2) {
    RestFrame frame;
    const glm::vec3 e1 = r1 - r0, e2 = r2 - r0;
    const glm::vec3 normal = glm::cross(e1, e2);
    const float length1 = glm::length(e1), area2 = glm::length(normal);
    if (!(length1 > 0.0f) || !(area2 > 1e-12f * length1 * length1)) return frame;
    frame.axisU = e1 / length1;
    frame.axisV = glm::normalize(glm::cross(normal, e1));
    frame.corner1 = {length1, 0.0f};
    frame.corner2 = {glm::dot(e2, frame.axisU), glm::dot(e2, frame.axisV)};
    // [c1 c2] = [[l1, c2x], [0, c2y]]
    const float det = length1 * frame.corner2.y;
    frame.inverse[0][0] = 1.0f / length1;
    frame.inverse[0][1] = -frame.corner2.x / det;
    frame.inverse[1][0] = 0.0f;
    frame.inverse[1][1] = length1 / det;
    frame.valid = true;
    return frame;
}

PrincipalStretch principalStretch(const RestFrame& frame, const glm::vec3& x0, const glm::vec3& x1,
                                  const glm::vec3& x2) {
    PrincipalStretch out;
    if (!frame.valid) return out;
    const glm::vec3 d1 = x1 - x0, d2 = x2 - x0;
    // F = [d1 d2] [c1 c2]^-1, column by column
    const glm::vec3 f0 = d1 * frame.inverse[0][0] + d2 * frame.inverse[1][0];
    const glm::vec3 f1 = d1 * frame.inverse[0][1] + d2 * frame.inverse[1][1];
    const float c00 = glm::dot(f0, f0), c01 = glm::dot(f0, f1), c11 = glm::dot(f1, f1);
    const float half = 0.5f * (c00 - c11);
    const float largest = 0.5f * (c00 + c11) + std::sqrt(half * half + c01 * c01);
    out.stretch = std::sqrt(std::max(largest, 0.0f));
    // the eigenvector from the row of C - largest I with the larger diagonal gap: the other
    // cancels to rounding when c01 is small
    glm::vec2 direction = c00 >= c11 ? glm::vec2(largest - c11, c01) : glm::vec2(c01, largest - c00);
    const float length = glm::length(direction);
    out.direction = length > 0.0f ? direction / length : glm::vec2(1, 0);
    return out;
}

namespace {

// Particle p's rest angle at corner k of triangle tri, radians.
float restCornerAngle(const std::vector<glm::vec3>& rest, const glm::uvec3& tri, int k) {
    const glm::vec3 a = rest[tri[(k + 1) % 3]] - rest[tri[k]];
    const glm::vec3 b = rest[tri[(k + 2) % 3]] - rest[tri[k]];
    const float la = glm::length(a), lb = glm::length(b);
    return la > 0.0f && lb > 0.0f ? std::acos(std::clamp(glm::dot(a, b) / (la * lb), -1.0f, 1.0f)) : 0.0f;
}

bool restBefore(const std::vector<glm::vec3>& rest, std::uint32_t a, std::uint32_t b) {
    return std::tie(rest[a].x, rest[a].y, rest[a].z, a) < std::tie(rest[b].x, rest[b].y, rest[b].z, b);
}

} // namespace

void CrackTearing::refreshShape(const Cloth& cloth) {
    if (m_topologyVersion == cloth.topologyVersion && m_frames.size() == cloth.triangles.size() &&
        m_onBorder.size() == cloth.particleCount())
        return;
    m_topologyVersion = cloth.topologyVersion;
    if (!updateShape(cloth)) deriveShape(cloth);
    m_stretch.resize(cloth.triangles.size());
    m_shapeTriangles = cloth.triangles;
    m_shapeRest = cloth.restPositions;
}

void CrackTearing::deriveShape(const Cloth& cloth) {
    const std::size_t n = cloth.particleCount();
    const auto& rest = cloth.restPositions;
    m_frames.resize(cloth.triangles.size());
    for (std::size_t t = 0; t < cloth.triangles.size(); ++t) {
        const glm::uvec3 tri = cloth.triangles[t];
        m_frames[t] = restFrameOf(rest[tri.x], rest[tri.y], rest[tri.z]);
    }
    m_fans = TriangleFans(cloth.triangles, n);
    // the border, and each particle's first two neighbours along it (a tip's: the two
    // copies of the particle its crack came from)
    m_borderEdges = findBorderEdges(cloth.triangles);
    m_onBorder.assign(n, 0);
    m_alongBorder.assign(n, glm::uvec2(kNoParticle));
    const auto addAlong = [&](std::uint32_t p, std::uint32_t q) {
        if (m_alongBorder[p].x == kNoParticle) m_alongBorder[p].x = q;
        else if (m_alongBorder[p].y == kNoParticle) m_alongBorder[p].y = q;
    };
    for (const EdgeKey& e : m_borderEdges) {
        m_onBorder[e.a] = m_onBorder[e.b] = 1;
        addAlong(e.a, e.b);
        addAlong(e.b, e.a);
    }
    // the rest angles around each particle: more than 1.5 pi at a border particle is a tip
    m_angles.assign(n, 0.0f);
    for (const glm::uvec3& tri : cloth.triangles)
        for (int k = 0; k < 3; ++k) m_angles[tri[k]] += restCornerAngle(rest, tri, k);
    // copies made by cuts and tears share their rest position
    m_byRest.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) m_byRest[i] = i;
    std::sort(m_byRest.begin(), m_byRest.end(), [&](std::uint32_t a, std::uint32_t b) { return restBefore(rest, a, b); });
    m_copied.assign(n, 0);
    for (std::size_t k = 1; k < n; ++k)
        if (rest[m_byRest[k]] == rest[m_byRest[k - 1]]) m_copied[m_byRest[k]] = m_copied[m_byRest[k - 1]] = 1;
}

// Particle p's border state from the border edges at it: its first two neighbours along
// the border in the order deriveShape meets them (the sorted edge list: by neighbour).
void CrackTearing::borderNeighbours(const Cloth& cloth, std::uint32_t p) {
    std::uint32_t first = kNoParticle, second = kNoParticle;  // the two smallest (kNoParticle is the largest index)
    for (const std::uint32_t t : m_fans.of(p)) {
        const glm::uvec3& tri = cloth.triangles[t];
        const int k = cornerOf(tri, p);
        for (const std::uint32_t q : {tri[(k + 1) % 3], tri[(k + 2) % 3]}) {
            if (q == first || q == second) continue;
            if (!std::binary_search(m_borderEdges.begin(), m_borderEdges.end(), edgeKey(p, q))) continue;
            if (q < first) second = first, first = q;
            else if (q < second) second = q;
        }
    }
    m_onBorder[p] = first != kNoParticle;
    m_alongBorder[p] = glm::uvec2(first, second);
}

// After an edit that only appended particles and triangles, re-pointed triangles and
// moved rest positions (cuts, tears): everything above updated where that happened —
// the same values deriveShape gives. false (nothing done) for any other change.
bool CrackTearing::updateShape(const Cloth& cloth) {
    const std::size_t n = cloth.particleCount(), count = cloth.triangles.size();
    const std::size_t n0 = m_shapeRest.size(), t0 = m_shapeTriangles.size();
    if (n0 == 0 || n < n0 || count < t0 || m_onBorder.size() != n0 || m_frames.size() != t0 ||
        cloth.restPositions.size() != n)
        return false;
    const auto& rest = cloth.restPositions;
    // what changed: triangles (re-pointed or new), particles (rest moved or new), and the
    // particles whose border or angles may change: the corners of those triangles
    std::vector<std::uint8_t> moved(n, 0), dirty(n, 0);
    for (std::size_t v = 0; v < n; ++v) moved[v] = v >= n0 || rest[v] != m_shapeRest[v];
    std::vector<std::uint8_t> reshaped(count, 0);  // its frame and angles change
    for (std::size_t t = 0; t < count; ++t) {
        const glm::uvec3& tri = cloth.triangles[t];
        const bool changed = t >= t0 || tri != m_shapeTriangles[t];
        if (!(changed || moved[tri.x] || moved[tri.y] || moved[tri.z])) continue;
        reshaped[t] = 1;
        for (int k = 0; k < 3; ++k) {
            dirty[tri[k]] = 1;
            if (t < t0) dirty[m_shapeTriangles[t][k]] = 1;
        }
    }
    m_frames.resize(count);
    for (std::size_t t = 0; t < count; ++t)
        if (reshaped[t]) {
            const glm::uvec3 tri = cloth.triangles[t];
            m_frames[t] = restFrameOf(rest[tri.x], rest[tri.y], rest[tri.z]);
        }
    m_fans = TriangleFans(cloth.triangles, n);

    // border edges: those at a dirty particle found again (an edge with neither end dirty
    // kept all its triangles)
    std::vector<EdgeKey> border;
    for (std::size_t t = 0; t < count; ++t) {
        const glm::uvec3& tri = cloth.triangles[t];
        if (!(dirty[tri.x] || dirty[tri.y] || dirty[tri.z])) continue;
        for (int k = 0; k < 3; ++k) {
            const EdgeKey e = triangleEdge(tri, k);
            if (!(dirty[e.a] || dirty[e.b])) continue;
            int sharing = 0;
            for (const std::uint32_t u : m_fans.of(e.a)) sharing += cornerOf(cloth.triangles[u], e.b) >= 0;
            if (sharing == 1) border.push_back(e);
        }
    }
    std::sort(border.begin(), border.end());
    border.erase(std::unique(border.begin(), border.end()), border.end());
    std::vector<std::uint32_t> touched;  // particles whose border neighbours may change
    std::size_t keep = 0;
    for (const EdgeKey& e : m_borderEdges) {
        if (dirty[e.a] || dirty[e.b]) {
            touched.push_back(e.a), touched.push_back(e.b);
            continue;
        }
        m_borderEdges[keep++] = e;
    }
    m_borderEdges.resize(keep);
    for (const EdgeKey& e : border) touched.push_back(e.a), touched.push_back(e.b);
    const std::size_t before = m_borderEdges.size();
    m_borderEdges.insert(m_borderEdges.end(), border.begin(), border.end());
    std::inplace_merge(m_borderEdges.begin(), m_borderEdges.begin() + static_cast<std::ptrdiff_t>(before),
                       m_borderEdges.end());
    m_onBorder.resize(n, 0);
    m_alongBorder.resize(n, glm::uvec2(kNoParticle));
    for (std::uint32_t v = 0; v < n; ++v)
        if (dirty[v]) touched.push_back(v);
    std::sort(touched.begin(), touched.end());
    touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
    for (const std::uint32_t p : touched) borderNeighbours(cloth, p);

    // angles: added again, in triangle order as deriveShape adds them, at every corner of
    // a reshaped triangle (and every particle that lost one: dirty)
    m_angles.resize(n, 0.0f);
    std::vector<std::uint8_t> again(dirty);
    for (std::size_t t = 0; t < count; ++t)
        if (reshaped[t])
            for (int k = 0; k < 3; ++k) again[cloth.triangles[t][k]] = 1;
    for (std::uint32_t p = 0; p < n; ++p) {
        if (!again[p]) continue;
        float sum = 0.0f;
        for (const std::uint32_t t : m_fans.of(p)) sum += restCornerAngle(rest, cloth.triangles[t], cornerOf(cloth.triangles[t], p));
        m_angles[p] = sum;
    }

    // copies: the particles sorted by rest position, the moved ones taken out and put
    // back where they now belong
    std::vector<std::uint32_t> placed;
    for (std::uint32_t v = 0; v < n; ++v)
        if (moved[v]) placed.push_back(v);
    std::sort(placed.begin(), placed.end(), [&](std::uint32_t a, std::uint32_t b) { return restBefore(rest, a, b); });
    std::erase_if(m_byRest, [&](std::uint32_t v) { return moved[v] != 0; });
    const std::size_t stayed = m_byRest.size();
    m_byRest.insert(m_byRest.end(), placed.begin(), placed.end());
    std::inplace_merge(m_byRest.begin(), m_byRest.begin() + static_cast<std::ptrdiff_t>(stayed), m_byRest.end(),
                       [&](std::uint32_t a, std::uint32_t b) { return restBefore(rest, a, b); });
    m_copied.assign(n, 0);
    for (std::size_t k = 1; k < n; ++k)
        if (rest[m_byRest[k]] == rest[m_byRest[k - 1]]) m_copied[m_byRest[k]] = m_copied[m_byRest[k - 1]] = 1;
    return true;
}

std::string CrackTearing::shapeDifference(const Cloth& cloth) {
    refreshShape(cloth);
    CrackTearing fresh;
    fresh.deriveShape(cloth);
    const auto sameFrame = [](const RestFrame& a, const RestFrame& b) {
        return a.valid == b.valid && a.axisU == b.axisU && a.axisV == b.axisV && a.corner1 == b.corner1 &&
               a.corner2 == b.corner2 && a.inverse[0][0] == b.inverse[0][0] && a.inverse[0][1] == b.inverse[0][1] &&
               a.inverse[1][0] == b.inverse[1][0] && a.inverse[1][1] == b.inverse[1][1];
    };
    if (!std::equal(m_frames.begin(), m_frames.end(), fresh.m_frames.begin(), fresh.m_frames.end(), sameFrame))
        return "rest frames";
    if (m_fans.start != fresh.m_fans.start || m_fans.items != fresh.m_fans.items) return "fans";
    if (m_borderEdges != fresh.m_borderEdges) return "border edges";
    if (m_onBorder != fresh.m_onBorder) return "on the border";
    if (m_alongBorder != fresh.m_alongBorder) return "neighbours along the border";
    if (m_angles != fresh.m_angles) return "rest angles";
    if (m_copied != fresh.m_copied) return "copies";
    return {};
}

TearResult CrackTearing::apply(Cloth& cloth, float maxStretch) {
    TearResult result;
    if (cloth.restPositions.size() != cloth.particleCount()) return result;  // no rest shape: nothing to measure
    for (int tear = 0; tear < kTearsPerStep; ++tear) {
        refreshShape(cloth);
        m_over.clear();
        for (std::uint32_t t = 0; t < cloth.triangles.size(); ++t) {
            const glm::uvec3 tri = cloth.triangles[t];
            m_stretch[t] = principalStretch(m_frames[t], cloth.positions[tri.x], cloth.positions[tri.y],
                                            cloth.positions[tri.z]);
            if (m_stretch[t].stretch > maxStretch) m_over.push_back(t);
        }
        if (m_over.empty()) break;

        // A crack grows from a tip: a border particle whose triangles' rest angles add up
        // to more than 1.5 pi (the end of a slit or a crack, a notch). It starts anew from
        // the outline only at a particle that has no copy: never from a crack's faces,
        // where the pull runs along the free face and would branch it off at right angles.
        const std::vector<std::uint8_t>& onBorder = m_onBorder;
        const std::vector<float>& angles = m_angles;
        const TriangleFans& fans = m_fans;
        const float tipAngle = 1.5f * glm::pi<float>();
        const auto isBorderEdge = [&](std::uint32_t a, std::uint32_t b) {
            return std::binary_search(m_borderEdges.begin(), m_borderEdges.end(), edgeKey(a, b));
        };
        const float keep = std::cos(glm::radians(kTurnDegrees));
        // the crack direction across a triangle's pull, in rest space
        const auto acrossOf = [&](std::uint32_t t) {
            const glm::vec2 w = perpendicular(m_stretch[t].direction);
            return w.x * m_frames[t].axisU + w.y * m_frames[t].axisV;
        };
        // The crack from corner k of triangle t along the rest direction `line`, to where it
        // leaves t through its far edge; with `ahead` not 0, only if that lies ahead.
        const auto crackThrough = [&](std::uint32_t t, int k, glm::vec3 line, glm::vec3 ahead, Crack& crack) {
            const RestFrame& frame = m_frames[t];
            if (!frame.valid) return false;
            glm::vec2 w(glm::dot(line, frame.axisU), glm::dot(line, frame.axisV));
            const float length = glm::length(w);
            if (!(length > 0.0f)) return false;
            w /= length;
            const glm::vec2 corners[3] = {glm::vec2(0.0f), frame.corner1, frame.corner2};
            // corner + s w = P + u (Q - P)
            const glm::vec2 p = corners[(k + 1) % 3], e = corners[(k + 2) % 3] - p, d = p - corners[k];
            const float det = e.x * w.y - w.x * e.y;
            if (!(std::abs(det) > 1e-6f * glm::length(e))) return false;
            const float u = (w.x * d.y - w.y * d.x) / det, s = (e.x * d.y - d.x * e.y) / det;
            if (u < 0.0f || u > 1.0f) return false;
            const glm::vec2 forward(glm::dot(ahead, frame.axisU), glm::dot(ahead, frame.axisV));
            if (glm::dot(forward, forward) > 0.0f && !(s * glm::dot(w, forward) > 0.0f)) return false;
            const glm::uvec3 tri = cloth.triangles[t];
            const std::uint32_t corner = tri[k], P = tri[(k + 1) % 3], Q = tri[(k + 2) % 3];
            crack.triangle = t;
            crack.corner = corner;
            crack.alongEdge = u < kAlongEdge || u > 1.0f - kAlongEdge;
            if (crack.alongEdge) {
                crack.far = u < kAlongEdge ? P : Q;
                // that edge is open already; or the crack would split a pinned or held end
                return !isBorderEdge(corner, crack.far) && cloth.inverseMasses[crack.far] != 0.0f;
            }
            const EdgeKey edge = edgeKey(P, Q);
            crack.crossing = {edge, edge.a == P ? u : 1.0f - u, 1.0f};
            return true;
        };
        const auto cornerOf = [](const glm::uvec3& tri, std::uint32_t p) { return tri.x == p ? 0 : (tri.y == p ? 1 : 2); };

        bool found = false;
        Crack best;
        const auto consider = [&](const Crack& crack) {
            if (!found || before(crack, best)) best = crack;
            found = true;
        };
        // A crack's tip grows when the stretch ahead of it (any triangle within two rings)
        // passes the limit: along the direction it arrived in (from between its two border
        // neighbours) while the stretch ahead turns less than kTurnDegrees from it.
        bool anyTip = false;
        for (std::uint32_t tip = 0; tip < cloth.particleCount(); ++tip) {
            if (!onBorder[tip] || !(angles[tip] > tipAngle) || cloth.inverseMasses[tip] == 0.0f) continue;
            anyTip = true;
            float hardest = 0.0f;
            std::uint32_t hardestTriangle = 0;
            for (const std::uint32_t f : fans.of(tip))
                for (int k = 0; k < 3; ++k)
                    for (const std::uint32_t g : fans.of(cloth.triangles[f][k]))
                        if (m_stretch[g].stretch > hardest) {
                            hardest = m_stretch[g].stretch;
                            hardestTriangle = g;
                        }
            if (!(hardest > maxStretch)) continue;
            glm::vec3 line = acrossOf(hardestTriangle), ahead(0.0f);
            const glm::uvec2 behind = m_alongBorder[tip];
            if (behind.y != kNoParticle) {
                ahead = cloth.restPositions[tip] - 0.5f * (cloth.restPositions[behind.x] + cloth.restPositions[behind.y]);
                const float a = glm::length(ahead), l = glm::length(line);
                if (a > 0.0f && l > 0.0f && std::abs(glm::dot(ahead, line)) >= keep * a * l) line = ahead;
            }
            for (const std::uint32_t f : fans.of(tip)) {
                Crack crack;
                if (!crackThrough(f, cornerOf(cloth.triangles[f], tip), line, ahead, crack)) continue;
                crack.fromTip = true;
                crack.stretch = hardest;
                consider(crack);
            }
        }
        // else a crack starts from the outline, at a corner of a triangle past the limit
        // that has no copy (never from a crack's faces)
        if (!found)
            for (const std::uint32_t t : m_over) {
                const glm::uvec3 tri = cloth.triangles[t];
                for (int k = 0; k < 3; ++k) {
                    const std::uint32_t corner = tri[k];
                    if (!onBorder[corner] || m_copied[corner] || angles[corner] > tipAngle ||
                        cloth.inverseMasses[corner] == 0.0f)
                        continue;
                    Crack crack;
                    if (!crackThrough(t, k, acrossOf(t), glm::vec3(0.0f), crack)) continue;
                    crack.stretch = m_stretch[t].stretch;
                    consider(crack);
                }
            }
        if (!found) {
            // else, while no crack has a tip (one front at a time: a crack grows before
            // another starts), the most stretched triangle away from the border (a crack's
            // faces pull the triangles beside them out of shape) starts a crack inside
            if (anyTip) break;
            std::vector<std::uint8_t> nearBorder(cloth.particleCount(), 0);
            for (std::uint32_t p = 0; p < cloth.particleCount(); ++p)
                if (onBorder[p])
                    for (const std::uint32_t f : fans.of(p))
                        for (int k = 0; k < 3; ++k) nearBorder[cloth.triangles[f][k]] = 1;
            // A triangle at a held particle on the border (the mouse, a pin group) may start
            // one beside it, through a free corner inside: none can start at the held
            // particle (a line across a pull at the border runs along it)
            const auto heldOnBorder = [&](const glm::uvec3& tri) {
                for (int k = 0; k < 3; ++k)
                    if (onBorder[tri[k]] && cloth.inverseMasses[tri[k]] == 0.0f && !cloth.pinned[tri[k]]) return true;
                return false;
            };
            std::uint32_t start = kNoParticle;
            float most = maxStretch;
            for (const std::uint32_t t : m_over) {
                const glm::uvec3 tri = cloth.triangles[t];
                if (!(m_stretch[t].stretch > most)) continue;
                const bool held = heldOnBorder(tri);
                if (!held && (nearBorder[tri.x] || nearBorder[tri.y] || nearBorder[tri.z])) continue;
                for (int k = 0; k < 3; ++k)
                    if (cloth.inverseMasses[tri[k]] != 0.0f && !(held && onBorder[tri[k]])) {
                        most = m_stretch[t].stretch;
                        start = tri[k];
                        break;
                    }
            }
            if (start == kNoParticle) break;
            // the line across the pull through that particle, to the far edges of the two
            // triangles around it it enters on either side: the particle gets two cut edges
            // and splits, and the crack opens with its two ends (tips) on the line
            std::uint32_t hardest = fans.of(start).front();
            for (const std::uint32_t f : fans.of(start))
                if (m_stretch[f].stretch > m_stretch[hardest].stretch) hardest = f;
            const glm::vec3 line = acrossOf(hardest);
            BladePath path;
            path.onVertices.push_back(start);
            int sides = 0;
            for (const float side : {-1.0f, 1.0f})
                for (const std::uint32_t f : fans.of(start)) {
                    Crack crack;
                    if (!crackThrough(f, cornerOf(cloth.triangles[f], start), line, side * line, crack)) continue;
                    if (crack.alongEdge) path.onVertices.push_back(crack.far);
                    else path.crossings.push_back({crack.crossing.edge, crack.crossing.t, side + 1.0f});
                    ++sides;
                    break;
                }
            if (sides < 2 || !tearAlong(cloth, path, result)) break;
            continue;
        }

        BladePath path;
        path.onVertices.push_back(best.corner);
        if (best.alongEdge) path.onVertices.push_back(best.far);
        else path.crossings.push_back(best.crossing);
        if (!tearAlong(cloth, path, result)) break;
    }
    return result;
}

} // namespace cs
