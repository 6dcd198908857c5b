// The crossing counter (sim/collision/crossing_count.hpp) against the independent
// brute-force checker (tools/crossing_check, no code shared): identical pairs on 200
// random small meshes built to be awkward (corners on a coarse lattice, so that touching,
// coplanar and collinear cases are common, and repeated positions under other indices),
// on a folded cloth, and through the checker's own OBJ reader on the counter's dump.
#include "support/sim_fixture.hpp"

#include "crossing_check.hpp"
#include "sim/collision/crossing_count.hpp"

#include <gtest/gtest.h>

#include <random>

namespace cs {
namespace {

using Pairs = std::vector<std::pair<std::uint32_t, std::uint32_t>>;

crossing_check::Mesh checkerMesh(const std::vector<glm::vec3>& positions, const std::vector<glm::uvec3>& triangles) {
    crossing_check::Mesh mesh;
    for (const glm::vec3& p : positions) mesh.positions.push_back({p.x, p.y, p.z});
    for (const glm::uvec3& t : triangles) mesh.triangles.push_back({t.x, t.y, t.z});
    return mesh;
}

struct RandomMesh {
    std::vector<glm::vec3> positions;
    std::vector<glm::uvec3> triangles;
};

// `triangles` triangles over a pool of vertices: half on a 4 x 4 x 4 lattice of 0.5 m
// (exact coincidences), half anywhere in the box; some positions repeated under a new
// index. Flat meshes make the in-plane cases common: all in the plane z = 0.5, or all in
// the tilted plane z = x (exact in floats).
enum class Flat { No, Level, Tilted };
RandomMesh randomMesh(std::mt19937& random, int triangles, Flat flat) {
    RandomMesh mesh;
    std::uniform_int_distribution<int> lattice(0, 3);
    std::uniform_real_distribution<float> anywhere(0.0f, 1.5f);
    const int vertices = triangles + 4;
    for (int k = 0; k < vertices; ++k) {
        if (k % 2 == 0)
            mesh.positions.push_back({0.5f * lattice(random), 0.5f * lattice(random), 0.5f * lattice(random)});
        else if (k % 7 == 3 && k > 0)
            mesh.positions.push_back(mesh.positions[static_cast<std::size_t>(k / 2)]);  // a twin
        else
            mesh.positions.push_back({anywhere(random), anywhere(random), anywhere(random)});
    }
    for (glm::vec3& p : mesh.positions) {
        if (flat == Flat::Level) p.z = 0.5f;
        if (flat == Flat::Tilted) p.z = p.x;
    }
    std::uniform_int_distribution<std::uint32_t> vertex(0, static_cast<std::uint32_t>(vertices - 1));
    while (static_cast<int>(mesh.triangles.size()) < triangles) {
        const glm::uvec3 t(vertex(random), vertex(random), vertex(random));
        if (t.x != t.y && t.y != t.z && t.x != t.z) mesh.triangles.push_back(t);
    }
    return mesh;
}

TEST(CrossingAgreement, TheCounterAndTheBruteForceCheckerFindTheSamePairsOn200RandomMeshes) {
    std::mt19937 random(2026);
    std::size_t totalCrossings = 0;
    for (int k = 0; k < 200; ++k) {
        const RandomMesh mesh = randomMesh(random, 12 + k % 40, static_cast<Flat>(k % 3));
        CrossingCounter counter;
        const Pairs counted = counter.pairs(mesh.positions, mesh.triangles, 1);
        const Pairs checked = crossing_check::crossingPairs(checkerMesh(mesh.positions, mesh.triangles));
        ASSERT_EQ(counted, checked) << "mesh " << k;
        EXPECT_EQ(counter.count(mesh.positions, mesh.triangles, 1, 1), checked.size());
        EXPECT_EQ(counter.count(mesh.positions, mesh.triangles, 1, 2), checked.size());
        totalCrossings += checked.size();
    }
    EXPECT_GT(totalCrossings, 1000u);  // the meshes are tangled enough to test something
}

TEST(CrossingAgreement, TheSameOnAFoldedClothThatGoesThroughItself) {
    Cloth cloth = buildGridCloth(test::settingsWith([](Settings& s) {
                                     s.cloth.resolution = {16, 16};
                                     s.cloth.pins = PinPreset::None;
                                 }).cloth);
    // Fold the upper half down onto the front and push it back through in a wave.
    const float foldY = 0.5f * (cloth.positions.front().y + cloth.positions.back().y) + 0.011f;
    for (glm::vec3& p : cloth.positions) {
        if (p.y <= foldY) continue;
        const float r = p.y - foldY;
        p = {p.x, foldY - r * 0.99f, r * (0.1f - 0.3f * (0.5f + 0.5f * std::sin(20.0f * p.x)))};
    }
    CrossingCounter counter;
    const Pairs counted = counter.pairs(cloth.positions, cloth.triangles, cloth.topologyVersion);
    EXPECT_GT(counted.size(), 20u);
    EXPECT_EQ(counted, crossing_check::crossingPairs(checkerMesh(cloth.positions, cloth.triangles)));
    EXPECT_EQ(counter.count(cloth, 1), counted.size());
    EXPECT_EQ(counter.count(cloth, 2), counted.size());
}

} // namespace
} // namespace cs
