// The pure projections: hand-checkable, one constraint at a time.
#include "sim/cloth.hpp"
#include "sim/constraints.hpp"
#include "sim/params.hpp"
#include "sim/solvers/position_based.hpp"

#include <gtest/gtest.h>
#include <glm/geometric.hpp>

namespace cs {
namespace {

TEST(DistanceConstraint, RestoresLengthSplitByInverseMass) {
    const glm::vec3 a(0.0f), b(2.0f, 0.0f, 0.0f);
    auto p = projectDistance(a, b, 1.0f, 1.0f, 1.0f, 0.0f, 0.0f);
    EXPECT_FLOAT_EQ(glm::distance(a + p.deltaA, b + p.deltaB), 1.0f);
    EXPECT_FLOAT_EQ(glm::length(p.deltaA), 0.5f);
    EXPECT_FLOAT_EQ(p.violation, 1.0f);
    p = projectDistance(a, b, 0.0f, 1.0f, 1.0f, 0.0f, 0.0f);  // a pinned: b moves all the way
    EXPECT_EQ(p.deltaA, glm::vec3(0.0f));
    EXPECT_FLOAT_EQ((b + p.deltaB).x, 1.0f);
    // compliance: alphaTilde = w leaves half the error
    p = projectDistance(a, b, 0.5f, 0.5f, 1.0f, 1.0f, 0.0f);
    EXPECT_NEAR(glm::distance(a + p.deltaA, b + p.deltaB), 1.5f, 1e-6f);
}

// A hinge: edge (a, b) on the x axis, c and d on either side, folded by `fold` radians.
struct Hinge {
    glm::vec3 x[4];
};
Hinge foldedHinge(float fold) {
    const float half = 0.5f * fold;
    return {{{0.0f, 0.0f, 0.0f},
             {1.0f, 0.0f, 0.0f},
             {0.5f, std::cos(half), std::sin(half)},
             {0.5f, -std::cos(half), std::sin(half)}}};
}

TEST(DihedralConstraint, AngleIsSignedAndZeroWhenFlat) {
    // angle between the normals of (a, b, c) and (b, a, d): 0 when flat, +-fold when folded
    for (float fold : {0.0f, 0.3f, 1.0f, 3.0f}) {
        const Hinge up = foldedHinge(fold), down = foldedHinge(-fold);
        const float angleUp = dihedralAngle(up.x[0], up.x[1], up.x[2], up.x[3]);
        const float angleDown = dihedralAngle(down.x[0], down.x[1], down.x[2], down.x[3]);
        EXPECT_NEAR(std::abs(angleUp), fold, 1e-5f);
        EXPECT_NEAR(angleDown, -angleUp, 1e-5f);
    }
}

TEST(DihedralConstraint, UnfoldsTowardsTheRestAngleAndKeepsMomentum) {
    const float w[4] = {1.0f, 1.0f, 1.0f, 1.0f};
    Hinge h = foldedHinge(0.8f);
    const float rest = 0.0f;  // flat at rest
    float before = 0.8f;
    for (int i = 0; i < 20; ++i) {
        const auto p = projectDihedral(h.x, w, rest, 0.0f, 0.0f);
        glm::vec3 sum(0.0f);
        for (int k = 0; k < 4; ++k) {
            h.x[k] += p.delta[k];
            sum += p.delta[k];
        }
        EXPECT_LT(glm::length(sum), 1e-5f) << "equal masses: the corrections must sum to zero";
        const float after = std::abs(dihedralAngle(h.x[0], h.x[1], h.x[2], h.x[3]));
        EXPECT_LE(after, before + 1e-6f);
        before = after;
    }
    EXPECT_LT(before, 1e-3f);
    // the edge is not stretched by bending
    EXPECT_NEAR(glm::distance(h.x[0], h.x[1]), 1.0f, 0.05f);
}

TEST(DihedralConstraint, GradientMatchesFiniteDifferences) {
    // The correction is w grad C dlambda with dlambda = -C / sum w |grad C|^2: moving
    // a small fraction epsilon along it must change C by -epsilon C to first order.
    // This pins down the signs of all four gradients at once.
    const float w[4] = {1.0f, 2.0f, 0.5f, 1.0f};
    for (float fold : {-0.9f, -0.1f, 0.05f, 0.6f, 2.5f}) {
        Hinge h = foldedHinge(fold);
        h.x[2] += glm::vec3(0.1f, 0.0f, 0.05f);  // not symmetric
        const float rest = 0.2f;
        const auto p = projectDihedral(h.x, w, rest, 0.0f, 0.0f);
        const float c0 = dihedralAngle(h.x[0], h.x[1], h.x[2], h.x[3]) - rest;
        EXPECT_NEAR(p.violation, c0, 1e-6f);
        const float epsilon = 1e-3f;
        glm::vec3 moved[4];
        for (int k = 0; k < 4; ++k) moved[k] = h.x[k] + epsilon * p.delta[k];
        const float c1 = dihedralAngle(moved[0], moved[1], moved[2], moved[3]) - rest;
        EXPECT_NEAR((c1 - c0) / epsilon, -c0, 0.02f * std::abs(c0) + 2e-3f) << "fold " << fold;
    }
}

TEST(Hinges, AGridHasOnePerInteriorEdge) {
    ClothSettings c = defaultSettings().cloth;
    c.resolution = {5, 4};
    const Cloth cloth = buildGridCloth(c);
    const int nx = 5, ny = 4;
    const int edges = (nx - 1) * ny + nx * (ny - 1) + (nx - 1) * (ny - 1);
    const int border = 2 * (nx - 1) + 2 * (ny - 1);
    EXPECT_EQ(static_cast<int>(cloth.bendElements.size()), edges - border);
    for (const BendElement& e : cloth.bendElements) EXPECT_NEAR(e.restAngle, 0.0f, 1e-5f);
}

// Two triangles on an edge make a hinge, oriented along the lower one's edge with its
// winding; three on one edge (a fin, not a manifold) make none, as the link update's
// rule has it (both use hingeBetween), and a cut edge none.
TEST(Hinges, OnlyAnEdgeOfExactlyTwoUncutTrianglesIsOne) {
    const std::vector<glm::vec3> rest = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, -1, 0}, {0.5f, 0, 1}};
    std::vector<glm::uvec3> triangles = {{0, 1, 2}, {1, 0, 3}};
    std::vector<BendElement> hinges = findBendElements(rest, triangles);
    ASSERT_EQ(hinges.size(), 1u);
    EXPECT_EQ(hinges[0].a, 0u);
    EXPECT_EQ(hinges[0].b, 1u);
    EXPECT_EQ(hinges[0].c, 2u);
    EXPECT_EQ(hinges[0].d, 3u);
    EXPECT_NEAR(hinges[0].restAngle, 0.0f, 1e-6f);
    EXPECT_TRUE(findBendElements(rest, triangles, {kEdgeCut << 0, 0}).empty()) << "cut on the first side";
    EXPECT_TRUE(findBendElements(rest, triangles, {0, kEdgeCut << 0}).empty()) << "cut on the second side";
    triangles.push_back({0, 1, 4});
    EXPECT_TRUE(findBendElements(rest, triangles).empty()) << "three triangles on the edge";
}

TEST(Tethers, PullBackOnlyWhenStretchedAndOnlyTheFreeEnd) {
    std::vector<glm::vec3> x = {{0.0f, 0.0f, 0.0f}, {3.0f, 0.0f, 0.0f}, {0.5f, 0.0f, 0.0f}};
    const Tether tethers[] = {{1, 0, 2.0f}, {2, 0, 2.0f}};
    const std::vector<float> w = {0.0f, 1.0f, 1.0f};
    projectTethers(tethers, x, w);
    EXPECT_EQ(x[0], glm::vec3(0.0f));
    EXPECT_NEAR(x[1].x, 2.0f, 1e-6f);
    EXPECT_EQ(x[2], glm::vec3(0.5f, 0.0f, 0.0f)) << "slack tethers do nothing";
}

TEST(Tethers, LeaveAParticleHeldByTheMouseWhereItIsHeld) {
    std::vector<glm::vec3> x = {{0.0f, 0.0f, 0.0f}, {3.0f, 0.0f, 0.0f}};
    const Tether tethers[] = {{1, 0, 2.0f}};
    const std::vector<float> w = {0.0f, 0.0f};  // a grab makes the particle kinematic
    projectTethers(tethers, x, w);
    EXPECT_EQ(x[1], glm::vec3(3.0f, 0.0f, 0.0f));
}

TEST(Tethers, CacheFollowsThePins) {
    ClothSettings c = defaultSettings().cloth;
    c.resolution = {4, 4};
    c.pins = PinPreset::TopCorners;
    Cloth cloth = buildGridCloth(c);
    TetherCache cache;
    EXPECT_EQ(cache.get(cloth, 1.0f).size(), 14u * 2u);  // 14 free particles, 2 pins each
    cloth.setPinned(15, true);
    EXPECT_EQ(cache.get(cloth, 1.0f).size(), 13u * 3u) << "a new pin rebuilds the tethers";
}

} // namespace
} // namespace cs
