// Scene files and --set with the path and list parameters: a mesh is found next to
// the scene file or in the project root; one that cannot be a cloth is an error at
// the line of its `mesh =` key with the importer's message; pins that name no
// particle are errors too. The shipped mesh scenes run with every solver.
#include "scene/scene.hpp"
#include "sim/simulation.hpp"
#include "sim/solver.hpp"
#include "sim/stats.hpp"
#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace cs {
namespace {

const std::filesystem::path kSource = CLOTHSIM_SOURCE_DIR;

// Writes `text` to `name` (folders made as needed) in a test's own folder; returns its path.
std::filesystem::path write(const test::TempDir& dir, const std::string& name, const std::string& text) {
    const std::filesystem::path file = dir / name;
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << text;
    return file;
}

const char* kTriangle = "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n";
const char* kFin = "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nv 0 -1 0\nf 1 2 3\nf 1 2 4\nf 2 1 5\n";

std::string firstError(const SceneLoad& load) { return load.errors.empty() ? std::string() : load.errors.front().str(); }

TEST(MeshScenes, AMeshNextToTheSceneIsFoundAndStoredWhereItIs) {
    const test::TempDir folder("mesh_scene_next");
    write(folder, "meshes/tri.obj", kTriangle);
    const auto scene = write(folder, "scene.toml", "[cloth]\nmesh = \"meshes/tri.obj\"\npin_vertices = [0, 2]\n");
    const SceneLoad load = loadSceneFile(scene);
    ASSERT_TRUE(load.ok()) << load.errorText();
    EXPECT_EQ(std::filesystem::path(load.scene->settings.cloth.mesh), (folder.path() / "meshes/tri.obj").lexically_normal());
    EXPECT_EQ(load.scene->settings.cloth.pinVertices, (std::vector<int>{0, 2}));
    const World world = makeWorld(load.scene->settings, {});
    EXPECT_EQ(world.clothError, "");
    EXPECT_EQ(world.cloth.particleCount(), 3u);
    EXPECT_EQ(world.cloth.columns, 0);
    EXPECT_TRUE(world.cloth.pinned[0] && world.cloth.pinned[2] && !world.cloth.pinned[1]);
}

TEST(MeshScenes, ThenInTheProjectRoot) {
    const test::TempDir root("mesh_scene_root");
    write(root, "assets/tri.obj", kTriangle);
    const auto scene = write(root, "scenes/scene.toml", "[cloth]\nmesh = \"assets/tri.obj\"\n");
    EXPECT_FALSE(loadSceneFile(scene).ok()) << "not next to the scene, and no project root";
    setProjectRoot(root.path());
    const SceneLoad load = loadSceneFile(scene);
    setProjectRoot(kSource);
    ASSERT_TRUE(load.ok()) << load.errorText();
    EXPECT_EQ(std::filesystem::path(load.scene->settings.cloth.mesh), (root.path() / "assets/tri.obj").lexically_normal());
}

TEST(MeshScenes, AMissingMeshIsAnErrorAtItsLine) {
    const test::TempDir folder("mesh_scene_missing");
    const auto scene = write(folder, "scene.toml", "[cloth]\ndensity = 0.2\nmesh = \"nope.obj\"\n");
    const SceneLoad load = loadSceneFile(scene);
    ASSERT_FALSE(load.ok());
    EXPECT_EQ(firstError(load).rfind(scene.string() + ":3: 'cloth.mesh': cannot find 'nope.obj' (looked in '" +
                                         folder.path().string() + "'",
                                     0),
              0u)
        << load.errorText();
}

TEST(MeshScenes, AMeshThatCannotBeAClothIsAnErrorAtTheMeshLineWithTheImportersMessage) {
    const test::TempDir folder("mesh_scene_fin");
    const auto obj = write(folder, "fin.obj", kFin);
    const auto scene = write(folder, "scene.toml", "[solver]\nsubsteps = 10\n\n[cloth]\nmesh = \"fin.obj\"\n");
    const SceneLoad load = loadSceneFile(scene);
    ASSERT_FALSE(load.ok());
    ASSERT_EQ(load.errors.size(), 1u) << load.errorText();
    EXPECT_EQ(load.errors[0].line, 5);
    EXPECT_EQ(firstError(load), scene.string() + ":5: 'cloth.mesh': " + obj.string() +
                                    ":8: the mesh is not a manifold: the edge between vertices 0 and 1 belongs to 3 "
                                    "faces: face 0 (line 6), face 1 (line 7) and face 2 (line 8); a cloth edge joins at most two");

    // several pieces: refused, unless the scene allows them
    write(folder, "two.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 5 0 0\nv 6 0 0\nv 5 1 0\nf 1 2 3\nf 4 5 6\n");
    const auto pieces = write(folder, "pieces.toml", "[cloth]\nmesh = \"two.obj\"\n");
    EXPECT_NE(firstError(loadSceneFile(pieces)).find(":2: 'cloth.mesh': "), std::string::npos);
    EXPECT_NE(firstError(loadSceneFile(pieces)).find("allow_pieces"), std::string::npos);
    const auto allowed = write(folder, "allowed.toml", "[cloth]\nmesh = \"two.obj\"\nallow_pieces = true\n");
    EXPECT_TRUE(loadSceneFile(allowed).ok()) << loadSceneFile(allowed).errorText();
}

TEST(MeshScenes, PinsThatNameNoParticleAreErrorsAtTheirLine) {
    SceneLoad load = parseScene("[cloth]\nresolution = [4, 4]\npin_vertices = [0, 15, 16]\n", "pins.toml");
    ASSERT_FALSE(load.ok());
    EXPECT_EQ(firstError(load), "pins.toml:3: 'cloth.pin_vertices': particle 16 does not exist: the cloth has 16 "
                                "particles (numbered from 0, row x columns + column on the grid)");
    load = parseScene("[cloth]\npin_region_min = [5, 5, 5]\npin_region_max = [6, 6, 6]\n", "box.toml");
    ASSERT_FALSE(load.ok());
    EXPECT_EQ(load.errors.front().line, 2);
    EXPECT_NE(firstError(load).find("holds no particle"), std::string::npos) << firstError(load);
    // a box that holds the top row of the default grid: fine
    load = parseScene("[cloth]\npin_region_min = [-5, 1.99, -1]\npin_region_max = [5, 2.1, 1]\npins = \"none\"\n", "row.toml");
    ASSERT_TRUE(load.ok()) << load.errorText();
    const World world = makeWorld(load.scene->settings, {});
    EXPECT_EQ(std::count(world.cloth.pinned.begin(), world.cloth.pinned.end(), 1), load.scene->settings.cloth.resolution.x);
}

TEST(MeshScenes, WrongTypesAndRangesOfTheNewKinds) {
    SceneLoad load = parseScene("[cloth]\nmesh = 3\n", "t.toml");
    EXPECT_EQ(firstError(load), "t.toml:2: 'cloth.mesh': expected path (a file name in quotes, \"\" for none)");
    load = parseScene("[cloth]\npin_vertices = [1, \"a\"]\n", "t.toml");
    EXPECT_NE(firstError(load).find("t.toml:2: 'cloth.pin_vertices': expected int[] (a list of whole numbers"),
              std::string::npos)
        << firstError(load);
    load = parseScene("[cloth]\npin_vertices = 4\n", "t.toml");
    EXPECT_NE(firstError(load).find("expected int[]"), std::string::npos) << firstError(load);
    load = parseScene("[cloth]\npin_vertices = [2, -1]\n", "t.toml");
    EXPECT_EQ(firstError(load), "t.toml:2: 'cloth.pin_vertices': -1 is out of range (allowed a list of whole numbers "
                                "like [0, 5, 12], each in [0, 999999])");
    load = parseScene("[cloth]\nmesh_scale = 0\n", "t.toml");
    EXPECT_NE(firstError(load).find("'cloth.mesh_scale': 0 is out of range"), std::string::npos) << firstError(load);
}

TEST(MeshScenes, TheWriterKeepsPathsAndLists) {
    SceneDesc scene;
    scene.name = "written";
    scene.settings = defaultSettings();
    scene.settings.cloth.mesh = (kSource / "assets/tshirt.obj").string();
    scene.settings.cloth.pinVertices = {55, 56, 79};
    scene.settings.cloth.meshRotation = {0.0f, 90.0f, 0.0f};
    scene.settings.cloth.pins = PinPreset::None;
    const SceneLoad again = parseScene(writeSceneToml(scene), "written.toml");
    ASSERT_TRUE(again.ok()) << again.errorText();
    for (const ParamDef& def : paramTable())
        EXPECT_EQ(getParam(again.scene->settings, def), getParam(scene.settings, def)) << def.key;
}

TEST(MeshOverrides, AcceptPathsAndListsAsTheShellPassesThem) {
    Settings s = defaultSettings();
    EXPECT_EQ(applyOverride(s, "cloth.pin_vertices=0,5,12"), "");
    EXPECT_EQ(s.cloth.pinVertices, (std::vector<int>{0, 5, 12}));
    EXPECT_EQ(applyOverride(s, "cloth.pin_vertices=[1, 2]"), "");
    EXPECT_EQ(s.cloth.pinVertices, (std::vector<int>{1, 2}));
    EXPECT_EQ(applyOverride(s, "cloth.pin_vertices=7"), "");
    EXPECT_EQ(s.cloth.pinVertices, (std::vector<int>{7}));
    EXPECT_EQ(applyOverride(s, "cloth.pin_vertices="), "");
    EXPECT_TRUE(s.cloth.pinVertices.empty());
    EXPECT_NE(applyOverride(s, "cloth.pin_vertices=a,b").find("cannot read 'a,b' as int[]"), std::string::npos);
    EXPECT_NE(applyOverride(s, "cloth.pin_vertices=3,-4").find("-4 is out of range"), std::string::npos);

    const std::string tshirt = (kSource / "assets/tshirt.obj").string();
    EXPECT_EQ(applyOverride(s, "cloth.mesh=" + tshirt), "");
    EXPECT_EQ(s.cloth.mesh, tshirt);
    EXPECT_EQ(applyOverride(s, "cloth.mesh=\"" + tshirt + "\""), "");
    const test::TempDir root("mesh_override_root");
    const auto onlyThere = write(root, "meshes/only_in_the_root.obj", kTriangle);
    setProjectRoot(root.path());
    EXPECT_EQ(applyOverride(s, "cloth.mesh=meshes/only_in_the_root.obj"), "") << "not in the working directory: the root";
    setProjectRoot(kSource);
    EXPECT_EQ(std::filesystem::path(s.cloth.mesh), onlyThere.lexically_normal());
    EXPECT_NE(applyOverride(s, "cloth.mesh=bad.obj").find("'cloth.mesh': cannot find 'bad.obj'"), std::string::npos);
    EXPECT_EQ(applyOverride(s, "cloth.mesh="), "");
    EXPECT_EQ(s.cloth.mesh, "");
}

TEST(MeshOverrides, AnOverriddenMeshIsImportedAndItsErrorNamesTheOverride) {
    const test::TempDir folder("mesh_override");
    const std::string fin = write(folder, "fin.obj", kFin).string();
    const SceneLoad load = loadSceneFile(kSource / "scenes/hanging.toml", {"cloth.mesh=" + fin});
    ASSERT_FALSE(load.ok());
    EXPECT_EQ(load.errors.front().file, "--set cloth.mesh=" + fin);
    EXPECT_NE(firstError(load).find("'cloth.mesh': " + fin + ":8: the mesh is not a manifold"), std::string::npos)
        << firstError(load);

    const SceneLoad pins = loadSceneFile(kSource / "scenes/hanging.toml", {"cloth.pin_vertices=0,5,1600"});
    ASSERT_FALSE(pins.ok());
    EXPECT_NE(firstError(pins).find("--set cloth.pin_vertices=0,5,1600: 'cloth.pin_vertices': particle 1600 does not exist"),
              std::string::npos)
        << firstError(pins);
}

// The shipped mesh scenes: 2 s with every solver, finite, without a recovery, out of the colliders.
struct SceneSolver {
    std::string scene;
    std::string solver;
};

std::vector<SceneSolver> meshScenesAndSolvers() {
    std::vector<SceneSolver> cases;
    for (const char* scene : {"round_tablecloth.toml", "tshirt.toml"})
        for (const SolverInfo& info : solverRegistry())
            if (!info.gpu()) cases.push_back({scene, std::string(info.id)});  // GPU twins: gpu_solver_tests, with a context
    return cases;
}

void PrintTo(const SceneSolver& c, std::ostream* out) { *out << c.scene << " with " << c.solver; }

class MeshScene : public ::testing::TestWithParam<SceneSolver> {};

TEST_P(MeshScene, RunsStablyWithEverySolver) {
    const SceneSolver c = GetParam();
    const SceneLoad load = loadSceneFile(kSource / "scenes" / c.scene, {"solver=" + c.solver});
    ASSERT_TRUE(load.ok()) << load.errorText();
    Simulation sim(makeWorld(*load.scene));
    ASSERT_EQ(sim.world().clothError, "");
    EXPECT_EQ(sim.world().cloth.columns, 0);
    float worst = 0.0f;
    for (int i = 0; i < 120; ++i) {
        sim.step();
        worst = std::max(worst, measureCloth(sim.world()).maxPenetration);
    }
    const ClothStats stats = measureCloth(sim.world());
    EXPECT_EQ(stats.nanCount, 0u);
    EXPECT_EQ(sim.recoveries(), 0) << sim.lastRecoveryMessage();
    EXPECT_LE(worst, 0.5f * load.scene->settings.collision.thickness);
    EXPECT_LT(stats.maxStretchRatio, 1.3f);
}

INSTANTIATE_TEST_SUITE_P(Scenes, MeshScene, ::testing::ValuesIn(meshScenesAndSolvers()),
                         [](const ::testing::TestParamInfo<SceneSolver>& param) {
                             return param.param.scene.substr(0, param.param.scene.find('.')) + "_" + param.param.solver;
                         });

} // namespace
} // namespace cs
