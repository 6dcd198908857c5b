// Display tests: the real program opens a window (ctest runs this under its own
// Xvfb server), renders each shipped scene and saves a screenshot; the picture
// must show the cloth, the ground and, where the scene has one, the sphere.
#include "../support/run_process.hpp"
#include "../support/temp_dir.hpp"

#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_STATIC
#include <stb_image.h>

#include <cstdio>
#include <filesystem>
#include <gtest/gtest.h>

namespace cs::test {
namespace {

const std::string kExe = CLOTHSIM_EXE;
const std::filesystem::path kSource = CLOTHSIM_SOURCE_DIR;

struct PixelCounts {
    int width = 0, height = 0;
    long cloth = 0;   // the cloth's red front or orange back, lit or in shade
    long ground = 0;  // neutral grey in the bottom quarter, where no sky can be
    long sphere = 0;  // the collider's blue
};

// Classifies by hue, so light and shade do not matter; thresholds chosen with
// margin from the colours in the parameter table and the renderer.
PixelCounts countPixels(const std::filesystem::path& png) {
    PixelCounts c;
    int channels = 0;
    unsigned char* data = stbi_load(png.c_str(), &c.width, &c.height, &channels, 3);
    if (!data) return c;
    for (long i = 0; i < static_cast<long>(c.width) * c.height; ++i) {
        const int r = data[3 * i], g = data[3 * i + 1], b = data[3 * i + 2];
        const int hi = std::max({r, g, b}), lo = std::min({r, g, b});
        if (r > 40 && r >= hi && r > 3 * b / 2 + 10 && r > g + 20) ++c.cloth;
        else if (hi - lo < 10 && hi > 95 && i / c.width >= 3 * c.height / 4) ++c.ground;
        else if (b > r + 25 && b >= g && b > 40) ++c.sphere;
    }
    stbi_image_free(data);
    return c;
}

PixelCounts screenshot(const std::string& scene, const std::string& name) {
    const TempDir dir("display_" + name);
    const auto png = dir / (name + ".png");
    const ProcessResult r = runProcess(kExe + " --scene " + (kSource / "scenes" / scene).string() +
                                       " --frames 90 --screenshot " + png.string() + " 2>&1");
    EXPECT_EQ(r.exitCode, 0) << r.out;
    EXPECT_TRUE(std::filesystem::exists(png)) << r.out;
    const PixelCounts counts = countPixels(png);
    std::printf("%s: cloth %ld, ground %ld, sphere %ld pixels of %d x %d\n", scene.c_str(), counts.cloth, counts.ground,
                counts.sphere, counts.width, counts.height);
    return counts;
}

// At 1280 x 800, 1 % of the picture is 10 240 pixels.
constexpr double kPercent = 1280.0 * 800.0 / 100.0;

TEST(Display, HangingClothShowsClothAndGround) {
    const PixelCounts c = screenshot("hanging.toml", "hanging");
    ASSERT_EQ(c.width, 1280);
    ASSERT_EQ(c.height, 800);
    EXPECT_GT(c.cloth, 3 * kPercent) << "cloth pixels";
    EXPECT_GT(c.ground, 10 * kPercent) << "ground pixels";
}

TEST(Display, DrapeShowsClothGroundAndSphere) {
    const PixelCounts c = screenshot("drape_sphere.toml", "drape");
    EXPECT_GT(c.cloth, 3 * kPercent) << "cloth pixels";
    EXPECT_GT(c.ground, 10 * kPercent) << "ground pixels";
    EXPECT_GT(c.sphere, 0.3 * kPercent) << "sphere pixels below the cloth";
}

TEST(Display, BadSceneFailsWithItsLocation) {
    const std::string bad = (kSource / "tests/scene/malformed/unknown_key.toml").string();
    const TempDir dir("display_bad_scene");
    const auto never = dir / "never.png";  // the scene fails before any frame
    const ProcessResult r = runProcess(kExe + " --scene " + bad + " --frames 2 --screenshot " + never.string() + " 2>&1");
    EXPECT_NE(r.exitCode, 0);
    EXPECT_FALSE(std::filesystem::exists(never));
    EXPECT_NE(r.out.find(bad + ":3: unknown key 'cloth.resoluton'"), std::string::npos) << r.out;
}

} // namespace
} // namespace cs::test
