// Colliders inside each other: which collider lies wholly inside which, with
// its clearance worked out by hand; shapes that only overlap (compound
// objects) are not reported.
#include "sim/collision/collider_overlap.hpp"

#include <glm/gtc/quaternion.hpp>
#include <gtest/gtest.h>

namespace cs {
namespace {

TEST(ColliderOverlap, SpheresApartOrOverlappingAreNotInsideEachOther) {
    EXPECT_TRUE(findColliderOverlaps({makeSphere({0, 0, 0}, 0.5f), makeSphere({1.2f, 0, 0}, 0.5f)}).empty());
    EXPECT_TRUE(findColliderOverlaps({makeSphere({0, 0, 0}, 0.5f), makeSphere({0.3f, 0, 0}, 0.5f)}).empty())
        << "overlapping a lot, but each reaches out of the other";
}

TEST(ColliderOverlap, ASphereInsideAnotherIsReportedWithItsClearance) {
    // centres 0.3 apart: the small one reaches to 0.4 of the big one's 0.5
    const Colliders colliders = {makeSphere({0.3f, 0, 0}, 0.1f), makeSphere({0, 0, 0}, 0.5f)};
    const auto overlaps = findColliderOverlaps(colliders);
    ASSERT_EQ(overlaps.size(), 1u);
    EXPECT_EQ(overlaps[0].inner, 0u);
    EXPECT_EQ(overlaps[0].outer, 1u);
    EXPECT_NEAR(overlaps[0].clearance, 0.1f, 1e-5f);
    const std::string text = overlaps[0].describe(colliders);
    EXPECT_NE(text.find("colliders 0 (sphere) and 1 (sphere) are inside each other: 0 lies wholly inside 1 (0.1 m"),
              std::string::npos) << text;
    // a duplicate is inside too (clearance 0)
    const auto twins = findColliderOverlaps({makeSphere({0, 1, 0}, 0.2f), makeSphere({0, 1, 0}, 0.2f)});
    ASSERT_EQ(twins.size(), 1u);
    EXPECT_NEAR(twins[0].clearance, 0.0f, 1e-6f);
}

TEST(ColliderOverlap, BoxesAndCapsulesCountWhenTheirCornersAndEndsAreInside) {
    // a 0.2 m cube 0.1 below the top face of a 1 m box: its top corners are 0.3 below it
    const auto cube = findColliderOverlaps({makeBox({0, 0, 0}, glm::vec3(0.5f)), makeBox({0, 0.1f, 0}, glm::vec3(0.1f))});
    ASSERT_EQ(cube.size(), 1u);
    EXPECT_EQ(cube[0].inner, 1u);
    EXPECT_NEAR(cube[0].clearance, 0.3f, 1e-5f);
    // turned 45 degrees about z a small cube is still inside; a long bar (0.8 m half length) is not:
    // its corner (0.8, 0.1) turns to y = 0.9 / sqrt(2) = 0.64, above the top face
    const glm::quat turn = glm::angleAxis(glm::radians(45.0f), glm::vec3(0, 0, 1));
    EXPECT_EQ(findColliderOverlaps({makeBox({0, 0, 0}, glm::vec3(0.5f)), makeBox({0, 0, 0}, glm::vec3(0.1f), turn)}).size(), 1u);
    EXPECT_TRUE(findColliderOverlaps({makeBox({0, 0, 0}, glm::vec3(0.5f)), makeBox({0, 0, 0}, {0.8f, 0.1f, 0.1f}, turn)}).empty());
    // four rotated slabs with one centre (round_tablecloth's top): each reaches out of the others
    const glm::quat quarter = glm::angleAxis(glm::radians(45.0f), glm::vec3(0, 1, 0));
    EXPECT_TRUE(findColliderOverlaps({makeBox({0, 0.7f, 0}, {0.35f, 0.025f, 0.145f}),
                                      makeBox({0, 0.7f, 0}, {0.35f, 0.025f, 0.145f}, quarter)}).empty());
    // a capsule in a sphere, and one poking out of it
    EXPECT_EQ(findColliderOverlaps({makeSphere({0, 0, 0}, 1.0f), makeCapsule({0, 0, 0}, 0.1f, 0.5f)}).size(), 1u);
    EXPECT_TRUE(findColliderOverlaps({makeSphere({0, 0, 0}, 1.0f), makeCapsule({0, 0, 0}, 0.1f, 0.95f)}).empty());
}

TEST(ColliderOverlap, AnInfinitePlaneIsSolidBelowAPanelHasNoInside) {
    const Collider ground = makePlane({0, 0, 0}, {0, 1, 0});
    const auto buried = findColliderOverlaps({ground, makeSphere({0, -0.5f, 0}, 0.3f)});
    ASSERT_EQ(buried.size(), 1u);
    EXPECT_EQ(buried[0].inner, 1u);
    EXPECT_NEAR(buried[0].clearance, 0.2f, 1e-5f);
    EXPECT_TRUE(findColliderOverlaps({ground, makeSphere({0, -0.1f, 0}, 0.3f)}).empty()) << "sunk, not buried";
    EXPECT_TRUE(findColliderOverlaps({ground, makePlane({0, -1, 0}, {0, 1, 0})}).empty()) << "planes are never inner";
    const Collider panel = makePlane({0, 0, 0}, {0, 1, 0}, {0.5f, 0.5f});
    EXPECT_TRUE(findColliderOverlaps({panel, makeSphere({0, -0.5f, 0}, 0.3f)}).empty()) << "a one-sided panel";
}

} // namespace
} // namespace cs
