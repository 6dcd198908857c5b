// No heap allocation inside a physics step: every solver of the registry steps a
// small cloth 100 times, after a warm-up that builds its caches, and the global
// operator new must not be called once. The per-step path has to keep up at 60 Hz
// on big cloths; an allocation there costs a lock, a page fault or a fragmentation
// spike at an unpredictable step.
//
// This file replaces the global operator new and delete (every overload: plain,
// array, sized, aligned, nothrow) with counting versions, so it is its own test
// executable: linked into another binary it would count that binary's work too.
//
// Finding an allocation the test reports: run
//   CLOTHSIM_ALLOC_TRACE=1 ./build/release/allocation_tests --gtest_filter=...
// and the first few allocations inside the counted steps print their call stacks.
#include "../support/sim_fixture.hpp"

#include "sim/collision/colliders.hpp"
#include "sim/collision/crossing_count.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <execinfo.h>
#include <functional>
#include <new>
#include <string>
#include <unistd.h>

namespace {

std::atomic<bool> gCounting{false};
std::atomic<long> gAllocations{0};
std::atomic<int> gTracesLeft{0};
thread_local bool tTracing = false;  // backtrace() may allocate: do not count or trace that

void noteAllocation() {
    if (!gCounting.load(std::memory_order_relaxed) || tTracing) return;
    gAllocations.fetch_add(1, std::memory_order_relaxed);
    if (gTracesLeft.fetch_sub(1, std::memory_order_relaxed) <= 0) return;
    tTracing = true;
    void* frames[32];
    const int n = backtrace(frames, 32);
    static const char kHeader[] = "--- allocation inside a counted step:\n";
    (void)!write(2, kHeader, sizeof kHeader - 1);
    backtrace_symbols_fd(frames, n, 2);  // writes straight to the fd, no malloc
    tTracing = false;
}

void* allocate(std::size_t size) {
    noteAllocation();
    if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
    throw std::bad_alloc();
}

void* allocateAligned(std::size_t size, std::align_val_t alignment) {
    noteAllocation();
    void* p = nullptr;
    const std::size_t a = std::max(static_cast<std::size_t>(alignment), sizeof(void*));
    if (posix_memalign(&p, a, size == 0 ? 1 : size) != 0) throw std::bad_alloc();
    return p;
}

} // namespace

// The replaced global allocation functions ([new.delete]): all of them, so that no
// allocation reaches the library's versions uncounted.
void* operator new(std::size_t size) { return allocate(size); }
void* operator new[](std::size_t size) { return allocate(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
    try { return allocate(size); } catch (...) { return nullptr; }
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
    try { return allocate(size); } catch (...) { return nullptr; }
}
void* operator new(std::size_t size, std::align_val_t a) { return allocateAligned(size, a); }
void* operator new[](std::size_t size, std::align_val_t a) { return allocateAligned(size, a); }
void* operator new(std::size_t size, std::align_val_t a, const std::nothrow_t&) noexcept {
    try { return allocateAligned(size, a); } catch (...) { return nullptr; }
}
void* operator new[](std::size_t size, std::align_val_t a, const std::nothrow_t&) noexcept {
    try { return allocateAligned(size, a); } catch (...) { return nullptr; }
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }

namespace cs::test {
namespace {

constexpr int kWarmUpSteps = 5;
constexpr int kCountedSteps = 100;

// Allocations made by `work` (on any thread).
template <class Work>
long countAllocations(Work&& work) {
    gAllocations = 0;
    gTracesLeft = std::getenv("CLOTHSIM_ALLOC_TRACE") ? 5 : 0;
    gCounting = true;
    work();
    gCounting = false;
    return gAllocations.load();
}

// A 16x16 horizontal cloth dropped onto a sphere with wind blowing: contacts with
// the collider from the first steps, aerodynamics every step.
Settings smallScene(const std::string& solver) {
    return settingsWith([&](Settings& s) {
        s.solver.id = solver;
        s.cloth.resolution = {16, 16};
        s.cloth.spacing = 0.05f;
        s.cloth.orientation = Orientation::Horizontal;
        s.cloth.origin = {0.0f, 0.45f, 0.0f};
        s.cloth.pins = PinPreset::None;
        s.wind.strength = 4.0f;
        s.wind.gustAmplitude = 0.3f;
        s.collision.ground = true;
        s.collision.groundHeight = 0.0f;
        if (solver == "explicit_euler") {
            // forward Euler's own stable setting (scenes/compare_explicit_euler.toml): at the
            // shared 20 substeps it diverges, and the guard's recovery is not a step
            s.solver.substeps = 200;
            s.springs.damping = 0.02f;
        }
    });
}

Colliders sphere() { return {makeSphere({0.0f, 0.2f, 0.0f}, 0.2f)}; }

struct Outcome {
    long allocations = 0;
    int diverged = 0;  // a recovery formats its message and rebuilds caches: not a step to count
};

Outcome stepCounted(Simulation& sim, const std::function<void()>& afterWarmUp = {}) {
    for (int i = 0; i < kWarmUpSteps; ++i) sim.step();
    if (afterWarmUp) afterWarmUp();
    Outcome out;
    StepStats stats[kCountedSteps];
    out.allocations = countAllocations([&] {
        for (StepStats& s : stats) s = sim.step();
    });
    for (const StepStats& s : stats) out.diverged += s.diverged ? 1 : 0;
    return out;
}

std::string paramName(const ::testing::TestParamInfo<std::string>& info) { return info.param; }

// Lays the far half of a grid cloth over the near half, `gap` metres above it.
void foldInHalf(Simulation& sim, glm::ivec2 resolution, float gap) {
    Cloth& cloth = sim.world().cloth;
    const int columns = resolution.x, rows = resolution.y;
    for (int r = rows / 2; r < rows; ++r)
        for (int c = 0; c < columns; ++c)
            cloth.positions[static_cast<std::size_t>(r * columns + c)] =
                cloth.positions[static_cast<std::size_t>((rows - 1 - r) * columns + c)] + glm::vec3(0.0f, gap, 0.0f);
    cloth.previousPositions = cloth.positions;
    sim.stateRestored();
}

class ZeroAllocations : public ::testing::TestWithParam<std::string> {};

TEST_P(ZeroAllocations, StepsWithColliderAndWind) {
    Simulation sim = makeSimulation(smallScene(GetParam()), sphere());
    const Outcome out = stepCounted(sim);
    EXPECT_EQ(out.diverged, 0);
    EXPECT_EQ(out.allocations, 0) << "over " << kCountedSteps << " steps of " << GetParam();
}

TEST_P(ZeroAllocations, StepsOnTwoThreads) {
    // 48x48: enough particles and links per colour that every threaded loop (the
    // colours, particle slices, CG rows) really forks; the team is made during the
    // warm-up and reused after
    Settings s = smallScene(GetParam());
    s.solver.threads = 2;
    s.cloth.resolution = {48, 48};  // same spacing as the 16x16: the same stable step
    Simulation sim = makeSimulation(s, sphere());
    const Outcome out = stepCounted(sim);
    EXPECT_EQ(out.diverged, 0);
    EXPECT_EQ(out.allocations, 0) << "over " << kCountedSteps << " steps of " << GetParam() << " on 2 threads";
}

// Triangle self-contact in every CPU solver: the 16 x 16 cloth folded in two onto the sphere, on 1 and 2 threads; detections
// run in the counted steps.
TEST(ZeroAllocationsTriangleContact, StepsWithTwoLayersTouching) {
    ASSERT_GE(triangleContactSolverIds().size(), 3u) << "xpbd, pbd and jakobsen at least";
    for (const std::string& id : triangleContactSolverIds()) for (int threads : {1, 2}) {
        SCOPED_TRACE(id);
        Settings s = smallScene(id);
        s.solver.threads = threads;
        s.collision.selfCollision = true;
        s.cloth.linkLevel = 1;
        s.collision.selfSkin = 0.01f;  // candidates kept between searches: both paths run
        Simulation sim = makeSimulation(s, sphere());
        foldInHalf(sim, s.cloth.resolution, 2.0f * s.collision.selfRadius);
        int detections = 0, searches = 0;
        for (int i = 0; i < kWarmUpSteps; ++i) sim.step();
        const long allocations = countAllocations([&] {
            for (int i = 0; i < kCountedSteps; ++i) {
                const StepStats stats = sim.step();
                detections += stats.selfDetections;
                searches += stats.selfGathers;
            }
        });
        EXPECT_GT(detections, 0) << "triangle contact did not run";
        EXPECT_LT(searches, detections) << "no detection reused the candidates";
        EXPECT_EQ(allocations, 0) << "over " << kCountedSteps << " steps on " << threads << " threads";
    }
}

TEST_P(ZeroAllocations, StepsWithTearingEnabledButNothingTearing) {
    Settings s = smallScene(GetParam());
    s.tearing.enabled = true;
    s.tearing.maxStretch = 10.0f;  // far beyond any stretch here: the check runs, nothing breaks
    Simulation sim = makeSimulation(s, sphere());
    const std::size_t links = sim.world().cloth.links.size();
    const Outcome out = stepCounted(sim);
    EXPECT_EQ(sim.world().cloth.links.size(), links) << "something tore; the case wants the check alone";
    EXPECT_EQ(out.diverged, 0);
    EXPECT_EQ(out.allocations, 0) << "over " << kCountedSteps << " steps of " << GetParam();
}

// The rest of what a step can do: pins with tethers, hinge bending, Provot's fix-up, a
// scripted collider moving through the cloth and a dynamic ball the cloth pushes.
TEST_P(ZeroAllocations, StepsWithEveryOtherFeature) {
    Settings s = smallScene(GetParam());
    s.cloth.orientation = Orientation::Vertical;
    s.cloth.origin = {0.0f, 1.0f, 0.0f};
    s.cloth.pins = PinPreset::TopRow;
    s.solver.tethers = true;
    s.solver.bending = BendingModel::Dihedral;
    s.provot.enabled = true;
    Collider swinging = makeBox({0.0f, 0.6f, 0.1f}, {0.1f, 0.1f, 0.1f});
    swinging.motion = MotionKind::Kinematic;
    swinging.script.kind = ScriptKind::Path;
    swinging.script.path = {{0.0f, 0.6f, 0.1f}, {0.0f, 0.6f, -0.3f}, {0.2f, 0.7f, -0.3f}};
    swinging.script.speed = 1.0f;
    Collider ball = makeSphere({0.1f, 0.9f, 0.25f}, 0.08f);
    ball.motion = MotionKind::Dynamic;
    ball.mass = 0.5f;
    ball.initialVelocity = ball.velocity = {0.0f, 0.0f, -1.0f};
    Simulation sim = makeSimulation(s, {swinging, ball});
    const Outcome out = stepCounted(sim);
    EXPECT_EQ(out.diverged, 0) << sim.lastRecoveryMessage();
    EXPECT_EQ(out.allocations, 0) << "over " << kCountedSteps << " steps of " << GetParam();
}

INSTANTIATE_TEST_SUITE_P(EverySolver, ZeroAllocations, ::testing::ValuesIn(registeredSolverIds()), paramName);

// The counter itself: a test that cannot fail is no test.
TEST(AllocationCounter, SeesAVectorGrow) {
    std::vector<int>* grown = nullptr;
    const long n = countAllocations([&] {
        grown = new std::vector<int>(100, 1);
        grown->resize(1000);
    });
    delete grown;
    EXPECT_GE(n, 3);
}

// The crossing counter: after its first call with a topology (the tree is built) and a
// thread count (the task list is sized), counting a moving cloth allocates nothing.
TEST(AllocationCounter, CrossingCountsAfterTheFirst) {
    Settings s = smallScene("xpbd");
    s.cloth.resolution = {40, 40};  // 3 042 triangles: the count is shared among threads
    Simulation sim = makeSimulation(s, sphere());
    for (int threads : {1, 2}) {
        CrossingCounter counter;
        counter.count(sim.world().cloth, threads);
        long allocations = 0;
        for (int step = 0; step < 10; ++step) {
            sim.step();
            allocations += countAllocations([&] { counter.count(sim.world().cloth, threads); });
        }
        EXPECT_EQ(allocations, 0) << threads << " thread(s)";
    }
}

} // namespace
} // namespace cs::test
