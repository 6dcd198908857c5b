// Pin groups: the held vertices follow their script exactly at the step ends,
// wait before its start, hold after its duration, stop at an open path's end,
// and let go at the release; the rectangle holds the same part of the cloth at
// any resolution. Self-collision is off so nothing but the script moves them.
#include "sim/collision/motion.hpp"
#include "sim/pin_groups.hpp"
#include "support/sim_fixture.hpp"

#include <glm/gtc/constants.hpp>
#include <glm/gtc/quaternion.hpp>
#include <gtest/gtest.h>

#include <cmath>

namespace cs {
namespace {

constexpr float kDt = 1.0f / 60.0f;

Settings clothOf(int n) {
    return test::settingsWith([n](Settings& s) {
        s.cloth.resolution = {n, n};
        s.cloth.pins = PinPreset::None;
        s.collision.selfCollision = false;
        s.collision.ground = false;
        s.sim.dt = kDt;
    });
}

PinGroup leftEdge() {
    PinGroup g;
    g.uvMin = {0.0f, 0.0f};
    g.uvMax = {0.0f, 1.0f};
    return g;
}

// The largest distance of a held vertex from `expected(anchor)`, metres.
template <class Expected>
float worstMiss(const World& world, const PinGroup& g, Expected expected) {
    float worst = 0.0f;
    for (std::size_t k = 0; k < g.vertices.size(); ++k)
        worst = std::max(worst, glm::distance(world.cloth.positions[g.vertices[k]], expected(g.anchors[k])));
    return worst;
}

// The orbit written out again: the anchor turned by `angle` about the line through pivot along axis.
glm::vec3 turned(glm::vec3 anchor, glm::vec3 pivot, glm::vec3 axis, float angle) {
    return pivot + glm::angleAxis(angle, glm::normalize(axis)) * (anchor - pivot);
}

TEST(PinGroups, AnOrbitWaitsForItsStartTurnsAndHoldsAfterItsDuration) {
    PinGroup g = leftEdge();
    g.script.kind = ScriptKind::Orbit;
    g.script.axis = {1.0f, 0.0f, 0.0f};
    g.script.pivot = {0.0f, 1.0f, 0.0f};
    g.script.frequency = 0.25f;  // a quarter turn a second
    g.script.start = 0.5f;
    g.script.duration = 1.0f;
    Simulation sim = Simulation(makeWorld(clothOf(16), {}, {g}));
    const PinGroup& held = sim.world().pinGroups[0];
    ASSERT_EQ(held.vertices.size(), 16u);
    for (int step = 1; step <= 150; ++step) {
        sim.step();
        const double t = sim.world().time;
        const float tau = static_cast<float>(std::clamp(t - 0.5, 0.0, 1.0));
        const float angle = 2.0f * glm::pi<float>() * 0.25f * tau;
        const float miss = worstMiss(sim.world(), held, [&](glm::vec3 a) { return turned(a, g.script.pivot, g.script.axis, angle); });
        ASSERT_LT(miss, 1e-6f) << "at t = " << t;
    }
    // held a quarter turn on: the edge that hung down now points along -z or +z
    const glm::vec3 bottom = sim.world().cloth.positions[held.vertices.front()];
    const glm::vec3 top = sim.world().cloth.positions[held.vertices.back()];
    EXPECT_LT(std::abs(bottom.y - top.y), 1e-5f);
}

TEST(PinGroups, AnOpenPathStopsAtItsLastPointAndALoopComesBack) {
    PinGroup open = leftEdge();
    open.script.kind = ScriptKind::Path;
    open.script.path = {{0, 0, 0}, {0.2f, 0, 0}, {0.2f, 0.3f, 0}};  // 0.5 m long
    open.script.speed = 0.5f;                                        // so 1 s to the end
    open.script.loop = false;
    PinGroup loop = open;
    loop.script.loop = true;
    loop.uvMin = loop.uvMax = {1.0f, 0.0f};  // the bottom right corner
    loop.uvMax.y = 1.0f;
    Simulation sim = Simulation(makeWorld(clothOf(16), {}, {open, loop}));
    for (int step = 0; step < 90; ++step) sim.step();  // 1.5 s: past the end by 0.25 m
    const World& w = sim.world();
    EXPECT_LT(worstMiss(w, w.pinGroups[0], [](glm::vec3 a) { return a + glm::vec3(0.2f, 0.3f, 0.0f); }), 1e-6f);
    // the loop runs on, back along the closing segment from (0.2, 0.3) towards the start:
    // 0.25 m along it of 0.36 m
    const glm::vec3 closing = glm::vec3(0.0f) - glm::vec3(0.2f, 0.3f, 0.0f);
    const glm::vec3 along = glm::vec3(0.2f, 0.3f, 0.0f) + closing * (0.25f / glm::length(closing));
    EXPECT_LT(worstMiss(w, w.pinGroups[1], [&](glm::vec3 a) { return a + along; }), 1e-5f);
}

TEST(PinGroups, ReleasedVerticesFallFreely) {
    PinGroup all;  // the whole cloth, held still, then let go
    all.uvMin = {0.0f, 0.0f};
    all.uvMax = {1.0f, 1.0f};
    all.release = 0.5f;
    Settings s = clothOf(8);
    Simulation sim = Simulation(makeWorld(s, {}, {all}));
    const float y0 = sim.world().cloth.positions[0].y;
    for (int step = 0; step < 30; ++step) sim.step();
    EXPECT_EQ(sim.world().cloth.positions[0].y, y0) << "held until the release";
    EXPECT_TRUE(sim.world().pinGroups[0].holding);
    for (int step = 0; step < 30; ++step) sim.step();
    EXPECT_FALSE(sim.world().pinGroups[0].holding);
    for (std::size_t i = 0; i < sim.world().cloth.particleCount(); ++i)
        ASSERT_GT(sim.world().cloth.inverseMasses[i], 0.0f) << "particle " << i << " got its mass back";
    // 0.5 s of free fall: 1.226 m at g = 9.81; integrators differ by a step's worth
    const float fall = y0 - sim.world().cloth.positions[0].y;
    const float expected = 0.5f * -s.sim.gravity.y * 0.25f;
    EXPECT_NEAR(fall, expected, 0.05f * expected);
}

TEST(PinGroups, TheRectangleHoldsTheSamePartOfTheClothAtEveryResolution) {
    PinGroup g;
    g.uvMin = {0.0f, 0.5f};
    g.uvMax = {0.25f, 1.0f};
    for (int n : {16, 48}) {
        Simulation sim = Simulation(makeWorld(clothOf(n), {}, {g}));
        const World& w = sim.world();
        const PinGroup& held = w.pinGroups[0];
        // grid columns i / (n - 1) <= 0.25, rows j / (n - 1) >= 0.5
        const std::size_t columns = static_cast<std::size_t>(std::floor(0.25 * (n - 1))) + 1;
        const std::size_t rows = static_cast<std::size_t>(n) - static_cast<std::size_t>(std::ceil(0.5 * (n - 1)));
        EXPECT_EQ(held.vertices.size(), columns * rows) << n;
        for (std::size_t i = 0; i < w.cloth.particleCount(); ++i) {
            const bool in = inPinRectangle(held, w.cloth.restUV[i]);
            const bool heldNow = w.cloth.inverseMasses[i] == 0.0f;
            EXPECT_EQ(in, heldNow) << "particle " << i << " at " << n << "²";
        }
    }
}

TEST(PinGroups, ATimeTravelBackBeforeTheReleaseTakesHoldAgain) {
    PinGroup all;
    all.uvMin = {0.0f, 0.0f};
    all.uvMax = {1.0f, 0.0f};
    all.release = 0.25f;
    Simulation sim = Simulation(makeWorld(clothOf(8), {}, {all}));
    for (int step = 0; step < 30; ++step) sim.step();
    ASSERT_FALSE(sim.world().pinGroups[0].holding);
    sim.world().time = 0.1;  // as a restore of a recorded state puts the clock back
    sim.step();
    EXPECT_TRUE(sim.world().pinGroups[0].holding);
    for (std::uint32_t i : sim.world().pinGroups[0].vertices) EXPECT_EQ(sim.world().cloth.inverseMasses[i], 0.0f);
}

TEST(PinGroups, ScriptsOfCollidersKeepTheirClockToo) {
    Collider c = makeSphere({0.0f, 0.0f, 0.0f}, 0.1f);
    c.motion = MotionKind::Kinematic;
    c.script.kind = ScriptKind::Oscillate;
    c.script.axis = {1.0f, 0.0f, 0.0f};
    c.script.amplitude = 0.5f;
    c.script.frequency = 1.0f;
    EXPECT_EQ(scriptedPose(c, 0.25).position.x, 0.5f) << "no start, no duration: as before";
    c.script.start = 1.0f;
    c.script.duration = 0.25f;
    EXPECT_EQ(scriptedPose(c, 0.9).position.x, 0.0f) << "waits at its first pose";
    EXPECT_EQ(scriptedPose(c, 1.25).position.x, 0.5f);
    EXPECT_EQ(scriptedPose(c, 7.0).position.x, 0.5f) << "holds its last pose";
}

} // namespace
} // namespace cs
