// Triangle self-contact (collision.self_model = triangles) with every solver that
// honours it (xpbd, pbd, jakobsen: the registry's rows) at its recommended settings on
// the self-contact scenes at their test sizes: no two triangles ever cross (the exact
// count after every step), and the cloth still does what the scene means (it comes
// down to the floor). At rest xpbd's heap does not buzz: its kinetic energy stays
// within 10 x that of the same run without self-contact.
#include "../support/scene_fixture.hpp"
#include "../support/sim_fixture.hpp"
#include "scene/scene.hpp"
#include "sim/collision/crossing_count.hpp"
#include "sim/topology_edit.hpp"
#include "sim/simulation.hpp"
#include "sim/stats.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

namespace cs {
namespace {

struct TriangleScene {
    const char* file;
    std::string testSize;  // the override that makes it small
};

struct TriangleCase {
    TriangleScene scene;
    std::string solver;
};

void PrintTo(const TriangleCase& c, std::ostream* out) { *out << c.scene.file << " with " << c.solver; }

std::string asset(const char* name) { return (std::filesystem::path(CLOTHSIM_SOURCE_DIR) / "assets" / name).string(); }

const TriangleScene kCases[] = {{"heap.toml", "cloth.resolution=[12,48]"},
                                {"pile.toml", "cloth.mesh=" + asset("pile_24.obj")},
                                {"sheets.toml", "cloth.mesh=" + asset("sheets_24.obj")}};

std::vector<TriangleCase> everySceneAndSolver() {
    std::vector<TriangleCase> cases;
    for (const TriangleScene& scene : kCases)
        for (const std::string& solver : test::triangleContactSolverIds()) cases.push_back({scene, solver});
    return cases;
}

SceneDesc loadWithTriangles(const TriangleScene& scene, const std::string& solver = "xpbd",
                            std::vector<std::string> extra = {}) {
    std::vector<std::string> overrides = {scene.testSize, "solver=" + solver, "collision.self_model=triangles"};
    overrides.insert(overrides.end(), extra.begin(), extra.end());
    return test::loadRecommendedOrFail(scene.file, overrides);
}

class TriangleContactScene : public ::testing::TestWithParam<TriangleCase> {};

TEST_P(TriangleContactScene, NothingCrossesIn300StepsAndTheClothComesDown) {
    const SceneDesc scene = loadWithTriangles(GetParam().scene, GetParam().solver);
    ASSERT_EQ(scene.settings.solver.id, GetParam().solver);
    Simulation sim(makeWorld(scene));
    CrossingCounter counter;
    ASSERT_EQ(counter.count(sim.world().cloth, 1), 0u);
    std::size_t worst = 0;
    int worstStep = -1;
    for (int step = 1; step <= 300; ++step) {
        sim.step();
        const std::size_t crossings = counter.count(sim.world().cloth, 1);
        if (crossings > worst) {
            worst = crossings;
            worstStep = step;
        }
    }
    EXPECT_EQ(worst, 0u) << "first at its largest at step " << worstStep;
    EXPECT_EQ(sim.recoveries(), 0);
    const ClothStats stats = measureCloth(sim.world());
    const float floor = scene.settings.collision.groundHeight + scene.settings.collision.thickness;
    EXPECT_LT(stats.minY, floor + 0.01f) << "the cloth comes down to the floor";
}

INSTANTIATE_TEST_SUITE_P(Scenes, TriangleContactScene, ::testing::ValuesIn(everySceneAndSolver()),
                         [](const ::testing::TestParamInfo<TriangleCase>& c) {
                             return test::sceneTestName(c.param.scene.file) + "_" + c.param.solver;
                         });

// A hanging cloth cut across its middle: the lower half falls away to the floor (the
// copies along the cut are one vertex while they touch, so neither side holds the
// other), and nothing crosses on the way.
class TriangleContactCut : public ::testing::TestWithParam<std::string> {};

TEST_P(TriangleContactCut, TheLowerHalfFallsAwayWithoutACrossing) {
    const SceneDesc scene = test::loadRecommendedOrFail(
        "hanging_top_row.toml", {"cloth.resolution=[24,24]", "cloth.spacing=0.065", "solver=" + GetParam(),
                                 "collision.self_collision=true", "collision.self_model=triangles"});
    Simulation sim(makeWorld(scene));
    const CutResult cut = cutAlongRestSegment(sim.world().cloth, {0.0f, 0.5f}, {1.0f, 0.5f});
    sim.topologyEdited();
    ASSERT_GT(cut.particlesAdded, 0u) << "the cut must part the cloth";
    const float floor = scene.settings.collision.groundHeight + scene.settings.collision.thickness;
    const float startLowest = measureCloth(sim.world()).minY;
    ASSERT_GT(startLowest, floor + 0.5f) << "the cloth must hang well above the floor for the fall to show";
    CrossingCounter counter;
    std::size_t worst = 0;
    for (int step = 0; step < 150; ++step) {
        sim.step();
        worst = std::max(worst, counter.count(sim.world().cloth, 1));
    }
    EXPECT_EQ(worst, 0u);
    EXPECT_EQ(sim.recoveries(), 0);
    EXPECT_LT(measureCloth(sim.world()).minY, floor + 0.01f) << "the lower half reaches the floor";
}

INSTANTIATE_TEST_SUITE_P(Solvers, TriangleContactCut, ::testing::ValuesIn(test::triangleContactSolverIds()),
                         [](const ::testing::TestParamInfo<std::string>& c) { return c.param; });

TEST(TriangleContactHeap, SettlesWithoutBuzzing) {
    const TriangleScene& heap = kCases[0];
    Simulation with(makeWorld(loadWithTriangles(heap)));
    const SceneDesc off = loadWithTriangles(heap, "xpbd", {"collision.self_collision=false"});
    Simulation without(makeWorld(off));
    for (int step = 0; step < 300; ++step) {
        with.step();
        without.step();
    }
    const double kineticWith = measureCloth(with.world()).kineticEnergy;
    const double kineticWithout = measureCloth(without.world()).kineticEnergy;
    EXPECT_LE(kineticWith, 10.0 * kineticWithout) << kineticWith << " J against " << kineticWithout << " J";
}

} // namespace
} // namespace cs
