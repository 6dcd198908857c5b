// Each method's recommended settings (scenes/compare_<id>.toml) on another scene:
// exactly the keys the compare scene sets in the method's tables, nothing of the
// tables it leaves out, and nothing of the scene's cloth, colliders or contact; an
// explicit --set still wins; a GPU id or a method without a compare scene is an error.
#include "../support/scene_fixture.hpp"
#include "../support/temp_dir.hpp"
#include "scene/scene.hpp"
#include "sim/params.hpp"
#include "sim/solver.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <string>
#include <vector>

namespace cs {
namespace {

using test::kScenes;
using test::loadOrFail;

std::string prefixOf(std::string_view key) { return std::string(key.substr(0, key.find('.'))); }

bool inMethodSection(const ParamDef& def) {
    const std::vector<std::string> sections = methodSections();
    return std::find(sections.begin(), sections.end(), prefixOf(def.key)) != sections.end();
}

// The "table.key" lines a compare scene writes, read line by line (not by the
// loader under test): [table] headers, then `key = value  # comment`.
std::set<std::string> keysWritten(const std::filesystem::path& file) {
    std::set<std::string> keys;
    std::ifstream in(file);
    std::string line, table;
    while (std::getline(in, line)) {
        const std::size_t first = line.find_first_not_of(" \t");
        if (first == std::string::npos || line[first] == '#') continue;
        if (line[first] == '[') {
            table = line.substr(first + 1, line.find(']') - first - 1);
            continue;
        }
        const std::size_t eq = line.find('=');
        if (eq == std::string::npos) continue;
        std::string key = line.substr(first, eq - first);
        key.erase(key.find_last_not_of(" \t") + 1);
        keys.insert(table + "." + key);
    }
    return keys;
}

TEST(Recommended, TheMethodTablesAreTheSolverGroupOfTheParameterTable) {
    std::vector<std::string> sections = methodSections();
    std::sort(sections.begin(), sections.end());
    EXPECT_EQ(sections, (std::vector<std::string>{"implicit", "jakobsen", "pbd", "projective", "provot", "solver", "springs",
                                                "vbd"}));
}

// Every CPU method of the registry onto the heap: the compare scene's values where it
// sets a key of the method's tables, the heap's everywhere else.
TEST(Recommended, EveryCpuMethodOnTheHeapTakesExactlyWhatItsCompareSceneSets) {
    const SceneDesc heap = loadOrFail("heap.toml");
    for (const std::string_view id : solverIds([](const SolverInfo& info) { return !info.gpu(); })) {
        SCOPED_TRACE(std::string(id));
        const std::filesystem::path file = compareScenePath(id, kScenes);
        EXPECT_EQ(file, kScenes / ("compare_" + std::string(id) + ".toml"));
        const SceneDesc compare = loadOrFail(file.filename().string());
        const std::set<std::string> written = keysWritten(file);

        Settings settings = heap.settings;
        ASSERT_EQ(applyRecommendedSettings(settings, id, kScenes), "");
        EXPECT_EQ(settings.solver.id, id);
        int taken = 0;
        for (const ParamDef& def : paramTable()) {
            if (def.key == "solver.id") continue;
            const bool fromCompare = inMethodSection(def) && written.count(std::string(def.key));
            taken += fromCompare;
            const ParamValue expected = getParam(fromCompare ? compare.settings : heap.settings, def);
            EXPECT_EQ(getParam(settings, def), expected)
                << def.key << (fromCompare ? ": the compare scene's " : ": the heap's ") << formatValue(expected);
        }
        EXPECT_GE(taken, 2) << "every compare scene sets at least its substeps and air drag";

        // the same through the loader, which also keeps the heap's colliders and text
        const SceneLoad load = loadSceneFile(kScenes / "heap.toml",
                                             SceneLoadOptions{.overrides = {"solver=" + std::string(id)},
                                                              .recommended = true, .compareFolder = kScenes});
        ASSERT_TRUE(load.ok()) << load.errorText();
        SceneDesc expected = heap;
        expected.settings = settings;
        EXPECT_EQ(writeSceneToml(*load.scene), writeSceneToml(expected));
        EXPECT_EQ(load.scene->colliders.size(), heap.colliders.size());
    }
}

TEST(Recommended, AnExplicitSetWinsAndTheLastSolverNamedIsTheMethod) {
    const SceneLoadOptions pbd{.overrides = {"solver=pbd", "solver.iterations=7", "pbd.bend_stiffness=0.5"},
                               .recommended = true, .compareFolder = kScenes};
    const SceneLoad load = loadSceneFile(kScenes / "heap.toml", pbd);
    ASSERT_TRUE(load.ok()) << load.errorText();
    const Settings& s = load.scene->settings;
    EXPECT_EQ(s.solver.id, "pbd");
    EXPECT_EQ(s.solver.iterations, 7) << "--set wins over compare_pbd's 5";
    EXPECT_EQ(s.pbd.bendStiffness, 0.5f) << "--set wins over compare_pbd's 0.2";
    EXPECT_EQ(s.pbd.stretchStiffness, 1.0f);
    EXPECT_EQ(s.solver.substeps, 4) << "compare_pbd's, not the heap's 20";
    EXPECT_TRUE(s.solver.tethers);
    EXPECT_EQ(s.solver.bendCompliance, 0.2f) << "compare_pbd leaves it out: the heap's";
    EXPECT_TRUE(s.collision.selfCollision);

    // solver.id is the long form; the last one named is the method
    const SceneLoad jakobsen = loadSceneFile(
        kScenes / "heap.toml",
        SceneLoadOptions{.overrides = {"solver=pbd", "solver.id=jakobsen"}, .recommended = true, .compareFolder = kScenes});
    ASSERT_TRUE(jakobsen.ok()) << jakobsen.errorText();
    EXPECT_EQ(jakobsen.scene->settings.solver.id, "jakobsen");
    EXPECT_EQ(jakobsen.scene->settings.jakobsen.relaxation, 1.0f);
    EXPECT_EQ(jakobsen.scene->settings.solver.iterations, 5);

    // no --set solver: the scene's own method (the heap's xpbd)
    const SceneLoad own =
        loadSceneFile(kScenes / "heap.toml", SceneLoadOptions{.recommended = true, .compareFolder = kScenes});
    ASSERT_TRUE(own.ok()) << own.errorText();
    EXPECT_EQ(own.scene->settings.solver.id, "xpbd");
    EXPECT_EQ(own.scene->settings.solver.bendCompliance, 0.05f) << "compare_xpbd's, not the heap's 0.2";

    // without --recommended nothing of the compare scene is taken
    const SceneLoad plain = loadSceneFile(kScenes / "heap.toml", SceneLoadOptions{.overrides = {"solver=pbd"}});
    ASSERT_TRUE(plain.ok()) << plain.errorText();
    EXPECT_EQ(plain.scene->settings.solver.substeps, 20);
}

TEST(Recommended, GpuUnknownAndMissingMethodsAreErrors) {
    const Settings heap = loadOrFail("heap.toml").settings;
    const auto text = [](const Settings& s) {
        SceneDesc scene;
        scene.settings = s;
        return writeSceneToml(scene);
    };
    const std::string heapText = text(heap);
    const auto untouched = [&](const Settings& s) { return text(s) == heapText; };

    const std::vector<std::string_view> gpu = solverIds(SolverFamily::Gpu);
    EXPECT_FALSE(gpu.empty());
    for (const std::string_view id : gpu) {
        Settings s = heap;
        const std::string error = applyRecommendedSettings(s, id, kScenes);
        EXPECT_NE(error.find("'" + std::string(id) + "' is a GPU solver"), std::string::npos) << error;
        EXPECT_NE(error.find("--set solver=" + std::string(findSolver(id)->cpuTwin) + " --recommended"),
                  std::string::npos) << error;
        EXPECT_TRUE(untouched(s)) << id;

        const SceneLoad load = loadSceneFile(
            kScenes / "heap.toml",
            SceneLoadOptions{.overrides = {"solver=" + std::string(id)}, .recommended = true, .compareFolder = kScenes});
        ASSERT_FALSE(load.ok()) << id;
        ASSERT_EQ(load.errors.size(), 1u);
        EXPECT_EQ(load.errors[0].str(), "--recommended: " + error);
    }

    Settings s = heap;
    EXPECT_EQ(applyRecommendedSettings(s, "nope", kScenes), "unknown solver 'nope' (see --list-solvers)");
    EXPECT_TRUE(untouched(s));

    // a method without a compare scene: a folder that has none
    const test::TempDir empty("recommended_none");
    std::string error = applyRecommendedSettings(s, "pbd", empty.path());
    EXPECT_NE(error.find("'pbd' has no recommended settings: there is no " + (empty / "compare_pbd.toml").string()),
              std::string::npos) << error;
    EXPECT_TRUE(untouched(s));

    // a compare scene that does not load, or shows another method
    const test::TempDir broken("recommended_broken");
    std::ofstream(broken / "compare_pbd.toml") << "[solver]\nid = \"pbd\"\n[pbd]\nstretch_stiffness = 3.0\n";
    std::ofstream(broken / "compare_verlet.toml") << "[solver]\nid = \"rk4\"\nsubsteps = 3\n";
    error = applyRecommendedSettings(s, "pbd", broken.path());
    EXPECT_NE(error.find((broken / "compare_pbd.toml").string() + ":4: 'pbd.stretch_stiffness'"), std::string::npos)
        << error;
    error = applyRecommendedSettings(s, "verlet", broken.path());
    EXPECT_NE(error.find("shows solver 'rk4', not 'verlet'"), std::string::npos) << error;
    EXPECT_TRUE(untouched(s));
}

} // namespace
} // namespace cs
