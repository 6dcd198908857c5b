// Debug views on screen: the real program (under ctest's own Xvfb) renders a scene
// with and without each debug switch; every switch must change the picture by more
// than a stated mean difference, and with every switch on the program must render
// without a single GL error (CLOTHSIM_GL_DEBUG=1 prints them on stderr in release).
#include "../support/image.hpp"
#include "../support/run_process.hpp"
#include "../support/temp_dir.hpp"

#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_STATIC
#include <stb_image.h>

#include <cstdio>
#include <filesystem>
#include <gtest/gtest.h>
#include <string>

namespace cs::test {
namespace {

const std::string kExe = CLOTHSIM_EXE;
const std::filesystem::path kSource = CLOTHSIM_SOURCE_DIR;

// Small pictures: llvmpipe is slow, and each switch needs a picture of its own.
constexpr const char* kSize = "640x400";
// The views are compared over the plain cloth colour (llvmpipe samples the weave slowly).
constexpr const char* kBase = "--set render.texture=false";

struct Rendered {
    Image image;
    std::string output;  // stdout and stderr
};

Rendered render(const std::string& scene, int frames, const std::string& settings, const std::string& name) {
    const TempDir dir("debug_views_" + name);
    const auto png = dir / (name + ".png");
    const ProcessResult r = runProcess("CLOTHSIM_GL_DEBUG=1 " + kExe + " --scene " +
                                       (kSource / "scenes" / scene).string() + " --frames " + std::to_string(frames) +
                                       " --size " + kSize + " " + kBase + " " + settings + " --screenshot " + png.string() + " 2>&1");
    EXPECT_EQ(r.exitCode, 0) << r.out;
    EXPECT_EQ(r.out.find("GL error"), std::string::npos) << name << ":\n" << r.out;
    return {loadImage(png), r.out};
}

struct Case {
    const char* scene;
    int frames;
    const char* settings;  // the switch under test
    double minMeanDifference;  // levels (0-255), mean over every channel of every pixel
};

// Thresholds: about half of what each view measured at 640 x 400 when written
// (printed below); a view that draws nothing measures 0.
class DebugView : public ::testing::TestWithParam<Case> {};

TEST_P(DebugView, ChangesThePicture) {
    const Case& c = GetParam();
    const std::string name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    std::string safeName = name;
    for (char& ch : safeName)
        if (ch == '/') ch = '_';
    const Rendered plain = render(c.scene, c.frames, "", safeName + "_plain");
    const Rendered with = render(c.scene, c.frames, c.settings, safeName + "_with");
    ASSERT_FALSE(plain.image.empty()) << plain.output;
    ASSERT_FALSE(with.image.empty()) << with.output;
    ASSERT_EQ(plain.image.width, with.image.width);
    ASSERT_EQ(plain.image.height, with.image.height);
    const ImageDifference d = compareImages(plain.image, with.image, 24);
    std::printf("%s %s: mean difference %.3f levels, %.2f %% of the pixels changed\n", c.scene, c.settings,
                d.meanAbs, 100.0 * d.changedFraction);
    EXPECT_GT(d.meanAbs, c.minMeanDifference) << c.settings;
}

const Case kCases[] = {
    {"hanging.toml", 20, "--set render.debug_points=true", 3.5},
    {"hanging.toml", 20, "--set render.debug_links=type", 4.5},
    {"hanging.toml", 20, "--set render.debug_links=strain", 5.0},
    {"hanging.toml", 20, "--set render.debug_normals=true", 0.4},
    {"hanging.toml", 20, "--set render.debug_pins=true", 0.025},      // two corners
    {"drape_sphere.toml", 20, "--set render.debug_colliders=true", 0.12},
    {"heap.toml", 90, "--set render.debug_contacts=true", 0.05},      // the strip has begun to fold
};

std::string caseName(const ::testing::TestParamInfo<Case>& info) {
    const char* const names[] = {"points", "links_type", "links_strain", "normals", "pins", "colliders", "contacts"};
    return names[info.index];
}

INSTANTIATE_TEST_SUITE_P(Switches, DebugView, ::testing::ValuesIn(kCases), caseName);

// Strain colours are not the kind colours: the two link views differ from each other too.
TEST(DebugViews, StrainColoursDifferFromKindColours) {
    const Rendered type = render("hanging.toml", 20, "--set render.debug_links=type", "type");
    const Rendered strain = render("hanging.toml", 20, "--set render.debug_links=strain", "strain");
    ASSERT_FALSE(type.image.empty());
    ASSERT_FALSE(strain.image.empty());
    const ImageDifference d = compareImages(type.image, strain.image, 24);
    std::printf("links type vs strain: mean difference %.3f levels\n", d.meanAbs);
    EXPECT_GT(d.meanAbs, 4.0);
}

// Every view at once, the buffer window included (it draws in every frame but the
// last, which keeps the scene only): no GL error, and a picture.
TEST(DebugViews, EverySwitchOnRendersWithoutGlErrors) {
    const Rendered all = render("drape_sphere.toml", 30,
                           "--set render.debug_points=true --set render.debug_links=strain "
                           "--set render.debug_normals=true --set render.debug_colliders=true "
                           "--set render.debug_pins=true --set render.debug_contacts=true "
                           "--set render.debug_buffers=true --set render.tool_markers=false",
                           "all");
    ASSERT_FALSE(all.image.empty()) << all.output;
    EXPECT_EQ(all.image.width, 640);
    EXPECT_EQ(all.image.height, 400);
}

} // namespace
} // namespace cs::test
