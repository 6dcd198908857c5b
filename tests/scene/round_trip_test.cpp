// Every shipped scene survives writeSceneToml -> parseScene unchanged: the same
// parameters, the same colliders field by field, and the same motion bit for bit;
// and every shipped scene runs its first 10 s without a NaN.
#include "../support/scene_fixture.hpp"
#include "scene/scene.hpp"
#include "sim/collision/collider_fields.hpp"
#include "sim/simulation.hpp"
#include "sim/stats.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <string>

namespace cs {
namespace {

using test::everySceneFile;
using test::kScenes;
using test::loadOrFail;

std::string fileName(const ::testing::TestParamInfo<std::string>& info) { return test::sceneTestName(info.param); }

// Positions after `steps` steps of a simulation of the scene.
std::vector<glm::vec3> positionsAfter(const SceneDesc& scene, int steps) {
    Simulation sim(makeWorld(scene));
    for (int i = 0; i < steps; ++i) sim.step();
    return sim.world().cloth.positions;
}

// The scene as written next to the original (so relative paths mean the same) and read back.
SceneDesc writtenAndReadBack(const SceneDesc& scene) {
    const std::string text = writeSceneToml(scene, kScenes);
    const SceneLoad again = parseScene(text, (kScenes / "round_trip.toml").string());
    EXPECT_TRUE(again.ok()) << again.errorText() << text;
    return again.ok() ? *again.scene : SceneDesc{};
}

class RoundTrip : public ::testing::TestWithParam<std::string> {};

TEST_P(RoundTrip, EveryParameterAndColliderFieldComesBack) {
    const SceneDesc original = loadOrFail(GetParam());
    const SceneDesc again = writtenAndReadBack(original);
    EXPECT_EQ(again.name, original.name);
    EXPECT_EQ(again.description, original.description);
    EXPECT_EQ(again.category, original.category);
    for (const ParamDef& def : paramTable())
        EXPECT_EQ(getParam(again.settings, def), getParam(original.settings, def)) << def.key;
    ASSERT_EQ(again.colliders.size(), original.colliders.size());
    for (std::size_t i = 0; i < original.colliders.size(); ++i)
        for (const ColliderField& field : colliderFields())  // those that do not apply too: they hold state
            EXPECT_EQ(fieldValue(field, again.colliders[i]), fieldValue(field, original.colliders[i]))
                << "collider " << i << " " << field.key;
    ASSERT_EQ(again.pinGroups.size(), original.pinGroups.size());
    for (std::size_t i = 0; i < original.pinGroups.size(); ++i)
        for (const ColliderField& field : colliderFields())
            if (fieldAppliesTo(field, original.pinGroups[i])) {
                EXPECT_EQ(fieldValue(field, again.pinGroups[i]), fieldValue(field, original.pinGroups[i]))
                    << "pin group " << i << " " << field.key;
            }
}

TEST_P(RoundTrip, TheFirst60StepsAreBitIdentical) {
    const SceneDesc original = loadOrFail(GetParam());
    const SceneDesc again = writtenAndReadBack(original);
    const std::vector<glm::vec3> a = positionsAfter(original, 60), b = positionsAfter(again, 60);
    ASSERT_EQ(a.size(), b.size());
    ASSERT_FALSE(a.empty());
    EXPECT_EQ(std::memcmp(a.data(), b.data(), a.size() * sizeof(glm::vec3)), 0);
}

INSTANTIATE_TEST_SUITE_P(Scenes, RoundTrip, ::testing::ValuesIn(everySceneFile()), fileName);

// The writer must not be the weak link for what the scenes do not use: odd
// rotations, a plane given by its normal, a phase, scripts and control characters.
TEST(RoundTrip, RotatedCollidersPhasesAndEscapesComeBackExactly) {
    const SceneLoad load = parseScene(R"(
[scene]
name = "quote \" and backslash \\"
description = "tab\there"

[[collider]]
shape = "box"
center = [0.1, 0.2, 0.3]
half_extents = [0.3, 0.1, 0.2]
rotation = [12.5, -33, 71]

[[collider]]
shape = "plane"
center = [0, 0.5, 0]
normal = [0.3, 1, -0.2]

[[collider]]
shape = "capsule"
motion = "kinematic"
script = "swing"
center = [0, 1, 0]
radius = 0.1
half_length = 0.4
rotation = [0, 135, 90]
pivot = [0, 2, 0]
axis = [0, 0, 1]
amplitude = 30
frequency = 0.5
phase = 77.7
)", (kScenes / "inline.toml").string());
    ASSERT_TRUE(load.ok()) << load.errorText();
    const SceneDesc again = writtenAndReadBack(*load.scene);
    EXPECT_EQ(again.name, load.scene->name);
    EXPECT_EQ(again.description, load.scene->description);
    ASSERT_EQ(again.colliders.size(), 3u);
    for (std::size_t i = 0; i < 3; ++i) {
        const Collider &a = load.scene->colliders[i], &b = again.colliders[i];
        EXPECT_EQ(a.home.orientation, b.home.orientation) << i;
        EXPECT_EQ(a.home.position, b.home.position) << i;
        EXPECT_EQ(a.script.phase, b.script.phase) << i;
    }
}

// The acceptance line: every scene runs 600 headless steps (10 s) without a NaN,
// without the explosion guard stepping in, and stays above its floor. The
// 128 x 128 cloth (gpu_cloth_128) is the slow one (see the figure in its file).
class EveryScene : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryScene, Runs600StepsWithoutNaNOrRecovery) {
    const SceneDesc scene = loadOrFail(GetParam());
    Simulation sim(makeWorld(scene));
    for (int i = 0; i < 600; ++i) sim.step();
    const ClothStats stats = measureCloth(sim.world());
    EXPECT_EQ(stats.nanCount, 0u);
    EXPECT_EQ(sim.recoveries(), 0) << sim.lastRecoveryMessage();
    const CollisionSettings& collision = scene.settings.collision;
    if (collision.ground) {
        EXPECT_GE(stats.minY, collision.groundHeight - 0.05f) << "fell through the floor";
    }
}

INSTANTIATE_TEST_SUITE_P(Scenes, EveryScene, ::testing::ValuesIn(everySceneFile()), fileName);

} // namespace
} // namespace cs
