// The registry's substeps and spring damping for each method (what tests and
// benches scale instead of naming methods) are those of its compare scene, so the
// two cannot drift apart.
#include "scene/scene.hpp"
#include "sim/solver.hpp"

#include <gtest/gtest.h>
#include <filesystem>
#include <string>

namespace cs {
namespace {

TEST(CompareScenes, ShowEachCpuMethodWithTheRegistrysTuning) {
    for (const SolverInfo& info : solverRegistry()) {
        if (info.gpu()) continue;  // a GPU twin is shown with its CPU twin's scene
        const std::filesystem::path file =
            std::filesystem::path(CLOTHSIM_SOURCE_DIR) / "scenes" / ("compare_" + std::string(info.id) + ".toml");
        const SceneLoad load = loadSceneFile(file);
        ASSERT_TRUE(load.ok()) << file << ": " << load.errorText();
        const Settings& s = load.scene->settings;
        EXPECT_EQ(s.solver.id, info.id) << file;
        EXPECT_EQ(s.solver.substeps, info.substeps) << info.id;
        if (info.springDamping > 0.0f) {
            EXPECT_EQ(s.springs.damping, info.springDamping) << info.id;
        }
    }
}

} // namespace
} // namespace cs
