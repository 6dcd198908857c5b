#pragma once
// `clothsim --bench [SUITE]`: runs one suite or all of them and writes each as
// DIR/SUITE.csv (a header row, one row per measurement) and DIR/SUITE.md, the
// machine as DIR/machine.txt, and every table as Markdown on stdout. Progress
// goes to stderr. tools/bench.sh wraps it (Xvfb for the frame suite, the plot).
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace cs {

// What `--bench` asked for (the command line fills it: src/cli).
struct BenchRequest {
    std::string suite = "all";                  // a suite name (bench_suites.hpp) or "all"
    std::filesystem::path out = "bench-results"; // where SUITE.csv, SUITE.md and machine.txt go
    std::optional<long long> steps;             // most timed steps per measurement
    std::vector<std::string> overrides;         // --set KEY=VALUE for every run
};

int runBench(const BenchRequest& request);

} // namespace cs
