// The scenes whose cloth is moved on purpose by pin groups (category
// "Self-contact"): `twist` wrings a cloth two full turns, `fold` folds one in half
// and in half again. At their test size (24², the same 0.975 m square) they start
// with nothing crossing, and every CPU solver of the registry at its recommended
// settings runs them for 2 s without a recovery or a NaN. The scripts themselves
// are checked with self-collision off, where nothing but the script moves the
// held edges.
#include "../support/scene_fixture.hpp"
#include "scene/scene.hpp"
#include "sim/collision/crossing_count.hpp"
#include "sim/simulation.hpp"
#include "sim/solver.hpp"
#include "sim/stats.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <glm/gtc/constants.hpp>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace cs {
namespace {

using test::loadOrFail;

const char* const kScriptedScenes[] = {"twist.toml", "fold.toml"};

// 24 particles a side over the shipped 0.975 m (fold: 40 x 0.025 m): the same square,
// coarser; twist ships at this size.
const std::vector<std::string> kTestSize = {"cloth.resolution=[24,24]", "cloth.spacing=0.042391304"};

TEST(ScriptedScenes, AreInTheirCategoryAndStartWithNothingCrossing) {
    for (const char* file : kScriptedScenes) {
        SCOPED_TRACE(file);
        for (bool testSize : {false, true}) {
            const SceneDesc scene = loadOrFail(file, testSize ? kTestSize : std::vector<std::string>{});
            EXPECT_EQ(scene.category, "Self-contact");
            EXPECT_FALSE(scene.description.empty());
            EXPECT_TRUE(scene.settings.collision.selfCollision);
            ASSERT_EQ(scene.pinGroups.size(), 2u);
            const World world = makeWorld(scene);
            ASSERT_EQ(world.clothError, "");
            // twist ships at its test size since triangle contact became its only model
            const int side = testSize || std::string_view(file) == "twist.toml" ? 24 : 40;
            for (const PinGroup& group : world.pinGroups) EXPECT_EQ(group.vertices.size(), static_cast<std::size_t>(side));
            EXPECT_EQ(CrossingCounter().count(world.cloth, 1), 0u);
        }
    }
}

struct SceneSolver {
    std::string scene;
    std::string solver;
};
void PrintTo(const SceneSolver& c, std::ostream* out) { *out << c.scene << " with " << c.solver; }

std::vector<SceneSolver> everySceneAndSolver() {
    std::vector<SceneSolver> cases;
    for (const char* scene : kScriptedScenes)
        for (const SolverInfo& info : solverRegistry())
            if (!info.gpu()) cases.push_back({scene, std::string(info.id)});
    return cases;
}

class ScriptedScene2s : public ::testing::TestWithParam<SceneSolver> {};

TEST_P(ScriptedScene2s, RunsWithoutARecoveryAtItsTestSize) {
    const SceneSolver c = GetParam();
    std::vector<std::string> overrides = kTestSize;
    overrides.push_back("solver=" + c.solver);
    Simulation sim(makeWorld(test::loadRecommendedOrFail(c.scene, overrides)));
    for (int i = 0; i < 120; ++i) sim.step();
    EXPECT_EQ(sim.recoveries(), 0) << sim.lastRecoveryMessage();
    EXPECT_EQ(measureCloth(sim.world()).nanCount, 0u);
}

std::string caseName(const ::testing::TestParamInfo<SceneSolver>& info) {
    return test::sceneTestName(info.param.scene) + "_" + info.param.solver;
}

INSTANTIATE_TEST_SUITE_P(Scenes, ScriptedScene2s, ::testing::ValuesIn(everySceneAndSolver()), caseName);

// The turned edge's direction across the axis (y, z), as an angle in radians.
float edgeAngle(const World& world) {
    const PinGroup& turned = world.pinGroups[1];
    const glm::vec3 d = world.cloth.positions[turned.vertices.back()] - world.cloth.positions[turned.vertices.front()];
    return std::atan2(d.z, d.y);
}

TEST(ScriptedScenes, TwistTurnsItsEdgeTwoFullTurnsIn4sAndHolds) {
    std::vector<std::string> overrides = kTestSize;
    overrides.push_back("collision.self_collision=false");
    Simulation sim(makeWorld(loadOrFail("twist.toml", overrides)));
    float turned = 0.0f, last = edgeAngle(sim.world());
    for (int step = 1; step <= 270; ++step) {
        sim.step();
        const float now = edgeAngle(sim.world());
        // unwrapped: a step turns it 3 degrees, never half a turn
        turned += std::remainder(now - last, 2.0f * glm::pi<float>());
        last = now;
        if (step == 240) {
            EXPECT_NEAR(std::abs(glm::degrees(turned)), 720.0f, 1.0f) << "at 4 s";
        }
    }
    EXPECT_NEAR(std::abs(glm::degrees(turned)), 720.0f, 1.0f) << "held after its duration, at 4.5 s";
    EXPECT_EQ(sim.recoveries(), 0);
}

TEST(ScriptedScenes, FoldLetsGoOfAQuarterOfTheCloth) {
    Simulation sim(makeWorld(loadOrFail("fold.toml")));
    for (int step = 0; step < 300; ++step) sim.step();  // 5 s; both edges let go at 3 s
    for (const PinGroup& group : sim.world().pinGroups) EXPECT_FALSE(group.holding);
    const ClothStats stats = measureCloth(sim.world());
    EXPECT_EQ(sim.recoveries(), 0);
    // folded twice across x: a quarter of the 0.975 m, plus what the creases take
    EXPECT_LT(stats.bboxMax.x - stats.bboxMin.x, 0.4f);
    EXPECT_GT(stats.bboxMax.z - stats.bboxMin.z, 0.9f) << "the folds are across x only";
    EXPECT_LT(stats.bboxMax.y, 0.2f) << "on the floor";
}

} // namespace
} // namespace cs
