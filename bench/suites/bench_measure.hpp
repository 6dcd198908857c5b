#pragma once
// What every benchmark suite shares: how long it may take, how a step is timed
// (median wall time after a warm-up, as the targets are stated), the
// table a suite fills, and where it goes (DIR/SUITE.csv, DIR/SUITE.md, stdout).
#include "sim/simulation.hpp"

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace cs {

// The knobs of a run, from the command line.
struct BenchOptions {
    long long steps = 120;               // --bench-steps: most timed steps per measurement
    long long warmupSteps = 20;          // untimed steps first (caches, factorisations, the still start)
    double warmupSeconds = 1.0;          // ... but no longer than this (a 512^2 step can take seconds)
    double cellSeconds = 2.0;            // stop timing a measurement after this long, once it has kMinTimedSteps
    std::vector<std::string> overrides;  // --set KEY=VALUE, applied after each suite's own settings
};

inline constexpr long long kMinTimedSteps = 3;

// How many steps a measurement warms up and times, and when it may stop early.
struct StepBudget {
    long long warmupSteps = 20;
    double warmupSeconds = 1.0;
    long long maxSteps = 120;
    double maxSeconds = 2.0;
    std::function<void()> afterStep;  // inside the timed span: e.g. glFinish for a GPU solver
};

StepBudget budgetFrom(const BenchOptions& options);

// Triangle self-contact's detections over the timed steps (StepStats::selfDetections).
struct TriangleContactTally {
    long long detections = 0;
    long long gathers = 0;  // detections that searched the trees
    double detectMs = 0.0;
};

// Wall time per physics step over the timed steps.
struct StepTiming {
    long long warmupSteps = 0;
    long long steps = 0;        // timed
    double medianMs = 0.0;
    double meanMs = 0.0;
    double maxMs = 0.0;
    int recoveries = 0;         // the divergence guard's, over warm-up and timed steps
    TriangleContactTally triangleContact;
};

StepTiming timeSteps(Simulation& sim, const StepBudget& budget);

// Loads `scene` (a path relative to the scenes folder, or absolute) with the
// suite's overrides and then the user's. Empty with `error` set when it fails.
std::optional<Simulation> loadBenchSimulation(const std::filesystem::path& scene,
                                              const std::vector<std::string>& suiteOverrides,
                                              const BenchOptions& options, std::string& error);

// One suite's result: a header and rows of already formatted cells, plus notes
// (the settings that matter, what was skipped, where the source documents' numbers come from).
struct BenchTable {
    std::string suite;                 // file stem: DIR/<suite>.csv
    std::string title;                 // Markdown heading
    std::vector<std::string> columns;
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> notes;
    std::string skipped;               // why the suite could not run (no display); empty when it ran

    void addRow(std::vector<std::string> cells) { rows.push_back(std::move(cells)); }
    std::string csv() const;       // header line, then one line per row; cells with , or " are quoted
    std::string markdown() const;  // ### title, the table, the notes as a list
};

// Milliseconds with the digits that mean something at that size (0.0912, 3.26, 265.3).
std::string formatMs(double ms);
std::string formatNumber(double value, int decimals);
std::string formatCount(long long value);
// 1000 / ms, whole steps per second.
std::string stepsPerSecond(double ms);

// CPU model, cores, memory, compiler and build type, one "key: value" a line.
std::string machineDescription();

} // namespace cs
