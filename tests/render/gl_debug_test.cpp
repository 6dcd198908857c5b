// OpenGL debug output (KHR_debug) with a count: first that the counting callback
// sees an error made on purpose in this test's own debug context, then that
// every scene in scenes/, rendered for a few frames by clothsim with
// CLOTHSIM_GL_DEBUG=1 (a debug context even in a release build), reports zero
// GL errors through the callback and leaves glGetError() at 0.
#include "../support/gl_window.hpp"
#include "../support/run_process.hpp"
#include "render/gl_debug.hpp"

#include <glad/gl.h>

#include <GLFW/glfw3.h>
#include <algorithm>
#include <filesystem>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace cs::test {
namespace {

const std::string kExe = CLOTHSIM_EXE;
const std::filesystem::path kSource = CLOTHSIM_SOURCE_DIR;
constexpr const char* kCleanSummary = "clothsim: GL debug output: 0 errors reported, glGetError 0";

TEST(GlDebugOutput, CountsAnErrorMadeOnPurpose) {
    ASSERT_TRUE(glfwInit()) << "no display (run under xvfb-run)";
    GLFWwindow* window = openHiddenGlWindow(32, 32, "gl debug test", {.major = 4, .minor = 3, .debug = true});
    ASSERT_NE(window, nullptr);
    ASSERT_TRUE(installGlErrorCounter()) << "the context offers no KHR_debug";
    EXPECT_EQ(glDebugErrorCount(), 0);
    glEnable(GL_VERTEX_ARRAY);  // a compatibility-profile cap: GL_INVALID_ENUM in a core context
    EXPECT_EQ(glDebugErrorCount(), 1);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    glfwDestroyWindow(window);
    glfwTerminate();
}

TEST(GlDebugOutput, EverySceneRendersWithoutGlErrors) {
    std::vector<std::string> scenes;
    for (const auto& entry : std::filesystem::directory_iterator(kSource / "scenes"))
        if (entry.path().extension() == ".toml") scenes.push_back(entry.path().string());
    std::sort(scenes.begin(), scenes.end());
    ASSERT_GE(scenes.size(), 10u);
    for (const std::string& scene : scenes) {
        const ProcessResult r =
            runProcess("CLOTHSIM_GL_DEBUG=1 " + kExe + " --scene " + scene + " --frames 4 --size 160x100 2>&1");
        EXPECT_EQ(r.exitCode, 0) << scene << ": " << r.out;
        EXPECT_NE(r.out.find(kCleanSummary), std::string::npos) << scene << ": " << r.out;
        EXPECT_EQ(r.out.find("GL error"), std::string::npos) << scene << ": " << r.out;
    }
}

} // namespace
} // namespace cs::test
