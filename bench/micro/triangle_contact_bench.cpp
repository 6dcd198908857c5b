// Triangle contact's detection (sim/collision/triangle_contact.hpp) on the 64 x 64 heap of
// `clothsim --bench selfcollision` once it lies in folds (150 steps: 2.5 s with triangle
// contact on). Target (../shared/CONTACT.md section 8): about 1 ms a detection at this
// size, so that contact costs at most the contact-free step.
//   TriangleDetect/heap64/<threads>   one detection that searches the trees: boxes, refit,
//                                     vertex-face and edge-edge queries, exact distances,
//                                     bounds (collision.self_skin = 0)
//   TriangleDetectReuse/heap64/<threads>  one detection that reuses the candidates of the
//                                     last search (a 1.2 cm skin; no vertex moved)
// Run: build/release/clothsim_bench --benchmark_filter=TriangleDetect
#include "sim/collision/triangle_contact.hpp"
#include "stepped_scene.hpp"

#include <benchmark/benchmark.h>
#include <string>

namespace {

// the bench suite's 64^2 heap (the scene's 2.37 m strip length as a square), folded: 150 steps
cs::bench::SteppedScene foldedHeap("heap.toml",
                                   {"cloth.resolution=[64,64]", "cloth.spacing=" + std::to_string(2.37f / 63.0f),
                                    "collision.self_collision=true"},
                                   150);

void detectLoop(benchmark::State& state, bool search) {
    const cs::World* world = foldedHeap.world(state);
    if (!world) return;
    const int threads = static_cast<int>(state.range(0));
    cs::CollisionSettings settings = world->settings.collision;
    settings.selfSkin = search ? 0.0f : 0.012f;
    cs::TriangleContact contact;
    contact.detect(world->cloth, world->cloth.positions, settings, threads);  // builds the trees
    for (auto _ : state) contact.detect(world->cloth, world->cloth.positions, settings, threads);
    state.counters["vertices"] = static_cast<double>(world->cloth.particleCount());
    state.counters["vf_pairs"] = static_cast<double>(contact.stats().vertexFacePairs);
    state.counters["ee_pairs"] = static_cast<double>(contact.stats().edgeEdgePairs);
}

void TriangleDetect(benchmark::State& state) { detectLoop(state, true); }
void TriangleDetectReuse(benchmark::State& state) { detectLoop(state, false); }

BENCHMARK(TriangleDetectReuse)->Name("TriangleDetectReuse/heap64")->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(TriangleDetect)->Name("TriangleDetect/heap64")->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

} // namespace
