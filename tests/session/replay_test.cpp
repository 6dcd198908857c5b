// Determinism and record/replay: one thread, the same inputs, bit-identical states.
#include "../support/run_process.hpp"
#include "../support/soak_fixture.hpp"
#include "../support/temp_dir.hpp"
#include "session/replay.hpp"
#include "session/replay_verbs.hpp"
#include "session/soak.hpp"
#include "scene/scene.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstring>
#include <sstream>

namespace cs {
namespace {

const std::string kSource = CLOTHSIM_SOURCE_DIR;

bool samePositions(const Cloth& a, const Cloth& b) {
    return a.positions.size() == b.positions.size() &&
           std::memcmp(a.positions.data(), b.positions.data(), a.positions.size() * sizeof(glm::vec3)) == 0 &&
           std::memcmp(a.velocities.data(), b.velocities.data(), a.velocities.size() * sizeof(glm::vec3)) == 0;
}

InputScript parsed(const std::string& text) {
    InputScript script = parseInputScript(text, "test.txt");
    EXPECT_EQ(script.error, "");
    return script;
}

ReplayResult replay(const std::string& text) {
    setProjectRoot(kSource);
    ReplayResult result = replayScript(parsed(text), kSource + "/scenes/hanging.toml", {}, 0);
    EXPECT_EQ(result.error, "");
    return result;
}

TEST(Determinism, TheSameSceneTwiceGivesBitIdenticalPositions) {
    setProjectRoot(kSource);
    auto run = [] {
        SceneLoad load = loadSceneFile(kSource + "/scenes/drape_sphere.toml",
                                       {"cloth.resolution=[16,16]", "solver.threads=1"});
        EXPECT_TRUE(load.ok()) << load.errorText();
        Simulation sim(makeWorld(*load.scene));
        for (int k = 0; k < 200; ++k) sim.step();
        return sim.world().cloth;
    };
    const Cloth a = run(), b = run();
    EXPECT_TRUE(samePositions(a, b));
    EXPECT_NE(a.positions[0], a.restPositions[0]);  // it moved, so equality says something
}

TEST(Determinism, ASoakSegmentTwiceGivesBitIdenticalPositions) {
    SoakOptions options = test::smallSoak(11, 2000, 10);
    std::ostringstream first, second;
    options.record = &first;
    const SoakReport a = runSoak(options);
    options.record = &second;
    const SoakReport b = runSoak(options);
    EXPECT_EQ(a.finalHash, b.finalHash);
    EXPECT_EQ(first.str(), second.str());
}

TEST(Replay, ASoakRecordingReplaysToTheSameFinalState) {
    SoakOptions options = test::smallSoak(5, 3000, 10);
    std::ostringstream recording;
    options.record = &recording;
    const SoakReport soak = runSoak(options);
    ASSERT_EQ(soak.invariantFailures, 0) << soak.firstFailure;
    const InputScript script = parsed(recording.str());
    ASSERT_EQ(script.endStep, 3000);
    EXPECT_GT(script.actions.size(), 100u);
    ReplayResult result = replayScript(script, "unused.toml", {}, 0);
    ASSERT_EQ(result.error, "");
    EXPECT_EQ(result.player->stepsTaken(), 3000);
    EXPECT_EQ(stateHash(result.player->simulation()->world().cloth), soak.finalHash);
}

// A hand-written session: a parameter change, a cut, a grab dragged and let go.
const char* const kSession = R"(# a user's session
0 base cloth.resolution=[12,12]
0 scene scenes/hanging.toml
10 set wind.strength=8
20 cut 0.2 0.5 0.8 0.5
30 grab 0
31 drag 0.5 1.5 0.4
60 release
90 end
)";

// The window's cut tool records a blade by where it split each edge (cut_blade): the
// replay makes the same cut, to the bit, as the cut made directly.
TEST(Replay, ARecordedBladeCutReplaysToTheSameState) {
    setProjectRoot(kSource);
    SceneLoad load = loadSceneFile(kSource + "/scenes/hanging.toml", {"cloth.resolution=[12,12]", "solver.threads=1"});
    ASSERT_TRUE(load.ok()) << load.errorText();
    Simulation direct(makeWorld(*load.scene));
    for (int k = 0; k < 10; ++k) direct.step();
    const BladePath blade = bladeAlongRestSegment(direct.world().cloth, {0.0f, 0.23f}, {0.93f, 0.71f});
    ASSERT_GT(blade.crossings.size(), 8u);
    // as the cut tool cuts: within self-contact's room
    ASSERT_FALSE(direct.world().contactRoom.empty());
    const CutResult cut = cutAlongBlade(direct.world().cloth, blade, direct.world().contactRoom);
    ASSERT_GT(cut.trianglesSplit, 0u);
    direct.topologyEdited();
    for (int k = 10; k < 40; ++k) direct.step();

    const std::string script = "0 base cloth.resolution=[12,12]\n0 base solver.threads=1\n0 scene scenes/hanging.toml\n" +
                               formatAction(actions::cutBlade(10, blade)) + "\n40 end\n";
    ReplayResult replayed = replay(script);
    ASSERT_TRUE(replayed.player && replayed.player->simulation());
    const Cloth& cloth = replayed.player->simulation()->world().cloth;
    EXPECT_EQ(cloth.particleCount(), direct.world().cloth.particleCount());
    EXPECT_EQ(cloth.triangles, direct.world().cloth.triangles);
    EXPECT_EQ(stateHash(cloth), stateHash(direct.world().cloth));
}

TEST(Replay, AHandWrittenSessionReplaysBitIdentically) {
    ReplayResult a = replay(kSession), b = replay(kSession);
    ASSERT_TRUE(a.player && b.player && a.player->simulation() && b.player->simulation());
    const Cloth& cloth = a.player->simulation()->world().cloth;
    EXPECT_EQ(a.player->stepsTaken(), 90);
    EXPECT_TRUE(samePositions(cloth, b.player->simulation()->world().cloth));
    // the actions took effect: the cut split particles, the wind blows, the dragged corner moved
    EXPECT_GT(cloth.particleCount(), 144u);
    EXPECT_EQ(a.player->simulation()->world().settings.wind.strength, 8.0f);
    ReplayResult still = replay("0 base cloth.resolution=[12,12]\n0 scene scenes/hanging.toml\n90 end\n");
    EXPECT_FALSE(samePositions(cloth, still.player->simulation()->world().cloth));
}

TEST(Replay, TheStepOfAnActionMatters) {
    std::string later = kSession;
    later.replace(later.find("10 set"), 6, "11 set");
    ReplayResult a = replay(kSession), b = replay(later);
    EXPECT_FALSE(samePositions(a.player->simulation()->world().cloth, b.player->simulation()->world().cloth));
}

TEST(InputScript, BadLinesNameTheFileLineAndProblem) {
    EXPECT_EQ(parseInputScript("0 scene a.toml\nfive reset\n", "in.txt").error,
              "in.txt:2: a line starts with its step, a whole number >= 0, not 'five'");
    EXPECT_NE(parseInputScript("5 reset\n3 reset\n", "in.txt").error.find("in.txt:2: steps must not decrease"),
              std::string::npos);
    EXPECT_NE(parseInputScript("1 cut 0 0 2 0\n", "in.txt").error.find("[0, 1]"), std::string::npos);
    EXPECT_NE(parseInputScript("1 drag 0 nan 0\n", "in.txt").error.find("drag needs X Y Z"), std::string::npos);
    EXPECT_NE(parseInputScript("1 jump\n", "in.txt").error.find("unknown action 'jump'"), std::string::npos);
    EXPECT_NE(parseInputScript("9 end\n10 reset\n", "in.txt").error.find("follow the end"), std::string::npos);
}

TEST(InputScript, ActionsRoundTripThroughText) {
    const InputAction action{42, "drag", formatFloat(0.1f) + " " + formatFloat(-3.3333333f) + " 1e-07"};
    const InputScript script = parsed(formatAction(action) + "\n");
    ASSERT_EQ(script.actions.size(), 1u);
    EXPECT_EQ(script.actions[0].step, 42);
    EXPECT_EQ(script.actions[0].verb, "drag");
    EXPECT_EQ(script.actions[0].args, action.args);
    float back = 0.0f;
    std::istringstream(formatFloat(-3.3333333f)) >> back;
    EXPECT_EQ(back, -3.3333333f);
}

TEST(Replay, AnActionThatCannotApplyStopsTheReplayWithItsStep) {
    setProjectRoot(kSource);
    ReplayResult result =
        replayScript(parsed("0 scene scenes/hanging.toml\n5 drag 0 1 0\n10 end\n"), "", {}, 0);
    EXPECT_EQ(result.error, "step 5: 5 drag 0 1 0: nothing is held");
}

} // namespace
} // namespace cs

namespace cs {
namespace {

using test::ProcessResult;
using test::runProcess;

// The same through the command line: --soak --record-inputs, then --replay.
TEST(ReplayCommandLine, ASoakRecordingReplaysToTheSameHash) {
    const test::TempDir dir("soak_inputs");
    const std::string file = dir.str("inputs.txt");
    const std::string exe = CLOTHSIM_EXE;
    const ProcessResult soakRun = runProcess(exe + " --headless --soak 1500 --seed 9 --soak-work-cap 4 --set "
                                                   "'cloth.resolution=[10,10]' --record-inputs " + file +
                                             " --stats-json - 2>/dev/null");
    ASSERT_EQ(soakRun.exitCode, 0) << soakRun.out;
    nlohmann::json soak;
    ASSERT_NO_THROW(soak = nlohmann::json::parse(soakRun.out)) << soakRun.out;
    EXPECT_EQ(soak.at("invariant_failures"), 0);
    const ProcessResult replayRun = runProcess(exe + " --headless --replay " + file + " --stats-json - 2>/dev/null");
    ASSERT_EQ(replayRun.exitCode, 0) << replayRun.out;
    nlohmann::json replayed;
    ASSERT_NO_THROW(replayed = nlohmann::json::parse(replayRun.out)) << replayRun.out;
    EXPECT_EQ(replayed.at("steps"), 1500);
    EXPECT_FALSE(soak.at("state_hash").get<std::string>().empty());
    EXPECT_EQ(replayed.at("state_hash"), soak.at("state_hash"));
}

// Writes an input file for the command line; false when it cannot.
bool writeInputFile(const std::string& file, const char* text) {
    std::FILE* out = std::fopen(file.c_str(), "w");
    if (!out) return false;
    const bool written = std::fputs(text, out) >= 0;
    return std::fclose(out) == 0 && written;
}

// The stats of a replay cover the replayed steps, as a plain headless run's cover its
// steps: each step timed, its detections counted, crossings counted after each.
TEST(ReplayCommandLine, TheStatsCoverEveryReplayedStep) {
    const test::TempDir dir("replay_stats");
    const std::string file = dir.str("inputs.txt");
    ASSERT_TRUE(writeInputFile(file, "0 base cloth.resolution=[12,48]\n0 scene scenes/heap.toml\n40 end\n"));
    const ProcessResult r = runProcess(std::string(CLOTHSIM_EXE) + " --headless --replay " + file +
                                       " --stats-json - 2>/dev/null");
    ASSERT_EQ(r.exitCode, 0) << r.out;
    nlohmann::json j;
    ASSERT_NO_THROW(j = nlohmann::json::parse(r.out)) << r.out;
    EXPECT_EQ(j.at("steps"), 40);
    EXPECT_GT(j.at("wall_ms_per_step_mean").get<double>(), 0.0);
    // the heap falls with self-contact on: at least one detection a step
    EXPECT_GE(j.at("self_detections_per_step").get<double>(), 1.0);
    EXPECT_LE(j.at("self_searches_per_step").get<double>(), j.at("self_detections_per_step").get<double>());
    EXPECT_EQ(j.at("self_intersections_max"), 0);
}

TEST(ReplayCommandLine, ABadInputFileExitsTwoNamingItsLine) {
    const test::TempDir dir("bad_inputs");
    const std::string file = dir.str("inputs.txt");
    ASSERT_TRUE(writeInputFile(file, "0 scene scenes/hanging.toml\n4 cut 0 0 7 1\n"));
    const ProcessResult r = runProcess(std::string(CLOTHSIM_EXE) + " --headless --replay " + file + " 2>&1");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.out.find(file + ":2: cut coordinates must lie in [0, 1]"), std::string::npos) << r.out;
}

} // namespace
} // namespace cs
