#pragma once
// The headless runner: the same World and solvers as the app, no window and no
// OpenGL. Tests, benchmarks and scripts all go through it.
#include "command_line.hpp"
#include "sim/simulation.hpp"
#include "sim/stats.hpp"

#include <string>
#include <vector>

namespace cs {

struct HeadlessReport {
    std::string scene;
    std::string solver;
    long long steps = 0;
    float dt = 0.0f;
    std::size_t particles = 0;
    std::size_t constraints = 0;
    double simTime = 0.0;
    double wallMsMean = 0.0;
    double wallMsMedian = 0.0;
    int recoveries = 0;
    StepStats lastStep;
    ClothStats cloth;
};

// Runs `steps` physics steps; per-step wall times go into `stepMs` (sized by the caller).
HeadlessReport runSteps(Simulation& sim, long long steps, std::vector<double>& stepMs);

std::string reportJson(const HeadlessReport& report);
std::string clothObj(const Cloth& cloth);

int runHeadless(const CommandLine& commandLine);

} // namespace cs
