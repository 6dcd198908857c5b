// The headless runner's --stats-json: valid JSON (read with nlohmann-json, strictly),
// every field in the order it has always had, numbers that read back exactly,
// null for what is not finite, and any text (paths, the guard's message) intact.
#include "session/headless.hpp"
#include "scene/scene.hpp"
#include "sim/params.hpp"
#include "sim/simulation.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <limits>
#include <string>
#include <vector>

namespace cs {
namespace {

const std::string kSource = CLOTHSIM_SOURCE_DIR;

std::vector<std::string> keysOf(const nlohmann::ordered_json& object) {
    std::vector<std::string> keys;
    for (const auto& [key, value] : object.items()) keys.push_back(key);
    return keys;
}

// Every field set, the optional ones too, with values that need all their digits.
HeadlessReport fullReport() {
    HeadlessReport r;
    r.scene = "scenes/hanging.toml";
    r.solver = "xpbd";
    r.steps = 30;
    r.dt = 1.0f / 300.0f;
    r.particles = 64;
    r.constraints = 210;
    r.simTime = 0.1 + 0.2;  // 0.30000000000000004: 17 digits
    r.wallMsMean = 1.0 / 3.0;
    r.wallMsMedian = 0.25;
    r.recoveries = 1;
    r.lastRecovery = "restored t = 0.1";
    r.lastStep = {.integrateMs = 0.125f, .constraintMs = 1.0f / 7.0f, .collisionMs = 0.0f, .iterations = 20,
                  .residual = 1.2345678e-7f};
    r.cloth.maxStretchRatio = 1.0000001f;
    r.cloth.maxPenetration = 0.0f;
    r.cloth.minY = -0.3f;
    r.cloth.centroid = {0.1f, -2.5e-7f, 123456.79f};
    r.cloth.bboxMin = {-1.0f, 0.0f, -1.0f};
    r.cloth.bboxMax = {1.0f, 2.0f, 1.0f};
    r.cloth.kineticEnergy = 2.0 / 3.0;
    r.cloth.selfMinDistance = 0.0123f;
    r.topology.triangles = 98;
    r.topology.pieces = {{.particles = 64, .pinned = 2, .mass = 0.6f, .centroid = {0.0f, 1.0f, 0.0f}, .minY = 0.7f}};
    r.rigidBodies = {{.collider = 1, .mass = 2.5f, .position = {0.0f, 0.25f, 0.5f}, .velocity = {0.1f, 0.0f, 0.0f}}};
    r.stateHash = "0123456789abcdef";
    return r;
}

nlohmann::ordered_json parsed(const std::string& text) {
    nlohmann::ordered_json j;
    EXPECT_NO_THROW(j = nlohmann::ordered_json::parse(text)) << text;
    return j;
}

// The recorder sums what each step reports into the run's figures.
TEST(RunRecorder, SumsTheStepsSelfContactFigures) {
    Settings settings = defaultSettings();
    settings.cloth.resolution = {6, 6};
    Simulation sim(makeWorld(settings, {}));
    RunRecorder recorder(sim);
    StepStats step;
    step.selfDetections = 4;
    step.selfGathers = 3;
    step.selfDetectMs = 2.0f;
    step.selfWelds = 2;
    step.selfWeldMisses = 1;
    step.selfNeighboursPutBack = 5;
    step.selfClothPutBack = 1;
    recorder.stepped(sim, step, 6.0);
    recorder.stepped(sim, step, 2.0);
    const HeadlessReport report = recorder.finish(sim);
    EXPECT_EQ(report.steps, 2);
    EXPECT_DOUBLE_EQ(report.wallMsMean, 4.0);
    EXPECT_DOUBLE_EQ(report.selfDetectionsPerStep, 4.0);
    EXPECT_DOUBLE_EQ(report.selfSearchesPerStep, 3.0);
    EXPECT_DOUBLE_EQ(report.selfDetectMsMean, 0.5);  // 4 ms over 8 detections
    EXPECT_EQ(report.selfWelds, 4);
    EXPECT_EQ(report.selfWeldMisses, 2);
    EXPECT_EQ(report.selfNeighboursPutBack, 10);
    EXPECT_EQ(report.selfClothPutBack, 2);
}

TEST(StatsJson, EveryFieldInItsOrder) {
    const nlohmann::ordered_json j = parsed(reportJson(fullReport()));
    EXPECT_EQ(keysOf(j), (std::vector<std::string>{
                             "scene", "solver", "steps", "dt", "particles", "constraints", "sim_time_s",
                             "wall_ms_per_step_mean", "wall_ms_per_step_median", "max_stretch_ratio",
                             "max_link_error", "max_penetration", "min_y", "centroid", "bbox_min", "bbox_max", "kinetic_energy",
                             "nan_count", "triangles", "border_edges", "torn_links", "pieces", "piece_list",
                             "self_intersections_max", "self_intersections_final", "crossing_count_ms_mean",
                             "self_detections_per_step", "self_searches_per_step", "self_detect_ms_mean", "self_welds", "self_weld_misses", "self_neighbours_put_back", "self_cloth_put_back", "self_min_distance", "rigid_bodies", "state_hash", "recoveries", "last_recovery",
                             "halted", "last_step"}));
    EXPECT_EQ(keysOf(j.at("piece_list").at(0)),
              (std::vector<std::string>{"particles", "pinned", "mass", "centroid", "min_y"}));
    EXPECT_EQ(keysOf(j.at("rigid_bodies").at(0)), (std::vector<std::string>{"collider", "mass", "position", "velocity"}));
    EXPECT_EQ(keysOf(j.at("last_step")), (std::vector<std::string>{"iterations", "residual", "integrate_ms",
                                                                     "constraint_ms", "collision_ms"}));
    // counts are integers, not 30.0
    for (const char* key : {"steps", "particles", "constraints", "nan_count", "triangles", "border_edges",
                            "torn_links", "pieces", "recoveries", "self_intersections_max",
                            "self_intersections_final", "self_welds", "self_weld_misses", "self_neighbours_put_back",
                            "self_cloth_put_back"})
        EXPECT_TRUE(j.at(key).is_number_integer()) << key;
    EXPECT_EQ(j.at("pieces"), 1);
    EXPECT_EQ(j.at("state_hash"), "0123456789abcdef");
}

TEST(StatsJson, TheOptionalFieldsAreLeftOutWhenUnset) {
    HeadlessReport r = fullReport();
    r.cloth.selfMinDistance.reset();
    r.stateHash.clear();
    const nlohmann::ordered_json j = parsed(reportJson(r));
    EXPECT_FALSE(j.contains("self_min_distance"));
    EXPECT_FALSE(j.contains("state_hash"));
}

TEST(StatsJson, NumbersReadBackExactly) {
    const HeadlessReport r = fullReport();
    const nlohmann::ordered_json j = parsed(reportJson(r));
    // floats as floats, doubles as doubles: bit for bit
    EXPECT_EQ(j.at("dt").get<float>(), r.dt);
    EXPECT_EQ(j.at("max_stretch_ratio").get<float>(), r.cloth.maxStretchRatio);
    for (int k = 0; k < 3; ++k) EXPECT_EQ(j.at("centroid").at(k).get<float>(), r.cloth.centroid[k]) << k;
    EXPECT_EQ(j.at("last_step").at("residual").get<float>(), r.lastStep.residual);
    EXPECT_EQ(j.at("last_step").at("constraint_ms").get<float>(), r.lastStep.constraintMs);
    EXPECT_EQ(j.at("sim_time_s").get<double>(), r.simTime);
    EXPECT_EQ(j.at("wall_ms_per_step_mean").get<double>(), r.wallMsMean);
    EXPECT_EQ(j.at("kinetic_energy").get<double>(), r.cloth.kineticEnergy);
}

TEST(StatsJson, WhatIsNotFiniteIsNull) {
    HeadlessReport r = fullReport();
    const float inf = std::numeric_limits<float>::infinity();
    r.cloth.kineticEnergy = std::numeric_limits<double>::quiet_NaN();
    r.cloth.maxStretchRatio = inf;
    r.cloth.minY = -inf;
    r.cloth.centroid.y = std::numeric_limits<float>::quiet_NaN();
    r.cloth.selfMinDistance = inf;  // no pair within twice the self thickness
    r.simTime = std::numeric_limits<double>::infinity();
    const nlohmann::ordered_json j = parsed(reportJson(r));
    for (const char* key : {"kinetic_energy", "max_stretch_ratio", "min_y", "self_min_distance", "sim_time_s"})
        EXPECT_TRUE(j.at(key).is_null()) << key;
    EXPECT_TRUE(j.at("centroid").at(1).is_null());
    EXPECT_TRUE(j.at("centroid").at(0).is_number());
}

TEST(StatsJson, PathsAndMessagesWithQuotesBackslashesAndControlCharactersReadBack) {
    HeadlessReport r = fullReport();
    r.scene = "C:\\scenes\\\"odd\" name\x01\x1f\t\n.toml";
    r.lastRecovery = "restored t = 0.5: \"speed\" \\ limit\x7f\x02";
    const nlohmann::ordered_json j = parsed(reportJson(r));
    EXPECT_EQ(j.at("scene").get<std::string>(), r.scene);
    EXPECT_EQ(j.at("last_recovery").get<std::string>(), r.lastRecovery);
}

// A file name need not be UTF-8 on Linux; the JSON still must be.
TEST(StatsJson, AScenePathThatIsNotUtf8StillGivesValidJson) {
    HeadlessReport r = fullReport();
    r.scene = "scenes/caf\xe9.toml";  // Latin-1
    const nlohmann::ordered_json j = parsed(reportJson(r));
    EXPECT_EQ(j.at("scene").get<std::string>(), "scenes/caf\xef\xbf\xbd.toml") << "U+FFFD for the stray byte";
}

// A real run, as --headless --stats-json writes it.
TEST(StatsJson, AHeadlessRunParsesWithTheExpectedValues) {
    const SceneLoad load = loadSceneFile(kSource + "/scenes/hanging.toml", {"cloth.resolution=[8,8]"});
    ASSERT_TRUE(load.ok()) << load.errorText();
    Simulation sim(makeWorld(*load.scene));
    std::vector<double> stepMs;
    HeadlessReport report = runSteps(sim, 20, stepMs);
    report.scene = load.scene->path;
    const nlohmann::ordered_json j = parsed(reportJson(report));
    EXPECT_EQ(j.at("scene"), load.scene->path);
    EXPECT_EQ(j.at("solver"), sim.world().settings.solver.id);
    EXPECT_EQ(j.at("steps"), 20);
    EXPECT_EQ(j.at("particles"), 64);
    EXPECT_EQ(j.at("dt").get<float>(), sim.world().settings.sim.dt);
    EXPECT_EQ(j.at("sim_time_s").get<double>(), sim.world().time);
    EXPECT_EQ(j.at("nan_count"), 0);
    EXPECT_EQ(j.at("centroid").size(), 3u);
    EXPECT_EQ(j.at("pieces"), 1);
    EXPECT_EQ(j.at("piece_list").at(0).at("particles"), 64);
    EXPECT_EQ(j.at("recoveries"), 0);
    EXPECT_EQ(j.at("last_recovery"), "");
    EXPECT_GT(j.at("last_step").at("iterations").get<int>(), 0);
}

} // namespace
} // namespace cs
