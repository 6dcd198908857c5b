// Colliders against the cloth's triangles (collider_triangles.hpp): the nearest point of
// a triangle to a segment, the segments of each shape, and — for every solver — a capsule
// thinner than the spacing and a box edge pressed into a cloth between its particles:
// neither ends on the far side of the cloth's triangles.
#include "../support/sim_fixture.hpp"

#include "sim/collision/collider_triangles.hpp"
#include "sim/collision/colliders.hpp"
#include "sim/collision/triangle_crossing.hpp"

#include <gtest/gtest.h>

#include <glm/gtc/constants.hpp>
#include <string>
#include <vector>

namespace cs::test {
namespace {

const glm::vec3 kT0(0.0f, 0.0f, 0.0f), kT1(1.0f, 0.0f, 0.0f), kT2(0.0f, 1.0f, 0.0f);

TEST(NearestToSegment, ASegmentAboveTheFaceIsNearestAtItsLowerEnd) {
    const TrianglePoint p = nearestToSegment(kT0, kT1, kT2, {0.25f, 0.25f, 0.1f}, {0.25f, 0.25f, 0.5f});
    EXPECT_FALSE(p.meets);
    EXPECT_NEAR(p.distance, 0.1f, 1e-6f);
    EXPECT_NEAR(p.point.x, 0.25f, 1e-6f);
    EXPECT_NEAR(p.point.y, 0.25f, 1e-6f);
    EXPECT_NEAR(p.weights.x, 0.5f, 1e-6f);  // 1 - 0.25 - 0.25
    EXPECT_NEAR(p.weights.y, 0.25f, 1e-6f);
    EXPECT_NEAR(p.weights.z, 0.25f, 1e-6f);
}

TEST(NearestToSegment, ASegmentAcrossAnEdgeMeetsItBetweenTheCorners) {
    // parallel to z, passing the hypotenuse (x + y = 1) 0.05 m outside its middle, 0.02 m above the plane
    const float off = 0.05f / std::sqrt(2.0f);
    const TrianglePoint p =
        nearestToSegment(kT0, kT1, kT2, {0.5f + off, 0.5f + off, 0.02f}, {0.5f + off, 0.5f + off, 1.0f});
    EXPECT_FALSE(p.meets);
    EXPECT_NEAR(p.distance, std::sqrt(0.05f * 0.05f + 0.02f * 0.02f), 1e-5f);
    EXPECT_NEAR(p.weights.x, 0.0f, 1e-5f);
    EXPECT_NEAR(p.weights.y, 0.5f, 1e-5f);
    EXPECT_NEAR(p.weights.z, 0.5f, 1e-5f);
    // a segment lying across the edge, above the plane: nearest inside the span of both
    const TrianglePoint q = nearestToSegment(kT0, kT1, kT2, {0.2f, 0.2f, 0.3f}, {0.8f, 0.8f, 0.3f});
    EXPECT_FALSE(q.meets);
    EXPECT_NEAR(q.distance, 0.3f, 1e-5f);
}

TEST(NearestToSegment, ASegmentThroughTheFaceMeetsItWhereItCrosses) {
    const TrianglePoint p = nearestToSegment(kT0, kT1, kT2, {0.2f, 0.3f, -0.5f}, {0.2f, 0.3f, 0.5f});
    EXPECT_TRUE(p.meets);
    EXPECT_EQ(p.distance, 0.0f);
    EXPECT_NEAR(p.point.x, 0.2f, 1e-6f);
    EXPECT_NEAR(p.point.y, 0.3f, 1e-6f);
    EXPECT_NEAR(p.onSegment.z, 0.0f, 1e-6f);
}

TEST(SlippingSegments, ACapsuleHasItsAxisABoxItsTwelveEdgesASphereNone) {
    std::array<Segment, 12> segments{};
    float radius = -1.0f;
    const Collider capsule = makeCapsule({1.0f, 2.0f, 3.0f}, 0.05f, 0.4f);
    ASSERT_EQ(slippingSegments(capsule, segments, radius), 1);
    EXPECT_EQ(radius, 0.05f);
    EXPECT_NEAR(glm::distance(segments[0].a, segments[0].b), 0.8f, 1e-6f);
    const Collider box = makeBox({0.0f, 0.0f, 0.0f}, {0.1f, 0.2f, 0.3f});
    ASSERT_EQ(slippingSegments(box, segments, radius), 12);
    EXPECT_EQ(radius, 0.0f);
    float total = 0.0f;
    for (const Segment& s : segments) {
        total += glm::distance(s.a, s.b);
        // every edge runs along the box's surface: both ends are corners
        for (const glm::vec3 end : {s.a, s.b}) EXPECT_NEAR(glm::length(glm::abs(end)), glm::length(glm::vec3(0.1f, 0.2f, 0.3f)), 1e-6f);
    }
    EXPECT_NEAR(total, 4.0f * (0.2f + 0.4f + 0.6f), 1e-5f);
    EXPECT_EQ(slippingSegments(makeSphere({0, 0, 0}, 0.1f), segments, radius), 0);
}

// --- pressed into a cloth between its particles, every solver ------------------------
//
// A 16 x 16 cloth, 0.05 m spacing, pinned all round, hangs in the plane z = 0 with rows at
// y = 1.5 - 0.05 k. A capsule of radius 0.01 m (0.2 x the spacing) along x, and the front
// edge of a box turned 45 degrees, both at y = 1.125 (midway between two rows) and x = 0
// (midway between two columns), move along +z into it at 0.5 m/s and stop 0.15 m past
// z = 0. Their reach (radius + thickness 0.01 m) is 0.02 m or less, and the nearest
// particles are 0.025 m away: by particles alone they pass between the rows.
// The check is on the triangles: the straight path of 21 points of the axis (the edge)
// from where they started to where they are meets no triangle of the cloth.

constexpr float kRowGap = 1.125f;

Settings pressedCloth(const std::string& id) {
    return settingsWith([&](Settings& s) {
        s.solver.id = id;
        tuneForSprings(s);
        s.cloth.resolution = {16, 16};
        s.cloth.spacing = 0.05f;
        s.cloth.orientation = Orientation::Vertical;
        s.cloth.origin = {0.0f, 1.5f, 0.0f};
        s.cloth.pins = PinPreset::Border;
        s.collision.thickness = 0.01f;
        s.collision.ground = false;
        s.sim.gravity = glm::vec3(0.0f);
    });
}

Collider pressing(Collider c, glm::vec3 from, glm::vec3 to) {
    c.motion = MotionKind::Kinematic;
    c.script.kind = ScriptKind::Path;
    c.script.path = {from, to};
    c.script.speed = 0.5f;
    c.script.loop = false;
    c.home.position = c.pose.position = from;
    return c;
}

// The local segment whose points are checked: the capsule's axis, the box's front edge.
struct Pressed {
    Collider collider;
    glm::vec3 localA, localB;
};

Pressed thinCapsule() {
    const glm::quat alongX = rotationFromY({1.0f, 0.0f, 0.0f});
    const glm::vec3 from(0.0f, kRowGap, -0.1f), to(0.0f, kRowGap, 0.15f);
    return {pressing(makeCapsule(from, 0.01f, 0.1f, alongX), from, to), {0.0f, -0.1f, 0.0f}, {0.0f, 0.1f, 0.0f}};
}

Pressed boxEdgeFirst() {
    // turned 45 degrees about x: the edge at local (x, +h, +h) points along +z, 0.1 sqrt 2 m ahead of the centre
    const glm::quat turn = glm::angleAxis(glm::quarter_pi<float>(), glm::vec3(1.0f, 0.0f, 0.0f));
    const float ahead = 0.1f * std::sqrt(2.0f);
    const glm::vec3 from(0.0f, kRowGap, -0.1f - ahead), to(0.0f, kRowGap, 0.15f - ahead);
    Collider box = pressing(makeBox(from, glm::vec3(0.1f), turn), from, to);
    box.home.orientation = box.pose.orientation = turn;
    const glm::vec3 front = glm::conjugate(turn) * glm::vec3(0.0f, 0.0f, ahead);  // local position of the front edge's middle
    return {box, front + glm::vec3(-0.1f, 0.0f, 0.0f), front + glm::vec3(0.1f, 0.0f, 0.0f)};
}

// How many (point, triangle) pairs where a point's path from `start` to now meets the triangle.
int pathsThroughTheCloth(const Cloth& cloth, const std::vector<glm::vec3>& start, const std::vector<glm::vec3>& now) {
    int met = 0;
    for (std::size_t k = 0; k < start.size(); ++k)
        for (const glm::uvec3& t : cloth.triangles)
            met += segmentMeetsTriangle(start[k], now[k], cloth.positions[t.x], cloth.positions[t.y],
                                        cloth.positions[t.z]) ? 1 : 0;
    return met;
}

std::vector<glm::vec3> pointsOf(const Pressed& p, const Pose& pose) {
    std::vector<glm::vec3> points;
    for (int k = 0; k <= 20; ++k) points.push_back(pose.toWorld(glm::mix(p.localA, p.localB, static_cast<float>(k) / 20.0f)));
    return points;
}

void pressAndCheck(const std::string& id, const Pressed& pressed) {
    Simulation sim = makeSimulation(pressedCloth(id), {pressed.collider});
    const std::vector<glm::vec3> start = pointsOf(pressed, sim.world().colliders[0].pose);
    ASSERT_LT(start[10].z, -0.05f) << "the test starts in front of the cloth";
    int worst = 0;
    for (int step = 0; step < 45; ++step) {  // 0.75 s: the press takes 0.5 s
        sim.step();
        worst = std::max(worst, pathsThroughTheCloth(sim.world().cloth, start, pointsOf(pressed, sim.world().colliders[0].pose)));
    }
    EXPECT_EQ(sim.recoveries(), 0) << sim.lastRecoveryMessage();
    EXPECT_EQ(worst, 0) << "points of the segment ended on the far side of the cloth";
    const glm::vec3 end = pointsOf(pressed, sim.world().colliders[0].pose)[10];
    EXPECT_GT(end.z, 0.1f) << "pressed 0.15 m past the cloth's plane";
    float farthest = -1.0f;
    for (const glm::vec3& x : sim.world().cloth.positions) farthest = std::max(farthest, x.z);
    EXPECT_GT(farthest, 0.1f) << "the cloth is carried ahead";
}

class PressedBetweenParticles : public ::testing::TestWithParam<std::string> {};

TEST_P(PressedBetweenParticles, AThinCapsuleStaysOnItsSideOfTheCloth) { pressAndCheck(GetParam(), thinCapsule()); }
TEST_P(PressedBetweenParticles, ABoxEdgeStaysOnItsSideOfTheCloth) { pressAndCheck(GetParam(), boxEdgeFirst()); }

std::string name(const ::testing::TestParamInfo<std::string>& info) { return info.param; }
INSTANTIATE_TEST_SUITE_P(AllSolvers, PressedBetweenParticles, ::testing::ValuesIn(registeredSolverIds()), name);

} // namespace
} // namespace cs::test
