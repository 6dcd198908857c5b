// The exact crossing counter (sim/collision/crossing_count.hpp) on the shipped 64 x 64
// `pile` after it has landed (240 steps: 4 s, folded over the sphere and on the ground,
// many vertices lying exactly in the ground's plane). Target: <= 1 ms on 2 threads.
//   CrossingCount/pile64/<threads>   one count: refit + queries + exact tests
// Run: build/release/clothsim_bench --benchmark_filter=CrossingCount
#include "sim/collision/crossing_count.hpp"
#include "stepped_scene.hpp"

#include <benchmark/benchmark.h>

namespace {

// landed: 240 steps, 4 s
cs::bench::SteppedScene landedPile("pile.toml", {}, 240);

void CrossingCount(benchmark::State& state) {
    const cs::World* world = landedPile.world(state);
    if (!world) return;
    const cs::Cloth* cloth = &world->cloth;
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
