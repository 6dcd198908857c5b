// The cloth views (render.shader) on screen, and shader loading and reloading.
// ctest runs this under its own Xvfb server. Two halves:
//  - the real program renders scenes/hanging.toml small with each view: the views
//    must differ from each other, the force views must put the pinned corners
//    higher on their colour map than the rest of the cloth, and a broken shader
//    file must stop the start with its file name;
//  - the Renderer in a hidden window of this process: a reload that fails keeps
//    the program that worked (the picture does not change).
#include "../support/gl_window.hpp"
#include "../support/image.hpp"
#include "../support/run_process.hpp"
#include "../support/temp_dir.hpp"
#include "render/renderer.hpp"
#include "sim/params.hpp"
#include "sim/world.hpp"

#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_STATIC
#include <stb_image.h>

#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <string>
#include <vector>

namespace cs::test {
namespace {

const std::string kExe = CLOTHSIM_EXE;
const std::filesystem::path kSource = CLOTHSIM_SOURCE_DIR;
const std::array<std::string, 5> kViews = {"ggx", "blinn_phong_force", "ggx_force", "strain", "normals"};
// Small and without wind (a still cloth hangs the same way in every run); 30 frames
// of one physics step each let it sag onto its corners.
constexpr const char* kRender = " --frames 30 --size 320x200 --set wind.strength=0";

Image renderView(const std::string& view, const std::string& how = kRender) {
    const TempDir dir("shader_views_" + view);
    const auto png = dir / (view + ".png");
    // every view at its defaults (render.force_scale too): what a user switching views sees
    const ProcessResult r = runProcess(kExe + " --scene " + (kSource / "scenes/hanging.toml").string() + how +
                                       " --set render.shader=" + view + " --screenshot " + png.string() + " 2>&1");
    EXPECT_EQ(r.exitCode, 0) << r.out;
    Image image = loadImage(png);
    EXPECT_FALSE(image.empty()) << view << ": no picture\n" << r.out;
    return image;
}

// The five views, rendered once for every test that looks at them.
const std::map<std::string, Image>& views() {
    static const std::map<std::string, Image> images = [] {
        std::map<std::string, Image> m;
        for (const std::string& view : kViews) m[view] = renderView(view);
        return m;
    }();
    return images;
}

// The cloth's pixels: in the ggx view they are its red (front) or orange (back).
std::vector<bool> clothMask(const Image& ggx) {
    std::vector<bool> mask(static_cast<std::size_t>(ggx.width) * ggx.height);
    for (std::size_t p = 0; p < mask.size(); ++p) {
        const int r = ggx.rgb[3 * p], g = ggx.rgb[3 * p + 1], b = ggx.rgb[3 * p + 2];
        mask[p] = r > 60 && r > g + 20 && r > 3 * b / 2 + 10;
    }
    return mask;
}

// Mean |a - b| over the three channels of the masked pixels, levels of 255.
double meanDifference(const Image& a, const Image& b, const std::vector<bool>& mask) {
    double sum = 0.0;
    long count = 0;
    for (std::size_t p = 0; p < mask.size(); ++p) {
        if (!mask[p]) continue;
        for (int c = 0; c < 3; ++c) sum += std::abs(int(a.rgb[3 * p + c]) - int(b.rgb[3 * p + c]));
        ++count;
    }
    return count > 0 ? sum / (3.0 * static_cast<double>(count)) : 0.0;
}

// Every two views colour the cloth differently: over the cloth's pixels (as the ggx
// view shows them; the cloth hangs the same in every run) the mean difference must
// exceed kMinViewDifference levels of 255. The closest pair, the two force views
// (one map, lit by Blinn-Phong or GGX, scaled by the frame's largest force or by a
// fixed quarter newton), measured about 6; every other pair 40 or more. A view that
// fell back to another, or drew no cloth in both, would measure 0.
constexpr double kMinViewDifference = 3.0;

TEST(ShaderViews, EveryTwoViewsColourTheClothDifferently) {
    const std::vector<bool> mask = clothMask(views().at("ggx"));
    ASSERT_GT(std::count(mask.begin(), mask.end(), true), 2000) << "cloth pixels in the ggx view";
    for (std::size_t i = 0; i < kViews.size(); ++i) {
        for (std::size_t j = i + 1; j < kViews.size(); ++j) {
            const Image& a = views().at(kViews[i]);
            const Image& b = views().at(kViews[j]);
            ASSERT_FALSE(a.empty() || b.empty());
            ASSERT_EQ(a.rgb.size(), b.rgb.size());
            const double difference = meanDifference(a, b, mask);
            std::printf("%s vs %s: mean difference on the cloth %.2f levels\n", kViews[i].c_str(), kViews[j].c_str(),
                        difference);
            EXPECT_GT(difference, kMinViewDifference) << kViews[i] << " vs " << kViews[j];
        }
    }
}

// --- reading the colour map back ------------------------------------------------

float srgbToLinear(float c) { return c <= 0.04045f ? c / 12.92f : std::pow((c + 0.055f) / 1.055f, 2.4f); }

// Viridis, as sRGB samples at t = 0, 1/8, ..., 1 (the points colormap.glsl is fitted to).
constexpr std::array<std::array<float, 3>, 9> kViridis = {{{0.267f, 0.005f, 0.329f}, {0.283f, 0.141f, 0.458f},
                                                          {0.230f, 0.322f, 0.546f}, {0.173f, 0.449f, 0.558f},
                                                          {0.128f, 0.567f, 0.551f}, {0.135f, 0.659f, 0.518f},
                                                          {0.369f, 0.789f, 0.383f}, {0.678f, 0.864f, 0.190f},
                                                          {0.993f, 0.906f, 0.144f}}};

// Chromaticity (linear RGB over its sum): lighting scales a colour, which leaves it alone.
std::array<float, 3> chromaticity(float r, float g, float b) {
    const float sum = std::max(r + g + b, 1e-6f);
    return {r / sum, g / sum, b / sum};
}

// Where on viridis a lit pixel sits: the t in [0, 1] (steps of 1/64, linear between
// the samples) whose chromaticity is nearest to the pixel's.
float viridisIndex(const unsigned char* rgb) {
    const auto pixel = chromaticity(srgbToLinear(rgb[0] / 255.0f), srgbToLinear(rgb[1] / 255.0f),
                                    srgbToLinear(rgb[2] / 255.0f));
    float best = 0.0f, bestDistance = 1e30f;
    for (int k = 0; k <= 64; ++k) {
        const float t = static_cast<float>(k) / 64.0f;
        const float x = t * 8.0f;
        const int i = std::min(static_cast<int>(x), 7);
        const float f = x - static_cast<float>(i);
        std::array<float, 3> c{};
        for (int ch = 0; ch < 3; ++ch) c[ch] = srgbToLinear((1 - f) * kViridis[i][ch] + f * kViridis[i + 1][ch]);
        const auto map = chromaticity(c[0], c[1], c[2]);
        const float d = (map[0] - pixel[0]) * (map[0] - pixel[0]) + (map[1] - pixel[1]) * (map[1] - pixel[1]) +
                        (map[2] - pixel[2]) * (map[2] - pixel[2]);
        if (d < bestDistance) bestDistance = d, best = t;
    }
    return best;
}

float percentile(std::vector<float> values, float q) {
    if (values.empty()) return -1.0f;
    std::sort(values.begin(), values.end());
    return values[static_cast<std::size_t>(q * static_cast<float>(values.size() - 1))];
}

// The cloth hangs from its two top corners. Near them (the top sixth of the cloth's
// box, its outer fifth on either side) the pins pull hardest, so the force views
// must reach higher on viridis there than anywhere in the lower 60 % of the cloth.
// Each particle's colour fades within a ring of triangles (about 2 pixels here), so
// the bright spot at a pin is a few percent of its region: compared by the 97th
// percentile of the recovered map index of each region, the corners' must be larger
// by kMinCornerLead (a twelfth of the map).
constexpr float kMinCornerLead = 1.0f / 12.0f;

void expectCornersHighest(const std::string& view) {
    const Image& image = views().at(view);
    ASSERT_FALSE(image.empty() || views().at("ggx").empty());
    ASSERT_EQ(image.rgb.size(), views().at("ggx").rgb.size());
    const std::vector<bool> mask = clothMask(views().at("ggx"));
    int left = image.width, right = -1, top = image.height, bottom = -1;
    for (int y = 0; y < image.height; ++y)
        for (int x = 0; x < image.width; ++x)
            if (mask[static_cast<std::size_t>(y) * image.width + x]) {
                left = std::min(left, x), right = std::max(right, x);
                top = std::min(top, y), bottom = std::max(bottom, y);
            }
    ASSERT_GT(right - left, 40) << "no cloth in the ggx picture";
    const int width = right - left, height = bottom - top;
    std::vector<float> corners, lower;
    for (int y = top; y <= bottom; ++y) {
        for (int x = left; x <= right; ++x) {
            const std::size_t p = static_cast<std::size_t>(y) * image.width + x;
            if (!mask[p]) continue;
            const float t = viridisIndex(&image.rgb[3 * p]);
            const bool nearTop = y - top < height / 6;
            const bool outer = x - left < width / 5 || right - x < width / 5;
            if (nearTop && outer) corners.push_back(t);
            else if (y - top > 2 * height / 5) lower.push_back(t);
        }
    }
    const float cornerIndex = percentile(corners, 0.97f), lowerIndex = percentile(lower, 0.97f);
    std::printf("%s: map index near the pins %.3f (%zu px), lower cloth %.3f (%zu px)\n", view.c_str(), cornerIndex,
                corners.size(), lowerIndex, lower.size());
    EXPECT_GT(cornerIndex, lowerIndex + kMinCornerLead) << view;
}

TEST(ShaderViews, BlinnPhongForceIsHighestAtThePinnedCorners) { expectCornersHighest("blinn_phong_force"); }
TEST(ShaderViews, GgxForceIsHighestAtThePinnedCorners) { expectCornersHighest("ggx_force"); }

// --- the force views are legible ----------------------------------------------------

// Grey level of a pixel, 0-255 (Rec. 601 luma of the sRGB values).
double grey(const unsigned char* rgb) { return 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]; }

std::vector<double> clothGreys(const Image& image, const std::vector<bool>& mask) {
    std::vector<double> greys;
    for (std::size_t p = 0; p < mask.size(); ++p)
        if (mask[p]) greys.push_back(grey(&image.rgb[3 * p]));
    std::sort(greys.begin(), greys.end());
    return greys;
}

// The default scene as it is (its breeze too), two seconds in: the cloth has taken its
// load. The ggx view of the same moment gives the cloth's pixels.
constexpr const char* kDefaultScene = " --frames 120 --size 320x200";
const std::map<std::string, Image>& defaultSceneViews() {
    static const std::map<std::string, Image> images = [] {
        std::map<std::string, Image> m;
        for (const char* view : {"ggx", "blinn_phong_force", "ggx_force"}) m[view] = renderView(view, kDefaultScene);
        return m;
    }();
    return images;
}

// Both force views on the default scene, at their default settings: a view that is one
// flat colour with two hot spots at the pins (what the net force showed: a cloth in
// balance feels none) has a narrow spread of grey levels over the cloth; one that shows
// where the cloth is loaded spans the map from the pins down. Each must have an
// inter-quartile range of kMinForceViewSpread grey levels over the cloth's pixels, and
// the two (normalised, logarithmic and lighter; absolute and linear) must differ on average by
// more than kMinForceViewDifference grey levels.
constexpr double kMinForceViewSpread = 40.0;
constexpr double kMinForceViewDifference = 2.0;

TEST(ShaderViews, ForceViewsSpreadOverTheClothAndDifferFromEachOther) {
    const std::vector<bool> mask = clothMask(defaultSceneViews().at("ggx"));
    ASSERT_GT(std::count(mask.begin(), mask.end(), true), 2000);
    std::map<std::string, double> means;
    for (const char* view : {"blinn_phong_force", "ggx_force"}) {
        const Image& image = defaultSceneViews().at(view);
        ASSERT_EQ(image.rgb.size(), defaultSceneViews().at("ggx").rgb.size());
        const std::vector<double> greys = clothGreys(image, mask);
        const double q1 = greys[greys.size() / 4], median = greys[greys.size() / 2], q3 = greys[3 * greys.size() / 4];
        double sum = 0.0;
        for (double g : greys) sum += g;
        means[view] = sum / static_cast<double>(greys.size());
        std::printf("%s: grey levels over the cloth: quartiles %.1f %.1f %.1f (IQR %.1f), mean %.1f\n", view, q1,
                    median, q3, q3 - q1, means[view]);
        EXPECT_GE(q3 - q1, kMinForceViewSpread) << view;
    }
    double difference = 0.0;
    long count = 0;
    for (std::size_t p = 0; p < mask.size(); ++p) {
        if (!mask[p]) continue;
        difference += std::abs(grey(&defaultSceneViews().at("blinn_phong_force").rgb[3 * p]) -
                               grey(&defaultSceneViews().at("ggx_force").rgb[3 * p]));
        ++count;
    }
    difference /= static_cast<double>(count);
    std::printf("blinn_phong_force vs ggx_force: mean grey difference %.2f levels\n", difference);
    EXPECT_GT(difference, kMinForceViewDifference);
    EXPECT_GT(means["blinn_phong_force"], means["ggx_force"]) << "the normalised view is the lighter one (verlet-cloth)";
}

// --- shader files -----------------------------------------------------------------

// Fills the test's own folder with copies of shaders/ and assets/ that it may break.
void copyDataInto(const TempDir& dir) {
    std::filesystem::copy(kSource / "shaders", dir / "shaders", std::filesystem::copy_options::recursive);
    std::filesystem::copy(kSource / "assets", dir / "assets", std::filesystem::copy_options::recursive);
}

void appendTo(const std::filesystem::path& file, const std::string& text) {
    std::ofstream out(file, std::ios::app);
    out << text;
}

TEST(ShaderViews, BrokenShaderStopsTheStartAndNamesTheFile) {
    const TempDir data("shader_views_broken");
    copyDataInto(data);
    appendTo(data / "shaders/strain.frag", "\nthis is not GLSL;\n");
    const ProcessResult r = runProcess("CLOTHSIM_DATA_DIR=" + data.str() + " " + kExe + " --scene " +
                                       (kSource / "scenes/hanging.toml").string() +
                                       " --frames 2 --size 64x64 --screenshot " + (data / "x.png").string() + " 2>&1");
    EXPECT_NE(r.exitCode, 0) << r.out;
    EXPECT_NE(r.out.find((data / "shaders/strain.frag").string() + ": compile error"), std::string::npos) << r.out;
    EXPECT_FALSE(std::filesystem::exists(data / "x.png"));
}

TEST(ShaderViews, MissingFabricTextureDrawsTheClothPlainAndSaysSo) {
    const TempDir data("shader_views_no_fabric");
    copyDataInto(data);
    std::filesystem::remove(data / "assets/fabric.png");
    const ProcessResult r = runProcess("CLOTHSIM_DATA_DIR=" + data.str() + " " + kExe + " --scene " +
                                       (kSource / "scenes/hanging.toml").string() + kRender + " --screenshot " +
                                       (data / "plain.png").string() + " 2>&1");
    EXPECT_EQ(r.exitCode, 0) << r.out;
    EXPECT_NE(r.out.find("fabric.png"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("untextured"), std::string::npos) << r.out;
    // the same picture as with the texture turned off
    const ProcessResult off = runProcess(kExe + " --scene " + (kSource / "scenes/hanging.toml").string() + kRender +
                                         " --set render.texture=false --screenshot " + (data / "off.png").string() +
                                         " 2>&1");
    ASSERT_EQ(off.exitCode, 0) << off.out;
    const Image plain = loadImage(data / "plain.png"), untextured = loadImage(data / "off.png");
    ASSERT_FALSE(plain.empty() || untextured.empty());
    EXPECT_LT(compareImages(plain, untextured, 16).meanAbs, 0.01);
    // ... and the texture does show when it is there
    EXPECT_GT(compareImages(views().at("ggx"), untextured, 16).meanAbs, 0.05);
}

// --- the Renderer in this process ---------------------------------------------------

// A hidden window with a 3.3 core context, as the app makes, for the Renderer tests.
class RendererWindow : public ::testing::Test {
protected:
    static constexpr int kSize = 96;

    void SetUp() override {
        glfwSetErrorCallback([](int code, const char* text) { std::fprintf(stderr, "GLFW error %d: %s\n", code, text); });
        ASSERT_TRUE(glfwInit()) << "no display (run under xvfb-run)";
        m_window = openHiddenGlWindow(kSize, kSize, "shader views test", {.samples = 4});  // 4: as the app asks
        ASSERT_NE(m_window, nullptr);
    }
    void TearDown() override {
        if (m_window) glfwDestroyWindow(m_window);
        glfwTerminate();
    }

    // Draws the world and reads the back buffer.
    static std::vector<unsigned char> drawAndRead(Renderer& renderer, const World& world) {
        renderer.draw(world, kSize, kSize);
        std::vector<unsigned char> pixels(3 * kSize * kSize);
        glPixelStorei(GL_PACK_ALIGNMENT, 1);
        glReadBuffer(GL_BACK);
        glReadPixels(0, 0, kSize, kSize, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
        return pixels;
    }

    GLFWwindow* m_window = nullptr;
};

// The app's window asks for 4x MSAA; under Xvfb (llvmpipe) it gets it, and reading
// the multisampled back buffer, as the screenshot does, resolves it without error.
TEST_F(RendererWindow, WindowIsMultisampledAndReadsBackResolved) {
    GLint samples = 0;
    glGetIntegerv(GL_SAMPLES, &samples);
    EXPECT_EQ(samples, 4);
    Renderer renderer(kSource / "shaders", kSource / "assets/fabric.png");
    ASSERT_EQ(renderer.loadShaders(), "");
    while (glGetError() != GL_NO_ERROR) {}
    const std::vector<unsigned char> pixels = drawAndRead(renderer, makeWorld(defaultSettings(), {}));
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    EXPECT_GT(std::count_if(pixels.begin(), pixels.end(), [](unsigned char c) { return c > 0; }), 0);
}

TEST_F(RendererWindow, FailedReloadKeepsThePreviousProgram) {
    const TempDir data("shader_views_reload");
    copyDataInto(data);
    World world = makeWorld(defaultSettings(), {});
    world.settings.render.shader = ClothShader::GgxForce;
    {
        Renderer renderer(data / "shaders", data / "assets/fabric.png");
        EXPECT_TRUE(renderer.fabricLoaded());
        ASSERT_EQ(renderer.loadShaders(), "");
        const std::vector<unsigned char> before = drawAndRead(renderer, world);
        const long clothPixels = std::count_if(before.begin(), before.end(), [](unsigned char c) { return c > 0; });
        ASSERT_GT(clothPixels, 0);

        // an edit that does not compile: the error names the file, the picture stays
        appendTo(data / "shaders/ggx_force.frag", "\nvoid broken( {\n");
        const std::string error = renderer.loadShaders();
        EXPECT_NE(error.find("ggx_force.frag"), std::string::npos) << error;
        EXPECT_EQ(drawAndRead(renderer, world), before) << "the view changed after a failed reload";

        // the same view drawn by a fresh renderer that never had a working version draws no cloth
        Renderer fresh(data / "shaders", data / "assets/fabric.png");
        EXPECT_NE(fresh.loadShaders(), "");
        EXPECT_NE(drawAndRead(fresh, world), before);
    }
}

} // namespace
} // namespace cs::test
