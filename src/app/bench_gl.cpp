#include "bench_gl.hpp"

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
    // the GPU solvers (src/gpu) are not installed by the bench yet: timing their
    // CPU twins under a GPU name would mislead
    error = "GPU solvers are not timed by --bench yet";
    return nullptr;
}

BenchGpuSession::~BenchGpuSession() = default;

void finishGl() { glFinish(); }

} // namespace cs
