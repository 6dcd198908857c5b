// Bounded depenetration (collision.max_depenetration_speed), for every solver: a
// cloth that starts deep inside a box climbs out no faster than the cap, then rests
// on the box; contact made during a step (a cloth landing) is still resolved at once.
#include "../support/sim_fixture.hpp"

#include "sim/collision/colliders.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace cs::test {
namespace {

constexpr float kBoxTop = 0.5f;  // metres: the box's top face; the cloth starts at y = 0, 0.5 m inside

Settings clothInsideBox(const std::string& id) {
    return settingsWith([&](Settings& s) {
        s.solver.id = id;
        tuneForSprings(s);
        s.cloth.resolution = {8, 8};
        s.cloth.spacing = 0.05f;
        s.cloth.orientation = Orientation::Horizontal;
        s.cloth.origin = {0.0f, 0.0f, 0.0f};
        s.cloth.pins = PinPreset::None;
        s.collision.ground = false;
        s.collision.thickness = 0.01f;
        s.collision.maxDepenetrationSpeed = 2.0f;
    });
}

// 3 m wide, 1.5 m tall, top at kBoxTop: for the cloth at y = 0 the top face is the
// nearest way out (0.5 m; the bottom 1 m, the sides 1.3 m).
Collider bigBox() { return makeBox({0.0f, kBoxTop - 0.75f, 0.0f}, {1.5f, 0.75f, 1.5f}); }

class Depenetration : public ::testing::TestWithParam<std::string> {};

TEST_P(Depenetration, AClothDeepInABoxClimbsOutAtTheCappedSpeedAndRestsOnIt) {
    const Settings s = clothInsideBox(GetParam());
    Simulation sim = makeSimulation(s, {bigBox()});
    const float dt = s.sim.dt;
    const float maxRise = s.collision.maxDepenetrationSpeed * dt;  // metres per step
    const Cloth& cloth = sim.world().cloth;
    std::vector<float> before(cloth.particleCount());
    float fastestRise = 0.0f;
    int stepsInside = 0;
    for (int step = 0; step < 120; ++step) {  // 2 s; the climb takes 0.25 s
        for (std::size_t i = 0; i < cloth.particleCount(); ++i) before[i] = cloth.positions[i].y;
        const bool inside = *std::min_element(before.begin(), before.end()) < kBoxTop;
        sim.step();
        if (!inside) continue;
        ++stepsInside;
        for (std::size_t i = 0; i < cloth.particleCount(); ++i)
            fastestRise = std::max(fastestRise, cloth.positions[i].y - before[i]);
    }
    EXPECT_EQ(sim.recoveries(), 0) << sim.lastRecoveryMessage();
    EXPECT_LE(fastestRise, maxRise * 1.001f + 1e-6f) << "faster than " << s.collision.maxDepenetrationSpeed << " m/s";
    EXPECT_GE(fastestRise, 0.9f * maxRise) << "it climbs at the cap";
    // 0.5 m + the thickness at 2 m/s: 0.255 s, 16 steps; the last one part-way
    EXPECT_GE(stepsInside, 15);
    EXPECT_LE(stepsInside, 17);
    // resting on the top face, at the contact thickness
    for (const glm::vec3& x : cloth.positions) {
        EXPECT_GE(x.y, kBoxTop + s.collision.thickness - 2e-3f);
        EXPECT_LE(x.y, kBoxTop + s.collision.thickness + 0.02f) << "it popped off the box";
    }
    EXPECT_LT(measureCloth(sim.world()).kineticEnergy, 1e-4) << "it rests";
}

TEST_P(Depenetration, ALandingIsStillResolvedAtOnce) {
    // dropped from 1.2 m above the top it lands at 4.9 m/s, far faster than a 0.1 m/s
    // cap: the landing's penetration is the step's own, pushed out in full, so it never
    // sinks below the contact thickness (a capped landing sinks centimetres)
    Settings s = clothInsideBox(GetParam());
    s.cloth.origin = {0.0f, kBoxTop + 1.2f, 0.0f};
    s.collision.maxDepenetrationSpeed = 0.1f;
    Simulation sim = makeSimulation(s, {bigBox()});
    float lowest = 1e9f;
    for (int step = 0; step < 90; ++step) {
        sim.step();
        for (const glm::vec3& x : sim.world().cloth.positions) lowest = std::min(lowest, x.y);
    }
    EXPECT_GE(lowest, kBoxTop + s.collision.thickness - 1e-3f) << "it sank into the box";
    EXPECT_EQ(sim.recoveries(), 0) << sim.lastRecoveryMessage();
}

std::string name(const ::testing::TestParamInfo<std::string>& info) { return info.param; }
INSTANTIATE_TEST_SUITE_P(AllSolvers, Depenetration, ::testing::ValuesIn(registeredSolverIds()), name);

} // namespace
} // namespace cs::test
