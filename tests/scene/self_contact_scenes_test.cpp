// The self-contact scenes (category "Self-contact") at their test sizes: the pile
// (assets/pile_24.obj, 24 x 24) and the stacked sheets (assets/sheets_24.obj, three
// pieces of 24 x 24). They start with nothing crossing or touching; every CPU solver of the
// registry runs them for 2 s without a recovery or a NaN, and the cloth reaches the floor.
// Each solver runs at its recommended settings (--recommended: scenes/compare_<id>.toml);
// at the scene's own 20 substeps the explicit methods blow up and the guard recovers.
#include "../support/scene_fixture.hpp"
#include "scene/scene.hpp"
#include "sim/collision/crossing_count.hpp"
#include "sim/simulation.hpp"
#include "sim/solver.hpp"
#include "sim/stats.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace cs {
namespace {

using test::loadOrFail;

struct SelfContactScene {
    const char* file;
    const char* testMesh;  // the scene's test size
};

const SelfContactScene kScenes[] = {{"pile.toml", "assets/pile_24.obj"}, {"sheets.toml", "assets/sheets_24.obj"}};

// --set cloth.mesh=<the test mesh>, by its path in the source tree: ctest runs the tests in
// the build folder, where a relative path would not be found.
std::string testMeshOverride(const SelfContactScene& scene) {
    return "cloth.mesh=" + (std::filesystem::path(CLOTHSIM_SOURCE_DIR) / scene.testMesh).string();
}

SceneDesc loadAtTestSize(const SelfContactScene& scene, std::vector<std::string> overrides = {}) {
    overrides.push_back(testMeshOverride(scene));
    return loadOrFail(scene.file, overrides);
}

struct SceneSolver {
    SelfContactScene scene;
    std::string solver;
};

// What ctest prints for a case (otherwise the struct's bytes, pointers included).
void PrintTo(const SceneSolver& c, std::ostream* out) { *out << c.scene.file << " with " << c.solver; }

std::vector<SceneSolver> everySceneAndSolver() {
    std::vector<SceneSolver> cases;
    for (const SelfContactScene& scene : kScenes)
        for (const SolverInfo& info : solverRegistry())
            if (!info.gpu()) cases.push_back({scene, std::string(info.id)});  // GPU twins: gpu_solver_tests
    return cases;
}

std::string caseName(const ::testing::TestParamInfo<SceneSolver>& info) {
    return test::sceneTestName(info.param.scene.file) + "_" + info.param.solver;
}

// Both scenes start with no two triangles crossing (the exact counter) and no two
// features closer than the contact radius: nothing touches.
TEST(SelfContactScenes, AreInTheirCategoryAndStartApart) {
    for (const SelfContactScene& scene : kScenes) {
        SCOPED_TRACE(scene.file);
        for (const std::string& mesh : {std::string(), std::string(scene.testMesh)}) {
            SCOPED_TRACE(mesh.empty() ? "as shipped" : mesh);
            const SceneDesc desc = mesh.empty() ? loadOrFail(scene.file) : loadAtTestSize(scene);
            EXPECT_EQ(desc.category, "Self-contact");
            EXPECT_FALSE(desc.description.empty());
            EXPECT_TRUE(desc.settings.collision.selfCollision);
            const World world = makeWorld(desc);
            ASSERT_EQ(world.clothError, "");
            EXPECT_EQ(CrossingCounter().count(world.cloth, 1), 0u);
            // no vertex-triangle or edge-edge pair of features that share no vertex within
            // the contact radius (infinity: none even within the query radius)
            const std::optional<float> nearest = triangleContactMinDistance(world);
            ASSERT_TRUE(nearest.has_value());
            EXPECT_GE(*nearest, desc.settings.collision.selfRadius);
            // and above the floor and out of the colliders
            const ClothStats stats = measureCloth(world);
            EXPECT_GT(stats.minY, desc.settings.collision.groundHeight + desc.settings.collision.thickness);
            EXPECT_EQ(stats.maxPenetration, 0.0f);
        }
    }
}

// The scene at its test size with `solver` at its recommended settings (what its
// scenes/compare_<id>.toml sets for the method: applyRecommendedSettings).
SceneDesc loadForSolver(const SelfContactScene& scene, const std::string& solver) {
    return test::loadRecommendedOrFail(scene.file, {"solver=" + solver, testMeshOverride(scene)});
}

class SelfContactScene2s : public ::testing::TestWithParam<SceneSolver> {};

// 120 steps at 1/60 s: no recovery, no NaN, and the lowest particle reaches the floor
// (it is held `thickness` above it) within the 2 s.
TEST_P(SelfContactScene2s, RunsWithoutARecoveryAndReachesTheFloor) {
    const SceneSolver c = GetParam();
    const SceneDesc scene = loadForSolver(c.scene, c.solver);
    Simulation sim(makeWorld(scene));
    ASSERT_EQ(sim.world().clothError, "");
    const float floor = scene.settings.collision.groundHeight + scene.settings.collision.thickness;
    int reached = -1;
    for (int i = 1; i <= 120; ++i) {
        sim.step();
        if (reached < 0 && measureCloth(sim.world()).minY <= floor + 0.005f) reached = i;
    }
    EXPECT_EQ(sim.recoveries(), 0);
    EXPECT_EQ(measureCloth(sim.world()).nanCount, 0u);
    EXPECT_GT(reached, 0) << "the lowest particle is still " << measureCloth(sim.world()).minY - floor
                          << " m above the floor after 2 s";
}

INSTANTIATE_TEST_SUITE_P(Scenes, SelfContactScene2s, ::testing::ValuesIn(everySceneAndSolver()), caseName);

} // namespace
} // namespace cs
