// Degenerate requests at every entry point, on the real executable: what is illegal
// fails with exit code 2 and names the file and line (scenes) or the key (--set)
// and the allowed range; what is legal but degenerate runs with finite stats.
// --strict turns any recovery of the explosion guard into exit code 3.
//
// Shaders that fail to compile are covered in tests/render/shader_views_test.cpp
// (BrokenShaderStopsTheStartAndNamesTheFile, FailedReloadKeepsThePreviousProgram);
// an unreadable shader file is below (it needs a window: skipped without Xvfb).
#include "../support/run_process.hpp"
#include "sim/solver.hpp"
#include "../support/temp_dir.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace cs::test {
namespace {

const std::string kExe = CLOTHSIM_EXE;
const std::filesystem::path kSource = CLOTHSIM_SOURCE_DIR;
const std::string kHanging = (kSource / "scenes/hanging.toml").string();
// every CPU method of the registry (a GPU twin runs its CPU twin here, without a context)
const std::vector<std::string> kCpuSolvers = [] {
    std::vector<std::string> ids;
    for (std::string_view id : solverIds([](const SolverInfo& info) { return !info.gpu(); })) ids.emplace_back(id);
    return ids;
}();

using Json = nlohmann::json;

std::string malformed(const char* file) { return (kSource / "tests/scene/malformed" / file).string(); }

ProcessResult headless(const std::string& arguments) {
    return runProcess(kExe + " --headless " + arguments + " 2>&1");
}

// Exit code 2, and the message names where and the allowed range.
void expectRejected(const std::string& arguments, const std::string& message) {
    const ProcessResult r = headless(arguments + " --steps 1");
    EXPECT_EQ(r.exitCode, 2) << arguments << "\n" << r.out;
    EXPECT_NE(r.out.find(message), std::string::npos) << arguments << "\n" << r.out;
}

// Runs, exit code 0, and every number of the stats is finite.
// Strict: text that is not exactly one JSON object fails the test.
Json expectRunsFinite(const std::string& arguments) {
    const ProcessResult r = runProcess(kExe + " --headless " + arguments + " --stats-json - 2>/dev/null");
    EXPECT_EQ(r.exitCode, 0) << arguments;
    const Json json = Json::parse(r.out, nullptr, /*allow_exceptions=*/false);
    EXPECT_TRUE(json.is_object()) << arguments << "\n" << r.out;
    if (!json.is_object()) return {};
    // non-finite numbers are written as null, so every one of these being a number is the check
    for (const char* key : {"kinetic_energy", "max_stretch_ratio", "min_y", "sim_time_s"})
        EXPECT_TRUE(json.at(key).is_number()) << arguments << ": " << key;
    for (const Json& x : json.at("centroid")) EXPECT_TRUE(x.is_number()) << arguments;
    EXPECT_EQ(json.at("nan_count").get<double>(), 0) << arguments;
    return json;
}

TEST(DegenerateInputs, ResolutionOneByOneIsRejected) {
    expectRejected("--scene " + kHanging + " --set cloth.resolution=[1,1]",
                   "--set cloth.resolution=[1,1]: 'cloth.resolution': [1, 1] is out of range (allowed each "
                   "component in [2, 512])");
    expectRejected("--scene " + malformed("resolution_too_small.toml"),
                   malformed("resolution_too_small.toml") + ":2: 'cloth.resolution': [1, 1] is out of range");
}

TEST(DegenerateInputs, ResolutionAboveTheMaximumIsRejected) {
    expectRejected("--scene " + kHanging + " --set cloth.resolution=[100000,2]",
                   "'cloth.resolution': [100000, 2] is out of range (allowed each component in [2, 512])");
    expectRejected("--scene " + malformed("resolution_too_large.toml"),
                   malformed("resolution_too_large.toml") +
                       ":2: 'cloth.resolution': [513, 600] is out of range (allowed each component in [2, 512])");
}

TEST(DegenerateInputs, TwoByTwoRunsWithEverySolver) {
    for (const std::string& solver : kCpuSolvers) {
        const Json j = expectRunsFinite("--scene " + kHanging + " --steps 60 --set cloth.resolution=[2,2] --set solver=" +
                                        solver);
        if (j.is_object()) {
            EXPECT_EQ(j.at("particles").get<double>(), 4) << solver;
        }
    }
}

TEST(DegenerateInputs, ZeroOrNegativeSpacingIsRejected) {
    expectRejected("--scene " + kHanging + " --set cloth.spacing=0",
                   "'cloth.spacing': 0 is out of range (allowed [0.001, 1])");
    expectRejected("--scene " + kHanging + " --set cloth.spacing=-1",
                   "'cloth.spacing': -1 is out of range (allowed [0.001, 1])");
    expectRejected("--scene " + malformed("zero_spacing.toml"),
                   malformed("zero_spacing.toml") + ":2: 'cloth.spacing': 0 is out of range (allowed [0.001, 1])");
    expectRejected("--scene " + malformed("negative_spacing.toml"),
                   malformed("negative_spacing.toml") + ":2: 'cloth.spacing': -0.05 is out of range");
}

TEST(DegenerateInputs, ZeroMassIsRejected) {
    expectRejected("--scene " + kHanging + " --set cloth.particle_mass=0",
                   "'cloth.particle_mass': 0 is out of range (allowed [1e-05, 10])");
    expectRejected("--scene " + kHanging + " --set cloth.density=0",
                   "'cloth.density': 0 is out of range (allowed [0.005, 5])");
    expectRejected("--scene " + malformed("zero_particle_mass.toml"),
                   malformed("zero_particle_mass.toml") + ":3: 'cloth.particle_mass': 0 is out of range");
    expectRejected("--scene " + malformed("zero_density.toml"),
                   malformed("zero_density.toml") + ":2: 'cloth.density': 0 is out of range");
}

TEST(DegenerateInputs, AllParticlesPinnedStayPutWithEverySolver) {
    // a 2 x 2 cloth's border is all of it; a pin box around an 8 x 8 cloth pins every particle
    for (const std::string& solver : kCpuSolvers) {
        for (const std::string pins : {"--set cloth.resolution=[2,2] --set cloth.pins=border",
                                       "--set cloth.resolution=[8,8] --set cloth.pin_region_min=[-5,-5,-5] "
                                       "--set cloth.pin_region_max=[5,5,5]"}) {
            const Json j = expectRunsFinite("--scene " + kHanging + " --steps 60 --set solver=" + solver + " " + pins);
            if (!j.is_object()) continue;
            const Json& piece = j.at("piece_list").at(0);
            EXPECT_EQ(piece.at("pinned").get<double>(), j.at("particles").get<double>()) << solver << " " << pins;
            EXPECT_EQ(j.at("kinetic_energy").get<double>(), 0.0) << solver << " " << pins;
        }
    }
}

TEST(DegenerateInputs, NoParticlePinnedFallsWithEverySolver) {
    for (const std::string& solver : kCpuSolvers) {
        // forward Euler needs its tiny substeps and spring damping (the registry's tuning, as in
        // compare_explicit_euler.toml); the others keep 20, where Verlet's h^2 g is not lost to
        // rounding at a height of 2 m
        const SolverInfo& info = *findSolver(solver);
        const std::string euler = info.stability == Stability::NeedsDamping
                                      ? " --set solver.substeps=" + std::to_string(info.substeps) +
                                            " --set springs.damping=" + std::to_string(info.springDamping)
                                      : "";
        const Json j = expectRunsFinite("--scene " + kHanging + " --steps 30 --set cloth.resolution=[6,6] "
                                        "--set cloth.pins=none --set solver=" + solver + euler);
        if (!j.is_object()) continue;
        EXPECT_EQ(j.at("piece_list").at(0).at("pinned").get<double>(), 0) << solver;
        // hanging.toml's cloth starts with its top edge at 2 m; half a second of free fall is 1.2 m
        EXPECT_LT(j.at("centroid").at(1).get<double>(), 1.8) << solver;
    }
}

TEST(DegenerateInputs, ZeroSizeCollidersAreRejected) {
    expectRejected("--scene " + malformed("zero_radius.toml"),
                   malformed("zero_radius.toml") + ":4: collider 'radius' must be a number in [0.001, 100] (m)");
    expectRejected("--scene " + malformed("zero_box.toml"),
                   malformed("zero_box.toml") +
                       ":4: collider 'half_extents' must be three numbers [x, y, z], each in [0.001, 100] (m)");
}

TEST(DegenerateInputs, CollidersInsideEachOtherAreNamedAndRunWithoutRecovery) {
    // a sphere inside a sphere inside a box, and two dynamic spheres started in one place
    const TempDir dir("degenerate_inside");
    const auto file = dir / "inside.toml";
    std::ofstream(file) << "[cloth]\nresolution = [8, 8]\n"
                           "[[collider]]\nshape = \"box\"\ncenter = [0.0, 1.0, 0.3]\nhalf_extents = [0.5, 0.5, 0.5]\n"
                           "[[collider]]\nshape = \"sphere\"\ncenter = [0.0, 1.0, 0.3]\nradius = 0.4\n"
                           "[[collider]]\nshape = \"sphere\"\ncenter = [0.0, 1.0, 0.3]\nradius = 0.2\n"
                           "[[collider]]\nshape = \"sphere\"\nmotion = \"dynamic\"\ncenter = [0.0, 1.0, 0.3]\n"
                           "radius = 0.3\nmass = 1.0\n"
                           "[[collider]]\nshape = \"sphere\"\nmotion = \"dynamic\"\ncenter = [0.0, 1.0, 0.3]\n"
                           "radius = 0.2\nmass = 1.0\n";
    // it runs, but not silently: each pair is named at the later collider's table
    const ProcessResult said = headless("--scene " + file.string() + " --steps 1");
    EXPECT_EQ(said.exitCode, 0) << said.out;
    EXPECT_NE(said.out.find(file.string() + ":7: colliders 0 (box) and 1 (sphere) are inside each other: 1 lies "
                                            "wholly inside 0 (0.1 m from its surface)"),
              std::string::npos) << said.out;
    EXPECT_NE(said.out.find(file.string() + ":21: colliders 3 (sphere) and 4 (sphere) are inside each other: 4 lies "
                                            "wholly inside 3 (0.1 m from its surface)"),
              std::string::npos) << said.out;
    const Json j = expectRunsFinite("--scene " + file.string() + " --steps 120 --strict");
    if (!j.is_object()) return;
    EXPECT_EQ(j.at("recoveries").get<double>(), 0);
    for (const Json& body : j.at("rigid_bodies"))
        for (const Json& x : body.at("position")) EXPECT_TRUE(x.is_number());
}

TEST(DegenerateInputs, NanOrInfInAFieldIsRejected) {
    for (const std::string value : {"nan", "inf", "-inf", "+inf"})
        expectRejected("--scene " + kHanging + " --set cloth.spacing=" + value,
                       "--set cloth.spacing=" + value +
                           ": 'cloth.spacing': value is not a finite number (allowed [0.001, 1])");
    // TOML spells them in lower case only: anything else is not a number at all
    expectRejected("--scene " + kHanging + " --set cloth.spacing=NaN",
                   "'cloth.spacing': cannot read 'NaN' as float (allowed [0.001, 1])");
    expectRejected("--scene " + kHanging + " --set sim.gravity=[0,nan,0]", "'sim.gravity': value is not a finite number");
    expectRejected("--scene " + malformed("nan_value.toml"),
                   malformed("nan_value.toml") + ":2: 'wind.strength': value is not a finite number (allowed [0, 50])");
    expectRejected("--scene " + malformed("inf_value.toml"),
                   malformed("inf_value.toml") + ":2: 'cloth.spacing': value is not a finite number (allowed [0.001, 1])");
    expectRejected("--scene " + malformed("negative_inf_vector.toml"),
                   malformed("negative_inf_vector.toml") + ":2: 'sim.gravity': value is not a finite number");
}

TEST(DegenerateInputs, EmptySceneFileIsTheDefaults) {
    // a scene file states only what differs from the defaults (tests/scene/scene_test.cpp,
    // EmptyFileIsTheDefaults): an empty one is the default scene, run as such
    const TempDir dir("degenerate_empty");
    std::ofstream(dir / "empty.toml").flush();
    const Json j = expectRunsFinite("--scene " + (dir / "empty.toml").string() + " --steps 10");
    if (j.is_object()) {
        EXPECT_EQ(j.at("solver").get<std::string>(), "xpbd");
    }
    expectRunsFinite("--scene " + malformed("empty.toml") + " --steps 10");
}

TEST(DegenerateInputs, BinarySceneFileIsRejected) {
    const TempDir dir("degenerate_binary");
    {
        std::ofstream out(dir / "nul.toml", std::ios::binary);
        out << std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16);
        std::ofstream utf(dir / "latin1.toml", std::ios::binary);
        utf << "[cloth]\nspacing = 0.05\n\xff\xfe\x80\x81\n";
    }
    expectRejected("--scene " + (dir / "nul.toml").string(),
                   (dir / "nul.toml").string() + ":1: is not a text file (contains NUL bytes)");
    // toml++ places the bad bytes of line 3 at the end of line 2
    expectRejected("--scene " + (dir / "latin1.toml").string(),
                   (dir / "latin1.toml").string() + ":2: syntax error: Encountered invalid utf-8 sequence");
}

TEST(DegenerateInputs, SceneFileThatIsADirectoryIsRejected) {
    const TempDir dir("degenerate_folder");
    expectRejected("--scene " + dir.str(), dir.str() + ": is a directory, not a scene file");
}

TEST(DegenerateInputs, StrictExitsThreeOnARecoveryAndZeroOnACalmRun) {
    // forward Euler at 5 substeps explodes within the first steps
    ProcessResult r = headless("--scene " + kHanging + " --steps 30 --set solver=explicit_euler "
                               "--set solver.substeps=5 --strict --stats-json /dev/null");
    EXPECT_EQ(r.exitCode, 3) << r.out;
    EXPECT_NE(r.out.find("--strict: the explosion guard recovered"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("limit"), std::string::npos) << "the message names the limit:\n" << r.out;
    // without --strict the same run exits 0 and the JSON carries the message
    r = runProcess(kExe + " --headless --scene " + kHanging + " --steps 30 --set solver=explicit_euler "
                   "--set solver.substeps=5 --stats-json - 2>/dev/null");
    EXPECT_EQ(r.exitCode, 0);
    const Json j = Json::parse(r.out, nullptr, /*allow_exceptions=*/false);
    ASSERT_TRUE(j.is_object()) << r.out;
    EXPECT_GT(j.at("recoveries").get<double>(), 0);
    EXPECT_NE(j.at("last_recovery").get<std::string>().find("restored t = "), std::string::npos);

    r = headless("--scene " + kHanging + " --steps 30 --strict --stats-json /dev/null");
    EXPECT_EQ(r.exitCode, 0) << r.out;
    EXPECT_EQ(runProcess(kExe + " --strict 2>&1").exitCode, 2) << "--strict needs --headless";
}

TEST(DegenerateInputs, UnreadableShaderFileStopsTheStartAndNamesTheFile) {
    if (std::system("command -v Xvfb > /dev/null 2>&1") != 0) GTEST_SKIP() << "no Xvfb";
    const TempDir dir("degenerate_shader");
    std::filesystem::copy(kSource / "shaders", dir / "shaders", std::filesystem::copy_options::recursive);
    std::filesystem::copy(kSource / "assets", dir / "assets", std::filesystem::copy_options::recursive);
    // a folder where the file should be: it opens, but there is nothing to read
    std::filesystem::remove(dir / "shaders/strain.frag");
    std::filesystem::create_directory(dir / "shaders/strain.frag");
    // clothsim's own exit code is echoed inside the X session, so that it is never
    // mistaken for a problem of the server (own_xvfb.sh exits 1 when none starts)
    const std::string app = kExe + " --scene " + kHanging + " --frames 1 --size 64x64 --screenshot " +
                            (dir / "x.png").string() + " 2>&1; echo clothsim_exit=$?";
    const std::string xvfb = (kSource / "tests/support/own_xvfb.sh").string();
    const ProcessResult r = runProcess("CLOTHSIM_DATA_DIR=" + dir.str() + " " + xvfb + " sh -c '" + app + "' 2>&1");
    EXPECT_NE(r.out.find("clothsim_exit=1"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("cannot read shader file " + (dir / "shaders/strain.frag").string()), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("cannot start without shaders"), std::string::npos) << r.out;
    EXPECT_FALSE(std::filesystem::exists(dir / "x.png"));
}

} // namespace
} // namespace cs::test
