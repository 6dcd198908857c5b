#include "bench_gl.hpp"

#include "session/data_paths.hpp"
#include "gpu/gpu_solvers.hpp"

#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

namespace cs {

std::unique_ptr<BenchGlContext> BenchGlContext::create(int width, int height, std::string& error) {
    if (!glfwInit()) {
        error = "cannot initialise GLFW (no display)";
        return nullptr;
    }
    GLFWwindow* window = nullptr;
    const int versions[2][2] = {{4, 3}, {3, 3}};  // 4.3 for compute shaders, else 3.3 as the app needs
    for (const auto& version : versions) {
        glfwDefaultWindowHints();
        glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, version[0]);
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, version[1]);
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
        glfwWindowHint(GLFW_SAMPLES, 4);  // as the app's window
        window = glfwCreateWindow(width, height, "clothsim bench", nullptr, nullptr);
        if (window) break;
    }
    if (!window) {
        error = "cannot create a window with an OpenGL 3.3 core context";
        glfwTerminate();
        return nullptr;
    }
    glfwMakeContextCurrent(window);
    if (!gladLoadGL(glfwGetProcAddress)) {
        error = "cannot load the OpenGL functions";
        glfwDestroyWindow(window);
        glfwTerminate();
        return nullptr;
    }
    glfwSwapInterval(0);  // no vsync: a swap must not wait for the screen
    return std::unique_ptr<BenchGlContext>(new BenchGlContext(window));
}

BenchGlContext::~BenchGlContext() {
    glfwDestroyWindow(m_window);
    glfwTerminate();
}

std::string BenchGlContext::version() const {
    auto text = [](GLenum name) {
        const GLubyte* s = glGetString(name);
        return s ? std::string(reinterpret_cast<const char*>(s)) : std::string("?");
    };
    return text(GL_VERSION) + ", " + text(GL_RENDERER);
}

std::unique_ptr<BenchGpuSession> BenchGpuSession::create(std::string& error) {
    std::unique_ptr<BenchGlContext> context = BenchGlContext::create(64, 64, error);
    if (!context) return nullptr;
    // on a software rasteriser the "GPU" is this CPU: such timings would only
    // take the run's time and compare nothing
    const std::string version = context->version();
    for (const char* software : {"llvmpipe", "softpipe", "SWR", "Software Rasterizer"})
        if (version.find(software) != std::string::npos) {
            error = "the OpenGL renderer is a software one (" + version + ")";
            return nullptr;
        }
    if (std::string why = gpuUnsupportedReason(); !why.empty()) {
        error = why + " (" + context->version() + ")";
        return nullptr;
    }
    if (std::string why = installGpuSolvers(shaderDir()); !why.empty()) {
        error = why;
        return nullptr;
    }
    return std::unique_ptr<BenchGpuSession>(new BenchGpuSession(std::move(context)));
}

BenchGpuSession::~BenchGpuSession() { uninstallGpuSolvers(); }  // before the context goes

void finishGl() { glFinish(); }

} // namespace cs
