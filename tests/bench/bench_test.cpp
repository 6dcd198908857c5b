// `clothsim --bench`: its arguments, the CSV a tiny run writes, and the plot
// script without gnuplot. No timing is asserted: only that the numbers are
// there, finite and positive, and that the source documents' published numbers
// (docs/sources.md) sit beside them.
#include "cli/command_line.hpp"
#include "../support/run_process.hpp"
#include "../support/temp_dir.hpp"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace cs::test {
namespace {

const std::string kExe = CLOTHSIM_EXE;
const std::string kSource = CLOTHSIM_SOURCE_DIR;

ParsedCommandLine parse(std::vector<const char*> args) {
    args.insert(args.begin(), "clothsim");
    return parseCommandLine(static_cast<int>(args.size()), args.data());
}

std::string readFile(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// Rows of a CSV without quoted cells (the suites' numeric tables), header first.
std::vector<std::vector<std::string>> readCsv(const std::filesystem::path& path) {
    std::vector<std::vector<std::string>> rows;
    std::ifstream in(path);
    for (std::string line; std::getline(in, line);) {
        std::vector<std::string> cells;
        std::stringstream cellStream(line);
        for (std::string cell; std::getline(cellStream, cell, ',');) cells.push_back(cell);
        rows.push_back(cells);
    }
    return rows;
}

double number(const std::string& cell) {
    try {
        std::size_t used = 0;
        const double value = std::stod(cell, &used);
        return used == cell.size() ? value : NAN;
    } catch (...) {
        return NAN;
    }
}

TEST(BenchArguments, BareBenchRunsEverySuiteIntoBenchResults) {
    const ParsedCommandLine parsed = parse({"--bench"});
    ASSERT_TRUE(parsed.commandLine) << parsed.error;
    EXPECT_EQ(parsed.commandLine->mode, RunMode::Bench);
    EXPECT_EQ(parsed.commandLine->benchSuite, "all");
    EXPECT_EQ(parsed.commandLine->benchOut, "bench-results");
    EXPECT_FALSE(parsed.commandLine->benchSteps);
}

TEST(BenchArguments, SuiteFolderStepsAndOverridesAreKept) {
    const ParsedCommandLine parsed =
        // parsed only: nothing is run and nothing is written at /tmp/x
        parse({"--bench", "xpbd_thesis", "--bench-out", "/tmp/x", "--bench-steps", "7", "--set", "solver.threads=2"});
    ASSERT_TRUE(parsed.commandLine) << parsed.error;
    const CommandLine& cl = *parsed.commandLine;
    EXPECT_EQ(cl.mode, RunMode::Bench);
    EXPECT_EQ(cl.benchSuite, "xpbd_thesis");
    EXPECT_EQ(cl.benchOut, "/tmp/x");
    ASSERT_TRUE(cl.benchSteps);
    EXPECT_EQ(*cl.benchSteps, 7);
    ASSERT_EQ(cl.overrides.size(), 1u);
    EXPECT_EQ(cl.overrides[0], "solver.threads=2");
    // the suite may also follow the options
    const ParsedCommandLine later = parse({"--bench-steps", "2", "--bench", "frame"});
    ASSERT_TRUE(later.commandLine) << later.error;
    EXPECT_EQ(later.commandLine->benchSuite, "frame");
}

TEST(BenchArguments, UnknownSuiteNamesTheSuitesThereAre) {
    const ParsedCommandLine parsed = parse({"--bench", "fastest"});
    ASSERT_FALSE(parsed.commandLine);
    EXPECT_NE(parsed.error.find("unknown bench suite 'fastest'"), std::string::npos) << parsed.error;
    for (const char* suite :
         {"all", "scaling", "xpbd_thesis", "verlet_cloth", "gpu_cloth", "selfcollision", "tearing", "frame"})
        EXPECT_NE(parsed.error.find(suite), std::string::npos) << suite << " missing from: " << parsed.error;
}

TEST(BenchArguments, TheHelpListsEverySuiteAndPointsToTheSources) {
    const ProcessResult r = runProcess(kExe + " --help");
    ASSERT_EQ(r.exitCode, 0) << r.out;
    for (const char* suite :
         {"all, scaling", "xpbd_thesis", "verlet_cloth", "gpu_cloth", "selfcollision", "tearing", "frame"})
        EXPECT_NE(r.out.find(suite), std::string::npos) << suite << " missing from --help";
    EXPECT_NE(r.out.find("docs/sources.md"), std::string::npos) << r.out;
}

TEST(BenchArguments, BadStepCountsNameTheAllowedRange) {
    for (const char* bad : {"0", "100001", "-3", "ten", "2.5", ""}) {
        const ParsedCommandLine parsed = parse({"--bench", "--bench-steps", bad});
        ASSERT_FALSE(parsed.commandLine) << bad;
        EXPECT_NE(parsed.error.find("[1, 100000]"), std::string::npos) << bad << ": " << parsed.error;
    }
    const ParsedCommandLine missing = parse({"--bench", "--bench-steps"});
    EXPECT_FALSE(missing.commandLine);
    EXPECT_NE(missing.error.find("[1, 100000]"), std::string::npos) << missing.error;
}

TEST(BenchArguments, OptionsThatDoNotBelongAreRefused) {
    const ParsedCommandLine noBench = parse({"--bench-steps", "3"});
    ASSERT_FALSE(noBench.commandLine);
    EXPECT_NE(noBench.error.find("--bench-steps requires --bench"), std::string::npos) << noBench.error;
    EXPECT_FALSE(parse({"--bench-out", "d"}).commandLine);
    EXPECT_FALSE(parse({"--bench", "--bench-out"}).commandLine);
    const ParsedCommandLine headless = parse({"--bench", "--headless"});
    ASSERT_FALSE(headless.commandLine);
    EXPECT_NE(headless.error.find("--bench excludes --headless"), std::string::npos) << headless.error;
    const ParsedCommandLine scene = parse({"--bench", "--scene", "scenes/heap.toml"});
    ASSERT_FALSE(scene.commandLine);
    EXPECT_NE(scene.error.find("--bench excludes --scene"), std::string::npos) << scene.error;
    for (std::vector<const char*> args : {std::vector<const char*>{"--bench", "--frames", "3"},
                                         std::vector<const char*>{"--bench", "--steps", "3"},
                                         std::vector<const char*>{"--bench", "--stats-json", "-"}}) {
        const ParsedCommandLine parsed = parse(args);
        ASSERT_FALSE(parsed.commandLine) << args[1];
        EXPECT_NE(parsed.error.find(std::string("--bench excludes ") + args[1]), std::string::npos) << parsed.error;
    }
}

TEST(BenchArguments, TheProgramExitsTwoWithTheUsageOnABadSuite) {
    const ProcessResult r = runProcess(kExe + " --bench fastest 2>&1");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.out.find("unknown bench suite 'fastest'"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("usage:"), std::string::npos) << r.out;
}

TEST(BenchRun, XpbdThesisWritesItsTableWithTheThesisNumbersBesideOurs) {
    const TempDir tmp("bench_xpbd_thesis");
    const std::filesystem::path dir = tmp / "out";  // not there yet: --bench-out makes it
    const ProcessResult r =
        runProcess(kExe + " --bench xpbd_thesis --bench-steps 3 --bench-out " + dir.string() + " 2>/dev/null");
    ASSERT_EQ(r.exitCode, 0) << r.out;

    const auto rows = readCsv(dir / "xpbd_thesis.csv");
    ASSERT_FALSE(rows.empty());
    const std::vector<std::string> header = {"table",     "solver",  "cloth",     "substeps",         "timed_steps",
                                             "median_ms", "mean_ms", "source_ms", "source_over_ours", "recoveries"};
    EXPECT_EQ(rows[0], header);
    ASSERT_EQ(rows.size(), 1u + 3u + 5u) << "Tables 1-3 and the five substep counts of Table 4";
    std::map<std::string, std::size_t> col;
    for (std::size_t k = 0; k < header.size(); ++k) col[header[k]] = k;

    const char* tables[] = {"Table 1", "Table 2", "Table 3", "Table 4", "Table 4", "Table 4", "Table 4", "Table 4"};
    const char* cloths[] = {"20x20", "100x100", "150x150", "20x20", "20x20", "20x20", "20x20", "20x20"};
    const double sourceMs[] = {1.548, 2.007, 5.283, 1.669, 2.150, 3.262, 6.050, 48.379};
    const int substeps[] = {1, 1, 1, 1, 10, 20, 30, 40};
    for (std::size_t i = 1; i < rows.size(); ++i) {
        const auto& row = rows[i];
        ASSERT_EQ(row.size(), header.size()) << "row " << i;
        EXPECT_EQ(row[col["table"]], tables[i - 1]);
        EXPECT_EQ(row[col["solver"]], i <= 3 ? "symplectic_euler" : "xpbd");
        EXPECT_EQ(row[col["cloth"]], cloths[i - 1]);
        EXPECT_EQ(number(row[col["substeps"]]), substeps[i - 1]);
        EXPECT_EQ(number(row[col["timed_steps"]]), 3) << "--bench-steps caps the timed steps";
        EXPECT_DOUBLE_EQ(number(row[col["source_ms"]]), sourceMs[i - 1]);
        for (const char* c : {"median_ms", "mean_ms", "source_over_ours"}) {
            const double value = number(row[col[c]]);
            EXPECT_TRUE(std::isfinite(value) && value > 0.0) << c << " = '" << row[col[c]] << "' in row " << i;
        }
        EXPECT_NEAR(number(row[col["source_over_ours"]]), sourceMs[i - 1] / number(row[col["median_ms"]]),
                    0.05 * sourceMs[i - 1] / number(row[col["median_ms"]]) + 0.05);
        EXPECT_EQ(number(row[col["recoveries"]]), 0) << "row " << i;
    }
    // the same table as Markdown on stdout and in SUITE.md, and the machine it ran on
    EXPECT_NE(r.out.find("### xpbd-thesis: frame-time tables (hanging cloth)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("| table | solver | cloth |"), std::string::npos) << r.out;
    EXPECT_NE(readFile(dir / "xpbd_thesis.md").find("| Table 3 | symplectic_euler | 150x150 |"), std::string::npos);
    const std::string machine = readFile(dir / "machine.txt");
    EXPECT_NE(machine.find("cpu: "), std::string::npos) << machine;
    EXPECT_NE(machine.find("cores: "), std::string::npos) << machine;
    EXPECT_NE(machine.find("compiler: "), std::string::npos) << machine;
}

TEST(BenchRun, TheFrameSuiteWithoutADisplayFailsAndSaysWhy) {
    const TempDir tmp("bench_frame");
    const std::filesystem::path dir = tmp / "out";  // not there yet: --bench-out makes it
    const ProcessResult r = runProcess("env -u DISPLAY -u WAYLAND_DISPLAY " + kExe +
                                       " --bench frame --bench-steps 2 --bench-out " + dir.string() + " 2>&1");
    EXPECT_EQ(r.exitCode, 1) << r.out;
    EXPECT_NE(r.out.find("frame skipped"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("xvfb-run"), std::string::npos) << r.out;
    EXPECT_FALSE(std::filesystem::exists(dir / "frame.csv"));
}

const char* kTinyScaling =
    "solver,threads,cloth,particles,links,substeps,iterations,timed_steps,median_ms,mean_ms,steps_per_s,recoveries\n"
    "xpbd,1,32x32,1024,7626,20,1,3,0.92,0.93,1087,0\n"
    "xpbd,1,64x64,4096,31626,20,1,3,3.99,4.01,251,0\n"
    "xpbd,2,32x32,1024,7626,20,1,3,0.81,0.82,1235,0\n"
    "xpbd,2,64x64,4096,31626,20,1,3,2.84,2.85,352,0\n";

TEST(BenchPlot, WithoutGnuplotThePlotIsSkippedAndTheScriptSucceeds) {
    const TempDir tmp("bench_plot");
    const std::filesystem::path& dir = tmp.path();
    std::ofstream(dir / "scaling.csv") << kTinyScaling;
    const ProcessResult r = runProcess("GNUPLOT=/nonexistent/gnuplot " + kSource + "/tools/plot_bench.sh " +
                                       dir.string() + " 2>&1");
    EXPECT_EQ(r.exitCode, 0) << r.out;
    EXPECT_NE(r.out.find("plot skipped"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("scaling.csv"), std::string::npos) << "says where the numbers are: " << r.out;
    EXPECT_FALSE(std::filesystem::exists(dir / "scaling.png"));
}

TEST(BenchPlot, AMissingCsvIsAnErrorThatNamesIt) {
    const TempDir tmp("bench_plot_missing");
    const std::filesystem::path& dir = tmp.path();
    const ProcessResult r = runProcess(kSource + "/tools/plot_bench.sh " + dir.string() + " 2>&1");
    EXPECT_EQ(r.exitCode, 1) << r.out;
    EXPECT_NE(r.out.find((dir / "scaling.csv").string()), std::string::npos) << r.out;
}

TEST(BenchPlot, WithGnuplotItWritesAPng) {
    if (runProcess("command -v gnuplot >/dev/null 2>&1").exitCode != 0) GTEST_SKIP() << "gnuplot is not installed";
    const TempDir tmp("bench_plot_png");
    const std::filesystem::path& dir = tmp.path();
    std::ofstream(dir / "scaling.csv") << kTinyScaling;
    const ProcessResult r = runProcess(kSource + "/tools/plot_bench.sh " + dir.string() + " 2>&1");
    EXPECT_EQ(r.exitCode, 0) << r.out;
    const std::string png = readFile(dir / "scaling.png");
    ASSERT_GT(png.size(), 1000u) << r.out;
    EXPECT_EQ(png.substr(1, 3), "PNG");
}

} // namespace
} // namespace cs::test
