// Switching scenes in the app: a broken file is reported with FILE:LINE and the
// running scene stays, still stepping.
#include "app/app_context.hpp"

#include <gtest/gtest.h>

namespace cs {
namespace {

const std::filesystem::path kSource = CLOTHSIM_SOURCE_DIR;

TEST(AppScenes, ABrokenSceneLeavesTheRunningOneInPlace) {
    AppContext ctx;
    ASSERT_TRUE(openScene(ctx, kSource / "scenes/drape_sphere.toml")) << ctx.sceneError;
    ctx.sim->step();
    const Simulation* running = &*ctx.sim;
    const std::vector<glm::vec3> before = ctx.sim->world().cloth.positions;

    const std::filesystem::path typo = kSource / "tests/scene/malformed/unknown_key.toml";
    EXPECT_FALSE(openScene(ctx, typo));
    EXPECT_NE(ctx.sceneError.find(typo.string() + ":3: unknown key 'cloth.resoluton'"), std::string::npos)
        << ctx.sceneError;
    EXPECT_EQ(ctx.scene.name, "Drape over a sphere");
    EXPECT_EQ(&*ctx.sim, running);
    EXPECT_EQ(ctx.sim->world().cloth.positions, before);
    ctx.sim->step();
    EXPECT_NE(ctx.sim->world().cloth.positions, before) << "the old scene keeps running";

    ASSERT_TRUE(openScene(ctx, kSource / "scenes/hanging.toml"));
    EXPECT_TRUE(ctx.sceneError.empty());
    EXPECT_EQ(ctx.scene.name, "Hanging cloth");
}

TEST(AppScenes, OverridesApplyAndTheirErrorsAreReported) {
    AppContext ctx;
    ASSERT_TRUE(openScene(ctx, kSource / "scenes/hanging.toml", {"cloth.resolution=[8,6]"}));
    EXPECT_EQ(ctx.sim->world().cloth.particleCount(), 48u);
    EXPECT_FALSE(openScene(ctx, kSource / "scenes/hanging.toml", {"solver.substeps=0"}));
    EXPECT_NE(ctx.sceneError.find("--set solver.substeps=0: 'solver.substeps': 0 is out of range"), std::string::npos)
        << ctx.sceneError;
    EXPECT_EQ(ctx.sim->world().cloth.particleCount(), 48u);
}

} // namespace
} // namespace cs
