// XPBD step time against cloth size and thread count, at 20 substeps (the
// default), the hanging scene's setup. Run: build/release/clothsim_bench --benchmark_repetitions=5
// --benchmark_report_aggregates_only=true ; the README's table quotes the medians.
#include "sim/params.hpp"
#include "sim/simulation.hpp"

#include <benchmark/benchmark.h>

namespace {

void XpbdStep(benchmark::State& state) {
    const int n = static_cast<int>(state.range(0));
    cs::Settings s = cs::defaultSettings();
    s.collision.selfCollision = false;  // the solver alone (self-contact's cost: --bench selfcollision)
    // range 2: 0 = the default links (distance-2 bending along rows, columns and
    // diagonals, 129k links at 128^2); 1 = the reference cloth: stretch +
    // shear + distance-2 bending along rows and columns only (stencil12, 97k links)
    if (state.range(2) == 1) s.cloth.linkPattern = cs::LinkPattern::Stencil12;
    s.solver.threads = static_cast<int>(state.range(1));
    s.cloth.resolution = {n, n};
    s.cloth.spacing = 1.6f / static_cast<float>(n - 1);  // same 1.6 m cloth at every resolution
    s.cloth.origin = {0.0f, 2.4f, 0.0f};
    s.solver.substeps = 20;
    s.wind.strength = 1.5f;
    cs::Simulation sim(cs::makeWorld(s, {}));
    for (int i = 0; i < 30; ++i) sim.step();  // leave the still start behind
    for (auto _ : state) {
        cs::StepStats stats = sim.step();
        benchmark::DoNotOptimize(stats);
    }
    state.counters["particles"] = static_cast<double>(n) * n;
    state.counters["links"] = static_cast<double>(sim.world().cloth.links.size());
    state.SetItemsProcessed(state.iterations() * static_cast<long long>(sim.world().cloth.links.size()) * 20);
}
// arguments: cloth resolution, solver.threads
BENCHMARK(XpbdStep)
    ->ArgsProduct({{32, 64, 128, 256}, {1, 2}, {0, 1}})
    ->ArgNames({"n", "threads", "reference"})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

} // namespace
