// Save scene without a window: the running world (edited settings, a moved
// collider) written to a file that loads into the same world; an existing file is
// only replaced on a second request; a folder that cannot take it is a message.
#include "../support/temp_dir.hpp"
#include "app/app_context.hpp"
#include "app/scene_save.hpp"
#include "session/write_whole.hpp"
#include "sim/collision/collider_fields.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <sstream>

namespace cs {
namespace {

const std::filesystem::path kSource = CLOTHSIM_SOURCE_DIR;

// The test's own folder (a TempDir), with an empty scenes/ in it, as a project root.
std::filesystem::path projectIn(const test::TempDir& dir) {
    std::filesystem::create_directories(dir / "scenes");
    return dir.path();
}

std::string fileText(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::vector<glm::vec3> positionsAfter(World world, int steps) {
    Simulation sim(std::move(world));
    for (int i = 0; i < steps; ++i) sim.step();
    return sim.world().cloth.positions;
}

TEST(SaveScene, KeepsThePinGroupsAndTheyHoldTheSameVertices) {
    const test::TempDir dir("save_pins");
    const std::filesystem::path base = projectIn(dir);
    AppContext ctx;
    ASSERT_TRUE(openScene(ctx, kSource / "scenes/fold.toml", {"cloth.resolution=[16,16]"})) << ctx.sceneError;
    for (int i = 0; i < 30; ++i) ctx.sim->step();  // the groups have moved and hold their vertices

    const SaveResult saved = saveRunningScene(ctx, base);
    ASSERT_EQ(saved.outcome, SaveOutcome::Saved) << saved.message;
    const SceneLoad load = loadSceneFile(saved.path);
    ASSERT_TRUE(load.ok()) << load.errorText();
    const PinGroups& before = ctx.sim->world().pinGroups;
    ASSERT_EQ(load.scene->pinGroups.size(), before.size());
    for (std::size_t g = 0; g < before.size(); ++g)
        for (const ColliderField& field : colliderFields())
            if (fieldAppliesTo(field, before[g])) {
                EXPECT_EQ(fieldValue(field, load.scene->pinGroups[g]), fieldValue(field, before[g]))
                    << "group " << g << " " << field.key;
            }
    // the file starts the world the running one starts from after a reset, bit for bit
    const World fromFile = makeWorld(*load.scene);
    ctx.sim->reset();
    const std::vector<glm::vec3> a = positionsAfter(fromFile, 60), b = positionsAfter(ctx.sim->world(), 60);
    ASSERT_EQ(a.size(), b.size());
    EXPECT_EQ(std::memcmp(a.data(), b.data(), a.size() * sizeof(glm::vec3)), 0);
}

TEST(SaveScene, TheSavedFileLoadsIntoTheSameWorld) {
    const test::TempDir dir("save_same");
    const std::filesystem::path base = projectIn(dir);
    AppContext ctx;
    ASSERT_TRUE(openScene(ctx, kSource / "scenes/coat.toml", {"cloth.resolution=[20,20]"})) << ctx.sceneError;
    World& world = ctx.sim->world();
    for (int i = 0; i < 10; ++i) ctx.sim->step();
    // edits in the panel (live, on-reset, render and camera) and a shoulder dragged 10 cm to the side
    world.settings.wind.strength = 2.5f;
    world.settings.cloth.density = 0.35f;
    world.settings.camera.yaw = 77.0f;
    world.settings.render.roughness = 0.3f;
    world.colliders[0].home.position.x -= 0.1f;

    const SaveResult saved = saveRunningScene(ctx, base);
    ASSERT_EQ(saved.outcome, SaveOutcome::Saved) << saved.message;
    EXPECT_EQ(saved.path, base / "scenes/coat_saved.toml");
    EXPECT_TRUE(ctx.sceneSave.error.empty());

    const SceneLoad load = loadSceneFile(saved.path);
    ASSERT_TRUE(load.ok()) << load.errorText();
    EXPECT_EQ(load.scene->name, "Coat (saved)");
    EXPECT_EQ(load.scene->category, ctx.scene.category);
    for (const ParamDef& def : paramTable())
        EXPECT_EQ(getParam(load.scene->settings, def), getParam(world.settings, def)) << def.key;
    ASSERT_EQ(load.scene->colliders.size(), world.colliders.size());
    EXPECT_EQ(load.scene->colliders[0].home.position, world.colliders[0].home.position) << "where it was dropped";

    // the file starts the world the running one would start from after a reset, bit for bit
    const std::vector<glm::vec3> fromFile = positionsAfter(makeWorld(*load.scene), 60);
    const std::vector<glm::vec3> fromRunning = positionsAfter(makeWorld(world.settings, world.colliders), 60);
    ASSERT_EQ(fromFile.size(), fromRunning.size());
    EXPECT_EQ(std::memcmp(fromFile.data(), fromRunning.data(), fromFile.size() * sizeof(glm::vec3)), 0);

    // and it is in the selector's list
    const std::vector<SceneSummary> catalogue = readSceneCatalogue(base / "scenes");
    ASSERT_EQ(catalogue.size(), 1u);
    EXPECT_EQ(catalogue[0].name, "Coat (saved)");
    EXPECT_EQ(catalogue[0].description, ctx.scene.description);
}

TEST(SaveScene, AnExistingFileIsOnlyOverwrittenOnASecondRequest) {
    const test::TempDir dir("save_overwrite");
    const std::filesystem::path base = projectIn(dir);
    AppContext ctx;
    ASSERT_TRUE(openScene(ctx, kSource / "scenes/hanging.toml", {"cloth.resolution=[8,8]"})) << ctx.sceneError;
    ASSERT_EQ(saveRunningScene(ctx, base).outcome, SaveOutcome::Saved);
    const std::filesystem::path path = base / "scenes/hanging_saved.toml";
    const std::string first = fileText(path);

    ctx.sim->world().settings.wind.strength = 4.0f;
    const SaveResult asked = saveRunningScene(ctx, base);
    EXPECT_EQ(asked.outcome, SaveOutcome::AskToOverwrite);
    EXPECT_EQ(ctx.sceneSave.confirmPath, path);
    EXPECT_EQ(fileText(path), first) << "asking leaves the file alone";

    // another file name in between: the confirmation was for the old one
    ctx.sceneSave.fileName = "scenes/other.toml";
    EXPECT_EQ(saveRunningScene(ctx, base).outcome, SaveOutcome::Saved);
    ctx.sceneSave.fileName = "scenes/hanging_saved.toml";
    EXPECT_EQ(saveRunningScene(ctx, base).outcome, SaveOutcome::AskToOverwrite);
    EXPECT_EQ(fileText(path), first);

    const SaveResult second = saveRunningScene(ctx, base);
    EXPECT_EQ(second.outcome, SaveOutcome::Saved) << second.message;
    EXPECT_TRUE(ctx.sceneSave.confirmPath.empty());
    const SceneLoad load = loadSceneFile(path);
    ASSERT_TRUE(load.ok()) << load.errorText();
    EXPECT_FLOAT_EQ(load.scene->settings.wind.strength, 4.0f);
}

TEST(SaveScene, TheDefaultNameNeverIsTheOriginal) {
    EXPECT_EQ(defaultSaveName("/data/scenes/hanging.toml"), "scenes/hanging_saved.toml");
    EXPECT_EQ(defaultSaveName("/data/scenes/hanging_saved.toml"), "scenes/hanging_saved.toml");  // asks first
    EXPECT_EQ(savePath("scenes/x", "/data"), std::filesystem::path("/data/scenes/x.toml"));
    EXPECT_EQ(savePath("/elsewhere/y.toml", "/data"), std::filesystem::path("/elsewhere/y.toml"));
}

TEST(SaveScene, AFolderThatCannotTakeTheFileIsAMessageNotACrash) {
    const test::TempDir dir("save_unwritable");
    const std::filesystem::path base = projectIn(dir);
    std::ofstream(base / "not_a_folder") << "a file where a folder should be";
    AppContext ctx;
    ASSERT_TRUE(openScene(ctx, kSource / "scenes/hanging.toml", {"cloth.resolution=[8,8]"})) << ctx.sceneError;
    ctx.sceneSave.fileNameFor = ctx.scene.path;

    ctx.sceneSave.fileName = "not_a_folder/x.toml";
    SaveResult result = saveRunningScene(ctx, base);
    EXPECT_EQ(result.outcome, SaveOutcome::Failed);
    EXPECT_NE(ctx.sceneSave.error.find("does not exist"), std::string::npos) << ctx.sceneSave.error;

    std::filesystem::create_directories(base / "taken.toml");
    ctx.sceneSave.fileName = "taken.toml";
    result = saveRunningScene(ctx, base);
    EXPECT_EQ(result.outcome, SaveOutcome::Failed);
    EXPECT_NE(ctx.sceneSave.error.find("it is a folder"), std::string::npos) << ctx.sceneSave.error;
    EXPECT_FALSE(std::filesystem::exists(temporaryPathFor(base / "taken.toml")));  // nothing left beside it
}

} // namespace
} // namespace cs
