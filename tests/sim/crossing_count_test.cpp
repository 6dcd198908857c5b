// The exact crossing counter (sim/collision/crossing_count.hpp) on hand-built cases
// whose answers are known, the exact predicates on inputs that rounding gets wrong,
// and the counter on cloths: a cut, a fold, 1 and 2 threads.
#include "support/sim_fixture.hpp"

#include "sim/collision/box_tree.hpp"
#include "sim/collision/crossing_count.hpp"
#include "sim/collision/exact_predicates.hpp"
#include "sim/collision/triangle_crossing.hpp"
#include "sim/topology_edit.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace cs {
namespace {

using Pairs = std::vector<std::pair<std::uint32_t, std::uint32_t>>;

struct Mesh {
    std::vector<glm::vec3> positions;
    std::vector<glm::uvec3> triangles;

    std::uint32_t add(glm::vec3 p) {
        positions.push_back(p);
        return static_cast<std::uint32_t>(positions.size() - 1);
    }
    void triangle(glm::vec3 a, glm::vec3 b, glm::vec3 c) { triangles.push_back({add(a), add(b), add(c)}); }
    std::size_t count(int threads = 1) const {
        CrossingCounter counter;
        return counter.count(positions, triangles, 1, threads);
    }
    Pairs pairs() const {
        CrossingCounter counter;
        return counter.pairs(positions, triangles, 1);
    }
};

// A flat sheet in the plane z = 0: cells x in [i, i + 1], y in [j, j + 1], each split by
// the diagonal from (i, j) to (i + 1, j + 1) into a lower triangle (below the diagonal,
// index 2 (j n + i)) and an upper one (index 2 (j n + i) + 1).
void addSheet(Mesh& mesh, int n) {
    const std::uint32_t first = static_cast<std::uint32_t>(mesh.positions.size());
    for (int j = 0; j <= n; ++j)
        for (int i = 0; i <= n; ++i) mesh.add({float(i), float(j), 0.0f});
    const auto at = [&](int i, int j) { return first + static_cast<std::uint32_t>(j * (n + 1) + i); };
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) {
            mesh.triangles.push_back({at(i, j), at(i + 1, j), at(i + 1, j + 1)});
            mesh.triangles.push_back({at(i, j), at(i + 1, j + 1), at(i, j + 1)});
        }
}

TEST(ExactPredicates, Orient3dSignsOfAUnitTetrahedron) {
    const glm::vec3 o(0.0f), x(1, 0, 0), y(0, 1, 0), z(0, 0, 1);
    EXPECT_EQ(orient3d(o, x, y, z), 1);
    EXPECT_EQ(orient3d(o, y, x, z), -1);
    EXPECT_EQ(orient3d(o, x, y, glm::vec3(0.3f, 0.7f, 0.0f)), 0);
}

TEST(ExactPredicates, DecideWhatDoubleRoundingCannot) {
    // d is displaced off the plane (a, b, c) by one float step at 1e8 scale: the double
    // determinant of the differences is dominated by rounding, the exact sign is not.
    const float big = 1.0e4f;
    const glm::vec3 a(big, big, 0.0f), b(big + 1.0f, big, 0.0f), c(big, big + 1.0f, 0.0f);
    const float up = std::nextafter(0.0f, 1.0f);  // the smallest positive float
    EXPECT_EQ(orient3d(a, b, c, glm::vec3(big + 0.5f, big + 0.5f, up)), 1);
    EXPECT_EQ(orient3d(a, b, c, glm::vec3(big + 0.5f, big + 0.5f, -up)), -1);
    EXPECT_EQ(orient3d(a, b, c, glm::vec3(big + 0.5f, big + 0.5f, 0.0f)), 0);
    // Three collinear points on a tilted line, exactly representable: 0; one float step off: not.
    const glm::vec2 p(0.1f, 0.3f), q(0.5f, 1.5f);
    const glm::vec2 r(0.3f, 0.9f);  // on the line only if 0.9f - 0.3f == 3 (0.3f - 0.1f) exactly: it is not
    const double exact = (double(q.x) - p.x) * (double(r.y) - p.y) - (double(q.y) - p.y) * (double(r.x) - p.x);
    EXPECT_EQ(orient2d(p, q, r), exact > 0 ? 1 : (exact < 0 ? -1 : 0));
    EXPECT_EQ(orient2d({0, 0}, {1, 1}, {3, 3}), 0);
    EXPECT_EQ(orient2d({0, 0}, {1, 1}, {3, std::nextafter(3.0f, 4.0f)}), 1);
}

TEST(ExactPredicates, AgreeWithLongDoubleOnWellConditionedRandomInput) {
    std::mt19937 random(7);
    std::uniform_real_distribution<float> coordinate(-2.0f, 2.0f);
    for (int k = 0; k < 2000; ++k) {
        glm::vec3 p[4];
        for (glm::vec3& v : p) v = {coordinate(random), coordinate(random), coordinate(random)};
        const auto d = [&](int i, int axis) { return static_cast<long double>(p[i][axis]) - p[0][axis]; };
        const long double det = d(1, 0) * (d(2, 1) * d(3, 2) - d(2, 2) * d(3, 1)) -
                                d(1, 1) * (d(2, 0) * d(3, 2) - d(2, 2) * d(3, 0)) +
                                d(1, 2) * (d(2, 0) * d(3, 1) - d(2, 1) * d(3, 0));
        if (std::fabs(static_cast<double>(det)) < 1e-9) continue;
        ASSERT_EQ(orient3d(p[0], p[1], p[2], p[3]), det > 0 ? 1 : -1);
    }
}

TEST(CrossingCount, TwoTrianglesPiercingEachOtherAreOnePair) {
    Mesh mesh;
    mesh.triangle({0, 0, 0}, {2, 0, 0}, {0, 2, 0});
    mesh.triangle({0.5f, 0.5f, -1}, {0.5f, 0.5f, 1}, {-1, -1, 0.2f});
    EXPECT_EQ(mesh.count(), 1u);
    EXPECT_EQ(mesh.pairs(), (Pairs{{0u, 1u}}));
}

TEST(CrossingCount, ATrianglePushedThroughASheetCrossesTheTrianglesItPierces) {
    // The vertical triangle meets the sheet's plane along x = 1.25, y in [0.6, 5/3]:
    // cell (1, 0) above its diagonal (y = 0.25 there) and both triangles of cell (1, 1),
    // whose diagonal it crosses at y = 1.25. It touches nothing else.
    Mesh mesh;
    addSheet(mesh, 4);
    mesh.triangle({1.25f, 0.6f, -1.0f}, {1.25f, 0.6f, 1.0f}, {1.25f, 2.2f, 0.5f});
    const std::uint32_t blade = 32;
    const std::uint32_t cell10 = 2 * (0 * 4 + 1), cell11 = 2 * (1 * 4 + 1);
    EXPECT_EQ(mesh.pairs(), (Pairs{{cell10 + 1, blade}, {cell11, blade}, {cell11 + 1, blade}}));
    EXPECT_EQ(mesh.count(), 3u);
}

TEST(CrossingCount, AnEdgeThroughAFaceWithNoVertexNearIsACrossing) {
    Mesh mesh;
    mesh.triangle({0, 0, 0}, {4, 0, 0}, {0, 4, 0});
    mesh.triangle({1, 1, -5}, {1, 1, 5}, {20, 20, 0});  // its edge pierces at (1, 1, 0)
    EXPECT_EQ(mesh.count(), 1u);
    // Shifted beyond the hypotenuse (x + y = 4) the edge misses.
    Mesh missing;
    missing.triangle({0, 0, 0}, {4, 0, 0}, {0, 4, 0});
    missing.triangle({2.01f, 2.01f, -5}, {2.01f, 2.01f, 5}, {20, 20, 0});
    EXPECT_EQ(missing.count(), 0u);
}

TEST(CrossingCount, CoplanarTrianglesCrossWhenTheyOverlapOrTouch) {
    // The rule: closed sets, every common point counts.
    Mesh overlapping;
    overlapping.triangle({0, 0, 0}, {2, 0, 0}, {0, 2, 0});
    overlapping.triangle({0.5f, 0.5f, 0}, {3, 0.5f, 0}, {0.5f, 3, 0});
    EXPECT_EQ(overlapping.count(), 1u);
    Mesh inside;  // one wholly inside the other: no edges cross
    inside.triangle({0, 0, 0}, {4, 0, 0}, {0, 4, 0});
    inside.triangle({0.5f, 0.5f, 0}, {1, 0.5f, 0}, {0.5f, 1, 0});
    EXPECT_EQ(inside.count(), 1u);
    Mesh touching;  // a corner on the other's edge
    touching.triangle({0, 0, 0}, {2, 0, 0}, {0, 2, 0});
    touching.triangle({1, 1, 0}, {3, 1, 0}, {3, 3, 0});
    EXPECT_EQ(touching.count(), 1u);
    Mesh apart;
    apart.triangle({0, 0, 0}, {2, 0, 0}, {0, 2, 0});
    apart.triangle({1.01f, 1.01f, 0}, {3, 1, 0}, {3, 3, 0});
    EXPECT_EQ(apart.count(), 0u);
}

TEST(CrossingCount, AVertexExactlyOnAFaceIsACrossingAndOneFloatAboveIsNot) {
    Mesh on;
    on.triangle({0, 0, 0}, {2, 0, 0}, {0, 2, 0});
    on.triangle({0.5f, 0.5f, 0}, {0.5f, 1, 1}, {1, 0.5f, 1});
    EXPECT_EQ(on.count(), 1u);
    Mesh above = on;
    above.positions[3].z = std::nextafter(0.0f, 1.0f);
    EXPECT_EQ(above.count(), 0u);
}

TEST(CrossingCount, TouchingAtSharedVertexOrPositionIsNoCrossing) {
    Mesh shared;  // a shared index: neighbours in the mesh
    shared.triangle({0, 0, 0}, {2, 0, 0}, {0, 2, 0});
    shared.triangles.push_back({1, 2, shared.add({2, 2, 0.5f})});
    EXPECT_EQ(shared.count(), 0u);
    Mesh twins;  // the same corner position under another index: the two sides of a cut
    twins.triangle({0, 0, 0}, {2, 0, 0}, {0, 2, 0});
    twins.triangle({2, 0, 0}, {0, 2, 0}, {2, 2, 0});
    EXPECT_EQ(twins.count(), 0u);
    // ... and the same pair with the second moved through the first is counted.
    twins.positions[5] = {-1, -1, 0};
    twins.positions[3] = {2, 0, 0.5f};
    twins.positions[4] = {0.5f, 0.5f, -0.5f};
    EXPECT_EQ(twins.count(), 1u);
}

TEST(CrossingCount, ZeroAreaTrianglesAreTheSegmentsTheySpan) {
    Mesh piercing;
    piercing.triangle({0, 0, 0}, {2, 0, 0}, {0, 2, 0});
    piercing.triangle({0.5f, 0.5f, -1}, {0.5f, 0.5f, 1}, {0.5f, 0.5f, 0.5f});  // a vertical segment
    EXPECT_EQ(piercing.count(), 1u);
    Mesh beside;
    beside.triangle({0, 0, 0}, {2, 0, 0}, {0, 2, 0});
    beside.triangle({1.5f, 1.5f, -1}, {1.5f, 1.5f, 1}, {1.5f, 1.5f, 0.5f});
    EXPECT_EQ(beside.count(), 0u);
    Mesh segments;  // two collinear-cornered triangles crossing as an X in the plane z = 3
    segments.triangle({0, 0, 3}, {2, 2, 3}, {1, 1, 3});
    segments.triangle({0, 2, 3}, {2, 0, 3}, {0.5f, 1.5f, 3});
    EXPECT_EQ(segments.count(), 1u);
    Mesh skew;  // ... and two such segments that pass each other in different planes
    skew.triangle({0, 0, 3}, {2, 2, 3}, {1, 1, 3});
    skew.triangle({0, 2, 3.5f}, {2, 0, 3.5f}, {0.5f, 1.5f, 3.5f});
    EXPECT_EQ(skew.count(), 0u);
}

TEST(CrossingCount, AFreshCutsTwoSidesTouchWithoutCrossing) {
    Simulation sim = test::makeSimulation(test::settingsWith([](Settings& s) {
        s.cloth.resolution = {8, 8};
        s.cloth.pins = PinPreset::None;
    }));
    Cloth& cloth = sim.world().cloth;
    ASSERT_TRUE(cutAlongRestSegment(cloth, {0.0f, 0.5f}, {1.0f, 0.5f}).changed());
    // The cut made twins: corners of different triangles at one position with different indices.
    std::size_t twinPairs = 0;
    for (std::size_t s = 0; s < cloth.triangles.size(); ++s)
        for (std::size_t t = s + 1; t < cloth.triangles.size(); ++t) {
            bool index = false, position = false;
            for (int a = 0; a < 3; ++a)
                for (int b = 0; b < 3; ++b) {
                    index |= cloth.triangles[s][a] == cloth.triangles[t][b];
                    position |= cloth.positions[cloth.triangles[s][a]] == cloth.positions[cloth.triangles[t][b]];
                }
            twinPairs += position && !index;
        }
    EXPECT_GT(twinPairs, 0u);
    CrossingCounter counter;
    EXPECT_EQ(counter.count(cloth, 1), 0u);
}

// A 16 x 16 cloth folded about a horizontal line: its upper half turned by 175° onto
// the front of the lower one (a layer 5° off it, meeting it at the fold) and pushed back
// by `dip` x (distance from the fold) where a wave across it is high, so that with dip
// above tan 5° (0.087) the layer goes through the lower half in stripes.
Cloth foldedCloth(float dip) {
    Cloth cloth = buildGridCloth(test::settingsWith([](Settings& s) {
                                     s.cloth.resolution = {16, 16};
                                     s.cloth.pins = PinPreset::None;
                                 }).cloth);
    float xMin = cloth.positions.front().x, xMax = xMin;
    for (const glm::vec3& p : cloth.positions) xMin = std::min(xMin, p.x), xMax = std::max(xMax, p.x);
    const float foldY = 0.5f * (cloth.positions.front().y + cloth.positions.back().y) + 0.013f;
    const float angle = glm::radians(175.0f);
    for (glm::vec3& p : cloth.positions) {
        if (p.y <= foldY) continue;
        const float r = p.y - foldY;
        const float wave = 0.5f + 0.5f * std::sin(6.0f * 3.14159265f * (p.x - xMin) / (xMax - xMin));
        p = {p.x, foldY + r * std::cos(angle), p.z + r * (std::sin(angle) - dip * wave)};
    }
    return cloth;
}

TEST(CrossingCount, AFoldedClothCrossesOnlyWhereItsLayerGoesThrough) {
    CrossingCounter counter;
    EXPECT_EQ(counter.count(foldedCloth(0.0f), 1), 0u);
    EXPECT_EQ(counter.count(foldedCloth(0.08f), 1), 0u);
    const std::size_t through = counter.count(foldedCloth(0.3f), 1);
    EXPECT_GT(through, 20u);
    // The same as the pairs listed, and on 2 threads.
    Cloth cloth = foldedCloth(0.3f);
    EXPECT_EQ(counter.pairs(cloth.positions, cloth.triangles, cloth.topologyVersion).size(), through);
    EXPECT_EQ(counter.count(cloth, 2), through);
}

TEST(CrossingCount, RefitFollowsMotionAndATopologyKeyRebuilds) {
    Mesh mesh;
    mesh.triangle({0, 0, 0}, {2, 0, 0}, {0, 2, 0});
    mesh.triangle({0.5f, 0.5f, 2}, {0.5f, 0.5f, 4}, {-1, -1, 3});
    CrossingCounter counter;
    EXPECT_EQ(counter.count(mesh.positions, mesh.triangles, 1, 1), 0u);
    for (int k = 3; k < 6; ++k) mesh.positions[static_cast<std::size_t>(k)].z -= 3.0f;  // now through
    EXPECT_EQ(counter.count(mesh.positions, mesh.triangles, 1, 1), 1u);
    mesh.triangle({0.2f, 0.8f, -1}, {0.2f, 0.8f, 1}, {-1, 1.5f, 0.5f});
    EXPECT_EQ(counter.count(mesh.positions, mesh.triangles, 2, 1), 2u);
}

TEST(CrossingCount, NonFiniteTrianglesTakePartInNoPair) {
    Mesh mesh;
    mesh.triangle({0, 0, 0}, {2, 0, 0}, {0, 2, 0});
    mesh.triangle({0.5f, 0.5f, -1}, {0.5f, 0.5f, 1}, {-1, -1, 0.2f});
    mesh.positions[5].x = std::nanf("");
    EXPECT_EQ(mesh.count(), 0u);
}

TEST(BoxTree, QueryFindsExactlyTheOverlappingBoxes) {
    std::mt19937 random(3);
    std::uniform_real_distribution<float> coordinate(0.0f, 10.0f);
    std::vector<Box> boxes(300);
    for (Box& b : boxes) {
        const glm::vec3 c(coordinate(random), coordinate(random), coordinate(random));
        b = {c, c + glm::vec3(0.5f)};
    }
    BoxTree tree;
    tree.build(boxes);
    for (int round = 0; round < 2; ++round) {
        for (const Box& probe : boxes) {
            std::vector<std::uint32_t> found;
            tree.query(probe, [&](std::uint32_t k) { found.push_back(k); });
            std::sort(found.begin(), found.end());
            std::vector<std::uint32_t> expected;
            for (std::uint32_t k = 0; k < boxes.size(); ++k)
                if (boxes[k].overlaps(probe)) expected.push_back(k);
            ASSERT_EQ(found, expected);
        }
        for (Box& b : boxes) {  // move everything, refit, check again
            const glm::vec3 shift(coordinate(random) - 5.0f, 0.0f, 0.0f);
            b = {b.min + shift, b.max + shift};
        }
        tree.refit(boxes);
    }
}

} // namespace
} // namespace cs
