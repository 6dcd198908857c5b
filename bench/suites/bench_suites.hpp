#pragma once
// The benchmark suites of `clothsim --bench`, one table each (issue 7, section 3):
// scaling with cloth size, the source documents' published tables (docs/sources.md)
// next to ours, the cost of self-collision and of tearing, and the app's frame
// split. Each returns its table; bench_runner writes it out.
#include "bench_measure.hpp"

#include <span>
#include <string>
#include <string_view>

namespace cs {

struct BenchSuite {
    std::string_view name;     // --bench NAME, and the CSV's file stem
    std::string_view summary;  // one line for --help and the README
    bool needsWindow;          // opens a (hidden) window: needs a display, e.g. xvfb-run
    BenchTable (*run)(const BenchOptions& options);
};

// In the order `--bench all` runs them.
std::span<const BenchSuite> benchSuites();
const BenchSuite* findBenchSuite(std::string_view name);
// "all, scaling, xpbd_thesis, ..." for --help and error messages.
std::string benchSuiteList();

// bench_suites.cpp
BenchTable runScalingSuite(const BenchOptions& options);
BenchTable runSelfCollisionSuite(const BenchOptions& options);
BenchTable runTearingSuite(const BenchOptions& options);
// bench_sources.cpp
BenchTable runXpbdThesisSuite(const BenchOptions& options);
BenchTable runVerletClothSuite(const BenchOptions& options);
BenchTable runGpuClothSuite(const BenchOptions& options);
// bench_frame.cpp
BenchTable runFrameSuite(const BenchOptions& options);

// GPU solvers (SolverInfo::gpu) are timed only where a GL 4.3 context can be made
// and they are installed (bench_gl.hpp); their step is followed by glFinish so
// that the GPU's work counts. Where one still runs its CPU twin it is skipped.
bool isGpuSolverId(std::string_view id);

} // namespace cs
