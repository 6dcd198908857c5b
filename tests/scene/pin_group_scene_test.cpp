// [[pin_group]] in scene files: read through the collider/pin key table, refused
// with FILE:LINE when it cannot mean anything, and written back key for key.
#include "scene/scene.hpp"

#include <gtest/gtest.h>

namespace cs {
namespace {

// The one error of a text that should be refused, as "FILE:LINE: message".
std::string onlyError(const std::string& text) {
    const SceneLoad load = parseScene(text, "pins.toml");
    EXPECT_FALSE(load.ok());
    EXPECT_EQ(load.errors.size(), 1u) << load.errorText();
    return load.errors.empty() ? std::string() : load.errors.front().str();
}

TEST(PinGroupScenes, EveryKeyIsRead) {
    const SceneLoad load = parseScene(R"(
[[pin_group]]
uv_min = [0, 0.5]
uv_max = [0.25, 1]
script = "orbit"
axis = [1, 0, 0]
pivot = [0, 1, 0]
frequency = 0.5
start = 1
duration = 4
release = 6

[[pin_group]]
uv_min = [1, 0]
uv_max = [1, 1]
script = "path"
path = [[0, 0, 0], [0.1, 0.2, 0.3]]
speed = 0.5
loop = false
)",
                                      "pins.toml");
    ASSERT_TRUE(load.ok()) << load.errorText();
    ASSERT_EQ(load.scene->pinGroups.size(), 2u);
    const PinGroup& a = load.scene->pinGroups[0];
    EXPECT_EQ(a.uvMin, glm::vec2(0.0f, 0.5f));
    EXPECT_EQ(a.uvMax, glm::vec2(0.25f, 1.0f));
    EXPECT_EQ(a.script.kind, ScriptKind::Orbit);
    EXPECT_EQ(a.script.start, 1.0f);
    EXPECT_EQ(a.script.duration, 4.0f);
    EXPECT_EQ(a.release, 6.0f);
    const PinGroup& b = load.scene->pinGroups[1];
    EXPECT_FALSE(b.script.loop);
    EXPECT_EQ(b.script.path.size(), 2u);
    EXPECT_TRUE(std::isinf(b.release)) << "no release: held for ever";
    EXPECT_TRUE(std::isinf(b.script.duration));
}

TEST(PinGroupScenes, AnEmptyRectangleIsRefusedAtItsLine) {
    EXPECT_EQ(onlyError("[[pin_group]]\nuv_min = [0.5, 0]\nuv_max = [0.25, 1]\n"),
              "pins.toml:3: pin_group's rectangle is empty: uv_max must be >= uv_min on both axes");
}

TEST(PinGroupScenes, ANegativeDurationIsRefusedWithItsRange) {
    EXPECT_EQ(onlyError("[[pin_group]]\nuv_min = [0, 0]\nuv_max = [0, 1]\nduration = -1\n"),
              "pins.toml:4: pin_group 'duration' must be a number in [0, inf] (s)");
}

TEST(PinGroupScenes, AReleaseBeforeTheStartIsRefused) {
    EXPECT_EQ(onlyError("[[pin_group]]\nuv_min = [0, 0]\nuv_max = [0, 1]\nstart = 2\nrelease = 1\n"),
              "pins.toml:5: pin_group's release must come after its start (2.0 s)");
}

TEST(PinGroupScenes, TheRectangleMustBeGiven) {
    const std::string error = onlyError("[[pin_group]]\nuv_min = [0, 0]\n");
    EXPECT_EQ(error.rfind("pins.toml:1: a pin_group needs 'uv_max'", 0), 0u) << error;
}

TEST(PinGroupScenes, KeysOfTheOtherKindAreRefused) {
    EXPECT_EQ(onlyError("[[pin_group]]\nuv_min = [0, 0]\nuv_max = [0, 1]\nradius = 1\n")
                  .rfind("pins.toml:4: unknown pin_group key 'radius'", 0),
              0u);
    EXPECT_EQ(onlyError("[[collider]]\nshape = \"sphere\"\ncenter = [0, 0, 0]\nradius = 1\nrelease = 1\n")
                  .rfind("pins.toml:5: unknown collider key 'release'", 0),
              0u);
}

TEST(PinGroupScenes, TwoGroupsHoldingTheSameVerticesAreNamedBoth) {
    const std::string error = onlyError(R"([[pin_group]]
uv_min = [0, 0]
uv_max = [0.5, 1]

[[pin_group]]
uv_min = [0.5, 0]
uv_max = [1, 1]
)");
    EXPECT_EQ(error, "pins.toml:5: pin groups 1 (line 1) and 2 hold vertices in common while both are active: their "
                     "(u, v) rectangles meet");
    // apart, or one let go at once, they are fine
    EXPECT_TRUE(parseScene("[[pin_group]]\nuv_min = [0, 0]\nuv_max = [0.4, 1]\n[[pin_group]]\nuv_min = [0.5, 0]\n"
                           "uv_max = [1, 1]\n",
                           "pins.toml")
                    .ok());
}

TEST(PinGroupScenes, SaveAndLoadKeepEveryKey) {
    const SceneLoad load = parseScene(R"(
[[collider]]
shape = "sphere"
center = [0, 1, 0]
radius = 0.2
motion = "kinematic"
script = "path"
path = [[0, 1, 0], [0.5, 1, 0]]
loop = false
start = 0.25
duration = 3.5

[[pin_group]]
uv_min = [0.125, 0.3]
uv_max = [0.7, 0.9]
script = "swing"
axis = [0, 0, 1]
pivot = [0.1, 0.2, 0.3]
amplitude = 33.3
frequency = 0.7
phase = 12
start = 0.1
duration = 2.2
release = 3.3
)",
                                      "pins.toml");
    ASSERT_TRUE(load.ok()) << load.errorText();
    const SceneLoad again = parseScene(writeSceneToml(*load.scene), "again.toml");
    ASSERT_TRUE(again.ok()) << again.errorText();
    ASSERT_EQ(again.scene->pinGroups.size(), 1u);
    for (const ColliderField& field : colliderFields()) {
        if (fieldAppliesTo(field, load.scene->pinGroups[0])) {
            EXPECT_EQ(fieldValue(field, again.scene->pinGroups[0]), fieldValue(field, load.scene->pinGroups[0]))
                << field.key;
        }
        EXPECT_EQ(fieldValue(field, again.scene->colliders[0]), fieldValue(field, load.scene->colliders[0])) << field.key;
    }
    EXPECT_FALSE(again.scene->colliders[0].script.loop);
    EXPECT_EQ(again.scene->colliders[0].script.duration, 3.5f);
}

} // namespace
} // namespace cs
