// Triangle self-contact (collision.self_model = triangles) with xpbd at its
// recommended settings on the self-contact scenes at their test sizes: no two
// triangles ever cross (the exact count after every step), and the cloth still
// does what the scene means (it comes down to the floor). At rest the heap does not
// buzz: its kinetic energy stays within 10 x that of the same run without
// self-contact.
#include "../support/scene_fixture.hpp"
#include "scene/scene.hpp"
#include "sim/collision/crossing_count.hpp"
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

void PrintTo(const TriangleScene& s, std::ostream* out) { *out << s.file; }

std::string asset(const char* name) { return (std::filesystem::path(CLOTHSIM_SOURCE_DIR) / "assets" / name).string(); }

const TriangleScene kCases[] = {{"heap.toml", "cloth.resolution=[12,48]"},
                                {"pile.toml", "cloth.mesh=" + asset("pile_24.obj")},
                                {"sheets.toml", "cloth.mesh=" + asset("sheets_24.obj")}};

SceneDesc loadWithTriangles(const TriangleScene& scene, std::vector<std::string> extra = {}) {
    std::vector<std::string> overrides = {scene.testSize, "solver=xpbd", "collision.self_model=triangles"};
    overrides.insert(overrides.end(), extra.begin(), extra.end());
    return test::loadRecommendedOrFail(scene.file, overrides);
}

class TriangleContactScene : public ::testing::TestWithParam<TriangleScene> {};

TEST_P(TriangleContactScene, NothingCrossesIn300StepsAndTheClothComesDown) {
    const SceneDesc scene = loadWithTriangles(GetParam());
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

INSTANTIATE_TEST_SUITE_P(Scenes, TriangleContactScene, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<TriangleScene>& c) {
                             return test::sceneTestName(c.param.file);
                         });

TEST(TriangleContactHeap, SettlesWithoutBuzzing) {
    const TriangleScene& heap = kCases[0];
    Simulation with(makeWorld(loadWithTriangles(heap)));
    const SceneDesc off = loadWithTriangles(heap, {"collision.self_collision=false"});
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
