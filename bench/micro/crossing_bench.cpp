// The exact crossing counter (sim/collision/crossing_count.hpp) on the shipped 64 x 64
// `pile` after it has landed (240 steps: 4 s, folded over the sphere and on the ground,
// many vertices lying exactly in the ground's plane). Target: <= 1 ms on 2 threads.
//   CrossingCount/pile64/<threads>   one count: refit + queries + exact tests
// Run: build/release/clothsim_bench --benchmark_filter=CrossingCount
#include "scene/scene.hpp"
#include "sim/collision/crossing_count.hpp"
#include "sim/simulation.hpp"

#include <benchmark/benchmark.h>
#include <optional>
#include <string>
#include <vector>

namespace {

constexpr long long kLandingSteps = 240;

// Built once for both thread counts: the landing takes seconds.
const cs::Cloth* landedPile(benchmark::State& state) {
    static std::optional<cs::Simulation> sim;
    static std::string error;
    if (!sim && error.empty()) {
        const cs::SceneLoad load = cs::loadSceneFile(std::string(CLOTHSIM_SOURCE_DIR) + "/scenes/pile.toml", std::vector<std::string>{});
        if (!load.ok()) {
            error = load.errorText();
        } else {
            sim.emplace(cs::makeWorld(*load.scene));
            for (long long k = 0; k < kLandingSteps; ++k) sim->step();
        }
    }
    if (!error.empty()) {
        state.SkipWithError(error.c_str());
        return nullptr;
    }
    return &sim->world().cloth;
}

void CrossingCount(benchmark::State& state) {
    const cs::Cloth* cloth = landedPile(state);
    if (!cloth) return;
    const int threads = static_cast<int>(state.range(0));
    cs::CrossingCounter counter;
    std::size_t crossings = counter.count(*cloth, threads);  // builds the tree
    for (auto _ : state) {
        crossings = counter.count(*cloth, threads);
        benchmark::DoNotOptimize(crossings);
    }
    state.counters["triangles"] = static_cast<double>(cloth->triangles.size());
    state.counters["crossings"] = static_cast<double>(crossings);
}

BENCHMARK(CrossingCount)->Name("CrossingCount/pile64")->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

} // namespace
