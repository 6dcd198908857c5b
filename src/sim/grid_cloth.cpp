// The grid producer: a rectangle of particles, two triangles per cell, and the
// links of verlet-cloth's constraint levels (or gpu-cloth's 12-neighbour stencil;
// docs/sources.md).
// Row and column neighbours and one diagonal per cell are triangle edges; the
// other diagonal and every longer link are span links, anchored in the cells
// their rest segment crosses so that a cut between their ends breaks them.
#include "cloth.hpp"
#include "topology.hpp"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <optional>

namespace cs {
namespace {

struct Grid {
    int nx, ny;
    std::uint32_t index(int x, int y) const { return static_cast<std::uint32_t>(y * nx + x); }
    glm::vec2 point(std::uint32_t particle) const {
        return {static_cast<float>(static_cast<int>(particle) % nx), static_cast<float>(static_cast<int>(particle) / nx)};
    }
    // the two triangles of cell (cx, cy) are numbered in cell order
    std::uint32_t firstTriangle(int cx, int cy) const { return static_cast<std::uint32_t>(2 * (cy * (nx - 1) + cx)); }
};

// The parameter interval [in, out] of p0 + t (p1 - p0), t in [0, 1], inside the
// triangle (Cyrus–Beck clipping against its three sides); empty when in >= out.
std::pair<float, float> clipToTriangle(glm::vec2 p0, glm::vec2 p1, const glm::vec2 corners[3]) {
    const float orientation = cross2(corners[1] - corners[0], corners[2] - corners[0]) > 0.0f ? 1.0f : -1.0f;
    float in = 0.0f, out = 1.0f;
    for (int k = 0; k < 3; ++k) {
        const glm::vec2 a = corners[k], b = corners[(k + 1) % 3];
        const float f0 = orientation * cross2(b - a, p0 - a);
        const float f1 = orientation * cross2(b - a, p1 - a);
        if (f0 < 0.0f && f1 < 0.0f) return {1.0f, 0.0f};
        if (f0 < 0.0f) in = std::max(in, f0 / (f0 - f1));
        else if (f1 < 0.0f) out = std::min(out, f0 / (f0 - f1));
    }
    return {in, out};
}

bool hasCorner(const glm::uvec3& t, std::uint32_t p) { return cornerOf(t, p) >= 0; }
int sharedCorners(const glm::uvec3& s, const glm::uvec3& t) {
    return int(hasCorner(t, s.x)) + int(hasCorner(t, s.y)) + int(hasCorner(t, s.z));
}

// The triangles the segment a -> b crosses, in order, nudged to `side` of it so
// that it runs through cells rather than along edges or through particles.
std::optional<std::vector<std::uint32_t>> supportOnSide(const Grid& grid, const std::vector<glm::uvec3>& triangles,
                                                        std::uint32_t a, std::uint32_t b, float side) {
    constexpr float kNudge = 1e-3f;  // grid cells
    const glm::vec2 pa = grid.point(a), pb = grid.point(b);
    const glm::vec2 along = glm::normalize(pb - pa);
    const glm::vec2 across(-along.y, along.x);
    const glm::vec2 p0 = pa + kNudge * (side * across + 0.1f * along);
    const glm::vec2 p1 = pb + kNudge * (side * across - 0.1f * along);
    const int x0 = std::max(static_cast<int>(std::floor(std::min(pa.x, pb.x))) - 1, 0);
    const int x1 = std::min(static_cast<int>(std::ceil(std::max(pa.x, pb.x))), grid.nx - 2);
    const int y0 = std::max(static_cast<int>(std::floor(std::min(pa.y, pb.y))) - 1, 0);
    const int y1 = std::min(static_cast<int>(std::ceil(std::max(pa.y, pb.y))), grid.ny - 2);
    std::vector<std::pair<float, std::uint32_t>> crossed;
    for (int cy = y0; cy <= y1; ++cy)
        for (int cx = x0; cx <= x1; ++cx)
            for (std::uint32_t t = grid.firstTriangle(cx, cy); t < grid.firstTriangle(cx, cy) + 2; ++t) {
                const glm::vec2 corners[3] = {grid.point(triangles[t].x), grid.point(triangles[t].y),
                                              grid.point(triangles[t].z)};
                const auto [in, out] = clipToTriangle(p0, p1, corners);
                if (out - in > 1e-6f) crossed.emplace_back(in, t);
            }
    std::sort(crossed.begin(), crossed.end());
    std::vector<std::uint32_t> support;
    for (const auto& c : crossed) support.push_back(c.second);
    if (support.empty() || !hasCorner(triangles[support.front()], a) || !hasCorner(triangles[support.back()], b))
        return std::nullopt;
    for (std::size_t i = 1; i < support.size(); ++i)
        if (sharedCorners(triangles[support[i - 1]], triangles[support[i]]) != 2) return std::nullopt;
    return support;
}

void addSpanLink(ClothShape& shape, const Grid& grid, std::uint32_t a, std::uint32_t b, LinkKind kind) {
    auto support = supportOnSide(grid, shape.triangles, a, b, 1.0f);
    if (!support) support = supportOnSide(grid, shape.triangles, a, b, -1.0f);
    if (!support) return;  // cannot happen on a grid: one side of a segment between particles is always inside
    const auto first = static_cast<std::uint32_t>(shape.spanSupport.size());
    shape.spanSupport.insert(shape.spanSupport.end(), support->begin(), support->end());
    shape.spanLinks.push_back({first, static_cast<std::uint16_t>(support->size()),
                               static_cast<std::uint8_t>(cornerOf(shape.triangles[support->front()], a)),
                               static_cast<std::uint8_t>(cornerOf(shape.triangles[support->back()], b)), kind,
                               glm::distance(shape.positions[a], shape.positions[b])});
}

} // namespace

ClothShape gridShape(const ClothSettings& settings) {
    ClothShape shape;
    const int nx = std::max(settings.resolution.x, 2);
    const int ny = std::max(settings.resolution.y, 2);
    const Grid grid{nx, ny};
    const float s = settings.spacing;
    const auto count = static_cast<std::size_t>(nx) * static_cast<std::size_t>(ny);
    shape.columns = nx;
    shape.rows = ny;

    // particles: u runs along columns (x), v down the rows
    shape.positions.resize(count);
    shape.restUV.resize(count);
    const float halfWidth = 0.5f * s * static_cast<float>(nx - 1);
    const float halfDepth = 0.5f * s * static_cast<float>(ny - 1);
    for (int y = 0; y < ny; ++y) {
        for (int x = 0; x < nx; ++x) {
            const float across = s * static_cast<float>(x) - halfWidth;
            const float down = s * static_cast<float>(y);
            glm::vec3 offset = settings.orientation == Orientation::Vertical
                                   ? glm::vec3(across, -down, 0.0f)
                                   : glm::vec3(across, 0.0f, down - halfDepth);
            shape.positions[grid.index(x, y)] = settings.origin + offset;
            shape.restUV[grid.index(x, y)] = {static_cast<float>(x) / static_cast<float>(nx - 1),
                                              static_cast<float>(y) / static_cast<float>(ny - 1)};
        }
    }

    // triangles: alternate the diagonal so the mesh has no preferred shear direction.
    // Going down the rows is -y (vertical) or +z (horizontal), so (a, c, b) is
    // counter-clockwise seen from +z or +y: the front faces the viewer / the sky.
    // The diagonal edge of each triangle is a shear edge.
    shape.triangles.reserve(static_cast<std::size_t>(2 * (nx - 1) * (ny - 1)));
    for (int y = 0; y + 1 < ny; ++y) {
        for (int x = 0; x + 1 < nx; ++x) {
            const auto a = grid.index(x, y), b = grid.index(x + 1, y), c = grid.index(x, y + 1), d = grid.index(x + 1, y + 1);
            if (((x + y) & 1) != 0) {
                shape.triangles.push_back({a, c, d});
                shape.triangles.push_back({a, d, b});
            } else {
                shape.triangles.push_back({a, c, b});
                shape.triangles.push_back({b, c, d});
            }
        }
    }
    shape.edgeFlags.assign(shape.triangles.size(), 0);
    for (std::size_t t = 0; t < shape.triangles.size(); ++t)
        for (int k = 0; k < 3; ++k) {
            const glm::vec2 d = grid.point(shape.triangles[t][k]) - grid.point(shape.triangles[t][(k + 1) % 3]);
            if (d.x != 0.0f && d.y != 0.0f) shape.edgeFlags[t] |= static_cast<std::uint8_t>(kEdgeShear << k);
        }

    // span links: verlet-cloth's "constraint level" — every neighbour up to linkLevel away
    // along the row, the column and both diagonals — or gpu-cloth's 12-neighbour
    // stencil; the neighbours at distance 1 that are triangle edges are links already
    const bool stencil12 = settings.linkPattern == LinkPattern::Stencil12;
    const int level = stencil12 ? 2 : std::max(settings.linkLevel, 1);
    auto link = [&](int x0, int y0, int x1, int y1, LinkKind kind) {
        if (x1 < 0 || x1 >= nx || y1 < 0 || y1 >= ny) return;
        addSpanLink(shape, grid, grid.index(x0, y0), grid.index(x1, y1), kind);
    };
    for (int y = 0; y < ny; ++y) {
        for (int x = 0; x < nx; ++x) {
            // the diagonal of cell (x, y) that is not an edge: a -> d when the triangles
            // share b-c, b -> c when they share a-d
            if (x + 1 < nx && y + 1 < ny) {
                if (((x + y) & 1) != 0) link(x + 1, y, x, y + 1, LinkKind::Shear);
                else link(x, y, x + 1, y + 1, LinkKind::Shear);
            }
            for (int d = 2; d <= level; ++d) {
                link(x, y, x + d, y, LinkKind::Bend);
                link(x, y, x, y + d, LinkKind::Bend);
                if (stencil12) continue;
                link(x, y, x + d, y + d, LinkKind::Bend);
                link(x, y, x - d, y + d, LinkKind::Bend);
            }
        }
    }
    return shape;
}

} // namespace cs
