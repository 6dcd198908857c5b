// Microbenchmarks for the targets that `clothsim --bench` does not
// isolate (issue 7, section 4). One physics step of 1/60 s each, single thread:
//   ForceStep/<id>       a 150 x 150 cloth, one substep: one force evaluation and
//                        one integration (rk4: four evaluations) — target <= 0.5 ms
//   ImplicitStep/<n>     implicit_euler at 64^2 and 128^2, CG to 1e-4 relative
//                        residual (no iteration cap below 2000; the residual
//                        counter shows it got there) — targets <= 4 ms and <= 20 ms
//   DesbrunStep/64       desbrun once factorised — target <= 2 ms
//   DesbrunFactorise/64  a step right after a topology change: pattern analysis,
//                        factorisation and the step — target <= 200 ms (minus the step)
//   ConstraintPass/<id>  xpbd, pbd and jakobsen on 128^2 with 20 constraint passes
//                        per step; items/s = links x passes — targets: pbd and
//                        jakobsen within 20 % of xpbd per pass
// Run: build/release/clothsim_bench --benchmark_filter='ForceStep|ImplicitStep|Desbrun|ConstraintPass'
#include "scene/scene.hpp"
#include "sim/simulation.hpp"

#include <benchmark/benchmark.h>
#include <optional>
#include <string>
#include <vector>

namespace {

std::optional<cs::Simulation> makeSimulation(benchmark::State& state, const std::string& sceneFile,
                                             const std::vector<std::string>& overrides) {
    const cs::SceneLoad load =
        cs::loadSceneFile(std::string(CLOTHSIM_SOURCE_DIR) + "/scenes/" + sceneFile, overrides);
    if (!load.ok()) {
        state.SkipWithError(load.errorText().c_str());
        return std::nullopt;
    }
    std::optional<cs::Simulation> sim;
    sim.emplace(cs::makeWorld(*load.scene));
    return sim;
}

std::string resolution(int n) { return "cloth.resolution=[" + std::to_string(n) + "," + std::to_string(n) + "]"; }

// The compare scenes' 1.38 m cloth at n particles a side.
std::string spacing(int n) { return "cloth.spacing=" + std::to_string(1.38f / static_cast<float>(n - 1)); }

void runSteps(benchmark::State& state, cs::Simulation& sim, int warmup) {
    for (int i = 0; i < warmup; ++i) sim.step();
    cs::StepStats last;
    for (auto _ : state) {
        last = sim.step();
        benchmark::DoNotOptimize(last);
    }
    state.counters["particles"] = static_cast<double>(sim.world().cloth.particleCount());
    state.counters["links"] = static_cast<double>(sim.world().cloth.links.size());
    state.counters["iterations"] = last.iterations;  // of the last step (implicit_euler: CG iterations)
    state.counters["residual"] = last.residual;
    state.counters["recoveries"] = sim.recoveries();
}

// The mass-spring cloth of xpbd-thesis (docs/sources.md) at its Table 3 size
// with all three link kinds: 1 kg particles and k = 1000 N/m keep one substep of
// 1/60 s stable (explicit Euler gains energy regardless: the recoveries counter
// shows when it blew up).
void ForceStep(benchmark::State& state, const std::string& id) {
    std::optional<cs::Simulation> sim = makeSimulation(
        state, "compare_" + id + ".toml",
        {resolution(150), "cloth.spacing=0.125", "solver.substeps=1", "cloth.mass_mode=per_particle",
         "cloth.particle_mass=1", "springs.stretch_stiffness=1000", "springs.shear_stiffness=1000",
         "springs.bend_stiffness=100", "collision.ground=false", "solver.threads=1"});
    if (sim) runSteps(state, *sim, 5);
}

void ImplicitStep(benchmark::State& state) {
    const int n = static_cast<int>(state.range(0));
    std::optional<cs::Simulation> sim = makeSimulation(
        state, "compare_implicit_euler.toml",
        {resolution(n), spacing(n), "implicit.cg_tolerance=0.0001", "implicit.cg_max_iterations=2000",
         "solver.threads=1"});
    if (sim) runSteps(state, *sim, 10);
}

void DesbrunStep(benchmark::State& state) {
    const int n = static_cast<int>(state.range(0));
    std::optional<cs::Simulation> sim =
        makeSimulation(state, "compare_desbrun.toml", {resolution(n), spacing(n), "solver.threads=1"});
    if (sim) runSteps(state, *sim, 10);
}

void DesbrunFactorise(benchmark::State& state) {
    const int n = static_cast<int>(state.range(0));
    std::optional<cs::Simulation> sim =
        makeSimulation(state, "compare_desbrun.toml", {resolution(n), spacing(n), "solver.threads=1"});
    if (!sim) return;
    sim->step();
    int factorizations = 0;
    for (auto _ : state) {
        state.PauseTiming();
        sim->topologyEdited();  // the solver drops its factor: the next step analyses and factorises again
        state.ResumeTiming();
        const cs::StepStats stats = sim->step();
        factorizations = stats.factorizations;
        benchmark::DoNotOptimize(stats);
    }
    state.counters["factorizations"] = factorizations;
}

// 20 passes over every link per step for each method: XPBD as 20 substeps of one
// pass, PBD and Jakobsen as one step of 20 passes (their recommended form).
void ConstraintPass(benchmark::State& state, const std::string& id) {
    const int n = 128;
    const int passes = 20;
    std::vector<std::string> overrides = {resolution(n), spacing(n), "solver.threads=1"};
    if (cs::findSolver(id)->substeps > 1) {  // a method shown with small steps (XPBD)
        overrides.push_back("solver.substeps=" + std::to_string(passes));
        overrides.push_back("solver.iterations=1");
    } else {
        overrides.push_back("solver.substeps=1");
        overrides.push_back("solver.iterations=" + std::to_string(passes));
    }
    std::optional<cs::Simulation> sim = makeSimulation(state, "compare_" + id + ".toml", overrides);
    if (!sim) return;
    runSteps(state, *sim, 10);
    state.counters["passes"] = passes;
    state.SetItemsProcessed(state.iterations() * static_cast<long long>(sim->world().cloth.links.size()) * passes);
}

const bool kRegistered = [] {
    // the explicit integrators: the cost of a force evaluation at the substeps they need
    for (std::string_view id : cs::solverIds([](const cs::SolverInfo& info) {
             return info.family == cs::SolverFamily::ForceBased && info.stability != cs::Stability::Unconditional;
         })) {
        const std::string name(id);
        benchmark::RegisterBenchmark(("ForceStep/" + name + "/150").c_str(),
                                     [name](benchmark::State& s) { ForceStep(s, name); })
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime();
    }
    for (std::string_view id : cs::solverIds(cs::SolverFamily::PositionBased)) {
        const std::string name(id);
        benchmark::RegisterBenchmark(("ConstraintPass/" + name + "/128").c_str(),
                                     [name](benchmark::State& s) { ConstraintPass(s, name); })
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime();
    }
    return true;
}();

BENCHMARK(ImplicitStep)->Arg(64)->Arg(128)->ArgName("n")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(DesbrunStep)->Arg(64)->ArgName("n")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(DesbrunFactorise)->Arg(64)->ArgName("n")->Unit(benchmark::kMillisecond)->UseRealTime();

} // namespace
