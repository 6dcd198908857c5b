// The crossing count in a headless run (issue 26, item 2): self_intersections_max and
// self_intersections_final in the stats, --strict's exit code 4 while self-collision is
// on, and --dump-obj written so that the independent checker counts the same state.
#include "../support/run_process.hpp"
#include "../support/temp_dir.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <string>

namespace cs {
namespace {

const std::string kExe = CLOTHSIM_EXE;
const std::string kChecker = CROSSING_CHECK_EXE;

// Two unpinned squares of two triangles: a level one at 1 m and an upright one that goes
// through it (the X: its 2 triangles cross both of the level one's), or stands clear above.
void writeFixture(const test::TempDir& dir, bool crossing) {
    const float bottom = crossing ? 0.6f : 1.2f;
    std::ofstream obj(dir / "sheets.obj");
    obj << "v -0.5 1.0 -0.5\nv 0.5 1.0 -0.5\nv 0.5 1.0 0.5\nv -0.5 1.0 0.5\n"
        << "v -0.3 " << bottom << " 0.0\nv 0.3 " << bottom << " 0.0\nv 0.3 1.4 0.0\nv -0.3 1.4 0.0\n"
        << "f 1 2 3\nf 1 3 4\nf 5 6 7\nf 5 7 8\n";
    std::ofstream scene(dir / "sheets.toml");
    scene << "[cloth]\nmesh = \"sheets.obj\"\nallow_pieces = true\npins = \"none\"\n"
          << "[collision]\nself_collision = true\n";
}

struct HeadlessRun {
    int exitCode = -1;
    nlohmann::json stats;
};

HeadlessRun headless(const test::TempDir& dir, const std::string& extra) {
    const test::ProcessResult result =
        test::runProcess(kExe + " --headless --scene " + dir.str("sheets.toml") + " --steps 3 --stats-json " +
                         dir.str("stats.json") + " " + extra + " 2>/dev/null");
    HeadlessRun run{result.exitCode, {}};
    std::ifstream in(dir / "stats.json");
    if (in) run.stats = nlohmann::json::parse(in, nullptr, false);
    return run;
}

TEST(CrossingStats, StrictExitsWith4WhenTheTrianglesCrossWithSelfCollisionOn) {
    test::TempDir dir("crossing_strict");
    writeFixture(dir, true);
    const HeadlessRun strict = headless(dir, "--strict");
    EXPECT_EQ(strict.exitCode, 4);
    EXPECT_EQ(strict.stats.at("self_intersections_max"), 4);  // counted on the starting state
    EXPECT_GE(strict.stats.at("self_intersections_final"), 1);
    // Without --strict the run succeeds and reports the same counts.
    const HeadlessRun plain = headless(dir, "");
    EXPECT_EQ(plain.exitCode, 0);
    EXPECT_EQ(plain.stats.at("self_intersections_max"), 4);
    // With self-collision off nobody promised anything: counted, not a failure.
    const HeadlessRun off = headless(dir, "--strict --set collision.self_collision=false");
    EXPECT_EQ(off.exitCode, 0);
    EXPECT_EQ(off.stats.at("self_intersections_max"), 4);
}

TEST(CrossingStats, StrictExitsWith0WhenNothingEverCrosses) {
    test::TempDir dir("crossing_clear");
    writeFixture(dir, false);
    const HeadlessRun strict = headless(dir, "--strict");
    EXPECT_EQ(strict.exitCode, 0);
    EXPECT_EQ(strict.stats.at("self_intersections_max"), 0);
    EXPECT_EQ(strict.stats.at("self_intersections_final"), 0);
}

TEST(CrossingStats, TheDumpedMeshHasTheCountTheRunReported) {
    // The heap after 60 steps: folding, with crossings; --dump-obj keeps every float
    // (max_digits10), so the independent checker sees the very state that was counted.
    test::TempDir dir("crossing_dump");
    const test::ProcessResult run =
        test::runProcess(kExe + " --headless --scene " + std::string(CLOTHSIM_SOURCE_DIR) +
                         "/scenes/heap.toml --steps 60 --set collision.self_collision=false --stats-json " +
                         dir.str("stats.json") + " --dump-obj " + dir.str("heap.obj") + " 2>/dev/null");
    ASSERT_EQ(run.exitCode, 0);
    std::ifstream in(dir / "stats.json");
    const nlohmann::json stats = nlohmann::json::parse(in);
    const test::ProcessResult check = test::runProcess(kChecker + " " + dir.str("heap.obj"));
    ASSERT_EQ(check.exitCode, 0);
    EXPECT_EQ(check.out, "crossing_pairs " + std::to_string(stats.at("self_intersections_final").get<int>()) + "\n");
}

} // namespace
} // namespace cs
