// The contact scenes as shipped, run through the same loader as the app: every
// solver keeps them finite and out of the colliders, and the heap shows what
// self-collision is for.
#include "../support/scene_fixture.hpp"
#include "scene/scene.hpp"
#include "sim/collision/crossing_count.hpp"
#include "sim/simulation.hpp"
#include "sim/solver.hpp"
#include "sim/stats.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

namespace cs {
namespace {

using test::loadOrFail;

struct SceneSolver {
    std::string scene;
    std::string solver;
};

std::vector<SceneSolver> everySceneAndSolver() {
    std::vector<SceneSolver> cases;
    for (const char* scene : {"moving_sphere.toml", "coat.toml", "tablecloth.toml", "push_ball.toml", "heap.toml",
                              "curtain.toml"})
        for (const SolverInfo& info : solverRegistry())
            if (!info.gpu()) cases.push_back({scene, std::string(info.id)});  // GPU twins: gpu_solver_tests, with a context
    return cases;
}

std::string caseName(const ::testing::TestParamInfo<SceneSolver>& info) {
    std::string scene = info.param.scene.substr(0, info.param.scene.find('.'));
    return scene + "_" + info.param.solver;
}

class ContactScene : public ::testing::TestWithParam<SceneSolver> {};

// A coarser cloth (16 x 16 particles over the same area would change the
// contact; the scenes' own spacing over fewer particles keeps it) for 2 s, each
// method with at least its recommended substeps (at the scenes' 20 explicit Euler
// blew up and the guard restored every step, which kept it out of the colliders
// vacuously), and the guard never trips.
TEST_P(ContactScene, StaysFiniteAndOutOfTheColliders) {
    const SceneSolver c = GetParam();
    std::vector<std::string> overrides = {"solver=" + c.solver, "cloth.resolution=[16,16]"};
    const int substeps = std::max(loadOrFail(c.scene, overrides).settings.solver.substeps,
                                  findSolver(c.solver)->substeps);
    overrides.push_back("solver.substeps=" + std::to_string(substeps));
    const SceneDesc scene = loadOrFail(c.scene, overrides);
    Simulation sim(makeWorld(scene));
    float worst = 0.0f;
    for (int i = 0; i < 120; ++i) {
        sim.step();
        worst = std::max(worst, measureCloth(sim.world()).maxPenetration);
    }
    const ClothStats stats = measureCloth(sim.world());
    EXPECT_EQ(stats.nanCount, 0u);
    EXPECT_EQ(sim.recoveries(), 0);
    // particles are held `thickness` off every surface; none may be more than half of it inside
    EXPECT_LE(worst, 0.5f * scene.settings.collision.thickness);
}

INSTANTIATE_TEST_SUITE_P(Scenes, ContactScene, ::testing::ValuesIn(everySceneAndSolver()), caseName);

// The heap: a 2.4 m strip falls on its edge and folds. With self-collision (triangle
// contact) no two triangles cross at any of the 5 s (the exact counter, every 10th
// step); without it the layers pass through each other.
std::size_t heapCrossingMax(bool selfCollision) {
    const SceneDesc scene =
        loadOrFail("heap.toml", {std::string("collision.self_collision=") + (selfCollision ? "true" : "false")});
    Simulation sim(makeWorld(scene));
    CrossingCounter counter;
    std::size_t most = 0;
    for (int i = 1; i <= 300; ++i) {  // 5 s: fallen, folded and settled
        sim.step();
        if (i % 10 == 0) most = std::max(most, counter.count(sim.world().cloth, 1));
    }
    return most;
}

TEST(Heap, SelfCollisionKeepsTheLayersFromCrossing) { EXPECT_EQ(heapCrossingMax(true), 0u); }

TEST(Heap, WithoutSelfCollisionTheLayersCross) { EXPECT_GT(heapCrossingMax(false), 0u); }

} // namespace
} // namespace cs
