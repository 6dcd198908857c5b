// The GPU solvers against their CPU twins, in this process's own OpenGL 4.3
// context (Mesa llvmpipe under Xvfb): same cloth, same settings, 60 steps.
//
// Tolerances. xpbd_gpu runs the same coloured Gauss-Seidel sweep as xpbd (a
// colour's links share no particle, so projecting them at once equals the
// serial order); verlet_gpu runs verlet's recurrence. What differs is float
// rounding: the GPU compiler fuses multiply-adds, sums the aerodynamic forces
// per particle instead of scattering them, and a spring's force on its b end is
// computed from b's side. Those last-bit differences grow through 60 steps of
// a cloth, so we allow 1 mm of distance per particle on a 0.5 m cloth. Measured
// under llvmpipe: 0.03 mm for xpbd_gpu and 0.3 mm for verlet_gpu after 60 steps
// (0.1 um after one); a missing force or a wrong contact moves particles by
// centimetres. The scene sags onto a sphere from four corners: a cloth hanging
// from two corners buckles, and buckling turns rounding into millimetres within
// 15 steps (we measured 2-15 mm there for the same float differences).
#include "../support/gl_window.hpp"
#include "gpu/gpu_solvers.hpp"
#include "sim/grab.hpp"
#include "sim/params.hpp"
#include "sim/simulation.hpp"

#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <glm/geometric.hpp>

namespace cs {
namespace {

constexpr float kMatchTolerance = 1e-3f;  // metres, largest particle distance GPU vs CPU (see the top)
constexpr int kSteps = 60;

class GpuSolvers : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        ASSERT_TRUE(glfwInit()) << "no display (run under xvfb-run)";
        s_window = test::openHiddenGlWindow(64, 64, "gpu solvers test", {.major = 4, .minor = 3});
        ASSERT_NE(s_window, nullptr) << "no OpenGL 4.3 core context";
    }
    static void TearDownTestSuite() {
        uninstallGpuSolvers();
        if (s_window) glfwDestroyWindow(s_window);
        glfwTerminate();
    }
    void SetUp() override {
        const std::string reason = installGpuSolvers(std::filesystem::path(CLOTHSIM_SOURCE_DIR) / "shaders");
        ASSERT_EQ(reason, "") << "GPU solvers not installed";
    }
    void TearDown() override { uninstallGpuSolvers(); }

    static GLFWwindow* s_window;
};
GLFWwindow* GpuSolvers::s_window = nullptr;

// A 16 x 16 cloth, 0.5 m wide, held at its four corners above a sphere and the
// ground, with wind: every force and the contact take part.
Settings smallScene(const std::string& solver) {
    Settings s = defaultSettings();
    s.collision.selfCollision = false;  // the GPU solvers have no self-contact; their CPU twins would
    s.solver.id = solver;
    s.cloth.resolution = {16, 16};
    s.cloth.spacing = 0.5f / 15.0f;
    s.cloth.orientation = Orientation::Horizontal;
    s.cloth.origin = {0.0f, 1.0f, 0.0f};
    s.cloth.pins = PinPreset::AllCorners;
    s.wind.strength = 3.0f;
    s.wind.direction = {1.0f, 0.0f, 0.3f};
    s.collision.ground = true;
    s.collision.groundHeight = 0.0f;
    // springs stiff enough to hold a shape, soft enough for verlet at 20 substeps with
    // 10 g particles (the default density makes them 0.15 g: verlet would explode)
    s.cloth.massMode = MassMode::PerParticle;
    s.cloth.particleMass = 0.01f;
    s.springs.stretchStiffness = 500.0f;
    s.springs.shearStiffness = 100.0f;
    s.springs.bendStiffness = 5.0f;
    s.solver.substeps = 20;
    return s;
}

Colliders sphereBelow() { return {makeSphere({0.02f, 0.75f, 0.0f}, 0.2f)}; }

Simulation run(const Settings& settings, Colliders colliders, int steps) {
    Simulation sim(makeWorld(settings, std::move(colliders)));
    for (int i = 0; i < steps; ++i) sim.step();
    sim.syncToCpu();
    return sim;
}

float largestDistance(const Cloth& a, const Cloth& b) {
    float largest = 0.0f;
    for (std::size_t i = 0; i < a.particleCount(); ++i)
        largest = std::max(largest, glm::distance(a.positions[i], b.positions[i]));
    return largest;
}

float meanHeight(const Cloth& cloth) {
    float sum = 0.0f;
    for (const glm::vec3& x : cloth.positions) sum += x.y;
    return sum / static_cast<float>(cloth.particleCount());
}

void expectTwins(const std::string& gpuId, const std::string& cpuId) {
    const Simulation gpu = run(smallScene(gpuId), sphereBelow(), kSteps);
    const Simulation cpu = run(smallScene(cpuId), sphereBelow(), kSteps);
    ASSERT_EQ(gpu.solver().id(), gpuId) << gpu.solverNote();
    ASSERT_EQ(cpu.solver().id(), cpuId);
    const Cloth& g = gpu.world().cloth;
    const Cloth& c = cpu.world().cloth;
    const float start = meanHeight(run(smallScene(cpuId), sphereBelow(), 0).world().cloth);
    const float fell = start - meanHeight(c);
    ASSERT_GT(fell, 0.01f) << "the scene must move for the comparison to mean something";
    const float distance = largestDistance(g, c);
    std::cout << gpuId << " vs " << cpuId << ": largest particle distance " << distance * 1000.0f
              << " mm after " << kSteps << " steps; mean fall " << fell * 1000.0f << " mm (GPU "
              << (start - meanHeight(g)) * 1000.0f << " mm)\n";
    EXPECT_LT(distance, kMatchTolerance);
    EXPECT_NEAR(start - meanHeight(g), fell, kMatchTolerance);
    for (std::size_t i = 0; i < g.particleCount(); ++i)
        EXPECT_NEAR(glm::length(g.velocities[i] - c.velocities[i]), 0.0f, 0.05f) << "particle " << i;
}

TEST_F(GpuSolvers, XpbdGpuMatchesXpbd) { expectTwins("xpbd_gpu", "xpbd"); }

TEST_F(GpuSolvers, VerletGpuMatchesVerlet) { expectTwins("verlet_gpu", "verlet"); }

// A pin is not approximately still: inverse mass 0 means no kernel moves it.
TEST_F(GpuSolvers, PinnedParticlesStayExactlyPut) {
    for (const std::string id : {"xpbd_gpu", "verlet_gpu"}) {
        Settings s = smallScene(id);
        const Simulation start = run(s, sphereBelow(), 0);
        const Simulation sim = run(s, sphereBelow(), kSteps);
        const Cloth& cloth = sim.world().cloth;
        int pins = 0;
        for (std::size_t i = 0; i < cloth.particleCount(); ++i) {
            if (!cloth.pinned[i]) continue;
            ++pins;
            EXPECT_EQ(cloth.positions[i], start.world().cloth.positions[i]) << id << " pin " << i;
            EXPECT_EQ(cloth.velocities[i], glm::vec3(0.0f)) << id << " pin " << i;
        }
        EXPECT_EQ(pins, 4) << id;
    }
}

// A free-falling cloth dropped on a sphere: no particle ends a step inside it.
TEST_F(GpuSolvers, SphereKeepsEveryParticleOutside) {
    for (const std::string id : {"xpbd_gpu", "verlet_gpu"}) {
        Settings s = smallScene(id);
        s.cloth.pins = PinPreset::None;
        s.wind.strength = 0.0f;
        const Collider sphere = makeSphere({0.0f, 0.7f, 0.0f}, 0.2f);
        Simulation sim(makeWorld(s, {sphere}));
        int touching = 0;
        for (int step = 0; step < kSteps; ++step) {
            sim.step();
            sim.syncToCpu();
            for (const glm::vec3& x : sim.world().cloth.positions) {
                const float d = glm::distance(x, sphere.pose.position);
                ASSERT_GE(d, sphere.shape.radius) << id << " step " << step;
                touching += d < sphere.shape.radius + 2.0f * s.collision.thickness ? 1 : 0;
            }
        }
        EXPECT_GT(touching, 0) << id << ": the cloth must reach the sphere for the test to mean something";
    }
}

// The mouse's hold (grab.hpp) reaches the GPU: the held particle follows the target.
TEST_F(GpuSolvers, GrabbedParticleFollowsTheTarget) {
    for (const std::string id : {"xpbd_gpu", "verlet_gpu"}) {
        Simulation sim(makeWorld(smallScene(id), {}));
        ParticleGrab grab;
        const std::size_t particle = 8 * 16 + 8;  // the middle of the cloth
        sim.syncToCpu();
        ASSERT_TRUE(grab.begin(sim.world(), particle));
        const glm::vec3 target = sim.world().cloth.positions[particle] + glm::vec3(0.0f, 0.3f, 0.0f);
        grab.setTarget(target);
        for (int step = 0; step < 20; ++step) {
            grab.apply(sim.world(), sim.world().settings.sim.dt);
            sim.step();
            sim.syncToCpu();
        }
        EXPECT_LT(glm::distance(sim.world().cloth.positions[particle], target), 1e-5f) << id;
        // and the cloth around it was pulled up with it
        EXPECT_GT(sim.world().cloth.positions[particle + 1].y, target.y - 0.1f) << id;
    }
}

// Without a GL 4.3 context (simulated by CLOTHSIM_NO_GPU) a GPU solver is not
// installed; choosing one runs its CPU twin and says so.
TEST_F(GpuSolvers, WithoutGl43TheCpuTwinRunsAndSaysSo) {
    uninstallGpuSolvers();
    ::setenv("CLOTHSIM_NO_GPU", "1", 1);
    const std::string reason = installGpuSolvers(std::filesystem::path(CLOTHSIM_SOURCE_DIR) / "shaders");
    ::unsetenv("CLOTHSIM_NO_GPU");
    EXPECT_NE(reason.find("CLOTHSIM_NO_GPU"), std::string::npos) << reason;
    for (const auto& [gpuId, cpuId] : {std::pair<std::string, std::string>{"xpbd_gpu", "xpbd"}, {"verlet_gpu", "verlet"}}) {
        Simulation sim(makeWorld(smallScene(gpuId), sphereBelow()));
        sim.step();
        EXPECT_EQ(sim.solver().id(), cpuId);
        EXPECT_NE(sim.solverNote().find(gpuId), std::string::npos) << sim.solverNote();
        EXPECT_NE(sim.solverNote().find("running its CPU twin " + cpuId), std::string::npos) << sim.solverNote();
        // and the same Simulation moves to the GPU once the factory arrives
        ASSERT_EQ(installGpuSolvers(std::filesystem::path(CLOTHSIM_SOURCE_DIR) / "shaders"), "");
        sim.step();
        EXPECT_EQ(sim.solver().id(), gpuId);
        EXPECT_EQ(sim.solverNote(), "");
        uninstallGpuSolvers();
    }
}

} // namespace
} // namespace cs
