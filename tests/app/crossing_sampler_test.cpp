// The stats panel's crossing count and the contacts view's marks (issue 27): which
// triangles are marked, the colour each gets, and the sampler's cadence (every 10th
// frame), largest count and reset.
#include "app/crossing_sampler.hpp"
#include "sim/collision/crossing_count.hpp"
#include "sim/debug_draw.hpp"
#include "support/crossing_fixture.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace cs::test {
namespace {

TEST(CrossingMarks, MarkExactlyTheTwoTrianglesOfTheCrossingPair) {
    const Cloth cloth = crossingPairCloth();
    CrossingCounter counter;
    std::vector<std::uint8_t> marks(cloth.triangles.size(), 7);  // stale values are overwritten
    EXPECT_EQ(counter.markCrossingTriangles(cloth, marks), 1u);
    std::vector<std::uint8_t> expected(4, 0);
    expected[kCrossingA] = expected[kCrossingB] = 1;
    EXPECT_EQ(marks, expected);
    EXPECT_EQ(counter.count(cloth, 1), 1u);  // the same count as the stats'
}

TEST(CrossingMarks, NoCrossingMarksNothing) {
    const Cloth cloth = crossingPairCloth(0.4f);
    CrossingCounter counter;
    std::vector<std::uint8_t> marks(cloth.triangles.size(), 1);
    EXPECT_EQ(counter.markCrossingTriangles(cloth, marks), 0u);
    EXPECT_EQ(marks, std::vector<std::uint8_t>(4, 0));
}

TEST(CrossingMarks, ViewColoursAreMagentaForACrossingAndGreyOtherwise) {
    EXPECT_EQ(crossingViewColor(true), glm::vec3(1.0f, 0.0f, 1.0f));
    const glm::vec3 grey = crossingViewColor(false);
    EXPECT_EQ(grey.x, grey.y);
    EXPECT_EQ(grey.y, grey.z);
    EXPECT_GT(grey.x, 0.2f);  // visible when lit
    EXPECT_LT(grey.x, 0.8f);
}

// Runs `frames` frames; returns on which of them the sampler counted (0 = the first).
std::vector<int> countedFrames(CrossingSampler& sampler, const Cloth& cloth, int frames, bool mark = false) {
    std::vector<int> counted;
    for (int f = 0; f < frames; ++f)
        if (sampler.frame(cloth, 1, mark)) counted.push_back(f);
    return counted;
}

TEST(CrossingSampler, CountsOnTheFirstFrameAndEveryTenthAfter) {
    const Cloth cloth = crossingPairCloth();
    CrossingSampler sampler;
    EXPECT_FALSE(sampler.counted());
    EXPECT_EQ(countedFrames(sampler, cloth, 25), (std::vector<int>{0, 10, 20}));
    EXPECT_TRUE(sampler.counted());
    EXPECT_EQ(sampler.current(), 1u);
    EXPECT_EQ(sampler.history().count, 3u);  // one value per count
    EXPECT_EQ(sampler.history().latest(), 1.0f);
    EXPECT_GE(sampler.lastMs(), 0.0f);
    EXPECT_TRUE(sampler.triangleMarks().empty());  // the view is off: nothing marked
}

TEST(CrossingSampler, KeepsTheLargestCountAndMarksOnlyWhileTheViewIsOn) {
    const Cloth crossing = crossingPairCloth(), clear = crossingPairCloth(0.4f);
    CrossingSampler sampler;
    countedFrames(sampler, crossing, 10, /*mark=*/true);
    ASSERT_EQ(sampler.triangleMarks().size(), 4u);
    EXPECT_EQ(sampler.triangleMarks()[kCrossingA], 1);
    EXPECT_EQ(sampler.triangleMarks()[kClearC], 0);
    countedFrames(sampler, clear, 10, /*mark=*/true);
    EXPECT_EQ(sampler.current(), 0u);
    EXPECT_EQ(sampler.largest(), 1u);
    EXPECT_EQ(sampler.triangleMarks()[kCrossingA], 0);
    countedFrames(sampler, clear, 10, /*mark=*/false);
    EXPECT_TRUE(sampler.triangleMarks().empty());
    EXPECT_EQ(sampler.largest(), 1u);
    EXPECT_EQ(sampler.history().count, 3u);
}

TEST(CrossingSampler, ResetForgetsTheCountsAndKeepsTheCadence) {
    const Cloth cloth = crossingPairCloth();
    CrossingSampler sampler;
    countedFrames(sampler, cloth, 4, /*mark=*/true);  // counted on frame 0
    ASSERT_EQ(sampler.largest(), 1u);
    sampler.reset();
    EXPECT_FALSE(sampler.counted());
    EXPECT_EQ(sampler.current(), 0u);
    EXPECT_EQ(sampler.largest(), 0u);
    EXPECT_EQ(sampler.history().count, 0u);
    EXPECT_TRUE(sampler.triangleMarks().empty());
    // frames 4..9 go by uncounted; frame 10 counts, as without the reset
    EXPECT_EQ(countedFrames(sampler, cloth, 7), (std::vector<int>{6}));
    EXPECT_EQ(sampler.largest(), 1u);
}

} // namespace
} // namespace cs::test
