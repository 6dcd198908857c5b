// The suites that time our own scenes: scaling with size, self-collision and
// tearing. The source documents' tables (docs/sources.md) are in bench_sources.cpp, the
// frame split in bench_frame.cpp.
#include "bench_suites.hpp"

#include "bench_gl.hpp"
#include "session/data_paths.hpp"
#include "scene/scene.hpp"
#include "sim/params.hpp"
#include "sim/solver.hpp"
#include "sim/stats.hpp"

#include <algorithm>
#include <array>
#include <iostream>
#include <memory>

namespace cs {
namespace {

constexpr std::array<int, 5> kScalingSizes = {32, 64, 128, 256, 512};
constexpr long long kMaxStepsAt512 = 10;  // a 512^2 step of a force-based method takes seconds

const BenchSuite kSuites[] = {
    {"scaling", "ms per step vs cloth size (32^2 .. 512^2) for every solver; 1 and 2 threads where solver.threads applies",
     false, runScalingSuite},
    {"xpbd_thesis", "xpbd-thesis's Tables 1-4: mass-spring 20^2/100^2/150^2, XPBD 20x20 at 1..40 substeps",
     false, runXpbdThesisSuite},
    {"verlet_cloth", "verlet-cloth's 30x30 table: positional / spring / spring + friction in its three scenes", false,
     runVerletClothSuite},
    {"gpu_cloth", "gpu-cloth's 128x128 Verlet cloth (scenes/gpu_cloth_128.toml)", false, runGpuClothSuite},
    {"selfcollision", "self-collision on vs off on the heap at 64^2 and 128^2", false, runSelfCollisionSuite},
    {"tearing", "tearing on vs off: the cutting sphere, and a 128^2 hanging cloth", false, runTearingSuite},
    {"frame", "the app's frame split (physics / normals / upload / draw) on the default scene; needs a display",
     true, runFrameSuite},
};

std::string sizeName(int n) { return std::to_string(n) + "x" + std::to_string(n); }

// Metres from the first to the last particle along u of a scene's grid cloth.
float clothSide(const std::filesystem::path& scene) {
    const SceneLoad load = loadSceneFile(sceneDir() / scene);
    if (!load.ok()) return 1.0f;
    const ClothSettings& cloth = load.scene->settings.cloth;
    return static_cast<float>(cloth.resolution.x - 1) * cloth.spacing;
}

// The spacing that keeps a scene's cloth the same size at n particles a side.
std::string spacingFor(float side, int n) { return "cloth.spacing=" + std::to_string(side / static_cast<float>(n - 1)); }

std::string resolutionFor(int n) { return "cloth.resolution=[" + std::to_string(n) + "," + std::to_string(n) + "]"; }

// compare_<id>.toml holds each solver's recommended settings; a GPU solver uses its CPU twin's.
std::filesystem::path compareScene(const SolverInfo& info) {
    const std::string_view base = info.gpu() && !info.cpuTwin.empty() ? info.cpuTwin : info.id;
    const std::filesystem::path scene = "compare_" + std::string(base) + ".toml";
    return std::filesystem::exists(sceneDir() / scene) ? scene : std::filesystem::path("hanging.toml");
}

} // namespace

std::span<const BenchSuite> benchSuites() { return kSuites; }

const BenchSuite* findBenchSuite(std::string_view name) {
    for (const BenchSuite& suite : kSuites)
        if (suite.name == name) return &suite;
    return nullptr;
}

std::string benchSuiteList() {
    std::string out = "all";
    for (const BenchSuite& suite : kSuites) out += ", " + std::string(suite.name);
    return out;
}

bool isGpuSolverId(std::string_view id) {
    const SolverInfo* info = findSolver(id);
    return info && info->gpu();
}

BenchTable runScalingSuite(const BenchOptions& options) {
    BenchTable table;
    table.suite = "scaling";
    table.title = "Scaling: median ms per 1/60 s step against cloth size";
    table.columns = {"solver", "threads", "cloth", "particles", "links", "substeps", "iterations", "timed_steps",
                     "median_ms", "mean_ms", "steps_per_s", "recoveries"};
    const ParamDef* threadsParam = findParam("solver.threads");
    std::unique_ptr<BenchGpuSession> gpuSession;  // made at the first GPU solver
    std::string gpuError;
    for (const SolverInfo& info : solverRegistry()) {
        const bool gpu = info.gpu();
        if (gpu && !gpuSession && gpuError.empty()) gpuSession = BenchGpuSession::create(gpuError);
        if (gpu && !gpuSession) {
            table.notes.push_back(std::string(info.id) + " skipped: " + gpuError);
            continue;
        }
        if (gpu) table.notes.push_back(std::string(info.id) + ": " + gpuSession->version());
        const std::filesystem::path scene = compareScene(info);
        const float side = clothSide(scene);
        const bool threaded = threadsParam && paramAppliesTo(*threadsParam, info.id);
        for (int threads : {1, 2}) {
            if (threads > 1 && !threaded) continue;
            for (int n : kScalingSizes) {
                std::cerr << "bench scaling: " << info.id << " " << sizeName(n) << " threads " << threads << "\n";
                std::string error;
                std::optional<Simulation> sim = loadBenchSimulation(
                    scene,
                    {"solver=" + std::string(info.id), resolutionFor(n), spacingFor(side, n),
                     "solver.threads=" + std::to_string(threads)},
                    options, error);
                if (!sim) {
                    table.notes.push_back(std::string(info.id) + " " + sizeName(n) + ": " + error);
                    continue;
                }
                if (!sim->solverNote().empty()) {  // a GPU solver that fell back to its CPU twin
                    table.notes.push_back(std::string(info.id) + " " + sizeName(n) + " skipped: " + sim->solverNote());
                    continue;
                }
                StepBudget budget = budgetFrom(options);
                if (n >= 512) budget.maxSteps = std::min(budget.maxSteps, kMaxStepsAt512);
                if (gpu) budget.afterStep = finishGl;
                const StepTiming t = timeSteps(*sim, budget);
                const World& world = sim->world();
                table.addRow({std::string(info.id), std::to_string(world.settings.solver.threads), sizeName(n),
                              formatCount(static_cast<long long>(world.cloth.particleCount())),
                              formatCount(static_cast<long long>(world.cloth.links.size())),
                              std::to_string(world.settings.solver.substeps),
                              std::to_string(world.settings.solver.iterations), formatCount(t.steps),
                              formatMs(t.medianMs), formatMs(t.meanMs), stepsPerSecond(t.medianMs),
                              std::to_string(t.recoveries)});
            }
        }
    }
    table.notes.push_back("each solver at its scenes/compare_<id>.toml settings (stiffness, substeps, iterations), "
                          "the cloth kept the same 1.38 m square at every size; the force-based methods keep their "
                          "scene's substeps, so the lighter particles of a fine cloth may be unstable: see recoveries");
    table.notes.push_back("timed steps follow a warm-up (at most " + std::to_string(options.warmupSteps) + " steps or " +
                          formatNumber(options.warmupSeconds, 1) + " s); a measurement stops after " +
                          formatNumber(options.cellSeconds, 1) + " s once it has " + std::to_string(kMinTimedSteps) +
                          " steps; 512^2 times at most " + std::to_string(kMaxStepsAt512) + " steps");
    return table;
}

BenchTable runSelfCollisionSuite(const BenchOptions& options) {
    BenchTable table;
    table.suite = "selfcollision";
    table.title = "Self-collision: the heap with collision.self_collision off and on (triangle contact)";
    table.columns = {"cloth", "particles", "self_collision", "timed_steps", "median_ms", "mean_ms", "on_over_off",
                     "detections_per_step", "searches_per_step", "ms_per_detection"};
    const float side = static_cast<float>(80 - 1) * 0.03f;  // heap.toml's strip is 2.37 m long
    struct Mode {
        const char* name;
        std::vector<std::string> overrides;
    };
    const Mode modes[] = {{"off", {"collision.self_collision=false"}}, {"on", {"collision.self_collision=true"}}};
    for (int n : {64, 128}) {
        double offMs = 0.0;
        for (const Mode& mode : modes) {
            std::cerr << "bench selfcollision: " << sizeName(n) << " " << mode.name << "\n";
            std::string error;
            std::vector<std::string> overrides = {resolutionFor(n), spacingFor(side, n)};
            overrides.insert(overrides.end(), mode.overrides.begin(), mode.overrides.end());
            std::optional<Simulation> sim = loadBenchSimulation("heap.toml", overrides, options, error);
            if (!sim) {
                table.notes.push_back(sizeName(n) + ": " + error);
                continue;
            }
            // the strip must be lying in folds for the measurement to be of a heap: 1.5 s in
            StepBudget budget = budgetFrom(options);
            budget.warmupSteps = 90;
            budget.warmupSeconds = 60.0;
            const StepTiming t = timeSteps(*sim, budget);
            const bool off = std::string_view(mode.name) == "off";
            if (off) offMs = t.medianMs;
            const TriangleContactTally tally = t.triangleContact;
            table.addRow({sizeName(n), formatCount(static_cast<long long>(sim->world().cloth.particleCount())),
                          mode.name, formatCount(t.steps), formatMs(t.medianMs), formatMs(t.meanMs),
                          !off && offMs > 0.0 ? formatNumber(t.medianMs / offMs, 2) : "",
                          tally.detections > 0 ? formatNumber(static_cast<double>(tally.detections) /
                                                                  static_cast<double>(std::max<long long>(t.steps, 1)), 2)
                                               : "",
                          tally.detections > 0 ? formatNumber(static_cast<double>(tally.gathers) /
                                                                  static_cast<double>(std::max<long long>(t.steps, 1)), 2)
                                               : "",
                          tally.detections > 0 ? formatMs(tally.detectMs / static_cast<double>(tally.detections)) : ""});
        }
    }
    table.notes.push_back("scenes/heap.toml at n x n, the same 2.37 m length, xpbd as the scene sets it; timed after "
                          "90 steps (1.5 s: the strip has landed and folds); target: triangles <= 2 x off at 64^2");
    return table;
}

BenchTable runTearingSuite(const BenchOptions& options) {
    BenchTable table;
    table.suite = "tearing";
    table.title = "Tearing: tearing.enabled on and off";
    table.columns = {"scene", "cloth", "tearing", "timed_steps", "median_ms", "mean_ms", "max_ms", "torn_links"};
    struct Case {
        std::string label;
        std::filesystem::path scene;
        std::vector<std::string> overrides;
    };
    const float hangingSide = clothSide("hanging.toml");
    const std::vector<std::string> hanging128 = {resolutionFor(128), spacingFor(hangingSide, 128)};
    auto with = [](std::vector<std::string> base, const std::string& extra) {
        base.push_back(extra);
        return base;
    };
    const Case cases[] = {
        {"off", "cutting_sphere.toml", {"tearing.enabled=false"}},
        {"on (max_stretch 1.3)", "cutting_sphere.toml", {}},
        {"on, across the pull (max_stretch 1.3)", "cutting_sphere.toml", {"tearing.splits_triangles=true"}},
        {"off", "hanging.toml", with(hanging128, "tearing.enabled=false")},
        {"on, nothing tears (max_stretch 10)",
         "hanging.toml",
         with(with(hanging128, "tearing.enabled=true"), "tearing.max_stretch=10")},
        {"on (max_stretch 1.02)",
         "hanging.toml",
         with(with(hanging128, "tearing.enabled=true"), "tearing.max_stretch=1.02")},
        {"on, across the pull (max_stretch 1.02)",
         "hanging.toml",
         with(with(with(hanging128, "tearing.enabled=true"), "tearing.max_stretch=1.02"),
              "tearing.splits_triangles=true")},
    };
    for (const Case& c : cases) {
        std::cerr << "bench tearing: " << c.scene.string() << " " << c.label << "\n";
        std::string error;
        std::optional<Simulation> sim = loadBenchSimulation(c.scene, c.overrides, options, error);
        if (!sim) {
            table.notes.push_back(c.scene.string() + " " + c.label + ": " + error);
            continue;
        }
        const StepTiming t = timeSteps(*sim, budgetFrom(options));
        const World& world = sim->world();
        const glm::ivec2 res = world.settings.cloth.resolution;
        table.addRow({c.scene.stem().string(), std::to_string(res.x) + "x" + std::to_string(res.y), c.label,
                      formatCount(t.steps), formatMs(t.medianMs), formatMs(t.meanMs), formatMs(t.maxMs),
                      formatCount(static_cast<long long>(measureTopology(world).tornLinks))});
    }
    table.notes.push_back("cutting_sphere: the sphere reaches the cloth about 1.25 s in; a step that tears rebuilds "
                          "links and solver caches, which max_ms shows");
    table.notes.push_back("torn_links: links broken since the cloth was built, at the end of the run");
    return table;
}

} // namespace cs
