// Every solver on the 64 x 64 hanging cloth, each with the settings of its
// scenes/compare_<id>.toml (the stiffness it is shown with). The explicit
// methods get the substeps they need to stay stable at this resolution: the
// particles are 7 times lighter than in the 24 x 24 scene, so the springs'
// frequencies are 2.7 times higher and the step must shrink as much. The
// figure is the cost of running each method stably, per 1/60 s step.
// Run: build/release/clothsim_bench --benchmark_filter=SolverStep
#include "scene/scene.hpp"
#include "sim/simulation.hpp"
#include "sim/solver.hpp"

#include <benchmark/benchmark.h>
#include <iostream>
#include <string>
#include <vector>

namespace {

void SolverStep(benchmark::State& state, const std::string& id) {
    const std::string scene = std::string(CLOTHSIM_SOURCE_DIR) + "/scenes/compare_" + id + ".toml";
    std::vector<std::string> overrides = {"cloth.resolution=[64,64]", "cloth.spacing=0.0219"};
    // three times the substeps of its compare scene for an explicit method (the registry's tuning)
    const cs::SolverInfo& info = *cs::findSolver(id);
    if (info.stability != cs::Stability::Unconditional)
        overrides.push_back("solver.substeps=" + std::to_string(3 * info.substeps));
    cs::SceneLoad load = cs::loadSceneFile(scene, overrides);
    if (!load.ok()) {
        state.SkipWithError(load.errorText().c_str());
        return;
    }
    cs::Simulation sim(cs::makeWorld(*load.scene));
    for (int i = 0; i < 20; ++i) sim.step();
    // a GPU entry without a GL context runs its CPU twin: the simulation's note says so
    for (const std::string& note : sim.takeNotes()) std::cerr << "clothsim: " << note << '\n';
    for (auto _ : state) {
        cs::StepStats stats = sim.step();
        benchmark::DoNotOptimize(stats);
    }
    state.counters["substeps"] = sim.world().settings.solver.substeps;
    state.counters["recoveries"] = sim.recoveries();
}

const bool kRegistered = [] {
    for (const cs::SolverInfo& info : cs::solverRegistry()) {
        const std::string id(info.id);
        benchmark::RegisterBenchmark(("SolverStep/" + id).c_str(), [id](benchmark::State& s) { SolverStep(s, id); })
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime();
    }
    return true;
}();

} // namespace
