// Scene files: every shipped scene loads; every kind of mistake gives FILE:LINE
// and a message naming the key and the allowed range.
#include "scene/scene.hpp"

#include <gtest/gtest.h>

namespace cs {
namespace {

const std::filesystem::path kSource = CLOTHSIM_SOURCE_DIR;

TEST(Scenes, EveryShippedSceneLoads) {
    const auto files = listSceneFiles(kSource / "scenes");
    ASSERT_GE(files.size(), 2u);
    for (const auto& file : files) {
        const SceneLoad load = loadSceneFile(file);
        EXPECT_TRUE(load.ok()) << load.errorText();
        if (!load.ok()) continue;
        EXPECT_FALSE(load.scene->name.empty()) << file;
        EXPECT_FALSE(load.scene->description.empty()) << file;
        EXPECT_FALSE(load.scene->category.empty()) << file;
    }
}

TEST(Scenes, DrapeSceneHasItsSphere) {
    const SceneLoad load = loadSceneFile(kSource / "scenes/drape_sphere.toml");
    ASSERT_TRUE(load.ok()) << load.errorText();
    ASSERT_EQ(load.scene->colliders.size(), 1u);
    EXPECT_EQ(load.scene->colliders[0].shape.kind, ShapeKind::Sphere);
    EXPECT_EQ(load.scene->settings.cloth.orientation, Orientation::Horizontal);
}

TEST(Scenes, ColliderKeysLeftOutMeanNoRotationAndAnInfinitePlane) {
    const SceneLoad load = parseScene(R"(
[[collider]]
shape = "capsule"
center = [0, 1, 0]
radius = 0.1
half_length = 0.5

[[collider]]
shape = "plane"
center = [0, 0.5, 0]
)", "defaults.toml");
    ASSERT_TRUE(load.ok()) << load.errorText();
    const Collider& capsule = load.scene->colliders[0];
    EXPECT_NEAR(capsule.home.axis(1).y, 1.0f, 1e-6f) << "a capsule stands along y unless rotated";
    const Collider& plane = load.scene->colliders[1];
    EXPECT_EQ(plane.shape.halfSize, glm::vec2(0.0f)) << "a plane is infinite unless given a size";
    EXPECT_TRUE(contactWith(plane, {50.0f, 0.49f, -70.0f}, 0.0f).has_value());
}

TEST(Scenes, AZeroPlaneNormalIsAnError) {
    const SceneLoad load = parseScene("[[collider]]\nshape = \"plane\"\ncenter = [0, 0, 0]\nnormal = [0, 0, 0]\n",
                                      "zero.toml");
    ASSERT_FALSE(load.ok());
    EXPECT_NE(load.errorText().find("zero.toml:4: collider 'normal' must not be zero"), std::string::npos)
        << load.errorText();
}

struct Malformed {
    const char* file;
    int line;             // expected line of the first error (0: no line)
    const char* mustSay;  // a piece of the message
};

void PrintTo(const Malformed& m, std::ostream* out) { *out << (m.file[0] ? m.file : "(a directory)"); }

class MalformedScene : public ::testing::TestWithParam<Malformed> {};

TEST_P(MalformedScene, ReportsFileLineAndWhy) {
    const Malformed& m = GetParam();
    const std::filesystem::path path = kSource / "tests/scene/malformed" / m.file;
    const SceneLoad load = loadSceneFile(path);
    ASSERT_FALSE(load.ok()) << m.file << " should not load";
    ASSERT_FALSE(load.errors.empty());
    const SceneError& e = load.errors.front();
    EXPECT_EQ(e.file, path.string());
    EXPECT_EQ(e.line, m.line) << e.str();
    EXPECT_NE(e.str().find(m.mustSay), std::string::npos) << e.str();
    if (m.line > 0) {
        const std::string prefix = path.string() + ":" + std::to_string(m.line) + ": ";
        EXPECT_EQ(e.str().rfind(prefix, 0), 0u) << e.str();
    }
}

// Every scene the app saved before the particle model of self-contact was removed
// names its two keys: such a file loads, with a note on each line, and the rest of it
// is read as written.
TEST(SceneFile, TheRemovedParticleModelsKeysAreReadWithANoteNotRefused) {
    const SceneLoad load = parseScene("[collision]\nself_collision = true\nself_model = \"particles\"\n"
                                      "self_thickness = 0.02\nself_radius = 0.006\n",
                                      "saved_before.toml");
    ASSERT_TRUE(load.ok()) << load.errorText();
    ASSERT_EQ(load.notes.size(), 2u);
    EXPECT_EQ(load.notes[0].str(), "saved_before.toml:3: 'collision.self_model' is ignored: it was replaced by "
                                   "triangle contact, which collision.self_collision always uses now; delete the line");
    EXPECT_EQ(load.notes[1].line, 4);
    EXPECT_NE(load.notes[1].message.find("'collision.self_thickness' is ignored: it was replaced by "
                                         "'collision.self_radius'"),
              std::string::npos)
        << load.notes[1].message;
    EXPECT_TRUE(load.scene->settings.collision.selfCollision);
    EXPECT_FLOAT_EQ(load.scene->settings.collision.selfRadius, 0.006f);
}

INSTANTIATE_TEST_SUITE_P(
    Table, MalformedScene,
    ::testing::Values(
        Malformed{"unknown_key.toml", 3, "unknown key 'cloth.resoluton' (did you mean 'cloth.resolution'?)"},
        Malformed{"retired_key.toml", 4,
                  "unknown key 'collision.self_friction': it was replaced by 'collision.self_static_friction' and "
                  "'collision.self_kinetic_friction'"},
        Malformed{"unknown_table.toml", 1, "unknown table or key 'clth' (did you mean 'cloth'?)"},
        Malformed{"wrong_type.toml", 2, "'solver.substeps': expected int (a whole number in [1, 1000])"},
        Malformed{"out_of_range.toml", 3, "'sim.dt': 0.5 is out of range (allowed [0.00416667, 0.0333333])"},
        Malformed{"syntax_error.toml", 3, "syntax error"},
        Malformed{"unknown_solver.toml", 2, "unknown solver 'rk9' (one of: explicit_euler symplectic_euler"},
        Malformed{"resolution_too_small.toml", 2, "each component in [2, 512]"},
        Malformed{"negative_radius.toml", 6, "collider 'radius' must be a number in [0.001, 100] (m)"},
        Malformed{"unknown_shape.toml", 2, "'shape' must be one of: sphere plane box capsule"},
        Malformed{"collider_key_wrong_shape.toml", 5, "collider key 'radius' does not apply to a box"},
        Malformed{"collider_needs_size.toml", 1, "a capsule collider needs 'half_length'"},
        Malformed{"dynamic_box.toml", 3, "motion 'dynamic' is only for spheres"},
        Malformed{"mass_on_static.toml", 5, "collider key 'mass' applies only with motion = \"dynamic\""},
        Malformed{"bad_path_point.toml", 6, "collider 'path' must be a non-empty list of points"},
        Malformed{"nan_value.toml", 2, "not a finite number"},
        Malformed{"does_not_exist.toml", 0, "cannot open the scene file"},
        Malformed{"", 0, "is a directory"}),
    [](const ::testing::TestParamInfo<Malformed>& param) {
        std::string name = param.param.file[0] ? param.param.file : "directory";
        for (char& c : name) if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
        return name;
    });

TEST(Scenes, EmptyFileIsTheDefaults) {
    const SceneLoad load = loadSceneFile(kSource / "tests/scene/malformed/empty.toml");
    ASSERT_TRUE(load.ok()) << load.errorText();
    EXPECT_EQ(load.scene->settings.solver.substeps, defaultSettings().solver.substeps);
    // not silently: the loader says the file was empty
    ASSERT_EQ(load.notes.size(), 1u);
    EXPECT_NE(load.notes[0].str().find("the scene file is empty"), std::string::npos) << load.notes[0].str();
    // a file with content has nothing to say
    EXPECT_TRUE(parseScene("[solver]\nsubsteps = 5 # five\n", "x.toml").notes.empty());
}

TEST(Scenes, AllErrorsAreReportedNotJustTheFirst) {
    const SceneLoad load = parseScene("[solver]\nsubsteps = 0\niterations = -1\nfoo = 1\n", "x.toml");
    ASSERT_EQ(load.errors.size(), 3u) << load.errorText();
    EXPECT_EQ(load.errors[0].line, 2);
    EXPECT_EQ(load.errors[1].line, 3);
    EXPECT_EQ(load.errors[2].line, 4);
}

TEST(Scenes, WriterRoundTrips) {
    SceneLoad load = loadSceneFile(kSource / "scenes/drape_sphere.toml");
    ASSERT_TRUE(load.ok());
    load.scene->settings.solver.substeps = 33;
    load.scene->settings.cloth.resolution = {17, 9};
    load.scene->settings.wind.direction = {0.25f, -0.5f, 1.0f};
    const std::string text = writeSceneToml(*load.scene);
    const SceneLoad again = parseScene(text, "written.toml");
    ASSERT_TRUE(again.ok()) << again.errorText() << text;
    for (const ParamDef& def : paramTable())
        EXPECT_EQ(getParam(again.scene->settings, def), getParam(load.scene->settings, def)) << def.key;
    ASSERT_EQ(again.scene->colliders.size(), 1u);
    EXPECT_EQ(again.scene->colliders[0].shape.radius, load.scene->colliders[0].shape.radius);
    EXPECT_EQ(again.scene->name, load.scene->name);
}

TEST(Overrides, AcceptTheSceneSpellings) {
    Settings s = defaultSettings();
    EXPECT_EQ(applyOverride(s, "solver=xpbd"), "");
    EXPECT_EQ(applyOverride(s, "solver.substeps=20"), "");
    EXPECT_EQ(applyOverride(s, "sim.dt=0.008333"), "");
    EXPECT_EQ(applyOverride(s, "cloth.resolution=[64,64]"), "");
    EXPECT_EQ(applyOverride(s, "cloth.spacing=0.02"), "");
    EXPECT_EQ(applyOverride(s, "wind.strength=3"), "");
    EXPECT_EQ(applyOverride(s, "sim.gravity=[0,-1.62,0]"), "");
    EXPECT_EQ(applyOverride(s, "cloth.orientation=horizontal"), "");
    EXPECT_EQ(s.cloth.resolution, glm::ivec2(64, 64));
    EXPECT_FLOAT_EQ(s.sim.dt, 0.008333f);
    EXPECT_FLOAT_EQ(s.wind.strength, 3.0f);
    EXPECT_FLOAT_EQ(s.sim.gravity.y, -1.62f);
    EXPECT_EQ(s.cloth.orientation, Orientation::Horizontal);
}

TEST(Overrides, RejectWithTheSameMessages) {
    Settings s = defaultSettings();
    EXPECT_NE(applyOverride(s, "solver.substeps=0").find("allowed [1, 1000]"), std::string::npos);
    EXPECT_NE(applyOverride(s, "solver.substeps=abc").find("int"), std::string::npos);
    EXPECT_NE(applyOverride(s, "cloth.resolution=[64]").find("int[2]"), std::string::npos);
    EXPECT_NE(applyOverride(s, "nope=1").find("unknown key 'nope'"), std::string::npos);
    EXPECT_NE(applyOverride(s, "collision.self_friction=0.3").find("replaced by 'collision.self_static_friction'"),
              std::string::npos);
    EXPECT_NE(applyOverride(s, "collision.self_thickness=0.02").find("replaced by 'collision.self_radius'"),
              std::string::npos);
    EXPECT_NE(applyOverride(s, "collision.self_model=triangles").find("replaced by triangle contact"),
              std::string::npos);
    EXPECT_NE(applyOverride(s, "solver=euler").find("unknown solver"), std::string::npos);
    EXPECT_NE(applyOverride(s, "sim.dt=nan").find("finite"), std::string::npos);
    EXPECT_NE(applyOverride(s, "novalue").find("KEY=VALUE"), std::string::npos);
    EXPECT_EQ(s.solver.substeps, defaultSettings().solver.substeps);
}

} // namespace
} // namespace cs
