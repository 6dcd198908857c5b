// Tearing: a strong pull tears the cloth, a weak one does not, and after every
// step no link that is still there is longer than the cut length allows.
#include "../support/sim_fixture.hpp"
#include "sim/grab.hpp"
#include "sim/topology.hpp"

#include <gtest/gtest.h>

namespace cs::test {
namespace {

constexpr float kCutLength = 1.4f;

Settings hangingWithTearing(const std::string& solver) {
    return settingsWith([&](Settings& s) {
        s.cloth.resolution = {20, 20};
        s.cloth.spacing = 0.05f;
        s.cloth.pins = PinPreset::TopRow;
        s.cloth.origin = {0.0f, 2.0f, 0.0f};
        s.solver.id = solver;
        const SolverInfo& info = solverInfo(solver);
        const bool positionBased = info.family == SolverFamily::PositionBased;
        s.solver.substeps = positionBased ? 20 : (implicitMethod(info) ? 8 : 80);
        s.springs.stretchStiffness = 400.0f;
        s.springs.shearStiffness = 200.0f;
        s.springs.bendStiffness = 10.0f;
        s.collision.ground = false;
        s.tearing.enabled = true;
        s.tearing.maxStretch = kCutLength;
    });
}

// The longest stretch or shear link over its rest length.
float longestLinkRatio(const Cloth& cloth) {
    float longest = 0.0f;
    for (const Link& link : cloth.links)
        if (link.kind != LinkKind::Bend)
            longest = std::max(longest, glm::distance(cloth.positions[link.a], cloth.positions[link.b]) / link.restLength);
    return longest;
}

struct PullOutcome {
    std::uint64_t tornLinks;
    std::size_t pieces;
    float worstRatioAfterAStep;
};

// Holds the bottom-middle particle and drags it straight down by `distance`
// metres over one second, then holds it there for half a second.
PullOutcome pullDown(const std::string& solver, float distance) {
    Simulation sim = makeSimulation(hangingWithTearing(solver));
    simulate(sim, 0.5);  // let it hang first
    World& world = sim.world();
    const std::size_t particle = 19u * 20u + 10u;
    ParticleGrab grab;
    EXPECT_TRUE(grab.begin(world, particle));
    const glm::vec3 start = world.cloth.positions[particle];
    const float dt = world.settings.sim.dt;
    float worst = 0.0f;
    for (int step = 0; step < 90; ++step) {
        const float t = std::min(1.0f, static_cast<float>(step + 1) * dt);
        grab.setTarget(start - glm::vec3(0.0f, distance * t, 0.0f));
        grab.apply(world, dt);
        sim.step();
        worst = std::max(worst, longestLinkRatio(world.cloth));
        EXPECT_EQ(checkTopology(world.cloth), "") << "step " << step;
    }
    return {world.cloth.tornLinks, findPieces(world.cloth).count, worst};
}

class Tearing : public ::testing::TestWithParam<std::string> {};

TEST_P(Tearing, AStrongPullTearsAndNoLinkStaysLongerThanTheCutLength) {
    const PullOutcome strong = pullDown(GetParam(), 1.2f);
    EXPECT_GT(strong.tornLinks, 3u);
    EXPECT_LE(strong.worstRatioAfterAStep, kCutLength * (1.0f + 1e-4f));
}

TEST_P(Tearing, AWeakPullDoesNotTear) {
    const PullOutcome weak = pullDown(GetParam(), 0.03f);
    EXPECT_EQ(weak.tornLinks, 0u);
    EXPECT_EQ(weak.pieces, 1u);
    EXPECT_LT(weak.worstRatioAfterAStep, kCutLength);
}

INSTANTIATE_TEST_SUITE_P(Solvers, Tearing, ::testing::Values("xpbd", "pbd", "implicit_euler", "verlet"),
                         [](const auto& p) { return p.param; });

TEST(TearingRule, OffByDefaultAndLive) {
    Settings settings = hangingWithTearing("xpbd");
    settings.tearing.enabled = false;
    Simulation sim = makeSimulation(settings);
    // the bottom-middle particle pinned 0.6 m below its place: the column from the
    // top row cannot reach it without stretching past the cut length
    Cloth& cloth = sim.world().cloth;
    const std::size_t bottom = 19u * 20u + 10u;
    cloth.setPinned(bottom, true);
    cloth.positions[bottom].y -= 0.6f;
    for (int i = 0; i < 10; ++i) sim.step();
    EXPECT_EQ(sim.world().cloth.tornLinks, 0u);
    EXPECT_GT(longestLinkRatio(sim.world().cloth), kCutLength);
    sim.world().settings.tearing.enabled = true;  // live: the next step tears
    sim.step();
    EXPECT_GT(sim.world().cloth.tornLinks, 0u);
    EXPECT_EQ(checkTopology(sim.world().cloth), "");
}

} // namespace
} // namespace cs::test
