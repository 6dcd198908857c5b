// A blade cut across a 128 x 128 hanging cloth, the stroke of issue 18's acceptance
// line (uv 0.05,0.2 to 0.95,0.7: the cut follows the blade, splitting what it crosses),
// in the step it happens: the cut (split triangles, new particles, links, masses) and
// the step after it, where each solver rebuilds what it keeps per topology (colours,
// runs, factorisations). Target (issue 18): at most 5 ms for the solvers that factor no
// matrix. Beside it the same step without a cut, so the difference is the cut's cost.
//   CutStep/hanging128/<solver>    cut + step
//   PlainStep/hanging128/<solver>  step
//   CutExtra/hanging128/<solver>   both on two copies of the same cloth in each of 30
//                                  rounds: the median of (cut + step) - step, and of the
//                                  cut alone (paired, so a noisy machine moves it less),
//                                  and the fastest cut
// Run: build/release/clothsim_bench --benchmark_filter='CutStep|PlainStep|CutExtra'
#include "scene/scene.hpp"
#include "sim/simulation.hpp"
#include "sim/solver.hpp"

#include <algorithm>
#include <benchmark/benchmark.h>
#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace {

// The hanging cloth of compare_<id>.toml (each solver's recommended settings) at 128
// particles a side over the same 1.38 m, stepped 10 times (its caches are built).
std::optional<cs::World> hangingWorld(const std::string& id, std::string& error) {
    const std::string scene = std::string(CLOTHSIM_SOURCE_DIR) + "/scenes/compare_" + id + ".toml";
    const std::string spacing = "cloth.spacing=" + std::to_string(1.38f / 127.0f);
    cs::SceneLoad load = cs::loadSceneFile(scene, {"cloth.resolution=[128,128]", spacing});
    if (!load.ok()) {
        error = load.errorText();
        return std::nullopt;
    }
    cs::Simulation sim(cs::makeWorld(*load.scene));
    if (!sim.world().clothError.empty()) {
        error = sim.world().clothError;
        return std::nullopt;
    }
    for (int i = 0; i < 10; ++i) sim.step();
    return sim.world();
}

void CutStep(benchmark::State& state, const std::string& id, bool cut) {
    std::string error;
    const std::optional<cs::World> world = hangingWorld(id, error);
    if (!world) {
        state.SkipWithError(error.c_str());
        return;
    }
    std::size_t particlesAdded = 0;
    for (auto _ : state) {
        state.PauseTiming();
        std::optional<cs::Simulation> sim;
        sim.emplace(*world);
        sim->step();  // the solver's caches for the uncut cloth
        const std::size_t before = sim->world().cloth.particleCount();
        state.ResumeTiming();
        if (cut) sim->cut({0.05f, 0.2f}, {0.95f, 0.7f});
        cs::StepStats stats = sim->step();
        benchmark::DoNotOptimize(stats);
        state.PauseTiming();
        particlesAdded = sim->world().cloth.particleCount() - before;
        sim.reset();
        state.ResumeTiming();
    }
    state.counters["particles_added"] = static_cast<double>(particlesAdded);
}

double msSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values.empty() ? 0.0 : values[values.size() / 2];
}

void CutExtra(benchmark::State& state, const std::string& id) {
    std::string error;
    const std::optional<cs::World> world = hangingWorld(id, error);
    if (!world) {
        state.SkipWithError(error.c_str());
        return;
    }
    std::vector<double> extra, cutAlone, plainStep, stepAfter;
    for (auto _ : state) {
        std::optional<cs::Simulation> plain, cut;
        plain.emplace(*world);
        cut.emplace(*world);
        plain->step();
        cut->step();
        auto start = std::chrono::steady_clock::now();
        plain->step();
        const double plainMs = msSince(start);
        plainStep.push_back(plainMs);
        start = std::chrono::steady_clock::now();
        cut->cut({0.05f, 0.2f}, {0.95f, 0.7f});
        const double cutMs = msSince(start);
        cutAlone.push_back(cutMs);
        cut->step();
        extra.push_back(msSince(start) - plainMs);
        stepAfter.push_back(extra.back() - cutMs);
    }
    state.counters["extra_ms_median"] = median(extra);
    state.counters["cut_ms_median"] = median(cutAlone);
    state.counters["step_ms_median"] = median(plainStep);  // how fast the machine ran (it varies run to run)
    // what the step after the cut costs over the plain one (the caches the solver keeps per topology)
    state.counters["step_extra_ms_median"] = median(stepAfter);
    // the fastest round: what the cut costs when nothing else runs on the machine
    state.counters["cut_ms_min"] = cutAlone.empty() ? 0.0 : *std::min_element(cutAlone.begin(), cutAlone.end());
}

const bool kRegistered = [] {
    for (const cs::SolverInfo& info : cs::solverRegistry()) {
        // the GPU solvers rebuild their buffers (measured in the window); the explicit
        // methods need several times their compare scene's substeps at 128^2 and would
        // spend the run in the explosion guard
        const bool positionBased = info.family == cs::SolverFamily::PositionBased;
        if (info.gpu() || (!positionBased && info.stability != cs::Stability::Unconditional)) continue;
        const std::string id(info.id);
        for (const bool cut : {true, false})
            benchmark::RegisterBenchmark((std::string(cut ? "CutStep" : "PlainStep") + "/hanging128/" + id).c_str(),
                                         [id, cut](benchmark::State& s) { CutStep(s, id, cut); })
                ->Unit(benchmark::kMillisecond)
                ->UseRealTime()
                ->Iterations(5);
        benchmark::RegisterBenchmark(("CutExtra/hanging128/" + id).c_str(), [id](benchmark::State& s) { CutExtra(s, id); })
            ->Unit(benchmark::kMillisecond)
            ->Iterations(30);
    }
    return true;
}();

} // namespace
