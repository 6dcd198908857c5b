// The command-line contract, exercised on the real executable.
#include "../support/run_process.hpp"
#include "sim/solver.hpp"
#include "../support/temp_dir.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sstream>

namespace cs::test {
namespace {

const std::string kExe = CLOTHSIM_EXE;
const std::string kSource = CLOTHSIM_SOURCE_DIR;

std::string scene(const char* name) { return kSource + "/scenes/" + name; }

using Json = nlohmann::json;

// Strict: text that is not exactly one JSON value fails the test (a discarded value,
// whose every .at() throws).
Json runHeadlessJson(const std::string& arguments) {
    const ProcessResult r = runProcess(kExe + " --headless " + arguments + " --stats-json - 2>/dev/null");
    EXPECT_EQ(r.exitCode, 0) << arguments;
    Json json = Json::parse(r.out, nullptr, /*allow_exceptions=*/false);
    EXPECT_FALSE(json.is_discarded()) << "not valid JSON:\n" << r.out;
    return json;
}

TEST(CommandLine, HeadlessWritesEveryContractKey) {
    const Json j = runHeadlessJson("--scene " + scene("hanging.toml") + " --steps 30");
    ASSERT_TRUE(j.is_object());
    for (const char* key : {"scene", "solver", "steps", "dt", "particles", "constraints", "sim_time_s",
                            "wall_ms_per_step_mean", "wall_ms_per_step_median", "max_stretch_ratio",
                            "max_penetration", "min_y", "centroid", "bbox_min", "bbox_max", "kinetic_energy",
                            "nan_count"})
        EXPECT_TRUE(j.contains(key)) << key;
    EXPECT_EQ(j.at("solver").get<std::string>(), "xpbd");
    EXPECT_EQ(j.at("steps").get<double>(), 30);
    EXPECT_EQ(j.at("particles").get<double>(), 40 * 40);
    EXPECT_NEAR(j.at("sim_time_s").get<double>(), 30 * j.at("dt").get<double>(), 1e-6);
    EXPECT_EQ(j.at("centroid").size(), 3u);
    EXPECT_EQ(j.at("nan_count").get<double>(), 0);
    EXPECT_LE(j.at("bbox_min").at(1).get<double>(), j.at("min_y").get<double>() + 1e-9);
}

TEST(CommandLine, HeadlessReportsDynamicBodiesAndSelfContactDistance) {
    // push_ball: one dynamic ball, which the falling cloth rolls towards +x
    const Json ball =
        runHeadlessJson("--scene " + scene("push_ball.toml") + " --steps 120 --set collision.self_collision=false");
    ASSERT_TRUE(ball.contains("rigid_bodies"));
    ASSERT_EQ(ball.at("rigid_bodies").size(), 1u);
    const Json& body = ball.at("rigid_bodies").at(0);
    EXPECT_EQ(body.at("collider").get<double>(), 0);
    EXPECT_GT(body.at("position").at(0).get<double>(), 0.0) << "rolled away from the cloth";
    EXPECT_NEAR(body.at("position").at(1).get<double>(), 0.25, 0.01) << "on the floor";
    EXPECT_FALSE(ball.contains("self_min_distance")) << "self-collision is off";

    const Json heap = runHeadlessJson("--scene " + scene("heap.toml") + " --steps 60 --set cloth.resolution=[10,40]");
    ASSERT_TRUE(heap.contains("self_min_distance"));
    EXPECT_EQ(heap.at("rigid_bodies").size(), 0u);
}

TEST(CommandLine, SetOverridesReachTheSimulation) {
    const Json j = runHeadlessJson("--scene " + scene("hanging.toml") +
                                   " --steps 10 --set solver=xpbd --set solver.substeps=5 --set sim.dt=0.008333"
                                   " --set cloth.resolution=[12,10] --set cloth.spacing=0.02 --set wind.strength=0"
                                   " --set sim.gravity=[0,-9.81,0]");
    EXPECT_EQ(j.at("particles").get<double>(), 120);
    EXPECT_NEAR(j.at("dt").get<double>(), 0.008333, 1e-7);
    const double width = j.at("bbox_max").at(0).get<double>() - j.at("bbox_min").at(0).get<double>();
    EXPECT_NEAR(width, 11 * 0.02, 2e-3);  // 0.44 m at the scene's own spacing
}

TEST(CommandLine, DumpObjWritesTheCloth) {
    const TempDir dir("cli_dump_obj");
    const auto path = dir / "cloth.obj";
    const ProcessResult r = runProcess(kExe + " --headless --scene " + scene("drape_sphere.toml") +
                                       " --steps 5 --set cloth.resolution=[6,5] --dump-obj " + path.string());
    ASSERT_EQ(r.exitCode, 0);
    std::ifstream in(path);
    std::string line;
    int vertices = 0, faces = 0;
    while (std::getline(in, line)) {
        if (line.rfind("v ", 0) == 0) ++vertices;
        if (line.rfind("f ", 0) == 0) ++faces;
    }
    EXPECT_EQ(vertices, 30);
    EXPECT_EQ(faces, 2 * 5 * 4);
}

// The acceptance line: --cut 0,0.5:1,0.5 on hanging.toml gives two pieces
// and no NaN; the lower, unpinned piece lies on the ground.
TEST(CommandLine, CutPartsTheHangingClothAndTheLowerHalfFalls) {
    const Json j = runHeadlessJson("--scene " + scene("hanging.toml") + " --cut 0,0.5:1,0.5 --steps 120");
    for (const char* key : {"pieces", "piece_list", "torn_links", "border_edges", "triangles"})
        EXPECT_TRUE(j.contains(key)) << key;
    EXPECT_EQ(j.at("pieces").get<double>(), 2);
    EXPECT_EQ(j.at("nan_count").get<double>(), 0);
    EXPECT_GT(j.at("torn_links").get<double>(), 39);  // at least every edge of the strip the cut crossed
    // v = 0.5 runs between rows 19 and 20: the blade crosses 40 column edges and 39
    // diagonals half-way, inserts a vertex on each, and each is split in two
    EXPECT_EQ(j.at("particles").get<double>(), 40 * 40 + 2 * (40 + 39));
    EXPECT_EQ(j.at("triangles").get<double>(), 2 * 39 * 39 + 2 * (2 * 39));  // the 78 of the strip each in three
    ASSERT_EQ(j.at("piece_list").size(), 2u);
    for (const Json& piece : j.at("piece_list")) {
        const double minY = piece.at("min_y").get<double>();
        if (piece.at("pinned").get<double>() == 0) EXPECT_LT(minY, 0.05) << "the lower half is on the ground";
        else EXPECT_GT(minY, 1.0) << "the upper half still hangs";
    }
    // without a cut: one piece, nothing torn, the outline only
    const Json whole = runHeadlessJson("--scene " + scene("hanging.toml") + " --steps 5");
    EXPECT_EQ(whole.at("pieces").get<double>(), 1);
    EXPECT_EQ(whole.at("torn_links").get<double>(), 0);
    EXPECT_EQ(whole.at("border_edges").get<double>(), 4 * 39);
    // two cuts in a cross give four quarters (and a triangle or two where they cross)
    const Json cross = runHeadlessJson("--scene " + scene("hanging.toml") +
                                       " --cut 0,0.5:1,0.5 --cut 0.5,0:0.5,1 --steps 5");
    EXPECT_GE(cross.at("pieces").get<double>(), 4);
}

TEST(CommandLine, BadArgumentsExitNonZeroWithUsage) {
    for (const std::string args : {"--bogus", "--steps", "--headless --steps -3", "--headless --steps ten",
                                   "--frames 0", "--screenshot x.png", "--headless --frames 3",
                                   "--steps 10", "--set", "--set novalue", "--list-params --list-solvers",
                                   "--headless --cut 0,0.5", "--headless --cut 0,0.5:1.5,0.5", "--headless --cut a,b:c,d",
                                   "--headless --cut 0.2,0.2:0.2,0.2"}) {
        const ProcessResult r = runProcess(kExe + " " + args + " 2>&1");
        EXPECT_NE(r.exitCode, 0) << args;
        EXPECT_NE(r.out.find("usage:"), std::string::npos) << args << "\n" << r.out;
    }
}

TEST(CommandLine, BadSceneOrSetFailsHeadlessWithLocation) {
    const std::string bad = kSource + "/tests/scene/malformed/unknown_key.toml";
    ProcessResult r = runProcess(kExe + " --headless --scene " + bad + " --steps 1 2>&1");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.out.find(bad + ":3: unknown key 'cloth.resoluton'"), std::string::npos) << r.out;

    r = runProcess(kExe + " --headless --scene " + scene("hanging.toml") + " --steps 1 --set solver.substeps=1001 2>&1");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.out.find("allowed [1, 1000]"), std::string::npos) << r.out;
}

// --recommended: the method's compare scene settings on the heap, under --set.
TEST(CommandLine, RecommendedRunsTheMethodsCompareSettingsOnAnyScene) {
    const Json pbd = runHeadlessJson("--scene " + scene("heap.toml") + " --set solver=pbd --recommended --steps 2");
    EXPECT_EQ(pbd.at("solver").get<std::string>(), "pbd");
    EXPECT_EQ(pbd.at("steps").get<double>(), 2);
    EXPECT_EQ(pbd.at("particles").get<double>(), 20 * 80) << "the heap's cloth";

    for (const std::string_view id : solverIds(SolverFamily::Gpu)) {
        const ProcessResult r = runProcess(kExe + " --headless --scene " + scene("heap.toml") + " --set solver=" +
                                           std::string(id) + " --recommended --steps 2 --stats-json - 2>&1");
        EXPECT_EQ(r.exitCode, 2) << id;
        EXPECT_EQ(r.out.find("--recommended: '" + std::string(id) + "' is a GPU solver"), 0u) << r.out;
    }
    // a method without a compare scene: a data folder that has none
    const TempDir data("cli_recommended");
    std::filesystem::create_directory(data / "scenes");
    std::filesystem::copy_file(scene("heap.toml"), data / "scenes" / "heap.toml");
    const ProcessResult r = runProcess("CLOTHSIM_DATA_DIR=" + data.str() + " " + kExe + " --headless --scene " +
                                       data.str("scenes/heap.toml") + " --set solver=pbd --recommended --steps 2 2>&1");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.out.find("--recommended: 'pbd' has no recommended settings: there is no " +
                         data.str("scenes/compare_pbd.toml")),
              std::string::npos)
        << r.out;
}

TEST(CommandLine, MeshesAndPinListsComeThroughSet) {
    // a relative mesh path is found in the project root when it is not in the working directory
    const Json shirt = runHeadlessJson("--scene " + scene("hanging.toml") +
                                       " --steps 5 --set cloth.mesh=assets/tshirt.obj --set cloth.pins=none"
                                       " --set cloth.pin_vertices=55,61,73,79 --set solver.iterations=2");
    EXPECT_EQ(shirt.at("particles").get<double>(), 834);
    EXPECT_EQ(shirt.at("nan_count").get<double>(), 0);
    const Json pinned = runHeadlessJson("--scene " + scene("hanging.toml") +
                                        " --steps 60 --set cloth.pins=none --set cloth.pin_vertices=[0,39]");
    EXPECT_GT(pinned.at("bbox_max").at(1).get<double>(), 2.39) << "held by its two top corners, by number";

    ProcessResult r = runProcess(kExe + " --headless --scene " + scene("hanging.toml") + " --steps 1 --set cloth.mesh=bad.obj 2>&1");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.out.find("--set cloth.mesh=bad.obj: 'cloth.mesh': cannot find 'bad.obj'"), std::string::npos) << r.out;

    const TempDir dir("cli_fin");
    const auto fin = dir / "fin.obj";
    std::ofstream(fin) << "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nv 0 -1 0\nf 1 2 3\nf 1 2 4\nf 2 1 5\n";
    r = runProcess(kExe + " --headless --scene " + scene("hanging.toml") + " --steps 1 --set cloth.mesh=" + fin.string() + " 2>&1");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.out.find(fin.string() + ":8: the mesh is not a manifold"), std::string::npos) << r.out;

    r = runProcess(kExe + " --headless --scene " + scene("hanging.toml") + " --steps 1 --set cloth.pin_vertices=0,5,1600 2>&1");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.out.find("particle 1600 does not exist: the cloth has 1600 particles"), std::string::npos) << r.out;

    r = runProcess(kExe + " --headless --scene " + scene("hanging.toml") + " --steps 1 --set cloth.pin_vertices=0,x 2>&1");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.out.find("cannot read '0,x' as int[]"), std::string::npos) << r.out;

    r = runProcess(kExe + " --list-params");
    EXPECT_NE(r.out.find("\ncloth.mesh\tpath\tdefault \"\"\t"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\ncloth.pin_vertices\tint[]\tdefault []\t"), std::string::npos) << r.out;
}

TEST(CommandLine, ListingsPrintOneEntryPerLine) {
    ProcessResult r = runProcess(kExe + " --list-solvers");
    EXPECT_EQ(r.exitCode, 0);
    const std::string listing = "\n" + r.out;  // every entry then starts after a newline
    for (const SolverInfo& info : solverRegistry())
        EXPECT_NE(listing.find("\n" + std::string(info.id) + "\t"), std::string::npos) << info.id << "\n" << r.out;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), static_cast<long>(solverRegistry().size())) << r.out;

    r = runProcess(kExe + " --list-params");
    EXPECT_EQ(r.exitCode, 0);
    EXPECT_NE(r.out.find("\nsolver.substeps\tint\tdefault 20\t[1, 1000]"), std::string::npos);

    r = runProcess(kExe + " --list-scenes");
    EXPECT_EQ(r.exitCode, 0);
    EXPECT_EQ(r.out.rfind("coat ", 0), 0u) << "stems, sorted: " << r.out;

    r = runProcess(kExe + " --help");
    EXPECT_EQ(r.exitCode, 0);
    for (const char* option : {"--headless", "--scene", "--steps", "--set", "--stats-json", "--dump-obj", "--frames",
                               "--screenshot", "--list-solvers", "--list-scenes", "--list-params"})
        EXPECT_NE(r.out.find(option), std::string::npos) << option;
}

// --list-scenes: one line per scene, in three aligned columns (stem, name, one-line
// description), and the catalogue covers every scenario the source documents
// (docs/sources.md) describe.
TEST(CommandLine, ListScenesShowsTheCatalogueInColumns) {
    const ProcessResult r = runProcess(kExe + " --list-scenes");
    ASSERT_EQ(r.exitCode, 0);
    std::istringstream in(r.out);
    std::vector<std::string> stems;
    std::size_t nameColumn = 0, descriptionColumn = 0;
    for (std::string line; std::getline(in, line);) {
        const std::size_t stemEnd = line.find(' ');
        ASSERT_NE(stemEnd, std::string::npos) << line;
        stems.push_back(line.substr(0, stemEnd));
        const std::size_t name = line.find_first_not_of(' ', stemEnd);
        const std::size_t gap = line.find("  ", name);  // names have single spaces; columns are two apart
        ASSERT_NE(gap, std::string::npos) << "no description: " << line;
        const std::size_t description = line.find_first_not_of(' ', gap);
        ASSERT_NE(description, std::string::npos) << "no description: " << line;
        if (stems.size() == 1) nameColumn = name, descriptionColumn = description;
        EXPECT_EQ(name, nameColumn) << "names aligned: " << line;
        EXPECT_EQ(description, descriptionColumn) << "descriptions aligned: " << line;
        EXPECT_EQ(line.find("cannot read"), std::string::npos) << line;
    }
    EXPECT_GE(stems.size(), 12u) << r.out;
    // xpbd-thesis: two corners, the top row, cloth on a sphere; gpu-cloth: the 128 x 128 cloth;
    // verlet-cloth: moving sphere, coat, cutting sphere; macri: four corners; pbd-jobs: wind, pushing a ball;
    // a flag in a gale, a curtain, a tablecloth and a heap
    for (const char* stem : {"hanging", "hanging_top_row", "drape_sphere", "gpu_cloth_128", "moving_sphere", "coat",
                             "cutting_sphere", "compare_corners", "wind", "push_ball", "flag", "curtain",
                             "tablecloth", "heap"})
        EXPECT_NE(std::find(stems.begin(), stems.end(), stem), stems.end()) << stem << " missing from\n" << r.out;
}

// The acceptance figures of the foundation issue, at the scenes' own defaults.
TEST(CommandLine, ShippedScenesMeetTheirAcceptanceFigures) {
    const Json hanging = runHeadlessJson("--scene " + scene("hanging.toml") + " --steps 600");
    EXPECT_EQ(hanging.at("nan_count").get<double>(), 0);
    EXPECT_LT(hanging.at("max_stretch_ratio").get<double>(), 1.1);

    const Json drape = runHeadlessJson("--scene " + scene("drape_sphere.toml") + " --steps 600");
    EXPECT_EQ(drape.at("nan_count").get<double>(), 0);
    EXPECT_LT(drape.at("max_penetration").get<double>(), 0.015);  // the scene's collision thickness
    EXPECT_GT(drape.at("bbox_max").at(1).get<double>(), 1.2) << "the cloth should rest on top of the sphere";
}

} // namespace
} // namespace cs::test
