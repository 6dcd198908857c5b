#pragma once
// Loading the shipped scenes in tests, through the same loader as the app.
#include "scene/scene.hpp"

#include <filesystem>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace cs::test {

inline const std::filesystem::path kScenes = std::filesystem::path(CLOTHSIM_SOURCE_DIR) / "scenes";

// scenes/FILE with the --set style overrides applied; a failed load fails the test
// (with the loader's message) and returns an empty scene.
inline SceneDesc loadOrFail(const std::string& file, const std::vector<std::string>& overrides = {}) {
    const SceneLoad load = loadSceneFile(kScenes / file, overrides);
    EXPECT_TRUE(load.ok()) << load.errorText();
    return load.ok() ? *load.scene : SceneDesc{};
}

} // namespace cs::test
