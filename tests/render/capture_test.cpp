// Recording frames: the real program (ctest runs this under its own Xvfb) writes
// every frame of a --frames run as a numbered PNG of the window's size, the
// cloth moves between them, and with an ffmpeg on PATH the same frames go down
// its pipe as raw RGB (a stand-in ffmpeg stores what it receives).
#include "../support/run_process.hpp"
#include "../support/temp_dir.hpp"

#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_STATIC
#include <stb_image.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace cs::test {
namespace {

const std::string kExe = CLOTHSIM_EXE;
const std::filesystem::path kSource = CLOTHSIM_SOURCE_DIR;
constexpr int kWidth = 320, kHeight = 200;  // small: llvmpipe draws it quickly

struct Image {
    int width = 0, height = 0;
    std::vector<unsigned char> rgb;
};

Image load(const std::filesystem::path& png) {
    Image image;
    int channels = 0;
    unsigned char* data = stbi_load(png.c_str(), &image.width, &image.height, &channels, 3);
    if (!data) return image;
    image.rgb.assign(data, data + static_cast<std::size_t>(image.width) * image.height * 3);
    stbi_image_free(data);
    return image;
}

std::vector<std::string> fileNames(const std::filesystem::path& dir) {
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) names.push_back(entry.path().filename());
    std::sort(names.begin(), names.end());
    return names;
}

ProcessResult record(const std::filesystem::path& dir, int frames, const std::string& environment = "") {
    return runProcess(environment + kExe + " --scene " + (kSource / "scenes/hanging.toml").string() + " --frames " +
                      std::to_string(frames) + " --size " + std::to_string(kWidth) + "x" + std::to_string(kHeight) +
                      " --record " + dir.string() + " 2>&1");
}

TEST(Capture, RecordWritesEveryFrameAsANumberedPngOfTheWindow) {
    const TempDir tmp("capture_record");
    const auto dir = tmp / "frames";  // not there yet: --record makes it
    const ProcessResult r = record(dir, 5, "PATH=/usr/bin:/bin ");  // no ffmpeg there on this machine
    ASSERT_EQ(r.exitCode, 0) << r.out;
    const std::vector<std::string> expected = {"frame_00001.png", "frame_00002.png", "frame_00003.png",
                                               "frame_00004.png", "frame_00005.png"};
    ASSERT_EQ(fileNames(dir), expected) << r.out;
    std::vector<Image> images;
    for (const std::string& name : expected) {
        images.push_back(load(dir / name));
        EXPECT_EQ(images.back().width, kWidth) << name;
        EXPECT_EQ(images.back().height, kHeight) << name;
    }
    // one physics step per frame: the cloth swings, so every frame differs from the one before
    for (std::size_t i = 1; i < images.size(); ++i) {
        long changed = 0;
        for (std::size_t k = 0; k < images[i].rgb.size(); ++k) changed += images[i].rgb[k] != images[i - 1].rgb[k];
        EXPECT_GT(changed, 50) << "frames " << i << " and " << i + 1 << " are the same picture";
    }
    if (!std::filesystem::exists("/usr/bin/ffmpeg")) {
        EXPECT_NE(r.out.find("no ffmpeg: PNG sequence only"), std::string::npos) << r.out;
    }
}

TEST(Capture, WithFfmpegOnPathTheSameFramesArePipedAsRawVideo) {
    // a stand-in ffmpeg: keeps its arguments and the bytes it is sent in the output file
    const TempDir tmp("capture_video");
    const auto bin = tmp / "bin";
    std::filesystem::create_directories(bin);
    {
        std::ofstream script(bin / "ffmpeg");
        script << "#!/bin/sh\nfor last; do :; done\necho \"$@\" > \"$last.args\"\ncat > \"$last\"\n";
    }
    std::filesystem::permissions(bin / "ffmpeg", std::filesystem::perms::owner_all);
    const auto dir = tmp / "video";  // not there yet: --record makes it
    const ProcessResult r = record(dir, 3, "PATH=" + bin.string() + ":/usr/bin:/bin ");
    ASSERT_EQ(r.exitCode, 0) << r.out;
    EXPECT_EQ(std::filesystem::file_size(dir / "recording.mp4"), 3u * kWidth * kHeight * 3) << r.out;
    std::ifstream argsFile(dir / "recording.mp4.args");
    std::string args((std::istreambuf_iterator<char>(argsFile)), std::istreambuf_iterator<char>());
    EXPECT_NE(args.find("-f rawvideo -pix_fmt rgb24 -s 320x200 -r 60 -i -"), std::string::npos) << args;
    EXPECT_NE(args.find("vflip"), std::string::npos) << args;
    // the raw frames are the PNGs' pixels, bottom row first
    const Image last = load(dir / "frame_00003.png");
    ASSERT_EQ(last.width, kWidth);
    std::ifstream video(dir / "recording.mp4", std::ios::binary);
    std::vector<unsigned char> raw(std::istreambuf_iterator<char>(video), {});
    const std::size_t frameBytes = static_cast<std::size_t>(kWidth) * kHeight * 3, rowBytes = kWidth * 3;
    ASSERT_EQ(raw.size(), 3 * frameBytes);
    const unsigned char* bottomRow = raw.data() + 2 * frameBytes;  // the third frame's first row
    EXPECT_TRUE(std::equal(bottomRow, bottomRow + rowBytes, last.rgb.end() - static_cast<long>(rowBytes)));
}

TEST(Capture, RecordNeedsFramesAndAWindow) {
    const TempDir tmp("capture_never");
    const std::string never = tmp.str("never");  // refused before anything is written
    const ProcessResult noFrames = runProcess(kExe + " --record " + never + " 2>&1");
    EXPECT_EQ(noFrames.exitCode, 2);
    EXPECT_NE(noFrames.out.find("--record requires --frames"), std::string::npos) << noFrames.out;
    // the window's options are refused with --headless (CLI11's wording: "--frames excludes --headless")
    const ProcessResult headless = runProcess(kExe + " --headless --frames 2 --record " + never + " 2>&1");
    EXPECT_EQ(headless.exitCode, 2);
    EXPECT_NE(headless.out.find("excludes --headless"), std::string::npos) << headless.out;
    EXPECT_FALSE(std::filesystem::exists(never));
}

} // namespace
} // namespace cs::test
