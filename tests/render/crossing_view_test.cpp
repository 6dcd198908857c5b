// The contacts debug view (render.debug_contacts) paints the cloth grey and the
// triangles of every crossing pair magenta. The Renderer draws a cloth of two sheets
// with exactly one crossing pair (support/crossing_fixture.hpp) in a small hidden
// window of this process (ctest runs it under its own Xvfb); the marks come from the
// crossing counter, as the app's sampler makes them. Every magenta pixel must lie
// inside the picture of the pair's two triangles, and there must be some; with the
// view off, or with nothing crossing, there must be none. The real program does the
// same with the same cloth read from tests/render/fixtures/crossing_pair.toml: its
// loop counts and marks (app/crossing_sampler.hpp) and hands the marks to the renderer.
#include "render/renderer.hpp"
#include "support/image.hpp"
#include "support/run_process.hpp"
#include "support/temp_dir.hpp"
#include "sim/collision/crossing_count.hpp"
#include "sim/params.hpp"
#include "sim/world.hpp"
#include "support/crossing_fixture.hpp"
#include "support/gl_window.hpp"

#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_STATIC
#include <stb_image.h>

#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <glm/vec4.hpp>
#include <gtest/gtest.h>
#include <vector>

namespace cs::test {
namespace {

const std::filesystem::path kSource = CLOTHSIM_SOURCE_DIR;
const std::string kExe = CLOTHSIM_EXE;
constexpr int kWidth = 200, kHeight = 150;  // small: llvmpipe

// A pixel in the view's magenta: crossings.frag writes (255, 0, 255) unlit; edges
// blended with the grey cloth or the sky fall out.
bool magenta(const unsigned char* rgb) { return rgb[0] >= 200 && rgb[2] >= 200 && rgb[1] <= 80; }

// The fixture's world: the cloth seen from above and the side, so that both sheets
// show with some area; no ground (nothing else in the picture but the sky).
World fixtureWorld(float lift) {
    World world = makeWorld(defaultSettings(), {});
    world.cloth = crossingPairCloth(lift);
    world.settings.render.showGround = false;
    world.settings.render.texture = false;
    world.settings.camera.target = {0.5f, 0.1f, 0.5f};
    world.settings.camera.distance = 2.2f;
    world.settings.camera.yaw = 35.0f;
    world.settings.camera.pitch = 40.0f;
    return world;
}

// Hands the renderer the marks (as the app does), draws, and reads the back buffer
// (rows bottom first, as GL has them).
std::vector<unsigned char> drawAndRead(Renderer& renderer, const World& world, std::span<const std::uint8_t> marks) {
    renderer.setCrossingTriangles(marks);
    renderer.draw(world, kWidth, kHeight);
    std::vector<unsigned char> pixels(3 * kWidth * kHeight);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadBuffer(GL_BACK);
    glReadPixels(0, 0, kWidth, kHeight, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    return pixels;
}

class CrossingView : public ::testing::Test {
protected:
    void SetUp() override {
        glfwSetErrorCallback([](int code, const char* text) { std::fprintf(stderr, "GLFW error %d: %s\n", code, text); });
        ASSERT_TRUE(glfwInit()) << "no display (run under xvfb-run)";
        m_window = openHiddenGlWindow(kWidth, kHeight, "crossing view test", {.samples = 4});  // as the app asks
        ASSERT_NE(m_window, nullptr);
    }
    void TearDown() override {
        if (m_window) glfwDestroyWindow(m_window);
        glfwTerminate();
    }

    GLFWwindow* m_window = nullptr;
};

// Window pixel coordinates (x right, y up, as glReadPixels rows) of a world point.
glm::vec2 project(const CameraView& view, glm::vec3 p) {
    const glm::vec4 clip = view.viewProjection * glm::vec4(p, 1.0f);
    return {(clip.x / clip.w * 0.5f + 0.5f) * kWidth, (clip.y / clip.w * 0.5f + 0.5f) * kHeight};
}

// Whether the pixel centre q lies in the projected triangle, or within `margin` pixels of it.
bool inTriangle(glm::vec2 q, const std::array<glm::vec2, 3>& t, float margin) {
    const float area = (t[1].x - t[0].x) * (t[2].y - t[0].y) - (t[1].y - t[0].y) * (t[2].x - t[0].x);
    const float sign = area < 0.0f ? -1.0f : 1.0f;
    for (int k = 0; k < 3; ++k) {
        const glm::vec2 a = t[k], b = t[(k + 1) % 3];
        const glm::vec2 edge = b - a;
        const float cross = sign * (edge.x * (q.y - a.y) - edge.y * (q.x - a.x));
        if (cross / glm::length(edge) < -margin) return false;
    }
    return true;
}

std::array<glm::vec2, 3> projectedTriangle(const CameraView& view, const Cloth& cloth, unsigned triangle) {
    const glm::uvec3 t = cloth.triangles[triangle];
    return {project(view, cloth.positions[t.x]), project(view, cloth.positions[t.y]),
            project(view, cloth.positions[t.z])};
}

struct Tally {
    long magenta = 0;             // every magenta pixel
    long magentaOutsidePair = 0;  // ... of them, those not on the pair's two triangles
    long clearOnly = 0;           // pixels only triangle 1 (which crosses nothing) covers ...
    long clearOnlyMagenta = 0;    // ... and of them magenta
};

Tally tally(const std::vector<unsigned char>& pixels, const CameraView& view, const Cloth& cloth) {
    const auto a = projectedTriangle(view, cloth, kCrossingA), b = projectedTriangle(view, cloth, kCrossingB);
    const auto c = projectedTriangle(view, cloth, kClearC), d = projectedTriangle(view, cloth, kClearD);
    Tally n;
    for (int y = 0; y < kHeight; ++y) {
        for (int x = 0; x < kWidth; ++x) {
            const unsigned char* rgb = &pixels[3 * (static_cast<std::size_t>(y) * kWidth + x)];
            const glm::vec2 q(static_cast<float>(x) + 0.5f, static_cast<float>(y) + 0.5f);
            const bool onPair = inTriangle(q, a, 1.0f) || inTriangle(q, b, 1.0f);
            const bool m = magenta(rgb);
            n.magenta += m;
            n.magentaOutsidePair += m && !onPair;
            // well inside triangle 1 and away from the others: its own colour, unblended
            if (inTriangle(q, c, -1.0f) && !inTriangle(q, a, 1.0f) && !inTriangle(q, b, 1.0f) &&
                !inTriangle(q, d, 1.0f)) {
                ++n.clearOnly;
                n.clearOnlyMagenta += m;
            }
        }
    }
    return n;
}

// Draws the fixture (its vertical sheet raised by `lift`) with the contacts view on or
// off, its triangles marked by the crossing counter, which must find `pairs` pairs.
Tally drawFixture(float lift, bool contactsView, std::size_t pairs) {
    World world = fixtureWorld(lift);
    world.settings.render.debugContacts = contactsView;
    CrossingCounter counter;
    std::vector<std::uint8_t> marks(world.cloth.triangles.size());
    EXPECT_EQ(counter.markCrossingTriangles(world.cloth, marks), pairs);
    Renderer renderer(kSource / "shaders", kSource / "assets/fabric.png");
    EXPECT_EQ(renderer.loadShaders(), "");
    const std::vector<unsigned char> pixels = drawAndRead(renderer, world, marks);
    return tally(pixels, renderer.lastView(), world.cloth);
}

TEST_F(CrossingView, PaintsExactlyTheTwoTrianglesOfTheCrossingPairMagenta) {
    const Tally n = drawFixture(0.0f, true, 1);
    std::printf("magenta %ld px (%ld outside the pair); triangle 1 alone %ld px, %ld magenta\n", n.magenta,
                n.magentaOutsidePair, n.clearOnly, n.clearOnlyMagenta);
    EXPECT_GT(n.magenta, 200);  // the pair covers about 2000 pixels
    EXPECT_EQ(n.magentaOutsidePair, 0);
    EXPECT_GT(n.clearOnly, 200);  // the rest of the cloth is in the picture ...
    EXPECT_EQ(n.clearOnlyMagenta, 0);  // ... and not magenta
}

TEST_F(CrossingView, ViewOffShowsNoMagenta) { EXPECT_EQ(drawFixture(0.0f, false, 1).magenta, 0); }

TEST_F(CrossingView, NoCrossingShowsNoMagenta) {
    const Tally n = drawFixture(0.4f, true, 0);  // the vertical sheet lifted clear of the square
    EXPECT_EQ(n.magenta, 0);
    EXPECT_GT(n.clearOnly, 200);  // the cloth is there, grey
}

// Marks made for another triangle count (none yet, or before a cut) paint nothing magenta.
TEST_F(CrossingView, MarksOfAnotherTriangleCountPaintNothing) {
    World world = fixtureWorld(0.0f);
    world.settings.render.debugContacts = true;
    const std::vector<std::uint8_t> stale(world.cloth.triangles.size() + 1, 1);
    Renderer renderer(kSource / "shaders", kSource / "assets/fabric.png");
    ASSERT_EQ(renderer.loadShaders(), "");
    EXPECT_EQ(tally(drawAndRead(renderer, world, stale), renderer.lastView(), world.cloth).magenta, 0);
    EXPECT_EQ(tally(drawAndRead(renderer, world, {}), renderer.lastView(), world.cloth).magenta, 0);
}

// The program's picture of the fixture scene after 3 frames, rows bottom first as GL
// has them (the PNG has the top row first).
std::vector<unsigned char> renderFixtureScene(const std::string& settings, const std::string& name) {
    const TempDir dir("crossing_view_" + name);
    const auto png = dir / (name + ".png");
    const ProcessResult r = runProcess(kExe + " --scene " + (kSource / "tests/render/fixtures/crossing_pair.toml").string() +
                                       " --frames 3 --size " + std::to_string(kWidth) + "x" + std::to_string(kHeight) +
                                       " " + settings + " --screenshot " + png.string() + " 2>&1");
    EXPECT_EQ(r.exitCode, 0) << r.out;
    const Image image = loadImage(png);
    EXPECT_EQ(image.width, kWidth) << r.out;
    EXPECT_EQ(image.height, kHeight);
    if (image.width != kWidth || image.height != kHeight) return {};
    std::vector<unsigned char> bottomUp(image.rgb.size());
    const std::size_t row = 3 * static_cast<std::size_t>(kWidth);
    for (int y = 0; y < kHeight; ++y)
        std::copy_n(&image.rgb[static_cast<std::size_t>(kHeight - 1 - y) * row], row, &bottomUp[y * row]);
    return bottomUp;
}

TEST(CrossingViewProgram, PaintsExactlyTheTwoTrianglesOfTheCrossingPairMagenta) {
    const World world = fixtureWorld(0.0f);  // the scene file's cloth and camera
    const CameraView view = makeCameraView(world.settings.camera, static_cast<float>(kWidth) / kHeight);
    const std::vector<unsigned char> with = renderFixtureScene("--set render.debug_contacts=true", "on");
    const std::vector<unsigned char> without = renderFixtureScene("", "off");
    ASSERT_FALSE(with.empty() || without.empty());
    const Tally on = tally(with, view, world.cloth), off = tally(without, view, world.cloth);
    std::printf("program: magenta %ld px (%ld outside the pair), view off %ld px\n", on.magenta,
                on.magentaOutsidePair, off.magenta);
    EXPECT_GT(on.magenta, 200);
    EXPECT_EQ(on.magentaOutsidePair, 0);
    EXPECT_GT(on.clearOnly, 200);
    EXPECT_EQ(on.clearOnlyMagenta, 0);
    EXPECT_EQ(off.magenta, 0);
}

} // namespace
} // namespace cs::test
