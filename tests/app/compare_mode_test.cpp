// Compare mode in the window, without a window (app/compare_mode.hpp): the app's own
// simulation and its companions, driven through the functions the loop, the panels and
// the mouse tools call. What the user does to the first copy reaches every copy; the
// solver's own settings stay each copy's.
#include "app/app_context.hpp"
#include "scene/scene.hpp"
#include "session/data_paths.hpp"
#include "sim/params.hpp"
#include "sim/picking.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace cs {
namespace {

const std::filesystem::path kSource = CLOTHSIM_SOURCE_DIR;
constexpr glm::vec2 kViewport{1280.0f, 800.0f};
constexpr std::size_t kSide = 10;  // particles along each side

class CompareWindow : public ::testing::Test {
protected:
    AppContext ctx;
    CameraView camera;

    void SetUp() override {
        setProjectRoot(kSource);  // where scenes/compare_<id>.toml are
        // self-contact off: what is checked here is what reaches the copies. With triangle
        // contact on, the ASan build's pbd copy moved the grabbed (kinematic) particle up to
        // 3 cm off its target as the dragged cloth folded (release: not at all), a contact
        // matter of its own (the session note of 2026-11-28 has the figures)
        ASSERT_TRUE(openScene(ctx, kSource / "scenes/hanging.toml",
                              {"cloth.resolution=[10,10]", "cloth.spacing=0.1", "wind.strength=0",
                               "collision.self_collision=false"}))
            << ctx.sceneError;
        CameraSettings c = world().settings.camera;  // the scene's lens, looking at the cloth along -z
        c.target = {0.0f, 1.9f, 0.0f};
        c.yaw = 0.0f;
        c.pitch = 0.0f;
        c.distance = 3.0f;
        camera = makeCameraView(c, kViewport.x / kViewport.y);
        ASSERT_EQ(startCompare(ctx, {"xpbd", "pbd", "vbd"}), "");
    }
    World& world() { return ctx.sim->world(); }
    World& companion(std::size_t k) { return ctx.compare.companions.copies()[k].player->simulation()->world(); }
    // the loop as far as the simulation sees it: the timeline's requests, one step, the history
    void frames(int count) {
        for (int f = 0; f < count; ++f) {
            handleTimeTravelRequests(ctx);
            stepSimulation(ctx);
            ctx.stats.stepsLastFrame = 1;
            recordHistoryFrame(ctx);
            recordCompareFrame(ctx);
        }
    }
    ToolContext atPixel(glm::vec2 pixel) {
        return {world(), camera, rayThroughPixel(camera.view, camera.projection, pixel, kViewport),
                false, false, pixel, kViewport, &ctx.inputs};
    }
    ToolContext at(glm::vec3 point) { return atPixel(*projectToPixel(camera.view, camera.projection, point, kViewport)); }
};

TEST_F(CompareWindow, EachCopyRunsItsMethodFromTheScenesStart) {
    ASSERT_TRUE(ctx.compare.active());
    ASSERT_EQ(ctx.compare.companions.copies().size(), 2u);
    EXPECT_EQ(world().settings.solver.id, "xpbd");
    EXPECT_EQ(companion(0).settings.solver.id, "pbd");
    EXPECT_EQ(companion(1).settings.solver.id, "vbd");
    // the scene's other settings, the window's --set included
    for (std::size_t k = 0; k < 2; ++k) {
        EXPECT_EQ(companion(k).cloth.particleCount(), kSide * kSide);
        EXPECT_EQ(companion(k).settings.wind.strength, 0.0f);
        EXPECT_EQ(companion(k).time, 0.0);
    }
    EXPECT_EQ(world().time, 0.0);
    frames(6);
    EXPECT_DOUBLE_EQ(companion(0).time, world().time) << "the copies step together";
    EXPECT_DOUBLE_EQ(companion(1).time, world().time);
}

TEST_F(CompareWindow, TheSameGrabReachesEveryCopy) {
    frames(5);
    const std::size_t middle = 5 * kSide + 5;
    const glm::vec3 p = world().cloth.positions[middle];
    ctx.tools.press(at(p));
    ASSERT_EQ(ctx.tools.grab.grab().particle(), middle);
    for (int f = 1; f <= 20; ++f) {
        ctx.tools.drag(at(p + glm::vec3(0.015f * static_cast<float>(f), 0.01f * static_cast<float>(f), 0.0f)));
        frames(1);
    }
    const glm::vec3 held = world().cloth.positions[middle];
    EXPECT_GT(glm::distance(held, p), 0.2f) << "the drag moved it";
    for (std::size_t k = 0; k < 2; ++k) {
        EXPECT_TRUE(ctx.compare.companions.copies()[k].player->holdingParticle()) << k;
        EXPECT_EQ(companion(k).cloth.restPositions[middle], world().cloth.restPositions[middle]);
        EXPECT_LT(glm::distance(companion(k).cloth.positions[middle], held), 1e-5f) << companion(k).settings.solver.id;
    }
    ctx.tools.release(at(held));
    frames(1);
    for (std::size_t k = 0; k < 2; ++k) EXPECT_FALSE(ctx.compare.companions.copies()[k].player->holdingParticle()) << k;
}

TEST_F(CompareWindow, ACutCutsEveryCopy) {
    frames(3);
    // a stroke across the whole window at the height of row 4
    glm::vec3 centre(0.0f);
    for (std::size_t i = 0; i < kSide; ++i) centre += world().cloth.positions[4 * kSide + i] / float(kSide);
    const float y = projectToPixel(camera.view, camera.projection, centre, kViewport)->y;
    const std::size_t trianglesBefore = world().cloth.triangles.size();
    const std::size_t particlesBefore = world().cloth.particleCount();
    ctx.tools.pressCut(atPixel({1.0f, y}));
    ctx.tools.drag(atPixel({0.5f * kViewport.x, y}));
    ctx.tools.release(atPixel({kViewport.x - 1.0f, y}));
    ASSERT_TRUE(commitToolEdits(ctx));
    frames(30);
    const TopologyStats first = measureTopology(world());
    EXPECT_GT(world().cloth.particleCount(), particlesBefore) << "the particles along the cut were split";
    EXPECT_EQ(first.pieces.size(), 2u);
    for (std::size_t k = 0; k < 2; ++k) {
        const TopologyStats cut = measureTopology(companion(k));
        EXPECT_EQ(cut.triangles, first.triangles) << k;
        EXPECT_EQ(cut.borderEdges, first.borderEdges) << k;
        EXPECT_EQ(companion(k).cloth.particleCount(), world().cloth.particleCount()) << k;
        ASSERT_EQ(cut.pieces.size(), 2u) << k;
        EXPECT_EQ(cut.pieces[0].pinned * cut.pieces[1].pinned, 0u) << k << ": one piece hangs, the other is free";
    }
    EXPECT_TRUE(undoLastCut(ctx));
    for (std::size_t k = 0; k < 2; ++k) EXPECT_EQ(companion(k).cloth.triangles.size(), trianglesBefore) << k;
}

TEST_F(CompareWindow, EditsReachEveryCopyButEachKeepsItsSolversSettings) {
    const int pbdSubsteps = companion(0).settings.solver.substeps;
    ASSERT_EQ(setParam(world().settings, *findParam("wind.strength"), 2.5f), "");
    ASSERT_EQ(setParam(world().settings, *findParam("solver.substeps"), 7), "");
    frames(1);  // edits reach the companions before the next step, as a recording writes them
    for (std::size_t k = 0; k < 2; ++k) EXPECT_EQ(companion(k).settings.wind.strength, 2.5f) << k;
    EXPECT_EQ(world().settings.solver.substeps, 7);
    EXPECT_EQ(companion(0).settings.solver.substeps, pbdSubsteps);

    frames(10);
    resetSimulation(ctx);
    for (std::size_t k = 0; k < 2; ++k) EXPECT_EQ(companion(k).time, 0.0) << "the reset reached copy " << k;

    stopCompare(ctx);
    EXPECT_FALSE(ctx.compare.active());
    EXPECT_TRUE(ctx.compare.companions.copies().empty());
    ASSERT_EQ(setParam(world().settings, *findParam("wind.strength"), 1.0f), "");
    frames(1);  // nothing is listening any more: no companion to reach, no note
    EXPECT_TRUE(ctx.compare.notes.empty());
}

TEST_F(CompareWindow, TheTimelineTakesEveryCopyBackTogether) {
    frames(20);
    const double mainThen = ctx.timeTravel.history.at(9).time;
    const std::size_t middle = 5 * kSide + 5;
    ASSERT_EQ(ctx.compare.companions.copies().size(), 2u);
    ASSERT_GT(ctx.timeTravel.history.size(), 10u);
    ctx.timeTravel.showRequested = 9;
    handleTimeTravelRequests(ctx);
    EXPECT_DOUBLE_EQ(world().time, mainThen);
    for (std::size_t k = 0; k < 2; ++k) EXPECT_DOUBLE_EQ(companion(k).time, mainThen) << "copy " << k << " went back";
    // and from there they step on together
    ctx.paused = false;
    ctx.timeTravel.resumeRequested = true;
    frames(3);
    for (std::size_t k = 0; k < 2; ++k) EXPECT_DOUBLE_EQ(companion(k).time, world().time) << k;
    EXPECT_TRUE(std::isfinite(companion(1).cloth.positions[middle].y));
}

TEST_F(CompareWindow, BadChoicesAreRefusedAndChangeNothing) {
    EXPECT_NE(startCompare(ctx, {"xpbd"}), "");
    EXPECT_NE(startCompare(ctx, {"xpbd", "pbd", "vbd", "jakobsen", "rk4"}), "");
    EXPECT_NE(startCompare(ctx, {"xpbd", "xpbd_gpu"}), "");
    EXPECT_EQ(ctx.compare.methods, (std::vector<std::string>{"xpbd", "pbd", "vbd"}));
}

} // namespace
} // namespace cs
