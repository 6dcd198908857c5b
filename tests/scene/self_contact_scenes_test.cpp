// The self-contact scenes (category "Self-contact") at their test sizes: the pile
// (assets/pile_24.obj, 24 x 24) and the stacked sheets (assets/sheets_24.obj, three
// pieces of 24 x 24). They start with nothing crossing or touching. (Every CPU solver runs
// them at its recommended settings in TriangleContactScene, triangle_contact_scenes_test.cpp:
// no crossing, no recovery, no NaN, and the floor within 2 s.)
#include "../support/scene_fixture.hpp"
#include "scene/scene.hpp"
#include "sim/collision/crossing_count.hpp"
#include "sim/stats.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <optional>
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


} // namespace
} // namespace cs
