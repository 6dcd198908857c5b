#pragma once
// A hidden window whose core-profile context is made current with GL loaded (glad),
// for the tests that draw or compute in their own process (they run under xvfb-run).
#include <glad/gl.h>
#include <GLFW/glfw3.h>

namespace cs::test {

struct GlContextRequest {
    int major = 3;       // 3.3 as the app's renderer needs; 4.3 for compute and KHR_debug
    int minor = 3;
    int samples = 0;     // the app asks for 4
    bool debug = false;  // a debug context: KHR_debug reports the most
};

// Needs glfwInit() to have succeeded. nullptr when no such context can be had.
inline GLFWwindow* openHiddenGlWindow(int width, int height, const char* title, const GlContextRequest& request) {
    glfwDefaultWindowHints();
    glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, request.major);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, request.minor);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    glfwWindowHint(GLFW_SAMPLES, request.samples);
    glfwWindowHint(GLFW_OPENGL_DEBUG_CONTEXT, request.debug ? GLFW_TRUE : GLFW_FALSE);
    GLFWwindow* window = glfwCreateWindow(width, height, title, nullptr, nullptr);
    if (!window) return nullptr;
    glfwMakeContextCurrent(window);
    if (!gladLoadGL(glfwGetProcAddress)) {
        glfwDestroyWindow(window);
        return nullptr;
    }
    return window;
}

} // namespace cs::test
