// The cut's geometry without a window or a camera class: a stroke through pixels
// of known view and projection matrices finds exactly the joined edges it crosses
// on screen, and only on the surface the camera sees (pickCloth's answer), fast
// enough for a 128 x 128 cloth. The tool around it (press, drag, release, undo)
// is tested in tests/app/tools/cut_tool_test.cpp.
#include "../support/stroke_reference.hpp"
#include "../support/sim_fixture.hpp"
#include "sim/picking.hpp"
#include "sim/stroke_cut.hpp"
#include "sim/topology.hpp"
#include "sim/topology_edit.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <glm/ext/matrix_clip_space.hpp>
#include <glm/ext/matrix_transform.hpp>
#include <gtest/gtest.h>

namespace cs::test {
namespace {

constexpr glm::vec2 kViewport{1280.0f, 800.0f};
constexpr int kSide = 16;
constexpr float kSpacing = 0.1f;
// rows y = 2 - 0.1 r; between rows 3 (y 1.7) and 4 (y 1.6), away from every particle
constexpr float kCutHeight = 1.65f;

// A vertical side x side cloth (x in [-0.75, 0.75], y in [0.5, 2] for 16 x 16, z = 0)
// and a camera looking at it: 3 m in front by default, or from yaw / pitch degrees
// around `target` (as the app's orbit camera places its eye).
struct ViewedCloth {
    World world;
    glm::mat4 view{1.0f};
    glm::mat4 projection{1.0f};

    explicit ViewedCloth(int side = kSide, float spacing = kSpacing)
        : world(makeWorld(settingsWith([&](Settings& s) {
                              s.solver.id = "xpbd";
                              s.cloth.resolution = {side, side};
                              s.cloth.spacing = spacing;
                              s.cloth.orientation = Orientation::Vertical;
                              s.cloth.origin = {0.0f, 2.0f, 0.0f};
                              s.cloth.pins = PinPreset::TopRow;
                          }),
                          {})) {
        look({0.0f, 1.25f, 0.0f}, 0.0f, 0.0f, 3.0f);
    }
    void look(glm::vec3 target, float yawDegrees, float pitchDegrees, float distance) {
        const float yaw = glm::radians(yawDegrees), pitch = glm::radians(pitchDegrees);
        const glm::vec3 backward{std::cos(pitch) * std::sin(yaw), std::sin(pitch), std::cos(pitch) * std::cos(yaw)};
        view = glm::lookAt(target + distance * backward, target, glm::vec3(0.0f, 1.0f, 0.0f));
        projection = glm::perspective(glm::radians(45.0f), kViewport.x / kViewport.y, 0.03f, 1000.0f);
    }
    Cloth& cloth() { return world.cloth; }
    glm::vec2 pixelOf(glm::vec3 p) const { return *projectToPixel(view, projection, p, kViewport); }
    std::vector<EdgeKey> under(std::span<const glm::vec2> stroke) const {
        return edgesUnderStroke(world.cloth, view, projection, kViewport, stroke);
    }
};

TEST(StrokeCut, AStrokeReturnsExactlyTheEdgesItCrossesOnScreen) {
    const ViewedCloth s;
    const std::vector<glm::vec2> stroke = horizontalStroke(s, kCutHeight, -1.0f, 1.0f);
    ASSERT_NEAR(stroke.front().y, stroke.back().y, 1e-3f);  // level on screen: the camera looks straight on

    const std::vector<EdgeKey> edges = s.under(stroke);
    const std::vector<EdgeKey> expected = edgesAcrossScreenLine(s, s.world.cloth, stroke.front().y);
    // between two rows of 16: 14 inner columns (the two outer ones are border edges) and 15 diagonals
    EXPECT_EQ(expected.size(), 29u);
    EXPECT_EQ(edges, expected);

    // a stroke over empty space, or a single point, finds nothing
    EXPECT_TRUE(s.under(horizontalStroke(s, 2.5f, -1.0f, 1.0f)).empty());
    EXPECT_TRUE(s.under(std::span(stroke).first(1)).empty());
}

TEST(StrokeCut, AHalfWidthStrokeFindsTheEdgesUpToItsEnd) {
    const ViewedCloth s;
    const std::vector<glm::vec2> stroke = horizontalStroke(s, kCutHeight, -1.0f, 0.02f);
    const std::vector<EdgeKey> expected = edgesAcrossScreenLine(s, s.world.cloth, stroke.front().y, stroke.back().x);
    ASSERT_FALSE(expected.empty());
    EXPECT_EQ(s.under(stroke), expected);
}

TEST(StrokeCut, TheLayerBehindAFoldIsNotFound) {
    ViewedCloth s;
    Cloth& cloth = s.cloth();
    const std::vector<bool> behind = foldLowerHalfBehind(cloth);  // rows 8-15 folded up behind, 5 cm back
    const std::vector<glm::vec2> stroke = horizontalStroke(s, kCutHeight, -1.0f, 1.0f);
    // on the screen the stroke crosses both layers...
    const std::vector<EdgeKey> across = edgesAcrossScreenLine(s, cloth, stroke.front().y);
    const std::vector<EdgeKey> front = frontEdges(across, behind);
    ASSERT_EQ(front.size(), 29u);
    ASSERT_EQ(across.size(), 2 * front.size()) << "the back layer lies under the stroke too";
    Cloth both = cloth;
    cutEdges(both, across);
    ASSERT_EQ(findPieces(both).count, 3u) << "cutting both layers would leave three pieces";
    // ...but only the front one is seen there
    EXPECT_EQ(s.under(stroke), front);
}

// The reference for what edgesUnderStroke must return: every joined edge crossed
// by a stroke segment (the same tie-break: a point on the line counts as left
// of it), kept where pickCloth's hit through the crossing is not nearer than the
// edge point by more than a quarter of the spacing. `occlusion` off: every crossing.
std::vector<EdgeKey> referenceEdges(const ViewedCloth& s, const Cloth& cloth, std::span<const glm::vec2> stroke,
                                    bool occlusion) {
    auto left = [&](glm::vec2 p0, glm::vec2 p1, glm::vec2 q) { return cross2(p1 - p0, q - p0) >= 0.0f; };
    double spacingSum = 0.0;
    for (const glm::uvec3& t : cloth.triangles)
        for (int k = 0; k < 3; ++k)
            spacingSum += glm::distance(cloth.restPositions[t[k]], cloth.restPositions[t[(k + 1) % 3]]);
    const float tolerance = 0.25f * static_cast<float>(spacingSum / (3.0 * static_cast<double>(cloth.triangles.size())));
    std::vector<EdgeKey> out;
    for (const EdgeKey& e : joinedEdges(cloth)) {
        const glm::vec3 A = cloth.positions[e.a], B = cloth.positions[e.b];
        const glm::vec2 a = s.pixelOf(A), b = s.pixelOf(B);
        for (std::size_t k = 0; k + 1 < stroke.size(); ++k) {
            const glm::vec2 p0 = stroke[k], p1 = stroke[k + 1];
            if (left(p0, p1, a) == left(p0, p1, b) || left(a, b, p0) == left(a, b, p1)) continue;
            if (!occlusion) {
                out.push_back(e);
                continue;
            }
            const float da = cross2(p1 - p0, a - p0), db = cross2(p1 - p0, b - p0);
            const glm::vec2 pixel = a + da / (da - db) * (b - a);
            const Ray ray = rayThroughPixel(s.view, s.projection, pixel, kViewport);
            // the point of the edge under the pixel: nearest to the ray
            const glm::vec3 d = B - A, w = A - ray.origin;
            const float dd = glm::dot(d, d), de = glm::dot(d, ray.direction), we = glm::dot(w, ray.direction);
            const float g = std::clamp((de * we - glm::dot(w, d)) / (dd - de * de), 0.0f, 1.0f);
            const float distance = glm::dot(A + g * d - ray.origin, ray.direction);
            const std::optional<ClothHit> hit = pickCloth(cloth, ray);
            if (!hit || hit->distance >= distance - tolerance) out.push_back(e);
        }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

TEST(StrokeCut, AScribbleOverACorrugatedClothFindsWhatPickClothSees) {
    // a cloth in folds (ridges 30 cm apart, 10 cm deep) seen from 65 degrees to the
    // side, so that each ridge hides part of the trough behind it
    ViewedCloth s(24, 0.06f);
    Cloth& cloth = s.cloth();
    corrugate(cloth);
    s.look({0.0f, 1.3f, 0.0f}, 65.0f, 10.0f, 2.5f);

    // a zigzag across the whole cloth on the screen
    const std::vector<glm::vec2> stroke = zigzagStroke(s);
    const std::vector<EdgeKey> seen = referenceEdges(s, cloth, stroke, true);
    const std::vector<EdgeKey> all = referenceEdges(s, cloth, stroke, false);
    ASSERT_GT(seen.size(), 50u);
    ASSERT_LT(seen.size() + 20, all.size()) << "the folds hide a good part of what the stroke passes over";
    EXPECT_EQ(s.under(stroke), seen);
}

TEST(StrokeCut, AFullWidthStrokeOverA128ClothIsQuick) {
    const ViewedCloth s(128, 0.012f);  // 1.5 m wide, as the 16 x 16 one
    const std::vector<glm::vec2> stroke = horizontalStroke(s, 1.6537f, -1.0f, 1.0f, 60);  // between rows 28 and 29
    using Clock = std::chrono::steady_clock;
    const Clock::time_point start = Clock::now();
    const std::vector<EdgeKey> edges = s.under(stroke);
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    EXPECT_EQ(edges.size(), 127u + 126u);  // diagonals and inner columns between two rows
    std::printf("128 x 128 cloth, full-width stroke: %zu edges found in %.1f ms\n", edges.size(), ms);
    RecordProperty("find_ms", std::to_string(ms));
}

} // namespace
} // namespace cs::test
