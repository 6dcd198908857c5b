// The frame suite: where a frame's time goes on the default scene, as the app
// draws it (1280 x 800, the renderer's shaders and shadow map). The renderer
// computes normals and uploads the cloth inside Renderer::draw; to split them out
// without reaching into it, the suite runs the same two functions on the same
// data just before (computeVertexNormals, GpuMesh::updateDynamic into a mesh of
// its own) and subtracts their times from the draw's. glFinish after each GL
// phase makes a phase's time include the GPU work it queued. The panels (ImGui)
// are not drawn: the split is of the scene.
#include "bench_suites.hpp"

#include "bench_gl.hpp"
#include "session/data_paths.hpp"
#include "render/mesh.hpp"
#include "render/renderer.hpp"

#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <iostream>

namespace cs {
namespace {

constexpr int kWidth = 1280;  // the app's default window
constexpr int kHeight = 800;

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

double median(std::vector<double> values) {
    if (values.empty()) return 0.0;
    std::sort(values.begin(), values.end());
    const std::size_t mid = values.size() / 2;
    return values.size() % 2 ? values[mid] : 0.5 * (values[mid - 1] + values[mid]);
}

double mean(const std::vector<double>& values) {
    double sum = 0.0;
    for (double v : values) sum += v;
    return values.empty() ? 0.0 : sum / static_cast<double>(values.size());
}

} // namespace

BenchTable runFrameSuite(const BenchOptions& options) {
    BenchTable table;
    table.suite = "frame";
    table.title = "Frame split on the default scene";
    table.columns = {"phase", "frames", "median_ms", "mean_ms", "share_of_frame"};
    std::string error;
    std::unique_ptr<BenchGlContext> gl = BenchGlContext::create(kWidth, kHeight, error);
    if (!gl) {
        table.skipped = error + "; run it under xvfb-run (tools/bench.sh does)";
        return table;
    }
    std::optional<Simulation> sim = loadBenchSimulation(defaultScenePath(), {}, options, error);
    if (!sim) {
        table.skipped = error;
        return table;
    }
    Renderer renderer(shaderDir(), assetDir() / "fabric.png");
    if (const std::string shaderError = renderer.loadShaders(); !shaderError.empty()) {
        table.skipped = "the shaders do not build: " + shaderError;
        return table;
    }
    int width = 0, height = 0;
    glfwGetFramebufferSize(gl->window(), &width, &height);

    enum Phase { Physics, Normals, Upload, Draw, Swap, Total, kPhases };
    const std::array<const char*, kPhases> names = {"physics (one step)", "normals", "upload", "draw",
                                                    "swap", "frame"};
    std::array<std::vector<double>, kPhases> ms;
    std::vector<glm::vec3> normals;
    GpuMesh uploadMesh;
    const long long warmup = std::min(options.warmupSteps, options.steps);
    for (long long frame = 0; frame < warmup + options.steps; ++frame) {
        const auto frameStart = Clock::now();
        auto start = frameStart;
        sim->step();
        const double physics = msSince(start);

        const Cloth& cloth = sim->world().cloth;
        start = Clock::now();
        normals.resize(cloth.particleCount());
        computeVertexNormals(cloth, normals);
        const double normalsMs = msSince(start);

        start = Clock::now();
        uploadMesh.updateDynamic(cloth.positions, normals, cloth.triangles, frame == 0);
        glFinish();
        const double upload = msSince(start);

        start = Clock::now();
        renderer.draw(sim->world(), width, height);
        glFinish();
        const double draw = msSince(start) - normalsMs - upload;  // the renderer's own normals and upload

        start = Clock::now();
        glfwSwapBuffers(gl->window());
        glFinish();
        const double swap = msSince(start);
        const double total = msSince(frameStart);
        if (frame < warmup) continue;
        const double values[kPhases] = {physics, normalsMs, upload, std::max(draw, 0.0), swap, total};
        for (int p = 0; p < kPhases; ++p) ms[static_cast<std::size_t>(p)].push_back(values[p]);
    }
    const double frameMs = median(ms[Total]);
    for (int p = 0; p < kPhases; ++p) {
        const auto& values = ms[static_cast<std::size_t>(p)];
        const double m = median(values);
        table.addRow({names[static_cast<std::size_t>(p)], formatCount(static_cast<long long>(values.size())),
                      formatMs(m), formatMs(mean(values)),
                      p == Total || frameMs <= 0.0 ? "" : formatNumber(100.0 * m / frameMs, 1) + " %"});
    }
    const glm::ivec2 res = sim->world().settings.cloth.resolution;
    table.notes.push_back(defaultScenePath().filename().string() + " (" + std::to_string(res.x) + "x" +
                          std::to_string(res.y) + ", " + sim->world().settings.solver.id + "), " +
                          std::to_string(width) + "x" + std::to_string(height) + ", " + gl->version() +
                          "; one physics step per frame, no panels");
    table.notes.push_back("normals and upload are timed on the same data just before Renderer::draw, which repeats "
                          "them; draw is its time minus theirs (sky, ground, shadow map, colliders, cloth); "
                          "glFinish ends each GL phase");
    return table;
}

} // namespace cs
