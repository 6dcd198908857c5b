#include "gpu_solvers.hpp"

#include "gpu_solver_factories.hpp"

#include <cstdlib>

namespace cs {
namespace {

std::filesystem::path installedShaderDir;
bool contextAlive = false;

std::unique_ptr<Solver> makeGpuSolver(std::string_view id, std::string& error) {
    std::unique_ptr<GpuSolverBase> solver;
    if (id == "xpbd_gpu") solver = makeXpbdGpuSolver(installedShaderDir);
    else if (id == "verlet_gpu") solver = makeVerletGpuSolver(installedShaderDir);
    if (!solver) {
        error = "no GPU solver is called '" + std::string(id) + "'";
        return nullptr;
    }
    if (std::string problem = solver->load(); !problem.empty()) {
        error = "its compute shaders did not build: " + problem;
        return nullptr;
    }
    return solver;
}

} // namespace

std::string gpuUnsupportedReason() {
    if (const char* off = std::getenv("CLOTHSIM_NO_GPU"); off && *off && std::string(off) != "0")
        return "CLOTHSIM_NO_GPU is set";
    GLint major = 0, minor = 0;
    glGetIntegerv(GL_MAJOR_VERSION, &major);
    glGetIntegerv(GL_MINOR_VERSION, &minor);
    if (major < 4 || (major == 4 && minor < 3))
        return "the OpenGL context is " + std::to_string(major) + "." + std::to_string(minor) +
               "; compute shaders need 4.3";
    return {};
}

std::string installGpuSolvers(const std::filesystem::path& shaderDir) {
    if (std::string reason = gpuUnsupportedReason(); !reason.empty()) return reason;
    installedShaderDir = shaderDir;
    contextAlive = true;
    setGpuSolverFactory(makeGpuSolver);
    return {};
}

void uninstallGpuSolvers() {
    if (!contextAlive) return;
    setGpuSolverFactory(nullptr);
    contextAlive = false;
}

bool gpuContextAlive() { return contextAlive; }

std::optional<GpuClothBuffers> gpuClothBuffers(const Solver& solver) {
    const auto* gpu = dynamic_cast<const GpuSolverBase*>(&solver);
    if (!gpu || !contextAlive) return std::nullopt;
    const GpuClothBuffers buffers = gpu->drawBuffers();
    if (buffers.count == 0) return std::nullopt;
    return buffers;
}

} // namespace cs
