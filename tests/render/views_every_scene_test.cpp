// Every cloth view compiles and renders every scene: each scene in scenes/ is
// drawn at 160 x 100 after a few frames with each of the five views, under
// CLOTHSIM_GL_DEBUG=1 so that any OpenGL error is printed. Each view must give
// a picture, report no GL error, and colour the cloth differently from ggx:
// the mean difference over the whole picture must exceed kMinMeanLevels. The
// cloth covers from under one to a few tens of percent of these pictures (the
// drape is seen edge-on while it falls), and a different colour map on it moved
// the mean by 0.27 (drape_sphere, strain) to about 50 levels when measured; the
// same picture rendered twice differs by exactly 0 (llvmpipe is deterministic).
#include "../support/image.hpp"
#include "../support/run_process.hpp"
#include "../support/temp_dir.hpp"

#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_STATIC
#include <stb_image.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <gtest/gtest.h>
#include <ostream>
#include <string>
#include <vector>

namespace cs::test {
namespace {

const std::string kExe = CLOTHSIM_EXE;
const std::filesystem::path kSource = CLOTHSIM_SOURCE_DIR;

constexpr std::array kViews = {"ggx", "blinn_phong_force", "ggx_force", "strain", "normals"};
constexpr double kMinMeanLevels = 0.1;

std::vector<std::string> sceneFiles() {
    std::vector<std::string> scenes;
    for (const auto& entry : std::filesystem::directory_iterator(kSource / "scenes"))
        if (entry.path().extension() == ".toml") scenes.push_back(entry.path().filename().string());
    std::sort(scenes.begin(), scenes.end());
    return scenes;
}

Image render(const std::string& scene, const std::string& view) {
    const TempDir dir("views_" + std::filesystem::path(scene).stem().string() + "_" + view);
    const auto png = dir / (view + ".png");
    const ProcessResult r = runProcess("CLOTHSIM_GL_DEBUG=1 " + kExe + " --scene " + (kSource / "scenes" / scene).string() +
                                       " --frames 3 --size 160x100 --set render.shader=" + view + " --screenshot " +
                                       png.string() + " 2>&1");
    EXPECT_EQ(r.exitCode, 0) << view << ": " << r.out;
    EXPECT_EQ(r.out.find("GL error"), std::string::npos) << view << ": " << r.out;
    Image image = loadImage(png);
    EXPECT_FALSE(image.empty()) << view << ": no picture: " << r.out;
    return image;
}

class ViewsEveryScene : public ::testing::TestWithParam<std::string> {};

TEST_P(ViewsEveryScene, EachViewRendersAndColoursTheCloth) {
    const Image ggx = render(GetParam(), kViews[0]);
    ASSERT_FALSE(ggx.empty());
    for (std::size_t v = 1; v < kViews.size(); ++v) {
        const Image picture = render(GetParam(), kViews[v]);
        ASSERT_FALSE(picture.empty()) << kViews[v];
        const ImageDifference d = compareImages(picture, ggx, 16);
        std::printf("%s: %s differs from ggx by %.2f levels\n", GetParam().c_str(), kViews[v], d.meanAbs);
        EXPECT_GT(d.meanAbs, kMinMeanLevels) << kViews[v] << " looks like ggx";
    }
}

std::string caseName(const ::testing::TestParamInfo<std::string>& info) {
    std::string name = std::filesystem::path(info.param).stem().string();
    for (char& ch : name)
        if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
    return name;
}

INSTANTIATE_TEST_SUITE_P(Scenes, ViewsEveryScene, ::testing::ValuesIn(sceneFiles()), caseName);

} // namespace
} // namespace cs::test
