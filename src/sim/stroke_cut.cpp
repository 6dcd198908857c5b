#include "stroke_cut.hpp"

#include "picking.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <glm/vec4.hpp>
#include <optional>

namespace cs {
namespace {

constexpr float kOcclusionTolerance = 0.25f;   // of the cloth's spacing: how far in front a hit may lie
constexpr float kMinClipW = 1e-6f;             // a corner with clip w below this is behind the eye

// Which side of the directed line p0 -> p1 a point is on: true for the left
// (in window pixels, y down) or on the line — the consistent tie-break that
// moves the stroke a hair off any particle it runs through.
bool onLeft(glm::vec2 p0, glm::vec2 p1, glm::vec2 q) { return cross2(p1 - p0, q - p0) >= 0.0f; }

// A particle on the screen: its pixel and clip w (depth for a perspective
// camera, 1 for an orthographic one); w <= kMinClipW when behind the eye.
struct Projected {
    glm::vec2 pixel;
    float w;
};

std::vector<Projected> projectParticles(const Cloth& cloth, const glm::mat4& viewProjection, glm::vec2 viewport) {
    std::vector<Projected> out(cloth.particleCount());
    for (std::size_t i = 0; i < out.size(); ++i) {
        const glm::vec4 clip = viewProjection * glm::vec4(cloth.positions[i], 1.0f);
        if (!(clip.w > kMinClipW)) {
            out[i] = {glm::vec2(0.0f), 0.0f};
            continue;
        }
        const glm::vec2 ndc = glm::vec2(clip) / clip.w;
        out[i] = {glm::vec2((ndc.x + 1.0f) * 0.5f * viewport.x, (1.0f - ndc.y) * 0.5f * viewport.y), clip.w};
    }
    return out;
}

// Edges shared by exactly two triangles with neither side cut: the ones a cut can part.
std::vector<EdgeKey> joinedEdges(const Cloth& cloth) {
    std::vector<EdgeKey> sides;
    sides.reserve(3 * cloth.triangles.size());
    for (std::size_t t = 0; t < cloth.triangles.size(); ++t) {
        const std::uint8_t flags = t < cloth.edgeFlags.size() ? cloth.edgeFlags[t] : 0;
        for (int k = 0; k < 3; ++k)
            if ((flags & (kEdgeCut << k)) == 0) sides.push_back(triangleEdge(cloth.triangles[t], k));
    }
    std::sort(sides.begin(), sides.end());
    std::vector<EdgeKey> joined;
    for (std::size_t i = 0; i < sides.size();) {
        std::size_t j = i + 1;
        while (j < sides.size() && sides[j] == sides[i]) ++j;
        if (j - i == 2) joined.push_back(sides[i]);
        i = j;
    }
    return joined;
}

// The spacing of the cloth: the mean rest length of its triangle edges.
float clothSpacing(const Cloth& cloth) {
    double sum = 0.0;
    std::size_t n = 0;
    for (const glm::uvec3& t : cloth.triangles)
        for (int k = 0; k < 3; ++k) {
            sum += glm::distance(cloth.restPositions[t[k]], cloth.restPositions[t[(k + 1) % 3]]);
            ++n;
        }
    return n > 0 ? static_cast<float>(sum / static_cast<double>(n)) : 0.0f;
}

// The triangles whose screen box overlaps a region (the stroke's box), binned
// in a uniform grid over it, so that the ray through a pixel is tested only
// against the triangles drawn at that pixel: the same nearest hit as pickCloth,
// whose sweep over every triangle per crossing made a full-width cut of a
// 128 x 128 cloth take ~70 ms (253 crossings). A triangle with a corner behind
// the eye has no screen box and is tested everywhere.
class ScreenBins {
public:
    ScreenBins(const Cloth& cloth, const std::vector<Projected>& screen, glm::vec2 lo, glm::vec2 hi) {
        constexpr float kMargin = 2.0f;     // pixels: rounding of the projection
        constexpr int kMaxCells = 128;      // per side
        m_lo = lo - kMargin;
        const glm::vec2 size = hi + kMargin - m_lo;
        m_cell = std::max({8.0f, size.x / kMaxCells, size.y / kMaxCells});
        m_nx = static_cast<int>(size.x / m_cell) + 1;
        m_ny = static_cast<int>(size.y / m_cell) + 1;
        // two passes over the triangles: count per cell, then fill
        std::vector<std::uint32_t> count(static_cast<std::size_t>(m_nx * m_ny) + 1, 0);
        for (int pass = 0; pass < 2; ++pass) {
            for (std::uint32_t t = 0; t < cloth.triangles.size(); ++t) {
                const glm::uvec3& tri = cloth.triangles[t];
                const Projected &a = screen[tri.x], &b = screen[tri.y], &c = screen[tri.z];
                if (!(a.w > kMinClipW && b.w > kMinClipW && c.w > kMinClipW)) {
                    if (pass == 0) m_everywhere.push_back(t);
                    continue;
                }
                const glm::vec2 tlo = glm::min(a.pixel, glm::min(b.pixel, c.pixel)) - kMargin;
                const glm::vec2 thi = glm::max(a.pixel, glm::max(b.pixel, c.pixel)) + kMargin;
                const int x0 = std::max(cellX(tlo.x), 0), x1 = std::min(cellX(thi.x), m_nx - 1);
                const int y0 = std::max(cellY(tlo.y), 0), y1 = std::min(cellY(thi.y), m_ny - 1);
                for (int y = y0; y <= y1; ++y)
                    for (int x = x0; x <= x1; ++x) {
                        const auto cell = static_cast<std::size_t>(y * m_nx + x);
                        if (pass == 0) ++count[cell + 1];
                        else m_items[m_start[cell] + count[cell]++] = t;
                    }
            }
            if (pass == 0) {
                for (std::size_t k = 1; k < count.size(); ++k) count[k] += count[k - 1];
                m_start = count;
                m_items.resize(count.back());
                std::fill(count.begin(), count.end(), 0);
            }
        }
    }

    // Metres along the ray to the nearest triangle it hits; the ray runs through `pixel`.
    std::optional<float> nearestHit(const Cloth& cloth, const Ray& ray, glm::vec2 pixel) const {
        std::optional<float> nearest;
        auto test = [&](std::uint32_t t) {
            const glm::uvec3& tri = cloth.triangles[t];
            const auto hit = intersectTriangle(ray, cloth.positions[tri.x], cloth.positions[tri.y], cloth.positions[tri.z]);
            if (hit && (!nearest || hit->t < *nearest)) nearest = hit->t;
        };
        for (std::uint32_t t : m_everywhere) test(t);
        const int x = cellX(pixel.x), y = cellY(pixel.y);
        if (x < 0 || y < 0 || x >= m_nx || y >= m_ny) return nearest;
        const auto cell = static_cast<std::size_t>(y * m_nx + x);
        for (std::uint32_t k = m_start[cell]; k < m_start[cell + 1]; ++k) test(m_items[k]);
        return nearest;
    }

private:
    int cellX(float px) const { return static_cast<int>(std::floor((px - m_lo.x) / m_cell)); }
    int cellY(float py) const { return static_cast<int>(std::floor((py - m_lo.y) / m_cell)); }

    glm::vec2 m_lo{0.0f};
    float m_cell = 1.0f;   // pixels
    int m_nx = 1, m_ny = 1;
    std::vector<std::uint32_t> m_start;       // per cell, into m_items; one more at the end
    std::vector<std::uint32_t> m_items;       // triangle indices
    std::vector<std::uint32_t> m_everywhere;  // triangles with a corner behind the eye
};

// Where the stroke crosses `edges` where the camera sees them: each edge once, at its
// first crossing along the stroke, sorted by that.
std::vector<EdgeCrossing> crossingsUnderStroke(const Cloth& cloth, const std::vector<EdgeKey>& edges,
                                               const glm::mat4& view, const glm::mat4& projection,
                                               glm::vec2 viewportSize, std::span<const glm::vec2> strokePixels) {
    std::vector<EdgeCrossing> found;
    if (strokePixels.size() < 2 || cloth.triangles.empty() || !(viewportSize.x > 0.0f && viewportSize.y > 0.0f))
        return found;
    const std::vector<Projected> screen = projectParticles(cloth, projection * view, viewportSize);
    const float tolerance = kOcclusionTolerance * clothSpacing(cloth);

    // candidates: joined edges in front of the eye that overlap the whole stroke's box
    glm::vec2 strokeMin = strokePixels[0], strokeMax = strokePixels[0];
    for (const glm::vec2 p : strokePixels) {
        strokeMin = glm::min(strokeMin, p);
        strokeMax = glm::max(strokeMax, p);
    }
    struct Candidate {
        EdgeKey edge;
        glm::vec2 lo, hi;  // screen box, pixels
    };
    std::vector<Candidate> candidates;
    for (const EdgeKey& e : edges) {
        const Projected& a = screen[e.a];
        const Projected& b = screen[e.b];
        if (!(a.w > kMinClipW && b.w > kMinClipW)) continue;
        const glm::vec2 lo = glm::min(a.pixel, b.pixel), hi = glm::max(a.pixel, b.pixel);
        if (hi.x < strokeMin.x || lo.x > strokeMax.x || hi.y < strokeMin.y || lo.y > strokeMax.y) continue;
        candidates.push_back({e, lo, hi});
    }

    if (candidates.empty()) return found;
    const ScreenBins bins(cloth, screen, strokeMin, strokeMax);

    for (std::size_t s = 0; s + 1 < strokePixels.size(); ++s) {
        const glm::vec2 p0 = strokePixels[s], p1 = strokePixels[s + 1];
        if (p0 == p1) continue;
        const glm::vec2 lo = glm::min(p0, p1), hi = glm::max(p0, p1);
        for (const Candidate& c : candidates) {
            // bounding-box reject
            if (c.hi.x < lo.x || c.lo.x > hi.x || c.hi.y < lo.y || c.lo.y > hi.y) continue;
            const Projected& a = screen[c.edge.a];
            const Projected& b = screen[c.edge.b];
            // the edge's ends on opposite sides of the stroke segment, and the segment's ends on opposite sides of the edge
            if (onLeft(p0, p1, a.pixel) == onLeft(p0, p1, b.pixel)) continue;
            if (a.pixel == b.pixel || onLeft(a.pixel, b.pixel, p0) == onLeft(a.pixel, b.pixel, p1)) continue;
            // where: fraction along the edge on the screen, then along the edge in space
            // (perspective-correct: screen fractions interpolate 1/w linearly)
            const float da = cross2(p1 - p0, a.pixel - p0), db = cross2(p1 - p0, b.pixel - p0);
            const float f = std::clamp(da / (da - db), 0.0f, 1.0f);
            const glm::vec2 pixel = a.pixel + f * (b.pixel - a.pixel);
            const float fb = f / b.w, fa = (1.0f - f) / a.w;
            const float g = fa + fb > 0.0f ? fb / (fa + fb) : f;
            const glm::vec3 point = cloth.positions[c.edge.a] + g * (cloth.positions[c.edge.b] - cloth.positions[c.edge.a]);
            // seen there: nothing of the cloth in front of the point along the ray through the
            // pixel. The ray runs through the edge itself, so it hits the cloth there at the
            // latest; a miss is a graze along the edge's triangles, with nothing in front.
            const Ray ray = rayThroughPixel(view, projection, pixel, viewportSize);
            const float distance = glm::dot(point - ray.origin, ray.direction);
            const std::optional<float> hit = bins.nearestHit(cloth, ray, pixel);
            if (hit && *hit < distance - tolerance) continue;
            // where along the stroke: segment s, then the fraction along it
            const glm::vec2 ab = b.pixel - a.pixel;
            const float denominator = cross2(p1 - p0, ab);
            const float along = denominator != 0.0f ? std::clamp(cross2(a.pixel - p0, ab) / denominator, 0.0f, 1.0f) : 0.0f;
            // a crossing exactly at an end (the stroke through a particle) is kept inside
            // the edge, so that it reads back as a fraction in (0, 1); it snaps to that end
            found.push_back({c.edge, std::clamp(g, 1e-6f, 1.0f - 1e-6f), static_cast<float>(s) + along});
        }
    }
    // each edge once, at its first crossing
    std::sort(found.begin(), found.end(), [](const EdgeCrossing& l, const EdgeCrossing& r) {
        return l.edge != r.edge ? l.edge < r.edge : l.along < r.along;
    });
    found.erase(std::unique(found.begin(), found.end(),
                            [](const EdgeCrossing& l, const EdgeCrossing& r) { return l.edge == r.edge; }),
                found.end());
    std::sort(found.begin(), found.end(), [](const EdgeCrossing& l, const EdgeCrossing& r) {
        return l.along != r.along ? l.along < r.along : l.edge < r.edge;
    });
    return found;
}

} // namespace

std::vector<EdgeKey> edgesUnderStroke(const Cloth& cloth, const glm::mat4& view, const glm::mat4& projection,
                                      glm::vec2 viewportSize, std::span<const glm::vec2> strokePixels) {
    std::vector<EdgeKey> found;
    for (const EdgeCrossing& x :
         crossingsUnderStroke(cloth, joinedEdges(cloth), view, projection, viewportSize, strokePixels))
        found.push_back(x.edge);
    std::sort(found.begin(), found.end());
    return found;
}

BladePath bladeUnderStroke(const Cloth& cloth, const glm::mat4& view, const glm::mat4& projection,
                           glm::vec2 viewportSize, std::span<const glm::vec2> strokePixels) {
    BladePath path;
    path.crossings = crossingsUnderStroke(cloth, uniqueEdges(cloth.triangles), view, projection, viewportSize, strokePixels);
    // the order along the stroke as 0, 1, 2, ...: what cut_blade records, ties included
    for (std::size_t k = 0; k < path.crossings.size(); ++k) path.crossings[k].along = static_cast<float>(k);
    if (strokePixels.size() < 2) return path;
    // A stroke that starts or ends on a particle the camera sees (within the snap
    // fraction of the triangle's edges on the screen, at least kEndReach pixels) starts
    // or ends there, so that a stroke started at a slit's end continues the slit.
    constexpr float kEndReach = 6.0f;  // pixels: what a hand on a mouse can aim at
    for (const glm::vec2 end : {strokePixels.front(), strokePixels.back()}) {
        const std::optional<ClothHit> hit = pickCloth(cloth, rayThroughPixel(view, projection, end, viewportSize));
        if (!hit) continue;
        const glm::uvec3 tri = cloth.triangles[hit->triangle];
        std::optional<glm::vec2> corner[3];
        float edges = 0.0f;
        for (int k = 0; k < 3; ++k) corner[k] = projectToPixel(view, projection, cloth.positions[tri[k]], viewportSize);
        if (!corner[0] || !corner[1] || !corner[2]) continue;
        for (int k = 0; k < 3; ++k) edges += glm::distance(*corner[k], *corner[(k + 1) % 3]) / 3.0f;
        const float reach = std::max(kEndReach, kSnapFraction * edges);
        for (int k = 0; k < 3; ++k)
            if (glm::distance(*corner[k], end) <= reach) {
                path.onVertices.push_back(tri[k]);
                break;
            }
    }
    return path;
}

} // namespace cs
