#pragma once
// The reference answers for cut strokes, shared by the geometry's tests
// (tests/sim/stroke_cut_test.cpp) and the cut tool's (tests/app/tools/cut_tool_test.cpp):
// a straight stroke across the screen and the edges it must cross, worked out the
// plain way from the projected ends of every joined edge. `View` is anything with
// `glm::vec2 pixelOf(glm::vec3) const` (a camera and a viewport, in pixels).
#include "sim/cloth.hpp"
#include "sim/topology.hpp"
#include "sim/topology_edit.hpp"

#include <algorithm>
#include <cmath>
#include <glm/vec2.hpp>
#include <vector>

namespace cs::test {

// A horizontal stroke at world height y (on the plane z = 0), from x0 to x1, in `points` points.
template <class View>
std::vector<glm::vec2> horizontalStroke(const View& view, float y, float x0, float x1, int points = 9) {
    std::vector<glm::vec2> pixels;
    for (int k = 0; k < points; ++k) {
        const float t = static_cast<float>(k) / static_cast<float>(points - 1);
        pixels.push_back(view.pixelOf({x0 + t * (x1 - x0), y, 0.0f}));
    }
    return pixels;
}

// Edges of two triangles, neither side cut: the ones a cut can part.
inline std::vector<EdgeKey> joinedEdges(const Cloth& cloth) {
    std::vector<EdgeKey> all;
    for (std::size_t t = 0; t < cloth.triangles.size(); ++t)
        for (int k = 0; k < 3; ++k)
            if ((cloth.edgeFlags[t] & (kEdgeCut << k)) == 0) all.push_back(triangleEdge(cloth.triangles[t], k));
    std::sort(all.begin(), all.end());
    std::vector<EdgeKey> joined;
    for (std::size_t i = 0; i + 1 < all.size(); ++i)
        if (all[i] == all[i + 1] && (i + 2 >= all.size() || !(all[i + 2] == all[i]))) joined.push_back(all[i]);
    return joined;
}

// Joined edges whose projected ends lie on opposite sides of the screen line
// y = lineY (pixels), crossing it left of maxX.
template <class View>
std::vector<EdgeKey> edgesAcrossScreenLine(const View& view, const Cloth& cloth, float lineY, float maxX = 1e9f) {
    std::vector<EdgeKey> out;
    for (const EdgeKey& e : joinedEdges(cloth)) {
        const glm::vec2 a = view.pixelOf(cloth.positions[e.a]), b = view.pixelOf(cloth.positions[e.b]);
        if ((a.y < lineY) == (b.y < lineY)) continue;
        const float x = a.x + (lineY - a.y) / (b.y - a.y) * (b.x - a.x);
        if (x < maxX) out.push_back(e);
    }
    return out;
}

// Folds the lower half of the 16 x 16 test cloth (rows 8-15, y <= 1.3 m) up behind
// the upper half, half a spacing back: row r goes to y = 1.3 + 0.1 (r - 7), z = -0.05.
// Returns which particles now lie behind. The cloth is at rest there (previous
// positions moved too).
inline std::vector<bool> foldLowerHalfBehind(Cloth& cloth) {
    constexpr float kFold = 1.3f, kGap = 0.05f;  // metres
    std::vector<bool> behind(cloth.particleCount(), false);
    for (std::size_t i = 0; i < cloth.particleCount(); ++i) {
        glm::vec3& p = cloth.positions[i];
        if (p.y > kFold - 0.01f) continue;
        p = {p.x, 2.0f * kFold - p.y, -kGap};
        cloth.previousPositions[i] = p;
        behind[i] = true;
    }
    return behind;
}

// The edges of `edges` with neither end behind: the front layer's.
inline std::vector<EdgeKey> frontEdges(const std::vector<EdgeKey>& edges, const std::vector<bool>& behind) {
    std::vector<EdgeKey> front;
    for (const EdgeKey& e : edges)
        if (!behind[e.a] && !behind[e.b]) front.push_back(e);
    return front;
}

// Folds the cloth into ridges 30 cm apart and 10 cm deep along x (at rest).
inline void corrugate(Cloth& cloth) {
    for (std::size_t i = 0; i < cloth.particleCount(); ++i) {
        glm::vec3& p = cloth.positions[i];
        p.z = 0.1f * std::sin(p.x * 2.0f * 3.14159265f / 0.3f);
        cloth.previousPositions[i] = p;
    }
}

// A zigzag across the whole corrugated 24 x 24 test cloth on the screen, 41 points.
template <class View>
std::vector<glm::vec2> zigzagStroke(const View& view) {
    const glm::vec2 lo = view.pixelOf({-0.72f, 1.9f, 0.0f}), hi = view.pixelOf({0.72f, 0.8f, 0.0f});
    std::vector<glm::vec2> stroke;
    for (int k = 0; k <= 40; ++k) {
        const float t = static_cast<float>(k) / 40.0f;
        const float wave = 0.5f + 0.45f * std::sin(static_cast<float>(k) * 0.9f);
        stroke.push_back({lo.x + t * (hi.x - lo.x), lo.y + wave * (hi.y - lo.y)});
    }
    return stroke;
}

} // namespace cs::test
