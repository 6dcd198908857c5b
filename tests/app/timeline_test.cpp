// The loop's side of time travel, without a window: the arrow keys scrub and
// pause, stepping on from a scrubbed frame rewrites the future, a cut while
// scrubbed becomes the newest frame, a reset forgets the old cloth's past.
#include "app/app_context.hpp"
#include "sim/topology_edit.hpp"

#include <gtest/gtest.h>

namespace cs {
namespace {

const std::filesystem::path kSource = CLOTHSIM_SOURCE_DIR;

// One frame of the app's loop as far as time travel sees it: requests, at most one
// physics step (none while paused, unless N), then the recording.
void frame(AppContext& ctx) {
    handleTimeTravelRequests(ctx);
    const bool step = !ctx.paused || ctx.stepRequested;
    if (step) ctx.sim->step();
    ctx.stepRequested = false;
    ctx.stats.stepsLastFrame = step ? 1 : 0;
    recordHistoryFrame(ctx);
}

void openSmallCloth(AppContext& ctx) {
    ASSERT_TRUE(openScene(ctx, kSource / "scenes/hanging.toml", {"cloth.resolution=[8,8]"})) << ctx.sceneError;
}

TEST(Timeline, ArrowKeysScrubAndPauseThenRightStepsOnAtTheNewestFrame) {
    AppContext ctx;
    openSmallCloth(ctx);
    for (int i = 0; i < 10; ++i) frame(ctx);
    const StateHistory& history = ctx.timeTravel.history;
    ASSERT_EQ(history.size(), 10u);
    EXPECT_EQ(history.capacity(), 600u) << "10 s at 60 frames a second, the default";
    EXPECT_EQ(ctx.sim->world().steps, 10u);

    ctx.historyStepRequested = -3;  // three presses of Left
    frame(ctx);
    EXPECT_TRUE(ctx.paused);
    EXPECT_EQ(history.cursor(), std::optional<std::size_t>(6));
    EXPECT_EQ(ctx.sim->world().steps, 7u) << "the world shows the frame of step 7";
    frame(ctx);
    EXPECT_EQ(ctx.sim->world().steps, 7u) << "scrubbing pauses";

    ctx.historyStepRequested = +1;
    frame(ctx);
    EXPECT_EQ(ctx.sim->world().steps, 8u);
    EXPECT_EQ(history.size(), 10u) << "moving through the frames keeps them";
    ctx.historyStepRequested = +2;  // to the newest
    frame(ctx);
    EXPECT_EQ(ctx.sim->world().steps, 10u);
    EXPECT_EQ(ctx.sim->world().cloth.positions, history.at(9).positions);

    ctx.historyStepRequested = +1;  // past the newest: one physics step
    frame(ctx);
    EXPECT_EQ(ctx.sim->world().steps, 11u);
    EXPECT_EQ(history.size(), 11u);
    EXPECT_FALSE(history.scrubbing());
    EXPECT_TRUE(ctx.paused);
}

TEST(Timeline, ResumingFromAScrubbedFrameDiscardsTheFramesAfterIt) {
    AppContext ctx;
    openSmallCloth(ctx);
    for (int i = 0; i < 20; ++i) frame(ctx);
    const std::vector<glm::vec3> originalStep15 = ctx.timeTravel.history.at(14).positions;
    ctx.timeTravel.showRequested = 9;  // the slider, at step 10
    frame(ctx);
    ASSERT_EQ(ctx.sim->world().steps, 10u);

    ctx.timeTravel.resumeRequested = true;  // "resume from here"
    frame(ctx);
    EXPECT_FALSE(ctx.paused);
    const StateHistory& history = ctx.timeTravel.history;
    EXPECT_EQ(history.size(), 11u) << "steps 1..10 kept, then the step just taken";
    EXPECT_EQ(history.at(10).steps, 11u);
    for (int i = 0; i < 4; ++i) frame(ctx);
    EXPECT_EQ(ctx.sim->world().steps, 15u);
    EXPECT_EQ(ctx.sim->world().cloth.positions, originalStep15) << "XPBD steps on from a restored frame exactly";

    // P from a scrubbed frame does the same without the button
    ctx.timeTravel.showRequested = 4;
    frame(ctx);
    ctx.paused = false;
    frame(ctx);
    EXPECT_EQ(history.size(), 6u);
    EXPECT_FALSE(history.scrubbing());
}

TEST(Timeline, ACutWhileScrubbedBecomesTheNewestFrameAndTheOldClothStaysReachable) {
    AppContext ctx;
    openSmallCloth(ctx);
    for (int i = 0; i < 10; ++i) frame(ctx);
    const std::size_t uncut = ctx.sim->world().cloth.particleCount();
    ctx.historyStepRequested = -5;
    frame(ctx);
    ASSERT_EQ(ctx.timeTravel.history.cursor(), std::optional<std::size_t>(4));

    ASSERT_TRUE(cutAlongRestSegment(ctx.sim->world().cloth, {0.0f, 0.5f}, {1.0f, 0.5f}).changed());
    ctx.sim->topologyEdited();
    frame(ctx);  // paused: no step, but the edited cloth is recorded over the future
    const StateHistory& history = ctx.timeTravel.history;
    EXPECT_FALSE(history.scrubbing());
    ASSERT_EQ(history.size(), 6u);
    EXPECT_GT(history.at(5).positions.size(), uncut);
    EXPECT_EQ(history.at(5).steps, 5u);

    ctx.historyStepRequested = -1;
    EXPECT_TRUE(handleTimeTravelRequests(ctx)) << "the uncut cloth comes back: the renderer must upload it";
    EXPECT_EQ(ctx.sim->world().cloth.particleCount(), uncut);
}

TEST(Timeline, AResetOrAnotherSceneForgetsThePastAndZeroSecondsTurnsItOff) {
    AppContext ctx;
    openSmallCloth(ctx);
    for (int i = 0; i < 5; ++i) frame(ctx);
    ctx.sim->reset();
    frame(ctx);
    EXPECT_EQ(ctx.timeTravel.history.size(), 1u) << "only the frame after the reset";
    EXPECT_EQ(ctx.timeTravel.history.at(0).steps, 1u);

    openSmallCloth(ctx);
    ctx.historyStepRequested = -1;
    frame(ctx);
    EXPECT_FALSE(ctx.timeTravel.history.scrubbing()) << "nothing of the old scene to go back to";

    ctx.sim->world().settings.sim.historySeconds = 0.0f;
    ctx.paused = false;
    for (int i = 0; i < 3; ++i) frame(ctx);
    EXPECT_EQ(ctx.timeTravel.history.capacity(), 0u);
    EXPECT_TRUE(ctx.timeTravel.history.empty());
    ctx.historyStepRequested = -1;
    const std::uint64_t steps = ctx.sim->world().steps;
    frame(ctx);
    EXPECT_EQ(ctx.sim->world().steps, steps) << "Left pauses, with nothing to go back to";
}

} // namespace
} // namespace cs
