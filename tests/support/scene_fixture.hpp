#pragma once
// Loading the shipped scenes in tests, through the same loader as the app.
#include "scene/scene.hpp"

#include <cctype>
#include <filesystem>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace cs::test {

inline const std::filesystem::path kScenes = std::filesystem::path(CLOTHSIM_SOURCE_DIR) / "scenes";

// Every scene file shipped in scenes/ (file names, sorted): a new scene is tested
// by the suites that take this list without a line of code.
inline std::vector<std::string> everySceneFile() {
    std::vector<std::string> files;
    for (const std::filesystem::path& path : listSceneFiles(kScenes)) files.push_back(path.filename().string());
    return files;
}

// "drape_sphere.toml" -> "drape_sphere": a test name for a scene file.
inline std::string sceneTestName(const std::string& file) {
    std::string name = std::filesystem::path(file).stem().string();
    for (char& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    return name;
}

// scenes/FILE with the --set style overrides applied; a failed load fails the test
// (with the loader's message) and returns an empty scene.
inline SceneDesc loadOrFail(const std::string& file, const std::vector<std::string>& overrides = {}) {
    const SceneLoad load = loadSceneFile(kScenes / file, overrides);
    EXPECT_TRUE(load.ok()) << load.errorText();
    return load.ok() ? *load.scene : SceneDesc{};
}

// The same with the recommended settings of the method the overrides name (the
// last --set solver=ID, else the scene's own), from the shipped compare scenes.
inline SceneDesc loadRecommendedOrFail(const std::string& file, const std::vector<std::string>& overrides = {}) {
    const SceneLoad load =
        loadSceneFile(kScenes / file, SceneLoadOptions{.overrides = overrides, .recommended = true, .compareFolder = kScenes});
    EXPECT_TRUE(load.ok()) << load.errorText();
    return load.ok() ? *load.scene : SceneDesc{};
}

} // namespace cs::test
