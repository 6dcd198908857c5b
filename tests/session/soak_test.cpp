// The soak (--soak): random actions for 20 000 steps with three seeds must keep
// every invariant (the checker itself, checkInvariants, is tested with planted
// faults in tests/sim/topology_test.cpp).
#include "session/replay.hpp"
#include "session/soak.hpp"
#include "scene/scene.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

namespace cs {
namespace {

const std::string kSource = CLOTHSIM_SOURCE_DIR;

SoakOptions smallSoak(std::uint64_t seed, long long steps) {
    setProjectRoot(kSource);
    SoakOptions options;
    options.steps = steps;
    options.seed = seed;
    options.scenePath = kSource + "/scenes/hanging.toml";
    options.sceneFolder = kSource + "/scenes";
    options.overrides = {"cloth.resolution=[12,12]"};
    options.workCap = 4;
    return options;
}

class SoakSeed : public ::testing::TestWithParam<std::uint64_t> {};

TEST_P(SoakSeed, TwentyThousandStepsKeepEveryInvariant) {
    const SoakReport report = runSoak(smallSoak(GetParam(), 20'000));
    ASSERT_EQ(report.error, "");
    EXPECT_EQ(report.steps, 20'000);
    EXPECT_EQ(report.invariantFailures, 0) << report.firstFailure;
    // it did what a soak should: many actions of every kind, and scenes to switch among
    EXPECT_GT(report.scenes, 10u);
    for (const char* kind : {"set", "scene", "cut", "grab", "drag", "release", "pin", "reset"})
        EXPECT_GT(report.actions.count(kind) ? report.actions.at(kind) : 0, 0) << kind;
    EXPECT_GT(report.maxRssKb, 0);
    EXPECT_LE(report.maxRssKb, report.warmRssKb + kSoakRssGrowthLimitKb);
}

INSTANTIATE_TEST_SUITE_P(Seeds, SoakSeed, ::testing::Values(1u, 2u, 3u));

TEST(Soak, SameSeedSameRunOtherSeedOtherRun) {
    const SoakReport a = runSoak(smallSoak(7, 1500));
    const SoakReport b = runSoak(smallSoak(7, 1500));
    const SoakReport c = runSoak(smallSoak(8, 1500));
    EXPECT_EQ(a.finalHash, b.finalHash);
    EXPECT_EQ(a.actions, b.actions);
    EXPECT_NE(a.finalHash, c.finalHash);
}

} // namespace
} // namespace cs
