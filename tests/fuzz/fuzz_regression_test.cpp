// Every input in tests/fuzz/regressions/ and the seed corpus, replayed through the
// normal (gcc) scene reader, `--set` and the OBJ importer with the fuzz targets' checks. An input
// that once crashed or broke a promise is saved under regressions/ and stays fixed.
#include "fuzz/fuzz_checks.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace {

namespace fs = std::filesystem;

std::vector<fs::path> inputsIn(const std::string& kind) {
    const fs::path root = fs::path(CLOTHSIM_SOURCE_DIR) / "tests/fuzz";
    std::vector<fs::path> files;
    for (const char* folder : {"regressions", "corpus"}) {
        const fs::path dir = root / folder / kind;
        if (!fs::is_directory(dir)) continue;
        for (const auto& entry : fs::directory_iterator(dir))
            if (entry.is_regular_file() && entry.path().filename() != "README") files.push_back(entry.path());
    }
    return files;
}

std::string readBytes(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

TEST(FuzzRegressions, SceneInputsKeepThePromise) {
    const auto files = inputsIn("scene");
    ASSERT_GE(files.size(), 5u) << "the scene corpus is missing";
    for (const auto& file : files) EXPECT_EQ(cs::fuzz::checkSceneText(readBytes(file)), "") << file;
}

TEST(FuzzRegressions, SetInputsKeepThePromise) {
    const auto files = inputsIn("set");
    ASSERT_GE(files.size(), 5u) << "the --set corpus is missing";
    for (const auto& file : files) EXPECT_EQ(cs::fuzz::checkAssignment(readBytes(file)), "") << file;
}

TEST(FuzzRegressions, ObjInputsKeepThePromise) {
    const auto files = inputsIn("obj");
    ASSERT_GE(files.size(), 12u) << "the OBJ corpus is missing";
    for (const auto& file : files) EXPECT_EQ(cs::fuzz::checkObjText(readBytes(file)), "") << file;
}

// The checks themselves can fail: a value outside its row's range is reported.
TEST(FuzzRegressions, ChecksSeeAnOutOfRangeValue) {
    cs::Settings settings = cs::defaultSettings();
    ASSERT_EQ(cs::fuzz::firstInvalidParam(settings), "");
    const cs::ParamDef* substeps = cs::findParam("solver.substeps");
    ASSERT_TRUE(substeps && substeps->type == cs::ParamType::Int && substeps->field);
    *static_cast<int*>(substeps->field(settings)) = static_cast<int>(substeps->maxValue) + 1;
    EXPECT_NE(cs::fuzz::firstInvalidParam(settings), "");
}

// ... and so can the mesh check: a NaN, an index past the end, an error without a place.
TEST(FuzzRegressions, ChecksSeeABrokenMesh) {
    cs::MeshImport mesh = cs::importObjText("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n", "m.obj", {}, false);
    ASSERT_TRUE(mesh.shape) << mesh.error;
    ASSERT_EQ(cs::fuzz::checkMeshImport(mesh, "m.obj"), "");
    cs::MeshImport nan = mesh;
    nan.shape->positions[1].y = std::nanf("");
    EXPECT_EQ(cs::fuzz::checkMeshImport(nan, "m.obj"), "vertex 1 is not finite");
    cs::MeshImport far = mesh;
    far.shape->triangles[0].z = 3;
    EXPECT_EQ(cs::fuzz::checkMeshImport(far, "m.obj"), "triangle 0 names vertex 3 of 3");
    const cs::MeshImport nowhere{.shape = std::nullopt, .error = "something is wrong"};
    EXPECT_NE(cs::fuzz::checkMeshImport(nowhere, "m.obj"), "");
    const cs::MeshImport placed{.shape = std::nullopt, .error = "m.obj:12: something is wrong"};
    EXPECT_EQ(cs::fuzz::checkMeshImport(placed, "m.obj"), "");
}

} // namespace
