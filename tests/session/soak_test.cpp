// The soak (--soak): random actions for 20 000 steps with three seeds must keep
// every invariant (the checker itself, checkInvariants, is tested with planted
// faults in tests/sim/topology_test.cpp).
#include "../support/soak_fixture.hpp"
#include "session/replay.hpp"
#include "session/soak.hpp"
#include "scene/scene.hpp"

#include "sim/params.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <sstream>

namespace cs {
namespace {

const std::string kSource = CLOTHSIM_SOURCE_DIR;

class SoakSeed : public ::testing::TestWithParam<std::uint64_t> {};

TEST_P(SoakSeed, TwentyThousandStepsKeepEveryInvariant) {
    const SoakReport report = runSoak(test::smallSoak(GetParam(), 20'000));
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

// The work cap holds the rows whose cost grows with them: integers at the cap, the
// self-contact radii at the cap times their default (0.2 m of query radius makes every
// pair of a small cloth a candidate); without a cap the whole range is drawn.
TEST(Soak, TheWorkCapHoldsSubstepsAndTheContactRadii) {
    struct Row {
        const char* key;
        double capped;  // the largest value under a cap of 4
    };
    for (const Row& row : {Row{"solver.substeps", 4.0}, Row{"collision.self_query_radius", 4 * 0.012},
                           Row{"collision.self_radius", 4 * 0.008}}) {
        const ParamDef* def = findParam(row.key);
        ASSERT_NE(def, nullptr) << row.key;
        double largestCapped = 0.0, largestFree = 0.0;
        for (const std::string& value : soakValues(*def, 4, 11, 2000)) largestCapped = std::max(largestCapped, std::stod(value));
        for (const std::string& value : soakValues(*def, 0, 11, 2000)) largestFree = std::max(largestFree, std::stod(value));
        EXPECT_LE(largestCapped, row.capped * (1.0 + 1e-6)) << row.key;
        EXPECT_GT(largestCapped, 0.7 * row.capped) << row.key << ": the capped range is still drawn";
        EXPECT_GT(largestFree, 2.0 * row.capped) << row.key;
    }
}

TEST(Soak, SameSeedSameRunOtherSeedOtherRun) {
    const SoakReport a = runSoak(test::smallSoak(7, 1500));
    const SoakReport b = runSoak(test::smallSoak(7, 1500));
    const SoakReport c = runSoak(test::smallSoak(8, 1500));
    EXPECT_EQ(a.finalHash, b.finalHash);
    EXPECT_EQ(a.actions, b.actions);
    EXPECT_NE(a.finalHash, c.finalHash);
}

// The summary as --soak prints it: valid JSON, its fields in the order they have always had.
TEST(SoakJson, ASmallSoakParsesWithEveryField) {
    const SoakReport report = runSoak(test::smallSoak(5, 300));
    ASSERT_EQ(report.error, "");
    nlohmann::ordered_json j;
    ASSERT_NO_THROW(j = nlohmann::ordered_json::parse(soakJson(report))) << soakJson(report);
    std::vector<std::string> keys;
    for (const auto& [key, value] : j.items()) keys.push_back(key);
    EXPECT_EQ(keys, (std::vector<std::string>{"steps", "actions", "actions_total", "skipped_actions", "scenes",
                                              "recoveries", "warm_rss_kb", "max_rss_kb", "rss_growth_limit_kb",
                                              "invariant_failures", "first_failure", "state_hash",
                                              "self_intersections_max", "self_intersections_final"}));
    EXPECT_EQ(j.at("steps"), 300);
    EXPECT_EQ(j.at("self_intersections_max"), report.selfIntersectionsMax);
    EXPECT_EQ(j.at("self_intersections_final"), report.selfIntersectionsFinal);
    EXPECT_LE(report.selfIntersectionsFinal, report.selfIntersectionsMax);
    long long total = 0;
    for (const auto& [kind, count] : report.actions) {
        EXPECT_EQ(j.at("actions").at(kind), count) << kind;
        total += count;
    }
    EXPECT_EQ(j.at("actions_total"), total);
    EXPECT_EQ(j.at("rss_growth_limit_kb"), kSoakRssGrowthLimitKb);
    EXPECT_EQ(j.at("invariant_failures"), 0);
    EXPECT_EQ(j.at("first_failure"), "");
    EXPECT_EQ(j.at("state_hash"), hashText(report.finalHash));
}

// A failure message quotes the action that broke the cloth, whatever text it held:
// quotes, backslashes, tabs, newlines and other control characters must come back
// as they went in, not break the JSON.
TEST(SoakJson, AFailureWithControlCharactersReadsBack) {
    SoakReport report;
    report.steps = 12;
    report.invariantFailures = 1;
    report.firstFailure = "step 12 after 12 set scene.name=\"a\\b\"\x01\x1f\ttab\nnewline: position 3 is nan";
    const std::string text = soakJson(report);
    nlohmann::json j;
    ASSERT_NO_THROW(j = nlohmann::json::parse(text)) << text;
    EXPECT_EQ(j.at("first_failure").get<std::string>(), report.firstFailure);
}

// The kinds are keys: escaped like any other text.
TEST(SoakJson, ActionKindsReadBackAsKeys) {
    SoakReport report;
    report.actions = {{"set", 3}, {"odd\"kind\\\x02", 1}};
    const std::string text = soakJson(report);
    nlohmann::json j;
    ASSERT_NO_THROW(j = nlohmann::json::parse(text)) << text;
    EXPECT_EQ(j.at("actions").at("odd\"kind\\\x02"), 1);
    EXPECT_EQ(j.at("actions_total"), 4);
}

} // namespace
} // namespace cs
