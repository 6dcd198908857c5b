// Tearing: a strong pull tears the cloth, a weak one does not, and after every
// step no link that is still there is longer than the cut length allows (link
// tearing); across the pull, the triangles at the held particle stay near it.
#include "../support/sim_fixture.hpp"
#include "sim/crack_tearing.hpp"
#include "sim/grab.hpp"
#include "sim/tearing.hpp"
#include "sim/topology.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <vector>

namespace cs::test {
namespace {

constexpr float kCutLength = 1.4f;

Settings hangingWithTearing(const std::string& solver, bool acrossTriangles = false) {
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
        s.tearing.splitsTriangles = acrossTriangles;
    });
}

// The largest principal stretch of any triangle (1: at rest), or of those at `particle`.
float largestTriangleStretch(const Cloth& cloth, std::uint32_t particle = ~0u) {
    float largest = 1.0f;
    for (const glm::uvec3& t : cloth.triangles) {
        if (particle != ~0u && t.x != particle && t.y != particle && t.z != particle) continue;
        const auto& r = cloth.restPositions;
        const auto& x = cloth.positions;
        const RestFrame frame = restFrameOf(r[t.x], r[t.y], r[t.z]);
        largest = std::max(largest, principalStretch(frame, x[t.x], x[t.y], x[t.z]).stretch);
    }
    return largest;
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
    float worstRatioAfterAStep;    // link tearing: the longest link over its rest length
    float worstStretchAfterAStep;  // tearing across the pull: the largest triangle stretch
    float worstStretchAtTheGrab;   // the same among the triangles at the held particle
    bool allMassesPositive;        // every particle's mass, at the end
};

// Holds the bottom-middle particle and drags it straight down by `distance`
// metres over one second, then holds it there for half a second.
PullOutcome pullDown(const std::string& solver, float distance, bool acrossTriangles = false) {
    Simulation sim = makeSimulation(hangingWithTearing(solver, acrossTriangles));
    simulate(sim, 0.5);  // let it hang first
    World& world = sim.world();
    const std::size_t particle = 19u * 20u + 10u;
    ParticleGrab grab;
    EXPECT_TRUE(grab.begin(world, particle));
    const glm::vec3 start = world.cloth.positions[particle];
    const float dt = world.settings.sim.dt;
    float worst = 0.0f, worstStretch = 1.0f, worstAtGrab = 1.0f;
    for (int step = 0; step < 90; ++step) {
        const float t = std::min(1.0f, static_cast<float>(step + 1) * dt);
        grab.setTarget(start - glm::vec3(0.0f, distance * t, 0.0f));
        grab.apply(world, dt);
        sim.step();
        EXPECT_TRUE(grab.holding(world)) << "step " << step << ": the drag goes on through the tears";
        worst = std::max(worst, longestLinkRatio(world.cloth));
        worstStretch = std::max(worstStretch, largestTriangleStretch(world.cloth));
        worstAtGrab = std::max(worstAtGrab, largestTriangleStretch(world.cloth, static_cast<std::uint32_t>(particle)));
        EXPECT_EQ(checkTopology(world.cloth), "") << "step " << step;
    }
    const std::vector<float>& masses = world.cloth.masses;
    const bool massive = std::all_of(masses.begin(), masses.end(), [](float m) { return m > 0.0f; });
    return {world.cloth.tornLinks, findPieces(world.cloth).count, worst, worstStretch, worstAtGrab, massive};
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

// Tearing across the pull under the same drag: it tears beside the held particle, the
// mesh stays valid after every step (pullDown checks), and every particle the cracks
// made has a mass. The crack starts through a free corner inside once a triangle at the
// held particle is past the cut length. Unlike link tearing, triangles may then stay
// past it for a few steps: small flaps along the crack, whose corners all lie on a
// crack's faces where no crack starts, are whipped past it (the largest is printed).
TEST_P(Tearing, AcrossThePullAStrongPullTears) {
    const PullOutcome strong = pullDown(GetParam(), 1.2f, true);
    EXPECT_GT(strong.tornLinks, 3u);
    EXPECT_TRUE(strong.allMassesPositive);
    // the crack starts beside the mouse within a step of a triangle there passing the cut
    // length. Measured: 1.41-1.60 (pbd, implicit_euler, verlet 1.41-1.43; xpbd 1.60 with
    // the links updated where a tear was, 1.50-1.57 with them all derived again in seven
    // colour orders: the sweep's order moves it by a few hundredths); without the rule
    // that lets a crack start there, 1.62-1.89 (implicit_euler 1.62, xpbd 1.89)
    EXPECT_LE(strong.worstStretchAtTheGrab, 1.15f * kCutLength);
    std::cout << GetParam() << ": largest triangle stretch after a step " << strong.worstStretchAfterAStep
              << ", at the held particle " << strong.worstStretchAtTheGrab << "\n";
}

TEST_P(Tearing, AcrossThePullAWeakPullDoesNotTear) {
    const PullOutcome weak = pullDown(GetParam(), 0.03f, true);
    EXPECT_EQ(weak.tornLinks, 0u);
    EXPECT_EQ(weak.pieces, 1u);
    EXPECT_LT(weak.worstStretchAfterAStep, kCutLength);
}

INSTANTIATE_TEST_SUITE_P(Solvers, Tearing, ::testing::Values("xpbd", "pbd", "implicit_euler", "verlet"),
                         [](const auto& p) { return p.param; });

// The bottom row's middle particle pinned 0.6 m below where it hung, then 10 steps.
Simulation pulledDown(const Settings& settings) {
    Simulation sim = makeSimulation(settings);
    Cloth& cloth = sim.world().cloth;
    const std::size_t bottom = 19u * 20u + 10u;
    cloth.setPinned(bottom, true);
    cloth.positions[bottom].y -= 0.6f;
    for (int i = 0; i < 10; ++i) sim.step();
    return sim;
}

// The hanging cloth with tearing off, pulled down: the column from the top row cannot
// reach the pinned particle without stretching past the cut length.
Simulation stretchedPastTheCutLength() {
    Settings settings = hangingWithTearing("xpbd");
    settings.tearing.enabled = false;
    return pulledDown(settings);
}

TEST(TearingRule, OffByDefaultAndLive) {
    Simulation sim = stretchedPastTheCutLength();
    EXPECT_EQ(sim.world().cloth.tornLinks, 0u);
    EXPECT_GT(longestLinkRatio(sim.world().cloth), kCutLength);
    sim.world().settings.tearing.enabled = true;  // live: the next step tears
    sim.step();
    EXPECT_GT(sim.world().cloth.tornLinks, 0u);
    EXPECT_EQ(checkTopology(sim.world().cloth), "");
}

// Under self-contact, tearing leaves the spring-back to the next step (only a solver's
// step keeps to the contact's bounds): a tear then moves no particle, and every copy it
// made is where its original is. Without self-contact the torn edge springs back.
TEST(TearingRule, WithoutSpringBackATearMovesNoParticle) {
    Simulation sim = stretchedPastTheCutLength();
    const Cloth& stretched = sim.world().cloth;
    ASSERT_GT(longestLinkRatio(stretched), kCutLength);
    const std::size_t before = stretched.particleCount();

    for (const bool springBack : {false, true}) {
        Cloth cloth = stretched;
        const TearResult torn = cs::Tearing().apply(cloth, kCutLength, springBack);
        ASSERT_GT(torn.particlesAdded, 0u);
        ASSERT_EQ(cloth.particleCount(), before + torn.particlesAdded);
        EXPECT_EQ(checkTopology(cloth), "");
        float moved = 0.0f;  // metres, the farthest a particle went
        for (std::size_t i = 0; i < before; ++i)
            moved = std::max(moved, glm::distance(cloth.positions[i], stretched.positions[i]));
        for (std::size_t copy = before; copy < cloth.particleCount(); ++copy) {
            float toOriginal = 1e9f;  // the original: the particle with the copy's rest position
            for (std::size_t i = 0; i < before; ++i)
                if (stretched.restPositions[i] == cloth.restPositions[copy])
                    toOriginal = std::min(toOriginal, glm::distance(cloth.positions[copy], stretched.positions[i]));
            moved = std::max(moved, toOriginal);
        }
        if (springBack) {
            EXPECT_GT(moved, 1e-3f) << "the torn edge springs back";
        } else {
            EXPECT_EQ(moved, 0.0f) << "no spring-back, yet a particle moved";
            EXPECT_GT(longestLinkRatio(cloth), kCutLength) << "the links left long stay long for the solver";
        }
    }
}

// A GPU solver has no self-contact, nor does its CPU twin when it stands in for it (no GL
// here), so its tears spring back whatever collision.self_collision says: the two runs
// below are the same run. (When the rule read the setting alone, the twin with self-contact
// "on" kept its torn links long, and the runs parted at the first tear.)
TEST(TearingRule, AGpuSolversTwinSpringsBackWithSelfCollisionOn) {
    std::vector<glm::vec3> end[2];
    std::size_t torn[2] = {0, 0};
    for (const bool selfCollision : {false, true}) {
        Settings settings = hangingWithTearing("xpbd_gpu");
        settings.collision.selfCollision = selfCollision;
        const Simulation sim = pulledDown(settings);
        end[selfCollision] = sim.world().cloth.positions;
        torn[selfCollision] = sim.world().cloth.tornLinks;
    }
    ASSERT_GT(torn[0], 0u) << "the pull tears";
    EXPECT_EQ(torn[1], torn[0]);
    ASSERT_EQ(end[1].size(), end[0].size());
    float apart = 0.0f;  // metres, the most a particle of one run is from the other's
    for (std::size_t i = 0; i < end[0].size(); ++i) apart = std::max(apart, glm::distance(end[1][i], end[0][i]));
    EXPECT_EQ(apart, 0.0f) << "the twin tore as it does without self-contact";
}

// A span link (the grid's second diagonal) over the threshold breaks on its own and
// is dropped, and nothing else tears: at rest, with the rest length of every fifth
// second diagonal (and of its link) shortened by a fifth, exactly those go.
TEST(TearingRule, AnOverstretchedSpanLinkBreaksOnItsOwn) {
    Settings s = settingsWith([](Settings& x) {
        x.cloth.resolution = {10, 10};
        x.cloth.spacing = 0.05f;
        x.cloth.linkLevel = 2;  // second diagonals: span links
    });
    Cloth cloth = buildGridCloth(s.cloth);
    std::vector<EdgeKey> shortened;
    for (std::size_t k = 0; k < cloth.spanLinks.size(); ++k) {
        SpanLink& span = cloth.spanLinks[k];
        if (span.kind != LinkKind::Shear || k % 5 != 0) continue;
        const EdgeKey ends = edgeKey(spanEndA(cloth, span), spanEndB(cloth, span));
        for (Link& l : cloth.links)
            if (l.kind == span.kind && edgeKey(l.a, l.b) == ends) l.restLength *= 0.8f;
        span.restLength *= 0.8f;
        shortened.push_back(ends);
    }
    ASSERT_GT(shortened.size(), 10u);
    const std::size_t spansBefore = cloth.spanLinks.size(), particlesBefore = cloth.particleCount();
    const TearResult torn = cs::Tearing().apply(cloth, 1.1f, false);
    EXPECT_EQ(torn.linksTorn, shortened.size());
    EXPECT_EQ(cloth.spanLinks.size(), spansBefore - shortened.size());
    EXPECT_EQ(cloth.particleCount(), particlesBefore);
    for (const SpanLink& span : cloth.spanLinks) {
        const EdgeKey ends = edgeKey(spanEndA(cloth, span), spanEndB(cloth, span));
        EXPECT_EQ(std::count(shortened.begin(), shortened.end(), ends), 0) << ends.a << "-" << ends.b;
    }
    EXPECT_EQ(checkTopology(cloth), "");
}
} // namespace
} // namespace cs::test
